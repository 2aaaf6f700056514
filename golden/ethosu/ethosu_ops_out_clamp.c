/* ethosu_ops_out_clamp: see ethosu_ops_out_clamp.h. */
#include "ethosu_ops_out_clamp.h"

void ethosu_out_clamp_init(struct ethosu_out_clamp *c, const struct ethosu_output_stage *os, enum ethosu_dtype ofm_type,
                           int32_t ofm_zp)
{
    c->os = os;
    c->type = ofm_type;
    c->zp = ofm_zp;
    /* MIN above MAX makes its clamp no clamp (not monotone): the exact path */
    c->linear = os->act_fn != ETHOSU_ACT_TANH && os->act_fn != ETHOSU_ACT_SIGMOID && os->act_fn < ETHOSU_ACT_LUT0 &&
                os->act_min <= os->act_max;
    if (!c->linear)
        return;
    c->lo = ethosu_ops_output_checked(INT64_MIN, os, ofm_type, ofm_zp);
    c->hi = ethosu_ops_output_checked(INT64_MAX, os, ofm_type, ofm_zp);
    /* the zero point and the ends are 32-bit: no overflow */
    c->lo_v = (int64_t)c->lo - ofm_zp;
    c->hi_v = (int64_t)c->hi - ofm_zp;
}

void ethosu_chan_scale_init_at(struct ethosu_chan_scale *c, int64_t bias, uint32_t scale, unsigned shift,
                               enum ethosu_rounding r, unsigned tfl_bit)
{
    c->bias = bias;
    c->scale = scale;
    c->shift = (uint8_t)(shift > 255 ? 255 : shift);
    c->tfl_bit = (uint8_t)(tfl_bit > 62 ? 62 : tfl_bit);
    c->r = r;
    c->fast = shift >= 1 && shift <= 62 && tfl_bit <= 62 && r != ETHOSU_ROUND_TRUNCATE;
    if (!c->fast) {
        c->s1 = c->s2 = 0;
        c->add1 = c->half2 = 0;
        c->sub1 = 0;
        return;
    }
    /* as ethosu_round64 */
    unsigned s1 = r == ETHOSU_ROUND_NATURAL || shift <= tfl_bit ? shift : tfl_bit;
    c->s1 = (uint8_t)s1;
    c->s2 = (uint8_t)(shift - s1);
    c->add1 = (s1 ? UINT64_C(1) << (s1 - 1) : 0) + (UINT64_C(1) << 62);
    c->sub1 = (int64_t)((UINT64_C(1) << 62) >> s1);
    c->half2 = c->s2 ? UINT64_C(1) << (c->s2 - 1) : 0;
}

void ethosu_chan_scale_init(struct ethosu_chan_scale *c, int64_t bias, uint32_t scale, unsigned shift,
                            enum ethosu_rounding r)
{
    ethosu_chan_scale_init_at(c, bias, scale, shift, r, 31);
}
