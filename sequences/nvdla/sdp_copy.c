/* sdp_copy: see sdp_copy.h. */
#include <stdio.h>
#include <stdlib.h>
#include "nvdla_regs.h"
#include "sdp_copy.h"

uint32_t sdp_copy_surfaces(const struct sdp_copy_layer *l)
{
    return (l->channels + l->atom - 1) / l->atom;
}

static uint64_t whole_atoms(uint64_t v, uint32_t atom)
{
    return (v + atom - 1) / atom * atom;
}

void sdp_copy_geometry(struct sdp_copy_layer *l, const struct seq_ctx *ctx, uint32_t w, uint32_t h, uint32_t c,
                       uint64_t src, uint64_t dst, uint32_t line_pad, uint32_t surface_pad)
{
    l->atom = nvdla_seq_atom(ctx);
    l->width = w;
    l->height = h;
    l->channels = c;
    l->src = whole_atoms(src, l->atom);
    l->dst = whole_atoms(dst, l->atom);
    line_pad = (uint32_t)whole_atoms(line_pad, l->atom);
    surface_pad = (uint32_t)whole_atoms(surface_pad, l->atom);
    l->src_line = l->dst_line = w * l->atom + line_pad;
    l->src_surface = l->dst_surface = l->src_line * h + surface_pad;
}

static int is_1x1(const struct sdp_copy_layer *l)
{
    return l->width == 1 && l->height == 1;
}

/* Address of atom (x, y, surface s) on one side. */
static uint64_t atom_addr(const struct sdp_copy_layer *l, int dst, uint32_t x, uint32_t y, uint32_t s)
{
    uint64_t base = dst ? l->dst : l->src;
    if (is_1x1(l))
        return base + (uint64_t)s * l->atom;   /* consecutive atoms */
    return base + (uint64_t)s * (dst ? l->dst_surface : l->src_surface) +
           (uint64_t)y * (dst ? l->dst_line : l->src_line) + (uint64_t)x * l->atom;
}

uint64_t sdp_copy_dst_span(const struct sdp_copy_layer *l)
{
    uint32_t s = sdp_copy_surfaces(l);
    return atom_addr(l, 1, l->width - 1, l->height - 1, s - 1) + l->atom - l->dst + 64;
}

static uint8_t guard_byte(uint64_t a)
{
    return (uint8_t)(0xA5 ^ (a * 31) ^ (a >> 8));
}

void sdp_copy_fill_input(struct seq_ctx *ctx, const struct sdp_copy_layer *l)
{
    for (uint32_t s = 0; s < sdp_copy_surfaces(l); s++)
        for (uint32_t y = 0; y < l->height; y++)
            for (uint32_t x = 0; x < l->width; x++) {
                uint8_t atom[64];   /* the widest atom */
                for (unsigned i = 0; i < l->atom; i++)
                    atom[i] = (uint8_t)bfm_rng_next(&ctx->rng);
                sparse_mem_write(ctx->mem[NVDLA_SEQ_DBB], atom_addr(l, 0, x, y, s), atom, l->atom);
            }
}

void sdp_copy_guard_output(struct seq_ctx *ctx, const struct sdp_copy_layer *l)
{
    uint64_t span = sdp_copy_dst_span(l);
    for (uint64_t a = l->dst; a < l->dst + span; a++) {
        uint8_t g = guard_byte(a);
        sparse_mem_write(ctx->mem[NVDLA_SEQ_DBB], a, &g, 1);
    }
}

#define W(reg, val) SEQ_TRY(seq_reg_write(ctx, NVDLA_##reg, (uint32_t)(val)))

int sdp_copy_program(struct seq_ctx *ctx, const struct sdp_copy_layer *l, int enable)
{
    /* SDP_RDMA: input cube from memory, INT8, no operand DMAs */
    W(SDP_RDMA_D_DATA_CUBE_WIDTH, l->width - 1);
    W(SDP_RDMA_D_DATA_CUBE_HEIGHT, l->height - 1);
    W(SDP_RDMA_D_DATA_CUBE_CHANNEL, l->channels - 1);
    W(SDP_RDMA_D_SRC_BASE_ADDR_LOW, l->src & 0xffffffffu);
    W(SDP_RDMA_D_SRC_BASE_ADDR_HIGH, l->src >> 32);
    W(SDP_RDMA_D_SRC_LINE_STRIDE, l->src_line);
    W(SDP_RDMA_D_SRC_SURFACE_STRIDE, l->src_surface);
    W(SDP_RDMA_D_BRDMA_CFG, 1);    /* disabled */
    W(SDP_RDMA_D_NRDMA_CFG, 1);
    W(SDP_RDMA_D_ERDMA_CFG, 1);
    W(SDP_RDMA_D_FEATURE_MODE_CFG, 0);   /* off-flying, INT8 in/proc/out */
    W(SDP_RDMA_D_SRC_DMA_CFG, 1);        /* MC: external memory */
    /* SDP: every stage bypassed, output to memory */
    W(SDP_D_DATA_CUBE_WIDTH, l->width - 1);
    W(SDP_D_DATA_CUBE_HEIGHT, l->height - 1);
    W(SDP_D_DATA_CUBE_CHANNEL, l->channels - 1);
    W(SDP_D_DST_BASE_ADDR_LOW, l->dst & 0xffffffffu);
    W(SDP_D_DST_BASE_ADDR_HIGH, l->dst >> 32);
    W(SDP_D_DST_LINE_STRIDE, l->dst_line);
    W(SDP_D_DST_SURFACE_STRIDE, l->dst_surface);
    W(SDP_D_DP_BS_CFG, 0x53);   /* BS, ALU, MUL, ReLU bypassed */
    W(SDP_D_DP_BN_CFG, 0x53);
    W(SDP_D_DP_EW_CFG, 0x53);
    W(SDP_D_FEATURE_MODE_CFG, 0);  /* off-flying, to memory */
    W(SDP_D_DST_DMA_CFG, 1);
    W(SDP_D_DATA_FORMAT, 0);
    W(SDP_D_CVT_OFFSET, 0);
    W(SDP_D_CVT_SCALE, 1);
    W(SDP_D_CVT_SHIFT, 0);
    if (enable)
        return sdp_copy_enable(ctx);
    return 0;
}

int sdp_copy_enable(struct seq_ctx *ctx)
{
    W(SDP_D_OP_ENABLE, 1);
    W(SDP_RDMA_D_OP_ENABLE, 1);
    return 0;
}

int sdp_copy_check(struct seq_ctx *ctx, const struct sdp_copy_layer *l, const char *name)
{
    uint64_t span = sdp_copy_dst_span(l);
    uint8_t *expect = malloc(span), *actual = malloc(span);
    uint8_t *owned = calloc(span, 1);
    if (!expect || !actual || !owned) {
        free(expect);
        free(actual);
        free(owned);
        return seq_fail(ctx, "%s: out of memory for a %llu-byte compare", name, (unsigned long long)span);
    }
    for (uint64_t i = 0; i < span; i++)
        expect[i] = guard_byte(l->dst + i);
    for (uint32_t s = 0; s < sdp_copy_surfaces(l); s++)
        for (uint32_t y = 0; y < l->height; y++)
            for (uint32_t x = 0; x < l->width; x++) {
                uint64_t off = atom_addr(l, 1, x, y, s) - l->dst;
                sparse_mem_read(ctx->mem[NVDLA_SEQ_DBB], atom_addr(l, 0, x, y, s), expect + off, l->atom);
                for (unsigned i = 0; i < l->atom; i++)
                    owned[off + i] = 1;
            }
    sparse_mem_read(ctx->mem[NVDLA_SEQ_DBB], l->dst, actual, span);
    int rc = 0;
    for (uint64_t i = 0; i < span; i++)
        if (expect[i] != actual[i]) {
            uint64_t a = l->dst + i;
            if (owned[i]) {
                uint64_t rel = i;
                uint32_t s = is_1x1(l) ? (uint32_t)(rel / l->atom) : (uint32_t)(rel / l->dst_surface);
                uint32_t y = is_1x1(l) ? 0 : (uint32_t)(rel % l->dst_surface / l->dst_line);
                uint32_t x = is_1x1(l) ? 0 : (uint32_t)(rel % l->dst_surface % l->dst_line / l->atom);
                uint32_t c = s * l->atom + (uint32_t)(rel % l->atom);
                rc = seq_fail(ctx, "%s: first mismatch at 0x%llx (w %u, h %u, c %u): expected 0x%02x, "
                              "actual 0x%02x", name, (unsigned long long)a, x, y, c, expect[i], actual[i]);
            } else {
                rc = seq_fail(ctx, "%s: byte 0x%llx outside the output cube was written: expected guard "
                              "0x%02x, actual 0x%02x", name, (unsigned long long)a, expect[i], actual[i]);
            }
            break;
        }
    free(expect);
    free(actual);
    free(owned);
    return rc;
}

int sdp_copy_wait_done(struct seq_ctx *ctx, uint32_t expect_status, uint64_t timeout)
{
    SEQ_TRY(seq_wait_irq(ctx, timeout));
    /* dla_intr is registered: it may still show an event just cleared, so
     * wait for the expected status bits themselves */
    SEQ_TRY(seq_reg_poll(ctx, NVDLA_GLB_S_INTR_STATUS, expect_status, expect_status, timeout));
    uint32_t st;
    SEQ_TRY(seq_reg_read(ctx, NVDLA_GLB_S_INTR_STATUS, &st));
    if (st != expect_status)
        return seq_fail(ctx, "GLB S_INTR_STATUS after the interrupt: expected 0x%08x, actual 0x%08x",
                        expect_status, st);
    W(GLB_S_INTR_STATUS, st);   /* write 1 to clear */
    SEQ_TRY(seq_reg_read(ctx, NVDLA_GLB_S_INTR_STATUS, &st));
    if (st != 0)
        return seq_fail(ctx, "GLB S_INTR_STATUS after write-1-to-clear: expected 0, actual 0x%08x", st);
    /* the line is registered: give it a few cycles to fall */
    for (int i = 0; i < 4 && *ctx->irq; i++)
        if (ctx->env->step(ctx->env))
            return 1;
    if (*ctx->irq)
        return seq_fail(ctx, "dla_intr still high after clearing S_INTR_STATUS: expected 0, actual 1");
    return 0;
}
