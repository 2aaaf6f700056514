/* Unit tests for golden_layout: NCHW / NHWC int8 arrays to and from
 * tensors (values, zeroed lanes past C, round trips, the low-byte wrap on
 * the way out), through golden_pack to NVDLA feature bytes, KCRS weights to
 * the NVDLA weight bytes (the spec 10.4 offsets, partial last group/block,
 * every byte written, round trips, INT16 little-endian) and the
 * image-input pre-extension with and without Y extension. Expected
 * offsets and values are worked out in the comments. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "golden_conv.h"
#include "golden_layout.h"
#include "golden_tensor.h"

static struct golden_conv_cfg wcfg(uint32_t k, uint32_t c, uint32_t r, uint32_t s)
{
    struct golden_conv_cfg g;
    memset(&g, 0, sizeof g);
    g.kernels = k;
    g.kernel_c = c;
    g.kernel_h = r;
    g.kernel_w = s;
    return g;
}

START_TEST(test_nchw)
{
    /* 3 x 2 x 10, a[i] = i - 30: NCHW index (c * 2 + y) * 3 + x.
     * (2, 1, 9): (18 + 1) * 3 + 2 = 59 -> 29. (0, 0, 8): 48 -> 18.
     * (1, 0, 0): 1 -> -29. */
    int8_t a[60], back[60];
    for (int i = 0; i < 60; i++)
        a[i] = (int8_t)(i - 30);
    struct golden_tensor t;
    ck_assert_int_eq(golden_layout_from_nchw(&t, a, 3, 2, 10), 0);
    ck_assert_uint_eq(t.w, 3);
    ck_assert_uint_eq(t.h, 2);
    ck_assert_uint_eq(t.c, 10);
    ck_assert_uint_eq(t.surfaces, 2);
    ck_assert_int_eq(golden_tensor_get(&t, 2, 1, 9), 29);
    ck_assert_int_eq(golden_tensor_get(&t, 0, 0, 8), 18);
    ck_assert_int_eq(golden_tensor_get(&t, 1, 0, 0), -29);
    /* Lanes 10..15 of the second surface exist and are 0. */
    for (uint32_t l = 10; l < 16; l++)
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 3; x++)
                ck_assert_int_eq(golden_tensor_get(&t, x, y, l), 0);
    memset(back, 0x7F, sizeof back);
    golden_layout_to_nchw(&t, back);
    ck_assert_mem_eq(back, a, sizeof a);
    golden_tensor_free(&t);
    /* Bad sizes / no array. */
    ck_assert_int_eq(golden_layout_from_nchw(&t, a, 0, 2, 10), -1);
    ck_assert_int_eq(golden_layout_from_nchw(&t, NULL, 3, 2, 10), -1);
}
END_TEST

START_TEST(test_nhwc)
{
    /* NHWC index (y * 3 + x) * 10 + c. (2, 1, 9): 5 * 10 + 9 = 59 -> 29;
     * (0, 0, 8): 8 -> -22; (1, 0, 0): 10 -> -20. */
    int8_t a[60], back[60], nchw[60];
    for (int i = 0; i < 60; i++)
        a[i] = (int8_t)(i - 30);
    struct golden_tensor t;
    ck_assert_int_eq(golden_layout_from_nhwc(&t, a, 3, 2, 10), 0);
    ck_assert_int_eq(golden_tensor_get(&t, 2, 1, 9), 29);
    ck_assert_int_eq(golden_tensor_get(&t, 0, 0, 8), -22);
    ck_assert_int_eq(golden_tensor_get(&t, 1, 0, 0), -20);
    golden_layout_to_nhwc(&t, back);
    ck_assert_mem_eq(back, a, sizeof a);
    /* The same tensor out as NCHW is the transpose. */
    golden_layout_to_nchw(&t, nchw);
    for (uint32_t c = 0; c < 10; c++)
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 3; x++)
                ck_assert_int_eq(nchw[(c * 2 + y) * 3 + x], a[(y * 3 + x) * 10 + c]);
    golden_tensor_free(&t);
}
END_TEST

START_TEST(test_to_plain_wraps_and_i32)
{
    /* Out as int8 keeps the low byte: 200 -> -56, 300 -> 44, -129 -> 127;
     * the int32 forms copy. 2 x 1 x 2: NCHW (c0x0, c0x1, c1x0, c1x1),
     * NHWC (x0c0, x0c1, x1c0, x1c1). */
    struct golden_tensor t;
    ck_assert_int_eq(golden_tensor_init(&t, 2, 1, 2), 0);
    golden_tensor_set(&t, 0, 0, 0, 200);
    golden_tensor_set(&t, 1, 0, 0, 300);
    golden_tensor_set(&t, 0, 0, 1, -129);
    golden_tensor_set(&t, 1, 0, 1, 70000);
    int8_t b[4];
    golden_layout_to_nchw(&t, b);
    ck_assert_int_eq(b[0], -56);
    ck_assert_int_eq(b[1], 44);
    ck_assert_int_eq(b[2], 127);
    ck_assert_int_eq(b[3], 112);   /* 70000 = 0x11170 -> 0x70 */
    int32_t v[4];
    golden_layout_to_nchw_i32(&t, v);
    ck_assert_int_eq(v[0], 200);
    ck_assert_int_eq(v[1], 300);
    ck_assert_int_eq(v[2], -129);
    ck_assert_int_eq(v[3], 70000);
    golden_layout_to_nhwc_i32(&t, v);
    ck_assert_int_eq(v[0], 200);
    ck_assert_int_eq(v[1], -129);
    ck_assert_int_eq(v[2], 300);
    ck_assert_int_eq(v[3], 70000);
    golden_tensor_free(&t);
}
END_TEST

START_TEST(test_nchw_to_nvdla_memory)
{
    /* 2 x 2 x 10 packed: line 2*8 = 16 bytes, surface 16*2 = 32, 2 surfaces
     * -> 64 bytes. a[i] = i + 1 (NCHW (c * 2 + y) * 2 + x).
     * (x 1, y 0, c 9): byte 32 + 0 + 8 + 1 = 41, value a[37] = 38.
     * (x 1, y 1, c 3): byte 0 + 16 + 8 + 3 = 27, value a[15] = 16.
     * (x 0, y 0, c 10) is an unused lane: byte 32 + 2 = 34 = 0. */
    int8_t a[40];
    for (int i = 0; i < 40; i++)
        a[i] = (int8_t)(i + 1);
    struct golden_tensor t;
    ck_assert_int_eq(golden_layout_from_nchw(&t, a, 2, 2, 10), 0);
    struct golden_layout l = golden_layout_packed(2, 2, 1);
    ck_assert_uint_eq(golden_layout_span(&l, 2, 2, 10), 64);
    uint8_t mem[64];
    memset(mem, 0xEE, sizeof mem);
    golden_pack(&l, &t, mem);
    ck_assert_uint_eq(mem[41], 38);
    ck_assert_uint_eq(mem[27], 16);
    ck_assert_uint_eq(mem[34], 0);
    /* And back: unpack + to_nchw gives the array again. */
    struct golden_tensor u;
    ck_assert_int_eq(golden_tensor_init(&u, 2, 2, 10), 0);
    golden_unpack(&l, mem, &u);
    int8_t back[40];
    golden_layout_to_nchw(&u, back);
    ck_assert_mem_eq(back, a, sizeof a);
    golden_tensor_free(&t);
    golden_tensor_free(&u);
}
END_TEST

static size_t kcrs_i(const struct golden_conv_cfg *c, uint32_t k, uint32_t ch, uint32_t r,
                     uint32_t s)
{
    return (((size_t)k * c->kernel_c + ch) * c->kernel_h + r) * c->kernel_w + s;
}

START_TEST(test_weights_10_4)
{
    /* Spec 10.4 geometry K 32, C 49, R 4, S 3 (18816 bytes). KCRS values
     * 0..100 (never the 0xAA sentinel): every byte of the image is
     * written, W[9][41][2][1] lands at 9001 and W[3][48][3][2] at 4699. */
    struct golden_conv_cfg c = wcfg(32, 49, 4, 3);
    size_t n = 18816;
    ck_assert_uint_eq(golden_conv_weight_bytes(&c), n);
    int8_t *kcrs = malloc(n), *back = malloc(n);
    uint8_t *w = malloc(n);
    ck_assert(kcrs && back && w);
    for (size_t i = 0; i < n; i++)
        kcrs[i] = (int8_t)(i % 101);
    memset(w, 0xAA, n);
    ck_assert_int_eq(golden_layout_weights_from_kcrs(&c, kcrs, w, n), 0);
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(w[i] != 0xAA, "byte %zu not written", i);
    ck_assert_int_eq((int8_t)w[9001], kcrs[kcrs_i(&c, 9, 41, 2, 1)]);
    ck_assert_int_eq((int8_t)w[4699], kcrs[kcrs_i(&c, 3, 48, 3, 2)]);
    ck_assert_int_eq(golden_layout_weights_to_kcrs(&c, w, n, back), 0);
    ck_assert_mem_eq(back, kcrs, n);
    /* One byte short: refused. */
    ck_assert_int_eq(golden_layout_weights_from_kcrs(&c, kcrs, w, n - 1), -1);
    ck_assert_int_eq(golden_layout_weights_to_kcrs(&c, w, n - 1, back), -1);
    free(kcrs);
    free(back);
    free(w);
}
END_TEST

START_TEST(test_weights_partial)
{
    /* K 10, C 10, R 1, S 2 (200 bytes), KCRS index ((k*10 + c)*1 + r)*2 + s
     * and value = index - 100:
     * W[9][9][0][1]: index 199 -> byte 199 (last group of 2, last block of 2);
     * W[9][7][0][1]: index 195 -> byte 160 + 16 + 8 + 7 = 191;
     * W[0][8][0][0]: index 16  -> byte 128; W[1][0][0][0]: index 20 -> byte 8. */
    struct golden_conv_cfg c = wcfg(10, 10, 1, 2);
    int8_t kcrs[200];
    uint8_t w[200];
    for (int i = 0; i < 200; i++)
        kcrs[i] = (int8_t)(i - 100);
    ck_assert_int_eq(golden_layout_weights_from_kcrs(&c, kcrs, w, sizeof w), 0);
    ck_assert_int_eq((int8_t)w[199], 99);
    ck_assert_int_eq((int8_t)w[191], 95);
    ck_assert_int_eq((int8_t)w[128], -84);
    ck_assert_int_eq((int8_t)w[8], -80);
    ck_assert_int_eq((int8_t)w[0], -100);
}
END_TEST

START_TEST(test_weights_int16)
{
    /* K 1, C 2, R 1, S 1 INT16: W[0][0] = -2 = 0xFFFE, W[0][1] = 0x1234,
     * little-endian at 2 * offset: FE FF 34 12. */
    struct golden_conv_cfg c = wcfg(1, 2, 1, 1);
    c.int16 = 1;
    const int16_t k[2] = { -2, 0x1234 };
    uint8_t w[4];
    ck_assert_int_eq(golden_layout_weights_from_kcrs16(&c, k, w, sizeof w), 0);
    const uint8_t want[4] = { 0xFE, 0xFF, 0x34, 0x12 };
    ck_assert_mem_eq(w, want, 4);
    int16_t back[2];
    ck_assert_int_eq(golden_layout_weights_to_kcrs16(&c, w, sizeof w, back), 0);
    ck_assert_int_eq(back[0], -2);
    ck_assert_int_eq(back[1], 0x1234);
    /* Precision must match the form used. */
    const int8_t k8[2] = { 1, 2 };
    int8_t b8[2];
    ck_assert_int_eq(golden_layout_weights_from_kcrs(&c, k8, w, sizeof w), -1);
    ck_assert_int_eq(golden_layout_weights_to_kcrs(&c, w, sizeof w, b8), -1);
    c.int16 = 0;
    ck_assert_int_eq(golden_layout_weights_from_kcrs16(&c, k, w, sizeof w), -1);
    ck_assert_int_eq(golden_layout_weights_to_kcrs16(&c, w, sizeof w, back), -1);
    /* Sizes out of range or no buffer. */
    struct golden_conv_cfg z = wcfg(0, 2, 1, 1);
    ck_assert_int_eq(golden_layout_weights_from_kcrs(&z, k8, w, sizeof w), -1);
    ck_assert_int_eq(golden_layout_weights_from_kcrs(&c, NULL, w, sizeof w), -1);
}
END_TEST

START_TEST(test_img_weights)
{
    /* A8B8G8R8 (Cp 4), K 1, R 1, original S 2 -> C' = 8, channel
     * j = s * 4 + e, E = 1 layout byte j (one block of 8, one kernel).
     * KCRS (e major, s minor): e0 (10, 11), e1 (20, 21), e2 (30, 31),
     * e3 (40, 41) -> bytes 10 20 30 40 11 21 31 41. */
    struct golden_conv_cfg c = wcfg(1, 8, 1, 1);
    struct golden_conv_img img;
    memset(&img, 0, sizeof img);
    img.format = GOLDEN_PIX_A8B8G8R8;
    const int8_t k[8] = { 10, 11, 20, 21, 30, 31, 40, 41 };
    uint8_t w[8];
    ck_assert_int_eq(golden_layout_img_weights_from_kcrs(&c, &img, k, 2, w, sizeof w), 0);
    const uint8_t want[8] = { 10, 20, 30, 40, 11, 21, 31, 41 };
    ck_assert_mem_eq(w, want, 8);
    /* C' must be S * Cp, the kernel width 1, the buffer long enough. */
    ck_assert_int_eq(golden_layout_img_weights_from_kcrs(&c, &img, k, 1, w, sizeof w), -1);
    ck_assert_int_eq(golden_layout_img_weights_from_kcrs(&c, &img, k, 2, w, 7), -1);
    c.kernel_w = 2;
    ck_assert_int_eq(golden_layout_img_weights_from_kcrs(&c, &img, k, 2, w, sizeof w), -1);
    /* Y extension 2 needs C' <= 4: 8 is refused. */
    c.kernel_w = 1;
    img.y_extension = 1;
    ck_assert_int_eq(golden_layout_img_weights_from_kcrs(&c, &img, k, 2, w, sizeof w), -1);

    /* R8, K 2, R 3, S 1 (C' = 1). KCRS k0 (r0, r1, r2) = (1, 2, 3),
     * k1 = (4, 5, 6).
     * E = 1: offset r*(1*2) + k -> bytes 1 4 2 5 3 6.
     * E = 2: row group 0 (rows 0-1, nr 2): k*2 + r; row group 1 (row 2,
     * nr 1) at 2*1*2 = 4: 4 + k -> bytes 1 2 4 5 3 6. */
    struct golden_conv_cfg r8 = wcfg(2, 1, 3, 1);
    memset(&img, 0, sizeof img);
    img.format = GOLDEN_PIX_R8;
    const int8_t k2[6] = { 1, 2, 3, 4, 5, 6 };
    uint8_t w6[6];
    ck_assert_int_eq(golden_layout_img_weights_from_kcrs(&r8, &img, k2, 1, w6, sizeof w6), 0);
    const uint8_t e1[6] = { 1, 4, 2, 5, 3, 6 };
    ck_assert_mem_eq(w6, e1, 6);
    img.y_extension = 1;
    ck_assert_int_eq(golden_layout_img_weights_from_kcrs(&r8, &img, k2, 1, w6, sizeof w6), 0);
    const uint8_t e2[6] = { 1, 2, 4, 5, 3, 6 };
    ck_assert_mem_eq(w6, e2, 6);
    /* E = 4: one row group of 3 rows (nr 3): k*3 + r -> 1 2 3 4 5 6. */
    img.y_extension = 2;
    ck_assert_int_eq(golden_layout_img_weights_from_kcrs(&r8, &img, k2, 1, w6, sizeof w6), 0);
    ck_assert_mem_eq(w6, k2, 6);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("golden_layout");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_nchw);
    tcase_add_test(tc, test_nhwc);
    tcase_add_test(tc, test_to_plain_wraps_and_i32);
    tcase_add_test(tc, test_nchw_to_nvdla_memory);
    tcase_add_test(tc, test_weights_10_4);
    tcase_add_test(tc, test_weights_partial);
    tcase_add_test(tc, test_weights_int16);
    tcase_add_test(tc, test_img_weights);
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
