/* apb_pins: an AMBA 4 APB requester/completer link at pin level (Ethos-U65
 * register port). Field names follow the signal names without the P prefix
 * (PSEL -> sel). */
#ifndef APB_PINS_H
#define APB_PINS_H

#include <stdint.h>

struct apb_pins {
    /* requester -> completer */
    uint8_t  sel;         /* PSEL */
    uint8_t  enable;      /* PENABLE */
    uint8_t  write;       /* PWRITE */
    uint32_t addr;        /* PADDR (12 bits on Ethos-U65) */
    uint32_t wdata;       /* PWDATA */
    uint8_t  strb;        /* PSTRB[3:0] */
    uint8_t  prot;        /* PPROT[2:0]: bit 0 privileged, bit 1 non-secure, bit 2 instruction */
    uint8_t  wakeup;      /* PWAKEUP: pending activity */
    /* completer -> requester */
    uint8_t  ready;       /* PREADY */
    uint32_t rdata;       /* PRDATA */
    uint8_t  slverr;      /* PSLVERR */
};

#endif
