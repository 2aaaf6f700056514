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
/* Unpack a packed raw cube into a tensor allocated here. 0 or -1. */
int nvdla_exec_unpack(const struct nvdla_cube_mem *m, const uint8_t *raw, struct golden_tensor *t);

#endif
