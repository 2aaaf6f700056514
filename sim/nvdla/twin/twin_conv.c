/* twin_conv: see twin_conv.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "twin_conv.h"

#define BUS_CONV 3
/* GLB S_INTR_STATUS bits of the group g */
#define CDMA_DAT_DONE_BIT(g) (16u + (unsigned)(g))
#define CDMA_WT_DONE_BIT(g) (18u + (unsigned)(g))
#define CACC_DONE_BIT(g) (20u + (unsigned)(g))

static const enum nvdla_unit conv_units[] = {
    NVDLA_UNIT_CDMA, NVDLA_UNIT_CSC, NVDLA_UNIT_CMAC_A, NVDLA_UNIT_CMAC_B, NVDLA_UNIT_CACC,
};
#define N_CONV_UNITS (sizeof conv_units / sizeof conv_units[0])

void twin_conv_init(struct twin_conv *c)
{
    memset(c, 0, sizeof *c);
}

void twin_conv_free(struct twin_conv *c)
{
    twin_dma_buf_free(&c->feature_buf);
    twin_dma_buf_free(&c->uv_buf);
    free(c->weight_buf);
    c->weight_buf = NULL;
    c->weight_cap = 0;
    nvdla_cbuf_free(&c->cbuf);
    golden_tensor_free(&c->out);
}

void twin_conv_reset(struct twin_conv *c)
{
    c->state = TWIN_CONV_IDLE;
    c->error[0] = 0;
    nvdla_cbuf_free(&c->cbuf);   /* a reset empties the convolution buffer */
}

static void out_of_memory(void)
{
    fprintf(stderr, "twin: convolution: out of memory\n");
    abort();
}

static int all_enabled(const struct nvdla_regfile *r)
{
    for (unsigned i = 0; i < N_CONV_UNITS; i++)
        if (!nvdla_regfile_op_en(r, conv_units[i]))
            return 0;
    return 1;
}

static void start(struct twin_conv *c, struct nvdla_regfile *r, struct twin_ports *io)
{
    const struct nvdla_conv_layer *l = &c->layer;
    c->group = r->consumer[NVDLA_UNIT_CDMA];
    for (unsigned i = 0; i < N_CONV_UNITS; i++)
        nvdla_regfile_start(r, conv_units[i]);
    c->fetch_data = nvdla_conv_fetches_data(l, &c->cbuf);
    c->fetch_weights = nvdla_conv_fetches_weights(l, &c->cbuf);
    if (l->image) {
        static const char *const what[2] = { "CDMA image pixels (plane 0)", "CDMA image chroma (plane 1)" };
        struct twin_dma_buf *buf[2] = { &c->feature_buf, &c->uv_buf };
        for (unsigned p = 0; p < l->n_planes; p++) {
            if (twin_dma_buf_fit(buf[p], &l->plane[p]))
                out_of_memory();
            twin_dma_read(io, what[p], &l->plane[p], buf[p]);
        }
    } else if (c->fetch_data) {
        if (twin_dma_buf_fit(&c->feature_buf, &l->feature))
            out_of_memory();
        twin_dma_read(io, "CDMA input feature cube", &l->feature, &c->feature_buf);
    }
    if (c->fetch_weights && l->weight_bytes) {
        if (l->weight_bytes > c->weight_cap) {
            uint8_t *n = realloc(c->weight_buf, l->weight_bytes);
            if (!n)
                out_of_memory();
            c->weight_buf = n;
            c->weight_cap = l->weight_bytes;
        }
        twin_ports_read(io, l->weight_sram, "CDMA weights", l->weight_base, l->weight_bytes, c->weight_buf);
    }
    c->state = TWIN_CONV_READ;
}

/* Everything fetched: CDMA is done; compute the layer. */
static void compute(struct twin_conv *c, struct nvdla_regfile *r)
{
    nvdla_regfile_intr(r, CDMA_DAT_DONE_BIT(c->group));
    nvdla_regfile_intr(r, CDMA_WT_DONE_BIT(c->group));
    nvdla_regfile_done(r, NVDLA_UNIT_CDMA);
    golden_tensor_free(&c->out);
    const uint8_t *weights = c->fetch_weights ? c->weight_buf : NULL;
    int rc;
    if (c->layer.image) {
        const uint8_t *const planes[2] = { c->feature_buf.raw, c->uv_buf.raw };
        rc = nvdla_exec_conv_image(&c->layer, planes, weights, &c->cbuf, &c->out);
    } else {
        rc = nvdla_exec_conv(&c->layer, c->fetch_data ? c->feature_buf.raw : NULL, weights, &c->cbuf, &c->out);
    }
    if (rc)
        out_of_memory();   /* the program was checked at decode */
    c->state = TWIN_CONV_WAIT_SDP;
}

void twin_conv_posedge(struct twin_conv *c, struct nvdla_regfile *r, struct twin_ports *io,
                       struct twin_sdp *sdp, int *bus)
{
    switch (c->state) {
    case TWIN_CONV_IDLE: {
        if (!all_enabled(r))
            return;
        char why[256];
        if (nvdla_decode_conv(r, &c->layer, why, sizeof why)) {
            if (strcmp(c->error, why)) {
                snprintf(c->error, sizeof c->error, "%s", why);
                fprintf(stderr, "twin: convolution not started: %s\n", why);
            }
            return;
        }
        if (*bus)
            return;
        *bus = BUS_CONV;
        c->error[0] = 0;
        twin_ports_reset(io);
        start(c, r, io);
        break;
    }
    case TWIN_CONV_READ:
        if (!twin_ports_reads_done(io))
            return;
        compute(c, r);
        if (*bus == BUS_CONV)
            *bus = 0;   /* nothing more to move until SDP takes the results */
        break;
    case TWIN_CONV_WAIT_SDP:
        if (!twin_sdp_wants_feed(sdp, c->out.w, c->out.h, c->out.c) || *bus)
            return;
        twin_sdp_feed(sdp, &c->out, io, bus);
        for (unsigned i = 1; i < N_CONV_UNITS; i++)   /* CDMA retired already */
            nvdla_regfile_done(r, conv_units[i]);
        nvdla_regfile_intr(r, CACC_DONE_BIT(c->group));
        c->layers_done++;
        c->state = TWIN_CONV_IDLE;
        break;
    }
}
