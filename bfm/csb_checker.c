/* csb_checker: passive CSB protocol checker on a reg_checker. It remembers
 * last cycle's request (to catch drops and payload changes while stalled)
 * and keeps the outstanding reads and non-posted writes in two FIFOs (both
 * are answered in order), each entry stamped with the cycle it was
 * accepted, so the oldest entries are the only candidates for the response
 * bound. */
#include "csb_checker.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "bfm_queue.h"
#include "reg_checker.h"

enum { CH_REQ, CH_RSP, CH_WR_COMPLETE };

struct pending {
    uint64_t t;                 /* checker clock at acceptance */
    uint16_t addr;
    uint8_t late;               /* "no response" already reported */
};

struct csb_checker {
    struct reg_checker rc;
    const struct csb_pins *pins;
    int stalled;                /* last cycle: valid && !ready */
    struct csb_pins prev;       /* request payload of that cycle */
    struct bfm_queue rd, np;    /* struct pending: reads / non-posted writes */
    uint64_t now;               /* cycles sampled */
};

void csb_checker_knobs_default(struct csb_checker_knobs *k)
{
    *k = (struct csb_checker_knobs){ .max_wait = 0 };
}

struct csb_checker *csb_checker_create_with_knobs(const char *name,
                                                  const struct csb_checker_knobs *k,
                                                  const struct csb_pins *pins,
                                                  struct bfm_env *env)
{
    struct csb_checker *c = reg_checker_alloc("csb_checker_create", sizeof *c, pins, env);

    if (c) {
        reg_checker_init(&c->rc, name ? name : "csb", k ? k->max_wait : 0, env);
        c->pins = pins;
        bfm_queue_init(&c->rd, sizeof(struct pending), 16);
        bfm_queue_init(&c->np, sizeof(struct pending), 16);
    }
    return c;
}

struct csb_checker *csb_checker_create(const char *name, const struct csb_pins *pins,
                                       struct bfm_env *env)
{
    return csb_checker_create_with_knobs(name, NULL, pins, env);
}

void csb_checker_destroy(struct csb_checker *c)
{
    if (!c)
        return;
    bfm_queue_free(&c->rd);
    bfm_queue_free(&c->np);
    free(c);
}

static const char *kind(const struct csb_pins *p)
{
    return !p->write ? "read" : p->nposted ? "non-posted write" : "posted write";
}

static void check_stable(struct csb_checker *c)
{
    const struct csb_pins *p = c->pins, *q = &c->prev;

    if (!p->valid) {
        reg_checker_fail(&c->rc, "req", "valid dropped before ready",
                         "expected csb2nvdla_valid held until ready, actual valid 0 "
                         "(stalled request addr 0x%04x write %u)", q->addr, q->write);
        return;
    }
    const char *rule = "payload changed while stalled";
    const struct reg_held held[] = {
        { rule, "addr ", 4, q->addr, p->addr, "" },
        { rule, "wdat ", 8, q->wdat, p->wdat, "" },
        { rule, "write ", 0, q->write, p->write, "" },
        { rule, "nposted ", 0, q->nposted, p->nposted, "" },
    };
    reg_checker_held(&c->rc, "req", held, 4, 1);
}

static void push_pending(struct csb_checker *c, struct bfm_queue *q, uint16_t addr)
{
    struct pending *e = bfm_queue_push(q);
    e->t = c->now;
    e->addr = addr;
    e->late = 0;
}

/* Entries accepted more than max_wait cycles ago: oldest first, once each. */
static void check_late(struct csb_checker *c, struct bfm_queue *q, const char *chan,
                       const char *what)
{
    for (size_t i = 0; i < q->n; i++) {
        struct pending *e = bfm_queue_at(q, i);
        if (c->now - e->t <= c->rc.max_wait)
            break;
        if (e->late)
            continue;
        e->late = 1;
        reg_checker_fail(&c->rc, chan, "no response within max_wait cycles",
                         "expected %s for the %s of addr 0x%04x within %" PRIu64 " cycles "
                         "of its request, actual none after %" PRIu64 " cycles", what,
                         q == &c->rd ? "read" : "non-posted write", e->addr, c->rc.max_wait,
                         c->now - e->t);
    }
}

static void check_ready_wait(struct csb_checker *c)
{
    const struct csb_pins *p = c->pins;

    if (!p->valid || p->ready)
        reg_checker_wait_clear(&c->rc);
    else if (reg_checker_wait(&c->rc))
        reg_checker_fail(&c->rc, "req", "ready not given within max_wait cycles",
                         "expected csb2nvdla_ready within %" PRIu64 " cycles of valid (%s "
                         "addr 0x%04x), actual still low after %" PRIu64 " cycles",
                         c->rc.max_wait, kind(p), p->addr, c->rc.waits);
}

void csb_checker_sample(struct csb_checker *c)
{
    const struct csb_pins *p = c->pins;

    reg_checker_sample_begin(&c->rc);
    c->now++;
    if (c->stalled)
        check_stable(c);
    /* Responses are checked against what was outstanding before this
     * cycle's request: a response can never answer a same-cycle request. */
    if (p->rsp_valid) {
        if (!c->rd.n)
            reg_checker_fail(&c->rc, "rsp", "read response with none outstanding",
                             "expected 0 read responses (0 reads outstanding), actual 1 "
                             "(data 0x%08" PRIx32 ")", p->rsp_data);
        else
            bfm_queue_pop(&c->rd);
    }
    if (p->wr_complete) {
        if (!c->np.n)
            reg_checker_fail(&c->rc, "wr_complete", "more wr_complete than non-posted writes",
                             "expected 0 wr_complete (0 non-posted writes outstanding), "
                             "actual 1");
        else
            bfm_queue_pop(&c->np);
    }
    if (p->valid && p->ready) {
        if (!p->write)
            push_pending(c, &c->rd, p->addr);
        else if (p->nposted)
            push_pending(c, &c->np, p->addr);
    }
    if (c->rc.max_wait) {
        check_ready_wait(c);
        check_late(c, &c->rd, "rsp", "nvdla2csb_valid");
        check_late(c, &c->np, "wr_complete", "nvdla2csb_wr_complete");
    }
    c->stalled = p->valid && !p->ready;
    if (c->stalled)
        c->prev = *p;
}

void csb_checker_sample_reset(struct csb_checker *c)
{
    const struct csb_pins *p = c->pins;
    static const char *const chan[3] = { "req", "rsp", "wr_complete" };
    static const char *const sig[3] = { "csb2nvdla_valid", "nvdla2csb_valid",
                                        "nvdla2csb_wr_complete" };
    const int high[3] = { p->valid, p->rsp_valid, p->wr_complete };

    for (unsigned i = CH_REQ; i <= CH_WR_COMPLETE; i++)
        if (high[i] && reg_checker_reset_once(&c->rc, i))
            reg_checker_fail(&c->rc, chan[i], "valid during reset",
                             "expected %s 0 while reset is asserted, actual 1", sig[i]);
    /* A reset abandons everything in flight. */
    c->rd.n = c->rd.head = 0;
    c->np.n = c->np.head = 0;
    c->stalled = 0;
    reg_checker_reset_cycle(&c->rc);
}

int csb_checker_final(struct csb_checker *c)
{
    int n = 0;

    if (c->rd.n) {
        const struct pending *o = bfm_queue_front(&c->rd);
        reg_checker_fail(&c->rc, "rsp", "read never answered",
                         "expected 0 reads outstanding at end of test, actual %zu "
                         "(oldest addr 0x%04x)", c->rd.n, o->addr);
        n += (int)c->rd.n;
    }
    if (c->np.n) {
        const struct pending *o = bfm_queue_front(&c->np);
        reg_checker_fail(&c->rc, "wr_complete", "write completion never received",
                         "expected 0 non-posted writes outstanding at end of test, actual "
                         "%zu (oldest addr 0x%04x)", c->np.n, o->addr);
        n += (int)c->np.n;
    }
    return n;
}

void csb_checker_outstanding(const struct csb_checker *c, char *buf, unsigned len)
{
    if (!buf || !len)
        return;
    snprintf(buf, len, "%s: %zu reads awaiting data, %zu non-posted writes awaiting "
             "wr_complete%s", c->rc.name, c->rd.n, c->np.n,
             c->stalled ? ", request stalled" : "");
}
