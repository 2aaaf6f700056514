/* golden_lut: what the SDP and CDP lookup-table models share. */
#ifndef GOLDEN_LUT_H
#define GOLDEN_LUT_H

/* Which way one LUT lookup went (for statistics and tests). */
enum golden_lut_outcome {
    GOLDEN_LUT_LE_HIT, GOLDEN_LUT_LO_HIT, GOLDEN_LUT_UFLOW, GOLDEN_LUT_OFLOW, GOLDEN_LUT_HYBRID
};

#endif
