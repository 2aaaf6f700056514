/* ethosu_explain: see ethosu_explain.h. */
#include <stdlib.h>
#include "ethosu_cmd.h"
#include "ethosu_explain.h"

static enum ethosu_explain setting;   /* the twin's arithmetic as the stream says unless a rerun set it */
static unsigned long changed;         /* operations the setting changed since it was set */
static uint64_t changed_ofm[ETHOSU_EXPLAIN_MAX_OFMS];   /* their OFM BASE0 */

static const char *const names[ETHOSU_EXPLAIN_COUNT] = {
    "none", "fc-single-rounding", "1x1-single-rounding", "all-single-rounding", "uint8-full-range",
    "ifm2-no-broadcast-when-tall", "16x8-cut-scale-low", "16x8-cut-scale-high",
};

static const char *const reasons[ETHOSU_EXPLAIN_COUNT] = {
    "",
    "FULLY_CONNECTED rounding: the stream rounds twice (ROUND_MODE_DBL: TensorFlow Lite's doubling high multiply, "
    "then a rounding shift), LiteRT 2.3's reference once (the 64-bit accumulator times the multiplier, one rounding "
    "shift)",
    "FULLY_CONNECTED rounding (a 1x1 convolution of the stream): the stream rounds twice (ROUND_MODE_DBL), LiteRT "
    "2.3's reference once (the 64-bit accumulator times the multiplier, one rounding shift)",
    "rounding: the stream rounds twice (ROUND_MODE_DBL), LiteRT 2.3's reference once (the 64-bit product, one "
    "rounding shift) in operations Vela lowered (FULLY_CONNECTED, BATCH_MATMUL)",
    "uint8 clamp: the stream clamps a uint8 output to int8's range (ACTIVATION_MAX 127), LiteRT 2.3's reference to "
    "uint8's (0..255)",
    "IFM2 broadcast: the stream flags IFM2_BROADCAST in a dimension where its own IFM2 tile is more than one "
    "element (IFM2_HEIGHT0_M1 or IFM2_WIDTH0_M1 above 0) and so reads IFM2's first row (column) for all, TensorFlow "
    "Lite's reference adds element by element (Vela 5.2 flags the ADD of two equally tall slices)",
    "likely 16x8 FULLY_CONNECTED scale: Vela cut the 32-bit multiplier to 16 bits, LiteRT 2.3's reference uses it "
    "whole",
    "likely 16x8 FULLY_CONNECTED scale: Vela cut the 32-bit multiplier to 16 bits, LiteRT 2.3's reference uses it "
    "whole",
};

const char *ethosu_explain_name(enum ethosu_explain e)
{
    return (unsigned)e < ETHOSU_EXPLAIN_COUNT ? names[e] : "unknown";
}

const char *ethosu_explain_reason(enum ethosu_explain e)
{
    return (unsigned)e < ETHOSU_EXPLAIN_COUNT ? reasons[e] : "";
}

void ethosu_explain_set(enum ethosu_explain e)
{
    setting = (unsigned)e < ETHOSU_EXPLAIN_COUNT ? e : ETHOSU_EXPLAIN_NONE;
    changed = 0;
}

enum ethosu_explain ethosu_explain_get(void)
{
    return setting;
}

unsigned long ethosu_explain_changed(void)
{
    return changed;
}

/* a CONV with a 1x1 kernel, stride 1, no padding: what Vela makes of
 * FULLY_CONNECTED (and of a pointwise convolution) */
static int conv_1x1(const struct ethosu_kop *op)
{
    return op->opcode == ETHOSU_NPU_OP_CONV && op->kernel_h == 1 && op->kernel_w == 1 && op->stride_x == 1 &&
           op->stride_y == 1 && !op->pad_top && !op->pad_left && !op->pad_bottom && !op->pad_right && !op->upscale;
}

/* Vela's FULLY_CONNECTED of one row: a 1x1 CONV over a 1x1xN IFM */
static int from_fully_connected(const struct ethosu_kop *op)
{
    return conv_1x1(op) && op->ifm.h == 1 && op->ifm.w == 1;
}

int ethosu_explain_output_stage(enum ethosu_explain e, const struct ethosu_kop *op, struct ethosu_output_stage *os)
{
    switch (e) {
    case ETHOSU_EXPLAIN_FC_SINGLE_ROUNDING:
        if (os->rounding != ETHOSU_ROUND_TFL || !from_fully_connected(op))
            return 0;
        os->rounding = ETHOSU_ROUND_NATURAL;   /* half up at the full shift: one rounding */
        return 1;
    case ETHOSU_EXPLAIN_1X1_SINGLE_ROUNDING:
        if (os->rounding != ETHOSU_ROUND_TFL || !conv_1x1(op))
            return 0;
        os->rounding = ETHOSU_ROUND_NATURAL;
        return 1;
    case ETHOSU_EXPLAIN_ALL_SINGLE_ROUNDING:
        if (os->rounding != ETHOSU_ROUND_TFL)
            return 0;
        os->rounding = ETHOSU_ROUND_NATURAL;
        return 1;
    case ETHOSU_EXPLAIN_UINT8_FULL_RANGE:
        /* int8's limits on a uint8 OFM */
        if (op->ofm.is_signed || op->ofm.elem_bytes != 1 || os->act_max != 127 ||
            (os->act_min != -128 && os->act_min != 0))
            return 0;
        if (os->act_clip != ETHOSU_CLIP_OFM && os->act_clip != ETHOSU_CLIP_INT8 && os->act_clip != ETHOSU_CLIP_UINT8)
            return 0;
        os->act_min = 0;
        os->act_max = 255;
        os->act_clip = ETHOSU_CLIP_OFM;
        return 1;
    default:
        return 0;
    }
}

static void count(const struct ethosu_kop *op)
{
    if (changed < ETHOSU_EXPLAIN_MAX_OFMS)
        changed_ofm[changed] = op->ofm.base[0];
    changed++;
}

void ethosu_explain_apply(const struct ethosu_kop *op, struct ethosu_output_stage *os)
{
    if (setting != ETHOSU_EXPLAIN_NONE && ethosu_explain_output_stage(setting, op, os))
        count(op);
}

int ethosu_explain_ifm2_broadcast(enum ethosu_explain e, struct ethosu_kop *op)
{
    if (e != ETHOSU_EXPLAIN_IFM2_NO_BROADCAST_WHEN_TALL || op->opcode != ETHOSU_NPU_OP_ELEMENTWISE || !op->has_ifm2 ||
        op->ifm2_is_scalar)
        return 0;
    int any = 0;
    /* the tile registers are the stream's own word on IFM2's extent: a
     * broadcast operand Vela describes as one row (column) high */
    if (op->broadcast_h && op->ifm2.height0 > 1) {
        op->broadcast_h = 0;
        op->ifm2.h = op->ofm.h;
        any = 1;
    }
    if (op->broadcast_w && op->ifm2.width0 > 1) {
        op->broadcast_w = 0;
        op->ifm2.w = op->ofm.w;
        any = 1;
    }
    return any;
}

void ethosu_explain_apply_ifm2(struct ethosu_kop *op)
{
    if (setting != ETHOSU_EXPLAIN_NONE && ethosu_explain_ifm2_broadcast(setting, op))
        count(op);
}

unsigned ethosu_explain_changed_ofms(const uint64_t **base, int *more)
{
    *base = changed_ofm;
    *more = changed > ETHOSU_EXPLAIN_MAX_OFMS;
    return changed > ETHOSU_EXPLAIN_MAX_OFMS ? ETHOSU_EXPLAIN_MAX_OFMS : (unsigned)changed;
}

int ethosu_explain_channel_scale(enum ethosu_explain e, const struct ethosu_kop *op, uint32_t n,
                                 const uint32_t *scale, const uint8_t *shift, uint32_t *out_scale,
                                 uint8_t *out_shift, enum ethosu_rounding *rounding)
{
    /* truncation: U55/U65 rounding mode 1; the U85's TRUNCATE_TO_ZERO / TO_LOWER (4, 5) */
    int truncates = op->product == ETHOSU_CMD_U85 ? op->round_mode >= 4 : op->round_mode == ETHOSU_ROUND_TRUNCATE;
    if ((e != ETHOSU_EXPLAIN_CUT_SCALE_LOW && e != ETHOSU_EXPLAIN_CUT_SCALE_HIGH) || !conv_1x1(op) ||
        op->ifm.elem_bytes != 2 || truncates || !scale || !shift || !n)
        return 0;
    if (op->product == ETHOSU_CMD_U85 ? op->u85.lut_function != 0 : op->act_fn != ETHOSU_ACT_NONE)
        return 0;   /* a table after the scaling need not be monotonic: the bounds would not bracket */
    for (uint32_t i = 0; i < n; i++)
        if (scale[i] > 32767 || shift[i] < 16)
            return 0;   /* not a cut scale */
    for (uint32_t i = 0; i < n; i++) {
        /* (M + 2^15) >> 16 = s for M in [s * 2^16 - 2^15, s * 2^16 + 2^15 - 1]; Vela gives 32767 for
         * any M from 32767 * 2^16 up, and M < 2^31 */
        uint64_t mid = (uint64_t)scale[i] << 16;
        uint64_t lo = mid >= 0x8000u ? mid - 0x8000u : 0, hi = scale[i] == 32767 ? 0x7FFFFFFFu : mid + 0x7FFFu;
        out_scale[i] = (uint32_t)(e == ETHOSU_EXPLAIN_CUT_SCALE_LOW ? lo : hi);
        out_shift[i] = (uint8_t)(shift[i] + 16);
    }
    *rounding = ETHOSU_ROUND_NATURAL;   /* the 64-bit reference: one rounding */
    return 1;
}

void ethosu_explain_apply_scale(const struct ethosu_kop *op, uint32_t n, const uint32_t **scale,
                                const uint8_t **shift, enum ethosu_rounding *rounding, int *owned)
{
    *owned = 0;
    if (setting != ETHOSU_EXPLAIN_CUT_SCALE_LOW && setting != ETHOSU_EXPLAIN_CUT_SCALE_HIGH)
        return;
    uint32_t *s = malloc((size_t)n * sizeof *s + 1);
    uint8_t *h = malloc((size_t)n + 1);
    if (s && h && ethosu_explain_channel_scale(setting, op, n, *scale, *shift, s, h, rounding)) {
        *scale = s;
        *shift = h;
        *owned = 1;
        count(op);
        return;
    }
    free(s);
    free(h);
}

/* ---- the Ethos-U85's output half (ethosu85_ops.h): the same alternatives ---- */

int ethosu_explain_output_stage85(enum ethosu_explain e, const struct ethosu_kop *op,
                                  struct ethosu85_output_stage *os)
{
    int dbl = os->ofm_scale.round_mode == ETHOSU85_ROUND_DOUBLE_SYMMETRIC;
    switch (e) {
    case ETHOSU_EXPLAIN_FC_SINGLE_ROUNDING:
    case ETHOSU_EXPLAIN_1X1_SINGLE_ROUNDING:
    case ETHOSU_EXPLAIN_ALL_SINGLE_ROUNDING:
        if (!dbl || (e == ETHOSU_EXPLAIN_FC_SINGLE_ROUNDING && !from_fully_connected(op)) ||
            (e == ETHOSU_EXPLAIN_1X1_SINGLE_ROUNDING && !conv_1x1(op)))
            return 0;
        os->ofm_scale.round_mode = ETHOSU85_ROUND_NATURAL;   /* half up at the full shift: one rounding */
        os->ofm_scale.dbl_rnd = 0;
        return 1;
    case ETHOSU_EXPLAIN_UINT8_FULL_RANGE:
        if (op->ofm.is_signed || op->ofm.elem_bytes != 1 || os->clip != ETHOSU85_CLIP_B16 || os->act_max != 127 ||
            (os->act_min != -128 && os->act_min != 0 && os->act_min != 0xFF80))
            return 0;
        os->act_min = 0;
        os->act_max = 255;
        return 1;
    default:
        return 0;
    }
}

void ethosu_explain_apply85(const struct ethosu_kop *op, struct ethosu85_output_stage *os)
{
    if (setting != ETHOSU_EXPLAIN_NONE && ethosu_explain_output_stage85(setting, op, os))
        count(op);
}
