/* twin_sdp: see twin_sdp.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "twin_sdp.h"

#define ATOM_BYTES 8u
#define SDP_DONE_BIT(g) (0u + (unsigned)(g))   /* GLB S_INTR_STATUS SDP_DONE_STATUS0/1 */

void twin_sdp_init(struct twin_sdp *s)
{
    memset(s, 0, sizeof *s);
}

void twin_sdp_free(struct twin_sdp *s)
{
    free(s->buf);
    s->buf = NULL;
}

void twin_sdp_reset(struct twin_sdp *s)
{
    s->state = TWIN_SDP_IDLE;
}

static uint32_t field(uint32_t v, uint32_t mask, unsigned shift)
{
    return (v & mask) >> shift;
}

/* Read both cube descriptions from the consumer groups. */
static void latch(struct twin_sdp *s, const struct twin_regfile *r)
{
    uint32_t w = twin_regfile_cfg(r, NVDLA_SDP_RDMA_D_DATA_CUBE_WIDTH_IDX) + 1;
    uint32_t h = twin_regfile_cfg(r, NVDLA_SDP_RDMA_D_DATA_CUBE_HEIGHT_IDX) + 1;
    uint32_t c = twin_regfile_cfg(r, NVDLA_SDP_RDMA_D_DATA_CUBE_CHANNEL_IDX) + 1;
    uint32_t mode = twin_regfile_cfg(r, NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG_IDX);
    uint32_t prec = field(mode, NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG_IN_PRECISION_MASK,
                          NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG_IN_PRECISION_SHIFT);
    uint32_t per_atom = prec == 0 ? ATOM_BYTES : ATOM_BYTES / 2;   /* INT8 or 16-bit */

    s->src.base = twin_regfile_cfg(r, NVDLA_SDP_RDMA_D_SRC_BASE_ADDR_LOW_IDX) |
                  (uint64_t)twin_regfile_cfg(r, NVDLA_SDP_RDMA_D_SRC_BASE_ADDR_HIGH_IDX) << 32;
    s->src.line_stride = twin_regfile_cfg(r, NVDLA_SDP_RDMA_D_SRC_LINE_STRIDE_IDX);
    s->src.surface_stride = twin_regfile_cfg(r, NVDLA_SDP_RDMA_D_SRC_SURFACE_STRIDE_IDX);
    s->dst.base = twin_regfile_cfg(r, NVDLA_SDP_D_DST_BASE_ADDR_LOW_IDX) |
                  (uint64_t)twin_regfile_cfg(r, NVDLA_SDP_D_DST_BASE_ADDR_HIGH_IDX) << 32;
    s->dst.line_stride = twin_regfile_cfg(r, NVDLA_SDP_D_DST_LINE_STRIDE_IDX);
    s->dst.surface_stride = twin_regfile_cfg(r, NVDLA_SDP_D_DST_SURFACE_STRIDE_IDX);
    s->src.width = s->dst.width = w;
    s->src.height = s->dst.height = h;
    s->src.surfaces = s->dst.surfaces = (c + per_atom - 1) / per_atom;
    if (w == 1 && h == 1) {
        /* 1x1 cubes use consecutive atoms; the surface strides are ignored. */
        s->src.surface_stride = s->dst.surface_stride = ATOM_BYTES;
    }
}

/* Queue one transfer per line of the cube; buf holds the lines packed. */
static void queue_cube(const struct twin_cube *c, uint8_t *buf, struct twin_axi_manager *axi,
                       int write)
{
    uint32_t line_bytes = c->width * ATOM_BYTES;
    size_t off = 0;
    for (uint32_t s = 0; s < c->surfaces; s++)
        for (uint32_t y = 0; y < c->height; y++) {
            uint64_t a = c->base + (uint64_t)s * c->surface_stride + (uint64_t)y * c->line_stride;
            if (c->width == 1 && c->height == 1)
                a = c->base + (uint64_t)s * ATOM_BYTES;
            if (write)
                twin_axi_write(axi, a, line_bytes, buf + off);
            else
                twin_axi_read(axi, a, line_bytes, buf + off);
            off += line_bytes;
        }
}

void twin_sdp_posedge(struct twin_sdp *s, struct twin_regfile *r, struct twin_axi_manager *axi)
{
    switch (s->state) {
    case TWIN_SDP_IDLE:
        if (!twin_regfile_op_en(r, NVDLA_UNIT_SDP) || !twin_regfile_op_en(r, NVDLA_UNIT_SDP_RDMA))
            return;
        if (twin_regfile_cfg(r, NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG_IDX) &
            NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG_FLYING_MODE_MASK)
            return;   /* on-flying input comes from the convolution pipeline: not in this twin */
        latch(s, r);
        s->group = r->consumer[NVDLA_UNIT_SDP];
        size_t need = (size_t)s->src.surfaces * s->src.height * s->src.width * ATOM_BYTES;
        if (need > s->buf_size) {
            uint8_t *nb = realloc(s->buf, need);
            if (!nb) {
                fprintf(stderr, "twin_sdp: out of memory for a %zu-byte cube\n", need);
                abort();
            }
            s->buf = nb;
            s->buf_size = need;
        }
        twin_regfile_start(r, NVDLA_UNIT_SDP);
        twin_regfile_start(r, NVDLA_UNIT_SDP_RDMA);
        twin_axi_reset(axi);
        queue_cube(&s->src, s->buf, axi, 0);
        s->state = TWIN_SDP_READ;
        break;
    case TWIN_SDP_READ:
        if (!twin_axi_reads_done(axi))
            return;
        queue_cube(&s->dst, s->buf, axi, 1);   /* bypass: the data goes out unchanged */
        s->state = TWIN_SDP_WRITE;
        break;
    case TWIN_SDP_WRITE:
        if (!twin_axi_writes_done(axi))
            return;
        twin_regfile_done(r, NVDLA_UNIT_SDP);
        twin_regfile_done(r, NVDLA_UNIT_SDP_RDMA);
        twin_regfile_intr(r, SDP_DONE_BIT(s->group));
        s->layers_done++;
        s->state = TWIN_SDP_IDLE;
        break;
    }
}
