/* csb_master: NVDLA CSB requester BFM. Drives the request channel with
 * valid/ready, collects read data strictly in order from the valid-only
 * response channel and counts wr_complete pulses for non-posted writes.
 *
 * Per cycle the kernel calls csb_master_drive() before the DUT evaluates
 * and csb_master_sample() after. The blocking calls below step the clock
 * through env->step() until their transaction has finished. */
#ifndef CSB_MASTER_H
#define CSB_MASTER_H

#include <stdint.h>
#include "bfm_env.h"
#include "csb_pins.h"

/* The requester (opaque): CSB pins on a reg_requester. */
struct csb_master;

struct csb_master_knobs {
    unsigned gap_min, gap_max;  /* idle cycles between requests (random in range) */
    int nposted;                /* 1: writes are non-posted, wait for wr_complete */
    unsigned read_timeout;      /* cycles a read may wait for data (0 = 100000);
                                   also bounds a blocking csb_write */
    uint64_t seed;
    bfm_reg_describe_fn describe;   /* names registers in the log (VERBOSE), NULL: addresses */
};

void csb_master_knobs_default(struct csb_master_knobs *k);

struct csb_master *csb_master_create(const char *name, const struct csb_master_knobs *k,
                                     struct csb_pins *pins, struct bfm_env *env);
void csb_master_destroy(struct csb_master *m);   /* NULL is fine */

void csb_master_drive(struct csb_master *m);
void csb_master_sample(struct csb_master *m);

/* addr is a byte address (must be 4-aligned, < 256 KiB); the BFM puts
 * addr >> 2 on csb2nvdla_addr. */
enum bfm_status csb_write(struct csb_master *m, uint32_t addr, uint32_t data);
enum bfm_status csb_read(struct csb_master *m, uint32_t addr, uint32_t *data);
/* Read until (value & mask) == expect, at most timeout cycles. */
enum bfm_status csb_poll(struct csb_master *m, uint32_t addr, uint32_t mask,
                         uint32_t expect, uint64_t timeout);

/* Non-blocking: queue a write; returns at once. csb_master_idle() tells
 * when everything queued has been accepted (and completed, if non-posted). */
enum bfm_status csb_write_async(struct csb_master *m, uint32_t addr, uint32_t data);
/* Non-blocking read: queue it; when its data arrives (in order) it is
 * stored to *data and *done is set to 1 (*done is cleared here). Both must
 * stay valid until then or until the master is destroyed. */
enum bfm_status csb_read_async(struct csb_master *m, uint32_t addr, uint32_t *data,
                               int *done);
/* Change whether writes queued from now on are non-posted. */
void csb_master_set_nposted(struct csb_master *m, int nposted);
int csb_master_idle(const struct csb_master *m);
/* One line on what is still outstanding, for the watchdog report. */
void csb_master_outstanding(const struct csb_master *m, char *buf, unsigned len);

struct csb_master_stats { uint64_t writes, reads, nposted_writes, wr_completes; };
void csb_master_stats(const struct csb_master *m, struct csb_master_stats *s);

#endif
