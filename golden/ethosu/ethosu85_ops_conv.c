/* ethosu85_ops_conv: the Ethos-U85 convolution, depth-wise convolution and
 * matrix multiply accumulate halves (NPU_OP_CONV, NPU_OP_DEPTHWISE,
 * NPU_OP_CONV with weights_ifm2).
 *
 * The window arithmetic is the U65's (ethosu_ops_conv.c: the dilated
 * kernel extent, padding reads the IFM zero point, the 2x2 upscales); the
 * bias moved to the output half (ethosu85_ops_output.c), so an operation
 * that keeps its accumulators (acc_output DISABLE, then acc_input KEEP)
 * adds partial sums without the bias twice.
 *
 * Matrix multiply: Vela 5.2 lowers BATCH_MATMUL to a transpose (a pool
 * writing the right-hand matrix HCW, so it is stored 1 x N x K) and an
 * NPU_OP_CONV with weights_ifm2 = 1, 1x1 kernel, IFM2 = that 1 x N x K
 * tensor, OFM_PRECISION scale_mode GLOBAL: acc[y][x][n] = sum_k (ifm[y][x][k]
 * - ifm_zp) * (ifm2[0][n][k] - ifm2_zp). The corpus's batch_matmul (12x20
 * by 20x16, IFM2 zero point -17) is bit exact with OFM_SCALE after it. */
#include "ethosu85_ops.h"
#include "ethosu85_ops_util.h"
#include "ethosu_ops_conv_fast.h"
#include "ethosu_ops_util.h"

/* The U85's kernel registers take any 16-bit extent: Vela 5.2 keeps a
 * depth-wise 96x1 whole (the corpus's ViT block); strides above 3 it
 * decomposes, as the U65's. */
#define ETHOSU85_MAX_KERNEL 65536u

static int check_common(const struct ethosu_fmap *ifm, const void *weights,
                        const struct ethosu_kernel *k, const struct ethosu85_acc *acc, char *err,
                        size_t errlen)
{
    if (ethosu_ops_check_input(ifm, "IFM", err, errlen) || ethosu_ops_check_kernel(k, ETHOSU85_MAX_KERNEL, err, errlen))
        return -1;
    if (ifm->type == ETHOSU_INT32)
        return ethosu_ops_fail(err, errlen, "convolution IFM must be 8 or 16 bit, not int32");
    if (!weights)
        return ethosu_ops_fail(err, errlen, "weights missing");
    if (!acc)
        return ethosu_ops_fail(err, errlen, "accumulators missing");
    return 0;
}

/* The sums of a convolution (depthwise 0) or depth-wise one into acc. From
 * reset the prepared layout's sums are written whole (no clear of the
 * accumulators first, nothing to saturate after); else they are added to
 * acc_input's, or the per-window sums are when the prepared layout does not
 * apply. */
static int conv_sums(const struct ethosu_fmap *ifm, const int32_t *weights, const struct ethosu_kernel *k,
                     int depthwise, const struct ethosu85_acc_in *in, struct ethosu85_acc *acc, char *err,
                     size_t errlen)
{
    acc->sums_i32 = 0;
    int reset = !in || in->input == ETHOSU85_ACC_RESET;
    if (reset && acc->values) {
        struct ethosu_conv_sink sink = { NULL, NULL, NULL, acc->values, 0 };
        if (!ethosu_ops_conv_fast(ifm, weights, k, depthwise, acc->h, acc->w, acc->c, &sink)) {
            acc->sums_i32 = 1;
            return 0;
        }
    }
    if (ethosu85_ops_acc_begin(in, acc, acc->h, acc->w, acc->c, err, errlen))
        return -1;
    struct ethosu_conv_sink sink = { NULL, NULL, NULL, acc->values, 1 };
    if (!reset && !ethosu_ops_conv_fast(ifm, weights, k, depthwise, acc->h, acc->w, acc->c, &sink))
        return 0;
    for (uint32_t y = 0; y < acc->h; y++)
        for (uint32_t x = 0; x < acc->w; x++)
            for (uint32_t o = 0; o < acc->c; o++)
                acc->values[((size_t)y * acc->w + x) * acc->c + o] +=
                    depthwise ? ethosu_ops_depthwise_window(ifm, weights, k, y, x, o)
                              : ethosu_ops_conv_window(ifm, weights, k, y, x, o);
    return 0;
}

int ethosu85_conv_acc(const struct ethosu_fmap *ifm, const int32_t *weights,
                      const struct ethosu_kernel *k, const struct ethosu85_acc_in *in,
                      struct ethosu85_acc *acc, char *err, size_t errlen)
{
    if (check_common(ifm, weights, k, acc, err, errlen))
        return -1;
    return conv_sums(ifm, weights, k, 0, in, acc, err, errlen);
}

int ethosu85_depthwise_acc(const struct ethosu_fmap *ifm, const int32_t *weights,
                           const struct ethosu_kernel *k, const struct ethosu85_acc_in *in,
                           struct ethosu85_acc *acc, char *err, size_t errlen)
{
    if (check_common(ifm, weights, k, acc, err, errlen))
        return -1;
    if (acc->c != ifm->c)   /* before the accumulators are touched */
        return ethosu_ops_fail(err, errlen, "depth-wise OFM depth %u differs from IFM depth %u",
                               (unsigned)acc->c, (unsigned)ifm->c);
    return conv_sums(ifm, weights, k, 1, in, acc, err, errlen);
}

int ethosu85_matmul_acc(const struct ethosu_fmap *ifm, const struct ethosu_fmap *ifm2,
                        const struct ethosu85_acc_in *in, struct ethosu85_acc *acc, char *err,
                        size_t errlen)
{
    if (ethosu_ops_check_input(ifm, "IFM", err, errlen) ||
        ethosu_ops_check_input(ifm2, "IFM2", err, errlen))
        return -1;
    if (!acc)
        return ethosu_ops_fail(err, errlen, "accumulators missing");
    if (ethosu85_ops_acc_begin(in, acc, acc->h, acc->w, acc->c, err, errlen))
        return -1;
    if (ifm->type == ETHOSU_INT32 || ifm2->type == ETHOSU_INT32)
        return ethosu_ops_fail(err, errlen, "matmul operands must be 8 or 16 bit");
    if (ifm2->h != 1 || ifm2->w != acc->c || ifm2->c != ifm->c)
        return ethosu_ops_fail(err, errlen, "IFM2 %ux%ux%u is not 1 x OFM depth (%u) x IFM depth (%u)",
                               (unsigned)ifm2->h, (unsigned)ifm2->w, (unsigned)ifm2->c,
                               (unsigned)acc->c, (unsigned)ifm->c);
    if (acc->h != ifm->h || acc->w != ifm->w)
        return ethosu_ops_fail(err, errlen, "matmul OFM %ux%u differs from IFM %ux%u",
                               (unsigned)acc->h, (unsigned)acc->w, (unsigned)ifm->h, (unsigned)ifm->w);
    for (uint32_t y = 0; y < acc->h; y++)
        for (uint32_t x = 0; x < acc->w; x++) {
            const int32_t *a = ifm->values + ((size_t)y * ifm->w + x) * ifm->c;
            for (uint32_t n = 0; n < acc->c; n++) {
                const int32_t *b = ifm2->values + (size_t)n * ifm2->c;
                int64_t sum = 0;
                for (uint32_t i = 0; i < ifm->c; i++)
                    sum += ((int64_t)a[i] - ifm->zero_point) * ((int64_t)b[i] - ifm2->zero_point);
                acc->values[((size_t)y * acc->w + x) * acc->c + n] += sum;
            }
        }
    return 0;
}
