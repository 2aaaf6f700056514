/* ethosu85_ops_resize: the Ethos-U85 resize accumulate half (NPU_OP_RESIZE).
 *
 * The arithmetic is TOSA RESIZE's on integers, which Vela 5.2 lowers
 * TensorFlow Lite's RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR to
 * (tflite_graph_optimiser's ConvertResize): scale n / d reduced by the gcd
 * (align_corners: (out - 1) / (in - 1)); half_pixel_centers (and nearest
 * without align_corners) doubles n and d and sets offset = d/2 - n/2;
 * bilinear is post-scaled by 1 / (n_x * n_y) (powers of two only: Vela
 * keeps other ratios on the CPU), as OFM_SCALE 1 >> (16 + log2(n_x n_y)),
 * round_mode SYMMETRIC; nearest as OFM_SCALE 1 >> 16. The 16 is why the
 * accumulator carries 2^16.
 *
 * Checked bit exact against TensorFlow Lite's reference through Vela's
 * listings (ethos-u85-256) for: bilinear half-pixel 5x5 -> 10x10, bilinear
 * align_corners 5x5 -> 9x9, bilinear plain 4x4 -> 8x8, nearest 6x6 ->
 * 12x12, nearest align_corners 5x5 -> 9x9, nearest 3x3 -> 9x9 (n = 6,
 * d = 2, offset -2) and nearest half-pixel 4x4 -> 8x8 (all zero points 0).
 * Inferred: the zero points (subtracted as everywhere else), the nearest
 * rule on odd n (2 dx >= n: what TFLite's rounding of x * in / out needs;
 * Vela's n is even or d divides it in every case above), REPLICATE. */
#include "ethosu85_ops.h"
#include "ethosu85_ops_util.h"
#include "ethosu_ops_util.h"

static int check_axis(const struct ethosu85_resize_axis *a, const char *name, char *err, size_t errlen)
{
    if (!a)
        return ethosu_ops_fail(err, errlen, "resize %s axis missing", name);
    if (a->scale_n < 1 || a->scale_n > 2048)
        return ethosu_ops_fail(err, errlen, "RESIZE_%s_SCALE_N %u outside 1..2048", name,
                               (unsigned)a->scale_n);
    if (a->scale_d < 1 || a->scale_d > 16u * a->scale_n - 1u)
        return ethosu_ops_fail(err, errlen, "resize %s step d = %u outside what RESIZE_%s holds", name,
                               (unsigned)a->scale_d, name);
    if (a->offset < -(int32_t)a->scale_n || a->offset >= (int32_t)a->scale_n)
        return ethosu_ops_fail(err, errlen, "RESIZE_%s_OFFSET %d outside -n..n-1", name, (int)a->offset);
    return 0;
}

/* The source position of output index o on one axis: the integer index
 * (floor), the fraction in 1/n units, both neighbours clamped to size. */
static void axis_pos(const struct ethosu85_resize_axis *a, uint32_t o, uint32_t size, int64_t *i0,
                     int64_t *i1, int64_t *frac)
{
    int64_t p = (int64_t)o * a->scale_d + a->offset;
    int64_t n = a->scale_n;
    int64_t i = p >= 0 ? p / n : -((-p + n - 1) / n);
    *frac = p - i * n;
    int64_t last = (int64_t)size - 1;
    *i0 = i < 0 ? 0 : i > last ? last : i;
    *i1 = i + 1 < 0 ? 0 : i + 1 > last ? last : i + 1;
}

int ethosu85_resize_acc(enum ethosu85_resize_mode mode, const struct ethosu_fmap *ifm,
                        const struct ethosu85_resize_axis *ax, const struct ethosu85_resize_axis *ay,
                        struct ethosu85_acc *acc, char *err, size_t errlen)
{
    if (mode != ETHOSU85_RESIZE_BILINEAR && mode != ETHOSU85_RESIZE_REPLICATE &&
        mode != ETHOSU85_RESIZE_NEAREST)
        return ethosu_ops_fail(err, errlen, "resize_mode %u reserved", (unsigned)mode);
    if (ethosu_ops_check_input(ifm, "IFM", err, errlen) || check_axis(ax, "X", err, errlen) ||
        check_axis(ay, "Y", err, errlen))
        return -1;
    if (!acc || ethosu85_ops_acc_begin(NULL, acc, acc->h, acc->w, acc->c, err, errlen))
        return -1;
    if (acc->c != ifm->c)
        return ethosu_ops_fail(err, errlen, "resize OFM depth %u differs from IFM depth %u",
                               (unsigned)acc->c, (unsigned)ifm->c);
    for (uint32_t y = 0; y < acc->h; y++) {
        int64_t y0, y1, fy;
        axis_pos(ay, y, ifm->h, &y0, &y1, &fy);
        for (uint32_t x = 0; x < acc->w; x++) {
            int64_t x0, x1, fx;
            axis_pos(ax, x, ifm->w, &x0, &x1, &fx);
            for (uint32_t c = 0; c < acc->c; c++) {
#define V(yy, xx) ((int64_t)ifm->values[((size_t)(yy) * ifm->w + (size_t)(xx)) * ifm->c + c] - ifm->zero_point)
                int64_t v;
                if (mode == ETHOSU85_RESIZE_BILINEAR) {
                    int64_t nx = ax->scale_n, ny = ay->scale_n;
                    v = V(y0, x0) * (ny - fy) * (nx - fx) + V(y0, x1) * (ny - fy) * fx +
                        V(y1, x0) * fy * (nx - fx) + V(y1, x1) * fy * fx;
                } else if (mode == ETHOSU85_RESIZE_NEAREST) {
                    v = V(2 * fy >= (int64_t)ay->scale_n ? y1 : y0, 2 * fx >= (int64_t)ax->scale_n ? x1 : x0);
                } else {
                    v = V(y0, x0);
                }
#undef V
                acc->values[((size_t)y * acc->w + x) * acc->c + c] = v * 65536;
            }
        }
    }
    return 0;
}
