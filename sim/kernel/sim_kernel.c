/* sim_kernel: see sim_kernel.h. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_kernel.h"

static int sim_step(struct bfm_env *env);

static void waves_dump(struct sim *s)
{
    uint64_t c = s->env.cycle;
    if (s->waves_on && c >= s->knobs.waves_from && c <= s->knobs.waves_to)
        s->dut->waves_dump(s->dut, &s->pins, c);
}

static void report_outstanding(void *kernel, const char *why)
{
    sim_report_outstanding(kernel, why);
}

static int one_cycle(struct sim *s)
{
    struct nvdla_pins *p = &s->pins;
    csb_master_drive(s->csb);
    axi_mem_drive(s->dbb);
    if (s->sram)
        axi_mem_drive(s->sram);
    s->dut->eval(s->dut, p);
    if (s->fault)
        fault_inject_apply(s->fault, p);   /* also in reset: a fault may act there */
    if (p->rstn) {
        if (p->csb.valid && p->csb.ready && s->first_csb == UINT64_MAX)
            s->first_csb = s->env.cycle;
        csb_checker_sample(s->csb_chk);
        csb_master_sample(s->csb);
        axi_checker_sample(s->dbb_chk);
        axi_mem_sample(s->dbb);
        if (s->sram) {
            axi_checker_sample(s->sram_chk);
            axi_mem_sample(s->sram);
        }
    } else {
        /* in reset every valid must be low, on both sides */
        csb_checker_sample_reset(s->csb_chk);
        axi_checker_sample_reset(s->dbb_chk);
        if (s->sram)
            axi_checker_sample_reset(s->sram_chk);
    }
    waves_dump(s);
    s->dut->posedge(s->dut, p);
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
    char buf[1024];
    fprintf(stderr, "---- %s at cycle %" PRIu64 ": outstanding on every interface ----\n", why,
            s->env.cycle);
    csb_master_outstanding(s->csb, buf, sizeof buf);
    fprintf(stderr, "  csb master: %s\n", buf);
    csb_checker_outstanding(s->csb_chk, buf, sizeof buf);
    fprintf(stderr, "  csb checker: %s\n", buf);
    axi_mem_outstanding(s->dbb, buf, sizeof buf);
    fprintf(stderr, "  dbb memory: %s\n", buf);
    axi_checker_outstanding(s->dbb_chk, buf, sizeof buf);
    fprintf(stderr, "  dbb checker: %s\n", buf);
    if (s->sram) {
        axi_mem_outstanding(s->sram, buf, sizeof buf);
        fprintf(stderr, "  sram memory: %s\n", buf);
        axi_checker_outstanding(s->sram_chk, buf, sizeof buf);
        fprintf(stderr, "  sram checker: %s\n", buf);
    }
    fprintf(stderr, "  dla_intr: %u\n", s->pins.dla_intr);
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
    c->require_aligned = 1;                  /* both DUT families issue aligned bursts */
    c->require_in_order = !k->axi_reorder;
    c->max_wait = k->axi_max_wait;
}

static void mem_knobs(const struct sim *s, struct axi_mem_knobs *m, uint64_t seed)
{
    sim_axi_mem_knobs(&s->knobs, s->dut->data_bytes, s->dut->addr_bits, seed, m);
}

static void chk_knobs(const struct sim *s, struct axi_checker_knobs *c)
{
    sim_axi_checker_knobs(&s->knobs, s->dut->data_bytes, s->dut->addr_bits, c);
}

int sim_init(struct sim *s, const struct sim_knobs *k, const struct sim_family *fam, struct dut *dut, char *errbuf,
             unsigned errlen)
{
    memset(s, 0, sizeof *s);
    s->knobs = *k;
    s->dut = dut;
    s->env.step = sim_step;
    s->env.kernel = s;
    s->env.verbose = k->verbose;
    s->first_csb = UINT64_MAX;
    if (k->inject) {
        s->fault = fault_inject_create(FAULT_NVDLA, k->inject, k->axi_max_wait, k->reg_max_wait, errbuf, errlen);
        if (!s->fault)
            return -1;
    }
    /* what the memories may allocate: the trace footprint limit and some
     * slack for page rounding (a write beyond fails the run, never the host) */
    uint64_t lim = k->mem_limit ? k->mem_limit : SIM_DEFAULT_MEM_LIMIT;
    size_t mem_cap = (size_t)(lim + lim / 16);
    s->dbb_mem = sparse_mem_create();
    if (s->dbb_mem)
        sparse_mem_set_limit(s->dbb_mem, mem_cap);
    struct csb_master_knobs ck;
    csb_master_knobs_default(&ck);
    ck.gap_min = k->csb_gap_min;
    ck.gap_max = k->csb_gap_max;
    ck.nposted = k->nposted;
    ck.seed = k->seed ^ 0x1111;
    ck.describe = fam->reg_describe;   /* VERBOSE=1 names the registers */
    s->csb = csb_master_create("csb", &ck, &s->pins.csb, &s->env);
    struct csb_checker_knobs cck;
    csb_checker_knobs_default(&cck);
    cck.max_wait = k->reg_max_wait;
    s->csb_chk = csb_checker_create_with_knobs("csb", &cck, &s->pins.csb, &s->env);
    struct axi_mem_knobs mk;
    struct axi_checker_knobs xk;
    mem_knobs(s, &mk, k->seed ^ 0x2222);
    chk_knobs(s, &xk);
    s->dbb = axi_mem_create("dbb", &mk, &s->pins.dbb, s->dbb_mem, &s->env);
    s->dbb_chk = axi_checker_create("dbb", &xk, &s->pins.dbb, &s->env);
    if (dut->has_sramif) {
        /* SRAMIF: its own memory, width and random stream (stalls and
         * latencies drawn apart from DBBIF's), the same address width */
        unsigned sb = dut->sram_data_bytes ? dut->sram_data_bytes : dut->data_bytes;
        s->sram_mem = sparse_mem_create();
        if (s->sram_mem)
            sparse_mem_set_limit(s->sram_mem, mem_cap);
        sim_axi_mem_knobs(&s->knobs, sb, dut->addr_bits, k->seed ^ 0x3333, &mk);
        sim_axi_checker_knobs(&s->knobs, sb, dut->addr_bits, &xk);
        s->sram = axi_mem_create("sram", &mk, &s->pins.sram, s->sram_mem, &s->env);
        s->sram_chk = axi_checker_create("sram", &xk, &s->pins.sram, &s->env);
    }
    if (!s->dbb_mem || !s->csb || !s->csb_chk || !s->dbb || !s->dbb_chk ||
        (dut->has_sramif && (!s->sram_mem || !s->sram || !s->sram_chk))) {
        snprintf(errbuf, errlen, "could not create the BFMs (bad knobs?)");
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

int sim_reset(struct sim *s)
{
    s->pins.rstn = 0;
    for (unsigned i = 0; i < s->knobs.reset_cycles; i++)
        if (one_cycle(s))
            return -1;
    s->pins.rstn = 1;
    s->reset_release = s->env.cycle;
    for (unsigned i = 0; i < s->knobs.reset_idle; i++)
        if (one_cycle(s))
            return -1;
    return 0;
}

/* The real nv_small core leaves reset about 4 cycles after dla_reset_rstn,
 * its falcon/partition resets about 6: below this, requests may be lost. */
#define RESET_SYNC_MARGIN 8

void sim_reset_hint(const struct sim *s)
{
    if (s->first_csb == UINT64_MAX || s->first_csb - s->reset_release >= RESET_SYNC_MARGIN)
        return;
    printf("hint: the DUT accepted the first CSB request %" PRIu64 " cycle%s after dla_reset_rstn rose "
           "(RESET_IDLE=%u). NVDLA tops synchronise their reset: the real nv_small core leaves reset "
           "about 4 cycles after the pin (its falcon/partition resets about 6), keeps csb2nvdla_ready "
           "high meanwhile and drops those requests, so register writes may be lost and reads never "
           "answered. Rerun with RESET_IDLE=%d (the default) or more.\n",
           s->first_csb - s->reset_release, s->first_csb - s->reset_release == 1 ? "" : "s",
           s->knobs.reset_idle, SIM_DEFAULT_RESET_IDLE);
}

static int all_idle(void *ctx)
{
    struct sim *s = ctx;
    return csb_master_idle(s->csb) && axi_mem_idle(s->dbb) && (!s->sram || axi_mem_idle(s->sram));
}

int sim_drain(struct sim *s, uint64_t max)
{
    return bfm_wait(&s->env, all_idle, s, max) == BFM_OK ? 0 : -1;
}

int sim_finish(struct sim *s)
{
    if (!s->env.failed && !s->watchdog_fired) {
        if (csb_checker_final(s->csb_chk) || axi_checker_final(s->dbb_chk) ||
            (s->sram_chk && axi_checker_final(s->sram_chk)))
            sim_report_outstanding(s, "end of test");
    }
    fault_inject_final(s->fault, &s->env);
    struct sparse_mem *mems[2] = { s->dbb_mem, s->sram_mem };
    for (int i = 0; i < 2; i++) {
        uint64_t at;
        int rc = mems[i] ? sparse_mem_error(mems[i], &at) : 0;
        if (rc)
            bfm_fail(&s->env, "sim", i ? "sram memory" : "dbb memory", "memory limit",
                     "expected writes within MEM_LIMIT (%zu bytes allocated at most), actual a write at 0x%" PRIx64
                     " refused: %s", sparse_mem_limit(mems[i]), at, sparse_mem_strerror(rc));
    }
    return s->env.failed;
}

void sim_free(struct sim *s)
{
    if (s->waves_on && s->dut->waves_close(s->dut))
        fprintf(stderr, "sim: error while writing %s\n", s->knobs.waves);
    csb_master_destroy(s->csb);
    csb_checker_destroy(s->csb_chk);
    axi_mem_destroy(s->dbb);
    axi_checker_destroy(s->dbb_chk);
    axi_mem_destroy(s->sram);
    axi_checker_destroy(s->sram_chk);
    sparse_mem_destroy(s->dbb_mem);
    sparse_mem_destroy(s->sram_mem);
    fault_inject_destroy(s->fault);
    if (s->dut)
        s->dut->destroy(s->dut);
    memset(s, 0, sizeof *s);
}
