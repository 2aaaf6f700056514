/* ethosu_armdrv_none: the client seam (ethosu_armdrv_client.h) of a program
 * built without Arm's driver: every run that asks for it is refused with how
 * to build one. make ethosu-driver links the real client instead. */
#include <stdio.h>
#include "ethosu_armdrv_client.h"

int ethosu_armdrv_client_build(struct ethosu_armdrv_build *b, char *why, size_t len)
{
    (void)b;
    snprintf(why, len, "this simulator was built without Arm's ethos-u-core-driver: build it with "
             "`make ethosu-driver ETHOSU_DRIVER=<checkout of ethos-u-core-driver>`, then run through make sim or "
             "scripts/sim with DRIVER=arm (docs/ethos-u-driver.md)");
    return -1;
}

int ethosu_armdrv_client_init(volatile void *base, uint32_t secure, uint32_t privileged)
{
    (void)base, (void)secure, (void)privileged;
    return -1;
}

int ethosu_armdrv_client_reserve(void)
{
    return -1;
}

int ethosu_armdrv_client_invoke(const void *payload, int payload_size, uint64_t *base_addr, const size_t *base_size,
                                int n_base)
{
    (void)payload, (void)payload_size, (void)base_addr, (void)base_size, (void)n_base;
    return -1;
}

void ethosu_armdrv_client_hw_info(struct ethosu_armdrv_hw *hw)
{
    *hw = (struct ethosu_armdrv_hw){ 0 };
}

void ethosu_armdrv_client_release(void)
{
}
