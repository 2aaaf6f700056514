/* seq: what a test sequence of any family gets to work with. Sequences are
 * firmware-like C functions: register accesses through a transport-neutral
 * port (a pin-level BFM on the C harness, TLM-2.0 on the SystemC platform),
 * the memory behind each AXI manager port, the interrupt pin and a seeded
 * RNG. A family's own context embeds this one as its member `seq` and adds
 * what only its tests need. */
#ifndef SEQ_H
#define SEQ_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include "bfm_env.h"
#include "bfm_rng.h"
#include "reg_port.h"
#include "sparse_mem.h"
#include "write_map.h"

/* AXI manager ports a context holds, as the kernel's SIM_MAX_AXI. */
#define SEQ_MAX_MEMS 4

struct seq_ctx {
    struct bfm_env *env;
    struct reg_port regs;           /* register accesses: use seq_reg_*() */
    /* The memory behind each AXI manager port, by the family's port index
     * (NULL: the port is absent), and the bytes of it the DUT wrote (NULL:
     * not tracked). */
    struct sparse_mem *mem[SEQ_MAX_MEMS];
    const struct write_map *written[SEQ_MAX_MEMS];
    const uint8_t *irq;             /* the interrupt pin (a mirror of it on TLM) */
    struct bfm_rng rng;             /* seeded from the run's seed */
    uint64_t seed;
    const char *dut_kind;           /* "rtl" or "twin" */
    const char *out_dir;            /* where a failing test may dump data */
};

/* Fail the running test through env with a message (printed, recorded);
 * returns 1. */
int seq_vfail_env(struct bfm_env *env, const char *fmt, va_list ap);
/* Wait until *pin is high, at most timeout cycles. */
enum bfm_status seq_wait_pin(struct bfm_env *env, const uint8_t *pin, uint64_t timeout);
/* Fail the running test with a message (printed, recorded in env). */
int seq_fail(struct seq_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Wait until the interrupt pin is high, at most timeout cycles. */
enum bfm_status seq_wait_irq(struct seq_ctx *ctx, uint64_t timeout);

/* Register accesses through ctx->regs (byte addresses, 4-aligned). */
enum bfm_status seq_reg_write(struct seq_ctx *ctx, uint32_t addr, uint32_t data);
enum bfm_status seq_reg_read(struct seq_ctx *ctx, uint32_t addr, uint32_t *data);
/* Read until (value & mask) == expect, at most timeout cycles. */
enum bfm_status seq_reg_poll(struct seq_ctx *ctx, uint32_t addr, uint32_t mask, uint32_t expect,
                             uint64_t timeout);

/* Propagate a BFM error out of a sequence whose context is `ctx`. */
#define SEQ_TRY(call) \
    do { enum bfm_status seq_try_rc_ = (call); \
         if (seq_try_rc_ != BFM_OK) \
             return seq_fail(ctx, "%s:%d: %s returned %d", __FILE__, __LINE__, #call, (int)seq_try_rc_); \
    } while (0)

#endif
