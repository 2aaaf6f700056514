/* ethosu_explain: see ethosu_explain.h. */
#include "ethosu_cmd.h"
#include "ethosu_explain.h"

static enum ethosu_explain setting;   /* the twin's arithmetic as the stream says unless a rerun set it */
static unsigned long changed;         /* operations the setting changed since it was set */

static const char *const names[ETHOSU_EXPLAIN_COUNT] = {
    "none", "fc-single-rounding", "1x1-single-rounding", "all-single-rounding", "uint8-full-range",
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

void ethosu_explain_apply(const struct ethosu_kop *op, struct ethosu_output_stage *os)
{
    if (setting != ETHOSU_EXPLAIN_NONE && ethosu_explain_output_stage(setting, op, os))
        changed++;
}
