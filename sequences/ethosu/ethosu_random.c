/* ethosu_random: ethosu/random_dma, a seeded constrained-random test of the
 * Ethos-U command processor and mem2mem DMA (U55 and U65: command stream
 * 1.x, below; U85: 2.0, at the end of this comment).
 *
 * From ctx->seq.rng (seeded from SEED, which the harness prints) it builds one or
 * two random but legal command streams:
 *   - 8 regions with random byte-granular BASEP (some straddling 4 GiB, all
 *     below 2**40) and random REGIONCFG fields 0..3 (M0/M1, any AXI_LIMIT
 *     counter); random AXI_LIMIT0..3 (burst split, memtype, outstanding);
 *   - 1..8 DMA transfers per stream: random source/destination region,
 *     byte offsets (some above 4 GiB from their base: DMA0_SRC/DST param
 *     bits [47:32]), lengths 1..12000 bytes (1-byte, odd, unaligned, across
 *     4 KiB), 1D, 2D or 3D stride modes per side, the occasional empty
 *     (LEN 0) or SHRAM-internal destination, and "chained" transfers that read
 *     an earlier destination after a DMA_WAIT made it complete;
 *   - only the NPU_SET_DMA0_* state that changes is sent (the rest must be
 *     kept), sometimes a redundant resend or junk SIZE/SKIP in 1D mode;
 *   - random NPU_OP_DMA_WAIT 0/1 after starts, interleaved NPU_SET_* state
 *     commands (every TRM NPU_SET_* except DMA0_* and WEIGHT_REGION/BASE/
 *     LENGTH, random values), NPU_OP_KERNEL_WAIT, NPU_OP_PMU_MASK, an optional
 *     NPU_OP_IRQ, then DMA_WAIT 0 and NPU_OP_STOP with a random mask;
 *   - the stream at a random word address behind M0 or M1 (QCONFIG 0..3);
 *   - optionally a second stream after CMD.clear_irq: either resumed after
 *     the first STOP (one stream, CMD run again) or a new QBASE/QSIZE/QCONFIG,
 *     with some regions reprogrammed and the IRQ history optionally cleared.
 * A memcpy model on shadow memories gives the expected image. Every source,
 * destination (plus 16..47 random guard bytes each side, and the M1 bytes at
 * the same address when the destination region is configured for M1) and the
 * stream are placed without overlap and filled with random bytes, then
 * compared byte by byte after each stream; STATUS (exact value) and QREAD
 * are checked at every stop. A failure names the transfer, the address,
 * expected/actual, and prints the transfer table and the disassembled stream.
 *
 * Constraints, and why (stay within what both DUTs claim, README of
 * rtl_stubs/ethosu65 and sim/ethosu/ethosu_cmdproc.h):
 *   - DMA0_LEN param (bits [47:32]) is always 0: the stub uses the 32-bit
 *     payload only, the twin 48 bits.
 *   - stride_mode 0..2 only (3 is not in the TRM; both take it as 3D). The
 *     2D/3D addressing is the project's model, shared by both DUTs: mode =
 *     max(src, dst); LEN bytes per row; a 2D/3D side skips SKIP0 after each
 *     row and (3D) SKIP1 more after each plane; a 1D side is contiguous.
 *   - destinations are always checked in the M0 memory (TRM 3.3.3: DMA writes
 *     use AXI port 0 whatever REGIONCFG says) on the U55/U65.
 *   - no two transfers write the same bytes and no transfer reads bytes an
 *     unfinished one writes: the DUTs run descriptors in order, but the TRM
 *     only orders them through NPU_OP_DMA_WAIT, so chained reads come only
 *     from destinations a DMA_WAIT has completed.
 *   - NPU_SET_DMA0_* state is resent in full after a STOP (kept within a
 *     stream, not relied on across a stop).
 *   - no kernel operations: the twin computes them (ethosu_cmdproc.h) from
 *     the random state, which describes no feature map of the model.
 *   - IRQ/STOP masks are any 16-bit value; DMA_WAIT k is 0 or 1 (queue of 2).
 *
 * On an Ethos-U85 configuration the same flow builds command stream 2.0
 * (the U85 rows of the command table; the U55/U65 draws are untouched, so
 * a seed gives them the same streams as before):
 *   - DMA0_SRC_REGION region, region_mode 0, stride_mode D1/D2/D3 (one
 *     mode for both sides), idx_mode 0; DMA0_DST_REGION region and
 *     region_mode (1 now and then: the internal LUT RAM, not checked);
 *     SIZE0 rows, SIZE1 planes, signed 40-bit SRC_STRIDE0/1 and
 *     DST_STRIDE0/1, LEN bytes a row. Source strides are anything (rows
 *     backwards, overlapping, repeated with stride 0); destination rows and
 *     planes lie apart in either direction. 1D sends sizes and strides as
 *     junk now and then, 2D its SIZE1/STRIDE1.
 *   - filler NPU_SET_* from the U85 table (no DMA0_*, WEIGHT_REGION/BASE/
 *     LENGTH or operation; NPU_OP_BRANCH is a cmd1), KERNEL_WAIT 0/1.
 *   - the ports: MEM_ATTR0-3 get random axi_port bits (SRAM = M0, EXT =
 *     M1); a region's (and QCONFIG's) setting picks the entry. Both ports
 *     read and write: a destination is written and checked in its region's
 *     memory, and the other memory at its bytes must stay untouched.
 *   - the memcpy model walks the twin's U85 DMA (sim/ethosu/ethosu_cmdproc.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_cmd.h"
#include "ethosu_driver.h"
#include "ethosu_regs.h"

#define NREG 8
#define MAX_XFER 8                  /* per stream */
#define MAX_STREAMS 2
#define MAX_WORDS 2048
#define MAX_SPANS 256
#define REGION_WIN 0x100000ull      /* offsets of a transfer within 1 MiB of its region base */
#define CMD_WIN_BASE 0xF000000000ull
#define CMD_WIN_BASE_U55 0xF0000000ull  /* below 2**32 on the Ethos-U55 */
#define IRQ_TIMEOUT 1000000
#define STOP_POLLS 200000

#define R(addr, v) do { if (ethosu_read(ctx, (addr), (v))) return 1; } while (0)
#define W(addr, v) do { if (ethosu_write(ctx, (addr), (v))) return 1; } while (0)

enum { RESTART_NONE, RESTART_RESUME, RESTART_NEW };
static const char *const restart_name[] = { "single", "resume", "new QBASE" };

struct xfer {
    unsigned stream;
    unsigned src_reg, dst_reg;
    uint64_t src_off, dst_off;      /* 48-bit offsets */
    uint32_t len;
    unsigned src_mode, dst_mode;    /* 0 1D, 1 2D, 2 3D */
    uint16_t size0, size1;
    uint64_t skip0, skip1;
    int64_t stride[2][2];           /* Ethos-U85: [src/dst][row/plane] signed strides */
    int internal, chained;
    /* derived */
    uint64_t src, dst;              /* absolute */
    unsigned src_port, dst_cfg, dst_port;
    uint32_t rows, planes;
    uint64_t bytes;
};

enum span_kind { SPAN_SRC, SPAN_DST, SPAN_MIRROR, SPAN_STREAM };
struct span {
    unsigned mem;
    uint64_t lo, hi;                /* [lo, hi) */
    enum span_kind kind;
    int xfer;                       /* owner transfer (SPAN_SRC/DST/MIRROR) */
};

struct rstream {
    uint32_t w[MAX_WORDS];
    size_t n;
};

struct rnd {
    struct ethosu_seq_ctx *ctx;
    int u55;                        /* Ethos-U55: 1-D only, 32-bit addresses, no U65-only commands */
    int u85;                        /* Ethos-U85: command stream 2.0, writes on the region's port */
    unsigned attr_port[4];          /* Ethos-U85: MEM_ATTR[n].axi_port (0 SRAM = M0, 1 EXT = M1) */
    struct bfm_rng *rng;
    uint64_t base[NREG];
    unsigned cfg[NREG];
    struct xfer x[MAX_STREAMS * MAX_XFER];
    unsigned nx;
    struct span sp[MAX_SPANS];
    unsigned nsp;
    struct sparse_mem *ref[2];
    /* streams */
    unsigned restart, nstreams;
    struct rstream s[MAX_STREAMS];  /* RESUME: s[0] holds both, s[1] unused */
    uint64_t qaddr[MAX_STREAMS];
    unsigned qcfg[MAX_STREAMS];
    uint32_t stop_qread[MAX_STREAMS];   /* QREAD expected at each stop */
    uint16_t irq_or[MAX_STREAMS];       /* OR of NPU_OP_IRQ and STOP masks of each stream */
    unsigned first_x[MAX_STREAMS + 1];  /* transfers of stream k: first_x[k] .. first_x[k+1]-1 */
    int clear_hist;                      /* CMD clears the IRQ history before stream 1 */
    /* reprogramming between streams */
    unsigned nreprog;
    unsigned reprog_reg[4];
    uint64_t reprog_base[4];
    unsigned reprog_cfg[4];
    uint32_t axi_limit[4];
    uint64_t base0[NREG];           /* region setting of stream 0 */
    unsigned cfg0[NREG];
    /* DMA0 state the generator knows the DUT holds */
    unsigned known;                 /* bit i: field i of emit_dma_state sent in this stream */
    uint16_t k_srcr, k_dstr, k_size0, k_size1;
    uint64_t k_src, k_dst, k_len, k_skip0, k_skip1;
    int64_t k_stride[2][2];
    /* statistics */
    unsigned n_filler, n_modes[3], n_chained, n_internal, n_empty, n_waits, n_irq_ops, n_src_m1, n_dst_cfg_m1;
    uint64_t bytes;
};

static uint64_t rr(struct rnd *g, uint64_t lo, uint64_t hi) { return bfm_rng_range(g->rng, lo, hi); }
static int pct(struct rnd *g, unsigned p) { return bfm_rng_percent(g->rng, p); }

/* The AXI port of a 2-bit region or QCONFIG setting: 0/1 M0, 2/3 M1 on the
 * U55/U65; on the U85 the axi_port of MEM_ATTR[setting]. */
static unsigned port_of(const struct rnd *g, unsigned setting)
{
    return g->u85 ? g->attr_port[setting & 3u] : setting >= 2;
}

/* A random 40-bit two's complement value (a U85 stride sent as junk). */
static int64_t random_s40(struct rnd *g)
{
    uint64_t u = bfm_rng_next(g->rng) & 0xFFFFFFFFFFull;
    return (int64_t)(u ^ 0x8000000000ull) - (int64_t)0x8000000000ull;
}

/* ---- stream building ------------------------------------------------------------------ */

static void emit(struct rstream *s, uint16_t opcode, uint16_t param, uint32_t payload)
{
    struct ethosu_cmd c = { .opcode = opcode, .is_cmd1 = (opcode & ETHOSU_CMD1_FLAG) != 0, .param = param,
                            .payload = payload };
    uint32_t w[2];
    int n = ethosu_cmd_encode(&c, w);
    for (int i = 0; i < n && s->n < MAX_WORDS; i++)
        s->w[s->n++] = w[i];
}

/* NPU_SET_* state the DUTs must accept and either keep or drop without effect
 * on the DMA: every TRM NPU_SET_* but DMA0_* and the kept weight state. */
static int filler_ok(const struct rnd *g, uint16_t op)
{
    if (g->u55 && (op == ETHOSU_NPU_SET_PARALLEL_MODE || op == ETHOSU_NPU_SET_WEIGHT1_BASE ||
                   op == ETHOSU_NPU_SET_WEIGHT1_LENGTH || op == ETHOSU_NPU_SET_SCALE1_BASE ||
                   op == ETHOSU_NPU_SET_SCALE1_LENGTH))
        return 0;   /* Ethos-U65 commands: the U55 stops at them (cmd_parse_error) */
    if (!(op & ETHOSU_CMD1_FLAG) && op < 0x100)
        return 0;   /* operations */
    switch (op) {
    case ETHOSU_NPU_SET_DMA0_SRC_REGION: case ETHOSU_NPU_SET_DMA0_DST_REGION:
    case ETHOSU_NPU_SET_DMA0_SIZE0: case ETHOSU_NPU_SET_DMA0_SIZE1:
    case ETHOSU_NPU_SET_DMA0_SRC: case ETHOSU_NPU_SET_DMA0_DST: case ETHOSU_NPU_SET_DMA0_LEN:
    case ETHOSU_NPU_SET_DMA0_SKIP0: case ETHOSU_NPU_SET_DMA0_SKIP1:
    case ETHOSU_NPU_SET_WEIGHT_REGION: case ETHOSU_NPU_SET_WEIGHT_BASE: case ETHOSU_NPU_SET_WEIGHT_LENGTH:
        return 0;
    }
    return 1;
}

/* The same on the Ethos-U85, from its command table: every NPU_SET_* but
 * DMA0_* (IDX included) and WEIGHT_REGION/BASE/LENGTH, no operation
 * (NPU_OP_BRANCH is a cmd1). */
static int filler_ok_u85(uint16_t op)
{
    if ((!(op & ETHOSU_CMD1_FLAG) && op < 0x100) || op == ETHOSU85_NPU_OP_BRANCH)
        return 0;   /* operations */
    if ((op & ~0xFu) == ETHOSU85_NPU_SET_DMA0_SRC_REGION || (op & ~0xFu) == ETHOSU85_NPU_SET_DMA0_SRC)
        return 0;   /* 0x0130..0x013F, 0x4030..0x403F: the DMA0_* state */
    switch (op) {
    case ETHOSU85_NPU_SET_WEIGHT_REGION: case ETHOSU85_NPU_SET_WEIGHT_BASE: case ETHOSU85_NPU_SET_WEIGHT_LENGTH:
        return 0;
    }
    return 1;
}

static void emit_filler_u85(struct rnd *g, struct rstream *s)
{
    unsigned kind = (unsigned)rr(g, 0, 99);
    g->n_filler++;
    if (kind < 8) {
        emit(s, ETHOSU85_NPU_OP_KERNEL_WAIT, (uint16_t)rr(g, 0, 1), 0);
    } else if (kind < 12) {
        emit(s, ETHOSU85_NPU_OP_PMU_MASK, (uint16_t)rr(g, 0, 1), 0);
    } else {
        uint16_t op;
        do
            op = ethosu_cmd_opcode_at_for(ETHOSU_CMD_U85, (size_t)rr(g, 0, ethosu_cmd_count_for(ETHOSU_CMD_U85) - 1));
        while (!filler_ok_u85(op));
        emit(s, op, (uint16_t)bfm_rng_next(g->rng), (uint32_t)bfm_rng_next(g->rng));
    }
}

static void emit_filler(struct rnd *g, struct rstream *s)
{
    if (g->u85) {
        emit_filler_u85(g, s);
        return;
    }
    unsigned kind = (unsigned)rr(g, 0, 99);
    g->n_filler++;
    if (kind < 8) {
        emit(s, ETHOSU_NPU_OP_KERNEL_WAIT, (uint16_t)rr(g, 0, 3), 0);
    } else if (kind < 12) {
        emit(s, ETHOSU_NPU_OP_PMU_MASK, (uint16_t)rr(g, 0, 1), 0);
    } else {
        uint16_t op;
        do
            op = ethosu_cmd_opcode_at((size_t)rr(g, 0, ethosu_cmd_count() - 1));
        while (!filler_ok(g, op));
        emit(s, op, (uint16_t)bfm_rng_next(g->rng), (uint32_t)bfm_rng_next(g->rng));
    }
}

/* ---- placement -------------------------------------------------------------------------- */

static int overlaps(const struct rnd *g, unsigned mem, uint64_t lo, uint64_t hi)
{
    for (unsigned i = 0; i < g->nsp; i++)
        if (g->sp[i].mem == mem && lo < g->sp[i].hi && g->sp[i].lo < hi)
            return 1;
    return 0;
}

static void add_span(struct rnd *g, unsigned mem, uint64_t lo, uint64_t hi, enum span_kind kind, int xfer)
{
    if (g->nsp < MAX_SPANS)
        g->sp[g->nsp++] = (struct span){ mem, lo, hi, kind, xfer };
}

/* A free [addr - before, addr + size + after) in mem with addr in [lo, lo + win - size). */
static int place(struct rnd *g, unsigned mem, uint64_t lo, uint64_t win, uint64_t size, uint64_t before,
                 uint64_t after, uint64_t *addr)
{
    if (size + before + after >= win)
        return 0;
    for (int t = 0; t < 200; t++) {
        uint64_t a = lo + before + rr(g, 0, win - size - before - after);
        if (!overlaps(g, mem, a - before, a + size + after)) {
            *addr = a;
            return 1;
        }
    }
    return 0;
}

static uint64_t random_base(struct rnd *g, unsigned r)
{
    if (g->u55)   /* a 256 MiB window per region: below 2**32 */
        return ((uint64_t)r << 28) + rr(g, 0, 0x0FF00000ull);
    uint64_t hi = (uint64_t)r << 36;   /* a 64 GiB window per region: below 2**40 */
    if (pct(g, 25))
        return hi + 0xFFF00000ull + rr(g, 0, 0xFFFFF);   /* transfers may straddle 4 GiB */
    return hi + rr(g, 0, 0xFFFFFFFFull);
}

/* ---- transfer geometry (the model both DUTs implement) -------------------------------- */

/* The row and plane steps of one side (0 source, 1 destination). U55/U65:
 * a row is LEN + SKIP0 bytes on a side in 2D/3D mode, a plane its rows
 * plus SKIP1 in 3D mode. U85: the side's signed STRIDE0/STRIDE1 in the one
 * stride mode of both sides. */
static void steps(const struct rnd *g, const struct xfer *x, unsigned side, int64_t *rs, int64_t *ps)
{
    unsigned mode = side ? x->dst_mode : x->src_mode;
    if (g->u85) {
        *rs = mode >= 1 ? x->stride[side][0] : 0;
        *ps = mode == 2 ? x->stride[side][1] : 0;
        return;
    }
    uint64_t r = mode >= 1 ? (uint64_t)x->len + x->skip0 : x->len;
    *rs = (int64_t)r;
    *ps = (int64_t)((uint64_t)x->rows * r + (mode == 2 ? x->skip1 : 0));
}

static uint64_t row_addr(const struct rnd *g, const struct xfer *x, unsigned side, uint64_t base, uint32_t row,
                         uint32_t plane)
{
    int64_t rs, ps;
    steps(g, x, side, &rs, &ps);
    return base + (uint64_t)((int64_t)plane * ps) + (uint64_t)((int64_t)row * rs);
}

/* The bytes a side touches relative to its first row's address: [*lo, *hi)
 * with *lo <= 0 (a negative U85 stride reaches below it); 0, 0 when the
 * transfer moves nothing. The corners bound it: addresses are linear in
 * row and plane. */
static void extent(const struct rnd *g, const struct xfer *x, unsigned side, int64_t *lo, int64_t *hi)
{
    *lo = *hi = 0;
    if (!x->bytes)
        return;
    int64_t rs, ps;
    steps(g, x, side, &rs, &ps);
    for (unsigned c = 0; c < 4; c++) {
        int64_t o = (int64_t)((c & 1u) ? x->rows - 1 : 0) * rs + (int64_t)((c & 2u) ? x->planes - 1 : 0) * ps;
        if (o < *lo)
            *lo = o;
        if (o + (int64_t)x->len > *hi)
            *hi = o + (int64_t)x->len;
    }
}

static void geometry(struct xfer *x)
{
    unsigned mode = x->src_mode > x->dst_mode ? x->src_mode : x->dst_mode;
    x->rows = mode >= 1 ? x->size0 : 1;
    x->planes = mode == 2 ? x->size1 : 1;
    x->bytes = (uint64_t)x->len * x->rows * x->planes;
}

/* ---- generation ------------------------------------------------------------------------- */

/* A source in a completed destination span (M0): the transfer reads what an
 * earlier one wrote. 1 if one was set up. */
static int pick_chained(struct rnd *g, struct xfer *x, unsigned complete_upto)
{
    unsigned cand[MAX_SPANS], nc = 0;
    uint64_t need = x->bytes;   /* chained sources are 1D: contiguous */
    for (unsigned i = 0; i < g->nsp; i++)
        if (g->sp[i].kind == SPAN_DST && g->sp[i].xfer >= 0 && (unsigned)g->sp[i].xfer < complete_upto &&
            g->sp[i].hi - g->sp[i].lo >= need)
            cand[nc++] = i;
    if (!nc)
        return 0;
    const struct span *s = &g->sp[cand[rr(g, 0, nc - 1)]];
    uint64_t a = s->lo + rr(g, 0, s->hi - s->lo - need);
    /* any region behind the span's port with its base at or below a reaches it */
    unsigned regs[NREG], nr = 0;
    for (unsigned r = 0; r < NREG; r++)
        if (port_of(g, g->cfg[r]) == s->mem && g->base[r] <= a)
            regs[nr++] = r;
    if (!nr)
        return 0;
    x->src_reg = regs[rr(g, 0, nr - 1)];
    x->src_off = a - g->base[x->src_reg];
    x->chained = 1;
    return 1;
}

/* 1D transfer lengths: empty, 1-16, up to 512, 4096 or 12000 bytes. */
static uint32_t random_len_1d(struct rnd *g)
{
    unsigned l = (unsigned)rr(g, 0, 99);
    return l < 2 ? 0 : l < 27 ? (uint32_t)rr(g, 1, 16) : l < 62 ? (uint32_t)rr(g, 17, 512)
         : l < 92 ? (uint32_t)rr(g, 513, 4096) : (uint32_t)rr(g, 4097, 12000);
}

/* An Ethos-U85 transfer's shape: one stride mode for both sides. A source
 * stride is anything (rows read backwards, overlapping or repeated with
 * stride 0); a destination's rows and planes lie apart in either direction,
 * so no byte is written twice. In 1D the sizes and strides are ignored (and
 * sometimes sent as junk); in 2D so are SIZE1 and STRIDE1. */
static void shape_u85(struct rnd *g, struct xfer *x)
{
    unsigned shape = (unsigned)rr(g, 0, 99);
    if (shape < 55) {
        x->len = random_len_1d(g);
        x->size0 = (uint16_t)bfm_rng_next(g->rng);
        x->size1 = (uint16_t)bfm_rng_next(g->rng);
        for (unsigned i = 0; i < 4; i++)
            x->stride[i >> 1][i & 1u] = random_s40(g);
        return;
    }
    unsigned mode = shape < 80 ? 1 : 2;
    x->src_mode = x->dst_mode = mode;
    x->len = pct(g, 80) ? (uint32_t)rr(g, 1, 64) : (uint32_t)rr(g, 65, 300);
    x->size0 = pct(g, 2) ? 0 : (uint16_t)rr(g, 1, 6);
    x->size1 = mode == 2 ? (uint16_t)rr(g, 1, 3) : (uint16_t)bfm_rng_next(g->rng);
    x->stride[0][0] = pct(g, 10) ? 0 : (int64_t)rr(g, 0, 600) - 300;
    x->stride[0][1] = pct(g, 10) ? 0 : (int64_t)rr(g, 0, 2000) - 1000;
    int64_t d0 = (int64_t)x->len + (int64_t)rr(g, 0, 200);
    int64_t d1 = (int64_t)x->size0 * d0 + (int64_t)rr(g, 0, 300);
    x->stride[1][0] = pct(g, 30) ? -d0 : d0;
    x->stride[1][1] = pct(g, 30) ? -d1 : d1;
}

static int gen_xfer(struct rnd *g, struct xfer *x, unsigned complete_upto)
{
    memset(x, 0, sizeof *x);
    unsigned shape = g->u85 ? 0 : (unsigned)rr(g, 0, 99);
    if (g->u85) {
        shape_u85(g, x);
    } else if (shape < 65 || g->u55) {                         /* 1D (the Ethos-U55's only DMA) */
        x->len = random_len_1d(g);
        x->size0 = (uint16_t)bfm_rng_next(g->rng);      /* ignored in 1D; maybe sent as junk */
        x->size1 = (uint16_t)bfm_rng_next(g->rng);
        x->skip0 = bfm_rng_next(g->rng) & 0xFFFFFFFFFFFFull;
        x->skip1 = bfm_rng_next(g->rng) & 0xFFFFFFFFFFFFull;
    } else {                                            /* 2D / 3D on one or both sides */
        unsigned mode = shape < 85 ? 1 : 2;
        x->src_mode = (unsigned)rr(g, 0, mode);
        x->dst_mode = (unsigned)rr(g, 0, mode);
        if (x->src_mode != mode && x->dst_mode != mode)
            *(pct(g, 50) ? &x->src_mode : &x->dst_mode) = mode;
        x->len = pct(g, 80) ? (uint32_t)rr(g, 1, 64) : (uint32_t)rr(g, 65, 300);
        x->size0 = pct(g, 2) ? 0 : (uint16_t)rr(g, 1, 6);
        x->size1 = (uint16_t)rr(g, 1, 3);
        x->skip0 = pct(g, 10) ? 0 : rr(g, 1, 200);
        x->skip1 = pct(g, 10) ? 0 : rr(g, 1, 300);
    }
    geometry(x);
    x->internal = pct(g, 4);
    x->dst_reg = (unsigned)rr(g, 0, NREG - 1);
    if (!(x->src_mode == 0 && x->bytes && pct(g, 20) && pick_chained(g, x, complete_upto)))
        x->src_reg = (unsigned)rr(g, 0, NREG - 1);
    x->src_port = port_of(g, g->cfg[x->src_reg]);
    x->dst_cfg = g->cfg[x->dst_reg];
    /* U55/U65 DMA writes use M0 (TRM 3.3.3); the U85's the region's port */
    x->dst_port = g->u85 && !x->internal ? port_of(g, x->dst_cfg) : 0;
    int idx = (int)(x - g->x);
    int64_t elo, ehi;
    /* source: the span from its lowest byte, the first row elo above that */
    if (!x->chained) {
        extent(g, x, 0, &elo, &ehi);
        uint64_t fp = (uint64_t)(ehi - elo), a;
        /* mostly near the base, sometimes far above it: offsets beyond 32 bits */
        uint64_t lo = g->base[x->src_reg] + (!g->u55 && pct(g, 15) ? rr(g, 1, 0x3Full) << 32 : 0);
        if (!place(g, x->src_port, lo, REGION_WIN, fp ? fp : 1, 0, 0, &a))
            return 0;
        x->src_off = a - (uint64_t)elo - g->base[x->src_reg];
        add_span(g, x->src_port, a, a + (fp ? fp : 1), SPAN_SRC, idx);
    }
    /* destination with its guard bytes, in the memory of its write port */
    extent(g, x, 1, &elo, &ehi);
    uint64_t fp = (uint64_t)(ehi - elo), a;
    uint64_t gb = rr(g, 16, 47), ga = rr(g, 16, 47);
    uint64_t lo = g->base[x->dst_reg] + (!g->u55 && pct(g, 15) ? rr(g, 1, 0x3Full) << 32 : 0);
    if (!place(g, x->dst_port, lo, REGION_WIN, fp ? fp : 1, gb, ga, &a))
        return 0;
    x->dst_off = a - (uint64_t)elo - g->base[x->dst_reg];
    add_span(g, x->dst_port, a - gb, a + (fp ? fp : 1) + ga, SPAN_DST, idx);
    /* the other memory at the same bytes must not be written: M1 of a region
     * configured for M1 on the U55/U65, the port not chosen on the U85 */
    unsigned other = g->u85 ? !x->dst_port : 1u;
    if ((g->u85 || x->dst_cfg >= 2) && !overlaps(g, other, a - gb, a + (fp ? fp : 1) + ga))
        add_span(g, other, a - gb, a + (fp ? fp : 1) + ga, SPAN_MIRROR, idx);
    x->src = g->base[x->src_reg] + x->src_off;
    x->dst = g->base[x->dst_reg] + x->dst_off;
    return 1;
}

static void shuffle(struct rnd *g, unsigned *v, unsigned n)
{
    for (unsigned i = n; i > 1; i--) {
        unsigned j = (unsigned)rr(g, 0, i - 1), t = v[i - 1];
        v[i - 1] = v[j];
        v[j] = t;
    }
}

/* DMA0 state fields 0..6 of either command set (SRC_REGION, DST_REGION,
 * SRC, DST, LEN, SIZE0, SIZE1: the same opcodes in 1.x and 2.0); srcr and
 * dstr are the region params of that set. */
static void emit_dma_common(struct rnd *g, struct rstream *s, const struct xfer *x, unsigned field, uint16_t srcr,
                            uint16_t dstr)
{
    switch (field) {
    case 0: emit(s, ETHOSU_NPU_SET_DMA0_SRC_REGION, srcr, 0); g->k_srcr = srcr; break;
    case 1: emit(s, ETHOSU_NPU_SET_DMA0_DST_REGION, dstr, 0); g->k_dstr = dstr; break;
    case 2: emit(s, ETHOSU_NPU_SET_DMA0_SRC, (uint16_t)(x->src_off >> 32), (uint32_t)x->src_off);
            g->k_src = x->src_off; break;
    case 3: emit(s, ETHOSU_NPU_SET_DMA0_DST, (uint16_t)(x->dst_off >> 32), (uint32_t)x->dst_off);
            g->k_dst = x->dst_off; break;
    case 4: emit(s, ETHOSU_NPU_SET_DMA0_LEN, 0, x->len); g->k_len = x->len; break;
    case 5: emit(s, ETHOSU_NPU_SET_DMA0_SIZE0, x->size0, 0); g->k_size0 = x->size0; break;
    case 6: emit(s, ETHOSU_NPU_SET_DMA0_SIZE1, x->size1, 0); g->k_size1 = x->size1; break;
    }
}

/* The DMA0 state commands of x: what changed, in random order. */
static void emit_dma_state(struct rnd *g, struct rstream *s, const struct xfer *x)
{
    uint16_t srcr = (uint16_t)(x->src_reg | x->src_mode << 9);
    uint16_t dstr = (uint16_t)(x->dst_reg | (unsigned)x->internal << 8 | x->dst_mode << 9);
    int strided = x->src_mode || x->dst_mode;
    int junk = !strided && pct(g, 15);
    int resend = pct(g, 10);
    unsigned order[9], n = 0;
#define NEED(i, changed) (!(g->known >> (i) & 1u) || resend || (changed))
    if (NEED(0, srcr != g->k_srcr)) order[n++] = 0;
    if (NEED(1, dstr != g->k_dstr)) order[n++] = 1;
    if (NEED(2, x->src_off != g->k_src)) order[n++] = 2;
    if (NEED(3, x->dst_off != g->k_dst)) order[n++] = 3;
    if (NEED(4, x->len != g->k_len)) order[n++] = 4;
    /* SIZE/SKIP matter only in 2D/3D; in 1D they are sometimes sent as junk to be ignored */
    if ((strided || (junk && !g->u55)) && NEED(5, x->size0 != g->k_size0)) order[n++] = 5;
    if ((strided || (junk && !g->u55)) && NEED(6, x->size1 != g->k_size1)) order[n++] = 6;
    if ((strided || (junk && !g->u55)) && NEED(7, x->skip0 != g->k_skip0)) order[n++] = 7;
    if ((strided || (junk && !g->u55)) && NEED(8, x->skip1 != g->k_skip1)) order[n++] = 8;
#undef NEED
    shuffle(g, order, n);
    for (unsigned i = 0; i < n; i++) {
        if (pct(g, 10))
            emit_filler(g, s);
        g->known |= 1u << order[i];
        switch (order[i]) {
        default: emit_dma_common(g, s, x, order[i], srcr, dstr); break;
        case 7: emit(s, ETHOSU_NPU_SET_DMA0_SKIP0, (uint16_t)(x->skip0 >> 32), (uint32_t)x->skip0);
                g->k_skip0 = x->skip0; break;
        case 8: emit(s, ETHOSU_NPU_SET_DMA0_SKIP1, (uint16_t)(x->skip1 >> 32), (uint32_t)x->skip1);
                g->k_skip1 = x->skip1; break;
        }
    }
}

/* A U85 stride command: the 40-bit two's complement value, bits [39:32] in the param. */
static void emit_stride(struct rstream *s, uint16_t opcode, int64_t v)
{
    uint64_t u = (uint64_t)v & 0xFFFFFFFFFFull;
    emit(s, opcode, (uint16_t)(u >> 32), (uint32_t)u);
}

/* The Ethos-U85's DMA0 state of x (command stream 2.0): DMA0_SRC_REGION
 * region, region_mode 0 (external), stride_mode of both sides, idx_mode 0;
 * DMA0_DST_REGION region and region_mode (1: the internal LUT RAM);
 * SIZE0/SIZE1, SRC_STRIDE0/1 and DST_STRIDE0/1. What changed, in random
 * order, as emit_dma_state. */
static void emit_dma_state_u85(struct rnd *g, struct rstream *s, const struct xfer *x)
{
    static const uint16_t stride_op[2][2] = {
        { ETHOSU85_NPU_SET_DMA0_SRC_STRIDE0, ETHOSU85_NPU_SET_DMA0_SRC_STRIDE1 },
        { ETHOSU85_NPU_SET_DMA0_DST_STRIDE0, ETHOSU85_NPU_SET_DMA0_DST_STRIDE1 },
    };
    uint16_t srcr = (uint16_t)(x->src_reg | x->src_mode << 9);
    uint16_t dstr = (uint16_t)(x->dst_reg | (unsigned)x->internal << 8);
    int strided = x->src_mode != 0;
    int junk = !strided && pct(g, 15);
    int resend = pct(g, 10);
    unsigned order[11], n = 0;
#define NEED(i, changed) (!(g->known >> (i) & 1u) || resend || (changed))
    if (NEED(0, srcr != g->k_srcr)) order[n++] = 0;
    if (NEED(1, dstr != g->k_dstr)) order[n++] = 1;
    if (NEED(2, x->src_off != g->k_src)) order[n++] = 2;
    if (NEED(3, x->dst_off != g->k_dst)) order[n++] = 3;
    if (NEED(4, x->len != g->k_len)) order[n++] = 4;
    if ((strided || junk) && NEED(5, x->size0 != g->k_size0)) order[n++] = 5;
    if ((strided || junk) && NEED(6, x->size1 != g->k_size1)) order[n++] = 6;
    for (unsigned i = 0; i < 4; i++)   /* 7, 8: source row, plane; 9, 10: destination */
        if ((strided || junk) && NEED(7 + i, x->stride[i >> 1][i & 1u] != g->k_stride[i >> 1][i & 1u]))
            order[n++] = 7 + i;
#undef NEED
    shuffle(g, order, n);
    for (unsigned i = 0; i < n; i++) {
        if (pct(g, 10))
            emit_filler(g, s);
        g->known |= 1u << order[i];
        if (order[i] < 7) {
            emit_dma_common(g, s, x, order[i], srcr, dstr);
        } else {
            unsigned k = order[i] - 7;
            emit_stride(s, stride_op[k >> 1][k & 1u], x->stride[k >> 1][k & 1u]);
            g->k_stride[k >> 1][k & 1u] = x->stride[k >> 1][k & 1u];
        }
    }
}

/* One stream's commands into s; transfers appended to g->x. */
static int gen_stream(struct rnd *g, unsigned k, struct rstream *s)
{
    unsigned n = (unsigned)rr(g, 1, MAX_XFER);
    unsigned started = 0, complete = g->nx;   /* transfers below `complete` are known complete */
    unsigned first = g->nx;
    unsigned irq_at = pct(g, 30) ? (unsigned)rr(g, 0, n - 1) : ~0u;
    g->known = 0;
    g->first_x[k] = first;
    for (unsigned i = 0; i < n; i++) {
        while (pct(g, 25))
            emit_filler(g, s);
        struct xfer *x = &g->x[g->nx];
        if (!gen_xfer(g, x, complete))
            break;   /* no room left: a shorter stream */
        x->stream = k;
        g->nx++;
        if (g->u85)
            emit_dma_state_u85(g, s, x);
        else
            emit_dma_state(g, s, x);
        emit(s, ETHOSU_NPU_OP_DMA_START, 0, 0);
        started++;
        if (pct(g, 35)) {
            unsigned w = (unsigned)rr(g, 0, 1);
            emit(s, ETHOSU_NPU_OP_DMA_WAIT, (uint16_t)w, 0);
            g->n_waits++;
            if (g->nx - first >= w)
                complete = g->nx - w > complete ? g->nx - w : complete;
        }
        if (i == irq_at) {
            uint16_t m = (uint16_t)bfm_rng_next(g->rng);
            emit(s, ETHOSU_NPU_OP_IRQ, m, 0);   /* waits for the DMA, raises IRQ, runs on */
            g->irq_or[k] |= m;
            g->n_irq_ops++;
            complete = g->nx;
        }
    }
    if (g->nx == first)
        return 0;
    while (pct(g, 20))
        emit_filler(g, s);
    if (pct(g, 80)) {
        emit(s, ETHOSU_NPU_OP_DMA_WAIT, 0, 0);
        g->n_waits++;
    }
    uint16_t m = pct(g, 10) ? 0 : (uint16_t)bfm_rng_next(g->rng);
    emit(s, ETHOSU_NPU_OP_STOP, m, 0);
    g->irq_or[k] |= m;
    g->first_x[k + 1] = g->nx;
    return 1;
}

static void random_regions(struct rnd *g)
{
    for (unsigned r = 0; r < NREG; r++) {
        g->base[r] = random_base(g, r);
        g->cfg[r] = (unsigned)rr(g, 0, 3);
    }
    for (unsigned i = 0; i < 4; i++)
        g->axi_limit[i] = (uint32_t)rr(g, 0, 2) | (uint32_t)rr(g, 0, 11) << 4 | (uint32_t)rr(g, 0, 15) << 16 |
                          (uint32_t)rr(g, 0, 7) << 24;
    if (g->u85)   /* each MEM_ATTR entry on the SRAM (M0) or the EXT (M1) port */
        for (unsigned i = 0; i < 4; i++)
            g->attr_port[i] = (unsigned)rr(g, 0, 1);
}

static int place_stream(struct rnd *g, unsigned k, size_t words)
{
    g->qcfg[k] = (unsigned)rr(g, 0, 3);
    uint64_t a;
    unsigned mem = port_of(g, g->qcfg[k]);
    /* 4 free bytes before it, so aligning down to a word stays in free space */
    if (!place(g, mem, (g->u55 ? CMD_WIN_BASE_U55 : CMD_WIN_BASE) + rr(g, 0, 0xFFFFFF) * 4, 0x40000, 4 * words, 4, 0,
               &a))
        return 0;
    a &= ~3ull;
    g->qaddr[k] = a;
    add_span(g, mem, a, a + 4 * words, SPAN_STREAM, (int)k);
    return 1;
}

static int generate(struct rnd *g)
{
    random_regions(g);
    unsigned r = (unsigned)rr(g, 0, 99);
    g->restart = r < 30 ? RESTART_NONE : r < 65 ? RESTART_RESUME : RESTART_NEW;
    g->nstreams = g->restart == RESTART_NONE ? 1 : 2;
    if (!gen_stream(g, 0, &g->s[0]))
        return 0;
    memcpy(g->base0, g->base, sizeof g->base0);
    memcpy(g->cfg0, g->cfg, sizeof g->cfg0);
    g->stop_qread[0] = (uint32_t)(4 * g->s[0].n);
    if (g->nstreams == 2) {
        g->clear_hist = pct(g, 50);
        /* reprogram some regions while stopped */
        g->nreprog = (unsigned)rr(g, 0, 3);
        for (unsigned i = 0; i < g->nreprog; i++) {
            unsigned reg = (unsigned)rr(g, 0, NREG - 1);
            g->reprog_reg[i] = reg;
            g->reprog_base[i] = g->base[reg] = pct(g, 50) ? random_base(g, reg) : g->base[reg];
            g->reprog_cfg[i] = g->cfg[reg] = (unsigned)rr(g, 0, 3);
        }
        struct rstream *s2 = g->restart == RESTART_RESUME ? &g->s[0] : &g->s[1];
        if (!gen_stream(g, 1, s2))
            return 0;
        g->stop_qread[1] = (uint32_t)(4 * s2->n);
    }
    if (!place_stream(g, 0, g->s[0].n))
        return 0;
    if (g->restart == RESTART_NEW && !place_stream(g, 1, g->s[1].n))
        return 0;
    return 1;
}

/* ---- reference and checks --------------------------------------------------------------- */

static void ref_apply(struct rnd *g, const struct xfer *x)
{
    uint8_t buf[12000];
    for (uint32_t p = 0; p < x->planes; p++)
        for (uint32_t r = 0; r < x->rows; r++) {
            if (!x->len)
                continue;
            sparse_mem_read(g->ref[x->src_port], row_addr(g, x, 0, x->src, r, p), buf, x->len);
            if (!x->internal)
                sparse_mem_write(g->ref[x->dst_port], row_addr(g, x, 1, x->dst, r, p), buf, x->len);
        }
}

static void print_xfers(const struct rnd *g)
{
    static const char *const mn[] = { "1D", "2D", "3D" };
    printf("random_dma: regions (final):");
    for (unsigned r = 0; r < NREG; r++)
        printf(" r%u=0x%010" PRIx64 "/cfg%u", r, g->base[r], g->cfg[r]);
    printf("\nrandom_dma: %s, %u stream(s), %s 0x%08x 0x%08x 0x%08x 0x%08x\n", restart_name[g->restart],
           g->nstreams, g->u85 ? "MEM_ATTR (ports as set)" : "AXI_LIMIT", g->axi_limit[0], g->axi_limit[1],
           g->axi_limit[2], g->axi_limit[3]);
    if (g->u85)
        printf("random_dma: MEM_ATTR0-3 axi_port M%u M%u M%u M%u\n", g->attr_port[0], g->attr_port[1],
               g->attr_port[2], g->attr_port[3]);
    for (unsigned i = 0; i < g->nx; i++) {
        const struct xfer *x = &g->x[i];
        if (g->u85) {
            printf("random_dma: xfer %u (stream %u): r%u+0x%" PRIx64 " (M%u 0x%010" PRIx64 ") -> r%u+0x%" PRIx64
                   " (cfg%u, M%u 0x%010" PRIx64 ")%s %s len %u size0 %u size1 %u src strides %" PRId64 " %" PRId64
                   " dst strides %" PRId64 " %" PRId64 " = %" PRIu64 " bytes%s\n",
                   i, x->stream, x->src_reg, x->src_off, x->src_port, x->src, x->dst_reg, x->dst_off, x->dst_cfg,
                   x->dst_port, x->dst, x->internal ? " internal" : "", mn[x->src_mode], x->len, x->size0, x->size1,
                   x->stride[0][0], x->stride[0][1], x->stride[1][0], x->stride[1][1], x->bytes,
                   x->chained ? " (chained)" : "");
            continue;
        }
        printf("random_dma: xfer %u (stream %u): r%u+0x%" PRIx64 " (M%u 0x%010" PRIx64 ") %s -> r%u+0x%" PRIx64
               " (cfg%u, M0 0x%010" PRIx64 ") %s%s len %u size0 %u size1 %u skip0 %" PRIu64 " skip1 %" PRIu64
               " = %" PRIu64 " bytes%s\n",
               i, x->stream, x->src_reg, x->src_off, x->src_port, x->src, mn[x->src_mode], x->dst_reg, x->dst_off,
               x->dst_cfg, x->dst, mn[x->dst_mode], x->internal ? " internal" : "", x->len, x->size0, x->size1,
               x->skip0, x->skip1, x->bytes, x->chained ? " (chained)" : "");
    }
    for (unsigned k = 0; k < MAX_STREAMS; k++)
        if (g->s[k].n) {
            printf("random_dma: stream %u at M%u 0x%010" PRIx64 " (QCONFIG %u), %zu words:\n", k,
                   port_of(g, g->qcfg[k]), g->qaddr[k], g->qcfg[k], g->s[k].n);
            ethosu_cmd_disasm_for(g->u85 ? ETHOSU_CMD_U85 : ETHOSU_CMD_U55_U65, g->s[k].w, g->s[k].n, stdout);
        }
    fflush(stdout);
}

/* Where in x's destination a byte lies: "row r plane p byte b", or a gap/guard. */
static void describe_dst(const struct rnd *g, const struct xfer *x, uint64_t a, char *buf, size_t len)
{
    for (uint32_t p = 0; p < x->planes; p++)
        for (uint32_t r = 0; r < x->rows; r++) {
            uint64_t ra = row_addr(g, x, 1, x->dst, r, p);
            if (a >= ra && a < ra + x->len) {
                snprintf(buf, len, "%s row %u plane %u byte %" PRIu64,
                         x->internal ? "internal destination (must not be written)" : "data", r, p, a - ra);
                return;
            }
        }
    int64_t lo, hi;
    extent(g, x, 1, &lo, &hi);
    snprintf(buf, len, "%s", a < x->dst + (uint64_t)lo ? "guard before" : a >= x->dst + (uint64_t)hi ? "guard after"
                                                                                                : "gap between rows");
}

static int compare(struct rnd *g, unsigned after_stream)
{
    static uint8_t dut[1 << 16], ref[1 << 16];
    unsigned bad = 0;
    char first[400] = "";
    for (unsigned i = 0; i < g->nsp; i++) {
        const struct span *s = &g->sp[i];
        for (uint64_t a = s->lo; a < s->hi; a += sizeof dut) {
            size_t n = (size_t)(s->hi - a < sizeof dut ? s->hi - a : sizeof dut);
            sparse_mem_read(g->ctx->seq.mem[s->mem], a, dut, n);
            sparse_mem_read(g->ref[s->mem], a, ref, n);
            if (!memcmp(dut, ref, n))
                continue;
            for (size_t j = 0; j < n; j++) {
                if (dut[j] == ref[j])
                    continue;
                if (!bad++) {
                    char where[160];
                    uint64_t ba = a + j;
                    if (s->kind == SPAN_DST) {
                        describe_dst(g, &g->x[s->xfer], ba, where, sizeof where);
                    } else {
                        snprintf(where, sizeof where, "%s",
                                 s->kind == SPAN_SRC ? "its source (must not be written)"
                                 : s->kind == SPAN_MIRROR ? (g->u85 ? "the other port's memory at its destination "
                                                                      "address (U85 DMA writes use the region's port)"
                                                                    : "M1 at its destination address (DMA writes use M0)")
                                                          : "the command stream (must not be written)");
                    }
                    snprintf(first, sizeof first, "%s %u, M%u 0x%010" PRIx64 ", %s: expected 0x%02x, actual 0x%02x",
                             s->kind == SPAN_STREAM ? "stream" : "transfer", s->xfer, s->mem, ba, where, ref[j],
                             dut[j]);
                }
            }
        }
    }
    if (!bad)
        return 0;
    print_xfers(g);
    return ethosu_seq_fail(g->ctx, "after stream %u: %u byte(s) differ from the memcpy model; first: %s",
                           after_stream, bad, first);
}

/* ---- running ---------------------------------------------------------------------------- */

static int wait_stopped(struct rnd *g, unsigned k, uint32_t *st)
{
    struct ethosu_seq_ctx *ctx = g->ctx;
    if (ethosu_seq_wait_irq(ctx, IRQ_TIMEOUT) != BFM_OK) {
        print_xfers(g);
        return ethosu_seq_fail(ctx, "stream %u: no IRQ within %d cycles", k, IRQ_TIMEOUT);
    }
    for (int i = 0; i < STOP_POLLS; i++) {
        R(ETHOSU_STATUS, st);
        if (!(*st & ETHOSU_STATUS_STATE_MASK))
            return 0;
    }
    print_xfers(g);
    return ethosu_seq_fail(ctx, "stream %u: IRQ raised but still running after %d STATUS reads (STATUS 0x%08x)", k,
                           STOP_POLLS, *st);
}

static int write_stream(struct rnd *g, unsigned k)
{
    struct ethosu_seq_ctx *ctx = g->ctx;
    const struct rstream *s = &g->s[k];
    unsigned mem = port_of(g, g->qcfg[k]);
    for (size_t i = 0; i < s->n; i++) {
        uint8_t le[4] = { (uint8_t)s->w[i], (uint8_t)(s->w[i] >> 8), (uint8_t)(s->w[i] >> 16),
                          (uint8_t)(s->w[i] >> 24) };
        sparse_mem_write(ctx->seq.mem[mem], g->qaddr[k] + 4 * i, le, 4);
        sparse_mem_write(g->ref[mem], g->qaddr[k] + 4 * i, le, 4);
    }
    return 0;
}

static int start_stream(struct rnd *g, unsigned k)
{
    struct ethosu_seq_ctx *ctx = g->ctx;
    W(ETHOSU_QBASE0, (uint32_t)g->qaddr[k]);
    W(ETHOSU_QBASE1, (uint32_t)(g->qaddr[k] >> 32));
    W(ETHOSU_QSIZE, (uint32_t)(4 * g->s[k].n));
    W(ETHOSU_QCONFIG, g->qcfg[k]);
    return 0;
}

static int run_cmd(struct ethosu_seq_ctx *ctx)
{
    W(ETHOSU_CMD, ETHOSU_CMD_TRANSITION_TO_RUNNING_STATE_MASK | ETHOSU_CMD_CLOCK_Q_ENABLE_MASK |
                      ETHOSU_CMD_POWER_Q_ENABLE_MASK);
    return 0;
}

static int random_dma(struct ethosu_seq_ctx *ctx)
{
    static struct rnd gs;
    struct rnd *g = &gs;
    memset(g, 0, sizeof *g);
    g->ctx = ctx;
    g->u55 = ethosu_configs[ctx->cfg].product == ETHOSU_PRODUCT_U55;
    g->u85 = ethosu_configs[ctx->cfg].product == ETHOSU_PRODUCT_U85;
    g->rng = &ctx->seq.rng;
    if (!generate(g))
        return ethosu_seq_fail(ctx, "random_dma: could not place the generated transfers (generator bug)");
    g->ref[0] = sparse_mem_create();
    g->ref[1] = sparse_mem_create();
    int rc = 1;
    if (!g->ref[0] || !g->ref[1]) {
        rc = ethosu_seq_fail(ctx, "out of memory");
        goto out;
    }
    /* initial contents: random bytes in every span, same in the DUT memories and the model */
    for (unsigned i = 0; i < g->nsp; i++) {
        const struct span *s = &g->sp[i];
        if (s->kind == SPAN_STREAM)
            continue;
        for (uint64_t a = s->lo; a < s->hi; a++) {
            uint8_t b = (uint8_t)bfm_rng_next(g->rng);
            sparse_mem_write(ctx->seq.mem[s->mem], a, &b, 1);
            sparse_mem_write(g->ref[s->mem], a, &b, 1);
        }
    }
    for (unsigned k = 0; k < MAX_STREAMS; k++)
        if (g->s[k].n)
            write_stream(g, k);
    if (ethosu_soft_reset(ctx, 1, 0, ETHOSU_PPROT_PRIV_SECURE))
        goto out;
    for (unsigned i = 0; i < 4; i++) {
        /* the Ethos-U85 has MEM_ATTR0-3 there: the same random bits, axi_port the generator's */
        uint32_t v = g->axi_limit[i];
        if (g->u85)
            v = (v & ~ETHOSU_MEM_ATTR0_AXI_PORT_MASK) | (g->attr_port[i] ? ETHOSU_MEM_ATTR0_AXI_PORT_MASK : 0);
        if (ethosu_write(ctx, ETHOSU_AXI_LIMIT0 + 4 * i, v))
            goto out;
    }
    for (unsigned r = 0; r < NREG; r++)
        if (ethosu_set_region(ctx, r, g->base0[r], g->cfg0[r]))
            goto out;
    uint32_t hist = 0;
    for (unsigned k = 0; k < g->nstreams; k++) {
        if (k == 1) {
            if (ethosu_clear_irq(ctx))
                goto out;
            if (g->clear_hist) {
                if (ethosu_write(ctx, ETHOSU_CMD, ETHOSU_CMD_CLEAR_IRQ_HISTORY_MASK | ETHOSU_CMD_CLOCK_Q_ENABLE_MASK |
                                                      ETHOSU_CMD_POWER_Q_ENABLE_MASK))
                    goto out;
                hist = 0;
            }
            for (unsigned i = 0; i < g->nreprog; i++)
                if (ethosu_set_region(ctx, g->reprog_reg[i], g->reprog_base[i], g->reprog_cfg[i]))
                    goto out;
        }
        unsigned qs = k == 0 || g->restart == RESTART_RESUME ? 0 : k;   /* the stream QBASE points at */
        if ((k == 0 || g->restart == RESTART_NEW) && start_stream(g, qs))
            goto out;
        if (run_cmd(ctx))
            goto out;
        uint32_t st, qread;
        if (wait_stopped(g, k, &st) || ethosu_read(ctx, ETHOSU_QREAD, &qread))
            goto out;
        hist |= g->irq_or[k];
        uint32_t qsize = (uint32_t)(4 * g->s[qs].n);
        uint32_t expect = ETHOSU_STATUS_IRQ_RAISED_MASK | (uint32_t)hist << ETHOSU_STATUS_IRQ_HISTORY_MASK_SHIFT |
                          (g->stop_qread[k] >= qsize ? ETHOSU_STATUS_CMD_END_REACHED_MASK : 0);
        if (st != expect || qread != g->stop_qread[k]) {
            print_xfers(g);
            rc = ethosu_seq_fail(ctx, "stream %u stopped: expected STATUS 0x%08x (stopped, irq_raised, cmd_end_reached "
                                 "%u, irq_history_mask 0x%04x, no errors) and QREAD %u; actual STATUS 0x%08x, QREAD %u",
                                 k, expect, g->stop_qread[k] >= qsize, hist, g->stop_qread[k], st, qread);
            goto out;
        }
        for (unsigned i = g->first_x[k]; i < g->first_x[k + 1]; i++) {
            const struct xfer *x = &g->x[i];
            ref_apply(g, x);
            unsigned mode = x->src_mode > x->dst_mode ? x->src_mode : x->dst_mode;
            g->n_modes[mode]++;
            g->n_chained += (unsigned)x->chained;
            g->n_internal += (unsigned)x->internal;
            g->n_empty += x->bytes == 0;
            g->n_src_m1 += x->src_port;
            g->n_dst_cfg_m1 += g->u85 ? x->dst_port : x->dst_cfg >= 2;
            g->bytes += x->bytes;
        }
        if (compare(g, k))
            goto out;
    }
    printf("random_dma: %s, %u stream(s) of %zu+%zu words (QCONFIG %u/%u), %u transfers (1D %u, 2D %u, 3D %u; "
           "%u chained, %u internal, %u empty; %u from M1, %u to M1-configured regions), %" PRIu64 " bytes, "
           "%u DMA_WAIT, %u NPU_OP_IRQ, %u other commands, IRQ history 0x%04x\n",
           restart_name[g->restart], g->nstreams, g->s[0].n, g->s[1].n, g->qcfg[0], g->qcfg[1], g->nx, g->n_modes[0],
           g->n_modes[1], g->n_modes[2], g->n_chained, g->n_internal, g->n_empty, g->n_src_m1, g->n_dst_cfg_m1,
           g->bytes, g->n_waits, g->n_irq_ops, g->n_filler, hist);
    rc = 0;
out:
    sparse_mem_destroy(g->ref[0]);
    sparse_mem_destroy(g->ref[1]);
    return rc;
}

const struct ethosu_seq_test ethosu_random_dma = {
    "random_dma", "seeded random DMA command streams (regions, ports, lengths, strides, restarts) vs a memcpy model",
    random_dma, 1, 0, 0, NULL, ethosu_seq_skip_u85_stub };   /* the default 2M-cycle watchdog: runs take 1k-6k cycles, at most ~600k
                                      * with 16 transfers of 12,000 bytes under heavy stalls */
