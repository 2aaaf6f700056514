/* nvdla_twin: the C behavioural twin of the NV_nvdla top, a struct dut
 * (dut.h) whose pins are a struct nvdla_pins. */
#ifndef NVDLA_TWIN_H
#define NVDLA_TWIN_H

#include "dut.h"
#include "nvdla_config.h"

struct dut_twin_opts {
    /* present the nvdla_core2cvsram_* port set (the configuration's SRAMIF
     * width, else DBBIF's): DMA whose RAM type is CV uses it */
    int with_sramif;
    /* A layer that breaks a programming rule (sim/nvdla/model/nvdla_prog_check.h): 0
     * stops the twin with the rule (the run fails), 1 warns and runs it. */
    int prog_warn;
    const struct nvdla_config *hw;   /* configuration modelled; NULL: nv_small */
};
/* NULL with errbuf filled on failure. */
struct dut *dut_twin_create(const struct dut_twin_opts *o, char *errbuf, unsigned errlen);

#endif
