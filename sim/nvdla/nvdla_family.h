/* nvdla_family: NVDLA's entry for the family-neutral kernel (sim_family.h). */
#ifndef NVDLA_FAMILY_H
#define NVDLA_FAMILY_H

#include "sim_family.h"

extern const struct sim_family nvdla_family;

#endif
