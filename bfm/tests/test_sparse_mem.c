/* Unit tests for sparse_mem: byte-exact writes, strobes, fill, page
 * crossings, the top of the 64-bit space, CRC and dump without allocation,
 * and scale to 10^5 pages. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "sparse_mem.h"

START_TEST(test_fill_and_untouched)
{
    struct sparse_mem *m = sparse_mem_create();
    uint8_t buf[100];

    sparse_mem_read(m, 0x1234, buf, sizeof buf);
    for (size_t i = 0; i < sizeof buf; i++)
        ck_assert_uint_eq(buf[i], 0);
    sparse_mem_set_fill(m, 0xCD);
    sparse_mem_read(m, 0xdeadbeef000ULL, buf, sizeof buf);
    for (size_t i = 0; i < sizeof buf; i++)
        ck_assert_uint_eq(buf[i], 0xCD);
    /* Reads never allocate. */
    ck_assert_uint_eq(sparse_mem_pages(m), 0);
    sparse_mem_destroy(m);
    sparse_mem_destroy(NULL);
}
END_TEST

START_TEST(test_write_read_page_cross)
{
    struct sparse_mem *m = sparse_mem_create();
    uint8_t src[10000], dst[10020];

    sparse_mem_set_fill(m, 0x5A);
    for (size_t i = 0; i < sizeof src; i++)
        src[i] = (uint8_t)(i * 7 + 3);
    /* Start 5 bytes before a page end: spans 4 pages. */
    sparse_mem_write(m, 0x10000 - 5, src, sizeof src);
    ck_assert_uint_eq(sparse_mem_pages(m), 4);
    sparse_mem_read(m, 0x10000 - 15, dst, sizeof dst);
    for (size_t i = 0; i < 10; i++)
        ck_assert_uint_eq(dst[i], 0x5A);           /* guard before */
    ck_assert_mem_eq(dst + 10, src, sizeof src);
    for (size_t i = 10 + sizeof src; i < sizeof dst; i++)
        ck_assert_uint_eq(dst[i], 0x5A);           /* guard after */
    sparse_mem_destroy(m);
}
END_TEST

START_TEST(test_write_strb_guards)
{
    struct sparse_mem *m = sparse_mem_create();
    uint8_t src[64], dst[80];
    uint64_t strb = 0xF00F00000000A5C3ULL;

    sparse_mem_fill(m, 0x2000 - 40, 0xEE, 80);
    for (int i = 0; i < 64; i++)
        src[i] = (uint8_t)(0x80 + i);
    /* 64 bytes starting 32 bytes before a page boundary. */
    sparse_mem_write_strb(m, 0x2000 - 32 + 0, src, 64, strb);
    sparse_mem_read(m, 0x2000 - 40, dst, sizeof dst);
    for (int i = 0; i < 8; i++)
        ck_assert_uint_eq(dst[i], 0xEE);
    for (int i = 0; i < 64; i++) {
        uint8_t want = ((strb >> i) & 1) ? src[i] : 0xEE;
        ck_assert_msg(dst[8 + i] == want, "byte %d: expected %02x, actual %02x",
                      i, want, dst[8 + i]);
    }
    for (int i = 72; i < 80; i++)
        ck_assert_uint_eq(dst[i], 0xEE);

    /* Short length: strobe bits past len are ignored. */
    sparse_mem_write_strb(m, 0x2000 - 40, src, 4, ~0ULL);
    sparse_mem_read(m, 0x2000 - 40, dst, 8);
    ck_assert_mem_eq(dst, src, 4);
    for (int i = 4; i < 8; i++)
        ck_assert_uint_eq(dst[i], 0xEE);

    /* Zero strobe allocates nothing. */
    size_t pages = sparse_mem_pages(m);
    sparse_mem_write_strb(m, 0x999000, src, 64, 0);
    ck_assert_uint_eq(sparse_mem_pages(m), pages);
    sparse_mem_destroy(m);
}
END_TEST

START_TEST(test_top_of_address_space)
{
    struct sparse_mem *m = sparse_mem_create();
    uint8_t src[16], dst[16];

    for (int i = 0; i < 16; i++)
        src[i] = (uint8_t)(i + 1);
    sparse_mem_write(m, UINT64_MAX - 7, src, 8);
    sparse_mem_read(m, UINT64_MAX - 7, dst, 8);
    ck_assert_mem_eq(dst, src, 8);
    /* Pages far apart in the address space do not alias. */
    sparse_mem_write(m, 0x0, src + 8, 8);
    sparse_mem_write(m, 1ULL << 52, src, 8);
    sparse_mem_read(m, 0x0, dst, 8);
    ck_assert_mem_eq(dst, src + 8, 8);
    sparse_mem_read(m, 1ULL << 52, dst, 8);
    ck_assert_mem_eq(dst, src, 8);
    ck_assert_uint_eq(sparse_mem_pages(m), 3);
    sparse_mem_destroy(m);
}
END_TEST

START_TEST(test_crc32_sparse)
{
    struct sparse_mem *m = sparse_mem_create();
    size_t len = 5 * 4096 + 123;
    uint64_t base = 0x7000 + 17;
    uint8_t *ref = malloc(len);

    ck_assert_ptr_nonnull(ref);
    sparse_mem_set_fill(m, 0x11);
    memset(ref, 0x11, len);
    /* Data in the middle page only; the rest is unallocated fill. */
    for (int i = 0; i < 300; i++)
        ref[2 * 4096 + i] = (uint8_t)(i ^ 0x3c);
    sparse_mem_write(m, base + 2 * 4096, ref + 2 * 4096, 300);
    size_t pages = sparse_mem_pages(m);
    uint32_t want = (uint32_t)crc32(crc32(0L, Z_NULL, 0), ref, (uInt)len);
    ck_assert_uint_eq(sparse_mem_crc32(m, base, len), want);
    ck_assert_uint_eq(sparse_mem_pages(m), pages);
    /* Known vector: CRC-32 of "123456789" is 0xCBF43926. */
    sparse_mem_write(m, 0x100000, "123456789", 9);
    ck_assert_uint_eq(sparse_mem_crc32(m, 0x100000, 9), 0xCBF43926u);
    ck_assert_uint_eq(sparse_mem_crc32(m, 0x100000, 0), 0);
    free(ref);
    sparse_mem_destroy(m);
}
END_TEST

START_TEST(test_dump)
{
    struct sparse_mem *m = sparse_mem_create();
    FILE *f = tmpfile();
    uint8_t buf[9000];
    size_t pages;

    ck_assert_ptr_nonnull(f);
    sparse_mem_set_fill(m, 0x77);
    sparse_mem_write(m, 0x3000 + 4000, "hello", 5);
    pages = sparse_mem_pages(m);
    ck_assert_int_eq(sparse_mem_dump(m, 0x3000, sizeof buf, f), 0);
    ck_assert_uint_eq(sparse_mem_pages(m), pages);
    rewind(f);
    ck_assert_uint_eq(fread(buf, 1, sizeof buf, f), sizeof buf);
    for (size_t i = 0; i < sizeof buf; i++) {
        uint8_t want = (i >= 4000 && i < 4005) ? (uint8_t)"hello"[i - 4000] : 0x77;
        ck_assert_uint_eq(buf[i], want);
    }
    fclose(f);
    ck_assert_int_eq(sparse_mem_dump(m, 0, 1, NULL), -1);
    sparse_mem_destroy(m);
}
END_TEST

START_TEST(test_many_pages_fast)
{
    struct sparse_mem *m = sparse_mem_create();
    const unsigned n = 150000;
    clock_t t0 = clock();

    /* Strided and scattered pages: dense runs and far-apart addresses. */
    for (unsigned i = 0; i < n; i++) {
        uint64_t a = (i & 1) ? (uint64_t)i << 12 : ((uint64_t)i << 32) | 0x800;
        uint32_t v = i;
        sparse_mem_write(m, a, &v, sizeof v);
    }
    ck_assert_uint_eq(sparse_mem_pages(m), n);
    for (unsigned i = 0; i < n; i++) {
        uint64_t a = (i & 1) ? (uint64_t)i << 12 : ((uint64_t)i << 32) | 0x800;
        uint32_t v = 0;
        sparse_mem_read(m, a, &v, sizeof v);
        ck_assert_uint_eq(v, i);
    }
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    /* Generous bound (valgrind is ~50x slower): catches O(n) lookups. */
    ck_assert_msg(secs < 60.0, "took %.2f s", secs);
    sparse_mem_destroy(m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("sparse_mem");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_fill_and_untouched);
    tcase_add_test(tc, test_write_read_page_cross);
    tcase_add_test(tc, test_write_strb_guards);
    tcase_add_test(tc, test_top_of_address_space);
    tcase_add_test(tc, test_crc32_sparse);
    tcase_add_test(tc, test_dump);
    tcase_add_test(tc, test_many_pages_fast);
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
