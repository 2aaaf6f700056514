// sc_main: the entry of the SystemC harness's programs (the twin's
// build/sim-twin-sc and the Verilated --sc builds): the harness
// (sim/systemc/sc_harness.cpp) runs the simulator's command line, sim_cli,
// in its SC_THREAD.
#include <cstdlib>
#include <systemc>

#include "sc_harness.h"
#include "sim_cli.h"

int sc_main(int argc, char **argv)
{
    return sc_harness::run(argc, argv, sim_cli);
}

// Our own main (the library's is then not linked in): stderr carries only
// the run's errors, as on the C harness, so the copyright banner, printed
// before sc_main, is turned off first (a user's setting wins).
int main(int argc, char **argv)
{
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_core::sc_elab_and_sim(argc, argv);
}
