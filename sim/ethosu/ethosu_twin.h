/* ethosu_twin: the C twin of the Ethos-U65 top, a struct ethosu_dut
 * (ethosu_dut.h) for the kernel. */
#ifndef ETHOSU_TWIN_H
#define ETHOSU_TWIN_H

#include "ethosu_dut.h"

/* NULL with errbuf filled on failure. */
struct ethosu_dut *ethosu_twin_create(char *errbuf, unsigned errlen);

#endif
