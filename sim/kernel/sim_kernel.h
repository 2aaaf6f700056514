/* sim_kernel: the cycle loop. Owns the pins, the DUT, every BFM and
 * checker, the watchdog and the waves. Per cycle: BFMs drive, the DUT
 * evaluates, (a fault may be injected), BFMs and checkers sample, waves are
 * dumped, the clock edge updates the DUT. */
#ifndef SIM_KERNEL_H
#define SIM_KERNEL_H

#include <stdint.h>
#include "axi_checker.h"
#include "axi_mem.h"
#include "bfm_env.h"
#include "csb_checker.h"
#include "csb_master.h"
#include "dut.h"
#include "fault_inject.h"
#include "sim_family.h"
#include "nvdla_pins.h"
#include "sim_knobs.h"
#include "sparse_mem.h"

struct sim {
    struct sim_knobs knobs;
    struct bfm_env env;
    struct nvdla_pins pins;
    struct dut *dut;
    struct sparse_mem *dbb_mem, *sram_mem;
    struct csb_master *csb;
    struct csb_checker *csb_chk;
    struct axi_mem *dbb, *sram;
    struct axi_checker *dbb_chk, *sram_chk;
    struct fault_inject *fault;
    int waves_on;
    int watchdog_fired;
    uint64_t reset_release;    /* first cycle with rstn high */
    uint64_t first_csb;        /* cycle the DUT first accepted a CSB request (UINT64_MAX: none) */
};

/* Takes ownership of dut; fam names its registers. Returns 0 or -1 with
 * errbuf filled. */
int sim_init(struct sim *s, const struct sim_knobs *k, const struct sim_family *fam, struct dut *dut, char *errbuf,
             unsigned errlen);
/* Hold reset for the knobs' reset_cycles, release it, then run
 * reset_idle idle cycles (real tops synchronise their reset and drop
 * requests that come earlier). */
int sim_reset(struct sim *s);
/* After a failure: if CSB traffic began sooner after reset release than
 * real tops allow, print why that may be the cause and what to change. */
void sim_reset_hint(const struct sim *s);
/* Run idle cycles until every BFM is idle (at most max cycles). */
int sim_drain(struct sim *s, uint64_t max);
/* End-of-test checks (outstanding transactions); returns failures so far. */
int sim_finish(struct sim *s);
void sim_free(struct sim *s);
/* AXI memory BFM / checker settings from the run's knobs, for a port of
 * the given width (shared with the Ethos-U65 kernel). */
void sim_axi_mem_knobs(const struct sim_knobs *k, unsigned data_bytes, unsigned addr_bits, uint64_t seed,
                       struct axi_mem_knobs *m);
void sim_axi_checker_knobs(const struct sim_knobs *k, unsigned data_bytes, unsigned addr_bits,
                           struct axi_checker_knobs *c);
/* Print what is outstanding on every interface. */
void sim_report_outstanding(struct sim *s, const char *why);

#endif
