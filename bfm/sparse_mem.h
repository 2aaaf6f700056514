/* sparse_mem: a byte-addressed memory over the full 64-bit space, stored
 * in 4 KiB pages allocated on first write. Unwritten bytes read as the
 * fill byte (0 by default). Shared between the AXI memory BFM and test
 * code (loads, dumps, CRCs).
 *
 * Memory stays bounded by what was really written: filling with the fill
 * byte allocates nothing (it releases the pages it covers entirely and
 * clears the covered bytes of pages it covers in part), reads, CRCs and
 * dumps never allocate, and a CRC over a range of unwritten memory costs
 * a few CRC combinations per run of unwritten pages, not a pass over its
 * bytes (a 4 GiB zero range takes microseconds). An optional limit makes
 * the writes that would allocate beyond it fail with an error code. */
#ifndef SPARSE_MEM_H
#define SPARSE_MEM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SPARSE_MEM_PAGE_SIZE 4096u

/* Result of the calls that may allocate (write, write_strb, fill). */
enum sparse_mem_status {
    SPARSE_MEM_OK = 0,
    SPARSE_MEM_ELIMIT = -1,     /* would allocate beyond sparse_mem_set_limit(): nothing written */
    SPARSE_MEM_ENOMEM = -2,     /* malloc failed: the bytes before the failing page are written */
};

struct sparse_mem;

/* Aborts with a message when even the empty table cannot be allocated. */
struct sparse_mem *sparse_mem_create(void);
void sparse_mem_destroy(struct sparse_mem *m);          /* NULL is fine */

/* The byte every unallocated byte reads as. Set it before the first write
 * or fill: it applies to every byte not held by an allocated page, which
 * includes the ranges a fill with the previous fill byte released. */
void sparse_mem_set_fill(struct sparse_mem *m, uint8_t fill);

/* The calls that store bytes return SPARSE_MEM_OK or a negative
 * enum sparse_mem_status; they never abort. Callers may ignore the result
 * and ask sparse_mem_error() later. */
int sparse_mem_write(struct sparse_mem *m, uint64_t addr, const void *src, size_t len);
/* Write only the bytes whose bit is set in strb (bit i -> src[i]); len <= 64. */
int sparse_mem_write_strb(struct sparse_mem *m, uint64_t addr, const void *src,
                          size_t len, uint64_t strb);
/* value == the fill byte: allocates nothing and never fails (see above).
 * Any other value allocates every page of the range. */
int sparse_mem_fill(struct sparse_mem *m, uint64_t addr, uint8_t value, size_t len);

void sparse_mem_read(const struct sparse_mem *m, uint64_t addr, void *dst, size_t len);
/* zlib crc32 (IEEE 802.3) of [addr, addr+len). Allocates nothing. */
uint32_t sparse_mem_crc32(const struct sparse_mem *m, uint64_t addr, size_t len);
/* Raw binary dump of [addr, addr+len) to a stream. Returns 0 or -1. */
int sparse_mem_dump(const struct sparse_mem *m, uint64_t addr, size_t len, FILE *f);

size_t sparse_mem_pages(const struct sparse_mem *m);   /* pages allocated */
/* Bytes held: the allocated pages plus the page table (16 bytes a slot,
 * 2 to 8 slots a page, at least 1024 slots). */
size_t sparse_mem_bytes_allocated(const struct sparse_mem *m);

/* Refuse (SPARSE_MEM_ELIMIT, nothing written) any write or fill after
 * which sparse_mem_bytes_allocated() would exceed bytes. 0 (the default)
 * means no limit. Pages already allocated stay; writes into them always
 * succeed. */
void sparse_mem_set_limit(struct sparse_mem *m, size_t bytes);
size_t sparse_mem_limit(const struct sparse_mem *m);

/* The first write or fill that failed: its status (0 if none failed) and,
 * when addr is not NULL, its start address. Sticky until destroy. */
int sparse_mem_error(const struct sparse_mem *m, uint64_t *addr);
/* "would exceed the memory limit", "out of memory", ... */
const char *sparse_mem_strerror(int status);

#endif
