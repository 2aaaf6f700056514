/* nvdla_cfgrom: what a configuration's real RTL reads back that the register
 * table (nv_small's reset values) does not say: its ConfigROM values
 * (scripts/gen/regdefs/nvdla_cfgrom_rtl.csv, read from NVDLA's generated RTL
 * by scripts/gen/import_cfgrom.py; the public RTL has nv_small's ConfigROM
 * in every configuration) and which units' registers it decodes at all.
 * Generated into nvdla_cfgrom.c and the NV_nvdla stub's nvdla_cfgrom.vh by
 * scripts/gen/gen_regs.py (make regs; make regs-check fails when either is
 * stale). */
#ifndef NVDLA_CFGROM_H
#define NVDLA_CFGROM_H

#include <stdint.h>
#include "nvdla_config.h"
#include "nvdla_regs.h"

/* Write c's ConfigROM values into regs (NVDLA_REG_COUNT register values,
 * indexed by register index). c is an entry of nvdla_configs[] (or has the
 * name of one); c NULL or another configuration: nothing changes. */
void nvdla_cfgrom_apply(const struct nvdla_config *c, uint32_t regs[NVDLA_REG_COUNT]);

/* 1 when c's RTL decodes unit u's registers; 0 for a unit it leaves out
 * (BDMA, RUBIK's RBK, PDP, CDP and the SRAMIF's CVIF where it has none, GEC
 * always), whose registers read 0 and ignore writes. c NULL: 1. */
int nvdla_cfgrom_unit_decoded(const struct nvdla_config *c, enum nvdla_unit u);

/* The GLB S_INTR_STATUS bits of the units c leaves out: a write to
 * S_INTR_SET does not raise them. c NULL or unknown: 0. */
uint32_t nvdla_cfgrom_intr_left_out(const struct nvdla_config *c);

#endif
