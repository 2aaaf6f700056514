/* gen_layers_conv: random direct convolutions (CDMA, CSC, CMAC, CACC into
 * the SDP, whose BS/BN operands may come from memory). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "golden_conv.h"
#include "golden_layout.h"
#include "nvdla_features.h"
#include "gen_layers.h"

/* ---- convolution ------------------------------------------------------------ */

/* CMAC and CACC of a direct or image convolution writing the cube out
 * (through SDP on the fly): the same for both. */
void conv_cmac_cacc(struct layer *l, const struct golden_conv_cfg *g, const struct cube *out)
{
    set_reg(l, "CMAC_A", "S_POINTER", 0);
    set_reg(l, "CMAC_A", "D_MISC_CFG", 0);
    set_reg(l, "CMAC_B", "S_POINTER", 0);
    set_reg(l, "CMAC_B", "D_MISC_CFG", 0);
    set_reg(l, "CACC", "S_POINTER", 0);
    set_reg(l, "CACC", "D_MISC_CFG", 0);
    set_reg(l, "CACC", "D_DATAOUT_SIZE_0", (g->out_w - 1) | (g->out_h - 1) << 16);
    set_reg(l, "CACC", "D_DATAOUT_SIZE_1", g->kernels - 1);
    set_reg(l, "CACC", "D_DATAOUT_ADDR", (uint32_t)out->base);
    set_reg(l, "CACC", "D_BATCH_NUMBER", 0);
    set_reg(l, "CACC", "D_LINE_STRIDE", (uint32_t)out->line);
    set_reg(l, "CACC", "D_SURF_STRIDE", (uint32_t)out->surf);
    set_field(l, "CACC", "D_DATAOUT_MAP", "LINE_PACKED", out->line == (uint64_t)out->w * atom());
    set_field(l, "CACC", "D_DATAOUT_MAP", "SURF_PACKED", out->surf == out->line * out->h);
    set_field(l, "CACC", "D_CLIP_CFG", "CLIP_TRUNCATE", g->clip_truncate);
    set_reg(l, "CACC", "D_CYA", 0);
}

/* SDP takes the convolution's output on the fly and writes it to out. */
void conv_sdp_dst(struct layer *l, const struct cube *out)
{
    set_field(l, "SDP", "D_FEATURE_MODE_CFG", "FLYING_MODE", 1);
    set_field(l, "SDP", "D_FEATURE_MODE_CFG", "OUTPUT_DST", 0);
    set_reg(l, "SDP", "D_DST_BASE_ADDR_LOW", (uint32_t)out->base);
    set_reg(l, "SDP", "D_DST_BASE_ADDR_HIGH", (uint32_t)(out->base >> 32));
    set_reg(l, "SDP", "D_DST_LINE_STRIDE", (uint32_t)out->line);
    set_reg(l, "SDP", "D_DST_SURFACE_STRIDE", (uint32_t)out->surf);
    set_reg(l, "SDP", "D_DST_DMA_CFG", ram_type(out->sec));
}

int gen_conv(struct layer *l, const char *name)
{
    struct golden_conv_cfg g;
    memset(&g, 0, sizeof g);
    g.in_w = (uint32_t)rand_range(1, 16);
    g.in_h = (uint32_t)rand_range(1, 16);
    g.in_c = chance(20) ? (uint32_t)rand_range(1, atom()) : (uint32_t)rand_range(1, max_channels());
    g.kernel_w = (uint32_t)rand_range(1, 5);
    g.kernel_h = (uint32_t)rand_range(1, 5);
    g.kernel_c = g.in_c;
    g.kernels = chance(20) ? (uint32_t)rand_range(1, 8) : (uint32_t)rand_range(1, max_kernels());
    g.stride_x = (unsigned)rand_range(1, 3);
    g.stride_y = (unsigned)rand_range(1, 3);
    g.dilation_x = chance(25) ? 2 : 1;
    g.dilation_y = chance(25) ? 2 : 1;
    uint32_t ekw = (g.kernel_w - 1) * g.dilation_x + 1, ekh = (g.kernel_h - 1) * g.dilation_y + 1;
    g.pad_left = chance(50) ? 0 : (unsigned)rand_range(0, ekw - 1);
    g.pad_top = chance(50) ? 0 : (unsigned)rand_range(0, ekh - 1);
    unsigned pad_right = chance(50) ? 0 : (unsigned)rand_range(0, ekw - 1);
    unsigned pad_bottom = chance(50) ? 0 : (unsigned)rand_range(0, ekh - 1);
    int64_t rw = (int64_t)g.pad_left + g.in_w + pad_right - ekw;
    int64_t rh = (int64_t)g.pad_top + g.in_h + pad_bottom - ekh;
    if (rw < 0 || rh < 0)
        return -1;
    g.out_w = (uint32_t)(rw / g.stride_x + 1);
    g.out_h = (uint32_t)(rh / g.stride_y + 1);
    g.out_c = g.kernels;
    uint32_t pad_raw = chance(50) ? 0 : (uint32_t)rand_range(0, 255);
    g.pad_value = (int8_t)pad_raw;
    g.cvt_en = chance(25);
    if (g.cvt_en) {
        g.cvt_offset = (int32_t)rand_range(-128, 127);
        g.cvt_scale = (int32_t)rand_range(-600, 600);
        g.cvt_truncate = (unsigned)rand_range(0, 10);
    } else
        g.cvt_scale = 1;
    g.clip_truncate = (unsigned)rand_range(0, 12);
    g.int16 = 0;
    g.atomic_c = gen_config->atomic_c;
    g.atomic_k = gen_config->atomic_k;
    g.lanes = atom();
    char why[200];
    if (golden_conv_check(&g, why, sizeof why))
        return -1;

    /* feature and weights */
    struct cube in = { .w = g.in_w, .h = g.in_h, .c = g.in_c, .eb = 1 };
    cube_strides(&in, 1);
    int line_packed = in.line == (uint64_t)in.w * atom(), surf_packed = in.surf == in.line * in.h;
    cube_image(l, &in, name, "_dt");
    /* weights padded with zeros to whole CBUF entries (rule weight-bytes-align: the
     * hardware hangs on a partial entry, 8 bytes on nv_small, 64 on nv_large) */
    uint64_t wdense = golden_conv_weight_bytes(&g);
    uint64_t a = gen_config->cbuf_bank_width > atom() ? gen_config->cbuf_bank_width : atom();
    uint64_t wbytes = (wdense + a - 1) / a * a;
    size_t nk = (size_t)g.kernels * g.kernel_c * g.kernel_h * g.kernel_w;
    int8_t *kcrs = malloc(nk);
    uint8_t *wb = calloc(1, wbytes);
    if (!kcrs || !wb)
        abort();
    int small = chance(50);
    for (size_t i = 0; i < nk; i++)
        kcrs[i] = (int8_t)(small ? rand_range(-8, 8) : (int64_t)(int8_t)rnd32());
    if (golden_layout_weights_from_kcrs(&g, kcrs, wb, wdense)) {
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
    set_reg(l, "CDMA", "D_DATAIN_FORMAT", 0);             /* feature */
    set_reg(l, "CDMA", "D_DATAIN_SIZE_0", in_sz0);
    set_reg(l, "CDMA", "D_DATAIN_SIZE_1", g.in_c - 1);
    set_reg(l, "CDMA", "D_DATAIN_SIZE_EXT_0", in_sz0);
    set_reg(l, "CDMA", "D_PIXEL_OFFSET", 0);
    set_reg(l, "CDMA", "D_DAIN_RAM_TYPE", ram_type(in.sec));
    set_reg(l, "CDMA", "D_DAIN_ADDR_HIGH_0", (uint32_t)(in.base >> 32));
    set_reg(l, "CDMA", "D_DAIN_ADDR_LOW_0", (uint32_t)in.base);
    set_reg(l, "CDMA", "D_LINE_STRIDE", (uint32_t)in.line);
    set_reg(l, "CDMA", "D_SURF_STRIDE", (uint32_t)in.surf);
    set_field(l, "CDMA", "D_DAIN_MAP", "LINE_PACKED", (uint32_t)line_packed);
    set_field(l, "CDMA", "D_DAIN_MAP", "SURF_PACKED", (uint32_t)surf_packed);
    set_reg(l, "CDMA", "D_BATCH_NUMBER", 0);
    set_reg(l, "CDMA", "D_BATCH_STRIDE", 0);
    /* CBUF entries of a slice (rule cbuf-entry-per-slice): each pixel's
     * memory atoms, ape of them per entry; the last partial entry's atoms
     * of several pixels share an entry when they divide it (nv_small: one
     * 8-byte atom per 8-byte entry, width x ceil(C / 8)) */
    uint32_t ape = gen_config->cbuf_bank_width / atom();
    uint32_t atoms = (g.in_c + atom() - 1) / atom(), last = atoms % ape;
    uint32_t entries = g.in_w * (atoms / ape);
    if (last)
        entries += ape % last ? g.in_w : (last * g.in_w + ape - 1) / ape;
    set_reg(l, "CDMA", "D_ENTRY_PER_SLICE", entries - 1);
    set_reg(l, "CDMA", "D_FETCH_GRAIN", 0);
    set_reg(l, "CDMA", "D_WEIGHT_FORMAT", 0);
    set_reg(l, "CDMA", "D_WEIGHT_SIZE_0", g.kernel_w * g.kernel_h * g.kernel_c - 1);
    set_reg(l, "CDMA", "D_WEIGHT_SIZE_1", g.kernels - 1);
    set_reg(l, "CDMA", "D_WEIGHT_RAM_TYPE", ram_type(wsec));
    set_reg(l, "CDMA", "D_WEIGHT_ADDR_HIGH", (uint32_t)(wbase >> 32));
    set_reg(l, "CDMA", "D_WEIGHT_ADDR_LOW", (uint32_t)wbase);
    set_reg(l, "CDMA", "D_WEIGHT_BYTES", (uint32_t)wbytes);
    set_reg(l, "CDMA", "D_MEAN_FORMAT", 0);
    set_field(l, "CDMA", "D_CVT_CFG", "CVT_EN", (uint32_t)g.cvt_en);
    set_field(l, "CDMA", "D_CVT_CFG", "CVT_TRUNCATE", g.cvt_truncate);
    set_field(l, "CDMA", "D_CVT_OFFSET", "CVT_OFFSET", (uint32_t)g.cvt_offset);
    set_field(l, "CDMA", "D_CVT_SCALE", "CVT_SCALE", (uint32_t)g.cvt_scale);
    set_reg(l, "CDMA", "D_CONV_STRIDE", (g.stride_x - 1) | (g.stride_y - 1) << 16);
    set_field(l, "CDMA", "D_ZERO_PADDING", "PAD_LEFT", g.pad_left);
    set_field(l, "CDMA", "D_ZERO_PADDING", "PAD_RIGHT", pad_right);
    set_field(l, "CDMA", "D_ZERO_PADDING", "PAD_TOP", g.pad_top);
    set_field(l, "CDMA", "D_ZERO_PADDING", "PAD_BOTTOM", pad_bottom);
    set_field(l, "CDMA", "D_ZERO_PADDING_VALUE", "PAD_VALUE", pad_raw);
    /* the data banks hold the cube; the weights get what they need of the
     * rest (rules cbuf-data-banks, cbuf-bank-count) */
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

    /* CSC */
    set_reg(l, "CSC", "S_POINTER", 0);
    set_reg(l, "CSC", "D_MISC_CFG", 0);
    set_reg(l, "CSC", "D_DATAIN_FORMAT", 0);
    set_reg(l, "CSC", "D_DATAIN_SIZE_EXT_0", in_sz0);
    set_reg(l, "CSC", "D_DATAIN_SIZE_EXT_1", g.in_c - 1);
    set_reg(l, "CSC", "D_BATCH_NUMBER", 0);
    set_reg(l, "CSC", "D_POST_Y_EXTENSION", 0);
    set_reg(l, "CSC", "D_ENTRY_PER_SLICE", entries - 1);
    set_reg(l, "CSC", "D_WEIGHT_FORMAT", 0);
    set_reg(l, "CSC", "D_WEIGHT_SIZE_EXT_0", (g.kernel_w - 1) | (g.kernel_h - 1) << 16);
    set_reg(l, "CSC", "D_WEIGHT_SIZE_EXT_1", (g.kernel_c - 1) | (g.kernels - 1) << 16);
    set_reg(l, "CSC", "D_WEIGHT_BYTES", (uint32_t)wbytes);
    set_reg(l, "CSC", "D_DATAOUT_SIZE_0", (g.out_w - 1) | (g.out_h - 1) << 16);
    set_reg(l, "CSC", "D_DATAOUT_SIZE_1", g.kernels - 1);
    set_reg(l, "CSC", "D_ATOMICS", g.out_w * g.out_h - 1);
    set_reg(l, "CSC", "D_RELEASE", g.in_h - 1);
    set_reg(l, "CSC", "D_CONV_STRIDE_EXT", (g.stride_x - 1) | (g.stride_y - 1) << 16);
    set_reg(l, "CSC", "D_DILATION_EXT", (g.dilation_x - 1) | (g.dilation_y - 1) << 16);
    set_field(l, "CSC", "D_ZERO_PADDING", "PAD_LEFT", g.pad_left);
    set_field(l, "CSC", "D_ZERO_PADDING", "PAD_TOP", g.pad_top);
    set_field(l, "CSC", "D_ZERO_PADDING_VALUE", "PAD_VALUE", pad_raw);
    set_reg(l, "CSC", "D_BANK", (dbanks - 1) | (wbanks - 1) << 16);
    set_reg(l, "CSC", "D_PRA_CFG", 0);
    set_reg(l, "CSC", "D_CYA", 0);

    conv_cmac_cacc(l, &g, &out);

    /* SDP on the fly; in some layers BS and/or BN take operands from memory
     * (SDP_RDMA fetches only those streams: flying mode ON, no source DMA) */
    set_reg(l, "SDP", "S_POINTER", 0);
    int conv_mem = want_special ? (int)rand_range(1, 3) : 0;
    char streams[96];
    if (conv_mem)
        set_reg(l, "SDP_RDMA", "S_POINTER", 0);
    sdp_datapath(l, name, g.out_w, g.out_h, g.kernels, 1, 0, conv_mem, streams, sizeof streams);
    if (conv_mem) {
        set_reg(l, "SDP_RDMA", "D_DATA_CUBE_WIDTH", g.out_w - 1);
        set_reg(l, "SDP_RDMA", "D_DATA_CUBE_HEIGHT", g.out_h - 1);
        set_reg(l, "SDP_RDMA", "D_DATA_CUBE_CHANNEL", g.kernels - 1);
        set_field(l, "SDP_RDMA", "D_FEATURE_MODE_CFG", "FLYING_MODE", 1);   /* ON: input from CACC */
        set_field(l, "SDP_RDMA", "D_FEATURE_MODE_CFG", "IN_PRECISION", 0);
        set_field(l, "SDP_RDMA", "D_FEATURE_MODE_CFG", "PROC_PRECISION", 0);
        set_field(l, "SDP_RDMA", "D_FEATURE_MODE_CFG", "OUT_PRECISION", 0);
        set_reg(l, "SDP_RDMA", "D_PERF_ENABLE", 0);
    }
    conv_sdp_dst(l, &out);

    l->glb_mask = 1;
    l->flush_wait = 1;   /* the CBUF flush after reset (rule cbuf-flush-wait) */
    if (conv_mem)
        enable(l, "SDP_RDMA");
    enable(l, "SDP");
    enable(l, "CACC");
    enable(l, "CMAC_A");
    enable(l, "CMAC_B");
    enable(l, "CSC");
    enable(l, "CDMA");
    l->intr = "SDP_0";
    snprintf(l->desc, sizeof l->desc, "conv %ux%ux%u * %ux%ux%ux%u s%ux%u d%ux%u -> %ux%ux%u", g.in_w, g.in_h,
             g.in_c, g.kernel_w, g.kernel_h, g.kernel_c, g.kernels, g.stride_x, g.stride_y, g.dilation_x,
             g.dilation_y, g.out_w, g.out_h, g.kernels);
    if (conv_mem) {
        size_t n = strlen(l->desc);
        snprintf(l->desc + n, sizeof l->desc - n, " sdp-mem %s", streams);
        l->kind = KIND_CONV_SDP_MEM;
    }
    return 0;
}
