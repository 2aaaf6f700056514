/* mlw-decode: Ethos-U65 weight stream ("mlw") decoder (golden/ethosu/ethosu_mlw.h).
 *   mlw-decode STREAM.mlw [-o OUT.weights] [--slices]
 * Writes one signed decimal weight per line. Exit: 0 ok, 1 bad input, 2 usage. */
#include "ethosu_mlw.h"
#include "cli_io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *prog = "mlw-decode";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s STREAM.mlw [-o OUT.weights] [--slices]\n"
            "       %s --help\n"
            "Decodes an Ethos-U65 compressed weight stream (TRM 4.7) and writes the weights, one\n"
            "signed decimal per line (stdout by default; '-' reads stdin / writes stdout).\n"
            "  -o FILE    write the weights to FILE\n"
            "  --slices   print each slice header (bit position, fields, palette) to stderr\n"
            "Exit status: 0 decoded, 1 malformed stream or I/O error (message 'bit N: reason'),\n"
            "2 usage error.\n",
            prog, prog);
}

static void print_slice(void *user, const struct ethosu_mlw_slice_info *s)
{
    (void)user;
    const struct ethosu_mlw_slice_header *h = &s->hdr;
    fprintf(stderr,
            "slice %u (stream %u) bits %zu..%zu data %zu: zdiv %u slicelen %u (%u) wdiv %u wtrunc %u newpal %u "
            "dirofs %u palsize %u (%u) palbits %u (%u) chunks %u weights %zu..%zu",
            s->index, s->stream, s->header_bit, s->end_bit, s->data_bit, (unsigned)h->zdiv,
            (unsigned)h->slicelen, ethosu_mlw_slice_length(h), (unsigned)h->wdiv, (unsigned)h->wtrunc,
            (unsigned)h->newpal, (unsigned)h->dirofs, (unsigned)h->palsize, ethosu_mlw_palette_size(h),
            (unsigned)h->palbits, ethosu_mlw_palette_bits(h), s->chunks, s->first_weight,
            s->first_weight + s->n_weights);
    unsigned ps = ethosu_mlw_palette_size(h);
    if (ps) {
        fprintf(stderr, " palette");
        for (unsigned i = 0; i < ps; i++)
            fprintf(stderr, " %d", ethosu_mlw_code_to_weight(h->palette[i]));
    }
    fputc('\n', stderr);
}

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    int slices = 0;
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
        } else if (strcmp(a, "--slices") == 0) {
            slices = 1;
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
    size_t len, n;
    unsigned char *buf = (unsigned char *)cli_slurp(prog, in, &len);
    if (!buf)
        return 1;
    int16_t *w;
    char err[256];
    int rc = ethosu_mlw_decode_trace(buf, len, &w, &n, err, sizeof err, slices ? print_slice : NULL, NULL);
    free(buf);
    if (rc) {
        fprintf(stderr, "%s: %s: %s\n", prog, strcmp(in, "-") == 0 ? "<stdin>" : in, err);
        return 1;
    }
    FILE *f = cli_open_out(prog, out, "w");
    if (!f) {
        free(w);
        return 1;
    }
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%d\n", (int)w[i]);
    free(w);
    if (cli_close_out(prog, f, out))
        return 1;
    return 0;
}
