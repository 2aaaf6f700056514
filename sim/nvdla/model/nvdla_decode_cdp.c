/* nvdla_decode_cdp: CDP and CDP_RDMA registers -> golden_cdp_cfg. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "nvdla_decode.h"
#include "nvdla_decode_priv.h"

/* 38-bit signed LUT start/end from the LOW/HIGH register pair. */
static int64_t start38(uint32_t low, uint32_t high)
{
    uint64_t v = (uint64_t)(high & 0x3fu) << 32 | low;
    return (int64_t)(v ^ (1ull << 37)) - (int64_t)(1ull << 37);
}

static void decode_lut(const struct nvdla_regfile *r, struct golden_cdp_lut *l)
{
    memcpy(l->le, r->cdp_lut.le, sizeof l->le);
    memcpy(l->lo, r->cdp_lut.lo, sizeof l->lo);
    l->le_linear = FLD(CDP_S_LUT_CFG, LUT_LE_FUNCTION);
    l->uflow_lo = FLD(CDP_S_LUT_CFG, LUT_UFLOW_PRIORITY);
    l->oflow_lo = FLD(CDP_S_LUT_CFG, LUT_OFLOW_PRIORITY);
    l->hybrid_lo = FLD(CDP_S_LUT_CFG, LUT_HYBRID_PRIORITY);
    l->le_index_offset = (int8_t)nvdla_decode_sx(FLD(CDP_S_LUT_INFO, LUT_LE_INDEX_OFFSET), 8);
    l->le_index_select = (uint8_t)FLD(CDP_S_LUT_INFO, LUT_LE_INDEX_SELECT);
    l->lo_index_select = (uint8_t)FLD(CDP_S_LUT_INFO, LUT_LO_INDEX_SELECT);
    l->le_start = start38(REG(CDP_S_LUT_LE_START_LOW), REG(CDP_S_LUT_LE_START_HIGH));
    l->le_end = start38(REG(CDP_S_LUT_LE_END_LOW), REG(CDP_S_LUT_LE_END_HIGH));
    l->lo_start = start38(REG(CDP_S_LUT_LO_START_LOW), REG(CDP_S_LUT_LO_START_HIGH));
    l->lo_end = start38(REG(CDP_S_LUT_LO_END_LOW), REG(CDP_S_LUT_LO_END_HIGH));
    l->le_uflow_scale = (int16_t)nvdla_decode_sx(FLD(CDP_S_LUT_LE_SLOPE_SCALE, LUT_LE_SLOPE_UFLOW_SCALE), 16);
    l->le_oflow_scale = (int16_t)nvdla_decode_sx(FLD(CDP_S_LUT_LE_SLOPE_SCALE, LUT_LE_SLOPE_OFLOW_SCALE), 16);
    l->lo_uflow_scale = (int16_t)nvdla_decode_sx(FLD(CDP_S_LUT_LO_SLOPE_SCALE, LUT_LO_SLOPE_UFLOW_SCALE), 16);
    l->lo_oflow_scale = (int16_t)nvdla_decode_sx(FLD(CDP_S_LUT_LO_SLOPE_SCALE, LUT_LO_SLOPE_OFLOW_SCALE), 16);
    l->le_uflow_shift = (int8_t)nvdla_decode_sx(FLD(CDP_S_LUT_LE_SLOPE_SHIFT, LUT_LE_SLOPE_UFLOW_SHIFT), 5);
    l->le_oflow_shift = (int8_t)nvdla_decode_sx(FLD(CDP_S_LUT_LE_SLOPE_SHIFT, LUT_LE_SLOPE_OFLOW_SHIFT), 5);
    l->lo_uflow_shift = (int8_t)nvdla_decode_sx(FLD(CDP_S_LUT_LO_SLOPE_SHIFT, LUT_LO_SLOPE_UFLOW_SHIFT), 5);
    l->lo_oflow_shift = (int8_t)nvdla_decode_sx(FLD(CDP_S_LUT_LO_SLOPE_SHIFT, LUT_LO_SLOPE_OFLOW_SHIFT), 5);
}

int nvdla_decode_cdp(const struct nvdla_regfile *r, struct nvdla_cdp_layer *l, char *why, size_t len)
{
    memset(l, 0, sizeof *l);
    if (FLD(CDP_D_DATA_FORMAT, INPUT_DATA_TYPE) || FLD(CDP_RDMA_D_DATA_FORMAT, INPUT_DATA))
        return nvdla_decode_fail(why, len, "CDP D_DATA_FORMAT INPUT_DATA_TYPE=%u / CDP_RDMA INPUT_DATA=%u: only "
                                 "INT8 (0) is modelled on nv_small (INPUT_DATA_TYPE resets to INT16)",
                                 FLD(CDP_D_DATA_FORMAT, INPUT_DATA_TYPE), FLD(CDP_RDMA_D_DATA_FORMAT, INPUT_DATA));
    uint32_t w = FLD(CDP_RDMA_D_DATA_CUBE_WIDTH, WIDTH) + 1;
    uint32_t h = FLD(CDP_RDMA_D_DATA_CUBE_HEIGHT, HEIGHT) + 1;
    uint32_t c = FLD(CDP_RDMA_D_DATA_CUBE_CHANNEL, CHANNEL) + 1;
    nvdla_decode_cube(&l->src, ADDR64(CDP_RDMA_D_SRC_BASE_ADDR_LOW, CDP_RDMA_D_SRC_BASE_ADDR_HIGH),
                      REG(CDP_RDMA_D_SRC_LINE_STRIDE), REG(CDP_RDMA_D_SRC_SURFACE_STRIDE), w, h, c, 1, ATOM_LANES);
    nvdla_decode_cube(&l->dst, ADDR64(CDP_D_DST_BASE_ADDR_LOW, CDP_D_DST_BASE_ADDR_HIGH),
                      REG(CDP_D_DST_LINE_STRIDE), REG(CDP_D_DST_SURFACE_STRIDE), w, h, c, 1, ATOM_LANES);
    l->src.sram = !FLD(CDP_RDMA_D_SRC_DMA_CFG, SRC_RAM_TYPE);
    l->dst.sram = !FLD(CDP_D_DST_DMA_CFG, DST_RAM_TYPE);
    struct golden_cdp_cfg *g = &l->cfg;
    golden_cdp_cfg_default(g);
    g->normalz_len = FLD(CDP_D_LRN_CFG, NORMALZ_LEN);
    g->datin_offset = FLD(CDP_D_DATIN_OFFSET, DATIN_OFFSET);
    g->datin_scale = nvdla_decode_sx(FLD(CDP_D_DATIN_SCALE, DATIN_SCALE), 16);
    g->datin_shifter = FLD(CDP_D_DATIN_SHIFTER, DATIN_SHIFTER);
    g->datout_offset = REG(CDP_D_DATOUT_OFFSET);
    g->datout_scale = nvdla_decode_sx(FLD(CDP_D_DATOUT_SCALE, DATOUT_SCALE), 16);
    g->datout_shifter = FLD(CDP_D_DATOUT_SHIFTER, DATOUT_SHIFTER);
    g->sqsum_bypass = FLD(CDP_D_FUNC_BYPASS, SQSUM_BYPASS);
    g->mul_bypass = FLD(CDP_D_FUNC_BYPASS, MUL_BYPASS);
    g->int16 = 0;
    decode_lut(r, &g->lut);
    return 0;
}

void nvdla_describe_cdp(const struct nvdla_cdp_layer *l, char *buf, size_t len)
{
    const struct golden_cdp_cfg *g = &l->cfg;
    snprintf(buf, len,
             "CDP layer %ux%ux%u, LRN over %u channels%s%s\n"
             "  input: at 0x%" PRIx64 "%s, line stride 0x%" PRIx64 ", surface stride 0x%" PRIx64 "\n"
             "  output: at 0x%" PRIx64 "%s, line stride 0x%" PRIx64 ", surface stride 0x%" PRIx64 "\n"
             "  input converter: offset 0x%x scale %d shift %u; output converter: offset 0x%x scale %d "
             "shift %u\n  LUT: LE %s, LE start %" PRId64 " end %" PRId64 ", LO start %" PRId64 " end %" PRId64 "\n",
             l->src.w, l->src.h, l->src.c, 2 * g->normalz_len + 3, g->sqsum_bypass ? ", square sum bypassed" : "",
             g->mul_bypass ? ", multiply bypassed" : "", l->src.base, l->src.sram ? " (SRAMIF)" : "",
             l->src.layout.line_stride, l->src.layout.surface_stride, l->dst.base, l->dst.sram ? " (SRAMIF)" : "",
             l->dst.layout.line_stride, l->dst.layout.surface_stride,
             g->datin_offset, g->datin_scale, g->datin_shifter, g->datout_offset, g->datout_scale,
             g->datout_shifter, g->lut.le_linear ? "linear" : "exponent", g->lut.le_start, g->lut.le_end,
             g->lut.lo_start, g->lut.lo_end);
}
