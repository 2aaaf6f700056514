/* dut_clocked: a C-evaluated DUT (the twins) made to follow an external
 * clock, for harnesses with their own notion of time (SystemC). The
 * wrapper's eval() is the inner eval() then a wait for the falling edge,
 * its posedge() a wait for the rising edge then the inner posedge(); so a
 * cycle takes one clock period and cycle counts stay those of the C
 * harness. Waves and everything else go to the inner DUT; destroy() frees
 * both. Returns NULL (inner untouched) when out of memory. */
#ifndef DUT_CLOCKED_H
#define DUT_CLOCKED_H

#include "dut.h"

struct dut_clock {
    void (*wait_negedge)(void);
    void (*wait_posedge)(void);
};

struct dut *dut_clocked_wrap(struct dut *inner, const struct dut_clock *clk);

#endif
