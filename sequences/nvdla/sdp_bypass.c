/* sdp_bypass: SDP off-flying bypass copies through the real AXI datapath,
 * compared byte for byte with guard bytes around the output. */
#include <stdio.h>
#include "nvdla_regs.h"
#include "sdp_copy.h"

#define DONE_TIMEOUT 500000

static int run_layer(struct seq_ctx *ctx, const struct sdp_copy_layer *l, const char *name)
{
    /* program the group the engine will consume next */
    uint32_t ptr;
    SEQ_TRY(seq_reg_read(ctx, NVDLA_SDP_S_POINTER, &ptr));
    uint32_t group = (ptr & NVDLA_SDP_S_POINTER_CONSUMER_MASK) >> NVDLA_SDP_S_POINTER_CONSUMER_SHIFT;
    SEQ_TRY(seq_reg_write(ctx, NVDLA_SDP_S_POINTER, group));
    SEQ_TRY(seq_reg_write(ctx, NVDLA_SDP_RDMA_S_POINTER, group));
    sdp_copy_fill_input(ctx, l);
    sdp_copy_guard_output(ctx, l);
    if (sdp_copy_program(ctx, l, 1))
        return 1;
    uint32_t done = 1u << (NVDLA_GLB_S_INTR_STATUS_SDP_DONE_STATUS0_SHIFT + group);
    if (sdp_copy_wait_done(ctx, done, DONE_TIMEOUT))
        return 1;
    SEQ_TRY(seq_reg_read(ctx, NVDLA_SDP_S_POINTER, &ptr));
    uint32_t consumer = (ptr & NVDLA_SDP_S_POINTER_CONSUMER_MASK) >> NVDLA_SDP_S_POINTER_CONSUMER_SHIFT;
    if (consumer != (group ^ 1))
        return seq_fail(ctx, "%s: SDP S_POINTER.CONSUMER after the layer in group %u: expected %u, actual %u",
                        name, group, group ^ 1, consumer);
    int rc = sdp_copy_check(ctx, l, name);
    if (!rc)
        printf("%s: %ux%ux%u copied, src 0x%llx dst 0x%llx, strides %u/%u\n", name, l->width, l->height,
               l->channels, (unsigned long long)l->src, (unsigned long long)l->dst, l->dst_line, l->dst_surface);
    return rc;
}

static int sdp_bypass_smoke(struct seq_ctx *ctx)
{
    struct sdp_copy_layer l;
    /* 5x3x20: three surfaces, the last one partial; padded strides */
    sdp_copy_geometry(&l, ctx, 5, 3, 20, 0x80000000u, 0x80100000u, 16, 64);
    return run_layer(ctx, &l, "sdp_bypass_smoke");
}

static int sdp_bypass_shapes(struct seq_ctx *ctx)
{
    struct sdp_copy_layer l;
    /* 1x1 (consecutive atoms), a line longer than one burst, a cube that
     * crosses 4 KB pages on both sides at different offsets */
    sdp_copy_geometry(&l, ctx, 1, 1, 24, 0x80000400u, 0x90000040u, 0, 0);
    l.src_surface = l.dst_surface = 0x1234;   /* ignored for 1x1 */
    if (run_layer(ctx, &l, "1x1x24"))
        return 1;
    sdp_copy_geometry(&l, ctx, 40, 2, 8, 0x80010000u, 0x80020008u, 0, 0);
    if (run_layer(ctx, &l, "40x2x8"))
        return 1;
    sdp_copy_geometry(&l, ctx, 37, 9, 17, 0x80030fc0u, 0x80050ff8u, 24, 8);
    return run_layer(ctx, &l, "37x9x17");
}

static int sdp_bypass_random(struct seq_ctx *ctx)
{
    for (int i = 0; i < 6; i++) {
        struct sdp_copy_layer l;
        uint32_t w = (uint32_t)bfm_rng_range(&ctx->rng, 1, 24);
        uint32_t h = (uint32_t)bfm_rng_range(&ctx->rng, 1, 8);
        uint32_t c = (uint32_t)bfm_rng_range(&ctx->rng, 1, 40);
        uint64_t src = 0x80000000u + bfm_rng_range(&ctx->rng, 0, 0xfff) * 8;
        uint64_t dst = 0x88000000u + bfm_rng_range(&ctx->rng, 0, 0xfff) * 8;
        sdp_copy_geometry(&l, ctx, w, h, c, src, dst, (uint32_t)bfm_rng_range(&ctx->rng, 0, 4) * 8,
                          (uint32_t)bfm_rng_range(&ctx->rng, 0, 4) * 8);
        char name[64];
        snprintf(name, sizeof name, "random layer %d", i);
        if (run_layer(ctx, &l, name))
            return 1;
    }
    return 0;
}

const struct nvdla_seq_test seq_sdp_bypass_smoke = {
    "sdp_bypass_smoke", "one SDP bypass copy 5x3x20 with padded strides", sdp_bypass_smoke, NULL, NULL };
const struct nvdla_seq_test seq_sdp_bypass_shapes = {
    "sdp_bypass_shapes", "SDP bypass: 1x1 cube, long lines, 4 KB crossings", sdp_bypass_shapes, NULL, NULL };
const struct nvdla_seq_test seq_sdp_bypass_random = {
    "sdp_bypass_random", "SDP bypass: six seeded random cubes and placements", sdp_bypass_random, NULL, NULL };
