/* golden_cdp: bit-exact model of the NVDLA channel data processor
 * (cross-channel local response normalisation) as the nv_small reference
 * model computes it: per element
 *   input converter -> square sum over a channel window (or SQSUM bypass)
 *   -> CDP LUT (its own variant, not the SDP one) -> multiply with the
 *   converted centre value (or MUL bypass) -> output converter.
 * Pure functions: a decoded configuration and tensors in, tensors out; no
 * registers and no bus. Register decoding lives in sim/nvdla_decode. */
#ifndef GOLDEN_CDP_H
#define GOLDEN_CDP_H

#include <stdint.h>
#include "golden_tensor.h"
#include "golden_lut.h"

/* LUT tables and settings (S_LUT_* registers, single copy, read at run time). */
struct golden_cdp_lut {
    int16_t le[65], lo[257];
    int le_linear;                       /* S_LUT_CFG LUT_LE_FUNCTION: 0 exponent, 1 linear */
    int uflow_lo, oflow_lo, hybrid_lo;   /* priorities: 0 = LE, 1 = LO */
    int8_t le_index_offset;              /* signed 8-bit */
    uint8_t le_index_select, lo_index_select;   /* raw 8-bit fields; decoded per the spec (bit 5 / bit 6 for INT16) */
    int64_t le_start, le_end, lo_start, lo_end; /* already sign-extended from 38 bits */
    int16_t le_uflow_scale, le_oflow_scale, lo_uflow_scale, lo_oflow_scale;
    int8_t le_uflow_shift, le_oflow_shift, lo_uflow_shift, lo_oflow_shift;  /* signed 5-bit, -16..15 */
};

struct golden_cdp_cfg {
    unsigned normalz_len;       /* D_LRN_CFG NORMALZ_LEN: 0..3 = 3, 5, 7, 9 channels */
    uint32_t datin_offset;      /* raw 16-bit field (INT8 uses the low byte) */
    int32_t datin_scale;        /* sign-extended from 16 bits */
    unsigned datin_shifter;     /* 0..31 */
    uint32_t datout_offset;     /* raw 32-bit field (INT8 uses the low 25 bits) */
    int32_t datout_scale;       /* sign-extended from 16 bits */
    unsigned datout_shifter;    /* 0..63 */
    int sqsum_bypass, mul_bypass;
    struct golden_cdp_lut lut;
    int int16;                  /* 0 = INT8 (nv_small) */
};

/* Statistics of one run (like the D_PERF_LUT_* / D_OUT_SATURATION registers). */
struct golden_cdp_stats { uint64_t lut_le_hit, lut_lo_hit, lut_uflow, lut_oflow, lut_hybrid, out_saturation; };

/* Index select as the model decodes the raw 8-bit field. INT8: bit 5 set
 * -> (v & 63) - 64 (-32..-1), else v unchanged (bits 7:6 kept, so 0x40 is
 * 64). INT16: the same with bit 6: (v & 127) - 128, else v. */
int golden_cdp_index_select(uint8_t v, int int16);

/* Input converter of one raw value (out-of-range channels pass the offset
 * value itself and get 0): INT8 sat_9(rsh((v - sx_8(off[7:0])) * scale,
 * shifter)); INT16 sat_17 with the full sx_16 offset. */
int32_t golden_cdp_in_cvt(const struct golden_cdp_cfg *c, int32_t v);
/* The value an out-of-range channel reads as: sx_8(DATIN_OFFSET[7:0]), or
 * sx_16(DATIN_OFFSET) for INT16. */
int32_t golden_cdp_pad_value(const struct golden_cdp_cfg *c);

/* One lookup of the (square-)sum q; outcome may be NULL. */
int32_t golden_cdp_lut_lookup(const struct golden_cdp_lut *l, int64_t q, int int16, enum golden_lut_outcome *outcome);

/* Output converter of the product p: INT8 sat_8(rsh((p - sx_25(off[24:0]))
 * * scale, shifter[5:0])), INT16 sat_16 with sx_32(off). *saturated (may
 * be NULL) is set to 1 when the clamp changed the value, else 0. */
int32_t golden_cdp_out_cvt(const struct golden_cdp_cfg *c, int64_t p, int *saturated);

/* One output lane from the already converted values of its window:
 * xi[0 .. 2n] for channels c - n .. c + n (n = normalz_len + 1), centre
 * xi[n]. outcome may be NULL. Returns the value before the output converter. */
int64_t golden_cdp_lane(const struct golden_cdp_cfg *c, const int32_t *xi, enum golden_lut_outcome *outcome);

/* out must have in's w/h/c; every lane of every surface is written. stats may be NULL.
 * Otherwise stats is cleared first and counts this run: one LUT outcome per
 * lane (D_PERF_LUT_*), and out_saturation the lanes whose output converter
 * clamped. For INT8, in holds int8 values (only the low 8 bits are used;
 * INT16: 16 bits). */
void golden_cdp_run(const struct golden_cdp_cfg *c, const struct golden_tensor *in, struct golden_tensor *out, struct golden_cdp_stats *stats);

/* A neutral configuration: LEN3, input offset 0 / scale 1 / shift 0, both
 * bypasses off, output offset 0 / scale 1 / shift 0, INT8, LUT zeroed
 * (LE exponent, priorities LE, starts/ends 0, slopes 0). Tests start from
 * it and set what they exercise. */
void golden_cdp_cfg_default(struct golden_cdp_cfg *c);

#endif
