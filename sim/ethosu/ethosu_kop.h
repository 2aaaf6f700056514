/* ethosu_kop: one Ethos-U65 kernel operation (NPU_OP_CONV, NPU_OP_DEPTHWISE,
 * NPU_OP_POOL, NPU_OP_ELEMENTWISE) decoded from the command processor's
 * NPU_SET_* state (TRM 4.6), as Vela 5.2 programs it
 * (register_command_stream_generator.py). A pure function of the state
 * and the region base registers: the operation is captured when issued, so
 * later commands do not change it.
 *
 * Field decisions (the TRM's OCR'd tables, checked against Vela):
 *  - IFM/IFM2_PRECISION: b0 signed, b[3:2] 8/16/32-bit, b[7:6] 0 NHWC 1
 *    NHCWB16, b[9:8] IFM scale mode (which operand the advanced
 *    ADD/SUB scaling applies to), b[15:14] round mode.
 *    OFM_PRECISION: b0 signed, b[2:1] 8/16/32-bit, b[7:6] layout, b8 the
 *    global OFM scale (NPU_SET_OFM_SCALE) instead of the per-channel scale
 *    stream, b[15:14] rounding (0 TFL double rounding, 1 truncate, 2 natural).
 *  - KERNEL_WIDTH/HEIGHT_M1 hold the dilated extent dilation * (k - 1);
 *    KERNEL_STRIDE: stride - 1 = b[8:6] << 1 | b0 (x), b[11:9] << 1 | b1 (y),
 *    b2 part-kernel-first weight order, b3/b4 dilation x/y - 1, b5 kernel
 *    decomposition 4 (else 8).
 *  - The IFM has no size registers: a CONV/DEPTHWISE/POOL IFM is
 *    (OFM - 1) * stride + dilated kernel - pads (halved, rounded up, with
 *    IFM_UPSCALE nearest or transpose); depthwise and pooling IFMs have the
 *    OFM's depth; an ELEMENTWISE IFM has the OFM's shape and its IFM2 the
 *    OFM's with the broadcast dimensions at 1.
 *  - IFM2_BROADCAST: b0/b1/b2 broadcast h/w/c, b6 reversed operands, b7
 *    IFM2 is the scalar NPU_SET_IFM2_SCALAR (no IFM2 read).
 *  - ACTIVATION: function b[11:0] (enum ethosu_act_fn: 0 none, min/max
 *    clamp only; 3 tanh; 4 sigmoid; 16..23 table lookup in LUT slot
 *    function - 16); b[15:12] clip range. ACTIVATION_MIN/MAX are signed 16-bit.
 *  - Zero points and the IFM2 scalar are 16-bit, sign-extended for a
 *    signed map, zero-extended for an unsigned one.
 *  - Which operations read IFM2, weights and scales, and whose IFM has its
 *    own depth: the operation table (ethosu_ops_gen.h, rules).
 *  - Weight and scale streams: BASEP[WEIGHT_REGION] + WEIGHT_BASE,
 *    WEIGHT_LENGTH bytes (WEIGHT1_* the second core's on ethos-u65-512),
 *    likewise SCALE_*. */
#ifndef ETHOSU_KOP_H
#define ETHOSU_KOP_H

#include <stddef.h>
#include <stdint.h>
#include "ethosu_fm_layout.h"
#include "ethosu_ops_gen.h"
#include "ethosu_regfile.h"

/* The twin's limits (a malformed state must not make it allocate or walk
 * gigabytes): elements of one feature map or of the dense weights, bytes
 * of one weight or scale stream. */
#define ETHOSU_KOP_MAX_ELEMENTS (1u << 26)
/* The NPU's address width: feature-map strides are signed within it and
 * every address touched must fall below 2^bits (Ethos-U65: 40; the U55's
 * 32 goes here when the product is a parameter). */
#define ETHOSU_KOP_ADDR_BITS 40u
#define ETHOSU_KOP_MAX_STREAM (1u << 26)
/* Weight streams of one operation: a core's each (two on ethos-u65-512, up
 * to four weight decoders on the Ethos-U85: WEIGHT, WEIGHT1..3). */
#define ETHOSU_KOP_STREAMS 4u

struct ethosu_kop_stream {
    uint64_t addr;                /* absolute */
    uint32_t len;                 /* bytes, 0: none */
    unsigned port;
};

/* The Ethos-U85's fields beyond the U55/U65's (command stream 2.0, raw
 * register fields by their interface names; ethosu_kop85.c decodes them). */
struct ethosu_kop_u85 {
    unsigned ifm_broadcast, ifm2_broadcast; /* IFM/IFM2_BROADCAST broadcast_mode (8: scalar) */
    int32_t op_scalar;                      /* NPU_SET_OP_SCALAR: the scalar operand */
    uint32_t ifm_scale, ifm2_scale;         /* IFM/IFM2_SCALE payload */
    unsigned ifm_shift, ifm2_shift, ifm_dbl_rnd, ifm2_dbl_rnd, ifm_round, ifm2_round;
    unsigned ofm_dbl_rnd;                   /* OFM_SCALE dbl_rnd (round_mode: op->round_mode) */
    unsigned acc_format, acc_input, acc_output, microblock; /* ACC_FORMAT */
    unsigned ifm_storage, ifm2_storage, ofm_storage;        /* *_PRECISION activation_storage */
    unsigned ifm_region, ifm2_region, ofm_region;           /* *_REGION: the chain buffer of a CHAINED map */
    unsigned transpose, reverse;            /* OFM_PRECISION activation_transpose / _reverse */
    unsigned weight_format, sparsity;       /* WEIGHT_FORMAT */
    unsigned weights_ifm2;                  /* NPU_OP_CONV param: the weights are IFM2 (matmul) */
    unsigned resize_x_n_m1, resize_y_n_m1;  /* RESIZE_X/Y_SCALE_N_M1 */
    int32_t resize_x_offset, resize_y_offset; /* RESIZE_X/Y_OFFSET, 12-bit signed */
    uint32_t resize_x, resize_y;            /* NPU_SET_RESIZE_X/Y payload */
    unsigned resize_x_one_step, resize_x_blk_step, resize_y_one_step, resize_y_blk_step; /* their params */
    unsigned lut_function, lut_table;       /* ACTIVATION activation_function / table */
    unsigned macs, weight_streams;          /* the configuration's MACs; streams the weights use */
    uint16_t ofm_blk_w, ofm_blk_h;          /* OFM_BLK_WIDTH/HEIGHT_M1 + 1 */
};

struct ethosu_kop {
    unsigned product;             /* the command set decoded: ETHOSU_CMD_U55_U65 or ETHOSU_CMD_U85 */
    uint16_t opcode, param;       /* the NPU_OP_* command */
    uint32_t qread;               /* its offset in the command stream */
    unsigned index;               /* kernel operations before it since the twin's reset */
    struct ethosu_fm_layout ifm, ifm2, ofm;
    int has_ifm2;                 /* binary ELEMENTWISE */
    int ifm2_is_scalar;
    int32_t ifm2_scalar;
    unsigned broadcast_h, broadcast_w, broadcast_c, reversed;
    int32_t ifm_zp, ifm2_zp, ofm_zp;
    unsigned pad_top, pad_left, pad_bottom, pad_right;
    unsigned kernel_h, kernel_w;  /* undilated */
    unsigned stride_x, stride_y, dilation_x, dilation_y;
    int part_kernel_first;
    unsigned kernel_split;        /* 8, or 4 with KERNEL_STRIDE b5 */
    unsigned upscale;             /* 0 none, 1 nearest, 2 transpose */
    unsigned ifm_scale_mode;      /* IFM_PRECISION b[9:8] */
    unsigned round_mode;          /* OFM_PRECISION b[15:14] */
    unsigned ifm_round_mode;      /* IFM_PRECISION b[15:14] (elementwise operand scaling) */
    int ofm_global_scale;         /* OFM_PRECISION b8 */
    uint32_t ofm_scale, opa_scale, opb_scale;
    unsigned ofm_shift, opa_shift;
    unsigned act_fn;              /* enum ethosu_act_fn: a LUT is ETHOSU_ACT_LUT0 (any slot) */
    unsigned lut_slot;            /* 0..7 with ETHOSU_ACT_LUT0 */
    unsigned clip_range;
    int32_t act_min, act_max;
    struct ethosu_kop_stream weights[ETHOSU_KOP_STREAMS], scales[ETHOSU_KOP_STREAMS];
    unsigned ofm_block_depth;     /* OFM_BLK_DEPTH_M1 + 1: the weight stream's block order */
    unsigned ublk_depth;          /* OFM microblock depth of the configuration (8; 4 on ethos-u55-32) */
    unsigned cores;               /* 1 (ethos-u65-256) or 2 (ethos-u65-512); U85: 1, 2 or 4 */
    struct ethosu_kop_u85 u85;    /* product ETHOSU_CMD_U85 only */
};

/* Decode the operation c (opcode/param) from set0/set1 (the command
 * processor's state, indexed as in struct ethosu_cmdproc) and rf's region
 * bases and ports; cores from the NPU configuration. 0, or -1 with the
 * reason in err (a field out of range, an unknown activation, a feature
 * map that does not fit: ethosu_fml_check, or beyond the limits above). */
int ethosu_kop_decode(struct ethosu_kop *op, uint16_t opcode, uint16_t param, const uint16_t *set0,
                      const uint64_t *set1, const struct ethosu_regfile *rf, unsigned cores, char *err,
                      size_t len);

/* The same for the Ethos-U85's command set (ethosu_kop85.c): ops CONV,
 * DEPTHWISE, POOL, ELEMENTWISE, RESIZE. */
int ethosu_kop85_decode(struct ethosu_kop *op, uint16_t opcode, uint16_t param, const uint16_t *set0,
                        const uint64_t *set1, const struct ethosu_regfile *rf, char *err, size_t len);

/* "conv", "depthwise", "pool", "elementwise" (file names of dumps). */
const char *ethosu_kop_short_name(uint16_t opcode);

#endif
