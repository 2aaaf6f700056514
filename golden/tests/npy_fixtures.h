/* npy_fixtures: small .npy and .npz images built in memory for the unit
 * tests (the byte layouts numpy writes: magic, version, header length,
 * a dict padded with spaces to a multiple of 64 and a newline; zip local
 * headers, central directory and end record), so no fixture files are
 * needed and each test can break one field on purpose. */
#ifndef NPY_FIXTURES_H
#define NPY_FIXTURES_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

struct fx_buf {
    uint8_t b[1 << 16];
    size_t n;
};

static inline void fx_put(struct fx_buf *f, const void *p, size_t n)
{
    memcpy(f->b + f->n, p, n);
    f->n += n;
}

static inline void fx_le(struct fx_buf *f, uint32_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        f->b[f->n++] = (uint8_t)(v >> (8 * i));
}

/* A .npy image: version major (1, 2 or 3), the dict text, then data. */
static inline void fx_npy(struct fx_buf *f, int major, const char *dict, const void *data, size_t len)
{
    f->n = 0;
    fx_put(f, "\x93NUMPY", 6);
    f->b[f->n++] = (uint8_t)major;
    f->b[f->n++] = 0;
    size_t pre = major == 1 ? 10 : 12, hl = strlen(dict) + 1;
    size_t padded = (pre + hl + 63) / 64 * 64 - pre;
    fx_le(f, (uint32_t)padded, major == 1 ? 2 : 4);
    fx_put(f, dict, strlen(dict));
    while (f->n < pre + padded - 1)
        f->b[f->n++] = ' ';
    f->b[f->n++] = '\n';
    fx_put(f, data, len);
}

struct fx_member {
    const char *name;
    const uint8_t *data;
    size_t len;
    int deflate;
};

#define FX_ZIP_MAX 24

/* A zip of at most FX_ZIP_MAX members (stored or raw-deflated), as numpy's savez lays it out. */
static inline void fx_zip(struct fx_buf *z, const struct fx_member *m, unsigned n)
{
    static uint8_t packed[FX_ZIP_MAX][1 << 13];
    size_t plen[FX_ZIP_MAX];
    uint32_t off[FX_ZIP_MAX];
    z->n = 0;
    for (unsigned i = 0; i < n; i++) {
        uint32_t crc = (uint32_t)crc32(crc32(0L, Z_NULL, 0), m[i].data, (uInt)m[i].len);
        if (m[i].deflate) {
            z_stream s;
            memset(&s, 0, sizeof s);
            deflateInit2(&s, 6, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
            s.next_in = (Bytef *)m[i].data;
            s.avail_in = (uInt)m[i].len;
            s.next_out = packed[i];
            s.avail_out = sizeof packed[i];
            deflate(&s, Z_FINISH);
            plen[i] = s.total_out;
            deflateEnd(&s);
        } else {
            memcpy(packed[i], m[i].data, m[i].len);
            plen[i] = m[i].len;
        }
        off[i] = (uint32_t)z->n;
        fx_le(z, 0x04034b50u, 4), fx_le(z, 20, 2), fx_le(z, 0, 2), fx_le(z, m[i].deflate ? 8 : 0, 2);
        fx_le(z, 0, 4), fx_le(z, crc, 4), fx_le(z, (uint32_t)plen[i], 4), fx_le(z, (uint32_t)m[i].len, 4);
        fx_le(z, (uint32_t)strlen(m[i].name), 2), fx_le(z, 0, 2);
        fx_put(z, m[i].name, strlen(m[i].name));
        fx_put(z, packed[i], plen[i]);
    }
    uint32_t cd = (uint32_t)z->n;
    for (unsigned i = 0; i < n; i++) {
        uint32_t crc = (uint32_t)crc32(crc32(0L, Z_NULL, 0), m[i].data, (uInt)m[i].len);
        fx_le(z, 0x02014b50u, 4), fx_le(z, 20, 2), fx_le(z, 20, 2), fx_le(z, 0, 2);
        fx_le(z, m[i].deflate ? 8 : 0, 2), fx_le(z, 0, 4), fx_le(z, crc, 4), fx_le(z, (uint32_t)plen[i], 4);
        fx_le(z, (uint32_t)m[i].len, 4), fx_le(z, (uint32_t)strlen(m[i].name), 2), fx_le(z, 0, 2);
        fx_le(z, 0, 2), fx_le(z, 0, 2), fx_le(z, 0, 2), fx_le(z, 0, 4), fx_le(z, off[i], 4);
        fx_put(z, m[i].name, strlen(m[i].name));
    }
    uint32_t cd_size = (uint32_t)z->n - cd;
    fx_le(z, 0x06054b50u, 4), fx_le(z, 0, 2), fx_le(z, 0, 2), fx_le(z, n, 2), fx_le(z, n, 2);
    fx_le(z, cd_size, 4), fx_le(z, cd, 4), fx_le(z, 0, 2);
}

static inline void fx_write(const char *path, const struct fx_buf *f)
{
    FILE *fp = fopen(path, "wb");
    if (fp) {
        fwrite(f->b, 1, f->n, fp);
        fclose(fp);
    }
}

#endif
