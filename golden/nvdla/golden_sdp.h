/* golden_sdp: bit-exact model of the NVDLA single-point data processor
 * (nv_small reference-model arithmetic): per element
 *   x -> BS (X1) -> BN (X2) -> EW (Y, incl. LUT) -> output converter.
 * Pure functions: a decoded configuration and tensors in, tensors out; no
 * registers and no bus. Register decoding lives in sim/nvdla_decode. */
#ifndef GOLDEN_SDP_H
#define GOLDEN_SDP_H

#include <stddef.h>
#include <stdint.h>
#include "golden_tensor.h"
#include "golden_lut.h"

enum golden_alu_algo { GOLDEN_ALU_MAX = 0, GOLDEN_ALU_MIN = 1, GOLDEN_ALU_SUM = 2, GOLDEN_ALU_EQL = 3 };
enum golden_src { GOLDEN_SRC_REG = 0, GOLDEN_SRC_MEM = 1 };
enum golden_precision { GOLDEN_INT8 = 0, GOLDEN_INT16 = 1, GOLDEN_FP16 = 2 };

/* BS or BN stage: ALU -> MUL (+ rounding shift) -> ReLU. */
struct golden_sdp_x_cfg {
    int bypass;                    /* whole stage */
    int alu_bypass;
    enum golden_alu_algo alu_algo; /* EQL behaves as SUM in X stages */
    enum golden_src alu_src;
    int32_t alu_operand;           /* register operand, already sign-extended from 16 bits */
    unsigned alu_shift;            /* left shift of the operand, 0..63 */
    int mul_bypass;
    int mul_prelu;
    enum golden_src mul_src;
    int32_t mul_operand;           /* sign-extended from 16 bits */
    unsigned mul_shift;            /* raw 8-bit field; the model uses it mod 64 */
    int relu_bypass;
};

/* Converter applied to an EW operand read from memory. */
struct golden_sdp_cvt {
    int bypass;
    int32_t offset;                /* 32-bit field, signed */
    int32_t scale;                 /* sign-extended from 16 bits */
    unsigned truncate;             /* 0..63 */
};

/* EW stage: MUL -> ALU -> LUT. */
struct golden_sdp_y_cfg {
    int bypass;
    int alu_bypass;
    enum golden_alu_algo alu_algo;
    enum golden_src alu_src;
    int32_t alu_operand;           /* 32-bit register operand */
    struct golden_sdp_cvt alu_cvt;
    int mul_bypass;
    int mul_prelu;
    enum golden_src mul_src;
    int32_t mul_operand;
    struct golden_sdp_cvt mul_cvt;
    unsigned truncate;             /* MUL rounding shift, 0..1023 */
    int lut_bypass;
};

/* LUT tables and settings (S_LUT_* registers, single copy). */
struct golden_sdp_lut {
    int16_t le[65], lo[257];
    int le_linear;                 /* LE function: 0 = exponent, 1 = linear */
    int uflow_lo, oflow_lo, hybrid_lo;   /* priorities: 0 = LE, 1 = LO */
    int8_t le_index_offset;        /* signed */
    int8_t le_index_select, lo_index_select;   /* signed */
    int32_t le_start, le_end, lo_start, lo_end;
    int16_t le_uflow_scale, le_oflow_scale, lo_uflow_scale, lo_oflow_scale;
    int8_t le_uflow_shift, le_oflow_shift, lo_uflow_shift, lo_oflow_shift;   /* signed 5-bit, -16..15 */
};

struct golden_sdp_out_cvt {
    int32_t offset;                /* D_CVT_OFFSET, signed 32 */
    int32_t scale;                 /* sign-extended from 16 bits */
    unsigned shift;                /* 0..63 */
};

struct golden_sdp_cfg {
    struct golden_sdp_x_cfg bs, bn;
    struct golden_sdp_y_cfg ew;
    struct golden_sdp_lut lut;
    struct golden_sdp_out_cvt out;
    enum golden_precision out_precision;   /* INT8: saturate to 8 bits; INT16: to 16 */
};

/* Memory operand of one stage, already decoded to values.
 * PER_CHANNEL: alu[c] / mul[c] for lane c = 0 .. 8 * surfaces - 1.
 * PER_ELEMENT: indexed like the input tensor (golden_tensor_index).
 * alu or mul may be NULL when the stream does not carry that component. */
enum golden_operand_mode { GOLDEN_OPERAND_NONE, GOLDEN_OPERAND_PER_CHANNEL, GOLDEN_OPERAND_PER_ELEMENT };
struct golden_sdp_operand {
    enum golden_operand_mode mode;
    const int32_t *alu, *mul;
};
enum golden_sdp_stage { GOLDEN_SDP_BS, GOLDEN_SDP_BN, GOLDEN_SDP_EW, GOLDEN_SDP_STAGES };

/* Memory operand stream format (SDP_RDMA D_{B,N,E}RDMA_CFG). */
enum golden_operand_use { GOLDEN_USE_MUL = 0, GOLDEN_USE_ALU = 1, GOLDEN_USE_BOTH = 2 };
/* Bytes per element of a stream: size_bytes (1 or 2) times 2 if BOTH. */
unsigned golden_sdp_operand_bytes(unsigned size_bytes, enum golden_operand_use use);
/* Decode n consecutive elements (each golden_sdp_operand_bytes wide; with
 * BOTH the ALU component comes first) into alu[] / mul[] (either may be
 * NULL). One-byte values are sign-extended from 8 bits, two-byte ones are
 * little-endian and sign-extended from 16. Components the stream does not
 * carry are set to 0. */
void golden_sdp_operand_decode(const uint8_t *raw, size_t n, unsigned size_bytes,
                               enum golden_operand_use use, int32_t *alu, int32_t *mul);

/* One element through each part; alu_mem / mul_mem are the memory operands
 * for this element (ignored unless the stage takes them from memory). */
int32_t golden_sdp_x(const struct golden_sdp_x_cfg *c, int32_t x, int32_t alu_mem, int32_t mul_mem);
int32_t golden_sdp_cvt_apply(const struct golden_sdp_cvt *c, int32_t v);
int32_t golden_sdp_lut_lookup(const struct golden_sdp_lut *l, int32_t a,
                              enum golden_lut_outcome *outcome);
int32_t golden_sdp_y(const struct golden_sdp_y_cfg *c, const struct golden_sdp_lut *l, int32_t x,
                     int32_t alu_mem, int32_t mul_mem);
/* Output converter: sat_8 (or sat_16 for INT16) of rsh((y - offset) * scale, shift).
 * Only shift[5:0] is used. */
int32_t golden_sdp_out(const struct golden_sdp_out_cvt *c, enum golden_precision p, int32_t y);

/* Statistics of one run (like the D_PERF_* / D_STATUS registers). */
struct golden_sdp_stats {
    uint64_t lut_le_hit, lut_lo_hit, lut_uflow, lut_oflow, lut_hybrid;
    uint64_t out_saturation;
    int unequal;                   /* EQL compare mode: some element was not equal */
};

/* 1 when EW is active with ALU not bypassed and ALGO = EQL: compare mode,
 * the layer writes nothing. */
int golden_sdp_compare_mode(const struct golden_sdp_cfg *c);

/* The whole cube: out must have in's dimensions (out->data is written for
 * every lane of every surface). ops[stage] describes the memory operand of
 * BS, BN, EW (mode NONE when not fetched; ops itself may be NULL); a stage
 * that takes an operand from memory without a stream sees 0. stats may be
 * NULL; otherwise it is cleared first and then counts this run only. In
 * compare mode out is left untouched and stats->unequal is set. */
void golden_sdp_run(const struct golden_sdp_cfg *c, const struct golden_tensor *in,
                    const struct golden_sdp_operand ops[GOLDEN_SDP_STAGES],
                    struct golden_tensor *out, struct golden_sdp_stats *stats);

/* An identity configuration: every stage bypassed, register operands 0,
 * output converter offset 0 / scale 1 / shift 0, INT8 out, LUT zeroed.
 * Tests start from it and switch on what they exercise. */
void golden_sdp_cfg_bypass(struct golden_sdp_cfg *c);

#endif
