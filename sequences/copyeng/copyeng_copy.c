/* copyeng/copy: random bytes at a random source, a copy of random length to
 * a random destination, the interrupt, STATUS.DONE, the bytes compared, the
 * interrupt cleared. Also the test registry of the family (one test). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "copyeng_regs.h"
#include "copyeng_seq.h"
#include "seq.h"

#define TIMEOUT 200000u

static int fail(struct seq_ctx *ctx, const char *what, uint64_t expected, uint64_t actual)
{
    bfm_fail(ctx->env, "copyeng", "copy", what, "expected 0x%llx, actual 0x%llx", (unsigned long long)expected,
             (unsigned long long)actual);
    return 1;
}

static int run_copy(struct seq_ctx *ctx)
{
    uint32_t len = (uint32_t)bfm_rng_range(&ctx->rng, 1, 4096);
    uint32_t src = 0x10000000u + (uint32_t)bfm_rng_range(&ctx->rng, 0, 0xffff);
    uint32_t dst = 0x20000000u + (uint32_t)bfm_rng_range(&ctx->rng, 0, 0xffff);
    uint8_t *data = malloc(len), *got = malloc(len);
    if (!data || !got) {
        free(data);
        free(got);
        return fail(ctx, "out of memory", 0, 0);
    }
    for (uint32_t i = 0; i < len; i++)
        data[i] = (uint8_t)bfm_rng_next(&ctx->rng);
    sparse_mem_write(ctx->mem[COPYENG_SEQ_M], src, data, len);
    int rc = 0;
    uint32_t v = 0;
    if (reg_port_write(&ctx->regs, COPYENG_SRC, src, 0, NULL) != BFM_OK ||
        reg_port_write(&ctx->regs, COPYENG_DST, dst, 0, NULL) != BFM_OK ||
        reg_port_write(&ctx->regs, COPYENG_LEN, len, 0, NULL) != BFM_OK ||
        reg_port_write(&ctx->regs, COPYENG_CTRL, COPYENG_CTRL_START, 0, NULL) != BFM_OK)
        rc = fail(ctx, "register writes", 0, 1);
    else if (seq_wait_pin(ctx->env, ctx->irq, TIMEOUT) != BFM_OK)
        rc = fail(ctx, "IRQ within the timeout", 1, 0);
    else if (reg_port_read(&ctx->regs, COPYENG_STATUS, 0, &v, NULL) != BFM_OK || v != COPYENG_STATUS_DONE)
        rc = fail(ctx, "STATUS after the copy", COPYENG_STATUS_DONE, v);
    if (!rc) {
        sparse_mem_read(ctx->mem[COPYENG_SEQ_M], dst, got, len);
        for (uint32_t i = 0; i < len && !rc; i++)
            if (got[i] != data[i])
                rc = fail(ctx, "byte at DST + offset", ((uint64_t)i << 8) | data[i], ((uint64_t)i << 8) | got[i]);
    }
    if (!rc && (reg_port_write(&ctx->regs, COPYENG_IRQ, COPYENG_IRQ_PENDING, 0, NULL) != BFM_OK ||
                reg_port_read(&ctx->regs, COPYENG_IRQ, 0, &v, NULL) != BFM_OK || v != 0 || *ctx->irq))
        rc = fail(ctx, "IRQ cleared", 0, v | *ctx->irq);
    if (!rc)
        printf("copy: %u bytes 0x%08x -> 0x%08x, interrupt raised and cleared\n", (unsigned)len, (unsigned)src,
               (unsigned)dst);
    free(data);
    free(got);
    return rc;
}

static const struct copyeng_seq_test copy = { "copy", "random bytes copied by the engine, checked, interrupt raised and cleared",
                                              run_copy };
const struct copyeng_seq_test *const copyeng_seq_tests[] = { &copy };
const unsigned copyeng_seq_test_count = sizeof copyeng_seq_tests / sizeof copyeng_seq_tests[0];

const struct copyeng_seq_test *copyeng_seq_find(const char *name)
{
    if (!strncmp(name, "copyeng/", 8))
        name += 8;
    for (unsigned i = 0; i < copyeng_seq_test_count; i++)
        if (!strcmp(copyeng_seq_tests[i]->name, name))
            return copyeng_seq_tests[i];
    return NULL;
}
