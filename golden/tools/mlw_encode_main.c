/* mlw-encode: Ethos-U65 weight stream ("mlw") encoder (golden/ethosu/ethosu_mlw_encode.h).
 *   mlw-encode IN.weights -o OUT.mlw [-v]
 * Reads one signed decimal weight per line. Exit: 0 ok, 1 bad input or I/O error, 2 usage. */
#include "ethosu_mlw_encode.h"
#include "cli_io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *prog = "mlw-encode";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s IN.weights -o OUT.mlw [-v]\n"
            "       %s --help\n"
            "Encodes weights into an Ethos-U65 compressed weight stream (TRM 4.7), padded to a\n"
            "multiple of 16 bytes. IN.weights holds one signed decimal weight (-255..255) per line;\n"
            "'-' reads stdin, '-o -' writes the stream to stdout.\n"
            "  -o FILE   the stream to write (required)\n"
            "  -v        print the size to stderr: weights, bytes, bits per weight, slices, palettes\n"
            "Exit status: 0 encoded, 1 bad input ('file:line: reason') or I/O error, 2 usage error.\n",
            prog, prog);
}

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    int verbose = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "-o") == 0) {
            if (++i == argc) {
                fprintf(stderr, "%s: -o needs a file name\n", prog);
                return 2;
            }
            out = argv[i];
        } else if (strcmp(a, "-v") == 0) {
            verbose = 1;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "%s: unknown option %s (see --help)\n", prog, a);
            return 2;
        } else if (!in) {
            in = a;
        } else {
            fprintf(stderr, "%s: unexpected argument %s (see --help)\n", prog, a);
            return 2;
        }
    }
    if (!in) {
        fprintf(stderr, "%s: input file missing (see --help)\n", prog);
        return 2;
    }
    if (!out) {
        fprintf(stderr, "%s: output file missing: -o OUT.mlw (see --help)\n", prog);
        return 2;
    }
    const char *name = strcmp(in, "-") == 0 ? "<stdin>" : in;
    size_t tlen;
    char *txt = cli_slurp(prog, in, &tlen);
    if (!txt)
        return 1;
    int16_t *w;
    size_t n;
    char err[512];
    int rc = ethosu_mlw_parse_weights(txt, tlen, name, &w, &n, err, sizeof err);
    free(txt);
    if (rc) {
        fprintf(stderr, "%s: %s\n", prog, err);
        return 1;
    }
    uint8_t *mlw;
    size_t len;
    struct ethosu_mlw_encode_stats st;
    rc = ethosu_mlw_encode(w, n, &mlw, &len, &st, err, sizeof err);
    free(w);
    if (rc) {
        fprintf(stderr, "%s: %s: %s\n", prog, name, err);
        return 1;
    }
    FILE *f = cli_open_out(prog, out, "wb");
    if (!f) {
        free(mlw);
        return 1;
    }
    size_t wr = fwrite(mlw, 1, len, f);
    free(mlw);
    if (cli_close_out(prog, f, out) || wr != len)
        return 1;
    if (verbose)
        fprintf(stderr, "%s: %zu weights -> %zu bytes, %.3f bits per weight (%zu payload bits, %zu slices, %zu palette loads)\n",
                name, st.weights, st.bytes, st.bits_per_weight, st.bits, st.slices, st.sections);
    return 0;
}
