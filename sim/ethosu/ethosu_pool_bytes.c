/* ethosu_pool_bytes: see ethosu_pool_bytes.h. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic")   /* the per-channel maxima */
#endif
#include <stdlib.h>
#include <string.h>
#include "ethosu_cmd.h"
#include "ethosu_explain.h"
#include "ethosu_ops.h"
#include "ethosu_pool_bytes.h"

int ethosu_pool_bytes_applies(const struct ethosu_kop *op, size_t min_elems)
{
    if (op->product == ETHOSU_CMD_U85 || op->opcode != ETHOSU_NPU_OP_POOL || op->param != ETHOSU_POOL_MAX ||
        op->ifm.elem_bytes != 1 || op->ofm.elem_bytes != 1 || op->upscale != 0)
        return 0;
    return (size_t)op->ifm.h * op->ifm.w * op->ifm.c >= min_elems;
}

/* tab[b]: the output byte of a window whose largest IFM byte is b, by the
 * golden model on a 1x1 pool of the 256 byte values (the same output stage,
 * scale and types as the operation's). */
static int build_table(const struct ethosu_kc_in *in, uint8_t tab[256])
{
    struct ethosu_kop t = *in->op;
    t.ifm.h = t.ofm.h = t.ifm.w = t.ofm.w = 1;
    t.ifm.c = t.ofm.c = 256;
    t.kernel_w = t.kernel_h = t.stride_x = t.stride_y = t.dilation_x = t.dilation_y = 1;
    t.pad_top = t.pad_left = t.pad_bottom = t.pad_right = 0;
    int32_t a[256], o[256];
    for (unsigned b = 0; b < 256; b++)
        a[b] = t.ifm.is_signed ? (int32_t)(int8_t)(uint8_t)b : (int32_t)b;
    struct ethosu_kc_in ti = *in;
    ti.op = &t;
    ti.ifm = a;
    char err[8];   /* a refusal is the per-element path's to report */
    if (ethosu_kcompute(&ti, o, err, sizeof err))
        return -1;
    for (unsigned b = 0; b < 256; b++)
        tab[b] = (uint8_t)o[b];   /* the byte the OFM's pack stores */
    return 0;
}

/* The pool over dense bytes a into dense bytes o. Maxima are taken on
 * "order bytes" (the byte XOR flip: 0x80 turns int8's order into uint8's),
 * so one unsigned maximum serves both signednesses; tab is indexed by them.
 * A window wholly in the padding pools 0, the zero point's output (empty). */
static void max_pool(const struct ethosu_kop *op, const uint8_t *restrict a, const uint8_t *restrict tab,
                     uint8_t flip, uint8_t empty, uint8_t *restrict o, uint8_t *restrict best)
{
    const uint32_t c = op->ifm.c, ih = op->ifm.h, iw = op->ifm.w, oh = op->ofm.h, ow = op->ofm.w;
    for (uint32_t y = 0; y < oh; y++)
        for (uint32_t x = 0; x < ow; x++) {
            int64_t y0 = (int64_t)y * op->stride_y - op->pad_top, x0 = (int64_t)x * op->stride_x - op->pad_left;
            int any = 0;
            memset(best, 0, c);
            for (uint32_t ky = 0; ky < op->kernel_h; ky++) {
                int64_t yy = y0 + (int64_t)ky * op->dilation_y;
                if (yy < 0 || yy >= ih)
                    continue;
                for (uint32_t kx = 0; kx < op->kernel_w; kx++) {
                    int64_t xx = x0 + (int64_t)kx * op->dilation_x;
                    if (xx < 0 || xx >= iw)
                        continue;
                    any = 1;
                    const uint8_t *restrict src = a + ((size_t)yy * iw + (size_t)xx) * c;
                    for (uint32_t ch = 0; ch < c; ch++) {
                        uint8_t v = src[ch] ^ flip;
                        best[ch] = v > best[ch] ? v : best[ch];
                    }
                }
            }
            uint8_t *dst = o + ((size_t)y * ow + x) * c;
            if (!any)
                memset(dst, empty, c);
            else
                for (uint32_t ch = 0; ch < c; ch++)
                    dst[ch] = tab[best[ch]];
        }
}

int ethosu_pool_bytes_run(const struct ethosu_kc_in *in, const struct ethosu_fml_io *ifm, struct ethosu_fml_io *ofm)
{
    const struct ethosu_kop *op = in->op;
    char err[8];
    /* an explanation rerun counts the operations it changes, one golden call each */
    if (ethosu_explain_get() != ETHOSU_EXPLAIN_NONE || ethosu_kcompute_check(in, err, sizeof err))
        return 1;
    uint8_t tab[256], by_order[256];
    if (build_table(in, tab))
        return 1;
    const uint8_t flip = op->ifm.is_signed ? 0x80u : 0u;
    for (unsigned u = 0; u < 256; u++)
        by_order[u] = tab[u ^ flip];
    int direct = ethosu_fml_dense_as_packed(&op->ofm);
    size_t n_out = (size_t)op->ofm.h * op->ofm.w * op->ofm.c;
    uint8_t *own_a = NULL, *o = direct ? ofm->buf : malloc(n_out), *best = malloc(op->ifm.c);
    const uint8_t *a = ethosu_fml_dense_bytes(&op->ifm, ifm, &own_a);
    int rc = 1;
    if (a && o && best) {
        max_pool(op, a, by_order, flip, tab[(uint8_t)op->ifm_zp], o, best);
        if (!direct)
            ethosu_fml_pack8(&op->ofm, o, ofm);
        rc = 0;
    }
    free(own_a);
    free(best);
    if (!direct)
        free(o);
    return rc;
}
