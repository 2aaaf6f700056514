/* Unit tests of the trace reference executor (sequences/trace/nvdla_ref): it runs
 * an enabled SDP layer on its memory image like the hardware (values worked
 * out by hand below), retires units it has no model for, and explains a
 * mismatch with the first differing element's (w, h, c). */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "nvdla_config.h"
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
        root = "testdata/nvdla-traces/nv_small";
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
        root = "testdata/nvdla-traces/nv_large";
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

/* ---- image (pixel) input, arithmetic spec 8.6, worked by hand ------------
 * One image-mode convolution flying into an SDP that passes the CACC
 * results through (every stage bypassed, converter scale 1), written to
 * IMG_DST in the configuration's atoms. */
#define IMG_Y    0x4000u
#define IMG_UV   0x5000u
#define IMG_WT   0x6000u
#define IMG_DST  0x7000u

struct img_prog {
    unsigned format, x_offset, w, h, pad_left, pad_right, pad_value;
    unsigned line_stride, uv_stride, mean_format, mean[4], cvt_offset, clip;
    unsigned kr, kc, kk, out_w, out_h;   /* kernel rows, C' = S * Cp, kernels */
};

static void img_layer(struct nvdla_ref *r, const struct img_prog *p, unsigned lanes)
{
    unsigned cp = p->format == 0 ? 1 : p->format >= 28 ? 3 : 4;
    const uint32_t prog[][2] = {
        { NVDLA_SDP_D_DATA_CUBE_WIDTH, p->out_w - 1 }, { NVDLA_SDP_D_DATA_CUBE_HEIGHT, p->out_h - 1 },
        { NVDLA_SDP_D_DATA_CUBE_CHANNEL, p->kk - 1 }, { NVDLA_SDP_D_DST_BASE_ADDR_LOW, IMG_DST },
        { NVDLA_SDP_D_DST_LINE_STRIDE, p->out_w * lanes },
        { NVDLA_SDP_D_DST_SURFACE_STRIDE, p->out_w * p->out_h * lanes },
        { NVDLA_SDP_D_DP_BS_CFG, 0x53 }, { NVDLA_SDP_D_DP_BN_CFG, 0x53 }, { NVDLA_SDP_D_DP_EW_CFG, 0x53 },
        { NVDLA_SDP_D_FEATURE_MODE_CFG, 1 }, { NVDLA_SDP_D_DATA_FORMAT, 0 }, { NVDLA_SDP_D_CVT_SCALE, 1 },
        { NVDLA_SDP_D_DST_DMA_CFG, 1 },
        { NVDLA_SDP_RDMA_D_DATA_CUBE_WIDTH, p->out_w - 1 }, { NVDLA_SDP_RDMA_D_DATA_CUBE_HEIGHT, p->out_h - 1 },
        { NVDLA_SDP_RDMA_D_DATA_CUBE_CHANNEL, p->kk - 1 }, { NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG, 1 },
        { NVDLA_SDP_RDMA_D_BRDMA_CFG, 1 }, { NVDLA_SDP_RDMA_D_NRDMA_CFG, 1 }, { NVDLA_SDP_RDMA_D_ERDMA_CFG, 1 },
        { NVDLA_CDMA_D_MISC_CFG, 0 }, { NVDLA_CDMA_D_DATAIN_FORMAT, 1u | p->format << 8 },
        { NVDLA_CDMA_D_DATAIN_SIZE_0, (p->h - 1) << 16 | (p->w - 1) }, { NVDLA_CDMA_D_DATAIN_SIZE_1, cp - 1 },
        { NVDLA_CDMA_D_PIXEL_OFFSET, p->x_offset }, { NVDLA_CDMA_D_DAIN_ADDR_LOW_0, IMG_Y },
        { NVDLA_CDMA_D_DAIN_ADDR_LOW_1, IMG_UV }, { NVDLA_CDMA_D_LINE_STRIDE, p->line_stride },
        { NVDLA_CDMA_D_LINE_UV_STRIDE, p->uv_stride }, { NVDLA_CDMA_D_DAIN_RAM_TYPE, 1 },
        { NVDLA_CDMA_D_WEIGHT_RAM_TYPE, 1 }, { NVDLA_CDMA_D_WEIGHT_ADDR_LOW, IMG_WT },
        { NVDLA_CDMA_D_WEIGHT_BYTES, 32 }, { NVDLA_CDMA_D_WEIGHT_SIZE_0, p->kr * p->kc - 1 },
        { NVDLA_CDMA_D_WEIGHT_SIZE_1, p->kk - 1 }, { NVDLA_CDMA_D_MEAN_FORMAT, p->mean_format },
        { NVDLA_CDMA_D_MEAN_GLOBAL_0, p->mean[1] << 16 | p->mean[0] },
        { NVDLA_CDMA_D_MEAN_GLOBAL_1, p->mean[3] << 16 | p->mean[2] },
        { NVDLA_CDMA_D_CVT_CFG, 1 }, { NVDLA_CDMA_D_CVT_OFFSET, p->cvt_offset }, { NVDLA_CDMA_D_CVT_SCALE, 1 },
        { NVDLA_CDMA_D_ZERO_PADDING, p->pad_right << 8 | p->pad_left },
        { NVDLA_CDMA_D_ZERO_PADDING_VALUE, p->pad_value },
        { NVDLA_CSC_D_MISC_CFG, 0 }, { NVDLA_CSC_D_DATAIN_FORMAT, 1 },
        { NVDLA_CSC_D_DATAIN_SIZE_EXT_0, (p->h - 1) << 16 | (p->w - 1) },
        { NVDLA_CSC_D_DATAIN_SIZE_EXT_1, cp - 1 }, { NVDLA_CSC_D_WEIGHT_SIZE_EXT_0, (p->kr - 1) << 16 },
        { NVDLA_CSC_D_WEIGHT_SIZE_EXT_1, (p->kk - 1) << 16 | (p->kc - 1) },
        { NVDLA_CSC_D_DATAOUT_SIZE_0, (p->out_h - 1) << 16 | (p->out_w - 1) },
        { NVDLA_CSC_D_DATAOUT_SIZE_1, p->kk - 1 }, { NVDLA_CSC_D_WEIGHT_BYTES, 32 },
        { NVDLA_CMAC_A_D_MISC_CFG, 0 }, { NVDLA_CMAC_B_D_MISC_CFG, 0 }, { NVDLA_CACC_D_MISC_CFG, 0 },
        { NVDLA_CACC_D_CLIP_CFG, p->clip },
        { NVDLA_SDP_RDMA_D_OP_ENABLE, 1 }, { NVDLA_SDP_D_OP_ENABLE, 1 }, { NVDLA_CACC_D_OP_ENABLE, 1 },
        { NVDLA_CMAC_A_D_OP_ENABLE, 1 }, { NVDLA_CMAC_B_D_OP_ENABLE, 1 }, { NVDLA_CSC_D_OP_ENABLE, 1 },
        { NVDLA_CDMA_D_OP_ENABLE, 1 },
    };
    for (unsigned i = 0; i < sizeof prog / sizeof prog[0]; i++)
        nvdla_ref_reg_write(r, prog[i][0], prog[i][1]);
}

/* A8B8G8R8 (12: component e = byte e of the pixel), 2x2 pixels, x offset 1
 * (pixel 0 of each line is skipped: filled with 0xEE), line stride 32;
 * byte b of pixel P of line y = 100 + 10y + 4P + b. Per-component means
 * 10, 20, 30, 40, scale 1: converted (y = 0) pixel 1 = 94 85 76 67, pixel 2
 * = 98 89 80 71; line 1 adds 10 to each. CDMA pad left 1 with value -1:
 * assembled line = [-1 -1 -1 -1 | pixel 1 | pixel 2]. One kernel, R = 1,
 * S = 2 (C' = 8), weights j + 1 (offset j: one group, one block), stride 1:
 *  (0,0): -(1+2+3+4) + 5*94 + 6*85 + 7*76 + 8*67 = -10 + 2048 = 2038
 *  (1,0): 1*94 + 2*85 + 3*76 + 4*67 + 5*98 + 6*89 + 7*80 + 8*71 = 760 + 2152 = 2912
 *  (0,1): -10 + 2048 + 10*26 = 2298;  (1,1): 860 + 2412 = 3272
 * CACC clip 5 (round half away): 63.69 -> 64, 91, 71.81 -> 72, 102.25 -> 102. */
static void packed_abgr(const char *config)
{
    const struct nvdla_config *hw = nvdla_config_find(config);
    ck_assert_ptr_nonnull(hw);
    unsigned lanes = hw->memory_atomic_size;
    struct nvdla_ref *r = nvdla_ref_create();
    nvdla_ref_set_config(r, hw);
    for (unsigned y = 0; y < 2; y++)
        for (unsigned P = 0; P < 3; P++)
            for (unsigned b = 0; b < 4; b++) {
                uint8_t v = P ? (uint8_t)(100 + 10 * y + 4 * P + b) : 0xEE;
                nvdla_ref_mem_write(r, IMG_Y + y * 32 + P * 4 + b, &v, 1);
            }
    uint8_t wt[32] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    nvdla_ref_mem_write(r, IMG_WT, wt, sizeof wt);
    const struct img_prog p = { .format = 12, .x_offset = 1, .w = 2, .h = 2, .pad_left = 1, .pad_value = 0xff,
                                .line_stride = 32, .mean_format = 1, .mean = { 10, 20, 30, 40 }, .clip = 5,
                                .kr = 1, .kc = 8, .kk = 1, .out_w = 2, .out_h = 2 };
    img_layer(r, &p, lanes);
    ck_assert_int_eq(nvdla_ref_run(r), 1);
    ck_assert_int_eq(at(r, IMG_DST + 0 * lanes), 64);
    ck_assert_int_eq(at(r, IMG_DST + 1 * lanes), 91);
    ck_assert_int_eq(at(r, IMG_DST + 2 * lanes), 72);
    ck_assert_int_eq(at(r, IMG_DST + 3 * lanes), 102);
    ck_assert_int_eq(at(r, IMG_DST + 1), 0);   /* lane 1: no kernel */
    nvdla_ref_destroy(r);
}

START_TEST(image_packed_a8b8g8r8_nv_small)
{
    packed_abgr("nv_small");
}
END_TEST

START_TEST(image_packed_a8b8g8r8_nv_large)
{
    packed_abgr("nv_large");
}
END_TEST

/* Semi-planar Y8___U8V8_N444 (28: e1 = the second chroma byte, e2 = the
 * first), 2x1 pixels, x offset 0; Y = 130, 140; chroma pairs (150, 100),
 * (120, 160) on the UV plane; CVT_OFFSET 128 (no per-component mean),
 * scale 1: pixel 0 = (2, -28, 22), pixel 1 = (12, 32, -8). Two kernels
 * S = R = 1 (C' = 3), weights at kl * 3 + j (one group, one partial
 * block): k0 = (1, 2, 3), k1 = (-1, 0, 1):
 *  k0: 2 - 56 + 66 = 12,  12 + 64 - 24 = 52;  k1: -2 + 22 = 20,  -12 - 8 = -20.
 * CACC clip 0. */
static void semi_planar(const char *config)
{
    const struct nvdla_config *hw = nvdla_config_find(config);
    ck_assert_ptr_nonnull(hw);
    unsigned lanes = hw->memory_atomic_size;
    struct nvdla_ref *r = nvdla_ref_create();
    nvdla_ref_set_config(r, hw);
    const uint8_t y[2] = { 130, 140 }, uv[4] = { 150, 100, 120, 160 };
    nvdla_ref_mem_write(r, IMG_Y, y, sizeof y);
    nvdla_ref_mem_write(r, IMG_UV, uv, sizeof uv);
    uint8_t wt[32] = { 1, 2, 3, 0xff, 0, 1 };
    nvdla_ref_mem_write(r, IMG_WT, wt, sizeof wt);
    const struct img_prog p = { .format = 28, .w = 2, .h = 1, .line_stride = 64, .uv_stride = 64,
                                .cvt_offset = 128, .kr = 1, .kc = 3, .kk = 2, .out_w = 2, .out_h = 1 };
    img_layer(r, &p, lanes);
    ck_assert_int_eq(nvdla_ref_run(r), 1);
    ck_assert_int_eq(at(r, IMG_DST + 0), 12);
    ck_assert_int_eq(at(r, IMG_DST + lanes), 52);
    ck_assert_int_eq(at(r, IMG_DST + 1), 20);
    ck_assert_int_eq(at(r, IMG_DST + lanes + 1), -20);
    nvdla_ref_destroy(r);
}

START_TEST(image_semi_planar_u8v8_nv_small)
{
    semi_planar("nv_small");
}
END_TEST

START_TEST(image_semi_planar_u8v8_nv_large)
{
    semi_planar("nv_large");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("nvdla_ref");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, runs_sdp_layer_like_hardware);
    tcase_add_test(tc, explains_first_difference_with_coordinate);
    tcase_add_test(tc, uncovered_units_are_named);
    tcase_add_test(tc, image_packed_a8b8g8r8_nv_small);
    tcase_add_test(tc, image_packed_a8b8g8r8_nv_large);
    tcase_add_test(tc, image_semi_planar_u8v8_nv_small);
    tcase_add_test(tc, image_semi_planar_u8v8_nv_large);
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
