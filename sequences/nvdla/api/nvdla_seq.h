/* nvdla_seq: what an NVDLA test sequence gets beyond the neutral context
 * (seq.h): the pin-level CSB requester, the configuration modelled, and
 * what a trace run carries into its verdict. NVDLA's sequences are written
 * against the neutral struct seq_ctx (whose mem[NVDLA_SEQ_DBB] and
 * mem[NVDLA_SEQ_SRAM] are the memories behind DBBIF and SRAMIF, and whose
 * irq is dla_intr) and reach these fields through nvdla_seq(ctx). */
#ifndef NVDLA_SEQ_H
#define NVDLA_SEQ_H

#include <stddef.h>
#include <stdint.h>
#include "csb_master.h"
#include "seq.h"

struct nvdla_config;

/* The AXI manager ports, as NVDLA's port table orders them. */
#define NVDLA_SEQ_DBB 0             /* DBBIF (pri_mem) */
#define NVDLA_SEQ_SRAM 1            /* SRAMIF, NULL without it */

struct nvdla_seq_ctx {
    struct seq_ctx seq;             /* the first member: nvdla_seq() finds the rest */
    /* The pin-level CSB requester, for tests that need it (async requests,
     * non-posted switching); NULL on the TLM platform. */
    struct csb_master *csb;
    /* CHECK_UNWRITTEN=1: a check over bytes the DUT never wrote passes when
     * the trace's mem_load put every one of them there. */
    int check_unwritten;
    const char *trace_path;         /* NVDLA trace being run (--trace), NULL otherwise */
    /* Run although it needs what the configuration leaves out (RUN_ABSENT=1):
     * the reason, for the verdict on a mismatch; NULL otherwise. */
    const char *absent;
    /* Run although it breaks a programming rule (PROG_CHECK=warn): the first
     * rule, for the verdict on a mismatch; NULL otherwise. */
    const char *prog_broken;
    /* The NVDLA configuration modelled (NVDLA_CONFIG); NULL: nv_small. */
    const struct nvdla_config *hw;
};

/* The NVDLA context a sequence's neutral one belongs to (it must be the
 * seq member of a struct nvdla_seq_ctx). */
static inline struct nvdla_seq_ctx *nvdla_seq(struct seq_ctx *ctx)
{
    return (struct nvdla_seq_ctx *)((char *)ctx - offsetof(struct nvdla_seq_ctx, seq));
}
static inline const struct nvdla_seq_ctx *nvdla_seq_const(const struct seq_ctx *ctx)
{
    return (const struct nvdla_seq_ctx *)((const char *)ctx - offsetof(struct nvdla_seq_ctx, seq));
}

struct nvdla_seq_test {
    const char *name;
    const char *summary;
    int (*run)(struct seq_ctx *ctx);   /* ctx is a struct nvdla_seq_ctx's; 0 = pass */
    /* Engines beyond SDP bypass the DUT must have (e.g. "PDP"), NULL if
     * none. The shipped RTL stub has only SDP bypass, so the system tests
     * run such sequences on the twin (and on user RTL when asked). */
    const char *needs;
    /* The configuration the test's fixed layout (atoms, weight groups, CBUF
     * banks) is written for, NULL when it follows the run's configuration;
     * nvdla_seq_check_config refuses the others. */
    const char *only_config;
};

/* NVDLA's sequences (nvdla_registry.c). */
extern const struct nvdla_seq_test *const nvdla_seq_tests[];
extern const unsigned nvdla_seq_test_count;
const struct nvdla_seq_test *nvdla_seq_find(const char *name);
/* 0 when t can run on configuration hw (NULL: nv_small); else -1 with the
 * reason in err. */
int nvdla_seq_check_config(const struct nvdla_seq_test *t, const struct nvdla_config *hw, char *err, size_t len);
/* The configuration's memory atom in bytes (8 without one). */
unsigned nvdla_seq_atom(const struct seq_ctx *ctx);

#endif
