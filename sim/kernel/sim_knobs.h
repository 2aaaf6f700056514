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
/* Real NV_nvdla tops synchronise dla_reset_rstn: the nv_small core leaves
 * reset about 4 cycles after the pin and drops CSB requests until then. */
#define SIM_DEFAULT_RESET_IDLE 16
#define SIM_DEFAULT_MAX_CYCLES 2000000
/* 10 ns: 100 MHz */
#define SIM_DEFAULT_CLOCK_PS 10000
/* A trace's footprint per memory (mem_init sizes and mem_load bytes) and
 * what the memory BFMs may allocate: refused or failed beyond it. */
#define SIM_DEFAULT_MEM_LIMIT ((uint64_t)4 << 30)

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
    int prog_rules;            /* print the programming rules (Markdown table) and exit */
    unsigned reset_cycles;     /* cycles reset is held */
    unsigned reset_idle;       /* idle cycles after reset release, before the first request */
    const char *plusargs[SIM_MAX_PLUSARGS];   /* "+name[=value]" words for a Verilated model */
    unsigned n_plusargs;
    const char *nvdla_config;  /* hardware configuration (sim/regs/generated/nvdla_config.h) */
    int nvdla_config_given;
    /* Why that configuration, for the knob line: "default", "NVDLA_CONFIG"
     * or "the trace folder name" (sim_knobs_config_from_trace). */
    const char *nvdla_config_from;
    /* The trace folder names a configuration other than NVDLA_CONFIG ("" if
     * not): that name, for a warning on the knob line. */
    char nvdla_config_conflict[32];
    int run_absent;            /* run traces that need units the configuration leaves out */
    int ethosu_dump;           /* Ethos-U65 twin: each kernel operation's OFM as .npy in out_dir/ops */
    int prog_warn;             /* programming rules (sim/nvdla/model/nvdla_prog_check.h) warn instead of failing */
    int allow_no_check;        /* run a trace that compares nothing (no check_crc) */
    int check_unwritten;       /* a check of bytes the DUT never wrote but the trace loaded may pass */
    uint64_t mem_limit;        /* bytes a trace may use per memory; 0 = SIM_DEFAULT_MEM_LIMIT */
    uint64_t axi_max_wait;     /* AXI checkers: bound on ready and on responses, cycles (0 = off) */
    uint64_t reg_max_wait;     /* CSB / APB checkers: the same on the register bus (0 = off) */
    uint64_t clock_ps;         /* clock period (picoseconds): the time base of every dump and harness */
    int waves_fst;             /* dump FST instead of VCD */
    const char *network;       /* ethosu/network: the network folder, NULL = none */
    const char *ethosu_config; /* ethosu/network: "ethos-u65-256" | "ethos-u65-512", NULL = the payload's */
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
/* A trace run's configuration when NVDLA_CONFIG is not given: the trace
 * folder's name, or the name of the folder holding it (the TRACES folder of
 * make conformance), when it names a known configuration, e.g.
 * .../nv_large/dc_x/ -> nv_large. An explicit NVDLA_CONFIG wins; a folder
 * naming another one is noted for a warning. Called by
 * sim_knobs_from_args; a no-op without a trace. */
void sim_knobs_config_from_trace(struct sim_knobs *k);
/* A run given no --seed takes one from the wall clock (the run prints it,
 * so it can be rerun); a given seed stays. */
void sim_knobs_pick_seed(struct sim_knobs *k);
/* Knob combinations the test at hand cannot honour (PLUSARGS on a C twin,
 * NVDLA_CONFIG for an Ethos-U65 test, RUN_ABSENT for a sequence, another
 * configuration than nv_small on the twin): refused, never ignored.
 * Returns 0, or -1 with a one-line reason in err. */
int sim_knobs_check(const struct sim_knobs *k, char *err, size_t len);
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
