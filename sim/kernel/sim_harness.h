/* sim_harness: what the running harness is (the C cycle loop, SystemC,
 * the TLM platform), how a run's report names it, and the command line and
 * clock period a Verilated model is given. The kernel and the DUT adapters
 * read it; the program's main (sequences/main/sim_cli.h) sets it. */
#ifndef SIM_HARNESS_H
#define SIM_HARNESS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The C harness keeps the default (sim_harness_c); another harness points
 * sim_harness at its own before calling sim_cli. */
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
 * shims call sim_harness_args). sim_cli records its own; a harness that
 * builds the model earlier (SystemC elaboration) records it first. Without
 * one, the model sees just the program name. */
void sim_harness_set_args(int argc, char **argv);
void sim_harness_args(int *argc, char ***argv);

/* The run's clock period (picoseconds, the CLOCK_PERIOD knob): sim_cli
 * records it after parsing, a Verilated model reads it when it is created
 * (its $time follows the same clock as the dumps). Default 10 ns. */
void sim_harness_set_clock_ps(uint64_t ps);
uint64_t sim_harness_clock_ps(void);

/* " (<name> harness)" after the DUT kind in PASS/FAIL lines; "" on the C
 * harness. */
const char *sim_harness_note(void);
/* The "harness: ..." line every run prints after its knobs. */
void sim_harness_print(void);

#ifdef __cplusplus
}
#endif

#endif
