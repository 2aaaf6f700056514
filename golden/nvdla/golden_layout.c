/* golden_layout: plain arrays <-> golden tensors and NVDLA weight bytes. */
#include "golden_layout.h"

#include <string.h>

#include "golden_arith.h"

static int fill(struct golden_tensor *t, const int8_t *a, uint32_t w, uint32_t h, uint32_t c,
                int nhwc)
{
    if (!a || golden_tensor_init(t, w, h, c))
        return -1;
    for (uint32_t ch = 0; ch < c; ch++)
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                size_t i = nhwc ? ((size_t)y * w + x) * c + ch : ((size_t)ch * h + y) * w + x;
                golden_tensor_set(t, x, y, ch, a[i]);
            }
    return 0;
}

int golden_layout_from_nchw(struct golden_tensor *t, const int8_t *a, uint32_t w, uint32_t h,
                            uint32_t c)
{
    return fill(t, a, w, h, c, 0);
}

int golden_layout_from_nhwc(struct golden_tensor *t, const int8_t *a, uint32_t w, uint32_t h,
                            uint32_t c)
{
    return fill(t, a, w, h, c, 1);
}

/* Plain-array index of (x, y, ch) of t. */
static size_t plain_index(const struct golden_tensor *t, uint32_t x, uint32_t y, uint32_t ch,
                          int nhwc)
{
    return nhwc ? ((size_t)y * t->w + x) * t->c + ch : ((size_t)ch * t->h + y) * t->w + x;
}

static void drain(const struct golden_tensor *t, int8_t *a8, int32_t *a32, int nhwc)
{
    for (uint32_t ch = 0; ch < t->c; ch++)
        for (uint32_t y = 0; y < t->h; y++)
            for (uint32_t x = 0; x < t->w; x++) {
                int32_t v = golden_tensor_get(t, x, y, ch);
                size_t i = plain_index(t, x, y, ch, nhwc);
                if (a8)
                    a8[i] = (int8_t)golden_wrap(v, 8);
                else
                    a32[i] = v;
            }
}

void golden_layout_to_nchw(const struct golden_tensor *t, int8_t *a) { drain(t, a, NULL, 0); }
void golden_layout_to_nhwc(const struct golden_tensor *t, int8_t *a) { drain(t, a, NULL, 1); }
void golden_layout_to_nchw_i32(const struct golden_tensor *t, int32_t *a) { drain(t, NULL, a, 0); }
void golden_layout_to_nhwc_i32(const struct golden_tensor *t, int32_t *a) { drain(t, NULL, a, 1); }

/* The weight fields alone (a config used only to lay out weights need not
 * describe a whole layer). */
static int weight_dims_ok(const struct golden_conv_cfg *c)
{
    return c->kernels >= 1 && c->kernels <= GOLDEN_CONV_MAX_DIM && c->kernel_c >= 1 &&
           c->kernel_c <= GOLDEN_CONV_MAX_DIM && c->kernel_h >= 1 &&
           c->kernel_h <= GOLDEN_CONV_MAX_KERNEL && c->kernel_w >= 1 &&
           c->kernel_w <= GOLDEN_CONV_MAX_KERNEL;
}

static size_t kcrs_index(const struct golden_conv_cfg *c, uint32_t k, uint32_t ch, uint32_t r,
                         uint32_t s)
{
    return (((size_t)k * c->kernel_c + ch) * c->kernel_h + r) * c->kernel_w + s;
}

/* Copy between KCRS values (int32 view through get/put) and weight bytes. */
static int weights_walk(const struct golden_conv_cfg *c, int int16, uint8_t *w_out,
                        const uint8_t *w_in, size_t len, const int8_t *k8_in, int8_t *k8_out,
                        const int16_t *k16_in, int16_t *k16_out)
{
    if (!!c->int16 != int16 || !weight_dims_ok(c) || len < golden_conv_weight_bytes(c))
        return -1;
    unsigned eb = golden_conv_elem_bytes(c);
    for (uint32_t k = 0; k < c->kernels; k++)
        for (uint32_t ch = 0; ch < c->kernel_c; ch++)
            for (uint32_t r = 0; r < c->kernel_h; r++)
                for (uint32_t s = 0; s < c->kernel_w; s++) {
                    size_t i = kcrs_index(c, k, ch, r, s);
                    uint64_t off = golden_conv_weight_offset(c, k, ch, r, s);
                    if (w_out) {
                        int32_t v = int16 ? k16_in[i] : k8_in[i];
                        for (unsigned b = 0; b < eb; b++)
                            w_out[off + b] = (uint8_t)((uint32_t)v >> (8 * b));
                    } else {
                        uint64_t raw = 0;
                        for (unsigned b = 0; b < eb; b++)
                            raw |= (uint64_t)w_in[off + b] << (8 * b);
                        if (int16)
                            k16_out[i] = (int16_t)golden_sx(raw, 16);
                        else
                            k8_out[i] = (int8_t)golden_sx(raw, 8);
                    }
                }
    return 0;
}

int golden_layout_weights_from_kcrs(const struct golden_conv_cfg *c, const int8_t *kcrs,
                                    uint8_t *w, size_t len)
{
    if (!kcrs || !w)
        return -1;
    return weights_walk(c, 0, w, NULL, len, kcrs, NULL, NULL, NULL);
}

int golden_layout_weights_to_kcrs(const struct golden_conv_cfg *c, const uint8_t *w, size_t len,
                                  int8_t *kcrs)
{
    if (!kcrs || !w)
        return -1;
    return weights_walk(c, 0, NULL, w, len, NULL, kcrs, NULL, NULL);
}

int golden_layout_weights_from_kcrs16(const struct golden_conv_cfg *c, const int16_t *kcrs,
                                      uint8_t *w, size_t len)
{
    if (!kcrs || !w)
        return -1;
    return weights_walk(c, 1, w, NULL, len, NULL, NULL, kcrs, NULL);
}

int golden_layout_weights_to_kcrs16(const struct golden_conv_cfg *c, const uint8_t *w, size_t len,
                                    int16_t *kcrs)
{
    if (!kcrs || !w)
        return -1;
    return weights_walk(c, 1, NULL, w, len, NULL, NULL, NULL, kcrs);
}

int golden_layout_img_weights_from_kcrs(const struct golden_conv_cfg *c,
                                        const struct golden_conv_img *img, const int8_t *kcrs,
                                        uint32_t s_orig, uint8_t *w, size_t len)
{
    unsigned cp = golden_pixel_components(img->format);
    if (!kcrs || !w || !cp || c->int16 || !weight_dims_ok(c) || c->kernel_w != 1 ||
        s_orig < 1 || (uint64_t)s_orig * cp != c->kernel_c || img->y_extension > 2 ||
        len < golden_conv_img_weight_bytes(c))
        return -1;
    unsigned e = 1u << img->y_extension;
    if (e > 1 && c->kernel_c * e > golden_conv_atomic_c(c))
        return -1;
    for (uint32_t k = 0; k < c->kernels; k++)
        for (uint32_t ch = 0; ch < cp; ch++)
            for (uint32_t r = 0; r < c->kernel_h; r++)
                for (uint32_t s = 0; s < s_orig; s++) {
                    size_t i = (((size_t)k * cp + ch) * c->kernel_h + r) * s_orig + s;
                    w[golden_conv_img_weight_offset(c, img, k, s * cp + ch, r)] = (uint8_t)kcrs[i];
                }
    return 0;
}
