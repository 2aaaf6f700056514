/* ethosu_seq_common: lookup and helpers shared by the Ethos-U65 sequences. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "ethosu_seq.h"
#include "seq.h"

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
    va_list ap;
    va_start(ap, fmt);
    int rc = seq_vfail_env(ctx->seq.env, fmt, ap);
    va_end(ap);
    return rc;
}

enum bfm_status ethosu_seq_wait_irq(struct ethosu_seq_ctx *ctx, uint64_t timeout)
{
    return seq_wait_pin(ctx->seq.env, ctx->seq.irq, timeout);
}
