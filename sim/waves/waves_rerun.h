/* waves_rerun: WAVES_ON_FAIL. A run dumps nothing while it passes; when it
 * fails at cycle F it is run once more, the same program with the same
 * seed and knobs (every run is deterministic), dumping cycles
 * F - WAVES_ON_FAIL .. F into its folder's waves.vcd. */
#ifndef WAVES_RERUN_H
#define WAVES_RERUN_H

#include <stdint.h>
#include "sim_knobs.h"

/* Reruns the current command line (sim_harness_args) with the waves window;
 * its output goes to <out_dir>/waves-rerun.log. The rerun must fail with
 * the same first_failure text (NULL or "": not compared). Prints
 * "waves: ..." and returns 0, or prints why not and returns -1. */
int sim_waves_rerun(const struct sim_knobs *k, uint64_t fail_cycle, const char *first_failure);

#endif
