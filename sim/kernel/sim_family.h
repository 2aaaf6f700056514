/* sim_family: what the family-neutral kernel, TLM wrappers and main take
 * from an accelerator family (NVDLA, Ethos-U65, ...) instead of naming its
 * tables: each family room defines one entry (sim/nvdla/nvdla_family.h,
 * sim/ethosu/ethosu_family.h), so nothing below the family rooms includes
 * a family's register map or configuration. */
#ifndef SIM_FAMILY_H
#define SIM_FAMILY_H

#include "bfm_env.h"

struct sim_family {
    const char *name;                   /* "nvdla", "ethosu" */
    /* Names register accesses in the register-bus BFM's VERBOSE log. */
    bfm_reg_describe_fn reg_describe;
};

#endif
