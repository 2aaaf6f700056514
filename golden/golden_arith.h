/* golden_arith: the integer primitives the golden models use
 * (round half away from zero, saturation, wrap, sign extension). Exact on
 * int64 inputs in the ranges the models produce. */
#ifndef GOLDEN_ARITH_H
#define GOLDEN_ARITH_H

#include <stdint.h>

/* Low n bits of v as two's complement, 1 <= n <= 64. */
int64_t golden_sx(uint64_t v, unsigned n);
/* x reduced modulo 2^n into the signed n-bit range. */
int64_t golden_wrap(int64_t x, unsigned n);
/* Clamp to [-2^(n-1), 2^(n-1) - 1], 1 <= n <= 63. */
int64_t golden_sat(int64_t x, unsigned n);
/* x / 2^s rounded half away from zero (s >= 0); for s < 0 an exact left
 * shift x * 2^-s. Saturates to int64 range if the exact result would not fit. */
int64_t golden_rsh(int64_t x, int s);
/* Same on a 128-bit intermediate (products of 64-bit values). */
int64_t golden_rsh128(__int128 x, int s);
/* Floor division by 2^s (arithmetic shift right), s >= 0. */
int64_t golden_fsh(int64_t x, unsigned s);
/* Index of the most significant set bit of d >= 1. */
unsigned golden_log2(uint64_t d);

#endif
