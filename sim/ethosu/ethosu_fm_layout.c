/* ethosu_fm_layout: see ethosu_fm_layout.h. */
/* GCC 12's -O2 vectorizes no loop of unknown trip count (its "very cheap"
 * cost model): this file asks for the dynamic model for the chunk loads and
 * stores; the values are the same either way. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize", "vect-cost-model=dynamic")
#endif
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_fm_layout.h"

#define DEFAULT_ADDR_BITS 40u

void ethosu_fml_io_init(struct ethosu_fml_io *io)
{
    memset(io, 0, sizeof *io);
}

void ethosu_fml_io_free(struct ethosu_fml_io *io)
{
    free(io->buf);
    free(io->runs);
    ethosu_fml_io_init(io);
}

int64_t ethosu_fml_stride(uint64_t field, unsigned addr_bits)
{
    if (!addr_bits || addr_bits > 48)
        addr_bits = DEFAULT_ADDR_BITS;
    uint64_t sign = 1ull << (addr_bits - 1), mask = (sign << 1) - 1;
    return (int64_t)((field & mask) ^ sign) - (int64_t)sign;
}

uint64_t ethosu_fml_addr(const struct ethosu_fm_layout *f, uint32_t y, uint32_t x, uint32_t c)
{
    unsigned t = 0;
    if (x >= f->width0) {
        x -= f->width0;
        t = 1;
        if (y >= f->height1) {
            y -= f->height1;
            t = 3;
        }
    } else if (y >= f->height0) {
        y -= f->height0;
        t = 2;
    }
    int64_t off = (int64_t)y * f->stride_y;
    if (f->nhcwb16)
        off += (int64_t)(c / 16) * f->stride_c + (int64_t)(x * 16u + c % 16) * f->elem_bytes;
    else
        off += (int64_t)x * f->stride_x + (int64_t)c * f->elem_bytes;
    return f->base[t] + (uint64_t)off;
}

int ethosu_fml_check(const struct ethosu_fm_layout *f, char *err, size_t len)
{
    if (f->elem_bytes != 1 && f->elem_bytes != 2 && f->elem_bytes != 4 && f->elem_bytes != 8) {
        snprintf(err, len, "element size %u bytes (1, 2, 4 or 8)", f->elem_bytes);
        return -1;
    }
    if (!f->h || !f->w || !f->c) {
        snprintf(err, len, "empty shape %ux%ux%u", f->h, f->w, f->c);
        return -1;
    }
    unsigned align = f->nhcwb16 ? 16u : f->elem_bytes;
    for (unsigned t = 0; t < 4; t++) {
        int used = t == 0 || (t == 1 && f->w > f->width0) || (t == 2 && f->h > f->height0) ||
                   (t == 3 && f->w > f->width0 && f->h > f->height1);
        if (used && f->base[t] % align) {
            snprintf(err, len, "tile %u base 0x%" PRIx64 " not aligned to %u bytes (%s)", t, f->base[t], align,
                     f->nhcwb16 ? "NHCWB16" : "NHWC");
            return -1;
        }
    }
    if (f->stride_y % (int64_t)align || (f->nhcwb16 ? f->stride_c % 16 : f->stride_x % (int64_t)align)) {
        snprintf(err, len, "strides y %" PRId64 " x %" PRId64 " c %" PRId64 " not aligned to %u bytes (%s)",
                 f->stride_y, f->stride_x, f->stride_c, align, f->nhcwb16 ? "NHCWB16" : "NHWC");
        return -1;
    }
    /* The corners of every tile bound its addresses (linear in y, x, c,
     * whatever the strides' signs). */
    unsigned bits = f->addr_bits && f->addr_bits <= 48 ? f->addr_bits : DEFAULT_ADDR_BITS;
    uint64_t space = 1ull << bits;
    uint32_t ys[2] = { 0, f->h - 1 }, xs[2] = { 0, f->w - 1 }, cs[2] = { 0, f->c - 1 };
    uint32_t yt[4] = { 0, f->height0 ? f->height0 - 1 : 0, f->height0, f->height1 ? f->height1 - 1 : 0 };
    uint32_t xt[2] = { f->width0 ? f->width0 - 1 : 0, f->width0 };
    for (unsigned i = 0; i < 2 * 2 * 2 + 8; i++) {
        uint32_t y, x, c = cs[i & 1];
        if (i < 8) {
            y = ys[(i >> 1) & 1];
            x = xs[(i >> 2) & 1];
        } else {
            y = yt[(i >> 1) & 3];
            x = xt[(i >> 3) & 1];
        }
        if (y >= f->h || x >= f->w)
            continue;
        uint64_t a = ethosu_fml_addr(f, y, x, c);
        if ((int64_t)a < 0) {
            snprintf(err, len, "element (%u, %u, %u) at %" PRId64 " is below address 0", y, x, c, (int64_t)a);
            return -1;
        }
        if (a >= space || a + f->elem_bytes > space) {
            snprintf(err, len, "element (%u, %u, %u) at 0x%" PRIx64 " is beyond the %u-bit address space", y, x, c, a,
                     bits);
            return -1;
        }
    }
    return 0;
}

/* Same run as the previous element (whose last byte ends at end)? */
static int joins(uint64_t addr, uint64_t end, int for_read, int first)
{
    if (first)
        return 0;
    if (addr == end)
        return 1;
    return for_read && addr > end && addr - end <= ETHOSU_FML_READ_GAP;
}

/* Every chunk of elements contiguous in memory, in walk order: NHWC a
 * pixel's channels, NHCWB16 a pixel's (up to) 16 channels of one brick. A
 * chunk starts at address ADDR and dense index IDX and holds N elements,
 * at ADDR + j * elem_bytes and IDX + j. Walking chunks rather than elements
 * decides each run once per chunk: an element within a chunk always
 * continues its predecessor's run (its address is the previous end). */
#define FOR_EACH_CHUNK(f, ADDR, IDX, N, BODY)                                                             \
    do {                                                                                                  \
        size_t xstride_ = (f)->c, ystride_ = (size_t)(f)->w * (f)->c;                                    \
        if ((f)->nhcwb16) {                                                                               \
            for (uint32_t y_ = 0; y_ < (f)->h; y_++)                                                      \
                for (uint32_t cb_ = 0; cb_ * 16 < (f)->c; cb_++)                                          \
                    for (uint32_t x_ = 0; x_ < (f)->w; x_++) {                                            \
                        uint32_t c0_ = cb_ * 16, N = (f)->c - c0_ < 16 ? (f)->c - c0_ : 16;               \
                        uint64_t ADDR = ethosu_fml_addr((f), y_, x_, c0_);                               \
                        size_t IDX = y_ * ystride_ + x_ * xstride_ + c0_;                                 \
                        BODY                                                                              \
                    }                                                                                     \
        } else {                                                                                          \
            for (uint32_t y_ = 0; y_ < (f)->h; y_++)                                                      \
                for (uint32_t x_ = 0; x_ < (f)->w; x_++) {                                                \
                    uint32_t N = (f)->c;                                                                  \
                    uint64_t ADDR = ethosu_fml_addr((f), y_, x_, 0);                                     \
                    size_t IDX = y_ * ystride_ + x_ * xstride_;                                           \
                    BODY                                                                                  \
                }                                                                                         \
        }                                                                                                 \
    } while (0)

int ethosu_fml_plan(const struct ethosu_fm_layout *f, int for_read, struct ethosu_fml_io *io)
{
    ethosu_fml_io_free(io);
    io->for_read = for_read;
    size_t cap = 16, n = 0, bytes = 0;
    struct ethosu_fml_run *runs = malloc(cap * sizeof *runs);
    if (!runs)
        return -1;
    uint64_t end = 0;
    int first = 1, oom = 0;
    unsigned eb = f->elem_bytes;
    FOR_EACH_CHUNK(f, a, i, nc, {
        (void)i;
        if (!oom) {
            if (joins(a, end, for_read, first)) {
                runs[n - 1].len += (uint32_t)(a + eb - end);
                bytes += a + eb - end;
            } else {
                if (n == cap) {
                    struct ethosu_fml_run *r = realloc(runs, 2 * cap * sizeof *runs);
                    if (!r)
                        oom = 1;
                    else {
                        runs = r;
                        cap *= 2;
                    }
                }
                if (!oom) {
                    runs[n].addr = a;
                    runs[n].len = eb;
                    runs[n].off = bytes;
                    n++;
                    bytes += eb;
                }
            }
            if (!oom) {   /* the chunk's other elements continue the run */
                runs[n - 1].len += (uint32_t)((size_t)(nc - 1) * eb);
                bytes += (size_t)(nc - 1) * eb;
            }
            end = a + (uint64_t)nc * eb;
            first = 0;
        }
    });
    io->buf = oom ? NULL : calloc(bytes ? bytes : 1, 1);
    if (oom || !io->buf) {
        free(runs);
        ethosu_fml_io_init(io);
        return -1;
    }
    io->runs = runs;
    io->nruns = n;
    io->bytes = bytes;
    return 0;
}

/* The packed offset of each chunk's first element, by the same run
 * decisions as the plan. */
#define FOR_EACH_PACKED(f, io, P, IDX, N, BODY)                                                           \
    do {                                                                                                  \
        uint64_t end_ = 0;                                                                                \
        size_t r_ = 0;                                                                                    \
        int first_ = 1;                                                                                   \
        FOR_EACH_CHUNK(f, a_, IDX, N, {                                                                   \
            if (!joins(a_, end_, (io)->for_read, first_) && !first_)                                      \
                r_++;                                                                                     \
            first_ = 0;                                                                                   \
            end_ = a_ + (uint64_t)N * (f)->elem_bytes;                                                    \
            size_t P = (io)->runs[r_].off + (size_t)(a_ - (io)->runs[r_].addr);                           \
            BODY                                                                                          \
        });                                                                                               \
    } while (0)

/* n elements of eb bytes (1, 2, 4 or 8: the low 4 bytes of an 8-byte one)
 * from p, sign- or zero-extended. */
static void load_n(const uint8_t *p, unsigned eb, int sgn, uint32_t n, int32_t *out)
{
    if (eb == 1 && sgn)
        for (uint32_t j = 0; j < n; j++)
            out[j] = (int8_t)p[j];
    else if (eb == 1)
        for (uint32_t j = 0; j < n; j++)
            out[j] = p[j];
    else if (eb == 2)
        for (uint32_t j = 0; j < n; j++) {
            uint16_t v = (uint16_t)(p[2 * j] | p[2 * j + 1] << 8);
            out[j] = sgn ? (int32_t)(int16_t)v : (int32_t)v;
        }
    else
        for (uint32_t j = 0; j < n; j++) {
            const uint8_t *q = p + (size_t)j * eb;
            out[j] = (int32_t)((uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24);
        }
}

/* An 8-byte element (the Ethos-U85's int64 OFM of ARG_MAX) is the value sign-extended. */
static void store_n(uint8_t *p, unsigned eb, uint32_t n, const int32_t *v)
{
    if (eb == 1)
        for (uint32_t j = 0; j < n; j++)
            p[j] = (uint8_t)v[j];
    else
        for (uint32_t j = 0; j < n; j++) {
            uint64_t u = (uint64_t)(int64_t)v[j];
            for (unsigned k = 0; k < eb; k++)
                p[(size_t)j * eb + k] = (uint8_t)(u >> (8 * k));
        }
}

void ethosu_fml_unpack(const struct ethosu_fm_layout *f, const struct ethosu_fml_io *io, int32_t *dense)
{
    unsigned eb = f->elem_bytes;
    int sgn = f->is_signed;
    FOR_EACH_PACKED(f, io, p, i, n, { load_n(io->buf + p, eb, sgn, n, dense + i); });
}

void ethosu_fml_pack(const struct ethosu_fm_layout *f, const int32_t *dense, struct ethosu_fml_io *io)
{
    unsigned eb = f->elem_bytes;
    FOR_EACH_PACKED(f, io, p, i, n, { store_n(io->buf + p, eb, n, dense + i); });
}

void ethosu_fml_unpack8(const struct ethosu_fm_layout *f, const struct ethosu_fml_io *io, uint8_t *dense)
{
    FOR_EACH_PACKED(f, io, p, i, n, { memcpy(dense + i, io->buf + p, n); });
}

void ethosu_fml_pack8(const struct ethosu_fm_layout *f, const uint8_t *dense, struct ethosu_fml_io *io)
{
    FOR_EACH_PACKED(f, io, p, i, n, { memcpy(io->buf + p, dense + i, n); });
}

int ethosu_fml_dense_as_packed(const struct ethosu_fm_layout *f)
{
    if (f->w > f->width0 || f->h > f->height0)
        return 0;
    if (f->nhcwb16)
        return f->c == 16 && f->stride_y == 16 * (int64_t)f->w;
    return f->stride_x == (int64_t)f->c && f->stride_y == (int64_t)f->w * f->c;
}

const uint8_t *ethosu_fml_dense_bytes(const struct ethosu_fm_layout *f, const struct ethosu_fml_io *io, uint8_t **own)
{
    *own = NULL;
    if (ethosu_fml_dense_as_packed(f))
        return io->buf;
    if ((*own = malloc((size_t)f->h * f->w * f->c)))
        ethosu_fml_unpack8(f, io, *own);
    return *own;
}
