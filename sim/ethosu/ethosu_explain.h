/* ethosu_explain: alternatives of the twin's arithmetic that compute what
 * TensorFlow Lite's reference computes where it and Vela's command stream
 * knowingly disagree. Never set in a normal run: ethosu/network sets one
 * for a rerun after its outputs differed from the reference, and names the
 * disagreement only when the rerun matches every output (docs/ethos-u.md,
 * "Known disagreements"). The setting is the process's, as the twin is:
 * it reaches the output stage of every kernel operation the twin computes
 * (ethosu_kcompute) and, for the IFM2 broadcast, the decoding of the
 * operation (ethosu_kop_decode: what is read), and has no effect on the
 * Verilated DUT. */
#ifndef ETHOSU_EXPLAIN_H
#define ETHOSU_EXPLAIN_H

#include "ethosu_kop.h"
#include "ethosu_ops.h"
#include "ethosu85_ops.h"
#include <stdint.h>

enum ethosu_explain {
    ETHOSU_EXPLAIN_NONE = 0,
    /* the rounding of ops Vela made from FULLY_CONNECTED (a CONV with a
     * 1x1 kernel over an IFM one element wide): once, half up, on the
     * 64-bit product (LiteRT 2.3's per-channel reference), not twice */
    ETHOSU_EXPLAIN_FC_SINGLE_ROUNDING,
    /* the same for every CONV with a 1x1 kernel (Vela folds a batch of
     * FULLY_CONNECTED rows into H x W, so the IFM may be any shape; a
     * network with pointwise convolutions too may need this) */
    ETHOSU_EXPLAIN_1X1_SINGLE_ROUNDING,
    /* the same for every operation that rounds as TensorFlow Lite (a
     * disagreement spread over ops Vela made from BATCH_MATMUL too) */
    ETHOSU_EXPLAIN_ALL_SINGLE_ROUNDING,
    /* a uint8 OFM clamped to int8's ACTIVATION_MAX 127 (and MIN -128):
     * clamped to the uint8 range instead, as the reference does */
    ETHOSU_EXPLAIN_UINT8_FULL_RANGE,
    /* an ELEMENTWISE whose IFM2_BROADCAST says broadcast in H (or W) while
     * the stream's own IFM2 tile is taller (wider) than one element
     * (IFM2_HEIGHT0_M1 / IFM2_WIDTH0_M1 above 0): IFM2 read in full along
     * that axis, as the reference adds row by row (Vela 5.2 flags an ADD of
     * a tf.slice and a strided slice that are equally tall). C has no IFM2
     * extent register, so no evidence: untouched. Applied when the
     * operation is decoded (ethosu_kop_decode), as it sets what is read. */
    ETHOSU_EXPLAIN_IFM2_NO_BROADCAST_WHEN_TALL,
    /* a 16x8 1x1 CONV (FULLY_CONNECTED) whose every channel scale has 16
     * significant bits (Vela cut TensorFlow Lite's 32-bit multiplier M to
     * (M + 2^15) >> 16, shift - 16): the lowest / highest M that cut gives,
     * shift + 16, rounded once as the 64-bit reference does. The two
     * bracket the reference's value; the runner uses them as a pair
     * (ethosu_network_run.c), never as a rerun that must match. */
    ETHOSU_EXPLAIN_CUT_SCALE_LOW,
    ETHOSU_EXPLAIN_CUT_SCALE_HIGH,
    ETHOSU_EXPLAIN_COUNT
};

/* the alternatives a rerun must match with every output; the cut-scale
 * pair after them */
#define ETHOSU_EXPLAIN_MATCHING_END ETHOSU_EXPLAIN_CUT_SCALE_LOW

/* the knob-like name of an alternative ("fc-single-rounding"), and the
 * disagreement it names when it explains a run */
const char *ethosu_explain_name(enum ethosu_explain e);
const char *ethosu_explain_reason(enum ethosu_explain e);

/* the process's setting (ETHOSU_EXPLAIN_NONE unless a rerun set it); setting
 * it zeroes the count of operations it changed */
void ethosu_explain_set(enum ethosu_explain e);
enum ethosu_explain ethosu_explain_get(void);
unsigned long ethosu_explain_changed(void);

/* e applied to the output stage os of op (built from op's registers):
 * 1 when it changed something, else 0 (os untouched) */
int ethosu_explain_output_stage(enum ethosu_explain e, const struct ethosu_kop *op, struct ethosu_output_stage *os);

/* the process's setting applied (ethosu_kcompute), counted when it changed os */
void ethosu_explain_apply(const struct ethosu_kop *op, struct ethosu_output_stage *os);

/* e applied to a decoded ELEMENTWISE op: its broadcast flags and IFM2
 * extent; 1 when it changed them, else 0 (op untouched) */
int ethosu_explain_ifm2_broadcast(enum ethosu_explain e, struct ethosu_kop *op);

/* the process's setting applied (ethosu_kop_decode), counted when it changed op */
void ethosu_explain_apply_ifm2(struct ethosu_kop *op);

/* The cut-scale alternatives on op's n channel scales: 1 and out_scale,
 * out_shift, *rounding filled when e applies to op (a 16x8 1x1 CONV, TFL or natural
 * rounding, every scale at most 32767 and shift at least 16), else 0. */
int ethosu_explain_channel_scale(enum ethosu_explain e, const struct ethosu_kop *op, uint32_t n,
                                 const uint32_t *scale, const uint8_t *shift, uint32_t *out_scale,
                                 uint8_t *out_shift, enum ethosu_rounding *rounding);

/* the process's setting on op's channel scales (ethosu_kcompute): the
 * arrays to use, the given ones when it does not apply; counted and the
 * OFM address recorded when it does. *owned: free them after. */
void ethosu_explain_apply_scale(const struct ethosu_kop *op, uint32_t n, const uint32_t **scale,
                                const uint8_t **shift, enum ethosu_rounding *rounding, int *owned);

/* the OFM addresses (BASE0, absolute) of the operations the setting
 * changed, at most ETHOSU_EXPLAIN_MAX_OFMS; *more when there were more */
#define ETHOSU_EXPLAIN_MAX_OFMS 64
unsigned ethosu_explain_changed_ofms(const uint64_t **base, int *more);

/* The Ethos-U85's output half (ethosu_kexec85): the single roundings as
 * NATURAL for DOUBLE_SYMMETRIC, the uint8 range; the IFM2 broadcast and the
 * cut-scale pair through the functions above (the U85's 16-bit scale
 * records carry the same 15-bit cut). */
int ethosu_explain_output_stage85(enum ethosu_explain e, const struct ethosu_kop *op,
                                  struct ethosu85_output_stage *os);
void ethosu_explain_apply85(const struct ethosu_kop *op, struct ethosu85_output_stage *os);

#endif
