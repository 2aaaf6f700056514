/* ethosu_pins_vcd: Ethos-U65's pin table for the one pin dumper
 * (pins_vcd.h): every pin of a struct ethosu_pins under
 * the TRM's signal names (appendix A: nRESET, PORPL, PORSL, IRQ, PSEL ...
 * PSLVERR, AWVALIDM0 ... RREADYM1, AWAKEUPM0/M1), so twin and RTL waves read
 * the same. Widths: PADDR 12, IDs 8, AxLEN 8, AxSIZE 3, AxBURST 2, xRESP 2,
 * addresses addr_bits, data data_bytes * 8, WSTRB data_bytes. CLK is the
 * caller's (it is not a member of struct ethosu_pins): the twin declares it
 * with the cycle counter, vcd_writer_add_clock(w, "CLK", PINS_VCD_CYCLE), and
 * opens and closes its dump as the NVDLA twin does (pins_vcd.h: real time,
 * timescale 1 ps, VCD, gzip'd VCD or FST). */
#ifndef ETHOSU_PINS_VCD_H
#define ETHOSU_PINS_VCD_H

#include "ethosu_pins.h"
#include "pins_vcd.h"
#include "vcd_writer.h"

void ethosu_pins_vcd_add(struct vcd_writer *w, const struct ethosu_pins *p, unsigned data_bytes, unsigned addr_bits);

#endif
