/* Unit tests for golden_arith: sign extension, wrap, saturation, the
 * round-half-away-from-zero shift (both widths, every shift range), floor
 * shift and log2. Expected values are worked out by hand in the comments. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "golden_arith.h"

START_TEST(test_sx)
{
    /* 0x80 as 8 bits: -128; 0x7F: 127; 0xFF: -1 */
    ck_assert_int_eq(golden_sx(0x80, 8), -128);
    ck_assert_int_eq(golden_sx(0x7F, 8), 127);
    ck_assert_int_eq(golden_sx(0xFF, 8), -1);
    /* only the low n bits count: 0x1234FFFE -> 16 bits 0xFFFE = -2 */
    ck_assert_int_eq(golden_sx(0x1234FFFEu, 16), -2);
    ck_assert_int_eq(golden_sx(0x12347FFFu, 16), 32767);
    /* 5-bit slope shift fields: 16 -> -16, 31 -> -1, 15 -> 15 */
    ck_assert_int_eq(golden_sx(16, 5), -16);
    ck_assert_int_eq(golden_sx(31, 5), -1);
    ck_assert_int_eq(golden_sx(15, 5), 15);
    /* 1 bit: 1 -> -1 */
    ck_assert_int_eq(golden_sx(1, 1), -1);
    ck_assert_int_eq(golden_sx(0, 1), 0);
    /* 32 bits: 0xFFFFFFF2 = -14 (LE_START of example 10.3) */
    ck_assert_int_eq(golden_sx(0xFFFFFFF2u, 32), -14);
    /* 64 bits: all ones = -1, top bit only = INT64_MIN */
    ck_assert_int_eq(golden_sx(UINT64_MAX, 64), -1);
    ck_assert(golden_sx(UINT64_C(1) << 63, 64) == INT64_MIN);
    ck_assert(golden_sx((UINT64_C(1) << 63) - 1, 64) == INT64_MAX);
}
END_TEST

START_TEST(test_wrap)
{
    /* 2^31 wraps to -2^31; 2^32 + 5 wraps to 5; -2^31 - 1 wraps to 2^31 - 1 */
    ck_assert_int_eq(golden_wrap(INT64_C(2147483648), 32), INT32_MIN);
    ck_assert_int_eq(golden_wrap(INT64_C(4294967301), 32), 5);
    ck_assert_int_eq(golden_wrap(INT64_C(-2147483649), 32), INT32_MAX);
    /* 8 bits: 200 -> 200 - 256 = -56; -129 -> 127; 256 -> 0 */
    ck_assert_int_eq(golden_wrap(200, 8), -56);
    ck_assert_int_eq(golden_wrap(-129, 8), 127);
    ck_assert_int_eq(golden_wrap(256, 8), 0);
    ck_assert_int_eq(golden_wrap(-5, 16), -5);
}
END_TEST

START_TEST(test_sat)
{
    ck_assert_int_eq(golden_sat(128, 8), 127);
    ck_assert_int_eq(golden_sat(-129, 8), -128);
    ck_assert_int_eq(golden_sat(127, 8), 127);
    ck_assert_int_eq(golden_sat(-128, 8), -128);
    ck_assert_int_eq(golden_sat(40000, 16), 32767);
    ck_assert_int_eq(golden_sat(-40000, 16), -32768);
    ck_assert_int_eq(golden_sat(INT64_C(1) << 40, 32), INT32_MAX);
    ck_assert_int_eq(golden_sat(-(INT64_C(1) << 40), 32), INT32_MIN);
    ck_assert_int_eq(golden_sat(65536, 17), 65535);
    ck_assert_int_eq(golden_sat(-65537, 17), -65536);
    /* 1 bit: range [-1, 0] */
    ck_assert_int_eq(golden_sat(5, 1), 0);
    ck_assert_int_eq(golden_sat(-5, 1), -1);
    /* 63 bits: range [-2^62, 2^62 - 1] */
    ck_assert(golden_sat(INT64_MAX, 63) == (INT64_C(1) << 62) - 1);
    ck_assert(golden_sat(INT64_MIN, 63) == -(INT64_C(1) << 62));
}
END_TEST

START_TEST(test_rsh_rounding)
{
    /* 5 / 2 = 2.5 -> 3; -5 / 2 = -2.5 -> -3 (away from zero) */
    ck_assert_int_eq(golden_rsh(5, 1), 3);
    ck_assert_int_eq(golden_rsh(-5, 1), -3);
    /* 10 / 4 = 2.5 -> 3; -10 / 4 -> -3 */
    ck_assert_int_eq(golden_rsh(10, 2), 3);
    ck_assert_int_eq(golden_rsh(-10, 2), -3);
    /* 9 / 4 = 2.25 -> 2; -9 / 4 -> -2; 11 / 4 = 2.75 -> 3; -11 / 4 -> -3 */
    ck_assert_int_eq(golden_rsh(9, 2), 2);
    ck_assert_int_eq(golden_rsh(-9, 2), -2);
    ck_assert_int_eq(golden_rsh(11, 2), 3);
    ck_assert_int_eq(golden_rsh(-11, 2), -3);
    /* -1 / 2 = -0.5 -> -1; 1 / 2 -> 1; -1 / 4 = -0.25 -> 0 */
    ck_assert_int_eq(golden_rsh(-1, 1), -1);
    ck_assert_int_eq(golden_rsh(1, 1), 1);
    ck_assert_int_eq(golden_rsh(-1, 2), 0);
    /* examples 10.1 / 10.2: 236 / 2 = 118, 53 / 2 = 26.5 -> 27,
     * -134 / 2 = -67, 10878810 / 65536 = 165.997 -> 166,
     * -2555865 / 65536 = -38.9994 -> -39 */
    ck_assert_int_eq(golden_rsh(236, 1), 118);
    ck_assert_int_eq(golden_rsh(53, 1), 27);
    ck_assert_int_eq(golden_rsh(-134, 1), -67);
    ck_assert_int_eq(golden_rsh(10878810, 16), 166);
    ck_assert_int_eq(golden_rsh(-2555865, 16), -39);
}
END_TEST

START_TEST(test_rsh_edges)
{
    /* s = 0 is the identity, including the extremes */
    ck_assert_int_eq(golden_rsh(-7, 0), -7);
    ck_assert(golden_rsh(INT64_MIN, 0) == INT64_MIN);
    ck_assert(golden_rsh(INT64_MAX, 0) == INT64_MAX);
    /* s < 0: exact left shift */
    ck_assert_int_eq(golden_rsh(3, -4), 48);
    ck_assert_int_eq(golden_rsh(-3, -4), -48);
    /* 2^61 << 1 = 2^62 fits; << 2 = 2^63 does not -> INT64_MAX */
    ck_assert(golden_rsh(INT64_C(1) << 61, -1) == INT64_C(1) << 62);
    ck_assert(golden_rsh(INT64_C(1) << 61, -2) == INT64_MAX);
    /* -2^61 << 2 = -2^63 fits exactly; -2^61 - 1 << 2 does not */
    ck_assert(golden_rsh(-(INT64_C(1) << 61), -2) == INT64_MIN);
    ck_assert(golden_rsh(-(INT64_C(1) << 61) - 1, -2) == INT64_MIN);
    ck_assert(golden_rsh(-(INT64_C(1) << 60) - 1, -2) == -(INT64_C(1) << 62) - 4);
    /* huge left shifts saturate by sign, 0 stays 0 */
    ck_assert(golden_rsh(1, -63) == INT64_MAX);
    ck_assert(golden_rsh(-1, -63) == INT64_MIN);
    ck_assert(golden_rsh(-1, -100) == INT64_MIN);
    ck_assert_int_eq(golden_rsh(0, -100), 0);
    /* 1 << 62 fits, -1 << 62 fits */
    ck_assert(golden_rsh(1, -62) == INT64_C(1) << 62);
    ck_assert(golden_rsh(-1, -62) == -(INT64_C(1) << 62));
    /* s >= 64: every int64 rounds to 0 */
    ck_assert_int_eq(golden_rsh(INT64_MAX, 64), 0);
    ck_assert_int_eq(golden_rsh(INT64_MIN, 64), 0);
    ck_assert_int_eq(golden_rsh(12345, 1000), 0);
    /* s = 63: INT64_MIN / 2^63 = -1 exactly; INT64_MAX / 2^63 = 0.99.. -> 1;
     * 2^62 / 2^63 = 0.5 -> 1; (2^62 - 1) / 2^63 -> 0 */
    ck_assert_int_eq(golden_rsh(INT64_MIN, 63), -1);
    ck_assert_int_eq(golden_rsh(INT64_MAX, 63), 1);
    ck_assert_int_eq(golden_rsh(INT64_C(1) << 62, 63), 1);
    ck_assert_int_eq(golden_rsh(-(INT64_C(1) << 62), 63), -1);
    ck_assert_int_eq(golden_rsh((INT64_C(1) << 62) - 1, 63), 0);
    /* INT64_MIN / 2 = -2^62 exactly */
    ck_assert(golden_rsh(INT64_MIN, 1) == -(INT64_C(1) << 62));
}
END_TEST

START_TEST(test_rsh128)
{
    /* same rounding as the 64-bit version */
    ck_assert_int_eq(golden_rsh128(5, 1), 3);
    ck_assert_int_eq(golden_rsh128(-5, 1), -3);
    ck_assert_int_eq(golden_rsh128(-7, 0), -7);
    ck_assert_int_eq(golden_rsh128(3, -4), 48);
    /* 2^70 + 2^69 = 1.5 * 2^70 -> /2^70 rounds to 2; negative to -2 */
    __int128 big = ((__int128)1 << 70) + ((__int128)1 << 69);
    ck_assert_int_eq(golden_rsh128(big, 70), 2);
    ck_assert_int_eq(golden_rsh128(-big, 70), -2);
    /* (2^40 * 3)^2 = 9 * 2^80 -> / 2^80 = 9 */
    __int128 p = (__int128)(INT64_C(3) << 40) * (INT64_C(3) << 40);
    ck_assert_int_eq(golden_rsh128(p, 80), 9);
    /* a result beyond int64 saturates: 2^100 / 2^10 = 2^90 */
    ck_assert(golden_rsh128((__int128)1 << 100, 10) == INT64_MAX);
    ck_assert(golden_rsh128(-((__int128)1 << 100), 10) == INT64_MIN);
    ck_assert(golden_rsh128((__int128)1 << 70, 0) == INT64_MAX);
    /* -2^64 / 2 = -2^63 exactly fits */
    ck_assert(golden_rsh128(-((__int128)1 << 64), 1) == INT64_MIN);
    ck_assert(golden_rsh128((__int128)1 << 64, 1) == INT64_MAX);
    /* left shifts with saturation */
    ck_assert(golden_rsh128(1, -62) == INT64_C(1) << 62);
    ck_assert(golden_rsh128(1, -63) == INT64_MAX);
    ck_assert(golden_rsh128(-1, -63) == INT64_MIN);
    ck_assert(golden_rsh128(-(INT64_C(1) << 61), -2) == INT64_MIN);
    ck_assert_int_eq(golden_rsh128(0, -200), 0);
    /* shifts of 128 and more give 0; 127 rounds 2^126 (= 0.5) away -> 1 */
    ck_assert_int_eq(golden_rsh128((__int128)1 << 126, 128), 0);
    ck_assert_int_eq(golden_rsh128((__int128)1 << 126, 127), 1);
    ck_assert_int_eq(golden_rsh128(-((__int128)1 << 126), 127), -1);
    ck_assert_int_eq(golden_rsh128(12345, 64), 0);
}
END_TEST

START_TEST(test_fsh)
{
    /* floor: -5 / 2 = -2.5 -> -3; 5 / 2 -> 2; -1 >> 4 -> -1; -16 >> 4 = -1;
     * -17 >> 4 = -1.06 -> -2 */
    ck_assert_int_eq(golden_fsh(-5, 1), -3);
    ck_assert_int_eq(golden_fsh(5, 1), 2);
    ck_assert_int_eq(golden_fsh(-1, 4), -1);
    ck_assert_int_eq(golden_fsh(-16, 4), -1);
    ck_assert_int_eq(golden_fsh(-17, 4), -2);
    ck_assert_int_eq(golden_fsh(7, 0), 7);
    ck_assert_int_eq(golden_fsh(-7, 0), -7);
    ck_assert_int_eq(golden_fsh(INT64_MIN, 63), -1);
    ck_assert_int_eq(golden_fsh(INT64_MAX, 63), 0);
    ck_assert_int_eq(golden_fsh(-3, 64), -1);
    ck_assert_int_eq(golden_fsh(3, 64), 0);
}
END_TEST

START_TEST(test_log2)
{
    ck_assert_uint_eq(golden_log2(1), 0);
    ck_assert_uint_eq(golden_log2(2), 1);
    ck_assert_uint_eq(golden_log2(3), 1);
    ck_assert_uint_eq(golden_log2(4), 2);
    ck_assert_uint_eq(golden_log2(27790), 14);   /* 16384 <= 27790 < 32768 */
    ck_assert_uint_eq(golden_log2(UINT64_C(0xFFFFFFFF)), 31);
    ck_assert_uint_eq(golden_log2(UINT64_MAX), 63);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("golden_arith");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_sx);
    tcase_add_test(tc, test_wrap);
    tcase_add_test(tc, test_sat);
    tcase_add_test(tc, test_rsh_rounding);
    tcase_add_test(tc, test_rsh_edges);
    tcase_add_test(tc, test_rsh128);
    tcase_add_test(tc, test_fsh);
    tcase_add_test(tc, test_log2);
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
