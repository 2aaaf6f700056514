/* twin_csb: the CSB target side of the C twin. Accepts one request per
 * cycle (ready is always 1), answers reads one cycle later on the
 * valid-only read channel and pulses wr_complete for non-posted writes. */
#ifndef TWIN_CSB_H
#define TWIN_CSB_H

#include "csb_pins.h"
#include "nvdla_regfile.h"

struct twin_csb {
    uint8_t rsp_valid, wr_complete;
    uint32_t rsp_data;
};

void twin_csb_reset(struct twin_csb *c);
void twin_csb_eval(const struct twin_csb *c, struct csb_pins *p);
void twin_csb_posedge(struct twin_csb *c, const struct csb_pins *p, struct nvdla_regfile *r);

#endif
