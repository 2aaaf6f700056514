/* gen_layers_pdp: random PDP layers (off-flying, split width, the
 * hardware's padding and reciprocal corners) and the pooling draw SDP -> PDP
 * layers share. */
#include <stdio.h>
#include <string.h>
#include "golden_pdp.h"
#include "gen_layers.h"

/* ---- PDP ------------------------------------------------------------------ */

/* PDP pooling parameters for an in_w x in_h input; fills the golden cfg. */
void pdp_draw(struct golden_pdp_cfg *g)
{
    g->kernel_w = (unsigned)rand_range(1, g->in_w + 2 < 8 ? g->in_w + 2 : 8);
    g->kernel_h = (unsigned)rand_range(1, g->in_h + 2 < 8 ? g->in_h + 2 : 8);
    g->stride_w = (unsigned)rand_range(1, g->kernel_w);
    g->stride_h = (unsigned)rand_range(1, g->kernel_h);
    if (chance(10))
        g->stride_w = (unsigned)rand_range(1, 8);
    if (chance(10))
        g->stride_h = (unsigned)rand_range(1, 8);
    /* the hardware's corners: padding at the end of lines and planes
     * (right/bottom) more often than at their start */
    g->pad_left = chance(50) ? 0 : (unsigned)rand_range(0, g->kernel_w - 1);
    g->pad_right = chance(30) ? 0 : (unsigned)rand_range(0, g->kernel_w - 1);
    g->pad_top = chance(50) ? 0 : (unsigned)rand_range(0, g->kernel_h - 1);
    g->pad_bottom = chance(30) ? 0 : (unsigned)rand_range(0, g->kernel_h - 1);
    g->method = (enum golden_pool)rand_range(0, 2);
    int64_t ow = ((int64_t)g->pad_left + g->in_w + g->pad_right - g->kernel_w);
    int64_t oh = ((int64_t)g->pad_top + g->in_h + g->pad_bottom - g->kernel_h);
    g->out_w = ow < 0 ? 0 : (uint32_t)(ow / g->stride_w + 1);
    g->out_h = oh < 0 ? 0 : (uint32_t)(oh / g->stride_h + 1);
    int32_t p = (int32_t)rand_range(-128, 127);
    for (int n = 1; n <= 7; n++)
        g->pad_value[n] = (uint32_t)(p * n) & 0x7ffffu;
    g->recip_w = 65536u / g->kernel_w;
    g->recip_h = 65536u / g->kernel_h;
    /* off-nominal reciprocals: the hardware keeps limited intermediate
     * precision there (golden_pdp); a third of the average layers, half of
     * them a few times the nominal value (overflowing sums), half anywhere */
    if (g->method == GOLDEN_POOL_AVERAGE && chance(33)) {
        if (chance(50)) {
            g->recip_w = (uint32_t)rand_range(g->recip_w, 4 * (int64_t)g->recip_w) & 0x1ffffu;
            g->recip_h = (uint32_t)rand_range(g->recip_h, 4 * (int64_t)g->recip_h) & 0x1ffffu;
        } else {
            g->recip_w = (uint32_t)rand_range(0, 0x1ffff);
            g->recip_h = (uint32_t)rand_range(0, 0x1ffff);
        }
    }
    g->split_num = 0;
    g->part_in_first = g->part_in_mid = g->part_in_last = 1;
    g->part_out_first = g->part_out_mid = g->part_out_last = 1;
    g->int16 = 0;
}

/* Split-width mode on a drawn kernel / stride / padding: SPLIT_NUM + 1
 * stripes of whole windows, cut where the hardware (and golden_pdp) expects
 * them: stripe i > 0 re-reads the kernel_w - stride_w columns its
 * predecessor's last window shares with its first one, so the stripes
 * together make exactly the windows of the unsplit plane.
 *   first: (out_first - 1) * stride_w + kernel_w - pad_left columns (pad_left inside)
 *   mid:   out_mid * stride_w columns (+ the overlap re-read)
 *   last:  any width giving at least one window with pad_right; out_last
 *          = (last + pad_right - stride_w) / stride_w + 1 (trailing columns
 *          no window reaches are allowed, as without a split).
 * The input width is the sum; out_w the sum of the output parts. */
static void pdp_split(struct golden_pdp_cfg *g)
{
    unsigned stripes = chance(60) ? 2u : (unsigned)rand_range(3, 6);
    uint32_t of = (uint32_t)rand_range(1, 6), om = (uint32_t)rand_range(1, 6), ol = (uint32_t)rand_range(1, 6);
    uint32_t sw = g->stride_w;
    g->split_num = stripes - 1;
    g->part_out_first = of;
    g->part_out_mid = stripes > 2 ? om : 1;     /* unused with two stripes: any legal value */
    g->part_out_last = ol;
    g->part_in_first = (of - 1) * sw + g->kernel_w - g->pad_left;
    g->part_in_mid = stripes > 2 ? om * sw : 1;
    /* last: at least one window and one column of its own */
    int64_t lo = (int64_t)sw - g->pad_right < 1 ? 1 : (int64_t)sw - g->pad_right;
    g->part_in_last = (uint32_t)rand_range(lo, lo + (int64_t)ol * sw);
    ol = (g->part_in_last + g->pad_right - sw) / sw + 1;
    g->part_out_last = ol;
    g->in_w = g->part_in_first + (stripes - 2) * g->part_in_mid + g->part_in_last;
    g->out_w = of + (stripes - 2) * g->part_out_mid + ol;
}

/* PDP registers from the golden cfg; output cube at dst. */
void pdp_regs(struct layer *l, const struct golden_pdp_cfg *g, int off_flying, const struct cube *src,
              const struct cube *dst)
{
    set_reg(l, "PDP", "D_DATA_CUBE_IN_WIDTH", g->in_w - 1);
    set_reg(l, "PDP", "D_DATA_CUBE_IN_HEIGHT", g->in_h - 1);
    set_reg(l, "PDP", "D_DATA_CUBE_IN_CHANNEL", g->in_c - 1);
    set_reg(l, "PDP", "D_DATA_CUBE_OUT_WIDTH", g->out_w - 1);
    set_reg(l, "PDP", "D_DATA_CUBE_OUT_HEIGHT", g->out_h - 1);
    set_reg(l, "PDP", "D_DATA_CUBE_OUT_CHANNEL", g->in_c - 1);
    set_field(l, "PDP", "D_OPERATION_MODE_CFG", "POOLING_METHOD", (uint32_t)g->method);
    set_field(l, "PDP", "D_OPERATION_MODE_CFG", "FLYING_MODE", (uint32_t)off_flying);
    set_field(l, "PDP", "D_OPERATION_MODE_CFG", "SPLIT_NUM", g->split_num);
    set_field(l, "PDP", "D_NAN_FLUSH_TO_ZERO", "NAN_TO_ZERO", 0);
    set_field(l, "PDP", "D_POOLING_KERNEL_CFG", "KERNEL_WIDTH", g->kernel_w - 1);
    set_field(l, "PDP", "D_POOLING_KERNEL_CFG", "KERNEL_HEIGHT", g->kernel_h - 1);
    set_field(l, "PDP", "D_POOLING_KERNEL_CFG", "KERNEL_STRIDE_WIDTH", g->stride_w - 1);
    set_field(l, "PDP", "D_POOLING_KERNEL_CFG", "KERNEL_STRIDE_HEIGHT", g->stride_h - 1);
    set_reg(l, "PDP", "D_RECIP_KERNEL_WIDTH", g->recip_w);
    set_reg(l, "PDP", "D_RECIP_KERNEL_HEIGHT", g->recip_h);
    set_field(l, "PDP", "D_POOLING_PADDING_CFG", "PAD_LEFT", g->pad_left);
    set_field(l, "PDP", "D_POOLING_PADDING_CFG", "PAD_TOP", g->pad_top);
    set_field(l, "PDP", "D_POOLING_PADDING_CFG", "PAD_RIGHT", g->pad_right);
    set_field(l, "PDP", "D_POOLING_PADDING_CFG", "PAD_BOTTOM", g->pad_bottom);
    for (int n = 1; n <= 7; n++) {
        char r[48], f[32];
        snprintf(r, sizeof r, "D_POOLING_PADDING_VALUE_%d_CFG", n);
        snprintf(f, sizeof f, "PAD_VALUE_%dX", n);
        set_field(l, "PDP", r, f, g->pad_value[n]);
    }
    set_field(l, "PDP", "D_PARTIAL_WIDTH_IN", "PARTIAL_WIDTH_IN_FIRST", g->part_in_first - 1);
    set_field(l, "PDP", "D_PARTIAL_WIDTH_IN", "PARTIAL_WIDTH_IN_MID", g->part_in_mid - 1);
    set_field(l, "PDP", "D_PARTIAL_WIDTH_IN", "PARTIAL_WIDTH_IN_LAST", g->part_in_last - 1);
    set_field(l, "PDP", "D_PARTIAL_WIDTH_OUT", "PARTIAL_WIDTH_OUT_FIRST", g->part_out_first - 1);
    set_field(l, "PDP", "D_PARTIAL_WIDTH_OUT", "PARTIAL_WIDTH_OUT_MID", g->part_out_mid - 1);
    set_field(l, "PDP", "D_PARTIAL_WIDTH_OUT", "PARTIAL_WIDTH_OUT_LAST", g->part_out_last - 1);
    if (src) {
        set_reg(l, "PDP", "D_SRC_BASE_ADDR_LOW", (uint32_t)src->base);
        set_reg(l, "PDP", "D_SRC_BASE_ADDR_HIGH", (uint32_t)(src->base >> 32));
        set_reg(l, "PDP", "D_SRC_LINE_STRIDE", (uint32_t)src->line);
        set_reg(l, "PDP", "D_SRC_SURFACE_STRIDE", (uint32_t)src->surf);
    }
    set_reg(l, "PDP", "D_DST_BASE_ADDR_LOW", (uint32_t)dst->base);
    set_reg(l, "PDP", "D_DST_BASE_ADDR_HIGH", (uint32_t)(dst->base >> 32));
    set_reg(l, "PDP", "D_DST_LINE_STRIDE", (uint32_t)dst->line);
    set_reg(l, "PDP", "D_DST_SURFACE_STRIDE", (uint32_t)dst->surf);
    set_reg(l, "PDP", "D_DST_RAM_CFG", ram_type(dst->sec));
    set_reg(l, "PDP", "D_DATA_FORMAT", 0);
    set_reg(l, "PDP", "D_CYA", 0);
}

int gen_pdp(struct layer *l, const char *name)
{
    struct golden_pdp_cfg g;
    memset(&g, 0, sizeof g);
    int split = want_special;
    g.in_w = split ? 64 : (uint32_t)rand_range(1, 16);   /* split: the width follows from the stripes */
    g.in_h = (uint32_t)rand_range(1, 16);
    g.in_c = chance(20) ? (uint32_t)rand_range(1, atom()) : (uint32_t)rand_range(1, 8 * atom());
    g.lanes = atom();
    pdp_draw(&g);
    if (split)
        pdp_split(&g);
    char why[200];
    if (golden_pdp_check(&g, why, sizeof why))
        return -1;
    struct cube in = { .w = g.in_w, .h = g.in_h, .c = g.in_c, .eb = 1 };
    cube_strides(&in, 1);
    if (in.w == 1 && in.h == 1)
        in.surf = in.line;
    cube_image(l, &in, name, "_in");
    struct cube out = { .w = g.out_w, .h = g.out_h, .c = g.in_c, .eb = 1 };
    cube_strides(&out, 1);
    cube_output(l, &out);
    set_reg(l, "PDP", "S_POINTER", 0);
    set_reg(l, "PDP_RDMA", "S_POINTER", 0);
    pdp_regs(l, &g, 1, &in, &out);
    set_reg(l, "PDP_RDMA", "D_DATA_CUBE_IN_WIDTH", g.in_w - 1);
    set_reg(l, "PDP_RDMA", "D_DATA_CUBE_IN_HEIGHT", g.in_h - 1);
    set_reg(l, "PDP_RDMA", "D_DATA_CUBE_IN_CHANNEL", g.in_c - 1);
    set_reg(l, "PDP_RDMA", "D_FLYING_MODE", 1);
    set_reg(l, "PDP_RDMA", "D_SRC_BASE_ADDR_LOW", (uint32_t)in.base);
    set_reg(l, "PDP_RDMA", "D_SRC_BASE_ADDR_HIGH", (uint32_t)(in.base >> 32));
    set_reg(l, "PDP_RDMA", "D_SRC_LINE_STRIDE", (uint32_t)in.line);
    set_reg(l, "PDP_RDMA", "D_SRC_SURFACE_STRIDE", (uint32_t)in.surf);
    set_reg(l, "PDP_RDMA", "D_SRC_RAM_CFG", ram_type(in.sec));
    set_reg(l, "PDP_RDMA", "D_DATA_FORMAT", 0);
    set_field(l, "PDP_RDMA", "D_OPERATION_MODE_CFG", "SPLIT_NUM", g.split_num);
    set_field(l, "PDP_RDMA", "D_POOLING_KERNEL_CFG", "KERNEL_WIDTH", g.kernel_w - 1);
    set_field(l, "PDP_RDMA", "D_POOLING_KERNEL_CFG", "KERNEL_STRIDE_WIDTH", g.stride_w - 1);
    set_field(l, "PDP_RDMA", "D_POOLING_PADDING_CFG", "PAD_WIDTH", g.pad_left);
    set_field(l, "PDP_RDMA", "D_PARTIAL_WIDTH_IN", "PARTIAL_WIDTH_IN_FIRST", g.part_in_first - 1);
    set_field(l, "PDP_RDMA", "D_PARTIAL_WIDTH_IN", "PARTIAL_WIDTH_IN_MID", g.part_in_mid - 1);
    set_field(l, "PDP_RDMA", "D_PARTIAL_WIDTH_IN", "PARTIAL_WIDTH_IN_LAST", g.part_in_last - 1);
    enable(l, "PDP");
    enable(l, "PDP_RDMA");
    l->intr = "PDP_0";
    static const char *const m[] = { "ave", "max", "min" };
    int n = snprintf(l->desc, sizeof l->desc, "PDP %ux%ux%u %s k%ux%u s%ux%u p%u/%u/%u/%u -> %ux%u", g.in_w,
                     g.in_h, g.in_c, m[g.method], g.kernel_w, g.kernel_h, g.stride_w, g.stride_h, g.pad_left,
                     g.pad_right, g.pad_top, g.pad_bottom, g.out_w, g.out_h);
    int off_nominal = g.method == GOLDEN_POOL_AVERAGE &&
                      (g.recip_w != 65536u / g.kernel_w || g.recip_h != 65536u / g.kernel_h);
    if (off_nominal)
        n += snprintf(l->desc + n, sizeof l->desc - (size_t)n, " recip 0x%x/0x%x", g.recip_w, g.recip_h);
    l->corners = (off_nominal ? CORNER_RECIP : 0) | (g.pad_right || g.pad_bottom ? CORNER_EDGE_PAD : 0);
    if (g.split_num == 1)
        snprintf(l->desc + n, sizeof l->desc - (size_t)n, " split2 in %u/%u out %u/%u", g.part_in_first,
                 g.part_in_last, g.part_out_first, g.part_out_last);
    else if (g.split_num)
        snprintf(l->desc + n, sizeof l->desc - (size_t)n, " split%u in %u/%ux%u/%u out %u/%ux%u/%u",
                 g.split_num + 1, g.part_in_first, g.part_in_mid, g.split_num - 1, g.part_in_last,
                 g.part_out_first, g.part_out_mid, g.split_num - 1, g.part_out_last);
    l->kind = g.split_num ? KIND_PDP_SPLIT : 0;
    return 0;
}
