/* ethosu85_weight_params: the Ethos-U85 weight order's parameters from the command stream
 * (declared in ethosu85_weight_order.h). Hardware has only the registers and its own
 * configuration; the derivations below are those Vela 5.2 makes when it picks the block
 * configuration (ethos_u85.cpp, FindBlockConfig) and writes the registers
 * (ethos_u85_register_cs_generator.cpp), read in reverse. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ethosu85_weight_order.h"
#include "ethosu_ops_util.h"


unsigned ethosu85_cores_for_macs(unsigned macs)
{
    switch (macs) {
    case 128:
    case 256:
        return 1;
    case 512:
        return 2;
    case 1024:
    case 2048:
        return 4;
    default:
        return 0;
    }
}

/* ACC_FORMAT.microblock values. */
enum { UB_1X1, UB_1X2, UB_1X4, UB_2X2, UB_2X4, UB_4X4 };

uint32_t ethosu85_ofm_ublock_depth(unsigned macs, unsigned microblock)
{
    switch (macs) {
    case 128:
        return microblock == UB_1X2 ? 8 : microblock == UB_1X1 ? 16 : 0;
    case 256:
        return microblock == UB_1X2 ? 16 : (microblock == UB_1X4 || microblock == UB_2X2) ? 8 : 0;
    case 512:
        return microblock == UB_2X2 || microblock == UB_1X4 ? 16 : 0;
    case 1024:
        return microblock == UB_2X2 || microblock == UB_1X4 ? 32 : microblock == UB_2X4 ? 16 : 0;
    case 2048:
        return microblock == UB_2X2 || microblock == UB_1X4 ? 64 : microblock == UB_4X4 ? 16 : 0;
    default:
        return 0;
    }
}

int ethosu85_weight_params_from_regs(const struct ethosu85_weight_fields *f,
                                     struct ethosu85_weight_order_cfg *c, char *err,
                                     size_t errlen)
{
    if (!f || !c)
        return ethosu_ops_fail(err, errlen, "weight params: NULL pointer");
    memset(c, 0, sizeof *c);
    unsigned cores = ethosu85_cores_for_macs(f->macs);
    if (!cores)
        return ethosu_ops_fail(err, errlen, "weight params: %u MACs is no Ethos-U85 configuration", f->macs);
    c->macs = f->macs;
    c->streams = cores;

    if (f->weight_order > 1 || f->dilation_x > 1 || f->dilation_y > 1 || f->decomposition > 1 ||
        f->stride_x_lsb > 1 || f->stride_x_msb > 1 || f->stride_y_lsb > 1 || f->stride_y_msb > 1)
        return ethosu_ops_fail(err, errlen, "weight params: KERNEL_STRIDE field out of range");
    c->traversal = f->depthwise ? ETHOSU85_DEPTHWISE
                   : f->weight_order ? ETHOSU85_PART_KERNEL_FIRST
                                     : ETHOSU85_DEPTH_FIRST;
    c->stride_x = ((f->stride_x_msb << 1) | f->stride_x_lsb) + 1;
    c->stride_y = ((f->stride_y_msb << 1) | f->stride_y_lsb) + 1;
    c->dilation_x = f->dilation_x + 1;
    c->dilation_y = f->dilation_y + 1;
    c->kernel_split = f->decomposition ? 4 : 8;

    /* the registers hold the dilated kernel: (k - 1) * d + 1 */
    if (f->kernel_width_m1 % c->dilation_x || f->kernel_height_m1 % c->dilation_y)
        return ethosu_ops_fail(err, errlen,
                    "weight params: dilated kernel %ux%u is no kernel dilated by %ux%u",
                    (unsigned)f->kernel_width_m1 + 1, (unsigned)f->kernel_height_m1 + 1,
                    c->dilation_x, c->dilation_y);
    c->kernel_w = f->kernel_width_m1 / c->dilation_x + 1;
    c->kernel_h = f->kernel_height_m1 / c->dilation_y + 1;

    if (f->ifm_precision > 2)
        return ethosu_ops_fail(err, errlen, "weight params: IFM precision field %u has no weights",
                    f->ifm_precision);
    c->ifm_bits = 8u << f->ifm_precision;
    if (f->ofm_depth_m1 >= ETHOSU85_WO_MAX_DIM || f->ifm_depth_m1 >= ETHOSU85_WO_MAX_DIM ||
        f->ofm_blk_depth_m1 >= ETHOSU85_WO_MAX_DIM)
        return ethosu_ops_fail(err, errlen, "weight params: a depth register out of range");
    c->ofm_depth = f->ofm_depth_m1 + 1;
    c->ifm_depth = f->depthwise ? 1 : f->ifm_depth_m1 + 1;
    c->ofm_block_depth = f->ofm_blk_depth_m1 + 1;
    c->ofm_ublock_depth = ethosu85_ofm_ublock_depth(f->macs, f->microblock);
    if (!c->ofm_ublock_depth)
        return ethosu_ops_fail(err, errlen, "weight params: microblock %u does not exist on %u MACs",
                    f->microblock, f->macs);
    if (f->weight_format > 1 || f->weight_sparsity > 1)
        return ethosu_ops_fail(err, errlen, "weight params: WEIGHT_FORMAT field out of range");
    c->fwd = (int)f->weight_format;
    c->sparse = (int)f->weight_sparsity;

    /* IFM block depth: fixed by the configuration and the operation, never in a register */
    if (f->depthwise)
        c->ifm_block_depth = 1; /* not used by the depth-wise order */
    else if (c->traversal == ETHOSU85_PART_KERNEL_FIRST)
        c->ifm_block_depth = 16;
    else if (c->ifm_bits == 32 ||
             ((f->macs == 128 || f->macs == 256) && c->ofm_ublock_depth == 16 && !c->sparse))
        c->ifm_block_depth = 32;
    else if (c->sparse && c->ifm_bits == 8)
        c->ifm_block_depth = 128;
    else
        c->ifm_block_depth = 64;

    if (ethosu85_weight_order_check(c))
        return ethosu_ops_fail(err, errlen,
                    "weight params: no weight order for this combination (OFM block %u, "
                    "microblock depth %u, %u streams, IFM block %u%s%s%s)",
                    (unsigned)c->ofm_block_depth, (unsigned)c->ofm_ublock_depth, c->streams,
                    (unsigned)c->ifm_block_depth, c->sparse ? ", sparse" : "",
                    c->fwd ? ", FWD" : "", f->depthwise ? ", depth-wise" : "");
    return 0;
}
