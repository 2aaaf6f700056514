/* copyeng_pins_vcd: the copy engine's pin table for the one pin dumper
 * (pins_vcd.h): nRESET, IRQ, the APB signals and the AXI manager M under
 * TRM-style names (AWVALIDM ... RLASTM). The twin declares CLK. */
#ifndef COPYENG_PINS_VCD_H
#define COPYENG_PINS_VCD_H

#include "copyeng_pins.h"
#include "pins_vcd.h"

void copyeng_pins_vcd_add(struct vcd_writer *w, const struct copyeng_pins *p);

#endif
