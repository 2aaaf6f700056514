/* twin_dma: see twin_dma.h. */
#include <stdlib.h>
#include "twin_dma.h"

void twin_dma_buf_free(struct twin_dma_buf *b)
{
    free(b->raw);
    b->raw = NULL;
    b->cap = 0;
}

int twin_dma_buf_fit(struct twin_dma_buf *b, const struct nvdla_cube_mem *m)
{
    size_t need = nvdla_cube_packed_bytes(m);
    if (need <= b->cap)
        return 0;
    uint8_t *n = realloc(b->raw, need);
    if (!n)
        return -1;
    b->raw = n;
    b->cap = need;
    return 0;
}

struct run_ctx {
    struct axi_manager *axi;
    uint8_t *raw;
};

static void read_run(void *p, uint64_t addr, uint32_t len, size_t off)
{
    struct run_ctx *c = p;
    axi_manager_read(c->axi, addr, len, c->raw + off);
}

static void write_run(void *p, uint64_t addr, uint32_t len, size_t off)
{
    struct run_ctx *c = p;
    axi_manager_write(c->axi, addr, len, c->raw + off);
}

void twin_dma_read(struct axi_manager *axi, const struct nvdla_cube_mem *m, struct twin_dma_buf *b)
{
    struct run_ctx c = { axi, b->raw };
    nvdla_cube_runs(m, read_run, &c);
}

void twin_dma_write(struct axi_manager *axi, const struct nvdla_cube_mem *m,
                    const struct twin_dma_buf *b)
{
    struct run_ctx c = { axi, b->raw };
    nvdla_cube_runs(m, write_run, &c);
}

struct golden_layout twin_dma_packed(const struct nvdla_cube_mem *m)
{
    return golden_layout_packed_n(m->w, m->h, m->layout.elem_bytes, golden_layout_lanes(&m->layout));
}
