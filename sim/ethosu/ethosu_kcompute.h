/* ethosu_kcompute: the arithmetic of one decoded kernel operation
 * (ethosu_kop), on dense tensors, by the golden models of golden/: this
 * file maps the register-level parameters onto the golden API and nothing
 * else. The operands are gathered and the result scattered by
 * ethosu_kexec. */
#ifndef ETHOSU_KCOMPUTE_H
#define ETHOSU_KCOMPUTE_H

#include <stddef.h>
#include <stdint.h>
#include "ethosu_kop.h"

struct ethosu_kc_in {
    const struct ethosu_kop *op;
    const int32_t *ifm;          /* dense [h][w][c] of op->ifm */
    const int32_t *ifm2;         /* dense of op->ifm2; NULL when unary or scalar */
    const int32_t *weights;      /* dense [ofm][ky][kx][ifm] (depthwise: ifm 1); NULL for pool/elementwise */
    const int64_t *bias;         /* per OFM channel (scale stream); NULL without one */
    const uint32_t *scale;
    const uint8_t *shift;
    const uint8_t *lut;          /* the LUT slot's bytes (to the end of the LUT memory) */
    size_t lut_len;
};

/* ofm: dense [h][w][c] of op->ofm. 0, or -1 with the golden model's reason
 * in err (parameters it refuses). */
int ethosu_kcompute(const struct ethosu_kc_in *in, int32_t *ofm, char *err, size_t len);

/* Whether ethosu_kcompute would take in's parameters, found without the
 * maps' values (in->ifm and in->ifm2 may be NULL): 0, or -1 with the golden
 * model's reason. NPU_OP_POOL only: 1 for any other operation (not known
 * without computing). */
int ethosu_kcompute_check(const struct ethosu_kc_in *in, char *err, size_t len);

#endif
