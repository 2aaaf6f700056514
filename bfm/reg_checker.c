/* reg_checker: the protocol-independent half of the register-bus checkers. */
#include "reg_checker.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void *reg_checker_alloc(const char *who, size_t size, const void *pins,
                        const struct bfm_env *env)
{
    void *c;

    if (!pins || !env) {
        fprintf(stderr, "%s: pins and env are required\n", who);
        return NULL;
    }
    c = calloc(1, size);
    if (!c) {
        fprintf(stderr, "%s: out of memory\n", who);
        abort();
    }
    return c;
}

void reg_checker_init(struct reg_checker *c, const char *name, uint64_t max_wait,
                      struct bfm_env *env)
{
    snprintf(c->name, sizeof c->name, "%s", name);
    c->env = env;
    c->max_wait = max_wait;
}

void reg_checker_fail(const struct reg_checker *c, const char *channel, const char *rule,
                      const char *fmt, ...)
{
    char msg[768];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    bfm_fail(c->env, c->name, channel, rule, "%s", msg);
}

int reg_checker_wait(struct reg_checker *c)
{
    c->waits++;
    if (!c->max_wait || c->waits <= c->max_wait || c->wait_flagged)
        return 0;
    c->wait_flagged = 1;
    return 1;
}

void reg_checker_wait_clear(struct reg_checker *c)
{
    c->waits = 0;
    c->wait_flagged = 0;
}

void reg_checker_sample_begin(struct reg_checker *c)
{
    if (c->in_reset) {
        c->in_reset = 0;
        c->reset_flagged = 0;
    }
}

void reg_checker_reset_cycle(struct reg_checker *c)
{
    reg_checker_wait_clear(c);
    c->in_reset = 1;
}

int reg_checker_reset_once(struct reg_checker *c, unsigned channel)
{
    if (c->reset_flagged & (1u << channel))
        return 0;
    c->reset_flagged |= 1u << channel;
    return 1;
}

static void value(char *buf, size_t len, unsigned digits, uint32_t v)
{
    if (digits)
        snprintf(buf, len, "0x%0*" PRIx32, (int)digits, v);
    else
        snprintf(buf, len, "%" PRIu32, v);
}

int reg_checker_held(const struct reg_checker *c, const char *channel,
                     const struct reg_held *v, unsigned n, int first_only)
{
    int moved = 0;

    for (unsigned i = 0; i < n; i++) {
        char before[16], now[16];
        if (v[i].before == v[i].now)
            continue;
        value(before, sizeof before, v[i].digits, v[i].before);
        value(now, sizeof now, v[i].digits, v[i].now);
        reg_checker_fail(c, channel, v[i].rule, "expected %s%s, actual %s%s", v[i].label,
                         before, now, v[i].note);
        moved++;
        if (first_only)
            break;
    }
    return moved;
}
