/* trace_needs: the hardware a trace needs, found before it runs: the
 * optional features (sim/regs/generated/nvdla_config.h) of every layer it enables and the
 * SRAMIF memory it names. A trace that needs what the configuration leaves
 * out (SDP EW on nv_small, say) is skipped with that reason instead of
 * failing as if the DUT were wrong. */
#ifndef TRACE_NEEDS_H
#define TRACE_NEEDS_H

#include <stddef.h>
#include <stdint.h>
#include "nvdla_config.h"
#include "trace_parse.h"

struct trace_needs {
    uint32_t features;                  /* bit 1u << NVDLA_FEAT_x: used */
    unsigned line[NVDLA_FEAT_COUNT];    /* the first .cfg line that needs it */
};

/* Replays the trace's register writes (ping-pong groups by S_POINTER) and
 * collects what each layer uses when its OP_EN (or a BDMA launch) is written. */
void trace_needs_scan(const struct trace *t, struct trace_needs *n);

/* 1 with why = "needs SDP EW and SDP LUT (line 57), which nv_small leaves
 * out" when c lacks something the trace needs; else 0. */
int trace_needs_absent(const struct trace *t, const struct trace_needs *n, const struct nvdla_config *c,
                       char *why, size_t len);

enum trace_needs_verdict {
    TRACE_NEEDS_MET,          /* the configuration has everything: run */
    TRACE_NEEDS_SKIP,         /* it lacks something: skip, why says what */
    TRACE_NEEDS_RUN_ANYWAY,   /* it lacks something, the user asked to run it: why says what */
};
/* The decision both harnesses take before a trace runs (scan + absent). */
enum trace_needs_verdict trace_needs_decide(const struct trace *t, const struct nvdla_config *c, int run_absent,
                                            char *why, size_t len);

#endif
