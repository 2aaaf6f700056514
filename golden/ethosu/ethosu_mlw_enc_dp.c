/* ethosu_mlw_enc_dp: the slice DP: the cheapest cut of a section into slices and their Golomb-Rice
 * parameters (WDIV/WTRUNC, ZDIV), in 16-bit lanes (SSE2 or plain C) (a stage of the
 * weight stream encoder, ethosu_mlw_encode.c). */
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__) && !defined(ETHOSU_MLW_PORTABLE)
#include <emmintrin.h>
#define MLW_SSE2 1
#endif
#include "ethosu_mlw_enc.h"

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
uint64_t mlw_nonzero_bits64(const int16_t *w)
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
int mlw_weights_in_range(const int16_t *w, size_t n)
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
        mlw_coded_fill(e, d->s, c, cnt, e->cx, e->crun);
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

int mlw_dp_scratch(struct enc *e, size_t nblocks)
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
    struct cursor c = mlw_coded_start(e, d->s);
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

void mlw_dp_forward(struct dp *d)
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
size_t mlw_dp_backtrack(struct dp *d)
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
