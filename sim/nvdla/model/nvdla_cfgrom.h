/* nvdla_cfgrom: the ConfigROM values that depend on the hardware
 * configuration. The generated register table holds nv_small's values as
 * reset values; this overwrites the parameter-derived ones (interface
 * width and address width, atomic C/K/M, CBUF geometry, throughputs,
 * batch size, SDP capability bits) from struct nvdla_config, following the
 * scalability description of each ConfigROM payload; for nv_large the
 * values that description tables for it win (e.g. CIF_BASE_WIDTH 0x40).
 * Descriptors keep the table's values: every public configuration uses the
 * nv_small address map. */
#ifndef NVDLA_CFGROM_H
#define NVDLA_CFGROM_H

#include <stdint.h>
#include "nvdla_config.h"
#include "nvdla_regs.h"

/* Write c's ConfigROM values into regs (NVDLA_REG_COUNT register values,
 * indexed by register index). c NULL: nothing changes. */
void nvdla_cfgrom_apply(const struct nvdla_config *c, uint32_t regs[NVDLA_REG_COUNT]);

#endif
