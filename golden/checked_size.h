/* checked_size: overflow-checked arithmetic on sizes that come from input
 * (a file's shape, a network's offsets, a register's dimensions). Every
 * product or sum of user-given values goes through these; a result that
 * does not fit is an error the caller turns into a message naming the
 * input, never a wrapped size that checks nothing. Each returns 0 and
 * stores the result, or -1 and leaves *out untouched. */
#ifndef CHECKED_SIZE_H
#define CHECKED_SIZE_H

#include <stddef.h>
#include <stdint.h>

static inline int checked_mul_u64(uint64_t a, uint64_t b, uint64_t *out)
{
    uint64_t r;
    if (__builtin_mul_overflow(a, b, &r))
        return -1;
    *out = r;
    return 0;
}

static inline int checked_add_u64(uint64_t a, uint64_t b, uint64_t *out)
{
    uint64_t r;
    if (__builtin_add_overflow(a, b, &r))
        return -1;
    *out = r;
    return 0;
}

/* a * b + c: an element's byte offset (index * stride + base) */
static inline int checked_mul_add_u64(uint64_t a, uint64_t b, uint64_t c, uint64_t *out)
{
    uint64_t r;
    if (checked_mul_u64(a, b, &r) || checked_add_u64(r, c, &r))
        return -1;
    *out = r;
    return 0;
}

/* the product of n dimensions (1 for n == 0) */
static inline int checked_product_u64(const uint64_t *dims, unsigned n, uint64_t *out)
{
    uint64_t r = 1;
    for (unsigned i = 0; i < n; i++)
        if (checked_mul_u64(r, dims[i], &r))
            return -1;
    *out = r;
    return 0;
}

/* a 64-bit size as a size_t (a buffer to allocate or copy) */
static inline int checked_size_t(uint64_t v, size_t *out)
{
    if (v > SIZE_MAX)
        return -1;
    *out = (size_t)v;
    return 0;
}

/* a byte range [offset, offset + len) inside [0, limit) */
static inline int checked_within(uint64_t offset, uint64_t len, uint64_t limit)
{
    uint64_t end;
    return checked_add_u64(offset, len, &end) || end > limit ? -1 : 0;
}

#endif
