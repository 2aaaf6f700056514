/* nvdla_ref: a register-level reference executor for NVDLA traces. It
 * mirrors what firmware does (CSB register writes, memory loads) and, when
 * asked, runs the layers whose OP_EN is set on its own memory image with
 * the golden models, the way the hardware would (ping-pong groups included).
 * The trace runner uses it to explain a CRC mismatch: the first differing
 * byte, the layer that wrote it, its (w, h, c) coordinate, expected and
 * actual values and the layer's register setup.
 *
 * Layers the models refuse (e.g. a precision nv_small does not have) are
 * recorded as uncovered; their outputs in the reference image are not
 * trusted and nvdla_ref_explain says so. */
#ifndef NVDLA_REF_H
#define NVDLA_REF_H

#include <stddef.h>
#include <stdint.h>
#include "nvdla_config.h"
#include "sparse_mem.h"

struct nvdla_ref;

struct nvdla_ref *nvdla_ref_create(void);
void nvdla_ref_destroy(struct nvdla_ref *r);            /* NULL is fine */
/* Model configuration hw (NULL: nv_small); resets the registers. */
void nvdla_ref_set_config(struct nvdla_ref *r, const struct nvdla_config *hw);

/* Mirror of mem_init / mem_load on the primary (DBBIF) memory. */
void nvdla_ref_mem_write(struct nvdla_ref *r, uint64_t addr, const void *src, size_t len);
void nvdla_ref_mem_fill(struct nvdla_ref *r, uint64_t addr, uint8_t value, size_t len);
/* The same on the SRAMIF memory (sec_mem): layers whose RAM type is CV
 * read and write it. */
void nvdla_ref_sram_write(struct nvdla_ref *r, uint64_t addr, const void *src, size_t len);
void nvdla_ref_sram_fill(struct nvdla_ref *r, uint64_t addr, uint8_t value, size_t len);
/* Mirror of a CSB register write (byte address), with the DUT's ping-pong
 * and LUT-access semantics. */
void nvdla_ref_reg_write(struct nvdla_ref *r, uint32_t addr, uint32_t value);

/* Run every layer that is enabled in all the units it needs, in the order
 * the hardware would. Returns the number of layers run. */
int nvdla_ref_run(struct nvdla_ref *r);

/* The reference memory image (the expected contents after the layers ran). */
const struct sparse_mem *nvdla_ref_mem(const struct nvdla_ref *r);
const struct sparse_mem *nvdla_ref_sram(const struct nvdla_ref *r);   /* SRAMIF's */

/* Compare `actual` (size bytes the DUT left at base) with the reference
 * image and write a human-readable report into report (always
 * NUL-terminated). Returns 1 when a golden-covered layer wrote the first
 * differing byte (the report names it with (w, h, c), expected and actual),
 * 0 when no covering layer explains it, -1 when the two are identical. */
int nvdla_ref_explain(const struct nvdla_ref *r, const uint8_t *actual, uint64_t base,
                      size_t size, char *report, size_t len);
/* The same on the SRAMIF image when sram (a check_crc on sec_mem). */
int nvdla_ref_explain_mem(const struct nvdla_ref *r, int sram, const uint8_t *actual, uint64_t base,
                          size_t size, char *report, size_t len);

#endif
