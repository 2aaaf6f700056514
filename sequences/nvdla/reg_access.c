/* reg_access: register reset values and read-back through the CSB BFM,
 * checked against the generated register table, both ping-pong groups. */
#include <stdio.h>
#include "nvdla_cfgrom.h"
#include "nvdla_regs.h"
#include "nvdla_seq.h"

static uint32_t defined_bits(const struct nvdla_reg_desc *r)
{
    return r->rw_mask | r->ro_mask | r->w1c_mask;
}

/* Registers whose CSB behaviour is not plain storage: the engine owns them
 * (CDMA S_CBUF_FLUSH_STATUS follows the CBUF flush after reset). */
static int special(int i)
{
    const struct nvdla_reg_desc *r = &nvdla_regs[i];
    const struct nvdla_unit_desc *u = &nvdla_units[r->unit];
    return i == u->op_enable || i == u->s_pointer || i == u->s_status ||
           i == NVDLA_SDP_S_LUT_ACCESS_DATA_IDX || i == NVDLA_CDP_S_LUT_ACCESS_DATA_IDX ||
           i == NVDLA_CDMA_S_CBUF_FLUSH_STATUS_IDX;
}

/* The CBUF flushes itself after reset (about 8,192 cycles): FLUSH_DONE
 * reads 0 until then (this test reads it within its first few hundred
 * cycles), then 1. */
#define FLUSH_CYCLES_MIN 4096
#define FLUSH_TIMEOUT 20000

/* Register i's reset value on the run's configuration: the table's, with
 * the ConfigROM values its real RTL reads (nvdla_cfgrom); 0 in a unit it
 * leaves out (read as an address hole). */
static uint32_t reset_of(const struct seq_ctx *ctx, int i)
{
    static uint32_t resets[NVDLA_REG_COUNT];
    static const struct nvdla_config *done_for;
    static int done;
    if (!done || done_for != nvdla_seq_const(ctx)->hw) {
        for (int k = 0; k < NVDLA_REG_COUNT; k++)
            resets[k] = nvdla_regs[k].reset;
        nvdla_cfgrom_apply(nvdla_seq_const(ctx)->hw, resets);
        for (int k = 0; k < NVDLA_REG_COUNT; k++)
            if (!nvdla_cfgrom_unit_decoded(nvdla_seq_const(ctx)->hw, (enum nvdla_unit)nvdla_regs[k].unit))
                resets[k] = 0;
        done_for = nvdla_seq_const(ctx)->hw;
        done = 1;
    }
    return resets[i];
}

static int reg_reset_values(struct seq_ctx *ctx)
{
    int bad = 0;
    for (int i = 0; i < NVDLA_REG_COUNT; i++) {
        const struct nvdla_reg_desc *r = &nvdla_regs[i];
        uint32_t v;
        SEQ_TRY(seq_reg_read(ctx, r->addr, &v));
        uint32_t want = i == NVDLA_CDMA_S_CBUF_FLUSH_STATUS_IDX ? 0 : reset_of(ctx, i) & defined_bits(r);
        if (v != want) {
            if (!bad)
                seq_fail(ctx, "%s.%s (0x%05x) reset value: expected 0x%08x, actual 0x%08x",
                         r->unit_name, r->name, r->addr, want, v);
            else
                fprintf(stderr, "  also %s.%s: expected 0x%08x, actual 0x%08x\n",
                        r->unit_name, r->name, want, v);
            bad++;
        }
    }
    /* the flush ends: FLUSH_DONE rises, neither at once nor never */
    uint64_t t0 = ctx->env->cycle;
    SEQ_TRY(seq_reg_poll(ctx, NVDLA_CDMA_S_CBUF_FLUSH_STATUS, 1u, 1u, FLUSH_TIMEOUT));
    if (ctx->env->cycle < FLUSH_CYCLES_MIN)
        return seq_fail(ctx, "CDMA.S_CBUF_FLUSH_STATUS: FLUSH_DONE rose by cycle %llu, expected the CBUF flush "
                        "after reset to take at least %d cycles", (unsigned long long)ctx->env->cycle,
                        FLUSH_CYCLES_MIN);
    printf("reg_reset_values: CBUF flush done by cycle %llu (polled from cycle %llu)\n",
           (unsigned long long)ctx->env->cycle, (unsigned long long)t0);
    /* An address hole reads zero. */
    uint32_t v;
    SEQ_TRY(seq_reg_read(ctx, 0x3fffc, &v));
    if (v != 0)
        return seq_fail(ctx, "address hole 0x3fffc: expected 0, actual 0x%08x", v);
    printf("reg_reset_values: %d registers checked, %d wrong\n", NVDLA_REG_COUNT, bad);
    return bad != 0;
}

/* What register r reads after data is written over old: a unit the
 * configuration leaves out ignores the write (reads 0); GLB S_INTR_SET is
 * write-only (reads 0, sets S_INTR_STATUS bits: reg_readback adds them). */
static uint32_t after_write(const struct seq_ctx *ctx, const struct nvdla_reg_desc *r, uint32_t old, uint32_t data)
{
    if (!nvdla_cfgrom_unit_decoded(nvdla_seq_const(ctx)->hw, (enum nvdla_unit)r->unit) || r == &nvdla_regs[NVDLA_GLB_S_INTR_SET_IDX])
        return 0;
    uint32_t v = (old & ~r->rw_mask) | (data & r->rw_mask);
    v &= ~(data & r->w1c_mask);
    return v & defined_bits(r);
}

static int check(struct seq_ctx *ctx, int i, uint32_t want, const char *what)
{
    const struct nvdla_reg_desc *r = &nvdla_regs[i];
    uint32_t v;
    SEQ_TRY(seq_reg_read(ctx, r->addr, &v));
    if (v != want)
        return seq_fail(ctx, "%s.%s (0x%05x) %s: expected 0x%08x, actual 0x%08x", r->unit_name,
                        r->name, r->addr, what, want, v);
    return 0;
}

static int reg_readback(struct seq_ctx *ctx)
{
    static uint32_t a[NVDLA_REG_COUNT], b[NVDLA_REG_COUNT];
    unsigned n = 0;
    uint32_t intr_set = 0;
    for (int u = 0; u < NVDLA_UNIT_COUNT; u++) {
        int ptr = nvdla_units[u].s_pointer;
        /* group 0 (and single registers), then group 1, then read both back */
        for (int g = 0; g < 2; g++) {
            if (ptr >= 0)
                SEQ_TRY(seq_reg_write(ctx, nvdla_regs[ptr].addr, (uint32_t)g));
            for (int i = 0; i < NVDLA_REG_COUNT; i++) {
                const struct nvdla_reg_desc *r = &nvdla_regs[i];
                if (r->unit != u || special(i) || (g == 1 && !r->dual))
                    continue;
                uint32_t data = (uint32_t)bfm_rng_next(&ctx->rng);
                uint32_t *want = g ? b : a;
                uint32_t old = reset_of(ctx, i) & defined_bits(r);
                if (i == NVDLA_GLB_S_INTR_STATUS_IDX)
                    old |= intr_set;   /* raised by the S_INTR_SET write before it */
                want[i] = after_write(ctx, r, old, data);
                if (i == NVDLA_GLB_S_INTR_SET_IDX)
                    intr_set = data & r->rw_mask & ~nvdla_cfgrom_intr_left_out(nvdla_seq_const(ctx)->hw);
                SEQ_TRY(seq_reg_write(ctx, r->addr, data));
                n++;
            }
        }
        for (int g = 1; g >= 0; g--) {
            if (ptr >= 0)
                SEQ_TRY(seq_reg_write(ctx, nvdla_regs[ptr].addr, (uint32_t)g));
            for (int i = 0; i < NVDLA_REG_COUNT; i++) {
                const struct nvdla_reg_desc *r = &nvdla_regs[i];
                if (r->unit != u || special(i))
                    continue;
                uint32_t want = (g && r->dual) ? b[i] : a[i];
                if (check(ctx, i, want, g && r->dual ? "group 1 read-back" : "read-back"))
                    return 1;
            }
        }
        if (ptr >= 0) {
            /* PRODUCER reads back, CONSUMER stays 0 without an engine run
             * (a unit the configuration leaves out reads 0) */
            SEQ_TRY(seq_reg_write(ctx, nvdla_regs[ptr].addr, 0xffffffffu));
            if (check(ctx, ptr, (uint32_t)nvdla_cfgrom_unit_decoded(nvdla_seq_const(ctx)->hw, (enum nvdla_unit)u),
                      "S_POINTER after writing all ones"))
                return 1;
            SEQ_TRY(seq_reg_write(ctx, nvdla_regs[ptr].addr, 0));
        }
    }
    unsigned left_out = 0;
    for (int u = 0; u < NVDLA_UNIT_COUNT; u++)
        left_out += !nvdla_cfgrom_unit_decoded(nvdla_seq_const(ctx)->hw, (enum nvdla_unit)u);
    printf("reg_readback: %u writes checked (%u units %s leaves out read 0)\n", n, left_out, nvdla_seq_const(ctx)->hw->name);
    return 0;
}

const struct nvdla_seq_test seq_reg_reset_values = {
    "reg_reset_values", "every register's reset value read through CSB", reg_reset_values, NULL, NULL };
const struct nvdla_seq_test seq_reg_readback = {
    "reg_readback", "write/read-back of every register, both ping-pong groups", reg_readback, NULL, NULL };
