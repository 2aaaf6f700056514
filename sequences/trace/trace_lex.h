/* trace_lex: the small lexical pieces shared by the NVDLA trace (.cfg) and
 * memory image (.dat) parsers: C integer literals up to 64 bits, names,
 * whitespace, and "file:line: reason" error text. */
#ifndef TRACE_LEX_H
#define TRACE_LEX_H

#include <stddef.h>
#include <stdint.h>

/* Parse a whole C integer literal: decimal, 0x hex, 0 octal, optional
 * u/U/l/L suffixes, no sign. s[0..n) must be exactly the literal.
 * Returns 0, or -1 with why filled ("not a number", "does not fit 64 bits"). */
int trace_lex_number(const char *s, size_t n, uint64_t *out, char *why, size_t whylen);

/* A hex digit's value (0-9, a-f, A-F), 99 for any other character. */
int trace_lex_digit(char c);

/* Length of the name [A-Za-z0-9_]+ at s (0 if none). */
size_t trace_lex_name(const char *s);

/* Skip spaces, tabs, CR and form feeds (not newlines). */
const char *trace_lex_blank(const char *s);

/* Write "file:line: reason" into err (always NUL-terminated), or
 * "file: reason" when line is 0 (a whole-file error); returns -1. */
int trace_lex_error(char *err, size_t len, const char *file, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Read a whole text file into a malloc'd buffer (*n bytes, NUL added).
 * NULL with "path: <what> <reason>" in err on failure; what names the
 * kind of file in the message (e.g. "trace"). */
char *trace_lex_read_file(const char *path, const char *what, size_t *n, char *err, size_t len);

#endif
