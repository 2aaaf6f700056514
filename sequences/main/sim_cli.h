/* sim_cli: the simulator's command line (knobs, test, DUT, kernel, report)
 * as a function, so that more than one harness can run it: the C harness
 * (sim_cli_main.c: main() calls it) and the SystemC one (sc_main.cpp hands
 * it to sim/systemc/sc_harness.cpp, whose SC_THREAD calls it). Returns the
 * exit status: 0 pass, 1 test failure, 2 bad input, SIM_EXIT_SKIP skipped. */
#ifndef SIM_CLI_H
#define SIM_CLI_H

#include <stddef.h>
#include "sim_harness.h"
#include "sim_knobs.h"

#ifdef __cplusplus
extern "C" {
#endif

struct trace;

int sim_cli(int argc, char **argv);
/* Before a trace runs, on every harness. A trace that needs a unit the
 * configuration (k->config) leaves out prints "SKIP: <name> on <dut>:
 * why" and returns SIM_EXIT_SKIP (with k->run_absent: a note, run it, the
 * reason in g->absent). A trace that breaks a programming rule
 * (sequences/trace/trace_prog.h) lists the rules and, unless k->prog_warn, prints
 * its FAIL and reproduce lines and returns 1 (the run's exit status);
 * with k->prog_warn the first rule is kept in g->prog_broken for the
 * verdict. 0: run it. */
struct sim_trace_gate {
    char absent[512];
    char prog_broken[768];
};
int sim_trace_gate(const struct trace *t, const struct sim_knobs *k, const char *name, struct sim_trace_gate *g);
/* Exit status of a skipped test (e.g. a trace that needs a unit the
 * configuration leaves out): the automake/meson convention. */
#define SIM_EXIT_SKIP 77

#ifdef __cplusplus
}
#endif

#endif
