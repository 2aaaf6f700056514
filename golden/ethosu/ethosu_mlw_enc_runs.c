/* ethosu_mlw_enc_runs: the nonzero weights and the zero runs between them: histograms and run costs of a range (a stage of the
 * weight stream encoder, ethosu_mlw_encode.c). */
#include <stdlib.h>
#include <string.h>
#include "ethosu_mlw_enc.h"

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

void mlw_range_hist(const struct enc *e, size_t a, size_t b, uint32_t *hist)
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
void mlw_range_runs(const struct enc *e, size_t a, size_t b, int64_t *rc)
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
