// sc_harness: what the SystemC harness (sc_harness.cpp) offers the DUT
// adapters. C++ only: the C side sees the harness through sim_cli.h.
#ifndef SC_HARNESS_H
#define SC_HARNESS_H

#include <cstdint>
#include <systemc>

namespace sc_harness {

// The one clock of the simulation: the Verilated top's clock ports are
// bound to it, the C kernel's thread waits for its edges. Its period P is
// the command line's --clock-period-ps (the CLOCK_PERIOD knob; default
// SIM_DEFAULT_CLOCK_PS), read by sc_main before the knobs are parsed, as
// the clock must exist before elaboration. It starts low: cycle n's low
// phase begins at n*P (the falling edge, time 0 for cycle 0) and its rising
// edge is at n*P + P/2, as in the C harness's dumps.
sc_core::sc_clock &clock();
uint64_t period_ps();

// Cycle n's low phase: wait for the falling edge at n*P (nothing to wait
// for in cycle 0, before the first rising edge).
void low_phase();
// Let the delta cycles run until nothing is left to do at the current time
// (inputs written, the model evaluated, its outputs updated).
void settle();

// A Verilated SystemC top is a module: it must be built and its ports bound
// before sc_start, while the C kernel creates its DUT later, inside the
// thread. So a shim registers (from a static initialiser) a function that
// sc_main calls during elaboration; it returns false after printing why.
bool on_elaborate(bool (*fn)());

}  // namespace sc_harness

#endif
