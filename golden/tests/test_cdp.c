/* Unit tests for the CDP golden model. Every expected number is worked out
 * by hand from the reference formulas (spec section 7, 11, 12 and the worked
 * example 10.3); the derivation is in the comment next to each check. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "golden_cdp.h"

/* ---- helpers ------------------------------------------------------------------ */

static struct golden_cdp_lut zero_lut(void)
{
    struct golden_cdp_lut l;
    memset(&l, 0, sizeof l);
    return l;
}

/* A LUT that returns its input q for -32768 <= q <= 32767:
 * LE exponent with start 2^36 always underflows; LO linear, start 0,
 * select 0, LO[i] = i:
 *   1 <= q <= 255: LO hit at index q, fraction 0 -> LO[q] = q (one hit: LO)
 *   q <= 0: both underflow -> UFLOW priority LO -> LO[0] + (q - 0) * 1 = q
 *   q >= 256: LO overflow, LE underflow -> HYBRID priority LO ->
 *             LO[256] + (q - 256) * 1 = q */
static struct golden_cdp_lut ident_lut(void)
{
    struct golden_cdp_lut l = zero_lut();
    l.le_start = INT64_C(1) << 36;
    l.lo_start = 0;
    l.lo_end = 256;
    for (int i = 0; i <= 256; i++)
        l.lo[i] = (int16_t)i;
    l.lo_uflow_scale = 1;
    l.lo_oflow_scale = 1;
    l.uflow_lo = l.oflow_lo = l.hybrid_lo = 1;
    return l;
}

/* A 1 x 1 x C tensor: channel values v[0 .. C-1], then the unused lanes of
 * the last surface filled with `garbage` (what memory holds there). */
static void make_column(struct golden_tensor *t, uint32_t c, const int32_t *v, int32_t garbage)
{
    ck_assert_int_eq(golden_tensor_init(t, 1, 1, c), 0);
    for (uint32_t k = 0; k < t->surfaces * GOLDEN_LANES; k++)
        golden_tensor_set(t, 0, 0, k, k < c ? v[k] : garbage);
}

/* the same channel values as the window tests below */
static const int32_t win_x[11] = { 3, -2, 1, 0, 2, -1, 1, 1, -3, 2, 1 };

/* Run a 1 x 1 x 11 column (unused lanes 11..15 hold 100) with the identity
 * LUT, MUL bypass, output scale 1 shift 0: the output is the square sum Q of
 * each lane's window. in holds win_x[c] + off8 so that xi = win_x[c]. */
static void run_window(unsigned len, uint32_t datin_offset, int32_t off8, int32_t out[16])
{
    struct golden_cdp_cfg c;
    golden_cdp_cfg_default(&c);
    c.normalz_len = len;
    c.datin_offset = datin_offset;
    c.mul_bypass = 1;
    c.lut = ident_lut();
    int32_t v[11];
    for (int i = 0; i < 11; i++)
        v[i] = win_x[i] + off8;
    struct golden_tensor in, o;
    make_column(&in, 11, v, 100);
    ck_assert_int_eq(golden_tensor_init(&o, 1, 1, 11), 0);
    golden_cdp_run(&c, &in, &o, NULL);
    for (uint32_t k = 0; k < 16; k++)
        out[k] = golden_tensor_get(&o, 0, 0, k);
    golden_tensor_free(&in);
    golden_tensor_free(&o);
}

static void check16(const int32_t *got, const int32_t *want)
{
    for (int k = 0; k < 16; k++)
        ck_assert_msg(got[k] == want[k], "lane %d: got %d, want %d", k, got[k], want[k]);
}

/* ---- channel window --------------------------------------------------------------- */

/* Squares of win_x: s = 9 4 1 0 4 1 1 1 9 4 1 for channels 0..10; channels
 * < 0, the unused lanes 11..15 (memory holds 100 there, which must not be
 * read) and channels >= 16 contribute 0. Lane c sums s[c-n .. c+n]. */
START_TEST(test_window_len3)
{
    int32_t o[16];
    /* n = 1: c0 = 0+9+4, c1 = 9+4+1, c2 = 4+1+0, c3 = 1+0+4, c4 = 0+4+1,
     * c5 = 4+1+1, c6 = 1+1+1, c7 = 1+1+9, c8 = 1+9+4, c9 = 9+4+1,
     * c10 = 4+1+(lane 11: 0), c11 = s10 = 1 (its own centre is unused),
     * c12..c15 = 0 */
    static const int32_t want[16] = { 13, 14, 5, 5, 5, 6, 3, 11, 14, 14, 5, 1, 0, 0, 0, 0 };
    run_window(0, 0, 0, o);
    check16(o, want);
}
END_TEST

START_TEST(test_window_len5)
{
    int32_t o[16];
    /* n = 2: c0 = s0+s1+s2 = 14, c1 = s0..s3 = 14, c2 = s0..s4 = 18,
     * c3 = s1..s5 = 10, c4 = s2..s6 = 7, c5 = s3..s7 = 7, c6 = s4..s8 = 16,
     * c7 = s5..s9 = 16, c8 = s6..s10 = 16, c9 = s7..s10 = 15,
     * c10 = s8..s10 = 14, c11 = s9+s10 = 5, c12 = s10 = 1, c13..15 = 0 */
    static const int32_t want[16] = { 14, 14, 18, 10, 7, 7, 16, 16, 16, 15, 14, 5, 1, 0, 0, 0 };
    run_window(1, 0, 0, o);
    check16(o, want);
}
END_TEST

START_TEST(test_window_len7)
{
    int32_t o[16];
    /* n = 3: c0 = s0..s3 = 14, c1 = s0..s4 = 18, c2 = s0..s5 = 19,
     * c3 = s0..s6 = 20, c4 = s1..s7 = 12, c5 = s2..s8 = 17, c6 = s3..s9 = 20,
     * c7 = s4..s10 = 21, c8 = s5..s10 = 17, c9 = s6..s10 = 16,
     * c10 = s7..s10 = 15, c11 = s8..s10 = 14, c12 = s9+s10 = 5,
     * c13 = s10 = 1, c14, c15 = 0 */
    static const int32_t want[16] = { 14, 18, 19, 20, 12, 17, 20, 21, 17, 16, 15, 14, 5, 1, 0, 0 };
    run_window(2, 0, 0, o);
    check16(o, want);
}
END_TEST

START_TEST(test_window_len9)
{
    int32_t o[16];
    /* n = 4: c0 = s0..s4 = 18, c1 = s0..s5 = 19, c2 = s0..s6 = 20,
     * c3 = s0..s7 = 21, c4 = s0..s8 = 30, c5 = s1..s9 = 25,
     * c6 = s2..s10 = 22, c7 = s3..s10 = 21, c8 = s4..s10 = 21,
     * c9 = s5..s10 = 17, c10 = s6..s10 = 16, c11 = s7..s10 = 15,
     * c12 = s8..s10 = 14, c13 = s9+s10 = 5, c14 = s10 = 1, c15 = 0 */
    static const int32_t want[16] = { 18, 19, 20, 21, 30, 25, 22, 21, 21, 17, 16, 15, 14, 5, 1, 0 };
    run_window(3, 0, 0, o);
    check16(o, want);
}
END_TEST

START_TEST(test_window_pad_offset)
{
    int32_t o[16];
    /* DATIN_OFFSET = 0x1205: INT8 uses only the low byte, off8 = 5. Memory
     * holds win_x + 5, so in-range xi are win_x again; channels < 0 and the
     * unused lanes read as sx_8(0x05) = 5 -> xi = 0. Same sums as LEN9
     * without offset. (Were the pad raw 0, it would give xi = -5, 25 per
     * padded channel; were the offset 0x1205, xi would saturate.) */
    static const int32_t want9[16] = { 18, 19, 20, 21, 30, 25, 22, 21, 21, 17, 16, 15, 14, 5, 1, 0 };
    run_window(3, 0x1205, 5, o);
    check16(o, want9);

    /* negative low byte: 0xFD -> off8 = -3; memory holds win_x - 3 */
    static const int32_t want3[16] = { 13, 14, 5, 5, 5, 6, 3, 11, 14, 14, 5, 1, 0, 0, 0, 0 };
    run_window(0, 0x00FD, -3, o);
    check16(o, want3);
}
END_TEST

START_TEST(test_window_positions)
{
    /* 2 x 2 x 3 cube, LEN3, identity LUT, MUL bypass: each (x, y) has its
     * own window. Lanes 3..7 hold 9 in memory and are ignored.
     * (0,0): 1 2 3  -> c0 = 1+4 = 5, c1 = 1+4+9 = 14, c2 = 4+9 = 13, c3 = 9
     * (1,0): 0 0 0  -> all 0
     * (0,1): -4 0 0 -> c0 = 16, c1 = 16, c2 = 0
     * (1,1): 0 0 5  -> c0 = 0, c1 = 25, c2 = 25, c3 = 25 */
    struct golden_cdp_cfg c;
    golden_cdp_cfg_default(&c);
    c.mul_bypass = 1;
    c.lut = ident_lut();
    struct golden_tensor in, o;
    ck_assert_int_eq(golden_tensor_init(&in, 2, 2, 3), 0);
    ck_assert_int_eq(golden_tensor_init(&o, 2, 2, 3), 0);
    const int32_t v[2][2][3] = { { { 1, 2, 3 }, { 0, 0, 0 } }, { { -4, 0, 0 }, { 0, 0, 5 } } };
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 2; x++)
            for (uint32_t k = 0; k < 8; k++)
                golden_tensor_set(&in, x, y, k, k < 3 ? v[y][x][k] : 9);
    golden_cdp_run(&c, &in, &o, NULL);
    const int32_t want[2][2][8] = { { { 5, 14, 13, 9, 0, 0, 0, 0 }, { 0, 0, 0, 0, 0, 0, 0, 0 } },
                                    { { 16, 16, 0, 0, 0, 0, 0, 0 }, { 0, 25, 25, 25, 0, 0, 0, 0 } } };
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 2; x++)
            for (uint32_t k = 0; k < 8; k++)
                ck_assert_int_eq(golden_tensor_get(&o, x, y, k), want[y][x][k]);
    golden_tensor_free(&in);
    golden_tensor_free(&o);
}
END_TEST

/* ---- multiply and bypasses ------------------------------------------------------------- */

START_TEST(test_mul)
{
    /* LEN3 as test_window_len3 but multiplying: p = Q * xi(c), output shift 1.
     * Q = 13 14 5 5 5 6 3 11 14 14 5 1 0 0 0 0, xi = win_x, 0 on lanes >= 11
     * p = 39 -28 5 0 10 -6 3 11 -42 28 5 0(lane 11: Q = 1 but centre 0) 0...
     * out = rsh(p, 1): 19.5 -> 20, -14, 2.5 -> 3, 0, 5, -3, 1.5 -> 2,
     * 5.5 -> 6, -21, 14, 3, 0, 0, 0, 0, 0 */
    struct golden_cdp_cfg c;
    golden_cdp_cfg_default(&c);
    c.lut = ident_lut();
    c.datout_shifter = 1;
    struct golden_tensor in, o;
    make_column(&in, 11, win_x, 100);
    ck_assert_int_eq(golden_tensor_init(&o, 1, 1, 11), 0);
    golden_cdp_run(&c, &in, &o, NULL);
    static const int32_t want[16] = { 20, -14, 3, 0, 5, -3, 2, 6, -21, 14, 3, 0, 0, 0, 0, 0 };
    check16(o.data, want);
    golden_tensor_free(&in);
    golden_tensor_free(&o);
}
END_TEST

START_TEST(test_sqsum_bypass)
{
    /* SQSUM and MUL bypass: Q = xi(c) (signed, not squared), lut = Q, p = Q.
     * Input scale 3: xi = sat_9(3 v): 127 -> 381 -> 255; -128 -> -384 -> -256;
     * 10 -> 30; -10 -> -30; 0; 1 -> 3; -1 -> -3; 50 -> 150.
     * Output shift 2: 255/4 = 63.75 -> 64; -64; 7.5 -> 8; -7.5 -> -8; 0;
     * 0.75 -> 1; -0.75 -> -1; 37.5 -> 38. Neighbours do not matter. */
    struct golden_cdp_cfg c;
    golden_cdp_cfg_default(&c);
    c.normalz_len = 3;
    c.sqsum_bypass = 1;
    c.mul_bypass = 1;
    c.lut = ident_lut();
    c.datin_scale = 3;
    c.datout_shifter = 2;
    const int32_t v[8] = { 127, -128, 10, -10, 0, 1, -1, 50 };
    struct golden_tensor in, o;
    make_column(&in, 8, v, 0);
    ck_assert_int_eq(golden_tensor_init(&o, 1, 1, 8), 0);
    golden_cdp_run(&c, &in, &o, NULL);
    const int32_t want[8] = { 64, -64, 8, -8, 0, 1, -1, 38 };
    for (int k = 0; k < 8; k++)
        ck_assert_int_eq(o.data[k], want[k]);

    /* SQSUM bypass, multiply on, input scale 1: p = v * v, output shift 7:
     * 16129/128 = 126.01 -> 126; 16384/128 = 128 -> sat 127; 100/128 -> 1;
     * 1; 0; 1/128 -> 0; 0; 2500/128 = 19.53 -> 20 */
    c.mul_bypass = 0;
    c.datin_scale = 1;
    c.datout_shifter = 7;
    golden_cdp_run(&c, &in, &o, NULL);
    const int32_t want2[8] = { 126, 127, 1, 1, 0, 0, 0, 20 };
    for (int k = 0; k < 8; k++)
        ck_assert_int_eq(o.data[k], want2[k]);
    golden_tensor_free(&in);
    golden_tensor_free(&o);
}
END_TEST

START_TEST(test_lane)
{
    /* worked example 10.3, first element, directly on the window:
     * Q = 27776 -> lut 109 (see test_worked_example); p = 109 * -54 = -5886 */
    struct golden_cdp_cfg c;
    golden_cdp_cfg_default(&c);
    c.normalz_len = 1;
    c.lut = zero_lut();
    c.lut.le_linear = 1;
    c.lut.uflow_lo = c.lut.oflow_lo = c.lut.hybrid_lo = 1;
    c.lut.le_index_select = 0xFE;
    c.lut.lo_index_select = 8;
    c.lut.le_start = -14;
    c.lut.le_end = 2;
    c.lut.lo_end = 0x10000;
    for (int i = 0; i <= 64; i++)
        c.lut.le[i] = (int16_t)i;
    for (int i = 0; i <= 256; i++)
        c.lut.lo[i] = (int16_t)i;
    const int32_t xi[5] = { -92, -22, -54, -114, -54 };
    enum golden_lut_outcome oc;
    ck_assert_int_eq(golden_cdp_lane(&c, xi, &oc), -5886);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);
    /* MUL bypass: p = lut = 109 */
    c.mul_bypass = 1;
    ck_assert_int_eq(golden_cdp_lane(&c, xi, NULL), 109);
    /* SQSUM bypass: Q = xi(c) = -54 -> LE d = -40 under, LO d = -54 under ->
     * UFLOW -> LO[0] + (-54 - 0) * 0 = 0 (scales are 0 here) */
    c.sqsum_bypass = 1;
    ck_assert_int_eq(golden_cdp_lane(&c, xi, &oc), 0);
    ck_assert_int_eq(oc, GOLDEN_LUT_UFLOW);
}
END_TEST

/* LRN runs over channels, not surfaces: with the 16-channel surfaces of
 * nv_medium_512 (32 of nv_medium_1024_full / nv_large) a window reaches
 * across the boundary between surface 0 and 1. 1x1x20 column, LEN3, the
 * identity LUT and MUL bypass (output = square sum of c-1..c+1):
 *   v  =  3 -2 1 0 2 -1 1 1 -3 2 1 2 -1 0 3 1 | -2 2 1 -1   (| = lane 16)
 *   s  =  9  4 1 0 4  1 1 1  9 4 1 4  1 0 9 1 |  4 4 1  1
 *   lane 14: 0 + 9 + 1 = 10; lane 15: 9 + 1 + 4 = 14 (reads lane 0 of
 *   surface 1); lane 16: 1 + 4 + 4 = 9; lane 19: 1 + 1 + 0 = 2;
 *   lane 20 (unused, memory 100): its window sees only channel 19: 1;
 *   lanes 21..: 0.
 * The same values come out with 8-, 16- and 32-lane surfaces. */
START_TEST(test_window_across_wide_surfaces)
{
    static const int32_t v[20] = { 3, -2, 1, 0, 2, -1, 1, 1, -3, 2, 1, 2, -1, 0, 3, 1, -2, 2, 1, -1 };
    struct golden_cdp_cfg c;
    golden_cdp_cfg_default(&c);
    c.mul_bypass = 1;
    c.lut = ident_lut();
    const uint32_t lanes[3] = { 8, 16, 32 };
    for (int i = 0; i < 3; i++) {
        struct golden_tensor in, o;
        ck_assert_int_eq(golden_tensor_init_lanes(&in, 1, 1, 20, lanes[i]), 0);
        for (uint32_t k = 0; k < in.surfaces * in.lanes; k++)
            golden_tensor_set(&in, 0, 0, k, k < 20 ? v[k] : 100);
        ck_assert_int_eq(golden_tensor_init_lanes(&o, 1, 1, 20, lanes[i]), 0);
        golden_cdp_run(&c, &in, &o, NULL);
        ck_assert_int_eq(golden_tensor_get(&o, 0, 0, 14), 10);
        ck_assert_int_eq(golden_tensor_get(&o, 0, 0, 15), 14);
        ck_assert_int_eq(golden_tensor_get(&o, 0, 0, 16), 9);
        ck_assert_int_eq(golden_tensor_get(&o, 0, 0, 19), 2);
        ck_assert_int_eq(golden_tensor_get(&o, 0, 0, 20), 1);
        for (uint32_t k = 21; k < o.surfaces * o.lanes; k++)
            ck_assert_int_eq(golden_tensor_get(&o, 0, 0, k), 0);
        golden_tensor_free(&in);
        golden_tensor_free(&o);
    }
}
END_TEST

/* ---- converters --------------------------------------------------------------------- */

START_TEST(test_in_cvt)
{
    struct golden_cdp_cfg c;
    golden_cdp_cfg_default(&c);

    /* DATIN_OFFSET 0xFF05: INT8 off8 = 5 (high byte ignored); scale 3, shift 2 */
    c.datin_offset = 0xFF05;
    c.datin_scale = 3;
    c.datin_shifter = 2;
    ck_assert_int_eq(golden_cdp_pad_value(&c), 5);
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 10), 4);    /* 5*3 = 15 / 4 = 3.75 -> 4 */
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 0), -4);    /* -15/4 = -3.75 -> -4 */
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 7), 2);     /* 6/4 = 1.5 -> 2 */
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 3), -2);    /* -6/4 = -1.5 -> -2 */
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 5), 0);     /* the pad value gives 0 */
    /* only DATIN_SHIFTER[4:0]: 0x22 acts as 2 */
    c.datin_shifter = 0x22;
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 10), 4);

    /* 9-bit saturation: off8 = sx_8(0x80) = -128 */
    c.datin_offset = 0x80;
    c.datin_shifter = 0;
    c.datin_scale = 1;
    ck_assert_int_eq(golden_cdp_pad_value(&c), -128);
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 127), 255);   /* 255 fits */
    c.datin_scale = 2;
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 127), 255);   /* 510 -> 255 */
    c.datin_offset = 0x7F;
    c.datin_scale = 1;
    ck_assert_int_eq(golden_cdp_in_cvt(&c, -128), -255); /* fits */
    c.datin_scale = 2;
    ck_assert_int_eq(golden_cdp_in_cvt(&c, -128), -256); /* -510 -> -256 */
    /* negative scale (sign-extended field 0xFFFE = -2): (10 - 127) * -2 = 234 */
    c.datin_scale = -2;
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 10), 234);

    /* offset 0x0105: INT8 uses 5 -> 100 - 5 = 95 */
    c.datin_offset = 0x0105;
    c.datin_scale = 1;
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 100), 95);
}
END_TEST

START_TEST(test_in_cvt_int16)
{
    struct golden_cdp_cfg c;
    golden_cdp_cfg_default(&c);
    c.int16 = 1;
    /* full 16-bit offset 0x0105 = 261: 100 - 261 = -161 */
    c.datin_offset = 0x0105;
    ck_assert_int_eq(golden_cdp_pad_value(&c), 261);
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 100), -161);
    c.datin_offset = 0xFF05;   /* -251 */
    ck_assert_int_eq(golden_cdp_pad_value(&c), -251);
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 1000), 1251);
    /* 17-bit saturation, offset 0x8000 = -32768 */
    c.datin_offset = 0x8000;
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 32767), 65535);     /* fits */
    c.datin_scale = 2;
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 32767), 65535);     /* 131070 -> 65535 */
    c.datin_offset = 0x7FFF;
    c.datin_scale = 1;
    ck_assert_int_eq(golden_cdp_in_cvt(&c, -32768), -65535);   /* fits */
    c.datin_scale = 2;
    ck_assert_int_eq(golden_cdp_in_cvt(&c, -32768), -65536);   /* -131070 -> -65536 */
    /* rounding as INT8: (7 - 0) * 3 / 2 = 10.5 -> 11 */
    c.datin_offset = 0;
    c.datin_scale = 3;
    c.datin_shifter = 1;
    ck_assert_int_eq(golden_cdp_in_cvt(&c, 7), 11);
    ck_assert_int_eq(golden_cdp_in_cvt(&c, -7), -11);
}
END_TEST

START_TEST(test_out_cvt)
{
    struct golden_cdp_cfg c;
    golden_cdp_cfg_default(&c);
    int sat = -1;

    /* rounding half away from zero */
    c.datout_shifter = 1;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 5, &sat), 3);    /* 2.5 */
    ck_assert_int_eq(sat, 0);
    ck_assert_int_eq(golden_cdp_out_cvt(&c, -5, NULL), -3);  /* -2.5 */
    ck_assert_int_eq(golden_cdp_out_cvt(&c, -3, NULL), -2);  /* -1.5 */
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 3, NULL), 2);    /* 1.5 */
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 4, NULL), 2);
    c.datout_shifter = 2;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 7, NULL), 2);    /* 1.75 */
    ck_assert_int_eq(golden_cdp_out_cvt(&c, -6, NULL), -2);  /* -1.5 */
    ck_assert_int_eq(golden_cdp_out_cvt(&c, -5, NULL), -1);  /* -1.25 */
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 6, NULL), 2);    /* 1.5 */
    /* only DATOUT_SHIFTER[5:0]: 65 acts as 1 */
    c.datout_shifter = 65;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 5, NULL), 3);

    /* 8-bit saturation and its flag */
    c.datout_shifter = 0;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 200, &sat), 127);
    ck_assert_int_eq(sat, 1);
    ck_assert_int_eq(golden_cdp_out_cvt(&c, -200, &sat), -128);
    ck_assert_int_eq(sat, 1);
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 127, &sat), 127);
    ck_assert_int_eq(sat, 0);
    ck_assert_int_eq(golden_cdp_out_cvt(&c, -128, &sat), -128);
    ck_assert_int_eq(sat, 0);
    /* after the shift: 1000 >> 3 = 125 fits, 1020 / 8 = 127.5 -> 128 -> 127 */
    c.datout_shifter = 3;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 1000, &sat), 125);
    ck_assert_int_eq(sat, 0);
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 1020, &sat), 127);
    ck_assert_int_eq(sat, 1);

    /* offset: only bits 24:0, sign bit 24. 0xFE000010 -> +16 */
    c.datout_shifter = 0;
    c.datout_offset = 0xFE000010u;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 16, NULL), 0);
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 20, NULL), 4);
    /* 0x01000000 -> bit 24 set -> -2^24 */
    c.datout_offset = 0x01000000u;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, -16777216 + 5, NULL), 5);
    /* 0xFFFFFF00 -> -256: p = 0 -> 256 -> 127 */
    c.datout_offset = 0xFFFFFF00u;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 0, NULL), 127);

    /* scale (sign-extended 16-bit): p = 10, scale -3 -> -30 */
    c.datout_offset = 0;
    c.datout_scale = -3;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 10, NULL), -30);
    /* all three: (5 - 16) * -3 = 33, / 8 = 4.125 -> 4 */
    c.datout_offset = 0xFE000010u;
    c.datout_shifter = 3;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 5, NULL), 4);
}
END_TEST

START_TEST(test_out_cvt_int16)
{
    struct golden_cdp_cfg c;
    golden_cdp_cfg_default(&c);
    c.int16 = 1;
    int sat = -1;
    /* 32-bit offset: 0xFFFFFF00 = -256 -> 0 + 256 = 256 (fits 16 bits) */
    c.datout_offset = 0xFFFFFF00u;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 0, &sat), 256);
    ck_assert_int_eq(sat, 0);
    /* 0xFE000010 = -33554416 (INT8 would take +16): 16 + 33554416 -> 32767 */
    c.datout_offset = 0xFE000010u;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 16, &sat), 32767);
    ck_assert_int_eq(sat, 1);
    /* 16-bit saturation */
    c.datout_offset = 0;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 40000, &sat), 32767);
    ck_assert_int_eq(sat, 1);
    ck_assert_int_eq(golden_cdp_out_cvt(&c, -40000, &sat), -32768);
    ck_assert_int_eq(sat, 1);
    ck_assert_int_eq(golden_cdp_out_cvt(&c, -32768, &sat), -32768);
    ck_assert_int_eq(sat, 0);
    c.datout_scale = 3;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, 1000, NULL), 3000);
    c.datout_scale = 1;
    c.datout_shifter = 1;
    ck_assert_int_eq(golden_cdp_out_cvt(&c, -3, NULL), -2);   /* -1.5 */
}
END_TEST

/* ---- LUT ------------------------------------------------------------------------------ */

START_TEST(test_index_select)
{
    /* INT8: bit 5 set -> (v & 63) - 64, else v as is (bits 7:6 kept) */
    ck_assert_int_eq(golden_cdp_index_select(0x00, 0), 0);
    ck_assert_int_eq(golden_cdp_index_select(0x08, 0), 8);
    ck_assert_int_eq(golden_cdp_index_select(0x1F, 0), 31);
    ck_assert_int_eq(golden_cdp_index_select(0x20, 0), -32);
    ck_assert_int_eq(golden_cdp_index_select(0x3F, 0), -1);
    ck_assert_int_eq(golden_cdp_index_select(0xFE, 0), -2);   /* 62 - 64 */
    ck_assert_int_eq(golden_cdp_index_select(0xE0, 0), -32);  /* bits 7:6 dropped */
    ck_assert_int_eq(golden_cdp_index_select(0x61, 0), -31);  /* 33 - 64 */
    ck_assert_int_eq(golden_cdp_index_select(0x40, 0), 64);
    ck_assert_int_eq(golden_cdp_index_select(0xC8, 0), 200);
    /* INT16: bit 6 set -> (v & 127) - 128, else v */
    ck_assert_int_eq(golden_cdp_index_select(0x20, 1), 32);
    ck_assert_int_eq(golden_cdp_index_select(0x3E, 1), 62);
    ck_assert_int_eq(golden_cdp_index_select(0x40, 1), -64);
    ck_assert_int_eq(golden_cdp_index_select(0x7F, 1), -1);
    ck_assert_int_eq(golden_cdp_index_select(0xFE, 1), -2);   /* 126 - 128 */
    ck_assert_int_eq(golden_cdp_index_select(0xC0, 1), -64);  /* bit 7 dropped */
    ck_assert_int_eq(golden_cdp_index_select(0xBF, 1), 191);
}
END_TEST

START_TEST(test_lut_le_exponent_hit)
{
    enum golden_lut_outcome oc;
    struct golden_cdp_lut l = zero_lut();
    l.lo_start = INT64_C(1) << 30;   /* LO underflows: LE is the only hit */

    /* start 0, offset 0, q = 12: d = 12, L = 3, i = 3, phi = 4,
     * phi16 = 4 * 2^13 = 32768; LE[3] = 10, LE[4] = 13:
     * 10 + rsh(3 * 32768, 16) = 10 + rsh(98304, 16) = 10 + 1.5 -> 12 */
    l.le[3] = 10;
    l.le[4] = 13;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 12, 0, &oc), 12);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
    /* falling step: LE[4] = 7 -> 10 + rsh(-98304, 16) = 10 - 2 = 8 */
    l.le[4] = 7;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 12, 0, &oc), 8);
    /* q = 8: phi = 0 -> LE[3] */
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 8, 0, NULL), 10);
    /* q = 1: L = 0, i = 0 -> LE[0] = 0 */
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 1, 0, NULL), 0);

    /* L > 16: q = 2^18 + 7: L = 18, phi = 7, phi16 = 7 div 4 = 1 (floor);
     * LE[18] = -30000, LE[19] = 30000: -30000 + rsh(60000, 16) = -30000 + 1 */
    l.le[18] = -30000;
    l.le[19] = 30000;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, (1 << 18) + 7, 0, NULL), -29999);
    /* q = 2^18 + 8: phi16 = 2 -> rsh(120000, 16) = 1.83 -> 2 */
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, (1 << 18) + 8, 0, NULL), -29998);

    /* offset 2, start 10, q = 30: d = 20, L = 4, i = 2, phi = 4,
     * phi16 = 4 * 2^12 = 16384; LE[2] = 100, LE[3] = 106:
     * 100 + rsh(6 * 16384, 16) = 100 + 1.5 -> 102 */
    l = zero_lut();
    l.lo_start = INT64_C(1) << 30;
    l.le_index_offset = 2;
    l.le_start = 10;
    l.le[2] = 100;
    l.le[3] = 106;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 30, 0, &oc), 102);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);

    /* negative offset -3, start 0: q = 1 -> L = 0, i = 3 -> LE[3];
     * q = 3 -> L = 1, i = 4, phi = 1, phi16 = 32768:
     * LE[4] = 50, LE[5] = 61 -> 50 + 5.5 -> 56 */
    l.le_index_offset = -3;
    l.le_start = 0;
    l.le[4] = 50;
    l.le[5] = 61;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 1, 0, NULL), 106);
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 3, 0, NULL), 56);

    /* offset -60: q = 15 -> L = 3, i = 63, phi = 7, phi16 = 7 * 2^13 = 57344;
     * LE[63] = 0, LE[64] = 1000: 57344000 / 65536 = 875 exactly */
    l = zero_lut();
    l.lo_start = INT64_C(1) << 30;
    l.le_index_offset = -60;
    l.le[64] = 1000;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 15, 0, &oc), 875);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
    /* q = 16 -> i = 64: LE overflow, LO underflow -> HYBRID (LE):
     * LE[64] + (16 - LE_END 0) * 0 = 1000 */
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 16, 0, &oc), 1000);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
}
END_TEST

START_TEST(test_lut_le_linear_hit)
{
    enum golden_lut_outcome oc;
    struct golden_cdp_lut l = zero_lut();
    l.lo_start = INT64_C(1) << 30;
    l.le_linear = 1;
    /* select 2, start -10, q = 13: d = 23, index 5, rho = 3,
     * phi16 = 3 * 2^14 = 49152; LE[5] = 100, LE[6] = 105:
     * 100 + rsh(5 * 49152, 16) = 100 + 3.75 -> 104 */
    l.le_index_select = 2;
    l.le_start = -10;
    l.le[5] = 100;
    l.le[6] = 105;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 13, 0, &oc), 104);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
    /* q = 10: d = 20, index 5, rho 0 -> 100 */
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 10, 0, NULL), 100);
    /* falling: LE[6] = 95 -> 100 - 3.75 -> 96 */
    l.le[6] = 95;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 13, 0, NULL), 96);

    /* select 20 (> 16), start 0: q = 5 * 2^20 + 3 * 2^18 + 9 -> index 5,
     * rho = 3 * 2^18 + 9, phi16 = rho div 16 = 49152 (the 9 is dropped);
     * LE[6] = 105 again -> 104 */
    l.le[6] = 105;
    l.le_index_select = 20;
    l.le_start = 0;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 5 * (1 << 20) + 3 * (1 << 18) + 9, 0, &oc), 104);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
}
END_TEST

START_TEST(test_lut_lo_linear_hit)
{
    enum golden_lut_outcome oc;
    struct golden_cdp_lut l = zero_lut();
    l.le_start = INT64_C(1) << 36;   /* LE exponent always underflows */
    /* select 0, start -1000: q = -995 -> d = 5 -> LO[5] exactly */
    l.lo_start = -1000;
    l.lo[5] = 1234;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, -995, 0, &oc), 1234);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);

    /* select 3, start 0: q = 21 -> index 2, rho = 5, phi16 = 5 * 2^13 = 40960;
     * LO[2] = 0, LO[3] = 8: rsh(8 * 40960, 16) = 5 */
    l.lo_start = 0;
    l.lo_index_select = 3;
    l.lo[3] = 8;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 21, 0, &oc), 5);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);
    /* LO[3] = -4: rsh(-163840, 16) = -2.5 -> -3 */
    l.lo[3] = -4;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 21, 0, NULL), -3);

    /* last entry: select 0, q = 255 -> index 255, phi 0 -> LO[255];
     * q = 256 -> overflow */
    l.lo_index_select = 0;
    l.lo[255] = -7;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 255, 0, &oc), -7);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);
    golden_cdp_lut_lookup(&l, 256, 0, &oc);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);   /* LE under, LO over */
}
END_TEST

START_TEST(test_lut_negative_select)
{
    enum golden_lut_outcome oc;
    struct golden_cdp_lut l = zero_lut();
    l.lo_start = INT64_C(1) << 30;
    for (int i = 0; i <= 64; i++)
        l.le[i] = (int16_t)(10 * i);
    /* LE linear, select 0xFE -> -2 (left shift 2), start -14 (as in 10.3):
     * q = 0: d = 14 -> index 56, fraction 0 -> 560; q = 1: d = 15 -> 60 -> 600;
     * q = 2: d = 16 -> 64 -> overflow (HYBRID, LE: LE[64] + 0) */
    l.le_linear = 1;
    l.le_index_select = 0xFE;
    l.le_start = -14;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 0, 0, &oc), 560);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 1, 0, NULL), 600);
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 2, 0, &oc), 640);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);

    /* LO select 0x3F -> -1, start 0: q = 100 -> index 200 -> LO[200];
     * q = 128 -> 256 -> overflow */
    l = zero_lut();
    l.le_start = INT64_C(1) << 36;
    l.lo_index_select = 0x3F;
    l.lo[200] = 777;
    l.lo[256] = -5;
    l.hybrid_lo = 1;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 100, 0, &oc), 777);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 128, 0, &oc), -5);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
    /* 0x20 -> -32: q = 1 -> 2^32 -> overflow */
    l.lo_index_select = 0x20;
    golden_cdp_lut_lookup(&l, 1, 0, &oc);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
}
END_TEST

START_TEST(test_lut_select_bit5)
{
    enum golden_lut_outcome oc;
    struct golden_cdp_lut l = zero_lut();
    l.le_start = INT64_C(1) << 36;
    for (int i = 0; i <= 256; i++)
        l.lo[i] = (int16_t)i;
    l.hybrid_lo = 1;
    /* 0x61: bit 5 set -> 33 - 64 = -31 (a plain signed byte would be 97):
     * q = 1 -> index 2^31 -> overflow -> LO[256] + 0 = 256 */
    l.lo_index_select = 0x61;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 1, 0, &oc), 256);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
    /* 0x3E: INT8 -> -2: q = 10 -> index 40 -> 40; INT16 (bit 6 clear) -> 62:
     * index 0, phi16 = 10 div 2^46 = 0 -> LO[0] = 0 */
    l.lo_index_select = 0x3E;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 10, 0, &oc), 40);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 10, 1, &oc), 0);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);
    /* 0x7E: INT8 bit 5 set -> 62 - 64 = -2; INT16 bit 6 set -> 126 - 128 = -2 */
    l.lo_index_select = 0x7E;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 10, 0, NULL), 40);
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 10, 1, NULL), 40);
    /* 0x44: INT8 bit 5 clear -> 68 (bits 7:6 kept): index 0, phi 0 -> 0;
     * INT16 bit 6 set -> 68 - 128 = -60 -> overflow -> 256 */
    l.lo_index_select = 0x44;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 10, 0, &oc), 0);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 10, 1, &oc), 256);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
    /* 0x02 (bit 5 clear): select 2: q = 10 -> index 2, rho 2,
     * phi16 = 2 * 2^14 = 32768 -> 2 + rsh(32768, 16) = 2 + 0.5 -> 3 */
    l.lo_index_select = 0x02;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 10, 0, NULL), 3);
}
END_TEST

START_TEST(test_lut_uflow_beta)
{
    enum golden_lut_outcome oc;
    struct golden_cdp_lut l = zero_lut();
    l.lo_start = INT64_C(1) << 30;   /* LO underflows too */
    l.le[0] = 1000;
    l.le_start = 100;
    l.le_uflow_scale = 1;
    l.le_uflow_shift = 1;
    /* EXPONENT, offset 0 -> beta = 1. q = 50: d = -50 -> underflow (both ->
     * UFLOW, LE): 1000 + rsh((50 - 100 - 1) * 1, 1) = 1000 + rsh(-51, 1)
     * = 1000 - 25.5 -> 1000 - 26 = 974 (without beta: 975) */
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 50, 0, &oc), 974);
    ck_assert_int_eq(oc, GOLDEN_LUT_UFLOW);
    /* q = start: d = 0 -> underflow, rsh(-1, 1) = -0.5 -> -1 -> 999 */
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 100, 0, NULL), 999);

    /* LINEAR has no beta: rsh(-50, 1) = -25 -> 975; at q = start: 1000 */
    l.le_linear = 1;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 50, 0, NULL), 975);
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 100, 0, NULL), 1000);
    l.le_linear = 0;

    /* offset 3, start 0, q = 5: L = 2 < 3 -> underflow with beta = 8;
     * scale -7, shift -2 (left 2): (5 - 0 - 8) * -7 = 21, * 4 = 84 -> 1084 */
    l.le_index_offset = 3;
    l.le_start = 0;
    l.le_uflow_scale = -7;
    l.le_uflow_shift = -2;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 5, 0, &oc), 1084);
    ck_assert_int_eq(oc, GOLDEN_LUT_UFLOW);
    /* q = 8: L = 3 = offset -> hit at index 0, phi 0 -> LE[0] */
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 8, 0, &oc), 1000);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);

    /* offset -2 -> beta = 0: q = -10 -> -10 * -7 = 70, * 4 = 280 -> 1280 */
    l.le_index_offset = -2;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, -10, 0, NULL), 1280);

    /* shift -16 (largest left shift), offset 0, start 0, q = 0:
     * (0 - 0 - 1) * 3 = -3, * 65536 = -196608 -> 1000 - 196608 -> sat -32768 */
    l.le_index_offset = 0;
    l.le_uflow_scale = 3;
    l.le_uflow_shift = -16;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 0, 0, NULL), -32768);
    /* shift 15: start 99999, q = 0: (0 - 99999 - 1) * 100 = -10^7,
     * / 32768 = -305.18 -> -305 -> 695 */
    l.le_start = 99999;
    l.le_uflow_scale = 100;
    l.le_uflow_shift = 15;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 0, 0, NULL), 695);

    /* LO underflow has no beta either: UFLOW priority LO, LO[0] = 2000,
     * start 100, scale 1, shift 1: q = 50 -> 2000 + rsh(-50, 1) = 1975 */
    l = zero_lut();
    l.le_start = INT64_C(1) << 36;
    l.uflow_lo = 1;
    l.lo[0] = 2000;
    l.lo_start = 100;
    l.lo_uflow_scale = 1;
    l.lo_uflow_shift = 1;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 50, 0, &oc), 1975);
    ck_assert_int_eq(oc, GOLDEN_LUT_UFLOW);
}
END_TEST

START_TEST(test_lut_flow_slopes)
{
    enum golden_lut_outcome oc;
    struct golden_cdp_lut l = zero_lut();
    /* LO underflow: start 100, q = 40, scale 5, shift 3:
     * rsh(-60 * 5, 3) = rsh(-300, 3) = -37.5 -> -38; LO[0] = 7 -> -31 */
    l.le_start = INT64_C(1) << 36;
    l.uflow_lo = 1;
    l.lo_start = 100;
    l.lo[0] = 7;
    l.lo_uflow_scale = 5;
    l.lo_uflow_shift = 3;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 40, 0, &oc), -31);
    ck_assert_int_eq(oc, GOLDEN_LUT_UFLOW);

    /* both overflow: LE linear start 0 select 0 (q >= 64), LO start 0
     * select 0 (q >= 256); q = 300. OFLOW priority LO: LO end 1000,
     * scale -3, shift -4: (300 - 1000) * -3 = 2100, * 16 = 33600;
     * LO[256] = -2000 -> 31600 */
    l = zero_lut();
    l.le_linear = 1;
    l.oflow_lo = 1;
    l.lo_end = 1000;
    l.lo_oflow_scale = -3;
    l.lo_oflow_shift = -4;
    l.lo[256] = -2000;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 300, 0, &oc), 31600);
    ck_assert_int_eq(oc, GOLDEN_LUT_OFLOW);
    /* LO[256] = 30000 -> 63600 -> sat_16 -> 32767 */
    l.lo[256] = 30000;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 300, 0, NULL), 32767);

    /* OFLOW priority LE: LE end 64, scale 3, shift 1:
     * (300 - 64) * 3 = 708 / 2 = 354; LE[64] = -50 -> 304 */
    l.oflow_lo = 0;
    l.le_end = 64;
    l.le_oflow_scale = 3;
    l.le_oflow_shift = 1;
    l.le[64] = -50;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 300, 0, &oc), 304);
    ck_assert_int_eq(oc, GOLDEN_LUT_OFLOW);
    /* scale 1, shift 3: 236 / 8 = 29.5 -> 30 -> -20 */
    l.le_oflow_scale = 1;
    l.le_oflow_shift = 3;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 300, 0, NULL), -20);
    /* LE exponent overflow with negative shift: offset -60, start 0,
     * q = 300: L = 8, i = 68 -> overflow; scale -1, shift -1:
     * (300 - 64) * -1 * 2 = -472 -> -50 - 472 = -522 */
    l.le_linear = 0;
    l.le_index_offset = -60;
    l.le_oflow_scale = -1;
    l.le_oflow_shift = -1;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 300, 0, &oc), -522);
    ck_assert_int_eq(oc, GOLDEN_LUT_OFLOW);
    /* a shift stored as the raw 5-bit field (31 = -1) reads the same */
    l.le_oflow_shift = 31;
    ck_assert_int_eq(golden_cdp_lut_lookup(&l, 300, 0, NULL), -522);
}
END_TEST

START_TEST(test_lut_priorities)
{
    enum golden_lut_outcome oc;
    for (int pri = 0; pri < 8; pri++) {
        int uf = pri & 1, of = (pri >> 1) & 1, hy = (pri >> 2) & 1;
        struct golden_cdp_lut l = zero_lut();
        for (int i = 0; i <= 64; i++)
            l.le[i] = (int16_t)(1000 + i);
        for (int i = 0; i <= 256; i++)
            l.lo[i] = (int16_t)(2000 + i);
        l.uflow_lo = uf;
        l.oflow_lo = of;
        l.hybrid_lo = hy;
        /* slopes 0: a flow returns the table's end entry. LE linear start 0
         * select 0: hit 1..63, over >= 64, under <= 0. LO start 50 select 0:
         * hit 51..305, over >= 306, under <= 50. */
        l.le_linear = 1;
        l.lo_start = 50;
        /* -5: both under -> UFLOW */
        ck_assert_int_eq(golden_cdp_lut_lookup(&l, -5, 0, &oc), uf ? 2000 : 1000);
        ck_assert_int_eq(oc, GOLDEN_LUT_UFLOW);
        /* 10: LE hit, LO under -> LE[10] */
        ck_assert_int_eq(golden_cdp_lut_lookup(&l, 10, 0, &oc), 1010);
        ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
        /* 55: both hit -> HYBRID: LO[5] or LE[55] */
        ck_assert_int_eq(golden_cdp_lut_lookup(&l, 55, 0, &oc), hy ? 2005 : 1055);
        ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
        /* 100: LE over, LO hit -> LO[50] */
        ck_assert_int_eq(golden_cdp_lut_lookup(&l, 100, 0, &oc), 2050);
        ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);
        /* 400: both over -> OFLOW */
        ck_assert_int_eq(golden_cdp_lut_lookup(&l, 400, 0, &oc), of ? 2256 : 1064);
        ck_assert_int_eq(oc, GOLDEN_LUT_OFLOW);

        /* LO start -300 (hit -299..-45, over >= -44):
         * -10: LE under, LO over -> HYBRID: LO[256] or LE[0] */
        l.lo_start = -300;
        ck_assert_int_eq(golden_cdp_lut_lookup(&l, -10, 0, &oc), hy ? 2256 : 1000);
        ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
        /* -100: LE under, LO hit at 200 -> 2200 */
        ck_assert_int_eq(golden_cdp_lut_lookup(&l, -100, 0, &oc), 2200);
        ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);

        /* LE start -100 (hit -99..-37, over >= -36), LO start 50:
         * 0: LE over, LO under -> HYBRID: LO[0] or LE[64] */
        l.le_start = -100;
        l.lo_start = 50;
        ck_assert_int_eq(golden_cdp_lut_lookup(&l, 0, 0, &oc), hy ? 2000 : 1064);
        ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
        /* LO start -400: -50: LE hit at 50, LO over (d = 350) -> LE[50] */
        l.lo_start = -400;
        ck_assert_int_eq(golden_cdp_lut_lookup(&l, -50, 0, &oc), 1050);
        ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
    }
}
END_TEST

/* ---- whole runs ------------------------------------------------------------------------- */

START_TEST(test_worked_example)
{
    /* Spec 10.3 (cdp_33x17x34_lrn5_int8_0), two elements on a 1 x 1 x 34
     * column: LRN5, input 0/1/0, square sum and multiply, output 0/1/9;
     * LUT_CFG 0x71 (LE linear, all priorities LO), LE offset 0, LE select
     * 0xFE (-2), LO select 8, LE start -14, end 2, LO start 0, end 0x10000,
     * slopes 1/0, LE[i] = i, LO[i] = i.
     * Channels 15..19 = -92 -22 -54 -114 -54: Q = 27776; LE d = 27790,
     * index 111160 -> over; LO index 108, rho 128, phi16 = 32768,
     * 108 + rsh(32768, 16) = 109 -> one hit: LO. p = 109 * -54 = -5886,
     * out = rsh(-5886, 9) = -11.496 -> -11 at channel 17.
     * Channels 31..33 = -103 -82 -107, 34 and 35 are unused lanes (memory
     * holds 127 there): Q = 10609 + 6724 + 11449 = 28782 -> LO index 112,
     * rho 110, phi16 = 28160, 112 + rsh(28160, 16) = 112; p = 112 * -107
     * = -11984, out = rsh(-11984, 9) = -23.4 -> -23 at channel 33. */
    struct golden_cdp_cfg c;
    golden_cdp_cfg_default(&c);
    c.normalz_len = 1;
    c.datout_shifter = 9;
    c.lut.le_linear = 1;
    c.lut.uflow_lo = c.lut.oflow_lo = c.lut.hybrid_lo = 1;
    c.lut.le_index_select = 0xFE;
    c.lut.lo_index_select = 8;
    c.lut.le_start = -14;
    c.lut.le_end = 2;
    c.lut.lo_start = 0;
    c.lut.lo_end = 0x10000;
    c.lut.le_uflow_scale = c.lut.le_oflow_scale = 1;
    c.lut.lo_uflow_scale = c.lut.lo_oflow_scale = 1;
    for (int i = 0; i <= 64; i++)
        c.lut.le[i] = (int16_t)i;
    for (int i = 0; i <= 256; i++)
        c.lut.lo[i] = (int16_t)i;

    int32_t v[34] = { 0 };
    v[15] = -92;
    v[16] = -22;
    v[17] = -54;
    v[18] = -114;
    v[19] = -54;
    v[31] = -103;
    v[32] = -82;
    v[33] = -107;
    struct golden_tensor in, o;
    make_column(&in, 34, v, 127);
    ck_assert_int_eq(golden_tensor_init(&o, 1, 1, 34), 0);
    struct golden_cdp_stats st;
    golden_cdp_run(&c, &in, &o, &st);
    ck_assert_int_eq(golden_tensor_get(&o, 0, 0, 17), -11);
    ck_assert_int_eq(golden_tensor_get(&o, 0, 0, 33), -23);
    golden_tensor_free(&in);
    golden_tensor_free(&o);
}
END_TEST

START_TEST(test_run_stats)
{
    /* SQSUM and MUL bypass on a 1 x 1 x 6 column, LUT of test_lut_priorities
     * (LE linear start 0, LO start 50, slopes 0, LE[i] = 1000 + i,
     * LO[i] = 2000 + i) with all priorities LO, output shift 4.
     * lanes: -5 (UFLOW, 2000), 10 (LE hit, 1010), 55 (HYBRID, LO[5] = 2005),
     * 100 (LO hit, LO[50] = 2050), -5 (UFLOW), 0 (UFLOW: LE d = 0, LO d < 0),
     * lanes 6, 7 unused (memory holds 10 there) -> xi = 0 -> UFLOW -> 2000.
     * out = rsh(lut, 4): 2000/16 = 125; 1010/16 = 63.1 -> 63; 2005/16 = 125.3
     * -> 125; 2050/16 = 128.1 -> 128 -> sat 127 (one saturation). */
    struct golden_cdp_cfg c;
    golden_cdp_cfg_default(&c);
    c.sqsum_bypass = 1;
    c.mul_bypass = 1;
    c.datout_shifter = 4;
    for (int i = 0; i <= 64; i++)
        c.lut.le[i] = (int16_t)(1000 + i);
    for (int i = 0; i <= 256; i++)
        c.lut.lo[i] = (int16_t)(2000 + i);
    c.lut.le_linear = 1;
    c.lut.lo_start = 50;
    c.lut.uflow_lo = c.lut.oflow_lo = c.lut.hybrid_lo = 1;
    const int32_t v[6] = { -5, 10, 55, 100, -5, 0 };
    struct golden_tensor in, o;
    make_column(&in, 6, v, 10);
    ck_assert_int_eq(golden_tensor_init(&o, 1, 1, 6), 0);
    for (int k = 0; k < 8; k++)
        o.data[k] = 0x55;   /* every lane must be overwritten */
    struct golden_cdp_stats st;
    memset(&st, 0xAB, sizeof st);   /* cleared by the run */
    golden_cdp_run(&c, &in, &o, &st);
    const int32_t want[8] = { 125, 63, 125, 127, 125, 125, 125, 125 };
    for (int k = 0; k < 8; k++)
        ck_assert_int_eq(o.data[k], want[k]);
    ck_assert_uint_eq(st.lut_uflow, 5);
    ck_assert_uint_eq(st.lut_le_hit, 1);
    ck_assert_uint_eq(st.lut_lo_hit, 1);
    ck_assert_uint_eq(st.lut_hybrid, 1);
    ck_assert_uint_eq(st.lut_oflow, 0);
    ck_assert_uint_eq(st.out_saturation, 1);

    /* stats may be NULL */
    golden_cdp_run(&c, &in, &o, NULL);
    for (int k = 0; k < 8; k++)
        ck_assert_int_eq(o.data[k], want[k]);
    golden_tensor_free(&in);
    golden_tensor_free(&o);
}
END_TEST

START_TEST(test_run_int16)
{
    /* INT16, LEN3, 1 x 1 x 3 column. DATIN_OFFSET 0x0100 = 256 (INT8 would
     * use 0), memory 556 256 -44 -> xi = 300 0 -300; lanes 3..7 (memory
     * holds 1) read as sx_16(0x0100) = 256 -> xi = 0.
     * Q: c0 = 0 + 90000 + 0, c1 = 90000 + 0 + 90000 = 180000, c2 = 90000,
     * c3 = 90000 (only channel 2 in its window), c4..c7 = 0.
     * LUT: LE exponent start 2^36 always under; LO start 0, select 0x10 (16
     * in both decodings), LO[i] = 100 i, priorities LO:
     * 90000 -> index 1, rho = 24464, phi16 = 24464:
     *   100 + rsh(100 * 24464, 16) = 100 + 37.33 -> 137
     * 180000 -> index 2, rho = 48928: 200 + rsh(4892800, 16) = 200 + 74.66
     *   -> 275
     * 0 -> both under -> LO[0] + 0 = 0.
     * p = lut * xi: 41100, 0, -41100, 0 (lane 3: centre 0), 0...
     * Output offset 0xFFFFFFF0 = -16 (32-bit), shift 1:
     * (41100 + 16) / 2 = 20558; 16 / 2 = 8; (-41100 + 16) / 2 = -20542; 8... */
    struct golden_cdp_cfg c;
    golden_cdp_cfg_default(&c);
    c.int16 = 1;
    c.datin_offset = 0x0100;
    c.datout_offset = 0xFFFFFFF0u;
    c.datout_shifter = 1;
    c.lut.le_start = INT64_C(1) << 36;
    c.lut.lo_index_select = 0x10;
    for (int i = 0; i <= 256; i++)
        c.lut.lo[i] = (int16_t)(100 * i);
    c.lut.uflow_lo = c.lut.oflow_lo = c.lut.hybrid_lo = 1;
    const int32_t v[3] = { 556, 256, -44 };
    struct golden_tensor in, o;
    make_column(&in, 3, v, 1);
    ck_assert_int_eq(golden_tensor_init(&o, 1, 1, 3), 0);
    struct golden_cdp_stats st;
    golden_cdp_run(&c, &in, &o, &st);
    const int32_t want[8] = { 20558, 8, -20542, 8, 8, 8, 8, 8 };
    for (int k = 0; k < 8; k++)
        ck_assert_int_eq(o.data[k], want[k]);
    ck_assert_uint_eq(st.lut_lo_hit, 4);
    ck_assert_uint_eq(st.lut_uflow, 4);
    ck_assert_uint_eq(st.out_saturation, 0);

    /* without the shift the first lane saturates at 16 bits: 41116 -> 32767 */
    c.datout_shifter = 0;
    golden_cdp_run(&c, &in, &o, &st);
    ck_assert_int_eq(o.data[0], 32767);
    ck_assert_int_eq(o.data[2], -32768);   /* -41084 */
    ck_assert_int_eq(o.data[1], 16);
    ck_assert_uint_eq(st.out_saturation, 2);
    golden_tensor_free(&in);
    golden_tensor_free(&o);
}
END_TEST

START_TEST(test_cfg_default)
{
    struct golden_cdp_cfg c;
    memset(&c, 0x5A, sizeof c);
    golden_cdp_cfg_default(&c);
    ck_assert_uint_eq(c.normalz_len, 0);
    ck_assert_uint_eq(c.datin_offset, 0);
    ck_assert_int_eq(c.datin_scale, 1);
    ck_assert_uint_eq(c.datin_shifter, 0);
    ck_assert_uint_eq(c.datout_offset, 0);
    ck_assert_int_eq(c.datout_scale, 1);
    ck_assert_uint_eq(c.datout_shifter, 0);
    ck_assert_int_eq(c.sqsum_bypass, 0);
    ck_assert_int_eq(c.mul_bypass, 0);
    ck_assert_int_eq(c.int16, 0);
    ck_assert_int_eq(c.lut.le_linear, 0);
    ck_assert_int_eq(c.lut.le[64], 0);
    ck_assert_int_eq(c.lut.lo[256], 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("golden_cdp");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_window_len3);
    tcase_add_test(tc, test_window_len5);
    tcase_add_test(tc, test_window_len7);
    tcase_add_test(tc, test_window_len9);
    tcase_add_test(tc, test_window_pad_offset);
    tcase_add_test(tc, test_window_positions);
    tcase_add_test(tc, test_mul);
    tcase_add_test(tc, test_sqsum_bypass);
    tcase_add_test(tc, test_lane);
    tcase_add_test(tc, test_window_across_wide_surfaces);
    tcase_add_test(tc, test_in_cvt);
    tcase_add_test(tc, test_in_cvt_int16);
    tcase_add_test(tc, test_out_cvt);
    tcase_add_test(tc, test_out_cvt_int16);
    tcase_add_test(tc, test_index_select);
    tcase_add_test(tc, test_lut_le_exponent_hit);
    tcase_add_test(tc, test_lut_le_linear_hit);
    tcase_add_test(tc, test_lut_lo_linear_hit);
    tcase_add_test(tc, test_lut_negative_select);
    tcase_add_test(tc, test_lut_select_bit5);
    tcase_add_test(tc, test_lut_uflow_beta);
    tcase_add_test(tc, test_lut_flow_slopes);
    tcase_add_test(tc, test_lut_priorities);
    tcase_add_test(tc, test_worked_example);
    tcase_add_test(tc, test_run_stats);
    tcase_add_test(tc, test_run_int16);
    tcase_add_test(tc, test_cfg_default);
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
