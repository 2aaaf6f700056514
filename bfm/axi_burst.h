/* axi_burst: AXI4 burst address arithmetic (spec section A3.4), shared by
 * the memory BFM and the checker. Internal, static inline. */
#ifndef AXI_BURST_H
#define AXI_BURST_H

#include <stdint.h>
#include "axi_pins.h"

struct axi_burst_geom {
    uint64_t addr;      /* start address as issued */
    unsigned nbytes;    /* bytes per beat: 1 << size */
    unsigned beats;     /* len + 1 */
    uint8_t burst;      /* enum axi_burst; reserved (3) is treated as INCR */
};

static inline void axi_burst_init(struct axi_burst_geom *g, uint64_t addr, uint8_t len,
                                  uint8_t size, uint8_t burst)
{
    g->addr = addr;
    g->nbytes = 1u << (size > 7 ? 7 : size);
    g->beats = (unsigned)len + 1;
    g->burst = burst > AXI_BURST_WRAP ? AXI_BURST_INCR : burst;
}

static inline uint64_t axi_burst_aligned(const struct axi_burst_geom *g)
{
    return g->addr & ~(uint64_t)(g->nbytes - 1);
}

/* Bytes covered by a WRAP burst (its wrap container). */
static inline uint64_t axi_burst_wrap_size(const struct axi_burst_geom *g)
{
    return (uint64_t)g->nbytes * g->beats;
}

static inline uint64_t axi_burst_wrap_base(const struct axi_burst_geom *g)
{
    uint64_t total = axi_burst_wrap_size(g);
    return g->addr / total * total;
}

/* Address of beat n: the first beat of FIXED/INCR keeps its unaligned
 * start; later INCR beats are size-aligned; WRAP wraps in its container. */
static inline uint64_t axi_burst_beat_addr(const struct axi_burst_geom *g, unsigned n)
{
    uint64_t a;

    switch (g->burst) {
    case AXI_BURST_FIXED:
        return g->addr;
    case AXI_BURST_WRAP:
        a = axi_burst_aligned(g) + (uint64_t)n * g->nbytes;
        if (a >= axi_burst_wrap_base(g) + axi_burst_wrap_size(g))
            a -= axi_burst_wrap_size(g);
        return a;
    default:
        return n == 0 ? g->addr : axi_burst_aligned(g) + (uint64_t)n * g->nbytes;
    }
}

/* Inclusive byte range the whole burst touches. */
static inline void axi_burst_range(const struct axi_burst_geom *g, uint64_t *lo, uint64_t *hi)
{
    switch (g->burst) {
    case AXI_BURST_FIXED:
        *lo = g->addr;
        *hi = axi_burst_aligned(g) + g->nbytes - 1;
        break;
    case AXI_BURST_WRAP:
        *lo = axi_burst_wrap_base(g);
        *hi = *lo + axi_burst_wrap_size(g) - 1;
        break;
    default:
        *lo = g->addr;
        *hi = axi_burst_aligned(g) + (uint64_t)g->nbytes * g->beats - 1;
        break;
    }
}

/* Byte lanes (bit i = lane i) a beat at address a uses on a bus of
 * data_bytes (a power of two >= nbytes). */
static inline uint64_t axi_burst_lanes(uint64_t a, unsigned nbytes, unsigned data_bytes)
{
    unsigned lo = (unsigned)(a & (data_bytes - 1));
    unsigned hi = (unsigned)((a & ~(uint64_t)(nbytes - 1)) & (data_bytes - 1)) + nbytes - 1;
    uint64_t upto = hi >= 63 ? ~0ULL : ((1ULL << (hi + 1)) - 1);
    return upto & ~((1ULL << lo) - 1);
}

#endif
