/* trace_lex: see trace_lex.h. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "trace_lex.h"

static int digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return 99;
}

int trace_lex_number(const char *s, size_t n, uint64_t *out, char *why, size_t whylen)
{
    size_t i = 0, end = n;
    unsigned base = 10;
    /* integer suffixes: u, l, ll in any case and order */
    while (end > 0 && strchr("uUlL", s[end - 1]))
        end--;
    if (end == 0 || n - end > 3 || !isdigit((unsigned char)s[0])) {
        snprintf(why, whylen, "'%.*s' is not a number", (int)n, s);
        return -1;
    }
    if (end >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        i = 2;
        if (end == 2) {
            snprintf(why, whylen, "'%.*s' is not a number (no hex digits)", (int)n, s);
            return -1;
        }
    } else if (end >= 2 && s[0] == '0') {
        base = 8;
        i = 1;
    }
    uint64_t v = 0;
    for (; i < end; i++) {
        int d = digit_value(s[i]);
        if (d >= (int)base) {
            snprintf(why, whylen, "'%.*s' is not a number (bad %s digit '%c')", (int)n, s,
                     base == 16 ? "hex" : base == 8 ? "octal" : "decimal", s[i]);
            return -1;
        }
        if (v > (UINT64_MAX - (uint64_t)d) / base) {
            snprintf(why, whylen, "'%.*s' does not fit 64 bits", (int)n, s);
            return -1;
        }
        v = v * base + (uint64_t)d;
    }
    *out = v;
    return 0;
}

size_t trace_lex_name(const char *s)
{
    size_t n = 0;
    while (isalnum((unsigned char)s[n]) || s[n] == '_')
        n++;
    return n;
}

const char *trace_lex_blank(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\f' || *s == '\v')
        s++;
    return s;
}

int trace_lex_error(char *err, size_t len, const char *file, unsigned line, const char *fmt, ...)
{
    if (!err || !len)
        return -1;
    int k = line ? snprintf(err, len, "%s:%u: ", file, line) : snprintf(err, len, "%s: ", file);
    if (k < 0 || (size_t)k >= len)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + k, len - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}

char *trace_lex_read_file(const char *path, const char *what, size_t *n, char *err, size_t len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, len, "%s: cannot open %s: %s", path, what, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, got = 0;
    char *text = malloc(cap + 1);
    while (text) {
        got += fread(text + got, 1, cap - got, f);
        if (got < cap)
            break;
        cap *= 2;
        char *t = realloc(text, cap + 1);
        if (!t)
            free(text);
        text = t;
    }
    int rerr = ferror(f);
    fclose(f);
    if (!text || rerr) {
        free(text);
        snprintf(err, len, "%s: %s", path, rerr ? "read error" : "out of memory");
        return NULL;
    }
    text[got] = 0;
    *n = got;
    return text;
}
