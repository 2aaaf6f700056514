/* apb_checker: passive AMBA 4 APB protocol checker on one requester/completer
 * link. Call apb_checker_sample() once per cycle after the DUT has
 * evaluated, and apb_checker_sample_reset() instead on every cycle while
 * PRESETn is asserted; both only read the pins. Each violation calls
 * bfm_fail() with the cycle, the interface name, the channel ("setup" or
 * "access"), the rule, expected and actual, e.g.
 *   FAIL cycle 12: apb access: PADDR changed while PREADY low: expected 0x010, actual 0x014
 *
 * A transfer is a setup cycle (PSEL=1, PENABLE=0) followed by access cycles
 * (PSEL=1, PENABLE=1) up to and including the completing one (PREADY=1).
 * PREADY, PRDATA and PSLVERR are only looked at in access cycles.
 *
 * Rule names (stable; they appear verbatim in failure lines):
 *   setup:  "PSTRB non-zero on a read"        PWRITE=0 with PSTRB != 0 in the setup cycle
 *           "setup not followed by access"    PSEL=1, PENABLE=0 again the cycle after setup
 *           "PWAKEUP low during a transfer"   PSEL=1 with PWAKEUP=0 (setup or access channel)
 *   access: "PENABLE without setup"           PENABLE=1 after an idle cycle (no setup cycle)
 *           "PENABLE high after transfer completed"
 *                                             PENABLE=1 in the cycle after the completing
 *                                             one (a new transfer needs a setup cycle)
 *           "PSEL dropped mid-transfer"       PSEL=0 after the setup cycle or an access
 *                                             cycle with PREADY=0
 *           "PENABLE dropped before PREADY"   PSEL=1, PENABLE=0 after an access cycle with
 *                                             PREADY=0
 *           "PADDR changed while PREADY low", "PWRITE changed while PREADY low",
 *           "PWDATA changed while PREADY low" (writes), "PSTRB changed while PREADY low",
 *           "PPROT changed while PREADY low"  a value differs from the previous cycle
 *                                             of the same transfer (setup included)
 *           "PREADY not given within max_wait cycles"
 *                                             (knob max_wait, 0 = off) an access phase
 *                                             has had more than max_wait access cycles
 *                                             with PREADY=0; names PADDR and direction;
 *                                             once per transfer
 *   reset:  "PSEL high during reset"          (apb_checker_sample_reset) PSEL=1 while
 *                                             reset is asserted (channel "setup")
 *           "PENABLE high during reset"       PENABLE=1 while reset is asserted
 *                                             (channel "access"); each once per reset
 *   final:  "transfer never completed"        (apb_checker_finish) a transfer is still
 *                                             waiting for PREADY at the end of the test
 * After a violation the checker resynchronises on the current cycle, so one
 * mistake is reported once, not on every following cycle. */
#ifndef APB_CHECKER_H
#define APB_CHECKER_H

#include <stdint.h>
#include "apb_pins.h"
#include "bfm_env.h"

struct apb_checker_knobs {
    uint64_t max_wait;          /* access cycles with PREADY=0 a transfer may take
                                   (completer wait states); 0 = no bound (default) */
};

void apb_checker_knobs_default(struct apb_checker_knobs *k);

struct apb_checker;
/* Default knobs. */
struct apb_checker *apb_checker_create(const char *name, const struct apb_pins *pins,
                                       struct bfm_env *env);
/* k NULL = defaults. */
struct apb_checker *apb_checker_create_with_knobs(const char *name,
                                                  const struct apb_checker_knobs *k,
                                                  const struct apb_pins *pins,
                                                  struct bfm_env *env);
void apb_checker_destroy(struct apb_checker *c);   /* NULL is fine */
void apb_checker_sample(struct apb_checker *c);
/* Call instead of apb_checker_sample() on every cycle while reset is
 * asserted: PSEL and PENABLE must be low. A reset ends any transfer in
 * progress (it is not "never completed"). */
void apb_checker_sample_reset(struct apb_checker *c);
/* End-of-test check: a transfer still in progress is a failure. Returns
 * the number of failures it reported (0 or 1). */
int apb_checker_finish(struct apb_checker *c);
/* The same check under the name the other checkers use (csb/axi_checker_final). */
int apb_checker_final(struct apb_checker *c);
void apb_checker_outstanding(const struct apb_checker *c, char *buf, unsigned len);

struct apb_checker_stats { uint64_t writes, reads, slverrs, wait_cycles; };
void apb_checker_stats(const struct apb_checker *c, struct apb_checker_stats *s);

#endif
