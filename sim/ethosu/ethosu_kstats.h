/* ethosu_kstats: how much CPU time the twin's kernel operations took
 * (ethosu_kx_compute: unpack, weight decode and order, the golden operation,
 * pack; on the U55/U65 core 0's weights are decoded by the weight channel,
 * ethosu_weightch, and that decode counts too), process-wide, for make bench's twin / reference comparison: the
 * compute alone, without the simulated bus and command stream around it.
 * The ethosu/network runner prints the totals when ETHOSU_COMPUTE_TIME is set
 * in its environment (the line is timing, so off by default: outputs stay
 * the same from run to run). */
#ifndef ETHOSU_KSTATS_H
#define ETHOSU_KSTATS_H

#include <stdint.h>

struct ethosu_kstats {
    uint64_t ops;       /* kernel operations computed */
    uint64_t cpu_ns;    /* their CPU time, nanoseconds (all threads of the process) */
};

/* A timestamp for ethosu_kstats_add (the process's CPU clock). */
uint64_t ethosu_kstats_now(void);

/* One operation that started at t0 (ethosu_kstats_now) ends now. */
void ethosu_kstats_add(uint64_t t0);
/* Work of an operation done elsewhere (the weight channel's decode), from t0 to now. */
void ethosu_kstats_add_time(uint64_t t0);

struct ethosu_kstats ethosu_kstats_get(void);

#endif
