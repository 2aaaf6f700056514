/* Unit tests for bfm_env: the failure line format and first-failure
 * retention, trace gating by verbosity, and bfm_wait's three outcomes. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bfm_env.h"

static int steps_until_fail;

static int step_count(struct bfm_env *env)
{
    env->cycle++;
    if (steps_until_fail && env->cycle >= (uint64_t)steps_until_fail)
        return 1;
    return 0;
}

static int cycle_reached(void *ctx)
{
    const struct bfm_env *env = ctx;
    return env->cycle >= 10;
}

/* Run fn with stderr captured into buf (NUL-terminated). */
static void capture_stderr(void (*fn)(void *), void *arg, char *buf, size_t len)
{
    FILE *tmp = tmpfile();
    int saved;

    ck_assert_ptr_nonnull(tmp);
    fflush(stderr);
    saved = dup(2);
    dup2(fileno(tmp), 2);
    fn(arg);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(tmp);
    size_t n = fread(buf, 1, len - 1, tmp);
    buf[n] = 0;
    fclose(tmp);
}

static void fail_rlast(void *env)
{
    bfm_fail(env, "dbb0", "R", "rlast does not match arlen",
             "expected %s %d, actual %d", "rlast on beat", 4, 2);
}

static void fail_null_env(void *unused)
{
    (void)unused;
    bfm_fail(NULL, "i", "c", "r", "expected 1, actual 2");
}

START_TEST(test_fail_format)
{
    struct bfm_env env = {0};
    char out[2048];

    /* Printed to stderr (one line) and kept as the first failure. */
    env.cycle = 1234;
    capture_stderr(fail_rlast, &env, out, sizeof out);
    ck_assert_int_eq(env.failed, 1);
    ck_assert_str_eq(env.first_failure, "FAIL cycle 1234: dbb0 R: rlast does not match "
                     "arlen: expected rlast on beat 4, actual 2");
    ck_assert_str_eq(out, "FAIL cycle 1234: dbb0 R: rlast does not match "
                     "arlen: expected rlast on beat 4, actual 2\n");
    /* quiet_failures records without printing. */
    env.quiet_failures = 1;
    capture_stderr(fail_rlast, &env, out, sizeof out);
    ck_assert_str_eq(out, "");
    ck_assert_int_eq(env.failed, 2);
    env.failed = 1;
    env.cycle = 2000;
    bfm_fail(&env, "csb", "req", "other", "expected 1, actual 0");
    ck_assert_int_eq(env.failed, 2);
    /* Only the first is kept. */
    ck_assert_ptr_nonnull(strstr(env.first_failure, "cycle 1234"));

    /* Very long messages are cut, never overflow. */
    struct bfm_env e2 = {0};
    e2.quiet_failures = 1;
    char big[4000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    bfm_fail(&e2, "i", "c", "r", "%s", big);
    ck_assert_uint_lt(strlen(e2.first_failure), sizeof e2.first_failure);
    ck_assert(strncmp(e2.first_failure, "FAIL cycle 0: i c: r: xxx", 25) == 0);
    /* NULL env only prints. */
    capture_stderr(fail_null_env, NULL, out, sizeof out);
    ck_assert_str_eq(out, "FAIL cycle 0: i c: r: expected 1, actual 2\n");
}
END_TEST

START_TEST(test_log_gating)
{
    struct bfm_env env = {0};
    char buf[256] = {0};
    FILE *tmp = tmpfile();
    int saved;

    ck_assert_ptr_nonnull(tmp);
    fflush(stdout);
    saved = dup(1);
    dup2(fileno(tmp), 1);
    env.cycle = 42;
    env.verbose = 1;
    bfm_log(&env, 1, "mem0", "AR id %d", 3);
    bfm_log(&env, 2, "mem0", "beat %d", 1);     /* above verbosity: silent */
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    rewind(tmp);
    size_t n = fread(buf, 1, sizeof buf - 1, tmp);
    buf[n] = 0;
    fclose(tmp);
    ck_assert_str_eq(buf, "[cycle 42] mem0: AR id 3\n");
}
END_TEST

START_TEST(test_wait)
{
    struct bfm_env env = {0};

    env.step = step_count;
    steps_until_fail = 0;
    ck_assert_int_eq(bfm_wait(&env, cycle_reached, &env, 0), BFM_OK);
    ck_assert_uint_eq(env.cycle, 10);
    /* Already true: no step. */
    ck_assert_int_eq(bfm_wait(&env, cycle_reached, &env, 5), BFM_OK);
    ck_assert_uint_eq(env.cycle, 10);

    env.cycle = 0;
    ck_assert_int_eq(bfm_wait(&env, cycle_reached, &env, 4), BFM_ERR_TIMEOUT);
    ck_assert_uint_eq(env.cycle, 4);

    env.cycle = 0;
    steps_until_fail = 3;
    ck_assert_int_eq(bfm_wait(&env, cycle_reached, &env, 0), BFM_ERR_FAILED);
    ck_assert_uint_eq(env.cycle, 3);
    ck_assert_int_eq(bfm_wait(NULL, cycle_reached, &env, 0), BFM_ERR_ARG);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("bfm_env");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_fail_format);
    tcase_add_test(tc, test_log_gating);
    tcase_add_test(tc, test_wait);
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
