/* nvdla_family: see nvdla_family.h. */
#include "nvdla_family.h"
#include "nvdla_reg_describe.h"

const struct sim_family nvdla_family = {
    .name = "nvdla",
    .reg_describe = nvdla_reg_describe,
};
