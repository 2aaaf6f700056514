/* Unit tests for golden_tensor: allocation and size checks, the NVDLA
 * feature layout (offset, span, locate) for packed and strided cubes with
 * 1- and 2-byte elements, sign-extending unpack and pack round trips.
 * Expected numbers are worked out by hand in the comments. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "golden_tensor.h"

START_TEST(test_init_count_index)
{
    struct golden_tensor t;
    /* 3 x 2 x 9: ceil(9/8) = 2 surfaces; 3 * 2 * 2 * 8 = 96 values. */
    ck_assert_int_eq(golden_tensor_init(&t, 3, 2, 9), 0);
    ck_assert_uint_eq(t.surfaces, 2);
    ck_assert_uint_eq(golden_tensor_count(&t), 96);
    for (size_t i = 0; i < 96; i++)
        ck_assert_int_eq(t.data[i], 0);
    /* (x 1, y 1, c 9): surface 1, lane 1 -> ((1*2 + 1)*3 + 1)*8 + 1 = 81. */
    ck_assert_uint_eq(golden_tensor_index(&t, 1, 1, 9), 81);
    golden_tensor_set(&t, 1, 1, 9, -77);
    ck_assert_int_eq(t.data[81], -77);
    ck_assert_int_eq(golden_tensor_get(&t, 1, 1, 9), -77);
    /* Lanes past c exist: lane 15 of surface 1 is the last value, 95. */
    ck_assert_uint_eq(golden_tensor_index(&t, 2, 1, 15), 95);
    golden_tensor_free(&t);
    ck_assert_ptr_null(t.data);
    ck_assert_uint_eq(golden_tensor_count(&t), 0);
    golden_tensor_free(&t);     /* twice is fine */
    golden_tensor_free(NULL);
}
END_TEST

START_TEST(test_init_rejects_bad_sizes)
{
    struct golden_tensor t;
    ck_assert_int_eq(golden_tensor_init(&t, 0, 4, 8), -1);
    ck_assert_ptr_null(t.data);
    ck_assert_uint_eq(golden_tensor_count(&t), 0);
    golden_tensor_free(&t);
    ck_assert_int_eq(golden_tensor_init(&t, 4, 0, 8), -1);
    ck_assert_int_eq(golden_tensor_init(&t, 4, 4, 0), -1);
    /* 2^32-1 squared times 2^29 surfaces times 8 lanes times 4 bytes is far
     * beyond any size_t: must fail without allocating a wrapped size. */
    ck_assert_int_eq(golden_tensor_init(&t, UINT32_MAX, UINT32_MAX, UINT32_MAX), -1);
    ck_assert_ptr_null(t.data);
    golden_tensor_free(&t);
}
END_TEST

START_TEST(test_layout_packed)
{
    /* w 5, h 3, 1 byte: line 5*8 = 40, surface 40*3 = 120. */
    struct golden_layout l = golden_layout_packed(5, 3, 1);
    ck_assert_uint_eq(l.line_stride, 40);
    ck_assert_uint_eq(l.surface_stride, 120);
    ck_assert_uint_eq(l.elem_bytes, 1);
    /* 2 bytes: line 5*8*2 = 80, surface 240. */
    l = golden_layout_packed(5, 3, 2);
    ck_assert_uint_eq(l.line_stride, 80);
    ck_assert_uint_eq(l.surface_stride, 240);
    /* (4, 2, 9) packed 2-byte: 240 + 2*80 + (4*8 + 1)*2 = 240 + 160 + 66 = 466. */
    ck_assert_uint_eq(golden_layout_offset(&l, 4, 2, 9), 466);
    /* Span of 5 x 3 x 9 (2 surfaces), 1 byte: (2-1)*120 + (3-1)*40 + 40 = 240
     * = exactly two packed surfaces. */
    l = golden_layout_packed(5, 3, 1);
    ck_assert_uint_eq(golden_layout_span(&l, 5, 3, 9), 240);
    ck_assert_uint_eq(golden_layout_span(&l, 5, 3, 8), 120);
}
END_TEST

START_TEST(test_layout_strided_offset_span)
{
    struct golden_layout l = { .line_stride = 0x100, .surface_stride = 0x1000, .elem_bytes = 1 };
    /* (2, 3, 13): 1*0x1000 + 3*0x100 + 2*8 + 5 = 4096 + 768 + 21 = 4885. */
    ck_assert_uint_eq(golden_layout_offset(&l, 2, 3, 13), 4885);
    ck_assert_uint_eq(golden_layout_offset(&l, 0, 0, 0), 0);
    /* 2 x 4 x 13: last atom ends at 0x1000 + 3*0x100 + 2*8 = 4096 + 768 + 16 = 4880. */
    ck_assert_uint_eq(golden_layout_span(&l, 2, 4, 13), 4880);

    struct golden_layout l2 = { .line_stride = 0x200, .surface_stride = 0x2000, .elem_bytes = 2 };
    /* (2, 3, 13), 2 bytes: 0x2000 + 3*0x200 + (2*8 + 5)*2 = 8192 + 1536 + 42 = 9770. */
    ck_assert_uint_eq(golden_layout_offset(&l2, 2, 3, 13), 9770);
    /* 2 x 3 x 13: 0x2000 + 2*0x200 + 2*8*2 = 8192 + 1024 + 32 = 9248. */
    ck_assert_uint_eq(golden_layout_span(&l2, 2, 3, 13), 9248);
    /* Degenerate cube: nothing to span. */
    ck_assert_uint_eq(golden_layout_span(&l2, 0, 3, 13), 0);
}
END_TEST

START_TEST(test_layout_locate)
{
    struct golden_layout l = { .line_stride = 0x100, .surface_stride = 0x1000, .elem_bytes = 1 };
    uint32_t x, y, c;
    unsigned b;
    /* Inverse of the 4885 case above (cube 3 x 4 x 16). */
    ck_assert_int_eq(golden_layout_locate(&l, 3, 4, 16, 4885, &x, &y, &c, &b), 0);
    ck_assert_uint_eq(x, 2);
    ck_assert_uint_eq(y, 3);
    ck_assert_uint_eq(c, 13);
    ck_assert_uint_eq(b, 0);
    /* A line of 3 atoms is 24 bytes: byte 24 of line 0 is in the gap. */
    ck_assert_int_eq(golden_layout_locate(&l, 3, 4, 16, 24, &x, &y, &c, &b), -1);
    /* 0x1000 - 1 lies after line 3 of surface 0 (ends at 0x300 + 24). */
    ck_assert_int_eq(golden_layout_locate(&l, 3, 4, 16, 0xFFF, &x, &y, &c, &b), -1);
    /* Past the cube: span = 0x1000 + 0x300 + 24 = 4888 is the first byte after. */
    ck_assert_int_eq(golden_layout_locate(&l, 3, 4, 16, 4888, &x, &y, &c, &b), -1);
    ck_assert_int_eq(golden_layout_locate(&l, 3, 4, 16, 4887, &x, &y, &c, &b), 0);
    ck_assert_uint_eq(c, 15);
    /* The 2-byte case: 9771 is the high byte of (2, 3, 13). */
    struct golden_layout l2 = { .line_stride = 0x200, .surface_stride = 0x2000, .elem_bytes = 2 };
    ck_assert_int_eq(golden_layout_locate(&l2, 3, 4, 16, 9771, &x, &y, &c, &b), 0);
    ck_assert_uint_eq(x, 2);
    ck_assert_uint_eq(y, 3);
    ck_assert_uint_eq(c, 13);
    ck_assert_uint_eq(b, 1);
}
END_TEST

/* Every byte of the cube maps back to its element, and exactly the cube's
 * bytes are found inside [0, span). */
static void locate_round_trip(const struct golden_layout *l, uint32_t w, uint32_t h, uint32_t ch)
{
    uint32_t s = golden_surfaces(ch);
    uint64_t span = golden_layout_span(l, w, h, ch);
    uint64_t found = 0;
    for (uint64_t off = 0; off < span + 16; off++) {
        uint32_t x, y, c;
        unsigned b;
        if (golden_layout_locate(l, w, h, ch, off, &x, &y, &c, &b) != 0)
            continue;
        ck_assert_uint_lt(off, span);
        ck_assert_uint_lt(x, w);
        ck_assert_uint_lt(y, h);
        ck_assert_uint_lt(c, s * 8);
        ck_assert_uint_lt(b, l->elem_bytes);
        ck_assert_uint_eq(golden_layout_offset(l, x, y, c) + b, off);
        found++;
    }
    ck_assert_uint_eq(found, (uint64_t)w * h * s * 8 * l->elem_bytes);
}

START_TEST(test_layout_locate_round_trip)
{
    struct golden_layout a = { 0x40, 0x140, 1, 8 };      /* gaps between lines and surfaces */
    locate_round_trip(&a, 3, 4, 20);
    struct golden_layout b = golden_layout_packed(5, 2, 2);
    locate_round_trip(&b, 5, 2, 9);
    struct golden_layout c = { 48, 48 * 3 + 8, 2, 8 };   /* 2-byte, uneven gaps */
    locate_round_trip(&c, 3, 3, 17);
}
END_TEST

START_TEST(test_layout_locate_overlapping)
{
    /* Lines 8 bytes apart but 16 bytes long (w = 2): bytes are shared; any
     * answer must still be an element that owns the byte. */
    struct golden_layout l = { 8, 100, 1, 8 };
    uint32_t x, y, c;
    unsigned b;
    /* Surface 0 spans 2 * 8 + 16 = 32 bytes, surface 1 starts at 100. */
    for (uint64_t off = 0; off < 132; off++) {
        if (off == 32)
            off = 100;
        ck_assert_int_eq(golden_layout_locate(&l, 2, 3, 16, off, &x, &y, &c, &b), 0);
        ck_assert_uint_eq(golden_layout_offset(&l, x, y, c) + b, off);
    }
    /* 32..99 is the gap between the surfaces, 132 is past the cube. */
    ck_assert_int_eq(golden_layout_locate(&l, 2, 3, 16, 40, &x, &y, &c, &b), -1);
    ck_assert_int_eq(golden_layout_locate(&l, 2, 3, 16, 132, &x, &y, &c, &b), -1);
}
END_TEST

START_TEST(test_unpack_sign_extension)
{
    struct golden_tensor t;
    uint8_t mem1[8] = { 0x80, 0x7F, 0xFF, 0x00, 0x01, 0xFE, 0x81, 0x40 };
    struct golden_layout l1 = golden_layout_packed(1, 1, 1);
    ck_assert_int_eq(golden_tensor_init(&t, 1, 1, 8), 0);
    golden_unpack(&l1, mem1, &t);
    /* Bytes as int8: 0x80 = -128, 0x7F = 127, 0xFF = -1, 0, 1, 0xFE = -2,
     * 0x81 = -127, 0x40 = 64. */
    const int32_t e1[8] = { -128, 127, -1, 0, 1, -2, -127, 64 };
    for (uint32_t c = 0; c < 8; c++)
        ck_assert_int_eq(golden_tensor_get(&t, 0, 0, c), e1[c]);
    golden_tensor_free(&t);

    /* Little-endian pairs: 0x1234 = 4660, 0x8000 = -32768, 0xFFFF = -1,
     * 0x7FFE = 32766, 0x0080 = 128 (not sign-extended from bit 7),
     * 0xFF7F = -129, 0x0000, 0x8001 = -32767. */
    uint8_t mem2[16] = { 0x34, 0x12, 0x00, 0x80, 0xFF, 0xFF, 0xFE, 0x7F,
                         0x80, 0x00, 0x7F, 0xFF, 0x00, 0x00, 0x01, 0x80 };
    struct golden_layout l2 = golden_layout_packed(1, 1, 2);
    ck_assert_int_eq(golden_tensor_init(&t, 1, 1, 3), 0);   /* lanes 3..7 still read */
    golden_unpack(&l2, mem2, &t);
    const int32_t e2[8] = { 4660, -32768, -1, 32766, 128, -129, 0, -32767 };
    for (uint32_t c = 0; c < 8; c++)
        ck_assert_int_eq(golden_tensor_get(&t, 0, 0, c), e2[c]);
    golden_tensor_free(&t);
}
END_TEST

START_TEST(test_unpack_strided)
{
    /* 2 x 2 x 9 with line 0x20, surface 0x50: element (1, 1, 8) is at
     * 0x50 + 0x20 + 8 = 0x78, element (0, 1, 3) at 0x20 + 3 = 0x23. */
    struct golden_layout l = { 0x20, 0x50, 1, 8 };
    uint8_t mem[0x90];
    memset(mem, 0, sizeof mem);
    mem[0x78] = 0x9C;   /* -100 */
    mem[0x23] = 0x05;
    struct golden_tensor t;
    ck_assert_int_eq(golden_tensor_init(&t, 2, 2, 9), 0);
    golden_unpack(&l, mem, &t);
    ck_assert_int_eq(golden_tensor_get(&t, 1, 1, 8), -100);
    ck_assert_int_eq(golden_tensor_get(&t, 0, 1, 3), 5);
    ck_assert_int_eq(golden_tensor_get(&t, 1, 0, 8), 0);
    golden_tensor_free(&t);
}
END_TEST

START_TEST(test_pack_truncates_and_round_trips)
{
    struct golden_tensor t, u;
    ck_assert_int_eq(golden_tensor_init(&t, 1, 1, 8), 0);
    /* Low byte only: 300 = 0x12C -> 0x2C; -129 = ...FF7F -> 0x7F; -1 -> 0xFF. */
    golden_tensor_set(&t, 0, 0, 0, 300);
    golden_tensor_set(&t, 0, 0, 1, -129);
    golden_tensor_set(&t, 0, 0, 2, -1);
    uint8_t m1[8];
    struct golden_layout l1 = golden_layout_packed(1, 1, 1);
    golden_pack(&l1, &t, m1);
    ck_assert_uint_eq(m1[0], 0x2C);
    ck_assert_uint_eq(m1[1], 0x7F);
    ck_assert_uint_eq(m1[2], 0xFF);
    ck_assert_uint_eq(m1[3], 0x00);
    /* Two bytes, little-endian: -2 -> FE FF; 0x12345 -> 45 23. */
    golden_tensor_set(&t, 0, 0, 0, -2);
    golden_tensor_set(&t, 0, 0, 1, 0x12345);
    uint8_t m2[16];
    struct golden_layout l2 = golden_layout_packed(1, 1, 2);
    golden_pack(&l2, &t, m2);
    ck_assert_uint_eq(m2[0], 0xFE);
    ck_assert_uint_eq(m2[1], 0xFF);
    ck_assert_uint_eq(m2[2], 0x45);
    ck_assert_uint_eq(m2[3], 0x23);
    golden_tensor_free(&t);

    /* Strided 2-byte round trip: gap bytes stay untouched, values that fit
     * come back unchanged. */
    struct golden_layout l = { 3 * 8 * 2 + 6, (3 * 8 * 2 + 6) * 2 + 10, 2, 8 };
    uint64_t span = golden_layout_span(&l, 3, 2, 11);
    uint8_t *mem = malloc(span);
    ck_assert_ptr_nonnull(mem);
    memset(mem, 0xAA, span);
    ck_assert_int_eq(golden_tensor_init(&t, 3, 2, 11), 0);
    ck_assert_int_eq(golden_tensor_init(&u, 3, 2, 11), 0);
    for (size_t i = 0; i < golden_tensor_count(&t); i++)
        t.data[i] = (int32_t)(i * 1237 % 65536) - 32768;
    golden_pack(&l, &t, mem);
    golden_unpack(&l, mem, &u);
    ck_assert_mem_eq(t.data, u.data, golden_tensor_count(&t) * sizeof(int32_t));
    uint64_t gaps = 0;
    for (uint64_t off = 0; off < span; off++) {
        uint32_t x, y, c;
        unsigned b;
        if (golden_layout_locate(&l, 3, 2, 11, off, &x, &y, &c, &b) != 0) {
            ck_assert_uint_eq(mem[off], 0xAA);
            gaps++;
        }
    }
    /* Lines are 48 bytes at stride 54, surfaces 118 apart, span
     * 118 + 54 + 48 = 220: gaps of 6 after three lines (not after the last,
     * the span ends there) + 10 more at the end of surface 0 = 28. */
    ck_assert_uint_eq(span, 220);
    ck_assert_uint_eq(gaps, 28);
    free(mem);
    golden_tensor_free(&t);
    golden_tensor_free(&u);
}
END_TEST

/* The same 2x1x40 int8 cube, packed, with the atoms of nv_small (8 lanes),
 * nv_medium_512 (16) and nv_large (32): element (1, 0, 35) is in surface
 * 35 / L at lane 35 % L of atom x = 1. */
START_TEST(test_layout_lanes_per_configuration)
{
    struct golden_layout s8 = golden_layout_packed_n(2, 1, 1, 8);
    struct golden_layout s16 = golden_layout_packed_n(2, 1, 1, 16);
    struct golden_layout s32 = golden_layout_packed_n(2, 1, 1, 32);
    ck_assert_uint_eq(s8.line_stride, 16);
    ck_assert_uint_eq(s16.line_stride, 32);
    ck_assert_uint_eq(s32.surface_stride, 64);
    ck_assert_uint_eq(golden_layout_offset(&s8, 1, 0, 35), 4 * 16 + 8 + 3);    /* 75 */
    ck_assert_uint_eq(golden_layout_offset(&s16, 1, 0, 35), 2 * 32 + 16 + 3);  /* 83 */
    ck_assert_uint_eq(golden_layout_offset(&s32, 1, 0, 35), 1 * 64 + 32 + 3);  /* 99 */
    /* whole atoms: 5, 3 and 2 surfaces */
    ck_assert_uint_eq(golden_layout_span(&s8, 2, 1, 40), 80);
    ck_assert_uint_eq(golden_layout_span(&s16, 2, 1, 40), 96);
    ck_assert_uint_eq(golden_layout_span(&s32, 2, 1, 40), 128);
    uint32_t x, y, c;
    unsigned b;
    ck_assert_int_eq(golden_layout_locate(&s32, 2, 1, 40, 99, &x, &y, &c, &b), 0);
    ck_assert_uint_eq(x, 1);
    ck_assert_uint_eq(c, 35);

    /* a 32-lane tensor round-trips through memory, lanes past 40 included */
    struct golden_tensor t, u;
    ck_assert_int_eq(golden_tensor_init_lanes(&t, 2, 1, 40, 32), 0);
    ck_assert_uint_eq(t.surfaces, 2);
    ck_assert_uint_eq(golden_tensor_count(&t), 128);
    for (uint32_t ch = 0; ch < 64; ch++)
        for (uint32_t xx = 0; xx < 2; xx++)
            golden_tensor_set(&t, xx, 0, ch, (int32_t)(ch * 2 + xx) - 64);
    uint8_t mem[128];
    golden_pack(&s32, &t, mem);
    ck_assert_uint_eq(mem[99], (uint8_t)(35 * 2 + 1 - 64));
    ck_assert_uint_eq(mem[127], (uint8_t)(63 * 2 + 1 - 64));   /* lane 63, beyond the 40 channels */
    ck_assert_int_eq(golden_tensor_init_lanes(&u, 2, 1, 40, 32), 0);
    golden_unpack(&s32, mem, &u);
    ck_assert_mem_eq(u.data, t.data, 128 * sizeof *t.data);
    golden_tensor_free(&t);
    golden_tensor_free(&u);
    ck_assert_int_eq(golden_tensor_init_lanes(&t, 1, 1, 1, 0), -1);
    ck_assert_int_eq(golden_tensor_init_lanes(&t, 1, 1, 1, GOLDEN_LANES_MAX + 1), -1);
}
END_TEST

/* nv_medium_512 (16-byte atoms) with strides that are not packed: a
 * 3x2x33 int8 cube, line stride 64 (packed: 3 * 16 = 48), surface stride
 * 160 (at least 2 * 64). 33 channels are three surfaces, the last holding
 * channel 32 and 15 unused lanes.
 *  (2, 1, 32): surface 2, line 1, atom 2, lane 0: 2*160 + 64 + 2*16 = 416
 *  (0, 0, 16): surface 1 starts at 160
 *  span: 2*160 + 1*64 + 3 atoms of 16 = 432 (the last atom is whole)
 *  byte 48 is the gap after line 0 (bytes 48..63): no element
 *  byte 431: last byte of the cube, lane 15 of surface 2 = channel 47
 *  byte 200: 40 into surface 1, line 0: atom 2, lane 8 = channel 24
 * INT16 elements: an atom holds half as many channels (16 bytes: 8 of 2
 * bytes, in-memory formats' 1x1x32-byte atom = 16 INT16 channels):
 *  2x1x10, 8 lanes of 2 bytes, packed: line = 2 * 8 * 2 = 32 = surface;
 *  (1, 0, 9) = surface 1 (32) + (1*8 + 1) * 2 = 50, little-endian;
 *  32-byte atoms, 16 INT16 lanes: (1, 0, 17) = 64 + (16 + 1) * 2 = 98. */
START_TEST(test_layout_medium_strided_and_int16)
{
    struct golden_layout l = { .line_stride = 64, .surface_stride = 160, .elem_bytes = 1, .lanes = 16 };
    ck_assert_uint_eq(golden_layout_offset(&l, 2, 1, 32), 416);
    ck_assert_uint_eq(golden_layout_offset(&l, 0, 0, 15), 15);
    ck_assert_uint_eq(golden_layout_offset(&l, 0, 0, 16), 160);
    ck_assert_uint_eq(golden_layout_span(&l, 3, 2, 33), 432);
    uint32_t x, y, c;
    unsigned b;
    ck_assert_int_eq(golden_layout_locate(&l, 3, 2, 33, 416, &x, &y, &c, &b), 0);
    ck_assert_uint_eq(x, 2);
    ck_assert_uint_eq(y, 1);
    ck_assert_uint_eq(c, 32);
    ck_assert_int_eq(golden_layout_locate(&l, 3, 2, 33, 48, &x, &y, &c, &b), -1);
    ck_assert_int_eq(golden_layout_locate(&l, 3, 2, 33, 431, &x, &y, &c, &b), 0);
    ck_assert_uint_eq(c, 47);
    ck_assert_int_eq(golden_layout_locate(&l, 3, 2, 33, 200, &x, &y, &c, &b), 0);
    ck_assert_uint_eq(x, 2);
    ck_assert_uint_eq(y, 0);
    ck_assert_uint_eq(c, 24);
    ck_assert_int_eq(golden_layout_locate(&l, 3, 2, 33, 432, &x, &y, &c, &b), -1);

    struct golden_layout h = golden_layout_packed_n(2, 1, 2, 8);
    ck_assert_uint_eq(h.line_stride, 32);
    ck_assert_uint_eq(h.surface_stride, 32);
    ck_assert_uint_eq(golden_layout_offset(&h, 1, 0, 9), 50);
    ck_assert_uint_eq(golden_layout_span(&h, 2, 1, 10), 64);
    struct golden_tensor t;
    ck_assert_int_eq(golden_tensor_init_lanes(&t, 2, 1, 10, 8), 0);
    golden_tensor_set(&t, 1, 0, 9, -2);
    uint8_t mem[64];
    memset(mem, 0xAA, sizeof mem);
    golden_pack(&h, &t, mem);
    ck_assert_uint_eq(mem[50], 0xFE);
    ck_assert_uint_eq(mem[51], 0xFF);
    ck_assert_uint_eq(mem[52], 0);
    ck_assert_int_eq(golden_layout_locate(&h, 2, 1, 10, 51, &x, &y, &c, &b), 0);
    ck_assert_uint_eq(c, 9);
    ck_assert_uint_eq(b, 1);
    golden_tensor_free(&t);
    struct golden_layout h32 = golden_layout_packed_n(2, 1, 2, 16);
    ck_assert_uint_eq(golden_layout_offset(&h32, 1, 0, 17), 98);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("golden_tensor");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_init_count_index);
    tcase_add_test(tc, test_init_rejects_bad_sizes);
    tcase_add_test(tc, test_layout_packed);
    tcase_add_test(tc, test_layout_strided_offset_span);
    tcase_add_test(tc, test_layout_locate);
    tcase_add_test(tc, test_layout_locate_round_trip);
    tcase_add_test(tc, test_layout_locate_overlapping);
    tcase_add_test(tc, test_unpack_sign_extension);
    tcase_add_test(tc, test_unpack_strided);
    tcase_add_test(tc, test_pack_truncates_and_round_trips);
    tcase_add_test(tc, test_layout_lanes_per_configuration);
    tcase_add_test(tc, test_layout_medium_strided_and_int16);
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
