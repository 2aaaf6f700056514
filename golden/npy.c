/* npy: see npy.h. The header is a Python literal, parsed by hand for the
 * three keys numpy writes; anything else in it is refused, not guessed. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "checked_size.h"
#include "input_file.h"
#include "npy.h"

static const uint8_t MAGIC[6] = { 0x93, 'N', 'U', 'M', 'P', 'Y' };

void npy_init(struct npy_array *a)
{
    memset(a, 0, sizeof *a);
}

void npy_free(struct npy_array *a)
{
    free(a->data);
    npy_init(a);
}

static int fail(char *err, size_t errlen, const char *what, const char *reason)
{
    snprintf(err, errlen, "%s: %s", what, reason);
    return -1;
}

/* the value after 'key': in the dict text, or NULL */
static const char *value_of(const char *hdr, const char *key)
{
    char pat[32];
    snprintf(pat, sizeof pat, "'%s'", key);
    const char *p = strstr(hdr, pat);
    if (!p)
        return NULL;
    p += strlen(pat);
    while (*p == ' ')
        p++;
    if (*p != ':')
        return NULL;
    p++;
    while (*p == ' ')
        p++;
    return p;
}

static int parse_descr(const char *v, struct npy_array *a, char *reason, size_t rlen)
{
    if (*v != '\'' && *v != '"') {
        snprintf(reason, rlen, "descr is not a simple type string (a structured dtype?)");
        return -1;
    }
    char q = *v++;
    const char *end = strchr(v, q);
    if (!end || end - v >= (long)sizeof a->descr || end - v < 2) {
        snprintf(reason, rlen, "descr is not a type string like '<i4'");
        return -1;
    }
    memcpy(a->descr, v, (size_t)(end - v));
    a->descr[end - v] = '\0';
    char order = a->descr[0], kind = a->descr[1];
    if (kind == 'O') {
        snprintf(reason, rlen, "dtype '%s' is a pickled Python object, which is not read", a->descr);
        return -1;
    }
    char *tail;
    long size = strtol(a->descr + 2, &tail, 10);
    if (*tail || size <= 0 || size > 0x7fffffffL) {
        snprintf(reason, rlen, "dtype '%s' is not understood", a->descr);
        return -1;
    }
    if ((kind == 'S' || kind == 'V') && (order == '|' || order == '=')) {
        a->elem_size = (unsigned)size;
        a->is_bytes = 1;
        return 0;
    }
    if ((kind == 'f' || kind == 'c') && order != '>') {
        a->elem_size = (unsigned)size;
        a->is_float = 1;   /* refused by npy_parse unless the array is empty */
        return 0;
    }
    if ((kind != 'i' && kind != 'u') || (size != 1 && size != 2 && size != 4 && size != 8)) {
        snprintf(reason, rlen, "dtype '%s' is not an integer type of 1, 2, 4 or 8 bytes", a->descr);
        return -1;
    }
    if (order == '>' || (order != '<' && order != '|' && order != '=') || (order == '|' && size != 1)) {
        snprintf(reason, rlen, "dtype '%s' is not little-endian", a->descr);
        return -1;
    }
    a->elem_size = (unsigned)size;
    a->is_signed = kind == 'i';
    return 0;
}

static int parse_shape(const char *v, struct npy_array *a, char *reason, size_t rlen)
{
    if (*v != '(') {
        snprintf(reason, rlen, "shape is not a tuple");
        return -1;
    }
    v++;
    a->ndim = 0;
    a->count = 1;
    for (;;) {
        while (*v == ' ' || *v == ',')
            v++;
        if (*v == ')')
            return 0;
        if (!isdigit((unsigned char)*v)) {
            snprintf(reason, rlen, "shape has a non-number in it");
            return -1;
        }
        if (a->ndim == NPY_MAX_DIMS) {
            snprintf(reason, rlen, "shape has more than %d dimensions", NPY_MAX_DIMS);
            return -1;
        }
        char *end;
        errno = 0;
        unsigned long long d = strtoull(v, &end, 10);
        uint64_t count;
        if (errno || checked_mul_u64(a->count, d, &count) || count > UINT64_MAX / 8) {
            snprintf(reason, rlen, "shape is too large (its element count overflows 64 bits)");
            return -1;
        }
        a->shape[a->ndim++] = d;
        a->count = count;
        v = end;
    }
}

int npy_parse(const uint8_t *buf, size_t len, const char *what, struct npy_array *a, char *err, size_t errlen)
{
    npy_init(a);
    if (len < 10 || memcmp(buf, MAGIC, sizeof MAGIC))
        return fail(err, errlen, what, "not a .npy file (no \\x93NUMPY magic)");
    unsigned major = buf[6];
    size_t hlen, hstart;
    if (major == 1) {
        hlen = (size_t)buf[8] | (size_t)buf[9] << 8;
        hstart = 10;
    } else if (major == 2 || major == 3) {
        if (len < 12)
            return fail(err, errlen, what, "truncated in the header length");
        hlen = (size_t)buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 | (size_t)buf[11] << 24;
        hstart = 12;
    } else {
        char r[64];
        snprintf(r, sizeof r, "format version %u.%u is not 1.0, 2.0 or 3.0", major, buf[7]);
        return fail(err, errlen, what, r);
    }
    if (hlen > len - hstart)
        return fail(err, errlen, what, "truncated in the header");
    char *hdr = malloc(hlen + 1);
    if (!hdr)
        return fail(err, errlen, what, "out of memory");
    memcpy(hdr, buf + hstart, hlen);
    hdr[hlen] = '\0';
    char reason[160] = "";
    const char *d = value_of(hdr, "descr"), *f = value_of(hdr, "fortran_order"), *s = value_of(hdr, "shape");
    int rc = -1;
    if (!d || !f || !s)
        snprintf(reason, sizeof reason, "header lacks %s", !d ? "'descr'" : !f ? "'fortran_order'" : "'shape'");
    else if (parse_descr(d, a, reason, sizeof reason) || parse_shape(s, a, reason, sizeof reason))
        ;
    else if (a->is_float && a->count)
        snprintf(reason, sizeof reason, "dtype '%s' is floating point: only integer arrays are read (quantised "
                 "tensors)", a->descr);
    else if (!strncmp(f, "True", 4))
        snprintf(reason, sizeof reason, "the array is in Fortran order: only C order is read");
    else if (strncmp(f, "False", 5))
        snprintf(reason, sizeof reason, "fortran_order is neither True nor False");
    else
        rc = 0;
    free(hdr);
    if (rc)
        return fail(err, errlen, what, reason);
    size_t body = len - hstart - hlen;
    uint64_t need;
    size_t need_size;
    if (checked_mul_u64(a->count, a->elem_size, &need) || checked_size_t(need, &need_size)) {
        npy_init(a);
        return fail(err, errlen, what, "the shape is too large");
    }
    if (body < need) {
        snprintf(reason, sizeof reason, "truncated: the shape needs %llu bytes of data, the file has %zu",
                 (unsigned long long)need, body);
        npy_init(a);
        return fail(err, errlen, what, reason);
    }
    a->bytes = need_size;
    a->data = malloc(a->bytes ? a->bytes : 1);
    if (!a->data) {
        npy_init(a);
        return fail(err, errlen, what, "out of memory");
    }
    memcpy(a->data, buf + hstart + hlen, a->bytes);
    return 0;
}

int npy_load(const char *path, struct npy_array *a, char *err, size_t errlen)
{
    npy_init(a);
    uint8_t *buf;
    size_t len;
    if (input_file_read(path, 0, &buf, &len, err, errlen))
        return -1;
    int rc = npy_parse(buf, len, path, a, err, errlen);
    free(buf);
    return rc;
}

int64_t npy_get(const struct npy_array *a, uint64_t i)
{
    const uint8_t *p = a->data + i * a->elem_size;
    uint64_t v = 0;
    for (unsigned b = 0; b < a->elem_size; b++)
        v |= (uint64_t)p[b] << (8 * b);
    if (a->is_signed && a->elem_size < 8 && (v >> (8 * a->elem_size - 1)) & 1)
        v |= ~UINT64_C(0) << (8 * a->elem_size);
    return (int64_t)v;
}

void npy_describe(const struct npy_array *a, char *buf, size_t len)
{
    size_t at = 0;
    at += (size_t)snprintf(buf, len, "(");
    for (unsigned i = 0; i < a->ndim && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%llu", i ? ", " : "", (unsigned long long)a->shape[i]);
    if (at < len)
        snprintf(buf + at, len - at, "%s) %s", a->ndim == 1 ? "," : "", a->descr);
}
