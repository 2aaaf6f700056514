/* trace_prog: see trace_prog.h. */
#include <string.h>
#include "trace_prog.h"
#include "trace_replay.h"

struct scan {
    struct nvdla_prog_ctx pc;
    struct trace_prog_violation *out;
    int max, n;
};

static void on_dir(void *ctx, const struct nvdla_regfile *shadow, const struct trace_dir *d, int enabled)
{
    struct scan *s = ctx;
    /* FLUSH_DONE polled to 1: what firmware does before the first convolution */
    if (d->op == TRACE_POLL_REG && d->reg == &nvdla_regs[NVDLA_CDMA_S_CBUF_FLUSH_STATUS_IDX] &&
        (d->value & NVDLA_CDMA_S_CBUF_FLUSH_STATUS_FLUSH_DONE_MASK))
        s->pc.cbuf_flushed = 1;
    if (enabled < 0)
        return;
    struct nvdla_prog_violation v[8];
    int n = nvdla_prog_check(shadow, (enum nvdla_unit)enabled, &s->pc, v, 8);
    for (int i = 0; i < n && i < 8; i++, s->n++)
        if (s->n < s->max) {
            s->out[s->n].v = v[i];
            s->out[s->n].line = d->line;
        }
}

int trace_prog_check(const struct trace *t, const struct nvdla_config *c, struct trace_prog_violation *out, int max)
{
    struct scan s = { .pc = { .cfg = c }, .out = out, .max = max };
    trace_replay(t, c, on_dir, &s);
    return s.n;
}
