/* sim_main: command-line entry of the simulator. Parses the knobs (and the
 * NVDLA trace, if one is given, before anything is built), builds the DUT
 * and the kernel, resets, runs one sequence or the trace and reports
 * PASS/FAIL with the seed and the command that reproduces the run. Runs
 * under any harness (sim_cli.h): the C one or the SystemC one. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "dut_clocked.h"
#include "ethosu_main.h"
#include "seq.h"
#include "sim_cli.h"
#include "sim_kernel.h"
#include "waves_rerun.h"
#include "nvdla_config.h"
#include "nvdla_family.h"
#include "nvdla_prog_check.h"
#include "nvdla_twin.h"
#include "trace_parse.h"
#include "trace_run.h"

static void list_tests(void)
{
    printf("sequences:\n");
    for (unsigned i = 0; i < seq_test_count; i++)
        printf("  %-28s %s%s%s%s\n", seq_tests[i]->name, seq_tests[i]->summary,
               seq_tests[i]->needs ? " [needs " : "", seq_tests[i]->needs ? seq_tests[i]->needs : "",
               seq_tests[i]->needs ? "]" : "");
}

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

/* The configuration's memory interface must be the top's: a user's nv_large
 * RTL run as nv_small would be judged by the wrong rules. */
static int check_dut_config(const struct dut *d, const struct nvdla_config *c, char *err, unsigned len)
{
    if (d->data_bytes * 8 != c->primary_memif_width || d->addr_bits != c->mem_address_width) {
        snprintf(err, len, "NVDLA_CONFIG=%s expects a %u-bit DBBIF with %u-bit addresses, but %s has %u-bit data "
                 "and %u-bit addresses: set NVDLA_CONFIG to the configuration of your RTL", c->name,
                 c->primary_memif_width, c->mem_address_width, d->top, d->data_bytes * 8, d->addr_bits);
        return -1;
    }
    unsigned sram_bits = (d->sram_data_bytes ? d->sram_data_bytes : d->data_bytes) * 8;
    int cfg_sram = nvdla_config_has(c, NVDLA_FEAT_SECONDARY_MEMIF);
    if (cfg_sram && !d->has_sramif) {
        snprintf(err, len, "NVDLA_CONFIG=%s has a %u-bit SRAMIF, but %s has no nvdla_core2cvsram_* port: set "
                 "NVDLA_CONFIG to the configuration of your RTL", c->name, c->secondary_memif_width, d->top);
        return -1;
    }
    if (cfg_sram && sram_bits != c->secondary_memif_width) {
        snprintf(err, len, "NVDLA_CONFIG=%s expects a %u-bit SRAMIF, but %s has %u-bit SRAMIF data: set "
                 "NVDLA_CONFIG to the configuration of your RTL", c->name, c->secondary_memif_width, d->top,
                 sram_bits);
        return -1;
    }
    return 0;
}

int sim_cli(int argc, char **argv)
{
    /* line by line, so a log of stdout and stderr together keeps their order */
    setvbuf(stdout, NULL, _IOLBF, 0);
    struct sim_knobs k;
    int rc = sim_knobs_from_args(&k, argc, argv);
    if (rc >= 0)
        return rc;
    sim_harness_set_args(argc, argv);
    sim_harness_set_clock_ps(k.clock_ps);
    char err[2048] = "";
    if (!k.list && sim_knobs_check(&k, err, sizeof err)) {
        /* a configuration the user did not name: say where it came from */
        if (!k.nvdla_config_given && strstr(err, "NVDLA_CONFIG="))
            fprintf(stderr, "sim: %s (nvdla_config=%s from %s; NVDLA_CONFIG=name overrides it)\n", err,
                    k.nvdla_config, k.nvdla_config_from);
        else
            fprintf(stderr, "sim: %s\n", err);
        return 2;
    }
    if (k.prog_rules) {
        nvdla_prog_rules_print();
        return 0;
    }
    if (k.list) {
        list_tests();
        ethosu_list_tests();
        return 0;
    }
    if (k.inject && !strcmp(k.inject, "list")) {
        fault_inject_list();
        return 0;
    }
    if (!k.trace && k.test && !strncmp(k.test, "ethosu/", 7)) {
        sim_knobs_pick_seed(&k);
        return ethosu_main(&k);
    }
    const struct seq_test *t = NULL;
    struct trace *tr = NULL;
    char name[512];
    if (k.trace) {
        /* the whole trace and its memory images, before anything is built */
        struct trace_parse_opts po = { .allow_no_check = k.allow_no_check,
                                       .max_footprint = k.mem_limit ? k.mem_limit : SIM_DEFAULT_MEM_LIMIT };
        tr = trace_parse_with(k.trace, &po, err, sizeof err);
        if (!tr) {
            fprintf(stderr, "sim: %s%s\n", err, strstr(err, "no check_crc") ? " (ALLOW_NO_CHECK=1 runs it anyway)" : "");
            return 2;
        }
        snprintf(name, sizeof name, "%s%s", k.test ? "" : "nvdla/", k.test ? k.test : tr->name);
        k.test = name;
    } else {
        t = seq_find(k.test);
        if (!t) {
            fprintf(stderr, "sim: no test named '%s' (--list shows the %u tests)\n", k.test, seq_test_count);
            return 2;
        }
        if (seq_check_config(t, nvdla_config_find(k.nvdla_config), err, sizeof err)) {
            fprintf(stderr, "sim: %s\n", err);
            return 2;
        }
        snprintf(name, sizeof name, "%s", t->name);
    }
    sim_knobs_pick_seed(&k);
    printf("seed: %" PRIu64 " (rerun with SEED=%" PRIu64 ")\n", k.seed, k.seed);
    sim_knobs_print(&k);
    sim_harness_print();
    const struct nvdla_config *cfg = nvdla_config_find(k.nvdla_config);
    static struct sim_trace_gate gate;
    memset(&gate, 0, sizeof gate);
    if (tr && (rc = sim_trace_gate(tr, &k, name, &gate))) {
        trace_free(tr);
        return rc;
    }
    /* the twin has the port set its configuration has (SRAMIF=1 adds it to
     * one without, e.g. nv_small) */
    int twin_sramif = k.sramif || nvdla_config_has(cfg, NVDLA_FEAT_SECONDARY_MEMIF);
    struct dut *d = !strcmp(k.dut, "rtl") ? dut_rtl_create(err, sizeof err)
                                          : dut_twin_create(&(struct dut_twin_opts){ twin_sramif, k.prog_warn, cfg },
                                                            err, sizeof err);
    d = on_harness_clock(d, err, sizeof err);
    if (!d) {
        fprintf(stderr, "sim: %s\n", err);
        trace_free(tr);
        return 2;
    }
    if (check_dut_config(d, cfg, err, sizeof err) ||
        (tr && trace_check_dut(tr, d->addr_bits, d->has_sramif, err, sizeof err))) {
        fprintf(stderr, "sim: %s\n", err);
        d->destroy(d);
        trace_free(tr);
        return 2;
    }
    printf("dut: %s (%s), DBBIF %u-bit data, %u-bit address", d->top, d->kind, d->data_bytes * 8, d->addr_bits);
    if (d->has_sramif)
        printf(", with SRAMIF (%u-bit data)", (d->sram_data_bytes ? d->sram_data_bytes : d->data_bytes) * 8);
    printf("\n");
    static struct sim s;
    if (sim_init(&s, &k, &nvdla_family, d, err, sizeof err)) {
        fprintf(stderr, "sim: %s\n", err);
        sim_free(&s);
        trace_free(tr);
        return 2;
    }
    struct seq_ctx ctx = {
        .env = &s.env, .regs = reg_port_csb(s.reg.csb), .csb = s.reg.csb, .dbb_mem = s.axi[0].mem,
        .sram_mem = s.axi[1].mem, .dla_intr = &nvdla_sim_pins(&s)->dla_intr, .seed = k.seed, .dut_kind = d->kind, .out_dir = k.out_dir,
        .trace_path = tr ? tr->path : NULL, .absent = gate.absent[0] ? gate.absent : NULL,
        .prog_broken = gate.prog_broken[0] ? gate.prog_broken : NULL, .hw = cfg,
    };
    bfm_rng_seed(&ctx.rng, k.seed);

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int test_rc = -1;
    if (sim_reset(&s) == 0) {
        test_rc = tr ? trace_run(&ctx, tr) : t->run(&ctx);
        if (test_rc == 0 && !s.env.failed)
            sim_drain(&s, 100000);
    }
    int failures = sim_finish(&s);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    uint64_t cycles = s.env.cycle;
    uint64_t fail_cycle = s.env.failed ? s.env.first_failure_cycle : cycles;
    char first_failure[sizeof s.env.first_failure];
    memcpy(first_failure, s.env.first_failure, sizeof first_failure);
    int pass = test_rc == 0 && failures == 0;
    if (!pass && s.env.first_failure[0])
        printf("first failure: %s\n", s.env.first_failure);
    if (k.inject && s.fault)
        printf("injected fault '%s' expects checker rule '%s'\n", k.inject,
               fault_inject_expected_rule(s.fault));
    printf("%s: %s on %s%s, %" PRIu64 " cycles, %.2f s (%.0f cycles/s), seed %" PRIu64 "\n",
           pass ? "PASS" : "FAIL", name, d->kind, sim_harness_note(), cycles, wall,
           wall > 0 ? (double)cycles / wall : 0.0, k.seed);
    if (!pass) {
        char repro[4096];
        nvdla_reset_hint(&s);
        sim_knobs_reproduce(&k, sim_harness->name, repro, sizeof repro);
        printf("reproduce: %s\n", repro);
    }
    if (k.waves)
        printf("waves: %s\n", k.waves);
    sim_free(&s);
    trace_free(tr);
    if (!pass && k.waves_on_fail)
        sim_waves_rerun(&k, fail_cycle, first_failure);
    return pass ? 0 : 1;
}
