/* copyeng_twin: see copyeng_twin.h. The APB completer answers in the
 * access phase (PREADY high, no wait states; a misaligned or unknown
 * offset answers PSLVERR); the engine reads the whole source into a buffer,
 * then writes it, through one axi_manager. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "axi_manager.h"
#include "copyeng_pins.h"
#include "copyeng_pins_vcd.h"
#include "copyeng_regs.h"
#include "copyeng_twin.h"
#include "vcd_writer.h"

enum phase { IDLE, READING, WRITING };

struct copyeng_twin {
    struct dut dut;
    struct axi_manager *m;
    uint32_t src, dst, len, status;
    uint8_t pending;
    enum phase phase;
    uint8_t *buf;
    struct vcd_writer *vcd;
    const struct copyeng_pins *vcd_pins;
};

static void reset(struct copyeng_twin *t)
{
    axi_manager_reset(t->m);
    t->src = t->dst = t->len = t->status = 0;
    t->pending = 0;
    t->phase = IDLE;
}

static int reg_read(const struct copyeng_twin *t, uint32_t addr, uint32_t *v)
{
    switch (addr) {
    case COPYENG_SRC: *v = t->src; return 0;
    case COPYENG_DST: *v = t->dst; return 0;
    case COPYENG_LEN: *v = t->len; return 0;
    case COPYENG_CTRL: *v = 0; return 0;
    case COPYENG_STATUS: *v = t->status; return 0;
    case COPYENG_IRQ: *v = t->pending; return 0;
    default: *v = 0; return -1;
    }
}

static void finish(struct copyeng_twin *t, uint32_t status)
{
    t->status = status;
    t->pending = 1;
    t->phase = IDLE;
}

static void start(struct copyeng_twin *t)
{
    if (t->phase != IDLE || t->len == 0 || t->len > COPYENG_MAX_LEN) {
        finish(t, (t->status & COPYENG_STATUS_BUSY) | COPYENG_STATUS_ERROR);
        return;
    }
    t->status = COPYENG_STATUS_BUSY;
    axi_manager_clear_error(t->m);
    axi_manager_read(t->m, t->src, t->len, t->buf);
    t->phase = READING;
}

static void reg_write(struct copyeng_twin *t, uint32_t addr, uint32_t v)
{
    switch (addr) {
    case COPYENG_SRC: t->src = v; break;
    case COPYENG_DST: t->dst = v; break;
    case COPYENG_LEN: t->len = v; break;
    case COPYENG_CTRL: if (v & COPYENG_CTRL_START) start(t); break;
    case COPYENG_IRQ: if (v & COPYENG_IRQ_PENDING) t->pending = 0; break;
    default: break;
    }
}

static void eval(struct dut *d, void *pins)
{
    struct copyeng_twin *t = d->impl;
    struct copyeng_pins *p = pins;
    struct apb_pins *a = &p->apb;
    a->ready = 0;
    a->rdata = 0;
    a->slverr = 0;
    if (!p->nreset) {
        struct axi_pins *m = &p->m;
        m->aw_valid = m->w_valid = m->ar_valid = 0;
        m->w_last = 0;
        m->w_strb = 0;
        m->b_ready = m->r_ready = 0;
        p->irq = 0;
        return;
    }
    a->ready = 1;
    if (a->sel && a->enable) {
        uint32_t v = 0;
        int bad = reg_read(t, a->addr, &v);
        if (!a->write)
            a->rdata = v;
        a->slverr = (uint8_t)(bad != 0);
    }
    axi_manager_eval(t->m, &p->m);
    p->irq = t->pending;
}

static void posedge(struct dut *d, void *pins)
{
    struct copyeng_twin *t = d->impl;
    struct copyeng_pins *p = pins;
    if (!p->nreset) {
        reset(t);
        return;
    }
    const struct apb_pins *a = &p->apb;
    if (a->sel && a->enable && a->ready && a->write)
        reg_write(t, a->addr, a->wdata);
    axi_manager_posedge(t->m, &p->m);
    struct axi_manager_error e;
    if (t->phase != IDLE && axi_manager_idle(t->m) && axi_manager_error(t->m, &e)) {
        finish(t, COPYENG_STATUS_ERROR);
    } else if (t->phase == READING && axi_manager_reads_done(t->m)) {
        axi_manager_write(t->m, t->dst, t->len, t->buf);
        t->phase = WRITING;
    } else if (t->phase == WRITING && axi_manager_writes_done(t->m)) {
        finish(t, COPYENG_STATUS_DONE);
    }
}

static int waves_open(struct dut *d, const struct dut_waves_cfg *cfg, char *err, unsigned len)
{
    struct copyeng_twin *t = d->impl;
    t->vcd = pins_vcd_open(cfg, err, len);
    return t->vcd ? 0 : -1;
}

static void waves_dump(struct dut *d, const void *pins, uint64_t cycle)
{
    struct copyeng_twin *t = d->impl;
    if (!t->vcd)
        return;
    if (!t->vcd_pins) {   /* declared on the first dump, when the kernel's pins are known */
        vcd_writer_scope_push(t->vcd, "TOP");
        vcd_writer_add_clock(t->vcd, "CLK", PINS_VCD_CYCLE);
        copyeng_pins_vcd_add(t->vcd, pins);
        vcd_writer_scope_pop(t->vcd);
        t->vcd_pins = pins;
    }
    vcd_writer_cycle(t->vcd, cycle);
}

static int waves_close(struct dut *d)
{
    struct copyeng_twin *t = d->impl;
    int rc = pins_vcd_close(t->vcd);
    t->vcd = NULL;
    return rc;
}

static void describe(struct dut *d, char *buf, unsigned len)
{
    struct copyeng_twin *t = d->impl;
    char m[256];
    axi_manager_describe(t->m, m, sizeof m);
    snprintf(buf, len, "copyeng twin: phase %d, STATUS 0x%x, IRQ %u; M: %s", (int)t->phase, (unsigned)t->status,
             t->pending, m);
}

static int busy(struct dut *d)
{
    const struct copyeng_twin *t = d->impl;
    return t->phase != IDLE || !axi_manager_idle(t->m);
}

static void destroy(struct dut *d)
{
    if (!d)
        return;
    struct copyeng_twin *t = d->impl;
    vcd_writer_close(t->vcd);
    axi_manager_destroy(t->m);
    free(t->buf);
    free(t);
}

struct dut *copyeng_twin_create(char *errbuf, unsigned errlen)
{
    struct copyeng_twin *t = calloc(1, sizeof *t);
    if (t) {
        t->m = axi_manager_create(COPYENG_DATA_BYTES, 16, 4, 4, 0);
        t->buf = malloc(COPYENG_MAX_LEN);
    }
    if (!t || !t->m || !t->buf) {
        if (t)
            axi_manager_destroy(t->m), free(t->buf), free(t);
        snprintf(errbuf, errlen, "out of memory");
        return NULL;
    }
    reset(t);
    struct dut *d = &t->dut;
    d->kind = "twin";
    d->top = "copyeng (C twin)";
    d->data_bytes = COPYENG_DATA_BYTES;
    d->addr_bits = COPYENG_ADDR_BITS;
    d->eval = eval;
    d->posedge = posedge;
    d->waves_open = waves_open;
    d->waves_dump = waves_dump;
    d->waves_close = waves_close;
    d->describe = describe;
    d->busy = busy;
    d->destroy = destroy;
    d->impl = t;
    return d;
}
