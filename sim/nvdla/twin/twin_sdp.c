/* twin_sdp: see twin_sdp.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nvdla_exec.h"
#include "twin_sdp.h"

#define SDP_DONE_BIT(g) (0u + (unsigned)(g))   /* GLB S_INTR_STATUS SDP_DONE_STATUS0/1 */
#define BUS_SDP 1

void twin_sdp_init(struct twin_sdp *s)
{
    memset(s, 0, sizeof *s);
}

void twin_sdp_free(struct twin_sdp *s)
{
    twin_dma_buf_free(&s->in_buf);
    twin_dma_buf_free(&s->out_buf);
    for (int i = 0; i < GOLDEN_SDP_STAGES; i++)
        twin_dma_buf_free(&s->op_buf[i]);
    golden_tensor_free(&s->in);
    golden_tensor_free(&s->out);
}

void twin_sdp_reset(struct twin_sdp *s)
{
    s->state = TWIN_SDP_IDLE;
    s->error[0] = 0;
}

/* A program the twin cannot run stays unstarted (the watchdog ends the
 * run); say why once rather than every cycle. */
static void report(struct twin_sdp *s, const char *why)
{
    if (strcmp(s->error, why)) {
        snprintf(s->error, sizeof s->error, "%s", why);
        fprintf(stderr, "twin: SDP layer not started: %s\n", why);
    }
}

static void out_of_memory(void)
{
    fprintf(stderr, "twin: SDP: out of memory\n");
    abort();
}

/* SDP_RDMA takes part unless the input comes from the convolution and no
 * operand stream is fetched. */
static int uses_rdma(const struct nvdla_sdp_layer *l)
{
    return !l->flying_in || l->ops[0].fetch || l->ops[1].fetch || l->ops[2].fetch;
}

static void start_units(struct twin_sdp *s, struct nvdla_regfile *r)
{
    s->group = r->consumer[NVDLA_UNIT_SDP];
    nvdla_regfile_start(r, NVDLA_UNIT_SDP);
    if (uses_rdma(&s->layer))
        nvdla_regfile_start(r, NVDLA_UNIT_SDP_RDMA);
}

/* Queue the input cube (off-flying) and the operand streams. */
static const char *const op_name[GOLDEN_SDP_STAGES] = { "SDP_RDMA BS operands", "SDP_RDMA BN operands",
                                                        "SDP_RDMA EW operands" };

static void start_reads(struct twin_sdp *s, struct twin_ports *io)
{
    const struct nvdla_sdp_layer *l = &s->layer;
    if (!l->flying_in) {
        if (twin_dma_buf_fit(&s->in_buf, &l->src))
            out_of_memory();
        twin_dma_read(io, "SDP_RDMA input cube", &l->src, &s->in_buf);
    }
    for (int i = 0; i < GOLDEN_SDP_STAGES; i++)
        if (l->ops[i].fetch) {
            if (twin_dma_buf_fit(&s->op_buf[i], &l->ops[i].mem))
                out_of_memory();
            twin_dma_read(io, op_name[i], &l->ops[i].mem, &s->op_buf[i]);
        }
    s->state = TWIN_SDP_READ;
}

static void finish(struct twin_sdp *s, struct nvdla_regfile *r, int *bus)
{
    nvdla_regfile_done(r, NVDLA_UNIT_SDP);
    if (uses_rdma(&s->layer))
        nvdla_regfile_done(r, NVDLA_UNIT_SDP_RDMA);
    nvdla_regfile_intr(r, SDP_DONE_BIT(s->group));
    s->layers_done++;
    s->state = TWIN_SDP_IDLE;
    if (*bus == BUS_SDP)
        *bus = 0;
}

/* Statistics into the group's read-only status/perf registers. */
static void record_stats(struct nvdla_regfile *r, int g, const struct golden_sdp_stats *st)
{
    uint32_t perf = r->grp[g][NVDLA_SDP_D_PERF_ENABLE_IDX];
    if (perf & NVDLA_SDP_D_PERF_ENABLE_PERF_LUT_EN_MASK) {
        r->grp[g][NVDLA_SDP_D_PERF_LUT_UFLOW_IDX] = (uint32_t)st->lut_uflow;
        r->grp[g][NVDLA_SDP_D_PERF_LUT_OFLOW_IDX] = (uint32_t)st->lut_oflow;
        r->grp[g][NVDLA_SDP_D_PERF_LUT_HYBRID_IDX] = (uint32_t)st->lut_hybrid;
        r->grp[g][NVDLA_SDP_D_PERF_LUT_LE_HIT_IDX] = (uint32_t)st->lut_le_hit;
        r->grp[g][NVDLA_SDP_D_PERF_LUT_LO_HIT_IDX] = (uint32_t)st->lut_lo_hit;
    }
    if (perf & NVDLA_SDP_D_PERF_ENABLE_PERF_SAT_EN_MASK)
        r->grp[g][NVDLA_SDP_D_PERF_OUT_SATURATION_IDX] = (uint32_t)st->out_saturation;
    r->grp[g][NVDLA_SDP_D_STATUS_IDX] = st->unequal ? NVDLA_SDP_D_STATUS_STATUS_UNEQUAL_MASK : 0;
}

void twin_sdp_posedge(struct twin_sdp *s, struct nvdla_regfile *r, struct twin_ports *io,
                      struct twin_pdp *pdp, int *bus)
{
    switch (s->state) {
    case TWIN_SDP_IDLE: {
        if (!nvdla_regfile_op_en(r, NVDLA_UNIT_SDP))
            return;
        char why[256];
        if (nvdla_decode_sdp(r, &s->layer, why, sizeof why)) {
            if (nvdla_regfile_op_en(r, NVDLA_UNIT_SDP_RDMA) ||
                (nvdla_regfile_cfg(r, NVDLA_SDP_D_FEATURE_MODE_CFG_IDX) &
                 NVDLA_SDP_D_FEATURE_MODE_CFG_FLYING_MODE_MASK))
                report(s, why);
            return;
        }
        if (uses_rdma(&s->layer) && !nvdla_regfile_op_en(r, NVDLA_UNIT_SDP_RDMA))
            return;
        if (s->layer.flying_in) {
            s->error[0] = 0;
            start_units(s, r);
            s->state = TWIN_SDP_WAIT_CONV;
            return;
        }
        if (s->layer.to_pdp && !twin_pdp_wants_feed(pdp, s->layer.w, s->layer.h, s->layer.c))
            return;   /* the PDP layer it feeds is not enabled yet */
        if (*bus)
            return;
        *bus = BUS_SDP;
        s->error[0] = 0;
        twin_ports_reset(io);   /* idle while the bus was free: start the queues afresh */
        start_units(s, r);
        start_reads(s, io);
        s->state = TWIN_SDP_READ;
        break;
    }
    case TWIN_SDP_WAIT_CONV:
        break;   /* twin_sdp_feed moves on */
    case TWIN_SDP_READ: {
        if (!twin_ports_reads_done(io))
            return;
        const uint8_t *ops[GOLDEN_SDP_STAGES];
        for (int i = 0; i < GOLDEN_SDP_STAGES; i++)
            ops[i] = s->layer.ops[i].fetch ? s->op_buf[i].raw : NULL;
        struct golden_sdp_stats st;
        memset(&st, 0, sizeof st);
        golden_tensor_free(&s->out);
        int rc = s->layer.flying_in ? nvdla_exec_sdp_tensor(&s->layer, &s->in, ops, &s->out, &st)
                                    : nvdla_exec_sdp(&s->layer, s->in_buf.raw, ops, &s->out, &st);
        if (rc)
            out_of_memory();
        record_stats(r, s->group, &st);
        if (golden_sdp_compare_mode(&s->layer.cfg)) {
            finish(s, r, bus);   /* compare mode writes nothing */
        } else if (s->layer.to_pdp) {
            twin_pdp_feed(pdp, &s->out, io, bus);
            finish(s, r, bus);
        } else {
            if (twin_dma_buf_fit(&s->out_buf, &s->layer.dst))
                out_of_memory();
            struct golden_layout packed = twin_dma_packed(&s->layer.dst);
            golden_pack(&packed, &s->out, s->out_buf.raw);
            twin_dma_write(io, "SDP output cube", &s->layer.dst, &s->out_buf);
            s->state = TWIN_SDP_WRITE;
        }
        break;
    }
    case TWIN_SDP_WRITE:
        if (!twin_ports_writes_done(io))
            return;
        finish(s, r, bus);
        break;
    }
}

int twin_sdp_wants_feed(const struct twin_sdp *s, uint32_t w, uint32_t h, uint32_t c)
{
    return s->state == TWIN_SDP_WAIT_CONV && s->layer.w == w && s->layer.h == h && s->layer.c == c;
}

void twin_sdp_feed(struct twin_sdp *s, struct golden_tensor *t, struct twin_ports *io, int *bus)
{
    golden_tensor_free(&s->in);
    s->in = *t;
    memset(t, 0, sizeof *t);
    *bus = BUS_SDP;   /* the convolution is done with the bus */
    twin_ports_reset(io);
    start_reads(s, io);   /* operand streams, if any */
    s->state = TWIN_SDP_READ;
}
