/* bench-golden: throughput of the golden models (no assertions on timing).
 *   bench-golden [--quick]
 * Prints two Markdown tables on stdout:
 *   1. golden_conv_run on a few layer sizes: MACs = out_w * out_h * K * R * S * C, seconds, MAC/s;
 *      beside it the Ethos-U65 convolution (ethosu_op_conv, what the twin computes each
 *      NPU_OP_CONV with) on the same layers, int8 with per-channel scales
 *   2. the Ethos-U weight stream encoder and decoder (golden/ethosu/ethosu_mlw*.h) on a few synthetic
 *      weight distributions: weights, stream bytes, bits/weight, encode and decode weights/s
 * Each case repeats until at least 0.2 s (0.02 s with --quick) have passed and reports the mean.
 * Then 3. the NVDLA golden convolution against issue 36's goal of 4 G MAC per CPU-second: the
 * layers above and two 48x48x64 ones, CPU time of the best of several runs (the least disturbed
 * by other work on the machine), G MAC/s and the ratio to 4 G per layer, the load average beside.
 * Exit: 0, or 1 if a model rejects a case or a round trip differs (a broken build, not timing). */
#include "ethosu_mlw.h"
#include "ethosu_mlw_encode.h"
#include "ethosu_ops.h"
#include "golden_conv.h"
#include "golden_tensor.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

static double min_time = 0.2;

struct conv_case {
    const char *name;
    uint32_t w, h, c, k, r, s, stride, dil, pad;
};

static double bench_ethosu_conv(const struct conv_case *cc, uint32_t out_w, uint32_t out_h);

/* The NVDLA INT8 layer of a case: symmetric padding, converter off, clip 4. */
static struct golden_conv_cfg nvdla_conv_cfg(const struct conv_case *cc)
{
    struct golden_conv_cfg c;
    memset(&c, 0, sizeof c);
    c.in_w = cc->w;
    c.in_h = cc->h;
    c.in_c = cc->c;
    c.kernel_w = cc->s;
    c.kernel_h = cc->r;
    c.kernel_c = cc->c;
    c.kernels = cc->k;
    c.stride_x = c.stride_y = cc->stride;
    c.dilation_x = c.dilation_y = cc->dil;
    c.pad_left = c.pad_top = cc->pad;
    uint32_t ew = (cc->s - 1) * cc->dil + 1, eh = (cc->r - 1) * cc->dil + 1;
    c.out_w = (cc->w + 2 * cc->pad - ew) / cc->stride + 1;
    c.out_h = (cc->h + 2 * cc->pad - eh) / cc->stride + 1;
    c.out_c = cc->k;
    c.clip_truncate = 4;
    return c;
}

static int bench_conv(const struct conv_case *cc)
{
    struct golden_conv_cfg c = nvdla_conv_cfg(cc);
    char why[160];
    if (golden_conv_check(&c, why, sizeof why) != 0) {
        fprintf(stderr, "bench-golden: conv %s rejected: %s\n", cc->name, why);
        return 1;
    }
    struct golden_tensor in, out;
    if (golden_tensor_init(&in, c.in_w, c.in_h, c.in_c) || golden_tensor_init(&out, c.out_w, c.out_h, c.out_c)) {
        fprintf(stderr, "bench-golden: out of memory\n");
        return 1;
    }
    for (size_t i = 0; i < golden_tensor_count(&in); i++)
        in.data[i] = (int32_t)(rnd() % 256) - 128;
    size_t wb = (size_t)golden_conv_weight_bytes(&c);
    uint8_t *wts = malloc(wb ? wb : 1);
    if (!wts)
        return 1;
    for (size_t i = 0; i < wb; i++)
        wts[i] = (uint8_t)rnd();
    uint64_t macs = (uint64_t)c.out_w * c.out_h * cc->k * cc->r * cc->s * cc->c;
    unsigned reps = 0;
    double t0 = now(), t;
    do {
        if (golden_conv_run(&c, &in, wts, wb, &out) != 0) {
            fprintf(stderr, "bench-golden: golden_conv_run failed on %s\n", cc->name);
            return 1;
        }
        reps++;
        t = now() - t0;
    } while (t < min_time);
    double per = t / reps;
    double eper = bench_ethosu_conv(cc, c.out_w, c.out_h);
    char erate[32] = "refused";
    if (eper > 0)
        snprintf(erate, sizeof erate, "%.3g", (double)macs / eper);
    printf("| %s | %ux%ux%u | %ux%ux%ux%u s%u d%u p%u | %ux%u | %" PRIu64 " | %u | %.6f | %.3g | %s |\n", cc->name,
           cc->w, cc->h, cc->c, cc->k, cc->r, cc->s, cc->c, cc->stride, cc->dil, cc->pad, c.out_w, c.out_h, macs,
           reps, per, (double)macs / per, erate);
    if (eper <= 0)
        return 1;
    golden_tensor_free(&in);
    golden_tensor_free(&out);
    free(wts);
    return 0;
}

/* The same layer as an Ethos-U65 NPU_OP_CONV (int8 in and out, per-channel
 * scale): seconds per run, or a negative value when the model refuses it. */
static double bench_ethosu_conv(const struct conv_case *cc, uint32_t out_w, uint32_t out_h)
{
    struct ethosu_kernel k = {
        .w = (cc->s - 1) * cc->dil + 1, .h = (cc->r - 1) * cc->dil + 1,
        .stride_x = cc->stride, .stride_y = cc->stride, .dilation_x = cc->dil, .dilation_y = cc->dil,
        .pad_top = cc->pad, .pad_left = cc->pad, .pad_bottom = cc->pad, .pad_right = cc->pad,
        .upscale = ETHOSU_UPSCALE_NONE,
    };
    size_t nin = (size_t)cc->w * cc->h * cc->c, nout = (size_t)out_w * out_h * cc->k;
    size_t nw = (size_t)cc->k * cc->r * cc->s * cc->c;
    int32_t *in = malloc(nin * sizeof *in), *out = malloc(nout * sizeof *out), *w = malloc(nw * sizeof *w);
    int64_t *bias = calloc(cc->k, sizeof *bias);
    uint32_t *scale = malloc(cc->k * sizeof *scale);
    uint8_t *shift = malloc(cc->k);
    double per = -1.0;
    if (!in || !out || !w || !bias || !scale || !shift)
        goto done;
    for (size_t i = 0; i < nin; i++)
        in[i] = (int32_t)(rnd() % 256) - 128;
    for (size_t i = 0; i < nw; i++)
        w[i] = (int32_t)(rnd() % 255) - 127;
    for (uint32_t o = 0; o < cc->k; o++) {
        scale[o] = 0x40000000u + (rnd() & 0xFFFFFu);
        shift[o] = 40;
    }
    struct ethosu_fmap ifm = {cc->h, cc->w, cc->c, ETHOSU_INT8, -3, in};
    struct ethosu_fmap ofm = {out_h, out_w, cc->k, ETHOSU_INT8, 5, out};
    struct ethosu_channel_scale cs = {bias, scale, shift, cc->k};
    struct ethosu_output_stage os = {.rounding = ETHOSU_ROUND_TFL, .act_min = -128, .act_max = 127};
    char err[200];
    unsigned reps = 0;
    double t0 = now(), t;
    do {
        if (ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err) != 0) {
            fprintf(stderr, "bench-golden: ethosu_op_conv refused %s: %s\n", cc->name, err);
            goto done;
        }
        reps++;
        t = now() - t0;
    } while (t < min_time);
    per = t / reps;
done:
    free(in);
    free(out);
    free(w);
    free(bias);
    free(scale);
    free(shift);
    return per;
}

/* ---- 3. the NVDLA golden convolution against the 4 G MAC per CPU-second goal ---- */

#define NVDLA_CONV_GOAL 4e9   /* issue 36: MACs per CPU-second on every layer */

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* G MAC per CPU-second of golden_conv_run on cc (best run of at least 5 and
 * of min_time CPU seconds), printed as a table row; *rate gets it, 0 on failure. */
static int bench_nvdla_goal(const struct conv_case *cc, double *rate)
{
    struct golden_conv_cfg c = nvdla_conv_cfg(cc);
    struct golden_tensor in, out;
    *rate = 0;
    if (golden_conv_check(&c, NULL, 0) || golden_tensor_init(&in, c.in_w, c.in_h, c.in_c) ||
        golden_tensor_init(&out, c.out_w, c.out_h, c.out_c)) {
        fprintf(stderr, "bench-golden: conv %s rejected or out of memory\n", cc->name);
        return 1;
    }
    for (size_t i = 0; i < golden_tensor_count(&in); i++)
        in.data[i] = (int32_t)(rnd() % 256) - 128;
    size_t wb = (size_t)golden_conv_weight_bytes(&c);
    uint8_t *wts = malloc(wb);
    if (!wts)
        return 1;
    for (size_t i = 0; i < wb; i++)
        wts[i] = (uint8_t)rnd();
    const uint64_t macs = (uint64_t)c.out_w * c.out_h * cc->k * cc->r * cc->s * cc->c;
    double best = 0, spent = 0;
    unsigned runs = 0;
    int rc = 0;
    while (runs < 5 || spent < min_time) {
        double t0 = cpu_now();
        if (golden_conv_run(&c, &in, wts, wb, &out) != 0) {
            fprintf(stderr, "bench-golden: golden_conv_run failed on %s\n", cc->name);
            rc = 1;
            break;
        }
        double t = cpu_now() - t0;
        if (runs++ == 0 || t < best)
            best = t;
        spent += t;
    }
    if (rc == 0 && best > 0) {
        *rate = (double)macs / best;
        printf("| %s | %ux%ux%u | %ux%ux%ux%u s%u d%u p%u | %" PRIu64 " | %u | %.1f | %.2f | %.2f |\n",
               cc->name, cc->w, cc->h, cc->c, cc->k, cc->r, cc->s, cc->c, cc->stride, cc->dil,
               cc->pad, macs, runs, best * 1e6, *rate / 1e9, *rate / NVDLA_CONV_GOAL);
    }
    golden_tensor_free(&in);
    golden_tensor_free(&out);
    free(wts);
    return rc;
}

static int bench_nvdla_goal_table(const struct conv_case *convs, size_t n)
{
    static const struct conv_case big[] = {
        {"3x3 48x48x64 (issue 36)", 48, 48, 64, 64, 3, 3, 1, 1, 1},
        {"1x1 48x48x64 (issue 36)", 48, 48, 64, 64, 1, 1, 1, 1, 0},
    };
    char load[64] = "unknown";
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (!fgets(load, sizeof load, f))
            snprintf(load, sizeof load, "unknown");
        load[strcspn(load, "\n")] = 0;
        fclose(f);
    }
    printf("\n### NVDLA golden convolution against 4 G MAC per CPU-second (issue 36)\n\n");
    printf("golden_conv_run, INT8, one thread; CPU time of the best run (load average %s: "
           "under load the best run is the least disturbed one).\n\n", load);
    printf("| case | input WxHxC | kernel KxRxSxC | MACs | runs | best CPU us/run | G MAC/CPU-s | ratio to 4 G |\n");
    printf("|---|---|---|---:|---:|---:|---:|---:|\n");
    int rc = 0;
    double slowest = 0;
    const char *slowest_name = "";
    for (size_t i = 0; i < n + sizeof big / sizeof big[0]; i++) {
        const struct conv_case *cc = i < n ? &convs[i] : &big[i - n];
        double rate;
        rc |= bench_nvdla_goal(cc, &rate);
        if (i == 0 || rate < slowest) {
            slowest = rate;
            slowest_name = cc->name;
        }
    }
    printf("\nSlowest layer: %s at %.2f G MAC/CPU-s, ratio %.2f to the 4 G goal: %s.\n", slowest_name,
           slowest / 1e9, slowest / NVDLA_CONV_GOAL, slowest >= NVDLA_CONV_GOAL ? "met" : "NOT met");
    return rc;
}

/* weight distributions: 0 uniform -255..255, 1 small (|w| <= 7, ~50% zero), 2 sparse (90% zero),
 * 3 few distinct values (palette friendly) */
static void fill_weights(int16_t *w, size_t n, int kind)
{
    static const int16_t pal[] = {-64, -17, -3, 0, 0, 2, 9, 31};
    for (size_t i = 0; i < n; i++) {
        uint32_t r = rnd();
        switch (kind) {
        case 0: w[i] = (int16_t)((int)(r % 511) - 255); break;
        case 1: w[i] = (r & 1) ? 0 : (int16_t)((int)((r >> 1) % 15) - 7); break;
        case 2: w[i] = (r % 10) ? 0 : (int16_t)((int)((r >> 8) % 255) - 127); break;
        default: w[i] = pal[r % 8]; break;
        }
    }
}

static int bench_mlw(const char *name, size_t n, int kind)
{
    int16_t *w = malloc(n * sizeof *w);
    if (!w)
        return 1;
    fill_weights(w, n, kind);
    char err[200];
    uint8_t *buf = NULL;
    size_t len = 0;
    unsigned er = 0;
    double t0 = now(), te;
    do {
        free(buf);
        buf = NULL;
        if (ethosu_mlw_encode(w, n, &buf, &len, NULL, err, sizeof err) != 0) {
            fprintf(stderr, "bench-golden: encode %s: %s\n", name, err);
            free(w);
            return 1;
        }
        er++;
        te = now() - t0;
    } while (te < min_time);
    unsigned dr = 0;
    int bad = 0;
    double td;
    t0 = now();
    do {
        int16_t *d = NULL;
        size_t dn = 0;
        if (ethosu_mlw_decode(buf, len, &d, &dn, err, sizeof err) != 0) {
            fprintf(stderr, "bench-golden: decode %s: %s\n", name, err);
            bad = 1;
            break;
        }
        if (dr == 0 && (dn != n || memcmp(d, w, n * sizeof *w) != 0)) {
            fprintf(stderr, "bench-golden: %s: round trip differs\n", name);
            bad = 1;
        }
        free(d);
        dr++;
        td = now() - t0;
    } while (td < min_time);
    if (!bad)
        printf("| %s | %zu | %zu | %.3f | %.3g | %.3g |\n", name, n, len, 8.0 * (double)len / (double)n,
               (double)n * er / te, (double)n * dr / td);
    free(buf);
    free(w);
    return bad;
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            min_time = 0.02;
        else {
            fprintf(stderr, "usage: bench-golden [--quick]\n");
            return 2;
        }
    }
    static const struct conv_case convs[] = {
        {"1x1 pointwise", 16, 16, 64, 64, 1, 1, 1, 1, 0},
        {"3x3 same", 16, 16, 32, 32, 3, 3, 1, 1, 1},
        {"3x3 stride 2", 32, 32, 16, 32, 3, 3, 2, 1, 1},
        {"5x5 dilated", 24, 24, 16, 16, 5, 5, 1, 2, 0},
        {"7x7 first layer", 56, 56, 8, 16, 7, 7, 2, 1, 3},
        {"1x1 deep C", 4, 4, 1024, 64, 1, 1, 1, 1, 0},
    };
    int rc = 0;
    printf("### Golden convolution: NVDLA (golden_conv_run) and Ethos-U65 (ethosu_op_conv, the twin's NPU_OP_CONV)\n\n");
    printf("| case | input WxHxC | kernel KxRxSxC | output WxH | MACs | runs | s/run | NVDLA MAC/s | Ethos-U65 MAC/s |\n");
    printf("|---|---|---|---|---:|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < sizeof convs / sizeof convs[0]; i++)
        rc |= bench_conv(&convs[i]);
    rc |= bench_nvdla_goal_table(convs, sizeof convs / sizeof convs[0]);
    printf("\n### Ethos-U weight stream encoder / decoder (synthetic weights)\n\n");
    printf("| distribution | weights | stream bytes | bits/weight | encode weights/s | decode weights/s |\n");
    printf("|---|---:|---:|---:|---:|---:|\n");
    rc |= bench_mlw("uniform -255..255", 65536, 0);
    rc |= bench_mlw("small (-7..7), 50% zero", 65536, 1);
    rc |= bench_mlw("sparse 90% zero", 65536, 2);
    rc |= bench_mlw("8-value palette", 65536, 3);
    rc |= bench_mlw("small, 1M weights", 1u << 20, 1);
    return rc ? 1 : 0;
}
