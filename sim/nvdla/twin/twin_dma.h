/* twin_dma: what the twin's engines share to move a cube between memory
 * and a golden tensor over the AXI managers: the memory ports (DBBIF, and
 * SRAMIF when the configuration has it), a growable raw buffer holding the
 * cube packed, and the queueing of one burst run per line on the port the
 * cube's RAM type names. */
#ifndef TWIN_DMA_H
#define TWIN_DMA_H

#include <stddef.h>
#include <stdint.h>
#include "nvdla_decode.h"
#include "axi_manager.h"

struct twin_dma_buf {
    uint8_t *raw;
    size_t cap;
};

/* The twin's memory ports. One engine owns both at a time (the twin's bus
 * token), so a layer may read from one and write to the other. */
struct twin_ports {
    struct axi_manager *dbb;
    struct axi_manager *sram;   /* NULL: the twin has no SRAMIF */
    /* Set when a transfer named SRAMIF on a twin without it: nothing was
     * queued (the bytes must not go to DBBIF instead); the twin stops with
     * this reason. */
    char missing[160];
};

/* Start both queues afresh (an engine taking the ports). */
void twin_ports_reset(struct twin_ports *io);
int twin_ports_reads_done(const struct twin_ports *io);
int twin_ports_writes_done(const struct twin_ports *io);
int twin_ports_idle(const struct twin_ports *io);
/* Queue a plain byte range on SRAMIF (sram) or DBBIF. */
void twin_ports_read(struct twin_ports *io, int sram, const char *what, uint64_t addr, uint32_t len, uint8_t *dst);

void twin_dma_buf_free(struct twin_dma_buf *b);
/* Make room for the packed cube. Returns 0 or -1 (out of memory). */
int twin_dma_buf_fit(struct twin_dma_buf *b, const struct nvdla_cube_mem *m);
/* Queue reads of every line of the cube into b (packed), on the port of
 * its RAM type; what names the cube for the missing-port reason. */
void twin_dma_read(struct twin_ports *io, const char *what, const struct nvdla_cube_mem *m, struct twin_dma_buf *b);
/* Queue writes of every line of the cube from b (packed). */
void twin_dma_write(struct twin_ports *io, const char *what, const struct nvdla_cube_mem *m,
                    const struct twin_dma_buf *b);
/* Packed layout of the cube (what the buffer holds). */
struct golden_layout twin_dma_packed(const struct nvdla_cube_mem *m);

#endif
