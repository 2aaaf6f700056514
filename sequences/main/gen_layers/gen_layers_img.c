/* gen_layers_img: random image-input (pixel) convolutions: CDMA reads raw
 * pixels (the 8-bit formats the twin models: R8, the 4-byte RGB/YUV ones,
 * Y8 U8V8 / Y8 V8U8 semi-planar), converts them (mean or offset, scale,
 * truncate), pads left/right (CDMA) and top/bottom (CSC), and a
 * pre-extended kernel (width 1, C' = S x components) runs through CSC,
 * CMAC and CACC into the SDP on the fly. Layers are named img_<seed>_<n>,
 * so the conv_<seed>_<n> stream of a seed stays as it was. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "golden_conv.h"
#include "golden_layout.h"
#include "gen_layers.h"

/* ---- the corners an image layer may be kept away from ----------------------
 * The one place for the image constraints the hardware may ask for. Every
 * corner is drawn by default; gen-layers --img-avoid NAME (img_avoid_corner)
 * redraws the layers that have it. */
static const struct img_corner {
    const char *name, *what;
} img_corners[] = {
    [IMG_CORNER_XOFF_PAD_LEFT] = { "xoff-pad-left", "a pixel x offset with CDMA left padding, suspected "
                                   "for the real nv_small RTL's img_abgr_1 until cbuf-entry-per-slice explained it" },
    [IMG_CORNER_XOFF] = { "xoff", "any pixel x offset" },
    [IMG_CORNER_PAD_LR] = { "pad-lr", "CDMA left or right padding" },
    [IMG_CORNER_MEAN] = { "mean", "per-component means, D_MEAN_FORMAT = 1" },
    [IMG_CORNER_SIGN] = { "sign-override", "PIXEL_SIGN_OVERRIDE = 1" },
};
static unsigned img_avoided;

int img_avoid_corner(const char *name)
{
    for (unsigned i = 0; i < IMG_CORNERS; i++)
        if (!strcmp(name, img_corners[i].name)) {
            img_avoided |= 1u << i;
            return 0;
        }
    return -1;
}

void img_corner_names(char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < IMG_CORNERS && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s: %s", i ? "; " : "", img_corners[i].name,
                              img_corners[i].what);
}

/* ---- pixel formats ---------------------------------------------------------- */

const struct img_format img_formats[IMG_FORMATS] = {
    { GOLDEN_PIX_R8, "R8" },
    { GOLDEN_PIX_A8B8G8R8, "A8B8G8R8" }, { GOLDEN_PIX_A8R8G8B8, "A8R8G8B8" },
    { GOLDEN_PIX_B8G8R8A8, "B8G8R8A8" }, { GOLDEN_PIX_R8G8B8A8, "R8G8B8A8" },
    { GOLDEN_PIX_X8B8G8R8, "X8B8G8R8" }, { GOLDEN_PIX_X8R8G8B8, "X8R8G8B8" },
    { GOLDEN_PIX_B8G8R8X8, "B8G8R8X8" }, { GOLDEN_PIX_R8G8B8X8, "R8G8B8X8" },
    { GOLDEN_PIX_A8Y8U8V8, "A8Y8U8V8" }, { GOLDEN_PIX_V8U8Y8A8, "V8U8Y8A8" },
    { GOLDEN_PIX_Y8___U8V8_N444, "Y8___U8V8_N444" }, { GOLDEN_PIX_Y8___V8U8_N444, "Y8___V8U8_N444" },
};

/* The pixel format of the layer being built (index in img_formats): layer n
 * of a run takes format n modulo IMG_FORMATS, so 13 layers cover every one
 * (redraws keep it). */
int img_format_pick;

/* Plane bases and line strides: multiples of 32 bytes (the in-memory formats
 * ask it of pitch-linear images) and of the memory atom. */
static uint64_t img_align(void) { return atom() > 32 ? atom() : 32; }

/* A pixel plane of h lines of stride bytes, the first `used` bytes of each
 * line read (whole atoms), random bytes everywhere; its base. */
static uint64_t img_plane(struct layer *l, const char *name, const char *suffix, uint64_t stride, uint32_t h,
                          uint64_t used, int force_sec, int *sec)
{
    uint64_t span = (uint64_t)(h - 1) * stride + used;
    uint64_t base = place_mem_in(l, span, img_align(), force_sec, sec);
    struct dat *d = &l->dats[l->ndat++];
    snprintf(d->file, sizeof d->file, "%.80s%s.dat", name, suffix);
    d->sec = *sec;
    d->base = base;
    d->size = span;
    d->bytes = malloc(span);
    if (!d->bytes)
        abort();
    for (uint64_t i = 0; i < span; i++)
        d->bytes[i] = (uint8_t)rnd32();
    return base;
}

/* A line stride for `used` bytes of a line: rounded up to the alignment,
 * sometimes with a few more aligned blocks. */
static uint64_t img_stride(uint64_t used)
{
    uint64_t a = img_align();
    return (used + a - 1) / a * a + (chance(40) ? a * (uint64_t)rand_range(1, 3) : 0);
}

/* CBUF entries one padded image line takes (rule cbuf-entry-per-slice,
 * measured on the real nv_small RTL): (pad left + width + pad right) pixels
 * of Cp bytes (the channel count, 3 for semi-planar) in CBUF_BANK_WIDTH
 * entries; fewer let the next line overwrite the end of this one. */
static uint32_t img_entries(unsigned cp, uint32_t padded_w)
{
    uint32_t e = gen_config->cbuf_bank_width;
    return (padded_w * cp + e - 1) / e;
}

int gen_img(struct layer *l, const char *name)
{
    const struct img_format *fmt = &img_formats[img_format_pick];
    struct golden_conv_cfg g;
    struct golden_conv_img img;
    memset(&g, 0, sizeof g);
    memset(&img, 0, sizeof img);
    img.format = fmt->format;
    unsigned cp = golden_pixel_components(img.format), bpp = golden_pixel_bytes(img.format);
    int sp = cp == 3;
    g.in_w = (uint32_t)rand_range(1, 16);
    g.in_h = (uint32_t)rand_range(1, 16);
    g.in_c = cp;
    /* x offset: within the first memory atom (rule pixel-x-offset: the real
     * RTL reads other pixels beyond it); semi-planar below 4 (where the
     * chroma starts beyond is not specified: the twin refuses it) */
    unsigned max_off = atom() / bpp - 1;
    if (sp && max_off > 3)
        max_off = 3;
    img.x_offset = chance(50) ? 0 : (unsigned)rand_range(0, max_off);
    uint32_t s_orig = (uint32_t)rand_range(1, 4);   /* kernel width in pixels, pre-extended */
    g.kernel_w = 1;
    g.kernel_h = (uint32_t)rand_range(1, 5);
    g.kernel_c = s_orig * cp;
    g.kernels = chance(20) ? (uint32_t)rand_range(1, 8) : (uint32_t)rand_range(1, max_kernels());
    g.stride_x = (unsigned)rand_range(1, 3);
    g.stride_y = (unsigned)rand_range(1, 3);
    g.dilation_x = g.dilation_y = 1;
    img.pad_left = chance(50) ? 0 : (unsigned)rand_range(0, s_orig - 1);
    img.pad_right = chance(50) ? 0 : (unsigned)rand_range(0, s_orig - 1);
    g.pad_top = chance(50) ? 0 : (unsigned)rand_range(0, g.kernel_h - 1);
    unsigned pad_bottom = chance(50) ? 0 : (unsigned)rand_range(0, g.kernel_h - 1);
    int64_t rw = (int64_t)img.pad_left + g.in_w + img.pad_right - s_orig;
    int64_t rh = (int64_t)g.pad_top + g.in_h + pad_bottom - g.kernel_h;
    if (rw < 0 || rh < 0)
        return -1;
    g.out_w = (uint32_t)(rw / g.stride_x + 1);
    g.out_h = (uint32_t)(rh / g.stride_y + 1);
    g.out_c = g.kernels;
    uint32_t pad_raw = chance(50) ? 0 : (uint32_t)rand_range(0, 255);
    g.pad_value = img.pad_value = (int8_t)pad_raw;
    /* the converter: on in most layers (pixels are unsigned, the MAC signed) */
    g.cvt_en = chance(80);
    img.sign_override = chance(25);
    if (g.cvt_en) {
        g.cvt_offset = (int32_t)rand_range(-128, 383);
        g.cvt_scale = chance(50) ? (int32_t)rand_range(1, 4) : (int32_t)rand_range(-600, 600);
        g.cvt_truncate = (unsigned)rand_range(0, 10);
        img.mean_format = chance(50);
        for (int e = 0; e < 4; e++)
            img.mean[e] = img.mean_format ? (int32_t)rand_range(-128, 383) : 0;
    } else
        g.cvt_scale = 1;
    g.clip_truncate = (unsigned)rand_range(0, 12);
    g.atomic_c = gen_config->atomic_c;
    g.atomic_k = gen_config->atomic_k;
    g.lanes = atom();

    /* the corners the coordinator asked to avoid (one place: img_corners) */
    unsigned corners = (img.x_offset && img.pad_left ? 1u << IMG_CORNER_XOFF_PAD_LEFT : 0) |
                       (img.x_offset ? 1u << IMG_CORNER_XOFF : 0) |
                       (img.pad_left || img.pad_right ? 1u << IMG_CORNER_PAD_LR : 0) |
                       (g.cvt_en && img.mean_format ? 1u << IMG_CORNER_MEAN : 0) |
                       (img.sign_override ? 1u << IMG_CORNER_SIGN : 0);
    if (corners & img_avoided)
        return -1;

    /* pixel planes: CDMA reads x offset + width pixels of each line in whole atoms */
    uint64_t used0 = ((uint64_t)img.x_offset + g.in_w) * bpp;
    used0 = (used0 + atom() - 1) / atom() * atom();
    img.line_stride = img_stride(used0);
    int sec;
    uint64_t base0 = img_plane(l, name, "_y", img.line_stride, g.in_h, used0, -1, &sec);
    uint64_t base1 = 0;
    if (sp) {
        uint64_t used1 = ((uint64_t)img.x_offset + g.in_w) * 2;
        used1 = (used1 + atom() - 1) / atom() * atom();
        img.uv_line_stride = img_stride(used1);
        int sec1;
        base1 = img_plane(l, name, "_uv", img.uv_line_stride, g.in_h, used1, sec, &sec1);
    }
    char why[200];
    if (golden_conv_img_check(&g, &img, why, sizeof why))
        return -1;

    /* weights: an original K x Cp x R x S kernel pre-extended to width 1,
     * padded with zeros to whole CBUF entries (rule weight-bytes-align) */
    uint64_t wdense = golden_conv_img_weight_bytes(&g);
    uint64_t a = gen_config->cbuf_bank_width > atom() ? gen_config->cbuf_bank_width : atom();
    uint64_t wbytes = (wdense + a - 1) / a * a;
    size_t nk = (size_t)g.kernels * cp * g.kernel_h * s_orig;
    int8_t *kcrs = malloc(nk);
    uint8_t *wb = calloc(1, wbytes);
    if (!kcrs || !wb)
        abort();
    int small = chance(50);
    for (size_t i = 0; i < nk; i++)
        kcrs[i] = (int8_t)(small ? rand_range(-8, 8) : (int64_t)(int8_t)rnd32());
    if (golden_layout_img_weights_from_kcrs(&g, &img, kcrs, s_orig, wb, wdense)) {
        free(kcrs);
        free(wb);
        return -1;
    }
    int wsec;
    uint64_t wbase = raw_image(l, wb, wbytes, name, "_wt", &wsec);
    free(kcrs);
    free(wb);
    struct cube out = { .w = g.out_w, .h = g.out_h, .c = g.kernels, .eb = 1 };
    cube_strides(&out, 1);
    cube_output(l, &out);

    /* CDMA */
    uint32_t in_sz0 = (g.in_w - 1) | (g.in_h - 1) << 16;
    set_reg(l, "CDMA", "S_POINTER", 0);
    set_reg(l, "CDMA", "D_MISC_CFG", 0);                  /* DC, INT8, no reuse */
    set_reg(l, "CDMA", "D_DATAIN_FORMAT", 0);
    set_field(l, "CDMA", "D_DATAIN_FORMAT", "DATAIN_FORMAT", 1);     /* pixel */
    set_field(l, "CDMA", "D_DATAIN_FORMAT", "PIXEL_FORMAT", (uint32_t)img.format);
    set_field(l, "CDMA", "D_DATAIN_FORMAT", "PIXEL_MAPPING", 0);     /* pitch linear */
    set_field(l, "CDMA", "D_DATAIN_FORMAT", "PIXEL_SIGN_OVERRIDE", (uint32_t)img.sign_override);
    set_reg(l, "CDMA", "D_DATAIN_SIZE_0", in_sz0);
    set_reg(l, "CDMA", "D_DATAIN_SIZE_1", cp - 1);
    set_reg(l, "CDMA", "D_DATAIN_SIZE_EXT_0", in_sz0);
    set_reg(l, "CDMA", "D_PIXEL_OFFSET", 0);
    set_field(l, "CDMA", "D_PIXEL_OFFSET", "PIXEL_X_OFFSET", img.x_offset);
    set_reg(l, "CDMA", "D_DAIN_RAM_TYPE", ram_type(sec));
    set_reg(l, "CDMA", "D_DAIN_ADDR_HIGH_0", (uint32_t)(base0 >> 32));
    set_reg(l, "CDMA", "D_DAIN_ADDR_LOW_0", (uint32_t)base0);
    set_reg(l, "CDMA", "D_DAIN_ADDR_HIGH_1", (uint32_t)(base1 >> 32));
    set_reg(l, "CDMA", "D_DAIN_ADDR_LOW_1", (uint32_t)base1);
    set_reg(l, "CDMA", "D_LINE_STRIDE", (uint32_t)img.line_stride);
    set_reg(l, "CDMA", "D_LINE_UV_STRIDE", (uint32_t)img.uv_line_stride);
    set_reg(l, "CDMA", "D_SURF_STRIDE", 0);
    set_reg(l, "CDMA", "D_DAIN_MAP", 0);
    set_reg(l, "CDMA", "D_RESERVED_X_CFG", 0);
    set_reg(l, "CDMA", "D_RESERVED_Y_CFG", 0);
    set_reg(l, "CDMA", "D_BATCH_NUMBER", 0);
    set_reg(l, "CDMA", "D_BATCH_STRIDE", 0);
    uint32_t entries = img_entries(cp, img.pad_left + g.in_w + img.pad_right);
    set_reg(l, "CDMA", "D_ENTRY_PER_SLICE", entries - 1);
    set_reg(l, "CDMA", "D_FETCH_GRAIN", 0);
    set_reg(l, "CDMA", "D_WEIGHT_FORMAT", 0);
    set_reg(l, "CDMA", "D_WEIGHT_SIZE_0", g.kernel_h * g.kernel_c - 1);
    set_reg(l, "CDMA", "D_WEIGHT_SIZE_1", g.kernels - 1);
    set_reg(l, "CDMA", "D_WEIGHT_RAM_TYPE", ram_type(wsec));
    set_reg(l, "CDMA", "D_WEIGHT_ADDR_HIGH", (uint32_t)(wbase >> 32));
    set_reg(l, "CDMA", "D_WEIGHT_ADDR_LOW", (uint32_t)wbase);
    set_reg(l, "CDMA", "D_WEIGHT_BYTES", (uint32_t)wbytes);
    set_reg(l, "CDMA", "D_MEAN_FORMAT", (uint32_t)img.mean_format);
    set_field(l, "CDMA", "D_MEAN_GLOBAL_0", "MEAN_RY", (uint32_t)img.mean[0]);
    set_field(l, "CDMA", "D_MEAN_GLOBAL_0", "MEAN_GU", (uint32_t)img.mean[1]);
    set_field(l, "CDMA", "D_MEAN_GLOBAL_1", "MEAN_BV", (uint32_t)img.mean[2]);
    set_field(l, "CDMA", "D_MEAN_GLOBAL_1", "MEAN_AX", (uint32_t)img.mean[3]);
    set_field(l, "CDMA", "D_CVT_CFG", "CVT_EN", (uint32_t)g.cvt_en);
    set_field(l, "CDMA", "D_CVT_CFG", "CVT_TRUNCATE", g.cvt_truncate);
    set_field(l, "CDMA", "D_CVT_OFFSET", "CVT_OFFSET", (uint32_t)g.cvt_offset);
    set_field(l, "CDMA", "D_CVT_SCALE", "CVT_SCALE", (uint32_t)g.cvt_scale);
    set_reg(l, "CDMA", "D_CONV_STRIDE", (g.stride_x - 1) | (g.stride_y - 1) << 16);
    set_field(l, "CDMA", "D_ZERO_PADDING", "PAD_LEFT", img.pad_left);
    set_field(l, "CDMA", "D_ZERO_PADDING", "PAD_RIGHT", img.pad_right);
    set_field(l, "CDMA", "D_ZERO_PADDING", "PAD_TOP", g.pad_top);
    set_field(l, "CDMA", "D_ZERO_PADDING", "PAD_BOTTOM", pad_bottom);
    set_field(l, "CDMA", "D_ZERO_PADDING_VALUE", "PAD_VALUE", pad_raw);
    /* the data banks hold the padded lines; the weights get what they need
     * of the rest (rules cbuf-data-banks, cbuf-bank-count) */
    uint32_t depth = gen_config->cbuf_bank_depth, bank_bytes = depth * gen_config->cbuf_bank_width;
    uint32_t dbanks = (entries * g.in_h + depth - 1) / depth;
    uint32_t wbanks = (uint32_t)((wbytes + bank_bytes - 1) / bank_bytes);
    if (dbanks + 1 > gen_config->cbuf_bank_number)
        return -1;
    if (wbanks > gen_config->cbuf_bank_number - dbanks)
        wbanks = gen_config->cbuf_bank_number - dbanks;
    set_reg(l, "CDMA", "D_BANK", (dbanks - 1) | (wbanks - 1) << 16);
    set_reg(l, "CDMA", "D_NAN_FLUSH_TO_ZERO", 0);
    set_reg(l, "CDMA", "D_CYA", 0);

    /* CSC: image mode, the pre-extended kernel. Left/right padding is
     * CDMA's (it assembles the padded line); CSC's PAD_LEFT stays 0 as in
     * the hand-written image traces that match the real nv_small RTL (the
     * twin does not read it in image mode) */
    set_reg(l, "CSC", "S_POINTER", 0);
    set_reg(l, "CSC", "D_MISC_CFG", 0);
    set_reg(l, "CSC", "D_DATAIN_FORMAT", 1);
    set_reg(l, "CSC", "D_DATAIN_SIZE_EXT_0", in_sz0);
    set_reg(l, "CSC", "D_DATAIN_SIZE_EXT_1", cp - 1);
    set_reg(l, "CSC", "D_BATCH_NUMBER", 0);
    set_reg(l, "CSC", "D_POST_Y_EXTENSION", 0);
    set_reg(l, "CSC", "D_ENTRY_PER_SLICE", entries - 1);
    set_reg(l, "CSC", "D_WEIGHT_FORMAT", 0);
    set_reg(l, "CSC", "D_WEIGHT_SIZE_EXT_0", (g.kernel_h - 1) << 16);
    set_reg(l, "CSC", "D_WEIGHT_SIZE_EXT_1", (g.kernel_c - 1) | (g.kernels - 1) << 16);
    set_reg(l, "CSC", "D_WEIGHT_BYTES", (uint32_t)wbytes);
    set_reg(l, "CSC", "D_DATAOUT_SIZE_0", (g.out_w - 1) | (g.out_h - 1) << 16);
    set_reg(l, "CSC", "D_DATAOUT_SIZE_1", g.kernels - 1);
    set_reg(l, "CSC", "D_ATOMICS", g.out_w * g.out_h - 1);
    set_reg(l, "CSC", "D_RELEASE", g.in_h - 1);
    set_reg(l, "CSC", "D_CONV_STRIDE_EXT", (g.stride_x - 1) | (g.stride_y - 1) << 16);
    set_reg(l, "CSC", "D_DILATION_EXT", 0);
    set_field(l, "CSC", "D_ZERO_PADDING", "PAD_LEFT", 0);
    set_field(l, "CSC", "D_ZERO_PADDING", "PAD_TOP", g.pad_top);
    set_field(l, "CSC", "D_ZERO_PADDING_VALUE", "PAD_VALUE", pad_raw);
    set_reg(l, "CSC", "D_BANK", (dbanks - 1) | (wbanks - 1) << 16);
    set_reg(l, "CSC", "D_PRA_CFG", 0);
    set_reg(l, "CSC", "D_CYA", 0);

    conv_cmac_cacc(l, &g, &out);

    /* SDP on the fly, register operands only */
    set_reg(l, "SDP", "S_POINTER", 0);
    char streams[96];
    sdp_datapath(l, name, g.out_w, g.out_h, g.kernels, 1, 0, 0, streams, sizeof streams);
    conv_sdp_dst(l, &out);

    l->glb_mask = 1;
    l->flush_wait = 1;   /* the CBUF flush after reset (rule cbuf-flush-wait) */
    enable(l, "SDP");
    enable(l, "CACC");
    enable(l, "CMAC_A");
    enable(l, "CMAC_B");
    enable(l, "CSC");
    enable(l, "CDMA");
    l->intr = "SDP_0";
    l->img_format = (int)(fmt - img_formats) + 1;
    snprintf(l->desc, sizeof l->desc, "img %s %ux%u x_off %u pad l%u r%u t%u b%u value %d, line %u%s%.0u, "
             "%s%s, kernel %ux%u (C' %u) x %u s%ux%u -> %ux%ux%u", fmt->name, g.in_w, g.in_h, img.x_offset,
             img.pad_left, img.pad_right, g.pad_top, pad_bottom, g.pad_value, (unsigned)img.line_stride,
             sp ? " uv " : "", sp ? (unsigned)img.uv_line_stride : 0u,
             !g.cvt_en ? "cvt off" : img.mean_format ? "cvt means" : "cvt offset",
             img.sign_override ? " signed" : "", s_orig, g.kernel_h, g.kernel_c, g.kernels, g.stride_x,
             g.stride_y, g.out_w, g.out_h, g.kernels);
    return 0;
}
