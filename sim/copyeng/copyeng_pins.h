/* copyeng_pins: every pin of the copy engine, the minimal third family
 * (docs/families.md): an APB completer for its registers, one AXI manager
 * M (64-bit data, 32-bit address), nRESET and IRQ. */
#ifndef COPYENG_PINS_H
#define COPYENG_PINS_H

#include <stdint.h>
#include "apb_pins.h"
#include "axi_pins.h"

struct copyeng_pins {
    uint8_t nreset;        /* nRESET, active low */
    uint8_t irq;           /* IRQ, level high while IRQ.PENDING */
    struct apb_pins apb;
    struct axi_pins m;
};

#endif
