/* ethosu_mlw_enc_palette: a section's palette: the coded values of a histogram by frequency and the palette,
 * offset and index of every code for a palette size (a stage of the
 * weight stream encoder, ethosu_mlw_encode.c). */
#include <stdlib.h>
#include <string.h>
#include "ethosu_mlw_enc.h"

int mlw_cv_before(struct cv x, struct cv y)
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
                for (j = i; j > 0 && mlw_cv_before(heap[(j - 1) / 2], list[i]); j = (j - 1) / 2)
                    heap[j] = heap[(j - 1) / 2];
            } else {
                if (!mlw_cv_before(list[i], heap[0]))
                    continue;
                for (j = 0;;) {
                    size_t c = 2 * j + 1;
                    if (c >= k)
                        break;
                    if (c + 1 < k && mlw_cv_before(heap[c], heap[c + 1]))
                        c++;
                    if (!mlw_cv_before(list[i], heap[c]))
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
            if (!mlw_cv_before(x, list[k - 1]))
                continue;
            list[i] = list[k - 1];
            j = k - 1;
        }
        for (; j > 0 && mlw_cv_before(x, list[j - 1]); j--)
            list[j] = list[j - 1];
        list[j] = x;
    }
}

size_t mlw_coded_values(const uint32_t *hist, int alt, struct cv *list)
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
int mlw_palette_for(struct section *s, const struct cv *list, size_t d, unsigned K)
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
