/* bfm_pause: per-channel backpressure generator, advanced once per clock.
 * Protocol code asks "pause this cycle?" and never knows why. */
#ifndef BFM_PAUSE_H
#define BFM_PAUSE_H

#include <stdint.h>
#include "bfm_rng.h"

enum bfm_pause_kind { BFM_PAUSE_NONE = 0, BFM_PAUSE_RANDOM, BFM_PAUSE_PATTERN };

struct bfm_pause {
    enum bfm_pause_kind kind;
    unsigned percent;       /* RANDOM: stall probability 0..100 */
    uint64_t pattern;       /* PATTERN: bit i set = stall on cycle i mod len */
    unsigned pattern_len;   /* 1..64 */
    unsigned pos;
    struct bfm_rng rng;
};

void bfm_pause_init_none(struct bfm_pause *p);
void bfm_pause_init_random(struct bfm_pause *p, unsigned percent, uint64_t seed);
void bfm_pause_init_pattern(struct bfm_pause *p, uint64_t pattern, unsigned len);
/* Call exactly once per cycle per channel; 1 = stall this cycle. */
int bfm_pause_next(struct bfm_pause *p);

#endif
