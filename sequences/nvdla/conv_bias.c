/* conv_bias: one direct convolution through the whole pipeline (CDMA fetch,
 * CSC padding with a pad value, CMAC, CACC clip) handed on the fly to SDP,
 * which adds a per-channel bias fetched from memory (two-byte operands) and
 * applies ReLU. The expected output comes from a plain textbook loop over
 * ordinary KCRS / CHW arrays written here, not from the golden models. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "golden_conv.h"
#include "golden_layout.h"
#include "nvdla_regs.h"
#include "nvdla_seq.h"

#define W(reg, val) SEQ_TRY(seq_reg_write(ctx, NVDLA_##reg, (uint32_t)(val)))
#define DONE_TIMEOUT 500000
#define FLUSH_TIMEOUT 20000

enum { IN_W = 5, IN_H = 4, IN_C = 10, KS = 3, KR = 3, KK = 12, PAD_L = 1, PAD_T = 1, PAD_VALUE = -3,
       CLIP = 2, OUT_W = 5, OUT_H = 4, LANES = 16 /* 12 kernels in 2 surfaces of 8 */ };
#define FEATURE 0x80000000u
#define WEIGHTS 0x80100000u
#define BIAS 0x80200000u
#define DST 0x80300000u
#define ENTRIES (IN_W * ((IN_C + 7) / 8))
#define DATA_BANKS ((ENTRIES * IN_H + 511) / 512)
#define WEIGHT_BANKS 1

static int64_t round_shift(int64_t v, unsigned s)   /* half away from zero */
{
    int64_t h = (int64_t)1 << (s - 1);
    return v >= 0 ? (v + h) >> s : -((-v + h) >> s);
}

static int conv_bias(struct seq_ctx *ctx)
{
    int8_t x[IN_C][IN_H][IN_W], wt[KK][IN_C][KR][KS];
    int16_t bias[LANES];
    for (int c = 0; c < IN_C; c++)
        for (int y = 0; y < IN_H; y++)
            for (int i = 0; i < IN_W; i++)
                x[c][y][i] = (int8_t)bfm_rng_range(&ctx->rng, 0, 80) - 40;
    for (int k = 0; k < KK; k++)
        for (int c = 0; c < IN_C; c++)
            for (int r = 0; r < KR; r++)
                for (int s = 0; s < KS; s++)
                    wt[k][c][r][s] = (int8_t)bfm_rng_range(&ctx->rng, 0, 30) - 15;
    for (int k = 0; k < LANES; k++)
        bias[k] = (int16_t)(bfm_rng_range(&ctx->rng, 0, 400) - 200);

    /* memory images: feature cube (packed, lanes past C zero), weights, bias */
    struct golden_conv_cfg g = {
        .in_w = IN_W, .in_h = IN_H, .in_c = IN_C, .kernel_w = KS, .kernel_h = KR, .kernel_c = IN_C,
        .kernels = KK, .stride_x = 1, .stride_y = 1, .dilation_x = 1, .dilation_y = 1,
        .pad_left = PAD_L, .pad_top = PAD_T, .pad_value = PAD_VALUE, .out_w = OUT_W, .out_h = OUT_H,
        .out_c = KK, .clip_truncate = CLIP,
    };
    size_t wbytes = (size_t)golden_conv_weight_bytes(&g);   /* 1,080: a multiple of the 8-byte atom */
    uint8_t *wmem = malloc(wbytes);
    struct golden_tensor t = { 0 };
    if (!wmem || golden_layout_weights_from_kcrs(&g, &wt[0][0][0][0], wmem, wbytes) ||
        golden_layout_from_nchw(&t, &x[0][0][0], IN_W, IN_H, IN_C)) {
        free(wmem);
        golden_tensor_free(&t);
        return seq_fail(ctx, "conv_bias: building the inputs failed");
    }
    uint8_t feature[2 * IN_H * IN_W * 8];
    struct golden_layout packed = golden_layout_packed(IN_W, IN_H, 1);
    golden_pack(&packed, &t, feature);
    golden_tensor_free(&t);
    sparse_mem_write(ctx->mem[NVDLA_SEQ_DBB], FEATURE, feature, sizeof feature);
    sparse_mem_write(ctx->mem[NVDLA_SEQ_DBB], WEIGHTS, wmem, wbytes);
    free(wmem);
    for (int k = 0; k < LANES; k++) {
        uint8_t le[2] = { (uint8_t)(bias[k] & 0xff), (uint8_t)((uint16_t)bias[k] >> 8) };
        sparse_mem_write(ctx->mem[NVDLA_SEQ_DBB], BIAS + 2u * (unsigned)k, le, 2);
    }

    /* SDP (on the fly from CACC): BS = ALU SUM with the bias from memory, ReLU */
    W(SDP_D_DATA_CUBE_WIDTH, OUT_W - 1);
    W(SDP_D_DATA_CUBE_HEIGHT, OUT_H - 1);
    W(SDP_D_DATA_CUBE_CHANNEL, KK - 1);
    W(SDP_D_DST_BASE_ADDR_LOW, DST);
    W(SDP_D_DST_LINE_STRIDE, OUT_W * 8);
    W(SDP_D_DST_SURFACE_STRIDE, OUT_W * OUT_H * 8);
    W(SDP_D_DP_BS_CFG, 0x18);        /* on: ALU SUM, MUL bypassed, ReLU on */
    W(SDP_D_DP_BS_ALU_CFG, 1);       /* operand from memory, no shift */
    W(SDP_D_DP_BN_CFG, 0x53);
    W(SDP_D_DP_EW_CFG, 0x53);
    W(SDP_D_FEATURE_MODE_CFG, 1);    /* input from the convolution, output to memory */
    W(SDP_D_DATA_FORMAT, 0);
    W(SDP_D_CVT_SCALE, 1);
    /* every cube in DBBIF memory: RAM type MC (the reset value, CV, names the
     * SRAMIF, which nv_small has not: its DMA interface never issues the request) */
    W(SDP_D_DST_DMA_CFG, 1);
    W(SDP_RDMA_D_DATA_CUBE_WIDTH, OUT_W - 1);
    W(SDP_RDMA_D_DATA_CUBE_HEIGHT, OUT_H - 1);
    W(SDP_RDMA_D_DATA_CUBE_CHANNEL, KK - 1);
    W(SDP_RDMA_D_FEATURE_MODE_CFG, 1);   /* flying, INT8 */
    W(SDP_RDMA_D_BRDMA_CFG, 0x2a);       /* enabled, ALU, two bytes, per channel, MC */
    W(SDP_RDMA_D_BS_BASE_ADDR_LOW, BIAS);
    W(SDP_RDMA_D_NRDMA_CFG, 1);
    W(SDP_RDMA_D_ERDMA_CFG, 1);
    /* CDMA */
    W(CDMA_D_MISC_CFG, 0);
    W(CDMA_D_DATAIN_FORMAT, 0);
    W(CDMA_D_DATAIN_SIZE_0, (IN_H - 1) << 16 | (IN_W - 1));
    W(CDMA_D_DATAIN_SIZE_1, IN_C - 1);
    W(CDMA_D_DAIN_ADDR_LOW_0, FEATURE);
    W(CDMA_D_DAIN_RAM_TYPE, 1);
    W(CDMA_D_WEIGHT_RAM_TYPE, 1);
    W(CDMA_D_LINE_STRIDE, IN_W * 8);
    W(CDMA_D_SURF_STRIDE, IN_W * IN_H * 8);
    W(CDMA_D_DAIN_MAP, 0x10001);
    W(CDMA_D_WEIGHT_ADDR_LOW, WEIGHTS);
    W(CDMA_D_WEIGHT_BYTES, wbytes);
    W(CDMA_D_WEIGHT_SIZE_0, KR * KS * IN_C - 1);
    W(CDMA_D_WEIGHT_SIZE_1, KK - 1);
    /* CBUF (nv_small: 8-byte entries, banks of 512): a slice is one entry
     * per 8 channels of each column; the data banks hold the cube, the
     * weight banks at least one (the rules of sim/nvdla/model/nvdla_prog_check.h) */
    W(CDMA_D_ENTRY_PER_SLICE, ENTRIES - 1);
    W(CDMA_D_BANK, (WEIGHT_BANKS - 1) << 16 | (DATA_BANKS - 1));
    /* CSC */
    W(CSC_D_MISC_CFG, 0);
    W(CSC_D_DATAIN_SIZE_EXT_0, (IN_H - 1) << 16 | (IN_W - 1));
    W(CSC_D_DATAIN_SIZE_EXT_1, IN_C - 1);
    W(CSC_D_WEIGHT_SIZE_EXT_0, (KR - 1) << 16 | (KS - 1));
    W(CSC_D_WEIGHT_SIZE_EXT_1, (KK - 1) << 16 | (IN_C - 1));
    W(CSC_D_DATAOUT_SIZE_0, (OUT_H - 1) << 16 | (OUT_W - 1));
    W(CSC_D_DATAOUT_SIZE_1, KK - 1);
    W(CSC_D_ENTRY_PER_SLICE, ENTRIES - 1);
    W(CSC_D_BANK, (WEIGHT_BANKS - 1) << 16 | (DATA_BANKS - 1));
    W(CSC_D_WEIGHT_BYTES, wbytes);
    W(CSC_D_ZERO_PADDING, PAD_T << 16 | PAD_L);
    W(CSC_D_ZERO_PADDING_VALUE, (uint16_t)PAD_VALUE);
    /* one atomic operation per output element (rule csc-atomics: the reset
     * value, 1, hangs the real nv_small RTL; the twin would not notice) */
    W(CSC_D_ATOMICS, OUT_W * OUT_H - 1);
    W(CMAC_A_D_MISC_CFG, 0);
    W(CMAC_B_D_MISC_CFG, 0);
    W(CACC_D_MISC_CFG, 0);
    W(CACC_D_CLIP_CFG, CLIP);
    /* the CBUF flushes itself after reset: wait for it as firmware does */
    SEQ_TRY(seq_reg_poll(ctx, NVDLA_CDMA_S_CBUF_FLUSH_STATUS, 1u, 1u, FLUSH_TIMEOUT));
    /* enable downstream first, as the traces do */
    W(SDP_RDMA_D_OP_ENABLE, 1);
    W(SDP_D_OP_ENABLE, 1);
    W(CACC_D_OP_ENABLE, 1);
    W(CMAC_A_D_OP_ENABLE, 1);
    W(CMAC_B_D_OP_ENABLE, 1);
    W(CSC_D_OP_ENABLE, 1);
    W(CDMA_D_OP_ENABLE, 1);
    SEQ_TRY(seq_wait_irq(ctx, DONE_TIMEOUT));
    SEQ_TRY(seq_reg_poll(ctx, NVDLA_GLB_S_INTR_STATUS, 1u, 1u, DONE_TIMEOUT));   /* SDP_DONE_STATUS0 */

    /* the textbook convolution, CACC rounding, bias, ReLU, int8 saturation */
    int nonzero = 0;
    for (int k = 0; k < LANES; k++)
        for (int oy = 0; oy < OUT_H; oy++)
            for (int ox = 0; ox < OUT_W; ox++) {
                int64_t acc = 0;
                for (int c = 0; k < KK && c < IN_C; c++)
                    for (int r = 0; r < KR; r++)
                        for (int s = 0; s < KS; s++) {
                            int iy = oy + r - PAD_T, ix = ox + s - PAD_L;
                            int v = (iy < 0 || iy >= IN_H || ix < 0 || ix >= IN_W) ? PAD_VALUE : x[c][iy][ix];
                            acc += (int64_t)wt[k][c][r][s] * v;
                        }
                int64_t v = round_shift(acc, CLIP) + bias[k];
                v = v < 0 ? 0 : v > 127 ? 127 : v;
                int8_t actual;
                uint64_t a = DST + (uint64_t)(k / 8) * OUT_W * OUT_H * 8 + (uint64_t)oy * OUT_W * 8 +
                             (uint64_t)ox * 8 + (uint64_t)(k % 8);
                sparse_mem_read(ctx->mem[NVDLA_SEQ_DBB], a, &actual, 1);
                if (actual != v)
                    return seq_fail(ctx, "conv_bias: output (w %d, h %d, c %d) at 0x%llx: expected %d, actual %d "
                                    "(accumulator %lld, bias %d)", ox, oy, k, (unsigned long long)a, (int)v,
                                    actual, (long long)acc, bias[k]);
                nonzero += v != 0;
            }
    if (nonzero < LANES * OUT_H * OUT_W / 4)
        return seq_fail(ctx, "conv_bias: only %d outputs are non-zero: the check would prove little", nonzero);
    printf("conv_bias: %dx%dx%d * %d kernels %dx%d, pad %d, clip %d, bias from memory: %d outputs match the "
           "textbook loop (%d non-zero)\n", IN_W, IN_H, IN_C, KK, KS, KR, PAD_VALUE, CLIP,
           LANES * OUT_H * OUT_W, nonzero);
    return 0;
}

const struct nvdla_seq_test seq_conv_bias = {
    "conv_bias", "a convolution with padding, CACC clip and a bias from memory vs a textbook loop", conv_bias,
    "convolution, SDP arithmetic", "nv_small" };
