/* ethosu_regfile: the Ethos-U55/U65/U85 register model behind the APB
 * completer (TRM chapter 4: pages BASE, BASE_POINTERS and ID; the U85's
 * DEBUG and TSU_DEBUG too; layout, reset values, access kinds and permission
 * classes from the generated ethosu_regs.h, per product:
 * ethosu_reg_products[] and ethosu_reg_index_in(), CONFIG per
 * configuration). A register the configuration's product lacks reads 0 and
 * ignores writes (its write events stay: the U55's QBASE1 starts a new stream).
 *
 * Access rules (TRM 4.1, 3.3.4.1):
 *  - Word accesses only. A write with PSTRB != 0xF, or an access with
 *    PADDR[1:0] != 0, is UNPREDICTABLE/UNDEFINED in the TRM; this model
 *    ignores the write (a read returns 0) and answers PSLVERR = 1, so the
 *    software bug shows in the test.
 *  - Every access is checked against PROT: permitted iff
 *    PPROT[0] >= active_CPL && PPROT[1] <= active_CSL. A refused read
 *    returns 0, a refused write is ignored; the TRM gives no error response
 *    for either, so PSLVERR stays 0. PPROT[2] is not used.
 *  - Read-only fields (RO constants, RS status) ignore writes; reserved bits
 *    read 0. Unmapped offsets (reserved pages, PMU: not modelled) read 0 and
 *    ignore writes, PSLVERR 0.
 *  - While STATUS.reset_status is 1 (a soft reset in progress) only STATUS
 *    is accessible; other registers read 0 and ignore writes.
 *  - LOCK: with current value c and written value w, the register takes w
 *    if c == 0 or w == 0, else the write is ignored.
 *  - CMD reads back as last written. clear_irq clears STATUS.irq_raised,
 *    clear_irq_history clears the STATUS.irq_history_mask bits set in it,
 *    transition_to_running_state (and the U85's stop_request) is reported to
 *    the command processor.
 *  - Ethos-U85: REGIONCFG's and QCONFIG's 2-bit fields name a MEM_ATTR
 *    entry, whose axi_port picks SRAM (port 0, M0) or EXT (port 1, M1);
 *    LOCK and AXI_LIMIT0-3 are absent (MEM_ATTR0-3 at the latter's offsets).
 *    The DEBUG, AXI_SRAM/EXT and POWER_CTRL registers are storage; the
 *    TSU_DEBUG status registers read 0. Offsets above 0xFFF (the U85's
 *    debug status and PMU pages) are not decoded (PADDR[11:0] is).
 *  - Writing QBASE0, QBASE1 or QSIZE while the NPU is stopped starts a new
 *    command stream: STATUS.cmd_end_reached and QREAD are cleared.
 *  - RESET: a permitted write stores pending_CPL/CSL (kept across the soft
 *    reset) and starts a soft reset: STATUS.reset_status = 1 at once; the
 *    command processor drains AXI and calls ethosu_rf_soft_reset_finish(),
 *    which clears every other register to its reset value and sets PROT:
 *    active_CPL = PPROT[0] ? pending_CPL : 0 and
 *    active_CSL = PPROT[1] ? 1 : pending_CSL (PPROT of the RESET write).
 *  - Hard reset (nRESET low): every register to its reset value, RESET to
 *    0, PROT = {PORSL, PORPL}. reset_status reads 0 once nRESET is high.
 */
#ifndef ETHOSU_REGFILE_H
#define ETHOSU_REGFILE_H

#include <stdint.h>
#include "ethosu_regs.h"

/* Events a write raises for the command processor (ethosu_rf_write). */
#define ETHOSU_RF_EV_RUN        1u  /* CMD.transition_to_running_state written 1 */
#define ETHOSU_RF_EV_SOFT_RESET 2u  /* a permitted RESET write: soft reset started */
#define ETHOSU_RF_EV_NEW_STREAM 4u  /* QBASE0/1 or QSIZE written while stopped */
#define ETHOSU_RF_EV_STOP       8u  /* Ethos-U85: CMD.stop_request written 1 */

struct ethosu_regfile {
    uint32_t v[ETHOSU_REG_COUNT];   /* current value of every register */
    uint8_t reset_pprot;            /* PPROT of the RESET write being served */
    uint8_t config;                 /* enum ethosu_config_id + 1; 0: ETHOSU_CFG_DEFAULT */
};

/* The configuration modelled (ethosu_configs[]): register map, reset values,
 * CONFIG and ID, address width. */
static inline const struct ethosu_config_desc *ethosu_rf_config(const struct ethosu_regfile *rf)
{
    return &ethosu_configs[rf->config ? rf->config - 1 : ETHOSU_CFG_DEFAULT];
}
/* AXI address bits of the configuration as a mask (32 or 40 bits). */
static inline uint64_t ethosu_rf_addr_mask(const struct ethosu_regfile *rf)
{
    return ((uint64_t)1 << ethosu_rf_config(rf)->addr_bits) - 1u;
}

void ethosu_rf_hard_reset(struct ethosu_regfile *rf, int porpl, int porsl);
/* Set the configuration (kept across resets; call before the hard reset,
 * or it sets CONFIG and ID only). 0, or -1 for an unknown index. */
int ethosu_rf_set_config(struct ethosu_regfile *rf, int cfg);
/* End of a soft reset: clear, apply the pending levels, reset_status = 0. */
void ethosu_rf_soft_reset_finish(struct ethosu_regfile *rf);

/* 1 if an access with this PPROT passes the PROT (CPL/CSL) check. */
int ethosu_rf_permitted(const struct ethosu_regfile *rf, uint8_t pprot);

/* APB accesses (PADDR as given; PADDR[11:0] is decoded). *slverr gets the
 * PSLVERR to answer (may be NULL). */
uint32_t ethosu_rf_read(const struct ethosu_regfile *rf, uint32_t paddr, uint8_t pprot, int *slverr);
unsigned ethosu_rf_write(struct ethosu_regfile *rf, uint32_t paddr, uint32_t wdata, uint8_t pstrb,
                         uint8_t pprot, int *slverr);   /* returns ETHOSU_RF_EV_* */

/* Direct access for the models (no checks). */
static inline uint32_t ethosu_rf_get(const struct ethosu_regfile *rf, int idx) { return rf->v[idx]; }
static inline void ethosu_rf_set(struct ethosu_regfile *rf, int idx, uint32_t v) { rf->v[idx] = v; }
static inline uint32_t ethosu_rf_status(const struct ethosu_regfile *rf) { return rf->v[ETHOSU_STATUS_IDX]; }
static inline void ethosu_rf_status_set(struct ethosu_regfile *rf, uint32_t mask, uint32_t bits)
{
    rf->v[ETHOSU_STATUS_IDX] = (rf->v[ETHOSU_STATUS_IDX] & ~mask) | (bits & mask);
}
static inline int ethosu_rf_in_reset(const struct ethosu_regfile *rf)
{
    return (rf->v[ETHOSU_STATUS_IDX] & ETHOSU_STATUS_RESET_STATUS_MASK) != 0;
}
static inline int ethosu_rf_running(const struct ethosu_regfile *rf)
{
    return (rf->v[ETHOSU_STATUS_IDX] & ETHOSU_STATUS_STATE_MASK) != 0;
}
/* Level of the IRQ pin: STATUS.irq_raised (no PMU interrupt modelled). */
static inline int ethosu_rf_irq(const struct ethosu_regfile *rf)
{
    return (rf->v[ETHOSU_STATUS_IDX] & (ETHOSU_STATUS_IRQ_RAISED_MASK | ETHOSU_STATUS_PMU_IRQ_RAISED_MASK)) != 0;
}
/* Raise the IRQ and OR mask into STATUS.irq_history_mask. */
void ethosu_rf_raise_irq(struct ethosu_regfile *rf, uint16_t mask);

/* Command stream and region helpers (the configuration's AXI address width:
 * the U55's BASEP/QBASE high words read 0, so its addresses are 32-bit). */
uint64_t ethosu_rf_qbase(const struct ethosu_regfile *rf);
uint64_t ethosu_rf_region_base(const struct ethosu_regfile *rf, unsigned region);   /* BASEP pair */
/* AXI port (0 = M0, 1 = M1) of a region per REGIONCFG, of the command stream
 * per QCONFIG; on the Ethos-U85 through MEM_ATTR[setting].axi_port (0 SRAM =
 * M0, 1 EXT = M1). */
unsigned ethosu_rf_region_port(const struct ethosu_regfile *rf, unsigned region);
unsigned ethosu_rf_cmd_port(const struct ethosu_regfile *rf);

#define ETHOSU_ADDR_MASK ((uint64_t)0xFFFFFFFFFFu)

#endif
