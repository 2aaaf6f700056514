/* pins_vcd: declare every NV_nvdla pin of a nvdla_pins struct in a VCD,
 * under the RTL port names, so twin and RTL waves read the same. */
#ifndef PINS_VCD_H
#define PINS_VCD_H

#include "nvdla_pins.h"
#include "vcd_writer.h"

void pins_vcd_add(struct vcd_writer *w, const struct nvdla_pins *p, int has_sramif,
                  unsigned data_bytes, unsigned addr_bits);

#endif
