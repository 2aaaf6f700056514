/* ethosu_twin: the C behavioural twin of the Ethos-U65 at its pins
 * (struct ethosu_pins): the APB completer over the register model
 * (ethosu_regfile), the IRQ output, and the command processor
 * (ethosu_cmdproc) with its two AXI managers M0 and M1 (128-bit data,
 * 40-bit addresses, 16-beat bursts, 4 reads and 4 writes outstanding).
 *
 * Pins:
 *  - APB: PREADY is always 1 (no wait states): a transfer completes in its
 *    access phase. PRDATA/PSLVERR are driven in the access phase (PSEL &&
 *    PENABLE), 0 otherwise; a write takes effect at the clock edge that ends
 *    it. PSLVERR rules: see ethosu_regfile.h (only non-word accesses).
 *  - IRQ = STATUS.irq_raised, registered.
 *  - AWAKEUPMx is high while the manager has a transfer queued or in flight.
 *  - nRESET low: every output low (ready/valid too), the twin is held in
 *    hard reset with PROT = {PORSL, PORPL} sampled while nRESET is low.
 *    AxCACHE/AxPROT, ACLKEN, PCLKEN and the Q-channels are not pins of the
 *    harness (tied off).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_cmdproc.h"
#include "dut.h"
#include "ethosu_pins.h"
#include "ethosu_twin.h"
#include "ethosu_pins_vcd.h"
#include "ethosu_regfile.h"
#include "axi_manager.h"
#include "vcd_writer.h"

#define ETWIN_DATA_BYTES 16
#define ETWIN_ADDR_BITS 40

struct ethosu_twin {
    struct dut dut;
    struct ethosu_regfile rf;
    struct ethosu_cmdproc cp;
    struct ethosu_weightch wch;
    struct axi_manager *m[2];
    uint8_t irq;
    /* waves */
    struct vcd_writer *vcd;
    const struct ethosu_pins *vcd_pins;
    uint8_t w_phase, w_dma_n;
    uint32_t w_status, w_qread, w_prot, w_cmd;
};

static void hard_reset(struct ethosu_twin *t, const struct ethosu_pins *p)
{
    ethosu_rf_hard_reset(&t->rf, p->porpl, p->porsl);
    axi_manager_reset(t->m[0]);
    axi_manager_reset(t->m[1]);
    ethosu_cp_reset(&t->cp);
    t->irq = 0;
}

static void axi_quiet(struct axi_pins *a)
{
    a->aw_valid = a->w_valid = a->ar_valid = 0;
    a->w_last = 0;
    a->w_strb = 0;
    a->b_ready = a->r_ready = 0;
}

static void etwin_eval(struct dut *d, void *pins)
{
    struct ethosu_pins *p = pins;
    struct ethosu_twin *t = d->impl;
    struct apb_pins *a = &p->apb;
    if (!p->nreset) {
        a->ready = 0;
        a->rdata = 0;
        a->slverr = 0;
        axi_quiet(&p->m0);
        axi_quiet(&p->m1);
        p->awakeup_m0 = p->awakeup_m1 = 0;
        p->irq = 0;
        p->wd_valid = p->wd_last = 0;
        p->wd_weight = 0;
        return;
    }
    a->ready = 1;
    a->rdata = 0;
    a->slverr = 0;
    if (a->sel && a->enable) {
        int err = 0;
        if (a->write)
            err = (a->addr & 3u) != 0 || (a->strb & 0xFu) != 0xFu;
        else
            a->rdata = ethosu_rf_read(&t->rf, a->addr, a->prot, &err);
        a->slverr = (uint8_t)err;
    }
    axi_manager_eval(t->m[0], &p->m0);
    axi_manager_eval(t->m[1], &p->m1);
    p->awakeup_m0 = (uint8_t)!axi_manager_idle(t->m[0]);
    p->awakeup_m1 = (uint8_t)!axi_manager_idle(t->m[1]);
    p->irq = t->irq;
    ethosu_wch_output(&t->wch, &p->wd_valid, &p->wd_weight, &p->wd_last);
}

static void etwin_posedge(struct dut *d, void *pins)
{
    struct ethosu_pins *p = pins;
    struct ethosu_twin *t = d->impl;
    if (!p->nreset) {
        hard_reset(t, p);
        return;
    }
    const struct apb_pins *a = &p->apb;
    if (a->sel && a->enable && a->ready && a->write) {
        unsigned ev = ethosu_rf_write(&t->rf, a->addr, a->wdata, a->strb, a->prot, NULL);
        if (ev)
            ethosu_cp_event(&t->cp, ev);
    }
    axi_manager_posedge(t->m[0], &p->m0);
    axi_manager_posedge(t->m[1], &p->m1);
    ethosu_wch_step(&t->wch);   /* the weight presented this cycle is taken */
    ethosu_cp_step(&t->cp);
    t->irq = (uint8_t)ethosu_rf_irq(&t->rf);
}

/* The dump in real time as the Verilated RTL's (ethosu_pins_vcd.h). */
static int etwin_waves_open(struct dut *d, const struct dut_waves_cfg *cfg, char *err, unsigned len)
{
    struct ethosu_twin *t = d->impl;
    t->vcd = pins_vcd_open(cfg, err, len);
    return t->vcd ? 0 : -1;
}

/* Signals are declared on the first dump, when the kernel's pins are known. */
static void declare(struct ethosu_twin *t, const struct ethosu_pins *p)
{
    vcd_writer_scope_push(t->vcd, "TOP");
    vcd_writer_add_clock(t->vcd, "CLK", PINS_VCD_CYCLE);
    ethosu_pins_vcd_add(t->vcd, p, ETWIN_DATA_BYTES, t->dut.addr_bits);
    vcd_writer_scope_push(t->vcd, "twin");
    vcd_writer_add(t->vcd, "cp_phase", 3, &t->w_phase);
    vcd_writer_add(t->vcd, "STATUS", 32, &t->w_status);
    vcd_writer_add(t->vcd, "CMD", 32, &t->w_cmd);
    vcd_writer_add(t->vcd, "QREAD", 32, &t->w_qread);
    vcd_writer_add(t->vcd, "PROT", 2, &t->w_prot);
    vcd_writer_add(t->vcd, "dma_active", 2, &t->w_dma_n);
    vcd_writer_scope_pop(t->vcd);
    vcd_writer_scope_pop(t->vcd);
    t->vcd_pins = p;
}

static void etwin_waves_dump(struct dut *d, const void *pins, uint64_t cycle)
{
    const struct ethosu_pins *p = pins;
    struct ethosu_twin *t = d->impl;
    if (!t->vcd)
        return;
    if (!t->vcd_pins)
        declare(t, p);
    t->w_phase = (uint8_t)t->cp.phase;
    t->w_status = ethosu_rf_status(&t->rf);
    t->w_cmd = ethosu_rf_get(&t->rf, ETHOSU_CMD_IDX);
    t->w_qread = ethosu_rf_get(&t->rf, ETHOSU_QREAD_IDX);
    t->w_prot = ethosu_rf_get(&t->rf, ETHOSU_PROT_IDX);
    t->w_dma_n = (uint8_t)t->cp.dma_n;
    vcd_writer_cycle(t->vcd, cycle);
}

static int etwin_waves_close(struct dut *d)
{
    struct ethosu_twin *t = d->impl;
    int rc = pins_vcd_close(t->vcd);
    t->vcd = NULL;
    return rc;
}

static void etwin_describe(struct dut *d, char *buf, unsigned len)
{
    struct ethosu_twin *t = d->impl;
    char cp[512], m0[256], m1[256];
    ethosu_cp_describe(&t->cp, cp, sizeof cp);
    axi_manager_describe(t->m[0], m0, sizeof m0);
    axi_manager_describe(t->m[1], m1, sizeof m1);
    snprintf(buf, len, "ethosu twin: %s; PROT 0x%x, IRQ %u; M0: %s; M1: %s", cp,
             ethosu_rf_get(&t->rf, ETHOSU_PROT_IDX), t->irq, m0, m1);
}

static int etwin_busy(struct dut *d)
{
    const struct ethosu_twin *t = d->impl;
    int cp_idle = (t->cp.phase == ETHOSU_CP_IDLE || t->cp.phase == ETHOSU_CP_HALTED) &&
                  t->cp.k_phase == ETHOSU_CP_K_NONE;
    int wch_idle = t->wch.state == ETHOSU_WCH_IDLE || t->wch.state == ETHOSU_WCH_DONE;
    return !cp_idle || !wch_idle || !axi_manager_idle(t->m[0]) || !axi_manager_idle(t->m[1]) ||
           t->irq != (uint8_t)ethosu_rf_irq(&t->rf);
}

int ethosu_twin_set_config(struct dut *twin, int cfg)
{
    struct ethosu_twin *t = twin->impl;
    if (ethosu_rf_set_config(&t->rf, cfg))
        return -1;
    ethosu_cp_set_cores(&t->cp, ethosu_configs[cfg].cores);   /* ethos-u65-512: two 256-MAC cores */
    twin->addr_bits = ethosu_configs[cfg].addr_bits;
    /* the top it stands for: the Ethos-U85 stub's is ethosu85 (the same pins) */
    twin->top = ethosu_configs[cfg].product == ETHOSU_PRODUCT_U85 ? "ethosu85 (C twin)" : "ethosu65 (C twin)";
    return 0;
}

int ethosu_twin_set_dump(struct dut *twin, const char *dir)
{
    struct ethosu_twin *t = twin->impl;
    return ethosu_cp_set_dump(&t->cp, dir);
}

static void etwin_destroy(struct dut *d)
{
    if (!d)
        return;
    struct ethosu_twin *t = d->impl;
    vcd_writer_close(t->vcd);
    axi_manager_destroy(t->m[0]);
    axi_manager_destroy(t->m[1]);
    ethosu_wch_free(&t->wch);
    ethosu_cp_free(&t->cp);
    free(t);
}

struct dut *ethosu_twin_create(char *errbuf, unsigned errlen)
{
    struct ethosu_twin *t = calloc(1, sizeof *t);
    if (!t) {
        if (errbuf && errlen)
            snprintf(errbuf, errlen, "out of memory");
        return NULL;
    }
    t->m[0] = axi_manager_create(ETWIN_DATA_BYTES, 16, 4, 4, 0);
    t->m[1] = axi_manager_create(ETWIN_DATA_BYTES, 16, 4, 4, 0);
    ethosu_cp_init(&t->cp, &t->rf, t->m[0], t->m[1]);
    ethosu_wch_init(&t->wch);
    ethosu_cp_set_weightch(&t->cp, &t->wch);
    struct ethosu_pins p0;
    memset(&p0, 0, sizeof p0);
    hard_reset(t, &p0);
    struct dut *d = &t->dut;
    d->kind = "twin";
    d->top = "ethosu65 (C twin)";
    d->data_bytes = ETWIN_DATA_BYTES;
    d->addr_bits = ETWIN_ADDR_BITS;
    d->eval = etwin_eval;
    d->posedge = etwin_posedge;
    d->waves_open = etwin_waves_open;
    d->waves_dump = etwin_waves_dump;
    d->waves_close = etwin_waves_close;
    d->describe = etwin_describe;
    d->busy = etwin_busy;
    d->destroy = etwin_destroy;
    d->impl = t;
    return d;
}
