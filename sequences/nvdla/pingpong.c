/* pingpong: two SDP layers programmed back to back in groups 0 and 1,
 * following the programming sequence of the architecture spec: the second
 * group is programmed and enabled while the first may still run, writes to
 * an enabled group are dropped, each layer raises its own done bit. */
#include <stdio.h>
#include "nvdla_regs.h"
#include "sdp_copy.h"

#define STATUS_GROUP(v, g) (((v) >> ((g) ? 16 : 0)) & 3u)

static int set_producer(struct seq_ctx *ctx, uint32_t g)
{
    SEQ_TRY(seq_reg_write(ctx, NVDLA_SDP_S_POINTER, g));
    SEQ_TRY(seq_reg_write(ctx, NVDLA_SDP_RDMA_S_POINTER, g));
    return 0;
}

static int pingpong_two_layers(struct seq_ctx *ctx)
{
    struct sdp_copy_layer a, b;
    sdp_copy_geometry(&a, ctx, 16, 6, 24, 0x80000000u, 0x80200000u, 8, 0);
    sdp_copy_geometry(&b, ctx, 9, 4, 12, 0x80400000u, 0x80600000u, 0, 16);
    sdp_copy_fill_input(ctx, &a);
    sdp_copy_fill_input(ctx, &b);
    sdp_copy_guard_output(ctx, &a);
    sdp_copy_guard_output(ctx, &b);

    /* 1. PRODUCER = CONSUMER (0 after reset) */
    uint32_t ptr;
    SEQ_TRY(seq_reg_read(ctx, NVDLA_SDP_S_POINTER, &ptr));
    if (ptr != 0)
        return seq_fail(ctx, "SDP S_POINTER after reset: expected 0, actual 0x%08x", ptr);
    if (set_producer(ctx, 0))
        return 1;
    /* 2. layer A into group 0, enable */
    if (sdp_copy_program(ctx, &a, 1))
        return 1;
    /* a write to the enabled group is dropped silently */
    uint32_t v;
    SEQ_TRY(seq_reg_write(ctx, NVDLA_SDP_D_DST_LINE_STRIDE, 0x12340));
    SEQ_TRY(seq_reg_read(ctx, NVDLA_SDP_D_DST_LINE_STRIDE, &v));
    if (v != a.dst_line)
        return seq_fail(ctx, "write to enabled group 0 not dropped: D_DST_LINE_STRIDE expected 0x%x, "
                        "actual 0x%x", a.dst_line, v);
    /* 4. group 1 idle */
    uint32_t st;
    SEQ_TRY(seq_reg_read(ctx, NVDLA_SDP_S_STATUS, &st));
    if (STATUS_GROUP(st, 1) != 0)
        return seq_fail(ctx, "SDP S_STATUS group 1 while only group 0 is enabled: expected IDLE, "
                        "actual %u", STATUS_GROUP(st, 1));
    /* 5. PRODUCER = 1, layer B into group 1, enable */
    if (set_producer(ctx, 1))
        return 1;
    if (sdp_copy_program(ctx, &b, 1))
        return 1;
    /* 6. group 0 still busy or already done: either way its interrupt comes */
    SEQ_TRY(seq_reg_read(ctx, NVDLA_SDP_S_STATUS, &st));
    printf("pingpong: S_STATUS after enabling both groups: 0x%08x\n", st);
    /* 7-9: layer A done (group 0); layer B may finish before we look */
    SEQ_TRY(seq_wait_irq(ctx, 500000));
    SEQ_TRY(seq_reg_read(ctx, NVDLA_GLB_S_INTR_STATUS, &st));
    uint32_t done0 = 1u << NVDLA_GLB_S_INTR_STATUS_SDP_DONE_STATUS0_SHIFT;
    uint32_t done1 = 1u << NVDLA_GLB_S_INTR_STATUS_SDP_DONE_STATUS1_SHIFT;
    if (!(st & done0) || (st & ~(done0 | done1)))
        return seq_fail(ctx, "first interrupt: S_INTR_STATUS expected SDP_DONE_STATUS0 (0x%x), actual 0x%08x",
                        done0, st);
    SEQ_TRY(seq_reg_write(ctx, NVDLA_GLB_S_INTR_STATUS, done0));
    if (!(st & done1)) {
        if (sdp_copy_wait_done(ctx, done1, 500000))
            return 1;
    } else {
        SEQ_TRY(seq_reg_write(ctx, NVDLA_GLB_S_INTR_STATUS, done1));
    }
    /* both groups idle and consumed: CONSUMER back to 0, OP_EN cleared */
    SEQ_TRY(seq_reg_read(ctx, NVDLA_SDP_S_POINTER, &ptr));
    if (ptr != 1)   /* PRODUCER 1 (ours), CONSUMER 0 */
        return seq_fail(ctx, "SDP S_POINTER after two layers: expected 0x00000001, actual 0x%08x", ptr);
    SEQ_TRY(seq_reg_read(ctx, NVDLA_SDP_S_STATUS, &st));
    if (st != 0)
        return seq_fail(ctx, "SDP S_STATUS after two layers: expected 0, actual 0x%08x", st);
    for (uint32_t g = 0; g < 2; g++) {
        if (set_producer(ctx, g))
            return 1;
        SEQ_TRY(seq_reg_read(ctx, NVDLA_SDP_D_OP_ENABLE, &v));
        if (v != 0)
            return seq_fail(ctx, "SDP D_OP_ENABLE of group %u after its layer: expected 0, actual %u", g, v);
    }
    if (*ctx->irq)
        return seq_fail(ctx, "dla_intr high with no status pending: expected 0, actual 1");
    if (sdp_copy_check(ctx, &a, "layer A (group 0)") || sdp_copy_check(ctx, &b, "layer B (group 1)"))
        return 1;
    printf("pingpong: both layers correct\n");
    return 0;
}

const struct nvdla_seq_test seq_pingpong_two_layers = {
    "pingpong_two_layers", "two SDP layers back to back through ping-pong groups 0 and 1",
    pingpong_two_layers, NULL, NULL };
