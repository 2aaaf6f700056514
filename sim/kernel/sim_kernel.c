/* sim_kernel: see sim_kernel.h. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_kernel.h"

uint8_t *sim_pin(struct sim *s, size_t off)
{
    return (uint8_t *)s->pins + off;
}

static struct axi_pins *port_pins(struct sim *s, unsigned i)
{
    return (struct axi_pins *)((char *)s->pins + s->family->axi[i].pins);
}

static void waves_dump(struct sim *s)
{
    uint64_t c = s->env.cycle;
    if (s->waves_on && c >= s->knobs.waves_from && c <= s->knobs.waves_to)
        s->dut->waves_dump(s->dut, s->pins, c);
}

static void report_outstanding(void *kernel, const char *why)
{
    sim_report_outstanding(kernel, why);
}

static int one_cycle(struct sim *s)
{
    const struct sim_family *f = s->family;
    sim_reg_bus_drive(&s->reg);
    for (unsigned i = 0; i < f->n_axi; i++)
        if (s->axi[i].bfm)
            axi_mem_drive(s->axi[i].bfm);
    s->dut->eval(s->dut, s->pins);
    if (s->fault)
        fault_inject_apply(s->fault, f, s->pins);   /* also in reset: a fault may act there */
    if (*sim_pin(s, f->reset_pin)) {
        if (s->first_reg == UINT64_MAX && sim_reg_bus_accepted(&s->reg))
            s->first_reg = s->env.cycle;
        sim_reg_bus_sample(&s->reg);
        if (f->sample)
            f->sample(s);
        for (unsigned i = 0; i < f->n_axi; i++)
            if (s->axi[i].bfm) {
                axi_checker_sample(s->axi[i].chk);
                axi_mem_sample(s->axi[i].bfm);
            }
    } else {
        /* in reset every valid must be low, on both sides */
        sim_reg_bus_sample_reset(&s->reg);
        for (unsigned i = 0; i < f->n_axi; i++)
            if (s->axi[i].bfm)
                axi_checker_sample_reset(s->axi[i].chk);
    }
    waves_dump(s);
    s->dut->posedge(s->dut, s->pins);
    s->env.cycle++;
    return dut_cycle_end(&s->env, s->dut->stopped ? s->dut->stopped(s->dut) : NULL, s->knobs.max_cycles,
                         &s->watchdog_fired, report_outstanding, s);
}

static int sim_step(struct bfm_env *env)
{
    struct sim *s = env->kernel;
    if (env->failed)
        return 1;
    return one_cycle(s);
}

void sim_report_outstanding(struct sim *s, const char *why)
{
    const struct sim_family *f = s->family;
    char buf[1024];
    fprintf(stderr, "---- %s at cycle %" PRIu64 ": outstanding on every interface ----\n", why,
            s->env.cycle);
    sim_reg_bus_report(&s->reg);
    for (unsigned i = 0; i < f->n_axi; i++) {
        if (!s->axi[i].bfm)
            continue;
        axi_mem_outstanding(s->axi[i].bfm, buf, sizeof buf);
        fprintf(stderr, "  %s memory: %s\n", f->axi[i].name, buf);
        axi_checker_outstanding(s->axi[i].chk, buf, sizeof buf);
        fprintf(stderr, "  %s checker: %s\n", f->axi[i].name, buf);
    }
    fprintf(stderr, "  %s: %u\n", f->irq_name, *sim_pin(s, f->irq_pin));
    if (s->dut->describe) {
        s->dut->describe(s->dut, buf, sizeof buf);
        fprintf(stderr, "  dut: %s\n", buf);
    }
}

void sim_axi_mem_knobs(const struct sim_knobs *k, unsigned data_bytes, unsigned addr_bits, uint64_t seed,
                       struct axi_mem_knobs *m)
{
    axi_mem_knobs_default(m);
    m->data_bytes = data_bytes;
    m->addr_bits = addr_bits;
    m->rd_latency_min = k->rd_lat_min;
    m->rd_latency_max = k->rd_lat_max;
    m->wr_latency = k->wr_lat;
    m->stall_pct = k->axi_stall;
    m->max_outstanding_rd = m->max_outstanding_wr = k->axi_outstanding;
    m->reorder_rd = k->axi_reorder;
    m->seed = seed;
}

void sim_axi_checker_knobs(const struct sim_knobs *k, unsigned data_bytes, unsigned addr_bits,
                           struct axi_checker_knobs *c)
{
    axi_checker_knobs_default(c);
    c->data_bytes = data_bytes;
    c->addr_bits = addr_bits;
    c->mode = AXI_PORT_RW;
    c->require_aligned = 1;                  /* every DUT family issues aligned bursts */
    c->require_in_order = !k->axi_reorder;
    c->max_wait = k->axi_max_wait;
}

int sim_init(struct sim *s, const struct sim_knobs *k, const struct sim_family *fam, struct dut *dut, char *errbuf,
             unsigned errlen)
{
    memset(s, 0, sizeof *s);
    s->knobs = *k;
    s->family = fam;
    s->dut = dut;
    s->env.step = sim_step;
    s->env.kernel = s;
    s->env.verbose = k->verbose;
    s->first_reg = UINT64_MAX;
    s->pins = calloc(1, fam->pins_size);
    if (!s->pins) {
        snprintf(errbuf, errlen, "out of memory");
        return -1;
    }
    if (k->inject && !fam->faults) {
        snprintf(errbuf, errlen, "INJECT=%s: the %s family has no faults to inject", k->inject, fam->name);
        return -1;
    }
    if (k->inject) {
        s->fault = fault_inject_create(fam->faults, k->inject, k->axi_max_wait, k->reg_max_wait, errbuf, errlen);
        if (!s->fault)
            return -1;
    }
    if (fam->init && fam->init(s, errbuf, errlen))
        return -1;
    if (sim_reg_bus_init(&s->reg, fam->reg_bus, fam->reg_name, (char *)s->pins + fam->reg_pins, k,
                         k->seed ^ fam->reg_seed, fam->reg_describe, &s->env)) {
        snprintf(errbuf, errlen, "could not create the %s BFMs (bad knobs?)", fam->reg_bus == SIM_REG_CSB ? "CSB" : "APB");
        return -1;
    }
    /* what the memories may allocate: the trace footprint limit and some
     * slack for page rounding (a write beyond fails the run, never the host) */
    uint64_t lim = k->mem_limit ? k->mem_limit : SIM_DEFAULT_MEM_LIMIT;
    size_t mem_cap = (size_t)(lim + lim / 16);
    for (unsigned i = 0; i < fam->n_axi; i++) {
        const struct sim_axi_port *p = &fam->axi[i];
        if (p->secondary && !dut->has_sramif)
            continue;
        /* a secondary port: its own memory, width and random stream, the same address width */
        unsigned bytes = p->secondary && dut->sram_data_bytes ? dut->sram_data_bytes : dut->data_bytes;
        struct axi_mem_knobs mk;
        struct axi_checker_knobs xk;
        sim_axi_mem_knobs(k, bytes, dut->addr_bits, k->seed ^ p->seed, &mk);
        sim_axi_checker_knobs(k, bytes, dut->addr_bits, &xk);
        struct sim_axi *a = &s->axi[i];
        a->mem = sparse_mem_create();
        if (a->mem && fam->mem_limit)
            sparse_mem_set_limit(a->mem, mem_cap);
        a->bfm = axi_mem_create(p->name, &mk, port_pins(s, i), a->mem, &s->env);
        a->chk = axi_checker_create(p->name, &xk, port_pins(s, i), &s->env);
        a->written = write_map_create();
        if (a->bfm && a->written)
            axi_mem_set_write_map(a->bfm, a->written);
        if (!a->mem || !a->bfm || !a->chk || !a->written) {
            snprintf(errbuf, errlen, "could not create the AXI BFMs of %s (bad knobs?)", p->name);
            return -1;
        }
    }
    if (k->waves) {
        struct dut_waves_cfg wc = { k->waves, k->waves_gz, k->waves_fst, k->clock_ps };
        if (dut->waves_open(dut, &wc, errbuf, errlen))
            return -1;
        s->waves_on = 1;
    }
    return 0;
}

int sim_reset(struct sim *s)
{
    uint8_t *rst = sim_pin(s, s->family->reset_pin);
    *rst = 0;
    for (unsigned i = 0; i < s->knobs.reset_cycles; i++)
        if (one_cycle(s))
            return -1;
    *rst = 1;
    s->reset_release = s->env.cycle;
    for (unsigned i = 0; i < s->knobs.reset_idle; i++)
        if (one_cycle(s))
            return -1;
    return 0;
}

static int all_idle(void *ctx)
{
    struct sim *s = ctx;
    if (!sim_reg_bus_idle(&s->reg))
        return 0;
    for (unsigned i = 0; i < s->family->n_axi; i++)
        if (s->axi[i].bfm && !axi_mem_idle(s->axi[i].bfm))
            return 0;
    return 1;
}

int sim_drain(struct sim *s, uint64_t max)
{
    return bfm_wait(&s->env, all_idle, s, max) == BFM_OK ? 0 : -1;
}

/* Any checker with open transfers at the end (the first one stops the look). */
static int checkers_final(struct sim *s)
{
    if (sim_reg_bus_final(&s->reg))
        return 1;
    for (unsigned i = 0; i < s->family->n_axi; i++)
        if (s->axi[i].chk && axi_checker_final(s->axi[i].chk))
            return 1;
    return 0;
}

int sim_finish(struct sim *s)
{
    if (!s->env.failed && !s->watchdog_fired && checkers_final(s))
        sim_report_outstanding(s, "end of test");
    fault_inject_final(s->fault, &s->env);
    for (unsigned i = 0; s->family->mem_limit && i < s->family->n_axi; i++) {
        uint64_t at;
        int rc = s->axi[i].mem ? sparse_mem_error(s->axi[i].mem, &at) : 0;
        if (rc) {
            char what[64];
            snprintf(what, sizeof what, "%s memory", s->family->axi[i].name);
            bfm_fail(&s->env, "sim", what, "memory limit",
                     "expected writes within MEM_LIMIT (%zu bytes allocated at most), actual a write at 0x%" PRIx64
                     " refused: %s", sparse_mem_limit(s->axi[i].mem), at, sparse_mem_strerror(rc));
        }
    }
    return s->env.failed;
}

void sim_free(struct sim *s)
{
    if (s->waves_on && s->dut->waves_close(s->dut))
        fprintf(stderr, "sim: error while writing %s\n", s->knobs.waves);
    sim_reg_bus_free(&s->reg);
    for (unsigned i = 0; i < SIM_MAX_AXI; i++) {
        axi_mem_destroy(s->axi[i].bfm);
        axi_checker_destroy(s->axi[i].chk);
        sparse_mem_destroy(s->axi[i].mem);
        write_map_destroy(s->axi[i].written);
    }
    fault_inject_destroy(s->fault);
    if (s->family && s->family->free)
        s->family->free(s);
    if (s->dut)
        s->dut->destroy(s->dut);
    free(s->pins);
    memset(s, 0, sizeof *s);
}
