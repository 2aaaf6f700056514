/* twin_dma: see twin_dma.h. */
#include <stdio.h>
#include <stdlib.h>
#include "twin_dma.h"

void twin_ports_reset(struct twin_ports *io)
{
    axi_manager_reset(io->dbb);
    if (io->sram)
        axi_manager_reset(io->sram);
}

int twin_ports_reads_done(const struct twin_ports *io)
{
    return axi_manager_reads_done(io->dbb) && (!io->sram || axi_manager_reads_done(io->sram));
}

int twin_ports_writes_done(const struct twin_ports *io)
{
    return axi_manager_writes_done(io->dbb) && (!io->sram || axi_manager_writes_done(io->sram));
}

int twin_ports_idle(const struct twin_ports *io)
{
    return axi_manager_idle(io->dbb) && (!io->sram || axi_manager_idle(io->sram));
}

/* The manager of the port a transfer names, or NULL (reason recorded)
 * when it names SRAMIF and the twin has none. */
static struct axi_manager *port(struct twin_ports *io, int sram, const char *what, int write)
{
    if (!sram)
        return io->dbb;
    if (!io->sram && !io->missing[0])
        snprintf(io->missing, sizeof io->missing, "%s: RAM type CV %s the SRAMIF memory, but this twin has no "
                 "SRAMIF port (the configuration has none): nothing was %s", what,
                 write ? "writes to" : "reads from", write ? "written" : "read");
    return io->sram;
}

void twin_ports_read(struct twin_ports *io, int sram, const char *what, uint64_t addr, uint32_t len, uint8_t *dst)
{
    struct axi_manager *m = port(io, sram, what, 0);
    if (m)
        axi_manager_read(m, addr, len, dst);
}

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

void twin_dma_read(struct twin_ports *io, const char *what, const struct nvdla_cube_mem *m, struct twin_dma_buf *b)
{
    struct run_ctx c = { port(io, m->sram, what, 0), b->raw };
    if (c.axi)
        nvdla_cube_runs(m, read_run, &c);
}

void twin_dma_write(struct twin_ports *io, const char *what, const struct nvdla_cube_mem *m,
                    const struct twin_dma_buf *b)
{
    struct run_ctx c = { port(io, m->sram, what, 1), b->raw };
    if (c.axi)
        nvdla_cube_runs(m, write_run, &c);
}

struct golden_layout twin_dma_packed(const struct nvdla_cube_mem *m)
{
    return golden_layout_packed_n(m->w, m->h, m->layout.elem_bytes, golden_layout_lanes(&m->layout));
}
