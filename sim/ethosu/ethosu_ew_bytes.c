/* ethosu_ew_bytes: see ethosu_ew_bytes.h. */
#include <stdlib.h>
#include "ethosu_cmd.h"
#include "ethosu_ew_bytes.h"
#include "ethosu_explain.h"

static int same_shape(const struct ethosu_fm_layout *a, const struct ethosu_fm_layout *b)
{
    return a->h == b->h && a->w == b->w && a->c == b->c;
}

int ethosu_ew_bytes_applies(const struct ethosu_kop *op, size_t min_binary, size_t min_unary)
{
    if (op->product == ETHOSU_CMD_U85 || op->opcode != ETHOSU_NPU_OP_ELEMENTWISE || op->ifm.elem_bytes != 1 ||
        op->ofm.elem_bytes != 1 || !same_shape(&op->ifm, &op->ofm))
        return 0;
    size_t n = (size_t)op->ifm.h * op->ifm.w * op->ifm.c;
    if (!op->has_ifm2)
        return n >= min_unary;
    if (op->ifm2_is_scalar || op->broadcast_h || op->broadcast_w || op->broadcast_c || op->ifm2.elem_bytes != 1 ||
        !same_shape(&op->ifm, &op->ifm2))
        return 0;
    return n >= min_binary;
}

static int32_t byte_value(unsigned b, int is_signed)
{
    return is_signed ? (int32_t)(int8_t)(uint8_t)b : (int32_t)b;
}

/* tab[b << 8 | a] (unary: tab[a]): the output byte of IFM byte a and IFM2
 * byte b, by the golden model on maps holding every pair once, 16 values of
 * b at a time (4,096 pairs: the buffers stay in the cache instead of
 * faulting in 768 KB for one operation). */
#define TABLE_BLOCK 4096u
static int build_table(const struct ethosu_kc_in *in, int binary, uint8_t *tab)
{
    struct ethosu_kop t = *in->op;
    uint32_t n = binary ? 65536u : 256u, block = n < TABLE_BLOCK ? n : TABLE_BLOCK;
    t.ifm.h = t.ofm.h = t.ifm2.h = 1;
    t.ifm.w = t.ofm.w = t.ifm2.w = block / 256u;
    t.ifm.c = t.ofm.c = t.ifm2.c = 256u;
    int32_t *a = malloc(block * sizeof *a), *b = binary ? malloc(block * sizeof *b) : NULL;
    int32_t *o = malloc(block * sizeof *o);
    int rc = !a || !o || (binary && !b);
    for (uint32_t at = 0; at < n && !rc; at += block) {
        for (uint32_t k = 0; k < block; k++) {
            a[k] = byte_value((at + k) & 255u, t.ifm.is_signed);
            if (b)
                b[k] = byte_value((at + k) >> 8, t.ifm2.is_signed);
        }
        struct ethosu_kc_in ti = *in;
        ti.op = &t;
        ti.ifm = a;
        ti.ifm2 = b;
        char err[8];   /* a refusal is the per-element path's to report */
        rc = ethosu_kcompute(&ti, o, err, sizeof err) != 0;
        for (uint32_t k = 0; k < block && !rc; k++)
            tab[at + k] = (uint8_t)o[k];   /* the byte the OFM's pack stores */
    }
    free(a);
    free(b);
    free(o);
    return rc;
}

int ethosu_ew_bytes_run(const struct ethosu_kc_in *in, const struct ethosu_fml_io *ifm,
                        const struct ethosu_fml_io *ifm2, struct ethosu_fml_io *ofm)
{
    const struct ethosu_kop *op = in->op;
    int binary = op->has_ifm2;
    size_t n = (size_t)op->ifm.h * op->ifm.w * op->ifm.c;
    int direct = ethosu_fml_dense_as_packed(&op->ofm);
    uint8_t *tab = malloc(binary ? 65536u : 256u), *own_a = NULL, *own_b = NULL;
    uint8_t *o = direct ? ofm->buf : malloc(n);
    const uint8_t *a = NULL, *b = NULL;
    int rc = 1;
    /* an explanation rerun counts the operations it changes, one golden call each */
    if (ethosu_explain_get() == ETHOSU_EXPLAIN_NONE && tab && o && !build_table(in, binary, tab) &&
        (a = ethosu_fml_dense_bytes(&op->ifm, ifm, &own_a)) &&
        (!binary || (b = ethosu_fml_dense_bytes(&op->ifm2, ifm2, &own_b)))) {
        if (binary)
            for (size_t i = 0; i < n; i++)
                o[i] = tab[(unsigned)b[i] << 8 | a[i]];
        else
            for (size_t i = 0; i < n; i++)
                o[i] = tab[a[i]];
        if (!direct)
            ethosu_fml_pack8(&op->ofm, o, ofm);
        rc = 0;
    }
    free(tab);
    free(own_a);
    free(own_b);
    if (!direct)
        free(o);
    return rc;
}
