/* gen_layers_bypass: SDP bypass copies, the datapath of the shipped RTL stub. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "gen_layers.h"

/* ---- SDP bypass copy (the shipped RTL stub's datapath) ---------------------- */

/* An SDP off-flying layer with every stage bypassed and the output
 * converter at scale 1, shift 0, offset 0: INT8 in and out, the output cube
 * is the input cube, atom by atom, at its own base and strides (line and
 * surface padding at random, a region starting just before a 4 KiB page
 * boundary in half the layers' cubes, above 4 GiB in some layers of a
 * 64-bit configuration). Everything stays on DBBIF, the stub's only port. */
int gen_bypass(struct layer *l, const char *name)
{
    uint32_t w, h;
    if (chance(10))
        w = h = 1;
    else {
        w = (uint32_t)rand_range(1, 32);
        h = (uint32_t)rand_range(1, 16);
    }
    uint32_t c = chance(20) ? (uint32_t)rand_range(1, atom()) : (uint32_t)rand_range(1, 8 * atom());
    struct cube in = { .w = w, .h = h, .c = c, .eb = 1 };
    cube_strides(&in, 1);
    cube_image(l, &in, name, "_in");
    struct cube out = { .w = w, .h = h, .c = c, .eb = 1 };
    cube_strides(&out, 1);
    cube_output(l, &out);

    set_reg(l, "SDP", "S_POINTER", 0);
    set_reg(l, "SDP_RDMA", "S_POINTER", 0);
    static const char *const x[2] = { "BS", "BN" };
    for (int i = 0; i < 2; i++) {
        char reg[32], f[32];
        snprintf(reg, sizeof reg, "D_DP_%s_CFG", x[i]);
        static const char *const byp[4] = { "BYPASS", "ALU_BYPASS", "MUL_BYPASS", "RELU_BYPASS" };
        for (int k = 0; k < 4; k++) {
            snprintf(f, sizeof f, "%s_%s", x[i], byp[k]);
            set_field(l, "SDP", reg, f, 1);
        }
    }
    set_field(l, "SDP", "D_DP_EW_CFG", "EW_BYPASS", 1);
    set_field(l, "SDP", "D_DP_EW_CFG", "EW_ALU_BYPASS", 1);
    set_field(l, "SDP", "D_DP_EW_CFG", "EW_MUL_BYPASS", 1);
    set_field(l, "SDP", "D_DP_EW_CFG", "EW_LUT_BYPASS", 1);
    set_field(l, "SDP_RDMA", "D_BRDMA_CFG", "BRDMA_DISABLE", 1);
    set_field(l, "SDP_RDMA", "D_NRDMA_CFG", "NRDMA_DISABLE", 1);
    set_field(l, "SDP_RDMA", "D_ERDMA_CFG", "ERDMA_DISABLE", 1);
    set_reg(l, "SDP", "D_CVT_OFFSET", 0);
    set_field(l, "SDP", "D_CVT_SCALE", "CVT_SCALE", 1);
    set_field(l, "SDP", "D_CVT_SHIFT", "CVT_SHIFT", 0);
    set_reg(l, "SDP", "D_DATA_CUBE_WIDTH", w - 1);
    set_reg(l, "SDP", "D_DATA_CUBE_HEIGHT", h - 1);
    set_reg(l, "SDP", "D_DATA_CUBE_CHANNEL", c - 1);
    set_reg(l, "SDP", "D_DATA_FORMAT", 0);              /* INT8 in and out */
    set_reg(l, "SDP", "D_PERF_ENABLE", 0);
    set_reg(l, "SDP", "D_FEATURE_MODE_CFG", 0);         /* OFF flying, output to memory */
    set_reg(l, "SDP", "D_DST_BASE_ADDR_LOW", (uint32_t)out.base);
    set_reg(l, "SDP", "D_DST_BASE_ADDR_HIGH", (uint32_t)(out.base >> 32));
    set_reg(l, "SDP", "D_DST_LINE_STRIDE", (uint32_t)out.line);
    set_reg(l, "SDP", "D_DST_SURFACE_STRIDE", (uint32_t)out.surf);
    set_reg(l, "SDP", "D_DST_BATCH_STRIDE", 0);
    set_reg(l, "SDP", "D_DST_DMA_CFG", ram_type(out.sec));
    sdp_rdma_input(l, &in);
    enable(l, "SDP");
    enable(l, "SDP_RDMA");
    l->intr = "SDP_0";
    snprintf(l->desc, sizeof l->desc, "SDP bypass copy %ux%ux%u, in 0x%" PRIx64 " line %" PRIu64 " surf %" PRIu64
             ", out 0x%" PRIx64 " line %" PRIu64 " surf %" PRIu64, w, h, c, in.base, in.line, in.surf, out.base,
             out.line, out.surf);
    return 0;
}
