/* golden_conv_patch: a feature-input convolution prepared once per layer as
 * a matrix product for golden_conv_dot.
 *
 * Output (ox, oy, k) = patch(p) . weights(k), p = oy * out_w + ox, where
 * both rows walk the kernel in [r][s][c] order over the C real channels:
 *   patch(p)[(r*S + s)*C + c] = the converted input at
 *       (ox*sx + s*dx - pad_left, oy*sy + r*dy - pad_top, c),
 *       or the pad value when that tap is outside the cube (8.x: the pad
 *       value is not converted and every real lane sees it),
 *   weights(k)[...]          = W[k][c][r][s] from the NVDLA layout.
 * Lanes c >= C take no part (the CSC forces them to 0). Rows are padded
 * with zero terms to a multiple of CONV_DOT_STEP and the kernels to a
 * multiple of CONV_DOT_KERNELS, so the dot kernel has no remainders.
 *
 * When every operand fits int8 (INT8 layers from memory; the converter
 * saturates to 8 bits) and a row is at most CONV_DOT_NARROW_MAX terms, the
 * rows are int16 and the narrow dot kernel runs with int32 sums; otherwise
 * (INT16 layers, out-of-range raw data, R*S*C beyond 131064) int32 rows
 * and the wide kernel. The sums are exact either way. */
#ifndef GOLDEN_CONV_PATCH_H
#define GOLDEN_CONV_PATCH_H

#include <stddef.h>
#include <stdint.h>

#include "golden_conv.h"
#include "golden_tensor.h"

struct conv_patch_layer {
    struct golden_conv_cfg cfg;   /* the layer the rows walk (image: as one channel) */
    size_t len;              /* R * S * C: terms of one output's sum */
    size_t row;              /* len rounded up to CONV_DOT_STEP: stride of every row */
    size_t kernels_pad;      /* K rounded up to CONV_DOT_KERNELS (extra rows are zero) */
    int narrow;              /* int16 rows, narrow kernel */
    int32_t *data;           /* converted cube, real channels only, [y][x][c];
                              * image: the assembled lines */
    int16_t *w16;            /* narrow: weight rows [kernels_pad][row] */
    int32_t *w32;            /* wide: weight rows [kernels_pad][row] */
};

/* Prepare c (already checked) on the converted cube cvt and the raw NVDLA
 * weight bytes (at least golden_conv_weight_bytes long). 0, or -1 (sizes
 * overflow / out of memory; l is then empty and conv_patch_free is safe). */
int conv_patch_init(struct conv_patch_layer *l, const struct golden_conv_cfg *c,
                    const struct golden_tensor *cvt, const uint8_t *weights);
/* Image input (8.6) the same way: lines is the CDMA line assembly
 * (golden_conv_img_assemble, in_h lines of golden_conv_img_line_len) and
 * belongs to l from here on, freed by conv_patch_free even on failure;
 * weights hold golden_conv_img_weight_bytes. Patch row [r][j]: line
 * oy*sy + r - pad_top (the pad value outside the image), elements
 * ox*sx*Cp + j. c and img already checked. */
int conv_patch_init_img(struct conv_patch_layer *l, const struct golden_conv_cfg *c,
                        const struct golden_conv_img *img, int32_t *lines,
                        const uint8_t *weights);
void conv_patch_free(struct conv_patch_layer *l);

/* Bytes of one patch row (row elements of int16 or int32). */
size_t conv_patch_row_bytes(const struct conv_patch_layer *l);

/* The patch rows of outputs p0 .. p0 + n - 1 into rows (n rows of l->row
 * int16 (narrow) or int32 elements; the zero terms included). */
void conv_patch_rows(const struct conv_patch_layer *l, size_t p0, size_t n, void *rows);

#endif
