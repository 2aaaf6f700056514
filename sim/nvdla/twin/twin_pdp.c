/* twin_pdp: see twin_pdp.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nvdla_exec.h"
#include "twin_pdp.h"

#define PDP_DONE_BIT(g) (4u + (unsigned)(g))   /* GLB S_INTR_STATUS PDP_DONE_STATUS0/1 */
#define BUS_PDP 2

void twin_pdp_init(struct twin_pdp *p)
{
    memset(p, 0, sizeof *p);
}

void twin_pdp_free(struct twin_pdp *p)
{
    twin_dma_buf_free(&p->in_buf);
    twin_dma_buf_free(&p->out_buf);
    golden_tensor_free(&p->in);
    golden_tensor_free(&p->out);
}

void twin_pdp_reset(struct twin_pdp *p)
{
    p->state = TWIN_PDP_IDLE;
    p->error[0] = 0;
}

static void report(struct twin_pdp *p, const char *why)
{
    if (strcmp(p->error, why)) {
        snprintf(p->error, sizeof p->error, "%s", why);
        fprintf(stderr, "twin: PDP layer not started: %s\n", why);
    }
}

static void out_of_memory(void)
{
    fprintf(stderr, "twin: PDP: out of memory\n");
    abort();
}

/* Pool `in` and queue the output writes. */
static void compute_and_write(struct twin_pdp *p, const struct golden_tensor *in,
                              struct twin_ports *io)
{
    golden_tensor_free(&p->out);
    if (nvdla_exec_pdp(&p->layer, in, &p->out))
        out_of_memory();   /* the program was checked at decode */
    if (twin_dma_buf_fit(&p->out_buf, &p->layer.dst))
        out_of_memory();
    struct golden_layout packed = twin_dma_packed(&p->layer.dst);
    golden_pack(&packed, &p->out, p->out_buf.raw);
    twin_dma_write(io, "PDP output cube", &p->layer.dst, &p->out_buf);
    p->state = TWIN_PDP_WRITE;
}

int twin_pdp_wants_feed(const struct twin_pdp *p, uint32_t w, uint32_t h, uint32_t c)
{
    return p->state == TWIN_PDP_WAIT_SDP && p->layer.cfg.in_w == w && p->layer.cfg.in_h == h &&
           p->layer.cfg.in_c == c;
}

void twin_pdp_feed(struct twin_pdp *p, const struct golden_tensor *t, struct twin_ports *io,
                   int *bus)
{
    *bus = BUS_PDP;   /* SDP is done with the bus: its reads finished */
    twin_ports_reset(io);
    compute_and_write(p, t, io);
}

void twin_pdp_posedge(struct twin_pdp *p, struct nvdla_regfile *r, struct twin_ports *io, int *bus)
{
    switch (p->state) {
    case TWIN_PDP_IDLE: {
        if (!nvdla_regfile_op_en(r, NVDLA_UNIT_PDP))
            return;
        char why[256];
        if (nvdla_decode_pdp(r, &p->layer, why, sizeof why)) {
            report(p, why);
            return;
        }
        p->group = r->consumer[NVDLA_UNIT_PDP];
        if (p->layer.flying_in) {
            p->error[0] = 0;
            nvdla_regfile_start(r, NVDLA_UNIT_PDP);
            p->state = TWIN_PDP_WAIT_SDP;
            return;
        }
        if (!nvdla_regfile_op_en(r, NVDLA_UNIT_PDP_RDMA) || *bus)
            return;
        *bus = BUS_PDP;
        p->error[0] = 0;
        twin_ports_reset(io);
        nvdla_regfile_start(r, NVDLA_UNIT_PDP);
        nvdla_regfile_start(r, NVDLA_UNIT_PDP_RDMA);
        if (twin_dma_buf_fit(&p->in_buf, &p->layer.src))
            out_of_memory();
        twin_dma_read(io, "PDP_RDMA input cube", &p->layer.src, &p->in_buf);
        p->state = TWIN_PDP_READ;
        break;
    }
    case TWIN_PDP_READ:
        if (!twin_ports_reads_done(io))
            return;
        golden_tensor_free(&p->in);
        if (nvdla_exec_unpack(&p->layer.src, p->in_buf.raw, &p->in))
            out_of_memory();
        compute_and_write(p, &p->in, io);
        break;
    case TWIN_PDP_WAIT_SDP:
        break;   /* twin_pdp_feed moves on */
    case TWIN_PDP_WRITE:
        if (!twin_ports_writes_done(io))
            return;
        nvdla_regfile_done(r, NVDLA_UNIT_PDP);
        if (!p->layer.flying_in)
            nvdla_regfile_done(r, NVDLA_UNIT_PDP_RDMA);
        nvdla_regfile_intr(r, PDP_DONE_BIT(p->group));
        p->layers_done++;
        p->state = TWIN_PDP_IDLE;
        if (*bus == BUS_PDP)
            *bus = 0;
        break;
    }
}
