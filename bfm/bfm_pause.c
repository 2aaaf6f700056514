/* bfm_pause: one stall decision per channel per cycle, from either a seeded
 * random stream or a fixed repeating pattern. */
#include "bfm_pause.h"

#include <string.h>

void bfm_pause_init_none(struct bfm_pause *p)
{
    memset(p, 0, sizeof *p);
    p->kind = BFM_PAUSE_NONE;
    p->pattern_len = 1;
}

void bfm_pause_init_random(struct bfm_pause *p, unsigned percent, uint64_t seed)
{
    bfm_pause_init_none(p);
    p->kind = BFM_PAUSE_RANDOM;
    p->percent = percent > 100 ? 100 : percent;
    bfm_rng_seed(&p->rng, seed);
}

void bfm_pause_init_pattern(struct bfm_pause *p, uint64_t pattern, unsigned len)
{
    bfm_pause_init_none(p);
    p->kind = BFM_PAUSE_PATTERN;
    p->pattern = pattern;
    /* Clamp rather than fail: a bad length is a test-setup slip, not a
     * reason to lose the run. */
    p->pattern_len = len == 0 ? 1 : (len > 64 ? 64 : len);
}

int bfm_pause_next(struct bfm_pause *p)
{
    int stall;

    switch (p->kind) {
    case BFM_PAUSE_RANDOM:
        return bfm_rng_percent(&p->rng, p->percent);
    case BFM_PAUSE_PATTERN:
        stall = (int)((p->pattern >> p->pos) & 1);
        if (++p->pos >= p->pattern_len)
            p->pos = 0;
        return stall;
    case BFM_PAUSE_NONE:
    default:
        return 0;
    }
}
