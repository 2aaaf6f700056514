/* nvdla_exec: run a decoded layer on the bytes its DMA fetched. Shared by
 * the twin engines (bytes from AXI) and the trace reference executor (bytes
 * from a memory image), so both compute exactly the same thing. Raw
 * buffers hold cubes packed (nvdla_cube_runs order). */
#ifndef NVDLA_EXEC_H
#define NVDLA_EXEC_H

#include <stdint.h>
#include "nvdla_decode.h"

/* SDP: in_raw is the packed input cube (l->src); op_raw[s] the packed
 * operand stream s (NULL when not fetched). out is allocated here to the
 * layer's w x h x c and receives the converted values. Returns 0, or -1
 * when out of memory. */
int nvdla_exec_sdp(const struct nvdla_sdp_layer *l, const uint8_t *in_raw,
                   const uint8_t *const op_raw[GOLDEN_SDP_STAGES], struct golden_tensor *out,
                   struct golden_sdp_stats *stats);
/* SDP on a tensor input (values already int32). */
int nvdla_exec_sdp_tensor(const struct nvdla_sdp_layer *l, const struct golden_tensor *in,
                          const uint8_t *const op_raw[GOLDEN_SDP_STAGES], struct golden_tensor *out,
                          struct golden_sdp_stats *stats);
/* PDP: in is the input cube (from memory via golden_unpack, or SDP's out);
 * out is allocated here. Returns 0, or -1 (bad program / out of memory). */
int nvdla_exec_pdp(const struct nvdla_pdp_layer *l, const struct golden_tensor *in,
                   struct golden_tensor *out);
/* CDP: in is the input cube; out is allocated here. 0 or -1. */
int nvdla_exec_cdp(const struct nvdla_cdp_layer *l, const struct golden_tensor *in,
                   struct golden_tensor *out, struct golden_cdp_stats *stats);

/* What the convolution buffer holds between layers: the converted input
 * cube and the weights, kept when a layer says SKIP_*_RLS so that the next
 * one can reuse them (DATA_REUSE / WEIGHT_REUSE) without fetching. */
struct nvdla_cbuf {
    struct golden_tensor data;      /* converted feature cube */
    uint8_t *weights;
    size_t weight_bytes;
    int data_kept, weights_kept;    /* the last layer released nothing */
};
void nvdla_cbuf_free(struct nvdla_cbuf *b);
/* Does layer l fetch its data / weights (or reuse what the CBUF kept)? */
int nvdla_conv_fetches_data(const struct nvdla_conv_layer *l, const struct nvdla_cbuf *b);
int nvdla_conv_fetches_weights(const struct nvdla_conv_layer *l, const struct nvdla_cbuf *b);
/* Convolution: feature_raw (packed l->feature) and weights (weight_bytes)
 * are what was fetched, NULL for what is reused from the CBUF. Updates the
 * CBUF, allocates out (out_w x out_h x out_c int32 CACC results). 0 or -1. */
int nvdla_exec_conv(const struct nvdla_conv_layer *l, const uint8_t *feature_raw, const uint8_t *weights,
                    struct nvdla_cbuf *b, struct golden_tensor *out);
/* Image-input convolution (l->image): planes[p] the packed lines of
 * l->plane[p] (always fetched: image data is never reused), weights as
 * above. Leaves no feature cube in the CBUF. 0 or -1. */
int nvdla_exec_conv_image(const struct nvdla_conv_layer *l, const uint8_t *const planes[2],
                          const uint8_t *weights, struct nvdla_cbuf *b, struct golden_tensor *out);

/* Unpack a packed raw cube into a tensor allocated here. 0 or -1. */
int nvdla_exec_unpack(const struct nvdla_cube_mem *m, const uint8_t *raw, struct golden_tensor *t);

#endif
