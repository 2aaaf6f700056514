/* ethosu_mlw_enc_search: the per-section parameter search: candidate palettes, DP penalties, the smallest (a stage of the
 * weight stream encoder, ethosu_mlw_encode.c). */
#include <stdlib.h>
#include <string.h>
#include "ethosu_mlw_enc.h"

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
        mlw_range_runs(e, t->a, t->b, tot);
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
    if (mlw_dp_scratch(e, d.nblocks)) {
        e->oom = 1;
        return;
    }
    mlw_dp_forward(&d);
    size_t np = mlw_dp_backtrack(&d);
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
        r.bits = mlw_put_section(NULL, e, &r, lead);
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
    size_t d = mlw_coded_values(hist, t->alt, list);
    if (mlw_palette_for(t, list, d, c->K))
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
    return mlw_coded_count(e, t, hist, lead);
}

/* Choose the best parameters of section s ([a, b) set) on exact sizes. Returns the size in bits
 * (BIG on out of memory). */
int64_t mlw_optimize_section(struct enc *e, struct section *s)
{
    uint32_t hist[NCODES];
    struct cand cands[NCAND];
    mlw_range_hist(e, s->a, s->b, hist);
    size_t nc = mlw_estimate(e, s->a, s->b, hist, cands, NCAND), lead, m;
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
