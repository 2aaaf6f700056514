/* twin_sdp: the SDP engine of the C twin, off-flying (input from memory).
 * When OP_EN is set in the consumer groups of both SDP and SDP_RDMA it
 * fetches the input cube through the AXI manager, processes it, writes the
 * result back, then finishes both groups and raises SDP_DONE_STATUS<g>.
 * This stub engine copies the cube unchanged (bypass). */
#ifndef TWIN_SDP_H
#define TWIN_SDP_H

#include <stdint.h>
#include "twin_axi_manager.h"
#include "twin_regfile.h"

enum twin_sdp_state { TWIN_SDP_IDLE, TWIN_SDP_READ, TWIN_SDP_WRITE };

/* Geometry of one feature cube in memory (nv_small: 8-byte atoms). */
struct twin_cube {
    uint64_t base;
    uint32_t width, height, surfaces;   /* in atoms, lines, surfaces */
    uint32_t line_stride, surface_stride;
};

struct twin_sdp {
    enum twin_sdp_state state;
    int group;                 /* group being run */
    struct twin_cube src, dst;
    uint8_t *buf;              /* the cube, surface-major, packed */
    size_t buf_size;
    uint64_t layers_done;
};

void twin_sdp_init(struct twin_sdp *s);
void twin_sdp_free(struct twin_sdp *s);
void twin_sdp_reset(struct twin_sdp *s);
/* Called once per clock edge after the AXI manager saw its handshakes. */
void twin_sdp_posedge(struct twin_sdp *s, struct twin_regfile *r, struct twin_axi_manager *axi);

#endif
