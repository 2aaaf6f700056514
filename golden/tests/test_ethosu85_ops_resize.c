/* Unit tests for the Ethos-U85 resize accumulate half
 * (ethosu85_ops_resize.c): a hand-worked 2x half-pixel row and three
 * networks compiled by Vela 5.2 for ethos-u85-256 (channel 0 of each; the
 * RESIZE_* and OFM_SCALE values of Vela's listing, the output of
 * TensorFlow Lite's reference kernels). */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu85_ops.h"

/* both halves: OFM_SCALE 1 >> shift SYMMETRIC, int8 */
static void run(enum ethosu85_resize_mode m, struct ethosu_fmap *ifm, struct ethosu85_resize_axis ax,
                struct ethosu85_resize_axis ay, unsigned shift, uint32_t oh, uint32_t ow, const int32_t *want)
{
    int64_t v[128];
    int32_t out[128];
    ck_assert_uint_le(oh * ow, 128);
    struct ethosu85_acc acc = {oh, ow, 1, v, 0};
    struct ethosu_fmap ofm = {oh, ow, 1, ETHOSU_INT8, 0, out};
    struct ethosu85_output_stage os;
    memset(&os, 0, sizeof os);
    os.scale_mode = ETHOSU85_SCALE_GLOBAL;
    os.ofm_scale = (struct ethosu85_scale){1, shift, 0, ETHOSU85_ROUND_SYMMETRIC};
    os.clip = ETHOSU85_CLIP_B16;
    os.act_min = -128;
    os.act_max = 127;
    char err[128];
    ck_assert_msg(ethosu85_resize_acc(m, ifm, &ax, &ay, &acc, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(ethosu85_output(&acc, &os, &ofm, err, sizeof err) == 0, "%s", err);
    for (uint32_t i = 0; i < oh * ow; i++)
        ck_assert_msg(out[i] == want[i], "element %u: %d, TFLite %d", (unsigned)i, out[i], want[i]);
}

START_TEST(test_half_pixel_row)
{
    /* 1x2 -> 1x4 bilinear, x: n 4, d 2, offset -1 (Vela's 2x half-pixel);
     * y: n 1, d 1. X = 2x - 1: x = 0: index -1 frac 3 (both neighbours
     * clamp to 0) -> 0; x = 1: 0 * 3 + 100 * 1 = 100, / 4 = 25; x = 2: 75;
     * x = 3: index 1, 100 * 4 / 4 = 100 (TFLite: input x 0.25, 0.75) */
    int32_t a[] = {0, 100};
    struct ethosu_fmap ifm = {1, 2, 1, ETHOSU_INT8, 0, a};
    static const int32_t want[] = {0, 25, 75, 100};
    run(ETHOSU85_RESIZE_BILINEAR, &ifm, (struct ethosu85_resize_axis){4, 2, -1},
        (struct ethosu85_resize_axis){1, 1, 0}, 16 + 2, 1, 4, want);
    /* raw accumulator: carries 2^16 */
    int64_t v[4];
    struct ethosu85_acc acc = {1, 4, 1, v, 0};
    char err[128];
    struct ethosu85_resize_axis ax = {4, 2, -1}, ay = {1, 1, 0};
    ck_assert_int_eq(ethosu85_resize_acc(ETHOSU85_RESIZE_BILINEAR, &ifm, &ax, &ay, &acc, err, sizeof err), 0);
    ck_assert_int_eq(v[1], 100 * 65536);
    /* NEAREST: frac 2 * f >= n picks the right neighbour: X = -1 (f 3) ->
     * index 0, X = 1 (f 1) -> 0, X = 3 (f 3) -> 1, X = 5 -> 1 */
    static const int32_t near[] = {0, 0, 100, 100};
    run(ETHOSU85_RESIZE_NEAREST, &ifm, ax, ay, 16, 1, 4, near);
    /* refused: an offset outside -n..n-1, n above 2048 */
    ax.offset = 4;
    ck_assert_int_eq(ethosu85_resize_acc(ETHOSU85_RESIZE_NEAREST, &ifm, &ax, &ay, &acc, err, sizeof err), -1);
    ax = (struct ethosu85_resize_axis){2049, 1, 0};
    ck_assert_int_eq(ethosu85_resize_acc(ETHOSU85_RESIZE_NEAREST, &ifm, &ax, &ay, &acc, err, sizeof err), -1);
}
END_TEST

START_TEST(test_corpus_bilinear_half_pixel)
{
    /* resize_bilinear: 5x5 -> 10x10 half_pixel_centers; RESIZE_X/Y_SCALE_N_M1
     * 3, RESIZE_X/Y one_step_int 0 one_step_mod 2, offsets -1, OFM_SCALE 1
     * >> 20 SYMMETRIC */
    int32_t a[] = {-31, -87, 64, -7, -112, -120, -103, -23, -10, -42, 124, 109, 11, 56, -88, 44, -87,
                   -66, -16, -31, 91, -15, -126, 80, -72};
    static const int32_t want[] = {
        -31, -45, -73, -49, 26, 46, 11, -33, -86, -112, -53, -63, -82, -58, 9, 30, 5, -29, -73, -95,
        -98, -98, -99, -75, -26, -3, -7, -22, -47, -60, -59, -57, -52, -41, -23, -9, 1, -9, -39, -54,
        63, 61, 58, 43, 16, 12, 30, 11, -48, -77, 104, 93, 71, 43, 9, 3, 26, 10, -46, -74,
        64, 39, -13, -40, -45, -35, -10, -10, -33, -45, 56, 25, -38, -72, -78, -59, -14, -4, -29, -41,
        79, 51, -5, -53, -92, -69, 14, 27, -32, -62, 91, 65, 12, -43, -98, -75, 29, 42, -34, -72};
    struct ethosu_fmap ifm = {5, 5, 1, ETHOSU_INT8, 0, a};
    struct ethosu85_resize_axis ax = {4, 2, -1};
    run(ETHOSU85_RESIZE_BILINEAR, &ifm, ax, ax, 20, 10, 10, want);
}
END_TEST

START_TEST(test_corpus_bilinear_align_corners)
{
    /* 5x5 -> 9x9 align_corners: n 2, d 1, offset 0, OFM_SCALE 1 >> 18 */
    int32_t a[] = {-7, -120, -65, -59, 36, 93, 81, -97, 122, 103, -123, -1, 63, -53, 57, -21, -20, -36,
                   -19, 95, -11, -73, -40, 44, -115};
    static const int32_t want[] = {
        -7, -64, -120, -93, -65, -62, -59, -12, 36, 43, 12, -20, -50, -81, -25, 32, 51, 70,
        93, 87, 81, -8, -97, 13, 122, 113, 103, -15, 13, 40, 12, -17, 9, 35, 57, 80,
        -123, -62, -1, 31, 63, 5, -53, 2, 57, -72, -41, -11, 2, 14, -11, -36, 20, 76,
        -21, -21, -20, -28, -36, -28, -19, 38, 95, -16, -31, -47, -42, -38, -13, 13, 1, -10,
        -11, -42, -73, -57, -40, 2, 44, -36, -115};
    struct ethosu_fmap ifm = {5, 5, 1, ETHOSU_INT8, 0, a};
    struct ethosu85_resize_axis ax = {2, 1, 0};
    run(ETHOSU85_RESIZE_BILINEAR, &ifm, ax, ax, 18, 9, 9, want);
}
END_TEST

START_TEST(test_corpus_nearest_3x)
{
    /* 3x3 -> 9x9 nearest (no flags: Vela uses half-pixel centres for
     * nearest): n 6, d 2, offset -2, OFM_SCALE 1 >> 16 */
    int32_t a[] = {-7, -120, -65, -59, 36, 93, 81, -97, 122};
    int32_t want[81];
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 9; x++)
            want[y * 9 + x] = a[(y / 3) * 3 + x / 3]; /* TFLite: each value 3x3 */
    struct ethosu_fmap ifm = {3, 3, 1, ETHOSU_INT8, 0, a};
    struct ethosu85_resize_axis ax = {6, 2, -2};
    run(ETHOSU85_RESIZE_NEAREST, &ifm, ax, ax, 16, 9, 9, want);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu85_ops_resize");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_half_pixel_row);
    tcase_add_test(tc, test_corpus_bilinear_half_pixel);
    tcase_add_test(tc, test_corpus_bilinear_align_corners);
    tcase_add_test(tc, test_corpus_nearest_3x);
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
