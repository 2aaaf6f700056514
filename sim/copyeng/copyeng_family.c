/* copyeng_family: see copyeng_family.h. */
#include <stddef.h>
#include "copyeng_family.h"
#include "copyeng_regs.h"

struct copyeng_pins *copyeng_sim_pins(struct sim *s)
{
    return s->pins;
}

/* No knob of its own: the applies column of knobs.csv judges them all. */
static const struct sim_knobs_family copyeng_knobs = { "copyeng", NULL, NULL };

const struct sim_family copyeng_family = {
    .name = "copyeng",
    .pins_size = sizeof(struct copyeng_pins),
    .reg_bus = SIM_REG_APB,
    .reg_name = "apb",
    .reg_pins = offsetof(struct copyeng_pins, apb),
    .reg_seed = 0x6666,
    .reg_describe = copyeng_reg_describe,
    .axi = { { "m", offsetof(struct copyeng_pins, m), 0x7777, 0 } },
    .n_axi = 1,
    .reset_pin = offsetof(struct copyeng_pins, nreset),
    .irq_pin = offsetof(struct copyeng_pins, irq),
    .irq_name = "IRQ",
    .faults = NULL,   /* no faults: INJECT is refused */
    .knobs = &copyeng_knobs,
};
