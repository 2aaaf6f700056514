/* Unit tests for sparse_mem: byte-exact writes, strobes, fill, page
 * crossings, the top of the 64-bit space, CRC and dump without allocation,
 * scale to 10^5 pages, fills with the fill byte that allocate nothing
 * (4 GiB and beyond), CRCs of huge unwritten ranges, and the limit. */
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
        if (dst[8 + i] != want)
            ck_abort_msg("byte %d: expected %02x, actual %02x", i, want, dst[8 + i]);
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
        if (buf[i] != want)
            ck_abort_msg("dump byte %zu: 0x%02x, expected 0x%02x", i, buf[i], want);
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
        if (v != i)   /* (not ck_assert: a passing one writes a record, 150,000 of them) */
            ck_abort_msg("page %u at 0x%llx: read %u", i, (unsigned long long)a, v);
    }
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    /* Generous bound (valgrind is ~50x slower): catches O(n) lookups. */
    ck_assert_msg(secs < 60.0, "took %.2f s", secs);
    sparse_mem_destroy(m);
}
END_TEST

/* CRC-32 of n bytes of value b, streamed (the reference). */
static uint32_t crc_of_fill(uLong crc, uint8_t b, uint64_t n)
{
    static uint8_t buf[1 << 16];
    memset(buf, b, sizeof buf);
    while (n) {
        uInt k = n < sizeof buf ? (uInt)n : (uInt)sizeof buf;
        crc = crc32(crc, buf, k);
        n -= k;
    }
    return (uint32_t)crc;
}

/* A trace's mem_init(pri_mem, 0, 4 GiB, ALL_ZERO): nothing allocated. */
START_TEST(test_fill_zero_4gib_allocates_nothing)
{
    struct sparse_mem *m = sparse_mem_create();
    const uint64_t gib4 = (uint64_t)4 << 30;
    size_t empty = sparse_mem_bytes_allocated(m);
    clock_t t0 = clock();

    ck_assert_int_eq(sparse_mem_fill(m, 0x80000000u, 0, (size_t)gib4), SPARSE_MEM_OK);
    ck_assert_uint_eq(sparse_mem_pages(m), 0);
    ck_assert_uint_eq(sparse_mem_bytes_allocated(m), empty);
    ck_assert_uint_le(empty, 64 * 1024);
    /* the CRC of a small region and of the whole 4 GiB, allocating nothing */
    ck_assert_uint_eq(sparse_mem_crc32(m, 0x80001000u, 8), crc_of_fill(crc32(0L, Z_NULL, 0), 0, 8));
    ck_assert_uint_eq(sparse_mem_crc32(m, 0x80000000u, (size_t)gib4), 0xd202ef8du);  /* zlib.crc32(bytes(4 GiB)) */
    ck_assert_uint_eq(sparse_mem_pages(m), 0);
    /* and beyond: 2^60 bytes, wrapping around the top of the space */
    ck_assert_int_eq(sparse_mem_fill(m, UINT64_MAX - 100, 0, (size_t)1 << 60), SPARSE_MEM_OK);
    (void)sparse_mem_crc32(m, UINT64_MAX - 100, (size_t)1 << 60);
    ck_assert_uint_eq(sparse_mem_pages(m), 0);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    ck_assert_msg(secs < 5.0, "4 GiB zero fill and CRC took %.2f s", secs);
    sparse_mem_destroy(m);
}
END_TEST

/* Filling with the fill byte over written pages: whole pages are released,
 * the covered bytes of partial pages cleared, the rest kept. */
START_TEST(test_fill_zero_releases_and_clears)
{
    struct sparse_mem *m = sparse_mem_create();
    uint8_t page[3 * 4096], got[3 * 4096];

    for (size_t i = 0; i < sizeof page; i++)
        page[i] = (uint8_t)(i * 13 + 1);
    sparse_mem_write(m, 0x10000, page, sizeof page);        /* pages 0x10, 0x11, 0x12 */
    ck_assert_uint_eq(sparse_mem_pages(m), 3);
    /* from the middle of page 0x10 to the middle of page 0x12 */
    ck_assert_int_eq(sparse_mem_fill(m, 0x10000 + 100, 0, 2 * 4096), SPARSE_MEM_OK);
    ck_assert_uint_eq(sparse_mem_pages(m), 2);
    sparse_mem_read(m, 0x10000, got, sizeof got);
    for (size_t i = 0; i < sizeof got; i++) {
        uint8_t want = (i >= 100 && i < 100 + 2 * 4096) ? 0 : page[i];
        if (got[i] != want)
            ck_abort_msg("byte %zu: expected 0x%02x, actual 0x%02x", i, want, got[i]);
    }
    /* inside one page */
    ck_assert_int_eq(sparse_mem_fill(m, 0x10000 + 10, 0, 5), SPARSE_MEM_OK);
    sparse_mem_read(m, 0x10000, got, 20);
    for (size_t i = 0; i < 20; i++)
        ck_assert_uint_eq(got[i], (i >= 10 && i < 15) ? 0 : page[i]);
    /* a huge range (table scan) drops what is inside and keeps what is outside */
    sparse_mem_write(m, 0x5000000000ULL, page, 4096);
    sparse_mem_write(m, 0x0, page, 4096);
    ck_assert_int_eq(sparse_mem_fill(m, 0x1000, 0, (size_t)0x4000000000ULL), SPARSE_MEM_OK);
    ck_assert_uint_eq(sparse_mem_pages(m), 2);
    sparse_mem_read(m, 0x0, got, 4096);
    ck_assert_mem_eq(got, page, 4096);
    sparse_mem_read(m, 0x5000000000ULL, got, 4096);
    ck_assert_mem_eq(got, page, 4096);
    /* with another fill byte, filling with it releases too; 0 allocates */
    sparse_mem_destroy(m);
    m = sparse_mem_create();
    sparse_mem_set_fill(m, 0xA5);
    ck_assert_int_eq(sparse_mem_fill(m, 0, 0xA5, 1 << 20), SPARSE_MEM_OK);
    ck_assert_uint_eq(sparse_mem_pages(m), 0);
    ck_assert_int_eq(sparse_mem_fill(m, 0, 0, 8192), SPARSE_MEM_OK);
    ck_assert_uint_eq(sparse_mem_pages(m), 2);
    sparse_mem_destroy(m);
}
END_TEST

/* Random writes and fill-byte fills against a flat model, scattered over
 * pages that collide in the table: deletions keep every lookup right and
 * the table shrinks back. */
START_TEST(test_release_churn)
{
    enum { NP = 3000, PS = 4096 };
    struct sparse_mem *m = sparse_mem_create();
    uint8_t *flat = calloc(NP, PS);
    unsigned char *alloc = calloc(NP, 1);
    uint32_t x = 12345;
#define RND() (x = x * 1103515245u + 12345u, x >> 8)
    /* page i of the model lives at page number i * 1031 (far apart) */
#define ADDR(pg, off) (((uint64_t)(pg) * 1031u << 12) + (off))

    ck_assert_ptr_nonnull(flat);
    ck_assert_ptr_nonnull(alloc);
    size_t empty = sparse_mem_bytes_allocated(m);
    for (unsigned round = 0; round < 40000; round++) {
        unsigned pg = RND() % NP, off = RND() % PS, op = RND() % 4;
        if (op < 3) {
            uint8_t v = (uint8_t)(RND() | 1);
            sparse_mem_write(m, ADDR(pg, off), &v, 1);
            flat[(size_t)pg * PS + off] = v;
            alloc[pg] = 1;
        } else {
            /* a fill of 0 from off to off+len inside page pg (may cover it all) */
            unsigned len = RND() % 2 ? PS - off : RND() % (PS - off);
            if (RND() % 4 == 0) {
                off = 0;
                len = PS;
            }
            sparse_mem_fill(m, ADDR(pg, off), 0, len);
            memset(flat + (size_t)pg * PS + off, 0, len);
            if (len == PS)
                alloc[pg] = 0;
        }
    }
    size_t pages = 0;
    uint8_t got[PS];
    for (unsigned pg = 0; pg < NP; pg++) {
        pages += alloc[pg];
        sparse_mem_read(m, ADDR(pg, 0), got, PS);
        if (memcmp(got, flat + (size_t)pg * PS, PS))
            ck_abort_msg("page %u differs", pg);
    }
    ck_assert_uint_eq(sparse_mem_pages(m), pages);
    for (unsigned pg = 0; pg < NP; pg++)
        sparse_mem_fill(m, ADDR(pg, 0), 0, PS);
    ck_assert_uint_eq(sparse_mem_pages(m), 0);
    ck_assert_uint_eq(sparse_mem_bytes_allocated(m), empty);
#undef ADDR
#undef RND
    free(flat);
    free(alloc);
    sparse_mem_destroy(m);
}
END_TEST

/* CRC and dump over ranges mostly unwritten, walked page by page and by
 * table scan (range larger than the table), across the top of the space. */
START_TEST(test_crc32_large_ranges)
{
    struct sparse_mem *m = sparse_mem_create();
    const size_t span = 64u << 20;         /* 16384 pages: more than the table */
    uint8_t *ref = calloc(1, span);
    uint64_t bases[] = { 0x40000000u, UINT64_MAX - (32u << 20) + 1 - 4096 + 77 };

    ck_assert_ptr_nonnull(ref);
    ck_assert_uint_eq(sparse_mem_crc32(m, 0x123, span), 0xb2eb30edu);   /* zlib.crc32(bytes(64 MiB)) */
    for (unsigned b = 0; b < 2; b++) {
        uint64_t base = bases[b];
        memset(ref, 0, span);
        sparse_mem_fill(m, 0, 0, SIZE_MAX);
        ck_assert_uint_eq(sparse_mem_pages(m), 0);
        /* a few pieces: the first byte, a page crossing, the top, the last byte */
        size_t at[] = { 0, 4096 * 9 - 3, (32u << 20) - 4096 + 5, span - 1 };
        for (unsigned i = 0; i < 4; i++) {
            uint8_t v[7] = { 1, 2, 3, 4, 5, 6, 7 };
            size_t n = at[i] + 7 > span ? span - at[i] : 7;
            v[0] = (uint8_t)(0x10 + i);
            sparse_mem_write(m, base + at[i], v, n);
            memcpy(ref + at[i], v, n);
        }
        size_t pages = sparse_mem_pages(m);
        uint32_t want = crc_of_fill(crc32(0L, Z_NULL, 0), 0, 0);
        want = (uint32_t)crc32(want, ref, (uInt)span);
        ck_assert_uint_eq(sparse_mem_crc32(m, base, span), want);                  /* table scan */
        size_t small = 40 * 4096;
        ck_assert_uint_eq(sparse_mem_crc32(m, base, small),                        /* page by page */
                          (uint32_t)crc32(crc32(0L, Z_NULL, 0), ref, (uInt)small));
        ck_assert_uint_eq(sparse_mem_pages(m), pages);
        FILE *f = tmpfile();
        ck_assert_ptr_nonnull(f);
        ck_assert_int_eq(sparse_mem_dump(m, base, span, f), 0);
        ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
        ck_assert_int_eq(ftell(f), (long)span);
        rewind(f);
        uint8_t *back = malloc(span);
        ck_assert_ptr_nonnull(back);
        ck_assert_uint_eq(fread(back, 1, span, f), span);
        ck_assert_int_eq(memcmp(back, ref, span), 0);
        free(back);
        fclose(f);
    }
    /* a fill byte other than 0 in the combined runs */
    sparse_mem_fill(m, 0, 0, SIZE_MAX);
    sparse_mem_set_fill(m, 0x3C);
    sparse_mem_write(m, 0x2000000 + 5, "x", 1);
    memset(ref, 0x3C, span);
    ref[0x2000000 + 5] = 'x';
    ck_assert_uint_eq(sparse_mem_crc32(m, 0, span), (uint32_t)crc32(crc32(0L, Z_NULL, 0), ref, (uInt)span));
    free(ref);
    sparse_mem_destroy(m);
}
END_TEST

START_TEST(test_limit)
{
    struct sparse_mem *m = sparse_mem_create();
    uint8_t buf[3 * 4096] = { 0 }, got[8];
    uint64_t where = 0;

    ck_assert_uint_eq(sparse_mem_limit(m), 0);
    ck_assert_int_eq(sparse_mem_error(m, &where), 0);
    sparse_mem_set_limit(m, sparse_mem_bytes_allocated(m) + 2 * 4096);
    ck_assert_uint_eq(sparse_mem_limit(m), sparse_mem_bytes_allocated(m) + 2 * 4096);
    ck_assert_int_eq(sparse_mem_write(m, 0x1000, "ab", 2), SPARSE_MEM_OK);
    /* three pages needed, one held, one more allowed: refused, nothing written */
    memset(buf, 0x77, sizeof buf);
    ck_assert_int_eq(sparse_mem_write(m, 0x1ff0, buf, 2 * 4096 + 32), SPARSE_MEM_ELIMIT);
    ck_assert_uint_eq(sparse_mem_pages(m), 1);
    sparse_mem_read(m, 0x1ff0, got, 8);
    for (int i = 0; i < 8; i++)
        ck_assert_uint_eq(got[i], 0);
    ck_assert_int_eq(sparse_mem_error(m, &where), SPARSE_MEM_ELIMIT);
    ck_assert_uint_eq(where, 0x1ff0);
    ck_assert_str_eq(sparse_mem_strerror(SPARSE_MEM_ELIMIT), "would exceed the memory limit");
    /* two pages fit */
    ck_assert_int_eq(sparse_mem_write(m, 0x1ff0, buf, 32), SPARSE_MEM_OK);
    ck_assert_uint_eq(sparse_mem_pages(m), 2);
    /* full now: a strobed write to a new page and a non-zero fill fail,
     * writes into held pages and zero fills succeed */
    ck_assert_int_eq(sparse_mem_write_strb(m, 0x9000, buf, 8, 0x1), SPARSE_MEM_ELIMIT);
    ck_assert_int_eq(sparse_mem_write_strb(m, 0x9000, buf, 8, 0x0), SPARSE_MEM_OK);
    ck_assert_int_eq(sparse_mem_fill(m, 0x9000, 0xFF, 1), SPARSE_MEM_ELIMIT);
    ck_assert_int_eq(sparse_mem_fill(m, 0x0, 0, (size_t)1 << 40), SPARSE_MEM_OK);
    ck_assert_uint_eq(sparse_mem_pages(m), 0);
    ck_assert_int_eq(sparse_mem_write_strb(m, 0x9000, buf, 8, 0x1), SPARSE_MEM_OK);
    ck_assert_int_eq(sparse_mem_fill(m, 0x1000, 0xFF, 4096), SPARSE_MEM_OK);
    ck_assert_int_eq(sparse_mem_write(m, 0x1000, "z", 1), SPARSE_MEM_OK);
    /* the first error stays */
    ck_assert_int_eq(sparse_mem_error(m, &where), SPARSE_MEM_ELIMIT);
    ck_assert_uint_eq(where, 0x1ff0);
    /* a huge non-zero fill is refused at once, not after allocating */
    ck_assert_int_eq(sparse_mem_fill(m, 0, 1, (size_t)1 << 40), SPARSE_MEM_ELIMIT);
    sparse_mem_set_limit(m, 0);
    ck_assert_int_eq(sparse_mem_write(m, 0x100000, buf, sizeof buf), SPARSE_MEM_OK);
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
    tcase_add_test(tc, test_fill_zero_4gib_allocates_nothing);
    tcase_add_test(tc, test_fill_zero_releases_and_clears);
    tcase_add_test(tc, test_release_churn);
    tcase_add_test(tc, test_crc32_large_ranges);
    tcase_add_test(tc, test_limit);
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
