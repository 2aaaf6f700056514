/* nvdla_decode_priv: what the decode files share (not a public API). */
#ifndef NVDLA_DECODE_PRIV_H
#define NVDLA_DECODE_PRIV_H

#include <stddef.h>
#include <stdint.h>
#include "nvdla_decode.h"

/* Register value / field value in the unit's consumer group (needs `r`). */
#define REG(NAME) nvdla_regfile_cfg(r, NVDLA_##NAME##_IDX)
#define FLD(NAME, F) ((REG(NAME) & NVDLA_##NAME##_##F##_MASK) >> NVDLA_##NAME##_##F##_SHIFT)
#define ADDR64(LO, HI) (REG(LO) | (uint64_t)REG(HI) << 32)

/* Elements per memory atom of the configuration r models (int8: its bytes). */
#define ATOM_LANES (nvdla_regfile_hw(r)->memory_atomic_size)

/* The low `bits` bits of v as two's complement (1..32). */
int32_t nvdla_decode_sx(uint32_t v, unsigned bits);
/* Print a reason into why and return -1. */
int nvdla_decode_fail(char *why, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void nvdla_decode_cube(struct nvdla_cube_mem *m, uint64_t base, uint64_t line, uint64_t surface,
                       uint32_t w, uint32_t h, uint32_t c, unsigned eb, unsigned lanes);

#endif
