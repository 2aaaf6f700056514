/* ethosu85_ops_output: the Ethos-U85 output half (bias, OFM scale, zero
 * point, clip, LUT, saturation) and the accumulator start every
 * accumulate half shares.
 *
 * Sources: ethos_u85_interface.hpp (fields), Vela 5.2's U85 command stream
 * generator (GenerateActivation: the clip range, the LUT function per OFM
 * type and its table size), its LUT builders (lut_util.hpp: base in W[15:0],
 * slope in W[31:16]; ConvertTanhSigmoidToLUT16: the tanh / sigmoid table),
 * TensorFlow Lite's reference int16 Tanh / Logistic. Decisions:
 * - Order: scale, + OFM zero point, [clip B16: clamp to ACTIVATION_MIN /
 *   MAX], LUT, saturate to the OFM type. Clip NONE skips the clamp (Vela
 *   sets it when the OFM is wider than 16 bits and unclipped) and, without
 *   a LUT, the saturation too: the OFM takes the value's low bits (Vela's
 *   CAST int16 -> int8 on the U85 is an ADD of 0 with clip NONE, and
 *   TensorFlow Lite's CAST wraps).
 * - 8-bit LUTs (U8_U8, S8_S8, S8_S16, S8_S32): the value saturated to the
 *   table's input type indexes 256 entries of the output width.
 * - S16_S16 / S16_S32: the value saturated to int16; index (v >> 7) + 256
 *   of 512 words, frac = v & 127, base + ((slope * frac + 64) >> 7) (the
 *   U65's interpolation, issue 34; corpus i16_log bit exact on the U85).
 * - TANH / SIGMOID: the table takes the scaled value unclamped (Vela's
 *   OFM scale makes 1.0 = 3 * 4096, so |v| reaches 2^17; the corpus's
 *   i16_tanh needs values above 32767), then ACTIVATION_MIN / MAX clip the
 *   result. TANH: i = v >> 8, frac = v & 255, (base * 256 + slope * frac +
 *   (v >= 0 ? 128 : 127)) >> 8 (TFLite's int16 Tanh with its half-down
 *   rounding of negative inputs: corpus i16_tanh bit exact). SIGMOID:
 *   i = v >> 9, frac = v & 511, (base * 512 + slope * frac + 2^24 +
 *   (v >= 0 ? 512 : 511)) >> 10 (TFLite's Logistic on the same table:
 *   corpus i16_logistic bit exact). Outside the table the
 *   index saturates to -256 / 255 with frac 0 / the top. */
#include <string.h>

#include <stdlib.h>

#include "ethosu85_ops.h"
#include "ethosu85_ops_util.h"
#include "ethosu_ops_util.h"

int ethosu85_ops_acc_begin(const struct ethosu85_acc_in *in, struct ethosu85_acc *acc,
                           uint32_t h, uint32_t w, uint32_t c, char *err, size_t errlen)
{
    if (!acc || !acc->values)
        return ethosu_ops_fail(err, errlen, "accumulators missing");
    if (acc->h != h || acc->w != w || acc->c != c)
        return ethosu_ops_fail(err, errlen, "accumulators %ux%ux%u, the operation makes %ux%ux%u",
                               (unsigned)acc->h, (unsigned)acc->w, (unsigned)acc->c, (unsigned)h,
                               (unsigned)w, (unsigned)c);
    size_t n = (size_t)h * w * c;
    if (!in || in->input == ETHOSU85_ACC_RESET) {
        memset(acc->values, 0, n * sizeof acc->values[0]);
        return 0;
    }
    if (in->input != ETHOSU85_ACC_KEEP && in->input != ETHOSU85_ACC_IFM2)
        return ethosu_ops_fail(err, errlen, "acc_input %u reserved", (unsigned)in->input);
    const struct ethosu85_acc *src = in->acc_in;
    if (!src || !src->values)
        return ethosu_ops_fail(err, errlen, "acc_input %s without accumulators",
                               in->input == ETHOSU85_ACC_KEEP ? "KEEP" : "IFM2");
    if (src->h != h || src->w != w || src->c != c)
        return ethosu_ops_fail(err, errlen, "accumulator input %ux%ux%u, the operation makes %ux%ux%u",
                               (unsigned)src->h, (unsigned)src->w, (unsigned)src->c, (unsigned)h,
                               (unsigned)w, (unsigned)c);
    if (src->values != acc->values)
        memmove(acc->values, src->values, n * sizeof acc->values[0]);
    return 0;
}

/* The LUT's input type and output entry width; 0 for LUT_NONE, -1 for a
 * reserved code. */
static int lut_shape(enum ethosu85_act_fn f, enum ethosu_dtype *in, unsigned *out_bytes,
                     size_t *table_bytes)
{
    switch (f) {
    case ETHOSU85_LUT_NONE: return 0;
    case ETHOSU85_LUT_U8_U8: *in = ETHOSU_UINT8; *out_bytes = 1; break;
    case ETHOSU85_LUT_S8_S8: *in = ETHOSU_INT8; *out_bytes = 1; break;
    case ETHOSU85_LUT_S8_S16: *in = ETHOSU_INT8; *out_bytes = 2; break;
    case ETHOSU85_LUT_S8_S32: *in = ETHOSU_INT8; *out_bytes = 4; break;
    case ETHOSU85_LUT_S16_S16:
    case ETHOSU85_LUT_S16_S32:
    case ETHOSU85_LUT_TANH:
    case ETHOSU85_LUT_SIGMOID:
        *in = ETHOSU_INT16;
        *out_bytes = 4;
        *table_bytes = 2048;
        return 1;
    default: return -1;
    }
    *table_bytes = 256u * *out_bytes;
    return 1;
}

static int check_stage(const struct ethosu85_output_stage *os, uint32_t channels, char *err,
                       size_t errlen)
{
    if (!os)
        return ethosu_ops_fail(err, errlen, "output stage missing");
    if (ethosu85_scale_check(&os->ofm_scale, "OFM_SCALE", err, errlen))
        return -1;
    if (os->scale_mode == ETHOSU85_SCALE_PER_CHANNEL) {
        const struct ethosu85_channel_scale *cs = os->cs;
        if (!cs || !cs->bias || !cs->scale || !cs->shift)
            return ethosu_ops_fail(err, errlen, "per-channel scale without a scale stream");
        if (cs->n < channels)
            return ethosu_ops_fail(err, errlen, "scale stream has %u channels, the OFM %u",
                                   (unsigned)cs->n, (unsigned)channels);
        for (uint32_t o = 0; o < channels; o++) {
            if (cs->shift[o] > 63 || cs->scale[o] > 0x7FFFFFFFu)
                return ethosu_ops_fail(err, errlen, "channel %u: scale/shift outside 31/6 bits",
                                       (unsigned)o);
            if (cs->bias[o] < -(INT64_C(1) << 47) || cs->bias[o] >= (INT64_C(1) << 47))
                return ethosu_ops_fail(err, errlen, "channel %u: bias outside 48 bits", (unsigned)o);
        }
    } else if (os->scale_mode != ETHOSU85_SCALE_GLOBAL) {
        return ethosu_ops_fail(err, errlen, "OFM_PRECISION scale_mode %u reserved",
                               (unsigned)os->scale_mode);
    }
    if (os->clip != ETHOSU85_CLIP_B16 && os->clip != ETHOSU85_CLIP_NONE)
        return ethosu_ops_fail(err, errlen, "activation_clip_range %u reserved", (unsigned)os->clip);
    if (os->clip == ETHOSU85_CLIP_B16 && os->act_min > os->act_max)
        return ethosu_ops_fail(err, errlen, "ACTIVATION_MIN %d above ACTIVATION_MAX %d",
                               (int)os->act_min, (int)os->act_max);
    enum ethosu_dtype in;
    unsigned ob = 0;
    size_t need = 0;
    int l = lut_shape(os->act_fn, &in, &ob, &need);
    if (l < 0)
        return ethosu_ops_fail(err, errlen, "activation_function %u reserved", (unsigned)os->act_fn);
    if (l > 0 && (!os->lut || os->lut_len < need))
        return ethosu_ops_fail(err, errlen, "LUT of %zu bytes given, %zu needed",
                               os->lut ? os->lut_len : (size_t)0, need);
    return 0;
}



/* The word of 16-bit table index i (-256..255): base and slope. */
static void word16(const uint8_t *lut, int64_t i, int64_t *base, int64_t *slope)
{
    uint32_t w = ethosu_ops_read_le(lut + (size_t)(i + 256) * 4, 4);
    *base = (int16_t)(uint16_t)(w & 0xFFFFu);
    *slope = (int16_t)(uint16_t)(w >> 16);
}

/* floor(p / 2^s) for any sign */
static int64_t floor_div_pow2(int64_t p, unsigned s)
{
    return p >= 0 ? p >> s : -((-p + ((INT64_C(1) << s) - 1)) >> s);
}

/* index and fraction of v on a table whose steps are 2^fbits wide,
 * saturated to the 512 entries */
static void table_pos(int64_t v, unsigned fbits, int64_t *i, int64_t *frac)
{
    int64_t idx = floor_div_pow2(v, fbits);
    if (idx < -256) {
        *i = -256;
        *frac = 0;
    } else if (idx > 255) {
        *i = 255;
        *frac = ((int64_t)1 << fbits) - 1;
    } else {
        *i = idx;
        *frac = v - idx * ((int64_t)1 << fbits);
    }
}

static int64_t tanh_sigmoid(const uint8_t *lut, int64_t v, int sigmoid)
{
    unsigned fb = sigmoid ? 9 : 8;
    int64_t i, frac, base, slope;
    table_pos(v, fb, &i, &frac);
    word16(lut, i, &base, &slope);
    int64_t p = base * ((int64_t)1 << fb) + slope * frac;
    if (!sigmoid)
        return floor_div_pow2(p + (v >= 0 ? 128 : 127), 8);
    return floor_div_pow2(p + (INT64_C(1) << 24) + (v >= 0 ? 512 : 511), 10);
}

static int64_t lut16(const uint8_t *lut, int64_t v)
{
    int64_t i, frac, base, slope;
    table_pos(v, 7, &i, &frac);
    word16(lut, i, &base, &slope);
    return base + floor_div_pow2(slope * frac + 64, 7);
}

static int64_t lut8(const uint8_t *lut, enum ethosu_dtype in, unsigned bytes, int64_t v)
{
    v = ethosu_ops_clamp64(v, ethosu_dtype_min(in), ethosu_dtype_max(in));
    uint32_t u = ethosu_ops_read_le(lut + (size_t)(v - ethosu_dtype_min(in)) * bytes, bytes);
    if (bytes == 4)
        return (int32_t)u;
    if (bytes == 2)
        return (int16_t)(uint16_t)u;
    return in == ETHOSU_UINT8 ? (int64_t)u : (int64_t)(int8_t)(uint8_t)u;
}

/* v's low bits as a value of type t (two's complement, sign- or zero-extended) */
static int64_t wrap_to(int64_t v, enum ethosu_dtype t)
{
    uint64_t u = (uint64_t)v;
    switch (t) {
    case ETHOSU_UINT8: return (int64_t)(uint8_t)u;
    case ETHOSU_INT8: return (int64_t)(int8_t)(uint8_t)u;
    case ETHOSU_UINT16: return (int64_t)(uint16_t)u;
    case ETHOSU_INT16: return (int64_t)(int16_t)(uint16_t)u;
    default: return (int64_t)(int32_t)(uint32_t)u;
    }
}

/* the output half on one accumulator; os checked */
static int32_t output_checked(int64_t acc, uint32_t ch, const struct ethosu85_output_stage *os,
                              enum ethosu_dtype t, int32_t zp)
{
    int64_t v;
    struct ethosu85_scale s = os->ofm_scale;
    if (os->scale_mode == ETHOSU85_SCALE_PER_CHANNEL) {
        s.scale = os->cs->scale[ch];
        s.shift = os->cs->shift[ch];
        acc += os->cs->bias[ch];
    }
    if (os->shift_only)
        s.scale = 1;
    v = ethosu85_scale_apply(acc, &s);
    v = ethosu_ops_clamp64(v, INT64_MIN / 4, INT64_MAX / 4) + zp;
    if (os->act_fn == ETHOSU85_LUT_TANH || os->act_fn == ETHOSU85_LUT_SIGMOID) {
        v = tanh_sigmoid(os->lut, v, os->act_fn == ETHOSU85_LUT_SIGMOID);
        if (os->clip == ETHOSU85_CLIP_B16)
            v = ethosu_ops_clamp64(v, os->act_min, os->act_max);
        return (int32_t)ethosu_ops_clamp64(v, ethosu_dtype_min(t), ethosu_dtype_max(t));
    }
    if (os->clip == ETHOSU85_CLIP_B16)
        v = ethosu_ops_clamp64(v, os->act_min, os->act_max);
    enum ethosu_dtype in;
    unsigned ob = 0;
    size_t tb = 0;
    if (lut_shape(os->act_fn, &in, &ob, &tb) > 0) {
        if (in == ETHOSU_INT16)
            v = lut16(os->lut, ethosu_ops_clamp64(v, INT16_MIN, INT16_MAX));
        else
            v = lut8(os->lut, in, ob, v);
    } else if (os->clip == ETHOSU85_CLIP_NONE) {
        /* no clip range: the value's low bits, as wide as the OFM type (Vela's
         * CAST int16 -> int8 relies on it: TensorFlow Lite wraps) */
        return (int32_t)wrap_to(v, t);
    }
    return (int32_t)ethosu_ops_clamp64(v, ethosu_dtype_min(t), ethosu_dtype_max(t));
}

int ethosu85_output_value(int64_t acc, uint32_t ch, const struct ethosu85_output_stage *os,
                          enum ethosu_dtype ofm_type, int32_t ofm_zp, int32_t *out, char *err,
                          size_t errlen)
{
    if (check_stage(os, ch + 1, err, errlen))
        return -1;
    if (!out)
        return ethosu_ops_fail(err, errlen, "no output");
    *out = output_checked(acc, ch, os, ofm_type, ofm_zp);
    return 0;
}

/* One channel's scale for the prepared output half: v = floor((x * scale
 * + r) / 2^shift) with r per the sign of x (ethosu85_scale_apply's rounding
 * terms), for |x| < 2^30 and shift <= 62; the floor of the sum (within
 * -2^62 - 2^30 .. 2^63) shifts it plus 2^63, a multiple of 2^shift, as an
 * unsigned value: no branch. */
struct chan85 {
    int64_t bias, r_pos, r_neg;
    uint32_t scale;
    unsigned shift;
    int fast;
};

static void chan85_init(struct chan85 *c, int64_t bias, const struct ethosu85_scale *s)
{
    c->bias = bias;
    c->scale = s->scale;
    c->shift = s->shift > 63 ? 63 : s->shift;
    c->fast = c->shift <= 62;
    unsigned dbl = s->dbl_rnd > 30 ? 30 : s->dbl_rnd;
    c->r_pos = c->r_neg = 0;
    if (!c->fast || !c->shift)
        return;
    int64_t half = INT64_C(1) << (c->shift - 1);
    int64_t d = c->shift > 31 - dbl ? INT64_C(1) << (30 - dbl) : 0;
    switch (s->round_mode) {
    case ETHOSU85_ROUND_NATURAL: c->r_pos = c->r_neg = half; break;
    case ETHOSU85_ROUND_SYMMETRIC: c->r_pos = half; c->r_neg = half - 1; break;
    case ETHOSU85_ROUND_DOUBLE_ASYMMETRIC: c->r_pos = c->r_neg = half + d; break;
    case ETHOSU85_ROUND_TRUNCATE_TO_ZERO: c->r_neg = (INT64_C(1) << c->shift) - 1; break;
    case ETHOSU85_ROUND_TRUNCATE_TO_LOWER: break;
    case ETHOSU85_ROUND_DOUBLE_SYMMETRIC:
    default: c->r_pos = half + d; c->r_neg = half - d; break;
    }
}

/* The output half of a linear stage (no table, MIN <= MAX under the 16-bit
 * clip) prepared once: each channel's scale, one clamp or the wrap. Returns
 * 1 when the stage is not of that kind (the caller takes output_checked). */
static int output_prepared(const struct ethosu85_acc *acc, const struct ethosu85_output_stage *os,
                           struct ethosu_fmap *ofm)
{
    enum ethosu_dtype in;
    unsigned ob = 0;
    size_t tb = 0;
    if (lut_shape(os->act_fn, &in, &ob, &tb) != 0 || (os->clip == ETHOSU85_CLIP_B16 && os->act_min > os->act_max))
        return 1;
    uint32_t c = ofm->c;
    struct chan85 *ch = malloc((c ? c : 1) * sizeof *ch);
    if (!ch)
        return 1;
    for (uint32_t o = 0; o < c; o++) {
        struct ethosu85_scale s = os->ofm_scale;
        int64_t bias = 0;
        if (os->scale_mode == ETHOSU85_SCALE_PER_CHANNEL) {
            s.scale = os->cs->scale[o];
            s.shift = os->cs->shift[o];
            bias = os->cs->bias[o];
        }
        if (os->shift_only)
            s.scale = 1;
        chan85_init(&ch[o], bias, &s);
    }
    enum ethosu_dtype t = ofm->type;
    int64_t lo = ethosu_dtype_min(t), hi = ethosu_dtype_max(t), zp = ofm->zero_point;
    if (os->clip == ETHOSU85_CLIP_B16) {   /* MIN/MAX then the type: one clamp as MIN <= MAX */
        lo = os->act_min > lo ? (os->act_min > hi ? hi : os->act_min) : lo;
        hi = os->act_max < hi ? (os->act_max < lo ? lo : os->act_max) : hi;
    }
    int wrap = os->clip == ETHOSU85_CLIP_NONE;
    size_t n = (size_t)ofm->h * ofm->w * c;
    for (size_t i = 0; i < n; i += c)
        for (uint32_t o = 0; o < c; o++) {
            const struct chan85 *k = &ch[o];
            int64_t x = acc->values[i + o] + k->bias, v;
            if (!k->fast || x >= (INT64_C(1) << 30) || x <= -(INT64_C(1) << 30)) {
                ofm->values[i + o] = output_checked(acc->values[i + o], o, os, t, (int32_t)zp);
                continue;
            }
            int64_t p = x * (int64_t)k->scale + (x < 0 ? k->r_neg : k->r_pos);
            /* floor(p / 2^shift) on an offset binary value; shift 0 is p itself
             * (the offset would not fit int64 there) */
            v = k->shift ? (int64_t)(((uint64_t)p + (UINT64_C(1) << 63)) >> k->shift) -
                               (int64_t)((UINT64_C(1) << 63) >> k->shift)
                         : p;
            v += zp;
            if (wrap) {
                ofm->values[i + o] = (int32_t)wrap_to(v, t);
            } else {
                v = v < lo ? lo : v;
                v = v > hi ? hi : v;
                ofm->values[i + o] = (int32_t)v;
            }
        }
    free(ch);
    return 0;
}

int ethosu85_output(const struct ethosu85_acc *acc, const struct ethosu85_output_stage *os,
                    struct ethosu_fmap *ofm, char *err, size_t errlen)
{
    if (!acc || !acc->values)
        return ethosu_ops_fail(err, errlen, "accumulators missing");
    if (ethosu_ops_check_output(ofm, err, errlen))
        return -1;
    if (ofm->h != acc->h || ofm->w != acc->w || ofm->c != acc->c)
        return ethosu_ops_fail(err, errlen, "OFM %ux%ux%u, accumulators %ux%ux%u", (unsigned)ofm->h,
                               (unsigned)ofm->w, (unsigned)ofm->c, (unsigned)acc->h,
                               (unsigned)acc->w, (unsigned)acc->c);
    if (check_stage(os, ofm->c, err, errlen))
        return -1;
    if (!output_prepared(acc, os, ofm))
        return 0;
    size_t n = (size_t)ofm->h * ofm->w * ofm->c;
    for (size_t i = 0; i < n; i += ofm->c)   /* pixel by pixel: the channel without a division */
        for (uint32_t ch = 0; ch < ofm->c; ch++)
            ofm->values[i + ch] = output_checked(acc->values[i + ch], ch, os, ofm->type, ofm->zero_point);
    return 0;
}
