/* sparse_mem: a byte-addressed memory over the full 64-bit space, stored
 * in 4 KiB pages allocated on first write. Unwritten bytes read as the
 * fill byte (0 by default). Shared between the AXI memory BFM and test
 * code (loads, dumps, CRCs). */
#ifndef SPARSE_MEM_H
#define SPARSE_MEM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct sparse_mem;

struct sparse_mem *sparse_mem_create(void);
void sparse_mem_destroy(struct sparse_mem *m);          /* NULL is fine */

void sparse_mem_set_fill(struct sparse_mem *m, uint8_t fill);
void sparse_mem_write(struct sparse_mem *m, uint64_t addr, const void *src, size_t len);
/* Write only the bytes whose bit is set in strb (bit i -> src[i]); len <= 64. */
void sparse_mem_write_strb(struct sparse_mem *m, uint64_t addr, const void *src,
                           size_t len, uint64_t strb);
void sparse_mem_read(const struct sparse_mem *m, uint64_t addr, void *dst, size_t len);
void sparse_mem_fill(struct sparse_mem *m, uint64_t addr, uint8_t value, size_t len);
/* zlib crc32 (IEEE 802.3) of [addr, addr+len). */
uint32_t sparse_mem_crc32(const struct sparse_mem *m, uint64_t addr, size_t len);
/* Raw binary dump of [addr, addr+len) to a stream. Returns 0 or -1. */
int sparse_mem_dump(const struct sparse_mem *m, uint64_t addr, size_t len, FILE *f);
size_t sparse_mem_pages(const struct sparse_mem *m);   /* pages allocated */

#endif
