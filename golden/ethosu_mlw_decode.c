/* Ethos-U65 weight stream ("mlw") golden decoder: TRM section 4.7, bit-exact.
 *
 * The syntax is summarised in ethosu_mlw.h. The TRM text available here is OCR'd; where it is
 * unclear, this reader decides as follows (checked against the Vela-written test vectors):
 *  - Bit order: LSB first in each byte and in each element (the TRM's worked example is
 *    garbled; its byte values 0x72 0xAB are what LSB-first gives).
 *  - WUNARY1 has popcount(WUNARY0) bits in both modes (the OCR'd length test also reads as
 *    "or wtrunc", which would give 12 bits with WTRUNC; the vectors say popcount).
 *  - Filler: WUNARY0/ZUNARY positions after the slice's last quotient are ignored (they still
 *    count in the WUNARY1 length) and get no remainder. Only slice length (+ NEWPAL) runs are
 *    kept: the OCR'd run loop has no bound.
 *  - End of stream: after ZDIV 7 every bit up to the byte boundary must be 1; the loop
 *    "ZDIV; if 7, align" then eats the 0xFF padding. A ZDIV other than 7 after an end marker
 *    starts a joined stream (NEWPAL 1 again). The buffer must hold at least one slice, end with
 *    an end marker and be a multiple of 16 bytes (the TRM's word_aligned assert).
 *  - Weight indices are 9-bit: a quotient whose index (quotient << wdiv) is over 511 is an
 *    error, as is a direct code (index - palette size + dirofs) over 511. The quotient limit
 *    is 31 (2 with WTRUNC, where it cannot be exceeded).
 *  - A coded weight may decode to 0 (code 0 or 1), in alternating mode too.
 *  - Accepted although Vela never writes them: WTRUNC with WDIV 7, palette entries of any
 *    code (1 = "minus zero" included), slices of 32768 indices, any DIROFS.
 */
#include "ethosu_mlw.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dec {
    const uint8_t *buf;
    size_t nbits;
    size_t pos;
    char *err;
    size_t errlen;
    int16_t *out;
    size_t n, cap;
    /* per-slice scratch, grown to the longest slice so far */
    size_t scratch; /* entries of idx and wbit; runs has one more */
    uint16_t *idx;  /* weight indices, then codes */
    size_t *wbit;   /* stream bit of each weight's last quotient token (or its remainder) */
    size_t *runs;   /* zero runs */
};

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int fail(struct dec *d, size_t bit, const char *fmt, ...)
{
    if (d->err && d->errlen) {
        int k = snprintf(d->err, d->errlen, "bit %zu: ", bit);
        if (k >= 0 && (size_t)k < d->errlen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(d->err + k, d->errlen - (size_t)k, fmt, ap);
            va_end(ap);
        }
    }
    return -1;
}

static int grow_scratch(struct dec *d, size_t w_cnt)
{
    if (w_cnt <= d->scratch)
        return 0;
    size_t n = d->scratch ? d->scratch : 256;
    while (n < w_cnt)
        n *= 2;
    uint16_t *i = realloc(d->idx, n * sizeof *i);
    if (i)
        d->idx = i;
    size_t *b = realloc(d->wbit, n * sizeof *b);
    if (b)
        d->wbit = b;
    size_t *r = realloc(d->runs, (n + 1) * sizeof *r);
    if (r)
        d->runs = r;
    if (!i || !b || !r)
        return fail(d, d->pos, "out of memory");
    d->scratch = n;
    return 0;
}

/* Read n (0..32) bits LSB first; never touches bytes at or past nbits/8 rounded up. */
static int rd(struct dec *d, unsigned n, const char *what, uint32_t *v)
{
    size_t left = d->nbits - d->pos;
    if (n > left)
        return fail(d, d->pos, "truncated stream: %s needs %u bit%s, %zu left", what, n, n == 1 ? "" : "s",
                    left);
    uint32_t r = 0;
    unsigned got = 0;
    size_t p = d->pos;
    while (got < n) {
        unsigned off = (unsigned)(p & 7u);
        unsigned take = 8u - off;
        if (take > n - got)
            take = n - got;
        uint32_t bits = ((uint32_t)d->buf[p >> 3] >> off) & ((1u << take) - 1u);
        r |= bits << got;
        got += take;
        p += take;
    }
    d->pos = p;
    *v = r;
    return 0;
}

static int emit(struct dec *d, int16_t w, size_t count)
{
    if (count > d->cap - d->n) {
        size_t need = d->n + count, cap = d->cap ? d->cap : 1024;
        if (need < d->n)
            return fail(d, d->pos, "output too large");
        while (cap < need) {
            if (cap > SIZE_MAX / 2 / sizeof(int16_t))
                return fail(d, d->pos, "output too large");
            cap *= 2;
        }
        int16_t *o = realloc(d->out, cap * sizeof(int16_t));
        if (!o)
            return fail(d, d->pos, "out of memory (%zu weights)", need);
        d->out = o;
        d->cap = cap;
    }
    for (size_t i = 0; i < count; i++)
        d->out[d->n + i] = w;
    d->n += count;
    return 0;
}

static unsigned popcount12(uint32_t v)
{
    unsigned c = 0;
    for (; v; v &= v - 1u)
        c++;
    return c;
}

/* Palette state that a slice without NEWPAL keeps. */
struct palstate {
    uint8_t dirofs, palsize, palbits;
    uint16_t palette[ETHOSU_MLW_PAL_MAX];
};

/* Decode the chunks of one slice (header already in h). Fills d->idx (codes) and d->runs. */
static int decode_chunks(struct dec *d, const struct ethosu_mlw_slice_header *h, unsigned *chunks)
{
    const int alt = ethosu_mlw_alternating(h);
    const int uncomp = h->wdiv == ETHOSU_MLW_WDIV_UNCOMP;
    const unsigned wtrunc = h->wtrunc;
    const unsigned wdiv = uncomp ? 0u : h->wdiv;
    const unsigned wrb = ethosu_mlw_wremain_bits(h);
    const unsigned zdiv = alt ? h->zdiv : 0u;
    const unsigned zun = ETHOSU_MLW_ZUNARY_BITS(zdiv);
    const unsigned per_chunk = ETHOSU_MLW_UNCOMP_PER_CHUNK(wrb);
    const unsigned ps = ethosu_mlw_palette_size(h);
    const size_t w_cnt = ethosu_mlw_slice_length(h);
    const size_t z_cnt = alt ? w_cnt + h->newpal : 0;

    size_t wq_i = 0, wr_i = 0, zq_i = 0, zr_i = 0, prev_wq_i = 0, prev_zq_i = 0;
    unsigned wq = 0;
    size_t zq = 0;
    int prev_w = 0, prev_z = 0;
    unsigned nch = 0;

    do {
        long balance = alt ? (long)wq_i - (long)zq_i : 0;
        int w_en = (balance <= ETHOSU_MLW_BALANCE_MAX || !alt) && wq_i < w_cnt;
        int z_en = alt && balance >= 0 && zq_i < z_cnt;
        uint32_t wu0 = 0, zu = 0, wu1 = 0;
        size_t wu0_bit = d->pos;

        if (w_en && !uncomp && rd(d, ETHOSU_MLW_WUNARY0_BITS, "WUNARY0", &wu0))
            return -1;
        if (z_en) {
            size_t zbit = d->pos;
            if (rd(d, zun, "ZUNARY", &zu))
                return -1;
            for (unsigned i = 0; i < zun && zq_i < z_cnt; i++) {
                if ((zu >> i) & 1u) {
                    zq++;
                } else {
                    if (zq > (SIZE_MAX >> 4))
                        return fail(d, zbit + i, "zero run too long");
                    d->runs[zq_i++] = zq << zdiv;
                    zq = 0;
                }
            }
        }
        if (w_en && !uncomp) {
            unsigned len1 = popcount12(wu0);
            if (rd(d, len1, "WUNARY1", &wu1))
                return -1;
            for (unsigned i = 0, j = 0; i < ETHOSU_MLW_WUNARY0_BITS && wq_i < w_cnt; i++) {
                unsigned c = 0;
                if ((wu0 >> i) & 1u) {
                    c = 1u + ((wu1 >> j) & 1u);
                    j++;
                }
                wq += c;
                if (wq > ETHOSU_MLW_WQ_MAX)
                    return fail(d, wu0_bit + i, "weight quotient over %d", ETHOSU_MLW_WQ_MAX);
                if (c < 2 || wtrunc) {
                    unsigned index = wq << wdiv;
                    if (index > ETHOSU_MLW_INDEX_MAX)
                        return fail(d, wu0_bit + i, "weight index %u (quotient %u << wdiv %u) over %d", index,
                                    wq, wdiv, ETHOSU_MLW_INDEX_MAX);
                    d->wbit[wq_i] = wu0_bit + i;
                    d->idx[wq_i++] = (uint16_t)index;
                    wq = 0;
                }
            }
        }
        if (w_en && uncomp) {
            for (unsigned i = 0; i < per_chunk && wq_i < w_cnt; i++)
                d->idx[wq_i++] = 0;
        }
        if (prev_w) {
            while (wr_i < prev_wq_i) {
                uint32_t r;
                size_t rbit = d->pos;
                if (rd(d, wrb, "WREMAIN", &r))
                    return -1;
                if (wrb || uncomp)
                    d->wbit[wr_i] = rbit;
                unsigned index = d->idx[wr_i] + r; /* <= 511: the quotient part was checked */
                unsigned code;
                if (index < ps) {
                    code = h->palette[index];
                } else {
                    code = index - ps + h->dirofs;
                    if (code > ETHOSU_MLW_CODE_MAX)
                        return fail(d, d->wbit[wr_i],
                                    "weight index %u: direct code %u (index - palette size %u + dirofs %u) over %d",
                                    index, code, ps, (unsigned)h->dirofs, ETHOSU_MLW_CODE_MAX);
                }
                d->idx[wr_i++] = (uint16_t)code;
            }
        }
        if (prev_z) {
            while (zr_i < prev_zq_i) {
                uint32_t r;
                if (rd(d, zdiv, "ZREMAIN", &r))
                    return -1;
                d->runs[zr_i++] += r;
            }
        }
        prev_w = w_en;
        prev_wq_i = wq_i;
        prev_z = z_en;
        prev_zq_i = zq_i;
        nch++;
    } while (prev_w || prev_z);
    *chunks = nch;
    return 0;
}

int ethosu_mlw_decode_trace(const uint8_t *buf, size_t len, int16_t **weights, size_t *n, char *err,
                            size_t errlen, ethosu_mlw_trace_fn trace, void *user)
{
    struct dec d;
    memset(&d, 0, sizeof d);
    d.buf = buf;
    d.err = err;
    d.errlen = errlen;
    if (err && errlen)
        err[0] = '\0';
    *weights = NULL;
    *n = 0;
    if (len > SIZE_MAX / 64)
        return fail(&d, 0, "stream too long (%zu bytes)", len);
    if (len && !buf)
        return fail(&d, 0, "no buffer");
    d.nbits = len * 8;
    int rc = -1;

    struct palstate pal;
    memset(&pal, 0, sizeof pal);
    int in_stream = 0;    /* a slice was read since the last end marker */
    int prev_alt = 0;
    int last_was_slice = 0;
    unsigned slices = 0, streams = 0;

    while (d.pos < d.nbits) {
        size_t hbit = d.pos;
        uint32_t v;
        if (d.nbits - d.pos < ETHOSU_MLW_ZDIV_BITS) {
            fail(&d, hbit, "missing end marker: %zu bit%s left after the last slice", d.nbits - d.pos,
                 d.nbits - d.pos == 1 ? "" : "s");
            goto out;
        }
        if (rd(&d, ETHOSU_MLW_ZDIV_BITS, "ZDIV", &v))
            goto out;
        if (v == ETHOSU_MLW_ZDIV_EOS) {
            while (d.pos & 7u) {
                size_t b = d.pos;
                uint32_t one;
                if (rd(&d, 1, "padding", &one))
                    goto out;
                if (!one) {
                    fail(&d, b, "padding bit after the end marker is 0 (must be 1)");
                    goto out;
                }
            }
            if (in_stream)
                streams++;
            in_stream = 0;
            last_was_slice = 0;
            continue;
        }
        if (v != ETHOSU_MLW_ZDIV_NONE && v > ETHOSU_MLW_ZDIV_MAX) {
            fail(&d, hbit, "invalid ZDIV %u (0-3, 6, or 7 for the end marker)", (unsigned)v);
            goto out;
        }
        struct ethosu_mlw_slice_info info;
        memset(&info, 0, sizeof info);
        struct ethosu_mlw_slice_header *h = &info.hdr;
        h->zdiv = (uint8_t)v;
        if (rd(&d, ETHOSU_MLW_SLICELEN_BITS, "SLICELEN", &v))
            goto out;
        h->slicelen = (uint16_t)v;
        size_t wbit = d.pos;
        if (rd(&d, ETHOSU_MLW_WDIV_BITS, "WDIV", &v))
            goto out;
        if (v > ETHOSU_MLW_WDIV_MAX && v != ETHOSU_MLW_WDIV_UNCOMP) {
            fail(&d, wbit, "invalid WDIV %u (0-5, or 7 for uncompressed)", (unsigned)v);
            goto out;
        }
        h->wdiv = (uint8_t)v;
        if (rd(&d, ETHOSU_MLW_WTRUNC_BITS, "WTRUNC", &v))
            goto out;
        h->wtrunc = (uint8_t)v;
        size_t nbit = d.pos;
        if (rd(&d, ETHOSU_MLW_NEWPAL_BITS, "NEWPAL", &v))
            goto out;
        h->newpal = (uint8_t)v;
        int alt = ethosu_mlw_alternating(h);
        if (!h->newpal && !in_stream) {
            fail(&d, nbit, "NEWPAL 0 in the first slice of a stream");
            goto out;
        }
        if (!h->newpal && alt != prev_alt) {
            fail(&d, hbit, "slice without NEWPAL switches %s alternating mode (ZDIV %u)", alt ? "to" : "from",
                 (unsigned)h->zdiv);
            goto out;
        }
        if (h->newpal) {
            if (rd(&d, ETHOSU_MLW_DIROFS_BITS, "DIROFS", &v))
                goto out;
            pal.dirofs = (uint8_t)v;
            if (rd(&d, ETHOSU_MLW_PALSIZE_BITS, "PALSIZE", &v))
                goto out;
            pal.palsize = (uint8_t)v;
            if (rd(&d, ETHOSU_MLW_PALBITS_BITS, "PALBITS", &v))
                goto out;
            pal.palbits = (uint8_t)v;
            unsigned ps = pal.palsize ? pal.palsize + 1u : 0u;
            unsigned pb = pal.palbits + (unsigned)ETHOSU_MLW_PALBITS_MIN;
            memset(pal.palette, 0, sizeof pal.palette);
            for (unsigned i = 0; i < ps; i++) {
                if (rd(&d, pb, "palette entry", &v))
                    goto out;
                pal.palette[i] = (uint16_t)v;
            }
        }
        h->dirofs = pal.dirofs;
        h->palsize = pal.palsize;
        h->palbits = pal.palbits;
        memcpy(h->palette, pal.palette, sizeof h->palette);
        info.index = slices;
        info.stream = streams;
        info.header_bit = hbit;
        info.data_bit = d.pos;
        info.first_weight = d.n;

        if (grow_scratch(&d, ethosu_mlw_slice_length(h)) || decode_chunks(&d, h, &info.chunks))
            goto out;
        info.end_bit = d.pos;

        /* Output: [leading run], then each weight followed by its run. */
        size_t w_cnt = ethosu_mlw_slice_length(h);
        size_t r = 0;
        if (alt && h->newpal && emit(&d, 0, d.runs[r++]))
            goto out;
        for (size_t i = 0; i < w_cnt; i++) {
            if (emit(&d, (int16_t)ethosu_mlw_code_to_weight(d.idx[i]), 1))
                goto out;
            if (alt && emit(&d, 0, d.runs[r++]))
                goto out;
        }
        info.n_weights = d.n - info.first_weight;
        if (trace)
            trace(user, &info);
        slices++;
        in_stream = 1;
        prev_alt = alt;
        last_was_slice = 1;
    }
    if (last_was_slice || (len == 0)) {
        fail(&d, d.pos, "missing end marker (ZDIV 7) after the last slice");
        goto out;
    }
    if (slices == 0) {
        fail(&d, 0, "no slice: the stream starts with the end marker");
        goto out;
    }
    if (len % ETHOSU_MLW_ALIGN_BYTES) {
        fail(&d, d.nbits, "stream length %zu bytes is not a multiple of %d", len, ETHOSU_MLW_ALIGN_BYTES);
        goto out;
    }
    rc = 0;
out:
    free(d.idx);
    free(d.wbit);
    free(d.runs);
    if (rc == 0) {
        *weights = d.out;
        *n = d.n;
    } else {
        free(d.out);
    }
    return rc;
}

int ethosu_mlw_decode(const uint8_t *buf, size_t len, int16_t **weights, size_t *n, char *err, size_t errlen)
{
    return ethosu_mlw_decode_trace(buf, len, weights, n, err, errlen, NULL, NULL);
}
