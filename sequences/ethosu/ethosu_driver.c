/* ethosu_driver: see ethosu_driver.h. */
#include <stdio.h>
#include "ethosu_cmd.h"
#include "ethosu_driver.h"
#include "ethosu_regs.h"

#define RESET_TIMEOUT 1000

void ethosu_stream_init(struct ethosu_stream *s)
{
    s->n = 0;
}

static void push(struct ethosu_stream *s, const uint32_t *w, int n)
{
    for (int i = 0; i < n && s->n < ETHOSU_STREAM_MAX; i++)
        s->w[s->n++] = w[i];
}

void ethosu_stream_cmd0(struct ethosu_stream *s, uint16_t opcode, uint16_t param)
{
    struct ethosu_cmd c = { .opcode = opcode, .is_cmd1 = 0, .param = param };
    uint32_t w[2];
    push(s, w, ethosu_cmd_encode(&c, w));
}

void ethosu_stream_cmd1(struct ethosu_stream *s, uint16_t opcode, uint16_t param, uint32_t payload)
{
    struct ethosu_cmd c = { .opcode = opcode, .is_cmd1 = 1, .param = param, .payload = payload };
    uint32_t w[2];
    push(s, w, ethosu_cmd_encode(&c, w));
}

void ethosu_stream_word(struct ethosu_stream *s, uint32_t raw)
{
    push(s, &raw, 1);
}

int ethosu_read(struct ethosu_seq_ctx *ctx, uint32_t addr, uint32_t *v)
{
    int slverr = 0;
    ETHOSU_TRY(reg_port_read(&ctx->seq.regs, addr, ETHOSU_PPROT_PRIV_SECURE, v, &slverr));
    if (slverr)
        return ethosu_seq_fail(ctx, "APB read of 0x%03x: expected no PSLVERR, actual PSLVERR", addr);
    return 0;
}

int ethosu_write(struct ethosu_seq_ctx *ctx, uint32_t addr, uint32_t v)
{
    ETHOSU_TRY(reg_port_write(&ctx->seq.regs, addr, v, ETHOSU_PPROT_PRIV_SECURE, NULL));
    return 0;
}

int ethosu_soft_reset(struct ethosu_seq_ctx *ctx, unsigned pending_cpl, unsigned pending_csl, uint8_t prot)
{
    uint32_t v = (pending_cpl << ETHOSU_RESET_PENDING_CPL_SHIFT) | (pending_csl << ETHOSU_RESET_PENDING_CSL_SHIFT);
    ETHOSU_TRY(reg_port_write(&ctx->seq.regs, ETHOSU_RESET, v, prot, NULL));
    for (int i = 0; i < RESET_TIMEOUT; i++) {
        uint32_t st;
        if (ethosu_read(ctx, ETHOSU_STATUS, &st))
            return 1;
        if (!(st & ETHOSU_STATUS_RESET_STATUS_MASK))
            return ethosu_port_attrs(ctx);
    }
    return ethosu_seq_fail(ctx, "soft reset: STATUS.reset_status still 1 after %d reads", RESET_TIMEOUT);
}

int ethosu_port_attrs(struct ethosu_seq_ctx *ctx)
{
    if (ethosu_configs[ctx->cfg].product != ETHOSU_PRODUCT_U85)
        return 0;
    static const uint32_t attr[4] = { 0, 0, ETHOSU_MEM_ATTR0_AXI_PORT_MASK, ETHOSU_MEM_ATTR0_AXI_PORT_MASK };
    for (unsigned k = 0; k < 4; k++)
        if (ethosu_write(ctx, ETHOSU_MEM_ATTR0 + 4u * k, attr[k]))
            return 1;
    return 0;
}

int ethosu_set_region(struct ethosu_seq_ctx *ctx, unsigned region, uint64_t base, unsigned cfg)
{
    uint32_t rc;
    if (ethosu_write(ctx, ETHOSU_BASEP0 + 8u * region, (uint32_t)base) ||
        ethosu_write(ctx, ETHOSU_BASEP0 + 8u * region + 4u, (uint32_t)(base >> 32)) ||
        ethosu_read(ctx, ETHOSU_REGIONCFG, &rc))
        return 1;
    rc = (rc & ~(3u << (2 * region))) | (cfg & 3u) << (2 * region);
    return ethosu_write(ctx, ETHOSU_REGIONCFG, rc);
}

int ethosu_start_stream(struct ethosu_seq_ctx *ctx, const struct ethosu_stream *s, uint64_t addr, unsigned qcfg)
{
    return ethosu_start_words(ctx, s->w, s->n, addr, qcfg);
}

int ethosu_start_words(struct ethosu_seq_ctx *ctx, const uint32_t *words, size_t n, uint64_t addr, unsigned qcfg)
{
    struct sparse_mem *m = ctx->seq.mem[qcfg >= 2];
    for (size_t i = 0; i < n; i++) {
        uint8_t le[4] = { (uint8_t)words[i], (uint8_t)(words[i] >> 8), (uint8_t)(words[i] >> 16),
                          (uint8_t)(words[i] >> 24) };
        sparse_mem_write(m, addr + 4 * i, le, 4);
    }
    if (ethosu_write(ctx, ETHOSU_QBASE0, (uint32_t)addr) || ethosu_write(ctx, ETHOSU_QBASE1, (uint32_t)(addr >> 32)) ||
        ethosu_write(ctx, ETHOSU_QSIZE, (uint32_t)(4 * n)) || ethosu_write(ctx, ETHOSU_QCONFIG, qcfg))
        return 1;
    return ethosu_write(ctx, ETHOSU_CMD, ETHOSU_CMD_TRANSITION_TO_RUNNING_STATE_MASK |
                                             ETHOSU_CMD_CLOCK_Q_ENABLE_MASK | ETHOSU_CMD_POWER_Q_ENABLE_MASK);
}

int ethosu_wait_irq(struct ethosu_seq_ctx *ctx, uint64_t timeout, uint32_t *status)
{
    ETHOSU_TRY(ethosu_seq_wait_irq(ctx, timeout));
    if (ethosu_read(ctx, ETHOSU_STATUS, status))
        return 1;
    if (!(*status & ETHOSU_STATUS_IRQ_RAISED_MASK))
        return ethosu_seq_fail(ctx, "IRQ high but STATUS.irq_raised = 0 (STATUS 0x%08x)", *status);
    return 0;
}

int ethosu_clear_irq(struct ethosu_seq_ctx *ctx)
{
    if (ethosu_write(ctx, ETHOSU_CMD, ETHOSU_CMD_CLEAR_IRQ_MASK | ETHOSU_CMD_CLOCK_Q_ENABLE_MASK |
                                          ETHOSU_CMD_POWER_Q_ENABLE_MASK))
        return 1;
    for (int i = 0; i < 8 && *ctx->seq.irq; i++)
        if (ctx->seq.env->step(ctx->seq.env))
            return 1;
    uint32_t st;
    if (ethosu_read(ctx, ETHOSU_STATUS, &st))
        return 1;
    if (*ctx->seq.irq || (st & ETHOSU_STATUS_IRQ_RAISED_MASK))
        return ethosu_seq_fail(ctx, "after CMD.clear_irq: expected IRQ low and irq_raised 0, actual IRQ %u, "
                               "STATUS 0x%08x", *ctx->seq.irq, st);
    return 0;
}
