/* Unit tests of sim/ethosu/ethosu_kop85: Ethos-U85 kernel operations decoded
 * from the command state of stream 2.0, with register values from Vela
 * 5.2's listings for ethos-u85-256 (conv_3x3_relu, add_broadcast), and the
 * refusals. */
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

static void setup(void)
{
    ck_assert_int_eq(ethosu_rf_set_config(&rf, ETHOSU_CFG_U85_256), 0);
    ethosu_rf_hard_reset(&rf, 1, 0);
    /* region 1 at 0x110000000 */
    ethosu_rf_write(&rf, ETHOSU_BASEP_LO(1), 0x10000000u, 0xF, 1, NULL);
    ethosu_rf_write(&rf, ETHOSU_BASEP_HI(1), 1, 0xF, 1, NULL);
}

/* conv_3x3_relu: 8x8x8 -> 8x8x16, SAME, part-kernel-first. */
static const struct cmd conv[] = {
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

START_TEST(vela_conv_decoded)
{
    struct ethosu_kop op;
    load(conv, sizeof conv / sizeof conv[0]);
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
static const struct cmd add[] = {
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
    load(add, sizeof add / sizeof add[0]);
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
    load(add, sizeof add / sizeof add[0]);
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
    load(conv, sizeof conv / sizeof conv[0]);
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

int main(void)
{
    Suite *s = suite_create("ethosu_kop85");
    TCase *tc = tcase_create("decode");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, vela_conv_decoded);
    tcase_add_test(tc, vela_add_broadcast_decoded);
    tcase_add_test(tc, transposed_ofm_and_refusals);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
