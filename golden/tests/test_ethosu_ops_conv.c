/* Unit tests for the Ethos-U65 convolution and depth-wise convolution
 * models (ethosu_ops_conv.c): hand-worked accumulators with an IFM zero
 * point, bias and per-channel scale in each rounding mode, padding (reads
 * the zero point), stride, dilation, both 2x2 upscales, int16 with a
 * 40-bit bias and NATURAL rounding (Vela's int16 choice), and refused
 * parameters. */
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

static struct ethosu_kernel kern(uint32_t w, uint32_t h)
{
    struct ethosu_kernel k;
    memset(&k, 0, sizeof k);
    k.w = w;
    k.h = h;
    k.stride_x = k.stride_y = 1;
    k.dilation_x = k.dilation_y = 1;
    return k;
}

static struct ethosu_fmap fm(uint32_t h, uint32_t w, uint32_t c, enum ethosu_dtype t, int32_t zp,
                             int32_t *v)
{
    struct ethosu_fmap f = {h, w, c, t, zp, v};
    return f;
}

/* IFM 2x2x2 int8, zero point -1:
 *   (0,0) [1, 2]  (0,1) [3, -1]  (1,0) [0, 5]  (1,1) [-2, 4]
 * minus the zero point:
 *   (0,0) [2, 3]  (0,1) [4, 0]   (1,0) [1, 6]  (1,1) [-1, 5] */
static int32_t ifm_v[8] = {1, 2, 3, -1, 0, 5, -2, 4};

START_TEST(test_conv_rounding_modes)
{
    /* 2x2 kernel, no padding: OFM 1x1x2.
     * o0 weights all 1: acc = 2+3+4+0+1+6-1+5 = 20, bias 10 -> 30.
     * o1 weights [ky][kx][i] = (0,0)[1,-1] (0,1)[2,0] (1,0)[0,1] (1,1)[-1,-2]:
     *   2 - 3 + 8 + 0 + 0 + 6 + 1 - 10 = 4, bias -9 -> -5.
     * Scale 2^30, shift 32 (x / 4), OFM zero point 5:
     *   TFL  o0: 30 * 2^30 / 2^31 = 15, 15 / 2 = 7.5 -> 8 -> 13
     *        o1: -2.5 -> -2 (half up), -2 / 2 = -1 -> 4
     *   NATURAL o0: 7.5 -> 8 -> 13; o1: -1.25 -> -1 -> 4
     *   TRUNCATE o0: 7 -> 12; o1: -1 -> 4 */
    int32_t w[16] = {1, 1, 1, 1, 1, 1, 1, 1, 1, -1, 2, 0, 0, 1, -1, -2};
    int64_t bias[2] = {10, -9};
    uint32_t scale[2] = {P30, P30};
    uint8_t shift[2] = {32, 32};
    struct ethosu_channel_scale cs = {bias, scale, shift, 2};
    struct ethosu_fmap ifm = fm(2, 2, 2, ETHOSU_INT8, -1, ifm_v);
    int32_t out[2];
    struct ethosu_fmap ofm = fm(1, 1, 2, ETHOSU_INT8, 5, out);
    struct ethosu_kernel k = kern(2, 2);
    char err[160];
    const struct { enum ethosu_rounding r; int32_t o0, o1; } cases[] = {
        {ETHOSU_ROUND_TFL, 13, 4}, {ETHOSU_ROUND_NATURAL, 13, 4}, {ETHOSU_ROUND_TRUNCATE, 12, 4}};
    for (size_t i = 0; i < 3; i++) {
        struct ethosu_output_stage os = os_for(ETHOSU_INT8, cases[i].r);
        ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), 0);
        ck_assert_int_eq(out[0], cases[i].o0);
        ck_assert_int_eq(out[1], cases[i].o1);
    }
    /* o1 bias -3 -> acc 1, exact 0.25, but TFL's double rounding gives
     * 1 * 2^30 / 2^31 = 0.5 -> 1, then 1 / 2 = 0.5 -> 1 -> 6 (NATURAL: 0 -> 5);
     * bias -11 -> acc -7:
     * TFL -3.5 -> -3 then -1.5 -> -2 -> 3. o0 bias 0 -> acc 20 -> 5 -> 10. */
    bias[0] = 0;
    bias[1] = -3;
    struct ethosu_output_stage os = os_for(ETHOSU_INT8, ETHOSU_ROUND_TFL);
    ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err);
    ck_assert_int_eq(out[0], 10);
    ck_assert_int_eq(out[1], 6);
    os.rounding = ETHOSU_ROUND_NATURAL;
    ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err);
    ck_assert_int_eq(out[1], 5);
    os.rounding = ETHOSU_ROUND_TFL;
    bias[1] = -11;
    ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err);
    ck_assert_int_eq(out[1], 3);
}
END_TEST

START_TEST(test_conv_padding)
{
    /* Same IFM, one OFM channel with weights all 1, pad top/left 1: OFM 2x2,
     * identity scale (2^31 at shift 31), OFM zero point 0. Padding reads the
     * IFM zero point, so it adds 0:
     *   (0,0): only IFM (0,0): 2+3 = 5
     *   (0,1): IFM (0,0),(0,1): 5+4 = 9
     *   (1,0): IFM (0,0),(1,0): 5+7 = 12
     *   (1,1): everything: 20 */
    int32_t w[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    int64_t bias[1] = {0};
    uint32_t scale[1] = {P31};
    uint8_t shift[1] = {31};
    struct ethosu_channel_scale cs = {bias, scale, shift, 1};
    struct ethosu_fmap ifm = fm(2, 2, 2, ETHOSU_INT8, -1, ifm_v);
    int32_t out[4];
    struct ethosu_fmap ofm = fm(2, 2, 1, ETHOSU_INT8, 0, out);
    struct ethosu_kernel k = kern(2, 2);
    k.pad_top = k.pad_left = 1;
    struct ethosu_output_stage os = os_for(ETHOSU_INT8, ETHOSU_ROUND_TFL);
    char err[160];
    ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 5);
    ck_assert_int_eq(out[1], 9);
    ck_assert_int_eq(out[2], 12);
    ck_assert_int_eq(out[3], 20);
}
END_TEST

START_TEST(test_conv_stride_dilation)
{
    /* IFM 3x3x1 values 1..9, zero point 0.
     * 2x2 taps with dilation 2x2 (kernel registers 3x3, the dilated extent):
     * taps (0,0),(0,2),(2,0),(2,2) = 1+3+7+9 = 20.
     * 1x1 kernel weight 1, stride 2: OFM 2x2 = IFM (0,0),(0,2),(2,0),(2,2). */
    int32_t v[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    int32_t w[4] = {1, 1, 1, 1};
    int64_t bias[1] = {0};
    uint32_t scale[1] = {P31};
    uint8_t shift[1] = {31};
    struct ethosu_channel_scale cs = {bias, scale, shift, 1};
    struct ethosu_fmap ifm = fm(3, 3, 1, ETHOSU_INT8, 0, v);
    int32_t out[4];
    struct ethosu_fmap ofm = fm(1, 1, 1, ETHOSU_INT8, 0, out);
    struct ethosu_kernel k = kern(3, 3);
    k.dilation_x = k.dilation_y = 2;
    ck_assert_uint_eq(ethosu_kernel_taps_x(&k), 2);
    struct ethosu_output_stage os = os_for(ETHOSU_INT8, ETHOSU_ROUND_TFL);
    char err[160];
    ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 20);
    k = kern(1, 1);
    k.stride_x = k.stride_y = 2;
    ofm = fm(2, 2, 1, ETHOSU_INT8, 0, out);
    ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 1);
    ck_assert_int_eq(out[1], 3);
    ck_assert_int_eq(out[2], 7);
    ck_assert_int_eq(out[3], 9);
}
END_TEST

START_TEST(test_conv_upscale)
{
    /* IFM 1x1x1 value 3, zero point 1 (a = 2); 2x2 kernel weights
     * (0,0) 1, (0,1) 2, (1,0) 3, (1,1) 4.
     * NEAREST: the upscaled IFM is 2 everywhere: 2 * (1+2+3+4) = 20.
     * ZEROS: only (0,0) holds the value, the rest the zero point: 2 * 1 = 2. */
    int32_t v[1] = {3};
    int32_t w[4] = {1, 2, 3, 4};
    int64_t bias[1] = {0};
    uint32_t scale[1] = {P31};
    uint8_t shift[1] = {31};
    struct ethosu_channel_scale cs = {bias, scale, shift, 1};
    struct ethosu_fmap ifm = fm(1, 1, 1, ETHOSU_INT8, 1, v);
    int32_t out[1];
    struct ethosu_fmap ofm = fm(1, 1, 1, ETHOSU_INT8, 0, out);
    struct ethosu_kernel k = kern(2, 2);
    struct ethosu_output_stage os = os_for(ETHOSU_INT8, ETHOSU_ROUND_TFL);
    char err[160];
    k.upscale = ETHOSU_UPSCALE_NEAREST;
    ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 20);
    k.upscale = ETHOSU_UPSCALE_ZEROS;
    ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 2);
}
END_TEST

START_TEST(test_conv_int16)
{
    /* int16 IFM 1x1x1, weight 3, Vela's reduced scale 2^14 at shift 16
     * (x / 4) with NATURAL rounding:
     *   1001 -> 3003 / 4 = 750.75 -> 751; -1001 -> -750.75 -> -751;
     *   bias 2 with 1001 -> 3005 / 4 = 751.25 -> 751;
     *   -1002 -> -3006 / 4 = -751.5 -> -751 (half up).
     * A 40-bit bias of 2^35 saturates the int16 OFM to 32767. */
    int32_t v[1] = {1001};
    int32_t w[1] = {3};
    int64_t bias[1] = {0};
    uint32_t scale[1] = {16384};
    uint8_t shift[1] = {16};
    struct ethosu_channel_scale cs = {bias, scale, shift, 1};
    struct ethosu_fmap ifm = fm(1, 1, 1, ETHOSU_INT16, 0, v);
    int32_t out[1];
    struct ethosu_fmap ofm = fm(1, 1, 1, ETHOSU_INT16, 0, out);
    struct ethosu_kernel k = kern(1, 1);
    struct ethosu_output_stage os = os_for(ETHOSU_INT16, ETHOSU_ROUND_NATURAL);
    char err[160];
    ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 751);
    v[0] = -1001;
    ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err);
    ck_assert_int_eq(out[0], -751);
    v[0] = -1002;
    ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err);
    ck_assert_int_eq(out[0], -751);
    v[0] = 1001;
    bias[0] = 2;
    ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err);
    ck_assert_int_eq(out[0], 751);
    bias[0] = INT64_C(1) << 35;
    ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err);
    ck_assert_int_eq(out[0], 32767);
}
END_TEST

START_TEST(test_depthwise)
{
    /* IFM 1x2x2 zero point 0: (0,0) [1, 10], (0,1) [2, 20]; 1x2 kernel
     * (h 1, w 2), weights ch0 [3, 4], ch1 [-1, 1]:
     *   ch0 = 3 + 8 = 11, ch1 = -10 + 20 = 10; bias [0, 1] -> 11, 11.
     * With OFM int8 zero point -3 and min/max [-128, 5]: both clip to 5. */
    int32_t v[4] = {1, 10, 2, 20};
    int32_t w[4] = {3, 4, -1, 1};
    int64_t bias[2] = {0, 1};
    uint32_t scale[2] = {P31, P31};
    uint8_t shift[2] = {31, 31};
    struct ethosu_channel_scale cs = {bias, scale, shift, 2};
    struct ethosu_fmap ifm = fm(1, 2, 2, ETHOSU_INT8, 0, v);
    int32_t out[2];
    struct ethosu_fmap ofm = fm(1, 1, 2, ETHOSU_INT8, 0, out);
    struct ethosu_kernel k = kern(2, 1);
    struct ethosu_output_stage os = os_for(ETHOSU_INT8, ETHOSU_ROUND_TFL);
    char err[160];
    ck_assert_int_eq(ethosu_op_depthwise(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 11);
    ck_assert_int_eq(out[1], 11);
    os.act_max = 5;
    ofm.zero_point = -3;
    ethosu_op_depthwise(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err);
    ck_assert_int_eq(out[0], 5);
    ck_assert_int_eq(out[1], 5);
    /* uint8 IFM zero point 128: 129 and 130 -> a = 1, 2; ch0 3 + 8 = 11 */
    int32_t vu[4] = {129, 138, 130, 148};
    struct ethosu_fmap ifmu = fm(1, 2, 2, ETHOSU_UINT8, 128, vu);
    os = os_for(ETHOSU_INT8, ETHOSU_ROUND_TFL);
    ofm.zero_point = 0;
    ck_assert_int_eq(ethosu_op_depthwise(&ifmu, w, &k, &cs, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 11);
    ck_assert_int_eq(out[1], 11);
    /* OFM depth must equal IFM depth */
    ofm.c = 1;
    ck_assert_int_eq(ethosu_op_depthwise(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "depth"));
}
END_TEST

START_TEST(test_conv_refused)
{
    int32_t v[1] = {1}, w[1] = {1}, out[1];
    int64_t bias[1] = {0};
    uint32_t scale[1] = {P31};
    uint8_t shift[1] = {31};
    struct ethosu_channel_scale cs = {bias, scale, shift, 1};
    struct ethosu_fmap ifm = fm(1, 1, 1, ETHOSU_INT8, 0, v);
    struct ethosu_fmap ofm = fm(1, 1, 1, ETHOSU_INT8, 0, out);
    struct ethosu_kernel k = kern(1, 1);
    struct ethosu_output_stage os = os_for(ETHOSU_INT8, ETHOSU_ROUND_TFL);
    char err[160];
    k.stride_x = 4;
    ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "stride"));
    k = kern(65537, 1);   /* the 16-bit KERNEL_WIDTH_M1 holds up to 65536 */
    ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), -1);
    k = kern(2, 1);   /* extent 2 with dilation 2 is no whole number of taps */
    k.dilation_x = 2;
    ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "dilated"));
    k = kern(1, 1);
    k.upscale = ETHOSU_UPSCALE_NEAREST;
    k.stride_x = 2;
    ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), -1);
    k = kern(1, 1);
    v[0] = 200;   /* outside int8 */
    ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "range"));
    v[0] = 1;
    shift[0] = 64;
    ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), -1);
    shift[0] = 31;
    cs.n = 0;
    ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), -1);
    cs.n = 1;
    ck_assert_int_eq(ethosu_op_conv(&ifm, NULL, &k, &cs, &os, &ofm, err, sizeof err), -1);
    int32_t v32[1] = {5};
    struct ethosu_fmap ifm32 = fm(1, 1, 1, ETHOSU_INT32, 0, v32);
    ck_assert_int_eq(ethosu_op_conv(&ifm32, w, &k, &cs, &os, &ofm, err, sizeof err), -1);
    ck_assert_int_eq(ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err), 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu_ops_conv");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_conv_rounding_modes);
    tcase_add_test(tc, test_conv_padding);
    tcase_add_test(tc, test_conv_stride_dilation);
    tcase_add_test(tc, test_conv_upscale);
    tcase_add_test(tc, test_conv_int16);
    tcase_add_test(tc, test_depthwise);
    tcase_add_test(tc, test_conv_refused);
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
