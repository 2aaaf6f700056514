/* ethosu_scale_stream: the Ethos-U65 scale and bias stream records (10
 * bytes per OFM channel; layout in ethosu_scale_stream.h, as Vela's
 * weight_compressor.py packs them: bias in bytes 0-4, scale in 5-8, shift in
 * the low 6 bits of byte 9). Records are read in OFM channel order; for
 * the two-core Ethos-U65-512 the twin parses SCALE and SCALE1 separately. */
#include <stdarg.h>
#include <stdio.h>

#include "ethosu_scale_stream.h"

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

int ethosu_scale_stream_parse(const uint8_t *buf, size_t len, uint32_t n, int64_t *bias,
                              uint32_t *scale, uint8_t *shift, char *err, size_t errlen)
{
    if ((!buf && n) || (n && (!bias || !scale || !shift)))
        return fail(err, errlen, "scale stream: NULL buffer or output array");
    if (len / ETHOSU_SCALE_RECORD_BYTES < n)
        return fail(err, errlen, "scale stream of %zu bytes holds %zu records, %u needed", len,
                    len / ETHOSU_SCALE_RECORD_BYTES, (unsigned)n);
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *r = buf + (size_t)i * ETHOSU_SCALE_RECORD_BYTES;
        if (r[9] & 0xC0)
            return fail(err, errlen, "scale stream record %u: reserved bits 79:78 set (0x%02x)",
                        (unsigned)i, r[9]);
        uint64_t b = 0;
        for (unsigned k = 0; k < 5; k++)
            b |= (uint64_t)r[k] << (8 * k);
        /* sign-extend 40 bits without shifting a negative value */
        bias[i] = (int64_t)(b ^ (UINT64_C(1) << 39)) - (INT64_C(1) << 39);
        scale[i] = (uint32_t)r[5] | (uint32_t)r[6] << 8 | (uint32_t)r[7] << 16 |
                   (uint32_t)r[8] << 24;
        shift[i] = r[9] & 0x3F;
    }
    return 0;
}

int ethosu_scale_record_encode(int64_t bias, uint32_t scale, uint8_t shift, uint8_t rec[10])
{
    if (!rec || bias < -(INT64_C(1) << 39) || bias >= (INT64_C(1) << 39) || shift > 63)
        return -1;
    uint64_t b = (uint64_t)bias;
    for (unsigned k = 0; k < 5; k++)
        rec[k] = (uint8_t)(b >> (8 * k));
    for (unsigned k = 0; k < 4; k++)
        rec[5 + k] = (uint8_t)(scale >> (8 * k));
    rec[9] = shift;
    return 0;
}
