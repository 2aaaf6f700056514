/* npy: numpy's .npy format, read in C. A file is a magic string, a
 * version (1.0, 2.0 or 3.0: the header length is 2 or 4 bytes), a Python
 * dict literal ({'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), })
 * and the raw elements. Integer types |u1 |i1 <i2 <u2 <i4 <u4 <i8 <u8 in C
 * order are read, and byte strings (|S<n>, |V<n>: one element of n raw
 * bytes, as Vela stores cmd_data and weight_data); floats (unless empty:
 * Vela writes its empty lists as float64), big-endian, object (pickled) and
 * Fortran-order arrays are refused with a message naming the file. Used for the network
 * runner's inputs, expected outputs and the members of Vela's .npz; the
 * writer (npy_write.c) gives the twins' dumps the same format. */
#ifndef NPY_H
#define NPY_H

#include <stddef.h>
#include <stdint.h>

#define NPY_MAX_DIMS 8

struct npy_array {
    char descr[16];           /* "<i4", "|u1", "|S100000": as the header gives it (order, kind, up to 10 digits) */
    unsigned elem_size;       /* bytes per element: 1, 2, 4 or 8 (any for bytes) */
    int is_signed;
    int is_bytes;             /* |S<n> / |V<n>: raw bytes, not integers */
    int is_float;             /* an empty float array (no values) */
    unsigned ndim;            /* 0 for a scalar */
    uint64_t shape[NPY_MAX_DIMS];
    uint64_t count;           /* elements: the product of shape (1 for a scalar) */
    uint8_t *data;            /* count * elem_size bytes, little-endian */
    size_t bytes;
};

void npy_init(struct npy_array *a);
void npy_free(struct npy_array *a);
/* Parse a whole .npy image (len bytes); what names it in messages (a file,
 * "file.npz: member"). 0, or -1 with "what: reason" in err. */
int npy_parse(const uint8_t *buf, size_t len, const char *what, struct npy_array *a, char *err, size_t errlen);
/* Read and parse a .npy file. */
int npy_load(const char *path, struct npy_array *a, char *err, size_t errlen);
/* Integer element i (C order) as a signed 64-bit value (u8 beyond INT64_MAX wraps). */
int64_t npy_get(const struct npy_array *a, uint64_t i);
/* A .npy image (version 1.0) of a's descr, shape and data (a->bytes bytes,
 * which must be count * elem_size) in *out (malloc'd, *out_len bytes; the
 * caller frees it). 0, or -1 with the reason in err. */
int npy_format(const struct npy_array *a, uint8_t **out, size_t *out_len, char *err, size_t errlen);
/* npy_format written to path. 0, or -1 with "path: reason" in err. */
int npy_save(const char *path, const struct npy_array *a, char *err, size_t errlen);
/* "(1, 8, 8, 3) <i1" for messages. */
void npy_describe(const struct npy_array *a, char *buf, size_t len);

#endif
