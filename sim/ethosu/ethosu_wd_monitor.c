/* ethosu_wd_monitor: see ethosu_wd_monitor.h. */
#include <stdlib.h>
#include "ethosu_wd_monitor.h"

void ethosu_wd_monitor_clear(struct ethosu_wd_monitor *m)
{
    m->n = 0;
    m->lasts = 0;
    m->first_cycle = m->last_cycle = 0;
    m->overflow = 0;
}

void ethosu_wd_monitor_sample(struct ethosu_wd_monitor *m, const struct ethosu_pins *p, uint64_t cycle)
{
    if (!p->wd_valid)
        return;
    if (m->n == m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 4096;
        int16_t *w = realloc(m->w, cap * sizeof *w);
        if (!w) {
            m->overflow = 1;
            return;
        }
        m->w = w;
        m->cap = cap;
    }
    if (m->n == 0)
        m->first_cycle = cycle;
    m->last_cycle = cycle;
    m->w[m->n++] = p->wd_weight;
    m->lasts += p->wd_last != 0;
}

void ethosu_wd_monitor_free(struct ethosu_wd_monitor *m)
{
    free(m->w);
    m->w = NULL;
    m->n = m->cap = 0;
}
