/* main_family: what the program's one run loop (sim_main.c) asks of an
 * accelerator family: its tests, its DUTs, its sequence context. Each
 * family defines its entry, <family>_main_family, in its own room of
 * sequences/; the Makefile's MAIN_FAMILIES lists them, and the table
 * generated from it (main_families[]) is the registry the run loop looks a
 * test up in (main_family_for): the family that claims the run, else the
 * one whose prefix the test name has ("<prefix><name>"), else the default
 * family, the one with the empty prefix, last in the list. A new family
 * adds its entry and its name to MAIN_FAMILIES (docs/families.md). */
#ifndef MAIN_FAMILY_H
#define MAIN_FAMILY_H

#include <stddef.h>
#include "dut.h"
#include "sim_family.h"
#include "sim_kernel.h"
#include "sim_knobs.h"
#include "seq.h"

struct main_family {
    const char *prefix;                 /* test-name prefix ("<family>/"); "" for the default family */
    /* The run is this family's whatever the test's name (e.g. a run given a
     * file only this family reads); NULL: by the prefix only. */
    int (*claims)(const struct sim_knobs *k);
    /* A command of the family's own that runs instead of a test (e.g. a
     * listing of its rules): -1 to go on, else the exit status. NULL: none. */
    int (*command)(const struct sim_knobs *k);
    /* The knobs did not check out (err): print why, with what the family
     * knows of where a value came from; 0 when it leaves it to the caller.
     * NULL: nothing to add. */
    int (*explain_knob_error)(const struct sim_knobs *k, const char *err);
    const struct sim_family *sim;       /* its port table for the kernel */
    void (*list)(void);                 /* its tests, for --list */
    /* Find the test (or parse the trace) k names, before anything prints;
     * name gets the name the report uses. Returns -1 to go on, else the
     * exit status (after printing why). May adjust k (a test's watchdog). */
    int (*prepare)(struct sim_knobs *k, char *name, size_t len);
    /* After the knob lines: 0 to run, else the exit status (NULL: run). */
    int (*gate)(struct sim_knobs *k, const char *name);
    struct dut *(*create_dut)(const struct sim_knobs *k, char *err, unsigned len);
    /* The DUT as built must suit the run (NULL: any); -1 with err filled. */
    int (*check_dut)(const struct dut *d, const struct sim_knobs *k, char *err, unsigned len);
    void (*print_dut)(const struct dut *d);
    /* Pins the test sets before reset (NULL: none). */
    void (*before_reset)(struct sim *s);
    /* After reset: the test on the kernel's BFMs; 0 = pass, MAIN_RUN_REFUSED =
     * refused before it started (the DUT cannot run it; the reason printed):
     * exit status 2, no verdict. */
    int (*run)(struct sim *s, const struct sim_knobs *k);
    void (*on_fail)(const struct sim *s);   /* before the reproduce line (NULL: nothing) */
    /* After a passing run: the verdict word instead of PASS (XFAIL: a known
     * disagreement the test reported, exit status 0), or NULL for PASS
     * (NULL hook: PASS). */
    const char *(*pass_word)(void);
    void (*end)(void);                      /* what prepare held, freed (NULL: nothing) */
};

#define MAIN_RUN_REFUSED (-2)

/* Every family, the default last (generated from MAIN_FAMILIES). */
extern const struct main_family *const main_families[];
extern const unsigned main_family_count;
/* The family of the run k describes (see above). */
const struct main_family *main_family_for(const struct sim_knobs *k);

/* The neutral sequence context of a run on the kernel s: the environment,
 * the register port over the requester the family's bus has, the memories
 * of its AXI ports, its interrupt pin, and the run's seed (the RNG seeded
 * from it), DUT kind and output folder. A family's run hook starts its own
 * context from this. */
void main_seq_ctx_init(struct seq_ctx *ctx, struct sim *s, const struct sim_knobs *k);

#endif
