/* vcd_writer: see vcd_writer.h. */
#include "vcd_writer.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define VCD_BUF_SIZE (256u * 1024u)         /* internal output buffer */
#define VCD_GZ_BUF_SIZE (256u * 1024u)      /* zlib input buffer (gzbuffer) */
#define VCD_ID_MAX 8                        /* 94^8 identifiers: plenty */
/* Longest single value line: 'b' + width bits + ' ' + id + '\n'. */
#define VCD_VALUE_MAX (1u + VCD_WRITER_MAX_WIDTH + 1u + VCD_ID_MAX + 1u)

struct vcd_sig {
    const uint8_t *src;     /* user memory */
    size_t off;             /* offset of the shadow copy in w->shadow */
    unsigned nfull;         /* whole bytes compared with memcmp */
    unsigned width;
    uint8_t tailmask;       /* valid bits of byte nfull, 0 if width % 8 == 0 */
    uint8_t idlen;
    char id[VCD_ID_MAX];
};

struct vcd_writer {
    FILE *f;                /* exactly one of f / gz is set */
    gzFile gz;
    char *buf;
    size_t len;

    struct vcd_sig *sigs;
    unsigned nsig, capsig;
    uint8_t *shadow;
    size_t shlen, shcap;

    unsigned depth;         /* open scopes */
    int started;            /* first sample taken: header closed */
    uint64_t last_t;        /* time of the last sample */
    uint64_t written_t;     /* time of the last "#t" line (set by the first sample) */

    int io_err;
    char err[256];
};

/* ---- errors ------------------------------------------------------------ */

static void set_err(struct vcd_writer *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->err, sizeof w->err, fmt, ap);
    va_end(ap);
}

static void open_err(char *errbuf, unsigned errlen, const char *fmt, ...)
{
    va_list ap;
    if (!errbuf || !errlen)
        return;
    va_start(ap, fmt);
    vsnprintf(errbuf, errlen, fmt, ap);
    va_end(ap);
}

/* ---- output buffer ----------------------------------------------------- */

static void flush_buf(struct vcd_writer *w)
{
    if (w->len == 0)
        return;
    if (!w->io_err) {
        if (w->gz) {
            if (gzwrite(w->gz, w->buf, (unsigned)w->len) != (int)w->len) {
                int zerr = 0;
                const char *msg = gzerror(w->gz, &zerr);
                w->io_err = 1;
                set_err(w, "vcd_writer: gzwrite failed: %s",
                        zerr == Z_ERRNO ? strerror(errno) : msg);
            }
        } else if (fwrite(w->buf, 1, w->len, w->f) != w->len) {
            w->io_err = 1;
            set_err(w, "vcd_writer: write failed: %s", strerror(errno));
        }
    }
    w->len = 0;     /* after an error, output is dropped */
}

static inline void reserve(struct vcd_writer *w, size_t n)
{
    if (VCD_BUF_SIZE - w->len < n)
        flush_buf(w);
}

/* Any length, flushing as needed. */
static void put(struct vcd_writer *w, const char *s, size_t n)
{
    while (n) {
        size_t room = VCD_BUF_SIZE - w->len;
        size_t k;
        if (!room) {
            flush_buf(w);
            room = VCD_BUF_SIZE;
        }
        k = n < room ? n : room;
        memcpy(w->buf + w->len, s, k);
        w->len += k;
        s += k;
        n -= k;
    }
}

static void puts_(struct vcd_writer *w, const char *s)
{
    put(w, s, strlen(s));
}

/* Name with whitespace / non-printables replaced by '_'. */
static void put_name(struct vcd_writer *w, const char *name)
{
    for (; *name; name++) {
        unsigned char c = (unsigned char)*name;
        char o = (c > 32 && c < 127) ? (char)c : '_';   /* VCD is ASCII */
        put(w, &o, 1);
    }
}

static void put_time(struct vcd_writer *w, uint64_t t)
{
    char tmp[24];
    int i = (int)sizeof tmp;
    tmp[--i] = '\n';
    do {
        tmp[--i] = (char)('0' + t % 10);
        t /= 10;
    } while (t);
    tmp[--i] = '#';
    put(w, tmp + i, sizeof tmp - (size_t)i);
}

/* ---- value formatting -------------------------------------------------- */

static const char nibble_bits[16][4] = {
    {'0','0','0','0'}, {'0','0','0','1'}, {'0','0','1','0'}, {'0','0','1','1'},
    {'0','1','0','0'}, {'0','1','0','1'}, {'0','1','1','0'}, {'0','1','1','1'},
    {'1','0','0','0'}, {'1','0','0','1'}, {'1','0','1','0'}, {'1','0','1','1'},
    {'1','1','0','0'}, {'1','1','0','1'}, {'1','1','1','0'}, {'1','1','1','1'},
};

/* Write the value held in the shadow copy (already masked). The caller has
 * reserved VCD_VALUE_MAX bytes. */
static void put_value(struct vcd_writer *w, const struct vcd_sig *s)
{
    const uint8_t *v = w->shadow + s->off;
    char *p = w->buf + w->len;

    if (s->width == 1) {
        *p++ = (char)('0' + (v[0] & 1));
    } else {
        int nb = (int)((s->width + 7) / 8);
        int i = nb - 1;
        *p++ = 'b';
        while (i >= 0 && v[i] == 0)
            i--;
        if (i < 0) {
            *p++ = '0';
        } else {
            unsigned top = v[i];
            int bit = 7;
            while (!(top & (1u << bit)))
                bit--;
            for (; bit >= 0; bit--)
                *p++ = (char)('0' + ((top >> bit) & 1));
            for (i--; i >= 0; i--) {
                memcpy(p, nibble_bits[v[i] >> 4], 4);
                memcpy(p + 4, nibble_bits[v[i] & 15], 4);
                p += 8;
            }
        }
        *p++ = ' ';
    }
    memcpy(p, s->id, s->idlen);
    p += s->idlen;
    *p++ = '\n';
    w->len = (size_t)(p - w->buf);
}

/* Copy user memory into the shadow; returns nonzero if it changed. */
static inline int refresh(struct vcd_writer *w, const struct vcd_sig *s)
{
    uint8_t *sh = w->shadow + s->off;
    int changed = 0;
    if (s->nfull && memcmp(sh, s->src, s->nfull) != 0) {
        memcpy(sh, s->src, s->nfull);
        changed = 1;
    }
    if (s->tailmask) {
        uint8_t t = (uint8_t)(s->src[s->nfull] & s->tailmask);
        if (t != sh[s->nfull]) {
            sh[s->nfull] = t;
            changed = 1;
        }
    }
    return changed;
}

/* ---- API --------------------------------------------------------------- */

static int parse_timescale(const char *ts, char *out, size_t outlen)
{
    static const char *const units[] = {"s", "ms", "us", "ns", "ps", "fs"};
    const char *p = ts;
    const char *num;
    size_t nlen, i;

    while (*p == ' ' || *p == '\t')
        p++;
    num = p;
    while (*p >= '0' && *p <= '9')
        p++;
    nlen = (size_t)(p - num);
    if (!((nlen == 1 && num[0] == '1') ||
          (nlen == 2 && !strncmp(num, "10", 2)) ||
          (nlen == 3 && !strncmp(num, "100", 3))))
        return -1;
    while (*p == ' ' || *p == '\t')
        p++;
    for (i = 0; i < sizeof units / sizeof units[0]; i++) {
        size_t ul = strlen(units[i]);
        if (!strncmp(p, units[i], ul)) {
            const char *q = p + ul;
            while (*q == ' ' || *q == '\t')
                q++;
            if (*q)
                continue;
            snprintf(out, outlen, "%.*s%s", (int)nlen, num, units[i]);
            return 0;
        }
    }
    return -1;
}

struct vcd_writer *vcd_writer_open(const char *path, int gz, const char *timescale,
                                   char *errbuf, unsigned errlen)
{
    struct vcd_writer *w;
    char ts[16];
    size_t plen;

    if (errbuf && errlen)
        errbuf[0] = '\0';
    if (!path || !*path) {
        open_err(errbuf, errlen, "vcd_writer: empty path");
        return NULL;
    }
    if (!timescale)
        timescale = "1ns";
    if (parse_timescale(timescale, ts, sizeof ts) != 0) {
        open_err(errbuf, errlen,
                 "vcd_writer: bad timescale '%s' (want 1|10|100 followed by s|ms|us|ns|ps|fs)",
                 timescale);
        return NULL;
    }
    plen = strlen(path);
    if (plen >= 3 && !strcmp(path + plen - 3, ".gz"))
        gz = 1;

    w = calloc(1, sizeof *w);
    if (w)
        w->buf = malloc(VCD_BUF_SIZE);
    if (!w || !w->buf) {
        free(w);
        open_err(errbuf, errlen, "vcd_writer: out of memory");
        return NULL;
    }

    errno = 0;
    if (gz) {
        w->gz = gzopen(path, "wb");
        if (w->gz && gzbuffer(w->gz, VCD_GZ_BUF_SIZE) != 0) {
            gzclose(w->gz);
            w->gz = NULL;
        }
        if (!w->gz) {
            open_err(errbuf, errlen, "vcd_writer: cannot open '%s' for gzip writing: %s",
                     path, errno ? strerror(errno) : "gzopen failed");
            free(w->buf);
            free(w);
            return NULL;
        }
    } else {
        w->f = fopen(path, "wb");
        if (!w->f) {
            open_err(errbuf, errlen, "vcd_writer: cannot open '%s' for writing: %s",
                     path, strerror(errno));
            free(w->buf);
            free(w);
            return NULL;
        }
    }

    puts_(w, "$date\n\tvcd_writer output\n$end\n"
             "$version\n\tvcd_writer 1.0\n$end\n"
             "$timescale\n\t");
    puts_(w, ts);
    puts_(w, "\n$end\n");
    return w;
}

static int check_decl(struct vcd_writer *w, const char *what, const char *name)
{
    if (w->started) {
        set_err(w, "vcd_writer: %s after the first sample ignored", what);
        return -1;
    }
    if (name && !*name) {
        set_err(w, "vcd_writer: %s with an empty name ignored", what);
        return -1;
    }
    return 0;
}

void vcd_writer_scope_push(struct vcd_writer *w, const char *name)
{
    if (!w)
        return;
    if (!name)
        name = "";
    if (check_decl(w, "scope_push", name))
        return;
    puts_(w, "$scope module ");
    put_name(w, name);
    puts_(w, " $end\n");
    w->depth++;
}

void vcd_writer_scope_pop(struct vcd_writer *w)
{
    if (!w || check_decl(w, "scope_pop", NULL))
        return;
    if (!w->depth) {
        set_err(w, "vcd_writer: scope_pop without an open scope ignored");
        return;
    }
    puts_(w, "$upscope $end\n");
    w->depth--;
}

int vcd_writer_add(struct vcd_writer *w, const char *name, unsigned width, const void *value)
{
    struct vcd_sig *s;
    unsigned n, nbytes;
    char num[16];

    if (!w)
        return -1;
    if (!name)
        name = "";
    if (check_decl(w, "add", name))
        return -1;
    if (width < 1 || width > VCD_WRITER_MAX_WIDTH) {
        set_err(w, "vcd_writer: signal '%s': width %u not in 1..%u", name, width,
                VCD_WRITER_MAX_WIDTH);
        return -1;
    }
    if (!value) {
        set_err(w, "vcd_writer: signal '%s': NULL value pointer", name);
        return -1;
    }
    if (w->nsig >= (unsigned)INT32_MAX) {
        set_err(w, "vcd_writer: too many signals");
        return -1;
    }
    nbytes = (width + 7) / 8;

    if (w->nsig == w->capsig) {
        unsigned nc = w->capsig ? w->capsig * 2 : 64;
        struct vcd_sig *ns = realloc(w->sigs, (size_t)nc * sizeof *ns);
        if (!ns) {
            set_err(w, "vcd_writer: out of memory");
            return -1;
        }
        w->sigs = ns;
        w->capsig = nc;
    }
    if (w->shcap - w->shlen < nbytes) {
        size_t nc = w->shcap ? w->shcap : 1024;
        uint8_t *nsh;
        while (nc - w->shlen < nbytes)
            nc *= 2;
        nsh = realloc(w->shadow, nc);
        if (!nsh) {
            set_err(w, "vcd_writer: out of memory");
            return -1;
        }
        w->shadow = nsh;
        w->shcap = nc;
    }

    s = &w->sigs[w->nsig];
    s->src = value;
    s->off = w->shlen;
    s->width = width;
    s->nfull = width / 8;
    s->tailmask = (uint8_t)((width % 8) ? (1u << (width % 8)) - 1u : 0u);
    s->idlen = 0;
    n = w->nsig;
    do {
        s->id[s->idlen++] = (char)(33 + n % 94);
        n /= 94;
    } while (n);
    memset(w->shadow + w->shlen, 0, nbytes);
    w->shlen += nbytes;

    snprintf(num, sizeof num, "%u", width);
    puts_(w, "$var wire ");
    puts_(w, num);
    put(w, " ", 1);
    put(w, s->id, s->idlen);
    put(w, " ", 1);
    put_name(w, name);
    puts_(w, " $end\n");
    return (int)w->nsig++;
}

static void end_header(struct vcd_writer *w)
{
    while (w->depth) {
        puts_(w, "$upscope $end\n");
        w->depth--;
    }
    puts_(w, "$enddefinitions $end\n");
    w->started = 1;
}

int vcd_writer_sample(struct vcd_writer *w, uint64_t t)
{
    unsigned i;

    if (!w)
        return -1;
    if (!w->started) {
        end_header(w);
        put_time(w, t);
        w->written_t = t;
        puts_(w, "$dumpvars\n");
        for (i = 0; i < w->nsig; i++) {
            refresh(w, &w->sigs[i]);
            reserve(w, VCD_VALUE_MAX);
            put_value(w, &w->sigs[i]);
        }
        puts_(w, "$end\n");
        w->last_t = t;
        return w->io_err ? -1 : 0;
    }
    if (t < w->last_t) {
        set_err(w, "vcd_writer: time went backwards (%llu after %llu), sample dropped",
                (unsigned long long)t, (unsigned long long)w->last_t);
        return -1;
    }
    w->last_t = t;
    for (i = 0; i < w->nsig; i++) {
        const struct vcd_sig *s = &w->sigs[i];
        if (!refresh(w, s))
            continue;
        reserve(w, VCD_VALUE_MAX + 24);
        if (w->written_t != t) {
            put_time(w, t);
            w->written_t = t;
        }
        put_value(w, s);
    }
    return w->io_err ? -1 : 0;
}

int vcd_writer_close(struct vcd_writer *w)
{
    int rc;

    if (!w)
        return 0;
    if (!w->started)
        end_header(w);
    else if (w->last_t != w->written_t)
        put_time(w, w->last_t);
    flush_buf(w);

    if (w->gz) {
        int zr = gzclose(w->gz);
        if (zr != Z_OK && !w->io_err) {
            w->io_err = 1;
            set_err(w, "vcd_writer: gzclose failed (%d)", zr);
        }
    } else {
        if (fclose(w->f) != 0 && !w->io_err) {
            w->io_err = 1;
            set_err(w, "vcd_writer: close failed: %s", strerror(errno));
        }
    }
    rc = w->io_err ? -1 : 0;
    free(w->buf);
    free(w->sigs);
    free(w->shadow);
    free(w);
    return rc;
}

const char *vcd_writer_error(const struct vcd_writer *w)
{
    return w ? w->err : "";
}
