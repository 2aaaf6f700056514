/* Unit tests for ethosu_mlw_decode: the Ethos-U65 weight stream ("mlw") golden decoder.
 *
 *  - The eight Vela-written vectors (from $ETHOSU_WEIGHTS, default
 *    testdata/ethos-u-weights) decode exactly to their .weights files; a missing
 *    folder fails the test. Slice facts stated in the vectors' README are checked through the
 *    trace callback.
 *  - Hand-built streams, every field worked out by hand in the comments: direct mode, palette +
 *    direct with dirofs, uncompressed (with and without a palette, in alternating mode with 8
 *    indices per chunk), the TRM's alternating-mode example, the balance rule both ways,
 *    quotients and remainders carried across chunks, truncated unary, end padding, joined
 *    streams, and one stream per error.
 *  - Round trips through a small encoder written here from the format description (not shared
 *    with the library): random sections and slices over every ZDIV/WDIV/WTRUNC/palette choice.
 *  - Robustness: every truncation of each vector, and thousands of random single-bit flips,
 *    return an error or weights in range, never a crash (run under ASan/UBSan by hand); on
 *    damaged streams the trace reports each slice once, in order, none past the error.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_mlw.h"

/* A passing ck_assert costs a message to the parent process: loops use this instead. */
#define REQUIRE(cond, ...)                \
    do {                                  \
        if (!(cond))                      \
            ck_abort_msg(__VA_ARGS__);    \
    } while (0)

/* ---- bit writer (LSB first, TRM 4.7.1) --------------------------------------------------- */

struct bw {
    uint8_t *b;
    size_t cap; /* bytes */
    size_t pos; /* bits */
};

static void bw_init(struct bw *w, size_t cap)
{
    w->b = calloc(cap, 1);
    ck_assert_ptr_nonnull(w->b);
    w->cap = cap;
    w->pos = 0;
}

static void put(struct bw *w, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++, w->pos++) {
        REQUIRE(w->pos / 8 < w->cap, "bit writer full");
        if ((v >> i) & 1u)
            w->b[w->pos / 8] |= (uint8_t)(1u << (w->pos % 8));
    }
}

/* End marker, 1 bits to the byte boundary, 0xFF bytes to a multiple of 16 bytes. */
static size_t put_end(struct bw *w)
{
    put(w, 3, 7);
    while (w->pos % 8)
        put(w, 1, 1);
    while ((w->pos / 8) % 16)
        put(w, 8, 0xFF);
    return w->pos / 8;
}

/* Slice header from the raw fields. */
static void put_hdr(struct bw *w, const struct ethosu_mlw_slice_header *h)
{
    put(w, 3, h->zdiv);
    put(w, 15, h->slicelen);
    put(w, 3, h->wdiv);
    put(w, 1, h->wtrunc);
    put(w, 1, h->newpal);
    if (h->newpal) {
        put(w, 5, h->dirofs);
        put(w, 5, h->palsize);
        put(w, 3, h->palbits);
        unsigned ps = h->palsize ? h->palsize + 1u : 0u;
        for (unsigned i = 0; i < ps; i++)
            put(w, h->palbits + 2u, h->palette[i]);
    }
}

static struct ethosu_mlw_slice_header hdr(unsigned zdiv, unsigned slicelen, unsigned wdiv, unsigned wtrunc,
                                          unsigned newpal, unsigned dirofs, unsigned palsize, unsigned palbits)
{
    struct ethosu_mlw_slice_header h;
    memset(&h, 0, sizeof h);
    h.zdiv = (uint8_t)zdiv;
    h.slicelen = (uint16_t)slicelen;
    h.wdiv = (uint8_t)wdiv;
    h.wtrunc = (uint8_t)wtrunc;
    h.newpal = (uint8_t)newpal;
    h.dirofs = (uint8_t)dirofs;
    h.palsize = (uint8_t)palsize;
    h.palbits = (uint8_t)palbits;
    return h;
}

/* ---- decode helpers ------------------------------------------------------------------------- */

struct trace_log {
    unsigned n;
    struct ethosu_mlw_slice_info s[64];
};

static void log_slice(void *user, const struct ethosu_mlw_slice_info *info)
{
    struct trace_log *t = user;
    if (t->n < 64)
        t->s[t->n] = *info;
    t->n++;
}

static void expect_ok(const uint8_t *buf, size_t len, const int *want, size_t nwant)
{
    int16_t *w = NULL;
    size_t n = 0;
    char err[256];
    int rc = ethosu_mlw_decode(buf, len, &w, &n, err, sizeof err);
    ck_assert_msg(rc == 0, "decode failed: %s", err);
    ck_assert_uint_eq(n, nwant);
    for (size_t i = 0; i < n; i++)
        REQUIRE(w[i] == want[i], "weight %zu: got %d, want %d", i, w[i], want[i]);
    free(w);
}

/* Decode must fail with exactly this message. */
static void expect_err(const uint8_t *buf, size_t len, const char *msg)
{
    int16_t *w = (int16_t *)1;
    size_t n = 99;
    char err[256];
    int rc = ethosu_mlw_decode(buf, len, &w, &n, err, sizeof err);
    ck_assert_msg(rc == -1, "decode accepted a bad stream (want '%s')", msg);
    ck_assert_ptr_null(w);
    ck_assert_uint_eq(n, 0);
    ck_assert_str_eq(err, msg);
}

#define NW(a) (sizeof(a) / sizeof((a)[0]))

/* ---- hand-built streams ----------------------------------------------------------------------- */

/* Direct mode, Golomb-Rice wdiv 1, no zero runs. Weights 3, -2, 0 sent as codes 6, 5 and 1
 * ("minus zero"); palette size 0 and dirofs 0 make index = code: 6, 5, 1.
 * Quotients 3, 2, 0, remainders 0, 1, 1. Tokens: q3 = "11" "10", q2 = "11" "0", q0 = "0":
 * positions 0-4 first bits 1 1 1 0 0 -> WUNARY0 0x007; second bits of the three 1 positions
 * 1 0 1 -> WUNARY1 = 0b101. Chunk 2 (both parts off): WREMAIN 0, 1, 1 (1 bit each). */
START_TEST(test_direct_grc)
{
    struct bw w;
    bw_init(&w, 64);
    struct ethosu_mlw_slice_header h = hdr(6, 2, 1, 0, 1, 0, 0, 0);
    put_hdr(&w, &h);
    ck_assert_uint_eq(w.pos, 36);
    put(&w, 12, 0x007); /* WUNARY0 */
    put(&w, 3, 0x5);    /* WUNARY1 */
    put(&w, 1, 0);      /* chunk 2: WREMAIN x3 */
    put(&w, 1, 1);
    put(&w, 1, 1);
    size_t len = put_end(&w);
    ck_assert_uint_eq(len, 16);
    static const int want[] = { 3, -2, 0 };
    expect_ok(w.b, len, want, NW(want));

    /* The trace reports the header and the bit positions. */
    struct trace_log t = { 0 };
    int16_t *out;
    size_t n;
    char err[128];
    ck_assert_int_eq(ethosu_mlw_decode_trace(w.b, len, &out, &n, err, sizeof err, log_slice, &t), 0);
    free(out);
    ck_assert_uint_eq(t.n, 1);
    ck_assert_uint_eq(t.s[0].hdr.zdiv, 6);
    ck_assert_uint_eq(t.s[0].hdr.slicelen, 2);
    ck_assert_uint_eq(t.s[0].hdr.wdiv, 1);
    ck_assert_uint_eq(t.s[0].header_bit, 0);
    ck_assert_uint_eq(t.s[0].data_bit, 36);
    ck_assert_uint_eq(t.s[0].end_bit, 36 + 12 + 3 + 3);
    ck_assert_uint_eq(t.s[0].chunks, 2);
    ck_assert_uint_eq(t.s[0].first_weight, 0);
    ck_assert_uint_eq(t.s[0].n_weights, 3);
    free(w.b);
}
END_TEST

/* Palette + direct in one slice, wdiv 0. Palette codes {20 (+10), 7 (-3), 0}: PALSIZE 2
 * (3 entries), PALBITS 3 (5-bit entries), DIROFS 4. Weights +10, -3, 0 are palette indices
 * 0, 1, 2; +2 (code 4) is index 4 - 4 + 3 = 3; -5 (code 11) is index 11 - 4 + 3 = 10.
 * Quotients = indices 0, 1, 2, 3, 10: "0" | "10" | "11" "0" | "11" "10" | "11"x5 "0" = exactly
 * 12 positions. First bits: 0 1 1 0 1 1 1 1 1 1 1 0 -> WUNARY0 0x7F6 (9 ones); second bits
 * 0 1 1 0 1 1 1 1 1 -> WUNARY1 0x1F6 (9 bits). wdiv 0: no remainder bits, chunk 2 is empty. */
START_TEST(test_palette_and_direct)
{
    struct bw w;
    bw_init(&w, 64);
    struct ethosu_mlw_slice_header h = hdr(6, 4, 0, 0, 1, 4, 2, 3);
    h.palette[0] = 20;
    h.palette[1] = 7;
    h.palette[2] = 0;
    put_hdr(&w, &h);
    ck_assert_uint_eq(w.pos, 36 + 15);
    ck_assert_uint_eq(ethosu_mlw_header_bits(&h), 36 + 15);
    put(&w, 12, 0x7F6);
    put(&w, 9, 0x1F6);
    size_t len = put_end(&w);
    static const int want[] = { 10, -3, 0, 2, -5 };
    expect_ok(w.b, len, want, NW(want));
    free(w.b);
}
END_TEST

/* The TRM's alternating-mode example 0, 5, 6, 0, 0, 0, 7, 0: coded {5, 6, 7}, runs {1, 0, 3, 1}.
 * ZDIV 0, palette codes {10, 12, 14} (3 entries of 4 bits: PALSIZE 2, PALBITS 2), wdiv 0.
 * Indices 0, 1, 2: "0" | "10" | "11" "0" -> WUNARY0 0b0110, WUNARY1 0b10.
 * Runs (z_cnt = 3 + NEWPAL = 4), plain unary "10" "0" "1110" "10" -> ZUNARY 0xB9.
 * Chunk 1 (balance 0): WUNARY0, ZUNARY, WUNARY1. Chunk 2: remainders of width 0, empty.
 * Then the same with ZDIV 1: runs = 2q + r: q {0, 0, 1, 0} -> ZUNARY "0" "0" "10" "0" = 0b0100,
 * ZREMAIN r {1, 0, 1, 1} in chunk 2. */
START_TEST(test_alternating_trm_example)
{
    static const int want[] = { 0, 5, 6, 0, 0, 0, 7, 0 };
    for (unsigned zdiv = 0; zdiv <= 1; zdiv++) {
        struct bw w;
        bw_init(&w, 64);
        struct ethosu_mlw_slice_header h = hdr(zdiv, 2, 0, 0, 1, 0, 2, 2);
        h.palette[0] = 10;
        h.palette[1] = 12;
        h.palette[2] = 14;
        put_hdr(&w, &h);
        put(&w, 12, 0x6);                   /* WUNARY0 */
        put(&w, 12, zdiv ? 0x004 : 0x0B9);  /* ZUNARY */
        put(&w, 2, 0x2);                    /* WUNARY1 */
        if (zdiv) {                         /* chunk 2: ZREMAIN x4 */
            put(&w, 1, 1);
            put(&w, 1, 0);
            put(&w, 1, 1);
            put(&w, 1, 1);
        }
        size_t len = put_end(&w);
        expect_ok(w.b, len, want, NW(want));
        free(w.b);
    }
}
END_TEST

/* A quotient carried across chunks and remainders one chunk late. Direct mode, dirofs 0,
 * wdiv 2, 13 weights: indices 0..10 = i % 4 (quotient 0: weights 0, 0, +1, -1, ...), index 23
 * (q 5 r 3, code 23 = -11), index 2 (+1).
 * Chunk 1: positions 0-10 "0", position 11 the first "11" of q5 -> WUNARY0 0x800, WUNARY1 1.
 * Chunk 2: position 0 "11", 1 "10" (q5 = 2+2+1 done), 2 "0" (last weight), filler ->
 *          WUNARY0 0x003, WUNARY1 0b01; then the 11 WREMAINs of chunk 1 (2 bits each).
 * Chunk 3: both parts off: WREMAIN 3 and 2. */
START_TEST(test_carry_across_chunks)
{
    struct bw w;
    bw_init(&w, 64);
    struct ethosu_mlw_slice_header h = hdr(6, 12, 2, 0, 1, 0, 0, 3);
    put_hdr(&w, &h);
    put(&w, 12, 0x800);
    put(&w, 1, 1);
    put(&w, 12, 0x003);
    put(&w, 2, 0x1);
    for (unsigned i = 0; i < 11; i++)
        put(&w, 2, i % 4);
    put(&w, 2, 3);
    put(&w, 2, 2);
    size_t len = put_end(&w);
    static const int want[] = { 0, 0, 1, -1, 0, 0, 1, -1, 0, 0, 1, -11, 1 };
    expect_ok(w.b, len, want, NW(want));
    free(w.b);
}
END_TEST

/* Truncated unary (WTRUNC 1), wdiv 1: every weight takes one position, "11" = quotient 2 and
 * ends it. Indices 0..5 (direct, dirofs 0) = weights 0, 0, +1, -1, +2, -2. Quotients
 * 0 0 1 1 2 2: first bits 0 0 1 1 1 1 -> WUNARY0 0x03C; WUNARY1 is popcount = 4 bits long:
 * 0 0 1 1 = 0xC. Chunk 2: WREMAIN 0 1 0 1 0 1. Without WTRUNC the same bits mean something
 * else (the "11" would continue the quotient). */
START_TEST(test_wtrunc)
{
    struct bw w;
    bw_init(&w, 64);
    struct ethosu_mlw_slice_header h = hdr(6, 5, 1, 1, 1, 0, 0, 1);
    put_hdr(&w, &h);
    put(&w, 12, 0x03C);
    put(&w, 4, 0xC);
    for (unsigned i = 0; i < 6; i++)
        put(&w, 1, i & 1);
    size_t len = put_end(&w);
    static const int want[] = { 0, 0, 1, -1, 2, -2 };
    expect_ok(w.b, len, want, NW(want));
    /* Clearing WTRUNC: the 11 tokens now continue; the stream is then malformed. */
    w.b[2] &= (uint8_t)~(1u << 5); /* WTRUNC is bit 21 */
    int16_t *out;
    size_t n;
    char err[128];
    int rc = ethosu_mlw_decode(w.b, len, &out, &n, err, sizeof err);
    if (rc == 0) {
        ck_assert_msg(n != 6 || memcmp(out, (int16_t[]){ 0, 0, 1, -1, 2, -2 }, 12) != 0, "WTRUNC ignored");
        free(out);
    }
    free(w.b);
}
END_TEST

/* Balance >= 8 turns the weight part off. ZDIV 0, wdiv 0, 20 coded weights all palette index 0
 * (palette codes {2, 0}: +1; PALSIZE 1, PALBITS 0), runs (z_cnt 21): 0, 12, 0, 0, 0, 10, then 15
 * zeros.
 * Chunk 1 (balance 0): WUNARY0 12 x "0" (12 weights); ZUNARY "0" + 11 ones (run 1 open).
 * Chunk 2 (balance 12 - 1 = 11): runs only: ZUNARY 1 "0" (run 1 = 12) "0" "0" "0" + 7 ones.
 * Chunk 3 (balance 12 - 5 = 7): both: WUNARY0 8 x "0" + filler; ZUNARY 3 ones "0" (run 5 = 10)
 *          then 8 zero runs.
 * Chunk 4 (balance 20 - 14 = 6, weights done): ZUNARY 7 zero runs + 5 filler. Chunk 5 empty. */
START_TEST(test_balance_runs_catch_up)
{
    struct bw w;
    bw_init(&w, 64);
    struct ethosu_mlw_slice_header h = hdr(0, 19, 0, 0, 1, 0, 1, 0);
    h.palette[0] = 2;
    h.palette[1] = 0;
    put_hdr(&w, &h);
    put(&w, 12, 0);          /* c1 WUNARY0 */
    put(&w, 12, 0xFFE);      /* c1 ZUNARY: 0, then 11 ones; WUNARY1 empty */
    put(&w, 12, 0xFE1);      /* c2 ZUNARY: 1, 0, 0, 0, 0, then 7 ones */
    put(&w, 12, 0);          /* c3 WUNARY0 */
    put(&w, 12, 0x007);      /* c3 ZUNARY: 1 1 1 0, then 8 zeros */
    put(&w, 12, 0);          /* c4 ZUNARY */
    size_t len = put_end(&w);
    int want[20 + 12 + 10];
    size_t k = 0;
    for (unsigned i = 0; i < 20; i++) {
        want[k++] = 1;
        unsigned run = i == 0 ? 12 : i == 4 ? 10 : 0;
        for (unsigned j = 0; j < run; j++)
            want[k++] = 0;
    }
    ck_assert_uint_eq(k, NW(want));
    expect_ok(w.b, len, want, k);
    struct trace_log t = { 0 };
    int16_t *out;
    size_t n;
    ck_assert_int_eq(ethosu_mlw_decode_trace(w.b, len, &out, &n, NULL, 0, log_slice, &t), 0);
    free(out);
    ck_assert_uint_eq(t.s[0].chunks, 5);
    free(w.b);
}
END_TEST

/* Balance < 0 turns the run part off, and remainders of a part that is now off still follow.
 * ZDIV 1, wdiv 0, direct mode dirofs 0: 16 coded weights, index 6 (+3) each: "11" "11" "11" "0"
 * = 4 positions. Runs (z_cnt 17): quotient 0, remainder alternating 1, 0, 1, ...
 * Chunk 1 (balance 0): WUNARY0 0x777 (3 weights), ZUNARY 12 x "0" (12 run quotients),
 *          WUNARY1 9 ones.
 * Chunk 2 (balance 3 - 12 = -9): weights only: WUNARY0 0x777, WUNARY1 0x1FF; ZREMAIN x12.
 * Chunks 3, 4 (balance -6, -3): weights only, no remainders of runs.
 * Chunk 5 (balance 0): both: WUNARY0 0x777, ZUNARY 5 x "0" + filler, WUNARY1 0x1FF.
 * Chunk 6 (balance 15 - 17 = -2): weights: WUNARY0 0x007 (last weight), WUNARY1 0x7; ZREMAIN x5.
 * Chunk 7: both off, nothing (widths 0). */
START_TEST(test_balance_weights_catch_up)
{
    struct bw w;
    bw_init(&w, 64);
    struct ethosu_mlw_slice_header h = hdr(1, 15, 0, 0, 1, 0, 0, 2);
    put_hdr(&w, &h);
    put(&w, 12, 0x777);
    put(&w, 12, 0);
    put(&w, 9, 0x1FF);
    put(&w, 12, 0x777); /* chunk 2 */
    put(&w, 9, 0x1FF);
    for (unsigned i = 0; i < 12; i++)
        put(&w, 1, (i & 1) ^ 1);
    for (unsigned c = 3; c <= 4; c++) {
        put(&w, 12, 0x777);
        put(&w, 9, 0x1FF);
    }
    put(&w, 12, 0x777); /* chunk 5 */
    put(&w, 12, 0);
    put(&w, 9, 0x1FF);
    put(&w, 12, 0x007); /* chunk 6 */
    put(&w, 3, 0x7);
    for (unsigned i = 12; i < 17; i++)
        put(&w, 1, (i & 1) ^ 1);
    size_t len = put_end(&w);
    int want[16 + 9];
    size_t k = 0;
    for (unsigned r = 0; r < 17; r++) {
        if (r)
            want[k++] = 3;
        if ((r & 1) == 0)
            want[k++] = 0;
    }
    ck_assert_uint_eq(k, NW(want));
    expect_ok(w.b, len, want, k);
    free(w.b);
}
END_TEST

/* Uncompressed indices. (a) Palette of 3 entries {+1, -1, +2} -> 2-bit indices, 12 per chunk,
 * dirofs 0 so index 3 = direct code 0. 14 weights: chunk 1 takes 12 (no bits), chunk 2 takes 2
 * and carries 12 WREMAINs, chunk 3 carries 2.
 * (b) Alternating, direct mode, PALBITS 7 (9-bit indices, 8 per chunk): 10 coded weights
 * alternating +255 (510) and -255 (511); runs (ZDIV 0, z_cnt 11) 0, 20, then 9 zeros.
 * Chunk 1 (balance 0): weights take 8; ZUNARY "0" + 11 ones.
 * Chunk 2 (balance 8 - 1 = 7): weights take the last 2; ZUNARY 9 ones "0" (run 20) "0" "0";
 *          8 WREMAINs of 9 bits.
 * Chunk 3 (balance 10 - 4 = 6): runs: ZUNARY 7 x "0" + filler; 2 WREMAINs. Chunk 4 empty.
 * Taking 12 indices per chunk would put chunk 2's weight part off and read other bits. */
START_TEST(test_uncompressed)
{
    struct bw w;
    bw_init(&w, 64);
    struct ethosu_mlw_slice_header h = hdr(6, 13, 7, 0, 1, 0, 2, 1);
    h.palette[0] = 2;
    h.palette[1] = 3;
    h.palette[2] = 4;
    ck_assert_uint_eq(ethosu_mlw_uncompressed_bits(&h), 2);
    put_hdr(&w, &h);
    for (unsigned i = 0; i < 14; i++)
        put(&w, 2, i % 4);
    size_t len = put_end(&w);
    static const int want_a[] = { 1, -1, 2, 0, 1, -1, 2, 0, 1, -1, 2, 0, 1, -1 };
    expect_ok(w.b, len, want_a, NW(want_a));
    free(w.b);

    bw_init(&w, 64);
    h = hdr(0, 9, 7, 0, 1, 0, 0, 7);
    ck_assert_uint_eq(ethosu_mlw_uncompressed_bits(&h), 9);
    put_hdr(&w, &h);
    put(&w, 12, 0xFFE);        /* c1 ZUNARY */
    put(&w, 12, 0x1FF);        /* c2 ZUNARY: 9 ones, 0, 0, 0 */
    for (unsigned i = 0; i < 8; i++)
        put(&w, 9, 510u + (i & 1));
    put(&w, 12, 0);            /* c3 ZUNARY */
    put(&w, 9, 510);
    put(&w, 9, 511);
    len = put_end(&w);
    int want_b[10 + 20];
    size_t k = 0;
    for (unsigned i = 0; i < 10; i++) {
        want_b[k++] = (i & 1) ? -255 : 255;
        for (unsigned j = 0; i == 0 && j < 20; j++)
            want_b[k++] = 0;
    }
    expect_ok(w.b, len, want_b, k);
    free(w.b);
}
END_TEST

/* Padding and stream ends: 0xFF words after the marker are more padding; joined streams. */
START_TEST(test_end_padding_and_joined_streams)
{
    /* One weight 186 as in dev07: palette {372, 0}, dirofs 31, WUNARY0 of zeros: 66 bits. */
    struct bw w;
    bw_init(&w, 128);
    struct ethosu_mlw_slice_header h = hdr(6, 0, 0, 0, 1, 31, 1, 7);
    h.palette[0] = 372;
    put_hdr(&w, &h);
    put(&w, 12, 0);
    ck_assert_uint_eq(w.pos, 66);
    size_t len = put_end(&w);
    ck_assert_uint_eq(len, 16);
    static const uint8_t dev07[16] = { 0x06, 0x00, 0xc0, 0x1f, 0x4e, 0x17, 0x00, 0x00, 0xfc, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
    ck_assert_mem_eq(w.b, dev07, 16);
    static const int one[] = { 186 };
    expect_ok(w.b, 16, one, 1);
    /* Another all-0xFF word: more padding. */
    memset(w.b + 16, 0xFF, 16);
    expect_ok(w.b, 32, one, 1);
    /* A second stream joined after the first. */
    memset(w.b + 16, 0, 16);
    w.pos = 16 * 8;
    h.palette[0] = 3; /* -1 */
    put_hdr(&w, &h);
    put(&w, 12, 0);
    len = put_end(&w);
    ck_assert_uint_eq(len, 32);
    static const int two[] = { 186, -1 };
    expect_ok(w.b, len, two, 2);
    struct trace_log t = { 0 };
    int16_t *out;
    size_t n;
    ck_assert_int_eq(ethosu_mlw_decode_trace(w.b, len, &out, &n, NULL, 0, log_slice, &t), 0);
    free(out);
    ck_assert_uint_eq(t.n, 2);
    ck_assert_uint_eq(t.s[1].stream, 1);
    ck_assert_uint_eq(t.s[1].header_bit, 128);
    ck_assert_uint_eq(t.s[1].first_weight, 1);
    free(w.b);

    /* A slice ending 2 bits before a word boundary (36 + 10 x 9 = 126 bits: 10 uncompressed
     * 9-bit direct indices): the marker crosses it, so 16 more bytes, the last all 0xFF. */
    bw_init(&w, 64);
    h = hdr(6, 9, 7, 0, 1, 0, 0, 7);
    put_hdr(&w, &h);
    for (unsigned i = 0; i < 10; i++)
        put(&w, 9, i);
    ck_assert_uint_eq(w.pos, 126);
    len = put_end(&w);
    ck_assert_uint_eq(len, 32);
    for (unsigned i = 16; i < 32; i++)
        ck_assert_uint_eq(w.b[i], 0xFF);
    static const int ten[] = { 0, 0, 1, -1, 2, -2, 3, -3, 4, -4 };
    expect_ok(w.b, len, ten, NW(ten));
    expect_err(w.b, 16, "bit 126: missing end marker: 2 bits left after the last slice");
    free(w.b);
}
END_TEST

/* Every malformed-stream error, with its bit position. */
START_TEST(test_errors)
{
    struct bw w;
    struct ethosu_mlw_slice_header h;
    size_t len;

    expect_err(NULL, 0, "bit 0: missing end marker (ZDIV 7) after the last slice");
    uint8_t ff[16];
    memset(ff, 0xFF, sizeof ff);
    expect_err(ff, 16, "bit 0: no slice: the stream starts with the end marker");

    for (unsigned z = 4; z <= 5; z++) {
        bw_init(&w, 64);
        h = hdr(z, 0, 0, 0, 1, 0, 0, 0);
        put_hdr(&w, &h);
        put(&w, 12, 0);
        len = put_end(&w);
        char msg[96];
        snprintf(msg, sizeof msg, "bit 0: invalid ZDIV %u (0-3, 6, or 7 for the end marker)", z);
        expect_err(w.b, len, msg);
        free(w.b);
    }

    bw_init(&w, 64);
    h = hdr(6, 0, 6, 0, 1, 0, 0, 0);
    put_hdr(&w, &h);
    put(&w, 12, 0);
    len = put_end(&w);
    expect_err(w.b, len, "bit 18: invalid WDIV 6 (0-5, or 7 for uncompressed)");
    free(w.b);

    bw_init(&w, 64);
    h = hdr(6, 0, 0, 0, 0, 0, 0, 0);
    put_hdr(&w, &h);
    put(&w, 12, 0);
    len = put_end(&w);
    expect_err(w.b, len, "bit 22: NEWPAL 0 in the first slice of a stream");
    free(w.b);

    /* A NEWPAL-0 slice switching to alternating mode. Slice 1: direct, one weight index 0
     * (code 0, dirofs 0), 36 + 12 bits. Slice 2 at bit 48 with ZDIV 0. */
    bw_init(&w, 64);
    h = hdr(6, 0, 0, 0, 1, 0, 0, 0);
    put_hdr(&w, &h);
    put(&w, 12, 0);
    h = hdr(0, 0, 0, 0, 0, 0, 0, 0);
    put_hdr(&w, &h);
    put(&w, 12, 0);
    put(&w, 12, 0);
    len = put_end(&w);
    expect_err(w.b, len, "bit 48: slice without NEWPAL switches to alternating mode (ZDIV 0)");
    free(w.b);

    /* After an end marker a new stream needs NEWPAL again. */
    bw_init(&w, 64);
    h = hdr(6, 0, 0, 0, 1, 0, 0, 0);
    put_hdr(&w, &h);
    put(&w, 12, 0);
    put_end(&w);
    h = hdr(6, 0, 0, 0, 0, 0, 0, 0);
    put_hdr(&w, &h);
    put(&w, 12, 0);
    len = put_end(&w);
    expect_err(w.b, len, "bit 150: NEWPAL 0 in the first slice of a stream");
    free(w.b);

    /* Weight quotient 32 (16 "11" tokens, wdiv 0, no WTRUNC): 12 in chunk 1, the 16th is
     * position 3 of chunk 2's WUNARY0 = bit 36 + 12 (WUNARY0) + 12 (WUNARY1) + 3. */
    bw_init(&w, 64);
    h = hdr(6, 0, 0, 0, 1, 0, 0, 0);
    put_hdr(&w, &h);
    put(&w, 12, 0xFFF);
    put(&w, 12, 0xFFF);
    put(&w, 12, 0x00F);
    put(&w, 4, 0xF);
    len = put_end(&w);
    expect_err(w.b, len, "bit 63: weight quotient over 31");
    free(w.b);

    /* Index 512: wdiv 5, quotient 16 = 8 "11" tokens then "0" (9 positions). */
    bw_init(&w, 64);
    h = hdr(6, 0, 5, 0, 1, 0, 0, 0);
    put_hdr(&w, &h);
    put(&w, 12, 0x0FF);
    put(&w, 8, 0xFF);
    put(&w, 5, 0);
    len = put_end(&w);
    expect_err(w.b, len, "bit 44: weight index 512 (quotient 16 << wdiv 5) over 511");
    free(w.b);

    /* Direct code 511 + 1: uncompressed 9-bit index 511 with dirofs 1 (WREMAIN at bit 36). */
    bw_init(&w, 64);
    h = hdr(6, 0, 7, 0, 1, 1, 0, 7);
    put_hdr(&w, &h);
    put(&w, 9, 511);
    len = put_end(&w);
    expect_err(w.b, len,
               "bit 36: weight index 511: direct code 512 (index - palette size 0 + dirofs 1) over 511");
    /* index 510 -> code 511 = -255 is fine */
    free(w.b);
    bw_init(&w, 64);
    put_hdr(&w, &h);
    put(&w, 9, 510);
    len = put_end(&w);
    static const int m255[] = { -255 };
    expect_ok(w.b, len, m255, 1);
    free(w.b);

    /* Padding bit 0 right after the marker; length not a multiple of 16; truncation. */
    bw_init(&w, 64);
    h = hdr(6, 0, 0, 0, 1, 0, 0, 0);
    put_hdr(&w, &h);
    put(&w, 12, 0);
    len = put_end(&w);
    static const int zero[] = { 0 };
    expect_ok(w.b, len, zero, 1);
    w.b[6] &= (uint8_t)~0x80; /* bit 55: the last alignment bit (marker at 48-50) */
    expect_err(w.b, len, "bit 55: padding bit after the end marker is 0 (must be 1)");
    w.b[6] |= 0x80;
    expect_err(w.b, 8, "bit 64: stream length 8 bytes is not a multiple of 16");
    expect_err(w.b, 5, "bit 36: truncated stream: WUNARY0 needs 12 bits, 4 left");
    expect_err(w.b, 6, "bit 48: missing end marker (ZDIV 7) after the last slice");
    expect_err(w.b, 2, "bit 3: truncated stream: SLICELEN needs 15 bits, 13 left");
    /* err may be NULL. */
    int16_t *out;
    size_t n;
    ck_assert_int_eq(ethosu_mlw_decode(w.b, 5, &out, &n, NULL, 0), -1);
    char tiny[4];
    ck_assert_int_eq(ethosu_mlw_decode(w.b, 5, &out, &n, tiny, sizeof tiny), -1);
    ck_assert_str_eq(tiny, "bit");
    free(w.b);
}
END_TEST

/* The largest slice: 32768 indices (SLICELEN 32767), uncompressed 2-bit direct indices. */
START_TEST(test_max_slice)
{
    struct bw w;
    bw_init(&w, 16 + 32768 / 4 + 32);
    struct ethosu_mlw_slice_header h = hdr(6, 32767, 7, 0, 1, 0, 0, 0);
    put_hdr(&w, &h);
    for (unsigned i = 0; i < 32768; i++)
        put(&w, 2, i % 4);
    size_t len = put_end(&w);
    int16_t *out;
    size_t n;
    char err[128];
    ck_assert_int_eq(ethosu_mlw_decode(w.b, len, &out, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 32768);
    static const int16_t cyc[4] = { 0, 0, 1, -1 };
    for (size_t i = 0; i < n; i++)
        REQUIRE(out[i] == cyc[i % 4], "weight %zu: %d", i, out[i]);
    free(out);
    free(w.b);
}
END_TEST

/* ---- round trips through a test-side encoder -------------------------------------------------- */

static uint64_t rng_state;
static uint64_t rnd64(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static unsigned rnd(unsigned n) /* 0..n-1 */
{
    return (unsigned)(((rnd64() >> 32) * n) >> 32);
}

/* Chunks of one slice: indices idx[0..w_cnt), runs[0..z_cnt) (alternating only). Written from
 * the chunk rules: tokens for weight quotients, plain unary for run quotients, remainders one
 * chunk late, filler zeros. */
static void enc_chunks(struct bw *w, const struct ethosu_mlw_slice_header *h, const unsigned *idx, const unsigned *runs)
{
    int alt = h->zdiv <= 3, uncomp = h->wdiv == 7;
    unsigned ps = h->palsize ? h->palsize + 1u : 0u, pb = h->palbits + 2u;
    unsigned ub = 0;
    while (ps && (1u << ub) < ps)
        ub++;
    if (!ps)
        ub = pb;
    unsigned wrb = uncomp ? ub : h->wdiv, zdiv = alt ? h->zdiv : 0;
    unsigned zun = zdiv < 3 ? 12 : 8, per = ub <= 5 ? 12 : 8;
    size_t w_cnt = h->slicelen + 1u, z_cnt = alt ? w_cnt + h->newpal : 0;

    /* token list: (b0, b1, ends) */
    static uint8_t tb0[32768 * 16], tb1[32768 * 16], tend[32768 * 16];
    size_t nt = 0;
    for (size_t i = 0; i < w_cnt && !uncomp; i++) {
        unsigned q = idx[i] >> h->wdiv;
        if (h->wtrunc) {
            REQUIRE(q <= 2, "test bug: truncated quotient %u", q);
            tb0[nt] = q > 0;
            tb1[nt] = q == 2;
            tend[nt++] = 1;
            continue;
        }
        for (; q >= 2; q -= 2) {
            tb0[nt] = 1;
            tb1[nt] = 1;
            tend[nt++] = 0;
        }
        tb0[nt] = q == 1;
        tb1[nt] = 0;
        tend[nt++] = 1;
    }
    size_t ti = 0, zi = 0, wdone = 0, zdone = 0, wrem = 0, zrem = 0, prev_wdone = 0, prev_zdone = 0;
    unsigned zleft = z_cnt ? runs[0] >> zdiv : 0; /* ones left in the current run's unary */
    int prev_w = 0, prev_z = 0;
    do {
        long bal = alt ? (long)wdone - (long)zdone : 0;
        int w_en = (!alt || bal < 8) && wdone < w_cnt;
        int z_en = alt && bal >= 0 && zdone < z_cnt;
        uint32_t wu0 = 0, wu1 = 0, zu = 0;
        unsigned n1 = 0;
        if (w_en && !uncomp) {
            for (unsigned p = 0; p < 12 && ti < nt; p++, ti++) {
                if (tb0[ti]) {
                    wu0 |= 1u << p;
                    wu1 |= (uint32_t)tb1[ti] << n1++;
                }
                wdone += tend[ti];
            }
        }
        if (w_en && uncomp)
            wdone += (w_cnt - wdone < per) ? w_cnt - wdone : per;
        if (z_en) {
            for (unsigned p = 0; p < zun && zi < z_cnt; p++) {
                if (zleft) {
                    zu |= 1u << p;
                    zleft--;
                } else {
                    zi++;
                    zdone++;
                    zleft = zi < z_cnt ? runs[zi] >> zdiv : 0;
                }
            }
        }
        if (w_en && !uncomp)
            put(w, 12, wu0);
        if (z_en)
            put(w, zun, zu);
        if (w_en && !uncomp)
            put(w, n1, wu1);
        if (prev_w)
            for (; wrem < prev_wdone; wrem++)
                put(w, wrb, uncomp ? idx[wrem] : idx[wrem] & ((1u << wrb) - 1u));
        if (prev_z)
            for (; zrem < prev_zdone; zrem++)
                put(w, zdiv, runs[zrem] & ((1u << zdiv) - 1u));
        prev_w = w_en;
        prev_z = z_en;
        prev_wdone = wdone;
        prev_zdone = zdone;
    } while (prev_w || prev_z);
}

static int sm_weight(unsigned code)
{
    return (code & 1) ? -(int)(code >> 1) : (int)(code >> 1);
}

/* Build a random stream of 1..3 joined streams, each of random sections and slices; decode and
 * compare. Returns the number of slices. */
static unsigned random_stream(unsigned seed, unsigned *modes)
{
    rng_state = 0xC0FFEEull * 1000003u + seed;
    struct bw w;
    bw_init(&w, 1 << 20);
    size_t cap = 1 << 20, nexp = 0;
    int *exp = malloc(cap * sizeof *exp);
    unsigned *idx = malloc(32768 * sizeof *idx), *runs = malloc(32769 * sizeof *runs);
    ck_assert(exp && idx && runs);
    unsigned nslices = 0;
    unsigned nstreams = 1 + rnd(3);
    for (unsigned s = 0; s < nstreams; s++) {
        unsigned nsec = 1 + rnd(3);
        for (unsigned sec = 0; sec < nsec; sec++) {
            struct ethosu_mlw_slice_header base = hdr(0, 0, 0, 0, 1, rnd(32), 0, rnd(8));
            int alt = rnd(2);
            unsigned ps = rnd(3) ? 2 + rnd(31) : 0;
            base.palsize = (uint8_t)(ps ? ps - 1 : 0);
            unsigned pb = base.palbits + 2u;
            for (unsigned i = 0; i < ps; i++)
                base.palette[i] = (uint16_t)rnd(1u << pb);
            unsigned nsl = 1 + rnd(4);
            for (unsigned sl = 0; sl < nsl; sl++) {
                struct ethosu_mlw_slice_header h = base;
                h.newpal = sl == 0;
                h.zdiv = (uint8_t)(alt ? rnd(4) : 6);
                unsigned wsel = rnd(13); /* wdiv 0-5 x wtrunc, or uncompressed */
                h.wdiv = (uint8_t)(wsel == 12 ? 7 : wsel / 2);
                h.wtrunc = (uint8_t)(wsel == 12 ? rnd(2) : wsel & 1);
                unsigned len = 1 + (rnd(8) ? rnd(60) : rnd(700));
                h.slicelen = (uint16_t)(len - 1);
                /* largest index keeping quotient, 9-bit index and direct code limits */
                unsigned ub = 0;
                while (ps && (1u << ub) < ps)
                    ub++;
                unsigned maxi = h.wdiv == 7 ? (1u << (ps ? ub : pb)) - 1
                                : h.wtrunc ? (3u << h.wdiv) - 1 : (32u << h.wdiv) - 1;
                if (maxi > 511)
                    maxi = 511;
                if (maxi >= ps && maxi - ps + base.dirofs > 511)
                    maxi = 511 + ps - base.dirofs;
                unsigned zmax = rnd(4) ? 8 : 300;
                size_t nz = alt ? len + h.newpal : 0;
                for (size_t i = 0; i < nz; i++)
                    runs[i] = rnd(3) ? 0 : rnd(zmax + 1);
                for (size_t i = 0; i < len; i++)
                    idx[i] = rnd(4) ? rnd(maxi < 8 ? maxi + 1 : 8) : rnd(maxi + 1);
                put_hdr(&w, &h);
                enc_chunks(&w, &h, idx, runs);
                modes[(alt ? 1 : 0) + (h.wdiv == 7 ? 2 : 0) + (h.wtrunc ? 4 : 0) + (ps ? 8 : 0)]++;
                /* expected weights */
                size_t r = 0;
                if (alt && h.newpal)
                    for (unsigned k = 0; k < runs[r]; k++)
                        exp[nexp++] = 0;
                if (alt && h.newpal)
                    r++;
                for (size_t i = 0; i < len; i++) {
                    unsigned code = idx[i] < ps ? h.palette[idx[i]] : idx[i] - ps + h.dirofs;
                    REQUIRE(code <= 511, "test bug: code %u", code);
                    exp[nexp++] = sm_weight(code);
                    if (alt) {
                        for (unsigned k = 0; k < runs[r]; k++)
                            exp[nexp++] = 0;
                        r++;
                    }
                    REQUIRE(nexp < cap - 1000, "test bug: too many weights");
                }
                nslices++;
            }
        }
        put_end(&w);
        if (rnd(4) == 0) /* sometimes more padding words */
            for (unsigned k = 0; k < 16; k++)
                put(&w, 8, 0xFF);
    }
    size_t len = w.pos / 8;
    int16_t *out;
    size_t n;
    char err[256];
    struct trace_log t = { 0 };
    int rc = ethosu_mlw_decode_trace(w.b, len, &out, &n, err, sizeof err, log_slice, &t);
    ck_assert_msg(rc == 0, "seed %u: %s", seed, err);
    ck_assert_msg(n == nexp, "seed %u: %zu weights, want %zu", seed, n, nexp);
    for (size_t i = 0; i < n; i++)
        REQUIRE(out[i] == exp[i], "seed %u: weight %zu: %d, want %d", seed, i, out[i], exp[i]);
    ck_assert_uint_eq(t.n, nslices);
    for (unsigned i = 1; i < t.n && i < 64; i++) {
        REQUIRE(t.s[i].first_weight == t.s[i - 1].first_weight + t.s[i - 1].n_weights, "seed %u: slice %u", seed, i);
        if (t.s[i].stream == t.s[i - 1].stream)
            REQUIRE(t.s[i].header_bit == t.s[i - 1].end_bit, "seed %u: slice %u", seed, i);
    }
    free(out);
    free(exp);
    free(idx);
    free(runs);
    free(w.b);
    return nslices;
}

START_TEST(test_random_round_trips)
{
    unsigned modes[16] = { 0 }, slices = 0;
    for (unsigned seed = 0; seed < 400; seed++)
        slices += random_stream(seed, modes);
    ck_assert_uint_gt(slices, 1000);
    for (unsigned m = 0; m < 16; m++)
        ck_assert_msg(modes[m] > 0, "mode combination %u never drawn", m);
}
END_TEST

/* ---- the shipped vectors ------------------------------------------------------------------- */

static const char *const cases[] = {
    "dev01_all_zeros", "dev02_dense_small", "dev03_sparse90", "dev04_wide_range",
    "dev05_palette", "dev06_long_multislice", "dev07_single", "dev08_end_padding",
};
#define N_CASES (sizeof cases / sizeof cases[0])

static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL,
                  "cannot open %s: set ETHOSU_WEIGHTS to the ethos-u-weights test data folder", path);
    size_t cap = 1 << 16, n = 0;
    uint8_t *b = malloc(cap);
    ck_assert_ptr_nonnull(b);
    for (;;) {
        if (n == cap) {
            b = realloc(b, cap *= 2);
            ck_assert_ptr_nonnull(b);
        }
        size_t k = fread(b + n, 1, cap - n, f);
        if (!k)
            break;
        n += k;
    }
    fclose(f);
    *len = n;
    return b;
}

struct vec {
    uint8_t *mlw;
    size_t len;
    int16_t *w;
    size_t n;
};

static void load(const char *name, struct vec *v)
{
    const char *root = getenv("ETHOSU_WEIGHTS");
    if (!root || !*root)
        root = "testdata/ethos-u-weights";
    char p[1024];
    snprintf(p, sizeof p, "%s/%s.mlw", root, name);
    v->mlw = read_file(p, &v->len);
    snprintf(p, sizeof p, "%s/%s.weights", root, name);
    size_t tl;
    char *text = (char *)read_file(p, &tl);
    text = realloc(text, tl + 1);
    ck_assert_ptr_nonnull(text);
    text[tl] = '\0';
    v->w = malloc((tl / 2 + 1) * sizeof *v->w);
    v->n = 0;
    char *s = text;
    while (*s) {
        char *e;
        long x = strtol(s, &e, 10);
        REQUIRE(e != s && *e == '\n' && x >= -255 && x <= 255, "%s: bad line %zu", p, v->n + 1);
        v->w[v->n++] = (int16_t)x;
        s = e + 1;
    }
    free(text);
}

static void unload(struct vec *v)
{
    free(v->mlw);
    free(v->w);
}

START_TEST(test_shipped_vectors)
{
    static const size_t nweights[N_CASES] = { 1000, 2000, 5000, 4000, 3000, 20000, 1, 119 };
    static const unsigned nslices[N_CASES] = { 1, 2, 2, 1, 5, 37, 1, 1 };
    static const unsigned nnewpal[N_CASES] = { 1, 2, 1, 1, 5, 13, 1, 1 };
    for (unsigned c = 0; c < N_CASES; c++) {
        struct vec v;
        load(cases[c], &v);
        ck_assert_uint_eq(v.n, nweights[c]);
        ck_assert_uint_eq(v.len % 16, 0);
        int16_t *out;
        size_t n;
        char err[256];
        struct trace_log t = { 0 };
        int rc = ethosu_mlw_decode_trace(v.mlw, v.len, &out, &n, err, sizeof err, log_slice, &t);
        ck_assert_msg(rc == 0, "%s: %s", cases[c], err);
        ck_assert_msg(n == v.n, "%s: %zu weights, want %zu", cases[c], n, v.n);
        for (size_t i = 0; i < n; i++)
            REQUIRE(out[i] == v.w[i], "%s: weight %zu: %d, want %d", cases[c], i, out[i], v.w[i]);
        ck_assert_msg(t.n == nslices[c], "%s: %u slices", cases[c], t.n);
        unsigned np = 0;
        for (unsigned i = 0; i < t.n && i < 64; i++)
            np += t.s[i].hdr.newpal;
        ck_assert_msg(np == nnewpal[c], "%s: %u NEWPAL slices", cases[c], np);
        free(out);

        const struct ethosu_mlw_slice_info *s0 = &t.s[0];
        switch (c) {
        case 0: /* all zeros: alternating, zdiv 3, direct, one coded 0, runs 0 and 999 */
            ck_assert_uint_eq(s0->hdr.zdiv, 3);
            ck_assert_uint_eq(s0->hdr.slicelen, 0);
            ck_assert_uint_eq(s0->hdr.palsize, 0);
            break;
        case 1: /* two palettes of 21 and 30 entries, 6-bit entries, no zero runs, wdiv 1 */
            ck_assert_uint_eq(s0->hdr.zdiv, 6);
            ck_assert_uint_eq(ethosu_mlw_palette_size(&t.s[0].hdr) + ethosu_mlw_palette_size(&t.s[1].hdr), 51);
            ck_assert_uint_eq(ethosu_mlw_palette_bits(&s0->hdr), 6);
            ck_assert_uint_eq(s0->hdr.wdiv, 1);
            break;
        case 2: /* zdiv 3 then 1 without a new palette; 32 entries, dirofs 2, wdiv 2 */
            ck_assert_uint_eq(t.s[0].hdr.zdiv, 3);
            ck_assert_uint_eq(t.s[1].hdr.zdiv, 1);
            ck_assert_uint_eq(t.s[1].hdr.newpal, 0);
            ck_assert_uint_eq(ethosu_mlw_palette_size(&s0->hdr), 32);
            ck_assert_uint_eq(s0->hdr.dirofs, 2);
            ck_assert_uint_eq(s0->hdr.wdiv, 2);
            break;
        case 3: /* direct, 9-bit, uncompressed */
            ck_assert_uint_eq(s0->hdr.palsize, 0);
            ck_assert_uint_eq(ethosu_mlw_palette_bits(&s0->hdr), 9);
            ck_assert_uint_eq(s0->hdr.wdiv, 7);
            break;
        case 5: { /* zdiv 0, 2, 3, 6; every wdiv 0-5 and 7; wtrunc seen */
            unsigned zd = 0, wd = 0, wt = 0;
            for (unsigned i = 0; i < t.n && i < 64; i++) {
                zd |= 1u << t.s[i].hdr.zdiv;
                wd |= 1u << t.s[i].hdr.wdiv;
                wt |= t.s[i].hdr.wtrunc;
            }
            ck_assert_uint_eq(zd, (1u << 0) | (1u << 2) | (1u << 3) | (1u << 6));
            ck_assert_uint_eq(wd, 0xBF);
            ck_assert_uint_eq(wt, 1);
            break;
        }
        case 6: /* palette {372, 0}, dirofs 31, slice data ends at bit 66 */
            ck_assert_uint_eq(s0->hdr.palette[0], 372);
            ck_assert_uint_eq(s0->hdr.palette[1], 0);
            ck_assert_uint_eq(s0->hdr.dirofs, 31);
            ck_assert_uint_eq(s0->end_bit, 66);
            break;
        case 7: /* slice ends at bit 638 */
            ck_assert_uint_eq(s0->end_bit, 638);
            break;
        default:
            break;
        }
        for (unsigned i = 1; i < t.n && i < 64; i++)
            ck_assert_uint_eq(t.s[i].header_bit, t.s[i - 1].end_bit);
        unload(&v);
    }
}
END_TEST

/* Every prefix of every vector: an error, or (a valid shorter stream) a prefix of the weights. */
START_TEST(test_truncations)
{
    unsigned errors = 0, valid = 0;
    for (unsigned c = 0; c < N_CASES; c++) {
        struct vec v;
        load(cases[c], &v);
        for (size_t len = 0; len < v.len; len++) {
            /* an exact-size copy so ASan sees any read past the end */
            uint8_t *b = malloc(len ? len : 1);
            REQUIRE(b != NULL, "out of memory");
            memcpy(b, v.mlw, len);
            int16_t *out;
            size_t n;
            char err[256];
            if (ethosu_mlw_decode(b, len, &out, &n, err, sizeof err) == 0) {
                REQUIRE(len % 16 == 0, "%s: %zu-byte prefix accepted", cases[c], len);
                REQUIRE(n <= v.n && memcmp(out, v.w, n * sizeof *out) == 0, "%s: prefix %zu", cases[c], len);
                free(out);
                valid++;
            } else {
                REQUIRE(strncmp(err, "bit ", 4) == 0, "%s", err);
                errors++;
            }
            free(b);
        }
        unload(&v);
    }
    /* No vector has a whole padding word to spare (dev08's last word holds the marker's last
     * bit), so every prefix is an error. */
    ck_assert_uint_eq(valid, 0);
    ck_assert_uint_eq(errors, 32 + 960 + 480 + 4512 + 1616 + 10112 + 16 + 96);
}
END_TEST

/* Random single-bit flips: an error, or weights in range; never a crash; and the same
 * outcome as the careful reader alone (the fast path's weights, or the same error). */
START_TEST(test_bit_flips)
{
    rng_state = 0xF11Bu;
    unsigned errors = 0, decoded = 0;
    for (unsigned c = 0; c < N_CASES; c++) {
        struct vec v;
        load(cases[c], &v);
        uint8_t *b = malloc(v.len);
        REQUIRE(b != NULL, "out of memory");
        for (unsigned k = 0; k < 3000; k++) {
            memcpy(b, v.mlw, v.len);
            size_t bit = rnd64() % (v.len * 8);
            b[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            int16_t *out;
            size_t n;
            char err[256];
            int16_t *ref;
            size_t n_ref;
            char err_ref[256];
            int rc_ref = ethosu_mlw_decode_careful(b, v.len, &ref, &n_ref, err_ref, sizeof err_ref);
            if (ethosu_mlw_decode(b, v.len, &out, &n, err, sizeof err) == 0) {
                REQUIRE(n > 0, "flip of bit %zu: no weights", bit);
                for (size_t i = 0; i < n; i++)
                    REQUIRE(out[i] >= -255 && out[i] <= 255, "flip of bit %zu: weight %d", bit, out[i]);
                /* the fast path gives the careful reader's weights */
                REQUIRE(rc_ref == 0, "flip of bit %zu: decoded, the careful reader says %s", bit, err_ref);
                REQUIRE(n == n_ref && !memcmp(out, ref, n * sizeof *out),
                        "flip of bit %zu: %zu weights, the careful reader %zu or others", bit, n, n_ref);
                free(out);
                free(ref);
                decoded++;
            } else {
                REQUIRE(strncmp(err, "bit ", 4) == 0, "%s", err);
                REQUIRE(rc_ref != 0 && !strcmp(err, err_ref), "flip of bit %zu: %s, the careful reader %s", bit,
                        err, rc_ref ? err_ref : "decodes it");
                if (!rc_ref)
                    free(ref);
                errors++;
            }
        }
        free(b);
        unload(&v);
    }
    ck_assert_uint_eq(errors + decoded, N_CASES * 3000);
    ck_assert_uint_gt(errors, 0);
    ck_assert_uint_gt(decoded, 0);
}
END_TEST

/* The trace on damaged streams: each slice reported once, in order, and every slice reported
 * before an error ends at or before the error's bit. (The decoder's fast path reports slices as
 * it goes and hands a stream it cannot finish to the careful reader, which must not report them
 * again.) dev06 has 37 slices, so flips land in late slices too. */
START_TEST(test_trace_with_late_errors)
{
    rng_state = 0x7ACEu;
    struct vec v;
    load("dev06_long_multislice", &v);
    uint8_t *b = malloc(v.len);
    REQUIRE(b != NULL, "out of memory");
    unsigned errors = 0, late = 0;
    for (unsigned k = 0; k < 2000; k++) {
        memcpy(b, v.mlw, v.len);
        size_t len = v.len;
        if (k & 1) {
            size_t bit = rnd64() % (v.len * 8);
            b[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        } else {
            len = rnd64() % v.len;
        }
        int16_t *out = NULL;
        size_t n = 0;
        char err[256];
        struct trace_log t = { 0 };
        int rc = ethosu_mlw_decode_trace(b, len, &out, &n, err, sizeof err, log_slice, &t);
        REQUIRE(t.n <= 64, "case %u: %u slices traced", k, t.n);
        size_t weights = 0;
        for (unsigned i = 0; i < t.n; i++) {
            REQUIRE(t.s[i].index == i, "case %u: slice %u traced as index %u", k, i, t.s[i].index);
            REQUIRE(t.s[i].first_weight == weights, "case %u: slice %u starts at weight %zu, want %zu", k, i,
                    t.s[i].first_weight, weights);
            REQUIRE(i == 0 || t.s[i].stream != t.s[i - 1].stream || t.s[i].header_bit == t.s[i - 1].end_bit,
                    "case %u: slice %u starts at bit %zu, the previous ended at %zu", k, i, t.s[i].header_bit,
                    t.s[i - 1].end_bit);
            weights += t.s[i].n_weights;
        }
        if (rc == 0) {
            REQUIRE(n == weights, "case %u: %zu weights, the trace says %zu", k, n, weights);
            free(out);
        } else {
            size_t at = (size_t)strtoull(err + 4, NULL, 10);
            REQUIRE(strncmp(err, "bit ", 4) == 0, "%s", err);
            REQUIRE(t.n == 0 || t.s[t.n - 1].end_bit <= at, "case %u: slice %u ends at bit %zu after the error (%s)",
                    k, t.n - 1, t.s[t.n - 1].end_bit, err);
            errors++;
            late += t.n >= 10;
        }
    }
    free(b);
    unload(&v);
    ck_assert_uint_gt(errors, 0);
    ck_assert_uint_gt(late, 0);
}
END_TEST

START_TEST(test_header_helpers)
{
    struct ethosu_mlw_slice_header h = hdr(6, 0, 7, 0, 1, 0, 0, 3);
    ck_assert_uint_eq(ethosu_mlw_uncompressed_bits(&h), 5);
    static const unsigned want[33] = { 0, 0, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4,
                                       5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5 };
    for (unsigned ps = 2; ps <= 32; ps++) {
        h.palsize = (uint8_t)(ps - 1);
        ck_assert_uint_eq(ethosu_mlw_palette_size(&h), ps);
        ck_assert_uint_eq(ethosu_mlw_uncompressed_bits(&h), want[ps]);
        ck_assert_uint_eq(ethosu_mlw_wremain_bits(&h), want[ps]);
        ck_assert_uint_eq(ethosu_mlw_header_bits(&h), 36 + ps * 5);
    }
    h.newpal = 0;
    ck_assert_uint_eq(ethosu_mlw_header_bits(&h), 23);
    h.wdiv = 3;
    ck_assert_uint_eq(ethosu_mlw_wremain_bits(&h), 3);
    for (int x = -255; x <= 255; x++)
        ck_assert_int_eq(ethosu_mlw_code_to_weight(ethosu_mlw_weight_to_code(x)), x);
    ck_assert_uint_eq(ethosu_mlw_weight_to_code(255), 510);
    ck_assert_uint_eq(ethosu_mlw_weight_to_code(-255), 511);
    ck_assert_int_eq(ethosu_mlw_code_to_weight(1), 0);
    ck_assert_uint_eq(ETHOSU_MLW_ZUNARY_BITS(2), 12);
    ck_assert_uint_eq(ETHOSU_MLW_ZUNARY_BITS(3), 8);
    ck_assert_uint_eq(ETHOSU_MLW_UNCOMP_PER_CHUNK(5), 12);
    ck_assert_uint_eq(ETHOSU_MLW_UNCOMP_PER_CHUNK(6), 8);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu_mlw_decode");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_header_helpers);
    tcase_add_test(tc, test_direct_grc);
    tcase_add_test(tc, test_palette_and_direct);
    tcase_add_test(tc, test_alternating_trm_example);
    tcase_add_test(tc, test_carry_across_chunks);
    tcase_add_test(tc, test_wtrunc);
    tcase_add_test(tc, test_balance_runs_catch_up);
    tcase_add_test(tc, test_balance_weights_catch_up);
    tcase_add_test(tc, test_uncompressed);
    tcase_add_test(tc, test_end_padding_and_joined_streams);
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_max_slice);
    tcase_add_test(tc, test_random_round_trips);
    tcase_add_test(tc, test_shipped_vectors);
    tcase_add_test(tc, test_truncations);
    tcase_add_test(tc, test_bit_flips);
    tcase_add_test(tc, test_trace_with_late_errors);
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
