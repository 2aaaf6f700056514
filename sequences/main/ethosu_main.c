/* ethosu_main: see ethosu_main.h. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "dut_clocked.h"
#include "ethosu_family.h"
#include "ethosu_main.h"
#include "ethosu_seq.h"
#include "ethosu_twin.h"
#include "sim_cli.h"
#include "sim_kernel.h"
#include "waves_rerun.h"

void ethosu_list_tests(void)
{
    printf("ethos-u65 sequences (make sim TEST=ethosu/<name>):\n");
    for (unsigned i = 0; i < ethosu_seq_test_count; i++)
        printf("  ethosu/%-21s %s\n", ethosu_seq_tests[i]->name, ethosu_seq_tests[i]->summary);
}

/* The twin on a harness with its own clock: see sim_main.c. */
static struct dut *on_harness_clock(struct dut *d, char *err, unsigned len)
{
    if (!d || strcmp(d->kind, "twin") || !sim_harness->wait_negedge)
        return d;
    struct dut_clock clk = { sim_harness->wait_negedge, sim_harness->wait_posedge };
    struct dut *w = dut_clocked_wrap(d, &clk);
    if (!w) {
        snprintf(err, len, "out of memory wrapping the twin for the %s harness", sim_harness->name);
        d->destroy(d);
    }
    return w;
}

int ethosu_main(struct sim_knobs *k)
{
    const struct ethosu_seq_test *t = ethosu_seq_find(k->test);
    if (!t) {
        fprintf(stderr, "sim: no Ethos-U65 test named '%s' (--list shows them)\n", k->test);
        return 2;
    }
    if (!k->max_cycles_given && t->watchdog > k->max_cycles)
        k->max_cycles = t->watchdog;   /* a long test's own budget, unless the user set one */
    printf("seed: %" PRIu64 " (rerun with SEED=%" PRIu64 ")\n", k->seed, k->seed);
    sim_knobs_print(k);
    sim_harness_print();
    char err[1024] = "";
    struct dut *d = !strcmp(k->dut, "rtl") ? ethosu_rtl_create(err, sizeof err)
                                                 : ethosu_twin_create(err, sizeof err);
    d = on_harness_clock(d, err, sizeof err);
    if (!d) {
        fprintf(stderr, "sim: %s\n", err);
        return 2;
    }
    printf("dut: %s (%s), M0/M1 %u-bit data, %u-bit address, PORPL=%d PORSL=%d\n", d->top, d->kind,
           d->data_bytes * 8, d->addr_bits, t->porpl, t->porsl);
    static struct sim s;
    if (sim_init(&s, k, &ethosu_family, d, err, sizeof err)) {
        fprintf(stderr, "sim: %s\n", err);
        sim_free(&s);
        return 2;
    }
    /* the power-on security inputs, before the reset */
    ethosu_sim_pins(&s)->porpl = (uint8_t)t->porpl;
    ethosu_sim_pins(&s)->porsl = (uint8_t)t->porsl;
    struct ethosu_seq_ctx ctx = {
        .env = &s.env, .regs = reg_port_apb(s.reg.apb), .apb = s.reg.apb, .mem = { s.axi[0].mem, s.axi[1].mem },
        .axi = { s.axi[0].bfm, s.axi[1].bfm }, .irq = &ethosu_sim_pins(&s)->irq, .wd = ethosu_sim_wd(&s), .seed = k->seed, .dut_kind = d->kind, .out_dir = k->out_dir,
    };
    bfm_rng_seed(&ctx.rng, k->seed);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int test_rc = -1;
    if (sim_reset(&s) == 0) {
        test_rc = t->run(&ctx);
        if (test_rc == 0 && !s.env.failed)
            sim_drain(&s, 100000);
    }
    int failures = sim_finish(&s);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    int pass = test_rc == 0 && failures == 0;
    if (!pass && s.env.first_failure[0])
        printf("first failure: %s\n", s.env.first_failure);
    if (k->inject && s.fault)
        printf("injected fault '%s' expects checker rule '%s'\n", k->inject, fault_inject_expected_rule(s.fault));
    printf("%s: ethosu/%s on %s%s, %" PRIu64 " cycles, %.2f s (%.0f cycles/s), seed %" PRIu64 "\n",
           pass ? "PASS" : "FAIL", t->name, d->kind, sim_harness_note(), s.env.cycle, wall, wall > 0 ? (double)s.env.cycle / wall : 0.0,
           k->seed);
    if (!pass) {
        char repro[4096];
        sim_knobs_reproduce(k, sim_harness->name, repro, sizeof repro);
        printf("reproduce: %s\n", repro);
    }
    if (k->waves)
        printf("waves: %s\n", k->waves);
    uint64_t cycles = s.env.failed ? s.env.first_failure_cycle : s.env.cycle;
    char first_failure[sizeof s.env.first_failure];
    memcpy(first_failure, s.env.first_failure, sizeof first_failure);
    sim_free(&s);
    if (!pass && k->waves_on_fail)
        sim_waves_rerun(k, cycles, first_failure);
    return pass ? 0 : 1;
}
