/* ethosu_reg_describe: a register access of the Ethos-U65 register map in words
 * (ethosu_regs.h; reg_describe.h prints the fields), a bfm_reg_describe_fn. */
#ifndef ETHOSU_REG_DESCRIBE_H
#define ETHOSU_REG_DESCRIBE_H

#include <stdint.h>

/* Ethos-U65 APB byte offset; an address no register has: "0xffc (no register) = ..." */
void ethosu_reg_describe(uint32_t byte_addr, uint32_t data, char *buf, unsigned len);

#endif
