/* nvdla_reg_describe: a register access of the NVDLA register map in words
 * (nvdla_regs.h; reg_describe.h prints the fields), a bfm_reg_describe_fn. */
#ifndef NVDLA_REG_DESCRIBE_H
#define NVDLA_REG_DESCRIBE_H

#include <stdint.h>

/* NVDLA CSB byte address; an address no register has: "0x3fffc (no register) = ..." */
void nvdla_reg_describe(uint32_t byte_addr, uint32_t data, char *buf, unsigned len);

#endif
