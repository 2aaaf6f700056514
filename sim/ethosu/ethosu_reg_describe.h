/* ethosu_reg_describe: a register access of the Ethos-U register map in words
 * (ethosu_regs.h; reg_describe.h prints the fields), a bfm_reg_describe_fn:
 * in the map of the run's product (its registers and fields only). */
#ifndef ETHOSU_REG_DESCRIBE_H
#define ETHOSU_REG_DESCRIBE_H

#include <stdint.h>

/* APB byte offset; an address no register has: "0xffc (no register) = ..." */
void ethosu_reg_describe(uint32_t byte_addr, uint32_t data, char *buf, unsigned len);
/* The product of the run (ETHOSU_PRODUCT_*; the default Ethos-U65): MEM_ATTR0
 * or AXI_LIMIT0 at 0x040, CONFIG's fields. */
void ethosu_reg_describe_set_product(unsigned product);

#endif
