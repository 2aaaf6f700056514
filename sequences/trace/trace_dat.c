/* trace_dat: see trace_dat.h. A hand-written scanner over the whole text,
 * counting lines, so records may be spread or packed as users write them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "trace_dat.h"
#include "trace_lex.h"

struct scan {
    const char *p, *end;
    unsigned line;
    const char *path;
    char *err;
    size_t len;
};

/* Skip whitespace, newlines and // comments. */
static void skip(struct scan *s)
{
    while (s->p < s->end) {
        char c = *s->p;
        if (c == '\n') {
            s->line++;
            s->p++;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            s->p++;
        } else if (c == '/' && s->p + 1 < s->end && s->p[1] == '/') {
            while (s->p < s->end && *s->p != '\n')
                s->p++;
        } else {
            break;
        }
    }
}

/* What stands at the cursor, for messages. */
static const char *shown(const struct scan *s, char *buf, size_t len)
{
    if (s->p >= s->end)
        return "end of file";
    size_t n = 0;
    while (s->p + n < s->end && s->p[n] != '\n' && s->p[n] != '\r' && n < 24)
        n++;
    snprintf(buf, len, "'%.*s'", (int)n, s->p);
    return buf;
}

static int fail(struct scan *s, unsigned line, const char *what)
{
    char buf[48];
    return trace_lex_error(s->err, s->len, s->path, line, "%s, found %s", what, shown(s, buf, sizeof buf));
}

static int expect_char(struct scan *s, char c, const char *what)
{
    skip(s);
    if (s->p < s->end && *s->p == c) {
        s->p++;
        return 0;
    }
    return fail(s, s->line, what);
}

/* key ':' number */
static int keyed_number(struct scan *s, const char *key, uint64_t *v)
{
    char what[64];
    skip(s);
    size_t k = strlen(key);
    if ((size_t)(s->end - s->p) < k || memcmp(s->p, key, k) || trace_lex_name(s->p) != k) {
        snprintf(what, sizeof what, "expected '%s:' in the record", key);
        return fail(s, s->line, what);
    }
    s->p += k;
    skip(s);
    if (s->p >= s->end || *s->p != ':') {   /* the message formatted only when it is needed */
        snprintf(what, sizeof what, "expected ':' after '%s'", key);
        return fail(s, s->line, what);
    }
    s->p++;
    skip(s);
    size_t n = trace_lex_name(s->p);
    if (s->p + n > s->end)
        n = (size_t)(s->end - s->p);
    if (!n) {
        snprintf(what, sizeof what, "expected a number after '%s:'", key);
        return fail(s, s->line, what);
    }
    char why[128];
    if (trace_lex_number(s->p, n, v, why, sizeof why))
        return trace_lex_error(s->err, s->len, s->path, s->line, "%s: %s", key, why);
    s->p += n;
    return 0;
}

static int push_byte(struct trace_image *im, size_t *cap, uint8_t b)
{
    if (im->nbytes == *cap) {
        size_t nc = *cap ? *cap * 2 : 4096;
        uint8_t *nb = realloc(im->bytes, nc);
        if (!nb)
            return -1;
        im->bytes = nb;
        *cap = nc;
    }
    im->bytes[im->nbytes++] = b;
    return 0;
}

static int push_record(struct trace_image *im, size_t *cap, const struct trace_record *r)
{
    if (im->n == *cap) {
        size_t nc = *cap ? *cap * 2 : 64;
        struct trace_record *nr = realloc(im->rec, nc * sizeof *nr);
        if (!nr)
            return -1;
        im->rec = nr;
        *cap = nc;
    }
    im->rec[im->n++] = *r;
    return 0;
}

/* The payload byte at the cursor when it is exactly "0x" and two hex digits
 * (megabytes of them in a large image: trace_lex_number's general path was
 * most of the parse); anything else is left to trace_lex_number. */
static int hex_byte(const struct scan *s, uint64_t *v)
{
    const char *p = s->p;
    if (s->end - p < 4 || p[0] != '0' || (p[1] != 'x' && p[1] != 'X'))
        return 0;
    int hi = trace_lex_digit(p[2]), lo = trace_lex_digit(p[3]);
    char next = s->end - p > 4 ? p[4] : ' ';
    if (hi > 15 || lo > 15 || (next >= '0' && next <= '9') || (next >= 'a' && next <= 'z') ||
        (next >= 'A' && next <= 'Z') || next == '_')
        return 0;
    *v = (uint64_t)(hi << 4 | lo);
    return 1;
}

/* One record; the cursor is on its '{'. */
static int record(struct scan *s, struct trace_image *im, size_t *bcap, size_t *rcap)
{
    struct trace_record r = { .line = s->line, .data = im->nbytes };
    s->p++;
    if (keyed_number(s, "offset", &r.offset) || expect_char(s, ',', "expected ',' after the offset") ||
        keyed_number(s, "size", &r.size) || expect_char(s, ',', "expected ',' after the size"))
        return -1;
    skip(s);
    if ((size_t)(s->end - s->p) < 7 || memcmp(s->p, "payload", 7) || trace_lex_name(s->p) != 7)
        return fail(s, s->line, "expected 'payload:' in the record");
    s->p += 7;
    if (expect_char(s, ':', "expected ':' after 'payload'"))
        return -1;
    uint64_t count = 0;
    for (;;) {
        skip(s);
        if (s->p >= s->end)
            return trace_lex_error(s->err, s->len, s->path, r.line,
                                   "record is not closed with '}' before the end of the file");
        if (*s->p == '}') {
            s->p++;
            break;
        }
        uint64_t v;
        if (hex_byte(s, &v)) {   /* "0xNN", as every generated image writes its bytes */
            if (push_byte(im, bcap, (uint8_t)v))
                return trace_lex_error(s->err, s->len, s->path, s->line, "out of memory");
            count++;
            s->p += 4;
            continue;
        }
        size_t n = trace_lex_name(s->p);
        if (s->p + n > s->end)
            n = (size_t)(s->end - s->p);
        if (!n)
            return fail(s, s->line, "expected a payload byte or '}'");
        char why[128];
        if (trace_lex_number(s->p, n, &v, why, sizeof why))
            return trace_lex_error(s->err, s->len, s->path, s->line, "payload byte %llu: %s",
                                   (unsigned long long)count, why);
        if (v > 0xff)
            return trace_lex_error(s->err, s->len, s->path, s->line,
                                   "payload byte %llu: '%.*s' does not fit a byte (0..0xff)",
                                   (unsigned long long)count, (int)n, s->p);
        if (push_byte(im, bcap, (uint8_t)v))
            return trace_lex_error(s->err, s->len, s->path, s->line, "out of memory");
        count++;
        s->p += n;
    }
    if (count != r.size)
        return trace_lex_error(s->err, s->len, s->path, r.line,
                               "payload has %llu byte%s but the record says size:%llu",
                               (unsigned long long)count, count == 1 ? "" : "s",
                               (unsigned long long)r.size);
    if (r.offset + r.size < r.offset)
        return trace_lex_error(s->err, s->len, s->path, r.line, "offset + size wraps around 64 bits");
    if (push_record(im, rcap, &r))
        return trace_lex_error(s->err, s->len, s->path, r.line, "out of memory");
    skip(s);
    if (s->p < s->end && *s->p == ',')
        s->p++;
    return 0;
}

/* Is the '{' at the cursor the opening of a record ("{ offset")? */
static int at_record(const struct scan *s)
{
    struct scan t = *s;
    t.p++;
    skip(&t);
    return (size_t)(t.end - t.p) >= 6 && !memcmp(t.p, "offset", 6);
}

struct trace_image *trace_image_parse(const char *path, const char *text, size_t n,
                                      char *err, size_t len)
{
    struct trace_image *im = calloc(1, sizeof *im);
    if (!im || !(im->path = strdup(path))) {
        free(im);
        trace_lex_error(err, len, path, 0, "out of memory");
        return NULL;
    }
    /* a NUL-terminated copy: the scanner may look one byte past a token */
    char *copy = malloc(n + 1);
    if (!copy) {
        trace_lex_error(err, len, path, 0, "out of memory");
        trace_image_free(im);
        return NULL;
    }
    memcpy(copy, text, n);
    copy[n] = 0;
    struct scan s = { .p = copy, .end = copy + n, .line = 1, .path = path, .err = err, .len = len };
    size_t bcap = 0, rcap = 0;
    int outer = 0;
    unsigned outer_line = 0;
    skip(&s);
    if (s.p < s.end && *s.p == '{' && !at_record(&s)) {
        outer = 1;
        outer_line = s.line;
        s.p++;
    }
    for (;;) {
        skip(&s);
        if (s.p >= s.end) {
            if (outer) {
                trace_lex_error(err, len, path, outer_line, "the '{' opened here is never closed");
                goto bad;
            }
            break;
        }
        if (*s.p == '}' && outer) {
            s.p++;
            skip(&s);
            if (s.p < s.end) {
                fail(&s, s.line, "unexpected text after the closing '}'");
                goto bad;
            }
            break;
        }
        if (*s.p != '{') {
            fail(&s, s.line, "expected a record '{offset:..., size:..., payload:...}'");
            goto bad;
        }
        if (record(&s, im, &bcap, &rcap))
            goto bad;
    }
    free(copy);
    return im;
bad:
    free(copy);
    trace_image_free(im);
    return NULL;
}

struct trace_image *trace_image_load(const char *path, char *err, size_t len)
{
    size_t n;
    char *text = trace_lex_read_file(path, "memory image", &n, err, len);
    if (!text)
        return NULL;
    struct trace_image *im = trace_image_parse(path, text, n, err, len);
    free(text);
    return im;
}

struct trace_image *trace_image_of_bytes(const char *path, const uint8_t *bytes, size_t size, size_t chunk)
{
    size_t nchunks = chunk ? size / chunk + (size % chunk != 0) : 0;
    if (!chunk || nchunks > SIZE_MAX / sizeof(struct trace_record))
        return NULL;
    struct trace_image *im = calloc(1, sizeof *im);
    if (!im || !(im->path = strdup(path)) || (nchunks && !(im->rec = malloc(nchunks * sizeof *im->rec))) ||
        (size && !(im->bytes = malloc(size)))) {
        trace_image_free(im);
        return NULL;
    }
    for (size_t off = 0; off < size; off += chunk) {
        size_t n = size - off < chunk ? size - off : chunk;
        uint8_t any = 0;
        for (size_t i = 0; i < n; i++)
            any |= bytes[off + i];
        if (!any)
            continue;
        im->rec[im->n] = (struct trace_record){ .offset = off, .size = n, .data = im->nbytes,
                                                .line = (unsigned)(im->n + 2) };
        memcpy(im->bytes + im->nbytes, bytes + off, n);
        im->nbytes += n;
        im->n++;
    }
    return im;
}

void trace_image_free(struct trace_image *im)
{
    if (!im)
        return;
    free(im->path);
    free(im->rec);
    free(im->bytes);
    free(im);
}
