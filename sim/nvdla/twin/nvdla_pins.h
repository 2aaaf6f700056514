/* nvdla_pins: every pin of the NV_nvdla top, grouped by interface. The
 * kernel owns one instance; BFMs drive and sample their part of it and the
 * DUT adapter (RTL or twin) copies it to and from the device. */
#ifndef NVDLA_PINS_H
#define NVDLA_PINS_H

#include <stdint.h>
#include "axi_pins.h"
#include "csb_pins.h"

struct nvdla_pins {
    uint8_t rstn;          /* dla_reset_rstn (direct_reset_ follows it) */
    uint8_t dla_intr;      /* level-high interrupt */
    struct csb_pins csb;
    struct axi_pins dbb;   /* nvdla_core2dbb_* */
    struct axi_pins sram;  /* nvdla_core2cvsram_*, when the top has SRAMIF */
};

#endif
