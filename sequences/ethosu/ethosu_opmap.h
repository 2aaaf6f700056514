/* ethosu_opmap: where each kernel operation of a command stream writes.
 * Walks the stream as the NPU would take it (golden/ethosu/ethosu_cmd.h decodes
 * it), keeping the OFM state (region, BASE0..3, strides, shape, tiles,
 * precision, format) and recording it at every NPU_OP_CONV, _DEPTHWISE,
 * _POOL and _ELEMENTWISE; then tells which operation last wrote a byte of
 * a region, for the network runner's mismatch report. */
#ifndef ETHOSU_OPMAP_H
#define ETHOSU_OPMAP_H

#include <stddef.h>
#include <stdint.h>
#include "ethosu_cmd.h"

struct ethosu_ofm {
    unsigned region;
    uint64_t base[4];
    uint64_t stride_x, stride_y, stride_c;
    unsigned width, height, depth;      /* OFM_WIDTH_M1 + 1 ... */
    unsigned width0, height0, height1;  /* tile sizes (_M1 + 1) */
    unsigned elem_size;                 /* 1, 2 or 4 (OFM_PRECISION activation_precision) */
    int nhcwb16;                        /* OFM_PRECISION format */
    int is_signed;                      /* OFM_PRECISION activation_type */
    uint16_t zero_point;                /* OFM_ZERO_POINT as written */
    uint32_t scale;                     /* OFM_SCALE: multiplier (payload) */
    unsigned shift;                     /* OFM_SCALE: shift (param) */
    unsigned kernel_w, kernel_h;        /* NPU_SET_KERNEL_WIDTH_M1 + 1, _HEIGHT_M1 + 1 */
    int not_stored;                     /* Ethos-U85: a CHAINED or absent OFM (no memory written) */
};

/* an input feature map as the operation reads it: enough to tell which
 * tensor it is and of what type (the network loader's dtype check) */
struct ethosu_ifm {
    unsigned region;
    uint64_t base0;
    unsigned elem_size;                 /* IFM_PRECISION activation_precision */
    int is_signed;                      /* IFM_PRECISION activation_type */
    uint16_t zero_point;                /* IFM_ZERO_POINT as written (int16 or uint16 per is_signed) */
};

struct ethosu_op {
    unsigned index;                     /* among the kernel operations, from 0 */
    enum ethosu_cmd_product product;    /* the command set of its stream */
    uint16_t opcode;
    uint16_t param;
    size_t offset;                      /* byte offset of the operation in the stream */
    struct ethosu_ofm ofm;
    struct ethosu_ifm ifm, ifm2;        /* ifm2: elementwise operations only */
};

struct ethosu_opmap {
    struct ethosu_op *ops;
    unsigned n;
    enum ethosu_cmd_product product;
};

/* 1 when the operation is one of Vela's byte copies (reshapes, transposes,
 * concatenation moves): a 1x1 POOL between two 1-byte maps of one type, the
 * same zero point in and out, a unity OFM scale. It reads and writes the
 * bytes as its type, which need not be the tensor's: Vela moves a uint8
 * tensor with an int8 copy. */
int ethosu_op_moves_bytes(const struct ethosu_op *op);

void ethosu_opmap_init(struct ethosu_opmap *m);
void ethosu_opmap_free(struct ethosu_opmap *m);
/* Walk words[0..n) up to NPU_OP_STOP or the end. 0, or -1 with a reason
 * (a reserved opcode, a truncated cmd1) naming its offset in err. */
int ethosu_opmap_build(struct ethosu_opmap *m, const uint32_t *words, size_t n, char *err, size_t errlen);
/* The same for a product's command set (ethosu_opmap_build: the U55/U65's). */
int ethosu_opmap_build_for(struct ethosu_opmap *m, enum ethosu_cmd_product product, const uint32_t *words, size_t n,
                           char *err, size_t errlen);
/* The last operation whose OFM covers byte `offset` of `region` (NULL: none);
 * *h, *w, *c get the element's OFM coordinates in that operation. */
const struct ethosu_op *ethosu_opmap_writer(const struct ethosu_opmap *m, unsigned region, uint64_t offset,
                                            unsigned *h, unsigned *w, unsigned *c);
/* The first operation reading byte range [offset, offset + bytes) of region
 * as its IFM (or IFM2, *second set) at its BASE0 (NULL: none). */
const struct ethosu_op *ethosu_opmap_reader(const struct ethosu_opmap *m, unsigned region, uint64_t offset,
                                            uint64_t bytes, int *second);
struct ethosu_cmd;
/* One command as the disassembler writes it, single-spaced (for messages). */
void ethosu_cmd_text(const struct ethosu_cmd *c, char *buf, size_t len);
void ethosu_cmd_text_for(enum ethosu_cmd_product p, const struct ethosu_cmd *c, char *buf, size_t len);
/* "op 3 NPU_OP_CONV at stream offset 0x1a4: NPU_OP_CONV 0 (OFM region 1, base 0x0, 8x8x16 int8 NHWC)" */
void ethosu_op_describe(const struct ethosu_op *op, char *buf, size_t len);

#endif
