/* ethosu_mlw_enc_estimate: the estimated size of a range for every (alternating, palette size) choice (a stage of the
 * weight stream encoder, ethosu_mlw_encode.c). */
#include <stdlib.h>
#include <string.h>
#include "ethosu_mlw_enc.h"

/* ---------------------------------------------------------------------------------------------
 * Estimates
 * ------------------------------------------------------------------------------------------- */

/* The coded values of a range as the estimates need them: every one by code (asc), and
 * where each stands in the order of mlw_coded_values (rank; the 32 most frequent are top). */
struct evals {
    size_t d, k, kk;
    struct cv asc[NCODES + 1]; /* (one spare: evals_of writes the nonzero codes from asc[1]) */
    /* the first kk = min(d, 33) as mlw_coded_values orders them: k = min(d, 32) can be palette
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
    /* the kk largest of the keys count << 16 | code (mlw_cv_before's order): select, then sort */
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

/* What mlw_palette_for would set for palette size K, without the index of every code. */
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


/* Estimate [a, b) for every (alternating, palette size) choice; hist is the range histogram.
 * Writes up to maxc candidates sorted by mlw_estimate (best first), returns how many. */
size_t mlw_estimate(const struct enc *e, size_t a, size_t b, const uint32_t *hist, struct cand *out,
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
            mlw_range_runs(e, a, b, rc);
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
    /* sort by mlw_estimate (insertion: few entries) */
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

int64_t mlw_est_hist(const struct enc *e, size_t a, size_t b, const uint32_t *hist)
{
    struct cand c;
    return mlw_estimate(e, a, b, hist, &c, 1) ? c.est : BIG;
}

int64_t mlw_est_range(const struct enc *e, size_t a, size_t b)
{
    uint32_t hist[NCODES];
    mlw_range_hist(e, a, b, hist);
    return mlw_est_hist(e, a, b, hist);
}
