/* golden_sdp: bit-exact integer model of the NVDLA SDP datapath.
 * All intermediates are kept in int64 or __int128 so that only the explicit
 * wraps and clamps of the reference arithmetic change a value. */
#include "golden_sdp.h"

#include <string.h>

#include "golden_arith.h"

static int64_t sat32(int64_t v) { return golden_sat(v, 32); }

/* A left-shift amount as the negative shift of golden_rsh; anything past 64
 * already saturates, so clamp to keep the int conversion defined. */
static int lsh_amount(unsigned s) { return -(int)(s > 64u ? 64u : s); }

/* ---- memory operand streams ------------------------------------------- */

static unsigned comp_bytes(unsigned size_bytes) { return size_bytes == 2 ? 2u : 1u; }

unsigned golden_sdp_operand_bytes(unsigned size_bytes, enum golden_operand_use use)
{
    return comp_bytes(size_bytes) * (use == GOLDEN_USE_BOTH ? 2u : 1u);
}

static int32_t read_comp(const uint8_t *p, unsigned b)
{
    if (b == 2)
        return (int32_t)golden_sx((uint64_t)p[0] | ((uint64_t)p[1] << 8), 16);
    return (int32_t)golden_sx(p[0], 8);
}

void golden_sdp_operand_decode(const uint8_t *raw, size_t n, unsigned size_bytes,
                               enum golden_operand_use use, int32_t *alu, int32_t *mul)
{
    unsigned b = comp_bytes(size_bytes);
    unsigned e = golden_sdp_operand_bytes(size_bytes, use);

    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = raw + i * e;
        int32_t va = 0, vm = 0;
        switch (use) {
        case GOLDEN_USE_ALU:
            va = read_comp(p, b);
            break;
        case GOLDEN_USE_BOTH:
            /* ALU component sits at the lower address */
            va = read_comp(p, b);
            vm = read_comp(p + b, b);
            break;
        case GOLDEN_USE_MUL:
        default:
            vm = read_comp(p, b);
            break;
        }
        if (alu)
            alu[i] = va;
        if (mul)
            mul[i] = vm;
    }
}

/* ---- X stages (BS, BN) --------------------------------------------------- */

int32_t golden_sdp_x(const struct golden_sdp_x_cfg *c, int32_t x, int32_t alu_mem, int32_t mul_mem)
{
    if (c->bypass)
        return x;

    int64_t a = x;   /* up to 33 bits: the ALU result is not clamped */
    if (!c->alu_bypass) {
        int64_t op = c->alu_src == GOLDEN_SRC_MEM ? alu_mem : c->alu_operand;
        int64_t o = sat32(golden_rsh(op, lsh_amount(c->alu_shift)));
        switch (c->alu_algo) {
        case GOLDEN_ALU_MAX: a = x > o ? x : o; break;
        case GOLDEN_ALU_MIN: a = x < o ? x : o; break;
        case GOLDEN_ALU_SUM:
        case GOLDEN_ALU_EQL:   /* X stages have no compare: EQL adds */
        default: a = (int64_t)x + o; break;
        }
    }

    int ms = (int)(c->mul_shift & 63u);   /* only the low 6 bits reach the shifter */
    int64_t t;
    if (c->mul_bypass) {
        t = sat32(golden_rsh(a, ms));     /* shift still applies without the multiplier */
    } else {
        int64_t mop = c->mul_src == GOLDEN_SRC_MEM ? mul_mem : c->mul_operand;
        if (c->mul_prelu && a >= 0)
            t = golden_wrap(a, 32);       /* pass-through is a plain 32-bit cast */
        else
            t = sat32(golden_rsh128((__int128)a * mop, ms));   /* 33 x 32 bits */
    }

    if (!c->relu_bypass && t < 0)
        t = 0;
    return (int32_t)t;
}

/* ---- Y stage (EW) ---------------------------------------------------------- */

int32_t golden_sdp_cvt_apply(const struct golden_sdp_cvt *c, int32_t v)
{
    if (c->bypass)
        return v;
    /* 128-bit product: exact even if a caller passes a full 32-bit scale */
    __int128 d = (__int128)((int64_t)v - c->offset) * c->scale;
    return (int32_t)sat32(golden_rsh128(d, (int)(c->truncate & 63u)));
}

enum flow { FLOW_HIT, FLOW_UNDER, FLOW_OVER };

struct lut_pos {
    enum flow st;
    unsigned idx;
    int64_t frac;   /* 35-bit fraction, valid on a hit */
};

#define FRAC_BITS 35

static struct lut_pos lut_exponent(int64_t a, int64_t start, int off)
{
    struct lut_pos p = { FLOW_UNDER, 0, 0 };
    if (a <= start)
        return p;
    int64_t d = a - start;
    int L = (int)golden_log2((uint64_t)d);
    if (L < off)
        return p;
    if (L - off >= 64) {
        p.st = FLOW_OVER;
        p.idx = 64;
        return p;
    }
    p.st = FLOW_HIT;
    p.idx = (unsigned)(L - off);
    p.frac = (d - (INT64_C(1) << L)) << (FRAC_BITS - L);   /* d < 2^32, so L <= 31 */
    return p;
}

static struct lut_pos lut_linear(int64_t a, int64_t start, int sel, unsigned n, int is_le)
{
    struct lut_pos p = { FLOW_UNDER, 0, 0 };
    if (a <= start)
        return p;
    int64_t u = a - start;   /* 1 .. 2^32 - 1 */
    int64_t q;
    if (sel >= 0) {
        q = golden_fsh(u, (unsigned)sel);
    } else {
        unsigned k = (unsigned)-sel;
        q = k >= 10 ? 511 : u << k;   /* u >= 1, so 2^10 already exceeds the cap */
    }
    if (q > 511)
        q = 511;
    if (q >= (int64_t)n) {
        p.st = FLOW_OVER;
        p.idx = n;
        return p;
    }
    p.st = FLOW_HIT;
    p.idx = (unsigned)q;
    if (sel < 0) {
        p.frac = 0;
    } else if (sel <= FRAC_BITS) {
        uint64_t v = (uint64_t)u;
        /* LE carries u as a signed 32-bit quantity into the 35-bit fraction
         * path, which only shows for the widest selects */
        if (is_le && sel >= 32 && u >= (INT64_C(1) << 31))
            v = (uint64_t)golden_sx(v, 32) & ((UINT64_C(1) << FRAC_BITS) - 1);
        uint64_t m = sel >= 64 ? v : v & ((UINT64_C(1) << sel) - 1);
        p.frac = (int64_t)(m << (FRAC_BITS - sel));
    } else {
        /* u < 2^32 < 2^sel: the modulo is a no-op */
        p.frac = golden_fsh(u, (unsigned)(sel - FRAC_BITS));
    }
    return p;
}

int32_t golden_sdp_lut_lookup(const struct golden_sdp_lut *l, int32_t a,
                              enum golden_lut_outcome *outcome)
{
    int off = l->le_index_offset;
    struct lut_pos le = l->le_linear ? lut_linear(a, l->le_start, l->le_index_select, 64, 1)
                                     : lut_exponent(a, l->le_start, off);
    struct lut_pos lo = lut_linear(a, l->lo_start, l->lo_index_select, 256, 0);

    int use_lo;
    enum golden_lut_outcome oc;
    if (le.st == FLOW_UNDER && lo.st == FLOW_UNDER) {
        use_lo = l->uflow_lo;
        oc = GOLDEN_LUT_UFLOW;
    } else if (le.st == FLOW_OVER && lo.st == FLOW_OVER) {
        use_lo = l->oflow_lo;
        oc = GOLDEN_LUT_OFLOW;
    } else if ((le.st == FLOW_HIT) != (lo.st == FLOW_HIT)) {
        use_lo = lo.st == FLOW_HIT;
        oc = use_lo ? GOLDEN_LUT_LO_HIT : GOLDEN_LUT_LE_HIT;
    } else {
        use_lo = l->hybrid_lo;
        oc = GOLDEN_LUT_HYBRID;
    }
    if (outcome)
        *outcome = oc;

    const int16_t *tab = use_lo ? l->lo : l->le;
    const struct lut_pos *p = use_lo ? &lo : &le;

    if (p->st == FLOW_HIT) {
        int64_t f = p->frac;
        int64_t acc = (int64_t)tab[p->idx] * ((INT64_C(1) << FRAC_BITS) - f)
                    + (int64_t)tab[p->idx + 1] * f;
        return (int32_t)golden_rsh(acc, FRAC_BITS);
    }

    int under = p->st == FLOW_UNDER;
    int64_t ref, bias = 0;
    int scale, shift;
    if (use_lo) {
        ref = under ? l->lo_start : l->lo_end;
        scale = under ? l->lo_uflow_scale : l->lo_oflow_scale;
        shift = under ? l->lo_uflow_shift : l->lo_oflow_shift;
    } else {
        ref = under ? l->le_start : l->le_end;
        scale = under ? l->le_uflow_scale : l->le_oflow_scale;
        shift = under ? l->le_uflow_shift : l->le_oflow_shift;
        /* exponent underflow is measured from the first covered power of
         * two, 2^off above the start, also for off = 0 (as in the CDP: the
         * real nv_small_256_full and nv_medium_1024_full compute
         * a - start - 1 there); an offset of 32 or more shifts by off mod 32 */
        if (under && !l->le_linear && off >= 0)
            bias = INT64_C(1) << (off & 31);
    }
    shift = (int)golden_sx((uint64_t)(int64_t)shift, 5);   /* 5-bit signed field */
    /* up to 34 bits times 16, then up to 16 more bits of left shift */
    int64_t slope = sat32(golden_rsh128((__int128)((int64_t)a - ref - bias) * scale, shift));
    return (int32_t)sat32((int64_t)tab[p->idx] + slope);
}

static int32_t y_stage(const struct golden_sdp_y_cfg *c, const struct golden_sdp_lut *l, int32_t x,
                       int32_t alu_mem, int32_t mul_mem, struct golden_sdp_stats *st)
{
    if (c->bypass)
        return x;

    int64_t m = x;
    if (!c->mul_bypass) {
        int64_t op = c->mul_src == GOLDEN_SRC_MEM ? golden_sdp_cvt_apply(&c->mul_cvt, mul_mem)
                                                  : c->mul_operand;
        if (!(c->mul_prelu && x >= 0))
            m = sat32(golden_rsh((int64_t)x * op, (int)(c->truncate & 1023u)));
    }

    int64_t a = m;
    if (!c->alu_bypass) {
        int64_t op = c->alu_src == GOLDEN_SRC_MEM ? golden_sdp_cvt_apply(&c->alu_cvt, alu_mem)
                                                  : c->alu_operand;
        switch (c->alu_algo) {
        case GOLDEN_ALU_MAX: a = m > op ? m : op; break;
        case GOLDEN_ALU_MIN: a = m < op ? m : op; break;
        case GOLDEN_ALU_EQL: a = m == op ? 0 : 1; break;
        case GOLDEN_ALU_SUM:
        default: a = sat32(m + op); break;
        }
    }

    if (c->lut_bypass)
        return (int32_t)a;

    enum golden_lut_outcome oc;
    int32_t y = golden_sdp_lut_lookup(l, (int32_t)a, &oc);
    if (st) {
        switch (oc) {
        case GOLDEN_LUT_LE_HIT: st->lut_le_hit++; break;
        case GOLDEN_LUT_LO_HIT: st->lut_lo_hit++; break;
        case GOLDEN_LUT_UFLOW: st->lut_uflow++; break;
        case GOLDEN_LUT_OFLOW: st->lut_oflow++; break;
        case GOLDEN_LUT_HYBRID: st->lut_hybrid++; break;
        }
    }
    return y;
}

int32_t golden_sdp_y(const struct golden_sdp_y_cfg *c, const struct golden_sdp_lut *l, int32_t x,
                     int32_t alu_mem, int32_t mul_mem)
{
    return y_stage(c, l, x, alu_mem, mul_mem, NULL);
}

/* ---- output converter ---------------------------------------------------------- */

static int32_t out_cvt(const struct golden_sdp_out_cvt *c, enum golden_precision p, int32_t y,
                       int *saturated)
{
    __int128 d = (__int128)((int64_t)y - c->offset) * c->scale;
    int64_t r = golden_rsh128(d, (int)(c->shift & 63u));
    /* only INT8 has an 8-bit result; INT16 (and FP16, unsupported) use 16 */
    int64_t s = golden_sat(r, p == GOLDEN_INT8 ? 8 : 16);
    if (saturated)
        *saturated = s != r;
    return (int32_t)s;
}

int32_t golden_sdp_out(const struct golden_sdp_out_cvt *c, enum golden_precision p, int32_t y)
{
    return out_cvt(c, p, y, NULL);
}

/* ---- whole cube ------------------------------------------------------------------- */

int golden_sdp_compare_mode(const struct golden_sdp_cfg *c)
{
    return !c->ew.bypass && !c->ew.alu_bypass && c->ew.alu_algo == GOLDEN_ALU_EQL;
}

static void fetch_op(const struct golden_sdp_operand *op, size_t chan, size_t elem,
                     int32_t *alu, int32_t *mul)
{
    *alu = 0;
    *mul = 0;
    if (!op || op->mode == GOLDEN_OPERAND_NONE)
        return;
    size_t i = op->mode == GOLDEN_OPERAND_PER_CHANNEL ? chan : elem;
    if (op->alu)
        *alu = op->alu[i];
    if (op->mul)
        *mul = op->mul[i];
}

void golden_sdp_run(const struct golden_sdp_cfg *c, const struct golden_tensor *in,
                    const struct golden_sdp_operand ops[GOLDEN_SDP_STAGES],
                    struct golden_tensor *out, struct golden_sdp_stats *stats)
{
    int cmp = golden_sdp_compare_mode(c);

    if (stats)
        memset(stats, 0, sizeof *stats);

    for (uint32_t s = 0; s < in->surfaces; s++)
        for (uint32_t yy = 0; yy < in->h; yy++)
            for (uint32_t xx = 0; xx < in->w; xx++)
                for (uint32_t lane = 0; lane < in->lanes; lane++) {
                    uint32_t ch = s * in->lanes + lane;
                    size_t idx = golden_tensor_index(in, xx, yy, ch);
                    int32_t am, mm;
                    int32_t v = in->data[idx];

                    fetch_op(ops ? &ops[GOLDEN_SDP_BS] : NULL, ch, idx, &am, &mm);
                    v = golden_sdp_x(&c->bs, v, am, mm);
                    fetch_op(ops ? &ops[GOLDEN_SDP_BN] : NULL, ch, idx, &am, &mm);
                    v = golden_sdp_x(&c->bn, v, am, mm);
                    fetch_op(ops ? &ops[GOLDEN_SDP_EW] : NULL, ch, idx, &am, &mm);
                    v = y_stage(&c->ew, &c->lut, v, am, mm, stats);

                    if (cmp) {
                        if (stats && ((uint32_t)v & 0xFFFFu) != 0)
                            stats->unequal = 1;
                        continue;
                    }
                    int sat = 0;
                    out->data[idx] = out_cvt(&c->out, c->out_precision, v, &sat);
                    if (stats && sat)
                        stats->out_saturation++;
                }
}

void golden_sdp_cfg_bypass(struct golden_sdp_cfg *c)
{
    memset(c, 0, sizeof *c);
    struct golden_sdp_x_cfg *xs[2] = { &c->bs, &c->bn };
    for (int i = 0; i < 2; i++) {
        xs[i]->bypass = 1;
        xs[i]->alu_bypass = 1;
        xs[i]->mul_bypass = 1;
        xs[i]->relu_bypass = 1;
    }
    c->ew.bypass = 1;
    c->ew.alu_bypass = 1;
    c->ew.mul_bypass = 1;
    c->ew.lut_bypass = 1;
    c->ew.alu_cvt.bypass = 1;
    c->ew.alu_cvt.scale = 1;
    c->ew.mul_cvt.bypass = 1;
    c->ew.mul_cvt.scale = 1;
    c->out.offset = 0;
    c->out.scale = 1;
    c->out.shift = 0;
    c->out_precision = GOLDEN_INT8;
}
