/* fault_inject: break the protocol on purpose, once, by overriding pins
 * between the DUT's evaluation and the BFMs' sampling, so a full
 * simulation shows that each checker rule really fires. */
#ifndef FAULT_INJECT_H
#define FAULT_INJECT_H

#include <stdint.h>
#include "nvdla_pins.h"

struct fault_inject;

/* Known rules: see fault_inject_list(). NULL + message for an unknown one. */
struct fault_inject *fault_inject_create(const char *rule, char *errbuf, unsigned errlen);
void fault_inject_destroy(struct fault_inject *f);
void fault_inject_apply(struct fault_inject *f, struct nvdla_pins *p);
int fault_inject_fired(const struct fault_inject *f);
/* The checker rule text each injection must provoke. */
const char *fault_inject_expected_rule(const struct fault_inject *f);
void fault_inject_list(void);

#endif
