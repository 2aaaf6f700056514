/* sparse_mem: 4 KiB pages in an open-addressing hash table keyed by page
 * number. Linear probing with a load factor <= 1/2 keeps lookups O(1) at
 * 10^5+ pages; pages are never freed individually, so no tombstones. */
#include "sparse_mem.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define PAGE_SHIFT 12
#define PAGE_SIZE  ((uint64_t)1 << PAGE_SHIFT)
#define PAGE_MASK  (PAGE_SIZE - 1)

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
};

static void *xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n, sz);
    if (!p) {
        fprintf(stderr, "sparse_mem: out of memory (%zu x %zu bytes)\n", n, sz);
        abort();
    }
    return p;
}

static size_t hash_pno(uint64_t pno, unsigned bits)
{
    /* Fibonacci hashing: the top bits of the product depend on every bit
     * of the page number, so both dense and far-apart pages spread well. */
    return (size_t)((pno * 0x9e3779b97f4a7c15ULL) >> (64 - bits));
}

struct sparse_mem *sparse_mem_create(void)
{
    struct sparse_mem *m = xcalloc(1, sizeof *m);
    m->bits = 10;
    m->cap = (size_t)1 << m->bits;
    m->tab = xcalloc(m->cap, sizeof *m->tab);
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
    /* Affects bytes of pages not yet allocated; allocated pages keep what
     * they hold (they were initialised with the fill byte of their time). */
    m->fill = fill;
}

static uint8_t *lookup(const struct sparse_mem *m, uint64_t pno)
{
    size_t i = hash_pno(pno, m->bits);
    for (;;) {
        const struct slot *s = &m->tab[i];
        if (!s->data)
            return NULL;
        if (s->pno == pno)
            return s->data;
        i = (i + 1) & (m->cap - 1);
    }
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

static void grow(struct sparse_mem *m)
{
    unsigned nbits = m->bits + 1;
    size_t ncap = (size_t)1 << nbits;
    struct slot *ntab = xcalloc(ncap, sizeof *ntab);
    for (size_t i = 0; i < m->cap; i++)
        if (m->tab[i].data)
            insert_slot(ntab, nbits, m->tab[i].pno, m->tab[i].data);
    free(m->tab);
    m->tab = ntab;
    m->cap = ncap;
    m->bits = nbits;
}

static uint8_t *get_page(struct sparse_mem *m, uint64_t pno)
{
    uint8_t *p = lookup(m, pno);
    if (p)
        return p;
    if ((m->used + 1) * 2 > m->cap)
        grow(m);
    p = malloc(PAGE_SIZE);
    if (!p) {
        fprintf(stderr, "sparse_mem: out of memory allocating a page\n");
        abort();
    }
    memset(p, m->fill, PAGE_SIZE);
    insert_slot(m->tab, m->bits, pno, p);
    m->used++;
    return p;
}

/* Length of the piece of [addr, addr+len) that stays inside addr's page. */
static size_t chunk_len(uint64_t addr, size_t len)
{
    uint64_t room = PAGE_SIZE - (addr & PAGE_MASK);
    return len < room ? len : (size_t)room;
}

void sparse_mem_write(struct sparse_mem *m, uint64_t addr, const void *src, size_t len)
{
    const uint8_t *s = src;
    while (len) {
        size_t n = chunk_len(addr, len);
        memcpy(get_page(m, addr >> PAGE_SHIFT) + (addr & PAGE_MASK), s, n);
        s += n;
        addr += n;      /* wraps at 2^64 like the address space does */
        len -= n;
    }
}

void sparse_mem_write_strb(struct sparse_mem *m, uint64_t addr, const void *src,
                           size_t len, uint64_t strb)
{
    const uint8_t *s = src;
    size_t off = 0;

    if (len > 64)
        len = 64;
    if (len < 64)
        strb &= ((uint64_t)1 << len) - 1;
    while (strb && off < len) {
        size_t n = chunk_len(addr + off, len - off);
        uint64_t bits = n < 64 ? (strb & (((uint64_t)1 << n) - 1)) : strb;
        if (bits) {
            uint64_t a = addr + off;
            uint8_t *p = get_page(m, a >> PAGE_SHIFT) + (a & PAGE_MASK);
            for (size_t i = 0; i < n; i++)
                if ((bits >> i) & 1)
                    p[i] = s[off + i];
        }
        strb = n < 64 ? strb >> n : 0;
        off += n;
    }
}

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

void sparse_mem_fill(struct sparse_mem *m, uint64_t addr, uint8_t value, size_t len)
{
    while (len) {
        size_t n = chunk_len(addr, len);
        memset(get_page(m, addr >> PAGE_SHIFT) + (addr & PAGE_MASK), value, n);
        addr += n;
        len -= n;
    }
}

uint32_t sparse_mem_crc32(const struct sparse_mem *m, uint64_t addr, size_t len)
{
    uint8_t fillbuf[PAGE_SIZE];
    uLong crc = crc32(0L, Z_NULL, 0);

    memset(fillbuf, m->fill, sizeof fillbuf);
    while (len) {
        size_t n = chunk_len(addr, len);
        const uint8_t *p = lookup(m, addr >> PAGE_SHIFT);
        /* Unallocated pages read as fill: CRC a fill buffer, allocate nothing. */
        crc = crc32(crc, p ? p + (addr & PAGE_MASK) : fillbuf, (uInt)n);
        addr += n;
        len -= n;
    }
    return (uint32_t)crc;
}

int sparse_mem_dump(const struct sparse_mem *m, uint64_t addr, size_t len, FILE *f)
{
    uint8_t fillbuf[PAGE_SIZE];

    if (!f)
        return -1;
    memset(fillbuf, m->fill, sizeof fillbuf);
    while (len) {
        size_t n = chunk_len(addr, len);
        const uint8_t *p = lookup(m, addr >> PAGE_SHIFT);
        if (fwrite(p ? p + (addr & PAGE_MASK) : fillbuf, 1, n, f) != n)
            return -1;
        addr += n;
        len -= n;
    }
    return 0;
}

size_t sparse_mem_pages(const struct sparse_mem *m)
{
    return m->used;
}
