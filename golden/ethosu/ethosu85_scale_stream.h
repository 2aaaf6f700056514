/* ethosu85_scale_stream: the Ethos-U85 scale and bias stream (NPU_SET_SCALE_BASE /
 * NPU_SET_SCALE_LENGTH; one stream whatever the number of cores) parsed into per OFM channel
 * bias, scale and shift arrays. Pure C11.
 *
 * One 10-byte record per OFM channel, little-endian, 80 bits. NPU_SET_ACC_FORMAT acc_format
 * selects the layout (Vela writes the I48 one for an operation whose accumulator is 48 bits:
 * 16-bit IFM convolutions and depth-wise convolutions, and any operation above 32 bits):
 *
 *   acc_format I32 (0)                    acc_format I48 (1)
 *     b[31:0]  bias  (signed 32 bit)        b[47:0]  bias  (signed 48 bit)
 *     b[62:32] scale (unsigned 31 bit)      b[62:48] scale (unsigned 15 bit)
 *     b[63]    zero                         b[63]    zero
 *     b[69:64] shift (unsigned 6 bit)       b[69:64] shift (unsigned 6 bit)
 *     b[79:70] zero                         b[79:70] zero
 *
 * Vela writes ceil(ofm_depth / g) * g records, g = the OFM microblock depth rounded up to a
 * multiple of 16 (ethosu85_scale_record_count); those past ofm_depth are all zero. The length
 * register is the record bytes rounded up to 16. */
#ifndef ETHOSU85_SCALE_STREAM_H
#define ETHOSU85_SCALE_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include "ethosu85_ops.h"

#define ETHOSU85_SCALE_RECORD_BYTES 10u

/* NPU_SET_ACC_FORMAT acc_format. */
/* enum ethosu85_acc_format: ethosu85_ops.h */

/* Parse n records (n = the operation's OFM depth) from buf (len bytes, at least 10 * n) in the
 * layout of acc_format into bias[n], scale[n], shift[n]. Returns 0, or -1 with a one-line reason
 * in err (when err is not NULL): NULL pointers, an acc_format other than I32/I48, a stream
 * shorter than n records, or a record with a reserved bit set (b[63], b[79:70]). */
int ethosu85_scale_stream_parse(const uint8_t *buf, size_t len, uint32_t n, unsigned acc_format,
                                int64_t *bias, uint32_t *scale, uint8_t *shift, char *err,
                                size_t errlen);

/* The inverse: one record into rec[10] (for tests and tools). bias must fit the layout's bias
 * width (32 or 48 bits, signed), scale its scale width (31 or 15 bits) and shift 6 bits;
 * returns 0 or -1. */
int ethosu85_scale_record_encode(unsigned acc_format, int64_t bias, uint32_t scale, uint8_t shift,
                                 uint8_t rec[10]);

/* Records Vela writes for ofm_depth channels with OFM microblock depth ublk_depth (8..64):
 * ofm_depth rounded up to a multiple of ublk_depth rounded up to 16. 0 for ofm_depth 0 or a
 * result that does not fit. */
uint32_t ethosu85_scale_record_count(uint32_t ofm_depth, uint32_t ublk_depth);

#endif
