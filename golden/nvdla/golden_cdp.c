/* golden_cdp: bit-exact integer model of the NVDLA CDP (LRN) datapath.
 * The reference model does its LUT arithmetic in double precision; the
 * integer formulas here are exact and agree with it wherever the model's
 * doubles are exact (|products| < 2^53, spec quirk 7). Intermediates are
 * int64 or __int128 so that only the explicit clamps change a value. */
#include "golden_cdp.h"

#include <string.h>

#include "golden_arith.h"

#define PHI_BITS 16   /* interpolation fraction */
#define CONV_BITS 56  /* conv() saturates to 56 bits */

int golden_cdp_index_select(uint8_t v, int int16)
{
    if (int16)
        return (v & 0x40u) ? (int)(v & 127u) - 128 : (int)v;
    return (v & 0x20u) ? (int)(v & 63u) - 64 : (int)v;
}

int32_t golden_cdp_pad_value(const struct golden_cdp_cfg *c)
{
    return (int32_t)golden_sx(c->datin_offset, c->int16 ? 16u : 8u);
}

int32_t golden_cdp_in_cvt(const struct golden_cdp_cfg *c, int32_t v)
{
    /* the hardware sees only the element width of the value */
    int64_t x = golden_sx((uint64_t)(int64_t)v, c->int16 ? 16u : 8u);
    __int128 t = (__int128)(x - golden_cdp_pad_value(c)) * c->datin_scale;
    int64_t r = golden_rsh128(t, (int)(c->datin_shifter & 31u));
    return (int32_t)golden_sat(r, c->int16 ? 17u : 9u);
}

int32_t golden_cdp_out_cvt(const struct golden_cdp_cfg *c, int64_t p, int *saturated)
{
    int64_t off = c->int16 ? golden_sx(c->datout_offset, 32) : golden_sx(c->datout_offset, 25);
    __int128 t = ((__int128)p - off) * c->datout_scale;
    int64_t r = golden_rsh128(t, (int)(c->datout_shifter & 63u));
    int64_t o = golden_sat(r, c->int16 ? 16u : 8u);
    if (saturated)
        *saturated = o != r;
    return (int32_t)o;
}

/* ---- LUT ------------------------------------------------------------------ */

enum flow { FLOW_HIT, FLOW_UNDER, FLOW_OVER };

struct lut_pos {
    enum flow st;
    unsigned idx;
    int64_t phi;   /* 16-bit fraction, valid on a hit */
};

/* conv(t, s) = sat_56(rsh(t, s)), negative s a left shift. golden_rsh128
 * clamps to int64 first, which cannot change the 56-bit saturation. */
static int64_t conv(__int128 t, int s)
{
    return golden_sat(golden_rsh128(t, s), CONV_BITS);
}

/* A fraction rho < 2^s (s >= 0) scaled to 16 bits. */
static int64_t phi16(int64_t rho, int s)
{
    if (s > PHI_BITS)
        return golden_fsh(rho, (unsigned)(s - PHI_BITS));
    return rho << (PHI_BITS - s);   /* rho < 2^s, so this stays below 2^16 */
}

static struct lut_pos lut_exponent(int64_t q, int64_t start, int off)
{
    struct lut_pos p = { FLOW_UNDER, 0, 0 };
    int64_t d = q - start;
    if (d <= 0)
        return p;
    int L = (int)golden_log2((uint64_t)d);
    int i = L - off;
    if (i < 0)
        return p;
    if (i >= 64) {
        p.st = FLOW_OVER;
        p.idx = 64;
        return p;
    }
    p.st = FLOW_HIT;
    p.idx = (unsigned)i;
    p.phi = phi16(d - (INT64_C(1) << L), L);
    return p;
}

static struct lut_pos lut_linear(int64_t q, int64_t start, int sel, unsigned n)
{
    struct lut_pos p = { FLOW_UNDER, 0, 0 };
    int64_t d = q - start;
    if (d <= 0)   /* q < 0 only happens for d < 0 */
        return p;
    /* sel >= 0: floor shift (0 for sel >= 64); sel < 0: exact left shift,
     * saturating at INT64_MAX, which is past every table end anyway */
    int64_t idx = sel >= 0 ? golden_fsh(d, (unsigned)sel) : golden_rsh(d, sel);
    if (idx >= (int64_t)n) {
        p.st = FLOW_OVER;
        p.idx = n;
        return p;
    }
    p.st = FLOW_HIT;
    p.idx = (unsigned)idx;
    if (sel < 0) {
        p.phi = 0;
    } else {
        int64_t rho = sel >= 63 ? d : d & ((INT64_C(1) << sel) - 1);
        p.phi = phi16(rho, sel);
    }
    return p;
}

int32_t golden_cdp_lut_lookup(const struct golden_cdp_lut *l, int64_t q, int int16,
                              enum golden_lut_outcome *outcome)
{
    int off = l->le_index_offset;
    struct lut_pos le = l->le_linear
        ? lut_linear(q, l->le_start, golden_cdp_index_select(l->le_index_select, int16), 64)
        : lut_exponent(q, l->le_start, off);
    struct lut_pos lo = lut_linear(q, l->lo_start, golden_cdp_index_select(l->lo_index_select, int16), 256);

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
        int64_t y0 = tab[p->idx], y1 = tab[p->idx + 1];
        return (int32_t)golden_sat(y0 + conv((__int128)(y1 - y0) * p->phi, PHI_BITS), 16);
    }

    int under = p->st == FLOW_UNDER;
    int64_t ref;
    __int128 beta = 0;
    int scale, shift;
    if (use_lo) {
        ref = under ? l->lo_start : l->lo_end;
        scale = under ? l->lo_uflow_scale : l->lo_oflow_scale;
        shift = under ? l->lo_uflow_shift : l->lo_oflow_shift;
    } else {
        ref = under ? l->le_start : l->le_end;
        scale = under ? l->le_uflow_scale : l->le_oflow_scale;
        shift = under ? l->le_uflow_shift : l->le_oflow_shift;
        /* exponent underflow is measured from 2^off above the start, also
         * for off = 0 (beta = 1). The model shifts past its integer width
         * for off >= 63; this computes 2^off itself (capped where the
         * 56-bit saturation already decides the result). */
        if (under && !l->le_linear && off >= 0)
            beta = (__int128)1 << (off > 100 ? 100 : off);
    }
    shift = (int)golden_sx((uint64_t)(int64_t)shift, 5);   /* 5-bit signed field */
    __int128 t = ((__int128)q - ref - beta) * scale;
    return (int32_t)golden_sat(tab[p->idx] + conv(t, shift), 16);
}

/* ---- one lane and the whole cube ------------------------------------------ */

int64_t golden_cdp_lane(const struct golden_cdp_cfg *c, const int32_t *xi,
                        enum golden_lut_outcome *outcome)
{
    unsigned n = (c->normalz_len & 3u) + 1;
    int64_t q = 0;
    if (c->sqsum_bypass) {
        q = xi[n];
    } else {
        for (unsigned j = 0; j <= 2 * n; j++)
            q += (int64_t)xi[j] * xi[j];
    }
    int64_t lut = golden_cdp_lut_lookup(&c->lut, q, c->int16, outcome);
    return c->mul_bypass ? lut : lut * xi[n];
}

void golden_cdp_run(const struct golden_cdp_cfg *c, const struct golden_tensor *in,
                    struct golden_tensor *out, struct golden_cdp_stats *stats)
{
    if (stats)
        memset(stats, 0, sizeof *stats);
    int n = (int)(c->normalz_len & 3u) + 1;
    int64_t lanes = (int64_t)in->surfaces * in->lanes;
    /* channels before 0, past the last surface and the unused lanes c >= C
     * of the last surface all read as the offset value (xi = 0 unless the
     * converter clamps) */
    int32_t pad = golden_cdp_in_cvt(c, golden_cdp_pad_value(c));
    int32_t xi[9];

    for (uint32_t y = 0; y < in->h; y++) {
        for (uint32_t x = 0; x < in->w; x++) {
            for (int64_t ch = 0; ch < lanes; ch++) {
                for (int j = -n; j <= n; j++) {
                    int64_t k = ch + j;
                    xi[j + n] = k >= 0 && k < (int64_t)in->c
                        ? golden_cdp_in_cvt(c, golden_tensor_get(in, x, y, (uint32_t)k)) : pad;
                }
                enum golden_lut_outcome oc;
                int64_t p = golden_cdp_lane(c, xi, &oc);
                int sat;
                golden_tensor_set(out, x, y, (uint32_t)ch, golden_cdp_out_cvt(c, p, &sat));
                if (!stats)
                    continue;
                switch (oc) {
                case GOLDEN_LUT_LE_HIT: stats->lut_le_hit++; break;
                case GOLDEN_LUT_LO_HIT: stats->lut_lo_hit++; break;
                case GOLDEN_LUT_UFLOW: stats->lut_uflow++; break;
                case GOLDEN_LUT_OFLOW: stats->lut_oflow++; break;
                case GOLDEN_LUT_HYBRID: stats->lut_hybrid++; break;
                }
                stats->out_saturation += (uint64_t)sat;
            }
        }
    }
}

void golden_cdp_cfg_default(struct golden_cdp_cfg *c)
{
    memset(c, 0, sizeof *c);
    c->datin_scale = 1;
    c->datout_scale = 1;
}
