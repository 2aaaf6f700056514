/* ethosu_wd_monitor: what the Ethos-U65 weight-decoder port (WDVALID,
 * WDWEIGHT, WDLAST: a project debug port, ethosu_pins.h) delivered: every
 * weight in order, the number of WDLAST markers and the cycles of the first
 * and last weight. The family's sample hook (ethosu_family.c) feeds it. */
#ifndef ETHOSU_WD_MONITOR_H
#define ETHOSU_WD_MONITOR_H

#include <stddef.h>
#include <stdint.h>
#include "ethosu_pins.h"

struct ethosu_wd_monitor {
    int16_t *w;
    size_t n, cap;
    uint64_t lasts;
    uint64_t first_cycle, last_cycle;
    int overflow;               /* out of memory: weights were dropped */
};
void ethosu_wd_monitor_clear(struct ethosu_wd_monitor *m);
/* The port's pins in cycle (out of reset, after the DUT evaluated). */
void ethosu_wd_monitor_sample(struct ethosu_wd_monitor *m, const struct ethosu_pins *p, uint64_t cycle);
void ethosu_wd_monitor_free(struct ethosu_wd_monitor *m);

#endif
