/* bfm_env: what every BFM of one simulation shares: the cycle counter, the
 * way to advance the clock from blocking calls, and the first failure.
 * The simulation kernel (sim/) owns and fills it; BFMs only read cycle,
 * call step() and report failures, so bfm/ never depends on sim/. */
#ifndef BFM_ENV_H
#define BFM_ENV_H

#include <stdint.h>
#include <stdarg.h>

enum bfm_status {
    BFM_OK = 0,
    BFM_ERR_ARG,      /* bad argument: caller bug */
    BFM_ERR_TIMEOUT,  /* a wait ran out of cycles */
    BFM_ERR_FAILED,   /* the test has already failed (checker, watchdog) */
};

struct bfm_env {
    uint64_t cycle;        /* current clock cycle, advanced by the kernel */
    /* Advance one clock cycle. Returns 0, or non-zero once the test has
     * failed or the watchdog fired: blocking calls must then give up. */
    int (*step)(struct bfm_env *env);
    void *kernel;          /* owner's context for step() */
    int failed;            /* number of failures reported */
    char first_failure[1024];
    uint64_t first_failure_cycle;   /* the cycle of first_failure */
    int verbose;           /* 0 quiet, 1 transactions, 2 every beat */
    int quiet_failures;    /* record failures without printing them: for unit
                              tests that provoke violations on purpose */
};

/* Names a register access for transaction logs ("NVDLA_SDP.D_DATA_CUBE_WIDTH
 * = 0x7 (WIDTH=7)"): the register-bus BFMs know addresses, the layer above
 * knows the register map and hands this in through their knobs. */
typedef void (*bfm_reg_describe_fn)(uint32_t byte_addr, uint32_t data, char *buf, unsigned len);

/* Report a failure: "cycle N: IFACE CHANNEL: RULE: expected E, actual A".
 * Only the first message is kept in first_failure; every one is printed
 * to stderr. */
void bfm_fail(struct bfm_env *env, const char *iface, const char *channel,
              const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Informational trace line, printed when env->verbose >= level. */
void bfm_log(const struct bfm_env *env, int level, const char *iface,
             const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Wait up to max_cycles for cond(ctx) to hold, stepping the clock.
 * max_cycles == 0 means no limit of its own (the watchdog still applies). */
enum bfm_status bfm_wait(struct bfm_env *env, int (*cond)(void *ctx),
                         void *ctx, uint64_t max_cycles);

#endif
