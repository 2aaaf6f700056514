/* dut_twin: the C behavioural twin of NV_nvdla at its pins: CSB target,
 * register file, the SDP, PDP, CDP and convolution engines and their AXI
 * managers on DBBIF and, when the harness presents it (the configuration
 * has it, or SRAMIF=1), on SRAMIF: each DMA uses the port its RAM type register names. Outputs are registered: eval()
 * only presents state, posedge() updates it. Reset is synchronised inside,
 * as on the real top (TWIN_RESET_SYNC). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dut.h"
#include "nvdla_pins.h"
#include "nvdla_twin.h"
#include "nvdla_prog_check.h"
#include "nvdla_pins_vcd.h"
#include "axi_manager.h"
#include "twin_csb.h"
#include "nvdla_regfile.h"
#include "twin_cdp.h"
#include "twin_conv.h"
#include "twin_pdp.h"
#include "twin_sdp.h"
#include "vcd_writer.h"

/* Like the real nv_small top (and the shipped stub), the core leaves reset
 * this many rising edges after dla_reset_rstn rises; until then CSB
 * requests are accepted (ready high) and dropped. */
#define TWIN_RESET_SYNC 4
/* After reset the CBUF flushes itself; CDMA S_CBUF_FLUSH_STATUS.FLUSH_DONE
 * reads 0 until then (about 8,192 cycles on the real top). */
#define TWIN_CBUF_FLUSH_CYCLES 8192

struct twin {
    struct dut dut;
    struct nvdla_regfile regs;
    struct twin_csb csb;
    struct twin_sdp sdp;
    struct twin_pdp pdp;
    struct twin_cdp cdp;
    struct twin_conv conv;
    struct twin_ports io;           /* DBBIF and SRAMIF managers */
    const struct nvdla_config *hw;  /* the configuration modelled */
    int dbb_owner;                  /* engine holding the memory ports: 0 none, 1 SDP, 2 PDP, 3 conv, 4 CDP */
    uint8_t intr;
    uint8_t rst_sync;               /* rising edges since dla_reset_rstn rose, up to TWIN_RESET_SYNC */
    unsigned flush_left;            /* cycles until the CBUF flush after reset is done */
    /* the programming checker at each layer start */
    struct nvdla_prog_ctx prog;
    int prog_warn;
    uint8_t was_running[NVDLA_UNIT_COUNT], was_consumer[NVDLA_UNIT_COUNT];
    char stop_reason[768];
    /* wave-only copies of internal state */
    struct vcd_writer *vcd;
    const struct nvdla_pins *vcd_pins;
    uint8_t w_sdp_state, w_sdp_consumer, w_sdp_rdma_consumer, w_sdp_producer;
    uint8_t w_pdp_state, w_pdp_consumer, w_dbb_owner, w_cdp_state, w_conv_state;
    uint32_t w_intr_status;
};

static void twin_reset(struct twin *t)
{
    nvdla_regfile_set_config(&t->regs, t->hw);
    twin_csb_reset(&t->csb);
    twin_sdp_reset(&t->sdp);
    twin_pdp_reset(&t->pdp);
    twin_cdp_reset(&t->cdp);
    twin_conv_reset(&t->conv);
    twin_ports_reset(&t->io);
    t->io.missing[0] = 0;
    t->dbb_owner = 0;
    t->intr = 0;
    t->rst_sync = 0;
    t->flush_left = TWIN_CBUF_FLUSH_CYCLES;
    t->regs.grp[0][NVDLA_CDMA_S_CBUF_FLUSH_STATUS_IDX] = 0;
    memset(t->was_running, 0, sizeof t->was_running);
}

/* The units whose start begins a layer with rules of its own. */
static const enum nvdla_unit layer_units[] = { NVDLA_UNIT_CDMA, NVDLA_UNIT_SDP, NVDLA_UNIT_PDP, NVDLA_UNIT_CDP };

/* A layer that has just started (running, or its consumer group moved on
 * while running) is checked against the programming rules. */
static void check_started_layers(struct twin *t)
{
    for (unsigned i = 0; i < sizeof layer_units / sizeof layer_units[0]; i++) {
        enum nvdla_unit u = layer_units[i];
        int started = t->regs.running[u] && (!t->was_running[u] || t->was_consumer[u] != t->regs.consumer[u]);
        t->was_running[u] = t->regs.running[u];
        t->was_consumer[u] = t->regs.consumer[u];
        if (!started)
            continue;
        struct nvdla_prog_violation v[4];
        t->prog.cbuf_flushed = t->flush_left == 0;
        int n = nvdla_prog_check(&t->regs, u, &t->prog, v, 4);
        for (int k = 0; k < n && k < 4; k++) {
            char line[512];
            nvdla_prog_violation_str(&v[k], line, sizeof line);
            if (t->prog_warn) {
                printf("warning: twin: %s layer (group %u) breaks programming %s\n", nvdla_units[u].name,
                       t->regs.consumer[u], line);
            } else if (!t->stop_reason[0]) {
                snprintf(t->stop_reason, sizeof t->stop_reason, "%s layer (group %u) breaks programming %s "
                         "(PROG_CHECK=warn runs it anyway)", nvdla_units[u].name, t->regs.consumer[u], line);
            }
        }
    }
}

static void tie_off_axi(struct axi_pins *a)
{
    a->aw_valid = a->w_valid = a->ar_valid = 0;
    a->b_ready = a->r_ready = 1;
}

static void twin_eval(struct dut *d, void *pins)
{
    struct nvdla_pins *p = pins;
    struct twin *t = d->impl;
    if (!p->rstn || t->rst_sync < TWIN_RESET_SYNC) {
        /* in reset (at the pin or still inside): requests are taken and lost */
        p->csb.ready = 1;
        p->csb.rsp_valid = p->csb.wr_complete = 0;
        tie_off_axi(&p->dbb);
        p->dbb.b_ready = p->dbb.r_ready = 0;
        if (d->has_sramif) {
            tie_off_axi(&p->sram);
            p->sram.b_ready = p->sram.r_ready = 0;
        }
        p->dla_intr = 0;
        return;
    }
    twin_csb_eval(&t->csb, &p->csb);
    axi_manager_eval(t->io.dbb, &p->dbb);
    if (t->io.sram)
        axi_manager_eval(t->io.sram, &p->sram);
    p->dla_intr = t->intr;
}

static void twin_posedge(struct dut *d, void *pins)
{
    struct nvdla_pins *p = pins;
    struct twin *t = d->impl;
    if (!p->rstn) {
        twin_reset(t);
        return;
    }
    if (t->rst_sync < TWIN_RESET_SYNC) {
        t->rst_sync++;
        return;
    }
    if (t->flush_left && !--t->flush_left)
        t->regs.grp[0][NVDLA_CDMA_S_CBUF_FLUSH_STATUS_IDX] = NVDLA_CDMA_S_CBUF_FLUSH_STATUS_FLUSH_DONE_MASK;
    twin_csb_posedge(&t->csb, &p->csb, &t->regs);
    axi_manager_posedge(t->io.dbb, &p->dbb);
    if (t->io.sram)
        axi_manager_posedge(t->io.sram, &p->sram);
    twin_sdp_posedge(&t->sdp, &t->regs, &t->io, &t->pdp, &t->dbb_owner);
    twin_pdp_posedge(&t->pdp, &t->regs, &t->io, &t->dbb_owner);
    twin_cdp_posedge(&t->cdp, &t->regs, &t->io, &t->dbb_owner);
    twin_conv_posedge(&t->conv, &t->regs, &t->io, &t->sdp, &t->dbb_owner);
    t->intr = (uint8_t)nvdla_regfile_intr_line(&t->regs);
    check_started_layers(t);
    /* a DMA named SRAMIF on a twin without it (the programming rule
     * 'ram-type' says so first unless PROG_CHECK=warn): stop, never
     * move the bytes over DBBIF instead */
    if (t->io.missing[0] && !t->stop_reason[0])
        snprintf(t->stop_reason, sizeof t->stop_reason, "%s", t->io.missing);
}

static const char *twin_stopped(struct dut *d)
{
    const struct twin *t = d->impl;
    return t->stop_reason[0] ? t->stop_reason : NULL;
}

/* The dump in real time as the Verilated RTL's: timescale 1 ps, cycle n's
 * low phase at n * period, its rising edge half a period later (pins_vcd.h);
 * FST through GTKWave's vcd2fst. */
static int twin_waves_open(struct dut *d, const struct dut_waves_cfg *cfg, char *err, unsigned len)
{
    struct twin *t = d->impl;
    t->vcd = pins_vcd_open(cfg, err, len);
    return t->vcd ? 0 : -1;
}

/* Signals are declared on the first dump, when the kernel's pins are known. */
static void declare(struct twin *t, const struct nvdla_pins *p)
{
    vcd_writer_scope_push(t->vcd, "TOP");
    vcd_writer_add_clock(t->vcd, "dla_core_clk", PINS_VCD_CYCLE);
    nvdla_pins_vcd_add(t->vcd, p, t->io.sram ? t->dut.sram_data_bytes : 0, t->dut.data_bytes, t->dut.addr_bits);
    vcd_writer_scope_push(t->vcd, "twin");
    vcd_writer_add(t->vcd, "sdp_state", 2, &t->w_sdp_state);
    vcd_writer_add(t->vcd, "sdp_producer", 1, &t->w_sdp_producer);
    vcd_writer_add(t->vcd, "sdp_consumer", 1, &t->w_sdp_consumer);
    vcd_writer_add(t->vcd, "sdp_rdma_consumer", 1, &t->w_sdp_rdma_consumer);
    vcd_writer_add(t->vcd, "pdp_state", 2, &t->w_pdp_state);
    vcd_writer_add(t->vcd, "pdp_consumer", 1, &t->w_pdp_consumer);
    vcd_writer_add(t->vcd, "cdp_state", 2, &t->w_cdp_state);
    vcd_writer_add(t->vcd, "conv_state", 2, &t->w_conv_state);
    vcd_writer_add(t->vcd, "dbb_owner", 3, &t->w_dbb_owner);
    vcd_writer_add(t->vcd, "glb_intr_status", 32, &t->w_intr_status);
    vcd_writer_scope_pop(t->vcd);
    vcd_writer_scope_pop(t->vcd);
    t->vcd_pins = p;
}

static void twin_waves_dump(struct dut *d, const void *pins, uint64_t cycle)
{
    const struct nvdla_pins *p = pins;
    struct twin *t = d->impl;
    if (!t->vcd)
        return;
    if (!t->vcd_pins)
        declare(t, p);
    t->w_sdp_state = (uint8_t)t->sdp.state;
    t->w_sdp_producer = t->regs.producer[NVDLA_UNIT_SDP];
    t->w_sdp_consumer = t->regs.consumer[NVDLA_UNIT_SDP];
    t->w_sdp_rdma_consumer = t->regs.consumer[NVDLA_UNIT_SDP_RDMA];
    t->w_pdp_state = (uint8_t)t->pdp.state;
    t->w_pdp_consumer = t->regs.consumer[NVDLA_UNIT_PDP];
    t->w_dbb_owner = (uint8_t)t->dbb_owner;
    t->w_cdp_state = (uint8_t)t->cdp.state;
    t->w_conv_state = (uint8_t)t->conv.state;
    t->w_intr_status = t->regs.grp[0][NVDLA_GLB_S_INTR_STATUS_IDX];
    vcd_writer_cycle(t->vcd, cycle);
}

static int twin_waves_close(struct dut *d)
{
    struct twin *t = d->impl;
    int rc = pins_vcd_close(t->vcd);
    t->vcd = NULL;
    return rc;
}

static void twin_describe(struct dut *d, char *buf, unsigned len)
{
    struct twin *t = d->impl;
    char axi[256], sram[256] = "";
    axi_manager_describe(t->io.dbb, axi, sizeof axi);
    if (t->io.sram) {
        char m[224];
        axi_manager_describe(t->io.sram, m, sizeof m);
        snprintf(sram, sizeof sram, "; SRAMIF manager: %s", m);
    }
    snprintf(buf, len, "twin: SDP state %d group %d, SDP consumer %u producer %u, "
             "SDP_RDMA consumer %u; PDP state %d group %d, consumer %u; CDP state %d consumer %u; "
             "convolution state %d, CDMA consumer %u, CACC consumer %u; memory ports owner %d, DBBIF manager: %s%s",
             (int)t->sdp.state, t->sdp.group, t->regs.consumer[NVDLA_UNIT_SDP],
             t->regs.producer[NVDLA_UNIT_SDP], t->regs.consumer[NVDLA_UNIT_SDP_RDMA],
             (int)t->pdp.state, t->pdp.group, t->regs.consumer[NVDLA_UNIT_PDP], (int)t->cdp.state,
             t->regs.consumer[NVDLA_UNIT_CDP], (int)t->conv.state, t->regs.consumer[NVDLA_UNIT_CDMA],
             t->regs.consumer[NVDLA_UNIT_CACC], t->dbb_owner, axi, sram);
}

static int twin_busy(struct dut *d)
{
    const struct twin *t = d->impl;
    return t->rst_sync < TWIN_RESET_SYNC || t->flush_left || t->sdp.state != TWIN_SDP_IDLE || t->pdp.state != TWIN_PDP_IDLE || t->cdp.state != TWIN_CDP_IDLE ||
           t->conv.state != TWIN_CONV_IDLE || !twin_ports_idle(&t->io) || t->csb.rsp_valid || t->csb.wr_complete ||
           t->intr != (uint8_t)nvdla_regfile_intr_line(&t->regs);
}

static void twin_destroy(struct dut *d)
{
    if (!d)
        return;
    struct twin *t = d->impl;
    vcd_writer_close(t->vcd);
    axi_manager_destroy(t->io.dbb);
    axi_manager_destroy(t->io.sram);
    twin_sdp_free(&t->sdp);
    twin_pdp_free(&t->pdp);
    twin_cdp_free(&t->cdp);
    twin_conv_free(&t->conv);
    free(t);
}

struct dut *dut_twin_create(const struct dut_twin_opts *o, char *errbuf, unsigned errlen)
{
    struct twin *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(errbuf, errlen, "out of memory");
        return NULL;
    }
    t->hw = o->hw ? o->hw : nvdla_config_find(nvdla_config_default_name());
    /* DBBIF: PRIMARY_MEMIF_WIDTH bits of data, MEM_ADDRESS_WIDTH of address */
    t->io.dbb = axi_manager_create(t->hw->primary_memif_width / 8, 16, 4, 4, 0);
    /* SRAMIF when the caller asks (the harness: when the configuration has
     * it, or SRAMIF=1): SECONDARY_MEMIF_WIDTH bits of data, the DBBIF width
     * on a configuration without one. Without the port a layer naming it
     * stops the twin. */
    int sram = o->with_sramif;
    unsigned sram_bytes = t->hw->secondary_memif_width ? t->hw->secondary_memif_width / 8
                                                       : t->hw->primary_memif_width / 8;
    if (sram)
        t->io.sram = axi_manager_create(sram_bytes, 16, 4, 4, 0);
    if (!t->io.dbb || (sram && !t->io.sram)) {
        axi_manager_destroy(t->io.dbb);
        axi_manager_destroy(t->io.sram);
        free(t);
        snprintf(errbuf, errlen, "out of memory");
        return NULL;
    }
    twin_sdp_init(&t->sdp);
    twin_pdp_init(&t->pdp);
    twin_cdp_init(&t->cdp);
    twin_conv_init(&t->conv);
    t->prog.cfg = t->hw;
    t->prog_warn = o->prog_warn;
    twin_reset(t);
    struct dut *d = &t->dut;
    d->kind = "twin";
    d->top = "NV_nvdla (C twin)";
    d->has_sramif = sram;
    d->sram_data_bytes = sram ? sram_bytes : 0;
    d->data_bytes = t->hw->primary_memif_width / 8;
    d->addr_bits = t->hw->mem_address_width;
    d->eval = twin_eval;
    d->posedge = twin_posedge;
    d->waves_open = twin_waves_open;
    d->waves_dump = twin_waves_dump;
    d->waves_close = twin_waves_close;
    d->describe = twin_describe;
    d->busy = twin_busy;
    d->stopped = twin_stopped;
    d->destroy = twin_destroy;
    d->impl = t;
    return d;
}
