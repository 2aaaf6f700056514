/* ethosu_tests: the Ethos-U65 sequences: the driver flow with a DMA
 * command stream, the privilege/security matrix, LOCK contention, a reserved
 * opcode and an AXI error on the command fetch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_armdrv.h"
#include "ethosu_cmd.h"
#include "ethosu_driver.h"
#include "ethosu_regs.h"

#define IRQ_TIMEOUT 200000
#define W(addr, v) do { if (ethosu_write(ctx, (addr), (v))) return 1; } while (0)
#define R(addr, v) do { if (ethosu_read(ctx, (addr), (v))) return 1; } while (0)

/* region 0 behind M0, region 1 behind M1: above 4 GiB on purpose on the
 * Ethos-U65, below on the U55 (32-bit addresses) */
#define NARROW (ethosu_configs[ctx->cfg].addr_bits < 40)
#define DST_BASE (NARROW ? 0x040000000ull : 0x100000000ull)
#define SRC_BASE (NARROW ? 0x060000000ull : 0x120000000ull)
#define CMD_ADDR 0x000010000ull   /* command stream, behind M0 */

/* ---- run_dma_stream: power-up, soft reset, a DMA stream to its IRQ, power-down ---- */

static void dma_stream(struct ethosu_stream *s, uint32_t src_off, uint32_t dst_off, uint32_t len)
{
    ethosu_stream_init(s);
    ethosu_stream_cmd0(s, ETHOSU_NPU_SET_DMA0_SRC_REGION, 1);
    ethosu_stream_cmd0(s, ETHOSU_NPU_SET_DMA0_DST_REGION, 0);
    ethosu_stream_cmd1(s, ETHOSU_NPU_SET_DMA0_SRC, 0, src_off);
    ethosu_stream_cmd1(s, ETHOSU_NPU_SET_DMA0_DST, 0, dst_off);
    ethosu_stream_cmd1(s, ETHOSU_NPU_SET_DMA0_LEN, 0, len);
    ethosu_stream_cmd0(s, ETHOSU_NPU_OP_DMA_START, 0);
    ethosu_stream_cmd0(s, ETHOSU_NPU_OP_DMA_WAIT, 0);
    ethosu_stream_cmd0(s, ETHOSU_NPU_OP_STOP, 0x5);
}

static int run_dma_stream(struct ethosu_seq_ctx *ctx)
{
    /* power-up: the hard-reset levels come from PORPL/PORSL */
    uint32_t prot, id, st;
    R(ETHOSU_PROT, &prot);
    if (prot != (ETHOSU_PROT_ACTIVE_CPL_MASK))
        return ethosu_seq_fail(ctx, "PROT after a hard reset with PORPL=1 PORSL=0: expected 0x1, actual 0x%x", prot);
    R(ETHOSU_ID, &id);
    if (id != ethosu_configs[ctx->cfg].id_reset)
        return ethosu_seq_fail(ctx, "ID: expected 0x%08x (%s), actual 0x%08x", ethosu_configs[ctx->cfg].id_reset,
                               ethosu_configs[ctx->cfg].name, id);
    if (ethosu_soft_reset(ctx, 1, 0, ETHOSU_PPROT_PRIV_SECURE))
        return 1;
    /* regions: 0 = destination behind M0, 1 = source behind M1 */
    if (ethosu_set_region(ctx, 0, DST_BASE, 0) || ethosu_set_region(ctx, 1, SRC_BASE, 2))
        return 1;
    enum { LEN = 992, SRC_OFF = 0x40, DST_OFF = 0x80, GUARD = 64 };
    uint8_t src[LEN], guard[LEN + 2 * GUARD], out[LEN + 2 * GUARD];
    for (int i = 0; i < LEN; i++)
        src[i] = (uint8_t)bfm_rng_next(&ctx->seq.rng);
    for (int i = 0; i < LEN + 2 * GUARD; i++)
        guard[i] = (uint8_t)(0xa5 ^ i);
    sparse_mem_write(ctx->seq.mem[1], SRC_BASE + SRC_OFF, src, LEN);
    sparse_mem_write(ctx->seq.mem[0], DST_BASE + DST_OFF - GUARD, guard, sizeof guard);
    struct ethosu_stream s;
    dma_stream(&s, SRC_OFF, DST_OFF, LEN);
    if (ethosu_start_stream(ctx, &s, CMD_ADDR, 0) || ethosu_wait_irq(ctx, IRQ_TIMEOUT, &st))
        return 1;
    uint32_t qread;
    R(ETHOSU_QREAD, &qread);
    uint32_t hist = (st & ETHOSU_STATUS_IRQ_HISTORY_MASK_MASK) >> ETHOSU_STATUS_IRQ_HISTORY_MASK_SHIFT;
    if ((st & ETHOSU_STATUS_STATE_MASK) || hist != 0x5 || (st & (ETHOSU_STATUS_BUS_STATUS_MASK |
                                                                  ETHOSU_STATUS_CMD_PARSE_ERROR_MASK)))
        return ethosu_seq_fail(ctx, "STATUS after NPU_OP_STOP 0x5: expected stopped, irq_history_mask 0x5, no "
                               "errors; actual 0x%08x", st);
    if (qread != 4 * s.n)
        return ethosu_seq_fail(ctx, "QREAD after the stream: expected %zu, actual %u", 4 * s.n, qread);
    sparse_mem_read(ctx->seq.mem[0], DST_BASE + DST_OFF - GUARD, out, sizeof out);
    for (int i = 0; i < LEN + 2 * GUARD; i++) {
        int in_copy = i >= GUARD && i < GUARD + LEN;
        uint8_t expect = in_copy ? src[i - GUARD] : guard[i];
        if (out[i] != expect)
            return ethosu_seq_fail(ctx, "DMA %s at 0x%llx: expected 0x%02x, actual 0x%02x",
                                   in_copy ? "copy differs" : "wrote outside its destination",
                                   (unsigned long long)(DST_BASE + DST_OFF - GUARD + (unsigned)i), expect, out[i]);
    }
    if (ethosu_clear_irq(ctx))
        return 1;
    /* power-down: history cleared, stopped and idle, Q-channels left to the controller */
    W(ETHOSU_CMD, ETHOSU_CMD_CLEAR_IRQ_HISTORY_MASK | ETHOSU_CMD_CLOCK_Q_ENABLE_MASK | ETHOSU_CMD_POWER_Q_ENABLE_MASK);
    R(ETHOSU_STATUS, &st);
    if (st & (ETHOSU_STATUS_IRQ_HISTORY_MASK_MASK | ETHOSU_STATUS_STATE_MASK | ETHOSU_STATUS_IRQ_RAISED_MASK))
        return ethosu_seq_fail(ctx, "STATUS before power-down: expected stopped, no IRQ, history clear; "
                               "actual 0x%08x", st);
    printf("run_dma_stream: %d bytes copied from M1 0x%llx to M0 0x%llx by a %zu-word command stream\n", LEN,
           (unsigned long long)(SRC_BASE + SRC_OFF), (unsigned long long)(DST_BASE + DST_OFF), s.n);
    return 0;
}

/* ---- security_matrix: every PPROT against every CPL/CSL ---------------------------- */

static int try_access(struct ethosu_seq_ctx *ctx, unsigned cpl, unsigned csl, unsigned pprot)
{
    int permitted = (pprot & 1u) >= cpl && ((pprot >> 1) & 1u) <= csl;
    uint32_t v;
    int slverr;
    /* readable: ID (read-only) */
    ETHOSU_TRY(reg_port_read(&ctx->seq.regs, ETHOSU_ID, (uint8_t)pprot, &v, &slverr));
    uint32_t expect = permitted ? ethosu_configs[ctx->cfg].id_reset : 0;
    if (v != expect)
        return ethosu_seq_fail(ctx, "CPL=%u CSL=%u PPROT=%u: read of ID: expected 0x%08x (%s), actual 0x%08x", cpl,
                               csl, pprot, expect, permitted ? "permitted" : "refused", v);
    /* a read-only register ignores writes, permitted or not */
    ETHOSU_TRY(reg_port_write(&ctx->seq.regs, ETHOSU_ID, 0xdeadbeef, (uint8_t)pprot, NULL));
    R(ETHOSU_ID, &v);
    if (v != ethosu_configs[ctx->cfg].id_reset)
        return ethosu_seq_fail(ctx, "CPL=%u CSL=%u PPROT=%u: write to read-only ID changed it to 0x%08x", cpl, csl,
                               pprot, v);
    /* writable: QBASE0 */
    uint32_t before = 0x1000u + 0x10u * pprot, attempt = 0x80000u + 0x100u * pprot;
    W(ETHOSU_QBASE0, before);
    ETHOSU_TRY(reg_port_write(&ctx->seq.regs, ETHOSU_QBASE0, attempt, (uint8_t)pprot, NULL));
    R(ETHOSU_QBASE0, &v);
    expect = permitted ? attempt : before;
    if (v != expect)
        return ethosu_seq_fail(ctx, "CPL=%u CSL=%u PPROT=%u: write of QBASE0: expected 0x%08x (%s), actual 0x%08x",
                               cpl, csl, pprot, expect, permitted ? "permitted" : "refused", v);
    ETHOSU_TRY(reg_port_read(&ctx->seq.regs, ETHOSU_QBASE0, (uint8_t)pprot, &v, &slverr));
    expect = permitted ? attempt : 0;
    if (v != expect)
        return ethosu_seq_fail(ctx, "CPL=%u CSL=%u PPROT=%u: read of QBASE0: expected 0x%08x, actual 0x%08x", cpl,
                               csl, pprot, expect, v);
    return 0;
}

static int security_matrix(struct ethosu_seq_ctx *ctx)
{
    int checks = 0;
    for (unsigned cpl = 0; cpl < 2; cpl++)
        for (unsigned csl = 0; csl < 2; csl++) {
            /* a privileged secure RESET write may take any level */
            if (ethosu_soft_reset(ctx, cpl, csl, ETHOSU_PPROT_PRIV_SECURE))
                return 1;
            uint32_t prot;
            R(ETHOSU_PROT, &prot);
            if (prot != (cpl | csl << 1))
                return ethosu_seq_fail(ctx, "PROT after a soft reset to CPL=%u CSL=%u: expected 0x%x, actual 0x%x",
                                       cpl, csl, cpl | csl << 1, prot);
            for (unsigned pprot = 0; pprot < 8; pprot++, checks++)
                if (try_access(ctx, cpl, csl, pprot))
                    return 1;
        }
    /* the levels a soft reset takes depend on the PPROT of the RESET write: from
     * CPL=0 CSL=1, a user non-secure write asking for CPL=1 CSL=0 gets user, non-secure */
    if (ethosu_soft_reset(ctx, 0, 1, ETHOSU_PPROT_PRIV_SECURE) || ethosu_soft_reset(ctx, 1, 0, 0x2))
        return 1;
    uint32_t prot;
    R(ETHOSU_PROT, &prot);
    if (prot != 0x2)
        return ethosu_seq_fail(ctx, "soft reset asking for CPL=1 CSL=0 with PPROT user/non-secure: expected PROT "
                               "0x2 (user, non-secure), actual 0x%x", prot);
    printf("security_matrix: %d PPROT x CPL/CSL combinations checked on ID and QBASE0\n", checks);
    return 0;
}

/* ---- lock_contention ------------------------------------------------------------------ */

static int lock_contention(struct ethosu_seq_ctx *ctx)
{
    static const struct { uint32_t write, expect; const char *what; } steps[] = {
        { 0xa, 0xa, "agent A claims the free lock" },
        { 0xb, 0xa, "agent B cannot take it while A holds it" },
        { 0xa5, 0xa, "A cannot overwrite its own claim with another value" },
        { 0x0, 0x0, "the lock is released" },
        { 0xb, 0xb, "agent B claims it" },
        { 0xa, 0xb, "A is refused" },
        { 0x0, 0x0, "B releases it" },
    };
    uint32_t v;
    R(ETHOSU_LOCK, &v);
    if (v != 0)
        return ethosu_seq_fail(ctx, "LOCK after reset: expected 0, actual 0x%x", v);
    if (ethosu_configs[ctx->cfg].product == ETHOSU_PRODUCT_U85) {   /* no LOCK: a hole */
        W(ETHOSU_LOCK, 0xa);
        R(ETHOSU_LOCK, &v);
        if (v != 0)
            return ethosu_seq_fail(ctx, "LOCK on %s (which has none): wrote 0xa, expected 0, actual 0x%x",
                                   ethosu_configs[ctx->cfg].name, v);
        printf("lock_contention: %s has no LOCK register: reads 0, writes ignored\n", ethosu_configs[ctx->cfg].name);
        return 0;
    }
    for (unsigned i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        W(ETHOSU_LOCK, steps[i].write);
        R(ETHOSU_LOCK, &v);
        if (v != steps[i].expect)
            return ethosu_seq_fail(ctx, "LOCK step %u (%s): wrote 0x%x, expected 0x%x, actual 0x%x", i,
                                   steps[i].what, steps[i].write, steps[i].expect, v);
    }
    printf("lock_contention: %zu claim/release steps\n", sizeof steps / sizeof steps[0]);
    return 0;
}

/* ---- reserved_opcode ---------------------------------------------------------------- */

static int reserved_opcode(struct ethosu_seq_ctx *ctx)
{
    uint16_t reserved = 0x0004;   /* between NPU_OP_DEPTHWISE and NPU_OP_POOL: not in the TRM tables */
    if (ethosu_cmd_name(reserved, 0))
        return ethosu_seq_fail(ctx, "opcode 0x%04x is not reserved in the codec", reserved);
    if (ethosu_soft_reset(ctx, 1, 0, ETHOSU_PPROT_PRIV_SECURE))
        return 1;
    struct ethosu_stream s;
    ethosu_stream_init(&s);
    ethosu_stream_cmd0(&s, ETHOSU_NPU_SET_IFM_PAD_TOP, 1);
    ethosu_stream_cmd0(&s, ETHOSU_NPU_SET_IFM_PAD_LEFT, 1);
    size_t bad = s.n;
    ethosu_stream_word(&s, reserved);
    ethosu_stream_cmd0(&s, ETHOSU_NPU_OP_STOP, 1);
    uint32_t st, qread;
    if (ethosu_start_stream(ctx, &s, CMD_ADDR, 0) || ethosu_wait_irq(ctx, IRQ_TIMEOUT, &st))
        return 1;
    R(ETHOSU_QREAD, &qread);
    if (!(st & ETHOSU_STATUS_CMD_PARSE_ERROR_MASK) || (st & ETHOSU_STATUS_STATE_MASK))
        return ethosu_seq_fail(ctx, "STATUS after a reserved opcode: expected cmd_parse_error=1 and stopped, "
                               "actual 0x%08x", st);
    if (qread != 4 * bad)
        return ethosu_seq_fail(ctx, "QREAD after a reserved opcode: expected %zu (the bad command), actual %u",
                               4 * bad, qread);
    printf("reserved_opcode: opcode 0x%04x at byte %zu stopped the stream with cmd_parse_error\n", reserved, 4 * bad);
    return 0;
}

/* ---- cmd_fetch_axi_error ---------------------------------------------------------------- */

static int cmd_fetch_axi_error(struct ethosu_seq_ctx *ctx)
{
    if (ethosu_soft_reset(ctx, 1, 0, ETHOSU_PPROT_PRIV_SECURE))
        return 1;
    struct ethosu_stream s;
    dma_stream(&s, 0, 0, 64);
    /* the command stream lives behind M1 this time, and M1 answers SLVERR there */
    struct axi_mem_err_region e = { CMD_ADDR, CMD_ADDR + 0xfff, AXI_RESP_SLVERR, 1, 0 };
    if (!ctx->axi[1] || axi_mem_add_err_region(ctx->axi[1], &e))
        return ethosu_seq_fail(ctx, "could not add an error region to the M1 memory");
    uint32_t st;
    if (ethosu_start_stream(ctx, &s, CMD_ADDR, 2) || ethosu_wait_irq(ctx, IRQ_TIMEOUT, &st))
        return 1;
    unsigned itf = (st & ETHOSU_STATUS_FAULTING_INTERFACE_MASK) >> ETHOSU_STATUS_FAULTING_INTERFACE_SHIFT;
    unsigned chan = (st & ETHOSU_STATUS_FAULTING_CHANNEL_MASK) >> ETHOSU_STATUS_FAULTING_CHANNEL_SHIFT;
    if (!(st & ETHOSU_STATUS_BUS_STATUS_MASK) || itf != ETHOSU_STATUS_FAULTING_INTERFACE_AXI_M1 ||
        chan != ETHOSU_STATUS_FAULTING_CHANNEL_CMD_READ || (st & ETHOSU_STATUS_STATE_MASK))
        return ethosu_seq_fail(ctx, "STATUS after SLVERR on the command fetch over M1: expected bus_status=1, "
                               "faulting_interface=1 (M1), faulting_channel=0 (command read), stopped; actual "
                               "0x%08x (interface %u, channel %u)", st, itf, chan);
    axi_mem_clear_err_regions(ctx->axi[1]);
    printf("cmd_fetch_axi_error: SLVERR on the command fetch reported as bus_status, M1, command read\n");
    return 0;
}

/* ---- product_limits ------------------------------------------------------------------ */

/* Run s; 0 when it ended as the product should: with cmd_parse_error at byte
 * bad (refused) or at its STOP (accepted). */
static int limit_case(struct ethosu_seq_ctx *ctx, struct ethosu_stream *s, int refused, size_t bad, const char *what)
{
    uint32_t st, qread;
    const char *cfg = ethosu_configs[ctx->cfg].name;
    if (ethosu_soft_reset(ctx, 1, 0, ETHOSU_PPROT_PRIV_SECURE) ||
        ethosu_set_region(ctx, 0, NARROW ? 0xFFFFFF00ull : DST_BASE, 0) ||
        ethosu_start_stream(ctx, s, CMD_ADDR, 0) || ethosu_wait_irq(ctx, IRQ_TIMEOUT, &st))
        return 1;
    R(ETHOSU_QREAD, &qread);
    int parse = (st & ETHOSU_STATUS_CMD_PARSE_ERROR_MASK) != 0;
    if (refused && (!parse || qread != 4 * bad))
        return ethosu_seq_fail(ctx, "%s on %s: expected cmd_parse_error at byte %zu, actual STATUS 0x%08x, QREAD %u",
                               what, cfg, 4 * bad, st, qread);
    if (!refused && (parse || (st & ETHOSU_STATUS_BUS_STATUS_MASK)))
        return ethosu_seq_fail(ctx, "%s on %s: expected to run to its STOP, actual STATUS 0x%08x, QREAD %u", what,
                               cfg, st, qread);
    printf("product_limits: %s on %s: %s\n", what, cfg, refused ? "cmd_parse_error at the command" : "accepted");
    return 0;
}

/* ---- product_limits on the Ethos-U85 (command stream 2.0) ---- */

#define U85_DST_BASE 0xFFFFFF0000ull   /* region 0 (SRAM, M0): its copy ends 128 bytes below 2**40 */
#define U85_SRC_BASE 0x8000000000ull   /* region 1 (EXT, M1) */
#define U85_EXT_BASE 0x9000000000ull   /* region 2 (EXT, M1): a destination written through M1 */

static void stride40(struct ethosu_stream *s, uint16_t opcode, int64_t v)
{
    uint64_t u = (uint64_t)v & 0xFFFFFFFFFFull;
    ethosu_stream_cmd1(s, opcode, (uint16_t)(u >> 32), (uint32_t)u);
}

/* Two U85 DMAs and their bytes: 2 rows of 64 bytes from region 1 + 0x100
 * with SRC_STRIDE0 -40 (opcode 0x4033, the U55/U65's DMA0_SKIP0: a signed
 * row stride in 2.0; rows at +0x100 and +0xD8) to region 0 + 0xFF00 with
 * DST_STRIDE0 64, the last byte at 0xFF_FFFF_FF7F; then 48 bytes from
 * region 1 + 0x400 to region 2 (EXT) + 0x20, written through M1 (the
 * U85's EXT port writes; M0 at that address stays as it was). */
static int u85_dma_case(struct ethosu_seq_ctx *ctx)
{
    enum { LEN = 64, EXT_LEN = 48, GUARD = 32 };
    uint8_t src[0x500], pat[2 * LEN + 2 * GUARD], out[2 * LEN + 2 * GUARD], m0[EXT_LEN];
    for (size_t i = 0; i < sizeof src; i++)
        src[i] = (uint8_t)bfm_rng_next(&ctx->seq.rng);
    for (size_t i = 0; i < sizeof pat; i++)
        pat[i] = (uint8_t)(0x5a ^ i);
    sparse_mem_write(ctx->seq.mem[1], U85_SRC_BASE, src, sizeof src);
    sparse_mem_write(ctx->seq.mem[0], U85_DST_BASE + 0xFF00 - GUARD, pat, sizeof pat);
    sparse_mem_write(ctx->seq.mem[0], U85_EXT_BASE + 0x20, pat, EXT_LEN);
    uint32_t st;
    if (ethosu_soft_reset(ctx, 1, 0, ETHOSU_PPROT_PRIV_SECURE) || ethosu_set_region(ctx, 0, U85_DST_BASE, 0) ||
        ethosu_set_region(ctx, 1, U85_SRC_BASE, 2) || ethosu_set_region(ctx, 2, U85_EXT_BASE, 3))
        return 1;
    struct ethosu_stream s;
    ethosu_stream_init(&s);
    ethosu_stream_cmd0(&s, ETHOSU85_NPU_SET_DMA0_SRC_REGION, 1 | 1u << 9);   /* region 1, stride_mode D2 */
    ethosu_stream_cmd0(&s, ETHOSU85_NPU_SET_DMA0_DST_REGION, 0);
    ethosu_stream_cmd1(&s, ETHOSU85_NPU_SET_DMA0_SRC, 0, 0x100);
    ethosu_stream_cmd1(&s, ETHOSU85_NPU_SET_DMA0_DST, 0, 0xFF00);
    ethosu_stream_cmd1(&s, ETHOSU85_NPU_SET_DMA0_LEN, 0, LEN);
    ethosu_stream_cmd0(&s, ETHOSU85_NPU_SET_DMA0_SIZE0, 2);
    stride40(&s, ETHOSU85_NPU_SET_DMA0_SRC_STRIDE0, -40);
    stride40(&s, ETHOSU85_NPU_SET_DMA0_DST_STRIDE0, LEN);
    ethosu_stream_cmd0(&s, ETHOSU85_NPU_OP_DMA_START, 0);
    ethosu_stream_cmd0(&s, ETHOSU85_NPU_SET_DMA0_SRC_REGION, 1);              /* D1 */
    ethosu_stream_cmd0(&s, ETHOSU85_NPU_SET_DMA0_DST_REGION, 2);
    ethosu_stream_cmd1(&s, ETHOSU85_NPU_SET_DMA0_SRC, 0, 0x400);
    ethosu_stream_cmd1(&s, ETHOSU85_NPU_SET_DMA0_DST, 0, 0x20);
    ethosu_stream_cmd1(&s, ETHOSU85_NPU_SET_DMA0_LEN, 0, EXT_LEN);
    ethosu_stream_cmd0(&s, ETHOSU85_NPU_OP_DMA_START, 0);
    ethosu_stream_cmd0(&s, ETHOSU85_NPU_OP_DMA_WAIT, 0);
    ethosu_stream_cmd0(&s, ETHOSU_NPU_OP_STOP, 1);
    if (ethosu_start_stream(ctx, &s, CMD_ADDR, 0) || ethosu_wait_irq(ctx, IRQ_TIMEOUT, &st))
        return 1;
    const char *cfg = ethosu_configs[ctx->cfg].name;
    if (st & (ETHOSU_STATUS_CMD_PARSE_ERROR_MASK | ETHOSU_STATUS_BUS_STATUS_MASK))
        return ethosu_seq_fail(ctx, "U85 DMAs on %s: expected to run to their STOP, actual STATUS 0x%08x", cfg, st);
    sparse_mem_read(ctx->seq.mem[0], U85_DST_BASE + 0xFF00 - GUARD, out, sizeof out);
    for (size_t i = 0; i < sizeof out; i++) {
        size_t d = i - GUARD;   /* byte of the copy (when i is in it) */
        uint8_t expect = i < GUARD || d >= 2 * LEN ? pat[i] : src[(d < LEN ? 0x100 : 0xD8) + d % LEN];
        if (out[i] != expect)
            return ethosu_seq_fail(ctx, "U85 2D DMA with SRC_STRIDE0 -40 on %s: M0 0x%010llx (%s): expected 0x%02x, "
                                   "actual 0x%02x", cfg, (unsigned long long)(U85_DST_BASE + 0xFF00 - GUARD + i),
                                   i < GUARD || d >= 2 * LEN ? "guard" : d < LEN ? "row 0" : "row 1", expect, out[i]);
    }
    sparse_mem_read(ctx->seq.mem[1], U85_EXT_BASE + 0x20, out, EXT_LEN);
    sparse_mem_read(ctx->seq.mem[0], U85_EXT_BASE + 0x20, m0, EXT_LEN);
    if (memcmp(out, src + 0x400, EXT_LEN) || memcmp(m0, pat, EXT_LEN))
        return ethosu_seq_fail(ctx, "U85 DMA to an EXT region on %s: expected its %d bytes in M1 at 0x%010llx and M0 "
                               "there untouched; M1 %s, M0 %s", cfg, (int)EXT_LEN,
                               (unsigned long long)(U85_EXT_BASE + 0x20), memcmp(out, src + 0x400, EXT_LEN) ? "differs" : "matches",
                               memcmp(m0, pat, EXT_LEN) ? "was written" : "untouched");
    printf("product_limits: on %s a 2D DMA with SRC_STRIDE0 -40 (opcode 0x4033, the U55/U65's DMA0_SKIP0) copies its "
           "rows backwards up to 0xff_ffff_ff7f, and one to an EXT region is written through M1\n", cfg);
    return 0;
}

/* The Ethos-U85: the U55/U65 commands command stream 2.0 leaves reserved
 * (their opcodes have no U85 row in ethosu_cmds.csv) stop with
 * cmd_parse_error at the command; its own state commands (some at the
 * opcodes of U55/U65 ones: RESIZE_Y_OFFSET at AB_START's, IFM/IFM2_SCALE at
 * OPA/OPB_SCALE's, WEIGHT2_* at SCALE1_*'s) run; its DMA as u85_dma_case. */
static int product_limits_u85(struct ethosu_seq_ctx *ctx)
{
    static const uint16_t reserved[] = { ETHOSU_NPU_SET_IFM_IB_END, ETHOSU_NPU_SET_PARALLEL_MODE,
                                         ETHOSU_NPU_SET_IFM2_SCALAR, ETHOSU_NPU_SET_IFM2_IB_START };
    for (unsigned i = 0; i < sizeof reserved / sizeof reserved[0]; i++) {
        struct ethosu_stream s;
        ethosu_stream_init(&s);
        ethosu_stream_cmd0(&s, ETHOSU85_NPU_SET_IFM_PAD_TOP, 1);
        size_t bad = s.n;
        ethosu_stream_cmd0(&s, reserved[i], 0);
        ethosu_stream_cmd0(&s, ETHOSU_NPU_OP_STOP, 1);
        char what[96];
        snprintf(what, sizeof what, "%s (0x%04x, U55/U65 only)", ethosu_cmd_name(reserved[i], 0), reserved[i]);
        if (limit_case(ctx, &s, 1, bad, what))
            return 1;
    }
    static const uint16_t own0[] = { ETHOSU85_NPU_SET_IFM_BROADCAST, ETHOSU85_NPU_SET_IFM2_BROADCAST,
                                     ETHOSU85_NPU_SET_WEIGHT_FORMAT, ETHOSU85_NPU_SET_BLOCKDEP,
                                     ETHOSU85_NPU_SET_RESIZE_X_SCALE_N_M1, ETHOSU85_NPU_SET_RESIZE_Y_OFFSET,
                                     ETHOSU85_NPU_SET_DMA0_IDX_REGION };
    static const uint16_t own1[] = { ETHOSU85_NPU_SET_IFM_SCALE, ETHOSU85_NPU_SET_IFM2_SCALE,
                                     ETHOSU85_NPU_SET_OP_SCALAR, ETHOSU85_NPU_SET_WEIGHT2_BASE,
                                     ETHOSU85_NPU_SET_WEIGHT2_LENGTH, ETHOSU85_NPU_SET_WEIGHT3_BASE,
                                     ETHOSU85_NPU_SET_WEIGHT3_LENGTH, ETHOSU85_NPU_SET_RESIZE_X,
                                     ETHOSU85_NPU_SET_RESIZE_Y, ETHOSU85_NPU_SET_DMA0_DST_STRIDE0,
                                     ETHOSU85_NPU_SET_DMA0_DST_STRIDE1, ETHOSU85_NPU_SET_DMA0_IDX,
                                     ETHOSU85_NPU_SET_DMA0_IDX_MAX, ETHOSU85_NPU_SET_DMA0_IDX_SKIP1 };
    struct ethosu_stream s;
    ethosu_stream_init(&s);
    for (unsigned i = 0; i < sizeof own0 / sizeof own0[0]; i++)
        ethosu_stream_cmd0(&s, own0[i], 0);
    for (unsigned i = 0; i < sizeof own1 / sizeof own1[0]; i++)
        ethosu_stream_cmd1(&s, own1[i], 0, 0x10);
    ethosu_stream_cmd0(&s, ETHOSU_NPU_OP_STOP, 1);
    if (limit_case(ctx, &s, 0, 0, "the Ethos-U85's own state commands"))
        return 1;
    return u85_dma_case(ctx);
}

/* What the product has: the Ethos-U55 stops (cmd_parse_error, QREAD at the
 * command) at an Ethos-U65 command (NPU_SET_DMA0_SIZE0, NPU_SET_PARALLEL_MODE),
 * a 2-D DMA and a DMA whose bytes reach beyond its 32-bit address space
 * (BASEP 0xFFFFFF00 + 0x80, 0x100 bytes); the Ethos-U65 runs the same commands. */
static int product_limits(struct ethosu_seq_ctx *ctx)
{
    if (ethosu_configs[ctx->cfg].product == ETHOSU_PRODUCT_U85)
        return product_limits_u85(ctx);
    int u55 = ethosu_configs[ctx->cfg].product == ETHOSU_PRODUCT_U55;
    static const uint16_t u65_cmds[] = { ETHOSU_NPU_SET_DMA0_SIZE0, ETHOSU_NPU_SET_PARALLEL_MODE };
    for (unsigned i = 0; i < 2; i++) {
        struct ethosu_stream s;
        ethosu_stream_init(&s);
        ethosu_stream_cmd0(&s, ETHOSU_NPU_SET_IFM_PAD_TOP, 1);
        size_t bad = s.n;
        ethosu_stream_cmd0(&s, u65_cmds[i], 0);
        ethosu_stream_cmd0(&s, ETHOSU_NPU_OP_STOP, 1);
        if (limit_case(ctx, &s, u55, bad, ethosu_cmd_name(u65_cmds[i], 0)))
            return 1;
    }
    if (!u55)
        return 0;
    struct ethosu_stream s;
    ethosu_stream_init(&s);   /* a 2-D source: DMA0_SRC_REGION mode bits [10:9] = 1 */
    ethosu_stream_cmd0(&s, ETHOSU_NPU_SET_DMA0_SRC_REGION, 0x200u);
    ethosu_stream_cmd0(&s, ETHOSU_NPU_SET_DMA0_DST_REGION, 0);
    ethosu_stream_cmd1(&s, ETHOSU_NPU_SET_DMA0_SRC, 0, 0);
    ethosu_stream_cmd1(&s, ETHOSU_NPU_SET_DMA0_DST, 0, 0);
    ethosu_stream_cmd1(&s, ETHOSU_NPU_SET_DMA0_LEN, 0, 16);
    size_t bad = s.n;
    ethosu_stream_cmd0(&s, ETHOSU_NPU_OP_DMA_START, 0);
    ethosu_stream_cmd0(&s, ETHOSU_NPU_OP_STOP, 1);
    if (limit_case(ctx, &s, 1, bad, "a 2-D DMA"))
        return 1;
    ethosu_stream_init(&s);
    ethosu_stream_cmd0(&s, ETHOSU_NPU_SET_DMA0_SRC_REGION, 0);
    ethosu_stream_cmd0(&s, ETHOSU_NPU_SET_DMA0_DST_REGION, 0);
    ethosu_stream_cmd1(&s, ETHOSU_NPU_SET_DMA0_SRC, 0, 0x80);
    ethosu_stream_cmd1(&s, ETHOSU_NPU_SET_DMA0_DST, 0, 0);
    ethosu_stream_cmd1(&s, ETHOSU_NPU_SET_DMA0_LEN, 0, 0x100);
    bad = s.n;
    ethosu_stream_cmd0(&s, ETHOSU_NPU_OP_DMA_START, 0);
    ethosu_stream_cmd0(&s, ETHOSU_NPU_OP_STOP, 1);
    return limit_case(ctx, &s, 1, bad, "a DMA beyond 4 GiB");
}

const struct ethosu_seq_test ethosu_run_dma_stream = {
    "run_dma_stream", "power-up, soft reset, a DMA command stream to its IRQ, power-down", run_dma_stream, 1, 0, 0, NULL, NULL };
const struct ethosu_seq_test ethosu_security_matrix = {
    "security_matrix", "every PPROT against every CPL/CSL on a readable and a writable register",
    security_matrix, 1, 0, 0, NULL, NULL };
const struct ethosu_seq_test ethosu_lock_contention = {
    "lock_contention", "LOCK claim, refused claims, release", lock_contention, 1, 0, 0, NULL, NULL };
const struct ethosu_seq_test ethosu_reserved_opcode = {
    "reserved_opcode", "a reserved opcode stops the stream with cmd_parse_error", reserved_opcode, 1, 0, 0, NULL, NULL };
const struct ethosu_seq_test ethosu_cmd_fetch_axi_error = {
    "cmd_fetch_axi_error", "SLVERR on the command fetch reports bus_status and the faulting port",
    cmd_fetch_axi_error, 1, 0, 0, "AXI error regions in the M1 memory BFM", NULL };
const struct ethosu_seq_test ethosu_product_limits = {
    "product_limits", "the Ethos-U55 stops at U65 commands, 2-D DMA and addresses beyond 32 bits; the U65 runs them; "
    "the U85 stops at 1.x-only commands, runs its own, 40-bit and signed-stride DMA",
    product_limits, 1, 0, 0, NULL, ethosu_seq_skip_u85_stub };

extern const struct ethosu_seq_test ethosu_weight_decoder;
extern const struct ethosu_seq_test ethosu_random_dma;
extern const struct ethosu_seq_test ethosu_network;

const struct ethosu_seq_test *const ethosu_seq_tests[] = {
    &ethosu_run_dma_stream, &ethosu_security_matrix, &ethosu_lock_contention, &ethosu_reserved_opcode,
    &ethosu_cmd_fetch_axi_error, &ethosu_product_limits, &ethosu_weight_decoder, &ethosu_random_dma,
    &ethosu_network,
    &ethosu_armdrv_init,
};
const unsigned ethosu_seq_test_count = sizeof ethosu_seq_tests / sizeof ethosu_seq_tests[0];
