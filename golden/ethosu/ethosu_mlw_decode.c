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
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic")   /* the runs' sums */
#endif
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
    /* zero runs are most of the output: one memset (int16 zero is all-zero bytes) */
    if (w == 0 && count)
        memset(d->out + d->n, 0, count * sizeof *d->out);
    else
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

/* The careful reader: every element read with its checks, errors at their exact bit. The first
 * skip_trace slices are not traced (the fast path already reported them). */
static int decode_reference(const uint8_t *buf, size_t len, int16_t **weights, size_t *n, char *err, size_t errlen,
                            ethosu_mlw_trace_fn trace, void *user, unsigned skip_trace)
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
        if (trace && slices >= skip_trace)
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

/* ---------------------------------------------------------------------------------------------
 * Fast path: the same decoding of a well-formed stream in wider steps (57 bits per load, a
 * zero-run field or remainder group per step, one table lookup from index to weight). On
 * anything the careful reader would report as an error, and on joined streams, it gives up;
 * the careful reader then decodes from the start, so errors and their bit positions are its own.
 * ------------------------------------------------------------------------------------------- */

#define FAST_GIVE_UP 1
#define NO_WEIGHT    INT16_MIN /* index of a direct code over 511 */

struct fdec {
    const uint8_t *buf;
    size_t len, nbits, pos;
    int16_t *out;
    size_t n, cap;
    size_t scratch;    /* slice length idx and runs hold, grown to the longest slice so far */
    uint16_t *idx;     /* one slice: weight indices, then weights (slack for filler positions) */
    size_t *runs;      /* one slice: zero runs */
    int16_t wof[ETHOSU_MLW_INDEX_MAX + 1]; /* weight of each index under the palette in force */
};

/* The next 57 or more bits from pos (zeros past the end of the buffer). */
static inline uint64_t f_peek(const struct fdec *d)
{
    size_t byte = d->pos >> 3;
    const uint8_t *p = d->buf + byte;
    uint64_t v = 0;
    if (byte + 8 <= d->len)
        v = (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
            (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
    else
        for (size_t i = 0; byte + i < d->len; i++)
            v |= (uint64_t)p[i] << (8 * i);
    return v >> (d->pos & 7u);
}

/* Read n <= 32 bits; nonzero when fewer are left. */
static inline int f_read(struct fdec *d, unsigned n, uint32_t *v)
{
    if (n > d->nbits - d->pos)
        return FAST_GIVE_UP;
    *v = (uint32_t)(f_peek(d) & (((uint64_t)1 << n) - 1u));
    d->pos += n;
    return 0;
}

static unsigned f_ctz32(uint32_t v) /* v != 0 */
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctz(v);
#else
    unsigned b = 0;
    while (!((v >> b) & 1u))
        b++;
    return b;
#endif
}

static int f_reserve(struct fdec *d, size_t more)
{
    if (more <= d->cap - d->n)
        return 0;
    size_t need = d->n + more, cap = d->cap ? d->cap : 1024;
    if (need < d->n)
        return FAST_GIVE_UP;
    while (cap < need) {
        if (cap > SIZE_MAX / 2 / sizeof(int16_t))
            return FAST_GIVE_UP;
        cap *= 2;
    }
    int16_t *o = realloc(d->out, cap * sizeof *o);
    if (!o)
        return FAST_GIVE_UP;
    d->out = o;
    d->cap = cap;
    return 0;
}

/* idx and runs for a slice of w_cnt weights: allocated as slices need them, not at the
 * largest slice length up front (most streams have short slices; a decode per call). */
static int f_scratch(struct fdec *d, size_t w_cnt)
{
    if (w_cnt <= d->scratch)
        return 0;
    size_t n = d->scratch ? d->scratch : 256;
    while (n < w_cnt)
        n *= 2;
    uint16_t *i = realloc(d->idx, (n + ETHOSU_MLW_WUNARY0_BITS) * sizeof *i);
    if (!i)
        return FAST_GIVE_UP;
    d->idx = i;
    size_t *r = realloc(d->runs, (n + 2) * sizeof *r);
    if (!r)
        return FAST_GIVE_UP;
    d->runs = r;
    d->scratch = n;
    return 0;
}

/* Read cnt fields of width bits (1..9) into target[i] += field (the zero runs; the weights take f_weights). */
#define F_FIELDS(d, cnt, width, target)                                                   \
    do {                                                                                  \
        size_t f_left = (cnt), f_at = 0;                                                  \
        if ((size_t)(width) * f_left > (d)->nbits - (d)->pos)                             \
            return FAST_GIVE_UP;                                                          \
        const unsigned f_per = 57u / (width);                                             \
        const uint64_t f_mask = ((uint64_t)1 << (width)) - 1u;                            \
        while (f_left) {                                                                  \
            unsigned f_k = f_left < f_per ? (unsigned)f_left : f_per;                     \
            uint64_t f_v = f_peek(d);                                                     \
            for (unsigned f_j = 0; f_j < f_k; f_j++, f_v >>= (width))                     \
                target[f_at + f_j] += f_v & f_mask;                                       \
            (d)->pos += (size_t)f_k * (width);                                            \
            f_at += f_k;                                                                  \
            f_left -= f_k;                                                                \
        }                                                                                 \
    } while (0)

/* F_FIELDS for weight indices: each field added to its quotient's index in
 * t, which then becomes the weight wof gives it (one pass: no second read of
 * t); bad collects NO_WEIGHT. Inlined for each width (f_weights), so the
 * shifts and the fields per 57 bits are constants the loop unrolls on. */
static inline __attribute__((always_inline)) int f_weights_w(struct fdec *d, size_t cnt, uint16_t *t,
                                                             unsigned *bad, const unsigned width)
{
    if ((size_t)width * cnt > d->nbits - d->pos)
        return FAST_GIVE_UP;
    const unsigned per = 57u / width;
    const uint64_t mask = ((uint64_t)1 << width) - 1u;
    unsigned b = 0;
    while (cnt) {
        unsigned k = cnt < per ? (unsigned)cnt : per;
        uint64_t v = f_peek(d);
        for (unsigned j = 0; j < k; j++, v >>= width) {
            int16_t w = d->wof[t[j] + (v & mask)];
            b |= w == NO_WEIGHT;
            t[j] = (uint16_t)w;
        }
        d->pos += (size_t)k * width;
        t += k;
        cnt -= k;
    }
    *bad |= b;
    return 0;
}

static int f_weights(struct fdec *d, size_t cnt, unsigned width, uint16_t *t, unsigned *bad)
{
    switch (width) {
    case 1: return f_weights_w(d, cnt, t, bad, 1);
    case 2: return f_weights_w(d, cnt, t, bad, 2);
    case 3: return f_weights_w(d, cnt, t, bad, 3);
    case 4: return f_weights_w(d, cnt, t, bad, 4);
    case 5: return f_weights_w(d, cnt, t, bad, 5);
    case 6: return f_weights_w(d, cnt, t, bad, 6);
    case 7: return f_weights_w(d, cnt, t, bad, 7);
    case 8: return f_weights_w(d, cnt, t, bad, 8);
    case 9: return f_weights_w(d, cnt, t, bad, 9);
    default: return f_weights_w(d, cnt, t, bad, width);
    }
}

/* The chunks of one slice (header in h): weights into d->idx, runs into d->runs. */
static int f_chunks(struct fdec *d, const struct ethosu_mlw_slice_header *h, unsigned *chunks)
{
    const int alt = ethosu_mlw_alternating(h);
    const int uncomp = h->wdiv == ETHOSU_MLW_WDIV_UNCOMP;
    const unsigned trunc = h->wtrunc;
    const unsigned wdiv = uncomp ? 0u : h->wdiv;
    const unsigned wrb = ethosu_mlw_wremain_bits(h);
    const unsigned zdiv = alt ? h->zdiv : 0u;
    const unsigned zun = ETHOSU_MLW_ZUNARY_BITS(zdiv);
    const unsigned per_chunk = ETHOSU_MLW_UNCOMP_PER_CHUNK(wrb);
    const size_t w_cnt = ethosu_mlw_slice_length(h);
    const size_t z_cnt = alt ? w_cnt + h->newpal : 0;
    uint16_t *idx = d->idx;
    size_t *runs = d->runs;
    size_t wq_i = 0, wr_i = 0, zq_i = 0, zr_i = 0, prev_wq_i = 0, prev_zq_i = 0, zq = 0;
    unsigned wq = 0, nch = 0, bad = 0;
    int prev_w = 0, prev_z = 0;
    do {
        long balance = alt ? (long)wq_i - (long)zq_i : 0;
        int w_en = (balance <= ETHOSU_MLW_BALANCE_MAX || !alt) && wq_i < w_cnt;
        int z_en = alt && balance >= 0 && zq_i < z_cnt;
        uint32_t wu0 = 0, zu, wu1;
        if (w_en && !uncomp && f_read(d, ETHOSU_MLW_WUNARY0_BITS, &wu0))
            return FAST_GIVE_UP;
        if (z_en) {
            if (f_read(d, zun, &zu))
                return FAST_GIVE_UP;
            /* each 0 ends a run; the ones before it (or to the end of the field) add to it:
             * the zeros visited lowest first, a run the distance from the previous one */
            uint32_t zeros = ~zu & ((1u << zun) - 1u);
            unsigned from = 0;   /* the bit after the previous zero */
            while (zeros && zq_i < z_cnt) {
                unsigned at = f_ctz32(zeros);
                zq += at - from;
                if (zq > (SIZE_MAX >> 4))
                    return FAST_GIVE_UP;
                runs[zq_i++] = zq << zdiv;
                zq = 0;
                from = at + 1;
                zeros &= zeros - 1u;
            }
            if (!zeros)   /* the ones after the last zero open the next run */
                zq += zun - from;
        }
        if (w_en && !uncomp) {
            uint32_t c1 = wu0 - ((wu0 >> 1) & 0x5555u);
            c1 = (c1 & 0x3333u) + ((c1 >> 2) & 0x3333u);
            c1 = (c1 + (c1 >> 4)) & 0x0F0Fu;
            if (f_read(d, (c1 + (c1 >> 8)) & 0x1Fu, &wu1))
                return FAST_GIVE_UP;
            /* tokens without branches: positions after the slice's last
             * quotient are filler (nothing grows there). The bounds are
             * checked once for the chunk, on the largest quotient it
             * reached: a quotient only grows until it ends, so a run still
             * open is checked no later than at its end, and a stream that
             * fails goes to the careful reader either way. */
            unsigned mq = 0;
            for (unsigned i = 0, j = 0; i < ETHOSU_MLW_WUNARY0_BITS; i++) {
                unsigned act = wq_i < w_cnt;
                unsigned f = (wu0 >> i) & act, s = (wu1 >> j) & f;
                unsigned end = act & (trunc | (s ^ 1u));
                j += f;
                wq += f + s;
                mq = wq > mq ? wq : mq;
                idx[wq_i] = (uint16_t)(wq << wdiv);
                wq_i += end;
                wq &= end - 1u;
            }
            bad |= (mq > ETHOSU_MLW_WQ_MAX) | ((mq << wdiv) > ETHOSU_MLW_INDEX_MAX);
            if (bad)
                return FAST_GIVE_UP;
        }
        if (w_en && uncomp) {   /* per_chunk indices 0 (the fields are the whole index) */
            size_t k = w_cnt - wq_i < per_chunk ? w_cnt - wq_i : per_chunk;
            memset(idx + wq_i, 0, k * sizeof *idx);
            wq_i += k;
        }
        if (prev_w && wr_i < prev_wq_i) {
            size_t cnt = prev_wq_i - wr_i;
            uint16_t *t = idx + wr_i;
            /* index -> weight as the remainders are read (the quotient check bounds it) */
            if (wrb) {
                if (f_weights(d, cnt, wrb, t, &bad))
                    return FAST_GIVE_UP;
            } else
                for (size_t i = 0; i < cnt; i++) {
                    int16_t w = d->wof[t[i]];
                    bad |= w == NO_WEIGHT;
                    t[i] = (uint16_t)w;
                }
            if (bad)
                return FAST_GIVE_UP;
            wr_i = prev_wq_i;
        }
        if (prev_z && zr_i < prev_zq_i) {
            size_t cnt = prev_zq_i - zr_i, *t = runs + zr_i;
            if (zdiv)
                F_FIELDS(d, cnt, zdiv, t);
            zr_i = prev_zq_i;
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

/* Decode buf; FAST_GIVE_UP leaves the work to the careful reader (*traced slices reported). */
static int decode_fast(const uint8_t *buf, size_t len, int16_t **weights, size_t *n, ethosu_mlw_trace_fn trace,
                       void *user, unsigned *traced)
{
    struct fdec *d = calloc(1, sizeof *d);
    int rc = FAST_GIVE_UP;
    *traced = 0;
    if (!d)
        return FAST_GIVE_UP;
    d->buf = buf;
    d->len = len;
    d->nbits = len * 8;
    if (!len || len > SIZE_MAX / 64 || len % ETHOSU_MLW_ALIGN_BYTES)
        goto out;
    struct palstate pal;
    memset(&pal, 0, sizeof pal);
    int in_stream = 0, prev_alt = 0;
    unsigned slices = 0;
    while (d->pos < d->nbits) {
        size_t hbit = d->pos;
        uint32_t v;
        if (f_read(d, ETHOSU_MLW_ZDIV_BITS, &v))
            goto out;
        if (v == ETHOSU_MLW_ZDIV_EOS) {
            /* ones to the byte boundary, then 0xFF bytes (each one more end marker) */
            unsigned pad = (unsigned)(-d->pos & 7u);
            if (pad && f_peek(d) % (1u << pad) != (1u << pad) - 1u)
                goto out;
            d->pos += pad;
            while (d->pos < d->nbits && buf[d->pos >> 3] == 0xFF)
                d->pos += 8;
            if (d->pos < d->nbits) /* a joined stream (or bad padding): the careful reader's job */
                goto out;
            in_stream = 0;
            continue;
        }
        if (v != ETHOSU_MLW_ZDIV_NONE && v > ETHOSU_MLW_ZDIV_MAX)
            goto out;
        struct ethosu_mlw_slice_info info;
        memset(&info, 0, sizeof info);
        struct ethosu_mlw_slice_header *h = &info.hdr;
        uint64_t f = f_peek(d); /* SLICELEN .. NEWPAL: 20 bits */
        if (d->nbits - d->pos < 20)
            goto out;
        h->zdiv = (uint8_t)v;
        h->slicelen = (uint16_t)(f & 0x7FFFu);
        h->wdiv = (uint8_t)((f >> 15) & 7u);
        h->wtrunc = (uint8_t)((f >> 18) & 1u);
        h->newpal = (uint8_t)((f >> 19) & 1u);
        d->pos += 20;
        int alt = ethosu_mlw_alternating(h);
        if ((h->wdiv > ETHOSU_MLW_WDIV_MAX && h->wdiv != ETHOSU_MLW_WDIV_UNCOMP) || (!h->newpal && !in_stream) ||
            (!h->newpal && alt != prev_alt))
            goto out;
        if (h->newpal) {
            uint32_t ofs, psz, pbits;
            if (f_read(d, ETHOSU_MLW_DIROFS_BITS, &ofs) || f_read(d, ETHOSU_MLW_PALSIZE_BITS, &psz) ||
                f_read(d, ETHOSU_MLW_PALBITS_BITS, &pbits))
                goto out;
            pal.dirofs = (uint8_t)ofs;
            pal.palsize = (uint8_t)psz;
            pal.palbits = (uint8_t)pbits;
            unsigned ps = psz ? psz + 1u : 0u, pb = pbits + (unsigned)ETHOSU_MLW_PALBITS_MIN;
            memset(pal.palette, 0, sizeof pal.palette);
            for (unsigned i = 0; i < ps; i++) {
                if (f_read(d, pb, &v))
                    goto out;
                pal.palette[i] = (uint16_t)v;
            }
            for (unsigned x = 0; x <= ETHOSU_MLW_INDEX_MAX; x++) {
                unsigned code = x < ps ? pal.palette[x] : x - ps + pal.dirofs;
                d->wof[x] = code > ETHOSU_MLW_CODE_MAX ? NO_WEIGHT : (int16_t)ethosu_mlw_code_to_weight(code);
            }
        }
        h->dirofs = pal.dirofs;
        h->palsize = pal.palsize;
        h->palbits = pal.palbits;
        memcpy(h->palette, pal.palette, sizeof h->palette);
        info.index = slices;
        info.header_bit = hbit;
        info.data_bit = d->pos;
        info.first_weight = d->n;
        size_t w_cnt = ethosu_mlw_slice_length(h);
        if (f_scratch(d, w_cnt) || f_reserve(d, w_cnt) || f_chunks(d, h, &info.chunks))
            goto out;
        info.end_bit = d->pos;
        /* output: [leading run], then each weight followed by its run */
        const int16_t *wts = (const int16_t *)d->idx;
        if (!alt) {
            memcpy(d->out + d->n, wts, w_cnt * sizeof *wts);
            d->n += w_cnt;
        } else {
            /* the runs' sum: unchecked while every run is below 2^40 (a slice
             * has at most 2^15 + 1 of them), checked run by run otherwise */
            size_t total = w_cnt, r = 0, any = 0, sum = 0;
            for (size_t i = 0; i < w_cnt + h->newpal; i++) {
                sum += d->runs[i];
                any |= d->runs[i];
            }
            if ((uint64_t)any >> 40) {
                for (size_t i = 0; i < w_cnt + h->newpal; i++) {
                    if (d->runs[i] > SIZE_MAX / 4 - total)
                        goto out;
                    total += d->runs[i];
                }
            } else {
                total += sum;
            }
            if (f_reserve(d, total))
                goto out;
            /* one clear of the slice, then each weight after its run: most runs are
             * empty, and a memset call per weight cost more than the decode */
            int16_t *o = d->out + d->n;
            memset(o, 0, total * sizeof *o);
            if (h->newpal)
                o += d->runs[r++];
            for (size_t i = 0; i < w_cnt; i++) {
                *o++ = wts[i];
                o += d->runs[r++];
            }
            d->n += total;
        }
        info.n_weights = d->n - info.first_weight;
        if (trace) {
            trace(user, &info);
            ++*traced;
        }
        slices++;
        in_stream = 1;
        prev_alt = alt;
    }
    if (slices && !in_stream) {
        *weights = d->out;
        *n = d->n;
        d->out = NULL;
        rc = 0;
    }
out:
    free(d->out);
    free(d->idx);
    free(d->runs);
    free(d);
    return rc;
}

int ethosu_mlw_decode_trace(const uint8_t *buf, size_t len, int16_t **weights, size_t *n, char *err,
                            size_t errlen, ethosu_mlw_trace_fn trace, void *user)
{
    unsigned traced = 0;
    if (err && errlen)
        err[0] = '\0';
    if (buf && decode_fast(buf, len, weights, n, trace, user, &traced) == 0)
        return 0;
    return decode_reference(buf, len, weights, n, err, errlen, trace, user, traced);
}

int ethosu_mlw_decode(const uint8_t *buf, size_t len, int16_t **weights, size_t *n, char *err, size_t errlen)
{
    return ethosu_mlw_decode_trace(buf, len, weights, n, err, errlen, NULL, NULL);
}

int ethosu_mlw_decode_careful(const uint8_t *buf, size_t len, int16_t **weights, size_t *n, char *err,
                              size_t errlen)
{
    if (err && errlen)
        err[0] = '\0';
    return decode_reference(buf, len, weights, n, err, errlen, NULL, NULL, 0);
}
