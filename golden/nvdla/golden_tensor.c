/* golden_tensor: tensor storage and the NVDLA feature-cube byte layout.
 * Layout arithmetic is done in uint64_t; callers own the range of the
 * strides (a wrapped offset would be the caller's bug, not ours). */
#include "golden_tensor.h"

#include <stdlib.h>
#include <string.h>

#include "golden_arith.h"

int golden_tensor_init(struct golden_tensor *t, uint32_t w, uint32_t h, uint32_t c)
{
    return golden_tensor_init_lanes(t, w, h, c, GOLDEN_LANES);
}

int golden_tensor_init_lanes(struct golden_tensor *t, uint32_t w, uint32_t h, uint32_t c,
                             uint32_t lanes)
{
    memset(t, 0, sizeof *t);
    if (w == 0 || h == 0 || c == 0 || lanes == 0 || lanes > GOLDEN_LANES_MAX)
        return -1;
    /* Every multiplication is checked against SIZE_MAX before it is done,
     * so a huge cube fails cleanly instead of allocating a wrapped size. */
    size_t n = lanes;
    const size_t dims[3] = { w, h, golden_surfaces_n(c, lanes) };
    for (int i = 0; i < 3; i++) {
        if (n > SIZE_MAX / dims[i])
            return -1;
        n *= dims[i];
    }
    if (n > SIZE_MAX / sizeof(int32_t))
        return -1;
    int32_t *d = calloc(n, sizeof *d);
    if (!d)
        return -1;
    t->w = w;
    t->h = h;
    t->c = c;
    t->lanes = lanes;
    t->surfaces = golden_surfaces_n(c, lanes);
    t->data = d;
    return 0;
}

void golden_tensor_free(struct golden_tensor *t)
{
    if (!t)
        return;
    free(t->data);
    memset(t, 0, sizeof *t);
}

size_t golden_tensor_count(const struct golden_tensor *t)
{
    if (!t->data)
        return 0;
    return (size_t)t->w * t->h * t->surfaces * t->lanes;
}

struct golden_layout golden_layout_packed(uint32_t w, uint32_t h, unsigned elem_bytes)
{
    return golden_layout_packed_n(w, h, elem_bytes, GOLDEN_LANES);
}

struct golden_layout golden_layout_packed_n(uint32_t w, uint32_t h, unsigned elem_bytes,
                                            unsigned lanes)
{
    struct golden_layout l;
    l.elem_bytes = elem_bytes;
    l.lanes = lanes;
    l.line_stride = (uint64_t)w * golden_layout_lanes(&l) * elem_bytes;
    l.surface_stride = l.line_stride * h;
    return l;
}

uint64_t golden_layout_offset(const struct golden_layout *l, uint32_t x, uint32_t y, uint32_t c)
{
    unsigned n = golden_layout_lanes(l);
    return (uint64_t)(c / n) * l->surface_stride + (uint64_t)y * l->line_stride +
           ((uint64_t)x * n + c % n) * l->elem_bytes;
}

/* Bytes one line of atoms occupies (w atoms of L elements). */
static uint64_t row_bytes(const struct golden_layout *l, uint32_t w)
{
    return (uint64_t)w * golden_layout_lanes(l) * l->elem_bytes;
}

uint64_t golden_layout_span(const struct golden_layout *l, uint32_t w, uint32_t h, uint32_t c)
{
    if (w == 0 || h == 0 || c == 0 || l->elem_bytes == 0)
        return 0;
    /* Strides are unsigned, so offsets grow with surface and line index:
     * the last atom of the last line of the last surface ends the cube
     * even when strides make lines or surfaces overlap. */
    uint64_t s = golden_surfaces_n(c, golden_layout_lanes(l));
    return (s - 1) * l->surface_stride + (uint64_t)(h - 1) * l->line_stride + row_bytes(l, w);
}

/* Line y within one surface holding byte `rem` of that surface, or -1. */
static int locate_line(const struct golden_layout *l, uint32_t w, uint32_t h, uint64_t rem,
                       uint32_t *y, uint64_t *in_row)
{
    uint64_t rb = row_bytes(l, w);
    if (l->line_stride >= rb) {
        /* Lines do not overlap: at most one candidate, found by division. */
        uint64_t yy = l->line_stride ? rem / l->line_stride : 0;
        if (yy > h - 1)
            yy = h - 1;
        uint64_t r = rem - yy * l->line_stride;
        if (r >= rb)
            return -1;
        *y = (uint32_t)yy;
        *in_row = r;
        return 0;
    }
    /* Overlapping lines (odd but legal strides): the first line that
     * contains the byte. */
    for (uint32_t yy = 0; yy < h; yy++) {
        uint64_t start = (uint64_t)yy * l->line_stride;
        if (rem >= start && rem - start < rb) {
            *y = yy;
            *in_row = rem - start;
            return 0;
        }
    }
    return -1;
}

int golden_layout_locate(const struct golden_layout *l, uint32_t w, uint32_t h, uint32_t c,
                         uint64_t off, uint32_t *x, uint32_t *y, uint32_t *ch, unsigned *byte)
{
    if (w == 0 || h == 0 || c == 0 || l->elem_bytes == 0)
        return -1;
    unsigned n = golden_layout_lanes(l);
    uint32_t ns = golden_surfaces_n(c, n);
    uint64_t surf_span = (uint64_t)(h - 1) * l->line_stride + row_bytes(l, w);
    uint32_t s = 0, yy = 0;
    uint64_t in_row = 0;
    int found = -1;
    if (l->surface_stride >= surf_span) {
        uint64_t ss = l->surface_stride ? off / l->surface_stride : 0;
        if (ss > ns - 1)
            ss = ns - 1;
        s = (uint32_t)ss;
        found = locate_line(l, w, h, off - ss * l->surface_stride, &yy, &in_row);
    } else {
        for (s = 0; s < ns; s++) {
            uint64_t start = (uint64_t)s * l->surface_stride;
            if (off >= start && locate_line(l, w, h, off - start, &yy, &in_row) == 0) {
                found = 0;
                break;
            }
        }
    }
    if (found != 0)
        return -1;
    uint64_t elem = in_row / l->elem_bytes;
    *x = (uint32_t)(elem / n);
    *y = yy;
    *ch = s * n + (uint32_t)(elem % n);
    *byte = (unsigned)(in_row % l->elem_bytes);
    return 0;
}

void golden_unpack(const struct golden_layout *l, const uint8_t *mem, struct golden_tensor *t)
{
    unsigned eb = l->elem_bytes;
    if (eb == 0 || eb > 4 || !t->data)   /* an int32 holds at most 4 bytes */
        return;
    for (uint32_t s = 0; s < t->surfaces; s++)
        for (uint32_t y = 0; y < t->h; y++)
            for (uint32_t x = 0; x < t->w; x++)
                for (uint32_t k = 0; k < t->lanes; k++) {
                    uint32_t c = s * t->lanes + k;
                    const uint8_t *p = mem + golden_layout_offset(l, x, y, c);
                    uint64_t v = 0;
                    for (unsigned b = 0; b < eb; b++)
                        v |= (uint64_t)p[b] << (8 * b);
                    golden_tensor_set(t, x, y, c, (int32_t)golden_sx(v, 8 * eb));
                }
}

void golden_pack(const struct golden_layout *l, const struct golden_tensor *t, uint8_t *mem)
{
    unsigned eb = l->elem_bytes;
    if (eb == 0 || eb > 4 || !t->data)
        return;
    for (uint32_t s = 0; s < t->surfaces; s++)
        for (uint32_t y = 0; y < t->h; y++)
            for (uint32_t x = 0; x < t->w; x++)
                for (uint32_t k = 0; k < t->lanes; k++) {
                    uint32_t c = s * t->lanes + k;
                    uint8_t *p = mem + golden_layout_offset(l, x, y, c);
                    uint32_t v = (uint32_t)golden_tensor_get(t, x, y, c);
                    for (unsigned b = 0; b < eb; b++)
                        p[b] = (uint8_t)(v >> (8 * b));
                }
}
