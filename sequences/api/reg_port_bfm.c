/* reg_port_bfm: register ports over the pin-level requesters: CSB (NVDLA,
 * prot ignored, no error response on the bus) and APB (Ethos-U65, PPROT
 * and PSLVERR). */
#include <stddef.h>
#include "apb_master.h"
#include "csb_master.h"
#include "reg_port.h"

static enum bfm_status csb_port_read(void *impl, uint32_t addr, uint8_t prot, uint32_t *data, int *err)
{
    (void)prot;
    if (err)
        *err = 0;
    return csb_read(impl, addr, data);
}

static enum bfm_status csb_port_write(void *impl, uint32_t addr, uint32_t data, uint8_t prot, int *err)
{
    (void)prot;
    if (err)
        *err = 0;
    return csb_write(impl, addr, data);
}

static enum bfm_status csb_port_poll(void *impl, uint32_t addr, uint32_t mask, uint32_t expect, uint64_t timeout)
{
    return csb_poll(impl, addr, mask, expect, timeout);
}

struct reg_port reg_port_csb(struct csb_master *m)
{
    struct reg_port p = { m, csb_port_read, csb_port_write, csb_port_poll };
    return p;
}

static enum bfm_status apb_port_read(void *impl, uint32_t addr, uint8_t prot, uint32_t *data, int *err)
{
    int slverr = 0;
    enum bfm_status st = apb_read(impl, addr, prot, data, &slverr);
    if (err)
        *err = slverr;
    return st;
}

static enum bfm_status apb_port_write(void *impl, uint32_t addr, uint32_t data, uint8_t prot, int *err)
{
    enum bfm_status st = apb_write(impl, addr, data, prot);
    if (err)
        *err = st == BFM_OK && apb_master_last_slverr(impl) == 1;
    return st;
}

struct reg_port reg_port_apb(struct apb_master *m)
{
    struct reg_port p = { m, apb_port_read, apb_port_write, NULL };
    return p;
}
