/* twin_pdp: the PDP (pooling) engine of the C twin. Off-flying: when OP_EN
 * is set in the consumer groups of PDP and PDP_RDMA it reads the input cube
 * over AXI. On-flying: PDP alone is enabled and waits for SDP to hand it
 * the converted cube (twin_pdp_feed). It pools with the golden model,
 * writes the result over AXI, finishes its groups and raises
 * PDP_DONE_STATUS<g>. */
#ifndef TWIN_PDP_H
#define TWIN_PDP_H

#include <stdint.h>
#include "nvdla_decode.h"
#include "twin_dma.h"
#include "nvdla_regfile.h"

enum twin_pdp_state { TWIN_PDP_IDLE, TWIN_PDP_READ, TWIN_PDP_WAIT_SDP, TWIN_PDP_WRITE };

struct twin_pdp {
    enum twin_pdp_state state;
    int group;
    struct nvdla_pdp_layer layer;
    struct twin_dma_buf in_buf, out_buf;
    struct golden_tensor in, out;
    uint64_t layers_done;
    char error[256];              /* last decode error, printed once */
};

void twin_pdp_init(struct twin_pdp *p);
void twin_pdp_free(struct twin_pdp *p);
void twin_pdp_reset(struct twin_pdp *p);
/* Once per clock edge. *bus is the AXI owner token (0 = free); the engine
 * takes it (writes 2) for the duration of its transfers. */
void twin_pdp_posedge(struct twin_pdp *p, struct nvdla_regfile *r, struct twin_ports *io, int *bus);
/* 1 when an on-flying PDP layer is waiting for a w x h x c cube from SDP. */
int twin_pdp_wants_feed(const struct twin_pdp *p, uint32_t w, uint32_t h, uint32_t c);
/* SDP's output (int8 values in a tensor); the PDP takes the bus from SDP. */
void twin_pdp_feed(struct twin_pdp *p, const struct golden_tensor *t, struct twin_ports *io,
                   int *bus);

#endif
