/* Unit tests for ethosu_weight_order (Ethos-U65 TRM 4.7.5): hand-worked
 * lists for each traversal (depth-first 1x1 with OFM and IFM padding and two
 * OFM blocks, depth-wise 3x3 with element padding, part-kernel-first with
 * IFM microblocks outside the kernel elements, dilation x / x+y, a kernel
 * decomposed into four sub-kernels, depth-first and part-kernel-first
 * decomposition spot checks), counts worked out by hand (including the
 * overflow limit), parallel mode, rejected configurations, and invariants
 * on random configurations against a second formulation of the order.
 *
 * Notation in the comments: oN = OFM channel N, iN = IFM channel N, kN =
 * kernel element N (ky * kernel_w + kx), P = padding zero. A "row" is one
 * kernel element's ublk_depth OFM channels (depth-wise) or one IFM
 * microblock of 8 channels of one OFM channel (the others). */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_weight_order.h"

static struct ethosu_weight_order_cfg mk(enum ethosu_weight_traversal t, uint32_t ofm, uint32_t kh,
                                         uint32_t kw, uint32_t ifm, uint32_t obd, uint32_t ublk,
                                         unsigned bits, unsigned split, unsigned dx, unsigned dy)
{
    struct ethosu_weight_order_cfg c;
    memset(&c, 0, sizeof c);
    c.traversal = t;
    c.ofm_depth = ofm;
    c.kernel_h = kh;
    c.kernel_w = kw;
    c.ifm_depth = ifm;
    c.ofm_block_depth = obd;
    c.ublk_depth = ublk;
    c.ifm_bits = bits;
    c.kernel_split = split;
    c.dilation_x = dx;
    c.dilation_y = dy;
    return c;
}

/* The map of c (count checked against n), allocated. */
static int64_t *get_map(const struct ethosu_weight_order_cfg *c, size_t n)
{
    ck_assert_uint_eq(ethosu_weight_order_count(c), n);
    int64_t *m = malloc(n * sizeof *m);
    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(ethosu_weight_order_map(c, m, n), 0);
    return m;
}

static void assert_map(const struct ethosu_weight_order_cfg *c, const int64_t *exp, size_t n)
{
    int64_t *m = get_map(c, n);
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(m[i] == exp[i], "position %zu: expected %lld, got %lld", i,
                      (long long)exp[i], (long long)m[i]);
    free(m);
}

/* Depth-wise lists with one OFM microblock of 4 and ofm_depth 1: every
 * element row is [kN, P, P, P]. */
static void assert_dw_elements(const struct ethosu_weight_order_cfg *c, const int *k, size_t nk)
{
    int64_t *exp = malloc(nk * 4 * sizeof *exp);
    ck_assert_ptr_nonnull(exp);
    for (size_t e = 0; e < nk; e++) {
        exp[e * 4] = k[e];
        exp[e * 4 + 1] = exp[e * 4 + 2] = exp[e * 4 + 3] = -1;
    }
    assert_map(c, exp, nk * 4);
    free(exp);
}

#define P (-1)

START_TEST(test_depth_first_1x1_padding)
{
    /* 1x1 conv, 3 OFM x 5 IFM, OFM block 4, microblock 4, 16-bit (IFM block
     * 16). src[o * 5 + i] = 10 * o + i + 1. One OFM block (o0..o2 and one P
     * channel), one IFM block (i0..i4 and 11 P), one element: IFM
     * microblock i0..i7 for o0..o3, then i8..i15 for o0..o3.
     * Count 4 x 16 x 1 = 64. */
    struct ethosu_weight_order_cfg c = mk(ETHOSU_DEPTH_FIRST, 3, 1, 1, 5, 4, 4, 16, 8, 1, 1);
    int16_t src[15];
    for (int o = 0; o < 3; o++)
        for (int i = 0; i < 5; i++)
            src[o * 5 + i] = (int16_t)(10 * o + i + 1);
    static const int16_t exp[64] = {
        1,  2,  3,  4,  5,  0, 0, 0, /* o0 i0..i7 */
        11, 12, 13, 14, 15, 0, 0, 0, /* o1 */
        21, 22, 23, 24, 25, 0, 0, 0, /* o2 */
        0,  0,  0,  0,  0,  0, 0, 0, /* o3: P channel */
        /* i8..i15 of o0..o3: all P (32 zeros) */
    };
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 64);
    ck_assert_uint_eq(ethosu_weight_order_ifm_block_depth(&c), 16);
    int16_t dst[64];
    memset(dst, 0x55, sizeof dst);
    ck_assert_int_eq(ethosu_weight_order(&c, src, dst, 64), 0);
    ck_assert_mem_eq(dst, exp, sizeof exp);

    /* 8-bit: the IFM block is 32 channels, so the element carries 4 IFM
     * microblocks: the same first 32 values, then 96 zeros. */
    c.ifm_bits = 8;
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 128);
    ck_assert_uint_eq(ethosu_weight_order_ifm_block_depth(&c), 32);
    int16_t dst8[128];
    memset(dst8, 0x55, sizeof dst8);
    ck_assert_int_eq(ethosu_weight_order(&c, src, dst8, 128), 0);
    ck_assert_mem_eq(dst8, exp, sizeof exp);
    for (int i = 32; i < 128; i++)
        ck_assert_int_eq(dst8[i], 0);
}
END_TEST

START_TEST(test_depth_first_two_ofm_blocks)
{
    /* 6 OFM x 5 IFM, 1x1, OFM block 4, microblock 4, 16-bit.
     * src[o * 5 + i] = 10 * o + i + 1. Block 0: o0..o3; block 1: o4, o5 and
     * two P channels (its microblock still emits 4). Each block: 4 rows
     * i0..i7, then 4 rows i8..i15 (all P). Count 8 x 16 = 128. */
    struct ethosu_weight_order_cfg c = mk(ETHOSU_DEPTH_FIRST, 6, 1, 1, 5, 4, 4, 16, 8, 1, 1);
    int16_t src[30];
    for (int o = 0; o < 6; o++)
        for (int i = 0; i < 5; i++)
            src[o * 5 + i] = (int16_t)(10 * o + i + 1);
    static const int16_t exp[128] = {
        1,  2,  3,  4,  5,  0, 0, 0, /* block 0: o0 */
        11, 12, 13, 14, 15, 0, 0, 0, /* o1 */
        21, 22, 23, 24, 25, 0, 0, 0, /* o2 */
        31, 32, 33, 34, 35, 0, 0, 0, /* o3 */
        0,  0,  0,  0,  0,  0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0, /* i8..i15 */
        0,  0,  0,  0,  0,  0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0,
        41, 42, 43, 44, 45, 0, 0, 0, /* block 1: o4 */
        51, 52, 53, 54, 55, 0, 0, 0, /* o5 */
        0,  0,  0,  0,  0,  0, 0, 0, /* P channel */
        0,  0,  0,  0,  0,  0, 0, 0, /* P channel */
        /* i8..i15: zeros */
    };
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 128);
    int16_t dst[128];
    memset(dst, 0x55, sizeof dst);
    ck_assert_int_eq(ethosu_weight_order(&c, src, dst, 128), 0);
    ck_assert_mem_eq(dst, exp, sizeof exp);

    /* OFM block 8: one block o0..o5 + 2 P; the rows come in microblocks
     * o0..o3 (i0..i7, i8..i15), then o4..o7: the same 128 values. */
    c.ofm_block_depth = 8;
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 128);
    memset(dst, 0x55, sizeof dst);
    ck_assert_int_eq(ethosu_weight_order(&c, src, dst, 128), 0);
    ck_assert_mem_eq(dst, exp, sizeof exp);

    /* Microblock 8 with block 8: o0..o7 in one microblock: rows o0..o7 for
     * i0..i7, then o0..o7 for i8..i15. */
    c.ublk_depth = 8;
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 128);
    memset(dst, 0x55, sizeof dst);
    ck_assert_int_eq(ethosu_weight_order(&c, src, dst, 128), 0);
    for (int o = 0; o < 8; o++)
        for (int i = 0; i < 8; i++)
            ck_assert_int_eq(dst[o * 8 + i], o < 6 && i < 5 ? 10 * o + i + 1 : 0);
    for (int i = 64; i < 128; i++)
        ck_assert_int_eq(dst[i], 0);
}
END_TEST

START_TEST(test_depthwise_3x3)
{
    /* Depth-wise 3x3, 5 channels, OFM block 8, microblock 4. src[o * 9 + k]
     * = 10 * o + k + 1. One sub-kernel of 9 elements, rounded to 12 (k9..k11
     * are P). Microblock o0..o3: per element [o0 o1 o2 o3]; microblock
     * o4..o7: [o4 P P P]. Count 8 x 12 = 96. */
    struct ethosu_weight_order_cfg c = mk(ETHOSU_DEPTHWISE, 5, 3, 3, 1, 8, 4, 8, 8, 1, 1);
    int16_t src[45];
    for (int o = 0; o < 5; o++)
        for (int k = 0; k < 9; k++)
            src[o * 9 + k] = (int16_t)(10 * o + k + 1);
    static const int16_t exp[96] = {
        1,  11, 21, 31, /* k0: o0 o1 o2 o3 */
        2,  12, 22, 32, /* k1 */
        3,  13, 23, 33, /* k2 */
        4,  14, 24, 34, /* k3 */
        5,  15, 25, 35, /* k4 */
        6,  16, 26, 36, /* k5 */
        7,  17, 27, 37, /* k6 */
        8,  18, 28, 38, /* k7 */
        9,  19, 29, 39, /* k8 */
        0,  0,  0,  0,  /* k9: P */
        0,  0,  0,  0,  /* k10: P */
        0,  0,  0,  0,  /* k11: P */
        41, 0,  0,  0,  /* k0: o4 P P P */
        42, 0,  0,  0,  43, 0, 0, 0, 44, 0, 0, 0, 45, 0, 0, 0, /* k1..k4 */
        46, 0,  0,  0,  47, 0, 0, 0, 48, 0, 0, 0, 49, 0, 0, 0, /* k5..k8 */
        0,  0,  0,  0,  0,  0, 0, 0, 0,  0, 0, 0,              /* k9..k11 */
    };
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 96);
    ck_assert_uint_eq(ethosu_weight_order_ifm_block_depth(&c), 1);
    int16_t dst[96];
    memset(dst, 0x55, sizeof dst);
    ck_assert_int_eq(ethosu_weight_order(&c, src, dst, 96), 0);
    ck_assert_mem_eq(dst, exp, sizeof exp);

    /* ifm_bits does not matter for depth-wise (0 accepted, 16 the same). */
    c.ifm_bits = 0;
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 96);
    c.ifm_bits = 16;
    memset(dst, 0x55, sizeof dst);
    ck_assert_int_eq(ethosu_weight_order(&c, src, dst, 96), 0);
    ck_assert_mem_eq(dst, exp, sizeof exp);
}
END_TEST

/* Part-kernel-first rows: F(b) = b..b+7 (IFM microblock i0..i7 of the
 * source index b of i0), T(b) = b+8, b+9 and 6 P (microblock i8..i15 with
 * ifm_depth 10), Z = 8 P. */
#define F(b) b, b + 1, b + 2, b + 3, b + 4, b + 5, b + 6, b + 7
#define T(b) b + 8, b + 9, P, P, P, P, P, P
#define Z P, P, P, P, P, P, P, P

START_TEST(test_part_kernel_first)
{
    /* 4 OFM, kernel h1 x w3, 10 IFM, OFM block 4, microblock 4, 16-bit.
     * Source index (o * 3 + kx) * 10 + i. IFM block 16 with 10 channels:
     * microblocks i0..i7 and i8..i15 (the second holds i8, i9). 3 elements
     * rounded to 4 (16-bit: to a multiple of 2). The IFM microblock loop is
     * outside the elements: all elements for i0..i7, then all for i8..i15;
     * each element gives o0..o3 x 8 IFM. Count 4 x 16 x 4 = 256. */
    struct ethosu_weight_order_cfg c =
        mk(ETHOSU_PART_KERNEL_FIRST, 4, 1, 3, 10, 4, 4, 16, 8, 1, 1);
    static const int64_t exp[256] = {
        F(0),  F(30), F(60), F(90),  /* i0..i7, k0: o0 o1 o2 o3 */
        F(10), F(40), F(70), F(100), /* k1 */
        F(20), F(50), F(80), F(110), /* k2 */
        Z,     Z,     Z,     Z,      /* k3: P element */
        T(0),  T(30), T(60), T(90),  /* i8..i15, k0 */
        T(10), T(40), T(70), T(100), /* k1 */
        T(20), T(50), T(80), T(110), /* k2 */
        Z,     Z,     Z,     Z,      /* k3 */
    };
    ck_assert_uint_eq(ethosu_weight_order_ifm_block_depth(&c), 16);
    assert_map(&c, exp, 256);

    /* The values follow the map. */
    int16_t src[120], dst[256];
    for (int i = 0; i < 120; i++)
        src[i] = (int16_t)(i - 60);
    ck_assert_int_eq(ethosu_weight_order(&c, src, dst, 256), 0);
    for (int i = 0; i < 256; i++)
        ck_assert_int_eq(dst[i], exp[i] < 0 ? 0 : src[exp[i]]);

    /* 8-bit: 3 elements round to 4 as well, IFM block still 16 (reading 3
     * of the .c): the same list. */
    c.ifm_bits = 8;
    ck_assert_uint_eq(ethosu_weight_order_ifm_block_depth(&c), 16);
    assert_map(&c, exp, 256);

    /* Element rounding: kernel h1 x w2 has 2 elements: 16-bit keeps 2
     * (4 x 16 x 2 = 128), 8-bit rounds to 4 (256). */
    c.kernel_w = 2;
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 256);
    c.ifm_bits = 16;
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 128);

    /* IFM depth 20, 8-bit, 1x1: part-kernel-first blocks i0..i15 (2
     * microblocks) and i16..i19 (1 microblock): 24 IFM slots per OFM
     * channel, x 4 elements (1 rounded to 4) = 4 x 24 x 4 = 384.
     * Depth-first keeps whole 32-channel blocks and does not round the
     * element: 4 x 32 x 1 = 128. */
    c = mk(ETHOSU_PART_KERNEL_FIRST, 4, 1, 1, 20, 4, 4, 8, 8, 1, 1);
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 384);
    c.traversal = ETHOSU_DEPTH_FIRST;
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 128);
}
END_TEST

START_TEST(test_depth_first_vs_part_kernel_first)
{
    /* The same layer, 1 OFM (microblock 4: o1..o3 P), kernel h1 x w2, 16
     * IFM, 16-bit. Source index kx * 16 + i.
     * Depth-first: per element, the IFM microblocks: k0 i0..7 (o0..o3),
     * k0 i8..15, k1 i0..7, k1 i8..15.
     * Part-kernel-first: per IFM microblock, the elements: i0..7 k0, i0..7
     * k1, i8..15 k0, i8..15 k1. Both 4 x 16 x 2 = 128. */
    static const int64_t df[128] = {
        F(0), Z, Z, Z, F(8), Z, Z, Z, F(16), Z, Z, Z, F(24), Z, Z, Z,
    };
    static const int64_t pkf[128] = {
        F(0), Z, Z, Z, F(16), Z, Z, Z, F(8), Z, Z, Z, F(24), Z, Z, Z,
    };
    struct ethosu_weight_order_cfg c = mk(ETHOSU_DEPTH_FIRST, 1, 1, 2, 16, 4, 4, 16, 8, 1, 1);
    assert_map(&c, df, 128);
    c.traversal = ETHOSU_PART_KERNEL_FIRST;
    assert_map(&c, pkf, 128);
}
END_TEST

START_TEST(test_dilation)
{
    /* Depth-wise, 1 channel (microblock 4: rows [kN P P P]), split 8.
     * Kernel h2 x w5, kN = ky * 5 + kx.
     * No dilation: one 5x2 sub-kernel, 10 elements rounded to 12:
     *   k0..k9, P, P. */
    static const int undil[12] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, P, P };
    struct ethosu_weight_order_cfg c = mk(ETHOSU_DEPTHWISE, 1, 2, 5, 1, 4, 4, 8, 8, 1, 1);
    assert_dw_elements(&c, undil, 12);

    /* Dilation x 2: decomposition 4 wide x 8 high. Sub-kernel x0..3
     * (4 x 2 = 8 elements, x fastest): k0 k1 k2 k3 k5 k6 k7 k8; sub-kernel
     * x4 (1 x 2 = 2, rounded to 4): k4 k9 P P. Same count, other order
     * (and column 4 is not skipped: reading 1). */
    static const int dilx[12] = { 0, 1, 2, 3, 5, 6, 7, 8, 4, 9, P, P };
    c.dilation_x = 2;
    assert_dw_elements(&c, dilx, 12);

    /* Dilation y only on h2: the 8-high decomposition becomes 4, more than
     * the 2 rows: no change from the undilated list. */
    c.dilation_x = 1;
    c.dilation_y = 2;
    assert_dw_elements(&c, undil, 12);

    /* Kernel 5x5, kN = ky * 5 + kx. Undilated: one sub-kernel, 25
     * elements rounded to 28: k0..k24 P P P.
     * Dilation x and y: 4 x 4 sub-kernels, row by row:
     *   (y0..3, x0..3): k0 k1 k2 k3 k5 k6 k7 k8 k10 k11 k12 k13 k15 k16 k17 k18
     *   (y0..3, x4):    k4 k9 k14 k19
     *   (y4, x0..3):    k20 k21 k22 k23
     *   (y4, x4):       k24 P P P
     * (Columns first would put k20..k23 before k4..k19.) */
    static const int dilxy[28] = { 0,  1,  2,  3,  5,  6,  7,  8,  10, 11, 12, 13, 15, 16,
                                   17, 18, 4,  9,  14, 19, 20, 21, 22, 23, 24, P,  P,  P };
    int und5[28];
    for (int i = 0; i < 28; i++)
        und5[i] = i < 25 ? i : P;
    c = mk(ETHOSU_DEPTHWISE, 1, 5, 5, 1, 4, 4, 8, 8, 1, 1);
    assert_dw_elements(&c, und5, 28);
    c.dilation_x = c.dilation_y = 2;
    assert_dw_elements(&c, dilxy, 28);
    /* Split 4 without dilation gives the same 4 x 4 decomposition. */
    c.dilation_x = c.dilation_y = 1;
    c.kernel_split = 4;
    assert_dw_elements(&c, dilxy, 28);
}
END_TEST

START_TEST(test_decomposed_kernel)
{
    /* Depth-wise 1 channel, kernel h5 x w6, split 4 (4 x 4 sub-kernels),
     * kN = ky * 6 + kx:
     *   (y0..3, x0..3) 16 elements: k0 k1 k2 k3 k6 k7 k8 k9 k12..k15 k18..k21
     *   (y0..3, x4..5) 2 wide x 4:  k4 k5 k10 k11 k16 k17 k22 k23
     *   (y4, x0..3)    4 x 1:       k24 k25 k26 k27
     *   (y4, x4..5)    2 x 1 -> 4:  k28 k29 P P
     * 32 elements x 4 = 128. */
    static const int exp[32] = { 0,  1,  2,  3,  6,  7,  8,  9,  12, 13, 14, 15, 18, 19, 20, 21,
                                 4,  5,  10, 11, 16, 17, 22, 23, 24, 25, 26, 27, 28, 29, P,  P };
    struct ethosu_weight_order_cfg c = mk(ETHOSU_DEPTHWISE, 1, 5, 6, 1, 4, 4, 8, 4, 1, 1);
    assert_dw_elements(&c, exp, 32);
    /* Split 8: one sub-kernel, 30 elements rounded to 32: k0..k29 P P. */
    int whole_k[32];
    for (int i = 0; i < 32; i++)
        whole_k[i] = i < 30 ? i : P;
    c.kernel_split = 8;
    assert_dw_elements(&c, whole_k, 32);

    /* 9x9, split 8, kN = ky * 9 + kx: sub-kernels 8x8 (64), x8 column
     * (1 x 8), y8 row (8 x 1), k80 alone (1 -> 4). 84 elements x 4. */
    c = mk(ETHOSU_DEPTHWISE, 1, 9, 9, 1, 4, 4, 8, 8, 1, 1);
    int64_t *m = get_map(&c, 336);
    ck_assert_int_eq(m[0], 0);
    ck_assert_int_eq(m[4 * 8], 9);      /* element 8: ky1 kx0 */
    ck_assert_int_eq(m[4 * 63], 70);    /* element 63: ky7 kx7 */
    ck_assert_int_eq(m[4 * 64], 8);     /* x8 column: ky0 */
    ck_assert_int_eq(m[4 * 71], 71);    /* ky7 kx8 */
    ck_assert_int_eq(m[4 * 72], 72);    /* y8 row: kx0 */
    ck_assert_int_eq(m[4 * 79], 79);    /* kx7 */
    ck_assert_int_eq(m[4 * 80], 80);    /* k80 */
    for (int e = 81; e < 84; e++)
        ck_assert_int_eq(m[4 * e], P);
    free(m);
}
END_TEST

START_TEST(test_depth_first_decomposed)
{
    /* 6 OFM (block 4, microblock 4), kernel h1 x w5, split 4, 20 IFM, 16-bit
     * (IFM block 16). Source index (o * 5 + kx) * 20 + i.
     * Sub-kernels kx0..3 (4 elements) and kx4 (1). Each element: 2 IFM
     * microblocks x 4 OFM x 8 = 64 values.
     * Segments: OFM block 0 { IFM block 0 { sub0 @0 (256), sub1 @256 (64) },
     * IFM block 1 { sub0 @320, sub1 @576 } }, OFM block 1 @640, same shape.
     * Count 8 x 32 x 5 = 1280. */
    struct ethosu_weight_order_cfg c = mk(ETHOSU_DEPTH_FIRST, 6, 1, 5, 20, 4, 4, 16, 4, 1, 1);
    int64_t *m = get_map(&c, 1280);
    ck_assert_int_eq(m[0], 0);          /* o0 kx0 i0 */
    ck_assert_int_eq(m[7], 7);          /* i7 */
    ck_assert_int_eq(m[8], 100);        /* o1 kx0 i0 */
    ck_assert_int_eq(m[31], 307);       /* o3 i7 */
    ck_assert_int_eq(m[32], 8);         /* second IFM microblock: o0 i8 */
    ck_assert_int_eq(m[63], 315);       /* o3 i15 */
    ck_assert_int_eq(m[64], 20);        /* element kx1 */
    ck_assert_int_eq(m[256], 80);       /* sub-kernel kx4: o0 i0 */
    ck_assert_int_eq(m[319], 395);      /* o3 kx4 i15 */
    ck_assert_int_eq(m[320], 16);       /* IFM block 1: o0 kx0 i16 */
    ck_assert_int_eq(m[323], 19);       /* i19 */
    ck_assert_int_eq(m[324], P);        /* i20: P */
    ck_assert_int_eq(m[328], 116);      /* o1 i16 */
    ck_assert_int_eq(m[352], P);        /* i24..31: P */
    ck_assert_int_eq(m[576], 96);       /* IFM block 1 sub kx4: o0 i16 */
    ck_assert_int_eq(m[640], 400);      /* OFM block 1: o4 kx0 i0 */
    ck_assert_int_eq(m[648], 500);      /* o5 */
    ck_assert_int_eq(m[656], P);        /* o6: P */
    ck_assert_int_eq(m[1279], P);
    free(m);

    /* Part-kernel-first, 4 OFM, kernel h1 x w6, split 4, 8 IFM, 8-bit.
     * Source index (o * 6 + kx) * 8 + i. Sub-kernels kx0..3 (4 elements)
     * and kx4..5 (2, rounded to 4 at 8-bit, kept at 16-bit); one IFM
     * microblock; each element 4 x 8 = 32 values. */
    c = mk(ETHOSU_PART_KERNEL_FIRST, 4, 1, 6, 8, 4, 4, 8, 4, 1, 1);
    m = get_map(&c, 256);
    ck_assert_int_eq(m[8], 48);         /* o1 kx0 i0 */
    ck_assert_int_eq(m[32], 8);         /* kx1 */
    ck_assert_int_eq(m[128], 32);       /* sub-kernel kx4..5: kx4 */
    ck_assert_int_eq(m[160], 40);       /* kx5 */
    for (int i = 192; i < 256; i++)
        ck_assert_int_eq(m[i], P);
    free(m);
    c.ifm_bits = 16;
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 192);
}
END_TEST

START_TEST(test_parallel)
{
    /* Depth-wise 1x1, 5 channels, OFM block 8 (4 per core), microblock 4.
     * Core 0: o0 o2 o4; core 1: o1 o3. One element rounded to 4.
     * Core 0: [o0 o2 o4 P], 3 P elements; core 1: [o1 o3 P P], 3 P. */
    struct ethosu_weight_order_cfg c = mk(ETHOSU_DEPTHWISE, 5, 1, 1, 1, 8, 4, 8, 8, 1, 1);
    static const int64_t e0[16] = { 0, 2, 4, P, P, P, P, P, P, P, P, P, P, P, P, P };
    static const int64_t e1[16] = { 1, 3, P, P, P, P, P, P, P, P, P, P, P, P, P, P };
    int64_t m[16];
    ck_assert_uint_eq(ethosu_weight_order_parallel_count(&c, 0), 16);
    ck_assert_uint_eq(ethosu_weight_order_parallel_count(&c, 1), 16);
    ck_assert_int_eq(ethosu_weight_order_parallel_map(&c, 0, m, 16), 0);
    ck_assert_mem_eq(m, e0, sizeof m);
    ck_assert_int_eq(ethosu_weight_order_parallel_map(&c, 1, m, 16), 0);
    ck_assert_mem_eq(m, e1, sizeof m);
    int16_t src[5] = { 10, 11, 12, 13, 14 }, d[16];
    ck_assert_int_eq(ethosu_weight_order_parallel(&c, 1, src, d, 16), 0);
    ck_assert_int_eq(d[0], 11);
    ck_assert_int_eq(d[1], 13);
    for (int i = 2; i < 16; i++)
        ck_assert_int_eq(d[i], 0);

    /* Depth-first 1x1, 10 OFM x 3 IFM, block 16 (8 per core), microblock 8,
     * 16-bit: core 0 o0 o2 .. o8 (5 + 3 P), core 1 o1 .. o9 (5 + 3 P);
     * 8 x 16 each. Core 1 row 2 (i0..i7) is o5. */
    c = mk(ETHOSU_DEPTH_FIRST, 10, 1, 1, 3, 16, 8, 16, 8, 1, 1);
    ck_assert_uint_eq(ethosu_weight_order_parallel_count(&c, 0), 128);
    int64_t mm[128];
    ck_assert_int_eq(ethosu_weight_order_parallel_map(&c, 1, mm, 128), 0);
    ck_assert_int_eq(mm[16], 15);       /* o5 i0 */
    ck_assert_int_eq(mm[18], 17);       /* o5 i2 */
    ck_assert_int_eq(mm[19], P);
    ck_assert_int_eq(mm[40], P);        /* row 5: P channel */

    /* Rejected: core 2; one OFM channel. */
    ck_assert_uint_eq(ethosu_weight_order_parallel_count(&c, 2), 0);
    ck_assert_int_eq(ethosu_weight_order_parallel_map(&c, 2, mm, 128), -1);
    c.ofm_depth = 1;
    ck_assert_uint_eq(ethosu_weight_order_parallel_count(&c, 0), 0);
    /* Half a block not a multiple of the microblock (block 8, microblock
     * 8): the core block is padded to 8, as Vela does. Block 8 -> 4 per
     * core -> 8: core 0 walks o0 o2 o4 o6 o8 + 3 P, then nothing more
     * (5 channels): 8 x 16 = 128, the same as with block 16; a 16-entry
     * dst is too short. */
    c.ofm_depth = 10;
    c.ofm_block_depth = 8;
    ck_assert_uint_eq(ethosu_weight_order_parallel_count(&c, 0), 128);
    ck_assert_int_eq(ethosu_weight_order_parallel_map(&c, 1, mm, 128), 0);
    ck_assert_int_eq(mm[16], 15);       /* o5 i0, as above */
    ck_assert_int_eq(ethosu_weight_order_parallel(&c, 0, src, d, 16), -1);
    ck_assert_int_eq(ethosu_weight_order_parallel(NULL, 0, src, d, 16), -1);
}
END_TEST

START_TEST(test_counts)
{
    /* Hand counts: padded OFM x IFM slots x padded elements. */
    struct ethosu_weight_order_cfg c = mk(ETHOSU_DEPTH_FIRST, 17, 3, 3, 33, 16, 8, 8, 8, 1, 1);
    /* OFM 17 -> 16 + 8 = 24; IFM 33 -> 64; 9 elements: 24 x 64 x 9. */
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 24 * 64 * 9);
    c.ifm_bits = 16;  /* IFM 33 -> 48 */
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 24 * 48 * 9);
    c.traversal = ETHOSU_PART_KERNEL_FIRST; /* IFM 33 -> 16 + 16 + 8; 9 -> 10 */
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 24 * 40 * 10);
    c.ifm_bits = 8;   /* 9 -> 12 */
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 24 * 40 * 12);

    /* Depth-wise 65535 x 65535 kernel, split 4, dilation 2 x 2: 2 x 2
     * sub-kernels; 32767 full ones per axis and a last one of 1: per
     * axis pair 32767^2 x 4 + 2 x 32767 x (2 -> 4) + (1 -> 4)
     * = 4 x 32768^2 = 2^32 elements; x 4 OFM slots = 2^34. */
    c = mk(ETHOSU_DEPTHWISE, 1, 65535, 65535, 1, 4, 4, 8, 4, 2, 2);
    if (SIZE_MAX > UINT32_MAX)
        ck_assert_uint_eq(ethosu_weight_order_count(&c), (size_t)1 << 34);
    else
        ck_assert_uint_eq(ethosu_weight_order_count(&c), 0);

    /* The largest depth-first layer: 65536 OFM x 65536 IFM x 65536^2
     * kernel = 2^64 weights: does not fit, count 0. */
    c = mk(ETHOSU_DEPTH_FIRST, 65536, 65536, 65536, 65536, 128, 8, 8, 8, 1, 1);
    ck_assert_uint_eq(ethosu_weight_order_count(&c), 0);
    ck_assert_int_eq(ethosu_weight_order_check(&c), 0);
}
END_TEST

START_TEST(test_rejects)
{
    const struct ethosu_weight_order_cfg good =
        mk(ETHOSU_DEPTH_FIRST, 3, 1, 1, 5, 4, 4, 8, 8, 1, 1);
    int16_t src[15] = { 0 }, dst[200];
    int64_t map[200];
    ck_assert_int_eq(ethosu_weight_order_check(&good), 0);
    ck_assert_uint_eq(ethosu_weight_order_count(&good), 128);

    struct ethosu_weight_order_cfg bad[24];
    int n = 0;
#define BAD(field, v)                                                                          \
    do {                                                                                       \
        bad[n] = good;                                                                         \
        bad[n].field = v;                                                                      \
        n++;                                                                                   \
    } while (0)
    BAD(ofm_depth, 0);
    BAD(ofm_depth, 65537);
    BAD(kernel_h, 0);
    BAD(kernel_w, 65537);
    BAD(ifm_depth, 0);
    BAD(ifm_depth, 65537);
    BAD(ofm_block_depth, 0);
    BAD(ofm_block_depth, 2);     /* not a multiple of the microblock 4 */
    BAD(ofm_block_depth, 6);
    BAD(ofm_block_depth, 132);   /* above 128 */
    BAD(ublk_depth, 0);
    BAD(ublk_depth, 2);
    BAD(ublk_depth, 16);
    BAD(ifm_bits, 0);
    BAD(ifm_bits, 9);
    BAD(kernel_split, 2);
    BAD(kernel_split, 16);
    BAD(dilation_x, 0);
    BAD(dilation_y, 3);
    BAD(traversal, (enum ethosu_weight_traversal)7);
    BAD(traversal, ETHOSU_DEPTHWISE); /* ifm_depth 5: depth-wise needs 1 */
#undef BAD
    for (int i = 0; i < n; i++) {
        ck_assert_msg(ethosu_weight_order_check(&bad[i]) == -1, "bad config %d accepted", i);
        ck_assert_uint_eq(ethosu_weight_order_count(&bad[i]), 0);
        ck_assert_uint_eq(ethosu_weight_order_ifm_block_depth(&bad[i]), 0);
        ck_assert_int_eq(ethosu_weight_order(&bad[i], src, dst, 200), -1);
        ck_assert_int_eq(ethosu_weight_order_map(&bad[i], map, 200), -1);
    }
    ck_assert_int_eq(ethosu_weight_order_check(NULL), -1);
    ck_assert_uint_eq(ethosu_weight_order_count(NULL), 0);
    ck_assert_int_eq(ethosu_weight_order(NULL, src, dst, 200), -1);
    ck_assert_int_eq(ethosu_weight_order(&good, NULL, dst, 200), -1);
    ck_assert_int_eq(ethosu_weight_order(&good, src, NULL, 200), -1);
    ck_assert_int_eq(ethosu_weight_order_map(&good, NULL, 200), -1);

    /* dst one short: -1 and dst untouched. */
    memset(dst, 0x55, sizeof dst);
    ck_assert_int_eq(ethosu_weight_order(&good, src, dst, 127), -1);
    for (int i = 0; i < 200; i++)
        ck_assert_int_eq(dst[i], 0x5555);
    ck_assert_int_eq(ethosu_weight_order_map(&good, map, 127), -1);
    /* Larger than needed: only the count is written. */
    ck_assert_int_eq(ethosu_weight_order(&good, src, dst, 200), 0);
    for (int i = 128; i < 200; i++)
        ck_assert_int_eq(dst[i], 0x5555);
}
END_TEST

/* ---- invariants on random configurations -------------------------------- */

static uint64_t rng_state;
static uint32_t rnd(uint32_t n)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((rng_state >> 33) % n);
}

static uint32_t umin(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* A second formulation of the order, after the TRM's overview: one loop
 * nest for all three, the IFM microblock loop placed outside the elements
 * for part-kernel-first and inside them for depth-first, and absent
 * (one pass, one IFM channel) for depth-wise. Returns the list length. */
static size_t reference(const struct ethosu_weight_order_cfg *c, int64_t *out, size_t cap)
{
    int dwise = c->traversal == ETHOSU_DEPTHWISE, pkf = c->traversal == ETHOSU_PART_KERNEL_FIRST;
    uint32_t ibd = dwise ? 1 : pkf ? 16 : c->ifm_bits == 16 ? 16 : 32;
    uint32_t dw = c->kernel_split / c->dilation_x, dh = c->kernel_split / c->dilation_y;
    uint32_t u = c->ublk_depth, round = dwise ? 4 : pkf ? (c->ifm_bits == 16 ? 2 : 4) : 1;
    size_t n = 0;
    for (uint32_t ob = 0; ob < c->ofm_depth; ob += c->ofm_block_depth) {
        uint32_t obd = umin(c->ofm_block_depth, c->ofm_depth - ob);
        for (uint32_t ib = 0; ib < c->ifm_depth; ib += ibd) {
            uint32_t ifm_here = pkf ? umin(ibd, c->ifm_depth - ib) : ibd;
            uint32_t outer = pkf ? ifm_here : 1, inner = pkf ? 1 : ifm_here;
            uint32_t per_ublk = dwise ? 1 : 8;
            for (uint32_t y0 = 0; y0 < c->kernel_h; y0 += dh)
                for (uint32_t x0 = 0; x0 < c->kernel_w; x0 += dw) {
                    uint32_t sw = umin(dw, c->kernel_w - x0), sh = umin(dh, c->kernel_h - y0);
                    uint32_t elems = (sw * sh + round - 1) / round * round;
                    for (uint32_t io = 0; io < outer; io += 8)
                        for (uint32_t ou = 0; ou < obd; ou += u)
                            for (uint32_t e = 0; e < elems; e++)
                                for (uint32_t ii = 0; ii < inner; ii += 8)
                                    for (uint32_t z = 0; z < u; z++)
                                        for (uint32_t iz = 0; iz < per_ublk; iz++) {
                                            uint32_t kx = x0 + e % sw, ky = y0 + e / sw;
                                            uint32_t i = ib + io + ii + iz, o = ob + ou + z;
                                            int pad = e / sw >= sh || i >= c->ifm_depth ||
                                                      o >= c->ofm_depth;
                                            int64_t idx = (((int64_t)o * c->kernel_h + ky) *
                                                               c->kernel_w + kx) *
                                                                  c->ifm_depth + i;
                                            if (n < cap)
                                                out[n] = pad ? -1 : idx;
                                            n++;
                                        }
                }
        }
    }
    return n;
}

static struct ethosu_weight_order_cfg random_cfg(void)
{
    static const enum ethosu_weight_traversal tr[3] = { ETHOSU_DEPTH_FIRST,
                                                        ETHOSU_PART_KERNEL_FIRST,
                                                        ETHOSU_DEPTHWISE };
    struct ethosu_weight_order_cfg c;
    memset(&c, 0, sizeof c);
    c.traversal = tr[rnd(3)];
    c.ublk_depth = rnd(2) ? 8 : 4;
    c.ofm_block_depth = c.ublk_depth * (1 + rnd(128 / c.ublk_depth));
    c.ofm_depth = 1 + rnd(rnd(4) ? 24 : 200);
    c.kernel_h = 1 + rnd(rnd(3) ? 4 : 19);
    c.kernel_w = 1 + rnd(rnd(3) ? 4 : 19);
    c.ifm_depth = c.traversal == ETHOSU_DEPTHWISE ? 1 : 1 + rnd(rnd(2) ? 20 : 70);
    c.ifm_bits = rnd(2) ? 16 : 8;
    c.kernel_split = rnd(2) ? 8 : 4;
    c.dilation_x = 1 + rnd(2);
    c.dilation_y = 1 + rnd(2);
    return c;
}

START_TEST(test_random_invariants)
{
    rng_state = 20240607;
    for (int t = 0; t < 1500; t++) {
        struct ethosu_weight_order_cfg c = random_cfg();
        while (ethosu_weight_order_count(&c) > 100000) /* keep the run short */
            c = random_cfg();
        ck_assert_int_eq(ethosu_weight_order_check(&c), 0);
        size_t nsrc = (size_t)c.ofm_depth * c.kernel_h * c.kernel_w * c.ifm_depth;
        size_t n = ethosu_weight_order_count(&c);
        ck_assert_uint_ge(n, nsrc);

        int64_t *map = malloc(n * sizeof *map), *ref = malloc(n * sizeof *ref);
        int16_t *src = malloc(nsrc * sizeof *src), *dst = malloc(n * sizeof *dst);
        unsigned char *seen = calloc(nsrc, 1);
        ck_assert(map && ref && src && dst && seen);
        for (size_t i = 0; i < nsrc; i++)
            src[i] = (int16_t)((int)(i * 7919 % 511) - 255);
        ck_assert_int_eq(ethosu_weight_order_map(&c, map, n), 0);
        ck_assert_int_eq(ethosu_weight_order(&c, src, dst, n), 0);

        /* Every source weight exactly once; the rest padding zeros. (Plain
         * ifs in the loops: each ck_assert costs Check a pipe write.) */
        size_t pads = 0, bad = 0, first_bad = 0;
        for (size_t i = 0; i < n; i++) {
            int ok;
            if (map[i] < 0) {
                ok = map[i] == -1 && dst[i] == 0;
                pads++;
            } else {
                ok = map[i] < (int64_t)nsrc && !seen[map[i]] && dst[i] == src[map[i]];
                if (map[i] < (int64_t)nsrc)
                    seen[map[i]] = 1;
            }
            if (!ok && !bad++)
                first_bad = i;
        }
        ck_assert_msg(!bad, "cfg %d: %zu bad positions, first %zu", t, bad, first_bad);
        ck_assert_uint_eq(n - pads, nsrc);

        /* The same list as the second formulation. */
        size_t rn = reference(&c, ref, n);
        ck_assert_uint_eq(rn, n);
        ck_assert_msg(!memcmp(ref, map, n * sizeof *map), "cfg %d: order differs", t);

        /* Parallel mode halves: together every source weight once. */
        if (c.ofm_depth >= 2) {
            memset(seen, 0, nsrc);
            size_t real = 0;
            for (unsigned core = 0; core < 2; core++) {
                size_t hn = ethosu_weight_order_parallel_count(&c, core);
                ck_assert_uint_gt(hn, 0);
                int64_t *hm = malloc(hn * sizeof *hm);
                ck_assert_int_eq(ethosu_weight_order_parallel_map(&c, core, hm, hn), 0);
                for (size_t i = 0; i < hn; i++)
                    if (hm[i] >= 0) {
                        int64_t o = hm[i] / ((int64_t)c.kernel_h * c.kernel_w * c.ifm_depth);
                        if (o % 2 != core || hm[i] >= (int64_t)nsrc || seen[hm[i]])
                            bad++;
                        else
                            seen[hm[i]] = 1;
                        real++;
                    }
                free(hm);
            }
            ck_assert_msg(!bad, "cfg %d: parallel halves overlap or mix cores", t);
            ck_assert_uint_eq(real, nsrc);
        }
        free(map);
        free(ref);
        free(src);
        free(dst);
        free(seen);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu_weight_order");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_depth_first_1x1_padding);
    tcase_add_test(tc, test_depth_first_two_ofm_blocks);
    tcase_add_test(tc, test_depthwise_3x3);
    tcase_add_test(tc, test_part_kernel_first);
    tcase_add_test(tc, test_depth_first_vs_part_kernel_first);
    tcase_add_test(tc, test_dilation);
    tcase_add_test(tc, test_decomposed_kernel);
    tcase_add_test(tc, test_depth_first_decomposed);
    tcase_add_test(tc, test_parallel);
    tcase_add_test(tc, test_counts);
    tcase_add_test(tc, test_rejects);
    tcase_add_test(tc, test_random_invariants);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
