/* ethosu85_fwd_encode: the Ethos-U85 fast weight format's writer (format in ethosu85_fwd.h).
 * Picks the mode as Vela 5.2 does: the palette holds the distinct values in the order they
 * first appear; 4 or fewer make LUT2, 16 or fewer LUT4, more RAW. For the tests' round trips. */
#include <limits.h>
#include <string.h>

#include "ethosu85_fwd.h"

static void put_bits(uint8_t *buf, size_t pos, unsigned len, unsigned v)
{
    for (unsigned i = 0; i < len; i++, pos++)
        if ((v >> i) & 1u)
            buf[pos >> 3] |= (uint8_t)(1u << (pos & 7));
}

static unsigned weight_to_code(int w)
{
    return w < 0 ? ((unsigned)(-w) << 1) | 1u : (unsigned)w << 1;
}

long ethosu85_fwd_encode(const int16_t *w, size_t n, int force_raw, uint8_t *buf, size_t cap)
{
    if ((!w && n) || !buf)
        return -1;
    int16_t lut[ETHOSU85_FWD_LUT_SIZE] = {0};
    unsigned used = 0;
    int use_lut = 1, lo = 0, hi = 0;
    for (size_t i = 0; i < n; i++) {
        if (w[i] < -255 || w[i] > 255)
            return -1;
        lo = i == 0 || w[i] < lo ? w[i] : lo;
        hi = i == 0 || w[i] > hi ? w[i] : hi;
        if (!use_lut)
            continue;
        unsigned k = 0;
        while (k < used && lut[k] != w[i])
            k++;
        if (k == used) {
            if (used == ETHOSU85_FWD_LUT_SIZE)
                use_lut = 0;
            else
                lut[used++] = w[i];
        }
    }
    enum ethosu85_fwd_mode mode =
        !use_lut ? ETHOSU85_FWD_RAW : used <= 4 ? ETHOSU85_FWD_LUT2 : ETHOSU85_FWD_LUT4;
    int za = 0;
    /* The adjustment comes with the analysis' own choice of RAW; RAW forced over a usable
     * palette (Vela's sparse FWD) keeps none. */
    if (mode == ETHOSU85_FWD_RAW) {
        if (n && hi - lo >= 256)
            return -1;
        if (lo < -128)
            za = -128 - lo;
        else if (hi > 127)
            za = 127 - hi;
    }
    if (force_raw)
        mode = ETHOSU85_FWD_RAW;
    if (mode == ETHOSU85_FWD_RAW && n && (lo + za < -128 || hi + za > 127))
        return -1;
    const unsigned bits = ethosu85_fwd_weight_bits(mode);
    size_t data_bits = n * bits; /* n <= SIZE_MAX / 8 checked below */
    if (n > SIZE_MAX / 8 - ETHOSU85_FWD_HEADER_BITS)
        return -1;
    size_t total = (ETHOSU85_FWD_HEADER_BITS + data_bits + 255) / 256 * 32;
    if (cap < total || total > (size_t)LONG_MAX)
        return -1;
    memset(buf, 0, total);
    put_bits(buf, 0, 1, mode == ETHOSU85_FWD_RAW);
    put_bits(buf, 1, 1, mode == ETHOSU85_FWD_LUT2);
    put_bits(buf, 104, 8, (unsigned)za & 0xFFu);
    /* the palette as analysed, RAW or not (Vela writes it whatever the mode) */
    for (unsigned k = 0; k < used; k++)
        put_bits(buf, 112 + 9 * (size_t)k, 9, weight_to_code(lut[k]));
    size_t pos = ETHOSU85_FWD_HEADER_BITS;
    for (size_t i = 0; i < n; i++, pos += bits) {
        unsigned v;
        if (mode == ETHOSU85_FWD_RAW) {
            v = (unsigned)(w[i] + za) & 0xFFu;
        } else {
            v = 0;
            while (lut[v] != w[i])
                v++;
        }
        put_bits(buf, pos, bits, v);
    }
    return (long)total;
}
