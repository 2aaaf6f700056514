/* Unit tests for golden_conv: the weight layout (spec 10.4 offsets, partial
 * last kernel group and channel block, every byte used once), stride,
 * padding with a pad value that bypasses the CDMA converter, dilation, the
 * converter's rounding and saturation, unused data lanes c >= C, output
 * lanes k >= K, CACC rounding half away from zero and int32 saturation,
 * INT16 (converter to 16 bits, 16-bit pad, 2-byte weights), the program
 * checks; image input: component order of every pixel format, sign
 * override, mean subtraction, x offset, CDMA left/right and CSC top/bottom
 * padding, a whole image convolution, the Y-extension weight layout. Every
 * expected number is worked out by hand in the comment next to it.
 *
 * Reference-free checks: random small layers against a textbook nested
 * loop over plain KCRS / CHW arrays written here independently (feature
 * input), and image layers against a textbook convolution over the padded
 * pixel plane with the original (not pre-extended) kernel. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "golden_arith.h"
#include "golden_conv.h"
#include "golden_layout.h"

/* ---- helpers ------------------------------------------------------------ */

/* A 1-stride, 1-dilation, unpadded INT8 layer. */
static struct golden_conv_cfg cfg_make(uint32_t w, uint32_t h, uint32_t c, uint32_t s,
                                       uint32_t r, uint32_t k, uint32_t ow, uint32_t oh)
{
    struct golden_conv_cfg g;
    memset(&g, 0, sizeof g);
    g.in_w = w;
    g.in_h = h;
    g.in_c = c;
    g.kernel_w = s;
    g.kernel_h = r;
    g.kernel_c = c;
    g.kernels = k;
    g.stride_x = g.stride_y = 1;
    g.dilation_x = g.dilation_y = 1;
    g.out_w = ow;
    g.out_h = oh;
    g.out_c = k;
    return g;
}

/* Run cfg on an NCHW input and KCRS weights; out is allocated here. */
static void run_plain(const struct golden_conv_cfg *c, const int8_t *nchw, const int8_t *kcrs,
                      struct golden_tensor *out)
{
    char why[200] = "";
    ck_assert_msg(golden_conv_check(c, why, sizeof why) == 0, "check: %s", why);
    struct golden_tensor in;
    ck_assert_int_eq(golden_layout_from_nchw(&in, nchw, c->in_w, c->in_h, c->in_c), 0);
    size_t wb = (size_t)golden_conv_weight_bytes(c);
    uint8_t *w = malloc(wb);
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(golden_layout_weights_from_kcrs(c, kcrs, w, wb), 0);
    ck_assert_int_eq(golden_tensor_init(out, c->out_w, c->out_h, c->out_c), 0);
    ck_assert_int_eq(golden_conv_run(c, &in, w, wb, out), 0);
    free(w);
    golden_tensor_free(&in);
}

/* Lane k of out against a row-major out_w x out_h array. */
static void expect_plane(const struct golden_tensor *t, uint32_t k, const int32_t *v)
{
    for (uint32_t y = 0; y < t->h; y++)
        for (uint32_t x = 0; x < t->w; x++)
            if (golden_tensor_get(t, x, y, k) != v[y * t->w + x])
                ck_abort_msg("lane %u (%u, %u): got %d, expected %d", k, x, y,
                             golden_tensor_get(t, x, y, k), v[y * t->w + x]);
}

static void expect_lanes_zero_from(const struct golden_tensor *t, uint32_t k0)
{
    for (uint32_t k = k0; k < t->surfaces * GOLDEN_LANES; k++)
        for (uint32_t y = 0; y < t->h; y++)
            for (uint32_t x = 0; x < t->w; x++)
                if (golden_tensor_get(t, x, y, k) != 0)
                    ck_abort_msg("lane %u (%u, %u) = %d", k, x, y, golden_tensor_get(t, x, y, k));
}

/* ---- weight layout ------------------------------------------------------ */

START_TEST(test_weight_offset_10_4)
{
    /* Spec 10.4: S = 3, R = 4, C = 49, K = 32. */
    struct golden_conv_cfg c = cfg_make(14, 7, 49, 3, 4, 32, 14, 7);
    /* W[9][41][2][1]: g = 1, kl = 1, b = 5 (cb = 8), position 2*3+1 = 7:
     * 1*(8*4*3*49) + 5*(8*4*3*8) + 7*(8*8) + 1*8 + 1
     * = 4704 + 3840 + 448 + 8 + 1 = 9001. */
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 9, 41, 2, 1), 9001);
    /* W[3][48][3][2]: g = 0, b = 6 is the 1-channel last block (cb = 1):
     * 6*(8*4*3*8) + (3*3+2)*(1*8) + 3*1 + 0 = 4608 + 88 + 3 = 4699. */
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 3, 48, 3, 2), 4699);
    /* 32 * 4 * 3 * 49 = 18816 = D_WEIGHT_BYTES 0x4980 of the trace. */
    ck_assert_uint_eq(golden_conv_weight_bytes(&c), 18816);
    /* First and last byte: W[0][0][0][0] = 0; W[31][48][3][2]: g = 3
     * (3*4704 = 14112), b = 6 (+4608), position 11 * (1*8) = 88, kl 7 * 1:
     * 14112 + 4608 + 88 + 7 = 18815. */
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 0, 0, 0, 0), 0);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 31, 48, 3, 2), 18815);
}
END_TEST

START_TEST(test_weight_offset_partial_group_and_block)
{
    /* K = 10 (groups of 8 and 2), C = 10 (blocks of 8 and 2), R = 1, S = 2.
     * Group 0 size 8*R*S*C = 160, total 10*1*2*10 = 200. */
    struct golden_conv_cfg c = cfg_make(2, 1, 10, 2, 1, 10, 1, 1);
    ck_assert_uint_eq(golden_conv_weight_bytes(&c), 200);
    /* Group 0 (kpg 8), block 0 (cb 8): position p -> p*64, kernel kl*8. */
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 1, 0, 0, 0), 8);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 0, 0, 0, 1), 64);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 7, 7, 0, 1), 64 + 56 + 7);
    /* Block 1 (cb 2) starts after 8*R*S*kpg = 128 bytes; position 1 is
     * 1*(2*8) = 16 further, kernel 7 is 7*2 = 14, channel 9 is lane 1:
     * W[7][9][0][1] = 128 + 16 + 14 + 1 = 159. W[0][8][0][0] = 128. */
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 0, 8, 0, 0), 128);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 7, 9, 0, 1), 159);
    /* Group 1 (kpg 2) at 160. Block 0: position 1 -> 1*(8*2) = 16, kernel
     * 9 (kl 1) -> 8, channel 7: W[9][7][0][1] = 160 + 16 + 8 + 7 = 191.
     * Block 1 at 160 + 8*1*2*2 = 192; position 1 -> 1*(2*2) = 4, kl 1 ->
     * 2, lane 1: W[9][9][0][1] = 192 + 4 + 2 + 1 = 199 (the last byte). */
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 8, 0, 0, 0), 160);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 9, 7, 0, 1), 191);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 9, 9, 0, 1), 199);
}
END_TEST

/* Every (k, c, r, s) gets its own byte and the bytes fill [0, total). */
static void expect_bijective(const struct golden_conv_cfg *c)
{
    uint64_t n = golden_conv_weight_bytes(c);
    unsigned eb = golden_conv_elem_bytes(c);
    uint8_t *seen = calloc(n, 1);
    ck_assert_ptr_nonnull(seen);
    for (uint32_t k = 0; k < c->kernels; k++)
        for (uint32_t ch = 0; ch < c->kernel_c; ch++)
            for (uint32_t r = 0; r < c->kernel_h; r++)
                for (uint32_t s = 0; s < c->kernel_w; s++) {
                    uint64_t o = golden_conv_weight_offset(c, k, ch, r, s);
                    if (o + eb - 1 >= n || o % eb)
                        ck_abort_msg("W[%u][%u][%u][%u] at %llu: past the %llu bytes or not on an element", k, ch,
                                     r, s, (unsigned long long)o, (unsigned long long)n);
                    if (seen[o])
                        ck_abort_msg("W[%u][%u][%u][%u] at %llu twice", k, ch, r, s,
                                     (unsigned long long)o);
                    seen[o] = 1;
                }
    for (uint64_t i = 0; i < n; i += eb)
        if (!seen[i])
            ck_abort_msg("byte %llu unused", (unsigned long long)i);
    free(seen);
}

START_TEST(test_weight_layout_bijective)
{
    const uint32_t geo[][4] = {   /* K, C, R, S */
        { 1, 1, 1, 1 }, { 8, 8, 3, 3 }, { 9, 17, 2, 3 }, { 25, 55, 5, 5 }, { 41, 14, 3, 5 },
        { 3, 3, 1, 7 },
    };
    for (size_t i = 0; i < sizeof geo / sizeof geo[0]; i++) {
        struct golden_conv_cfg c = cfg_make(8, 8, geo[i][1], geo[i][3], geo[i][2], geo[i][0], 1, 1);
        expect_bijective(&c);
        c.int16 = 1;
        expect_bijective(&c);
    }
}
END_TEST

START_TEST(test_run_reads_partial_layout)
{
    /* K = 10, C = 10, R = 1, S = 2, input 2 x 1, output 1 x 1 (no padding).
     * Raw weight bytes set by hand at the offsets worked out above, all
     * others 0: W[9][9][0][1] = 5 at 199, W[9][7][0][1] = -2 at 191,
     * W[0][8][0][0] = 3 at 128. Input: x = 1 channel 9 = 7, x = 1 channel
     * 7 = 4, x = 0 channel 8 = -6, everything else 0.
     * k = 9: 5*7 + (-2)*4 = 27. k = 0: 3*(-6) = -18. Others 0. */
    struct golden_conv_cfg c = cfg_make(2, 1, 10, 2, 1, 10, 1, 1);
    uint8_t w[200] = { 0 };
    w[199] = 5;
    w[191] = (uint8_t)-2;
    w[128] = 3;
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 2, 1, 10), 0);
    golden_tensor_set(&in, 1, 0, 9, 7);
    golden_tensor_set(&in, 1, 0, 7, 4);
    golden_tensor_set(&in, 0, 0, 8, -6);
    ck_assert_int_eq(golden_tensor_init(&out, 1, 1, 10), 0);
    ck_assert_int_eq(golden_conv_run(&c, &in, w, sizeof w, &out), 0);
    for (uint32_t k = 0; k < 16; k++)
        ck_assert_int_eq(golden_tensor_get(&out, 0, 0, k), k == 9 ? 27 : k == 0 ? -18 : 0);
    /* One byte short of the 200 the layout needs: refused. */
    ck_assert_int_eq(golden_conv_run(&c, &in, w, sizeof w - 1, &out), -1);
    golden_tensor_free(&in);
    golden_tensor_free(&out);
}
END_TEST

/* ---- geometry ----------------------------------------------------------- */

START_TEST(test_stride)
{
    /* 1-D: input [1, 2, 3, 4], kernel [1, 10] (s = 0, 1), stride x 2:
     * ox = 0 reads x 0, 1: 1 + 20 = 21; ox = 1 reads x 2, 3: 3 + 40 = 43. */
    {
        struct golden_conv_cfg c = cfg_make(4, 1, 1, 2, 1, 1, 2, 1);
        c.stride_x = 2;
        const int8_t in[] = { 1, 2, 3, 4 }, k[] = { 1, 10 };
        const int32_t want[] = { 21, 43 };
        struct golden_tensor out;
        run_plain(&c, in, k, &out);
        expect_plane(&out, 0, want);
        golden_tensor_free(&out);
    }
    /* 2-D: input v(x, y) = 10y + x on 3 x 3, 1x1 kernel 2, stride 2 x 2:
     * out(ox, oy) = 2 v(2ox, 2oy): 0, 2*2 = 4, 2*20 = 40, 2*22 = 44. */
    {
        struct golden_conv_cfg c = cfg_make(3, 3, 1, 1, 1, 1, 2, 2);
        c.stride_x = c.stride_y = 2;
        const int8_t in[] = { 0, 1, 2, 10, 11, 12, 20, 21, 22 }, k[] = { 2 };
        const int32_t want[] = { 0, 4, 40, 44 };
        struct golden_tensor out;
        run_plain(&c, in, k, &out);
        expect_plane(&out, 0, want);
        golden_tensor_free(&out);
    }
    /* Stride y 3 with a 2-row kernel [1; -1] on a 1 x 5 column
     * [5, 7, 11, 13, 17]: oy = 0 reads rows 0, 1: 5 - 7 = -2; oy = 1 reads
     * rows 3, 4: 13 - 17 = -4. */
    {
        struct golden_conv_cfg c = cfg_make(1, 5, 1, 1, 2, 1, 1, 2);
        c.stride_y = 3;
        const int8_t in[] = { 5, 7, 11, 13, 17 }, k[] = { 1, -1 };
        const int32_t want[] = { -2, -4 };
        struct golden_tensor out;
        run_plain(&c, in, k, &out);
        expect_plane(&out, 0, want);
        golden_tensor_free(&out);
    }
}
END_TEST

START_TEST(test_padding_value)
{
    /* Input [3, 5], kernel [1, 2, 4], pad left 1, pad value -7, output 2
     * wide (the right pad is implicit):
     * ox = 0: x -1, 0, 1 -> -7*1 + 3*2 + 5*4 = 19;
     * ox = 1: x 0, 1, 2 -> 3*1 + 5*2 + (-7)*4 = -15. */
    struct golden_conv_cfg c = cfg_make(2, 1, 1, 3, 1, 1, 2, 1);
    c.pad_left = 1;
    c.pad_value = -7;
    const int8_t in[] = { 3, 5 }, k[] = { 1, 2, 4 };
    struct golden_tensor out;
    const int32_t want[] = { 19, -15 };
    run_plain(&c, in, k, &out);
    expect_plane(&out, 0, want);
    golden_tensor_free(&out);
    /* Same with the converter on (offset 1, scale 3, truncate 1):
     * X' = rsh((X - 1) * 3, 1): 3 -> 6/2 = 3, 5 -> 12/2 = 6. The pad stays
     * -7 (converted it would be rsh(-24, 1) = -12):
     * ox = 0: -7 + 3*2 + 6*4 = 23; ox = 1: 3 + 6*2 - 28 = -13. */
    c.cvt_en = 1;
    c.cvt_offset = 1;
    c.cvt_scale = 3;
    c.cvt_truncate = 1;
    const int32_t want_cvt[] = { 23, -13 };
    run_plain(&c, in, k, &out);
    expect_plane(&out, 0, want_cvt);
    golden_tensor_free(&out);
}
END_TEST

START_TEST(test_padding_top_bottom_and_channels)
{
    /* One pixel, 2 channels (5, -2); kernel R = 2, S = 1 with
     * W[0][c][r] = (r0: 1, 2; r1: 3, -1). Pad top 1, pad value -7, output
     * height 2 (the bottom pad is implicit). A padded tap gives
     * -7 * (sum over the C = 2 channels of its weights).
     * oy = 0: row -1 pad: -7*(1 + 2) = -21; row 0: 5*3 + (-2)*(-1) = 17 -> -4.
     * oy = 1: row 0 with r0: 5*1 + (-2)*2 = 1; row 1 pad: -7*(3 - 1) = -14
     *         -> -13. */
    struct golden_conv_cfg c = cfg_make(1, 1, 2, 1, 2, 1, 1, 2);
    c.pad_top = 1;
    c.pad_value = -7;
    const int8_t in[] = { 5, -2 };
    const int8_t k[] = { 1, 3, 2, -1 };   /* KCRS: c0 (r0, r1), c1 (r0, r1) */
    const int32_t want[] = { -4, -13 };
    struct golden_tensor out;
    run_plain(&c, in, k, &out);
    expect_plane(&out, 0, want);
    golden_tensor_free(&out);
}
END_TEST

START_TEST(test_dilation)
{
    /* x: input [1..5], kernel [1, 10], dilation 3: ox = 0 reads x 0, 3:
     * 1 + 40 = 41; ox = 1 reads x 1, 4: 2 + 50 = 52. */
    {
        struct golden_conv_cfg c = cfg_make(5, 1, 1, 2, 1, 1, 2, 1);
        c.dilation_x = 3;
        const int8_t in[] = { 1, 2, 3, 4, 5 }, k[] = { 1, 10 };
        const int32_t want[] = { 41, 52 };
        struct golden_tensor out;
        run_plain(&c, in, k, &out);
        expect_plane(&out, 0, want);
        golden_tensor_free(&out);
    }
    /* y: column [1, 2, 3, 4], kernel [1; 100], dilation 2: oy = 0 reads rows
     * 0, 2: 1 + 300 = 301; oy = 1 reads rows 1, 3: 2 + 400 = 402. */
    {
        struct golden_conv_cfg c = cfg_make(1, 4, 1, 1, 2, 1, 1, 2);
        c.dilation_y = 2;
        const int8_t in[] = { 1, 2, 3, 4 }, k[] = { 1, 100 };
        const int32_t want[] = { 301, 402 };
        struct golden_tensor out;
        run_plain(&c, in, k, &out);
        expect_plane(&out, 0, want);
        golden_tensor_free(&out);
    }
    /* With padding: input [1, 2, 3], kernel [1, 2, 3], dilation 2, pad
     * left 2, pad value -1, 3 outputs. ix = ox + 2s - 2:
     * ox = 0: -2, 0, 2 -> -1 + 1*2 + 3*3 = 10;
     * ox = 1: -1, 1, 3 -> -1 + 2*2 + (-1)*3 = 0;
     * ox = 2:  0, 2, 4 -> 1 + 3*2 + (-1)*3 = 4. */
    {
        struct golden_conv_cfg c = cfg_make(3, 1, 1, 3, 1, 1, 3, 1);
        c.dilation_x = 2;
        c.pad_left = 2;
        c.pad_value = -1;
        const int8_t in[] = { 1, 2, 3 }, k[] = { 1, 2, 3 };
        const int32_t want[] = { 10, 0, 4 };
        struct golden_tensor out;
        run_plain(&c, in, k, &out);
        expect_plane(&out, 0, want);
        golden_tensor_free(&out);
    }
}
END_TEST

/* ---- converter, lanes, CACC -------------------------------------------- */

START_TEST(test_cvt)
{
    struct golden_conv_cfg c = cfg_make(1, 1, 1, 1, 1, 1, 1, 1);
    /* Disabled: unchanged, even with offset/scale programmed. */
    c.cvt_offset = 10;
    c.cvt_scale = 3;
    c.cvt_truncate = 2;
    ck_assert_int_eq(golden_conv_cvt(&c, -128), -128);
    ck_assert_int_eq(golden_conv_cvt(&c, 77), 77);
    /* (x - 10) * 3 >> 2, half away from zero:
     * 20 -> 30/4 = 7.5 -> 8; -20 -> -90/4 = -22.5 -> -23;
     * 11 -> 3/4 = 0.75 -> 1; 12 -> 6/4 = 1.5 -> 2; 9 -> -3/4 -> -1;
     * 10 -> 0. */
    c.cvt_en = 1;
    ck_assert_int_eq(golden_conv_cvt(&c, 20), 8);
    ck_assert_int_eq(golden_conv_cvt(&c, -20), -23);
    ck_assert_int_eq(golden_conv_cvt(&c, 11), 1);
    ck_assert_int_eq(golden_conv_cvt(&c, 12), 2);
    ck_assert_int_eq(golden_conv_cvt(&c, 9), -1);
    ck_assert_int_eq(golden_conv_cvt(&c, 10), 0);
    /* Saturation to 8 bits: offset -128, scale 2: 127 -> 510 -> 127,
     * -128 -> 0; offset 127, scale 1: -128 -> -255 -> -128;
     * offset 0, scale -1: -128 -> 128 -> 127. */
    c.cvt_truncate = 0;
    c.cvt_offset = -128;
    c.cvt_scale = 2;
    ck_assert_int_eq(golden_conv_cvt(&c, 127), 127);
    ck_assert_int_eq(golden_conv_cvt(&c, -128), 0);
    c.cvt_offset = 127;
    c.cvt_scale = 1;
    ck_assert_int_eq(golden_conv_cvt(&c, -128), -128);
    c.cvt_offset = 0;
    c.cvt_scale = -1;
    ck_assert_int_eq(golden_conv_cvt(&c, -128), 127);
    /* Large truncate: (100 - 0) * 32767 = 3276700 >> 63 = 0 (3276700 is
     * far below 2^62); >> 20: 3276700 / 1048576 = 3.125 -> 3. */
    c.cvt_scale = 32767;
    c.cvt_truncate = 63;
    ck_assert_int_eq(golden_conv_cvt(&c, 100), 0);
    c.cvt_truncate = 20;
    ck_assert_int_eq(golden_conv_cvt(&c, 100), 3);
}
END_TEST

START_TEST(test_cvt_applies_to_every_data_tap)
{
    /* 2 x 2 x 3 input, 2x2x3 kernel of ones, converter offset -1, scale 2,
     * truncate 0: the sum of the 12 converted values 2(x + 1) = 2*sum + 24.
     * Inputs 1..12 (NCHW order): sum 78 -> 156 + 24 = 180. */
    struct golden_conv_cfg c = cfg_make(2, 2, 3, 2, 2, 1, 1, 1);
    c.cvt_en = 1;
    c.cvt_offset = -1;
    c.cvt_scale = 2;
    int8_t in[12], k[12];
    for (int i = 0; i < 12; i++) {
        in[i] = (int8_t)(i + 1);
        k[i] = 1;
    }
    const int32_t want[] = { 180 };
    struct golden_tensor out;
    run_plain(&c, in, k, &out);
    expect_plane(&out, 0, want);
    golden_tensor_free(&out);
}
END_TEST

START_TEST(test_unused_data_lanes_ignored)
{
    /* C = 3 channels; the fetched atom's lanes 3..7 hold garbage (99). The
     * CSC forces them to 0 and pads only lanes c < C: only channels 0..2
     * count. One pixel (4, 5, 6); kernel 2 wide, columns s0 = (2, -1, 3),
     * s1 = (0, 0, 0); pad left 1, pad value -3; 2 outputs:
     * ox = 0: s0 on x = -1 (pad): -3 * (2 - 1 + 3) = -12; s1 on x = 0: 0.
     * ox = 1: s0 on x = 0: 8 - 5 + 18 = 21; s1 on x = 1 (implicit right
     * pad): weights 0. */
    struct golden_conv_cfg c = cfg_make(1, 1, 3, 2, 1, 1, 2, 1);
    c.pad_left = 1;
    c.pad_value = -3;
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 1, 1, 3), 0);
    for (uint32_t l = 0; l < 8; l++)
        golden_tensor_set(&in, 0, 0, l, l < 3 ? (int32_t)(4 + l) : 99);
    /* KCRS: c0 (s0, s1), c1 (s0, s1), c2 (s0, s1). */
    const int8_t k[] = { 2, 0, -1, 0, 3, 0 };
    uint8_t w[6];
    ck_assert_int_eq(golden_layout_weights_from_kcrs(&c, k, w, sizeof w), 0);
    ck_assert_int_eq(golden_tensor_init(&out, 2, 1, 1), 0);
    ck_assert_int_eq(golden_conv_run(&c, &in, w, sizeof w, &out), 0);
    const int32_t want[] = { -12, 21 };
    expect_plane(&out, 0, want);
    /* Converter on (offset 0, scale 1): lanes 3..7 would still be 99. */
    c.cvt_en = 1;
    c.cvt_scale = 1;
    ck_assert_int_eq(golden_conv_run(&c, &in, w, sizeof w, &out), 0);
    expect_plane(&out, 0, want);
    golden_tensor_free(&in);
    golden_tensor_free(&out);
}
END_TEST

START_TEST(test_output_lanes_beyond_k)
{
    /* K = 3 kernels into an output of 12 channels (2 surfaces): lanes 3..15
     * must come out 0 even if out held garbage. 1x1 kernels 1, 2, 3 on a
     * pixel of value 5: 5, 10, 15. */
    struct golden_conv_cfg c = cfg_make(1, 1, 1, 1, 1, 3, 1, 1);
    c.out_c = 12;
    const int8_t k[] = { 1, 2, 3 };
    uint8_t w[3];
    ck_assert_int_eq(golden_layout_weights_from_kcrs(&c, k, w, sizeof w), 0);
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 1, 1, 1), 0);
    golden_tensor_set(&in, 0, 0, 0, 5);
    ck_assert_int_eq(golden_tensor_init(&out, 1, 1, 12), 0);
    for (size_t i = 0; i < golden_tensor_count(&out); i++)
        out.data[i] = 0x5555;
    ck_assert_int_eq(golden_conv_run(&c, &in, w, sizeof w, &out), 0);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), 5);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 1), 10);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 2), 15);
    expect_lanes_zero_from(&out, 3);
    golden_tensor_free(&in);
    golden_tensor_free(&out);
}
END_TEST

START_TEST(test_cacc_rounding_and_saturation)
{
    struct golden_conv_cfg c = cfg_make(1, 1, 1, 1, 1, 1, 1, 1);
    /* Spec 10.4: rsh(2981, 1) = 1490.5 -> 1491; rsh(-23340, 1) = -11670. */
    c.clip_truncate = 1;
    ck_assert_int_eq(golden_conv_cacc(&c, 2981), 1491);
    ck_assert_int_eq(golden_conv_cacc(&c, -23340), -11670);
    /* Halves go away from zero: 3/2 = 1.5 -> 2, -3/2 -> -2, 1/2 -> 1,
     * -1/2 -> -1. */
    ck_assert_int_eq(golden_conv_cacc(&c, 3), 2);
    ck_assert_int_eq(golden_conv_cacc(&c, -3), -2);
    ck_assert_int_eq(golden_conv_cacc(&c, 1), 1);
    ck_assert_int_eq(golden_conv_cacc(&c, -1), -1);
    /* clip 2: 6/4 = 1.5 -> 2, -6/4 -> -2, 5/4 = 1.25 -> 1, -5/4 -> -1,
     * -7/4 = -1.75 -> -2. */
    c.clip_truncate = 2;
    ck_assert_int_eq(golden_conv_cacc(&c, 6), 2);
    ck_assert_int_eq(golden_conv_cacc(&c, -6), -2);
    ck_assert_int_eq(golden_conv_cacc(&c, 5), 1);
    ck_assert_int_eq(golden_conv_cacc(&c, -5), -1);
    ck_assert_int_eq(golden_conv_cacc(&c, -7), -2);
    /* clip 31: 2^31 -> 1; 2^30 -> 0.5 -> 1; 2^30 - 1 -> 0. */
    c.clip_truncate = 31;
    ck_assert_int_eq(golden_conv_cacc(&c, INT64_C(1) << 31), 1);
    ck_assert_int_eq(golden_conv_cacc(&c, INT64_C(1) << 30), 1);
    ck_assert_int_eq(golden_conv_cacc(&c, (INT64_C(1) << 30) - 1), 0);
    /* int32 saturation after the shift: clip 0, 2^31 -> 2^31 - 1,
     * -2^31 - 1 -> -2^31; clip 1: 2^32 -> 2^31 -> 2^31 - 1, but
     * 2^32 - 2 -> 2^31 - 1 exactly. */
    c.clip_truncate = 0;
    ck_assert_int_eq(golden_conv_cacc(&c, INT64_C(1) << 31), INT32_MAX);
    ck_assert_int_eq(golden_conv_cacc(&c, -(INT64_C(1) << 31) - 1), INT32_MIN);
    ck_assert_int_eq(golden_conv_cacc(&c, -(INT64_C(1) << 31)), INT32_MIN);
    c.clip_truncate = 1;
    ck_assert_int_eq(golden_conv_cacc(&c, INT64_C(1) << 32), INT32_MAX);
    ck_assert_int_eq(golden_conv_cacc(&c, (INT64_C(1) << 32) - 2), INT32_MAX);
}
END_TEST

START_TEST(test_cacc_in_run)
{
    /* Rounding through a run: 1x1 kernel 1, pixels 3 and -3, clip 1:
     * 1.5 -> 2 and -1.5 -> -2. */
    {
        struct golden_conv_cfg c = cfg_make(2, 1, 1, 1, 1, 1, 2, 1);
        c.clip_truncate = 1;
        const int8_t in[] = { 3, -3 }, k[] = { 1 };
        const int32_t want[] = { 2, -2 };
        struct golden_tensor out;
        run_plain(&c, in, k, &out);
        expect_plane(&out, 0, want);
        golden_tensor_free(&out);
    }
    /* int32 saturation: 4 x 4 x 8192 input of -128, 4x4x8192 kernel of
     * -128: acc = 16384 * 16 * 8192 = 2^14 * 2^4 * 2^13 = 2^31 ->
     * clip 0: 2^31 - 1; clip 1: 2^30 exactly. */
    {
        struct golden_conv_cfg c = cfg_make(4, 4, 8192, 4, 4, 1, 1, 1);
        struct golden_tensor in, out;
        ck_assert_int_eq(golden_tensor_init(&in, 4, 4, 8192), 0);
        for (size_t i = 0; i < golden_tensor_count(&in); i++)
            in.data[i] = -128;
        size_t wb = (size_t)golden_conv_weight_bytes(&c);
        ck_assert_uint_eq(wb, 131072);
        uint8_t *w = malloc(wb);
        ck_assert_ptr_nonnull(w);
        memset(w, 0x80, wb);
        ck_assert_int_eq(golden_tensor_init(&out, 1, 1, 1), 0);
        ck_assert_int_eq(golden_conv_run(&c, &in, w, wb, &out), 0);
        ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), INT32_MAX);
        c.clip_truncate = 1;
        ck_assert_int_eq(golden_conv_run(&c, &in, w, wb, &out), 0);
        ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), 1073741824);
        free(w);
        golden_tensor_free(&in);
        golden_tensor_free(&out);
    }
}
END_TEST

/* ---- INT16 -------------------------------------------------------------- */

START_TEST(test_int16)
{
    struct golden_conv_cfg c = cfg_make(2, 1, 3, 2, 1, 1, 2, 1);
    c.int16 = 1;
    /* Element width 2: offsets double, bytes double (1 * 3 * 1 * 2 * 2 = 12).
     * INT8 W[0][2][0][1]: position 1 * (cb 3 * kpg 1) + 2 = 5 -> 10. */
    ck_assert_uint_eq(golden_conv_elem_bytes(&c), 2);
    ck_assert_uint_eq(golden_conv_weight_bytes(&c), 12);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 0, 2, 0, 1), 10);
    /* Converter saturates to 16 bits: offset -32768, scale 1: 32767 ->
     * 65535 -> 32767; offset 0, scale 300: 100 -> 30000; scale 400 ->
     * 40000 -> 32767 (INT8 would give 127); -100 * 400 -> -32768. */
    c.cvt_en = 1;
    c.cvt_offset = -32768;
    c.cvt_scale = 1;
    ck_assert_int_eq(golden_conv_cvt(&c, 32767), 32767);
    c.cvt_offset = 0;
    c.cvt_scale = 300;
    ck_assert_int_eq(golden_conv_cvt(&c, 100), 30000);
    c.cvt_scale = 400;
    ck_assert_int_eq(golden_conv_cvt(&c, 100), 32767);
    ck_assert_int_eq(golden_conv_cvt(&c, -100), -32768);
    c.int16 = 0;
    ck_assert_int_eq(golden_conv_cvt(&c, 100), 127);
    c.int16 = 1;
    c.cvt_en = 0;
    /* A 16-bit pad value (-300 does not fit 8 bits, legal for INT16) and
     * 16-bit data/weights, pad left 1, kernel 2 wide:
     * channels (1000, -2000, 3) at x = 0 and (7, 8, 9) at x = 1;
     * W s0 = (2, 1, -1), s1 = (300, -1, 1000).
     * ox = 0: s0 on pad: -300 * (2 + 1 - 1) = -600;
     *         s1 on x 0: 1000*300 + (-2000)(-1) + 3*1000 = 305000 -> 304400.
     * ox = 1: s0 on x 0: 2000 - 2000 - 3 = -3;
     *         s1 on x 1: 7*300 - 8 + 9000 = 11092 -> 11089. */
    c.pad_left = 1;
    c.pad_value = -300;
    char why[200] = "";
    ck_assert_msg(golden_conv_check(&c, why, sizeof why) == 0, "%s", why);
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 2, 1, 3), 0);
    const int32_t px[2][3] = { { 1000, -2000, 3 }, { 7, 8, 9 } };
    for (uint32_t x = 0; x < 2; x++)
        for (uint32_t ch = 0; ch < 3; ch++)
            golden_tensor_set(&in, x, 0, ch, px[x][ch]);
    const int16_t k[] = { 2, 300, 1, -1, -1, 1000 };   /* KCRS: c (s0, s1) */
    uint8_t w[12];
    ck_assert_int_eq(golden_layout_weights_from_kcrs16(&c, k, w, sizeof w), 0);
    /* W[0][0][0][1] = 300 = 0x012C at offset 2 * 3 = 6, little-endian. */
    ck_assert_uint_eq(w[6], 0x2C);
    ck_assert_uint_eq(w[7], 0x01);
    ck_assert_int_eq(golden_tensor_init(&out, 2, 1, 1), 0);
    ck_assert_int_eq(golden_conv_run(&c, &in, w, sizeof w, &out), 0);
    const int32_t want[] = { 304400, 11089 };
    expect_plane(&out, 0, want);
    golden_tensor_free(&in);
    golden_tensor_free(&out);
}
END_TEST

START_TEST(test_int16_negative_saturation)
{
    /* 1 pixel, 3 channels of -32768, weights 32767: acc = -3 * 32768 * 32767
     * = -3221127168 < -2^31 -> INT32_MIN. clip 1: -1610563584 fits. */
    struct golden_conv_cfg c = cfg_make(1, 1, 3, 1, 1, 1, 1, 1);
    c.int16 = 1;
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 1, 1, 3), 0);
    for (uint32_t ch = 0; ch < 3; ch++)
        golden_tensor_set(&in, 0, 0, ch, -32768);
    const uint8_t w[6] = { 0xFF, 0x7F, 0xFF, 0x7F, 0xFF, 0x7F };
    ck_assert_int_eq(golden_tensor_init(&out, 1, 1, 1), 0);
    ck_assert_int_eq(golden_conv_run(&c, &in, w, sizeof w, &out), 0);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), INT32_MIN);
    c.clip_truncate = 1;
    ck_assert_int_eq(golden_conv_run(&c, &in, w, sizeof w, &out), 0);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), -1610563584);
    golden_tensor_free(&in);
    golden_tensor_free(&out);
}
END_TEST

/* ---- checks ------------------------------------------------------------- */

static void expect_rejected(const struct golden_conv_cfg *c)
{
    char why[200] = "";
    ck_assert_int_eq(golden_conv_check(c, why, sizeof why), -1);
    ck_assert_msg(why[0] != 0, "no reason given");
}

START_TEST(test_check_rejections)
{
    const struct golden_conv_cfg ok = cfg_make(4, 4, 8, 3, 3, 8, 2, 2);
    char why[200] = "";
    ck_assert_msg(golden_conv_check(&ok, why, sizeof why) == 0, "%s", why);
    ck_assert_int_eq(golden_conv_check(&ok, NULL, 0), 0);
    struct golden_conv_cfg c;
    c = ok; c.kernel_c = 9; expect_rejected(&c);          /* C != in_c */
    c = ok; c.stride_x = 0; expect_rejected(&c);
    c = ok; c.stride_y = 9; expect_rejected(&c);
    c = ok; c.dilation_x = 33; expect_rejected(&c);
    c = ok; c.dilation_y = 0; expect_rejected(&c);
    c = ok; c.kernel_w = 33; expect_rejected(&c);
    c = ok; c.in_w = 8193; expect_rejected(&c);
    c = ok; c.out_h = 0; expect_rejected(&c);
    c = ok; c.pad_left = 32; expect_rejected(&c);
    c = ok; c.clip_truncate = 32; expect_rejected(&c);
    c = ok; c.cvt_truncate = 64; expect_rejected(&c);
    c = ok; c.cvt_scale = 40000; expect_rejected(&c);     /* not a 16-bit value */
    c = ok; c.pad_value = 128; expect_rejected(&c);       /* INT8 pad is sx_8 */
    c.int16 = 1;
    ck_assert_int_eq(golden_conv_check(&c, NULL, 0), 0); /* fine for INT16 */
    c = ok; c.kernels = 9; expect_rejected(&c);           /* 9 kernels, 8 lanes */
    c = ok; c.kernels = 9; c.out_c = 9;
    ck_assert_int_eq(golden_conv_check(&c, NULL, 0), 0);
    /* Run refuses a failing check, a wrong-sized output and short weights. */
    struct golden_tensor in, out, bad;
    ck_assert_int_eq(golden_tensor_init(&in, 4, 4, 8), 0);
    ck_assert_int_eq(golden_tensor_init(&out, 2, 2, 8), 0);
    ck_assert_int_eq(golden_tensor_init(&bad, 3, 2, 8), 0);
    uint8_t w[576] = { 0 };   /* 8 * 3 * 3 * 8 */
    ck_assert_int_eq(golden_conv_run(&ok, &in, w, sizeof w, &out), 0);
    ck_assert_int_eq(golden_conv_run(&ok, &in, w, sizeof w - 1, &out), -1);
    ck_assert_int_eq(golden_conv_run(&ok, &in, w, sizeof w, &bad), -1);
    c = ok; c.stride_x = 0;
    ck_assert_int_eq(golden_conv_run(&c, &in, w, sizeof w, &out), -1);
    golden_tensor_free(&in);
    golden_tensor_free(&out);
    golden_tensor_free(&bad);
}
END_TEST

/* ---- reference-free: textbook loops ------------------------------------ */

static uint32_t rng_state;
static uint32_t rnd(uint32_t n)   /* 0 .. n-1 */
{
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 8) % n;
}

/* The textbook direct convolution on plain int32 arrays as fetched
 * (chw[c][y][x], kcrs), the converter saturating to the layer's data
 * width. Written from the formulas, not from golden_conv. */
static int32_t textbook32(const struct golden_conv_cfg *g, const int32_t *chw,
                          const int32_t *kcrs, uint32_t k, uint32_t oy, uint32_t ox)
{
    int64_t acc = 0;
    for (uint32_t r = 0; r < g->kernel_h; r++)
        for (uint32_t s = 0; s < g->kernel_w; s++)
            for (uint32_t ch = 0; ch < g->kernel_c; ch++) {
                long iy = (long)(oy * g->stride_y + r * g->dilation_y) - (long)g->pad_top;
                long ix = (long)(ox * g->stride_x + s * g->dilation_x) - (long)g->pad_left;
                int64_t d;
                if (iy < 0 || ix < 0 || iy >= (long)g->in_h || ix >= (long)g->in_w) {
                    d = g->pad_value;
                } else {
                    d = chw[((size_t)ch * g->in_h + (size_t)iy) * g->in_w + (size_t)ix];
                    if (g->cvt_en)
                        d = golden_sat(golden_rsh((d - g->cvt_offset) * g->cvt_scale,
                                                  (int)g->cvt_truncate), g->int16 ? 16 : 8);
                }
                acc += (int64_t)kcrs[(((size_t)k * g->kernel_c + ch) * g->kernel_h + r) *
                                     g->kernel_w + s] * d;
            }
    return (int32_t)golden_sat(golden_rsh(golden_sat(acc, 48), (int)g->clip_truncate), 32);
}

START_TEST(test_random_vs_textbook)
{
    rng_state = 20240611u;
    for (int iter = 0; iter < 60; iter++) {
        struct golden_conv_cfg c;
        memset(&c, 0, sizeof c);
        c.in_w = 1 + rnd(7);
        c.in_h = 1 + rnd(7);
        c.in_c = c.kernel_c = 1 + rnd(20);
        c.kernels = 1 + rnd(20);
        c.kernel_w = 1 + rnd(4);
        c.kernel_h = 1 + rnd(4);
        c.stride_x = 1 + rnd(3);
        c.stride_y = 1 + rnd(3);
        c.dilation_x = 1 + rnd(3);
        c.dilation_y = 1 + rnd(3);
        c.pad_left = rnd(4);
        c.pad_top = rnd(4);
        c.pad_value = (int32_t)rnd(256) - 128;
        c.cvt_en = (int)rnd(2);
        c.cvt_offset = (int32_t)rnd(64) - 32;
        c.cvt_scale = (int32_t)rnd(512) - 256;
        c.cvt_truncate = rnd(9);
        c.clip_truncate = rnd(12);
        /* Output size as software would compute it, with a random right/
         * bottom pad (implicit in the CSC). */
        long ew = (long)(c.kernel_w - 1) * c.dilation_x + 1;
        long eh = (long)(c.kernel_h - 1) * c.dilation_y + 1;
        long ow = ((long)c.in_w + c.pad_left + rnd(4) - ew) / (long)c.stride_x + 1;
        long oh = ((long)c.in_h + c.pad_top + rnd(4) - eh) / (long)c.stride_y + 1;
        c.out_w = ow < 1 ? 1 : (uint32_t)ow;
        c.out_h = oh < 1 ? 1 : (uint32_t)oh;
        c.out_c = c.kernels + rnd(10);
        size_t nin = (size_t)c.in_w * c.in_h * c.in_c;
        size_t nw = (size_t)c.kernels * c.kernel_c * c.kernel_h * c.kernel_w;
        int8_t *chw = malloc(nin), *kcrs = malloc(nw);
        ck_assert(chw && kcrs);
        for (size_t i = 0; i < nin; i++)
            chw[i] = (int8_t)(rnd(256) - 128);
        for (size_t i = 0; i < nw; i++)
            kcrs[i] = (int8_t)(rnd(256) - 128);
        struct golden_tensor in, out;
        ck_assert_int_eq(golden_layout_from_nchw(&in, chw, c.in_w, c.in_h, c.in_c), 0);
        /* Garbage in the unused lanes of the last surface. */
        for (uint32_t l = c.in_c; l < in.surfaces * GOLDEN_LANES; l++)
            for (uint32_t y = 0; y < c.in_h; y++)
                for (uint32_t x = 0; x < c.in_w; x++)
                    golden_tensor_set(&in, x, y, l, (int32_t)rnd(256) - 128);
        size_t wb = (size_t)golden_conv_weight_bytes(&c);
        uint8_t *w = malloc(wb);
        ck_assert_ptr_nonnull(w);
        ck_assert_int_eq(golden_layout_weights_from_kcrs(&c, kcrs, w, wb), 0);
        ck_assert_int_eq(golden_tensor_init(&out, c.out_w, c.out_h, c.out_c), 0);
        char why[200] = "";
        if (golden_conv_check(&c, why, sizeof why) != 0)
            ck_abort_msg("iter %d: %s", iter, why);
        ck_assert_int_eq(golden_conv_run(&c, &in, w, wb, &out), 0);
        int32_t *chw32 = malloc(nin * sizeof *chw32), *kcrs32 = malloc(nw * sizeof *kcrs32);
        ck_assert(chw32 && kcrs32);
        for (size_t i = 0; i < nin; i++)
            chw32[i] = chw[i];
        for (size_t i = 0; i < nw; i++)
            kcrs32[i] = kcrs[i];
        for (uint32_t k = 0; k < out.surfaces * GOLDEN_LANES; k++)
            for (uint32_t oy = 0; oy < c.out_h; oy++)
                for (uint32_t ox = 0; ox < c.out_w; ox++) {
                    int32_t want = k < c.kernels ? textbook32(&c, chw32, kcrs32, k, oy, ox) : 0;
                    if (golden_tensor_get(&out, ox, oy, k) != want)
                        ck_abort_msg("iter %d k %u (%u, %u): got %d, textbook %d", iter, k, ox, oy,
                                     golden_tensor_get(&out, ox, oy, k), want);
                }
        free(chw);
        free(kcrs);
        free(chw32);
        free(kcrs32);
        free(w);
        golden_tensor_free(&in);
        golden_tensor_free(&out);
    }
}
END_TEST

/* ---- the fast path's own pieces ----------------------------------------- */

/* golden_conv_cacc is spelled out inline for speed: the same as the
 * golden_arith composition sat_32(rsh(sat_48(acc), clip)) at every clip,
 * on the edges (halves, 2^31, 2^47) and on random sums. */
START_TEST(test_cacc_matches_arith)
{
    static const int64_t edges[] = {
        0, 1, -1, 2, -2, 3, -3, 16383, -16384, INT32_MAX, INT32_MIN, (INT64_C(1) << 31),
        -(INT64_C(1) << 31) - 1, (INT64_C(1) << 47) - 1, -(INT64_C(1) << 47),
        (INT64_C(1) << 47), -(INT64_C(1) << 47) - 1, INT64_C(1) << 62, -(INT64_C(1) << 62),
        INT64_MAX, INT64_MIN,
    };
    struct golden_conv_cfg c = cfg_make(1, 1, 1, 1, 1, 1, 1, 1);
    rng_state = 7u;
    for (unsigned s = 0; s <= 31; s++) {
        c.clip_truncate = s;
        for (size_t i = 0; i < sizeof edges / sizeof edges[0] + 2000; i++) {
            int64_t acc;
            if (i < sizeof edges / sizeof edges[0]) {
                acc = edges[i];
            } else {
                /* random magnitudes of every size, and exact halves at s */
                int64_t m = (int64_t)((uint64_t)rnd(1u << 24) << rnd(26));
                if (s && rnd(2))
                    m = ((m >> s) << s) | (INT64_C(1) << (s - 1));
                acc = rnd(2) ? -m : m;
            }
            int64_t want = golden_sat(golden_rsh(golden_sat(acc, 48), (int)s), 32);
            if (golden_conv_cacc(&c, acc) != want)
                ck_abort_msg("clip %u acc %lld: got %d, want %lld",
                             s, (long long)acc, golden_conv_cacc(&c, acc), (long long)want);
        }
    }
}
END_TEST

/* The per-layer weight decode walks the bytes in layout order: the same
 * values as reading each weight at golden_conv_weight_offset, for INT8 and
 * INT16, partial groups and blocks, nv_small and nv_large atomics. */
START_TEST(test_weights_krsc_matches_offset)
{
    rng_state = 99u;
    for (int iter = 0; iter < 40; iter++) {
        struct golden_conv_cfg c = cfg_make(1, 1, 1 + rnd(80), 1 + rnd(3), 1 + rnd(3),
                                            1 + rnd(45), 1, 1);
        c.int16 = iter % 3 == 1;
        if (iter % 2) {
            c.atomic_c = 64;
            c.atomic_k = 32;
        }
        size_t wb = (size_t)golden_conv_weight_bytes(&c);
        uint8_t *w = malloc(wb);
        ck_assert_ptr_nonnull(w);
        for (size_t i = 0; i < wb; i++)
            w[i] = (uint8_t)rnd(256);
        const size_t len = (size_t)c.kernel_h * c.kernel_w * c.kernel_c, row = len + 3;
        int32_t *got = malloc(c.kernels * row * sizeof *got);
        int16_t *got16 = malloc(c.kernels * row * sizeof *got16);
        ck_assert(got && got16);
        golden_conv_weights_krsc(&c, w, got, row);
        if (!c.int16)
            golden_conv_weights_krsc_i8(&c, w, got16, row);
        for (uint32_t k = 0; k < c.kernels; k++)
            for (uint32_t r = 0; r < c.kernel_h; r++)
                for (uint32_t s = 0; s < c.kernel_w; s++)
                    for (uint32_t ch = 0; ch < c.kernel_c; ch++) {
                        uint64_t off = golden_conv_weight_offset(&c, k, ch, r, s);
                        int32_t want = c.int16
                                           ? (int32_t)golden_sx(w[off] | (uint32_t)w[off + 1] << 8, 16)
                                           : (int32_t)golden_sx(w[off], 8);
                        size_t at = (size_t)k * row + ((size_t)r * c.kernel_w + s) * c.kernel_c + ch;
                        if (got[at] != want)
                            ck_abort_msg("iter %d W[%u][%u][%u][%u]: %d, want %d",
                                         iter, k, ch, r, s, got[at], want);
                        if (!c.int16 && got16[at] != want)
                            ck_abort_msg("iter %d W[%u][%u][%u][%u] as int16: %d, want %d", iter, k, ch, r, s,
                                         got16[at], want);
                    }
        free(w);
        free(got);
        free(got16);
    }
}
END_TEST

/* The int16-operand path sums in int32: its longest row, 131064 terms
 * (R 3 x S 8 x C 5461), of -128 * -128 = 16384 each, is
 * 131064 * 16384 = 2147352576 = 2^31 - 131072, exact at clip 0 (one
 * more term would not fit: longer rows take the int64 path,
 * test_cacc_in_run's 131072 terms). */
START_TEST(test_narrow_longest_row)
{
    struct golden_conv_cfg c = cfg_make(8, 3, 5461, 8, 3, 1, 1, 1);
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 8, 3, 5461), 0);
    for (size_t i = 0; i < golden_tensor_count(&in); i++)
        in.data[i] = -128;
    size_t wb = (size_t)golden_conv_weight_bytes(&c);
    ck_assert_uint_eq(wb, 131064);
    uint8_t *w = malloc(wb);
    ck_assert_ptr_nonnull(w);
    memset(w, 0x80, wb);
    ck_assert_int_eq(golden_tensor_init(&out, 1, 1, 1), 0);
    ck_assert_int_eq(golden_conv_run(&c, &in, w, wb, &out), 0);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), 2147352576);
    free(w);
    golden_tensor_free(&in);
    golden_tensor_free(&out);
}
END_TEST


/* Random layers through each operand path against the textbook:
 *   0: INT8, raw data beyond 8 bits (converter off): int64 sums;
 *   1: INT16 with 16-bit data and weights: int64 sums;
 *   2: INT16 whose values all fit 8 bits: int16 operands, int32 sums;
 *   3: INT8 on nv_large's atomics (C 64, K 32, 32 lanes), wider layers.
 * Odd output counts and kernel counts leave partial 2x4 blocks. */
START_TEST(test_paths_vs_textbook)
{
    rng_state = 31337u;
    for (int iter = 0; iter < 48; iter++) {
        const int kind = iter % 4;
        struct golden_conv_cfg c;
        memset(&c, 0, sizeof c);
        c.in_w = 1 + rnd(9);
        c.in_h = 1 + rnd(9);
        c.in_c = c.kernel_c = 1 + rnd(kind == 3 ? 150 : 40);
        c.kernels = 1 + rnd(kind == 3 ? 70 : 20);
        c.kernel_w = 1 + rnd(4);
        c.kernel_h = 1 + rnd(4);
        c.stride_x = 1 + rnd(3);
        c.stride_y = 1 + rnd(3);
        c.dilation_x = 1 + rnd(3);
        c.dilation_y = 1 + rnd(3);
        c.pad_left = rnd(4);
        c.pad_top = rnd(4);
        c.int16 = kind == 1 || kind == 2;
        const int32_t lim = kind == 1 ? 32768 : 128;   /* operand magnitude bound */
        c.pad_value = (int32_t)rnd(2 * (uint32_t)lim) - lim;
        c.cvt_en = kind != 0 && rnd(2);
        c.cvt_offset = (int32_t)rnd(64) - 32;
        c.cvt_scale = kind == 2 ? 1 : (int32_t)rnd(512) - 256;
        c.cvt_truncate = kind == 2 ? 0 : rnd(9);
        c.clip_truncate = rnd(20);
        if (kind == 3) {
            c.atomic_c = 64;
            c.atomic_k = 32;
            c.lanes = 32;
        }
        long ew = (long)(c.kernel_w - 1) * c.dilation_x + 1;
        long eh = (long)(c.kernel_h - 1) * c.dilation_y + 1;
        long ow = ((long)c.in_w + c.pad_left + rnd(4) - ew) / (long)c.stride_x + 1;
        long oh = ((long)c.in_h + c.pad_top + rnd(4) - eh) / (long)c.stride_y + 1;
        c.out_w = ow < 1 ? 1 : (uint32_t)ow;
        c.out_h = oh < 1 ? 1 : (uint32_t)oh;
        c.out_c = c.kernels + rnd(10);
        char why[200] = "";
        if (golden_conv_check(&c, why, sizeof why) != 0)
            ck_abort_msg("iter %d: %s", iter, why);
        size_t nin = (size_t)c.in_w * c.in_h * c.in_c;
        size_t nw = (size_t)c.kernels * c.kernel_c * c.kernel_h * c.kernel_w;
        int32_t *chw = malloc(nin * sizeof *chw), *kcrs = malloc(nw * sizeof *kcrs);
        ck_assert(chw && kcrs);
        for (size_t i = 0; i < nin; i++)
            chw[i] = kind == 0 ? (int32_t)rnd(4001) - 2000   /* some fit 8 bits, most not */
                   : kind == 2 && c.cvt_en ? (int32_t)rnd(128) - 64
                                           : (int32_t)rnd(2 * (uint32_t)lim) - lim;
        for (size_t i = 0; i < nw; i++)
            kcrs[i] = (int32_t)rnd(2 * (uint32_t)lim) - lim;
        struct golden_tensor in, out;
        const uint32_t lanes = golden_conv_lanes(&c);
        ck_assert_int_eq(golden_tensor_init_lanes(&in, c.in_w, c.in_h, c.in_c, lanes), 0);
        for (uint32_t ch = 0; ch < in.surfaces * lanes; ch++)   /* garbage beyond C */
            for (uint32_t y = 0; y < c.in_h; y++)
                for (uint32_t x = 0; x < c.in_w; x++)
                    golden_tensor_set(&in, x, y, ch,
                                      ch < c.in_c ? chw[((size_t)ch * c.in_h + y) * c.in_w + x]
                                                  : (int32_t)rnd(256) - 128);
        const unsigned eb = golden_conv_elem_bytes(&c);
        size_t wb = (size_t)golden_conv_weight_bytes(&c);
        uint8_t *w = malloc(wb);
        ck_assert_ptr_nonnull(w);
        for (uint32_t k = 0; k < c.kernels; k++)
            for (uint32_t ch = 0; ch < c.kernel_c; ch++)
                for (uint32_t r = 0; r < c.kernel_h; r++)
                    for (uint32_t s = 0; s < c.kernel_w; s++) {
                        uint64_t off = golden_conv_weight_offset(&c, k, ch, r, s);
                        uint32_t v = (uint32_t)kcrs[(((size_t)k * c.kernel_c + ch) *
                                                     c.kernel_h + r) * c.kernel_w + s];
                        w[off] = (uint8_t)v;
                        if (eb == 2)
                            w[off + 1] = (uint8_t)(v >> 8);
                    }
        ck_assert_int_eq(golden_tensor_init_lanes(&out, c.out_w, c.out_h, c.out_c, lanes), 0);
        ck_assert_int_eq(golden_conv_run(&c, &in, w, wb, &out), 0);
        for (uint32_t k = 0; k < out.surfaces * lanes; k++)
            for (uint32_t oy = 0; oy < c.out_h; oy++)
                for (uint32_t ox = 0; ox < c.out_w; ox++) {
                    int32_t want = k < c.kernels ? textbook32(&c, chw, kcrs, k, oy, ox) : 0;
                    if (golden_tensor_get(&out, ox, oy, k) != want)
                        ck_abort_msg("iter %d (kind %d) k %u (%u, %u): got %d, textbook %d", iter,
                                     kind, k, ox, oy, golden_tensor_get(&out, ox, oy, k), want);
                }
        free(chw);
        free(kcrs);
        free(w);
        golden_tensor_free(&in);
        golden_tensor_free(&out);
    }
}
END_TEST

/* ---- image input -------------------------------------------------------- */

/* An INT8 image layer over in_w x in_h pixels of format f: kernel width 1
 * (pre-extended), C' = s_orig * Cp, no padding, converter off. */
static void img_make(struct golden_conv_cfg *c, struct golden_conv_img *img,
                     enum golden_pixel_format f, uint32_t w, uint32_t h, uint32_t s_orig,
                     uint32_t r, uint32_t k, uint32_t ow, uint32_t oh)
{
    unsigned cp = golden_pixel_components(f);
    *c = cfg_make(w, h, cp, 1, r, k, ow, oh);
    c->kernel_c = s_orig * cp;
    memset(img, 0, sizeof *img);
    img->format = f;
    img->line_stride = 64;
    img->uv_line_stride = 64;
}

/* Assemble and return line y (caller frees). */
static int32_t *assemble(const struct golden_conv_cfg *c, const struct golden_conv_img *img,
                         const struct golden_pixels *pix)
{
    char why[200] = "";
    ck_assert_msg(golden_conv_img_check(c, img, why, sizeof why) == 0, "%s", why);
    size_t n = golden_conv_img_line_len(c, img) * c->in_h;
    int32_t *lines = malloc(n * sizeof *lines);
    ck_assert_ptr_nonnull(lines);
    ck_assert_int_eq(golden_conv_img_assemble(c, img, pix, lines), 0);
    return lines;
}

static void expect_values(const int32_t *got, const int32_t *want, size_t n, const char *what)
{
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i])
            ck_abort_msg("%s [%zu]: got %d, expected %d", what, i, got[i], want[i]);
}

START_TEST(test_img_component_order)
{
    /* One pixel, bytes b0..b3 = 1, 2, 3, 4 at increasing addresses; the
     * converter off, so each element is the byte. Spec 8.6 table. */
    static const struct { enum golden_pixel_format f; int32_t e[4]; } t[] = {
        { GOLDEN_PIX_A8B8G8R8, { 1, 2, 3, 4 } }, { GOLDEN_PIX_X8B8G8R8, { 1, 2, 3, 4 } },
        { GOLDEN_PIX_A8R8G8B8, { 3, 2, 1, 4 } }, { GOLDEN_PIX_X8R8G8B8, { 3, 2, 1, 4 } },
        { GOLDEN_PIX_A8Y8U8V8, { 3, 2, 1, 4 } },
        { GOLDEN_PIX_B8G8R8A8, { 2, 3, 4, 1 } }, { GOLDEN_PIX_B8G8R8X8, { 2, 3, 4, 1 } },
        { GOLDEN_PIX_V8U8Y8A8, { 2, 3, 4, 1 } },
        { GOLDEN_PIX_R8G8B8A8, { 4, 3, 2, 1 } }, { GOLDEN_PIX_R8G8B8X8, { 4, 3, 2, 1 } },
    };
    const uint8_t mem[4] = { 1, 2, 3, 4 };
    struct golden_pixels pix = { mem, sizeof mem, NULL, 0 };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        struct golden_conv_cfg c;
        struct golden_conv_img img;
        img_make(&c, &img, t[i].f, 1, 1, 1, 1, 1, 1, 1);
        ck_assert_uint_eq(golden_pixel_components(t[i].f), 4);
        ck_assert_uint_eq(golden_pixel_bytes(t[i].f), 4);
        int32_t *l = assemble(&c, &img, &pix);
        expect_values(l, t[i].e, 4, "packed format");
        free(l);
    }
    /* T_R8: one component, the byte. */
    {
        struct golden_conv_cfg c;
        struct golden_conv_img img;
        img_make(&c, &img, GOLDEN_PIX_R8, 1, 1, 1, 1, 1, 1, 1);
        int32_t *l = assemble(&c, &img, &pix);
        ck_assert_int_eq(l[0], 1);
        free(l);
    }
    /* Semi-planar: Y = 10 in plane 0, chroma bytes (20, 30) in plane 1.
     * Y8___U8V8: (Y, 2nd, 1st) = (10, 30, 20); Y8___V8U8: (10, 20, 30). */
    {
        const uint8_t y[1] = { 10 }, uv[2] = { 20, 30 };
        struct golden_pixels sp = { y, 1, uv, 2 };
        struct golden_conv_cfg c;
        struct golden_conv_img img;
        img_make(&c, &img, GOLDEN_PIX_Y8___U8V8_N444, 1, 1, 1, 1, 1, 1, 1);
        ck_assert_uint_eq(golden_pixel_components(img.format), 3);
        ck_assert_uint_eq(golden_pixel_bytes(img.format), 1);
        int32_t *l = assemble(&c, &img, &sp);
        const int32_t uv_want[3] = { 10, 30, 20 };
        expect_values(l, uv_want, 3, "Y8___U8V8");
        free(l);
        img_make(&c, &img, GOLDEN_PIX_Y8___V8U8_N444, 1, 1, 1, 1, 1, 1, 1);
        l = assemble(&c, &img, &sp);
        const int32_t vu_want[3] = { 10, 20, 30 };
        expect_values(l, vu_want, 3, "Y8___V8U8");
        free(l);
    }
    /* Formats the model does not have (10/16-bit, pixel format 5). */
    ck_assert_uint_eq(golden_pixel_components((enum golden_pixel_format)5), 0);
    ck_assert_uint_eq(golden_pixel_components((enum golden_pixel_format)20), 0);
    ck_assert_uint_eq(golden_pixel_bytes((enum golden_pixel_format)30), 0);
}
END_TEST

START_TEST(test_img_sign_override)
{
    /* R8 pixel 0xF0. Converter on, offset 0, scale 1, truncate 0:
     * unsigned 240 -> sat_8 = 127; with the override sx_8 = -16.
     * Truncate 1: 240 / 2 = 120; -16 / 2 = -8.
     * Converter off: the byte as int8 (-16) whatever the override. */
    const uint8_t mem[1] = { 0xF0 };
    struct golden_pixels pix = { mem, 1, NULL, 0 };
    struct golden_conv_cfg c;
    struct golden_conv_img img;
    img_make(&c, &img, GOLDEN_PIX_R8, 1, 1, 1, 1, 1, 1, 1);
    c.cvt_en = 1;
    c.cvt_scale = 1;
    int32_t *l = assemble(&c, &img, &pix);
    ck_assert_int_eq(l[0], 127);
    free(l);
    img.sign_override = 1;
    l = assemble(&c, &img, &pix);
    ck_assert_int_eq(l[0], -16);
    free(l);
    c.cvt_truncate = 1;
    l = assemble(&c, &img, &pix);
    ck_assert_int_eq(l[0], -8);
    free(l);
    img.sign_override = 0;
    l = assemble(&c, &img, &pix);
    ck_assert_int_eq(l[0], 120);
    free(l);
    c.cvt_en = 0;
    l = assemble(&c, &img, &pix);
    ck_assert_int_eq(l[0], -16);
    free(l);
    img.sign_override = 1;
    l = assemble(&c, &img, &pix);
    ck_assert_int_eq(l[0], -16);
    free(l);
}
END_TEST

START_TEST(test_img_mean)
{
    /* A8B8G8R8 pixel bytes (11, 60, 25, 200) -> elements e0..e3 = same order.
     * Scale 2, truncate 1 (so value = q - M, exactly, then sat_8).
     * MEAN_FORMAT 1, means (10, 20, 30, 40): 1, 40, -5, 160 -> 127.
     * MEAN_FORMAT 0, CVT_OFFSET 100: -89, -40, -75, 100. */
    const uint8_t mem[4] = { 11, 60, 25, 200 };
    struct golden_pixels pix = { mem, 4, NULL, 0 };
    struct golden_conv_cfg c;
    struct golden_conv_img img;
    img_make(&c, &img, GOLDEN_PIX_A8B8G8R8, 1, 1, 1, 1, 1, 1, 1);
    c.cvt_en = 1;
    c.cvt_offset = 100;
    c.cvt_scale = 2;
    c.cvt_truncate = 1;
    img.mean_format = 1;
    img.mean[0] = 10;
    img.mean[1] = 20;
    img.mean[2] = 30;
    img.mean[3] = 40;
    int32_t *l = assemble(&c, &img, &pix);
    const int32_t want_mean[4] = { 1, 40, -5, 127 };
    expect_values(l, want_mean, 4, "per-component means");
    free(l);
    img.mean_format = 0;
    l = assemble(&c, &img, &pix);
    const int32_t want_off[4] = { -89, -40, -75, 100 };
    expect_values(l, want_off, 4, "global offset");
    free(l);
    /* Rounding of the mean-subtracted value: scale 1, truncate 1, means
     * (10, 10, -5, 0): bytes 13 -> 3/2 = 1.5 -> 2; 7 -> -3/2 -> -2;
     * 0 -> 5/2 = 2.5 -> 3; 255 -> 127.5 -> 128 -> sat 127.
     * Means are per component in the element order (R, G, B, A here). */
    const uint8_t mem2[4] = { 13, 7, 0, 255 };
    struct golden_pixels pix2 = { mem2, 4, NULL, 0 };
    img.mean_format = 1;
    img.mean[0] = 10;
    img.mean[1] = 10;
    img.mean[2] = -5;
    img.mean[3] = 0;
    c.cvt_scale = 1;
    l = assemble(&c, &img, &pix2);
    const int32_t want_round[4] = { 2, -2, 3, 127 };
    expect_values(l, want_round, 4, "mean rounding");
    free(l);
    /* Means follow the element, not the byte: A8R8G8B8 puts byte 2 in e0.
     * Bytes (13, 7, 0, 255): e = (0, 7, 13, 255) with means (10, 10, -5, 0):
     * (0-10)/2 = -5; (7-10)/2 = -1.5 -> -2; (13+5)/2 = 9; 127. */
    img.format = GOLDEN_PIX_A8R8G8B8;
    l = assemble(&c, &img, &pix2);
    const int32_t want_argb[4] = { -5, -2, 9, 127 };
    expect_values(l, want_argb, 4, "means per element");
    free(l);
}
END_TEST

START_TEST(test_img_x_offset_and_padding)
{
    /* R8, 2 pixels per line, 2 lines, line stride 16, x offset 3, CDMA
     * pad left 2 / right 1 with pad value -9. Memory byte i = i (line 1
     * starts at 16). Line 0 takes bytes 3, 4; line 1 bytes 19, 20:
     *   [-9, -9, 3, 4, -9], [-9, -9, 19, 20, -9].
     * With the converter on (offset 1, scale 1) the pixels drop by one and
     * the pads stay -9. */
    uint8_t mem[40];
    for (int i = 0; i < 40; i++)
        mem[i] = (uint8_t)i;
    struct golden_pixels pix = { mem, sizeof mem, NULL, 0 };
    struct golden_conv_cfg c;
    struct golden_conv_img img;
    img_make(&c, &img, GOLDEN_PIX_R8, 2, 2, 1, 1, 1, 5, 2);
    img.line_stride = 16;
    img.x_offset = 3;
    img.pad_left = 2;
    img.pad_right = 1;
    img.pad_value = -9;
    ck_assert_uint_eq(golden_conv_img_line_len(&c, &img), 5);
    int32_t *l = assemble(&c, &img, &pix);
    const int32_t want[10] = { -9, -9, 3, 4, -9, -9, -9, 19, 20, -9 };
    expect_values(l, want, 10, "R8 x offset / pads");
    free(l);
    c.cvt_en = 1;
    c.cvt_offset = 1;
    c.cvt_scale = 1;
    l = assemble(&c, &img, &pix);
    const int32_t want_cvt[10] = { -9, -9, 2, 3, -9, -9, -9, 18, 19, -9 };
    expect_values(l, want_cvt, 10, "R8 pads not converted");
    free(l);
    /* A8R8G8B8, 1 pixel, x offset 1: bytes 4..7 = (4, 5, 6, 7) -> e = (6, 5,
     * 4, 7); pad left 1 -> 4 components of -9 first. */
    img_make(&c, &img, GOLDEN_PIX_A8R8G8B8, 1, 1, 1, 1, 1, 2, 1);
    img.x_offset = 1;
    img.pad_left = 1;
    img.pad_value = -9;
    l = assemble(&c, &img, &pix);
    const int32_t want_argb[8] = { -9, -9, -9, -9, 6, 5, 4, 7 };
    expect_values(l, want_argb, 8, "A8R8G8B8 x offset");
    free(l);
    /* Semi-planar, x offset 2, 2 pixels: Y bytes 2, 3 of plane 0; chroma
     * pairs k = 2, 3 -> bytes (4, 5), (6, 7) of plane 1 (plane 1 = mem + 20,
     * so values 24..27). Y8___V8U8: (Y, 1st, 2nd):
     *   pixel 0: (2, 24, 25); pixel 1: (3, 26, 27). */
    struct golden_pixels sp = { mem, 20, mem + 20, 20 };
    img_make(&c, &img, GOLDEN_PIX_Y8___V8U8_N444, 2, 1, 1, 1, 1, 2, 1);
    img.x_offset = 2;
    l = assemble(&c, &img, &sp);
    const int32_t want_sp[6] = { 2, 24, 25, 3, 26, 27 };
    expect_values(l, want_sp, 6, "semi-planar x offset 2");
    free(l);
    /* x offset >= 4 (quirk 14, what the model does): chroma index
     * k = x_off + i - 4. x offset 5, 1 pixel: Y byte 5; chroma pair k = 1 ->
     * plane-1 bytes 2, 3 = 22, 23 -> (5, 22, 23). */
    img_make(&c, &img, GOLDEN_PIX_Y8___V8U8_N444, 1, 1, 1, 1, 1, 1, 1);
    img.x_offset = 5;
    l = assemble(&c, &img, &sp);
    const int32_t want_q[3] = { 5, 22, 23 };
    expect_values(l, want_q, 3, "semi-planar x offset 5");
    free(l);
}
END_TEST

START_TEST(test_img_memory_bounds)
{
    /* R8, 4 x 2, line stride 8, x offset 2: the last byte read is
     * 1*8 + 2 + 3 = 13, so 14 bytes are needed. */
    uint8_t mem[16] = { 0 };
    struct golden_conv_cfg c;
    struct golden_conv_img img;
    img_make(&c, &img, GOLDEN_PIX_R8, 4, 2, 1, 1, 1, 4, 2);
    img.line_stride = 8;
    img.x_offset = 2;
    int32_t lines[8];
    struct golden_pixels pix = { mem, 14, NULL, 0 };
    ck_assert_int_eq(golden_conv_img_assemble(&c, &img, &pix, lines), 0);
    pix.len0 = 13;
    ck_assert_int_eq(golden_conv_img_assemble(&c, &img, &pix, lines), -1);
    /* Semi-planar without a chroma plane, or one too short: chroma of the
     * last pixel of line 1 at 1*8 + 2*(2 + 3) + 1 = 19 -> 20 bytes. */
    img_make(&c, &img, GOLDEN_PIX_Y8___U8V8_N444, 4, 2, 1, 1, 1, 4, 2);
    img.line_stride = 8;
    img.uv_line_stride = 8;
    img.x_offset = 2;
    int32_t lines3[24];
    uint8_t uv[20] = { 0 };
    struct golden_pixels sp = { mem, 14, NULL, 0 };
    ck_assert_int_eq(golden_conv_img_assemble(&c, &img, &sp, lines3), -1);
    sp.plane1 = uv;
    sp.len1 = 20;
    ck_assert_int_eq(golden_conv_img_assemble(&c, &img, &sp, lines3), 0);
    sp.len1 = 19;
    ck_assert_int_eq(golden_conv_img_assemble(&c, &img, &sp, lines3), -1);
}
END_TEST

START_TEST(test_img_run)
{
    /* R8, 4 x 2 pixels, line 0 = (1, 2, 3, 4), line 1 = (10, 20, 30, 40);
     * CDMA pad left 1 / right 1 with -1 -> assembled
     *   A0 = [-1, 1, 2, 3, 4, -1], A1 = [-1, 10, 20, 30, 40, -1].
     * Original kernels S = 3, R = 2 (Cp = 1, so j = s, C' = 3), K = 2:
     *   k0: r0 = (1, 0, 0), r1 = (0, 1, 0);
     *   k1: r0 = (1, 1, 1), r1 = (2, 0, -1).
     * Stride x 2, CSC pad top 1 with value 5, out 2 x 3 (line oy - 1 + r).
     * k0 = A[oy-1][2ox] + A[oy][2ox+1]:
     *   oy 0: pad 5 + A0[1] = 6;    5 + A0[3] = 8
     *   oy 1: A0[0] + A1[1] = 9;    A0[2] + A1[3] = 32
     *   oy 2: A1[0] + pad 5 = 4;    A1[2] + 5 = 25
     * k1 = sum_j A[oy-1][2ox+j] + 2 A[oy][2ox] - A[oy][2ox+2]:
     *   oy 0: 15 + (-2 - 2) = 11;   15 + (4 - 4) = 15
     *   oy 1: (-1+1+2) + (-2-20) = -20;   (2+3+4) + (40-40) = 9
     *   oy 2: (-1+10+20) + (10-5) = 34;   (20+30+40) + 5 = 95 */
    const uint8_t mem[16] = { 1, 2, 3, 4, 0, 0, 0, 0, 10, 20, 30, 40 };
    struct golden_pixels pix = { mem, sizeof mem, NULL, 0 };
    struct golden_conv_cfg c;
    struct golden_conv_img img;
    img_make(&c, &img, GOLDEN_PIX_R8, 4, 2, 3, 2, 2, 2, 3);
    img.line_stride = 8;
    img.pad_left = img.pad_right = 1;
    img.pad_value = -1;
    c.stride_x = 2;
    c.pad_top = 1;
    c.pad_value = 5;
    const int8_t kcrs[] = { 1, 0, 0, 0, 1, 0, 1, 1, 1, 2, 0, -1 };   /* K x Cp x R x S */
    /* E = 1 layout (8.3 with S = 1, C = 3, K = 2: kpg 2, cb 3):
     * (k, j, r) -> r*(3*2) + k*3 + j; W[1][2][1] (= -1) at 6 + 3 + 2 = 11. */
    ck_assert_uint_eq(golden_conv_img_weight_bytes(&c), 12);
    ck_assert_uint_eq(golden_conv_img_weight_offset(&c, &img, 1, 2, 1), 11);
    uint8_t w[12];
    ck_assert_int_eq(golden_layout_img_weights_from_kcrs(&c, &img, kcrs, 3, w, sizeof w), 0);
    ck_assert_int_eq((int8_t)w[11], -1);
    struct golden_tensor out;
    ck_assert_int_eq(golden_tensor_init(&out, 2, 3, 2), 0);
    char why[200] = "";
    ck_assert_msg(golden_conv_img_check(&c, &img, why, sizeof why) == 0, "%s", why);
    ck_assert_int_eq(golden_conv_img_run(&c, &img, &pix, w, sizeof w, &out), 0);
    const int32_t k0[] = { 6, 8, 9, 32, 4, 25 }, k1[] = { 11, 15, -20, 9, 34, 95 };
    expect_plane(&out, 0, k0);
    expect_plane(&out, 1, k1);
    expect_lanes_zero_from(&out, 2);
    /* CACC applies: clip 1 -> 6/2 = 3, 95/2 = 47.5 -> 48, -20/2 = -10,
     * 9/2 = 4.5 -> 5. */
    c.clip_truncate = 1;
    ck_assert_int_eq(golden_conv_img_run(&c, &img, &pix, w, sizeof w, &out), 0);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), 3);
    ck_assert_int_eq(golden_tensor_get(&out, 1, 2, 1), 48);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 1, 1), -10);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 1, 0), 5);
    /* Y extension: E = 2 needs C' = 3 <= 8/2: allowed, same numbers (the
     * arithmetic does not depend on E, only the weight layout does);
     * E = 4 (3 > 8/4) is refused. Short weights are refused. */
    img.y_extension = 1;
    ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), 0);
    uint8_t w2[12];
    ck_assert_int_eq(golden_layout_img_weights_from_kcrs(&c, &img, kcrs, 3, w2, sizeof w2), 0);
    ck_assert_int_eq(golden_conv_img_run(&c, &img, &pix, w2, sizeof w2, &out), 0);
    ck_assert_int_eq(golden_tensor_get(&out, 1, 2, 1), 48);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 1, 1), -10);
    img.y_extension = 2;
    ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), -1);
    img.y_extension = 0;
    ck_assert_int_eq(golden_conv_img_run(&c, &img, &pix, w, sizeof w - 1, &out), -1);
    golden_tensor_free(&out);
}
END_TEST

START_TEST(test_img_y_extension_layout)
{
    struct golden_conv_cfg c;
    struct golden_conv_img img;
    /* E = 2, R = 3, C' = 2 (R8 kernel 2 wide), K = 3 (kpg 3):
     * offset = t*(E*C'*kpg) + kl*(nr*C') + (r - tE)*C' + j, t = r / 2,
     * nr = 2 for rows 0-1, 1 for row 2. Row group 0 is 2*2*3 = 12 bytes.
     * W[1][1][1] = 0 + 1*4 + 1*2 + 1 = 7; W[2][0][2] = 12 + 2*2 + 0 = 16;
     * W[2][1][0] = 2*4 + 1 = 9; W[2][1][2] = 17 (last of 18). */
    img_make(&c, &img, GOLDEN_PIX_R8, 4, 4, 2, 3, 3, 3, 2);
    img.y_extension = 1;
    char why[200] = "";
    ck_assert_msg(golden_conv_img_check(&c, &img, why, sizeof why) == 0, "%s", why);
    ck_assert_uint_eq(golden_conv_img_weight_offset(&c, &img, 1, 1, 1), 7);
    ck_assert_uint_eq(golden_conv_img_weight_offset(&c, &img, 2, 0, 2), 16);
    ck_assert_uint_eq(golden_conv_img_weight_offset(&c, &img, 2, 1, 0), 9);
    ck_assert_uint_eq(golden_conv_img_weight_offset(&c, &img, 2, 1, 2), 17);
    /* E = 4, R = 5, C' = 2, K = 9: group 1 (kernel 8, kpg 1) starts at
     * 8*R*C' = 80; its row group 1 (row 4, nr 1) at 80 + 4*2*1 = 88:
     * W[8][1][4] = 89 (last of 90). Group 0: W[3][0][2] = 3*(4*2) + 2*2 = 28. */
    img_make(&c, &img, GOLDEN_PIX_R8, 4, 8, 2, 5, 9, 3, 4);
    img.y_extension = 2;
    ck_assert_msg(golden_conv_img_check(&c, &img, why, sizeof why) == 0, "%s", why);
    ck_assert_uint_eq(golden_conv_img_weight_bytes(&c), 90);
    ck_assert_uint_eq(golden_conv_img_weight_offset(&c, &img, 8, 1, 4), 89);
    ck_assert_uint_eq(golden_conv_img_weight_offset(&c, &img, 3, 0, 2), 28);
    /* Bijective for E = 1, 2, 4 on a few shapes. */
    const uint32_t geo[][4] = { { 3, 3, 2, 1 }, { 9, 5, 2, 2 }, { 17, 7, 1, 2 }, { 10, 4, 4, 1 },
                                { 12, 6, 8, 0 } };   /* K, R, C', E log2 */
    for (size_t i = 0; i < sizeof geo / sizeof geo[0]; i++) {
        img_make(&c, &img, GOLDEN_PIX_R8, 16, 16, geo[i][2], geo[i][1], geo[i][0], 1, 1);
        img.y_extension = geo[i][3];
        ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), 0);
        uint64_t n = golden_conv_img_weight_bytes(&c);
        uint8_t *seen = calloc(n, 1);
        for (uint32_t k = 0; k < c.kernels; k++)
            for (uint32_t r = 0; r < c.kernel_h; r++)
                for (uint32_t j = 0; j < c.kernel_c; j++) {
                    uint64_t o = golden_conv_img_weight_offset(&c, &img, k, j, r);
                    if (o >= n || seen[o])
                        ck_abort_msg("geometry %zu: (%u, %u, %u) at %llu %s", i, k, j, r, (unsigned long long)o,
                                     o >= n ? "past the weights" : "twice");
                    seen[o] = 1;
                }
        free(seen);
    }
}
END_TEST

/* Textbook image convolution in pixel space with the original kernel:
 * P(e, line, px) = CSC pad if the line is outside the image, else CDMA pad
 * if the pixel is outside [0, W), else the converted component. */
static int32_t img_textbook(const struct golden_conv_cfg *c, const struct golden_conv_img *img,
                            const int32_t *conv_px /* [y][x][e] converted */, const int8_t *kcrs,
                            uint32_t s_orig, uint32_t k, uint32_t oy, uint32_t ox)
{
    unsigned cp = golden_pixel_components(img->format);
    int64_t acc = 0;
    for (uint32_t r = 0; r < c->kernel_h; r++)
        for (uint32_t s = 0; s < s_orig; s++)
            for (uint32_t e = 0; e < cp; e++) {
                long y = (long)(oy * c->stride_y + r) - (long)c->pad_top;
                long x = (long)(ox * c->stride_x + s) - (long)img->pad_left;
                int64_t d;
                if (y < 0 || y >= (long)c->in_h)
                    d = c->pad_value;
                else if (x < 0 || x >= (long)c->in_w)
                    d = img->pad_value;
                else
                    d = conv_px[((size_t)y * c->in_w + (size_t)x) * cp + e];
                acc += d * kcrs[(((size_t)k * cp + e) * c->kernel_h + r) * s_orig + s];
            }
    return (int32_t)golden_sat(golden_rsh(acc, (int)c->clip_truncate), 32);
}

START_TEST(test_img_random_vs_textbook)
{
    static const enum golden_pixel_format fmts[] = {
        GOLDEN_PIX_R8, GOLDEN_PIX_A8B8G8R8, GOLDEN_PIX_B8G8R8A8, GOLDEN_PIX_Y8___U8V8_N444,
    };
    rng_state = 777u;
    for (int iter = 0; iter < 40; iter++) {
        struct golden_conv_cfg c;
        struct golden_conv_img img;
        enum golden_pixel_format f = fmts[iter % 4];
        unsigned cp = golden_pixel_components(f), bpp = golden_pixel_bytes(f);
        uint32_t w = 1 + rnd(6), h = 1 + rnd(6), s_orig = 1 + rnd(3), r = 1 + rnd(3);
        uint32_t k = 1 + rnd(10);
        img_make(&c, &img, f, w, h, s_orig, r, k, 1, 1);
        img.y_extension = (s_orig * cp <= 4) ? rnd(s_orig * cp <= 2 ? 3 : 2) : 0;
        img.x_offset = rnd(4);
        img.pad_left = rnd(3);
        img.pad_right = rnd(3);
        img.pad_value = (int32_t)rnd(256) - 128;
        img.sign_override = (int)rnd(2);
        img.mean_format = (int)rnd(2);
        for (int e = 0; e < 4; e++)
            img.mean[e] = (int32_t)rnd(200) - 100;
        img.line_stride = 64;
        img.uv_line_stride = 48;
        c.cvt_en = (int)rnd(2);
        c.cvt_offset = (int32_t)rnd(100) - 50;
        c.cvt_scale = (int32_t)rnd(64) - 16;
        c.cvt_truncate = rnd(5);
        c.stride_x = 1 + rnd(2);
        c.stride_y = 1 + rnd(2);
        c.pad_top = rnd(3);
        c.pad_value = (int32_t)rnd(256) - 128;
        c.clip_truncate = rnd(4);
        uint32_t pw = img.pad_left + w + img.pad_right;
        c.out_w = pw >= s_orig ? (pw - s_orig) / c.stride_x + 1 : 1;
        if (pw < s_orig)
            img.pad_right += s_orig - pw;
        uint32_t ph = h + c.pad_top + rnd(3);   /* with an implicit bottom pad */
        c.out_h = ph >= r ? (ph - r) / c.stride_y + 1 : 1;
        char why[200] = "";
        if (golden_conv_img_check(&c, &img, why, sizeof why) != 0)
            ck_abort_msg("iter %d: %s", iter, why);
        uint8_t p0[64 * 6], p1[48 * 6];
        for (size_t i = 0; i < sizeof p0; i++)
            p0[i] = (uint8_t)rnd(256);
        for (size_t i = 0; i < sizeof p1; i++)
            p1[i] = (uint8_t)rnd(256);
        struct golden_pixels pix = { p0, sizeof p0, p1, sizeof p1 };
        /* Converted pixels, the textbook way (x offset < 4 here). */
        int32_t *px = malloc((size_t)w * h * cp * sizeof *px);
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                for (unsigned e = 0; e < cp; e++) {
                    size_t a = (size_t)y * 64 + (size_t)(img.x_offset + x) * bpp;
                    uint8_t q;
                    if (cp == 1)
                        q = p0[a];
                    else if (cp == 3)   /* Y8___U8V8: Y, 2nd, 1st chroma byte */
                        q = e == 0 ? p0[a]
                                   : p1[(size_t)y * 48 + 2 * (size_t)(img.x_offset + x) +
                                        (e == 1 ? 1 : 0)];
                    else if (f == GOLDEN_PIX_A8B8G8R8)
                        q = p0[a + e];
                    else   /* B8G8R8A8: e -> byte (1, 2, 3, 0) */
                        q = p0[a + (e + 1) % 4];
                    int64_t v;
                    if (!c.cvt_en) {
                        v = (int8_t)q;
                    } else {
                        int64_t qq = img.sign_override ? (int8_t)q : q;
                        int64_t m = img.mean_format ? img.mean[e] : c.cvt_offset;
                        v = golden_sat(golden_rsh((qq - m) * c.cvt_scale, (int)c.cvt_truncate), 8);
                    }
                    px[((size_t)y * w + x) * cp + e] = (int32_t)v;
                }
        size_t nk = (size_t)k * cp * r * s_orig;
        int8_t *kcrs = malloc(nk);
        for (size_t i = 0; i < nk; i++)
            kcrs[i] = (int8_t)(rnd(256) - 128);
        size_t wb = (size_t)golden_conv_img_weight_bytes(&c);
        uint8_t *wt = malloc(wb);
        ck_assert_int_eq(golden_layout_img_weights_from_kcrs(&c, &img, kcrs, s_orig, wt, wb), 0);
        struct golden_tensor out;
        ck_assert_int_eq(golden_tensor_init(&out, c.out_w, c.out_h, c.out_c), 0);
        ck_assert_int_eq(golden_conv_img_run(&c, &img, &pix, wt, wb, &out), 0);
        for (uint32_t kk = 0; kk < c.kernels; kk++)
            for (uint32_t oy = 0; oy < c.out_h; oy++)
                for (uint32_t ox = 0; ox < c.out_w; ox++) {
                    int32_t want = img_textbook(&c, &img, px, kcrs, s_orig, kk, oy, ox);
                    if (golden_tensor_get(&out, ox, oy, kk) != want)
                        ck_abort_msg("iter %d fmt %d k %u (%u, %u): got %d, textbook %d", iter,
                                     (int)f, kk, ox, oy, golden_tensor_get(&out, ox, oy, kk), want);
                }
        expect_lanes_zero_from(&out, c.kernels);
        free(px);
        free(kcrs);
        free(wt);
        golden_tensor_free(&out);
    }
}
END_TEST

START_TEST(test_img_check_rejections)
{
    struct golden_conv_cfg c, ok;
    struct golden_conv_img img, iok;
    img_make(&ok, &iok, GOLDEN_PIX_A8B8G8R8, 4, 4, 2, 2, 4, 3, 3);
    char why[200] = "";
    ck_assert_msg(golden_conv_img_check(&ok, &iok, why, sizeof why) == 0, "%s", why);
    /* Line of 4 pixels * 4 = 16 elements; out_w 3 reads 2*4 + 8 = 16: fits;
     * out_w 4 reads 20. */
    c = ok; img = iok; c.out_w = 4;
    ck_assert_int_eq(golden_conv_img_check(&c, &img, why, sizeof why), -1);
    img.pad_right = 1;   /* 20 elements now */
    ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), 0);
    c = ok; img = iok; c.kernel_w = 2;
    ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), -1);
    c = ok; img = iok; c.in_c = 3;                /* not Cp */
    ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), -1);
    c = ok; img = iok; c.dilation_x = 2;
    ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), -1);
    c = ok; img = iok; c.int16 = 1;
    ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), -1);
    c = ok; img = iok; img.format = (enum golden_pixel_format)9;   /* 16-bit format */
    ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), -1);
    c = ok; img = iok; img.y_extension = 1;     /* C' = 8 > 8/2 */
    ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), -1);
    c = ok; img = iok; img.y_extension = 3;
    ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), -1);
    c = ok; img = iok; img.x_offset = 32;
    ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), -1);
    c = ok; img = iok; img.pad_right = 64;
    ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), -1);
    c = ok; img = iok; img.pad_value = -129;
    ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), -1);
    c = ok; img = iok; img.mean[2] = 40000;
    ck_assert_int_eq(golden_conv_img_check(&c, &img, NULL, 0), -1);
}
END_TEST

/* Direct-convolution weights (in-memory format): groups of atomic K
 * kernels, cut into 1x1xC' cubes of atomic C channels, scanned C' -> K ->
 * W -> H -> C. Hand-worked positions for 1x1 kernels:
 *  nv_large (C 64, K 32), 40 kernels x 70 channels: group 0 holds 32 whole
 *    kernels (2240 bytes); group 1 (8 kernels) first has channels 0..63 of
 *    its 8 kernels (512), then channels 64..69 of each (6 per kernel):
 *    W[33][65] = 2240 + 512 + 1 * 6 + 1 = 2759;
 *  nv_medium_512 (C 32, K 16), 20 kernels x 40 channels: group 1 (4 kernels)
 *    at 16 * 40 = 640, its block 1 (channels 32..39, 8 each) at 640 + 32 * 4:
 *    W[17][33] = 768 + 1 * 8 + 1 = 777;
 *  nv_small (C 8, K 8), same 20 x 40: group 2 (4 kernels) at 16 * 40 = 640,
 *    block 4 at 640 + 4 * 8 * 4 = 768: W[17][33] = 768 + 1 * 8 + 1 = 777 too;
 *    W[1][9] = block 1 of group 0: 8 * 8 + 1 * 8 + 1 = 73. */
START_TEST(test_weight_offset_per_configuration)
{
    struct golden_conv_cfg c;
    memset(&c, 0, sizeof c);
    c.kernel_w = c.kernel_h = 1;
    c.kernel_c = 70;
    c.kernels = 40;
    c.atomic_c = 64;
    c.atomic_k = 32;
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 33, 65, 0, 0), 2759);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 31, 69, 0, 0), 2239);   /* last of group 0 */
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 32, 0, 0, 0), 2240);
    c.kernel_c = 40;
    c.kernels = 20;
    c.atomic_c = 32;
    c.atomic_k = 16;
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 17, 33, 0, 0), 777);
    c.atomic_c = c.atomic_k = 0;   /* nv_small's 8 and 8 */
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 17, 33, 0, 0), 777);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 1, 9, 0, 0), 73);
    /* 3x3, nv_large, 32 kernels x 128 channels: one group; block 1 starts
     * after 64 channels x 9 taps x 32 kernels; tap (r 1, s 2) = 5 within
     * it: W[3][70] = 18432 + 5 * 64 * 32 + 3 * 64 + 6 */
    c.kernel_w = c.kernel_h = 3;
    c.kernel_c = 128;
    c.kernels = 32;
    c.atomic_c = 64;
    c.atomic_k = 32;
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 3, 70, 1, 2), 18432 + 10240 + 192 + 6);
}
END_TEST

/* nv_medium_512 (atomic C 32, K 16, 16-byte atoms) and nv_medium_1024_full
 * (C 32, K 32): 20 kernels of 3x3x40, the shapes the held-back traces
 * stress (C between one and two blocks, K not a multiple of atomic K).
 * e = g * (AK*R*S*C) + b * (AC*R*S*kpg) + (r*S + s) * (cb*kpg) + kl*cb + c % AC
 * with kpg the kernels of the group, cb the channels of the block.
 *  nv_medium_512, W[18][35][2][1]: group 1 (kernels 16..19, kpg 4) starts
 *    at 16*9*40 = 5760; block 1 (channels 32..39, cb 8) after 32*9*4 = 1152;
 *    tap 2*3+1 = 7 after 7*8*4 = 224; kernel 2 of the group after 2*8 = 16;
 *    channel 35 % 32 = 3: 5760 + 1152 + 224 + 16 + 3 = 7155.
 *    W[18][20][2][1]: block 0 (cb 32): 5760 + 7*32*4 + 2*32 + 20 = 6740.
 *    Were the blocks the 16-byte atom (16 channels), channel 20 would sit in
 *    block 1: 5760 + 16*9*4 + 7*16*4 + 2*16 + 4 = 6820, so 6740 says the
 *    layout follows atomic C, as the in-memory formats' 64-channel small
 *    cubes of nv_full (atomic C 64, 32-byte atom) do.
 *    Last group 0 / block 0 byte W[15][31][2][2] = 8*32*16 + 15*32 + 31 =
 *    4607, block 1 of group 0 starts at 32*9*16 = 4608; the very last byte
 *    W[19][39][2][2] = 5760 + 1152 + 8*8*4 + 3*8 + 7 = 7199 of 7200.
 *  nv_medium_1024_full, one group of 20: W[18][35][2][1] = block 1 at
 *    32*9*20 = 5760, + 7*8*20 + 18*8 + 3 = 5760 + 1120 + 144 + 3 = 7027. */
START_TEST(test_weight_offset_medium_configurations)
{
    struct golden_conv_cfg c = cfg_make(3, 3, 40, 3, 3, 20, 1, 1);
    c.atomic_c = 32;
    c.atomic_k = 16;
    c.lanes = 16;
    ck_assert_uint_eq(golden_conv_weight_bytes(&c), 7200);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 18, 35, 2, 1), 7155);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 18, 20, 2, 1), 6740);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 15, 31, 2, 2), 4607);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 0, 32, 0, 0), 4608);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 19, 39, 2, 2), 7199);
    expect_bijective(&c);
    c.atomic_k = 32;
    c.lanes = 32;
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 18, 35, 2, 1), 7027);
    expect_bijective(&c);
}
END_TEST

/* The run reads weights where the nv_medium_512 layout puts them and
 * writes 16-lane output surfaces. 1x1 kernels, 18 of them, 40 channels:
 * group 1 (kernels 16, 17) at 16 * 40 = 640; W[16][20] in block 0 at
 * 640 + 0 * 32 + 20 = 660; W[17][39] in block 1 (cb 8), after 32 * 2 = 64
 * bytes of block 0: 640 + 64 + 1 * 8 + 7 = 719 (the last of 720 bytes).
 * Input channel 20 = 5, channel 39 = 4, lanes 40..47 of the last 16-lane
 * surface hold 99 (must not be read): out[16] = 3 * 5 = 15,
 * out[17] = -2 * 4 = -8, every other lane of the two 16-lane output
 * surfaces 0. */
START_TEST(test_run_medium_512_layout)
{
    struct golden_conv_cfg c = cfg_make(1, 1, 40, 1, 1, 18, 1, 1);
    c.atomic_c = 32;
    c.atomic_k = 16;
    c.lanes = 16;
    uint8_t w[720] = { 0 };
    w[660] = 3;
    w[719] = (uint8_t)-2;
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init_lanes(&in, 1, 1, 40, 16), 0);
    for (uint32_t ch = 40; ch < 48; ch++)
        golden_tensor_set(&in, 0, 0, ch, 99);
    golden_tensor_set(&in, 0, 0, 20, 5);
    golden_tensor_set(&in, 0, 0, 39, 4);
    ck_assert_int_eq(golden_tensor_init_lanes(&out, 1, 1, 18, 16), 0);
    ck_assert_uint_eq(out.surfaces, 2);
    ck_assert_int_eq(golden_conv_run(&c, &in, w, sizeof w, &out), 0);
    for (uint32_t k = 0; k < 32; k++)
        ck_assert_int_eq(golden_tensor_get(&out, 0, 0, k), k == 16 ? 15 : k == 17 ? -8 : 0);
    /* an 8-lane output tensor is not the configuration's: refused */
    struct golden_tensor o8;
    ck_assert_int_eq(golden_tensor_init(&o8, 1, 1, 18), 0);
    ck_assert_int_eq(golden_conv_run(&c, &in, w, sizeof w, &o8), -1);
    golden_tensor_free(&o8);
    golden_tensor_free(&in);
    golden_tensor_free(&out);
}
END_TEST

/* INT16 weights group half the atomic K (in-memory formats: 16 INT16
 * kernels a group where INT8 has 32) in blocks of atomic C elements.
 * nv_large sizes (C 64, K 32), 20 kernels x 70 channels, 1x1, INT16:
 * group 0 holds kernels 0..15 (kpg 16): W[1][65] is in block 1 (cb 6)
 * after 64 * 16 = 1024 elements: 1024 + 1 * 6 + 1 = 1031 -> byte 2062
 * (with a 32-kernel group it would be 64 * 20 + 6 + 1 = 1287).
 * W[16][0] opens group 1 at 16 * 70 = 1120 elements -> byte 2240. */
START_TEST(test_weight_offset_int16_group)
{
    struct golden_conv_cfg c = cfg_make(1, 1, 70, 1, 1, 20, 1, 1);
    c.int16 = 1;
    c.atomic_c = 64;
    c.atomic_k = 32;
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 1, 65, 0, 0), 2062);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 16, 0, 0, 0), 2240);
    expect_bijective(&c);
    c.int16 = 0;   /* INT8: one group of 20 */
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 1, 65, 0, 0), 1287);
    ck_assert_uint_eq(golden_conv_weight_offset(&c, 16, 0, 0, 0), 16 * 64);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("golden_conv");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_weight_offset_10_4);
    tcase_add_test(tc, test_weight_offset_partial_group_and_block);
    tcase_add_test(tc, test_weight_layout_bijective);
    tcase_add_test(tc, test_weight_offset_medium_configurations);
    tcase_add_test(tc, test_run_medium_512_layout);
    tcase_add_test(tc, test_weight_offset_int16_group);
    tcase_add_test(tc, test_run_reads_partial_layout);
    tcase_add_test(tc, test_stride);
    tcase_add_test(tc, test_padding_value);
    tcase_add_test(tc, test_padding_top_bottom_and_channels);
    tcase_add_test(tc, test_dilation);
    tcase_add_test(tc, test_cvt);
    tcase_add_test(tc, test_cvt_applies_to_every_data_tap);
    tcase_add_test(tc, test_unused_data_lanes_ignored);
    tcase_add_test(tc, test_output_lanes_beyond_k);
    tcase_add_test(tc, test_cacc_rounding_and_saturation);
    tcase_add_test(tc, test_cacc_in_run);
    tcase_add_test(tc, test_int16);
    tcase_add_test(tc, test_int16_negative_saturation);
    tcase_add_test(tc, test_check_rejections);
    tcase_add_test(tc, test_random_vs_textbook);
    tcase_add_test(tc, test_cacc_matches_arith);
    tcase_add_test(tc, test_weights_krsc_matches_offset);
    tcase_add_test(tc, test_narrow_longest_row);
    tcase_add_test(tc, test_paths_vs_textbook);
    tcase_add_test(tc, test_img_component_order);
    tcase_add_test(tc, test_img_sign_override);
    tcase_add_test(tc, test_img_mean);
    tcase_add_test(tc, test_img_x_offset_and_padding);
    tcase_add_test(tc, test_img_memory_bounds);
    tcase_add_test(tc, test_img_run);
    tcase_add_test(tc, test_img_y_extension_layout);
    tcase_add_test(tc, test_img_random_vs_textbook);
    tcase_add_test(tc, test_img_check_rejections);
    tcase_add_test(tc, test_weight_offset_per_configuration);
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
