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

int sim_cli(int argc, char **argv);
/* Exit status of a skipped test (e.g. one that needs what the DUT or the
 * configuration leaves out): the automake/meson convention. */
#define SIM_EXIT_SKIP 77

#ifdef __cplusplus
}
#endif

#endif
