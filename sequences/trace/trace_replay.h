/* trace_replay: a trace's register writes replayed on a shadow register
 * file before it runs (no DUT, no engines), for the analyses that look at
 * each layer as it is enabled: the units it needs (trace_needs) and the
 * programming rules it breaks (trace_prog). */
#ifndef TRACE_REPLAY_H
#define TRACE_REPLAY_H

#include "trace_parse.h"
#include "nvdla_regfile.h"

/* Called for every directive, after a reg_write took effect. For the write
 * that enables a layer (OP_EN = 1 of a unit, or a BDMA launch), enabled is
 * that unit and every unit's consumer group in shadow is its producer
 * group, so nvdla_regfile_cfg() reads the values the layer runs with; else
 * enabled is -1. */
typedef void (*trace_replay_fn)(void *ctx, const struct nvdla_regfile *shadow, const struct trace_dir *d,
                                int enabled);

/* hw: the configuration the layers decode with (memory atom, atomic C/K);
 * NULL is the default configuration. */
void trace_replay(const struct trace *t, const struct nvdla_config *hw, trace_replay_fn fn, void *ctx);

#endif
