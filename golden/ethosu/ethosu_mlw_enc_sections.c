/* ethosu_mlw_enc_sections: slice planning: the weights cut into sections (NEWPAL points), cut points refined (a stage of the
 * weight stream encoder, ethosu_mlw_encode.c). */
#include <stdlib.h>
#include <string.h>
#include "ethosu_mlw_enc.h"

/* ---------------------------------------------------------------------------------------------
 * Sectioning
 * ------------------------------------------------------------------------------------------- */

int mlw_build_index(struct enc *e)
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
        e->nzbits[k] = mlw_nonzero_bits64(e->w + 64 * k);
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
    mlw_range_hist(e, bnd[j - 1], bnd[j], hl);
    mlw_range_hist(e, bnd[j], bnd[j + 1], hr);
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
                int64_t l = mlw_est_hist(e, bnd[j - 1], x, tl), r = mlw_est_hist(e, x, bnd[j + 1], tr);
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
size_t mlw_make_sections(struct enc *e, size_t *bnd)
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
        c[i] = mlw_est_range(e, bnd[i], bnd[i + 1]);
    for (size_t i = 0; i + 1 < ns; i++)
        mc[i] = mlw_est_range(e, bnd[i], bnd[i + 2]);
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
            mc[i - 1] = mlw_est_range(e, bnd[i - 1], bnd[i + 1]);
        if (i + 1 < ns)
            mc[i] = mlw_est_range(e, bnd[i], bnd[i + 2]);
    }
    for (size_t j = 1; j < ns; j++)
        refine_cut(e, bnd, c, j);
    free(c);
    free(mc);
    return ns;
}
