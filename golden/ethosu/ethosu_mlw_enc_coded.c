/* ethosu_mlw_enc_coded: the coded weights of a section, in order (all of them, or the nonzero ones) (a stage of the
 * weight stream encoder, ethosu_mlw_encode.c). */
#include <stdlib.h>
#include <string.h>
#include "ethosu_mlw_enc.h"

/* ---------------------------------------------------------------------------------------------
 * Coded weights of a section, in order
 * ------------------------------------------------------------------------------------------- */


struct cursor mlw_coded_start(const struct enc *e, const struct section *s)
{
    struct cursor c = { 0, s->alt ? next_nz(e, s->a) : s->a };
    return c;
}

/* Coded weights of s in alternating mode, and the run before the first. */
size_t mlw_coded_count(const struct enc *e, const struct section *s, const uint32_t *hist, size_t *lead)
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
void mlw_coded_fill(const struct enc *e, const struct section *s, struct cursor *c, size_t cnt, uint16_t *x,
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
