/* text_append: see text_append.h. */
#include <stdarg.h>
#include <stdio.h>
#include "text_append.h"

size_t text_append(char *buf, size_t len, size_t at, const char *fmt, ...)
{
    if (at >= len)
        return at;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + at, len - at, fmt, ap);
    va_end(ap);
    return n < 0 ? at : at + (size_t)n;
}
