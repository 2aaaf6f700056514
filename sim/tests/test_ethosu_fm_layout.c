/* Unit tests of sim/ethosu/ethosu_fm_layout (feature map addressing, AXI
 * runs, dense pack/unpack) and sim/ethosu/ethosu_wdense (the inverse weight
 * order). Worked numbers in the comments. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_fm_layout.h"
#include "ethosu_weight_order.h"
#include "ethosu_wdense.h"

static struct ethosu_fm_layout nhwc(uint32_t h, uint32_t w, uint32_t c, unsigned eb)
{
    struct ethosu_fm_layout f;
    memset(&f, 0, sizeof f);
    f.h = h;
    f.w = w;
    f.c = c;
    f.elem_bytes = eb;
    f.is_signed = 1;
    f.height0 = f.height1 = h;
    f.width0 = w;
    f.stride_x = (int64_t)c * eb;
    f.stride_y = (int64_t)w * c * eb;
    f.stride_c = eb;
    f.base[0] = 0x1000;
    return f;
}

START_TEST(nhwc_address_and_one_run)
{
    /* 2x3x5 int8 dense: (1, 2, 4) at 0x1000 + 1*15 + 2*5 + 4 = 0x1000 + 29 */
    struct ethosu_fm_layout f = nhwc(2, 3, 5, 1);
    ck_assert_uint_eq(ethosu_fml_addr(&f, 1, 2, 4), 0x1000 + 29);
    struct ethosu_fml_io io;
    ethosu_fml_io_init(&io);
    ck_assert_int_eq(ethosu_fml_plan(&f, 0, &io), 0);
    ck_assert_uint_eq(io.nruns, 1);   /* dense: one run of 30 bytes */
    ck_assert_uint_eq(io.runs[0].len, 30);
    int32_t d[30], back[30];
    for (int i = 0; i < 30; i++)
        d[i] = i - 15;
    ethosu_fml_pack(&f, d, &io);
    ck_assert_uint_eq(io.buf[29], (uint8_t)14);
    ethosu_fml_unpack(&f, &io, back);
    ck_assert_mem_eq(d, back, sizeof d);
    ethosu_fml_io_free(&io);
}
END_TEST

START_TEST(strided_write_runs_are_exact_reads_merge)
{
    /* 2x2x3 int16 inside a concatenation: stride_x 10 bytes (5 channels),
     * stride_y 20: each pixel is a 6-byte run for writes (4 runs); reads
     * merge the 4-byte gaps into one run of 20 + 6 = 26 bytes. */
    struct ethosu_fm_layout f = nhwc(2, 2, 3, 2);
    f.stride_x = 10;
    f.stride_y = 20;
    struct ethosu_fml_io w, r;
    ethosu_fml_io_init(&w);
    ethosu_fml_io_init(&r);
    ck_assert_int_eq(ethosu_fml_plan(&f, 0, &w), 0);
    ck_assert_uint_eq(w.nruns, 4);
    ck_assert_uint_eq(w.runs[3].addr, 0x1000 + 30);
    ck_assert_uint_eq(w.bytes, 24);
    ck_assert_int_eq(ethosu_fml_plan(&f, 1, &r), 0);
    ck_assert_uint_eq(r.nruns, 1);
    ck_assert_uint_eq(r.runs[0].len, 36);
    int32_t d[12], back[12];
    for (int i = 0; i < 12; i++)
        d[i] = -1000 * i;
    ethosu_fml_pack(&f, d, &w);
    /* the read buffer as memory would hold it: element (1,1,2) at offset 34 */
    for (size_t k = 0; k < w.nruns; k++)
        memcpy(r.buf + (w.runs[k].addr - 0x1000), w.buf + w.runs[k].off, w.runs[k].len);
    ck_assert_uint_eq((uint16_t)(r.buf[34] | r.buf[35] << 8), (uint16_t)-11000);
    ethosu_fml_unpack(&f, &r, back);
    ck_assert_mem_eq(d, back, sizeof d);
    ethosu_fml_io_free(&w);
    ethosu_fml_io_free(&r);
}
END_TEST

START_TEST(nhcwb16_and_tiles)
{
    /* 4x2x20 uint8 NHCWB16: stride_x 16, stride_c = 16 * w = 32, stride_y =
     * w * 32 = 64. (0, 1, 17): y 0, brick 1 (+32), x 1 (+16), c%16 1 -> 49. */
    struct ethosu_fm_layout f = nhwc(4, 2, 20, 1);
    f.is_signed = 0;
    f.nhcwb16 = 1;
    f.stride_x = 16;
    f.stride_c = 32;
    f.stride_y = 64;
    ck_assert_uint_eq(ethosu_fml_addr(&f, 0, 1, 17), 0x1000 + 49);
    /* tiles: height0 2 -> row 3 is row 1 of tile 2 */
    f.height0 = 2;
    f.base[2] = 0x8000;
    ck_assert_uint_eq(ethosu_fml_addr(&f, 3, 1, 17), 0x8000 + 64 + 49);
    /* width0 1, height1 1: (2, 1, 0) is tile 3 at row 1, x 0 */
    f.width0 = 1;
    f.height1 = 1;
    f.base[1] = 0x4000;
    f.base[3] = 0xC000;
    ck_assert_uint_eq(ethosu_fml_addr(&f, 2, 1, 0), 0xC000 + 64);
    ck_assert_uint_eq(ethosu_fml_addr(&f, 0, 1, 0), 0x4000);
    struct ethosu_fml_io io;
    ethosu_fml_io_init(&io);
    ck_assert_int_eq(ethosu_fml_plan(&f, 0, &io), 0);
    ck_assert_uint_eq(io.bytes, 4 * 2 * 20);   /* brick padding (c 20..31) is not written */
    int32_t d[160], back[160];
    for (int i = 0; i < 160; i++)
        d[i] = (i * 7) & 0xFF;
    ethosu_fml_pack(&f, d, &io);
    ethosu_fml_unpack(&f, &io, back);
    ck_assert_mem_eq(d, back, sizeof d);
    ethosu_fml_io_free(&io);
}
END_TEST

START_TEST(check_refuses_misaligned_and_beyond_40_bits)
{
    char err[200];
    struct ethosu_fm_layout f = nhwc(2, 2, 2, 2);
    ck_assert_int_eq(ethosu_fml_check(&f, err, sizeof err), 0);
    f.base[0] = 0x1001;   /* int16 NHWC: base aligned to 2 */
    ck_assert_int_eq(ethosu_fml_check(&f, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "not aligned"));
    f = nhwc(2, 2, 2, 1);
    f.nhcwb16 = 1;
    f.stride_c = 8;   /* NHCWB16: STRIDE_C 16-byte aligned */
    ck_assert_int_eq(ethosu_fml_check(&f, err, sizeof err), -1);
    f = nhwc(2, 2, 2, 1);
    f.base[0] = (1ull << 40) - 4;   /* last element at 2^40 - 4 + 7 */
    ck_assert_int_eq(ethosu_fml_check(&f, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "40-bit"));
    f = nhwc(2, 2, 2, 3);
    ck_assert_int_eq(ethosu_fml_check(&f, err, sizeof err), -1);
}
END_TEST

START_TEST(negative_strides_are_signed_in_the_address_width)
{
    /* Vela's MIRROR_PAD writes rows backwards: OFM_STRIDE_Y = -88 as 40-bit
     * two's complement, the field 0x00FF_FFFF_FFA8 (issue 34 fault 3). */
    ck_assert_int_eq(ethosu_fml_stride(UINT64_C(0xFFFFFFFFA8), 40), -88);
    ck_assert_int_eq(ethosu_fml_stride(UINT64_C(0x58), 40), 88);
    ck_assert_int_eq(ethosu_fml_stride(UINT64_C(0xFFFFFFFFFFA8), 48), -88);   /* 48-bit sign-extended too */
    ck_assert_int_eq(ethosu_fml_stride(UINT64_C(0xFFFFFFA8), 32), -88);       /* a 32-bit NPU */
    ck_assert_int_eq(ethosu_fml_stride(UINT64_C(0x7FFFFFFFFF), 40), INT64_C(0x7FFFFFFFFF));
    ck_assert_int_eq(ethosu_fml_stride(UINT64_C(0x8000000000), 40), -INT64_C(0x8000000000));
    /* 2x11x8 int8 written bottom row first: base 0x328 is row 0, row 1 at
     * 0x328 - 88 = 0x2D0; element (1, 10, 7) at 0x2D0 + 80 + 7 = 0x327. */
    char err[200];
    struct ethosu_fm_layout f = nhwc(2, 11, 8, 1);
    f.addr_bits = 40;
    f.base[0] = 0x328;
    f.stride_y = ethosu_fml_stride(UINT64_C(0xFFFFFFFFA8), 40);
    ck_assert_uint_eq(ethosu_fml_addr(&f, 1, 0, 0), 0x2D0);
    ck_assert_uint_eq(ethosu_fml_addr(&f, 1, 10, 7), 0x327);
    ck_assert_int_eq(ethosu_fml_check(&f, err, sizeof err), 0);
    /* each row one run, the map packs and unpacks */
    struct ethosu_fml_io io;
    ethosu_fml_io_init(&io);
    ck_assert_int_eq(ethosu_fml_plan(&f, 0, &io), 0);
    ck_assert_uint_eq(io.bytes, 176);
    int32_t d[176], back[176];
    for (int i = 0; i < 176; i++)
        d[i] = i % 200 - 100;
    ethosu_fml_pack(&f, d, &io);
    ethosu_fml_unpack(&f, &io, back);
    ck_assert_mem_eq(d, back, sizeof d);
    ethosu_fml_io_free(&io);
    /* the bound is on the addresses touched: base 0x50 leaves row 1 at
     * 0x50 - 88 = -8, below address 0 */
    f.base[0] = 0x50;
    ck_assert_int_eq(ethosu_fml_check(&f, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "below address 0"));
    /* a 32-bit NPU: the last element of a map at 2^32 - 16 is beyond */
    f = nhwc(2, 2, 8, 1);
    f.addr_bits = 32;
    f.base[0] = (1ull << 32) - 16;
    ck_assert_int_eq(ethosu_fml_check(&f, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "32-bit"));
    f.addr_bits = 40;
    ck_assert_int_eq(ethosu_fml_check(&f, err, sizeof err), 0);
}
END_TEST

/* The inverse of the golden forward order, on both traversals and two cores. */
static void roundtrip(uint32_t ofm, uint32_t kh, uint32_t kw, uint32_t ifm, uint32_t blk, unsigned cores,
                      enum ethosu_weight_traversal t)
{
    size_t n = (size_t)ofm * kh * kw * ifm;
    int16_t *src = malloc(n * sizeof *src);
    int32_t *dense = malloc(n * sizeof *dense);
    for (size_t i = 0; i < n; i++)
        src[i] = (int16_t)((int)(i * 37 % 511) - 255);
    int16_t *lists[2] = { NULL, NULL };
    size_t counts[2] = { 0, 0 };
    for (unsigned k = 0; k < cores; k++) {
        /* core k: channels k, k + cores, ... with block depth ceil/floor(blk / cores) */
        uint32_t depth = (ofm + cores - 1 - k) / cores;
        int16_t *sub = malloc((size_t)depth * kh * kw * ifm * sizeof *sub);
        for (uint32_t o = 0; o < depth; o++)
            memcpy(sub + (size_t)o * kh * kw * ifm, src + (size_t)(o * cores + k) * kh * kw * ifm,
                   (size_t)kh * kw * ifm * sizeof *sub);
        struct ethosu_weight_order_cfg oc = {
            .ofm_depth = depth, .kernel_h = kh, .kernel_w = kw, .ifm_depth = ifm,
            .ofm_block_depth = (blk + cores - 1 - k) / cores, .ublk_depth = 8, .ifm_bits = 8, .kernel_split = 8,
            .dilation_x = 1, .dilation_y = 1, .traversal = t,
        };
        counts[k] = ethosu_weight_order_count(&oc);
        ck_assert_uint_gt(counts[k], 0);
        lists[k] = malloc(counts[k] * sizeof(int16_t));
        ck_assert_int_eq(ethosu_weight_order(&oc, sub, lists[k], counts[k]), 0);
        free(sub);
    }
    struct ethosu_wdense_cfg c = {
        .ofm_depth = ofm, .kernel_h = kh, .kernel_w = kw, .ifm_depth = ifm, .ofm_block_depth = blk,
        .ifm_bits = 8, .kernel_split = 8, .dilation_x = 1, .dilation_y = 1, .traversal = t, .cores = cores,
    };
    char err[200];
    const int16_t *w[2] = { lists[0], lists[1] };
    ck_assert_int_eq(ethosu_wdense(&c, w, counts, dense, err, sizeof err), 0);
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(dense[i], src[i]);
    /* one weight short: refused */
    counts[0]--;
    ck_assert_int_eq(ethosu_wdense(&c, w, counts, dense, err, sizeof err), -1);
    for (unsigned k = 0; k < 2; k++)
        free(lists[k]);
    free(src);
    free(dense);
}

/* ethos-u55-32 (OFM microblock depth 4, Vela's ofm_ublock 1x1x4): 6 OFM
 * channels, block depth 4, 1x1 kernel, 2 IFM channels, 8-bit, depth first.
 * Per OFM block (channels 0-3, 4-7) one 32-channel IFM block, one 4-channel
 * OFM microblock: 4 IFM microblocks of 4 x 8 weights (OFM outer, IFM
 * inner) = 128 per block, 256 in all. Weight (o, i) of block b sits at
 * 128 * b + (o % 4) * 8 + i: (0, 1) at 1, (3, 0) at 24, (4, 0) at 128,
 * (5, 1) at 137; channels 6 and 7 are the zero fill. With microblock depth
 * 8 the same list puts (5, 1) elsewhere (block 1 would hold 8 channels). */
START_TEST(wdense_ublock_depth_4)
{
    int16_t list[256];
    for (int i = 0; i < 256; i++)
        list[i] = (int16_t)(i - 128);
    struct ethosu_wdense_cfg c = {
        .ofm_depth = 6, .kernel_h = 1, .kernel_w = 1, .ifm_depth = 2, .ofm_block_depth = 4, .ifm_bits = 8,
        .kernel_split = 8, .dilation_x = 1, .dilation_y = 1, .traversal = ETHOSU_DEPTH_FIRST, .cores = 1,
        .ublk_depth = 4,
    };
    int32_t dense[12];
    char err[200];
    const int16_t *w[2] = { list, NULL };
    size_t n[2] = { 256, 0 };
    ck_assert_int_eq(ethosu_wdense(&c, w, n, dense, err, sizeof err), 0);
    ck_assert_int_eq(dense[0 * 2 + 1], 1 - 128);
    ck_assert_int_eq(dense[3 * 2 + 0], 24 - 128);
    ck_assert_int_eq(dense[4 * 2 + 0], 128 - 128);
    ck_assert_int_eq(dense[5 * 2 + 1], 137 - 128);
    /* the same stream read with microblock depth 8 (every other configuration) */
    c.ublk_depth = 8;
    c.ofm_block_depth = 8;
    n[0] = 256;
    ck_assert_int_eq(ethosu_wdense(&c, w, n, dense, err, sizeof err), 0);
    ck_assert_int_eq(dense[5 * 2 + 1], 5 * 8 + 1 - 128);
    /* one weight short at microblock depth 4: refused */
    c.ublk_depth = 4;
    c.ofm_block_depth = 4;
    n[0] = 255;
    ck_assert_int_eq(ethosu_wdense(&c, w, n, dense, err, sizeof err), -1);
}
END_TEST

START_TEST(wdense_inverts_the_weight_order)
{
    roundtrip(24, 3, 3, 40, 16, 1, ETHOSU_DEPTH_FIRST);
    roundtrip(16, 3, 3, 3, 16, 1, ETHOSU_PART_KERNEL_FIRST);
    roundtrip(40, 3, 3, 1, 32, 1, ETHOSU_DEPTHWISE);
    roundtrip(33, 1, 1, 20, 32, 2, ETHOSU_DEPTH_FIRST);   /* two cores: 17 and 16 channels */
}
END_TEST

/* Block depth 12 (no multiple of the microblock 8), 24 OFM channels, 1x1
 * kernel, 3 IFM channels, 8-bit, depth first: Vela 5.2's reorder_encode
 * gives 1024 weights: per block (channels 0.. and 12..), per microblock of
 * 8 channels (0-7, 8-15 | 12-19, 20-27 cut at 24), per 8-channel IFM
 * microblock of the 32-channel IFM block (only the first holds channels
 * 0-2), 8 OFM x 8 IFM weights. Channels 12-15 appear in block 0's second
 * microblock too (unused there). */
START_TEST(wdense_block_depth_not_a_microblock_multiple)
{
    int16_t list[1024];
    int32_t dense[72];
    memset(list, 0, sizeof list);
    size_t p = 0;
    for (int b0 = 0; b0 < 24; b0 += 12)
        for (int u = 0; u < 2; u++)
            for (int v = 0; v < 4; v++)
                for (int o = 0; o < 8; o++)
                    for (int i = 0; i < 8; i++, p++) {
                        int ch = b0 + u * 8 + o;
                        if (v == 0 && i < 3 && ch < 24)
                            list[p] = (int16_t)(ch * 3 + i + 1);   /* weight (ch, i) = 3ch + i + 1 */
                    }
    ck_assert_uint_eq(p, 1024);
    struct ethosu_wdense_cfg c = {
        .ofm_depth = 24, .kernel_h = 1, .kernel_w = 1, .ifm_depth = 3, .ofm_block_depth = 12, .ifm_bits = 8,
        .kernel_split = 8, .dilation_x = 1, .dilation_y = 1, .traversal = ETHOSU_DEPTH_FIRST, .cores = 1,
    };
    const int16_t *w[2] = { list, NULL };
    size_t n[2] = { 1024, 0 };
    char err[200];
    ck_assert_int_eq(ethosu_wdense(&c, w, n, dense, err, sizeof err), 0);
    for (int i = 0; i < 72; i++)
        ck_assert_int_eq(dense[i], i + 1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ethosu_fm_layout");
    TCase *tc = tcase_create("layout");
    tcase_add_test(tc, nhwc_address_and_one_run);
    tcase_add_test(tc, strided_write_runs_are_exact_reads_merge);
    tcase_add_test(tc, nhcwb16_and_tiles);
    tcase_add_test(tc, check_refuses_misaligned_and_beyond_40_bits);
    tcase_add_test(tc, negative_strides_are_signed_in_the_address_width);
    tcase_add_test(tc, wdense_inverts_the_weight_order);
    tcase_add_test(tc, wdense_ublock_depth_4);
    tcase_add_test(tc, wdense_block_depth_not_a_microblock_multiple);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
