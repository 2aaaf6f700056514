/* nvdla_cfgrom: the ConfigROM values that depend on the hardware
 * configuration. The generated register table holds nv_small's values as
 * reset values; nvdla_cfgrom_apply overwrites the parameter-derived ones
 * (interface width and address width, atomic C/K/M, CBUF geometry,
 * throughputs, batch size, SDP capability bits; for nv_large the values the
 * scalability description tables for it, e.g. CIF_BASE_WIDTH 0x40).
 * Descriptors keep the table's values: every public configuration uses the
 * nv_small address map.
 * The values come from one place, cfgrom_values() in scripts/gen/gen_regs.py,
 * which generates nvdla_cfgrom.c and the NV_nvdla stub's nvdla_cfgrom.vh
 * (make regs; make regs-check fails when either is stale). */
#ifndef NVDLA_CFGROM_H
#define NVDLA_CFGROM_H

#include <stdint.h>
#include "nvdla_config.h"
#include "nvdla_regs.h"

/* Write c's ConfigROM values into regs (NVDLA_REG_COUNT register values,
 * indexed by register index). c is an entry of nvdla_configs[] (or has the
 * name of one); c NULL or another configuration: nothing changes. */
void nvdla_cfgrom_apply(const struct nvdla_config *c, uint32_t regs[NVDLA_REG_COUNT]);

#endif
