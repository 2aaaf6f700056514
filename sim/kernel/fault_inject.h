/* fault_inject: break the protocol on purpose, once, by overriding pins
 * between the DUT's evaluation and the BFMs' sampling, so a full
 * simulation shows that each checker rule really fires. Each DUT family
 * has its own faults: NVDLA (DBBIF and CSB) and Ethos-U65 (APB, M0, M1). */
#ifndef FAULT_INJECT_H
#define FAULT_INJECT_H

#include <stdint.h>
#include "ethosu_pins.h"
#include "nvdla_pins.h"

enum fault_family { FAULT_NVDLA, FAULT_ETHOSU };

struct fault_inject;

/* A fault of the family by name (fault_inject_list() shows them); NULL
 * with a one-line message for an unknown one, one of the other family, or
 * one breaking a bounded-wait rule whose knob (AXI_MAX_WAIT / REG_MAX_WAIT,
 * given here) is off. */
struct fault_inject *fault_inject_create(enum fault_family fam, const char *name, uint64_t axi_max_wait,
                                        uint64_t reg_max_wait, char *errbuf, unsigned errlen);
void fault_inject_destroy(struct fault_inject *f);
/* Once per cycle after the DUT evaluated (in reset too: some faults act
 * there), on the family's pins. */
void fault_inject_apply(struct fault_inject *f, struct nvdla_pins *p);
void fault_inject_apply_ethosu(struct fault_inject *f, struct ethosu_pins *p);
int fault_inject_fired(const struct fault_inject *f);
struct bfm_env;
/* End of test: a fault that never found a cycle to act fails the run
 * (NULL f: nothing to check). */
void fault_inject_final(const struct fault_inject *f, struct bfm_env *env);
/* The checker rule text each injection must provoke. */
const char *fault_inject_expected_rule(const struct fault_inject *f);
/* Every fault, family by family, with the rule it provokes. */
void fault_inject_list(void);

#endif
