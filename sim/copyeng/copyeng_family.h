/* copyeng_family: the copy engine's entry for the family-neutral kernel
 * (sim_family.h): APB register port, one AXI manager M, nRESET, IRQ; no
 * faults to inject. */
#ifndef COPYENG_FAMILY_H
#define COPYENG_FAMILY_H

#include "copyeng_pins.h"
#include "sim_family.h"
#include "sim_kernel.h"

extern const struct sim_family copyeng_family;

/* The kernel's pins, for a run of this family. */
struct copyeng_pins *copyeng_sim_pins(struct sim *s);

#endif
