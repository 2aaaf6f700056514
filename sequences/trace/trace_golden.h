/* trace_golden: run a parsed NVDLA trace on the reference executor alone
 * (golden models, no DUT, no bus): memory loads and register writes in
 * trace order, the enabled layers at each intr_notify, every check_crc on
 * the reference image. It tells whether the golden models reproduce the
 * trace's CRCs, independently of any DUT. */
#ifndef TRACE_GOLDEN_H
#define TRACE_GOLDEN_H

#include <stdio.h>
#include "nvdla_config.h"
#include "trace_parse.h"

/* Returns the number of failed checks (0 = all CRCs match), or -1 when out
 * of memory. One line per check goes to log (may be NULL). */
int trace_golden_run(const struct trace *t, FILE *log);
/* The same on configuration hw (NULL: nv_small): its layouts, and sec_mem
 * directives on the reference's SRAMIF image. */
int trace_golden_run_config(const struct trace *t, const struct nvdla_config *hw, FILE *log);

struct nvdla_ref;
/* One memory or register directive (mem_init, mem_load, reg_write) applied
 * to ref, on the memory it names: 1 when d was one of those, 0 otherwise
 * (the caller runs layers and checks as it needs). */
int trace_golden_apply(struct nvdla_ref *ref, const struct trace_dir *d);

#endif
