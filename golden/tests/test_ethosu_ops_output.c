/* Unit tests for the Ethos-U65 output stage (ethosu_ops_output.c): the
 * three rounding modes of the scaling unit on hand-worked values (single
 * and double rounding of TFL, halves of both signs), the zero point /
 * min-max / clip order, the 8-bit LUT (8-bit and 32-bit entries), the
 * 16-bit interpolating LUT, the type helpers and the refused parameters.
 *
 * Notation: M = scale, s = shift; the exact value is x * M / 2^s. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_ops.h"

#define P30 UINT32_C(1073741824) /* 2^30: 0.5 at shift 31 */
#define P31 UINT32_C(2147483648) /* 2^31: 1.0 at shift 31 */

static struct ethosu_output_stage plain(enum ethosu_rounding r, int32_t lo, int32_t hi)
{
    struct ethosu_output_stage os;
    memset(&os, 0, sizeof os);
    os.rounding = r;
    os.act_fn = ETHOSU_ACT_NONE;
    os.act_clip = ETHOSU_CLIP_OFM;
    os.act_min = lo;
    os.act_max = hi;
    return os;
}

START_TEST(test_scale_single_rounding)
{
    /* s <= 31: one rounding. 3 * 2^30 / 2^31 = 1.5:
     * TFL and NATURAL round half up -> 2, TRUNCATE -> 1. */
    ck_assert_int_eq(ethosu_scale(3, P30, 31, ETHOSU_ROUND_TFL), 2);
    ck_assert_int_eq(ethosu_scale(3, P30, 31, ETHOSU_ROUND_NATURAL), 2);
    ck_assert_int_eq(ethosu_scale(3, P30, 31, ETHOSU_ROUND_TRUNCATE), 1);
    /* -1.5: half up -> -1 (TFL's doubling high multiply nudges a negative
     * half towards zero), truncate -> -1. */
    ck_assert_int_eq(ethosu_scale(-3, P30, 31, ETHOSU_ROUND_TFL), -1);
    ck_assert_int_eq(ethosu_scale(-3, P30, 31, ETHOSU_ROUND_NATURAL), -1);
    ck_assert_int_eq(ethosu_scale(-3, P30, 31, ETHOSU_ROUND_TRUNCATE), -1);
    /* -1.75 (x = -7): -2 for both nearest modes, -1 truncated */
    ck_assert_int_eq(ethosu_scale(-7, P30, 32, ETHOSU_ROUND_NATURAL), -2);
    ck_assert_int_eq(ethosu_scale(-7, P30, 32, ETHOSU_ROUND_TRUNCATE), -1);
    /* shift 0: x * M exactly (scale 5, x 7 -> 35) */
    ck_assert_int_eq(ethosu_scale(7, 5, 0, ETHOSU_ROUND_TFL), 35);
    /* s < 31 (TFL left-shifted first): 5 * 3 / 2^2 = 3.75 -> 4 */
    ck_assert_int_eq(ethosu_scale(5, 3, 2, ETHOSU_ROUND_TFL), 4);
}
END_TEST

START_TEST(test_scale_double_rounding)
{
    /* s = 32, x = 5, M = 2^30: exact 1.25.
     * TFL: 5 * 2^30 / 2^31 = 2.5 -> 3 (half up), then 3 / 2 = 1.5 -> 2
     * (half away from zero): the double rounding differs from NATURAL (1)
     * and TRUNCATE (1). */
    ck_assert_int_eq(ethosu_scale(5, P30, 32, ETHOSU_ROUND_TFL), 2);
    ck_assert_int_eq(ethosu_scale(5, P30, 32, ETHOSU_ROUND_NATURAL), 1);
    ck_assert_int_eq(ethosu_scale(5, P30, 32, ETHOSU_ROUND_TRUNCATE), 1);
    /* x = -5: -2.5 -> -2 (half up), -2 / 2 = -1 -> -1. */
    ck_assert_int_eq(ethosu_scale(-5, P30, 32, ETHOSU_ROUND_TFL), -1);
    /* x = -7: -3.5 -> -3, -3 / 2 = -1.5 -> -2 (away from zero). */
    ck_assert_int_eq(ethosu_scale(-7, P30, 32, ETHOSU_ROUND_TFL), -2);
    /* M = 2^31, s = 33, x = -2: -2 exact, then -2 / 4 = -0.5 -> -1 (away);
     * NATURAL: -0.5 -> 0; TRUNCATE 0. */
    ck_assert_int_eq(ethosu_scale(-2, P31, 33, ETHOSU_ROUND_TFL), -1);
    ck_assert_int_eq(ethosu_scale(-2, P31, 33, ETHOSU_ROUND_NATURAL), 0);
    ck_assert_int_eq(ethosu_scale(-2, P31, 33, ETHOSU_ROUND_TRUNCATE), 0);
    /* Vela's 2x2 average: M = 2^31 + 1, s = 33 is (x / 4) for TFL:
     * x = 10: 10.000000005 -> 10, 10 / 4 = 2.5 -> 3 (TFLite (10 + 2) / 4 = 3);
     * x = -10: -10.000000005 -> -10, -2.5 -> -3 (TFLite (-10 - 2) / 4 = -3). */
    ck_assert_int_eq(ethosu_scale(10, P31 + 1, 33, ETHOSU_ROUND_TFL), 3);
    ck_assert_int_eq(ethosu_scale(-10, P31 + 1, 33, ETHOSU_ROUND_TFL), -3);
    /* 40-bit accumulator, 32-bit scale: (2^38 + 256) * 2^31 / 2^40
     * = 2^29 + 256 / 512 = 2^29 + 0.5 -> 2^29 + 1 with NATURAL, no overflow. */
    ck_assert_int_eq(ethosu_scale((INT64_C(1) << 38) + 256, P31, 40, ETHOSU_ROUND_NATURAL),
                     (INT64_C(1) << 29) + 1);
}
END_TEST

START_TEST(test_output_order)
{
    char err[160];
    int32_t out;
    struct ethosu_output_stage os = plain(ETHOSU_ROUND_TFL, -128, 127);
    /* int8, zero point 3: 10 -> 13; 200 -> 203 -> 127; -200 -> -197 -> -128 */
    ck_assert_int_eq(ethosu_output_value(10, &os, ETHOSU_INT8, 3, &out, err, sizeof err), 0);
    ck_assert_int_eq(out, 13);
    ethosu_output_value(200, &os, ETHOSU_INT8, 3, &out, err, sizeof err);
    ck_assert_int_eq(out, 127);
    ethosu_output_value(-200, &os, ETHOSU_INT8, 3, &out, err, sizeof err);
    ck_assert_int_eq(out, -128);
    /* ReLU as ACTIVATION_MIN = zero point 3: -10 + 3 = -7 -> 3 */
    os.act_min = 3;
    ethosu_output_value(-10, &os, ETHOSU_INT8, 3, &out, err, sizeof err);
    ck_assert_int_eq(out, 3);
    /* uint8, zero point 128: -200 + 128 = -72 -> 0 (type range) */
    os = plain(ETHOSU_ROUND_TFL, 0, 255);
    ethosu_output_value(-200, &os, ETHOSU_UINT8, 128, &out, err, sizeof err);
    ck_assert_int_eq(out, 0);
    /* int16 OFM with an int8 clip range: 300 -> 127 */
    os = plain(ETHOSU_ROUND_TFL, -32768, 32767);
    os.act_clip = ETHOSU_CLIP_INT8;
    ethosu_output_value(300, &os, ETHOSU_INT16, 0, &out, err, sizeof err);
    ck_assert_int_eq(out, 127);
    /* int32 OFM keeps a wide value: 100000 */
    os = plain(ETHOSU_ROUND_TFL, INT32_MIN, INT32_MAX);
    ethosu_output_value(100000, &os, ETHOSU_INT32, 0, &out, err, sizeof err);
    ck_assert_int_eq(out, 100000);
    /* Vela leaves MIN/MAX at the 16-bit -32768/32767 for an int32 OFM: a
     * 32-bit clip range applies no MIN/MAX, 100000 stays */
    os = plain(ETHOSU_ROUND_TFL, -32768, 32767);
    ethosu_output_value(100000, &os, ETHOSU_INT32, 0, &out, err, sizeof err);
    ck_assert_int_eq(out, 100000);
    /* saturation of a value beyond int32 */
    ethosu_output_value(INT64_C(1) << 40, &os, ETHOSU_INT32, 0, &out, err, sizeof err);
    ck_assert_int_eq(out, INT32_MAX);
}
END_TEST

START_TEST(test_lut8)
{
    char err[160];
    int32_t out;
    uint8_t lut[256];
    for (int i = 0; i < 256; i++)
        lut[i] = (uint8_t)(i * 3);
    struct ethosu_output_stage os = plain(ETHOSU_ROUND_TFL, -128, 127);
    os.act_fn = ETHOSU_ACT_LUT0 + 2;
    os.lut = lut;
    os.lut_len = sizeof lut;
    /* int8: -128 -> index 0 -> 0 */
    ck_assert_int_eq(ethosu_output_value(-128, &os, ETHOSU_INT8, 0, &out, err, sizeof err), 0);
    ck_assert_int_eq(out, 0);
    /* 1 -> index 129 -> 387 & 255 = 131 = int8 -125 */
    ethosu_output_value(1, &os, ETHOSU_INT8, 0, &out, err, sizeof err);
    ck_assert_int_eq(out, -125);
    /* zero point first: -2 + 3 = 1 -> -125 again; 500 clips to 127 ->
     * index 255 -> 765 & 255 = 253 = -3 */
    ethosu_output_value(-2, &os, ETHOSU_INT8, 3, &out, err, sizeof err);
    ck_assert_int_eq(out, -125);
    ethosu_output_value(500, &os, ETHOSU_INT8, 0, &out, err, sizeof err);
    ck_assert_int_eq(out, -3);
    /* uint8: index = value; 2 -> 6 */
    os.act_min = 0;
    os.act_max = 255;
    ethosu_output_value(2, &os, ETHOSU_UINT8, 0, &out, err, sizeof err);
    ck_assert_int_eq(out, 6);
    /* ACTIVATION_MIN/MAX act on the index (before the lookup): min 0 turns
     * -5 into index 0 -> 0 for uint8 */
    ethosu_output_value(-5, &os, ETHOSU_UINT8, 0, &out, err, sizeof err);
    ck_assert_int_eq(out, 0);
}
END_TEST

START_TEST(test_lut8_int32)
{
    /* softmax-style: int32 OFM, int8 clip range, 256 int32 entries
     * entry i = i * 1000 - 5; value 2 -> index 130 -> 129995 */
    char err[160];
    int32_t out;
    uint8_t lut[1024];
    for (int i = 0; i < 256; i++) {
        uint32_t e = (uint32_t)(i * 1000 - 5);
        for (int k = 0; k < 4; k++)
            lut[4 * i + k] = (uint8_t)(e >> (8 * k));
    }
    struct ethosu_output_stage os = plain(ETHOSU_ROUND_TFL, -128, 127);
    os.act_fn = ETHOSU_ACT_LUT0;
    os.act_clip = ETHOSU_CLIP_INT8;
    os.lut = lut;
    os.lut_len = sizeof lut;
    ck_assert_int_eq(ethosu_output_value(2, &os, ETHOSU_INT32, 0, &out, err, sizeof err), 0);
    ck_assert_int_eq(out, 129995);
    /* index 0 -> -5 */
    ethosu_output_value(-128, &os, ETHOSU_INT32, 0, &out, err, sizeof err);
    ck_assert_int_eq(out, -5);
    /* 256 bytes are not enough for 32-bit entries */
    os.lut_len = 256;
    ck_assert_int_eq(ethosu_output_value(2, &os, ETHOSU_INT32, 0, &out, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "LUT"));
}
END_TEST

static void put32(uint8_t *p, uint32_t v)
{
    for (int k = 0; k < 4; k++)
        p[k] = (uint8_t)(v >> (8 * k));
}

START_TEST(test_lut16)
{
    char err[160];
    int32_t out;
    static uint8_t lut[2048];
    /* every entry: base 100, slope -128 (Vela's argmax table: W = -128 *
     * 65536 + 100) */
    for (int i = 0; i < 512; i++)
        put32(lut + 4 * i, (uint32_t)(-128 * 65536 + 100));
    /* entry 0: base -3, slope 10: the two 16-bit fields, W = 10 << 16 |
     * 0xFFFD = 0x000AFFFD (Vela 5.2 packs the fields: its 16x8 LOG table
     * has base[i] + slope[i] = base[i + 1] for all 511 pairs only read
     * this way; read as 10 * 65536 + (-3) = 0x0009FFFD the slope of a
     * negative base came out one too high, issue 34 fault 6) */
    put32(lut, 0x000AFFFDu);
    struct ethosu_output_stage os = plain(ETHOSU_ROUND_TFL, -32768, 32767);
    os.act_fn = ETHOSU_ACT_LUT0;
    os.lut = lut;
    os.lut_len = sizeof lut;
    /* 5: index 0 + 256, frac 5: 100 + floor((-128 * 5 + 64) / 128)
     * = 100 + floor(-4.5) = 95 */
    ck_assert_int_eq(ethosu_output_value(5, &os, ETHOSU_INT16, 0, &out, err, sizeof err), 0);
    ck_assert_int_eq(out, 95);
    /* 127: 100 + floor((-16256 + 64) / 128) = 100 - 127 = -27 */
    ethosu_output_value(127, &os, ETHOSU_INT16, 0, &out, err, sizeof err);
    ck_assert_int_eq(out, -27);
    /* -32768 + 64: index 0, frac 64: -3 + ((640 + 64) >> 7) = -3 + 5 = 2 */
    ethosu_output_value(-32768 + 64, &os, ETHOSU_INT16, 0, &out, err, sizeof err);
    ck_assert_int_eq(out, 2);
    /* the corpus's i16_log: entry 134 holds log(x <= 0) clamped, base
     * -32768 slope 0, W = 0x00008000; v = -15524 = -122 * 128 + 92: index
     * -122 + 256 = 134, frac 92: -32768 + ((0 * 92 + 64) >> 7) = -32768
     * (TensorFlow Lite's -32768; the old reading gave slope 1 and -32767) */
    put32(lut + 4 * 134, 0x00008000u);
    ethosu_output_value(-15524, &os, ETHOSU_INT16, 0, &out, err, sizeof err);
    ck_assert_int_eq(out, -32768);
    /* entry 290: base -3645, slope 223, W = 223 << 16 | 0xF1C3 = 0x00DFF1C3;
     * v = 4420 = 34 * 128 + 68: -3645 + ((223 * 68 + 64) >> 7) = -3645 +
     * (15228 >> 7) = -3645 + 118 = -3527 (TensorFlow Lite's value) */
    put32(lut + 4 * 290, 0x00DFF1C3u);
    ethosu_output_value(4420, &os, ETHOSU_INT16, 0, &out, err, sizeof err);
    ck_assert_int_eq(out, -3527);
    /* a 16-bit LUT needs 2048 bytes */
    os.lut_len = 1024;
    ck_assert_int_eq(ethosu_output_value(5, &os, ETHOSU_INT16, 0, &out, err, sizeof err), -1);
}
END_TEST

START_TEST(test_tanh_sigmoid16)
{
    /* The value reaching the table has 1.0 = 3 * 4096; T[i] = sigmoid(i/24)
     * in 0.16 lifted by half the segment's midpoint error (T[0] = 32768,
     * T[1] = 33451, T[2] = 34133, T[4] = 35493 where plain rounding of
     * 35492.36 gives 35492).
     * tanh 0: 32768 << 8 - 2^23 + 128 = 128, >> 8 = 0.
     * tanh 384: |v| >> 8 = 1, frac 128: 33451 * 256 + 128 * 682 = 8650752,
     *   - 2^23 + 128 = 262272, >> 8 = 1024 (tanh(0.03125) * 32768 = 1023.7).
     * tanh 200000 (|v| >> 8 >= 255, saturated):
     *   (65535 << 8) - 2^23 + 128 = 8388480 >> 8 = 32767;
     *   -200000: -16776960 + 2^23 + 127 = -8388225, floor(/ 256) = -32767.
     * sigmoid 0: 32768 << 9 + 512 = 16777728 >> 10 = 16384 (0.5).
     * sigmoid 200000 (|v| >> 9 >= 255): (32767 << 10) + 512 >> 10 = 32767;
     *   -200000:
     *   2^25 - (32767 << 10) + 511 = 1535 >> 10 = 1. */
    char err[160];
    int32_t out;
    struct ethosu_output_stage os = plain(ETHOSU_ROUND_TFL, -32768, 32767);
    os.act_fn = ETHOSU_ACT_TANH;
    const int64_t tv[4] = {0, 384, 200000, -200000};
    const int32_t te[4] = {0, 1024, 32767, -32767};
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(ethosu_output_value(tv[i], &os, ETHOSU_INT16, 0, &out, err, sizeof err), 0);
        ck_assert_int_eq(out, te[i]);
    }
    os.act_fn = ETHOSU_ACT_SIGMOID;
    const int32_t se[4] = {16384, -1, 32767, 1};
    for (int i = 0; i < 4; i++) {
        if (se[i] < 0)
            continue;
        ethosu_output_value(tv[i], &os, ETHOSU_INT16, 0, &out, err, sizeof err);
        ck_assert_int_eq(out, se[i]);
    }
    /* tanh 1024 = 4 << 8 lands on T[4] exactly: 35493 << 8 - 2^23 + 128,
     * >> 8 = 35493 - 32768 = 2725 (plain rounding of sigmoid(4/24) would
     * give 2724; TFLite's int16 TANH gives 2725). */
    os.act_fn = ETHOSU_ACT_TANH;
    ck_assert_int_eq(ethosu_output_value(1024, &os, ETHOSU_INT16, 0, &out, err, sizeof err), 0);
    ck_assert_int_eq(out, 2725);
    /* Where the stream and TensorFlow Lite's LSTM disagree: a gate of 2405
     * in Q3.12 (0.58716) reaches the table as 3 * 2405 = 7215: |v| >> 9 =
     * 14, frac 7215 & 511 = 47: 42064 * 512 + 47 * (42688 - 42064) + 512 =
     * 21566608, >> 10 = 21061 (the int16 LOGISTIC kernel's value). The
     * LSTM reference kernel takes gemmlowp's fixed-point logistic instead,
     * 21060 (sigmoid(0.58716) * 32768 = 21060.3): Vela's 8x8_16 LSTM of 3
     * steps x 12 cells (ethosu_corpus_ops.lstm, seed 1065) ends with one of
     * 36 int8 outputs 1 apart (issue 34). */
    os.act_fn = ETHOSU_ACT_SIGMOID;
    ck_assert_int_eq(ethosu_output_value(7215, &os, ETHOSU_INT16, 0, &out, err, sizeof err), 0);
    ck_assert_int_eq(out, 21061);
    os.act_fn = ETHOSU_ACT_TANH;
    /* MIN/MAX clip the result: max 1000 -> 1000 */
    os.act_max = 1000;
    ethosu_output_value(200000, &os, ETHOSU_INT16, 0, &out, err, sizeof err);
    ck_assert_int_eq(out, 1000);
}
END_TEST

START_TEST(test_refused)
{
    char err[160];
    int32_t out;
    struct ethosu_output_stage os = plain(ETHOSU_ROUND_TFL, -128, 127);
    os.act_fn = ETHOSU_ACT_TANH;   /* modelled for int16 only */
    ck_assert_int_eq(ethosu_output_value(0, &os, ETHOSU_INT8, 0, &out, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "tanh"));
    os.act_fn = 7;
    ck_assert_int_eq(ethosu_output_value(0, &os, ETHOSU_INT8, 0, &out, err, sizeof err), -1);
    os = plain(ETHOSU_ROUND_TFL, -128, 127);
    os.act_clip = 1;
    ck_assert_int_eq(ethosu_output_value(0, &os, ETHOSU_INT8, 0, &out, err, sizeof err), -1);
    os = plain((enum ethosu_rounding)3, -128, 127);
    ck_assert_int_eq(ethosu_output_value(0, &os, ETHOSU_INT8, 0, &out, err, sizeof err), -1);
    os = plain(ETHOSU_ROUND_TFL, 5, 4);
    ck_assert_int_eq(ethosu_output_value(0, &os, ETHOSU_INT8, 0, &out, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "ACTIVATION_MIN"));
    os = plain(ETHOSU_ROUND_TFL, -128, 127);
    os.act_fn = ETHOSU_ACT_LUT0;
    ck_assert_int_eq(ethosu_output_value(0, &os, ETHOSU_INT8, 0, &out, NULL, 0), -1);
}
END_TEST

START_TEST(test_dtype)
{
    enum ethosu_dtype t;
    ck_assert_int_eq(ethosu_dtype_from_fields(1, 0, &t), 0);
    ck_assert_int_eq(t, ETHOSU_INT8);
    ck_assert_int_eq(ethosu_dtype_from_fields(0, 0, &t), 0);
    ck_assert_int_eq(t, ETHOSU_UINT8);
    ck_assert_int_eq(ethosu_dtype_from_fields(1, 1, &t), 0);
    ck_assert_int_eq(t, ETHOSU_INT16);
    ck_assert_int_eq(ethosu_dtype_from_fields(1, 2, &t), 0);
    ck_assert_int_eq(t, ETHOSU_INT32);
    ck_assert_int_eq(ethosu_dtype_from_fields(0, 2, &t), -1);
    ck_assert_int_eq(ethosu_dtype_from_fields(1, 3, &t), -1);
    ck_assert_int_eq(ethosu_dtype_min(ETHOSU_INT16), -32768);
    ck_assert_int_eq(ethosu_dtype_max(ETHOSU_UINT16), 65535);
    ck_assert_uint_eq(ethosu_dtype_bits(ETHOSU_INT32), 32);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu_ops_output");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_scale_single_rounding);
    tcase_add_test(tc, test_scale_double_rounding);
    tcase_add_test(tc, test_output_order);
    tcase_add_test(tc, test_lut8);
    tcase_add_test(tc, test_lut8_int32);
    tcase_add_test(tc, test_lut16);
    tcase_add_test(tc, test_tanh_sigmoid16);
    tcase_add_test(tc, test_refused);
    tcase_add_test(tc, test_dtype);
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
