/* csb_checker: passive protocol checker on NVDLA's configuration space bus.
 * Call csb_checker_sample() once per cycle after the DUT has evaluated, and
 * csb_checker_sample_reset() instead on every cycle while reset is
 * asserted. Each violation calls bfm_fail() with the cycle, the interface
 * name, the channel ("req", "rsp" or "wr_complete"), the rule, expected and
 * actual.
 *
 * Rule names (stable; they appear verbatim in failure lines):
 *   req:         "valid dropped before ready"       csb2nvdla_valid fell while ready was low
 *                "payload changed while stalled"    addr, wdat, write or nposted changed
 *                                                   while valid was high and ready low
 *                "ready not given within max_wait cycles"
 *                                                   (max_wait) valid held with ready low
 *                                                   for more than max_wait cycles; names
 *                                                   the address and kind; once per request
 *   rsp:         "read response with none outstanding"
 *                                                   nvdla2csb_valid with no read accepted
 *                                                   in an earlier cycle still unanswered
 *                "no response within max_wait cycles"
 *                                                   (max_wait) a read accepted more than
 *                                                   max_wait cycles ago has no data yet;
 *                                                   once per read
 *   wr_complete: "more wr_complete than non-posted writes"
 *                "no response within max_wait cycles"
 *                                                   (max_wait) the same for a non-posted
 *                                                   write and its wr_complete
 *   any:         "valid during reset"               (csb_checker_sample_reset) csb2nvdla_valid
 *                                                   (req), nvdla2csb_valid (rsp) or
 *                                                   nvdla2csb_wr_complete (wr_complete) high
 *                                                   while reset is asserted; once per
 *                                                   channel and reset
 *   final:       "read never answered" (rsp), "write completion never received"
 *                (wr_complete)                      (csb_checker_final)
 * Reads are answered strictly in order, and so are non-posted writes; a
 * response in the same cycle as its request does not answer it.
 *
 * No address rule: csb2nvdla_addr is the 16-bit word address (byte address
 * >> 2), so every value the pins can hold is a word-aligned address inside
 * the 256 KB CSB space (csb_master rejects unaligned or out-of-range byte
 * addresses before they reach the pins). Whether a register lives at an
 * address is the DUT's register map's business, not the bus protocol's. */
#ifndef CSB_CHECKER_H
#define CSB_CHECKER_H

#include <stdint.h>
#include "bfm_env.h"
#include "csb_pins.h"

/* The checker (opaque): CSB rules on a reg_checker. */
struct csb_checker;

struct csb_checker_knobs {
    uint64_t max_wait;          /* bound in cycles on ready after valid and on a read's
                                   data / a non-posted write's wr_complete; 0 = off
                                   (default) */
};

void csb_checker_knobs_default(struct csb_checker_knobs *k);

/* k NULL = defaults. */
struct csb_checker *csb_checker_create_with_knobs(const char *name,
                                                  const struct csb_checker_knobs *k,
                                                  const struct csb_pins *pins,
                                                  struct bfm_env *env);
/* Default knobs. */
struct csb_checker *csb_checker_create(const char *name, const struct csb_pins *pins,
                                       struct bfm_env *env);
void csb_checker_destroy(struct csb_checker *c);   /* NULL is fine */
void csb_checker_sample(struct csb_checker *c);
/* Call instead of csb_checker_sample() on every cycle while reset is
 * asserted: every valid must be low. A reset abandons what is in flight,
 * so the checker forgets it. */
void csb_checker_sample_reset(struct csb_checker *c);
int csb_checker_final(struct csb_checker *c);   /* reads/completions never returned */
void csb_checker_outstanding(const struct csb_checker *c, char *buf, unsigned len);

#endif
