/* ethosu85_ops_scale: the Ethos-U85 scaling unit (NPU_SET_OFM_SCALE,
 * NPU_SET_IFM_SCALE, NPU_SET_IFM2_SCALE and the per-channel records) and
 * the accumulator helpers.
 *
 * Source: the rounding terms are the ones Vela 5.2's graph optimiser uses
 * when it folds a constant the way the NPU would (graphir_optimiser.cpp,
 * Scale()); the register fields are ethos_u85_interface.hpp's.
 * The result is (x * scale + r) >> shift, an arithmetic (floor) shift.
 *
 * Why DOUBLE_SYMMETRIC with dbl_rnd 0 is TensorFlow Lite's
 * MultiplyByQuantizedMultiplier(x, M, e) with shift = 31 - e, p = x * M:
 *   - e >= 0 (shift <= 31): TFLite computes SRDHM(x * 2^e, M) =
 *     floor((p * 2^e + 2^30) / 2^31) (its nudge 1 - 2^30 for negative
 *     products plus truncation towards zero is the same floor) =
 *     floor((p + 2^(shift-1)) / 2^shift): NATURAL, and D = 0 here.
 *   - e < 0 (n = -e, shift = 31 + n): q = floor((p + 2^30) / 2^31), then
 *     RoundingDivideByPOT(q, n) = floor((q + 2^(n-1) - (q < 0)) / 2^n).
 *     Joining the floors: floor((p + 2^30 + 2^(30+n) - (q < 0) 2^31) /
 *     2^shift), i.e. r = 2^(shift-1) + 2^30 for p >= 0 and 2^(shift-1) -
 *     2^30 for p < 0: D = 2^30 on the product's sign (x's, scale >= 0).
 * dbl_rnd = L moves the first rounding to 2^(30-L): TFLite's ADD/SUB scale
 * x << L (L = 20 for 8 bit, 15 for 16 bit) before that multiply, and Vela
 * programs the shift L lower instead (corpus add_two_inputs, i16_add
 * agree bit for bit). */
#include "ethosu85_ops.h"
#include "ethosu_ops_util.h"

int ethosu85_scale_check(const struct ethosu85_scale *s, const char *name, char *err,
                         size_t errlen)
{
    if (!s)
        return ethosu_ops_fail(err, errlen, "%s missing", name);
    if (s->scale > 0x7FFFFFFFu)
        return ethosu_ops_fail(err, errlen, "%s: scale 0x%x above 31 bits", name,
                               (unsigned)s->scale);
    if (s->shift > 63)
        return ethosu_ops_fail(err, errlen, "%s: shift %u above 63", name, s->shift);
    if (s->dbl_rnd > 30)
        return ethosu_ops_fail(err, errlen, "%s: dbl_rnd %u above 30", name, s->dbl_rnd);
    if ((unsigned)s->round_mode > ETHOSU85_ROUND_TRUNCATE_TO_LOWER)
        return ethosu_ops_fail(err, errlen, "%s: round_mode %u reserved", name,
                               (unsigned)s->round_mode);
    return 0;
}


/* The same in int64 for |x| < 2^30 and shift <= 62 (every output stage of
 * an 8/16-bit network): |x * scale| < 2^62, the rounding term below 2^62,
 * their sum within int64, the negative floor taken on its magnitude
 * unsigned. */
static int64_t scale_apply64(int64_t x, uint32_t scale, unsigned shift, unsigned dbl, enum ethosu85_round_mode m)
{
    int64_t p = x * (int64_t)scale, r = 0;
    if (shift > 0) {
        int64_t half = INT64_C(1) << (shift - 1);
        int64_t d = shift > 31 - dbl ? INT64_C(1) << (30 - dbl) : 0;
        switch (m) {
        case ETHOSU85_ROUND_NATURAL: r = half; break;
        case ETHOSU85_ROUND_SYMMETRIC: r = half - (x < 0); break;
        case ETHOSU85_ROUND_DOUBLE_ASYMMETRIC: r = half + d; break;
        case ETHOSU85_ROUND_TRUNCATE_TO_ZERO: r = x >= 0 ? 0 : (INT64_C(1) << shift) - 1; break;
        case ETHOSU85_ROUND_TRUNCATE_TO_LOWER: r = 0; break;
        case ETHOSU85_ROUND_DOUBLE_SYMMETRIC:
        default: r = x >= 0 ? half + d : half - d; break;
        }
    }
    int64_t v = p + r;
    if (v >= 0)
        return v >> shift;
    return -(int64_t)(((uint64_t)-v + ((UINT64_C(1) << shift) - 1)) >> shift);
}

int64_t ethosu85_scale_apply(int64_t x, const struct ethosu85_scale *s)
{
    unsigned shift = s->shift > 63 ? 63 : s->shift;
    unsigned dbl = s->dbl_rnd > 30 ? 30 : s->dbl_rnd;
    if (shift <= 62 && x < (INT64_C(1) << 30) && x > -(INT64_C(1) << 30))
        return scale_apply64(x, s->scale, shift, dbl, s->round_mode);
    __int128 p = (__int128)x * s->scale;
    __int128 r = 0;
    if (shift > 0) {
        __int128 half = (__int128)1 << (shift - 1);
        __int128 d = shift > 31 - dbl ? (__int128)1 << (30 - dbl) : 0;
        switch (s->round_mode) {
        case ETHOSU85_ROUND_NATURAL: r = half; break;
        case ETHOSU85_ROUND_SYMMETRIC: r = half - (x < 0); break;
        case ETHOSU85_ROUND_DOUBLE_ASYMMETRIC: r = half + d; break;
        case ETHOSU85_ROUND_TRUNCATE_TO_ZERO: r = x >= 0 ? 0 : ((__int128)1 << shift) - 1; break;
        case ETHOSU85_ROUND_TRUNCATE_TO_LOWER: r = 0; break;
        case ETHOSU85_ROUND_DOUBLE_SYMMETRIC:
        default: r = x >= 0 ? half + d : half - d; break;
        }
    }
    __int128 v = ethosu_ops_floor_shift(p + r, shift);
    if (v > INT64_MAX)
        return INT64_MAX;
    if (v < INT64_MIN)
        return INT64_MIN;
    return (int64_t)v;
}

void ethosu85_acc_saturate(struct ethosu85_acc *acc, enum ethosu85_acc_format f)
{
    if (acc->sums_i32)
        return;
    int64_t hi = f == ETHOSU85_ACC_I48 ? (INT64_C(1) << 47) - 1 : INT32_MAX;
    int64_t lo = -hi - 1;
    size_t n = (size_t)acc->h * acc->w * acc->c;
    for (size_t i = 0; i < n; i++)
        acc->values[i] = acc->values[i] < lo ? lo : acc->values[i] > hi ? hi : acc->values[i];
}

int ethosu85_acc_from_fmap(const struct ethosu_fmap *fm, struct ethosu85_acc *acc, char *err,
                           size_t errlen)
{
    if (ethosu_ops_check_input(fm, "IFM2", err, errlen))
        return -1;
    if (!acc || !acc->values)
        return ethosu_ops_fail(err, errlen, "accumulators missing");
    if (fm->h != acc->h || fm->w != acc->w || fm->c != acc->c)
        return ethosu_ops_fail(err, errlen, "IFM2 %ux%ux%u is not the accumulators' %ux%ux%u",
                               (unsigned)fm->h, (unsigned)fm->w, (unsigned)fm->c,
                               (unsigned)acc->h, (unsigned)acc->w, (unsigned)acc->c);
    size_t n = (size_t)fm->h * fm->w * fm->c;
    for (size_t i = 0; i < n; i++)
        acc->values[i] = (int64_t)fm->values[i] - fm->zero_point;
    return 0;
}
