/* ethosu85_weight_order: the Ethos-U85 weight order, the list(s) of weights its weight
 * decoders hand to the MAC units, built from and mapped back to dense weights. Pure C11.
 *
 * Dense weights are OHWI, as TensorFlow Lite keeps them:
 *
 *     w[((ofm * kernel_h + ky) * kernel_w + kx) * ifm_depth + ifm]
 *
 * with the undilated kernel; a depth-wise kernel is [ofm][ky][kx] (ifm_depth 1; TensorFlow
 * Lite's [1][ky][kx][c] transposed). The order (as Vela 5.2's EthosU85WeightOrdering writes
 * it, read from its source) walks, per stream s of S:
 *
 *   per OFM block of ofm_block_depth channels; in it
 *     per IFM block of ifm_block_depth channels, alternately forward and backward: the
 *       first OFM block walks IFM blocks 0, 1, .., the second from the last one back to 0,
 *       and so on (depth-wise: one pass);
 *       per sub-kernel of (8 / dilation_x) x (8 / dilation_y) kernel elements (4 instead
 *         of 8 with kernel_split 4), x outer, y inner;
 *         per IFM microblock (ifm_ublock channels: 8 at 16 bit part-kernel-first without
 *           sparsity, the whole IFM block otherwise, 1 depth-wise), over the IFM block's
 *           channels that exist;
 *           per OFM microblock (ofm_ublock_depth channels) of the OFM block:
 *             the sub-kernel's elements, split by stride phase (part-kernel-first and
 *             depth-wise; depth-first takes stride 1): per phase y, per phase x, per
 *             row, the columns left to right on even rows and right to left on odd ones
 *             (a serpentine); per element
 *               per group of the IFM microblock (8 channels, 16 with 2:4 sparsity, 1
 *                 depth-wise; a partial IFM block is zero filled),
 *                 stream s's OFM channels of the microblock: 4 at a time, s*4..s*4+3,
 *                   then + 4*S, ...;
 *                   the group's IFM channels;
 *               depth-wise: after each 10th element, dw_pad elements of zeros;
 *             then zero elements up to a multiple of `round` elements (5 part-kernel-first
 *             at 8 bit, 10 with 16 bit or sparsity; 10 depth-wise, plus dw_pad; 1
 *             depth-first).
 *
 * An element of the list is one weight, or a padding zero (OFM channel or IFM channel past
 * the depth, the rounding of elements). With S streams each stream walks every block and
 * takes S-th of every OFM microblock, so the streams have equal length. The standard format
 * (SWD) codes stream s as WEIGHT<s> (WEIGHT, WEIGHT1..3); the fast format (FWD) is one stream
 * that interleaves the S lists in blocks of ethosu85_weight_order_fwd_block() weights (stream
 * 0's first block, stream 1's first block, ..., stream 0's second block, ...).
 *
 * Every parameter follows from the command stream (ethosu85_weight_params_from_regs below). */
#ifndef ETHOSU85_WEIGHT_ORDER_H
#define ETHOSU85_WEIGHT_ORDER_H

#include <stddef.h>
#include <stdint.h>

enum ethosu85_weight_traversal {
    ETHOSU85_DEPTH_FIRST,       /* NPU_OP_CONV, NPU_SET_KERNEL_STRIDE weight_order = 0 */
    ETHOSU85_PART_KERNEL_FIRST, /* NPU_OP_CONV, weight_order = 1 */
    ETHOSU85_DEPTHWISE          /* NPU_OP_DEPTHWISE */
};

#define ETHOSU85_WO_MAX_DIM 65536u /* ofm_depth, ifm_depth, kernel_h/w */
#define ETHOSU85_WO_MAX_STREAMS 4u
#define ETHOSU85_WO_INTERLEAVE 4u  /* OFM channels a stream takes at a time */

struct ethosu85_weight_order_cfg {
    enum ethosu85_weight_traversal traversal;
    uint32_t ofm_depth, kernel_h, kernel_w, ifm_depth; /* dense shape (undilated kernel),
                                                          1..65536; ifm_depth 1 depth-wise */
    uint32_t ofm_block_depth;  /* OFM channels per block, a multiple of ofm_ublock_depth */
    uint32_t ifm_block_depth;  /* IFM channels per block (16, 32, 64, 128; any >= 1
                                  depth-wise, where it is not used) */
    uint32_t ofm_ublock_depth; /* 8, 16, 32 or 64; a multiple of 4 * streams */
    unsigned ifm_bits;         /* IFM precision 8, 16 or 32 */
    unsigned macs;             /* the configuration's MACs: 128 .. 2048 (depth-wise padding) */
    unsigned streams;          /* weight streams = cores: 1, 2 or 4 */
    unsigned stride_x, stride_y;     /* 1..4 */
    unsigned dilation_x, dilation_y; /* 1 or 2 */
    unsigned kernel_split;           /* sub-kernel size before dilation: 8 or 4 */
    int sparse;                      /* 2:4 sparsity (not depth-wise) */
    int fwd;                         /* fast weight format: one stream interleaving the
                                        streams' lists (not depth-wise) */
};

/* 0 when c is valid (ranges above, and the combinations Vela's order cannot express:
 * ofm_ublock_depth not a multiple of 4 * streams, ofm_block_depth not a multiple of
 * ofm_ublock_depth, ifm_block_depth not a multiple of the IFM microblock group, sparse or
 * fwd depth-wise), else -1. */
int ethosu85_weight_order_check(const struct ethosu85_weight_order_cfg *c);

/* Streams the command stream carries: c->streams for the standard format, 1 for FWD. 0 for
 * an invalid c. */
unsigned ethosu85_weight_order_coded_streams(const struct ethosu85_weight_order_cfg *c);

/* Length of stream s's list (s < c->streams; all are equal), padding included. 0 for an
 * invalid c or s, or a count that does not fit size_t. */
size_t ethosu85_weight_order_count(const struct ethosu85_weight_order_cfg *c, unsigned s);

/* FWD: the interleave block, ofm_ublock_depth * ifm_ublock * round / streams weights (round:
 * 5 part-kernel-first at 8 bit without sparsity, 10 part-kernel-first otherwise, 1
 * depth-first). 0 for an invalid c. */
size_t ethosu85_weight_order_fwd_block(const struct ethosu85_weight_order_cfg *c);

/* Stream s's list as dense indices: map[i] is the OHWI index of the weight at position i, or
 * -1 for a padding zero. Returns 0, or -1 (invalid c or s, NULL map, map_len below the
 * count; map untouched). */
int ethosu85_weight_order_map(const struct ethosu85_weight_order_cfg *c, unsigned s,
                              int64_t *map, size_t map_len);

/* Stream s's list of dense weights src (ofm_depth * kernel_h * kernel_w * ifm_depth values)
 * into dst (ethosu85_weight_order_count values; padding 0). 0 or -1 as above. */
int ethosu85_weight_order(const struct ethosu85_weight_order_cfg *c, unsigned s,
                          const int16_t *src, int16_t *dst, size_t dst_len);

/* The coded stream(s) as lists, from dense weights: for SWD, list k = stream k's list (k <
 * streams); for FWD (k = 0 only) the interleave of all the streams' lists, streams *
 * ethosu85_weight_order_count(c, 0) values. ethosu85_weight_order_coded_count gives the
 * length (0 for an invalid c or k). */
size_t ethosu85_weight_order_coded_count(const struct ethosu85_weight_order_cfg *c, unsigned k);
int ethosu85_weight_order_coded(const struct ethosu85_weight_order_cfg *c, unsigned k,
                                const int16_t *src, int16_t *dst, size_t dst_len);

/* The inverse the weight decoder side needs: the decoded coded lists back to dense weights.
 * lists[k] holds lens[k] values of coded stream k (k < ethosu85_weight_order_coded_streams;
 * a decoded stream may be longer than its count: FWD's padding, a further joined stream; the
 * values past the count are ignored). dense receives ofm_depth * kernel_h * kernel_w *
 * ifm_depth values (dense_len at least that). Returns 0, or -1 with a one-line reason in err:
 * invalid c, NULL pointers, a list shorter than its count, a padding position holding a
 * non-zero value (the stream does not match the order), or a dense weight not covered. */
int ethosu85_weights_to_dense(const struct ethosu85_weight_order_cfg *c,
                              const int16_t *const *lists, const size_t *lens, int16_t *dense,
                              size_t dense_len, char *err, size_t errlen);

/* The same into int32 weights (the kernels' type: no copy after). */
int ethosu85_weights_to_dense32(const struct ethosu85_weight_order_cfg *c, const int16_t *const *lists,
                                const size_t *lens, int32_t *dense, size_t dense_len, char *err, size_t errlen);

/* The whole weight decoder side in one call (ethosu85_weight_decode.c): the coded streams
 * (bufs[k], lens[k] bytes: WEIGHT<k>_BASE / _LENGTH, k < ethosu85_weight_order_coded_streams)
 * decoded (standard format: ethosu_mlw_decode; FWD: ethosu85_fwd_decode of the order's count)
 * and mapped to dense weights as ethosu85_weights_to_dense. 0, or -1 with a one-line reason
 * in err (which stream, what is wrong). */
int ethosu85_weights_decode(const struct ethosu85_weight_order_cfg *c, const uint8_t *const *bufs,
                            const size_t *lens, int16_t *dense, size_t dense_len, char *err,
                            size_t errlen);

/* ---- the order's parameters from the command stream ------------------------------------ */

/* The plain field values of the registers an operation with weights has set (names as in
 * the U85 command stream 2.0), and the configuration's MAC count. */
struct ethosu85_weight_fields {
    unsigned macs;             /* 128, 256, 512, 1024, 2048 (the product configuration) */
    int depthwise;             /* the operation: 1 NPU_OP_DEPTHWISE, 0 NPU_OP_CONV */
    unsigned weight_order;     /* KERNEL_STRIDE.weight_order: 0 depth-first, 1 part-kernel */
    unsigned stride_x_lsb, stride_x_msb, stride_y_lsb, stride_y_msb; /* KERNEL_STRIDE */
    unsigned dilation_x, dilation_y; /* KERNEL_STRIDE.dilation_x/y: 0 none, 1 x2 */
    unsigned decomposition;    /* KERNEL_STRIDE.decomposition: 0 D8X8, 1 D4X4 */
    uint32_t kernel_width_m1, kernel_height_m1; /* KERNEL_WIDTH_M1/HEIGHT_M1 (dilated size) */
    unsigned ifm_precision;    /* IFM_PRECISION.activation_precision: 0 B8, 1 B16, 2 B32 */
    uint32_t ifm_depth_m1, ofm_depth_m1;  /* IFM_DEPTH_M1, OFM_DEPTH_M1 */
    uint32_t ofm_blk_depth_m1;            /* OFM_BLK_DEPTH_M1 */
    unsigned microblock;       /* ACC_FORMAT.microblock: 0 U1X1 .. 5 U4X4 */
    unsigned weight_format;    /* WEIGHT_FORMAT.weight_format: 0 SWD, 1 FWD */
    unsigned weight_sparsity;  /* WEIGHT_FORMAT.weight_sparsity: 0 none, 1 2:4 */
};

/* Weight decoders (= cores) of a configuration: 128 and 256 MACs 1, 512 2, 1024 and 2048 4;
 * 0 for another value. */
unsigned ethosu85_cores_for_macs(unsigned macs);

/* OFM microblock depth of ACC_FORMAT.microblock on a configuration (each configuration's
 * microblocks differ in width x height): 128: 1x2 8, 1x1 16; 256: 1x2 16, 1x4 8, 2x2 8;
 * 512: 2x2 16, 1x4 16; 1024: 2x2 32, 1x4 32, 2x4 16; 2048: 2x2 64, 1x4 64, 4x4 16. 0 for a
 * microblock the configuration does not have. */
uint32_t ethosu85_ofm_ublock_depth(unsigned macs, unsigned microblock);

/* The order's parameters of an operation from its registers alone:
 *   traversal      depth-wise from the operation, else KERNEL_STRIDE.weight_order
 *   stride         KERNEL_STRIDE: ((msb << 1) | lsb) + 1 per axis
 *   dilation       KERNEL_STRIDE.dilation + 1; kernel_split from .decomposition (8, 4)
 *   kernel_w/h     (KERNEL_WIDTH/HEIGHT_M1) / dilation + 1 (the registers hold the dilated
 *                  size; a size the dilation does not divide is refused)
 *   ofm_depth      OFM_DEPTH_M1 + 1; ifm_depth IFM_DEPTH_M1 + 1 (1 for depth-wise)
 *   ofm_block      OFM_BLK_DEPTH_M1 + 1
 *   ofm_ublock     ethosu85_ofm_ublock_depth(macs, ACC_FORMAT.microblock)
 *   streams        ethosu85_cores_for_macs(macs)
 *   ifm_bits       8 << IFM_PRECISION.activation_precision
 *   sparse, fwd    WEIGHT_FORMAT
 *   ifm_block      (convolutions; as Vela's block search fixes it) 16 part-kernel-first;
 *                  else 32 with a 32-bit IFM or, on 128 and 256 MACs, a 16-deep OFM
 *                  microblock without sparsity; else 128 with sparsity at 8 bit; else 64.
 *                  Depth-wise: not used (set to 1).
 *   macs           the configuration (depth-wise padding: 0 elements at 8 bit on 128 and 256
 *                  MACs, else 2 up to 512 MACs, 6 above)
 * Returns 0 with *c filled (and checked), or -1 with a one-line reason in err. */
int ethosu85_weight_params_from_regs(const struct ethosu85_weight_fields *f,
                                     struct ethosu85_weight_order_cfg *c, char *err,
                                     size_t errlen);

#endif
