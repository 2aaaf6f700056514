/* sim_kernel: the cycle loop, one for every family. Owns the pins (the
 * family's pin struct), the DUT, the register-bus requester and checker,
 * one memory BFM and checker per AXI manager of the family's port table,
 * the watchdog and the waves. Per cycle: BFMs drive, the DUT evaluates,
 * (a fault may be injected), BFMs and checkers sample, waves are dumped,
 * the clock edge updates the DUT. The run's knobs (latency, stalls,
 * outstanding, seed) apply to every AXI port. */
#ifndef SIM_KERNEL_H
#define SIM_KERNEL_H

#include <stdint.h>
#include "axi_checker.h"
#include "axi_mem.h"
#include "bfm_env.h"
#include "dut.h"
#include "fault_inject.h"
#include "sim_family.h"
#include "sim_knobs.h"
#include "sim_reg_bus.h"
#include "sparse_mem.h"

/* One AXI manager port's BFMs; all NULL when the port is absent. */
struct sim_axi {
    struct sparse_mem *mem;
    struct write_map *written;      /* bytes of mem the DUT wrote */
    struct axi_mem *bfm;
    struct axi_checker *chk;
};

struct sim {
    struct sim_knobs knobs;
    const struct sim_family *family;
    struct bfm_env env;
    void *pins;                 /* the family's pin struct (family->pins_size bytes) */
    struct dut *dut;
    struct sim_reg_bus reg;
    struct sim_axi axi[SIM_MAX_AXI];   /* as family->axi */
    struct fault_inject *fault;
    void *ext;                  /* the family's own state (its init hook) */
    int waves_on;
    int watchdog_fired;
    uint64_t reset_release;     /* first cycle with the reset pin high */
    uint64_t first_reg;         /* cycle the DUT first accepted a register request (UINT64_MAX: none) */
};

/* Takes ownership of dut, whose pins are fam's. Returns 0 or -1 with errbuf
 * filled (sim_free then). */
int sim_init(struct sim *s, const struct sim_knobs *k, const struct sim_family *fam, struct dut *dut, char *errbuf,
             unsigned errlen);
/* Hold reset for the knobs' reset_cycles, release it, then run
 * reset_idle idle cycles (real tops synchronise their reset and drop
 * requests that come earlier). */
int sim_reset(struct sim *s);
/* Run idle cycles until every BFM is idle (at most max cycles). */
int sim_drain(struct sim *s, uint64_t max);
/* End-of-test checks (outstanding transactions); returns failures so far. */
int sim_finish(struct sim *s);
void sim_free(struct sim *s);
/* The uint8_t pin at offset off of the pins, e.g. family->irq_pin. */
uint8_t *sim_pin(struct sim *s, size_t off);
/* AXI memory BFM / checker settings from the run's knobs, for a port of
 * the given width (shared with the TLM wrappers). */
void sim_axi_mem_knobs(const struct sim_knobs *k, unsigned data_bytes, unsigned addr_bits, uint64_t seed,
                       struct axi_mem_knobs *m);
void sim_axi_checker_knobs(const struct sim_knobs *k, unsigned data_bytes, unsigned addr_bits,
                           struct axi_checker_knobs *c);
/* Print what is outstanding on every interface. */
void sim_report_outstanding(struct sim *s, const char *why);

#endif
