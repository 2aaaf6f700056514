/* Unit tests for apb_master against a small C APB completer written here
 * (register file with random wait states, garbage on PRDATA/PSLVERR while
 * PREADY is low, PSLVERR on an error window of addresses), with apb_checker
 * watching the same pins and a per-cycle trace checking the requester's
 * pin behaviour (setup length, gaps, PWAKEUP). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apb_checker.h"
#include "apb_master.h"
#include "bfm_rng.h"
#include "bfm_test_env.h"

#define NREGS 1024              /* 12-bit PADDR: 4 KiB of registers */
#define ERR_LO 0xF00u           /* PSLVERR for addresses in [ERR_LO, ERR_HI] */
#define ERR_HI 0xF3Cu
#define MAXLOG 64

struct xfer_log { uint32_t addr, wdata; uint8_t write, strb, prot, slverr; unsigned access_cycles; };

struct completer {
    uint32_t regs[NREGS];
    struct bfm_rng rng;
    unsigned wait_min, wait_max;    /* PREADY low for this many access cycles (random) */
    int never_ready;
    unsigned delay, acc;            /* this transfer's wait states, access cycles so far */
    uint64_t writes, reads, errs;
    struct xfer_log log[MAXLOG];    /* the last MAXLOG transfers, as seen here */
    uint64_t nlog;
};

struct tb {
    struct bfm_env env;
    struct apb_pins pins;
    struct apb_master *m;
    struct apb_checker *chk;
    struct completer s;
    uint64_t watchdog;
    /* trace of the requester's pins */
    struct apb_pins prev;
    int have_done;                  /* a transfer has completed */
    uint64_t last_done_cycle;
    unsigned gap_hist[16];
    uint64_t n_gaps;
    uint64_t setup_cycles, access_cycles, wake_only_cycles;
    uint64_t trace_errors;
    char trace_msg[256];
};

static int in_err(uint32_t addr)
{
    return addr >= ERR_LO && addr <= ERR_HI;
}

static uint32_t strb_mask(uint8_t strb)
{
    uint32_t m = 0;
    for (int b = 0; b < 4; b++)
        if (strb & (1u << b))
            m |= 0xFFu << (8 * b);
    return m;
}

/* Combinational outputs for this cycle. */
static void completer_eval(struct tb *t)
{
    struct completer *s = &t->s;
    struct apb_pins *p = &t->pins;

    p->ready = (uint8_t)bfm_rng_percent(&s->rng, 50);  /* don't care outside access */
    p->rdata = (uint32_t)bfm_rng_next(&s->rng);         /* garbage unless completing */
    p->slverr = (uint8_t)bfm_rng_percent(&s->rng, 50);
    if (p->sel && p->enable) {
        p->ready = !s->never_ready && s->acc >= s->delay;
        if (p->ready) {
            p->slverr = (uint8_t)in_err(p->addr);
            if (!p->write && !p->slverr)
                p->rdata = s->regs[(p->addr >> 2) % NREGS];
        }
    }
}

static void completer_clock(struct tb *t)
{
    struct completer *s = &t->s;
    const struct apb_pins *p = &t->pins;

    if (p->sel && !p->enable) {
        s->delay = (unsigned)bfm_rng_range(&s->rng, s->wait_min, s->wait_max);
        s->acc = 0;
    } else if (p->sel && p->enable) {
        if (p->ready) {
            struct xfer_log *l = &s->log[s->nlog++ % MAXLOG];
            *l = (struct xfer_log){ p->addr, p->wdata, p->write, p->strb, p->prot,
                                    p->slverr, s->acc + 1 };
            if (p->slverr)
                s->errs++;
            if (p->write) {
                s->writes++;
                if (!p->slverr) {
                    uint32_t *r = &s->regs[(p->addr >> 2) % NREGS], m = strb_mask(p->strb);
                    *r = (*r & ~m) | (p->wdata & m);
                }
            } else {
                s->reads++;
            }
        } else {
            s->acc++;
        }
    }
}

static void trace_err(struct tb *t, const char *msg)
{
    if (!t->trace_errors++)
        snprintf(t->trace_msg, sizeof t->trace_msg, "cycle %llu: %s",
                 (unsigned long long)t->env.cycle, msg);
}

/* Requester-side pin rules, independent of apb_checker. */
static void trace(struct tb *t)
{
    const struct apb_pins *p = &t->pins, *q = &t->prev;

    if (p->sel && !p->enable) {
        t->setup_cycles++;
        if (!q->wakeup)
            trace_err(t, "setup cycle without PWAKEUP high the cycle before");
        if (q->sel && !q->enable)
            trace_err(t, "setup phase longer than one cycle");
        if (t->have_done && !(q->sel && !q->enable)) {
            uint64_t gap = t->env.cycle - t->last_done_cycle - 1;
            t->gap_hist[gap < 15 ? gap : 15]++;
            t->n_gaps++;
        }
        if (!p->write && (p->strb || p->wdata))
            trace_err(t, "read with PSTRB or PWDATA not zero");
    }
    if (p->sel && p->enable) {
        t->access_cycles++;
        if (!q->sel)
            trace_err(t, "access without setup");
        if (p->ready) {
            t->have_done = 1;
            t->last_done_cycle = t->env.cycle;
        }
    }
    if (p->sel && !p->wakeup)
        trace_err(t, "PSEL without PWAKEUP");
    if (!p->sel && p->enable)
        trace_err(t, "PENABLE without PSEL");
    if (!p->sel && p->wakeup)
        t->wake_only_cycles++;
    if (!p->sel && (p->addr || p->wdata || p->strb || p->prot || p->write))
        trace_err(t, "idle payload not parked at zero");
    t->prev = *p;
}

static int tb_step(struct bfm_env *env)
{
    struct tb *t = env->kernel;

    apb_master_drive(t->m);
    completer_eval(t);
    apb_checker_sample(t->chk);
    apb_master_sample(t->m);
    trace(t);
    completer_clock(t);
    return test_env_tick(env, t->watchdog);
}

static struct tb *tb_new(const struct apb_master_knobs *k, uint64_t seed)
{
    struct tb *t = calloc(1, sizeof *t);
    ck_assert_ptr_nonnull(t);
    test_env_init(&t->env, tb_step, t);
    bfm_rng_seed(&t->s.rng, seed);
    t->m = apb_master_create("apb0", k, &t->pins, &t->env);
    ck_assert_ptr_nonnull(t->m);
    t->chk = apb_checker_create("apb0_chk", &t->pins, &t->env);
    ck_assert_ptr_nonnull(t->chk);
    return t;
}

static void tb_free(struct tb *t)
{
    apb_master_destroy(t->m);
    apb_checker_destroy(t->chk);
    free(t);
}

static void tb_idle(struct tb *t, int n)
{
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(t->env.step(&t->env), 0);
}

static void tb_clean(struct tb *t)
{
    ck_assert_msg(t->trace_errors == 0, "%s", t->trace_msg);
    ck_assert_int_eq(apb_checker_finish(t->chk), 0);
    ck_assert_msg(t->env.failed == 0, "%s", t->env.first_failure);
}

static const struct xfer_log *last_xfer(const struct tb *t)
{
    ck_assert_uint_gt(t->s.nlog, 0);
    return &t->s.log[(t->s.nlog - 1) % MAXLOG];
}

START_TEST(test_write_read_back)
{
    struct apb_master_knobs k;
    apb_master_knobs_default(&k);
    k.gap_max = 3;
    k.seed = 5;
    struct tb *t = tb_new(&k, 11);
    t->s.wait_min = 0;
    t->s.wait_max = 6;
    struct bfm_rng r;
    bfm_rng_seed(&r, 3);
    static uint32_t shadow[NREGS];
    memset(shadow, 0, sizeof shadow);
    uint64_t nw = 0, nr = 0, nerr = 0;

    ck_assert_int_eq(apb_master_last_slverr(t->m), -1);
    for (int i = 0; i < 600; i++) {
        uint32_t a = (uint32_t)bfm_rng_range(&r, 0, NREGS - 1) * 4;
        uint32_t v = (uint32_t)bfm_rng_next(&r);
        uint8_t prot = (uint8_t)bfm_rng_range(&r, 0, 7);
        uint8_t strb = bfm_rng_percent(&r, 30) ? (uint8_t)bfm_rng_range(&r, 0, 15) : 0xF;
        int err = in_err(a);
        if (bfm_rng_percent(&r, 50)) {
            if (strb == 0xF && bfm_rng_percent(&r, 50))
                ck_assert_int_eq(apb_write(t->m, a, v, prot), BFM_OK);
            else
                ck_assert_int_eq(apb_write_strb(t->m, a, v, strb, prot), BFM_OK);
            nw++;
            ck_assert_int_eq(apb_master_last_slverr(t->m), err);
            if (!err) {
                uint32_t m = strb_mask(strb);
                shadow[a >> 2] = (shadow[a >> 2] & ~m) | (v & m);
            }
            ck_assert_uint_eq(t->s.regs[a >> 2], shadow[a >> 2]);
            const struct xfer_log *l = last_xfer(t);
            ck_assert_uint_eq(l->write, 1);
            ck_assert_uint_eq(l->addr, a);
            ck_assert_uint_eq(l->wdata, v);
            ck_assert_uint_eq(l->strb, strb);
            ck_assert_uint_eq(l->prot, prot);
        } else {
            uint32_t got = 0xdead;
            int se = -5;
            ck_assert_int_eq(apb_read(t->m, a, prot, &got, &se), BFM_OK);
            nr++;
            ck_assert_int_eq(se, err);
            ck_assert_int_eq(apb_master_last_slverr(t->m), err);
            if (!err)
                ck_assert_uint_eq(got, shadow[a >> 2]);
            const struct xfer_log *l = last_xfer(t);
            ck_assert_uint_eq(l->write, 0);
            ck_assert_uint_eq(l->addr, a);
            ck_assert_uint_eq(l->strb, 0);
            ck_assert_uint_eq(l->prot, prot);
        }
        nerr += err;
        ck_assert(apb_master_idle(t->m));
    }
    /* Explicit error-window accesses: a write is dropped, a read flags it. */
    ck_assert_int_eq(apb_write(t->m, ERR_LO, 0x1234, 0), BFM_OK);
    ck_assert_int_eq(apb_master_last_slverr(t->m), 1);
    ck_assert_int_eq(apb_write(t->m, 0x0, 0x99, 0), BFM_OK);
    ck_assert_int_eq(apb_master_last_slverr(t->m), 0);
    int se = 0;
    ck_assert_int_eq(apb_read(t->m, ERR_HI, 0, NULL, &se), BFM_OK);
    ck_assert_int_eq(se, 1);
    ck_assert_int_eq(apb_read(t->m, 0x0, 0, NULL, NULL), BFM_OK);   /* outputs optional */
    ck_assert_int_eq(apb_master_last_slverr(t->m), 0);
    nw += 2, nr += 2, nerr += 2;

    struct apb_master_stats st;
    apb_master_stats(t->m, &st);
    ck_assert_uint_eq(st.writes, nw);
    ck_assert_uint_eq(st.reads, nr);
    ck_assert_uint_eq(st.slverrs, nerr);
    ck_assert_uint_gt(nerr, 0);
    ck_assert_uint_eq(st.timeouts, 0);
    ck_assert_uint_eq(t->s.writes, nw);
    ck_assert_uint_eq(t->s.reads, nr);
    ck_assert_uint_eq(t->s.errs, nerr);
    /* Wait states counted the same by master, checker and completer. */
    struct apb_checker_stats cs;
    apb_checker_stats(t->chk, &cs);
    ck_assert_uint_eq(cs.writes, nw);
    ck_assert_uint_eq(cs.reads, nr);
    ck_assert_uint_eq(cs.slverrs, nerr);
    ck_assert_uint_eq(cs.wait_cycles, st.wait_cycles);
    ck_assert_uint_eq(t->access_cycles, st.wait_cycles + nw + nr);
    ck_assert_uint_eq(t->setup_cycles, nw + nr);
    ck_assert_uint_gt(st.wait_cycles, 2 * (nw + nr));      /* wait states were exercised */
    tb_clean(t);
    tb_free(t);
}
END_TEST

START_TEST(test_wait_states_exact)
{
    /* Fixed wait states: each transfer takes 1 setup + (w + 1) access cycles,
     * back to back with gap 0. */
    for (unsigned w = 0; w <= 4; w++) {
        struct tb *t = tb_new(NULL, 1);
        t->s.wait_min = t->s.wait_max = w;
        ck_assert_int_eq(apb_write(t->m, 0x10, 1, 0), BFM_OK);   /* wakes the bus */
        uint64_t start = t->env.cycle;
        for (uint32_t i = 0; i < 10; i++) {
            ck_assert_int_eq(apb_write(t->m, 0x20, i, 0), BFM_OK);
            ck_assert_uint_eq(last_xfer(t)->access_cycles, w + 1);
        }
        ck_assert_uint_eq(t->env.cycle - start, 10 * (w + 2));
        struct apb_master_stats st;
        apb_master_stats(t->m, &st);
        ck_assert_uint_eq(st.wait_cycles, 11 * w);
        tb_clean(t);
        tb_free(t);
    }
}
END_TEST

START_TEST(test_gaps)
{
    struct apb_master_knobs k;
    apb_master_knobs_default(&k);
    k.gap_min = 2;
    k.gap_max = 4;
    k.seed = 1234;
    struct tb *t = tb_new(&k, 1);
    t->s.wait_max = 2;

    for (uint32_t i = 0; i < 300; i++) {
        if (i & 1)
            ck_assert_int_eq(apb_write(t->m, (i % 64) * 4, i, 0), BFM_OK);
        else
            ck_assert_int_eq(apb_read(t->m, (i % 64) * 4, 0, NULL, NULL), BFM_OK);
    }
    ck_assert_uint_eq(t->n_gaps, 299);
    for (int g = 0; g < 16; g++) {
        if (g >= 2 && g <= 4)
            ck_assert_uint_gt(t->gap_hist[g], 60);     /* each length used */
        else
            ck_assert_uint_eq(t->gap_hist[g], 0);
    }
    tb_clean(t);
    tb_free(t);

    /* Gap 0: the next setup follows the completing cycle directly. */
    t = tb_new(NULL, 1);
    t->s.wait_max = 3;
    for (uint32_t i = 0; i < 100; i++)
        ck_assert_int_eq(apb_write(t->m, 0x40, i, 0), BFM_OK);
    ck_assert_uint_eq(t->n_gaps, 99);
    ck_assert_uint_eq(t->gap_hist[0], 99);
    ck_assert_uint_eq(t->wake_only_cycles, 1);     /* only the first wake-up */
    tb_clean(t);
    tb_free(t);
}
END_TEST

START_TEST(test_wakeup)
{
    struct tb *t = tb_new(NULL, 1);
    t->s.wait_min = t->s.wait_max = 2;

    tb_idle(t, 5);
    ck_assert_uint_eq(t->pins.wakeup, 0);
    ck_assert_uint_eq(t->pins.sel, 0);
    uint64_t start = t->env.cycle;
    ck_assert_int_eq(apb_write(t->m, 0x8, 7, 0), BFM_OK);
    /* 1 wake-up cycle, 1 setup, 3 access cycles. */
    ck_assert_uint_eq(t->env.cycle - start, 5);
    ck_assert_uint_eq(t->wake_only_cycles, 1);
    ck_assert_uint_eq(t->pins.wakeup, 1);           /* high through the completing cycle */
    tb_idle(t, 1);
    ck_assert_uint_eq(t->pins.wakeup, 0);           /* dropped once nothing is pending */
    ck_assert_uint_eq(t->pins.sel, 0);
    ck_assert_uint_eq(t->pins.enable, 0);
    /* Asleep again: the next transfer wakes the bus first once more. */
    tb_idle(t, 3);
    ck_assert_int_eq(apb_read(t->m, 0x8, 0, NULL, NULL), BFM_OK);
    ck_assert_uint_eq(t->wake_only_cycles, 2);
    tb_clean(t);
    tb_free(t);

    /* With a gap, PWAKEUP stays high through it while a transfer is queued,
     * so no extra wake-up cycle is needed. */
    struct apb_master_knobs k;
    apb_master_knobs_default(&k);
    k.gap_min = k.gap_max = 3;
    t = tb_new(&k, 1);
    ck_assert_int_eq(apb_write(t->m, 0x8, 7, 0), BFM_OK);
    start = t->env.cycle;
    ck_assert_int_eq(apb_write(t->m, 0xC, 8, 0), BFM_OK);
    ck_assert_uint_eq(t->env.cycle - start, 3 + 2);
    ck_assert_uint_eq(t->wake_only_cycles, 1 + 3);
    tb_clean(t);
    tb_free(t);
}
END_TEST

START_TEST(test_prot)
{
    struct apb_master_knobs k;
    apb_master_knobs_default(&k);
    k.default_prot = APB_PROT_PRIVILEGED | APB_PROT_NONSECURE;
    struct tb *t = tb_new(&k, 1);
    t->s.wait_max = 2;

    ck_assert_int_eq(apb_write(t->m, 0x10, 1, APB_PROT_DEFAULT), BFM_OK);
    ck_assert_uint_eq(last_xfer(t)->prot, 3);
    ck_assert_int_eq(apb_read(t->m, 0x10, APB_PROT_DEFAULT, NULL, NULL), BFM_OK);
    ck_assert_uint_eq(last_xfer(t)->prot, 3);
    for (uint8_t p = 0; p < 8; p++) {
        ck_assert_int_eq(apb_write(t->m, 0x10, p, p), BFM_OK);
        ck_assert_uint_eq(last_xfer(t)->prot, p);
        ck_assert_int_eq(apb_read(t->m, 0x10, p, NULL, NULL), BFM_OK);
        ck_assert_uint_eq(last_xfer(t)->prot, p);
    }
    tb_clean(t);
    tb_free(t);
}
END_TEST

START_TEST(test_strobes)
{
    struct tb *t = tb_new(NULL, 1);
    uint32_t v = 0;

    ck_assert_int_eq(apb_write(t->m, 0x40, 0x11223344, 0), BFM_OK);
    ck_assert_uint_eq(last_xfer(t)->strb, 0xF);
    ck_assert_int_eq(apb_write_strb(t->m, 0x40, 0xAABBCCDD, 0x5, 0), BFM_OK);
    ck_assert_uint_eq(last_xfer(t)->strb, 0x5);
    ck_assert_int_eq(apb_read(t->m, 0x40, 0, &v, NULL), BFM_OK);
    ck_assert_uint_eq(v, 0x11BB33DD);
    ck_assert_uint_eq(last_xfer(t)->strb, 0);
    ck_assert_int_eq(apb_write_strb(t->m, 0x40, 0xFFFFFFFF, 0x0, 0), BFM_OK);  /* no lanes */
    ck_assert_int_eq(apb_read(t->m, 0x40, 0, &v, NULL), BFM_OK);
    ck_assert_uint_eq(v, 0x11BB33DD);
    ck_assert_int_eq(apb_write_strb(t->m, 0x40, 0x00EE0000, 0x4, 0), BFM_OK);
    ck_assert_int_eq(apb_read(t->m, 0x40, 0, &v, NULL), BFM_OK);
    ck_assert_uint_eq(v, 0x11EE33DD);
    tb_clean(t);
    tb_free(t);
}
END_TEST

START_TEST(test_timeout)
{
    struct apb_master_knobs k;
    apb_master_knobs_default(&k);
    k.timeout = 50;
    struct tb *t = tb_new(&k, 2);
    uint32_t v = 0x55;
    int se = 7;
    char buf[256];

    t->s.never_ready = 1;
    uint64_t start = t->env.cycle;
    ck_assert_int_eq(apb_read(t->m, 0x10, 0, &v, &se), BFM_ERR_TIMEOUT);
    /* wake-up + setup + 50 access cycles without PREADY */
    ck_assert_uint_eq(t->env.cycle - start, 52);
    ck_assert_uint_eq(v, 0x55);         /* untouched */
    ck_assert_int_eq(se, 7);
    ck_assert(!apb_master_idle(t->m));
    apb_master_outstanding(t->m, buf, sizeof buf);
    ck_assert_msg(strstr(buf, "read 0x010 in access phase, 50 cycles without PREADY, 0 queued"),
                  "%s", buf);
    /* The transfer stays on the bus (APB cannot abort it). */
    ck_assert_uint_eq(t->pins.sel, 1);
    ck_assert_uint_eq(t->pins.enable, 1);

    /* A write behind it is bounded by the same timeout. */
    start = t->env.cycle;
    ck_assert_int_eq(apb_write(t->m, 0x20, 0x77, 0), BFM_ERR_TIMEOUT);
    ck_assert_uint_eq(t->env.cycle - start, 50);
    apb_master_outstanding(t->m, buf, sizeof buf);
    ck_assert_msg(strstr(buf, "100 cycles without PREADY, 1 queued"), "%s", buf);
    ck_assert_int_eq(t->env.failed, 0);
    char cbuf[256];
    apb_checker_outstanding(t->chk, cbuf, sizeof cbuf);
    ck_assert_msg(strstr(cbuf, "read 0x010 in progress"), "%s", cbuf);

    /* The checker reports the transfer that never completed. */
    t->env.quiet_failures = 1;
    ck_assert_int_eq(apb_checker_finish(t->chk), 1);
    ck_assert_ptr_nonnull(strstr(t->env.first_failure,
                                 "apb0_chk access: transfer never completed: expected"));
    t->env.failed = 0;

    /* Once the completer answers, both go through, in order. */
    t->s.never_ready = 0;
    for (int i = 0; i < 20 && !apb_master_idle(t->m); i++)
        tb_idle(t, 1);
    ck_assert(apb_master_idle(t->m));
    ck_assert_uint_eq(t->s.regs[0x20 >> 2], 0x77);
    ck_assert_uint_eq(t->s.log[0].addr, 0x10);
    ck_assert_uint_eq(t->s.log[1].addr, 0x20);
    apb_master_outstanding(t->m, buf, sizeof buf);
    ck_assert_str_eq(buf, "apb0: bus idle, 0 queued");
    struct apb_master_stats st;
    apb_master_stats(t->m, &st);
    ck_assert_uint_eq(st.timeouts, 2);
    ck_assert_uint_eq(st.reads, 1);
    ck_assert_uint_eq(st.writes, 1);
    ck_assert_int_eq(apb_read(t->m, 0x20, 0, &v, NULL), BFM_OK);
    ck_assert_uint_eq(v, 0x77);
    tb_clean(t);
    tb_free(t);
}
END_TEST

START_TEST(test_default_timeout)
{
    struct tb *t = tb_new(NULL, 2);
    t->s.never_ready = 1;
    uint64_t start = t->env.cycle;
    ck_assert_int_eq(apb_write(t->m, 0x10, 1, 0), BFM_ERR_TIMEOUT);
    ck_assert_uint_eq(t->env.cycle - start, 100000 + 2);
    ck_assert_int_eq(t->env.failed, 0);
    tb_free(t);
}
END_TEST

START_TEST(test_bad_args)
{
    struct apb_master_knobs k;
    apb_master_knobs_default(&k);
    struct tb *t = tb_new(&k, 2);
    uint32_t v;

    ck_assert_int_eq(apb_write(t->m, 0x2, 1, 0), BFM_ERR_ARG);
    ck_assert_int_eq(apb_write(t->m, 0x4, 1, 8), BFM_ERR_ARG);
    ck_assert_int_eq(apb_write_strb(t->m, 0x4, 1, 0x10, 0), BFM_ERR_ARG);
    ck_assert_int_eq(apb_write_strb(t->m, 0x5, 1, 0xF, 0), BFM_ERR_ARG);
    ck_assert_int_eq(apb_read(t->m, 0x41, 0, &v, NULL), BFM_ERR_ARG);
    ck_assert_int_eq(apb_read(t->m, 0x40, 0x10, &v, NULL), BFM_ERR_ARG);
    ck_assert_int_eq(apb_write(NULL, 0x40, 1, 0), BFM_ERR_ARG);
    ck_assert_int_eq(apb_read(NULL, 0x40, 0, &v, NULL), BFM_ERR_ARG);
    ck_assert(apb_master_idle(t->m));
    ck_assert_uint_eq(t->env.cycle, 1);     /* nothing stepped */
    ck_assert_int_eq(t->env.failed, 0);
    k.gap_min = 5;
    k.gap_max = 1;
    ck_assert_ptr_null(apb_master_create("bad", &k, &t->pins, &t->env));
    apb_master_knobs_default(&k);
    k.default_prot = 8;
    ck_assert_ptr_null(apb_master_create("bad", &k, &t->pins, &t->env));
    ck_assert_ptr_null(apb_master_create("bad", NULL, NULL, &t->env));
    ck_assert_ptr_null(apb_master_create("bad", NULL, &t->pins, NULL));
    ck_assert_ptr_null(apb_checker_create("bad", NULL, &t->env));
    apb_master_destroy(NULL);
    apb_checker_destroy(NULL);
    tb_free(t);
}
END_TEST

START_TEST(test_watchdog_gives_up)
{
    struct tb *t = tb_new(NULL, 2);
    uint32_t v;
    t->s.never_ready = 1;
    t->watchdog = 500;
    t->env.quiet_failures = 1;

    ck_assert_int_eq(apb_write(t->m, 0x10, 1, 0), BFM_ERR_FAILED);
    ck_assert_uint_eq(t->env.cycle, 500);
    ck_assert_int_eq(apb_read(t->m, 0x10, 0, &v, NULL), BFM_ERR_FAILED);
    ck_assert_ptr_nonnull(strstr(t->env.first_failure, "watchdog"));
    tb_free(t);
}
END_TEST

START_TEST(test_idle_pins)
{
    /* Created but unused: the bus idles with everything low. */
    struct tb *t = tb_new(NULL, 2);
    memset(&t->pins, 0xA5, sizeof t->pins);
    apb_master_drive(t->m);
    ck_assert_uint_eq(t->pins.sel, 0);
    ck_assert_uint_eq(t->pins.enable, 0);
    ck_assert_uint_eq(t->pins.wakeup, 0);
    ck_assert_uint_eq(t->pins.addr, 0);
    ck_assert_uint_eq(t->pins.strb, 0);
    apb_master_sample(t->m);
    ck_assert(apb_master_idle(t->m));
    tb_free(t);
}
END_TEST

START_TEST(test_verbose_trace)
{
    /* Exercise the trace paths once (output goes to stdout). */
    struct tb *t = tb_new(NULL, 2);
    uint32_t v = 0;
    int se = 0;
    t->env.verbose = 2;
    t->s.wait_max = 2;
    ck_assert_int_eq(apb_write(t->m, 0x20, 0x77, APB_PROT_PRIVILEGED), BFM_OK);
    ck_assert_int_eq(apb_read(t->m, 0x20, 0, &v, &se), BFM_OK);
    ck_assert_uint_eq(v, 0x77);
    ck_assert_int_eq(apb_write(t->m, ERR_LO, 0x1, 0), BFM_OK);
    ck_assert_int_eq(apb_read(t->m, ERR_LO, 0, &v, &se), BFM_OK);
    ck_assert_int_eq(se, 1);
    tb_clean(t);
    tb_free(t);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("apb_master");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_write_read_back);
    tcase_add_test(tc, test_wait_states_exact);
    tcase_add_test(tc, test_gaps);
    tcase_add_test(tc, test_wakeup);
    tcase_add_test(tc, test_prot);
    tcase_add_test(tc, test_strobes);
    tcase_add_test(tc, test_timeout);
    tcase_add_test(tc, test_default_timeout);
    tcase_add_test(tc, test_bad_args);
    tcase_add_test(tc, test_watchdog_gives_up);
    tcase_add_test(tc, test_idle_pins);
    tcase_add_test(tc, test_verbose_trace);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
