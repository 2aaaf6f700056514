/* sim_reg_bus: the register bus the kernel drives into a DUT, whichever
 * protocol its family's port table names: NVDLA's CSB (csb_master +
 * csb_checker) or an APB completer (apb_master + apb_checker). One of the
 * two pairs is set; the kernel calls these and never the BFMs by kind. */
#ifndef SIM_REG_BUS_H
#define SIM_REG_BUS_H

#include <stdint.h>
#include "apb_checker.h"
#include "apb_master.h"
#include "bfm_env.h"
#include "csb_checker.h"
#include "csb_master.h"
#include "sim_knobs.h"

enum sim_reg_bus_kind { SIM_REG_CSB, SIM_REG_APB };

struct sim_reg_bus {
    enum sim_reg_bus_kind kind;
    void *pins;                 /* struct csb_pins or struct apb_pins */
    struct csb_master *csb;
    struct csb_checker *csb_chk;
    struct apb_master *apb;
    struct apb_checker *apb_chk;
};

/* The requester and its checker on pins (a struct csb_pins or apb_pins),
 * named name ("csb", "apb") in logs, with the run's gap, posting and wait
 * knobs; seed drawn from the run's. Returns 0, or -1 when a BFM could not
 * be created. */
int sim_reg_bus_init(struct sim_reg_bus *b, enum sim_reg_bus_kind kind, const char *name, void *pins,
                     const struct sim_knobs *k, uint64_t seed, bfm_reg_describe_fn describe, struct bfm_env *env);
void sim_reg_bus_free(struct sim_reg_bus *b);
void sim_reg_bus_drive(struct sim_reg_bus *b);
/* Out of reset: checker, then requester. */
void sim_reg_bus_sample(struct sim_reg_bus *b);
void sim_reg_bus_sample_reset(struct sim_reg_bus *b);
/* The DUT accepts a request this cycle (after its eval). */
int sim_reg_bus_accepted(const struct sim_reg_bus *b);
int sim_reg_bus_idle(const struct sim_reg_bus *b);
/* No request on the pins and the requester idle (a harness that sleeps
 * while idle asks this). */
int sim_reg_bus_quiet(const struct sim_reg_bus *b);
/* One blocking register access (byte address; prot: APB's PPROT, ignored
 * on CSB). Returns BFM_OK, or the BFM's status; *slverr is set to 1 when
 * an APB completer answered PSLVERR (0 otherwise, always 0 on CSB). */
enum bfm_status sim_reg_bus_write(struct sim_reg_bus *b, uint32_t addr, uint32_t data, uint8_t prot, int *slverr);
enum bfm_status sim_reg_bus_read(struct sim_reg_bus *b, uint32_t addr, uint8_t prot, uint32_t *data, int *slverr);
/* End of test: the checker's open transfers fail the run (nonzero). */
int sim_reg_bus_final(struct sim_reg_bus *b);
/* The outstanding report's lines ("  csb master: ...", "  csb checker: ...";
 * APB: "  apb requester: ..."), on stderr. */
void sim_reg_bus_report(const struct sim_reg_bus *b);

#endif
