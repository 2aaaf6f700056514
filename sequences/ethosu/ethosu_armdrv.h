/* ethosu_armdrv: Arm's ethos-u-core-driver as the client of the DUT
 * (DRIVER=arm; docs/ethos-u-driver.md). The driver's unmodified sources,
 * built for this host by make ethosu-driver, program the NPU through a
 * register window (ethosu_armdrv_trap.h) whose every access this shim turns
 * into an APB transaction of the DUT, in the driver's order, with the PPROT
 * DRIVER_PPROT names. The driver's hooks (ethosu_armdrv_client.h) are the
 * shim's: its semaphore wait runs the simulation until the IRQ pin rises
 * and calls the driver's ethosu_irq_handler; its address remap turns the
 * host buffers TensorFlow Lite Micro would hand it into the DUT addresses
 * where the shim loaded them. A failing run names the driver call and the
 * driver's last register access. */
#ifndef ETHOSU_ARMDRV_H
#define ETHOSU_ARMDRV_H

#include "ethosu_seq.h"

/* ethosu/network with DRIVER=arm: ethosu_init, ethosu_reserve_driver,
 * ethosu_invoke_v3 with the network's COP1 payload and its regions as the
 * base addresses, then every output byte against expected_<i>.npy. */
int ethosu_armdrv_network(struct ethosu_seq_ctx *ctx);

/* ethosu/armdrv_init: ethosu_init, ethosu_reserve_driver and
 * ethosu_get_hw_info only (no network; runs on the Verilated stub too): the
 * ID and CONFIG the driver read through the window are the DUT's. */
extern const struct ethosu_seq_test ethosu_armdrv_init;

#endif
