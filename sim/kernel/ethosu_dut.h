/* ethosu_dut: an Ethos-U65 device under test behind its pins, whatever it
 * is made of: the Verilated rtl_stubs/ethosu65 top (ethosu_rtl_create, C++
 * shim) or the C twin (ethosu_twin_create, sim/ethosu/ethosu_twin.h). Per cycle the kernel calls
 * eval() after the BFMs drove their pins and posedge() after they sampled,
 * exactly as for NVDLA (sim/kernel/dut.h). */
#ifndef ETHOSU_DUT_H
#define ETHOSU_DUT_H

#include <stdint.h>
#include "dut.h"
#include "ethosu_pins.h"

struct ethosu_dut {
    const char *kind;       /* "rtl" or "twin" */
    const char *top;
    unsigned data_bytes;    /* AXI data width of M0 and M1 in bytes (16) */
    unsigned addr_bits;     /* AXI address width (40) */
    void (*eval)(struct ethosu_dut *d, struct ethosu_pins *p);
    void (*posedge)(struct ethosu_dut *d, struct ethosu_pins *p);
    int (*waves_open)(struct ethosu_dut *d, const struct dut_waves_cfg *cfg, char *errbuf, unsigned errlen);
    void (*waves_dump)(struct ethosu_dut *d, const struct ethosu_pins *p, uint64_t cycle);
    int (*waves_close)(struct ethosu_dut *d);
    void (*describe)(struct ethosu_dut *d, char *buf, unsigned len);   /* may be NULL */
    int (*busy)(struct ethosu_dut *d);   /* as in dut.h; NULL: always busy */
    const char *(*stopped)(struct ethosu_dut *d);   /* as in dut.h; may be NULL */
    void (*destroy)(struct ethosu_dut *d);
    void *impl;
};

/* The twin (ethosu_twin_create) is in its family room: sim/ethosu/ethosu_twin.h. */
/* Defined only in the Verilator build of the ethosu65 top. */
struct ethosu_dut *ethosu_rtl_create(char *errbuf, unsigned errlen);

#endif
