/* seq_common: the helpers every family's sequences share. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "seq.h"

int seq_vfail_env(struct bfm_env *env, const char *fmt, va_list ap)
{
    char msg[768];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (!env->failed)
        bfm_fail(env, "test", "sequence", "check failed", "%s", msg);
    else
        fprintf(stderr, "test: %s\n", msg);
    return 1;
}

int seq_fail(struct seq_ctx *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = seq_vfail_env(ctx->env, fmt, ap);
    va_end(ap);
    return rc;
}

static int pin_high(void *p)
{
    return *(const uint8_t *)p != 0;
}

enum bfm_status seq_wait_pin(struct bfm_env *env, const uint8_t *pin, uint64_t timeout)
{
    return bfm_wait(env, pin_high, (void *)pin, timeout);
}

enum bfm_status seq_wait_irq(struct seq_ctx *ctx, uint64_t timeout)
{
    return seq_wait_pin(ctx->env, ctx->irq, timeout);
}

enum bfm_status seq_reg_write(struct seq_ctx *ctx, uint32_t addr, uint32_t data)
{
    return reg_port_write(&ctx->regs, addr, data, 0, NULL);
}

enum bfm_status seq_reg_read(struct seq_ctx *ctx, uint32_t addr, uint32_t *data)
{
    return reg_port_read(&ctx->regs, addr, 0, data, NULL);
}

enum bfm_status seq_reg_poll(struct seq_ctx *ctx, uint32_t addr, uint32_t mask, uint32_t expect,
                             uint64_t timeout)
{
    return reg_port_poll(&ctx->regs, ctx->env, addr, mask, expect, timeout);
}
