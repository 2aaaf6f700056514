/* ethosu_scale_stream: the Ethos-U65 scale and bias stream (NPU_SET_SCALE_BASE
 * / NPU_SET_SCALE_LENGTH, and SCALE1_* for the second core) parsed into per
 * OFM channel bias, scale and shift arrays. Pure C11.
 *
 * One 10-byte record per OFM channel, little-endian, 80 bits:
 *   b[39:0]  bias  (signed 40 bit)
 *   b[71:40] scale (unsigned 32 bit)
 *   b[77:72] shift (unsigned 6 bit)
 *   b[79:78] zero */
#ifndef ETHOSU_SCALE_STREAM_H
#define ETHOSU_SCALE_STREAM_H

#include <stddef.h>
#include <stdint.h>

#define ETHOSU_SCALE_RECORD_BYTES 10u

/* Parse n records from buf (len bytes, at least 10 * n) into bias[n],
 * scale[n], shift[n]. Returns 0, or -1 with a one-line reason in err (when
 * err is not NULL): NULL pointers, a stream shorter than n records, or a
 * record whose two top bits are not zero. */
int ethosu_scale_stream_parse(const uint8_t *buf, size_t len, uint32_t n, int64_t *bias,
                              uint32_t *scale, uint8_t *shift, char *err, size_t errlen);

/* The inverse: one record into rec[10] (for tests and tools). bias must fit
 * 40 bits signed and shift 6 bits; returns 0 or -1. */
int ethosu_scale_record_encode(int64_t bias, uint32_t scale, uint8_t shift, uint8_t rec[10]);

#endif
