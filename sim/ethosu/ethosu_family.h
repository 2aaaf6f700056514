/* ethosu_family: Ethos-U65's entry for the family-neutral kernel
 * (sim_family.h): APB register port, AXI managers M0 and M1, nRESET, IRQ,
 * and the weight-decoder monitor as its own state. */
#ifndef ETHOSU_FAMILY_H
#define ETHOSU_FAMILY_H

#include "ethosu_pins.h"
#include "ethosu_wd_monitor.h"
#include "sim_family.h"
#include "sim_kernel.h"

extern const struct sim_family ethosu_family;
/* its injectable faults (INJECT=list shows them) */
extern const struct fault_table ethosu_faults;

/* The kernel's pins and weight-decoder monitor, for a run of this family. */
struct ethosu_pins *ethosu_sim_pins(struct sim *s);
struct ethosu_wd_monitor *ethosu_sim_wd(struct sim *s);

#endif
