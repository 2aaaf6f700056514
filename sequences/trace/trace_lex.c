/* trace_lex: see trace_lex.h. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "input_file.h"
#include "trace_lex.h"

int trace_lex_digit(char c)
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
    while (end > 0 && (s[end - 1] == 'u' || s[end - 1] == 'U' || s[end - 1] == 'l' || s[end - 1] == 'L'))
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
        int d = trace_lex_digit(s[i]);
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
    /* a regular file only (a FIFO would block, a device never end), read up to its size */
    uint8_t *buf;
    char why[1024];
    if (input_file_read(path, 0, &buf, n, why, sizeof why)) {
        const char *reason = why;
        size_t pl = strlen(path);
        if (!strncmp(why, path, pl) && !strncmp(why + pl, ": ", 2))
            reason = why + pl + 2;
        snprintf(err, len, "%s: cannot open %s: %s", path, what, reason);
        return NULL;
    }
    return (char *)buf;   /* NUL-terminated */
}
