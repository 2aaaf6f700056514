/* golden_layout: conversions between plain arrays, as users and tests hold
 * them, and the golden/NVDLA representations:
 *
 *   feature maps (N = 1), int8:  NCHW  a[(c * h + y) * w + x]
 *                                NHWC  a[(y * w + x) * c + ch]
 *     <-> struct golden_tensor (and with golden_pack / golden_unpack, NVDLA
 *         feature memory);
 *   weights, KCRS  kcrs[((k * C + c) * R + r) * S + s]
 *     <-> the NVDLA weight bytes (golden_conv_weight_offset, spec 8.3), and
 *         the image-input pre-extension (8.6) of a K x Cp x R x S kernel.
 *
 * The tensor side holds every lane of every surface: lanes c >= C are set
 * to 0 on the way in and ignored on the way out. */
#ifndef GOLDEN_LAYOUT_H
#define GOLDEN_LAYOUT_H

#include <stddef.h>
#include <stdint.h>
#include "golden_conv.h"
#include "golden_tensor.h"

/* Allocate t (w x h x c, golden_tensor_init) and fill it from a plain
 * array. Returns 0, or -1 (bad size / out of memory). */
int golden_layout_from_nchw(struct golden_tensor *t, const int8_t *a, uint32_t w, uint32_t h,
                            uint32_t c);
int golden_layout_from_nhwc(struct golden_tensor *t, const int8_t *a, uint32_t w, uint32_t h,
                            uint32_t c);
/* Tensor channels 0..t->c-1 to a plain array of t->w * t->h * t->c values.
 * The int8 forms keep the low byte of each value (wrap_8, what golden_pack
 * writes); the int32 forms copy the values (e.g. convolution results). */
void golden_layout_to_nchw(const struct golden_tensor *t, int8_t *a);
void golden_layout_to_nhwc(const struct golden_tensor *t, int8_t *a);
void golden_layout_to_nchw_i32(const struct golden_tensor *t, int32_t *a);
void golden_layout_to_nhwc_i32(const struct golden_tensor *t, int32_t *a);

/* KCRS weights (c->kernels x c->kernel_c x c->kernel_h x c->kernel_w) to
 * the NVDLA weight bytes: w must hold golden_conv_weight_bytes(c) bytes
 * (len); every byte of that range is written. The int8 forms need an INT8
 * config, the int16 forms an INT16 one (little-endian elements). Return 0,
 * or -1 (wrong precision, len too small, sizes out of range). */
int golden_layout_weights_from_kcrs(const struct golden_conv_cfg *c, const int8_t *kcrs,
                                    uint8_t *w, size_t len);
int golden_layout_weights_to_kcrs(const struct golden_conv_cfg *c, const uint8_t *w, size_t len,
                                  int8_t *kcrs);
int golden_layout_weights_from_kcrs16(const struct golden_conv_cfg *c, const int16_t *kcrs,
                                      uint8_t *w, size_t len);
int golden_layout_weights_to_kcrs16(const struct golden_conv_cfg *c, const uint8_t *w, size_t len,
                                    int16_t *kcrs);

/* Image input: the software pre-extension of an original K x Cp x R x S
 * kernel (KCRS, Cp = golden_pixel_components) into the width-1 kernel of
 * C' = S * Cp channels, channel j = s * Cp + e, laid out for the CSC with
 * golden_conv_img_weight_offset (Y extension included). c->kernel_c must be
 * S * Cp and c->kernel_w 1; w must hold golden_conv_img_weight_bytes(c).
 * Returns 0 or -1. */
int golden_layout_img_weights_from_kcrs(const struct golden_conv_cfg *c,
                                        const struct golden_conv_img *img, const int8_t *kcrs,
                                        uint32_t s_orig, uint8_t *w, size_t len);

#endif
