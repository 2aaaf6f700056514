/* cli_io: see cli_io.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli_io.h"

char *cli_slurp(const char *prog, const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open %s: %s\n", prog, path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
        }
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (k == 0)
            break;
    }
    int bad = ferror(f);
    if (f != stdin)
        fclose(f);
    if (!buf || bad) {
        fprintf(stderr, "%s: cannot read %s\n", prog, path);
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

FILE *cli_open_out(const char *prog, const char *path, const char *mode)
{
    if (!path || strcmp(path, "-") == 0)
        return stdout;
    FILE *f = fopen(path, mode);
    if (!f)
        fprintf(stderr, "%s: cannot create %s: %s\n", prog, path, strerror(errno));
    return f;
}

int cli_close_out(const char *prog, FILE *f, const char *path)
{
    int bad = ferror(f) | (f == stdout ? fflush(f) : fclose(f));
    if (bad) {
        fprintf(stderr, "%s: write error on %s\n", prog, f == stdout || !path ? "stdout" : path);
        return 1;
    }
    return 0;
}
