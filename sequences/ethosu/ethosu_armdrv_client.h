/* ethosu_armdrv_client: the seam between the shim (ethosu_armdrv.c) and
 * Arm's ethos-u-core-driver. The calls below are defined by the one file
 * compiled with the driver's headers (sequences/ethosu/armdrv/
 * ethosu_armdrv_client.c, built by make ethosu-driver together with the
 * driver's unmodified sources); a program built without the driver links
 * ethosu_armdrv_none.c instead, which says how to build one. The driver's
 * weak hooks live in that file too and call back into the shim through the
 * services at the end. Only fixed-width C types cross the seam, so neither
 * side sees the other's headers. */
#ifndef ETHOSU_ARMDRV_CLIENT_H
#define ETHOSU_ARMDRV_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#define ETHOSU_ARMDRV_REGIONS 8

/* What the driver was built as: its product (ETHOSU55 / ETHOSU65 /
 * ETHOSU85) and the AXI settings it writes (its ethosu_config_u55.h / _u65.h
 * / _u85.h). */
struct ethosu_armdrv_build {
    const char *product;                       /* "u55", "u65" or "u85" */
    unsigned address_bits;                     /* 32 (U55) or 40 (U65, U85): what QBASE/BASEP carry */
    unsigned qconfig;                          /* NPU_QCONFIG: the command stream's memory */
    unsigned regioncfg[ETHOSU_ARMDRV_REGIONS]; /* NPU_REGIONCFG_<n>: each region's memory */
    unsigned version[3];                       /* the driver's version, major.minor.patch */
    /* U85: a setting n names MEM_ATTR n (NPU_MEM_ATTR_<n>), whose axi_port
     * (bit 2) is the port (0 SRAM, M0; 1 EXT, M1); U55/U65: 0/1 M0, 2/3 M1 */
    int mem_attr_ports;
    unsigned mem_attr[4];
};

/* 0 and *b, or -1 with how to get a driver in why. */
int ethosu_armdrv_client_build(struct ethosu_armdrv_build *b, char *why, size_t len);
/* ethosu_init(drv, base, no fast memory, secure, privileged): its return. */
int ethosu_armdrv_client_init(volatile void *base, uint32_t secure, uint32_t privileged);
/* ethosu_reserve_driver: 0, or -1 when it returned NULL. */
int ethosu_armdrv_client_reserve(void);
/* ethosu_invoke_v3 of the reserved driver: its return. */
int ethosu_armdrv_client_invoke(const void *payload, int payload_size, uint64_t *base_addr, const size_t *base_size,
                                int n_base);
/* ethosu_get_hw_info of the reserved driver: CONFIG's and ID's fields as read. */
struct ethosu_armdrv_hw {
    unsigned macs_per_cc, cmd_stream_version, custom_dma;
    unsigned arch_major, arch_minor, arch_patch, product_major, version_major, version_minor, version_status;
};
void ethosu_armdrv_client_hw_info(struct ethosu_armdrv_hw *hw);
/* ethosu_release_driver and ethosu_deinit. */
void ethosu_armdrv_client_release(void);

/* ---- the shim's services, called by the hooks ---- */
/* Run the simulation until the DUT's IRQ pin is high; on the watchdog the
 * run fails naming the driver call (does not return). */
void ethosu_armdrv_wait_irq(void);
/* A hook the shim cannot serve (e.g. a semaphore nothing will give): the
 * run fails with why (does not return). */
void ethosu_armdrv_stuck(const char *why);
/* ethosu_address_remap: a host address inside a buffer the runner handed
 * the driver, as the DUT's address where the runner loaded it (index: the
 * base address, -1 the command stream). Does not return for another one. */
uint64_t ethosu_armdrv_remap(uint64_t host, int index);
/* A hook ran (cache maintenance, inference begin/end): printed in order
 * with the register accesses. */
void ethosu_armdrv_note(const char *what);

#endif
