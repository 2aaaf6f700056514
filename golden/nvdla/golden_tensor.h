/* golden_tensor: a feature cube as the golden models see it, and the NVDLA
 * in-memory layout that maps it to bytes.
 *
 * A tensor holds every lane of every surface: C channels are stored as
 * S = ceil(C / L) surfaces of L lanes, so the lanes c >= C of the last
 * surface exist (hardware reads, processes and writes whole atoms). L is
 * the elements per memory atom of the configuration: 8 on nv_small (8-byte
 * atoms), 16 on nv_medium_512, 32 on nv_large (int8). Values
 * are int32 so one type serves int8 features, int16 operands and the int32
 * convolution results that feed SDP.
 *
 * Memory layout (L lanes per atom): element (x, y, c) of a cube
 * with elem_bytes-wide elements is at
 *   (c / L) * surface_stride + y * line_stride + (x * L + c % L) * elem_bytes
 * from the cube's base. Buffers passed to pack/unpack start at that base and
 * must cover golden_layout_span() bytes. Multi-byte elements are
 * little-endian. */
#ifndef GOLDEN_TENSOR_H
#define GOLDEN_TENSOR_H

#include <stddef.h>
#include <stdint.h>

#define GOLDEN_LANES 8u   /* default elements per atom (nv_small INT8: 8 bytes) */
#define GOLDEN_LANES_MAX 64u   /* largest atom the models take (64 bytes of int8) */

struct golden_tensor {
    uint32_t w, h, c;       /* c = channels in use; lanes up to lanes * surfaces exist */
    uint32_t lanes;         /* elements per surface (atom), GOLDEN_LANES by default */
    uint32_t surfaces;      /* ceil(c / lanes) */
    int32_t *data;          /* w * h * surfaces * lanes values, see golden_tensor_index */
};

/* Allocate a zeroed tensor of 8-lane surfaces (golden_tensor_init) or of
 * `lanes`-lane ones (1..GOLDEN_LANES_MAX). Returns 0, or -1 (bad size /
 * out of memory; the tensor is then empty and golden_tensor_free is still
 * safe). */
int golden_tensor_init(struct golden_tensor *t, uint32_t w, uint32_t h, uint32_t c);
int golden_tensor_init_lanes(struct golden_tensor *t, uint32_t w, uint32_t h, uint32_t c,
                             uint32_t lanes);
void golden_tensor_free(struct golden_tensor *t);
static inline uint32_t golden_surfaces(uint32_t c) { return (c + GOLDEN_LANES - 1) / GOLDEN_LANES; }
static inline uint32_t golden_surfaces_n(uint32_t c, uint32_t lanes)
{
    return (c + lanes - 1) / lanes;
}
/* Number of int32 values (all lanes of all surfaces). */
size_t golden_tensor_count(const struct golden_tensor *t);
/* Index of (x, y, lane c) in data: surface-major, then line, column, lane. */
static inline size_t golden_tensor_index(const struct golden_tensor *t, uint32_t x, uint32_t y,
                                         uint32_t c)
{
    return (((size_t)(c / t->lanes) * t->h + y) * t->w + x) * t->lanes + c % t->lanes;
}
static inline int32_t golden_tensor_get(const struct golden_tensor *t, uint32_t x, uint32_t y,
                                        uint32_t c)
{
    return t->data[golden_tensor_index(t, x, y, c)];
}
static inline void golden_tensor_set(struct golden_tensor *t, uint32_t x, uint32_t y, uint32_t c,
                                     int32_t v)
{
    t->data[golden_tensor_index(t, x, y, c)] = v;
}

struct golden_layout {
    uint64_t line_stride, surface_stride;   /* bytes */
    unsigned elem_bytes;                    /* 1 (int8) or 2 (int16) */
    unsigned lanes;                         /* elements per atom; 0 reads as GOLDEN_LANES */
};

/* Elements per atom of l (0 in the struct means the nv_small 8). */
static inline unsigned golden_layout_lanes(const struct golden_layout *l)
{
    return l->lanes ? l->lanes : GOLDEN_LANES;
}

/* Packed layout for a w x h cube: line = w * L * eb, surface = line * h,
 * with L = 8 (golden_layout_packed) or `lanes`. */
struct golden_layout golden_layout_packed(uint32_t w, uint32_t h, unsigned elem_bytes);
struct golden_layout golden_layout_packed_n(uint32_t w, uint32_t h, unsigned elem_bytes,
                                            unsigned lanes);
uint64_t golden_layout_offset(const struct golden_layout *l, uint32_t x, uint32_t y, uint32_t c);
/* Bytes from the base to the end of the last atom of a w x h x c cube. */
uint64_t golden_layout_span(const struct golden_layout *l, uint32_t w, uint32_t h, uint32_t c);
/* Inverse of golden_layout_offset: the element that byte `off` belongs to.
 * Returns 0 and sets x, y, c (lane, may be >= channels) and byte (index
 * within the element), or -1 when off is between lines/surfaces or past
 * the cube. */
int golden_layout_locate(const struct golden_layout *l, uint32_t w, uint32_t h, uint32_t c,
                         uint64_t off, uint32_t *x, uint32_t *y, uint32_t *ch, unsigned *byte);

/* Bytes -> tensor (sign-extending each element) and tensor -> bytes (low
 * elem_bytes bytes of each value, all lanes). mem starts at the cube base. */
void golden_unpack(const struct golden_layout *l, const uint8_t *mem, struct golden_tensor *t);
void golden_pack(const struct golden_layout *l, const struct golden_tensor *t, uint8_t *mem);

#endif
