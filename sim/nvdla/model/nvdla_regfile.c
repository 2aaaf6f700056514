/* nvdla_regfile: see nvdla_regfile.h. Semantics follow the NVDLA ping-pong
 * description: D_ registers have two groups selected by S_POINTER.PRODUCER
 * for CPU access and by CONSUMER for the engine. */
#include <string.h>
#include "nvdla_regfile.h"
#include "nvdla_cfgrom.h"

#define POINTER_PRODUCER 0x1u
#define POINTER_CONSUMER_SHIFT 16

static uint32_t reg_mask(const struct nvdla_reg_desc *d)
{
    return d->rw_mask | d->ro_mask | d->w1c_mask;
}

void nvdla_regfile_reset(struct nvdla_regfile *r)
{
    const struct nvdla_config *hw = r->hw;
    memset(r, 0, sizeof *r);
    r->hw = hw ? hw : nvdla_config_find(nvdla_config_default_name());
    for (int i = 0; i < NVDLA_REG_COUNT; i++)
        r->grp[0][i] = r->grp[1][i] = nvdla_regs[i].reset;
    nvdla_cfgrom_apply(r->hw, r->grp[0]);
    nvdla_cfgrom_apply(r->hw, r->grp[1]);
}

void nvdla_regfile_set_config(struct nvdla_regfile *r, const struct nvdla_config *hw)
{
    r->hw = hw;
    nvdla_regfile_reset(r);
}

const struct nvdla_config *nvdla_regfile_hw(const struct nvdla_regfile *r)
{
    return r->hw ? r->hw : nvdla_config_find(nvdla_config_default_name());
}

static int group_enabled(const struct nvdla_regfile *r, enum nvdla_unit u, int g)
{
    int op = nvdla_units[u].op_enable;
    return op >= 0 && (r->grp[g][op] & 1u);
}

/* LUT access port of SDP or CDP: which LUT and its two registers. */
struct lut_port {
    struct nvdla_lut *lut;
    int cfg_idx;
    uint32_t table_mask, write_mask, addr_mask;
};

static int lut_port(struct nvdla_regfile *r, int i, struct lut_port *p, int *is_data)
{
    if (i == NVDLA_SDP_S_LUT_ACCESS_CFG_IDX || i == NVDLA_SDP_S_LUT_ACCESS_DATA_IDX) {
        *p = (struct lut_port){ &r->sdp_lut, NVDLA_SDP_S_LUT_ACCESS_CFG_IDX,
                                NVDLA_SDP_S_LUT_ACCESS_CFG_LUT_TABLE_ID_MASK,
                                NVDLA_SDP_S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_MASK,
                                NVDLA_SDP_S_LUT_ACCESS_CFG_LUT_ADDR_MASK };
        *is_data = i == NVDLA_SDP_S_LUT_ACCESS_DATA_IDX;
        return 1;
    }
    if (i == NVDLA_CDP_S_LUT_ACCESS_CFG_IDX || i == NVDLA_CDP_S_LUT_ACCESS_DATA_IDX) {
        *p = (struct lut_port){ &r->cdp_lut, NVDLA_CDP_S_LUT_ACCESS_CFG_IDX,
                                NVDLA_CDP_S_LUT_ACCESS_CFG_LUT_TABLE_ID_MASK,
                                NVDLA_CDP_S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_MASK,
                                NVDLA_CDP_S_LUT_ACCESS_CFG_LUT_ADDR_MASK };
        *is_data = i == NVDLA_CDP_S_LUT_ACCESS_DATA_IDX;
        return 1;
    }
    return 0;
}

/* The entry the access index points at; the index sticks at the last entry. */
static int16_t *lut_entry(struct nvdla_regfile *r, const struct lut_port *p)
{
    int lo = (r->grp[0][p->cfg_idx] & p->table_mask) != 0;
    unsigned last = lo ? NVDLA_LUT_LO_SIZE - 1 : NVDLA_LUT_LE_SIZE - 1;
    if (p->lut->index > last)
        p->lut->index = (uint16_t)last;
    return lo ? &p->lut->lo[p->lut->index] : &p->lut->le[p->lut->index];
}

static void lut_advance(const struct nvdla_regfile *r, const struct lut_port *p)
{
    int lo = (r->grp[0][p->cfg_idx] & p->table_mask) != 0;
    unsigned last = lo ? NVDLA_LUT_LO_SIZE - 1 : NVDLA_LUT_LE_SIZE - 1;
    if (p->lut->index < last)
        p->lut->index++;
}

uint32_t nvdla_regfile_read(struct nvdla_regfile *r, uint32_t addr)
{
    int i = nvdla_reg_index(addr);
    if (i < 0)
        return 0;   /* address holes read zero, as the CSB spec says */
    struct lut_port lp;
    int is_data;
    if (lut_port(r, i, &lp, &is_data) && is_data) {
        if (r->grp[0][lp.cfg_idx] & lp.write_mask)
            return 0;   /* data reads only in read direction */
        uint32_t v = (uint16_t)*lut_entry(r, &lp);
        lut_advance(r, &lp);
        return v;
    }
    const struct nvdla_reg_desc *d = &nvdla_regs[i];
    enum nvdla_unit u = (enum nvdla_unit)d->unit;
    if (!nvdla_cfgrom_unit_decoded(nvdla_regfile_hw(r), u))
        return 0;   /* a unit the configuration leaves out */
    if (i == NVDLA_GLB_S_INTR_SET_IDX)
        return 0;   /* write-only: a write sets S_INTR_STATUS bits */
    if (i == nvdla_units[u].s_pointer)
        return r->producer[u] | ((uint32_t)r->consumer[u] << POINTER_CONSUMER_SHIFT);
    if (i == nvdla_units[u].s_status) {
        uint32_t v = 0;
        if (r->running[u])   /* only the consumer group can run; never PENDING */
            v = 1u << (r->consumer[u] ? 16 : 0);
        return v;
    }
    int g = d->dual ? r->producer[u] : 0;
    return r->grp[g][i] & reg_mask(d);
}

void nvdla_regfile_write(struct nvdla_regfile *r, uint32_t addr, uint32_t data)
{
    int i = nvdla_reg_index(addr);
    if (i < 0)
        return;
    const struct nvdla_reg_desc *d = &nvdla_regs[i];
    enum nvdla_unit u = (enum nvdla_unit)d->unit;
    if (!nvdla_cfgrom_unit_decoded(nvdla_regfile_hw(r), u))
        return;
    if (i == NVDLA_GLB_S_INTR_SET_IDX) {
        /* software raises interrupts: the bits written are set in S_INTR_STATUS
         * (the real nv_small RTL; S_INTR_SET itself reads 0) */
        uint32_t set = data & d->rw_mask & ~nvdla_cfgrom_intr_left_out(nvdla_regfile_hw(r));
        r->grp[0][NVDLA_GLB_S_INTR_STATUS_IDX] |= set;
        r->grp[1][NVDLA_GLB_S_INTR_STATUS_IDX] |= set;
        return;
    }
    if (i == nvdla_units[u].s_pointer) {
        r->producer[u] = data & POINTER_PRODUCER;
        return;
    }
    int g = 0;
    if (d->dual) {
        g = r->producer[u];
        if (group_enabled(r, u, g)) {
            r->dropped_writes++;
            return;
        }
    }
    uint32_t v = r->grp[g][i];
    v = (v & ~d->rw_mask) | (data & d->rw_mask);
    v &= ~(data & d->w1c_mask);
    r->grp[g][i] = v;
    if (!d->dual)
        r->grp[1][i] = v;
    struct lut_port lp;
    int is_data;
    if (lut_port(r, i, &lp, &is_data)) {
        if (!is_data)
            lp.lut->index = (uint16_t)(data & lp.addr_mask);
        else if (r->grp[0][lp.cfg_idx] & lp.write_mask) {
            *lut_entry(r, &lp) = (int16_t)(uint16_t)data;
            lut_advance(r, &lp);
        }
    }
}

uint32_t nvdla_regfile_cfg(const struct nvdla_regfile *r, int reg_idx)
{
    const struct nvdla_reg_desc *d = &nvdla_regs[reg_idx];
    int g = d->dual ? r->consumer[d->unit] : 0;
    return r->grp[g][reg_idx] & reg_mask(d);
}

int nvdla_regfile_op_en(const struct nvdla_regfile *r, enum nvdla_unit u)
{
    return group_enabled(r, u, r->consumer[u]);
}

void nvdla_regfile_start(struct nvdla_regfile *r, enum nvdla_unit u)
{
    r->running[u] = 1;
}

void nvdla_regfile_done(struct nvdla_regfile *r, enum nvdla_unit u)
{
    int op = nvdla_units[u].op_enable;
    if (op >= 0)
        r->grp[r->consumer[u]][op] &= ~1u;
    r->running[u] = 0;
    r->consumer[u] ^= 1;
}

void nvdla_regfile_intr(struct nvdla_regfile *r, unsigned bit)
{
    r->grp[0][NVDLA_GLB_S_INTR_STATUS_IDX] |= 1u << bit;
    r->grp[1][NVDLA_GLB_S_INTR_STATUS_IDX] |= 1u << bit;
}

int nvdla_regfile_intr_line(const struct nvdla_regfile *r)
{
    return (r->grp[0][NVDLA_GLB_S_INTR_STATUS_IDX] & ~r->grp[0][NVDLA_GLB_S_INTR_MASK_IDX]) != 0;
}
