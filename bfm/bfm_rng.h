/* bfm_rng: small deterministic PRNG (splitmix64 seeding + xoshiro256**)
 * so every random BFM decision is reproducible from one printed seed. */
#ifndef BFM_RNG_H
#define BFM_RNG_H

#include <stdint.h>

struct bfm_rng { uint64_t s[4]; };

void bfm_rng_seed(struct bfm_rng *r, uint64_t seed);
uint64_t bfm_rng_next(struct bfm_rng *r);
/* Uniform in [lo, hi], lo <= hi. */
uint64_t bfm_rng_range(struct bfm_rng *r, uint64_t lo, uint64_t hi);
/* 1 with probability pct/100. */
int bfm_rng_percent(struct bfm_rng *r, unsigned pct);

#endif
