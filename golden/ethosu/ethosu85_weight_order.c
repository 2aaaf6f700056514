/* ethosu85_weight_order: the Ethos-U85 weight order (ethosu85_weight_order.h).
 *
 * Read from Vela 5.2's EthosU85WeightOrdering / EthosU85WeightOrderingFwd (its resumable
 * state machine written here as one walk), and checked against Vela's real streams on the
 * five configurations (golden/tests/test_ethosu85_weights.c). Points that are easy to get
 * wrong:
 *  - sub-kernels are walked x outer, y inner (the U55/U65 order is y outer);
 *  - the IFM block loop changes direction with every OFM block, starting where the previous
 *    one ended;
 *  - the elements of a sub-kernel are split by stride phase only in part-kernel-first and
 *    depth-wise order, and walked as a serpentine;
 *  - the rounding of the element count pads whole elements (IFM microblock x the stream's OFM
 *    channels of the microblock), after the last element;
 *  - depth-wise adds dw_pad zero elements after every 10th element and with the final
 *    padding. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic")   /* scatter_group's copies */
#endif
#include "ethosu85_weight_order.h"
#include "ethosu_weight_order.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_ops_util.h"

/* ---- configuration ---------------------------------------------------------------------- */

static int dim_ok(uint32_t v) { return v >= 1 && v <= ETHOSU85_WO_MAX_DIM; }

/* IFM channels of one IFM microblock group: 16 with sparsity, 8, 1 depth-wise. */
static uint32_t ifm_group(const struct ethosu85_weight_order_cfg *c)
{
    if (c->traversal == ETHOSU85_DEPTHWISE)
        return 1;
    return c->sparse ? 16 : 8;
}

/* IFM microblock depth: 8 at 16 bit part-kernel-first without sparsity, 1 depth-wise, the
 * IFM block otherwise. */
static uint32_t ifm_ublock(const struct ethosu85_weight_order_cfg *c)
{
    if (c->traversal == ETHOSU85_DEPTHWISE)
        return 1;
    if (c->traversal == ETHOSU85_PART_KERNEL_FIRST && c->ifm_bits == 16 && !c->sparse)
        return 8;
    return c->ifm_block_depth;
}

/* Element rounding of a sub-kernel. */
static uint32_t elem_round(const struct ethosu85_weight_order_cfg *c)
{
    switch (c->traversal) {
    case ETHOSU85_PART_KERNEL_FIRST:
        return c->ifm_bits == 16 || c->sparse ? 10 : 5;
    case ETHOSU85_DEPTHWISE:
        return 10;
    default:
        return 1;
    }
}

/* Zero elements depth-wise adds after each 10 elements. */
static uint32_t dw_pad(const struct ethosu85_weight_order_cfg *c)
{
    if (c->traversal != ETHOSU85_DEPTHWISE)
        return 0;
    if (c->ifm_bits != 16 && c->macs <= 256)
        return 0;
    return c->macs <= 512 ? 2 : 6;
}

int ethosu85_weight_order_check(const struct ethosu85_weight_order_cfg *c)
{
    if (!c)
        return -1;
    if (!dim_ok(c->ofm_depth) || !dim_ok(c->kernel_h) || !dim_ok(c->kernel_w) ||
        !dim_ok(c->ifm_depth))
        return -1;
    if (c->macs != 128 && c->macs != 256 && c->macs != 512 && c->macs != 1024 && c->macs != 2048)
        return -1;
    if (c->streams != 1 && c->streams != 2 && c->streams != 4)
        return -1;
    uint32_t u = c->ofm_ublock_depth;
    if ((u != 8 && u != 16 && u != 32 && u != 64) || u % (ETHOSU85_WO_INTERLEAVE * c->streams))
        return -1;
    if (c->ofm_block_depth < 1 || c->ofm_block_depth > ETHOSU85_WO_MAX_DIM ||
        c->ofm_block_depth % u)
        return -1;
    if (c->ifm_bits != 8 && c->ifm_bits != 16 && c->ifm_bits != 32)
        return -1;
    if (c->stride_x < 1 || c->stride_x > 4 || c->stride_y < 1 || c->stride_y > 4)
        return -1;
    if ((c->dilation_x != 1 && c->dilation_x != 2) || (c->dilation_y != 1 && c->dilation_y != 2))
        return -1;
    if (c->kernel_split != 8 && c->kernel_split != 4)
        return -1;
    switch (c->traversal) {
    case ETHOSU85_DEPTHWISE:
        return c->ifm_depth == 1 && c->ifm_block_depth >= 1 && !c->sparse && !c->fwd ? 0 : -1;
    case ETHOSU85_DEPTH_FIRST:
    case ETHOSU85_PART_KERNEL_FIRST: {
        uint32_t ib = c->ifm_block_depth;
        if (ib < 1 || ib > ETHOSU85_WO_MAX_DIM || ib % ifm_group(c) || ib % ifm_ublock(c))
            return -1;
        return ifm_ublock(c) % ifm_group(c) ? -1 : 0;
    }
    }
    return -1;
}

unsigned ethosu85_weight_order_coded_streams(const struct ethosu85_weight_order_cfg *c)
{
    if (ethosu85_weight_order_check(c))
        return 0;
    return c->fwd ? 1u : c->streams;
}

/* ---- count -------------------------------------------------------------------------------- */

static int mul(uint64_t a, uint64_t b, uint64_t *r)
{
    if (a && b > UINT64_MAX / a)
        return -1;
    *r = a * b;
    return 0;
}

static uint64_t round_up(uint64_t v, uint64_t m) { return (v + m - 1) / m * m; }

/* List elements one sub-kernel of n kernel elements takes (padding elements included). */
static uint64_t sub_elems(const struct ethosu85_weight_order_cfg *c, uint64_t n)
{
    uint64_t e = round_up(n, elem_round(c));
    if (c->traversal == ETHOSU85_DEPTHWISE)
        e += e / 10 * dw_pad(c); /* one dw_pad after each 10, the last one with the rounding */
    return e;
}

static uint64_t sub_elems_of(const void *c, uint64_t n)
{
    return sub_elems((const struct ethosu85_weight_order_cfg *)c, n);
}

/* Closed form of one stream's walk: (the stream's OFM slots) x (IFM slots per element) x
 * (elements of all sub-kernels); each factor is independent of the others. */
static size_t count_stream(const struct ethosu85_weight_order_cfg *c)
{
    uint64_t u = c->ofm_ublock_depth, obd = c->ofm_block_depth;
    uint64_t ofm = (c->ofm_depth / obd * obd + round_up(c->ofm_depth % obd, u)) / c->streams;

    uint64_t ifm = 1;
    if (c->traversal != ETHOSU85_DEPTHWISE) {
        uint64_t ibd = c->ifm_block_depth;
        ifm = c->ifm_depth / ibd * ibd + round_up(c->ifm_depth % ibd, ifm_ublock(c));
    }

    uint64_t dw = c->kernel_split / c->dilation_x, dh = c->kernel_split / c->dilation_y;
    uint64_t elems = ethosu_weight_order_kernel_elems(c->kernel_w, c->kernel_h, dw, dh, sub_elems_of, c);

    uint64_t n;
    if (mul(ofm, ifm, &n) || mul(n, elems, &n) || n > SIZE_MAX)
        return 0;
    return (size_t)n;
}

size_t ethosu85_weight_order_count(const struct ethosu85_weight_order_cfg *c, unsigned s)
{
    if (ethosu85_weight_order_check(c) || s >= c->streams)
        return 0;
    return count_stream(c);
}

size_t ethosu85_weight_order_fwd_block(const struct ethosu85_weight_order_cfg *c)
{
    if (ethosu85_weight_order_check(c))
        return 0;
    uint32_t r = c->traversal == ETHOSU85_PART_KERNEL_FIRST ? elem_round(c) : 1;
    return (size_t)c->ofm_ublock_depth * ifm_ublock(c) * r / c->streams;
}

size_t ethosu85_weight_order_coded_count(const struct ethosu85_weight_order_cfg *c, unsigned k)
{
    if (k >= ethosu85_weight_order_coded_streams(c))
        return 0;
    size_t n = count_stream(c);
    if (!c->fwd)
        return n;
    return n > SIZE_MAX / c->streams ? 0 : n * c->streams;
}

/* ---- the walk ----------------------------------------------------------------------------- */

/* Where the walk's positions go: list values from dense weights (dst), the
 * list -> dense index map (map), or a decoded list scattered back to dense
 * weights as it is walked (list: no map of 8 bytes a weight in between). */
struct sink {
    const int16_t *src; /* dense weights, or NULL */
    int16_t *dst;       /* list values, or NULL */
    int64_t *map;       /* list -> dense index, or NULL */
    const int16_t *list; /* decoded list to scatter, or NULL */
    int16_t *dense;     /* its dense weights, */
    int32_t *dense32;   /* or as int32 (the kernels' type) */
    size_t placed;      /* dense weights written (the walk places each at most once) */
    size_t fwd_n, fwd_b; /* FWD: positions per stream and block (fwd_b 0: the list is the stream) */
    unsigned s, streams;
    int bad;            /* a padding position held a weight: */
    size_t bad_pos;     /* its list position */
    int16_t bad_v;      /* and value */
    size_t n;           /* positions emitted */
};

static size_t fwd_pos(size_t i, unsigned s, size_t n, size_t b, unsigned streams);

static inline void scatter(struct sink *k, int64_t idx)
{
    size_t p = k->fwd_b ? fwd_pos(k->n, k->s, k->fwd_n, k->fwd_b, k->streams) : k->n;
    int16_t v = k->list[p];
    if (idx >= 0) {
        if (k->dense32)
            k->dense32[idx] = v;
        else
            k->dense[idx] = v;
        k->placed++;
    } else if (v && !k->bad) {
        k->bad = 1;
        k->bad_pos = p;
        k->bad_v = v;
    }
}

/* One position of the walk, per sink kind: walk_with is inlined with each,
 * so the walk's inner loop holds no test of what the sink is. */
typedef void (*put_fn)(struct sink *k, int64_t idx);

static inline void put_dst(struct sink *k, int64_t idx)
{
    k->dst[k->n++] = idx < 0 ? 0 : k->src[idx];
}

static inline void put_map(struct sink *k, int64_t idx)
{
    k->map[k->n++] = idx;
}

static inline void put_scatter(struct sink *k, int64_t idx)
{
    scatter(k, idx);
    k->n++;
}


static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* A decoded list scattered to dense weights, one IFM group at a time: the
 * group's first `real` positions are weights (base, base + 1, ...: contiguous
 * in OHWI), the rest padding, which must hold 0. The list is the stream
 * (no FWD interleave), so the group's positions are k->n onwards. */
static inline void scatter_group(struct sink *k, int64_t base, int64_t real, uint32_t grp)
{
    const int16_t *l = k->list + k->n;
    if (k->dense32) {
        int32_t *d = k->dense32 + base;
        for (int64_t iz = 0; iz < real; iz++)
            d[iz] = l[iz];
    } else {
        int16_t *d = k->dense + base;
        for (int64_t iz = 0; iz < real; iz++)
            d[iz] = l[iz];
    }
    for (int64_t iz = real; iz < grp && !k->bad; iz++)
        if (l[iz]) {
            k->bad = 1;
            k->bad_pos = k->n + (size_t)iz;
            k->bad_v = l[iz];
        }
    k->placed += (size_t)real;
    k->n += grp;
}

/* put: one position at a time; groups (a constant after inlining): whole IFM
 * groups through scatter_group instead. */
static inline __attribute__((always_inline)) void walk_with(const struct ethosu85_weight_order_cfg *c, unsigned s,
                                                            struct sink *k, put_fn put, int groups)
{
    const int dwise = c->traversal == ETHOSU85_DEPTHWISE;
    const int64_t od = c->ofm_depth, id = c->ifm_depth;
    const uint32_t obd = c->ofm_block_depth, u = c->ofm_ublock_depth, S = c->streams;
    const int64_t ibd = c->ifm_block_depth;
    const uint32_t iu = ifm_ublock(c), grp = ifm_group(c), rnd = elem_round(c);
    const uint32_t dpad = dw_pad(c);
    const uint32_t dcx = c->kernel_split / c->dilation_x, dcy = c->kernel_split / c->dilation_y;
    /* depth-first walks each sub-kernel whole (stride 1) */
    const uint32_t stx = c->traversal == ETHOSU85_DEPTH_FIRST ? 1 : c->stride_x;
    const uint32_t sty = c->traversal == ETHOSU85_DEPTH_FIRST ? 1 : c->stride_y;
    const int64_t ifm_end = dwise ? 1 : id;
    const uint32_t per_elem = iu * (u / S); /* list positions of one element */

    int64_t iblk = 0, dir = -ibd;
    for (int64_t oblk = 0; oblk < od; oblk += obd) {
        dir = -dir; /* forward on the first OFM block, then alternately */
        uint32_t cobd = (uint32_t)(od - oblk < obd ? od - oblk : obd);
        for (int64_t iz0 = iblk; iz0 >= 0 && iz0 < ifm_end; iz0 += dir) {
            iblk = iz0;
            uint32_t cibd = (uint32_t)(id - iz0 < ibd ? id - iz0 : ibd);
            for (uint32_t skx = 0; skx < c->kernel_w; skx += dcx) {
                uint32_t sw = min_u32(c->kernel_w - skx, dcx);
                for (uint32_t sky = 0; sky < c->kernel_h; sky += dcy) {
                    uint32_t sh = min_u32(c->kernel_h - sky, dcy);
                    uint32_t outer = dwise ? 1 : cibd;
                    for (uint32_t iuo = 0; iuo < outer; iuo += iu) {
                        for (uint32_t uo = 0; uo < cobd; uo += u) {
                            uint32_t left = (sw * sh + rnd - 1) / rnd * rnd;
                            for (uint32_t py = 0; py < sty; py++) {
                                uint32_t skh = (sh + sty - 1 - py) / sty;
                                for (uint32_t px = 0; px < stx; px++) {
                                    uint32_t skw = (sw + stx - 1 - px) / stx;
                                    for (uint32_t ky = 0; ky < skh; ky++) {
                                        for (uint32_t kx = 0; kx < skw; kx++) {
                                            uint32_t x = ky % 2 == 0 ? kx : skw - 1 - kx;
                                            int64_t wx = skx + px + (int64_t)x * stx;
                                            int64_t wy = sky + py + (int64_t)ky * sty;
                                            left--;
                                            for (uint32_t iui = 0; iui < iu; iui += grp)
                                                for (uint32_t uz = s * ETHOSU85_WO_INTERLEAVE;
                                                     uz < u; uz += ETHOSU85_WO_INTERLEAVE * S)
                                                    for (uint32_t oi = 0;
                                                         oi < ETHOSU85_WO_INTERLEAVE; oi++) {
                                                        /* grp IFM channels from ifm_z0: the
                                                         * first `real` of them are weights */
                                                        int64_t ifm_z0 = iz0 + iuo + iui;
                                                        int64_t ofm_z = oblk + uo + oi + uz;
                                                        int64_t real = ofm_z < od ? id - ifm_z0 : 0;
                                                        real = real < 0 ? 0 : real > grp ? grp : real;
                                                        int64_t base = ((ofm_z * c->kernel_h + wy) *
                                                                        c->kernel_w + wx) * id + ifm_z0;
                                                        if (groups) {
                                                            scatter_group(k, base, real, grp);
                                                            continue;
                                                        }
                                                        for (int64_t iz = 0; iz < real; iz++)
                                                            put(k, base + iz);
                                                        for (int64_t iz = real; iz < grp; iz++)
                                                            put(k, -1);
                                                    }
                                            if (dwise && left % rnd == 0)
                                                for (uint64_t z = (uint64_t)dpad * (u / S); z; z--)
                                                    put(k, -1);
                                        }
                                    }
                                }
                            }
                            if (left > 0)
                                for (uint64_t z = (uint64_t)(left + dpad) * per_elem; z; z--)
                                    put(k, -1);
                        }
                    }
                }
            }
        }
    }
}

static void walk(const struct ethosu85_weight_order_cfg *c, unsigned s, struct sink *k)
{
    if (k->list && !k->fwd_b)
        walk_with(c, s, k, put_scatter, 1);
    else if (k->list)
        walk_with(c, s, k, put_scatter, 0);
    else if (k->map)
        walk_with(c, s, k, put_map, 0);
    else
        walk_with(c, s, k, put_dst, 0);
}

static int run(const struct ethosu85_weight_order_cfg *c, unsigned s, const int16_t *src,
               int16_t *dst, int64_t *map, size_t len)
{
    size_t n = ethosu85_weight_order_count(c, s);
    if (!n || len < n)
        return -1;
    struct sink k = { .src = src, .dst = dst, .map = map };
    walk(c, s, &k);
    return k.n == n ? 0 : -1; /* the walk and the closed form agree */
}

int ethosu85_weight_order_map(const struct ethosu85_weight_order_cfg *c, unsigned s,
                              int64_t *map, size_t map_len)
{
    if (!map)
        return -1;
    return run(c, s, NULL, NULL, map, map_len);
}

int ethosu85_weight_order(const struct ethosu85_weight_order_cfg *c, unsigned s,
                          const int16_t *src, int16_t *dst, size_t dst_len)
{
    if (!src || !dst)
        return -1;
    return run(c, s, src, dst, NULL, dst_len);
}

/* FWD: position in the coded list of stream s's i-th value (n per stream, block b). */
static size_t fwd_pos(size_t i, unsigned s, size_t n, size_t b, unsigned streams)
{
    size_t full = n / b * b;
    if (i < full)
        return i / b * b * streams + (size_t)s * b + i % b;
    return full * streams + (size_t)s * (n - full) + (i - full);
}

int ethosu85_weight_order_coded(const struct ethosu85_weight_order_cfg *c, unsigned k,
                                const int16_t *src, int16_t *dst, size_t dst_len)
{
    size_t total = ethosu85_weight_order_coded_count(c, k);
    if (!total || dst_len < total || !src || !dst)
        return -1;
    if (!c->fwd)
        return ethosu85_weight_order(c, k, src, dst, dst_len);
    size_t n = count_stream(c), b = ethosu85_weight_order_fwd_block(c);
    int16_t *one = malloc(n * sizeof *one);
    if (!one)
        return -1;
    for (unsigned s = 0; s < c->streams; s++) {
        if (ethosu85_weight_order(c, s, src, one, n)) {
            free(one);
            return -1;
        }
        for (size_t i = 0; i < n; i++)
            dst[fwd_pos(i, s, n, b, c->streams)] = one[i];
    }
    free(one);
    return 0;
}

/* ---- back to dense ------------------------------------------------------------------------ */


static int to_dense(const struct ethosu85_weight_order_cfg *c, const int16_t *const *lists, const size_t *lens,
                    int16_t *dense, int32_t *dense32, size_t dense_len, char *err, size_t errlen);

int ethosu85_weights_to_dense(const struct ethosu85_weight_order_cfg *c,
                              const int16_t *const *lists, const size_t *lens, int16_t *dense,
                              size_t dense_len, char *err, size_t errlen)
{
    return to_dense(c, lists, lens, dense, NULL, dense_len, err, errlen);
}

int ethosu85_weights_to_dense32(const struct ethosu85_weight_order_cfg *c, const int16_t *const *lists,
                                const size_t *lens, int32_t *dense, size_t dense_len, char *err, size_t errlen)
{
    return to_dense(c, lists, lens, NULL, dense, dense_len, err, errlen);
}

static int to_dense(const struct ethosu85_weight_order_cfg *c, const int16_t *const *lists, const size_t *lens,
                    int16_t *dense, int32_t *dense32, size_t dense_len, char *err, size_t errlen)
{
    if (ethosu85_weight_order_check(c))
        return ethosu_ops_fail(err, errlen, "weight order: invalid configuration");
    if (!lists || !lens || (!dense && !dense32))
        return ethosu_ops_fail(err, errlen, "weight order: NULL pointer");
    uint64_t nd = (uint64_t)c->ofm_depth * c->kernel_h * c->kernel_w; /* < 2^48 */
    if (mul(nd, c->ifm_depth, &nd) || nd > SIZE_MAX || dense_len < nd)
        return ethosu_ops_fail(err, errlen, "weight order: dense buffer of %zu values, %llu needed",
                    dense_len, (unsigned long long)nd);
    const unsigned coded = ethosu85_weight_order_coded_streams(c);
    for (unsigned k = 0; k < coded; k++) {
        size_t need = ethosu85_weight_order_coded_count(c, k);
        if (!need)
            return ethosu_ops_fail(err, errlen, "weight order: list too long for this machine");
        if (!lists[k])
            return ethosu_ops_fail(err, errlen, "weight order: NULL list %u", k);
        if (lens[k] < need)
            return ethosu_ops_fail(err, errlen, "weight stream %u: %zu weights decoded, the order needs %zu",
                        k, lens[k], need);
    }
    size_t n = count_stream(c), placed = 0;
    int rc = 0;
    for (unsigned s = 0; s < c->streams && !rc; s++) {
        struct sink k = { .list = lists[c->fwd ? 0 : s], .dense = dense, .dense32 = dense32, .s = s,
                          .streams = c->streams };
        if (c->fwd) {
            k.fwd_n = n;
            k.fwd_b = ethosu85_weight_order_fwd_block(c);
        }
        walk(c, s, &k);
        placed += k.placed;
        if (k.n != n)
            rc = ethosu_ops_fail(err, errlen, "weight order: walk failed");
        else if (k.bad)
            rc = ethosu_ops_fail(err, errlen,
                                 "weight stream %u position %zu: padding holds %d, not 0 (the "
                                 "stream does not follow this order)",
                                 c->fwd ? 0u : s, k.bad_pos, k.bad_v);
    }
    /* each dense index at most once (test_ethosu85_weights walks random orders): the count
     * tells whether all were */
    if (!rc && placed != nd)
        rc = ethosu_ops_fail(err, errlen, "weight order: %zu of %llu dense weights in the streams", placed,
                             (unsigned long long)nd);
    return rc;
}
