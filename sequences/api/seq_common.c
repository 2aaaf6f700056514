/* seq_common: the registry lookup and helpers shared by sequences. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "nvdla_config.h"
#include "seq.h"

const struct seq_test *seq_find(const char *name)
{
    for (unsigned i = 0; i < seq_test_count; i++)
        if (!strcmp(seq_tests[i]->name, name))
            return seq_tests[i];
    return NULL;
}

int seq_check_config(const struct seq_test *t, const struct nvdla_config *hw, char *err, size_t len)
{
    const char *name = hw ? hw->name : "nv_small";
    if (!t->only_config || !strcmp(t->only_config, name))
        return 0;
    snprintf(err, len, "TEST=%s: its layout (memory atoms, weight groups, CBUF banks) is written for %s, "
             "not %s (the random layers cover %s: make random-layers NVDLA_CONFIG=%s)",
             t->name, t->only_config, name, name, name);
    return -1;
}

unsigned seq_atom(const struct seq_ctx *ctx)
{
    return ctx->hw ? ctx->hw->memory_atomic_size : 8;
}

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

enum bfm_status seq_wait_intr(struct seq_ctx *ctx, uint64_t timeout)
{
    return seq_wait_pin(ctx->env, ctx->dla_intr, timeout);
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
