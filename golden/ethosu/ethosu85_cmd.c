/* Ethos-U85 command table: every opcode of command stream version 2.0, the named fields of its
 * param and how its payload reads (ethosu85_cmd.h says where the numbers come from). Field
 * names follow Vela's listing so a disassembly can be compared with it field for field. */
#include "ethosu85_cmd.h"
#include "ethosu_cmd.h"

#define F(n, l, w) { n, l, w }

static const struct ethosu_cmd_field f_mask[] = { F("mask", 0, 16) };
static const struct ethosu_cmd_field f_conv[] = { F("weights_ifm2", 0, 1) };
static const struct ethosu_cmd_field f_pool[] = { F("pooling_mode", 0, 3) };
static const struct ethosu_cmd_field f_ew[] = { F("elementwise_mode", 0, 6) };
static const struct ethosu_cmd_field f_resize[] = { F("resize_mode", 0, 2) };
static const struct ethosu_cmd_field f_dma_wait[] = { F("k", 0, 2) };
static const struct ethosu_cmd_field f_kernel_wait[] = { F("n", 0, 1) };
static const struct ethosu_cmd_field f_pmu[] = { F("enable", 0, 1) };
static const struct ethosu_cmd_field f_pad7[] = { F("pad", 0, 7) };
static const struct ethosu_cmd_field f_pad8[] = { F("pad", 0, 8) };
static const struct ethosu_cmd_field f_region[] = { F("region", 0, 3) };
/* IFM and IFM2: b0 signedness, b[3:2] element size, b[7:6] layout, b[15:14] storage */
static const struct ethosu_cmd_field f_in_prec[] = {
    F("activation_type", 0, 1), F("activation_precision", 2, 2), F("activation_format", 6, 2),
    F("activation_storage", 14, 2),
};
/* OFM: element size one bit lower than the inputs', then scaling, reverse and transpose */
static const struct ethosu_cmd_field f_ofm_prec[] = {
    F("activation_type", 0, 1), F("activation_precision", 1, 2), F("activation_format", 6, 2),
    F("scale_mode", 8, 1), F("activation_reverse", 9, 2), F("activation_transpose", 11, 3),
    F("activation_storage", 14, 2),
};
static const struct ethosu_cmd_field f_upscale[] = { F("mode", 0, 2) };
static const struct ethosu_cmd_field f_broadcast[] = { F("broadcast_mode", 0, 4) };
static const struct ethosu_cmd_field f_blk_w[] = { F("width_m1", 0, 7) };
static const struct ethosu_cmd_field f_blk_h[] = { F("height_m1", 0, 7) };
static const struct ethosu_cmd_field f_blk10[] = { F("depth_m1", 0, 10) };
static const struct ethosu_cmd_field f_stride[] = {
    F("stride_x_lsb", 0, 1), F("stride_y_lsb", 1, 1), F("weight_order", 2, 1),
    F("dilation_x", 3, 1), F("dilation_y", 4, 1), F("decomposition", 5, 1),
    F("stride_x_msb", 6, 1), F("stride_y_msb", 9, 1),
};
static const struct ethosu_cmd_field f_acc[] = {
    F("acc_format", 0, 2), F("acc_input", 4, 2), F("acc_output", 6, 1), F("microblock", 8, 3),
};
static const struct ethosu_cmd_field f_activation[] = {
    F("activation_function", 0, 5), F("table", 5, 3), F("activation_clip_range", 12, 1),
};
static const struct ethosu_cmd_field f_weight_format[] = {
    F("weight_format", 0, 1), F("weight_sparsity", 4, 1),
};
static const struct ethosu_cmd_field f_blockdep[] = { F("blockdep", 0, 3) };
static const struct ethosu_cmd_field f_resize_scale[] = { F("scale_n_m1", 0, 11) };
static const struct ethosu_cmd_field f_resize_offset[] = { F("offset", 0, 12) };
static const struct ethosu_cmd_field f_dma_src[] = {
    F("region", 0, 3), F("region_mode", 8, 1), F("stride_mode", 9, 2), F("idx_mode", 11, 1),
};
static const struct ethosu_cmd_field f_dma_dst[] = {
    F("region", 0, 3), F("region_mode", 8, 1), F("idx_mode", 11, 1),
};
static const struct ethosu_cmd_field f_ofm_scale[] = {
    F("shift", 0, 6), F("dbl_rnd", 6, 5), F("round_mode", 13, 3),
};
static const struct ethosu_cmd_field f_in_scale[] = {
    F("shift", 0, 6), F("dbl_rnd", 6, 5), F("round_mode", 13, 1),
};
static const struct ethosu_cmd_field f_resize_step[] = {
    F("one_step_int", 0, 4), F("blk_step_int", 4, 11),
};
static const struct ethosu_cmd_field f_branch[] = { F("branch_cond", 0, 1) };

#define N(fl) fl, sizeof(fl) / sizeof((fl)[0])
#define C(op, fl) { ETHOSU85_##op, #op, N(fl), ETHOSU85_PAYLOAD_NUMBER }
#define P(op) { ETHOSU85_##op, #op, NULL, 0, ETHOSU85_PAYLOAD_NUMBER }
#define A(op) { ETHOSU85_##op, #op, NULL, 0, ETHOSU85_PAYLOAD_ADDR }
#define S(op) { ETHOSU85_##op, #op, NULL, 0, ETHOSU85_PAYLOAD_SADDR }

const struct ethosu85_cmd_desc ethosu85_cmd_table[] = {
    C(NPU_OP_STOP, f_mask), C(NPU_OP_IRQ, f_mask), C(NPU_OP_CONV, f_conv), P(NPU_OP_DEPTHWISE),
    C(NPU_OP_POOL, f_pool), C(NPU_OP_ELEMENTWISE, f_ew), C(NPU_OP_RESIZE, f_resize),
    P(NPU_OP_DMA_START), C(NPU_OP_DMA_WAIT, f_dma_wait), C(NPU_OP_KERNEL_WAIT, f_kernel_wait),
    C(NPU_OP_PMU_MASK, f_pmu),
    C(NPU_SET_IFM_PAD_TOP, f_pad7), C(NPU_SET_IFM_PAD_LEFT, f_pad7),
    C(NPU_SET_IFM_PAD_RIGHT, f_pad8), C(NPU_SET_IFM_PAD_BOTTOM, f_pad8),
    P(NPU_SET_IFM_DEPTH_M1), C(NPU_SET_IFM_PRECISION, f_in_prec),
    C(NPU_SET_IFM_UPSCALE, f_upscale), C(NPU_SET_IFM_BROADCAST, f_broadcast),
    P(NPU_SET_IFM_ZERO_POINT), P(NPU_SET_IFM_WIDTH0_M1), P(NPU_SET_IFM_HEIGHT0_M1),
    P(NPU_SET_IFM_HEIGHT1_M1), C(NPU_SET_IFM_REGION, f_region),
    P(NPU_SET_OFM_WIDTH_M1), P(NPU_SET_OFM_HEIGHT_M1), P(NPU_SET_OFM_DEPTH_M1),
    C(NPU_SET_OFM_PRECISION, f_ofm_prec), C(NPU_SET_OFM_BLK_WIDTH_M1, f_blk_w),
    C(NPU_SET_OFM_BLK_HEIGHT_M1, f_blk_h), C(NPU_SET_OFM_BLK_DEPTH_M1, f_blk10),
    P(NPU_SET_OFM_ZERO_POINT), P(NPU_SET_OFM_WIDTH0_M1), P(NPU_SET_OFM_HEIGHT0_M1),
    P(NPU_SET_OFM_HEIGHT1_M1), C(NPU_SET_OFM_REGION, f_region),
    P(NPU_SET_KERNEL_WIDTH_M1), P(NPU_SET_KERNEL_HEIGHT_M1), C(NPU_SET_KERNEL_STRIDE, f_stride),
    C(NPU_SET_ACC_FORMAT, f_acc), C(NPU_SET_ACTIVATION, f_activation),
    P(NPU_SET_ACTIVATION_MIN), P(NPU_SET_ACTIVATION_MAX),
    C(NPU_SET_WEIGHT_REGION, f_region), C(NPU_SET_SCALE_REGION, f_region),
    C(NPU_SET_RESIZE_X_SCALE_N_M1, f_resize_scale), C(NPU_SET_RESIZE_Y_SCALE_N_M1, f_resize_scale),
    C(NPU_SET_RESIZE_X_OFFSET, f_resize_offset), C(NPU_SET_RESIZE_Y_OFFSET, f_resize_offset),
    C(NPU_SET_WEIGHT_FORMAT, f_weight_format), C(NPU_SET_BLOCKDEP, f_blockdep),
    C(NPU_SET_DMA0_SRC_REGION, f_dma_src), C(NPU_SET_DMA0_DST_REGION, f_dma_dst),
    P(NPU_SET_DMA0_SIZE0), P(NPU_SET_DMA0_SIZE1), C(NPU_SET_DMA0_IDX_REGION, f_region),
    C(NPU_SET_IFM2_BROADCAST, f_broadcast), C(NPU_SET_IFM2_PRECISION, f_in_prec),
    P(NPU_SET_IFM2_ZERO_POINT), P(NPU_SET_IFM2_WIDTH0_M1), P(NPU_SET_IFM2_HEIGHT0_M1),
    P(NPU_SET_IFM2_HEIGHT1_M1), C(NPU_SET_IFM2_REGION, f_region),
    /* cmd1 */
    A(NPU_SET_IFM_BASE0), A(NPU_SET_IFM_BASE1), A(NPU_SET_IFM_BASE2), A(NPU_SET_IFM_BASE3),
    S(NPU_SET_IFM_STRIDE_X), S(NPU_SET_IFM_STRIDE_Y), S(NPU_SET_IFM_STRIDE_C),
    A(NPU_SET_OFM_BASE0), A(NPU_SET_OFM_BASE1), A(NPU_SET_OFM_BASE2), A(NPU_SET_OFM_BASE3),
    S(NPU_SET_OFM_STRIDE_X), S(NPU_SET_OFM_STRIDE_Y), S(NPU_SET_OFM_STRIDE_C),
    A(NPU_SET_WEIGHT_BASE), P(NPU_SET_WEIGHT_LENGTH), A(NPU_SET_SCALE_BASE),
    P(NPU_SET_SCALE_LENGTH), C(NPU_SET_OFM_SCALE, f_ofm_scale), C(NPU_SET_IFM_SCALE, f_in_scale),
    C(NPU_SET_IFM2_SCALE, f_in_scale), P(NPU_SET_OP_SCALAR),
    A(NPU_SET_DMA0_SRC), A(NPU_SET_DMA0_DST), A(NPU_SET_DMA0_LEN),
    S(NPU_SET_DMA0_SRC_STRIDE0), S(NPU_SET_DMA0_SRC_STRIDE1), S(NPU_SET_DMA0_DST_STRIDE0),
    S(NPU_SET_DMA0_DST_STRIDE1), A(NPU_SET_DMA0_IDX), P(NPU_SET_DMA0_IDX_MAX),
    S(NPU_SET_DMA0_IDX_SKIP1),
    A(NPU_SET_IFM2_BASE0), A(NPU_SET_IFM2_BASE1), A(NPU_SET_IFM2_BASE2), A(NPU_SET_IFM2_BASE3),
    S(NPU_SET_IFM2_STRIDE_X), S(NPU_SET_IFM2_STRIDE_Y), S(NPU_SET_IFM2_STRIDE_C),
    A(NPU_SET_WEIGHT1_BASE), P(NPU_SET_WEIGHT1_LENGTH), A(NPU_SET_WEIGHT2_BASE),
    P(NPU_SET_WEIGHT2_LENGTH), A(NPU_SET_WEIGHT3_BASE), P(NPU_SET_WEIGHT3_LENGTH),
    C(NPU_SET_RESIZE_X, f_resize_step), C(NPU_SET_RESIZE_Y, f_resize_step),
    C(NPU_OP_BRANCH, f_branch),
};

const size_t ethosu85_cmd_table_len = sizeof ethosu85_cmd_table / sizeof ethosu85_cmd_table[0];
