/* csb_checker: passive CSB protocol checker. It remembers last cycle's
 * request (to catch drops and payload changes while stalled) and counts
 * outstanding reads and non-posted writes. */
#include "csb_checker.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

struct csb_checker {
    char name[64];
    const struct csb_pins *pins;
    struct bfm_env *env;
    int stalled;                /* last cycle: valid && !ready */
    struct csb_pins prev;       /* request payload of that cycle */
    uint64_t rd_out, np_out;    /* outstanding reads / non-posted writes */
};

struct csb_checker *csb_checker_create(const char *name, const struct csb_pins *pins,
                                       struct bfm_env *env)
{
    struct csb_checker *c;

    if (!pins || !env) {
        fprintf(stderr, "csb_checker_create: pins and env are required\n");
        return NULL;
    }
    c = calloc(1, sizeof *c);
    if (!c) {
        fprintf(stderr, "csb_checker_create: out of memory\n");
        abort();
    }
    snprintf(c->name, sizeof c->name, "%s", name ? name : "csb");
    c->pins = pins;
    c->env = env;
    return c;
}

void csb_checker_destroy(struct csb_checker *c)
{
    free(c);
}

static void check_stable(struct csb_checker *c)
{
    const struct csb_pins *p = c->pins, *q = &c->prev;

    if (!p->valid) {
        bfm_fail(c->env, c->name, "req", "valid dropped before ready",
                 "expected csb2nvdla_valid held until ready, actual valid 0 "
                 "(stalled request addr 0x%04x write %u)", q->addr, q->write);
        return;
    }
    if (p->addr != q->addr)
        bfm_fail(c->env, c->name, "req", "payload changed while stalled",
                 "expected addr 0x%04x, actual 0x%04x", q->addr, p->addr);
    else if (p->wdat != q->wdat)
        bfm_fail(c->env, c->name, "req", "payload changed while stalled",
                 "expected wdat 0x%08" PRIx32 ", actual 0x%08" PRIx32, q->wdat, p->wdat);
    else if (p->write != q->write)
        bfm_fail(c->env, c->name, "req", "payload changed while stalled",
                 "expected write %u, actual %u", q->write, p->write);
    else if (p->nposted != q->nposted)
        bfm_fail(c->env, c->name, "req", "payload changed while stalled",
                 "expected nposted %u, actual %u", q->nposted, p->nposted);
}

void csb_checker_sample(struct csb_checker *c)
{
    const struct csb_pins *p = c->pins;

    if (c->stalled)
        check_stable(c);
    /* Responses are checked against what was outstanding before this
     * cycle's request: a response can never answer a same-cycle request. */
    if (p->rsp_valid) {
        if (!c->rd_out)
            bfm_fail(c->env, c->name, "rsp", "read response with none outstanding",
                     "expected 0 read responses (0 reads outstanding), actual 1 "
                     "(data 0x%08" PRIx32 ")", p->rsp_data);
        else
            c->rd_out--;
    }
    if (p->wr_complete) {
        if (!c->np_out)
            bfm_fail(c->env, c->name, "wr_complete", "more wr_complete than non-posted writes",
                     "expected 0 wr_complete (0 non-posted writes outstanding), actual 1");
        else
            c->np_out--;
    }
    if (p->valid && p->ready) {
        if (!p->write)
            c->rd_out++;
        else if (p->nposted)
            c->np_out++;
    }
    c->stalled = p->valid && !p->ready;
    if (c->stalled)
        c->prev = *p;
}

int csb_checker_final(struct csb_checker *c)
{
    int n = 0;

    if (c->rd_out) {
        bfm_fail(c->env, c->name, "rsp", "read never answered",
                 "expected 0 reads outstanding at end of test, actual %" PRIu64, c->rd_out);
        n += (int)c->rd_out;
    }
    if (c->np_out) {
        bfm_fail(c->env, c->name, "wr_complete", "write completion never received",
                 "expected 0 non-posted writes outstanding at end of test, actual %" PRIu64,
                 c->np_out);
        n += (int)c->np_out;
    }
    return n;
}

void csb_checker_outstanding(const struct csb_checker *c, char *buf, unsigned len)
{
    if (!buf || !len)
        return;
    snprintf(buf, len, "%s: %" PRIu64 " reads awaiting data, %" PRIu64
             " non-posted writes awaiting wr_complete%s",
             c->name, c->rd_out, c->np_out, c->stalled ? ", request stalled" : "");
}
