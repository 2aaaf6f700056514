/* main_family: what the program's one run loop (sim_main.c) asks of an
 * accelerator family: its tests, its DUTs, its sequence context. The
 * registry (main_family.c) picks the family a test names: "ethosu/<name>"
 * is Ethos-U65's, "copyeng/<name>" the copy engine's, everything else
 * (sequences, nvdla/<trace>) NVDLA's. A new
 * family adds an entry here (docs/families.md). */
#ifndef MAIN_FAMILY_H
#define MAIN_FAMILY_H

#include <stddef.h>
#include "dut.h"
#include "sim_family.h"
#include "sim_kernel.h"
#include "sim_knobs.h"

struct main_family {
    const char *prefix;                 /* test-name prefix ("ethosu/"); "" for the default family */
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
    void (*end)(void);                      /* what prepare held, freed (NULL: nothing) */
};

#define MAIN_RUN_REFUSED (-2)

extern const struct main_family nvdla_main_family, ethosu_main_family, copyeng_main_family;
/* Every family, the default (NVDLA) last. */
extern const struct main_family *const main_families[];
extern const unsigned main_family_count;
/* The family of a test name (NULL: the default family's). */
const struct main_family *main_family_of(const char *test);

#endif
