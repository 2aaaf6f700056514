/* sim_knobs: every run-time setting of one simulation, with defaults and
 * a parser for "--name value" options that rejects bad values with a
 * one-line reason. */
#ifndef SIM_KNOBS_H
#define SIM_KNOBS_H

#include <stdint.h>

struct sim_knobs {
    const char *test;          /* sequence name (with trace: the name shown) */
    const char *trace;         /* NVDLA trace (.cfg or its directory) to run, NULL = none */
    const char *dut;           /* "rtl" or "twin" */
    uint64_t seed;
    int seed_given;
    unsigned axi_stall;        /* % random stalls on every AXI channel */
    unsigned rd_lat_min, rd_lat_max;
    unsigned wr_lat;
    unsigned axi_outstanding;  /* memory BFM max outstanding bursts per direction */
    int axi_reorder;           /* reorder read bursts across IDs */
    unsigned csb_gap_min, csb_gap_max;
    int nposted;               /* CSB writes non-posted */
    uint64_t max_cycles;       /* watchdog */
    int max_cycles_given;      /* set on the command line (else a test may raise it) */
    const char *waves;         /* VCD path, NULL = no waves */
    int waves_gz;
    uint64_t waves_from, waves_to;
    int sramif;                /* twin: present the SRAMIF port set */
    const char *inject;        /* protocol fault to inject, NULL = none */
    const char *out_dir;       /* where dumps go */
    int verbose;
    int list;                  /* list tests and exit */
};

void sim_knobs_default(struct sim_knobs *k);
/* Parse argv; returns 0, 1 when --help or --list was handled (exit 0), or
 * -1 after printing "<prog>: <reason>" to stderr. */
int sim_knobs_parse(struct sim_knobs *k, int argc, char **argv);
void sim_knobs_usage(const char *prog);
/* How both simulators start (sim/sim_main.c, sim/tlm/tlm_platform.cpp):
 * the defaults, then the command line. Returns -1 to go on with the run,
 * else the exit status: 0 after --help, 2 after a bad knob. */
int sim_knobs_from_args(struct sim_knobs *k, int argc, char **argv);
/* A run given no --seed takes one from the wall clock (the run prints it,
 * so it can be rerun); a given seed stays. */
void sim_knobs_pick_seed(struct sim_knobs *k);
/* One line with every knob, for logs and reproduction. */
void sim_knobs_print(const struct sim_knobs *k);

#endif
