/* csb_master: CSB requester, the CSB pins of a reg_requester. A request
 * goes on the request channel and stays stable until ready; read data comes
 * back in request order on the valid-only response channel; non-posted
 * writes are retired by counting wr_complete pulses (the CSB returns them
 * in order too). */
#include "csb_master.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reg_requester.h"

#define CSB_ADDR_LIMIT 0x40000u     /* 16-bit word address = 256 KiB */

struct csb_master {
    struct reg_requester *rq;
    struct csb_pins *pins;
    struct bfm_env *env;
    const char *name;           /* the requester's */
    int nposted;                /* writes queued from now on are non-posted */
};

void csb_master_knobs_default(struct csb_master_knobs *k)
{
    memset(k, 0, sizeof *k);
    k->seed = 1;
}

struct csb_master *csb_master_create(const char *name, const struct csb_master_knobs *k,
                                     struct csb_pins *pins, struct bfm_env *env)
{
    struct csb_master_knobs ck;

    if (k)
        ck = *k;
    else
        csb_master_knobs_default(&ck);
    /* CSB addresses have 5 hex digits (256 KiB); the time limit is in cycles. */
    struct reg_requester_knobs rk = { .gap_min = ck.gap_min, .gap_max = ck.gap_max,
                                      .timeout = ck.read_timeout, .seed = ck.seed,
                                      .describe = ck.describe, .addr_digits = 5,
                                      .budget = REG_BUDGET_CYCLES };
    struct reg_requester *rq = reg_requester_create("csb_master_create", name ? name : "csb",
                                                    rk, pins, env);
    if (!rq)
        return NULL;
    struct csb_master *m = calloc(1, sizeof *m);
    if (!m) {
        fprintf(stderr, "csb_master_create: out of memory\n");
        abort();
    }
    *m = (struct csb_master){ rq, pins, env, reg_requester_name(rq), ck.nposted != 0 };
    return m;
}

void csb_master_destroy(struct csb_master *m)
{
    if (m)
        reg_requester_destroy(m->rq);
    free(m);
}

void csb_master_set_nposted(struct csb_master *m, int nposted)
{
    m->nposted = nposted != 0;
}

void csb_master_drive(struct csb_master *m)
{
    struct csb_pins *p = m->pins;

    reg_requester_issue(m->rq, 1);
    p->valid = reg_requester_on_bus(m->rq) != NULL;
    const struct reg_request *q = reg_requester_payload(m->rq);
    p->addr = (uint16_t)(q->addr >> 2);     /* the word address */
    p->wdat = q->wdata;
    p->write = q->write;
    p->nposted = q->nposted;
}

static void log_accepted(struct csb_master *m, const struct reg_request *q)
{
    if (!q->write) {
        bfm_log(m->env, 2, m->name, "read 0x%05" PRIx32 " accepted", q->addr);
    } else if (m->env->verbose >= 1) {
        char what[320];
        reg_requester_describe(m->rq, q->addr, q->wdata, what, sizeof what);
        bfm_log(m->env, 1, m->name, "write %s%s", what, q->nposted ? " (non-posted)" : "");
    }
}

void csb_master_sample(struct csb_master *m)
{
    const struct csb_pins *p = m->pins;

    /* Responses first: they answer requests accepted in earlier cycles,
     * never the one handshaking now (same order as csb_checker). */
    if (p->rsp_valid) {
        const struct reg_request *q = reg_requester_oldest_read(m->rq);
        if (!q) {
            bfm_fail(m->env, m->name, "rsp", "read response with none outstanding",
                     "expected no nvdla2csb_valid (0 reads outstanding), actual valid "
                     "with data 0x%08" PRIx32, p->rsp_data);
        } else {
            if (m->env->verbose >= 1) {
                char what[320];
                reg_requester_describe(m->rq, q->addr, p->rsp_data, what, sizeof what);
                bfm_log(m->env, 1, m->name, "read %s", what);
            }
            reg_requester_read_data(m->rq, p->rsp_data);
        }
    }
    if (p->wr_complete) {
        struct reg_requester_stats st;
        reg_requester_stats(m->rq, &st);
        if (!reg_requester_writes_awaiting(m->rq)) {
            bfm_fail(m->env, m->name, "wr_complete", "more wr_complete than non-posted writes",
                     "expected no wr_complete (0 non-posted writes outstanding), "
                     "actual wr_complete after %" PRIu64 " non-posted writes",
                     st.nposted_writes);
        } else {
            reg_requester_write_ack(m->rq);
            bfm_log(m->env, 2, m->name, "wr_complete (%" PRIu64 " of %" PRIu64 ")",
                    st.write_acks + 1, st.nposted_writes);
        }
    }
    if (reg_requester_on_bus(m->rq) && p->valid && p->ready)
        log_accepted(m, reg_requester_accept(m->rq));
}

static int check_addr(const struct csb_master *m, const char *what, uint32_t addr)
{
    if ((addr & 3) || addr >= CSB_ADDR_LIMIT) {
        fprintf(stderr, "%s: %s: bad CSB byte address 0x%" PRIx32
                " (must be 4-aligned and < 0x%x)\n", m->name, what, addr, CSB_ADDR_LIMIT);
        return 0;
    }
    return 1;
}

static struct reg_request csb_request(const struct csb_master *m, int write, uint32_t addr,
                                      uint32_t data)
{
    struct reg_request q = { 0 };

    q.addr = addr;
    q.write = (uint8_t)(write != 0);
    q.wdata = write ? data : 0;
    q.nposted = (uint8_t)(write && m->nposted);
    return q;
}

enum bfm_status csb_write_async(struct csb_master *m, uint32_t addr, uint32_t data)
{
    if (!m || !check_addr(m, "csb_write", addr))
        return BFM_ERR_ARG;
    struct reg_request q = csb_request(m, 1, addr, data);
    reg_requester_queue(m->rq, &q);
    return BFM_OK;
}

enum bfm_status csb_write(struct csb_master *m, uint32_t addr, uint32_t data)
{
    if (!m || !check_addr(m, "csb_write", addr))
        return BFM_ERR_ARG;
    struct reg_request q = csb_request(m, 1, addr, data);
    return reg_requester_call(m->rq, &q, NULL);
}

enum bfm_status csb_read_async(struct csb_master *m, uint32_t addr, uint32_t *data,
                               int *done)
{
    if (!m || !done || !check_addr(m, "csb_read", addr))
        return BFM_ERR_ARG;
    struct reg_request q = csb_request(m, 0, addr, 0);
    q.rdata = data;
    q.done = done;
    reg_requester_queue(m->rq, &q);
    return BFM_OK;
}

enum bfm_status csb_read(struct csb_master *m, uint32_t addr, uint32_t *data)
{
    if (!m || !check_addr(m, "csb_read", addr))
        return BFM_ERR_ARG;
    struct reg_request q = csb_request(m, 0, addr, 0);
    return reg_requester_call(m->rq, &q, data);
}

enum bfm_status csb_poll(struct csb_master *m, uint32_t addr, uint32_t mask,
                         uint32_t expect, uint64_t timeout)
{
    if (!m || !check_addr(m, "csb_poll", addr))
        return BFM_ERR_ARG;
    struct reg_request q = csb_request(m, 0, addr, 0);
    return reg_requester_poll(m->rq, &q, mask, expect, timeout);
}

void csb_master_outstanding(const struct csb_master *m, char *buf, unsigned len)
{
    const struct reg_request *q = reg_requester_on_bus(m->rq);
    const char *bus = !q ? "bus idle" : q->write ? "write on the bus" : "read on the bus";

    if (buf && len)
        snprintf(buf, len, "%s: %zu queued, %s, %zu reads awaiting data, "
                 "%zu non-posted writes awaiting wr_complete", m->name,
                 reg_requester_queued(m->rq), bus, reg_requester_reads_awaiting(m->rq),
                 reg_requester_writes_awaiting(m->rq));
}

int csb_master_idle(const struct csb_master *m)
{
    return reg_requester_idle(m->rq);
}

void csb_master_stats(const struct csb_master *m, struct csb_master_stats *s)
{
    struct reg_requester_stats st;

    reg_requester_stats(m->rq, &st);
    *s = (struct csb_master_stats){ st.writes, st.reads, st.nposted_writes, st.write_acks };
}
