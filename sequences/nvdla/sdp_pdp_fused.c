/* sdp_pdp_fused: SDP feeding PDP on the fly (SDP OUTPUT_DST = PDP, PDP
 * FLYING_MODE = ON_FLYING) must produce exactly what the two layers give
 * when run one after the other through memory (SDP to a buffer, then PDP
 * off-flying from it) -- the separate layers are the ones the real NVDLA
 * traces check bit-exactly. Also: the fused SDP writes nothing to memory and
 * both SDP_DONE and PDP_DONE fire. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nvdla_regs.h"
#include "sdp_copy.h"

#define DONE_TIMEOUT 500000
#define W(reg, val) SEQ_TRY(seq_reg_write(ctx, NVDLA_##reg, (uint32_t)(val)))

#define IN_W 9u
#define IN_H 7u
#define IN_C 20u
#define OUT_W 5u   /* (1 + 9 + 1 - 3) / 2 + 1 */
#define OUT_H 4u   /* (1 + 7 + 1 - 3) / 2 + 1 */
#define SURFACES ((IN_C + 7) / 8)
#define PAD_VALUE (-3)

#define SRC 0x80000000u
#define TMP 0x81000000u        /* SDP output of the two-step run */
#define OUT_STEPS 0x82000000u  /* PDP output of the two-step run */
#define OUT_FUSED 0x83000000u  /* PDP output of the fused run */
#define GUARD 0x84000000u      /* SDP's D_DST in the fused run: must stay untouched */
#define GUARD_BYTES 4096u

/* Let software program the group each unit consumes next. */
static int select_consumer_groups(struct seq_ctx *ctx, uint32_t *sdp_group, uint32_t *pdp_group)
{
    static const uint32_t units[][2] = {
        { NVDLA_SDP_S_POINTER, 0 }, { NVDLA_SDP_RDMA_S_POINTER, 0 },
        { NVDLA_PDP_S_POINTER, 1 }, { NVDLA_PDP_RDMA_S_POINTER, 1 },
    };
    for (unsigned i = 0; i < 4; i++) {
        uint32_t ptr;
        SEQ_TRY(seq_reg_read(ctx, units[i][0], &ptr));
        uint32_t g = (ptr >> 16) & 1u;
        SEQ_TRY(seq_reg_write(ctx, units[i][0], g));
        if (i == 0)
            *sdp_group = g;
        if (i == 2)
            *pdp_group = g;
    }
    return 0;
}

/* SDP: BS stage x -> (x + 5) * 3, rounded shift 1; everything else bypassed. */
static int program_sdp(struct seq_ctx *ctx, uint64_t dst, int to_pdp)
{
    struct sdp_copy_layer l;
    sdp_copy_geometry(&l, ctx, IN_W, IN_H, IN_C, SRC, dst, 0, 0);
    if (sdp_copy_program(ctx, &l, 0))
        return 1;
    W(SDP_D_DP_BS_CFG, 0x48);          /* stage on: ALU SUM, MUL on, ReLU bypassed */
    W(SDP_D_DP_BS_ALU_CFG, 0);         /* REG operand, no shift */
    W(SDP_D_DP_BS_ALU_SRC_VALUE, 5);
    W(SDP_D_DP_BS_MUL_CFG, 0x100);     /* REG operand, rounding shift 1 */
    W(SDP_D_DP_BS_MUL_SRC_VALUE, 3);
    W(SDP_D_FEATURE_MODE_CFG, to_pdp ? NVDLA_SDP_D_FEATURE_MODE_CFG_OUTPUT_DST_MASK : 0);
    return 0;
}

/* PDP: 3x3 average, stride 2, one padded row/column on every side. */
static int program_pdp(struct seq_ctx *ctx, uint64_t src, uint64_t dst, int on_flying)
{
    uint32_t line = IN_W * SDP_ATOM, surface = line * IN_H;
    uint32_t oline = OUT_W * SDP_ATOM, osurface = oline * OUT_H;
    W(PDP_D_DATA_CUBE_IN_WIDTH, IN_W - 1);
    W(PDP_D_DATA_CUBE_IN_HEIGHT, IN_H - 1);
    W(PDP_D_DATA_CUBE_IN_CHANNEL, IN_C - 1);
    W(PDP_D_DATA_CUBE_OUT_WIDTH, OUT_W - 1);
    W(PDP_D_DATA_CUBE_OUT_HEIGHT, OUT_H - 1);
    W(PDP_D_DATA_CUBE_OUT_CHANNEL, IN_C - 1);
    W(PDP_D_OPERATION_MODE_CFG, on_flying ? 0 : NVDLA_PDP_D_OPERATION_MODE_CFG_FLYING_MODE_MASK);
    W(PDP_D_POOLING_KERNEL_CFG, 0x110202);   /* 3x3, stride 2x2 */
    W(PDP_D_RECIP_KERNEL_WIDTH, 0x5555);
    W(PDP_D_RECIP_KERNEL_HEIGHT, 0x5555);
    W(PDP_D_POOLING_PADDING_CFG, 0x1111);    /* left, top, right, bottom = 1 */
    for (int n = 1; n <= 7; n++)             /* n * p in the 19-bit field */
        SEQ_TRY(seq_reg_write(ctx, NVDLA_PDP_D_POOLING_PADDING_VALUE_1_CFG + 4u * (unsigned)(n - 1),
                          (uint32_t)(n * PAD_VALUE) & 0x7ffffu));
    W(PDP_D_DST_BASE_ADDR_LOW, dst);
    W(PDP_D_DST_BASE_ADDR_HIGH, 0);
    W(PDP_D_DST_LINE_STRIDE, oline);
    W(PDP_D_DST_SURFACE_STRIDE, osurface);
    W(PDP_D_DST_RAM_CFG, 1);
    W(PDP_D_DATA_FORMAT, 0);
    if (on_flying)
        return 0;
    W(PDP_RDMA_D_DATA_CUBE_IN_WIDTH, IN_W - 1);
    W(PDP_RDMA_D_DATA_CUBE_IN_HEIGHT, IN_H - 1);
    W(PDP_RDMA_D_DATA_CUBE_IN_CHANNEL, IN_C - 1);
    W(PDP_RDMA_D_FLYING_MODE, 1);
    W(PDP_RDMA_D_SRC_BASE_ADDR_LOW, src);
    W(PDP_RDMA_D_SRC_BASE_ADDR_HIGH, 0);
    W(PDP_RDMA_D_SRC_LINE_STRIDE, line);
    W(PDP_RDMA_D_SRC_SURFACE_STRIDE, surface);
    W(PDP_RDMA_D_SRC_RAM_CFG, 1);
    W(PDP_RDMA_D_DATA_FORMAT, 0);
    W(PDP_RDMA_D_POOLING_KERNEL_CFG, 0x12);  /* width 3, stride 2 */
    W(PDP_RDMA_D_POOLING_PADDING_CFG, 1);
    return 0;
}

static int sdp_pdp_fused(struct seq_ctx *ctx)
{
    uint32_t gs, gp;
    struct sdp_copy_layer in;
    sdp_copy_geometry(&in, ctx, IN_W, IN_H, IN_C, SRC, TMP, 0, 0);
    sdp_copy_fill_input(ctx, &in);

    /* 1: SDP to memory, then PDP from memory */
    if (select_consumer_groups(ctx, &gs, &gp) || program_sdp(ctx, TMP, 0))
        return 1;
    W(SDP_D_OP_ENABLE, 1);
    W(SDP_RDMA_D_OP_ENABLE, 1);
    if (sdp_copy_wait_done(ctx, 1u << gs, DONE_TIMEOUT))
        return 1;
    if (select_consumer_groups(ctx, &gs, &gp) || program_pdp(ctx, TMP, OUT_STEPS, 0))
        return 1;
    W(PDP_D_OP_ENABLE, 1);
    W(PDP_RDMA_D_OP_ENABLE, 1);
    if (sdp_copy_wait_done(ctx, 1u << (4 + gp), DONE_TIMEOUT))
        return 1;

    /* 2: the same, fused; PDP is enabled first and waits for SDP's data */
    uint8_t guard[GUARD_BYTES];
    for (unsigned i = 0; i < GUARD_BYTES; i++)
        guard[i] = (uint8_t)(0x5a ^ i);
    sparse_mem_write(ctx->mem[NVDLA_SEQ_DBB], GUARD, guard, GUARD_BYTES);
    if (select_consumer_groups(ctx, &gs, &gp) || program_pdp(ctx, 0, OUT_FUSED, 1) ||
        program_sdp(ctx, GUARD, 1))
        return 1;
    W(PDP_D_OP_ENABLE, 1);
    W(SDP_D_OP_ENABLE, 1);
    W(SDP_RDMA_D_OP_ENABLE, 1);
    if (sdp_copy_wait_done(ctx, (1u << gs) | (1u << (4 + gp)), DONE_TIMEOUT))
        return 1;

    size_t n = (size_t)OUT_W * OUT_H * SURFACES * SDP_ATOM;
    uint8_t *steps = malloc(n), *fused = malloc(n), *after = malloc(GUARD_BYTES);
    if (!steps || !fused || !after) {
        free(steps);
        free(fused);
        free(after);
        return seq_fail(ctx, "out of memory");
    }
    sparse_mem_read(ctx->mem[NVDLA_SEQ_DBB], OUT_STEPS, steps, n);
    sparse_mem_read(ctx->mem[NVDLA_SEQ_DBB], OUT_FUSED, fused, n);
    sparse_mem_read(ctx->mem[NVDLA_SEQ_DBB], GUARD, after, GUARD_BYTES);
    int rc = 0;
    size_t nonzero = 0;
    for (size_t i = 0; i < n; i++)
        nonzero += steps[i] != 0;
    for (size_t i = 0; i < n && !rc; i++)
        if (steps[i] != fused[i]) {
            size_t atom = i / SDP_ATOM;
            rc = seq_fail(ctx, "fused SDP->PDP output differs from SDP then PDP at 0x%zx (w %zu, h %zu, "
                          "c %zu): expected %d (two steps), actual %d (fused)", OUT_FUSED + i,
                          atom % OUT_W, atom / OUT_W % OUT_H, atom / (OUT_W * OUT_H) * SDP_ATOM + i % SDP_ATOM,
                          (int8_t)steps[i], (int8_t)fused[i]);
        }
    if (!rc && nonzero < n / 4)
        rc = seq_fail(ctx, "the pooled output is mostly zero (%zu of %zu bytes non-zero): the check would "
                      "prove nothing", nonzero, n);
    if (!rc && memcmp(guard, after, GUARD_BYTES))
        rc = seq_fail(ctx, "fused SDP wrote to memory at its D_DST 0x%x although its output goes to PDP",
                      GUARD);
    if (!rc)
        printf("sdp_pdp_fused: %ux%ux%u -> %ux%u fused output equals SDP then PDP (%zu bytes)\n", IN_W,
               IN_H, IN_C, OUT_W, OUT_H, n);
    free(steps);
    free(fused);
    free(after);
    return rc;
}

const struct nvdla_seq_test seq_sdp_pdp_fused = {
    "sdp_pdp_fused", "SDP feeding PDP on the fly equals SDP then PDP through memory", sdp_pdp_fused,
    "SDP arithmetic, PDP", "nv_small" };
