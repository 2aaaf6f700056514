/* Unit tests of checked_size.h at the edges: the largest products and sums
 * that fit, the first that do not (2^32 * 2^32, the 2^16 four times),
 * zeros, the empty product, size_t conversion and ranges ending exactly at
 * their limit. A failed operation leaves the output untouched. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "checked_size.h"

START_TEST(test_mul_edges)
{
    uint64_t r = 7;
    ck_assert_int_eq(checked_mul_u64(UINT64_MAX, 1, &r), 0);
    ck_assert_uint_eq(r, UINT64_MAX);
    ck_assert_int_eq(checked_mul_u64(UINT64_MAX, 0, &r), 0);
    ck_assert_uint_eq(r, 0);
    ck_assert_int_eq(checked_mul_u64(UINT64_C(1) << 32, (UINT64_C(1) << 32) - 1, &r), 0);
    ck_assert_uint_eq(r, (UINT64_C(1) << 32) * ((UINT64_C(1) << 32) - 1));
    r = 7;
    ck_assert_int_eq(checked_mul_u64(UINT64_C(1) << 32, UINT64_C(1) << 32, &r), -1);
    ck_assert_uint_eq(r, 7);   /* untouched */
    ck_assert_int_eq(checked_mul_u64(UINT64_MAX, 2, &r), -1);
    ck_assert_uint_eq(r, 7);
}
END_TEST

START_TEST(test_add_edges)
{
    uint64_t r = 7;
    ck_assert_int_eq(checked_add_u64(UINT64_MAX - 1, 1, &r), 0);
    ck_assert_uint_eq(r, UINT64_MAX);
    r = 7;
    ck_assert_int_eq(checked_add_u64(UINT64_MAX, 1, &r), -1);
    ck_assert_uint_eq(r, 7);
    ck_assert_int_eq(checked_mul_add_u64(UINT64_C(1) << 62, 3, (UINT64_C(1) << 62) - 1, &r), 0);
    ck_assert_uint_eq(r, UINT64_MAX);
    r = 7;
    ck_assert_int_eq(checked_mul_add_u64(UINT64_C(1) << 62, 3, UINT64_C(1) << 62, &r), -1);   /* the sum */
    ck_assert_int_eq(checked_mul_add_u64(UINT64_C(1) << 62, 4, 0, &r), -1);                   /* the product */
    ck_assert_uint_eq(r, 7);
}
END_TEST

START_TEST(test_product)
{
    uint64_t r = 7;
    /* the shape: 2^16 four times is 2^64, which wrapped to 0 */
    const uint64_t wraps[4] = { 1u << 16, 1u << 16, 1u << 16, 1u << 16 };
    ck_assert_int_eq(checked_product_u64(wraps, 4, &r), -1);
    ck_assert_uint_eq(r, 7);
    ck_assert_int_eq(checked_product_u64(wraps, 3, &r), 0);
    ck_assert_uint_eq(r, UINT64_C(1) << 48);
    ck_assert_int_eq(checked_product_u64(wraps, 0, &r), 0);
    ck_assert_uint_eq(r, 1);
    /* a zero anywhere is zero, even after a large prefix */
    const uint64_t zero[3] = { UINT64_MAX, 0, UINT64_MAX };
    ck_assert_int_eq(checked_product_u64(zero, 3, &r), 0);
    ck_assert_uint_eq(r, 0);
    const uint64_t zero_first[3] = { 0, UINT64_MAX, UINT64_MAX };
    ck_assert_int_eq(checked_product_u64(zero_first, 3, &r), 0);
    ck_assert_uint_eq(r, 0);
}
END_TEST

START_TEST(test_size_t_and_within)
{
    size_t s = 7;
    ck_assert_int_eq(checked_size_t(SIZE_MAX, &s), 0);
    ck_assert_uint_eq(s, SIZE_MAX);
    ck_assert_int_eq(checked_within(0, 16, 16), 0);
    ck_assert_int_eq(checked_within(16, 0, 16), 0);
    ck_assert_int_eq(checked_within(1, 16, 16), -1);
    ck_assert_int_eq(checked_within(17, 0, 16), -1);
    ck_assert_int_eq(checked_within(UINT64_MAX, 1, UINT64_MAX), -1);   /* the end wraps */
    ck_assert_int_eq(checked_within(UINT64_MAX - 1, 1, UINT64_MAX), 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("checked_size");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_mul_edges);
    tcase_add_test(tc, test_add_edges);
    tcase_add_test(tc, test_product);
    tcase_add_test(tc, test_size_t_and_within);
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
