/* golden_conv_dot: 2x4 blocks of exact dot products (see golden_conv_dot.h).
 *
 * Written so GCC's vectorizer at -O2 (its "very cheap" cost model) takes
 * the loops: the trip count is visibly a multiple of the vector length
 * (n & ~7), every sum is its own reduction statement reading the arrays
 * directly (a shared widened temporary defeats the dot-product pattern),
 * and there are no stores in the loop. On x86-64 the narrow loop becomes 10
 * loads and 8 pmaddwd per 64 MACs. */
#include "golden_conv_dot.h"

/* The 2x4 block on explicit row pointers (restrict: the rows never alias
 * the sums). n % 8 == 0 and n <= CONV_DOT_NARROW_MAX: no int32 overflow. */
static void dot_narrow_2x4(const int16_t *restrict d0, const int16_t *restrict d1,
                           const int16_t *restrict w0, const int16_t *restrict w1,
                           const int16_t *restrict w2, const int16_t *restrict w3, size_t n,
                           int32_t *restrict sum)
{
    int32_t a00 = 0, a01 = 0, a02 = 0, a03 = 0, a10 = 0, a11 = 0, a12 = 0, a13 = 0;
    n &= ~(size_t)(CONV_DOT_STEP - 1);
    for (size_t i = 0; i < n; i++) {
        a00 += d0[i] * w0[i];
        a01 += d0[i] * w1[i];
        a02 += d0[i] * w2[i];
        a03 += d0[i] * w3[i];
        a10 += d1[i] * w0[i];
        a11 += d1[i] * w1[i];
        a12 += d1[i] * w2[i];
        a13 += d1[i] * w3[i];
    }
    sum[0] = a00;
    sum[1] = a01;
    sum[2] = a02;
    sum[3] = a03;
    sum[4] = a10;
    sum[5] = a11;
    sum[6] = a12;
    sum[7] = a13;
}

void conv_dot_narrow(const int16_t *rows, const int16_t *w, size_t len,
                     int32_t sum[CONV_DOT_ROWS * CONV_DOT_KERNELS])
{
    dot_narrow_2x4(rows, rows + len, w, w + len, w + 2 * len, w + 3 * len, len, sum);
}

void conv_dot_wide(const int32_t *rows, const int32_t *w, size_t len,
                   int64_t sum[CONV_DOT_ROWS * CONV_DOT_KERNELS])
{
    const int32_t *d0 = rows, *d1 = rows + len;
    const int32_t *w0 = w, *w1 = w + len, *w2 = w + 2 * len, *w3 = w + 3 * len;
    int64_t a00 = 0, a01 = 0, a02 = 0, a03 = 0, a10 = 0, a11 = 0, a12 = 0, a13 = 0;
    for (size_t i = 0; i < len; i++) {
        a00 += (int64_t)d0[i] * w0[i];
        a01 += (int64_t)d0[i] * w1[i];
        a02 += (int64_t)d0[i] * w2[i];
        a03 += (int64_t)d0[i] * w3[i];
        a10 += (int64_t)d1[i] * w0[i];
        a11 += (int64_t)d1[i] * w1[i];
        a12 += (int64_t)d1[i] * w2[i];
        a13 += (int64_t)d1[i] * w3[i];
    }
    sum[0] = a00;
    sum[1] = a01;
    sum[2] = a02;
    sum[3] = a03;
    sum[4] = a10;
    sum[5] = a11;
    sum[6] = a12;
    sum[7] = a13;
}
