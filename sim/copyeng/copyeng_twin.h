/* copyeng_twin: the C twin of the copy engine (copyeng_regs.h), a struct
 * dut whose pins are a struct copyeng_pins. There is no Verilated top. */
#ifndef COPYENG_TWIN_H
#define COPYENG_TWIN_H

#include "dut.h"

#define COPYENG_DATA_BYTES 8u
#define COPYENG_ADDR_BITS 32u

/* NULL with errbuf filled on failure. */
struct dut *copyeng_twin_create(char *errbuf, unsigned errlen);

#endif
