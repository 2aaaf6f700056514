/* ethosu_weightch: see ethosu_weightch.h. */
#include <stdlib.h>
#include <string.h>
#include "ethosu_mlw.h"
#include "ethosu_kstats.h"
#include "ethosu_weightch.h"

void ethosu_wch_init(struct ethosu_weightch *c)
{
    memset(c, 0, sizeof *c);
}

void ethosu_wch_free(struct ethosu_weightch *c)
{
    free(c->buf);
    free(c->w);
    memset(c, 0, sizeof *c);
}

void ethosu_wch_reset(struct ethosu_weightch *c)
{
    free(c->w);
    c->w = NULL;
    c->n = c->pos = 0;
    c->state = ETHOSU_WCH_IDLE;
    c->axi = NULL;
}

int ethosu_wch_start(struct ethosu_weightch *c, struct axi_manager *axi, uint64_t addr, uint32_t len)
{
    if (len > c->cap) {
        uint8_t *b = realloc(c->buf, len);
        if (!b)
            return -1;
        c->buf = b;
        c->cap = len;
    }
    ethosu_wch_reset(c);
    c->axi = axi;
    c->len = len;
    c->failed = 0;
    c->err[0] = 0;
    axi_manager_read(axi, addr, len, c->buf);
    c->state = ETHOSU_WCH_READ;
    c->streams++;
    return 0;
}

void ethosu_wch_step(struct ethosu_weightch *c)
{
    switch (c->state) {
    case ETHOSU_WCH_READ:
        c->busy_cycles++;
        if (!axi_manager_reads_done(c->axi))
            return;
        uint64_t t0 = ethosu_kstats_now();   /* the operation's weight decode, counted with its compute */
        int bad = ethosu_mlw_decode(c->buf, c->len, &c->w, &c->n, c->err, sizeof c->err);
        ethosu_kstats_add_time(t0);
        if (bad) {
            c->failed = 1;
            c->n = 0;
            c->state = ETHOSU_WCH_DONE;
            return;
        }
        c->pos = 0;
        c->state = c->n ? ETHOSU_WCH_EMIT : ETHOSU_WCH_DONE;
        break;
    case ETHOSU_WCH_EMIT:
        c->busy_cycles++;
        c->weights_out++;
        if (++c->pos >= c->n)
            c->state = ETHOSU_WCH_DONE;
        break;
    case ETHOSU_WCH_IDLE:
    case ETHOSU_WCH_DONE:
        break;
    }
}

void ethosu_wch_output(const struct ethosu_weightch *c, uint8_t *valid, int16_t *weight, uint8_t *last)
{
    int on = c->state == ETHOSU_WCH_EMIT;
    *valid = (uint8_t)on;
    *weight = on ? c->w[c->pos] : 0;
    *last = (uint8_t)(on && c->pos + 1 == c->n);
}

int ethosu_wch_take_done(struct ethosu_weightch *c)
{
    if (c->state != ETHOSU_WCH_DONE)
        return 0;
    c->state = ETHOSU_WCH_IDLE;
    return 1;
}
