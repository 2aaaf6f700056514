/* golden_conv: bit-exact model of the NVDLA nv_small direct-convolution
 * pipeline as the reference model computes it (arithmetic spec section 8):
 *
 *   CDMA fetch -> CDMA input converter (optional)
 *     -> CSC pairing: padding value (not converted), dilation, stride,
 *        unused lanes c >= C forced to 0
 *     -> CMAC exact int8 x int8 products, exact sum
 *     -> CACC sat_32(rsh(acc, CLIP_TRUNCATE))  (round half away from zero)
 *
 * plus image (pixel) input (8.6): CDMA line assembly from raw pixel memory
 * and the convolution with a software pre-extended kernel.
 *
 * Pure functions on a decoded configuration and tensors: no registers, no
 * bus (register decoding lives in sim/nvdla_decode). The result tensor holds
 * the int32 values CACC hands to SDP, every lane of every surface. */
#ifndef GOLDEN_CONV_H
#define GOLDEN_CONV_H

#include <stddef.h>
#include <stdint.h>
#include "golden_tensor.h"

struct golden_conv_cfg {
    uint32_t in_w, in_h, in_c;          /* input feature cube (actual sizes) */
    int cvt_en;                         /* CDMA D_CVT_CFG.CVT_EN */
    int32_t cvt_offset, cvt_scale;      /* sign-extended from 16 bits */
    unsigned cvt_truncate;              /* 0..63 */
    uint32_t kernel_w, kernel_h;        /* S (width), R (height) */
    uint32_t kernel_c, kernels;         /* C (channels per kernel), K */
    unsigned stride_x, stride_y;        /* 1..8 */
    unsigned dilation_x, dilation_y;    /* 1..32 */
    unsigned pad_left, pad_top;         /* CSC zero padding; right/bottom implicit */
    int32_t pad_value;                  /* already sx_8 of the low byte for INT8
                                         * (sx_16 of the 16-bit field for INT16) */
    uint32_t out_w, out_h, out_c;       /* CSC data-out cube; lanes k >= kernels are 0 */
    unsigned clip_truncate;             /* CACC D_CLIP_CFG 0..31 */
    int int16;                          /* 0 = INT8 (nv_small) */
    /* Configuration sizes (0 reads as the nv_small 8): the weight layout
     * groups atomic_k kernels and cuts channels into blocks of atomic_c;
     * out (and the converted cube) have `lanes` elements per surface, the
     * memory atom of the configuration. */
    unsigned atomic_c, atomic_k, lanes;
};

/* The sizes above with 0 read as GOLDEN_LANES. */
unsigned golden_conv_atomic_c(const struct golden_conv_cfg *c);
unsigned golden_conv_atomic_k(const struct golden_conv_cfg *c);
unsigned golden_conv_lanes(const struct golden_conv_cfg *c);

/* Limits golden_conv_check enforces (register field widths). */
#define GOLDEN_CONV_MAX_DIM     8192u   /* widths, heights, channels, kernels */
#define GOLDEN_CONV_MAX_KERNEL  32u     /* R, S */

/* 0, or -1 with a one-line reason (sizes that do not fit, C != in_c, ...).
 * why may be NULL. */
int golden_conv_check(const struct golden_conv_cfg *c, char *why, size_t len);

/* Bytes per feature/weight element: 1 (INT8) or 2 (INT16). */
unsigned golden_conv_elem_bytes(const struct golden_conv_cfg *c);

/* Byte offset of weight W[k][c][r][s] in the NVDLA weight layout (8.3):
 * kernel groups of atomic_k, channel blocks of atomic_c (8 and 8 on
 * nv_small, 32 and 64 on nv_large), last group/block partial. The layout
 * follows the MAC (atomic C/K), not the memory atom: nv_medium_512 cuts
 * channels in blocks of 32 with 16-byte atoms.
 * INT16: groups of atomic_k / 2 kernels (the in-memory formats: 16 INT16
 * kernels where INT8 has 32), blocks of atomic_c elements, 2-byte
 * little-endian elements (no public configuration has INT16 weights). */
uint64_t golden_conv_weight_offset(const struct golden_conv_cfg *c, uint32_t k, uint32_t ch,
                                   uint32_t r, uint32_t s);
/* Bytes the weights occupy (K * R * S * C elements). */
uint64_t golden_conv_weight_bytes(const struct golden_conv_cfg *c);
/* Every weight, sign-extended, as out[k * row + (r * S + s) * C + c]
 * (row >= R * S * C; other elements untouched). Reads the bytes once in
 * their layout order: the per-layer decode of the fast convolution.
 * weights must hold golden_conv_weight_bytes bytes of a checked layer. */
void golden_conv_weights_krsc(const struct golden_conv_cfg *c, const uint8_t *weights,
                              int32_t *out, size_t row);
/* The same into int16 elements, for INT8 layers (c->int16 == 0) only. */
void golden_conv_weights_krsc_i8(const struct golden_conv_cfg *c, const uint8_t *weights,
                                 int16_t *out, size_t row);

/* The CDMA input converter on one fetched element (8.1, 11):
 * cvt_en ? sat_8(rsh((x - offset) * scale, truncate)) : x  (sat_16 for INT16). */
int32_t golden_conv_cvt(const struct golden_conv_cfg *c, int32_t x);

/* CACC: sat_32(rsh(acc, clip_truncate)). */
int32_t golden_conv_cacc(const struct golden_conv_cfg *c, int64_t acc);

/* Feature-input convolution. in: the input cube as fetched (int8 values,
 * before the CDMA converter; in_w x in_h with at least in_c channels, lanes
 * c >= in_c are ignored as the CSC forces them to 0); weights: the raw
 * weight bytes (NVDLA layout, weight_bytes long). out must be
 * out_w x out_h x out_c; receives the int32 CACC results (after clip
 * truncation and sat_32) for every lane. Returns 0 or -1 (check failed /
 * weights too short / tensor sizes wrong). */
int golden_conv_run(const struct golden_conv_cfg *c, const struct golden_tensor *in,
                    const uint8_t *weights, size_t weight_bytes, struct golden_tensor *out);

/* The two halves of golden_conv_run, for CBUF data reuse (8.1: a layer with
 * DATA_REUSE uses the previous layer's converted cube without re-reading):
 *   golden_conv_convert: the CDMA converter over every lane of in into cvt
 *     (in's dimensions); returns 0 or -1 (size mismatch).
 *   golden_conv_run_converted: CSC + CMAC + CACC on an already converted
 *     cube. */
int golden_conv_convert(const struct golden_conv_cfg *c, const struct golden_tensor *in,
                        struct golden_tensor *cvt);
int golden_conv_run_converted(const struct golden_conv_cfg *c, const struct golden_tensor *cvt,
                              const uint8_t *weights, size_t weight_bytes,
                              struct golden_tensor *out);

/* ---- Image (pixel) input, 8.6 (not validated against traces) -----------
 * Follows the spec's reading of the reference code, including its quirks
 * (12.14): semi-planar chroma index x_off + i - 4 when x_off >= 4; for
 * Y extension E = 2/4 the arithmetic is the E = 1 convolution and only the
 * weight layout changes (the model's out-of-bounds CBUF write for E > 1 is
 * not reproduced). */

/* CDMA D_DATAIN_FORMAT.PIXEL_FORMAT values of the 8-bit formats modelled. */
enum golden_pixel_format {
    GOLDEN_PIX_R8 = 0,
    GOLDEN_PIX_A8B8G8R8 = 12, GOLDEN_PIX_A8R8G8B8 = 13, GOLDEN_PIX_B8G8R8A8 = 14,
    GOLDEN_PIX_R8G8B8A8 = 15, GOLDEN_PIX_X8B8G8R8 = 16, GOLDEN_PIX_X8R8G8B8 = 17,
    GOLDEN_PIX_B8G8R8X8 = 18, GOLDEN_PIX_R8G8B8X8 = 19,
    GOLDEN_PIX_A8Y8U8V8 = 26, GOLDEN_PIX_V8U8Y8A8 = 27,
    GOLDEN_PIX_Y8___U8V8_N444 = 28, GOLDEN_PIX_Y8___V8U8_N444 = 29
};

/* Image-mode additions to golden_conv_cfg. In image mode the main config
 * means: in_w, in_h = CDMA DATAIN_WIDTH+1 / DATAIN_HEIGHT+1 (pixels);
 * in_c = Cp, components per pixel (CSC DATAIN_CHANNEL_EXT+1); kernel_w = 1,
 * kernel_c = C' = S * Cp (pre-extended kernel); dilation 1; pad_top and
 * pad_value = CSC top padding and CSC D_ZERO_PADDING_VALUE (rows outside
 * the image); pad_left is not used (left/right padding is CDMA's, below);
 * cvt_* = CDMA D_CVT_CFG / D_CVT_OFFSET / D_CVT_SCALE. INT8 only. */
struct golden_conv_img {
    enum golden_pixel_format format;
    unsigned x_offset;                  /* D_PIXEL_OFFSET.PIXEL_X_OFFSET, 0..31 pixels */
    unsigned pad_left, pad_right;       /* CDMA D_ZERO_PADDING (pixels) */
    int32_t pad_value;                  /* sx_8(CDMA D_ZERO_PADDING_VALUE[7:0]) */
    int sign_override;                  /* D_DATAIN_FORMAT.PIXEL_SIGN_OVERRIDE */
    int mean_format;                    /* D_MEAN_FORMAT.MEAN_FORMAT: 1 = per-component means */
    int32_t mean[4];                    /* sx_16 of MEAN_RY, MEAN_GU, MEAN_BV, MEAN_AX */
    uint64_t line_stride;               /* D_LINE_STRIDE (plane 0) */
    uint64_t uv_line_stride;            /* D_LINE_UV_STRIDE (plane 1, semi-planar) */
    unsigned y_extension;               /* CSC D_POST_Y_EXTENSION: E = 1 << y_extension (0..2) */
};

/* Raw pixel memory: plane0 starts at D_DAIN_ADDR_*_0, plane1 (semi-planar
 * chroma only, else NULL) at D_DAIN_ADDR_*_1. */
struct golden_pixels {
    const uint8_t *plane0;
    size_t len0;
    const uint8_t *plane1;
    size_t len1;
};

/* Components per pixel Cp (1, 3 or 4), or 0 for a format not modelled. */
unsigned golden_pixel_components(enum golden_pixel_format f);
/* Source bytes per pixel in plane 0 (1 or 4; semi-planar: 1), 0 if unknown. */
unsigned golden_pixel_bytes(enum golden_pixel_format f);

/* 0, or -1 with a one-line reason. */
int golden_conv_img_check(const struct golden_conv_cfg *c, const struct golden_conv_img *img,
                          char *why, size_t len);
/* Elements of one assembled line: (pad_left + in_w + pad_right) * Cp. */
size_t golden_conv_img_line_len(const struct golden_conv_cfg *c, const struct golden_conv_img *img);
/* The CDMA line assembly: lines[y * line_len + p * Cp + e] for y < in_h,
 * padded pixel positions = img->pad_value, real ones converted (sign
 * override, mean / offset, scale, truncate, sat_8). Returns 0, or -1 (check
 * failed / pixel memory too short). */
int golden_conv_img_assemble(const struct golden_conv_cfg *c, const struct golden_conv_img *img,
                             const struct golden_pixels *pix, int32_t *lines);
/* Byte offset of weight W[k][j][r] of the pre-extended kernel (j < C'):
 * 8.3 with S = 1 when E = 1; rows grouped by E when E = 2 or 4. */
uint64_t golden_conv_img_weight_offset(const struct golden_conv_cfg *c,
                                       const struct golden_conv_img *img, uint32_t k, uint32_t j,
                                       uint32_t r);
uint64_t golden_conv_img_weight_bytes(const struct golden_conv_cfg *c);
/* Image-input convolution: assemble, then
 *   acc(k, oy, ox) = sum_{r, j} W[k][j][r] * D(j, r; ox, oy),
 *   D = 0 if j >= C', pad_value if line oy*sy + r - pad_top is outside the
 *       image, else assembled[line][ox * sx * Cp + j];
 * then CACC like golden_conv_run. Returns 0 or -1. */
int golden_conv_img_run(const struct golden_conv_cfg *c, const struct golden_conv_img *img,
                        const struct golden_pixels *pix, const uint8_t *weights,
                        size_t weight_bytes, struct golden_tensor *out);

#endif
