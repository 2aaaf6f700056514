/* ethosu_twin: the C twin of the Ethos-U65 top, a struct dut
 * (dut.h) whose pins are a struct ethosu_pins for the kernel. */
#ifndef ETHOSU_TWIN_H
#define ETHOSU_TWIN_H

#include "dut.h"

/* NULL with errbuf filled on failure. */
struct dut *ethosu_twin_create(char *errbuf, unsigned errlen);

/* The NPU configuration the twin models: 256 (ethos-u65-256, the default)
 * or 512 MACs (ethos-u65-512: CONFIG.macs_per_cc 9, two cores' weight and
 * scale streams). -1 for any other value; call before the run starts. */
int ethosu_twin_set_macs(struct dut *twin, unsigned macs);

/* ETHOSU_DUMP: write each kernel operation's OFM as a .npy file into dir
 * (created if missing; op_<index>_<name>.npy, see ethosu_cmdproc.h); NULL
 * turns it off. 0, or -1 out of memory. */
int ethosu_twin_set_dump(struct dut *twin, const char *dir);

#endif
