/* Unit tests of sim/ethosu/ethosu_explain: the explain alternatives of the
 * twin's arithmetic, on hand-worked numbers from the corpus's known
 * disagreements (xfail.txt), through ethosu_kcompute as the twin runs them. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_cmd.h"
#include "ethosu_explain.h"
#include "ethosu_kcompute.h"

/* a 1x1 CONV of ifm_h x ifm_w x 1 -> x 1, weight 1, TFL rounding, int8 OFM
 * with int8's limits */
static struct ethosu_kop conv1x1(unsigned ifm_h, unsigned ifm_w)
{
    struct ethosu_kop op;
    memset(&op, 0, sizeof op);
    op.opcode = ETHOSU_NPU_OP_CONV;
    op.ifm.h = op.ofm.h = ifm_h;
    op.ifm.w = op.ofm.w = ifm_w;
    op.ifm.c = op.ofm.c = 1;
    op.ifm.elem_bytes = op.ofm.elem_bytes = 1;
    op.ifm.is_signed = op.ofm.is_signed = 1;
    op.kernel_h = op.kernel_w = 1;
    op.stride_x = op.stride_y = op.dilation_x = op.dilation_y = 1;
    op.round_mode = ETHOSU_ROUND_TFL;
    op.act_min = -128;
    op.act_max = 127;
    op.cores = 1;
    return op;
}

/* the OFM of op on an IFM of zeros: the bias alone is the accumulator */
static int32_t run(const struct ethosu_kop *op, int64_t bias, uint32_t scale, uint8_t shift)
{
    int32_t ifm[4] = { 0 }, w[9] = { 1, 1, 1, 1, 1, 1, 1, 1, 1 }, ofm[4] = { 0 };   /* up to a 3x3 kernel's */
    char err[256];
    struct ethosu_kc_in in = { .op = op, .ifm = ifm, .weights = w, .bias = &bias, .scale = &scale, .shift = &shift };
    ck_assert_msg(!ethosu_kcompute(&in, ofm, err, sizeof err), "%s", err);
    return ofm[0];
}

/* anomaly_autoencoder's last layer, channel 438: accumulator 9931, scale
 * 1439230120 / 2^41, zero point -15. Twice rounded: 9931 * 1439230120 /
 * 2^31 = 6655.69 -> 6656, / 2^10 = 6.5 -> 7, -8. Once: 6.4997 -> 6, -9. */
START_TEST(fc_single_rounding)
{
    struct ethosu_kop op = conv1x1(1, 1);
    op.ofm_zp = -15;
    ethosu_explain_set(ETHOSU_EXPLAIN_NONE);
    ck_assert_int_eq(run(&op, 9931, 1439230120u, 41), -8);
    ethosu_explain_set(ETHOSU_EXPLAIN_FC_SINGLE_ROUNDING);
    ck_assert_int_eq(run(&op, 9931, 1439230120u, 41), -9);
    ck_assert_uint_eq(ethosu_explain_changed(), 1);
    /* a batch of rows Vela folded into 2x2: not one row, left to 1x1-single-rounding */
    struct ethosu_kop rows = conv1x1(2, 2);
    rows.ofm_zp = -15;
    ck_assert_int_eq(run(&rows, 9931, 1439230120u, 41), -8);
    ck_assert_uint_eq(ethosu_explain_changed(), 1);
    ethosu_explain_set(ETHOSU_EXPLAIN_1X1_SINGLE_ROUNDING);
    ck_assert_int_eq(run(&rows, 9931, 1439230120u, 41), -9);
    /* a 3x3 kernel is no FULLY_CONNECTED: as the stream says */
    struct ethosu_kop k3 = conv1x1(1, 1);
    k3.kernel_h = k3.kernel_w = 3;
    k3.pad_top = k3.pad_left = k3.pad_bottom = k3.pad_right = 1;
    k3.ofm_zp = -15;
    ethosu_explain_set(ETHOSU_EXPLAIN_1X1_SINGLE_ROUNDING);
    ck_assert_int_eq(run(&k3, 9931, 1439230120u, 41), -8);
    ck_assert_uint_eq(ethosu_explain_changed(), 0);
    ethosu_explain_set(ETHOSU_EXPLAIN_NONE);
}
END_TEST

/* cov_fully_connected_per_channel_rounding_i8, row 2, channel 76:
 * accumulator 71404, scale 1331959784 / 2^40, zero point -13: 71404 *
 * 1331959784 / 2^31 = 44287.77 -> 44288, / 2^9 = 86.5 -> 87, 74; once:
 * 86.49955 -> 86, 73 */
START_TEST(all_single_rounding)
{
    struct ethosu_kop op = conv1x1(2, 2);
    op.ofm_zp = -13;
    ethosu_explain_set(ETHOSU_EXPLAIN_NONE);
    ck_assert_int_eq(run(&op, 71404, 1331959784u, 40), 74);
    ethosu_explain_set(ETHOSU_EXPLAIN_ALL_SINGLE_ROUNDING);
    ck_assert_int_eq(run(&op, 71404, 1331959784u, 40), 73);
    /* a shift of 31 or less rounds once either way: 3 * 2^30 / 2^31 = 1.5 -> 2 */
    op.ofm_zp = 0;
    ck_assert_int_eq(run(&op, 3, 1u << 30, 31), 2);
    /* TRUNCATE is no double rounding: untouched */
    op.round_mode = ETHOSU_ROUND_TRUNCATE;
    ethosu_explain_set(ETHOSU_EXPLAIN_ALL_SINGLE_ROUNDING);
    ck_assert_int_eq(run(&op, 71404, 1331959784u, 40), 86);
    ck_assert_uint_eq(ethosu_explain_changed(), 0);
    ethosu_explain_set(ETHOSU_EXPLAIN_NONE);
}
END_TEST

/* a uint8 OFM with int8's ACTIVATION_MAX 127: 200 (accumulator 200, unity
 * scale 2^30 / 2^30) is 127 in the stream, 200 in the reference */
START_TEST(uint8_full_range)
{
    struct ethosu_kop op = conv1x1(1, 1);
    op.ofm.is_signed = 0;
    ethosu_explain_set(ETHOSU_EXPLAIN_NONE);
    ck_assert_int_eq(run(&op, 200, 1u << 30, 30), 127);
    ethosu_explain_set(ETHOSU_EXPLAIN_UINT8_FULL_RANGE);
    ck_assert_int_eq(run(&op, 200, 1u << 30, 30), 200);
    ck_assert_int_eq(run(&op, 300, 1u << 30, 30), 255);
    ck_assert_uint_eq(ethosu_explain_changed(), 2);
    /* a real ReLU6-like limit (max 100) or an int8 OFM: untouched */
    op.act_max = 100;
    ck_assert_int_eq(run(&op, 200, 1u << 30, 30), 100);
    struct ethosu_kop s8 = conv1x1(1, 1);
    ck_assert_int_eq(run(&s8, 200, 1u << 30, 30), 127);
    ck_assert_uint_eq(ethosu_explain_changed(), 2);
    ethosu_explain_set(ETHOSU_EXPLAIN_NONE);
    ck_assert_str_eq(ethosu_explain_name(ETHOSU_EXPLAIN_UINT8_FULL_RANGE), "uint8-full-range");
}
END_TEST

/* cov_fully_connected_i16, channel 2: TensorFlow Lite's multiplier
 * 1428116249 / 2^41, which Vela cut to (1428116249 + 2^15) >> 16 = 21791
 * / 2^25; accumulator 10891878. The stream: 10891878 * 21791 / 2^25 =
 * 7073.43 -> 7073; the reference: 7073.53 -> 7074. The cut stands for M in
 * [21791 * 2^16 - 2^15, 21791 * 2^16 + 2^15 - 1] = [1428062208,
 * 1428127743]: 7073.27 -> 7073 .. 7073.59 -> 7074, bracketing 7074. */
START_TEST(cut_scale_bounds)
{
    struct ethosu_kop op = conv1x1(1, 1);
    op.ifm.elem_bytes = op.ofm.elem_bytes = 2;
    op.act_min = -32768;
    op.act_max = 32767;
    uint32_t scale = 21791, s_out = 0;
    uint8_t shift = 25, h_out = 0;
    enum ethosu_rounding r = ETHOSU_ROUND_TFL;
    ck_assert(ethosu_explain_channel_scale(ETHOSU_EXPLAIN_CUT_SCALE_LOW, &op, 1, &scale, &shift, &s_out, &h_out, &r));
    ck_assert_uint_eq(s_out, 1428062208u);
    ck_assert_uint_eq(h_out, 41);
    ck_assert_int_eq(r, ETHOSU_ROUND_NATURAL);
    ck_assert(ethosu_explain_channel_scale(ETHOSU_EXPLAIN_CUT_SCALE_HIGH, &op, 1, &scale, &shift, &s_out, &h_out, &r));
    ck_assert_uint_eq(s_out, 1428127743u);
    ethosu_explain_set(ETHOSU_EXPLAIN_NONE);
    ck_assert_int_eq(run(&op, 10891878, 21791, 25), 7073);
    ethosu_explain_set(ETHOSU_EXPLAIN_CUT_SCALE_LOW);
    ck_assert_int_eq(run(&op, 10891878, 21791, 25), 7073);
    ethosu_explain_set(ETHOSU_EXPLAIN_CUT_SCALE_HIGH);
    ck_assert_int_eq(run(&op, 10891878, 21791, 25), 7074);
    ck_assert_uint_eq(ethosu_explain_changed(), 1);
    /* a 32-bit scale (not cut), an int8 IFM, a table after the scaling: untouched */
    ck_assert_int_eq(run(&op, 10891878, 40000, 25), 12984);
    struct ethosu_kop s8 = op;
    s8.ifm.elem_bytes = 1;
    ck_assert_int_eq(run(&s8, 10891878, 21791, 25), 7073);
    ck_assert_uint_eq(ethosu_explain_changed(), 1);
    ck_assert(!ethosu_explain_channel_scale(ETHOSU_EXPLAIN_CUT_SCALE_LOW, &s8, 1, &scale, &shift, &s_out, &h_out, &r));
    struct ethosu_kop lut = op;
    lut.act_fn = ETHOSU_ACT_LUT0;
    ck_assert(!ethosu_explain_channel_scale(ETHOSU_EXPLAIN_CUT_SCALE_LOW, &lut, 1, &scale, &shift, &s_out, &h_out, &r));
    ethosu_explain_set(ETHOSU_EXPLAIN_NONE);
}
END_TEST

/* k_slice_strided (Keras, issue 34): Vela 5.2 flags IFM2_BROADCAST
 * broadcast_h (0x41 with the reversed operand order) on the ADD of a
 * 7-row tf.slice and a stride-2 slice, while the stream's own IFM2 tile is
 * 7 rows high (IFM2_HEIGHT0_M1 6, IFM2_STRIDE_Y one row). Here 2 rows:
 * IFM [1; 2], IFM2 [10; 20], unity scales. As flagged, IFM2's row 0 for
 * both: [11; 12]; the alternative reads both rows: [11; 22], TensorFlow
 * Lite's row-by-row ADD. */
static struct ethosu_kop add_2x1x1(unsigned ifm2_height0, unsigned ifm2_width0)
{
    struct ethosu_kop op;
    memset(&op, 0, sizeof op);
    op.opcode = ETHOSU_NPU_OP_ELEMENTWISE;
    op.param = ETHOSU_EW_ADD;
    op.ifm.h = op.ofm.h = 2;
    op.ifm.w = op.ofm.w = op.ifm.c = op.ofm.c = 1;
    op.ifm.elem_bytes = op.ofm.elem_bytes = op.ifm2.elem_bytes = 1;
    op.ifm.is_signed = op.ofm.is_signed = op.ifm2.is_signed = 1;
    op.has_ifm2 = 1;
    op.broadcast_h = 1;
    op.reversed = 1;
    op.ifm2.h = 1;   /* as ethosu_kop_decode sets it for the flag */
    op.ifm2.w = op.ifm2.c = 1;
    op.ifm2.height0 = ifm2_height0;
    op.ifm2.width0 = ifm2_width0;
    op.round_mode = ETHOSU_ROUND_TFL;
    op.ofm_scale = op.opa_scale = op.opb_scale = 1;
    op.act_min = -128;
    op.act_max = 127;
    op.cores = 1;
    return op;
}

static void run_add(const struct ethosu_kop *op, int32_t out[2])
{
    int32_t ifm[2] = { 1, 2 }, ifm2[2] = { 10, 20 };
    char err[256];
    struct ethosu_kc_in in = { .op = op, .ifm = ifm, .ifm2 = ifm2 };
    ck_assert_msg(!ethosu_kcompute(&in, out, err, sizeof err), "%s", err);
}

START_TEST(ifm2_no_broadcast_when_tall)
{
    int32_t out[2];
    struct ethosu_kop op = add_2x1x1(2, 1);
    run_add(&op, out);
    ck_assert_int_eq(out[0], 11);
    ck_assert_int_eq(out[1], 12);
    ck_assert(!ethosu_explain_ifm2_broadcast(ETHOSU_EXPLAIN_1X1_SINGLE_ROUNDING, &op));
    ck_assert(ethosu_explain_ifm2_broadcast(ETHOSU_EXPLAIN_IFM2_NO_BROADCAST_WHEN_TALL, &op));
    ck_assert_uint_eq(op.broadcast_h, 0);
    ck_assert_uint_eq(op.ifm2.h, 2);
    run_add(&op, out);
    ck_assert_int_eq(out[0], 11);
    ck_assert_int_eq(out[1], 22);
    /* a real broadcast: the tile is one row high (IFM2_HEIGHT0_M1 0): untouched */
    struct ethosu_kop one = add_2x1x1(1, 1);
    ethosu_explain_set(ETHOSU_EXPLAIN_IFM2_NO_BROADCAST_WHEN_TALL);
    ethosu_explain_apply_ifm2(&one);
    ck_assert_uint_eq(one.broadcast_h, 1);
    ck_assert_uint_eq(ethosu_explain_changed(), 0);
    /* W: a tile 3 columns wide under broadcast_w */
    struct ethosu_kop w = add_2x1x1(1, 3);
    w.broadcast_h = 0;
    w.broadcast_w = 1;
    w.ifm2.h = 2;
    w.ofm.w = w.ifm.w = 3;
    ethosu_explain_apply_ifm2(&w);
    ck_assert_uint_eq(w.broadcast_w, 0);
    ck_assert_uint_eq(w.ifm2.w, 3);
    ck_assert_uint_eq(ethosu_explain_changed(), 1);
    /* C has no IFM2 extent register, and a scalar IFM2 no tile: untouched */
    struct ethosu_kop c = add_2x1x1(2, 1);
    c.broadcast_h = 0;
    c.broadcast_c = 1;
    c.ifm2.h = 2;
    ck_assert(!ethosu_explain_ifm2_broadcast(ETHOSU_EXPLAIN_IFM2_NO_BROADCAST_WHEN_TALL, &c));
    struct ethosu_kop sc = add_2x1x1(2, 1);
    sc.ifm2_is_scalar = 1;
    ck_assert(!ethosu_explain_ifm2_broadcast(ETHOSU_EXPLAIN_IFM2_NO_BROADCAST_WHEN_TALL, &sc));
    ethosu_explain_set(ETHOSU_EXPLAIN_NONE);
    ck_assert_str_eq(ethosu_explain_name(ETHOSU_EXPLAIN_IFM2_NO_BROADCAST_WHEN_TALL), "ifm2-no-broadcast-when-tall");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ethosu_explain");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, fc_single_rounding);
    tcase_add_test(tc, all_single_rounding);
    tcase_add_test(tc, uint8_full_range);
    tcase_add_test(tc, cut_scale_bounds);
    tcase_add_test(tc, ifm2_no_broadcast_when_tall);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
