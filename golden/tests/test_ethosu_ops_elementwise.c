/* Unit tests for the Ethos-U65 elementwise models (ethosu_ops_elementwise.c):
 * ADD with Vela's advanced scaling worked through next to TensorFlow
 * Lite's arithmetic, the IFM double rounding and the fixed shift of the
 * unscaled operand, 16-bit operand scales with SUB and reversed operands,
 * a scalar and a broadcast IFM2, MUL, MIN, MAX, ABS, LRELU, the int32
 * rules (MUL as a doubling high multiply, SHR rounding, SHL saturation,
 * CLZ) and refused parameters. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_ops.h"

#define P30 UINT32_C(1073741824)
#define P31 UINT32_C(2147483648)

static struct ethosu_output_stage os_for(enum ethosu_dtype t, enum ethosu_rounding r)
{
    struct ethosu_output_stage os;
    memset(&os, 0, sizeof os);
    os.rounding = r;
    os.act_clip = ETHOSU_CLIP_OFM;
    os.act_min = ethosu_dtype_min(t);
    os.act_max = ethosu_dtype_max(t);
    return os;
}

static struct ethosu_ew_params params(enum ethosu_ew_mode m)
{
    struct ethosu_ew_params p;
    memset(&p, 0, sizeof p);
    p.mode = m;
    p.ofm.scale = 1;
    return p;
}

/* One element each: op(ifm value, ifm2 value) -> OFM value. */
static int32_t run1(const struct ethosu_ew_params *p, enum ethosu_dtype t, int32_t a, int32_t zpa,
                    int32_t b, int32_t zpb, enum ethosu_dtype ot, int32_t zpo,
                    enum ethosu_rounding r)
{
    int32_t va[1] = {a}, vb[1] = {b}, out[1] = {0};
    struct ethosu_fmap ifm = {1, 1, 1, t, zpa, va};
    struct ethosu_fmap ifm2 = {1, 1, 1, t, zpb, vb};
    struct ethosu_fmap ofm = {1, 1, 1, ot, zpo, out};
    struct ethosu_output_stage os = os_for(ot, r);
    char err[160] = "";
    int rc = ethosu_op_elementwise(p, &ifm, &ifm2, &os, &ofm, err, sizeof err);
    ck_assert_msg(rc == 0, "refused: %s", err);
    return out[0];
}

START_TEST(test_add_advanced)
{
    /* TFLite int8 ADD, input scales 0.5 (IFM) and 1.0 (IFM2), output 1.0.
     * Vela (advanced_elementwise_add_sub_scale, bitdepth 8): the smaller
     * scale's operand (IFM = A) gets quantise_scale(0.5 * 2^20 / 2) =
     * (2^30, 12); OFM quantise_scale(2 / 2^20) = (2^30, 49).
     *   A = a * 2^30 / 2^12 = a * 2^18, B = b * 2^19,
     *   result = (A + B) * 2^30 / 2^49.
     * a = 3, b = 4: A + B = 11 * 2^18; 11 * 2^17 exact at bit 31, then
     *   / 2^18 = 5.5 -> 6. TFLite: SRDHM(3 << 20, 2^30) = 3 * 2^19, / 2 ->
     *   3 * 2^18; SRDHM(4 << 20, 2^30) = 2^21; sum 11 * 2^18 -> 5.5 -> 6.
     * a = -3, b = 4: 5 * 2^18 -> 2.5 -> 3 (both). */
    struct ethosu_ew_params p = params(ETHOSU_EW_ADD);
    p.ifm_scale_mode = ETHOSU_IFM_SCALE_OPA_32BIT;
    p.opa.scale = P30;
    p.opa.shift = 12;
    p.ofm.scale = P30;
    p.ofm.shift = 49;
    ck_assert_int_eq(run1(&p, ETHOSU_INT8, 3, 0, 4, 0, ETHOSU_INT8, 0, ETHOSU_ROUND_TFL), 6);
    ck_assert_int_eq(run1(&p, ETHOSU_INT8, -3, 0, 4, 0, ETHOSU_INT8, 0, ETHOSU_ROUND_TFL), 3);
    /* zero points: IFM 1 zp -2 (a = 3), IFM2 10 zp 6 (b = 4), OFM zp -7:
     * 6 - 7 = -1 */
    ck_assert_int_eq(run1(&p, ETHOSU_INT8, 1, -2, 10, 6, ETHOSU_INT8, -7, ETHOSU_ROUND_TFL), -1);
    /* OPB_32BIT scales IFM2 instead: A = 3 * 2^19, B = 4 * 2^18 -> 5 */
    p.ifm_scale_mode = ETHOSU_IFM_SCALE_OPB_32BIT;
    ck_assert_int_eq(run1(&p, ETHOSU_INT8, 3, 0, 4, 0, ETHOSU_INT8, 0, ETHOSU_ROUND_TFL), 5);
    /* reversed (IFM2 is A) with OPB: B = IFM scaled again -> 6 */
    p.reversed = 1;
    ck_assert_int_eq(run1(&p, ETHOSU_INT8, 3, 0, 4, 0, ETHOSU_INT8, 0, ETHOSU_ROUND_TFL), 6);
}
END_TEST

START_TEST(test_add_ifm_rounding)
{
    /* int16 (L = 15, first rounding at bit 16), OPA scale 3 shift 17,
     * a = 21845, b = 0, OFM scale 1 shift 0:
     *   a * 3 = 65535; TFL: 65535 / 2^16 = 0.99998 -> 1, then 1 / 2 = 0.5
     *   -> 1 (away); NATURAL: 65535 / 2^17 = 0.49999 -> 0. */
    struct ethosu_ew_params p = params(ETHOSU_EW_ADD);
    p.ifm_scale_mode = ETHOSU_IFM_SCALE_OPA_32BIT;
    p.opa.scale = 3;
    p.opa.shift = 17;
    p.ifm_rounding = ETHOSU_ROUND_TFL;
    ck_assert_int_eq(run1(&p, ETHOSU_INT16, 21845, 0, 0, 0, ETHOSU_INT16, 0, ETHOSU_ROUND_TFL), 1);
    p.ifm_rounding = ETHOSU_ROUND_NATURAL;
    ck_assert_int_eq(run1(&p, ETHOSU_INT16, 21845, 0, 0, 0, ETHOSU_INT16, 0, ETHOSU_ROUND_TFL), 0);
    /* the unscaled operand is shifted by L - 1 = 14 at 16 bit: a = 0,
     * b = 3 -> 3 * 2^14, OFM shift 13 -> 6; at 8 bit by 19: OFM shift 18
     * -> 6 */
    p.ofm.shift = 13;
    ck_assert_int_eq(run1(&p, ETHOSU_INT16, 0, 0, 3, 0, ETHOSU_INT16, 0, ETHOSU_ROUND_TFL), 6);
    p.ofm.shift = 18;
    ck_assert_int_eq(run1(&p, ETHOSU_INT8, 0, 0, 3, 0, ETHOSU_INT8, 0, ETHOSU_ROUND_TFL), 6);
}
END_TEST

START_TEST(test_sub_16bit_scales)
{
    /* IFM scale mode 0: A = a * OPA (3), B = b * OPB (5), OFM 1:
     * a = 3 (5 - zp 2), b = 4: 9 - 20 = -11; reversed: 4*3 - 3*5 = -3;
     * ADD: 9 + 20 = 29. The OPA shift is ignored in this mode. */
    struct ethosu_ew_params p = params(ETHOSU_EW_SUB);
    p.opa.scale = 3;
    p.opa.shift = 40;
    p.opb_scale = 5;
    ck_assert_int_eq(run1(&p, ETHOSU_INT8, 5, 2, 4, 0, ETHOSU_INT8, 0, ETHOSU_ROUND_TFL), -11);
    p.reversed = 1;
    ck_assert_int_eq(run1(&p, ETHOSU_INT8, 5, 2, 4, 0, ETHOSU_INT8, 0, ETHOSU_ROUND_TFL), -3);
    p.reversed = 0;
    p.mode = ETHOSU_EW_ADD;
    ck_assert_int_eq(run1(&p, ETHOSU_INT8, 5, 2, 4, 0, ETHOSU_INT8, 0, ETHOSU_ROUND_TFL), 29);
}
END_TEST

START_TEST(test_scalar_and_broadcast)
{
    /* IFM 1x1x3 [1 5 -2] zp 0.
     * MIN / MAX with IFM2 1x1x1 [3] broadcast along C: [1 3 -2] / [3 5 3].
     * SUB with the scalar 3, IFM2 zp 1 (b = 2), identity scales: [-1 3 -4]. */
    int32_t va[3] = {1, 5, -2}, vb[1] = {3}, out[3];
    struct ethosu_fmap ifm = {1, 1, 3, ETHOSU_INT8, 0, va};
    struct ethosu_fmap ifm2 = {1, 1, 1, ETHOSU_INT8, 0, vb};
    struct ethosu_fmap ofm = {1, 1, 3, ETHOSU_INT8, 0, out};
    struct ethosu_output_stage os = os_for(ETHOSU_INT8, ETHOSU_ROUND_TFL);
    char err[160];
    struct ethosu_ew_params p = params(ETHOSU_EW_MIN);
    p.broadcast_c = 1;
    ck_assert_int_eq(ethosu_op_elementwise(&p, &ifm, &ifm2, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 1);
    ck_assert_int_eq(out[1], 3);
    ck_assert_int_eq(out[2], -2);
    p.mode = ETHOSU_EW_MAX;
    ethosu_op_elementwise(&p, &ifm, &ifm2, &os, &ofm, err, sizeof err);
    ck_assert_int_eq(out[0], 3);
    ck_assert_int_eq(out[1], 5);
    ck_assert_int_eq(out[2], 3);
    /* without the broadcast bit the shapes must match */
    p.broadcast_c = 0;
    ck_assert_int_eq(ethosu_op_elementwise(&p, &ifm, &ifm2, &os, &ofm, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "IFM2 shape"));
    p = params(ETHOSU_EW_SUB);
    p.scalar = 1;
    p.ifm2_scalar = 3;
    p.opa.scale = 1;
    p.opb_scale = 1;
    struct ethosu_fmap sc = {1, 1, 1, ETHOSU_INT8, 1, NULL};
    ck_assert_int_eq(ethosu_op_elementwise(&p, &ifm, &sc, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], -1);
    ck_assert_int_eq(out[1], 3);
    ck_assert_int_eq(out[2], -4);
}
END_TEST

START_TEST(test_broadcast_hw)
{
    /* IFM 2x2x1 [1 2; 3 4]; IFM2 1x2x1 [10 20] broadcast along H (row 0
     * read for both rows): ADD with unit 16-bit scales -> [11 22; 13 24].
     * IFM2 2x1x1 [10; 20] broadcast along W: [11 12; 23 24]. uint8 with
     * zero points 5 / 7 / 3: IFM 6..9 (a = 1..4), IFM2 17, 27 (b = 10, 20),
     * OFM zero point 3 -> 14 25 16 27 along H. */
    int32_t va[4] = {1, 2, 3, 4}, vb[2] = {10, 20}, out[4];
    struct ethosu_fmap ifm = {2, 2, 1, ETHOSU_INT8, 0, va};
    struct ethosu_fmap ifm2 = {1, 2, 1, ETHOSU_INT8, 0, vb};
    struct ethosu_fmap ofm = {2, 2, 1, ETHOSU_INT8, 0, out};
    struct ethosu_output_stage os = os_for(ETHOSU_INT8, ETHOSU_ROUND_TFL);
    char err[160];
    struct ethosu_ew_params p = params(ETHOSU_EW_ADD);
    p.opa.scale = 1;
    p.opb_scale = 1;
    p.broadcast_h = 1;
    ck_assert_int_eq(ethosu_op_elementwise(&p, &ifm, &ifm2, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 11);
    ck_assert_int_eq(out[1], 22);
    ck_assert_int_eq(out[2], 13);
    ck_assert_int_eq(out[3], 24);
    p.broadcast_h = 0;
    p.broadcast_w = 1;
    ifm2.h = 2;
    ifm2.w = 1;
    ck_assert_int_eq(ethosu_op_elementwise(&p, &ifm, &ifm2, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 11);
    ck_assert_int_eq(out[1], 12);
    ck_assert_int_eq(out[2], 23);
    ck_assert_int_eq(out[3], 24);
    int32_t ua[4] = {6, 7, 8, 9}, ub[2] = {17, 27};
    struct ethosu_fmap uifm = {2, 2, 1, ETHOSU_UINT8, 5, ua};
    struct ethosu_fmap uifm2 = {1, 2, 1, ETHOSU_UINT8, 7, ub};
    struct ethosu_fmap uofm = {2, 2, 1, ETHOSU_UINT8, 3, out};
    os = os_for(ETHOSU_UINT8, ETHOSU_ROUND_TFL);
    p.broadcast_w = 0;
    p.broadcast_h = 1;
    ck_assert_int_eq(ethosu_op_elementwise(&p, &uifm, &uifm2, &os, &uofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 14);
    ck_assert_int_eq(out[1], 25);
    ck_assert_int_eq(out[2], 16);
    ck_assert_int_eq(out[3], 27);
}
END_TEST

START_TEST(test_broadcast_h_full_height_ifm2)
{
    /* The broadcast bit decides, not IFM2's height: Vela 5.2 sets
     * IFM2_BROADCAST broadcast_h (0x41 with the reversed operand order) for
     * the ADD of a tf.slice and a stride-2 strided slice, both 7 rows high
     * (issue 34, the Keras network k_slice_strided). IFM 2x1x1 [1; 2], IFM2
     * 2x1x1 [10; 20] with broadcast_h: row 0 of IFM2 for both rows ->
     * [11; 12], where TensorFlow Lite adds row by row ([11; 22]). */
    int32_t va[2] = {1, 2}, vb[2] = {10, 20}, out[2];
    struct ethosu_fmap ifm = {2, 1, 1, ETHOSU_INT8, 0, va};
    struct ethosu_fmap ifm2 = {2, 1, 1, ETHOSU_INT8, 0, vb};
    struct ethosu_fmap ofm = {2, 1, 1, ETHOSU_INT8, 0, out};
    struct ethosu_output_stage os = os_for(ETHOSU_INT8, ETHOSU_ROUND_TFL);
    char err[160];
    struct ethosu_ew_params p = params(ETHOSU_EW_ADD);
    p.opa.scale = 1;
    p.opb_scale = 1;
    p.broadcast_h = 1;
    p.reversed = 1;
    ck_assert_int_eq(ethosu_op_elementwise(&p, &ifm, &ifm2, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 11);
    ck_assert_int_eq(out[1], 12);
    p.broadcast_h = 0;
    ck_assert_int_eq(ethosu_op_elementwise(&p, &ifm, &ifm2, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 11);
    ck_assert_int_eq(out[1], 22);
}
END_TEST

START_TEST(test_mul_abs_lrelu)
{
    /* MUL: a = 3 (5 - 2), b = -4, scale 2^30 shift 33 (x / 8): -12 / 8:
     * -12 * 2^30 / 2^31 = -6, -6 / 4 = -1.5 -> -2. */
    struct ethosu_ew_params p = params(ETHOSU_EW_MUL);
    p.ofm.scale = P30;
    p.ofm.shift = 33;
    ck_assert_int_eq(run1(&p, ETHOSU_INT8, 5, 2, -4, 0, ETHOSU_INT8, 0, ETHOSU_ROUND_TFL), -2);
    /* int8 x int8 -> int16 OFM: 100 * 100 = 10000 with identity scale */
    p.ofm.scale = P31;
    p.ofm.shift = 31;
    ck_assert_int_eq(run1(&p, ETHOSU_INT8, 100, 0, 100, 0, ETHOSU_INT16, 0, ETHOSU_ROUND_TFL), 10000);
    /* ABS: |-7| * 2^30 / 2^31 = 3.5 -> 4 */
    p = params(ETHOSU_EW_ABS);
    p.ofm.scale = P30;
    p.ofm.shift = 31;
    ck_assert_int_eq(run1(&p, ETHOSU_INT8, -7, 0, 0, 0, ETHOSU_INT8, 0, ETHOSU_ROUND_TFL), 4);
    /* LRELU alpha 0.25 (2^30, 32): -6 -> -3 at bit 31, -1.5 -> -2; 6 -> 6
     * (only negative inputs are scaled); int16 */
    p = params(ETHOSU_EW_LRELU);
    p.ofm.scale = P30;
    p.ofm.shift = 32;
    ck_assert_int_eq(run1(&p, ETHOSU_INT16, -6, 0, 0, 0, ETHOSU_INT16, 0, ETHOSU_ROUND_TFL), -2);
    ck_assert_int_eq(run1(&p, ETHOSU_INT16, 6, 0, 0, 0, ETHOSU_INT16, 0, ETHOSU_ROUND_TFL), 6);
}
END_TEST

START_TEST(test_int32_ops)
{
    /* MUL int32, the multiplier taken as 1.0, shift 31 (TFL's doubling high
     * multiply, half up): 2^20 * 2^20 / 2^31 = 512; 3 * 2^30 / 2^31 = 1.5
     * -> 2; -1.5 -> -1. */
    struct ethosu_ew_params p = params(ETHOSU_EW_MUL);
    p.ofm.scale = 999;
    p.ofm.shift = 31;
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, 1 << 20, 0, 1 << 20, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TFL), 512);
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, 3, 0, 1 << 30, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TFL), 2);
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, -3, 0, 1 << 30, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TFL), -1);
    /* shift 35 (Vela's MEAN): 15 * 2^30 / 2^35 = 0.47, but half up at bit
     * 31 gives 7.5 -> 8, then 8 / 16 = 0.5 -> 1 (away); 8 * 2^30: 4, 0.25 -> 0 */
    p.ofm.shift = 35;
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, 15, 0, 1 << 30, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TFL), 1);
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, 8, 0, 1 << 30, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TFL), 0);
    /* ADD int32 with shift 1 (Vela's softmax half sum): (5 + 2) / 2 = 3.5 -> 4 */
    p = params(ETHOSU_EW_ADD);
    p.ofm.shift = 1;
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, 5, 0, 2, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TFL), 4);
    /* SHR: -7 >> 1 = -3.5: TFL -4 (away), NATURAL -3 (half up), TRUNCATE -3;
     * 7 >> 2 = 1.75 -> 2; into an int8 OFM 1000 >> 2 = 250 -> 127 */
    p = params(ETHOSU_EW_SHR);
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, -7, 0, 1, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TFL), -4);
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, -7, 0, 1, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_NATURAL), -3);
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, -7, 0, 1, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TRUNCATE), -3);
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, 7, 0, 2, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TFL), 2);
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, 1000, 0, 2, 0, ETHOSU_INT8, 0, ETHOSU_ROUND_TFL), 127);
    /* SHL: 3 << 4 = 48; 2^30 << 2 saturates */
    p = params(ETHOSU_EW_SHL);
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, 3, 0, 4, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TFL), 48);
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, 1 << 30, 0, 2, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TFL), INT32_MAX);
    /* CLZ: 0 -> 32, 1 -> 31, -1 -> 0, 0x10000 -> 15 */
    p = params(ETHOSU_EW_CLZ);
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, 0, 0, 0, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TFL), 32);
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, 1, 0, 0, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TFL), 31);
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, -1, 0, 0, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TFL), 0);
    ck_assert_int_eq(run1(&p, ETHOSU_INT32, 0x10000, 0, 0, 0, ETHOSU_INT32, 0, ETHOSU_ROUND_TFL), 15);
}
END_TEST

START_TEST(test_ew_refused)
{
    int32_t va[1] = {1}, vb[1] = {1}, out[1];
    struct ethosu_fmap ifm = {1, 1, 1, ETHOSU_INT8, 0, va};
    struct ethosu_fmap ifm2 = {1, 1, 1, ETHOSU_INT16, 0, vb};
    struct ethosu_fmap ofm = {1, 1, 1, ETHOSU_INT8, 0, out};
    struct ethosu_output_stage os = os_for(ETHOSU_INT8, ETHOSU_ROUND_TFL);
    char err[160];
    struct ethosu_ew_params p = params(ETHOSU_EW_ADD);
    /* IFM2 type must match */
    ck_assert_int_eq(ethosu_op_elementwise(&p, &ifm, &ifm2, &os, &ofm, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "IFM2 type"));
    /* binary op without IFM2 */
    ck_assert_int_eq(ethosu_op_elementwise(&p, &ifm, NULL, &os, &ofm, err, sizeof err), -1);
    /* MIN with a different OFM type */
    p.mode = ETHOSU_EW_MIN;
    ifm2.type = ETHOSU_INT8;
    ofm.type = ETHOSU_INT16;
    os = os_for(ETHOSU_INT16, ETHOSU_ROUND_TFL);
    ck_assert_int_eq(ethosu_op_elementwise(&p, &ifm, &ifm2, &os, &ofm, err, sizeof err), -1);
    /* CLZ on int8 */
    p.mode = ETHOSU_EW_CLZ;
    ck_assert_int_eq(ethosu_op_elementwise(&p, &ifm, NULL, &os, &ofm, err, sizeof err), -1);
    /* scalar with an int32 IFM */
    int32_t v32[1] = {1};
    struct ethosu_fmap i32 = {1, 1, 1, ETHOSU_INT32, 0, v32};
    struct ethosu_fmap o32 = {1, 1, 1, ETHOSU_INT32, 0, out};
    p = params(ETHOSU_EW_ADD);
    p.scalar = 1;
    os = os_for(ETHOSU_INT32, ETHOSU_ROUND_TFL);
    ck_assert_int_eq(ethosu_op_elementwise(&p, &i32, &i32, &os, &o32, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "scalar"));
    /* reserved mode */
    p = params((enum ethosu_ew_mode)10);
    ck_assert_int_eq(ethosu_op_elementwise(&p, &i32, &i32, &os, &o32, err, sizeof err), -1);
    /* OFM shape differs from IFM */
    p = params(ETHOSU_EW_ADD);
    o32.w = 2;
    ck_assert_int_eq(ethosu_op_elementwise(&p, &i32, &i32, &os, &o32, err, sizeof err), -1);
}
END_TEST

/* A large operation on two 8-bit tensors looks its outputs up in a table of
 * every value pair (ethosu_ops_elementwise.c table_rows); row by row (each row
 * below the table's size) the same operation takes the row path: both must
 * agree on every element, for every binary mode, scale mode, reversed
 * operands and broadcast IFM2s. */
START_TEST(test_table_path_equals_rows)
{
    enum { H = 64, W = 64, C = 70 };
    static int32_t a[H * W * C], b[H * W * C], big[H * W * C], row[W * C];
    srand(4242);
    const enum ethosu_ew_mode modes[] = { ETHOSU_EW_ADD, ETHOSU_EW_SUB, ETHOSU_EW_MUL, ETHOSU_EW_MIN, ETHOSU_EW_MAX };
    for (int iter = 0; iter < 24; iter++) {
        enum ethosu_dtype t = iter % 2 ? ETHOSU_UINT8 : ETHOSU_INT8;
        struct ethosu_ew_params p = params(modes[iter % 5]);
        p.ifm_scale_mode = (enum ethosu_ifm_scale_mode)(iter / 5 % 3);
        p.reversed = iter % 4 == 3;
        p.broadcast_c = iter % 6 == 1;
        p.broadcast_h = iter % 6 == 2;
        p.opa.scale = (uint32_t)rand() | 1u << 30;
        p.opa.shift = (uint8_t)(30 + rand() % 8);
        p.opb_scale = (uint32_t)rand() & 0xFFFFu;
        p.ofm.scale = (uint32_t)rand() | 1u << 30;
        p.ofm.shift = (uint8_t)(p.ifm_scale_mode == ETHOSU_IFM_SCALE_16BIT ? 24 + rand() % 8 : 36 + rand() % 8);
        int32_t lo = ethosu_dtype_min(t), span = ethosu_dtype_max(t) - lo + 1;
        for (size_t i = 0; i < (size_t)H * W * C; i++) {
            a[i] = lo + rand() % span;
            b[i] = lo + rand() % span;
        }
        uint32_t h2 = p.broadcast_h ? 1 : H, c2 = p.broadcast_c ? 1 : C;
        struct ethosu_fmap ifm = {H, W, C, t, lo + rand() % span, a};
        struct ethosu_fmap ifm2 = {h2, W, c2, t, lo + rand() % span, b};
        struct ethosu_fmap ofm = {H, W, C, t, lo + rand() % span, big};
        struct ethosu_output_stage os = os_for(t, (enum ethosu_rounding)(iter % 2));
        char err[200] = "";
        ck_assert_msg(ethosu_op_elementwise(&p, &ifm, &ifm2, &os, &ofm, err, sizeof err) == 0, "%s", err);
        for (uint32_t y = 0; y < H; y++) {
            struct ethosu_fmap ri = ifm, r2 = ifm2, ro = ofm;
            ri.h = r2.h = ro.h = 1;
            ri.values = a + (size_t)y * W * C;
            r2.values = b + (size_t)(p.broadcast_h ? 0 : y) * W * c2;
            ro.values = row;
            ck_assert_msg(ethosu_op_elementwise(&p, &ri, &r2, &os, &ro, err, sizeof err) == 0, "%s", err);
            for (size_t i = 0; i < (size_t)W * C; i++)
                if (row[i] != big[(size_t)y * W * C + i])
                    ck_abort_msg("iter %d mode %d scale mode %d%s%s%s row %u element %zu: table %d, rows %d", iter,
                                 (int)p.mode, (int)p.ifm_scale_mode, p.reversed ? " reversed" : "",
                                 p.broadcast_c ? " broadcast C" : "", p.broadcast_h ? " broadcast H" : "", y, i,
                                 big[(size_t)y * W * C + i], row[i]);
        }
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu_ops_elementwise");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_add_advanced);
    tcase_add_test(tc, test_add_ifm_rounding);
    tcase_add_test(tc, test_sub_16bit_scales);
    tcase_add_test(tc, test_scalar_and_broadcast);
    tcase_add_test(tc, test_broadcast_hw);
    tcase_add_test(tc, test_broadcast_h_full_height_ifm2);
    tcase_add_test(tc, test_mul_abs_lrelu);
    tcase_add_test(tc, test_int32_ops);
    tcase_add_test(tc, test_ew_refused);
    tcase_add_test(tc, test_table_path_equals_rows);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
