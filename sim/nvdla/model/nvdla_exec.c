/* nvdla_exec: see nvdla_exec.h. */
#include <stdlib.h>
#include <string.h>
#include "nvdla_exec.h"

int nvdla_exec_unpack(const struct nvdla_cube_mem *m, const uint8_t *raw, struct golden_tensor *t)
{
    unsigned lanes = golden_layout_lanes(&m->layout);
    if (golden_tensor_init_lanes(t, m->w, m->h, m->c, lanes))
        return -1;
    struct golden_layout packed = golden_layout_packed_n(m->w, m->h, m->layout.elem_bytes, lanes);
    golden_unpack(&packed, raw, t);
    return 0;
}

int nvdla_exec_sdp_tensor(const struct nvdla_sdp_layer *l, const struct golden_tensor *in,
                          const uint8_t *const op_raw[GOLDEN_SDP_STAGES], struct golden_tensor *out,
                          struct golden_sdp_stats *stats)
{
    int32_t *alu[GOLDEN_SDP_STAGES] = { 0 }, *mul[GOLDEN_SDP_STAGES] = { 0 };
    struct golden_sdp_operand ops[GOLDEN_SDP_STAGES] = { { 0 } };
    int rc = -1;
    if (golden_tensor_init_lanes(out, l->w, l->h, l->c, in->lanes))
        goto done;
    for (int s = 0; s < GOLDEN_SDP_STAGES; s++) {
        const struct nvdla_sdp_stream *st = &l->ops[s];
        if (st->mode == GOLDEN_OPERAND_NONE || !op_raw[s])
            continue;
        unsigned lanes = golden_layout_lanes(&st->mem.layout);
        size_t n = (size_t)golden_surfaces_n(st->mem.c, lanes) * st->mem.h * st->mem.w * lanes;
        alu[s] = calloc(n, sizeof **alu);
        mul[s] = calloc(n, sizeof **mul);
        if (!alu[s] || !mul[s])
            goto done;
        golden_sdp_operand_decode(op_raw[s], n, st->size_bytes, st->use, alu[s], mul[s]);
        ops[s].mode = st->mode;
        ops[s].alu = alu[s];
        ops[s].mul = mul[s];
    }
    golden_sdp_run(&l->cfg, in, ops, out, stats);
    rc = 0;
done:
    for (int s = 0; s < GOLDEN_SDP_STAGES; s++) {
        free(alu[s]);
        free(mul[s]);
    }
    return rc;
}

int nvdla_exec_sdp(const struct nvdla_sdp_layer *l, const uint8_t *in_raw,
                   const uint8_t *const op_raw[GOLDEN_SDP_STAGES], struct golden_tensor *out,
                   struct golden_sdp_stats *stats)
{
    struct golden_tensor in = { 0 };
    int rc = -1;
    if (nvdla_exec_unpack(&l->src, in_raw, &in) == 0)
        rc = nvdla_exec_sdp_tensor(l, &in, op_raw, out, stats);
    golden_tensor_free(&in);
    return rc;
}

int nvdla_exec_pdp(const struct nvdla_pdp_layer *l, const struct golden_tensor *in,
                   struct golden_tensor *out)
{
    if (golden_tensor_init_lanes(out, l->cfg.out_w, l->cfg.out_h, l->cfg.in_c, in->lanes))
        return -1;
    return golden_pdp_run(&l->cfg, in, out);
}

int nvdla_exec_cdp(const struct nvdla_cdp_layer *l, const struct golden_tensor *in,
                   struct golden_tensor *out, struct golden_cdp_stats *stats)
{
    if (golden_tensor_init_lanes(out, l->src.w, l->src.h, l->src.c, in->lanes))
        return -1;
    golden_cdp_run(&l->cfg, in, out, stats);
    return 0;
}

void nvdla_cbuf_free(struct nvdla_cbuf *b)
{
    golden_tensor_free(&b->data);
    free(b->weights);
    memset(b, 0, sizeof *b);
}

int nvdla_conv_fetches_data(const struct nvdla_conv_layer *l, const struct nvdla_cbuf *b)
{
    return l->image || !(l->data_reuse && b->data_kept && b->data.data && b->data.w == l->cfg.in_w &&
             b->data.h == l->cfg.in_h && b->data.c == l->cfg.in_c);
}

int nvdla_conv_fetches_weights(const struct nvdla_conv_layer *l, const struct nvdla_cbuf *b)
{
    return !(l->weight_reuse && b->weights_kept && b->weights && b->weight_bytes == l->weight_bytes);
}

static int keep_weights(const struct nvdla_conv_layer *l, const uint8_t *weights, struct nvdla_cbuf *b)
{
    if (!weights)
        return 0;
    uint8_t *copy = malloc(l->weight_bytes ? l->weight_bytes : 1);
    if (!copy)
        return -1;
    memcpy(copy, weights, l->weight_bytes);
    free(b->weights);
    b->weights = copy;
    b->weight_bytes = l->weight_bytes;
    return 0;
}

int nvdla_exec_conv(const struct nvdla_conv_layer *l, const uint8_t *feature_raw, const uint8_t *weights,
                    struct nvdla_cbuf *b, struct golden_tensor *out)
{
    if (l->image)
        return -1;   /* nvdla_exec_conv_image */
    if (feature_raw) {
        struct golden_tensor in = { 0 };
        golden_tensor_free(&b->data);
        int rc = nvdla_exec_unpack(&l->feature, feature_raw, &in);
        if (!rc)
            rc = golden_tensor_init_lanes(&b->data, in.w, in.h, in.c, in.lanes);
        if (!rc)
            rc = golden_conv_convert(&l->cfg, &in, &b->data);
        golden_tensor_free(&in);
        if (rc)
            return -1;
    }
    if (keep_weights(l, weights, b))
        return -1;
    b->data_kept = l->skip_data_rls;
    b->weights_kept = l->skip_weight_rls;
    if (golden_tensor_init_lanes(out, l->cfg.out_w, l->cfg.out_h, l->cfg.out_c,
                                 golden_conv_lanes(&l->cfg)))
        return -1;
    return golden_conv_run_converted(&l->cfg, &b->data, b->weights, b->weight_bytes, out);
}

int nvdla_exec_conv_image(const struct nvdla_conv_layer *l, const uint8_t *const planes[2],
                          const uint8_t *weights, struct nvdla_cbuf *b, struct golden_tensor *out)
{
    if (!l->image || !planes[0] || (l->n_planes > 1 && !planes[1]))
        return -1;
    /* golden reads the packed lines: one line of whole atoms after another */
    struct golden_conv_img img = l->img;
    struct golden_pixels pix = { planes[0], nvdla_cube_packed_bytes(&l->plane[0]), NULL, 0 };
    img.line_stride = pix.len0 / l->plane[0].h;
    if (l->n_planes > 1) {
        pix.plane1 = planes[1];
        pix.len1 = nvdla_cube_packed_bytes(&l->plane[1]);
        img.uv_line_stride = pix.len1 / l->plane[1].h;
    }
    if (keep_weights(l, weights, b))
        return -1;
    /* the CBUF keeps no feature cube a later DATA_REUSE could take */
    golden_tensor_free(&b->data);
    b->data_kept = 0;
    b->weights_kept = l->skip_weight_rls;
    if (golden_tensor_init_lanes(out, l->cfg.out_w, l->cfg.out_h, l->cfg.out_c,
                                 golden_conv_lanes(&l->cfg)))
        return -1;
    return golden_conv_img_run(&l->cfg, &img, &pix, b->weights, b->weight_bytes, out);
}
