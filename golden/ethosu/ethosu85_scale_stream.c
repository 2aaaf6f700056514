/* ethosu85_scale_stream: the Ethos-U85 scale and bias records (layouts in
 * ethosu85_scale_stream.h; Vela 5.2's EthosU85WeightEncoder::EncodeScales picks the layout from
 * the operation's accumulator type, which it also writes to NPU_SET_ACC_FORMAT, so the register
 * alone tells a reader which one it holds). */
#include <stdarg.h>
#include <stdio.h>

#include "ethosu85_scale_stream.h"
#include "ethosu_ops_util.h"


/* Bias width in bits of the layout. */
static unsigned bias_bits(unsigned acc_format) { return acc_format == ETHOSU85_ACC_I32 ? 32u : 48u; }

/* Sign-extend the low `bits` bits of v without shifting a negative value. */
static int64_t sign_extend(uint64_t v, unsigned bits)
{
    uint64_t top = UINT64_C(1) << (bits - 1);
    v &= (top << 1) - 1;
    return (int64_t)(v ^ top) - (int64_t)top;
}

int ethosu85_scale_stream_parse(const uint8_t *buf, size_t len, uint32_t n, unsigned acc_format,
                                int64_t *bias, uint32_t *scale, uint8_t *shift, char *err,
                                size_t errlen)
{
    if ((!buf && n) || (n && (!bias || !scale || !shift)))
        return ethosu_ops_fail(err, errlen, "scale stream: NULL buffer or output array");
    if (acc_format != ETHOSU85_ACC_I32 && acc_format != ETHOSU85_ACC_I48)
        return ethosu_ops_fail(err, errlen, "scale stream: acc_format %u is neither I32 (0) nor I48 (1)",
                    acc_format);
    if (len / ETHOSU85_SCALE_RECORD_BYTES < n)
        return ethosu_ops_fail(err, errlen, "scale stream of %zu bytes holds %zu records, %u needed", len,
                    len / ETHOSU85_SCALE_RECORD_BYTES, (unsigned)n);
    const unsigned bb = bias_bits(acc_format);
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *r = buf + (size_t)i * ETHOSU85_SCALE_RECORD_BYTES;
        /* Both layouts keep bit 63 (scale's top), bits 79:70 zero. */
        if ((r[7] & 0x80) || (r[8] & 0xC0) || r[9])
            return ethosu_ops_fail(err, errlen,
                        "scale stream record %u: reserved bits set (byte 7 0x%02x, byte 8 0x%02x, "
                        "byte 9 0x%02x)",
                        (unsigned)i, r[7], r[8], r[9]);
        uint64_t lo = 0; /* bits 63:0 */
        for (unsigned k = 0; k < 8; k++)
            lo |= (uint64_t)r[k] << (8 * k);
        bias[i] = sign_extend(lo, bb);
        scale[i] = (uint32_t)(lo >> bb) & ((UINT32_C(1) << (63 - bb)) - 1);
        shift[i] = r[8] & 0x3F;
    }
    return 0;
}

int ethosu85_scale_record_encode(unsigned acc_format, int64_t bias, uint32_t scale, uint8_t shift,
                                 uint8_t rec[10])
{
    if (!rec || (acc_format != ETHOSU85_ACC_I32 && acc_format != ETHOSU85_ACC_I48) || shift > 63)
        return -1;
    const unsigned bb = bias_bits(acc_format);
    const int64_t half = INT64_C(1) << (bb - 1);
    if (bias < -half || bias >= half || scale >= (UINT32_C(1) << (63 - bb)))
        return -1;
    uint64_t lo = ((uint64_t)bias & ((UINT64_C(1) << bb) - 1)) | (uint64_t)scale << bb;
    for (unsigned k = 0; k < 8; k++)
        rec[k] = (uint8_t)(lo >> (8 * k));
    rec[8] = shift;
    rec[9] = 0;
    return 0;
}

uint32_t ethosu85_scale_record_count(uint32_t ofm_depth, uint32_t ublk_depth)
{
    if (!ofm_depth || !ublk_depth)
        return 0;
    uint64_t g = ((uint64_t)ublk_depth + 15) / 16 * 16;
    uint64_t n = ((uint64_t)ofm_depth + g - 1) / g * g;
    return n > UINT32_MAX ? 0 : (uint32_t)n;
}
