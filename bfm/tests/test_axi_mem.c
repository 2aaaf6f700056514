/* Unit tests for axi_mem. A fake AXI manager (the "DUT") lives here; every
 * test also runs axi_checker on the same pins so the memory BFM's own AXI
 * behaviour is checked while it is exercised. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "axi_checker.h"
#include "axi_mem.h"
#include "bfm_rng.h"

#define MAX_IDS 16

/* ---- fake manager ------------------------------------------------------ */

struct job {
    uint32_t id;
    uint64_t addr;
    uint8_t len, size, burst;
    uint8_t *data;          /* (len+1) * 64 bytes: W data out or R data in */
    uint64_t *strb;         /* W strobes */
    uint8_t resp[256];      /* R: per beat; B: resp[0] */
    unsigned beats_got;
    uint64_t hs_cycle;      /* AW/AR handshake */
    uint64_t last_w_cycle;  /* writes: last W handshake */
    uint64_t first_r_cycle, b_cycle;
    int done;
};

struct fifo { unsigned v[4096]; unsigned head, n; };

static void fifo_push(struct fifo *f, unsigned x)
{
    ck_assert_uint_lt(f->n, 4096);
    f->v[(f->head + f->n++) % 4096] = x;
}
static unsigned fifo_pop(struct fifo *f)
{
    unsigned x = f->v[f->head];
    f->head = (f->head + 1) % 4096;
    f->n--;
    return x;
}

struct mgr {
    unsigned db;                    /* bus bytes */
    struct job *wj, *rj;
    unsigned nw, nr;
    unsigned aw_next, w_job, w_beat, ar_next;
    int aw_held, w_held, ar_held;
    unsigned valid_pct;             /* chance to raise a valid when able */
    unsigned rready_pct, bready_pct;
    int w_needs_aw;                 /* hold W until its AW handshook */
    int raw_strobes;                /* drive the job's strobes as they are, even on
                                       lanes the beat does not carry (illegal: the
                                       checker flags it); default: masked to the lanes */
    unsigned max_rd_inflight;       /* 0 = no limit of its own */
    unsigned rd_inflight, rd_done, max_rd_inflight_seen;
    unsigned wr_inflight, max_wr_inflight_seen;
    struct fifo rd_by_id[MAX_IDS], wr_by_id[MAX_IDS];
    struct fifo rd_age;             /* outstanding reads, AR order (lazy deletion) */
    int r_cur;                      /* job whose burst is being received, -1 */
    unsigned interleaved, reordered, bad_match;
    unsigned b_order[4096], nb;
    struct bfm_rng rng;
    /* channel statistics */
    uint64_t ar_valid_cycles, ar_stall_cycles;
    uint64_t aw_valid_cycles, aw_stall_cycles;
    uint64_t w_valid_cycles, w_stall_cycles;
    uint64_t r_gap_cycles, r_burst_cycles;  /* inside a burst: valid low / total */
};

struct tb {
    struct bfm_env env;
    struct axi_pins pins;
    struct sparse_mem *mem;
    struct axi_mem *axi;
    struct axi_checker *chk;
    struct mgr m;
};

static struct job *job_new(struct job *arr, unsigned i, uint32_t id, uint64_t addr,
                           uint8_t len, uint8_t size, uint8_t burst)
{
    struct job *j = &arr[i];
    memset(j, 0, sizeof *j);
    j->id = id;
    j->addr = addr;
    j->len = len;
    j->size = size;
    j->burst = burst;
    j->data = calloc((size_t)(len + 1) * 64, 1);
    j->strb = calloc((size_t)len + 1, sizeof *j->strb);
    ck_assert(j->data && j->strb);
    return j;
}

static void jobs_free(struct job *arr, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        free(arr[i].data);
        free(arr[i].strb);
    }
    free(arr);
}

static uint64_t ref_lanes(const struct job *j, unsigned n, unsigned db);

static void mgr_eval(struct tb *t)
{
    struct mgr *m = &t->m;
    struct axi_pins *p = &t->pins;

    if (!m->aw_held && m->aw_next < m->nw && bfm_rng_percent(&m->rng, m->valid_pct)) {
        const struct job *j = &m->wj[m->aw_next];
        m->aw_held = 1;
        p->aw_id = j->id;
        p->aw_addr = j->addr;
        p->aw_len = j->len;
        p->aw_size = j->size;
        p->aw_burst = j->burst;
    }
    p->aw_valid = (uint8_t)m->aw_held;

    if (!m->w_held && m->w_job < m->nw && (!m->w_needs_aw || m->w_job < m->aw_next) &&
        bfm_rng_percent(&m->rng, m->valid_pct)) {
        const struct job *j = &m->wj[m->w_job];
        m->w_held = 1;
        memcpy(p->w_data, j->data + (size_t)m->w_beat * 64, 64);
        p->w_strb = j->strb[m->w_beat];
        if (!m->raw_strobes)
            p->w_strb &= ref_lanes(j, m->w_beat, m->db);
        p->w_last = m->w_beat == j->len;
    }
    p->w_valid = (uint8_t)m->w_held;

    if (!m->ar_held && m->ar_next < m->nr &&
        (!m->max_rd_inflight || m->rd_inflight < m->max_rd_inflight) &&
        bfm_rng_percent(&m->rng, m->valid_pct)) {
        const struct job *j = &m->rj[m->ar_next];
        m->ar_held = 1;
        p->ar_id = j->id;
        p->ar_addr = j->addr;
        p->ar_len = j->len;
        p->ar_size = j->size;
        p->ar_burst = j->burst;
    }
    p->ar_valid = (uint8_t)m->ar_held;
    p->r_ready = (uint8_t)bfm_rng_percent(&m->rng, m->rready_pct);
    p->b_ready = (uint8_t)bfm_rng_percent(&m->rng, m->bready_pct);
}

/* After the sample phase: act on this cycle's handshakes. */
static void mgr_clock(struct tb *t)
{
    struct mgr *m = &t->m;
    const struct axi_pins *p = &t->pins;
    uint64_t cyc = t->env.cycle;

    if (p->ar_valid) {
        m->ar_valid_cycles++;
        m->ar_stall_cycles += !p->ar_ready;
    }
    if (p->aw_valid) {
        m->aw_valid_cycles++;
        m->aw_stall_cycles += !p->aw_ready;
    }
    if (p->w_valid) {
        m->w_valid_cycles++;
        m->w_stall_cycles += !p->w_ready;
    }
    if (m->r_cur >= 0) {
        m->r_burst_cycles++;
        m->r_gap_cycles += !p->r_valid;
    }

    if (p->r_valid && p->r_ready) {
        ck_assert_uint_lt(p->r_id, MAX_IDS);
        struct fifo *f = &m->rd_by_id[p->r_id];
        if (!f->n) {
            m->bad_match++;
        } else {
            unsigned ji = f->v[f->head];
            struct job *j = &m->rj[ji];
            if (m->r_cur >= 0 && (unsigned)m->r_cur != ji)
                m->interleaved++;
            if (j->beats_got == 0) {
                j->first_r_cycle = cyc;
                /* Skip bursts already done to find the oldest outstanding. */
                while (m->rd_age.n && m->rj[m->rd_age.v[m->rd_age.head]].done)
                    fifo_pop(&m->rd_age);
                if (m->rd_age.v[m->rd_age.head] != ji)
                    m->reordered++;
            }
            memcpy(j->data + (size_t)j->beats_got * 64, p->r_data, m->db);
            j->resp[j->beats_got] = p->r_resp;
            m->r_cur = (int)ji;
            if (++j->beats_got == (unsigned)j->len + 1) {
                j->done = 1;
                fifo_pop(f);
                m->r_cur = -1;
                m->rd_inflight--;
                m->rd_done++;
            }
        }
    }
    if (p->b_valid && p->b_ready) {
        ck_assert_uint_lt(p->b_id, MAX_IDS);
        struct fifo *f = &m->wr_by_id[p->b_id];
        if (!f->n) {
            m->bad_match++;
        } else {
            unsigned ji = fifo_pop(f);
            m->wj[ji].resp[0] = p->b_resp;
            m->wj[ji].b_cycle = cyc;
            m->wj[ji].done = 1;
            m->b_order[m->nb++ % 4096] = ji;
            m->wr_inflight--;
        }
    }
    if (p->w_valid && p->w_ready) {
        m->w_held = 0;
        if (m->w_beat == m->wj[m->w_job].len) {
            m->wj[m->w_job].last_w_cycle = cyc;
            m->w_job++;
            m->w_beat = 0;
        } else {
            m->w_beat++;
        }
    }
    if (p->aw_valid && p->aw_ready) {
        m->aw_held = 0;
        m->wj[m->aw_next].hs_cycle = cyc;
        fifo_push(&m->wr_by_id[m->wj[m->aw_next].id], m->aw_next);
        m->aw_next++;
        if (++m->wr_inflight > m->max_wr_inflight_seen)
            m->max_wr_inflight_seen = m->wr_inflight;
    }
    if (p->ar_valid && p->ar_ready) {
        m->ar_held = 0;
        m->rj[m->ar_next].hs_cycle = cyc;
        fifo_push(&m->rd_by_id[m->rj[m->ar_next].id], m->ar_next);
        fifo_push(&m->rd_age, m->ar_next);
        m->ar_next++;
        if (++m->rd_inflight > m->max_rd_inflight_seen)
            m->max_rd_inflight_seen = m->rd_inflight;
    }
}

static int tb_step(struct bfm_env *env)
{
    struct tb *t = env->kernel;

    axi_mem_drive(t->axi);
    mgr_eval(t);
    axi_checker_sample(t->chk);
    axi_mem_sample(t->axi);
    mgr_clock(t);
    env->cycle++;
    return env->failed != 0;
}

static struct tb *tb_new(const struct axi_mem_knobs *k, int in_order, uint64_t seed)
{
    struct tb *t = calloc(1, sizeof *t);
    struct axi_checker_knobs ck;

    ck_assert_ptr_nonnull(t);
    t->env.step = tb_step;
    t->env.kernel = t;
    t->env.cycle = 1;
    t->mem = sparse_mem_create();
    t->axi = axi_mem_create("mem0", k, &t->pins, t->mem, &t->env);
    ck_assert_ptr_nonnull(t->axi);
    axi_checker_knobs_default(&ck);
    ck.data_bytes = k->data_bytes;
    ck.addr_bits = 64;              /* the memory's own addr_bits check is under test */
    ck.require_aligned = 0;         /* narrow and unaligned bursts are exercised */
    ck.require_in_order = in_order;
    t->chk = axi_checker_create("mem0_chk", &ck, &t->pins, &t->env);
    ck_assert_ptr_nonnull(t->chk);
    t->m.db = k->data_bytes;
    t->m.valid_pct = 100;
    t->m.rready_pct = 100;
    t->m.bready_pct = 100;
    t->m.r_cur = -1;
    bfm_rng_seed(&t->m.rng, seed);
    return t;
}

static void tb_set_jobs(struct tb *t, struct job *wj, unsigned nw, struct job *rj, unsigned nr)
{
    struct mgr *m = &t->m;
    m->wj = wj; m->nw = nw; m->aw_next = m->w_job = m->w_beat = 0;
    m->rj = rj; m->nr = nr; m->ar_next = 0;
    /* Earlier traffic has finished: its AR-order entries index the old job
     * arrays and must not be looked up in the new ones. */
    m->rd_age.head = m->rd_age.n = 0;
}

static void tb_run(struct tb *t, uint64_t max)
{
    struct mgr *m = &t->m;
    for (uint64_t i = 0; i < max; i++) {
        int all = m->aw_next == m->nw && m->w_job == m->nw && m->ar_next == m->nr &&
                  m->rd_inflight == 0 && m->wr_inflight == 0;
        if (all && axi_mem_idle(t->axi))
            return;
        ck_assert_msg(t->env.step(&t->env) == 0, "failed: %s", t->env.first_failure);
    }
    ck_abort_msg("traffic did not finish in %llu cycles", (unsigned long long)max);
}

static void tb_free(struct tb *t)
{
    ck_assert_int_eq(axi_checker_final(t->chk), 0);
    ck_assert_msg(t->env.failed == 0, "%s", t->env.first_failure);
    ck_assert_uint_eq(t->m.bad_match, 0);
    ck_assert_uint_eq(t->m.interleaved, 0);
    axi_mem_destroy(t->axi);
    axi_checker_destroy(t->chk);
    sparse_mem_destroy(t->mem);
    free(t);
}

/* ---- reference burst arithmetic (independent of axi_burst.h) --------- */

static uint64_t ref_beat_addr(const struct job *j, unsigned n)
{
    uint64_t nb = 1ULL << j->size, al = j->addr / nb * nb;
    if (j->burst == AXI_BURST_FIXED)
        return j->addr;
    if (j->burst == AXI_BURST_WRAP) {
        uint64_t tot = nb * (j->len + 1u), lo = j->addr / tot * tot;
        uint64_t a = al + n * nb;
        return a >= lo + tot ? a - tot : a;
    }
    return n ? al + n * nb : j->addr;
}

/* Byte lanes (bit i = lane i) beat n of job j carries on a db-byte bus. */
static uint64_t ref_lanes(const struct job *j, unsigned n, unsigned db)
{
    uint64_t nb = 1ULL << j->size, a = ref_beat_addr(j, n);
    uint64_t bus = a / db * db, last = a / nb * nb + nb - 1;
    uint64_t lanes = 0;

    for (uint64_t b = a; b <= last; b++)
        lanes |= 1ULL << (b - bus);
    return lanes;
}

/* Apply a write job to a flat reference image based at `base`. */
static void ref_write(uint8_t *img, uint64_t base, const struct job *j, unsigned db)
{
    uint64_t nb = 1ULL << j->size;
    for (unsigned n = 0; n <= j->len; n++) {
        uint64_t a = ref_beat_addr(j, n);
        uint64_t bus = a / db * db;
        uint64_t first = a, last = a / nb * nb + nb - 1;
        for (uint64_t b = first; b <= last; b++)
            if ((j->strb[n] >> (b - bus)) & 1)
                img[b - base] = j->data[n * 64 + (b - bus)];
    }
}

/* ---- tests ------------------------------------------------------------ */

static void base_knobs(struct axi_mem_knobs *k, unsigned db)
{
    axi_mem_knobs_default(k);
    k->data_bytes = db;
    k->rd_latency_min = 1;
    k->rd_latency_max = 1;
    k->wr_latency = 1;
}

START_TEST(test_strobed_writes_guard_bytes)
{
    struct axi_mem_knobs k;
    base_knobs(&k, 8);
    struct tb *t = tb_new(&k, 1, 1);
    const uint64_t base = 0x10000, guard = 64, span = 4096;
    uint8_t *ref = malloc(span + 2 * guard);
    struct bfm_rng r;
    unsigned nw = 32;
    struct job *wj = calloc(nw, sizeof *wj);
    struct job *rj = calloc(1, sizeof *rj);

    struct write_map *wm = write_map_create();     /* the lanes the bursts stored */
    axi_mem_set_write_map(t->axi, wm);
    uint64_t stored = 0;
    bfm_rng_seed(&r, 5);
    memset(ref, 0xA5, span + 2 * guard);
    sparse_mem_fill(t->mem, base - guard, 0xA5, span + 2 * guard);
    for (unsigned i = 0; i < nw; i++) {
        /* 32 x 16-beat bursts: 128 bytes each, one 4 KB page in total. */
        struct job *j = job_new(wj, i, i % 4, base + i * 128, 15, 3, AXI_BURST_INCR);
        for (unsigned b = 0; b <= j->len; b++) {
            for (unsigned x = 0; x < 8; x++)
                j->data[b * 64 + x] = (uint8_t)bfm_rng_next(&r);
            /* Partial strobes, including all-off and all-on beats. */
            j->strb[b] = b == 0 ? 0 : b == 1 ? 0xFF : bfm_rng_next(&r) & 0xFF;
            stored += (uint64_t)__builtin_popcountll(j->strb[b] & 0xFF);
        }
        ref_write(ref, base - guard, j, 8);
    }
    /* One read of the whole page with guards excluded (256 beats). */
    job_new(rj, 0, 3, base, 255, 3, AXI_BURST_INCR);
    t->m.w_needs_aw = 1;
    tb_set_jobs(t, wj, nw, NULL, 0);
    tb_run(t, 100000);
    tb_set_jobs(t, wj, nw, rj, 1);
    t->m.aw_next = t->m.w_job = nw;
    tb_run(t, 100000);

    uint8_t *img = malloc(span + 2 * guard);
    sparse_mem_read(t->mem, base - guard, img, span + 2 * guard);
    ck_assert_mem_eq(img, ref, span + 2 * guard);
    for (unsigned i = 0; i < guard; i++) {
        ck_assert_uint_eq(img[i], 0xA5);
        ck_assert_uint_eq(img[guard + span + i], 0xA5);
    }
    for (unsigned b = 0; b < 256; b++) {
        ck_assert_mem_eq(rj[0].data + b * 64, ref + guard + b * 8, 8);
        ck_assert_uint_eq(rj[0].resp[b], AXI_RESP_OKAY);
    }
    for (unsigned i = 0; i < nw; i++)
        ck_assert_uint_eq(wj[i].resp[0], AXI_RESP_OKAY);
    /* the map holds exactly the strobed lanes; the fill and the reads are not writes */
    ck_assert_uint_eq(write_map_count(wm, base - guard, span + 2 * guard), stored);
    ck_assert_uint_eq(write_map_count(wm, base - guard, guard), 0);
    ck_assert_uint_eq(write_map_count(wm, base + span, guard), 0);
    write_map_destroy(wm);

    struct axi_mem_stats st;
    axi_mem_stats(t->axi, &st);
    ck_assert_uint_eq(st.aw_bursts, nw);
    ck_assert_uint_eq(st.w_beats, nw * 16);
    ck_assert_uint_eq(st.b_resps, nw);
    ck_assert_uint_eq(st.ar_bursts, 1);
    ck_assert_uint_eq(st.r_beats, 256);
    ck_assert_uint_eq(st.rd_bytes, 2048);
    ck_assert_uint_eq(st.err_resps, 0);
    tb_free(t);
    jobs_free(wj, nw);
    jobs_free(rj, 1);
    free(ref);
    free(img);
}
END_TEST

START_TEST(test_narrow_fixed_wrap)
{
    struct axi_mem_knobs k;
    base_knobs(&k, 8);
    struct tb *t = tb_new(&k, 1, 2);
    struct job *wj = calloc(3, sizeof *wj);
    t->env.verbose = 2;         /* exercise the trace paths once */
    uint8_t img[64];

    sparse_mem_fill(t->mem, 0x1000, 0xEE, 0x40);
    /* Narrow INCR: 2-byte beats from unaligned 0x1003, all strobes on:
     * beat0 writes only 0x1003, then 0x1004-5, 0x1006-7, 0x1008-9. */
    struct job *j = job_new(wj, 0, 1, 0x1003, 3, 1, AXI_BURST_INCR);
    for (unsigned b = 0; b < 4; b++) {
        memset(j->data + b * 64, 0x10 + b, 8);
        j->strb[b] = 0xFF;
    }
    /* WRAP 4 x 8 bytes from 0x1018: 0x1018, 0x1000, 0x1008, 0x1010 —
     * placed at 0x1020 instead so it does not overlap the first burst. */
    j = job_new(wj, 1, 2, 0x1038, 3, 3, AXI_BURST_WRAP);
    for (unsigned b = 0; b < 4; b++) {
        memset(j->data + b * 64, 0x20 + b, 8);
        j->strb[b] = 0xFF;
    }
    /* FIXED 3 x 4 bytes at 0x100C: last beat wins, lanes 4..7 only. */
    j = job_new(wj, 2, 3, 0x100C, 2, 2, AXI_BURST_FIXED);
    for (unsigned b = 0; b < 3; b++) {
        memset(j->data + b * 64, 0x30 + b, 8);
        j->strb[b] = 0xFF;
    }
    tb_set_jobs(t, wj, 3, NULL, 0);
    tb_run(t, 10000);
    sparse_mem_read(t->mem, 0x1000, img, sizeof img);

    uint8_t want[64];
    memset(want, 0xEE, sizeof want);
    want[0x03] = 0x10;
    want[0x04] = want[0x05] = 0x11;
    want[0x06] = want[0x07] = 0x12;
    want[0x08] = want[0x09] = 0x13;
    memset(want + 0x38, 0x20, 8);
    memset(want + 0x20, 0x21, 8);
    memset(want + 0x28, 0x22, 8);
    memset(want + 0x30, 0x23, 8);
    memset(want + 0x0C, 0x32, 4);
    for (unsigned i = 0; i < 64; i++)
        ck_assert_msg(img[i] == want[i], "byte 0x%x: expected %02x, actual %02x",
                      0x1000 + i, want[i], img[i]);

    /* Read the WRAP burst back: beats come in wrap order. */
    struct job *rj = calloc(2, sizeof *rj);
    job_new(rj, 0, 2, 0x1038, 3, 3, AXI_BURST_WRAP);
    job_new(rj, 1, 2, 0x1004, 1, 2, AXI_BURST_FIXED);
    tb_set_jobs(t, wj, 3, rj, 2);
    t->m.aw_next = t->m.w_job = 3;
    tb_run(t, 10000);
    for (unsigned b = 0; b < 4; b++)
        ck_assert_mem_eq(rj[0].data + b * 64, want + (0x38 + 8 * b) % 0x20 + 0x20, 8);
    /* FIXED read returns the whole bus word both beats. */
    ck_assert_mem_eq(rj[1].data, want, 8);
    ck_assert_mem_eq(rj[1].data + 64, want, 8);
    tb_free(t);
    jobs_free(wj, 3);
    jobs_free(rj, 2);
}
END_TEST

/* A manager driving WSTRB on lanes the beat does not carry breaks the
 * protocol (the checker says so), and the memory still writes only the
 * beat's own lanes. */
START_TEST(test_strobes_outside_lanes)
{
    struct axi_mem_knobs k;
    base_knobs(&k, 8);
    struct tb *t = tb_new(&k, 1, 12);
    struct job *wj = calloc(1, sizeof *wj);
    uint8_t img[16], want[16];

    sparse_mem_fill(t->mem, 0x2000, 0xEE, sizeof img);
    /* 2-byte beats from 0x2003: lanes 3, then 4-5, 6-7, 0-1 (at 0x2008). */
    struct job *j = job_new(wj, 0, 1, 0x2003, 3, 1, AXI_BURST_INCR);
    for (unsigned b = 0; b < 4; b++) {
        memset(j->data + b * 64, 0x40 + b, 8);
        j->strb[b] = 0xFF;
    }
    t->m.raw_strobes = 1;
    t->env.quiet_failures = 1;      /* provoked on purpose: asserted below */
    tb_set_jobs(t, wj, 1, NULL, 0);
    for (int i = 0; i < 100 && !(t->m.w_job == 1 && t->m.wr_inflight == 0); i++)
        t->env.step(&t->env);
    ck_assert_int_eq(t->env.failed, 1);     /* once per burst, not per beat */
    ck_assert_ptr_nonnull(strstr(t->env.first_failure, "mem0_chk W: wstrb outside active "
                                 "lanes: expected WSTRB within 0x8 (beat 1/4 of id 0x1 "
                                 "addr 0x2003 size 1 INCR), actual 0xff"));
    sparse_mem_read(t->mem, 0x2000, img, sizeof img);
    memset(want, 0xEE, sizeof want);
    want[3] = 0x40;
    want[4] = want[5] = 0x41;
    want[6] = want[7] = 0x42;
    want[8] = want[9] = 0x43;
    ck_assert_mem_eq(img, want, sizeof want);
    t->env.failed = 0;
    tb_free(t);
    jobs_free(wj, 1);
}
END_TEST

START_TEST(test_read_latency)
{
    struct axi_mem_knobs k;
    base_knobs(&k, 8);
    k.rd_latency_min = 5;
    k.rd_latency_max = 9;
    k.seed = 77;
    struct tb *t = tb_new(&k, 1, 3);
    unsigned n = 200, hist[16] = {0};
    struct job *rj = calloc(n, sizeof *rj);

    for (unsigned i = 0; i < n; i++)
        job_new(rj, i, i % 3, 0x4000 + i * 64, 3, 3, AXI_BURST_INCR);
    t->m.max_rd_inflight = 1;   /* latency alone decides the first beat */
    tb_set_jobs(t, NULL, 0, rj, n);
    tb_run(t, 100000);
    for (unsigned i = 0; i < n; i++) {
        uint64_t lat = rj[i].first_r_cycle - rj[i].hs_cycle;
        ck_assert_msg(lat >= 5 && lat <= 9, "burst %u latency %llu", i,
                      (unsigned long long)lat);
        hist[lat]++;
    }
    for (unsigned l = 5; l <= 9; l++)
        ck_assert_uint_gt(hist[l], 10);     /* the whole range is used */
    tb_free(t);
    jobs_free(rj, n);

    /* Pipelined, with R stalls: never earlier than the minimum. */
    k.stall_pct_r = 40;
    t = tb_new(&k, 1, 4);
    rj = calloc(n, sizeof *rj);
    for (unsigned i = 0; i < n; i++)
        job_new(rj, i, i % 3, 0x4000 + i * 64, 3, 3, AXI_BURST_INCR);
    tb_set_jobs(t, NULL, 0, rj, n);
    tb_run(t, 100000);
    ck_assert_uint_gt(t->m.max_rd_inflight_seen, 2);
    for (unsigned i = 0; i < n; i++)
        ck_assert_uint_ge(rj[i].first_r_cycle - rj[i].hs_cycle, 5);
    tb_free(t);
    jobs_free(rj, n);
}
END_TEST

START_TEST(test_write_latency_and_b_order)
{
    struct axi_mem_knobs k;
    base_knobs(&k, 8);
    k.wr_latency = 7;
    struct tb *t = tb_new(&k, 1, 5);
    unsigned n = 60;
    struct job *wj = calloc(n, sizeof *wj);

    for (unsigned i = 0; i < n; i++) {
        struct job *j = job_new(wj, i, (i * 7) % 5, 0x8000 + i * 32, 3, 3, AXI_BURST_INCR);
        for (unsigned b = 0; b < 4; b++)
            j->strb[b] = 0xFF;
    }
    tb_set_jobs(t, wj, n, NULL, 0);
    tb_run(t, 100000);
    ck_assert_uint_eq(t->m.nb, n);
    for (unsigned i = 0; i < n; i++) {
        ck_assert_uint_eq(t->m.b_order[i], i);     /* B in AW order */
        ck_assert_uint_ge(wj[i].b_cycle - wj[i].last_w_cycle, 7);
    }
    /* With no stalls and nothing queued ahead, exactly the latency. */
    ck_assert_uint_eq(wj[0].b_cycle - wj[0].last_w_cycle, 7);
    tb_free(t);
    jobs_free(wj, n);
}
END_TEST

START_TEST(test_stall_rates)
{
    struct axi_mem_knobs k;
    base_knobs(&k, 8);
    k.stall_pct = 30;
    k.max_outstanding_rd = 64;
    k.max_outstanding_wr = 64;
    k.seed = 4242;
    struct tb *t = tb_new(&k, 1, 6);
    unsigned nr = 3000, nw = 3000;
    struct job *rj = calloc(nr + 1, sizeof *rj);
    struct job *wj = calloc(nw, sizeof *wj);

    /* Single-beat bursts: outstanding limits never bind, so ready low on
     * AR/AW/W is the stall generator alone. */
    for (unsigned i = 0; i < nr; i++)
        job_new(rj, i, i % 4, 0x100000 + (i % 512) * 8, 0, 3, AXI_BURST_INCR);
    for (unsigned i = 0; i < nw; i++) {
        struct job *j = job_new(wj, i, i % 4, 0x200000 + (i % 512) * 8, 0, 3, AXI_BURST_INCR);
        j->strb[0] = 0xFF;
    }
    /* One long burst to measure R valid withholding within a burst. */
    job_new(rj, nr, 9, 0x300000, 255, 3, AXI_BURST_INCR);
    tb_set_jobs(t, wj, nw, rj, nr + 1);
    tb_run(t, 1000000);

    double ar = (double)t->m.ar_stall_cycles / (double)t->m.ar_valid_cycles;
    double aw = (double)t->m.aw_stall_cycles / (double)t->m.aw_valid_cycles;
    double r = (double)t->m.r_gap_cycles / (double)t->m.r_burst_cycles;
    ck_assert_msg(ar > 0.26 && ar < 0.34, "AR stall rate %.3f", ar);
    ck_assert_msg(aw > 0.26 && aw < 0.34, "AW stall rate %.3f", aw);
    ck_assert_msg(r > 0.20 && r < 0.40, "R gap rate %.3f", r);
    tb_free(t);
    jobs_free(rj, nr + 1);
    jobs_free(wj, nw);

    /* Per-channel override: only R stalls, heavily; AR never. */
    base_knobs(&k, 8);
    k.stall_pct_r = 60;
    t = tb_new(&k, 1, 7);
    rj = calloc(1, sizeof *rj);
    job_new(rj, 0, 0, 0x300000, 255, 3, AXI_BURST_INCR);
    tb_set_jobs(t, NULL, 0, rj, 1);
    tb_run(t, 100000);
    r = (double)t->m.r_gap_cycles / (double)t->m.r_burst_cycles;
    ck_assert_msg(r > 0.50 && r < 0.70, "R gap rate %.3f", r);
    ck_assert_uint_eq(t->m.ar_stall_cycles, 0);
    tb_free(t);
    jobs_free(rj, 1);
}
END_TEST

static void reorder_run(int reorder, unsigned *reordered)
{
    struct axi_mem_knobs k;
    base_knobs(&k, 16);
    k.rd_latency_min = 1;
    k.rd_latency_max = 40;
    k.reorder_rd = reorder;
    k.stall_pct = 20;
    k.seed = 99;
    struct tb *t = tb_new(&k, !reorder, 8);
    unsigned n = 400;
    struct job *rj = calloc(n, sizeof *rj);
    struct bfm_rng r;

    bfm_rng_seed(&r, 1);
    /* Every 16-byte word holds its own address, so data names the burst. */
    for (uint64_t a = 0x50000; a < 0x50000 + 0x4000; a += 8)
        sparse_mem_write(t->mem, a, &a, 8);
    for (unsigned i = 0; i < n; i++)
        job_new(rj, i, (uint32_t)bfm_rng_range(&r, 0, 3), 0x50000 + bfm_rng_range(&r, 0, 255) * 64,
                (uint8_t)bfm_rng_range(&r, 0, 3), 4, AXI_BURST_INCR);
    t->m.rready_pct = 70;
    tb_set_jobs(t, NULL, 0, rj, n);
    tb_run(t, 1000000);
    for (unsigned i = 0; i < n; i++)
        for (unsigned b = 0; b <= rj[i].len; b++) {
            uint64_t want = rj[i].addr + b * 16, got;
            memcpy(&got, rj[i].data + b * 64, 8);
            /* Data matched by per-ID order: same-ID order was kept. */
            ck_assert_uint_eq(got, want);
        }
    *reordered = t->m.reordered;
    tb_free(t);     /* also asserts no interleaving and a clean checker */
    jobs_free(rj, n);
}

START_TEST(test_reorder_across_ids_only)
{
    unsigned reordered;

    reorder_run(1, &reordered);
    ck_assert_uint_gt(reordered, 20);
    reorder_run(0, &reordered);
    ck_assert_uint_eq(reordered, 0);
}
END_TEST

START_TEST(test_error_regions)
{
    struct axi_mem_knobs k;
    base_knobs(&k, 8);
    k.n_err = 3;
    k.err[0] = (struct axi_mem_err_region){ 0x20040, 0x20FFF, AXI_RESP_SLVERR, 1, 1 };
    k.err[1] = (struct axi_mem_err_region){ 0x30000, 0x30FEF, AXI_RESP_DECERR, 1, 0 };
    k.err[2] = (struct axi_mem_err_region){ 0x40000, 0x40FFF, AXI_RESP_DECERR, 0, 1 };
    struct tb *t = tb_new(&k, 1, 9);
    struct job *wj = calloc(4, sizeof *wj);
    struct job *rj = calloc(4, sizeof *rj);

    sparse_mem_set_fill(t->mem, 0x5C);
    sparse_mem_write(t->mem, 0x30000, "decerr!!", 8);
    /* Touches the SLVERR region by its last 64 bytes only. */
    job_new(wj, 0, 1, 0x20000, 15, 3, AXI_BURST_INCR);
    job_new(wj, 1, 1, 0x10000, 3, 3, AXI_BURST_INCR);           /* clean */
    job_new(wj, 2, 2, 0x30000, 0, 3, AXI_BURST_INCR);           /* read-only error */
    job_new(wj, 3, 2, 0x40FF8, 0, 3, AXI_BURST_INCR);           /* write error */
    for (unsigned i = 0; i < 4; i++)
        for (unsigned b = 0; b <= wj[i].len; b++) {
            wj[i].strb[b] = 0xFF;
            memset(wj[i].data + b * 64, 0x70 + i, 8);
        }
    job_new(rj, 0, 3, 0x30FE0, 3, 3, AXI_BURST_INCR);           /* DECERR read */
    job_new(rj, 1, 3, 0x20800, 7, 3, AXI_BURST_INCR);           /* SLVERR read */
    job_new(rj, 2, 3, 0x40000, 1, 3, AXI_BURST_INCR);           /* write-only region */
    job_new(rj, 3, 3, 0x30FF0, 1, 3, AXI_BURST_INCR);           /* just past DECERR */
    tb_set_jobs(t, wj, 4, rj, 4);
    tb_run(t, 10000);

    ck_assert_uint_eq(wj[0].resp[0], AXI_RESP_SLVERR);
    ck_assert_uint_eq(wj[1].resp[0], AXI_RESP_OKAY);
    ck_assert_uint_eq(wj[2].resp[0], AXI_RESP_OKAY);
    ck_assert_uint_eq(wj[3].resp[0], AXI_RESP_DECERR);
    /* The erroring write stored nothing, not even outside the region. */
    uint8_t buf[128];
    sparse_mem_read(t->mem, 0x20000, buf, sizeof buf);
    for (unsigned i = 0; i < sizeof buf; i++)
        ck_assert_uint_eq(buf[i], 0x5C);
    sparse_mem_read(t->mem, 0x40FF8, buf, 8);
    for (unsigned i = 0; i < 8; i++)
        ck_assert_uint_eq(buf[i], 0x5C);
    sparse_mem_read(t->mem, 0x10000, buf, 32);
    for (unsigned i = 0; i < 32; i++)
        ck_assert_uint_eq(buf[i], 0x71);
    sparse_mem_read(t->mem, 0x30000, buf, 8);
    ck_assert_uint_eq(buf[0], 0x72);   /* on_write = 0: stored */

    for (unsigned b = 0; b < 4; b++)
        ck_assert_uint_eq(rj[0].resp[b], AXI_RESP_DECERR);
    for (unsigned b = 0; b < 8; b++)
        ck_assert_uint_eq(rj[1].resp[b], AXI_RESP_SLVERR);
    for (unsigned b = 0; b < 2; b++) {
        ck_assert_uint_eq(rj[2].resp[b], AXI_RESP_OKAY);
        ck_assert_uint_eq(rj[3].resp[b], AXI_RESP_OKAY);
    }
    struct axi_mem_stats st;
    axi_mem_stats(t->axi, &st);
    ck_assert_uint_eq(st.err_resps, 4);
    tb_free(t);
    jobs_free(wj, 4);
    jobs_free(rj, 4);
}
END_TEST

START_TEST(test_addr_bits)
{
    struct axi_mem_knobs k;
    base_knobs(&k, 8);
    k.addr_bits = 64;
    struct tb *t = tb_new(&k, 1, 10);
    struct job *wj = calloc(1, sizeof *wj);
    struct job *rj = calloc(1, sizeof *rj);

    /* 64-bit port: high addresses are fine and land in sparse_mem. */
    struct job *j = job_new(wj, 0, 0, 0xFFFF00001000ULL, 0, 3, AXI_BURST_INCR);
    j->strb[0] = 0xFF;
    memcpy(j->data, "highaddr", 8);
    job_new(rj, 0, 0, 0xFFFF00001000ULL, 0, 3, AXI_BURST_INCR);
    tb_set_jobs(t, wj, 1, NULL, 0);
    tb_run(t, 1000);
    tb_set_jobs(t, wj, 1, rj, 1);
    t->m.aw_next = t->m.w_job = 1;
    tb_run(t, 1000);
    ck_assert_mem_eq(rj[0].data, "highaddr", 8);
    tb_free(t);
    jobs_free(rj, 1);

    /* 32-bit port: bit 32 set is flagged by the memory itself. */
    k.addr_bits = 32;
    t = tb_new(&k, 1, 11);
    rj = calloc(1, sizeof *rj);
    job_new(rj, 0, 0, 0x100000000ULL, 0, 3, AXI_BURST_INCR);
    tb_set_jobs(t, NULL, 0, rj, 1);
    t->env.quiet_failures = 1;      /* provoked on purpose: asserted below */
    for (int i = 0; i < 20 && !t->env.failed; i++)
        t->env.step(&t->env);
    ck_assert_int_eq(t->env.failed, 1);
    ck_assert_ptr_nonnull(strstr(t->env.first_failure, "mem0 AR: address above addr_bits"));
    ck_assert_ptr_nonnull(strstr(t->env.first_failure, "actual 0x100000000"));
    t->env.failed = 0;
    tb_run(t, 1000);
    tb_free(t);
    jobs_free(rj, 1);
    jobs_free(wj, 1);
}
END_TEST

/* The DBBIF of nv_medium_512 (16-byte beats) and nv_large (32-byte beats)
 * with 64-bit addresses: full-width bursts with random partial strobes up
 * to the 4 GiB line and on from it, and far above it; narrow unaligned
 * bursts. The image (guard bytes around it) and the data read back,
 * full-width and narrow, match a reference written byte by byte. */
static void wide_bus(unsigned db, uint64_t seed)
{
    struct axi_mem_knobs k;
    base_knobs(&k, db);
    k.addr_bits = 64;
    struct tb *t = tb_new(&k, 1, seed);
    uint8_t maxsize = 0;
    while ((1u << maxsize) < db)
        maxsize++;
    enum { NREG = 2, MAXJ = 80 };
    const uint64_t bases[NREG] = { 0x100000000ULL - 0x400, 0x7F1234560000ULL };
    const uint64_t span = 0x800, guard = 64, all = db == 64 ? ~0ULL : (1ULL << db) - 1;
    struct bfm_rng r;
    bfm_rng_seed(&r, seed);
    uint8_t *ref = malloc(NREG * (span + 2 * guard));
    ck_assert_ptr_nonnull(ref);
    memset(ref, 0x5A, NREG * (span + 2 * guard));
    unsigned nw = 0, nr = 0;
    struct job *wj = calloc(MAXJ, sizeof *wj), *rj = calloc(MAXJ, sizeof *rj);
    for (unsigned g = 0; g < NREG; g++) {
        sparse_mem_fill(t->mem, bases[g] - guard, 0x5A, span + 2 * guard);
        uint8_t *img = ref + g * (span + 2 * guard);
        /* full-width 4-beat bursts over the whole span; each beat's strobes
         * random (the first all on, the second all off) */
        for (uint64_t off = 0; off < span; off += 4 * db) {
            struct job *j = job_new(wj, nw, nw % 4, bases[g] + off, 3, maxsize, AXI_BURST_INCR);
            nw++;
            for (unsigned b = 0; b <= j->len; b++) {
                for (unsigned x = 0; x < db; x++)
                    j->data[b * 64 + x] = (uint8_t)bfm_rng_next(&r);
                j->strb[b] = b == 0 ? all : b == 1 ? 0 : bfm_rng_next(&r) & all;
            }
            ref_write(img, bases[g] - guard, j, db);
        }
        /* narrow: 4-byte beats from 3 bytes into a bus word, into the next word */
        struct job *j = job_new(wj, nw++, 5, bases[g] + 0x203 + db, (uint8_t)(2 * db / 4), 2, AXI_BURST_INCR);
        for (unsigned b = 0; b <= j->len; b++) {
            memset(j->data + b * 64, 0x80 + b, 64);
            j->strb[b] = ~0ULL;   /* the manager masks them to the beat's lanes */
        }
        ref_write(img, bases[g] - guard, j, db);
        /* narrow single bytes, every other one strobed off */
        j = job_new(wj, nw++, 6, bases[g] + 0x301, 6, 0, AXI_BURST_INCR);
        for (unsigned b = 0; b <= j->len; b++) {
            memset(j->data + b * 64, 0xC0 + b, 64);
            j->strb[b] = b % 2 ? 0 : ~0ULL;
        }
        ref_write(img, bases[g] - guard, j, db);
        /* read back: 16-beat bursts over the span, and the narrow burst */
        for (uint64_t off = 0; off < span; off += 16 * db)
            job_new(rj, nr++, g, bases[g] + off, 15, maxsize, AXI_BURST_INCR);
        job_new(rj, nr++, 7, bases[g] + 0x203 + db, 3, 2, AXI_BURST_INCR);
    }
    ck_assert_uint_le(nw, MAXJ);
    ck_assert_uint_le(nr, MAXJ);
    t->m.w_needs_aw = 1;
    tb_set_jobs(t, wj, nw, NULL, 0);
    tb_run(t, 200000);
    tb_set_jobs(t, wj, nw, rj, nr);
    t->m.aw_next = t->m.w_job = nw;
    tb_run(t, 200000);

    uint8_t *got = malloc(span + 2 * guard);
    for (unsigned g = 0; g < NREG; g++) {
        uint8_t *img = ref + g * (span + 2 * guard);
        sparse_mem_read(t->mem, bases[g] - guard, got, span + 2 * guard);
        for (uint64_t i = 0; i < span + 2 * guard; i++)
            ck_assert_msg(got[i] == img[i], "db %u: byte 0x%llx: expected %02x, actual %02x", db,
                          (unsigned long long)(bases[g] - guard + i), img[i], got[i]);
    }
    for (unsigned i = 0; i < nr; i++) {
        struct job *x = &rj[i];
        unsigned g = x->addr >= bases[1];
        const uint8_t *img = ref + g * (span + 2 * guard);
        for (unsigned b = 0; b <= x->len; b++) {
            /* only the lanes each beat carries are compared */
            uint64_t lanes = ref_lanes(x, b, db), bus = ref_beat_addr(x, b) / db * db;
            for (unsigned l = 0; l < db; l++)
                if ((lanes >> l) & 1)
                    ck_assert_msg(x->data[b * 64 + l] == img[bus + l - (bases[g] - guard)],
                                  "db %u: read 0x%llx lane %u", db, (unsigned long long)bus, l);
            ck_assert_uint_eq(x->resp[b], AXI_RESP_OKAY);
        }
    }
    struct axi_mem_stats st;
    axi_mem_stats(t->axi, &st);
    ck_assert_uint_eq(st.aw_bursts, nw);
    ck_assert_uint_eq(st.ar_bursts, nr);
    ck_assert_uint_eq(st.err_resps, 0);
    tb_free(t);
    jobs_free(wj, nw);
    jobs_free(rj, nr);
    free(ref);
    free(got);
}

START_TEST(test_wide_bus_high_addresses)
{
    wide_bus(16, 404);   /* nv_medium_512: 128-bit DBBIF */
    wide_bus(32, 505);   /* nv_large: 256-bit DBBIF and SRAMIF */
}
END_TEST

START_TEST(test_max_outstanding)
{
    struct axi_mem_knobs k;
    base_knobs(&k, 8);
    k.max_outstanding_rd = 2;
    k.max_outstanding_wr = 3;
    k.rd_latency_min = k.rd_latency_max = 20;
    k.wr_latency = 20;
    struct tb *t = tb_new(&k, 1, 12);
    unsigned n = 40;
    struct job *rj = calloc(n, sizeof *rj);
    struct job *wj = calloc(n, sizeof *wj);

    for (unsigned i = 0; i < n; i++) {
        job_new(rj, i, i % 2, 0x1000 + i * 8, 0, 3, AXI_BURST_INCR);
        job_new(wj, i, i % 2, 0x9000 + i * 8, 0, 3, AXI_BURST_INCR)->strb[0] = 0xFF;
    }
    tb_set_jobs(t, wj, n, rj, n);
    for (int c = 0; c < 5000 && !(t->m.rd_done == n && t->m.nb == n); c++) {
        ck_assert_int_eq(t->env.step(&t->env), 0);
        ck_assert_uint_le(t->m.rd_inflight, 2);
        ck_assert_uint_le(t->m.wr_inflight, 3);
        if (!axi_mem_idle(t->axi)) {
            char buf[256];
            axi_mem_outstanding(t->axi, buf, sizeof buf);
            ck_assert_ptr_nonnull(strstr(buf, "mem0: "));
        }
    }
    struct axi_mem_stats st;
    axi_mem_stats(t->axi, &st);
    ck_assert_uint_eq(st.max_rd_outstanding_seen, 2);
    ck_assert_uint_eq(st.max_wr_outstanding_seen, 3);
    ck_assert_uint_eq(t->m.max_rd_inflight_seen, 2);
    ck_assert(axi_mem_idle(t->axi));
    tb_free(t);
    jobs_free(rj, n);
    jobs_free(wj, n);
}
END_TEST

/* Random mixed traffic on several bus widths, all burst types, heavy
 * stalls both ways, then a full compare against the reference image. */
static void soak(unsigned db, uint64_t seed)
{
    struct axi_mem_knobs k;
    base_knobs(&k, db);
    k.rd_latency_min = 1;
    k.rd_latency_max = 12;
    k.wr_latency = 3;
    k.stall_pct = 35;
    k.seed = seed;
    struct tb *t = tb_new(&k, 1, seed);
    const uint64_t base = 0x7000000, span = 0x8000;
    unsigned maxsize = 0, nw = 600;
    struct job *wj = calloc(nw, sizeof *wj);
    uint8_t *ref = malloc(span), *img = malloc(span);
    struct bfm_rng r;

    while ((1u << maxsize) < db)
        maxsize++;
    bfm_rng_seed(&r, seed);
    sparse_mem_set_fill(t->mem, 0x3C);
    memset(ref, 0x3C, span);
    for (unsigned i = 0; i < nw; i++) {
        uint8_t size = (uint8_t)bfm_rng_range(&r, 0, maxsize);
        uint8_t burst = (uint8_t)bfm_rng_range(&r, 0, 2);
        uint8_t len;
        uint64_t nb = 1u << size, addr;
        if (burst == AXI_BURST_WRAP) {
            static const uint8_t wl[4] = { 1, 3, 7, 15 };
            len = wl[bfm_rng_range(&r, 0, 3)];
            addr = base + bfm_rng_range(&r, 0, span / nb - 1) * nb;
            /* Keep the wrap container inside the span. */
            if (addr + nb * (len + 1) > base + span)
                addr -= nb * (len + 1);
        } else {
            len = (uint8_t)bfm_rng_range(&r, 0, 15);
            /* Unaligned starts allowed; stay inside one 4 KB page. */
            uint64_t bytes = nb * (len + 1u);
            uint64_t page = base + bfm_rng_range(&r, 0, span / 4096 - 1) * 4096;
            addr = page + bfm_rng_range(&r, 0, 4096 - bytes);
        }
        struct job *j = job_new(wj, i, (uint32_t)bfm_rng_range(&r, 0, 7), addr, len, size, burst);
        for (unsigned b = 0; b <= len; b++) {
            for (unsigned x = 0; x < db; x++)
                j->data[b * 64 + x] = (uint8_t)bfm_rng_next(&r);
            j->strb[b] = bfm_rng_next(&r);
        }
        ref_write(ref, base, j, db);
    }
    t->m.valid_pct = 60;
    t->m.rready_pct = 60;
    t->m.bready_pct = 60;
    tb_set_jobs(t, wj, nw, NULL, 0);
    tb_run(t, 2000000);
    sparse_mem_read(t->mem, base, img, span);
    ck_assert_msg(memcmp(img, ref, span) == 0, "soak db=%u mismatch", db);

    /* Read everything back in full-width INCR bursts of 16 beats. */
    unsigned nr = (unsigned)(span / (16 * db));
    struct job *rj = calloc(nr, sizeof *rj);
    for (unsigned i = 0; i < nr; i++)
        job_new(rj, i, i % 5, base + (uint64_t)i * 16 * db, 15, (uint8_t)maxsize, AXI_BURST_INCR);
    tb_set_jobs(t, wj, nw, rj, nr);
    t->m.aw_next = t->m.w_job = nw;
    tb_run(t, 2000000);
    for (unsigned i = 0; i < nr; i++)
        for (unsigned b = 0; b < 16; b++)
            ck_assert_mem_eq(rj[i].data + b * 64, ref + ((uint64_t)i * 16 + b) * db, db);
    tb_free(t);
    jobs_free(wj, nw);
    jobs_free(rj, nr);
    free(ref);
    free(img);
}

START_TEST(test_soak_widths)
{
    soak(4, 101);
    soak(8, 202);
    soak(64, 303);
}
END_TEST

START_TEST(test_create_args)
{
    struct axi_mem_knobs k;
    struct axi_pins pins;
    struct bfm_env env = {0};
    struct sparse_mem *mem = sparse_mem_create();

    axi_mem_knobs_default(&k);
    k.data_bytes = 12;
    ck_assert_ptr_null(axi_mem_create("x", &k, &pins, mem, &env));
    axi_mem_knobs_default(&k);
    k.rd_latency_min = 10;
    k.rd_latency_max = 2;
    ck_assert_ptr_null(axi_mem_create("x", &k, &pins, mem, &env));
    axi_mem_knobs_default(&k);
    k.n_err = 9;
    ck_assert_ptr_null(axi_mem_create("x", &k, &pins, mem, &env));
    ck_assert_ptr_null(axi_mem_create("x", NULL, &pins, NULL, &env));
    struct axi_mem *m = axi_mem_create(NULL, NULL, &pins, mem, &env);
    ck_assert_ptr_nonnull(m);
    ck_assert(axi_mem_idle(m));
    axi_mem_destroy(m);
    axi_mem_destroy(NULL);
    sparse_mem_destroy(mem);
}
END_TEST

/* ---- pluggable backing store ------------------------------------------ */

/* A flat 4 KiB store at 0x1000 that fails every beat touching 0x1800..0x18FF
 * and records what the BFM handed it. */
struct flat_store {
    uint8_t img[4096];
    unsigned reads, writes, bad_n;
    uint8_t last_strb[64];
};

static int flat_read(void *ctx, uint64_t addr, uint8_t *buf, unsigned n)
{
    struct flat_store *f = ctx;
    f->reads++;
    f->bad_n += n != 8;
    if (addr < 0x1000 || addr + n > 0x2000 || (addr + n > 0x1800 && addr < 0x1900))
        return -1;
    memcpy(buf, f->img + (addr - 0x1000), n);
    return 0;
}

static int flat_write(void *ctx, uint64_t addr, const uint8_t *buf, const uint8_t *strb, unsigned n)
{
    struct flat_store *f = ctx;
    f->writes++;
    f->bad_n += n != 8;
    memcpy(f->last_strb, strb, n);
    if (addr < 0x1000 || addr + n > 0x2000 || (addr + n > 0x1800 && addr < 0x1900))
        return -1;
    for (unsigned i = 0; i < n; i++)
        if (strb[i] == 0xFF)
            f->img[addr - 0x1000 + i] = buf[i];
    return 0;
}

START_TEST(test_store_hook)
{
    struct axi_mem_knobs k;
    base_knobs(&k, 8);
    struct tb *t = tb_new(&k, 1, 11);
    static struct flat_store fs;
    memset(&fs, 0x11, sizeof fs.img);
    fs.reads = fs.writes = fs.bad_n = 0;
    struct axi_mem_store st = { &fs, flat_read, flat_write };
    axi_mem_set_store(t->axi, &st);
    sparse_mem_set_fill(t->mem, 0x5C);

    struct job *wj = calloc(2, sizeof *wj);
    struct job *rj = calloc(3, sizeof *rj);
    /* 4 beats, the second with only the upper half strobed */
    job_new(wj, 0, 1, 0x1040, 3, 3, AXI_BURST_INCR);
    for (unsigned b = 0; b < 4; b++) {
        wj[0].strb[b] = b == 1 ? 0xF0 : 0xFF;
        for (unsigned i = 0; i < 8; i++)
            wj[0].data[b * 64 + i] = (uint8_t)(0x80 + b * 8 + i);
    }
    /* its third beat hits the failing range: SLVERR on B, fourth not stored */
    job_new(wj, 1, 2, 0x17F0, 3, 3, AXI_BURST_INCR);
    for (unsigned b = 0; b < 4; b++) {
        wj[1].strb[b] = 0xFF;
        memset(wj[1].data + b * 64, 0xE0 + b, 8);
    }
    tb_set_jobs(t, wj, 2, NULL, 0);
    tb_run(t, 10000);
    ck_assert_uint_eq(wj[0].resp[0], AXI_RESP_OKAY);
    ck_assert_uint_eq(wj[1].resp[0], AXI_RESP_SLVERR);
    ck_assert_uint_eq(fs.writes, 4 + 3);        /* the fourth beat of the failing burst never reached it */
    ck_assert_uint_eq(fs.last_strb[0], 0xFF);
    for (unsigned i = 0; i < 8; i++) {
        ck_assert_uint_eq(fs.img[0x40 + i], 0x80 + i);
        ck_assert_uint_eq(fs.img[0x48 + i], i < 4 ? 0x11 : 0x88 + i);   /* strobed half only */
        ck_assert_uint_eq(fs.img[0x7F0 + i], 0xE0);
        ck_assert_uint_eq(fs.img[0x7F8 + i], 0xE1);
    }
    /* reads: a clean burst, one that turns SLVERR at its failing beat and stays so */
    job_new(rj, 0, 3, 0x1040, 3, 3, AXI_BURST_INCR);
    job_new(rj, 1, 3, 0x17F0, 3, 3, AXI_BURST_INCR);
    tb_set_jobs(t, NULL, 0, rj, 2);
    tb_run(t, 10000);
    for (unsigned i = 0; i < 8; i++)
        ck_assert_uint_eq(rj[0].data[i], 0x80 + i);
    ck_assert_uint_eq(rj[1].resp[0], AXI_RESP_OKAY);
    ck_assert_uint_eq(rj[1].resp[1], AXI_RESP_OKAY);
    ck_assert_uint_eq(rj[1].resp[2], AXI_RESP_SLVERR);
    ck_assert_uint_eq(rj[1].resp[3], AXI_RESP_SLVERR);
    ck_assert_uint_eq(rj[1].data[2 * 64], 0);    /* error beats carry no data */
    ck_assert_uint_eq(fs.reads, 4 + 3);
    ck_assert_uint_eq(fs.bad_n, 0);
    struct axi_mem_stats s;
    axi_mem_stats(t->axi, &s);
    ck_assert_uint_eq(s.err_resps, 2);
    ck_assert_uint_eq(s.wr_bytes, 8 * 3 + 4 + 8 * 2);
    /* NULL puts the sparse_mem back */
    axi_mem_set_store(t->axi, NULL);
    job_new(rj, 2, 4, 0x1040, 0, 3, AXI_BURST_INCR);
    tb_set_jobs(t, NULL, 0, rj + 2, 1);
    tb_run(t, 10000);
    ck_assert_uint_eq(rj[2].resp[0], AXI_RESP_OKAY);
    ck_assert_uint_eq(rj[2].data[0], 0x5C);
    ck_assert_uint_eq(fs.reads, 7);
    tb_free(t);
    jobs_free(wj, 2);
    jobs_free(rj, 3);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("axi_mem");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_strobed_writes_guard_bytes);
    tcase_add_test(tc, test_narrow_fixed_wrap);
    tcase_add_test(tc, test_strobes_outside_lanes);
    tcase_add_test(tc, test_read_latency);
    tcase_add_test(tc, test_write_latency_and_b_order);
    tcase_add_test(tc, test_stall_rates);
    tcase_add_test(tc, test_reorder_across_ids_only);
    tcase_add_test(tc, test_error_regions);
    tcase_add_test(tc, test_addr_bits);
    tcase_add_test(tc, test_wide_bus_high_addresses);
    tcase_add_test(tc, test_max_outstanding);
    tcase_add_test(tc, test_soak_widths);
    tcase_add_test(tc, test_create_args);
    tcase_add_test(tc, test_store_hook);
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
