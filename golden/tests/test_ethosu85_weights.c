/* Unit tests for the Ethos-U85 weight and scale streams: ethosu85_scale_stream (both record
 * layouts by hand, refused records), ethosu85_fwd (headers and weights by hand, refusals, the
 * encoder round trip), ethosu85_weight_order (tiny kernels worked by hand: element rounding,
 * serpentine, stride phases, depth-wise padding, the IFM block direction, stream interleave,
 * FWD interleave), ethosu85_weight_params_from_regs (each branch of the mapping), random
 * invariants, and Vela 5.2's own streams (ethosu85_weight_vectors.h, from
 * scripts/gen/ethosu85_weight_vectors.py) decoded, also in one ethosu85_weights_decode call, to
 * the networks' weights, biases and scales.
 *
 * Notation in the comments: oN = OFM channel N, iN = IFM channel N, (x,y) = kernel column and
 * row, P = padding. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu85_fwd.h"
#include "ethosu85_scale_stream.h"
#include "ethosu85_weight_order.h"
#include "ethosu85_weight_vectors.h"
#include "ethosu_mlw.h"
#include "ethosu_mlw_encode.h"

#define N_VECTORS (sizeof ethosu85_weight_vectors / sizeof ethosu85_weight_vectors[0])

/* ---- scale stream ------------------------------------------------------------------------ */

START_TEST(test_scale_i32_by_hand)
{
    /* I32: bias b[31:0], scale b[62:32], shift b[69:64].
     * record 0: bias -2 = fe ff ff ff, scale 0x40000001 = 01 00 00 40, shift 35 = 0x23
     * record 1: bias 0x7fffffff, scale 0x7fffffff (31 bits: byte 7 = 0x7f), shift 63 */
    const uint8_t buf[20] = {0xfe, 0xff, 0xff, 0xff, 0x01, 0x00, 0x00, 0x40, 0x23, 0x00,
                             0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff, 0x7f, 0x3f, 0x00};
    int64_t bias[2];
    uint32_t scale[2];
    uint8_t shift[2];
    char err[200];
    ck_assert_int_eq(ethosu85_scale_stream_parse(buf, sizeof buf, 2, ETHOSU85_ACC_I32, bias, scale,
                                                 shift, err, sizeof err), 0);
    ck_assert(bias[0] == -2);
    ck_assert_uint_eq(scale[0], 0x40000001u);
    ck_assert_uint_eq(shift[0], 35);
    ck_assert(bias[1] == INT32_MAX);
    ck_assert_uint_eq(scale[1], 0x7fffffffu);
    ck_assert_uint_eq(shift[1], 63);
}
END_TEST

START_TEST(test_scale_i48_by_hand)
{
    /* I48: bias b[47:0], scale b[62:48], shift b[69:64].
     * record 0: bias -0x123456789a (48 bits: 66 87 a9 cb ed ff), scale 0x4001 (01 40), shift 20
     * record 1: bias 2^47 - 1 (ff ff ff ff ff 7f), scale 0x7fff (ff 7f), shift 0 */
    const uint8_t buf[20] = {0x66, 0x87, 0xa9, 0xcb, 0xed, 0xff, 0x01, 0x40, 0x14, 0x00,
                             0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0x7f, 0x00, 0x00};
    int64_t bias[2];
    uint32_t scale[2];
    uint8_t shift[2];
    ck_assert_int_eq(ethosu85_scale_stream_parse(buf, sizeof buf, 2, ETHOSU85_ACC_I48, bias, scale,
                                                 shift, NULL, 0), 0);
    ck_assert(bias[0] == -INT64_C(0x123456789a));
    ck_assert_uint_eq(scale[0], 0x4001u);
    ck_assert_uint_eq(shift[0], 20);
    ck_assert(bias[1] == (INT64_C(1) << 47) - 1);
    ck_assert_uint_eq(scale[1], 0x7fffu);
    ck_assert_uint_eq(shift[1], 0);
    /* the same bytes read as I32: bias = low 32 bits, scale = bits 62:32 */
    ck_assert_int_eq(ethosu85_scale_stream_parse(buf, 10, 1, ETHOSU85_ACC_I32, bias, scale, shift,
                                                 NULL, 0), 0);
    ck_assert(bias[0] == (int32_t)0xcba98766u);
    ck_assert_uint_eq(scale[0], 0x4001ffedu);
}
END_TEST

START_TEST(test_scale_refused)
{
    uint8_t rec[10] = {0};
    int64_t bias;
    uint32_t scale;
    uint8_t shift;
    char err[200];
    /* each reserved bit: b[63] (byte 7 bit 7), b[71:70] (byte 8 bits 7:6), b[79:72] (byte 9) */
    const struct { unsigned byte; uint8_t bit; } bad[] = {{7, 0x80}, {8, 0x40}, {8, 0x80}, {9, 0x01},
                                                          {9, 0x80}};
    for (unsigned f = 0; f < 2; f++)
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            memset(rec, 0, sizeof rec);
            rec[bad[i].byte] = bad[i].bit;
            err[0] = 0;
            ck_assert_int_eq(ethosu85_scale_stream_parse(rec, 10, 1, f, &bias, &scale, &shift, err,
                                                         sizeof err), -1);
            ck_assert_ptr_nonnull(strstr(err, "reserved"));
        }
    memset(rec, 0, sizeof rec);
    ck_assert_int_eq(ethosu85_scale_stream_parse(rec, 9, 1, 0, &bias, &scale, &shift, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "holds 0 records"));
    ck_assert_int_eq(ethosu85_scale_stream_parse(rec, 10, 1, 2, &bias, &scale, &shift, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "acc_format"));
    ck_assert_int_eq(ethosu85_scale_stream_parse(NULL, 10, 1, 0, &bias, &scale, &shift, err, sizeof err), -1);
    ck_assert_int_eq(ethosu85_scale_stream_parse(rec, 10, 0, 0, NULL, NULL, NULL, err, sizeof err), 0);
}
END_TEST

START_TEST(test_scale_round_trip)
{
    const int64_t b32[3] = {0, INT32_MIN, INT32_MAX};
    const int64_t b48[3] = {0, -(INT64_C(1) << 47), (INT64_C(1) << 47) - 1};
    const uint32_t s32[3] = {0, 0x7fffffffu, 0x40000000u}, s48[3] = {0, 0x7fffu, 0x4000u};
    const uint8_t sh[3] = {0, 63, 31};
    uint8_t buf[30];
    int64_t bias[3];
    uint32_t scale[3];
    uint8_t shift[3];
    for (unsigned f = 0; f < 2; f++) {
        for (int i = 0; i < 3; i++)
            ck_assert_int_eq(ethosu85_scale_record_encode(f, f ? b48[i] : b32[i], f ? s48[i] : s32[i],
                                                          sh[i], buf + 10 * i), 0);
        ck_assert_int_eq(ethosu85_scale_stream_parse(buf, sizeof buf, 3, f, bias, scale, shift, NULL, 0), 0);
        for (int i = 0; i < 3; i++) {
            ck_assert(bias[i] == (f ? b48[i] : b32[i]));
            ck_assert_uint_eq(scale[i], f ? s48[i] : s32[i]);
            ck_assert_uint_eq(shift[i], sh[i]);
        }
    }
    /* out of each layout's range */
    ck_assert_int_eq(ethosu85_scale_record_encode(0, (INT64_C(1) << 31), 0, 0, buf), -1);
    ck_assert_int_eq(ethosu85_scale_record_encode(0, 0, 0x80000000u, 0, buf), -1);
    ck_assert_int_eq(ethosu85_scale_record_encode(1, (INT64_C(1) << 47), 0, 0, buf), -1);
    ck_assert_int_eq(ethosu85_scale_record_encode(1, 0, 0x8000u, 0, buf), -1);
    ck_assert_int_eq(ethosu85_scale_record_encode(1, 0, 0, 64, buf), -1);
    ck_assert_int_eq(ethosu85_scale_record_encode(2, 0, 0, 0, buf), -1);
    /* record counts: depth rounded to the microblock depth rounded up to 16 */
    ck_assert_uint_eq(ethosu85_scale_record_count(20, 8), 32);
    ck_assert_uint_eq(ethosu85_scale_record_count(16, 16), 16);
    ck_assert_uint_eq(ethosu85_scale_record_count(65, 64), 128);
    ck_assert_uint_eq(ethosu85_scale_record_count(0, 8), 0);
}
END_TEST

/* ---- fast weight format ------------------------------------------------------------------ */

static void put_bits(uint8_t *buf, size_t pos, unsigned len, unsigned v)
{
    for (unsigned i = 0; i < len; i++, pos++)
        if ((v >> i) & 1u)
            buf[pos >> 3] |= (uint8_t)(1u << (pos & 7));
}

START_TEST(test_fwd_by_hand)
{
    uint8_t s[64];
    int16_t w[8];
    struct ethosu85_fwd_header h;
    char err[200];
    /* LUT2: bit 1; palette {5, -3, 0, 127}: codes 10, 7, 0, 254 at bits 112, 121, 130, 139;
     * indices 1 3 0 2 1 -> bits 256.. = 01 11 00 10 01 (LSB first per index): byte 32 =
     * 1 | 3<<2 | 0<<4 | 2<<6 = 0x8d, byte 33 = 1 */
    memset(s, 0, sizeof s);
    put_bits(s, 1, 1, 1);
    put_bits(s, 112, 9, 10);
    put_bits(s, 121, 9, 7);
    put_bits(s, 130, 9, 0);
    put_bits(s, 139, 9, 254);
    s[32] = 0x8d;
    s[33] = 0x01;
    ck_assert_int_eq(ethosu85_fwd_parse_header(s, sizeof s, &h, err, sizeof err), 0);
    ck_assert_int_eq(h.mode, ETHOSU85_FWD_LUT2);
    ck_assert_int_eq(h.lut[0], 5);
    ck_assert_int_eq(h.lut[1], -3);
    ck_assert_int_eq(h.lut[3], 127);
    ck_assert_int_eq(ethosu85_fwd_decode(s, sizeof s, 5, w, err, sizeof err), 0);
    const int16_t e2[5] = {-3, 127, 5, 0, -3};
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(w[i], e2[i]);

    /* LUT4 (no flag): indices 4 bits, the same palette: 3, 0 -> byte 32 = 0x03 */
    memset(s, 0, sizeof s);
    put_bits(s, 112, 9, 10);
    put_bits(s, 139, 9, 254);
    s[32] = 0x03;
    ck_assert_int_eq(ethosu85_fwd_decode(s, sizeof s, 2, w, err, sizeof err), 0);
    ck_assert_int_eq(w[0], 127);
    ck_assert_int_eq(w[1], 5);

    /* RAW with ZADJ -20 (bits 104..111 = 0xec): weight = (int8)byte + 20 */
    memset(s, 0, sizeof s);
    put_bits(s, 0, 1, 1);
    put_bits(s, 104, 8, 0xec);
    s[32] = 0x80; /* -128 -> -108 */
    s[33] = 0x7f; /* 127 -> 147 */
    s[34] = 0x00; /* 0 -> 20 */
    ck_assert_int_eq(ethosu85_fwd_decode(s, sizeof s, 3, w, err, sizeof err), 0);
    ck_assert_int_eq(w[0], -108);
    ck_assert_int_eq(w[1], 147);
    ck_assert_int_eq(w[2], 20);
    /* 32 data bytes hold 32 raw weights, not 33 */
    ck_assert_int_eq(ethosu85_fwd_decode(s, sizeof s, 32, w == NULL ? NULL : (int16_t[32]){0}, err,
                                         sizeof err), 0);
    ck_assert_int_eq(ethosu85_fwd_decode(s, sizeof s, 33, (int16_t[33]){0}, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "33 needed"));

    /* refused headers */
    put_bits(s, 1, 1, 1);
    ck_assert_int_eq(ethosu85_fwd_parse_header(s, sizeof s, &h, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "both"));
    memset(s, 0, sizeof s);
    put_bits(s, 57, 1, 1);
    ck_assert_int_eq(ethosu85_fwd_parse_header(s, sizeof s, &h, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "reserved header bit 57"));
    ck_assert_int_eq(ethosu85_fwd_parse_header(s, 31, &h, err, sizeof err), -1);
}
END_TEST

START_TEST(test_fwd_round_trip)
{
    /* four value sets: LUT2, LUT4, RAW needing +adjust, RAW needing -adjust; and forced RAW */
    srand(85);
    for (int t = 0; t < 5; t++) {
        size_t n = 1 + (size_t)(rand() % 700);
        int16_t *w = malloc(n * sizeof *w), *d = malloc(n * sizeof *d);
        ck_assert_ptr_nonnull(w);
        ck_assert_ptr_nonnull(d);
        for (size_t i = 0; i < n; i++) {
            int r = rand();
            w[i] = t == 0   ? (int16_t)(r % 4 * 7 - 10)
                   : t == 1 ? (int16_t)(r % 16 * 5 - 40)
                   : t == 2 ? (int16_t)(r % 256 - 255)
                   : t == 3 ? (int16_t)(r % 256)
                            : (int16_t)(r % 3 - 1);
        }
        w[0] = t == 2 ? -255 : t == 3 ? 255 : w[0];
        uint8_t buf[800];
        long len = ethosu85_fwd_encode(w, n, t == 4, buf, sizeof buf);
        ck_assert_int_gt(len, 0);
        ck_assert_int_eq(len % 32, 0);
        struct ethosu85_fwd_header h;
        ck_assert_int_eq(ethosu85_fwd_parse_header(buf, (size_t)len, &h, NULL, 0), 0);
        const enum ethosu85_fwd_mode want[5] = {ETHOSU85_FWD_LUT2, ETHOSU85_FWD_LUT4,
                                                ETHOSU85_FWD_RAW, ETHOSU85_FWD_RAW, ETHOSU85_FWD_RAW};
        ck_assert_int_eq(h.mode, want[t]);
        if (t == 2)
            ck_assert_int_eq(h.zero_adjust, 127);
        if (t == 3)
            ck_assert_int_eq(h.zero_adjust, -128);
        ck_assert_int_eq(ethosu85_fwd_decode(buf, (size_t)len, n, d, NULL, 0), 0);
        ck_assert_mem_eq(w, d, n * sizeof *w);
        free(w);
        free(d);
    }
    int16_t wide[2] = {-200, 100}; /* 301 apart: no RAW can hold it */
    uint8_t buf[64];
    int16_t many[17]; /* 17 values (no palette), 320 apart (no RAW) */
    for (int i = 0; i < 17; i++)
        many[i] = (int16_t)(i * 20 - 200);
    ck_assert_int_eq(ethosu85_fwd_encode(many, 17, 0, buf, sizeof buf), -1);
    ck_assert_int_gt(ethosu85_fwd_encode(wide, 2, 0, buf, sizeof buf), 0); /* LUT2 holds them */
    ck_assert_int_eq(ethosu85_fwd_encode(wide, 2, 1, buf, sizeof buf), -1);
}
END_TEST

/* ---- the order, by hand ------------------------------------------------------------------- */

static struct ethosu85_weight_order_cfg cfg(enum ethosu85_weight_traversal t, uint32_t ofm,
                                            uint32_t kh, uint32_t kw, uint32_t ifm, uint32_t obd,
                                            uint32_t ibd, uint32_t u, unsigned bits, unsigned macs,
                                            unsigned streams)
{
    /* stride and dilation 1, sub-kernels of 8x8, standard format, dense */
    return (struct ethosu85_weight_order_cfg){
        .traversal = t, .ofm_depth = ofm, .kernel_h = kh, .kernel_w = kw, .ifm_depth = ifm,
        .ofm_block_depth = obd, .ifm_block_depth = ibd, .ofm_ublock_depth = u, .ifm_bits = bits,
        .macs = macs, .streams = streams, .stride_x = 1, .stride_y = 1, .dilation_x = 1,
        .dilation_y = 1, .kernel_split = 8,
    };
}

static int64_t *get_map(const struct ethosu85_weight_order_cfg *c, unsigned s, size_t n)
{
    ck_assert_uint_eq(ethosu85_weight_order_count(c, s), n);
    int64_t *m = malloc(n * sizeof *m);
    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(ethosu85_weight_order_map(c, s, m, n), 0);
    return m;
}

static int64_t ohwi(const struct ethosu85_weight_order_cfg *c, uint32_t o, uint32_t y, uint32_t x,
                    uint32_t i)
{
    return (((int64_t)o * c->kernel_h + y) * c->kernel_w + x) * c->ifm_depth + i;
}

START_TEST(test_order_part_kernel_tiny)
{
    /* PKF 8 bit, 1 stream: o8, 1x2 kernel, i8, OFM block 8 = microblock 8, IFM block 16.
     * The IFM microblock is the IFM block (16): per element two groups of 8 IFM channels, each
     * o0..o7 x i(8 per OFM channel); the second group is i8..i15: padding. 2 elements rounded
     * to 5: 3 padding elements of 16 x 8. Count 5 x 128 = 640. */
    struct ethosu85_weight_order_cfg c = cfg(ETHOSU85_PART_KERNEL_FIRST, 8, 1, 2, 8, 8, 16, 8, 8, 256, 1);
    int64_t *m = get_map(&c, 0, 640);
    ck_assert(m[0] == ohwi(&c, 0, 0, 0, 0));
    ck_assert(m[7] == ohwi(&c, 0, 0, 0, 7));
    ck_assert(m[8] == ohwi(&c, 1, 0, 0, 0));  /* next OFM channel */
    ck_assert(m[32] == ohwi(&c, 4, 0, 0, 0)); /* o4..o7: the second interleave group */
    ck_assert(m[63] == ohwi(&c, 7, 0, 0, 7));
    for (int i = 64; i < 128; i++)
        ck_assert(m[i] == -1); /* i8..i15 */
    ck_assert(m[128] == ohwi(&c, 0, 0, 1, 0)); /* element (1,0) */
    for (int i = 256; i < 640; i++)
        ck_assert(m[i] == -1);
    free(m);

    /* 16 bit: IFM microblock 8, elements rounded to 10: 2 x 8 x 8 + 8 x 64 = 640 */
    c.ifm_bits = 16;
    m = get_map(&c, 0, 640);
    ck_assert(m[64] == ohwi(&c, 0, 0, 1, 0));
    ck_assert(m[128] == -1);
    free(m);
}
END_TEST

START_TEST(test_order_serpentine_and_stride)
{
    /* Depth-wise 1 stream, u8, o1: the element order is the map at every 8th position.
     * 3x2 kernel (kw 3, kh 2), stride 1: (0,0) (1,0) (2,0) then row 1 backwards (2,1) (1,1)
     * (0,1). */
    struct ethosu85_weight_order_cfg c = cfg(ETHOSU85_DEPTHWISE, 1, 2, 3, 1, 8, 1, 8, 8, 256, 1);
    int64_t *m = get_map(&c, 0, 80); /* 6 elements rounded to 10, x 8 channels */
    const int64_t e[6] = {0, 1, 2, 5, 4, 3}; /* y * 3 + x */
    for (int k = 0; k < 6; k++) {
        ck_assert(m[8 * k] == e[k]);
        for (int z = 1; z < 8; z++)
            ck_assert(m[8 * k + z] == -1); /* o1..o7 past the depth */
    }
    free(m);

    /* 1x3 kernel, stride x 2: phase x 0 takes columns 0 and 2, phase 1 column 1 */
    c = cfg(ETHOSU85_DEPTHWISE, 1, 1, 3, 1, 8, 1, 8, 8, 256, 1);
    c.stride_x = 2;
    m = get_map(&c, 0, 80);
    ck_assert(m[0] == 0);
    ck_assert(m[8] == 2);
    ck_assert(m[16] == 1);
    free(m);

    /* 3x3 stride 2x2: phase (0,0) rows 0, 2 x columns 0, 2 (row 1 of the phase backwards),
     * phase (x1,y0) column 1 rows 0, 2, phase (x0,y1) row 1 columns 0, 2, phase (1,1) (1,1) */
    c = cfg(ETHOSU85_DEPTHWISE, 1, 3, 3, 1, 8, 1, 8, 8, 256, 1);
    c.stride_x = c.stride_y = 2;
    m = get_map(&c, 0, 80);
    const int64_t e2[9] = {0, 2, 8, 6, 1, 7, 3, 5, 4};
    for (int k = 0; k < 9; k++)
        ck_assert(m[8 * k] == e2[k]);
    free(m);

    /* depth-first ignores the stride */
    c = cfg(ETHOSU85_DEPTH_FIRST, 1, 1, 3, 8, 8, 64, 8, 8, 256, 1);
    c.stride_x = 2;
    m = get_map(&c, 0, 3 * 64 * 8);
    ck_assert(m[0] == ohwi(&c, 0, 0, 0, 0));
    ck_assert(m[512] == ohwi(&c, 0, 0, 1, 0));
    ck_assert(m[1024] == ohwi(&c, 0, 0, 2, 0));
    free(m);
}
END_TEST

START_TEST(test_order_depthwise_padding_streams)
{
    /* Depth-wise 3x3, o16, microblock 16, 2 streams (512 MACs, 8 bit: dw_pad 2). Stream 0
     * holds o0..o3 and o8..o11, stream 1 o4..o7 and o12..o15; per element 8 values. 9
     * elements, then (1 rounding + 2) padding elements: 12 x 8 = 96. */
    struct ethosu85_weight_order_cfg c = cfg(ETHOSU85_DEPTHWISE, 16, 3, 3, 1, 16, 1, 16, 8, 512, 2);
    for (unsigned s = 0; s < 2; s++) {
        int64_t *m = get_map(&c, s, 96);
        const uint32_t ch[8] = {0, 1, 2, 3, 8, 9, 10, 11};
        for (int z = 0; z < 8; z++) {
            ck_assert(m[z] == ohwi(&c, ch[z] + 4 * s, 0, 0, 0));
            ck_assert(m[24 + z] == ohwi(&c, ch[z] + 4 * s, 1, 2, 0)); /* 4th element: (2,1) */
        }
        for (int i = 72; i < 96; i++)
            ck_assert(m[i] == -1);
        free(m);
    }
    /* 1024 MACs: dw_pad 6, and a 5x5 kernel (25 -> 30 elements, dw_pad after each 10) */
    c = cfg(ETHOSU85_DEPTHWISE, 16, 5, 5, 1, 16, 1, 16, 8, 1024, 4);
    int64_t *m = get_map(&c, 0, (30 + 3 * 6) * 4);
    ck_assert(m[10 * 4] == -1);                   /* after 10 elements: 6 padding elements */
    ck_assert(m[16 * 4] == ohwi(&c, 0, 2, 0, 0)); /* element 11 = (0,2): row 2 forwards */
    free(m);
    /* 8 bit on 256 MACs: no dw_pad */
    c = cfg(ETHOSU85_DEPTHWISE, 8, 3, 3, 1, 8, 1, 8, 8, 256, 1);
    ck_assert_uint_eq(ethosu85_weight_order_count(&c, 0), 80);
    c.ifm_bits = 16; /* 16 bit: 2 */
    ck_assert_uint_eq(ethosu85_weight_order_count(&c, 0), 96);
}
END_TEST

START_TEST(test_order_ifm_block_direction)
{
    /* Depth-first 1x1, o16 in OFM blocks of 8, i80 in IFM blocks of 32: per IFM block 32 x 8
     * values. OFM block 0 walks IFM blocks 0, 32, 64; OFM block 1 64, 32, 0. */
    struct ethosu85_weight_order_cfg c = cfg(ETHOSU85_DEPTH_FIRST, 16, 1, 1, 80, 8, 32, 8, 16, 128, 1);
    int64_t *m = get_map(&c, 0, 2 * 3 * 256);
    const uint32_t first_ifm[6] = {0, 32, 64, 64, 32, 0};
    for (int b = 0; b < 6; b++)
        ck_assert(m[256 * b] == ohwi(&c, b < 3 ? 0 : 8, 0, 0, first_ifm[b]));
    ck_assert(m[2 * 256 + 16 * 8] == -1); /* i80.. of the last IFM block: padding */
    free(m);
    /* part-kernel-first 16 bit: the last IFM block only as deep as its channels (8) */
    c = cfg(ETHOSU85_PART_KERNEL_FIRST, 8, 1, 1, 24, 8, 16, 8, 16, 256, 1);
    ck_assert_uint_eq(ethosu85_weight_order_count(&c, 0), (16 + 8) * 8 * 10);
}
END_TEST

START_TEST(test_order_fwd_interleave)
{
    /* PKF 8 bit, o16, 3x3, i16, microblock 16, 2 streams: block = 16 * 16 * 5 / 2 = 640;
     * each stream's list is 16/2 x 16 x 10 = 1280 = two blocks: s0 b0, s1 b0, s0 b1, s1 b1. */
    struct ethosu85_weight_order_cfg c = cfg(ETHOSU85_PART_KERNEL_FIRST, 16, 3, 3, 16, 16, 16, 16, 8, 512, 2);
    c.fwd = 1;
    ck_assert_uint_eq(ethosu85_weight_order_coded_streams(&c), 1);
    ck_assert_uint_eq(ethosu85_weight_order_fwd_block(&c), 640);
    ck_assert_uint_eq(ethosu85_weight_order_count(&c, 0), 1280);
    ck_assert_uint_eq(ethosu85_weight_order_coded_count(&c, 0), 2560);
    ck_assert_uint_eq(ethosu85_weight_order_coded_count(&c, 1), 0);
    size_t nd = 16 * 9 * 16;
    int16_t *dense = malloc(nd * sizeof *dense), *coded = malloc(2560 * sizeof *coded);
    int16_t *one = malloc(1280 * sizeof *one);
    for (size_t i = 0; i < nd; i++)
        dense[i] = (int16_t)(i % 251 + 1);
    ck_assert_int_eq(ethosu85_weight_order_coded(&c, 0, dense, coded, 2560), 0);
    for (unsigned s = 0; s < 2; s++) {
        ck_assert_int_eq(ethosu85_weight_order(&c, s, dense, one, 1280), 0);
        ck_assert_mem_eq(coded + 640 * s, one, 640 * sizeof *one);
        ck_assert_mem_eq(coded + 1280 + 640 * s, one + 640, 640 * sizeof *one);
    }
    free(dense);
    free(coded);
    free(one);
}
END_TEST

START_TEST(test_order_rejects)
{
    struct ethosu85_weight_order_cfg c = cfg(ETHOSU85_DEPTH_FIRST, 8, 1, 1, 8, 8, 64, 8, 8, 256, 1);
    ck_assert_int_eq(ethosu85_weight_order_check(&c), 0);
    struct ethosu85_weight_order_cfg b = c;
    b.ofm_block_depth = 12; /* not whole microblocks */
    ck_assert_int_eq(ethosu85_weight_order_check(&b), -1);
    b = c;
    b.streams = 4; /* 8 is not a multiple of 4 x 4 */
    ck_assert_int_eq(ethosu85_weight_order_check(&b), -1);
    b = c;
    b.ifm_block_depth = 20;
    ck_assert_int_eq(ethosu85_weight_order_check(&b), -1);
    b = c;
    b.sparse = 1; /* IFM block 64 holds groups of 16: fine */
    ck_assert_int_eq(ethosu85_weight_order_check(&b), 0);
    b.ifm_block_depth = 8;
    ck_assert_int_eq(ethosu85_weight_order_check(&b), -1);
    b = cfg(ETHOSU85_DEPTHWISE, 8, 3, 3, 1, 8, 1, 8, 8, 256, 1);
    b.fwd = 1;
    ck_assert_int_eq(ethosu85_weight_order_check(&b), -1);
    b = c;
    b.macs = 64;
    ck_assert_int_eq(ethosu85_weight_order_check(&b), -1);
    b = c;
    b.dilation_x = 3;
    ck_assert_int_eq(ethosu85_weight_order_check(&b), -1);
    ck_assert_uint_eq(ethosu85_weight_order_count(&c, 1), 0); /* no stream 1 */
    ck_assert_int_eq(ethosu85_weight_order_check(NULL), -1);
    /* the closed form refuses what does not fit 64 bits: 2^16 x 2^16 x 2^32 */
    b = cfg(ETHOSU85_DEPTH_FIRST, 65536, 65536, 65536, 65536, 64, 64, 64, 8, 256, 1);
    ck_assert_uint_eq(ethosu85_weight_order_count(&b, 0), 0);
}
END_TEST

/* ---- parameters from the registers --------------------------------------------------------- */

static struct ethosu85_weight_fields fields(unsigned macs, unsigned microblock)
{
    struct ethosu85_weight_fields f;
    memset(&f, 0, sizeof f);
    f.macs = macs;
    f.microblock = microblock;
    f.ifm_depth_m1 = 63;
    f.ofm_depth_m1 = 63;
    f.ofm_blk_depth_m1 = 63;
    return f;
}

START_TEST(test_params_from_regs)
{
    struct ethosu85_weight_order_cfg c;
    char err[200];
    ck_assert_uint_eq(ethosu85_cores_for_macs(128), 1);
    ck_assert_uint_eq(ethosu85_cores_for_macs(256), 1);
    ck_assert_uint_eq(ethosu85_cores_for_macs(512), 2);
    ck_assert_uint_eq(ethosu85_cores_for_macs(1024), 4);
    ck_assert_uint_eq(ethosu85_cores_for_macs(2048), 4);
    ck_assert_uint_eq(ethosu85_cores_for_macs(64), 0);
    /* microblocks: 0 U1X1 1 U1X2 2 U1X4 3 U2X2 4 U2X4 5 U4X4 */
    ck_assert_uint_eq(ethosu85_ofm_ublock_depth(128, 1), 8);
    ck_assert_uint_eq(ethosu85_ofm_ublock_depth(128, 0), 16);
    ck_assert_uint_eq(ethosu85_ofm_ublock_depth(128, 3), 0);
    ck_assert_uint_eq(ethosu85_ofm_ublock_depth(256, 1), 16);
    ck_assert_uint_eq(ethosu85_ofm_ublock_depth(256, 2), 8);
    ck_assert_uint_eq(ethosu85_ofm_ublock_depth(256, 3), 8);
    ck_assert_uint_eq(ethosu85_ofm_ublock_depth(512, 3), 16);
    ck_assert_uint_eq(ethosu85_ofm_ublock_depth(512, 2), 16);
    ck_assert_uint_eq(ethosu85_ofm_ublock_depth(1024, 4), 16);
    ck_assert_uint_eq(ethosu85_ofm_ublock_depth(1024, 3), 32);
    ck_assert_uint_eq(ethosu85_ofm_ublock_depth(2048, 5), 16);
    ck_assert_uint_eq(ethosu85_ofm_ublock_depth(2048, 2), 64);

    /* a 3x3 dilated-by-2 part-kernel-first 16-bit conv on 1024 MACs, stride 3x2 */
    struct ethosu85_weight_fields f = fields(1024, 3);
    f.weight_order = 1;
    f.kernel_width_m1 = 4;
    f.kernel_height_m1 = 4;
    f.dilation_x = f.dilation_y = 1;
    f.stride_x_lsb = 0;
    f.stride_x_msb = 1;
    f.stride_y_lsb = 1;
    f.ifm_precision = 1;
    ck_assert_int_eq(ethosu85_weight_params_from_regs(&f, &c, err, sizeof err), 0);
    ck_assert_int_eq(c.traversal, ETHOSU85_PART_KERNEL_FIRST);
    ck_assert_uint_eq(c.kernel_w, 3);
    ck_assert_uint_eq(c.kernel_h, 3);
    ck_assert_uint_eq(c.dilation_x, 2);
    ck_assert_uint_eq(c.stride_x, 3);
    ck_assert_uint_eq(c.stride_y, 2);
    ck_assert_uint_eq(c.ifm_bits, 16);
    ck_assert_uint_eq(c.ofm_ublock_depth, 32);
    ck_assert_uint_eq(c.streams, 4);
    ck_assert_uint_eq(c.ifm_block_depth, 16);
    ck_assert_uint_eq(c.ofm_depth, 64);
    ck_assert_uint_eq(c.ofm_block_depth, 64);
    ck_assert_uint_eq(c.kernel_split, 8);

    /* IFM block depth of depth-first: 64; 32 on 128/256 MACs with a 16-deep microblock or at
     * 32 bit; 128 sparse at 8 bit, 64 sparse at 16 bit */
    f = fields(512, 3);
    ck_assert_int_eq(ethosu85_weight_params_from_regs(&f, &c, err, sizeof err), 0);
    ck_assert_uint_eq(c.ifm_block_depth, 64);
    f.weight_sparsity = 1;
    ck_assert_int_eq(ethosu85_weight_params_from_regs(&f, &c, err, sizeof err), 0);
    ck_assert_uint_eq(c.ifm_block_depth, 128);
    ck_assert_int_eq(c.sparse, 1);
    f.ifm_precision = 1;
    ck_assert_int_eq(ethosu85_weight_params_from_regs(&f, &c, err, sizeof err), 0);
    ck_assert_uint_eq(c.ifm_block_depth, 64);
    f = fields(128, 0); /* 1x1x16 */
    f.ifm_precision = 1;
    ck_assert_int_eq(ethosu85_weight_params_from_regs(&f, &c, err, sizeof err), 0);
    ck_assert_uint_eq(c.ifm_block_depth, 32);
    f = fields(256, 2);
    f.ifm_precision = 2;
    ck_assert_int_eq(ethosu85_weight_params_from_regs(&f, &c, err, sizeof err), 0);
    ck_assert_uint_eq(c.ifm_block_depth, 32);

    /* depth-wise: IFM depth 1 whatever IFM_DEPTH_M1 says; FWD format: one coded stream */
    f = fields(256, 1);
    f.depthwise = 1;
    ck_assert_int_eq(ethosu85_weight_params_from_regs(&f, &c, err, sizeof err), 0);
    ck_assert_int_eq(c.traversal, ETHOSU85_DEPTHWISE);
    ck_assert_uint_eq(c.ifm_depth, 1);
    f = fields(2048, 2);
    f.weight_format = 1;
    ck_assert_int_eq(ethosu85_weight_params_from_regs(&f, &c, err, sizeof err), 0);
    ck_assert_uint_eq(ethosu85_weight_order_coded_streams(&c), 1);

    /* refused */
    f = fields(512, 0); /* U1X1 is no 512-MAC microblock */
    ck_assert_int_eq(ethosu85_weight_params_from_regs(&f, &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "microblock"));
    f = fields(256, 3);
    f.kernel_width_m1 = 3; /* 4 wide: no kernel dilated by 2 */
    f.dilation_x = 1;
    ck_assert_int_eq(ethosu85_weight_params_from_regs(&f, &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "dilated"));
    f = fields(256, 3);
    f.ofm_blk_depth_m1 = 11; /* 12: not whole 8-deep microblocks */
    ck_assert_int_eq(ethosu85_weight_params_from_regs(&f, &c, err, sizeof err), -1);
    f = fields(300, 3);
    ck_assert_int_eq(ethosu85_weight_params_from_regs(&f, &c, err, sizeof err), -1);
    f = fields(256, 3);
    f.ifm_precision = 3;
    ck_assert_int_eq(ethosu85_weight_params_from_regs(&f, &c, err, sizeof err), -1);
    f = fields(1024, 3);
    f.depthwise = 1;
    f.weight_sparsity = 1;
    ck_assert_int_eq(ethosu85_weight_params_from_regs(&f, &c, err, sizeof err), -1);
}
END_TEST

/* ---- random invariants --------------------------------------------------------------------- */

START_TEST(test_random_invariants)
{
    srand(8585);
    const unsigned macs[5] = {128, 256, 512, 1024, 2048};
    for (int t = 0; t < 200; t++) {
        struct ethosu85_weight_order_cfg c;
        memset(&c, 0, sizeof c);
        c.macs = macs[rand() % 5];
        c.streams = c.macs == 512 ? 2 : c.macs >= 1024 ? 4 : 1;
        c.traversal = (enum ethosu85_weight_traversal)(rand() % 3);
        const uint32_t ublk[4] = {8, 16, 32, 64};
        do
            c.ofm_ublock_depth = ublk[rand() % 4];
        while (c.ofm_ublock_depth % (4 * c.streams));
        c.ofm_depth = 1 + (uint32_t)(rand() % 40);
        c.ofm_block_depth = c.ofm_ublock_depth * (1 + (uint32_t)(rand() % 3));
        /* mostly small kernels; one in four past 8 (several sub-kernels) */
        uint32_t kmax = rand() % 4 ? 5 : 11;
        c.kernel_h = 1 + (uint32_t)rand() % kmax;
        c.kernel_w = 1 + (uint32_t)rand() % kmax;
        c.ifm_bits = rand() % 2 ? 16 : 8;
        c.stride_x = 1 + (unsigned)(rand() % 4);
        c.stride_y = 1 + (unsigned)(rand() % 4);
        c.dilation_x = 1 + (unsigned)(rand() % 2);
        c.dilation_y = 1 + (unsigned)(rand() % 2);
        c.kernel_split = rand() % 4 ? 8 : 4;
        if (c.traversal == ETHOSU85_DEPTHWISE) {
            c.ifm_depth = 1;
            c.ifm_block_depth = 1;
        } else {
            c.ifm_depth = 1 + (uint32_t)(rand() % 70);
            c.sparse = rand() % 3 == 0;
            c.fwd = rand() % 3 == 0;
            c.ifm_block_depth = c.traversal == ETHOSU85_PART_KERNEL_FIRST ? 16 : 32u << (rand() % 3);
        }
        ck_assert_int_eq(ethosu85_weight_order_check(&c), 0);
        size_t nd = (size_t)c.ofm_depth * c.kernel_h * c.kernel_w * c.ifm_depth;
        int16_t *dense = malloc(nd * sizeof *dense), *back = calloc(nd, sizeof *back);
        uint8_t *seen = calloc(nd, 1);
        ck_assert_ptr_nonnull(dense);
        for (size_t i = 0; i < nd; i++)
            dense[i] = (int16_t)(rand() % 255 - 127);
        /* every dense weight in exactly one stream, once; streams equally long */
        size_t n = ethosu85_weight_order_count(&c, 0);
        ck_assert_uint_gt(n, 0);
        int64_t *m = malloc(n * sizeof *m);
        /* (a passing ck_assert writes Check's last-location record: per weight,
         * seconds; so a test per weight, an abort naming the first that fails) */
        for (unsigned s = 0; s < c.streams; s++) {
            ck_assert_uint_eq(ethosu85_weight_order_count(&c, s), n);
            ck_assert_int_eq(ethosu85_weight_order_map(&c, s, m, n), 0);
            for (size_t i = 0; i < n; i++) {
                if (m[i] < 0)
                    continue;
                if (m[i] >= (int64_t)nd || seen[m[i]])
                    ck_abort_msg("order %d stream %u position %zu: dense index %lld %s", t, s, i, (long long)m[i],
                                 m[i] >= (int64_t)nd ? "beyond the weights" : "a second time");
                seen[m[i]] = 1;
            }
        }
        for (size_t i = 0; i < nd; i++)
            if (!seen[i])
                ck_abort_msg("order %d: dense weight %zu in no stream", t, i);
        /* coded lists back to dense */
        unsigned k = ethosu85_weight_order_coded_streams(&c);
        int16_t *lists[4] = {0};
        size_t lens[4] = {0};
        for (unsigned j = 0; j < k; j++) {
            lens[j] = ethosu85_weight_order_coded_count(&c, j);
            lists[j] = malloc(lens[j] * sizeof *lists[j]);
            ck_assert_int_eq(ethosu85_weight_order_coded(&c, j, dense, lists[j], lens[j]), 0);
        }
        char err[200];
        ck_assert_int_eq(ethosu85_weights_to_dense(&c, (const int16_t *const *)lists, lens, back, nd,
                                                   err, sizeof err), 0);
        ck_assert_mem_eq(dense, back, nd * sizeof *dense);
        /* the same into the kernels' int32 weights */
        int32_t *back32 = malloc(nd * sizeof *back32);
        ck_assert_ptr_nonnull(back32);
        ck_assert_int_eq(ethosu85_weights_to_dense32(&c, (const int16_t *const *)lists, lens, back32, nd,
                                                     err, sizeof err), 0);
        for (size_t i = 0; i < nd; i++)
            if (back32[i] != dense[i])
                ck_abort_msg("order %d: int32 weight %zu is %d, the int16 one %d", t, i, back32[i], dense[i]);
        free(back32);
        /* a non-zero value at a padding position is refused */
        ck_assert_int_eq(ethosu85_weight_order_map(&c, 0, m, n), 0);
        for (size_t i = 0; i < n; i++)
            if (m[i] < 0 && !c.fwd) {
                lists[0][i] = 5;
                ck_assert_int_eq(ethosu85_weights_to_dense(&c, (const int16_t *const *)lists, lens,
                                                           back, nd, err, sizeof err), -1);
                char want[80];   /* the first such position, named */
                snprintf(want, sizeof want, "position %zu: padding holds 5", i);
                ck_assert_msg(strstr(err, want) != NULL, "order %d: %s (wanted %s)", t, err, want);
                break;
            }
        lens[0]--; /* one short */
        ck_assert_int_eq(ethosu85_weights_to_dense(&c, (const int16_t *const *)lists, lens, back, nd,
                                                   err, sizeof err), -1);
        for (unsigned j = 0; j < k; j++)
            free(lists[j]);
        free(m);
        free(dense);
        free(back);
        free(seen);
    }
}
END_TEST

/* ---- Vela's streams ---------------------------------------------------------------------- */

static uint64_t fnv1a(const int16_t *v, size_t n)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < n; i++)
        for (unsigned b = 0; b < 2; b++) {
            h ^= (uint8_t)((uint16_t)v[i] >> (8 * b));
            h *= UINT64_C(0x100000001b3);
        }
    return h;
}

START_TEST(test_vela_streams)
{
    const struct ethosu85_weight_vector *v = &ethosu85_weight_vectors[_i];
    struct ethosu85_weight_order_cfg c;
    char err[200];
    ck_assert_msg(ethosu85_weight_params_from_regs(&v->fields, &c, err, sizeof err) == 0, "%s: %s",
                  v->name, err);
    ck_assert_uint_eq(ethosu85_weight_order_coded_streams(&c), v->n_streams);

    int16_t *lists[4] = {0};
    size_t lens[4] = {0};
    for (unsigned k = 0; k < v->n_streams; k++) {
        if (c.fwd) {
            lens[k] = ethosu85_weight_order_coded_count(&c, k);
            lists[k] = malloc(lens[k] * sizeof *lists[k]);
            ck_assert_msg(ethosu85_fwd_decode(v->w[k], v->w_len[k], lens[k], lists[k], err,
                                              sizeof err) == 0, "%s: %s", v->name, err);
        } else {
            ck_assert_msg(ethosu_mlw_decode(v->w[k], v->w_len[k], &lists[k], &lens[k], err,
                                            sizeof err) == 0, "%s: %s", v->name, err);
        }
    }
    int16_t *dense = malloc(v->dense_len * sizeof *dense);
    ck_assert_msg(ethosu85_weights_to_dense(&c, (const int16_t *const *)lists, lens, dense,
                                            v->dense_len, err, sizeof err) == 0, "%s: %s", v->name, err);
    ck_assert_uint_eq((size_t)c.ofm_depth * c.kernel_h * c.kernel_w * c.ifm_depth, v->dense_len);
    for (int i = 0; i < 16; i++)
        ck_assert_int_eq(dense[i], v->dense_first[i]);
    ck_assert_msg(fnv1a(dense, v->dense_len) == v->dense_fnv1a, "%s: dense weights differ", v->name);

    /* the same in one call; a stream cut short is refused, naming it */
    int16_t *dense2 = malloc(v->dense_len * sizeof *dense2);
    ck_assert_int_eq(ethosu85_weights_decode(&c, v->w, v->w_len, dense2, v->dense_len, err, sizeof err), 0);
    ck_assert_mem_eq(dense, dense2, v->dense_len * sizeof *dense);
    size_t cut[4];
    memcpy(cut, v->w_len, sizeof cut);
    cut[v->n_streams - 1] = 8; /* FWD: no whole header; SWD: not whole 16-byte units */
    ck_assert_int_eq(ethosu85_weights_decode(&c, v->w, cut, dense2, v->dense_len, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "weight stream"));
    free(dense2);

    /* the order of the dense weights is what Vela coded (the SWD lists hold exactly the
     * count; the FWD one was read to the count) */
    for (unsigned k = 0; k < v->n_streams; k++) {
        size_t n = ethosu85_weight_order_coded_count(&c, k);
        ck_assert_uint_eq(lens[k], n);
        int16_t *again = malloc(n * sizeof *again);
        ck_assert_int_eq(ethosu85_weight_order_coded(&c, k, dense, again, n), 0);
        ck_assert_mem_eq(again, lists[k], n * sizeof *again);
        if (c.fwd) {
            /* FWD: our encoder writes Vela's bytes (sparse: RAW forced) */
            uint8_t *bytes = malloc(v->w_len[k]);
            long len = ethosu85_fwd_encode(again, n, c.sparse, bytes, v->w_len[k]);
            ck_assert_int_gt(len, 0);
            ck_assert_mem_eq(bytes, v->w[k], (size_t)len);
            free(bytes);
        } else {
            /* SWD: the project's encoder (not Vela's bytes) decodes back to the same list */
            uint8_t *enc;
            size_t enc_len, n2;
            int16_t *dec;
            ck_assert_int_eq(ethosu_mlw_encode(again, n, &enc, &enc_len, NULL, NULL, 0), 0);
            ck_assert_int_eq(ethosu_mlw_decode(enc, enc_len, &dec, &n2, NULL, 0), 0);
            ck_assert_uint_eq(n2, n);
            ck_assert_mem_eq(dec, again, n * sizeof *dec);
            free(enc);
            free(dec);
        }
        free(again);
    }

    /* scale stream: biases exact, scale * 2^-shift the network's requantisation */
    uint32_t od = c.ofm_depth;
    ck_assert_uint_ge(v->scale_len, (size_t)ethosu85_scale_record_count(od, c.ofm_ublock_depth) * 10);
    int64_t *bias = malloc(od * sizeof *bias);
    uint32_t *scale = malloc(od * sizeof *scale);
    uint8_t *shift = malloc(od);
    ck_assert_msg(ethosu85_scale_stream_parse(v->scale, v->scale_len, od, v->acc_format, bias,
                                              scale, shift, err, sizeof err) == 0, "%s: %s", v->name, err);
    for (uint32_t i = 0; i < od; i++) {
        ck_assert(bias[i] == v->bias[i]);
        double got = ldexp((double)scale[i], -(int)shift[i]);
        ck_assert_msg(fabs(got / v->rescale[i] - 1.0) < (v->acc_format ? 1.0 / 8192 : 1e-6),
                      "%s channel %u: %g vs %g", v->name, (unsigned)i, got, v->rescale[i]);
    }
    /* the records past the depth (up to Vela's count) are zero */
    uint32_t nrec = ethosu85_scale_record_count(od, c.ofm_ublock_depth);
    for (size_t b = (size_t)od * 10; b < (size_t)nrec * 10; b++)
        ck_assert_uint_eq(v->scale[b], 0);

    for (unsigned k = 0; k < v->n_streams; k++)
        free(lists[k]);
    free(dense);
    free(bias);
    free(scale);
    free(shift);
}
END_TEST

/* One case per stream the decoder reads: the scale records, the fast
 * format, the weight order (by hand, from the registers, at random, and
 * Vela's own streams end to end). */
static Suite *suite(void)
{
    TCase *scale = tcase_create("scale_records");
    tcase_add_test(scale, test_scale_i32_by_hand);
    tcase_add_test(scale, test_scale_i48_by_hand);
    tcase_add_test(scale, test_scale_refused);
    tcase_add_test(scale, test_scale_round_trip);
    Suite *s = suite_create("ethosu85_weights");
    suite_add_tcase(s, scale);
    TCase *fwd = tcase_create("fast_format");
    tcase_add_test(fwd, test_fwd_by_hand);
    tcase_add_test(fwd, test_fwd_round_trip);
    suite_add_tcase(s, fwd);
    TCase *order = tcase_create("weight_order");
    tcase_set_timeout(order, 60);   /* the random invariants and Vela's streams */
    tcase_add_test(order, test_order_part_kernel_tiny);
    tcase_add_test(order, test_order_serpentine_and_stride);
    tcase_add_test(order, test_order_depthwise_padding_streams);
    tcase_add_test(order, test_order_ifm_block_direction);
    tcase_add_test(order, test_order_fwd_interleave);
    tcase_add_test(order, test_order_rejects);
    tcase_add_test(order, test_params_from_regs);
    tcase_add_test(order, test_random_invariants);
    tcase_add_loop_test(order, test_vela_streams, 0, (int)N_VECTORS);
    suite_add_tcase(s, order);
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
