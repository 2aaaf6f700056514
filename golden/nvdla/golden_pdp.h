/* golden_pdp: bit-exact model of the NVDLA planar data processor (pooling)
 * as the nv_small hardware computes it: max, min and average with padding
 * values and the two reciprocal multiplications (INT8: the RTL's 11- and
 * 8-bit intermediates), strides, the split-width mode, and the lines the
 * RTL emits at the end of a surface. Pure functions on a decoded config
 * and tensors; golden_pdp_hw_check says which programs the hardware does
 * not complete as meant. */
#ifndef GOLDEN_PDP_H
#define GOLDEN_PDP_H

#include <stddef.h>
#include <stdint.h>
#include "golden_tensor.h"

enum golden_pool { GOLDEN_POOL_AVERAGE = 0, GOLDEN_POOL_MAX = 1, GOLDEN_POOL_MIN = 2 };

struct golden_pdp_cfg {
    uint32_t in_w, in_h, in_c;     /* input cube (actual sizes, not minus one) */
    uint32_t out_w, out_h;         /* output cube (channels = in_c) */
    unsigned kernel_w, kernel_h;   /* 1..8 */
    unsigned stride_w, stride_h;   /* 1..16 */
    unsigned pad_left, pad_top, pad_right, pad_bottom;   /* 0..7 */
    enum golden_pool method;
    uint32_t pad_value[8];         /* raw 19-bit PAD_VALUE_nX fields, [1..7]; [0] unused */
    uint32_t recip_w, recip_h;     /* 17-bit, 16 fractional bits */
    unsigned split_num;            /* 0 = no split, else SPLIT_NUM + 1 stripes */
    uint32_t part_in_first, part_in_mid, part_in_last;     /* actual widths */
    uint32_t part_out_first, part_out_mid, part_out_last;
    int int16;                     /* 0 = INT8 (sign bits 7,8,9,9,10,10,10; wrap 16/8), 1 = INT16 */
    unsigned lanes;                /* elements per memory atom (surface); 0 = GOLDEN_LANES */
};

/* Padding value P[n] for n padded positions (n = 0..7), as the model forms
 * it from the raw field. */
int32_t golden_pdp_pad(const struct golden_pdp_cfg *c, unsigned n);

/* 0 when the program is one the reference model runs (output sizes match
 * the windows, every window holds input, split widths add up); otherwise
 * -1 and a one-line reason. */
int golden_pdp_check(const struct golden_pdp_cfg *c, char *why, size_t len);

/* 0 when the nv_small hardware completes the program and writes what
 * golden_pdp_run computes; otherwise -1 and a one-line reason: a program
 * golden_pdp_check refuses, or one whose padding at the right or bottom
 * does not match the windows still open at the end of a line or surface
 * (the hardware then writes shifted or extra lines, or hangs). */
int golden_pdp_hw_check(const struct golden_pdp_cfg *c, char *why, size_t len);

/* The input the program reads after its last window: columns of the last
 * stripe right of its last window (*cols) and rows below the last window
 * (*rows), 0 when the windows reach the end. The pooled bytes do not depend
 * on them, but the hardware has then written its last output while still
 * reading (nvdla_prog_check's 'pdp-trailing-input'). For a program
 * golden_pdp_check accepts. */
void golden_pdp_trailing(const struct golden_pdp_cfg *c, uint32_t *cols, uint32_t *rows);

/* The pooling line buffer (PDP_CORE_cal2d): 8 banks of 16 output pixels
 * each in every configuration (BANK_DEPTH + 1 = 16 x atom / throughput
 * entries), shared by the output lines the vertical windows keep open:
 * kernel_h at stride_h 1, ceil(kernel_h / 2) at 2, 2 (kernel_h <= 6) or 3 at
 * 3, 2 above, and 1 when stride_h >= kernel_h. A line gets 8 banks (1 line
 * open), 4 (2), 2 (3 or 4) or 1 (5 or more). Returns the widest output line
 * (of a stripe, in split mode) it holds; *lines: the lines open. */
uint32_t golden_pdp_line_buffer_width(const struct golden_pdp_cfg *c, unsigned *lines);

/* The widest output line of a stripe: out_w, or in split mode the widest of
 * the first, middle and last stripes'. */
uint32_t golden_pdp_widest_stripe(const struct golden_pdp_cfg *c);

/* Pool `in` (in_w x in_h x in_c) into `out` (out_w x out_h x in_c), all
 * lanes of all surfaces. Returns 0, or -1 when golden_pdp_check fails. */
int golden_pdp_run(const struct golden_pdp_cfg *c, const struct golden_tensor *in,
                   struct golden_tensor *out);

#endif
