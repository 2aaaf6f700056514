// sc_harness: the SystemC harness. run() (called by sc_main,
// sequences/main/sc_main.cpp) makes the clock, lets the Verilated top (if
// this binary has one) elaborate against it, and runs the command line it is
// given (sim_cli: knobs, BFMs, kernel, sequences) in one SC_THREAD; its exit
// status is run()'s. Time: each kernel cycle is one
// clock period P (--clock-period, the CLOCK_PERIOD knob), the same time as
// in the C harness's dumps: the clock falls at n*P, when the DUT's inputs
// change and its outputs are sampled once the delta cycles have settled
// them, and rises at n*P + P/2, when it samples.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <systemc>

#include "sc_harness.h"
#include "sim_harness.h"
extern "C" {
#include "sim_knobs.h"   // SIM_DEFAULT_CLOCK_PS
}

namespace {

uint64_t clock_ps = SIM_DEFAULT_CLOCK_PS;
sc_core::sc_clock *clk;
bool (*elaborate)();
int (*cli)(int argc, char **argv);
int cli_argc;
char **cli_argv;
int exit_status = 2;

extern "C" void wait_negedge() { sc_harness::low_phase(); }
extern "C" void wait_posedge() { sc_core::wait(clk->posedge_event()); }

char banner[96];
const struct sim_harness systemc_harness = { "systemc", banner, wait_negedge, wait_posedge };

// The one process: the C command line, then the end of simulation.
SC_MODULE(cli_runner)
{
    SC_CTOR(cli_runner) { SC_THREAD(run); }
    void run()
    {
        exit_status = cli(cli_argc, cli_argv);
        sc_core::sc_stop();
    }
};

// The clock period the knobs will get: the value of the command line's
// --clock-period (nanoseconds with up to three decimals, as sim_knobs.c's
// parse_period reads it), scanned for before the knobs are parsed because
// the clock must exist before elaboration. A value the knobs refuse stops
// the run there; this keeps the default meanwhile.
uint64_t period_from(int argc, char **argv)
{
    uint64_t ps = SIM_DEFAULT_CLOCK_PS;
    for (int i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--clock-period"))
            continue;
        const char *s = argv[++i];
        uint64_t whole = 0, frac = 0;
        int nw = 0, nf = -1;
        for (; *s >= '0' && *s <= '9' && nw < 10; s++, nw++)
            whole = whole * 10 + static_cast<uint64_t>(*s - '0');
        if (*s == '.')
            for (s++, nf = 0; *s >= '0' && *s <= '9' && nf < 3; s++, nf++)
                frac = frac * 10 + static_cast<uint64_t>(*s - '0');
        for (int k = nf; k >= 0 && k < 3; k++)
            frac *= 10;
        const uint64_t v = whole * 1000 + frac;
        if (!*s && nw && nf && whole <= 1000000000 && v >= 2 && v % 2 == 0)
            ps = v;
    }
    return ps;
}

}  // namespace

sc_core::sc_clock &sc_harness::clock() { return *clk; }

uint64_t sc_harness::period_ps() { return clock_ps; }

void sc_harness::low_phase()
{
    if (sc_core::sc_time_stamp() >= clk->period() / 2)   // past cycle 0's low phase
        sc_core::wait(clk->negedge_event());
}

void sc_harness::settle()
{
    while (sc_core::sc_pending_activity_at_current_time())
        sc_core::wait(sc_core::SC_ZERO_TIME);
}

bool sc_harness::on_elaborate(bool (*fn)())
{
    elaborate = fn;
    return true;
}

int sc_harness::run(int argc, char **argv, int (*command_line)(int argc, char **argv))
{
    // stdout carries the run's report, like the C harness: no end-of-run note
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    clock_ps = period_from(argc, argv);
    const sc_core::sc_time period(static_cast<double>(clock_ps), sc_core::SC_PS);
    snprintf(banner, sizeof banner, "systemc (SystemC %d.%d.%d, clock %g ns)", SC_VERSION_MAJOR,
             SC_VERSION_MINOR, SC_VERSION_PATCH, period.to_seconds() * 1e9);
    // Low at time 0, first rising edge at P/2, falling edges at n*P: no edge
    // at time 0, so the DUT sees exactly one rising edge per cycle.
    sc_core::sc_clock clock("clk", period, 0.5, period / 2, true);
    clk = &clock;
    sim_harness_set_args(argc, argv);   // the model reads its plusargs from the start
    if (elaborate && !elaborate())
        return 2;
    cli = command_line;
    cli_argc = argc;
    cli_argv = argv;
    cli_runner runner("sim_cli");
    sim_harness = &systemc_harness;
    sc_core::sc_start();
    return exit_status;
}
