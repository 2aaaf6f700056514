/* ethosu_mlw_enc_pack: exact slice sizes and the bit packing of a section's slices (headers, chunks) (a stage of the
 * weight stream encoder, ethosu_mlw_encode.c). */
#include <stdlib.h>
#include <string.h>
#include "ethosu_mlw_enc.h"

/* ---------------------------------------------------------------------------------------------
 * Exact sizes and the chunk writer
 * ------------------------------------------------------------------------------------------- */

/* Exact bits of one slice: header, chunks. idx/runs: its coded weights and the runs after them. */
static int64_t slice_bits(const struct enc *e, const struct section *s, const uint16_t *idx, const uint32_t *runs,
                          size_t lead, size_t count, int newpal, unsigned wp, unsigned z)
{
    int64_t bits = ETHOSU_MLW_HEADER_BITS;
    if (newpal)
        bits += ETHOSU_MLW_PALHDR_BITS + (int64_t)s->K * s->palbits;
    if (wp == WP_UNC) {
        bits += (int64_t)count * s->uncomp_bits;
    } else {
        /* each unary token fills one WUNARY0 position; the last chunk's others are filler */
        uint64_t sum = 0;
        const uint64_t *t = e->wsum[wp];
        for (size_t i = 0; i < count; i++)
            sum += t[idx[i]];
        uint64_t tokens = sum >> 32;
        bits += (int64_t)(uint32_t)sum + (int64_t)((ETHOSU_MLW_WUNARY0_BITS - tokens % ETHOSU_MLW_WUNARY0_BITS) %
                                                   ETHOSU_MLW_WUNARY0_BITS);
    }
    if (s->alt) {
        const unsigned zun = ETHOSU_MLW_ZUNARY_BITS(z);
        uint64_t tokens = 0;
        int64_t zb = 0;
        if (newpal) {
            tokens += (lead >> z) + 1;
            zb += zcost(z, lead);
        }
        for (size_t i = 0; i < count; i++) {
            tokens += (runs[i] >> z) + 1;
            zb += zcost(z, runs[i]);
        }
        bits += zb + (int64_t)((zun - tokens % zun) % zun);
    }
    return bits;
}

/* The unary tokens of a Golomb-Rice quotient q (0..31, not truncated): WUNARY0 bits, the token
 * that ends it, WUNARY1 bits; the numbers of WUNARY0 and WUNARY1 bits. */
struct qtokens {
    uint32_t u0, ends, u1;
    uint8_t n0, n1;
};

#define QT(q) { ((1u << ((q) >> 1)) - 1u) | ((q) & 1u) << ((q) >> 1), 1u << ((q) >> 1), (1u << ((q) >> 1)) - 1u, \
                (q) / 2 + 1, (q) / 2 + ((q) & 1) }
static const struct qtokens qtok[ETHOSU_MLW_WQ_MAX + 1] = {
    QT(0),  QT(1),  QT(2),  QT(3),  QT(4),  QT(5),  QT(6),  QT(7),  QT(8),  QT(9),  QT(10),
    QT(11), QT(12), QT(13), QT(14), QT(15), QT(16), QT(17), QT(18), QT(19), QT(20), QT(21),
    QT(22), QT(23), QT(24), QT(25), QT(26), QT(27), QT(28), QT(29), QT(30), QT(31),
};
#undef QT

/* Write one slice: header and chunks. */
static void put_slice(struct bw *b, const struct section *s, const uint16_t *idx, const uint32_t *runs, size_t lead,
                      size_t count, int newpal, unsigned wp, unsigned z)
{
    const int alt = s->alt, uncomp = wp == WP_UNC, trunc = wp >= 6 && wp < WP_UNC;
    const unsigned wdiv = wp_wdiv(wp), k = uncomp ? 0u : trunc ? wp - 6u : wp;
    const unsigned wrb = uncomp ? s->uncomp_bits : k;
    const unsigned per_chunk = ETHOSU_MLW_UNCOMP_PER_CHUNK(wrb);
    const unsigned zun = ETHOSU_MLW_ZUNARY_BITS(z);
    const size_t w_cnt = count, z_cnt = alt ? count + (newpal ? 1u : 0u) : 0u;

    put(b, alt ? z : ETHOSU_MLW_ZDIV_NONE, ETHOSU_MLW_ZDIV_BITS);
    put(b, (uint32_t)(count - 1u), ETHOSU_MLW_SLICELEN_BITS);
    put(b, wdiv, ETHOSU_MLW_WDIV_BITS);
    put(b, (unsigned)trunc, ETHOSU_MLW_WTRUNC_BITS);
    put(b, (unsigned)newpal, ETHOSU_MLW_NEWPAL_BITS);
    if (newpal) {
        put(b, s->dirofs, ETHOSU_MLW_DIROFS_BITS);
        put(b, s->K ? s->K - 1u : 0u, ETHOSU_MLW_PALSIZE_BITS);
        put(b, s->palbits - ETHOSU_MLW_PALBITS_MIN, ETHOSU_MLW_PALBITS_BITS);
        for (unsigned i = 0; i < s->K; i++)
            put(b, s->pal[i], s->palbits);
    }

/* run number r of the slice (the leading run first when NEWPAL) */
#define RUN(r) (newpal ? ((r) == 0 ? lead : runs[(r) - 1u]) : runs[(r)])

    /* Weight quotients as a stream of unary tokens, one per WUNARY0 position: u0 their first
     * bits, ends the tokens that end a quotient (n0 queued), u1 the second bits of the tokens
     * whose first bit is 1 (n1 queued); quotients are queued while fewer than 12 tokens wait. */
    uint64_t u0 = 0, ends = 0, u1 = 0;
    unsigned n0 = 0, n1 = 0;
    size_t wnext = 0;
    size_t wq_i = 0, wr_i = 0, zq_i = 0, zr_i = 0, prev_wq_i = 0, prev_zq_i = 0;
    size_t zleft = 0;      /* unary ones still to send for run zq_i */
    int zstarted = 0;
    int prev_w = 0, prev_z = 0;
    do {
        long balance = alt ? (long)wq_i - (long)zq_i : 0;
        int w_en = (balance <= ETHOSU_MLW_BALANCE_MAX || !alt) && wq_i < w_cnt;
        int z_en = alt && balance >= 0 && zq_i < z_cnt;
        uint32_t wu0 = 0, wu1 = 0;
        unsigned nw1 = 0;
        if (w_en && !uncomp) {
            for (; n0 < ETHOSU_MLW_WUNARY0_BITS && wnext < w_cnt; wnext++) {
                unsigned q = idx[wnext] >> k;
                if (trunc) { /* one token: "0", "10" or "11" */
                    u0 |= (uint64_t)(q > 0) << n0;
                    ends |= (uint64_t)1 << n0;
                    u1 |= (uint64_t)(q > 1) << n1;
                    n0++;
                    n1 += q > 0;
                } else { /* q / 2 tokens "11", then "10" (q odd) or "0" */
                    const struct qtokens *t = &qtok[q];
                    u0 |= (uint64_t)t->u0 << n0;
                    ends |= (uint64_t)t->ends << n0;
                    u1 |= (uint64_t)t->u1 << n1;
                    n0 += t->n0;
                    n1 += t->n1;
                }
            }
            unsigned take = n0 < ETHOSU_MLW_WUNARY0_BITS ? n0 : ETHOSU_MLW_WUNARY0_BITS; /* rest: filler 0 */
            uint64_t mask = ((uint64_t)1 << take) - 1u;
            wu0 = (uint32_t)(u0 & mask);
            nw1 = popcount64(wu0);
            wu1 = (uint32_t)(u1 & (((uint64_t)1 << nw1) - 1u));
            wq_i += popcount64(ends & mask);
            u0 >>= take;
            ends >>= take;
            n0 -= take;
            u1 >>= nw1;
            n1 -= nw1;
            put(b, wu0, ETHOSU_MLW_WUNARY0_BITS);
        }
        if (z_en) {
            uint32_t zu = 0;
            unsigned at = 0;
            while (at < zun && zq_i < z_cnt) {
                if (!zstarted) {
                    zleft = RUN(zq_i) >> z;
                    zstarted = 1;
                }
                unsigned room = zun - at;
                if (zleft >= room) { /* ones to the end of the field */
                    zu |= ((1u << room) - 1u) << at;
                    zleft -= room;
                    at = zun;
                } else { /* the rest of this run's ones, then its 0 */
                    zu |= ((1u << zleft) - 1u) << at;
                    at += (unsigned)zleft + 1u;
                    zq_i++;
                    zstarted = 0;
                }
            }
            put(b, zu, zun);
        }
        if (w_en && !uncomp)
            put(b, wu1, nw1);
        if (w_en && uncomp) {
            size_t t = w_cnt - wq_i;
            wq_i += t < per_chunk ? t : per_chunk;
        }
        /* remainders: a few fields per put */
        if (prev_w && wrb) {
            uint32_t acc = 0, mask = (1u << wrb) - 1u;
            unsigned nb = 0;
            for (; wr_i < prev_wq_i; wr_i++) {
                if (nb + wrb > 32) {
                    put(b, acc, nb);
                    acc = 0;
                    nb = 0;
                }
                acc |= (idx[wr_i] & mask) << nb;
                nb += wrb;
            }
            put(b, acc, nb);
        }
        wr_i = prev_w ? prev_wq_i : wr_i;
        if (prev_z && z) {
            uint32_t acc = 0, mask = (1u << z) - 1u;
            unsigned nb = 0;
            for (; zr_i < prev_zq_i; zr_i++) {
                if (nb + z > 32) {
                    put(b, acc, nb);
                    acc = 0;
                    nb = 0;
                }
                acc |= (uint32_t)(RUN(zr_i) & mask) << nb;
                nb += z;
            }
            put(b, acc, nb);
        }
        zr_i = prev_z ? prev_zq_i : zr_i;
        prev_w = w_en;
        prev_z = z_en;
        prev_wq_i = wq_i;
        prev_zq_i = zq_i;
    } while (prev_w || prev_z);
#undef RUN
}

/* Exact size of s with its slices (b == NULL), or write it. Its candidate must be set up. */
int64_t mlw_put_section(struct bw *b, struct enc *e, const struct section *s, size_t lead)
{
    struct cursor c = mlw_coded_start(e, s);
    int64_t bits = 0;
    for (size_t i = 0; i < s->nsl; i++) {
        const struct slice *sl = &s->sl[i];
        mlw_coded_fill(e, s, &c, sl->count, e->cx, e->crun);
        if (b)
            put_slice(b, s, e->cx, e->crun, lead, sl->count, i == 0, sl->wp, sl->z);
        else
            bits += slice_bits(e, s, e->cx, e->crun, lead, sl->count, i == 0, sl->wp, sl->z);
    }
    return bits;
}
