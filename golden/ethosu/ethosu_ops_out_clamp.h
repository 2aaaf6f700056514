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
    return v <= c->lo_v ? c->lo : v >= c->hi_v ? c->hi : (int32_t)(v + c->zp);
}

/* ethosu_scale(x, scale, shift, r), the same value: in int64 when the
 * product and the rounding stay within it (|x| < 2^30, shift <= 62). */
int64_t ethosu_out_scale_slow(int64_t x, uint32_t scale, unsigned shift, enum ethosu_rounding r);

static inline int64_t ethosu_out_scale(int64_t x, uint32_t scale, unsigned shift, enum ethosu_rounding r)
{
    if (x >= (INT64_C(1) << 30) || x <= -(INT64_C(1) << 30) || shift > 62 || shift == 0)
        return ethosu_out_scale_slow(x, scale, shift, r);
    int64_t p = x * (int64_t)scale;   /* |p| < 2^62 */
    if (r == ETHOSU_ROUND_TRUNCATE) {
        int64_t m = (int64_t)((uint64_t)(p < 0 ? -p : p) >> shift);
        return p < 0 ? -m : m;
    }
    /* half up at s1 = min(shift, 31) (TFL) or shift (NATURAL): floor((p +
     * 2^(s1-1)) / 2^s1), shifting p + 2^(s1-1) + 2^62 (non-negative, a
     * multiple of 2^s1 above it) so no negative value is shifted */
    unsigned s1 = shift < 31 || r == ETHOSU_ROUND_NATURAL ? shift : 31;
    const uint64_t bias = UINT64_C(1) << 62;
    int64_t q = (int64_t)(((uint64_t)p + (UINT64_C(1) << (s1 - 1)) + bias) >> s1) - (int64_t)(bias >> s1);
    if (s1 == shift)
        return q;
    unsigned s2 = shift - s1;   /* TFL: then half away from zero */
    int64_t m = (int64_t)(((uint64_t)(q < 0 ? -q : q) + (UINT64_C(1) << (s2 - 1))) >> s2);
    return q < 0 ? -m : m;
}

#endif
