/* ethosu_npy_dump: see ethosu_npy_dump.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_npy_dump.h"

int ethosu_npy_write(const char *path, const int32_t *v, uint32_t h, uint32_t w, uint32_t c, unsigned elem_bytes,
                     int is_signed, char *err, size_t len)
{
    const char *descr = elem_bytes == 1 ? (is_signed ? "|i1" : "|u1")
                        : elem_bytes == 2 ? (is_signed ? "<i2" : "<u2") : "<i4";
    char dict[160];
    int n = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (1, %u, %u, %u), }", descr,
                     h, w, c);
    /* magic (6) + version (2) + header length (2) + dict, padded with spaces and a
     * newline to a multiple of 64 bytes */
    size_t total = 10 + (size_t)n + 1;
    size_t pad = (64 - total % 64) % 64;
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, len, "%s: %s", path, strerror(errno));
        return -1;
    }
    uint16_t hl = (uint16_t)(n + pad + 1);
    unsigned char pre[10] = { 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(hl & 0xFF),
                              (unsigned char)(hl >> 8) };
    fwrite(pre, 1, sizeof pre, f);
    fwrite(dict, 1, (size_t)n, f);
    for (size_t i = 0; i < pad; i++)
        fputc(' ', f);
    fputc('\n', f);
    size_t count = (size_t)h * w * c;
    unsigned char buf[4];
    for (size_t i = 0; i < count; i++) {
        uint32_t u = (uint32_t)v[i];
        for (unsigned k = 0; k < elem_bytes; k++)
            buf[k] = (unsigned char)(u >> (8 * k));
        fwrite(buf, 1, elem_bytes, f);
    }
    int failed = ferror(f);   /* a write that failed before the last flush */
    if (fclose(f) || failed) {
        snprintf(err, len, "%s: %s", path, strerror(errno ? errno : EIO));
        return -1;
    }
    return 0;
}
