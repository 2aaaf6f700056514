/* nvdla_features: which optional hardware features (sim/regs/generated/nvdla_config.h) a
 * layer uses, read from the registers a unit is enabled with. Lets the
 * trace runner and the twin tell a program that needs a unit the
 * configuration leaves out (SDP EW on nv_small, say) from a DUT bug. */
#ifndef NVDLA_FEATURES_H
#define NVDLA_FEATURES_H

#include <stddef.h>
#include <stdint.h>
#include "nvdla_config.h"
#include "nvdla_regs.h"

/* The value of register reg_idx (nvdla_regs index) in the register group
 * the layer runs with. */
typedef uint32_t (*nvdla_reg_value_fn)(void *ctx, int reg_idx);

/* Features (bit 1u << NVDLA_FEAT_x) used by the layer unit `u` runs when
 * its OP_EN is set (for BDMA: a group launched) with these register
 * values. Units that need nothing optional give 0. */
uint32_t nvdla_layer_features(enum nvdla_unit u, nvdla_reg_value_fn value, void *ctx);

/* The features in `used` that configuration c leaves out. */
static inline uint32_t nvdla_features_absent(const struct nvdla_config *c, uint32_t used)
{
    return used & ~c->features;
}

/* "SDP EW and SDP LUT" (at most len bytes, always NUL-terminated). */
void nvdla_features_str(uint32_t features, char *buf, size_t len);

#endif
