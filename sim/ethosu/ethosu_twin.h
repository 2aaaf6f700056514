/* ethosu_twin: the C twin of the Ethos-U65 top, a struct dut
 * (dut.h) whose pins are a struct ethosu_pins for the kernel. */
#ifndef ETHOSU_TWIN_H
#define ETHOSU_TWIN_H

#include "dut.h"

/* NULL with errbuf filled on failure. */
struct dut *ethosu_twin_create(char *errbuf, unsigned errlen);

#endif
