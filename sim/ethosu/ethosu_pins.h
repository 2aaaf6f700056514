/* ethosu_pins: every pin of the Ethos-U65 top the project simulates
 * (module ethosu65 in rtl_stubs/ethosu65/), grouped by interface. Signal
 * names of the TRM's appendix A: CLK, nRESET, PORPL, PORSL, IRQ, the APB
 * completer (PSEL ... PSLVERR, PWAKEUP, PCLKEN) and the AXI managers M0 and
 * M1 (AWVALIDM0 ... RREADYM1, AWAKEUPMx, ACLKENMx). Data 128 bits and
 * address 40 bits by default. The clock/power Q-channels are tied off by
 * the harness (requests never made). */
#ifndef ETHOSU_PINS_H
#define ETHOSU_PINS_H

#include <stdint.h>
#include "apb_pins.h"
#include "axi_pins.h"

struct ethosu_pins {
    uint8_t nreset;        /* nRESET, active low */
    uint8_t porpl;         /* PORPL: privilege level after a hard reset (1 = privileged) */
    uint8_t porsl;         /* PORSL: security level after a hard reset (1 = non-secure) */
    uint8_t irq;           /* IRQ, level high */
    struct apb_pins apb;
    struct axi_pins m0, m1;
    uint8_t awakeup_m0, awakeup_m1;   /* AWAKEUPMx: pending AXI activity */
    /* Weight-decoder output, a project debug port (not a TRM signal): the
     * weights the decoder produces from the weight stream of a kernel
     * operation, one per cycle with WDVALID high, in stream order; WDLAST
     * marks the last weight of the stream. */
    uint8_t wd_valid;      /* WDVALID */
    int16_t wd_weight;     /* WDWEIGHT[8:0], signed -255..255 */
    uint8_t wd_last;       /* WDLAST */
};

#endif
