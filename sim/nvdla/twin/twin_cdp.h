/* twin_cdp: the CDP (cross-channel LRN) engine of the C twin. When OP_EN is
 * set in the consumer groups of CDP and CDP_RDMA it reads the input cube
 * over AXI, runs the golden CDP model with the LUT programmed through
 * S_LUT_ACCESS_*, writes the result, finishes both groups and raises
 * CDP_DONE_STATUS<g>. */
#ifndef TWIN_CDP_H
#define TWIN_CDP_H

#include <stdint.h>
#include "nvdla_decode.h"
#include "twin_dma.h"
#include "nvdla_regfile.h"

enum twin_cdp_state { TWIN_CDP_IDLE, TWIN_CDP_READ, TWIN_CDP_WRITE };

struct twin_cdp {
    enum twin_cdp_state state;
    int group;
    struct nvdla_cdp_layer layer;
    struct twin_dma_buf in_buf, out_buf;
    struct golden_tensor in, out;
    uint64_t layers_done;
    char error[256];
};

void twin_cdp_init(struct twin_cdp *c);
void twin_cdp_free(struct twin_cdp *c);
void twin_cdp_reset(struct twin_cdp *c);
/* Once per clock edge; *bus is the AXI owner token (0 = free). */
void twin_cdp_posedge(struct twin_cdp *c, struct nvdla_regfile *r, struct twin_ports *io, int *bus);

#endif
