/* Unit tests of sim/ethosu/ethosu_kop: kernel operations decoded from the
 * NPU_SET_* state as Vela 5.2 programs it (values from its disassembled
 * streams), and the refusals. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_cmd.h"
#include "ethosu_kop.h"
#include "ethosu_regfile.h"

static uint16_t set0[0x200];
static uint64_t set1[0x100];
static struct ethosu_regfile rf;
static char err[400];

static void s0(uint16_t op, uint16_t v) { set0[op & 0x1FFu] = v; }
static void s1(uint16_t op, uint64_t v) { set1[op & 0xFFu] = v; }

static void setup(void)
{
    memset(set0, 0, sizeof set0);
    memset(set1, 0, sizeof set1);
    ethosu_rf_hard_reset(&rf, 1, 0);
    /* region 0 at 0x100000000 on M0, region 1 at 0x110000000 on M1 (REGIONCFG region 1 = 2) */
    ethosu_rf_write(&rf, ETHOSU_BASEP_LO(0), 0, 0xF, 1, NULL);
    ethosu_rf_write(&rf, ETHOSU_BASEP_HI(0), 1, 0xF, 1, NULL);
    ethosu_rf_write(&rf, ETHOSU_BASEP_LO(1), 0x10000000u, 0xF, 1, NULL);
    ethosu_rf_write(&rf, ETHOSU_BASEP_HI(1), 1, 0xF, 1, NULL);
    ethosu_rf_write(&rf, ETHOSU_REGIONCFG, 2u << 2, 0xF, 1, NULL);
}

/* Vela's conv_3x3_relu on ethos-u65-256 (8x8x8 -> 8x8x16, SAME). */
static void vela_conv(void)
{
    memset(set0, 0, sizeof set0);
    memset(set1, 0, sizeof set1);
    s0(ETHOSU_NPU_SET_IFM_REGION, 1);
    s1(ETHOSU_NPU_SET_IFM_BASE0, 0x400);
    s0(ETHOSU_NPU_SET_IFM_HEIGHT0_M1, 7);
    s0(ETHOSU_NPU_SET_IFM_HEIGHT1_M1, 7);
    s0(ETHOSU_NPU_SET_IFM_WIDTH0_M1, 7);
    s0(ETHOSU_NPU_SET_IFM_DEPTH_M1, 7);
    s1(ETHOSU_NPU_SET_IFM_STRIDE_Y, 0x40);
    s1(ETHOSU_NPU_SET_IFM_STRIDE_X, 8);
    s1(ETHOSU_NPU_SET_IFM_STRIDE_C, 1);
    s0(ETHOSU_NPU_SET_IFM_ZERO_POINT, 14);
    s0(ETHOSU_NPU_SET_IFM_PRECISION, 1);
    s0(ETHOSU_NPU_SET_IFM_PAD_TOP, 1);
    s0(ETHOSU_NPU_SET_IFM_PAD_LEFT, 1);
    s0(ETHOSU_NPU_SET_IFM_PAD_BOTTOM, 1);
    s0(ETHOSU_NPU_SET_IFM_PAD_RIGHT, 1);
    s0(ETHOSU_NPU_SET_OFM_REGION, 1);
    s0(ETHOSU_NPU_SET_OFM_HEIGHT_M1, 7);
    s0(ETHOSU_NPU_SET_OFM_WIDTH_M1, 7);
    s0(ETHOSU_NPU_SET_OFM_HEIGHT0_M1, 7);
    s0(ETHOSU_NPU_SET_OFM_HEIGHT1_M1, 7);
    s0(ETHOSU_NPU_SET_OFM_WIDTH0_M1, 7);
    s0(ETHOSU_NPU_SET_OFM_DEPTH_M1, 15);
    s1(ETHOSU_NPU_SET_OFM_STRIDE_Y, 0x80);
    s1(ETHOSU_NPU_SET_OFM_STRIDE_X, 0x10);
    s1(ETHOSU_NPU_SET_OFM_STRIDE_C, 1);
    s0(ETHOSU_NPU_SET_OFM_ZERO_POINT, 0xfff0);
    s0(ETHOSU_NPU_SET_OFM_PRECISION, 1);
    s0(ETHOSU_NPU_SET_KERNEL_HEIGHT_M1, 2);
    s0(ETHOSU_NPU_SET_KERNEL_WIDTH_M1, 2);
    s0(ETHOSU_NPU_SET_KERNEL_STRIDE, 4);
    s0(ETHOSU_NPU_SET_WEIGHT_REGION, 0);
    s1(ETHOSU_NPU_SET_WEIGHT_BASE, 0xa0);
    s1(ETHOSU_NPU_SET_WEIGHT_LENGTH, 1360);
    s0(ETHOSU_NPU_SET_SCALE_REGION, 0);
    s1(ETHOSU_NPU_SET_SCALE_BASE, 0);
    s1(ETHOSU_NPU_SET_SCALE_LENGTH, 160);
    s0(ETHOSU_NPU_SET_ACTIVATION, 0);
    s0(ETHOSU_NPU_SET_ACTIVATION_MIN, 0xfff0);
    s0(ETHOSU_NPU_SET_ACTIVATION_MAX, 127);
    s0(ETHOSU_NPU_SET_OFM_BLK_DEPTH_M1, 15);
}

START_TEST(vela_conv_decoded)
{
    struct ethosu_kop op;
    vela_conv();
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_CONV, 0, set0, set1, &rf, 1, err, sizeof err), 0);
    /* IFM: (8 - 1) * 1 + 3 - 1 - 1 = 8 wide and high, depth from IFM_DEPTH_M1 */
    ck_assert_uint_eq(op.ifm.w, 8);
    ck_assert_uint_eq(op.ifm.h, 8);
    ck_assert_uint_eq(op.ifm.c, 8);
    ck_assert_uint_eq(op.ifm.base[0], 0x110000400ull);
    ck_assert_uint_eq(op.ifm.port, 1);
    ck_assert_uint_eq(op.ofm.c, 16);
    ck_assert_uint_eq(op.ofm.base[0], 0x110000000ull);
    ck_assert_int_eq(op.ifm_zp, 14);
    ck_assert_int_eq(op.ofm_zp, -16);
    ck_assert_int_eq(op.act_min, -16);
    ck_assert_int_eq(op.act_max, 127);
    ck_assert_uint_eq(op.kernel_w, 3);
    ck_assert_uint_eq(op.stride_x, 1);
    ck_assert_int_eq(op.part_kernel_first, 1);   /* KERNEL_STRIDE b2 */
    ck_assert_uint_eq(op.kernel_split, 8);
    ck_assert_uint_eq(op.weights[0].addr, 0x1000000a0ull);
    ck_assert_uint_eq(op.weights[0].len, 1360);
    ck_assert_uint_eq(op.weights[0].port, 0);
    ck_assert_uint_eq(op.scales[0].len, 160);
    ck_assert_uint_eq(op.weights[1].len, 0);   /* one core */
    ck_assert_uint_eq(op.ofm_block_depth, 16);
    ck_assert_int_eq(op.ifm.elem_bytes, 1);
    ck_assert_int_eq(op.ifm.is_signed, 1);
}
END_TEST

START_TEST(stride_dilation_upscale_precision)
{
    struct ethosu_kop op;
    vela_conv();
    /* stride x 3: 2 = msb 1 (b6), lsb 0; stride y 4: 3 = msb 1 (b9), lsb 1 (b1); dilation x 2 (b3) */
    s0(ETHOSU_NPU_SET_KERNEL_STRIDE, (1u << 6) | (1u << 1) | (1u << 9) | (1u << 3));
    s0(ETHOSU_NPU_SET_KERNEL_WIDTH_M1, 4);   /* dilation 2 * (3 - 1) */
    s0(ETHOSU_NPU_SET_IFM_PRECISION, (1u << 2) | (1u << 6));   /* uint16 NHCWB16 */
    s1(ETHOSU_NPU_SET_IFM_STRIDE_X, 32);
    s1(ETHOSU_NPU_SET_IFM_STRIDE_C, 0x200);
    s0(ETHOSU_NPU_SET_OFM_PRECISION, (2u << 1) | 1u | (1u << 8) | (2u << 14));   /* int32, global, natural */
    s1(ETHOSU_NPU_SET_OFM_STRIDE_X, 64);
    s1(ETHOSU_NPU_SET_OFM_STRIDE_Y, 0x200);
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_CONV, 0, set0, set1, &rf, 1, err, sizeof err), 0);
    ck_assert_uint_eq(op.stride_x, 3);
    ck_assert_uint_eq(op.stride_y, 4);
    ck_assert_uint_eq(op.dilation_x, 2);
    ck_assert_uint_eq(op.kernel_w, 3);
    /* IFM width (8 - 1) * 3 + 5 - 2 = 24, height (8 - 1) * 4 + 3 - 2 = 29 */
    ck_assert_uint_eq(op.ifm.w, 24);
    ck_assert_uint_eq(op.ifm.h, 29);
    ck_assert_uint_eq(op.ifm.elem_bytes, 2);
    ck_assert_int_eq(op.ifm.is_signed, 0);
    ck_assert_int_eq(op.ifm.nhcwb16, 1);
    ck_assert_uint_eq(op.ofm.elem_bytes, 4);
    ck_assert_int_eq(op.ofm_global_scale, 1);
    ck_assert_uint_eq(op.round_mode, 2);
    /* nearest upscale: the IFM is half the upscaled extent, rounded up: 12 x 15 */
    s0(ETHOSU_NPU_SET_IFM_UPSCALE, 1);
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_CONV, 0, set0, set1, &rf, 1, err, sizeof err), 0);
    ck_assert_uint_eq(op.ifm.w, 12);
    ck_assert_uint_eq(op.ifm.h, 15);
}
END_TEST

START_TEST(elementwise_broadcast_scalar_lut)
{
    struct ethosu_kop op;
    vela_conv();
    s0(ETHOSU_NPU_SET_IFM2_REGION, 0);
    s1(ETHOSU_NPU_SET_IFM2_BASE0, 0x40);
    s0(ETHOSU_NPU_SET_IFM2_PRECISION, 1);
    s0(ETHOSU_NPU_SET_IFM2_BROADCAST, (1u << 2) | (1u << 6));   /* broadcast C, reversed */
    s0(ETHOSU_NPU_SET_IFM2_ZERO_POINT, 0xFFFE);
    s0(ETHOSU_NPU_SET_ACTIVATION, 16 + 3);                        /* LUT slot 3 */
    s1(ETHOSU_NPU_SET_OPA_SCALE, (uint64_t)5 << 32 | 1234);
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_ELEMENTWISE, 1, set0, set1, &rf, 1, err, sizeof err), 0);
    ck_assert_int_eq(op.has_ifm2, 1);
    ck_assert_uint_eq(op.ifm.w, 8);   /* the OFM's shape */
    ck_assert_uint_eq(op.ifm.c, 16);
    ck_assert_uint_eq(op.ifm2.c, 1);
    ck_assert_uint_eq(op.ifm2.w, 8);
    ck_assert_uint_eq(op.reversed, 1);
    ck_assert_int_eq(op.ifm2_zp, -2);
    ck_assert_uint_eq(op.ifm2.base[0], 0x100000040ull);
    ck_assert_uint_eq(op.act_fn, ETHOSU_ACT_LUT0);
    ck_assert_uint_eq(op.lut_slot, 3);
    ck_assert_uint_eq(op.opa_scale, 1234);
    ck_assert_uint_eq(op.opa_shift, 5);
    ck_assert_uint_eq(op.weights[0].len, 0);   /* no weights for elementwise */
    /* scalar (b7): no IFM2 map */
    s0(ETHOSU_NPU_SET_IFM2_BROADCAST, 1u << 7);
    s0(ETHOSU_NPU_SET_IFM2_SCALAR, 0xFF85);   /* -123 */
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_ELEMENTWISE, 2, set0, set1, &rf, 1, err, sizeof err), 0);
    ck_assert_int_eq(op.ifm2_is_scalar, 1);
    ck_assert_int_eq(op.ifm2_scalar, -123);
    /* ABS is unary */
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_ELEMENTWISE, 6, set0, set1, &rf, 1, err, sizeof err), 0);
    ck_assert_int_eq(op.has_ifm2, 0);
}
END_TEST

START_TEST(two_cores_streams)
{
    struct ethosu_kop op;
    vela_conv();
    s1(ETHOSU_NPU_SET_WEIGHT1_BASE, 0x600);
    s1(ETHOSU_NPU_SET_WEIGHT1_LENGTH, 672);
    s1(ETHOSU_NPU_SET_SCALE1_BASE, 0x50);
    s1(ETHOSU_NPU_SET_SCALE1_LENGTH, 80);
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_CONV, 0, set0, set1, &rf, 2, err, sizeof err), 0);
    ck_assert_uint_eq(op.cores, 2);
    ck_assert_uint_eq(op.weights[1].addr, 0x100000600ull);
    ck_assert_uint_eq(op.weights[1].len, 672);
    ck_assert_uint_eq(op.scales[1].addr, 0x100000050ull);
    /* pooling reads no streams, whatever the stale registers say */
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_POOL, 0, set0, set1, &rf, 2, err, sizeof err), 0);
    ck_assert_uint_eq(op.weights[0].len + op.weights[1].len + op.scales[0].len + op.scales[1].len, 0);
    ck_assert_uint_eq(op.ifm.c, 16);   /* pooling: the OFM's depth */
    /* REDUCE_SUM sums IFM_DEPTH channels (8 here) into an OFM of depth 1
     * (Vela's softmax): the IFM keeps its own depth */
    s0(ETHOSU_NPU_SET_OFM_DEPTH_M1, 0);
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_POOL, 2, set0, set1, &rf, 2, err, sizeof err), 0);
    ck_assert_uint_eq(op.ifm.c, 8);
    ck_assert_uint_eq(op.ofm.c, 1);
}
END_TEST

START_TEST(refusals)
{
    struct ethosu_kop op;
    vela_conv();
    s0(ETHOSU_NPU_SET_ACTIVATION, 7);
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_CONV, 0, set0, set1, &rf, 1, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "activation function 7 is reserved"));
    s0(ETHOSU_NPU_SET_ACTIVATION, 0);
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_POOL, 3, set0, set1, &rf, 1, err, sizeof err), -1);
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_ELEMENTWISE, 10, set0, set1, &rf, 1, err, sizeof err),
                     -1);
    s0(ETHOSU_NPU_SET_KERNEL_STRIDE, 1u << 3);   /* dilation 2 with an extent of 3: not 2 * (k - 1) */
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_CONV, 0, set0, set1, &rf, 1, err, sizeof err), 0);
    s0(ETHOSU_NPU_SET_KERNEL_WIDTH_M1, 3);
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_CONV, 0, set0, set1, &rf, 1, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "multiple of the dilation"));
    vela_conv();
    s0(ETHOSU_NPU_SET_OFM_PRECISION, 3u << 1);   /* 64-bit */
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_CONV, 0, set0, set1, &rf, 1, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "OFM precision"));
    vela_conv();
    s0(ETHOSU_NPU_SET_IFM_PAD_LEFT, 20);   /* pads larger than the window: no IFM left */
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_CONV, 0, set0, set1, &rf, 1, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "leave no IFM"));
    vela_conv();
    s1(ETHOSU_NPU_SET_OFM_BASE0, 0xFFFFFFFFF0ull);   /* the OFM runs past 2^40 */
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_CONV, 0, set0, set1, &rf, 1, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "40-bit"));
    vela_conv();
    s0(ETHOSU_NPU_SET_IFM_PRECISION, 1u << 2);   /* 16-bit NHWC: base 0x400 fine, STRIDE_X 8 fine ... */
    s1(ETHOSU_NPU_SET_IFM_STRIDE_Y, 0x41);      /* ... STRIDE_Y odd: not element aligned */
    ck_assert_int_eq(ethosu_kop_decode(&op, ETHOSU_NPU_OP_CONV, 0, set0, set1, &rf, 1, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "IFM: strides") != NULL, "%s", err);
}
END_TEST

/* Random register states: decode returns 0 or -1 with a reason, never
 * crashes; a decoded operation's maps are within the limits and plannable. */
START_TEST(random_states_decode_or_refuse)
{
    uint64_t x = 0x9E3779B97F4A7C15ull;
    unsigned ok = 0, refused = 0;
    static const uint16_t ops[] = { ETHOSU_NPU_OP_CONV, ETHOSU_NPU_OP_DEPTHWISE, ETHOSU_NPU_OP_POOL,
                                    ETHOSU_NPU_OP_ELEMENTWISE };
    for (int it = 0; it < 3000; it++) {
        vela_conv();
        for (int k = 0; k < 6; k++) {   /* disturb a few registers, mostly with small values */
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            uint16_t v = (uint16_t)((x >> 20) & 3 ? (x >> 32) & 0x1F : x >> 40);
            if (x & 1)
                set0[0x100 + (x >> 8) % 0x90] = v;
            else
                set1[(x >> 8) % 0x94] = (x >> 24) & 1 ? v : x >> 16;
        }
        struct ethosu_kop op;
        err[0] = 0;
        int rc = ethosu_kop_decode(&op, ops[x % 4], (uint16_t)((x >> 4) % 11), set0, set1, &rf, 1 + (x >> 3) % 2,
                                   err, sizeof err);
        if (rc) {
            ck_assert_msg(err[0] != 0, "refused without a reason");
            refused++;
            continue;
        }
        ok++;
        ck_assert_uint_le((uint64_t)op.ofm.h * op.ofm.w * op.ofm.c, ETHOSU_KOP_MAX_ELEMENTS);
        ck_assert_uint_le((uint64_t)op.ifm.h * op.ifm.w * op.ifm.c, ETHOSU_KOP_MAX_ELEMENTS);
        if ((uint64_t)op.ifm.h * op.ifm.w * op.ifm.c <= 65536) {
            struct ethosu_fml_io io;
            ethosu_fml_io_init(&io);
            ck_assert_int_eq(ethosu_fml_plan(&op.ifm, 1, &io), 0);
            ethosu_fml_io_free(&io);
        }
    }
    ck_assert_uint_gt(ok, 100);
    ck_assert_uint_gt(refused, 100);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ethosu_kop");
    TCase *tc = tcase_create("decode");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, vela_conv_decoded);
    tcase_add_test(tc, stride_dilation_upscale_precision);
    tcase_add_test(tc, elementwise_broadcast_scalar_lut);
    tcase_add_test(tc, two_cores_streams);
    tcase_add_test(tc, refusals);
    tcase_add_test(tc, random_states_decode_or_refuse);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
