/* ethosu_mlw_enc: the internals the stages of the weight stream encoder share (constants,
 * the encoder state, small helpers, the bit writer). Private to golden/ethosu/ethosu_mlw_enc*.c
 * and ethosu_mlw_encode.c; the API is ethosu_mlw_encode.h, the vocabulary its .c's header. */
#ifndef ETHOSU_MLW_ENC_H
#define ETHOSU_MLW_ENC_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ethosu_mlw.h"
#include "ethosu_mlw_encode.h"

/* The DP loops are written once for both lane counts; they must be compiled per count. */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

#define NWP       13 /* weight codings */
#define WP_UNC    12
#define NZP       4  /* zero-run divisors 0..3 */
#define DP_ZDIVS  2  /* zero-run divisors the slice DP considers per section */
#define NCODES    512
#define BIG       ((int64_t)1 << 40) /* "impossible" cost */
#define DP_BIG    ((int32_t)1 << 20) /* the same in the slice DP's cost model */
#define LANES     16                 /* DP lanes per zero-run divisor */
#define SAT       4000               /* saturated lane cost: > 2 * 60 + 21, and sums stay < 2^15 */
#define DP_BLOCK  256                /* coded weights per DP checkpoint */
#define REBASE    32                 /* DP steps between rebasing the lane costs */

/* ---------------------------------------------------------------------------------------------
 * Small helpers
 * ------------------------------------------------------------------------------------------- */

static inline unsigned bitlen(unsigned v)
{
    unsigned b = 0;
    while (v >> b)
        b++;
    return b;
}

static inline unsigned ceil_log2(unsigned v)
{
    unsigned b = 0;
    while ((1u << b) < v)
        b++;
    return b;
}

static inline unsigned ctz64(uint64_t v) /* v != 0 */
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(v);
#else
    unsigned b = 0;
    while (!((v >> b) & 1u))
        b++;
    return b;
#endif
}

/* (no popcount instruction in the baseline instruction sets: SWAR) */
static inline unsigned popcount64(uint64_t v)
{
    v = v - ((v >> 1) & 0x5555555555555555u);
    v = (v & 0x3333333333333333u) + ((v >> 2) & 0x3333333333333333u);
    v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (unsigned)((v * 0x0101010101010101u) >> 56);
}

static inline unsigned msb64(uint64_t v) /* v != 0 */
{
#if defined(__GNUC__)
    return 63u - (unsigned)__builtin_clzll(v);
#else
    unsigned b = 63;
    while (!((v >> b) & 1u))
        b--;
    return b;
#endif
}

/* Bits of one weight index under a Golomb-Rice weight coding (wparam 0..11; BIG when the
 * quotient is over its limit). Uncompressed indices cost the section's uncompressed width. */
static inline int64_t wcost(unsigned wp, unsigned idx)
{
    if (wp < 6) {
        unsigned q = idx >> wp;
        return q > ETHOSU_MLW_WQ_MAX ? BIG : (int64_t)(q + 1u + wp);
    }
    unsigned k = wp - 6u, q = idx >> k;
    return q > ETHOSU_MLW_WQ_TRUNC_MAX ? BIG : (int64_t)((q ? 2u : 1u) + k);
}

/* Unary tokens (WUNARY0 positions) of one index under a Golomb-Rice coding that fits. */
static inline unsigned wtokens(unsigned wp, unsigned idx)
{
    return wp < 6 ? ((idx >> wp) >> 1) + 1u : 1u;
}

/* Bits of one zero run under ZDIV z. */
static inline int64_t zcost(unsigned z, size_t run)
{
    return (int64_t)(run >> z) + 1 + (int64_t)z;
}

static inline unsigned wp_wdiv(unsigned wp)
{
    return wp < 6 ? wp : wp < WP_UNC ? wp - 6u : (unsigned)ETHOSU_MLW_WDIV_UNCOMP;
}

/* ethosu_mlw_weight_to_code without a branch (signs are random: histograms would mispredict) */
static inline unsigned wcode(int16_t w)
{
    unsigned neg = w < 0;
    return ((((unsigned)w ^ (0u - neg)) + neg) << 1 | neg) & ETHOSU_MLW_CODE_MAX;
}

/* ---------------------------------------------------------------------------------------------
 * Bit writer (LSB first) into a zeroed buffer that is large enough.
 * ------------------------------------------------------------------------------------------- */

struct bw {
    uint8_t *buf;
    size_t pos;   /* bits written */
    size_t byte;  /* next byte to store */
    uint64_t acc; /* bits not stored yet */
    unsigned fill;
};

static inline void put(struct bw *b, uint32_t v, unsigned n) /* n <= 32 */
{
    b->acc |= (uint64_t)(v & (uint32_t)(((uint64_t)1 << n) - 1u)) << b->fill;
    b->fill += n;
    b->pos += n;
    if (b->fill >= 32) {
        for (unsigned k = 0; k < 4; k++)
            b->buf[b->byte++] = (uint8_t)(b->acc >> (8 * k));
        b->acc >>= 32;
        b->fill -= 32;
    }
}

static inline void put_flush(struct bw *b)
{
    for (; b->fill; b->fill = b->fill > 8 ? b->fill - 8 : 0) {
        b->buf[b->byte++] = (uint8_t)b->acc;
        b->acc >>= 8;
    }
}

/* ---------------------------------------------------------------------------------------------
 * Sections: palette, offset and index of every code
 * ------------------------------------------------------------------------------------------- */

struct slice {
    size_t first, count; /* coded weights [first, first + count) of the section */
    uint8_t wp, z;
};

struct section {
    size_t a, b; /* weights [a, b) */
    int alt;
    unsigned K;  /* palette entries: 0 or 2..32 */
    unsigned dirofs, palbits;
    uint16_t pal[ETHOSU_MLW_PAL_MAX];
    uint16_t idx_of_code[NCODES]; /* zero looked up at code 1 */
    unsigned uncomp_bits, uncomp_limit;
    struct slice *sl;
    size_t nsl;
    int64_t bits; /* exact size of the section's slices */
};

/* Coded values of a histogram (hist[0] = zeros, hist[c] for c >= 2), sorted by count (most
 * frequent first; ties: larger code first; see top_sort). Zero, when coded, is listed as code 1. */
struct cv {
    uint16_t code;
    uint32_t cnt;
};

/* ---------------------------------------------------------------------------------------------
 * Encoder state
 * ------------------------------------------------------------------------------------------- */

/* One DP row: the lane costs of one index (zero-run part not included) and their minimum. */
struct dprow {
    int16_t c[LANES];
    int16_t rmin[8]; /* the minimum, in every element (loaded as one vector) */
};

struct enc {
    const int16_t *w;
    size_t n;
    /* nonzero weights */
    size_t nwords;
    uint64_t *nzbits;    /* bit i & 63 of word i >> 6: weight i is nonzero */
    uint32_t *next_word; /* [k]: first word >= k holding a nonzero weight (nwords if none); nwords + 1 */
    uint32_t *prev_word; /* [k]: 1 + last word < k holding a nonzero weight (0 if none); nwords + 1 */
    int64_t *zs;         /* [4k + z]: run-after cost (ZDIV z) of the nonzero weights before 64k */
    /* estimates: per-block prefix histograms */
    size_t G, nblk;
    uint32_t *bhist;     /* (nblk + 1) x NCODES, code of zero = 0 */
    /* scratch */
    uint16_t *cx;       /* indices of up to ETHOSU_MLW_SLICE_MAX coded weights */
    uint32_t *crun;     /* and the zero run after each */
    int16_t *ckpt;      /* DP: lanes at each block start */
    uint32_t *sticky;   /* DP: lanes that switched in each block */
    size_t *ckpos;      /* DP: weight position of each block's first coded weight (alternating) */
    size_t ckcap;
    int16_t *rel;       /* DP: lanes after each step of one block */
    int16_t *zc;        /* DP: run part of the lane costs of one block, two per coded weight */
    struct slice *path; /* backtracking: slices, last first */
    size_t pathcap;
    int oom;
    /* tables (not zeroed: filled before use) */
    int32_t wlen_t[NCODES][WP_UNC]; /* bits of an index per Golomb-Rice coding, DP_BIG when impossible */
    /* the candidate being tried, for the indices that occur */
    uint16_t xw[2 * ETHOSU_MLW_WEIGHT_MAX + 1]; /* index of each weight value (+255) */
    struct dprow rows[NCODES];
    uint64_t wsum[WP_UNC][NCODES];  /* bits | tokens << 32 (exact sizes), 0 when impossible */
    int16_t tokrow[NCODES][LANES];  /* unary tokens per wparam lane (uncompressed, unused: 0) */
};

/* ---------------------------------------------------------------------------------------------
 * The pieces the stages share
 * ------------------------------------------------------------------------------------------- */

/* First nonzero weight at or after i (n if none). */
static ALWAYS_INLINE size_t next_nz(const struct enc *e, size_t i)
{
    if (i >= e->n)
        return e->n;
    size_t k = i >> 6;
    uint64_t v = e->nzbits[k] & (~(uint64_t)0 << (i & 63u));
    if (!v) {
        k = e->next_word[k + 1];
        if (k >= e->nwords)
            return e->n;
        v = e->nzbits[k];
    }
    return (k << 6) + ctz64(v);
}

/* One candidate set of section parameters and its estimated size. */
struct cand {
    int alt;
    unsigned K;
    int64_t est;
};

/* Where the next coded weight comes from: its number and (alternating mode) its position. */
struct cursor {
    size_t i, p;
};

#define NV_MAX (DP_ZDIVS * LANES / 8) /* vectors of lanes, alternating mode */

/* One DP run: a section with its candidate set up (e->xw, e->rows), and a penalty. */
struct dp {
    struct enc *e;
    const struct section *s;
    size_t m, lead;
    unsigned nv;             /* vectors of lanes: 2, or 4 in alternating mode */
    unsigned zval[DP_ZDIVS]; /* the zero-run divisor of each lane group */
    int16_t pen;
    size_t nblocks;
    /* results of the forward pass */
    unsigned final_lane;
    int64_t value;           /* the path's index and run bits, + pen per slice change */
    int clamped;             /* a run cost was clamped at DP_BIG (value is then too small) */
    int64_t wfill[LANES];    /* a single slice in wparam lane l: its unused WUNARY0 positions */
    int64_t zfill[DP_ZDIVS]; /* ... and in lane group zi its unused ZUNARY positions */
};

/* ---------------------------------------------------------------------------------------------
 * The stages, one file each
 * ------------------------------------------------------------------------------------------- */

/* ethosu_mlw_enc_runs.c */
void mlw_range_hist(const struct enc *e, size_t a, size_t b, uint32_t *hist);
void mlw_range_runs(const struct enc *e, size_t a, size_t b, int64_t *rc);

/* ethosu_mlw_enc_palette.c */
int mlw_cv_before(struct cv x, struct cv y);
size_t mlw_coded_values(const uint32_t *hist, int alt, struct cv *list);
int mlw_palette_for(struct section *s, const struct cv *list, size_t d, unsigned K);

/* ethosu_mlw_enc_estimate.c */
size_t mlw_estimate(const struct enc *e, size_t a, size_t b, const uint32_t *hist, struct cand *out,
                    size_t maxc);
int64_t mlw_est_hist(const struct enc *e, size_t a, size_t b, const uint32_t *hist);
int64_t mlw_est_range(const struct enc *e, size_t a, size_t b);

/* ethosu_mlw_enc_coded.c */
struct cursor mlw_coded_start(const struct enc *e, const struct section *s);
size_t mlw_coded_count(const struct enc *e, const struct section *s, const uint32_t *hist, size_t *lead);
void mlw_coded_fill(const struct enc *e, const struct section *s, struct cursor *c, size_t cnt, uint16_t *x,
                    uint32_t *run);

/* ethosu_mlw_enc_dp.c */
uint64_t mlw_nonzero_bits64(const int16_t *w);
int mlw_weights_in_range(const int16_t *w, size_t n);
int mlw_dp_scratch(struct enc *e, size_t nblocks);
void mlw_dp_forward(struct dp *d);
size_t mlw_dp_backtrack(struct dp *d);

/* ethosu_mlw_enc_pack.c */
int64_t mlw_put_section(struct bw *b, struct enc *e, const struct section *s, size_t lead);

/* ethosu_mlw_enc_search.c */
int64_t mlw_optimize_section(struct enc *e, struct section *s);

/* ethosu_mlw_enc_sections.c */
int mlw_build_index(struct enc *e);
size_t mlw_make_sections(struct enc *e, size_t *bnd);

#endif
