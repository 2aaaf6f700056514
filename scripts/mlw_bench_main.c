/* mlw-bench: size benchmark of the golden Ethos-U65 weight stream encoder (golden/ethosu_mlw_encode.h).
 *   mlw-bench [DIR] [-v]
 * For every NAME.weights in DIR with a NAME.mlw next to it: encode the weights, decode the result
 * with the golden decoder and compare, decode the shipped NAME.mlw as well, and print one table
 * row: case, weights, shipped bytes, our bytes, our bits per weight, ours / shipped. Then the
 * totals. Exit: 0 all round trips exact, 1 any failure, 2 usage or no cases. */
#include "ethosu_mlw.h"
#include "ethosu_mlw_encode.h"
#include "cli_io.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *prog = "mlw-bench";
#define DEFAULT_DIR "../shared/testdata/ethos-u-weights"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s [DIR] [-v]\n"
            "       %s --help\n"
            "Encodes every NAME.weights of DIR that has a NAME.mlw next to it with the golden encoder,\n"
            "decodes our stream back (it must give the weights again) and the shipped stream too, and\n"
            "prints: case, weights, shipped .mlw bytes, our bytes, our bits per weight, ours/shipped,\n"
            "then the totals. DIR defaults to %s (from the repository).\n"
            "  -v   also print slices, palette loads and encode time per case\n"
            "Exit status: 0 every round trip exact, 1 a failure, 2 usage error or no cases.\n",
            prog, prog, DEFAULT_DIR);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int same(const int16_t *a, size_t na, const int16_t *b, size_t nb, size_t *at)
{
    size_t i = 0;
    while (i < na && i < nb && a[i] == b[i])
        i++;
    *at = i;
    return na == nb && i == na;
}

int main(int argc, char **argv)
{
    const char *dir = NULL;
    int verbose = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "-v") == 0) {
            verbose = 1;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "%s: unknown option %s (see --help)\n", prog, argv[i]);
            return 2;
        } else if (!dir) {
            dir = argv[i];
        } else {
            fprintf(stderr, "%s: unexpected argument %s (see --help)\n", prog, argv[i]);
            return 2;
        }
    }
    if (!dir)
        dir = DEFAULT_DIR;
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "%s: cannot open directory %s: %s\n", prog, dir, strerror(errno));
        return 2;
    }
    char **names = NULL;
    size_t nn = 0, cap = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t l = strlen(de->d_name);
        if (l <= 8 || strcmp(de->d_name + l - 8, ".weights"))
            continue;
        if (nn == cap) {
            char **nb = realloc(names, (cap = cap ? 2 * cap : 16) * sizeof *names);
            if (!nb)
                break;
            names = nb;
        }
        names[nn] = malloc(l - 7);
        if (!names[nn])
            break;
        memcpy(names[nn], de->d_name, l - 8);
        names[nn][l - 8] = '\0';
        nn++;
    }
    closedir(d);
    qsort(names, nn, sizeof *names, cmp_str);

    size_t tot_w = 0, tot_ship = 0, tot_ours = 0, cases = 0;
    int failures = 0;
    printf("%-24s %8s %9s %9s %9s %7s\n", "case", "weights", "shipped", "ours", "ours bpw", "ratio");
    for (size_t c = 0; c < nn; c++) {
        char path[4096], err[256];
        snprintf(path, sizeof path, "%s/%s.mlw", dir, names[c]);
        size_t mlen, tlen;
        char *mlw = cli_slurp(prog, path, &mlen);
        if (!mlw) {
            free(names[c]);
            continue; /* no shipped stream: not a case */
        }
        snprintf(path, sizeof path, "%s/%s.weights", dir, names[c]);
        char *txt = cli_slurp(prog, path, &tlen);
        int16_t *w = NULL, *back = NULL, *ship = NULL;
        uint8_t *ours = NULL;
        size_t n = 0, olen = 0, nback = 0, nship = 0, at;
        struct ethosu_mlw_encode_stats st;
        const char *why = NULL;
        double ms = 0;
        cases++;
        if (!txt) {
            why = "cannot read the .weights";
        } else if (ethosu_mlw_parse_weights(txt, tlen, path, &w, &n, err, sizeof err)) {
            why = err;
        } else {
            struct timespec t0, t1;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            int rc = ethosu_mlw_encode(w, n, &ours, &olen, &st, err, sizeof err);
            clock_gettime(CLOCK_MONOTONIC, &t1);
            ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
            if (rc) {
                why = err;
            } else if (ethosu_mlw_decode(ours, olen, &back, &nback, err, sizeof err)) {
                why = err;
            } else if (!same(back, nback, w, n, &at)) {
                snprintf(err, sizeof err, "round trip differs at weight %zu (%zu decoded, %zu expected)", at, nback,
                         n);
                why = err;
            } else if (ethosu_mlw_decode((const uint8_t *)mlw, mlen, &ship, &nship, err, sizeof err)) {
                why = "the shipped stream does not decode";
            } else if (!same(ship, nship, w, n, &at)) {
                why = "the shipped stream does not decode to the .weights";
            }
        }
        if (why) {
            failures++;
            printf("%-24s FAIL: %s\n", names[c], why);
        } else {
            printf("%-24s %8zu %9zu %9zu %9.3f %7.3f\n", names[c], n, mlen, olen, st.bits_per_weight,
                   (double)olen / (double)mlen);
            if (verbose)
                printf("%-24s   slices %zu, palette loads %zu, payload bits %zu, encode %.2f ms\n", "", st.slices,
                       st.sections, st.bits, ms);
            tot_w += n;
            tot_ship += mlen;
            tot_ours += olen;
        }
        free(mlw);
        free(txt);
        free(w);
        free(back);
        free(ship);
        free(ours);
        free(names[c]);
    }
    free(names);
    if (!cases) {
        fprintf(stderr, "%s: no NAME.weights with a NAME.mlw in %s\n", prog, dir);
        return 2;
    }
    printf("%-24s %8zu %9zu %9zu %9.3f %7.3f\n", "total", tot_w, tot_ship, tot_ours,
           tot_w ? 8.0 * (double)tot_ours / (double)tot_w : 0.0, tot_ship ? (double)tot_ours / (double)tot_ship : 0.0);
    if (failures) {
        printf("%d of %zu cases FAILED\n", failures, cases);
        return 1;
    }
    printf("%zu cases, every round trip exact; ours %s the shipped total (%zu vs %zu bytes)\n", cases,
           tot_ours <= tot_ship ? "within" : "OVER", tot_ours, tot_ship);
    return 0;
}
