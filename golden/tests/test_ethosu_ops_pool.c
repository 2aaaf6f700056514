/* Unit tests for the Ethos-U65 pooling models (ethosu_ops_pool.c): max
 * pool with padding left out, average pool with padding (TensorFlow Lite's
 * count of valid elements, half away from zero), average pool with Vela's
 * global 1/n scale, per-channel scale, REDUCE_SUM over channels with an
 * int32 OFM, and refused parameters (ethosu_op_pool_check refuses the same
 * ones without the values). */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_ops.h"

static struct ethosu_output_stage os_for(enum ethosu_dtype t)
{
    struct ethosu_output_stage os;
    memset(&os, 0, sizeof os);
    os.rounding = ETHOSU_ROUND_TFL;
    os.act_clip = ETHOSU_CLIP_OFM;
    os.act_min = ethosu_dtype_min(t);
    os.act_max = ethosu_dtype_max(t);
    return os;
}

static struct ethosu_kernel kern(uint32_t w, uint32_t h, uint32_t pad_tl)
{
    struct ethosu_kernel k;
    memset(&k, 0, sizeof k);
    k.w = w;
    k.h = h;
    k.stride_x = k.stride_y = 1;
    k.dilation_x = k.dilation_y = 1;
    k.pad_top = k.pad_left = pad_tl;
    return k;
}

START_TEST(test_max)
{
    /* IFM 2x2x1 [-5 -3; -7 -9], 2x2 kernel, pad top/left 1: OFM 2x2.
     * Padding never wins (with the zero point 0 it would give 0):
     *   (0,0) max{-5} = -5; (0,1) max{-5,-3} = -3; (1,0) max{-5,-7} = -5;
     *   (1,1) max of all = -3. */
    int32_t v[4] = {-5, -3, -7, -9}, out[4];
    struct ethosu_fmap ifm = {2, 2, 1, ETHOSU_INT8, 0, v};
    struct ethosu_fmap ofm = {2, 2, 1, ETHOSU_INT8, 0, out};
    struct ethosu_kernel k = kern(2, 2, 1);
    struct ethosu_output_stage os = os_for(ETHOSU_INT8);
    char err[160];
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_MAX, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], -5);
    ck_assert_int_eq(out[1], -3);
    ck_assert_int_eq(out[2], -5);
    ck_assert_int_eq(out[3], -3);
    /* ReLU6-style clip [0, 6] after: all 0 */
    os.act_min = 0;
    os.act_max = 6;
    ethosu_op_pool(ETHOSU_POOL_MAX, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err);
    ck_assert_int_eq(out[3], 0);
    /* OFM type must equal IFM type */
    ofm.type = ETHOSU_INT16;
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_MAX, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err), -1);
}
END_TEST

START_TEST(test_average_padded)
{
    /* IFM 2x2x1 [1 2; 3 5], 2x2 kernel, pad top/left 1, no scale:
     *   (0,0) 1/1 = 1; (0,1) (1+2)/2 = 1.5 -> 2; (1,0) (1+3)/2 = 2;
     *   (1,1) 11/4 = 2.75 -> 3.
     * Negated IFM: -1, -1.5 -> -2 (away from zero), -2, -2.75 -> -3. */
    int32_t v[4] = {1, 2, 3, 5}, out[4];
    struct ethosu_fmap ifm = {2, 2, 1, ETHOSU_INT8, 0, v};
    struct ethosu_fmap ofm = {2, 2, 1, ETHOSU_INT8, 0, out};
    struct ethosu_kernel k = kern(2, 2, 1);
    struct ethosu_output_stage os = os_for(ETHOSU_INT8);
    char err[160];
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_AVERAGE, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 1);
    ck_assert_int_eq(out[1], 2);
    ck_assert_int_eq(out[2], 2);
    ck_assert_int_eq(out[3], 3);
    for (int i = 0; i < 4; i++)
        v[i] = -v[i];
    ethosu_op_pool(ETHOSU_POOL_AVERAGE, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err);
    ck_assert_int_eq(out[0], -1);
    ck_assert_int_eq(out[1], -2);
    ck_assert_int_eq(out[2], -2);
    ck_assert_int_eq(out[3], -3);
    /* average pool padding beyond the TRM table's 3: Vela 5.2 programs 4 (an 8x bilinear
     * resize's average pool); the positions inside the IFM still count alone */
    k.pad_top = 4;
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_AVERAGE, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err), 0);
    k.pad_top = 128;   /* the IFM_PAD_TOP register's 7 bits */
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_AVERAGE, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err), -1);
}
END_TEST

START_TEST(test_average_global_scale)
{
    /* 2x2 kernel, no padding, Vela's quantise_pooling_scale(4):
     * k = bits of 3 = 2, scale = (2^33 + 2^2) / 4 = 2^31 + 1, shift 33.
     * IFM [1 2; 3 5]: sum 11: 11.000000005 -> 11, 11 / 4 = 2.75 -> 3.
     * IFM [1 2; 3 4]: sum 10 -> 2.5 -> 3 (TFLite: (10 + 2) / 4 = 3).
     * IFM [-1 -2; -3 -4]: -10 -> -2.5 -> -3 (TFLite: (-10 - 2) / 4 = -3).
     * uint8 with zero point 128 and OFM zero point 128: IFM 129..132
     * -> a = 1..4, 10 -> 3 -> 131. */
    int32_t v[4] = {1, 2, 3, 5}, out[1];
    struct ethosu_fmap ifm = {2, 2, 1, ETHOSU_INT8, 0, v};
    struct ethosu_fmap ofm = {1, 1, 1, ETHOSU_INT8, 0, out};
    struct ethosu_kernel k = kern(2, 2, 0);
    struct ethosu_output_stage os = os_for(ETHOSU_INT8);
    struct ethosu_global_scale gs = {UINT32_C(2147483649), 33};
    char err[160];
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_AVERAGE, &ifm, &k, NULL, &gs, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 3);
    v[3] = 4;
    ethosu_op_pool(ETHOSU_POOL_AVERAGE, &ifm, &k, NULL, &gs, &os, &ofm, err, sizeof err);
    ck_assert_int_eq(out[0], 3);
    for (int i = 0; i < 4; i++)
        v[i] = -v[i];
    ethosu_op_pool(ETHOSU_POOL_AVERAGE, &ifm, &k, NULL, &gs, &os, &ofm, err, sizeof err);
    ck_assert_int_eq(out[0], -3);
    int32_t vu[4] = {129, 130, 131, 132};
    struct ethosu_fmap ifmu = {2, 2, 1, ETHOSU_UINT8, 128, vu};
    struct ethosu_fmap ofmu = {1, 1, 1, ETHOSU_UINT8, 128, out};
    os = os_for(ETHOSU_UINT8);
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_AVERAGE, &ifmu, &k, NULL, &gs, &os, &ofmu, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 131);
}
END_TEST

START_TEST(test_average_per_channel)
{
    /* Per-channel: 2 channels, 1x2 kernel, IFM 1x2x2 [1, 4], [3, 8]:
     * ch0 sum 4, bias 1 -> 5, scale 2^30 shift 31 (x/2) -> 2.5 -> 3;
     * ch1 sum 12, bias 0, scale 2^30 shift 32 (x/4) -> 3. */
    int32_t v[4] = {1, 4, 3, 8}, out[2];
    int64_t bias[2] = {1, 0};
    uint32_t scale[2] = {UINT32_C(1073741824), UINT32_C(1073741824)};
    uint8_t shift[2] = {31, 32};
    struct ethosu_channel_scale cs = {bias, scale, shift, 2};
    struct ethosu_fmap ifm = {1, 2, 2, ETHOSU_INT8, 0, v};
    struct ethosu_fmap ofm = {1, 1, 2, ETHOSU_INT8, 0, out};
    struct ethosu_kernel k = kern(2, 1, 0);
    struct ethosu_output_stage os = os_for(ETHOSU_INT8);
    char err[160];
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_AVERAGE, &ifm, &k, &cs, NULL, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 3);
    ck_assert_int_eq(out[1], 3);
}
END_TEST

START_TEST(test_upscale)
{
    /* IFM 1x1x1 [5], NEAREST upscale -> 2x2 of 5; 2x2 max pool -> 5;
     * average with the global 1/4 scale (2^31 + 1, 33): 20 -> 5.
     * Max pool cannot insert zeros. */
    int32_t v[1] = {5}, out[1];
    struct ethosu_fmap ifm = {1, 1, 1, ETHOSU_INT8, 0, v};
    struct ethosu_fmap ofm = {1, 1, 1, ETHOSU_INT8, 0, out};
    struct ethosu_kernel k = kern(2, 2, 0);
    k.upscale = ETHOSU_UPSCALE_NEAREST;
    struct ethosu_output_stage os = os_for(ETHOSU_INT8);
    struct ethosu_global_scale gs = {UINT32_C(2147483649), 33};
    char err[160];
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_MAX, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 5);
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_AVERAGE, &ifm, &k, NULL, &gs, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 5);
    /* ZEROS: 5 at (0,0), zero point 0 elsewhere: 5 / 4 = 1.25 -> 1 */
    k.upscale = ETHOSU_UPSCALE_ZEROS;
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_AVERAGE, &ifm, &k, NULL, &gs, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 1);
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_MAX, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err), -1);
}
END_TEST

START_TEST(test_reduce_sum)
{
    /* IFM 1x2x3 [1 2 3], [4 5 -6], zero point 1 -> [0 1 2], [3 4 -7]:
     * channel sums 3 and 0 into an int32 OFM 1x2x1.
     * With OFM_SCALE scale 3 shift 1 (the whole scale applies to an int32
     * OFM too): 3 * 3 / 2 = 4.5 -> 5 (TFL, shift <= 31: half up), 0. */
    int32_t v[6] = {1, 2, 3, 4, 5, -6}, out[2];
    struct ethosu_fmap ifm = {1, 2, 3, ETHOSU_INT8, 1, v};
    struct ethosu_fmap ofm = {1, 2, 1, ETHOSU_INT32, 0, out};
    struct ethosu_kernel k = kern(1, 1, 0);
    struct ethosu_output_stage os = os_for(ETHOSU_INT32);
    char err[160];
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_SUM, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 3);
    ck_assert_int_eq(out[1], 0);
    struct ethosu_global_scale gs = {3, 1};
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_SUM, &ifm, &k, NULL, &gs, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 5);
    ck_assert_int_eq(out[1], 0);
    /* OFM depth must be 1; no 2x2 kernel */
    ofm.c = 3;
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_SUM, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err), -1);
    ofm.c = 1;
    k = kern(2, 1, 0);
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_SUM, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err), -1);
    ck_assert_int_eq(ethosu_op_pool((enum ethosu_pool_mode)3, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "mode"));
}
END_TEST

START_TEST(test_int32_scale)
{
    /* Vela's SQUARED_DIFFERENCE chain (issue 34 fault 2).
     * Cast: a 1x1 average pool int8 -> int32 with OFM_SCALE 128 shift 0
     * (x << 7), NATURAL rounding: [-3, 0, 100, -128] -> [-384, 0, 12800,
     * -16384], the multiplier applied although the OFM is int32. */
    int32_t v[4] = {-3, 0, 100, -128}, out[4];
    struct ethosu_fmap ifm = {1, 1, 4, ETHOSU_INT8, 0, v};
    struct ethosu_fmap ofm = {1, 1, 4, ETHOSU_INT32, 0, out};
    struct ethosu_kernel k = kern(1, 1, 0);
    struct ethosu_output_stage os = os_for(ETHOSU_INT32);
    os.rounding = ETHOSU_ROUND_NATURAL;
    struct ethosu_global_scale cast = {128, 0};
    char err[160];
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_AVERAGE, &ifm, &k, NULL, &cast, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], -384);
    ck_assert_int_eq(out[1], 0);
    ck_assert_int_eq(out[2], 12800);
    ck_assert_int_eq(out[3], -16384);
    /* Back to int8: int32 IFM [1000000, -1000000, 123456, 7] with OFM zero
     * point -100, OFM_SCALE 1518500250 (0.7071 * 2^31) shift 45 (TFL):
     * x * 1518500250 / 2^45 = x * 4.3158e-5:
     *   1000000: 1518500250000000 / 2^31 = 707106.781 -> 707107 (half up),
     *            / 2^14 = 43.158 -> 43; + (-100) = -57
     *  -1000000: -707106.781 -> -707107, / 2^14 = -43.158 -> -43; -143 -> -128
     *    123456: 187467... / 2^31 = 87296.5... -> 87297 ... / 2^14 = 5.328 -> 5; -95
     *         7: 10629501750 / 2^31 = 4.95 -> 5, / 2^14 -> 0; -100 */
    int32_t w[4] = {1000000, -1000000, 123456, 7}, o8[4];
    struct ethosu_fmap ifm32 = {1, 1, 4, ETHOSU_INT32, 0, w};
    struct ethosu_fmap ofm8 = {1, 1, 4, ETHOSU_INT8, -100, o8};
    struct ethosu_output_stage os8 = os_for(ETHOSU_INT8);
    struct ethosu_global_scale back = {UINT32_C(1518500250), 45};
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_AVERAGE, &ifm32, &k, NULL, &back, &os8, &ofm8, err, sizeof err), 0);
    ck_assert_int_eq(o8[0], -57);
    ck_assert_int_eq(o8[1], -128);
    ck_assert_int_eq(o8[2], -95);
    ck_assert_int_eq(o8[3], -100);
}
END_TEST

START_TEST(test_kernel_beyond_256)
{
    /* Vela's SOFTMAX over 1000 values: a max pool whose kernel is the
     * depth laid along the height, 1000x1 over a 1000x1x1 IFM (issue 34
     * fault 4). NPU_SET_KERNEL_HEIGHT_M1 holds 0..65535: kernels up to
     * 65536 run, 65537 is refused. Values i % 251 - 125 for i < 1000, one
     * 126 at i = 613: the max is 126 (with zero point -3: 129 - 3 = 126 is
     * the OFM value as the zero points cancel in max - zp + zp). */
    enum { N = 1000 };
    static int32_t v[N];
    for (int i = 0; i < N; i++)
        v[i] = i % 251 - 125;
    v[613] = 126;
    int32_t out[1];
    struct ethosu_fmap ifm = {N, 1, 1, ETHOSU_INT8, -3, v};
    struct ethosu_fmap ofm = {1, 1, 1, ETHOSU_INT8, -3, out};
    struct ethosu_kernel k = kern(1, N, 0);
    struct ethosu_output_stage os = os_for(ETHOSU_INT8);
    char err[160];
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_MAX, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err), 0);
    ck_assert_int_eq(out[0], 126);
    k.h = 65537;
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_MAX, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "65536"));
}
END_TEST

START_TEST(test_check_without_values)
{
    int32_t v[4] = {-5, -3, -7, -9}, out[4];
    struct ethosu_fmap ifm = {2, 2, 1, ETHOSU_INT8, 0, v};
    struct ethosu_fmap ofm = {2, 2, 1, ETHOSU_INT8, 0, out};
    struct ethosu_fmap ifm0 = ifm, ofm0 = ofm;   /* the same maps without values */
    ifm0.values = ofm0.values = NULL;
    struct ethosu_kernel k = kern(2, 2, 1);
    struct ethosu_output_stage os = os_for(ETHOSU_INT8);
    char err[160], err0[160];
    ck_assert_int_eq(ethosu_op_pool_check(ETHOSU_POOL_MAX, &ifm0, &k, NULL, NULL, &os, &ofm0, err0, sizeof err0), 0);
    /* each refusal: the same reason from both */
    for (int bad = 0; bad < 5; bad++) {
        struct ethosu_kernel kb = k;
        struct ethosu_fmap ib = ifm, ob = ofm;
        struct ethosu_output_stage osb = os;
        enum ethosu_pool_mode mode = ETHOSU_POOL_MAX;
        switch (bad) {
        case 0: ob.type = ETHOSU_INT16; break;          /* max pool: one type */
        case 1: kb.stride_x = 4; break;                 /* stride outside 1..3 */
        case 2: ib.zero_point = 200; break;             /* zero point outside int8 */
        case 3: kb.upscale = ETHOSU_UPSCALE_ZEROS; break;
        case 4: osb.act_min = 10; osb.act_max = 5; break;
        }
        ck_assert_int_eq(ethosu_op_pool(mode, &ib, &kb, NULL, NULL, &osb, &ob, err, sizeof err), -1);
        ib.values = ob.values = NULL;
        ck_assert_int_eq(ethosu_op_pool_check(mode, &ib, &kb, NULL, NULL, &osb, &ob, err0, sizeof err0), -1);
        ck_assert_str_eq(err0, err);
    }
    /* a value outside the type is the one thing only the operation finds */
    v[1] = 300;
    ck_assert_int_eq(ethosu_op_pool(ETHOSU_POOL_MAX, &ifm, &k, NULL, NULL, &os, &ofm, err, sizeof err), -1);
    ck_assert_int_eq(ethosu_op_pool_check(ETHOSU_POOL_MAX, &ifm, &k, NULL, NULL, &os, &ofm, err0, sizeof err0), 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu_ops_pool");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_max);
    tcase_add_test(tc, test_average_padded);
    tcase_add_test(tc, test_average_global_scale);
    tcase_add_test(tc, test_average_per_channel);
    tcase_add_test(tc, test_upscale);
    tcase_add_test(tc, test_reduce_sum);
    tcase_add_test(tc, test_int32_scale);
    tcase_add_test(tc, test_kernel_beyond_256);
    tcase_add_test(tc, test_check_without_values);
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
