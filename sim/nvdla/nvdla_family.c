/* nvdla_family: see nvdla_family.h. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include "nvdla_family.h"
#include "nvdla_reg_describe.h"

struct nvdla_pins *nvdla_sim_pins(struct sim *s)
{
    return s->pins;
}

static void fault_apply(struct fault_inject *f, void *pins)
{
    fault_inject_apply(f, pins);
}

const struct sim_family nvdla_family = {
    .name = "nvdla",
    .pins_size = sizeof(struct nvdla_pins),
    .reg_bus = SIM_REG_CSB,
    .reg_name = "csb",
    .reg_pins = offsetof(struct nvdla_pins, csb),
    .reg_seed = 0x1111,
    .reg_describe = nvdla_reg_describe,
    .axi = { { "dbb", offsetof(struct nvdla_pins, dbb), 0x2222, 0 },
             { "sram", offsetof(struct nvdla_pins, sram), 0x3333, 1 } },
    .n_axi = 2,
    .reset_pin = offsetof(struct nvdla_pins, rstn),
    .irq_pin = offsetof(struct nvdla_pins, dla_intr),
    .irq_name = "dla_intr",
    .mem_limit = 1,
    .fault_family = FAULT_NVDLA,
    .fault_apply = fault_apply,
};

/* The real nv_small core leaves reset about 4 cycles after dla_reset_rstn,
 * its falcon/partition resets about 6: below this, requests may be lost. */
#define RESET_SYNC_MARGIN 8

void nvdla_reset_hint(const struct sim *s)
{
    if (s->first_reg == UINT64_MAX || s->first_reg - s->reset_release >= RESET_SYNC_MARGIN)
        return;
    printf("hint: the DUT accepted the first CSB request %" PRIu64 " cycle%s after dla_reset_rstn rose "
           "(RESET_IDLE=%u). NVDLA tops synchronise their reset: the real nv_small core leaves reset "
           "about 4 cycles after the pin (its falcon/partition resets about 6), keeps csb2nvdla_ready "
           "high meanwhile and drops those requests, so register writes may be lost and reads never "
           "answered. Rerun with RESET_IDLE=%d (the default) or more.\n",
           s->first_reg - s->reset_release, s->first_reg - s->reset_release == 1 ? "" : "s",
           s->knobs.reset_idle, SIM_DEFAULT_RESET_IDLE);
}
