/* nvdla_pins_vcd: NVDLA's pin table for the one pin dumper (pins_vcd.h):
 * every pin of a struct nvdla_pins under the NV_nvdla port names
 * (dla_reset_rstn, csb2nvdla_*, nvdla2csb_*, dla_intr, nvdla_core2dbb_*,
 * nvdla_core2cvsram_* when the top has SRAMIF). The twin declares
 * dla_core_clk and the cycle counter itself. */
#ifndef NVDLA_PINS_VCD_H
#define NVDLA_PINS_VCD_H

#include "nvdla_pins.h"
#include "pins_vcd.h"

/* DBBIF with data_bytes of data; the SRAMIF port set too when sram_bytes
 * (its data width) is not 0. */
void nvdla_pins_vcd_add(struct vcd_writer *w, const struct nvdla_pins *p, unsigned sram_bytes, unsigned data_bytes,
                        unsigned addr_bits);

#endif
