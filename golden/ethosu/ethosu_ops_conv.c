/* ethosu_ops_conv: the Ethos-U65 convolution and depth-wise convolution
 * (NPU_OP_CONV, NPU_OP_DEPTHWISE) on dense NHWC stripes.
 *
 * acc[o] = bias[o] + sum over the window of (ifm - ifm_zp) * weight, then
 * the output stage (ethosu_ops_output.c) with scale[o] / shift[o] - the
 * same sum TensorFlow Lite's reference Conv2D / DepthwiseConv2D compute,
 * with Vela's weights already offset by the weight zero point.
 *
 * Decisions where the TRM says too little:
 * - KERNEL_WIDTH_M1 / HEIGHT_M1 + 1 is the dilated extent (Vela programs
 *   5x5 for a 3x3 kernel with dilation 2, corpus conv_3x3_dilated_valid);
 *   the taps are (extent - 1) / dilation + 1 and the weights are the
 *   undilated taps. The window of OFM (y, x) starts at (y * stride_y -
 *   pad_top, x * stride_x - pad_left) of the upscaled IFM, tap (ky, kx) at
 *   + (ky * dilation_y, kx * dilation_x). Every position outside the
 *   upscaled IFM reads the IFM zero point (contributes 0), whether or not
 *   it lies within pad_bottom / pad_right: the pad registers only say how
 *   far the hardware may read, the value is the same.
 * - Upscale doubles height and width: NEAREST repeats each value 2x2;
 *   ZEROS puts the value at (2y, 2x) and the IFM zero point at the other
 *   three positions (a transposed convolution's inserted zeros).
 * - The accumulator is kept exact in 64 bits (the TRM's 32-bit / 40-bit
 *   accumulators never overflow for kernels within its limits).
 * - Kernel limits checked: width/height 1..65536 (the KERNEL_*_M1
 *   registers; Vela 5.2 keeps a depth-wise 96x1 whole for the U55/U65 as
 *   for the U85: the TRM tables' 64 is no limit of its streams), stride 1..3, dilation 1..2,
 *   pads 0..127 top/left and 0..128 bottom/right (TRM 4.8 tables and the
 *   IFM_PAD registers); upscale needs stride 1. Weights are not range
 *   checked (the weight decoder gives -255..255). */
#include <stdlib.h>

#include "ethosu_ops.h"
#include "ethosu_ops_conv_fast.h"
#include "ethosu_ops_out_clamp.h"
#include "ethosu_ops_util.h"

int ethosu_ops_check_kernel(const struct ethosu_kernel *k, uint32_t max_kernel, char *err,
                            size_t errlen)
{
    if (!k)
        return ethosu_ops_fail(err, errlen, "kernel parameters missing");
    if (k->w < 1 || k->h < 1 || k->w > max_kernel || k->h > max_kernel)
        return ethosu_ops_fail(err, errlen, "kernel %ux%u outside 1..%u", (unsigned)k->w,
                               (unsigned)k->h, (unsigned)max_kernel);
    if (k->stride_x < 1 || k->stride_x > 3 || k->stride_y < 1 || k->stride_y > 3)
        return ethosu_ops_fail(err, errlen, "stride %ux%u outside 1..3", (unsigned)k->stride_x,
                               (unsigned)k->stride_y);
    if (k->dilation_x < 1 || k->dilation_x > 2 || k->dilation_y < 1 || k->dilation_y > 2)
        return ethosu_ops_fail(err, errlen, "dilation %ux%u outside 1..2",
                               (unsigned)k->dilation_x, (unsigned)k->dilation_y);
    if (k->pad_top > 127 || k->pad_left > 127 || k->pad_bottom > 128 || k->pad_right > 128)
        return ethosu_ops_fail(err, errlen, "padding t%u l%u b%u r%u outside 0..127 / 0..128",
                               (unsigned)k->pad_top, (unsigned)k->pad_left,
                               (unsigned)k->pad_bottom, (unsigned)k->pad_right);
    if (k->upscale != ETHOSU_UPSCALE_NONE && k->upscale != ETHOSU_UPSCALE_NEAREST &&
        k->upscale != ETHOSU_UPSCALE_ZEROS)
        return ethosu_ops_fail(err, errlen, "IFM_UPSCALE mode %d reserved", (int)k->upscale);
    if (k->upscale != ETHOSU_UPSCALE_NONE && (k->stride_x != 1 || k->stride_y != 1))
        return ethosu_ops_fail(err, errlen, "a 2x2 IFM upscale needs stride 1x1");
    if ((k->w - 1) % k->dilation_x || (k->h - 1) % k->dilation_y)
        return ethosu_ops_fail(err, errlen, "dilated kernel %ux%u is not (taps - 1) * dilation + 1",
                               (unsigned)k->w, (unsigned)k->h);
    return 0;
}

uint32_t ethosu_kernel_taps_x(const struct ethosu_kernel *k)
{
    return k->dilation_x ? (k->w - 1) / k->dilation_x + 1 : k->w;
}

uint32_t ethosu_kernel_taps_y(const struct ethosu_kernel *k)
{
    return k->dilation_y ? (k->h - 1) / k->dilation_y + 1 : k->h;
}

int64_t ethosu_ops_ifm_at(const struct ethosu_fmap *ifm, enum ethosu_upscale up, int64_t y,
                          int64_t x, uint32_t ch, int *inside)
{
    int64_t h = ifm->h, w = ifm->w;
    if (up != ETHOSU_UPSCALE_NONE) {
        h *= 2;
        w *= 2;
    }
    if (y < 0 || x < 0 || y >= h || x >= w) {
        *inside = 0;
        return 0;
    }
    *inside = 1;
    if (up == ETHOSU_UPSCALE_ZEROS && ((y | x) & 1))
        return 0;
    if (up != ETHOSU_UPSCALE_NONE) {
        y /= 2;
        x /= 2;
    }
    return (int64_t)ifm->values[((size_t)y * ifm->w + (size_t)x) * ifm->c + ch] - ifm->zero_point;
}

static int check_common(uint16_t opcode, const struct ethosu_fmap *ifm, const void *weights,
                        const struct ethosu_kernel *k, const struct ethosu_channel_scale *cs,
                        const struct ethosu_output_stage *os, const struct ethosu_fmap *ofm,
                        char *err, size_t errlen)
{
    if (ethosu_ops_check_input(ifm, "IFM", err, errlen) ||
        ethosu_ops_check_output(ofm, err, errlen) ||
        ethosu_ops_check_kernel(k, 65536, err, errlen) ||
        ethosu_ops_check_output_stage(os, ofm->type, err, errlen))
        return -1;
    if (ethosu_ops_check_types(ethosu_op_rule_find(opcode, 0), ifm->type, ofm->type, err, errlen))
        return -1;
    if (!weights)
        return ethosu_ops_fail(err, errlen, "weights missing");
    if (!cs || !cs->bias || !cs->scale || !cs->shift)
        return ethosu_ops_fail(err, errlen, "scale stream (bias/scale/shift) missing");
    if (cs->n < ofm->c)
        return ethosu_ops_fail(err, errlen, "scale stream has %u channels, OFM depth is %u",
                               (unsigned)cs->n, (unsigned)ofm->c);
    for (uint32_t o = 0; o < ofm->c; o++) {
        if (cs->shift[o] > 63)
            return ethosu_ops_fail(err, errlen, "channel %u: shift %u outside 6 bits", (unsigned)o,
                                   (unsigned)cs->shift[o]);
        if (cs->bias[o] < -(INT64_C(1) << 39) || cs->bias[o] >= (INT64_C(1) << 39))
            return ethosu_ops_fail(err, errlen, "channel %u: bias outside 40 bits", (unsigned)o);
    }
    return 0;
}

/* Scale acc of channel o and run the output stage into ofm value i. */
static int finish(int64_t acc, uint32_t o, size_t i, const struct ethosu_channel_scale *cs,
                  const struct ethosu_output_stage *os, struct ethosu_fmap *ofm, char *err,
                  size_t errlen)
{
    (void)err;
    (void)errlen;   /* the output stage was checked once (check_common) */
    int64_t v = ethosu_scale(acc + cs->bias[o], cs->scale[o], cs->shift[o], os->rounding);
    ofm->values[i] = ethosu_ops_output_checked(v, os, ofm->type, ofm->zero_point);
    return 0;
}

/* Every accumulator at once over the prepared layout (ethosu_ops_conv_fast.c),
 * then the output stage per element; 1 when it does not apply (the caller
 * takes the per-window path, the same numbers). */
static int finish_fast(const struct ethosu_fmap *ifm, const int32_t *weights, const struct ethosu_kernel *k,
                       int depthwise, const struct ethosu_channel_scale *cs, const struct ethosu_output_stage *os,
                       struct ethosu_fmap *ofm)
{
    struct ethosu_out_clamp oc;
    ethosu_out_clamp_init(&oc, os, ofm->type, ofm->zero_point);
    struct ethosu_chan_scale *chs = malloc((ofm->c ? ofm->c : 1) * sizeof *chs);
    if (!chs)
        return 1;
    for (uint32_t o = 0; o < ofm->c; o++)
        ethosu_chan_scale_init(&chs[o], cs->bias[o], cs->scale[o], cs->shift[o], os->rounding);
    struct ethosu_conv_sink sink = { ofm->values, chs, &oc, NULL, 0 };
    int rc = ethosu_ops_conv_fast(ifm, weights, k, depthwise, ofm->h, ofm->w, ofm->c, &sink);
    free(chs);
    return rc;
}

int64_t ethosu_ops_conv_window(const struct ethosu_fmap *ifm, const int32_t *weights,
                               const struct ethosu_kernel *k, uint32_t y, uint32_t x, uint32_t o)
{
    uint32_t tw = ethosu_kernel_taps_x(k), th = ethosu_kernel_taps_y(k);
    int64_t y0 = (int64_t)y * k->stride_y - k->pad_top;
    int64_t x0 = (int64_t)x * k->stride_x - k->pad_left;
    int64_t acc = 0;
    for (uint32_t ky = 0; ky < th; ky++)
        for (uint32_t kx = 0; kx < tw; kx++) {
            const int32_t *wp = weights + (((size_t)o * th + ky) * tw + kx) * ifm->c;
            for (uint32_t i = 0; i < ifm->c; i++) {
                int inside;
                int64_t a = ethosu_ops_ifm_at(ifm, k->upscale, y0 + (int64_t)ky * k->dilation_y,
                                              x0 + (int64_t)kx * k->dilation_x, i, &inside);
                acc += a * wp[i];
            }
        }
    return acc;
}

int64_t ethosu_ops_depthwise_window(const struct ethosu_fmap *ifm, const int32_t *weights,
                                    const struct ethosu_kernel *k, uint32_t y, uint32_t x,
                                    uint32_t ch)
{
    uint32_t tw = ethosu_kernel_taps_x(k), th = ethosu_kernel_taps_y(k);
    int64_t y0 = (int64_t)y * k->stride_y - k->pad_top;
    int64_t x0 = (int64_t)x * k->stride_x - k->pad_left;
    int64_t acc = 0;
    for (uint32_t ky = 0; ky < th; ky++)
        for (uint32_t kx = 0; kx < tw; kx++) {
            int inside;
            int64_t a = ethosu_ops_ifm_at(ifm, k->upscale, y0 + (int64_t)ky * k->dilation_y,
                                          x0 + (int64_t)kx * k->dilation_x, ch, &inside);
            acc += a * weights[((size_t)ch * th + ky) * tw + kx];
        }
    return acc;
}

int ethosu_op_conv(const struct ethosu_fmap *ifm, const int32_t *weights,
                   const struct ethosu_kernel *k, const struct ethosu_channel_scale *cs,
                   const struct ethosu_output_stage *os, struct ethosu_fmap *ofm, char *err,
                   size_t errlen)
{
    if (check_common(ETHOSU_NPU_OP_CONV, ifm, weights, k, cs, os, ofm, err, errlen))
        return -1;
    if (!finish_fast(ifm, weights, k, 0, cs, os, ofm))
        return 0;
    for (uint32_t y = 0; y < ofm->h; y++)
        for (uint32_t x = 0; x < ofm->w; x++)
            for (uint32_t o = 0; o < ofm->c; o++)
                if (finish(ethosu_ops_conv_window(ifm, weights, k, y, x, o), o,
                           ((size_t)y * ofm->w + x) * ofm->c + o, cs, os, ofm, err, errlen))
                    return -1;
    return 0;
}

int ethosu_op_depthwise(const struct ethosu_fmap *ifm, const int32_t *weights,
                        const struct ethosu_kernel *k, const struct ethosu_channel_scale *cs,
                        const struct ethosu_output_stage *os, struct ethosu_fmap *ofm, char *err,
                        size_t errlen)
{
    if (check_common(ETHOSU_NPU_OP_DEPTHWISE, ifm, weights, k, cs, os, ofm, err, errlen))
        return -1;
    if (ofm->c != ifm->c)
        return ethosu_ops_fail(err, errlen, "depth-wise OFM depth %u differs from IFM depth %u",
                               (unsigned)ofm->c, (unsigned)ifm->c);
    if (!finish_fast(ifm, weights, k, 1, cs, os, ofm))
        return 0;
    for (uint32_t y = 0; y < ofm->h; y++)
        for (uint32_t x = 0; x < ofm->w; x++)
            for (uint32_t ch = 0; ch < ofm->c; ch++)
                if (finish(ethosu_ops_depthwise_window(ifm, weights, k, y, x, ch), ch,
                           ((size_t)y * ofm->w + x) * ofm->c + ch, cs, os, ofm, err, errlen))
                    return -1;
    return 0;
}
