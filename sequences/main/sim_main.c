/* sim_main: command-line entry of the simulator. Parses the knobs, lets the
 * family the test belongs to (main_family.h) find
 * the test, builds the DUT and the kernel, resets, runs the test and
 * reports PASS/FAIL with the seed and the command that reproduces the run.
 * Runs under any harness (sim_cli.h): the C one or the SystemC one. The
 * run is in three parts (sim_serve.h) so that a server (--serve) can run
 * the last one for many tests from one reset. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "dut_clocked.h"
#include "main_family.h"
#include "sim_cli.h"
#include "sim_kernel.h"
#include "sim_output_error.h"
#include "sim_serve.h"
#include "waves_rerun.h"

/* The twin evaluates in C: on a harness with its own clock it waits for
 * that clock's edges (dut_clocked.h). The Verilated top follows the clock
 * by itself. */
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

/* From the command line to the knob lines and the test's gate: -1 to go on
 * with *fam and name (the report's), else the exit status. Shared by a
 * fresh run and a server's child (sim_serve.h). */
int sim_cli_front(struct sim_knobs *k, int argc, char **argv, const struct main_family **famp, char *name,
                  size_t name_len)
{
    int rc = sim_knobs_from_args(k, argc, argv);
    if (rc >= 0)
        return rc;
    sim_harness_set_args(argc, argv);
    sim_harness_set_clock_ps(k->clock_ps);
    /* every family's faults, the default family's first: INJECT=list, and whose a fault is */
    static const struct fault_table *fault_tables[8];
    unsigned n_tables = 0;
    for (unsigned i = main_family_count; i-- > 0 && n_tables + 1 < sizeof fault_tables / sizeof fault_tables[0];)
        if (main_families[i]->sim->faults)
            fault_tables[n_tables++] = main_families[i]->sim->faults;
    fault_tables[n_tables] = NULL;
    fault_inject_set_tables(fault_tables);
    char err[2048] = "";
    /* the family of the run: its knob hooks check and adjust the knobs */
    const struct main_family *fam = main_family_for(k);
    *famp = fam;
    sim_knobs_adjust(k, fam->sim->knobs);
    if (!k->list && sim_knobs_check(k, fam->sim->knobs, err, sizeof err)) {
        /* a family may know where a value came from */
        int explained = 0;
        for (unsigned i = main_family_count; i-- > 0 && !explained;)
            if (main_families[i]->explain_knob_error)
                explained = main_families[i]->explain_knob_error(k, err);
        if (!explained)
            fprintf(stderr, "sim: %s\n", err);
        return 2;
    }
    for (unsigned i = main_family_count; i-- > 0;)
        if (main_families[i]->command && (rc = main_families[i]->command(k)) >= 0)
            return rc;
    if (k->list) {
        for (unsigned i = main_family_count; i-- > 0;)   /* the default family's first */
            main_families[i]->list();
        return 0;
    }
    if (k->inject && !strcmp(k->inject, "list")) {
        fault_inject_list();
        return 0;
    }
    if ((rc = fam->prepare(k, name, name_len)) >= 0)
        return rc;
    return -1;
}

/* The knob lines and the gate, after sim_cli_front: -1 to go on, else the
 * exit status (what prepare held freed). */
int sim_cli_announce(struct sim_knobs *k, const struct main_family *fam, const char *name)
{
    sim_knobs_pick_seed(k);
    printf("seed: %" PRIu64 " (rerun with SEED=%" PRIu64 ")\n", k->seed, k->seed);
    sim_knobs_print(k);
    sim_harness_print();
    int rc;
    if (fam->gate && (rc = fam->gate(k, name))) {
        if (fam->end)
            fam->end();
        return rc;
    }
    return -1;
}

/* The DUT as built must suit the run (the family's check): 0, or -1 after
 * printing why (the DUT left to the caller). */
int sim_cli_check_dut(const struct main_family *fam, const struct dut *d, const struct sim_knobs *k)
{
    char err[2048] = "";
    if (fam->check_dut && fam->check_dut(d, k, err, sizeof err)) {
        fprintf(stderr, "sim: %s\n", err);
        return -1;
    }
    fam->print_dut(d);
    return 0;
}

int sim_cli(int argc, char **argv)
{
    /* line by line, so a log of stdout and stderr together keeps their order */
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc > 1 && !strcmp(argv[1], "--serve"))
        return sim_serve(argc, argv);
    struct sim_knobs k;
    const struct main_family *fam = NULL;
    char name[512];
    char err[2048] = "";
    int rc = sim_cli_front(&k, argc, argv, &fam, name, sizeof name);
    if (rc >= 0 || (rc = sim_cli_announce(&k, fam, name)) >= 0)
        return rc;
    struct dut *d = on_harness_clock(fam->create_dut(&k, err, sizeof err), err, sizeof err);
    if (!d) {
        fprintf(stderr, "sim: %s\n", err);
        if (fam->end)
            fam->end();
        return 2;
    }
    if (sim_cli_check_dut(fam, d, &k)) {
        d->destroy(d);
        if (fam->end)
            fam->end();
        return 2;
    }
    static struct sim s;
    if (sim_init(&s, &k, fam->sim, d, err, sizeof err)) {
        fprintf(stderr, "sim: %s\n", err);
        sim_free(&s);
        if (fam->end)
            fam->end();
        return 2;
    }
    if (fam->before_reset)
        fam->before_reset(&s);

    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    return sim_cli_after_reset(&s, &k, fam, name, sim_reset(&s), t0);
}

/* The test on a DUT out of reset (reset_rc: sim_reset's), the verdict, the
 * reproduce line; frees s and what prepare held. The exit status. */
int sim_cli_after_reset(struct sim *s, const struct sim_knobs *kp, const struct main_family *fam, const char *name,
                        int reset_rc, struct timespec t0)
{
    struct sim_knobs k = *kp;
    struct dut *d = s->dut;
    struct timespec t1;
    int test_rc = -1;
    if (reset_rc == 0) {
        test_rc = fam->run(s, &k);
        if (test_rc == 0 && !s->env.failed)
            sim_drain(s, 100000);
    }
    int failures = sim_finish(s);
    if (test_rc == MAIN_RUN_REFUSED) {
        sim_free(s);
        if (fam->end)
            fam->end();
        return 2;
    }
    /* the waves are part of the verdict: written out (flushed, closed,
     * converted) before it; one that could not be written is an output error */
    if (s->waves_on) {
        if (s->dut->waves_close(s->dut))
            sim_output_error("waves: %s was not written in full (the reason above)", k.waves);
        s->waves_on = 0;
    }
    /* a dump or report the run could not write: no verdict (exit 2), never PASS */
    const char *out_err = sim_output_error_first();
    if (out_err) {
        printf("ERROR: %s on %s: no verdict, an output file was not written: %s\n", name, d->kind, out_err);
        sim_free(s);
        if (fam->end)
            fam->end();
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    uint64_t cycles = s->env.cycle;
    uint64_t fail_cycle = s->env.failed ? s->env.first_failure_cycle : cycles;
    char first_failure[sizeof s->env.first_failure];
    memcpy(first_failure, s->env.first_failure, sizeof first_failure);
    int pass = test_rc == 0 && failures == 0;
    if (!pass && s->env.first_failure[0])
        printf("first failure: %s\n", s->env.first_failure);
    if (k.inject && s->fault)
        printf("injected fault '%s' expects checker rule '%s'\n", k.inject,
               fault_inject_expected_rule(s->fault));
    const char *word = !pass ? "FAIL" : fam->pass_word && fam->pass_word() ? fam->pass_word() : "PASS";
    printf("%s: %s on %s%s, %" PRIu64 " cycles, %.2f s (%.0f cycles/s), seed %" PRIu64 "\n", word, name, d->kind, sim_harness_note(), cycles, wall,
           wall > 0 ? (double)cycles / wall : 0.0, k.seed);
    if (!pass) {
        char repro[4096];
        if (fam->on_fail)
            fam->on_fail(s);
        sim_knobs_reproduce(&k, sim_harness->name, repro, sizeof repro);
        printf("reproduce: %s\n", repro);
    }
    if (k.waves)
        printf("waves: %s\n", k.waves);
    sim_free(s);
    if (fam->end)
        fam->end();
    if (!pass && k.waves_on_fail)
        sim_waves_rerun(&k, fail_cycle, first_failure);
    return pass ? 0 : 1;
}
