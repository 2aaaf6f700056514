/* reg_requester: the protocol-independent half of a register-bus requester
 * BFM. It keeps the requests (writes and reads) in a FIFO, puts one at a
 * time "on the bus" after a random idle gap, follows each one from
 * acceptance to completion (a read's data, a non-posted write's
 * acknowledgement, both in order) and offers the blocking calls that step
 * the clock through env->step() until their request has completed.
 *
 * A protocol's BFM (csb_master, apb_master) owns one and supplies only its
 * pins: its drive function asks reg_requester_issue() for the next request
 * and puts reg_requester_on_bus() on the pins; its sample function reports
 * the handshake (reg_requester_accept), read data
 * (reg_requester_read_data) and write acknowledgements
 * (reg_requester_write_ack) it sees. */
#ifndef REG_REQUESTER_H
#define REG_REQUESTER_H

#include <stddef.h>
#include <stdint.h>
#include "bfm_env.h"

/* One request. The protocol fields a bus lacks stay zero. */
struct reg_request {
    uint64_t seq;           /* position in the request stream */
    uint32_t addr;          /* byte address */
    uint32_t wdata;
    uint8_t write;
    uint8_t nposted;        /* a write that completes on the target's acknowledgement
                               rather than on acceptance */
    uint8_t strb, prot;     /* byte lanes and protection, on buses that have them */
    uint32_t *rdata;        /* a read's data goes here when it arrives (NULL: nowhere) */
    int *done;              /* set to 1 once the request completed (NULL: nobody waits) */
};

/* What a blocking call's time limit counts. */
enum reg_budget {
    REG_BUDGET_CYCLES = 0,  /* every clock cycle the call steps */
    REG_BUDGET_STALLS,      /* only the cycles the protocol reports through
                               reg_requester_stall() (e.g. wait states) */
};

struct reg_requester_knobs {
    unsigned gap_min, gap_max;  /* idle cycles after each accepted request (random in range) */
    uint64_t timeout;           /* limit of one blocking call, in budget units
                                   (0 = 100000) */
    enum reg_budget budget;
    uint64_t seed;
    unsigned addr_digits;       /* hex digits of an address in log lines */
    bfm_reg_describe_fn describe;   /* names registers in the log, NULL: addresses */
};

struct reg_requester_stats {
    uint64_t writes, reads;     /* accepted */
    uint64_t nposted_writes;    /* of the writes, those awaiting an acknowledgement */
    uint64_t write_acks;        /* acknowledgements received */
    uint64_t stalls;            /* cycles reported through reg_requester_stall() */
    uint64_t timeouts;          /* blocking calls that gave up */
};

struct reg_requester;

/* who names the caller in error messages ("csb_master_create"). Returns NULL
 * (with a message) on gap_min > gap_max or without pins or env. */
struct reg_requester *reg_requester_create(const char *who, const char *name,
                                           struct reg_requester_knobs k, const void *pins,
                                           struct bfm_env *env);
void reg_requester_destroy(struct reg_requester *r);    /* NULL is fine */

const char *reg_requester_name(const struct reg_requester *r);
struct bfm_env *reg_requester_env(const struct reg_requester *r);
uint64_t reg_requester_timeout(const struct reg_requester *r);   /* the knob, 0 resolved */
/* "ADDR = DATA" for log lines, through the knobs' describe when given. */
void reg_requester_describe(const struct reg_requester *r, uint32_t addr, uint32_t data,
                            char *buf, unsigned len);

/* ---- the protocol's side, once per cycle ---- */

/* drive(): while the bus is free, count down the gap, then (if may_start)
 * take the next queued request onto the bus. Returns that request when one
 * went on the bus now, else NULL. */
const struct reg_request *reg_requester_issue(struct reg_requester *r, int may_start);
/* The request on the bus, NULL while the bus is free. */
const struct reg_request *reg_requester_on_bus(const struct reg_requester *r);
/* What to drive on the payload pins: the request on the bus, or all zeros
 * while the bus is free (parked, easier to read in waveforms). */
const struct reg_request *reg_requester_payload(const struct reg_requester *r);
/* sample(): the target took the request on the bus. It leaves the bus and
 * the next gap is drawn; a read then awaits its data, a non-posted write
 * its acknowledgement, a posted write has completed. Returns the accepted
 * request (valid until the next call). */
const struct reg_request *reg_requester_accept(struct reg_requester *r);
/* The oldest read awaiting data, NULL if none. */
const struct reg_request *reg_requester_oldest_read(const struct reg_requester *r);
/* Data for the oldest read awaiting it (there must be one): it completes. */
void reg_requester_read_data(struct reg_requester *r, uint32_t data);
/* The oldest non-posted write awaiting acknowledgement completes (there
 * must be one). */
void reg_requester_write_ack(struct reg_requester *r);
/* This cycle counts against blocking calls under REG_BUDGET_STALLS. */
void reg_requester_stall(struct reg_requester *r);

/* ---- the test's side ---- */

/* Queue a request; returns at once. The caller's rdata and done (if any)
 * must stay valid until it completes or the requester is destroyed; *done
 * is cleared here. */
void reg_requester_queue(struct reg_requester *r, const struct reg_request *req);
/* Queue a request and step the clock until it completed: BFM_OK (a read's
 * data in *rdata, may be NULL), BFM_ERR_TIMEOUT after the knobs' timeout,
 * BFM_ERR_FAILED once env->step() reports the test failed. A request given
 * up on stays queued, as the bus cannot take it back. */
enum bfm_status reg_requester_call(struct reg_requester *r, const struct reg_request *req,
                                   uint32_t *rdata);
/* Read (read is the request to repeat) until (data & mask) == expect, at
 * most timeout budget units in all (0: no limit of its own), each read
 * bounded by the knobs' timeout too. */
enum bfm_status reg_requester_poll(struct reg_requester *r, const struct reg_request *read,
                                   uint32_t mask, uint32_t expect, uint64_t timeout);

/* Nothing queued, on the bus or awaiting completion. */
int reg_requester_idle(const struct reg_requester *r);
size_t reg_requester_queued(const struct reg_requester *r);
size_t reg_requester_reads_awaiting(const struct reg_requester *r);
size_t reg_requester_writes_awaiting(const struct reg_requester *r);
void reg_requester_stats(const struct reg_requester *r, struct reg_requester_stats *s);

#endif
