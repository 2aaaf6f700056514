/* Unit tests for the Ethos-U85 convolution, depth-wise and matrix
 * multiply accumulate halves (ethosu85_ops_conv.c): hand-worked windows
 * (padding, stride, dilation) and an excerpt of the corpus batch_matmul
 * compiled by Vela 5.2 for ethos-u85-256 (NPU_OP_CONV weights_ifm2 = 1,
 * IFM2 = the transposed right-hand matrix) against TFLite's output. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu85_ops.h"

START_TEST(test_conv_window)
{
    /* IFM 3x3x1 = 1..9, zero point 1 (values 0..8); a 3x3 kernel of ones
     * except the centre 2, pad 1: OFM (0, 0) sees (0..1) x (0..1), IFM
     * (0, 0) under the centre tap: 0 * 2 + 1 + 3 + 4 = 8; OFM (1, 1) all:
     * 36 + 4 = 40 */
    int32_t v[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    int32_t w[9] = {1, 1, 1, 1, 2, 1, 1, 1, 1};
    struct ethosu_fmap ifm = {3, 3, 1, ETHOSU_INT8, 1, v};
    struct ethosu_kernel k = {3, 3, 1, 1, 1, 1, 1, 1, 1, 1, ETHOSU_UPSCALE_NONE};
    int64_t a[9];
    for (int i = 0; i < 9; i++)   /* from reset nothing of what was there survives */
        a[i] = INT64_C(1) << 40;
    struct ethosu85_acc acc = {3, 3, 1, a, 0};
    char err[128];
    ck_assert_msg(ethosu85_conv_acc(&ifm, w, &k, NULL, &acc, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(a[0], 8);
    ck_assert_int_eq(a[4], 40);
    ck_assert_int_eq(acc.sums_i32, 1);   /* int32 sums: nothing for saturation to do */
    /* acc_input KEEP adds to what is there: the sums are no longer known to fit */
    struct ethosu85_acc_in keep = { ETHOSU85_ACC_KEEP, &acc };
    ck_assert_msg(ethosu85_conv_acc(&ifm, w, &k, &keep, &acc, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(a[0], 16);
    ck_assert_int_eq(a[4], 80);
    ck_assert_int_eq(acc.sums_i32, 0);
    /* stride 2, no padding, a 1x1 output: the centre window only */
    struct ethosu_kernel k2 = {3, 3, 2, 2, 1, 1, 0, 0, 0, 0, ETHOSU_UPSCALE_NONE};
    struct ethosu85_acc one = {1, 1, 1, a, 0};
    ck_assert_int_eq(ethosu85_conv_acc(&ifm, w, &k2, NULL, &one, err, sizeof err), 0);
    ck_assert_int_eq(a[0], 40);
    /* dilation 2: a 2x2-tap kernel spans 3x3 (KERNEL_*_M1 + 1 = 3), taps
     * at the corners: 0 + 2 + 6 + 8 with weights 1, 2, 3, 4 = 4 + 18 + 32 = 54 */
    int32_t wd[4] = {1, 2, 3, 4};
    struct ethosu_kernel kd = {3, 3, 1, 1, 2, 2, 0, 0, 0, 0, ETHOSU_UPSCALE_NONE};
    ck_assert_int_eq(ethosu85_conv_acc(&ifm, wd, &kd, NULL, &one, err, sizeof err), 0);
    ck_assert_int_eq(a[0], 54);
}
END_TEST

START_TEST(test_depthwise)
{
    /* two channels, 1x2 window: ch0 (3 - 1) * 5 + (4 - 1) * 6 = 28,
     * ch1 (10 - 1) * -1 + (20 - 1) * 2 = 29 */
    int32_t v[4] = {3, 10, 4, 20};
    int32_t w[4] = {5, 6, -1, 2};
    struct ethosu_fmap ifm = {1, 2, 2, ETHOSU_INT8, 1, v};
    struct ethosu_kernel k = {2, 1, 1, 1, 1, 1, 0, 0, 0, 0, ETHOSU_UPSCALE_NONE};
    int64_t a[2];
    struct ethosu85_acc acc = {1, 1, 2, a, 0};
    char err[128];
    ck_assert_msg(ethosu85_depthwise_acc(&ifm, w, &k, NULL, &acc, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(a[0], 28);
    ck_assert_int_eq(a[1], 29);
    struct ethosu85_acc bad = {1, 1, 3, a, 0};
    ck_assert_int_eq(ethosu85_depthwise_acc(&ifm, w, &k, NULL, &bad, err, sizeof err), -1);
}
END_TEST

START_TEST(test_corpus_batch_matmul)
{
    /* batch_matmul (12x20 by 20x16), row 3 by columns 5 and 11: IFM zero
     * point 1, IFM2 zero point -17, OFM_SCALE 1795896939 >> 40
     * DOUBLE_SYMMETRIC, OFM zero point 6; TFLite: -80 and 53 */
    int32_t row[20] = {12, 52, -74, 3, 55, 94, 16, -47, 28, -104, -97, 0, 116, -64, -117, 47, 32, -84, -110, -35};
    int32_t cols[40] = {80, -127, 85, 75, -53, -68, 89, 91, -85, 6, 72, -95, -111, 12, 20, 96, -127, 81, -87, 30,
                        -124, 53, 121, -49, 82, -2, -64, -71, -86, 34, -123, 87, 108, 67, -77, 67, -30, 15, -56,
                        -123};
    struct ethosu_fmap ifm = {1, 1, 20, ETHOSU_INT8, 1, row};
    struct ethosu_fmap ifm2 = {1, 2, 20, ETHOSU_INT8, -17, cols}; /* 1 x N x K, as Vela stores it */
    int64_t a[2];
    int32_t out[2];
    struct ethosu85_acc acc = {1, 1, 2, a, 0};
    struct ethosu_fmap ofm = {1, 1, 2, ETHOSU_INT8, 6, out};
    struct ethosu85_output_stage os;
    memset(&os, 0, sizeof os);
    os.scale_mode = ETHOSU85_SCALE_GLOBAL;
    os.ofm_scale = (struct ethosu85_scale){1795896939, 40, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC};
    os.clip = ETHOSU85_CLIP_B16;
    os.act_min = -128;
    os.act_max = 127;
    char err[128];
    ck_assert_msg(ethosu85_matmul_acc(&ifm, &ifm2, NULL, &acc, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(ethosu85_output(&acc, &os, &ofm, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(out[0], -80);
    ck_assert_int_eq(out[1], 53);
    /* IFM2 of the wrong depth is refused */
    struct ethosu_fmap wrong = {1, 2, 10, ETHOSU_INT8, 0, cols};
    ck_assert_int_eq(ethosu85_matmul_acc(&ifm, &wrong, NULL, &acc, err, sizeof err), -1);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu85_ops_conv");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_conv_window);
    tcase_add_test(tc, test_depthwise);
    tcase_add_test(tc, test_corpus_batch_matmul);
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
