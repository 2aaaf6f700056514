/* ethosu_wdense: see ethosu_wdense.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_wdense.h"

/* OFM microblock depth (Vela: ofm_ublock): 8, or 4 on ethos-u55-32; 0 in c means 8. */
static uint32_t ublk_depth(const struct ethosu_wdense_cfg *c)
{
    return c->ublk_depth ? c->ublk_depth : 8u;
}

/* The list walks OFM blocks outermost (ethosu_weight_order.h), so each block
 * is inverted on its own, as a one-block order over whole microblocks. A
 * block depth that is no multiple of the microblock (a core's half of an
 * odd multiple of 8 on ethos-u65-512) leaves the last microblock of a block
 * reaching into the next block's channels: Vela's encoder fills those with
 * the next channels' weights (checked against its reorder_encode: block
 * depth 12 of 24 channels, channels 12..15 appear in both blocks), which
 * the block does not use; they are skipped. */

/* One OFM block of core k: its ordered list starts at w[*pos]; block
 * channels b0 .. b0 + nb - 1 of the core (depth in all), global channel
 * (b0 + j) * cores + k. */
/* The last block's order map: every whole block of an operation has the
 * same one (block-local positions), so it is made once, not per block. */
struct map_cache {
    int64_t *map;
    size_t count;
    uint32_t ofm_depth, span;   /* the order configuration it was made for (the rest is the operation's) */
};

static int block(const struct ethosu_wdense_cfg *c, unsigned k, uint32_t b0, uint32_t nb, uint32_t depth,
                 const int16_t *w, size_t n, size_t *pos, int32_t *dense, struct map_cache *mc, char *err, size_t len)
{
    size_t per_ofm = (size_t)c->kernel_h * c->kernel_w * c->ifm_depth;
    uint32_t ub = ublk_depth(c);
    uint32_t span = (nb + ub - 1) / ub * ub;   /* whole microblocks */
    struct ethosu_weight_order_cfg oc = {
        .ofm_depth = span < depth - b0 ? span : depth - b0, .kernel_h = c->kernel_h, .kernel_w = c->kernel_w, .ifm_depth = c->ifm_depth,
        .ofm_block_depth = span, .ublk_depth = ub,
        .ifm_bits = c->ifm_bits, .kernel_split = c->kernel_split, .dilation_x = c->dilation_x,
        .dilation_y = c->dilation_y, .traversal = c->traversal,
    };
    if (ethosu_weight_order_check(&oc)) {
        snprintf(err, len, "core %u: weight order refuses ofm %u, kernel %ux%u, ifm %u, %u-bit, split %u, "
                 "dilation %ux%u", k, nb, c->kernel_h, c->kernel_w, c->ifm_depth, c->ifm_bits, c->kernel_split,
                 c->dilation_x, c->dilation_y);
        return -1;
    }
    size_t count = ethosu_weight_order_count(&oc);
    if (n - *pos < count) {
        snprintf(err, len, "core %u: the weight stream decodes to %zu weights, the operation needs more "
                 "(%zu used before OFM channel block %u, which takes %zu)", k, n, *pos, b0, count);
        return -1;
    }
    if (!mc->map || mc->ofm_depth != oc.ofm_depth || mc->span != span || mc->count != count) {
        free(mc->map);
        mc->map = malloc((count ? count : 1) * sizeof *mc->map);
        if (!mc->map || ethosu_weight_order_map(&oc, mc->map, count)) {
            free(mc->map);
            mc->map = NULL;
            snprintf(err, len, "core %u: out of memory for the weight order (%zu weights)", k, count);
            return -1;
        }
        mc->ofm_depth = oc.ofm_depth;
        mc->span = span;
        mc->count = count;
    }
    const int64_t *map = mc->map;
    /* a list position maps to block-local (channel, rest) as local =
     * channel * per_ofm + rest; positions past the block's nb channels
     * (the next block's, in its last microblock) are not used here */
    const int16_t *src = w + *pos;
    size_t limit = (size_t)nb * per_ofm;
    if (c->cores == 1) {   /* dense index b0 * per_ofm + local: no division */
        int32_t *d = dense + (size_t)b0 * per_ofm;
        for (size_t i = 0; i < count; i++)
            if (map[i] >= 0 && (size_t)map[i] < limit)
                d[map[i]] = src[i];
    } else {
        for (size_t i = 0; i < count; i++) {
            if (map[i] < 0 || (size_t)map[i] >= limit)
                continue;
            size_t local = (size_t)map[i], o = b0 + local / per_ofm, rest = local % per_ofm;
            dense[(o * c->cores + k) * per_ofm + rest] = src[i];
        }
    }
    *pos += count;
    return 0;
}

int ethosu_wdense(const struct ethosu_wdense_cfg *c, const int16_t *const w[2], const size_t n[2], int32_t *dense,
                  char *err, size_t len)
{
    size_t per_ofm = (size_t)c->kernel_h * c->kernel_w * c->ifm_depth;
    memset(dense, 0, (size_t)c->ofm_depth * per_ofm * sizeof *dense);
    struct map_cache mc = { NULL, 0, 0, 0 };
    int rc = 0;
    for (unsigned k = 0; k < c->cores && !rc; k++) {
        uint32_t depth = (c->ofm_depth + c->cores - 1 - k) / c->cores;   /* channels k, k + cores, ... */
        uint32_t blk = (c->ofm_block_depth + c->cores - 1 - k) / c->cores;
        if (!depth)
            continue;
        if (!blk) {
            snprintf(err, len, "core %u: OFM block depth %u leaves it no channels", k, c->ofm_block_depth);
            rc = -1;
            break;
        }
        size_t pos = 0;
        for (uint32_t b0 = 0; b0 < depth && !rc; b0 += blk)
            rc = block(c, k, b0, depth - b0 < blk ? depth - b0 : blk, depth, w[k], n[k], &pos, dense, &mc, err, len);
    }
    free(mc.map);
    return rc;
}
