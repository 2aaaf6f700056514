/* ethosu_ops: golden models of the Ethos-U65 kernel operations (NPU_OP_CONV,
 * NPU_OP_DEPTHWISE, NPU_OP_POOL, NPU_OP_ELEMENTWISE) as pure functions on
 * dense tensors. Pure C11, no registers, no bus, no memory layout.
 *
 * The caller (the twin) decodes the command stream, the IFM/OFM layouts
 * (NHWC / NHCWB16, tiles, strides), the weight stream and the scale stream,
 * and hands over one stripe as dense NHWC arrays of element values plus the
 * register fields listed below. The functions compute what the hardware
 * must compute for Vela's programming to reproduce TensorFlow Lite's
 * reference kernels byte for byte (decisions and sources: the header
 * comments of ethosu_ops_*.c, and docs/golden-models.md).
 *
 * Every operation returns 0, or -1 with a one-line reason in err (when err
 * is not NULL) for parameters outside what the TRM allows; the OFM is then
 * left in an unspecified state.
 *
 * Values are int32_t element values whatever the element type (an int8
 * IFM holds -128..127, a uint8 one 0..255, ...). Input values outside the
 * type's range are refused. */
#ifndef ETHOSU_OPS_H
#define ETHOSU_OPS_H

#include <stddef.h>
#include <stdint.h>
/* the operation codes and their rules, the modes, the activation functions */
#include "ethosu_ops_gen.h"

/* Element type: NPU_SET_IFM_PRECISION b0 (signed) + b[3:2] (8/16/32 bit),
 * NPU_SET_OFM_PRECISION b0 + b[2:1], NPU_SET_IFM2_PRECISION as IFM. */
enum ethosu_dtype {
    ETHOSU_UINT8,
    ETHOSU_INT8,
    ETHOSU_UINT16,
    ETHOSU_INT16,
    ETHOSU_INT32
};

/* A feature map (one stripe of it), dense NHWC: the value of (y, x, ch) is
 * values[(y * w + x) * c + ch].
 *   IFM : h = NPU_SET_IFM_HEIGHT0_M1+1 (tiles joined), w = IFM_WIDTH0_M1+1,
 *         c = NPU_SET_IFM_DEPTH_M1+1, type = IFM_PRECISION,
 *         zero_point = NPU_SET_IFM_ZERO_POINT.
 *   IFM2: NPU_SET_IFM2_* likewise (zero_point = NPU_SET_IFM2_ZERO_POINT).
 *   OFM : h/w/c = NPU_SET_OFM_HEIGHT_M1/WIDTH_M1/DEPTH_M1 + 1,
 *         type = OFM_PRECISION, zero_point = NPU_SET_OFM_ZERO_POINT; values
 *         is written by the operation (h * w * c entries, caller-owned). */
struct ethosu_fmap {
    uint32_t h, w, c;
    enum ethosu_dtype type;
    int32_t zero_point;
    int32_t *values;
};

/* NPU_SET_OFM_PRECISION b[15:14]. */
enum ethosu_rounding {
    ETHOSU_ROUND_TFL = 0,      /* "double rounding", TensorFlow Lite's */
    ETHOSU_ROUND_TRUNCATE = 1, /* towards zero */
    ETHOSU_ROUND_NATURAL = 2   /* nearest, 0.5 towards +infinity */
};

/* NPU_SET_ACTIVATION b[15:12]: the range the scaled value is clipped to
 * before the table lookup. */
enum ethosu_act_clip {
    ETHOSU_CLIP_OFM = 0,    /* the OFM type's range */
    ETHOSU_CLIP_UINT8 = 2,
    ETHOSU_CLIP_INT8 = 3,
    ETHOSU_CLIP_INT16 = 5
};

/* The output stage every kernel operation ends with, in this order: the
 * operation's scaling (rounding mode), + OFM zero point, ACTIVATION_MIN/MAX,
 * saturation to the clip range, the LUT, saturation to the OFM type.
 * (tanh/sigmoid: the table on the unclipped value, then MIN/MAX.) */
struct ethosu_output_stage {
    enum ethosu_rounding rounding; /* NPU_SET_OFM_PRECISION b[15:14] */
    unsigned act_fn;               /* NPU_SET_ACTIVATION b[11:0] (enum ethosu_act_fn; tanh
                                      and sigmoid: int16 OFM only, within 1 LSB of
                                      TFLite, ethosu_ops_sigmoid.c) */
    unsigned act_clip;             /* NPU_SET_ACTIVATION b[15:12] (enum ethosu_act_clip) */
    int32_t act_min, act_max;      /* NPU_SET_ACTIVATION_MIN / _MAX (sign- or zero-extended
                                      per the OFM type; not applied with a 32-bit clip range) */
    /* The LUT of act_fn 16+n: the bytes of the shared buffer's LUT area from
     * table n's start (n * 256 bytes into the last 2 KB). How many are read
     * depends on the clipped value's range and the OFM type:
     *   8-bit clip range : 256 entries as wide as the OFM type (1, 2 or 4
     *                      bytes little-endian, signed per the OFM type),
     *                      index = value + 128 (int8) or value (uint8);
     *   16-bit clip range: 512 32-bit little-endian words (2 KB), each
     *                      slope in bits 31:16 and base in bits 15:0 (both
     *                      signed), interpolated as TFLite's int16 LUT.
     * NULL / 0 when act_fn is not a LUT. */
    const uint8_t *lut;
    size_t lut_len;
};

/* NPU_SET_IFM_UPSCALE b[1:0]: applied to the IFM before padding; both
 * double the IFM's height and width. */
enum ethosu_upscale {
    ETHOSU_UPSCALE_NONE = 0,
    ETHOSU_UPSCALE_NEAREST = 1, /* each value repeated 2x2 */
    ETHOSU_UPSCALE_ZEROS = 2    /* value at (2y, 2x), the IFM zero point elsewhere */
};

/* The kernel window of conv, depthwise and pooling. */
struct ethosu_kernel {
    uint32_t w, h;                 /* NPU_SET_KERNEL_WIDTH_M1 / HEIGHT_M1 + 1: the DILATED
                                      extent, (taps - 1) * dilation + 1 (Vela programs 5
                                      for a 3-tap kernel with dilation 2) */
    uint32_t stride_x, stride_y;   /* NPU_SET_KERNEL_STRIDE: b0 + (b6 << 1) + 1,
                                      b1 + (b9 << 1) + 1 */
    uint32_t dilation_x, dilation_y; /* NPU_SET_KERNEL_STRIDE b3 + 1, b4 + 1 */
    uint32_t pad_top, pad_left, pad_bottom, pad_right; /* NPU_SET_IFM_PAD_* */
    enum ethosu_upscale upscale;   /* NPU_SET_IFM_UPSCALE b[1:0] */
};

/* Per OFM channel bias, scale and shift: the scale stream's records
 * (NPU_SET_SCALE_BASE/LENGTH), see ethosu_scale_stream.h; n = OFM depth. */
struct ethosu_channel_scale {
    const int64_t *bias;   /* 40-bit signed */
    const uint32_t *scale; /* 32-bit unsigned */
    const uint8_t *shift;  /* 6-bit, 0..63 */
    uint32_t n;
};

/* Taps of the kernel along x / y: (w - 1) / dilation_x + 1 (the undilated
 * kernel size; = w without dilation). */
uint32_t ethosu_kernel_taps_x(const struct ethosu_kernel *k);
uint32_t ethosu_kernel_taps_y(const struct ethosu_kernel *k);

/* NPU_OP_CONV. weights[((o * th + ky) * tw + kx) * ifm->c + i] (OHWI, the
 * undilated kernel: tw/th = ethosu_kernel_taps_x/y) for o < ofm->c,
 * decoded from the weight stream.
 * acc = sum (ifm - ifm_zp) * weight + bias[o]; then the output stage with
 * scale[o], shift[o]. The OFM (y, x) window starts at IFM (y * stride_y -
 * pad_top, x * stride_x - pad_left) of the upscaled IFM; positions outside
 * the (upscaled) IFM read the IFM zero point. */
int ethosu_op_conv(const struct ethosu_fmap *ifm, const int32_t *weights,
                   const struct ethosu_kernel *k, const struct ethosu_channel_scale *cs,
                   const struct ethosu_output_stage *os, struct ethosu_fmap *ofm, char *err,
                   size_t errlen);

/* NPU_OP_DEPTHWISE. weights[(ch * th + ky) * tw + kx] for ch < ofm->c
 * (ofm->c == ifm->c); otherwise as ethosu_op_conv. */
int ethosu_op_depthwise(const struct ethosu_fmap *ifm, const int32_t *weights,
                        const struct ethosu_kernel *k, const struct ethosu_channel_scale *cs,
                        const struct ethosu_output_stage *os, struct ethosu_fmap *ofm, char *err,
                        size_t errlen);

/* NPU_OP_POOL mode: enum ethosu_pool_mode (ethosu_ops_gen.h). */

/* The global scale: NPU_SET_OFM_SCALE (32-bit scale in the payload, 6-bit
 * shift in the parameter); for elementwise ADD/SUB also NPU_SET_OPA_SCALE
 * (32-bit scale, 6-bit shift) and NPU_SET_OPB_SCALE (16-bit scale). */
struct ethosu_global_scale {
    uint32_t scale;
    uint8_t shift;
};

/* NPU_OP_POOL. ofm->c == ifm->c (REDUCE_SUM: 1). Per window, channel by
 * channel:
 *   MAX    : the largest (ifm - ifm_zp) over the window positions inside
 *            the IFM (padding excluded), unscaled (ofm_scale applied when
 *            given);
 *   AVERAGE: sum of (ifm - ifm_zp) over the window, then
 *            - with any padding (the TRM's "no scaling"; Vela still sets
 *              OFM_SCALE 1/0, ignored) or with neither scale given: divided
 *              by the number of window positions inside the IFM, half away
 *              from zero (TensorFlow Lite's AveragePool);
 *            - else ofm_scale given (NPU_SET_OFM_PRECISION b8 = 1): * scale
 *              / 2^shift in the OFM rounding mode (Vela's 1/n);
 *            - else cs (b8 = 0 with a scale stream): + bias[ch],
 *              * scale[ch] / 2^shift[ch];
 *   SUM    : REDUCE_SUM, the sum of (ifm - ifm_zp) over all channels of
 *            the 1x1 window (HWC -> HW1), * ofm_scale when given.
 * The global scale applies whole with an int32 IFM or OFM too (Vela's
 * casts to and from int32 rely on its multiplier). */
int ethosu_op_pool(enum ethosu_pool_mode mode, const struct ethosu_fmap *ifm,
                   const struct ethosu_kernel *k, const struct ethosu_channel_scale *cs,
                   const struct ethosu_global_scale *ofm_scale,
                   const struct ethosu_output_stage *os, struct ethosu_fmap *ofm, char *err,
                   size_t errlen);

/* Whether ethosu_op_pool takes these parameters: 0, or -1 and its reason,
 * found without the maps' values (they may be NULL; their range is not
 * checked). */
int ethosu_op_pool_check(enum ethosu_pool_mode mode, const struct ethosu_fmap *ifm, const struct ethosu_kernel *k,
                         const struct ethosu_channel_scale *cs, const struct ethosu_global_scale *ofm_scale,
                         const struct ethosu_output_stage *os, const struct ethosu_fmap *ofm, char *err,
                         size_t errlen);

/* NPU_OP_ELEMENTWISE mode: enum ethosu_ew_mode (ethosu_ops_gen.h). */

/* NPU_SET_IFM_PRECISION b[9:8]. */
enum ethosu_ifm_scale_mode {
    ETHOSU_IFM_SCALE_16BIT = 0,    /* OPA_SCALE (16 bit) on A, OPB_SCALE (16 bit) on B */
    ETHOSU_IFM_SCALE_OPA_32BIT = 1, /* OPA_SCALE (32 bit + shift) on A, B unscaled */
    ETHOSU_IFM_SCALE_OPB_32BIT = 2  /* OPA_SCALE (32 bit + shift) on B, A unscaled */
};

/* The elementwise operation's parameters beyond the feature maps. */
struct ethosu_ew_params {
    enum ethosu_ew_mode mode;      /* NPU_OP_ELEMENTWISE parameter */
    /* IFM2: NPU_SET_IFM2_BROADCAST */
    int broadcast_h, broadcast_w, broadcast_c; /* b0, b1, b2: IFM2 read at y/x/c = 0 */
    int scalar;                    /* b7: IFM2 is ifm2_scalar, the IFM2 fmap unused */
    int reversed;                  /* b6: IFM2 is operand A, IFM operand B */
    int32_t ifm2_scalar;           /* NPU_SET_IFM2_SCALAR (a value of the IFM2 type,
                                      zero point as ifm2->zero_point) */
    enum ethosu_ifm_scale_mode ifm_scale_mode; /* NPU_SET_IFM_PRECISION b[9:8] */
    enum ethosu_rounding ifm_rounding; /* NPU_SET_IFM_PRECISION b[15:14]: TFL or NATURAL */
    struct ethosu_global_scale opa;    /* NPU_SET_OPA_SCALE */
    uint32_t opb_scale;                /* NPU_SET_OPB_SCALE (16 bit) */
    struct ethosu_global_scale ofm;    /* NPU_SET_OFM_SCALE (LRELU: alpha) */
};

/* NPU_OP_ELEMENTWISE. ifm2 may be NULL for the unary modes (ABS, CLZ,
 * LRELU). When p->scalar is set only ifm2->type and ifm2->zero_point are
 * read (values may be NULL). OFM shape = IFM shape; IFM2 is h/w/c as
 * given, any size on a broadcast axis (only index 0 is read). The
 * arithmetic of each mode (the ADD/SUB input scaling, the 32-bit rules):
 * ethosu_ops_elementwise.c's header comment. */
int ethosu_op_elementwise(const struct ethosu_ew_params *p, const struct ethosu_fmap *ifm,
                          const struct ethosu_fmap *ifm2, const struct ethosu_output_stage *os,
                          struct ethosu_fmap *ofm, char *err, size_t errlen);

/* --- the primitives the operations share (exposed for tests and the twin) --- */

/* Smallest / largest value of the type. */
int32_t ethosu_dtype_min(enum ethosu_dtype t);
int32_t ethosu_dtype_max(enum ethosu_dtype t);
/* 8, 16 or 32. */
unsigned ethosu_dtype_bits(enum ethosu_dtype t);
/* The type of an IFM/IFM2 precision field (b0 signed, b[3:2] size) or an
 * OFM one (b0, b[2:1] passed as size 0/1/2); -1 for a reserved code. */
int ethosu_dtype_from_fields(unsigned is_signed, unsigned size_code, enum ethosu_dtype *t);

/* (x * scale) / 2^shift rounded as the mode says (TFL: TensorFlow Lite's
 * SaturatingRoundingDoublingHighMul followed by RoundingDivideByPOT when
 * shift > 31, a single round-half-up otherwise). x up to 48 bits signed. */
int64_t ethosu_scale(int64_t x, uint32_t scale, unsigned shift, enum ethosu_rounding r);

/* The output stage on one scaled value v (already rounded by
 * ethosu_scale): + zero point, clip range, activation, min/max, OFM type.
 * Returns 0 and the OFM value in *out, or -1 (reason in err). */
int ethosu_output_value(int64_t v, const struct ethosu_output_stage *os,
                        enum ethosu_dtype ofm_type, int32_t ofm_zp, int32_t *out, char *err,
                        size_t errlen);

#endif
