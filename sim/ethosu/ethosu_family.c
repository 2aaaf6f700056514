/* ethosu_family: see ethosu_family.h. */
#include "ethosu_family.h"
#include "ethosu_reg_describe.h"

const struct sim_family ethosu_family = {
    .name = "ethosu",
    .reg_describe = ethosu_reg_describe,
};
