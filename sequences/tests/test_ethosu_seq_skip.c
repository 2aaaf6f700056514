/* Unit tests of which Ethos-U sequences a configuration and DUT skip
 * (ethosu_seq_test.skip_reason, ethosu_seq_skip): weight_decoder on every
 * Ethos-U85 configuration (its decoders have no debug port in the model),
 * random_dma and product_limits on the shipped Ethos-U85 stub only (it does
 * not execute command stream 2.0; the twin and a user's RTL do), nothing on
 * the Ethos-U55/U65. */
#include <check.h>
#include <string.h>
#include "ethosu_regs.h"
#include "ethosu_seq.h"

static const char *skip(const char *test, int cfg, const char *dut, int user_rtl)
{
    const struct ethosu_seq_test *t = ethosu_seq_find(test);
    ck_assert_ptr_nonnull(t);
    return ethosu_seq_skip(t, cfg, dut, user_rtl);
}

START_TEST(u55_u65_skip_nothing)
{
    for (int cfg = 0; cfg < ETHOSU_CFG_COUNT; cfg++) {
        if (ethosu_configs[cfg].product == ETHOSU_PRODUCT_U85)
            continue;
        for (unsigned i = 0; i < ethosu_seq_test_count; i++) {
            ck_assert_ptr_null(ethosu_seq_skip(ethosu_seq_tests[i], cfg, "twin", 0));
            ck_assert_ptr_null(ethosu_seq_skip(ethosu_seq_tests[i], cfg, "rtl", 0));
        }
    }
}
END_TEST

START_TEST(u85_weight_decoder_skipped_on_both_duts)
{
    int n = 0;
    for (int cfg = 0; cfg < ETHOSU_CFG_COUNT; cfg++) {
        if (ethosu_configs[cfg].product != ETHOSU_PRODUCT_U85)
            continue;
        n++;
        const char *why = skip("weight_decoder", cfg, "twin", 0);
        ck_assert_ptr_nonnull(why);
        ck_assert_ptr_nonnull(strstr(why, "no debug port"));
        ck_assert_ptr_nonnull(skip("ethosu/weight_decoder", cfg, "rtl", 1));
    }
    ck_assert_int_eq(n, 5);
}
END_TEST

START_TEST(u85_stub_skips_the_2_0_streams_only)
{
    const char *tests[] = { "random_dma", "product_limits" };
    for (unsigned i = 0; i < 2; i++) {
        const char *why = skip(tests[i], ETHOSU_CFG_U85_256, "rtl", 0);
        ck_assert_ptr_nonnull(why);
        ck_assert_ptr_nonnull(strstr(why, "does not execute command stream 2.0"));
        ck_assert_ptr_null(skip(tests[i], ETHOSU_CFG_U85_256, "twin", 0));   /* the twin runs them */
        ck_assert_ptr_null(skip(tests[i], ETHOSU_CFG_U85_2048, "rtl", 1));  /* so does the user's RTL */
        ck_assert_ptr_null(skip(tests[i], ETHOSU_CFG_U65_256, "rtl", 0));
    }
    ck_assert_ptr_null(skip("run_dma_stream", ETHOSU_CFG_U85_256, "rtl", 0));
    ck_assert_ptr_null(ethosu_seq_skip_u85_stub(-1, "rtl", 0));            /* out of range: no claim */
    ck_assert_ptr_null(ethosu_seq_skip_u85_stub(ETHOSU_CFG_COUNT, "rtl", 0));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ethosu_seq_skip");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, u55_u65_skip_nothing);
    tcase_add_test(tc, u85_weight_decoder_skipped_on_both_duts);
    tcase_add_test(tc, u85_stub_skips_the_2_0_streams_only);
    suite_add_tcase(s, tc);
    SRunner *r = srunner_create(s);
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? 1 : 0;
}
