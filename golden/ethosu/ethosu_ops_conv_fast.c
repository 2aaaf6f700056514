/* ethosu_ops_conv_fast: see ethosu_ops_conv_fast.h.
 *
 * The inner loops are plain C11 that GCC vectorizes at -O2 (int16 x int16
 * products summed in int32: pmaddwd on x86-64's baseline SSE2, sdot/smlal
 * on AArch64). GCC 12's -O2 cost model ("very cheap") vectorizes no loop
 * whose trip count it cannot prove a multiple of the vector length, so this
 * file asks for the dynamic model; the arithmetic is the same either way. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic")
#endif
#include <stdlib.h>
#include <string.h>

#include "ethosu_ops_conv_fast.h"

#define LANES 8u   /* channels rounded up to this: whole vectors, no tails */

/* The prepared IFM: (IFM - zp) upscaled, zero-padded, NHWC with cp channels. */
struct padded {
    int16_t *v;
    size_t ph, pw, cp;
    int32_t maxabs;   /* the largest |IFM - zp| */
};

static size_t round_up(size_t n, size_t m)
{
    return (n + m - 1) / m * m;
}

/* Extent of the padded IFM along one axis: from -pad to the last tap read
 * or the (upscaled) IFM's end, whichever is further. */
static int extent(uint32_t in, uint32_t out, uint32_t stride, uint32_t taps, uint32_t dil, uint32_t pad, size_t *n)
{
    uint64_t last = (uint64_t)(out - 1) * stride + (uint64_t)(taps - 1) * dil + 1;   /* from -pad */
    uint64_t e = (uint64_t)pad + in > last ? (uint64_t)pad + in : last;
    if (e > (1u << 24))
        return -1;
    *n = (size_t)e;
    return 0;
}

static int pad_ifm(const struct ethosu_fmap *ifm, const struct ethosu_kernel *k, uint32_t oh, uint32_t ow,
                   struct padded *p)
{
    uint32_t up = k->upscale != ETHOSU_UPSCALE_NONE ? 2u : 1u;
    uint32_t hu = ifm->h * up, wu = ifm->w * up;
    if (extent(hu, oh, k->stride_y, ethosu_kernel_taps_y(k), k->dilation_y, k->pad_top, &p->ph) ||
        extent(wu, ow, k->stride_x, ethosu_kernel_taps_x(k), k->dilation_x, k->pad_left, &p->pw))
        return -1;
    p->cp = round_up(ifm->c, LANES);
    size_t n = p->ph * p->pw;
    if (n > SIZE_MAX / sizeof(int16_t) / p->cp)
        return -1;
    p->v = calloc(n * p->cp, sizeof *p->v);
    if (!p->v)
        return -1;
    /* 8/16-bit values less a zero point of their type: within 2^17, int32 (loops that vectorize) */
    int32_t zp = ifm->zero_point, lo = 0, hi = 0;
    for (uint32_t y = 0; y < hu; y++)
        for (uint32_t x = 0; x < wu; x++) {
            if (k->upscale == ETHOSU_UPSCALE_ZEROS && ((y | x) & 1))
                continue;   /* an inserted zero: the zero point, 0 after subtracting it */
            const int32_t *src = ifm->values + ((size_t)(y / up) * ifm->w + x / up) * ifm->c;
            int16_t *dst = p->v + ((size_t)(y + k->pad_top) * p->pw + x + k->pad_left) * p->cp;
            for (uint32_t c = 0; c < ifm->c; c++) {
                int32_t a = src[c] - zp;   /* checked against int16 below */
                lo = a < lo ? a : lo;
                hi = a > hi ? a : hi;
                dst[c] = (int16_t)a;
            }
        }
    if (lo < INT16_MIN || hi > INT16_MAX) {
        free(p->v);
        p->v = NULL;
        return -1;
    }
    p->maxabs = (int32_t)(-lo > hi ? -lo : hi);
    return 0;
}

/* Weights as int16 in walk order, checking each channel's bound:
 * maxabs * sum |w| must fit int32 for the int32 sums to be exact. The
 * weights are [nch][taps][c]; weight (o, t, i) goes to out[o * so + t * st + i]
 * (nested loops: no division per weight). */
static int16_t *weights16(const int32_t *w, size_t nch, size_t taps, size_t c, size_t so, size_t st, size_t total,
                          int32_t maxabs)
{
    int16_t *out = calloc(total ? total : 1, sizeof *out);
    if (!out)
        return NULL;
    for (size_t o = 0; o < nch; o++) {
        int64_t sum = 0;
        for (size_t t = 0; t < taps; t++) {
            const int32_t *src = w + (o * taps + t) * c;
            int16_t *dst = out + o * so + t * st;
            for (size_t i = 0; i < c; i++) {
                int32_t v = src[i];
                if (v < INT16_MIN || v > INT16_MAX) {
                    free(out);
                    return NULL;
                }
                sum += v < 0 ? -(int64_t)v : v;
                dst[i] = (int16_t)v;
            }
            if (sum * maxabs > INT32_MAX) {   /* sum < 2^47 here: the product stays small */
                free(out);
                return NULL;
            }
        }
    }
    return out;
}

/* One OFM pixel's n sums (channels 0..n-1, its elements from i): through
 * the output stage, or into the accumulators. Once per pixel, its loop
 * tight with the operation's constants in locals. */
static void sink_pixel(const struct ethosu_conv_sink *sk, size_t i, const int32_t *sum, uint32_t n)
{
    if (sk->ofm) {
        int32_t *out = sk->ofm + i;
        const struct ethosu_chan_scale *chs = sk->chs;
        struct ethosu_out_clamp clamp = *sk->clamp;
        for (uint32_t o = 0; o < n; o++)
            out[o] = ethosu_out_clamp_apply(&clamp, ethosu_chan_scale_apply(&chs[o], sum[o]));
    } else if (sk->accumulate) {
        for (uint32_t o = 0; o < n; o++)
            sk->acc[i + o] += sum[o];
    } else {
        for (uint32_t o = 0; o < n; o++)
            sk->acc[i + o] = sum[o];
    }
}

/* n products of a and w summed. */
static int32_t dot(const int16_t *a, const int16_t *w, size_t n)
{
    int32_t s = 0;
    for (size_t i = 0; i < n; i++)
        s += (int32_t)a[i] * w[i];
    return s;
}

/* Four channels' sums sharing the IFM reads (wstride between channels). */
static void dot4(const int16_t *a, const int16_t *w, size_t wstride, size_t n, int32_t s[4])
{
    const int16_t *w0 = w, *w1 = w + wstride, *w2 = w + 2 * wstride, *w3 = w + 3 * wstride;
    int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (size_t i = 0; i < n; i++) {
        int32_t v = a[i];
        s0 += v * w0[i];
        s1 += v * w1[i];
        s2 += v * w2[i];
        s3 += v * w3[i];
    }
    s[0] += s0;
    s[1] += s1;
    s[2] += s2;
    s[3] += s3;
}

/* Output channels per block of the outer-product form: four int32x4
 * vectors of sums stay in registers. */
#define OBLK 16u

/* One block of OBLK sums += the window values of a pair of input channels
 * (a0 low, a1 high 16 bits of ap) times their weights, interleaved
 * [output][2] in w: SSE2's multiply-add of int16 pairs (one instruction
 * per four outputs and two inputs), or the same sums in plain C. A pair's
 * sum is within the channel's bound (maxabs * sum |w| fits int32), so it
 * cannot wrap. */
#if defined(__SSE2__) && !defined(ETHOSU_CONV_PORTABLE)
#include <emmintrin.h>
struct oblk { __m128i v[OBLK / 4]; };
static inline void oblk_zero(struct oblk *b)
{
    for (unsigned q = 0; q < OBLK / 4; q++)
        b->v[q] = _mm_setzero_si128();
}
static inline void oblk_madd(struct oblk *b, int32_t pair, const int16_t *w)
{
    __m128i a = _mm_set1_epi32(pair);
    for (unsigned q = 0; q < OBLK / 4; q++)
        b->v[q] = _mm_add_epi32(b->v[q], _mm_madd_epi16(_mm_loadu_si128((const __m128i *)(w + 8 * q)), a));
}
static inline void oblk_store(const struct oblk *b, int32_t *out)
{
    for (unsigned q = 0; q < OBLK / 4; q++)
        _mm_storeu_si128((__m128i *)(out + 4 * q), b->v[q]);
}
#else
struct oblk { int32_t s[OBLK]; };
static inline void oblk_zero(struct oblk *b)
{
    for (unsigned j = 0; j < OBLK; j++)
        b->s[j] = 0;
}
static inline void oblk_madd(struct oblk *b, int32_t pair, const int16_t *w)
{
    int32_t a0 = (int16_t)(uint16_t)pair, a1 = (int16_t)(uint16_t)((uint32_t)pair >> 16);
    for (unsigned j = 0; j < OBLK; j++)
        b->s[j] += a0 * w[2 * j] + a1 * w[2 * j + 1];
}
static inline void oblk_store(const struct oblk *b, int32_t *out)
{
    for (unsigned j = 0; j < OBLK; j++)
        out[j] = b->s[j];
}
#endif

/* The outer-product form for windows of few values per segment (a small
 * IFM depth): per output pixel, the window's values two input channels at a
 * time times rows of weights [tap][input pair][output channel][2],
 * vectorized across output channels. */
static int conv_outer(const struct padded *p, const int32_t *weights, const struct ethosu_kernel *k, uint32_t ic,
                      uint32_t oh, uint32_t ow, uint32_t oc, const struct ethosu_conv_sink *sk)
{
    size_t th = ethosu_kernel_taps_y(k), tw = ethosu_kernel_taps_x(k), cp = p->cp, per_o = th * tw * ic;
    size_t ocp = round_up(oc, OBLK), icp = round_up(ic, 2), pairs = icp / 2;   /* icp <= cp: padded with 0 */
    if (th * tw * icp > SIZE_MAX / sizeof(int16_t) / ocp)
        return 1;
    /* weights [o][ky][kx][i] -> [ky][kx][i / 2][ocp][i % 2], each channel's bound checked */
    int16_t *w = calloc(th * tw * icp * ocp, sizeof *w);
    int32_t *row = malloc(ocp * sizeof *row);   /* one pixel's sums */
    if (!w || !row) {
        free(w);
        free(row);
        return 1;
    }
    for (size_t o = 0; o < oc; o++) {
        int64_t sum = 0;
        for (size_t j = 0; j < per_o; j++) {
            int32_t v = weights[o * per_o + j];
            if (v < INT16_MIN || v > INT16_MAX || (sum += v < 0 ? -(int64_t)v : v) * p->maxabs > INT32_MAX) {
                free(w);
                free(row);
                return 1;
            }
            size_t tap = j / ic, i = j % ic;
            w[((tap * pairs + i / 2) * ocp + o) * 2 + i % 2] = (int16_t)v;
        }
    }
    for (uint32_t y = 0; y < oh; y++)
        for (uint32_t x = 0; x < ow; x++) {
            const int16_t *a = p->v + ((size_t)y * k->stride_y * p->pw + (size_t)x * k->stride_x) * cp;
            size_t out = ((size_t)y * ow + x) * oc;
            for (size_t o0 = 0; o0 < oc; o0 += OBLK) {
                struct oblk b;
                oblk_zero(&b);
                const int16_t *wr = w + o0 * 2;
                for (size_t ky = 0; ky < th; ky++)
                    for (size_t kx = 0; kx < tw; kx++) {
                        const int16_t *ap = a + (ky * k->dilation_y * p->pw + kx * k->dilation_x) * cp;
                        for (size_t i = 0; i < icp; i += 2, wr += 2 * ocp)
                            oblk_madd(&b, (int32_t)((uint32_t)(uint16_t)ap[i] | (uint32_t)(uint16_t)ap[i + 1] << 16), wr);
                    }
                oblk_store(&b, row + o0);
            }
            sink_pixel(sk, out, row, oc);
        }
    free(w);
    free(row);
    return 0;
}

static int conv(const struct padded *p, const int32_t *weights, const struct ethosu_kernel *k, uint32_t ic,
                uint32_t oh, uint32_t ow, uint32_t oc, const struct ethosu_conv_sink *sk)
{
    size_t th = ethosu_kernel_taps_y(k), tw = ethosu_kernel_taps_x(k), cp = p->cp;
    size_t per_o = th * tw * cp;
    if ((size_t)oc > SIZE_MAX / sizeof(int16_t) / per_o)
        return 1;
    /* [o][ky][kx][i] -> [o][ky][kx][cp] */
    int16_t *w = weights16(weights, oc, th * tw, ic, per_o, cp, (size_t)oc * per_o, p->maxabs);
    if (!w)
        return 1;
    /* segments of the window contiguous in the padded IFM: a whole row of
     * taps without dilation across x, else one tap */
    size_t seg_len = k->dilation_x == 1 ? tw * cp : cp, nseg = per_o / seg_len;
    size_t *seg = malloc(nseg * sizeof *seg);
    int32_t *row = malloc(oc * sizeof *row);   /* one pixel's sums */
    if (!seg || !row) {
        free(seg);
        free(row);
        free(w);
        return 1;
    }
    for (size_t i = 0; i < nseg; i++) {
        size_t ky = k->dilation_x == 1 ? i : i / tw, kx = k->dilation_x == 1 ? 0 : i % tw;
        seg[i] = (ky * k->dilation_y * p->pw + kx * k->dilation_x) * cp;
    }
    for (uint32_t y = 0; y < oh; y++)
        for (uint32_t x = 0; x < ow; x++) {
            const int16_t *a = p->v + ((size_t)y * k->stride_y * p->pw + (size_t)x * k->stride_x) * cp;
            size_t out = ((size_t)y * ow + x) * oc;
            uint32_t o = 0;
            for (; o + 4 <= oc; o += 4) {
                int32_t sum[4] = { 0, 0, 0, 0 };
                for (size_t i = 0; i < nseg; i++)
                    dot4(a + seg[i], w + o * per_o + i * seg_len, per_o, seg_len, sum);
                for (unsigned j = 0; j < 4; j++)
                    row[o + j] = sum[j];
            }
            for (; o < oc; o++) {
                int32_t sum = 0;
                for (size_t i = 0; i < nseg; i++)
                    sum += dot(a + seg[i], w + o * per_o + i * seg_len, seg_len);
                row[o] = sum;
            }
            sink_pixel(sk, out, row, oc);
        }
    free(row);
    free(seg);
    free(w);
    return 0;
}

static int depthwise(const struct padded *p, const int32_t *weights, const struct ethosu_kernel *k, uint32_t oh,
                     uint32_t ow, uint32_t c, const struct ethosu_conv_sink *sk)
{
    size_t th = ethosu_kernel_taps_y(k), tw = ethosu_kernel_taps_x(k), cp = p->cp;
    /* [ch][ky][kx] -> [ky][kx][cp] (channels innermost, as the IFM) */
    int16_t *w = weights16(weights, c, th * tw, 1, 1, cp, th * tw * cp, p->maxabs);
    int32_t *sum = malloc(cp * sizeof *sum);
    if (!w || !sum) {
        free(w);
        free(sum);
        return 1;
    }
    for (uint32_t y = 0; y < oh; y++)
        for (uint32_t x = 0; x < ow; x++) {
            const int16_t *a = p->v + ((size_t)y * k->stride_y * p->pw + (size_t)x * k->stride_x) * cp;
            memset(sum, 0, cp * sizeof *sum);
            for (size_t ky = 0; ky < th; ky++)
                for (size_t kx = 0; kx < tw; kx++) {
                    const int16_t *ap = a + (ky * k->dilation_y * p->pw + kx * k->dilation_x) * cp;
                    const int16_t *wp = w + (ky * tw + kx) * cp;
                    for (size_t i = 0; i < cp; i++)
                        sum[i] += (int32_t)ap[i] * wp[i];
                }
            sink_pixel(sk, ((size_t)y * ow + x) * c, sum, c);
        }
    free(w);
    free(sum);
    return 0;
}

int ethosu_ops_conv_fast(const struct ethosu_fmap *ifm, const int32_t *weights, const struct ethosu_kernel *k,
                         int depthwise_op, uint32_t oh, uint32_t ow, uint32_t oc, const struct ethosu_conv_sink *sk)
{
    if (!oh || !ow || !oc || ifm->type == ETHOSU_INT32 || (depthwise_op && oc != ifm->c))
        return 1;
    struct padded p;
    memset(&p, 0, sizeof p);
    if (pad_ifm(ifm, k, oh, ow, &p))
        return 1;
    /* the dot-product form reduces each output's sum across the vector
     * lanes: worth it for long contiguous window segments only */
    size_t seg_len = (k->dilation_x == 1 ? ethosu_kernel_taps_x(k) : 1u) * p.cp;
    int rc = depthwise_op  ? depthwise(&p, weights, k, oh, ow, oc, sk)
             : seg_len < 32 ? conv_outer(&p, weights, k, ifm->c, oh, ow, oc, sk)
                           : conv(&p, weights, k, ifm->c, oh, ow, oc, sk);
    free(p.v);
    return rc;
}
