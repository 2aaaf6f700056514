/* ethosu_weight_order: the Ethos-U65 weight block ordering (TRM 4.7.5,
 * "Weight blocks and ordering"; 4.7.5.1 parallel mode). Pure C11.
 *
 * The weight encoder (TRM 4.7) compresses a 1-D list of weights; the weight
 * decoder hands them to the MAC units in exactly that order. This module
 * builds that list from the weights of one stripe held as
 *
 *     src[((ofm * kernel_h + ky) * kernel_w + kx) * ifm_depth + ifm]
 *
 * ([ofm][ky][kx][ifm], OHWI; a depth-wise kernel has ifm_depth 1). The
 * list walks OFM blocks of ofm_block_depth channels, OFM microblocks of
 * ublk_depth channels, IFM blocks and 8-channel IFM microblocks, and splits
 * kernels larger than the decomposition size into sub-kernels. Where a block
 * is partial the list holds zeros, so it is usually longer than the source
 * (ethosu_weight_order_count).
 *
 * The three traversals (NPU_SET_KERNEL_STRIDE b2 selects between the two
 * normal ones; depth-wise is its own operation):
 *
 *   DEPTHWISE         per OFM block, per sub-kernel, per OFM microblock:
 *                     kernel elements (x fastest, count rounded up to 4,
 *                     the extra elements zero), each element giving
 *                     ublk_depth OFM channels.
 *   DEPTH_FIRST       per OFM block, per IFM block (32 channels at 8-bit,
 *                     16 at 16-bit, always whole: a partial last block is
 *                     zero filled), per sub-kernel, per OFM microblock:
 *                     kernel elements, each giving the IFM block as 8-channel
 *                     IFM microblocks of ublk_depth x 8 weights (OFM outer,
 *                     IFM inner).
 *   PART_KERNEL_FIRST per OFM block, per IFM block of 16 channels, per
 *                     sub-kernel, per 8-channel IFM microblock that holds a
 *                     real channel, per OFM microblock: kernel elements
 *                     (count rounded up to 4 at 8-bit, 2 at 16-bit), each
 *                     giving ublk_depth x 8 weights.
 *
 * Sub-kernels: kernel_split x kernel_split (4 or 8, NPU_SET_KERNEL_STRIDE
 * b5), halved along an axis with dilation 2; walked row by row (y outer, x
 * inner), the last ones in a row / column narrower. Dilation changes only
 * the decomposition: the source kernel is the undilated one.
 *
 * The decisions taken where the OCR'd TRM text is garbled or inconsistent
 * are listed in ethosu_weight_order.c. */
#ifndef ETHOSU_WEIGHT_ORDER_H
#define ETHOSU_WEIGHT_ORDER_H

#include <stddef.h>
#include <stdint.h>

enum ethosu_weight_traversal {
    ETHOSU_DEPTH_FIRST,         /* NPU_SET_KERNEL_STRIDE weight_order = 0 */
    ETHOSU_PART_KERNEL_FIRST,   /* weight_order = 1 */
    ETHOSU_DEPTHWISE
};

/* Limits (the TRM's ranges of the inputs). */
#define ETHOSU_WO_MAX_DIM 65536u          /* ofm_depth, kernel_h/w, ifm_depth */
#define ETHOSU_WO_MAX_OFM_BLOCK 128u      /* ofm_block_depth */

struct ethosu_weight_order_cfg {
    uint32_t ofm_depth, kernel_h, kernel_w, ifm_depth; /* source shape, 1..65536 each
                                                          (ifm_depth 1 for DEPTHWISE) */
    uint32_t ofm_block_depth;   /* OFM channels per block, 1..128, a multiple of ublk_depth */
    uint32_t ublk_depth;        /* OFM microblock depth of the configuration: 4 or 8 */
    unsigned ifm_bits;          /* IFM element precision 8 or 16 (ignored for DEPTHWISE) */
    unsigned kernel_split;      /* kernel decomposition size: 8 or 4 */
    unsigned dilation_x, dilation_y; /* 1 or 2 */
    enum ethosu_weight_traversal traversal;
};

/* 0 when c is valid, else -1 (a field out of range, or ofm_block_depth not a
 * multiple of ublk_depth: the microblock loop would then reach into the next
 * block's channels). */
int ethosu_weight_order_check(const struct ethosu_weight_order_cfg *c);

/* IFM block depth of the traversal: 32 (depth-first, 8-bit), 16 (depth-first
 * 16-bit; part-kernel-first), 1 (depth-wise). 0 for an invalid c. */
uint32_t ethosu_weight_order_ifm_block_depth(const struct ethosu_weight_order_cfg *c);

/* Number of weights in the ordered list, zero padding included. 0 for an
 * invalid c, or when the count does not fit size_t. */
size_t ethosu_weight_order_count(const struct ethosu_weight_order_cfg *c);

/* Order src (ofm_depth * kernel_h * kernel_w * ifm_depth values, OHWI) into
 * dst, which receives ethosu_weight_order_count(c) values (padding is 0).
 * Values are copied, not checked (the encoder takes -255..255). Returns 0,
 * or -1 (invalid c, NULL pointer, dst_len below the count; dst untouched). */
int ethosu_weight_order(const struct ethosu_weight_order_cfg *c, const int16_t *src, int16_t *dst,
                        size_t dst_len);

/* The same order as source indices: map[i] is the OHWI index of the weight
 * at position i of the list, or -1 for a padding zero. 0 or -1 as above. */
int ethosu_weight_order_map(const struct ethosu_weight_order_cfg *c, int64_t *map, size_t map_len);

/* Parallel mode (TRM 4.7.5.1, Ethos-U65-512 only): two lists, one per core.
 * Core 0 gets the even OFM channels (ceil(ofm_depth / 2) of them), core 1
 * the odd ones (floor), each ordered as above with the core block depth. src
 * is the whole stripe as for ethosu_weight_order; the _map form gives
 * indices into it. Needs ofm_depth >= 2. Each core's block depth is
 * ofm_block_depth / 2 rounded up to a multiple of ublk_depth (Vela pads the
 * core block to whole microblocks: block 24, microblock 8 -> 16 per core).
 * count is 0 and the others return -1 for an invalid c or a core other
 * than 0 or 1. */
size_t ethosu_weight_order_parallel_count(const struct ethosu_weight_order_cfg *c, unsigned core);
int ethosu_weight_order_parallel(const struct ethosu_weight_order_cfg *c, unsigned core,
                                 const int16_t *src, int16_t *dst, size_t dst_len);
int ethosu_weight_order_parallel_map(const struct ethosu_weight_order_cfg *c, unsigned core,
                                     int64_t *map, size_t map_len);

/* The elements a kernel of kernel_w x kernel_h makes when split into
 * sub-kernels of at most dw x dh (full ones, a narrower last column, a
 * shorter last row, the corner), each sub-kernel's count of n elements
 * padded by elems(ctx, n). The U55/U65 and the U85 orders (ethosu85_weight_order.c)
 * split kernels alike and pad differently. */
uint64_t ethosu_weight_order_kernel_elems(uint64_t kernel_w, uint64_t kernel_h, uint64_t dw, uint64_t dh,
                                          uint64_t (*elems)(const void *ctx, uint64_t n), const void *ctx);

#endif
