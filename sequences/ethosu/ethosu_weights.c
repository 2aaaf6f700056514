/* ethosu_weights: the weight-decoder sequence. Every shipped weight stream
 * (testdata/ethos-u-weights, or $ETHOSU_WEIGHTS) and 1,000 seeded
 * random streams (1..20,000 weights, 0..99 % zeros, made by the golden
 * encoder) go through the DUT's weight channel: a command stream sets
 * NPU_SET_WEIGHT_REGION/BASE/LENGTH, runs NPU_OP_CONV and stops; the
 * weights seen on the WDVALID/WDWEIGHT port must equal the golden decoder's
 * output weight for weight. Reports decoded weights per cycle.
 * The other registers of the NPU_OP_CONV stay at their reset values, so a
 * DUT that computes (the twin) refuses the operation once its weights are
 * out (cmd_parse_error: the stream fits no convolution); that ending is
 * accepted and the NPU soft-reset before the next stream. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "input_file.h"
#include "ethosu_cmd.h"
#include "ethosu_driver.h"
#include "ethosu_mlw.h"
#include "ethosu_mlw_encode.h"
#include "ethosu_regs.h"

#define WEIGHT_REGION 2u
/* region 2, behind M1: above 4 GiB on the Ethos-U65, at 2 GiB on the U55 (32-bit addresses) */
#define WEIGHT_BASE (ethosu_configs[ctx->cfg].addr_bits < 40 ? 0x080000000ull : 0x200000000ull)
#define CMD_ADDR 0x000020000ull
#define RANDOM_STREAMS 1000
#define MAX_WEIGHTS 20000
#define IRQ_TIMEOUT 2000000

struct wd_totals {
    uint64_t streams, weights, cycles;
};

/* Run one encoded stream through the weight channel and compare. */
static int run_stream(struct ethosu_seq_ctx *ctx, const uint8_t *mlw, size_t len, const char *what,
                      struct wd_totals *tot)
{
    int16_t *gold = NULL;
    size_t ngold = 0;
    char err[256];
    if (ethosu_mlw_decode(mlw, len, &gold, &ngold, err, sizeof err))
        return ethosu_seq_fail(ctx, "%s: the golden decoder rejects the stream: %s", what, err);
    uint64_t off = 0x100u * (tot->streams % 16);   /* vary the alignment of the stream */
    sparse_mem_write(ctx->seq.mem[1], WEIGHT_BASE + off, mlw, len);
    struct ethosu_stream s;
    ethosu_stream_init(&s);
    ethosu_stream_cmd0(&s, ETHOSU_NPU_SET_WEIGHT_REGION, WEIGHT_REGION);
    ethosu_stream_cmd1(&s, ETHOSU_NPU_SET_WEIGHT_BASE, 0, (uint32_t)off);
    ethosu_stream_cmd1(&s, ETHOSU_NPU_SET_WEIGHT_LENGTH, 0, (uint32_t)len);
    ethosu_stream_cmd0(&s, ETHOSU_NPU_OP_CONV, 0);
    ethosu_stream_cmd0(&s, ETHOSU_NPU_OP_STOP, 1);
    ethosu_wd_monitor_clear(ctx->wd);
    uint64_t start = ctx->seq.env->cycle;
    uint32_t st;
    int rc = ethosu_start_stream(ctx, &s, CMD_ADDR, 0) || ethosu_wait_irq(ctx, IRQ_TIMEOUT, &st) ||
             ethosu_clear_irq(ctx);
    if (!rc && (st & ETHOSU_STATUS_BUS_STATUS_MASK))
        rc = ethosu_seq_fail(ctx, "%s: STATUS 0x%08x reports a bus error", what, st);
    if (!rc && (st & ETHOSU_STATUS_CMD_PARSE_ERROR_MASK))   /* the operation refused: halted until reset */
        rc = ethosu_soft_reset(ctx, 1, 0, ETHOSU_PPROT_PRIV_SECURE) ||
             ethosu_set_region(ctx, WEIGHT_REGION, WEIGHT_BASE, 2);
    const struct ethosu_wd_monitor *m = ctx->wd;
    if (!rc && m->overflow)
        rc = ethosu_seq_fail(ctx, "%s: the weight monitor ran out of memory", what);
    if (!rc) {
        size_t n = m->n < ngold ? m->n : ngold;
        for (size_t i = 0; i < n && !rc; i++)
            if (m->w[i] != gold[i])
                rc = ethosu_seq_fail(ctx, "%s: weight %zu of %zu: expected %d (golden decoder), actual %d on WDWEIGHT",
                                     what, i, ngold, gold[i], m->w[i]);
        if (!rc && m->n != ngold)
            rc = ethosu_seq_fail(ctx, "%s: expected %zu weights on the WDVALID port, actual %zu", what, ngold, m->n);
        if (!rc && ngold && m->lasts != 1)
            rc = ethosu_seq_fail(ctx, "%s: expected one WDLAST, actual %llu", what, (unsigned long long)m->lasts);
    }
    if (!rc) {
        tot->streams++;
        tot->weights += ngold;
        tot->cycles += ngold ? m->last_cycle - m->first_cycle + 1 : 0;
        if (ctx->seq.env->verbose)
            printf("  %s: %zu weights in %llu cycles from the start\n", what, ngold,
                   (unsigned long long)(ctx->seq.env->cycle - start));
    }
    free(gold);
    return rc;
}

static int run_shipped(struct ethosu_seq_ctx *ctx, struct wd_totals *tot)
{
    const char *dir = getenv("ETHOSU_WEIGHTS");
    if (!dir)
        dir = "testdata/ethos-u-weights";
    DIR *d = opendir(dir);
    if (!d)
        return ethosu_seq_fail(ctx, "the shipped weight streams are not at %s: set ETHOSU_WEIGHTS", dir);
    int rc = 0, found = 0;
    struct dirent *e;
    while (!rc && (e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 5 || strcmp(e->d_name + l - 4, ".mlw"))
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        char why[1200];
        FILE *f = input_file_open(path, 0, NULL, why, sizeof why);   /* a FIFO named *.mlw would block */
        if (!f) {
            rc = ethosu_seq_fail(ctx, "cannot open %s", why);
            break;
        }
        uint8_t *buf = malloc(1 << 20);
        size_t n = buf ? fread(buf, 1, 1 << 20, f) : 0;
        fclose(f);
        if (!buf)
            rc = ethosu_seq_fail(ctx, "out of memory");
        else
            rc = run_stream(ctx, buf, n, e->d_name, tot);
        free(buf);
        found++;
    }
    closedir(d);
    if (!rc && !found)
        rc = ethosu_seq_fail(ctx, "no .mlw streams in %s", dir);
    if (!rc)
        printf("weight_decoder: %d shipped streams decoded as the golden decoder does\n", found);
    return rc;
}

/* A random weight: mostly small values, some full range. */
static int16_t random_weight(struct ethosu_seq_ctx *ctx, unsigned zero_pct, unsigned spread)
{
    if (bfm_rng_range(&ctx->seq.rng, 0, 99) < zero_pct)
        return 0;
    int v = (int)bfm_rng_range(&ctx->seq.rng, 0, 2 * spread) - (int)spread;
    return (int16_t)v;
}

static int run_random(struct ethosu_seq_ctx *ctx, struct wd_totals *tot)
{
    int16_t *w = malloc(MAX_WEIGHTS * sizeof *w);
    if (!w)
        return ethosu_seq_fail(ctx, "out of memory");
    int rc = 0;
    for (int i = 0; i < RANDOM_STREAMS && !rc; i++) {
        size_t n = (size_t)bfm_rng_range(&ctx->seq.rng, 1, MAX_WEIGHTS);
        if (i % 4)   /* most streams short, so the run stays quick; a quarter up to the maximum */
            n = 1 + n % 2000;
        unsigned zero_pct = (unsigned)bfm_rng_range(&ctx->seq.rng, 0, 99);
        static const unsigned spreads[] = { 1, 3, 15, 100, 255 };
        unsigned spread = spreads[bfm_rng_range(&ctx->seq.rng, 0, 4)];
        for (size_t k = 0; k < n; k++)
            w[k] = random_weight(ctx, zero_pct, spread);
        uint8_t *mlw = NULL;
        size_t len = 0;
        char err[256], what[96];
        if (ethosu_mlw_encode(w, n, &mlw, &len, NULL, err, sizeof err)) {
            rc = ethosu_seq_fail(ctx, "random stream %d: the golden encoder failed: %s", i, err);
            break;
        }
        snprintf(what, sizeof what, "random stream %d (%zu weights, %u%% zeros, spread %u)", i, n, zero_pct, spread);
        rc = run_stream(ctx, mlw, len, what, tot);
        free(mlw);
    }
    free(w);
    if (!rc)
        printf("weight_decoder: %d random streams decoded as the golden decoder does\n", RANDOM_STREAMS);
    return rc;
}

static int weight_decoder(struct ethosu_seq_ctx *ctx)
{
    if (!ctx->wd)   /* a harness without the pin-level port should have refused the test */
        return ethosu_seq_fail(ctx, "weight_decoder: this harness has no weight-decoder monitor");
    if (ethosu_soft_reset(ctx, 1, 0, ETHOSU_PPROT_PRIV_SECURE) ||
        ethosu_set_region(ctx, WEIGHT_REGION, WEIGHT_BASE, 2))
        return 1;
    struct wd_totals tot = { 0, 0, 0 };
    if (run_shipped(ctx, &tot) || run_random(ctx, &tot))
        return 1;
    printf("weight_decoder: %llu streams, %llu weights, %.3f decoded weights per cycle while streaming\n",
           (unsigned long long)tot.streams, (unsigned long long)tot.weights,
           tot.cycles ? (double)tot.weights / (double)tot.cycles : 0.0);
    return 0;
}

/* The weight channel is the Ethos-U55/U65 decoder's debug port; the
 * Ethos-U85's decoders (up to four, its own formats) have none in the twin
 * or the stub: a U85 configuration skips the test on both DUTs. */
static const char *weight_decoder_skip(int cfg, const char *dut, int user_rtl)
{
    (void)dut;
    (void)user_rtl;
    if (cfg < 0 || cfg >= ETHOSU_CFG_COUNT || ethosu_configs[cfg].product != ETHOSU_PRODUCT_U85)
        return NULL;
    return "the Ethos-U85's weight decoders have no debug port in this model (the weight channel WDVALID/WDWEIGHT "
           "is the Ethos-U55/U65 decoder's; the U85 twin decodes its weights inside the kernel operation, checked "
           "by the U85 network corpus)";
}

const struct ethosu_seq_test ethosu_weight_decoder = {
    "weight_decoder", "every shipped and 1,000 random weight streams through the weight channel vs the golden decoder",
    weight_decoder, 1, 0, 20000000, "the weight-decoder debug port (WDVALID/WDWEIGHT)", weight_decoder_skip };
