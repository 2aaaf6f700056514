/* ethosu_ops_conv_fast: the convolution and depth-wise convolution sums
 * (the accumulators before bias and output stage) over a layout prepared
 * once per operation, for the U55/U65 and U85 golden operations.
 *
 * The sums are the ones ethosu_ops_conv_window / _depthwise_window give,
 * bit for bit; only the order of the additions differs, which integer
 * addition does not see. Prepared once: the IFM minus its zero point as
 * int16, upscaled and padded with zeros (so the inner loops read no bounds),
 * channels rounded up to a multiple of 8; the weights as int16 in the order
 * the inner loop walks. Sums run in int32, which a bound proves exact (the
 * largest |IFM - zp| times each channel's sum of |weights| fits); when a
 * value does not fit int16 or the bound does not hold, the caller's exact
 * per-window path runs instead. */
#ifndef ETHOSU_OPS_CONV_FAST_H
#define ETHOSU_OPS_CONV_FAST_H

#include <stdint.h>

#include "ethosu_ops.h"
#include "ethosu_ops_out_clamp.h"

/* Where the sums go: with ofm set, through the output stage (chs: each
 * OFM channel's prepared scale, clamp: the output stage) into the OFM's
 * values; else into the int64 accumulators acc, added when accumulate. */
struct ethosu_conv_sink {
    int32_t *ofm;
    const struct ethosu_chan_scale *chs;
    const struct ethosu_out_clamp *clamp;
    int64_t *acc;
    int accumulate;
};

/* The sums of every output (y, x, o) of an oh x ow x oc OFM (dense NHWC)
 * into sink. depthwise: oc equals the IFM depth, weights [ch][ky][kx];
 * else weights [o][ky][kx][i]. Returns 0 done, 1 not applicable (values
 * outside int16, a sum that could leave int32, out of memory: nothing
 * written, the caller takes the exact path). The kernel is one
 * ethosu_ops_check_kernel accepted, the IFM one ethosu_ops_check_input
 * accepted (values and zero point within its type). */
int ethosu_ops_conv_fast(const struct ethosu_fmap *ifm, const int32_t *weights, const struct ethosu_kernel *k,
                         int depthwise, uint32_t oh, uint32_t ow, uint32_t oc, const struct ethosu_conv_sink *sink);

#endif
