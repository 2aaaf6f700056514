/* ethosu_opmap: see ethosu_opmap.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_cmd.h"
#include "ethosu_opmap.h"

void ethosu_opmap_init(struct ethosu_opmap *m)
{
    memset(m, 0, sizeof *m);
}

void ethosu_opmap_free(struct ethosu_opmap *m)
{
    free(m->ops);
    ethosu_opmap_init(m);
}

#define ADDR40 ((uint64_t)0xFFFFFFFFFFu)

static uint64_t addr48(const struct ethosu_cmd *c)
{
    return (uint64_t)c->param << 32 | c->payload;
}

static void track(struct ethosu_ofm *o, const struct ethosu_cmd *c, enum ethosu_cmd_product p)
{
    switch (c->opcode) {
    case ETHOSU_NPU_SET_OFM_REGION: o->region = c->param & 7u; break;
    case ETHOSU_NPU_SET_OFM_BASE0: o->base[0] = addr48(c); break;
    case ETHOSU_NPU_SET_OFM_BASE1: o->base[1] = addr48(c); break;
    case ETHOSU_NPU_SET_OFM_BASE2: o->base[2] = addr48(c); break;
    case ETHOSU_NPU_SET_OFM_BASE3: o->base[3] = addr48(c); break;
    case ETHOSU_NPU_SET_OFM_STRIDE_X: o->stride_x = addr48(c); break;
    case ETHOSU_NPU_SET_OFM_STRIDE_Y: o->stride_y = addr48(c); break;
    case ETHOSU_NPU_SET_OFM_STRIDE_C: o->stride_c = addr48(c); break;
    case ETHOSU_NPU_SET_OFM_WIDTH_M1: o->width = c->param + 1u; break;
    case ETHOSU_NPU_SET_OFM_HEIGHT_M1: o->height = c->param + 1u; break;
    case ETHOSU_NPU_SET_OFM_DEPTH_M1: o->depth = c->param + 1u; break;
    case ETHOSU_NPU_SET_OFM_WIDTH0_M1: o->width0 = c->param + 1u; break;
    case ETHOSU_NPU_SET_OFM_HEIGHT0_M1: o->height0 = c->param + 1u; break;
    case ETHOSU_NPU_SET_OFM_HEIGHT1_M1: o->height1 = c->param + 1u; break;
    case ETHOSU_NPU_SET_OFM_PRECISION:
        o->elem_size = 1u << ((c->param >> 1) & 3u);   /* activation_precision: 0 8-bit, 1 16, 2 32 */
        o->nhcwb16 = (c->param >> 6) & 1u;
        o->is_signed = c->param & 1u;
        /* the U85's activation_storage: CHAINED (2) or NONE (3) writes no memory */
        o->not_stored = p == ETHOSU_CMD_U85 && ((c->param >> 14) & 3u) >= 2;
        break;
    case ETHOSU_NPU_SET_OFM_ZERO_POINT: o->zero_point = c->param; break;
    case ETHOSU_NPU_SET_OFM_SCALE: o->scale = c->payload, o->shift = c->param & 63u; break;
    case ETHOSU_NPU_SET_KERNEL_WIDTH_M1: o->kernel_w = c->param + 1u; break;
    case ETHOSU_NPU_SET_KERNEL_HEIGHT_M1: o->kernel_h = c->param + 1u; break;
    default: break;
    }
}

static void track_ifm(struct ethosu_ifm *i, struct ethosu_ifm *i2, const struct ethosu_cmd *c)
{
    switch (c->opcode) {
    case ETHOSU_NPU_SET_IFM_REGION: i->region = c->param & 7u; break;
    case ETHOSU_NPU_SET_IFM_BASE0: i->base0 = addr48(c); break;
    case ETHOSU_NPU_SET_IFM_PRECISION:
        i->elem_size = 1u << ((c->param >> 2) & 3u), i->is_signed = c->param & 1u;
        break;
    case ETHOSU_NPU_SET_IFM_ZERO_POINT: i->zero_point = c->param; break;
    case ETHOSU_NPU_SET_IFM2_ZERO_POINT: i2->zero_point = c->param; break;
    case ETHOSU_NPU_SET_IFM2_REGION: i2->region = c->param & 7u; break;
    case ETHOSU_NPU_SET_IFM2_BASE0: i2->base0 = addr48(c); break;
    case ETHOSU_NPU_SET_IFM2_PRECISION:
        i2->elem_size = 1u << ((c->param >> 2) & 3u), i2->is_signed = c->param & 1u;
        break;
    default: break;
    }
}

int ethosu_op_moves_bytes(const struct ethosu_op *op)
{
    /* unity: multiplier 1 << shift, or Vela's (1 << 31) + 1 with shift 31 */
    int unity = (op->ofm.shift < 32 && op->ofm.scale == 1u << op->ofm.shift) ||
                (op->ofm.shift == 31 && op->ofm.scale == 0x80000001u);
    return op->opcode == ETHOSU_NPU_OP_POOL && op->ofm.kernel_w == 1 && op->ofm.kernel_h == 1 &&
           op->ifm.elem_size == 1 && op->ofm.elem_size == 1 && op->ifm.is_signed == op->ofm.is_signed &&
           op->ifm.zero_point == op->ofm.zero_point && unity;
}

static int is_kernel_op(enum ethosu_cmd_product p, uint16_t opcode)
{
    if (p == ETHOSU_CMD_U85)
        return opcode == ETHOSU85_NPU_OP_CONV || opcode == ETHOSU85_NPU_OP_DEPTHWISE || opcode == ETHOSU85_NPU_OP_POOL ||
               opcode == ETHOSU85_NPU_OP_ELEMENTWISE || opcode == ETHOSU85_NPU_OP_RESIZE;
    return ethosu_npu_op_is_kernel(opcode);
}

int ethosu_opmap_build(struct ethosu_opmap *m, const uint32_t *words, size_t n, char *err, size_t errlen)
{
    return ethosu_opmap_build_for(m, ETHOSU_CMD_U55_U65, words, n, err, errlen);
}

/* The state commands tracked keep their opcodes and the fields read here in
 * command stream 2.0 (the Ethos-U85's), except OFM_SCALE's parameter (shift
 * in b[5:0] in both) and the U85's chained or absent maps. */
int ethosu_opmap_build_for(struct ethosu_opmap *m, enum ethosu_cmd_product product, const uint32_t *words, size_t n,
                           char *err, size_t errlen)
{
    ethosu_opmap_init(m);
    m->product = product;
    struct ethosu_ofm ofm = { .elem_size = 1, .width = 1, .height = 1, .depth = 1, .kernel_w = 1, .kernel_h = 1 };
    struct ethosu_ifm ifm = { .elem_size = 1 }, ifm2 = { .elem_size = 1 };
    unsigned cap = 0;
    for (size_t i = 0; i < n;) {
        struct ethosu_cmd c;
        int used = ethosu_cmd_decode_for(product, words + i, n - i, &c);
        if (used <= 0) {
            snprintf(err, errlen, "command stream offset 0x%zx: %s (word 0x%08x)", 4 * i,
                     used == 0 ? "a cmd1 without its payload word" : "a reserved opcode", words[i]);
            ethosu_opmap_free(m);
            return -1;
        }
        if (c.opcode == ETHOSU_NPU_OP_STOP)
            break;
        track(&ofm, &c, product);
        track_ifm(&ifm, &ifm2, &c);
        if (is_kernel_op(product, c.opcode)) {
            if (m->n == cap) {
                cap = cap ? 2 * cap : 64;
                struct ethosu_op *ops = realloc(m->ops, cap * sizeof *ops);
                if (!ops) {
                    snprintf(err, errlen, "out of memory");
                    ethosu_opmap_free(m);
                    return -1;
                }
                m->ops = ops;
            }
            m->ops[m->n] = (struct ethosu_op){ .index = m->n, .product = product, .opcode = c.opcode, .param = c.param,
                                               .offset = 4 * i, .ofm = ofm, .ifm = ifm,
                                               .ifm2 = c.opcode == ETHOSU_NPU_OP_ELEMENTWISE ? ifm2 : ifm };
            m->n++;
        }
        i += (size_t)used;
    }
    return 0;
}

/* the tile holding OFM element (h, w) and its coordinates inside it */
static unsigned tile_of(const struct ethosu_ofm *o, unsigned h, unsigned w, unsigned *th, unsigned *tw)
{
    unsigned w0 = o->width0 ? o->width0 : o->width, h0 = o->height0 ? o->height0 : o->height;
    unsigned h1 = o->height1 ? o->height1 : o->height;
    unsigned right = w >= w0, split = right ? h1 : h0;
    *tw = right ? w - w0 : w;
    *th = h >= split ? h - split : h;
    return (right ? 1u : 0u) + (h >= split ? 2u : 0u);
}

static int covers(const struct ethosu_ofm *o, uint64_t a, unsigned *ph, unsigned *pw, unsigned *pc)
{
    uint64_t e = o->elem_size;
    for (unsigned h = 0; h < o->height; h++)
        for (unsigned w = 0; w < o->width; w++) {
            unsigned th, tw, t = tile_of(o, h, w, &th, &tw);
            /* & 40 bits: a negative stride is 40-bit two's complement (MIRROR_PAD) */
            uint64_t start = (o->base[t] + th * o->stride_y + tw * o->stride_x) & ADDR40;
            if (!o->nhcwb16) {
                if (a >= start && a < start + o->depth * e) {
                    *ph = h, *pw = w, *pc = (unsigned)((a - start) / e);
                    return 1;
                }
                continue;
            }
            for (unsigned cb = 0; cb * 16 < o->depth; cb++) {
                uint64_t s = (start + cb * o->stride_c) & ADDR40;
                unsigned in_block = o->depth - cb * 16 < 16 ? o->depth - cb * 16 : 16;
                if (a >= s && a < s + in_block * e) {
                    *ph = h, *pw = w, *pc = cb * 16 + (unsigned)((a - s) / e);
                    return 1;
                }
            }
        }
    return 0;
}

const struct ethosu_op *ethosu_opmap_writer(const struct ethosu_opmap *m, unsigned region, uint64_t offset,
                                            unsigned *h, unsigned *w, unsigned *c)
{
    offset &= ADDR40;   /* as covers() sees the OFM's addresses: an offset's bits above 40 address nothing */
    for (unsigned i = m->n; i-- > 0;)
        if (!m->ops[i].ofm.not_stored && m->ops[i].ofm.region == region && covers(&m->ops[i].ofm, offset, h, w, c))
            return &m->ops[i];
    return NULL;
}

const struct ethosu_op *ethosu_opmap_reader(const struct ethosu_opmap *m, unsigned region, uint64_t offset,
                                            uint64_t bytes, int *second)
{
    for (unsigned i = 0; i < m->n; i++)
        for (int k = 0; k < 2; k++) {
            const struct ethosu_ifm *f = k ? &m->ops[i].ifm2 : &m->ops[i].ifm;
            if (k && m->ops[i].opcode != ETHOSU_NPU_OP_ELEMENTWISE)
                continue;
            if (f->region == region && f->base0 >= offset && f->base0 - offset < bytes) {
                *second = k;
                return &m->ops[i];
            }
        }
    return NULL;
}

void ethosu_cmd_text(const struct ethosu_cmd *c, char *buf, size_t len)
{
    ethosu_cmd_text_for(ETHOSU_CMD_U55_U65, c, buf, len);
}

void ethosu_cmd_text_for(enum ethosu_cmd_product p, const struct ethosu_cmd *c, char *buf, size_t len)
{
    ethosu_cmd_format_for(p, c, buf, len);
    /* the disassembler aligns fields in columns: one space is enough here */
    char *out = buf;
    for (const char *p = buf; *p; p++)
        if (*p != ' ' || (out > buf && out[-1] != ' '))
            *out++ = *p;
    *out = '\0';
}

void ethosu_op_describe(const struct ethosu_op *op, char *buf, size_t len)
{
    struct ethosu_cmd c = { .opcode = op->opcode, .param = op->param };
    char text[160];
    ethosu_cmd_text_for(op->product, &c, text, sizeof text);
    const struct ethosu_ofm *o = &op->ofm;
    snprintf(buf, len, "op %u %s at stream offset 0x%zx: %s (OFM region %u, base 0x%llx, %ux%ux%u, %u-byte "
             "elements, %s)", op->index, ethosu_cmd_name_for(op->product, op->opcode, 0), op->offset, text, o->region,
             (unsigned long long)o->base[0], o->height, o->width, o->depth, o->elem_size,
             o->nhcwb16 ? "NHCWB16" : "NHWC");
}
