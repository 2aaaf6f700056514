/* Ethos-U command stream codec: encode/decode, names, param fields, for either product's
 * command table (generated from scripts/gen/regdefs/ethosu_cmds.csv into
 * generated/ethosu_cmds_gen.c).
 *
 * The U55/U65 rows follow the cmd0 and cmd1 tables of the Ethos-U65 TRM (section 4.6.4/4.6.5).
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
 *  - 0x106 and 0x108 print no name: reserved in the U55/U65 (0x108 is the U85's IFM_BROADCAST).
 */
#include "ethosu_cmd.h"

#include <ctype.h>
#include <string.h>

static const struct ethosu_cmd_desc *set_table(enum ethosu_cmd_product p, size_t *n)
{
    if (p == ETHOSU_CMD_U85) {
        *n = ethosu_cmd_table_u85_len;
        return ethosu_cmd_table_u85;
    }
    *n = ethosu_cmd_table_u65_len;
    return ethosu_cmd_table_u65;
}

static size_t set_count(enum ethosu_cmd_product p)
{
    size_t n;
    set_table(p, &n);
    return n;
}

const struct ethosu_cmd_desc *ethosu_cmd_desc_for(enum ethosu_cmd_product p, uint16_t opcode)
{
    size_t n;
    const struct ethosu_cmd_desc *t = set_table(p, &n);
    for (size_t i = 0; i < n; i++)
        if (t[i].opcode == opcode)
            return &t[i];
    return NULL;
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
    size_t n;
    const struct ethosu_cmd_desc *t = set_table(p, &n);
    return i < n ? t[i].opcode : 0xFFFFu;
}

int ethosu_cmd_known_for(enum ethosu_cmd_product p, uint16_t opcode)
{
    return ethosu_cmd_desc_for(p, opcode) != NULL;
}

const char *ethosu_cmd_name_for(enum ethosu_cmd_product p, uint16_t opcode, int is_cmd1)
{
    if (is_cmd1)
        opcode |= ETHOSU_CMD1_FLAG;
    const struct ethosu_cmd_desc *d = ethosu_cmd_desc_for(p, opcode);
    return d ? d->name : NULL;
}

int ethosu_cmd_lookup_for(enum ethosu_cmd_product p, const char *name, uint16_t *opcode, int *is_cmd1)
{
    if (!name)
        return -1;
    size_t n;
    const struct ethosu_cmd_desc *t = set_table(p, &n);
    for (size_t i = 0; i < n; i++) {
        const char *a = t[i].name, *b = name;
        while (*a && *b && toupper((unsigned char)*b) == *a)
            a++, b++;
        if (*a == 0 && *b == 0) {
            if (opcode)
                *opcode = t[i].opcode;
            if (is_cmd1)
                *is_cmd1 = (t[i].opcode & ETHOSU_CMD1_FLAG) != 0;
            return 0;
        }
    }
    return -1;
}

size_t ethosu_cmd_fields_for(enum ethosu_cmd_product p, uint16_t opcode,
                             const struct ethosu_cmd_field **fields)
{
    const struct ethosu_cmd_desc *d = ethosu_cmd_desc_for(p, opcode);
    if (fields)
        *fields = d ? d->fields : NULL;
    return d ? d->nfields : 0;
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
    if (!ethosu_cmd_desc_for(p, c->opcode))
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
