/* ethosu_kop85: one Ethos-U85 kernel operation (NPU_OP_CONV, _DEPTHWISE,
 * _POOL, _ELEMENTWISE, _RESIZE) decoded from the command processor's state
 * of command stream 2.0, into the struct ethosu_kop the U55/U65 decode
 * fills (ethosu_kop.h), plus its U85 fields (struct ethosu_kop_u85).
 *
 * Field positions are the command table's (scripts/gen/regdefs/
 * ethosu_cmds.csv, product u85); what differs from 1.x, as Vela 5.2's U85
 * command stream generator programs it:
 *  - OFM_HEIGHT/WIDTH/DEPTH_M1 are the shape the operation computes (before
 *    OFM_PRECISION's transpose); the tiles and strides address the stored
 *    (transposed) map.
 *  - The OFM rounding mode, dbl_rnd and shift ride on NPU_SET_OFM_SCALE's
 *    parameter; IFM_SCALE / IFM2_SCALE scale the elementwise operands.
 *  - Either elementwise operand may broadcast (IFM_BROADCAST, IFM2_BROADCAST:
 *    b0 H, b1 W, b2 C; 8 the scalar NPU_SET_OP_SCALAR).
 *  - IFM_DEPTH_M1 is written for every operation (shared by IFM and IFM2).
 *  - A region of a CHAINED map (activation_storage 2) names a chain buffer,
 *    not a memory region.
 *  - NPU_OP_RESIZE's IFM is KERNEL_HEIGHT_M1 + 1 rows of at most
 *    KERNEL_WIDTH_M1 + 1 columns.
 *  - Weights: one stream per weight decoder (the configuration's cores:
 *    WEIGHT_BASE/LENGTH, WEIGHT1..3), one with the fast format; one scale
 *    stream. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "ethosu_cmd.h"
#include "ethosu_explain.h"
#include "ethosu_kop.h"
#include "ethosu_kop_parts.h"

#define U85(name) ETHOSU85_NPU_##name

enum { STORAGE_CHAINED = 2, STORAGE_NONE = 3, BCAST_SCALAR = 8 };

static unsigned bits(unsigned v, unsigned lsb, unsigned width) { return (v >> lsb) & ((1u << width) - 1u); }

/* IFM/IFM2 shape from the OFM's with a broadcast mode's dimensions at 1. */
static void broadcast_shape(struct ethosu_fm_layout *f, const struct ethosu_fm_layout *o, unsigned mode)
{
    f->h = mode & 1u ? 1u : o->h;
    f->w = mode & 2u ? 1u : o->w;
    f->c = mode & 4u ? 1u : o->c;
}

static int map_decode(const struct ethosu_kop_state *s, const struct ethosu_regfile *rf, struct ethosu_fm_layout *f,
                      int ifm2, unsigned *storage, unsigned *region, char *err, size_t len)
{
    uint16_t p = s0(s, ifm2 ? U85(SET_IFM2_PRECISION) : U85(SET_IFM_PRECISION));
    if (ethosu_kop_prec(p, 2, f, ifm2 ? "IFM2" : "IFM", err, len))
        return -1;
    *storage = bits(p, 14, 2);
    *region = s0(s, ifm2 ? U85(SET_IFM2_REGION) : U85(SET_IFM_REGION)) & 7u;
    if (ifm2)
        ethosu_kop_tiles(s, rf, f, U85(SET_IFM2_REGION), U85(SET_IFM2_BASE0), U85(SET_IFM2_HEIGHT0_M1),
                         U85(SET_IFM2_HEIGHT1_M1), U85(SET_IFM2_WIDTH0_M1), U85(SET_IFM2_STRIDE_X));
    else
        ethosu_kop_tiles(s, rf, f, U85(SET_IFM_REGION), U85(SET_IFM_BASE0), U85(SET_IFM_HEIGHT0_M1),
                         U85(SET_IFM_HEIGHT1_M1), U85(SET_IFM_WIDTH0_M1), U85(SET_IFM_STRIDE_X));
    return 0;
}

/* A stored map is checked against memory; a chained or absent one is not in memory. */
static int stored_check(const struct ethosu_fm_layout *f, unsigned storage, const char *what, char *err, size_t len)
{
    if (storage == STORAGE_CHAINED || storage == STORAGE_NONE) {
        uint64_t n = (uint64_t)f->h * f->w * f->c;
        if (!n || n > ETHOSU_KOP_MAX_ELEMENTS) {
            snprintf(err, len, "%s: %ux%ux%u elements (the twin's limit is %u)", what, f->h, f->w, f->c,
                     ETHOSU_KOP_MAX_ELEMENTS);
            return -1;
        }
        return 0;
    }
    return ethosu_kop_fm_check(f, what, err, len);
}

static void scale_fields(const struct ethosu_kop_state *s, uint16_t opcode, uint32_t *scale, unsigned *shift,
                         unsigned *dbl, unsigned *round, unsigned round_width)
{
    uint16_t p = param1(s, opcode);
    *scale = payload(s, opcode);
    *shift = bits(p, 0, 6);
    *dbl = bits(p, 6, 5);
    *round = bits(p, 13, round_width);
}


static int streams(const struct ethosu_kop_state *s, const struct ethosu_regfile *rf, struct ethosu_kop *op,
                   char *err, size_t len)
{
    static const uint16_t wops[ETHOSU_KOP_STREAMS][2] = {
        { U85(SET_WEIGHT_BASE), U85(SET_WEIGHT_LENGTH) },   { U85(SET_WEIGHT1_BASE), U85(SET_WEIGHT1_LENGTH) },
        { U85(SET_WEIGHT2_BASE), U85(SET_WEIGHT2_LENGTH) }, { U85(SET_WEIGHT3_BASE), U85(SET_WEIGHT3_LENGTH) },
    };
    unsigned wr = s0(s, U85(SET_WEIGHT_REGION)) & 7u, sr = s0(s, U85(SET_SCALE_REGION)) & 7u;
    op->u85.weight_streams = op->u85.weight_format ? 1u : op->cores;
    for (unsigned k = 0; k < op->u85.weight_streams; k++) {
        op->weights[k].addr = ethosu_rf_region_base(rf, wr) + s1(s, wops[k][0]);
        op->weights[k].len = payload(s, wops[k][1]);
        op->weights[k].port = ethosu_rf_region_port(rf, wr);
    }
    op->scales[0].addr = ethosu_rf_region_base(rf, sr) + s1(s, U85(SET_SCALE_BASE));
    op->scales[0].len = payload(s, U85(SET_SCALE_LENGTH));
    op->scales[0].port = ethosu_rf_region_port(rf, sr);
    return ethosu_kop_streams_check(op, err, len);
}

static int is_kernel_op(uint16_t opcode)
{
    return opcode == U85(OP_CONV) || opcode == U85(OP_DEPTHWISE) || opcode == U85(OP_POOL) ||
           opcode == U85(OP_ELEMENTWISE) || opcode == U85(OP_RESIZE);
}

int ethosu_kop85_decode(struct ethosu_kop *op, uint16_t opcode, uint16_t param, const uint16_t *set0,
                        const uint64_t *set1, const struct ethosu_regfile *rf, char *err, size_t len)
{
    struct ethosu_kop_state st = { set0, set1 }, *s = &st;
    const struct ethosu_config_desc *cfg = ethosu_rf_config(rf);
    memset(op, 0, sizeof *op);
    op->product = ETHOSU_CMD_U85;
    op->opcode = opcode;
    op->param = param;
    op->cores = cfg->cores ? cfg->cores : 1u;
    op->u85.macs = cfg->macs;
    if (!is_kernel_op(opcode)) {
        snprintf(err, len, "opcode 0x%04x is not a kernel operation", opcode);
        return -1;
    }
    struct ethosu_kop_u85 *u = &op->u85;
    if (opcode == U85(OP_CONV))
        u->weights_ifm2 = param & 1u;
    /* OFM */
    struct ethosu_fm_layout *o = &op->ofm;
    uint16_t op_ = s0(s, U85(SET_OFM_PRECISION));
    if (ethosu_kop_prec64(op_, 1, 1, o, "OFM", err, len))
        return -1;
    op->ofm_global_scale = (int)bits(op_, 8, 1);
    u->reverse = bits(op_, 9, 2);
    u->transpose = bits(op_, 11, 3);
    u->ofm_storage = bits(op_, 14, 2);
    u->ofm_region = s0(s, U85(SET_OFM_REGION)) & 7u;
    if (u->transpose == 4 || u->transpose == 5) {
        snprintf(err, len, "OFM precision 0x%x: activation_transpose %u is reserved", op_, u->transpose);
        return -1;
    }
    ethosu_kop_tiles(s, rf, o, U85(SET_OFM_REGION), U85(SET_OFM_BASE0), U85(SET_OFM_HEIGHT0_M1),
                     U85(SET_OFM_HEIGHT1_M1), U85(SET_OFM_WIDTH0_M1), U85(SET_OFM_STRIDE_X));
    o->h = s0(s, U85(SET_OFM_HEIGHT_M1)) + 1u;
    o->w = s0(s, U85(SET_OFM_WIDTH_M1)) + 1u;
    o->c = s0(s, U85(SET_OFM_DEPTH_M1)) + 1u;
    op->ofm_zp = ext16(s0(s, U85(SET_OFM_ZERO_POINT)), o->is_signed || o->elem_bytes > 1);
    unsigned ofm_round;
    scale_fields(s, U85(SET_OFM_SCALE), &op->ofm_scale, &op->ofm_shift, &u->ofm_dbl_rnd, &ofm_round, 3);
    if (ofm_round > 5) {
        snprintf(err, len, "OFM_SCALE round_mode %u is reserved (0..5)", ofm_round);
        return -1;
    }
    op->round_mode = ofm_round;
    /* accumulator, activation, blocks */
    uint16_t acc = s0(s, U85(SET_ACC_FORMAT));
    u->acc_format = bits(acc, 0, 2);
    u->acc_input = bits(acc, 4, 2);
    u->acc_output = bits(acc, 6, 1);
    u->microblock = bits(acc, 8, 3);
    if (u->acc_format > 1 || u->acc_input > 2 || u->microblock > 5) {
        snprintf(err, len, "ACC_FORMAT 0x%x: acc_format %u, acc_input %u or microblock %u is reserved", acc,
                 u->acc_format, u->acc_input, u->microblock);
        return -1;
    }
    uint16_t act = s0(s, U85(SET_ACTIVATION));
    u->lut_function = bits(act, 0, 5);
    u->lut_table = bits(act, 5, 3);
    op->clip_range = bits(act, 12, 1);
    op->act_min = (int16_t)s0(s, U85(SET_ACTIVATION_MIN));
    op->act_max = (int16_t)s0(s, U85(SET_ACTIVATION_MAX));
    op->ofm_block_depth = s0(s, U85(SET_OFM_BLK_DEPTH_M1)) + 1u;
    u->ofm_blk_w = (uint16_t)(s0(s, U85(SET_OFM_BLK_WIDTH_M1)) + 1u);
    u->ofm_blk_h = (uint16_t)(s0(s, U85(SET_OFM_BLK_HEIGHT_M1)) + 1u);
    uint16_t wf = s0(s, U85(SET_WEIGHT_FORMAT));
    u->weight_format = bits(wf, 0, 1);
    u->sparsity = bits(wf, 4, 1);
    /* IFM */
    struct ethosu_fm_layout *i = &op->ifm;
    if (map_decode(s, rf, i, 0, &u->ifm_storage, &u->ifm_region, err, len))
        return -1;
    op->ifm_zp = ext16(s0(s, U85(SET_IFM_ZERO_POINT)), i->is_signed || i->elem_bytes > 1);
    op->upscale = s0(s, U85(SET_IFM_UPSCALE)) & 3u;
    if (op->upscale == 3) {
        snprintf(err, len, "IFM upscale mode 3 is reserved");
        return -1;
    }
    u->ifm_broadcast = bits(s0(s, U85(SET_IFM_BROADCAST)), 0, 4);
    scale_fields(s, U85(SET_IFM_SCALE), &u->ifm_scale, &u->ifm_shift, &u->ifm_dbl_rnd, &u->ifm_round, 1);
    unsigned ifm_depth = s0(s, U85(SET_IFM_DEPTH_M1)) + 1u;

    if (opcode == U85(OP_ELEMENTWISE)) {
        if (u->ifm_broadcast > BCAST_SCALAR) {
            snprintf(err, len, "IFM_BROADCAST mode %u is reserved", u->ifm_broadcast);
            return -1;
        }
        broadcast_shape(i, o, u->ifm_broadcast == BCAST_SCALAR ? 7u : u->ifm_broadcast);
        if (param != 6 && param != 7 && param != 36) {   /* binary: all but ABS, CLZ, NOT */
            op->has_ifm2 = 1;
            u->ifm2_broadcast = bits(s0(s, U85(SET_IFM2_BROADCAST)), 0, 4);
            if (u->ifm2_broadcast > BCAST_SCALAR) {
                snprintf(err, len, "IFM2_BROADCAST mode %u is reserved", u->ifm2_broadcast);
                return -1;
            }
            struct ethosu_fm_layout *i2 = &op->ifm2;
            if (map_decode(s, rf, i2, 1, &u->ifm2_storage, &u->ifm2_region, err, len))
                return -1;
            op->ifm2_zp = ext16(s0(s, U85(SET_IFM2_ZERO_POINT)), i2->is_signed || i2->elem_bytes > 1);
            scale_fields(s, U85(SET_IFM2_SCALE), &u->ifm2_scale, &u->ifm2_shift, &u->ifm2_dbl_rnd, &u->ifm2_round,
                         1);
            op->ifm2_is_scalar = u->ifm2_broadcast == BCAST_SCALAR;
            broadcast_shape(i2, o, op->ifm2_is_scalar ? 7u : u->ifm2_broadcast);
            op->broadcast_h = u->ifm2_broadcast != BCAST_SCALAR && (u->ifm2_broadcast & 1u);
            op->broadcast_w = u->ifm2_broadcast != BCAST_SCALAR && (u->ifm2_broadcast & 2u);
            op->broadcast_c = u->ifm2_broadcast != BCAST_SCALAR && (u->ifm2_broadcast & 4u);
            if (!op->ifm2_is_scalar) {
                ethosu_explain_apply_ifm2(op);   /* off unless ethosu/network reruns to explain a difference */
                u->ifm2_broadcast = (op->broadcast_h ? 1u : 0u) | (op->broadcast_w ? 2u : 0u) | (op->broadcast_c ? 4u : 0u);
            }
            if (!op->ifm2_is_scalar && stored_check(i2, u->ifm2_storage, "IFM2", err, len))
                return -1;
        }
        u->op_scalar = (int32_t)payload(s, U85(SET_OP_SCALAR));
        op->ifm2_scalar = u->op_scalar;
    } else if (opcode == U85(OP_RESIZE)) {
        i->h = s0(s, U85(SET_KERNEL_HEIGHT_M1)) + 1u;
        i->w = s0(s, U85(SET_KERNEL_WIDTH_M1)) + 1u;
        i->c = o->c;
        u->resize_x_n_m1 = bits(s0(s, U85(SET_RESIZE_X_SCALE_N_M1)), 0, 11);
        u->resize_y_n_m1 = bits(s0(s, U85(SET_RESIZE_Y_SCALE_N_M1)), 0, 11);
        u->resize_x_offset = (int32_t)((uint32_t)bits(s0(s, U85(SET_RESIZE_X_OFFSET)), 0, 12) << 20) >> 20;
        u->resize_y_offset = (int32_t)((uint32_t)bits(s0(s, U85(SET_RESIZE_Y_OFFSET)), 0, 12) << 20) >> 20;
        u->resize_x = payload(s, U85(SET_RESIZE_X));
        u->resize_y = payload(s, U85(SET_RESIZE_Y));
        u->resize_x_one_step = bits(param1(s, U85(SET_RESIZE_X)), 0, 4);
        u->resize_x_blk_step = bits(param1(s, U85(SET_RESIZE_X)), 4, 11);
        u->resize_y_one_step = bits(param1(s, U85(SET_RESIZE_Y)), 0, 4);
        u->resize_y_blk_step = bits(param1(s, U85(SET_RESIZE_Y)), 4, 11);
    } else {
        if (ethosu_kop_kernel_fields(s, op, 1, err, len))
            return -1;
        unsigned kw_ext = s0(s, U85(SET_KERNEL_WIDTH_M1)), kh_ext = s0(s, U85(SET_KERNEL_HEIGHT_M1));
        if (ethosu_kop_ifm_extent(o->w, op->stride_x, kw_ext + 1, op->pad_left, op->pad_right, op->upscale, &i->w) ||
            ethosu_kop_ifm_extent(o->h, op->stride_y, kh_ext + 1, op->pad_top, op->pad_bottom, op->upscale, &i->h)) {
            snprintf(err, len, "OFM %ux%u, kernel %ux%u, stride %ux%u and pads t%u l%u b%u r%u leave no IFM", o->w,
                     o->h, kw_ext + 1, kh_ext + 1, op->stride_x, op->stride_y, op->pad_top, op->pad_left,
                     op->pad_bottom, op->pad_right);
            return -1;
        }
        /* convolutions and the pools that reduce over channels read IFM_DEPTH channels */
        int reduces_c = opcode == U85(OP_POOL) && param == 2;   /* REDUCE_SUM */
        i->c = opcode == U85(OP_CONV) || reduces_c ? ifm_depth : o->c;
        if (opcode == U85(OP_CONV) && u->weights_ifm2) {
            /* a matrix multiplication: the weights are the IFM2 map, one row
             * of OFM-depth columns of IFM-depth channels (ethosu85_matmul_acc) */
            struct ethosu_fm_layout *i2 = &op->ifm2;
            op->has_ifm2 = 1;
            if (map_decode(s, rf, i2, 1, &u->ifm2_storage, &u->ifm2_region, err, len))
                return -1;
            op->ifm2_zp = ext16(s0(s, U85(SET_IFM2_ZERO_POINT)), i2->is_signed || i2->elem_bytes > 1);
            i2->h = 1;
            i2->w = o->c;
            i2->c = ifm_depth;
            if (stored_check(i2, u->ifm2_storage, "IFM2", err, len))
                return -1;
        } else if (opcode == U85(OP_CONV) || opcode == U85(OP_DEPTHWISE)) {
            if (streams(s, rf, op, err, len))
                return -1;
        } else if (!op->ofm_global_scale) {
            unsigned sr = s0(s, U85(SET_SCALE_REGION)) & 7u;   /* a pool scaled per channel */
            op->scales[0].addr = ethosu_rf_region_base(rf, sr) + s1(s, U85(SET_SCALE_BASE));
            op->scales[0].len = payload(s, U85(SET_SCALE_LENGTH));
            op->scales[0].port = ethosu_rf_region_port(rf, sr);
        }
    }
    if (u->acc_input == 2 && !op->has_ifm2) {
        /* acc_input IFM2: the accumulators start from the IFM2 map, the
         * OFM's shape (Vela's null pool and the first tap of a convolution
         * whose weights are an input); IFM2_BROADCAST is the elementwise
         * operations' and stays as the last one set */
        struct ethosu_fm_layout *i2 = &op->ifm2;
        op->has_ifm2 = 1;
        if (map_decode(s, rf, i2, 1, &u->ifm2_storage, &u->ifm2_region, err, len))
            return -1;
        op->ifm2_zp = 0;
        i2->h = o->h;
        i2->w = o->w;
        i2->c = o->c;
        if (stored_check(i2, u->ifm2_storage, "IFM2", err, len))
            return -1;
    }
    if (u->ifm_broadcast != BCAST_SCALAR && stored_check(i, u->ifm_storage, "IFM", err, len))
        return -1;
    /* the stored OFM: the computed shape permuted (OFM_PRECISION activation_transpose) */
    struct ethosu_fm_layout stored = *o;
    unsigned d[3] = { o->h, o->w, o->c }, t = u->transpose;
    static const unsigned perm[8][3] = { { 0, 1, 2 }, { 1, 0, 2 }, { 0, 2, 1 }, { 1, 2, 0 },
                                         { 0, 1, 2 }, { 0, 1, 2 }, { 2, 0, 1 }, { 2, 1, 0 } };
    stored.h = d[perm[t][0]];
    stored.w = d[perm[t][1]];
    stored.c = d[perm[t][2]];
    if (u->ofm_storage != STORAGE_NONE && stored_check(&stored, u->ofm_storage, "OFM", err, len))
        return -1;
    uint64_t nw = u->weights_ifm2 ? 0 : (uint64_t)o->c * op->kernel_h * op->kernel_w * (opcode == U85(OP_CONV) ? i->c : 1u);
    if (nw > ETHOSU_KOP_MAX_ELEMENTS) {
        snprintf(err, len, "%" PRIu64 " weights (OFM %u x kernel %ux%u x IFM %u), more than the twin's limit of %u", nw,
                 o->c, op->kernel_w, op->kernel_h, i->c, ETHOSU_KOP_MAX_ELEMENTS);
        return -1;
    }
    return ethosu_kop_addr_space_check(op, rf, err, len);
}
