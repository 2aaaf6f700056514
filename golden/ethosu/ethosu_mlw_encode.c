/* Ethos-U65 weight stream ("mlw") golden encoder: TRM section 4.7. See ethosu_mlw_encode.h for
 * the choices it makes and ethosu_mlw.h for the syntax it writes.
 *
 * Vocabulary used below:
 *   code     the 9-bit sign-magnitude code of a weight (ethosu_mlw_weight_to_code); a weight 0
 *            that is sent in direct mode uses code 1 ("minus zero") so that DIROFS can skip
 *            the unused code 0 and +1 (code 2) gets the next index.
 *   coded    the weights sent as indices: all of them, or only the nonzero ones in
 *            alternating mode (an all-zero section then sends its first zero as a coded
 *            weight, since a slice cannot be empty).
 *   wparam   the weight coding of a slice, 0..12: 0-5 Golomb-Rice WDIV 0-5, 6-11 the same
 *            with WTRUNC, 12 uncompressed (WDIV 7).
 *   section  a NEWPAL slice and the slices after it that keep its palette.
 *   lane     a state of the slice DP: zi * 16 + wparam, zi = which of the section's two
 *            zero-run divisors (lanes 13-15 of each 16 unused). Lane order is the state order
 *            (z-divisor rank first), so "the lowest lane" breaks ties as the state number does.
 *
 * ---- How it is fast and small (the choices are those of the header; only the work changed) ----
 *
 *   Memory: besides the output, nothing per weight: a bitmap of the nonzero weights with word
 *   skip lists answers "next / last nonzero", zero-run costs are prefix sums every 64 weights,
 *   histograms prefix sums every G weights (and, while a cut point moves, kept incrementally).
 *   Slice DP: one pass forward in 16-bit lanes (SSE2 when the compiler targets it, the same
 *   arithmetic in plain C otherwise). A lane keeps min(own, best + penalty) + its cost, costs
 *   absolute for 32 steps then rebased. Impossible costs saturate at SAT: no decision changes,
 *   since the best lane always stays within penalty + 21 bits of the minimum (WDIV 5 fits any
 *   index in 21 bits). The pass keeps a checkpoint every 256 coded weights and the lanes that
 *   switched in each block; backtracking recomputes only blocks where the path's lane switched.
 *   Exact sizes: a closed form per slice, header + index and run codes + the unused WUNARY0 and
 *   ZUNARY positions of its last chunks (one position per unary token), with no bit writing.
 *   Penalty 60 is not run when penalty 40 gave a single slice: with a larger penalty that slice
 *   stays the optimum and the DP picks it again (same costs, same tie-break), so same bits.
 */
#include "ethosu_mlw_encode.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__) && !defined(ETHOSU_MLW_PORTABLE)
#include <emmintrin.h>
#define MLW_SSE2 1
#endif

/* The DP loops are written once for both lane counts; they must be compiled per count. */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

#define NWP       13 /* weight codings */
#define WP_UNC    12
#define NZP       4  /* zero-run divisors 0..3 */
#define DP_ZDIVS  2  /* zero-run divisors the slice DP considers per section */
#define NCODES    512
#define BIG       ((int64_t)1 << 40) /* "impossible" cost */
#define DP_BIG    ((int32_t)1 << 20) /* the same in the slice DP's cost model */
#define LANES     16                 /* DP lanes per zero-run divisor */
#define SAT       4000               /* saturated lane cost: > 2 * 60 + 21, and sums stay < 2^15 */
#define DP_BLOCK  256                /* coded weights per DP checkpoint */
#define REBASE    32                 /* DP steps between rebasing the lane costs */

/* ---------------------------------------------------------------------------------------------
 * Small helpers
 * ------------------------------------------------------------------------------------------- */

static unsigned bitlen(unsigned v)
{
    unsigned b = 0;
    while (v >> b)
        b++;
    return b;
}

static unsigned ceil_log2(unsigned v)
{
    unsigned b = 0;
    while ((1u << b) < v)
        b++;
    return b;
}

static unsigned ctz64(uint64_t v) /* v != 0 */
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(v);
#else
    unsigned b = 0;
    while (!((v >> b) & 1u))
        b++;
    return b;
#endif
}

/* (no popcount instruction in the baseline instruction sets: SWAR) */
static inline unsigned popcount64(uint64_t v)
{
    v = v - ((v >> 1) & 0x5555555555555555u);
    v = (v & 0x3333333333333333u) + ((v >> 2) & 0x3333333333333333u);
    v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (unsigned)((v * 0x0101010101010101u) >> 56);
}

static unsigned msb64(uint64_t v) /* v != 0 */
{
#if defined(__GNUC__)
    return 63u - (unsigned)__builtin_clzll(v);
#else
    unsigned b = 63;
    while (!((v >> b) & 1u))
        b--;
    return b;
#endif
}

/* Bits of one weight index under a Golomb-Rice weight coding (wparam 0..11; BIG when the
 * quotient is over its limit). Uncompressed indices cost the section's uncompressed width. */
static int64_t wcost(unsigned wp, unsigned idx)
{
    if (wp < 6) {
        unsigned q = idx >> wp;
        return q > ETHOSU_MLW_WQ_MAX ? BIG : (int64_t)(q + 1u + wp);
    }
    unsigned k = wp - 6u, q = idx >> k;
    return q > ETHOSU_MLW_WQ_TRUNC_MAX ? BIG : (int64_t)((q ? 2u : 1u) + k);
}

/* Unary tokens (WUNARY0 positions) of one index under a Golomb-Rice coding that fits. */
static unsigned wtokens(unsigned wp, unsigned idx)
{
    return wp < 6 ? ((idx >> wp) >> 1) + 1u : 1u;
}

/* Bits of one zero run under ZDIV z. */
static inline int64_t zcost(unsigned z, size_t run)
{
    return (int64_t)(run >> z) + 1 + (int64_t)z;
}

static unsigned wp_wdiv(unsigned wp)
{
    return wp < 6 ? wp : wp < WP_UNC ? wp - 6u : (unsigned)ETHOSU_MLW_WDIV_UNCOMP;
}

/* ethosu_mlw_weight_to_code without a branch (signs are random: histograms would mispredict) */
static inline unsigned wcode(int16_t w)
{
    unsigned neg = w < 0;
    return ((((unsigned)w ^ (0u - neg)) + neg) << 1 | neg) & ETHOSU_MLW_CODE_MAX;
}

/* ---------------------------------------------------------------------------------------------
 * Bit writer (LSB first) into a zeroed buffer that is large enough.
 * ------------------------------------------------------------------------------------------- */

struct bw {
    uint8_t *buf;
    size_t pos;   /* bits written */
    size_t byte;  /* next byte to store */
    uint64_t acc; /* bits not stored yet */
    unsigned fill;
};

static inline void put(struct bw *b, uint32_t v, unsigned n) /* n <= 32 */
{
    b->acc |= (uint64_t)(v & (uint32_t)(((uint64_t)1 << n) - 1u)) << b->fill;
    b->fill += n;
    b->pos += n;
    if (b->fill >= 32) {
        for (unsigned k = 0; k < 4; k++)
            b->buf[b->byte++] = (uint8_t)(b->acc >> (8 * k));
        b->acc >>= 32;
        b->fill -= 32;
    }
}

static void put_flush(struct bw *b)
{
    for (; b->fill; b->fill = b->fill > 8 ? b->fill - 8 : 0) {
        b->buf[b->byte++] = (uint8_t)b->acc;
        b->acc >>= 8;
    }
}

/* ---------------------------------------------------------------------------------------------
 * Sections: palette, offset and index of every code
 * ------------------------------------------------------------------------------------------- */

struct slice {
    size_t first, count; /* coded weights [first, first + count) of the section */
    uint8_t wp, z;
};

struct section {
    size_t a, b; /* weights [a, b) */
    int alt;
    unsigned K;  /* palette entries: 0 or 2..32 */
    unsigned dirofs, palbits;
    uint16_t pal[ETHOSU_MLW_PAL_MAX];
    uint16_t idx_of_code[NCODES]; /* zero looked up at code 1 */
    unsigned uncomp_bits, uncomp_limit;
    struct slice *sl;
    size_t nsl;
    int64_t bits; /* exact size of the section's slices */
};

/* Coded values of a histogram (hist[0] = zeros, hist[c] for c >= 2), sorted by count (most
 * frequent first; ties: larger code first; see top_sort). Zero, when coded, is listed as code 1. */
struct cv {
    uint16_t code;
    uint32_t cnt;
};

static int cv_before(struct cv x, struct cv y)
{
    return x.cnt > y.cnt || (x.cnt == y.cnt && x.code > y.code);
}

/* Order the first min(d, 32) entries as described, and put the most frequent there: only
 * those can become palette entries, the order of the rest does not matter. Many values: a heap
 * of the 32 best so far picks them, then they are sorted. */
static void top_sort(struct cv *list, size_t d)
{
    size_t k = d < ETHOSU_MLW_PAL_MAX ? d : ETHOSU_MLW_PAL_MAX;
    if (d > 2 * ETHOSU_MLW_PAL_MAX) {
        struct cv heap[ETHOSU_MLW_PAL_MAX]; /* heap[0] is the worst of the best so far */
        uint8_t in_top[NCODES];
        memset(in_top, 0, sizeof in_top);
        for (size_t i = 0; i < d; i++) {
            size_t j;
            if (i < k) {
                for (j = i; j > 0 && cv_before(heap[(j - 1) / 2], list[i]); j = (j - 1) / 2)
                    heap[j] = heap[(j - 1) / 2];
            } else {
                if (!cv_before(list[i], heap[0]))
                    continue;
                for (j = 0;;) {
                    size_t c = 2 * j + 1;
                    if (c >= k)
                        break;
                    if (c + 1 < k && cv_before(heap[c], heap[c + 1]))
                        c++;
                    if (!cv_before(list[i], heap[c]))
                        break;
                    heap[j] = heap[c];
                    j = c;
                }
            }
            heap[j] = list[i];
        }
        size_t o = k;
        for (size_t i = 0; i < k; i++)
            in_top[heap[i].code] = 1;
        struct cv rest[NCODES];
        for (size_t i = 0, r = 0; i < d; i++)
            if (!in_top[list[i].code])
                rest[r++] = list[i];
        memcpy(list + o, rest, (d - k) * sizeof *list);
        memcpy(list, heap, k * sizeof *list);
        d = k; /* sort the 32 below */
    }
    for (size_t i = 1; i < d; i++) {
        struct cv x = list[i];
        size_t j;
        if (i < k) {
            j = i;
        } else {
            if (!cv_before(x, list[k - 1]))
                continue;
            list[i] = list[k - 1];
            j = k - 1;
        }
        for (; j > 0 && cv_before(x, list[j - 1]); j--)
            list[j] = list[j - 1];
        list[j] = x;
    }
}

static size_t coded_values(const uint32_t *hist, int alt, struct cv *list)
{
    size_t d = 0;
    for (unsigned c = 2; c < NCODES; c++)
        if (hist[c])
            list[d++] = (struct cv){ (uint16_t)c, hist[c] };
    if (hist[0] && (!alt || d == 0))
        list[d++] = (struct cv){ 1, alt ? 1u : hist[0] }; /* all-zero alternating: one coded zero */
    top_sort(list, d);
    return d;
}

/* Palette parameters for palette size K (0 or 2..32) over the sorted coded values. Fills sec's
 * palette fields and idx_of_code for the listed codes. Returns 0, or -1 if K does not fit
 * (a direct index over 511). */
static int palette_for(struct section *s, const struct cv *list, size_t d, unsigned K)
{
    unsigned inpal = K < d ? K : (unsigned)d; /* real entries */
    unsigned mind = ETHOSU_MLW_CODE_MAX + 1u, maxd = 0, maxp = 0;
    for (size_t i = inpal; i < d; i++) {
        if (list[i].code < mind)
            mind = list[i].code;
        if (list[i].code > maxd)
            maxd = list[i].code;
    }
    unsigned dirofs = d <= inpal ? 0u : mind > ETHOSU_MLW_DIROFS_MAX ? (unsigned)ETHOSU_MLW_DIROFS_MAX : mind;
    if (d > inpal && K + maxd - dirofs > ETHOSU_MLW_INDEX_MAX)
        return -1;
    s->K = K;
    s->dirofs = dirofs;
    for (unsigned i = 0; i < K; i++) {
        unsigned c = i < inpal ? list[i].code : 0u; /* a 1-value palette is padded with code 0 */
        if (c == 1)
            c = 0; /* zero in the palette: code 0 */
        s->pal[i] = (uint16_t)c;
        if (c > maxp)
            maxp = c;
    }
    for (size_t i = 0; i < d; i++)
        s->idx_of_code[list[i].code] = (uint16_t)(i < inpal ? i : K + list[i].code - dirofs);
    if (K) {
        s->palbits = bitlen(maxp);
        s->uncomp_bits = ceil_log2(K);
        s->uncomp_limit = K;
    } else {
        s->palbits = d ? bitlen(maxd - dirofs) : 0u;
        if (s->palbits < ETHOSU_MLW_PALBITS_MIN)
            s->palbits = ETHOSU_MLW_PALBITS_MIN;
        s->uncomp_bits = s->palbits;
        s->uncomp_limit = ETHOSU_MLW_INDEX_MAX + 1u;
    }
    if (s->palbits < ETHOSU_MLW_PALBITS_MIN)
        s->palbits = ETHOSU_MLW_PALBITS_MIN;
    return 0;
}

/* ---------------------------------------------------------------------------------------------
 * Encoder state
 * ------------------------------------------------------------------------------------------- */

/* One DP row: the lane costs of one index (zero-run part not included) and their minimum. */
struct dprow {
    int16_t c[LANES];
    int16_t rmin[8]; /* the minimum, in every element (loaded as one vector) */
};

struct enc {
    const int16_t *w;
    size_t n;
    /* nonzero weights */
    size_t nwords;
    uint64_t *nzbits;    /* bit i & 63 of word i >> 6: weight i is nonzero */
    uint32_t *next_word; /* [k]: first word >= k holding a nonzero weight (nwords if none); nwords + 1 */
    uint32_t *prev_word; /* [k]: 1 + last word < k holding a nonzero weight (0 if none); nwords + 1 */
    int64_t *zs;         /* [4k + z]: run-after cost (ZDIV z) of the nonzero weights before 64k */
    /* estimates: per-block prefix histograms */
    size_t G, nblk;
    uint32_t *bhist;     /* (nblk + 1) x NCODES, code of zero = 0 */
    /* scratch */
    uint16_t *cx;       /* indices of up to ETHOSU_MLW_SLICE_MAX coded weights */
    uint32_t *crun;     /* and the zero run after each */
    int16_t *ckpt;      /* DP: lanes at each block start */
    uint32_t *sticky;   /* DP: lanes that switched in each block */
    size_t *ckpos;      /* DP: weight position of each block's first coded weight (alternating) */
    size_t ckcap;
    int16_t *rel;       /* DP: lanes after each step of one block */
    int16_t *zc;        /* DP: run part of the lane costs of one block, two per coded weight */
    struct slice *path; /* backtracking: slices, last first */
    size_t pathcap;
    int oom;
    /* tables (not zeroed: filled before use) */
    int32_t wlen_t[NCODES][WP_UNC]; /* bits of an index per Golomb-Rice coding, DP_BIG when impossible */
    /* the candidate being tried, for the indices that occur */
    uint16_t xw[2 * ETHOSU_MLW_WEIGHT_MAX + 1]; /* index of each weight value (+255) */
    struct dprow rows[NCODES];
    uint64_t wsum[WP_UNC][NCODES];  /* bits | tokens << 32 (exact sizes), 0 when impossible */
    int16_t tokrow[NCODES][LANES];  /* unary tokens per wparam lane (uncompressed, unused: 0) */
};

/* ---------------------------------------------------------------------------------------------
 * Nonzero weights and zero runs
 * ------------------------------------------------------------------------------------------- */

/* First nonzero weight at or after i (n if none). */
static ALWAYS_INLINE size_t next_nz(const struct enc *e, size_t i)
{
    if (i >= e->n)
        return e->n;
    size_t k = i >> 6;
    uint64_t v = e->nzbits[k] & (~(uint64_t)0 << (i & 63u));
    if (!v) {
        k = e->next_word[k + 1];
        if (k >= e->nwords)
            return e->n;
        v = e->nzbits[k];
    }
    return (k << 6) + ctz64(v);
}

/* One past the last nonzero weight before b (0 if none). */
static size_t last_nz(const struct enc *e, size_t b)
{
    if (b == 0)
        return 0;
    size_t p = b - 1, k = p >> 6;
    uint64_t v = e->nzbits[k] & (~(uint64_t)0 >> (63u - (p & 63u)));
    if (!v) {
        k = e->prev_word[k];
        if (!k)
            return 0;
        v = e->nzbits[--k];
    }
    return (k << 6) + msb64(v) + 1;
}

/* Run-after cost of the nonzero weights before i, for each ZDIV. */
static void zs_at(const struct enc *e, size_t i, int64_t *out)
{
    size_t k = i >> 6;
    for (unsigned z = 0; z < NZP; z++)
        out[z] = e->zs[4 * k + z];
    uint64_t v = (i & 63u) ? e->nzbits[k] & (~(uint64_t)0 >> (64u - (i & 63u))) : 0;
    for (; v; v &= v - 1) {
        size_t j = (k << 6) + ctz64(v), run = next_nz(e, j + 1) - j - 1;
        for (unsigned z = 0; z < NZP; z++)
            out[z] += zcost(z, run);
    }
}

static void scan_hist(const struct enc *e, size_t a, size_t b, uint32_t *hist)
{
    for (size_t i = a; i < b; i++)
        hist[wcode(e->w[i])]++;
}

static void range_hist(const struct enc *e, size_t a, size_t b, uint32_t *hist)
{
    memset(hist, 0, NCODES * sizeof *hist);
    size_t ba = (a + e->G - 1) / e->G, bb = b / e->G;
    if (ba >= bb) {
        scan_hist(e, a, b, hist);
        return;
    }
    const uint32_t *hb = e->bhist + bb * NCODES, *ha = e->bhist + ba * NCODES;
    for (unsigned c = 0; c < NCODES; c++)
        hist[c] = hb[c] - ha[c];
    scan_hist(e, a, ba * e->G, hist);
    scan_hist(e, bb * e->G, b, hist);
}

/* Zero-run bits of [a, b) in alternating mode for each ZDIV (exact, from the prefix sums). */
static void range_runs(const struct enc *e, size_t a, size_t b, int64_t *rc)
{
    size_t f = next_nz(e, a);
    if (f >= b) { /* all zeros: a coded zero, runs 0 and b - a - 1 */
        for (unsigned z = 0; z < NZP; z++)
            rc[z] = zcost(z, 0) + zcost(z, b - a - 1);
        return;
    }
    size_t l = last_nz(e, b) - 1;
    int64_t zf[NZP], zl[NZP];
    zs_at(e, f, zf);
    zs_at(e, l, zl);
    for (unsigned z = 0; z < NZP; z++)
        rc[z] = zcost(z, f - a) + zl[z] - zf[z] + zcost(z, b - l - 1);
}

/* ---------------------------------------------------------------------------------------------
 * Estimates
 * ------------------------------------------------------------------------------------------- */

/* The coded values of a range as the estimates need them: every one by code (asc), and
 * where each stands in the order of coded_values (rank; the 32 most frequent are top). */
struct evals {
    size_t d, k, kk;
    struct cv asc[NCODES + 1]; /* (one spare: evals_of writes the nonzero codes from asc[1]) */
    /* the first kk = min(d, 33) as coded_values orders them: k = min(d, 32) can be palette
     * entries, one more so that the list without zero (evals_drop_zero) is known too */
    struct cv top[ETHOSU_MLW_PAL_MAX + 1];
    uint8_t rank[NCODES];  /* of each listed code: its position in top, ETHOSU_MLW_PAL_MAX if past k */
};

static void evals_of(const uint32_t *hist, int alt, struct evals *v)
{
    /* the nonzero codes from asc[1] on, written unconditionally (counts are often 0 or not at
     * random: no branch to mispredict), skipping empty groups of 8 codes (the large codes of
     * small weights); zero, listed as code 1, the smallest, goes in front */
    size_t nz = 0, d;
    for (unsigned g = 0; g < NCODES; g += 8) {
        uint32_t any = 0;
        for (unsigned c = g < 2 ? 2 : g; c < g + 8; c++)
            any |= hist[c];
        if (!any)
            continue;
        for (unsigned c = g < 2 ? 2 : g; c < g + 8; c++) {
            v->asc[1 + nz] = (struct cv){ (uint16_t)c, hist[c] };
            nz += hist[c] != 0;
        }
    }
    if (hist[0] && (!alt || nz == 0)) {
        v->asc[0] = (struct cv){ 1, alt ? 1u : hist[0] };
        d = nz + 1;
    } else {
        memmove(v->asc, v->asc + 1, nz * sizeof *v->asc);
        d = nz;
    }
    v->d = d;
    v->k = d < ETHOSU_MLW_PAL_MAX ? d : ETHOSU_MLW_PAL_MAX;
    v->kk = d < ETHOSU_MLW_PAL_MAX + 1 ? d : ETHOSU_MLW_PAL_MAX + 1;
    /* the kk largest of the keys count << 16 | code (cv_before's order): select, then sort */
    uint64_t key[NCODES], buf[NCODES];
    for (size_t i = 0; i < d; i++)
        key[i] = (uint64_t)v->asc[i].cnt << 16 | v->asc[i].code;
    size_t lo = 0, hi = d, k = v->kk;
    while (hi - lo > 1 && k > lo && k < hi) { /* keys above the pivot first, then equal, then below */
        uint64_t a = key[lo], b = key[lo + (hi - lo) / 2], c = key[hi - 1];
        uint64_t piv = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
        size_t nab = 0, nbe = 0;
        for (size_t x = lo; x < hi; x++) {
            uint64_t t = key[x];
            key[lo + nab] = t;
            nab += t > piv;
            buf[nbe] = t;
            nbe += t < piv;
        }
        size_t i = lo + nab, j = hi - nbe;
        for (size_t x = i; x < j; x++)
            key[x] = piv;
        memcpy(key + j, buf, nbe * sizeof *key);
        if (k <= i)
            hi = i;
        else if (k >= j)
            lo = j;
        else
            break;
    }
    for (size_t i = 1; i < k; i++) { /* the k largest in descending order (keys are distinct) */
        uint64_t x = key[i];
        size_t j = i;
        for (; j > 0 && key[j - 1] < x; j--)
            key[j] = key[j - 1];
        key[j] = x;
    }
    for (size_t i = 0; i < k; i++)
        v->top[i] = (struct cv){ (uint16_t)(key[i] & 0xFFFFu), (uint32_t)(key[i] >> 16) };
    for (size_t i = 0; i < d; i++)
        v->rank[v->asc[i].code] = ETHOSU_MLW_PAL_MAX;
    for (size_t i = 0; i < v->k; i++)
        v->rank[v->top[i].code] = (uint8_t)i;
}

/* The alternating-mode values from the direct-mode ones (evals_of(hist, 0)) when zero and at
 * least one other value occur: the same list without zero (keys are distinct, so the order of
 * the others stays), without a second pass over the histogram. */
static void evals_drop_zero(struct evals *v)
{
    memmove(v->asc, v->asc + 1, (v->d - 1) * sizeof *v->asc); /* zero is asc[0], code 1 */
    v->d--;
    size_t pz = 0;
    while (pz < v->kk && v->top[pz].code != 1)
        pz++;
    if (pz < v->kk) {
        memmove(v->top + pz, v->top + pz + 1, (v->kk - pz - 1) * sizeof *v->top);
        v->kk--;
    }
    v->k = v->d < ETHOSU_MLW_PAL_MAX ? v->d : ETHOSU_MLW_PAL_MAX;
    for (size_t i = 0; i < v->k; i++)
        v->rank[v->top[i].code] = (uint8_t)i;
    if (v->kk > v->k)
        v->rank[v->top[v->k].code] = ETHOSU_MLW_PAL_MAX;
}

/* What palette_for would set for palette size K, without the index of every code. */
struct epal {
    unsigned K, inpal, dirofs, palbits, uncomp_bits, uncomp_limit;
    unsigned xmax; /* the largest index used */
};

static int epal_for(const struct evals *v, unsigned K, struct epal *p)
{
    size_t d = v->d;
    unsigned inpal = K < d ? K : (unsigned)d, maxp = 0, mind = 0, maxd = 0;
    if (d > inpal) { /* the smallest and largest codes sent directly: at most inpal codes to skip */
        size_t i = 0, j = d - 1;
        while (v->rank[v->asc[i].code] < inpal)
            i++;
        while (v->rank[v->asc[j].code] < inpal)
            j--;
        mind = v->asc[i].code;
        maxd = v->asc[j].code;
    }
    unsigned dirofs = d <= inpal ? 0u : mind > ETHOSU_MLW_DIROFS_MAX ? (unsigned)ETHOSU_MLW_DIROFS_MAX : mind;
    if (d > inpal && K + maxd - dirofs > ETHOSU_MLW_INDEX_MAX)
        return -1;
    for (unsigned i = 0; i < inpal; i++) {
        unsigned c = v->top[i].code == 1 ? 0u : v->top[i].code;
        maxp = c > maxp ? c : maxp;
    }
    p->K = K;
    p->inpal = inpal;
    p->dirofs = dirofs;
    p->xmax = d > inpal ? K + maxd - dirofs : inpal - 1u; /* d >= 1: a range codes something */
    if (K) {
        p->palbits = bitlen(maxp);
        p->uncomp_bits = ceil_log2(K);
        p->uncomp_limit = K;
    } else {
        p->palbits = d ? bitlen(maxd - dirofs) : 0u;
        if (p->palbits < ETHOSU_MLW_PALBITS_MIN)
            p->palbits = ETHOSU_MLW_PALBITS_MIN;
        p->uncomp_bits = p->palbits;
        p->uncomp_limit = ETHOSU_MLW_INDEX_MAX + 1u;
    }
    if (p->palbits < ETHOSU_MLW_PALBITS_MIN)
        p->palbits = ETHOSU_MLW_PALBITS_MIN;
    return 0;
}

/* Estimated bits of the weight indices of a palette choice, one coding for the whole range:
 * the cheapest weight coding, from the counts of indices below each quotient boundary (work
 * bounded by the largest index used, not by 512). A coding that cannot send some index pays
 * DP_BIG for each such index (as the slice DP's table). */
static int64_t est_indices(const struct evals *v, const struct epal *p)
{
    const unsigned top = p->xmax + 1u; /* below[x] = total from here on */
    uint32_t hx[NCODES];
    int64_t below[NCODES + 1];
    memset(hx, 0, top * sizeof *hx);
    for (size_t i = 0; i < v->d; i++) {
        unsigned code = v->asc[i].code, r = v->rank[code];
        hx[r < p->inpal ? r : p->K + code - p->dirofs] += v->asc[i].cnt;
    }
    below[0] = 0;
    for (unsigned x = 0; x < top; x++)
        below[x + 1] = below[x] + hx[x];
    const int64_t total = below[top];
#define BELOW(x) ((x) < top ? below[(x)] : total)
    int64_t best = top <= p->uncomp_limit ? total * (int64_t)p->uncomp_bits : BIG;
    for (unsigned k = 0; k < 6; k++) {
        /* Golomb-Rice: index x costs (x >> k) + 1 + k while the quotient is at most 31 */
        unsigned lim = (ETHOSU_MLW_WQ_MAX + 1u) << k;
        if (lim > NCODES)
            lim = NCODES;
        int64_t bl = BELOW(lim), sum = (int64_t)(1 + k) * bl;
        for (unsigned q = 1; (q << k) < lim && (q << k) < top; q++)
            sum += bl - below[q << k];
        sum += (int64_t)DP_BIG * (total - bl);
        best = sum < best ? sum : best;
        /* truncated: k + 1 bits below 1 << k, k + 2 below 3 << k */
        int64_t b1 = BELOW(1u << k), b3 = BELOW(3u << k);
        sum = (int64_t)(k + 1) * b1 + (int64_t)(k + 2) * (b3 - b1) + (int64_t)DP_BIG * (total - b3);
        best = sum < best ? sum : best;
    }
#undef BELOW
    return best;
}

/* Palette sizes tried. */
static const unsigned ksizes[] = { 0, 2, 4, 8, 16, 32 };

/* One candidate set of section parameters and its estimated size. */
struct cand {
    int alt;
    unsigned K;
    int64_t est;
};

/* Estimate [a, b) for every (alternating, palette size) choice; hist is the range histogram.
 * Writes up to maxc candidates sorted by estimate (best first), returns how many. */
static size_t estimate(const struct enc *e, size_t a, size_t b, const uint32_t *hist, struct cand *out,
                       size_t maxc)
{
    static const int64_t pad[2] = { 8, 14 }; /* typical chunk filler at the end of a section */
    struct evals v;
    struct cand all[2 * (sizeof ksizes / sizeof ksizes[0] + 1)];
    size_t na = 0;
    for (int alt = 0; alt < 2; alt++) {
        if (alt && !hist[0])
            break;
        if (alt && v.d >= 2)
            evals_drop_zero(&v); /* v holds the direct-mode values, zero among them */
        else
            evals_of(hist, alt, &v);
        size_t d = v.d;
        int64_t runs = 0;
        if (alt) {
            int64_t rc[NZP];
            range_runs(e, a, b, rc);
            runs = rc[0];
            for (unsigned z = 1; z < NZP; z++)
                if (rc[z] < runs)
                    runs = rc[z];
        }
        unsigned kmax = d < ETHOSU_MLW_PAL_MAX ? (unsigned)d : ETHOSU_MLW_PAL_MAX;
        int did_kmax = 0;
        for (size_t ki = 0; ki <= sizeof ksizes / sizeof ksizes[0]; ki++) {
            unsigned K;
            if (ki < sizeof ksizes / sizeof ksizes[0]) {
                K = ksizes[ki];
                if (K > kmax && !(K == 2 && d == 1))
                    continue;
            } else {
                if (did_kmax || kmax < 2)
                    continue;
                K = kmax;
            }
            if (K == kmax)
                did_kmax = 1;
            struct epal p;
            if (epal_for(&v, K, &p))
                continue;
            int64_t t = ETHOSU_MLW_HEADER_BITS + ETHOSU_MLW_PALHDR_BITS + (int64_t)K * p.palbits + pad[alt] + runs +
                        est_indices(&v, &p);
            all[na++] = (struct cand){ alt, K, t };
        }
    }
    /* sort by estimate (insertion: few entries) */
    for (size_t i = 1; i < na; i++)
        for (size_t j = i; j > 0 && all[j].est < all[j - 1].est; j--) {
            struct cand t = all[j];
            all[j] = all[j - 1];
            all[j - 1] = t;
        }
    if (na > maxc)
        na = maxc;
    memcpy(out, all, na * sizeof *out);
    return na;
}

static int64_t est_hist(const struct enc *e, size_t a, size_t b, const uint32_t *hist)
{
    struct cand c;
    return estimate(e, a, b, hist, &c, 1) ? c.est : BIG;
}

static int64_t est_range(const struct enc *e, size_t a, size_t b)
{
    uint32_t hist[NCODES];
    range_hist(e, a, b, hist);
    return est_hist(e, a, b, hist);
}

/* ---------------------------------------------------------------------------------------------
 * Coded weights of a section, in order
 * ------------------------------------------------------------------------------------------- */

/* Where the next coded weight comes from: its number and (alternating mode) its position. */
struct cursor {
    size_t i, p;
};

static struct cursor coded_start(const struct enc *e, const struct section *s)
{
    struct cursor c = { 0, s->alt ? next_nz(e, s->a) : s->a };
    return c;
}

/* Coded weights of s in alternating mode, and the run before the first. */
static size_t coded_count(const struct enc *e, const struct section *s, const uint32_t *hist, size_t *lead)
{
    *lead = 0;
    if (!s->alt)
        return s->b - s->a;
    size_t f = next_nz(e, s->a);
    if (f >= s->b)
        return 1; /* all zeros: one coded zero */
    *lead = f - s->a;
    return s->b - s->a - hist[0];
}

/* The next cnt coded weights of s: indices into x (through e->xw) and, in alternating mode, the
 * zero run after each into run (else run is not touched). */
static void coded_fill(const struct enc *e, const struct section *s, struct cursor *c, size_t cnt, uint16_t *x,
                       uint32_t *run)
{
    if (!s->alt) {
        const int16_t *w = e->w + c->p;
        for (size_t k = 0; k < cnt; k++)
            x[k] = e->xw[w[k] + ETHOSU_MLW_WEIGHT_MAX];
        c->p += cnt;
    } else if (c->p >= s->b) { /* all zeros */
        x[0] = e->xw[ETHOSU_MLW_WEIGHT_MAX];
        run[0] = (uint32_t)(s->b - s->a - 1);
    } else {
        /* p: the current nonzero weight; v: the nonzero weights after it in its word */
        size_t p = c->p, k = p >> 6;
        uint64_t v = e->nzbits[k] & ((~(uint64_t)0 << (p & 63u)) << 1);
        for (size_t j = 0; j < cnt; j++) {
            size_t nx;
            if (v) {
                nx = (k << 6) + ctz64(v);
                v &= v - 1;
            } else {
                nx = next_nz(e, (k + 1) << 6);
                if (nx < e->n) {
                    k = nx >> 6;
                    v = e->nzbits[k] & ((~(uint64_t)0 << (nx & 63u)) << 1);
                }
            }
            x[j] = e->xw[e->w[p] + ETHOSU_MLW_WEIGHT_MAX];
            run[j] = (uint32_t)((nx < s->b ? nx : s->b) - p - 1);
            p = nx;
        }
        c->p = p;
    }
    c->i += cnt;
}

/* ---------------------------------------------------------------------------------------------
 * Slice DP. Per coded weight, each lane: cost = min(cost, best + pen) + its index and run bits;
 * lanes are int16, in vectors of 8.
 * ------------------------------------------------------------------------------------------- */

#ifdef MLW_SSE2
typedef __m128i v8;
static inline v8 v_load(const int16_t *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }
static inline void v_store(int16_t *p, v8 a) { _mm_storeu_si128((__m128i *)(void *)p, a); }
static inline v8 v_set1(int v) { return _mm_set1_epi16((short)v); }
static inline v8 v_add(v8 a, v8 b) { return _mm_add_epi16(a, b); }
static inline v8 v_sub(v8 a, v8 b) { return _mm_sub_epi16(a, b); }
static inline v8 v_min(v8 a, v8 b) { return _mm_min_epi16(a, b); }
static inline v8 v_gt(v8 a, v8 b) { return _mm_cmpgt_epi16(a, b); }
static inline v8 v_or(v8 a, v8 b) { return _mm_or_si128(a, b); }
static inline v8 v_zero(void) { return _mm_setzero_si128(); }
/* the minimum of the 8 lanes, in every lane */
static inline v8 v_hmin(v8 a)
{
    a = _mm_min_epi16(a, _mm_shuffle_epi32(a, 0x4e));
    a = _mm_min_epi16(a, _mm_shuffle_epi32(a, 0xb1));
    return _mm_min_epi16(a, _mm_shufflelo_epi16(_mm_shufflehi_epi16(a, 0xb1), 0xb1));
}
static inline int v_first(v8 a) { return (int16_t)_mm_cvtsi128_si32(a); }
/* two 0 / -1 vectors in one (a's lanes first) */
static inline v8 v_pack(v8 a, v8 b) { return _mm_packs_epi16(a, b); }
/* bit l set where lane l of a packed pair is -1 (l < 8: from a, l >= 8: from b) */
static inline unsigned v_bits16(v8 a) { return (unsigned)_mm_movemask_epi8(a); }
#else
typedef struct {
    int16_t l[8];
} v8;
static inline v8 v_load(const int16_t *p) { v8 r; memcpy(r.l, p, sizeof r.l); return r; }
static inline void v_store(int16_t *p, v8 a) { memcpy(p, a.l, sizeof a.l); }
static inline v8 v_set1(int v) { v8 r; for (int i = 0; i < 8; i++) r.l[i] = (int16_t)v; return r; }
static inline v8 v_add(v8 a, v8 b) { for (int i = 0; i < 8; i++) a.l[i] = (int16_t)(a.l[i] + b.l[i]); return a; }
static inline v8 v_sub(v8 a, v8 b) { for (int i = 0; i < 8; i++) a.l[i] = (int16_t)(a.l[i] - b.l[i]); return a; }
static inline v8 v_min(v8 a, v8 b) { for (int i = 0; i < 8; i++) a.l[i] = b.l[i] < a.l[i] ? b.l[i] : a.l[i]; return a; }
static inline v8 v_gt(v8 a, v8 b) { for (int i = 0; i < 8; i++) a.l[i] = a.l[i] > b.l[i] ? -1 : 0; return a; }
static inline v8 v_or(v8 a, v8 b) { for (int i = 0; i < 8; i++) a.l[i] = (int16_t)(a.l[i] | b.l[i]); return a; }
static inline v8 v_zero(void) { return v_set1(0); }
static inline v8 v_hmin(v8 a)
{
    int16_t m = a.l[0];
    for (int i = 1; i < 8; i++)
        m = a.l[i] < m ? a.l[i] : m;
    return v_set1(m);
}
static inline int v_first(v8 a) { return a.l[0]; }
/* a pair of 0 / -1 vectors: bit 0 of lane i from a, bit 1 from b */
static inline v8 v_pack(v8 a, v8 b) { for (int i = 0; i < 8; i++) a.l[i] = (int16_t)((a.l[i] & 1) | (b.l[i] & 2)); return a; }
static inline unsigned v_bits16(v8 a)
{
    unsigned r = 0;
    for (int i = 0; i < 8; i++)
        r |= (unsigned)(a.l[i] & 1) << i | (unsigned)((a.l[i] >> 1) & 1) << (i + 8);
    return r;
}
#endif

/* Bit i set where w[i] != 0, for 64 weights. */
static uint64_t nonzero_bits64(const int16_t *w)
{
#ifdef MLW_SSE2
    uint64_t r = 0;
    for (unsigned i = 0; i < 64; i += 16) {
        __m128i z = _mm_setzero_si128();
        __m128i a = _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(const void *)(w + i)), z);
        __m128i b = _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(const void *)(w + i + 8)), z);
        r |= (uint64_t)(~(unsigned)_mm_movemask_epi8(_mm_packs_epi16(a, b)) & 0xFFFFu) << i;
    }
    return r;
#else
    uint64_t r = 0;
    for (unsigned i = 0; i < 64; i++)
        r |= (uint64_t)(w[i] != 0) << i;
    return r;
#endif
}

/* All of w[0..n) within -255..255. */
static int weights_in_range(const int16_t *w, size_t n)
{
    size_t i = 0;
#ifdef MLW_SSE2
    __m128i lo = _mm_set1_epi16(ETHOSU_MLW_WEIGHT_MIN), hi = _mm_set1_epi16(ETHOSU_MLW_WEIGHT_MAX);
    __m128i mn = hi, mx = lo;
    for (; i + 8 <= n; i += 8) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(w + i));
        mn = _mm_min_epi16(mn, v);
        mx = _mm_max_epi16(mx, v);
    }
    if (_mm_movemask_epi8(_mm_or_si128(_mm_cmplt_epi16(mn, lo), _mm_cmpgt_epi16(mx, hi))))
        return 0;
#endif
    for (; i < n; i++)
        if (w[i] < ETHOSU_MLW_WEIGHT_MIN || w[i] > ETHOSU_MLW_WEIGHT_MAX)
            return 0;
    return 1;
}

#define NV_MAX (DP_ZDIVS * LANES / 8) /* vectors of lanes, alternating mode */

/* One DP run: a section with its candidate set up (e->xw, e->rows), and a penalty. */
struct dp {
    struct enc *e;
    const struct section *s;
    size_t m, lead;
    unsigned nv;             /* vectors of lanes: 2, or 4 in alternating mode */
    unsigned zval[DP_ZDIVS]; /* the zero-run divisor of each lane group */
    int16_t pen;
    size_t nblocks;
    /* results of the forward pass */
    unsigned final_lane;
    int64_t value;           /* the path's index and run bits, + pen per slice change */
    int clamped;             /* a run cost was clamped at DP_BIG (value is then too small) */
    int64_t wfill[LANES];    /* a single slice in wparam lane l: its unused WUNARY0 positions */
    int64_t zfill[DP_ZDIVS]; /* ... and in lane group zi its unused ZUNARY positions */
};

/* What the forward pass sums besides the lanes. */
struct dpacc {
    v8 tok[2];               /* unary tokens per wparam lane, this block */
    uint64_t ztok[DP_ZDIVS]; /* ZUNARY tokens per lane group, this piece */
    int64_t zmin;            /* the run-cost shifts (see dp_zcosts) */
    int clamped;
};

/* Zero-run part of the lane costs of coded weight i (run after it; the lead too for i == 0):
 * per lane group, relative to the cheaper group (a common shift changes no decision), as the
 * DP cost model has it (clamped at DP_BIG, then saturated at SAT). */
static ALWAYS_INLINE void dp_zcosts(const struct dp *d, size_t i, uint32_t run, int16_t *zc, struct dpacc *acc)
{
    int32_t t[DP_ZDIVS];
    for (unsigned zi = 0; zi < DP_ZDIVS; zi++) {
        unsigned z = d->zval[zi];
        int64_t v = zcost(z, run) + (i == 0 ? zcost(z, d->lead) : 0);
        if (acc)
            acc->ztok[zi] += (run >> z) + 1u + (i == 0 ? (d->lead >> z) + 1u : 0u);
        if (v > DP_BIG) {
            v = DP_BIG;
            if (acc)
                acc->clamped = 1;
        }
        t[zi] = (int32_t)v;
    }
    int32_t mn = t[0] < t[1] ? t[0] : t[1];
    if (acc)
        acc->zmin += mn;
    for (unsigned zi = 0; zi < DP_ZDIVS; zi++)
        zc[zi] = (int16_t)(t[zi] - mn > SAT ? SAT : t[zi] - mn);
}

/* Run the DP over coded weights [c->i, c->i + cnt) from lanes cur (absolute, minimum M, *base
 * added at each rebase). sticky (may be NULL) collects the lanes that switch, acc (may be NULL)
 * the tokens; rel (may be NULL) receives the lanes after each step, relative to the minimum.
 * nv == 2: not alternating, the coded weights are read in place. */
static ALWAYS_INLINE void dp_steps(const struct dp *d, struct cursor *c, size_t cnt, v8 *cur, v8 *M, int64_t *base,
                                   v8 *sticky, struct dpacc *acc, int16_t *rel, const unsigned nv)
{
    struct enc *e = d->e;
    const v8 pen = v_set1(d->pen);
    const int16_t *w = e->w + c->p;
    int16_t *zc = e->zc;
    v8 t0 = v_zero(), t1 = v_zero();
    if (nv > 2) {
        /* the coded weights, their run costs and tokens first: fewer live values in the loop */
        size_t i0 = c->i;
        coded_fill(e, d->s, c, cnt, e->cx, e->crun);
        for (size_t k = 0; k < cnt; k++)
            dp_zcosts(d, i0 + k, e->crun[k], zc + 2 * k, acc);
        if (acc)
            for (size_t k = 0; k < cnt; k++) {
                t0 = v_add(t0, v_load(e->tokrow[e->cx[k]]));
                t1 = v_add(t1, v_load(e->tokrow[e->cx[k]] + 8));
            }
    } else {
        c->p += cnt;
        c->i += cnt;
    }
    /* the lanes in named vectors (arrays indexed in a loop could stay in memory) */
    v8 m = *M, c0 = cur[0], c1 = cur[1], c2 = v_zero(), c3 = v_zero(), s0 = v_zero(), s1 = v_zero();
    if (nv > 2) {
        c2 = cur[2];
        c3 = cur[3];
    }
    if (sticky) {
        s0 = sticky[0];
        if (nv > 2)
            s1 = sticky[1];
    }
    for (size_t k = 0; k < cnt; k++) {
        const unsigned x = nv > 2 ? e->cx[k] : e->xw[w[k] + ETHOSU_MLW_WEIGHT_MAX];
        const struct dprow *r = &e->rows[x];
        v8 r0 = v_load(r->c), r1 = v_load(r->c + 8), r2 = v_zero(), r3 = v_zero();
        if (nv > 2) {
            v8 z0 = v_set1(zc[2 * k]), z1 = v_set1(zc[2 * k + 1]);
            r2 = v_add(r0, z1);
            r3 = v_add(r1, z1);
            r0 = v_add(r0, z0);
            r1 = v_add(r1, z0);
        } else if (acc) {
            t0 = v_add(t0, v_load(e->tokrow[x]));
            t1 = v_add(t1, v_load(e->tokrow[x] + 8));
        }
        v8 lim = v_add(m, pen), h = v_min(v_add(c0, r0), v_add(c1, r1));
        if (nv > 2)
            h = v_min(h, v_min(v_add(c2, r2), v_add(c3, r3)));
        if (sticky) {
            s0 = v_or(s0, v_pack(v_gt(c0, lim), v_gt(c1, lim)));
            if (nv > 2)
                s1 = v_or(s1, v_pack(v_gt(c2, lim), v_gt(c3, lim)));
        }
        c0 = v_add(v_min(c0, lim), r0);
        c1 = v_add(v_min(c1, lim), r1);
        if (nv > 2) {
            c2 = v_add(v_min(c2, lim), r2);
            c3 = v_add(v_min(c3, lim), r3);
        }
        /* min over lanes of min(cur, lim) + row, without waiting for the new lanes */
        m = v_min(v_hmin(h), v_add(lim, v_load(r->rmin)));
        if (rel) {
            int16_t *o = rel + k * NV_MAX * 8;
            v_store(o, v_sub(c0, m));
            v_store(o + 8, v_sub(c1, m));
            if (nv > 2) {
                v_store(o + 16, v_sub(c2, m));
                v_store(o + 24, v_sub(c3, m));
            }
        }
        if ((k + 1) % REBASE == 0) {
            c0 = v_sub(c0, m);
            c1 = v_sub(c1, m);
            c2 = v_sub(c2, m);
            c3 = v_sub(c3, m);
            *base += v_first(m);
            m = v_zero();
        }
    }
    *M = m;
    cur[0] = c0;
    cur[1] = c1;
    if (nv > 2) {
        cur[2] = c2;
        cur[3] = c3;
    }
    if (sticky) {
        sticky[0] = s0;
        if (nv > 2)
            sticky[1] = s1;
    }
    if (acc) {
        acc->tok[0] = v_add(acc->tok[0], t0);
        acc->tok[1] = v_add(acc->tok[1], t1);
    }
}

static int dp_scratch(struct enc *e, size_t nblocks)
{
    if (nblocks <= e->ckcap)
        return 0;
    size_t cap = e->ckcap ? e->ckcap : 64;
    while (cap < nblocks)
        cap *= 2;
    int16_t *ck = realloc(e->ckpt, cap * NV_MAX * 8 * sizeof *ck);
    if (ck)
        e->ckpt = ck;
    uint32_t *st = realloc(e->sticky, cap * sizeof *st);
    if (st)
        e->sticky = st;
    size_t *ps = realloc(e->ckpos, cap * sizeof *ps);
    if (ps)
        e->ckpos = ps;
    if (!ck || !st || !ps)
        return -1;
    e->ckcap = cap;
    return 0;
}

static ALWAYS_INLINE void dp_forward_nv(struct dp *d, const unsigned nv)
{
    struct enc *e = d->e;
    struct cursor c = coded_start(e, d->s);
    v8 cur[NV_MAX], M = v_zero(), pen1 = v_set1(d->pen + 1);
    int64_t base = 0;
    uint64_t tp[LANES] = { 0 }; /* tokens of the current piece (32768 coded weights) per wparam lane */
    const size_t per_piece = ETHOSU_MLW_SLICE_MAX / DP_BLOCK;
    struct dpacc acc;
    memset(&acc, 0, sizeof acc);
    memset(d->wfill, 0, sizeof d->wfill);
    memset(d->zfill, 0, sizeof d->zfill);
    for (unsigned v = 0; v < nv; v++)
        cur[v] = v_zero(); /* from zero lanes the first step gives each lane its own cost */
    for (size_t bk = 0; bk < d->nblocks; bk++) {
        int16_t *ck = e->ckpt + bk * NV_MAX * 8;
        v8 sticky[NV_MAX / 2];
        for (unsigned v = 0; v < nv; v++) /* canonical: min(lane - minimum, pen + 1) decides the rest */
            v_store(ck + v * 8, v_min(v_sub(cur[v], M), pen1));
        for (unsigned v = 0; v < nv / 2; v++)
            sticky[v] = v_zero();
        e->ckpos[bk] = c.p;
        acc.tok[0] = acc.tok[1] = v_zero();
        size_t cnt = d->m - c.i < DP_BLOCK ? d->m - c.i : DP_BLOCK;
        dp_steps(d, &c, cnt, cur, &M, &base, sticky, &acc, NULL, nv);
        e->sticky[bk] = v_bits16(sticky[0]) | (nv > 2 ? v_bits16(sticky[1]) << 16 : 0u);
        int16_t tk[LANES];
        v_store(tk, acc.tok[0]);
        v_store(tk + 8, acc.tok[1]);
        for (unsigned l = 0; l < LANES; l++)
            tp[l] += (uint16_t)tk[l];
        if ((bk + 1) % per_piece == 0 || bk + 1 == d->nblocks) { /* a piece of a single slice ends */
            for (unsigned l = 0; l < LANES; l++) {
                d->wfill[l] += (int64_t)((ETHOSU_MLW_WUNARY0_BITS - tp[l] % ETHOSU_MLW_WUNARY0_BITS) %
                                         ETHOSU_MLW_WUNARY0_BITS);
                tp[l] = 0;
            }
            for (unsigned zi = 0; zi < (nv > 2 ? DP_ZDIVS : 0u); zi++) {
                unsigned zun = ETHOSU_MLW_ZUNARY_BITS(d->zval[zi]);
                d->zfill[zi] += (int64_t)((zun - acc.ztok[zi] % zun) % zun);
                acc.ztok[zi] = 0;
            }
        }
    }
    int16_t last[NV_MAX * 8];
    for (unsigned v = 0; v < nv; v++)
        v_store(last + v * 8, v_sub(cur[v], M));
    unsigned l = 0;
    while (last[l] != 0)
        l++;
    d->final_lane = l;
    d->value = base + v_first(M) + acc.zmin;
    d->clamped = acc.clamped;
}

/* Forward pass: checkpoints, switched lanes per block, the best lane at the end, the path's
 * cost and what a single slice in each lane would add to it. */
static void dp_forward_direct(struct dp *d)
{
    dp_forward_nv(d, 2);
}

static void dp_forward_alt(struct dp *d)
{
    dp_forward_nv(d, NV_MAX);
}

static void dp_forward(struct dp *d)
{
    if (d->nv == 2)
        dp_forward_direct(d);
    else
        dp_forward_alt(d);
}

/* Lanes after each step of block bk (into e->rel). */
static void dp_recompute(struct dp *d, size_t bk)
{
    struct enc *e = d->e;
    struct cursor c = { bk * DP_BLOCK, e->ckpos[bk] };
    v8 cur[NV_MAX], M = v_zero();
    int64_t base = 0;
    for (unsigned v = 0; v < d->nv; v++)
        cur[v] = v_load(e->ckpt + (bk * NV_MAX + v) * 8);
    size_t cnt = d->m - c.i < DP_BLOCK ? d->m - c.i : DP_BLOCK;
    if (d->nv == 2)
        dp_steps(d, &c, cnt, cur, &M, &base, NULL, NULL, e->rel, 2);
    else
        dp_steps(d, &c, cnt, cur, &M, &base, NULL, NULL, e->rel, NV_MAX);
}

static int path_push(struct enc *e, size_t *np, size_t first, size_t count, unsigned lane)
{
    if (*np == e->pathcap) {
        size_t cap = e->pathcap ? 2 * e->pathcap : 64;
        struct slice *p = realloc(e->path, cap * sizeof *p);
        if (!p)
            return -1;
        e->path = p;
        e->pathcap = cap;
    }
    e->path[(*np)++] = (struct slice){ first, count, (uint8_t)lane, 0 };
    return 0;
}

/* Backtrack the DP path into e->path (last slice first; .wp holds the lane). Returns the number
 * of slices, 0 on out of memory. */
static size_t dp_backtrack(struct dp *d)
{
    struct enc *e = d->e;
    const unsigned nl = d->nv * 8;
    unsigned lane = d->final_lane;
    size_t np = 0, end = d->m;
    for (size_t bk = d->nblocks; bk-- > 0;) {
        if (!((e->sticky[bk] >> lane) & 1u))
            continue; /* the path's lane did not switch in this block */
        dp_recompute(d, bk);
        size_t start = bk * DP_BLOCK, stop = end < start + DP_BLOCK ? end : start + DP_BLOCK;
        for (size_t p = stop; p-- > start;) {
            /* the lanes before step p */
            const int16_t *prev = p > start ? e->rel + (p - start - 1) * NV_MAX * 8 : e->ckpt + bk * NV_MAX * 8;
            if (p == 0 || prev[lane] <= d->pen)
                continue;
            if (path_push(e, &np, p, end - p, lane))
                return 0;
            end = p;
            for (lane = 0; lane < nl && prev[lane] != 0; lane++)
                ;
        }
    }
    if (path_push(e, &np, 0, end, lane))
        return 0;
    return np;
}

/* ---------------------------------------------------------------------------------------------
 * Exact sizes and the chunk writer
 * ------------------------------------------------------------------------------------------- */

/* Exact bits of one slice: header, chunks. idx/runs: its coded weights and the runs after them. */
static int64_t slice_bits(const struct enc *e, const struct section *s, const uint16_t *idx, const uint32_t *runs,
                          size_t lead, size_t count, int newpal, unsigned wp, unsigned z)
{
    int64_t bits = ETHOSU_MLW_HEADER_BITS;
    if (newpal)
        bits += ETHOSU_MLW_PALHDR_BITS + (int64_t)s->K * s->palbits;
    if (wp == WP_UNC) {
        bits += (int64_t)count * s->uncomp_bits;
    } else {
        /* each unary token fills one WUNARY0 position; the last chunk's others are filler */
        uint64_t sum = 0;
        const uint64_t *t = e->wsum[wp];
        for (size_t i = 0; i < count; i++)
            sum += t[idx[i]];
        uint64_t tokens = sum >> 32;
        bits += (int64_t)(uint32_t)sum + (int64_t)((ETHOSU_MLW_WUNARY0_BITS - tokens % ETHOSU_MLW_WUNARY0_BITS) %
                                                   ETHOSU_MLW_WUNARY0_BITS);
    }
    if (s->alt) {
        const unsigned zun = ETHOSU_MLW_ZUNARY_BITS(z);
        uint64_t tokens = 0;
        int64_t zb = 0;
        if (newpal) {
            tokens += (lead >> z) + 1;
            zb += zcost(z, lead);
        }
        for (size_t i = 0; i < count; i++) {
            tokens += (runs[i] >> z) + 1;
            zb += zcost(z, runs[i]);
        }
        bits += zb + (int64_t)((zun - tokens % zun) % zun);
    }
    return bits;
}

/* The unary tokens of a Golomb-Rice quotient q (0..31, not truncated): WUNARY0 bits, the token
 * that ends it, WUNARY1 bits; the numbers of WUNARY0 and WUNARY1 bits. */
struct qtokens {
    uint32_t u0, ends, u1;
    uint8_t n0, n1;
};

#define QT(q) { ((1u << ((q) >> 1)) - 1u) | ((q) & 1u) << ((q) >> 1), 1u << ((q) >> 1), (1u << ((q) >> 1)) - 1u, \
                (q) / 2 + 1, (q) / 2 + ((q) & 1) }
static const struct qtokens qtok[ETHOSU_MLW_WQ_MAX + 1] = {
    QT(0),  QT(1),  QT(2),  QT(3),  QT(4),  QT(5),  QT(6),  QT(7),  QT(8),  QT(9),  QT(10),
    QT(11), QT(12), QT(13), QT(14), QT(15), QT(16), QT(17), QT(18), QT(19), QT(20), QT(21),
    QT(22), QT(23), QT(24), QT(25), QT(26), QT(27), QT(28), QT(29), QT(30), QT(31),
};
#undef QT

/* Write one slice: header and chunks. */
static void put_slice(struct bw *b, const struct section *s, const uint16_t *idx, const uint32_t *runs, size_t lead,
                      size_t count, int newpal, unsigned wp, unsigned z)
{
    const int alt = s->alt, uncomp = wp == WP_UNC, trunc = wp >= 6 && wp < WP_UNC;
    const unsigned wdiv = wp_wdiv(wp), k = uncomp ? 0u : trunc ? wp - 6u : wp;
    const unsigned wrb = uncomp ? s->uncomp_bits : k;
    const unsigned per_chunk = ETHOSU_MLW_UNCOMP_PER_CHUNK(wrb);
    const unsigned zun = ETHOSU_MLW_ZUNARY_BITS(z);
    const size_t w_cnt = count, z_cnt = alt ? count + (newpal ? 1u : 0u) : 0u;

    put(b, alt ? z : ETHOSU_MLW_ZDIV_NONE, ETHOSU_MLW_ZDIV_BITS);
    put(b, (uint32_t)(count - 1u), ETHOSU_MLW_SLICELEN_BITS);
    put(b, wdiv, ETHOSU_MLW_WDIV_BITS);
    put(b, (unsigned)trunc, ETHOSU_MLW_WTRUNC_BITS);
    put(b, (unsigned)newpal, ETHOSU_MLW_NEWPAL_BITS);
    if (newpal) {
        put(b, s->dirofs, ETHOSU_MLW_DIROFS_BITS);
        put(b, s->K ? s->K - 1u : 0u, ETHOSU_MLW_PALSIZE_BITS);
        put(b, s->palbits - ETHOSU_MLW_PALBITS_MIN, ETHOSU_MLW_PALBITS_BITS);
        for (unsigned i = 0; i < s->K; i++)
            put(b, s->pal[i], s->palbits);
    }

/* run number r of the slice (the leading run first when NEWPAL) */
#define RUN(r) (newpal ? ((r) == 0 ? lead : runs[(r) - 1u]) : runs[(r)])

    /* Weight quotients as a stream of unary tokens, one per WUNARY0 position: u0 their first
     * bits, ends the tokens that end a quotient (n0 queued), u1 the second bits of the tokens
     * whose first bit is 1 (n1 queued); quotients are queued while fewer than 12 tokens wait. */
    uint64_t u0 = 0, ends = 0, u1 = 0;
    unsigned n0 = 0, n1 = 0;
    size_t wnext = 0;
    size_t wq_i = 0, wr_i = 0, zq_i = 0, zr_i = 0, prev_wq_i = 0, prev_zq_i = 0;
    size_t zleft = 0;      /* unary ones still to send for run zq_i */
    int zstarted = 0;
    int prev_w = 0, prev_z = 0;
    do {
        long balance = alt ? (long)wq_i - (long)zq_i : 0;
        int w_en = (balance <= ETHOSU_MLW_BALANCE_MAX || !alt) && wq_i < w_cnt;
        int z_en = alt && balance >= 0 && zq_i < z_cnt;
        uint32_t wu0 = 0, wu1 = 0;
        unsigned nw1 = 0;
        if (w_en && !uncomp) {
            for (; n0 < ETHOSU_MLW_WUNARY0_BITS && wnext < w_cnt; wnext++) {
                unsigned q = idx[wnext] >> k;
                if (trunc) { /* one token: "0", "10" or "11" */
                    u0 |= (uint64_t)(q > 0) << n0;
                    ends |= (uint64_t)1 << n0;
                    u1 |= (uint64_t)(q > 1) << n1;
                    n0++;
                    n1 += q > 0;
                } else { /* q / 2 tokens "11", then "10" (q odd) or "0" */
                    const struct qtokens *t = &qtok[q];
                    u0 |= (uint64_t)t->u0 << n0;
                    ends |= (uint64_t)t->ends << n0;
                    u1 |= (uint64_t)t->u1 << n1;
                    n0 += t->n0;
                    n1 += t->n1;
                }
            }
            unsigned take = n0 < ETHOSU_MLW_WUNARY0_BITS ? n0 : ETHOSU_MLW_WUNARY0_BITS; /* rest: filler 0 */
            uint64_t mask = ((uint64_t)1 << take) - 1u;
            wu0 = (uint32_t)(u0 & mask);
            nw1 = popcount64(wu0);
            wu1 = (uint32_t)(u1 & (((uint64_t)1 << nw1) - 1u));
            wq_i += popcount64(ends & mask);
            u0 >>= take;
            ends >>= take;
            n0 -= take;
            u1 >>= nw1;
            n1 -= nw1;
            put(b, wu0, ETHOSU_MLW_WUNARY0_BITS);
        }
        if (z_en) {
            uint32_t zu = 0;
            unsigned at = 0;
            while (at < zun && zq_i < z_cnt) {
                if (!zstarted) {
                    zleft = RUN(zq_i) >> z;
                    zstarted = 1;
                }
                unsigned room = zun - at;
                if (zleft >= room) { /* ones to the end of the field */
                    zu |= ((1u << room) - 1u) << at;
                    zleft -= room;
                    at = zun;
                } else { /* the rest of this run's ones, then its 0 */
                    zu |= ((1u << zleft) - 1u) << at;
                    at += (unsigned)zleft + 1u;
                    zq_i++;
                    zstarted = 0;
                }
            }
            put(b, zu, zun);
        }
        if (w_en && !uncomp)
            put(b, wu1, nw1);
        if (w_en && uncomp) {
            size_t t = w_cnt - wq_i;
            wq_i += t < per_chunk ? t : per_chunk;
        }
        /* remainders: a few fields per put */
        if (prev_w && wrb) {
            uint32_t acc = 0, mask = (1u << wrb) - 1u;
            unsigned nb = 0;
            for (; wr_i < prev_wq_i; wr_i++) {
                if (nb + wrb > 32) {
                    put(b, acc, nb);
                    acc = 0;
                    nb = 0;
                }
                acc |= (idx[wr_i] & mask) << nb;
                nb += wrb;
            }
            put(b, acc, nb);
        }
        wr_i = prev_w ? prev_wq_i : wr_i;
        if (prev_z && z) {
            uint32_t acc = 0, mask = (1u << z) - 1u;
            unsigned nb = 0;
            for (; zr_i < prev_zq_i; zr_i++) {
                if (nb + z > 32) {
                    put(b, acc, nb);
                    acc = 0;
                    nb = 0;
                }
                acc |= (uint32_t)(RUN(zr_i) & mask) << nb;
                nb += z;
            }
            put(b, acc, nb);
        }
        zr_i = prev_z ? prev_zq_i : zr_i;
        prev_w = w_en;
        prev_z = z_en;
        prev_wq_i = wq_i;
        prev_zq_i = zq_i;
    } while (prev_w || prev_z);
#undef RUN
}

/* Exact size of s with its slices (b == NULL), or write it. Its candidate must be set up. */
static int64_t put_section(struct bw *b, struct enc *e, const struct section *s, size_t lead)
{
    struct cursor c = coded_start(e, s);
    int64_t bits = 0;
    for (size_t i = 0; i < s->nsl; i++) {
        const struct slice *sl = &s->sl[i];
        coded_fill(e, s, &c, sl->count, e->cx, e->crun);
        if (b)
            put_slice(b, s, e->cx, e->crun, lead, sl->count, i == 0, sl->wp, sl->z);
        else
            bits += slice_bits(e, s, e->cx, e->crun, lead, sl->count, i == 0, sl->wp, sl->z);
    }
    return bits;
}

/* ---------------------------------------------------------------------------------------------
 * Per-section choice: candidates, penalties
 * ------------------------------------------------------------------------------------------- */

/* Slice DP with penalty pen over the candidate set up in t (m coded weights); the result
 * replaces *best if it is smaller. *single: the DP gave one slice. same_cand: best holds a result
 * of this same candidate (then equal slices mean equal bits). */
static void try_slices(struct enc *e, const struct section *t, size_t m, size_t lead, int64_t pen,
                       struct section *best, int *single, int same_cand)
{
    struct dp d;
    memset(&d, 0, sizeof d);
    d.e = e;
    d.s = t;
    d.m = m;
    d.lead = lead;
    d.pen = (int16_t)pen;
    d.nv = t->alt ? NV_MAX : 2;
    d.nblocks = (m + DP_BLOCK - 1) / DP_BLOCK;
    if (t->alt) {
        /* zero-run divisors considered: the DP_ZDIVS best ones over the whole section */
        int64_t tot[NZP];
        unsigned zval[NZP];
        range_runs(e, t->a, t->b, tot);
        for (unsigned z = 0; z < NZP; z++)
            zval[z] = z;
        for (unsigned i = 1; i < NZP; i++) /* sort the divisors by total */
            for (unsigned j = i; j > 0 && tot[zval[j]] < tot[zval[j - 1]]; j--) {
                unsigned x = zval[j];
                zval[j] = zval[j - 1];
                zval[j - 1] = x;
            }
        memcpy(d.zval, zval, sizeof d.zval);
    }
    if (dp_scratch(e, d.nblocks)) {
        e->oom = 1;
        return;
    }
    dp_forward(&d);
    size_t np = dp_backtrack(&d);
    if (!np) {
        e->oom = 1;
        return;
    }
    *single = np == 1;
    /* the slices, first first, cut at the length limit */
    size_t nsl = 0;
    for (size_t i = 0; i < np; i++)
        nsl += (e->path[i].count + ETHOSU_MLW_SLICE_MAX - 1) / ETHOSU_MLW_SLICE_MAX;
    struct slice *sl = malloc(nsl * sizeof *sl);
    if (!sl) {
        e->oom = 1;
        return;
    }
    size_t o = 0;
    for (size_t i = np; i-- > 0;) {
        const struct slice *p = &e->path[i];
        unsigned wp = p->wp % LANES, z = d.zval[p->wp / LANES];
        for (size_t f = 0; f < p->count; f += ETHOSU_MLW_SLICE_MAX) {
            size_t c = p->count - f;
            sl[o++] = (struct slice){ p->first + f, c < ETHOSU_MLW_SLICE_MAX ? c : ETHOSU_MLW_SLICE_MAX, (uint8_t)wp,
                                      (uint8_t)z };
        }
    }
    /* headers + index and run bits: all of the size but the filler of each slice's last chunks */
    int64_t lower = d.value - pen * (int64_t)(np - 1) + (int64_t)nsl * ETHOSU_MLW_HEADER_BITS +
                    ETHOSU_MLW_PALHDR_BITS + (int64_t)t->K * t->palbits;
    int same = same_cand && best->nsl == nsl;
    for (size_t i = 0; same && i < nsl; i++)
        same = sl[i].first == best->sl[i].first && sl[i].count == best->sl[i].count && sl[i].wp == best->sl[i].wp &&
               sl[i].z == best->sl[i].z;
    if (same || lower >= best->bits) {
        free(sl);
        return;
    }
    struct section r = *t;
    r.sl = sl;
    r.nsl = nsl;
    if (np == 1 && !d.clamped) /* the forward pass counted the filler of a single slice */
        r.bits = lower + d.wfill[e->path[0].wp % LANES] + (t->alt ? d.zfill[e->path[0].wp / LANES] : 0);
    else
        r.bits = put_section(NULL, e, &r, lead);
    if (r.bits < best->bits) {
        free(best->sl);
        *best = r;
    } else {
        free(sl);
    }
}

/* Penalties tried for a slice change: the first for every candidate, the others for the best. */
static const int64_t penalties[] = { 40, 28, 60 };
#define NCAND 3 /* (alternating, palette size) candidates given the exact treatment */

/* Set t's mode and palette for candidate c, and the index and DP lane costs of each weight value
 * that occurs. Returns the number of coded weights, 0 if the candidate does not fit. */
static size_t setup_cand(struct enc *e, struct section *t, const uint32_t *hist, const struct cand *c, size_t *lead)
{
    struct cv list[NCODES];
    t->sl = NULL;
    t->nsl = 0;
    t->alt = c->alt;
    size_t d = coded_values(hist, t->alt, list);
    if (palette_for(t, list, d, c->K))
        return 0;
    for (int v = ETHOSU_MLW_WEIGHT_MIN; v <= ETHOSU_MLW_WEIGHT_MAX; v++) {
        unsigned code = ethosu_mlw_weight_to_code(v);
        if (hist[code])
            e->xw[v + ETHOSU_MLW_WEIGHT_MAX] = t->idx_of_code[code ? code : 1u];
    }
    for (size_t i = 0; i < d; i++) { /* DP lanes, exact-size terms and tokens of each index used */
        unsigned x = t->idx_of_code[list[i].code];
        struct dprow *r = &e->rows[x];
        int16_t mn = SAT;
        for (unsigned wp = 0; wp < WP_UNC; wp++) {
            int64_t c = wcost(wp, x);
            unsigned tk = c >= BIG ? 0u : wtokens(wp, x);
            r->c[wp] = (int16_t)(c >= SAT ? SAT : c);
            mn = r->c[wp] < mn ? r->c[wp] : mn;
            e->wsum[wp][x] = c >= BIG ? 0 : (uint64_t)c | (uint64_t)tk << 32;
            e->tokrow[x][wp] = (int16_t)tk;
        }
        r->c[WP_UNC] = x < t->uncomp_limit ? (int16_t)t->uncomp_bits : SAT;
        mn = r->c[WP_UNC] < mn ? r->c[WP_UNC] : mn;
        for (unsigned l = NWP; l < LANES; l++)
            r->c[l] = SAT;
        for (unsigned l = WP_UNC; l < LANES; l++)
            e->tokrow[x][l] = 0;
        for (unsigned l = 0; l < 8; l++)
            r->rmin[l] = mn;
    }
    return coded_count(e, t, hist, lead);
}

/* Choose the best parameters of section s ([a, b) set) on exact sizes. Returns the size in bits
 * (BIG on out of memory). */
static int64_t optimize_section(struct enc *e, struct section *s)
{
    uint32_t hist[NCODES];
    struct cand cands[NCAND];
    range_hist(e, s->a, s->b, hist);
    size_t nc = estimate(e, s->a, s->b, hist, cands, NCAND), lead, m;
    struct section best = *s, t = *s;
    best.sl = NULL;
    best.bits = BIG;
    size_t bi = nc;
    int single = 0, bi_single = 0;
    for (size_t ci = 0; ci < nc && !e->oom; ci++) {
        if (!(m = setup_cand(e, &t, hist, &cands[ci], &lead)))
            continue;
        int64_t before = best.bits;
        try_slices(e, &t, m, lead, penalties[0], &best, &single, 0);
        if (best.bits < before) {
            bi = ci;
            bi_single = single;
        }
    }
    if (bi < nc && !e->oom && (m = setup_cand(e, &t, hist, &cands[bi], &lead)))
        for (size_t pi = 1; pi < sizeof penalties / sizeof penalties[0] && !e->oom; pi++)
            if (!(bi_single && penalties[pi] > penalties[0]))
                try_slices(e, &t, m, lead, penalties[pi], &best, &single, 1);
    free(s->sl);
    if (e->oom || best.bits == BIG) {
        free(best.sl);
        s->sl = NULL;
        s->nsl = 0;
        e->oom = 1;
        return BIG;
    }
    *s = best;
    return s->bits;
}

/* ---------------------------------------------------------------------------------------------
 * Sectioning
 * ------------------------------------------------------------------------------------------- */

static int build_index(struct enc *e)
{
    size_t n = e->n;
    e->G = 128;
    while (n / e->G > 1024)
        e->G *= 2;
    e->nblk = n / e->G;
    e->nwords = (n + 63) / 64;
    e->bhist = calloc((e->nblk + 1) * NCODES, sizeof *e->bhist);
    e->nzbits = calloc(e->nwords, sizeof *e->nzbits);
    e->next_word = malloc((e->nwords + 1) * sizeof *e->next_word);
    e->prev_word = malloc((e->nwords + 1) * sizeof *e->prev_word);
    e->zs = malloc((e->nwords + 1) * NZP * sizeof *e->zs);
    e->cx = malloc(ETHOSU_MLW_SLICE_MAX * sizeof *e->cx);
    e->crun = malloc(ETHOSU_MLW_SLICE_MAX * sizeof *e->crun);
    e->rel = malloc(DP_BLOCK * NV_MAX * 8 * sizeof *e->rel);
    e->zc = malloc(DP_BLOCK * DP_ZDIVS * sizeof *e->zc);
    if (!e->bhist || !e->nzbits || !e->next_word || !e->prev_word || !e->zs || !e->cx || !e->crun || !e->rel || !e->zc)
        return -1;
    for (size_t bk = 0; bk < e->nblk; bk++) {
        /* four partial histograms: repeated codes do not wait on each other's increment */
        uint32_t *h = e->bhist + (bk + 1) * NCODES, part[4][NCODES];
        memset(part, 0, sizeof part);
        const int16_t *w = e->w + bk * e->G;
        for (size_t i = 0; i < e->G; i += 4) {
            part[0][wcode(w[i])]++;
            part[1][wcode(w[i + 1])]++;
            part[2][wcode(w[i + 2])]++;
            part[3][wcode(w[i + 3])]++;
        }
        for (unsigned c = 0; c < NCODES; c++)
            h[c] = (h - NCODES)[c] + part[0][c] + part[1][c] + part[2][c] + part[3][c];
    }
    for (size_t k = 0; k < n / 64; k++)
        e->nzbits[k] = nonzero_bits64(e->w + 64 * k);
    for (size_t i = n / 64 * 64; i < n; i++)
        e->nzbits[i >> 6] |= (uint64_t)(e->w[i] != 0) << (i & 63u);
    e->next_word[e->nwords] = (uint32_t)e->nwords;
    for (size_t k = e->nwords; k-- > 0;)
        e->next_word[k] = e->nzbits[k] ? (uint32_t)k : e->next_word[k + 1];
    e->prev_word[0] = 0;
    for (size_t k = 0; k < e->nwords; k++)
        e->prev_word[k + 1] = e->nzbits[k] ? (uint32_t)(k + 1) : e->prev_word[k];
    /* zs: sums over the runs after the nonzero weights of (run >> z), and their count */
    uint64_t sh0 = 0, sh1 = 0, sh2 = 0, sh3 = 0, cnt = 0;
    size_t prev = n; /* last nonzero seen (n: none yet), its run not yet counted */
    for (size_t k = 0; k <= e->nwords; k++) {
        int64_t *z = e->zs + NZP * k;
        uint64_t pend = prev < n ? next_nz(e, k * 64) - prev - 1 : 0, c = cnt + (prev < n);
        z[0] = (int64_t)(sh0 + pend + c);
        z[1] = (int64_t)(sh1 + (pend >> 1) + 2 * c);
        z[2] = (int64_t)(sh2 + (pend >> 2) + 3 * c);
        z[3] = (int64_t)(sh3 + (pend >> 3) + 4 * c);
        if (k == e->nwords)
            break;
        uint64_t v = e->nzbits[k];
        if (v && prev == n) {
            prev = k * 64 + ctz64(v);
            v &= v - 1;
        }
        for (; v; v &= v - 1) {
            size_t p = k * 64 + ctz64(v), run = p - prev - 1;
            sh0 += run;
            sh1 += run >> 1;
            sh2 += run >> 2;
            sh3 += run >> 3;
            cnt++;
            prev = p;
        }
    }
    return 0;
}

/* Move cut j (between bnd[j-1] and bnd[j+1]) to the cheapest place nearby, steps G/2 .. 1; the
 * histograms of both sides are kept as the cut moves. */
static void refine_cut(struct enc *e, size_t *bnd, int64_t *c, size_t j)
{
    uint32_t hl[NCODES], hr[NCODES], tl[NCODES], tr[NCODES];
    range_hist(e, bnd[j - 1], bnd[j], hl);
    range_hist(e, bnd[j], bnd[j + 1], hr);
    int64_t cur = c[j - 1] + c[j];
    for (size_t step = e->G / 2; step >= 1; step /= 2) {
        int back = 0; /* the way back after a move: its sum is the one just beaten */
        for (int moved = 1; moved;) {
            moved = 0;
            for (int dir = -1; dir <= 1; dir += 2) {
                if (dir == back)
                    continue;
                size_t x = dir < 0 ? bnd[j] - step : bnd[j] + step;
                if (dir < 0 ? bnd[j] < bnd[j - 1] + step + 1 : bnd[j] + step + 1 > bnd[j + 1])
                    continue;
                memcpy(tl, hl, sizeof tl);
                memcpy(tr, hr, sizeof tr);
                if (dir < 0)
                    for (size_t i = x; i < bnd[j]; i++) {
                        unsigned cd = wcode(e->w[i]);
                        tl[cd]--;
                        tr[cd]++;
                    }
                else
                    for (size_t i = bnd[j]; i < x; i++) {
                        unsigned cd = wcode(e->w[i]);
                        tl[cd]++;
                        tr[cd]--;
                    }
                int64_t l = est_hist(e, bnd[j - 1], x, tl), r = est_hist(e, x, bnd[j + 1], tr);
                if (l + r < cur) {
                    cur = l + r;
                    c[j - 1] = l;
                    c[j] = r;
                    bnd[j] = x;
                    memcpy(hl, tl, sizeof hl);
                    memcpy(hr, tr, sizeof hr);
                    moved = 1;
                    back = -dir;
                    break;
                }
            }
        }
    }
}

/* Greedy merging of neighbouring blocks on estimates, then cut-point refinement. Returns the
 * number of sections; bnd[0..ns] are the cut points. */
static size_t make_sections(struct enc *e, size_t *bnd)
{
    size_t n = e->n, G = e->G, ns = (n + G - 1) / G;
    for (size_t i = 0; i < ns; i++)
        bnd[i] = i * G;
    bnd[ns] = n;
    if (ns > 1 && bnd[ns] - bnd[ns - 1] < G / 2) { /* a short tail joins the last block */
        ns--;
        bnd[ns] = n;
    }
    int64_t *c = malloc(ns * sizeof *c), *mc = malloc(ns * sizeof *mc);
    if (!c || !mc) {
        free(c);
        free(mc);
        e->oom = 1;
        return 0;
    }
    for (size_t i = 0; i < ns; i++)
        c[i] = est_range(e, bnd[i], bnd[i + 1]);
    for (size_t i = 0; i + 1 < ns; i++)
        mc[i] = est_range(e, bnd[i], bnd[i + 2]);
    while (ns > 1) {
        size_t bi = 0;
        int64_t bs = 0;
        for (size_t i = 0; i + 1 < ns; i++) {
            int64_t sv = c[i] + c[i + 1] - mc[i];
            if (sv > bs) {
                bs = sv;
                bi = i + 1;
            }
        }
        if (!bi)
            break;
        size_t i = bi - 1; /* merge sections i and i + 1 */
        c[i] = mc[i];
        memmove(c + i + 1, c + i + 2, (ns - i - 2) * sizeof *c);
        memmove(mc + i + 1, mc + i + 2, (ns - i - 2) * sizeof *mc);
        memmove(bnd + i + 1, bnd + i + 2, (ns - i - 1) * sizeof *bnd);
        ns--;
        if (i > 0)
            mc[i - 1] = est_range(e, bnd[i - 1], bnd[i + 1]);
        if (i + 1 < ns)
            mc[i] = est_range(e, bnd[i], bnd[i + 2]);
    }
    for (size_t j = 1; j < ns; j++)
        refine_cut(e, bnd, c, j);
    free(c);
    free(mc);
    return ns;
}

/* ---------------------------------------------------------------------------------------------
 * API
 * ------------------------------------------------------------------------------------------- */

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static void enc_free(struct enc *e)
{
    free(e->bhist);
    free(e->nzbits);
    free(e->next_word);
    free(e->prev_word);
    free(e->zs);
    free(e->cx);
    free(e->crun);
    free(e->ckpt);
    free(e->sticky);
    free(e->ckpos);
    free(e->rel);
    free(e->zc);
    free(e->path);
}

int ethosu_mlw_encode(const int16_t *weights, size_t n, uint8_t **out, size_t *len,
                      struct ethosu_mlw_encode_stats *st, char *err, size_t errlen)
{
    if (err && errlen)
        err[0] = '\0';
    *out = NULL;
    *len = 0;
    if (n == 0)
        return fail(err, errlen, "no weights");
    if (!weights)
        return fail(err, errlen, "no weight buffer");
    if (n > ETHOSU_MLW_ENCODE_MAX_WEIGHTS)
        return fail(err, errlen, "too many weights (%zu, at most %zu)", n, (size_t)ETHOSU_MLW_ENCODE_MAX_WEIGHTS);
    if (!weights_in_range(weights, n))
        for (size_t i = 0; i < n; i++)
            if (weights[i] < ETHOSU_MLW_WEIGHT_MIN || weights[i] > ETHOSU_MLW_WEIGHT_MAX)
                return fail(err, errlen, "weight %zu: value %d is out of range %d..%d", i, weights[i],
                            ETHOSU_MLW_WEIGHT_MIN, ETHOSU_MLW_WEIGHT_MAX);

    struct enc *e = malloc(sizeof *e);
    if (!e)
        return fail(err, errlen, "out of memory");
    memset(e, 0, offsetof(struct enc, wlen_t));
    e->w = weights;
    e->n = n;
    for (unsigned x = 0; x < NCODES; x++)
        for (unsigned wp = 0; wp < WP_UNC; wp++) {
            int64_t c = wcost(wp, x);
            e->wlen_t[x][wp] = c >= BIG ? DP_BIG : (int32_t)c;
        }
    struct section *sec = NULL;
    size_t *bnd = NULL, ns = 0;
    uint8_t *buf = NULL;
    int rc = -1;
    if (build_index(e))
        goto oom;
    bnd = malloc(((n + e->G - 1) / e->G + 1) * sizeof *bnd);
    if (!bnd)
        goto oom;
    ns = make_sections(e, bnd);
    if (e->oom)
        goto oom;
    sec = calloc(ns, sizeof *sec);
    if (!sec)
        goto oom;
    for (size_t i = 0; i < ns; i++) {
        sec[i].a = bnd[i];
        sec[i].b = bnd[i + 1];
        optimize_section(e, &sec[i]);
        if (e->oom)
            goto oom;
    }
    /* merge neighbouring sections where one palette is exactly cheaper */
    for (size_t i = 0; i + 1 < ns;) {
        struct section m;
        memset(&m, 0, sizeof m);
        m.a = sec[i].a;
        m.b = sec[i + 1].b;
        optimize_section(e, &m);
        if (e->oom)
            goto oom;
        if (m.bits < sec[i].bits + sec[i + 1].bits) {
            free(sec[i].sl);
            free(sec[i + 1].sl);
            sec[i] = m;
            memmove(sec + i + 1, sec + i + 2, (ns - i - 2) * sizeof *sec);
            ns--;
        } else {
            free(m.sl);
            i++;
        }
    }

    /* size, then write */
    size_t bits = 0, slices = 0;
    for (size_t i = 0; i < ns; i++) {
        bits += (size_t)sec[i].bits;
        slices += sec[i].nsl;
    }
    size_t total = (bits + ETHOSU_MLW_ZDIV_BITS + 127u) / 128u * ETHOSU_MLW_ALIGN_BYTES;
    buf = calloc(total, 1);
    if (!buf)
        goto oom;
    struct bw b = { buf, 0, 0, 0, 0 };
    for (size_t i = 0; i < ns; i++) {
        /* the section's index of each weight value (its palette is kept in sec[i]) */
        uint32_t hist[NCODES];
        range_hist(e, sec[i].a, sec[i].b, hist);
        size_t lead;
        for (int v = ETHOSU_MLW_WEIGHT_MIN; v <= ETHOSU_MLW_WEIGHT_MAX; v++) {
            unsigned code = ethosu_mlw_weight_to_code(v);
            if (hist[code])
                e->xw[v + ETHOSU_MLW_WEIGHT_MAX] = sec[i].idx_of_code[code ? code : 1u];
        }
        coded_count(e, &sec[i], hist, &lead);
        put_section(&b, e, &sec[i], lead);
    }
    if (b.pos != bits) {
        fail(err, errlen, "internal error: %zu bits written, %zu counted", b.pos, bits);
        goto done;
    }
    /* end marker and padding: every bit after the last slice is 1 */
    if (b.pos & 7u)
        put(&b, 0xFFu, 8u - (unsigned)(b.pos & 7u));
    put_flush(&b);
    memset(buf + b.pos / 8u, 0xFF, total - b.pos / 8u);
    *out = buf;
    *len = total;
    buf = NULL;
    if (st) {
        st->weights = n;
        st->slices = slices;
        st->sections = ns;
        st->bits = bits;
        st->bytes = total;
        st->bits_per_weight = 8.0 * (double)total / (double)n;
    }
    rc = 0;
    goto done;
oom:
    fail(err, errlen, "out of memory");
done:
    if (sec)
        for (size_t i = 0; i < ns; i++)
            free(sec[i].sl);
    free(sec);
    free(bnd);
    free(buf);
    enc_free(e);
    free(e);
    return rc;
}

int ethosu_mlw_parse_weights(const char *text, size_t len, const char *name, int16_t **weights, size_t *n,
                             char *err, size_t errlen)
{
    if (err && errlen)
        err[0] = '\0';
    *weights = NULL;
    *n = 0;
    if (!name)
        name = "<input>";
    size_t cap = 1024, cnt = 0, line = 0;
    int16_t *w = malloc(cap * sizeof *w);
    if (!w)
        return fail(err, errlen, "%s: out of memory", name);
    size_t p = 0;
    while (p < len) {
        line++;
        size_t e = p;
        while (e < len && text[e] != '\n')
            e++;
        size_t q = p, end = e;
        if (end > q && text[end - 1] == '\r')
            end--;
        while (q < end && (text[q] == ' ' || text[q] == '\t'))
            q++;
        while (end > q && (text[end - 1] == ' ' || text[end - 1] == '\t'))
            end--;
        if (q == end) {
            free(w);
            return fail(err, errlen, "%s:%zu: empty line (one weight per line expected)", name, line);
        }
        size_t s0 = q;
        int neg = 0;
        if (text[q] == '-' || text[q] == '+')
            neg = text[q++] == '-';
        long v = 0;
        size_t digits = 0;
        while (q < end && text[q] >= '0' && text[q] <= '9') {
            if (v < 100000)
                v = v * 10 + (text[q] - '0');
            q++;
            digits++;
        }
        if (!digits || q != end) {
            int shown = (int)(end - s0 > 40 ? 40 : end - s0);
            free(w);
            return fail(err, errlen, "%s:%zu: not a signed decimal weight: '%.*s'", name, line, shown, text + s0);
        }
        if (neg)
            v = -v;
        if (v < ETHOSU_MLW_WEIGHT_MIN || v > ETHOSU_MLW_WEIGHT_MAX) {
            int shown = (int)(end - s0 > 40 ? 40 : end - s0);
            free(w);
            return fail(err, errlen, "%s:%zu: weight %.*s is out of range %d..%d", name, line, shown, text + s0,
                        ETHOSU_MLW_WEIGHT_MIN, ETHOSU_MLW_WEIGHT_MAX);
        }
        if (cnt == cap) {
            int16_t *nw = cap > SIZE_MAX / 4 / sizeof *w ? NULL : realloc(w, 2 * cap * sizeof *w);
            if (!nw) {
                free(w);
                return fail(err, errlen, "%s: out of memory", name);
            }
            w = nw;
            cap *= 2;
        }
        w[cnt++] = (int16_t)v;
        p = e + 1;
    }
    if (!cnt) {
        free(w);
        return fail(err, errlen, "%s: no weights", name);
    }
    *weights = w;
    *n = cnt;
    return 0;
}
