/* ethosu_fm_layout: where the elements of an Ethos-U65 feature map live in
 * memory (TRM 3.1.1), and the moves between that layout and a dense
 * [h][w][c] array of int32 the golden models take.
 *
 * Address of element (y, x, c), after the tile choice below:
 *   NHWC      base[t] + y * STRIDE_Y + x * STRIDE_X + c * elem_bytes
 *   NHCWB16   base[t] + y * STRIDE_Y + (c / 16) * STRIDE_C + (x * 16 + c % 16) * elem_bytes
 * Tiles (BASE0..3, HEIGHT0/HEIGHT1/WIDTH0), as Vela lays them out: x below
 * WIDTH0 is tile 0 (tile 2 from row HEIGHT0 on, rows counted from HEIGHT0);
 * x from WIDTH0 on is tile 1 (tile 3 from row HEIGHT1 on), x counted from
 * WIDTH0. A map with one tile has WIDTH0 >= w and HEIGHT0 >= h.
 *
 * Moving a map over AXI: ethosu_fml_plan lists the byte runs the map's
 * elements occupy, walked in address order per tile (y, x, c for NHWC; y,
 * c / 16, x, c % 16 for NHCWB16), and the packed buffer that holds them run
 * after run. Writes use the exact runs (bytes between elements belong to
 * someone else: a concatenation's other half, brick padding). Reads may
 * merge runs across gaps up to ETHOSU_FML_READ_GAP bytes (fewer, longer
 * bursts; the gap bytes lie between two elements of the same map). */
#ifndef ETHOSU_FM_LAYOUT_H
#define ETHOSU_FM_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#define ETHOSU_FML_READ_GAP 64u

struct ethosu_fm_layout {
    uint64_t base[4];            /* absolute addresses of tiles 0..3 */
    uint32_t h, w, c;            /* shape */
    uint32_t height0, height1, width0;
    int64_t stride_x, stride_y, stride_c; /* signed: ethosu_fml_stride */
    unsigned addr_bits;          /* the NPU's address width (Ethos-U65: 40); 0 reads as 40 */
    unsigned elem_bytes;         /* 1, 2 or 4; 8 (the U85's int64 OFM, values of 32 bits sign-extended) */
    int is_signed;
    int nhcwb16;                 /* layout: 0 NHWC, 1 NHCWB16 */
    unsigned port;               /* AXI port of the map's region (0 M0, 1 M1) */
};

struct ethosu_fml_run {
    uint64_t addr;               /* first byte in memory */
    uint32_t len;                /* bytes */
    size_t off;                  /* first byte in the packed buffer */
};

/* The runs of one map and the packed buffer they fill or drain. */
struct ethosu_fml_io {
    uint8_t *buf;
    size_t bytes;
    struct ethosu_fml_run *runs;
    size_t nruns;
    int for_read;                /* runs merged across small gaps */
};

void ethosu_fml_io_init(struct ethosu_fml_io *io);
void ethosu_fml_io_free(struct ethosu_fml_io *io);

/* A stride register (NPU_SET_*_STRIDE_*, 48 bits) as the signed byte step it
 * is on an NPU with addr_bits-bit addresses: the low addr_bits bits, two's
 * complement. Vela writes negative strides (MIRROR_PAD's rows backwards) as
 * 40-bit two's complement, 0xFF_FFFF_FFA8 for -88, which wraps to the same
 * address as -88 would; 48-bit sign extension would read +2^40 - 88. */
int64_t ethosu_fml_stride(uint64_t field, unsigned addr_bits);

/* Address of element (y, x, c) of f (address-space wrap not applied). */
uint64_t ethosu_fml_addr(const struct ethosu_fm_layout *f, uint32_t y, uint32_t x, uint32_t c);

/* 0 when f is well formed, else -1 with the reason in err: element size,
 * empty shape, base or strides not aligned as the TRM requires (NHWC: to the
 * element size; NHCWB16: 16 bytes), an element below 0 or beyond the
 * addr_bits-bit address space (checked on the addresses the shape touches:
 * its corners, since addresses are linear in y, x and c whatever the
 * strides' signs). */
int ethosu_fml_check(const struct ethosu_fm_layout *f, char *err, size_t len);

/* Build io's runs and buffer for f (for_read: merge small gaps). 0, or -1
 * out of memory. */
int ethosu_fml_plan(const struct ethosu_fm_layout *f, int for_read, struct ethosu_fml_io *io);

/* The packed buffer io->buf (from ethosu_fml_plan with the same f) to a
 * dense [h][w][c] array, elements sign- or zero-extended; and back, each
 * value truncated to the element size. */
void ethosu_fml_unpack(const struct ethosu_fm_layout *f, const struct ethosu_fml_io *io, int32_t *dense);
void ethosu_fml_pack(const struct ethosu_fm_layout *f, const int32_t *dense, struct ethosu_fml_io *io);
/* The same for a map of 1-byte elements, as bytes (no extension). */
void ethosu_fml_unpack8(const struct ethosu_fm_layout *f, const struct ethosu_fml_io *io, uint8_t *dense);
void ethosu_fml_pack8(const struct ethosu_fm_layout *f, const uint8_t *dense, struct ethosu_fml_io *io);

/* Whether the packed buffer of f holds its elements in dense [h][w][c]
 * order with nothing between them: one tile of NHWC rows back to back, or
 * NHCWB16 of exactly 16 channels (a brick is then a pixel). */
int ethosu_fml_dense_as_packed(const struct ethosu_fm_layout *f);

/* A map of 1-byte elements in dense order: the packed buffer io->buf
 * itself when it is already (ethosu_fml_dense_as_packed), else *own (the
 * caller frees it) unpacked from it; NULL out of memory. */
const uint8_t *ethosu_fml_dense_bytes(const struct ethosu_fm_layout *f, const struct ethosu_fml_io *io, uint8_t **own);

#endif
