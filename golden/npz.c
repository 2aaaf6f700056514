/* npz: see npz.h. Little-endian zip structures read field by field, every
 * offset checked against the file size before use. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "checked_size.h"
#include "input_file.h"
#include "npz.h"

#define SIG_EOCD 0x06054b50u
#define SIG_CDIR 0x02014b50u
#define SIG_LOCAL 0x04034b50u
#define SIG_EOCD64_LOCATOR 0x07064b50u
#define EOCD_LEN 22
#define CDIR_LEN 46
#define LOCAL_LEN 30

static uint32_t le16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t le32(const uint8_t *p)
{
    return le16(p) | le16(p + 2) << 16;
}

void npz_init(struct npz *z)
{
    memset(z, 0, sizeof *z);
}

void npz_free(struct npz *z)
{
    for (unsigned i = 0; i < z->n; i++)
        free(z->members[i].name);
    free(z->members);
    free(z->file);
    free(z->path);
    npz_init(z);
}

static int fail(struct npz *z, char *err, size_t errlen, const char *reason)
{
    snprintf(err, errlen, "%s: %s", z->path ? z->path : "npz", reason);
    npz_free(z);
    return -1;
}

/* a member's key: its name without ".npy", as numpy's NpzFile lists it */
static size_t key_len(const char *name)
{
    size_t l = strlen(name);
    return l >= 4 && !strcmp(name + l - 4, ".npy") ? l - 4 : l;
}

static int by_key(const void *pa, const void *pb)
{
    const char *a = *(const char *const *)pa, *b = *(const char *const *)pb;
    size_t la = key_len(a), lb = key_len(b);
    int c = memcmp(a, b, la < lb ? la : lb);
    return c ? c : la < lb ? -1 : la > lb;
}

/* Two members of one key: numpy reads the last, a reader that takes the
 * first would check a stream the user does not see. Refused, naming it. */
static int refuse_duplicates(struct npz *z, char *err, size_t errlen)
{
    if (z->n < 2)
        return 0;
    const char **names = malloc(z->n * sizeof *names);
    if (!names)
        return fail(z, err, errlen, "out of memory");
    for (unsigned i = 0; i < z->n; i++)
        names[i] = z->members[i].name;
    qsort(names, z->n, sizeof *names, by_key);
    for (unsigned i = 1; i < z->n; i++)
        if (!by_key(&names[i - 1], &names[i])) {
            char reason[700];
            int kl = (int)key_len(names[i]);
            snprintf(reason, sizeof reason, "two members named '%.*s' (%s and %s): numpy would read the last, so "
                     "which one is meant is unclear; an archive has one member per name", kl, names[i],
                     names[i - 1], names[i]);
            free(names);
            return fail(z, err, errlen, reason);
        }
    free(names);
    return 0;
}

static int read_directory(struct npz *z, char *err, size_t errlen)
{
    const uint8_t *f = z->file;
    size_t n = z->size;
    if (n < EOCD_LEN)
        return fail(z, err, errlen, "not a zip archive (too short for an end-of-directory record)");
    /* the end record is last, followed by a comment of at most 65535 bytes */
    size_t eocd = SIZE_MAX;
    for (size_t at = n - EOCD_LEN + 1; at-- > 0 && n - at <= EOCD_LEN + 65535;)
        if (le32(f + at) == SIG_EOCD) {
            eocd = at;
            break;
        }
    if (eocd == SIZE_MAX)
        return fail(z, err, errlen, "not a zip archive (no end-of-directory record; truncated?)");
    if (eocd >= 20 && le32(f + eocd - 20) == SIG_EOCD64_LOCATOR)
        return fail(z, err, errlen, "a ZIP64 archive (members of 4 GiB or more), which is not read");
    uint32_t count = le16(f + eocd + 10), cd_size = le32(f + eocd + 12), cd_off = le32(f + eocd + 16);
    if (count == 0xffff || cd_off == 0xffffffffu)
        return fail(z, err, errlen, "a ZIP64 archive, which is not read");
    if (le16(f + eocd + 4) != 0 || le16(f + eocd + 8) != count)
        return fail(z, err, errlen, "a multi-disk zip archive, which is not read");
    if ((uint64_t)cd_off + cd_size > eocd)
        return fail(z, err, errlen, "the central directory lies outside the file (truncated?)");
    z->members = calloc(count ? count : 1, sizeof *z->members);
    if (!z->members)
        return fail(z, err, errlen, "out of memory");
    size_t at = cd_off;
    for (unsigned i = 0; i < count; i++) {
        if (at + CDIR_LEN > eocd || le32(f + at) != SIG_CDIR)
            return fail(z, err, errlen, "the central directory is corrupt");
        struct npz_member *m = &z->members[i];
        unsigned flags = le16(f + at + 8), name_len = le16(f + at + 28);
        unsigned extra_len = le16(f + at + 30), comment_len = le16(f + at + 32);
        m->method = le16(f + at + 10);
        m->crc = le32(f + at + 16);
        m->csize = le32(f + at + 20);
        m->usize = le32(f + at + 24);
        m->local_offset = le32(f + at + 42);
        if (at + CDIR_LEN + name_len + extra_len + comment_len > eocd)
            return fail(z, err, errlen, "the central directory is corrupt");
        m->name = malloc(name_len + 1);
        if (!m->name)
            return fail(z, err, errlen, "out of memory");
        memcpy(m->name, f + at + CDIR_LEN, name_len);
        m->name[name_len] = '\0';
        z->n = i + 1;
        char reason[600];
        if (m->csize == 0xffffffffu || m->usize == 0xffffffffu || m->local_offset == 0xffffffffu) {
            snprintf(reason, sizeof reason, "%s: a ZIP64 member (4 GiB or more), which is not read", m->name);
            return fail(z, err, errlen, reason);
        }
        if (flags & 1) {
            snprintf(reason, sizeof reason, "%s: encrypted, which is not read", m->name);
            return fail(z, err, errlen, reason);
        }
        at += CDIR_LEN + name_len + extra_len + comment_len;
    }
    return refuse_duplicates(z, err, errlen);
}

int npz_parse(struct npz *z, const uint8_t *buf, size_t len, const char *path, char *err, size_t errlen)
{
    npz_init(z);
    z->path = strdup(path);
    z->file = malloc(len ? len : 1);
    if (!z->path || !z->file)
        return fail(z, err, errlen, "out of memory");
    memcpy(z->file, buf, len);
    z->size = len;
    return read_directory(z, err, errlen);
}

int npz_open(struct npz *z, const char *path, char *err, size_t errlen)
{
    npz_init(z);
    uint8_t *buf;
    size_t len;
    if (input_file_read(path, 0, &buf, &len, err, errlen))
        return -1;
    int rc = npz_parse(z, buf, len, path, err, errlen);
    free(buf);
    return rc;
}

const struct npz_member *npz_find(const struct npz *z, const char *key)
{
    size_t kl = strlen(key);
    for (unsigned i = 0; i < z->n; i++) {
        const char *nm = z->members[i].name;
        if (!strncmp(nm, key, kl) && (!strcmp(nm + kl, ".npy") || !nm[kl]))
            return &z->members[i];
    }
    return NULL;
}

static int member_fail(const struct npz *z, const char *key, char *err, size_t errlen, const char *reason)
{
    snprintf(err, errlen, "%s: %s: %s", z->path, key, reason);
    return -1;
}

/* the member's bytes, uncompressed, in a new buffer */
static uint8_t *extract(const struct npz *z, const struct npz_member *m, const char *key, char *err, size_t errlen)
{
    const uint8_t *f = z->file;
    uint64_t at = m->local_offset;
    if (at + LOCAL_LEN > z->size || le32(f + at) != SIG_LOCAL) {
        member_fail(z, key, err, errlen, "its local header is missing (corrupt or truncated archive)");
        return NULL;
    }
    uint64_t data = at + LOCAL_LEN + le16(f + at + 26) + le16(f + at + 28);
    if (data + m->csize > z->size) {
        member_fail(z, key, err, errlen, "its data runs past the end of the file (truncated archive)");
        return NULL;
    }
    /* the method and the sizes a corrupt directory may claim are checked
     * before allocating: a stored member is its size, deflate expands at
     * most 1032:1 (an unknown method's size is no bound at all) */
    if (m->method != 0 && m->method != 8) {
        char reason[96];
        snprintf(reason, sizeof reason, "compression method %u (only stored and deflated are read)", m->method);
        member_fail(z, key, err, errlen, reason);
        return NULL;
    }
    if ((m->method == 0 && m->csize != m->usize) || (m->method == 8 && m->usize > m->csize * 1032 + 64)) {
        member_fail(z, key, err, errlen, "its sizes are inconsistent (corrupt archive)");
        return NULL;
    }
    uint8_t *out = malloc(m->usize ? m->usize : 1);
    if (!out) {
        member_fail(z, key, err, errlen, "out of memory");
        return NULL;
    }
    if (m->method == 0) {
        memcpy(out, f + data, m->usize);
    } else {
        z_stream s;
        memset(&s, 0, sizeof s);
        if (inflateInit2(&s, -MAX_WBITS) != Z_OK) {
            free(out);
            member_fail(z, key, err, errlen, "zlib could not start");
            return NULL;
        }
        s.next_in = (Bytef *)(f + data);
        s.avail_in = (uInt)m->csize;
        s.next_out = out;
        s.avail_out = (uInt)m->usize;
        int rc = inflate(&s, Z_FINISH);
        uint64_t got = s.total_out;
        inflateEnd(&s);
        if (rc != Z_STREAM_END || got != m->usize) {
            free(out);
            member_fail(z, key, err, errlen, "its deflate data is corrupt or truncated");
            return NULL;
        }
    }
    if (crc32(crc32(0L, Z_NULL, 0), out, (uInt)m->usize) != m->crc) {
        free(out);
        member_fail(z, key, err, errlen, "CRC mismatch (corrupt archive)");
        return NULL;
    }
    return out;
}

int npz_read(const struct npz *z, const char *key, struct npy_array *a, char *err, size_t errlen)
{
    npy_init(a);
    const struct npz_member *m = npz_find(z, key);
    if (!m)
        return member_fail(z, key, err, errlen, "no such member in the archive");
    uint8_t *buf = extract(z, m, key, err, errlen);
    if (!buf)
        return -1;
    char what[1100];
    snprintf(what, sizeof what, "%s: %s", z->path, key);
    int rc = npy_parse(buf, m->usize, what, a, err, errlen);
    free(buf);
    return rc;
}
