/* mlw-bench: size benchmark of the golden Ethos-U65 weight stream encoder (golden/ethosu/ethosu_mlw_encode.h).
 *   mlw-bench [DIR] [-v]
 * For every NAME.weights in DIR with a NAME.mlw next to it: encode the weights, decode the result
 * with the golden decoder and compare, decode the shipped NAME.mlw as well, and print one table
 * row: case, weights, shipped bytes, our bytes, our bits per weight, ours / shipped. Then the
 * totals. Exit: 0 all round trips exact, 1 any failure, 2 usage or no cases.
 *
 * Speed modes for scripts/bench/bench_codec.sh (weights files: raw int16, little-endian):
 *   mlw-bench --gen laplace|sparse90 N SEED OUT   write N seeded weights
 *   mlw-bench --time IN [-o OUT.mlw]              encode and decode once in this process; CPU
 *                                                 seconds of each call and the peak memory the
 *                                                 encode added, as key=value words
 *   mlw-bench --check IN STREAM.mlw               our decoder on any stream (Vela's): same weights? */
#include "ethosu_mlw.h"
#include "ethosu_mlw_encode.h"
#include "cli_io.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

static const char *prog = "mlw-bench";
#define DEFAULT_DIR "testdata/ethos-u-weights"

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
            "Exit status: 0 every round trip exact, 1 a failure, 2 usage error or no cases.\n"
            "Speed modes (scripts/bench/bench_codec.sh; weights files are raw int16 little-endian):\n"
            "  %s --gen laplace|sparse90 N SEED OUT   write N seeded weights (splitmix64)\n"
            "  %s --time IN [-o OUT.mlw]              one encode and one decode (after a warm-up on the\n"
            "        first 4096 weights): prints weights=,\n"
            "        bytes=, enc_cpu_s=, dec_cpu_s= (CPU seconds, user+sys, of the call only) and\n"
            "        enc_peak_kb= (peak resident size the encode added: VmHWM after - before)\n"
            "  %s --check IN STREAM.mlw               decode STREAM (any encoder's) and compare with IN\n",
            prog, prog, DEFAULT_DIR, prog, prog, prog);
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

/* ---- speed modes ------------------------------------------------------------------------------ */

/* splitmix64 and integer-only sampling, as the shipped cases are made (their README). */
static uint64_t rng;

static uint64_t next64(void)
{
    uint64_t z = (rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static unsigned below(unsigned n)
{
    return (unsigned)(((next64() >> 32) * n) >> 32);
}

/* Laplacian magnitude: from m0 up by one while below(100) < 85 (mean about 5.7), random sign. */
static int16_t laplace(int m0)
{
    int m = m0;
    while (m < ETHOSU_MLW_WEIGHT_MAX && below(100) < 85)
        m++;
    return (int16_t)(below(2) ? -m : m);
}

static int gen_mode(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "%s: --gen takes KIND N SEED OUT (see --help)\n", prog);
        return 2;
    }
    int sparse = strcmp(argv[2], "sparse90") == 0;
    char *end1, *end2;
    unsigned long long n = strtoull(argv[3], &end1, 10), seed = strtoull(argv[4], &end2, 10);
    if ((!sparse && strcmp(argv[2], "laplace")) || *end1 || *end2 || n == 0 || n > ETHOSU_MLW_ENCODE_MAX_WEIGHTS) {
        fprintf(stderr, "%s: --gen: bad KIND, N or SEED (laplace|sparse90, 1..2^30, decimal)\n", prog);
        return 2;
    }
    FILE *f = cli_open_out(prog, argv[5], "wb");
    if (!f)
        return 1;
    rng = seed;
    uint8_t buf[2 * 4096];
    for (unsigned long long i = 0; i < n;) {
        size_t k = 0;
        for (; k < 4096 && i < n; k++, i++) {
            /* sparse90: nine in ten zero, the others nonzero Laplacian */
            int16_t w = sparse ? (below(10) ? 0 : laplace(1)) : laplace(0);
            buf[2 * k] = (uint8_t)((uint16_t)w & 0xFFu);
            buf[2 * k + 1] = (uint8_t)((uint16_t)w >> 8);
        }
        fwrite(buf, 2, k, f);
    }
    return cli_close_out(prog, f, argv[5]);
}

/* Raw int16 weights, read into a buffer of exactly their size (no transient copy that would
 * raise the peak resident size before the measurement starts). */
static int16_t *load_i16(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open %s: %s\n", prog, path, strerror(errno));
        return NULL;
    }
    long sz = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    int16_t *w = sz > 0 && sz % 2 == 0 && fseek(f, 0, SEEK_SET) == 0 ? malloc((size_t)sz) : NULL;
    if (!w || fread(w, 1, (size_t)sz, f) != (size_t)sz) {
        fprintf(stderr, "%s: cannot read %s (or it is empty, or of odd length)\n", prog, path);
        free(w);
        fclose(f);
        return NULL;
    }
    fclose(f);
    *n = (size_t)sz / 2;
    for (size_t i = 0; i < *n; i++) { /* little-endian on any host */
        const uint8_t *b = (const uint8_t *)&w[i];
        w[i] = (int16_t)(uint16_t)(b[0] | b[1] << 8);
    }
    return w;
}

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Peak resident size of this process in KB: Linux's VmHWM (this program's own, reset by exec),
 * else ru_maxrss (which on Linux also counts the parent's size before the exec). */
static long maxrss_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0)
            kb = strtol(line + 6, NULL, 10);
    if (f)
        fclose(f);
    if (kb < 0) {
        struct rusage r;
        getrusage(RUSAGE_SELF, &r);
        kb = r.ru_maxrss;
    }
    return kb;
}

static int time_mode(int argc, char **argv)
{
    const char *out = NULL;
    if (argc == 5 && strcmp(argv[3], "-o") == 0)
        out = argv[4];
    else if (argc != 3) {
        fprintf(stderr, "%s: --time takes IN [-o OUT.mlw] (see --help)\n", prog);
        return 2;
    }
    size_t n, len, nb, at;
    int16_t *w = load_i16(argv[2], &n), *back = NULL;
    uint8_t *mlw = NULL;
    char err[256];
    if (!w)
        return 1;
    /* warm-up on the first 4096 weights: code paged in, heap set up, as in a process that
     * encodes layer after layer (Vela's side does the same) */
    if (ethosu_mlw_encode(w, n < 4096 ? n : 4096, &mlw, &len, NULL, err, sizeof err) == 0 &&
        ethosu_mlw_decode(mlw, len, &back, &nb, err, sizeof err) == 0)
        free(back);
    free(mlw);
    mlw = NULL;
    back = NULL;
    long rss0 = maxrss_kb();
    double t0 = cpu_seconds();
    int rc = ethosu_mlw_encode(w, n, &mlw, &len, NULL, err, sizeof err);
    double t1 = cpu_seconds();
    long rss1 = maxrss_kb();
    if (rc) {
        fprintf(stderr, "%s: encode: %s\n", prog, err);
        free(w);
        return 1;
    }
    double t2 = cpu_seconds();
    rc = ethosu_mlw_decode(mlw, len, &back, &nb, err, sizeof err);
    double t3 = cpu_seconds();
    if (rc || !same(back, nb, w, n, &at)) {
        fprintf(stderr, "%s: round trip: %s\n", prog, rc ? err : "decoded weights differ");
        rc = 1;
    } else if (out) {
        FILE *f = cli_open_out(prog, out, "wb");
        rc = !f || fwrite(mlw, 1, len, f) != len;
        rc |= f ? cli_close_out(prog, f, out) : 0;
    }
    if (!rc)
        printf("weights=%zu bytes=%zu enc_cpu_s=%.6f dec_cpu_s=%.6f enc_peak_kb=%ld\n", n, len, t1 - t0, t3 - t2,
               rss1 - rss0);
    free(w);
    free(mlw);
    free(back);
    return rc ? 1 : 0;
}

static int check_mode(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "%s: --check takes IN STREAM.mlw (see --help)\n", prog);
        return 2;
    }
    size_t n, len, nb, at;
    char err[256];
    int16_t *w = load_i16(argv[2], &n), *back = NULL;
    char *mlw = w ? cli_slurp(prog, argv[3], &len) : NULL;
    int rc = 1;
    if (!mlw)
        ;
    else if (ethosu_mlw_decode((const uint8_t *)mlw, len, &back, &nb, err, sizeof err))
        fprintf(stderr, "%s: %s: %s\n", prog, argv[3], err);
    else if (!same(back, nb, w, n, &at))
        fprintf(stderr, "%s: %s: weight %zu differs (%zu decoded, %zu expected)\n", prog, argv[3], at, nb, n);
    else {
        printf("%s: %zu weights, same as %s\n", argv[3], nb, argv[2]);
        rc = 0;
    }
    free(w);
    free(mlw);
    free(back);
    return rc;
}

int main(int argc, char **argv)
{
    const char *dir = NULL;
    int verbose = 0;
    if (argc > 1 && strcmp(argv[1], "--gen") == 0)
        return gen_mode(argc, argv);
    if (argc > 1 && strcmp(argv[1], "--time") == 0)
        return time_mode(argc, argv);
    if (argc > 1 && strcmp(argv[1], "--check") == 0)
        return check_mode(argc, argv);
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
