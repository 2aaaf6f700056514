/* sim_output_error.c: the first output file of the run that failed to write. */
#include "sim_output_error.h"

#include <stdarg.h>
#include <stdio.h>

static char first[1024];
static int have_first;

void sim_output_error(const char *fmt, ...)
{
    char msg[sizeof first];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fflush(stdout);   /* the message lands after what the run printed before it */
    fprintf(stderr, "output: %s\n", msg);
    if (!have_first) {
        snprintf(first, sizeof first, "%s", msg);
        have_first = 1;
    }
}

const char *sim_output_error_first(void)
{
    return have_first ? first : NULL;
}

void sim_output_error_clear(void)
{
    have_first = 0;
    first[0] = 0;
}
