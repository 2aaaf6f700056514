/* ethosu85_fwd_decode: the Ethos-U85 fast weight format's reader (format in ethosu85_fwd.h,
 * as Vela 5.2's mlw_codec ml_encode_fwd writes it). */
#include <stdarg.h>
#include <stdio.h>

#include "ethosu85_fwd.h"
#include "ethosu_ops_util.h"


/* len bits from stream bit pos (the caller keeps pos + len within the buffer). */
static unsigned get_bits(const uint8_t *buf, size_t pos, unsigned len)
{
    unsigned v = 0;
    for (unsigned i = 0; i < len; i++, pos++)
        v |= (unsigned)((buf[pos >> 3] >> (pos & 7)) & 1u) << i;
    return v;
}

static int16_t code_to_weight(unsigned c)
{
    return (int16_t)((c & 1u) ? -(int)(c >> 1) : (int)(c >> 1));
}

unsigned ethosu85_fwd_weight_bits(enum ethosu85_fwd_mode mode)
{
    switch (mode) {
    case ETHOSU85_FWD_LUT2:
        return 2;
    case ETHOSU85_FWD_RAW:
        return 8;
    default:
        return 4;
    }
}

int ethosu85_fwd_parse_header(const uint8_t *buf, size_t len, struct ethosu85_fwd_header *h,
                              char *err, size_t errlen)
{
    if (!buf || !h)
        return ethosu_ops_fail(err, errlen, "fwd: NULL buffer or header");
    if (len < ETHOSU85_FWD_HEADER_BITS / 8)
        return ethosu_ops_fail(err, errlen, "fwd: stream of %zu bytes is shorter than its 32-byte header",
                    len);
    unsigned raw = get_bits(buf, 0, 1), lut2 = get_bits(buf, 1, 1);
    if (raw && lut2)
        return ethosu_ops_fail(err, errlen, "fwd: header sets both RAW and LUT2");
    for (size_t b = 2; b < 104; b++)
        if (get_bits(buf, b, 1))
            return ethosu_ops_fail(err, errlen, "fwd: reserved header bit %zu set", b);
    h->mode = raw ? ETHOSU85_FWD_RAW : lut2 ? ETHOSU85_FWD_LUT2 : ETHOSU85_FWD_LUT4;
    unsigned za = get_bits(buf, 104, 8);
    h->zero_adjust = za >= 128 ? (int)za - 256 : (int)za;
    for (unsigned i = 0; i < ETHOSU85_FWD_LUT_SIZE; i++)
        h->lut[i] = code_to_weight(get_bits(buf, 112 + 9 * (size_t)i, 9));
    return 0;
}

int ethosu85_fwd_decode(const uint8_t *buf, size_t len, size_t n, int16_t *out, char *err,
                        size_t errlen)
{
    struct ethosu85_fwd_header h;
    if (ethosu85_fwd_parse_header(buf, len, &h, err, errlen))
        return -1;
    if (n && !out)
        return ethosu_ops_fail(err, errlen, "fwd: NULL output");
    const unsigned bits = ethosu85_fwd_weight_bits(h.mode);
    /* header + n weights must fit: compare in weights, no product to overflow */
    size_t room = (len - ETHOSU85_FWD_HEADER_BITS / 8) * 8 / bits;
    if (room < n)
        return ethosu_ops_fail(err, errlen, "fwd: stream of %zu bytes holds %zu %u-bit weights, %zu needed",
                    len, room, bits, n);
    size_t pos = ETHOSU85_FWD_HEADER_BITS;
    for (size_t i = 0; i < n; i++, pos += bits) {
        unsigned v = get_bits(buf, pos, bits);
        if (h.mode == ETHOSU85_FWD_RAW)
            out[i] = (int16_t)((v >= 128 ? (int)v - 256 : (int)v) - h.zero_adjust);
        else
            out[i] = h.lut[v];
    }
    return 0;
}
