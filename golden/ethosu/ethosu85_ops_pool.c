/* ethosu85_ops_pool: the Ethos-U85 pooling accumulate half (NPU_OP_POOL:
 * MAX, AVERAGE, REDUCE_SUM, SUM, NONE, MIN, ARGMAX_X, ARGMAX_Y).
 *
 * Checked against TensorFlow Lite's reference through Vela 5.2's listings
 * (ethos-u85-256, a Python transcription of these rules on the corpus
 * inputs, all elements equal): avgpool_3x3_same (AVERAGE with padding: the
 * sum over the positions inside the IFM divided by their count, half away
 * from zero, then OFM_SCALE 2^30 >> 30 NATURAL), avgpool_2x2,
 * cov_average_pool_2d_i8 (an 11x11 average: Vela uses SUM, kernels above
 * 8x8, with OFM_SCALE = 1/121 NATURAL), maxpool_3x3_s2 (MAX, padding
 * never wins), cov_reduce_min_i8 (MIN over H then W), arg_max (ARGMAX_X
 * over 40 values, ties: the first index, OFM_SCALE 1 >> 16
 * TRUNCATE_TO_LOWER). Vela maps TFLite's int8 LEAKY_RELU / TANH /
 * LOGISTIC to a 1x1 SUM with the LUT in the output half. Inferred:
 * REDUCE_SUM (the U65's channel sum; bit exact inside the corpus
 * softmax), NONE (the accumulator input only: Vela 5.2 programs an int32
 * TRANSPOSE as POOL NONE with acc_input IFM2, the tensor as IFM2 and an
 * unused int8 IFM at the same address),
 * ARGMAX_Y (ARGMAX_X along y), the 16 low bits of an ARGMAX accumulator
 * (0 here; the >> 16 floors them away whatever they are). */
#include "ethosu85_ops.h"
#include "ethosu85_ops_util.h"
#include "ethosu_ops_util.h"

static int64_t div_round(int64_t s, int64_t n, enum ethosu85_round_mode r)
{
    if (r == ETHOSU85_ROUND_TRUNCATE_TO_ZERO)
        return s / n;
    if (r == ETHOSU85_ROUND_TRUNCATE_TO_LOWER)
        return s >= 0 ? s / n : -((-s + n - 1) / n);
    return s >= 0 ? (s + n / 2) / n : -((-s + n / 2) / n);
}

static int check(enum ethosu85_pool_mode mode, const struct ethosu_fmap *ifm,
                 const struct ethosu_kernel *k, enum ethosu85_round_mode r,
                 const struct ethosu85_acc *acc, char *err, size_t errlen)
{
    if ((unsigned)mode > ETHOSU85_POOL_ARGMAX_Y)
        return ethosu_ops_fail(err, errlen, "pooling_mode %u reserved", (unsigned)mode);
    if ((unsigned)r > ETHOSU85_ROUND_TRUNCATE_TO_LOWER)
        return ethosu_ops_fail(err, errlen, "OFM round_mode %u reserved", (unsigned)r);
    if (!acc)
        return ethosu_ops_fail(err, errlen, "accumulators missing");
    if (mode == ETHOSU85_POOL_NONE)
        return 0;
    if (ethosu_ops_check_input(ifm, "IFM", err, errlen) || ethosu_ops_check_kernel(k, 65536, err, errlen))
        return -1;
    int padded = k->pad_top || k->pad_left || k->pad_bottom || k->pad_right;
    if (mode == ETHOSU85_POOL_AVERAGE && (k->w > 8 || k->h > 8))
        return ethosu_ops_fail(err, errlen, "AVERAGE kernel %ux%u above 8x8 (Vela uses SUM)",
                               (unsigned)k->w, (unsigned)k->h);
    if (mode == ETHOSU85_POOL_REDUCE_SUM) {
        if (k->w != 1 || k->h != 1 || padded || k->upscale != ETHOSU_UPSCALE_NONE)
            return ethosu_ops_fail(err, errlen, "REDUCE_SUM needs a 1x1 kernel, no padding, no upscale");
        if (acc->c != 1)
            return ethosu_ops_fail(err, errlen, "REDUCE_SUM OFM depth must be 1, not %u", (unsigned)acc->c);
    } else if (acc->c != ifm->c) {
        return ethosu_ops_fail(err, errlen, "pooling OFM depth %u differs from IFM depth %u",
                               (unsigned)acc->c, (unsigned)ifm->c);
    }
    return 0;
}

int ethosu85_pool_acc(enum ethosu85_pool_mode mode, const struct ethosu_fmap *ifm,
                      const struct ethosu_kernel *k, enum ethosu85_round_mode ofm_round,
                      const struct ethosu85_acc_in *in, struct ethosu85_acc *acc, char *err,
                      size_t errlen)
{
    if (check(mode, ifm, k, ofm_round, acc, err, errlen) ||
        ethosu85_ops_acc_begin(in, acc, acc->h, acc->w, acc->c, err, errlen))
        return -1;
    if (mode == ETHOSU85_POOL_NONE)
        return 0;
    uint32_t tw = ethosu_kernel_taps_x(k), th = ethosu_kernel_taps_y(k);
    for (uint32_t y = 0; y < acc->h; y++)
        for (uint32_t x = 0; x < acc->w; x++) {
            int64_t y0 = (int64_t)y * k->stride_y - k->pad_top;
            int64_t x0 = (int64_t)x * k->stride_x - k->pad_left;
            for (uint32_t ch = 0; ch < acc->c; ch++) {
                int64_t sum = 0, best = 0, count = 0, at = 0, v;
                int inside;
                if (mode == ETHOSU85_POOL_REDUCE_SUM) {
                    for (uint32_t i = 0; i < ifm->c; i++)
                        sum += ethosu_ops_ifm_at(ifm, k->upscale, y0, x0, i, &inside);
                    acc->values[((size_t)y * acc->w + x) * acc->c + ch] += sum;
                    continue;
                }
                for (uint32_t ky = 0; ky < th; ky++)
                    for (uint32_t kx = 0; kx < tw; kx++) {
                        int64_t a = ethosu_ops_ifm_at(ifm, k->upscale, y0 + (int64_t)ky * k->dilation_y,
                                                      x0 + (int64_t)kx * k->dilation_x, ch, &inside);
                        if (!inside)
                            continue;
                        sum += a;
                        int better = mode == ETHOSU85_POOL_MIN ? a < best : a > best;
                        if (!count || better) {
                            best = a;
                            at = mode == ETHOSU85_POOL_ARGMAX_Y ? ky : kx;
                        }
                        count++;
                    }
                switch (mode) {
                case ETHOSU85_POOL_MAX:
                case ETHOSU85_POOL_MIN: v = best; break;
                case ETHOSU85_POOL_AVERAGE: v = count ? div_round(sum, count, ofm_round) : 0; break;
                case ETHOSU85_POOL_ARGMAX_X:
                case ETHOSU85_POOL_ARGMAX_Y: v = at * 65536; break;
                case ETHOSU85_POOL_SUM:
                default: v = sum; break;
                }
                acc->values[((size_t)y * acc->w + x) * acc->c + ch] += v;
            }
        }
    return 0;
}
