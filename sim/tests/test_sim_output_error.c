/* Unit tests of sim_output_error: the first unwritten file is the one the
 * run reports (exit 2, no verdict); later ones are printed but not kept. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "sim_output_error.h"

START_TEST(nothing_recorded_is_null)
{
    sim_output_error_clear();
    ck_assert_ptr_null(sim_output_error_first());
}
END_TEST

START_TEST(the_first_is_kept)
{
    sim_output_error_clear();
    sim_output_error("dump: cannot write %s: %s", "a/x.bin", "Is a directory");
    sim_output_error("dump: cannot write %s: %s", "a/y.bin", "No space left on device");
    ck_assert_ptr_nonnull(sim_output_error_first());
    ck_assert_str_eq(sim_output_error_first(), "dump: cannot write a/x.bin: Is a directory");
    sim_output_error_clear();
    ck_assert_ptr_null(sim_output_error_first());
}
END_TEST

START_TEST(a_long_message_is_cut_not_overrun)
{
    sim_output_error_clear();
    char path[3000];
    memset(path, 'p', sizeof path - 1);
    path[sizeof path - 1] = 0;
    sim_output_error("dump: cannot write %s", path);
    ck_assert_uint_lt(strlen(sim_output_error_first()), sizeof path);
    ck_assert_int_eq(strncmp(sim_output_error_first(), "dump: cannot write ppp", 22), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sim_output_error");
    TCase *tc = tcase_create("record");
    tcase_add_test(tc, nothing_recorded_is_null);
    tcase_add_test(tc, the_first_is_kept);
    tcase_add_test(tc, a_long_message_is_cut_not_overrun);
    suite_add_tcase(s, tc);
    SRunner *r = srunner_create(s);
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
