/* gen-layers: seeded constrained-random NVDLA layer generator (any public
 * configuration; nv_small by default).
 *
 *   gen-layers --out DIR --count N --seed S [--engine sdp|pdp|cdp|conv|all|sdp-bypass] [--nvdla-config NAME]
 *
 * Only layers the configuration (default nv_small) can run are written: a
 * draw that needs a unit it leaves out (SDP EW/LUT on nv_small) or breaks a
 * programming rule of sim/nvdla/model/nvdla_prog_check.h (CBUF entries and banks for its
 * entry size, weights padded to whole memory atoms, the CBUF flush polled
 * before a convolution, SDP_RDMA DATA_USE naming exactly the operands read,
 * PDP geometry the hardware cannot complete) is redrawn. PDP layers aim at
 * the corners the real hardware showed: off-nominal reciprocals in a third
 * of the average layers, right/bottom padding in most, split width.
 *
 * Writes, for every generated layer, DIR/<engine>_<seed>_<i>/ holding
 * <name>.cfg (mem_init / mem_load / reg_write / intr_notify / check_crc, the
 * directives of the shipped traces) and the .dat memory images it loads.
 * The expected CRC comes from the golden reference executor
 * (sequences/trace/nvdla_ref.h): the finished trace text is parsed with
 * trace_parse_text() and played as trace_golden_run() does, on the
 * reference set to the configuration (nvdla_ref_set_config). A draw
 * the models refuse (register decode / golden_*_check failure, layer not
 * covered by the reference) is redrawn, so every folder is a legal program
 * whose CRC the golden models produced. With --engine all, N layers are
 * written per engine. Layer i of engine E depends only on (S, E, i) and the
 * configuration.
 *
 * The configuration sets the memory atom A (8, 16 or 32 bytes: cubes of
 * A-lane surfaces, strides and bases in whole atoms), the convolution's
 * atomic C and K (weight layout; channel and kernel counts that cross them),
 * the CBUF entries per slice and banks, the units that exist and the address
 * width: on 64-bit configurations some layers keep their tensors above
 * 4 GiB (ADDR_HIGH set). On nv_small every draw is the one it was before the
 * configurations existed, so a seed writes the same layers.
 *
 * Layer kinds beyond the plain ones (drawn once per layer, kept across
 * redraws): about 25% of PDP layers use split-width mode (SPLIT_NUM >= 1,
 * PARTIAL_WIDTH_IN/OUT on PDP and PDP_RDMA, stripes of whole windows, see
 * pdp_split); about 30% of convolutions take SDP BS and/or BN operands from
 * memory (SDP_RDMA BRDMA/NRDMA, per element or per channel, flying mode ON;
 * redrawn until the output shows at least 12 distinct byte values and
 * perturbing any operand image changes the CRC). The
 * .cfg's first line describes the layer ("split<N> in .. out ..",
 * "sdp-mem BS-alu/elem+BN-mul/chan"), and the last line gen-layers prints
 * counts both kinds. Plain convolutions whose output saturates to fewer
 * than 12 distinct byte values are redrawn 95% of the time (random CACC
 * truncation and SDP scale/shift otherwise saturate most of them), SDP and
 * CDP layers 90% of the time (their scales and shifts did the same to most
 * of them).
 *
 * SRAMIF: on a configuration with one, about 30% of the layers (drawn
 * once per layer, only there, so the others' seeds keep their layers) put
 * each of their cubes (input, output, SDP operand streams, convolution data
 * and weights) in the SRAMIF memory with probability 1/2, at least one:
 * that DMA's RAM type names CV (0) and the trace sec_mem.
 *
 * --engine sdp-bypass (not part of all) writes bypass_<S>_<i>: SDP
 * off-flying copies with every stage bypassed (output = input), the one
 * datapath of the shipped RTL stub: random geometry, padded strides, cubes
 * starting just before a 4 KiB page boundary, above 4 GiB on 64-bit
 * configurations, all on DBBIF. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "golden_conv.h"
#include "golden_layout.h"
#include "golden_pdp.h"
#include "nvdla_ref.h"
#include "nvdla_regs.h"
#include "sparse_mem.h"
#include "nvdla_config.h"
#include "nvdla_features.h"
#include "trace_golden.h"
#include "trace_needs.h"
#include "trace_parse.h"
#include "trace_prog.h"

/* ---- random numbers --------------------------------------------------------- */

static uint64_t rng_state;

static uint64_t rnd64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static uint32_t rnd32(void) { return (uint32_t)(rnd64() >> 32); }
/* uniform in [lo, hi] */
static int64_t rr(int64_t lo, int64_t hi) { return lo + (int64_t)(rnd64() % (uint64_t)(hi - lo + 1)); }
/* 1 with probability pct percent */
static int chance(int pct) { return (int)(rnd64() % 100) < pct; }

/* ---- growing text ---------------------------------------------------------- */

struct buf { char *s; size_t n, cap; };

static void bprintf(struct buf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        if (k < 0)
            abort();
        if (b->s && b->n + (size_t)k < b->cap) {
            b->n += (size_t)k;
            return;
        }
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->n + (size_t)k + 1)
            cap *= 2;
        char *p = realloc(b->s, cap);
        if (!p) {
            fprintf(stderr, "gen-layers: out of memory\n");
            exit(1);
        }
        b->s = p;
        b->cap = cap;
    }
}

/* Drawn once per layer (before any redraw, so redraws keep the share):
 * this PDP layer uses split-width mode / this convolution takes SDP
 * operands from memory. */
static int want_special;
/* the configuration the layers are for (--nvdla-config): which units exist,
 * the CBUF geometry and the programming rules they must keep */
static const struct nvdla_config *gen_config;

/* The memory atom in bytes: int8 elements per surface. */
static unsigned atom(void) { return gen_config->memory_atomic_size; }
/* Largest channel / kernel counts a convolution draws: nv_small's 64 / 32,
 * or enough to cross the configuration's atomic C / K twice. */
static uint32_t max_channels(void) { return gen_config->atomic_c * 2 > 64 ? gen_config->atomic_c * 2 : 64; }
static uint32_t max_kernels(void) { return gen_config->atomic_k * 2 > 32 ? gen_config->atomic_k * 2 : 32; }
/* Tensors of this layer above 4 GiB (64-bit configurations only). */
static int place_high;
/* Cubes of this layer in the SRAMIF memory (configurations with SRAMIF
 * only): each placed region goes there with probability 1/2, its DMA's
 * RAM type then names CV (0), the trace sec_mem. */
static int place_sram;
/* Bypass layers: regions placed across a 4 KiB page boundary at random. */
static int place_cross;

/* ---- one layer being built -------------------------------------------------- */

#define MAX_REGS 512
#define MAX_REGIONS 16
#define MAX_DATS 8

struct regw { const struct nvdla_reg_desc *d; uint32_t v; };
struct region { uint64_t base, size; int sec; };   /* sec: in the SRAMIF memory */
struct dat { char file[96]; uint64_t base; uint8_t *bytes; size_t size; int sec; };

struct layer {
    struct regw regs[MAX_REGS];
    int nregs;
    struct region used[MAX_REGIONS];
    int nused;
    struct dat dats[MAX_DATS];
    int ndat;
    struct region zero[MAX_REGIONS];    /* mem_init without an image (outputs) */
    int nzero;
    struct buf lut;                     /* LUT programming lines */
    const char *enables[8];             /* units whose D_OP_ENABLE is written, in order */
    int nenable;
    const char *intr;                   /* SDP_0 / PDP_0 / CDP_0 */
    int glb_mask;                       /* write GLB S_INTR_MASK (convolution) */
    int flush_wait;                     /* poll the CBUF flush first (convolution) */
    struct region out;                  /* check_crc region */
    char desc[256];
    int kind;                           /* KIND_*: counted in the summary */
    int corners;                        /* CORNER_* bits: counted in the summary */
};

enum { KIND_PDP_SPLIT = 1, KIND_CONV_SDP_MEM = 2, KINDS };
/* PDP corners the real hardware showed, counted in the summary */
enum { CORNER_RECIP = 1, CORNER_EDGE_PAD = 2 };

static void layer_reset(struct layer *l)
{
    for (int i = 0; i < l->ndat; i++)
        free(l->dats[i].bytes);
    free(l->lut.s);
    memset(l, 0, sizeof *l);
}

static const struct nvdla_reg_desc *find_reg(const char *unit, const char *reg)
{
    const struct nvdla_reg_desc *d = nvdla_reg_find(unit, reg);
    if (!d) {
        fprintf(stderr, "gen-layers: internal error: no register %s.%s\n", unit, reg);
        exit(3);
    }
    return d;
}

static struct regw *reg_slot(struct layer *l, const char *unit, const char *reg)
{
    const struct nvdla_reg_desc *d = find_reg(unit, reg);
    for (int i = 0; i < l->nregs; i++)
        if (l->regs[i].d == d)
            return &l->regs[i];
    if (l->nregs == MAX_REGS)
        abort();
    l->regs[l->nregs].d = d;
    l->regs[l->nregs].v = 0;
    return &l->regs[l->nregs++];
}

/* Whole register value. */
static void V(struct layer *l, const char *unit, const char *reg, uint32_t v) { reg_slot(l, unit, reg)->v = v; }

/* One field (by name) of a register; other fields keep what was set. */
static void F(struct layer *l, const char *unit, const char *reg, const char *field, uint32_t v)
{
    struct regw *w = reg_slot(l, unit, reg);
    const struct nvdla_field_desc *f = nvdla_field_find(w->d, field);
    if (!f) {
        fprintf(stderr, "gen-layers: internal error: no field %s.%s.%s\n", unit, reg, field);
        exit(3);
    }
    uint32_t mask = f->width >= 32 ? 0xffffffffu : ((1u << f->width) - 1u);
    w->v = (w->v & ~(mask << f->lsb)) | ((v & mask) << f->lsb);
}

static void enable(struct layer *l, const char *unit) { l->enables[l->nenable++] = unit; }

/* A random free region of size bytes (aligned to 8, 32 or 256 bytes and at
 * least to the memory atom; below 4 GiB, or between 4 GiB and 1 TiB when the
 * layer is placed high; no overlap with the regions taken so far, in either
 * memory). *sec: the region is in the SRAMIF memory (place_sram layers, one
 * region in two). place_cross: with probability 1/2 the region starts a few
 * atoms before a 4 KiB page boundary, so its first line crosses it. */
static uint64_t place_mem(struct layer *l, uint64_t size, int *sec)
{
    *sec = place_sram && chance(50);
    uint64_t align = chance(50) ? 8 : (chance(50) ? 32 : 256);
    if (align < atom())
        align = atom();
    int cross = place_cross && chance(50);
    for (;;) {
        uint64_t base = (uint64_t)rr(0x100000, 0xf0000000ll) & ~(align - 1);
        if (cross)
            base = (base & ~0xfffull) - atom() * (uint64_t)rr(1, 16);
        if (base + size > 0xfffff000ull)
            continue;
        if (place_high)
            base += (uint64_t)rr(1, 0xff) << 32;
        int ok = 1;
        for (int i = 0; i < l->nused && ok; i++)
            if (base < l->used[i].base + l->used[i].size + 64 && l->used[i].base < base + size + 64)
                ok = 0;
        if (!ok)
            continue;
        l->used[l->nused].base = base;
        l->used[l->nused].size = size;
        l->used[l->nused].sec = *sec;
        l->nused++;
        return base;
    }
}

/* A cube in memory: w x h x c, eb bytes per element, surfaces of A lanes
 * (A = the memory atom in bytes: 8 on nv_small). */
struct cube {
    uint32_t w, h, c, eb;
    uint64_t line, surf;    /* strides in bytes */
    uint64_t base, span;    /* span: first byte .. last byte + 1 */
    int sec;                /* placed in the SRAMIF memory */
};

/* The RAM-type field value for a region: CV (0) SRAMIF, MC (1) DBBIF. */
static uint32_t ram_type(int sec) { return sec ? 0 : 1; }

static uint32_t surfaces(uint32_t c) { return golden_surfaces_n(c, atom()); }

/* Strides: packed, or with extra line / surface padding (whole atoms).
 * 1x1 cubes are consecutive atoms (the SDP ignores their strides). */
static void cube_strides(struct cube *q, int allow_pad)
{
    uint64_t lb = (uint64_t)q->w * atom() * q->eb;
    if (q->w == 1 && q->h == 1) {
        q->line = lb;
        q->surf = lb;
    } else {
        q->line = lb + (allow_pad && chance(40) ? atom() * (uint64_t)rr(1, 6) : 0);
        q->surf = q->line * q->h + (allow_pad && chance(40) ? atom() * (uint64_t)rr(1, 10) : 0);
    }
    q->span = (uint64_t)(surfaces(q->c) - 1) * q->surf + (uint64_t)(q->h - 1) * q->line + lb;
}

/* Place the cube and fill it with random bytes (every line of every surface,
 * padding lanes included); the image goes to file <name><suffix>.dat. */
static void cube_image(struct layer *l, struct cube *q, const char *name, const char *suffix)
{
    q->base = place_mem(l, q->span, &q->sec);
    struct dat *d = &l->dats[l->ndat++];
    snprintf(d->file, sizeof d->file, "%.80s%s.dat", name, suffix);
    d->sec = q->sec;
    d->base = q->base;
    d->size = q->span;
    d->bytes = calloc(1, q->span);
    if (!d->bytes)
        abort();
    uint64_t lb = (uint64_t)q->w * atom() * q->eb;
    for (uint32_t s = 0; s < surfaces(q->c); s++)
        for (uint32_t y = 0; y < q->h; y++)
            for (uint64_t x = 0; x < lb; x++)
                d->bytes[s * q->surf + y * q->line + x] = (uint8_t)rnd32();
}

/* Raw bytes (weights) as an image; *sec: placed in the SRAMIF memory. */
static uint64_t raw_image(struct layer *l, const uint8_t *bytes, size_t n, const char *name, const char *suffix,
                          int *sec)
{
    uint64_t base = place_mem(l, n, sec);
    struct dat *d = &l->dats[l->ndat++];
    d->sec = *sec;
    snprintf(d->file, sizeof d->file, "%.80s%s.dat", name, suffix);
    d->base = base;
    d->size = n;
    d->bytes = malloc(n);
    if (!d->bytes)
        abort();
    memcpy(d->bytes, bytes, n);
    return base;
}

/* The output cube: placed, zero-initialised, checked. */
static void cube_output(struct layer *l, struct cube *q)
{
    q->base = place_mem(l, q->span, &q->sec);
    l->zero[l->nzero].base = q->base;
    l->zero[l->nzero].size = q->span;
    l->zero[l->nzero].sec = q->sec;
    l->nzero++;
    l->out = l->zero[l->nzero - 1];
}

/* ---- LUT (SDP and CDP share the access protocol) ---------------------------- */

static void lut_tables(struct layer *l, const char *unit)
{
    const char *kind[2] = { "LE", "LO" };
    int n[2] = { 65, 257 };
    const struct nvdla_reg_desc *cfg = find_reg(unit, "S_LUT_ACCESS_CFG");
    (void)cfg;
    for (int t = 0; t < 2; t++) {
        /* smooth-ish random tables: a random walk, sometimes pure noise */
        int noise = chance(20);
        int32_t v = (int32_t)rr(-20000, 20000);
        int32_t step = (int32_t)rr(-600, 600);
        bprintf(&l->lut, "reg_write(NVDLA_%s.S_LUT_ACCESS_CFG_0, 0x%x);\n", unit, (1u << 17) | ((unsigned)t << 16));
        for (int i = 0; i < n[t]; i++) {
            int32_t e = noise ? (int32_t)rr(-32768, 32767) : v;
            bprintf(&l->lut, "reg_write(NVDLA_%s.S_LUT_ACCESS_DATA_0, 0x%x);\n", unit, (uint32_t)e & 0xffffu);
            v += step + (int32_t)rr(-100, 100);
            if (v > 32767)
                v = 32767;
            if (v < -32768)
                v = -32768;
        }
        (void)kind;
    }
}

/* S_LUT_CFG / S_LUT_INFO / slopes, common to SDP and CDP. */
static void lut_common(struct layer *l, const char *unit, int *le_linear)
{
    *le_linear = chance(50);
    F(l, unit, "S_LUT_CFG", "LUT_LE_FUNCTION", (uint32_t)*le_linear);
    F(l, unit, "S_LUT_CFG", "LUT_UFLOW_PRIORITY", (uint32_t)chance(50));
    F(l, unit, "S_LUT_CFG", "LUT_OFLOW_PRIORITY", (uint32_t)chance(50));
    F(l, unit, "S_LUT_CFG", "LUT_HYBRID_PRIORITY", (uint32_t)chance(50));
    F(l, unit, "S_LUT_LE_SLOPE_SCALE", "LUT_LE_SLOPE_UFLOW_SCALE", (uint32_t)rr(-2000, 2000));
    F(l, unit, "S_LUT_LE_SLOPE_SCALE", "LUT_LE_SLOPE_OFLOW_SCALE", (uint32_t)rr(-2000, 2000));
    F(l, unit, "S_LUT_LO_SLOPE_SCALE", "LUT_LO_SLOPE_UFLOW_SCALE", (uint32_t)rr(-2000, 2000));
    F(l, unit, "S_LUT_LO_SLOPE_SCALE", "LUT_LO_SLOPE_OFLOW_SCALE", (uint32_t)rr(-2000, 2000));
    F(l, unit, "S_LUT_LE_SLOPE_SHIFT", "LUT_LE_SLOPE_UFLOW_SHIFT", (uint32_t)rr(0, 31));
    F(l, unit, "S_LUT_LE_SLOPE_SHIFT", "LUT_LE_SLOPE_OFLOW_SHIFT", (uint32_t)rr(0, 31));
    F(l, unit, "S_LUT_LO_SLOPE_SHIFT", "LUT_LO_SLOPE_UFLOW_SHIFT", (uint32_t)rr(0, 31));
    F(l, unit, "S_LUT_LO_SLOPE_SHIFT", "LUT_LO_SLOPE_OFLOW_SHIFT", (uint32_t)rr(0, 31));
    lut_tables(l, unit);
}

/* ---- SDP ------------------------------------------------------------------ */

/* Random BS (bn = 0) or BN stage; *mem_alu / *mem_mul: operands from memory.
 * allow_mem: 0 register operands only, 1 memory operands at random, 2 the
 * stage is on and its ALU and/or MUL takes its operand from memory. */
static void sdp_x(struct layer *l, int bn, int allow_mem, int *mem_alu, int *mem_mul, int conv)
{
    const char *P = bn ? "BN" : "BS";
    char cfg[32], alu_cfg[32], mul_cfg[32], alu_v[32], mul_v[32], f[48];
    snprintf(cfg, sizeof cfg, "D_DP_%s_CFG", P);
    snprintf(alu_cfg, sizeof alu_cfg, "D_DP_%s_ALU_CFG", P);
    snprintf(mul_cfg, sizeof mul_cfg, "D_DP_%s_MUL_CFG", P);
    snprintf(alu_v, sizeof alu_v, "D_DP_%s_ALU_SRC_VALUE", P);
    snprintf(mul_v, sizeof mul_v, "D_DP_%s_MUL_SRC_VALUE", P);
    *mem_alu = *mem_mul = 0;
    int bypass = chance(30);
    int alu_bypass = chance(30), mul_bypass = chance(30);
#define FX(reg, name, v) (snprintf(f, sizeof f, "%s_%s", P, name), F(l, "SDP", reg, f, (uint32_t)(v)))
    FX(cfg, "BYPASS", bypass);
    FX(cfg, "ALU_BYPASS", alu_bypass);
    FX(cfg, "ALU_ALGO", rr(0, 2));
    FX(cfg, "MUL_BYPASS", mul_bypass);
    FX(cfg, "MUL_PRELU", chance(25));
    FX(cfg, "RELU_BYPASS", chance(60));
    int am = allow_mem && chance(40), mm = allow_mem && chance(40);
    if (allow_mem == 2) {
        int which = (int)rr(0, 2);   /* ALU, MUL, both */
        bypass = 0;
        am = which != 1;
        mm = which != 0;
        alu_bypass = am ? 0 : alu_bypass;
        mul_bypass = mm ? 0 : mul_bypass;
        FX(cfg, "BYPASS", bypass);
        FX(cfg, "ALU_BYPASS", alu_bypass);
        FX(cfg, "MUL_BYPASS", mul_bypass);
    }
    FX(alu_cfg, "ALU_SRC", am);
    FX(alu_cfg, "ALU_SHIFT_VALUE", conv ? rr(0, 8) : rr(0, 12));
    FX(alu_v, "ALU_OPERAND", rr(-32768, 32767));
    FX(mul_cfg, "MUL_SRC", mm);
    FX(mul_cfg, "MUL_SHIFT_VALUE", conv ? rr(0, 31) : rr(0, 16));
    FX(mul_v, "MUL_OPERAND", chance(50) ? rr(-300, 300) : rr(-32768, 32767));
#undef FX
    *mem_alu = !bypass && !alu_bypass && am;
    *mem_mul = !bypass && !mul_bypass && mm;
}

/* EW stage (and LUT); *mem_alu / *mem_mul as above. */
static void sdp_y(struct layer *l, int allow_mem, int *mem_alu, int *mem_mul)
{
    int bypass = chance(35), alu_bypass = chance(30), mul_bypass = chance(30), lut_bypass = !chance(50);
    /* a configuration without EW (nv_small) gets bypassed EW stages only */
    if (!nvdla_config_has(gen_config, NVDLA_FEAT_SDP_EW))
        bypass = 1;
    if (!nvdla_config_has(gen_config, NVDLA_FEAT_SDP_LUT))
        lut_bypass = 1;
    F(l, "SDP", "D_DP_EW_CFG", "EW_BYPASS", (uint32_t)bypass);
    F(l, "SDP", "D_DP_EW_CFG", "EW_ALU_BYPASS", (uint32_t)alu_bypass);
    F(l, "SDP", "D_DP_EW_CFG", "EW_ALU_ALGO", (uint32_t)rr(0, 2));
    F(l, "SDP", "D_DP_EW_CFG", "EW_MUL_BYPASS", (uint32_t)mul_bypass);
    F(l, "SDP", "D_DP_EW_CFG", "EW_MUL_PRELU", (uint32_t)chance(25));
    F(l, "SDP", "D_DP_EW_CFG", "EW_LUT_BYPASS", (uint32_t)lut_bypass);
    int am = allow_mem && chance(40), mm = allow_mem && chance(40);
    F(l, "SDP", "D_DP_EW_ALU_CFG", "EW_ALU_SRC", (uint32_t)am);
    F(l, "SDP", "D_DP_EW_ALU_CFG", "EW_ALU_CVT_BYPASS", (uint32_t)chance(50));
    V(l, "SDP", "D_DP_EW_ALU_SRC_VALUE", (uint32_t)rr(-100000, 100000));
    V(l, "SDP", "D_DP_EW_ALU_CVT_OFFSET_VALUE", (uint32_t)rr(-1000, 1000));
    F(l, "SDP", "D_DP_EW_ALU_CVT_SCALE_VALUE", "EW_ALU_CVT_SCALE", (uint32_t)rr(-600, 600));
    F(l, "SDP", "D_DP_EW_ALU_CVT_TRUNCATE_VALUE", "EW_ALU_CVT_TRUNCATE", (uint32_t)rr(0, 12));
    F(l, "SDP", "D_DP_EW_MUL_CFG", "EW_MUL_SRC", (uint32_t)mm);
    F(l, "SDP", "D_DP_EW_MUL_CFG", "EW_MUL_CVT_BYPASS", (uint32_t)chance(50));
    V(l, "SDP", "D_DP_EW_MUL_SRC_VALUE", (uint32_t)rr(-3000, 3000));
    V(l, "SDP", "D_DP_EW_MUL_CVT_OFFSET_VALUE", (uint32_t)rr(-1000, 1000));
    F(l, "SDP", "D_DP_EW_MUL_CVT_SCALE_VALUE", "EW_MUL_CVT_SCALE", (uint32_t)rr(-600, 600));
    F(l, "SDP", "D_DP_EW_MUL_CVT_TRUNCATE_VALUE", "EW_MUL_CVT_TRUNCATE", (uint32_t)rr(0, 12));
    F(l, "SDP", "D_DP_EW_TRUNCATE_VALUE", "EW_TRUNCATE", (uint32_t)rr(0, 20));
    *mem_alu = !bypass && !alu_bypass && am;
    *mem_mul = !bypass && !mul_bypass && mm;

    /* LUT settings and tables (always programmed when the LUT is used) */
    if (!bypass && !lut_bypass) {
        int le_linear;
        lut_common(l, "SDP", &le_linear);
        int le_sel = (int)rr(-2, 12), lo_sel = (int)rr(-2, 12);
        F(l, "SDP", "S_LUT_INFO", "LUT_LE_INDEX_SELECT", (uint32_t)le_sel);
        F(l, "SDP", "S_LUT_INFO", "LUT_LO_INDEX_SELECT", (uint32_t)lo_sel);
        F(l, "SDP", "S_LUT_INFO", "LUT_LE_INDEX_OFFSET", (uint32_t)rr(-8, 8));
        int32_t les = (int32_t)rr(-40000, 20000), los = (int32_t)rr(-40000, 20000);
        if (le_linear) {
            V(l, "SDP", "S_LUT_LE_START", (uint32_t)les);
            V(l, "SDP", "S_LUT_LE_END", (uint32_t)(les + (64 << (le_sel > 0 ? le_sel : 0))));
        } else {
            V(l, "SDP", "S_LUT_LE_START", (uint32_t)rr(0, 4));
            V(l, "SDP", "S_LUT_LE_END", (uint32_t)rr(16, 1 << 20));
        }
        V(l, "SDP", "S_LUT_LO_START", (uint32_t)los);
        V(l, "SDP", "S_LUT_LO_END", (uint32_t)(los + (256 << (lo_sel > 0 ? lo_sel : 0))));
    }
}

/* SDP_RDMA operand stream for a stage (BRDMA / NRDMA / ERDMA): -1 when
 * disabled, else 1 per element / 0 per channel. */
static int sdp_stream(struct layer *l, const char *name, int stage, int alu, int mul,
                       uint32_t w, uint32_t h, uint32_t c)
{
    static const char *const cfgreg[3] = { "D_BRDMA_CFG", "D_NRDMA_CFG", "D_ERDMA_CFG" };
    static const char *const pre[3] = { "BRDMA", "NRDMA", "ERDMA" };
    static const char *const reg[3] = { "BS", "BN", "EW" };
    char f[48], r[48];
#define SF(field, v) (snprintf(f, sizeof f, "%s_%s", pre[stage], field), F(l, "SDP_RDMA", cfgreg[stage], f, (uint32_t)(v)))
    if (!alu && !mul) {
        SF("DISABLE", 1);
        return -1;
    }
    /* exactly the operands the stage takes from memory: BOTH with one of
     * them hangs the hardware (rule sdp-data-use) */
    int use = alu && mul ? 2 : alu ? 1 : 0;
    int size = (int)rr(1, 2);
    int per_element = chance(50);
    SF("DISABLE", 0);
    SF("DATA_USE", use);
    SF("DATA_SIZE", size - 1);
    SF("DATA_MODE", per_element);
    uint32_t e = (uint32_t)size * (use == 2 ? 2 : 1);
    struct cube q = { .w = w, .h = h, .c = c, .eb = e };
    if (per_element)
        cube_strides(&q, 1);
    else {
        q.w = q.h = 1;
        cube_strides(&q, 0);
    }
    static const char *const suffix[3] = { "_bs", "_bn", "_ew" };
    cube_image(l, &q, name, suffix[stage]);
    SF("RAM_TYPE", ram_type(q.sec));
#undef SF
    snprintf(r, sizeof r, "D_%s_BASE_ADDR_LOW", reg[stage]);
    V(l, "SDP_RDMA", r, (uint32_t)q.base);
    snprintf(r, sizeof r, "D_%s_BASE_ADDR_HIGH", reg[stage]);
    V(l, "SDP_RDMA", r, (uint32_t)(q.base >> 32));
    snprintf(r, sizeof r, "D_%s_LINE_STRIDE", reg[stage]);
    V(l, "SDP_RDMA", r, per_element ? (uint32_t)q.line : 0);
    snprintf(r, sizeof r, "D_%s_SURFACE_STRIDE", reg[stage]);
    V(l, "SDP_RDMA", r, per_element ? (uint32_t)q.surf : atom() * e);
    snprintf(r, sizeof r, "D_%s_BATCH_STRIDE", reg[stage]);
    V(l, "SDP_RDMA", r, 0);
    return per_element;
}

/* SDP datapath + operand streams for a w x h x c cube. conv: fed by CACC.
 * allow_mem: memory operands at random in every stage (standalone SDP);
 * conv_mem (with conv): bit 0 BS, bit 1 BN take an operand from memory, EW
 * keeps register operands. *streams: the stages fetching from memory
 * ("BS+BN", ...), for the description. */
static void sdp_datapath(struct layer *l, const char *name, uint32_t w, uint32_t h, uint32_t c, int conv,
                         int allow_mem, int conv_mem, char *streams, size_t slen)
{
    int ma[3], mm[3];
    sdp_x(l, 0, conv ? ((conv_mem & 1) ? 2 : 0) : allow_mem, &ma[0], &mm[0], conv);
    sdp_x(l, 1, conv ? ((conv_mem & 2) ? 2 : 0) : allow_mem, &ma[1], &mm[1], conv);
    sdp_y(l, conv ? 0 : allow_mem, &ma[2], &mm[2]);
    static const char *const stage[3] = { "BS", "BN", "EW" };
    size_t at = 0;
    if (streams && slen)
        streams[0] = 0;
    for (int s = 0; s < 3; s++)
        if (allow_mem || (conv && conv_mem)) {
            int per_element = sdp_stream(l, name, s, ma[s], mm[s], w, h, c);
            if (streams && per_element >= 0 && at < slen)
                at += (size_t)snprintf(streams + at, slen - at, "%s%s%s%s%s", at ? "+" : "", stage[s],
                                       ma[s] ? "-alu" : "", mm[s] ? "-mul" : "",
                                       per_element ? "/elem" : "/chan");
        }
    V(l, "SDP", "D_CVT_OFFSET", (uint32_t)(chance(50) ? 0 : rr(-200, 200)));
    F(l, "SDP", "D_CVT_SCALE", "CVT_SCALE", (uint32_t)(chance(40) ? 1 : rr(-2000, 2000)));
    F(l, "SDP", "D_CVT_SHIFT", "CVT_SHIFT", (uint32_t)(conv ? rr(0, 24) : rr(0, 14)));
    V(l, "SDP", "D_DATA_CUBE_WIDTH", w - 1);
    V(l, "SDP", "D_DATA_CUBE_HEIGHT", h - 1);
    V(l, "SDP", "D_DATA_CUBE_CHANNEL", c - 1);
    V(l, "SDP", "D_DATA_FORMAT", 0);          /* INT8 in and out */
    V(l, "SDP", "D_PERF_ENABLE", 0);
    V(l, "SDP", "D_DST_BATCH_STRIDE", 0);
}

/* PDP pooling parameters for an in_w x in_h input; fills the golden cfg. */
static void pdp_draw(struct golden_pdp_cfg *g)
{
    g->kernel_w = (unsigned)rr(1, g->in_w + 2 < 8 ? g->in_w + 2 : 8);
    g->kernel_h = (unsigned)rr(1, g->in_h + 2 < 8 ? g->in_h + 2 : 8);
    g->stride_w = (unsigned)rr(1, g->kernel_w);
    g->stride_h = (unsigned)rr(1, g->kernel_h);
    if (chance(10))
        g->stride_w = (unsigned)rr(1, 8);
    if (chance(10))
        g->stride_h = (unsigned)rr(1, 8);
    /* the hardware's corners: padding at the end of lines and planes
     * (right/bottom) more often than at their start */
    g->pad_left = chance(50) ? 0 : (unsigned)rr(0, g->kernel_w - 1);
    g->pad_right = chance(30) ? 0 : (unsigned)rr(0, g->kernel_w - 1);
    g->pad_top = chance(50) ? 0 : (unsigned)rr(0, g->kernel_h - 1);
    g->pad_bottom = chance(30) ? 0 : (unsigned)rr(0, g->kernel_h - 1);
    g->method = (enum golden_pool)rr(0, 2);
    int64_t ow = ((int64_t)g->pad_left + g->in_w + g->pad_right - g->kernel_w);
    int64_t oh = ((int64_t)g->pad_top + g->in_h + g->pad_bottom - g->kernel_h);
    g->out_w = ow < 0 ? 0 : (uint32_t)(ow / g->stride_w + 1);
    g->out_h = oh < 0 ? 0 : (uint32_t)(oh / g->stride_h + 1);
    int32_t p = (int32_t)rr(-128, 127);
    for (int n = 1; n <= 7; n++)
        g->pad_value[n] = (uint32_t)(p * n) & 0x7ffffu;
    g->recip_w = 65536u / g->kernel_w;
    g->recip_h = 65536u / g->kernel_h;
    /* off-nominal reciprocals: the hardware keeps limited intermediate
     * precision there (golden_pdp); a third of the average layers, half of
     * them a few times the nominal value (overflowing sums), half anywhere */
    if (g->method == GOLDEN_POOL_AVERAGE && chance(33)) {
        if (chance(50)) {
            g->recip_w = (uint32_t)rr(g->recip_w, 4 * (int64_t)g->recip_w) & 0x1ffffu;
            g->recip_h = (uint32_t)rr(g->recip_h, 4 * (int64_t)g->recip_h) & 0x1ffffu;
        } else {
            g->recip_w = (uint32_t)rr(0, 0x1ffff);
            g->recip_h = (uint32_t)rr(0, 0x1ffff);
        }
    }
    g->split_num = 0;
    g->part_in_first = g->part_in_mid = g->part_in_last = 1;
    g->part_out_first = g->part_out_mid = g->part_out_last = 1;
    g->int16 = 0;
}

/* Split-width mode on a drawn kernel / stride / padding: SPLIT_NUM + 1
 * stripes of whole windows, cut where the hardware (and golden_pdp) expects
 * them: stripe i > 0 re-reads the kernel_w - stride_w columns its
 * predecessor's last window shares with its first one, so the stripes
 * together make exactly the windows of the unsplit plane.
 *   first: (out_first - 1) * stride_w + kernel_w - pad_left columns (pad_left inside)
 *   mid:   out_mid * stride_w columns (+ the overlap re-read)
 *   last:  any width giving at least one window with pad_right; out_last
 *          = (last + pad_right - stride_w) / stride_w + 1 (trailing columns
 *          no window reaches are allowed, as without a split).
 * The input width is the sum; out_w the sum of the output parts. */
static void pdp_split(struct golden_pdp_cfg *g)
{
    unsigned stripes = chance(60) ? 2u : (unsigned)rr(3, 6);
    uint32_t of = (uint32_t)rr(1, 6), om = (uint32_t)rr(1, 6), ol = (uint32_t)rr(1, 6);
    uint32_t sw = g->stride_w;
    g->split_num = stripes - 1;
    g->part_out_first = of;
    g->part_out_mid = stripes > 2 ? om : 1;     /* unused with two stripes: any legal value */
    g->part_out_last = ol;
    g->part_in_first = (of - 1) * sw + g->kernel_w - g->pad_left;
    g->part_in_mid = stripes > 2 ? om * sw : 1;
    /* last: at least one window and one column of its own */
    int64_t lo = (int64_t)sw - g->pad_right < 1 ? 1 : (int64_t)sw - g->pad_right;
    g->part_in_last = (uint32_t)rr(lo, lo + (int64_t)ol * sw);
    ol = (g->part_in_last + g->pad_right - sw) / sw + 1;
    g->part_out_last = ol;
    g->in_w = g->part_in_first + (stripes - 2) * g->part_in_mid + g->part_in_last;
    g->out_w = of + (stripes - 2) * g->part_out_mid + ol;
}

/* PDP registers from the golden cfg; output cube at dst. */
static void pdp_regs(struct layer *l, const struct golden_pdp_cfg *g, int off_flying, const struct cube *src,
                     const struct cube *dst)
{
    V(l, "PDP", "D_DATA_CUBE_IN_WIDTH", g->in_w - 1);
    V(l, "PDP", "D_DATA_CUBE_IN_HEIGHT", g->in_h - 1);
    V(l, "PDP", "D_DATA_CUBE_IN_CHANNEL", g->in_c - 1);
    V(l, "PDP", "D_DATA_CUBE_OUT_WIDTH", g->out_w - 1);
    V(l, "PDP", "D_DATA_CUBE_OUT_HEIGHT", g->out_h - 1);
    V(l, "PDP", "D_DATA_CUBE_OUT_CHANNEL", g->in_c - 1);
    F(l, "PDP", "D_OPERATION_MODE_CFG", "POOLING_METHOD", (uint32_t)g->method);
    F(l, "PDP", "D_OPERATION_MODE_CFG", "FLYING_MODE", (uint32_t)off_flying);
    F(l, "PDP", "D_OPERATION_MODE_CFG", "SPLIT_NUM", g->split_num);
    F(l, "PDP", "D_NAN_FLUSH_TO_ZERO", "NAN_TO_ZERO", 0);
    F(l, "PDP", "D_POOLING_KERNEL_CFG", "KERNEL_WIDTH", g->kernel_w - 1);
    F(l, "PDP", "D_POOLING_KERNEL_CFG", "KERNEL_HEIGHT", g->kernel_h - 1);
    F(l, "PDP", "D_POOLING_KERNEL_CFG", "KERNEL_STRIDE_WIDTH", g->stride_w - 1);
    F(l, "PDP", "D_POOLING_KERNEL_CFG", "KERNEL_STRIDE_HEIGHT", g->stride_h - 1);
    V(l, "PDP", "D_RECIP_KERNEL_WIDTH", g->recip_w);
    V(l, "PDP", "D_RECIP_KERNEL_HEIGHT", g->recip_h);
    F(l, "PDP", "D_POOLING_PADDING_CFG", "PAD_LEFT", g->pad_left);
    F(l, "PDP", "D_POOLING_PADDING_CFG", "PAD_TOP", g->pad_top);
    F(l, "PDP", "D_POOLING_PADDING_CFG", "PAD_RIGHT", g->pad_right);
    F(l, "PDP", "D_POOLING_PADDING_CFG", "PAD_BOTTOM", g->pad_bottom);
    for (int n = 1; n <= 7; n++) {
        char r[48], f[32];
        snprintf(r, sizeof r, "D_POOLING_PADDING_VALUE_%d_CFG", n);
        snprintf(f, sizeof f, "PAD_VALUE_%dX", n);
        F(l, "PDP", r, f, g->pad_value[n]);
    }
    F(l, "PDP", "D_PARTIAL_WIDTH_IN", "PARTIAL_WIDTH_IN_FIRST", g->part_in_first - 1);
    F(l, "PDP", "D_PARTIAL_WIDTH_IN", "PARTIAL_WIDTH_IN_MID", g->part_in_mid - 1);
    F(l, "PDP", "D_PARTIAL_WIDTH_IN", "PARTIAL_WIDTH_IN_LAST", g->part_in_last - 1);
    F(l, "PDP", "D_PARTIAL_WIDTH_OUT", "PARTIAL_WIDTH_OUT_FIRST", g->part_out_first - 1);
    F(l, "PDP", "D_PARTIAL_WIDTH_OUT", "PARTIAL_WIDTH_OUT_MID", g->part_out_mid - 1);
    F(l, "PDP", "D_PARTIAL_WIDTH_OUT", "PARTIAL_WIDTH_OUT_LAST", g->part_out_last - 1);
    if (src) {
        V(l, "PDP", "D_SRC_BASE_ADDR_LOW", (uint32_t)src->base);
        V(l, "PDP", "D_SRC_BASE_ADDR_HIGH", (uint32_t)(src->base >> 32));
        V(l, "PDP", "D_SRC_LINE_STRIDE", (uint32_t)src->line);
        V(l, "PDP", "D_SRC_SURFACE_STRIDE", (uint32_t)src->surf);
    }
    V(l, "PDP", "D_DST_BASE_ADDR_LOW", (uint32_t)dst->base);
    V(l, "PDP", "D_DST_BASE_ADDR_HIGH", (uint32_t)(dst->base >> 32));
    V(l, "PDP", "D_DST_LINE_STRIDE", (uint32_t)dst->line);
    V(l, "PDP", "D_DST_SURFACE_STRIDE", (uint32_t)dst->surf);
    V(l, "PDP", "D_DST_RAM_CFG", ram_type(dst->sec));
    V(l, "PDP", "D_DATA_FORMAT", 0);
    V(l, "PDP", "D_CYA", 0);
}

/* SDP_RDMA reading cube in from memory, off-flying, INT8 throughout. */
static void sdp_rdma_input(struct layer *l, const struct cube *in)
{
    V(l, "SDP_RDMA", "D_DATA_CUBE_WIDTH", in->w - 1);
    V(l, "SDP_RDMA", "D_DATA_CUBE_HEIGHT", in->h - 1);
    V(l, "SDP_RDMA", "D_DATA_CUBE_CHANNEL", in->c - 1);
    V(l, "SDP_RDMA", "D_SRC_BASE_ADDR_LOW", (uint32_t)in->base);
    V(l, "SDP_RDMA", "D_SRC_BASE_ADDR_HIGH", (uint32_t)(in->base >> 32));
    V(l, "SDP_RDMA", "D_SRC_LINE_STRIDE", (uint32_t)in->line);
    V(l, "SDP_RDMA", "D_SRC_SURFACE_STRIDE", (uint32_t)in->surf);
    V(l, "SDP_RDMA", "D_SRC_DMA_CFG", ram_type(in->sec));
    V(l, "SDP_RDMA", "D_FEATURE_MODE_CFG", 0);
    V(l, "SDP_RDMA", "D_PERF_ENABLE", 0);
}

static int gen_sdp(struct layer *l, const char *name)
{
    uint32_t w, h, c;
    if (chance(10))
        w = h = 1;
    else {
        w = (uint32_t)rr(1, 16);
        h = (uint32_t)rr(1, 16);
    }
    c = chance(20) ? (uint32_t)rr(1, atom()) : (uint32_t)rr(1, 8 * atom());
    int to_pdp = chance(20);
    struct cube in = { .w = w, .h = h, .c = c, .eb = 1 };
    cube_strides(&in, 1);
    cube_image(l, &in, name, "_in");

    V(l, "SDP", "S_POINTER", 0);
    V(l, "SDP_RDMA", "S_POINTER", 0);
    sdp_datapath(l, name, w, h, c, 0, 1, 0, NULL, 0);
    F(l, "SDP", "D_FEATURE_MODE_CFG", "FLYING_MODE", 0);
    F(l, "SDP", "D_FEATURE_MODE_CFG", "OUTPUT_DST", (uint32_t)to_pdp);
    sdp_rdma_input(l, &in);
    if (!to_pdp) {
        struct cube out = { .w = w, .h = h, .c = c, .eb = 1 };
        cube_strides(&out, 1);
        cube_output(l, &out);
        V(l, "SDP", "D_DST_BASE_ADDR_LOW", (uint32_t)out.base);
        V(l, "SDP", "D_DST_BASE_ADDR_HIGH", (uint32_t)(out.base >> 32));
        V(l, "SDP", "D_DST_LINE_STRIDE", (uint32_t)out.line);
        V(l, "SDP", "D_DST_SURFACE_STRIDE", (uint32_t)out.surf);
        V(l, "SDP", "D_DST_DMA_CFG", ram_type(out.sec));
        enable(l, "SDP");
        enable(l, "SDP_RDMA");
        l->intr = "SDP_0";
        snprintf(l->desc, sizeof l->desc, "SDP %ux%ux%u", w, h, c);
        return 0;
    }
    /* SDP -> PDP on the fly */
    struct golden_pdp_cfg g;
    memset(&g, 0, sizeof g);
    g.in_w = w;
    g.in_h = h;
    g.in_c = c;
    g.lanes = atom();
    pdp_draw(&g);
    char why[200];
    if (golden_pdp_check(&g, why, sizeof why))
        return -1;
    struct cube out = { .w = g.out_w, .h = g.out_h, .c = c, .eb = 1 };
    cube_strides(&out, 1);
    if (out.w == 1 && out.h == 1)
        out.surf = out.line;   /* PDP honours the surface stride: keep it packed */
    cube_output(l, &out);
    V(l, "SDP", "D_DST_DMA_CFG", 1);
    pdp_regs(l, &g, 0, NULL, &out);
    V(l, "PDP", "S_POINTER", 0);
    enable(l, "PDP");
    enable(l, "SDP");
    enable(l, "SDP_RDMA");
    l->intr = "PDP_0";
    snprintf(l->desc, sizeof l->desc, "SDP %ux%ux%u -> PDP %ux%u k%ux%u s%ux%u", w, h, c, g.out_w, g.out_h,
             g.kernel_w, g.kernel_h, g.stride_w, g.stride_h);
    return 0;
}

/* ---- SDP bypass copy (the shipped RTL stub's datapath) ---------------------- */

/* An SDP off-flying layer with every stage bypassed and the output
 * converter at scale 1, shift 0, offset 0: INT8 in and out, the output cube
 * is the input cube, atom by atom, at its own base and strides (line and
 * surface padding at random, a region starting just before a 4 KiB page
 * boundary in half the layers' cubes, above 4 GiB in some layers of a
 * 64-bit configuration). Everything stays on DBBIF, the stub's only port. */
static int gen_bypass(struct layer *l, const char *name)
{
    uint32_t w, h;
    if (chance(10))
        w = h = 1;
    else {
        w = (uint32_t)rr(1, 32);
        h = (uint32_t)rr(1, 16);
    }
    uint32_t c = chance(20) ? (uint32_t)rr(1, atom()) : (uint32_t)rr(1, 8 * atom());
    struct cube in = { .w = w, .h = h, .c = c, .eb = 1 };
    cube_strides(&in, 1);
    cube_image(l, &in, name, "_in");
    struct cube out = { .w = w, .h = h, .c = c, .eb = 1 };
    cube_strides(&out, 1);
    cube_output(l, &out);

    V(l, "SDP", "S_POINTER", 0);
    V(l, "SDP_RDMA", "S_POINTER", 0);
    static const char *const x[2] = { "BS", "BN" };
    for (int i = 0; i < 2; i++) {
        char reg[32], f[32];
        snprintf(reg, sizeof reg, "D_DP_%s_CFG", x[i]);
        static const char *const byp[4] = { "BYPASS", "ALU_BYPASS", "MUL_BYPASS", "RELU_BYPASS" };
        for (int k = 0; k < 4; k++) {
            snprintf(f, sizeof f, "%s_%s", x[i], byp[k]);
            F(l, "SDP", reg, f, 1);
        }
    }
    F(l, "SDP", "D_DP_EW_CFG", "EW_BYPASS", 1);
    F(l, "SDP", "D_DP_EW_CFG", "EW_ALU_BYPASS", 1);
    F(l, "SDP", "D_DP_EW_CFG", "EW_MUL_BYPASS", 1);
    F(l, "SDP", "D_DP_EW_CFG", "EW_LUT_BYPASS", 1);
    F(l, "SDP_RDMA", "D_BRDMA_CFG", "BRDMA_DISABLE", 1);
    F(l, "SDP_RDMA", "D_NRDMA_CFG", "NRDMA_DISABLE", 1);
    F(l, "SDP_RDMA", "D_ERDMA_CFG", "ERDMA_DISABLE", 1);
    V(l, "SDP", "D_CVT_OFFSET", 0);
    F(l, "SDP", "D_CVT_SCALE", "CVT_SCALE", 1);
    F(l, "SDP", "D_CVT_SHIFT", "CVT_SHIFT", 0);
    V(l, "SDP", "D_DATA_CUBE_WIDTH", w - 1);
    V(l, "SDP", "D_DATA_CUBE_HEIGHT", h - 1);
    V(l, "SDP", "D_DATA_CUBE_CHANNEL", c - 1);
    V(l, "SDP", "D_DATA_FORMAT", 0);              /* INT8 in and out */
    V(l, "SDP", "D_PERF_ENABLE", 0);
    V(l, "SDP", "D_FEATURE_MODE_CFG", 0);         /* OFF flying, output to memory */
    V(l, "SDP", "D_DST_BASE_ADDR_LOW", (uint32_t)out.base);
    V(l, "SDP", "D_DST_BASE_ADDR_HIGH", (uint32_t)(out.base >> 32));
    V(l, "SDP", "D_DST_LINE_STRIDE", (uint32_t)out.line);
    V(l, "SDP", "D_DST_SURFACE_STRIDE", (uint32_t)out.surf);
    V(l, "SDP", "D_DST_BATCH_STRIDE", 0);
    V(l, "SDP", "D_DST_DMA_CFG", ram_type(out.sec));
    sdp_rdma_input(l, &in);
    enable(l, "SDP");
    enable(l, "SDP_RDMA");
    l->intr = "SDP_0";
    snprintf(l->desc, sizeof l->desc, "SDP bypass copy %ux%ux%u, in 0x%" PRIx64 " line %" PRIu64 " surf %" PRIu64
             ", out 0x%" PRIx64 " line %" PRIu64 " surf %" PRIu64, w, h, c, in.base, in.line, in.surf, out.base,
             out.line, out.surf);
    return 0;
}

/* ---- PDP ------------------------------------------------------------------ */

static int gen_pdp(struct layer *l, const char *name)
{
    struct golden_pdp_cfg g;
    memset(&g, 0, sizeof g);
    int split = want_special;
    g.in_w = split ? 64 : (uint32_t)rr(1, 16);   /* split: the width follows from the stripes */
    g.in_h = (uint32_t)rr(1, 16);
    g.in_c = chance(20) ? (uint32_t)rr(1, atom()) : (uint32_t)rr(1, 8 * atom());
    g.lanes = atom();
    pdp_draw(&g);
    if (split)
        pdp_split(&g);
    char why[200];
    if (golden_pdp_check(&g, why, sizeof why))
        return -1;
    struct cube in = { .w = g.in_w, .h = g.in_h, .c = g.in_c, .eb = 1 };
    cube_strides(&in, 1);
    if (in.w == 1 && in.h == 1)
        in.surf = in.line;
    cube_image(l, &in, name, "_in");
    struct cube out = { .w = g.out_w, .h = g.out_h, .c = g.in_c, .eb = 1 };
    cube_strides(&out, 1);
    cube_output(l, &out);
    V(l, "PDP", "S_POINTER", 0);
    V(l, "PDP_RDMA", "S_POINTER", 0);
    pdp_regs(l, &g, 1, &in, &out);
    V(l, "PDP_RDMA", "D_DATA_CUBE_IN_WIDTH", g.in_w - 1);
    V(l, "PDP_RDMA", "D_DATA_CUBE_IN_HEIGHT", g.in_h - 1);
    V(l, "PDP_RDMA", "D_DATA_CUBE_IN_CHANNEL", g.in_c - 1);
    V(l, "PDP_RDMA", "D_FLYING_MODE", 1);
    V(l, "PDP_RDMA", "D_SRC_BASE_ADDR_LOW", (uint32_t)in.base);
    V(l, "PDP_RDMA", "D_SRC_BASE_ADDR_HIGH", (uint32_t)(in.base >> 32));
    V(l, "PDP_RDMA", "D_SRC_LINE_STRIDE", (uint32_t)in.line);
    V(l, "PDP_RDMA", "D_SRC_SURFACE_STRIDE", (uint32_t)in.surf);
    V(l, "PDP_RDMA", "D_SRC_RAM_CFG", ram_type(in.sec));
    V(l, "PDP_RDMA", "D_DATA_FORMAT", 0);
    F(l, "PDP_RDMA", "D_OPERATION_MODE_CFG", "SPLIT_NUM", g.split_num);
    F(l, "PDP_RDMA", "D_POOLING_KERNEL_CFG", "KERNEL_WIDTH", g.kernel_w - 1);
    F(l, "PDP_RDMA", "D_POOLING_KERNEL_CFG", "KERNEL_STRIDE_WIDTH", g.stride_w - 1);
    F(l, "PDP_RDMA", "D_POOLING_PADDING_CFG", "PAD_WIDTH", g.pad_left);
    F(l, "PDP_RDMA", "D_PARTIAL_WIDTH_IN", "PARTIAL_WIDTH_IN_FIRST", g.part_in_first - 1);
    F(l, "PDP_RDMA", "D_PARTIAL_WIDTH_IN", "PARTIAL_WIDTH_IN_MID", g.part_in_mid - 1);
    F(l, "PDP_RDMA", "D_PARTIAL_WIDTH_IN", "PARTIAL_WIDTH_IN_LAST", g.part_in_last - 1);
    enable(l, "PDP");
    enable(l, "PDP_RDMA");
    l->intr = "PDP_0";
    static const char *const m[] = { "ave", "max", "min" };
    int n = snprintf(l->desc, sizeof l->desc, "PDP %ux%ux%u %s k%ux%u s%ux%u p%u/%u/%u/%u -> %ux%u", g.in_w,
                     g.in_h, g.in_c, m[g.method], g.kernel_w, g.kernel_h, g.stride_w, g.stride_h, g.pad_left,
                     g.pad_right, g.pad_top, g.pad_bottom, g.out_w, g.out_h);
    int off_nominal = g.method == GOLDEN_POOL_AVERAGE &&
                      (g.recip_w != 65536u / g.kernel_w || g.recip_h != 65536u / g.kernel_h);
    if (off_nominal)
        n += snprintf(l->desc + n, sizeof l->desc - (size_t)n, " recip 0x%x/0x%x", g.recip_w, g.recip_h);
    l->corners = (off_nominal ? CORNER_RECIP : 0) | (g.pad_right || g.pad_bottom ? CORNER_EDGE_PAD : 0);
    if (g.split_num == 1)
        snprintf(l->desc + n, sizeof l->desc - (size_t)n, " split2 in %u/%u out %u/%u", g.part_in_first,
                 g.part_in_last, g.part_out_first, g.part_out_last);
    else if (g.split_num)
        snprintf(l->desc + n, sizeof l->desc - (size_t)n, " split%u in %u/%ux%u/%u out %u/%ux%u/%u",
                 g.split_num + 1, g.part_in_first, g.part_in_mid, g.split_num - 1, g.part_in_last,
                 g.part_out_first, g.part_out_mid, g.split_num - 1, g.part_out_last);
    l->kind = g.split_num ? KIND_PDP_SPLIT : 0;
    return 0;
}

/* ---- CDP ------------------------------------------------------------------ */

static void v38(struct layer *l, const char *lowreg, const char *highreg, int64_t v)
{
    V(l, "CDP", lowreg, (uint32_t)v);
    V(l, "CDP", highreg, (uint32_t)((uint64_t)v >> 32) & 0x3fu);
}

static int gen_cdp(struct layer *l, const char *name)
{
    uint32_t w = (uint32_t)rr(1, 16), h = (uint32_t)rr(1, 16);
    uint32_t c = chance(20) ? (uint32_t)rr(1, atom()) : (uint32_t)rr(1, 8 * atom());
    struct cube in = { .w = w, .h = h, .c = c, .eb = 1 };
    cube_strides(&in, 1);
    if (w == 1 && h == 1)
        in.surf = in.line;
    cube_image(l, &in, name, "_in");
    struct cube out = in;
    cube_strides(&out, 1);
    if (w == 1 && h == 1)
        out.surf = out.line;
    cube_output(l, &out);

    V(l, "CDP", "S_POINTER", 0);
    V(l, "CDP_RDMA", "S_POINTER", 0);
    int le_linear;
    lut_common(l, "CDP", &le_linear);
    int le_sel = (int)rr(0, 20), lo_sel = (int)rr(0, 20);
    F(l, "CDP", "S_LUT_INFO", "LUT_LE_INDEX_SELECT", (uint32_t)le_sel);
    F(l, "CDP", "S_LUT_INFO", "LUT_LO_INDEX_SELECT", (uint32_t)lo_sel);
    F(l, "CDP", "S_LUT_INFO", "LUT_LE_INDEX_OFFSET", (uint32_t)rr(-8, 8));
    int64_t les = rr(-4000, 20000), los = rr(-4000, 20000);
    if (le_linear) {
        v38(l, "S_LUT_LE_START_LOW", "S_LUT_LE_START_HIGH", les);
        v38(l, "S_LUT_LE_END_LOW", "S_LUT_LE_END_HIGH", les + ((int64_t)64 << le_sel));
    } else {
        v38(l, "S_LUT_LE_START_LOW", "S_LUT_LE_START_HIGH", rr(0, 4));
        v38(l, "S_LUT_LE_END_LOW", "S_LUT_LE_END_HIGH", rr(16, 1 << 20));
    }
    v38(l, "S_LUT_LO_START_LOW", "S_LUT_LO_START_HIGH", los);
    v38(l, "S_LUT_LO_END_LOW", "S_LUT_LO_END_HIGH", los + ((int64_t)256 << lo_sel));

    unsigned len = (unsigned)rr(0, 3);
    F(l, "CDP", "D_LRN_CFG", "NORMALZ_LEN", len);
    F(l, "CDP", "D_DATIN_OFFSET", "DATIN_OFFSET", (uint32_t)(chance(50) ? 0 : rr(-128, 127)) & 0xffu);
    F(l, "CDP", "D_DATIN_SCALE", "DATIN_SCALE", (uint32_t)(chance(40) ? 1 : rr(-300, 300)));
    F(l, "CDP", "D_DATIN_SHIFTER", "DATIN_SHIFTER", (uint32_t)rr(0, 8));
    V(l, "CDP", "D_DATOUT_OFFSET", (uint32_t)(chance(50) ? 0 : rr(-2000, 2000)) & 0x1ffffffu);
    F(l, "CDP", "D_DATOUT_SCALE", "DATOUT_SCALE", (uint32_t)(chance(40) ? 1 : rr(-3000, 3000)));
    F(l, "CDP", "D_DATOUT_SHIFTER", "DATOUT_SHIFTER", (uint32_t)rr(0, 24));
    int sq = chance(20), mul = chance(20);
    F(l, "CDP", "D_FUNC_BYPASS", "SQSUM_BYPASS", (uint32_t)sq);
    F(l, "CDP", "D_FUNC_BYPASS", "MUL_BYPASS", (uint32_t)mul);
    V(l, "CDP", "D_DATA_FORMAT", 0);
    V(l, "CDP", "D_NAN_FLUSH_TO_ZERO", 0);
    V(l, "CDP", "D_DST_BASE_ADDR_LOW", (uint32_t)out.base);
    V(l, "CDP", "D_DST_BASE_ADDR_HIGH", (uint32_t)(out.base >> 32));
    V(l, "CDP", "D_DST_LINE_STRIDE", (uint32_t)out.line);
    V(l, "CDP", "D_DST_SURFACE_STRIDE", (uint32_t)out.surf);
    V(l, "CDP", "D_DST_DMA_CFG", ram_type(out.sec));
    V(l, "CDP", "D_CYA", 0);
    V(l, "CDP_RDMA", "D_DATA_CUBE_WIDTH", w - 1);
    V(l, "CDP_RDMA", "D_DATA_CUBE_HEIGHT", h - 1);
    V(l, "CDP_RDMA", "D_DATA_CUBE_CHANNEL", c - 1);
    V(l, "CDP_RDMA", "D_SRC_BASE_ADDR_LOW", (uint32_t)in.base);
    V(l, "CDP_RDMA", "D_SRC_BASE_ADDR_HIGH", (uint32_t)(in.base >> 32));
    V(l, "CDP_RDMA", "D_SRC_LINE_STRIDE", (uint32_t)in.line);
    V(l, "CDP_RDMA", "D_SRC_SURFACE_STRIDE", (uint32_t)in.surf);
    V(l, "CDP_RDMA", "D_SRC_DMA_CFG", ram_type(in.sec));
    V(l, "CDP_RDMA", "D_DATA_FORMAT", 0);
    V(l, "CDP_RDMA", "D_CYA", 0);
    enable(l, "CDP_RDMA");
    enable(l, "CDP");
    l->intr = "CDP_0";
    snprintf(l->desc, sizeof l->desc, "CDP %ux%ux%u lrn%u%s%s", w, h, c, 2 * len + 3, sq ? " sqsum-bypass" : "",
             mul ? " mul-bypass" : "");
    return 0;
}

/* ---- convolution ------------------------------------------------------------ */

static int gen_conv(struct layer *l, const char *name)
{
    struct golden_conv_cfg g;
    memset(&g, 0, sizeof g);
    g.in_w = (uint32_t)rr(1, 16);
    g.in_h = (uint32_t)rr(1, 16);
    g.in_c = chance(20) ? (uint32_t)rr(1, atom()) : (uint32_t)rr(1, max_channels());
    g.kernel_w = (uint32_t)rr(1, 5);
    g.kernel_h = (uint32_t)rr(1, 5);
    g.kernel_c = g.in_c;
    g.kernels = chance(20) ? (uint32_t)rr(1, 8) : (uint32_t)rr(1, max_kernels());
    g.stride_x = (unsigned)rr(1, 3);
    g.stride_y = (unsigned)rr(1, 3);
    g.dilation_x = chance(25) ? 2 : 1;
    g.dilation_y = chance(25) ? 2 : 1;
    uint32_t ekw = (g.kernel_w - 1) * g.dilation_x + 1, ekh = (g.kernel_h - 1) * g.dilation_y + 1;
    g.pad_left = chance(50) ? 0 : (unsigned)rr(0, ekw - 1);
    g.pad_top = chance(50) ? 0 : (unsigned)rr(0, ekh - 1);
    unsigned pad_right = chance(50) ? 0 : (unsigned)rr(0, ekw - 1);
    unsigned pad_bottom = chance(50) ? 0 : (unsigned)rr(0, ekh - 1);
    int64_t rw = (int64_t)g.pad_left + g.in_w + pad_right - ekw;
    int64_t rh = (int64_t)g.pad_top + g.in_h + pad_bottom - ekh;
    if (rw < 0 || rh < 0)
        return -1;
    g.out_w = (uint32_t)(rw / g.stride_x + 1);
    g.out_h = (uint32_t)(rh / g.stride_y + 1);
    g.out_c = g.kernels;
    uint32_t pad_raw = chance(50) ? 0 : (uint32_t)rr(0, 255);
    g.pad_value = (int8_t)pad_raw;
    g.cvt_en = chance(25);
    if (g.cvt_en) {
        g.cvt_offset = (int32_t)rr(-128, 127);
        g.cvt_scale = (int32_t)rr(-600, 600);
        g.cvt_truncate = (unsigned)rr(0, 10);
    } else
        g.cvt_scale = 1;
    g.clip_truncate = (unsigned)rr(0, 12);
    g.int16 = 0;
    g.atomic_c = gen_config->atomic_c;
    g.atomic_k = gen_config->atomic_k;
    g.lanes = atom();
    char why[200];
    if (golden_conv_check(&g, why, sizeof why))
        return -1;

    /* feature and weights */
    struct cube in = { .w = g.in_w, .h = g.in_h, .c = g.in_c, .eb = 1 };
    cube_strides(&in, 1);
    int line_packed = in.line == (uint64_t)in.w * atom(), surf_packed = in.surf == in.line * in.h;
    cube_image(l, &in, name, "_dt");
    /* weights padded with zeros to whole memory atoms (rule weight-bytes-align) */
    uint64_t wdense = golden_conv_weight_bytes(&g), a = atom();
    uint64_t wbytes = (wdense + a - 1) / a * a;
    size_t nk = (size_t)g.kernels * g.kernel_c * g.kernel_h * g.kernel_w;
    int8_t *kcrs = malloc(nk);
    uint8_t *wb = calloc(1, wbytes);
    if (!kcrs || !wb)
        abort();
    int small = chance(50);
    for (size_t i = 0; i < nk; i++)
        kcrs[i] = (int8_t)(small ? rr(-8, 8) : (int64_t)(int8_t)rnd32());
    if (golden_layout_weights_from_kcrs(&g, kcrs, wb, wdense)) {
        free(kcrs);
        free(wb);
        return -1;
    }
    int wsec;
    uint64_t wbase = raw_image(l, wb, wbytes, name, "_wt", &wsec);
    free(kcrs);
    free(wb);
    struct cube out = { .w = g.out_w, .h = g.out_h, .c = g.kernels, .eb = 1 };
    cube_strides(&out, 1);
    cube_output(l, &out);

    /* CDMA */
    uint32_t in_sz0 = (g.in_w - 1) | (g.in_h - 1) << 16;
    V(l, "CDMA", "S_POINTER", 0);
    V(l, "CDMA", "D_MISC_CFG", 0);                  /* DC, INT8, no reuse */
    V(l, "CDMA", "D_DATAIN_FORMAT", 0);             /* feature */
    V(l, "CDMA", "D_DATAIN_SIZE_0", in_sz0);
    V(l, "CDMA", "D_DATAIN_SIZE_1", g.in_c - 1);
    V(l, "CDMA", "D_DATAIN_SIZE_EXT_0", in_sz0);
    V(l, "CDMA", "D_PIXEL_OFFSET", 0);
    V(l, "CDMA", "D_DAIN_RAM_TYPE", ram_type(in.sec));
    V(l, "CDMA", "D_DAIN_ADDR_HIGH_0", (uint32_t)(in.base >> 32));
    V(l, "CDMA", "D_DAIN_ADDR_LOW_0", (uint32_t)in.base);
    V(l, "CDMA", "D_LINE_STRIDE", (uint32_t)in.line);
    V(l, "CDMA", "D_SURF_STRIDE", (uint32_t)in.surf);
    F(l, "CDMA", "D_DAIN_MAP", "LINE_PACKED", (uint32_t)line_packed);
    F(l, "CDMA", "D_DAIN_MAP", "SURF_PACKED", (uint32_t)surf_packed);
    V(l, "CDMA", "D_BATCH_NUMBER", 0);
    V(l, "CDMA", "D_BATCH_STRIDE", 0);
    /* CBUF entries of a slice (rule cbuf-entry-per-slice): each pixel's
     * memory atoms, ape of them per entry; the last partial entry's atoms
     * of several pixels share an entry when they divide it (nv_small: one
     * 8-byte atom per 8-byte entry, width x ceil(C / 8)) */
    uint32_t ape = gen_config->cbuf_bank_width / atom();
    uint32_t atoms = (g.in_c + atom() - 1) / atom(), last = atoms % ape;
    uint32_t entries = g.in_w * (atoms / ape);
    if (last)
        entries += ape % last ? g.in_w : (last * g.in_w + ape - 1) / ape;
    V(l, "CDMA", "D_ENTRY_PER_SLICE", entries - 1);
    V(l, "CDMA", "D_FETCH_GRAIN", 0);
    V(l, "CDMA", "D_WEIGHT_FORMAT", 0);
    V(l, "CDMA", "D_WEIGHT_SIZE_0", g.kernel_w * g.kernel_h * g.kernel_c - 1);
    V(l, "CDMA", "D_WEIGHT_SIZE_1", g.kernels - 1);
    V(l, "CDMA", "D_WEIGHT_RAM_TYPE", ram_type(wsec));
    V(l, "CDMA", "D_WEIGHT_ADDR_HIGH", (uint32_t)(wbase >> 32));
    V(l, "CDMA", "D_WEIGHT_ADDR_LOW", (uint32_t)wbase);
    V(l, "CDMA", "D_WEIGHT_BYTES", (uint32_t)wbytes);
    V(l, "CDMA", "D_MEAN_FORMAT", 0);
    F(l, "CDMA", "D_CVT_CFG", "CVT_EN", (uint32_t)g.cvt_en);
    F(l, "CDMA", "D_CVT_CFG", "CVT_TRUNCATE", g.cvt_truncate);
    F(l, "CDMA", "D_CVT_OFFSET", "CVT_OFFSET", (uint32_t)g.cvt_offset);
    F(l, "CDMA", "D_CVT_SCALE", "CVT_SCALE", (uint32_t)g.cvt_scale);
    V(l, "CDMA", "D_CONV_STRIDE", (g.stride_x - 1) | (g.stride_y - 1) << 16);
    F(l, "CDMA", "D_ZERO_PADDING", "PAD_LEFT", g.pad_left);
    F(l, "CDMA", "D_ZERO_PADDING", "PAD_RIGHT", pad_right);
    F(l, "CDMA", "D_ZERO_PADDING", "PAD_TOP", g.pad_top);
    F(l, "CDMA", "D_ZERO_PADDING", "PAD_BOTTOM", pad_bottom);
    F(l, "CDMA", "D_ZERO_PADDING_VALUE", "PAD_VALUE", pad_raw);
    /* the data banks hold the cube; the weights get what they need of the
     * rest (rules cbuf-data-banks, cbuf-bank-count) */
    uint32_t depth = gen_config->cbuf_bank_depth, bank_bytes = depth * gen_config->cbuf_bank_width;
    uint32_t dbanks = (entries * g.in_h + depth - 1) / depth;
    uint32_t wbanks = (uint32_t)((wbytes + bank_bytes - 1) / bank_bytes);
    if (dbanks + 1 > gen_config->cbuf_bank_number)
        return -1;
    if (wbanks > gen_config->cbuf_bank_number - dbanks)
        wbanks = gen_config->cbuf_bank_number - dbanks;
    V(l, "CDMA", "D_BANK", (dbanks - 1) | (wbanks - 1) << 16);
    V(l, "CDMA", "D_NAN_FLUSH_TO_ZERO", 0);
    V(l, "CDMA", "D_CYA", 0);

    /* CSC */
    V(l, "CSC", "S_POINTER", 0);
    V(l, "CSC", "D_MISC_CFG", 0);
    V(l, "CSC", "D_DATAIN_FORMAT", 0);
    V(l, "CSC", "D_DATAIN_SIZE_EXT_0", in_sz0);
    V(l, "CSC", "D_DATAIN_SIZE_EXT_1", g.in_c - 1);
    V(l, "CSC", "D_BATCH_NUMBER", 0);
    V(l, "CSC", "D_POST_Y_EXTENSION", 0);
    V(l, "CSC", "D_ENTRY_PER_SLICE", entries - 1);
    V(l, "CSC", "D_WEIGHT_FORMAT", 0);
    V(l, "CSC", "D_WEIGHT_SIZE_EXT_0", (g.kernel_w - 1) | (g.kernel_h - 1) << 16);
    V(l, "CSC", "D_WEIGHT_SIZE_EXT_1", (g.kernel_c - 1) | (g.kernels - 1) << 16);
    V(l, "CSC", "D_WEIGHT_BYTES", (uint32_t)wbytes);
    V(l, "CSC", "D_DATAOUT_SIZE_0", (g.out_w - 1) | (g.out_h - 1) << 16);
    V(l, "CSC", "D_DATAOUT_SIZE_1", g.kernels - 1);
    V(l, "CSC", "D_ATOMICS", g.out_w * g.out_h - 1);
    V(l, "CSC", "D_RELEASE", g.in_h - 1);
    V(l, "CSC", "D_CONV_STRIDE_EXT", (g.stride_x - 1) | (g.stride_y - 1) << 16);
    V(l, "CSC", "D_DILATION_EXT", (g.dilation_x - 1) | (g.dilation_y - 1) << 16);
    F(l, "CSC", "D_ZERO_PADDING", "PAD_LEFT", g.pad_left);
    F(l, "CSC", "D_ZERO_PADDING", "PAD_TOP", g.pad_top);
    F(l, "CSC", "D_ZERO_PADDING_VALUE", "PAD_VALUE", pad_raw);
    V(l, "CSC", "D_BANK", (dbanks - 1) | (wbanks - 1) << 16);
    V(l, "CSC", "D_PRA_CFG", 0);
    V(l, "CSC", "D_CYA", 0);

    /* CMAC, CACC */
    V(l, "CMAC_A", "S_POINTER", 0);
    V(l, "CMAC_A", "D_MISC_CFG", 0);
    V(l, "CMAC_B", "S_POINTER", 0);
    V(l, "CMAC_B", "D_MISC_CFG", 0);
    V(l, "CACC", "S_POINTER", 0);
    V(l, "CACC", "D_MISC_CFG", 0);
    V(l, "CACC", "D_DATAOUT_SIZE_0", (g.out_w - 1) | (g.out_h - 1) << 16);
    V(l, "CACC", "D_DATAOUT_SIZE_1", g.kernels - 1);
    V(l, "CACC", "D_DATAOUT_ADDR", (uint32_t)out.base);
    V(l, "CACC", "D_BATCH_NUMBER", 0);
    V(l, "CACC", "D_LINE_STRIDE", (uint32_t)out.line);
    V(l, "CACC", "D_SURF_STRIDE", (uint32_t)out.surf);
    F(l, "CACC", "D_DATAOUT_MAP", "LINE_PACKED", out.line == (uint64_t)out.w * atom());
    F(l, "CACC", "D_DATAOUT_MAP", "SURF_PACKED", out.surf == out.line * out.h);
    F(l, "CACC", "D_CLIP_CFG", "CLIP_TRUNCATE", g.clip_truncate);
    V(l, "CACC", "D_CYA", 0);

    /* SDP on the fly; in some layers BS and/or BN take operands from memory
     * (SDP_RDMA fetches only those streams: flying mode ON, no source DMA) */
    V(l, "SDP", "S_POINTER", 0);
    int conv_mem = want_special ? (int)rr(1, 3) : 0;
    char streams[96];
    if (conv_mem)
        V(l, "SDP_RDMA", "S_POINTER", 0);
    sdp_datapath(l, name, g.out_w, g.out_h, g.kernels, 1, 0, conv_mem, streams, sizeof streams);
    if (conv_mem) {
        V(l, "SDP_RDMA", "D_DATA_CUBE_WIDTH", g.out_w - 1);
        V(l, "SDP_RDMA", "D_DATA_CUBE_HEIGHT", g.out_h - 1);
        V(l, "SDP_RDMA", "D_DATA_CUBE_CHANNEL", g.kernels - 1);
        F(l, "SDP_RDMA", "D_FEATURE_MODE_CFG", "FLYING_MODE", 1);   /* ON: input from CACC */
        F(l, "SDP_RDMA", "D_FEATURE_MODE_CFG", "IN_PRECISION", 0);
        F(l, "SDP_RDMA", "D_FEATURE_MODE_CFG", "PROC_PRECISION", 0);
        F(l, "SDP_RDMA", "D_FEATURE_MODE_CFG", "OUT_PRECISION", 0);
        V(l, "SDP_RDMA", "D_PERF_ENABLE", 0);
    }
    F(l, "SDP", "D_FEATURE_MODE_CFG", "FLYING_MODE", 1);
    F(l, "SDP", "D_FEATURE_MODE_CFG", "OUTPUT_DST", 0);
    V(l, "SDP", "D_DST_BASE_ADDR_LOW", (uint32_t)out.base);
    V(l, "SDP", "D_DST_BASE_ADDR_HIGH", (uint32_t)(out.base >> 32));
    V(l, "SDP", "D_DST_LINE_STRIDE", (uint32_t)out.line);
    V(l, "SDP", "D_DST_SURFACE_STRIDE", (uint32_t)out.surf);
    V(l, "SDP", "D_DST_DMA_CFG", ram_type(out.sec));

    l->glb_mask = 1;
    l->flush_wait = 1;   /* the CBUF flush after reset (rule cbuf-flush-wait) */
    if (conv_mem)
        enable(l, "SDP_RDMA");
    enable(l, "SDP");
    enable(l, "CACC");
    enable(l, "CMAC_A");
    enable(l, "CMAC_B");
    enable(l, "CSC");
    enable(l, "CDMA");
    l->intr = "SDP_0";
    snprintf(l->desc, sizeof l->desc, "conv %ux%ux%u * %ux%ux%ux%u s%ux%u d%ux%u -> %ux%ux%u", g.in_w, g.in_h,
             g.in_c, g.kernel_w, g.kernel_h, g.kernel_c, g.kernels, g.stride_x, g.stride_y, g.dilation_x,
             g.dilation_y, g.out_w, g.out_h, g.kernels);
    if (conv_mem) {
        size_t n = strlen(l->desc);
        snprintf(l->desc + n, sizeof l->desc - n, " sdp-mem %s", streams);
        l->kind = KIND_CONV_SDP_MEM;
    }
    return 0;
}

/* ---- output ----------------------------------------------------------------- */

static int dat_has_data(const struct dat *d)
{
    for (size_t i = 0; i < d->size; i++)
        if (d->bytes[i])
            return 1;
    return 0;
}

/* The trace's name of a region's memory. */
static const char *mem_name(int sec) { return sec ? "sec_mem" : "pri_mem"; }

static void cfg_text(const struct layer *l, const char *name, uint32_t crc, struct buf *b)
{
    bprintf(b, "// generated by gen-layers: %s (%s)\n", name, l->desc);
    for (int i = 0; i < l->ndat; i++) {
        bprintf(b, "mem_init(%s, 0x%" PRIx64 ", 0x%zx, ALL_ZERO);\n", mem_name(l->dats[i].sec), l->dats[i].base,
                l->dats[i].size);
        if (dat_has_data(&l->dats[i]))   /* an all-zero image: mem_init did it (an empty .dat is refused) */
            bprintf(b, "mem_load(%s, 0x%" PRIx64 ", \"%s\");\n", mem_name(l->dats[i].sec), l->dats[i].base,
                    l->dats[i].file);
    }
    for (int i = 0; i < l->nzero; i++)
        bprintf(b, "mem_init(%s, 0x%" PRIx64 ", 0x%" PRIx64 ", ALL_ZERO);\n", mem_name(l->zero[i].sec),
                l->zero[i].base, l->zero[i].size);
    if (l->glb_mask)
        bprintf(b, "//Disable CDMA DATA_DONE and WEIGHT_DONE interrupts\nreg_write(NVDLA_GLB.S_INTR_MASK_0, 0x3f03fc);\n");
    /* pointers first, then the LUT, then everything else */
    for (int i = 0; i < l->nregs; i++)
        if (!strcmp(l->regs[i].d->name, "S_POINTER"))
            bprintf(b, "reg_write(NVDLA_%s.%s_0, 0x%x);\n", l->regs[i].d->unit_name, l->regs[i].d->name,
                    l->regs[i].v);
    if (l->lut.n)
        bprintf(b, "%s", l->lut.s);
    for (int i = 0; i < l->nregs; i++)
        if (strcmp(l->regs[i].d->name, "S_POINTER"))
            bprintf(b, "reg_write(NVDLA_%s.%s_0, 0x%x);\n", l->regs[i].d->unit_name, l->regs[i].d->name,
                    l->regs[i].v);
    if (l->flush_wait)
        bprintf(b, "poll_reg_equal(NVDLA_CDMA.S_CBUF_FLUSH_STATUS_0, 0x1);\n");
    for (int i = 0; i < l->nenable; i++)
        bprintf(b, "reg_write(NVDLA_%s.D_OP_ENABLE_0, 0x1);\n", l->enables[i]);
    bprintf(b, "intr_notify(%s, sync_id_0);\n", l->intr);
    bprintf(b, "check_crc(sync_id_0, %s, 0x%" PRIx64 ", 0x%" PRIx64 ", 0x%08x);\n", mem_name(l->out.sec),
            l->out.base, l->out.size, crc);
}

static int write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n || fclose(f)) {
        fprintf(stderr, "gen-layers: %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

static int write_dat(const char *dir, const struct dat *d)
{
    struct buf b = { 0 };
    bprintf(&b, "{\n");
    for (size_t off = 0; off < d->size; off += 32) {
        size_t n = d->size - off < 32 ? d->size - off : 32;
        int nz = 0;
        for (size_t i = 0; i < n; i++)
            nz |= d->bytes[off + i];
        if (!nz)
            continue;   /* mem_init zeroed it */
        bprintf(&b, "{offset:0x%zx, size:%zu, payload:", off, n);
        for (size_t i = 0; i < n; i++)
            bprintf(&b, "%s0x%02x", i ? " " : "", d->bytes[off + i]);
        bprintf(&b, "} ,\n");
    }
    bprintf(&b, "}\n");
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, d->file);
    int rc = write_file(path, b.s, b.n);
    free(b.s);
    return rc;
}

/* Play the parsed trace on the reference executor (as trace_golden_run
 * does); the CRC of the check region, or -1 with why when the layer did not
 * run or the reference does not cover it. */
static int golden_crc(const struct trace *t, const struct layer *l, uint32_t *crc, int *distinct, char *why,
                      size_t len)
{
    struct nvdla_ref *ref = nvdla_ref_create();
    if (!ref)
        abort();
    nvdla_ref_set_config(ref, gen_config);
    int ran = 0, rc = -1;
    for (size_t i = 0; i < t->n; i++) {
        const struct trace_dir *d = &t->dir[i];
        int sec = d->mem == TRACE_SEC_MEM;
        if (trace_golden_apply(ref, d))
            continue;
        switch (d->op) {
        case TRACE_INTR_NOTIFY:
            ran += nvdla_ref_run(ref);
            break;
        case TRACE_CHECK_CRC: {
            ran += nvdla_ref_run(ref);
            const struct sparse_mem *m = sec ? nvdla_ref_sram(ref) : nvdla_ref_mem(ref);
            *crc = sparse_mem_crc32(m, d->base, d->size);
            if (ran < 1) {
                snprintf(why, len, "no layer ran");
                break;
            }
            /* coverage: a byte changed at the first output byte must be
             * explained by a golden-covered layer */
            uint8_t *img = malloc(l->out.size);
            if (!img)
                abort();
            sparse_mem_read(m, l->out.base, img, l->out.size);
            if (distinct) {
                uint8_t seen[256] = { 0 };   /* a flag, not a count: a count wraps */
                *distinct = 0;
                for (uint64_t k = 0; k < l->out.size; k++) {
                    *distinct += !seen[img[k]];
                    seen[img[k]] = 1;
                }
            }
            img[0] ^= 0x5a;
            char report[2048];
            int ex = nvdla_ref_explain_mem(ref, sec, img, l->out.base, l->out.size, report, sizeof report);
            free(img);
            if (ex != 1) {
                char *nl = strchr(report, '\n');
                if (nl)
                    *nl = 0;
                snprintf(why, len, "reference does not cover the layer: %.400s", report);
                break;
            }
            rc = 0;
            break;
        }
        default:
            break;
        }
    }
    nvdla_ref_destroy(ref);
    return rc;
}

static long kind_count[KINDS], recip_count, edge_pad_count;
/* bypass layers with a cube above 4 GiB / a cube across a 4 KiB page */
static long high_count, cross_count;

/* Whether every SDP operand image (_bs / _bn / _ew) of the layer changes the
 * checked CRC when its bytes are perturbed (images rewritten in dir, then
 * restored): 1 yes, 0 some stream does not show in the output. */
static int operands_matter(struct layer *l, const char *dir, const char *path, const struct buf *text,
                           uint32_t crc)
{
    int ok = 1;
    for (int i = 0; i < l->ndat && ok; i++) {
        const char *f = l->dats[i].file;
        size_t n = strlen(f);
        if (n < 7 || (strcmp(f + n - 7, "_bs.dat") && strcmp(f + n - 7, "_bn.dat") && strcmp(f + n - 7, "_ew.dat")))
            continue;
        struct dat *d = &l->dats[i];
        for (size_t k = 0; k < d->size; k++)
            d->bytes[k] ^= 0xa5;
        char err[512], why[512];
        uint32_t c2 = crc;
        if (write_dat(dir, d))
            exit(1);
        struct trace *t = trace_parse_text(path, text->s, text->n, err, sizeof err);
        if (!t || golden_crc(t, l, &c2, NULL, why, sizeof why) || c2 == crc)
            ok = 0;
        trace_free(t);
        for (size_t k = 0; k < d->size; k++)
            d->bytes[k] ^= 0xa5;
        if (write_dat(dir, d))
            exit(1);
    }
    return ok;
}

/* Whether the layer needs a unit the configuration leaves out. */
static int layer_needs_absent(const struct trace *t, char *why, size_t len)
{
    struct trace_needs n;
    trace_needs_scan(t, &n);
    return trace_needs_absent(t, &n, gen_config, why, len);
}

/* Whether the layer breaks a programming rule of the configuration (the
 * trace runner would refuse it; the hardware may hang). */
static int layer_breaks_rules(const struct trace *t, char *why, size_t len)
{
    struct trace_prog_violation v;
    if (!trace_prog_check(t, gen_config, &v, 1))
        return 0;
    char rule[512];
    nvdla_prog_violation_str(&v.v, rule, sizeof rule);
    snprintf(why, len, "programming %.480s", rule);
    return 1;
}

/* Build, self-check and write one layer. Returns 0, or -1 (redraw). */
static int try_layer(const char *engine, const char *dir, const char *name, int verbose)
{
    struct layer l;
    memset(&l, 0, sizeof l);
    int rc;
    if (!strcmp(engine, "sdp"))
        rc = gen_sdp(&l, name);
    else if (!strcmp(engine, "pdp"))
        rc = gen_pdp(&l, name);
    else if (!strcmp(engine, "cdp"))
        rc = gen_cdp(&l, name);
    else if (!strcmp(engine, "sdp-bypass"))
        rc = gen_bypass(&l, name);
    else
        rc = gen_conv(&l, name);
    /* a layer meant for SRAMIF keeps at least one cube there */
    int in_sram = 0;
    for (int i = 0; i < l.nused; i++)
        in_sram |= l.used[i].sec;
    if (rc || (place_sram && !in_sram)) {
        if (verbose && !rc)
            fprintf(stderr, "gen-layers: %s: redraw (%s): no cube in the SRAMIF memory\n", name, l.desc);
        layer_reset(&l);
        return -1;
    }
    for (int i = 0; i < l.ndat; i++)
        if (write_dat(dir, &l.dats[i])) {
            layer_reset(&l);
            exit(1);
        }
    struct buf text = { 0 };
    cfg_text(&l, name, 0, &text);
    char path[1400], err[512], why[512];
    snprintf(path, sizeof path, "%s/%s.cfg", dir, name);
    struct trace *t = trace_parse_text(path, text.s, text.n, err, sizeof err);
    uint32_t crc = 0;
    int distinct = 0;
    rc = -1;
    if (!t)
        snprintf(why, sizeof why, "parse: %.400s", err);
    else if (trace_check_dut(t, gen_config->mem_address_width, gen_config->secondary_memif_width != 0, err,
                             sizeof err))
        snprintf(why, sizeof why, "dut check: %.400s", err);
    else if (layer_needs_absent(t, err, sizeof err))
        snprintf(why, sizeof why, "configuration: %.400s", err);
    else if (layer_breaks_rules(t, why, sizeof why))
        ;
    else if (golden_crc(t, &l, &crc, &distinct, why, sizeof why) == 0) {
        /* mostly redraw degenerate layers (output all saturated / constant) */
        if (distinct <= 2 && chance(90))
            snprintf(why, sizeof why, "degenerate output (%d distinct byte values)", distinct);
        /* memory operands under a convolution: an output saturated to a
         * handful of values hides what the operands did, ask for more */
        else if (l.kind == KIND_CONV_SDP_MEM && distinct < 12)
            snprintf(why, sizeof why, "output too saturated to show the operands (%d distinct byte values)",
                     distinct);
        /* plain convolutions: random CACC truncation and SDP scale/shift
         * saturate most outputs; mostly ask for a spread that shows the
         * arithmetic (some saturated layers stay for those corners) */
        else if (!strcmp(engine, "conv") && distinct < 12 && chance(95))
            snprintf(why, sizeof why, "convolution output mostly saturated (%d distinct byte values)", distinct);
        /* CDP and SDP: random scales and shifts leave most layers at the
         * rails and zero (only the sign checked); the same remedy */
        else if ((!strcmp(engine, "cdp") || !strcmp(engine, "sdp")) && distinct < 12 && chance(90))
            snprintf(why, sizeof why, "%s output mostly saturated (%d distinct byte values)",
                     !strcmp(engine, "cdp") ? "CDP" : "SDP", distinct);
        else if (l.kind == KIND_CONV_SDP_MEM && !operands_matter(&l, dir, path, &text, crc))
            snprintf(why, sizeof why, "an operand stream does not change the output");
        else
            rc = 0;
    }
    trace_free(t);
    if (rc == 0) {
        text.n = 0;
        cfg_text(&l, name, crc, &text);
        if (write_file(path, text.s, text.n))
            exit(1);
        /* the file as written must give the same CRC on the golden run
         * (the configuration's reference, as the trace runner sets it) */
        t = trace_parse(path, err, sizeof err);
        uint32_t again = ~crc;
        if (!t || golden_crc(t, &l, &again, NULL, why, sizeof why) != 0 || again != crc) {
            fprintf(stderr, "gen-layers: %s: written trace fails its own golden run%s%s\n", path,
                    t ? "" : ": ", t ? "" : err);
            exit(1);
        }
        trace_free(t);
        kind_count[l.kind]++;
        recip_count += (l.corners & CORNER_RECIP) != 0;
        edge_pad_count += (l.corners & CORNER_EDGE_PAD) != 0;
        int high = 0, cross = 0;
        for (int i = 0; i < l.nused; i++) {
            high |= l.used[i].base >> 32 != 0;
            cross |= l.used[i].base >> 12 != (l.used[i].base + l.used[i].size - 1) >> 12;
        }
        high_count += high;
        cross_count += cross;
        if (verbose)
            printf("%s: %s, %d distinct output byte values\n", name, l.desc, distinct);
    } else {
        if (verbose)
            fprintf(stderr, "gen-layers: %s: redraw (%s): %s\n", name, l.desc, why);
        for (int i = 0; i < l.ndat; i++) {
            snprintf(path, sizeof path, "%s/%s", dir, l.dats[i].file);
            unlink(path);
        }
    }
    free(text.s);
    layer_reset(&l);
    return rc;
}

static uint64_t name_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    while (*s)
        h = (h ^ (uint8_t)*s++) * 1099511628211ull;
    return h;
}

static void usage(void)
{
    fprintf(stderr, "usage: gen-layers --out DIR --count N --seed S [--engine sdp|pdp|cdp|conv|all|sdp-bypass] "
            "[--nvdla-config NAME] [-v]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    const char *out = NULL, *engine = "all";
    long count = -1;
    unsigned long long seed = 0;
    int have_seed = 0, verbose = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc)
            out = argv[++i];
        else if (!strcmp(argv[i], "--count") && i + 1 < argc)
            count = strtol(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = strtoull(argv[++i], NULL, 0);
            have_seed = 1;
        } else if (!strcmp(argv[i], "--engine") && i + 1 < argc)
            engine = argv[++i];
        else if (!strcmp(argv[i], "--nvdla-config") && i + 1 < argc) {
            gen_config = nvdla_config_find(argv[++i]);
            if (!gen_config) {
                char names[256];
                nvdla_config_names(names, sizeof names);
                fprintf(stderr, "gen-layers: --nvdla-config: unknown configuration '%s' (one of %s)\n", argv[i], names);
                return 2;
            }
        }
        else if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose"))
            verbose = 1;
        else
            usage();
    }
    if (!out || count < 0 || !have_seed)
        usage();
    if (!gen_config)
        gen_config = nvdla_config_find(nvdla_config_default_name());
    static const char *const all[] = { "sdp", "pdp", "cdp", "conv" };
    const char *list[4];
    int nl = 0;
    if (!strcmp(engine, "all"))
        for (int i = 0; i < 4; i++)
            list[nl++] = all[i];
    else if (!strcmp(engine, "sdp-bypass"))
        list[nl++] = "sdp-bypass";   /* not in all: the stub's layers, written on their own */
    else {
        for (int i = 0; i < 4; i++)
            if (!strcmp(engine, all[i]))
                list[nl++] = all[i];
        if (!nl)
            usage();
    }
    if (mkdir(out, 0777) && errno != EEXIST) {
        fprintf(stderr, "gen-layers: %s: %s\n", out, strerror(errno));
        return 1;
    }
    long redraws = 0, written = 0, sram_layers = 0;
    for (int e = 0; e < nl; e++)
        for (long i = 0; i < count; i++) {
            char name[128], dir[1100];
            int bypass = !strcmp(list[e], "sdp-bypass");
            snprintf(name, sizeof name, "%s_%llu_%ld", bypass ? "bypass" : list[e], seed, i);
            snprintf(dir, sizeof dir, "%s/%s", out, name);
            if (mkdir(dir, 0777) && errno != EEXIST) {
                fprintf(stderr, "gen-layers: %s: %s\n", dir, strerror(errno));
                return 1;
            }
            rng_state = seed * 0x9e3779b97f4a7c15ull ^ name_hash(name);
            want_special = !strcmp(list[e], "pdp") ? chance(25) : !strcmp(list[e], "conv") ? chance(30) : 0;
            place_high = gen_config->mem_address_width > 32 && chance(30);
            /* drawn only where there is an SRAMIF, so the other
             * configurations' seeds keep their layers; not for the
             * bypass layers (the stub moves everything over DBBIF) */
            place_sram = !bypass && gen_config->secondary_memif_width && chance(30);
            sram_layers += place_sram;
            place_cross = bypass;
            int tries = 0;
            while (try_layer(list[e], dir, name, verbose)) {
                redraws++;
                if (++tries > 1000) {
                    fprintf(stderr, "gen-layers: %s: no legal draw after 1000 tries\n", name);
                    return 1;
                }
            }
            written++;
        }
    if (!strcmp(list[0], "sdp-bypass")) {
        fprintf(stderr, "gen-layers: %ld layers written to %s for %s (%ld redraws); SDP bypass copies, %ld above 4 GiB, "
                "%ld with a cube across a 4 KiB page\n", written, out, gen_config->name, redraws, high_count,
                cross_count);
        return 0;
    }
    fprintf(stderr, "gen-layers: %ld layers written to %s for %s (%ld redraws); %ld PDP split-width, %ld PDP average "
            "with off-nominal reciprocals, %ld PDP with right/bottom padding, %ld conv with SDP memory operands",
            written, out, gen_config->name, redraws, kind_count[KIND_PDP_SPLIT], recip_count, edge_pad_count,
            kind_count[KIND_CONV_SDP_MEM]);
    if (gen_config->secondary_memif_width)
        fprintf(stderr, ", %ld with cubes in SRAMIF memory", sram_layers);
    fprintf(stderr, "\n");
    return 0;
}
