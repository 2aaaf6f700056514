/* apb_master: APB requester, the APB pins of a reg_requester. A transfer
 * goes on the pins after an idle wake-up cycle if PWAKEUP was low, one
 * setup cycle, then access cycles until PREADY, which completes it. The
 * access cycles without PREADY are what a blocking call's timeout counts
 * (REG_BUDGET_STALLS). One transfer completes per cycle at most, so when a
 * blocking call sees its own completed, the last completion is its own:
 * that is where its PSLVERR is read. */
#include "apb_master.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reg_requester.h"

enum apb_phase { PH_IDLE = 0, PH_SETUP, PH_ACCESS };

struct apb_master {
    struct reg_requester *rq;
    struct apb_pins *pins;
    struct bfm_env *env;
    const char *name;           /* the requester's */
    uint8_t default_prot;

    enum apb_phase phase;       /* phase the next drive() puts on the pins */
    uint8_t wakeup_prev;        /* PWAKEUP driven last cycle */
    uint64_t cur_waits;         /* access cycles of the transfer on the pins with PREADY low */
    int last_slverr;            /* -1 before the first completion */
    uint64_t slverrs;
};

void apb_master_knobs_default(struct apb_master_knobs *k)
{
    memset(k, 0, sizeof *k);
    k->seed = 1;
}

static struct reg_requester_knobs requester_knobs(const struct apb_master_knobs *k)
{
    return (struct reg_requester_knobs){
        .gap_min = k->gap_min, .gap_max = k->gap_max, .timeout = k->timeout,
        .budget = REG_BUDGET_STALLS, .seed = k->seed, .addr_digits = 3,
        .describe = k->describe,
    };
}

struct apb_master *apb_master_create(const char *name, const struct apb_master_knobs *k,
                                     struct apb_pins *pins, struct bfm_env *env)
{
    struct apb_master_knobs dk;
    struct apb_master *m;

    if (!k) {
        apb_master_knobs_default(&dk);
        k = &dk;
    }
    struct reg_requester *rq = reg_requester_create("apb_master_create", name ? name : "apb",
                                                    requester_knobs(k), pins, env);
    if (rq && k->default_prot > 7) {
        fprintf(stderr, "apb_master_create: default_prot 0x%x is wider than PPROT[2:0]\n",
                k->default_prot);
        reg_requester_destroy(rq);
        rq = NULL;
    }
    if (!rq)
        return NULL;
    m = calloc(1, sizeof *m);
    if (!m) {
        fprintf(stderr, "apb_master_create: out of memory\n");
        abort();
    }
    m->rq = rq;
    m->pins = pins;
    m->env = env;
    m->name = reg_requester_name(rq);
    m->default_prot = k->default_prot;
    m->last_slverr = -1;
    return m;
}

void apb_master_destroy(struct apb_master *m)
{
    if (!m)
        return;
    reg_requester_destroy(m->rq);
    free(m);
}

void apb_master_drive(struct apb_master *m)
{
    struct apb_pins *p = m->pins;

    /* With PWAKEUP low last cycle, this cycle only raises it (below). */
    const struct reg_request *started = reg_requester_issue(m->rq, m->wakeup_prev);
    if (started) {
        m->phase = PH_SETUP;
        m->cur_waits = 0;
        bfm_log(m->env, 2, m->name, "setup %s 0x%03" PRIx32 " prot 0x%x",
                started->write ? "write" : "read", started->addr, started->prot);
    }
    p->sel = m->phase != PH_IDLE;
    p->enable = m->phase == PH_ACCESS;
    p->wakeup = (uint8_t)(p->sel || reg_requester_queued(m->rq) != 0);
    m->wakeup_prev = p->wakeup;
    /* A read's PWDATA and PSTRB are zero in its request already. */
    const struct reg_request *q = reg_requester_payload(m->rq);
    p->addr = q->addr;
    p->write = q->write;
    p->wdata = q->wdata;
    p->strb = q->strb;
    p->prot = q->prot;
}

/* PREADY in an access cycle: the transfer on the pins completes. */
static void complete_cur(struct apb_master *m, uint32_t rdata, int slverr)
{
    const struct reg_request *r = reg_requester_accept(m->rq);

    if (!r->write)
        reg_requester_read_data(m->rq, rdata);
    m->last_slverr = slverr;
    if (slverr)
        m->slverrs++;
    char what[320] = "";
    if (m->env->verbose >= 1)
        reg_requester_describe(m->rq, r->addr, r->write ? r->wdata : rdata, what, sizeof what);
    if (r->write)
        bfm_log(m->env, 1, m->name, "write %s (strb 0x%x, prot 0x%x, %" PRIu64 " wait states)%s", what, r->strb,
                r->prot, m->cur_waits, slverr ? " PSLVERR" : "");
    else
        bfm_log(m->env, 1, m->name, "read %s (prot 0x%x, %" PRIu64 " wait states)%s", what, r->prot,
                m->cur_waits, slverr ? " PSLVERR" : "");
    m->phase = PH_IDLE;
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
            reg_requester_stall(m->rq);
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
    struct reg_request q = { 0 };

    q.write = (uint8_t)(write != 0);
    q.addr = addr;
    q.wdata = write ? wdata : 0;
    q.strb = write ? strb : 0;
    q.prot = prot == APB_PROT_DEFAULT ? m->default_prot : prot;
    enum bfm_status st = reg_requester_call(m->rq, &q, rdata);
    if (st == BFM_OK && slverr)
        *slverr = m->last_slverr;
    if (st == BFM_ERR_TIMEOUT)
        bfm_log(m->env, 1, m->name, "%s 0x%03" PRIx32 " timed out: no PREADY for "
                "%" PRIu64 " access cycles", write ? "write" : "read", addr,
                reg_requester_timeout(m->rq));
    return st;
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
    return reg_requester_idle(m->rq);
}

void apb_master_outstanding(const struct apb_master *m, char *buf, unsigned len)
{
    const struct reg_request *q = reg_requester_on_bus(m->rq);

    if (!buf || !len)
        return;
    if (!q)
        snprintf(buf, len, "%s: bus idle, %zu queued", m->name, reg_requester_queued(m->rq));
    else
        snprintf(buf, len, "%s: %s 0x%03" PRIx32 " in %s phase, %" PRIu64
                 " cycles without PREADY, %zu queued",
                 m->name, q->write ? "write" : "read", q->addr,
                 m->phase == PH_SETUP ? "setup" : "access", m->cur_waits,
                 reg_requester_queued(m->rq));
}

void apb_master_stats(const struct apb_master *m, struct apb_master_stats *s)
{
    struct reg_requester_stats st;

    reg_requester_stats(m->rq, &st);
    *s = (struct apb_master_stats){ .writes = st.writes, .reads = st.reads,
                                    .slverrs = m->slverrs, .wait_cycles = st.stalls,
                                    .timeouts = st.timeouts };
}
