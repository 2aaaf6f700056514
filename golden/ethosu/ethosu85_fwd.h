/* ethosu85_fwd: the Ethos-U85 "fast" weight format (NPU_SET_WEIGHT_FORMAT
 * weight_format = FWD): its decoder (ethosu85_fwd_decode.c) and encoder
 * (ethosu85_fwd_encode.c). Pure C11.
 *
 * Bits are read as in the standard format (ethosu_mlw.h): stream bit 8k + j is bit j of byte
 * k, every field least significant bit first. A FWD stream is one 256-bit header, then the
 * weights, then zero bits up to a multiple of 256 bits:
 *
 *   bit 0        RAW      1: weights are 8-bit raw values
 *   bit 1        LUT2     1: weights are 2-bit palette indices (RAW must be 0)
 *   bits 2..103  zero
 *   bits 104..111 ZADJ    signed 8 bit: raw weight = (int8_t)byte - ZADJ
 *   bits 112..255 LUT     16 entries of 9 bits, entry 0 first, each a sign-magnitude code
 *                         (c >> 1, negative when c & 1, as in the standard format)
 *
 * With neither flag the weights are 4-bit palette indices. The stream does not say how many
 * weights it holds: the reader takes the count from the weight order (ethosu85_weight_order.h).
 * A stream holds the whole operation's weights (Vela writes FWD as one stream, WEIGHT0, even
 * on a configuration with several cores: ethosu85_weight_order interleaves the cores). */
#ifndef ETHOSU85_FWD_H
#define ETHOSU85_FWD_H

#include <stddef.h>
#include <stdint.h>

#define ETHOSU85_FWD_HEADER_BITS 256u
#define ETHOSU85_FWD_ALIGN_BYTES 32u
#define ETHOSU85_FWD_LUT_SIZE 16u

enum ethosu85_fwd_mode { ETHOSU85_FWD_LUT4, ETHOSU85_FWD_LUT2, ETHOSU85_FWD_RAW };

struct ethosu85_fwd_header {
    enum ethosu85_fwd_mode mode;
    int zero_adjust;                    /* ZADJ, -128..127 */
    int16_t lut[ETHOSU85_FWD_LUT_SIZE]; /* the palette as weights, -255..255 */
};

/* Bits per weight of a mode: 4, 2 or 8. */
unsigned ethosu85_fwd_weight_bits(enum ethosu85_fwd_mode mode);

/* Parse the header of the stream at buf (len bytes). 0, or -1 with a one-line reason in err:
 * shorter than 32 bytes, both flags set, a reserved bit set. */
int ethosu85_fwd_parse_header(const uint8_t *buf, size_t len, struct ethosu85_fwd_header *h,
                              char *err, size_t errlen);

/* Decode the first n weights of the stream into out[n]. 0, or -1 with a one-line reason in
 * err (a bad header, a stream shorter than its header plus n weights). Bits after the n-th
 * weight are not looked at (they are the 256-bit padding, or weights past the count). */
int ethosu85_fwd_decode(const uint8_t *buf, size_t len, size_t n, int16_t *out, char *err,
                        size_t errlen);

/* The inverse (for tests and round trips): n weights (-255..255) into buf (cap bytes), in the
 * mode Vela picks (LUT2 up to 4 distinct values, LUT4 up to 16, else RAW with the zero
 * adjustment that brings the range into int8; force_raw: RAW, as Vela writes sparse FWD).
 * Returns the bytes written (a multiple of 32), or -1 (a weight out of range, a RAW range
 * wider than 255, cap too small, NULL pointers). */
long ethosu85_fwd_encode(const int16_t *w, size_t n, int force_raw, uint8_t *buf, size_t cap);

#endif
