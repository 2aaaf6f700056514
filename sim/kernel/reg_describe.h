/* reg_describe: a register access in words, from a generated register
 * table: "NVDLA_SDP.D_DATA_CUBE_WIDTH = 0x7 (WIDTH=7)", for the register-bus
 * BFMs' transaction logs (bfm_reg_describe_fn). The family-neutral part; each
 * family's describe function (its sim_family's reg_describe, e.g.
 * nvdla_reg_describe.h, ethosu_reg_describe.h) reads its own table. */
#ifndef REG_DESCRIBE_H
#define REG_DESCRIBE_H

#include <stddef.h>
#include <stdint.h>

/* Most fields a register is described with. */
#define REG_DESCRIBE_MAX_FIELDS 64

/* " (F=v F2=v2:NAME ...)" for the n fields of a register holding data,
 * written into buf from offset at (nothing for one whole-word field);
 * returns the new offset. */
size_t reg_describe_fields(char *buf, size_t len, size_t at, uint32_t data, const char *const *names, const uint8_t *lsb,
                           const uint8_t *width, const char *const *enums, unsigned n);

#endif
