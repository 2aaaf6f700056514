/* Unit tests for the Ethos-U85 scaling unit and output half
 * (ethosu85_ops_scale.c, ethosu85_ops_output.c): the six round modes on
 * hand-worked halves of both signs, dbl_rnd, DOUBLE_SYMMETRIC against a
 * transcription of TensorFlow Lite's MultiplyByQuantizedMultiplier over a
 * sweep, per-channel and global scale, the clip range, the LUTs (8-bit,
 * 16-bit interpolating, tanh / sigmoid) and the refused parameters.
 * Notation: M = scale, s = shift; the exact value is x * M / 2^s. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu85_ops.h"

#define P30 UINT32_C(1073741824) /* 2^30: 0.5 at shift 31 */

static int64_t sc(int64_t x, uint32_t m, unsigned s, unsigned dbl, enum ethosu85_round_mode r)
{
    struct ethosu85_scale q = {m, s, dbl, r};
    return ethosu85_scale_apply(x, &q);
}

START_TEST(test_round_modes_halves)
{
    /* 3 * 2^30 / 2^31 = 1.5, -3 -> -1.5, -7 at shift 32 -> -1.75 */
    ck_assert_int_eq(sc(3, P30, 31, 0, ETHOSU85_ROUND_NATURAL), 2);
    ck_assert_int_eq(sc(-3, P30, 31, 0, ETHOSU85_ROUND_NATURAL), -1);
    ck_assert_int_eq(sc(3, P30, 31, 0, ETHOSU85_ROUND_SYMMETRIC), 2);
    ck_assert_int_eq(sc(-3, P30, 31, 0, ETHOSU85_ROUND_SYMMETRIC), -2);
    ck_assert_int_eq(sc(3, P30, 31, 0, ETHOSU85_ROUND_TRUNCATE_TO_ZERO), 1);
    ck_assert_int_eq(sc(-3, P30, 31, 0, ETHOSU85_ROUND_TRUNCATE_TO_ZERO), -1);
    ck_assert_int_eq(sc(-7, P30, 32, 0, ETHOSU85_ROUND_TRUNCATE_TO_ZERO), -1);
    ck_assert_int_eq(sc(3, P30, 31, 0, ETHOSU85_ROUND_TRUNCATE_TO_LOWER), 1);
    ck_assert_int_eq(sc(-3, P30, 31, 0, ETHOSU85_ROUND_TRUNCATE_TO_LOWER), -2);
    ck_assert_int_eq(sc(-7, P30, 32, 0, ETHOSU85_ROUND_TRUNCATE_TO_LOWER), -2);
    /* shift <= 31: the double modes round once, half up */
    ck_assert_int_eq(sc(-3, P30, 31, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC), -1);
    ck_assert_int_eq(sc(-3, P30, 31, 0, ETHOSU85_ROUND_DOUBLE_ASYMMETRIC), -1);
    /* shift 0: x * M exactly */
    ck_assert_int_eq(sc(-7, 5, 0, 0, ETHOSU85_ROUND_SYMMETRIC), -35);
    ck_assert_int_eq(sc(-7, 5, 0, 0, ETHOSU85_ROUND_TRUNCATE_TO_ZERO), -35);
}
END_TEST

START_TEST(test_double_rounding)
{
    /* M = 0.5 at bit 31, s = 33: x / 8 via q = round(x / 2) at bit 31 and
     * q / 4. x = 3: q = 2 (1.5 half up), 0.5 -> 1 (symmetric, away from
     * zero) and 1 (asymmetric, up); one rounding would give 0.375 -> 0. */
    ck_assert_int_eq(sc(3, P30, 33, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC), 1);
    ck_assert_int_eq(sc(3, P30, 33, 0, ETHOSU85_ROUND_DOUBLE_ASYMMETRIC), 1);
    ck_assert_int_eq(sc(3, P30, 33, 0, ETHOSU85_ROUND_NATURAL), 0);
    /* x = -3: q = -1 (-1.5 half up), -0.25 -> 0 */
    ck_assert_int_eq(sc(-3, P30, 33, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC), 0);
    /* x = -5: q = -2 (-2.5 half up), -0.5 -> -1 symmetric, 0 asymmetric */
    ck_assert_int_eq(sc(-5, P30, 33, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC), -1);
    ck_assert_int_eq(sc(-5, P30, 33, 0, ETHOSU85_ROUND_DOUBLE_ASYMMETRIC), 0);
    /* dbl_rnd 20 moves the first rounding to bit 11 (shift 13 > 31 - 20):
     * x = 3 * 2^10 is 1.5 there -> 2, then 2 / 4 = 0.5 -> 1; NATURAL gives
     * 3/8 -> 0; with shift 11 (not above 11) there is one rounding. */
    ck_assert_int_eq(sc(3 << 10, 1, 13, 20, ETHOSU85_ROUND_DOUBLE_SYMMETRIC), 1);
    ck_assert_int_eq(sc(3 << 10, 1, 13, 20, ETHOSU85_ROUND_NATURAL), 0);
    ck_assert_int_eq(sc(3 << 10, 1, 11, 20, ETHOSU85_ROUND_DOUBLE_SYMMETRIC), 2);
    ck_assert_int_eq(sc(-(3 << 10), 1, 11, 20, ETHOSU85_ROUND_DOUBLE_SYMMETRIC), -1);
}
END_TEST

/* TensorFlow Lite's MultiplyByQuantizedMultiplier(x, M, e), transcribed:
 * SaturatingRoundingDoublingHighMul on x << max(e, 0), then
 * RoundingDivideByPOT by max(-e, 0). */
static int32_t tfl_mbqm(int32_t x, int32_t m, int e)
{
    int left = e > 0 ? e : 0, right = e > 0 ? 0 : -e;
    int64_t a = (int64_t)x * ((int64_t)1 << left);
    if (a > INT32_MAX || a < INT32_MIN)
        return 0; /* not swept */
    int64_t ab = a * m;
    int64_t nudge = ab >= 0 ? (1 << 30) : (1 - (1 << 30));
    int32_t hi = (int32_t)((ab + nudge) / ((int64_t)1 << 31));
    int32_t mask = (int32_t)((1u << right) - 1);
    int32_t rem = hi & mask;
    int32_t thr = (mask >> 1) + (hi < 0);
    return (hi >> right) + (rem > thr);
}

START_TEST(test_double_symmetric_is_tflite)
{
    static const int32_t ms[] = {1073741824, 1712920633, 1159854826, 2147483647, 1340029796};
    static const int es[] = {2, 0, -1, -3, -8, -12, -19};
    uint32_t seed = 12345;
    for (size_t mi = 0; mi < sizeof ms / sizeof ms[0]; mi++)
        for (size_t ei = 0; ei < sizeof es / sizeof es[0]; ei++)
            for (int k = 0; k < 4000; k++) {
                seed = seed * 1103515245u + 12345u;
                int32_t x = (int32_t)(seed >> 8) - (1 << 23);
                if (k < 64)
                    x = (k - 32) * (1 << (k & 7)); /* small values: the halves */
                int e = es[ei];
                int32_t want = tfl_mbqm(x, ms[mi], e);
                if ((int64_t)x * ((int64_t)1 << (e > 0 ? e : 0)) > INT32_MAX)
                    continue;
                int64_t got = sc(x, (uint32_t)ms[mi], (unsigned)(31 - e), 0,
                                 ETHOSU85_ROUND_DOUBLE_SYMMETRIC);
                ck_assert_msg(got == want, "x %d M %d e %d: %lld, TFLite %d", x, ms[mi], e,
                              (long long)got, want);
            }
}
END_TEST

static struct ethosu85_output_stage global(uint32_t m, unsigned s, int32_t lo, int32_t hi)
{
    struct ethosu85_output_stage os;
    memset(&os, 0, sizeof os);
    os.scale_mode = ETHOSU85_SCALE_GLOBAL;
    os.ofm_scale.scale = m;
    os.ofm_scale.shift = s;
    os.ofm_scale.round_mode = ETHOSU85_ROUND_DOUBLE_SYMMETRIC;
    os.act_fn = ETHOSU85_LUT_NONE;
    os.clip = ETHOSU85_CLIP_B16;
    os.act_min = lo;
    os.act_max = hi;
    return os;
}

static int32_t out1(int64_t acc, uint32_t ch, const struct ethosu85_output_stage *os,
                    enum ethosu_dtype t, int32_t zp)
{
    int32_t v = 0;
    char err[128];
    ck_assert_msg(ethosu85_output_value(acc, ch, os, t, zp, &v, err, sizeof err) == 0, "%s", err);
    return v;
}

START_TEST(test_output_order)
{
    /* x * 0.5 (M 2^30, s 31) + zp 10, clamp [-5, 20], int8 */
    struct ethosu85_output_stage os = global(P30, 31, -5, 20);
    ck_assert_int_eq(out1(10, 0, &os, ETHOSU_INT8, 10), 15);  /* 5 + 10 */
    ck_assert_int_eq(out1(30, 0, &os, ETHOSU_INT8, 10), 20);  /* 25 -> max 20 */
    ck_assert_int_eq(out1(-200, 0, &os, ETHOSU_INT8, 10), -5); /* -90 -> min -5 */
    /* clip NONE: no min/max and no saturation: the OFM takes the low bits
     * (Vela's CAST int16 -> int8 is an ADD of 0 with clip NONE; TensorFlow
     * Lite's CAST wraps: the corpus's cov_cast_i16, 440 -> -72) */
    os.clip = ETHOSU85_CLIP_NONE;
    ck_assert_int_eq(out1(30, 0, &os, ETHOSU_INT8, 10), 25);
    ck_assert_int_eq(out1(1000, 0, &os, ETHOSU_INT8, 10), -2);   /* 510 = 0x1FE -> 0xFE */
    ck_assert_int_eq(out1(INT64_C(1) << 40, 0, &os, ETHOSU_INT32, 0), 0);   /* 2^39: low 32 bits 0 */
    ck_assert_int_eq(out1(880, 0, &os, ETHOSU_INT8, 0), -72);   /* 440 = 0x1B8 -> 0xB8 */
    /* uint16 OFM with a zero-extended max of 65535 */
    os = global(1, 0, 0, 65535);
    ck_assert_int_eq(out1(70000, 0, &os, ETHOSU_UINT16, 0), 65535);
    ck_assert_int_eq(out1(-3, 0, &os, ETHOSU_UINT16, 0), 0);
}
END_TEST

START_TEST(test_per_channel)
{
    /* channel 0: (acc + 100) * 3 / 2, channel 1: (acc - 7) * 2^30 / 2^33
     * = (acc - 7) / 8 double rounded; the round mode is OFM_SCALE's */
    static const int64_t bias[] = {100, -7};
    static const uint32_t scale[] = {3, P30};
    static const uint8_t shift[] = {1, 33};
    struct ethosu85_channel_scale cs = {bias, scale, shift, 2};
    struct ethosu85_output_stage os = global(1, 0, -32768, 32767);
    os.scale_mode = ETHOSU85_SCALE_PER_CHANNEL;
    os.cs = &cs;
    /* (1 + 100) * 3 / 2 = 151.5 -> 152 */
    ck_assert_int_eq(out1(1, 0, &os, ETHOSU_INT16, 0), 152);
    /* (10 - 7) / 8 double rounded -> 1 (test_double_rounding) */
    ck_assert_int_eq(out1(10, 1, &os, ETHOSU_INT16, 0), 1);
    os.ofm_scale.round_mode = ETHOSU85_ROUND_TRUNCATE_TO_LOWER;
    ck_assert_int_eq(out1(1, 0, &os, ETHOSU_INT16, 0), 151);
    ck_assert_int_eq(out1(10, 1, &os, ETHOSU_INT16, 0), 0);
    /* 48-bit bias (I48, int16 IFMs): -2^40 + 2^40 + 6 -> 6 * 3 / 2 = 9 */
    static const int64_t big[] = {-(INT64_C(1) << 40)};
    cs.bias = big;
    cs.n = 1;
    os.ofm_scale.round_mode = ETHOSU85_ROUND_NATURAL;
    ck_assert_int_eq(out1((INT64_C(1) << 40) + 6, 0, &os, ETHOSU_INT16, 0), 9);
    /* the whole map (ethosu85_output's prepared per-channel path): shift 0
     * is the product itself; -5 * 3 + 4 = -11, 7 * 3 + 4 = 25 */
    static const int64_t b0[] = {0};
    static const uint32_t s3[] = {3};
    static const uint8_t sh0[] = {0};
    struct ethosu85_channel_scale c0 = {b0, s3, sh0, 1};
    os.cs = &c0;
    int64_t av[2] = {-5, 7};
    int32_t ov[2] = {0, 0};
    struct ethosu85_acc acc = {1, 2, 1, av, 0};
    struct ethosu_fmap ofm = {1, 2, 1, ETHOSU_INT16, 4, ov};
    char err[128];
    ck_assert_msg(ethosu85_output(&acc, &os, &ofm, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(ov[0], -11);
    ck_assert_int_eq(ov[1], 25);
}
END_TEST

/* one channel's 10-byte scale stream record (Vela 5.2's U85 encoding):
 * I32: bias b[0:4], scale b[4:8] & 0x7FFFFFFF, shift b[8]; I48: bias b[0:6],
 * scale b[6:8] & 0x7FFF, shift b[8] */
static void record(const uint8_t *b, int i48, int64_t *bias, uint32_t *scale, uint8_t *shift)
{
    int nb = i48 ? 6 : 4;
    uint64_t u = 0;
    for (int i = 0; i < nb; i++)
        u |= (uint64_t)b[i] << (8 * i);
    if (u >> (8 * nb - 1))
        u |= ~UINT64_C(0) << (8 * nb);
    *bias = (int64_t)u;
    uint32_t sc = 0;
    for (int i = nb; i < 8; i++)
        sc |= (uint32_t)b[i] << (8 * (i - nb));
    *scale = sc & (i48 ? 0x7FFFu : 0x7FFFFFFFu);
    *shift = (uint8_t)(b[8] & 63);
}

START_TEST(test_corpus_conv_per_channel)
{
    /* conv_3x3_relu (I32) and i16_conv (I48): the accumulator of one OFM
     * element (its 3x3x8 sum computed from the TFLite model's weights), its
     * channel's record from Vela's scale stream, NPU_SET_OFM_SCALE's round
     * mode, and TensorFlow Lite's output for that element */
    static const struct {
        int i48;
        int64_t acc;
        uint8_t rec[10];
        int32_t want;
    } s[] = {
        {0, 30276, {32, 87, 0, 0, 221, 22, 159, 101, 40, 0}, 66},
        {0, 9719, {242, 66, 0, 0, 56, 210, 10, 88, 40, 0}, 20},
        {0, 4452, {32, 87, 0, 0, 221, 22, 159, 101, 40, 0}, 25},
        {0, -657, {168, 62, 0, 0, 152, 148, 114, 94, 40, 0}, 6},
        {1, 6978561, {143, 28, 52, 0, 0, 0, 29, 72, 24, 0}, 11437},
        {1, 862071, {143, 28, 52, 0, 0, 0, 29, 72, 24, 0}, 4707},
        {1, 55235, {74, 23, 17, 0, 0, 0, 199, 124, 27, 0}, 280},
        {1, 11101313, {48, 238, 168, 255, 255, 255, 190, 109, 25, 0}, 4517},
    };
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
        int64_t bias;
        uint32_t scale;
        uint8_t shift;
        record(s[i].rec, s[i].i48, &bias, &scale, &shift);
        struct ethosu85_channel_scale cs = {&bias, &scale, &shift, 1};
        struct ethosu85_output_stage os = global(1, 0, s[i].i48 ? 0 : -16, s[i].i48 ? 32767 : 127);
        os.scale_mode = ETHOSU85_SCALE_PER_CHANNEL;
        os.cs = &cs;
        os.ofm_scale.round_mode = s[i].i48 ? ETHOSU85_ROUND_NATURAL : ETHOSU85_ROUND_DOUBLE_SYMMETRIC;
        int32_t got = out1(s[i].acc, 0, &os, s[i].i48 ? ETHOSU_INT16 : ETHOSU_INT8, s[i].i48 ? 0 : -16);
        ck_assert_msg(got == s[i].want, "sample %zu: %d, TFLite %d", i, got, s[i].want);
    }
}
END_TEST

START_TEST(test_lut8)
{
    uint8_t lut[1024];
    for (int i = 0; i < 256; i++)
        lut[i] = (uint8_t)(255 - i); /* S8_S8: index v + 128 -> 127 - v */
    struct ethosu85_output_stage os = global(1, 0, -128, 127);
    os.act_fn = ETHOSU85_LUT_S8_S8;
    os.lut = lut;
    os.lut_len = 256;
    /* v = 5: index 133, entry 122 = 0x7A -> 122 */
    ck_assert_int_eq(out1(5, 0, &os, ETHOSU_INT8, 0), 122);
    /* v = -128: index 0, entry 255 -> -1 as int8 */
    ck_assert_int_eq(out1(-128, 0, &os, ETHOSU_INT8, 0), -1);
    /* min/max before the table: clamp [0, 10], v = -50 -> 0 -> index 128, entry 127 */
    os.act_min = 0;
    os.act_max = 10;
    ck_assert_int_eq(out1(-50, 0, &os, ETHOSU_INT8, 0), 127);
    /* U8_U8: index v */
    os = global(1, 0, 0, 255);
    os.act_fn = ETHOSU85_LUT_U8_U8;
    os.lut = lut;
    os.lut_len = 256;
    ck_assert_int_eq(out1(200, 0, &os, ETHOSU_UINT8, 0), 55);
    /* S8_S32: 256 little-endian int32; entry 130 (v = 2) = -70000 */
    memset(lut, 0, sizeof lut);
    uint32_t w = (uint32_t)-70000;
    for (int b = 0; b < 4; b++)
        lut[130 * 4 + b] = (uint8_t)(w >> (8 * b));
    os = global(1, 0, -128, 127);
    os.act_fn = ETHOSU85_LUT_S8_S32;
    os.lut = lut;
    os.lut_len = 1024;
    ck_assert_int_eq(out1(2, 0, &os, ETHOSU_INT32, 0), -70000);
    /* S8_S16: entry 127 (v = -1) = 0x8001 -> -32767 */
    memset(lut, 0, sizeof lut);
    lut[127 * 2] = 0x01;
    lut[127 * 2 + 1] = 0x80;
    os.act_fn = ETHOSU85_LUT_S8_S16;
    os.lut_len = 512;
    ck_assert_int_eq(out1(-1, 0, &os, ETHOSU_INT16, 0), -32767);
}
END_TEST

static void put_word(uint8_t *lut, int i, int16_t base, int16_t slope)
{
    uint32_t w = (uint32_t)(uint16_t)base | ((uint32_t)(uint16_t)slope << 16);
    for (int b = 0; b < 4; b++)
        lut[(size_t)(i + 256) * 4 + b] = (uint8_t)(w >> (8 * b));
}

START_TEST(test_lut16)
{
    static uint8_t lut[2048];
    memset(lut, 0, sizeof lut);
    put_word(lut, 3, 1000, 100);  /* values 384..511 */
    put_word(lut, -1, -50, -7);   /* values -128..-1 */
    struct ethosu85_output_stage os = global(1, 0, -32768, 32767);
    os.act_fn = ETHOSU85_LUT_S16_S16;
    os.lut = lut;
    os.lut_len = sizeof lut;
    /* v = 384 + 64: 1000 + (100 * 64 + 64) >> 7 = 1000 + 50 = 1050 */
    ck_assert_int_eq(out1(448, 0, &os, ETHOSU_INT16, 0), 1050);
    /* v = -1: index -1, frac 127: -50 + floor((-7 * 127 + 64) / 128) = -50 - 7 = -57 */
    ck_assert_int_eq(out1(-1, 0, &os, ETHOSU_INT16, 0), -57);
}
END_TEST

START_TEST(test_tanh_sigmoid)
{
    static uint8_t lut[2048];
    memset(lut, 0, sizeof lut);
    put_word(lut, 2, 3000, 600);   /* tanh: v 512..767; sigmoid: v 1024..1535 */
    put_word(lut, -1, -20, 20);
    struct ethosu85_output_stage os = global(1, 0, -32768, 32767);
    os.act_fn = ETHOSU85_LUT_TANH;
    os.lut = lut;
    os.lut_len = sizeof lut;
    /* tanh v = 512 + 64: (3000 * 256 + 600 * 64 + 128) >> 8 = 3000 + 150 = 3150 */
    ck_assert_int_eq(out1(576, 0, &os, ETHOSU_INT16, 0), 3150);
    /* tanh v = -128: index -1, frac 128: (-20 * 256 + 20 * 128 + 127) >> 8 =
     * floor(-2433 / 256) = -10 (a positive v would round the half up) */
    ck_assert_int_eq(out1(-128, 0, &os, ETHOSU_INT16, 0), -10);
    /* the table takes values past int16 (v = 40000 -> index 156: 0 here)
     * and ACTIVATION_MIN/MAX clip the result */
    os.act_min = 3100;
    ck_assert_int_eq(out1(576, 0, &os, ETHOSU_INT16, 0), 3150);
    ck_assert_int_eq(out1(40000, 0, &os, ETHOSU_INT16, 0), 3100);
    /* sigmoid v = 1024 + 256: (3000 * 512 + 600 * 256 + 2^24 + 512) >> 10
     * = (1536000 + 153600 + 16777216 + 512) / 1024 = 18034.5 -> 18034 */
    os = global(1, 0, -32768, 32767);
    os.act_fn = ETHOSU85_LUT_SIGMOID;
    os.lut = lut;
    os.lut_len = sizeof lut;
    ck_assert_int_eq(out1(1280, 0, &os, ETHOSU_INT16, 0), 18034);
}
END_TEST

START_TEST(test_corpus_tanh16)
{
    /* i16_tanh (Vela 5.2, ethos-u85-256): OFM_SCALE 23592 >> 14
     * DOUBLE_SYMMETRIC, LUT_TANH with Vela's 512-word table (the words the
     * samples read), ACTIVATION_MIN/MAX -32768 / 32767; TensorFlow Lite's
     * int16 TANH output. x = 24720 scales to 35595, past int16: the table
     * takes it unclamped. */
    static const struct {
        int32_t x;
        int idx;
        uint32_t word;
        int32_t want;
    } s[] = {
        {-2929, -17, 0x0260d478u, -10826}, {-3015, -17, 0x0260d478u, -11118},
        {24720, 139, 0x00087f39u, 32569},  {7038, 39, 0x017255e3u, 22204},
        {-35, -1, 0x02abfd55u, -133},      {-21073, -119, 0x001381c9u, -32302},
    };
    static uint8_t lut[2048];
    struct ethosu85_output_stage os = global(23592, 14, -32768, 32767);
    os.act_fn = ETHOSU85_LUT_TANH;
    os.lut = lut;
    os.lut_len = sizeof lut;
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
        memset(lut, 0, sizeof lut);
        for (int b = 0; b < 4; b++)
            lut[(size_t)(s[i].idx + 256) * 4 + b] = (uint8_t)(s[i].word >> (8 * b));
        ck_assert_int_eq(out1(s[i].x, 0, &os, ETHOSU_INT16, 0), s[i].want);
    }
}
END_TEST

START_TEST(test_corpus_sigmoid16_log16)
{
    /* i16_logistic: OFM_SCALE 19660 >> 13 DOUBLE_SYMMETRIC, LUT_SIGMOID;
     * i16_log: OFM_SCALE 1 >> 0 NATURAL, LUT_S16_S16 (Vela's LOG table);
     * the table words the samples read, TensorFlow Lite's outputs */
    static const struct {
        int sigmoid;
        int32_t x;
        int idx;
        uint32_t word;
        int32_t want;
    } s[] = {
        {1, -31120, -146, 0x00068095u, 75}, {1, 27268, 127, 0x000d7eb8u, 32609},
        {1, 6758, 31, 0x01c848d1u, 25859},  {1, -1043, -5, 0x02a4f2b7u, 14721},
        {1, 9813, 45, 0x01365df7u, 28566},  {0, 27287, 213, 0x002428efu, 10485},
        {0, -32124, -251, 0x00008000u, -32768}, {0, 28925, 225, 0x00222a95u, 10934},
        {0, 9906, 77, 0x00630a57u, 2686},
    };
    static uint8_t lut[2048];
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++) {
        struct ethosu85_output_stage os = s[i].sigmoid ? global(19660, 13, -32768, 32767)
                                                       : global(1, 0, -32768, 32767);
        if (!s[i].sigmoid)
            os.ofm_scale.round_mode = ETHOSU85_ROUND_NATURAL;
        os.act_fn = s[i].sigmoid ? ETHOSU85_LUT_SIGMOID : ETHOSU85_LUT_S16_S16;
        os.lut = lut;
        os.lut_len = sizeof lut;
        memset(lut, 0, sizeof lut);
        for (int b = 0; b < 4; b++)
            lut[(size_t)(s[i].idx + 256) * 4 + b] = (uint8_t)(s[i].word >> (8 * b));
        int32_t got = out1(s[i].x, 0, &os, ETHOSU_INT16, 0);
        ck_assert_msg(got == s[i].want, "sample %zu: %d, TFLite %d", i, got, s[i].want);
    }
}
END_TEST

START_TEST(test_refused)
{
    char err[128] = "";
    int32_t v;
    struct ethosu85_output_stage os = global(1, 0, 0, 10);
    os.ofm_scale.round_mode = (enum ethosu85_round_mode)6;
    ck_assert_int_eq(ethosu85_output_value(0, 0, &os, ETHOSU_INT8, 0, &v, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "round_mode"));
    os = global(UINT32_C(0x80000000), 0, 0, 10);
    ck_assert_int_eq(ethosu85_output_value(0, 0, &os, ETHOSU_INT8, 0, &v, err, sizeof err), -1);
    os = global(1, 0, 0, 10);
    os.act_fn = ETHOSU85_LUT_S8_S8;
    os.lut_len = 0;
    ck_assert_int_eq(ethosu85_output_value(0, 0, &os, ETHOSU_INT8, 0, &v, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "LUT"));
    os = global(1, 0, 0, 10);
    os.act_fn = (enum ethosu85_act_fn)2;
    ck_assert_int_eq(ethosu85_output_value(0, 0, &os, ETHOSU_INT8, 0, &v, err, sizeof err), -1);
    os = global(1, 0, 0, 10);
    os.scale_mode = ETHOSU85_SCALE_PER_CHANNEL;
    ck_assert_int_eq(ethosu85_output_value(0, 0, &os, ETHOSU_INT8, 0, &v, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "scale stream"));
}
END_TEST

START_TEST(test_acc_chain)
{
    /* acc_output DISABLE then acc_input KEEP: two halves of a 1x1 conv over
     * channels, summed once, bias added once in the output half */
    int32_t v1[] = {1, 2}, v2[] = {3, 4}, w1[] = {10, 20}, w2[] = {30, 40};
    struct ethosu_fmap a = {1, 1, 2, ETHOSU_INT8, 0, v1}, b = {1, 1, 2, ETHOSU_INT8, 0, v2};
    struct ethosu_kernel k = {1, 1, 1, 1, 1, 1, 0, 0, 0, 0, ETHOSU_UPSCALE_NONE};
    int64_t accv[1];
    struct ethosu85_acc acc = {1, 1, 1, accv, 0};
    char err[128];
    ck_assert_msg(ethosu85_conv_acc(&a, w1, &k, NULL, &acc, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(accv[0], 50);
    struct ethosu85_acc_in keep = {ETHOSU85_ACC_KEEP, &acc};
    ck_assert_msg(ethosu85_conv_acc(&b, w2, &k, &keep, &acc, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(accv[0], 50 + 90 + 160);
    /* saturation to 32 bits */
    accv[0] = INT64_C(1) << 35;
    ethosu85_acc_saturate(&acc, ETHOSU85_ACC_I32);
    ck_assert_int_eq(accv[0], INT32_MAX);
    /* acc_input IFM2: the accumulators are the int32 IFM2 values */
    int32_t iv[] = {-77};
    struct ethosu_fmap i2 = {1, 1, 1, ETHOSU_INT32, 0, iv};
    ck_assert_int_eq(ethosu85_acc_from_fmap(&i2, &acc, err, sizeof err), 0);
    ck_assert_int_eq(accv[0], -77);
    /* KEEP without accumulators is refused */
    struct ethosu85_acc_in bad = {ETHOSU85_ACC_KEEP, NULL};
    ck_assert_int_eq(ethosu85_conv_acc(&a, w1, &k, &bad, &acc, err, sizeof err), -1);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu85_ops_output");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_round_modes_halves);
    tcase_add_test(tc, test_double_rounding);
    tcase_add_test(tc, test_double_symmetric_is_tflite);
    tcase_add_test(tc, test_output_order);
    tcase_add_test(tc, test_per_channel);
    tcase_add_test(tc, test_corpus_conv_per_channel);
    tcase_add_test(tc, test_lut8);
    tcase_add_test(tc, test_lut16);
    tcase_add_test(tc, test_tanh_sigmoid);
    tcase_add_test(tc, test_corpus_tanh16);
    tcase_add_test(tc, test_corpus_sigmoid16_log16);
    tcase_add_test(tc, test_refused);
    tcase_add_test(tc, test_acc_chain);
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
