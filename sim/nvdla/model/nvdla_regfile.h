/* nvdla_regfile: the NVDLA register file of the register-level model (the
 * twin's and the trace reference's), built from the generated register
 * table: ping-pong groups with PRODUCER/CONSUMER,
 * OP_EN set by software and cleared by the engine, writes to an enabled
 * group dropped, S_STATUS, GLB interrupt status/mask and dla_intr. */
#ifndef NVDLA_REGFILE_H
#define NVDLA_REGFILE_H

#include <stdint.h>
#include "nvdla_config.h"
#include "nvdla_regs.h"

/* A LUT behind S_LUT_ACCESS_CFG / S_LUT_ACCESS_DATA (SDP and CDP). */
#define NVDLA_LUT_LE_SIZE 65
#define NVDLA_LUT_LO_SIZE 257
struct nvdla_lut {
    int16_t le[NVDLA_LUT_LE_SIZE], lo[NVDLA_LUT_LO_SIZE];
    uint16_t index;                     /* current access index */
};

struct nvdla_regfile {
    uint32_t grp[2][NVDLA_REG_COUNT];   /* single registers live in grp[0] */
    struct nvdla_lut sdp_lut, cdp_lut;
    uint8_t producer[NVDLA_UNIT_COUNT];
    uint8_t consumer[NVDLA_UNIT_COUNT];
    uint8_t running[NVDLA_UNIT_COUNT];
    uint64_t dropped_writes;            /* writes to an enabled group */
    const struct nvdla_config *hw;      /* the configuration modelled; kept across resets */
};

/* Reset values (ConfigROM from r->hw, nv_small when r->hw is NULL, e.g. a
 * zeroed struct); the configuration survives the reset. */
void nvdla_regfile_reset(struct nvdla_regfile *r);
/* Model configuration hw (NULL: nv_small) and reset. */
void nvdla_regfile_set_config(struct nvdla_regfile *r, const struct nvdla_config *hw);
/* The configuration r models (never NULL). */
const struct nvdla_config *nvdla_regfile_hw(const struct nvdla_regfile *r);
/* Reads have a side effect on S_LUT_ACCESS_DATA (index auto-increment). */
uint32_t nvdla_regfile_read(struct nvdla_regfile *r, uint32_t addr);
void nvdla_regfile_write(struct nvdla_regfile *r, uint32_t addr, uint32_t data);

/* Engine side: register value in the unit's consumer group. */
uint32_t nvdla_regfile_cfg(const struct nvdla_regfile *r, int reg_idx);
int nvdla_regfile_op_en(const struct nvdla_regfile *r, enum nvdla_unit u);
void nvdla_regfile_start(struct nvdla_regfile *r, enum nvdla_unit u);
/* Layer finished: OP_EN of the consumer group cleared, CONSUMER toggled. */
void nvdla_regfile_done(struct nvdla_regfile *r, enum nvdla_unit u);
/* Set a GLB S_INTR_STATUS bit (the mask only gates the line). */
void nvdla_regfile_intr(struct nvdla_regfile *r, unsigned bit);
int nvdla_regfile_intr_line(const struct nvdla_regfile *r);

#endif
