/* nvdla_decode_conv: CDMA, CSC, CMAC and CACC registers -> one direct
 * convolution (golden_conv_cfg plus what CDMA fetches). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "nvdla_decode.h"
#include "nvdla_decode_priv.h"

static int check_precision(const struct nvdla_regfile *r, char *why, size_t len)
{
    struct { const char *name; uint32_t v; } p[] = {
        { "CDMA D_MISC_CFG IN_PRECISION", FLD(CDMA_D_MISC_CFG, IN_PRECISION) },
        { "CDMA D_MISC_CFG PROC_PRECISION", FLD(CDMA_D_MISC_CFG, PROC_PRECISION) },
        { "CSC D_MISC_CFG IN_PRECISION", FLD(CSC_D_MISC_CFG, IN_PRECISION) },
        { "CSC D_MISC_CFG PROC_PRECISION", FLD(CSC_D_MISC_CFG, PROC_PRECISION) },
        { "CMAC_A D_MISC_CFG PROC_PRECISION", FLD(CMAC_A_D_MISC_CFG, PROC_PRECISION) },
        { "CMAC_B D_MISC_CFG PROC_PRECISION", FLD(CMAC_B_D_MISC_CFG, PROC_PRECISION) },
        { "CACC D_MISC_CFG PROC_PRECISION", FLD(CACC_D_MISC_CFG, PROC_PRECISION) },
    };
    for (unsigned i = 0; i < sizeof p / sizeof p[0]; i++)
        if (p[i].v)
            return nvdla_decode_fail(why, len, "%s = %u: only INT8 (0) is modelled on nv_small (it resets to "
                                     "INT16)", p[i].name, p[i].v);
    if (FLD(CDMA_D_MISC_CFG, CONV_MODE) || FLD(CSC_D_MISC_CFG, CONV_MODE))
        return nvdla_decode_fail(why, len, "Winograd (CONV_MODE = 1) is not present on nv_small");
    return 0;
}

int nvdla_decode_conv(const struct nvdla_regfile *r, struct nvdla_conv_layer *l, char *why, size_t len)
{
    memset(l, 0, sizeof *l);
    if (check_precision(r, why, len))
        return -1;
    if (FLD(CDMA_D_DATAIN_FORMAT, DATAIN_FORMAT) || FLD(CSC_D_DATAIN_FORMAT, DATAIN_FORMAT))
        return nvdla_decode_fail(why, len, "image (pixel) input: modelled in golden/golden_conv but not yet "
                                 "run by the twin and the trace reference");
    if (FLD(CDMA_D_WEIGHT_FORMAT, WEIGHT_FORMAT) || FLD(CSC_D_WEIGHT_FORMAT, WEIGHT_FORMAT))
        return nvdla_decode_fail(why, len, "compressed weights are not present on nv_small");
    if (FLD(CDMA_D_BATCH_NUMBER, BATCHES) || FLD(CSC_D_BATCH_NUMBER, BATCHES))
        return nvdla_decode_fail(why, len, "batches > 1 are not present on nv_small");

    uint32_t w = FLD(CDMA_D_DATAIN_SIZE_0, DATAIN_WIDTH) + 1;
    uint32_t h = FLD(CDMA_D_DATAIN_SIZE_0, DATAIN_HEIGHT) + 1;
    uint32_t c = FLD(CDMA_D_DATAIN_SIZE_1, DATAIN_CHANNEL) + 1;
    int line_packed = FLD(CDMA_D_DAIN_MAP, LINE_PACKED), surf_packed = FLD(CDMA_D_DAIN_MAP, SURF_PACKED);
    /* 1x1 packed cubes are consecutive atoms */
    uint64_t surface = (w == 1 && h == 1 && line_packed && surf_packed) ? ATOM_LANES : REG(CDMA_D_SURF_STRIDE);
    nvdla_decode_cube(&l->feature, ADDR64(CDMA_D_DAIN_ADDR_LOW_0, CDMA_D_DAIN_ADDR_HIGH_0),
                      REG(CDMA_D_LINE_STRIDE), surface, w, h, c, 1, ATOM_LANES);
    l->weight_base = ADDR64(CDMA_D_WEIGHT_ADDR_LOW, CDMA_D_WEIGHT_ADDR_HIGH);
    l->weight_bytes = REG(CDMA_D_WEIGHT_BYTES);
    l->feature.sram = !FLD(CDMA_D_DAIN_RAM_TYPE, DATAIN_RAM_TYPE);
    l->weight_sram = !FLD(CDMA_D_WEIGHT_RAM_TYPE, WEIGHT_RAM_TYPE);
    l->data_reuse = FLD(CDMA_D_MISC_CFG, DATA_REUSE);
    l->weight_reuse = FLD(CDMA_D_MISC_CFG, WEIGHT_REUSE);
    l->skip_data_rls = FLD(CDMA_D_MISC_CFG, SKIP_DATA_RLS);
    l->skip_weight_rls = FLD(CDMA_D_MISC_CFG, SKIP_WEIGHT_RLS);

    struct golden_conv_cfg *g = &l->cfg;
    g->in_w = FLD(CSC_D_DATAIN_SIZE_EXT_0, DATAIN_WIDTH_EXT) + 1;
    g->in_h = FLD(CSC_D_DATAIN_SIZE_EXT_0, DATAIN_HEIGHT_EXT) + 1;
    g->in_c = FLD(CSC_D_DATAIN_SIZE_EXT_1, DATAIN_CHANNEL_EXT) + 1;
    if (g->in_w != w || g->in_h != h || g->in_c != c)
        return nvdla_decode_fail(why, len, "CDMA input cube %ux%ux%u differs from CSC's %ux%ux%u", w, h, c,
                                 g->in_w, g->in_h, g->in_c);
    g->cvt_en = FLD(CDMA_D_CVT_CFG, CVT_EN);
    g->cvt_truncate = FLD(CDMA_D_CVT_CFG, CVT_TRUNCATE);
    g->cvt_offset = nvdla_decode_sx(FLD(CDMA_D_CVT_OFFSET, CVT_OFFSET), 16);
    g->cvt_scale = nvdla_decode_sx(FLD(CDMA_D_CVT_SCALE, CVT_SCALE), 16);
    g->kernel_w = FLD(CSC_D_WEIGHT_SIZE_EXT_0, WEIGHT_WIDTH_EXT) + 1;
    g->kernel_h = FLD(CSC_D_WEIGHT_SIZE_EXT_0, WEIGHT_HEIGHT_EXT) + 1;
    g->kernel_c = FLD(CSC_D_WEIGHT_SIZE_EXT_1, WEIGHT_CHANNEL_EXT) + 1;
    g->kernels = FLD(CSC_D_WEIGHT_SIZE_EXT_1, WEIGHT_KERNEL) + 1;
    g->stride_x = FLD(CSC_D_CONV_STRIDE_EXT, CONV_X_STRIDE_EXT) + 1;
    g->stride_y = FLD(CSC_D_CONV_STRIDE_EXT, CONV_Y_STRIDE_EXT) + 1;
    g->dilation_x = FLD(CSC_D_DILATION_EXT, X_DILATION_EXT) + 1;
    g->dilation_y = FLD(CSC_D_DILATION_EXT, Y_DILATION_EXT) + 1;
    g->pad_left = FLD(CSC_D_ZERO_PADDING, PAD_LEFT);
    g->pad_top = FLD(CSC_D_ZERO_PADDING, PAD_TOP);
    g->pad_value = nvdla_decode_sx(FLD(CSC_D_ZERO_PADDING_VALUE, PAD_VALUE) & 0xffu, 8);
    g->out_w = FLD(CSC_D_DATAOUT_SIZE_0, DATAOUT_WIDTH) + 1;
    g->out_h = FLD(CSC_D_DATAOUT_SIZE_0, DATAOUT_HEIGHT) + 1;
    g->out_c = FLD(CSC_D_DATAOUT_SIZE_1, DATAOUT_CHANNEL) + 1;
    g->clip_truncate = FLD(CACC_D_CLIP_CFG, CLIP_TRUNCATE);
    g->int16 = 0;
    g->atomic_c = nvdla_regfile_hw(r)->atomic_c;
    g->atomic_k = nvdla_regfile_hw(r)->atomic_k;
    g->lanes = ATOM_LANES;
    char bad[200];
    if (golden_conv_check(g, bad, sizeof bad))
        return nvdla_decode_fail(why, len, "convolution program the reference model cannot run: %s", bad);
    if (l->weight_bytes < golden_conv_weight_bytes(g))
        return nvdla_decode_fail(why, len, "CDMA D_WEIGHT_BYTES = %u, but %ux%ux%ux%u weights need %" PRIu64,
                                 l->weight_bytes, g->kernels, g->kernel_c, g->kernel_h, g->kernel_w,
                                 golden_conv_weight_bytes(g));
    return 0;
}

void nvdla_describe_conv(const struct nvdla_conv_layer *l, char *buf, size_t len)
{
    const struct golden_conv_cfg *g = &l->cfg;
    snprintf(buf, len,
             "convolution %ux%ux%u * %u kernels %ux%ux%u -> %ux%ux%u, stride %ux%u, dilation %ux%u, "
             "pad left %u top %u value %d, CACC clip %u\n"
             "  feature: at 0x%" PRIx64 "%s, line stride 0x%" PRIx64 ", surface stride 0x%" PRIx64
             "%s; converter %s (offset %d scale %d truncate %u)\n"
             "  weights: %u bytes at 0x%" PRIx64 "%s%s\n",
             g->in_w, g->in_h, g->in_c, g->kernels, g->kernel_w, g->kernel_h, g->kernel_c, g->out_w, g->out_h,
             g->out_c, g->stride_x, g->stride_y, g->dilation_x, g->dilation_y, g->pad_left, g->pad_top,
             g->pad_value, g->clip_truncate, l->feature.base, l->feature.sram ? " (SRAMIF)" : "",
             l->feature.layout.line_stride,
             l->feature.layout.surface_stride, l->data_reuse ? " (reused from CBUF)" : "",
             g->cvt_en ? "on" : "off", g->cvt_offset, g->cvt_scale, g->cvt_truncate, l->weight_bytes,
             l->weight_base, l->weight_sram ? " (SRAMIF)" : "", l->weight_reuse ? " (reused from CBUF)" : "");
}
