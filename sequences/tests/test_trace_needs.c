/* Unit tests of trace_needs (and sim/nvdla_features): which optional units a
 * trace's layers use, found from its register writes with ping-pong
 * groups, and the skip / run-anyway decision for a configuration. Traces
 * are parsed from text; the shipped nv_small traces are read from
 * $NVDLA_TRACES (default testdata/nvdla-traces/nv_small). */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvdla_config.h"
#include "nvdla_features.h"
#include "trace_needs.h"
#include "trace_parse.h"
#include "trace_prog.h"

#define FEAT(f) (1u << NVDLA_FEAT_##f)
/* a check so the trace is a complete one */
#define TAIL "intr_notify(SDP_0, s);\ncheck_crc(s, pri_mem, 0x80000000, 0x8, 0x0);\n"

static char err[2048];

static struct trace *parse(const char *text)
{
    struct trace *t = trace_parse_text("t.cfg", text, strlen(text), err, sizeof err);
    ck_assert_msg(t != NULL, "parse failed: %s", err);
    return t;
}

static struct trace_needs scan(const char *text)
{
    struct trace *t = parse(text);
    struct trace_needs n;
    trace_needs_scan(t, &n);
    trace_free(t);
    return n;
}

START_TEST(test_bypass_layer_needs_nothing_optional)
{
    struct trace_needs n = scan("reg_write(NVDLA_SDP.D_DP_EW_CFG_0, 0x53);\n"      /* bypassed */
                                "reg_write(NVDLA_SDP.D_OP_ENABLE_0, 0x1);\n" TAIL);
    ck_assert_uint_eq(n.features, 0);
    ck_assert_int_eq(nvdla_features_absent(nvdla_config_find("nv_small"), n.features), 0);
}
END_TEST

/* EW_CFG 0x1a: EW_BYPASS=0, ALU bypassed, MUL bypassed, EW_LUT_BYPASS=0 */
START_TEST(test_ew_with_lut)
{
    struct trace *t = parse("reg_write(NVDLA_SDP.D_DP_BS_CFG_0, 0x19);\n"      /* 1 */
                            "reg_write(NVDLA_SDP.D_DP_EW_CFG_0, 0x1a);\n"      /* 2 */
                            "reg_write(NVDLA_SDP.D_OP_ENABLE_0, 0x1);\n" TAIL); /* 3 */
    struct trace_needs n;
    trace_needs_scan(t, &n);
    /* 0x19 has BS_BYPASS (bit 0) = 1: BS is not used */
    ck_assert_uint_eq(n.features, FEAT(SDP_EW) | FEAT(SDP_LUT));
    ck_assert_uint_eq(n.line[NVDLA_FEAT_SDP_EW], 3);
    char why[512];
    ck_assert_int_eq(trace_needs_absent(t, &n, nvdla_config_find("nv_small"), why, sizeof why), 1);
    ck_assert_str_eq(why, "needs SDP EW and SDP LUT, which nv_small leaves out (t.cfg:3)");
    ck_assert_int_eq(trace_needs_absent(t, &n, nvdla_config_find("nv_large"), why, sizeof why), 0);
    ck_assert_int_eq(trace_needs_decide(t, nvdla_config_find("nv_small"), 0, why, sizeof why), TRACE_NEEDS_SKIP);
    ck_assert_int_eq(trace_needs_decide(t, nvdla_config_find("nv_small"), 1, why, sizeof why),
                     TRACE_NEEDS_RUN_ANYWAY);
    ck_assert_str_eq(why, "needs SDP EW and SDP LUT, which nv_small leaves out (t.cfg:3)");
    ck_assert_int_eq(trace_needs_decide(t, nvdla_config_find("nv_small_256_full"), 0, why, sizeof why),
                     TRACE_NEEDS_MET);
    ck_assert_str_eq(why, "");
    trace_free(t);
}
END_TEST

START_TEST(test_ew_without_lut_and_bs_bn)
{
    /* 0x5a: as 0x1a with EW_LUT_BYPASS = 1; BS/BN CFG 0x0: both stages used */
    struct trace_needs n = scan("reg_write(NVDLA_SDP.D_DP_BS_CFG_0, 0x0);\n"
                                "reg_write(NVDLA_SDP.D_DP_BN_CFG_0, 0x0);\n"
                                "reg_write(NVDLA_SDP.D_DP_EW_CFG_0, 0x5a);\n"
                                "reg_write(NVDLA_SDP.D_OP_ENABLE_0, 0x1);\n" TAIL);
    ck_assert_uint_eq(n.features, FEAT(SDP_BS) | FEAT(SDP_BN) | FEAT(SDP_EW));
    /* BS and BN exist on nv_small: only EW is absent */
    ck_assert_uint_eq(nvdla_features_absent(nvdla_config_find("nv_small"), n.features), FEAT(SDP_EW));
}
END_TEST

/* EW programmed only in register group 1; the layer enabled in group 0
 * does not use it, the one enabled later in group 1 does. */
START_TEST(test_ping_pong_groups)
{
    const char *text = "reg_write(NVDLA_SDP.S_POINTER_0, 0x1);\n"          /* 1: producer group 1 */
                       "reg_write(NVDLA_SDP.D_DP_EW_CFG_0, 0x5a);\n"       /* 2: group 1 */
                       "reg_write(NVDLA_SDP.S_POINTER_0, 0x0);\n"          /* 3: producer group 0 */
                       "reg_write(NVDLA_SDP.D_OP_ENABLE_0, 0x1);\n" TAIL;  /* 4: group 0 runs */
    struct trace_needs n = scan(text);
    ck_assert_uint_eq(n.features, 0);
    char both[1024];
    snprintf(both, sizeof both, "%s%s", text,
             "reg_write(NVDLA_SDP.S_POINTER_0, 0x1);\n"                    /* 7 */
             "reg_write(NVDLA_SDP.D_OP_ENABLE_0, 0x1);\n"                  /* 8: group 1 runs */
             "intr_notify(SDP_1, s1);\ncheck_crc(s1, pri_mem, 0x80000000, 0x8, 0x0);\n");
    n = scan(both);
    ck_assert_uint_eq(n.features, FEAT(SDP_EW));
    ck_assert_uint_eq(n.line[NVDLA_FEAT_SDP_EW], 8);
}
END_TEST

START_TEST(test_programmed_but_never_enabled)
{
    struct trace_needs n = scan("reg_write(NVDLA_SDP.D_DP_EW_CFG_0, 0x1a);\n"
                                "reg_write(NVDLA_SDP.D_OP_ENABLE_0, 0x0);\n" TAIL);
    ck_assert_uint_eq(n.features, 0);
}
END_TEST

START_TEST(test_convolution_features)
{
    /* CONV_MODE = Winograd (bit 0), IN/PROC_PRECISION INT8 (0); compressed weights; 2 batches */
    struct trace_needs n = scan("reg_write(NVDLA_CDMA.D_MISC_CFG_0, 0x1);\n"
                                "reg_write(NVDLA_CDMA.D_WEIGHT_FORMAT_0, 0x1);\n"
                                "reg_write(NVDLA_CDMA.D_BATCH_NUMBER_0, 0x1);\n"
                                "reg_write(NVDLA_CDMA.D_OP_ENABLE_0, 0x1);\n" TAIL);
    ck_assert_uint_eq(n.features, FEAT(WINOGRAD) | FEAT(WEIGHT_COMPRESSION) | FEAT(BATCH));
    /* D_MISC_CFG resets to INT16 precision: a layer that keeps it needs INT16 */
    n = scan("reg_write(NVDLA_CDMA.D_OP_ENABLE_0, 0x1);\n" TAIL);
    ck_assert_uint_eq(n.features, FEAT(INT16));
    /* FP16 output precision of SDP (OUT_PRECISION = 2 at bit 2) */
    n = scan("reg_write(NVDLA_SDP.D_DATA_FORMAT_0, 0x8);\nreg_write(NVDLA_SDP.D_OP_ENABLE_0, 0x1);\n" TAIL);
    ck_assert_uint_eq(n.features, FEAT(FP16));
}
END_TEST

START_TEST(test_bdma_rubik_sramif)
{
    struct trace *t = parse("mem_init(sec_mem, 0x0, 0x100, ALL_ZERO);\n"      /* 1 */
                            "reg_write(NVDLA_BDMA.CFG_LAUNCH0_0, 0x1);\n"      /* 2 */
                            "reg_write(NVDLA_RBK.D_OP_ENABLE_0, 0x1);\n" TAIL); /* 3 */
    struct trace_needs n;
    trace_needs_scan(t, &n);
    ck_assert_uint_eq(n.features, FEAT(SECONDARY_MEMIF) | FEAT(BDMA) | FEAT(RUBIK));
    char why[512];
    ck_assert_int_eq(trace_needs_absent(t, &n, nvdla_config_find("nv_small"), why, sizeof why), 1);
    ck_assert_str_eq(why, "needs BDMA, Rubik and SRAMIF, which nv_small leaves out (t.cfg:1)");
    /* nv_large has SRAMIF but no BDMA or Rubik */
    ck_assert_int_eq(trace_needs_absent(t, &n, nvdla_config_find("nv_large"), why, sizeof why), 1);
    ck_assert_str_eq(why, "needs BDMA and Rubik, which nv_large leaves out (t.cfg:2)");
    trace_free(t);
}
END_TEST

/* Every shipped nv_small trace runs on nv_small, except those whose folder
 * name says they exercise the EW stage (nv_small has no EW). */
START_TEST(test_shipped_traces)
{
    const char *dir = getenv("NVDLA_TRACES") ? getenv("NVDLA_TRACES") : "testdata/nvdla-traces/nv_small";
    DIR *d = opendir(dir);
    ck_assert_msg(d != NULL, "cannot open %s (set NVDLA_TRACES)", dir);
    const struct nvdla_config *small = nvdla_config_find("nv_small");
    unsigned traces = 0, ew = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024], why[512];
        snprintf(path, sizeof path, "%s/%s/%s.cfg", dir, e->d_name, e->d_name);
        struct trace *t = trace_parse(path, err, sizeof err);
        if (!t)
            continue;   /* a folder without its .cfg: not a trace */
        traces++;
        int named_ew = strstr(e->d_name, "_ew_") != NULL;
        enum trace_needs_verdict v = trace_needs_decide(t, small, 0, why, sizeof why);
        ck_assert_msg(v == (named_ew ? TRACE_NEEDS_SKIP : TRACE_NEEDS_MET), "%s: verdict %d (%s)", e->d_name, v, why);
        if (named_ew) {
            ew++;
            ck_assert_msg(strstr(why, "needs SDP EW") != NULL, "%s: %s", e->d_name, why);
            ck_assert_int_eq(trace_needs_decide(t, nvdla_config_find("nv_large"), 0, why, sizeof why),
                             TRACE_NEEDS_MET);
        }
        trace_free(t);
    }
    closedir(d);
    ck_assert_uint_gt(traces, 0);
    ck_assert_uint_gt(ew, 0);
}
END_TEST

START_TEST(test_features_str)
{
    char buf[128];
    nvdla_features_str(0, buf, sizeof buf);
    ck_assert_str_eq(buf, "");
    nvdla_features_str(FEAT(SDP_EW), buf, sizeof buf);
    ck_assert_str_eq(buf, "SDP EW");
    nvdla_features_str(FEAT(SDP_EW) | FEAT(SDP_LUT) | FEAT(BDMA), buf, sizeof buf);
    ck_assert_str_eq(buf, "SDP EW, SDP LUT and BDMA");
    nvdla_features_str(FEAT(SDP_EW) | FEAT(SDP_LUT) | FEAT(BDMA), buf, 8);
    ck_assert_uint_eq(strlen(buf), 7);
}
END_TEST

/* The programming rules see the configuration's memory atom: a 1x1 SDP
 * copy at 32-byte atoms (consecutive atoms, surface stride ignored) keeps
 * atom-align on nv_large; a 16-byte line stride breaks it there. */
START_TEST(test_prog_check_takes_the_atom)
{
    char text[2048];
    for (int bad = 0; bad < 2; bad++) {
        snprintf(text, sizeof text,
                 "reg_write(NVDLA_SDP_RDMA.D_SRC_BASE_ADDR_LOW_0, 0x80000000);\n"
                 "reg_write(NVDLA_SDP_RDMA.D_SRC_LINE_STRIDE_0, 0x%x);\n"
                 "reg_write(NVDLA_SDP_RDMA.D_SRC_SURFACE_STRIDE_0, 0x20);\n"
                 "reg_write(NVDLA_SDP_RDMA.D_SRC_DMA_CFG_0, 0x1);\n"
                 "reg_write(NVDLA_SDP_RDMA.D_FEATURE_MODE_CFG_0, 0x0);\n"
                 "reg_write(NVDLA_SDP_RDMA.D_DATA_CUBE_CHANNEL_0, 0x3f);\n"
                 "reg_write(NVDLA_SDP.D_DATA_CUBE_CHANNEL_0, 0x3f);\n"
                 "reg_write(NVDLA_SDP.D_DST_BASE_ADDR_LOW_0, 0x90000000);\n"
                 "reg_write(NVDLA_SDP.D_DST_LINE_STRIDE_0, 0x20);\n"
                 "reg_write(NVDLA_SDP.D_DST_SURFACE_STRIDE_0, 0x20);\n"
                 "reg_write(NVDLA_SDP.D_DST_DMA_CFG_0, 0x1);\n"
                 "reg_write(NVDLA_SDP.D_DATA_FORMAT_0, 0x0);\n"
                 "reg_write(NVDLA_SDP.D_OP_ENABLE_0, 0x1);\n"
                 "reg_write(NVDLA_SDP_RDMA.D_OP_ENABLE_0, 0x1);\n" TAIL, bad ? 0x10 : 0x20);
        struct trace *t = parse(text);
        struct trace_prog_violation v[4];
        int n = trace_prog_check(t, nvdla_config_find("nv_large"), v, 4);
        int atom_align = 0;
        for (int i = 0; i < n && i < 4; i++)
            atom_align += v[i].v.rule == NVDLA_RULE_ATOM_ALIGN;
        ck_assert_msg(atom_align == bad, "line stride 0x%x on nv_large: %d atom-align violations", bad ? 0x10 : 0x20,
                      atom_align);
        trace_free(t);
    }
}
END_TEST

static Suite *needs_suite(void)
{
    Suite *s = suite_create("trace_needs");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_bypass_layer_needs_nothing_optional);
    tcase_add_test(tc, test_ew_with_lut);
    tcase_add_test(tc, test_ew_without_lut_and_bs_bn);
    tcase_add_test(tc, test_ping_pong_groups);
    tcase_add_test(tc, test_programmed_but_never_enabled);
    tcase_add_test(tc, test_convolution_features);
    tcase_add_test(tc, test_bdma_rubik_sramif);
    tcase_add_test(tc, test_shipped_traces);
    tcase_add_test(tc, test_features_str);
    tcase_add_test(tc, test_prog_check_takes_the_atom);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(needs_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
