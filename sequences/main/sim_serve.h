/* sim_serve: one simulator, many runs from one reset (`sim --serve`).
 *
 * A random-layer campaign on real RTL spends most of each run before the
 * layer starts: building the Verilated model and the reset (nv_small's CBUF
 * flush alone is 8,192 cycles). A server builds the DUT and resets it once,
 * from the command line of a template run, then reads runs from stdin and
 * forks one child per run: the child is the process a fresh `sim` with that
 * run's command line would be at the end of reset, and goes on as it would
 * (the same knob lines, verdict, reproduce line and dumps, its output in
 * the run's sim.log, its cycles counted from the same reset).
 *
 * Only a run whose command line is the template's but for --test, --trace
 * and --out-dir shares the snapshot (the seed, the reset knobs and every
 * BFM setting decide the state at the end of reset); the server answers
 * any other with "mismatch" and the caller runs it fresh. Waves refuse a
 * server (the dump starts at cycle 0).
 *
 * Protocol (stdin, one word a line; words hold no newline):
 *   run <n> <timeout seconds, 0: none>
 *   <the run's sim.log path>
 *   <n words: the run's arguments, without the program name>
 * answered on stdout, one line a run:
 *   exit <status>      the child's exit status (-<signal> when killed)
 *   timeout <status>   the child ran past the timeout and was killed
 *   mismatch <why>     not run: it cannot share this server's reset
 * The server first answers "ready <cycle>" (reset done) or "refused <why>"
 * (and exits 2). Anything the model prints while the server resets goes to
 * the server's stderr. End of stdin ends the server (exit 0). A child
 * exits SIM_SERVE_MISMATCH (before its first line) when what its test
 * adjusts (family, configuration, watchdog) does not suit this reset. */
#ifndef SIM_SERVE_H
#define SIM_SERVE_H

#include <stddef.h>
#include <time.h>
#include "main_family.h"

#define SIM_SERVE_MISMATCH 3

/* argv[1] is "--serve"; argv[2..] the template run's arguments. */
int sim_serve(int argc, char **argv);

/* The parts of a run (sim_main.c), shared with the server's children. */
int sim_cli_front(struct sim_knobs *k, int argc, char **argv, const struct main_family **fam, char *name,
                  size_t name_len);
int sim_cli_announce(struct sim_knobs *k, const struct main_family *fam, const char *name);
int sim_cli_check_dut(const struct main_family *fam, const struct dut *d, const struct sim_knobs *k);
int sim_cli_after_reset(struct sim *s, const struct sim_knobs *k, const struct main_family *fam, const char *name,
                        int reset_rc, struct timespec t0);

#endif
