/* twin_sdp: the SDP engine of the C twin. Off-flying: when OP_EN is set in
 * the consumer groups of SDP and SDP_RDMA it fetches the input cube over
 * AXI. On-flying (FLYING_MODE=ON): SDP (and SDP_RDMA, when operands come from
 * memory) wait for the convolution to hand over its int32 results
 * (twin_sdp_feed). Then it fetches the enabled operand streams, runs the golden
 * SDP model, and either writes the result back over AXI or hands it to an
 * on-flying PDP layer; then it finishes both groups and raises
 * SDP_DONE_STATUS<g>. In EQL compare mode nothing is written and
 * D_STATUS.STATUS_UNEQUAL is set. */
#ifndef TWIN_SDP_H
#define TWIN_SDP_H

#include <stdint.h>
#include "nvdla_decode.h"
#include "axi_manager.h"
#include "twin_dma.h"
#include "twin_pdp.h"
#include "nvdla_regfile.h"

enum twin_sdp_state { TWIN_SDP_IDLE, TWIN_SDP_WAIT_CONV, TWIN_SDP_READ, TWIN_SDP_WRITE };

struct twin_sdp {
    enum twin_sdp_state state;
    int group;                          /* group being run */
    struct nvdla_sdp_layer layer;
    struct twin_dma_buf in_buf, out_buf, op_buf[GOLDEN_SDP_STAGES];
    struct golden_tensor in, out;       /* in: the convolution's results when on-flying */
    int32_t *op_alu[GOLDEN_SDP_STAGES], *op_mul[GOLDEN_SDP_STAGES];
    uint64_t layers_done;
    char error[256];                    /* last decode error, printed once */
};

void twin_sdp_init(struct twin_sdp *s);
void twin_sdp_free(struct twin_sdp *s);
void twin_sdp_reset(struct twin_sdp *s);
/* Called once per clock edge after the AXI manager saw its handshakes.
 * *bus is the AXI owner token shared with PDP (0 free, 1 SDP, 2 PDP). */
void twin_sdp_posedge(struct twin_sdp *s, struct nvdla_regfile *r, struct twin_ports *io,
                      struct twin_pdp *pdp, int *bus);

/* 1 when an on-flying SDP layer waits for a w x h x c cube from the convolution. */
int twin_sdp_wants_feed(const struct twin_sdp *s, uint32_t w, uint32_t h, uint32_t c);
/* The convolution's results; SDP takes ownership of t's data (t is left
 * empty) and the bus. */
void twin_sdp_feed(struct twin_sdp *s, struct golden_tensor *t, struct twin_ports *io, int *bus);

#endif
