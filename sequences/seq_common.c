/* seq_common: the registry lookup and helpers shared by sequences. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "seq.h"

const struct seq_test *seq_find(const char *name)
{
    for (unsigned i = 0; i < seq_test_count; i++)
        if (!strcmp(seq_tests[i]->name, name))
            return seq_tests[i];
    return NULL;
}

int seq_fail(struct seq_ctx *ctx, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!ctx->env->failed)
        bfm_fail(ctx->env, "test", "sequence", "check failed", "%s", msg);
    else
        fprintf(stderr, "test: %s\n", msg);
    return 1;
}

static int intr_high(void *p)
{
    return *(const uint8_t *)p != 0;
}

enum bfm_status seq_wait_intr(struct seq_ctx *ctx, uint64_t timeout)
{
    return bfm_wait(ctx->env, intr_high, (void *)ctx->dla_intr, timeout);
}
