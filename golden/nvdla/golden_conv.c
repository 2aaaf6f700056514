/* golden_conv: bit-exact direct convolution (CDMA cvt -> CSC -> CMAC -> CACC)
 * on a decoded configuration, feature and image input.
 *
 * The feature-input model works on operands prepared once per layer
 * (golden_conv_patch): the converted data as [y][x][c] (real channels
 * only, c < C), the weights decoded from the NVDLA byte layout as
 * [k][r][s][c]. Each output is then an ordinary exact dot product of the
 * inputs under the kernel (a padded tap reads the pad value: it is not
 * converted and every real lane c < C sees it) with the kernel's weights,
 * computed in blocks by golden_conv_dot. Image input goes the same way
 * once its lines are assembled (a one-channel layer over the lines).
 *
 * Decisions where the spec leaves room (see also golden_conv.h):
 * - INT16 weights: the 8.3 element order with 2-byte little-endian
 *   elements, kernel groups of half the atomic K (the in-memory formats'
 *   16 INT16 against 32 INT8 kernels); nv_small and the other public
 *   configurations have no INT16, so the path is a model extension like
 *   the SDP/PDP INT16 ones.
 * - CACC: the exact sum is clamped once to 48 bits (sat_48) before the
 *   clip shift. For INT8 the bound cannot be reached (|acc| < 2^38 for the
 *   largest legal layer); for INT16 the hardware clamps per partial-sum
 *   addition in an order the spec does not give, so only the final clamp
 *   is modelled.
 * - Image mode: reading the assembled line past its end is refused by the
 *   check (the output width must fit the CDMA-padded line). */
#include "golden_conv.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "golden_arith.h"
#include "golden_conv_dot.h"
#include "golden_conv_patch.h"

#define CONV_MAX_PAD        31u    /* CSC PAD_LEFT / PAD_TOP: 5 bits */
#define CONV_MAX_STRIDE     8u
#define CONV_MAX_DILATION   32u
#define CONV_MAX_CLIP       31u
#define CONV_MAX_CVT_TRUNC  63u
#define IMG_MAX_X_OFFSET    31u
#define IMG_MAX_PAD_LEFT    31u    /* CDMA PAD_LEFT: 5 bits */
#define IMG_MAX_PAD_RIGHT   63u    /* CDMA PAD_RIGHT: 6 bits */

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

unsigned golden_conv_elem_bytes(const struct golden_conv_cfg *c)
{
    return c->int16 ? 2u : 1u;
}

static unsigned data_bits(const struct golden_conv_cfg *c)
{
    return c->int16 ? 16u : 8u;
}

static int in_range(int64_t v, unsigned bits)
{
    return v == golden_sat(v, bits);
}

/* Everything both input modes share: field ranges, strides, output cube. */
static int check_common(const struct golden_conv_cfg *c, char *why, size_t len)
{
    const struct { const char *name; uint32_t v, max; } dims[] = {
        { "input width", c->in_w, GOLDEN_CONV_MAX_DIM },
        { "input height", c->in_h, GOLDEN_CONV_MAX_DIM },
        { "input channels", c->in_c, GOLDEN_CONV_MAX_DIM },
        { "kernel width S", c->kernel_w, GOLDEN_CONV_MAX_KERNEL },
        { "kernel height R", c->kernel_h, GOLDEN_CONV_MAX_KERNEL },
        { "kernel channels C", c->kernel_c, GOLDEN_CONV_MAX_DIM },
        { "kernels K", c->kernels, GOLDEN_CONV_MAX_DIM },
        { "output width", c->out_w, GOLDEN_CONV_MAX_DIM },
        { "output height", c->out_h, GOLDEN_CONV_MAX_DIM },
        { "output channels", c->out_c, GOLDEN_CONV_MAX_DIM },
        { "x stride", c->stride_x, CONV_MAX_STRIDE },
        { "y stride", c->stride_y, CONV_MAX_STRIDE },
        { "x dilation", c->dilation_x, CONV_MAX_DILATION },
        { "y dilation", c->dilation_y, CONV_MAX_DILATION },
    };
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++)
        if (dims[i].v < 1 || dims[i].v > dims[i].max)
            return fail(why, len, "%s %u outside 1..%u", dims[i].name, (unsigned)dims[i].v,
                        (unsigned)dims[i].max);
    if (c->pad_left > CONV_MAX_PAD || c->pad_top > CONV_MAX_PAD)
        return fail(why, len, "padding left %u / top %u outside 0..%u", c->pad_left, c->pad_top,
                    CONV_MAX_PAD);
    if (c->clip_truncate > CONV_MAX_CLIP)
        return fail(why, len, "clip truncate %u outside 0..%u", c->clip_truncate, CONV_MAX_CLIP);
    if (c->cvt_truncate > CONV_MAX_CVT_TRUNC)
        return fail(why, len, "converter truncate %u outside 0..%u", c->cvt_truncate,
                    CONV_MAX_CVT_TRUNC);
    if (!in_range(c->cvt_offset, 16) || !in_range(c->cvt_scale, 16))
        return fail(why, len, "converter offset %d / scale %d not sign-extended 16-bit values",
                    (int)c->cvt_offset, (int)c->cvt_scale);
    if (!in_range(c->pad_value, data_bits(c)))
        return fail(why, len, "pad value %d outside the %u-bit range", (int)c->pad_value,
                    data_bits(c));
    if (golden_conv_lanes(c) > GOLDEN_LANES_MAX)
        return fail(why, len, "%u lanes per surface, at most %u", golden_conv_lanes(c),
                    GOLDEN_LANES_MAX);
    if ((uint64_t)c->kernels > (uint64_t)golden_surfaces_n(c->out_c, golden_conv_lanes(c)) *
                                   golden_conv_lanes(c))
        return fail(why, len, "%u kernels do not fit the %u output channels", (unsigned)c->kernels,
                    (unsigned)c->out_c);
    return 0;
}

int golden_conv_check(const struct golden_conv_cfg *c, char *why, size_t len)
{
    if (check_common(c, why, len))
        return -1;
    if (c->kernel_c != c->in_c)
        return fail(why, len, "kernel channels C = %u differ from input channels %u",
                    (unsigned)c->kernel_c, (unsigned)c->in_c);
    return 0;
}

unsigned golden_conv_atomic_c(const struct golden_conv_cfg *c)
{
    return c->atomic_c ? c->atomic_c : GOLDEN_LANES;
}

unsigned golden_conv_atomic_k(const struct golden_conv_cfg *c)
{
    return c->atomic_k ? c->atomic_k : GOLDEN_LANES;
}

unsigned golden_conv_lanes(const struct golden_conv_cfg *c)
{
    return c->lanes ? c->lanes : GOLDEN_LANES;
}

/* Kernels per weight group: atomic K for INT8; half of it for INT16 (the
 * in-memory formats: 32 INT8 kernels, 16 INT16 ones a group where the MAC's
 * atomic K, counted in INT8 as the architecture spec counts it, is 32).
 * The channel blocks stay atomic C elements for both (64-element small
 * cubes: 64 bytes INT8, 128 bytes INT16). */
static uint32_t group_size(const struct golden_conv_cfg *c)
{
    uint32_t ak = golden_conv_atomic_k(c);
    return c->int16 && ak > 1 ? ak / 2 : ak;
}

/* Number of kernels in group g of `per` kernels (the last may be partial). */
static uint64_t group_kernels(uint32_t kernels, uint32_t g, uint32_t per)
{
    uint32_t groups = golden_surfaces_n(kernels, per);
    return g + 1 < groups ? per : kernels - (uint64_t)per * (groups - 1);
}

uint64_t golden_conv_weight_offset(const struct golden_conv_cfg *c, uint32_t k, uint32_t ch,
                                   uint32_t r, uint32_t s)
{
    const uint64_t R = c->kernel_h, S = c->kernel_w, C = c->kernel_c;
    const uint32_t AK = group_size(c), AC = golden_conv_atomic_c(c);
    uint32_t g = k / AK, kl = k % AK;
    uint32_t b = ch / AC, blocks = golden_surfaces_n(c->kernel_c, AC);
    uint64_t kpg = group_kernels(c->kernels, g, AK);
    uint64_t cb = b + 1 < blocks ? AC : C - (uint64_t)AC * (blocks - 1);
    /* full groups before g hold AK whole kernels; within the group, full
     * channel blocks before b hold AC channels of every tap of kpg kernels */
    uint64_t e = g * ((uint64_t)AK * R * S * C) + b * ((uint64_t)AC * R * S * kpg) +
                 ((uint64_t)r * S + s) * (cb * kpg) + kl * cb + ch % AC;
    return e * golden_conv_elem_bytes(c);
}

uint64_t golden_conv_weight_bytes(const struct golden_conv_cfg *c)
{
    return (uint64_t)c->kernels * c->kernel_h * c->kernel_w * c->kernel_c *
           golden_conv_elem_bytes(c);
}

/* Two's complement of the low 8 / 16 bits, inline (one call per weight). */
static int32_t sx8(uint32_t b)
{
    return (int32_t)(b & 0x7fu) - (int32_t)(b & 0x80u);
}

static int32_t sx16(uint32_t h)
{
    return (int32_t)(h & 0x7fffu) - (int32_t)(h & 0x8000u);
}

/* The walk of golden_conv_weights_krsc into int32 (o32) or, for INT8
 * layers, int16 (o16) elements; inlined into both so each loop is plain. */
static inline void weights_krsc(const struct golden_conv_cfg *c, const uint8_t *weights,
                                int32_t *o32, int16_t *o16, size_t row)
{
    const size_t R = c->kernel_h, S = c->kernel_w, C = c->kernel_c;
    const uint32_t AK = group_size(c), AC = golden_conv_atomic_c(c);
    const uint32_t groups = golden_surfaces_n(c->kernels, AK);
    const uint32_t blocks = golden_surfaces_n(c->kernel_c, AC);
    const uint8_t *p = weights;
    /* The nesting of golden_conv_weight_offset's terms, outermost first:
     * group, channel block, tap, kernel in group, channel in block; the
     * bytes are consecutive in exactly this order. */
    for (uint32_t g = 0; g < groups; g++) {
        const size_t kpg = group_kernels(c->kernels, g, AK);
        for (uint32_t b = 0; b < blocks; b++) {
            const size_t cb = b + 1 < blocks ? AC : C - (size_t)AC * (blocks - 1);
            for (size_t t = 0; t < R * S; t++)
                for (size_t kl = 0; kl < kpg; kl++) {
                    size_t at = ((size_t)g * AK + kl) * row + t * C + (size_t)b * AC;
                    if (o16) {
                        for (size_t ch = 0; ch < cb; ch++, p++)
                            o16[at + ch] = (int16_t)sx8(p[0]);
                    } else if (c->int16) {
                        for (size_t ch = 0; ch < cb; ch++, p += 2)
                            o32[at + ch] = sx16((uint32_t)p[0] | (uint32_t)p[1] << 8);
                    } else {
                        for (size_t ch = 0; ch < cb; ch++, p++)
                            o32[at + ch] = sx8(p[0]);
                    }
                }
        }
    }
}

void golden_conv_weights_krsc(const struct golden_conv_cfg *c, const uint8_t *weights,
                              int32_t *out, size_t row)
{
    weights_krsc(c, weights, out, NULL, row);
}

void golden_conv_weights_krsc_i8(const struct golden_conv_cfg *c, const uint8_t *weights,
                                 int16_t *out, size_t row)
{
    if (!c->int16)
        weights_krsc(c, weights, NULL, out, row);
}

int32_t golden_conv_cvt(const struct golden_conv_cfg *c, int32_t x)
{
    if (!c->cvt_en)
        return x;
    int64_t v = ((int64_t)x - c->cvt_offset) * c->cvt_scale;
    return (int32_t)golden_sat(golden_rsh(v, (int)c->cvt_truncate), data_bits(c));
}

/* sat_32(rsh(sat_48(acc), clip)) spelled out inline: it runs once per
 * output (a tenth of the time of a 1x1 layer as three calls). The unit
 * test holds it equal to the golden_arith composition. */
static inline int32_t cacc(unsigned clip_truncate, int64_t acc)
{
    const int64_t max48 = ((int64_t)1 << 47) - 1;
    int64_t v = acc > max48 ? max48 : acc < -max48 - 1 ? -max48 - 1 : acc;
    unsigned s = clip_truncate;
    if (s > 0 && s < 64) {
        /* round half away from zero on the magnitude (|v| <= 2^47) */
        uint64_t mag = v < 0 ? (uint64_t)-v : (uint64_t)v;
        mag = (mag >> s) + ((mag >> (s - 1)) & 1u);
        v = v < 0 ? -(int64_t)mag : (int64_t)mag;
    } else if (s >= 64) {
        v = 0;
    }
    return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v;
}

int32_t golden_conv_cacc(const struct golden_conv_cfg *c, int64_t acc)
{
    return cacc(c->clip_truncate, acc);
}

/* cacc for a narrow sum (|acc| < 2^31, golden_conv_dot.h): sat_48 and
 * sat_32 cannot act, what is left is the rounding shift, in int32 so the
 * compiler can do the dot kernel's eight at once. */
static inline int32_t cacc_narrow(unsigned clip_truncate, int32_t acc)
{
    uint32_t mag = acc < 0 ? 0u - (uint32_t)acc : (uint32_t)acc;
    if (clip_truncate)
        mag = (mag >> clip_truncate) + ((mag >> (clip_truncate - 1)) & 1u);
    return acc < 0 ? -(int32_t)mag : (int32_t)mag;
}

int golden_conv_convert(const struct golden_conv_cfg *c, const struct golden_tensor *in,
                        struct golden_tensor *cvt)
{
    if (!in->data || !cvt->data || in->w != cvt->w || in->h != cvt->h ||
        in->surfaces != cvt->surfaces)
        return -1;
    size_t n = golden_tensor_count(in);
    for (size_t i = 0; i < n; i++)
        cvt->data[i] = golden_conv_cvt(c, in->data[i]);
    return 0;
}

static int out_matches(const struct golden_conv_cfg *c, const struct golden_tensor *out)
{
    return out && out->data && out->w == c->out_w && out->h == c->out_h &&
           out->lanes == golden_conv_lanes(c) &&
           out->surfaces == golden_surfaces_n(c->out_c, golden_conv_lanes(c));
}

/* Outputs per block of patch rows: enough rows for the dot kernel's
 * pairs, few enough that the block stays in the L2 cache. */
#define CONV_BLOCK_BYTES (128u * 1024u)

static size_t block_rows(const struct conv_patch_layer *l)
{
    size_t n = CONV_BLOCK_BYTES / conv_patch_row_bytes(l);
    n -= n % CONV_DOT_ROWS;
    return n < CONV_DOT_ROWS ? CONV_DOT_ROWS : n;
}

/* Every output of the prepared layer l (c: the layer as checked) into
 * out, CACC applied; frees l. 0, or -1 out of memory. */
static int run_patches(struct conv_patch_layer *l, const struct golden_conv_cfg *c,
                       struct golden_tensor *out)
{
    /* The exact sums as a matrix product (golden_conv_patch.h), a block of
     * outputs at a time: kernels in fours outside, outputs in pairs inside,
     * so four weight rows stay in L1 while the block's rows stream by. */
    const size_t npix = (size_t)c->out_w * c->out_h, K = c->kernels;
    const size_t nb = block_rows(l), rb = conv_patch_row_bytes(l);
    void *rows = calloc(nb, rb);   /* a spare row of zeros pads an odd block */
    /* out index of (p, k) = kpos[k] + p * lanes: surface-major, then pixel */
    size_t *kpos = malloc(l->kernels_pad * sizeof *kpos);
    if (!rows || !kpos) {
        free(rows);
        free(kpos);
        conv_patch_free(l);
        return -1;
    }
    const size_t lanes = out->lanes;
    for (size_t k = 0; k < K; k++)
        kpos[k] = k / lanes * npix * lanes + k % lanes;
    memset(out->data, 0, golden_tensor_count(out) * sizeof *out->data);
    for (size_t p0 = 0; p0 < npix; p0 += nb) {
        const size_t n = npix - p0 < nb ? npix - p0 : nb;
        conv_patch_rows(l, p0, n, rows);
        if (n % CONV_DOT_ROWS)
            memset((char *)rows + n * rb, 0, (CONV_DOT_ROWS - n % CONV_DOT_ROWS) * rb);
        for (size_t k0 = 0; k0 < K; k0 += CONV_DOT_KERNELS)
            for (size_t i0 = 0; i0 < n; i0 += CONV_DOT_ROWS) {
                int32_t res[CONV_DOT_ROWS * CONV_DOT_KERNELS];
                if (l->narrow) {
                    conv_dot_narrow((const int16_t *)rows + i0 * l->row, l->w16 + k0 * l->row,
                                    l->row, res);
                    for (unsigned t = 0; t < CONV_DOT_ROWS * CONV_DOT_KERNELS; t++)
                        res[t] = cacc_narrow(c->clip_truncate, res[t]);
                } else {
                    int64_t sum[CONV_DOT_ROWS * CONV_DOT_KERNELS];
                    conv_dot_wide((const int32_t *)rows + i0 * l->row, l->w32 + k0 * l->row,
                                  l->row, sum);
                    for (unsigned t = 0; t < CONV_DOT_ROWS * CONV_DOT_KERNELS; t++)
                        res[t] = cacc(c->clip_truncate, sum[t]);
                }
                for (size_t i = 0; i < CONV_DOT_ROWS && i0 + i < n; i++) {
                    int32_t *o = out->data + (p0 + i0 + i) * lanes;
                    for (size_t j = 0; j < CONV_DOT_KERNELS && k0 + j < K; j++)
                        o[kpos[k0 + j]] = res[i * CONV_DOT_KERNELS + j];
                }
            }
    }
    free(rows);
    free(kpos);
    conv_patch_free(l);
    return 0;
}

int golden_conv_run_converted(const struct golden_conv_cfg *c, const struct golden_tensor *cvt,
                              const uint8_t *weights, size_t weight_bytes,
                              struct golden_tensor *out)
{
    if (golden_conv_check(c, NULL, 0) || !cvt || !cvt->data || cvt->w != c->in_w ||
        cvt->h != c->in_h || cvt->c < c->in_c || !out_matches(c, out) || !weights ||
        weight_bytes < golden_conv_weight_bytes(c))
        return -1;
    struct conv_patch_layer l;
    if (conv_patch_init(&l, c, cvt, weights))
        return -1;
    return run_patches(&l, c, out);
}

int golden_conv_run(const struct golden_conv_cfg *c, const struct golden_tensor *in,
                    const uint8_t *weights, size_t weight_bytes, struct golden_tensor *out)
{
    if (golden_conv_check(c, NULL, 0) || !in || !in->data || in->w != c->in_w ||
        in->h != c->in_h || in->c < c->in_c)
        return -1;
    if (!c->cvt_en)   /* the converter is the identity: no copy */
        return golden_conv_run_converted(c, in, weights, weight_bytes, out);
    struct golden_tensor cvt;
    if (golden_tensor_init_lanes(&cvt, in->w, in->h, in->c, in->lanes))
        return -1;
    int rc = golden_conv_convert(c, in, &cvt);
    if (rc == 0)
        rc = golden_conv_run_converted(c, &cvt, weights, weight_bytes, out);
    golden_tensor_free(&cvt);
    return rc;
}

/* ---- Image input ------------------------------------------------------- */

unsigned golden_pixel_components(enum golden_pixel_format f)
{
    switch (f) {
    case GOLDEN_PIX_R8:
        return 1;
    case GOLDEN_PIX_Y8___U8V8_N444:
    case GOLDEN_PIX_Y8___V8U8_N444:
        return 3;
    case GOLDEN_PIX_A8B8G8R8: case GOLDEN_PIX_A8R8G8B8: case GOLDEN_PIX_B8G8R8A8:
    case GOLDEN_PIX_R8G8B8A8: case GOLDEN_PIX_X8B8G8R8: case GOLDEN_PIX_X8R8G8B8:
    case GOLDEN_PIX_B8G8R8X8: case GOLDEN_PIX_R8G8B8X8: case GOLDEN_PIX_A8Y8U8V8:
    case GOLDEN_PIX_V8U8Y8A8:
        return 4;
    }
    return 0;
}

unsigned golden_pixel_bytes(enum golden_pixel_format f)
{
    unsigned cp = golden_pixel_components(f);
    return cp == 4 ? 4u : cp ? 1u : 0u;
}

static int semi_planar(enum golden_pixel_format f)
{
    return f == GOLDEN_PIX_Y8___U8V8_N444 || f == GOLDEN_PIX_Y8___V8U8_N444;
}

/* Source byte (0..3 in the 4-byte word) of component e for the packed
 * 4-byte formats (spec 8.6 table). */
static unsigned packed_byte(enum golden_pixel_format f, unsigned e)
{
    static const unsigned abgr[4] = { 0, 1, 2, 3 }, argb[4] = { 2, 1, 0, 3 },
                          bgra[4] = { 1, 2, 3, 0 }, rgba[4] = { 3, 2, 1, 0 };
    switch (f) {
    case GOLDEN_PIX_A8R8G8B8: case GOLDEN_PIX_X8R8G8B8: case GOLDEN_PIX_A8Y8U8V8:
        return argb[e];
    case GOLDEN_PIX_B8G8R8A8: case GOLDEN_PIX_B8G8R8X8: case GOLDEN_PIX_V8U8Y8A8:
        return bgra[e];
    case GOLDEN_PIX_R8G8B8A8: case GOLDEN_PIX_R8G8B8X8:
        return rgba[e];
    default:
        return abgr[e];
    }
}

static unsigned img_extension(const struct golden_conv_img *img)
{
    return 1u << img->y_extension;
}

size_t golden_conv_img_line_len(const struct golden_conv_cfg *c, const struct golden_conv_img *img)
{
    return ((size_t)img->pad_left + c->in_w + img->pad_right) * golden_pixel_components(img->format);
}

int golden_conv_img_check(const struct golden_conv_cfg *c, const struct golden_conv_img *img,
                          char *why, size_t len)
{
    if (check_common(c, why, len))
        return -1;
    unsigned cp = golden_pixel_components(img->format);
    if (!cp)
        return fail(why, len, "pixel format %d is not an 8-bit format the model has",
                    (int)img->format);
    if (c->int16)
        return fail(why, len, "image input is modelled for INT8 only");
    if (c->in_c != cp)
        return fail(why, len, "input channels %u differ from the %u components per pixel",
                    (unsigned)c->in_c, cp);
    if (c->kernel_w != 1)
        return fail(why, len, "image kernel width %u: the kernel must be pre-extended to width 1",
                    (unsigned)c->kernel_w);
    if (c->dilation_x != 1 || c->dilation_y != 1)
        return fail(why, len, "dilation %ux%u: image input has none", c->dilation_x,
                    c->dilation_y);
    if (img->x_offset > IMG_MAX_X_OFFSET)
        return fail(why, len, "pixel x offset %u outside 0..%u", img->x_offset, IMG_MAX_X_OFFSET);
    if (img->pad_left > IMG_MAX_PAD_LEFT || img->pad_right > IMG_MAX_PAD_RIGHT)
        return fail(why, len, "CDMA padding left %u / right %u outside 0..%u / 0..%u",
                    img->pad_left, img->pad_right, IMG_MAX_PAD_LEFT, IMG_MAX_PAD_RIGHT);
    if (!in_range(img->pad_value, 8))
        return fail(why, len, "CDMA pad value %d outside the 8-bit range", (int)img->pad_value);
    for (unsigned e = 0; e < 4; e++)
        if (!in_range(img->mean[e], 16))
            return fail(why, len, "mean %u = %d not a sign-extended 16-bit value", e,
                        (int)img->mean[e]);
    if (img->y_extension > 2)
        return fail(why, len, "Y extension %u outside 0..2", img->y_extension);
    unsigned e = img_extension(img);
    if (e > 1 && c->kernel_c * e > golden_conv_atomic_c(c))
        return fail(why, len, "Y extension %u needs C' = %u <= %u", e, (unsigned)c->kernel_c,
                    golden_conv_atomic_c(c) / e);
    uint64_t need = ((uint64_t)c->out_w - 1) * c->stride_x * cp + c->kernel_c;
    if (need > golden_conv_img_line_len(c, img))
        return fail(why, len, "output width %u reads %llu elements of a %llu-element padded line",
                    (unsigned)c->out_w, (unsigned long long)need,
                    (unsigned long long)golden_conv_img_line_len(c, img));
    return 0;
}

/* The 8.6 pixel converter on component e of a real pixel, raw byte q. */
static int32_t img_cvt(const struct golden_conv_cfg *c, const struct golden_conv_img *img,
                       unsigned e, uint8_t q)
{
    if (!c->cvt_en)
        return (int32_t)golden_sx(q, 8);
    int64_t v = img->sign_override ? golden_sx(q, 8) : (int64_t)q;
    int64_t m = img->mean_format ? img->mean[e] : c->cvt_offset;
    return (int32_t)golden_sat(golden_rsh((v - m) * c->cvt_scale, (int)c->cvt_truncate), 8);
}

int golden_conv_img_assemble(const struct golden_conv_cfg *c, const struct golden_conv_img *img,
                             const struct golden_pixels *pix, int32_t *lines)
{
    if (golden_conv_img_check(c, img, NULL, 0) || !pix || !pix->plane0 || !lines)
        return -1;
    const unsigned cp = golden_pixel_components(img->format);
    const unsigned bpp = golden_pixel_bytes(img->format);
    const size_t len = golden_conv_img_line_len(c, img);
    const int sp = semi_planar(img->format);
    /* Bounds of both planes, checked once: the last line's last pixel. */
    uint64_t last = (uint64_t)(c->in_h - 1) * img->line_stride +
                    ((uint64_t)img->x_offset + c->in_w) * bpp;
    if (last > pix->len0)
        return -1;
    /* Chroma pair index k = x_off + i, or x_off + i - 4 when x_off >= 4
     * (what the model does; unspecified for x_off >= 4, quirk 14). */
    uint64_t kbase = img->x_offset < 4 ? img->x_offset : img->x_offset - 4u;
    if (sp) {
        uint64_t last1 = (uint64_t)(c->in_h - 1) * img->uv_line_stride + (kbase + c->in_w) * 2;
        if (!pix->plane1 || last1 > pix->len1)
            return -1;
    }
    for (uint32_t y = 0; y < c->in_h; y++) {
        int32_t *line = lines + (size_t)y * len;
        for (size_t i = 0; i < len; i++)
            line[i] = img->pad_value;
        const uint8_t *src = pix->plane0 + (uint64_t)y * img->line_stride +
                             (uint64_t)img->x_offset * bpp;
        const uint8_t *uv = sp ? pix->plane1 + (uint64_t)y * img->uv_line_stride + kbase * 2
                               : NULL;
        for (uint32_t i = 0; i < c->in_w; i++) {
            int32_t *p = line + ((size_t)img->pad_left + i) * cp;
            if (cp == 1) {
                p[0] = img_cvt(c, img, 0, src[i]);
            } else if (sp) {
                uint8_t first = uv[2 * (size_t)i], second = uv[2 * (size_t)i + 1];
                int uv_order = img->format == GOLDEN_PIX_Y8___U8V8_N444;
                p[0] = img_cvt(c, img, 0, src[i]);
                p[1] = img_cvt(c, img, 1, uv_order ? second : first);
                p[2] = img_cvt(c, img, 2, uv_order ? first : second);
            } else {
                for (unsigned e = 0; e < 4; e++)
                    p[e] = img_cvt(c, img, e, src[(size_t)i * 4 + packed_byte(img->format, e)]);
            }
        }
    }
    return 0;
}

uint64_t golden_conv_img_weight_offset(const struct golden_conv_cfg *c,
                                       const struct golden_conv_img *img, uint32_t k, uint32_t j,
                                       uint32_t r)
{
    const uint64_t E = img_extension(img);
    if (E == 1)
        return golden_conv_weight_offset(c, k, j, r, 0);
    const uint64_t R = c->kernel_h, Cx = c->kernel_c;
    const uint32_t AK = golden_conv_atomic_k(c);
    uint32_t g = k / AK, kl = k % AK;
    uint64_t kpg = group_kernels(c->kernels, g, AK);
    uint64_t t = r / E;
    uint64_t nr = R - t * E < E ? R - t * E : E;
    return g * ((uint64_t)AK * R * Cx) + t * (E * Cx * kpg) + kl * (nr * Cx) + (r - t * E) * Cx +
           j;
}

uint64_t golden_conv_img_weight_bytes(const struct golden_conv_cfg *c)
{
    return (uint64_t)c->kernels * c->kernel_h * c->kernel_c;
}

int golden_conv_img_run(const struct golden_conv_cfg *c, const struct golden_conv_img *img,
                        const struct golden_pixels *pix, const uint8_t *weights,
                        size_t weight_bytes, struct golden_tensor *out)
{
    if (golden_conv_img_check(c, img, NULL, 0) || !out_matches(c, out) || !weights ||
        weight_bytes < golden_conv_img_weight_bytes(c))
        return -1;
    const size_t len = golden_conv_img_line_len(c, img);
    if (len > SIZE_MAX / sizeof(int32_t) / c->in_h)
        return -1;
    int32_t *lines = malloc(len * c->in_h * sizeof *lines);
    if (!lines || golden_conv_img_assemble(c, img, pix, lines)) {
        free(lines);
        return -1;
    }
    struct conv_patch_layer l;
    if (conv_patch_init_img(&l, c, img, lines, weights))   /* lines are l's now */
        return -1;
    return run_patches(&l, c, out);
}
