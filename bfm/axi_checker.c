/* axi_checker: passive AXI4 protocol checker on one port.
 *
 * Per channel it remembers whether last cycle ended stalled (valid && !ready)
 * and the payload then, to catch dropped valids and unstable payloads.
 * Outstanding bursts are kept per direction in a node pool threaded on two
 * lists: a global age list (for in-order checks and the final report) and
 * a per-ID FIFO found through a small hash map, so every response is
 * matched in O(1). W bursts are matched to AWs purely by order (AXI4 has no
 * write interleaving); W data may run ahead of its AW: its strobes wait in a
 * queue until the AW gives them their byte lanes.
 *
 * Within a cycle, responses are checked before requests: a response can
 * never answer a request whose handshake is in the same cycle.
 *
 * Response time bound (max_wait): each direction keeps a clock that ticks
 * every sampled cycle except those in which the manager holds the
 * subordinate's response off (RVALID/BVALID high, RREADY/BREADY low), so
 * "no response" only counts cycles in which the subordinate could have
 * answered. A burst's clock starts when the subordinate owes the response:
 * at AR for reads, at the later of AW and the last W beat for writes. Both
 * start points grow in request order, so the oldest bursts are the only
 * candidates and one walk from the oldest finds every late one. */
#include "axi_checker.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axi_burst.h"
#include "bfm_queue.h"

/* ---- outstanding-burst tracker --------------------------------------- */

#define T_PENDING UINT64_MAX /* response clock not started (write data incomplete) */

struct node {
    uint32_t id;
    uint64_t addr;
    unsigned beats;         /* expected beats: len + 1 */
    unsigned seen;          /* R beats seen so far */
    uint64_t aw_index;      /* writes: position in AW order */
    uint64_t t_start;       /* direction clock when the response became owed */
    uint8_t len, size, burst, lock;
    uint8_t live;           /* in the pool's used set */
    uint8_t late;           /* "no response" already reported */
    uint8_t exo_flagged;    /* "exokay without exclusive access" already reported */
    int prev, next;         /* global age list */
    int id_next;            /* next younger burst with the same ID */
};

struct idslot { uint32_t id; int used, head, tail; };

struct tracker {
    struct node *nodes;
    unsigned cap;
    int free_head;          /* free nodes chained through .next */
    int oldest, newest;
    unsigned n;
    struct idslot *ids;
    unsigned ids_cap, ids_used;
};

static void *xrealloc(void *p, size_t sz)
{
    void *q = realloc(p, sz);
    if (!q) {
        fprintf(stderr, "axi_checker: out of memory\n");
        abort();
    }
    return q;
}

static void trk_grow_nodes(struct tracker *t)
{
    unsigned ncap = t->cap ? t->cap * 2 : 16;
    t->nodes = xrealloc(t->nodes, ncap * sizeof *t->nodes);
    for (unsigned i = ncap; i-- > t->cap;) {
        t->nodes[i].next = t->free_head;
        t->free_head = (int)i;
    }
    t->cap = ncap;
}

static void trk_init(struct tracker *t)
{
    memset(t, 0, sizeof *t);
    t->free_head = t->oldest = t->newest = -1;
    trk_grow_nodes(t);
    t->ids_cap = 16;
    t->ids = xrealloc(NULL, t->ids_cap * sizeof *t->ids);
    memset(t->ids, 0, t->ids_cap * sizeof *t->ids);
}

static void trk_free(struct tracker *t)
{
    free(t->nodes);
    free(t->ids);
}

static unsigned id_hash(uint32_t id, unsigned cap)
{
    return (unsigned)((id * 0x9e3779b1u) >> 7) & (cap - 1);
}

static struct idslot *id_find(const struct tracker *t, uint32_t id)
{
    unsigned i = id_hash(id, t->ids_cap);
    while (t->ids[i].used) {
        if (t->ids[i].id == id)
            return &t->ids[i];
        i = (i + 1) & (t->ids_cap - 1);
    }
    return NULL;
}

static struct idslot *id_insert(struct tracker *t, uint32_t id)
{
    struct idslot *s = id_find(t, id);
    unsigned i;

    if (s)
        return s;
    if ((t->ids_used + 1) * 2 > t->ids_cap) {
        /* Rehash; slots are never deleted (IDs are a small set in practice). */
        struct idslot *old = t->ids;
        unsigned ocap = t->ids_cap;
        t->ids_cap *= 2;
        t->ids = xrealloc(NULL, t->ids_cap * sizeof *t->ids);
        memset(t->ids, 0, t->ids_cap * sizeof *t->ids);
        for (unsigned j = 0; j < ocap; j++)
            if (old[j].used) {
                i = id_hash(old[j].id, t->ids_cap);
                while (t->ids[i].used)
                    i = (i + 1) & (t->ids_cap - 1);
                t->ids[i] = old[j];
            }
        free(old);
    }
    i = id_hash(id, t->ids_cap);
    while (t->ids[i].used)
        i = (i + 1) & (t->ids_cap - 1);
    t->ids[i].used = 1;
    t->ids[i].id = id;
    t->ids[i].head = t->ids[i].tail = -1;
    t->ids_used++;
    return &t->ids[i];
}

static void trk_clear(struct tracker *t)
{
    if (!t->n && !t->ids_used)
        return;
    trk_free(t);
    trk_init(t);
}

static struct node *trk_add(struct tracker *t, uint32_t id, uint64_t addr, unsigned beats)
{
    struct idslot *s;
    struct node *n;
    int i;

    if (t->free_head < 0)
        trk_grow_nodes(t);
    i = t->free_head;
    n = &t->nodes[i];
    t->free_head = n->next;
    memset(n, 0, sizeof *n);
    n->id = id;
    n->addr = addr;
    n->beats = beats;
    n->live = 1;
    n->id_next = -1;
    n->next = -1;
    n->prev = t->newest;
    if (t->newest >= 0)
        t->nodes[t->newest].next = i;
    else
        t->oldest = i;
    t->newest = i;
    s = id_insert(t, id);
    if (s->tail >= 0)
        t->nodes[s->tail].id_next = i;
    else
        s->head = i;
    s->tail = i;
    t->n++;
    return n;
}

static int trk_id_head(const struct tracker *t, uint32_t id)
{
    const struct idslot *s = id_find(t, id);
    return s ? s->head : -1;
}

/* Remove node i, which must be the oldest of its ID. */
static void trk_remove_id_head(struct tracker *t, int i)
{
    struct node *n = &t->nodes[i];
    struct idslot *s = id_find(t, n->id);

    s->head = n->id_next;
    if (s->head < 0)
        s->tail = -1;
    if (n->prev >= 0)
        t->nodes[n->prev].next = n->next;
    else
        t->oldest = n->next;
    if (n->next >= 0)
        t->nodes[n->next].prev = n->prev;
    else
        t->newest = n->prev;
    n->live = 0;
    n->next = t->free_head;
    t->free_head = i;
    t->n--;
}

/* ---- checker ---------------------------------------------------------- */

enum { CH_AW, CH_W, CH_AR, CH_R, CH_B, CH_N };
static const char *const ch_name[CH_N] = { "AW", "W", "AR", "R", "B" };

/* An AW still owed W data (or whose W data is in progress). */
struct aw_info {
    uint32_t id;
    uint64_t addr;
    uint8_t len, size, burst;
    unsigned beats;
    int node;               /* its write tracker node (checked against aw_index) */
    uint64_t aw_index;
};

struct axi_checker {
    char name[64];
    struct axi_checker_knobs k;
    const struct axi_pins *pins;
    struct bfm_env *env;
    unsigned max_size;          /* log2(data_bytes) */
    uint64_t strb_mask;

    int stalled[CH_N];          /* last cycle ended with valid && !ready */
    struct axi_pins prev;       /* payloads of the stalled channels */
    uint64_t r_lanes;           /* byte lanes the stalled R beat carries */

    uint64_t wait[CH_N];        /* consecutive cycles with valid && !ready */
    int wait_flagged[CH_N];     /* this stall already reported */
    uint64_t rd_clock, wr_clock;/* cycles the subordinate was free to answer */
    int in_reset;               /* last call was axi_checker_sample_reset() */
    int reset_flagged[CH_N];    /* "valid during reset" reported this reset */

    struct tracker rd, wr;
    uint64_t aw_count;          /* AWs seen */
    uint64_t w_done;            /* W bursts completed (wlast seen) */
    unsigned w_beats;           /* beats of the current W burst */
    int w_flagged;              /* current W burst already reported */
    int w_strb_flagged;         /* current W burst's strobes already reported */
    struct bfm_queue awq;       /* struct aw_info of AWs still owed W data */
    struct bfm_queue orphan;    /* unsigned beats of W bursts done before their AW */
    struct bfm_queue early;     /* uint64_t WSTRB of each W beat ahead of its AW */
};

void axi_checker_knobs_default(struct axi_checker_knobs *k)
{
    memset(k, 0, sizeof *k);
    k->data_bytes = 8;
    k->addr_bits = 64;
    k->mode = AXI_PORT_RW;
    k->require_aligned = 1;
    k->require_in_order = 1;
    k->max_wait = 0;
}

struct axi_checker *axi_checker_create(const char *name, const struct axi_checker_knobs *k,
                                       const struct axi_pins *pins, struct bfm_env *env)
{
    struct axi_checker *c;
    struct axi_checker_knobs dk;
    const char *nm = name ? name : "axi";

    if (!pins || !env) {
        fprintf(stderr, "axi_checker_create: pins and env are required\n");
        return NULL;
    }
    if (!k) {
        axi_checker_knobs_default(&dk);
        k = &dk;
    }
    if (k->data_bytes < 1 || k->data_bytes > AXI_MAX_DATA_BYTES ||
        (k->data_bytes & (k->data_bytes - 1))) {
        fprintf(stderr, "%s: data_bytes %u must be a power of two <= %d\n", nm,
                k->data_bytes, AXI_MAX_DATA_BYTES);
        return NULL;
    }
    if (k->addr_bits < 1 || k->addr_bits > 64) {
        fprintf(stderr, "%s: addr_bits %u must be 1..64\n", nm, k->addr_bits);
        return NULL;
    }
    c = calloc(1, sizeof *c);
    if (!c) {
        fprintf(stderr, "axi_checker_create: out of memory\n");
        abort();
    }
    snprintf(c->name, sizeof c->name, "%s", nm);
    c->k = *k;
    c->pins = pins;
    c->env = env;
    while ((1u << c->max_size) < k->data_bytes)
        c->max_size++;
    c->strb_mask = k->data_bytes >= 64 ? ~0ULL : (1ULL << k->data_bytes) - 1;
    trk_init(&c->rd);
    trk_init(&c->wr);
    bfm_queue_init(&c->awq, sizeof(struct aw_info), 16);
    bfm_queue_init(&c->orphan, sizeof(unsigned), 16);
    bfm_queue_init(&c->early, sizeof(uint64_t), 16);
    return c;
}

void axi_checker_destroy(struct axi_checker *c)
{
    if (!c)
        return;
    trk_free(&c->rd);
    trk_free(&c->wr);
    bfm_queue_free(&c->awq);
    bfm_queue_free(&c->orphan);
    bfm_queue_free(&c->early);
    free(c);
}

#define FAIL(c, ch, rule, ...) bfm_fail((c)->env, (c)->name, ch_name[ch], rule, __VA_ARGS__)

static const char R_DROP[] = "valid dropped before ready";
static const char R_CHANGED[] = "payload changed while stalled";
static const char R_READY_WAIT[] = "ready not given within max_wait cycles";
static const char R_NO_RSP[] = "no response within max_wait cycles";

static const char *burst_name(uint8_t burst)
{
    switch (burst) {
    case AXI_BURST_FIXED: return "FIXED";
    case AXI_BURST_INCR: return "INCR";
    case AXI_BURST_WRAP: return "WRAP";
    default: return "reserved";
    }
}

/* Byte lanes beat `beat` of a burst carries on this bus (all lanes when the
 * size is wider than the bus: that is reported on its own). */
static uint64_t beat_lanes(const struct axi_checker *c, uint64_t addr, uint8_t len,
                           uint8_t size, uint8_t burst, unsigned beat)
{
    struct axi_burst_geom g;

    if (size > c->max_size)
        return c->strb_mask;
    axi_burst_init(&g, addr, len, size, burst);
    return axi_burst_lanes(axi_burst_beat_addr(&g, beat), g.nbytes, c->k.data_bytes) &
           c->strb_mask;
}

/* ---- valid/payload stability ---------------------------------------- */

static int cmp_u64(struct axi_checker *c, int ch, const char *field, uint64_t was, uint64_t now)
{
    if (was == now)
        return 0;
    FAIL(c, ch, R_CHANGED, "expected %s 0x%" PRIx64 ", actual 0x%" PRIx64, field, was, now);
    return 1;
}

/* Only the lanes the beat carries (bit i of lanes = byte i) must hold. */
static int cmp_data(struct axi_checker *c, int ch, const uint8_t *was, const uint8_t *now,
                    uint64_t lanes)
{
    for (unsigned i = 0; i < c->k.data_bytes; i++)
        if ((lanes >> i & 1) && was[i] != now[i]) {
            FAIL(c, ch, R_CHANGED, "expected data byte %u 0x%02x, actual 0x%02x", i,
                 was[i], now[i]);
            return 1;
        }
    return 0;
}

static void check_stable(struct axi_checker *c, int ch, int valid)
{
    const struct axi_pins *p = c->pins, *q = &c->prev;

    if (!c->stalled[ch])
        return;
    if (!valid) {
        FAIL(c, ch, R_DROP, "expected %s valid held until ready, actual valid 0",
             ch_name[ch]);
        return;
    }
    /* Report the first differing field only: one line per event. */
    switch (ch) {
    case CH_AW:
        (void)(cmp_u64(c, ch, "awid", q->aw_id, p->aw_id) ||
               cmp_u64(c, ch, "awaddr", q->aw_addr, p->aw_addr) ||
               cmp_u64(c, ch, "awlen", q->aw_len, p->aw_len) ||
               cmp_u64(c, ch, "awsize", q->aw_size, p->aw_size) ||
               cmp_u64(c, ch, "awburst", q->aw_burst, p->aw_burst) ||
               cmp_u64(c, ch, "awlock", q->aw_lock, p->aw_lock) ||
               cmp_u64(c, ch, "awcache", q->aw_cache, p->aw_cache) ||
               cmp_u64(c, ch, "awprot", q->aw_prot, p->aw_prot));
        break;
    case CH_AR:
        (void)(cmp_u64(c, ch, "arid", q->ar_id, p->ar_id) ||
               cmp_u64(c, ch, "araddr", q->ar_addr, p->ar_addr) ||
               cmp_u64(c, ch, "arlen", q->ar_len, p->ar_len) ||
               cmp_u64(c, ch, "arsize", q->ar_size, p->ar_size) ||
               cmp_u64(c, ch, "arburst", q->ar_burst, p->ar_burst) ||
               cmp_u64(c, ch, "arlock", q->ar_lock, p->ar_lock) ||
               cmp_u64(c, ch, "arcache", q->ar_cache, p->ar_cache) ||
               cmp_u64(c, ch, "arprot", q->ar_prot, p->ar_prot));
        break;
    case CH_W:
        /* WSTRB first: with it stable, the bytes it enables must hold. */
        (void)(cmp_u64(c, ch, "wstrb", q->w_strb & c->strb_mask, p->w_strb & c->strb_mask) ||
               cmp_data(c, ch, q->w_data, p->w_data, q->w_strb & c->strb_mask) ||
               cmp_u64(c, ch, "wlast", q->w_last, p->w_last));
        break;
    case CH_R:
        (void)(cmp_u64(c, ch, "rid", q->r_id, p->r_id) ||
               cmp_data(c, ch, q->r_data, p->r_data, c->r_lanes) ||
               cmp_u64(c, ch, "rresp", q->r_resp, p->r_resp) ||
               cmp_u64(c, ch, "rlast", q->r_last, p->r_last));
        break;
    case CH_B:
        (void)(cmp_u64(c, ch, "bid", q->b_id, p->b_id) ||
               cmp_u64(c, ch, "bresp", q->b_resp, p->b_resp));
        break;
    }
}

static void save_stalls(struct axi_checker *c)
{
    const struct axi_pins *p = c->pins;
    struct axi_pins *q = &c->prev;

    c->stalled[CH_AW] = p->aw_valid && !p->aw_ready;
    c->stalled[CH_W] = p->w_valid && !p->w_ready;
    c->stalled[CH_AR] = p->ar_valid && !p->ar_ready;
    c->stalled[CH_R] = p->r_valid && !p->r_ready;
    c->stalled[CH_B] = p->b_valid && !p->b_ready;
    /* Copy only what a stalled channel needs: the data buses are 64 B. */
    if (c->stalled[CH_AW]) {
        q->aw_id = p->aw_id; q->aw_addr = p->aw_addr; q->aw_len = p->aw_len;
        q->aw_size = p->aw_size; q->aw_burst = p->aw_burst;
        q->aw_lock = p->aw_lock; q->aw_cache = p->aw_cache; q->aw_prot = p->aw_prot;
    }
    if (c->stalled[CH_AR]) {
        q->ar_id = p->ar_id; q->ar_addr = p->ar_addr; q->ar_len = p->ar_len;
        q->ar_size = p->ar_size; q->ar_burst = p->ar_burst;
        q->ar_lock = p->ar_lock; q->ar_cache = p->ar_cache; q->ar_prot = p->ar_prot;
    }
    if (c->stalled[CH_W]) {
        memcpy(q->w_data, p->w_data, c->k.data_bytes);
        q->w_strb = p->w_strb; q->w_last = p->w_last;
    }
    if (c->stalled[CH_R]) {
        /* The beat this R carries: the next one of its ID's oldest burst.
         * Unknown (no burst outstanding, already reported at handshake):
         * every lane. */
        int i = trk_id_head(&c->rd, p->r_id);
        const struct node *n = i >= 0 ? &c->rd.nodes[i] : NULL;

        c->r_lanes = n && n->seen < n->beats
                         ? beat_lanes(c, n->addr, n->len, n->size, n->burst, n->seen)
                         : c->strb_mask;
        memcpy(q->r_data, p->r_data, c->k.data_bytes);
        q->r_id = p->r_id; q->r_resp = p->r_resp; q->r_last = p->r_last;
    }
    if (c->stalled[CH_B]) {
        q->b_id = p->b_id; q->b_resp = p->b_resp;
    }
}

/* ---- requests --------------------------------------------------------- */

static void check_request(struct axi_checker *c, int ch, uint64_t addr, uint8_t len,
                          uint8_t size, uint8_t burst)
{
    struct axi_burst_geom g;
    uint64_t lo, hi;

    if (c->k.addr_bits < 64 && (addr >> c->k.addr_bits))
        FAIL(c, ch, "address above addr_bits", "expected address < 2^%u, actual 0x%" PRIx64,
             c->k.addr_bits, addr);
    if (c->k.require_aligned && (addr & (c->k.data_bytes - 1)))
        FAIL(c, ch, "unaligned address", "expected address aligned to %u bytes, actual 0x%"
             PRIx64, c->k.data_bytes, addr);
    if (size > c->max_size)
        FAIL(c, ch, "size wider than bus", "expected size <= %u, actual %u", c->max_size, size);
    if (burst > AXI_BURST_WRAP)
        FAIL(c, ch, "reserved burst type", "expected burst 0..2, actual %u", burst);
    if (burst == AXI_BURST_FIXED && len > 15)
        FAIL(c, ch, "fixed burst longer than 16", "expected at most 16 beats (len <= 15) in "
             "a FIXED burst, actual len %u (%u beats) addr 0x%" PRIx64, len, len + 1u, addr);
    if (burst == AXI_BURST_WRAP &&
        ((len != 1 && len != 3 && len != 7 && len != 15) || (addr & ((1ULL << size) - 1))))
        FAIL(c, ch, "illegal wrap burst", "expected len 1/3/7/15 and size-aligned "
             "address, actual len %u addr 0x%" PRIx64 " size %u", len, addr, size);
    axi_burst_init(&g, addr, len, size, burst);
    if (g.burst == AXI_BURST_INCR) {
        axi_burst_range(&g, &lo, &hi);
        if ((lo >> 12) != (hi >> 12))
            FAIL(c, ch, "burst crosses 4 KB boundary", "expected burst within one 4 KB "
                 "page, actual 0x%" PRIx64 "..0x%" PRIx64, lo, hi);
    }
}

/* One W beat's strobes against the lanes its AW gives it. Reports once per
 * burst; beats past the AW's length are the wlast rule's business. */
static int check_wstrb(struct axi_checker *c, const struct aw_info *a, unsigned beat,
                       uint64_t strb)
{
    uint64_t lanes;

    if (beat >= a->beats)
        return 0;
    lanes = beat_lanes(c, a->addr, a->len, a->size, a->burst, beat);
    if (!(strb & ~lanes))
        return 0;
    FAIL(c, CH_W, "wstrb outside active lanes", "expected WSTRB within 0x%" PRIx64
         " (beat %u/%u of id 0x%" PRIx32 " addr 0x%" PRIx64 " size %u %s), actual 0x%" PRIx64,
         lanes, beat + 1, a->beats, a->id, a->addr, a->size, burst_name(a->burst), strb);
    return 1;
}

/* Strobes of `n` beats that ran ahead of AW `a`, oldest first. */
static void check_early_strobes(struct axi_checker *c, const struct aw_info *a, unsigned n)
{
    int flagged = 0;

    for (unsigned j = 0; j < n && c->early.n; j++) {
        uint64_t strb = *(uint64_t *)bfm_queue_front(&c->early);
        bfm_queue_pop(&c->early);
        if (!flagged)
            flagged = check_wstrb(c, a, j, strb);
    }
    if (flagged && c->aw_count == c->w_done)
        c->w_strb_flagged = 1;      /* the rest of the current burst too */
}

static void on_aw(struct axi_checker *c)
{
    const struct axi_pins *p = c->pins;
    unsigned beats = (unsigned)p->aw_len + 1;
    struct aw_info a;
    struct node *n;

    if (c->k.mode == AXI_PORT_READ_ONLY) {
        FAIL(c, CH_AW, "write request to a read-only port",
             "expected no AW on a read-only port, actual id 0x%" PRIx32 " addr 0x%" PRIx64,
             p->aw_id, p->aw_addr);
        return;
    }
    check_request(c, CH_AW, p->aw_addr, p->aw_len, p->aw_size, p->aw_burst);
    n = trk_add(&c->wr, p->aw_id, p->aw_addr, beats);
    n->aw_index = c->aw_count;
    n->len = p->aw_len;
    n->size = p->aw_size;
    n->burst = p->aw_burst;
    n->lock = p->aw_lock & 1;
    n->t_start = T_PENDING;
    memset(&a, 0, sizeof a);
    a.id = p->aw_id;
    a.addr = p->aw_addr;
    a.len = p->aw_len;
    a.size = p->aw_size;
    a.burst = p->aw_burst;
    a.beats = beats;
    a.node = (int)(n - c->wr.nodes);
    a.aw_index = c->aw_count;
    if (c->aw_count < c->w_done) {
        /* Its W burst already finished before the AW arrived. */
        unsigned got = *(unsigned *)bfm_queue_front(&c->orphan);
        bfm_queue_pop(&c->orphan);
        if (got != beats)
            FAIL(c, CH_W, "wlast does not match awlen", "expected wlast on beat %u "
                 "(awlen %u, id 0x%" PRIx32 "), actual on beat %u", beats, p->aw_len,
                 p->aw_id, got);
        check_early_strobes(c, &a, got);
        n->t_start = c->wr_clock;   /* the B is owed from now */
    } else {
        if (c->aw_count == c->w_done && c->w_beats >= beats && !c->w_flagged) {
            /* Early beats of the current burst already passed the end. */
            FAIL(c, CH_W, "wlast does not match awlen", "expected wlast on beat %u "
                 "(awlen %u), actual no wlast after %u beats", beats, p->aw_len, c->w_beats);
            c->w_flagged = 1;
        }
        if (c->aw_count == c->w_done)
            check_early_strobes(c, &a, c->w_beats);
        *(struct aw_info *)bfm_queue_push(&c->awq) = a;
    }
    c->aw_count++;
}

static void on_w(struct axi_checker *c)
{
    const struct axi_pins *p = c->pins;
    uint64_t strb = p->w_strb & c->strb_mask;

    if (c->k.mode == AXI_PORT_READ_ONLY) {
        FAIL(c, CH_W, "write request to a read-only port",
             "expected no W on a read-only port, actual a W beat");
        return;
    }
    c->w_beats++;
    if (c->aw_count > c->w_done) {
        const struct aw_info *a = bfm_queue_front(&c->awq);
        if (!c->w_strb_flagged)
            c->w_strb_flagged = check_wstrb(c, a, c->w_beats - 1, strb);
        if (!c->w_flagged) {
            unsigned want = a->beats;
            if (p->w_last && c->w_beats != want) {
                FAIL(c, CH_W, "wlast does not match awlen", "expected wlast on beat %u, "
                     "actual on beat %u", want, c->w_beats);
                c->w_flagged = 1;
            } else if (!p->w_last && c->w_beats == want) {
                FAIL(c, CH_W, "wlast does not match awlen", "expected wlast 1 on beat %u, "
                     "actual 0", want);
                c->w_flagged = 1;
            }
        }
    } else {
        *(uint64_t *)bfm_queue_push(&c->early) = strb;
    }
    if (!p->w_last)
        return;
    if (c->aw_count > c->w_done) {
        const struct aw_info *a = bfm_queue_front(&c->awq);
        struct node *n = &c->wr.nodes[a->node];
        /* Its node is gone if a B already answered it (reported there). */
        if (n->live && n->aw_index == a->aw_index)
            n->t_start = c->wr_clock;
        bfm_queue_pop(&c->awq);
    } else {
        *(unsigned *)bfm_queue_push(&c->orphan) = c->w_beats;
    }
    c->w_done++;
    c->w_beats = 0;
    c->w_flagged = 0;
    c->w_strb_flagged = 0;
}

static void on_ar(struct axi_checker *c)
{
    const struct axi_pins *p = c->pins;
    struct node *n;

    if (c->k.mode == AXI_PORT_WRITE_ONLY) {
        FAIL(c, CH_AR, "read request to a write-only port",
             "expected no AR on a write-only port, actual id 0x%" PRIx32 " addr 0x%" PRIx64,
             p->ar_id, p->ar_addr);
        return;
    }
    check_request(c, CH_AR, p->ar_addr, p->ar_len, p->ar_size, p->ar_burst);
    n = trk_add(&c->rd, p->ar_id, p->ar_addr, (unsigned)p->ar_len + 1);
    n->len = p->ar_len;
    n->size = p->ar_size;
    n->burst = p->ar_burst;
    n->lock = p->ar_lock & 1;
    n->t_start = c->rd_clock;
}

/* ---- responses -------------------------------------------------------- */

/* Find the burst a response with this ID answers; -1 after reporting. */
static int match_response(struct axi_checker *c, int ch, struct tracker *t, uint32_t id)
{
    int i = trk_id_head(t, id);

    if (i < 0) {
        FAIL(c, ch, "response ID never requested", "expected an ID with a burst "
             "outstanding (%u outstanding), actual id 0x%" PRIx32, t->n, id);
        return -1;
    }
    if (c->k.require_in_order && i != t->oldest) {
        const struct node *o = &t->nodes[t->oldest];
        FAIL(c, ch, "response out of order", "expected id 0x%" PRIx32 " (addr 0x%" PRIx64
             "), actual id 0x%" PRIx32 " (addr 0x%" PRIx64 ")", o->id, o->addr, id,
             t->nodes[i].addr);
    }
    return i;
}

static void on_r(struct axi_checker *c)
{
    const struct axi_pins *p = c->pins;
    struct node *n;
    int i;

    if (c->k.mode == AXI_PORT_WRITE_ONLY)
        return;     /* reported when valid rose */
    i = match_response(c, CH_R, &c->rd, p->r_id);
    if (i < 0)
        return;
    n = &c->rd.nodes[i];
    if (p->r_resp == AXI_RESP_EXOKAY && !n->lock && !n->exo_flagged) {
        FAIL(c, CH_R, "exokay without exclusive access", "expected RRESP OKAY, SLVERR or "
             "DECERR for the normal (ARLOCK 0) read id 0x%" PRIx32 " addr 0x%" PRIx64
             ", actual EXOKAY on beat %u", n->id, n->addr, n->seen + 1);
        n->exo_flagged = 1;
    }
    n->seen++;
    if (p->r_last && n->seen != n->beats)
        FAIL(c, CH_R, "rlast does not match arlen", "expected rlast on beat %u (arlen %u, "
             "id 0x%" PRIx32 "), actual on beat %u", n->beats, n->beats - 1, n->id, n->seen);
    else if (!p->r_last && n->seen == n->beats)
        FAIL(c, CH_R, "rlast does not match arlen", "expected rlast 1 on beat %u (id 0x%"
             PRIx32 "), actual 0", n->beats, n->id);
    if (p->r_last || n->seen >= n->beats)
        trk_remove_id_head(&c->rd, i);
}

static void on_b(struct axi_checker *c)
{
    const struct axi_pins *p = c->pins;
    int i;

    if (c->k.mode == AXI_PORT_READ_ONLY)
        return;     /* reported when valid rose */
    i = match_response(c, CH_B, &c->wr, p->b_id);
    if (i < 0)
        return;
    if (p->b_resp == AXI_RESP_EXOKAY && !c->wr.nodes[i].lock)
        FAIL(c, CH_B, "exokay without exclusive access", "expected BRESP OKAY, SLVERR or "
             "DECERR for the normal (AWLOCK 0) write id 0x%" PRIx32 " addr 0x%" PRIx64
             ", actual EXOKAY", p->b_id, c->wr.nodes[i].addr);
    if (c->wr.nodes[i].aw_index >= c->w_done)
        FAIL(c, CH_B, "write response before write data complete", "expected B after "
             "the last W beat of id 0x%" PRIx32 " addr 0x%" PRIx64 ", actual B first",
             p->b_id, c->wr.nodes[i].addr);
    trk_remove_id_head(&c->wr, i);
}

/* ---- bounded waits ---------------------------------------------------- */

/* What a stalled transfer on channel ch is, for the failure line. */
static void describe_stalled(const struct axi_checker *c, int ch, char *buf, size_t len)
{
    const struct axi_pins *p = c->pins;
    const struct tracker *t = ch == CH_R ? &c->rd : &c->wr;
    int i;

    switch (ch) {
    case CH_AW:
        snprintf(buf, len, "id 0x%" PRIx32 " addr 0x%" PRIx64, p->aw_id, p->aw_addr);
        break;
    case CH_AR:
        snprintf(buf, len, "id 0x%" PRIx32 " addr 0x%" PRIx64, p->ar_id, p->ar_addr);
        break;
    case CH_W:
        if (c->aw_count > c->w_done) {
            const struct aw_info *a = bfm_queue_front(&c->awq);
            snprintf(buf, len, "beat %u of id 0x%" PRIx32 " addr 0x%" PRIx64, c->w_beats + 1,
                     a->id, a->addr);
        } else {
            snprintf(buf, len, "beat %u, its AW not yet seen", c->w_beats + 1);
        }
        break;
    default:
        i = trk_id_head(t, ch == CH_R ? p->r_id : p->b_id);
        if (i >= 0)
            snprintf(buf, len, "id 0x%" PRIx32 " addr 0x%" PRIx64, t->nodes[i].id,
                     t->nodes[i].addr);
        else
            snprintf(buf, len, "id 0x%" PRIx32 ", no burst outstanding",
                     ch == CH_R ? p->r_id : p->b_id);
        break;
    }
}

/* VALID held without READY for more than max_wait cycles: once per stall. */
static void check_ready_wait(struct axi_checker *c, int ch, int valid, int ready)
{
    char what[160];

    if (!valid || ready) {
        c->wait[ch] = 0;
        c->wait_flagged[ch] = 0;
        return;
    }
    c->wait[ch]++;
    if (!c->k.max_wait || c->wait[ch] <= c->k.max_wait || c->wait_flagged[ch])
        return;
    c->wait_flagged[ch] = 1;
    describe_stalled(c, ch, what, sizeof what);
    FAIL(c, ch, R_READY_WAIT, "expected %sREADY within %" PRIu64 " cycles of %sVALID (%s), "
         "actual still low after %" PRIu64 " cycles", ch_name[ch], c->k.max_wait,
         ch_name[ch], what, c->wait[ch]);
}

/* Bursts accepted and not completely answered within max_wait cycles of
 * the direction clock: oldest first, each reported once. */
static void check_no_response(struct axi_checker *c, struct tracker *t, int ch, uint64_t clock)
{
    for (int i = t->oldest; i >= 0; i = t->nodes[i].next) {
        struct node *n = &t->nodes[i];
        if (n->t_start == T_PENDING || clock - n->t_start <= c->k.max_wait)
            break;
        if (n->late)
            continue;
        n->late = 1;
        if (ch == CH_R)
            FAIL(c, ch, R_NO_RSP, "expected all %u R beats of id 0x%" PRIx32 " addr 0x%"
                 PRIx64 " within %" PRIu64 " cycles of its AR, actual %u beats after %" PRIu64
                 " cycles (cycles RREADY held R off not counted)", n->beats, n->id, n->addr,
                 c->k.max_wait, n->seen, clock - n->t_start);
        else
            FAIL(c, ch, R_NO_RSP, "expected B of id 0x%" PRIx32 " addr 0x%" PRIx64
                 " within %" PRIu64 " cycles of its AW and last W beat, actual none after %"
                 PRIu64 " cycles (cycles BREADY held B off not counted)", n->id, n->addr,
                 c->k.max_wait, clock - n->t_start);
    }
}

/* ---- reset -------------------------------------------------------------- */

static void clear_state(struct axi_checker *c)
{
    trk_clear(&c->rd);
    trk_clear(&c->wr);
    c->awq.n = c->awq.head = 0;
    c->orphan.n = c->orphan.head = 0;
    c->early.n = c->early.head = 0;
    c->aw_count = c->w_done = 0;
    c->w_beats = 0;
    c->w_flagged = c->w_strb_flagged = 0;
    memset(c->stalled, 0, sizeof c->stalled);
    memset(c->wait, 0, sizeof c->wait);
    memset(c->wait_flagged, 0, sizeof c->wait_flagged);
}

void axi_checker_sample_reset(struct axi_checker *c)
{
    const struct axi_pins *p = c->pins;
    const int valid[CH_N] = { p->aw_valid, p->w_valid, p->ar_valid, p->r_valid, p->b_valid };

    for (int ch = 0; ch < CH_N; ch++)
        if (valid[ch] && !c->reset_flagged[ch]) {
            FAIL(c, ch, "valid during reset", "expected %sVALID 0 while reset is asserted "
                 "(driven by the %s), actual 1", ch_name[ch],
                 ch == CH_R || ch == CH_B ? "subordinate" : "manager");
            c->reset_flagged[ch] = 1;
        }
    /* A reset abandons every transfer in flight. */
    clear_state(c);
    c->in_reset = 1;
}

/* ---- per cycle ------------------------------------------------------------ */

void axi_checker_sample(struct axi_checker *c)
{
    const struct axi_pins *p = c->pins;

    if (c->in_reset) {
        c->in_reset = 0;
        memset(c->reset_flagged, 0, sizeof c->reset_flagged);
    }
    /* Direction clocks: a cycle the manager holds the response off does
     * not count against the subordinate. */
    if (!(p->r_valid && !p->r_ready))
        c->rd_clock++;
    if (!(p->b_valid && !p->b_ready))
        c->wr_clock++;

    check_stable(c, CH_AW, p->aw_valid);
    check_stable(c, CH_W, p->w_valid);
    check_stable(c, CH_AR, p->ar_valid);
    check_stable(c, CH_R, p->r_valid);
    check_stable(c, CH_B, p->b_valid);

    /* A response rising on a port that cannot have asked for it. */
    if (c->k.mode == AXI_PORT_WRITE_ONLY && p->r_valid && !c->stalled[CH_R])
        FAIL(c, CH_R, "read response to a write-only port", "expected no R on a "
             "write-only port, actual rvalid with id 0x%" PRIx32, p->r_id);
    if (c->k.mode == AXI_PORT_READ_ONLY && p->b_valid && !c->stalled[CH_B])
        FAIL(c, CH_B, "write response to a read-only port", "expected no B on a "
             "read-only port, actual bvalid with id 0x%" PRIx32, p->b_id);

    if (p->r_valid && p->r_ready)
        on_r(c);
    if (p->b_valid && p->b_ready)
        on_b(c);
    if (p->w_valid && p->w_ready)
        on_w(c);
    if (p->aw_valid && p->aw_ready)
        on_aw(c);
    if (p->ar_valid && p->ar_ready)
        on_ar(c);
    if (c->k.max_wait) {
        check_ready_wait(c, CH_AW, p->aw_valid, p->aw_ready);
        check_ready_wait(c, CH_W, p->w_valid, p->w_ready);
        check_ready_wait(c, CH_AR, p->ar_valid, p->ar_ready);
        check_ready_wait(c, CH_R, p->r_valid, p->r_ready);
        check_ready_wait(c, CH_B, p->b_valid, p->b_ready);
        check_no_response(c, &c->rd, CH_R, c->rd_clock);
        check_no_response(c, &c->wr, CH_B, c->wr_clock);
    }
    save_stalls(c);
}

int axi_checker_final(struct axi_checker *c)
{
    int n = 0;

    if (c->rd.n) {
        const struct node *o = &c->rd.nodes[c->rd.oldest];
        FAIL(c, CH_R, "read burst never answered", "expected 0 read bursts outstanding at "
             "end of test, actual %u (oldest id 0x%" PRIx32 " addr 0x%" PRIx64 ", %u/%u beats)",
             c->rd.n, o->id, o->addr, o->seen, o->beats);
        n += (int)c->rd.n;
    }
    if (c->wr.n) {
        const struct node *o = &c->wr.nodes[c->wr.oldest];
        FAIL(c, CH_B, "write burst never answered", "expected 0 write bursts outstanding at "
             "end of test, actual %u (oldest id 0x%" PRIx32 " addr 0x%" PRIx64 ", %s)",
             c->wr.n, o->id, o->addr,
             o->aw_index < c->w_done ? "W data complete" : "W data incomplete");
        n += (int)c->wr.n;
    }
    if (c->orphan.n || (c->w_beats && c->aw_count <= c->w_done)) {
        unsigned bursts = (unsigned)c->orphan.n + (c->w_beats ? 1 : 0);
        FAIL(c, CH_W, "write data without address", "expected every W burst to have an AW "
             "by end of test, actual %u W bursts without one", bursts);
        n += (int)bursts;
    }
    return n;
}

void axi_checker_outstanding(const struct axi_checker *c, char *buf, unsigned len)
{
    if (!buf || !len)
        return;
    snprintf(buf, len, "%s: %u read bursts, %u write bursts outstanding; %zu AWs awaiting "
             "W data, %zu W bursts awaiting AW, %u beats into the current W burst",
             c->name, c->rd.n, c->wr.n, c->awq.n, c->orphan.n, c->w_beats);
}
