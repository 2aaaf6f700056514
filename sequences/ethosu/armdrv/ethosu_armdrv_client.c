/* ethosu_armdrv_client: the one file compiled with Arm's ethos-u-core-driver
 * (make ethosu-driver; see ../ethosu_armdrv_client.h): the calls into the
 * driver and the driver's weak hooks, which hand every wait and address to
 * the shim. Built with the driver's include/ and src/ on the path and none
 * of the project's, so "ethosu_driver.h" is Arm's here; the seam is
 * included by its relative path. */
#include <stdio.h>
#include <stdlib.h>
#include "ethosu_driver.h"
#if defined(ETHOSU55)
#include "ethosu_config_u55.h"
#define PRODUCT "u55"
#define ADDRESS_BITS 32u
#elif defined(ETHOSU65)
#include "ethosu_config_u65.h"
#define PRODUCT "u65"
#define ADDRESS_BITS 40u
#elif defined(ETHOSU85)
#include "ethosu_config_u85.h"
#define PRODUCT "u85"
#define ADDRESS_BITS 40u
#else
#error "build with -DETHOSU55, -DETHOSU65 or -DETHOSU85, as the driver's own CMake does"
#endif
#include "../ethosu_armdrv_client.h"

static struct ethosu_driver npu;        /* the one NPU ethosu_init registers */
static struct ethosu_driver *reserved;  /* what ethosu_reserve_driver returned */

int ethosu_armdrv_client_build(struct ethosu_armdrv_build *b, char *why, size_t len)
{
    (void)why, (void)len;
    *b = (struct ethosu_armdrv_build){
        .product = PRODUCT, .address_bits = ADDRESS_BITS, .qconfig = NPU_QCONFIG,
        .regioncfg = { NPU_REGIONCFG_0, NPU_REGIONCFG_1, NPU_REGIONCFG_2, NPU_REGIONCFG_3, NPU_REGIONCFG_4,
                       NPU_REGIONCFG_5, NPU_REGIONCFG_6, NPU_REGIONCFG_7 },
        .version = { ETHOSU_DRIVER_VERSION_MAJOR, ETHOSU_DRIVER_VERSION_MINOR, ETHOSU_DRIVER_VERSION_PATCH },
    };
#if defined(ETHOSU85)
    /* the settings name MEM_ATTR entries, whose axi_port (bit 2) is the port */
    b->mem_attr_ports = 1;
    b->mem_attr[0] = NPU_MEM_ATTR_0, b->mem_attr[1] = NPU_MEM_ATTR_1;
    b->mem_attr[2] = NPU_MEM_ATTR_2, b->mem_attr[3] = NPU_MEM_ATTR_3;
#endif
    return 0;
}

int ethosu_armdrv_client_init(volatile void *base, uint32_t secure, uint32_t privileged)
{
    return ethosu_init(&npu, (void *)(uintptr_t)base, NULL, 0, secure, privileged);
}

int ethosu_armdrv_client_reserve(void)
{
    reserved = ethosu_reserve_driver();
    return reserved ? 0 : -1;
}

int ethosu_armdrv_client_invoke(const void *payload, int payload_size, uint64_t *base_addr, const size_t *base_size,
                                int n_base)
{
    return ethosu_invoke_v3(reserved, payload, payload_size, base_addr, base_size, n_base, NULL);
}

void ethosu_armdrv_client_hw_info(struct ethosu_armdrv_hw *hw)
{
    struct ethosu_hw_info i;
    ethosu_get_hw_info(reserved, &i);
    *hw = (struct ethosu_armdrv_hw){
        .macs_per_cc = i.cfg.macs_per_cc, .cmd_stream_version = i.cfg.cmd_stream_version,
        .custom_dma = i.cfg.custom_dma, .arch_major = i.version.arch_major_rev,
        .arch_minor = i.version.arch_minor_rev, .arch_patch = i.version.arch_patch_rev,
        .product_major = i.version.product_major, .version_major = i.version.version_major,
        .version_minor = i.version.version_minor, .version_status = i.version.version_status,
    };
}

void ethosu_armdrv_client_release(void)
{
    if (reserved)
        ethosu_release_driver(reserved);
    reserved = NULL;
    ethosu_deinit(&npu);
}

/* ---- the driver's weak hooks ---- */

/* A counting semaphore whose wait is the simulation: an empty one of the
 * reserved driver runs until the IRQ pin rises and calls the driver's own
 * interrupt handler, which gives it; any other empty one would never be
 * given (one thread), so the run fails there. The timeout is the run's
 * watchdog (MAX_CYCLES). */
struct semaphore {
    unsigned count;
};

void *ethosu_semaphore_create(void)
{
    return calloc(1, sizeof(struct semaphore));
}

void ethosu_semaphore_destroy(void *sem)
{
    free(sem);
}

int ethosu_semaphore_take(void *sem, uint64_t timeout)
{
    (void)timeout;
    struct semaphore *s = sem;
    while (!s->count) {
        if (!reserved || sem != reserved->semaphore)
            ethosu_armdrv_stuck("ethosu_semaphore_take on an empty semaphore no interrupt gives: the driver would "
                                "wait forever");
        ethosu_armdrv_wait_irq();
        ethosu_armdrv_note("IRQ high: the driver's ethosu_irq_handler runs");
        ethosu_irq_handler(reserved);
        if (!s->count)
            ethosu_armdrv_stuck("ethosu_irq_handler ran on the IRQ but did not give the semaphore");
    }
    s->count--;
    return 0;
}

int ethosu_semaphore_give(void *sem)
{
    ((struct semaphore *)sem)->count++;
    return 0;
}

/* one thread: a mutex locked twice is a deadlock */
struct mutex {
    int locked;
};

void *ethosu_mutex_create(void)
{
    return calloc(1, sizeof(struct mutex));
}

void ethosu_mutex_destroy(void *mutex)
{
    free(mutex);
}

int ethosu_mutex_lock(void *mutex)
{
    struct mutex *m = mutex;
    if (m->locked)
        ethosu_armdrv_stuck("ethosu_mutex_lock on a mutex the one thread holds: a deadlock");
    m->locked = 1;
    return 0;
}

int ethosu_mutex_unlock(void *mutex)
{
    ((struct mutex *)mutex)->locked = 0;
    return 0;
}

/* The DUT's memory is the simulation's, loaded before the driver runs:
 * there is no cache to maintain; the calls are shown in order. */
void ethosu_flush_dcache(uint32_t *p, size_t bytes)
{
    char what[96];
    snprintf(what, sizeof what, "ethosu_flush_dcache(%p, %zu): nothing to do", (void *)p, bytes);
    ethosu_armdrv_note(what);
}

void ethosu_invalidate_dcache(uint32_t *p, size_t bytes)
{
    char what[96];
    snprintf(what, sizeof what, "ethosu_invalidate_dcache(%p, %zu): nothing to do", (void *)p, bytes);
    ethosu_armdrv_note(what);
}

uint64_t ethosu_address_remap(uint64_t address, int index)
{
    return ethosu_armdrv_remap(address, index);
}

void ethosu_inference_begin(struct ethosu_driver *drv, void *user_arg)
{
    (void)drv, (void)user_arg;
    ethosu_armdrv_note("ethosu_inference_begin");
}

void ethosu_inference_end(struct ethosu_driver *drv, void *user_arg)
{
    (void)drv, (void)user_arg;
    ethosu_armdrv_note("ethosu_inference_end");
}
