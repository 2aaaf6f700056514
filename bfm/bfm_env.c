/* bfm_env: failure reporting, tracing and the generic wait loop shared by
 * every BFM. Kept free of any kernel knowledge: step() is the only hook. */
#include "bfm_env.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char *nz(const char *s, const char *dflt)
{
    return (s && *s) ? s : dflt;
}

void bfm_fail(struct bfm_env *env, const char *iface, const char *channel,
              const char *rule, const char *fmt, ...)
{
    char msg[768];
    char line[sizeof env->first_failure];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt ? fmt : "", ap);
    va_end(ap);
    snprintf(line, sizeof line, "FAIL cycle %" PRIu64 ": %s %s: %s: %s",
             env ? env->cycle : 0, nz(iface, "?"), nz(channel, "-"),
             nz(rule, "?"), msg);
    /* One line per failure, flushed so it interleaves sanely with stdout. */
    if (!env || !env->quiet_failures) {
        fprintf(stderr, "%s\n", line);
        fflush(stderr);
    }
    if (!env)
        return;
    if (env->failed == 0) {
        memcpy(env->first_failure, line, sizeof line);
        env->first_failure_cycle = env->cycle;
    }
    env->failed++;
}

void bfm_log(const struct bfm_env *env, int level, const char *iface,
             const char *fmt, ...)
{
    va_list ap;

    if (!env || env->verbose < level)
        return;
    printf("[cycle %" PRIu64 "] %s: ", env->cycle, nz(iface, "?"));
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

enum bfm_status bfm_wait(struct bfm_env *env, int (*cond)(void *ctx),
                         void *ctx, uint64_t max_cycles)
{
    uint64_t waited = 0;

    if (!env || !env->step || !cond)
        return BFM_ERR_ARG;
    for (;;) {
        if (cond(ctx))
            return BFM_OK;
        if (max_cycles && waited >= max_cycles)
            return BFM_ERR_TIMEOUT;
        if (env->step(env))
            return BFM_ERR_FAILED;
        waited++;
    }
}
