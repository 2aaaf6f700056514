/* ethosu_twin: the C twin of the Ethos-U65 top, a struct dut
 * (dut.h) whose pins are a struct ethosu_pins for the kernel. */
#ifndef ETHOSU_TWIN_H
#define ETHOSU_TWIN_H

#include "dut.h"

/* NULL with errbuf filled on failure. */
struct dut *ethosu_twin_create(char *errbuf, unsigned errlen);

/* The NPU configuration the twin models (enum ethosu_config_id of the
 * generated ethosu_regs.h; default ETHOSU_CFG_DEFAULT, ethos-u65-256): the
 * product's register map and reset values, CONFIG and ID, the address width
 * (32 bits on the Ethos-U55), one-dimensional DMA on the U55, the cores
 * (two on ethos-u65-512), SHRAM and the weight order's OFM microblock.
 * -1 for an unknown index; call before the run starts. */
int ethosu_twin_set_config(struct dut *twin, int cfg);

/* ETHOSU_DUMP: write each kernel operation's OFM as a .npy file into dir
 * (created if missing; op_<index>_<name>.npy, see ethosu_cmdproc.h); NULL
 * turns it off. 0, or -1 out of memory. */
int ethosu_twin_set_dump(struct dut *twin, const char *dir);

#endif
