/* ethosu_kernel: the cycle loop for an Ethos-U65 DUT, the counterpart of
 * sim_kernel for NVDLA: owns the pins, the DUT, the APB requester and its
 * checker, one AXI memory BFM (with checker) per manager port M0 and M1,
 * the watchdog and the waves. Per cycle: BFMs drive, the DUT evaluates,
 * BFMs and checkers sample, waves are dumped, the clock edge updates the
 * DUT. The run's knobs (latency, stalls, outstanding, seed) apply to both
 * AXI ports. */
#ifndef ETHOSU_KERNEL_H
#define ETHOSU_KERNEL_H

#include <stdint.h>
#include "apb_checker.h"
#include "apb_master.h"
#include "axi_checker.h"
#include "axi_mem.h"
#include "bfm_env.h"
#include "dut.h"
#include "ethosu_pins.h"
#include "fault_inject.h"
#include "sim_family.h"
#include "sim_knobs.h"
#include "sparse_mem.h"

/* What the weight-decoder port delivered: every weight in order, the
 * number of WDLAST markers and the cycles of the first and last weight. */
struct ethosu_wd_monitor {
    int16_t *w;
    size_t n, cap;
    uint64_t lasts;
    uint64_t first_cycle, last_cycle;
    int overflow;               /* out of memory: weights were dropped */
};
void ethosu_wd_monitor_clear(struct ethosu_wd_monitor *m);

struct ethosu_sim {
    struct sim_knobs knobs;
    struct bfm_env env;
    struct ethosu_pins pins;
    struct dut *dut;
    struct sparse_mem *mem[2];          /* behind M0 and M1 */
    struct apb_master *apb;
    struct apb_checker *apb_chk;
    struct axi_mem *axi[2];
    struct axi_checker *axi_chk[2];
    struct ethosu_wd_monitor wd;
    struct fault_inject *fault;         /* INJECT, NULL without */
    int waves_on;
    int watchdog_fired;
};

/* Takes ownership of dut; fam names its registers. porpl/porsl are the
 * levels of the power-on security inputs. Returns 0 or -1 with errbuf
 * filled. */
int ethosu_sim_init(struct ethosu_sim *s, const struct sim_knobs *k, const struct sim_family *fam,
                    struct dut *dut, int porpl, int porsl, char *errbuf, unsigned errlen);
/* Hold nRESET low for the knobs' reset_cycles, release it (a hard reset),
 * then run reset_idle idle cycles. */
int ethosu_sim_reset(struct ethosu_sim *s);
int ethosu_sim_drain(struct ethosu_sim *s, uint64_t max);
int ethosu_sim_finish(struct ethosu_sim *s);
void ethosu_sim_free(struct ethosu_sim *s);
void ethosu_sim_report_outstanding(struct ethosu_sim *s, const char *why);

#endif
