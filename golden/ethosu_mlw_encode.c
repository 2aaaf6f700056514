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
 */
#include "ethosu_mlw_encode.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NWP       13 /* weight codings */
#define WP_UNC    12
#define NZP       4  /* zero-run divisors 0..3 */
#define NSTATE    (NWP * NZP)
#define DP_ZDIVS  2  /* zero-run divisors the slice DP considers per section */
#define NCODES    512
#define BIG       ((int64_t)1 << 40) /* "impossible" cost */
#define DP_BIG    ((int32_t)1 << 20) /* the same in the slice DP (32-bit costs) */

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

/* Bits of one zero run under ZDIV z. */
static inline int64_t zcost(unsigned z, size_t run)
{
    return (int64_t)(run >> z) + 1 + (int64_t)z;
}

static unsigned wp_wdiv(unsigned wp)
{
    return wp < 6 ? wp : wp < WP_UNC ? wp - 6u : (unsigned)ETHOSU_MLW_WDIV_UNCOMP;
}

/* ---------------------------------------------------------------------------------------------
 * Bit writer (LSB first). With buf == NULL it only counts.
 * ------------------------------------------------------------------------------------------- */

struct bw {
    uint8_t *buf;
    size_t pos;
};

static void put(struct bw *b, uint64_t v, unsigned n)
{
    if (!b->buf) {
        b->pos += n;
        return;
    }
    while (n) {
        unsigned off = (unsigned)(b->pos & 7u), take = 8u - off;
        if (take > n)
            take = n;
        b->buf[b->pos >> 3] |= (uint8_t)((v & ((1u << take) - 1u)) << off);
        v >>= take;
        n -= take;
        b->pos += take;
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
 * those can become palette entries, the order of the rest does not matter. */
static void top_sort(struct cv *list, size_t d)
{
    size_t k = d < ETHOSU_MLW_PAL_MAX ? d : ETHOSU_MLW_PAL_MAX;
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

struct enc {
    const int16_t *w;
    size_t n;
    /* estimates: per-block prefix histograms and per-weight zero-run prefix costs */
    size_t G, nblk;
    uint32_t *bhist;   /* (nblk + 1) x NCODES, code of zero = 0 */
    int64_t *zs[NZP];  /* zs[z][i]: run-after cost of the nonzero weights before i */
    size_t *next_nz;   /* first nonzero at or after i (n if none), n + 1 entries */
    size_t *last_nz;   /* last nonzero before i + 1 (0 if none), n + 1 entries */
    /* scratch for the exact passes */
    uint16_t *cidx;    /* indices of a section's coded weights */
    size_t *crun;      /* zero run after each coded weight */
    uint64_t *swm;     /* DP: which states started a new slice, per coded weight */
    uint8_t *amin;     /* DP: best state per coded weight */
    int32_t wlen[WP_UNC][NCODES]; /* bits of each index under the Golomb-Rice codings (DP_BIG: impossible) */
    int32_t wlen_t[NCODES][WP_UNC]; /* the same, transposed */
    int oom;
};

static unsigned wcode(int16_t w)
{
    return ethosu_mlw_weight_to_code(w);
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
    size_t f = e->next_nz[a];
    if (f >= b) { /* all zeros: a coded zero, runs 0 and b - a - 1 */
        for (unsigned z = 0; z < NZP; z++)
            rc[z] = zcost(z, 0) + zcost(z, b - a - 1);
        return;
    }
    size_t l = e->last_nz[b] - 1;
    for (unsigned z = 0; z < NZP; z++)
        rc[z] = zcost(z, f - a) + e->zs[z][l] - e->zs[z][f] + zcost(z, b - l - 1);
}

/* Estimated bits of the weight indices of a palette choice, one coding for the whole range. */
static int64_t est_indices(const struct enc *e, const struct section *s, const struct cv *list, size_t d)
{
    int64_t t[WP_UNC], total = 0;
    int unc_ok = 1;
    for (unsigned wp = 0; wp < WP_UNC; wp++)
        t[wp] = 0;
    for (size_t i = 0; i < d; i++) {
        unsigned x = s->idx_of_code[list[i].code];
        int64_t cnt = list[i].cnt;
        const int32_t *r = e->wlen_t[x];
        for (unsigned wp = 0; wp < WP_UNC; wp++)
            t[wp] += cnt * r[wp];
        total += cnt;
        unc_ok &= x < s->uncomp_limit;
    }
    int64_t best = unc_ok ? total * (int64_t)s->uncomp_bits : BIG;
    for (unsigned wp = 0; wp < WP_UNC; wp++)
        if (t[wp] < best)
            best = t[wp];
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
    struct cv list[NCODES];
    struct section s;
    struct cand all[2 * (sizeof ksizes / sizeof ksizes[0] + 1)];
    size_t na = 0;
    for (int alt = 0; alt < 2; alt++) {
        if (alt && !hist[0])
            break;
        size_t d = coded_values(hist, alt, list);
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
            if (palette_for(&s, list, d, K))
                continue;
            int64_t t = ETHOSU_MLW_HEADER_BITS + ETHOSU_MLW_PALHDR_BITS + (int64_t)K * s.palbits + pad[alt] + runs +
                        est_indices(e, &s, list, d);
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

static int64_t est_range(const struct enc *e, size_t a, size_t b)
{
    uint32_t hist[NCODES];
    struct cand c;
    range_hist(e, a, b, hist);
    return estimate(e, a, b, hist, &c, 1) ? c.est : BIG;
}

/* ---------------------------------------------------------------------------------------------
 * Exact pass: coded list, slice DP, chunk writer
 * ------------------------------------------------------------------------------------------- */

/* Fill e->cidx / e->crun for section s; returns the number of coded weights, *lead = the
 * leading run (alternating mode). */
static size_t coded_list(struct enc *e, const struct section *s, size_t *lead)
{
    size_t m = 0;
    *lead = 0;
    if (!s->alt) {
        for (size_t i = s->a; i < s->b; i++) {
            unsigned c = wcode(e->w[i]);
            e->cidx[m] = s->idx_of_code[c ? c : 1u];
            e->crun[m++] = 0;
        }
        return m;
    }
    size_t f = e->next_nz[s->a];
    if (f >= s->b) { /* all zeros */
        e->cidx[0] = s->idx_of_code[1];
        e->crun[0] = s->b - s->a - 1;
        return 1;
    }
    *lead = f - s->a;
    for (size_t i = f; i < s->b; i = e->next_nz[i + 1]) {
        size_t nx = e->next_nz[i + 1];
        e->cidx[m] = s->idx_of_code[wcode(e->w[i])];
        e->crun[m++] = (nx < s->b ? nx : s->b) - i - 1;
        if (nx >= s->b)
            break;
    }
    return m;
}

/* Write (or count, b->buf == NULL) one slice: header and chunks. */
static void put_slice(struct bw *b, const struct section *s, const uint16_t *idx, const size_t *runs,
                      size_t lead, size_t count, int newpal, unsigned wp, unsigned z)
{
    const int alt = s->alt, uncomp = wp == WP_UNC, trunc = wp >= 6 && wp < WP_UNC;
    const unsigned wdiv = wp_wdiv(wp), k = uncomp ? 0u : trunc ? wp - 6u : wp;
    const unsigned wrb = uncomp ? s->uncomp_bits : k;
    const unsigned per_chunk = ETHOSU_MLW_UNCOMP_PER_CHUNK(wrb);
    const unsigned zun = ETHOSU_MLW_ZUNARY_BITS(z);
    const size_t w_cnt = count, z_cnt = alt ? count + (newpal ? 1u : 0u) : 0u;

    put(b, alt ? z : ETHOSU_MLW_ZDIV_NONE, ETHOSU_MLW_ZDIV_BITS);
    put(b, count - 1u, ETHOSU_MLW_SLICELEN_BITS);
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

    size_t wq_i = 0, wr_i = 0, zq_i = 0, zr_i = 0, prev_wq_i = 0, prev_zq_i = 0;
    size_t wt = 0;         /* weight whose quotient is being sent */
    unsigned wleft = 0;    /* quotient still to send for weight wt (non-truncated) */
    int wstarted = 0;
    size_t zleft = 0;      /* unary ones still to send for run zq_i */
    int zstarted = 0;
    int prev_w = 0, prev_z = 0;
    do {
        long balance = alt ? (long)wq_i - (long)zq_i : 0;
        int w_en = (balance <= ETHOSU_MLW_BALANCE_MAX || !alt) && wq_i < w_cnt;
        int z_en = alt && balance >= 0 && zq_i < z_cnt;
        uint32_t u0 = 0, u1 = 0;
        unsigned n1 = 0;
        if (w_en && !uncomp) {
            for (unsigned i = 0; i < ETHOSU_MLW_WUNARY0_BITS && wt < w_cnt; i++) {
                if (!wstarted) {
                    wleft = idx[wt] >> k;
                    wstarted = 1;
                }
                unsigned first, second = 0, ends;
                if (trunc) {
                    first = wleft > 0;
                    second = wleft > 1;
                    ends = 1;
                } else if (wleft >= 2) {
                    first = second = 1;
                    wleft -= 2;
                    ends = 0;
                } else {
                    first = wleft;
                    ends = 1;
                }
                u0 |= first << i;
                if (first)
                    u1 |= second << n1++;
                if (ends) {
                    wt++;
                    wstarted = 0;
                }
            }
            wq_i = wt;
            put(b, u0, ETHOSU_MLW_WUNARY0_BITS);
        }
        if (z_en) {
            uint32_t zu = 0;
            for (unsigned i = 0; i < zun && zq_i < z_cnt; i++) {
                if (!zstarted) {
                    zleft = RUN(zq_i) >> z;
                    zstarted = 1;
                }
                if (zleft) {
                    zu |= 1u << i;
                    zleft--;
                } else {
                    zq_i++;
                    zstarted = 0;
                }
            }
            put(b, zu, zun);
        }
        if (w_en && !uncomp)
            put(b, u1, n1);
        if (w_en && uncomp) {
            size_t t = w_cnt - wq_i;
            wq_i += t < per_chunk ? t : per_chunk;
        }
        if (prev_w)
            for (; wr_i < prev_wq_i; wr_i++)
                put(b, uncomp ? idx[wr_i] : idx[wr_i] & ((1u << k) - 1u), wrb);
        if (prev_z)
            for (; zr_i < prev_zq_i; zr_i++)
                put(b, RUN(zr_i) & ((1u << z) - 1u), z);
        prev_w = w_en;
        prev_z = z_en;
        prev_wq_i = wq_i;
        prev_zq_i = zq_i;
    } while (prev_w || prev_z);
#undef RUN
}

/* Write (or count) a whole section from its slice list. */
static void put_section(struct bw *b, const struct enc *e, const struct section *s, size_t lead)
{
    for (size_t i = 0; i < s->nsl; i++) {
        const struct slice *sl = &s->sl[i];
        put_slice(b, s, e->cidx + sl->first, e->crun + sl->first, lead, sl->count, i == 0, sl->wp, sl->z);
    }
}

/* Slice DP over the m coded weights in e->cidx/e->crun: per weight a (wparam, zdiv) state, a
 * change costs pen bits. Writes the slices into *out (malloc'd) and returns their count. */
static size_t slice_dp(struct enc *e, const struct section *s, size_t m, size_t lead, int64_t pen,
                       struct slice **out)
{
    const uint16_t *idx = e->cidx;
    const size_t *run = e->crun;
    /* zero-run divisors considered: the DP_ZDIVS best ones over the whole section */
    unsigned nz = 1, zval[NZP] = { 0 };
    if (s->alt) {
        int64_t tot[NZP];
        for (unsigned z = 0; z < NZP; z++) {
            tot[z] = zcost(z, lead);
            zval[z] = z;
        }
        for (size_t i = 0; i < m; i++)
            for (unsigned z = 0; z < NZP; z++)
                tot[z] += zcost(z, run[i]);
        for (unsigned i = 1; i < NZP; i++) /* sort the divisors by total */
            for (unsigned j = i; j > 0 && tot[zval[j]] < tot[zval[j - 1]]; j--) {
                unsigned t = zval[j];
                zval[j] = zval[j - 1];
                zval[j - 1] = t;
            }
        nz = DP_ZDIVS;
    }
    const unsigned ns = NWP * nz; /* state = zi * NWP + wparam */
    const int32_t pn = (int32_t)pen;
    int32_t cur[NSTATE], wc[NWP], zc[NZP];
    int32_t unc[NCODES];
    for (unsigned c = 0; c < NCODES; c++)
        unc[c] = c < s->uncomp_limit ? (int32_t)s->uncomp_bits : DP_BIG;

    /* Costs are kept relative to the best state of the previous weight, so they stay below
     * 2^22 and fit a 32-bit key (cost << 6 | state) whose minimum gives the best state. */
    unsigned am = 0;
    for (size_t i = 0; i < m; i++) {
        const unsigned x = idx[i];
        for (unsigned wp = 0; wp < WP_UNC; wp++)
            wc[wp] = e->wlen[wp][x];
        wc[WP_UNC] = unc[x];
        for (unsigned zi = 0; zi < nz; zi++) {
            unsigned z = zval[zi];
            int64_t t = s->alt ? zcost(z, run[i]) + (i == 0 ? zcost(z, lead) : 0) : 0;
            zc[zi] = t > DP_BIG ? DP_BIG : (int32_t)t;
        }
        int32_t k0 = INT32_MAX, k1 = INT32_MAX;
        if (i == 0) {
            for (unsigned st = 0; st < ns; st++) {
                int32_t v = wc[st % NWP] + zc[st / NWP];
                cur[st] = v;
                int32_t key = v << 6 | (int32_t)st;
                k0 = key < k0 ? key : k0;
            }
            e->swm[0] = 0;
        } else {
            const int32_t mn = cur[am];
            e->amin[i - 1] = (uint8_t)am;
            uint64_t mask = 0;
            for (unsigned zi = 0, st = 0; zi < nz; zi++) {
                for (unsigned wp = 0; wp < NWP; wp++, st++) {
                    int32_t c = cur[st] - mn;
                    int sw = c > pn;
                    c = sw ? pn : c;
                    mask |= (uint64_t)sw << st;
                    c += wc[wp] + zc[zi];
                    cur[st] = c;
                    int32_t key = c << 6 | (int32_t)st;
                    if (st & 1)
                        k1 = key < k1 ? key : k1;
                    else
                        k0 = key < k0 ? key : k0;
                }
            }
            e->swm[i] = mask;
        }
        am = (unsigned)((k0 < k1 ? k0 : k1) & 63);
    }
    unsigned st = am;
    /* backtrack: count slices, then fill */
    size_t nsl = 0;
    {
        unsigned t = st;
        for (size_t i = m; i-- > 0;) {
            if (i == 0 || (e->swm[i] >> t & 1u)) {
                nsl++;
                if (i)
                    t = e->amin[i - 1];
            }
        }
    }
    struct slice *sl = malloc(nsl * sizeof *sl);
    if (!sl) {
        e->oom = 1;
        return 0;
    }
    size_t k = nsl, end = m;
    for (size_t i = m; i-- > 0;) {
        if (i == 0 || (e->swm[i] >> st & 1u)) {
            sl[--k] = (struct slice){ i, end - i, (uint8_t)(st % NWP), (uint8_t)zval[st / NWP] };
            end = i;
            if (i)
                st = e->amin[i - 1];
        }
    }
    /* split slices over the length limit */
    size_t extra = 0;
    for (size_t i = 0; i < nsl; i++)
        extra += (sl[i].count - 1) / ETHOSU_MLW_SLICE_MAX;
    if (extra) {
        struct slice *s2 = malloc((nsl + extra) * sizeof *s2);
        if (!s2) {
            free(sl);
            e->oom = 1;
            return 0;
        }
        size_t o = 0;
        for (size_t i = 0; i < nsl; i++)
            for (size_t f = 0; f < sl[i].count; f += ETHOSU_MLW_SLICE_MAX) {
                size_t c = sl[i].count - f;
                s2[o++] = (struct slice){ sl[i].first + f, c < ETHOSU_MLW_SLICE_MAX ? c : ETHOSU_MLW_SLICE_MAX,
                                          sl[i].wp, sl[i].z };
            }
        free(sl);
        sl = s2;
        nsl = o;
    }
    *out = sl;
    return nsl;
}

/* Penalties tried for a slice change: the first for every candidate, the others for the best. */
static const int64_t penalties[] = { 40, 28, 60 };
#define NCAND 3 /* (alternating, palette size) candidates given the exact treatment */

/* Slice DP with penalty pen over the coded list of t (in e->cidx/e->crun); the result replaces
 * *best if it is smaller. */
static void try_slices(struct enc *e, const struct section *t, size_t m, size_t lead, int64_t pen,
                       struct section *best)
{
    struct section r = *t;
    r.nsl = slice_dp(e, &r, m, lead, pen, &r.sl);
    if (e->oom)
        return;
    struct bw cnt = { NULL, 0 };
    put_section(&cnt, e, &r, lead);
    r.bits = (int64_t)cnt.pos;
    if (r.bits < best->bits) {
        free(best->sl);
        *best = r;
    } else {
        free(r.sl);
    }
}

/* Set t's mode and palette for candidate c and build its coded list. Returns the number of
 * coded weights, 0 if the candidate does not fit. */
static size_t setup_cand(struct enc *e, struct section *t, const uint32_t *hist, const struct cand *c, size_t *lead)
{
    struct cv list[NCODES];
    t->sl = NULL;
    t->nsl = 0;
    t->alt = c->alt;
    size_t d = coded_values(hist, t->alt, list);
    if (palette_for(t, list, d, c->K))
        return 0;
    return coded_list(e, t, lead);
}

/* Choose the best parameters of section s ([a, b) set) on exact sizes. Returns the size in bits
 * (BIG on out of memory). */
static int64_t optimize_section(struct enc *e, struct section *s)
{
    uint32_t hist[NCODES];
    struct cand cands[NCAND];
    memset(hist, 0, sizeof hist);
    scan_hist(e, s->a, s->b, hist);
    size_t nc = estimate(e, s->a, s->b, hist, cands, NCAND), lead, m;
    struct section best = *s, t = *s;
    best.sl = NULL;
    best.bits = BIG;
    size_t bi = nc;
    for (size_t ci = 0; ci < nc && !e->oom; ci++) {
        if (!(m = setup_cand(e, &t, hist, &cands[ci], &lead)))
            continue;
        int64_t before = best.bits;
        try_slices(e, &t, m, lead, penalties[0], &best);
        if (best.bits < before)
            bi = ci;
    }
    if (bi < nc && !e->oom && (m = setup_cand(e, &t, hist, &cands[bi], &lead)))
        for (size_t pi = 1; pi < sizeof penalties / sizeof penalties[0] && !e->oom; pi++)
            try_slices(e, &t, m, lead, penalties[pi], &best);
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

static int build_prefix(struct enc *e)
{
    size_t n = e->n;
    e->G = 128;
    while (n / e->G > 1024)
        e->G *= 2;
    e->nblk = n / e->G;
    e->bhist = calloc((e->nblk + 1) * NCODES, sizeof *e->bhist);
    e->next_nz = malloc((n + 1) * sizeof *e->next_nz);
    e->last_nz = malloc((n + 1) * sizeof *e->last_nz);
    for (unsigned z = 0; z < NZP; z++)
        e->zs[z] = malloc((n + 1) * sizeof *e->zs[z]);
    e->cidx = malloc(n * sizeof *e->cidx);
    e->crun = malloc(n * sizeof *e->crun);
    e->swm = malloc(n * sizeof *e->swm);
    e->amin = malloc(n * sizeof *e->amin);
    if (!e->bhist || !e->next_nz || !e->last_nz || !e->zs[0] || !e->zs[1] || !e->zs[2] || !e->zs[3] || !e->cidx ||
        !e->crun || !e->swm || !e->amin)
        return -1;
    for (size_t bk = 0; bk < e->nblk; bk++) {
        uint32_t *h = e->bhist + (bk + 1) * NCODES;
        memcpy(h, h - NCODES, NCODES * sizeof *h);
        for (size_t i = bk * e->G; i < (bk + 1) * e->G; i++)
            h[wcode(e->w[i])]++;
    }
    e->next_nz[n] = n;
    for (size_t i = n; i-- > 0;)
        e->next_nz[i] = e->w[i] ? i : e->next_nz[i + 1];
    e->last_nz[0] = 0;
    for (size_t i = 0; i < n; i++)
        e->last_nz[i + 1] = e->w[i] ? i + 1 : e->last_nz[i];
    for (unsigned z = 0; z < NZP; z++) {
        e->zs[z][0] = 0;
        for (size_t i = 0; i < n; i++)
            e->zs[z][i + 1] = e->zs[z][i] + (e->w[i] ? zcost(z, e->next_nz[i + 1] - i - 1) : 0);
    }
    return 0;
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
    /* move each cut point to the cheapest place nearby */
    for (size_t j = 1; j < ns; j++) {
        int64_t cur = c[j - 1] + c[j];
        for (size_t step = G / 2; step >= 1; step /= 2) {
            for (int moved = 1; moved;) {
                moved = 0;
                for (int dir = -1; dir <= 1; dir += 2) {
                    size_t x = dir < 0 ? bnd[j] - step : bnd[j] + step;
                    if (dir < 0 ? bnd[j] < bnd[j - 1] + step + 1 : bnd[j] + step + 1 > bnd[j + 1])
                        continue;
                    int64_t l = est_range(e, bnd[j - 1], x), r = est_range(e, x, bnd[j + 1]);
                    if (l + r < cur) {
                        cur = l + r;
                        c[j - 1] = l;
                        c[j] = r;
                        bnd[j] = x;
                        moved = 1;
                        break;
                    }
                }
            }
        }
    }
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
    free(e->next_nz);
    free(e->last_nz);
    for (unsigned z = 0; z < NZP; z++)
        free(e->zs[z]);
    free(e->cidx);
    free(e->crun);
    free(e->swm);
    free(e->amin);
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
    for (size_t i = 0; i < n; i++)
        if (weights[i] < ETHOSU_MLW_WEIGHT_MIN || weights[i] > ETHOSU_MLW_WEIGHT_MAX)
            return fail(err, errlen, "weight %zu: value %d is out of range %d..%d", i, weights[i],
                        ETHOSU_MLW_WEIGHT_MIN, ETHOSU_MLW_WEIGHT_MAX);

    struct enc e;
    memset(&e, 0, sizeof e);
    e.w = weights;
    e.n = n;
    for (unsigned wp = 0; wp < WP_UNC; wp++)
        for (unsigned x = 0; x < NCODES; x++) {
            int64_t c = wcost(wp, x);
            e.wlen[wp][x] = e.wlen_t[x][wp] = c >= BIG ? DP_BIG : (int32_t)c;
        }
    struct section *sec = NULL;
    size_t *bnd = NULL, ns = 0;
    uint8_t *buf = NULL;
    int rc = -1;
    if (build_prefix(&e))
        goto oom;
    bnd = malloc(((n + e.G - 1) / e.G + 1) * sizeof *bnd);
    if (!bnd)
        goto oom;
    ns = make_sections(&e, bnd);
    if (e.oom)
        goto oom;
    sec = calloc(ns, sizeof *sec);
    if (!sec)
        goto oom;
    for (size_t i = 0; i < ns; i++) {
        sec[i].a = bnd[i];
        sec[i].b = bnd[i + 1];
        optimize_section(&e, &sec[i]);
        if (e.oom)
            goto oom;
    }
    /* merge neighbouring sections where one palette is exactly cheaper */
    for (size_t i = 0; i + 1 < ns;) {
        struct section m;
        memset(&m, 0, sizeof m);
        m.a = sec[i].a;
        m.b = sec[i + 1].b;
        optimize_section(&e, &m);
        if (e.oom)
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
    struct bw b = { buf, 0 };
    for (size_t i = 0; i < ns; i++) {
        size_t lead;
        coded_list(&e, &sec[i], &lead);
        put_section(&b, &e, &sec[i], lead);
    }
    if (b.pos != bits) {
        fail(err, errlen, "internal error: %zu bits written, %zu counted", b.pos, bits);
        goto done;
    }
    /* end marker and padding: every bit after the last slice is 1 */
    if (b.pos & 7u)
        put(&b, 0xFFu, 8u - (unsigned)(b.pos & 7u));
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
    enc_free(&e);
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
