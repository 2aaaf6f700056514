/* Unit tests of the Ethos-U65 register model (sim/ethosu_regfile): reset
 * values from the TRM tables, the PROT check for every PPROT against every
 * CPL/CSL, read-only and refused writes, word-only accesses, LOCK, CMD
 * actions, and the soft reset's PPROT rules for the new PROT levels. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_regfile.h"
#include "ethosu_regs.h"

static struct ethosu_regfile rf;

/* PPROT values: bit 0 privileged, bit 1 non-secure. */
#define P_USER_SEC 0u
#define P_PRIV_SEC 1u
#define P_USER_NS 2u
#define P_PRIV_NS 3u

static uint32_t rd(uint32_t a, uint8_t prot)
{
    int err = -1;
    uint32_t v = ethosu_rf_read(&rf, a, prot, &err);
    ck_assert_int_eq(err, 0);
    return v;
}

static unsigned wr(uint32_t a, uint32_t v, uint8_t prot)
{
    int err = -1;
    unsigned ev = ethosu_rf_write(&rf, a, v, 0xF, prot, &err);
    ck_assert_int_eq(err, 0);
    return ev;
}

static void setup(void)
{
    memset(&rf, 0, sizeof rf);         /* the default configuration, ethos-u65-256 */
    ethosu_rf_hard_reset(&rf, 1, 0);   /* privileged, secure: any PPROT with [0]=1, [1]=0 passes */
}

START_TEST(reset_values_from_trm)
{
    ck_assert_uint_eq(rd(ETHOSU_ID, P_PRIV_SEC), 0x10066001u);
    ck_assert_uint_eq(rd(ETHOSU_STATUS, P_PRIV_SEC), 0u);          /* reset over: reset_status 0 */
    ck_assert_uint_eq(ETHOSU_STATUS_RESET, 0x8u);                  /* the TRM's "during reset" value */
    ck_assert_uint_eq(rd(ETHOSU_CMD, P_PRIV_SEC), 0xCu);
    ck_assert_uint_eq(rd(ETHOSU_RESET, P_PRIV_SEC), 0u);
    ck_assert_uint_eq(rd(ETHOSU_CONFIG, P_PRIV_SEC), 0x10003008u);
    ck_assert_uint_eq(rd(ETHOSU_PROT, P_PRIV_SEC), 1u);             /* PORPL=1, PORSL=0 */
    for (uint32_t a = ETHOSU_QBASE0; a <= ETHOSU_QSIZE; a += 4)
        ck_assert_uint_eq(rd(a, P_PRIV_SEC), 0u);
    for (unsigned k = 0; k < 16; k++)
        ck_assert_uint_eq(rd(ETHOSU_BASEP0 + 4 * k, P_PRIV_SEC), 0u);
    static const struct { uint32_t a, v; } id[] = {
        { 0xFD0, 0x04 }, { 0xFD4, 0 }, { 0xFD8, 0 }, { 0xFDC, 0 }, { 0xFE0, 0x80 }, { 0xFE4, 0xB5 },
        { 0xFE8, 0x0B }, { 0xFEC, 0 }, { 0xFF0, 0x0D }, { 0xFF4, 0xF0 }, { 0xFF8, 0x05 }, { 0xFFC, 0xB1 },
    };
    for (unsigned i = 0; i < sizeof id / sizeof id[0]; i++)
        ck_assert_uint_eq(rd(id[i].a, P_PRIV_SEC), id[i].v);
    /* every generated reset value is what a read returns (STATUS aside) */
    for (int i = 0; i < ETHOSU_REG_COUNT; i++)
        if (i != ETHOSU_STATUS_IDX && i != ETHOSU_PROT_IDX)
            ck_assert_uint_eq(rd(ethosu_regs[i].addr, P_PRIV_SEC), ethosu_regs[i].reset);
    /* holes and the unmodelled PMU page read 0 */
    ck_assert_uint_eq(rd(0x030, P_PRIV_SEC), 0u);
    ck_assert_uint_eq(rd(0x180, P_PRIV_SEC), 0u);
    /* PORPL/PORSL select PROT at a hard reset */
    for (int pl = 0; pl < 2; pl++)
        for (int sl = 0; sl < 2; sl++) {
            ethosu_rf_hard_reset(&rf, pl, sl);
            ck_assert_uint_eq(ethosu_rf_get(&rf, ETHOSU_PROT_IDX), (uint32_t)(pl | sl << 1));
        }
}
END_TEST

/* Per product: ID and CONFIG (Arm's U55 driver header: ID 0x10104201,
 * architecture 1.1.0 r2p0; CONFIG from the configuration), the U55's 32-bit
 * addresses (QBASE1 and the BASEP high words absent: read 0, writes ignored),
 * AXI_LIMIT's narrower outstanding counts (read 5 bits at [20:16], write 4
 * bits at [27:24]). */
START_TEST(per_product_registers)
{
    static const struct { int cfg; uint32_t id, config; } want[] = {
        { ETHOSU_CFG_U55_32, 0x10104201u, 0x00001005u },  { ETHOSU_CFG_U55_64, 0x10104201u, 0x00001006u },
        { ETHOSU_CFG_U55_128, 0x10104201u, 0x00001807u }, { ETHOSU_CFG_U55_256, 0x10104201u, 0x00003008u },
        { ETHOSU_CFG_U65_256, 0x10066001u, 0x10003008u }, { ETHOSU_CFG_U65_512, 0x10066001u, 0x10006009u },
    };
    for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
        ck_assert_int_eq(ethosu_rf_set_config(&rf, want[i].cfg), 0);
        ethosu_rf_hard_reset(&rf, 1, 0);
        ck_assert_uint_eq(rd(ETHOSU_ID, P_PRIV_SEC), want[i].id);
        ck_assert_uint_eq(rd(ETHOSU_CONFIG, P_PRIV_SEC), want[i].config);
        int u55 = ethosu_configs[want[i].cfg].product == ETHOSU_PRODUCT_U55;
        wr(ETHOSU_QBASE1, 0xFFFFFFFFu, P_PRIV_SEC);
        wr(ETHOSU_BASEP_HI(3), 0x000000ABu, P_PRIV_SEC);
        wr(ETHOSU_BASEP_LO(3), 0x12345678u, P_PRIV_SEC);
        wr(ETHOSU_AXI_LIMIT2, 0xFFFFFFFFu, P_PRIV_SEC);
        ck_assert_uint_eq(rd(ETHOSU_QBASE1, P_PRIV_SEC), u55 ? 0u : 0xFFFFFFFFu);
        ck_assert_uint_eq(rd(ETHOSU_BASEP_HI(3), P_PRIV_SEC), u55 ? 0u : 0xABu);
        ck_assert_uint_eq(ethosu_rf_region_base(&rf, 3), u55 ? 0x12345678ull : 0xAB12345678ull);
        ck_assert_uint_eq(ethosu_rf_qbase(&rf), u55 ? 0ull : 0xFF00000000ull);
        ck_assert_uint_eq(rd(ETHOSU_AXI_LIMIT2, P_PRIV_SEC), u55 ? 0x0F1F00F3u : 0xFFFF00F3u);
        ck_assert_uint_eq(ethosu_rf_addr_mask(&rf), u55 ? 0xFFFFFFFFull : 0xFFFFFFFFFFull);
    }
    ck_assert_int_eq(ethosu_rf_set_config(&rf, ETHOSU_CFG_COUNT), -1);
    ck_assert_int_eq(ethosu_rf_set_config(&rf, -1), -1);
}
END_TEST

/* The Ethos-U85 (Arm's U85 driver header and Vela 5.2's CONFIG words): ID
 * 0x20007001, CONFIG product 2 with cmd_stream_version 1 and the
 * configuration's SRAM/EXT ports and weight decoders; MEM_ATTR0-3 at
 * AXI_LIMIT0-3's offsets; a region's port through REGIONCFG -> MEM_ATTR
 * -> axi_port; LOCK absent; stop_request raises its event. */
START_TEST(u85_registers)
{
    static const struct { int cfg; uint32_t config; } want[] = {
        { ETHOSU_CFG_U85_128, 0x20000117u }, { ETHOSU_CFG_U85_256, 0x20000118u },
        { ETHOSU_CFG_U85_512, 0x20001119u }, { ETHOSU_CFG_U85_1024, 0x2000251au },
        { ETHOSU_CFG_U85_2048, 0x2000261bu },
    };
    for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
        ck_assert_int_eq(ethosu_rf_set_config(&rf, want[i].cfg), 0);
        ethosu_rf_hard_reset(&rf, 1, 0);
        ck_assert_uint_eq(rd(ETHOSU_ID, P_PRIV_SEC), 0x20007001u);
        ck_assert_uint_eq(rd(ETHOSU_CONFIG, P_PRIV_SEC), want[i].config);
        ck_assert_int_eq(ethosu_config_of_word(want[i].config), want[i].cfg);
        ck_assert_uint_eq(rd(ETHOSU_CMD, P_PRIV_SEC), 0xCu);
        ck_assert_uint_eq(rd(0xFE0, P_PRIV_SEC), 0x82u);   /* PID0 */
        ck_assert_uint_eq(ethosu_rf_addr_mask(&rf), 0xFFFFFFFFFFull);
    }
    ck_assert_int_eq(ethosu_reg_index_in(ETHOSU_PRODUCT_U85, 0x040), ETHOSU_MEM_ATTR0_IDX);
    ck_assert_int_eq(ethosu_reg_index_in(ETHOSU_PRODUCT_U65, 0x040), ETHOSU_AXI_LIMIT0_IDX);
    ck_assert_int_eq(ethosu_reg_index(0x040), ETHOSU_AXI_LIMIT0_IDX);
    ck_assert_int_eq(ethosu_reg_index_in(ETHOSU_PRODUCT_U85, ETHOSU_LOCK), -1);
    ck_assert_int_eq(ethosu_reg_index_in(ETHOSU_PRODUCT_U65, ETHOSU_POWER_CTRL), -1);
    ck_assert_int_eq(ethosu_reg_index(ETHOSU_POWER_CTRL), ETHOSU_POWER_CTRL_IDX);
    /* MEM_ATTR: mem_domain [1:0], axi_port [2], memtype [7:4]; LOCK reads 0 */
    wr(ETHOSU_MEM_ATTR0 + 8, 0xFFFFFFFFu, P_PRIV_SEC);
    ck_assert_uint_eq(rd(ETHOSU_MEM_ATTR0 + 8, P_PRIV_SEC), 0xF7u);
    wr(ETHOSU_LOCK, 5u, P_PRIV_SEC);
    ck_assert_uint_eq(rd(ETHOSU_LOCK, P_PRIV_SEC), 0u);
    wr(ETHOSU_POWER_CTRL, 0xFFu, P_PRIV_SEC);
    ck_assert_uint_eq(rd(ETHOSU_POWER_CTRL, P_PRIV_SEC), 0x3Fu);
    wr(ETHOSU_AXI_SRAM, 0xFFFFFFFFu, P_PRIV_SEC);
    ck_assert_uint_eq(rd(ETHOSU_AXI_SRAM, P_PRIV_SEC), 0x31F3Fu);
    /* Arm's driver defaults: MEM_ATTR 0/1 SRAM, 2/3 EXT; QCONFIG 2; region 0 -> 3, 1 -> 0, others -> 1 */
    wr(ETHOSU_MEM_ATTR0, 0u, P_PRIV_SEC);
    wr(ETHOSU_MEM_ATTR0 + 4, 0u, P_PRIV_SEC);
    wr(ETHOSU_MEM_ATTR0 + 8, 4u, P_PRIV_SEC);
    wr(ETHOSU_MEM_ATTR0 + 12, 4u, P_PRIV_SEC);
    wr(ETHOSU_QCONFIG, 0xFFFFFFFEu, P_PRIV_SEC);
    ck_assert_uint_eq(rd(ETHOSU_QCONFIG, P_PRIV_SEC), 2u);   /* cmd_region0: 2 bits */
    wr(ETHOSU_REGIONCFG, 0x5553u, P_PRIV_SEC);
    ck_assert_uint_eq(ethosu_rf_cmd_port(&rf), 1u);
    ck_assert_uint_eq(ethosu_rf_region_port(&rf, 0), 1u);
    ck_assert_uint_eq(ethosu_rf_region_port(&rf, 1), 0u);
    for (unsigned k = 2; k < 8; k++)
        ck_assert_uint_eq(ethosu_rf_region_port(&rf, k), 0u);
    wr(ETHOSU_MEM_ATTR0 + 4, 4u, P_PRIV_SEC);
    ck_assert_uint_eq(ethosu_rf_region_port(&rf, 2), 1u);
    wr(ETHOSU_BASEP_HI(5), 0xCDu, P_PRIV_SEC);
    wr(ETHOSU_BASEP_LO(5), 0x89ABCDEFu, P_PRIV_SEC);
    ck_assert_uint_eq(ethosu_rf_region_base(&rf, 5), 0xCD89ABCDEFull);
    ck_assert_uint_eq(ethosu_rf_write(&rf, ETHOSU_CMD, ETHOSU_CMD_STOP_REQUEST_MASK, 0xF, P_PRIV_SEC, NULL),
                      ETHOSU_RF_EV_STOP);
    /* the same write on the U65 is a reserved bit */
    ck_assert_int_eq(ethosu_rf_set_config(&rf, ETHOSU_CFG_U65_256), 0);
    ethosu_rf_hard_reset(&rf, 1, 0);
    ck_assert_uint_eq(ethosu_rf_write(&rf, ETHOSU_CMD, ETHOSU_CMD_STOP_REQUEST_MASK, 0xF, P_PRIV_SEC, NULL), 0u);
    ck_assert_uint_eq(rd(ETHOSU_POWER_CTRL, P_PRIV_SEC), 0u);
    /* the U55 has no QBASE1 bits, but writing it starts a new stream as before */
    ck_assert_int_eq(ethosu_rf_set_config(&rf, ETHOSU_CFG_U55_128), 0);
    ethosu_rf_hard_reset(&rf, 1, 0);
    ck_assert_uint_eq(ethosu_rf_write(&rf, ETHOSU_QBASE1, 1u, 0xF, P_PRIV_SEC, NULL), ETHOSU_RF_EV_NEW_STREAM);
    ck_assert_uint_eq(rd(ETHOSU_QBASE1, P_PRIV_SEC), 0u);
}
END_TEST

/* Every configuration: each register of its product reads its product's
 * reset value (CONFIG and ID the configuration's; STATUS and PROT after the
 * hard reset), and each register the product lacks reads 0 and ignores a
 * write of all ones (an address another product's register shares reads
 * that product's own register instead). */
START_TEST(every_configuration_reads_its_map)
{
    for (int c = 0; c < ETHOSU_CFG_COUNT; c++) {
        unsigned p = ethosu_configs[c].product;
        ck_assert_int_eq(ethosu_rf_set_config(&rf, c), 0);
        ethosu_rf_hard_reset(&rf, 1, 0);
        for (int i = 0; i < ETHOSU_REG_COUNT; i++) {
            uint32_t a = ethosu_regs[i].addr;
            int mine = ethosu_reg_index_in(p, a);
            if (mine == i && i != ETHOSU_STATUS_IDX && i != ETHOSU_PROT_IDX) {
                uint32_t want = i == ETHOSU_CONFIG_IDX ? ethosu_configs[c].config_reset
                              : i == ETHOSU_ID_IDX     ? ethosu_configs[c].id_reset
                                                       : ethosu_reg_products[p][i].reset;
                ck_assert_uint_eq(rd(a, P_PRIV_SEC), want);
            } else if (mine < 0) {
                wr(a, 0xFFFFFFFFu, P_PRIV_SEC);
                ck_assert_uint_eq(rd(a, P_PRIV_SEC), 0u);
            }
        }
    }
}
END_TEST

START_TEST(lookup_tables)
{
    const struct ethosu_reg_desc *r = ethosu_reg_find("BASE.status");
    ck_assert_ptr_nonnull(r);
    ck_assert_uint_eq(r->addr, ETHOSU_STATUS);
    ck_assert_ptr_eq(ethosu_reg_find("STATUS"), r);
    ck_assert_ptr_null(ethosu_reg_find("ID.STATUS"));
    ck_assert_ptr_eq(ethosu_reg_find("basep15"), &ethosu_regs[ETHOSU_BASEP15_IDX]);
    const struct ethosu_field_desc *f = ethosu_field_find(r, "faulting_channel");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(f->lsb, 12);
    ck_assert_uint_eq(f->width, 4);
    ck_assert_int_eq(ethosu_reg_index(ETHOSU_CID3), ETHOSU_CID3_IDX);
    ck_assert_int_eq(ethosu_reg_index(0x034), -1);
    ck_assert_uint_eq(ETHOSU_BASEP15_IDX, ETHOSU_BASEP0_IDX + 15);
    ck_assert_uint_eq(ETHOSU_BASEP_HI(7), ETHOSU_BASEP15);
}
END_TEST

/* Every PPROT (0..3) against every PROT (CPL, CSL) on a readable and a
 * writable register: permitted iff PPROT[0] >= CPL && PPROT[1] <= CSL. */
START_TEST(pprot_against_cpl_csl)
{
    for (unsigned cpl = 0; cpl < 2; cpl++)
        for (unsigned csl = 0; csl < 2; csl++)
            for (unsigned pp = 0; pp < 4; pp++) {
                ethosu_rf_hard_reset(&rf, (int)cpl, (int)csl);
                int ok = (pp & 1) >= cpl && ((pp >> 1) & 1) <= csl;
                ck_assert_int_eq(ethosu_rf_permitted(&rf, (uint8_t)pp), ok);
                /* readable: ID */
                ck_assert_uint_eq(rd(ETHOSU_ID, (uint8_t)pp), ok ? 0x10066001u : 0u);
                ck_assert_uint_eq(rd(ETHOSU_STATUS, (uint8_t)pp), 0u);
                ck_assert_uint_eq(rd(ETHOSU_PROT, (uint8_t)pp), ok ? (cpl | csl << 1) : 0u);
                /* writable: QBASE0, checked with a permitted reader */
                wr(ETHOSU_QBASE0, 0x1000u + pp, (uint8_t)pp);
                /* PPROT privileged secure passes whatever CPL and CSL are */
                ck_assert_uint_eq(rd(ETHOSU_QBASE0, P_PRIV_SEC), ok ? 0x1000u + pp : 0u);
                /* a refused RESET write does not reset */
                unsigned ev = wr(ETHOSU_RESET, 0, (uint8_t)pp);
                ck_assert_uint_eq(ev, ok ? ETHOSU_RF_EV_SOFT_RESET : 0u);
                ck_assert_int_eq(ethosu_rf_in_reset(&rf), ok);
            }
}
END_TEST

START_TEST(read_only_and_partial_writes_ignored)
{
    wr(ETHOSU_ID, 0, P_PRIV_SEC);
    wr(ETHOSU_CONFIG, 0, P_PRIV_SEC);
    wr(ETHOSU_STATUS, 0xFFFFFFFFu, P_PRIV_SEC);
    wr(ETHOSU_QREAD, 0x40, P_PRIV_SEC);
    wr(ETHOSU_PROT, 0x3, P_PRIV_SEC);
    wr(ETHOSU_PID0, 0, P_PRIV_SEC);
    ck_assert_uint_eq(rd(ETHOSU_ID, P_PRIV_SEC), 0x10066001u);
    ck_assert_uint_eq(rd(ETHOSU_CONFIG, P_PRIV_SEC), 0x10003008u);
    ck_assert_uint_eq(rd(ETHOSU_STATUS, P_PRIV_SEC), 0u);
    ck_assert_uint_eq(rd(ETHOSU_QREAD, P_PRIV_SEC), 0u);
    ck_assert_uint_eq(rd(ETHOSU_PROT, P_PRIV_SEC), 1u);
    ck_assert_uint_eq(rd(ETHOSU_PID0, P_PRIV_SEC), 0x80u);
    /* reserved bits read 0 */
    wr(ETHOSU_REGIONCFG, 0xFFFFFFFFu, P_PRIV_SEC);
    ck_assert_uint_eq(rd(ETHOSU_REGIONCFG, P_PRIV_SEC), 0xFFFFu);
    wr(ETHOSU_AXI_LIMIT2, 0xFFFFFFFFu, P_PRIV_SEC);
    ck_assert_uint_eq(rd(ETHOSU_AXI_LIMIT2, P_PRIV_SEC), 0xFFFF00F3u);
    /* sub-word writes and unaligned addresses: ignored with PSLVERR */
    int err = 0;
    ck_assert_uint_eq(ethosu_rf_write(&rf, ETHOSU_QSIZE, 0x100, 0x3, P_PRIV_SEC, &err), 0u);
    ck_assert_int_eq(err, 1);
    ck_assert_uint_eq(rd(ETHOSU_QSIZE, P_PRIV_SEC), 0u);
    ethosu_rf_write(&rf, ETHOSU_QSIZE + 2, 0x100, 0xF, P_PRIV_SEC, &err);
    ck_assert_int_eq(err, 1);
    ck_assert_uint_eq(rd(ETHOSU_QSIZE, P_PRIV_SEC), 0u);
    ck_assert_uint_eq(ethosu_rf_read(&rf, ETHOSU_ID + 1, P_PRIV_SEC, &err), 0u);
    ck_assert_int_eq(err, 1);
    /* a refused access gets no PSLVERR */
    ethosu_rf_hard_reset(&rf, 1, 0);
    ethosu_rf_read(&rf, ETHOSU_ID, P_USER_SEC, &err);
    ck_assert_int_eq(err, 0);
    ethosu_rf_write(&rf, ETHOSU_QSIZE, 4, 0xF, P_PRIV_NS, &err);
    ck_assert_int_eq(err, 0);
    ck_assert_uint_eq(rd(ETHOSU_QSIZE, P_PRIV_SEC), 0u);
    /* the high PADDR bits are not decoded (12-bit port) */
    ck_assert_uint_eq(rd(0x1000 | ETHOSU_ID, P_PRIV_SEC), 0x10066001u);
}
END_TEST

START_TEST(lock_claim_release)
{
    wr(ETHOSU_LOCK, 0x11, P_PRIV_SEC);              /* claim from 0 */
    ck_assert_uint_eq(rd(ETHOSU_LOCK, P_PRIV_SEC), 0x11u);
    wr(ETHOSU_LOCK, 0x22, P_PRIV_SEC);              /* someone else: refused */
    ck_assert_uint_eq(rd(ETHOSU_LOCK, P_PRIV_SEC), 0x11u);
    wr(ETHOSU_LOCK, 0x11, P_PRIV_SEC);              /* nonzero over nonzero, even the same: ignored */
    ck_assert_uint_eq(rd(ETHOSU_LOCK, P_PRIV_SEC), 0x11u);
    wr(ETHOSU_LOCK, 0, P_PRIV_SEC);                 /* release */
    ck_assert_uint_eq(rd(ETHOSU_LOCK, P_PRIV_SEC), 0u);
    wr(ETHOSU_LOCK, 0x22, P_PRIV_SEC);
    ck_assert_uint_eq(rd(ETHOSU_LOCK, P_PRIV_SEC), 0x22u);
    wr(ETHOSU_LOCK, 0, P_USER_SEC);                 /* refused by PROT (CPL privileged) */
    ck_assert_uint_eq(rd(ETHOSU_LOCK, P_PRIV_SEC), 0x22u);
    /* cleared by a soft reset */
    wr(ETHOSU_RESET, 1, P_PRIV_SEC);
    ethosu_rf_soft_reset_finish(&rf);
    ck_assert_uint_eq(rd(ETHOSU_LOCK, P_PRIV_SEC), 0u);
}
END_TEST

START_TEST(cmd_actions_and_status)
{
    ethosu_rf_raise_irq(&rf, 0x8001);
    ethosu_rf_raise_irq(&rf, 0x0010);
    ck_assert(ethosu_rf_irq(&rf));
    ck_assert_uint_eq(rd(ETHOSU_STATUS, P_PRIV_SEC), 0x80110002u);
    unsigned ev = wr(ETHOSU_CMD, ETHOSU_CMD_CLEAR_IRQ_MASK | 0xCu, P_PRIV_SEC);
    ck_assert_uint_eq(ev, 0u);
    ck_assert(!ethosu_rf_irq(&rf));
    ck_assert_uint_eq(rd(ETHOSU_STATUS, P_PRIV_SEC), 0x80110000u);
    ck_assert_uint_eq(rd(ETHOSU_CMD, P_PRIV_SEC), 0xEu);      /* reads as last written */
    wr(ETHOSU_CMD, 0x00110000u, P_PRIV_SEC);                  /* clear history bits 0 and 4 */
    ck_assert_uint_eq(rd(ETHOSU_STATUS, P_PRIV_SEC), 0x80000000u);
    ev = wr(ETHOSU_CMD, 0x1, P_PRIV_SEC);
    ck_assert_uint_eq(ev, ETHOSU_RF_EV_RUN);
    ck_assert_uint_eq(rd(ETHOSU_CMD, P_PRIV_SEC), 0x1u);
    /* QBASE/QSIZE writes while stopped start a new stream */
    ethosu_rf_set(&rf, ETHOSU_QREAD_IDX, 0x20);
    ethosu_rf_status_set(&rf, ETHOSU_STATUS_CMD_END_REACHED_MASK, ETHOSU_STATUS_CMD_END_REACHED_MASK);
    ev = wr(ETHOSU_QSIZE, 0x40, P_PRIV_SEC);
    ck_assert_uint_eq(ev, ETHOSU_RF_EV_NEW_STREAM);
    ck_assert_uint_eq(rd(ETHOSU_QREAD, P_PRIV_SEC), 0u);
    ck_assert_uint_eq(rd(ETHOSU_STATUS, P_PRIV_SEC) & ETHOSU_STATUS_CMD_END_REACHED_MASK, 0u);
    /* ... but not while running */
    ethosu_rf_status_set(&rf, ETHOSU_STATUS_STATE_MASK | ETHOSU_STATUS_CMD_END_REACHED_MASK, 0xFFFFFFFFu);
    ethosu_rf_set(&rf, ETHOSU_QREAD_IDX, 0x20);
    ck_assert_uint_eq(wr(ETHOSU_QBASE1, 0x12, P_PRIV_SEC), 0u);
    ck_assert_uint_eq(rd(ETHOSU_QREAD, P_PRIV_SEC), 0x20u);
    /* helpers */
    wr(ETHOSU_QBASE0, 0x89ABCDE0u, P_PRIV_SEC);
    wr(ETHOSU_QBASE1, 0xFFFFFF12u, P_PRIV_SEC);
    ck_assert_uint_eq(ethosu_rf_qbase(&rf), 0x1289ABCDE0ull);
    wr(ETHOSU_BASEP_LO(3), 0x1000u, P_PRIV_SEC);
    wr(ETHOSU_BASEP_HI(3), 0x2u, P_PRIV_SEC);
    ck_assert_uint_eq(ethosu_rf_region_base(&rf, 3), 0x200001000ull);
    wr(ETHOSU_REGIONCFG, 2u << 6 | 1u << 4, P_PRIV_SEC);
    ck_assert_uint_eq(ethosu_rf_region_port(&rf, 3), 1u);
    ck_assert_uint_eq(ethosu_rf_region_port(&rf, 2), 0u);
    wr(ETHOSU_QCONFIG, 3, P_PRIV_SEC);
    ck_assert_uint_eq(ethosu_rf_cmd_port(&rf), 1u);
}
END_TEST

START_TEST(only_status_during_reset)
{
    wr(ETHOSU_QBASE0, 0x1234, P_PRIV_SEC);
    wr(ETHOSU_REGIONCFG, 0x5, P_PRIV_SEC);
    wr(ETHOSU_BASEP0, 0x777, P_PRIV_SEC);
    ethosu_rf_raise_irq(&rf, 3);
    ck_assert_uint_eq(wr(ETHOSU_RESET, 0, P_PRIV_SEC), ETHOSU_RF_EV_SOFT_RESET);
    ck_assert_uint_eq(rd(ETHOSU_STATUS, P_PRIV_SEC) & ETHOSU_STATUS_RESET_STATUS_MASK,
                      ETHOSU_STATUS_RESET_STATUS_MASK);
    ck_assert_uint_eq(rd(ETHOSU_ID, P_PRIV_SEC), 0u);
    ck_assert_uint_eq(rd(ETHOSU_QBASE0, P_PRIV_SEC), 0u);
    ck_assert_uint_eq(wr(ETHOSU_CMD, 1, P_PRIV_SEC), 0u);       /* ignored */
    ck_assert_uint_eq(wr(ETHOSU_RESET, 3, P_PRIV_SEC), 0u);     /* ignored */
    ethosu_rf_soft_reset_finish(&rf);
    ck_assert_uint_eq(rd(ETHOSU_STATUS, P_PRIV_SEC), 0u);        /* irq and history cleared */
    ck_assert_uint_eq(rd(ETHOSU_QBASE0, P_PRIV_SEC), 0u);
    ck_assert_uint_eq(rd(ETHOSU_REGIONCFG, P_PRIV_SEC), 0u);
    ck_assert_uint_eq(rd(ETHOSU_BASEP0, P_PRIV_SEC), 0u);
    ck_assert_uint_eq(rd(ETHOSU_CMD, P_PRIV_SEC), 0xCu);
    ck_assert_uint_eq(rd(ETHOSU_ID, P_PRIV_SEC), 0x10066001u);
}
END_TEST

/* Soft reset: active_CPL = PPROT[0] ? pending_CPL : 0;
 *             active_CSL = PPROT[1] ? 1 : pending_CSL. */
START_TEST(soft_reset_pprot_rules)
{
    for (unsigned pp = 0; pp < 4; pp++)
        for (unsigned pend = 0; pend < 4; pend++) {
            /* start from user/non-secure so that every PPROT may write RESET */
            ethosu_rf_hard_reset(&rf, 0, 1);
            ck_assert_uint_eq(wr(ETHOSU_RESET, pend, (uint8_t)pp), ETHOSU_RF_EV_SOFT_RESET);
            ethosu_rf_soft_reset_finish(&rf);
            unsigned cpl = (pp & 1) ? (pend & 1) : 0;
            unsigned csl = (pp & 2) ? 1 : (pend >> 1) & 1;
            ck_assert_uint_eq(ethosu_rf_get(&rf, ETHOSU_PROT_IDX), cpl | csl << 1);
            ck_assert_uint_eq(ethosu_rf_get(&rf, ETHOSU_RESET_IDX), pend);   /* kept */
            ck_assert(!ethosu_rf_in_reset(&rf));
        }
    /* a secure NPU refuses non-secure hosts until a secure host makes it
     * non-secure */
    ethosu_rf_hard_reset(&rf, 1, 0);
    ck_assert_uint_eq(rd(ETHOSU_ID, P_PRIV_NS), 0u);
    wr(ETHOSU_RESET, 3, P_PRIV_SEC);     /* privileged, non-secure */
    ethosu_rf_soft_reset_finish(&rf);
    ck_assert_uint_eq(rd(ETHOSU_PROT, P_PRIV_NS), 3u);
    ck_assert_uint_eq(rd(ETHOSU_ID, P_USER_NS), 0u);             /* user refused: CPL privileged */
    ck_assert_uint_eq(rd(ETHOSU_ID, P_PRIV_NS), 0x10066001u);
    /* a non-secure host cannot make it secure */
    wr(ETHOSU_RESET, 0, P_PRIV_NS);
    ethosu_rf_soft_reset_finish(&rf);
    ck_assert_uint_eq(rd(ETHOSU_PROT, P_PRIV_NS), 2u);
    /* a user host cannot make it privileged */
    wr(ETHOSU_RESET, 1, P_USER_NS);
    ethosu_rf_soft_reset_finish(&rf);
    ck_assert_uint_eq(rd(ETHOSU_PROT, P_USER_NS), 2u);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ethosu_regfile");
    TCase *tc = tcase_create("regfile");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, reset_values_from_trm);
    tcase_add_test(tc, lookup_tables);
    tcase_add_test(tc, per_product_registers);
    tcase_add_test(tc, u85_registers);
    tcase_add_test(tc, every_configuration_reads_its_map);
    tcase_add_test(tc, pprot_against_cpl_csl);
    tcase_add_test(tc, read_only_and_partial_writes_ignored);
    tcase_add_test(tc, lock_claim_release);
    tcase_add_test(tc, cmd_actions_and_status);
    tcase_add_test(tc, only_status_during_reset);
    tcase_add_test(tc, soft_reset_pprot_rules);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
