// sc_harness: the SystemC harness. sc_main makes the clock, lets the
// Verilated top (if this binary has one) elaborate against it, and runs the
// unchanged C command line (sim_cli: knobs, BFMs, kernel, sequences) in one
// SC_THREAD; its exit status is sc_main's. Time: each kernel cycle is one
// clock period. The DUT's inputs change right after the rising edge, its
// outputs are sampled at the falling edge (mid-cycle, after the delta
// cycles have settled combinational paths), it samples at the rising edge.
#include <cstdio>
#include <cstdlib>
#include <systemc>

#include "sc_harness.h"
#include "sim_cli.h"

namespace {

const sc_core::sc_time period(10, sc_core::SC_NS);
sc_core::sc_clock *clk;
bool (*elaborate)();
int cli_argc;
char **cli_argv;
int exit_status = 2;

extern "C" void wait_negedge() { sc_core::wait(clk->negedge_event()); }
extern "C" void wait_posedge() { sc_core::wait(clk->posedge_event()); }

char banner[96];
const struct sim_harness systemc_harness = { "systemc", banner, wait_negedge, wait_posedge };

// The one process: the C command line, then the end of simulation.
SC_MODULE(cli_runner)
{
    SC_CTOR(cli_runner) { SC_THREAD(run); }
    void run()
    {
        exit_status = sim_cli(cli_argc, cli_argv);
        sc_core::sc_stop();
    }
};

}  // namespace

sc_core::sc_clock &sc_harness::clock() { return *clk; }

bool sc_harness::on_elaborate(bool (*fn)())
{
    elaborate = fn;
    return true;
}

int sc_main(int argc, char **argv)
{
    // stdout carries the run's report, like the C harness: no end-of-run note
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    snprintf(banner, sizeof banner, "systemc (SystemC %d.%d.%d, clock %g ns)", SC_VERSION_MAJOR,
             SC_VERSION_MINOR, SC_VERSION_PATCH, period.to_seconds() * 1e9);
    // High at time 0, first falling edge at 5 ns, first rising edge at 10 ns:
    // no edge at time 0, so the DUT sees exactly one rising edge per cycle.
    sc_core::sc_clock clock("clk", period, 0.5, period / 2, false);
    clk = &clock;
    sim_cli_set_args(argc, argv);   // the model reads its plusargs from the start
    if (elaborate && !elaborate())
        return 2;
    cli_argc = argc;
    cli_argv = argv;
    cli_runner runner("sim_cli");
    sim_harness = &systemc_harness;
    sc_core::sc_start();
    return exit_status;
}

// Our own main (the library's is then not linked in): stderr carries only
// the run's errors, as on the C harness, so the copyright banner, printed
// before sc_main, is turned off first (a user's setting wins).
int main(int argc, char **argv)
{
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_core::sc_elab_and_sim(argc, argv);
}
