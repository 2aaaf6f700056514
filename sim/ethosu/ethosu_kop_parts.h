/* ethosu_kop_parts: the pieces of a kernel operation's decode that both
 * command sets share (ethosu_kop.c: command stream 1.x of the Ethos-U55 and
 * U65; ethosu_kop85.c: 2.0 of the Ethos-U85). The feature-map commands keep
 * their opcodes and the bit positions of type, size and layout in 2.0. */
#ifndef ETHOSU_KOP_PARTS_H
#define ETHOSU_KOP_PARTS_H

#include <stddef.h>
#include <stdint.h>
#include "ethosu_kop.h"

/* The command processor's state, indexed as in struct ethosu_cmdproc. */
struct ethosu_kop_state {
    const uint16_t *set0;
    const uint64_t *set1;
};

#define ETHOSU_KOP_M48 ((uint64_t)0xFFFFFFFFFFFFu)

static inline uint16_t s0(const struct ethosu_kop_state *s, uint16_t opcode) { return s->set0[opcode & 0x1FFu]; }
static inline uint64_t s1(const struct ethosu_kop_state *s, uint16_t opcode)
{
    return s->set1[opcode & 0xFFu] & ETHOSU_KOP_M48;
}
static inline uint32_t payload(const struct ethosu_kop_state *s, uint16_t opcode)
{
    return (uint32_t)s->set1[opcode & 0xFFu];
}
static inline uint16_t param1(const struct ethosu_kop_state *s, uint16_t opcode)
{
    return (uint16_t)(s->set1[opcode & 0xFFu] >> 32);
}
static inline int32_t ext16(uint16_t v, int sgn) { return sgn ? (int32_t)(int16_t)v : (int32_t)v; }

/* Element type and layout from a precision param: signed b0, size (2 bits)
 * at size_shift, layout b[7:6]. 0, or -1 (64-bit, reserved layout). */
int ethosu_kop_prec(uint16_t p, unsigned size_shift, struct ethosu_fm_layout *f, const char *what, char *err,
                    size_t len);
/* The same; allow64: 64-bit elements too (the Ethos-U85's OFM). */
int ethosu_kop_prec64(uint16_t p, unsigned size_shift, int allow64, struct ethosu_fm_layout *f, const char *what,
                      char *err, size_t len);
/* Region, tile bases, tile sizes and strides of one map (the commands from
 * region_op, base0_op, ...); the shape is the caller's. */
void ethosu_kop_tiles(const struct ethosu_kop_state *s, const struct ethosu_regfile *rf, struct ethosu_fm_layout *f,
                      uint16_t region_op, uint16_t base0_op, uint16_t h0_op, uint16_t h1_op, uint16_t w0_op,
                      uint16_t sx_op);
/* ethosu_fml_check plus the twin's element limit. */
int ethosu_kop_fm_check(const struct ethosu_fm_layout *f, const char *what, char *err, size_t len);
/* The IFM extent along one axis from the OFM's (ethosu_kop.h). */
int ethosu_kop_ifm_extent(unsigned ofm, unsigned stride, unsigned kext, unsigned pad_a, unsigned pad_b,
                          unsigned upscale, uint32_t *out);
/* KERNEL_STRIDE (stride, weight order, dilation, decomposition), the
 * kernel extent and the IFM pads into op; the stride's high part is msb_bits
 * wide (3 in the U55/U65's b[8:6] and b[11:9], 1 in the U85's b6 and b9).
 * The commands keep their opcodes and low fields in both command sets. */
int ethosu_kop_kernel_fields(const struct ethosu_kop_state *s, struct ethosu_kop *op, unsigned msb_bits, char *err,
                             size_t len);
/* Every weight and scale stream within the twin's limit and the address space. */
int ethosu_kop_streams_check(const struct ethosu_kop *op, char *err, size_t len);
/* Every byte the operation reaches lies in the configuration's address space. */
int ethosu_kop_addr_space_check(const struct ethosu_kop *op, const struct ethosu_regfile *rf, char *err, size_t len);

#endif
