/* reg_describe: a register access in words, from the generated register
 * tables: "NVDLA_SDP.D_DATA_CUBE_WIDTH = 0x7 (WIDTH=7)", for the register-bus
 * BFMs' transaction logs (bfm_reg_describe_fn). */
#ifndef REG_DESCRIBE_H
#define REG_DESCRIBE_H

#include <stdint.h>

/* NVDLA CSB byte address; an address no register has: "0x3fffc (no register) = ..." */
void nvdla_reg_describe(uint32_t byte_addr, uint32_t data, char *buf, unsigned len);
/* Ethos-U65 APB byte offset */
void ethosu_reg_describe(uint32_t byte_addr, uint32_t data, char *buf, unsigned len);

#endif
