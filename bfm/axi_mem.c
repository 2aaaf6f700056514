/* axi_mem: AXI4 subordinate over a sparse_mem.
 *
 * Writes: accepted AWs sit in a ring in AW order. W beats always belong to
 * the oldest AW still missing data (AXI4 has no write interleaving), and B
 * responses leave in AW order, so one ring with two cursors does it all.
 * W is only accepted once its AW has been (a subordinate may wait for AW).
 *
 * Reads: accepted ARs live in fixed slots linked in age order. In order,
 * only the oldest is ever returned; with reorder_rd, any burst that is the
 * oldest of its ID and whose latency has elapsed may go next. One burst is
 * sent to completion before the next starts (no interleaving).
 *
 * Outputs obey AXI themselves: once R/B valid is up it stays up with a
 * stable payload until ready. All queues are sized at create time, so the
 * per-cycle paths never allocate. */
#include "axi_mem.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axi_burst.h"
#include "bfm_pause.h"
#include "bfm_rng.h"

enum { CH_AW, CH_W, CH_AR, CH_R, CH_B, CH_N };

struct wr_burst {
    uint32_t id;
    struct axi_burst_geom g;
    uint8_t resp;
    unsigned beats_done;
    uint64_t b_due;         /* earliest cycle for B, once all W are in */
    uint64_t accepted;      /* cycle of the AW handshake (for the log's latency) */
};

struct rd_burst {
    uint32_t id;
    struct axi_burst_geom g;
    uint8_t resp;
    unsigned beats_done;
    uint64_t due;           /* earliest cycle for the first R beat */
    uint64_t accepted;      /* cycle of the AR handshake (for the log's latency) */
    int prev, next;         /* age-ordered list of outstanding bursts */
    int id_head;            /* oldest outstanding burst of its ID */
};

struct axi_mem {
    char name[64];
    struct axi_mem_knobs k;
    struct axi_pins *pins;
    struct sparse_mem *mem;
    struct axi_mem_store store;         /* read == NULL: the sparse_mem */
    struct write_map *written;          /* lanes stored by write bursts; NULL: not kept */
    struct bfm_env *env;
    unsigned max_wr, max_rd;
    struct bfm_rng rng;                 /* reorder choices, read latency */
    struct bfm_pause pause[CH_N];
    int stall[CH_N];                    /* this cycle's pause decisions */

    struct wr_burst *wr;                /* ring of max_wr */
    unsigned wr_head, wr_n;
    unsigned w_pos;                     /* bursts from head with all W beats */
    int b_held;

    struct rd_burst *rd;                /* max_rd slots */
    int *rd_free;                       /* stack of free slot indices */
    unsigned rd_nfree, rd_n;
    int rd_oldest, rd_newest;           /* age list ends, -1 if empty */
    int r_cur;                          /* burst being returned, -1 if none */
    int r_held;
    uint64_t next_scan;                 /* reorder: no burst eligible before this */

    struct axi_mem_stats st;
};

static void *xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n, sz);
    if (!p) {
        fprintf(stderr, "axi_mem: out of memory\n");
        abort();
    }
    return p;
}

void axi_mem_knobs_default(struct axi_mem_knobs *k)
{
    memset(k, 0, sizeof *k);
    k->data_bytes = 8;
    k->addr_bits = 64;
    k->rd_latency_min = 4;
    k->rd_latency_max = 16;
    k->wr_latency = 2;
    k->stall_pct = 0;
    k->max_outstanding_rd = 16;
    k->max_outstanding_wr = 16;
    k->reorder_rd = 0;
    k->seed = 1;
}

static int check_knobs(const char *name, const struct axi_mem_knobs *k)
{
    const unsigned pcts[] = { k->stall_pct, k->stall_pct_aw, k->stall_pct_w,
                              k->stall_pct_ar, k->stall_pct_r, k->stall_pct_b };

    if (k->data_bytes < 4 || k->data_bytes > AXI_MAX_DATA_BYTES ||
        (k->data_bytes & (k->data_bytes - 1))) {
        fprintf(stderr, "%s: data_bytes %u must be a power of two in 4..%d\n",
                name, k->data_bytes, AXI_MAX_DATA_BYTES);
        return 0;
    }
    if (k->addr_bits < 1 || k->addr_bits > 64) {
        fprintf(stderr, "%s: addr_bits %u must be 1..64\n", name, k->addr_bits);
        return 0;
    }
    if (k->rd_latency_min > k->rd_latency_max) {
        fprintf(stderr, "%s: rd_latency_min %u > rd_latency_max %u\n",
                name, k->rd_latency_min, k->rd_latency_max);
        return 0;
    }
    if (k->n_err > AXI_MEM_MAX_ERR_REGIONS) {
        fprintf(stderr, "%s: n_err %u > %d\n", name, k->n_err, AXI_MEM_MAX_ERR_REGIONS);
        return 0;
    }
    for (unsigned i = 0; i < sizeof pcts / sizeof pcts[0]; i++)
        if (pcts[i] > 100) {
            fprintf(stderr, "%s: stall percent %u > 100\n", name, pcts[i]);
            return 0;
        }
    /* Always stalling would hang the port for good: certainly a typo. */
    if (k->stall_pct >= 100) {
        fprintf(stderr, "%s: stall_pct 100 would never make progress\n", name);
        return 0;
    }
    return 1;
}

struct axi_mem *axi_mem_create(const char *name, const struct axi_mem_knobs *k,
                               struct axi_pins *pins, struct sparse_mem *mem,
                               struct bfm_env *env)
{
    struct axi_mem *m;
    struct axi_mem_knobs dk;
    struct bfm_rng seeder;
    const char *nm = name ? name : "axi";
    unsigned ch_pct[CH_N];

    if (!pins || !mem || !env) {
        fprintf(stderr, "axi_mem_create: pins, mem and env are required\n");
        return NULL;
    }
    if (!k) {
        axi_mem_knobs_default(&dk);
        k = &dk;
    }
    if (!check_knobs(nm, k))
        return NULL;
    m = xcalloc(1, sizeof *m);
    snprintf(m->name, sizeof m->name, "%s", nm);
    m->k = *k;
    m->pins = pins;
    m->mem = mem;
    m->env = env;
    m->max_wr = k->max_outstanding_wr ? k->max_outstanding_wr : 16;
    m->max_rd = k->max_outstanding_rd ? k->max_outstanding_rd : 16;

    /* One printed seed drives everything; each channel gets its own stream
     * so changing one channel's knob does not reshuffle the others. */
    bfm_rng_seed(&seeder, k->seed);
    bfm_rng_seed(&m->rng, bfm_rng_next(&seeder));
    ch_pct[CH_AW] = k->stall_pct_aw;
    ch_pct[CH_W] = k->stall_pct_w;
    ch_pct[CH_AR] = k->stall_pct_ar;
    ch_pct[CH_R] = k->stall_pct_r;
    ch_pct[CH_B] = k->stall_pct_b;
    for (int c = 0; c < CH_N; c++) {
        unsigned pct = ch_pct[c] ? ch_pct[c] : k->stall_pct;
        uint64_t s = bfm_rng_next(&seeder);
        if (pct)
            bfm_pause_init_random(&m->pause[c], pct, s);
        else
            bfm_pause_init_none(&m->pause[c]);
    }

    m->wr = xcalloc(m->max_wr, sizeof *m->wr);
    m->rd = xcalloc(m->max_rd, sizeof *m->rd);
    m->rd_free = xcalloc(m->max_rd, sizeof *m->rd_free);
    for (unsigned i = 0; i < m->max_rd; i++)
        m->rd_free[i] = (int)(m->max_rd - 1 - i);
    m->rd_nfree = m->max_rd;
    m->rd_oldest = m->rd_newest = -1;
    m->r_cur = -1;
    return m;
}

void axi_mem_destroy(struct axi_mem *m)
{
    if (!m)
        return;
    free(m->wr);
    free(m->rd);
    free(m->rd_free);
    free(m);
}

/* ---- helpers ---------------------------------------------------------- */

static unsigned popcount64(uint64_t x)
{
    unsigned n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

static uint8_t err_resp(const struct axi_mem *m, const struct axi_burst_geom *g, int is_write)
{
    uint64_t lo, hi;

    axi_burst_range(g, &lo, &hi);
    for (unsigned i = 0; i < m->k.n_err; i++) {
        const struct axi_mem_err_region *e = &m->k.err[i];
        if ((is_write ? e->on_write : e->on_read) && lo <= e->hi && hi >= e->lo)
            return e->resp;
    }
    return AXI_RESP_OKAY;
}

/* Validate an address-channel request and build its geometry. */
static void take_request(struct axi_mem *m, const char *ch, uint64_t addr, uint8_t len,
                         uint8_t size, uint8_t burst, struct axi_burst_geom *g)
{
    unsigned max_size = 0;

    while ((1u << max_size) < m->k.data_bytes)
        max_size++;
    if (m->k.addr_bits < 64 && (addr >> m->k.addr_bits))
        bfm_fail(m->env, m->name, ch, "address above addr_bits",
                 "expected address < 2^%u, actual 0x%" PRIx64, m->k.addr_bits, addr);
    if (size > max_size) {
        bfm_fail(m->env, m->name, ch, "size wider than bus",
                 "expected size <= %u (%u-byte bus), actual %u", max_size,
                 m->k.data_bytes, size);
        size = (uint8_t)max_size;   /* carry on with a sane beat size */
    }
    axi_burst_init(g, addr, len, size, burst);
}

/* ---- drive ------------------------------------------------------------ */

static void rd_unlink(struct axi_mem *m, int i)
{
    struct rd_burst *b = &m->rd[i];

    if (b->prev >= 0)
        m->rd[b->prev].next = b->next;
    else
        m->rd_oldest = b->next;
    if (b->next >= 0)
        m->rd[b->next].prev = b->prev;
    else
        m->rd_newest = b->prev;
    if (m->k.reorder_rd) {
        /* The next burst of the same ID (if any) may now go. Per-burst
         * scan, bounded by max_outstanding_rd. */
        for (int j = b->next; j >= 0; j = m->rd[j].next)
            if (m->rd[j].id == b->id) {
                m->rd[j].id_head = 1;
                if (m->rd[j].due < m->next_scan)
                    m->next_scan = m->rd[j].due;
                break;
            }
    }
    m->rd_free[m->rd_nfree++] = i;
    m->rd_n--;
}

static int pick_read(struct axi_mem *m)
{
    uint64_t now = m->env->cycle, soonest = UINT64_MAX;
    unsigned n = 0, pick;

    if (m->rd_oldest < 0)
        return -1;
    if (!m->k.reorder_rd)
        return m->rd[m->rd_oldest].due <= now ? m->rd_oldest : -1;
    if (now < m->next_scan)
        return -1;
    for (int i = m->rd_oldest; i >= 0; i = m->rd[i].next) {
        const struct rd_burst *b = &m->rd[i];
        if (!b->id_head)
            continue;
        if (b->due <= now)
            n++;
        else if (b->due < soonest)
            soonest = b->due;
    }
    if (!n) {
        m->next_scan = soonest;
        return -1;
    }
    /* Random among the eligible ones, so reordering really happens. */
    pick = (unsigned)bfm_rng_range(&m->rng, 0, n - 1);
    for (int i = m->rd_oldest; i >= 0; i = m->rd[i].next) {
        const struct rd_burst *b = &m->rd[i];
        if (b->id_head && b->due <= now && pick-- == 0) {
            m->next_scan = 0;   /* rescan after this burst */
            return i;
        }
    }
    return -1;  /* not reached */
}

/* The default store (the sparse_mem) is called directly, so the common
 * case costs no indirection nor strobe conversion. */
static int store_read(struct axi_mem *m, uint64_t addr, uint8_t *buf)
{
    if (m->store.read)
        return m->store.read(m->store.ctx, addr, buf, m->k.data_bytes);
    sparse_mem_read(m->mem, addr, buf, m->k.data_bytes);
    return 0;
}

static int store_write(struct axi_mem *m, uint64_t addr, const uint8_t *data, uint64_t lanes)
{
    if (m->written)
        write_map_mark_strb(m->written, addr, m->k.data_bytes, lanes);
    if (m->store.write) {
        uint8_t strb[AXI_MAX_DATA_BYTES];
        for (unsigned i = 0; i < m->k.data_bytes; i++)
            strb[i] = (lanes >> i) & 1 ? 0xFF : 0x00;
        return m->store.write(m->store.ctx, addr, data, strb, m->k.data_bytes);
    }
    sparse_mem_write_strb(m->mem, addr, data, m->k.data_bytes, lanes);
    return 0;
}

static void drive_r(struct axi_mem *m)
{
    struct axi_pins *p = m->pins;

    if (!m->r_held) {
        if (m->r_cur < 0)
            m->r_cur = pick_read(m);
        if (m->r_cur >= 0 && !m->stall[CH_R]) {
            struct rd_burst *b = &m->rd[m->r_cur];
            uint64_t a = axi_burst_beat_addr(&b->g, b->beats_done);
            p->r_id = b->id;
            p->r_resp = b->resp;
            p->r_last = b->beats_done + 1 == b->g.beats;
            if (b->resp == AXI_RESP_OKAY &&
                store_read(m, a & ~(uint64_t)(m->k.data_bytes - 1), p->r_data)) {
                bfm_log(m->env, 1, m->name, "R id 0x%" PRIx32 " beat %u: store read error at 0x%" PRIx64
                        ": SLVERR", b->id, b->beats_done + 1, a);
                b->resp = AXI_RESP_SLVERR;     /* this beat and the rest of the burst */
                p->r_resp = b->resp;
            }
            if (b->resp != AXI_RESP_OKAY)
                memset(p->r_data, 0, m->k.data_bytes);
            m->r_held = 1;
        }
    }
    p->r_valid = (uint8_t)m->r_held;
}

static void drive_b(struct axi_mem *m)
{
    struct axi_pins *p = m->pins;

    if (!m->b_held && m->w_pos > 0 && !m->stall[CH_B]) {
        const struct wr_burst *b = &m->wr[m->wr_head];
        if (b->b_due <= m->env->cycle) {
            p->b_id = b->id;
            p->b_resp = b->resp;
            m->b_held = 1;
        }
    }
    p->b_valid = (uint8_t)m->b_held;
}

void axi_mem_drive(struct axi_mem *m)
{
    struct axi_pins *p = m->pins;

    /* Every pause generator advances exactly once per cycle, used or not,
     * so the stall pattern depends only on the seed and the cycle. */
    for (int c = 0; c < CH_N; c++)
        m->stall[c] = bfm_pause_next(&m->pause[c]);
    p->aw_ready = m->wr_n < m->max_wr && !m->stall[CH_AW];
    p->w_ready = m->w_pos < m->wr_n && !m->stall[CH_W];
    p->ar_ready = m->rd_n < m->max_rd && !m->stall[CH_AR];
    drive_r(m);
    drive_b(m);
}

/* ---- sample ----------------------------------------------------------- */

static void sample_r(struct axi_mem *m)
{
    struct rd_burst *b;

    if (!m->r_held || !m->pins->r_ready)
        return;
    b = &m->rd[m->r_cur];
    m->st.r_beats++;
    if (b->resp == AXI_RESP_OKAY)
        m->st.rd_bytes += popcount64(axi_burst_lanes(axi_burst_beat_addr(&b->g, b->beats_done),
                                                     b->g.nbytes, m->k.data_bytes));
    bfm_log(m->env, 2, m->name, "R id 0x%" PRIx32 " beat %u/%u resp %u", b->id,
            b->beats_done + 1, b->g.beats, b->resp);
    m->r_held = 0;
    if (++b->beats_done == b->g.beats) {
        if (b->resp != AXI_RESP_OKAY)
            m->st.err_resps++;
        bfm_log(m->env, 1, m->name, "R id 0x%" PRIx32 " addr 0x%" PRIx64 " done: %u beats of %u bytes, resp %u, "
                "%" PRIu64 " cycles from AR to the last beat", b->id, b->g.addr, b->g.beats, b->g.nbytes, b->resp,
                m->env->cycle - b->accepted);
        rd_unlink(m, m->r_cur);
        m->r_cur = -1;
    }
}

static void sample_b(struct axi_mem *m)
{
    const struct wr_burst *b;

    if (!m->b_held || !m->pins->b_ready)
        return;
    b = &m->wr[m->wr_head];
    bfm_log(m->env, 1, m->name, "B id 0x%" PRIx32 " addr 0x%" PRIx64 " resp %u: %u beats of %u bytes, %" PRIu64
            " cycles from AW to B", b->id, b->g.addr, b->resp, b->g.beats, b->g.nbytes, m->env->cycle - b->accepted);
    m->st.b_resps++;
    if (b->resp != AXI_RESP_OKAY)
        m->st.err_resps++;
    m->wr_head = (m->wr_head + 1) % m->max_wr;
    m->wr_n--;
    m->w_pos--;
    m->b_held = 0;
}

static void sample_w(struct axi_mem *m)
{
    const struct axi_pins *p = m->pins;
    struct wr_burst *b;
    uint64_t a, lanes;

    if (!p->w_valid || !p->w_ready)
        return;
    /* w_ready was only raised with a burst waiting for data. */
    b = &m->wr[(m->wr_head + m->w_pos) % m->max_wr];
    a = axi_burst_beat_addr(&b->g, b->beats_done);
    lanes = axi_burst_lanes(a, b->g.nbytes, m->k.data_bytes) & p->w_strb;
    if (b->resp == AXI_RESP_OKAY && lanes) {
        if (store_write(m, a & ~(uint64_t)(m->k.data_bytes - 1), p->w_data, lanes)) {
            bfm_log(m->env, 1, m->name, "W id 0x%" PRIx32 " beat %u: store write error at 0x%" PRIx64
                    ": SLVERR", b->id, b->beats_done + 1, a);
            b->resp = AXI_RESP_SLVERR;         /* answered on B; later beats not stored */
        } else {
            m->st.wr_bytes += popcount64(lanes);
        }
    }
    m->st.w_beats++;
    bfm_log(m->env, 2, m->name, "W id 0x%" PRIx32 " beat %u/%u addr 0x%" PRIx64, b->id,
            b->beats_done + 1, b->g.beats, a);
    if (++b->beats_done == b->g.beats) {
        uint64_t lat = m->k.wr_latency ? m->k.wr_latency : 1;
        b->b_due = m->env->cycle + lat;
        m->w_pos++;
    }
}

static void sample_aw(struct axi_mem *m)
{
    const struct axi_pins *p = m->pins;
    struct wr_burst *b;

    if (!p->aw_valid || !p->aw_ready)
        return;
    b = &m->wr[(m->wr_head + m->wr_n) % m->max_wr];
    memset(b, 0, sizeof *b);
    b->id = p->aw_id;
    b->accepted = m->env->cycle;
    take_request(m, "AW", p->aw_addr, p->aw_len, p->aw_size, p->aw_burst, &b->g);
    b->resp = err_resp(m, &b->g, 1);
    m->wr_n++;
    m->st.aw_bursts++;
    if (m->wr_n > m->st.max_wr_outstanding_seen)
        m->st.max_wr_outstanding_seen = m->wr_n;
    bfm_log(m->env, 1, m->name, "AW id 0x%" PRIx32 " addr 0x%" PRIx64 " len %u size %u burst %u%s",
            b->id, p->aw_addr, p->aw_len, p->aw_size, p->aw_burst,
            b->resp ? " (error region)" : "");
}

static void sample_ar(struct axi_mem *m)
{
    const struct axi_pins *p = m->pins;
    struct rd_burst *b;
    int i;

    if (!p->ar_valid || !p->ar_ready)
        return;
    i = m->rd_free[--m->rd_nfree];
    b = &m->rd[i];
    memset(b, 0, sizeof *b);
    b->id = p->ar_id;
    b->accepted = m->env->cycle;
    take_request(m, "AR", p->ar_addr, p->ar_len, p->ar_size, p->ar_burst, &b->g);
    b->resp = err_resp(m, &b->g, 0);
    {
        uint64_t lat = bfm_rng_range(&m->rng, m->k.rd_latency_min, m->k.rd_latency_max);
        b->due = m->env->cycle + (lat ? lat : 1);
    }
    b->id_head = 1;
    if (m->k.reorder_rd) {
        /* Per-burst scan bounded by max_outstanding_rd. */
        for (int j = m->rd_oldest; j >= 0; j = m->rd[j].next)
            if (m->rd[j].id == b->id) {
                b->id_head = 0;
                break;
            }
        if (b->id_head && b->due < m->next_scan)
            m->next_scan = b->due;
    }
    b->next = -1;
    b->prev = m->rd_newest;
    if (m->rd_newest >= 0)
        m->rd[m->rd_newest].next = i;
    else
        m->rd_oldest = i;
    m->rd_newest = i;
    m->rd_n++;
    m->st.ar_bursts++;
    if (m->rd_n > m->st.max_rd_outstanding_seen)
        m->st.max_rd_outstanding_seen = m->rd_n;
    bfm_log(m->env, 1, m->name, "AR id 0x%" PRIx32 " addr 0x%" PRIx64 " len %u size %u burst %u%s",
            b->id, p->ar_addr, p->ar_len, p->ar_size, p->ar_burst,
            b->resp ? " (error region)" : "");
}

void axi_mem_sample(struct axi_mem *m)
{
    /* Responses, then data, then new requests: a request accepted this
     * cycle is never answered in the same cycle. */
    sample_r(m);
    sample_b(m);
    sample_w(m);
    sample_aw(m);
    sample_ar(m);
}

/* ---- status ----------------------------------------------------------- */

int axi_mem_idle(const struct axi_mem *m)
{
    return m->wr_n == 0 && m->rd_n == 0;
}

void axi_mem_outstanding(const struct axi_mem *m, char *buf, unsigned len)
{
    int n;

    if (!buf || !len)
        return;
    n = snprintf(buf, len, "%s: %u writes (%u awaiting W data, %u awaiting B), %u reads",
                 m->name, m->wr_n, m->wr_n - m->w_pos, m->w_pos, m->rd_n);
    if (m->rd_oldest >= 0 && n >= 0 && (unsigned)n < len) {
        const struct rd_burst *b = &m->rd[m->rd_oldest];
        snprintf(buf + n, len - (unsigned)n,
                 " (oldest id 0x%" PRIx32 " addr 0x%" PRIx64 ", %u/%u beats sent)",
                 b->id, b->g.addr, b->beats_done, b->g.beats);
    }
}

void axi_mem_stats(const struct axi_mem *m, struct axi_mem_stats *s)
{
    *s = m->st;
}

void axi_mem_set_store(struct axi_mem *m, const struct axi_mem_store *store)
{
    if (store && store->read && store->write)
        m->store = *store;
    else
        memset(&m->store, 0, sizeof m->store);
}

void axi_mem_set_write_map(struct axi_mem *m, struct write_map *written)
{
    m->written = written;
}

int axi_mem_add_err_region(struct axi_mem *m, const struct axi_mem_err_region *r)
{
    if (m->k.n_err >= AXI_MEM_MAX_ERR_REGIONS)
        return -1;
    m->k.err[m->k.n_err++] = *r;
    return 0;
}

void axi_mem_clear_err_regions(struct axi_mem *m)
{
    m->k.n_err = 0;
}
