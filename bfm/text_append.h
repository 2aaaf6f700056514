/* text_append: printf into a fixed buffer at an offset, for reports built
 * piece by piece (register dumps, layer descriptions). */
#ifndef TEXT_APPEND_H
#define TEXT_APPEND_H

#include <stddef.h>

/* Formats at buf + at (never past len, always NUL-terminated when at < len)
 * and returns the offset after it; a full buffer stays full. */
size_t text_append(char *buf, size_t len, size_t at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
