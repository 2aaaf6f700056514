/* bench-ethosu-conv: the Ethos-U65 twin's convolution rate (make bench,
 * section 3./4.): one decoded kernel operation through the twin's data
 * path without the bus, as ethosu_kexec runs it once its reads have
 * landed: plan the transfers, unpack the IFM, decode the weight stream(s),
 * invert the weight order, parse the scales, the golden operation, pack the
 * OFM. MAC/s is for the whole path, one host thread; on ethos-u65-512 the
 * two cores' streams are both decoded (the MACs are the operation's). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ethosu_cmd.h"
#include "ethosu_kexec.h"
#include "ethosu_mlw_encode.h"
#include "ethosu_scale_stream.h"
#include "ethosu_weight_order.h"

struct bcase {
    const char *name;
    unsigned h, w, ic, oc, k, stride, cores, depthwise;
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint32_t rnd(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

static void dense_map(struct ethosu_fm_layout *f, unsigned h, unsigned w, unsigned c, uint64_t base)
{
    memset(f, 0, sizeof *f);
    f->h = f->height0 = f->height1 = h;
    f->w = f->width0 = w;
    f->c = c;
    f->elem_bytes = 1;
    f->is_signed = 1;
    f->stride_x = c;
    f->stride_y = (int64_t)w * c;
    f->stride_c = 1;
    f->base[0] = base;
}

/* Core k's weight stream (channels k, k + cores, ...) and scale stream. */
static int streams(const struct bcase *b, unsigned k, uint8_t **w, uint32_t *wlen, uint8_t **s, uint32_t *slen)
{
    unsigned depth = (b->oc + b->cores - 1 - k) / b->cores, ifm = b->depthwise ? 1 : b->ic;
    struct ethosu_weight_order_cfg oc = {
        .ofm_depth = depth, .kernel_h = b->k, .kernel_w = b->k, .ifm_depth = ifm, .ofm_block_depth = 16 / b->cores,
        .ublk_depth = 8, .ifm_bits = 8, .kernel_split = 8, .dilation_x = 1, .dilation_y = 1,
        .traversal = b->depthwise ? ETHOSU_DEPTHWISE : ETHOSU_DEPTH_FIRST,
    };
    size_t n = (size_t)depth * b->k * b->k * ifm, count = ethosu_weight_order_count(&oc);
    int16_t *src = malloc(n * sizeof *src), *list = malloc(count * sizeof *list);
    uint32_t seed = 7 + k;
    for (size_t i = 0; src && i < n; i++)
        src[i] = (int16_t)((int)(rnd(&seed) % 31) - 15);
    size_t len = 0;
    int rc = !src || !list || ethosu_weight_order(&oc, src, list, count) ||
             ethosu_mlw_encode(list, count, w, &len, NULL, NULL, 0);
    free(src);
    free(list);
    *wlen = (uint32_t)len;
    *slen = depth * ETHOSU_SCALE_RECORD_BYTES;
    *s = malloc(*slen);
    for (unsigned o = 0; !rc && *s && o < depth; o++)
        rc = ethosu_scale_record_encode(100 - (int)o, 1u << 30, 38, *s + o * ETHOSU_SCALE_RECORD_BYTES);
    return rc || !*s ? -1 : 0;
}

static int bench(const struct bcase *b, double min_time)
{
    struct ethosu_kop op;
    memset(&op, 0, sizeof op);
    op.opcode = b->depthwise ? ETHOSU_NPU_OP_DEPTHWISE : ETHOSU_NPU_OP_CONV;
    unsigned oh = (b->h - 1) / b->stride + 1, ow = (b->w - 1) / b->stride + 1, pad = b->k / 2;
    dense_map(&op.ifm, b->h, b->w, b->ic, 0x1000);
    dense_map(&op.ofm, oh, ow, b->oc, 0x8000000);
    op.kernel_h = op.kernel_w = b->k;
    op.stride_x = op.stride_y = b->stride;
    op.dilation_x = op.dilation_y = 1;
    op.kernel_split = 8;
    op.pad_top = op.pad_left = pad;
    op.pad_bottom = (oh - 1) * b->stride + b->k > b->h + pad ? (oh - 1) * b->stride + b->k - b->h - pad : 0;
    op.pad_right = (ow - 1) * b->stride + b->k > b->w + pad ? (ow - 1) * b->stride + b->k - b->w - pad : 0;
    op.act_min = -128;
    op.act_max = 127;
    op.ofm_block_depth = 16;
    op.cores = b->cores;
    uint8_t *w[2] = { NULL, NULL }, *s[2] = { NULL, NULL };
    for (unsigned k = 0; k < b->cores; k++) {
        if (streams(b, k, &w[k], &op.weights[k].len, &s[k], &op.scales[k].len)) {
            fprintf(stderr, "bench-ethosu-conv: %s: building the streams failed\n", b->name);
            return 1;
        }
    }
    struct ethosu_kexec kx;
    ethosu_kx_init(&kx);
    char err[320];
    uint32_t seed = 3;
    unsigned runs = 0;
    double t0 = now(), t;
    do {
        if (ethosu_kx_prepare(&kx, &op, err, sizeof err)) {
            fprintf(stderr, "bench-ethosu-conv: %s: %s\n", b->name, err);
            return 1;
        }
        for (size_t i = 0; i < kx.ifm.bytes; i++)   /* the IFM as the reads would leave it */
            kx.ifm.buf[i] = (uint8_t)rnd(&seed);
        for (unsigned k = 0; k < b->cores; k++) {
            memcpy(kx.wbuf[k], w[k], op.weights[k].len);
            memcpy(kx.sbuf[k], s[k], op.scales[k].len);
        }
        if (ethosu_kx_compute(&kx, NULL, 0, err, sizeof err)) {
            fprintf(stderr, "bench-ethosu-conv: %s: %s\n", b->name, err);
            return 1;
        }
        runs++;
        t = now() - t0;
    } while (t < min_time);
    double macs = (double)oh * ow * b->oc * b->k * b->k * (b->depthwise ? 1 : b->ic);
    printf("| %s | ethos-u65-%u | %ux%ux%u | %ux%u%s | %ux%ux%u | %.0f | %u | %.3g | %.3g |\n", b->name,
           b->cores * 256, b->w, b->h, b->ic, b->k, b->k, b->stride > 1 ? " s2" : "", ow, oh, b->oc, macs, runs,
           t / runs, macs * runs / t);
    ethosu_kx_free(&kx);
    for (unsigned k = 0; k < 2; k++) {
        free(w[k]);
        free(s[k]);
    }
    return 0;
}

int main(int argc, char **argv)
{
    double min_time = 0.2;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            min_time = 0.02;
        else {
            fprintf(stderr, "usage: bench-ethosu-conv [--quick]\n");
            return 2;
        }
    }
    static const struct bcase cases[] = {
        { "1x1 pointwise", 48, 48, 64, 64, 1, 1, 1, 0 },
        { "3x3 same", 48, 48, 64, 64, 3, 1, 1, 0 },
        { "3x3 same", 48, 48, 64, 64, 3, 1, 2, 0 },
        { "3x3 stride 2", 96, 96, 16, 32, 3, 2, 1, 0 },
        { "depthwise 3x3", 96, 96, 32, 32, 3, 1, 1, 1 },
    };
    printf("### Ethos-U65 twin convolution (ethosu_kexec: unpack, weight decode and order, golden op, pack)\n\n");
    printf("| case | config | input WxHxC | kernel | output WxHxC | MACs | runs | s/run | MAC/s |\n");
    printf("|---|---|---|---|---|---:|---:|---:|---:|\n");
    int rc = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        rc |= bench(&cases[i], min_time);
    return rc;
}
