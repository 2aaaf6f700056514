/* apb_master: AMBA 4 APB requester BFM (the Ethos-U65 register port).
 * One transfer at a time: a setup phase (PSEL=1, PENABLE=0) of exactly one
 * cycle, then the access phase (PENABLE=1) held until PREADY=1. PADDR,
 * PWRITE, PWDATA, PSTRB and PPROT stay stable from setup to the completing
 * cycle. Between transfers the bus idles with PSEL=0, PENABLE=0 and the
 * payload parked at zero for gap_min..gap_max cycles; with a gap of 0 the
 * next setup phase follows the completing cycle directly. PWAKEUP goes
 * high at least one cycle before PSEL (an idle wake-up cycle when the bus
 * was asleep) and stays high until the last queued transfer completes.
 * Reads drive PSTRB=0 and PWDATA=0.
 *
 * Per cycle the kernel calls apb_master_drive() before the DUT evaluates
 * and apb_master_sample() after. The blocking calls below step the clock
 * through env->step() until their transfer has completed. */
#ifndef APB_MASTER_H
#define APB_MASTER_H

#include <stdint.h>
#include "apb_pins.h"
#include "bfm_env.h"

/* PPROT bits. */
#define APB_PROT_PRIVILEGED  0x1u
#define APB_PROT_NONSECURE   0x2u
#define APB_PROT_INSTRUCTION 0x4u
/* Pass as prot to use the knobs' default_prot. */
#define APB_PROT_DEFAULT     0xFFu

struct apb_master_knobs {
    unsigned gap_min, gap_max;  /* idle cycles between transfers (random in range) */
    unsigned timeout;           /* cycles a transfer may wait for PREADY (0 = 100000):
                                   a blocking call gives up with BFM_ERR_TIMEOUT once
                                   its transfer has spent this many cycles in the
                                   access phase without PREADY */
    uint8_t default_prot;       /* PPROT for calls passing APB_PROT_DEFAULT */
    uint64_t seed;
    bfm_reg_describe_fn describe;   /* names registers in the log (VERBOSE), NULL: addresses */
};

void apb_master_knobs_default(struct apb_master_knobs *k);

struct apb_master;

/* NULL knobs = defaults. Returns NULL on bad knobs (gap_min > gap_max,
 * default_prot > 7) or missing pins/env. */
struct apb_master *apb_master_create(const char *name, const struct apb_master_knobs *k,
                                     struct apb_pins *pins, struct bfm_env *env);
void apb_master_destroy(struct apb_master *m);   /* NULL is fine */

void apb_master_drive(struct apb_master *m);
void apb_master_sample(struct apb_master *m);

/* addr must be 4-aligned; prot 0..7 or APB_PROT_DEFAULT; strb 0..0xF.
 * They return BFM_OK once the transfer completed (whatever PSLVERR said),
 * BFM_ERR_ARG without stepping on a bad argument, BFM_ERR_TIMEOUT after
 * `timeout` access cycles without PREADY (the transfer stays on the bus, as
 * APB cannot abort it, and later calls queue behind it), BFM_ERR_FAILED once
 * env->step() reports the test failed.
 *
 * PSLVERR: apb_read() stores it to *slverr (may be NULL); for writes (and
 * reads too) apb_master_last_slverr() returns the PSLVERR of the most
 * recently completed transfer. PSLVERR is never a BFM failure by itself:
 * the test decides whether an error response was expected. */
enum bfm_status apb_write(struct apb_master *m, uint32_t addr, uint32_t data, uint8_t prot);
enum bfm_status apb_write_strb(struct apb_master *m, uint32_t addr, uint32_t data,
                               uint8_t strb, uint8_t prot);
enum bfm_status apb_read(struct apb_master *m, uint32_t addr, uint8_t prot, uint32_t *data,
                         int *slverr);
/* PSLVERR of the last completed transfer: 0, 1, or -1 before the first. */
int apb_master_last_slverr(const struct apb_master *m);

/* Nothing queued and the bus idle (PSEL low from the next cycle on). */
int apb_master_idle(const struct apb_master *m);
/* One line on what is still outstanding, for the watchdog report. */
void apb_master_outstanding(const struct apb_master *m, char *buf, unsigned len);

struct apb_master_stats {
    uint64_t writes, reads;     /* completed transfers */
    uint64_t slverrs;           /* of those, completed with PSLVERR=1 */
    uint64_t wait_cycles;       /* access-phase cycles with PREADY=0 */
    uint64_t timeouts;          /* blocking calls that gave up */
};
void apb_master_stats(const struct apb_master *m, struct apb_master_stats *s);

#endif
