/* apb_master: APB requester. Transfers wait in a FIFO and go on the pins
 * one at a time: an idle wake-up cycle if PWAKEUP was low, one setup cycle,
 * then access cycles until PREADY. Completion is strictly in order, so a
 * blocking call only needs its sequence number: when the count of completed
 * transfers passes it, the last completed transfer is its own (one transfer
 * completes per cycle at most, and the call looks after every cycle). */
#include "apb_master.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bfm_queue.h"
#include "bfm_rng.h"

#define DEFAULT_TIMEOUT 100000u

enum apb_phase { PH_IDLE = 0, PH_SETUP, PH_ACCESS };

struct apb_req {
    uint64_t seq;       /* position in the transfer stream */
    uint32_t addr, wdata;
    uint8_t strb, prot, write;
};

struct apb_master {
    char name[64];
    struct apb_master_knobs k;
    struct apb_pins *pins;
    struct bfm_env *env;
    struct bfm_rng rng;

    struct bfm_queue reqq;      /* struct apb_req: not yet on the pins */
    struct apb_req cur;         /* on the pins while phase != PH_IDLE */
    enum apb_phase phase;       /* phase the next drive() puts on the pins */
    unsigned gap_left;          /* idle cycles before the next setup phase */
    uint8_t wakeup_prev;        /* PWAKEUP driven last cycle */
    uint64_t cur_waits;         /* access cycles of cur with PREADY low */

    uint64_t enq_seq;           /* transfers queued so far */
    uint64_t completed;         /* transfers completed so far (in order) */
    uint32_t last_rdata;
    int last_slverr;            /* -1 before the first completion */
    struct apb_master_stats st;
};

void apb_master_knobs_default(struct apb_master_knobs *k)
{
    memset(k, 0, sizeof *k);
    k->gap_min = 0;
    k->gap_max = 0;
    k->timeout = 0;
    k->default_prot = 0;
    k->seed = 1;
}

struct apb_master *apb_master_create(const char *name, const struct apb_master_knobs *k,
                                     struct apb_pins *pins, struct bfm_env *env)
{
    struct apb_master *m;
    struct apb_master_knobs dk;

    if (!pins || !env) {
        fprintf(stderr, "apb_master_create: pins and env are required\n");
        return NULL;
    }
    if (!k) {
        apb_master_knobs_default(&dk);
        k = &dk;
    }
    if (k->gap_min > k->gap_max) {
        fprintf(stderr, "apb_master_create: gap_min %u > gap_max %u\n",
                k->gap_min, k->gap_max);
        return NULL;
    }
    if (k->default_prot > 7) {
        fprintf(stderr, "apb_master_create: default_prot 0x%x is wider than PPROT[2:0]\n",
                k->default_prot);
        return NULL;
    }
    m = calloc(1, sizeof *m);
    if (!m) {
        fprintf(stderr, "apb_master_create: out of memory\n");
        abort();
    }
    snprintf(m->name, sizeof m->name, "%s", name ? name : "apb");
    m->k = *k;
    if (!m->k.timeout)
        m->k.timeout = DEFAULT_TIMEOUT;
    m->pins = pins;
    m->env = env;
    m->last_slverr = -1;
    bfm_rng_seed(&m->rng, k->seed);
    bfm_queue_init(&m->reqq, sizeof(struct apb_req), 4);
    return m;
}

void apb_master_destroy(struct apb_master *m)
{
    if (!m)
        return;
    bfm_queue_free(&m->reqq);
    free(m);
}

void apb_master_drive(struct apb_master *m)
{
    struct apb_pins *p = m->pins;

    if (m->phase == PH_IDLE) {
        if (m->gap_left) {
            m->gap_left--;
        } else if (m->reqq.n && m->wakeup_prev) {
            /* PWAKEUP was already high last cycle: start the setup phase.
             * Otherwise this cycle only raises PWAKEUP (below). */
            m->cur = *(struct apb_req *)bfm_queue_front(&m->reqq);
            bfm_queue_pop(&m->reqq);
            m->phase = PH_SETUP;
            m->cur_waits = 0;
            bfm_log(m->env, 2, m->name, "setup %s 0x%03" PRIx32 " prot 0x%x",
                    m->cur.write ? "write" : "read", m->cur.addr, m->cur.prot);
        }
    }
    p->sel = m->phase != PH_IDLE;
    p->enable = m->phase == PH_ACCESS;
    p->wakeup = (uint8_t)(m->phase != PH_IDLE || m->reqq.n != 0);
    if (m->phase != PH_IDLE) {
        p->addr = m->cur.addr;
        p->write = m->cur.write;
        p->wdata = m->cur.write ? m->cur.wdata : 0;
        p->strb = m->cur.write ? m->cur.strb : 0;
        p->prot = m->cur.prot;
    } else {
        /* Idle payload parked at zero: easier to read in waveforms. */
        p->addr = 0;
        p->write = 0;
        p->wdata = 0;
        p->strb = 0;
        p->prot = 0;
    }
    m->wakeup_prev = p->wakeup;
}

static void complete_cur(struct apb_master *m, uint32_t rdata, int slverr)
{
    const struct apb_req *r = &m->cur;

    m->completed++;
    m->last_slverr = slverr;
    m->last_rdata = r->write ? 0 : rdata;
    if (slverr)
        m->st.slverrs++;
    char what[320] = "";
    if (m->env->verbose >= 1) {
        uint32_t v = r->write ? r->wdata : rdata;
        if (m->k.describe)
            m->k.describe(r->addr, v, what, sizeof what);
        else
            snprintf(what, sizeof what, "0x%03" PRIx32 " = 0x%08" PRIx32, r->addr, v);
    }
    if (r->write) {
        m->st.writes++;
        bfm_log(m->env, 1, m->name, "write %s (strb 0x%x, prot 0x%x, %" PRIu64 " wait states)%s", what, r->strb,
                r->prot, m->cur_waits, slverr ? " PSLVERR" : "");
    } else {
        m->st.reads++;
        bfm_log(m->env, 1, m->name, "read %s (prot 0x%x, %" PRIu64 " wait states)%s", what, r->prot,
                m->cur_waits, slverr ? " PSLVERR" : "");
    }
    m->phase = PH_IDLE;
    m->gap_left = (unsigned)bfm_rng_range(&m->rng, m->k.gap_min, m->k.gap_max);
}

void apb_master_sample(struct apb_master *m)
{
    const struct apb_pins *p = m->pins;

    switch (m->phase) {
    case PH_IDLE:
        break;
    case PH_SETUP:
        /* PREADY is not looked at in the setup phase. */
        m->phase = PH_ACCESS;
        break;
    case PH_ACCESS:
        if (p->ready) {
            complete_cur(m, p->rdata, p->slverr != 0);
        } else {
            m->cur_waits++;
            m->st.wait_cycles++;
        }
        break;
    }
}

static int check_args(const struct apb_master *m, const char *what, uint32_t addr,
                      uint8_t strb, uint8_t prot)
{
    if (addr & 3) {
        fprintf(stderr, "%s: %s: address 0x%" PRIx32 " is not 4-aligned\n",
                m->name, what, addr);
        return 0;
    }
    if (strb > 0xF) {
        fprintf(stderr, "%s: %s: strobe 0x%x is wider than PSTRB[3:0]\n",
                m->name, what, strb);
        return 0;
    }
    if (prot > 7 && prot != APB_PROT_DEFAULT) {
        fprintf(stderr, "%s: %s: prot 0x%x is wider than PPROT[2:0]\n",
                m->name, what, prot);
        return 0;
    }
    return 1;
}

/* Queue one transfer and wait until it has completed. The timeout counts
 * access cycles without PREADY from the call on, whichever transfer is on
 * the bus: a call queued behind one that timed out is bounded as well. */
static enum bfm_status transfer(struct apb_master *m, int write, uint32_t addr,
                                uint32_t wdata, uint8_t strb, uint8_t prot,
                                uint32_t *rdata, int *slverr)
{
    struct apb_req *r = bfm_queue_push(&m->reqq);
    uint64_t seq = m->enq_seq++;
    uint64_t waits0 = m->st.wait_cycles;

    memset(r, 0, sizeof *r);
    r->seq = seq;
    r->write = (uint8_t)(write != 0);
    r->addr = addr;
    r->wdata = write ? wdata : 0;
    r->strb = write ? strb : 0;
    r->prot = prot == APB_PROT_DEFAULT ? m->k.default_prot : prot;
    for (;;) {
        if (m->completed > seq) {
            if (rdata)
                *rdata = m->last_rdata;
            if (slverr)
                *slverr = m->last_slverr;
            return BFM_OK;
        }
        if (m->st.wait_cycles - waits0 >= m->k.timeout) {
            m->st.timeouts++;
            bfm_log(m->env, 1, m->name, "%s 0x%03" PRIx32 " timed out: no PREADY for "
                    "%u access cycles", write ? "write" : "read", addr, m->k.timeout);
            return BFM_ERR_TIMEOUT;
        }
        if (m->env->step(m->env))
            return BFM_ERR_FAILED;
    }
}

enum bfm_status apb_write_strb(struct apb_master *m, uint32_t addr, uint32_t data,
                               uint8_t strb, uint8_t prot)
{
    if (!m || !check_args(m, "apb_write", addr, strb, prot))
        return BFM_ERR_ARG;
    return transfer(m, 1, addr, data, strb, prot, NULL, NULL);
}

enum bfm_status apb_write(struct apb_master *m, uint32_t addr, uint32_t data, uint8_t prot)
{
    return apb_write_strb(m, addr, data, 0xF, prot);
}

enum bfm_status apb_read(struct apb_master *m, uint32_t addr, uint8_t prot, uint32_t *data,
                         int *slverr)
{
    if (!m || !check_args(m, "apb_read", addr, 0, prot))
        return BFM_ERR_ARG;
    return transfer(m, 0, addr, 0, 0, prot, data, slverr);
}

int apb_master_last_slverr(const struct apb_master *m)
{
    return m->last_slverr;
}

int apb_master_idle(const struct apb_master *m)
{
    return m->phase == PH_IDLE && m->reqq.n == 0;
}

void apb_master_outstanding(const struct apb_master *m, char *buf, unsigned len)
{
    if (!buf || !len)
        return;
    if (m->phase == PH_IDLE)
        snprintf(buf, len, "%s: bus idle, %zu queued", m->name, m->reqq.n);
    else
        snprintf(buf, len, "%s: %s 0x%03" PRIx32 " in %s phase, %" PRIu64
                 " cycles without PREADY, %zu queued",
                 m->name, m->cur.write ? "write" : "read", m->cur.addr,
                 m->phase == PH_SETUP ? "setup" : "access", m->cur_waits, m->reqq.n);
}

void apb_master_stats(const struct apb_master *m, struct apb_master_stats *s)
{
    *s = m->st;
}
