/* axi_checker: passive AXI4 protocol checker on one port. It sees both
 * directions, so it checks the manager (DUT) and the subordinate (memory
 * BFM or a user's interconnect) alike. Call axi_checker_sample() once per
 * cycle after the DUT has evaluated, and axi_checker_sample_reset() instead
 * on every cycle while the port's reset is asserted. Each violation calls
 * bfm_fail() with the cycle, the port name, the channel, the rule, expected
 * and actual. */
/* Rule names (stable; they appear verbatim in failure lines):
 *   any channel: "valid dropped before ready",
 *           "payload changed while stalled" (the failure names the field:
 *           AW/AR id, addr, len, size, burst, lock, cache, prot; W wstrb, the
 *           data bytes WSTRB enables, wlast; R id, the data bytes the beat
 *           carries (its lanes from the AR's address, size, burst and the
 *           beat number), resp, last; B id, resp),
 *           "valid during reset" (axi_checker_sample_reset: AW/W/AR VALID
 *           from the manager, R/B VALID from the subordinate, once per
 *           channel and reset),
 *           "ready not given within max_wait cycles" (max_wait: VALID held
 *           with READY low for more than max_wait cycles, once per stall;
 *           names the ID and address, for W those of its AW when seen)
 *   AW/AR:  "burst crosses 4 KB boundary", "unaligned address" (require_aligned),
 *           "address above addr_bits", "size wider than bus",
 *           "reserved burst type", "illegal wrap burst",
 *           "fixed burst longer than 16" (FIXED with AxLEN > 15),
 *           "write request to a read-only port", "read request to a write-only port"
 *   W:      "wlast does not match awlen" (W matched to AWs in order; W may
 *           lead its AW), "write request to a read-only port",
 *           "wstrb outside active lanes" (a WSTRB bit set for a byte lane the
 *           beat does not carry, from AWADDR, AWSIZE, AWBURST and the beat
 *           number, unaligned first beat included; beats ahead of their AW
 *           are judged when it arrives; once per burst)
 *   R/B:    "rlast does not match arlen", "response ID never requested",
 *           "response out of order" (require_in_order),
 *           "read response to a write-only port", "write response to a read-only port",
 *           "write response before write data complete",
 *           "exokay without exclusive access" (EXOKAY answering a burst whose
 *           AxLOCK was 0; once per burst),
 *           "no response within max_wait cycles" (max_wait: a read burst
 *           without its last R beat more than max_wait cycles after its AR,
 *           a write burst without its B more than max_wait cycles after the
 *           later of its AW and its last W beat; cycles in which the manager
 *           holds RVALID/BVALID off with RREADY/BREADY low are not counted;
 *           once per burst)
 *   final:  "read burst never answered", "write burst never answered",
 *           "write data without address"
 * A response handshaking in the same cycle as its request does not count
 * as answering it. */
#ifndef AXI_CHECKER_H
#define AXI_CHECKER_H

#include <stdint.h>
#include "axi_pins.h"
#include "bfm_env.h"

enum axi_port_mode { AXI_PORT_RW = 0, AXI_PORT_READ_ONLY, AXI_PORT_WRITE_ONLY };

struct axi_checker_knobs {
    unsigned data_bytes;       /* bus width in bytes */
    unsigned addr_bits;        /* 32 or 64 */
    enum axi_port_mode mode;
    int require_aligned;       /* addresses aligned to the bus width (NVDLA: 1) */
    int require_in_order;      /* responses in request order (NVDLA: 1) */
    uint64_t max_wait;         /* bound in cycles on READY after VALID and on a
                                  burst's response; 0 = off (default) */
};

void axi_checker_knobs_default(struct axi_checker_knobs *k);

struct axi_checker;
struct axi_checker *axi_checker_create(const char *name, const struct axi_checker_knobs *k,
                                       const struct axi_pins *pins, struct bfm_env *env);
void axi_checker_destroy(struct axi_checker *c);
void axi_checker_sample(struct axi_checker *c);
/* Call instead of axi_checker_sample() on every cycle while reset is
 * asserted: every VALID must be low. A reset abandons every transfer in
 * flight, so the checker forgets them (nothing is "never answered"). */
void axi_checker_sample_reset(struct axi_checker *c);
/* End-of-test check: bursts never answered are failures. Returns count. */
int axi_checker_final(struct axi_checker *c);
void axi_checker_outstanding(const struct axi_checker *c, char *buf, unsigned len);

#endif
