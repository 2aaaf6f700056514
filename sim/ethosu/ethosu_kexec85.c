/* ethosu_kexec85: the data side of one Ethos-U85 kernel operation (the
 * U85 half of ethosu_kexec): which maps live in memory, the weight and scale
 * streams to dense values (golden/ethosu/ethosu85_w*.h), the two halves of
 * the golden operation (golden/ethosu/ethosu85_ops.h: accumulate, output),
 * what an operation leaves for the next (a CHAINED OFM, kept accumulators),
 * and the transposed / reversed store of the OFM. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu85_ops.h"
#include "ethosu85_scale_stream.h"
#include "ethosu85_fwd.h"
#include "ethosu85_weight_order.h"
#include "ethosu_cmd.h"
#include "ethosu_explain.h"
#include "ethosu_kexec.h"
#include "ethosu_mlw.h"

enum { STORAGE_CHAINED = 2, STORAGE_NONE = 3 };

void ethosu_kx85_carry_free(struct ethosu_kx_carry *c)
{
    for (unsigned k = 0; k < ETHOSU_KX_CHAINS; k++)
        free(c->chain[k]);
    free(c->acc);
    memset(c, 0, sizeof *c);
}

int ethosu_kx85_plan(struct ethosu_kexec *kx, char *err, size_t len)
{
    const struct ethosu_kop *op = &kx->op;
    const struct ethosu_kop_u85 *u = &op->u85;
    kx->read_ifm = u->ifm_storage != STORAGE_CHAINED && u->ifm_storage != STORAGE_NONE && u->ifm_broadcast != 8;
    kx->read_ifm2 = op->has_ifm2 && !op->ifm2_is_scalar && u->ifm2_storage != STORAGE_CHAINED &&
                    u->ifm2_storage != STORAGE_NONE;
    kx->write_ofm = u->ofm_storage != STORAGE_CHAINED && u->ofm_storage != STORAGE_NONE &&
                    u->acc_output == ETHOSU85_ACC_OUTPUT_ENABLE;
    uint32_t sh, sw, sc, oy, ox, oc;
    if (ethosu85_ofm_map((enum ethosu85_transpose)u->transpose, (enum ethosu85_reverse)u->reverse, op->ofm.h,
                         op->ofm.w, op->ofm.c, 0, 0, 0, &sh, &sw, &sc, &oy, &ox, &oc)) {
        snprintf(err, len, "OFM transpose %u with reverse %u: no such store", u->transpose, u->reverse);
        return -1;
    }
    kx->ofm_stored = op->ofm;
    kx->ofm_stored.h = sh;
    kx->ofm_stored.w = sw;
    kx->ofm_stored.c = sc;
    return 0;
}

static int dtype_of(const struct ethosu_fm_layout *l, enum ethosu_dtype *t)
{
    if (l->elem_bytes == 8 && l->is_signed) {   /* int64 OFM: 32-bit values, sign-extended in memory */
        *t = ETHOSU_INT32;
        return 0;
    }
    unsigned code = l->elem_bytes == 1 ? 0u : l->elem_bytes == 2 ? 1u : 2u;
    return ethosu_dtype_from_fields((unsigned)l->is_signed, code, t);
}

static int fmap_of(const struct ethosu_fm_layout *l, int32_t zp, int32_t *values, struct ethosu_fmap *f,
                   const char *what, char *err, size_t len)
{
    memset(f, 0, sizeof *f);
    f->h = l->h;
    f->w = l->w;
    f->c = l->c;
    f->zero_point = zp;
    f->values = values;
    if (dtype_of(l, &f->type)) {
        snprintf(err, len, "%s: %u-byte %s elements are not a type of the golden model", what, l->elem_bytes,
                 l->is_signed ? "signed" : "unsigned");
        return -1;
    }
    return 0;
}

/* A CHAINED input: the dense OFM an earlier operation left in chain buffer region. */
static int take_chain(struct ethosu_kx_carry *c, unsigned region, const struct ethosu_fm_layout *l, int32_t *dense,
                      const char *what, char *err, size_t len)
{
    region &= ETHOSU_KX_CHAINS - 1u;
    if (!c->chain[region]) {
        snprintf(err, len, "%s is chained from chain buffer %u, which no operation wrote", what, region);
        return -1;
    }
    if (c->chain_h[region] != l->h || c->chain_w[region] != l->w || c->chain_c[region] != l->c) {
        snprintf(err, len, "%s is chained %ux%ux%u from chain buffer %u, which holds %ux%ux%u", what, l->h, l->w, l->c,
                 region, c->chain_h[region], c->chain_w[region], c->chain_c[region]);
        return -1;
    }
    memcpy(dense, c->chain[region], (size_t)l->h * l->w * l->c * sizeof *dense);
    return 0;
}

static int put_chain(struct ethosu_kx_carry *c, unsigned region, const struct ethosu_fm_layout *l,
                     const int32_t *dense, char *err, size_t len)
{
    region &= ETHOSU_KX_CHAINS - 1u;
    size_t n = (size_t)l->h * l->w * l->c;
    int32_t *p = realloc(c->chain[region], n * sizeof *p);
    if (!p) {
        snprintf(err, len, "out of memory for chain buffer %u", region);
        return -1;
    }
    memcpy(p, dense, n * sizeof *p);
    c->chain[region] = p;
    c->chain_h[region] = l->h;
    c->chain_w[region] = l->w;
    c->chain_c[region] = l->c;
    return 0;
}

static enum ethosu85_round_mode rmode(unsigned v) { return (enum ethosu85_round_mode)v; }

/* The operation's weight-order parameters, from its registers alone. */
static int order_cfg(const struct ethosu_kop *op, struct ethosu85_weight_order_cfg *c, char *err, size_t len)
{
    const struct ethosu_kop_u85 *u = &op->u85;
    unsigned sx = op->stride_x - 1u, sy = op->stride_y - 1u;
    struct ethosu85_weight_fields f = {
        .macs = u->macs, .depthwise = op->opcode == ETHOSU85_NPU_OP_DEPTHWISE,
        .weight_order = (unsigned)op->part_kernel_first,
        .stride_x_lsb = sx & 1u, .stride_x_msb = sx >> 1, .stride_y_lsb = sy & 1u, .stride_y_msb = sy >> 1,
        .dilation_x = op->dilation_x - 1u, .dilation_y = op->dilation_y - 1u,
        .decomposition = op->kernel_split == 4u,
        .kernel_width_m1 = (op->kernel_w - 1u) * op->dilation_x, .kernel_height_m1 = (op->kernel_h - 1u) * op->dilation_y,
        .ifm_precision = op->ifm.elem_bytes == 1 ? 0u : op->ifm.elem_bytes == 2 ? 1u : 2u,
        .ifm_depth_m1 = op->ifm.c - 1u, .ofm_depth_m1 = op->ofm.c - 1u,
        .ofm_blk_depth_m1 = op->ofm_block_depth - 1u, .microblock = u->microblock,
        .weight_format = u->weight_format, .weight_sparsity = u->sparsity,
    };
    return ethosu85_weight_params_from_regs(&f, c, err, len);
}

/* The coded weight streams decoded and put back in dense OHWI order. */
static int dense_weights(struct ethosu_kexec *kx, char *err, size_t len)
{
    const struct ethosu_kop *op = &kx->op;
    struct ethosu85_weight_order_cfg c;
    char why[240];
    if (order_cfg(op, &c, why, sizeof why)) {
        snprintf(err, len, "weight order: %s", why);
        return -1;
    }
    unsigned ns = ethosu85_weight_order_coded_streams(&c);
    int16_t *lists[ETHOSU_KOP_STREAMS] = { NULL };
    size_t lens[ETHOSU_KOP_STREAMS] = { 0 };
    size_t nd = (size_t)c.ofm_depth * c.kernel_h * c.kernel_w * c.ifm_depth;
    kx->d_w = malloc((nd ? nd : 1) * sizeof *kx->d_w);
    int rc = kx->d_w ? 0 : -1;
    if (!kx->d_w)
        snprintf(err, len, "out of memory for %zu weights", nd);
    for (unsigned k = 0; k < ns && !rc; k++) {
        const char *reg = k == 0 ? "WEIGHT" : k == 1 ? "WEIGHT1" : k == 2 ? "WEIGHT2" : "WEIGHT3";
        if (!op->weights[k].len) {
            snprintf(err, len, "weight stream %u is empty (%s_LENGTH 0)", k, reg);
            rc = -1;
        } else if (c.fwd) {
            lens[k] = ethosu85_weight_order_coded_count(&c, k);
            lists[k] = malloc((lens[k] ? lens[k] : 1) * sizeof *lists[k]);
            if (!lists[k] || ethosu85_fwd_decode(kx->wbuf[k], op->weights[k].len, lens[k], lists[k], why, sizeof why)) {
                snprintf(err, len, "weight stream %u (%s, fast format) rejected by the decoder: %s", k, reg,
                         lists[k] ? why : "out of memory");
                rc = -1;
            }
        } else if (ethosu_mlw_decode(kx->wbuf[k], op->weights[k].len, &lists[k], &lens[k], why, sizeof why)) {
            snprintf(err, len, "weight stream %u (%s) rejected by the decoder: %s", k, reg, why);
            rc = -1;
        }
    }
    if (!rc && ethosu85_weights_to_dense32(&c, (const int16_t *const *)lists, lens, kx->d_w, nd, why, sizeof why)) {
        snprintf(err, len, "weights: %s", why);
        rc = -1;
    }
    for (unsigned k = 0; k < ETHOSU_KOP_STREAMS; k++)
        free(lists[k]);
    return rc;
}

/* Weights and per-channel scales of a convolution. */
static int conv_inputs(struct ethosu_kexec *kx, int64_t **bias, uint32_t **scale, uint8_t **shift, char *err,
                       size_t len)
{
    const struct ethosu_kop *op = &kx->op;
    uint32_t och = op->ofm.c;
    char why[240];
    if (dense_weights(kx, err, len))
        return -1;
    *bias = malloc(och * sizeof **bias);
    *scale = malloc(och * sizeof **scale);
    *shift = malloc(och);
    if (!*bias || !*scale || !*shift) {
        snprintf(err, len, "out of memory for %u channels' scales", och);
        return -1;
    }
    if (ethosu85_scale_stream_parse(kx->sbuf[0], op->scales[0].len, och, op->u85.acc_format, *bias, *scale, *shift,
                                    why, sizeof why)) {
        snprintf(err, len, "scale stream (SCALE_LENGTH %u) for %u OFM channels: %s", op->scales[0].len, och, why);
        return -1;
    }
    return 0;
}

int ethosu_kx85_compute(struct ethosu_kexec *kx, const uint8_t *lut, size_t lut_len, char *err, size_t len)
{
    const struct ethosu_kop *op = &kx->op;
    const struct ethosu_kop_u85 *u = &op->u85;
    struct ethosu_fmap ifm, ifm2, ofm;
    int rc = -1;
    int64_t *bias = NULL, *accv = NULL;
    uint32_t *scale = NULL;
    uint8_t *shift = NULL;
    int32_t *stored = NULL;
    /* inputs: memory, a chain buffer or the scalar */
    if (kx->read_ifm)
        ethosu_fml_unpack(&op->ifm, &kx->ifm, kx->d_ifm);
    else if (u->ifm_storage == STORAGE_CHAINED &&
             take_chain(&kx->carry, u->ifm_region, &op->ifm, kx->d_ifm, "IFM", err, len))
        return -1;
    if (kx->read_ifm2)
        ethosu_fml_unpack(&op->ifm2, &kx->ifm2, kx->d_ifm2);
    else if (op->has_ifm2 && u->ifm2_storage == STORAGE_CHAINED &&
             take_chain(&kx->carry, u->ifm2_region, &op->ifm2, kx->d_ifm2, "IFM2", err, len))
        return -1;
    if (fmap_of(&op->ifm, op->ifm_zp, kx->d_ifm, &ifm, "IFM", err, len) ||
        fmap_of(&op->ofm, op->ofm_zp, kx->d_ofm, &ofm, "OFM", err, len))
        return -1;
    if (op->has_ifm2 && fmap_of(&op->ifm2, op->ifm2_zp, kx->d_ifm2, &ifm2, "IFM2", err, len))
        return -1;
    size_t n = (size_t)op->ofm.h * op->ofm.w * op->ofm.c;
    accv = malloc((n ? n : 1) * sizeof *accv);
    if (!accv) {
        snprintf(err, len, "out of memory for %zu accumulators", n);
        return -1;
    }
    struct ethosu85_acc acc = { op->ofm.h, op->ofm.w, op->ofm.c, accv, 0 };
    struct ethosu85_acc keep = { kx->carry.acc_h, kx->carry.acc_w, kx->carry.acc_c, kx->carry.acc, 0 };
    struct ethosu85_acc from2 = { 0, 0, 0, NULL, 0 };
    struct ethosu85_acc_in in = { (enum ethosu85_acc_input)u->acc_input, NULL };
    if (u->acc_input == ETHOSU85_ACC_KEEP) {
        if (!kx->carry.acc || keep.h != acc.h || keep.w != acc.w || keep.c != acc.c) {
            snprintf(err, len, "acc_input KEEP: no %ux%ux%u accumulators kept by the previous operation", acc.h,
                     acc.w, acc.c);
            goto out;
        }
        in.acc_in = &keep;
    } else if (u->acc_input == ETHOSU85_ACC_IFM2) {
        if (!op->has_ifm2) {
            snprintf(err, len, "acc_input IFM2 without an IFM2");
            goto out;
        }
        from2 = acc;
        from2.values = malloc((n ? n : 1) * sizeof *from2.values);
        if (!from2.values || ethosu85_acc_from_fmap(&ifm2, &from2, err, len))
            goto out;
        in.acc_in = &from2;
    }
    struct ethosu_kernel k = {
        .w = (op->kernel_w - 1) * op->dilation_x + 1, .h = (op->kernel_h - 1) * op->dilation_y + 1,
        .stride_x = op->stride_x, .stride_y = op->stride_y, .dilation_x = op->dilation_x,
        .dilation_y = op->dilation_y, .pad_top = op->pad_top, .pad_left = op->pad_left,
        .pad_bottom = op->pad_bottom, .pad_right = op->pad_right, .upscale = (enum ethosu_upscale)op->upscale,
    };
    struct ethosu85_channel_scale cs = { NULL, NULL, NULL, op->ofm.c };
    switch (op->opcode) {
    case ETHOSU85_NPU_OP_CONV:
        if (u->weights_ifm2) {
            if (ethosu85_matmul_acc(&ifm, &ifm2, &in, &acc, err, len))
                goto out;
            break;
        }
        /* fall through */
    case ETHOSU85_NPU_OP_DEPTHWISE:
        if (conv_inputs(kx, &bias, &scale, &shift, err, len))
            goto out;
        cs.bias = bias;
        cs.scale = scale;
        cs.shift = shift;
        if (op->opcode == ETHOSU85_NPU_OP_CONV ? ethosu85_conv_acc(&ifm, kx->d_w, &k, &in, &acc, err, len)
                                               : ethosu85_depthwise_acc(&ifm, kx->d_w, &k, &in, &acc, err, len))
            goto out;
        break;
    case ETHOSU85_NPU_OP_POOL:
        if (!op->ofm_global_scale) {
            snprintf(err, len, "a pool scaled per channel (OFM_PRECISION scale_mode PER_CHANNEL) is not modelled");
            goto out;
        }
        if (ethosu85_pool_acc((enum ethosu85_pool_mode)(op->param & 7u), &ifm, &k, rmode(op->round_mode), &in, &acc, err, len))
            goto out;
        break;
    case ETHOSU85_NPU_OP_ELEMENTWISE: {
        struct ethosu85_ew_params p = {
            .mode = (enum ethosu85_ew_mode)(op->param & 0x3Fu),
            .ifm_broadcast = u->ifm_broadcast,
            .ifm2_broadcast = u->ifm2_broadcast,
            .scalar = u->op_scalar,
            .ifm_scale = { u->ifm_scale, u->ifm_shift, u->ifm_dbl_rnd, rmode(u->ifm_round) },
            .ifm2_scale = { u->ifm2_scale, u->ifm2_shift, u->ifm2_dbl_rnd, rmode(u->ifm2_round) },
        };
        if (ethosu85_elementwise_acc(&p, &ifm, op->has_ifm2 ? &ifm2 : NULL, rmode(op->round_mode), &in, &acc, err,
                                     len))
            goto out;
        break;
    }
    case ETHOSU85_NPU_OP_RESIZE: {
        struct ethosu85_resize_axis ax = { u->resize_x_n_m1 + 1u,
                                           u->resize_x_one_step * (u->resize_x_n_m1 + 1u) + (u->resize_x & 0x7FFu),
                                           u->resize_x_offset };
        struct ethosu85_resize_axis ay = { u->resize_y_n_m1 + 1u,
                                           u->resize_y_one_step * (u->resize_y_n_m1 + 1u) + (u->resize_y & 0x7FFu),
                                           u->resize_y_offset };
        if (ethosu85_resize_acc((enum ethosu85_resize_mode)(op->param & 3u), &ifm, &ax, &ay, &acc, err, len))
            goto out;
        break;
    }
    default:
        snprintf(err, len, "opcode 0x%04x is not a kernel operation", op->opcode);
        goto out;
    }
    /* the accumulators of the MAC operations hold acc_format's bits; an
     * elementwise product of two int32 values reaches the output scaling whole
     * (Vela's softmax: a * b >> 31) */
    if (op->opcode != ETHOSU85_NPU_OP_ELEMENTWISE)
        ethosu85_acc_saturate(&acc, (enum ethosu85_acc_format)u->acc_format);
    if (u->acc_output == ETHOSU85_ACC_OUTPUT_DISABLE) {
        /* kept for the next operation's acc_input KEEP; nothing is written */
        free(kx->carry.acc);
        kx->carry.acc = accv;
        kx->carry.acc_h = acc.h;
        kx->carry.acc_w = acc.w;
        kx->carry.acc_c = acc.c;
        accv = NULL;
        memset(kx->d_ofm, 0, n * sizeof *kx->d_ofm);
        rc = 0;
        goto out;
    }
    struct ethosu85_output_stage os = {
        .scale_mode = op->ofm_global_scale ? ETHOSU85_SCALE_GLOBAL : ETHOSU85_SCALE_PER_CHANNEL,
        .ofm_scale = { op->ofm_scale, op->ofm_shift, u->ofm_dbl_rnd, rmode(op->round_mode) },
        .cs = op->ofm_global_scale ? NULL : &cs,
        .act_fn = (enum ethosu85_act_fn)u->lut_function,
        .clip = (enum ethosu85_clip_range)op->clip_range,
        .act_min = op->act_min,
        .act_max = op->act_max,
        /* a product of two int32 values: the shift applies, the multiplier does not
         * (Vela's softmax: scale 2^30, shift 31 for a * b >> 31); an int32 ADD or
         * SUB scales whole (Vela's SUM: 0x40818501 >> 32) */
        .shift_only = op->opcode == ETHOSU85_NPU_OP_ELEMENTWISE && (op->param & 0x3Fu) == ETHOSU85_EW_MUL &&
                      op->ifm.elem_bytes == 4,
    };
    if (!op->ofm.is_signed && op->ofm.elem_bytes <= 2) {   /* an unsigned OFM: the 16-bit limits are unsigned */
        os.act_min = (uint16_t)op->act_min;
        os.act_max = (uint16_t)op->act_max;
    }
    if (u->lut_function != ETHOSU85_LUT_NONE) {
        size_t lsize = u->lut_function == ETHOSU85_LUT_U8_U8 || u->lut_function == ETHOSU85_LUT_S8_S8 ? 256u
                       : u->lut_function == ETHOSU85_LUT_S8_S16                                       ? 512u
                       : u->lut_function == ETHOSU85_LUT_S8_S32                                       ? 1024u
                                                                                                       : 2048u;
        size_t off = (size_t)u->lut_table * lsize;
        if (off + lsize > lut_len) {
            snprintf(err, len, "ACTIVATION table %u of %zu bytes lies beyond the %zu-byte LUT memory", u->lut_table,
                     lsize, lut_len);
            goto out;
        }
        os.lut = lut + off;
        os.lut_len = lsize;
    }
    ethosu_explain_apply85(op, &os);   /* off unless ethosu/network reruns to explain a difference */
    if (cs.scale && op->opcode == ETHOSU85_NPU_OP_CONV) {
        const uint32_t *sc = cs.scale;
        const uint8_t *sh = cs.shift;
        enum ethosu_rounding r = ETHOSU_ROUND_TFL;
        int owned = 0;
        ethosu_explain_apply_scale(op, op->ofm.c, &sc, &sh, &r, &owned);
        if (owned) {   /* the cut-scale bracket: one rounding, as the 64-bit reference */
            free(scale);
            free(shift);
            scale = (uint32_t *)sc;
            shift = (uint8_t *)sh;
            cs.scale = sc;
            cs.shift = sh;
            os.ofm_scale.round_mode = ETHOSU85_ROUND_NATURAL;
            os.ofm_scale.dbl_rnd = 0;
        }
    }
    if (ethosu85_output(&acc, &os, &ofm, err, len))
        goto out;
    if (u->ofm_storage == STORAGE_CHAINED) {
        if (put_chain(&kx->carry, u->ofm_region, &op->ofm, kx->d_ofm, err, len))
            goto out;
    } else if (kx->write_ofm) {
        const int32_t *src = kx->d_ofm;
        if (u->transpose || u->reverse) {
            stored = malloc((n ? n : 1) * sizeof *stored);
            struct ethosu_fmap dst = ofm;
            dst.h = kx->ofm_stored.h;
            dst.w = kx->ofm_stored.w;
            dst.c = kx->ofm_stored.c;
            dst.values = stored;
            if (!stored) {
                snprintf(err, len, "out of memory for the stored OFM");
                goto out;
            }
            if (ethosu85_ofm_permute((enum ethosu85_transpose)u->transpose, (enum ethosu85_reverse)u->reverse, &ofm,
                                     &dst, err, len))
                goto out;
            src = stored;
        }
        ethosu_fml_pack(&kx->ofm_stored, src, &kx->ofm);
    }
    kx->ops++;
    if (op->opcode == ETHOSU85_NPU_OP_CONV || op->opcode == ETHOSU85_NPU_OP_DEPTHWISE)
        kx->macs += (uint64_t)n * op->kernel_h * op->kernel_w *
                    (op->opcode == ETHOSU85_NPU_OP_CONV ? op->ifm.c : 1u);
    rc = 0;
out:
    free(accv);
    free(from2.values);
    free(bias);
    free(scale);
    free(shift);
    free(stored);
    return rc;
}
