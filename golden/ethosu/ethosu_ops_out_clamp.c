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

int64_t ethosu_out_scale_slow(int64_t x, uint32_t scale, unsigned shift, enum ethosu_rounding r)
{
    return ethosu_scale(x, scale, shift, r);
}
