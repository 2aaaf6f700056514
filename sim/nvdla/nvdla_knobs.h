/* nvdla_knobs: what NVDLA adds to the family-neutral knobs (sim_knobs.h):
 * NVDLA_CONFIG names one of its hardware configurations
 * (scripts/gen/regdefs/nvdla_configs.csv), and a trace run not given one
 * takes it from the trace's folder name. nvdla_family points to it. */
#ifndef NVDLA_KNOBS_H
#define NVDLA_KNOBS_H

#include "sim_knobs.h"

extern const struct sim_knobs_family nvdla_knobs;

/* A trace run's configuration when NVDLA_CONFIG is not given: the trace
 * folder's name, or the name of the folder holding it (the TRACES folder of
 * make conformance), when it names a known configuration, e.g.
 * .../nv_large/dc_x/ -> nv_large. An explicit NVDLA_CONFIG wins; a folder
 * naming another one is noted for a warning (k->config_conflict). A no-op
 * without a trace. nvdla_knobs.adjust. */
void nvdla_knobs_config_from_trace(struct sim_knobs *k);

#endif
