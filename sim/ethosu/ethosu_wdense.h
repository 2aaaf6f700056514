/* ethosu_wdense: the inverse of the weight block ordering
 * (golden/ethosu/ethosu_weight_order.h): the decoded weight stream(s) of one
 * kernel operation back to a dense [ofm][ky][kx][ifm] array (depthwise:
 * ifm 1), the form the golden convolution takes.
 *
 * On ethos-u65-512 (two cores) Vela splits the OFM channels of a stream
 * between the cores: core k holds channels k, k + 2, ..., ordered with its
 * own block depth, ceil or floor of OFM_BLK_DEPTH / 2
 * (weight_compressor.py); each core's stream is inverted on its own, OFM
 * block by OFM block, and its channels interleaved back. A block depth that
 * is no multiple of the OFM microblock (8): see ethosu_wdense.c. */
#ifndef ETHOSU_WDENSE_H
#define ETHOSU_WDENSE_H

#include <stddef.h>
#include <stdint.h>
#include "ethosu_weight_order.h"

struct ethosu_wdense_cfg {
    uint32_t ofm_depth, kernel_h, kernel_w, ifm_depth;  /* whole operation (ifm_depth 1: depthwise) */
    uint32_t ofm_block_depth;     /* OFM_BLK_DEPTH_M1 + 1 */
    unsigned ifm_bits;            /* 8 or 16 */
    unsigned kernel_split;        /* 8 or 4 */
    unsigned dilation_x, dilation_y;
    enum ethosu_weight_traversal traversal;
    unsigned cores;               /* 1 or 2 */
    uint32_t ublk_depth;          /* OFM microblock depth of the configuration: 8, 4 (ethos-u55-32); 0 = 8 */
};

/* Invert: w[k] / n[k] the decoded weights of core k's stream (k < cores).
 * dense receives ofm_depth * kernel_h * kernel_w * ifm_depth values. 0, or
 * -1 with the reason in err (the order's parameters refused, a stream
 * shorter than its ordered list, out of memory). Weights after the list
 * (the encoder's padding) are ignored. */
int ethosu_wdense(const struct ethosu_wdense_cfg *c, const int16_t *const w[2], const size_t n[2], int32_t *dense,
                  char *err, size_t len);

#endif
