/* Ethos-U command stream codec: the U55/U65 opcode table, encode/decode, names, param fields,
 * for either product's table (the U85's is ethosu85_cmd.c).
 *
 * The table follows the cmd0 and cmd1 tables of the Ethos-U65 TRM (section 4.6.4/4.6.5).
 * The TRM text available here is OCR'd; where it is garbled the decisions are:
 *  - Format bits: the formats table reads "0 1 0 0 0 0 cmd1" for bits 15..10, so bit 14 is the
 *    cmd1 flag and bits 13:10 are zero; the prose saying "cmd0 bits[2:0] indicate the command"
 *    contradicts the tables (opcodes up to 0x18F) and is taken as bits [9:0].
 *  - Names: "DMAO"/"BASEO"/"WIDTHO"/"HEIGHTO" are OCR for DMA0/BASE0/WIDTH0/HEIGHT0.
 *  - 0x011: its table row lost its opcode/name to a page break; the example streams print
 *    0x0011 as NPU_OP_DMA_WAIT, and the orphaned text describes waiting for k descriptors on a
 *    channel. Its param is taken as 16*channel + k, mirroring NPU_OP_DMA_START's 16*channel.
 *  - 0x013 NPU_OP_PMU_MASK: the table as OCR'd has no row for it, but the PMCR register
 *    description names the command; it is placed at 0x013, the next free operation number
 *    after NPU_OP_KERNEL_WAIT (the number the Arm Ethos-U driver uses). Param kept raw.
 *  - 0x11B: the row lost its name at a page break ("OFM Tile 0 (height-1)"): the example
 *    streams print 0x011b as NPU_SET_OFM_HEIGHT0_M1.
 *  - 0x185: the row lost its opcode/name at a page break; its fields (activation type and
 *    precision that must match the IFM, IFM2 format) and the references to IFM2_PRECISION in
 *    the 0x181 row make it NPU_SET_IFM2_PRECISION, at the one free slot between the reserved
 *    0x182-0x184 and 0x186-0x188 ranges.
 *  - 0x106 and 0x108 print no name: reserved.
 */
#include "ethosu_cmd.h"
#include "ethosu85_cmd.h"

#include <ctype.h>
#include <string.h>

#define F(n, l, w) { n, l, w }

static const struct ethosu_cmd_field f_mask[] = { F("mask", 0, 16) };
static const struct ethosu_cmd_field f_mode[] = { F("mode", 0, 16) };
static const struct ethosu_cmd_field f_dma_start[] = { F("channel", 4, 12) };
static const struct ethosu_cmd_field f_dma_wait[] = { F("channel", 4, 12), F("k", 0, 4) };
static const struct ethosu_cmd_field f_n[] = { F("n", 0, 16) };
static const struct ethosu_cmd_field f_ifm_prec[] = {
    F("activation_type", 0, 1), F("activation_precision", 2, 2), F("format", 6, 2),
    F("scale_mode", 8, 2), F("round_mode", 14, 2),
};
static const struct ethosu_cmd_field f_upscale[] = { F("mode", 0, 2) };
static const struct ethosu_cmd_field f_ofm_prec[] = {
    F("activation_type", 0, 1), F("activation_precision", 1, 2), F("format", 6, 2),
    F("scale_mode", 8, 1), F("round_mode", 14, 2),
};
static const struct ethosu_cmd_field f_stride[] = {
    F("stride_x_lsb", 0, 1), F("stride_y_lsb", 1, 1), F("weight_order", 2, 1),
    F("dilation_x", 3, 1), F("dilation_y", 4, 1), F("decomposition", 5, 1),
    F("stride_x_msb", 6, 3), F("stride_y_msb", 9, 3),
};
static const struct ethosu_cmd_field f_activation[] = { F("function", 0, 12), F("clip_range", 12, 4) };
static const struct ethosu_cmd_field f_dma_region[] = {
    F("region", 0, 8), F("internal", 8, 1), F("stride_mode", 9, 2),
};
static const struct ethosu_cmd_field f_broadcast[] = {
    F("broadcast_h", 0, 1), F("broadcast_w", 1, 1), F("broadcast_c", 2, 1),
    F("operand_order", 6, 1), F("broadcast_constant", 7, 1),
};
static const struct ethosu_cmd_field f_ifm2_prec[] = {
    F("activation_type", 0, 1), F("activation_precision", 2, 2), F("format", 6, 2),
};
static const struct ethosu_cmd_field f_shift[] = { F("shift", 0, 6) };

struct desc {
    uint16_t opcode;
    const char *name;
    const struct ethosu_cmd_field *fields;
    size_t nfields;
};

#define C(op, fl) { ETHOSU_##op, #op, fl, sizeof(fl) / sizeof((fl)[0]) }
#define P(op) { ETHOSU_##op, #op, NULL, 0 }

static const struct desc table[] = {
    C(NPU_OP_STOP, f_mask), C(NPU_OP_IRQ, f_mask), P(NPU_OP_CONV), P(NPU_OP_DEPTHWISE),
    C(NPU_OP_POOL, f_mode), C(NPU_OP_ELEMENTWISE, f_mode), C(NPU_OP_DMA_START, f_dma_start),
    C(NPU_OP_DMA_WAIT, f_dma_wait), C(NPU_OP_KERNEL_WAIT, f_n), P(NPU_OP_PMU_MASK),
    P(NPU_SET_IFM_PAD_TOP), P(NPU_SET_IFM_PAD_LEFT), P(NPU_SET_IFM_PAD_RIGHT),
    P(NPU_SET_IFM_PAD_BOTTOM), P(NPU_SET_IFM_DEPTH_M1), C(NPU_SET_IFM_PRECISION, f_ifm_prec),
    C(NPU_SET_IFM_UPSCALE, f_upscale), P(NPU_SET_IFM_ZERO_POINT), P(NPU_SET_IFM_WIDTH0_M1),
    P(NPU_SET_IFM_HEIGHT0_M1), P(NPU_SET_IFM_HEIGHT1_M1), P(NPU_SET_IFM_IB_END),
    P(NPU_SET_IFM_REGION), P(NPU_SET_OFM_WIDTH_M1), P(NPU_SET_OFM_HEIGHT_M1),
    P(NPU_SET_OFM_DEPTH_M1), C(NPU_SET_OFM_PRECISION, f_ofm_prec), P(NPU_SET_OFM_BLK_WIDTH_M1),
    P(NPU_SET_OFM_BLK_HEIGHT_M1), P(NPU_SET_OFM_BLK_DEPTH_M1), P(NPU_SET_OFM_ZERO_POINT),
    P(NPU_SET_OFM_WIDTH0_M1), P(NPU_SET_OFM_HEIGHT0_M1), P(NPU_SET_OFM_HEIGHT1_M1),
    P(NPU_SET_OFM_REGION), P(NPU_SET_KERNEL_WIDTH_M1), P(NPU_SET_KERNEL_HEIGHT_M1),
    C(NPU_SET_KERNEL_STRIDE, f_stride), P(NPU_SET_PARALLEL_MODE), P(NPU_SET_ACC_FORMAT),
    C(NPU_SET_ACTIVATION, f_activation), P(NPU_SET_ACTIVATION_MIN), P(NPU_SET_ACTIVATION_MAX),
    P(NPU_SET_WEIGHT_REGION), P(NPU_SET_SCALE_REGION), P(NPU_SET_AB_START), P(NPU_SET_BLOCKDEP),
    C(NPU_SET_DMA0_SRC_REGION, f_dma_region), C(NPU_SET_DMA0_DST_REGION, f_dma_region),
    P(NPU_SET_DMA0_SIZE0), P(NPU_SET_DMA0_SIZE1), C(NPU_SET_IFM2_BROADCAST, f_broadcast),
    P(NPU_SET_IFM2_SCALAR), C(NPU_SET_IFM2_PRECISION, f_ifm2_prec), P(NPU_SET_IFM2_ZERO_POINT),
    P(NPU_SET_IFM2_WIDTH0_M1), P(NPU_SET_IFM2_HEIGHT0_M1), P(NPU_SET_IFM2_HEIGHT1_M1),
    P(NPU_SET_IFM2_IB_START), P(NPU_SET_IFM2_REGION),
    /* cmd1 */
    P(NPU_SET_IFM_BASE0), P(NPU_SET_IFM_BASE1), P(NPU_SET_IFM_BASE2), P(NPU_SET_IFM_BASE3),
    P(NPU_SET_IFM_STRIDE_X), P(NPU_SET_IFM_STRIDE_Y), P(NPU_SET_IFM_STRIDE_C),
    P(NPU_SET_OFM_BASE0), P(NPU_SET_OFM_BASE1), P(NPU_SET_OFM_BASE2), P(NPU_SET_OFM_BASE3),
    P(NPU_SET_OFM_STRIDE_X), P(NPU_SET_OFM_STRIDE_Y), P(NPU_SET_OFM_STRIDE_C),
    P(NPU_SET_WEIGHT_BASE), P(NPU_SET_WEIGHT_LENGTH), P(NPU_SET_SCALE_BASE),
    P(NPU_SET_SCALE_LENGTH), C(NPU_SET_OFM_SCALE, f_shift), C(NPU_SET_OPA_SCALE, f_shift),
    P(NPU_SET_OPB_SCALE), P(NPU_SET_DMA0_SRC), P(NPU_SET_DMA0_DST), P(NPU_SET_DMA0_LEN),
    P(NPU_SET_DMA0_SKIP0), P(NPU_SET_DMA0_SKIP1), P(NPU_SET_IFM2_BASE0), P(NPU_SET_IFM2_BASE1),
    P(NPU_SET_IFM2_BASE2), P(NPU_SET_IFM2_BASE3), P(NPU_SET_IFM2_STRIDE_X),
    P(NPU_SET_IFM2_STRIDE_Y), P(NPU_SET_IFM2_STRIDE_C), P(NPU_SET_WEIGHT1_BASE),
    P(NPU_SET_WEIGHT1_LENGTH), P(NPU_SET_SCALE1_BASE), P(NPU_SET_SCALE1_LENGTH),
};

#define NTABLE (sizeof(table) / sizeof(table[0]))

/* One command of a product's table, whichever table it comes from. */
struct entry {
    uint16_t opcode;
    const char *name;
    const struct ethosu_cmd_field *fields;
    size_t nfields;
};

static size_t set_count(enum ethosu_cmd_product p)
{
    return p == ETHOSU_CMD_U85 ? ethosu85_cmd_table_len : NTABLE;
}

static struct entry set_at(enum ethosu_cmd_product p, size_t i)
{
    if (p == ETHOSU_CMD_U85) {
        const struct ethosu85_cmd_desc *d = &ethosu85_cmd_table[i];
        return (struct entry){ d->opcode, d->name, d->fields, d->nfields };
    }
    return (struct entry){ table[i].opcode, table[i].name, table[i].fields, table[i].nfields };
}

static int find(enum ethosu_cmd_product p, uint16_t opcode, struct entry *e)
{
    for (size_t i = 0, n = set_count(p); i < n; i++) {
        struct entry x = set_at(p, i);
        if (x.opcode == opcode) {
            if (e)
                *e = x;
            return 1;
        }
    }
    return 0;
}

int ethosu_cmd_product_parse(const char *s, enum ethosu_cmd_product *p)
{
    if (!s)
        return -1;
    /* "u55", "u65", "u85", or an accelerator configuration "ethos-u85-256" */
    if (strncmp(s, "ethos-", 6) == 0)
        s += 6;
    if ((s[0] == 'u' || s[0] == 'U') && s[1] && s[2] && (s[3] == 0 || s[3] == '-')) {
        if (s[1] == '8' && s[2] == '5')
            return *p = ETHOSU_CMD_U85, 0;
        if ((s[1] == '5' || s[1] == '6') && s[2] == '5')
            return *p = ETHOSU_CMD_U55_U65, 0;
    }
    return -1;
}

const char *ethosu_cmd_product_name(enum ethosu_cmd_product p)
{
    return p == ETHOSU_CMD_U85 ? "Ethos-U85" : "Ethos-U55/U65";
}

size_t ethosu_cmd_count_for(enum ethosu_cmd_product p) { return set_count(p); }

uint16_t ethosu_cmd_opcode_at_for(enum ethosu_cmd_product p, size_t i)
{
    return i < set_count(p) ? set_at(p, i).opcode : 0xFFFFu;
}

int ethosu_cmd_known_for(enum ethosu_cmd_product p, uint16_t opcode) { return find(p, opcode, NULL); }

const char *ethosu_cmd_name_for(enum ethosu_cmd_product p, uint16_t opcode, int is_cmd1)
{
    struct entry e;
    if (is_cmd1)
        opcode |= ETHOSU_CMD1_FLAG;
    return find(p, opcode, &e) ? e.name : NULL;
}

int ethosu_cmd_lookup_for(enum ethosu_cmd_product p, const char *name, uint16_t *opcode, int *is_cmd1)
{
    if (!name)
        return -1;
    for (size_t i = 0, n = set_count(p); i < n; i++) {
        struct entry e = set_at(p, i);
        const char *a = e.name, *b = name;
        while (*a && *b && toupper((unsigned char)*b) == *a)
            a++, b++;
        if (*a == 0 && *b == 0) {
            if (opcode)
                *opcode = e.opcode;
            if (is_cmd1)
                *is_cmd1 = (e.opcode & ETHOSU_CMD1_FLAG) != 0;
            return 0;
        }
    }
    return -1;
}

size_t ethosu_cmd_fields_for(enum ethosu_cmd_product p, uint16_t opcode,
                             const struct ethosu_cmd_field **fields)
{
    struct entry e;
    int ok = find(p, opcode, &e);
    if (fields)
        *fields = ok ? e.fields : NULL;
    return ok ? e.nfields : 0;
}

long ethosu_cmd_field_get_for(enum ethosu_cmd_product p, const struct ethosu_cmd *c, const char *field)
{
    const struct ethosu_cmd_field *f;
    size_t nf = ethosu_cmd_fields_for(p, c->opcode, &f);
    for (size_t i = 0; i < nf; i++)
        if (strcmp(f[i].name, field) == 0)
            return (long)((c->param >> f[i].lsb) & ((1u << f[i].width) - 1u));
    return -1;
}

int ethosu_cmd_decode_for(enum ethosu_cmd_product p, const uint32_t *words, size_t n, struct ethosu_cmd *c)
{
    if (n == 0 || !words)
        return -1;
    uint32_t w0 = words[0];
    c->opcode = ETHOSU_CMD_OPCODE(w0);
    c->param = ETHOSU_CMD_PARAM(w0);
    c->is_cmd1 = ETHOSU_CMD_FORMAT(w0) == 1;
    c->payload = 0;
    if (!find(p, c->opcode, NULL))
        return -1;
    if (!c->is_cmd1)
        return 1;
    if (n < 2)
        return 0;
    c->payload = words[1];
    return 2;
}

int ethosu_cmd_check_for(enum ethosu_cmd_product p, const uint32_t *words, size_t n, size_t *at,
                         const char **why)
{
    for (size_t i = 0; i < n;) {
        struct ethosu_cmd c;
        int rc = ethosu_cmd_decode_for(p, words + i, n - i, &c);
        if (rc <= 0) {
            if (at)
                *at = i;
            if (why)
                *why = rc == 0 ? "cmd1 without its payload word" : "reserved opcode";
            return -1;
        }
        i += (size_t)rc;
    }
    return 0;
}

/* The U55/U65 entry points: the same functions on the U55/U65 table. */
size_t ethosu_cmd_count(void) { return set_count(ETHOSU_CMD_U55_U65); }
uint16_t ethosu_cmd_opcode_at(size_t i) { return ethosu_cmd_opcode_at_for(ETHOSU_CMD_U55_U65, i); }
int ethosu_cmd_known(uint16_t opcode) { return ethosu_cmd_known_for(ETHOSU_CMD_U55_U65, opcode); }
const char *ethosu_cmd_name(uint16_t opcode, int is_cmd1)
{
    return ethosu_cmd_name_for(ETHOSU_CMD_U55_U65, opcode, is_cmd1);
}
int ethosu_cmd_lookup(const char *name, uint16_t *opcode, int *is_cmd1)
{
    return ethosu_cmd_lookup_for(ETHOSU_CMD_U55_U65, name, opcode, is_cmd1);
}
size_t ethosu_cmd_fields(uint16_t opcode, const struct ethosu_cmd_field **fields)
{
    return ethosu_cmd_fields_for(ETHOSU_CMD_U55_U65, opcode, fields);
}
long ethosu_cmd_field_get(const struct ethosu_cmd *c, const char *field)
{
    return ethosu_cmd_field_get_for(ETHOSU_CMD_U55_U65, c, field);
}
int ethosu_cmd_decode(const uint32_t *words, size_t n, struct ethosu_cmd *c)
{
    return ethosu_cmd_decode_for(ETHOSU_CMD_U55_U65, words, n, c);
}

int ethosu_cmd_encode(const struct ethosu_cmd *c, uint32_t out[2])
{
    int cmd1 = c->is_cmd1 || (c->opcode & ETHOSU_CMD1_FLAG);
    uint16_t op = (uint16_t)(c->opcode | (cmd1 ? ETHOSU_CMD1_FLAG : 0));
    out[0] = ETHOSU_CMD_WORD0(op, c->param);
    if (!cmd1)
        return 1;
    out[1] = c->payload;
    return 2;
}
