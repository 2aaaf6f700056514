/* sim_knobs: every run-time setting of one simulation, with defaults and
 * a parser for "--name value" options that rejects bad values with a
 * one-line reason naming the knob. The options are the rows of
 * scripts/gen/regdefs/knobs.csv (sim_knob_table.h); a new one is a row there,
 * its member here, then `make knobs`. */
#ifndef SIM_KNOBS_H
#define SIM_KNOBS_H

#include <stddef.h>
#include <stdint.h>

#define SIM_MAX_PLUSARGS 64
/* Defaults docs/knobs.md documents (scripts/gen/regdefs/knobs.csv's default
 * column gives the same: sim/tests/test_sim_knobs.c); reproduce lines name
 * what differs. */
#define SIM_DEFAULT_RESET_CYCLES 10
/* Real tops synchronise their reset: a core may leave reset a few cycles
 * after the pin and drop register requests until then. */
#define SIM_DEFAULT_RESET_IDLE 16
#define SIM_DEFAULT_MAX_CYCLES 2000000
/* 10 ns: 100 MHz */
#define SIM_DEFAULT_CLOCK_PS 10000
/* A trace's footprint per memory (mem_init sizes and mem_load bytes) and
 * what the memory BFMs may allocate: refused or failed beyond it. */
#define SIM_DEFAULT_MEM_LIMIT ((uint64_t)4 << 30)

struct sim_knobs {
    const char *test;          /* sequence name (with trace: the name shown) */
    const char *trace;         /* trace (.cfg or its directory) to run, NULL = none */
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
    int prog_rules;            /* print the programming rules (Markdown table) and exit */
    unsigned reset_cycles;     /* cycles reset is held */
    unsigned reset_idle;       /* idle cycles after reset release, before the first request */
    const char *plusargs[SIM_MAX_PLUSARGS];   /* "+name[=value]" words for a Verilated model */
    unsigned n_plusargs;
    const char *config;        /* the family's hardware configuration (its knobs' check knows the names) */
    int config_given;
    /* Why that configuration, for the knob line: "default", the knob's name
     * or what the family's adjust took it from ("the trace folder name"). */
    const char *config_from;
    /* The run names a configuration other than the one given ("" if not):
     * that name, for a warning on the knob line. */
    char config_conflict[32];
    int run_absent;            /* run traces that need units the configuration leaves out */
    int ops_dump;              /* a twin writes each kernel operation's OFM as .npy in out_dir/ops */
    int prog_warn;             /* a layer breaking a programming rule warns instead of failing */
    int allow_no_check;        /* run a trace that compares nothing (no check_crc) */
    int check_unwritten;       /* a check of bytes the DUT never wrote but the trace loaded may pass */
    uint64_t mem_limit;        /* bytes a trace may use per memory; 0 = SIM_DEFAULT_MEM_LIMIT */
    uint64_t axi_max_wait;     /* AXI checkers: bound on ready and on responses, cycles (0 = off) */
    uint64_t reg_max_wait;     /* CSB / APB checkers: the same on the register bus (0 = off) */
    uint64_t clock_ps;         /* clock period (picoseconds): the time base of every dump and harness */
    int waves_fst;             /* dump FST instead of VCD */
    const char *network;       /* the network folder of the test that runs one, NULL = none */
    const char *network_config; /* the NPU configuration that network runs on, NULL = the payload's */
    const char *driver;        /* who drives the network's registers: "own" (the runner) or "arm" (Arm's driver) */
    unsigned driver_pprot;     /* DRIVER=arm: the PPROT of the driver's register accesses */
    int driver_given, driver_pprot_given;   /* given on the command line (their applies check) */
    uint64_t waves_on_fail;    /* >0: no dump while passing; on a failure at cycle F, rerun and dump
                                  cycles F - waves_on_fail .. F */
};

void sim_knobs_default(struct sim_knobs *k);
/* Parse argv; returns 0, 1 when --help or --list was handled (exit 0), or
 * -1 after printing "<prog>: <reason>" to stderr. */
int sim_knobs_parse(struct sim_knobs *k, int argc, char **argv);
void sim_knobs_usage(const char *prog);
/* How both simulators start (sequences/main/sim_main.c, sequences/main/tlm/tlm_platform.cpp):
 * the defaults, then the command line. Returns -1 to go on with the run,
 * else the exit status: 0 after --help, 2 after a bad knob. */
int sim_knobs_from_args(struct sim_knobs *k, int argc, char **argv);
/* A run given no --seed takes one from the wall clock (the run prints it,
 * so it can be rerun); a given seed stays. */
void sim_knobs_pick_seed(struct sim_knobs *k);
/* What a family adds to the knobs: each family's room defines one, its
 * sim_family points to it (sim_family.h). */
struct sim_knobs_family {
    const char *name;   /* its sim_family's name, as knobs.csv's applies column names it */
    /* Before the checks (NULL: nothing): what the run itself says of a knob
     * the user did not give (a trace folder naming a configuration). */
    void (*adjust)(struct sim_knobs *k);
    /* Values only the family can judge (NULL: none), e.g. a configuration
     * name: 0, or -1 with a one-line reason naming the knob in err. */
    int (*check)(const struct sim_knobs *k, char *err, size_t len);
};
/* The family of the run adjusts its knobs (fam NULL: none). */
void sim_knobs_adjust(struct sim_knobs *k, const struct sim_knobs_family *fam);
/* Knobs the run cannot honour: refused, never ignored. A knob set on a run
 * its applies column (knobs.csv) leaves out ("NPOSTED: applies to ... only
 * (why); this run is <test>: family <name>, a sequence, on twin"), then
 * what the family's check refuses. Returns 0, or -1 with a one-line reason
 * in err. */
int sim_knobs_check(const struct sim_knobs *k, const struct sim_knobs_family *fam, char *err, size_t len);
/* One line with every knob, for logs and reproduction. */
void sim_knobs_print(const struct sim_knobs *k);
/* The `make sim ...` command that reproduces the run: the test (or trace),
 * DUT, harness (NULL or "c": none), seed and every knob that differs from
 * its default, values shell-quoted; with DUT=rtl also the RTL the binary
 * was built from (sim_rtl_origin). Always NUL-terminated. */
void sim_knobs_reproduce(const struct sim_knobs *k, const char *harness, char *buf, size_t len);
/* Appends s to buf (at *at), single-quoted if the shell would split or
 * expand it. */
void sim_shell_quote(char *buf, size_t len, size_t *at, const char *s);

/* What a Verilated simulator was built from (written by scripts/build/rtl_build.sh
 * into the build; NULL in a binary with no RTL): RTL_FILES, RTL_TOP and
 * RTL_FLAGS as the user gave them ("" when not given). */
struct sim_rtl_origin {
    const char *files, *top, *flags;
    const char *verilator;   /* RTL_VERILATOR: "" for the verilator on PATH */
};
const struct sim_rtl_origin *sim_rtl_origin(void);

#endif
