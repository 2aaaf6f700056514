/* Unit tests for golden_pdp: padding-value sign extension (INT8 and INT16),
 * max/min ignoring padding, average with and without padding at every
 * edge, the 16-bit sum wrap and the 8-bit result wrap, strides, non-square
 * kernels, 1x1 identity, lanes past C, split width with 2 and 3 stripes,
 * and the program checks. Every expectation is worked out by hand from
 * the formulas (sum S, A = rsh(S * RKW, 16), B = rsh(A * RKH, 16),
 * result wrap_8(B)) in the comment next to it. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "golden_pdp.h"

#define R1   0x10000u   /* 1.0 */
#define R2   0x8000u    /* 1/2 */
#define R3   0x5555u    /* 1/3 = 21845 / 65536 */

static struct golden_pdp_cfg cfg_make(uint32_t w, uint32_t h, uint32_t c, unsigned kw,
                                      unsigned kh, unsigned sw, unsigned sh, uint32_t ow,
                                      uint32_t oh, enum golden_pool m)
{
    struct golden_pdp_cfg c0;
    memset(&c0, 0, sizeof c0);
    c0.in_w = w;
    c0.in_h = h;
    c0.in_c = c;
    c0.kernel_w = kw;
    c0.kernel_h = kh;
    c0.stride_w = sw;
    c0.stride_h = sh;
    c0.out_w = ow;
    c0.out_h = oh;
    c0.method = m;
    c0.recip_w = R1;
    c0.recip_h = R1;
    return c0;
}

/* Split the width into split_num + 1 stripes: input widths (first, mid,
 * last) and output widths (first, mid, last). */
static void split_set(struct golden_pdp_cfg *c, unsigned split_num, const uint32_t in[3], const uint32_t out[3])
{
    c->split_num = split_num;
    c->part_in_first = in[0];
    c->part_in_mid = in[1];
    c->part_in_last = in[2];
    c->part_out_first = out[0];
    c->part_out_mid = out[1];
    c->part_out_last = out[2];
}

/* Pad registers programmed as n * p, as the traces do. */
static void pads_times(struct golden_pdp_cfg *c, uint32_t p)
{
    for (unsigned n = 1; n <= 7; n++)
        c->pad_value[n] = n * p;
}

/* Fill lane `ch` of a w x h plane from a row-major array. */
static void fill_lane(struct golden_tensor *t, uint32_t ch, const int32_t *v)
{
    for (uint32_t y = 0; y < t->h; y++)
        for (uint32_t x = 0; x < t->w; x++)
            golden_tensor_set(t, x, y, ch, v[y * t->w + x]);
}

static void expect_lane(const struct golden_tensor *t, uint32_t ch, const int32_t *v)
{
    for (uint32_t y = 0; y < t->h; y++)
        for (uint32_t x = 0; x < t->w; x++)
            ck_assert_msg(golden_tensor_get(t, x, y, ch) == v[y * t->w + x],
                          "lane %u (%u, %u): got %d, expected %d", ch, x, y,
                          golden_tensor_get(t, x, y, ch), v[y * t->w + x]);
}

/* Allocate out for cfg, check the program and run it. */
static void run_ok(const struct golden_pdp_cfg *c, const struct golden_tensor *in,
                   struct golden_tensor *out)
{
    char why[200] = "";
    ck_assert_msg(golden_pdp_check(c, why, sizeof why) == 0, "check: %s", why);
    ck_assert_int_eq(golden_tensor_init(out, c->out_w, c->out_h, c->in_c), 0);
    ck_assert_int_eq(golden_pdp_run(c, in, out), 0);
}

static int32_t pad_of(uint32_t field, unsigned n, int int16)
{
    struct golden_pdp_cfg c;
    memset(&c, 0, sizeof c);
    c.int16 = int16;
    c.pad_value[n] = field;
    return golden_pdp_pad(&c, n);
}

/* The line buffer as PDP_CORE_cal2d sizes it: lines open per (kernel_h,
 * stride_h), 16 output pixels a bank, 8 banks shared by the lines. */
START_TEST(test_line_buffer_width)
{
    static const struct { unsigned k, s, lines, width; } cases[] = {
        { 1, 1, 1, 128 }, { 2, 1, 2, 64 }, { 3, 1, 3, 32 }, { 4, 1, 4, 32 }, { 5, 1, 5, 16 }, { 8, 1, 8, 16 },
        { 5, 2, 3, 32 }, { 8, 2, 4, 32 }, { 3, 2, 2, 64 }, { 6, 3, 2, 64 }, { 7, 3, 3, 32 }, { 8, 4, 2, 64 },
        { 8, 7, 2, 64 }, { 5, 5, 1, 128 }, { 2, 8, 1, 128 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct golden_pdp_cfg c;
        memset(&c, 0, sizeof c);
        c.kernel_h = cases[i].k;
        c.stride_h = cases[i].s;
        unsigned lines = 0;
        ck_assert_uint_eq(golden_pdp_line_buffer_width(&c, &lines), cases[i].width);
        ck_assert_uint_eq(lines, cases[i].lines);
    }
    /* split mode: the widest stripe counts */
    struct golden_pdp_cfg c;
    memset(&c, 0, sizeof c);
    c.out_w = 40;
    ck_assert_uint_eq(golden_pdp_widest_stripe(&c), 40);
    c.split_num = 2;
    c.part_out_first = 12;
    c.part_out_mid = 17;
    c.part_out_last = 11;
    ck_assert_uint_eq(golden_pdp_widest_stripe(&c), 17);
    c.split_num = 1;   /* two stripes: no middle one */
    ck_assert_uint_eq(golden_pdp_widest_stripe(&c), 12);
}
END_TEST

START_TEST(test_pad_int8)
{
    /* n = 0 is always 0, whatever [0] holds. */
    ck_assert_int_eq(pad_of(0x55, 0, 0), 0);
    /* n = 1, sign bit 7. 0x55 = 85. 0xAB: bit 7 set -> 0xAB - 0x100 = -85.
     * 0x3DAD3: bit 7 of 0xD3 set -> 0xD3 - 0x100 = -45. 0x12345: bit 7 of
     * 0x45 clear, upper bits kept -> low 16 bits 0x2345 = 9029. 0x7FF00:
     * bit 7 clear -> 0xFF00 as int16 = -256. 0x80055: bit 19 is outside the
     * 19-bit field -> 0x55 = 85. */
    ck_assert_int_eq(pad_of(0x55, 1, 0), 85);
    ck_assert_int_eq(pad_of(0xAB, 1, 0), -85);
    ck_assert_int_eq(pad_of(0x3DAD3, 1, 0), -45);
    ck_assert_int_eq(pad_of(0x12345, 1, 0), 9029);
    ck_assert_int_eq(pad_of(0x7FF00, 1, 0), -256);
    ck_assert_int_eq(pad_of(0x80055, 1, 0), 85);
    /* n = 2, bit 8: 0xAA = 170; 0x1AA -> 0x1AA - 0x200 = 426 - 512 = -86.
     * 0x80 = 128 stays positive (bit 7 is not the sign here). */
    ck_assert_int_eq(pad_of(0xAA, 2, 0), 170);
    ck_assert_int_eq(pad_of(0x1AA, 2, 0), -86);
    ck_assert_int_eq(pad_of(0x80, 2, 0), 128);
    /* n = 3, bit 9: 0xFF = 255; 0x2FF -> 767 - 1024 = -257; 0x1FF = 511. */
    ck_assert_int_eq(pad_of(0xFF, 3, 0), 255);
    ck_assert_int_eq(pad_of(0x2FF, 3, 0), -257);
    ck_assert_int_eq(pad_of(0x1FF, 3, 0), 511);
    /* n = 4, bit 9: 0x154 = 340; 0x354 -> 852 - 1024 = -172. */
    ck_assert_int_eq(pad_of(0x154, 4, 0), 340);
    ck_assert_int_eq(pad_of(0x354, 4, 0), -172);
    /* n = 5, bit 10: 0x1A9 = 425; 0x400 -> 1024 - 2048 = -1024; 0x3FF = 1023. */
    ck_assert_int_eq(pad_of(0x1A9, 5, 0), 425);
    ck_assert_int_eq(pad_of(0x400, 5, 0), -1024);
    ck_assert_int_eq(pad_of(0x3FF, 5, 0), 1023);
    /* n = 6, bit 10: 0x1FE = 510; all 19 bits set -> -1. */
    ck_assert_int_eq(pad_of(0x1FE, 6, 0), 510);
    ck_assert_int_eq(pad_of(0x7FFFF, 6, 0), -1);
    /* n = 7, bit 10: 0x253 = 595; 0x40000: bit 10 clear, low 16 bits 0 -> 0;
     * 0x7FBFF: bit 10 clear -> 0xFBFF as int16 = 64511 - 65536 = -1025. */
    ck_assert_int_eq(pad_of(0x253, 7, 0), 595);
    ck_assert_int_eq(pad_of(0x40000, 7, 0), 0);
    ck_assert_int_eq(pad_of(0x7FBFF, 7, 0), -1025);
}
END_TEST

START_TEST(test_pad_int16)
{
    /* Sign bits 15, 16, 17, 17, 18, 18, 18; the value is 32 bits wide, so
     * nothing is lost above the sign extension. */
    ck_assert_int_eq(pad_of(0x8000, 1, 1), -32768);     /* 32768 - 65536 */
    ck_assert_int_eq(pad_of(0x7FFF, 1, 1), 32767);
    ck_assert_int_eq(pad_of(0x18000, 1, 1), -32768);    /* bit 15 set: bit 16 overwritten */
    ck_assert_int_eq(pad_of(0x10000, 2, 1), -65536);    /* 65536 - 131072 */
    ck_assert_int_eq(pad_of(0xFFFF, 2, 1), 65535);
    ck_assert_int_eq(pad_of(0x20001, 3, 1), -131071);   /* 131073 - 262144 */
    ck_assert_int_eq(pad_of(0x1FFFF, 4, 1), 131071);
    ck_assert_int_eq(pad_of(0x40000, 5, 1), -262144);   /* 262144 - 524288 */
    ck_assert_int_eq(pad_of(0x3FFFF, 6, 1), 262143);
    ck_assert_int_eq(pad_of(0x7FFFF, 7, 1), -1);
    /* The INT8 reading of 0x80 for n = 1 would be -128. */
    ck_assert_int_eq(pad_of(0x80, 1, 1), 128);
}
END_TEST

START_TEST(test_max_min_no_padding)
{
    /* 3 x 3 x 2 input, 3 x 3 kernel, one window. Lane 0 holds both int8
     * extremes, lane 1 the values 1..9; lanes 2..7 are 0. */
    const int32_t l0[9] = { 5, -3, 7, -128, 127, 0, 2, 9, -1 };
    const int32_t l1[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 3, 3, 2), 0);
    fill_lane(&in, 0, l0);
    fill_lane(&in, 1, l1);
    struct golden_pdp_cfg c = cfg_make(3, 3, 2, 3, 3, 1, 1, 1, 1, GOLDEN_POOL_MAX);
    run_ok(&c, &in, &out);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), 127);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 1), 9);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 5), 0);
    golden_tensor_free(&out);
    c.method = GOLDEN_POOL_MIN;
    run_ok(&c, &in, &out);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), -128);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 1), 1);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

START_TEST(test_max_min_ignore_padding)
{
    struct golden_tensor in, out;
    /* Max, 2 x 2 kernel, stride 1, pads left = top = 1 on a 3 x 3 plane:
     * OW = (1 + 3 + 0 - 2) / 1 + 1 = 3, OH = 3. Window (ox, oy) covers
     * columns ox-1..ox and rows oy-1..oy. All inputs negative, pad
     * registers large positive: a participating pad would give >= 0.
     *   -9 -2 -7      (0,0): {-9} = -9         (1,0): {-9,-2} = -2
     *   -4 -8 -1      (2,0): {-2,-7} = -2      (0,1): {-9,-4} = -4
     *   -6 -3 -5      (1,1): {-9,-2,-4,-8} = -2  (2,1): {-2,-7,-8,-1} = -1
     *                 (0,2): {-4,-6} = -4      (1,2): {-4,-8,-6,-3} = -3
     *                 (2,2): {-8,-1,-3,-5} = -1 */
    const int32_t a[9] = { -9, -2, -7, -4, -8, -1, -6, -3, -5 };
    const int32_t amax[9] = { -9, -2, -2, -4, -2, -1, -4, -3, -1 };
    ck_assert_int_eq(golden_tensor_init(&in, 3, 3, 8), 0);
    fill_lane(&in, 6, a);
    struct golden_pdp_cfg c = cfg_make(3, 3, 8, 2, 2, 1, 1, 3, 3, GOLDEN_POOL_MAX);
    c.pad_left = 1;
    c.pad_top = 1;
    pads_times(&c, 100);
    run_ok(&c, &in, &out);
    expect_lane(&out, 6, amax);
    golden_tensor_free(&out);

    /* Min, pads right = bottom = 1, pad registers all -1 (every sign bit
     * set); positive inputs. Window (ox, oy) covers columns ox..ox+1,
     * rows oy..oy+1, clipped at 3.
     *    9 2 7        (0,0): {9,2,4,8} = 2   (1,0): {2,7,8,1} = 1
     *    4 8 1        (2,0): {7,1} = 1       (0,1): {4,8,6,3} = 3
     *    6 3 5        (1,1): {8,1,3,5} = 1   (2,1): {1,5} = 1
     *                 (0,2): {6,3} = 3       (1,2): {3,5} = 3   (2,2): {5} = 5 */
    const int32_t b[9] = { 9, 2, 7, 4, 8, 1, 6, 3, 5 };
    const int32_t bmin[9] = { 2, 1, 1, 3, 1, 1, 3, 3, 5 };
    fill_lane(&in, 6, b);
    c = cfg_make(3, 3, 8, 2, 2, 1, 1, 3, 3, GOLDEN_POOL_MIN);
    c.pad_right = 1;
    c.pad_bottom = 1;
    for (unsigned n = 1; n <= 7; n++)
        c.pad_value[n] = 0x7FFFF;
    run_ok(&c, &in, &out);
    expect_lane(&out, 6, bmin);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

START_TEST(test_average_no_padding)
{
    struct golden_tensor in, out;
    /* 2 x 2 kernel, RKW = RKH = 0x8000 (1/2).
     * Lane 0: 10 + 20 + 30 + 41 = 101; A = rsh(101 * 32768, 16) = rsh(50.5)
     * = 51 (half away from zero); B = rsh(51 * 32768, 16) = 25.5 -> 26.
     * (One rounding of 101 / 4 = 25.25 would give 25.)
     * Lane 1: the negatives: -101 -> A = -51 -> B = -26. */
    const int32_t p[4] = { 10, 20, 30, 41 }, q[4] = { -10, -20, -30, -41 };
    ck_assert_int_eq(golden_tensor_init(&in, 2, 2, 2), 0);
    fill_lane(&in, 0, p);
    fill_lane(&in, 1, q);
    struct golden_pdp_cfg c = cfg_make(2, 2, 2, 2, 2, 1, 1, 1, 1, GOLDEN_POOL_AVERAGE);
    c.recip_w = c.recip_h = R2;
    pads_times(&c, 85);     /* no window is padded: must not matter */
    run_ok(&c, &in, &out);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), 26);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 1), -26);
    golden_tensor_free(&out);
    golden_tensor_free(&in);

    /* The -117 case of the worked example: 3 x 3, RKW = RKH = 0x5555.
     * -50 + 10 - 7 - 20 - 30 + 0 + 5 - 15 - 10 = -117;
     * A = rsh(-117 * 21845 = -2555865, 16) = -38.9994 -> -39;
     * B = rsh(-39 * 21845 = -851955, 16) = -12.9998 -> -13. */
    const int32_t r[9] = { -50, 10, -7, -20, -30, 0, 5, -15, -10 };
    ck_assert_int_eq(golden_tensor_init(&in, 3, 3, 19), 0);
    fill_lane(&in, 18, r);
    c = cfg_make(3, 3, 19, 3, 3, 1, 1, 1, 1, GOLDEN_POOL_AVERAGE);
    c.recip_w = c.recip_h = R3;
    run_ok(&c, &in, &out);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 18), -13);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 17), 0);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

START_TEST(test_average_padding_corner)
{
    /* Worked example 10.1, window (0, 0): input 2 x 1, pads left 1, top 2,
     * 3 x 3 kernel, stride 2: OW = (1 + 2 - 3) / 2 + 1 = 1,
     * OH = (2 + 1 - 3) / 2 + 1 = 1. Columns -1..1 -> nh = 1; rows -2..0 ->
     * one in-bound row, nv = 2. P[n] = 85 n.
     * Lane 0: -71 - 26 = -97; S = -97 + 1 * P[1] + 3 * P[2] = -97 + 85 + 510
     * = 498; A = rsh(498 * 21845 = 10878810, 16) = 165.997 -> 166;
     * B = rsh(166 * 21845 = 3626270, 16) = 55.33 -> 55.
     * Lane 3 (zeros): S = 85 + 510 = 595; A = rsh(12997775, 16) = 198.33 ->
     * 198; B = rsh(198 * 21845 = 4325310, 16) = 65.999 -> 66. */
    struct golden_tensor in, out;
    const int32_t v[2] = { -71, -26 };
    ck_assert_int_eq(golden_tensor_init(&in, 2, 1, 19), 0);
    fill_lane(&in, 0, v);
    struct golden_pdp_cfg c = cfg_make(2, 1, 19, 3, 3, 2, 2, 1, 1, GOLDEN_POOL_AVERAGE);
    c.pad_left = 1;
    c.pad_top = 2;
    c.recip_w = c.recip_h = R3;
    pads_times(&c, 85);
    run_ok(&c, &in, &out);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), 55);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 3), 66);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

/* One 3 x 3 average window over a w x h plane of constant `val` (lane 2)
 * with one pad side (0 left, 1 right, 2 top, 3 bottom) set to 1;
 * P[n] = 85 n, reciprocals 1/3. */
static int32_t avg_edge(uint32_t w, uint32_t h, int32_t val, int side)
{
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, w, h, 8), 0);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            golden_tensor_set(&in, x, y, 2, val);
    struct golden_pdp_cfg c = cfg_make(w, h, 8, 3, 3, 1, 1, 1, 1, GOLDEN_POOL_AVERAGE);
    c.recip_w = c.recip_h = R3;
    pads_times(&c, 85);
    unsigned *sides[4] = { &c.pad_left, &c.pad_right, &c.pad_top, &c.pad_bottom };
    *sides[side] = 1;
    run_ok(&c, &in, &out);
    int32_t r = golden_tensor_get(&out, 0, 0, 2);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
    return r;
}

START_TEST(test_average_padding_each_edge)
{
    /* Left (2 x 3 input, pl = 1): every row has 1 padded column, nh = 1,
     * nv = 0. Values 10: S = 60 + 3 * P[1] + 3 * P[0] = 60 + 255 = 315;
     * A = rsh(315 * 21845 = 6881175, 16) = 104.998 -> 105;
     * B = rsh(105 * 21845 = 2293725, 16) = 34.9998 -> 35. */
    ck_assert_int_eq(avg_edge(2, 3, 10, 0), 35);
    /* Right (pr = 1), values 20: S = 120 + 255 = 375;
     * A = rsh(8191875, 16) = 124.998 -> 125; B = rsh(2730625, 16) = 41.67 -> 42. */
    ck_assert_int_eq(avg_edge(2, 3, 20, 1), 42);
    /* Top (3 x 2 input, pt = 1): nh = 0, nv = 1, two in-bound rows.
     * Values -30: S = -180 + 2 * P[0] + 3 * P[1] = -180 + 255 = 75;
     * A = rsh(75 * 21845 = 1638375, 16) = 24.9996 -> 25;
     * B = rsh(25 * 21845 = 546125, 16) = 8.33 -> 8. */
    ck_assert_int_eq(avg_edge(3, 2, -30, 2), 8);
    /* Bottom (pb = 1), values -50: S = -300 + 255 = -45;
     * A = rsh(-983025, 16) = -14.9998 -> -15; B = rsh(-327675, 16) =
     * -4.9999 -> -5. */
    ck_assert_int_eq(avg_edge(3, 2, -50, 3), -5);
}
END_TEST

START_TEST(test_average_sum_wraps_16)
{
    /* 1 x 2 input, 2 x 2 kernel, pl = 1: OW = (1 + 1 - 2) + 1 = 1, OH = 1;
     * nh = 1 in both rows, nv = 0. PAD_VALUE_1 = 0x7F7F: bit 7 clear, so
     * P[1] = 0x7F7F = 32639. Values 100, 100:
     * S = 200 + 2 * 32639 = 65478 -> wrap_16 = 65478 - 65536 = -58;
     * RKW = RKH = 1/2: A = rsh(-58 * 32768, 16) = -29;
     * B = rsh(-29 * 32768, 16) = -14.5 -> -15.
     * (Without the wrap: 65478 -> 32739 -> 16369.5 -> 16370 -> wrap_8 = -14.) */
    struct golden_tensor in, out;
    const int32_t v[2] = { 100, 100 };
    ck_assert_int_eq(golden_tensor_init(&in, 1, 2, 1), 0);
    fill_lane(&in, 0, v);
    struct golden_pdp_cfg c = cfg_make(1, 2, 1, 2, 2, 1, 1, 1, 1, GOLDEN_POOL_AVERAGE);
    c.pad_left = 1;
    c.pad_value[1] = 0x7F7F;
    c.recip_w = c.recip_h = R2;
    run_ok(&c, &in, &out);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), -15);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

START_TEST(test_average_result_wraps_8)
{
    /* 1 x 1 input, 2 x 1 kernel, pl = 1: nh = 1. PAD_VALUE_1 = 0x150 (bit 7
     * clear) -> P[1] = 336. RKW = RKH = 1.0: the products are S << 16 with
     * no fraction. Stage 1 keeps S (10 bits for S >= 0: 380, 236, 436 all
     * < 1024); stage 2 keeps only bits [22:16] of a positive product:
     * lane 0: 44 + 336 = 380 -> 380 mod 128 = 124 (saturation: 127);
     * lane 1: -100 + 336 = 236 -> 236 - 128 = 108 (wrap_8 would give -20);
     * lane 2: 100 + 336 = 436 -> 436 - 3 * 128 = 52 (wrap_8: -76). */
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 1, 1, 3), 0);
    golden_tensor_set(&in, 0, 0, 0, 44);
    golden_tensor_set(&in, 0, 0, 1, -100);
    golden_tensor_set(&in, 0, 0, 2, 100);
    struct golden_pdp_cfg c = cfg_make(1, 1, 3, 2, 1, 1, 1, 1, 1, GOLDEN_POOL_AVERAGE);
    c.pad_left = 1;
    c.pad_value[1] = 0x150;
    run_ok(&c, &in, &out);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), 124);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 1), 108);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 2), 52);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

START_TEST(test_recip_precision)
{
    /* Off-nominal reciprocals (nv_small PDP_CORE_cal2d): stage 1 keeps
     * bits [25:16] of a positive S * RKW (bits [26:16] of a negative one),
     * stage 2 bits [22:16] of a positive A * RKH ([23:16] of a negative one),
     * each plus the rounding bit 15 (a negative one rounds up only above
     * one half). 5 x 1 input, 5 x 1 kernel, one window, RKW = 0x1FFFF =
     * 131071 = 2 * 65536 - 1.
     * lane 0: 5 * 120 = 600; 600 * 131071 = 78642600 = 1199 * 65536 + 64936:
     *   bits [25:16] = 1199 mod 1024 = 175, bit 15 set (64936 >= 32768) ->
     *   A = 176; RKH = 1.0: bits [22:16] of 176 << 16 = 176 - 128 = 48.
     *   (Unlimited: A = 1200, wrap_8 = 1200 - 1280 = -80.)
     * lane 1: 5 * -100 = -500; -500 * 131071 = -65535500 = -1000 * 65536
     *   + 500: negative, fraction 500 <= 32768 -> floor = -1000 in 11 bits
     *   = -1000; stage 2: -1000 << 16, bits [23:16] = -1000 mod 256 = 24
     *   (same as wrap_8: negatives keep the extra bit).
     * lane 2 (RKH = 1/3 check below uses lane 0 only). */
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 5, 1, 2), 0);
    for (uint32_t x = 0; x < 5; x++) {
        golden_tensor_set(&in, x, 0, 0, 120);
        golden_tensor_set(&in, x, 0, 1, -100);
    }
    struct golden_pdp_cfg c = cfg_make(5, 1, 2, 5, 1, 1, 1, 1, 1, GOLDEN_POOL_AVERAGE);
    c.recip_w = 0x1FFFF;
    run_ok(&c, &in, &out);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), 48);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 1), 24);
    golden_tensor_free(&out);
    /* RKH = 0x5555 (1/3): lane 0 A = 176 (as above); 176 * 21845 = 3844720
     * = 58 * 65536 + 43632 -> 58 + 1 (bit 15 set) = 59.
     * lane 1: A = -1000; -1000 * 21845 = -21845000 = -334 * 65536 + 44024:
     * fraction 44024 > 32768 -> -334 + 1 = -333; bits [23:16]: -333 + 512 =
     * 179 -> as int8 179 - 256 = -77. */
    c.recip_h = 0x5555;
    run_ok(&c, &in, &out);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), 59);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 1), -77);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

START_TEST(test_recip_negative_rounding)
{
    /* 1 x 1 input -3, 1 x 1 kernel, RKW = RKH = 1/2.
     * -3 * 32768 = -98304 = -2 * 65536 + 32768: negative, fraction exactly
     * one half -> floor: A = -2 (-1.5 rounds away from zero);
     * -2 * 32768 = -65536 = -1 * 65536 + 0 -> B = -1. */
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 1, 1, 1), 0);
    golden_tensor_set(&in, 0, 0, 0, -3);
    struct golden_pdp_cfg c = cfg_make(1, 1, 1, 1, 1, 1, 1, 1, 1, GOLDEN_POOL_AVERAGE);
    c.recip_w = c.recip_h = R2;
    run_ok(&c, &in, &out);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), -1);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

/* hw_check must refuse c and name `what` in its reason. */
static void expect_hw_refuses(const struct golden_pdp_cfg *c, const char *what)
{
    char why[300] = "";
    ck_assert_int_eq(golden_pdp_check(c, why, sizeof why), 0);
    ck_assert_int_eq(golden_pdp_hw_check(c, why, sizeof why), -1);
    ck_assert_msg(strstr(why, what) != NULL, "reason: %s", why);
}

START_TEST(test_hw_extra_bottom_padding)
{
    /* 1 x 4 input, 16 channels (2 surfaces), max, kernel 1 x 3, stride 1 x 2,
     * pb = 2: OH = (4 + 2 - 3) / 2 + 1 = 2, windows rows [0,3) and [2,5).
     * The last needs pb = 1; cal2d emits the one window open at row 3 plus
     * floor(2 / 2) = 1 more line, read from the next of its ceil(3 / 2) = 2
     * units round robin: unit 0, which still holds window 0. Each surface
     * emits w0, w1, w0.
     * lane 0 (surface 0) rows 1, 2, 3, 4: w0 = 3, w1 = 4.
     * lane 8 (surface 1) rows 10, 20, 30, 40: w0 = 30, w1 = 40.
     * Stream 3, 4, 3 | 30, 40, 30 laid out two lines a surface:
     * surface 0 = 3, 4; surface 1 = 3, 30 (the rest is dropped). */
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 1, 4, 16), 0);
    const int32_t s0[4] = { 1, 2, 3, 4 }, s1[4] = { 10, 20, 30, 40 };
    fill_lane(&in, 0, s0);
    fill_lane(&in, 8, s1);
    struct golden_pdp_cfg c = cfg_make(1, 4, 16, 1, 3, 1, 2, 1, 2, GOLDEN_POOL_MAX);
    c.pad_bottom = 2;
    run_ok(&c, &in, &out);
    const int32_t o0[2] = { 3, 4 }, o1[2] = { 3, 30 };
    expect_lane(&out, 0, o0);
    expect_lane(&out, 8, o1);
    expect_hw_refuses(&c, "surface end");
    golden_tensor_free(&out);
    /* pb = 1, as the last window needs: OH = (4 + 1 - 3) / 2 + 1 = 2, one
     * window open, floor(1 / 2) = 0 flushed -> plain output (surface 1 =
     * 30, 40) and no objection. */
    c.pad_bottom = 1;
    run_ok(&c, &in, &out);
    const int32_t p1[2] = { 30, 40 };
    expect_lane(&out, 8, p1);
    ck_assert_int_eq(golden_pdp_hw_check(&c, NULL, 0), 0);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

START_TEST(test_hw_top_pad_opens_extra_window)
{
    /* 1 x 5 input, 16 channels, max, kernel 1 x 6, stride 1 x 4, pt = 4:
     * OH = (4 + 5 - 6) / 4 + 1 = 1, window 0 = rows [-4, 2). cal2d opens
     * floor(4 / 4) + 1 = 2 units at the top, so also rows [0, 6): window 0
     * closes at row 1, window 1 is open at row 4 and emitted there (pb = 0,
     * nothing flushed). Each surface emits w0, w1.
     * lane 0 rows 1..5: w0 = max(1, 2) = 2, w1 = 5;
     * lane 8 rows 10..50: w0 = 20, w1 = 50.
     * Stream 2, 5 | 20, 50 one line a surface: surface 0 = 2, surface 1 = 5. */
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 1, 5, 16), 0);
    const int32_t s0[5] = { 1, 2, 3, 4, 5 }, s1[5] = { 10, 20, 30, 40, 50 };
    fill_lane(&in, 0, s0);
    fill_lane(&in, 8, s1);
    struct golden_pdp_cfg c = cfg_make(1, 5, 16, 1, 6, 1, 4, 1, 1, GOLDEN_POOL_MAX);
    c.pad_top = 4;
    run_ok(&c, &in, &out);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), 2);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 8), 5);
    expect_hw_refuses(&c, "surface end");
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

START_TEST(test_hw_trailing_rows_and_columns)
{
    /* 5 x 5 input, max, kernel 2 x 2, stride 2 x 2, no padding: OW = OH =
     * (5 - 2) / 2 + 1 = 2, windows [0,2) and [2,4); column 4 and row 4 are
     * read but in no window. Nothing is open at the last column / row and
     * pad 0 flushes nothing: the hardware pools normally.
     * lane 0 = 5y + x: window (ox, oy) max = 5 (2oy + 1) + 2ox + 1:
     * (0,0) 6, (1,0) 8, (0,1) 16, (1,1) 18. */
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 5, 5, 1), 0);
    int32_t v[25];
    for (int i = 0; i < 25; i++)
        v[i] = i;
    fill_lane(&in, 0, v);
    struct golden_pdp_cfg c = cfg_make(5, 5, 1, 2, 2, 2, 2, 2, 2, GOLDEN_POOL_MAX);
    run_ok(&c, &in, &out);
    const int32_t o[4] = { 6, 8, 16, 18 };
    expect_lane(&out, 0, o);
    ck_assert_int_eq(golden_pdp_hw_check(&c, NULL, 0), 0);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
    /* 1 x 1 input, kernel 1 x 3, stride 1 x 2, pt = 2: OH = 1, rows [-2, 1).
     * The top opens floor(2 / 2) + 1 = 2 units, rows [-2, 1) and [0, 3),
     * both open at row 0; pb = 0 emits one line, the first: plain. */
    c = cfg_make(1, 1, 1, 1, 3, 1, 2, 1, 1, GOLDEN_POOL_MAX);
    c.pad_top = 2;
    ck_assert_int_eq(golden_pdp_hw_check(&c, NULL, 0), 0);
}
END_TEST

START_TEST(test_trailing_input)
{
    uint32_t cols, rows;
    /* pdp_1_135: 9 x 14, kernel 4 x 5, stride 8 x 2, pt 1, pb 3 -> 1 x 7.
     * Columns: the one window is [0, 4): columns 4..8 follow it, 5. Rows:
     * the last window starts at 6 * 2 - 1 = 11 and ends at 16 > 14: 0. */
    struct golden_pdp_cfg c = cfg_make(9, 14, 13, 4, 5, 8, 2, 1, 7, GOLDEN_POOL_MAX);
    c.pad_top = 1;
    c.pad_bottom = 3;
    golden_pdp_trailing(&c, &cols, &rows);
    ck_assert_uint_eq(cols, 5);
    ck_assert_uint_eq(rows, 0);
    /* 5 x 5, kernel 2, stride 2 -> 2 x 2: windows [0, 2), [2, 4) both ways,
     * column 4 and row 4 are read after them. */
    c = cfg_make(5, 5, 1, 2, 2, 2, 2, 2, 2, GOLDEN_POOL_MAX);
    golden_pdp_trailing(&c, &cols, &rows);
    ck_assert_uint_eq(cols, 1);
    ck_assert_uint_eq(rows, 1);
    /* pad_right / pad_bottom 1 make a third window [4, 6): nothing follows */
    c = cfg_make(5, 5, 1, 2, 2, 2, 2, 3, 3, GOLDEN_POOL_MAX);
    c.pad_right = c.pad_bottom = 1;
    golden_pdp_trailing(&c, &cols, &rows);
    ck_assert_uint_eq(cols + rows, 0);
    /* split: W = 7 in stripes 3 + 4, kernel 3, stride 2 (ov 1): the last
     * stripe is columns [2, 7), 5 wide, 1 output window [0, 3) local:
     * 2 columns follow it (the unsplit program would say 0: windows [0,3),
     * [2,5), [4,7)). */
    c = cfg_make(7, 1, 1, 3, 1, 2, 1, 2, 1, GOLDEN_POOL_MAX);
    split_set(&c, 1, (const uint32_t[3]){ 3, 1, 4 }, (const uint32_t[3]){ 1, 1, 1 });
    golden_pdp_trailing(&c, &cols, &rows);
    ck_assert_uint_eq(cols, 2);
    ck_assert_uint_eq(rows, 0);
}
END_TEST

START_TEST(test_hw_extra_right_padding)
{
    /* 4 x 1 input, kernel 3 x 1, stride 2 x 1, pr = 2: OW = (4 + 2 - 3) / 2
     * + 1 = 2, windows [0,3) and [2,5), the last needs pr = 1. cal1d emits
     * one result for the window open at column 3 plus floor(2 / 2) = 1:
     * one too many per line. */
    struct golden_pdp_cfg c = cfg_make(4, 1, 1, 3, 1, 2, 1, 2, 1, GOLDEN_POOL_MAX);
    c.pad_right = 2;
    expect_hw_refuses(&c, "line end");
    c.pad_right = 1;    /* OW = (4 + 1 - 3) / 2 + 1 = 2; 1 open, 0 flushed: fine */
    ck_assert_int_eq(golden_pdp_hw_check(&c, NULL, 0), 0);
    /* Narrow plane (W + pl < kw, W <= 8): 2 x 1, kernel 4, stride 1, pl = 1,
     * pr = 2: OW = (1 + 2 + 2 - 4) + 1 = 2, both windows hold column 1.
     * The small-width rule flushes k only if W + pl + pr - kw = 1 = k * 1:
     * k = 1, so 1 + 1 = 2 results for 2 open windows: fine. */
    c = cfg_make(2, 1, 1, 4, 1, 1, 1, 2, 1, GOLDEN_POOL_MAX);
    c.pad_left = 1;
    c.pad_right = 2;
    ck_assert_int_eq(golden_pdp_hw_check(&c, NULL, 0), 0);
}
END_TEST

START_TEST(test_hw_hang)
{
    /* The geometry of observed layer pdp_2_179, which hangs the hardware:
     * 4 x 6 x 59, max, kernel 4 x 1, stride 2 x 1, pl = 3, pr = 2: OW =
     * (3 + 4 + 2 - 4) / 2 + 1 = 3, windows [-3,1), [-1,3), [1,5); the last
     * needs pr = 1, so one window is open at column 3 but cal1d emits
     * 1 + floor(2 / 2) = 2 results: refused. */
    struct golden_pdp_cfg c = cfg_make(4, 6, 59, 4, 1, 2, 1, 3, 6, GOLDEN_POOL_MAX);
    c.pad_left = 3;
    c.pad_right = 2;
    expect_hw_refuses(&c, "line end");
    /* A program the reference model refuses is refused here too. */
    c.out_w = 2;
    ck_assert_int_eq(golden_pdp_hw_check(&c, NULL, 0), -1);
}
END_TEST

START_TEST(test_strides)
{
    /* 5 x 5, value 10 y + x, 2 x 2 kernel, stride 3 across, 2 down:
     * OW = (5 - 2) / 3 + 1 = 2, OH = (5 - 2) / 2 + 1 = 2. Window (ox, oy)
     * starts at (3 ox, 2 oy): max = 10 (2 oy + 1) + 3 ox + 1 -> 11 14 / 31 34,
     * min = 10 * 2 oy + 3 ox -> 0 3 / 20 23. */
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 5, 5, 8), 0);
    for (uint32_t y = 0; y < 5; y++)
        for (uint32_t x = 0; x < 5; x++)
            golden_tensor_set(&in, x, y, 1, (int32_t)(10 * y + x));
    struct golden_pdp_cfg c = cfg_make(5, 5, 8, 2, 2, 3, 2, 2, 2, GOLDEN_POOL_MAX);
    run_ok(&c, &in, &out);
    const int32_t emax[4] = { 11, 14, 31, 34 }, emin[4] = { 0, 3, 20, 23 };
    expect_lane(&out, 1, emax);
    golden_tensor_free(&out);
    c.method = GOLDEN_POOL_MIN;
    run_ok(&c, &in, &out);
    expect_lane(&out, 1, emin);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

START_TEST(test_non_square_kernels)
{
    struct golden_tensor in, out;
    /* 3 x 1 kernel on 3 x 2, RKW = 1/3, RKH = 1.0 -> OW 1, OH 2.
     * Row 0: 1 + 2 + 4 = 7: A = rsh(152915, 16) = 2.33 -> 2, B = 2.
     * Row 1: 10 + 20 + 35 = 65: A = rsh(1419925, 16) = 21.67 -> 22, B = 22. */
    const int32_t a[6] = { 1, 2, 4, 10, 20, 35 }, ea[2] = { 2, 22 };
    ck_assert_int_eq(golden_tensor_init(&in, 3, 2, 8), 0);
    fill_lane(&in, 4, a);
    struct golden_pdp_cfg c = cfg_make(3, 2, 8, 3, 1, 1, 1, 1, 2, GOLDEN_POOL_AVERAGE);
    c.recip_w = R3;
    run_ok(&c, &in, &out);
    expect_lane(&out, 4, ea);
    golden_tensor_free(&out);
    golden_tensor_free(&in);

    /* 2 x 3 kernel on 2 x 3, RKW = 1/2, RKH = 1/3: 1 + ... + 6 = 21;
     * A = rsh(21 * 32768, 16) = 10.5 -> 11; B = rsh(11 * 21845 = 240295, 16)
     * = 3.67 -> 4. */
    const int32_t b[6] = { 1, 2, 3, 4, 5, 6 };
    ck_assert_int_eq(golden_tensor_init(&in, 2, 3, 8), 0);
    fill_lane(&in, 0, b);
    c = cfg_make(2, 3, 8, 2, 3, 1, 1, 1, 1, GOLDEN_POOL_AVERAGE);
    c.recip_w = R2;
    c.recip_h = R3;
    run_ok(&c, &in, &out);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), 4);
    golden_tensor_free(&out);
    golden_tensor_free(&in);

    /* 1 x 4 max kernel on 2 x 4: column 0 {3, -1, 8, 2} -> 8,
     * column 1 {-5, -9, -2, -7} -> -2. OW = 2, OH = 1. */
    const int32_t d[8] = { 3, -5, -1, -9, 8, -2, 2, -7 }, ed[2] = { 8, -2 };
    ck_assert_int_eq(golden_tensor_init(&in, 2, 4, 8), 0);
    fill_lane(&in, 7, d);
    c = cfg_make(2, 4, 8, 1, 4, 1, 1, 2, 1, GOLDEN_POOL_MAX);
    run_ok(&c, &in, &out);
    expect_lane(&out, 7, ed);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

START_TEST(test_identity_1x1)
{
    /* A 1 x 1 window holds one element: max = min = x, and the average is
     * rsh(x * 65536, 16) = x with both reciprocals 1.0. 12 channels = 2
     * surfaces; all 16 lanes come through. */
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 3, 2, 12), 0);
    for (size_t i = 0; i < golden_tensor_count(&in); i++)
        in.data[i] = (int32_t)(i * 37 % 256) - 128;
    const enum golden_pool m[3] = { GOLDEN_POOL_AVERAGE, GOLDEN_POOL_MAX, GOLDEN_POOL_MIN };
    for (int k = 0; k < 3; k++) {
        struct golden_pdp_cfg c = cfg_make(3, 2, 12, 1, 1, 1, 1, 3, 2, m[k]);
        pads_times(&c, 85);
        run_ok(&c, &in, &out);
        ck_assert_uint_eq(golden_tensor_count(&out), 96);
        ck_assert_mem_eq(out.data, in.data, 96 * sizeof(int32_t));
        golden_tensor_free(&out);
    }
    golden_tensor_free(&in);
}
END_TEST

START_TEST(test_lanes_beyond_c)
{
    /* C = 3, but lanes 3..7 of the surface are pooled too. 2 x 1 kernel on
     * 2 x 1. Lane 7: {5, -9}: max 5, min -9, average (RKW 1/2):
     * A = rsh(-4 * 32768, 16) = -2, B = -2. Lane 4: {7, 8}: max 8, min 7,
     * average A = rsh(15 * 32768, 16) = 7.5 -> 8. */
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 2, 1, 3), 0);
    golden_tensor_set(&in, 0, 0, 7, 5);
    golden_tensor_set(&in, 1, 0, 7, -9);
    golden_tensor_set(&in, 0, 0, 4, 7);
    golden_tensor_set(&in, 1, 0, 4, 8);
    const enum golden_pool m[3] = { GOLDEN_POOL_MAX, GOLDEN_POOL_MIN, GOLDEN_POOL_AVERAGE };
    const int32_t e7[3] = { 5, -9, -2 }, e4[3] = { 8, 7, 8 };
    for (int k = 0; k < 3; k++) {
        struct golden_pdp_cfg c = cfg_make(2, 1, 3, 2, 1, 1, 1, 1, 1, m[k]);
        c.recip_w = R2;
        run_ok(&c, &in, &out);
        ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 7), e7[k]);
        ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 4), e4[k]);
        golden_tensor_free(&out);
    }
    golden_tensor_free(&in);
}
END_TEST

START_TEST(test_split_two_stripes)
{
    /* W = 6, 3 x 1 kernel, stride 2, pl = pr = 1, average, RKW = 1/3,
     * RKH = 1.0, P[1] = 30 (PAD_VALUE_1 = 0x1E). ov = 3 - 2 = 1.
     * Stripe 0: columns [0, 3), pads (1, 0): (1 + 3 - 3) / 2 + 1 = 1 window,
     *   [-1, 2). Stripe 1 (last): starts 3 - 1 = 2, width 3 + 1 = 4,
     *   columns [2, 6), pads (0, 1): (4 + 1 - 3) / 2 + 1 = 2 windows, local
     *   [0, 3) = [2, 5) and [2, 5) local = [4, 7) with one pad. OW = 1 + 2.
     * Lane 0 = 10 20 30 40 50 60:
     *   out 0: 10 + 20 + 30 (pad) = 60 -> A = rsh(1310700, 16) = 19.9997 -> 20
     *   out 1: 30 + 40 + 50 = 120 -> A = rsh(2621400, 16) = 39.9994 -> 40
     *   out 2: 50 + 60 + 30 = 140 -> A = rsh(3058300, 16) = 46.67 -> 47
     * Lane 1 = the negatives: -30 + 30 = 0 -> 0; -120 -> -40;
     *   -110 + 30 = -80 -> A = rsh(-1747600, 16) = -26.67 -> -27.
     * The same program unsplit has windows [-1,2), [1,4), [3,6):
     *   60 -> 20, 90 -> rsh(1966050, 16) = 29.9996 -> 30, 150 -> rsh(3276750, 16)
     *   = 49.9992 -> 50: the stripes really are pooled on their own. */
    struct golden_tensor in, out;
    const int32_t a[6] = { 10, 20, 30, 40, 50, 60 }, b[6] = { -10, -20, -30, -40, -50, -60 };
    ck_assert_int_eq(golden_tensor_init(&in, 6, 1, 2), 0);
    fill_lane(&in, 0, a);
    fill_lane(&in, 1, b);
    struct golden_pdp_cfg c = cfg_make(6, 1, 2, 3, 1, 2, 1, 3, 1, GOLDEN_POOL_AVERAGE);
    c.pad_left = c.pad_right = 1;
    c.pad_value[1] = 0x1E;
    c.recip_w = R3;
    /* (the mid widths are unused with two stripes) */
    split_set(&c, 1, (const uint32_t[3]){ 3, 1, 3 }, (const uint32_t[3]){ 1, 1, 2 });
    run_ok(&c, &in, &out);
    const int32_t ea[3] = { 20, 40, 47 }, eb[3] = { 0, -40, -27 };
    expect_lane(&out, 0, ea);
    expect_lane(&out, 1, eb);
    golden_tensor_free(&out);

    c.split_num = 0;
    run_ok(&c, &in, &out);
    const int32_t en[3] = { 20, 30, 50 };
    expect_lane(&out, 0, en);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

START_TEST(test_split_three_stripes)
{
    /* W = 9, 3 x 1 kernel, stride 2 (ov = 1), pl = pr = 1, widths in 4/2/3,
     * out 2/1/2 (OW 5).
     * Stripe 0: [0, 4), pads (1, 0): (1 + 4 - 3) / 2 + 1 = 2: [-1,2), [1,4).
     * Stripe 1: starts 4 - 1 = 3, width 2 + 1 = 3: [3, 6), no pads: 1 window,
     *   written at output column 2.
     * Stripe 2: starts 4 + 2 - 1 = 5, width 3 + 1 = 4: [5, 9), pads (0, 1):
     *   (4 + 1 - 3) / 2 + 1 = 2: [5, 8), [7, 10), at output columns 3, 4.
     * Input 3 -1 4 1 -5 9 2 -6 5:
     *   max: {3,-1} 3, {-1,4,1} 4, {1,-5,9} 9, {9,2,-6} 9, {-6,5} 5
     *   min: -1, -1, -5, -6, -6   (pad registers large positive / ignored)
     *   average, P[1] = 30, RKW = 1/3:
     *     3 - 1 + 30 = 32 -> rsh(699040, 16) = 10.67 -> 11
     *     -1 + 4 + 1 = 4 -> rsh(87380, 16) = 1.33 -> 1
     *     1 - 5 + 9 = 5 -> rsh(109225, 16) = 1.67 -> 2
     *     9 + 2 - 6 = 5 -> 2
     *     -6 + 5 + 30 = 29 -> rsh(633505, 16) = 9.67 -> 10
     * These windows coincide with the unsplit ones, so the unsplit run must
     * agree. */
    struct golden_tensor in, out;
    const int32_t v[9] = { 3, -1, 4, 1, -5, 9, 2, -6, 5 };
    ck_assert_int_eq(golden_tensor_init(&in, 9, 1, 8), 0);
    fill_lane(&in, 5, v);
    const enum golden_pool m[3] = { GOLDEN_POOL_MAX, GOLDEN_POOL_MIN, GOLDEN_POOL_AVERAGE };
    const int32_t e[3][5] = { { 3, 4, 9, 9, 5 }, { -1, -1, -5, -6, -6 }, { 11, 1, 2, 2, 10 } };
    for (int k = 0; k < 3; k++)
        for (unsigned split = 0; split <= 2; split += 2) {
            struct golden_pdp_cfg c = cfg_make(9, 1, 8, 3, 1, 2, 1, 5, 1, m[k]);
            c.pad_left = c.pad_right = 1;
            if (m[k] == GOLDEN_POOL_AVERAGE)
                pads_times(&c, 30);
            else
                pads_times(&c, 100);
            c.recip_w = R3;
            split_set(&c, split, (const uint32_t[3]){ 4, 2, 3 }, (const uint32_t[3]){ 2, 1, 2 });
            run_ok(&c, &in, &out);
            expect_lane(&out, 5, e[k]);
            golden_tensor_free(&out);
        }
    golden_tensor_free(&in);
}
END_TEST

START_TEST(test_int16_average_and_max)
{
    /* INT16: 1 x 1 input, 2 x 1 kernel, pl = 1. PAD_VALUE_1 = 0x7000 (bit
     * 15 clear) -> P[1] = 28672. X = 30000: S = 58672 (fits the 32-bit sum),
     * RKW = RKH = 1.0 -> B = 58672 -> wrap_16 = 58672 - 65536 = -6864
     * (an 8-bit wrap would give 48). Max of {30000} is 30000. */
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 1, 1, 8), 0);
    golden_tensor_set(&in, 0, 0, 0, 30000);
    struct golden_pdp_cfg c = cfg_make(1, 1, 8, 2, 1, 1, 1, 1, 1, GOLDEN_POOL_AVERAGE);
    c.int16 = 1;
    c.pad_left = 1;
    c.pad_value[1] = 0x7000;
    run_ok(&c, &in, &out);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), -6864);
    golden_tensor_free(&out);
    c.method = GOLDEN_POOL_MAX;
    run_ok(&c, &in, &out);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), 30000);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

/* Base program of worked example 10.1: 8 x 9 x 19, 3 x 3, stride 2,
 * pl = 1, pt = 2 -> OW = (1 + 8 - 3) / 2 + 1 = 4, OH = (2 + 9 - 3) / 2 + 1 = 5. */
static struct golden_pdp_cfg base10(void)
{
    struct golden_pdp_cfg c = cfg_make(8, 9, 19, 3, 3, 2, 2, 4, 5, GOLDEN_POOL_AVERAGE);
    c.pad_left = 1;
    c.pad_top = 2;
    c.recip_w = c.recip_h = R3;
    pads_times(&c, 85);
    return c;
}

static void expect_reject(const struct golden_pdp_cfg *c, const char *word)
{
    char why[160];
    memset(why, 'x', sizeof why);
    ck_assert_int_eq(golden_pdp_check(c, why, sizeof why), -1);
    ck_assert_uint_gt(strlen(why), 0);
    ck_assert_ptr_null(strchr(why, '\n'));
    ck_assert_msg(strstr(why, word) != NULL, "reason '%s' does not mention '%s'", why, word);
    /* No buffer: still rejected. */
    ck_assert_int_eq(golden_pdp_check(c, NULL, 0), -1);

    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 8, 9, 19), 0);
    ck_assert_int_eq(golden_tensor_init(&out, 4, 5, 19), 0);
    ck_assert_int_eq(golden_pdp_run(c, &in, &out), -1);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}

START_TEST(test_check_rejections)
{
    char why[160];
    struct golden_pdp_cfg c = base10();
    ck_assert_int_eq(golden_pdp_check(&c, why, sizeof why), 0);
    ck_assert_str_eq(why, "");

    c = base10(); c.out_w = 5; expect_reject(&c, "out_w");
    c = base10(); c.out_w = 3; expect_reject(&c, "out_w");
    c = base10(); c.out_h = 4; expect_reject(&c, "out_h");
    c = base10(); c.in_w = 0; expect_reject(&c, "zero");
    c = base10(); c.in_c = 0; expect_reject(&c, "zero");
    c = base10(); c.out_h = 0; expect_reject(&c, "zero");
    c = base10(); c.in_h = 8193; expect_reject(&c, "8192");
    c = base10(); c.kernel_w = 0; expect_reject(&c, "kernel");
    c = base10(); c.kernel_h = 9; expect_reject(&c, "kernel");
    c = base10(); c.stride_w = 0; expect_reject(&c, "stride");
    c = base10(); c.stride_h = 17; expect_reject(&c, "stride");
    c = base10(); c.pad_right = 8; expect_reject(&c, "pad");
    c = base10(); c.method = (enum golden_pool)3; expect_reject(&c, "method");
    /* pl = kw: the first window is all padding. (OW would be 5 here, so
     * this must be caught before the size check.) */
    c = base10(); c.pad_left = 3; c.out_w = 5; expect_reject(&c, "without input");
    c = base10(); c.pad_bottom = 3; c.out_h = 6; expect_reject(&c, "without input");
    /* Kernel wider than the padded plane: 2 + 0 + 0 < 3. */
    c = base10(); c.in_w = 2; c.pad_left = 0; c.out_w = 1; expect_reject(&c, "wider");

    /* Valid split of the same plane: ov = 1; stripe 0 = [0, 4), pads (1, 0):
     * (1 + 4 - 3) / 2 + 1 = 2; stripe 1 = [3, 8), pads (0, 0):
     * (5 - 3) / 2 + 1 = 2. */
    struct golden_pdp_cfg s = base10();
    s.split_num = 1;
    s.part_in_first = 4;
    s.part_in_last = 4;
    s.part_out_first = 2;
    s.part_out_last = 2;
    ck_assert_int_eq(golden_pdp_check(&s, why, sizeof why), 0);
    c = s; c.part_in_first = 5; expect_reject(&c, "input widths");
    c = s; c.part_out_last = 1; expect_reject(&c, "output widths");
    /* Sums right (1 + 3 = 4) but stripe 0 makes 2 windows, not 1. */
    c = s; c.part_out_first = 1; c.part_out_last = 3; expect_reject(&c, "stripe 0");
    c = s; c.part_in_first = 0; c.part_in_last = 8; expect_reject(&c, "part_in_first");
    c = s; c.split_num = 256; expect_reject(&c, "split_num");
    /* Three stripes need a mid width: 4 + 1 * 0 + 4 with mid = 0. */
    c = s; c.split_num = 2; c.part_in_mid = 0; c.part_out_mid = 1; expect_reject(&c, "part_in_mid");

    /* A valid program with tensors of the wrong shape is refused too. */
    struct golden_tensor in, out;
    c = base10();
    ck_assert_int_eq(golden_tensor_init(&in, 8, 9, 19), 0);
    ck_assert_int_eq(golden_tensor_init(&out, 4, 4, 19), 0);
    ck_assert_int_eq(golden_pdp_run(&c, &in, &out), -1);
    golden_tensor_free(&out);
    ck_assert_int_eq(golden_tensor_init(&out, 4, 5, 8), 0);    /* 1 surface, not 3 */
    ck_assert_int_eq(golden_pdp_run(&c, &in, &out), -1);
    golden_tensor_free(&out);
    ck_assert_int_eq(golden_tensor_init(&out, 4, 5, 19), 0);
    ck_assert_int_eq(golden_pdp_run(&c, &in, &out), 0);
    golden_tensor_free(&out);
    golden_tensor_free(&in);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("golden_pdp");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_pad_int8);
    tcase_add_test(tc, test_pad_int16);
    tcase_add_test(tc, test_max_min_no_padding);
    tcase_add_test(tc, test_max_min_ignore_padding);
    tcase_add_test(tc, test_average_no_padding);
    tcase_add_test(tc, test_average_padding_corner);
    tcase_add_test(tc, test_average_padding_each_edge);
    tcase_add_test(tc, test_average_sum_wraps_16);
    tcase_add_test(tc, test_average_result_wraps_8);
    tcase_add_test(tc, test_recip_precision);
    tcase_add_test(tc, test_recip_negative_rounding);
    tcase_add_test(tc, test_hw_extra_bottom_padding);
    tcase_add_test(tc, test_hw_top_pad_opens_extra_window);
    tcase_add_test(tc, test_hw_trailing_rows_and_columns);
    tcase_add_test(tc, test_hw_extra_right_padding);
    tcase_add_test(tc, test_trailing_input);
    tcase_add_test(tc, test_hw_hang);
    tcase_add_test(tc, test_strides);
    tcase_add_test(tc, test_non_square_kernels);
    tcase_add_test(tc, test_identity_1x1);
    tcase_add_test(tc, test_lanes_beyond_c);
    tcase_add_test(tc, test_split_two_stripes);
    tcase_add_test(tc, test_split_three_stripes);
    tcase_add_test(tc, test_int16_average_and_max);
    tcase_add_test(tc, test_check_rejections);
    tcase_add_test(tc, test_line_buffer_width);
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
