/* trace_prog: the register-programming checker (sim/nvdla/model/nvdla_prog_check.h)
 * over a trace before it runs, so that it also warns a user driving real
 * RTL: every layer as it is enabled, and the CBUF flush wait from the
 * trace's polls of CDMA S_CBUF_FLUSH_STATUS. */
#ifndef TRACE_PROG_H
#define TRACE_PROG_H

#include "nvdla_prog_check.h"
#include "trace_parse.h"

struct trace_prog_violation {
    struct nvdla_prog_violation v;
    unsigned line;           /* the .cfg line that enabled the layer */
};

/* Returns the number of violations (writes up to max into out). */
int trace_prog_check(const struct trace *t, const struct nvdla_config *c, struct trace_prog_violation *out,
                     int max);

#endif
