/* ethosu_kstats: see ethosu_kstats.h. */
#include <time.h>
#include "ethosu_kstats.h"

static struct ethosu_kstats totals;

uint64_t ethosu_kstats_now(void)
{
    struct timespec t;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t))
        return 0;
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

void ethosu_kstats_add_time(uint64_t t0)
{
    uint64_t t = ethosu_kstats_now();
    totals.cpu_ns += t > t0 ? t - t0 : 0;
}

void ethosu_kstats_add(uint64_t t0)
{
    ethosu_kstats_add_time(t0);
    totals.ops++;
}

struct ethosu_kstats ethosu_kstats_get(void)
{
    return totals;
}
