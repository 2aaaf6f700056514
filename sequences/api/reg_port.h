/* reg_port: a transport-neutral register port, so the same sequence code
 * runs over the pin-level BFMs (CSB, APB) of the C harness or over TLM-2.0
 * b_transport on the SystemC platform. The harness that builds a sequence
 * context fills one in; sequences go through the helpers below.
 *
 * prot is the APB PPROT (bit 0 privileged, 1 non-secure, 2 instruction),
 * ignored by CSB. err (may be NULL) gets 1 when the target answered with an
 * error (PSLVERR, a TLM error response), else 0: an error response is data
 * for the test, not a BFM failure. The calls block, advancing simulated time,
 * until the access has completed. */
#ifndef REG_PORT_H
#define REG_PORT_H

#include <stdint.h>
#include "bfm_env.h"

struct reg_port {
    void *impl;
    enum bfm_status (*read)(void *impl, uint32_t addr, uint8_t prot, uint32_t *data, int *err);
    enum bfm_status (*write)(void *impl, uint32_t addr, uint32_t data, uint8_t prot, int *err);
    /* Optional: the transport's own poll (the CSB BFM polls with back-to-back
     * reads; keeping it keeps the C harness cycle-exact). NULL: reg_port_poll
     * reads, compares and steps one cycle between reads. */
    enum bfm_status (*poll)(void *impl, uint32_t addr, uint32_t mask, uint32_t expect, uint64_t timeout);
};

/* BFM_ERR_ARG when the port has no implementation (e.g. a context without one). */
enum bfm_status reg_port_read(const struct reg_port *p, uint32_t addr, uint8_t prot, uint32_t *data, int *err);
enum bfm_status reg_port_write(const struct reg_port *p, uint32_t addr, uint32_t data, uint8_t prot, int *err);
/* Read until (value & mask) == expect, at most timeout cycles of env (0: no
 * limit of its own; the run's watchdog still applies). */
enum bfm_status reg_port_poll(const struct reg_port *p, struct bfm_env *env, uint32_t addr, uint32_t mask,
                              uint32_t expect, uint64_t timeout);

/* Ports over the pin-level BFMs (reg_port_bfm.c). */
struct csb_master;
struct apb_master;
struct reg_port reg_port_csb(struct csb_master *m);
struct reg_port reg_port_apb(struct apb_master *m);

#endif
