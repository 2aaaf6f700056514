/* Unit tests for ethosu_scale_stream: records decoded by hand (bias sign
 * extension from 40 bits, little-endian scale, 6-bit shift), the encode /
 * parse round trip, and refused streams (too short, reserved bits, NULL). */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_scale_stream.h"

START_TEST(test_parse_by_hand)
{
    /* record 0: bias 0x00_0000_0102 = 258, scale 0x40000000, shift 31
     *   bytes 02 01 00 00 00 | 00 00 00 40 | 1f
     * record 1: bias -1 (40 bits of ones), scale 0x12345678, shift 63
     *   bytes ff ff ff ff ff | 78 56 34 12 | 3f
     * record 2: bias -2^39 (0x80_0000_0000), scale 1, shift 0 */
    const uint8_t buf[30] = {0x02, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x1f,
                             0xff, 0xff, 0xff, 0xff, 0xff, 0x78, 0x56, 0x34, 0x12, 0x3f,
                             0x00, 0x00, 0x00, 0x00, 0x80, 0x01, 0x00, 0x00, 0x00, 0x00};
    int64_t bias[3];
    uint32_t scale[3];
    uint8_t shift[3];
    char err[160];
    ck_assert_int_eq(ethosu_scale_stream_parse(buf, sizeof buf, 3, bias, scale, shift, err, sizeof err), 0);
    ck_assert_int_eq(bias[0], 258);
    ck_assert_uint_eq(scale[0], 0x40000000u);
    ck_assert_uint_eq(shift[0], 31);
    ck_assert_int_eq(bias[1], -1);
    ck_assert_uint_eq(scale[1], 0x12345678u);
    ck_assert_uint_eq(shift[1], 63);
    ck_assert(bias[2] == -(INT64_C(1) << 39));
    ck_assert_uint_eq(scale[2], 1);
    ck_assert_uint_eq(shift[2], 0);
}
END_TEST

START_TEST(test_round_trip)
{
    const int64_t b[4] = {0, 12345678901LL, -(INT64_C(1) << 39), (INT64_C(1) << 39) - 1};
    const uint32_t s[4] = {0, 0xFFFFFFFFu, 1073741824u, 7};
    const uint8_t sh[4] = {0, 63, 32, 16};
    uint8_t buf[40];
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(ethosu_scale_record_encode(b[i], s[i], sh[i], buf + 10 * i), 0);
    int64_t bias[4];
    uint32_t scale[4];
    uint8_t shift[4];
    ck_assert_int_eq(ethosu_scale_stream_parse(buf, sizeof buf, 4, bias, scale, shift, NULL, 0), 0);
    for (int i = 0; i < 4; i++) {
        ck_assert(bias[i] == b[i]);
        ck_assert_uint_eq(scale[i], s[i]);
        ck_assert_uint_eq(shift[i], sh[i]);
    }
    /* encode refuses what does not fit */
    ck_assert_int_eq(ethosu_scale_record_encode(INT64_C(1) << 39, 0, 0, buf), -1);
    ck_assert_int_eq(ethosu_scale_record_encode(0, 0, 64, buf), -1);
}
END_TEST

START_TEST(test_refused)
{
    uint8_t buf[20];
    memset(buf, 0, sizeof buf);
    int64_t bias[2];
    uint32_t scale[2];
    uint8_t shift[2];
    char err[160];
    /* 19 bytes hold one record, two asked */
    ck_assert_int_eq(ethosu_scale_stream_parse(buf, 19, 2, bias, scale, shift, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "19 bytes"));
    /* bits 79:78 of record 1 set */
    buf[19] = 0x40;
    ck_assert_int_eq(ethosu_scale_stream_parse(buf, 20, 2, bias, scale, shift, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "record 1"));
    ck_assert_int_eq(ethosu_scale_stream_parse(NULL, 20, 2, bias, scale, shift, err, sizeof err), -1);
    ck_assert_int_eq(ethosu_scale_stream_parse(buf, 20, 1, NULL, scale, shift, err, sizeof err), -1);
    /* zero records from nothing is fine */
    ck_assert_int_eq(ethosu_scale_stream_parse(NULL, 0, 0, NULL, NULL, NULL, err, sizeof err), 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu_scale_stream");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_parse_by_hand);
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_refused);
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
