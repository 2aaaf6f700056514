/* ethosu_wdense: see ethosu_wdense.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_wdense.h"

#define UBLK_DEPTH 8u   /* OFM microblock depth of both Ethos-U65 configurations (Vela: ofm_ublock) */

int ethosu_wdense(const struct ethosu_wdense_cfg *c, const int16_t *const w[2], const size_t n[2], int32_t *dense,
                  char *err, size_t len)
{
    size_t per_ofm = (size_t)c->kernel_h * c->kernel_w * c->ifm_depth;
    memset(dense, 0, (size_t)c->ofm_depth * per_ofm * sizeof *dense);
    for (unsigned k = 0; k < c->cores; k++) {
        uint32_t depth = (c->ofm_depth + c->cores - 1 - k) / c->cores;   /* channels k, k + cores, ... */
        if (!depth)
            continue;
        uint32_t blk = (c->ofm_block_depth + c->cores - 1 - k) / c->cores;
        struct ethosu_weight_order_cfg oc = {
            .ofm_depth = depth, .kernel_h = c->kernel_h, .kernel_w = c->kernel_w, .ifm_depth = c->ifm_depth,
            .ofm_block_depth = blk, .ublk_depth = UBLK_DEPTH, .ifm_bits = c->ifm_bits,
            .kernel_split = c->kernel_split, .dilation_x = c->dilation_x, .dilation_y = c->dilation_y,
            .traversal = c->traversal,
        };
        if (ethosu_weight_order_check(&oc)) {
            snprintf(err, len, "core %u: weight order refuses ofm %u, kernel %ux%u, ifm %u, block depth %u, "
                     "%u-bit, split %u, dilation %ux%u", k, depth, c->kernel_h, c->kernel_w, c->ifm_depth, blk,
                     c->ifm_bits, c->kernel_split, c->dilation_x, c->dilation_y);
            return -1;
        }
        size_t count = ethosu_weight_order_count(&oc);
        if (n[k] < count) {
            snprintf(err, len, "core %u: the weight stream decodes to %zu weights, the operation needs %zu", k, n[k],
                     count);
            return -1;
        }
        int64_t *map = malloc((count ? count : 1) * sizeof *map);
        if (!map || ethosu_weight_order_map(&oc, map, count)) {
            free(map);
            snprintf(err, len, "core %u: out of memory for the weight order (%zu weights)", k, count);
            return -1;
        }
        for (size_t i = 0; i < count; i++) {
            if (map[i] < 0)
                continue;
            size_t local = (size_t)map[i];
            size_t o = local / per_ofm, rest = local % per_ofm;
            dense[(o * c->cores + k) * per_ofm + rest] = w[k][i];
        }
        free(map);
    }
    return 0;
}
