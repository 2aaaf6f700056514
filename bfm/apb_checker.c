/* apb_checker: passive APB protocol checker on a reg_checker. It remembers
 * what last cycle was (idle, setup, access still waiting, completing
 * access) and last cycle's pins, and judges the current cycle against
 * them. */
#include "apb_checker.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "reg_checker.h"

enum apb_state {
    ST_IDLE = 0,    /* last cycle PSEL=0 (or nothing seen yet) */
    ST_SETUP,       /* last cycle was a setup cycle */
    ST_WAIT,        /* last cycle was an access cycle with PREADY=0 */
    ST_DONE,        /* last cycle was the completing access cycle */
};

enum { CH_SEL, CH_ENABLE };     /* reported once per reset */

struct apb_checker {
    struct reg_checker rc;      /* rc.waits: access cycles of the current transfer
                                   with PREADY=0 */
    const struct apb_pins *pins;
    enum apb_state st;
    struct apb_pins prev;       /* last cycle's pins */
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
    struct apb_checker *c = reg_checker_alloc("apb_checker_create", sizeof *c, pins, env);

    if (!c)
        return NULL;
    reg_checker_init(&c->rc, name ? name : "apb", k ? k->max_wait : 0, env);
    c->pins = pins;
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
    char at[32];
    struct reg_held held[5];
    unsigned n = 0;

    snprintf(at, sizeof at, " (PADDR 0x%03" PRIx32 ")", p->addr);
    held[n++] = (struct reg_held){ "PADDR changed while PREADY low", "", 3, q->addr, p->addr, "" };
    held[n++] = (struct reg_held){ "PWRITE changed while PREADY low", "", 0, q->write, p->write, at };
    if (p->write == q->write && p->write)   /* PWDATA only matters on writes */
        held[n++] = (struct reg_held){ "PWDATA changed while PREADY low", "", 8, q->wdata,
                                       p->wdata, at };
    held[n++] = (struct reg_held){ "PSTRB changed while PREADY low", "", 1, q->strb, p->strb, at };
    held[n++] = (struct reg_held){ "PPROT changed while PREADY low", "", 1, q->prot, p->prot, at };
    reg_checker_held(&c->rc, "access", held, n, 0);
}

/* This cycle is a setup cycle (PSEL=1, PENABLE=0). */
static enum apb_state setup_cycle(struct apb_checker *c)
{
    const struct apb_pins *p = c->pins;

    if (!p->write && p->strb)
        reg_checker_fail(&c->rc, "setup", "PSTRB non-zero on a read",
                         "expected PSTRB 0x0 on a read, actual 0x%x (PADDR 0x%03" PRIx32 ")",
                         p->strb, p->addr);
    reg_checker_wait_clear(&c->rc);
    return ST_SETUP;
}

/* This cycle is an access cycle (PSEL=1, PENABLE=1). */
static enum apb_state access_cycle(struct apb_checker *c)
{
    const struct apb_pins *p = c->pins;

    if (!p->ready) {
        c->stats.wait_cycles++;
        if (reg_checker_wait(&c->rc))
            reg_checker_fail(&c->rc, "access", "PREADY not given within max_wait cycles",
                             "expected PREADY within %" PRIu64 " wait cycles (%s 0x%03" PRIx32
                             "), actual still low after %" PRIu64, c->rc.max_wait,
                             kind(p->write), p->addr, c->rc.waits);
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

    if (p->sel && reg_checker_reset_once(&c->rc, CH_SEL))
        reg_checker_fail(&c->rc, "setup", "PSEL high during reset",
                         "expected PSEL 0 while PRESETn is asserted, actual 1 (%s 0x%03" PRIx32
                         ")", kind(p->write), p->addr);
    if (p->enable && reg_checker_reset_once(&c->rc, CH_ENABLE))
        reg_checker_fail(&c->rc, "access", "PENABLE high during reset",
                         "expected PENABLE 0 while PRESETn is asserted, actual 1 (PSEL %u)",
                         p->sel);
    /* Reset ends any transfer: the bus starts idle. */
    c->st = ST_IDLE;
    c->prev = *p;
    reg_checker_reset_cycle(&c->rc);
}

void apb_checker_sample(struct apb_checker *c)
{
    const struct apb_pins *p = c->pins, *q = &c->prev;
    enum apb_state next;

    reg_checker_sample_begin(&c->rc);
    if (c->st == ST_SETUP || c->st == ST_WAIT) {
        /* A transfer is in progress: this must be an access cycle. */
        if (!p->sel) {
            reg_checker_fail(&c->rc, "access", "PSEL dropped mid-transfer",
                             "expected PSEL 1 until PREADY (%s 0x%03" PRIx32 ", %s), actual "
                             "PSEL 0", kind(q->write), q->addr,
                             c->st == ST_SETUP ? "after its setup cycle"
                                               : "access phase waiting");
            next = ST_IDLE;
        } else if (!p->enable) {
            if (c->st == ST_SETUP)
                reg_checker_fail(&c->rc, "setup", "setup not followed by access",
                                 "expected PENABLE 1 in the cycle after the setup cycle "
                                 "(%s 0x%03" PRIx32 "), actual PSEL 1 PENABLE 0",
                                 kind(q->write), q->addr);
            else
                reg_checker_fail(&c->rc, "access", "PENABLE dropped before PREADY",
                                 "expected PENABLE 1 until PREADY (%s 0x%03" PRIx32 "), "
                                 "actual PENABLE 0", kind(q->write), q->addr);
            next = setup_cycle(c);      /* resynchronise: treat as a new setup */
        } else {
            check_stable(c);
            next = access_cycle(c);
        }
    } else if (p->enable) {
        if (c->st == ST_DONE)
            reg_checker_fail(&c->rc, "access", "PENABLE high after transfer completed",
                             "expected PENABLE 0 after the completing cycle (%s 0x%03" PRIx32
                             "), actual PENABLE 1 PSEL %u", kind(q->write), q->addr, p->sel);
        else
            reg_checker_fail(&c->rc, "access", "PENABLE without setup",
                             "expected a setup cycle (PSEL 1, PENABLE 0) before PENABLE 1, "
                             "actual PSEL 0 in the previous cycle, PSEL %u now", p->sel);
        if (p->sel) {
            /* Resynchronise: follow it as an access phase. */
            reg_checker_wait_clear(&c->rc);
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
        reg_checker_fail(&c->rc, p->enable ? "access" : "setup", "PWAKEUP low during a transfer",
                         "expected PWAKEUP 1 while PSEL 1 (%s 0x%03" PRIx32 "), actual 0",
                         kind(p->write), p->addr);
    c->prev = *p;
    c->st = next;
}

int apb_checker_finish(struct apb_checker *c)
{
    if (c->st != ST_SETUP && c->st != ST_WAIT)
        return 0;
    reg_checker_fail(&c->rc, "access", "transfer never completed",
                     "expected PREADY before the end of the test, actual %s 0x%03" PRIx32
                     " still waiting after %" PRIu64 " access cycles",
                     kind(c->prev.write), c->prev.addr, c->rc.waits);
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
                 " access cycles without PREADY", c->rc.name, kind(c->prev.write),
                 c->prev.addr, c->rc.waits);
    else
        snprintf(buf, len, "%s: no transfer in progress", c->rc.name);
}

void apb_checker_stats(const struct apb_checker *c, struct apb_checker_stats *s)
{
    *s = c->stats;
}
