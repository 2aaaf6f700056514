/* Unit tests for the Ethos-U85 elementwise accumulate half
 * (ethosu85_ops_elementwise.c): hand-worked values for every mode, the
 * broadcast modes and the scalar operand, and the first twelve elements of
 * four Vela 5.2 / TensorFlow Lite corpus networks compiled for
 * ethos-u85-256 (the register values of Vela's listing, the reference
 * output of TFLite's kernels) run through both halves. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu85_ops.h"

static const struct ethosu85_scale UNIT = {1, 0, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC};

static struct ethosu85_ew_params params(enum ethosu85_ew_mode m)
{
    struct ethosu85_ew_params p;
    memset(&p, 0, sizeof p);
    p.mode = m;
    p.ifm_scale = UNIT;
    p.ifm2_scale = UNIT;
    return p;
}

/* one element: a op b (int32 operands, zero points 0) */
static int64_t ew1(enum ethosu85_ew_mode m, int32_t a, int32_t b, enum ethosu85_round_mode r)
{
    struct ethosu85_ew_params p = params(m);
    struct ethosu_fmap A = {1, 1, 1, ETHOSU_INT32, 0, &a}, B = {1, 1, 1, ETHOSU_INT32, 0, &b};
    int64_t v = 0;
    struct ethosu85_acc acc = {1, 1, 1, &v, 0};
    char err[128];
    ck_assert_msg(ethosu85_elementwise_acc(&p, &A, &B, r, NULL, &acc, err, sizeof err) == 0, "%s", err);
    return v;
}

START_TEST(test_int_modes)
{
    const enum ethosu85_round_mode DS = ETHOSU85_ROUND_DOUBLE_SYMMETRIC;
    ck_assert_int_eq(ew1(ETHOSU85_EW_ADD, 7, -3, DS), 4);
    ck_assert_int_eq(ew1(ETHOSU85_EW_SUB, 7, -3, DS), 10);
    ck_assert_int_eq(ew1(ETHOSU85_EW_MUL, -7, 3, DS), -21);
    ck_assert_int_eq(ew1(ETHOSU85_EW_MIN, -7, 3, DS), -7);
    ck_assert_int_eq(ew1(ETHOSU85_EW_MAX, -7, 3, DS), 3);
    /* SHR: 5 / 2 = 2.5 and -5 / 2 = -2.5 in each rounding */
    ck_assert_int_eq(ew1(ETHOSU85_EW_SHR, 5, 1, ETHOSU85_ROUND_NATURAL), 3);
    ck_assert_int_eq(ew1(ETHOSU85_EW_SHR, -5, 1, ETHOSU85_ROUND_NATURAL), -2);
    ck_assert_int_eq(ew1(ETHOSU85_EW_SHR, -5, 1, ETHOSU85_ROUND_TRUNCATE_TO_LOWER), -3);
    ck_assert_int_eq(ew1(ETHOSU85_EW_SHR, -5, 1, ETHOSU85_ROUND_TRUNCATE_TO_ZERO), -2);
    ck_assert_int_eq(ew1(ETHOSU85_EW_SHR, -5, 1, ETHOSU85_ROUND_SYMMETRIC), -3);
    /* SHL wraps at 32 bits: 0x40000001 << 2 = 4; LSR of -1 by 28 = 15 */
    ck_assert_int_eq(ew1(ETHOSU85_EW_SHL, 0x40000001, 2, DS), 4);
    ck_assert_int_eq(ew1(ETHOSU85_EW_SHL, 3, 4, DS), 48);
    ck_assert_int_eq(ew1(ETHOSU85_EW_LSR, -1, 28, DS), 15);
    ck_assert_int_eq(ew1(ETHOSU85_EW_LSR, -8, 1, DS), 0x7FFFFFFC);
    /* DIV towards zero; by zero 0; INT32_MIN / -1 saturates */
    ck_assert_int_eq(ew1(ETHOSU85_EW_DIV, 7, -2, DS), -3);
    ck_assert_int_eq(ew1(ETHOSU85_EW_DIV, -7, 2, DS), -3);
    ck_assert_int_eq(ew1(ETHOSU85_EW_DIV, 5, 0, DS), 0);
    ck_assert_int_eq(ew1(ETHOSU85_EW_DIV, INT32_MIN, -1, DS), INT32_MAX);
    /* CLZ of the 32-bit pattern */
    ck_assert_int_eq(ew1(ETHOSU85_EW_CLZ, 1, 0, DS), 31);
    ck_assert_int_eq(ew1(ETHOSU85_EW_CLZ, 0, 0, DS), 32);
    ck_assert_int_eq(ew1(ETHOSU85_EW_CLZ, -1, 0, DS), 0);
    ck_assert_int_eq(ew1(ETHOSU85_EW_CLZ, 0x00012345, 0, DS), 15);
    /* bitwise */
    ck_assert_int_eq(ew1(ETHOSU85_EW_AND, 0x0F0F, 0x00FF, DS), 0x000F);
    ck_assert_int_eq(ew1(ETHOSU85_EW_OR, 0x0F0F, 0x00FF, DS), 0x0FFF);
    ck_assert_int_eq(ew1(ETHOSU85_EW_XOR, 0x0F0F, 0x00FF, DS), 0x0FF0);
    ck_assert_int_eq(ew1(ETHOSU85_EW_AND_NOT, 0x0F0F, 0x00FF, DS), 0x0F00);
    ck_assert_int_eq(ew1(ETHOSU85_EW_NOT, 0, 0, DS), -1);
    /* comparisons: -1 true, 0 false */
    ck_assert_int_eq(ew1(ETHOSU85_EW_CMP_EQ, 4, 4, DS), -1);
    ck_assert_int_eq(ew1(ETHOSU85_EW_CMP_NE, 4, 4, DS), 0);
    ck_assert_int_eq(ew1(ETHOSU85_EW_CMP_GE, 4, 4, DS), -1);
    ck_assert_int_eq(ew1(ETHOSU85_EW_CMP_GT, 4, 4, DS), 0);
    ck_assert_int_eq(ew1(ETHOSU85_EW_CMP_GT, 5, 4, DS), -1);
}
END_TEST

START_TEST(test_scaled_modes)
{
    /* ABS, LRELU, CMP through the input scales: S1 = 0.5 (2^30 / 2^31),
     * S2 = 0.25 (2^30 / 2^32 double rounded) */
    int32_t a[] = {-7, 6}, b[] = {3, 12};
    struct ethosu_fmap A = {1, 1, 2, ETHOSU_INT8, 1, a}, B = {1, 1, 2, ETHOSU_INT8, 0, b};
    int64_t v[2];
    struct ethosu85_acc acc = {1, 1, 2, v, 0};
    char err[128];
    struct ethosu85_ew_params p = params(ETHOSU85_EW_ABS);
    p.ifm_scale = (struct ethosu85_scale){UINT32_C(1) << 30, 31, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC};
    p.ifm2_scale = (struct ethosu85_scale){UINT32_C(1) << 30, 32, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC};
    /* ABS: a - zp = -8, 5 -> S1 = -4, 2.5 -> 3 -> 4, 3 */
    ck_assert_msg(ethosu85_elementwise_acc(&p, &A, NULL, 0, NULL, &acc, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(v[0], 4);
    ck_assert_int_eq(v[1], 3);
    /* LRELU: -8 < 0 -> S2(-8) = -2; 5 >= 0 -> S1(5) = 3 */
    p.mode = ETHOSU85_EW_LRELU;
    ck_assert_msg(ethosu85_elementwise_acc(&p, &A, NULL, 0, NULL, &acc, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(v[0], -2);
    ck_assert_int_eq(v[1], 3);
    /* CMP_GE: S1(a) >= S2(b): -4 >= 0.75 -> 1: false; 3 >= 3: true */
    p.mode = ETHOSU85_EW_CMP_GE;
    ck_assert_msg(ethosu85_elementwise_acc(&p, &A, &B, 0, NULL, &acc, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(v[0], 0);
    ck_assert_int_eq(v[1], -1);
}
END_TEST

START_TEST(test_broadcast_and_scalar)
{
    /* IFM 2x2x2, IFM2 1x2x1 broadcast H and C: b = ifm2[0][x][0] */
    int32_t a[] = {1, 2, 3, 4, 5, 6, 7, 8}, b[] = {10, 20};
    struct ethosu_fmap A = {2, 2, 2, ETHOSU_INT8, 0, a}, B = {1, 2, 1, ETHOSU_INT8, 0, b};
    int64_t v[8];
    struct ethosu85_acc acc = {2, 2, 2, v, 0};
    char err[128];
    struct ethosu85_ew_params p = params(ETHOSU85_EW_SUB);
    p.ifm2_broadcast = ETHOSU85_BCAST_H | ETHOSU85_BCAST_C;
    ck_assert_msg(ethosu85_elementwise_acc(&p, &A, &B, 0, NULL, &acc, err, sizeof err) == 0, "%s", err);
    static const int64_t want[] = {-9, -8, -17, -16, -5, -4, -13, -12};
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(v[i], want[i]);
    /* the IFM is the scalar (a constant first operand): 100 - zp 4 - b */
    p.ifm_broadcast = ETHOSU85_BCAST_SCALAR;
    p.ifm2_broadcast = ETHOSU85_BCAST_NONE;
    p.scalar = 100;
    A.zero_point = 4;
    struct ethosu_fmap B2 = {2, 2, 2, ETHOSU_INT8, 0, a};
    ck_assert_msg(ethosu85_elementwise_acc(&p, &A, &B2, 0, NULL, &acc, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(v[0], 95);
    ck_assert_int_eq(v[7], 88);
    /* a wrong shape on a non-broadcast axis is refused */
    p.ifm_broadcast = ETHOSU85_BCAST_NONE;
    p.ifm2_broadcast = ETHOSU85_BCAST_H;
    ck_assert_int_eq(ethosu85_elementwise_acc(&p, &A, &B, 0, NULL, &acc, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "non-broadcast"));
    p.ifm2_broadcast = 9;
    ck_assert_int_eq(ethosu85_elementwise_acc(&p, &A, &B, 0, NULL, &acc, err, sizeof err), -1);
    p = params((enum ethosu85_ew_mode)12);
    ck_assert_int_eq(ethosu85_elementwise_acc(&p, &A, &B, 0, NULL, &acc, err, sizeof err), -1);
}
END_TEST

static struct ethosu85_output_stage global(struct ethosu85_scale s, int32_t lo, int32_t hi)
{
    struct ethosu85_output_stage os;
    memset(&os, 0, sizeof os);
    os.scale_mode = ETHOSU85_SCALE_GLOBAL;
    os.ofm_scale = s;
    os.clip = ETHOSU85_CLIP_B16;
    os.act_min = lo;
    os.act_max = hi;
    return os;
}

/* both halves over 12 elements; compares with TFLite's reference */
static void run12(const struct ethosu85_ew_params *p, struct ethosu_fmap *ifm, struct ethosu_fmap *ifm2,
                  const struct ethosu85_output_stage *os, enum ethosu_dtype ot, int32_t ozp,
                  const int32_t *want)
{
    int64_t v[12];
    int32_t out[12];
    struct ethosu85_acc acc = {1, 1, 12, v, 0};
    struct ethosu_fmap ofm = {1, 1, 12, ot, ozp, out};
    char err[128];
    ck_assert_msg(ethosu85_elementwise_acc(p, ifm, ifm2, os->ofm_scale.round_mode, NULL, &acc, err,
                                           sizeof err) == 0, "%s", err);
    ck_assert_msg(ethosu85_output(&acc, os, &ofm, err, sizeof err) == 0, "%s", err);
    for (int i = 0; i < 12; i++)
        ck_assert_msg(out[i] == want[i], "element %d: %d, TFLite %d", i, out[i], want[i]);
}

START_TEST(test_corpus_add_two_inputs)
{
    /* add_two_inputs: IFM_SCALE 1712920633 >> 12 dbl_rnd 20, IFM2_SCALE 2^30
     * >> 11 dbl_rnd 20, OFM_SCALE 1159854826 >> 50, zero points -15 / -2 /
     * 20, ACTIVATION_MIN 20 (fused RELU) */
    int32_t a[] = {-50, -4, -93, -83, -105, 105, -67, 125, -89, -93, 35, -82};
    int32_t b[] = {25, -40, -39, -89, 36, 28, -108, -9, -50, -43, -12, 30};
    static const int32_t want[] = {20, 20, 20, 20, 20, 88, 20, 77, 20, 20, 36, 20};
    struct ethosu_fmap A = {1, 1, 12, ETHOSU_INT8, -15, a}, B = {1, 1, 12, ETHOSU_INT8, -2, b};
    struct ethosu85_ew_params p = params(ETHOSU85_EW_ADD);
    p.ifm_scale = (struct ethosu85_scale){1712920633, 12, 20, ETHOSU85_ROUND_DOUBLE_SYMMETRIC};
    p.ifm2_scale = (struct ethosu85_scale){1073741824, 11, 20, ETHOSU85_ROUND_DOUBLE_SYMMETRIC};
    struct ethosu85_output_stage os =
        global((struct ethosu85_scale){1159854826, 50, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC}, 20, 127);
    run12(&p, &A, &B, &os, ETHOSU_INT8, 20, want);
}
END_TEST

START_TEST(test_corpus_i16_leaky_relu)
{
    /* i16_leaky_relu: IFM_SCALE 2^30 >> 30 (1.0), IFM2_SCALE 1717986944 >> 34
     * (alpha 0.1), OFM_SCALE unit, int16 */
    int32_t a[] = {27163, 18247, -13097, 25151, -18391, 17190, 6972, 30437, 13019, 30842, -11556, -27408};
    static const int32_t want[] = {27163, 18247, -1310, 25151, -1839, 17190, 6972, 30437, 13019, 30842,
                                   -1156, -2741};
    struct ethosu_fmap A = {1, 1, 12, ETHOSU_INT16, 0, a};
    struct ethosu85_ew_params p = params(ETHOSU85_EW_LRELU);
    p.ifm_scale = (struct ethosu85_scale){1073741824, 30, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC};
    p.ifm2_scale = (struct ethosu85_scale){1717986944, 34, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC};
    struct ethosu85_output_stage os = global(UNIT, -32768, 32767);
    run12(&p, &A, NULL, &os, ETHOSU_INT16, 0, want);
}
END_TEST

START_TEST(test_corpus_abs)
{
    /* abs_op: IFM zero point 6, OFM_SCALE 1789569707 >> 30, OFM zero point -120 */
    int32_t a[] = {-14, 126, 126, -31, 116, 83, 35, 86, 68, 121, -30, -109};
    static const int32_t want[] = {-87, 80, 80, -58, 63, 8, -72, 13, -17, 72, -60, 72};
    struct ethosu_fmap A = {1, 1, 12, ETHOSU_INT8, 6, a};
    struct ethosu85_ew_params p = params(ETHOSU85_EW_ABS);
    struct ethosu85_output_stage os =
        global((struct ethosu85_scale){1789569707, 30, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC}, -128, 127);
    run12(&p, &A, NULL, &os, ETHOSU_INT8, -120, want);
}
END_TEST

START_TEST(test_corpus_min_max_chained)
{
    /* min_max: MIN of two inputs, its OFM chained into a MAX with OP_SCALAR
     * -20; zero points 16 everywhere. The chain carries the MIN's OFM values. */
    int32_t a[] = {-67, 45, -105, -74, -47, -49, 104, 76, 106, 126, -108, -92};
    int32_t b[] = {98, -4, -104, 115, 42, -78, -80, -80, -18, 49, -71, 119};
    static const int32_t want[] = {-20, -4, -20, -20, -20, -20, -20, -20, -18, 49, -20, -20};
    struct ethosu_fmap A = {1, 1, 12, ETHOSU_INT8, 16, a}, B = {1, 1, 12, ETHOSU_INT8, 16, b};
    int32_t mid[12];
    int64_t v[12];
    struct ethosu85_acc acc = {1, 1, 12, v, 0};
    struct ethosu_fmap chain = {1, 1, 12, ETHOSU_INT8, 16, mid};
    char err[128];
    struct ethosu85_ew_params p = params(ETHOSU85_EW_MIN);
    struct ethosu85_output_stage os = global(UNIT, -128, 127);
    ck_assert(ethosu85_elementwise_acc(&p, &A, &B, os.ofm_scale.round_mode, NULL, &acc, err, sizeof err) == 0);
    ck_assert(ethosu85_output(&acc, &os, &chain, err, sizeof err) == 0);
    p = params(ETHOSU85_EW_MAX);
    p.ifm2_broadcast = ETHOSU85_BCAST_SCALAR;
    p.scalar = -20;
    struct ethosu_fmap S = {1, 1, 1, ETHOSU_INT8, 16, NULL};
    run12(&p, &chain, &S, &os, ETHOSU_INT8, 16, want);
}
END_TEST

START_TEST(test_corpus_greater_bool)
{
    /* TFLite GREATER of two int8 inputs of different quantisation into a
     * bool, as Vela 5.2 compiles it for ethos-u85-256: CMP_GT with
     * IFM_SCALE 1793582336 >> 27 and IFM2_SCALE 1524545024 >> 26 (zero
     * points -20 / -15), its -1 / 0 chained into an AND with a 1x1x1
     * constant 1 broadcast on H, W and C; TFLite's reference booleans */
    int32_t a[] = {10, 11, 12, 13, -60, -61, 42, 71, 36, 55, 106, 106};
    int32_t b[] = {-5, -5, -5, -5, -44, -44, -93, -125, -104, -32, 100, -115};
    static const int32_t want[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1};
    struct ethosu_fmap A = {1, 1, 12, ETHOSU_INT8, -20, a}, B = {1, 1, 12, ETHOSU_INT8, -15, b};
    struct ethosu85_ew_params p = params(ETHOSU85_EW_CMP_GT);
    p.ifm_scale = (struct ethosu85_scale){1793582336, 27, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC};
    p.ifm2_scale = (struct ethosu85_scale){1524545024, 26, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC};
    struct ethosu85_output_stage os = global(UNIT, -128, 127);
    int32_t mid[12];
    int64_t v[12];
    struct ethosu85_acc acc = {1, 1, 12, v, 0};
    struct ethosu_fmap chain = {1, 1, 12, ETHOSU_INT8, 0, mid};
    char err[128];
    ck_assert(ethosu85_elementwise_acc(&p, &A, &B, os.ofm_scale.round_mode, NULL, &acc, err, sizeof err) == 0);
    ck_assert(ethosu85_output(&acc, &os, &chain, err, sizeof err) == 0);
    ck_assert_int_eq(mid[0], -1);
    ck_assert_int_eq(mid[10], 0);
    int32_t one[] = {1};
    struct ethosu_fmap C1 = {1, 1, 1, ETHOSU_INT8, 0, one};
    p = params(ETHOSU85_EW_AND);
    p.ifm2_broadcast = ETHOSU85_BCAST_H | ETHOSU85_BCAST_W | ETHOSU85_BCAST_C;
    run12(&p, &chain, &C1, &os, ETHOSU_INT8, 0, want);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu85_ops_elementwise");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_int_modes);
    tcase_add_test(tc, test_scaled_modes);
    tcase_add_test(tc, test_broadcast_and_scalar);
    tcase_add_test(tc, test_corpus_add_two_inputs);
    tcase_add_test(tc, test_corpus_i16_leaky_relu);
    tcase_add_test(tc, test_corpus_abs);
    tcase_add_test(tc, test_corpus_min_max_chained);
    tcase_add_test(tc, test_corpus_greater_bool);
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
