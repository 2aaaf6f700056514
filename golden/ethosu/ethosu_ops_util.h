/* ethosu_ops_util: the helpers the Ethos-U65 operation models share
 * (error messages, feature map checks, rounding shifts). Private to
 * golden/ethosu/ethosu_ops_*.c; the public API is ethosu_ops.h. */
#ifndef ETHOSU_OPS_UTIL_H
#define ETHOSU_OPS_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "ethosu_ops.h"

/* Formats the reason into err (when err is not NULL) and returns -1. */
int ethosu_ops_fail(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* 0 when fm is usable as an input called name: shape 1..65536 on every
 * axis, a known type, values not NULL and every value in the type's range,
 * the zero point in the type's range (0 for int32). Else -1 and a reason. */
int ethosu_ops_check_input(const struct ethosu_fmap *fm, const char *name, char *err,
                           size_t errlen);

/* The checks of ethosu_ops_check_input that need no values (values may be
 * NULL and are not read). */
int ethosu_ops_check_input_shape(const struct ethosu_fmap *fm, const char *name, char *err, size_t errlen);

/* The same for an OFM (values only needs to be non-NULL). */
int ethosu_ops_check_output(const struct ethosu_fmap *fm, char *err, size_t errlen);
/* Its checks that need no values (values may be NULL). */
int ethosu_ops_check_output_shape(const struct ethosu_fmap *fm, char *err, size_t errlen);

/* 0 when an IFM of type ifm and an OFM of type ofm are allowed by the
 * operation's rules (rule: ethosu_op_rule_find; NULL is a reserved mode):
 * ETHOSU_OPR_INT32_IFM / _INT32_ONLY, _SAME_TYPE, _OFM_NOT_UINT16. Else -1
 * and a reason naming the operation. */
int ethosu_ops_check_types(const struct ethosu_op_rule *rule, enum ethosu_dtype ifm, enum ethosu_dtype ofm,
                           char *err, size_t errlen);

/* 0 when the output stage is valid for an OFM of type t (rounding mode,
 * activation function and clip codes, min <= max, a LUT of the needed
 * length). Else -1 and a reason. */
int ethosu_ops_check_output_stage(const struct ethosu_output_stage *os, enum ethosu_dtype t,
                                  char *err, size_t errlen);

/* p / 2^s rounded as mode r says; the TFL mode rounds first (half up) at
 * bit tfl_bit when s > tfl_bit, then half away from zero for the rest (the
 * SaturatingRoundingDoublingHighMul + RoundingDivideByPOT pair on a value
 * that TensorFlow Lite had shifted left by 31 - tfl_bit). Saturates to the
 * int64 range. */
/* ethosu_output_value for an output stage ethosu_ops_check_output_stage
 * accepted (the operations check it once, not per element). */
int32_t ethosu_ops_output_checked(int64_t v, const struct ethosu_output_stage *os, enum ethosu_dtype ofm_type,
                                  int32_t ofm_zp);
int64_t ethosu_ops_round_shift(__int128 p, unsigned s, enum ethosu_rounding r, unsigned tfl_bit);

/* 0 when k is valid with kernel width/height up to max_kernel (stride,
 * dilation, padding, upscale ranges), else -1 and a reason. */
int ethosu_ops_check_kernel(const struct ethosu_kernel *k, uint32_t max_kernel, char *err,
                            size_t errlen);

/* The IFM value minus its zero point at (y, x, ch) of the upscaled IFM, or
 * 0 outside it (padding); *inside tells which. */
int64_t ethosu_ops_ifm_at(const struct ethosu_fmap *ifm, enum ethosu_upscale up, int64_t y,
                          int64_t x, uint32_t ch, int *inside);

/* The kernel window of OFM position (y, x): the sum of (IFM - zero point) *
 * weight over the taps (the dilated, strided, padded and upscaled window of
 * k). Output channel o of a convolution (weights OHWI over all IFM
 * channels), or channel ch of a depth-wise one (weights [ch][ky][kx]). The
 * U55/U65 and U85 convolutions share them. */
int64_t ethosu_ops_conv_window(const struct ethosu_fmap *ifm, const int32_t *weights,
                               const struct ethosu_kernel *k, uint32_t y, uint32_t x, uint32_t o);
int64_t ethosu_ops_depthwise_window(const struct ethosu_fmap *ifm, const int32_t *weights,
                                    const struct ethosu_kernel *k, uint32_t y, uint32_t x,
                                    uint32_t ch);

/* The hardwired 16-bit tanh / sigmoid on a value scaled so that 1.0 is
 * 3 * 4096 (ethosu_ops_sigmoid.c); results in Q0.15. */
int64_t ethosu_ops_tanh16(int64_t v);
int64_t ethosu_ops_sigmoid16(int64_t v);

/* v within [lo, hi]. */
static inline int64_t ethosu_ops_clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* A little-endian value of 1 to 4 bytes (the LUT entries). */
static inline uint32_t ethosu_ops_read_le(const uint8_t *p, unsigned bytes)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

/* floor(p / 2^s), by shifts of non-negative values only (no 128-bit
 * division: the output stages run it once per element) */
static inline __int128 ethosu_ops_floor_shift(__int128 p, unsigned s)
{
    if (p >= 0)
        return p >> s;
    __int128 d = (__int128)1 << s;
    return -((-p + d - 1) >> s);
}

#endif
