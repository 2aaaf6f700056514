/* ethosu_family: see ethosu_family.h. */
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include "ethosu_family.h"
#include "ethosu_reg_describe.h"

struct ethosu_pins *ethosu_sim_pins(struct sim *s)
{
    return s->pins;
}

struct ethosu_wd_monitor *ethosu_sim_wd(struct sim *s)
{
    return s->ext;
}

static void fault_apply(struct fault_inject *f, void *pins)
{
    fault_inject_apply_ethosu(f, pins);
}

static int init(struct sim *s, char *errbuf, unsigned errlen)
{
    s->ext = calloc(1, sizeof(struct ethosu_wd_monitor));
    if (!s->ext)
        snprintf(errbuf, errlen, "out of memory");
    return s->ext ? 0 : -1;
}

static void sample(struct sim *s)
{
    ethosu_wd_monitor_sample(s->ext, s->pins, s->env.cycle);
}

static void free_ext(struct sim *s)
{
    if (s->ext)
        ethosu_wd_monitor_free(s->ext);
    free(s->ext);
    s->ext = NULL;
}

const struct sim_family ethosu_family = {
    .name = "ethosu",
    .pins_size = sizeof(struct ethosu_pins),
    .reg_bus = SIM_REG_APB,
    .reg_name = "apb",
    .reg_pins = offsetof(struct ethosu_pins, apb),
    .reg_seed = 0x4444,
    .reg_describe = ethosu_reg_describe,
    .axi = { { "m0", offsetof(struct ethosu_pins, m0), 0x5555, 0 },
             { "m1", offsetof(struct ethosu_pins, m1), 0x5556, 0 } },
    .n_axi = 2,
    .reset_pin = offsetof(struct ethosu_pins, nreset),
    .irq_pin = offsetof(struct ethosu_pins, irq),
    .irq_name = "IRQ",
    .mem_limit = 0,
    .fault_family = FAULT_ETHOSU,
    .fault_apply = fault_apply,
    .init = init,
    .sample = sample,
    .free = free_ext,
};
