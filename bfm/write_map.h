/* write_map: which bytes of a 64-bit address space a DUT wrote.
 *
 * A check of memory compares what is there, which cannot tell a byte the
 * DUT wrote from one that merely kept its initial (or loaded) value: a DUT
 * that writes nothing passes every check whose expected bytes equal the
 * initial contents. The AXI memory BFM marks here every byte lane a write
 * burst stores (axi_mem_set_write_map), so a check can count the bytes of
 * its region the DUT really wrote. Test loads (sparse_mem_write by the
 * test) are not marked.
 *
 * Stored as a sparse_mem of flags (1: written), so it costs a page per
 * 4 KiB page the DUT wrote and nothing elsewhere. */
#ifndef WRITE_MAP_H
#define WRITE_MAP_H

#include <stddef.h>
#include <stdint.h>

struct write_map;

/* NULL when even the empty table cannot be allocated. */
struct write_map *write_map_create(void);
void write_map_destroy(struct write_map *w);            /* NULL is fine */

/* Mark [addr, addr+len) written. The marks do nothing on a NULL map. */
void write_map_mark(struct write_map *w, uint64_t addr, size_t len);
/* Mark the bytes addr+i whose bit i is set in strb; len <= 64. */
void write_map_mark_strb(struct write_map *w, uint64_t addr, size_t len, uint64_t strb);

/* Bytes of [addr, addr+len) marked written (0..len; 0 on a NULL map). */
uint64_t write_map_count(const struct write_map *w, uint64_t addr, uint64_t len);

/* A write_map_mark failed for lack of memory (sticky): counts may be low. */
int write_map_error(const struct write_map *w);

#endif
