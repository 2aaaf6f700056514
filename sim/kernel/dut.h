/* dut: the device under test behind one interface, whatever it is made of
 * and whatever family it belongs to. Per family a Verilated top (its C++
 * shim in the family's room, on sim/verilator/verilated_shim.h:
 * dut_rtl_create) and a C twin (in the family's room too). The pins are
 * the family's pin struct (its sim_family's pins_size), owned by the
 * kernel. Per cycle
 * the kernel calls eval() after the BFMs drove their pins (the DUT's
 * outputs for this cycle appear in pins) and posedge() after the BFMs
 * sampled (the DUT's registers update). */
#ifndef DUT_H
#define DUT_H

#include <stdint.h>

struct dut_waves_cfg {
    const char *path;       /* dump file to write */
    int gz;                 /* VCD gzip'd through zlib */
    int fst;                /* FST instead of VCD */
    /* The clock period P in picoseconds: cycle n starts at n * P (clock
     * low, the BFMs' new inputs) and its rising edge is at n * P + P / 2,
     * the same on every DUT kind and harness; a "cycle" signal in the dump
     * counts them. */
    uint64_t period_ps;
};

struct dut {
    const char *kind;       /* "rtl" or "twin" */
    const char *top;        /* module or model name */
    int has_sramif;         /* NVDLA: the top has the nvdla_core2cvsram_* port set */
    unsigned data_bytes;    /* data width of the first AXI manager (NVDLA: DBBIF; Ethos-U65: M0 and M1) */
    unsigned addr_bits;     /* its address width */
    /* SRAMIF data width in bytes when has_sramif (the configuration's
     * secondary_memif_width / 8); 0: the same as data_bytes */
    unsigned sram_data_bytes;
    void (*eval)(struct dut *d, void *pins);
    void (*posedge)(struct dut *d, void *pins);
    /* Waves: open before the first cycle; dump() is called once per cycle
     * while inside the window. Returns 0 or -1 with errbuf filled. */
    int (*waves_open)(struct dut *d, const struct dut_waves_cfg *cfg, char *errbuf, unsigned errlen);
    void (*waves_dump)(struct dut *d, const void *pins, uint64_t cycle);
    int (*waves_close)(struct dut *d);
    /* One line on internal state for the watchdog report (may be NULL). */
    void (*describe)(struct dut *d, char *buf, unsigned len);
    /* 1 while the DUT has work of its own in flight (an engine running, a
     * response or bus transfer pending): its state may change with no input
     * activity, so it must keep being clocked. A harness that stops the
     * clock while idle (the TLM wrapper) asks this. NULL: always busy. */
    int (*busy)(struct dut *d);
    /* NULL while the model runs; after it stopped itself (a Verilog $finish,
     * $stop or $fatal, or a fatal error of the Verilator runtime) the reason,
     * e.g. Verilator's own "%Error: file:line: ..." line. May be NULL. */
    const char *(*stopped)(struct dut *d);
    void (*destroy)(struct dut *d);
    void *impl;
};

struct bfm_env;
/* why != NULL (the model stopped itself): fail the run, naming why. */
void dut_check_stopped(struct bfm_env *env, const char *why);
/* After a cycle's clock edge (env->cycle counted): the model stopped
 * (stopped: its reason, or NULL), a failure, or max_cycles reached (the
 * watchdog: *watchdog_fired set, report_outstanding(kernel, "watchdog")
 * lists what is open) end the run: returns 1 then, 0 to go on. */
int dut_cycle_end(struct bfm_env *env, const char *stopped, uint64_t max_cycles, int *watchdog_fired,
                  void (*report_outstanding)(void *kernel, const char *why), void *kernel);

/* Implementations. Each returns NULL with errbuf filled on failure. */
/* The Verilated top of a test of the family named (its sim_family's name).
 * A Verilator build links one family's shim (scripts/build/rtl_build.sh,
 * RTL_FAMILY), which refuses the other families; a binary without RTL links
 * sim/verilator/dut_rtl_none.c, which refuses every one. */
struct dut *dut_rtl_create(const char *family, char *errbuf, unsigned errlen);

#endif
