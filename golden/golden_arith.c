/* golden_arith: integer primitives shared by the golden models.
 * Every function is written so that no intermediate overflows and no
 * implementation-defined shift of a negative value is relied upon. */
#include "golden_arith.h"

int64_t golden_sx(uint64_t v, unsigned n)
{
    if (n == 0)
        return 0;
    if (n >= 64)
        return (int64_t)v;   /* two's complement on every supported target */
    uint64_t mask = (UINT64_C(1) << n) - 1;
    uint64_t sign = UINT64_C(1) << (n - 1);
    v &= mask;
    /* (v ^ sign) - sign sign-extends without touching a negative shift. */
    return (int64_t)(v ^ sign) - (int64_t)sign;
}

int64_t golden_wrap(int64_t x, unsigned n)
{
    return golden_sx((uint64_t)x, n);
}

int64_t golden_sat(int64_t x, unsigned n)
{
    if (n == 0 || n >= 64)
        return x;
    int64_t hi = (int64_t)((UINT64_C(1) << (n - 1)) - 1);
    int64_t lo = -hi - 1;
    return x > hi ? hi : x < lo ? lo : x;
}

/* Round half away from zero of mag / 2^s on the magnitude, 1 <= s <= 63:
 * adding the half bit after the shift avoids overflowing mag + 2^(s-1). */
static uint64_t rnd_mag64(uint64_t mag, unsigned s)
{
    return (mag >> s) + ((mag >> (s - 1)) & 1u);
}

int64_t golden_rsh(int64_t x, int s)
{
    if (s == 0 || x == 0)
        return x;
    if (s > 0) {
        if (s >= 64)
            return 0;   /* |x| <= 2^63 < 2^(s-1): always rounds to 0 */
        uint64_t mag = x < 0 ? UINT64_C(0) - (uint64_t)x : (uint64_t)x;
        uint64_t r = rnd_mag64(mag, (unsigned)s);
        return x < 0 ? -(int64_t)r : (int64_t)r;   /* r <= 2^62 here */
    }
    unsigned k = 0u - (unsigned)s;   /* -s without overflowing INT_MIN */
    if (k >= 63)
        return x > 0 ? INT64_MAX : INT64_MIN;
    int64_t hi = INT64_MAX >> k;
    int64_t lo = -(int64_t)(UINT64_C(1) << (63 - k));
    if (x > hi)
        return INT64_MAX;
    if (x < lo)
        return INT64_MIN;
    return (int64_t)((uint64_t)x << k);
}

static int64_t clamp128(__int128 v)
{
    return v > INT64_MAX ? INT64_MAX : v < INT64_MIN ? INT64_MIN : (int64_t)v;
}

int64_t golden_rsh128(__int128 x, int s)
{
    if (x == 0)
        return 0;
    if (s == 0)
        return clamp128(x);
    if (s > 0) {
        if (s >= 128)
            return 0;
        unsigned __int128 mag = x < 0 ? (unsigned __int128)0 - (unsigned __int128)x
                                      : (unsigned __int128)x;
        unsigned __int128 r = (mag >> s) + ((mag >> (s - 1)) & 1u);
        if (x > 0)
            return r > (unsigned __int128)INT64_MAX ? INT64_MAX : (int64_t)r;
        return r > (unsigned __int128)INT64_MAX ? INT64_MIN : -(int64_t)r;
    }
    unsigned k = 0u - (unsigned)s;
    if (k >= 63)
        return x > 0 ? INT64_MAX : INT64_MIN;
    __int128 hi = (__int128)(INT64_MAX >> k);
    __int128 lo = -((__int128)1 << (63 - k));
    if (x > hi)
        return INT64_MAX;
    if (x < lo)
        return INT64_MIN;
    return (int64_t)((uint64_t)(int64_t)x << k);
}

int64_t golden_fsh(int64_t x, unsigned s)
{
    if (x >= 0)
        return s >= 64 ? 0 : x >> s;
    if (s >= 64)
        return -1;
    /* floor(x / 2^s) = -(floor((-x - 1) / 2^s) + 1) for x < 0 */
    uint64_t m = (uint64_t)(-(x + 1));
    return -(int64_t)(m >> s) - 1;
}

unsigned golden_log2(uint64_t d)
{
    unsigned l = 0;
    while (d >>= 1)
        l++;
    return l;
}
