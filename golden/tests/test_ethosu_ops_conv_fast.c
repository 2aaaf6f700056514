/* Unit tests for the prepared-layout convolution sums (ethosu_ops_conv_fast.c)
 * and the one-clamp output stage (ethosu_ops_out_clamp.c): each must give
 * what the exact per-element definitions give (ethosu_ops_conv_window,
 * ethosu_ops_depthwise_window, ethosu_scale, ethosu_ops_output_checked),
 * on hand-worked values and on random shapes with every kernel option
 * (stride, dilation, padding, both upscales, 8/16-bit IFMs, zero points),
 * and refuse what it cannot do exactly (int16 overflow, an int32 bound);
 * the U85 scale's int64 path against its definition in 128 bits. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu85_ops.h"
#include "ethosu_ops.h"
#include "ethosu_ops_conv_fast.h"
#include "ethosu_ops_out_clamp.h"
#include "ethosu_ops_util.h"

static uint64_t rng_state;

static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 33);
}

static int32_t rnd_in(int32_t lo, int32_t hi)
{
    return lo + (int32_t)(rnd() % (uint32_t)(hi - lo + 1));
}

static struct ethosu_kernel kern(uint32_t tw, uint32_t th)
{
    struct ethosu_kernel k;
    memset(&k, 0, sizeof k);
    k.w = tw;
    k.h = th;
    k.stride_x = k.stride_y = k.dilation_x = k.dilation_y = 1;
    return k;
}

START_TEST(test_hand_worked)
{
    /* IFM 1x3x2 int8, zero point 1: minus it (0,0)[2,-1] (0,1)[0,3] (0,2)[-2,1].
     * conv 1x2, pad left 1, OFM 1x3x1, weights [o0][kx][i] = [1,2],[3,-1]:
     *   x=0: pad, (0,0): 3*2 + -1*-1 = 7
     *   x=1: (0,0)*[1,2] = 2 - 2 = 0, (0,1)*[3,-1] = 0 - 3 = -3 -> -3
     *   x=2: (0,1)*[1,2] = 6, (0,2)*[3,-1] = -6 - 1 = -7 -> -1 */
    int32_t v[6] = {3, 0, 1, 4, -1, 2};
    struct ethosu_fmap ifm = {1, 3, 2, ETHOSU_INT8, 1, v};
    int32_t w[4] = {1, 2, 3, -1};
    struct ethosu_kernel k = kern(2, 1);
    k.pad_left = 1;
    int64_t acc[3] = {100, 100, 100};
    struct ethosu_conv_sink set = {NULL, NULL, NULL, acc, 0}, add = {NULL, NULL, NULL, acc, 1};
    ck_assert_int_eq(ethosu_ops_conv_fast(&ifm, w, &k, 0, 1, 3, 1, &set), 0);
    ck_assert_int_eq(acc[0], 7);
    ck_assert_int_eq(acc[1], -3);
    ck_assert_int_eq(acc[2], -1);
    ck_assert_int_eq(ethosu_ops_conv_fast(&ifm, w, &k, 0, 1, 3, 1, &add), 0);   /* adds */
    ck_assert_int_eq(acc[0], 14);
    ck_assert_int_eq(acc[2], -2);
}
END_TEST

START_TEST(test_refuses_what_is_not_exact)
{
    /* int16 IFM 32767 with zero point -1: 32768 does not fit int16 */
    int32_t v[8] = {32767, 0, 0, 0, 0, 0, 0, 0};
    struct ethosu_fmap ifm = {1, 1, 8, ETHOSU_INT16, -1, v};
    int32_t w[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    struct ethosu_kernel k = kern(1, 1);
    int64_t acc[1] = {0};
    struct ethosu_conv_sink set = {NULL, NULL, NULL, acc, 0};
    ck_assert_int_eq(ethosu_ops_conv_fast(&ifm, w, &k, 0, 1, 1, 1, &set), 1);
    /* 8 x 32767 x 32767 leaves int32 */
    ifm.zero_point = 0;
    for (int i = 0; i < 8; i++) {
        v[i] = 32767;
        w[i] = 32767;
    }
    ck_assert_int_eq(ethosu_ops_conv_fast(&ifm, w, &k, 0, 1, 1, 1, &set), 1);
    /* a weight outside int16 */
    w[0] = 40000;
    ck_assert_int_eq(ethosu_ops_conv_fast(&ifm, w, &k, 0, 1, 1, 1, &set), 1);
    /* within the bound it runs: 32767 * (7 + 1) */
    for (int i = 0; i < 8; i++)
        w[i] = 1;
    ck_assert_int_eq(ethosu_ops_conv_fast(&ifm, w, &k, 0, 1, 1, 1, &set), 0);
    ck_assert_int_eq(acc[0], 8 * 32767);
}
END_TEST

static uint32_t out_extent(uint32_t in, uint32_t stride, uint32_t ext, uint32_t pad_lo, uint32_t pad_hi)
{
    uint32_t span = in + pad_lo + pad_hi;
    return span >= ext ? (span - ext) / stride + 1 : 0;
}

START_TEST(test_random_against_window)
{
    rng_state = 12345;
    for (int iter = 0; iter < 400; iter++) {
        int dw = iter % 3 == 0, i16 = iter % 5 == 0;
        struct ethosu_kernel k = kern(1, 1);
        uint32_t th = (uint32_t)rnd_in(1, 4), tw = (uint32_t)rnd_in(1, 4);
        k.dilation_x = (uint32_t)rnd_in(1, 2);
        k.dilation_y = (uint32_t)rnd_in(1, 2);
        k.w = (tw - 1) * k.dilation_x + 1;
        k.h = (th - 1) * k.dilation_y + 1;
        k.upscale = iter % 7 == 0 ? ETHOSU_UPSCALE_NEAREST : iter % 7 == 1 ? ETHOSU_UPSCALE_ZEROS : ETHOSU_UPSCALE_NONE;
        if (k.upscale == ETHOSU_UPSCALE_NONE) {
            k.stride_x = (uint32_t)rnd_in(1, 3);
            k.stride_y = (uint32_t)rnd_in(1, 3);
        }
        k.pad_top = (uint32_t)rnd_in(0, 2);
        k.pad_left = (uint32_t)rnd_in(0, 2);
        k.pad_bottom = (uint32_t)rnd_in(0, 2);
        k.pad_right = (uint32_t)rnd_in(0, 2);
        uint32_t h = (uint32_t)rnd_in(1, 7), w = (uint32_t)rnd_in(1, 7), c = (uint32_t)rnd_in(1, 19);
        uint32_t up = k.upscale != ETHOSU_UPSCALE_NONE ? 2u : 1u;
        uint32_t oh = out_extent(h * up, k.stride_y, k.h, k.pad_top, k.pad_bottom);
        uint32_t ow = out_extent(w * up, k.stride_x, k.w, k.pad_left, k.pad_right);
        if (!oh || !ow)
            continue;
        uint32_t oc = dw ? c : (uint32_t)rnd_in(1, iter % 4 == 1 ? 40 : 9);   /* past a block of 16 outputs too */
        enum ethosu_dtype t = i16 ? ETHOSU_INT16 : iter % 2 ? ETHOSU_UINT8 : ETHOSU_INT8;
        int32_t *v = malloc((size_t)h * w * c * sizeof *v);
        size_t nw = (size_t)oc * th * tw * (dw ? 1 : c);
        int32_t *wt = malloc(nw * sizeof *wt);
        int64_t *fast = malloc((size_t)oh * ow * oc * sizeof *fast);
        ck_assert_ptr_nonnull(v);
        ck_assert_ptr_nonnull(wt);
        ck_assert_ptr_nonnull(fast);
        for (size_t i = 0; i < (size_t)h * w * c; i++)
            v[i] = i16 ? rnd_in(-2000, 2000) : rnd_in(ethosu_dtype_min(t), ethosu_dtype_max(t));
        for (size_t i = 0; i < nw; i++)
            wt[i] = rnd_in(-255, 255);
        int32_t zp = i16 ? 0 : rnd_in(ethosu_dtype_min(t), ethosu_dtype_max(t));
        struct ethosu_fmap ifm = {h, w, c, t, zp, v};
        struct ethosu_conv_sink set = {NULL, NULL, NULL, fast, 0};
        ck_assert_int_eq(ethosu_ops_conv_fast(&ifm, wt, &k, dw, oh, ow, oc, &set), 0);
        for (uint32_t y = 0; y < oh; y++)
            for (uint32_t x = 0; x < ow; x++)
                for (uint32_t o = 0; o < oc; o++) {
                    int64_t want = dw ? ethosu_ops_depthwise_window(&ifm, wt, &k, y, x, o)
                                      : ethosu_ops_conv_window(&ifm, wt, &k, y, x, o);
                    if (fast[((size_t)y * ow + x) * oc + o] != want)
                        ck_abort_msg("iter %d (%s) y %u x %u o %u: %lld, the window gives %lld", iter,
                                     dw ? "depthwise" : "conv", y, x, o,
                                     (long long)fast[((size_t)y * ow + x) * oc + o], (long long)want);
                }
        free(v);
        free(wt);
        free(fast);
    }
}
END_TEST

START_TEST(test_out_scale_against_ethosu_scale)
{
    rng_state = 777;
    static const int64_t edges[] = {0, 1, -1, 2, -2, 3, -3, (INT64_C(1) << 30) - 1, -(INT64_C(1) << 30) + 1,
                                    INT64_C(1) << 30, -(INT64_C(1) << 30), INT64_C(1) << 40, INT32_MAX, INT32_MIN};
    for (int iter = 0; iter < 200000; iter++) {
        int64_t x = iter < 14 * 4 ? edges[iter / 4] : (int64_t)rnd_in(-100000, 100000) * (iter % 3 ? 1 : 5000);
        uint32_t scale = iter % 11 == 0 ? UINT32_MAX : iter % 13 == 0 ? (1u << 30) : rnd();
        unsigned shift = (unsigned)(iter % 64);
        enum ethosu_rounding r = (enum ethosu_rounding)(iter % 3);
        if (ethosu_out_scale(x, scale, shift, r) != ethosu_scale(x, scale, shift, r))
            ck_abort_msg("x %lld scale %u shift %u rounding %d", (long long)x, scale, shift, (int)r);
        int64_t bias = iter % 5 ? (int64_t)rnd_in(-1000000, 1000000) : (INT64_C(1) << 39) - 1;
        struct ethosu_chan_scale c;
        ethosu_chan_scale_init(&c, bias, scale, shift, r);
        if (ethosu_chan_scale_apply(&c, x) != ethosu_scale(x + bias, scale, shift, r))
            ck_abort_msg("acc %lld bias %lld scale %u shift %u rounding %d", (long long)x, (long long)bias, scale,
                         shift, (int)r);
    }
}
END_TEST

START_TEST(test_round64_against_round_shift)
{
    rng_state = 4242;
    static const unsigned tfl_bits[] = {0, 11, 16, 31};
    for (int iter = 0; iter < 200000; iter++) {
        int64_t p = (int64_t)((uint64_t)rnd() << 32 | rnd()) >> (iter % 40 + 2);   /* |p| < 2^62 */
        unsigned s = (unsigned)(iter % 63), tb = tfl_bits[iter % 4];
        enum ethosu_rounding r = (enum ethosu_rounding)((iter / 4) % 3);
        if (ethosu_round64(p, s, r, tb) != ethosu_ops_round_shift(p, s, r, tb))
            ck_abort_msg("p %lld s %u rounding %d tfl bit %u", (long long)p, s, (int)r, tb);
    }
    /* the prepared form with any first-rounding bit */
    for (int iter = 0; iter < 100000; iter++) {
        int64_t x = (int64_t)rnd_in(-300000, 300000) * (iter % 2 ? 1 : 3000);
        uint32_t scale = rnd();
        unsigned s = (unsigned)(iter % 64), tb = tfl_bits[iter % 4];
        enum ethosu_rounding r = (enum ethosu_rounding)((iter / 4) % 3);
        struct ethosu_chan_scale c;
        ethosu_chan_scale_init_at(&c, 0, scale, s, r, tb);
        if (ethosu_chan_scale_apply(&c, x) != ethosu_ops_round_shift((__int128)x * scale, s, r, tb))
            ck_abort_msg("x %lld scale %u shift %u rounding %d tfl bit %u", (long long)x, scale, s, (int)r, tb);
    }
    /* half-way values of both signs, hand-worked: 5 / 2 and -5 / 2 */
    ck_assert_int_eq(ethosu_round64(5, 1, ETHOSU_ROUND_TFL, 31), 3);
    ck_assert_int_eq(ethosu_round64(-5, 1, ETHOSU_ROUND_TFL, 31), -2);        /* half up */
    ck_assert_int_eq(ethosu_round64(-5, 1, ETHOSU_ROUND_TFL, 0), -3);         /* half away from zero */
    ck_assert_int_eq(ethosu_round64(-5, 1, ETHOSU_ROUND_TRUNCATE, 31), -2);
}
END_TEST

/* The U85 scale's definition (ethosu85_ops.h) in 128 bits, floored. */
static int64_t u85_scale_ref(int64_t x, const struct ethosu85_scale *s)
{
    unsigned shift = s->shift, dbl = s->dbl_rnd;
    __int128 p = (__int128)x * s->scale, r = 0, half = shift ? (__int128)1 << (shift - 1) : 0;
    __int128 d = shift && shift > 31 - dbl ? (__int128)1 << (30 - dbl) : 0;
    if (shift)
        switch (s->round_mode) {
        case ETHOSU85_ROUND_NATURAL: r = half; break;
        case ETHOSU85_ROUND_SYMMETRIC: r = half - (x < 0); break;
        case ETHOSU85_ROUND_DOUBLE_ASYMMETRIC: r = half + d; break;
        case ETHOSU85_ROUND_TRUNCATE_TO_ZERO: r = x >= 0 ? 0 : ((__int128)1 << shift) - 1; break;
        case ETHOSU85_ROUND_TRUNCATE_TO_LOWER: r = 0; break;
        default: r = x >= 0 ? half + d : half - d; break;
        }
    __int128 v = p + r, q = v / ((__int128)1 << shift);
    if (q * ((__int128)1 << shift) > v)
        q--;   /* floor */
    return (int64_t)q;
}

START_TEST(test_u85_scale_int64_path)
{
    rng_state = 8585;
    for (int iter = 0; iter < 200000; iter++) {
        struct ethosu85_scale s;
        s.scale = rnd() & 0x7FFFFFFFu;
        s.shift = (unsigned)(iter % 63);
        s.dbl_rnd = (unsigned)(iter / 63 % 31);
        s.round_mode = (enum ethosu85_round_mode)(iter % 6);
        int64_t x = iter % 5 ? (int64_t)rnd_in(-200000, 200000) : (int64_t)rnd_in(-(1 << 29), 1 << 29) * 2 + 1;
        if (ethosu85_scale_apply(x, &s) != u85_scale_ref(x, &s))
            ck_abort_msg("x %lld scale %u shift %u dbl %u mode %d",
                         (long long)x, s.scale, s.shift, s.dbl_rnd, (int)s.round_mode);
    }
}
END_TEST

START_TEST(test_out_clamp_against_output_checked)
{
    rng_state = 99;
    static const enum ethosu_dtype types[] = {ETHOSU_INT8, ETHOSU_UINT8, ETHOSU_INT16, ETHOSU_INT32};
    for (int iter = 0; iter < 2000; iter++) {
        enum ethosu_dtype t = types[iter % 4];
        struct ethosu_output_stage os;
        memset(&os, 0, sizeof os);
        os.act_clip = iter % 5 == 1 ? ETHOSU_CLIP_INT8 : iter % 5 == 2 ? ETHOSU_CLIP_UINT8 : ETHOSU_CLIP_OFM;
        if (t == ETHOSU_INT32)
            os.act_clip = ETHOSU_CLIP_OFM;
        /* MIN/MAX anywhere, even outside the type; crossed over takes the exact path */
        os.act_min = rnd_in(-70000, 70000);
        os.act_max = iter % 9 ? rnd_in(os.act_min, 70000) : rnd_in(-70000, 70000);
        int32_t zp = rnd_in(-300, 300);
        struct ethosu_out_clamp c;
        ethosu_out_clamp_init(&c, &os, t, zp);
        ck_assert(c.linear == (os.act_min <= os.act_max));
        for (int j = 0; j < 200; j++) {
            int64_t v = j == 0 ? INT64_MIN : j == 1 ? INT64_MAX : j % 7 == 0 ? (int64_t)rnd() << 20
                                                                              : (int64_t)rnd_in(-80000, 80000);
            if (ethosu_out_clamp_apply(&c, v) != ethosu_ops_output_checked(v, &os, t, zp))
                ck_abort_msg("iter %d value %lld: clamp %d, the output stage %d", iter, (long long)v,
                             ethosu_out_clamp_apply(&c, v), ethosu_ops_output_checked(v, &os, t, zp));
        }
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu_ops_conv_fast");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_hand_worked);
    tcase_add_test(tc, test_refuses_what_is_not_exact);
    tcase_add_test(tc, test_random_against_window);
    tcase_add_test(tc, test_out_scale_against_ethosu_scale);
    tcase_add_test(tc, test_round64_against_round_shift);
    tcase_add_test(tc, test_out_clamp_against_output_checked);
    tcase_add_test(tc, test_u85_scale_int64_path);
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
