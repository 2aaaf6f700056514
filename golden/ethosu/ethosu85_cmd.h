/* Ethos-U85 command stream (command stream version 2.0): its opcodes and its command table.
 *
 * The word framing is the U55/U65's (ethosu_cmd.h): bits [15:0] of word 0 are the opcode (bit
 * 14 set: a cmd1 command with a 32-bit payload word), bits [31:16] the param. What differs is
 * the set of commands and the layout of their params; ethosu_cmd.h's *_for functions take the
 * product (ETHOSU_CMD_U85) and look commands up in this table.
 *
 * Source of the numbers: the public Ethos-U85 interface description (Arm's ethos-u-core-driver,
 * ethosu85_interface.h, and Vela's U85 register command stream generator); the names are the
 * ones Vela prints in its --verbose-register-command-stream listing, so the two can be compared
 * line by line. Against the U65 table:
 *  - new commands: NPU_OP_RESIZE, NPU_OP_BRANCH (cmd1), NPU_SET_IFM_BROADCAST,
 *    NPU_SET_WEIGHT_FORMAT, NPU_SET_RESIZE_{X,Y}_SCALE_N_M1 / _OFFSET / NPU_SET_RESIZE_{X,Y},
 *    NPU_SET_DMA0_IDX_REGION, NPU_SET_DMA0_{SRC,DST}_STRIDE0/1, NPU_SET_DMA0_IDX(_MAX, _SKIP1),
 *    NPU_SET_IFM_SCALE / NPU_SET_IFM2_SCALE (where the U65 has OPA/OPB), NPU_SET_OP_SCALAR
 *    (where the U65 has IFM2_SCALAR), NPU_SET_WEIGHT2/3_BASE/LENGTH;
 *  - gone: NPU_SET_IFM_IB_END, NPU_SET_AB_START, NPU_SET_IFM2_IB_START, NPU_SET_PARALLEL_MODE,
 *    NPU_SET_IFM2_SCALAR, NPU_SET_OPA/OPB_SCALE, NPU_SET_DMA0_SKIP0/1, NPU_SET_SCALE1_*;
 *  - changed params: the precision commands gain a storage mode (b[15:14]; the U65's
 *    round_mode moved to the scale commands), the OFM's also reverse b[10:9] and transpose
 *    b[13:11]; ACC_FORMAT names the accumulator input/output and micro-block; ACTIVATION has a
 *    5-bit function and a 3-bit table number; the 48-bit addresses are 40-bit (param b[7:0]).
 */
#ifndef ETHOSU85_CMD_H
#define ETHOSU85_CMD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opcodes as ethosu_cmd.h numbers them: cmd1 ones carry the 0x4000 format bit. */
enum ethosu85_opcode {
    /* cmd0: operations */
    ETHOSU85_NPU_OP_STOP               = 0x0000,
    ETHOSU85_NPU_OP_IRQ                = 0x0001,
    ETHOSU85_NPU_OP_CONV               = 0x0002,
    ETHOSU85_NPU_OP_DEPTHWISE          = 0x0003,
    ETHOSU85_NPU_OP_POOL               = 0x0005,
    ETHOSU85_NPU_OP_ELEMENTWISE        = 0x0006,
    ETHOSU85_NPU_OP_RESIZE             = 0x0007,
    ETHOSU85_NPU_OP_DMA_START          = 0x0010,
    ETHOSU85_NPU_OP_DMA_WAIT           = 0x0011,
    ETHOSU85_NPU_OP_KERNEL_WAIT        = 0x0012,
    ETHOSU85_NPU_OP_PMU_MASK           = 0x0013,
    /* cmd0: state */
    ETHOSU85_NPU_SET_IFM_PAD_TOP       = 0x0100,
    ETHOSU85_NPU_SET_IFM_PAD_LEFT      = 0x0101,
    ETHOSU85_NPU_SET_IFM_PAD_RIGHT     = 0x0102,
    ETHOSU85_NPU_SET_IFM_PAD_BOTTOM    = 0x0103,
    ETHOSU85_NPU_SET_IFM_DEPTH_M1      = 0x0104,
    ETHOSU85_NPU_SET_IFM_PRECISION     = 0x0105,
    ETHOSU85_NPU_SET_IFM_UPSCALE       = 0x0107,
    ETHOSU85_NPU_SET_IFM_BROADCAST     = 0x0108,
    ETHOSU85_NPU_SET_IFM_ZERO_POINT    = 0x0109,
    ETHOSU85_NPU_SET_IFM_WIDTH0_M1     = 0x010A,
    ETHOSU85_NPU_SET_IFM_HEIGHT0_M1    = 0x010B,
    ETHOSU85_NPU_SET_IFM_HEIGHT1_M1    = 0x010C,
    ETHOSU85_NPU_SET_IFM_REGION        = 0x010F,
    ETHOSU85_NPU_SET_OFM_WIDTH_M1      = 0x0111,
    ETHOSU85_NPU_SET_OFM_HEIGHT_M1     = 0x0112,
    ETHOSU85_NPU_SET_OFM_DEPTH_M1      = 0x0113,
    ETHOSU85_NPU_SET_OFM_PRECISION     = 0x0114,
    ETHOSU85_NPU_SET_OFM_BLK_WIDTH_M1  = 0x0115,
    ETHOSU85_NPU_SET_OFM_BLK_HEIGHT_M1 = 0x0116,
    ETHOSU85_NPU_SET_OFM_BLK_DEPTH_M1  = 0x0117,
    ETHOSU85_NPU_SET_OFM_ZERO_POINT    = 0x0118,
    ETHOSU85_NPU_SET_OFM_WIDTH0_M1     = 0x011A,
    ETHOSU85_NPU_SET_OFM_HEIGHT0_M1    = 0x011B,
    ETHOSU85_NPU_SET_OFM_HEIGHT1_M1    = 0x011C,
    ETHOSU85_NPU_SET_OFM_REGION        = 0x011F,
    ETHOSU85_NPU_SET_KERNEL_WIDTH_M1   = 0x0120,
    ETHOSU85_NPU_SET_KERNEL_HEIGHT_M1  = 0x0121,
    ETHOSU85_NPU_SET_KERNEL_STRIDE     = 0x0122,
    ETHOSU85_NPU_SET_ACC_FORMAT        = 0x0124,
    ETHOSU85_NPU_SET_ACTIVATION        = 0x0125,
    ETHOSU85_NPU_SET_ACTIVATION_MIN    = 0x0126,
    ETHOSU85_NPU_SET_ACTIVATION_MAX    = 0x0127,
    ETHOSU85_NPU_SET_WEIGHT_REGION     = 0x0128,
    ETHOSU85_NPU_SET_SCALE_REGION      = 0x0129,
    ETHOSU85_NPU_SET_RESIZE_X_SCALE_N_M1 = 0x012A,
    ETHOSU85_NPU_SET_RESIZE_Y_SCALE_N_M1 = 0x012B,
    ETHOSU85_NPU_SET_RESIZE_X_OFFSET   = 0x012C,
    ETHOSU85_NPU_SET_RESIZE_Y_OFFSET   = 0x012D,
    ETHOSU85_NPU_SET_WEIGHT_FORMAT     = 0x012E,
    ETHOSU85_NPU_SET_BLOCKDEP          = 0x012F,
    ETHOSU85_NPU_SET_DMA0_SRC_REGION   = 0x0130,
    ETHOSU85_NPU_SET_DMA0_DST_REGION   = 0x0131,
    ETHOSU85_NPU_SET_DMA0_SIZE0        = 0x0132,
    ETHOSU85_NPU_SET_DMA0_SIZE1        = 0x0133,
    ETHOSU85_NPU_SET_DMA0_IDX_REGION   = 0x0134,
    ETHOSU85_NPU_SET_IFM2_BROADCAST    = 0x0180,
    ETHOSU85_NPU_SET_IFM2_PRECISION    = 0x0185,
    ETHOSU85_NPU_SET_IFM2_ZERO_POINT   = 0x0189,
    ETHOSU85_NPU_SET_IFM2_WIDTH0_M1    = 0x018A,
    ETHOSU85_NPU_SET_IFM2_HEIGHT0_M1   = 0x018B,
    ETHOSU85_NPU_SET_IFM2_HEIGHT1_M1   = 0x018C,
    ETHOSU85_NPU_SET_IFM2_REGION       = 0x018F,
    /* cmd1 */
    ETHOSU85_NPU_SET_IFM_BASE0         = 0x4000,
    ETHOSU85_NPU_SET_IFM_BASE1         = 0x4001,
    ETHOSU85_NPU_SET_IFM_BASE2         = 0x4002,
    ETHOSU85_NPU_SET_IFM_BASE3         = 0x4003,
    ETHOSU85_NPU_SET_IFM_STRIDE_X      = 0x4004,
    ETHOSU85_NPU_SET_IFM_STRIDE_Y      = 0x4005,
    ETHOSU85_NPU_SET_IFM_STRIDE_C      = 0x4006,
    ETHOSU85_NPU_SET_OFM_BASE0         = 0x4010,
    ETHOSU85_NPU_SET_OFM_BASE1         = 0x4011,
    ETHOSU85_NPU_SET_OFM_BASE2         = 0x4012,
    ETHOSU85_NPU_SET_OFM_BASE3         = 0x4013,
    ETHOSU85_NPU_SET_OFM_STRIDE_X      = 0x4014,
    ETHOSU85_NPU_SET_OFM_STRIDE_Y      = 0x4015,
    ETHOSU85_NPU_SET_OFM_STRIDE_C      = 0x4016,
    ETHOSU85_NPU_SET_WEIGHT_BASE       = 0x4020,
    ETHOSU85_NPU_SET_WEIGHT_LENGTH     = 0x4021,
    ETHOSU85_NPU_SET_SCALE_BASE        = 0x4022,
    ETHOSU85_NPU_SET_SCALE_LENGTH      = 0x4023,
    ETHOSU85_NPU_SET_OFM_SCALE         = 0x4024, /* param: shift, dbl_rnd, round_mode; payload: scale */
    ETHOSU85_NPU_SET_IFM_SCALE         = 0x4025,
    ETHOSU85_NPU_SET_IFM2_SCALE        = 0x4026,
    ETHOSU85_NPU_SET_OP_SCALAR         = 0x4027, /* payload: the scalar operand */
    ETHOSU85_NPU_SET_DMA0_SRC          = 0x4030,
    ETHOSU85_NPU_SET_DMA0_DST          = 0x4031,
    ETHOSU85_NPU_SET_DMA0_LEN          = 0x4032,
    ETHOSU85_NPU_SET_DMA0_SRC_STRIDE0  = 0x4033,
    ETHOSU85_NPU_SET_DMA0_SRC_STRIDE1  = 0x4034,
    ETHOSU85_NPU_SET_DMA0_DST_STRIDE0  = 0x4035,
    ETHOSU85_NPU_SET_DMA0_DST_STRIDE1  = 0x4036,
    ETHOSU85_NPU_SET_DMA0_IDX          = 0x4037,
    ETHOSU85_NPU_SET_DMA0_IDX_MAX      = 0x4038,
    ETHOSU85_NPU_SET_DMA0_IDX_SKIP1    = 0x4039,
    ETHOSU85_NPU_SET_IFM2_BASE0        = 0x4080,
    ETHOSU85_NPU_SET_IFM2_BASE1        = 0x4081,
    ETHOSU85_NPU_SET_IFM2_BASE2        = 0x4082,
    ETHOSU85_NPU_SET_IFM2_BASE3        = 0x4083,
    ETHOSU85_NPU_SET_IFM2_STRIDE_X     = 0x4084,
    ETHOSU85_NPU_SET_IFM2_STRIDE_Y     = 0x4085,
    ETHOSU85_NPU_SET_IFM2_STRIDE_C     = 0x4086,
    ETHOSU85_NPU_SET_WEIGHT1_BASE      = 0x4090,
    ETHOSU85_NPU_SET_WEIGHT1_LENGTH    = 0x4091,
    ETHOSU85_NPU_SET_WEIGHT2_BASE      = 0x4092,
    ETHOSU85_NPU_SET_WEIGHT2_LENGTH    = 0x4093,
    ETHOSU85_NPU_SET_WEIGHT3_BASE      = 0x4094,
    ETHOSU85_NPU_SET_WEIGHT3_LENGTH    = 0x4095,
    ETHOSU85_NPU_SET_RESIZE_X          = 0x4096, /* param: integer steps; payload: remainders */
    ETHOSU85_NPU_SET_RESIZE_Y          = 0x4097,
    ETHOSU85_NPU_OP_BRANCH             = 0x4100, /* param: condition; payload: target */
};

/* How a cmd1 command's 32-bit payload reads (the disassembler's comment). */
enum ethosu85_payload {
    ETHOSU85_PAYLOAD_ADDR,   /* bits [31:0] of a 40-bit unsigned value, param b[7:0] the rest */
    ETHOSU85_PAYLOAD_SADDR,  /* the same, signed (strides) */
    ETHOSU85_PAYLOAD_NUMBER, /* a 32-bit number (lengths, scales, the scalar, the target) */
};

struct ethosu_cmd_field;

/* One command of the table. */
struct ethosu85_cmd_desc {
    uint16_t opcode;
    const char *name;
    const struct ethosu_cmd_field *fields; /* named fields of the param */
    size_t nfields;
    enum ethosu85_payload payload;         /* cmd1 only */
};

extern const struct ethosu85_cmd_desc ethosu85_cmd_table[];
extern const size_t ethosu85_cmd_table_len;

#ifdef __cplusplus
}
#endif

#endif /* ETHOSU85_CMD_H */
