/* ethosu_npy_dump: see ethosu_npy_dump.h. The file format is golden/npy's
 * writer; this only packs the values to their element size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_npy_dump.h"
#include "npy.h"

int ethosu_npy_write(const char *path, const int32_t *v, uint32_t h, uint32_t w, uint32_t c, unsigned elem_bytes,
                     int is_signed, char *err, size_t len)
{
    struct npy_array a;
    npy_init(&a);
    snprintf(a.descr, sizeof a.descr, "%s", elem_bytes == 1 ? (is_signed ? "|i1" : "|u1")
                                            : elem_bytes == 2 ? (is_signed ? "<i2" : "<u2") : "<i4");
    a.elem_size = elem_bytes == 1 || elem_bytes == 2 ? elem_bytes : 4;
    a.is_signed = is_signed;
    a.ndim = 4;
    a.shape[0] = 1;
    a.shape[1] = h;
    a.shape[2] = w;
    a.shape[3] = c;
    a.count = (uint64_t)h * w * c;   /* at most 2^96: checked below against SIZE_MAX */
    if ((h && w && a.count / h / w != c) || a.count > SIZE_MAX / a.elem_size) {
        snprintf(err, len, "%s: %ux%ux%u elements do not fit in memory", path, h, w, c);
        return -1;
    }
    a.bytes = (size_t)a.count * a.elem_size;
    a.data = malloc(a.bytes ? a.bytes : 1);
    if (!a.data) {
        snprintf(err, len, "%s: out of memory", path);
        return -1;
    }
    for (size_t i = 0; i < a.count; i++) {
        uint32_t u = (uint32_t)v[i];
        for (unsigned k = 0; k < a.elem_size; k++)
            a.data[i * a.elem_size + k] = (uint8_t)(u >> (8 * k));
    }
    int rc = npy_save(path, &a, err, len);
    npy_free(&a);
    return rc;
}
