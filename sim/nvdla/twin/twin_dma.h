/* twin_dma: what the twin's engines share to move a cube between memory
 * and a golden tensor over the AXI manager: a growable raw buffer holding
 * the cube packed, and the queueing of one burst run per line. */
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

void twin_dma_buf_free(struct twin_dma_buf *b);
/* Make room for the packed cube. Returns 0 or -1 (out of memory). */
int twin_dma_buf_fit(struct twin_dma_buf *b, const struct nvdla_cube_mem *m);
/* Queue reads of every line of the cube into b (packed). */
void twin_dma_read(struct axi_manager *axi, const struct nvdla_cube_mem *m, struct twin_dma_buf *b);
/* Queue writes of every line of the cube from b (packed). */
void twin_dma_write(struct axi_manager *axi, const struct nvdla_cube_mem *m,
                    const struct twin_dma_buf *b);
/* Packed layout of the cube (what the buffer holds). */
struct golden_layout twin_dma_packed(const struct nvdla_cube_mem *m);

#endif
