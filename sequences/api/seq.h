/* seq: what a test sequence gets to work with. Sequences are firmware-like
 * C functions: register accesses through a transport-neutral port (CSB BFM
 * on the C harness, TLM-2.0 on the SystemC platform), the memory behind the
 * AXI ports, the interrupt pin and a seeded RNG. */
#ifndef SEQ_H
#define SEQ_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include "bfm_env.h"
#include "bfm_rng.h"
#include "csb_master.h"
#include "reg_port.h"
#include "sparse_mem.h"
#include "write_map.h"

struct nvdla_config;

struct seq_ctx {
    struct bfm_env *env;
    struct reg_port regs;           /* register accesses: use seq_reg_*() */
    /* The pin-level CSB requester, for tests that need it (async requests,
     * non-posted switching); NULL on the TLM platform. */
    struct csb_master *csb;
    struct sparse_mem *dbb_mem;     /* memory behind DBBIF (pri_mem) */
    struct sparse_mem *sram_mem;    /* memory behind SRAMIF, NULL without it */
    /* The bytes of dbb_mem / sram_mem the DUT wrote (NULL: not tracked). */
    const struct write_map *dbb_written, *sram_written;
    /* CHECK_UNWRITTEN=1: a check over bytes the DUT never wrote passes when
     * the trace's mem_load put every one of them there. */
    int check_unwritten;
    const uint8_t *dla_intr;        /* the interrupt pin (a mirror of it on TLM) */
    struct bfm_rng rng;             /* seeded from the run's seed */
    uint64_t seed;
    const char *dut_kind;           /* "rtl" or "twin" */
    const char *out_dir;            /* where a failing test may dump data */
    const char *trace_path;         /* NVDLA trace being run (--trace), NULL otherwise */
    /* Run although it needs what the configuration leaves out (RUN_ABSENT=1):
     * the reason, for the verdict on a mismatch; NULL otherwise. */
    const char *absent;
    /* Run although it breaks a programming rule (PROG_CHECK=warn): the first
     * rule, for the verdict on a mismatch; NULL otherwise. */
    const char *prog_broken;
    /* The NVDLA configuration modelled (NVDLA_CONFIG); NULL: nv_small. */
    const struct nvdla_config *hw;
};

struct seq_test {
    const char *name;
    const char *summary;
    int (*run)(struct seq_ctx *ctx);   /* 0 = pass */
    /* Engines beyond SDP bypass the DUT must have (e.g. "PDP"), NULL if
     * none. The shipped RTL stub has only SDP bypass, so the system tests
     * run such sequences on the twin (and on user RTL when asked). */
    const char *needs;
    /* The configuration the test's fixed layout (atoms, weight groups, CBUF
     * banks) is written for, NULL when it follows the run's configuration;
     * seq_check_config refuses the others. */
    const char *only_config;
};

extern const struct seq_test *const seq_tests[];
extern const unsigned seq_test_count;
const struct seq_test *seq_find(const char *name);
/* 0 when t can run on configuration hw (NULL: nv_small); else -1 with the
 * reason in err. */
int seq_check_config(const struct seq_test *t, const struct nvdla_config *hw, char *err, size_t len);
/* The configuration's memory atom in bytes (8 without one). */
unsigned seq_atom(const struct seq_ctx *ctx);

/* Fail the running test through env with a message (printed, recorded);
 * returns 1. The sequence-context wrappers below and the Ethos-U65 ones
 * use it. */
int seq_vfail_env(struct bfm_env *env, const char *fmt, va_list ap);
/* Wait until *pin is high, at most timeout cycles. */
enum bfm_status seq_wait_pin(struct bfm_env *env, const uint8_t *pin, uint64_t timeout);
/* Fail the running test with a message (printed, recorded in env). */
int seq_fail(struct seq_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Wait until dla_intr is high, at most timeout cycles. */
enum bfm_status seq_wait_intr(struct seq_ctx *ctx, uint64_t timeout);

/* Register accesses through ctx->regs (byte addresses, 4-aligned). */
enum bfm_status seq_reg_write(struct seq_ctx *ctx, uint32_t addr, uint32_t data);
enum bfm_status seq_reg_read(struct seq_ctx *ctx, uint32_t addr, uint32_t *data);
/* Read until (value & mask) == expect, at most timeout cycles. */
enum bfm_status seq_reg_poll(struct seq_ctx *ctx, uint32_t addr, uint32_t mask, uint32_t expect,
                             uint64_t timeout);

/* Propagate a BFM error out of a sequence. */
#define SEQ_TRY(call) \
    do { enum bfm_status seq_try_rc_ = (call); \
         if (seq_try_rc_ != BFM_OK) \
             return seq_fail(ctx, "%s:%d: %s returned %d", __FILE__, __LINE__, #call, (int)seq_try_rc_); \
    } while (0)

#endif
