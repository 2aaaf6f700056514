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

/* Image (pixel) input, arithmetic spec 8.6 and the in-memory formats'
 * pixel table: the pixel registers into l->img and the planes CDMA reads. */
static int decode_image(const struct nvdla_regfile *r, struct nvdla_conv_layer *l, uint32_t w, uint32_t h,
                        uint32_t c, char *why, size_t len)
{
    struct golden_conv_cfg *g = &l->cfg;
    struct golden_conv_img *img = &l->img;
    uint32_t pf = FLD(CDMA_D_DATAIN_FORMAT, PIXEL_FORMAT);
    enum golden_pixel_format f = (enum golden_pixel_format)pf;
    unsigned cp = golden_pixel_components(f), bpp = golden_pixel_bytes(f);
    int sp = cp == 3;   /* Y8___U8V8_N444 / Y8___V8U8_N444: Y plane + chroma-pair plane */
    if (!cp)
        return nvdla_decode_fail(why, len, "CDMA D_DATAIN_FORMAT PIXEL_FORMAT = %u: only the 8-bit pixel formats "
                                 "(R8, the 4-byte RGB/YUV formats, Y8 U8V8 / Y8 V8U8 semi-planar) are modelled; "
                                 "the 10/12/16-bit and floating-point ones are INT16/FP16 input", pf);
    if (FLD(CDMA_D_DATAIN_FORMAT, PIXEL_MAPPING))
        return nvdla_decode_fail(why, len, "CDMA D_DATAIN_FORMAT PIXEL_MAPPING = 1: only pitch-linear (0) image "
                                 "input is specified");
    if (l->data_reuse)
        return nvdla_decode_fail(why, len, "CDMA D_MISC_CFG DATA_REUSE = 1 with image input: reusing CBUF pixel "
                                 "lines is not specified");
    if (REG(CDMA_D_RESERVED_X_CFG) || REG(CDMA_D_RESERVED_Y_CFG))
        return nvdla_decode_fail(why, len, "CDMA D_RESERVED_X_CFG = 0x%x, D_RESERVED_Y_CFG = 0x%x with image "
                                 "input: reserved pixels are not specified (only 0 is modelled)",
                                 REG(CDMA_D_RESERVED_X_CFG), REG(CDMA_D_RESERVED_Y_CFG));
    if (c != cp)
        return nvdla_decode_fail(why, len, "CDMA D_DATAIN_SIZE_1 DATAIN_CHANNEL = %u (%u channels), but pixel format "
                                 "%u has %u components per pixel (the only valid channel size)", c - 1, c, pf, cp);
    g->in_w = w;
    g->in_h = h;
    g->in_c = FLD(CSC_D_DATAIN_SIZE_EXT_1, DATAIN_CHANNEL_EXT) + 1;
    if (g->in_c != cp)
        return nvdla_decode_fail(why, len, "CSC D_DATAIN_SIZE_EXT_1 DATAIN_CHANNEL_EXT = %u, but pixel format %u "
                                 "has %u components per pixel (image mode: the element step per pixel)",
                                 g->in_c - 1, pf, cp);
    img->format = f;
    img->x_offset = FLD(CDMA_D_PIXEL_OFFSET, PIXEL_X_OFFSET);
    /* valid x offsets (pixel table): 32 bytes of pixels, 0..7 for 4-byte ones */
    unsigned max_off = 32 / bpp - 1;
    if (img->x_offset > max_off)
        return nvdla_decode_fail(why, len, "CDMA D_PIXEL_OFFSET PIXEL_X_OFFSET = %u: pixel format %u allows 0..%u",
                                 img->x_offset, pf, max_off);
    if (sp && img->x_offset >= 4)
        return nvdla_decode_fail(why, len, "CDMA D_PIXEL_OFFSET PIXEL_X_OFFSET = %u with semi-planar pixel format "
                                 "%u: where the chroma pairs start for an offset of 4 or more is not specified",
                                 img->x_offset, pf);
    img->pad_left = FLD(CDMA_D_ZERO_PADDING, PAD_LEFT);
    img->pad_right = FLD(CDMA_D_ZERO_PADDING, PAD_RIGHT);
    img->pad_value = nvdla_decode_sx(FLD(CDMA_D_ZERO_PADDING_VALUE, PAD_VALUE) & 0xffu, 8);
    img->sign_override = FLD(CDMA_D_DATAIN_FORMAT, PIXEL_SIGN_OVERRIDE);
    img->mean_format = FLD(CDMA_D_MEAN_FORMAT, MEAN_FORMAT);
    img->mean[0] = nvdla_decode_sx(FLD(CDMA_D_MEAN_GLOBAL_0, MEAN_RY), 16);
    img->mean[1] = nvdla_decode_sx(FLD(CDMA_D_MEAN_GLOBAL_0, MEAN_GU), 16);
    img->mean[2] = nvdla_decode_sx(FLD(CDMA_D_MEAN_GLOBAL_1, MEAN_BV), 16);
    img->mean[3] = nvdla_decode_sx(FLD(CDMA_D_MEAN_GLOBAL_1, MEAN_AX), 16);
    img->line_stride = REG(CDMA_D_LINE_STRIDE);
    img->uv_line_stride = sp ? REG(CDMA_D_LINE_UV_STRIDE) : 0;
    img->y_extension = FLD(CSC_D_POST_Y_EXTENSION, Y_EXTENSION);
    if (img->y_extension)
        return nvdla_decode_fail(why, len, "CSC D_POST_Y_EXTENSION Y_EXTENSION = %u: channel post-extension "
                                 "(E = %u) is undefined in the reference model's image read (its CBUF entry "
                                 "is the MAC atom); only 0 is modelled", img->y_extension, 1u << img->y_extension);
    char bad[200];
    if (golden_conv_img_check(g, img, bad, sizeof bad))
        return nvdla_decode_fail(why, len, "image-input convolution the reference model cannot run: %s", bad);
    if (l->weight_bytes < golden_conv_img_weight_bytes(g))
        return nvdla_decode_fail(why, len, "CDMA D_WEIGHT_BYTES = %u, but %u pre-extended kernels %ux1x%u need %"
                                 PRIu64, l->weight_bytes, g->kernels, g->kernel_h, g->kernel_c,
                                 golden_conv_img_weight_bytes(g));
    /* The lines CDMA reads: x_off + W pixels from each line start, whole atoms. */
    unsigned atom = ATOM_LANES;
    int sram = !FLD(CDMA_D_DAIN_RAM_TYPE, DATAIN_RAM_TYPE);
    uint64_t bytes0 = ((uint64_t)img->x_offset + w) * bpp;
    uint32_t atoms0 = (uint32_t)((bytes0 + atom - 1) / atom);
    nvdla_decode_cube(&l->plane[0], ADDR64(CDMA_D_DAIN_ADDR_LOW_0, CDMA_D_DAIN_ADDR_HIGH_0), img->line_stride,
                      (uint64_t)atoms0 * atom, atoms0, h, atom, 1, atom);
    l->plane[0].sram = sram;
    l->n_planes = 1;
    if (sp) {
        uint64_t bytes1 = ((uint64_t)img->x_offset + w) * 2;
        uint32_t atoms1 = (uint32_t)((bytes1 + atom - 1) / atom);
        nvdla_decode_cube(&l->plane[1], ADDR64(CDMA_D_DAIN_ADDR_LOW_1, CDMA_D_DAIN_ADDR_HIGH_1),
                          img->uv_line_stride, (uint64_t)atoms1 * atom, atoms1, h, atom, 1, atom);
        l->plane[1].sram = sram;
        l->n_planes = 2;
    }
    l->image = 1;
    return 0;
}

int nvdla_decode_conv(const struct nvdla_regfile *r, struct nvdla_conv_layer *l, char *why, size_t len)
{
    memset(l, 0, sizeof *l);
    if (check_precision(r, why, len))
        return -1;
    uint32_t format = FLD(CDMA_D_DATAIN_FORMAT, DATAIN_FORMAT);
    if (FLD(CSC_D_DATAIN_FORMAT, DATAIN_FORMAT) != format)
        return nvdla_decode_fail(why, len, "CDMA D_DATAIN_FORMAT DATAIN_FORMAT = %u but CSC's is %u: feature (0) or "
                                 "image (1) input, they must agree", format,
                                 FLD(CSC_D_DATAIN_FORMAT, DATAIN_FORMAT));
    if (FLD(CDMA_D_WEIGHT_FORMAT, WEIGHT_FORMAT) || FLD(CSC_D_WEIGHT_FORMAT, WEIGHT_FORMAT))
        return nvdla_decode_fail(why, len, "compressed weights are not present on nv_small");
    if (FLD(CDMA_D_BATCH_NUMBER, BATCHES) || FLD(CSC_D_BATCH_NUMBER, BATCHES))
        return nvdla_decode_fail(why, len, "batches > 1 are not present on nv_small");

    uint32_t w = FLD(CDMA_D_DATAIN_SIZE_0, DATAIN_WIDTH) + 1;
    uint32_t h = FLD(CDMA_D_DATAIN_SIZE_0, DATAIN_HEIGHT) + 1;
    uint32_t c = FLD(CDMA_D_DATAIN_SIZE_1, DATAIN_CHANNEL) + 1;
    l->weight_base = ADDR64(CDMA_D_WEIGHT_ADDR_LOW, CDMA_D_WEIGHT_ADDR_HIGH);
    l->weight_bytes = REG(CDMA_D_WEIGHT_BYTES);
    l->weight_sram = !FLD(CDMA_D_WEIGHT_RAM_TYPE, WEIGHT_RAM_TYPE);
    l->data_reuse = FLD(CDMA_D_MISC_CFG, DATA_REUSE);
    l->weight_reuse = FLD(CDMA_D_MISC_CFG, WEIGHT_REUSE);
    l->skip_data_rls = FLD(CDMA_D_MISC_CFG, SKIP_DATA_RLS);
    l->skip_weight_rls = FLD(CDMA_D_MISC_CFG, SKIP_WEIGHT_RLS);

    struct golden_conv_cfg *g = &l->cfg;
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
    if (format)
        return decode_image(r, l, w, h, c, why, len);

    int line_packed = FLD(CDMA_D_DAIN_MAP, LINE_PACKED), surf_packed = FLD(CDMA_D_DAIN_MAP, SURF_PACKED);
    /* 1x1 packed cubes are consecutive atoms */
    uint64_t surface = (w == 1 && h == 1 && line_packed && surf_packed) ? ATOM_LANES : REG(CDMA_D_SURF_STRIDE);
    nvdla_decode_cube(&l->feature, ADDR64(CDMA_D_DAIN_ADDR_LOW_0, CDMA_D_DAIN_ADDR_HIGH_0),
                      REG(CDMA_D_LINE_STRIDE), surface, w, h, c, 1, ATOM_LANES);
    l->feature.sram = !FLD(CDMA_D_DAIN_RAM_TYPE, DATAIN_RAM_TYPE);
    g->in_w = FLD(CSC_D_DATAIN_SIZE_EXT_0, DATAIN_WIDTH_EXT) + 1;
    g->in_h = FLD(CSC_D_DATAIN_SIZE_EXT_0, DATAIN_HEIGHT_EXT) + 1;
    g->in_c = FLD(CSC_D_DATAIN_SIZE_EXT_1, DATAIN_CHANNEL_EXT) + 1;
    if (g->in_w != w || g->in_h != h || g->in_c != c)
        return nvdla_decode_fail(why, len, "CDMA input cube %ux%ux%u differs from CSC's %ux%ux%u", w, h, c,
                                 g->in_w, g->in_h, g->in_c);
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
    if (!l->image)
        return;
    const struct golden_conv_img *m = &l->img;
    size_t n = strlen(buf);
    if (n < len)
        snprintf(buf + n, len - n,
                 "  image input: pixel format %u at 0x%" PRIx64 " line stride 0x%" PRIx64 "%s (UV at 0x%" PRIx64
                 " stride 0x%" PRIx64 "), x offset %u, CDMA pad left %u right %u value %d, sign override %u, "
                 "mean %s (%d %d %d %d)\n",
                 (unsigned)m->format, l->plane[0].base, m->line_stride, l->plane[0].sram ? " (SRAMIF)" : "",
                 l->n_planes > 1 ? l->plane[1].base : 0, m->uv_line_stride, m->x_offset, m->pad_left,
                 m->pad_right, m->pad_value, (unsigned)m->sign_override,
                 m->mean_format ? "per component" : "off (CVT_OFFSET)", m->mean[0], m->mean[1], m->mean[2],
                 m->mean[3]);
}
