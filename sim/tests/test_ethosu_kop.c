/* Unit tests of sim/ethosu/ethosu_kop and ethosu_kop85: kernel operations
 * decoded from the NPU_SET_* state as Vela 5.2 programs it for the U55/U65
 * and the U85 (values from its disassembled streams), and the refusals. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_cmd.h"
#include "ethosu_kexec.h"
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


/* ---- the Ethos-U85 (ethosu_kop85: command stream 2.0), register values
 * from Vela 5.2's listings for ethos-u85-256 (conv_3x3_relu, add_broadcast) */

/* One command of a listing: code, param, payload (cmd1). */
struct cmd {
    uint16_t code, param;
    uint32_t payload;
};

static void load(const struct cmd *c, size_t n)
{
    memset(set0, 0, sizeof set0);
    memset(set1, 0, sizeof set1);
    for (size_t i = 0; i < n; i++) {
        if (c[i].code & 0x4000u)
            set1[c[i].code & 0xFFu] = (uint64_t)c[i].param << 32 | c[i].payload;
        else
            set0[c[i].code & 0x1FFu] = c[i].param;
    }
}

static void setup85(void)
{
    ck_assert_int_eq(ethosu_rf_set_config(&rf, ETHOSU_CFG_U85_256), 0);
    ethosu_rf_hard_reset(&rf, 1, 0);
    /* region 1 at 0x110000000 */
    ethosu_rf_write(&rf, ETHOSU_BASEP_LO(1), 0x10000000u, 0xF, 1, NULL);
    ethosu_rf_write(&rf, ETHOSU_BASEP_HI(1), 1, 0xF, 1, NULL);
}

/* conv_3x3_relu: 8x8x8 -> 8x8x16, SAME, part-kernel-first. */
static const struct cmd u85_conv[] = {
    { 0x4024, 0x0029, 0x65d66027 }, { 0x0105, 0x0001, 0 }, { 0x010f, 1, 0 },      { 0x4000, 0, 0x400 },
    { 0x010b, 7, 0 },               { 0x010c, 7, 0 },      { 0x010a, 7, 0 },      { 0x0104, 7, 0 },
    { 0x4005, 0, 0x40 },            { 0x4004, 0, 8 },      { 0x4006, 0, 1 },      { 0x0109, 14, 0 },
    { 0x0100, 1, 0 },               { 0x0101, 1, 0 },      { 0x0103, 1, 0 },      { 0x0102, 1, 0 },
    { 0x0114, 0x0001, 0 },          { 0x011f, 1, 0 },      { 0x0112, 7, 0 },      { 0x0111, 7, 0 },
    { 0x0113, 15, 0 },              { 0x011b, 7, 0 },      { 0x011c, 7, 0 },      { 0x011a, 7, 0 },
    { 0x4015, 0, 0x80 },            { 0x4014, 0, 0x10 },   { 0x4016, 0, 1 },      { 0x0118, 0xfff0, 0 },
    { 0x0121, 2, 0 },               { 0x0120, 2, 0 },      { 0x0122, 4, 0 },      { 0x012e, 0, 0 },
    { 0x0128, 0, 0 },               { 0x4020, 0, 0xa0 },   { 0x4021, 0, 0x5c0 },  { 0x0129, 0, 0 },
    { 0x4022, 0, 0 },               { 0x4023, 0, 0xa0 },   { 0x0125, 0, 0 },      { 0x0126, 0xfff0, 0 },
    { 0x0127, 0x7f, 0 },            { 0x0116, 7, 0 },      { 0x0115, 7, 0 },      { 0x0117, 15, 0 },
    { 0x0124, 0x0200, 0 },
};

START_TEST(u85_vela_conv_decoded)
{
    struct ethosu_kop op;
    load(u85_conv, sizeof u85_conv / sizeof u85_conv[0]);
    ck_assert_msg(ethosu_kop85_decode(&op, ETHOSU85_NPU_OP_CONV, 0, set0, set1, &rf, err, sizeof err) == 0, "%s",
                  err);
    ck_assert_uint_eq(op.product, ETHOSU_CMD_U85);
    ck_assert_uint_eq(op.ifm.w, 8);
    ck_assert_uint_eq(op.ifm.h, 8);
    ck_assert_uint_eq(op.ifm.c, 8);
    ck_assert_uint_eq(op.ifm.base[0], 0x110000400ull);
    ck_assert_uint_eq(op.ofm.c, 16);
    ck_assert_int_eq(op.ifm_zp, 14);
    ck_assert_int_eq(op.ofm_zp, -16);
    ck_assert_int_eq(op.act_min, -16);
    ck_assert_int_eq(op.act_max, 127);
    /* OFM_SCALE param 0x0029: shift 41, dbl_rnd 0, round_mode DOUBLE_SYMMETRIC */
    ck_assert_uint_eq(op.ofm_shift, 41);
    ck_assert_uint_eq(op.ofm_scale, 0x65d66027u);
    ck_assert_uint_eq(op.round_mode, 0);
    ck_assert_int_eq(op.ofm_global_scale, 0);
    ck_assert_int_eq(op.part_kernel_first, 1);
    ck_assert_uint_eq(op.kernel_w, 3);
    ck_assert_uint_eq(op.u85.microblock, 2);   /* U1X4 */
    ck_assert_uint_eq(op.u85.acc_format, 0);
    ck_assert_uint_eq(op.u85.weight_streams, 1);   /* one weight decoder on ethos-u85-256 */
    ck_assert_uint_eq(op.weights[0].addr, 0xa0);
    ck_assert_uint_eq(op.weights[0].len, 0x5c0);
    ck_assert_uint_eq(op.scales[0].len, 0xa0);
    ck_assert_uint_eq(op.ofm_block_depth, 16);
}
END_TEST

/* add_broadcast: 6x6x8 + 1x1x8 (IFM2_BROADCAST HW), global scale. */
static const struct cmd u85_add[] = {
    { 0x4025, 0x050c, 0x5ee8de9e }, { 0x4026, 0x050b, 0x40000000 }, { 0x4024, 0x0032, 0x63f7bc98 },
    { 0x0105, 1, 0 },   { 0x010f, 1, 0 },      { 0x010b, 5, 0 },      { 0x010c, 5, 0 },   { 0x010a, 5, 0 },
    { 0x0104, 7, 0 },   { 0x4005, 0, 0x30 },   { 0x4004, 0, 8 },      { 0x4006, 0, 1 },   { 0x0109, 0xffef, 0 },
    { 0x0114, 0x0101, 0 }, { 0x011f, 1, 0 },   { 0x0112, 5, 0 },      { 0x0111, 5, 0 },   { 0x0113, 7, 0 },
    { 0x011b, 5, 0 },   { 0x011c, 5, 0 },      { 0x011a, 5, 0 },      { 0x4015, 0, 0x30 }, { 0x4014, 0, 8 },
    { 0x4016, 0, 1 },   { 0x0118, 0xfff0, 0 }, { 0x0126, 0xff80, 0 }, { 0x0127, 0x7f, 0 }, { 0x0185, 1, 0 },
    { 0x018f, 0, 0 },   { 0x4085, 0, 8 },      { 0x4084, 0, 8 },      { 0x4086, 0, 1 },   { 0x0189, 0xfff7, 0 },
    { 0x0108, 0, 0 },   { 0x0180, 3, 0 },      { 0x0117, 15, 0 },     { 0x0124, 0x0300, 0 },
};

START_TEST(vela_add_broadcast_decoded)
{
    struct ethosu_kop op;
    load(u85_add, sizeof u85_add / sizeof u85_add[0]);
    ck_assert_msg(ethosu_kop85_decode(&op, ETHOSU85_NPU_OP_ELEMENTWISE, 1, set0, set1, &rf, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_int_eq(op.has_ifm2, 1);
    ck_assert_int_eq(op.ifm2_is_scalar, 0);
    ck_assert_uint_eq(op.ifm.h, 6);
    ck_assert_uint_eq(op.ifm.c, 8);
    ck_assert_uint_eq(op.ifm2.h, 1);   /* HW broadcast */
    ck_assert_uint_eq(op.ifm2.w, 1);
    ck_assert_uint_eq(op.ifm2.c, 8);
    ck_assert_int_eq(op.ifm2_zp, -9);
    ck_assert_int_eq(op.ifm_zp, -17);
    ck_assert_uint_eq(op.u85.ifm_scale, 0x5ee8de9eu);
    ck_assert_uint_eq(op.u85.ifm_shift, 12);
    ck_assert_uint_eq(op.u85.ifm_dbl_rnd, 20);
    ck_assert_uint_eq(op.u85.ifm2_shift, 11);
    ck_assert_uint_eq(op.u85.ifm2_dbl_rnd, 20);
    ck_assert_uint_eq(op.ofm_shift, 50);
    ck_assert_int_eq(op.ofm_global_scale, 1);
    ck_assert_uint_eq(op.u85.microblock, 3);
}
END_TEST

START_TEST(transposed_ofm_and_refusals)
{
    struct ethosu_kop op;
    load(u85_add, sizeof u85_add / sizeof u85_add[0]);
    /* the scalar operand: IFM2_BROADCAST 8 with NPU_SET_OP_SCALAR */
    set0[0x180] = 8;
    set1[0x27] = (uint32_t)-5;
    ck_assert_int_eq(ethosu_kop85_decode(&op, ETHOSU85_NPU_OP_ELEMENTWISE, 0, set0, set1, &rf, err, sizeof err), 0);
    ck_assert_int_eq(op.ifm2_is_scalar, 1);
    ck_assert_int_eq(op.u85.op_scalar, -5);
    /* transpose WHC (1) of a 6x6x8 OFM: decoded, the computed shape kept */
    set0[0x114] = 0x0101 | 1u << 11;
    ck_assert_int_eq(ethosu_kop85_decode(&op, ETHOSU85_NPU_OP_ELEMENTWISE, 0, set0, set1, &rf, err, sizeof err), 0);
    ck_assert_uint_eq(op.u85.transpose, 1);
    ck_assert_uint_eq(op.ofm.h, 6);
    /* reserved: transpose 4, broadcast 9, round mode 6, a non-kernel opcode */
    set0[0x114] = 0x0101 | 4u << 11;
    ck_assert_int_eq(ethosu_kop85_decode(&op, ETHOSU85_NPU_OP_ELEMENTWISE, 0, set0, set1, &rf, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "activation_transpose 4"));
    set0[0x114] = 0x0101;
    set0[0x180] = 9;
    ck_assert_int_eq(ethosu_kop85_decode(&op, ETHOSU85_NPU_OP_ELEMENTWISE, 0, set0, set1, &rf, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "IFM2_BROADCAST mode 9"));
    set0[0x180] = 3;
    set1[0x24] = (uint64_t)(6u << 13) << 32;
    ck_assert_int_eq(ethosu_kop85_decode(&op, ETHOSU85_NPU_OP_ELEMENTWISE, 0, set0, set1, &rf, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "round_mode 6"));
    ck_assert_int_eq(ethosu_kop85_decode(&op, ETHOSU85_NPU_OP_DMA_START, 0, set0, set1, &rf, err, sizeof err), -1);
    /* a matrix multiplication (weights_ifm2): IFM2 is one row of OFM-depth x IFM-depth, no weight stream */
    load(u85_conv, sizeof u85_conv / sizeof u85_conv[0]);
    set0[0x185] = 1;
    set1[0x84] = 8;
    set1[0x85] = 128;
    set1[0x86] = 1;
    set0[0x18a] = 15;
    ck_assert_msg(ethosu_kop85_decode(&op, ETHOSU85_NPU_OP_CONV, 1, set0, set1, &rf, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(op.has_ifm2, 1);
    ck_assert_uint_eq(op.ifm2.h, 1);
    ck_assert_uint_eq(op.ifm2.w, 16);
    ck_assert_uint_eq(op.ifm2.c, 8);
    ck_assert_uint_eq(op.weights[0].len, 0);
}
END_TEST


/* Random U85 states (Vela's conv and ADD disturbed): each decodes or is
 * refused with a reason, and a small decoded operation runs through the
 * twin's U85 compute on random memory bytes without a crash (refusals
 * again with a reason: a weight stream the decoder rejects, ...). */
START_TEST(u85_random_states_decode_compute_or_refuse)
{
    uint64_t x = 0xD1B54A32D192ED03ull;
    unsigned ok = 0, refused = 0, computed = 0;
    static const uint16_t ops[] = { ETHOSU85_NPU_OP_CONV, ETHOSU85_NPU_OP_DEPTHWISE, ETHOSU85_NPU_OP_POOL,
                                    ETHOSU85_NPU_OP_ELEMENTWISE, ETHOSU85_NPU_OP_RESIZE };
    struct ethosu_kexec kx;
    ethosu_kx_init(&kx);
    static uint8_t lut[2048];
    for (int it = 0; it < 3000; it++) {
        if (it & 1)
            load(u85_conv, sizeof u85_conv / sizeof u85_conv[0]);
        else
            load(u85_add, sizeof u85_add / sizeof u85_add[0]);
        for (int k = 0; k < 6; k++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            uint16_t v = (uint16_t)((x >> 20) & 3 ? (x >> 32) & 0x1F : x >> 40);
            if (x & 1)
                set0[0x100 + (x >> 8) % 0x90] = v;
            else
                set1[(x >> 8) % 0x98] = (x >> 24) & 1 ? v : x >> 16;
        }
        struct ethosu_kop op;
        err[0] = 0;
        if (ethosu_kop85_decode(&op, ops[x % 5], (uint16_t)((x >> 4) % 43), set0, set1, &rf, err, sizeof err)) {
            ck_assert_msg(err[0] != 0, "refused without a reason");
            refused++;
            continue;
        }
        ok++;
        uint64_t ofm_n = (uint64_t)op.ofm.h * op.ofm.w * op.ofm.c, ifm_n = (uint64_t)op.ifm.h * op.ifm.w * op.ifm.c;
        uint64_t streams = 0;
        for (unsigned k = 0; k < ETHOSU_KOP_STREAMS; k++)
            streams += op.weights[k].len + op.scales[k].len;
        if (ofm_n > 4096 || ifm_n > 16384 || streams > 65536 ||
            (uint64_t)op.kernel_w * op.kernel_h * op.ofm.c * (op.ifm.c ? op.ifm.c : 1) > 1u << 20)
            continue;
        if (ethosu_kx_prepare(&kx, &op, err, sizeof err))
            continue;
        /* the reads' bytes: whatever memory held */
        for (size_t i = 0; i < kx.ifm.bytes; i++)
            kx.ifm.buf[i] = (uint8_t)(x >> (i % 56));
        for (size_t i = 0; i < kx.ifm2.bytes; i++)
            kx.ifm2.buf[i] = (uint8_t)(x >> (i % 48));
        for (unsigned k = 0; k < ETHOSU_KOP_STREAMS; k++) {
            for (uint32_t i = 0; kx.wbuf[k] && i < op.weights[k].len; i++)
                kx.wbuf[k][i] = (uint8_t)(x >> (i % 40)) ^ (uint8_t)i;
            for (uint32_t i = 0; kx.sbuf[k] && i < op.scales[k].len; i++)
                kx.sbuf[k][i] = (uint8_t)(x >> (i % 32)) & 0x3F;
        }
        err[0] = 0;
        if (ethosu_kx_compute(&kx, lut, sizeof lut, err, sizeof err))
            ck_assert_msg(err[0] != 0, "compute refused without a reason");
        else
            computed++;
    }
    ethosu_kx_free(&kx);
    ck_assert_uint_gt(ok, 100);
    ck_assert_uint_gt(refused, 100);
    ck_assert_uint_gt(computed, 20);
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
    TCase *tc85 = tcase_create("decode85");
    tcase_add_checked_fixture(tc85, setup85, NULL);
    tcase_add_test(tc85, u85_vela_conv_decoded);
    tcase_add_test(tc85, vela_add_broadcast_decoded);
    tcase_add_test(tc85, transposed_ofm_and_refusals);
    tcase_add_test(tc85, u85_random_states_decode_compute_or_refuse);
    suite_add_tcase(s, tc85);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
