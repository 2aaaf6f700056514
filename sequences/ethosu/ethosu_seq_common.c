/* ethosu_seq_common: lookup and helpers shared by the Ethos-U65 sequences. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "ethosu_regs.h"
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

const char *ethosu_seq_skip_u85_stub(int cfg, const char *dut, int user_rtl)
{
    if (cfg < 0 || cfg >= ETHOSU_CFG_COUNT || ethosu_configs[cfg].product != ETHOSU_PRODUCT_U85 ||
        strcmp(dut, "rtl") || user_rtl)
        return NULL;
    return "the shipped Ethos-U85 stub (rtl_stubs/ethosu85) runs the Ethos-U65 stub's engines and does not execute "
           "command stream 2.0; DUT=twin runs it, RTL_FILES=... your Ethos-U85 RTL";
}

const char *ethosu_seq_skip(const struct ethosu_seq_test *t, int cfg, const char *dut, int user_rtl)
{
    return t->skip_reason ? t->skip_reason(cfg, dut, user_rtl) : NULL;
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
