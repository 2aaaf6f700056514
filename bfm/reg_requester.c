/* reg_requester: requests wait in a FIFO, go on the bus one at a time and
 * then wait, if they must, in one of two FIFOs: reads for their data,
 * non-posted writes for their acknowledgement. Both answer in order, so
 * the front of each is the only candidate. A request completes by setting
 * its caller's done flag, which is all a blocking call waits for. */
#include "reg_requester.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bfm_queue.h"
#include "bfm_rng.h"

struct reg_requester {
    char name[64];
    struct reg_requester_knobs k;
    struct bfm_env *env;
    struct bfm_rng rng;

    struct bfm_queue reqq;      /* struct reg_request: not yet on the bus */
    struct reg_request cur;     /* on the bus while cur_valid */
    int cur_valid;
    struct reg_request last;    /* the last accepted, for the protocol's log */
    unsigned gap_left;          /* idle cycles before the next request */
    struct bfm_queue rdq;       /* accepted reads awaiting data, oldest first */
    struct bfm_queue ackq;      /* accepted non-posted writes awaiting acknowledgement */

    uint64_t enq_seq;           /* requests queued so far */
    uint64_t spent;             /* budget units counted so far */
    struct reg_requester_stats st;
};

#define DEFAULT_TIMEOUT 100000u

struct reg_requester *reg_requester_create(const char *who, const char *name,
                                           struct reg_requester_knobs k, const void *pins,
                                           struct bfm_env *env)
{
    struct reg_requester *r;

    if (!pins || !env) {
        fprintf(stderr, "%s: pins and env are required\n", who);
        return NULL;
    }
    if (k.gap_min > k.gap_max) {
        fprintf(stderr, "%s: gap_min %u > gap_max %u\n", who, k.gap_min, k.gap_max);
        return NULL;
    }
    r = calloc(1, sizeof *r);
    if (!r) {
        fprintf(stderr, "%s: out of memory\n", who);
        abort();
    }
    snprintf(r->name, sizeof r->name, "%s", name);
    r->k = k;
    if (!r->k.timeout)
        r->k.timeout = DEFAULT_TIMEOUT;
    r->env = env;
    bfm_rng_seed(&r->rng, k.seed);
    bfm_queue_init(&r->reqq, sizeof(struct reg_request), 16);
    bfm_queue_init(&r->rdq, sizeof(struct reg_request), 16);
    bfm_queue_init(&r->ackq, sizeof(struct reg_request), 16);
    return r;
}

void reg_requester_destroy(struct reg_requester *r)
{
    if (r) {
        bfm_queue_free(&r->reqq);
        bfm_queue_free(&r->rdq);
        bfm_queue_free(&r->ackq);
    }
    free(r);
}

const char *reg_requester_name(const struct reg_requester *r)
{
    return r->name;
}

struct bfm_env *reg_requester_env(const struct reg_requester *r)
{
    return r->env;
}

uint64_t reg_requester_timeout(const struct reg_requester *r)
{
    return r->k.timeout;
}

void reg_requester_describe(const struct reg_requester *r, uint32_t addr, uint32_t data,
                            char *buf, unsigned len)
{
    if (r->k.describe)
        r->k.describe(addr, data, buf, len);
    else
        snprintf(buf, len, "0x%0*" PRIx32 " = 0x%08" PRIx32, (int)r->k.addr_digits, addr, data);
}

const struct reg_request *reg_requester_issue(struct reg_requester *r, int may_start)
{
    if (r->cur_valid)
        return NULL;
    if (r->gap_left) {
        r->gap_left--;
        return NULL;
    }
    if (!r->reqq.n || !may_start)
        return NULL;
    r->cur = *(struct reg_request *)bfm_queue_front(&r->reqq);
    bfm_queue_pop(&r->reqq);
    r->cur_valid = 1;
    return &r->cur;
}

const struct reg_request *reg_requester_on_bus(const struct reg_requester *r)
{
    return r->cur_valid ? &r->cur : NULL;
}

const struct reg_request *reg_requester_payload(const struct reg_requester *r)
{
    static const struct reg_request parked;

    return r->cur_valid ? &r->cur : &parked;
}

static void complete(struct reg_request *q)
{
    if (q->done)
        *q->done = 1;
}

const struct reg_request *reg_requester_accept(struct reg_requester *r)
{
    struct reg_request *q = &r->cur;

    if (!q->write) {
        r->st.reads++;
        *(struct reg_request *)bfm_queue_push(&r->rdq) = *q;
    } else if (q->nposted) {
        r->st.writes++;
        r->st.nposted_writes++;
        *(struct reg_request *)bfm_queue_push(&r->ackq) = *q;
    } else {
        r->st.writes++;
        complete(q);
    }
    r->last = *q;
    r->cur_valid = 0;
    r->gap_left = (unsigned)bfm_rng_range(&r->rng, r->k.gap_min, r->k.gap_max);
    return &r->last;
}

const struct reg_request *reg_requester_oldest_read(const struct reg_requester *r)
{
    return bfm_queue_front(&r->rdq);
}

void reg_requester_read_data(struct reg_requester *r, uint32_t data)
{
    struct reg_request *q = bfm_queue_front(&r->rdq);

    if (!q)
        return;
    if (q->rdata)
        *q->rdata = data;
    complete(q);
    bfm_queue_pop(&r->rdq);
}

void reg_requester_write_ack(struct reg_requester *r)
{
    struct reg_request *q = bfm_queue_front(&r->ackq);

    if (!q)
        return;
    r->st.write_acks++;
    complete(q);
    bfm_queue_pop(&r->ackq);
}

void reg_requester_stall(struct reg_requester *r)
{
    r->st.stalls++;
    if (r->k.budget == REG_BUDGET_STALLS)
        r->spent++;
}

void reg_requester_queue(struct reg_requester *r, const struct reg_request *req)
{
    struct reg_request *q = bfm_queue_push(&r->reqq);

    *q = *req;
    q->seq = r->enq_seq++;
    if (q->done)
        *q->done = 0;
}

/* Step until *done, at most limit budget units counted from start (0: no
 * limit). */
static enum bfm_status wait_done(struct reg_requester *r, const int *done, uint64_t start,
                                 uint64_t limit)
{
    for (;;) {
        if (*done)
            return BFM_OK;
        if (limit && r->spent - start >= limit)
            return BFM_ERR_TIMEOUT;
        if (r->env->step(r->env))
            return BFM_ERR_FAILED;
        if (r->k.budget == REG_BUDGET_CYCLES)
            r->spent++;
    }
}

/* A blocking call that gives up leaves its request behind; point it away
 * from the caller's stack. Error path only, so the scan is fine. */
static void detach(struct reg_requester *r, uint64_t seq)
{
    struct bfm_queue *qs[3] = { &r->reqq, &r->rdq, &r->ackq };

    if (r->cur_valid && r->cur.seq == seq)
        r->cur.rdata = NULL, r->cur.done = NULL;
    for (int i = 0; i < 3; i++)
        for (size_t j = 0; j < qs[i]->n; j++) {
            struct reg_request *q = bfm_queue_at(qs[i], j);
            if (q->seq == seq)
                q->rdata = NULL, q->done = NULL;
        }
}

/* Queue req and wait for it, at most limit units counted from start. */
static enum bfm_status call_limited(struct reg_requester *r, const struct reg_request *req,
                                    uint32_t *rdata, uint64_t start, uint64_t limit)
{
    struct reg_request q = *req;
    uint32_t v = 0;
    int done = 0;
    enum bfm_status st;

    q.rdata = &v;
    q.done = &done;
    reg_requester_queue(r, &q);
    st = wait_done(r, &done, start, limit);
    if (st != BFM_OK) {
        detach(r, r->enq_seq - 1);
        return st;
    }
    if (rdata)
        *rdata = v;
    return BFM_OK;
}

enum bfm_status reg_requester_call(struct reg_requester *r, const struct reg_request *req,
                                   uint32_t *rdata)
{
    enum bfm_status st = call_limited(r, req, rdata, r->spent, r->k.timeout);

    if (st == BFM_ERR_TIMEOUT)
        r->st.timeouts++;
    return st;
}

enum bfm_status reg_requester_poll(struct reg_requester *r, const struct reg_request *read,
                                   uint32_t mask, uint32_t expect, uint64_t timeout)
{
    uint64_t start = r->spent;
    uint32_t v = 0;

    for (;;) {
        /* Each read is bounded by the knobs' timeout and by what is left of
         * the poll's own budget. */
        uint64_t limit = r->spent - start + r->k.timeout;
        if (timeout && timeout < limit)
            limit = timeout;
        enum bfm_status st = call_limited(r, read, &v, start, limit);
        if (st == BFM_ERR_TIMEOUT)
            r->st.timeouts++;
        if (st != BFM_OK)
            return st;
        if ((v & mask) == expect)
            return BFM_OK;
        if (timeout && r->spent - start >= timeout) {
            r->st.timeouts++;
            bfm_log(r->env, 1, r->name, "poll 0x%0*" PRIx32 " timed out: expected "
                    "(v & 0x%08" PRIx32 ") == 0x%08" PRIx32 ", actual 0x%08" PRIx32,
                    (int)r->k.addr_digits, read->addr, mask, expect, v);
            return BFM_ERR_TIMEOUT;
        }
    }
}

int reg_requester_idle(const struct reg_requester *r)
{
    return !r->cur_valid && r->reqq.n == 0 && r->rdq.n == 0 && r->ackq.n == 0;
}

size_t reg_requester_queued(const struct reg_requester *r)
{
    return r->reqq.n;
}

size_t reg_requester_reads_awaiting(const struct reg_requester *r)
{
    return r->rdq.n;
}

size_t reg_requester_writes_awaiting(const struct reg_requester *r)
{
    return r->ackq.n;
}

void reg_requester_stats(const struct reg_requester *r, struct reg_requester_stats *s)
{
    *s = r->st;
}
