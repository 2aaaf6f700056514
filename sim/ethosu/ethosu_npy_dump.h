/* ethosu_npy_dump: an OFM written as a numpy .npy file (format version
 * 1.0: magic, header dict, raw little-endian data), shape (1, h, w, c),
 * dtype int8/uint8/int16/uint16/int32 from the element size and sign: what
 * ETHOSU_DUMP=1 leaves per kernel operation, so numpy.load can diff it. */
#ifndef ETHOSU_NPY_DUMP_H
#define ETHOSU_NPY_DUMP_H

#include <stddef.h>
#include <stdint.h>

/* v: h * w * c values (dense NHWC), each truncated to elem_bytes. 0, or -1
 * with the reason in err. */
int ethosu_npy_write(const char *path, const int32_t *v, uint32_t h, uint32_t w, uint32_t c, unsigned elem_bytes,
                     int is_signed, char *err, size_t len);

#endif
