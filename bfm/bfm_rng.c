/* bfm_rng: splitmix64 expands one seed into xoshiro256** state; xoshiro is
 * fast, has a 2^256 period and no all-zero trap once seeded this way. */
#include "bfm_rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void bfm_rng_seed(struct bfm_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

uint64_t bfm_rng_next(struct bfm_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;

    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t bfm_rng_range(struct bfm_rng *r, uint64_t lo, uint64_t hi)
{
    uint64_t span, limit, v;

    if (hi <= lo)
        return lo;
    span = hi - lo + 1;           /* 0 means the full 64-bit range */
    if (span == 0)
        return bfm_rng_next(r);
    /* Reject the top partial bucket (2^64 mod span values) so every
     * result is equally likely. */
    limit = UINT64_MAX - (UINT64_MAX % span + 1) % span;
    do {
        v = bfm_rng_next(r);
    } while (v > limit);
    return lo + v % span;
}

int bfm_rng_percent(struct bfm_rng *r, unsigned pct)
{
    if (pct == 0)
        return 0;
    if (pct >= 100)
        return 1;
    return bfm_rng_range(r, 0, 99) < pct;
}
