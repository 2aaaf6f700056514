/* Unit tests for write_map: marks by range and by strobe, counts over
 * page crossings, unwritten ranges (also huge ones, which must be cheap),
 * overlapping marks counted once, the top of the address space, NULL. */
#include <check.h>
#include <stdlib.h>
#include <time.h>

#include "write_map.h"

START_TEST(test_empty_counts_zero)
{
    struct write_map *w = write_map_create();
    ck_assert_ptr_nonnull(w);
    ck_assert_uint_eq(write_map_count(w, 0xA0000000u, 8), 0);
    ck_assert_uint_eq(write_map_count(w, 0, 0), 0);
    ck_assert_int_eq(write_map_error(w), 0);
    write_map_destroy(w);
    write_map_destroy(NULL);
}
END_TEST

START_TEST(test_mark_ranges)
{
    struct write_map *w = write_map_create();
    write_map_mark(w, 0x1ffd, 10);          /* crosses a page end */
    ck_assert_uint_eq(write_map_count(w, 0x1000, 0x2000), 10);
    ck_assert_uint_eq(write_map_count(w, 0x1ffd, 10), 10);
    ck_assert_uint_eq(write_map_count(w, 0x1ffe, 2), 2);
    ck_assert_uint_eq(write_map_count(w, 0x1ff0, 13), 0);
    ck_assert_uint_eq(write_map_count(w, 0x2007, 100), 0);
    write_map_mark(w, 0x2000, 4);           /* overlaps: counted once */
    ck_assert_uint_eq(write_map_count(w, 0, 0x10000), 10);
    write_map_mark(w, 0x2100, 0);           /* empty: nothing */
    ck_assert_uint_eq(write_map_count(w, 0, 0x10000), 10);
    write_map_destroy(w);
}
END_TEST

START_TEST(test_mark_strobes)
{
    struct write_map *w = write_map_create();
    write_map_mark_strb(w, 0x100, 8, 0xA5);         /* lanes 0, 2, 5, 7 */
    ck_assert_uint_eq(write_map_count(w, 0x100, 8), 4);
    ck_assert_uint_eq(write_map_count(w, 0x101, 1), 0);
    ck_assert_uint_eq(write_map_count(w, 0x107, 1), 1);
    write_map_mark_strb(w, 0x100, 8, 0x100);        /* beyond len: ignored */
    ck_assert_uint_eq(write_map_count(w, 0x100, 16), 4);
    write_map_mark_strb(w, 0x200, 64, ~0ull);       /* a 512-bit beat */
    ck_assert_uint_eq(write_map_count(w, 0x200, 64), 64);
    write_map_mark_strb(w, 0x300, 8, 0);            /* no lanes */
    ck_assert_uint_eq(write_map_count(w, 0, 0x1000), 68);
    write_map_destroy(w);
}
END_TEST

START_TEST(test_top_and_huge)
{
    struct write_map *w = write_map_create();
    write_map_mark(w, ~0ull - 3, 4);                /* the last 4 bytes of the space */
    ck_assert_uint_eq(write_map_count(w, ~0ull - 7, 8), 4);
    write_map_mark(w, 0x80000000u, 1);
    /* 4 GiB, nearly all unwritten: unwritten pages are skipped, not read */
    clock_t t0 = clock();
    ck_assert_uint_eq(write_map_count(w, 0, 1ull << 32), 1);
    ck_assert(clock() - t0 < 20 * CLOCKS_PER_SEC);
    write_map_destroy(w);
}
END_TEST

START_TEST(test_null_map)
{
    write_map_mark(NULL, 0, 8);
    write_map_mark_strb(NULL, 0, 8, 0xFF);
    ck_assert_uint_eq(write_map_count(NULL, 0, 8), 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("write_map");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_empty_counts_zero);
    tcase_add_test(tc, test_mark_ranges);
    tcase_add_test(tc, test_mark_strobes);
    tcase_add_test(tc, test_top_and_huge);
    tcase_add_test(tc, test_null_map);
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
