/* ethosu_seq: what an Ethos-U65 test sequence gets: a register port with
 * PPROT (APB BFM on the C harness, TLM-2.0 on the SystemC platform), the
 * memories behind the manager ports M0 and M1 (for loads and checks), the
 * pin-level BFMs where there are some (error injection, weight-decoder
 * port), the IRQ pin and a seeded RNG. Tests are named ethosu/<name> on the
 * command line. */
#ifndef ETHOSU_SEQ_H
#define ETHOSU_SEQ_H

#include <stdint.h>
#include "apb_master.h"
#include "axi_mem.h"
#include "ethosu_wd_monitor.h"
#include "ethosu_pins.h"
#include "seq.h"

struct ethosu_network;

struct ethosu_seq_ctx {
    /* The neutral part: regs are APB accesses with PPROT (reg_port_*()),
     * mem[0], mem[1] the memories behind M0, M1, irq the IRQ pin. */
    struct seq_ctx seq;
    struct apb_master *apb;         /* pin level: NULL on the TLM platform */
    struct axi_mem *axi[2];         /* the BFMs of M0, M1: error regions for injection (NULL on TLM) */
    struct ethosu_wd_monitor *wd;   /* weights seen on the weight-decoder port (NULL on TLM) */
    /* ethosu/network: the loaded network folder (NETWORK=); NULL for the
     * other tests. cfg: the configuration the DUT is (enum
     * ethosu_config_id: ETHOSU_CONFIG, or the network payload's, else
     * ethos-u65-256): its address width and DMA shape the tests' streams. */
    const struct ethosu_network *net;
    int cfg;
    /* DRIVER=arm: Arm's driver is the client (ethosu_armdrv.h), its
     * register accesses with PPROT driver_pprot (DRIVER_PPROT) */
    int driver_arm;
    uint8_t driver_pprot;
    /* the DUT is the twin: ethosu/network may rerun it with an explain
     * alternative of its arithmetic (ethosu_explain.h) */
    int twin;
};

struct ethosu_seq_test {
    const char *name;               /* without the "ethosu/" prefix */
    const char *summary;
    int (*run)(struct ethosu_seq_ctx *ctx);   /* 0 = pass */
    int porpl, porsl;               /* power-on privilege / security levels the test runs with */
    uint64_t watchdog;              /* cycles it needs, when more than the default (0 = default) */
    /* Pin-level feature the test needs beyond registers, memory and IRQ
     * (e.g. "AXI error regions"), NULL if none: harnesses without it (TLM)
     * refuse the test with this reason. */
    const char *needs_pins;
    /* Why the test does not apply to configuration cfg (enum ethosu_config_id)
     * on DUT kind dut ("twin" or "rtl"; user_rtl: the user's RTL from
     * RTL_FILES, not the shipped stub), NULL when it does; a NULL function:
     * it applies everywhere. Such a run is skipped before the DUT starts,
     * the reason on a SKIP line (the simulator's exit SIM_EXIT_SKIP). */
    const char *(*skip_reason)(int cfg, const char *dut, int user_rtl);
};

extern const struct ethosu_seq_test *const ethosu_seq_tests[];
extern const unsigned ethosu_seq_test_count;
/* ethosu/network's verdict word after a passing run: "XFAIL" when its
 * outputs differed as the folder's xfail.txt says, else NULL (PASS). */
const char *ethosu_network_pass_word(void);
/* name with or without the "ethosu/" prefix. */
const struct ethosu_seq_test *ethosu_seq_find(const char *name);

/* The skip reason of a test that needs command stream 2.0 executed on an
 * Ethos-U85 configuration: the shipped ethosu85 stub runs the Ethos-U65
 * stub's engines (rtl_stubs/ethosu85/README.md); NULL elsewhere. */
const char *ethosu_seq_skip_u85_stub(int cfg, const char *dut, int user_rtl);
/* skip_reason of t (NULL when it has none or it applies). */
const char *ethosu_seq_skip(const struct ethosu_seq_test *t, int cfg, const char *dut, int user_rtl);

/* A test's return when the DUT cannot run it (the reason printed on
 * stderr): exit status 2, no verdict. */
#define ETHOSU_SEQ_REFUSED (-2)

int ethosu_seq_fail(struct ethosu_seq_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Wait until IRQ is high, at most timeout cycles. */
enum bfm_status ethosu_seq_wait_irq(struct ethosu_seq_ctx *ctx, uint64_t timeout);

#define ETHOSU_TRY(call) \
    do { enum bfm_status ethosu_try_rc_ = (call); \
         if (ethosu_try_rc_ != BFM_OK) \
             return ethosu_seq_fail(ctx, "%s:%d: %s returned %d", __FILE__, __LINE__, #call, (int)ethosu_try_rc_); \
    } while (0)

#endif
