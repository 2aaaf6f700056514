/* nvdla_exec: see nvdla_exec.h. */
#include <stdlib.h>
#include "nvdla_exec.h"

int nvdla_exec_unpack(const struct nvdla_cube_mem *m, const uint8_t *raw, struct golden_tensor *t)
{
    if (golden_tensor_init(t, m->w, m->h, m->c))
        return -1;
    struct golden_layout packed = golden_layout_packed(m->w, m->h, m->layout.elem_bytes);
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
    if (golden_tensor_init(out, l->w, l->h, l->c))
        goto done;
    for (int s = 0; s < GOLDEN_SDP_STAGES; s++) {
        const struct nvdla_sdp_stream *st = &l->ops[s];
        if (st->mode == GOLDEN_OPERAND_NONE || !op_raw[s])
            continue;
        size_t n = (size_t)golden_surfaces(st->mem.c) * st->mem.h * st->mem.w * GOLDEN_LANES;
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
    if (golden_tensor_init(out, l->cfg.out_w, l->cfg.out_h, l->cfg.in_c))
        return -1;
    return golden_pdp_run(&l->cfg, in, out);
}
