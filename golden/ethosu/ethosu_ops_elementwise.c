/* ethosu_ops_elementwise: the Ethos-U65 elementwise operations
 * (NPU_OP_ELEMENTWISE: MUL, ADD, SUB, MIN, MAX, LRELU, ABS, CLZ, SHR, SHL)
 * on dense NHWC stripes.
 *
 * Operands: a = IFM - IFM zero point, b = IFM2 (tensor, broadcast tensor
 * or the IFM2 scalar) - IFM2 zero point; with the reversed bit (IFM2
 * first) the roles of a and b swap, which matters for SUB, SHR, SHL and the
 * scaled operand.
 *
 * Decisions (TRM table 4-124 and the OPA/OPB/OFM_SCALE registers, Vela's
 * scaling.py and generate_scaling_for_elementwise, TensorFlow Lite's
 * reference Add / Sub / Mul / LeakyRelu / Abs):
 * - ADD / SUB, 8 and 16-bit IFM, IFM scale mode 0: A = a * OPA scale,
 *   B = b * OPB scale (16-bit unsigned scales).
 * - Modes 1 / 2 ("32-bit input scale applied to only one input, fixed
 *   shift for the other"): the scaled operand is (x * OPA scale) / 2^OPA
 *   shift, the other x * 2^(L - 1) with L = 20 at 8 bit and 15 at 16 bit
 *   (TensorFlow Lite's left shift; Vela's OPA scale carries 2^L / 2, and its
 *   16-bit simplified scaling of 2^14 per operand is stated to agree).
 *   The IFM rounding (IFM_PRECISION b[15:14]) TFL mode rounds first at bit
 *   31 - L (TFL's SaturatingRoundingDoublingHighMul on x << L), then half
 *   away from zero (RoundingDivideByPOT); NATURAL rounds once half up.
 * - Then A + B or A - B, times OFM scale / 2^OFM shift in the OFM rounding
 *   mode, and the output stage.
 * - MUL: a * b times OFM scale / 2^OFM shift.
 * - An int32 IFM ("32-bit operations"): no input scaling; the OFM scale's
 *   multiplier is not applied (taken as 1.0, i.e. 2^31 at bit 31) and its
 *   shift is, with the TFL rule as for any scale: half up at bit 31, then
 *   half away from zero. Vela relies on this: a MUL with shift 31 is TFL's
 *   doubling high multiply (softmax), a MUL with shift 35 its MEAN
 *   (corpus mean_hw needs the double rounding).
 * - MIN / MAX: min / max of a and b, no scaling. ABS: |a| times the OFM
 *   scale. LRELU: a when a >= 0, else a times the OFM scale (Vela puts
 *   alpha there).
 * - SHR (int32 IFM): a / 2^b rounded in the OFM rounding mode (TFL: half
 *   away from zero, as RoundingDivideByPOT), b clamped to 0..63; then the
 *   OFM shift. SHL (int32): a * 2^b, b clamped to 0..31, saturated to
 *   int32. CLZ (int32): leading zeros of the 32-bit pattern (32 for 0).
 * - Types: IFM2 type equals IFM type; MUL/ADD/SUB any 8/16/32-bit pairing;
 *   MIN/MAX/LRELU/ABS IFM type = OFM type, 8/16 bit; SHR int32 -> int8,
 *   uint8, int16 (the TRM table omits it; Vela's int16 softmax uses it) or
 *   int32; CLZ/SHL int32 -> int32; a scalar IFM2 not for int32. */
#include <stdlib.h>

#include "ethosu_ops.h"
#include "ethosu_ops_out_clamp.h"
#include "ethosu_ops_util.h"

/* The mode's rules (scripts/gen/regdefs/ethosu_ops.csv), NULL for a reserved mode. */
static const struct ethosu_op_rule *rule_of(enum ethosu_ew_mode m)
{
    return (unsigned)m > 0xFFFFu ? NULL : ethosu_op_rule_find(ETHOSU_NPU_OP_ELEMENTWISE, (uint16_t)m);
}

static int is_binary(enum ethosu_ew_mode m)
{
    const struct ethosu_op_rule *r = rule_of(m);
    return r && (r->rules & ETHOSU_OPR_IFM2);
}

static int check(const struct ethosu_ew_params *p, const struct ethosu_fmap *ifm,
                 const struct ethosu_fmap *ifm2, const struct ethosu_output_stage *os,
                 const struct ethosu_fmap *ofm, char *err, size_t errlen)
{
    if (!p)
        return ethosu_ops_fail(err, errlen, "elementwise parameters missing");
    const struct ethosu_op_rule *rule = rule_of(p->mode);
    if (!rule)
        return ethosu_ops_fail(err, errlen, "NPU_OP_ELEMENTWISE mode %d reserved", (int)p->mode);
    if (ethosu_ops_check_input(ifm, "IFM", err, errlen) ||
        ethosu_ops_check_output(ofm, err, errlen) ||
        ethosu_ops_check_output_stage(os, ofm->type, err, errlen))
        return -1;
    if (ofm->h != ifm->h || ofm->w != ifm->w || ofm->c != ifm->c)
        return ethosu_ops_fail(err, errlen, "OFM shape %ux%ux%u differs from IFM %ux%ux%u",
                               (unsigned)ofm->h, (unsigned)ofm->w, (unsigned)ofm->c,
                               (unsigned)ifm->h, (unsigned)ifm->w, (unsigned)ifm->c);
    if (p->ofm.shift > 63 || p->opa.shift > 63)
        return ethosu_ops_fail(err, errlen, "OFM/OPA scale shift outside 6 bits");
    if (p->ifm_scale_mode > ETHOSU_IFM_SCALE_OPB_32BIT)
        return ethosu_ops_fail(err, errlen, "IFM scale mode %d reserved", (int)p->ifm_scale_mode);
    if (p->ifm_rounding != ETHOSU_ROUND_TFL && p->ifm_rounding != ETHOSU_ROUND_NATURAL)
        return ethosu_ops_fail(err, errlen, "IFM rounding mode %d reserved", (int)p->ifm_rounding);
    int wide = ifm->type == ETHOSU_INT32;
    if (ethosu_ops_check_types(rule, ifm->type, ofm->type, err, errlen))
        return -1;
    if (!(rule->rules & ETHOSU_OPR_IFM2))
        return 0;
    if (!ifm2)
        return ethosu_ops_fail(err, errlen, "IFM2 missing for a binary operation");
    if (ifm2->type != ifm->type)
        return ethosu_ops_fail(err, errlen, "IFM2 type must match the IFM type");
    if (p->scalar) {
        if (wide)
            return ethosu_ops_fail(err, errlen, "IFM2 scalar not supported for a 32-bit IFM");
        if (p->ifm2_scalar < ethosu_dtype_min(ifm2->type) || p->ifm2_scalar > ethosu_dtype_max(ifm2->type) ||
            ifm2->zero_point < ethosu_dtype_min(ifm2->type) || ifm2->zero_point > ethosu_dtype_max(ifm2->type))
            return ethosu_ops_fail(err, errlen, "IFM2 scalar %d or zero point outside the IFM2 type",
                                   (int)p->ifm2_scalar);
        return 0;
    }
    if (ethosu_ops_check_input(ifm2, "IFM2", err, errlen))
        return -1;
    if ((!p->broadcast_h && ifm2->h != ifm->h) || (!p->broadcast_w && ifm2->w != ifm->w) ||
        (!p->broadcast_c && ifm2->c != ifm->c))
        return ethosu_ops_fail(err, errlen, "IFM2 shape %ux%ux%u does not match IFM %ux%ux%u on a "
                               "non-broadcast axis", (unsigned)ifm2->h, (unsigned)ifm2->w,
                               (unsigned)ifm2->c, (unsigned)ifm->h, (unsigned)ifm->w, (unsigned)ifm->c);
    return 0;
}

static int64_t ifm2_operand(const struct ethosu_ew_params *p, const struct ethosu_fmap *ifm2,
                            uint32_t y, uint32_t x, uint32_t c)
{
    if (p->scalar)
        return (int64_t)p->ifm2_scalar - ifm2->zero_point;
    size_t yy = p->broadcast_h ? 0 : y, xx = p->broadcast_w ? 0 : x, cc = p->broadcast_c ? 0 : c;
    return (int64_t)ifm2->values[(yy * ifm2->w + xx) * ifm2->c + cc] - ifm2->zero_point;
}

/* The OFM scaling of an elementwise result x. */
static int64_t ofm_scaled(const struct ethosu_ew_params *p, int wide, int64_t x,
                          enum ethosu_rounding r)
{
    if (wide)
        return ethosu_ops_round_shift(x, p->ofm.shift, r, 31);
    return ethosu_scale_by(x, p->ofm.scale, p->ofm.shift, r, 31);
}

static int64_t add_sub(const struct ethosu_ew_params *p, enum ethosu_dtype t, int64_t a, int64_t b,
                       enum ethosu_rounding r)
{
    int sub = p->mode == ETHOSU_EW_SUB;
    if (t == ETHOSU_INT32)
        return ofm_scaled(p, 1, sub ? a - b : a + b, r);
    unsigned L = ethosu_dtype_bits(t) == 8 ? 20 : 15;
    int64_t A, B;
    switch (p->ifm_scale_mode) {
    case ETHOSU_IFM_SCALE_OPA_32BIT:
        A = ethosu_scale_by(a, p->opa.scale, p->opa.shift, p->ifm_rounding, 31 - L);
        B = b * ((int64_t)1 << (L - 1));
        break;
    case ETHOSU_IFM_SCALE_OPB_32BIT:
        A = a * ((int64_t)1 << (L - 1));
        B = ethosu_scale_by(b, p->opa.scale, p->opa.shift, p->ifm_rounding, 31 - L);
        break;
    default:
        A = a * (int64_t)(p->opa.scale & 0xFFFFu);
        B = b * (int64_t)(p->opb_scale & 0xFFFFu);
        break;
    }
    return ofm_scaled(p, 0, sub ? A - B : A + B, r);
}

static int64_t clz32(int64_t a)
{
    uint32_t u = (uint32_t)a;
    int64_t n = 0;
    for (uint32_t bit = 1u << 31; bit && !(u & bit); bit >>= 1)
        n++;
    return n;
}

/* The 8/16-bit ADD, SUB, MUL, MIN and MAX a row of channels at a time: the
 * mode, the operand scaling and the broadcast worked out once per
 * operation (the same arithmetic as add_sub / ofm_scaled, ethosu_scale_by
 * prepared as ethosu_chan_scale). */
struct row_ctx {
    struct ethosu_chan_scale in, out;   /* the 32-bit input scale, the OFM scale */
    int64_t fixed, sa, sb;              /* 2^(L-1), the 16-bit OPA and OPB scales */
    int32_t zpa, zpb;
    int reversed;
    size_t bstep;                       /* 0: IFM2 is one value for the row (scalar, broadcast over C) */
    const struct ethosu_out_clamp *clamp;
    /* two 8-bit tensors of a large operation: every value pair's output
     * (tab[(b - lo2) << 8 | (a - lo1)]) by the row function direct */
    int32_t *tab, lo1, lo2;
    void (*direct)(const struct row_ctx *r, const int32_t *ra, const int32_t *rb, int32_t *ro, uint32_t n);
};

/* One element; m and sm are constants at each call (row_*), so the
 * compiler folds the switches. */
static inline int32_t ew_value(const struct row_ctx *r, int64_t a, int64_t b, enum ethosu_ew_mode m,
                               enum ethosu_ifm_scale_mode sm)
{
    if (r->reversed) {
        int64_t t = a;
        a = b;
        b = t;
    }
    int64_t v, A, B;
    switch (m) {
    case ETHOSU_EW_ADD:
    case ETHOSU_EW_SUB:
        switch (sm) {
        case ETHOSU_IFM_SCALE_OPA_32BIT: A = ethosu_chan_scale_apply(&r->in, a); B = b * r->fixed; break;
        case ETHOSU_IFM_SCALE_OPB_32BIT: A = a * r->fixed; B = ethosu_chan_scale_apply(&r->in, b); break;
        default: A = a * r->sa; B = b * r->sb; break;
        }
        v = ethosu_chan_scale_apply(&r->out, m == ETHOSU_EW_SUB ? A - B : A + B);
        break;
    case ETHOSU_EW_MUL: v = ethosu_chan_scale_apply(&r->out, a * b); break;
    case ETHOSU_EW_MIN: v = a < b ? a : b; break;
    default: v = a > b ? a : b; break;
    }
    return ethosu_out_clamp_apply(r->clamp, v);
}

typedef void (*row_fn)(const struct row_ctx *r, const int32_t *ra, const int32_t *rb, int32_t *ro, uint32_t n);

#define EW_ROW(NAME, M, SM)                                                                                 \
    static void NAME(const struct row_ctx *r, const int32_t *ra, const int32_t *rb, int32_t *ro, uint32_t n) \
    {                                                                                                       \
        for (uint32_t ch = 0; ch < n; ch++)                                                                 \
            ro[ch] = ew_value(r, (int64_t)ra[ch] - r->zpa, (int64_t)rb[ch * r->bstep] - r->zpb, M, SM);     \
    }
EW_ROW(row_add_opa, ETHOSU_EW_ADD, ETHOSU_IFM_SCALE_OPA_32BIT)
EW_ROW(row_add_opb, ETHOSU_EW_ADD, ETHOSU_IFM_SCALE_OPB_32BIT)
EW_ROW(row_add_16, ETHOSU_EW_ADD, ETHOSU_IFM_SCALE_16BIT)
EW_ROW(row_sub_opa, ETHOSU_EW_SUB, ETHOSU_IFM_SCALE_OPA_32BIT)
EW_ROW(row_sub_opb, ETHOSU_EW_SUB, ETHOSU_IFM_SCALE_OPB_32BIT)
EW_ROW(row_sub_16, ETHOSU_EW_SUB, ETHOSU_IFM_SCALE_16BIT)
EW_ROW(row_mul, ETHOSU_EW_MUL, ETHOSU_IFM_SCALE_16BIT)
EW_ROW(row_min, ETHOSU_EW_MIN, ETHOSU_IFM_SCALE_16BIT)
EW_ROW(row_max, ETHOSU_EW_MAX, ETHOSU_IFM_SCALE_16BIT)

/* Two 8-bit tensors: the output is a function of the two raw values only,
 * so a large operation computes it once per pair (a 256 x 256 table by the
 * row function fn, b constant across each row of it) and row_table looks it
 * up per element. Returns 1 with r->tab set, 0 not taken (another type, or
 * too few elements for the table to pay). */
static int table_prepare(struct row_ctx *r, row_fn fn, const struct ethosu_fmap *ifm, const struct ethosu_fmap *ifm2)
{
    size_t n = (size_t)ifm->h * ifm->w * ifm->c;
    int t1 = ifm->type == ETHOSU_INT8 || ifm->type == ETHOSU_UINT8;
    int t2 = ifm2->type == ETHOSU_INT8 || ifm2->type == ETHOSU_UINT8;
    if (!t1 || !t2 || n < 4 * 65536 || !(r->tab = malloc(65536 * sizeof *r->tab)))
        return 0;
    r->lo1 = ethosu_dtype_min(ifm->type);
    r->lo2 = ethosu_dtype_min(ifm2->type);
    r->direct = fn;
    int32_t a[256];
    for (int k = 0; k < 256; k++)
        a[k] = r->lo1 + k;
    struct row_ctx tr = *r;
    tr.bstep = 0;
    for (int k = 0; k < 256; k++) {
        const int32_t b = r->lo2 + k;
        fn(&tr, a, &b, r->tab + ((size_t)k << 8), 256);
    }
    return 1;
}

static void row_table(const struct row_ctx *r, const int32_t *ra, const int32_t *rb, int32_t *ro, uint32_t n)
{
    for (uint32_t ch = 0; ch < n; ch++) {
        uint32_t ka = (uint32_t)(ra[ch] - r->lo1), kb = (uint32_t)(rb[ch * r->bstep] - r->lo2);
        /* an 8-bit tensor's values are in range; anything else the row function */
        if ((ka | kb) < 256)
            ro[ch] = r->tab[kb << 8 | ka];
        else
            r->direct(r, ra + ch, rb + ch * r->bstep, ro + ch, 1);
    }
}

/* Returns 1 for any other operation (the caller's per-element path). */
static int rows(const struct ethosu_ew_params *p, const struct ethosu_fmap *ifm, const struct ethosu_fmap *ifm2,
                const struct ethosu_output_stage *os, const struct ethosu_out_clamp *clamp, struct ethosu_fmap *ofm)
{
    enum ethosu_ew_mode m = p->mode;
    if (ifm->type == ETHOSU_INT32 || !ifm2)
        return 1;
    int opa = p->ifm_scale_mode == ETHOSU_IFM_SCALE_OPA_32BIT, opb = p->ifm_scale_mode == ETHOSU_IFM_SCALE_OPB_32BIT;
    row_fn fn;
    switch (m) {
    case ETHOSU_EW_ADD: fn = opa ? row_add_opa : opb ? row_add_opb : row_add_16; break;
    case ETHOSU_EW_SUB: fn = opa ? row_sub_opa : opb ? row_sub_opb : row_sub_16; break;
    case ETHOSU_EW_MUL: fn = row_mul; break;
    case ETHOSU_EW_MIN: fn = row_min; break;
    case ETHOSU_EW_MAX: fn = row_max; break;
    default: return 1;
    }
    unsigned L = ethosu_dtype_bits(ifm->type) == 8 ? 20 : 15;
    struct row_ctx r;
    ethosu_chan_scale_init_at(&r.in, 0, p->opa.scale, p->opa.shift, p->ifm_rounding, 31 - L);
    ethosu_chan_scale_init(&r.out, 0, p->ofm.scale, p->ofm.shift, os->rounding);
    r.fixed = (int64_t)1 << (L - 1);
    r.sa = p->opa.scale & 0xFFFFu;
    r.sb = p->opb_scale & 0xFFFFu;
    r.zpa = ifm->zero_point;
    r.zpb = ifm2->zero_point;
    r.reversed = p->reversed;
    r.bstep = p->scalar || p->broadcast_c ? 0 : 1;
    r.clamp = clamp;
    const int32_t bconst = p->ifm2_scalar;
    uint32_t c = ifm->c;
    r.tab = NULL;
    if (!p->scalar && table_prepare(&r, fn, ifm, ifm2))
        fn = row_table;
    for (uint32_t y = 0; y < ifm->h; y++)
        for (uint32_t x = 0; x < ifm->w; x++) {
            size_t i = ((size_t)y * ifm->w + x) * c;
            const int32_t *rb = &bconst;
            if (!p->scalar)
                rb = ifm2->values + ((size_t)(p->broadcast_h ? 0 : y) * ifm2->w + (p->broadcast_w ? 0 : x)) * ifm2->c;
            fn(&r, ifm->values + i, rb, ofm->values + i, c);
        }
    free(r.tab);
    return 0;
}

int ethosu_op_elementwise(const struct ethosu_ew_params *p, const struct ethosu_fmap *ifm,
                          const struct ethosu_fmap *ifm2, const struct ethosu_output_stage *os,
                          struct ethosu_fmap *ofm, char *err, size_t errlen)
{
    if (check(p, ifm, ifm2, os, ofm, err, errlen))
        return -1;
    int wide = ifm->type == ETHOSU_INT32;
    int binary = is_binary(p->mode);
    enum ethosu_rounding r = os->rounding;
    struct ethosu_out_clamp oc;
    ethosu_out_clamp_init(&oc, os, ofm->type, ofm->zero_point);
    if (!rows(p, ifm, ifm2, os, &oc, ofm))
        return 0;
    for (uint32_t y = 0; y < ifm->h; y++)
        for (uint32_t x = 0; x < ifm->w; x++)
            for (uint32_t c = 0; c < ifm->c; c++) {
                size_t i = ((size_t)y * ifm->w + x) * ifm->c + c;
                int64_t a = (int64_t)ifm->values[i] - ifm->zero_point;
                int64_t b = binary ? ifm2_operand(p, ifm2, y, x, c) : 0;
                if (binary && p->reversed) {
                    int64_t t = a;
                    a = b;
                    b = t;
                }
                int64_t v;
                switch (p->mode) {
                case ETHOSU_EW_ADD:
                case ETHOSU_EW_SUB: v = add_sub(p, ifm->type, a, b, r); break;
                case ETHOSU_EW_MUL: v = ofm_scaled(p, wide, a * b, r); break;
                case ETHOSU_EW_MIN: v = a < b ? a : b; break;
                case ETHOSU_EW_MAX: v = a > b ? a : b; break;
                case ETHOSU_EW_ABS: v = ofm_scaled(p, 0, a < 0 ? -a : a, r); break;
                case ETHOSU_EW_LRELU: v = a >= 0 ? a : ofm_scaled(p, 0, a, r); break;
                case ETHOSU_EW_CLZ: v = clz32(a); break;
                case ETHOSU_EW_SHL: {
                    int64_t s = b < 0 ? 0 : b > 31 ? 31 : b;
                    __int128 w = (__int128)a * ((int64_t)1 << s);
                    v = w > INT32_MAX ? INT32_MAX : w < INT32_MIN ? INT32_MIN : (int64_t)w;
                    break;
                }
                case ETHOSU_EW_SHR:
                default: {
                    unsigned s = b < 0 ? 0 : b > 63 ? 63 : (unsigned)b;
                    v = ethosu_ops_round_shift(a, s, r, 0);
                    v = ofm_scaled(p, 1, v, r);
                    break;
                }
                }
                ofm->values[i] = ethosu_out_clamp_apply(&oc, v);
            }
    return 0;
}
