/* csb_master: CSB requester. Requests wait in a FIFO, go on the pins one
 * at a time and stay stable until ready; read data comes back in request
 * order on the valid-only response channel; non-posted writes are retired
 * by counting wr_complete pulses (the CSB returns them in order too). */
#include "csb_master.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bfm_queue.h"
#include "bfm_rng.h"

#define CSB_ADDR_LIMIT 0x40000u     /* 16-bit word address = 256 KiB */
#define DEFAULT_TIMEOUT 100000u

struct csb_req {
    uint64_t seq;       /* position in the request stream */
    uint32_t byte_addr;
    uint32_t wdat;
    uint8_t write, nposted;
    uint32_t *dst;      /* reads: where the data goes (NULL = nowhere) */
    int *done;
};

struct csb_master {
    char name[64];
    struct csb_master_knobs k;
    struct csb_pins *pins;
    struct bfm_env *env;
    struct bfm_rng rng;

    struct bfm_queue reqq;      /* struct csb_req: not yet on the pins */
    struct csb_req cur;         /* on the pins while cur_valid */
    int cur_valid;
    unsigned gap_left;          /* idle cycles before the next request */
    struct bfm_queue rdq;       /* struct csb_req: accepted reads, oldest first */

    uint64_t enq_seq;           /* requests queued so far */
    uint64_t accepted;          /* requests accepted so far (in order) */
    uint64_t np_enq, np_accepted, np_completed;
    struct csb_master_stats st;
};

void csb_master_knobs_default(struct csb_master_knobs *k)
{
    memset(k, 0, sizeof *k);
    k->gap_min = 0;
    k->gap_max = 0;
    k->nposted = 0;
    k->read_timeout = 0;
    k->seed = 1;
}

struct csb_master *csb_master_create(const char *name, const struct csb_master_knobs *k,
                                     struct csb_pins *pins, struct bfm_env *env)
{
    struct csb_master *m;
    struct csb_master_knobs dk;

    if (!pins || !env) {
        fprintf(stderr, "csb_master_create: pins and env are required\n");
        return NULL;
    }
    if (!k) {
        csb_master_knobs_default(&dk);
        k = &dk;
    }
    if (k->gap_min > k->gap_max) {
        fprintf(stderr, "csb_master_create: gap_min %u > gap_max %u\n",
                k->gap_min, k->gap_max);
        return NULL;
    }
    m = calloc(1, sizeof *m);
    if (!m) {
        fprintf(stderr, "csb_master_create: out of memory\n");
        abort();
    }
    snprintf(m->name, sizeof m->name, "%s", name ? name : "csb");
    m->k = *k;
    if (!m->k.read_timeout)
        m->k.read_timeout = DEFAULT_TIMEOUT;
    m->pins = pins;
    m->env = env;
    bfm_rng_seed(&m->rng, k->seed);
    bfm_queue_init(&m->reqq, sizeof(struct csb_req), 16);
    bfm_queue_init(&m->rdq, sizeof(struct csb_req), 16);
    return m;
}

void csb_master_destroy(struct csb_master *m)
{
    if (!m)
        return;
    bfm_queue_free(&m->reqq);
    bfm_queue_free(&m->rdq);
    free(m);
}

void csb_master_set_nposted(struct csb_master *m, int nposted)
{
    m->k.nposted = nposted != 0;
}

void csb_master_drive(struct csb_master *m)
{
    struct csb_pins *p = m->pins;

    if (!m->cur_valid) {
        if (m->gap_left) {
            m->gap_left--;
        } else if (m->reqq.n) {
            m->cur = *(struct csb_req *)bfm_queue_front(&m->reqq);
            bfm_queue_pop(&m->reqq);
            m->cur_valid = 1;
        }
    }
    p->valid = (uint8_t)m->cur_valid;
    if (m->cur_valid) {
        p->addr = (uint16_t)(m->cur.byte_addr >> 2);
        p->wdat = m->cur.wdat;
        p->write = m->cur.write;
        p->nposted = m->cur.nposted;
    } else {
        /* Idle payload parked at zero: easier to read in waveforms. */
        p->addr = 0;
        p->wdat = 0;
        p->write = 0;
        p->nposted = 0;
    }
}

/* "NVDLA_SDP.D_DATA_CUBE_WIDTH = 0x7 (WIDTH=7)" through the knob, else the address */
static void csb_describe(const struct csb_master *m, uint32_t addr, uint32_t data, char *buf, unsigned len)
{
    if (m->k.describe)
        m->k.describe(addr, data, buf, len);
    else
        snprintf(buf, len, "0x%05" PRIx32 " = 0x%08" PRIx32, addr, data);
}

static void accept_cur(struct csb_master *m)
{
    struct csb_req *r = &m->cur;

    m->accepted++;
    if (r->write) {
        m->st.writes++;
        if (r->nposted) {
            m->st.nposted_writes++;
            m->np_accepted++;
        }
        if (m->env->verbose >= 1) {
            char what[320];
            csb_describe(m, r->byte_addr, r->wdat, what, sizeof what);
            bfm_log(m->env, 1, m->name, "write %s%s", what, r->nposted ? " (non-posted)" : "");
        }
    } else {
        m->st.reads++;
        *(struct csb_req *)bfm_queue_push(&m->rdq) = *r;
        bfm_log(m->env, 2, m->name, "read 0x%05" PRIx32 " accepted", r->byte_addr);
    }
    m->cur_valid = 0;
    m->gap_left = (unsigned)bfm_rng_range(&m->rng, m->k.gap_min, m->k.gap_max);
}

void csb_master_sample(struct csb_master *m)
{
    const struct csb_pins *p = m->pins;

    /* Responses first: they answer requests accepted in earlier cycles,
     * never the one handshaking now (same order as csb_checker). */
    if (p->rsp_valid) {
        struct csb_req *r = bfm_queue_front(&m->rdq);
        if (!r) {
            bfm_fail(m->env, m->name, "rsp", "read response with none outstanding",
                     "expected no nvdla2csb_valid (0 reads outstanding), actual valid "
                     "with data 0x%08" PRIx32, p->rsp_data);
        } else {
            if (m->env->verbose >= 1) {
                char what[320];
                csb_describe(m, r->byte_addr, p->rsp_data, what, sizeof what);
                bfm_log(m->env, 1, m->name, "read %s", what);
            }
            if (r->dst)
                *r->dst = p->rsp_data;
            if (r->done)
                *r->done = 1;
            bfm_queue_pop(&m->rdq);
        }
    }
    if (p->wr_complete) {
        if (m->np_completed >= m->np_accepted) {
            bfm_fail(m->env, m->name, "wr_complete", "more wr_complete than non-posted writes",
                     "expected no wr_complete (0 non-posted writes outstanding), "
                     "actual wr_complete after %" PRIu64 " non-posted writes",
                     m->np_accepted);
        } else {
            m->np_completed++;
            m->st.wr_completes++;
            bfm_log(m->env, 2, m->name, "wr_complete (%" PRIu64 " of %" PRIu64 ")",
                    m->np_completed, m->np_accepted);
        }
    }
    if (m->cur_valid && p->valid && p->ready)
        accept_cur(m);
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

static struct csb_req *enqueue(struct csb_master *m, uint32_t addr, uint32_t wdat,
                               int write)
{
    struct csb_req *r = bfm_queue_push(&m->reqq);

    memset(r, 0, sizeof *r);
    r->seq = m->enq_seq++;
    r->byte_addr = addr;
    r->wdat = wdat;
    r->write = (uint8_t)(write != 0);
    r->nposted = (uint8_t)(write && m->k.nposted);
    if (r->nposted)
        m->np_enq++;
    return r;
}

/* Like bfm_wait, but tells the caller how many cycles it used. */
static enum bfm_status wait_for(struct csb_master *m, int (*cond)(void *), void *ctx,
                                uint64_t max, uint64_t *used)
{
    for (;;) {
        if (cond(ctx))
            return BFM_OK;
        if (max && *used >= max)
            return BFM_ERR_TIMEOUT;
        if (m->env->step(m->env))
            return BFM_ERR_FAILED;
        (*used)++;
    }
}

struct wr_wait { struct csb_master *m; uint64_t seq, np_ticket; };

static int write_done(void *ctx)
{
    const struct wr_wait *w = ctx;
    return w->m->accepted > w->seq &&
           (!w->np_ticket || w->m->np_completed >= w->np_ticket);
}

static int flag_set(void *ctx)
{
    return *(const int *)ctx;
}

enum bfm_status csb_write_async(struct csb_master *m, uint32_t addr, uint32_t data)
{
    if (!m || !check_addr(m, "csb_write", addr))
        return BFM_ERR_ARG;
    enqueue(m, addr, data, 1);
    return BFM_OK;
}

enum bfm_status csb_write(struct csb_master *m, uint32_t addr, uint32_t data)
{
    struct wr_wait w;
    struct csb_req *r;
    uint64_t used = 0;

    if (!m || !check_addr(m, "csb_write", addr))
        return BFM_ERR_ARG;
    r = enqueue(m, addr, data, 1);
    w.m = m;
    w.seq = r->seq;
    w.np_ticket = r->nposted ? m->np_enq : 0;
    return wait_for(m, write_done, &w, m->k.read_timeout, &used);
}

enum bfm_status csb_read_async(struct csb_master *m, uint32_t addr, uint32_t *data,
                               int *done)
{
    struct csb_req *r;

    if (!m || !done || !check_addr(m, "csb_read", addr))
        return BFM_ERR_ARG;
    *done = 0;
    r = enqueue(m, addr, 0, 0);
    r->dst = data;
    r->done = done;
    return BFM_OK;
}

/* A blocking read that gives up leaves its request behind; point it away
 * from the caller's stack. Error path only, so the scan is fine. */
static void detach(struct csb_master *m, uint64_t seq)
{
    struct bfm_queue *qs[2] = { &m->reqq, &m->rdq };

    if (m->cur_valid && m->cur.seq == seq)
        m->cur.dst = NULL, m->cur.done = NULL;
    for (int q = 0; q < 2; q++)
        for (size_t i = 0; i < qs[q]->n; i++) {
            struct csb_req *r = bfm_queue_at(qs[q], i);
            if (r->seq == seq)
                r->dst = NULL, r->done = NULL;
        }
}

static enum bfm_status read_limited(struct csb_master *m, uint32_t addr, uint32_t *data,
                                    uint64_t max, uint64_t *used)
{
    uint32_t v = 0;
    int done = 0;
    struct csb_req *r = enqueue(m, addr, 0, 0);
    uint64_t seq = r->seq;
    enum bfm_status st;

    r->dst = &v;
    r->done = &done;
    st = wait_for(m, flag_set, &done, max, used);
    if (st != BFM_OK) {
        detach(m, seq);
        return st;
    }
    if (data)
        *data = v;
    return BFM_OK;
}

enum bfm_status csb_read(struct csb_master *m, uint32_t addr, uint32_t *data)
{
    uint64_t used = 0;

    if (!m || !check_addr(m, "csb_read", addr))
        return BFM_ERR_ARG;
    return read_limited(m, addr, data, m->k.read_timeout, &used);
}

enum bfm_status csb_poll(struct csb_master *m, uint32_t addr, uint32_t mask,
                         uint32_t expect, uint64_t timeout)
{
    uint64_t used = 0;
    uint32_t v = 0;

    if (!m || !check_addr(m, "csb_poll", addr))
        return BFM_ERR_ARG;
    for (;;) {
        /* Each read is bounded by read_timeout and by what is left of the
         * poll's own budget. wait_for's limit is absolute in `used`. */
        uint64_t limit = used + m->k.read_timeout;
        if (timeout && timeout < limit)
            limit = timeout;
        enum bfm_status st = read_limited(m, addr, &v, limit, &used);
        if (st != BFM_OK)
            return st;
        if ((v & mask) == expect)
            return BFM_OK;
        if (timeout && used >= timeout) {
            bfm_log(m->env, 1, m->name, "poll 0x%05" PRIx32 " timed out: expected "
                    "(v & 0x%08" PRIx32 ") == 0x%08" PRIx32 ", actual 0x%08" PRIx32,
                    addr, mask, expect, v);
            return BFM_ERR_TIMEOUT;
        }
    }
}

int csb_master_idle(const struct csb_master *m)
{
    return !m->cur_valid && m->reqq.n == 0 && m->rdq.n == 0 &&
           m->np_completed >= m->np_accepted;
}

void csb_master_outstanding(const struct csb_master *m, char *buf, unsigned len)
{
    if (!buf || !len)
        return;
    snprintf(buf, len, "%s: %zu queued, %s, %zu reads awaiting data, "
             "%" PRIu64 " non-posted writes awaiting wr_complete",
             m->name, m->reqq.n,
             m->cur_valid ? (m->cur.write ? "write on the bus" : "read on the bus")
                          : "bus idle",
             m->rdq.n, m->np_accepted - m->np_completed);
}

void csb_master_stats(const struct csb_master *m, struct csb_master_stats *s)
{
    *s = m->st;
}
