/* golden_conv_dot: the convolution's inner kernel, exact integer dot
 * products of CONV_DOT_ROWS patch rows against CONV_DOT_KERNELS weight rows
 * at once (a 2x4 register block: each loaded element feeds several sums).
 *
 * Rows are contiguous, `len` terms each, len a multiple of CONV_DOT_STEP
 * (callers pad rows with zero terms) so the loops have no remainder and GCC
 * vectorizes them at the project's -O2 without extra flags.
 *
 * Narrow: int16 storage of operands that fit int8 (-128..127), summed in
 * int32: each product is at most 2^14 in magnitude, so rows of up to
 * CONV_DOT_NARROW_MAX terms cannot overflow (SSE2's pmaddwd on x86-64, the
 * same code on any target). Wide: int32 operands summed in int64 (INT16
 * layers, out-of-range data, longer rows). Both give the exact sums; the
 * caller applies CACC. */
#ifndef GOLDEN_CONV_DOT_H
#define GOLDEN_CONV_DOT_H

#include <stddef.h>
#include <stdint.h>

#define CONV_DOT_ROWS     2u        /* patch rows (outputs) per call */
#define CONV_DOT_KERNELS  4u        /* weight rows (kernels) per call */
#define CONV_DOT_STEP     8u        /* row length granule (one 16-byte vector of int16) */
#define CONV_DOT_NARROW_MAX 131064u /* narrow row terms: 131064 * 2^14 < 2^31 */

/* sum[i * CONV_DOT_KERNELS + j] = sum_t rows[i * len + t] * w[j * len + t]
 * for i < CONV_DOT_ROWS, j < CONV_DOT_KERNELS; len % CONV_DOT_STEP == 0.
 * Narrow: every operand in -128..127, len <= CONV_DOT_NARROW_MAX.
 * Wide: any int32 operands whose sums fit int64. */
void conv_dot_narrow(const int16_t *rows, const int16_t *w, size_t len,
                     int32_t sum[CONV_DOT_ROWS * CONV_DOT_KERNELS]);
void conv_dot_wide(const int32_t *rows, const int32_t *w, size_t len,
                   int64_t sum[CONV_DOT_ROWS * CONV_DOT_KERNELS]);

#endif
