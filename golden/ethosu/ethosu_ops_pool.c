/* ethosu_ops_pool: the Ethos-U65 pooling operations (NPU_OP_POOL: max,
 * average, REDUCE_SUM) on dense NHWC stripes.
 *
 * Decisions (TRM 4.8 "Pooling operations" / "Reduction operations", Vela's
 * generate_ofm_scaling_for_pooling, TensorFlow Lite's reference pooling):
 * - MAX: the largest (ifm - ifm_zp) over the window positions inside the
 *   upscaled IFM (padding never wins: TensorFlow Lite ignores it), then the
 *   output stage without scaling (+ OFM zero point, clip, activation).
 * - AVERAGE with a global scale (NPU_SET_OFM_SCALE; Vela uses it when the
 *   padding is all zero): sum of (ifm - ifm_zp) over the whole window,
 *   times scale / 2^shift in the OFM rounding mode (Vela's
 *   quantise_pooling_scale makes this a division by the element count).
 * - AVERAGE with per-channel scale (cs): the same with bias[ch] added and
 *   scale[ch] / shift[ch].
 * - AVERAGE with any padding (the TRM's "average pool with padding has
 *   no scaling"; Vela still programs OFM_SCALE 1/0) or with no scale
 *   given: the sum over the positions inside the IFM divided by their
 *   count - TensorFlow Lite's AveragePool, which leaves the padding out of
 *   both - rounded half away from zero (towards zero in TRUNCATE mode; Vela
 *   programs NATURAL here, yet TFLite's halves go away from zero and the
 *   corpus agrees); OFM_SCALE / the scale stream are not used.
 * - REDUCE_SUM: sums the channel axis (HWC -> HW1, TRM table 4-125) over a
 *   1x1 kernel without padding or upscale; global scale, OFM depth 1.
 * - An int32 IFM or OFM: the global scale applies whole, multiplier and
 *   shift. The TRM's NPU_SET_OFM_SCALE note ("for 32-bit operations scale
 *   is not applied but shift is") is taken as the elementwise operations'
 *   rule (ethosu_ops_elementwise.c): Vela 5.2 lowers SQUARED_DIFFERENCE
 *   and BATCH_MATMUL to pools that cast int8 to int32 with OFM_SCALE 128
 *   (x << 7) and scale int32 back to int8 with a 31-bit multiplier, and
 *   TensorFlow Lite's results need both.
 * - Limits: kernel 1..65536 per axis, what NPU_SET_KERNEL_WIDTH_M1 /
 *   HEIGHT_M1 hold (Vela lowers SOFTMAX over more than 256 values to a max
 *   pool whose kernel is the depth: 300, 1000; average with padding 1..8), stride
 *   1..3, average-pool padding 0..3 top/left and 0..4 bottom/right; MAX
 *   needs the OFM type to equal the IFM type. */
/* GCC 12's -O2 vectorizes no loop of unknown trip count (its "very cheap"
 * cost model): this file asks for the dynamic model for the per-channel sums and maxima;
 * the arithmetic is the same either way (ethosu_ops_conv_fast.c does the same). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic")
#endif
#include <stdlib.h>

#include "ethosu_ops.h"
#include "ethosu_ops_out_clamp.h"
#include "ethosu_ops_util.h"

/* values: whether the maps' values are there to check (ethosu_op_pool) or not
 * (ethosu_op_pool_check). */
static int check(enum ethosu_pool_mode mode, const struct ethosu_fmap *ifm,
                 const struct ethosu_kernel *k, const struct ethosu_channel_scale *cs,
                 const struct ethosu_global_scale *gs, const struct ethosu_output_stage *os,
                 const struct ethosu_fmap *ofm, int values, char *err, size_t errlen)
{
    const struct ethosu_op_rule *rule = ethosu_op_rule_find(ETHOSU_NPU_OP_POOL, (uint16_t)mode);
    if ((unsigned)mode > 0xFFFFu || !rule)
        return ethosu_ops_fail(err, errlen, "NPU_OP_POOL mode %d reserved", (int)mode);
    if ((values ? ethosu_ops_check_input(ifm, "IFM", err, errlen)
                : ethosu_ops_check_input_shape(ifm, "IFM", err, errlen)) ||
        (values ? ethosu_ops_check_output(ofm, err, errlen) : ethosu_ops_check_output_shape(ofm, err, errlen)) ||
        ethosu_ops_check_kernel(k, 65536, err, errlen) ||
        ethosu_ops_check_output_stage(os, ofm->type, err, errlen))
        return -1;
    if (gs && gs->shift > 63)
        return ethosu_ops_fail(err, errlen, "OFM_SCALE shift %u outside 6 bits", (unsigned)gs->shift);
    int padded = k->pad_top || k->pad_left || k->pad_bottom || k->pad_right;
    if (ethosu_ops_check_types(rule, ifm->type, ofm->type, err, errlen))
        return -1;
    switch (mode) {
    case ETHOSU_POOL_MAX:
        if (k->upscale == ETHOSU_UPSCALE_ZEROS)
            return ethosu_ops_fail(err, errlen, "max pool cannot insert zeros");
        break;
    case ETHOSU_POOL_AVERAGE:
        if (padded && (k->w > 8 || k->h > 8))
            return ethosu_ops_fail(err, errlen, "average pool with padding: kernel %ux%u above 8x8",
                                   (unsigned)k->w, (unsigned)k->h);
        if (cs && (!cs->bias || !cs->scale || !cs->shift || cs->n < ofm->c))
            return ethosu_ops_fail(err, errlen, "per-channel scale with too few channels");
        break;
    case ETHOSU_POOL_SUM:
        if (k->w != 1 || k->h != 1 || padded || k->upscale != ETHOSU_UPSCALE_NONE)
            return ethosu_ops_fail(err, errlen, "REDUCE_SUM needs a 1x1 kernel, no padding, no upscale");
        if (ofm->c != 1)
            return ethosu_ops_fail(err, errlen, "REDUCE_SUM OFM depth must be 1, not %u",
                                   (unsigned)ofm->c);
        return 0;
    }
    if (ofm->c != ifm->c)
        return ethosu_ops_fail(err, errlen, "pooling OFM depth %u differs from IFM depth %u",
                               (unsigned)ofm->c, (unsigned)ifm->c);
    return 0;
}

/* s / n: towards zero in TRUNCATE mode, else half away from zero (as
 * TensorFlow Lite's AveragePool, also under the NATURAL mode Vela programs
 * for it: the corpus's avgpool_3x3_same needs -24.5 -> -25). */
static int64_t div_round(int64_t s, int64_t n, enum ethosu_rounding r)
{
    if (r == ETHOSU_ROUND_TRUNCATE)
        return s / n;
    return s >= 0 ? (s + n / 2) / n : -((-s + n / 2) / n);
}

/* Division of 0 <= u < 2^31 by 1 <= n <= 2^13 as (u * m) >> 45, m =
 * floor(2^45 / n) + 1: the product overshoots u / n by less than
 * u / 2^45 < 2^-14, and u / n is at least 1/n >= 2^-13 below the next
 * integer, so the floor is exact. */
struct recip {
    uint64_t m;
    uint32_t n;
};

static struct recip recip_of(uint32_t n)
{
    struct recip d = { (UINT64_C(1) << 45) / n + 1, n };
    return d;
}

static int32_t udiv(uint32_t u, const struct recip *d)
{
    return (int32_t)(((unsigned __int128)u * d->m) >> 45);
}

/* div_round(s, n, r) for |s| < 2^30 (a narrow pool's sum: up to 2^13
 * taps of 2^17). */
static int64_t div_round_by(int32_t s, const struct recip *d, enum ethosu_rounding r)
{
    uint32_t u = (uint32_t)(s < 0 ? -s : s) + (r == ETHOSU_ROUND_TRUNCATE ? 0 : d->n / 2);
    int32_t q = udiv(u, d);
    return s < 0 ? -q : q;
}

/* The pooled value of channel ch from its window's sum, maximum and count. */
static int64_t pooled(enum ethosu_pool_mode mode, int padded, int64_t acc, int64_t best, int64_t count, uint32_t ch,
                      const struct ethosu_channel_scale *cs, const struct ethosu_global_scale *gs,
                      const struct ethosu_output_stage *os)
{
    if (mode == ETHOSU_POOL_MAX) {
        int64_t v = count ? best : 0;
        return gs ? ethosu_ops_round_shift((__int128)v * gs->scale, gs->shift, os->rounding, 31) : v;
    }
    if (mode == ETHOSU_POOL_AVERAGE && (padded || (!gs && !cs)))
        return count ? div_round(acc, count, os->rounding) : 0;
    if (gs)
        return ethosu_ops_round_shift((__int128)acc * gs->scale, gs->shift, os->rounding, 31);
    if (cs)
        return ethosu_out_scale(acc + cs->bias[ch], cs->scale[ch], cs->shift[ch], os->rounding);
    return acc;
}

int ethosu_op_pool_check(enum ethosu_pool_mode mode, const struct ethosu_fmap *ifm, const struct ethosu_kernel *k,
                         const struct ethosu_channel_scale *cs, const struct ethosu_global_scale *ofm_scale,
                         const struct ethosu_output_stage *os, const struct ethosu_fmap *ofm, char *err,
                         size_t errlen)
{
    return check(mode, ifm, k, cs, ofm_scale, os, ofm, 0, err, errlen);
}

int ethosu_op_pool(enum ethosu_pool_mode mode, const struct ethosu_fmap *ifm,
                   const struct ethosu_kernel *k, const struct ethosu_channel_scale *cs,
                   const struct ethosu_global_scale *gs, const struct ethosu_output_stage *os,
                   struct ethosu_fmap *ofm, char *err, size_t errlen)
{
    if (check(mode, ifm, k, cs, gs, os, ofm, 1, err, errlen))
        return -1;
    int padded = k->pad_top || k->pad_left || k->pad_bottom || k->pad_right;
    struct ethosu_out_clamp oc;
    ethosu_out_clamp_init(&oc, os, ofm->type, ofm->zero_point);
    if (mode == ETHOSU_POOL_SUM) {   /* one value per pixel: the sum over its channels */
        for (uint32_t y = 0; y < ofm->h; y++)
            for (uint32_t x = 0; x < ofm->w; x++) {
                int64_t acc = 0;
                for (uint32_t i = 0; i < ifm->c; i++) {
                    int inside;
                    acc += ethosu_ops_ifm_at(ifm, k->upscale, (int64_t)y * k->stride_y, (int64_t)x * k->stride_x, i,
                                             &inside);
                }
                ofm->values[(size_t)y * ofm->w + x] =
                    ethosu_out_clamp_apply(&oc, pooled(mode, padded, acc, 0, 1, 0, cs, gs, os));
            }
        return 0;
    }
    /* MAX / AVERAGE: a window position is inside or not for every channel
     * alike, so each tap adds a whole pixel's channels (contiguous in NHWC).
     * 8/16-bit values minus a 17-bit zero point stay within 2^17, so up to 2^13
     * taps sum in int32 (loops that vectorize); else int64. */
    uint32_t c = ofm->c, up = k->upscale != ETHOSU_UPSCALE_NONE ? 2u : 1u;
    uint32_t th = ethosu_kernel_taps_y(k), tw = ethosu_kernel_taps_x(k), ushift = up == 2 ? 1u : 0u;
    int narrow = ifm->type != ETHOSU_INT32 && (uint64_t)th * tw <= 8192u && ifm->zero_point >= -65536 &&
                 ifm->zero_point <= 65536;   /* |value - zp| within 2^17 */
    int64_t hu = (int64_t)ifm->h * up, wu = (int64_t)ifm->w * up;
    int64_t *restrict acc = malloc(2 * (size_t)c * sizeof *acc);
    int32_t *restrict acc32 = malloc(2 * (size_t)c * sizeof *acc32);
    if (!acc || !acc32) {
        free(acc);
        free(acc32);
        return ethosu_ops_fail(err, errlen, "out of memory for %u channels", (unsigned)c);
    }
    int64_t *restrict best = acc + c;
    int32_t *restrict best32 = acc32 + c;
    int32_t zp = ifm->zero_point;
    for (uint32_t y = 0; y < ofm->h; y++)
        for (uint32_t x = 0; x < ofm->w; x++) {
            int64_t y0 = (int64_t)y * k->stride_y - k->pad_top;
            int64_t x0 = (int64_t)x * k->stride_x - k->pad_left;
            int64_t count = 0;
            for (uint32_t ch = 0; narrow && ch < c; ch++) {
                acc32[ch] = 0;
                best32[ch] = INT32_MIN;
            }
            for (uint32_t ch = 0; !narrow && ch < c; ch++) {
                acc[ch] = 0;
                best[ch] = INT64_MIN;
            }
            for (uint32_t ky = 0; ky < th; ky++)
                for (uint32_t kx = 0; kx < tw; kx++) {
                    int64_t yy = y0 + (int64_t)ky * k->dilation_y, xx = x0 + (int64_t)kx * k->dilation_x;
                    if (yy < 0 || xx < 0 || yy >= hu || xx >= wu)
                        continue;
                    count++;
                    if (k->upscale == ETHOSU_UPSCALE_ZEROS && ((yy | xx) & 1)) {
                        for (uint32_t ch = 0; ch < c; ch++) {   /* an inserted zero point: 0 */
                            best[ch] = best[ch] > 0 ? best[ch] : 0;
                            best32[ch] = best32[ch] > 0 ? best32[ch] : 0;
                        }
                        continue;
                    }
                    /* yy, xx >= 0 here: halving by a shift (up is 1 or 2), no division per tap */
                    const int32_t *restrict src =
                        ifm->values + (((size_t)yy >> ushift) * ifm->w + ((size_t)xx >> ushift)) * ifm->c;
                    /* a max pool needs only the maxima, an average only the sums */
                    if (narrow && mode == ETHOSU_POOL_MAX) {
                        for (uint32_t ch = 0; ch < c; ch++) {
                            int32_t a = src[ch] - zp;
                            best32[ch] = a > best32[ch] ? a : best32[ch];
                        }
                    } else if (narrow) {
                        for (uint32_t ch = 0; ch < c; ch++)
                            acc32[ch] += src[ch] - zp;
                    } else {
                        for (uint32_t ch = 0; ch < c; ch++) {
                            int64_t a = (int64_t)src[ch] - zp;
                            acc[ch] += a;
                            best[ch] = a > best[ch] ? a : best[ch];
                        }
                    }
                }
            int32_t *out = ofm->values + ((size_t)y * ofm->w + x) * c;
            if (narrow && count && mode == ETHOSU_POOL_AVERAGE && (padded || (!gs && !cs))) {
                /* the average: a division by the pixel's count, as a multiply */
                struct recip d = recip_of((uint32_t)count);
                for (uint32_t ch = 0; ch < c; ch++)
                    out[ch] = ethosu_out_clamp_apply(&oc, div_round_by(acc32[ch], &d, os->rounding));
            } else if (narrow && count && mode == ETHOSU_POOL_MAX && !gs) {
                for (uint32_t ch = 0; ch < c; ch++)   /* the maximum as it is */
                    out[ch] = ethosu_out_clamp_apply(&oc, best32[ch]);
            } else if (narrow)
                for (uint32_t ch = 0; ch < c; ch++)
                    out[ch] = ethosu_out_clamp_apply(
                        &oc, pooled(mode, padded, acc32[ch], count ? best32[ch] : INT64_MIN, count, ch, cs, gs, os));
            else
                for (uint32_t ch = 0; ch < c; ch++)
                    out[ch] = ethosu_out_clamp_apply(&oc, pooled(mode, padded, acc[ch], best[ch], count, ch, cs, gs, os));
        }
    free(acc32);
    free(acc);
    return 0;
}
