/* ethosu85_ops: golden models of the Ethos-U85 kernel operations (command
 * stream 2.0: NPU_OP_CONV, NPU_OP_DEPTHWISE, NPU_OP_POOL, NPU_OP_ELEMENTWISE,
 * NPU_OP_RESIZE) as pure functions on dense tensors, the U85 member of the
 * ethosu_ops family (ethosu_ops.h: the U55/U65 ones, whose feature map,
 * kernel and element types are reused here).
 *
 * Register names are the U85 field names of Vela 5.2's ethos_u85_interface.hpp
 * as scripts/gen/regdefs/ethosu_cmds.csv spells them (NPU_SET_OFM_SCALE
 * shift / dbl_rnd / round_mode / scale, ...).
 *
 * An operation runs in two halves, as the U85 splits them:
 *   1. the accumulate half (ethosu85_conv_acc, _depthwise_acc, _matmul_acc,
 *      _pool_acc, _elementwise_acc, _resize_acc) computes one raw
 *      accumulator per OFM element (dense HWC int64, struct ethosu85_acc);
 *   2. the output half (ethosu85_output) adds the bias, scales, adds the OFM
 *      zero point, clips, looks up the LUT and saturates to the OFM type.
 * NPU_SET_ACC_FORMAT says what joins them:
 *   acc_input  RESET: the accumulate half starts from 0;
 *              KEEP : it adds to the accumulators the previous operation
 *                     left (pass them as acc_in);
 *              IFM2 : it starts from the IFM2 tensor's values (int32 with
 *                     acc_format I32, int64 with I48), passed as acc_in
 *                     (ethosu85_acc_from_fmap); Vela's "null pool" (pooling
 *                     mode NONE) is exactly this with a 1x1 kernel;
 *   acc_output ENABLE : the output half runs and the OFM is written;
 *              DISABLE: it does not; the accumulators are kept for the next
 *                     operation's KEEP;
 *   acc_format I32 / I48: the accumulators saturate to 32 / 48 bits
 *                     (ethosu85_acc_saturate: the twin calls it after an
 *                     accumulate half; the halves keep exact int64 sums.
 *                     Saturating rather than wrapping is inferred: no Vela
 *                     network reaches the limits).
 * Chaining (activation_storage CHAINED in NPU_SET_OFM_PRECISION of one
 * operation and in NPU_SET_IFM_PRECISION / IFM2_PRECISION of the next)
 * carries the OFM element values, after the whole output half and in the
 * OFM type, to the next operation's IFM or IFM2 in place of memory: the
 * twin keeps the dense OFM and passes it as that ethosu_fmap. Nothing else
 * is carried (the min_max corpus network chains MIN into MAX this way).
 *
 * Every function returns 0, or -1 with a one-line reason in err (when err
 * is not NULL) for parameters outside what the operation allows. */
#ifndef ETHOSU85_OPS_H
#define ETHOSU85_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "ethosu_ops.h"

/* ------------------------------------------------------------------ */
/* Scaling: NPU_SET_OFM_SCALE, NPU_SET_IFM_SCALE, NPU_SET_IFM2_SCALE   */
/* ------------------------------------------------------------------ */

/* NPU_SET_OFM_SCALE round_mode (param b[15:13]); NPU_SET_IFM_SCALE /
 * IFM2_SCALE round_mode (b13) holds only the first two. */
enum ethosu85_round_mode {
    ETHOSU85_ROUND_DOUBLE_SYMMETRIC = 0,  /* TFLite's MultiplyByQuantizedMultiplier */
    ETHOSU85_ROUND_NATURAL = 1,           /* half towards +infinity */
    ETHOSU85_ROUND_DOUBLE_ASYMMETRIC = 2, /* double rounding, both half up */
    ETHOSU85_ROUND_SYMMETRIC = 3,         /* half away from zero */
    ETHOSU85_ROUND_TRUNCATE_TO_ZERO = 4,
    ETHOSU85_ROUND_TRUNCATE_TO_LOWER = 5  /* floor */
};

/* One scale register:
 *   scale      = payload b[30:0] (31-bit unsigned multiplier)
 *   shift      = param b[5:0]
 *   dbl_rnd    = param b[10:6]  (0..30: where the double rounding's first
 *                rounding sits, 31 - dbl_rnd bits up; Vela: 20 for 8-bit
 *                and 15 for 16-bit ADD/SUB input scales, else 0)
 *   round_mode = param b[15:13] (OFM) / b13 (IFM, IFM2)
 * A per-channel record (scale stream) gives scale and shift; its rounding
 * and dbl_rnd are NPU_SET_OFM_SCALE's. */
struct ethosu85_scale {
    uint32_t scale;
    unsigned shift;
    unsigned dbl_rnd;
    enum ethosu85_round_mode round_mode;
};

/* (x * scale + r) >> shift (arithmetic), r per round_mode (0 when shift is
 * 0); x up to 64 bits, the result saturated to int64. Exactly:
 *   NATURAL           r = 2^(shift-1)
 *   SYMMETRIC         r = 2^(shift-1) - (x < 0)
 *   DOUBLE_SYMMETRIC  r = 2^(shift-1) + (x >= 0 ? D : -D)
 *   DOUBLE_ASYMMETRIC r = 2^(shift-1) + D
 *   TRUNCATE_TO_ZERO  r = x >= 0 ? 0 : 2^shift - 1
 *   TRUNCATE_TO_LOWER r = 0
 * with D = 2^(30 - dbl_rnd) when shift > 31 - dbl_rnd, else 0.
 * DOUBLE_SYMMETRIC with dbl_rnd 0 equals TFLite's
 * MultiplyByQuantizedMultiplier(x, scale, 31 - shift) for every x of 32 bits
 * (ethosu85_ops_scale.c works it out). */
int64_t ethosu85_scale_apply(int64_t x, const struct ethosu85_scale *s);

/* 0 when s holds fields the register can (scale < 2^31, shift < 64,
 * dbl_rnd <= 30, a known round mode), else -1 and a reason. */
int ethosu85_scale_check(const struct ethosu85_scale *s, const char *name, char *err,
                         size_t errlen);

/* ------------------------------------------------------------------ */
/* Accumulators                                                        */
/* ------------------------------------------------------------------ */

/* NPU_SET_ACC_FORMAT acc_format (b[1:0]). */
enum ethosu85_acc_format { ETHOSU85_ACC_I32 = 0, ETHOSU85_ACC_I48 = 1 };
/* NPU_SET_ACC_FORMAT acc_input (b[5:4]). */
enum ethosu85_acc_input { ETHOSU85_ACC_RESET = 0, ETHOSU85_ACC_KEEP = 1, ETHOSU85_ACC_IFM2 = 2 };
/* NPU_SET_ACC_FORMAT acc_output (b6). */
enum ethosu85_acc_output { ETHOSU85_ACC_OUTPUT_ENABLE = 0, ETHOSU85_ACC_OUTPUT_DISABLE = 1 };

/* Raw accumulators, one per OFM element, dense HWC: values[(y * w + x) * c + ch]
 * (h/w/c = the OFM's). Caller-owned. */
struct ethosu85_acc {
    uint32_t h, w, c;
    int64_t *values;
    /* 1: every value is a sum from zero proved to fit int32 (the convolution's
     * fast path), so saturating to 32 or 48 bits leaves them all */
    int sums_i32;
};

/* Saturate every accumulator to 32 or 48 bits signed (nothing to do when
 * sums_i32). */
void ethosu85_acc_saturate(struct ethosu85_acc *acc, enum ethosu85_acc_format f);

/* acc_input IFM2: the accumulators are the IFM2 values minus its zero
 * point (fm->h/w/c must be acc's). An int64 IFM2 (acc_format I48,
 * IFM2_PRECISION B64) does not fit struct ethosu_fmap: the twin fills
 * acc->values with the sign-extended 64-bit elements itself. */
int ethosu85_acc_from_fmap(const struct ethosu_fmap *fm, struct ethosu85_acc *acc, char *err,
                           size_t errlen);

/* What each accumulate half does with acc_input: acc_in is read for KEEP
 * and IFM2 (same shape as the output accumulators), ignored for RESET
 * (may be NULL). */
struct ethosu85_acc_in {
    enum ethosu85_acc_input input;
    const struct ethosu85_acc *acc_in;
};

/* ------------------------------------------------------------------ */
/* The output half                                                     */
/* ------------------------------------------------------------------ */

/* NPU_SET_ACTIVATION activation_function (b[4:0]). */
enum ethosu85_act_fn {
    ETHOSU85_LUT_NONE = 0,
    ETHOSU85_LUT_U8_U8 = 1,   /* 256 x uint8 */
    ETHOSU85_LUT_S8_S8 = 4,   /* 256 x int8 */
    ETHOSU85_LUT_S8_S16 = 5,  /* 256 x int16 (512 bytes) */
    ETHOSU85_LUT_S8_S32 = 7,  /* 256 x int32 (1 KB) */
    ETHOSU85_LUT_S16_S16 = 8, /* 512 base/slope words (2 KB), interpolated */
    ETHOSU85_LUT_S16_S32 = 9, /* the same, int32 OFM */
    ETHOSU85_LUT_TANH = 10,   /* 512 base/slope words (Vela's sigmoid table) */
    ETHOSU85_LUT_SIGMOID = 11
};

/* NPU_SET_ACTIVATION activation_clip_range (b12). */
enum ethosu85_clip_range { ETHOSU85_CLIP_B16 = 0, ETHOSU85_CLIP_NONE = 1 };

/* NPU_SET_OFM_PRECISION scale_mode (b8). */
enum ethosu85_scale_mode { ETHOSU85_SCALE_PER_CHANNEL = 0, ETHOSU85_SCALE_GLOBAL = 1 };

/* Per OFM channel bias, scale, shift: the scale stream's 10-byte records
 * (NPU_SET_SCALE_BASE / LENGTH; ethosu85_w*.h decodes them). acc_format I32:
 * 32-bit bias, 31-bit scale; I48: 48-bit bias, 15-bit scale. */
struct ethosu85_channel_scale {
    const int64_t *bias;
    const uint32_t *scale;
    const uint8_t *shift;
    uint32_t n;
};

/* The output half's registers.
 *   scale_mode   NPU_SET_OFM_PRECISION scale_mode: PER_CHANNEL uses cs (bias,
 *                scale, shift per channel, with ofm_scale's round_mode and
 *                dbl_rnd); GLOBAL uses ofm_scale alone, no bias
 *   ofm_scale    NPU_SET_OFM_SCALE
 *   cs           the scale stream (PER_CHANNEL only; NULL otherwise)
 *   act_fn       NPU_SET_ACTIVATION activation_function
 *   lut          the LUT bytes from the start of the table NPU_SET_ACTIVATION
 *                table selects (table * the LUT's size into the LUT memory:
 *                256 bytes for U8_U8 / S8_S8, 512 for S8_S16, 1 KB for
 *                S8_S32, 2 KB for the 16-bit ones); NULL for LUT_NONE
 *   clip         NPU_SET_ACTIVATION activation_clip_range
 *   act_min/max  NPU_SET_ACTIVATION_MIN / _MAX, the 16-bit field
 *                sign-extended for a signed OFM type, zero-extended for an
 *                unsigned one (used with clip B16 only)
 * Order, per element v (the accumulator):
 *   v = scale(v + bias)  (GLOBAL: scale(v))
 *   v = v + OFM zero point
 *   clip B16: v = clamp(v, act_min, act_max)
 *   LUT: 8-bit input (U8_U8, S8_*): v saturated to the input type indexes
 *        the table (int8: v + 128); 16-bit input: v saturated to int16,
 *        TFLite's interpolating lookup (ethosu85_ops_output.c)
 *   saturate to the OFM type. */
struct ethosu85_output_stage {
    enum ethosu85_scale_mode scale_mode;
    struct ethosu85_scale ofm_scale;
    const struct ethosu85_channel_scale *cs;
    enum ethosu85_act_fn act_fn;
    const uint8_t *lut;
    size_t lut_len;
    enum ethosu85_clip_range clip;
    int32_t act_min, act_max;
    /* 1: the scale's multiplier is taken as 1, its shift and rounding
     * apply. Set it for an elementwise MUL with an int32 IFM: Vela 5.2's
     * U85 softmax relies on it (its int32 MULs program scale 2^30, shift 31
     * for TFLite's SaturatingRoundingDoublingHighMul, a * b / 2^31: bit
     * exact only so, test_ethosu85_ops_softmax.c), while its int32 ADD and
     * SUB scale whole (the corpus's uint8 SUM: a SUB with OFM_SCALE
     * 0x40818501 >> 32 is bit exact only so). */
    int shift_only;
};

/* acc_output ENABLE: the output half on every accumulator into ofm
 * (ofm->h/w/c = acc's; ofm->type = NPU_SET_OFM_PRECISION activation_type +
 * activation_precision, ofm->zero_point = NPU_SET_OFM_ZERO_POINT). */
int ethosu85_output(const struct ethosu85_acc *acc, const struct ethosu85_output_stage *os,
                    struct ethosu_fmap *ofm, char *err, size_t errlen);

/* The output half on one accumulator of channel ch (tests, the twin's
 * single-element paths). */
int ethosu85_output_value(int64_t acc, uint32_t ch, const struct ethosu85_output_stage *os,
                          enum ethosu_dtype ofm_type, int32_t ofm_zp, int32_t *out, char *err,
                          size_t errlen);

/* ------------------------------------------------------------------ */
/* Convolution, depthwise, matmul                                       */
/* ------------------------------------------------------------------ */

/* NPU_OP_CONV (weights_ifm2 = 0) accumulate half: acc[o] (+)= sum over the
 * window of (ifm - ifm_zp) * weight, weights OHWI as ethosu_op_conv's
 * (decoded from the weight streams), the kernel as ethosu_op_conv's
 * (NPU_SET_KERNEL_*, NPU_SET_KERNEL_STRIDE stride_x/y_lsb + msb << 1 + 1,
 * dilation_x/y + 1, NPU_SET_IFM_PAD_*, NPU_SET_IFM_UPSCALE). The bias is
 * the output half's. */
int ethosu85_conv_acc(const struct ethosu_fmap *ifm, const int32_t *weights,
                      const struct ethosu_kernel *k, const struct ethosu85_acc_in *in,
                      struct ethosu85_acc *acc, char *err, size_t errlen);

/* NPU_OP_DEPTHWISE accumulate half (weights as ethosu_op_depthwise's). */
int ethosu85_depthwise_acc(const struct ethosu_fmap *ifm, const int32_t *weights,
                           const struct ethosu_kernel *k, const struct ethosu85_acc_in *in,
                           struct ethosu85_acc *acc, char *err, size_t errlen);

/* NPU_OP_CONV with weights_ifm2 = 1 (Vela's BATCH_MATMUL / FULLY_CONNECTED
 * with dynamic weights): a 1x1 convolution whose weights are the IFM2
 * tensor: acc[y][x][o] (+)= sum_i (ifm[y][x][i] - ifm_zp) *
 * (ifm2[0][o][i] - ifm2_zp)   -- IFM2 h = 1, w = OFM depth, c = IFM depth
 * (the layout Vela's listing programs, ethosu85_ops_conv.c). The output
 * half is GLOBAL scale. */
int ethosu85_matmul_acc(const struct ethosu_fmap *ifm, const struct ethosu_fmap *ifm2,
                        const struct ethosu85_acc_in *in, struct ethosu85_acc *acc, char *err,
                        size_t errlen);

/* ------------------------------------------------------------------ */
/* Pooling                                                             */
/* ------------------------------------------------------------------ */

/* NPU_OP_POOL pooling_mode (param b[2:0]). */
enum ethosu85_pool_mode {
    ETHOSU85_POOL_MAX = 0,
    ETHOSU85_POOL_AVERAGE = 1,    /* kernel up to 8x8: the sum over the positions inside
                                     the IFM divided by their count, half away from zero */
    ETHOSU85_POOL_REDUCE_SUM = 2, /* sum over the IFM channels of a 1x1 window, OFM depth 1 */
    ETHOSU85_POOL_SUM = 3,        /* the sum over the window (padding reads the zero point) */
    ETHOSU85_POOL_NONE = 4,       /* no kernel work, the IFM is not read (ifm and k may be
                                     NULL): the accumulator input only. Vela's copies,
                                     transposes and rescales of 32-bit tensors: acc_input
                                     IFM2 with the tensor as IFM2 (IFM_PRECISION says int8,
                                     same address, unused) */
    ETHOSU85_POOL_MIN = 5,
    ETHOSU85_POOL_ARGMAX_X = 6,   /* (max << 16) | its x index within the window */
    ETHOSU85_POOL_ARGMAX_Y = 7
};

/* NPU_OP_POOL accumulate half, values (ifm - ifm_zp) per channel over the
 * kernel window (NPU_SET_KERNEL_*, pads, stride). MAX / MIN / ARGMAX /
 * AVERAGE take the positions inside the IFM only; SUM's padding adds 0.
 * AVERAGE rounds its division with ofm_round (NPU_SET_OFM_SCALE round_mode:
 * TRUNCATE_TO_ZERO / TO_LOWER truncate, every other mode rounds half away
 * from zero as TFLite's AveragePool); the output half then applies
 * OFM_SCALE (Vela: 1.0). ARGMAX: the first largest value wins; the
 * accumulator is its index within the window << 16 (Vela programs
 * OFM_SCALE 1 >> 16 TRUNCATE_TO_LOWER and an int64 OFM: the twin writes
 * the OFM value sign-extended to 8 bytes, passing ETHOSU_INT32 as the type). */
int ethosu85_pool_acc(enum ethosu85_pool_mode mode, const struct ethosu_fmap *ifm,
                      const struct ethosu_kernel *k, enum ethosu85_round_mode ofm_round,
                      const struct ethosu85_acc_in *in, struct ethosu85_acc *acc, char *err,
                      size_t errlen);

/* ------------------------------------------------------------------ */
/* Elementwise                                                         */
/* ------------------------------------------------------------------ */

/* NPU_OP_ELEMENTWISE elementwise_mode (param b[5:0]). */
enum ethosu85_ew_mode {
    ETHOSU85_EW_MUL = 0,
    ETHOSU85_EW_ADD = 1,
    ETHOSU85_EW_SUB = 2,
    ETHOSU85_EW_MIN = 3,
    ETHOSU85_EW_MAX = 4,
    ETHOSU85_EW_LRELU = 5,
    ETHOSU85_EW_ABS = 6,
    ETHOSU85_EW_CLZ = 7,
    ETHOSU85_EW_SHR = 8,     /* arithmetic, rounded per the OFM round_mode */
    ETHOSU85_EW_SHL = 9,
    ETHOSU85_EW_LSR = 10,    /* logical */
    ETHOSU85_EW_DIV = 11,    /* integer, towards zero */
    ETHOSU85_EW_CMP_EQ = 16,
    ETHOSU85_EW_CMP_NE = 17,
    ETHOSU85_EW_CMP_GE = 18,
    ETHOSU85_EW_CMP_GT = 19,
    ETHOSU85_EW_AND = 33,
    ETHOSU85_EW_OR = 34,
    ETHOSU85_EW_XOR = 35,
    ETHOSU85_EW_NOT = 36,
    ETHOSU85_EW_AND_NOT = 42
};

/* NPU_SET_IFM_BROADCAST / IFM2_BROADCAST broadcast_mode (b[3:0]): bit 0 H,
 * bit 1 W, bit 2 C (the operand is read at index 0 on that axis), or 8:
 * SCALAR (the operand is NPU_SET_OP_SCALAR). */
enum ethosu85_broadcast {
    ETHOSU85_BCAST_NONE = 0,
    ETHOSU85_BCAST_H = 1,
    ETHOSU85_BCAST_W = 2,
    ETHOSU85_BCAST_C = 4,
    ETHOSU85_BCAST_SCALAR = 8
};

/* The elementwise registers beyond the feature maps and the output half. */
struct ethosu85_ew_params {
    enum ethosu85_ew_mode mode;      /* NPU_OP_ELEMENTWISE elementwise_mode */
    unsigned ifm_broadcast;          /* NPU_SET_IFM_BROADCAST broadcast_mode */
    unsigned ifm2_broadcast;         /* NPU_SET_IFM2_BROADCAST broadcast_mode */
    int32_t scalar;                  /* NPU_SET_OP_SCALAR (the payload as int32): the
                                        value of the operand whose mode is SCALAR, its
                                        zero point subtracted as a tensor's */
    struct ethosu85_scale ifm_scale; /* NPU_SET_IFM_SCALE */
    struct ethosu85_scale ifm2_scale; /* NPU_SET_IFM2_SCALE */
};

/* NPU_OP_ELEMENTWISE accumulate half. a = IFM - IFM zero point, b = IFM2 -
 * IFM2 zero point (either may be broadcast or the scalar; ifm2 NULL for
 * the unary modes ABS, CLZ, NOT, LRELU); acc has the OFM's shape.
 *   ADD / SUB   : S1(a) +/- S2(b)         S1/S2 = IFM_SCALE / IFM2_SCALE
 *   MUL         : a * b                   (Vela keeps both input scales unit)
 *   MIN / MAX   : min / max (S1(a), S2(b))
 *   CMP_*       : S1(a) op S2(b) ? 1 : 0
 *   LRELU       : a >= 0 ? S1(a) : S2(a)  (IFM2_SCALE holds alpha)
 *   ABS         : |S1(a)|
 *   SHL, SHR, LSR, DIV, CLZ, AND, OR, XOR, NOT, AND_NOT: 32-bit integer
 *                 operations on a, b (details: ethosu85_ops_elementwise.c);
 *                 SHR rounds with ofm_round (the OFM round_mode).
 * The output half then applies NPU_SET_OFM_SCALE (GLOBAL). */
int ethosu85_elementwise_acc(const struct ethosu85_ew_params *p, const struct ethosu_fmap *ifm,
                             const struct ethosu_fmap *ifm2, enum ethosu85_round_mode ofm_round,
                             const struct ethosu85_acc_in *in, struct ethosu85_acc *acc,
                             char *err, size_t errlen);

/* ------------------------------------------------------------------ */
/* Resize                                                              */
/* ------------------------------------------------------------------ */

/* NPU_OP_RESIZE resize_mode (param b[1:0]). */
enum ethosu85_resize_mode {
    ETHOSU85_RESIZE_BILINEAR = 0,
    ETHOSU85_RESIZE_REPLICATE = 1,
    ETHOSU85_RESIZE_NEAREST = 2
};

/* One axis of the resize (x: the _X_ registers, y: the _Y_ ones):
 *   scale_n = NPU_SET_RESIZE_X_SCALE_N_M1 + 1            (1..2048)
 *   scale_d = one_step_int * scale_n + one_step_mod       (NPU_SET_RESIZE_X,
 *             Vela's listing calls it NPU_SET_RESIZE_X_STEP: one_step_int =
 *             param b[3:0], one_step_mod = payload b[10:0]; 1..16 n - 1)
 *   offset  = NPU_SET_RESIZE_X_OFFSET, 12 bits sign-extended (-scale_n..scale_n-1)
 * The blk_step fields are the same scale over an OFM block (no new
 * information). OFM x samples the IFM at (x * scale_d + offset) / scale_n. */
struct ethosu85_resize_axis {
    uint32_t scale_n, scale_d;
    int32_t offset;
};

/* NPU_OP_RESIZE accumulate half (TOSA RESIZE's integer arithmetic):
 *   X = ox * d + offset, ix = floor(X / n), dx = X - ix * n (same for y)
 *   the four IFM neighbours (ix, ix + 1) x (iy, iy + 1) clamped to the IFM
 *   BILINEAR : sum v * wy * wx, wx = n - dx (left) / dx (right)
 *   NEAREST  : v at (dx * 2 >= n ? ix + 1 : ix), likewise y
 *   REPLICATE: v at (ix, iy)
 * v = IFM value - IFM zero point; every result is then multiplied by 2^16
 * (Vela programs OFM_SCALE scale 1, shift 16 + log2(n_x * n_y) for
 * bilinear, 16 for nearest, round_mode SYMMETRIC). The IFM is the stripe
 * NPU_SET_IFM_* describes (KERNEL_WIDTH/HEIGHT_M1 + 1 = how much of it the
 * hardware reads); offsets are relative to its first row / column. */
int ethosu85_resize_acc(enum ethosu85_resize_mode mode, const struct ethosu_fmap *ifm,
                        const struct ethosu85_resize_axis *ax, const struct ethosu85_resize_axis *ay,
                        struct ethosu85_acc *acc, char *err, size_t errlen);

/* ------------------------------------------------------------------ */
/* OFM transpose and reverse                                           */
/* ------------------------------------------------------------------ */

/* NPU_SET_OFM_PRECISION activation_transpose (b[13:11]): the order in which
 * the OFM's axes are written; HWC is none. */
enum ethosu85_transpose {
    ETHOSU85_TRANSPOSE_HWC = 0,
    ETHOSU85_TRANSPOSE_WHC = 1,
    ETHOSU85_TRANSPOSE_HCW = 2,
    ETHOSU85_TRANSPOSE_WCH = 3,
    ETHOSU85_TRANSPOSE_CHW = 6,
    ETHOSU85_TRANSPOSE_CWH = 7
};

/* NPU_SET_OFM_PRECISION activation_reverse (b[10:9]). */
enum ethosu85_reverse {
    ETHOSU85_REVERSE_NONE = 0,
    ETHOSU85_REVERSE_H = 1,
    ETHOSU85_REVERSE_W = 2,
    ETHOSU85_REVERSE_C = 3
};

/* A coordinate mapping for the twin's OFM writer. The operation computes
 * an h x w x c OFM (h/w/c = NPU_SET_OFM_HEIGHT_M1 / WIDTH_M1 / DEPTH_M1 + 1,
 * the untransposed shape); its element (y, x, ch) is stored at (*oy, *ox,
 * *oc) of a tensor of shape *sh x *sw x *sc, the axes in the order the
 * transpose names (WHC: stored[x][y][ch], CHW: stored[ch][y][x], ...), and
 * reversed on the reverse axis (H: stored[h - 1 - y][x][ch], ...). The tile
 * registers (NPU_SET_OFM_HEIGHT0_M1 / WIDTH0_M1) and strides describe the
 * stored tensor: Vela's transpose_hw programs OFM 6x8x16 with HEIGHT0_M1 7,
 * WIDTH0_M1 5. Vela never combines transpose and reverse: both -> -1. */
int ethosu85_ofm_map(enum ethosu85_transpose t, enum ethosu85_reverse r, uint32_t h, uint32_t w,
                     uint32_t c, uint32_t y, uint32_t x, uint32_t ch, uint32_t *sh, uint32_t *sw,
                     uint32_t *sc, uint32_t *oy, uint32_t *ox, uint32_t *oc);

/* The same as a pure function on a dense OFM: src (h x w x c) into dst
 * (the stored shape, *sh x *sw x *sc elements). */
int ethosu85_ofm_permute(enum ethosu85_transpose t, enum ethosu85_reverse r,
                         const struct ethosu_fmap *src, struct ethosu_fmap *dst, char *err,
                         size_t errlen);

#endif
