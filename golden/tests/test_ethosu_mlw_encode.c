/* Unit tests for ethosu_mlw_encode: the Ethos-U65 weight stream ("mlw") golden encoder.
 *
 *  - Every stream is checked the same way (check_stream): the golden decoder
 *    (ethosu_mlw_decode_trace) gives the input back exactly; the length is a multiple of 16
 *    bytes and equals 16 * ceil((payload bits + 3) / 128); every bit after the payload is 1 (end
 *    marker and padding); the slice headers hold legal values (the first has NEWPAL, WTRUNC only
 *    with Golomb-Rice, no slice over 32768 indices); the stats match the trace.
 *  - The eight shipped cases ($ETHOSU_WEIGHTS, default testdata/ethos-u-weights; a
 *    missing folder fails the test): each round-trips and the total size is no larger than the
 *    total of the shipped Vela streams.
 *  - 10,000 seeded random cases (splitmix64; lengths 1..5000, most of them short) from several
 *    distributions: uniform +-255, small Laplacian, very sparse, all zeros, one value, a few
 *    distinct values, the extreme codes, and concatenations of those. The run also checks that
 *    every coding the format offers was used somewhere (each WDIV, WTRUNC, uncompressed with and
 *    without a palette, each ZDIV, palettes, several sections, slices without NEWPAL).
 *  - Long inputs: slices cut at 32768 indices, very long zero runs.
 *  - API errors and the weights text parser.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_mlw.h"
#include "ethosu_mlw_encode.h"

/* ---- seeded generator (splitmix64, integer-only sampling) ------------------------------------- */

static uint64_t rng_state;

static uint64_t next64(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static unsigned below(unsigned n)
{
    return (unsigned)(((next64() >> 32) * n) >> 32);
}

static int uniform(int a)
{
    return (int)below(2u * (unsigned)a + 1u) - a;
}

static int laplace(unsigned num, unsigned den)
{
    int m = 0;
    while (m < 255 && below(den) < num)
        m++;
    return below(2) ? -m : m;
}

/* ---- what the random run used (collected from the decoder trace) --------------------------------- */

struct usage {
    unsigned long wdiv[8], wtrunc, zdiv[8], uncomp_pal, uncomp_direct, palette, direct, newpal0, multi_section,
        slices;
};

struct trace_ctx {
    struct usage *u;
    size_t slices, sections, npal_in_stream;
    int bad;
    char why[160];
    size_t end_bit;
};

static void on_slice(void *user, const struct ethosu_mlw_slice_info *s)
{
    struct trace_ctx *t = user;
    const struct ethosu_mlw_slice_header *h = &s->hdr;
    if (!t->bad) {
        if (t->slices == 0 && !h->newpal)
            snprintf(t->why, sizeof t->why, "first slice without NEWPAL"), t->bad = 1;
        else if (h->zdiv != ETHOSU_MLW_ZDIV_NONE && h->zdiv > ETHOSU_MLW_ZDIV_MAX)
            snprintf(t->why, sizeof t->why, "slice %u: ZDIV %u", s->index, h->zdiv), t->bad = 1;
        else if (h->wdiv != ETHOSU_MLW_WDIV_UNCOMP && h->wdiv > ETHOSU_MLW_WDIV_MAX)
            snprintf(t->why, sizeof t->why, "slice %u: WDIV %u", s->index, h->wdiv), t->bad = 1;
        else if (h->wdiv == ETHOSU_MLW_WDIV_UNCOMP && h->wtrunc)
            snprintf(t->why, sizeof t->why, "slice %u: WTRUNC with uncompressed indices", s->index), t->bad = 1;
        else if (s->stream != 0)
            snprintf(t->why, sizeof t->why, "slice %u: in a second joined stream", s->index), t->bad = 1;
        else if (s->header_bit != t->end_bit)
            snprintf(t->why, sizeof t->why, "slice %u: starts at bit %zu, previous ended at %zu", s->index,
                     s->header_bit, t->end_bit), t->bad = 1;
    }
    t->end_bit = s->end_bit;
    t->slices++;
    t->sections += h->newpal;
    if (t->u) {
        struct usage *u = t->u;
        u->slices++;
        u->wdiv[h->wdiv & 7]++;
        u->wtrunc += h->wtrunc;
        u->zdiv[h->zdiv & 7]++;
        if (h->wdiv == ETHOSU_MLW_WDIV_UNCOMP) {
            if (h->palsize)
                u->uncomp_pal++;
            else
                u->uncomp_direct++;
        }
        if (h->newpal) {
            if (h->palsize)
                u->palette++;
            else
                u->direct++;
        } else {
            u->newpal0++;
        }
    }
}

/* Encode w[0..n), run every stream check; returns the stream length. what names the case. */
static size_t check_stream(const int16_t *w, size_t n, struct usage *u, const char *what)
{
    uint8_t *mlw = NULL;
    size_t len = 0;
    char err[256];
    struct ethosu_mlw_encode_stats st;
    memset(&st, 0xA5, sizeof st);
    int rc = ethosu_mlw_encode(w, n, &mlw, &len, &st, err, sizeof err);
    ck_assert_msg(rc == 0, "%s: encode failed: %s", what, err);
    ck_assert_msg(mlw && len > 0 && len % ETHOSU_MLW_ALIGN_BYTES == 0, "%s: length %zu", what, len);
    ck_assert_msg(st.weights == n && st.bytes == len, "%s: stats weights %zu bytes %zu", what, st.weights, st.bytes);
    ck_assert_msg(len == (st.bits + 3 + 127) / 128 * 16, "%s: %zu bytes for %zu payload bits", what, len, st.bits);
    ck_assert_msg(st.bits_per_weight == 8.0 * (double)len / (double)n, "%s: bits per weight", what);
    /* (plain loops below: a Check assertion per element would be slow) */
    size_t b = st.bits;
    while (b < len * 8 && ((mlw[b >> 3] >> (b & 7)) & 1))
        b++;
    ck_assert_msg(b == len * 8, "%s: bit %zu after the payload (%zu bits) is 0", what, b, st.bits);

    struct trace_ctx t;
    memset(&t, 0, sizeof t);
    t.u = u;
    int16_t *back = NULL;
    size_t nb = 0;
    rc = ethosu_mlw_decode_trace(mlw, len, &back, &nb, err, sizeof err, on_slice, &t);
    ck_assert_msg(rc == 0, "%s: our stream does not decode: %s", what, err);
    ck_assert_msg(!t.bad, "%s: %s", what, t.why);
    ck_assert_msg(nb == n, "%s: decoded %zu weights, encoded %zu", what, nb, n);
    size_t i = 0;
    while (i < n && back[i] == w[i])
        i++;
    ck_assert_msg(i == n, "%s: weight %zu: decoded %d, encoded %d", what, i, i < n ? back[i] : 0, i < n ? w[i] : 0);
    ck_assert_msg(t.end_bit == st.bits, "%s: last slice ends at bit %zu, stats say %zu", what, t.end_bit, st.bits);
    ck_assert_msg(t.slices == st.slices && t.sections == st.sections, "%s: %zu slices / %zu sections, stats %zu / %zu",
                  what, t.slices, t.sections, st.slices, st.sections);
    if (u && t.sections > 1)
        u->multi_section++;
    free(back);
    free(mlw);
    return len;
}

/* ---- shipped cases ------------------------------------------------------------------------------ */

static const char *const cases[] = { "dev01_all_zeros", "dev02_dense_small",     "dev03_sparse90", "dev04_wide_range",
                                     "dev05_palette",   "dev06_long_multislice", "dev07_single",   "dev08_end_padding" };

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s (set ETHOSU_WEIGHTS to the ethos-u-weights folder)", path);
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    long l = ftell(f);
    ck_assert_int_ge(l, 0);
    rewind(f);
    char *b = malloc((size_t)l + 1);
    ck_assert_ptr_nonnull(b);
    ck_assert_uint_eq(fread(b, 1, (size_t)l, f), (size_t)l);
    fclose(f);
    *len = (size_t)l;
    return b;
}

START_TEST(test_shipped_cases)
{
    const char *root = getenv("ETHOSU_WEIGHTS");
    if (!root || !*root)
        root = "testdata/ethos-u-weights";
    size_t ours = 0, shipped = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char p[1024], err[256];
        size_t tl, ml;
        snprintf(p, sizeof p, "%s/%s.mlw", root, cases[c]);
        free(read_file(p, &ml));
        snprintf(p, sizeof p, "%s/%s.weights", root, cases[c]);
        char *text = read_file(p, &tl);
        int16_t *w;
        size_t n;
        ck_assert_msg(ethosu_mlw_parse_weights(text, tl, p, &w, &n, err, sizeof err) == 0, "%s", err);
        free(text);
        size_t len = check_stream(w, n, NULL, cases[c]);
        shipped += ml;
        ours += len;
        /* deterministic: the same input gives the same bytes */
        uint8_t *a, *b;
        size_t la, lb;
        ck_assert_int_eq(ethosu_mlw_encode(w, n, &a, &la, NULL, NULL, 0), 0);
        ck_assert_int_eq(ethosu_mlw_encode(w, n, &b, &lb, NULL, NULL, 0), 0);
        ck_assert_msg(la == lb && memcmp(a, b, la) == 0, "%s: two encodes differ", cases[c]);
        free(a);
        free(b);
        free(w);
    }
    ck_assert_msg(ours <= shipped, "encoded total %zu bytes is larger than the shipped streams' %zu", ours, shipped);
}
END_TEST

/* ---- small hand-checked inputs ------------------------------------------------------------------ */

START_TEST(test_small_inputs)
{
    int16_t w[1000];
    /* one weight: the smallest stream */
    w[0] = 186;
    ck_assert_uint_eq(check_stream(w, 1, NULL, "single 186"), 16);
    for (int v = -255; v <= 255; v++) {
        char what[32];
        snprintf(what, sizeof what, "single %d", v);
        w[0] = (int16_t)v;
        ck_assert_uint_eq(check_stream(w, 1, NULL, what), 16);
    }
    /* 1000 zeros: one alternating slice, one coded zero and two runs; fits 32 bytes */
    memset(w, 0, sizeof w);
    ck_assert_uint_le(check_stream(w, 1000, NULL, "1000 zeros"), 32);
    for (size_t n = 1; n <= 64; n++)
        check_stream(w, n, NULL, "short zeros");
    /* zero runs at both ends, and nothing but a trailing run */
    w[500] = -3;
    check_stream(w, 1000, NULL, "one nonzero in the middle");
    w[500] = 0;
    w[0] = 255;
    check_stream(w, 1000, NULL, "one nonzero first");
    w[0] = 0;
    w[999] = -255;
    check_stream(w, 1000, NULL, "one nonzero last");
    /* the extreme codes */
    for (size_t i = 0; i < 1000; i++)
        w[i] = (int16_t)(i % 4 == 0 ? 255 : i % 4 == 1 ? -255 : i % 4 == 2 ? 254 : -254);
    check_stream(w, 1000, NULL, "extremes");
    /* every value once, both orders */
    for (int i = 0; i < 511; i++)
        w[i] = (int16_t)(i - 255);
    check_stream(w, 511, NULL, "ramp up");
    for (int i = 0; i < 511; i++)
        w[i] = (int16_t)(255 - i);
    check_stream(w, 511, NULL, "ramp down");
}
END_TEST

/* ---- random round trips ------------------------------------------------------------------------- */

enum { D_UNIFORM, D_LAPLACE, D_SPARSE, D_ZEROS, D_ONE, D_FEW, D_EXTREME, D_MIXED, N_DIST };
static const char *const dist_name[N_DIST] = { "uniform", "laplace", "sparse", "zeros",
                                               "one value", "few values", "extreme", "mixed" };

/* Fill w[0..n) from distribution d (D_MIXED: segments of the others). */
static void fill(int16_t *w, size_t n, int d)
{
    if (d == D_MIXED) {
        size_t i = 0;
        while (i < n) {
            size_t seg = 1 + below(n < 1500 ? (unsigned)n : 1500u);
            if (seg > n - i)
                seg = n - i;
            fill(w + i, seg, (int)below(D_MIXED));
            i += seg;
        }
        return;
    }
    unsigned num = 1 + below(3), den = 4, sparse = 900 + below(100);
    int one = uniform(255), few[8];
    unsigned nfew = 2 + below(7), fz = below(3) == 0 ? below(60) : 0; /* forced-zero percentage */
    for (unsigned k = 0; k < 8; k++)
        few[k] = uniform(255);
    for (size_t i = 0; i < n; i++) {
        int v = 0;
        switch (d) {
        case D_UNIFORM:
            v = uniform(255);
            break;
        case D_LAPLACE:
            v = (fz && below(100) < fz) ? 0 : laplace(num, den);
            break;
        case D_SPARSE:
            v = below(1000) < sparse ? 0 : (below(4) ? laplace(3, 4) : uniform(255));
            break;
        case D_ZEROS:
            v = 0;
            break;
        case D_ONE:
            v = one;
            break;
        case D_FEW:
            v = (fz && below(100) < fz) ? 0 : few[below(1 + below(nfew))]; /* skewed to the first */
            break;
        case D_EXTREME:
            v = below(3) == 0 ? 0 : (below(2) ? 255 : -255) + (below(4) == 0 ? (below(2) ? -1 : 1) : 0);
            if (v > 255 || v < -255)
                v = 0;
            break;
        }
        w[i] = (int16_t)v;
    }
}

START_TEST(test_random_round_trips)
{
    const uint64_t seed = 20240611u;
    enum { CASES = 10000, MAXN = 5000 };
    rng_state = seed;
    int16_t *w = malloc(MAXN * sizeof *w);
    ck_assert_ptr_nonnull(w);
    struct usage u;
    memset(&u, 0, sizeof u);
    unsigned long per_dist[N_DIST] = { 0 };
    size_t total = 0;
    for (int c = 0; c < CASES; c++) {
        int d = c % N_DIST;
        /* lengths 1..5000, most of them short (quick), a quarter over 1000 */
        size_t n = below(4) ? 1 + below(1 + below(1000)) : 1 + below(MAXN);
        uint64_t st = rng_state;
        fill(w, n, d);
        char what[128];
        snprintf(what, sizeof what, "random case %d (%s, %zu weights, generator state 0x%016llx)", c, dist_name[d], n,
                 (unsigned long long)st);
        check_stream(w, n, &u, what);
        per_dist[d]++;
        total += n;
    }
    free(w);
    for (int d = 0; d < N_DIST; d++)
        ck_assert_uint_eq(per_dist[d], CASES / N_DIST);
    /* every coding choice of the format was used somewhere */
    for (int k = 0; k <= ETHOSU_MLW_WDIV_MAX; k++)
        ck_assert_msg(u.wdiv[k] > 0, "WDIV %d never used", k);
    ck_assert_msg(u.wdiv[ETHOSU_MLW_WDIV_UNCOMP] > 0, "uncompressed never used");
    ck_assert_msg(u.uncomp_pal > 0 && u.uncomp_direct > 0, "uncompressed: %lu with palette, %lu without",
                  u.uncomp_pal, u.uncomp_direct);
    ck_assert_msg(u.wtrunc > 0, "WTRUNC never used");
    for (int z = 0; z <= ETHOSU_MLW_ZDIV_MAX; z++)
        ck_assert_msg(u.zdiv[z] > 0, "ZDIV %d never used", z);
    ck_assert_msg(u.zdiv[ETHOSU_MLW_ZDIV_NONE] > 0, "ZDIV 6 never used");
    ck_assert_msg(u.palette > 0 && u.direct > 0, "palettes %lu, direct-only %lu", u.palette, u.direct);
    ck_assert_msg(u.newpal0 > 0, "no slice without NEWPAL");
    ck_assert_msg(u.multi_section > 0, "no stream with several palettes");
    ck_assert_uint_gt(total, 1000000);
}
END_TEST

/* ---- long inputs ---------------------------------------------------------------------------- */

START_TEST(test_long_inputs)
{
    enum { N = 200000 };
    int16_t *w = malloc(N * sizeof *w);
    ck_assert_ptr_nonnull(w);
    struct usage u;

    /* one value many times: slices are cut at 32768 indices */
    for (size_t i = 0; i < 70000; i++)
        w[i] = 7;
    memset(&u, 0, sizeof u);
    check_stream(w, 70000, &u, "70000 x 7");
    ck_assert_uint_ge(u.slices, 3);

    /* dense small values, long */
    rng_state = 99;
    size_t nz = 0;
    for (size_t i = 0; i < N; i++)
        nz += (w[i] = (int16_t)laplace(2, 3)) != 0;
    memset(&u, 0, sizeof u);
    check_stream(w, N, &u, "200000 laplace");
    ck_assert_uint_ge(u.slices, (u.zdiv[ETHOSU_MLW_ZDIV_NONE] ? N : nz) / ETHOSU_MLW_SLICE_MAX + 1);

    /* very long zero runs: 199998 zeros around two weights, and nothing but zeros */
    memset(w, 0, N * sizeof *w);
    w[1] = 5;
    w[N - 2] = -5;
    ck_assert_uint_le(check_stream(w, N, NULL, "two weights in zeros"), N / 8 / 8 + 64);
    w[1] = w[N - 2] = 0;
    ck_assert_uint_le(check_stream(w, N, NULL, "200000 zeros"), N / 8 / 8 + 64);
    free(w);
}
END_TEST

/* ---- API errors and the text parser --------------------------------------------------------- */

START_TEST(test_api_errors)
{
    int16_t w[8] = { 1, 2, 3, 4, 5, 256, 7, 8 };
    uint8_t *out = (uint8_t *)w;
    size_t len = 99;
    char err[128];
    ck_assert_int_eq(ethosu_mlw_encode(w, 8, &out, &len, NULL, err, sizeof err), -1);
    ck_assert_ptr_null(out);
    ck_assert_uint_eq(len, 0);
    ck_assert_str_eq(err, "weight 5: value 256 is out of range -255..255");
    w[5] = -256;
    ck_assert_int_eq(ethosu_mlw_encode(w, 8, &out, &len, NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, "weight 5: value -256 is out of range -255..255");
    ck_assert_int_eq(ethosu_mlw_encode(w, 8, &out, &len, NULL, NULL, 0), -1); /* no message buffer */
    ck_assert_int_eq(ethosu_mlw_encode(w, 0, &out, &len, NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, "no weights");
    char small[8];
    ck_assert_int_eq(ethosu_mlw_encode(w, 8, &out, &len, NULL, small, sizeof small), -1);
    ck_assert_str_eq(small, "weight "); /* truncated, terminated */
    w[5] = -255;
    ck_assert_int_eq(ethosu_mlw_encode(w, 8, &out, &len, NULL, err, sizeof err), 0);
    ck_assert_str_eq(err, "");
    ck_assert_uint_eq(len % 16, 0);
    free(out);
}
END_TEST

START_TEST(test_parse_weights)
{
    int16_t *w;
    size_t n;
    char err[160];
    const char ok[] = "5\n-7\r\n  3 \n\t+4\n-255\n255";
    ck_assert_int_eq(ethosu_mlw_parse_weights(ok, sizeof ok - 1, "t", &w, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 6);
    ck_assert_int_eq(w[0], 5);
    ck_assert_int_eq(w[1], -7);
    ck_assert_int_eq(w[2], 3);
    ck_assert_int_eq(w[3], 4);
    ck_assert_int_eq(w[4], -255);
    ck_assert_int_eq(w[5], 255);
    free(w);
    ck_assert_int_eq(ethosu_mlw_parse_weights("1\n2\n", 4, "t", &w, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 2);
    free(w);

    static const struct {
        const char *text, *msg;
    } bad[] = {
        { "1\n\n3\n", "in.w:2: empty line (one weight per line expected)" },
        { "1\n2\n256\n", "in.w:3: weight 256 is out of range -255..255" },
        { "-256\n", "in.w:1: weight -256 is out of range -255..255" },
        { "99999999999999\n", "in.w:1: weight 99999999999999 is out of range -255..255" },
        { "1\n2 3\n", "in.w:2: not a signed decimal weight: '2 3'" },
        { "0x10\n", "in.w:1: not a signed decimal weight: '0x10'" },
        { "-\n", "in.w:1: not a signed decimal weight: '-'" },
        { "1.5\n", "in.w:1: not a signed decimal weight: '1.5'" },
        { "", "in.w: no weights" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        w = (int16_t *)err;
        ck_assert_int_eq(ethosu_mlw_parse_weights(bad[i].text, strlen(bad[i].text), "in.w", &w, &n, err, sizeof err), -1);
        ck_assert_str_eq(err, bad[i].msg);
        ck_assert_ptr_null(w);
        ck_assert_uint_eq(n, 0);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu_mlw_encode");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_api_errors);
    tcase_add_test(tc, test_parse_weights);
    tcase_add_test(tc, test_small_inputs);
    tcase_add_test(tc, test_shipped_cases);
    tcase_add_test(tc, test_long_inputs);
    tcase_add_test(tc, test_random_round_trips);
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
