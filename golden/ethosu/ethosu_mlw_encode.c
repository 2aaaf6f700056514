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

#include "ethosu_mlw_enc.h"

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
    if (!mlw_weights_in_range(weights, n))
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
    if (mlw_build_index(e))
        goto oom;
    bnd = malloc(((n + e->G - 1) / e->G + 1) * sizeof *bnd);
    if (!bnd)
        goto oom;
    ns = mlw_make_sections(e, bnd);
    if (e->oom)
        goto oom;
    sec = calloc(ns, sizeof *sec);
    if (!sec)
        goto oom;
    for (size_t i = 0; i < ns; i++) {
        sec[i].a = bnd[i];
        sec[i].b = bnd[i + 1];
        mlw_optimize_section(e, &sec[i]);
        if (e->oom)
            goto oom;
    }
    /* merge neighbouring sections where one palette is exactly cheaper */
    for (size_t i = 0; i + 1 < ns;) {
        struct section m;
        memset(&m, 0, sizeof m);
        m.a = sec[i].a;
        m.b = sec[i + 1].b;
        mlw_optimize_section(e, &m);
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
        mlw_range_hist(e, sec[i].a, sec[i].b, hist);
        size_t lead;
        for (int v = ETHOSU_MLW_WEIGHT_MIN; v <= ETHOSU_MLW_WEIGHT_MAX; v++) {
            unsigned code = ethosu_mlw_weight_to_code(v);
            if (hist[code])
                e->xw[v + ETHOSU_MLW_WEIGHT_MAX] = sec[i].idx_of_code[code ? code : 1u];
        }
        mlw_coded_count(e, &sec[i], hist, &lead);
        mlw_put_section(&b, e, &sec[i], lead);
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
