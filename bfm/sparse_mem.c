/* sparse_mem: 4 KiB pages in an open-addressing hash table keyed by page
 * number. Linear probing with a load factor <= 1/2 keeps lookups O(1) at
 * 10^5+ pages; a page released by a fill is deleted by backward shifting
 * (no tombstones) and the table shrinks when it gets 8x too large.
 *
 * Ranges are walked either page by page (when they span no more pages
 * than the table has slots) or, for larger ones, by scanning the table for
 * the pages inside them: every operation costs O(min(range pages, table))
 * whatever the length, so a fill or CRC of 4 GiB (or 2^60 bytes) of
 * unwritten memory is quick. The CRC of a run of fill bytes comes from
 * zlib's crc32_combine() by doubling the CRC of one fill page. */
#include "sparse_mem.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define PAGE_SHIFT 12
#define PAGE_SIZE  ((uint64_t)1 << PAGE_SHIFT)
#define PAGE_MASK  (PAGE_SIZE - 1)
#define PNO_MASK   ((~(uint64_t)0) >> PAGE_SHIFT)    /* page numbers wrap at 2^52 */
#define MIN_BITS   10

_Static_assert(SPARSE_MEM_PAGE_SIZE == PAGE_SIZE, "SPARSE_MEM_PAGE_SIZE");

struct slot {
    uint64_t pno;       /* page number (addr >> 12) */
    uint8_t *data;      /* NULL = empty slot */
};

struct sparse_mem {
    struct slot *tab;
    size_t cap;         /* 1 << bits */
    unsigned bits;
    size_t used;
    uint8_t fill;
    size_t limit;       /* bytes; 0 = none */
    int err;            /* first failure, sticky */
    uint64_t err_addr;
};

static size_t hash_pno(uint64_t pno, unsigned bits)
{
    /* Fibonacci hashing: the top bits of the product depend on every bit
     * of the page number, so both dense and far-apart pages spread well. */
    return (size_t)((pno * 0x9e3779b97f4a7c15ULL) >> (64 - bits));
}

struct sparse_mem *sparse_mem_create(void)
{
    struct sparse_mem *m = calloc(1, sizeof *m);
    if (m) {
        m->bits = MIN_BITS;
        m->cap = (size_t)1 << m->bits;
        m->tab = calloc(m->cap, sizeof *m->tab);
    }
    if (!m || !m->tab) {
        fprintf(stderr, "sparse_mem: out of memory creating a memory\n");
        abort();
    }
    return m;
}

void sparse_mem_destroy(struct sparse_mem *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->cap; i++)
        free(m->tab[i].data);
    free(m->tab);
    free(m);
}

void sparse_mem_set_fill(struct sparse_mem *m, uint8_t fill)
{
    m->fill = fill;
}

/* ---- the table ----------------------------------------------------------- */

/* Slot index of page pno, or SIZE_MAX. */
static size_t find(const struct sparse_mem *m, uint64_t pno)
{
    size_t i = hash_pno(pno, m->bits);
    for (;;) {
        const struct slot *s = &m->tab[i];
        if (!s->data)
            return SIZE_MAX;
        if (s->pno == pno)
            return i;
        i = (i + 1) & (m->cap - 1);
    }
}

static uint8_t *lookup(const struct sparse_mem *m, uint64_t pno)
{
    size_t i = find(m, pno);
    return i == SIZE_MAX ? NULL : m->tab[i].data;
}

static void insert_slot(struct slot *tab, unsigned bits, uint64_t pno, uint8_t *data)
{
    size_t cap = (size_t)1 << bits;
    size_t i = hash_pno(pno, bits);
    while (tab[i].data)
        i = (i + 1) & (cap - 1);
    tab[i].pno = pno;
    tab[i].data = data;
}

static int resize(struct sparse_mem *m, unsigned nbits)
{
    size_t ncap = (size_t)1 << nbits;
    struct slot *ntab = calloc(ncap, sizeof *ntab);
    if (!ntab)
        return -1;
    for (size_t i = 0; i < m->cap; i++)
        if (m->tab[i].data)
            insert_slot(ntab, nbits, m->tab[i].pno, m->tab[i].data);
    free(m->tab);
    m->tab = ntab;
    m->cap = ncap;
    m->bits = nbits;
    return 0;
}

/* Free the page in slot i and close the gap: move back every later entry
 * of the cluster whose home slot does not lie cyclically in (hole, entry]. */
static void delete_at(struct sparse_mem *m, size_t i)
{
    size_t mask = m->cap - 1, j = i;

    free(m->tab[i].data);
    m->tab[i].data = NULL;
    m->used--;
    for (;;) {
        j = (j + 1) & mask;
        if (!m->tab[j].data)
            return;
        size_t home = hash_pno(m->tab[j].pno, m->bits);
        int stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
        if (stays)
            continue;
        m->tab[i] = m->tab[j];
        m->tab[j].data = NULL;
        i = j;
    }
}

static void maybe_shrink(struct sparse_mem *m)
{
    if (m->bits <= MIN_BITS || m->used * 8 >= m->cap)
        return;
    unsigned nb = MIN_BITS;
    while (((size_t)1 << nb) < m->used * 4)
        nb++;
    (void)resize(m, nb);    /* no memory for the smaller table: keep the big one */
}

/* Table capacity once used pages are held. */
static size_t cap_for(const struct sparse_mem *m, size_t used)
{
    size_t cap = m->cap;
    while (used * 2 > cap)
        cap *= 2;
    return cap;
}

size_t sparse_mem_pages(const struct sparse_mem *m)
{
    return m->used;
}

size_t sparse_mem_bytes_allocated(const struct sparse_mem *m)
{
    return m->used * (size_t)PAGE_SIZE + m->cap * sizeof(struct slot);
}

void sparse_mem_set_limit(struct sparse_mem *m, size_t bytes)
{
    m->limit = bytes;
}

size_t sparse_mem_limit(const struct sparse_mem *m)
{
    return m->limit;
}

int sparse_mem_error(const struct sparse_mem *m, uint64_t *addr)
{
    if (addr)
        *addr = m->err_addr;
    return m->err;
}

const char *sparse_mem_strerror(int status)
{
    switch (status) {
    case SPARSE_MEM_OK: return "ok";
    case SPARSE_MEM_ELIMIT: return "would exceed the memory limit";
    case SPARSE_MEM_ENOMEM: return "out of memory";
    default: return "unknown sparse_mem status";
    }
}

static int failed(struct sparse_mem *m, int status, uint64_t addr)
{
    if (!m->err) {
        m->err = status;
        m->err_addr = addr;
    }
    return status;
}

/* Would adding `add` pages take the memory beyond its limit? */
static int over_limit(const struct sparse_mem *m, uint64_t add)
{
    if (!m->limit || !add)
        return 0;
    if (add > m->limit / PAGE_SIZE)
        return 1;
    size_t used = m->used + (size_t)add;
    size_t table = cap_for(m, used) * sizeof(struct slot);
    return table > m->limit || used > (m->limit - table) / PAGE_SIZE;
}

/* The page, allocated if missing (NULL: out of memory). */
static uint8_t *get_page(struct sparse_mem *m, uint64_t pno)
{
    uint8_t *p = lookup(m, pno);
    if (p)
        return p;
    if ((m->used + 1) * 2 > m->cap && resize(m, m->bits + 1))
        return NULL;
    p = malloc(PAGE_SIZE);
    if (!p)
        return NULL;
    memset(p, m->fill, PAGE_SIZE);
    insert_slot(m->tab, m->bits, pno, p);
    m->used++;
    return p;
}

/* ---- ranges --------------------------------------------------------------- */

/* Length of the piece of [addr, addr+len) that stays inside addr's page. */
static size_t chunk_len(uint64_t addr, size_t len)
{
    uint64_t room = PAGE_SIZE - (addr & PAGE_MASK);
    return len < room ? len : (size_t)room;
}

/* Pages [addr, addr+len) touches (up to 2^52). */
static uint64_t span_pages(uint64_t addr, uint64_t len)
{
    return (len >> PAGE_SHIFT) + (((len & PAGE_MASK) + (addr & PAGE_MASK) + PAGE_MASK) >> PAGE_SHIFT);
}

static int in_pages(uint64_t pno, uint64_t first, uint64_t n)
{
    return ((pno - first) & PNO_MASK) < n;
}

/* Allocated pages among the n pages from first (page numbers wrap). */
static uint64_t count_allocated(const struct sparse_mem *m, uint64_t first, uint64_t n)
{
    uint64_t k = 0;
    if (!m->used || !n)
        return 0;
    if (n <= m->cap) {
        for (uint64_t i = 0; i < n && k < m->used; i++)
            k += find(m, (first + i) & PNO_MASK) != SIZE_MAX;
    } else {
        for (size_t i = 0; i < m->cap; i++)
            k += m->tab[i].data && in_pages(m->tab[i].pno, first, n);
    }
    return k;
}

/* Refuse before writing anything when [addr, addr+len) would need pages
 * beyond the limit. */
static int check_limit(struct sparse_mem *m, uint64_t addr, uint64_t len)
{
    if (!m->limit || !len)
        return 0;
    uint64_t n = span_pages(addr, len);
    uint64_t add = n - count_allocated(m, addr >> PAGE_SHIFT, n);
    return over_limit(m, add) ? failed(m, SPARSE_MEM_ELIMIT, addr) : 0;
}

/* Release the n whole pages from first. */
static void drop_pages(struct sparse_mem *m, uint64_t first, uint64_t n)
{
    if (n <= m->cap) {
        for (uint64_t i = 0; i < n && m->used; i++) {
            size_t s = find(m, (first + i) & PNO_MASK);
            if (s != SIZE_MAX)
                delete_at(m, s);
        }
        return;
    }
    /* Scan the table. A deletion only moves entries from later in their
     * cluster into the hole at i, so re-examine i and no entry is missed. */
    for (size_t i = 0; i < m->cap && m->used;) {
        if (m->tab[i].data && in_pages(m->tab[i].pno, first, n))
            delete_at(m, i);
        else
            i++;
    }
}

/* Make [addr, addr+len) read as the fill byte without allocating. */
static void release(struct sparse_mem *m, uint64_t addr, uint64_t len)
{
    uint64_t off = addr & PAGE_MASK;
    if (off) {
        uint64_t n = len < PAGE_SIZE - off ? len : PAGE_SIZE - off;
        uint8_t *p = lookup(m, addr >> PAGE_SHIFT);
        if (p)
            memset(p + off, m->fill, (size_t)n);
        addr += n;
        len -= n;
    }
    if (!len)
        return;
    uint64_t first = addr >> PAGE_SHIFT, whole = len >> PAGE_SHIFT, tail = len & PAGE_MASK;
    if (whole)
        drop_pages(m, first, whole);
    if (tail) {
        uint8_t *p = lookup(m, (first + whole) & PNO_MASK);
        if (p)
            memset(p, m->fill, (size_t)tail);
    }
    maybe_shrink(m);
}

static int pno_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Visit [addr, addr+len) in address order: each allocated piece with its
 * bytes, each run of unallocated bytes with p = NULL (n may be huge). A
 * non-zero return of visit stops the walk and is returned. */
typedef int (*visit_fn)(void *ctx, const uint8_t *p, uint64_t n);

static int walk_part(const struct sparse_mem *m, uint64_t addr, uint64_t len, visit_fn visit, void *ctx)
{
    uint64_t npages = span_pages(addr, len), gap = 0;
    uint64_t *pnos = NULL;
    size_t k = 0;
    int rc;

    if (!len)
        return 0;
    if (!m->used)
        return visit(ctx, NULL, len);
    if (npages > m->cap) {
        uint64_t first = addr >> PAGE_SHIFT;
        size_t n = (size_t)count_allocated(m, first, npages);
        if (!n)
            return visit(ctx, NULL, len);
        pnos = malloc(n * sizeof *pnos);
        for (size_t i = 0; pnos && i < m->cap; i++)
            if (m->tab[i].data && in_pages(m->tab[i].pno, first, npages))
                pnos[k++] = m->tab[i].pno;
        /* no memory for the list: fall back to page by page (slow, right) */
    }
    if (!pnos) {
        while (len) {
            size_t n = chunk_len(addr, len);
            const uint8_t *p = lookup(m, addr >> PAGE_SHIFT);
            if (!p) {
                gap += n;
            } else {
                if (gap && (rc = visit(ctx, NULL, gap)))
                    return rc;
                gap = 0;
                if ((rc = visit(ctx, p + (addr & PAGE_MASK), n)))
                    return rc;
            }
            addr += n;
            len -= n;
        }
        return gap ? visit(ctx, NULL, gap) : 0;
    }
    /* The part does not wrap, so page order is address order. */
    qsort(pnos, k, sizeof *pnos, pno_cmp);
    uint64_t done = 0;      /* bytes of the part visited */
    rc = 0;
    for (size_t i = 0; i < k && !rc; i++) {
        uint64_t lo = pnos[i] << PAGE_SHIFT;
        uint64_t at = lo > addr ? lo - addr : 0;             /* offset of the piece in the part */
        uint64_t in = lo > addr ? 0 : addr - lo;             /* offset of the piece in the page */
        uint64_t n = PAGE_SIZE - in < len - at ? PAGE_SIZE - in : len - at;
        if (at > done)
            rc = visit(ctx, NULL, at - done);
        if (!rc)
            rc = visit(ctx, lookup(m, pnos[i]) + in, n);
        done = at + n;
    }
    if (!rc && done < len)
        rc = visit(ctx, NULL, len - done);
    free(pnos);
    return rc;
}

static int walk(const struct sparse_mem *m, uint64_t addr, uint64_t len, visit_fn visit, void *ctx)
{
    uint64_t to_top = (uint64_t)0 - addr;   /* bytes up to 2^64; 0 means all of them */
    if (to_top && len > to_top) {
        int rc = walk_part(m, addr, to_top, visit, ctx);
        return rc ? rc : walk_part(m, 0, len - to_top, visit, ctx);
    }
    return walk_part(m, addr, len, visit, ctx);
}

/* ---- stores ----------------------------------------------------------------- */

int sparse_mem_write(struct sparse_mem *m, uint64_t addr, const void *src, size_t len)
{
    const uint8_t *s = src;
    if (check_limit(m, addr, len))
        return SPARSE_MEM_ELIMIT;
    while (len) {
        size_t n = chunk_len(addr, len);
        uint8_t *p = get_page(m, addr >> PAGE_SHIFT);
        if (!p)
            return failed(m, SPARSE_MEM_ENOMEM, addr);
        memcpy(p + (addr & PAGE_MASK), s, n);
        s += n;
        addr += n;      /* wraps at 2^64 like the address space does */
        len -= n;
    }
    return 0;
}

int sparse_mem_write_strb(struct sparse_mem *m, uint64_t addr, const void *src,
                          size_t len, uint64_t strb)
{
    const uint8_t *s = src;
    size_t off = 0;

    if (len > 64)
        len = 64;
    if (len < 64)
        strb &= ((uint64_t)1 << len) - 1;
    if (m->limit && strb) {
        /* the pages the set bits fall in: at most two */
        uint64_t add = 0;
        for (size_t o = 0; o < len;) {
            size_t n = chunk_len(addr + o, len - o);
            uint64_t bits = n < 64 ? (strb >> o) & (((uint64_t)1 << n) - 1) : strb;
            add += bits && !lookup(m, (addr + o) >> PAGE_SHIFT);
            o += n;
        }
        if (over_limit(m, add))
            return failed(m, SPARSE_MEM_ELIMIT, addr);
    }
    while (strb && off < len) {
        size_t n = chunk_len(addr + off, len - off);
        uint64_t bits = n < 64 ? (strb & (((uint64_t)1 << n) - 1)) : strb;
        if (bits) {
            uint64_t a = addr + off;
            uint8_t *p = get_page(m, a >> PAGE_SHIFT);
            if (!p)
                return failed(m, SPARSE_MEM_ENOMEM, a);
            p += a & PAGE_MASK;
            for (size_t i = 0; i < n; i++)
                if ((bits >> i) & 1)
                    p[i] = s[off + i];
        }
        strb = n < 64 ? strb >> n : 0;
        off += n;
    }
    return 0;
}

int sparse_mem_fill(struct sparse_mem *m, uint64_t addr, uint8_t value, size_t len)
{
    if (value == m->fill) {
        release(m, addr, len);
        return 0;
    }
    if (check_limit(m, addr, len))
        return SPARSE_MEM_ELIMIT;
    while (len) {
        size_t n = chunk_len(addr, len);
        uint8_t *p = get_page(m, addr >> PAGE_SHIFT);
        if (!p)
            return failed(m, SPARSE_MEM_ENOMEM, addr);
        memset(p + (addr & PAGE_MASK), value, n);
        addr += n;
        len -= n;
    }
    return 0;
}

/* ---- loads ------------------------------------------------------------------ */

void sparse_mem_read(const struct sparse_mem *m, uint64_t addr, void *dst, size_t len)
{
    uint8_t *d = dst;
    while (len) {
        size_t n = chunk_len(addr, len);
        const uint8_t *p = lookup(m, addr >> PAGE_SHIFT);
        if (p)
            memcpy(d, p + (addr & PAGE_MASK), n);
        else
            memset(d, m->fill, n);
        d += n;
        addr += n;
        len -= n;
    }
}

struct crc_ctx {
    uLong crc;
    const uint8_t *fillbuf;     /* one page of fill bytes */
    uLong page_crc;             /* crc32 of that page alone */
};

/* crc32 of `pages` pages of fill bytes alone, by doubling. */
static uLong fill_pages_crc(const struct crc_ctx *c, uint64_t pages)
{
    uLong acc = 0, sq = c->page_crc;   /* acc: crc of nothing */
    z_off_t sqlen = (z_off_t)PAGE_SIZE;
    for (;;) {
        if (pages & 1)
            acc = crc32_combine(acc, sq, sqlen);
        pages >>= 1;
        if (!pages)
            return acc;
        sq = crc32_combine(sq, sq, sqlen);
        sqlen *= 2;
    }
}

static int crc_visit(void *ctx, const uint8_t *p, uint64_t n)
{
    struct crc_ctx *c = ctx;
    if (p) {
        c->crc = crc32(c->crc, p, (uInt)n);     /* n <= one page */
        return 0;
    }
    /* n fill bytes: short runs directly, long ones combined, in pieces
     * whose length z_off_t holds (2^62 bytes, or 2^30 where it is 32 bits) */
    const uint64_t max_pages = (uint64_t)1 << (sizeof(z_off_t) >= 8 ? 50 : 18);
    while (n >= 16 * PAGE_SIZE) {
        uint64_t pages = n >> PAGE_SHIFT;
        if (pages > max_pages)
            pages = max_pages;
        c->crc = crc32_combine(c->crc, fill_pages_crc(c, pages), (z_off_t)(pages << PAGE_SHIFT));
        n -= pages << PAGE_SHIFT;
    }
    while (n) {
        uInt k = n < PAGE_SIZE ? (uInt)n : (uInt)PAGE_SIZE;
        c->crc = crc32(c->crc, c->fillbuf, k);
        n -= k;
    }
    return 0;
}

uint32_t sparse_mem_crc32(const struct sparse_mem *m, uint64_t addr, size_t len)
{
    uint8_t fillbuf[PAGE_SIZE];
    struct crc_ctx c = { .crc = crc32(0L, Z_NULL, 0), .fillbuf = fillbuf };

    memset(fillbuf, m->fill, sizeof fillbuf);
    c.page_crc = crc32(crc32(0L, Z_NULL, 0), fillbuf, (uInt)PAGE_SIZE);
    (void)walk(m, addr, len, crc_visit, &c);
    return (uint32_t)c.crc;
}

struct dump_ctx {
    FILE *f;
    const uint8_t *fillbuf;
};

static int dump_visit(void *ctx, const uint8_t *p, uint64_t n)
{
    struct dump_ctx *d = ctx;
    if (p)
        return fwrite(p, 1, (size_t)n, d->f) == n ? 0 : -1;
    while (n) {
        size_t k = n < PAGE_SIZE ? (size_t)n : (size_t)PAGE_SIZE;
        if (fwrite(d->fillbuf, 1, k, d->f) != k)
            return -1;
        n -= k;
    }
    return 0;
}

int sparse_mem_dump(const struct sparse_mem *m, uint64_t addr, size_t len, FILE *f)
{
    uint8_t fillbuf[PAGE_SIZE];
    struct dump_ctx d = { f, fillbuf };

    if (!f)
        return -1;
    memset(fillbuf, m->fill, sizeof fillbuf);
    return walk(m, addr, len, dump_visit, &d) ? -1 : 0;
}
