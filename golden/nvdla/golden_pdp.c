/* golden_pdp: bit-exact PDP pooling on decoded registers.
 *
 * Every stripe (the whole plane when split mode is off) is pooled as an
 * independent plane; the non-split case is just one stripe with both
 * global pads. INT8 averages keep the nv_small RTL's limited reciprocal
 * precision, and the output lines come out in the order the RTL emits
 * them at the end of each surface (extra lines shift the rest), which is
 * what the write DMA lays out. */
#include "golden_pdp.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "golden_arith.h"

#define PDP_MAX_CUBE   8192u   /* 13-bit size-minus-one fields */
#define PDP_MAX_PART   1024u   /* 10-bit partial-width fields */
#define PDP_MAX_SPLIT  255u    /* 8-bit SPLIT_NUM */

/* One vertically cut piece of the input plane and where its results go. */
struct stripe {
    int64_t x_start;           /* first input column (signed: checked before use) */
    int64_t width;             /* input columns in the stripe */
    unsigned pad_l, pad_r;     /* pads local to the stripe */
    uint32_t out_start;        /* first output column */
    uint32_t out_count;        /* output columns the program says it makes */
};

/* Sign-bit position of PAD_VALUE_n: the field holds n * p, which needs a
 * few more bits as n grows, and the INT16 path keeps 8 more bits. */
static unsigned pad_sign_bit(const struct golden_pdp_cfg *c, unsigned n)
{
    static const unsigned int8_bits[8] = { 0, 7, 8, 9, 9, 10, 10, 10 };
    return int8_bits[n] + (c->int16 ? 8u : 0u);
}

/* Widths of the data path: element values and the running sum. */
static unsigned data_bits(const struct golden_pdp_cfg *c) { return c->int16 ? 16u : 8u; }
static unsigned sum_bits(const struct golden_pdp_cfg *c) { return c->int16 ? 32u : 16u; }

int32_t golden_pdp_pad(const struct golden_pdp_cfg *c, unsigned n)
{
    if (n == 0 || n > 7)
        return 0;
    uint64_t v = c->pad_value[n] & 0x7FFFFu;      /* 19-bit field */
    unsigned b = pad_sign_bit(c, n);
    /* Only a set sign bit fills the upper bits; with it clear, whatever the
     * field holds above it survives into the wrap. */
    if ((v >> b) & 1u)
        v |= ~(uint64_t)0 << b;
    return (int32_t)golden_wrap((int64_t)v, sum_bits(c));
}

static unsigned stripe_count(const struct golden_pdp_cfg *c)
{
    return c->split_num ? c->split_num + 1u : 1u;
}

static struct stripe stripe_get(const struct golden_pdp_cfg *c, unsigned i)
{
    struct stripe s;
    unsigned n = stripe_count(c);
    if (n == 1) {
        s.x_start = 0;
        s.width = c->in_w;
        s.pad_l = c->pad_left;
        s.pad_r = c->pad_right;
        s.out_start = 0;
        s.out_count = c->out_w;
        return s;
    }
    /* Neighbouring stripes share kw - sw columns so the windows across a
     * cut see the same input as without the split (negative = skipped). */
    int64_t ov = (int64_t)c->kernel_w - (int64_t)c->stride_w;
    if (i == 0) {
        s.x_start = 0;
        s.width = c->part_in_first;
        s.pad_l = c->pad_left;
        s.pad_r = 0;
        s.out_start = 0;
        s.out_count = c->part_out_first;
        return s;
    }
    s.x_start = (int64_t)c->part_in_first + (int64_t)(i - 1) * c->part_in_mid - ov;
    s.pad_l = 0;
    s.out_start = c->part_out_first + (i - 1) * c->part_out_mid;
    if (i < n - 1) {
        s.width = (int64_t)c->part_in_mid + ov;
        s.pad_r = 0;
        s.out_count = c->part_out_mid;
    } else {
        s.width = (int64_t)c->part_in_last + ov;
        s.pad_r = c->pad_right;
        s.out_count = c->part_out_last;
    }
    return s;
}

/* Windows that fit in a padded extent, or -1 when not even one does. */
static int64_t windows_in(int64_t extent, unsigned pad_lo, unsigned pad_hi, unsigned k,
                          unsigned stride)
{
    int64_t room = (int64_t)pad_lo + extent + pad_hi - k;
    return room < 0 ? -1 : room / stride + 1;
}

static int fail(char *why, size_t len, const char *fmt, ...)
{
    if (why && len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, len, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int check_split(const struct golden_pdp_cfg *c, char *why, size_t len)
{
    unsigned n = stripe_count(c);
    if (c->split_num > PDP_MAX_SPLIT)
        return fail(why, len, "split_num %u exceeds %u", c->split_num, PDP_MAX_SPLIT);
    const struct { const char *name; uint32_t v; int used; } parts[] = {
        { "part_in_first", c->part_in_first, 1 },  { "part_in_mid", c->part_in_mid, n > 2 },
        { "part_in_last", c->part_in_last, 1 },    { "part_out_first", c->part_out_first, 1 },
        { "part_out_mid", c->part_out_mid, n > 2 }, { "part_out_last", c->part_out_last, 1 },
    };
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if (parts[i].used && (parts[i].v == 0 || parts[i].v > PDP_MAX_PART))
            return fail(why, len, "%s %u out of range 1..%u", parts[i].name, parts[i].v,
                        PDP_MAX_PART);
    uint64_t in_sum = (uint64_t)c->part_in_first + (uint64_t)(n - 2) * c->part_in_mid +
                      c->part_in_last;
    if (in_sum != c->in_w)
        return fail(why, len, "split input widths add up to %llu, cube width is %u",
                    (unsigned long long)in_sum, c->in_w);
    uint64_t out_sum = (uint64_t)c->part_out_first + (uint64_t)(n - 2) * c->part_out_mid +
                       c->part_out_last;
    if (out_sum != c->out_w)
        return fail(why, len, "split output widths add up to %llu, out_w is %u",
                    (unsigned long long)out_sum, c->out_w);
    for (unsigned i = 0; i < n; i++) {
        struct stripe s = stripe_get(c, i);
        if (s.width < 1 || s.x_start < 0 || s.x_start + s.width > c->in_w)
            return fail(why, len, "split stripe %u covers input columns [%lld, %lld) outside [0, %u)",
                        i, (long long)s.x_start, (long long)(s.x_start + s.width), c->in_w);
        int64_t ow = windows_in(s.width, s.pad_l, s.pad_r, c->kernel_w, c->stride_w);
        if (ow < 0)
            return fail(why, len, "split stripe %u: kernel_w %u wider than its %lld padded columns",
                        i, c->kernel_w, (long long)(s.width + s.pad_l + s.pad_r));
        if (ow != s.out_count)
            return fail(why, len, "split stripe %u: output width %u, its windows give %lld", i,
                        s.out_count, (long long)ow);
    }
    return 0;
}

int golden_pdp_check(const struct golden_pdp_cfg *c, char *why, size_t len)
{
    if (why && len)
        why[0] = '\0';
    if (!c->in_w || !c->in_h || !c->in_c || !c->out_w || !c->out_h)
        return fail(why, len, "zero size: in %ux%ux%u, out %ux%u", c->in_w, c->in_h, c->in_c,
                    c->out_w, c->out_h);
    if (c->in_w > PDP_MAX_CUBE || c->in_h > PDP_MAX_CUBE || c->in_c > PDP_MAX_CUBE ||
        c->out_w > PDP_MAX_CUBE || c->out_h > PDP_MAX_CUBE)
        return fail(why, len, "cube size above %u: in %ux%ux%u, out %ux%u", PDP_MAX_CUBE,
                    c->in_w, c->in_h, c->in_c, c->out_w, c->out_h);
    if (c->kernel_w < 1 || c->kernel_w > 8 || c->kernel_h < 1 || c->kernel_h > 8)
        return fail(why, len, "kernel %ux%u out of range 1..8", c->kernel_w, c->kernel_h);
    if (c->stride_w < 1 || c->stride_w > 16 || c->stride_h < 1 || c->stride_h > 16)
        return fail(why, len, "stride %ux%u out of range 1..16", c->stride_w, c->stride_h);
    if (c->pad_left > 7 || c->pad_right > 7 || c->pad_top > 7 || c->pad_bottom > 7)
        return fail(why, len, "pad (l %u, t %u, r %u, b %u) out of range 0..7", c->pad_left,
                    c->pad_top, c->pad_right, c->pad_bottom);
    if (c->method != GOLDEN_POOL_AVERAGE && c->method != GOLDEN_POOL_MAX &&
        c->method != GOLDEN_POOL_MIN)
        return fail(why, len, "pooling method %d unknown", (int)c->method);
    /* A pad as wide as the kernel makes the first (or last) window pure
     * padding; the hardware has nothing to pool there. */
    if (c->pad_left >= c->kernel_w || c->pad_right >= c->kernel_w)
        return fail(why, len, "window without input: pad left %u / right %u >= kernel_w %u",
                    c->pad_left, c->pad_right, c->kernel_w);
    if (c->pad_top >= c->kernel_h || c->pad_bottom >= c->kernel_h)
        return fail(why, len, "window without input: pad top %u / bottom %u >= kernel_h %u",
                    c->pad_top, c->pad_bottom, c->kernel_h);
    int64_t oh = windows_in(c->in_h, c->pad_top, c->pad_bottom, c->kernel_h, c->stride_h);
    if (oh < 0)
        return fail(why, len, "kernel_h %u taller than the padded input (%u rows)", c->kernel_h,
                    c->pad_top + c->in_h + c->pad_bottom);
    if (oh != c->out_h)
        return fail(why, len, "out_h %u does not match the windows: expected %lld", c->out_h,
                    (long long)oh);
    int64_t ow = windows_in(c->in_w, c->pad_left, c->pad_right, c->kernel_w, c->stride_w);
    if (ow < 0)
        return fail(why, len, "kernel_w %u wider than the padded input (%u columns)", c->kernel_w,
                    c->pad_left + c->in_w + c->pad_right);
    if (c->split_num == 0) {
        if (ow != c->out_w)
            return fail(why, len, "out_w %u does not match the windows: expected %lld", c->out_w,
                        (long long)ow);
        return 0;
    }
    return check_split(c, why, len);
}

/* One INT8 reciprocal stage as PDP_CORE_cal2d computes it: the product
 * x * recip is kept to pbits bits (its top bit read as the sign) and the
 * result to rbits bits. A negative product keeps bits [rbits+15:16] and
 * rounds a fraction above one half up; a positive one keeps only bits
 * [rbits+14:16] plus the rounding bit 15 (so it wraps at 2^(rbits-1), not
 * at 2^rbits). Both round half away from zero when nothing overflows.
 * Stage 1: 15-bit sum * RECIP_KERNEL_WIDTH, 31-bit product, 11-bit result;
 * stage 2: that * RECIP_KERNEL_HEIGHT, 28-bit product, 8-bit result. */
static int64_t recip_int8(int64_t x, int64_t recip, unsigned pbits, unsigned rbits)
{
    uint64_t p = (uint64_t)(x * recip) & ((UINT64_C(1) << pbits) - 1u);
    uint64_t q, frac = p & 0xFFFFu;
    if ((p >> (pbits - 1)) & 1u)
        q = ((p >> 16) & ((UINT64_C(1) << rbits) - 1u)) + (frac > 0x8000u);
    else
        q = ((p >> 16) & ((UINT64_C(1) << (rbits - 1)) - 1u)) + (frac >> 15);
    return golden_sx(q, rbits);
}

/* ---- What the hardware does at the end of a line and of a plane --------
 *
 * PDP_CORE_cal1d (columns) and PDP_CORE_cal2d (rows) do not count windows:
 * they run a few pooling units round robin, start one every stride, and at
 * the last column (row) of a line (surface) emit one result for the units
 * still open plus flush_num more, computed from the trailing pad alone:
 * floor(pad / stride), or, when the whole extent is narrower than the
 * kernel, k if extent + pads - kernel == k * stride, else 0. That is right
 * only when the windows still open at the end number exactly 1 + flush_num
 * (or none and flush_num = 0). A larger trailing pad than the last window
 * needs gives too many results, each an extra read of the next unit (which
 * still holds its previous window); too few lose the last windows. cal2d
 * also opens floor(pad_top / stride) + 1 units at the top of every surface
 * without checking them against the output height. */

/* Results the hardware emits after the last element of an extent. */
static unsigned end_flush(int64_t extent, unsigned pad_lo, unsigned pad_hi, unsigned k,
                          unsigned stride, int small)
{
    if (pad_hi < stride)
        return 0;
    if (small) {   /* only an exact multiple of the stride is flushed */
        int64_t rem = extent + pad_lo + pad_hi - k;
        for (unsigned m = 1; m <= 6; m++)
            if (rem == (int64_t)m * stride)
                return m;
        return 0;
    }
    return pad_hi / stride > 7 ? 7 : pad_hi / stride;
}

/* Windows, of the n starting at -pad_lo + j * stride, that hold element
 * extent - 1 (still open when the extent ends); *first = the first one. */
static unsigned open_at_end(int64_t extent, unsigned pad_lo, unsigned k, unsigned stride,
                            uint32_t n, uint32_t *first)
{
    unsigned open = 0;
    for (uint32_t j = 0; j < n; j++) {
        int64_t s = (int64_t)j * stride - pad_lo;
        if (s <= extent - 1 && extent - 1 < s + k) {
            if (!open)
                *first = j;
            open++;
        }
    }
    return open;
}

/* Pooling units cal2d runs for the vertical windows (buffer_lines_num). */
static unsigned row_units(unsigned kh, unsigned sh)
{
    if (sh >= kh)
        return 1;
    switch (sh) {
    case 1: return kh;
    case 2: return (kh + 1) / 2;
    case 3: return kh <= 6 ? 2 : 3;
    default: return 2;
    }
}

/* The output lines cal2d emits for one surface, in order: plan[i] is the
 * window row (0-based, -pt + j * sh) whose unit is read, or -1 for a unit
 * that held nothing in this surface. Returns the count (<= PLAN_MAX). */
#define PLAN_MAX (PDP_MAX_CUBE + 16u)
static uint32_t row_plan(const struct golden_pdp_cfg *c, int32_t *plan)
{
    const int64_t h = c->in_h;
    uint32_t opened = c->pad_top / c->stride_h + 1;   /* units opened at the top */
    uint32_t n = opened > c->out_h ? opened : c->out_h;
    int small = h <= 8 && h + c->pad_top < c->kernel_h;
    unsigned fl = end_flush(h, c->pad_top, c->pad_bottom, c->kernel_h, c->stride_h, small);
    uint32_t first = 0, count = 0;
    unsigned open = open_at_end(h, c->pad_top, c->kernel_h, c->stride_h, n, &first);
    for (uint32_t j = 0; j < n; j++)      /* windows closed before the last row */
        if ((int64_t)j * c->stride_h - c->pad_top + c->kernel_h < h)
            plan[count++] = (int32_t)j;
    unsigned units = row_units(c->kernel_h, c->stride_h);
    unsigned ev = (open ? 1u : 0u) + fl;
    for (unsigned e = 0; e < ev; e++) {
        int64_t j = (int64_t)first + e;   /* window the round robin reads */
        if (j >= n)                       /* past the last: that unit's previous window */
            j -= units * ((j - (n - 1) + units - 1) / units);
        plan[count++] = j >= 0 ? (int32_t)j : -1;
    }
    return count;
}

/* Whether the write DMA ends up with the plain pooling: each surface's
 * lines are windows 0 .. out_h - 1, and lines beyond them only follow the
 * very last surface of the last stripe (where they are dropped). */
/* Elements per surface the program's cubes have. */
static uint32_t cfg_lanes(const struct golden_pdp_cfg *c)
{
    return c->lanes ? c->lanes : GOLDEN_LANES;
}

static int plan_is_plain(const struct golden_pdp_cfg *c, uint32_t surfaces, const int32_t *plan,
                         uint32_t count)
{
    if (count < c->out_h || (count > c->out_h && (surfaces > 1 || stripe_count(c) > 1)))
        return 0;
    for (uint32_t i = 0; i < c->out_h; i++)
        if (plan[i] != (int32_t)i)
            return 0;
    return 1;
}

/* Pool one window (wy = window row, stripe-local column ox) of one lane. */
static int32_t pool_one(const struct golden_pdp_cfg *c, const struct stripe *st,
                        const int32_t pad[8], const struct golden_tensor *in, int64_t wy,
                        uint32_t ox, uint32_t ch)
{
    const unsigned db = data_bits(c), sb = sum_bits(c);
    const int64_t rkw = c->recip_w & 0x1FFFFu, rkh = c->recip_h & 0x1FFFFu;
    const int64_t h = c->in_h, sw = st->width;
    int64_t y0 = wy < 0 ? 0 : wy;
    int64_t y1 = wy + c->kernel_h > h ? h : wy + c->kernel_h;
    unsigned nv = c->kernel_h - (unsigned)(y1 - y0);
    int64_t wx = (int64_t)ox * c->stride_w - st->pad_l;   /* stripe-local */
    int64_t x0 = wx < 0 ? 0 : wx;
    int64_t x1 = wx + c->kernel_w > sw ? sw : wx + c->kernel_w;
    unsigned nh = c->kernel_w - (unsigned)(x1 - x0);
    int64_t acc = 0;
    int first = 1;
    for (int64_t y = y0; y < y1; y++)
        for (int64_t x = x0; x < x1; x++) {
            int64_t v = golden_wrap(
                golden_tensor_get(in, (uint32_t)(st->x_start + x), (uint32_t)y, ch), db);
            if (c->method == GOLDEN_POOL_AVERAGE)
                acc += v;
            else if (first || (c->method == GOLDEN_POOL_MAX ? v > acc : v < acc))
                acc = v;
            first = 0;
        }
    if (c->method != GOLDEN_POOL_AVERAGE)
        return (int32_t)acc;
    /* Horizontal padding is added per in-bound row, the vertical padding
     * as one kw-wide lump; the sum register wraps, so wrapping once at the
     * end is equivalent. */
    int64_t sum = acc + (y1 - y0) * (int64_t)pad[nh] + golden_wrap((int64_t)c->kernel_w * pad[nv], sb);
    sum = golden_wrap(sum, sb);
    /* Full-kernel reciprocals even for clipped windows: the padding terms
     * already stand in for the missing cells. */
    if (c->int16) {
        int64_t a = golden_rsh(sum * rkw, 16);
        return (int32_t)golden_wrap(golden_rsh(a * rkh, 16), db);
    }
    return (int32_t)recip_int8(recip_int8(sum, rkw, 31, 11), rkh, 28, 8);
}

/* The write DMA's cursor: it lays the atoms it receives out in its own
 * order (stripe, surface, line, column) whatever they are. */
struct wdma {
    unsigned stripe;
    uint32_t z, y, x;
    struct stripe st;
};

/* Advance to the next atom position; 0 once the cube is full. */
static int wdma_next(const struct golden_pdp_cfg *c, uint32_t surfaces, struct wdma *w)
{
    if (++w->x < w->st.out_count)
        return 1;
    w->x = 0;
    if (++w->y < c->out_h)
        return 1;
    w->y = 0;
    if (++w->z < surfaces)
        return 1;
    w->z = 0;
    if (++w->stripe >= stripe_count(c))
        return 0;
    w->st = stripe_get(c, w->stripe);
    return 1;
}

/* Pool every stripe, surface and line in the order the hardware emits
 * them (the row plan), and hand the atoms to the write DMA: extra lines
 * push the rest along (into the next surface or stripe), the tail beyond
 * the cube is dropped, and missing atoms stay unwritten (the hardware
 * hangs). With the plain plan this is the ordinary pooling. */
static void pool_all(const struct golden_pdp_cfg *c, const int32_t pad[8], const int32_t *plan,
                     uint32_t count, const struct golden_tensor *in, struct golden_tensor *out)
{
    struct wdma w = { 0, 0, 0, 0, stripe_get(c, 0) };
    unsigned n = stripe_count(c);
    for (unsigned i = 0; i < n; i++) {
        struct stripe st = stripe_get(c, i);
        for (uint32_t z = 0; z < in->surfaces; z++)
            for (uint32_t k = 0; k < count; k++)
                for (uint32_t ox = 0; ox < st.out_count; ox++) {
                    for (uint32_t l = 0; l < in->lanes; l++) {
                        int32_t r = plan[k] < 0 ? 0
                                    : pool_one(c, &st, pad, in,
                                               (int64_t)plan[k] * c->stride_h - c->pad_top, ox,
                                               z * in->lanes + l);
                        golden_tensor_set(out, w.st.out_start + w.x, w.y, w.z * in->lanes + l, r);
                    }
                    if (!wdma_next(c, in->surfaces, &w))
                        return;
                }
    }
}

int golden_pdp_hw_check(const struct golden_pdp_cfg *c, char *why, size_t len)
{
    if (golden_pdp_check(c, why, len) != 0)
        return -1;
    /* Columns: cal1d flushes only after the last stripe (pad_right); the
     * small-extent rule looks at the last stripe's width. */
    unsigned n = stripe_count(c);
    for (unsigned i = 0; i < n; i++) {
        struct stripe st = stripe_get(c, i);
        unsigned fl = 0;
        if (i == n - 1) {
            int small = n == 1 ? st.width <= 8 && st.width + st.pad_l < c->kernel_w
                               : st.width < c->kernel_w;
            fl = end_flush(st.width, st.pad_l, st.pad_r, c->kernel_w, c->stride_w, small);
        }
        uint32_t first = 0;
        unsigned open = open_at_end(st.width, st.pad_l, c->kernel_w, c->stride_w, st.out_count,
                                    &first);
        unsigned ev = (open ? 1u : 0u) + fl;
        if (ev != open)
            return fail(why, len, "line end%s: the hardware emits %u result(s) for the %u window(s) "
                        "still open (pad_right %u, stride %u): every line shifts, or it hangs",
                        n > 1 ? " of the last stripe" : "", ev, open, st.pad_r, c->stride_w);
    }
    int32_t *plan = malloc(PLAN_MAX * sizeof *plan);
    if (!plan)
        return fail(why, len, "out of memory");
    uint32_t count = row_plan(c, plan);
    int plain = plan_is_plain(c, golden_surfaces_n(c->in_c, cfg_lanes(c)), plan, count);
    free(plan);
    if (!plain)
        return fail(why, len, "surface end: the hardware emits %u line(s) per surface for out_h %u "
                    "(pad_top %u, pad_bottom %u, stride %u): lines shift into the next surface, "
                    "or it hangs", count, c->out_h, c->pad_top, c->pad_bottom, c->stride_h);
    return 0;
}

uint32_t golden_pdp_line_buffer_width(const struct golden_pdp_cfg *c, unsigned *lines)
{
    unsigned k = c->kernel_h, s = c->stride_h, n;
    if (s >= k)
        n = 1;
    else if (s == 1)
        n = k;
    else if (s == 2)
        n = (k + 1) / 2;
    else if (s == 3)
        n = k <= 6 ? 2 : 3;
    else
        n = 2;
    if (lines)
        *lines = n;
    unsigned banks = n == 1 ? 8 : n == 2 ? 4 : n <= 4 ? 2 : 1;
    return 16u * banks;
}

uint32_t golden_pdp_widest_stripe(const struct golden_pdp_cfg *c)
{
    if (!c->split_num)
        return c->out_w;
    uint32_t w = c->part_out_first > c->part_out_last ? c->part_out_first : c->part_out_last;
    return c->split_num > 1 && c->part_out_mid > w ? c->part_out_mid : w;
}

void golden_pdp_trailing(const struct golden_pdp_cfg *c, uint32_t *cols, uint32_t *rows)
{
    /* The read DMA streams the last stripe last, surface by surface and
     * line by line: what follows the last window there is read last. */
    struct stripe st = stripe_get(c, stripe_count(c) - 1);
    int64_t end_x = ((int64_t)st.out_count - 1) * c->stride_w + c->kernel_w - st.pad_l;
    int64_t end_y = ((int64_t)c->out_h - 1) * c->stride_h + c->kernel_h - c->pad_top;
    *cols = st.out_count && st.width > end_x ? (uint32_t)(st.width - end_x) : 0;
    *rows = c->out_h && (int64_t)c->in_h > end_y ? (uint32_t)((int64_t)c->in_h - end_y) : 0;
}

int golden_pdp_run(const struct golden_pdp_cfg *c, const struct golden_tensor *in,
                   struct golden_tensor *out)
{
    if (golden_pdp_check(c, NULL, 0) != 0)
        return -1;
    uint32_t ns = golden_surfaces_n(c->in_c, cfg_lanes(c));
    if (!in || !out || !in->data || !out->data || in->w != c->in_w || in->h != c->in_h ||
        in->lanes != cfg_lanes(c) || out->lanes != in->lanes || in->surfaces != ns || out->w != c->out_w || out->h != c->out_h || out->surfaces != ns)
        return -1;
    int32_t pad[8];
    for (unsigned n = 0; n < 8; n++)
        pad[n] = golden_pdp_pad(c, n);
    int32_t *plan = malloc(PLAN_MAX * sizeof *plan);
    if (!plan)
        return -1;
    uint32_t count = row_plan(c, plan);
    pool_all(c, pad, plan, count, in, out);
    free(plan);
    return 0;
}
