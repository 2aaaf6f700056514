/* ethosu_ops_out_clamp: the U55/U65 output stage (ethosu_ops_output_checked:
 * + OFM zero point, clip range, MIN/MAX, the type's range) as one clamp,
 * prepared once per operation, and the scale rounding in int64.
 *
 * Without a table activation (TANH, SIGMOID, a LUT) and with MIN <= MAX the output stage is a
 * translation by the zero point followed by clamps: a composition that is
 * itself one clamp, from f(-inf) to f(+inf). ethosu_out_clamp_init takes
 * those two ends from ethosu_ops_output_checked itself, so the fast form
 * cannot drift from it; with a table activation every value goes through
 * ethosu_ops_output_checked. */
#ifndef ETHOSU_OPS_OUT_CLAMP_H
#define ETHOSU_OPS_OUT_CLAMP_H

#include <stdint.h>

#include "ethosu_ops.h"
#include "ethosu_ops_util.h"

struct ethosu_out_clamp {
    int linear;            /* no table activation: v -> clamp(v + zp, lo, hi) */
    int64_t lo_v, hi_v;    /* v at or below lo_v gives lo, at or above hi_v gives hi */
    int32_t lo, hi, zp;
    const struct ethosu_output_stage *os;   /* for the table activations */
    enum ethosu_dtype type;
};

void ethosu_out_clamp_init(struct ethosu_out_clamp *c, const struct ethosu_output_stage *os, enum ethosu_dtype ofm_type,
                           int32_t ofm_zp);

/* ethosu_ops_output_checked(v, os, ofm_type, ofm_zp), the same value. */
static inline int32_t ethosu_out_clamp_apply(const struct ethosu_out_clamp *c, int64_t v)
{
    if (!c->linear)
        return ethosu_ops_output_checked(v, c->os, c->type, c->zp);
    /* two selects, no branch: saturating outputs come in no predictable order */
    v = v < c->lo_v ? c->lo_v : v;
    v = v > c->hi_v ? c->hi_v : v;
    return (int32_t)(v + c->zp);
}

/* ethosu_ops_round_shift(p, s, r, tfl_bit), the same value, for |p| < 2^62
 * and s <= 62 (the caller checks): TFL rounds half up at min(s, tfl_bit)
 * then half away from zero for the rest, NATURAL half up, TRUNCATE towards
 * zero. Every shift is of a non-negative value (2^62 added to a half-up
 * rounding: a multiple of 2^s above it), so no branch on the sign. */
static inline int64_t ethosu_round64(int64_t p, unsigned s, enum ethosu_rounding r, unsigned tfl_bit)
{
    if (s == 0)
        return p;
    if (r == ETHOSU_ROUND_TRUNCATE) {
        int64_t m = (int64_t)((uint64_t)(p < 0 ? -p : p) >> s);
        return p < 0 ? -m : m;
    }
    unsigned s1 = r == ETHOSU_ROUND_NATURAL || s <= tfl_bit ? s : tfl_bit;
    int64_t q = p;
    if (s1) {
        const uint64_t bias = UINT64_C(1) << 62;
        q = (int64_t)(((uint64_t)p + (UINT64_C(1) << (s1 - 1)) + bias) >> s1) - (int64_t)(bias >> s1);
    }
    if (s1 == s)
        return q;
    unsigned s2 = s - s1;
    int64_t m = (int64_t)(((uint64_t)(q < 0 ? -q : q) + (UINT64_C(1) << (s2 - 1))) >> s2);
    return q < 0 ? -m : m;
}

/* ethosu_ops_round_shift(x * scale, shift, r, tfl_bit), the same value: in
 * int64 when |x| < 2^30 (the product then stays below 2^62) and shift <= 62. */
static inline int64_t ethosu_scale_by(int64_t x, uint32_t scale, unsigned shift, enum ethosu_rounding r,
                                      unsigned tfl_bit)
{
    if (x >= (INT64_C(1) << 30) || x <= -(INT64_C(1) << 30) || shift > 62)
        return ethosu_ops_round_shift((__int128)x * scale, shift, r, tfl_bit);
    return ethosu_round64(x * (int64_t)scale, shift, r, tfl_bit);
}

/* ethosu_scale(x, scale, shift, r), the same value. */
static inline int64_t ethosu_out_scale(int64_t x, uint32_t scale, unsigned shift, enum ethosu_rounding r)
{
    return ethosu_scale_by(x, scale, shift, r, 31);
}

/* One channel's scale (bias, scale, shift, rounding) prepared for
 * ethosu_chan_scale_apply: the same value as ethosu_out_scale(acc + bias,
 * scale, shift, r) with the rounding's shifts and offsets worked out once
 * per operation instead of per element. */
struct ethosu_chan_scale {
    int64_t bias;
    uint32_t scale;
    uint8_t shift, s1, s2;      /* TFL / NATURAL: half up at s1, then half away from zero by s2 */
    uint8_t tfl_bit;            /* TFL's first rounding: at min(shift, tfl_bit) */
    uint8_t fast;               /* 0: TRUNCATE or a shift outside 1..62: ethosu_out_scale */
    enum ethosu_rounding r;
    uint64_t add1, half2;       /* 2^(s1-1) (0 when s1 is 0) + 2^62, 2^(s2-1) (0 when s2 is 0) */
    int64_t sub1;               /* 2^62 >> s1 */
};

void ethosu_chan_scale_init(struct ethosu_chan_scale *c, int64_t bias, uint32_t scale, unsigned shift,
                            enum ethosu_rounding r);

/* The same for ethosu_scale_by(x + bias, scale, shift, r, tfl_bit) (the
 * elementwise input scales round first at 31 - L). */
void ethosu_chan_scale_init_at(struct ethosu_chan_scale *c, int64_t bias, uint32_t scale, unsigned shift,
                               enum ethosu_rounding r, unsigned tfl_bit);

static inline int64_t ethosu_chan_scale_apply(const struct ethosu_chan_scale *c, int64_t acc)
{
    int64_t x = acc + c->bias;   /* a 48-bit accumulator and a 40-bit bias */
    if (!c->fast || x >= (INT64_C(1) << 30) || x <= -(INT64_C(1) << 30))
        return ethosu_scale_by(x, c->scale, c->shift, c->r, c->tfl_bit);
    int64_t p = x * (int64_t)c->scale;
    int64_t q = (int64_t)(((uint64_t)p + c->add1) >> c->s1) - c->sub1;
    if (!c->s2)
        return q;
    int64_t neg = -(int64_t)(q < 0);   /* 0 or -1: |q| and the sign back without a branch */
    int64_t m = (int64_t)(((uint64_t)((q ^ neg) - neg) + c->half2) >> c->s2);
    return (m ^ neg) - neg;
}

#endif
