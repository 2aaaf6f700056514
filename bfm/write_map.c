/* write_map: see write_map.h. */
#include <stdlib.h>
#include <string.h>
#include "sparse_mem.h"
#include "write_map.h"

struct write_map {
    struct sparse_mem *flags;       /* 1 per written byte, 0 (the fill) elsewhere */
};

static const uint8_t ones[64] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

struct write_map *write_map_create(void)
{
    struct write_map *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->flags = sparse_mem_create();
    return w;
}

void write_map_destroy(struct write_map *w)
{
    if (!w)
        return;
    sparse_mem_destroy(w->flags);
    free(w);
}

void write_map_mark(struct write_map *w, uint64_t addr, size_t len)
{
    if (!w)
        return;
    /* a fill with a non-fill value allocates and sets every byte */
    if (len)
        sparse_mem_fill(w->flags, addr, 1, len);
}

void write_map_mark_strb(struct write_map *w, uint64_t addr, size_t len, uint64_t strb)
{
    if (!w)
        return;
    if (len > 64)
        len = 64;
    sparse_mem_write_strb(w->flags, addr, ones, len, strb);
}

uint64_t write_map_count(const struct write_map *w, uint64_t addr, uint64_t len)
{
    /* The CRC of an unwritten page run costs almost nothing, so whole
     * unwritten 4 KiB chunks are skipped without reading them. */
    static uint32_t zero_crc;
    static int zero_crc_set;
    static const uint8_t zeros[SPARSE_MEM_PAGE_SIZE];
    if (!zero_crc_set) {
        struct sparse_mem *z = sparse_mem_create();
        zero_crc = z ? sparse_mem_crc32(z, 0, SPARSE_MEM_PAGE_SIZE) : 0;
        zero_crc_set = z != NULL;
        sparse_mem_destroy(z);
    }
    uint8_t buf[SPARSE_MEM_PAGE_SIZE];
    uint64_t n = 0;
    if (!w)
        return 0;
    while (len) {
        size_t chunk = SPARSE_MEM_PAGE_SIZE - (size_t)(addr & (SPARSE_MEM_PAGE_SIZE - 1));
        if (chunk > len)
            chunk = (size_t)len;
        if (!(zero_crc_set && chunk == SPARSE_MEM_PAGE_SIZE &&
              sparse_mem_crc32(w->flags, addr, chunk) == zero_crc)) {
            sparse_mem_read(w->flags, addr, buf, chunk);
            if (memcmp(buf, zeros, chunk))
                for (size_t i = 0; i < chunk; i++)
                    n += buf[i];
        }
        addr += chunk;
        len -= chunk;
    }
    return n;
}

int write_map_error(const struct write_map *w)
{
    return sparse_mem_error(w->flags, NULL) != 0;
}
