/* dut_clocked: see dut_clocked.h. One wrapper for every DUT family: it
 * forwards to the inner DUT and adds the two clock waits. */
#include <stdlib.h>
#include "dut_clocked.h"

struct clocked {
    struct dut d;              /* first: the kernel sees this one */
    struct dut *inner;
    struct dut_clock clk;
};

static struct dut *inner_of(struct dut *d) { return ((struct clocked *)d->impl)->inner; }

static void c_eval(struct dut *d, void *p)
{
    struct clocked *c = d->impl;
    c->inner->eval(c->inner, p);
    c->clk.wait_negedge();
}

static void c_posedge(struct dut *d, void *p)
{
    struct clocked *c = d->impl;
    c->clk.wait_posedge();
    c->inner->posedge(c->inner, p);
}

static int c_waves_open(struct dut *d, const struct dut_waves_cfg *cfg, char *err, unsigned len)
{
    return inner_of(d)->waves_open(inner_of(d), cfg, err, len);
}

static void c_waves_dump(struct dut *d, const void *p, uint64_t cycle)
{
    inner_of(d)->waves_dump(inner_of(d), p, cycle);
}

static int c_waves_close(struct dut *d) { return inner_of(d)->waves_close(inner_of(d)); }

static void c_describe(struct dut *d, char *buf, unsigned len)
{
    inner_of(d)->describe(inner_of(d), buf, len);
}

/* busy and stopped read the inner DUT's own state: forwarded, never copied */
static int c_busy(struct dut *d) { return inner_of(d)->busy(inner_of(d)); }

static const char *c_stopped(struct dut *d) { return inner_of(d)->stopped(inner_of(d)); }

static void c_destroy(struct dut *d)
{
    if (!d)
        return;
    struct clocked *c = d->impl;
    c->inner->destroy(c->inner);
    free(c);
}

struct dut *dut_clocked_wrap(struct dut *inner, const struct dut_clock *clk)
{
    struct clocked *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->d = *inner;             /* kind, top, widths as the inner DUT says */
    c->inner = inner;
    c->clk = *clk;
    c->d.eval = c_eval;
    c->d.posedge = c_posedge;
    c->d.waves_open = c_waves_open;
    c->d.waves_dump = c_waves_dump;
    c->d.waves_close = c_waves_close;
    c->d.describe = inner->describe ? c_describe : NULL;
    c->d.busy = inner->busy ? c_busy : NULL;
    c->d.stopped = inner->stopped ? c_stopped : NULL;
    c->d.destroy = c_destroy;
    c->d.impl = c;
    return &c->d;
}
