/* ethosu_seq_common: lookup and helpers shared by the Ethos-U65 sequences. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "ethosu_seq.h"

#define PREFIX "ethosu/"

const struct ethosu_seq_test *ethosu_seq_find(const char *name)
{
    if (!strncmp(name, PREFIX, strlen(PREFIX)))
        name += strlen(PREFIX);
    for (unsigned i = 0; i < ethosu_seq_test_count; i++)
        if (!strcmp(ethosu_seq_tests[i]->name, name))
            return ethosu_seq_tests[i];
    return NULL;
}

int ethosu_seq_fail(struct ethosu_seq_ctx *ctx, const char *fmt, ...)
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

static int irq_high(void *p)
{
    return *(const uint8_t *)p != 0;
}

enum bfm_status ethosu_seq_wait_irq(struct ethosu_seq_ctx *ctx, uint64_t timeout)
{
    return bfm_wait(ctx->env, irq_high, (void *)ctx->irq, timeout);
}
