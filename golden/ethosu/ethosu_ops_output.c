/* ethosu_ops_output: the Ethos-U65 output stage (scaling unit, zero point,
 * clip, activation, LUT) and the helpers every operation model shares.
 *
 * Sources: the TRM (OFM_PRECISION, ACTIVATION, 3.3.7), Vela 5.2's
 * scaling.py, fp_math.py, lut.py, weight_compressor.py and
 * register_command_stream_generator.py (what Vela programs), TensorFlow
 * Lite's reference kernels (what the result must equal). Decisions taken
 * where those say too little:
 *
 * - Scaling: v = (x * scale) / 2^shift, x the accumulator (bias included).
 *   TFL ("double rounding") is TensorFlow Lite's MultiplyByQuantizedMultiplier
 *   with Vela's shift = 31 - TFL's exponent: when shift <= 31 one rounding,
 *   half towards +infinity (SaturatingRoundingDoublingHighMul's nudge, on a
 *   value TFL shifted left first); when shift > 31 that rounding at bit 31,
 *   then RoundingDivideByPOT (half away from zero) by shift - 31. NATURAL
 *   is one rounding half towards +infinity, TRUNCATE towards zero.
 * - Order after scaling: + OFM zero point, clamp to [ACTIVATION_MIN,
 *   ACTIVATION_MAX], saturate to the clip range (ACTIVATION b[15:12]), table
 *   lookup, saturate to the OFM type. MIN/MAX come before the lookup: Vela's
 *   softmax programs an int32 OFM with an int8-range LUT and MIN/MAX of
 *   -128/127, which only makes sense on the table index. With a 32-bit
 *   clip range (int32 OFM, clip range 0) MIN/MAX are not applied: the TRM
 *   allows no activation there ("linear output only") and Vela leaves the
 *   16-bit registers at -32768/32767, which would cut int32 results.
 * - LUT, 8-bit clip range: index = value - type minimum (int8 +128), one
 *   entry of the OFM type's width (1, 2 or 4 bytes, little-endian, signed
 *   per the OFM type). 16-bit clip range (int16 only): 512 32-bit words
 *   W = slope << 16 | (base & 0xFFFF): two signed 16-bit fields, as Vela
 *   5.2 packs them (its 16x8 LOG table: base[i] + slope[i] = base[i + 1]
 *   for every i only when read so; reading W as slope * 65536 + base, the
 *   sum lut.py writes, made the slope of every negative base one too
 *   high: +1 on a third of a LOG network's values, issue 34 fault 6);
 *   index = (v >> 7) + 256, frac = v & 127,
 *   result = base + ((slope * frac + 64) >> 7) (TensorFlow Lite's
 *   lut_lookup interpolation).
 * - tanh / sigmoid (act_fn 3 / 4): the hardwired table, int16 OFM only
 *   (ethosu_ops_sigmoid.c; Vela 5.2 compiles int8 tanh/sigmoid to a LUT).
 *   The table takes the value + zero point unclipped, MIN/MAX clip the
 *   result. */
/* GCC 12's -O2 vectorizes no loop of unknown trip count (its "very cheap"
 * cost model): this file asks for the dynamic model for the IFM range check;
 * the arithmetic is the same either way (ethosu_ops_conv_fast.c does the same). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic")
#endif
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <ctype.h>

#include "ethosu_ops.h"
#include "ethosu_ops_util.h"

int ethosu_ops_fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int dtype_known(enum ethosu_dtype t)
{
    return t == ETHOSU_UINT8 || t == ETHOSU_INT8 || t == ETHOSU_UINT16 || t == ETHOSU_INT16 ||
           t == ETHOSU_INT32;
}

int32_t ethosu_dtype_min(enum ethosu_dtype t)
{
    switch (t) {
    case ETHOSU_INT8: return -128;
    case ETHOSU_INT16: return -32768;
    case ETHOSU_INT32: return INT32_MIN;
    default: return 0;
    }
}

int32_t ethosu_dtype_max(enum ethosu_dtype t)
{
    switch (t) {
    case ETHOSU_UINT8: return 255;
    case ETHOSU_INT8: return 127;
    case ETHOSU_UINT16: return 65535;
    case ETHOSU_INT16: return 32767;
    case ETHOSU_INT32: return INT32_MAX;
    }
    return 0;
}

unsigned ethosu_dtype_bits(enum ethosu_dtype t)
{
    switch (t) {
    case ETHOSU_UINT8:
    case ETHOSU_INT8: return 8;
    case ETHOSU_UINT16:
    case ETHOSU_INT16: return 16;
    case ETHOSU_INT32: return 32;
    }
    return 0;
}

int ethosu_dtype_from_fields(unsigned is_signed, unsigned size_code, enum ethosu_dtype *t)
{
    if (!t || is_signed > 1)
        return -1;
    switch (size_code) {
    case 0: *t = is_signed ? ETHOSU_INT8 : ETHOSU_UINT8; return 0;
    case 1: *t = is_signed ? ETHOSU_INT16 : ETHOSU_UINT16; return 0;
    case 2:
        if (!is_signed)
            return -1;   /* no unsigned 32-bit type */
        *t = ETHOSU_INT32;
        return 0;
    default: return -1;
    }
}

static const char *dtype_name(enum ethosu_dtype t)
{
    switch (t) {
    case ETHOSU_UINT8: return "uint8";
    case ETHOSU_INT8: return "int8";
    case ETHOSU_UINT16: return "uint16";
    case ETHOSU_INT16: return "int16";
    case ETHOSU_INT32: return "int32";
    }
    return "unknown";
}

static int check_shape(const struct ethosu_fmap *fm, const char *name, int need_values, char *err, size_t errlen)
{
    if (!fm)
        return ethosu_ops_fail(err, errlen, "%s missing", name);
    if (!dtype_known(fm->type))
        return ethosu_ops_fail(err, errlen, "%s: unknown element type %d", name, (int)fm->type);
    if (fm->h < 1 || fm->w < 1 || fm->c < 1 || fm->h > 65536 || fm->w > 65536 || fm->c > 65536)
        return ethosu_ops_fail(err, errlen, "%s: shape %ux%ux%u outside 1..65536", name,
                               (unsigned)fm->h, (unsigned)fm->w, (unsigned)fm->c);
    if (need_values && !fm->values)
        return ethosu_ops_fail(err, errlen, "%s: no values", name);
    if (fm->zero_point < ethosu_dtype_min(fm->type) || fm->zero_point > ethosu_dtype_max(fm->type))
        return ethosu_ops_fail(err, errlen, "%s: zero point %d outside the %s range", name,
                               (int)fm->zero_point, dtype_name(fm->type));
    return 0;
}

int ethosu_ops_check_types(const struct ethosu_op_rule *rule, enum ethosu_dtype ifm, enum ethosu_dtype ofm,
                           char *err, size_t errlen)
{
    if (!rule)
        return ethosu_ops_fail(err, errlen, "reserved operation");
    unsigned r = rule->rules;
    if (ifm == ETHOSU_INT32 && !(r & (ETHOSU_OPR_INT32_IFM | ETHOSU_OPR_INT32_ONLY)))
        return ethosu_ops_fail(err, errlen, "%s: the IFM must be 8 or 16 bit, not int32", rule->name);
    if (ifm != ETHOSU_INT32 && (r & ETHOSU_OPR_INT32_ONLY))
        return ethosu_ops_fail(err, errlen, "%s needs an int32 IFM, not %s", rule->name, dtype_name(ifm));
    if ((r & ETHOSU_OPR_SAME_TYPE) && ofm != ifm)
        return ethosu_ops_fail(err, errlen, "%s needs the OFM type (%s) = the IFM type (%s)", rule->name,
                               dtype_name(ofm), dtype_name(ifm));
    if ((r & ETHOSU_OPR_OFM_NOT_UINT16) && ofm == ETHOSU_UINT16)
        return ethosu_ops_fail(err, errlen, "%s cannot write a uint16 OFM", rule->name);
    return 0;
}

int ethosu_ops_check_input_shape(const struct ethosu_fmap *fm, const char *name, char *err, size_t errlen)
{
    if (check_shape(fm, name, 0, err, errlen))
        return -1;
    if (fm->type == ETHOSU_INT32 && fm->zero_point != 0)
        return ethosu_ops_fail(err, errlen, "%s: zero point must be 0 for int32", name);
    return 0;
}

int ethosu_ops_check_input(const struct ethosu_fmap *fm, const char *name, char *err,
                           size_t errlen)
{
    if (ethosu_ops_check_input_shape(fm, name, err, errlen))
        return -1;
    if (!fm->values)
        return ethosu_ops_fail(err, errlen, "%s: no values", name);
    size_t n = (size_t)fm->h * fm->w * fm->c;
    int32_t lo = ethosu_dtype_min(fm->type), hi = ethosu_dtype_max(fm->type);
    int32_t vmin = lo, vmax = hi;   /* one pass that vectorizes; the index only on a failure */
    for (size_t i = 0; i < n; i++) {
        vmin = fm->values[i] < vmin ? fm->values[i] : vmin;
        vmax = fm->values[i] > vmax ? fm->values[i] : vmax;
    }
    for (size_t i = 0; (vmin < lo || vmax > hi) && i < n; i++)
        if (fm->values[i] < lo || fm->values[i] > hi)
            return ethosu_ops_fail(err, errlen, "%s: value %d at index %zu outside the %s range",
                                   name, (int)fm->values[i], i, dtype_name(fm->type));
    return 0;
}

int ethosu_ops_check_output_shape(const struct ethosu_fmap *fm, char *err, size_t errlen)
{
    return check_shape(fm, "OFM", 0, err, errlen);
}

int ethosu_ops_check_output(const struct ethosu_fmap *fm, char *err, size_t errlen)
{
    return check_shape(fm, "OFM", 1, err, errlen);
}

/* The clip range's type; -1 for a reserved code. */
static int clip_type(unsigned clip, enum ethosu_dtype ofm, enum ethosu_dtype *t)
{
    switch (clip) {
    case ETHOSU_CLIP_OFM: *t = ofm; return 0;
    case ETHOSU_CLIP_UINT8: *t = ETHOSU_UINT8; return 0;
    case ETHOSU_CLIP_INT8: *t = ETHOSU_INT8; return 0;
    case ETHOSU_CLIP_INT16: *t = ETHOSU_INT16; return 0;
    default: return -1;
    }
}

/* Bytes of the LUT the output stage reads; 0 when it reads none. */
static size_t lut_bytes_needed(enum ethosu_dtype clip, enum ethosu_dtype ofm)
{
    if (ethosu_dtype_bits(clip) == 8)
        return 256u * (ethosu_dtype_bits(ofm) / 8u);
    return 512u * 4u;
}

int ethosu_ops_check_output_stage(const struct ethosu_output_stage *os, enum ethosu_dtype t,
                                  char *err, size_t errlen)
{
    if (!os)
        return ethosu_ops_fail(err, errlen, "output stage missing");
    if (os->rounding != ETHOSU_ROUND_TFL && os->rounding != ETHOSU_ROUND_TRUNCATE &&
        os->rounding != ETHOSU_ROUND_NATURAL)
        return ethosu_ops_fail(err, errlen, "OFM_PRECISION rounding mode %d reserved",
                               (int)os->rounding);
    enum ethosu_dtype ct = t;
    if (clip_type(os->act_clip, t, &ct))
        return ethosu_ops_fail(err, errlen, "ACTIVATION clip range %u reserved", os->act_clip);
    if (os->act_min > os->act_max)
        return ethosu_ops_fail(err, errlen, "ACTIVATION_MIN %d above ACTIVATION_MAX %d",
                               (int)os->act_min, (int)os->act_max);
    unsigned f = os->act_fn;
    const struct ethosu_act_rule *act = ethosu_act_rule_find(f);
    if (!act)
        return ethosu_ops_fail(err, errlen, "ACTIVATION function %u reserved", f);
    if ((act->rules & ETHOSU_ACTR_INT16_OFM) && t != ETHOSU_INT16) {
        char name[24];   /* "tanh": the table's name in lower case */
        size_t i = 0;
        for (; act->vela[i] && i + 1 < sizeof name; i++)
            name[i] = (char)tolower((unsigned char)act->vela[i]);
        name[i] = 0;
        return ethosu_ops_fail(err, errlen,
                               "ACTIVATION %s: the hardwired table is modelled for an int16 OFM only", name);
    }
    if (f >= ETHOSU_ACT_LUT0) {
        if (ct != ETHOSU_INT8 && ct != ETHOSU_UINT8 && ct != ETHOSU_INT16)
            return ethosu_ops_fail(err, errlen, "LUT on a %s clip range (8 or 16 bit needed)",
                                   dtype_name(ct));
        if (ct == ETHOSU_INT16 && t != ETHOSU_INT16 && t != ETHOSU_INT32)
            return ethosu_ops_fail(err, errlen, "16-bit LUT with a %s OFM", dtype_name(t));
        size_t need = lut_bytes_needed(ct, t);
        if (!os->lut || os->lut_len < need)
            return ethosu_ops_fail(err, errlen, "LUT of %zu bytes given, %zu needed",
                                   os->lut ? os->lut_len : 0, need);
    }
    return 0;
}


/* floor(p / 2^s + 1/2) */
static __int128 round_half_up(__int128 p, unsigned s)
{
    if (s == 0)
        return p;
    return ethosu_ops_floor_shift(p + ((__int128)1 << (s - 1)), s);
}

static __int128 round_half_away(__int128 p, unsigned s)
{
    if (s == 0)
        return p;
    __int128 half = (__int128)1 << (s - 1);
    return p >= 0 ? (p + half) >> s : -((-p + half) >> s);
}

/* The same three roundings in int64, for |p| < 2^62 and s <= 62 (every
 * convolution's and pool's product of a 48-bit accumulator and a 32-bit
 * scale with a shift of Vela's range): no intermediate leaves int64. */
static int64_t floor_shift64(int64_t p, unsigned s)
{
    if (p >= 0)
        return p >> s;
    return -((-p + ((INT64_C(1) << s) - 1)) >> s);
}

static int64_t round_half_up64(int64_t p, unsigned s)
{
    return s ? floor_shift64(p + (INT64_C(1) << (s - 1)), s) : p;
}

static int64_t round_half_away64(int64_t p, unsigned s)
{
    if (s == 0)
        return p;
    int64_t half = INT64_C(1) << (s - 1);
    return p >= 0 ? (p + half) >> s : -((-p + half) >> s);
}

static int64_t round_shift64(int64_t p, unsigned s, enum ethosu_rounding r, unsigned tfl_bit)
{
    switch (r) {
    case ETHOSU_ROUND_TRUNCATE: return p >= 0 ? p >> s : -((-p) >> s);
    case ETHOSU_ROUND_NATURAL: return round_half_up64(p, s);
    case ETHOSU_ROUND_TFL:
    default:
        if (s <= tfl_bit)
            return round_half_up64(p, s);
        return round_half_away64(round_half_up64(p, tfl_bit), s - tfl_bit);
    }
}

int64_t ethosu_ops_round_shift(__int128 p, unsigned s, enum ethosu_rounding r, unsigned tfl_bit)
{
    const __int128 lim = (__int128)1 << 62;
    if (s <= 62 && p > -lim && p < lim)
        return round_shift64((int64_t)p, s, r, tfl_bit);
    __int128 v;
    if (s > 100)
        s = 100;
    switch (r) {
    case ETHOSU_ROUND_TRUNCATE:   /* towards zero */
        v = p >= 0 ? p >> s : -((-p) >> s);
        break;
    case ETHOSU_ROUND_NATURAL: v = round_half_up(p, s); break;
    case ETHOSU_ROUND_TFL:
    default:
        if (s <= tfl_bit)
            v = round_half_up(p, s);
        else
            v = round_half_away(round_half_up(p, tfl_bit), s - tfl_bit);
        break;
    }
    if (v > INT64_MAX)
        return INT64_MAX;
    if (v < INT64_MIN)
        return INT64_MIN;
    return (int64_t)v;
}

int64_t ethosu_scale(int64_t x, uint32_t scale, unsigned shift, enum ethosu_rounding r)
{
    return ethosu_ops_round_shift((__int128)x * scale, shift, r, 31);
}



/* An entry of `bytes` bytes, signed or not per the OFM type. */
static int64_t lut_entry(const uint8_t *lut, size_t idx, unsigned bytes, enum ethosu_dtype ofm)
{
    uint32_t u = ethosu_ops_read_le(lut + idx * bytes, bytes);
    int is_signed = ofm == ETHOSU_INT8 || ofm == ETHOSU_INT16 || ofm == ETHOSU_INT32;
    if (!is_signed || bytes == 4)
        return bytes == 4 && is_signed ? (int64_t)(int32_t)u : (int64_t)u;
    uint32_t sign = 1u << (8 * bytes - 1);
    return (int64_t)(u ^ sign) - (int64_t)sign;
}

/* TensorFlow Lite's 16-bit interpolating lookup on Vela's base/slope words:
 * two signed 16-bit fields, slope in W[31:16], base in W[15:0]. */
static int64_t lut16(const uint8_t *lut, int64_t v)
{
    uint32_t w = ethosu_ops_read_le(lut + (size_t)((v >> 7) + 256) * 4, 4);
    int32_t base = (int32_t)(int16_t)(uint16_t)(w & 0xFFFFu);
    int64_t slope = (int16_t)(uint16_t)(w >> 16);
    int64_t frac = v & 127;
    int64_t delta = slope * frac + 64;
    delta = delta >= 0 ? delta / 128 : -((-delta + 127) / 128);   /* floor */
    return base + delta;
}

int ethosu_output_value(int64_t v, const struct ethosu_output_stage *os,
                        enum ethosu_dtype ofm_type, int32_t ofm_zp, int32_t *out, char *err,
                        size_t errlen)
{
    if (ethosu_ops_check_output_stage(os, ofm_type, err, errlen))
        return -1;
    *out = ethosu_ops_output_checked(v, os, ofm_type, ofm_zp);
    return 0;
}

int32_t ethosu_ops_output_checked(int64_t v, const struct ethosu_output_stage *os, enum ethosu_dtype ofm_type,
                                  int32_t ofm_zp)
{
    enum ethosu_dtype ct = ofm_type;
    clip_type(os->act_clip, ofm_type, &ct);
    int64_t x = v > INT64_MAX - 70000 ? INT64_MAX - 70000 : v < INT64_MIN + 70000 ? INT64_MIN + 70000 : v;
    x += ofm_zp;
    if (os->act_fn == ETHOSU_ACT_TANH || os->act_fn == ETHOSU_ACT_SIGMOID) {
        /* the table takes the unclipped value (its input range is about
         * 8 x int16); MIN/MAX clip the result */
        x = ethosu_ops_clamp64(x, INT32_MIN, INT32_MAX);
        x = os->act_fn == ETHOSU_ACT_TANH ? ethosu_ops_tanh16(x) : ethosu_ops_sigmoid16(x);
        x = ethosu_ops_clamp64(x, os->act_min, os->act_max);
        return (int32_t)ethosu_ops_clamp64(x, ethosu_dtype_min(ofm_type), ethosu_dtype_max(ofm_type));
    }
    if (ct != ETHOSU_INT32)   /* a 32-bit range is linear only: no MIN/MAX */
        x = ethosu_ops_clamp64(x, os->act_min, os->act_max);
    x = ethosu_ops_clamp64(x, ethosu_dtype_min(ct), ethosu_dtype_max(ct));
    if (os->act_fn >= ETHOSU_ACT_LUT0) {
        if (ethosu_dtype_bits(ct) == 8)
            x = lut_entry(os->lut, (size_t)(x - ethosu_dtype_min(ct)), ethosu_dtype_bits(ofm_type) / 8,
                          ofm_type);
        else
            x = lut16(os->lut, x);
    }
    return (int32_t)ethosu_ops_clamp64(x, ethosu_dtype_min(ofm_type), ethosu_dtype_max(ofm_type));
}
