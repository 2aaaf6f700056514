/* pins_vcd: the dumps of the C twins, one dumper for every family. Declares
 * every pin of a family's pin struct from the family's pin table (its RTL
 * port names: sim/nvdla/twin/nvdla_pins_vcd.c, sim/ethosu/ethosu_pins_vcd.c),
 * so twin and RTL waves read the same, and opens and closes a twin's dump
 * the way the Verilated RTL's is written: timescale 1 ps, in real time with the clock period of the run
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

#include <stddef.h>
#include "dut.h"
#include "vcd_writer.h"

#define PINS_VCD_CYCLE "cycle"              /* the cycle counter, as the RTL's */
#define PINS_VCD_TIMESCALE "1ps"
#define PINS_VCD_DEFAULT_PERIOD_PS 10000u   /* 10 ns: 100 MHz */

/* Open the dump cfg asks for; NULL with the reason in err on failure. */
struct vcd_writer *pins_vcd_open(const struct dut_waves_cfg *cfg, char *err, unsigned len);

/* Finish the dump (FST: convert it); on failure print the reason on stderr
 * and return -1. NULL is fine. */
int pins_vcd_close(struct vcd_writer *w);

/* Widths a pin table may give instead of a number of bits: those of the
 * port the pin belongs to. */
#define PINS_VCD_DATA 0x10000u   /* data_bits */
#define PINS_VCD_STRB 0x10001u   /* data_bits / 8 */
#define PINS_VCD_ADDR 0x10002u   /* addr_bits */

/* One pin: its name, width, and offset in its struct (the family's pins;
 * in an AXI list, struct axi_pins, and the name a format whose one %s is
 * the port's name). */
struct pins_vcd_pin {
    const char *name;
    unsigned width;
    size_t off;
};

/* A line of a family's pin table: one pin (axi NULL), or one AXI manager
 * port (name: the port's name, off: its struct axi_pins, axi: the family's
 * list of AXI pins). A secondary port (NVDLA's SRAMIF) is declared with
 * the secondary data width, and not at all when that is 0. */
struct pins_vcd_entry {
    const char *name;
    unsigned width;
    size_t off;
    const struct pins_vcd_pin *axi;
    unsigned n_axi;
    int secondary;
};

/* Declare, in table order, the pins of the family's pin struct at pins:
 * AXI data data_bytes wide (a secondary port: secondary_bytes), addresses
 * addr_bits. */
void pins_vcd_add_table(struct vcd_writer *w, const void *pins, const struct pins_vcd_entry *t, unsigned n,
                        unsigned data_bytes, unsigned secondary_bytes, unsigned addr_bits);

#endif
