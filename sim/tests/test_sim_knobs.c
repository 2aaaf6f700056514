/* Unit tests of the table-driven knob parser (sim/kernel/sim_knobs.c over
 * sim_knob_table.c, generated from scripts/gen/regdefs/knobs.csv): the defaults
 * the table gives equal the documented ones, every option lands in its
 * member, values outside the syntax are refused, and the reproduce line
 * names what differs. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "copyeng_family.h"
#include "ethosu_family.h"
#include "nvdla_family.h"
#include "sim_knob_table.h"
#include "sim_knobs.h"

/* a sanitized build's reproduce line ends in SAN=1 (sim_knobs_reproduce) */
#if defined(__SANITIZE_ADDRESS__)
#define SAN_SUFFIX " SAN=1"
#else
#define SAN_SUFFIX ""
#endif

#define ARGC(a) ((int)(sizeof(a) / sizeof((a)[0])))

static int parse(struct sim_knobs *k, int argc, char **argv)
{
    sim_knobs_default(k);
    return sim_knobs_parse(k, argc, argv);
}

START_TEST(defaults)
{
    struct sim_knobs k;
    sim_knobs_default(&k);
    ck_assert_str_eq(k.dut, "twin");
    ck_assert_ptr_null(k.test);
    ck_assert_ptr_null(k.trace);
    ck_assert_int_eq(k.seed_given, 0);
    ck_assert_uint_eq(k.axi_stall, 0);
    ck_assert_uint_eq(k.rd_lat_min, 4);
    ck_assert_uint_eq(k.rd_lat_max, 4);
    ck_assert_uint_eq(k.wr_lat, 2);
    ck_assert_uint_eq(k.axi_outstanding, 16);
    ck_assert_uint_eq(k.csb_gap_min, 0);
    ck_assert_uint_eq(k.csb_gap_max, 0);
    ck_assert_uint_eq(k.max_cycles, SIM_DEFAULT_MAX_CYCLES);
    ck_assert_int_eq(k.max_cycles_given, 0);
    ck_assert_uint_eq(k.reset_cycles, SIM_DEFAULT_RESET_CYCLES);
    ck_assert_uint_eq(k.reset_idle, SIM_DEFAULT_RESET_IDLE);
    ck_assert_uint_eq(k.clock_ps, SIM_DEFAULT_CLOCK_PS);
    ck_assert_uint_eq(k.waves_from, 0);
    ck_assert(k.waves_to == UINT64_MAX);
    ck_assert_str_eq(k.out_dir, ".");
    ck_assert_str_eq(k.config, "nv_small");
    ck_assert_int_eq(k.config_given, 0);
    ck_assert_str_eq(k.config_from, "default");
    ck_assert_uint_eq(k.mem_limit, 0);   /* 0: SIM_DEFAULT_MEM_LIMIT */
    ck_assert_int_eq(k.prog_warn, 0);
    ck_assert_ptr_null(k.waves);
    ck_assert_ptr_null(k.inject);
}
END_TEST

START_TEST(every_option)
{
    char *argv[] = { "sim", "--test", "t", "--dut", "rtl", "--seed", "42", "--axi-stall", "30",
                     "--rd-latency", "1:30", "--wr-latency", "3", "--axi-outstanding", "2", "--axi-reorder", "1",
                     "--csb-gap", "5", "--nposted", "1", "--max-cycles", "1000", "--reset-cycles", "12",
                     "--reset-idle", "20", "--sramif", "--inject", "ar-4k", "--nvdla-config", "nv_large",
                     "--run-absent", "1", "--prog-check", "warn", "--allow-no-check", "1", "--axi-max-wait", "7",
                     "--reg-max-wait", "8", "--mem-limit", "512M", "+a", "+b=1", "--clock-period", "2.5",
                     "--waves", "w.vcd", "--waves-gz", "--waves-from", "5", "--waves-to", "50", "-v", "--verbose",
                     "--out-dir", "o", "--trace", "x.cfg" };
    struct sim_knobs k;
    ck_assert_int_eq(parse(&k, ARGC(argv), argv), 0);
    ck_assert_str_eq(k.test, "t");
    ck_assert_str_eq(k.dut, "rtl");
    ck_assert_uint_eq(k.seed, 42);
    ck_assert_int_eq(k.seed_given, 1);
    ck_assert_uint_eq(k.axi_stall, 30);
    ck_assert_uint_eq(k.rd_lat_min, 1);
    ck_assert_uint_eq(k.rd_lat_max, 30);
    ck_assert_uint_eq(k.wr_lat, 3);
    ck_assert_uint_eq(k.axi_outstanding, 2);
    ck_assert_int_eq(k.axi_reorder, 1);
    ck_assert_uint_eq(k.csb_gap_min, 5);
    ck_assert_uint_eq(k.csb_gap_max, 5);
    ck_assert_int_eq(k.nposted, 1);
    ck_assert_uint_eq(k.max_cycles, 1000);
    ck_assert_int_eq(k.max_cycles_given, 1);
    ck_assert_uint_eq(k.reset_cycles, 12);
    ck_assert_uint_eq(k.reset_idle, 20);
    ck_assert_int_eq(k.sramif, 1);
    ck_assert_str_eq(k.inject, "ar-4k");
    ck_assert_str_eq(k.config, "nv_large");
    ck_assert_int_eq(k.config_given, 1);
    ck_assert_str_eq(k.config_from, "NVDLA_CONFIG");
    ck_assert_int_eq(k.run_absent, 1);
    ck_assert_int_eq(k.prog_warn, 1);
    ck_assert_int_eq(k.allow_no_check, 1);
    ck_assert_uint_eq(k.axi_max_wait, 7);
    ck_assert_uint_eq(k.reg_max_wait, 8);
    ck_assert_uint_eq(k.mem_limit, 512u << 20);
    ck_assert_uint_eq(k.n_plusargs, 2);
    ck_assert_str_eq(k.plusargs[1], "+b=1");
    ck_assert_uint_eq(k.clock_ps, 2500);
    ck_assert_str_eq(k.waves, "w.vcd");
    ck_assert_int_eq(k.waves_gz, 1);
    ck_assert_uint_eq(k.waves_from, 5);
    ck_assert_uint_eq(k.waves_to, 50);
    ck_assert_int_eq(k.verbose, 2);
    ck_assert_str_eq(k.out_dir, "o");
    ck_assert_str_eq(k.trace, "x.cfg");
}
END_TEST

/* each alone after --test t: refused */
static const char *const refused[][2] = {
    { "--axi-stall", "0x10" }, { "--axi-stall", " 5" }, { "--axi-stall", "5 0" }, { "--axi-stall", "-1" },
    { "--axi-stall", "100" }, { "--axi-stall", "" }, { "--seed", "0x10" }, { "--seed", "+3" },
    { "--seed", "18446744073709551616" }, { "--rd-latency", "5:" }, { "--rd-latency", ":5" },
    { "--rd-latency", "5:2" }, { "--rd-latency", "1:2:3" }, { "--axi-outstanding", "0" }, { "--nposted", "2" },
    { "--prog-check", "maybe" }, { "--dut", "fpga" }, { "--mem-limit", "4Q" }, { "--mem-limit", "0" },
    { "--mem-limit", "0x10" }, { "--clock-period", "2." }, { "--clock-period", "2.0001" },
    { "--clock-period", "0.001" }, { "--axi-stal", "5" }, { "0", "0" },
};

START_TEST(refusals)
{
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        char *argv[] = { "sim", "--test", "t", (char *)refused[i][0], (char *)refused[i][1] };
        struct sim_knobs k;
        ck_assert_msg(parse(&k, ARGC(argv), argv) == -1, "%s '%s' accepted", refused[i][0], refused[i][1]);
    }
    char *no_value[] = { "sim", "--test", "t", "--axi-stall" };
    struct sim_knobs k;
    ck_assert_int_eq(parse(&k, ARGC(no_value), no_value), -1);
    char *no_test[] = { "sim", "--axi-stall", "5" };
    ck_assert_int_eq(parse(&k, ARGC(no_test), no_test), -1);
    /* a leading 0 is decimal, no octal prefix */
    char *lead0[] = { "sim", "--test", "t", "--axi-stall", "010" };
    ck_assert_int_eq(parse(&k, ARGC(lead0), lead0), 0);
    ck_assert_uint_eq(k.axi_stall, 10);
    /* ETHOSU_DUMP (applies: ethosu twin): the Ethos-U65 twin only */
    char err[300];
    char *dump_twin[] = { "sim", "--test", "ethosu/run_dma_stream", "--dut", "twin", "--ethosu-dump", "1" };
    ck_assert_int_eq(parse(&k, ARGC(dump_twin), dump_twin), 0);
    ck_assert_int_eq(k.ops_dump, 1);
    ck_assert_int_eq(sim_knobs_check(&k, ethosu_family.knobs, err, sizeof err), 0);
    char *dump_rtl[] = { "sim", "--test", "ethosu/run_dma_stream", "--dut", "rtl", "--ethosu-dump", "1" };
    ck_assert_int_eq(parse(&k, ARGC(dump_rtl), dump_rtl), 0);
    ck_assert_int_eq(sim_knobs_check(&k, ethosu_family.knobs, err, sizeof err), -1);
    ck_assert_str_eq(err, "ETHOSU_DUMP: applies to ethosu twin only (the OFM dumps come from the Ethos-U65 twin); "
                     "this run is ethosu/run_dma_stream: family ethosu, a sequence, on rtl");
    char *dump_nvdla[] = { "sim", "--test", "sdp_bypass_smoke", "--ethosu-dump", "1" };
    ck_assert_int_eq(parse(&k, ARGC(dump_nvdla), dump_nvdla), 0);
    ck_assert_int_eq(sim_knobs_check(&k, nvdla_family.knobs, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "ETHOSU_DUMP: applies to ethosu twin only"));
    /* alternatives: PROG_CHECK=warn on the NVDLA twin or a trace, not a sequence on RTL */
    char *prog_twin[] = { "sim", "--test", "sdp_bypass_smoke", "--dut", "twin", "--prog-check", "warn" };
    ck_assert_int_eq(parse(&k, ARGC(prog_twin), prog_twin), 0);
    ck_assert_int_eq(sim_knobs_check(&k, nvdla_family.knobs, err, sizeof err), 0);
    char *prog_trace[] = { "sim", "--trace", "x.cfg", "--dut", "rtl", "--prog-check", "warn" };
    ck_assert_int_eq(parse(&k, ARGC(prog_trace), prog_trace), 0);
    ck_assert_int_eq(sim_knobs_check(&k, nvdla_family.knobs, err, sizeof err), 0);
    char *prog_rtl[] = { "sim", "--test", "sdp_bypass_smoke", "--dut", "rtl", "--prog-check", "warn" };
    ck_assert_int_eq(parse(&k, ARGC(prog_rtl), prog_rtl), 0);
    ck_assert_int_eq(sim_knobs_check(&k, nvdla_family.knobs, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "PROG_CHECK: applies to nvdla twin or nvdla traces only"));
    /* a family without the knob: NPOSTED on the copy engine's APB port */
    char *nposted_copy[] = { "sim", "--test", "copyeng/copy", "--nposted", "1" };
    ck_assert_int_eq(parse(&k, ARGC(nposted_copy), nposted_copy), 0);
    ck_assert_int_eq(sim_knobs_check(&k, copyeng_family.knobs, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "NPOSTED: applies to nvdla only ("));
    ck_assert_ptr_nonnull(strstr(err, "this run is copyeng/copy: family copyeng, a sequence, on twin"));
    /* the family's own check: NVDLA knows its configurations */
    char *tiny[] = { "sim", "--test", "t", "--nvdla-config", "nv_tiny" };
    ck_assert_int_eq(parse(&k, ARGC(tiny), tiny), 0);
    ck_assert_int_eq(sim_knobs_check(&k, nvdla_family.knobs, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "NVDLA_CONFIG: unknown configuration 'nv_tiny' (one of nv_small, "));
}
END_TEST

START_TEST(table)
{
    for (unsigned i = 0; i < sim_knob_count; i++) {
        const struct sim_knob *d = &sim_knob_table[i];
        ck_assert_msg(d->option[0] == '-' || d->option[0] == '+', "%s", d->option);
        for (unsigned j = 0; j < i; j++) {
            ck_assert_str_ne(sim_knob_table[j].option, d->option);
            if (d->make && sim_knob_table[j].make)
                ck_assert_str_ne(sim_knob_table[j].make, d->make);
        }
        if (d->arg == SIM_KNOB_RANGE)
            ck_assert_uint_ne(d->field_max, d->field);
        if (d->repro != SIM_KNOB_NEVER)
            ck_assert_ptr_nonnull(d->make);   /* the reproduce line says it by its make name */
    }
    ck_assert_uint_gt(sim_knob_line_count, 10);
    for (unsigned i = 0; i < sim_knob_line_count; i++)
        ck_assert_ptr_nonnull(sim_knob_table[sim_knob_line_order[i]].line);
}
END_TEST

START_TEST(reproduce)
{
    char *argv[] = { "sim", "--test", "t", "--dut", "rtl", "--seed", "9", "--rd-latency", "1:30", "--csb-gap", "2",
                     "--max-cycles", "60", "+a", "+b=1 2", "--clock-period", "2.5", "--waves", "w", "--waves-gz",
                     "--waves-from", "5", "--prog-check", "warn" };
    struct sim_knobs k;
    char buf[1024];
    ck_assert_int_eq(parse(&k, ARGC(argv), argv), 0);
    sim_knobs_reproduce(&k, "systemc", buf, sizeof buf);
    ck_assert_str_eq(buf, "make sim TEST=t DUT=rtl HARNESS=systemc SEED=9 RD_LATENCY=1:30 CSB_GAP=2 MAX_CYCLES=60 "
                          "PROG_CHECK=warn PLUSARGS='+a +b=1 2' CLOCK_PERIOD=2.500 WAVES=gz WAVES_FROM=5" SAN_SUFFIX);
    /* the defaults reproduce as nothing but the run's names */
    char *plain[] = { "sim", "--test", "t", "--seed", "1", "--nvdla-config", "nv_small" };
    ck_assert_int_eq(parse(&k, ARGC(plain), plain), 0);
    sim_knobs_reproduce(&k, NULL, buf, sizeof buf);
    ck_assert_str_eq(buf, "make sim TEST=t DUT=twin SEED=1 NVDLA_CONFIG=nv_small" SAN_SUFFIX);
}
END_TEST

int main(void)
{
    /* the refusals print their one-line reasons: not the test's output */
    if (!freopen("/dev/null", "w", stderr))
        return EXIT_FAILURE;
    Suite *s = suite_create("sim_knobs");
    TCase *tc = tcase_create("knobs");
    tcase_add_test(tc, defaults);
    tcase_add_test(tc, every_option);
    tcase_add_test(tc, refusals);
    tcase_add_test(tc, table);
    tcase_add_test(tc, reproduce);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
