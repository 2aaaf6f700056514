// sc_harness: what the SystemC harness (sc_harness.cpp) offers the DUT
// adapters and the program's sc_main. C++ only: the C side sees the harness
// through sim_harness.h.
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

// The whole simulation, for sc_main (sequences/main/sc_main.cpp): the clock
// (from argv's --clock-period), elaboration, then command_line(argc, argv)
// (sim_cli) in one SC_THREAD; returns its exit status (2 if elaboration
// failed). The harness takes the command line as a pointer so that sim/
// never calls what sequences/ defines.
int run(int argc, char **argv, int (*command_line)(int argc, char **argv));

}  // namespace sc_harness

#endif
