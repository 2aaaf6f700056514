/* dut_clocked: see dut_clocked.h. One wrapper per DUT family; each forwards
 * to the inner DUT and adds the two clock waits. */
#include <stdlib.h>
#include "dut_clocked.h"

/* ---- NVDLA ---- */
struct clocked {
    struct dut d;              /* first: the kernel sees this one */
    struct dut *inner;
    struct dut_clock clk;
};

static struct dut *inner_of(struct dut *d) { return ((struct clocked *)d->impl)->inner; }

static void c_eval(struct dut *d, struct nvdla_pins *p)
{
    struct clocked *c = d->impl;
    c->inner->eval(c->inner, p);
    c->clk.wait_negedge();
}

static void c_posedge(struct dut *d, struct nvdla_pins *p)
{
    struct clocked *c = d->impl;
    c->clk.wait_posedge();
    c->inner->posedge(c->inner, p);
}

static int c_waves_open(struct dut *d, const struct dut_waves_cfg *cfg, char *err, unsigned len)
{
    return inner_of(d)->waves_open(inner_of(d), cfg, err, len);
}

static void c_waves_dump(struct dut *d, const struct nvdla_pins *p, uint64_t cycle)
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

/* ---- Ethos-U65 ---- */
struct eclocked {
    struct ethosu_dut d;
    struct ethosu_dut *inner;
    struct dut_clock clk;
};

static struct ethosu_dut *einner_of(struct ethosu_dut *d) { return ((struct eclocked *)d->impl)->inner; }

static void e_eval(struct ethosu_dut *d, struct ethosu_pins *p)
{
    struct eclocked *c = d->impl;
    c->inner->eval(c->inner, p);
    c->clk.wait_negedge();
}

static void e_posedge(struct ethosu_dut *d, struct ethosu_pins *p)
{
    struct eclocked *c = d->impl;
    c->clk.wait_posedge();
    c->inner->posedge(c->inner, p);
}

static int e_waves_open(struct ethosu_dut *d, const struct dut_waves_cfg *cfg, char *err, unsigned len)
{
    return einner_of(d)->waves_open(einner_of(d), cfg, err, len);
}

static void e_waves_dump(struct ethosu_dut *d, const struct ethosu_pins *p, uint64_t cycle)
{
    einner_of(d)->waves_dump(einner_of(d), p, cycle);
}

static int e_waves_close(struct ethosu_dut *d) { return einner_of(d)->waves_close(einner_of(d)); }

static void e_describe(struct ethosu_dut *d, char *buf, unsigned len)
{
    einner_of(d)->describe(einner_of(d), buf, len);
}

static int e_busy(struct ethosu_dut *d) { return einner_of(d)->busy(einner_of(d)); }

static const char *e_stopped(struct ethosu_dut *d) { return einner_of(d)->stopped(einner_of(d)); }

static void e_destroy(struct ethosu_dut *d)
{
    if (!d)
        return;
    struct eclocked *c = d->impl;
    c->inner->destroy(c->inner);
    free(c);
}

struct ethosu_dut *ethosu_dut_clocked_wrap(struct ethosu_dut *inner, const struct dut_clock *clk)
{
    struct eclocked *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->d = *inner;
    c->inner = inner;
    c->clk = *clk;
    c->d.eval = e_eval;
    c->d.posedge = e_posedge;
    c->d.waves_open = e_waves_open;
    c->d.waves_dump = e_waves_dump;
    c->d.waves_close = e_waves_close;
    c->d.describe = inner->describe ? e_describe : NULL;
    c->d.busy = inner->busy ? e_busy : NULL;
    c->d.stopped = inner->stopped ? e_stopped : NULL;
    c->d.destroy = e_destroy;
    c->d.impl = c;
    return &c->d;
}
