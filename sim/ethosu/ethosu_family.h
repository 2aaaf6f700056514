/* ethosu_family: Ethos-U65's entry for the family-neutral kernel
 * (sim_family.h). */
#ifndef ETHOSU_FAMILY_H
#define ETHOSU_FAMILY_H

#include "sim_family.h"

extern const struct sim_family ethosu_family;

#endif
