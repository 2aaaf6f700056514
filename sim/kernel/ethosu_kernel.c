/* ethosu_kernel: see ethosu_kernel.h. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_kernel.h"
#include "sim_kernel.h"

static const char *const port_name[2] = { "m0", "m1" };

static struct axi_pins *port(struct ethosu_sim *s, int i)
{
    return i ? &s->pins.m1 : &s->pins.m0;
}

void ethosu_wd_monitor_clear(struct ethosu_wd_monitor *m)
{
    m->n = 0;
    m->lasts = 0;
    m->first_cycle = m->last_cycle = 0;
    m->overflow = 0;
}

static void wd_sample(struct ethosu_sim *s)
{
    struct ethosu_wd_monitor *m = &s->wd;
    if (!s->pins.wd_valid)
        return;
    if (m->n == m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 4096;
        int16_t *w = realloc(m->w, cap * sizeof *w);
        if (!w) {
            m->overflow = 1;
            return;
        }
        m->w = w;
        m->cap = cap;
    }
    if (m->n == 0)
        m->first_cycle = s->env.cycle;
    m->last_cycle = s->env.cycle;
    m->w[m->n++] = s->pins.wd_weight;
    m->lasts += s->pins.wd_last != 0;
}

static void report_outstanding(void *kernel, const char *why)
{
    ethosu_sim_report_outstanding(kernel, why);
}

static int one_cycle(struct ethosu_sim *s)
{
    struct ethosu_pins *p = &s->pins;
    apb_master_drive(s->apb);
    for (int i = 0; i < 2; i++)
        axi_mem_drive(s->axi[i]);
    s->dut->eval(s->dut, p);
    if (s->fault)
        fault_inject_apply_ethosu(s->fault, p);   /* also in reset: a fault may act there */
    if (p->nreset) {
        apb_checker_sample(s->apb_chk);
        apb_master_sample(s->apb);
        wd_sample(s);
        for (int i = 0; i < 2; i++) {
            axi_checker_sample(s->axi_chk[i]);
            axi_mem_sample(s->axi[i]);
        }
    } else {
        /* in reset every valid must be low, on both sides */
        apb_checker_sample_reset(s->apb_chk);
        for (int i = 0; i < 2; i++)
            axi_checker_sample_reset(s->axi_chk[i]);
    }
    uint64_t c = s->env.cycle;
    if (s->waves_on && c >= s->knobs.waves_from && c <= s->knobs.waves_to)
        s->dut->waves_dump(s->dut, p, c);
    s->dut->posedge(s->dut, p);
    s->env.cycle++;
    return dut_cycle_end(&s->env, s->dut->stopped ? s->dut->stopped(s->dut) : NULL, s->knobs.max_cycles,
                         &s->watchdog_fired, report_outstanding, s);
}

static int step(struct bfm_env *env)
{
    struct ethosu_sim *s = env->kernel;
    return env->failed ? 1 : one_cycle(s);
}

void ethosu_sim_report_outstanding(struct ethosu_sim *s, const char *why)
{
    char buf[1024];
    fprintf(stderr, "---- %s at cycle %" PRIu64 ": outstanding on every interface ----\n", why, s->env.cycle);
    apb_master_outstanding(s->apb, buf, sizeof buf);
    fprintf(stderr, "  apb requester: %s\n", buf);
    for (int i = 0; i < 2; i++) {
        axi_mem_outstanding(s->axi[i], buf, sizeof buf);
        fprintf(stderr, "  %s memory: %s\n", port_name[i], buf);
        axi_checker_outstanding(s->axi_chk[i], buf, sizeof buf);
        fprintf(stderr, "  %s checker: %s\n", port_name[i], buf);
    }
    fprintf(stderr, "  IRQ: %u\n", s->pins.irq);
    if (s->dut->describe) {
        s->dut->describe(s->dut, buf, sizeof buf);
        fprintf(stderr, "  dut: %s\n", buf);
    }
}

int ethosu_sim_init(struct ethosu_sim *s, const struct sim_knobs *k, const struct sim_family *fam,
                    struct dut *dut, int porpl, int porsl, char *errbuf, unsigned errlen)
{
    memset(s, 0, sizeof *s);
    s->knobs = *k;
    s->dut = dut;
    s->env.step = step;
    s->env.kernel = s;
    s->env.verbose = k->verbose;
    s->pins.porpl = (uint8_t)porpl;
    s->pins.porsl = (uint8_t)porsl;
    if (k->inject) {
        s->fault = fault_inject_create(FAULT_ETHOSU, k->inject, k->axi_max_wait, k->reg_max_wait, errbuf, errlen);
        if (!s->fault)
            return -1;
    }
    struct apb_master_knobs ak;
    apb_master_knobs_default(&ak);
    ak.gap_min = k->csb_gap_min;   /* the register-bus gap knob serves APB too */
    ak.gap_max = k->csb_gap_max;
    ak.seed = k->seed ^ 0x4444;
    ak.describe = fam->reg_describe;   /* VERBOSE=1 names the registers */
    s->apb = apb_master_create("apb", &ak, &s->pins.apb, &s->env);
    struct apb_checker_knobs pk;
    apb_checker_knobs_default(&pk);
    pk.max_wait = k->reg_max_wait;
    s->apb_chk = apb_checker_create_with_knobs("apb", &pk, &s->pins.apb, &s->env);
    for (int i = 0; i < 2; i++) {
        struct axi_mem_knobs mk;
        struct axi_checker_knobs xk;
        sim_axi_mem_knobs(k, dut->data_bytes, dut->addr_bits, k->seed ^ (0x5555u + (unsigned)i), &mk);
        sim_axi_checker_knobs(k, dut->data_bytes, dut->addr_bits, &xk);
        s->mem[i] = sparse_mem_create();
        s->axi[i] = axi_mem_create(port_name[i], &mk, port(s, i), s->mem[i], &s->env);
        s->axi_chk[i] = axi_checker_create(port_name[i], &xk, port(s, i), &s->env);
        if (!s->mem[i] || !s->axi[i] || !s->axi_chk[i]) {
            snprintf(errbuf, errlen, "could not create the AXI BFMs of %s (bad knobs?)", port_name[i]);
            return -1;
        }
    }
    if (!s->apb || !s->apb_chk) {
        snprintf(errbuf, errlen, "could not create the APB BFMs (bad knobs?)");
        return -1;
    }
    if (k->waves) {
        struct dut_waves_cfg wc = { k->waves, k->waves_gz, k->waves_fst, k->clock_ps };
        if (dut->waves_open(dut, &wc, errbuf, errlen))
            return -1;
        s->waves_on = 1;
    }
    return 0;
}

int ethosu_sim_reset(struct ethosu_sim *s)
{
    s->pins.nreset = 0;
    for (unsigned i = 0; i < s->knobs.reset_cycles; i++)
        if (one_cycle(s))
            return -1;
    s->pins.nreset = 1;
    for (unsigned i = 0; i < s->knobs.reset_idle; i++)
        if (one_cycle(s))
            return -1;
    return 0;
}

static int all_idle(void *ctx)
{
    struct ethosu_sim *s = ctx;
    return apb_master_idle(s->apb) && axi_mem_idle(s->axi[0]) && axi_mem_idle(s->axi[1]);
}

int ethosu_sim_drain(struct ethosu_sim *s, uint64_t max)
{
    return bfm_wait(&s->env, all_idle, s, max) == BFM_OK ? 0 : -1;
}

int ethosu_sim_finish(struct ethosu_sim *s)
{
    if (!s->env.failed && !s->watchdog_fired) {
        if (apb_checker_final(s->apb_chk) || axi_checker_final(s->axi_chk[0]) || axi_checker_final(s->axi_chk[1]))
            ethosu_sim_report_outstanding(s, "end of test");
    }
    fault_inject_final(s->fault, &s->env);
    return s->env.failed;
}

void ethosu_sim_free(struct ethosu_sim *s)
{
    if (s->waves_on && s->dut->waves_close(s->dut))
        fprintf(stderr, "sim: error while writing %s\n", s->knobs.waves);
    apb_master_destroy(s->apb);
    apb_checker_destroy(s->apb_chk);
    fault_inject_destroy(s->fault);
    for (int i = 0; i < 2; i++) {
        axi_mem_destroy(s->axi[i]);
        axi_checker_destroy(s->axi_chk[i]);
        sparse_mem_destroy(s->mem[i]);
    }
    free(s->wd.w);
    if (s->dut)
        s->dut->destroy(s->dut);
    memset(s, 0, sizeof *s);
}
