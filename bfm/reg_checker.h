/* reg_checker: what the register-bus protocol checkers (csb_checker,
 * apb_checker) share, whatever their pins: the interface name and
 * environment failures are reported to, the bound on how long a request may
 * wait for the target, the once-per-reset reports, and the rule that a
 * request's payload holds while it waits. A checker embeds one and keeps
 * only its protocol's pins and rules. */
#ifndef REG_CHECKER_H
#define REG_CHECKER_H

#include <stddef.h>
#include <stdint.h>
#include "bfm_env.h"

struct reg_checker {
    char name[64];
    struct bfm_env *env;
    uint64_t max_wait;          /* bound in cycles on a wait, 0 = none */
    uint64_t waits;             /* cycles the current request has waited */
    int wait_flagged;           /* its wait already reported */
    int in_reset;               /* the last cycle seen was in reset */
    unsigned reset_flagged;     /* a bit per channel reported during this reset */
};

/* A zeroed checker of size bytes, or NULL (with a message naming who) when
 * pins or env are missing. */
void *reg_checker_alloc(const char *who, size_t size, const void *pins,
                        const struct bfm_env *env);
void reg_checker_init(struct reg_checker *c, const char *name, uint64_t max_wait,
                      struct bfm_env *env);

/* bfm_fail() under the checker's interface name. */
void reg_checker_fail(const struct reg_checker *c, const char *channel, const char *rule,
                      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* The request waited one more cycle. Returns 1 once per wait, on the cycle
 * it goes beyond max_wait (never when max_wait is 0). */
int reg_checker_wait(struct reg_checker *c);
/* The wait ended (the target took the request, or a new one began). */
void reg_checker_wait_clear(struct reg_checker *c);

/* First thing of every cycle out of reset. */
void reg_checker_sample_begin(struct reg_checker *c);
/* A cycle in reset: the wait is forgotten. */
void reg_checker_reset_cycle(struct reg_checker *c);
/* In reset, channel's signal is high: returns 1 the first time this reset
 * (report it), else 0. */
int reg_checker_reset_once(struct reg_checker *c, unsigned channel);

/* One value of a waiting request that must not change. */
struct reg_held {
    const char *rule;
    const char *label;          /* before the expected value ("addr "), or "" */
    unsigned digits;            /* hex digits of the values, 0: decimal */
    uint32_t before, now;
    const char *note;           /* after the actual value, or "" */
};
/* Reports under rule "expected LABEL BEFORE, actual NOW NOTE" each value
 * that changed, or only the first one when first_only. Returns how many
 * changed. */
int reg_checker_held(const struct reg_checker *c, const char *channel,
                     const struct reg_held *v, unsigned n, int first_only);

#endif
