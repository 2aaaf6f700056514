/* twin_cdp: see twin_cdp.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nvdla_exec.h"
#include "twin_cdp.h"

#define CDP_DONE_BIT(g) (2u + (unsigned)(g))   /* GLB S_INTR_STATUS CDP_DONE_STATUS0/1 */
#define BUS_CDP 4

void twin_cdp_init(struct twin_cdp *c)
{
    memset(c, 0, sizeof *c);
}

void twin_cdp_free(struct twin_cdp *c)
{
    twin_dma_buf_free(&c->in_buf);
    twin_dma_buf_free(&c->out_buf);
    golden_tensor_free(&c->in);
    golden_tensor_free(&c->out);
}

void twin_cdp_reset(struct twin_cdp *c)
{
    c->state = TWIN_CDP_IDLE;
    c->error[0] = 0;
}

static void out_of_memory(void)
{
    fprintf(stderr, "twin: CDP: out of memory\n");
    abort();
}

/* Statistics into the group's read-only perf registers. */
static void record_stats(struct nvdla_regfile *r, int g, const struct golden_cdp_stats *st)
{
    if (r->grp[g][NVDLA_CDP_D_PERF_ENABLE_IDX] & NVDLA_CDP_D_PERF_ENABLE_LUT_EN_MASK) {
        r->grp[g][NVDLA_CDP_D_PERF_LUT_UFLOW_IDX] = (uint32_t)st->lut_uflow;
        r->grp[g][NVDLA_CDP_D_PERF_LUT_OFLOW_IDX] = (uint32_t)st->lut_oflow;
        r->grp[g][NVDLA_CDP_D_PERF_LUT_HYBRID_IDX] = (uint32_t)st->lut_hybrid;
        r->grp[g][NVDLA_CDP_D_PERF_LUT_LE_HIT_IDX] = (uint32_t)st->lut_le_hit;
        r->grp[g][NVDLA_CDP_D_PERF_LUT_LO_HIT_IDX] = (uint32_t)st->lut_lo_hit;
    }
    r->grp[g][NVDLA_CDP_D_OUT_SATURATION_IDX] = (uint32_t)st->out_saturation;
}

void twin_cdp_posedge(struct twin_cdp *c, struct nvdla_regfile *r, struct twin_ports *io, int *bus)
{
    switch (c->state) {
    case TWIN_CDP_IDLE: {
        if (!nvdla_regfile_op_en(r, NVDLA_UNIT_CDP) || !nvdla_regfile_op_en(r, NVDLA_UNIT_CDP_RDMA))
            return;
        char why[256];
        if (nvdla_decode_cdp(r, &c->layer, why, sizeof why)) {
            if (strcmp(c->error, why)) {
                snprintf(c->error, sizeof c->error, "%s", why);
                fprintf(stderr, "twin: CDP layer not started: %s\n", why);
            }
            return;
        }
        if (*bus)
            return;
        *bus = BUS_CDP;
        c->error[0] = 0;
        c->group = r->consumer[NVDLA_UNIT_CDP];
        twin_ports_reset(io);
        nvdla_regfile_start(r, NVDLA_UNIT_CDP);
        nvdla_regfile_start(r, NVDLA_UNIT_CDP_RDMA);
        if (twin_dma_buf_fit(&c->in_buf, &c->layer.src))
            out_of_memory();
        twin_dma_read(io, "CDP_RDMA input cube", &c->layer.src, &c->in_buf);
        c->state = TWIN_CDP_READ;
        break;
    }
    case TWIN_CDP_READ: {
        if (!twin_ports_reads_done(io))
            return;
        golden_tensor_free(&c->in);
        golden_tensor_free(&c->out);
        struct golden_cdp_stats st;
        memset(&st, 0, sizeof st);
        if (nvdla_exec_unpack(&c->layer.src, c->in_buf.raw, &c->in) ||
            nvdla_exec_cdp(&c->layer, &c->in, &c->out, &st) || twin_dma_buf_fit(&c->out_buf, &c->layer.dst))
            out_of_memory();
        record_stats(r, c->group, &st);
        struct golden_layout packed = twin_dma_packed(&c->layer.dst);
        golden_pack(&packed, &c->out, c->out_buf.raw);
        twin_dma_write(io, "CDP output cube", &c->layer.dst, &c->out_buf);
        c->state = TWIN_CDP_WRITE;
        break;
    }
    case TWIN_CDP_WRITE:
        if (!twin_ports_writes_done(io))
            return;
        nvdla_regfile_done(r, NVDLA_UNIT_CDP);
        nvdla_regfile_done(r, NVDLA_UNIT_CDP_RDMA);
        nvdla_regfile_intr(r, CDP_DONE_BIT(c->group));
        c->layers_done++;
        c->state = TWIN_CDP_IDLE;
        if (*bus == BUS_CDP)
            *bus = 0;
        break;
    }
}
