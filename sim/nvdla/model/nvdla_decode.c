/* nvdla_decode: see nvdla_decode.h. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "nvdla_decode.h"
#include "nvdla_decode_priv.h"
#include "text_append.h"

int32_t nvdla_decode_sx(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    v &= (bits == 32) ? 0xffffffffu : ((1u << bits) - 1);
    return (int32_t)((v ^ m) - m);
}

int nvdla_decode_fail(char *why, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
    return -1;
}

size_t nvdla_cube_packed_bytes(const struct nvdla_cube_mem *m)
{
    unsigned n = golden_layout_lanes(&m->layout);
    return (size_t)golden_surfaces_n(m->c, n) * m->h * m->w * n * m->layout.elem_bytes;
}

void nvdla_cube_runs(const struct nvdla_cube_mem *m,
                     void (*fn)(void *ctx, uint64_t addr, uint32_t len, size_t off), void *ctx)
{
    unsigned n = golden_layout_lanes(&m->layout);
    uint32_t line = m->w * n * m->layout.elem_bytes;
    uint32_t surfaces = golden_surfaces_n(m->c, n);
    size_t off = 0;
    for (uint32_t s = 0; s < surfaces; s++)
        for (uint32_t y = 0; y < m->h; y++) {
            fn(ctx, m->base + s * m->layout.surface_stride + y * m->layout.line_stride, line, off);
            off += line;
        }
}

void nvdla_decode_cube(struct nvdla_cube_mem *m, uint64_t base, uint64_t line, uint64_t surface,
                 uint32_t w, uint32_t h, uint32_t c, unsigned eb, unsigned lanes)
{
    m->layout.lanes = lanes;
    m->base = base;
    m->layout.line_stride = line;
    m->layout.surface_stride = surface;
    m->layout.elem_bytes = eb;
    m->w = w;
    m->h = h;
    m->c = c;
}

/* ---- SDP ------------------------------------------------------------------ */

static void decode_x(const struct nvdla_regfile *r, int bn, struct golden_sdp_x_cfg *x)
{
    if (!bn) {
        x->bypass = FLD(SDP_D_DP_BS_CFG, BS_BYPASS);
        x->alu_bypass = FLD(SDP_D_DP_BS_CFG, BS_ALU_BYPASS);
        x->alu_algo = (enum golden_alu_algo)FLD(SDP_D_DP_BS_CFG, BS_ALU_ALGO);
        x->mul_bypass = FLD(SDP_D_DP_BS_CFG, BS_MUL_BYPASS);
        x->mul_prelu = FLD(SDP_D_DP_BS_CFG, BS_MUL_PRELU);
        x->relu_bypass = FLD(SDP_D_DP_BS_CFG, BS_RELU_BYPASS);
        x->alu_src = (enum golden_src)FLD(SDP_D_DP_BS_ALU_CFG, BS_ALU_SRC);
        x->alu_shift = FLD(SDP_D_DP_BS_ALU_CFG, BS_ALU_SHIFT_VALUE);
        x->alu_operand = nvdla_decode_sx(FLD(SDP_D_DP_BS_ALU_SRC_VALUE, BS_ALU_OPERAND), 16);
        x->mul_src = (enum golden_src)FLD(SDP_D_DP_BS_MUL_CFG, BS_MUL_SRC);
        x->mul_shift = FLD(SDP_D_DP_BS_MUL_CFG, BS_MUL_SHIFT_VALUE);
        x->mul_operand = nvdla_decode_sx(FLD(SDP_D_DP_BS_MUL_SRC_VALUE, BS_MUL_OPERAND), 16);
    } else {
        x->bypass = FLD(SDP_D_DP_BN_CFG, BN_BYPASS);
        x->alu_bypass = FLD(SDP_D_DP_BN_CFG, BN_ALU_BYPASS);
        x->alu_algo = (enum golden_alu_algo)FLD(SDP_D_DP_BN_CFG, BN_ALU_ALGO);
        x->mul_bypass = FLD(SDP_D_DP_BN_CFG, BN_MUL_BYPASS);
        x->mul_prelu = FLD(SDP_D_DP_BN_CFG, BN_MUL_PRELU);
        x->relu_bypass = FLD(SDP_D_DP_BN_CFG, BN_RELU_BYPASS);
        x->alu_src = (enum golden_src)FLD(SDP_D_DP_BN_ALU_CFG, BN_ALU_SRC);
        x->alu_shift = FLD(SDP_D_DP_BN_ALU_CFG, BN_ALU_SHIFT_VALUE);
        x->alu_operand = nvdla_decode_sx(FLD(SDP_D_DP_BN_ALU_SRC_VALUE, BN_ALU_OPERAND), 16);
        x->mul_src = (enum golden_src)FLD(SDP_D_DP_BN_MUL_CFG, BN_MUL_SRC);
        x->mul_shift = FLD(SDP_D_DP_BN_MUL_CFG, BN_MUL_SHIFT_VALUE);
        x->mul_operand = nvdla_decode_sx(FLD(SDP_D_DP_BN_MUL_SRC_VALUE, BN_MUL_OPERAND), 16);
    }
}

static void decode_y(const struct nvdla_regfile *r, struct golden_sdp_y_cfg *y)
{
    y->bypass = FLD(SDP_D_DP_EW_CFG, EW_BYPASS);
    y->alu_bypass = FLD(SDP_D_DP_EW_CFG, EW_ALU_BYPASS);
    y->alu_algo = (enum golden_alu_algo)FLD(SDP_D_DP_EW_CFG, EW_ALU_ALGO);
    y->mul_bypass = FLD(SDP_D_DP_EW_CFG, EW_MUL_BYPASS);
    y->mul_prelu = FLD(SDP_D_DP_EW_CFG, EW_MUL_PRELU);
    y->lut_bypass = FLD(SDP_D_DP_EW_CFG, EW_LUT_BYPASS);
    y->alu_src = (enum golden_src)FLD(SDP_D_DP_EW_ALU_CFG, EW_ALU_SRC);
    y->alu_cvt.bypass = FLD(SDP_D_DP_EW_ALU_CFG, EW_ALU_CVT_BYPASS);
    y->alu_operand = (int32_t)REG(SDP_D_DP_EW_ALU_SRC_VALUE);
    y->alu_cvt.offset = (int32_t)REG(SDP_D_DP_EW_ALU_CVT_OFFSET_VALUE);
    y->alu_cvt.scale = nvdla_decode_sx(FLD(SDP_D_DP_EW_ALU_CVT_SCALE_VALUE, EW_ALU_CVT_SCALE), 16);
    y->alu_cvt.truncate = FLD(SDP_D_DP_EW_ALU_CVT_TRUNCATE_VALUE, EW_ALU_CVT_TRUNCATE);
    y->mul_src = (enum golden_src)FLD(SDP_D_DP_EW_MUL_CFG, EW_MUL_SRC);
    y->mul_cvt.bypass = FLD(SDP_D_DP_EW_MUL_CFG, EW_MUL_CVT_BYPASS);
    y->mul_operand = (int32_t)REG(SDP_D_DP_EW_MUL_SRC_VALUE);
    y->mul_cvt.offset = (int32_t)REG(SDP_D_DP_EW_MUL_CVT_OFFSET_VALUE);
    y->mul_cvt.scale = nvdla_decode_sx(FLD(SDP_D_DP_EW_MUL_CVT_SCALE_VALUE, EW_MUL_CVT_SCALE), 16);
    y->mul_cvt.truncate = FLD(SDP_D_DP_EW_MUL_CVT_TRUNCATE_VALUE, EW_MUL_CVT_TRUNCATE);
    y->truncate = FLD(SDP_D_DP_EW_TRUNCATE_VALUE, EW_TRUNCATE);
}

static void decode_lut(const struct nvdla_regfile *r, struct golden_sdp_lut *l)
{
    memcpy(l->le, r->sdp_lut.le, sizeof l->le);
    memcpy(l->lo, r->sdp_lut.lo, sizeof l->lo);
    l->le_linear = FLD(SDP_S_LUT_CFG, LUT_LE_FUNCTION);
    l->uflow_lo = FLD(SDP_S_LUT_CFG, LUT_UFLOW_PRIORITY);
    l->oflow_lo = FLD(SDP_S_LUT_CFG, LUT_OFLOW_PRIORITY);
    l->hybrid_lo = FLD(SDP_S_LUT_CFG, LUT_HYBRID_PRIORITY);
    l->le_index_offset = (int8_t)nvdla_decode_sx(FLD(SDP_S_LUT_INFO, LUT_LE_INDEX_OFFSET), 8);
    l->le_index_select = (int8_t)nvdla_decode_sx(FLD(SDP_S_LUT_INFO, LUT_LE_INDEX_SELECT), 8);
    l->lo_index_select = (int8_t)nvdla_decode_sx(FLD(SDP_S_LUT_INFO, LUT_LO_INDEX_SELECT), 8);
    l->le_start = (int32_t)REG(SDP_S_LUT_LE_START);
    l->le_end = (int32_t)REG(SDP_S_LUT_LE_END);
    l->lo_start = (int32_t)REG(SDP_S_LUT_LO_START);
    l->lo_end = (int32_t)REG(SDP_S_LUT_LO_END);
    l->le_uflow_scale = (int16_t)nvdla_decode_sx(FLD(SDP_S_LUT_LE_SLOPE_SCALE, LUT_LE_SLOPE_UFLOW_SCALE), 16);
    l->le_oflow_scale = (int16_t)nvdla_decode_sx(FLD(SDP_S_LUT_LE_SLOPE_SCALE, LUT_LE_SLOPE_OFLOW_SCALE), 16);
    l->lo_uflow_scale = (int16_t)nvdla_decode_sx(FLD(SDP_S_LUT_LO_SLOPE_SCALE, LUT_LO_SLOPE_UFLOW_SCALE), 16);
    l->lo_oflow_scale = (int16_t)nvdla_decode_sx(FLD(SDP_S_LUT_LO_SLOPE_SCALE, LUT_LO_SLOPE_OFLOW_SCALE), 16);
    l->le_uflow_shift = (int8_t)nvdla_decode_sx(FLD(SDP_S_LUT_LE_SLOPE_SHIFT, LUT_LE_SLOPE_UFLOW_SHIFT), 5);
    l->le_oflow_shift = (int8_t)nvdla_decode_sx(FLD(SDP_S_LUT_LE_SLOPE_SHIFT, LUT_LE_SLOPE_OFLOW_SHIFT), 5);
    l->lo_uflow_shift = (int8_t)nvdla_decode_sx(FLD(SDP_S_LUT_LO_SLOPE_SHIFT, LUT_LO_SLOPE_UFLOW_SHIFT), 5);
    l->lo_oflow_shift = (int8_t)nvdla_decode_sx(FLD(SDP_S_LUT_LO_SLOPE_SHIFT, LUT_LO_SLOPE_OFLOW_SHIFT), 5);
}

static const char *const stage_name[GOLDEN_SDP_STAGES] = { "BS", "BN", "EW" };
static const char *const stream_name[GOLDEN_SDP_STAGES] = { "BRDMA", "NRDMA", "ERDMA" };

/* Operand stream s of SDP_RDMA: D_{B,N,E}RDMA_CFG and the BS/BN/EW address registers. */
static void decode_stream(const struct nvdla_regfile *r, int s, const struct nvdla_sdp_layer *l,
                          struct nvdla_sdp_stream *st)
{
    uint32_t cfg;
    uint64_t base, line, surf;
    if (s == GOLDEN_SDP_BS) {
        cfg = REG(SDP_RDMA_D_BRDMA_CFG);
        base = ADDR64(SDP_RDMA_D_BS_BASE_ADDR_LOW, SDP_RDMA_D_BS_BASE_ADDR_HIGH);
        line = REG(SDP_RDMA_D_BS_LINE_STRIDE);
        surf = REG(SDP_RDMA_D_BS_SURFACE_STRIDE);
    } else if (s == GOLDEN_SDP_BN) {
        cfg = REG(SDP_RDMA_D_NRDMA_CFG);
        base = ADDR64(SDP_RDMA_D_BN_BASE_ADDR_LOW, SDP_RDMA_D_BN_BASE_ADDR_HIGH);
        line = REG(SDP_RDMA_D_BN_LINE_STRIDE);
        surf = REG(SDP_RDMA_D_BN_SURFACE_STRIDE);
    } else {
        cfg = REG(SDP_RDMA_D_ERDMA_CFG);
        base = ADDR64(SDP_RDMA_D_EW_BASE_ADDR_LOW, SDP_RDMA_D_EW_BASE_ADDR_HIGH);
        line = REG(SDP_RDMA_D_EW_LINE_STRIDE);
        surf = REG(SDP_RDMA_D_EW_SURFACE_STRIDE);
    }
    /* The three CFG registers share one field layout (BRDMA's macros). */
    st->fetch = !(cfg & NVDLA_SDP_RDMA_D_BRDMA_CFG_BRDMA_DISABLE_MASK);
    int sram = !(cfg & NVDLA_SDP_RDMA_D_BRDMA_CFG_BRDMA_RAM_TYPE_MASK);   /* CV = 0 */
    st->use = (enum golden_operand_use)((cfg & NVDLA_SDP_RDMA_D_BRDMA_CFG_BRDMA_DATA_USE_MASK) >>
                                        NVDLA_SDP_RDMA_D_BRDMA_CFG_BRDMA_DATA_USE_SHIFT);
    st->size_bytes = (cfg & NVDLA_SDP_RDMA_D_BRDMA_CFG_BRDMA_DATA_SIZE_MASK) ? 2 : 1;
    int per_element = (cfg & NVDLA_SDP_RDMA_D_BRDMA_CFG_BRDMA_DATA_MODE_MASK) != 0;
    unsigned e = golden_sdp_operand_bytes(st->size_bytes, st->use);
    if (!st->fetch)
        st->mode = GOLDEN_OPERAND_NONE;
    else if (per_element) {
        st->mode = GOLDEN_OPERAND_PER_ELEMENT;
        nvdla_decode_cube(&st->mem, base, line, surf, l->w, l->h, l->c, e, ATOM_LANES);
    } else {
        /* one operand per channel, consecutive: a 1x1 cube of atoms */
        st->mode = GOLDEN_OPERAND_PER_CHANNEL;
        nvdla_decode_cube(&st->mem, base, 0, (uint64_t)ATOM_LANES * e, 1, 1, l->c, e, ATOM_LANES);
    }
    st->mem.sram = sram;
}

/* A stage whose ALU or MUL takes a memory operand needs the stream to carry it. */
static int check_stream(int s, int stage_on, int alu_mem, int mul_mem,
                        const struct nvdla_sdp_stream *st, char *why, size_t len)
{
    if (!stage_on)
        return 0;
    if ((alu_mem || mul_mem) && !st->fetch)
        return nvdla_decode_fail(why, len, "SDP %s takes an operand from memory but SDP_RDMA %s_DISABLE = 1",
                    stage_name[s], stream_name[s]);
    if (alu_mem && st->use == GOLDEN_USE_MUL)
        return nvdla_decode_fail(why, len, "SDP %s ALU takes its operand from memory but %s_DATA_USE = MUL",
                    stage_name[s], stream_name[s]);
    if (mul_mem && st->use == GOLDEN_USE_ALU)
        return nvdla_decode_fail(why, len, "SDP %s MUL takes its operand from memory but %s_DATA_USE = ALU",
                    stage_name[s], stream_name[s]);
    if (st->fetch && st->use > GOLDEN_USE_BOTH)
        return nvdla_decode_fail(why, len, "SDP_RDMA %s_DATA_USE = 3 is reserved", stream_name[s]);
    return 0;
}

int nvdla_decode_sdp(const struct nvdla_regfile *r, struct nvdla_sdp_layer *l, char *why, size_t len)
{
    memset(l, 0, sizeof *l);
    l->w = FLD(SDP_D_DATA_CUBE_WIDTH, WIDTH) + 1;
    l->h = FLD(SDP_D_DATA_CUBE_HEIGHT, HEIGHT) + 1;
    l->c = FLD(SDP_D_DATA_CUBE_CHANNEL, CHANNEL) + 1;
    l->flying_in = FLD(SDP_D_FEATURE_MODE_CFG, FLYING_MODE);
    l->to_pdp = FLD(SDP_D_FEATURE_MODE_CFG, OUTPUT_DST);
    if (FLD(SDP_D_DATA_FORMAT, PROC_PRECISION) || FLD(SDP_D_DATA_FORMAT, OUT_PRECISION))
        return nvdla_decode_fail(why, len, "SDP D_DATA_FORMAT PROC_PRECISION=%u OUT_PRECISION=%u: only INT8 (0) is "
                    "modelled on nv_small", FLD(SDP_D_DATA_FORMAT, PROC_PRECISION),
                    FLD(SDP_D_DATA_FORMAT, OUT_PRECISION));
    if (FLD(SDP_D_FEATURE_MODE_CFG, WINOGRAD) || FLD(SDP_D_FEATURE_MODE_CFG, BATCH_NUMBER))
        return nvdla_decode_fail(why, len, "SDP Winograd / batch output is not present on nv_small");
    int one_by_one = l->w == 1 && l->h == 1;   /* consecutive atoms, surface stride ignored */
    if (!l->flying_in) {
        uint32_t rw = FLD(SDP_RDMA_D_DATA_CUBE_WIDTH, WIDTH) + 1;
        uint32_t rh = FLD(SDP_RDMA_D_DATA_CUBE_HEIGHT, HEIGHT) + 1;
        uint32_t rc = FLD(SDP_RDMA_D_DATA_CUBE_CHANNEL, CHANNEL) + 1;
        if (FLD(SDP_RDMA_D_FEATURE_MODE_CFG, FLYING_MODE))
            return nvdla_decode_fail(why, len, "SDP FLYING_MODE=OFF but SDP_RDMA FLYING_MODE=ON");
        if (FLD(SDP_RDMA_D_FEATURE_MODE_CFG, IN_PRECISION) || FLD(SDP_RDMA_D_FEATURE_MODE_CFG, PROC_PRECISION))
            return nvdla_decode_fail(why, len, "SDP_RDMA D_FEATURE_MODE_CFG IN_PRECISION=%u PROC_PRECISION=%u: only "
                        "INT8 (0) is modelled (both reset to INT16)",
                        FLD(SDP_RDMA_D_FEATURE_MODE_CFG, IN_PRECISION),
                        FLD(SDP_RDMA_D_FEATURE_MODE_CFG, PROC_PRECISION));
        if (rw != l->w || rh != l->h || rc != l->c)
            return nvdla_decode_fail(why, len, "SDP cube %ux%ux%u differs from SDP_RDMA cube %ux%ux%u", l->w, l->h,
                        l->c, rw, rh, rc);
        nvdla_decode_cube(&l->src, ADDR64(SDP_RDMA_D_SRC_BASE_ADDR_LOW, SDP_RDMA_D_SRC_BASE_ADDR_HIGH),
             REG(SDP_RDMA_D_SRC_LINE_STRIDE),
             one_by_one ? ATOM_LANES : REG(SDP_RDMA_D_SRC_SURFACE_STRIDE), l->w, l->h, l->c, 1, ATOM_LANES);
        l->src.sram = !FLD(SDP_RDMA_D_SRC_DMA_CFG, SRC_RAM_TYPE);
    }
    if (!l->to_pdp)
        nvdla_decode_cube(&l->dst, ADDR64(SDP_D_DST_BASE_ADDR_LOW, SDP_D_DST_BASE_ADDR_HIGH),
             REG(SDP_D_DST_LINE_STRIDE), one_by_one ? ATOM_LANES : REG(SDP_D_DST_SURFACE_STRIDE),
             l->w, l->h, l->c, 1, ATOM_LANES);
    l->dst.sram = !l->to_pdp && !FLD(SDP_D_DST_DMA_CFG, DST_RAM_TYPE);

    golden_sdp_cfg_bypass(&l->cfg);
    decode_x(r, 0, &l->cfg.bs);
    decode_x(r, 1, &l->cfg.bn);
    decode_y(r, &l->cfg.ew);
    decode_lut(r, &l->cfg.lut);
    l->cfg.out.offset = (int32_t)REG(SDP_D_CVT_OFFSET);
    l->cfg.out.scale = nvdla_decode_sx(FLD(SDP_D_CVT_SCALE, CVT_SCALE), 16);
    l->cfg.out.shift = FLD(SDP_D_CVT_SHIFT, CVT_SHIFT);
    l->cfg.out_precision = GOLDEN_INT8;

    const struct golden_sdp_x_cfg *x[2] = { &l->cfg.bs, &l->cfg.bn };
    /* Fed by the convolution, SDP_RDMA takes part only for memory operands:
     * its registers count only when it is enabled too. */
    int rdma_on = !l->flying_in || nvdla_regfile_op_en(r, NVDLA_UNIT_SDP_RDMA);
    for (int s = 0; s < GOLDEN_SDP_STAGES; s++) {
        decode_stream(r, s, l, &l->ops[s]);
        if (!rdma_on) {
            l->ops[s].fetch = 0;
            l->ops[s].mode = GOLDEN_OPERAND_NONE;
        }
        int rc;
        if (s < 2)
            rc = check_stream(s, !x[s]->bypass, !x[s]->alu_bypass && x[s]->alu_src == GOLDEN_SRC_MEM,
                              !x[s]->mul_bypass && x[s]->mul_src == GOLDEN_SRC_MEM, &l->ops[s], why, len);
        else
            rc = check_stream(s, !l->cfg.ew.bypass,
                              !l->cfg.ew.alu_bypass && l->cfg.ew.alu_src == GOLDEN_SRC_MEM,
                              !l->cfg.ew.mul_bypass && l->cfg.ew.mul_src == GOLDEN_SRC_MEM, &l->ops[s],
                              why, len);
        if (rc)
            return rc;
    }
    return 0;
}

/* ---- PDP ------------------------------------------------------------------ */

int nvdla_decode_pdp(const struct nvdla_regfile *r, struct nvdla_pdp_layer *l, char *why, size_t len)
{
    memset(l, 0, sizeof *l);
    struct golden_pdp_cfg *c = &l->cfg;
    c->in_w = FLD(PDP_D_DATA_CUBE_IN_WIDTH, CUBE_IN_WIDTH) + 1;
    c->in_h = FLD(PDP_D_DATA_CUBE_IN_HEIGHT, CUBE_IN_HEIGHT) + 1;
    c->in_c = FLD(PDP_D_DATA_CUBE_IN_CHANNEL, CUBE_IN_CHANNEL) + 1;
    c->out_w = FLD(PDP_D_DATA_CUBE_OUT_WIDTH, CUBE_OUT_WIDTH) + 1;
    c->out_h = FLD(PDP_D_DATA_CUBE_OUT_HEIGHT, CUBE_OUT_HEIGHT) + 1;
    c->kernel_w = FLD(PDP_D_POOLING_KERNEL_CFG, KERNEL_WIDTH) + 1;
    c->kernel_h = FLD(PDP_D_POOLING_KERNEL_CFG, KERNEL_HEIGHT) + 1;
    c->stride_w = FLD(PDP_D_POOLING_KERNEL_CFG, KERNEL_STRIDE_WIDTH) + 1;
    c->stride_h = FLD(PDP_D_POOLING_KERNEL_CFG, KERNEL_STRIDE_HEIGHT) + 1;
    c->pad_left = FLD(PDP_D_POOLING_PADDING_CFG, PAD_LEFT);
    c->pad_top = FLD(PDP_D_POOLING_PADDING_CFG, PAD_TOP);
    c->pad_right = FLD(PDP_D_POOLING_PADDING_CFG, PAD_RIGHT);
    c->pad_bottom = FLD(PDP_D_POOLING_PADDING_CFG, PAD_BOTTOM);
    uint32_t method = FLD(PDP_D_OPERATION_MODE_CFG, POOLING_METHOD);
    if (method > GOLDEN_POOL_MIN)
        return nvdla_decode_fail(why, len, "PDP POOLING_METHOD = 3 is reserved");
    c->method = (enum golden_pool)method;
    c->pad_value[1] = FLD(PDP_D_POOLING_PADDING_VALUE_1_CFG, PAD_VALUE_1X);
    c->pad_value[2] = FLD(PDP_D_POOLING_PADDING_VALUE_2_CFG, PAD_VALUE_2X);
    c->pad_value[3] = FLD(PDP_D_POOLING_PADDING_VALUE_3_CFG, PAD_VALUE_3X);
    c->pad_value[4] = FLD(PDP_D_POOLING_PADDING_VALUE_4_CFG, PAD_VALUE_4X);
    c->pad_value[5] = FLD(PDP_D_POOLING_PADDING_VALUE_5_CFG, PAD_VALUE_5X);
    c->pad_value[6] = FLD(PDP_D_POOLING_PADDING_VALUE_6_CFG, PAD_VALUE_6X);
    c->pad_value[7] = FLD(PDP_D_POOLING_PADDING_VALUE_7_CFG, PAD_VALUE_7X);
    c->recip_w = FLD(PDP_D_RECIP_KERNEL_WIDTH, RECIP_KERNEL_WIDTH);
    c->recip_h = FLD(PDP_D_RECIP_KERNEL_HEIGHT, RECIP_KERNEL_HEIGHT);
    c->split_num = FLD(PDP_D_OPERATION_MODE_CFG, SPLIT_NUM);
    c->part_in_first = FLD(PDP_D_PARTIAL_WIDTH_IN, PARTIAL_WIDTH_IN_FIRST) + 1;
    c->part_in_mid = FLD(PDP_D_PARTIAL_WIDTH_IN, PARTIAL_WIDTH_IN_MID) + 1;
    c->part_in_last = FLD(PDP_D_PARTIAL_WIDTH_IN, PARTIAL_WIDTH_IN_LAST) + 1;
    c->part_out_first = FLD(PDP_D_PARTIAL_WIDTH_OUT, PARTIAL_WIDTH_OUT_FIRST) + 1;
    c->part_out_mid = FLD(PDP_D_PARTIAL_WIDTH_OUT, PARTIAL_WIDTH_OUT_MID) + 1;
    c->part_out_last = FLD(PDP_D_PARTIAL_WIDTH_OUT, PARTIAL_WIDTH_OUT_LAST) + 1;
    if (FLD(PDP_D_DATA_FORMAT, INPUT_DATA))
        return nvdla_decode_fail(why, len, "PDP D_DATA_FORMAT INPUT_DATA=%u: only INT8 (0) is modelled on nv_small",
                    FLD(PDP_D_DATA_FORMAT, INPUT_DATA));
    c->int16 = 0;
    char bad[160];
    if (golden_pdp_check(c, bad, sizeof bad))
        return nvdla_decode_fail(why, len, "PDP program the reference model cannot run: %s", bad);

    l->flying_in = !FLD(PDP_D_OPERATION_MODE_CFG, FLYING_MODE);   /* 1 = OFF_FLYING */
    if (!l->flying_in) {
        uint32_t rw = FLD(PDP_RDMA_D_DATA_CUBE_IN_WIDTH, CUBE_IN_WIDTH) + 1;
        uint32_t rh = FLD(PDP_RDMA_D_DATA_CUBE_IN_HEIGHT, CUBE_IN_HEIGHT) + 1;
        uint32_t rc = FLD(PDP_RDMA_D_DATA_CUBE_IN_CHANNEL, CUBE_IN_CHANNEL) + 1;
        if (rw != c->in_w || rh != c->in_h || rc != c->in_c)
            return nvdla_decode_fail(why, len, "PDP input cube %ux%ux%u differs from PDP_RDMA cube %ux%ux%u", c->in_w,
                        c->in_h, c->in_c, rw, rh, rc);
        if (FLD(PDP_RDMA_D_DATA_FORMAT, INPUT_DATA))
            return nvdla_decode_fail(why, len, "PDP_RDMA D_DATA_FORMAT INPUT_DATA=%u: only INT8 (0) is modelled",
                        FLD(PDP_RDMA_D_DATA_FORMAT, INPUT_DATA));
        nvdla_decode_cube(&l->src, ADDR64(PDP_RDMA_D_SRC_BASE_ADDR_LOW, PDP_RDMA_D_SRC_BASE_ADDR_HIGH),
             REG(PDP_RDMA_D_SRC_LINE_STRIDE), REG(PDP_RDMA_D_SRC_SURFACE_STRIDE), c->in_w, c->in_h,
             c->in_c, 1, ATOM_LANES);
        l->src.sram = !FLD(PDP_RDMA_D_SRC_RAM_CFG, SRC_RAM_TYPE);
    }
    nvdla_decode_cube(&l->dst, ADDR64(PDP_D_DST_BASE_ADDR_LOW, PDP_D_DST_BASE_ADDR_HIGH), REG(PDP_D_DST_LINE_STRIDE),
         REG(PDP_D_DST_SURFACE_STRIDE), c->out_w, c->out_h, c->in_c, 1, ATOM_LANES);
    l->dst.sram = !FLD(PDP_D_DST_RAM_CFG, DST_RAM_TYPE);
    c->lanes = ATOM_LANES;
    return 0;
}

/* ---- descriptions ------------------------------------------------------------ */

static size_t put_cube(char *buf, size_t len, size_t at, const char *what, const struct nvdla_cube_mem *m)
{
    return text_append(buf, len, at, "  %s: %ux%ux%u at 0x%" PRIx64 "%s, line stride 0x%" PRIx64
               ", surface stride 0x%" PRIx64 "%s\n", what, m->w, m->h, m->c, m->base,
               m->sram ? " (SRAMIF)" : "", m->layout.line_stride, m->layout.surface_stride,
               m->layout.elem_bytes == 1 ? "" : ", 2-byte elements");
}

static size_t put_x(char *buf, size_t len, size_t at, const char *name, const struct golden_sdp_x_cfg *x)
{
    static const char *const algo[] = { "MAX", "MIN", "SUM", "EQL" };
    if (x->bypass)
        return text_append(buf, len, at, "  %s: bypassed\n", name);
    at = text_append(buf, len, at, "  %s: ALU %s", name, x->alu_bypass ? "bypassed" : algo[x->alu_algo & 3]);
    if (!x->alu_bypass)
        at = text_append(buf, len, at, " operand %s%s%d shift %u", x->alu_src ? "MEM" : "REG",
                 x->alu_src ? "" : " ", x->alu_src ? 0 : x->alu_operand, x->alu_shift);
    at = text_append(buf, len, at, "; MUL %s", x->mul_bypass ? "bypassed" : (x->mul_prelu ? "PReLU" : "on"));
    if (!x->mul_bypass)
        at = text_append(buf, len, at, " operand %s %d", x->mul_src ? "MEM" : "REG", x->mul_src ? 0 : x->mul_operand);
    at = text_append(buf, len, at, " shift %u; ReLU %s\n", x->mul_shift, x->relu_bypass ? "off" : "on");
    return at;
}

void nvdla_describe_sdp(const struct nvdla_sdp_layer *l, char *buf, size_t len)
{
    static const char *const use[] = { "MUL", "ALU", "BOTH", "?" };
    size_t at = text_append(buf, len, 0, "SDP layer %ux%ux%u, input from %s, output to %s\n", l->w, l->h, l->c,
                    l->flying_in ? "the convolution" : "memory", l->to_pdp ? "PDP" : "memory");
    if (!l->flying_in)
        at = put_cube(buf, len, at, "input", &l->src);
    if (!l->to_pdp)
        at = put_cube(buf, len, at, "output", &l->dst);
    at = put_x(buf, len, at, "BS", &l->cfg.bs);
    at = put_x(buf, len, at, "BN", &l->cfg.bn);
    const struct golden_sdp_y_cfg *y = &l->cfg.ew;
    if (y->bypass)
        at = text_append(buf, len, at, "  EW: bypassed\n");
    else
        at = text_append(buf, len, at, "  EW: MUL %s (%s), ALU %s algo %d (%s), truncate %u, LUT %s\n",
                 y->mul_bypass ? "bypassed" : "on", y->mul_src ? "MEM" : "REG",
                 y->alu_bypass ? "bypassed" : "on", (int)y->alu_algo, y->alu_src ? "MEM" : "REG",
                 y->truncate, y->lut_bypass ? "bypassed" : "on");
    for (int s = 0; s < GOLDEN_SDP_STAGES; s++)
        if (l->ops[s].fetch) {
            char what[64];
            snprintf(what, sizeof what, "%s operands (%s, %u-byte, %s)", stage_name[s],
                     use[l->ops[s].use & 3], l->ops[s].size_bytes,
                     l->ops[s].mode == GOLDEN_OPERAND_PER_ELEMENT ? "per element" : "per channel");
            at = put_cube(buf, len, at, what, &l->ops[s].mem);
        }
    text_append(buf, len, at, "  output converter: offset %d scale %d shift %u\n", l->cfg.out.offset,
        l->cfg.out.scale, l->cfg.out.shift);
}

void nvdla_describe_pdp(const struct nvdla_pdp_layer *l, char *buf, size_t len)
{
    static const char *const method[] = { "average", "max", "min" };
    const struct golden_pdp_cfg *c = &l->cfg;
    size_t at = text_append(buf, len, 0, "PDP layer %ux%ux%u -> %ux%u, %s pooling %ux%u stride %ux%u, pads "
                    "l%u t%u r%u b%u, input from %s\n", c->in_w, c->in_h, c->in_c, c->out_w, c->out_h,
                    method[c->method], c->kernel_w, c->kernel_h, c->stride_w, c->stride_h, c->pad_left,
                    c->pad_top, c->pad_right, c->pad_bottom, l->flying_in ? "SDP" : "memory");
    if (!l->flying_in)
        at = put_cube(buf, len, at, "input", &l->src);
    at = put_cube(buf, len, at, "output", &l->dst);
    if (c->method == GOLDEN_POOL_AVERAGE)
        at = text_append(buf, len, at, "  reciprocals 0x%x 0x%x, pad values 0x%x 0x%x 0x%x 0x%x 0x%x 0x%x 0x%x\n",
                 c->recip_w, c->recip_h, c->pad_value[1], c->pad_value[2], c->pad_value[3],
                 c->pad_value[4], c->pad_value[5], c->pad_value[6], c->pad_value[7]);
    if (c->split_num)
        text_append(buf, len, at, "  split into %u stripes: in %u/%u/%u, out %u/%u/%u\n", c->split_num + 1,
            c->part_in_first, c->part_in_mid, c->part_in_last, c->part_out_first, c->part_out_mid,
            c->part_out_last);
}
