// sc_harness: what the SystemC harness (sc_harness.cpp) offers the DUT
// adapters. C++ only: the C side sees the harness through sim_cli.h.
#ifndef SC_HARNESS_H
#define SC_HARNESS_H

#include <systemc>

namespace sc_harness {

// The one clock of the simulation (period 10 ns): the Verilated top's clock
// ports are bound to it, the C kernel's thread waits for its edges.
sc_core::sc_clock &clock();

// A Verilated SystemC top is a module: it must be built and its ports bound
// before sc_start, while the C kernel creates its DUT later, inside the
// thread. So a shim registers (from a static initialiser) a function that
// sc_main calls during elaboration; it returns false after printing why.
bool on_elaborate(bool (*fn)());

}  // namespace sc_harness

#endif
