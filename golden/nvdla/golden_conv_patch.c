/* golden_conv_patch: the layer's operands in the order the dot kernel walks
 * them (see golden_conv_patch.h). Built once per layer: the weights are
 * read in their layout order once, the converted cube is copied once into
 * [y][x][c] with its real channels; patch rows are then plain copies of
 * runs of that cube (one run per kernel row when dilation x is 1). */
#include "golden_conv_patch.h"

#include <stdlib.h>
#include <string.h>

#include "golden_conv_dot.h"

static size_t round_up(size_t v, size_t m)
{
    return (v + m - 1) / m * m;
}

static int fits_int8(int32_t v)
{
    return v >= -128 && v <= 127;
}

/* a * b, or 0 when it would not fit a size_t (then the caller fails). */
static size_t mul_sz(size_t a, size_t b)
{
    return b && a > SIZE_MAX / b ? 0 : a * b;
}

void conv_patch_free(struct conv_patch_layer *l)
{
    free(l->data);
    free(l->w16);
    free(l->w32);
    l->data = NULL;
    l->w16 = NULL;
    l->w32 = NULL;
}

/* l->cfg set: the row sizes, and the weight rows zeroed (the terms beyond
 * len and the kernels beyond K stay 0) as int16 (narrow) or int32. */
static int alloc_weights(struct conv_patch_layer *l, int narrow)
{
    const struct golden_conv_cfg *c = &l->cfg;
    l->len = mul_sz(mul_sz((size_t)c->kernel_h, c->kernel_w), c->kernel_c);
    l->row = round_up(l->len, CONV_DOT_STEP);
    l->kernels_pad = round_up(c->kernels, CONV_DOT_KERNELS);
    l->narrow = narrow && l->row <= CONV_DOT_NARROW_MAX;
    size_t wcount = mul_sz(l->kernels_pad, l->row);
    if (!l->len || !wcount || wcount > SIZE_MAX / sizeof(int32_t))
        return -1;
    if (l->narrow)
        l->w16 = calloc(wcount, sizeof *l->w16);
    else
        l->w32 = calloc(wcount, sizeof *l->w32);
    return l->w16 || l->w32 ? 0 : -1;
}

int conv_patch_init(struct conv_patch_layer *l, const struct golden_conv_cfg *c,
                    const struct golden_tensor *cvt, const uint8_t *weights)
{
    memset(l, 0, sizeof *l);
    l->cfg = *c;
    const size_t W = c->in_w, H = c->in_h, C = c->kernel_c;
    size_t cube = mul_sz(mul_sz(W, H), C);
    if (!cube || cube > SIZE_MAX / sizeof(int32_t))
        return -1;
    l->data = malloc(cube * sizeof *l->data);
    if (!l->data)
        goto fail;
    /* Data side: surface by surface, so the reads are contiguous. */
    const uint32_t lanes = cvt->lanes;
    int narrow = fits_int8(c->pad_value);
    for (uint32_t sf = 0; sf * lanes < C; sf++) {
        uint32_t n = C - sf * lanes < lanes ? (uint32_t)(C - sf * lanes) : lanes;
        for (size_t y = 0; y < H; y++)
            for (size_t x = 0; x < W; x++) {
                const int32_t *src = cvt->data + golden_tensor_index(cvt, (uint32_t)x,
                                                                     (uint32_t)y, sf * lanes);
                int32_t *dst = l->data + (y * W + x) * C + (size_t)sf * lanes;
                for (uint32_t i = 0; i < n; i++) {
                    dst[i] = src[i];
                    narrow &= fits_int8(src[i]);
                }
            }
    }
    /* Weight rows. INT8 weights fit int8 by construction: decoded straight
     * into int16 rows when the data allow; INT16 ones are decoded to int32
     * and narrowed only if they all fit. */
    if (alloc_weights(l, narrow && !c->int16))
        goto fail;
    if (l->narrow) {
        golden_conv_weights_krsc_i8(c, weights, l->w16, l->row);
        return 0;
    }
    golden_conv_weights_krsc(c, weights, l->w32, l->row);
    const size_t wcount = l->kernels_pad * l->row;
    for (size_t i = 0; i < wcount && narrow; i++)
        narrow = fits_int8(l->w32[i]);
    if (narrow && l->row <= CONV_DOT_NARROW_MAX) {
        l->w16 = malloc(wcount * sizeof *l->w16);
        if (!l->w16)
            goto fail;
        for (size_t i = 0; i < wcount; i++)
            l->w16[i] = (int16_t)l->w32[i];
        free(l->w32);
        l->w32 = NULL;
        l->narrow = 1;
    }
    return 0;
fail:
    conv_patch_free(l);
    return -1;
}

int conv_patch_init_img(struct conv_patch_layer *l, const struct golden_conv_cfg *c,
                        const struct golden_conv_img *img, int32_t *lines,
                        const uint8_t *weights)
{
    memset(l, 0, sizeof *l);
    l->data = lines;
    const size_t len = golden_conv_img_line_len(c, img), Cx = c->kernel_c;
    const unsigned cp = golden_pixel_components(img->format);
    /* The image layer as a feature layer of one channel: the assembled
     * lines are a len x H cube (CDMA's left/right padding already in it),
     * kernel row r reads C' consecutive elements from ox * sx * Cp. */
    l->cfg = *c;
    l->cfg.in_w = (uint32_t)len;
    l->cfg.in_c = l->cfg.kernel_c = 1;
    l->cfg.kernel_w = (uint32_t)Cx;
    l->cfg.stride_x = c->stride_x * cp;
    l->cfg.dilation_x = l->cfg.dilation_y = 1;
    l->cfg.pad_left = 0;
    int narrow = fits_int8(c->pad_value);
    const size_t n = len * c->in_h;
    for (size_t i = 0; i < n; i++)
        narrow &= fits_int8(lines[i]);
    if (alloc_weights(l, narrow))
        goto fail;
    for (uint32_t k = 0; k < c->kernels; k++)
        for (uint32_t r = 0; r < c->kernel_h; r++)
            for (uint32_t j = 0; j < Cx; j++) {
                uint8_t b = weights[golden_conv_img_weight_offset(c, img, k, j, r)];
                int32_t v = (int32_t)(b & 0x7fu) - (int32_t)(b & 0x80u);
                size_t at = (size_t)k * l->row + (size_t)r * Cx + j;
                if (l->narrow)
                    l->w16[at] = (int16_t)v;
                else
                    l->w32[at] = v;
            }
    return 0;
fail:
    conv_patch_free(l);
    return -1;
}

size_t conv_patch_row_bytes(const struct conv_patch_layer *l)
{
    return l->row * (l->narrow ? sizeof(int16_t) : sizeof(int32_t));
}

/* n terms of a row from position `at`: copies of src, or the pad value when
 * src is NULL. */
static void put(const struct conv_patch_layer *l, void *row, size_t at, const int32_t *src,
                size_t n)
{
    const int32_t pad = l->cfg.pad_value;
    if (l->narrow) {
        int16_t *d = (int16_t *)row + at;
        if (src)
            for (size_t i = 0; i < n; i++)
                d[i] = (int16_t)src[i];
        else
            for (size_t i = 0; i < n; i++)
                d[i] = (int16_t)pad;
    } else {
        int32_t *d = (int32_t *)row + at;
        if (src)
            memcpy(d, src, n * sizeof *d);
        else
            for (size_t i = 0; i < n; i++)
                d[i] = pad;
    }
}

/* First s in 0..S whose tap x = x0 + s * dx is >= lo (S when none). */
static size_t first_s_at_least(int64_t x0, int64_t lo, size_t S, unsigned dx)
{
    if (x0 >= lo)
        return 0;
    int64_t s = (lo - x0 + dx - 1) / dx;
    return s > (int64_t)S ? S : (size_t)s;
}

static void patch_row(const struct conv_patch_layer *l, uint32_t ox, uint32_t oy, void *row)
{
    const struct golden_conv_cfg *c = &l->cfg;
    const size_t S = c->kernel_w, C = c->kernel_c, W = c->in_w, run = S * C;
    const int64_t x0 = (int64_t)ox * c->stride_x - c->pad_left;
    /* taps s_lo .. s_hi - 1 fall inside the cube's width; the same for every r */
    size_t s_lo = first_s_at_least(x0, 0, S, c->dilation_x);
    size_t s_hi = first_s_at_least(x0, (int64_t)W, S, c->dilation_x);
    if (s_hi < s_lo)
        s_hi = s_lo;
    for (size_t r = 0; r < c->kernel_h; r++) {
        size_t at = r * run;
        int64_t iy = (int64_t)oy * c->stride_y + (int64_t)r * c->dilation_y - c->pad_top;
        if (iy < 0 || iy >= (int64_t)c->in_h) {
            put(l, row, at, NULL, run);
            continue;
        }
        const int32_t *line = l->data + (size_t)iy * W * C;
        put(l, row, at, NULL, s_lo * C);
        if (c->dilation_x == 1) {
            /* adjacent taps are adjacent pixels: one run */
            put(l, row, at + s_lo * C, line + (size_t)(x0 + (int64_t)s_lo) * C,
                (s_hi - s_lo) * C);
        } else {
            for (size_t s = s_lo; s < s_hi; s++)
                put(l, row, at + s * C, line + (size_t)(x0 + (int64_t)s * c->dilation_x) * C, C);
        }
        put(l, row, at + s_hi * C, NULL, (S - s_hi) * C);
    }
    const int32_t zero = 0;
    for (size_t t = l->len; t < l->row; t++)
        put(l, row, t, &zero, 1);
}

void conv_patch_rows(const struct conv_patch_layer *l, size_t p0, size_t n, void *rows)
{
    const size_t bytes = conv_patch_row_bytes(l);
    uint32_t ox = (uint32_t)(p0 % l->cfg.out_w), oy = (uint32_t)(p0 / l->cfg.out_w);
    for (size_t i = 0; i < n; i++) {
        patch_row(l, ox, oy, (char *)rows + i * bytes);
        if (++ox == l->cfg.out_w) {
            ox = 0;
            oy++;
        }
    }
}
