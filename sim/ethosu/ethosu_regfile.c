/* ethosu_regfile: see ethosu_regfile.h. */
#include <string.h>
#include "ethosu_regfile.h"

static const struct ethosu_reg_product *product_regs(const struct ethosu_regfile *rf)
{
    return ethosu_reg_products[ethosu_rf_config(rf)->product];
}

static void all_to_reset(struct ethosu_regfile *rf)
{
    const struct ethosu_reg_product *pr = product_regs(rf);
    for (int i = 0; i < ETHOSU_REG_COUNT; i++)
        rf->v[i] = pr[i].reset;
    rf->v[ETHOSU_CONFIG_IDX] = ethosu_rf_config(rf)->config_reset;
}

int ethosu_rf_set_config(struct ethosu_regfile *rf, int cfg)
{
    if (cfg < 0 || cfg >= ETHOSU_CFG_COUNT)
        return -1;
    rf->config = (uint8_t)(cfg + 1);
    rf->v[ETHOSU_CONFIG_IDX] = ethosu_configs[cfg].config_reset;
    rf->v[ETHOSU_ID_IDX] = ethosu_configs[cfg].id_reset;
    return 0;
}

void ethosu_rf_hard_reset(struct ethosu_regfile *rf, int porpl, int porsl)
{
    all_to_reset(rf);
    rf->v[ETHOSU_PROT_IDX] = (porpl ? ETHOSU_PROT_ACTIVE_CPL_MASK : 0) |
                             (porsl ? ETHOSU_PROT_ACTIVE_CSL_MASK : 0);
    /* The TRM's STATUS default (0x8) is the value during the reset; the hard
     * reset is over when nRESET rises, so the model presents 0 then. */
    rf->v[ETHOSU_STATUS_IDX] &= ~ETHOSU_STATUS_RESET_STATUS_MASK;
    rf->reset_pprot = 0;
}

void ethosu_rf_soft_reset_finish(struct ethosu_regfile *rf)
{
    uint32_t pending = rf->v[ETHOSU_RESET_IDX];
    uint8_t pp = rf->reset_pprot;
    all_to_reset(rf);
    rf->v[ETHOSU_RESET_IDX] = pending;
    uint32_t cpl = (pp & 1) ? (pending & ETHOSU_RESET_PENDING_CPL_MASK) >> ETHOSU_RESET_PENDING_CPL_SHIFT : 0;
    uint32_t csl = (pp & 2) ? 1 : (pending & ETHOSU_RESET_PENDING_CSL_MASK) >> ETHOSU_RESET_PENDING_CSL_SHIFT;
    rf->v[ETHOSU_PROT_IDX] = cpl << ETHOSU_PROT_ACTIVE_CPL_SHIFT | csl << ETHOSU_PROT_ACTIVE_CSL_SHIFT;
    rf->v[ETHOSU_STATUS_IDX] &= ~ETHOSU_STATUS_RESET_STATUS_MASK;
}

int ethosu_rf_permitted(const struct ethosu_regfile *rf, uint8_t pprot)
{
    uint32_t prot = rf->v[ETHOSU_PROT_IDX];
    unsigned cpl = (prot & ETHOSU_PROT_ACTIVE_CPL_MASK) >> ETHOSU_PROT_ACTIVE_CPL_SHIFT;
    unsigned csl = (prot & ETHOSU_PROT_ACTIVE_CSL_MASK) >> ETHOSU_PROT_ACTIVE_CSL_SHIFT;
    unsigned priv = pprot & 1u, nonsec = (pprot >> 1) & 1u;
    return priv >= cpl && nonsec <= csl;
}

/* Register index an access reaches, or -1 (hole, refused, in reset). An
 * address where the product has no register but another product has one
 * reaches that one with the product's masks, all 0 (reads 0, writes change
 * nothing), and its write events: the U55's QBASE1 starts a new stream as
 * QBASE0 does. */
static int target(const struct ethosu_regfile *rf, uint32_t paddr, uint8_t pprot)
{
    int idx = ethosu_reg_index_in(ethosu_rf_config(rf)->product, paddr & 0xFFFu);
    if (idx < 0)
        idx = ethosu_reg_index(paddr & 0xFFFu);
    if (idx < 0)
        return -1;
    const struct ethosu_reg_desc *r = &ethosu_regs[idx];
    if (ethosu_rf_in_reset(rf) && !(r->perm & ETHOSU_PERM_IN_RESET))
        return -1;
    if ((r->perm & ETHOSU_PERM_PROT) && !ethosu_rf_permitted(rf, pprot))
        return -1;
    return idx;
}

uint32_t ethosu_rf_read(const struct ethosu_regfile *rf, uint32_t paddr, uint8_t pprot, int *slverr)
{
    if (slverr)
        *slverr = (paddr & 3u) != 0;
    if (paddr & 3u)
        return 0;
    int idx = target(rf, paddr, pprot);
    if (idx < 0)
        return 0;
    const struct ethosu_reg_product *r = &product_regs(rf)[idx];
    return rf->v[idx] & (r->rw_mask | r->ro_mask | r->rs_mask | r->w1a_mask);
}

unsigned ethosu_rf_write(struct ethosu_regfile *rf, uint32_t paddr, uint32_t wdata, uint8_t pstrb,
                         uint8_t pprot, int *slverr)
{
    int bad = (paddr & 3u) != 0 || (pstrb & 0xFu) != 0xFu;
    if (slverr)
        *slverr = bad;
    if (bad)
        return 0;
    int idx = target(rf, paddr, pprot);
    if (idx < 0)
        return 0;
    const struct ethosu_reg_product *r = &product_regs(rf)[idx];
    uint32_t wmask = r->rw_mask | r->w1a_mask;
    uint32_t old = rf->v[idx];
    uint32_t nv = (old & ~wmask) | (wdata & wmask);
    unsigned ev = 0;
    switch (idx) {
    case ETHOSU_LOCK_IDX:
        if (old != 0 && wdata != 0)
            return 0;
        break;
    case ETHOSU_CMD_IDX:
        if (wdata & ETHOSU_CMD_CLEAR_IRQ_MASK)
            ethosu_rf_status_set(rf, ETHOSU_STATUS_IRQ_RAISED_MASK, 0);
        if (wdata & ETHOSU_CMD_CLEAR_IRQ_HISTORY_MASK)
            rf->v[ETHOSU_STATUS_IDX] &= ~(wdata & ETHOSU_CMD_CLEAR_IRQ_HISTORY_MASK);
        if (wdata & ETHOSU_CMD_TRANSITION_TO_RUNNING_STATE_MASK)
            ev |= ETHOSU_RF_EV_RUN;
        if (wdata & wmask & ETHOSU_CMD_STOP_REQUEST_MASK)
            ev |= ETHOSU_RF_EV_STOP;
        break;
    case ETHOSU_RESET_IDX:
        rf->reset_pprot = pprot;
        ethosu_rf_status_set(rf, ETHOSU_STATUS_RESET_STATUS_MASK, ETHOSU_STATUS_RESET_STATUS_MASK);
        ev |= ETHOSU_RF_EV_SOFT_RESET;
        break;
    case ETHOSU_QBASE0_IDX:
    case ETHOSU_QBASE1_IDX:
    case ETHOSU_QSIZE_IDX:
        if (!ethosu_rf_running(rf)) {
            ethosu_rf_status_set(rf, ETHOSU_STATUS_CMD_END_REACHED_MASK, 0);
            rf->v[ETHOSU_QREAD_IDX] = 0;
            ev |= ETHOSU_RF_EV_NEW_STREAM;
        }
        break;
    default:
        break;
    }
    rf->v[idx] = nv;
    return ev;
}

void ethosu_rf_raise_irq(struct ethosu_regfile *rf, uint16_t mask)
{
    rf->v[ETHOSU_STATUS_IDX] |= ETHOSU_STATUS_IRQ_RAISED_MASK |
                                ((uint32_t)mask << ETHOSU_STATUS_IRQ_HISTORY_MASK_SHIFT);
}

uint64_t ethosu_rf_qbase(const struct ethosu_regfile *rf)
{
    return ((uint64_t)rf->v[ETHOSU_QBASE1_IDX] << 32 | rf->v[ETHOSU_QBASE0_IDX]) & ethosu_rf_addr_mask(rf);
}

uint64_t ethosu_rf_region_base(const struct ethosu_regfile *rf, unsigned region)
{
    int lo = ETHOSU_BASEP0_IDX + 2 * (int)(region & 7u);
    return ((uint64_t)rf->v[lo + 1] << 32 | rf->v[lo]) & ethosu_rf_addr_mask(rf);
}

/* The port of a 2-bit region setting: on the Ethos-U55/U65 the AXI
 * counter (0/1: AXI0, M0; 2/3: AXI1, M1); on the Ethos-U85 the MEM_ATTR
 * entry, whose axi_port says SRAM (M0) or EXT (M1). */
static unsigned port_of(const struct ethosu_regfile *rf, unsigned setting)
{
    if (ethosu_rf_config(rf)->product != ETHOSU_PRODUCT_U85)
        return setting >= 2;
    static const int mem_attr[4] = { ETHOSU_MEM_ATTR0_IDX, ETHOSU_MEM_ATTR1_IDX, ETHOSU_MEM_ATTR2_IDX,
                                     ETHOSU_MEM_ATTR3_IDX };
    uint32_t attr = rf->v[mem_attr[setting & 3u]];
    return (attr & ETHOSU_MEM_ATTR0_AXI_PORT_MASK) >> ETHOSU_MEM_ATTR0_AXI_PORT_SHIFT;
}

unsigned ethosu_rf_region_port(const struct ethosu_regfile *rf, unsigned region)
{
    return port_of(rf, (rf->v[ETHOSU_REGIONCFG_IDX] >> (2 * (region & 7u))) & 3u);
}

unsigned ethosu_rf_cmd_port(const struct ethosu_regfile *rf)
{
    return port_of(rf, rf->v[ETHOSU_QCONFIG_IDX] & 3u);
}
