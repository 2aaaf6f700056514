/* gen_layers_common: the random stream, growing text, register writes by
 * name, memory placement, cubes and the LUT tables SDP and CDP share. */
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "golden_layout.h"
#include "gen_layers.h"

/* ---- random numbers --------------------------------------------------------- */

uint64_t rng_state;

static uint64_t rnd64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
uint32_t rnd32(void) { return (uint32_t)(rnd64() >> 32); }
/* uniform in [lo, hi] */
int64_t rand_range(int64_t lo, int64_t hi) { return lo + (int64_t)(rnd64() % (uint64_t)(hi - lo + 1)); }
/* 1 with probability pct percent */
int chance(int pct) { return (int)(rnd64() % 100) < pct; }

/* ---- growing text ---------------------------------------------------------- */

void bprintf(struct buf *b, const char *fmt, ...)
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
int want_special;
/* the configuration the layers are for (--nvdla-config): which units exist,
 * the CBUF geometry and the programming rules they must keep */
const struct nvdla_config *gen_config;

/* The memory atom in bytes: int8 elements per surface. */
unsigned atom(void) { return gen_config->memory_atomic_size; }
/* Largest channel / kernel counts a convolution draws: nv_small's 64 / 32,
 * or enough to cross the configuration's atomic C / K twice. */
uint32_t max_channels(void) { return gen_config->atomic_c * 2 > 64 ? gen_config->atomic_c * 2 : 64; }
uint32_t max_kernels(void) { return gen_config->atomic_k * 2 > 32 ? gen_config->atomic_k * 2 : 32; }
/* Tensors of this layer above 4 GiB (64-bit configurations only). */
int place_high;
/* Cubes of this layer in the SRAMIF memory (configurations with SRAMIF
 * only): each placed region goes there with probability 1/2, its DMA's
 * RAM type then names CV (0), the trace sec_mem. */
int place_sram;
/* Bypass layers: regions placed across a 4 KiB page boundary at random. */
int place_cross;

void layer_reset(struct layer *l)
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
void set_reg(struct layer *l, const char *unit, const char *reg, uint32_t v) { reg_slot(l, unit, reg)->v = v; }

/* One field (by name) of a register; other fields keep what was set. */
void set_field(struct layer *l, const char *unit, const char *reg, const char *field, uint32_t v)
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

void enable(struct layer *l, const char *unit) { l->enables[l->nenable++] = unit; }

/* A random free region of size bytes (aligned to 8, 32 or 256 bytes and at
 * least to the memory atom; below 4 GiB, or between 4 GiB and 1 TiB when the
 * layer is placed high; no overlap with the regions taken so far, in either
 * memory). *sec: the region is in the SRAMIF memory (place_sram layers, one
 * region in two; force_sec >= 0: in that memory, 1 SRAMIF, the draw kept).
 * min_align: at least this alignment (place_mem: the memory atom).
 * place_cross: with probability 1/2 the region starts a few atoms before a
 * 4 KiB page boundary, so its first line crosses it. */
uint64_t place_mem_in(struct layer *l, uint64_t size, uint64_t min_align, int force_sec, int *sec)
{
    *sec = place_sram && chance(50);
    if (force_sec >= 0)
        *sec = force_sec;
    uint64_t align = chance(50) ? 8 : (chance(50) ? 32 : 256);
    if (align < min_align)
        align = min_align;
    int cross = place_cross && chance(50);
    for (;;) {
        uint64_t base = (uint64_t)rand_range(0x100000, 0xf0000000ll) & ~(align - 1);
        if (cross)
            base = (base & ~0xfffull) - atom() * (uint64_t)rand_range(1, 16);
        if (base + size > 0xfffff000ull)
            continue;
        if (place_high)
            base += (uint64_t)rand_range(1, 0xff) << 32;
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

static uint64_t place_mem(struct layer *l, uint64_t size, int *sec) { return place_mem_in(l, size, atom(), -1, sec); }

/* The RAM-type field value for a region: CV (0) SRAMIF, MC (1) DBBIF. */
uint32_t ram_type(int sec) { return sec ? 0 : 1; }

static uint32_t surfaces(uint32_t c) { return golden_surfaces_n(c, atom()); }

/* Strides: packed, or with extra line / surface padding (whole atoms).
 * 1x1 cubes are consecutive atoms (the SDP ignores their strides). */
void cube_strides(struct cube *q, int allow_pad)
{
    uint64_t lb = (uint64_t)q->w * atom() * q->eb;
    if (q->w == 1 && q->h == 1) {
        q->line = lb;
        q->surf = lb;
    } else {
        q->line = lb + (allow_pad && chance(40) ? atom() * (uint64_t)rand_range(1, 6) : 0);
        q->surf = q->line * q->h + (allow_pad && chance(40) ? atom() * (uint64_t)rand_range(1, 10) : 0);
    }
    q->span = (uint64_t)(surfaces(q->c) - 1) * q->surf + (uint64_t)(q->h - 1) * q->line + lb;
}

/* Place the cube and fill it with random bytes (every line of every surface,
 * padding lanes included); the image goes to file <name><suffix>.dat. */
void cube_image(struct layer *l, struct cube *q, const char *name, const char *suffix)
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
uint64_t raw_image(struct layer *l, const uint8_t *bytes, size_t n, const char *name, const char *suffix,
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
void cube_output(struct layer *l, struct cube *q)
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
        int32_t v = (int32_t)rand_range(-20000, 20000);
        int32_t step = (int32_t)rand_range(-600, 600);
        bprintf(&l->lut, "reg_write(NVDLA_%s.S_LUT_ACCESS_CFG_0, 0x%x);\n", unit, (1u << 17) | ((unsigned)t << 16));
        for (int i = 0; i < n[t]; i++) {
            int32_t e = noise ? (int32_t)rand_range(-32768, 32767) : v;
            bprintf(&l->lut, "reg_write(NVDLA_%s.S_LUT_ACCESS_DATA_0, 0x%x);\n", unit, (uint32_t)e & 0xffffu);
            v += step + (int32_t)rand_range(-100, 100);
            if (v > 32767)
                v = 32767;
            if (v < -32768)
                v = -32768;
        }
        (void)kind;
    }
}

/* S_LUT_CFG / S_LUT_INFO / slopes, common to SDP and CDP. */
void lut_common(struct layer *l, const char *unit, int *le_linear)
{
    *le_linear = chance(50);
    set_field(l, unit, "S_LUT_CFG", "LUT_LE_FUNCTION", (uint32_t)*le_linear);
    set_field(l, unit, "S_LUT_CFG", "LUT_UFLOW_PRIORITY", (uint32_t)chance(50));
    set_field(l, unit, "S_LUT_CFG", "LUT_OFLOW_PRIORITY", (uint32_t)chance(50));
    set_field(l, unit, "S_LUT_CFG", "LUT_HYBRID_PRIORITY", (uint32_t)chance(50));
    set_field(l, unit, "S_LUT_LE_SLOPE_SCALE", "LUT_LE_SLOPE_UFLOW_SCALE", (uint32_t)rand_range(-2000, 2000));
    set_field(l, unit, "S_LUT_LE_SLOPE_SCALE", "LUT_LE_SLOPE_OFLOW_SCALE", (uint32_t)rand_range(-2000, 2000));
    set_field(l, unit, "S_LUT_LO_SLOPE_SCALE", "LUT_LO_SLOPE_UFLOW_SCALE", (uint32_t)rand_range(-2000, 2000));
    set_field(l, unit, "S_LUT_LO_SLOPE_SCALE", "LUT_LO_SLOPE_OFLOW_SCALE", (uint32_t)rand_range(-2000, 2000));
    set_field(l, unit, "S_LUT_LE_SLOPE_SHIFT", "LUT_LE_SLOPE_UFLOW_SHIFT", (uint32_t)rand_range(0, 31));
    set_field(l, unit, "S_LUT_LE_SLOPE_SHIFT", "LUT_LE_SLOPE_OFLOW_SHIFT", (uint32_t)rand_range(0, 31));
    set_field(l, unit, "S_LUT_LO_SLOPE_SHIFT", "LUT_LO_SLOPE_UFLOW_SHIFT", (uint32_t)rand_range(0, 31));
    set_field(l, unit, "S_LUT_LO_SLOPE_SHIFT", "LUT_LO_SLOPE_OFLOW_SHIFT", (uint32_t)rand_range(0, 31));
    lut_tables(l, unit);
}
