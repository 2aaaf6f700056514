/* sim_cli: the simulator's command line (knobs, test, DUT, kernel, report)
 * as a function, so that more than one harness can run it: the C harness
 * (sim_cli_main.c: main() calls it) and the SystemC one (sc_harness.cpp:
 * an SC_THREAD calls it). Returns the exit status: 0 pass, 1 test failure,
 * 2 bad input, SIM_EXIT_SKIP skipped. */
#ifndef SIM_CLI_H
#define SIM_CLI_H

#include <stddef.h>
#include "sim_knobs.h"

#ifdef __cplusplus
extern "C" {
#endif

struct trace;

int sim_cli(int argc, char **argv);
/* Before a trace runs, on every harness. A trace that needs a unit the
 * configuration (k->nvdla_config) leaves out prints "SKIP: <name> on <dut>:
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

/* What the running harness is (sim_harness.c). The C harness keeps the default
 * (sim_harness_c); another harness points sim_harness at its own before
 * calling sim_cli. */
struct sim_harness {
    const char *name;          /* "c", "systemc": named in reproduce lines unless "c" */
    const char *banner;        /* printed as "harness: <banner>" */
    /* An external clock the C twins must follow (NULL on the C harness):
     * block until its falling edge (a cycle's start at n*P: inputs change,
     * outputs are sampled once settled) or its rising edge (n*P + P/2:
     * registers update). */
    void (*wait_negedge)(void);
    void (*wait_posedge)(void);
};
extern const struct sim_harness sim_harness_c;
extern const struct sim_harness *sim_harness;

/* The simulator's command line, which a Verilated model gets through
 * Verilated::commandArgs for its $test$plusargs/$value$plusargs (the
 * shims call sim_cli_args). sim_cli records its own; a harness that builds
 * the model earlier (SystemC elaboration) records it first. Without one,
 * the model sees just the program name. */
void sim_cli_set_args(int argc, char **argv);
void sim_cli_args(int *argc, char ***argv);

/* The run's clock period (picoseconds, the CLOCK_PERIOD knob): sim_cli
 * records it after parsing, a Verilated model reads it when it is created
 * (its $time follows the same clock as the dumps). Default 10 ns. */
void sim_cli_set_clock_ps(uint64_t ps);
uint64_t sim_cli_clock_ps(void);

/* " HARNESS=<name>" for reproduce lines, " (<name> harness)" after the
 * DUT kind in PASS/FAIL lines; both "" on the C harness. */
const char *sim_harness_make_arg(void);
const char *sim_harness_note(void);
/* The "harness: ..." line every run prints after its knobs. */
void sim_harness_print(void);

#ifdef __cplusplus
}
#endif

#endif
