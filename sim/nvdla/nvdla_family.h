/* nvdla_family: NVDLA's entry for the family-neutral kernel
 * (sim_family.h): CSB register port, DBBIF and (when the top has it)
 * SRAMIF, dla_reset_rstn, dla_intr; and the hint on reset synchronisers. */
#ifndef NVDLA_FAMILY_H
#define NVDLA_FAMILY_H

#include "nvdla_pins.h"
#include "sim_family.h"
#include "sim_kernel.h"

extern const struct sim_family nvdla_family;
/* its injectable faults (INJECT=list shows them) */
extern const struct fault_table nvdla_faults;

/* The kernel's pins, for a run of this family. */
struct nvdla_pins *nvdla_sim_pins(struct sim *s);
/* After a failure: if CSB traffic began sooner after reset release than
 * real tops allow, print why that may be the cause and what to change. */
void nvdla_reset_hint(const struct sim *s);

#endif
