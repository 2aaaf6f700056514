/* ethosu_kcompute: see ethosu_kcompute.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_cmd.h"
#include "ethosu_explain.h"
#include "ethosu_kcompute.h"
#include "ethosu_ops.h"

static int dtype(const struct ethosu_fm_layout *l, enum ethosu_dtype *t)
{
    unsigned code = l->elem_bytes == 1 ? 0u : l->elem_bytes == 2 ? 1u : 2u;
    return ethosu_dtype_from_fields((unsigned)l->is_signed, code, t);
}

static int fmap(const struct ethosu_fm_layout *l, int32_t zp, const int32_t *values, struct ethosu_fmap *f,
                const char *what, char *err, size_t len)
{
    memset(f, 0, sizeof *f);
    f->h = l->h;
    f->w = l->w;
    f->c = l->c;
    f->zero_point = zp;
    f->values = (int32_t *)values;   /* inputs are only read */
    if (dtype(l, &f->type)) {
        snprintf(err, len, "%s: %u-byte %s elements are not a type of the golden model", what, l->elem_bytes,
                 l->is_signed ? "signed" : "unsigned");
        return -1;
    }
    return 0;
}

/* The golden API's arguments of in's operation (ofm_values may be NULL for a check). */
struct kc_args {
    struct ethosu_fmap ifm, ofm;
    struct ethosu_output_stage os;
    struct ethosu_kernel k;
    struct ethosu_global_scale gs;
};

static int args_of(const struct ethosu_kc_in *in, int32_t *ofm_values, struct kc_args *a, char *err, size_t len)
{
    const struct ethosu_kop *op = in->op;
    if (fmap(&op->ifm, op->ifm_zp, in->ifm, &a->ifm, "IFM", err, len) ||
        fmap(&op->ofm, op->ofm_zp, ofm_values, &a->ofm, "OFM", err, len))
        return -1;
    struct ethosu_output_stage os = {
        .rounding = (enum ethosu_rounding)op->round_mode,
        .act_fn = op->act_fn + op->lut_slot,
        .act_clip = op->clip_range,
        .act_min = op->act_min,
        .act_max = op->act_max,
        .lut = op->act_fn == ETHOSU_ACT_LUT0 ? in->lut : NULL,
        .lut_len = op->act_fn == ETHOSU_ACT_LUT0 ? in->lut_len : 0,
    };
    if (!op->ofm.is_signed && op->ofm.elem_bytes == 2) {   /* uint16 OFM: the 16-bit limits are unsigned */
        os.act_min = (uint16_t)op->act_min;
        os.act_max = (uint16_t)op->act_max;
    }
    ethosu_explain_apply(op, &os);   /* off unless ethosu/network reruns to explain a difference */
    a->os = os;
    struct ethosu_kernel k = {
        /* the dilated extent, as KERNEL_WIDTH/HEIGHT_M1 + 1 */
        .w = (op->kernel_w - 1) * op->dilation_x + 1, .h = (op->kernel_h - 1) * op->dilation_y + 1, .stride_x = op->stride_x, .stride_y = op->stride_y,
        .dilation_x = op->dilation_x, .dilation_y = op->dilation_y, .pad_top = op->pad_top,
        .pad_left = op->pad_left, .pad_bottom = op->pad_bottom, .pad_right = op->pad_right,
        .upscale = (enum ethosu_upscale)op->upscale,
    };
    a->k = k;
    a->gs.scale = op->ofm_scale;
    a->gs.shift = (uint8_t)op->ofm_shift;
    return 0;
}

int ethosu_kcompute_check(const struct ethosu_kc_in *in, char *err, size_t len)
{
    const struct ethosu_kop *op = in->op;
    struct kc_args a;
    if (args_of(in, NULL, &a, err, len))
        return -1;
    if (op->opcode != ETHOSU_NPU_OP_POOL)
        return 1;
    return ethosu_op_pool_check((enum ethosu_pool_mode)op->param, &a.ifm, &a.k, NULL,
                                op->ofm_global_scale ? &a.gs : NULL, &a.os, &a.ofm, err, len) ? -1 : 0;
}

int ethosu_kcompute(const struct ethosu_kc_in *in, int32_t *ofm_values, char *err, size_t len)
{
    const struct ethosu_kop *op = in->op;
    struct kc_args a;
    if (args_of(in, ofm_values, &a, err, len))
        return -1;
    struct ethosu_fmap ifm2, *ifm = &a.ifm, *ofm = &a.ofm;
    struct ethosu_output_stage os = a.os;
    const struct ethosu_kernel k = a.k;
    const struct ethosu_global_scale gs = a.gs;
    const uint32_t *scale = in->scale;
    const uint8_t *shift = in->shift;
    int owned = 0;
    if (op->opcode == ETHOSU_NPU_OP_CONV)
        ethosu_explain_apply_scale(op, op->ofm.c, &scale, &shift, &os.rounding, &owned);
    struct ethosu_channel_scale cs = { in->bias, scale, shift, op->ofm.c };
    switch (op->opcode) {
    case ETHOSU_NPU_OP_CONV: {
        int rc = ethosu_op_conv(ifm, in->weights, &k, &cs, &os, ofm, err, len);
        if (owned) {
            free((void *)scale);
            free((void *)shift);
        }
        return rc;
    }
    case ETHOSU_NPU_OP_DEPTHWISE:
        return ethosu_op_depthwise(ifm, in->weights, &k, &cs, &os, ofm, err, len);
    case ETHOSU_NPU_OP_POOL:
        /* Global scale (OFM_PRECISION b8) or none: pooling has no scale stream. */
        return ethosu_op_pool((enum ethosu_pool_mode)op->param, ifm, &k, NULL, op->ofm_global_scale ? &gs : NULL,
                              &os, ofm, err, len);
    case ETHOSU_NPU_OP_ELEMENTWISE: {
        struct ethosu_ew_params p = {
            .mode = (enum ethosu_ew_mode)op->param,
            .broadcast_h = (int)op->broadcast_h, .broadcast_w = (int)op->broadcast_w,
            .broadcast_c = (int)op->broadcast_c, .scalar = op->ifm2_is_scalar, .reversed = (int)op->reversed,
            .ifm2_scalar = op->ifm2_scalar,
            .ifm_scale_mode = (enum ethosu_ifm_scale_mode)op->ifm_scale_mode,
            .ifm_rounding = (enum ethosu_rounding)op->ifm_round_mode,
            .opa = { op->opa_scale, (uint8_t)op->opa_shift },
            .opb_scale = op->opb_scale,
            .ofm = gs,
        };
        const struct ethosu_fmap *i2 = NULL;
        if (op->has_ifm2) {
            if (fmap(&op->ifm2, op->ifm2_zp, op->ifm2_is_scalar ? NULL : in->ifm2, &ifm2, "IFM2", err, len))
                return -1;
            i2 = &ifm2;
        }
        return ethosu_op_elementwise(&p, ifm, i2, &os, ofm, err, len);
    }
    }
    snprintf(err, len, "opcode 0x%04x is not a kernel operation", op->opcode);
    return -1;
}
