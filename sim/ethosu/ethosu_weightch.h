/* ethosu_weightch: the weight channel of the Ethos-U65 twin. A kernel
 * operation with a non-zero NPU_SET_WEIGHT_LENGTH makes the command
 * processor start it: it reads the weight stream from
 * BASEP[WEIGHT_REGION] + WEIGHT_BASE over the region's AXI port, decodes it
 * with the golden decoder (golden/ethosu/ethosu_mlw.h) and presents one weight per
 * cycle on the debug port (WDVALID/WDWEIGHT/WDLAST) until the last; then
 * the operation completes. A stream the decoder rejects ends the
 * operation after the weights decoded before the fault is not known, so
 * none are emitted; the fault is logged (the TRM defines no status for it). */
#ifndef ETHOSU_WEIGHTCH_H
#define ETHOSU_WEIGHTCH_H

#include <stddef.h>
#include <stdint.h>
#include "axi_manager.h"

enum ethosu_wch_state { ETHOSU_WCH_IDLE, ETHOSU_WCH_READ, ETHOSU_WCH_EMIT, ETHOSU_WCH_DONE };

struct ethosu_weightch {
    enum ethosu_wch_state state;
    struct axi_manager *axi;   /* the port being read (not owned) */
    uint8_t *buf;
    size_t cap;
    uint32_t len;
    int16_t *w;                     /* decoded weights */
    size_t n, pos;
    int failed;
    char err[160];
    uint64_t streams, weights_out, busy_cycles;
};

void ethosu_wch_init(struct ethosu_weightch *c);
void ethosu_wch_free(struct ethosu_weightch *c);
void ethosu_wch_reset(struct ethosu_weightch *c);
/* Queue the read of len bytes at addr on axi. 0, or -1 (out of memory). */
int ethosu_wch_start(struct ethosu_weightch *c, struct axi_manager *axi, uint64_t addr, uint32_t len);
/* After the managers' posedge: decode once the read completed; advance
 * the output after a weight was presented. */
void ethosu_wch_step(struct ethosu_weightch *c);
/* Outputs for this cycle. */
void ethosu_wch_output(const struct ethosu_weightch *c, uint8_t *valid, int16_t *weight, uint8_t *last);
/* The operation may complete (DONE); it returns to IDLE. */
int ethosu_wch_take_done(struct ethosu_weightch *c);

#endif
