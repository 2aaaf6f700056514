/* apb_checker: passive APB protocol checker. It remembers what last cycle
 * was (idle, setup, access still waiting, completing access) and last
 * cycle's pins, and judges the current cycle against them. */
#include "apb_checker.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

enum apb_state {
    ST_IDLE = 0,    /* last cycle PSEL=0 (or nothing seen yet) */
    ST_SETUP,       /* last cycle was a setup cycle */
    ST_WAIT,        /* last cycle was an access cycle with PREADY=0 */
    ST_DONE,        /* last cycle was the completing access cycle */
};

struct apb_checker {
    char name[64];
    struct apb_checker_knobs k;
    const struct apb_pins *pins;
    struct bfm_env *env;
    enum apb_state st;
    struct apb_pins prev;       /* last cycle's pins */
    uint64_t waits;             /* access cycles of the current transfer with PREADY=0 */
    int wait_flagged;           /* the current transfer's wait already reported */
    int in_reset;               /* last call was apb_checker_sample_reset() */
    int sel_flagged, enable_flagged;    /* reported during this reset */
    struct apb_checker_stats stats;
};

void apb_checker_knobs_default(struct apb_checker_knobs *k)
{
    k->max_wait = 0;
}

struct apb_checker *apb_checker_create(const char *name, const struct apb_pins *pins,
                                       struct bfm_env *env)
{
    return apb_checker_create_with_knobs(name, NULL, pins, env);
}

struct apb_checker *apb_checker_create_with_knobs(const char *name,
                                                  const struct apb_checker_knobs *k,
                                                  const struct apb_pins *pins,
                                                  struct bfm_env *env)
{
    struct apb_checker *c;

    if (!pins || !env) {
        fprintf(stderr, "apb_checker_create: pins and env are required\n");
        return NULL;
    }
    c = calloc(1, sizeof *c);
    if (!c) {
        fprintf(stderr, "apb_checker_create: out of memory\n");
        abort();
    }
    snprintf(c->name, sizeof c->name, "%s", name ? name : "apb");
    if (k)
        c->k = *k;
    else
        apb_checker_knobs_default(&c->k);
    c->pins = pins;
    c->env = env;
    return c;
}

void apb_checker_destroy(struct apb_checker *c)
{
    free(c);
}

static const char *kind(uint8_t write)
{
    return write ? "write" : "read";
}

/* Access cycle of a transfer in progress: the payload must match the
 * previous cycle (the setup cycle or an access cycle with PREADY=0). */
static void check_stable(struct apb_checker *c)
{
    const struct apb_pins *p = c->pins, *q = &c->prev;

    if (p->addr != q->addr)
        bfm_fail(c->env, c->name, "access", "PADDR changed while PREADY low",
                 "expected 0x%03" PRIx32 ", actual 0x%03" PRIx32, q->addr, p->addr);
    if (p->write != q->write)
        bfm_fail(c->env, c->name, "access", "PWRITE changed while PREADY low",
                 "expected %u, actual %u (PADDR 0x%03" PRIx32 ")", q->write, p->write,
                 p->addr);
    else if (p->write && p->wdata != q->wdata)
        bfm_fail(c->env, c->name, "access", "PWDATA changed while PREADY low",
                 "expected 0x%08" PRIx32 ", actual 0x%08" PRIx32 " (PADDR 0x%03" PRIx32 ")",
                 q->wdata, p->wdata, p->addr);
    if (p->strb != q->strb)
        bfm_fail(c->env, c->name, "access", "PSTRB changed while PREADY low",
                 "expected 0x%x, actual 0x%x (PADDR 0x%03" PRIx32 ")", q->strb, p->strb,
                 p->addr);
    if (p->prot != q->prot)
        bfm_fail(c->env, c->name, "access", "PPROT changed while PREADY low",
                 "expected 0x%x, actual 0x%x (PADDR 0x%03" PRIx32 ")", q->prot, p->prot,
                 p->addr);
}

/* This cycle is a setup cycle (PSEL=1, PENABLE=0). */
static enum apb_state setup_cycle(struct apb_checker *c)
{
    const struct apb_pins *p = c->pins;

    if (!p->write && p->strb)
        bfm_fail(c->env, c->name, "setup", "PSTRB non-zero on a read",
                 "expected PSTRB 0x0 on a read, actual 0x%x (PADDR 0x%03" PRIx32 ")",
                 p->strb, p->addr);
    c->waits = 0;
    c->wait_flagged = 0;
    return ST_SETUP;
}

/* This cycle is an access cycle (PSEL=1, PENABLE=1). */
static enum apb_state access_cycle(struct apb_checker *c)
{
    const struct apb_pins *p = c->pins;

    if (!p->ready) {
        c->waits++;
        c->stats.wait_cycles++;
        if (c->k.max_wait && c->waits > c->k.max_wait && !c->wait_flagged) {
            bfm_fail(c->env, c->name, "access", "PREADY not given within max_wait cycles",
                     "expected PREADY within %" PRIu64 " wait cycles (%s 0x%03" PRIx32 "), "
                     "actual still low after %" PRIu64, c->k.max_wait, kind(p->write),
                     p->addr, c->waits);
            c->wait_flagged = 1;
        }
        return ST_WAIT;
    }
    if (p->write)
        c->stats.writes++;
    else
        c->stats.reads++;
    if (p->slverr)
        c->stats.slverrs++;
    return ST_DONE;
}

void apb_checker_sample_reset(struct apb_checker *c)
{
    const struct apb_pins *p = c->pins;

    if (p->sel && !c->sel_flagged) {
        bfm_fail(c->env, c->name, "setup", "PSEL high during reset",
                 "expected PSEL 0 while PRESETn is asserted, actual 1 (%s 0x%03" PRIx32 ")",
                 kind(p->write), p->addr);
        c->sel_flagged = 1;
    }
    if (p->enable && !c->enable_flagged) {
        bfm_fail(c->env, c->name, "access", "PENABLE high during reset",
                 "expected PENABLE 0 while PRESETn is asserted, actual 1 (PSEL %u)", p->sel);
        c->enable_flagged = 1;
    }
    /* Reset ends any transfer: the bus starts idle. */
    c->st = ST_IDLE;
    c->waits = 0;
    c->wait_flagged = 0;
    c->prev = *p;
    c->in_reset = 1;
}

void apb_checker_sample(struct apb_checker *c)
{
    const struct apb_pins *p = c->pins, *q = &c->prev;
    enum apb_state next;

    if (c->in_reset) {
        c->in_reset = 0;
        c->sel_flagged = c->enable_flagged = 0;
    }

    if (c->st == ST_SETUP || c->st == ST_WAIT) {
        /* A transfer is in progress: this must be an access cycle. */
        if (!p->sel) {
            bfm_fail(c->env, c->name, "access", "PSEL dropped mid-transfer",
                     "expected PSEL 1 until PREADY (%s 0x%03" PRIx32 ", %s), actual PSEL 0",
                     kind(q->write), q->addr,
                     c->st == ST_SETUP ? "after its setup cycle"
                                       : "access phase waiting");
            next = ST_IDLE;
        } else if (!p->enable) {
            if (c->st == ST_SETUP)
                bfm_fail(c->env, c->name, "setup", "setup not followed by access",
                         "expected PENABLE 1 in the cycle after the setup cycle "
                         "(%s 0x%03" PRIx32 "), actual PSEL 1 PENABLE 0",
                         kind(q->write), q->addr);
            else
                bfm_fail(c->env, c->name, "access", "PENABLE dropped before PREADY",
                         "expected PENABLE 1 until PREADY (%s 0x%03" PRIx32 "), "
                         "actual PENABLE 0", kind(q->write), q->addr);
            next = setup_cycle(c);      /* resynchronise: treat as a new setup */
        } else {
            check_stable(c);
            next = access_cycle(c);
        }
    } else if (p->enable) {
        if (c->st == ST_DONE)
            bfm_fail(c->env, c->name, "access", "PENABLE high after transfer completed",
                     "expected PENABLE 0 after the completing cycle (%s 0x%03" PRIx32
                     "), actual PENABLE 1 PSEL %u", kind(q->write), q->addr, p->sel);
        else
            bfm_fail(c->env, c->name, "access", "PENABLE without setup",
                     "expected a setup cycle (PSEL 1, PENABLE 0) before PENABLE 1, "
                     "actual PSEL 0 in the previous cycle, PSEL %u now", p->sel);
        if (p->sel) {
            /* Resynchronise: follow it as an access phase. */
            c->waits = 0;
            c->wait_flagged = 0;
            next = access_cycle(c);
        } else {
            next = ST_IDLE;
        }
    } else if (p->sel) {
        next = setup_cycle(c);
    } else {
        next = ST_IDLE;
    }
    if (p->sel && !p->wakeup)
        bfm_fail(c->env, c->name, p->enable ? "access" : "setup",
                 "PWAKEUP low during a transfer",
                 "expected PWAKEUP 1 while PSEL 1 (%s 0x%03" PRIx32 "), actual 0",
                 kind(p->write), p->addr);
    c->prev = *p;
    c->st = next;
}

int apb_checker_finish(struct apb_checker *c)
{
    if (c->st != ST_SETUP && c->st != ST_WAIT)
        return 0;
    bfm_fail(c->env, c->name, "access", "transfer never completed",
             "expected PREADY before the end of the test, actual %s 0x%03" PRIx32
             " still waiting after %" PRIu64 " access cycles",
             kind(c->prev.write), c->prev.addr, c->waits);
    return 1;
}

int apb_checker_final(struct apb_checker *c)
{
    return apb_checker_finish(c);
}

void apb_checker_outstanding(const struct apb_checker *c, char *buf, unsigned len)
{
    if (!buf || !len)
        return;
    if (c->st == ST_SETUP || c->st == ST_WAIT)
        snprintf(buf, len, "%s: %s 0x%03" PRIx32 " in progress, %" PRIu64
                 " access cycles without PREADY", c->name, kind(c->prev.write),
                 c->prev.addr, c->waits);
    else
        snprintf(buf, len, "%s: no transfer in progress", c->name);
}

void apb_checker_stats(const struct apb_checker *c, struct apb_checker_stats *s)
{
    *s = c->stats;
}
