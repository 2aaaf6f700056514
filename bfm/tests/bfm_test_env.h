/* bfm_test_env: the environment the BFM unit tests' benches share: the
 * clock starting at cycle 1, quiet failures for checkers provoked on
 * purpose, and the end of a bench cycle with its watchdog. */
#ifndef BFM_TEST_ENV_H
#define BFM_TEST_ENV_H

#include <stdint.h>
#include "bfm_env.h"

/* A bench that steps itself: step() runs one cycle of it. */
static inline void test_env_init(struct bfm_env *env, int (*step)(struct bfm_env *),
                                 void *kernel)
{
    env->step = step;
    env->kernel = kernel;
    env->cycle = 1;
}

/* A checker driven by hand: its violations are provoked on purpose. */
static inline void test_env_quiet(struct bfm_env *env)
{
    env->cycle = 1;
    env->quiet_failures = 1;
}

/* The clock edge at the end of a bench cycle; from cycle watchdog on
 * (0: never) the test fails. Returns non-zero once it has failed, as
 * env->step() must. */
static inline int test_env_tick(struct bfm_env *env, uint64_t watchdog)
{
    env->cycle++;
    if (watchdog && env->cycle >= watchdog && !env->failed)
        bfm_fail(env, "tb", "-", "watchdog", "expected done by cycle %llu, actual still running",
                 (unsigned long long)watchdog);
    return env->failed != 0;
}

#endif
