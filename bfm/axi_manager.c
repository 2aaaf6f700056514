/* axi_manager: see axi_manager.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "axi_manager.h"

struct burst {
    uint64_t addr;          /* aligned start address */
    unsigned beats;
    uint64_t lo, hi;        /* bytes of the transfer inside this burst: [lo, hi) */
    uint8_t *buf;           /* buffer byte that corresponds to address lo */
};

struct burst_queue {
    struct burst *v;
    size_t n, cap;
};

struct axi_manager {
    unsigned db;            /* data bytes per beat */
    uint8_t size;           /* log2(db), the AxSIZE of every burst */
    unsigned max_beats, max_rd, max_wr;
    uint32_t id;
    struct burst_queue rd, wr;
    size_t ar_next;         /* next read burst to request */
    size_t r_next;          /* read burst receiving data */
    unsigned r_beat;        /* beat within it */
    size_t aw_next;         /* next write burst to request */
    size_t w_next;          /* write burst sending data */
    unsigned w_beat;
    size_t b_count;         /* write responses received */
    int has_err;            /* err holds the first error response */
    struct axi_manager_error err;
};

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q) {
        fprintf(stderr, "axi_manager: out of memory\n");
        abort();
    }
    return q;
}

struct axi_manager *axi_manager_create(unsigned data_bytes, unsigned max_beats,
                                         unsigned max_rd_outstanding,
                                         unsigned max_wr_outstanding, uint32_t id)
{
    struct axi_manager *m = xrealloc(NULL, sizeof *m);
    memset(m, 0, sizeof *m);
    m->db = data_bytes;
    while ((1u << m->size) < data_bytes)
        m->size++;
    m->max_beats = max_beats ? max_beats : 16;
    m->max_rd = max_rd_outstanding ? max_rd_outstanding : 4;
    m->max_wr = max_wr_outstanding ? max_wr_outstanding : 4;
    m->id = id;
    return m;
}

void axi_manager_destroy(struct axi_manager *m)
{
    if (!m)
        return;
    free(m->rd.v);
    free(m->wr.v);
    free(m);
}

void axi_manager_reset(struct axi_manager *m)
{
    m->rd.n = m->wr.n = 0;
    m->ar_next = m->r_next = m->aw_next = m->w_next = m->b_count = 0;
    m->r_beat = m->w_beat = 0;
    m->has_err = 0;
}

int axi_manager_error(const struct axi_manager *m, struct axi_manager_error *e)
{
    if (m->has_err && e)
        *e = m->err;
    return m->has_err;
}

void axi_manager_clear_error(struct axi_manager *m)
{
    m->has_err = 0;
}

static void note_error(struct axi_manager *m, uint8_t resp, int write, const struct burst *b)
{
    if (m->has_err || resp < AXI_RESP_SLVERR)
        return;
    m->has_err = 1;
    m->err.resp = resp;
    m->err.write = (uint8_t)write;
    m->err.addr = b->addr;
    m->err.buf = b->buf;
}

static void split(struct axi_manager *m, struct burst_queue *q, uint64_t addr,
                  uint32_t len, uint8_t *buf)
{
    uint64_t end = addr + len;
    uint64_t a = addr & ~(uint64_t)(m->db - 1);
    while (a < end) {
        uint64_t page_end = (a | 0xFFFu) + 1;
        uint64_t max_end = a + (uint64_t)m->max_beats * m->db;
        uint64_t bend = max_end < page_end ? max_end : page_end;
        uint64_t data_end = (end + m->db - 1) & ~(uint64_t)(m->db - 1);
        if (bend > data_end)
            bend = data_end;
        if (q->n == q->cap) {
            q->cap = q->cap ? 2 * q->cap : 64;
            q->v = xrealloc(q->v, q->cap * sizeof *q->v);
        }
        struct burst *b = &q->v[q->n++];
        b->addr = a;
        b->beats = (unsigned)((bend - a) / m->db);
        b->lo = a > addr ? a : addr;
        b->hi = bend < end ? bend : end;
        b->buf = buf + (b->lo - addr);
        a = bend;
    }
}

void axi_manager_read(struct axi_manager *m, uint64_t addr, uint32_t len, uint8_t *dst)
{
    if (len)
        split(m, &m->rd, addr, len, dst);
}

void axi_manager_write(struct axi_manager *m, uint64_t addr, uint32_t len, const uint8_t *src)
{
    if (len)   /* the manager only reads write buffers; one burst type serves both */
        split(m, &m->wr, addr, len, (uint8_t *)(uintptr_t)src);
}

int axi_manager_reads_done(const struct axi_manager *m)
{
    return m->r_next == m->rd.n;
}

int axi_manager_writes_done(const struct axi_manager *m)
{
    return m->b_count == m->wr.n;
}

int axi_manager_idle(const struct axi_manager *m)
{
    return axi_manager_reads_done(m) && axi_manager_writes_done(m);
}

/* Byte lanes of beat k of burst b that carry transfer bytes. */
static uint64_t beat_strb(const struct axi_manager *m, const struct burst *b, unsigned k,
                          uint64_t *beat_addr)
{
    uint64_t a = b->addr + (uint64_t)k * m->db;
    uint64_t strb = 0;
    for (unsigned i = 0; i < m->db; i++)
        if (a + i >= b->lo && a + i < b->hi)
            strb |= 1ull << i;
    *beat_addr = a;
    return strb;
}

void axi_manager_eval(struct axi_manager *m, struct axi_pins *p)
{
    p->ar_valid = m->ar_next < m->rd.n && m->ar_next - m->r_next < m->max_rd;
    if (p->ar_valid) {
        const struct burst *b = &m->rd.v[m->ar_next];
        p->ar_addr = b->addr;
        p->ar_len = (uint8_t)(b->beats - 1);
        p->ar_id = m->id;
        p->ar_size = m->size;
        p->ar_burst = AXI_BURST_INCR;
    }
    p->r_ready = 1;
    p->aw_valid = m->aw_next < m->wr.n && m->aw_next - m->b_count < m->max_wr;
    if (p->aw_valid) {
        const struct burst *b = &m->wr.v[m->aw_next];
        p->aw_addr = b->addr;
        p->aw_len = (uint8_t)(b->beats - 1);
        p->aw_id = m->id;
        p->aw_size = m->size;
        p->aw_burst = AXI_BURST_INCR;
    }
    /* W data follows its own AW so beats are never orphaned. */
    p->w_valid = m->w_next < m->aw_next;
    if (p->w_valid) {
        const struct burst *b = &m->wr.v[m->w_next];
        uint64_t a;
        uint64_t strb = beat_strb(m, b, m->w_beat, &a);
        memset(p->w_data, 0, m->db);
        for (unsigned i = 0; i < m->db; i++)
            if (strb >> i & 1)
                p->w_data[i] = b->buf[a + i - b->lo];
        p->w_strb = strb;
        p->w_last = m->w_beat + 1 == b->beats;
    } else {
        p->w_last = 0;
        p->w_strb = 0;
    }
    p->b_ready = 1;
}

void axi_manager_posedge(struct axi_manager *m, const struct axi_pins *p)
{
    if (p->ar_valid && p->ar_ready)
        m->ar_next++;
    if (p->r_valid && p->r_ready && m->r_next < m->ar_next) {
        const struct burst *b = &m->rd.v[m->r_next];
        uint64_t a;
        uint64_t strb = beat_strb(m, b, m->r_beat, &a);
        note_error(m, p->r_resp, 0, b);
        for (unsigned i = 0; i < m->db; i++)
            if (strb >> i & 1)
                b->buf[a + i - b->lo] = p->r_data[i];
        if (++m->r_beat == b->beats) {
            m->r_beat = 0;
            m->r_next++;
        }
    }
    if (p->aw_valid && p->aw_ready)
        m->aw_next++;
    if (p->w_valid && p->w_ready) {
        if (++m->w_beat == m->wr.v[m->w_next].beats) {
            m->w_beat = 0;
            m->w_next++;
        }
    }
    if (p->b_valid && p->b_ready && m->b_count < m->aw_next) {
        note_error(m, p->b_resp, 1, &m->wr.v[m->b_count]);
        m->b_count++;
    }
}

void axi_manager_describe(const struct axi_manager *m, char *buf, unsigned len)
{
    snprintf(buf, len, "reads %zu/%zu requested %zu/%zu returned, writes %zu/%zu requested "
             "%zu/%zu data %zu/%zu acked",
             m->ar_next, m->rd.n, m->r_next, m->rd.n, m->aw_next, m->wr.n,
             m->w_next, m->wr.n, m->b_count, m->wr.n);
}
