/* Unit tests for the Ethos-U85 pooling accumulate half (ethosu85_ops_pool.c):
 * hand-worked windows for every mode and excerpts of Vela 5.2 /
 * TensorFlow Lite corpus networks compiled for ethos-u85-256 (register
 * values from Vela's listing, expected values from TFLite's reference). */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu85_ops.h"

static struct ethosu_kernel kern(uint32_t w, uint32_t h, uint32_t s, uint32_t pt, uint32_t pl)
{
    struct ethosu_kernel k = {w, h, s, s, 1, 1, pt, pl, 0, 0, ETHOSU_UPSCALE_NONE};
    return k;
}

static struct ethosu85_output_stage global(uint32_t m, unsigned sh, enum ethosu85_round_mode r)
{
    struct ethosu85_output_stage os;
    memset(&os, 0, sizeof os);
    os.scale_mode = ETHOSU85_SCALE_GLOBAL;
    os.ofm_scale = (struct ethosu85_scale){m, sh, 0, r};
    os.clip = ETHOSU85_CLIP_B16;
    os.act_min = -128;
    os.act_max = 127;
    return os;
}

/* pool one window into one channel and return the OFM value */
static int32_t pool1(enum ethosu85_pool_mode m, struct ethosu_fmap *ifm, struct ethosu_kernel k,
                     const struct ethosu85_output_stage *os, int64_t *acc_out)
{
    int64_t v[1];
    int32_t out[1];
    struct ethosu85_acc acc = {1, 1, ifm->c, v, 0};
    struct ethosu_fmap ofm = {1, 1, 1, ETHOSU_INT8, 0, out};
    char err[128];
    ck_assert_msg(ethosu85_pool_acc(m, ifm, &k, os->ofm_scale.round_mode, NULL, &acc, err, sizeof err) == 0,
                  "%s", err);
    if (acc_out)
        *acc_out = v[0];
    ck_assert_msg(ethosu85_output(&acc, os, &ofm, err, sizeof err) == 0, "%s", err);
    return out[0];
}

START_TEST(test_modes)
{
    /* a 2x3 window, IFM zero point 1: values - 1 = 4, -2, 7, 0, 7, -5 */
    int32_t a[] = {5, -1, 8, 1, 8, -4};
    struct ethosu_fmap ifm = {2, 3, 1, ETHOSU_INT8, 1, a};
    struct ethosu85_output_stage os = global(1, 0, ETHOSU85_ROUND_NATURAL);
    int64_t acc;
    ck_assert_int_eq(pool1(ETHOSU85_POOL_MAX, &ifm, kern(3, 2, 1, 0, 0), &os, NULL), 7);
    ck_assert_int_eq(pool1(ETHOSU85_POOL_MIN, &ifm, kern(3, 2, 1, 0, 0), &os, NULL), -5);
    ck_assert_int_eq(pool1(ETHOSU85_POOL_SUM, &ifm, kern(3, 2, 1, 0, 0), &os, NULL), 11);
    /* AVERAGE 11 / 6 = 1.83 -> 2 */
    ck_assert_int_eq(pool1(ETHOSU85_POOL_AVERAGE, &ifm, kern(3, 2, 1, 0, 0), &os, NULL), 2);
    /* ARGMAX_X: the first 7 is at (0, 2): x index 2 -> 2 << 16; OFM_SCALE
     * 1 >> 16 TRUNCATE_TO_LOWER gives 2. ARGMAX_Y: y index 0. */
    struct ethosu85_output_stage am = global(1, 16, ETHOSU85_ROUND_TRUNCATE_TO_LOWER);
    ck_assert_int_eq(pool1(ETHOSU85_POOL_ARGMAX_X, &ifm, kern(3, 2, 1, 0, 0), &am, &acc), 2);
    ck_assert_int_eq(acc, 2 << 16);
    ck_assert_int_eq(pool1(ETHOSU85_POOL_ARGMAX_Y, &ifm, kern(3, 2, 1, 0, 0), &am, NULL), 0);
    /* REDUCE_SUM over 6 channels of one position */
    struct ethosu_fmap row = {1, 1, 6, ETHOSU_INT8, 1, a};
    int64_t v[1];
    struct ethosu85_acc a1 = {1, 1, 1, v, 0};
    struct ethosu_kernel k1 = kern(1, 1, 1, 0, 0);
    char err[128];
    ck_assert_msg(ethosu85_pool_acc(ETHOSU85_POOL_REDUCE_SUM, &row, &k1, 0, NULL, &a1, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_int_eq(v[0], 11);
    /* NONE with acc_input IFM2: the accumulators pass through */
    int32_t i2[] = {-300};
    struct ethosu_fmap f2 = {1, 1, 1, ETHOSU_INT32, 0, i2};
    int64_t iv[1];
    struct ethosu85_acc src = {1, 1, 1, iv, 0};
    ck_assert_int_eq(ethosu85_acc_from_fmap(&f2, &src, err, sizeof err), 0);
    struct ethosu85_acc_in in = {ETHOSU85_ACC_IFM2, &src};
    ck_assert_msg(ethosu85_pool_acc(ETHOSU85_POOL_NONE, NULL, NULL, 0, &in, &a1, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(v[0], -300);
    /* refused: an AVERAGE kernel above 8x8, a reserved mode */
    struct ethosu_fmap big = {9, 9, 1, ETHOSU_INT8, 0, (int32_t[81]){0}};
    struct ethosu_kernel k9 = kern(9, 9, 1, 0, 0);
    int64_t w[9];
    struct ethosu85_acc a9 = {1, 1, 1, w, 0};
    ck_assert_int_eq(ethosu85_pool_acc(ETHOSU85_POOL_AVERAGE, &big, &k9, 0, NULL, &a9, err, sizeof err), -1);
    ck_assert_int_eq(ethosu85_pool_acc((enum ethosu85_pool_mode)8, &big, &k9, 0, NULL, &a9, err, sizeof err), -1);
}
END_TEST

START_TEST(test_corpus_avgpool_3x3_same)
{
    /* avgpool_3x3_same OFM (0, 0): a 3x3 window with pad 1 top and left
     * sees the IFM's 2x2 corner; AVERAGE, OFM_SCALE 2^30 >> 30 NATURAL.
     * Channels 0, 2 and 6: -159 / 4 = -39.75 -> -40, 142 / 4 = 35.5 -> 36,
     * -94 / 4 = -23.5 -> -24 (half away from zero, as TFLite). */
    int32_t a[] = {-31, 61, -10, 0, 67, -112, -82, 124, 33, -46, -110, -5};
    struct ethosu_fmap ifm = {2, 2, 3, ETHOSU_INT8, 0, a};
    struct ethosu_kernel k = kern(3, 3, 1, 1, 1);
    int64_t v[3];
    int32_t out[3];
    struct ethosu85_acc acc = {1, 1, 3, v, 0};
    struct ethosu_fmap ofm = {1, 1, 3, ETHOSU_INT8, 0, out};
    struct ethosu85_output_stage os = global(UINT32_C(1) << 30, 30, ETHOSU85_ROUND_NATURAL);
    char err[128];
    ck_assert_msg(ethosu85_pool_acc(ETHOSU85_POOL_AVERAGE, &ifm, &k, os.ofm_scale.round_mode, NULL, &acc,
                                    err, sizeof err) == 0, "%s", err);
    ck_assert_msg(ethosu85_output(&acc, &os, &ofm, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(out[0], -40);
    ck_assert_int_eq(out[1], 36);
    ck_assert_int_eq(out[2], -24);
}
END_TEST

START_TEST(test_corpus_avgpool_11x11_sum)
{
    /* cov_average_pool_2d_i8 OFM (0, 0, 0): 11x11 average, Vela's SUM with
     * OFM_SCALE 1135859120 >> 37 NATURAL (1/121); TFLite: -3 */
    int32_t a[] = {-55, 72, 104, -10, -67, 70, 96, -20, -23, -8, -42, 103, 97, 22, 51, -39, -95,
                   -44, 85, 87, 88, -72, 48, 21, 112, 95, -56, -111, -13, -118, -38, -97, -7, 26,
                   -42, -44, 55, 1, -113, 18, 90, -57, 119, -71, 57, -1, 116, -124, -101, 118, 81,
                   -119, 15, 13, -7, -112, -6, -67, 45, 29, -100, 94, -124, 58, 62, -87, 82, -54,
                   -120, -87, -19, 104, 3, -18, 123, -23, 44, 88, 48, 84, 73, -121, 51, -66, -48,
                   71, -71, 103, -80, -82, -15, -82, -19, 42, 78, -84, -3, -55, -93, 88, -125, 89,
                   -92, 117, -60, 0, -60, -90, 117, 98, -71, 8, -57, -104, 19, 3, -70, -76, 52, -51,
                   -5};
    struct ethosu_fmap ifm = {11, 11, 1, ETHOSU_INT8, 0, a};
    struct ethosu85_output_stage os = global(1135859120, 37, ETHOSU85_ROUND_NATURAL);
    ck_assert_int_eq(pool1(ETHOSU85_POOL_SUM, &ifm, kern(11, 11, 1, 0, 0), &os, NULL), -3);
}
END_TEST

START_TEST(test_corpus_argmax_ties)
{
    /* arg_max rows 4 and 15: the largest value twice (125 at 14 and 15, 126
     * at 26 and 33); TFLite answers the first index */
    int32_t r4[] = {78, 20, 121, -65, -28, 87, -31, -59, 11, -24, -24, -2, 123, -103, 125, 125, -94, -26,
                    80, 104, -110, 20, 25, -101, 37, 75, -127, -38, 55, 15, 15, 9, -67, 108, 105, -117,
                    72, -78, -72, -86};
    int32_t r15[] = {66, -74, -30, 53, 76, -15, 83, -52, 29, 81, -18, 76, -28, -115, 72, -20, -49, 19,
                     -112, 114, 73, 9, 34, 46, 81, -16, 126, -102, -123, 48, 45, -100, 43, 126, 1, 49,
                     21, -37, 28, -23};
    struct ethosu_fmap f4 = {1, 40, 1, ETHOSU_INT8, -4, r4}, f15 = {1, 40, 1, ETHOSU_INT8, -4, r15};
    struct ethosu85_output_stage os = global(1, 16, ETHOSU85_ROUND_TRUNCATE_TO_LOWER);
    os.clip = ETHOSU85_CLIP_NONE;
    ck_assert_int_eq(pool1(ETHOSU85_POOL_ARGMAX_X, &f4, kern(40, 1, 1, 0, 0), &os, NULL), 14);
    ck_assert_int_eq(pool1(ETHOSU85_POOL_ARGMAX_X, &f15, kern(40, 1, 1, 0, 0), &os, NULL), 26);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu85_ops_pool");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_modes);
    tcase_add_test(tc, test_corpus_avgpool_3x3_same);
    tcase_add_test(tc, test_corpus_avgpool_11x11_sum);
    tcase_add_test(tc, test_corpus_argmax_ties);
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
