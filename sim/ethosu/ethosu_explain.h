/* ethosu_explain: alternatives of the twin's arithmetic that compute what
 * TensorFlow Lite's reference computes where it and Vela's command stream
 * knowingly disagree. Never set in a normal run: ethosu/network sets one
 * for a rerun after its outputs differed from the reference, and names the
 * disagreement only when the rerun matches every output (docs/ethos-u.md,
 * "Known disagreements"). The setting is the process's, as the twin is:
 * it reaches the output stage of every kernel operation the twin computes
 * (ethosu_kcompute), and has no effect on the Verilated DUT. */
#ifndef ETHOSU_EXPLAIN_H
#define ETHOSU_EXPLAIN_H

#include "ethosu_kop.h"
#include "ethosu_ops.h"

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
    ETHOSU_EXPLAIN_COUNT
};

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

#endif
