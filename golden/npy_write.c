/* npy_write: see npy.h. The header is the one numpy writes: the dict
 * literal padded with spaces and a newline so the data starts on a 64-byte
 * boundary. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "npy.h"

#define MAGIC_AND_LEN 10u   /* \x93NUMPY, version 1.0, 2-byte header length */

int npy_format(const struct npy_array *a, uint8_t **out, size_t *out_len, char *err, size_t errlen)
{
    *out = NULL;
    *out_len = 0;
    if (a->ndim > NPY_MAX_DIMS || !a->descr[0] || strchr(a->descr, '\'')) {
        snprintf(err, errlen, "npy: cannot write descr '%s' with %u dimensions", a->descr, a->ndim);
        return -1;
    }
    if (a->count && a->elem_size && a->bytes / a->elem_size != a->count) {
        snprintf(err, errlen, "npy: %zu data bytes for %" PRIu64 " elements of %u bytes", a->bytes, a->count,
                 a->elem_size);
        return -1;
    }
    char shape[NPY_MAX_DIMS * 24 + 4];
    size_t at = 0;
    shape[0] = 0;
    for (unsigned i = 0; i < a->ndim; i++)
        at += (size_t)snprintf(shape + at, sizeof shape - at, "%s%" PRIu64, i ? ", " : "", a->shape[i]);
    if (a->ndim == 1)
        snprintf(shape + at, sizeof shape - at, ",");   /* (n,): a tuple, not a parenthesised number */
    char dict[sizeof shape + 96];
    int n = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", a->descr, shape);
    size_t header = MAGIC_AND_LEN + (size_t)n + 1;   /* + the newline */
    size_t pad = (64 - header % 64) % 64;
    size_t hl = (size_t)n + pad + 1;
    if (hl > UINT16_MAX || a->bytes > SIZE_MAX - header - pad) {
        snprintf(err, errlen, "npy: header or data too large");
        return -1;
    }
    size_t total = header + pad + a->bytes;
    uint8_t *b = malloc(total ? total : 1);
    if (!b) {
        snprintf(err, errlen, "npy: out of memory for %zu bytes", total);
        return -1;
    }
    const uint8_t pre[MAGIC_AND_LEN] = { 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (uint8_t)(hl & 0xFF), (uint8_t)(hl >> 8) };
    memcpy(b, pre, sizeof pre);
    memcpy(b + MAGIC_AND_LEN, dict, (size_t)n);
    memset(b + MAGIC_AND_LEN + n, ' ', pad);
    b[header + pad - 1] = '\n';
    if (a->bytes)
        memcpy(b + header + pad, a->data, a->bytes);
    *out = b;
    *out_len = total;
    return 0;
}

int npy_save(const char *path, const struct npy_array *a, char *err, size_t errlen)
{
    uint8_t *img;
    size_t len;
    if (npy_format(a, &img, &len, err, errlen))
        return -1;
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        free(img);
        return -1;
    }
    size_t put = fwrite(img, 1, len, f);
    free(img);
    int failed = put != len || ferror(f);   /* a write that failed before the last flush */
    int werr = errno;
    if (fclose(f) || failed) {
        if (!failed)
            werr = errno;
        remove(path);   /* no partial file left that looks like a dump */
        snprintf(err, errlen, "%s: %s (the partial file is removed)", path, strerror(werr ? werr : EIO));
        return -1;
    }
    return 0;
}
