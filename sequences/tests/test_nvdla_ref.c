/* Unit tests of the trace reference executor (sequences/nvdla_ref): it runs
 * an enabled SDP layer on its memory image like the hardware (values worked
 * out by hand below), retires units it has no model for, and explains a
 * mismatch with the first differing element's (w, h, c). */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "nvdla_ref.h"
#include "nvdla_regs.h"
#include "trace_golden.h"

#define SRC 0x1000u
#define DST 0x2000u

/* A 2x1x10 SDP layer, BS: x + 3, output converter scale 2: out = sat8((x + 3) * 2). */
static struct nvdla_ref *sdp_layer(void)
{
    struct nvdla_ref *r = nvdla_ref_create();
    ck_assert_ptr_nonnull(r);
    /* input byte at (x, 0, c) = 10c + x - 50, all 16 lanes of the two surfaces;
     * line stride 16, surface stride 16 */
    for (unsigned c = 0; c < 16; c++)
        for (unsigned x = 0; x < 2; x++) {
            uint8_t v = (uint8_t)(int8_t)(10 * (int)c + (int)x - 50);
            nvdla_ref_mem_write(r, SRC + (c / 8) * 16 + x * 8 + c % 8, &v, 1);
        }
    static const uint32_t prog[][2] = {
        { NVDLA_SDP_RDMA_D_DATA_CUBE_WIDTH, 1 }, { NVDLA_SDP_RDMA_D_DATA_CUBE_HEIGHT, 0 },
        { NVDLA_SDP_RDMA_D_DATA_CUBE_CHANNEL, 9 }, { NVDLA_SDP_RDMA_D_SRC_BASE_ADDR_LOW, SRC },
        { NVDLA_SDP_RDMA_D_SRC_LINE_STRIDE, 16 }, { NVDLA_SDP_RDMA_D_SRC_SURFACE_STRIDE, 16 },
        { NVDLA_SDP_RDMA_D_SRC_DMA_CFG, 1 }, { NVDLA_SDP_D_DST_DMA_CFG, 1 },   /* MC: DBBIF */
        { NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG, 0 }, { NVDLA_SDP_RDMA_D_BRDMA_CFG, 1 },
        { NVDLA_SDP_RDMA_D_NRDMA_CFG, 1 }, { NVDLA_SDP_RDMA_D_ERDMA_CFG, 1 },
        { NVDLA_SDP_D_DATA_CUBE_WIDTH, 1 }, { NVDLA_SDP_D_DATA_CUBE_HEIGHT, 0 },
        { NVDLA_SDP_D_DATA_CUBE_CHANNEL, 9 }, { NVDLA_SDP_D_DST_BASE_ADDR_LOW, DST },
        { NVDLA_SDP_D_DST_LINE_STRIDE, 16 }, { NVDLA_SDP_D_DST_SURFACE_STRIDE, 16 },
        { NVDLA_SDP_D_DP_BS_CFG, 0x58 },   /* on: ALU SUM, MUL and ReLU bypassed */
        { NVDLA_SDP_D_DP_BS_ALU_SRC_VALUE, 3 }, { NVDLA_SDP_D_DP_BN_CFG, 0x53 },
        { NVDLA_SDP_D_DP_EW_CFG, 0x53 }, { NVDLA_SDP_D_CVT_SCALE, 2 }, { NVDLA_SDP_D_DATA_FORMAT, 0 },
        { NVDLA_SDP_D_OP_ENABLE, 1 }, { NVDLA_SDP_RDMA_D_OP_ENABLE, 1 },
    };
    for (unsigned i = 0; i < sizeof prog / sizeof prog[0]; i++)
        nvdla_ref_reg_write(r, prog[i][0], prog[i][1]);
    return r;
}

static int8_t at(const struct nvdla_ref *r, uint64_t a)
{
    int8_t v;
    sparse_mem_read(nvdla_ref_mem(r), a, &v, 1);
    return v;
}

START_TEST(runs_sdp_layer_like_hardware)
{
    struct nvdla_ref *r = sdp_layer();
    ck_assert_int_eq(at(r, DST), 0);            /* nothing runs before asked */
    ck_assert_int_eq(nvdla_ref_run(r), 1);
    ck_assert_int_eq(at(r, DST + 0), -94);      /* (0,0,0): (-50 + 3) * 2 */
    ck_assert_int_eq(at(r, DST + 8 + 5), 8);    /* (1,0,5): (1 + 3) * 2 */
    ck_assert_int_eq(at(r, DST + 16 + 8 + 1), 88);   /* (1,0,9): (41 + 3) * 2 */
    ck_assert_int_eq(at(r, DST + 16 + 7), 127); /* lane 15 past C: (100 + 3) * 2 saturates */
    ck_assert_int_eq(at(r, DST + 32), 0);       /* past the cube: untouched */
    ck_assert_int_eq(nvdla_ref_run(r), 0);      /* OP_EN was cleared: nothing left */
    nvdla_ref_destroy(r);
}
END_TEST

START_TEST(explains_first_difference_with_coordinate)
{
    struct nvdla_ref *r = sdp_layer();
    nvdla_ref_run(r);
    uint8_t actual[32];
    sparse_mem_read(nvdla_ref_mem(r), DST, actual, sizeof actual);
    char rep[8192];
    ck_assert_int_eq(nvdla_ref_explain(r, actual, DST, sizeof actual, rep, sizeof rep), -1);
    actual[16 + 8 + 1] = 0;    /* (1, 0, 9) */
    actual[16 + 8 + 3] = 1;    /* a later difference must not be the one reported */
    ck_assert_int_eq(nvdla_ref_explain(r, actual, DST, sizeof actual, rep, sizeof rep), 1);
    ck_assert_msg(strstr(rep, "(w=1, h=0, c=9)") != NULL, "%s", rep);
    ck_assert_msg(strstr(rep, "expected 88, actual 0") != NULL, "%s", rep);
    ck_assert_msg(strstr(rep, "2 of 32 bytes differ") != NULL, "%s", rep);
    ck_assert_msg(strstr(rep, "SDP group 0") != NULL, "%s", rep);
    ck_assert_msg(strstr(rep, "D_DP_BS_CFG=0x58") != NULL, "%s", rep);   /* the register setup */
    nvdla_ref_destroy(r);
}
END_TEST

START_TEST(uncovered_units_are_named)
{
    struct nvdla_ref *r = nvdla_ref_create();
    nvdla_ref_reg_write(r, NVDLA_CDP_D_OP_ENABLE, 1);
    nvdla_ref_reg_write(r, NVDLA_CDP_RDMA_D_OP_ENABLE, 1);
    ck_assert_int_eq(nvdla_ref_run(r), 1);
    uint8_t actual[8] = { 1 };
    char rep[4096];
    ck_assert_int_eq(nvdla_ref_explain(r, actual, 0x5000, sizeof actual, rep, sizeof rep), 0);
    ck_assert_msg(strstr(rep, "no golden-covered layer") != NULL, "%s", rep);
    ck_assert_msg(strstr(rep, "CDP group 0") != NULL, "%s", rep);
    nvdla_ref_destroy(r);
}
END_TEST

/* The golden models alone (no DUT) reproduce the CRC of every shipped
 * NVDLA trace: SDP, PDP, CDP and convolution. */
START_TEST(golden_reproduces_every_shipped_trace)
{
    const char *root = getenv("NVDLA_TRACES");
    if (!root)
        root = "../shared/testdata/nvdla-traces/nv_small";
    DIR *dh = opendir(root);
    ck_assert_msg(dh != NULL, "the NVDLA traces are not at %s: set NVDLA_TRACES to their folder", root);
    unsigned n = 0;
    struct dirent *e;
    char err[2048];
    while ((e = readdir(dh))) {
        char p[1024];
        struct stat st;
        snprintf(p, sizeof p, "%s/%s", root, e->d_name);
        if (e->d_name[0] == '.' || stat(p, &st) || !S_ISDIR(st.st_mode))
            continue;
        struct trace *t = trace_parse(p, err, sizeof err);
        ck_assert_msg(t != NULL, "%s", err);
        int failed = trace_golden_run(t, stdout);
        ck_assert_msg(failed == 0, "%s: %d CRC checks fail on the golden models", t->name, failed);
        trace_free(t);
        n++;
    }
    closedir(dh);
    ck_assert_uint_ge(n, 46);
}
END_TEST

/* The same for the nv_large traces on the nv_large reference: 32-byte
 * atoms, sec_mem images (CDP on SRAMIF), sync_notify/sync_wait. */
START_TEST(golden_reproduces_the_nv_large_traces)
{
    const char *root = getenv("NVDLA_TRACES_NV_LARGE");
    if (!root)
        root = "../shared/testdata/nvdla-traces/nv_large";
    DIR *dh = opendir(root);
    ck_assert_msg(dh != NULL, "the nv_large traces are not at %s: set NVDLA_TRACES_NV_LARGE", root);
    const struct nvdla_config *hw = nvdla_config_find("nv_large");
    ck_assert_ptr_nonnull(hw);
    unsigned n = 0;
    struct dirent *e;
    char err[2048];
    while ((e = readdir(dh))) {
        char p[1024];
        struct stat st;
        snprintf(p, sizeof p, "%s/%s", root, e->d_name);
        if (e->d_name[0] == '.' || stat(p, &st) || !S_ISDIR(st.st_mode))
            continue;
        struct trace *t = trace_parse(p, err, sizeof err);
        ck_assert_msg(t != NULL, "%s", err);
        int failed = trace_golden_run_config(t, hw, stdout);
        ck_assert_msg(failed == 0, "%s: %d CRC checks fail on the nv_large golden models", t->name, failed);
        trace_free(t);
        n++;
    }
    closedir(dh);
    ck_assert_uint_ge(n, 6);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("nvdla_ref");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, runs_sdp_layer_like_hardware);
    tcase_add_test(tc, explains_first_difference_with_coordinate);
    tcase_add_test(tc, uncovered_units_are_named);
    tcase_add_test(tc, golden_reproduces_every_shipped_trace);
    tcase_add_test(tc, golden_reproduces_the_nv_large_traces);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
