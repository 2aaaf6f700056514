/* twin_conv: the direct-convolution pipeline of the C twin (CDMA, CSC,
 * CMAC_A/B, CACC). When OP_EN is set in the consumer groups of all five
 * units it fetches the feature cube and the weights over AXI (or reuses
 * what the previous layer kept in the convolution buffer), raises
 * CDMA_DAT_DONE / CDMA_WT_DONE and retires CDMA's group, computes with the
 * golden model, hands the int32 results to the on-flying SDP layer
 * (twin_sdp_feed), then retires CSC, CMAC_A/B and CACC and raises
 * CACC_DONE. SDP writes the output and raises SDP_DONE. */
#ifndef TWIN_CONV_H
#define TWIN_CONV_H

#include <stdint.h>
#include "nvdla_decode.h"
#include "nvdla_exec.h"
#include "twin_dma.h"
#include "nvdla_regfile.h"
#include "twin_sdp.h"

enum twin_conv_state { TWIN_CONV_IDLE, TWIN_CONV_READ, TWIN_CONV_WAIT_SDP };

struct twin_conv {
    enum twin_conv_state state;
    int group;                      /* CDMA's consumer group of the running layer */
    struct nvdla_conv_layer layer;
    int fetch_data, fetch_weights;
    struct twin_dma_buf feature_buf;   /* feature cube, or image plane 0 */
    struct twin_dma_buf uv_buf;        /* image plane 1 (semi-planar chroma) */
    uint8_t *weight_buf;
    size_t weight_cap;
    struct nvdla_cbuf cbuf;
    struct golden_tensor out;
    uint64_t layers_done;
    char error[256];
};

void twin_conv_init(struct twin_conv *c);
void twin_conv_free(struct twin_conv *c);
void twin_conv_reset(struct twin_conv *c);
/* Once per clock edge; *bus is the AXI owner token (0 = free). */
void twin_conv_posedge(struct twin_conv *c, struct nvdla_regfile *r, struct twin_ports *io,
                       struct twin_sdp *sdp, int *bus);

#endif
