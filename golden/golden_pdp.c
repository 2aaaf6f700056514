/* golden_pdp: bit-exact PDP pooling on decoded registers.
 *
 * Every stripe (the whole plane when split mode is off) is pooled as an
 * independent plane; the non-split case is just one stripe with both
 * global pads. All arithmetic goes through golden_arith so the wrap and
 * rounding rules live in one place. */
#include "golden_pdp.h"

#include <stdarg.h>
#include <stdio.h>

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

/* Pool one stripe into its output columns, every lane of every surface. */
static void pool_stripe(const struct golden_pdp_cfg *c, const struct stripe *st,
                        const int32_t pad[8], const struct golden_tensor *in,
                        struct golden_tensor *out)
{
    const unsigned db = data_bits(c), sb = sum_bits(c);
    const int64_t rkw = c->recip_w & 0x1FFFFu, rkh = c->recip_h & 0x1FFFFu;
    const int64_t sw = st->width, h = c->in_h;
    const uint32_t lanes = in->surfaces * GOLDEN_LANES;

    for (uint32_t oy = 0; oy < c->out_h; oy++) {
        int64_t wy = (int64_t)oy * c->stride_h - c->pad_top;
        int64_t y0 = wy < 0 ? 0 : wy;
        int64_t y1 = wy + c->kernel_h > h ? h : wy + c->kernel_h;
        unsigned nv = c->kernel_h - (unsigned)(y1 - y0);
        for (uint32_t ox = 0; ox < st->out_count; ox++) {
            int64_t wx = (int64_t)ox * c->stride_w - st->pad_l;   /* stripe-local */
            int64_t x0 = wx < 0 ? 0 : wx;
            int64_t x1 = wx + c->kernel_w > sw ? sw : wx + c->kernel_w;
            unsigned nh = c->kernel_w - (unsigned)(x1 - x0);
            for (uint32_t ch = 0; ch < lanes; ch++) {
                int64_t acc = 0;
                int first = 1;
                for (int64_t y = y0; y < y1; y++)
                    for (int64_t x = x0; x < x1; x++) {
                        int64_t v = golden_wrap(
                            golden_tensor_get(in, (uint32_t)(st->x_start + x), (uint32_t)y, ch),
                            db);
                        if (c->method == GOLDEN_POOL_AVERAGE)
                            acc += v;
                        else if (first || (c->method == GOLDEN_POOL_MAX ? v > acc : v < acc))
                            acc = v;
                        first = 0;
                    }
                int64_t r;
                if (c->method == GOLDEN_POOL_AVERAGE) {
                    /* Horizontal padding is added per in-bound row, the
                     * vertical padding as one kw-wide lump; the sum register
                     * wraps, so wrapping once at the end is equivalent. */
                    int64_t sum = acc + (y1 - y0) * (int64_t)pad[nh] +
                                  golden_wrap((int64_t)c->kernel_w * pad[nv], sb);
                    sum = golden_wrap(sum, sb);
                    /* Full-kernel reciprocals even for clipped windows: the
                     * padding terms already stand in for the missing cells. */
                    int64_t a = golden_rsh(sum * rkw, 16);
                    int64_t b = golden_rsh(a * rkh, 16);
                    r = golden_wrap(b, db);
                } else {
                    r = acc;
                }
                golden_tensor_set(out, st->out_start + ox, oy, ch, (int32_t)r);
            }
        }
    }
}

int golden_pdp_run(const struct golden_pdp_cfg *c, const struct golden_tensor *in,
                   struct golden_tensor *out)
{
    if (golden_pdp_check(c, NULL, 0) != 0)
        return -1;
    uint32_t ns = golden_surfaces(c->in_c);
    if (!in || !out || !in->data || !out->data || in->w != c->in_w || in->h != c->in_h ||
        in->surfaces != ns || out->w != c->out_w || out->h != c->out_h || out->surfaces != ns)
        return -1;
    int32_t pad[8];
    for (unsigned n = 0; n < 8; n++)
        pad[n] = golden_pdp_pad(c, n);
    unsigned n = stripe_count(c);
    for (unsigned i = 0; i < n; i++) {
        struct stripe st = stripe_get(c, i);
        pool_stripe(c, &st, pad, in, out);
    }
    return 0;
}
