/* golden_tensor: a feature cube as the golden models see it, and the NVDLA
 * in-memory layout that maps it to bytes.
 *
 * A tensor holds every lane of every surface: C channels are stored as
 * S = ceil(C / 8) surfaces of 8 lanes, so the lanes c >= C of the last
 * surface exist (hardware reads, processes and writes whole atoms). Values
 * are int32 so one type serves int8 features, int16 operands and the int32
 * convolution results that feed SDP.
 *
 * Memory layout (nv_small: 8 lanes per atom): element (x, y, c) of a cube
 * with elem_bytes-wide elements is at
 *   (c / 8) * surface_stride + y * line_stride + (x * 8 + c % 8) * elem_bytes
 * from the cube's base. Buffers passed to pack/unpack start at that base and
 * must cover golden_layout_span() bytes. Multi-byte elements are
 * little-endian. */
#ifndef GOLDEN_TENSOR_H
#define GOLDEN_TENSOR_H

#include <stddef.h>
#include <stdint.h>

#define GOLDEN_LANES 8u   /* elements per atom (nv_small INT8: 8 bytes) */

struct golden_tensor {
    uint32_t w, h, c;       /* c = channels in use; lanes up to 8 * surfaces exist */
    uint32_t surfaces;      /* ceil(c / 8) */
    int32_t *data;          /* w * h * surfaces * 8 values, see golden_tensor_index */
};

/* Allocate a zeroed tensor. Returns 0, or -1 (bad size / out of memory;
 * the tensor is then empty and golden_tensor_free is still safe). */
int golden_tensor_init(struct golden_tensor *t, uint32_t w, uint32_t h, uint32_t c);
void golden_tensor_free(struct golden_tensor *t);
static inline uint32_t golden_surfaces(uint32_t c) { return (c + GOLDEN_LANES - 1) / GOLDEN_LANES; }
/* Number of int32 values (all lanes of all surfaces). */
size_t golden_tensor_count(const struct golden_tensor *t);
/* Index of (x, y, lane c) in data: surface-major, then line, column, lane. */
static inline size_t golden_tensor_index(const struct golden_tensor *t, uint32_t x, uint32_t y,
                                         uint32_t c)
{
    return (((size_t)(c / GOLDEN_LANES) * t->h + y) * t->w + x) * GOLDEN_LANES + c % GOLDEN_LANES;
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
};

/* Packed layout for a w x h cube: line = w * 8 * eb, surface = line * h. */
struct golden_layout golden_layout_packed(uint32_t w, uint32_t h, unsigned elem_bytes);
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
