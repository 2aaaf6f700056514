/* axi_mem: AXI4 memory BFM (subordinate). The DUT is the manager. The BFM
 * does the protocol work (burst arithmetic, byte lanes, ordering, latency,
 * backpressure, error injection) and stores data in a sparse_mem that test
 * code shares, or in any backing store plugged in with axi_mem_set_store()
 * (e.g. a TLM-2.0 initiator socket). */
#ifndef AXI_MEM_H
#define AXI_MEM_H

#include <stdint.h>
#include "axi_pins.h"
#include "bfm_env.h"
#include "sparse_mem.h"
#include "write_map.h"

#define AXI_MEM_MAX_ERR_REGIONS 8

struct axi_mem_err_region {
    uint64_t lo, hi;        /* inclusive byte range */
    uint8_t resp;           /* AXI_RESP_SLVERR or AXI_RESP_DECERR */
    uint8_t on_read, on_write;
};

struct axi_mem_knobs {
    unsigned data_bytes;        /* bus width in bytes: 4..64, power of two (8 = nv_small) */
    unsigned addr_bits;         /* 32 or 64 (any 1..64 accepted): higher address
                                   bits must be zero, flagged via bfm_fail */
    unsigned rd_latency_min;    /* cycles from AR handshake to first R beat */
    unsigned rd_latency_max;    /* random in [min, max] per burst */
    unsigned wr_latency;        /* cycles from last W beat to B valid */
    unsigned stall_pct;         /* random stall % on every channel: ready low on
                                   AW/W/AR, valid withheld on R/B */
    unsigned max_outstanding_rd;/* AR accepted but not fully returned (0 = 16) */
    unsigned max_outstanding_wr;/* AW accepted but B not yet sent (0 = 16) */
    int reorder_rd;             /* return read bursts of different IDs out of order */
    unsigned n_err;             /* error injection regions in use */
    struct axi_mem_err_region err[AXI_MEM_MAX_ERR_REGIONS];
    uint64_t seed;
    /* Per-channel stall %; each overrides stall_pct for its channel when
     * non-zero (so a channel can be stressed harder than the rest). */
    unsigned stall_pct_aw, stall_pct_w, stall_pct_ar, stall_pct_r, stall_pct_b;
};

void axi_mem_knobs_default(struct axi_mem_knobs *k);

/* A backing store. The BFM calls it once per data beat, with the beat's
 * bus-aligned address and the bus width n: read when it presents an R beat,
 * write when it takes a W beat with strb[i] 0xFF (write byte i) or 0x00
 * (keep it): the TLM-2.0 byte-enable convention. Return 0, or non-zero for
 * an error: a failing read beat and the rest of its burst answer SLVERR
 * (data zero), a failing write beat makes the burst's B response SLVERR and
 * its later beats are not stored. Error regions (knobs) take precedence:
 * a burst they hit never reaches the store. */
struct axi_mem_store {
    void *ctx;
    int (*read)(void *ctx, uint64_t addr, uint8_t *buf, unsigned n);
    int (*write)(void *ctx, uint64_t addr, const uint8_t *buf, const uint8_t *strb, unsigned n);
};

struct axi_mem;

struct axi_mem *axi_mem_create(const char *name, const struct axi_mem_knobs *k,
                               struct axi_pins *pins, struct sparse_mem *mem,
                               struct bfm_env *env);
void axi_mem_destroy(struct axi_mem *m);   /* NULL is fine */
/* Use store (copied) instead of the sparse_mem given at create; NULL goes
 * back to the sparse_mem. Call between bursts (before the first cycle). */
void axi_mem_set_store(struct axi_mem *m, const struct axi_mem_store *store);
/* Mark in written (kept by the caller, NULL: none) every byte lane a write
 * burst stores, so checks can tell DUT-written bytes from initial ones. */
void axi_mem_set_write_map(struct axi_mem *m, struct write_map *written);

void axi_mem_drive(struct axi_mem *m);     /* before the DUT evaluates */
void axi_mem_sample(struct axi_mem *m);    /* after */

int axi_mem_idle(const struct axi_mem *m); /* nothing accepted and unanswered */
/* Error injection decided during a test: bursts that touch r from now on
 * get r->resp. 0, or -1 when all AXI_MEM_MAX_ERR_REGIONS are in use. */
int axi_mem_add_err_region(struct axi_mem *m, const struct axi_mem_err_region *r);
void axi_mem_clear_err_regions(struct axi_mem *m);
void axi_mem_outstanding(const struct axi_mem *m, char *buf, unsigned len);

struct axi_mem_stats {
    uint64_t ar_bursts, aw_bursts, r_beats, w_beats, b_resps;
    uint64_t rd_bytes, wr_bytes, err_resps;
    unsigned max_rd_outstanding_seen, max_wr_outstanding_seen;
};
void axi_mem_stats(const struct axi_mem *m, struct axi_mem_stats *s);

#endif
