/* ethosu_weight_order: the Ethos-U65 weight block ordering (TRM 4.7.5).
 *
 * Readings of the OCR'd TRM text (102023_0000_06, 4.7.5 and its three
 * pseudocode listings) where it is garbled or contradicts itself:
 *
 *  1. Sub-kernel loops. All three listings step the outer loop
 *     "kernel_x < kernel_width; kernel_x += decomp_h" and the inner one
 *     "kernel_y < kernel_height; kernel_y += decomp_w", while the bodies take
 *     subkernel_width = min(kernel_width - kernel_x, decomp_w) and
 *     subkernel_height from kernel_y and decomp_h. With one-axis dilation
 *     (decomp_w != decomp_h) the loops as printed would skip or repeat
 *     columns, so a step or a name is wrong. We keep the printed steps (outer
 *     loop by decomp_h, inner by decomp_w) and read the names to match them:
 *     the outer loop walks kernel rows (y), the inner one columns (x). The
 *     sub-kernels are thus visited row by row, like the elements inside a
 *     sub-kernel (kernel_i % subkernel_width is x: x fastest).
 *  2. Comparisons. The padding tests read "subkernel_y = subkernel_height",
 *     "ifm_z = ifm_depth", "ofm_z = ofm_depth": the OCR lost the '>' of
 *     '>='. Read as >= (every position past the real data is padding).
 *  3. Part-kernel-first IFM block depth. Its listing sets ifm_block_depth to
 *     32 at 8-bit (copied from the depth-first listing) but then covers
 *     only iblk_d = min(16, ifm_depth - iblk_z) channels of each block; with
 *     a step of 32, IFM channels 16..31 of every block would never be
 *     emitted. The min(16, ...) is taken as the truth: part-kernel-first
 *     IFM blocks are 16 channels at both precisions.
 *  4. Ranges. "[4.8]" / "14.8]" for ublk_depth and kernel_split_size are
 *     the sets {4, 8} (kernel_split_size is 8 or 4, NPU_SET_KERNEL_STRIDE b5).
 *     Dilation is "by 2 enabled": factor 1 or 2.
 *  5. Source dimensions. The input tables list "[ofm_z][ifm_z][kernel_x]
 *     [kernel_y]" but the listings index weights[ofm_z][ifm_z][ky][kx] and
 *     bound kx by kernel_width; the indices of the listings are used (kx
 *     is the column within kernel_width). The storage order of the source
 *     is this module's choice (OHWI), it does not change the output.
 *  6. Depth-first keeps whole IFM blocks: its IFM microblock loop runs to
 *     ifm_block_depth, not to the channels left (unlike part-kernel-first),
 *     and its element count is not rounded. Both as printed.
 *  7. Depth-wise has no IFM loops (the overview: the part-kernel-first
 *     order without the loops over IFM depth); the source is
 *     [ofm][ky][kx] (ifm_depth 1), each element gives ublk_depth weights.
 *  8. ofm_block_depth must be a multiple of ublk_depth. The listings step
 *     ublk_z by ublk_depth below blk_d and then emit ublk_depth channels,
 *     padding only past ofm_depth, so a block of 2 with microblocks of 4
 *     would emit the next block's channels twice. Rejected rather than
 *     guessed.
 */
#include "ethosu_weight_order.h"

#include <string.h>

/* ---- configuration ---------------------------------------------------- */

static int dim_ok(uint32_t v) { return v >= 1 && v <= ETHOSU_WO_MAX_DIM; }

/* The walk, with the OFM side possibly a parallel-mode half: list channel
 * ofm_z is source channel ofm_first + ofm_z * ofm_step. */
struct walk_cfg {
    const struct ethosu_weight_order_cfg *c;
    uint32_t ofm_depth, ofm_block_depth, ofm_first, ofm_step;
};

static int check_walk(const struct walk_cfg *w)
{
    const struct ethosu_weight_order_cfg *c = w->c;
    if (!dim_ok(w->ofm_depth) || !dim_ok(c->kernel_h) || !dim_ok(c->kernel_w) ||
        !dim_ok(c->ifm_depth))
        return -1;
    if (c->ublk_depth != 4 && c->ublk_depth != 8)
        return -1;
    if (w->ofm_block_depth < 1 || w->ofm_block_depth > ETHOSU_WO_MAX_OFM_BLOCK ||
        w->ofm_block_depth % c->ublk_depth)
        return -1;
    if (c->kernel_split != 4 && c->kernel_split != 8)
        return -1;
    if ((c->dilation_x != 1 && c->dilation_x != 2) || (c->dilation_y != 1 && c->dilation_y != 2))
        return -1;
    switch (c->traversal) {
    case ETHOSU_DEPTHWISE:
        return c->ifm_depth == 1 ? 0 : -1;
    case ETHOSU_DEPTH_FIRST:
    case ETHOSU_PART_KERNEL_FIRST:
        return c->ifm_bits == 8 || c->ifm_bits == 16 ? 0 : -1;
    }
    return -1;
}

static struct walk_cfg whole(const struct ethosu_weight_order_cfg *c)
{
    struct walk_cfg w = { c, c->ofm_depth, c->ofm_block_depth, 0, 1 };
    return w;
}

/* Parallel mode half for core (0 or 1); -1 when it cannot be formed. */
static int half(const struct ethosu_weight_order_cfg *c, unsigned core, struct walk_cfg *w)
{
    if (!c || core > 1 || c->ofm_depth < 2)
        return -1;
    w->c = c;
    w->ofm_depth = core ? c->ofm_depth / 2 : (c->ofm_depth + 1) / 2;
    /* Vela's core block depth, (block + cores - 1 - core) / cores, padded
     * to whole microblocks: with block 24 and microblock 8 each core walks
     * blocks of 16 holding 12 channels (the u65-512 corpus agrees). */
    uint32_t cbd = (c->ofm_block_depth + 1 - core) / 2;
    if (c->ublk_depth)
        cbd = (cbd + c->ublk_depth - 1) / c->ublk_depth * c->ublk_depth;
    w->ofm_block_depth = cbd;
    w->ofm_first = core;
    w->ofm_step = 2;
    return check_walk(w);
}

int ethosu_weight_order_check(const struct ethosu_weight_order_cfg *c)
{
    if (!c)
        return -1;
    struct walk_cfg w = whole(c);
    return check_walk(&w);
}

static uint32_t ifm_block(const struct ethosu_weight_order_cfg *c)
{
    switch (c->traversal) {
    case ETHOSU_DEPTH_FIRST:
        return c->ifm_bits == 16 ? 16 : 32;
    case ETHOSU_PART_KERNEL_FIRST:
        return 16; /* reading 3 */
    default:
        return 1;
    }
}

uint32_t ethosu_weight_order_ifm_block_depth(const struct ethosu_weight_order_cfg *c)
{
    return ethosu_weight_order_check(c) ? 0 : ifm_block(c);
}

/* Kernel elements of a sub-kernel as the list holds them: rounded up to 4
 * (depth-wise; part-kernel-first 8-bit), 2 (part-kernel-first 16-bit), or
 * as they are (depth-first). */
static uint64_t elem_round(const struct ethosu_weight_order_cfg *c, uint64_t n)
{
    unsigned r = 1;
    if (c->traversal == ETHOSU_DEPTHWISE)
        r = 4;
    else if (c->traversal == ETHOSU_PART_KERNEL_FIRST)
        r = c->ifm_bits == 16 ? 2 : 4;
    return (n + r - 1) / r * r;
}

static uint64_t elem_round_of(const void *c, uint64_t n)
{
    return elem_round((const struct ethosu_weight_order_cfg *)c, n);
}

uint64_t ethosu_weight_order_kernel_elems(uint64_t kernel_w, uint64_t kernel_h, uint64_t dw, uint64_t dh,
                                          uint64_t (*elems)(const void *ctx, uint64_t n), const void *ctx)
{
    uint64_t nx = kernel_w / dw, rx = kernel_w % dw;
    uint64_t ny = kernel_h / dh, ry = kernel_h % dh;
    return nx * ny * elems(ctx, dw * dh) + nx * (ry ? elems(ctx, dw * ry) : 0) +
           ny * (rx ? elems(ctx, rx * dh) : 0) + (rx && ry ? elems(ctx, rx * ry) : 0);
}

static uint32_t decomp_w(const struct ethosu_weight_order_cfg *c)
{
    return c->kernel_split / c->dilation_x;
}

static uint32_t decomp_h(const struct ethosu_weight_order_cfg *c)
{
    return c->kernel_split / c->dilation_y;
}

/* ---- count -------------------------------------------------------------- */

/* a * b into *r; 0, or -1 on overflow of uint64_t. */
static int mul(uint64_t a, uint64_t b, uint64_t *r)
{
    if (a && b > UINT64_MAX / a)
        return -1;
    *r = a * b;
    return 0;
}

static uint64_t round_up(uint64_t v, uint64_t m) { return (v + m - 1) / m * m; }

/* Closed form of what the walk emits: (OFM channels incl. microblock
 * padding) x (IFM slots per kernel element) x (padded kernel elements of all
 * sub-kernels). Sizes are at most 2^16 each, so only the final products can
 * overflow. */
static size_t count_walk(const struct walk_cfg *w)
{
    const struct ethosu_weight_order_cfg *c = w->c;
    uint64_t u = c->ublk_depth, obd = w->ofm_block_depth;
    uint64_t ofm = w->ofm_depth / obd * obd + round_up(w->ofm_depth % obd, u);

    uint64_t ifm = 1;
    if (c->traversal == ETHOSU_DEPTH_FIRST)
        ifm = round_up(c->ifm_depth, ifm_block(c));
    else if (c->traversal == ETHOSU_PART_KERNEL_FIRST)
        ifm = c->ifm_depth / 16 * 16 + round_up(c->ifm_depth % 16, 8);

    /* Sub-kernels: full ones dw x dh, a narrower last column rx, a shorter
     * last row ry. */
    uint64_t elems = ethosu_weight_order_kernel_elems(c->kernel_w, c->kernel_h, decomp_w(c), decomp_h(c),
                                                      elem_round_of, c);

    uint64_t n;
    if (mul(ofm, ifm, &n) || mul(n, elems, &n) || n > SIZE_MAX)
        return 0;
    return (size_t)n;
}

size_t ethosu_weight_order_count(const struct ethosu_weight_order_cfg *c)
{
    if (ethosu_weight_order_check(c))
        return 0;
    struct walk_cfg w = whole(c);
    return count_walk(&w);
}

size_t ethosu_weight_order_parallel_count(const struct ethosu_weight_order_cfg *c, unsigned core)
{
    struct walk_cfg w;
    if (half(c, core, &w))
        return 0;
    return count_walk(&w);
}

/* ---- the walk ----------------------------------------------------------- */

struct sink {
    const int16_t *src;
    int16_t *dst;
    int64_t *map;
    size_t n;
};

/* One list position: source (ofm_z, ky, kx, ifm_z), or padding. */
static void put(struct sink *s, const struct walk_cfg *w, int pad, uint32_t ofm_z, uint32_t ky,
                uint32_t kx, uint32_t ifm_z)
{
    const struct ethosu_weight_order_cfg *c = w->c;
    int64_t idx = -1;
    if (!pad) {
        uint64_t o = (uint64_t)w->ofm_first + (uint64_t)ofm_z * w->ofm_step;
        idx = (int64_t)(((o * c->kernel_h + ky) * c->kernel_w + kx) * c->ifm_depth + ifm_z);
    }
    if (s->dst)
        s->dst[s->n] = idx < 0 ? 0 : s->src[idx];
    if (s->map)
        s->map[s->n] = idx;
    s->n++;
}

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

static void walk(const struct walk_cfg *w, struct sink *s)
{
    const struct ethosu_weight_order_cfg *c = w->c;
    const uint32_t od = w->ofm_depth, obd = w->ofm_block_depth, u = c->ublk_depth;
    const uint32_t id = c->ifm_depth, ibd = ifm_block(c);
    const uint32_t dw = decomp_w(c), dh = decomp_h(c);
    const int dwise = c->traversal == ETHOSU_DEPTHWISE;

    for (uint32_t blk_z = 0; blk_z < od; blk_z += obd) {
        uint32_t blk_d = min_u32(obd, od - blk_z);
        /* Depth-wise: a single pass, no IFM loops (reading 7). */
        for (uint32_t iblk_z = 0; iblk_z < (dwise ? 1 : id); iblk_z += ibd) {
            for (uint32_t ky0 = 0; ky0 < c->kernel_h; ky0 += dh) {     /* reading 1 */
                for (uint32_t kx0 = 0; kx0 < c->kernel_w; kx0 += dw) {
                    uint32_t sw = min_u32(c->kernel_w - kx0, dw);
                    uint32_t sh = min_u32(c->kernel_h - ky0, dh);
                    uint32_t size = (uint32_t)elem_round(c, (uint64_t)sw * sh);

                    switch (c->traversal) {
                    case ETHOSU_DEPTHWISE:
                        for (uint32_t ublk_z = 0; ublk_z < blk_d; ublk_z += u)
                            for (uint32_t ki = 0; ki < size; ki++) {
                                uint32_t sx = ki % sw, sy = ki / sw;
                                for (uint32_t z = 0; z < u; z++) {
                                    uint32_t ofm_z = blk_z + ublk_z + z;
                                    put(s, w, sy >= sh || ofm_z >= od, ofm_z, ky0 + sy, kx0 + sx,
                                        0);
                                }
                            }
                        break;
                    case ETHOSU_DEPTH_FIRST:
                        for (uint32_t ublk_z = 0; ublk_z < blk_d; ublk_z += u)
                            for (uint32_t ki = 0; ki < size; ki++) {
                                uint32_t sx = ki % sw, sy = ki / sw;
                                /* Whole IFM block (reading 6). */
                                for (uint32_t iublk_z = 0; iublk_z < ibd; iublk_z += 8)
                                    for (uint32_t z = 0; z < u; z++)
                                        for (uint32_t iz = 0; iz < 8; iz++) {
                                            uint32_t ifm_z = iblk_z + iublk_z + iz;
                                            uint32_t ofm_z = blk_z + ublk_z + z;
                                            put(s, w, ifm_z >= id || ofm_z >= od, ofm_z, ky0 + sy,
                                                kx0 + sx, ifm_z);
                                        }
                            }
                        break;
                    case ETHOSU_PART_KERNEL_FIRST: {
                        uint32_t iblk_d = min_u32(16, id - iblk_z);
                        for (uint32_t iublk_z = 0; iublk_z < iblk_d; iublk_z += 8)
                            for (uint32_t ublk_z = 0; ublk_z < blk_d; ublk_z += u)
                                for (uint32_t ki = 0; ki < size; ki++) {
                                    uint32_t sx = ki % sw, sy = ki / sw;
                                    for (uint32_t z = 0; z < u; z++)
                                        for (uint32_t iz = 0; iz < 8; iz++) {
                                            uint32_t ifm_z = iblk_z + iublk_z + iz;
                                            uint32_t ofm_z = blk_z + ublk_z + z;
                                            put(s, w, sy >= sh || ifm_z >= id || ofm_z >= od,
                                                ofm_z, ky0 + sy, kx0 + sx, ifm_z);
                                        }
                                }
                        break;
                    }
                    }
                }
            }
        }
    }
}

static int run(const struct walk_cfg *w, const int16_t *src, int16_t *dst, int64_t *map,
               size_t len)
{
    size_t n = count_walk(w);
    if (!n || len < n)
        return -1;
    struct sink s = { src, dst, map, 0 };
    walk(w, &s);
    return s.n == n ? 0 : -1; /* the walk and the closed form agree */
}

int ethosu_weight_order(const struct ethosu_weight_order_cfg *c, const int16_t *src, int16_t *dst,
                        size_t dst_len)
{
    if (ethosu_weight_order_check(c) || !src || !dst)
        return -1;
    struct walk_cfg w = whole(c);
    return run(&w, src, dst, NULL, dst_len);
}

int ethosu_weight_order_map(const struct ethosu_weight_order_cfg *c, int64_t *map, size_t map_len)
{
    if (ethosu_weight_order_check(c) || !map)
        return -1;
    struct walk_cfg w = whole(c);
    return run(&w, NULL, NULL, map, map_len);
}

int ethosu_weight_order_parallel(const struct ethosu_weight_order_cfg *c, unsigned core,
                                 const int16_t *src, int16_t *dst, size_t dst_len)
{
    struct walk_cfg w;
    if (half(c, core, &w) || !src || !dst)
        return -1;
    return run(&w, src, dst, NULL, dst_len);
}

int ethosu_weight_order_parallel_map(const struct ethosu_weight_order_cfg *c, unsigned core,
                                     int64_t *map, size_t map_len)
{
    struct walk_cfg w;
    if (half(c, core, &w) || !map)
        return -1;
    return run(&w, NULL, NULL, map, map_len);
}
