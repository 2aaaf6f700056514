/* pins_vcd: the dumps of the C twins. Declares every NV_nvdla pin of a
 * nvdla_pins struct under the RTL port names, so twin and RTL waves read the
 * same, and opens and closes a twin's dump the way the Verilated RTL's is
 * written: timescale 1 ps, in real time with the clock period of the run
 * (cfg->period_ps, 10 ns when 0), cycle n's low phase (clock low, inputs
 * applied, outputs settled, the "cycle" counter at n) at n * period and its
 * rising edge at n * period + period / 2; a VCD, a gzip'd VCD or an FST
 * (converted at close by GTKWave's vcd2fst), gz with fst refused. A twin
 * declares its clock and the counter first in its TOP scope:
 *     vcd_writer_scope_push(w, "TOP");
 *     vcd_writer_add_clock(w, "dla_core_clk", PINS_VCD_CYCLE);
 * and records each cycle with vcd_writer_cycle(w, cycle). */
#ifndef PINS_VCD_H
#define PINS_VCD_H

#include "dut.h"
#include "nvdla_pins.h"
#include "vcd_writer.h"

#define PINS_VCD_CYCLE "cycle"              /* the cycle counter, as the RTL's */
#define PINS_VCD_TIMESCALE "1ps"
#define PINS_VCD_DEFAULT_PERIOD_PS 10000u   /* 10 ns: 100 MHz */

/* Open the dump cfg asks for; NULL with the reason in err on failure. */
struct vcd_writer *pins_vcd_open(const struct dut_waves_cfg *cfg, char *err, unsigned len);

/* Finish the dump (FST: convert it); on failure print the reason on stderr
 * and return -1. NULL is fine. */
int pins_vcd_close(struct vcd_writer *w);

/* The pins of the top: DBBIF with data_bytes of data; the SRAMIF port set
 * (nvdla_core2cvsram_*) too when sram_bytes (its data width) is not 0. */
void pins_vcd_add(struct vcd_writer *w, const struct nvdla_pins *p, unsigned sram_bytes,
                  unsigned data_bytes, unsigned addr_bits);

#endif
