/* Unit tests for bfm_rng and bfm_pause: reproducibility, ranges, rates,
 * patterns. */
#include <check.h>
#include <stdlib.h>

#include "bfm_pause.h"
#include "bfm_rng.h"

START_TEST(test_rng_deterministic)
{
    struct bfm_rng a, b, c;
    int differ = 0;

    bfm_rng_seed(&a, 42);
    bfm_rng_seed(&b, 42);
    bfm_rng_seed(&c, 43);
    for (int i = 0; i < 1000; i++) {
        uint64_t x = bfm_rng_next(&a);
        ck_assert_uint_eq(x, bfm_rng_next(&b));
        differ += x != bfm_rng_next(&c);
    }
    ck_assert_int_gt(differ, 990);
    /* Seed 0 must not give a stuck all-zero state. */
    bfm_rng_seed(&a, 0);
    ck_assert_uint_ne(bfm_rng_next(&a) | bfm_rng_next(&a), 0);
}
END_TEST

START_TEST(test_rng_range)
{
    struct bfm_rng r;
    unsigned hist[7] = {0};

    bfm_rng_seed(&r, 7);
    for (int i = 0; i < 70000; i++) {
        uint64_t v = bfm_rng_range(&r, 10, 16);
        ck_assert(v >= 10 && v <= 16);
        hist[v - 10]++;
    }
    /* Every value hit roughly 10000 times. */
    for (int i = 0; i < 7; i++)
        ck_assert_msg(hist[i] > 9000 && hist[i] < 11000, "bucket %d: %u", i, hist[i]);
    ck_assert_uint_eq(bfm_rng_range(&r, 5, 5), 5);
    /* Full range does not hang or crash. */
    (void)bfm_rng_range(&r, 0, UINT64_MAX);
    for (int i = 0; i < 1000; i++) {
        uint64_t v = bfm_rng_range(&r, UINT64_MAX - 1, UINT64_MAX);
        ck_assert(v >= UINT64_MAX - 1);
    }
}
END_TEST

START_TEST(test_rng_percent)
{
    struct bfm_rng r;
    int hits = 0;

    bfm_rng_seed(&r, 99);
    for (int i = 0; i < 100000; i++)
        hits += bfm_rng_percent(&r, 30);
    ck_assert_int_gt(hits, 29000);
    ck_assert_int_lt(hits, 31000);
    for (int i = 0; i < 1000; i++) {
        ck_assert_int_eq(bfm_rng_percent(&r, 0), 0);
        ck_assert_int_eq(bfm_rng_percent(&r, 100), 1);
    }
}
END_TEST

START_TEST(test_pause_kinds)
{
    struct bfm_pause p, q;
    int stalls = 0;

    bfm_pause_init_none(&p);
    for (int i = 0; i < 1000; i++)
        ck_assert_int_eq(bfm_pause_next(&p), 0);

    bfm_pause_init_random(&p, 25, 1234);
    bfm_pause_init_random(&q, 25, 1234);
    for (int i = 0; i < 40000; i++) {
        int s = bfm_pause_next(&p);
        ck_assert_int_eq(s, bfm_pause_next(&q));
        stalls += s;
    }
    ck_assert_int_gt(stalls, 9400);
    ck_assert_int_lt(stalls, 10600);

    bfm_pause_init_random(&p, 100, 1);
    for (int i = 0; i < 100; i++)
        ck_assert_int_eq(bfm_pause_next(&p), 1);

    /* Pattern 0b0110 over 4 cycles repeats exactly. */
    bfm_pause_init_pattern(&p, 0x6, 4);
    for (int i = 0; i < 40; i++)
        ck_assert_int_eq(bfm_pause_next(&p), (i % 4 == 1 || i % 4 == 2));
    /* Full 64-bit pattern and a clamped length. */
    bfm_pause_init_pattern(&p, 1ULL << 63, 64);
    for (int i = 0; i < 128; i++)
        ck_assert_int_eq(bfm_pause_next(&p), i % 64 == 63);
    bfm_pause_init_pattern(&p, 1, 0);
    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(bfm_pause_next(&p), 1);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("rng_pause");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_rng_deterministic);
    tcase_add_test(tc, test_rng_range);
    tcase_add_test(tc, test_rng_percent);
    tcase_add_test(tc, test_pause_kinds);
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
