/* Ethos-U65 command stream: encode/decode, names, text assembler/disassembler (the Ethos-U85's
 * through the *_for functions at the end).
 *
 * Pure C11 with the C library only. Derived from the Ethos-U65 TRM, section 4.6
 * (command stream formats, cmd0 and cmd1 tables, example streams).
 *
 * ---- Bit layout of word 0 (as derived from the TRM, table "Command stream formats") ----
 *
 *   bits [31:16]  param   16-bit command parameter
 *   bits [15:14]  format  0b00 = cmd0 (one word), 0b01 = cmd1 (word 0 + one 32-bit payload word);
 *                         0b10 / 0b11 are reserved
 *   bits [13:10]  must be zero (a nonzero value is a reserved opcode)
 *   bits  [9:0]   command number within its format (0x000-0x3FF)
 *
 *   The opcode as this API numbers it is bits [15:0] of word 0, i.e. the number the TRM's
 *   example streams print in their "Code" column: cmd0 opcodes are 0x0000-0x03FF, cmd1 opcodes
 *   are 0x4000-0x43FF (the cmd1 table numbers them 0x000-0x0FF; add 0x4000). So
 *   NPU_SET_DMA0_SRC, "cmd1 0x030" in the table, is opcode 0x4030 here. is_cmd1 is always
 *   (opcode >> 14) & 1 for a decoded command.
 *
 * ---- Word 1 (cmd1 only) ----
 *
 *   bits [31:0]   payload  32-bit data item: a byte offset, stride, length or scale. For the
 *                 address/stride commands the param of word 0 carries bits [47:32] of a 48-bit
 *                 value (TRM "extu_47_32" unsigned, "exts_47_32" signed); the payload carries
 *                 bits [31:0]. Words are little-endian in memory.
 *
 * ---- Text form (ethosu_cmd_disasm / ethosu_cmd_asm) ----
 *
 *   One command per line. cmd0:  NAME param          or  NAME field=value ...
 *                         cmd1:  NAME param payload  or  NAME field=value ... payload=value
 *   Commands whose parameter has named fields in the TRM (NPU_SET_IFM_PRECISION,
 *   NPU_SET_KERNEL_STRIDE, NPU_SET_DMA0_SRC_REGION, NPU_OP_POOL mode, ...) disassemble as
 *   field=value pairs (unless reserved bits are set: then as the raw param). Numbers are
 *   decimal, 0x hex, or negative (16-bit two's complement for params). Comments: '#', '//'.
 *   `.word 0xXXXXXXXX` emits a raw word; the disassembler prints reserved opcodes (and a cmd1
 *   missing its payload at the end of the stream) that way, so any binary round-trips.
 */
#ifndef ETHOSU_CMD_H
#define ETHOSU_CMD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ethosu_cmds_gen.h"
#include "ethosu_ops_gen.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One command: cmd0 = one 32-bit word, cmd1 = two words (the second is the 32-bit payload). */
struct ethosu_cmd {
    uint16_t opcode;  /* bits [15:0] of word 0: 0x0000-0x03FF cmd0, 0x4000-0x43FF cmd1 */
    int is_cmd1;      /* two-word command (bit 14 of the opcode) */
    uint16_t param;   /* bits [31:16] of word 0 */
    uint32_t payload; /* cmd1 only (word 1); 0 for cmd0 */
};

/* Word-0 field accessors. */
#define ETHOSU_CMD_OPCODE(w0)   ((uint16_t)((w0) & 0xFFFFu))
#define ETHOSU_CMD_PARAM(w0)    ((uint16_t)((uint32_t)(w0) >> 16))
#define ETHOSU_CMD_FORMAT(w0)   (((uint32_t)(w0) >> 14) & 3u) /* 0 cmd0, 1 cmd1 */
#define ETHOSU_CMD1_FLAG        0x4000u
#define ETHOSU_CMD_WORD0(opcode, param) ((uint32_t)(uint16_t)(opcode) | ((uint32_t)(uint16_t)(param) << 16))

/* Every opcode of the TRM cmd0/cmd1 tables (cmd1 values include the 0x4000 format bit): the
 * NPU_OP_* operations are enum ethosu_npu_op (ethosu_ops_gen.h, from the operation table
 * scripts/gen/regdefs/ethosu_ops.csv), the NPU_SET_* state commands enum ethosu_opcode and the
 * U85's commands enum ethosu85_opcode (ethosu_cmds_gen.h, from the command table
 * scripts/gen/regdefs/ethosu_cmds.csv). */

/* Decode one command at words[0..n): returns the number of words used (1 or 2), 0 when a cmd1
 * lacks its payload word (n < 2), -1 when the opcode is reserved (not in the TRM tables) or
 * n == 0. On -1 and 0, *c still holds opcode/is_cmd1/param of word 0 (when n > 0). */
int ethosu_cmd_decode(const uint32_t *words, size_t n, struct ethosu_cmd *c);

/* Encode: returns words written (1 or 2). The command is cmd1 when c->is_cmd1 is set or the
 * opcode has bit 14 set; word 0 = opcode | 0x4000 (if cmd1) | param << 16. */
int ethosu_cmd_encode(const struct ethosu_cmd *c, uint32_t out[2]);

/* TRM name of an opcode ("NPU_OP_DMA_START", "NPU_SET_DMA0_SRC", ...) or NULL if reserved.
 * Accepts cmd1 opcodes with or without the 0x4000 bit when is_cmd1 is set. */
const char *ethosu_cmd_name(uint16_t opcode, int is_cmd1);

/* Opcode of a TRM name (case-insensitive); 0 on success, -1 unknown. */
int ethosu_cmd_lookup(const char *name, uint16_t *opcode, int *is_cmd1);

/* A named bitfield of a command's 16-bit param (TRM bitfield/Bitmap parameters and single
 * named parameters such as NPU_OP_POOL "mode"): bits [lsb+width-1:lsb]. */
struct ethosu_cmd_field {
    const char *name;
    uint8_t lsb;
    uint8_t width;
};

/* Named fields of an opcode's param; returns their count (0: the param is a plain number). */
size_t ethosu_cmd_fields(uint16_t opcode, const struct ethosu_cmd_field **fields);

/* Value of the named field of c's param; -1 if the command has no such field. */
long ethosu_cmd_field_get(const struct ethosu_cmd *c, const char *field);

/* 1 when the opcode (bits [15:0] of word 0) is in the TRM tables, else 0. */
int ethosu_cmd_known(uint16_t opcode);

/* Iterate over all TRM opcodes in table order: i = 0 .. ethosu_cmd_count()-1. */
size_t ethosu_cmd_count(void);
uint16_t ethosu_cmd_opcode_at(size_t i);

/* Disassemble words[0..n) to out, one command per line. Returns 0, or -1 on an output error. */
int ethosu_cmd_disasm(const uint32_t *words, size_t n, FILE *out);

/* Format one decoded command (no newline) into buf; returns the snprintf-style length. */
int ethosu_cmd_format(const struct ethosu_cmd *c, char *buf, size_t len);

/* Assemble text[0..len) (file names it in messages). On success returns 0 and *words (malloc'd,
 * caller frees) / *n. On error returns -1 with "file:line: reason" in err, *words = NULL. */
int ethosu_cmd_asm(const char *text, size_t len, const char *file, uint32_t **words, size_t *n,
                   char *err, size_t errlen);

/* ---- Per product ----------------------------------------------------------------
 * The U85 (command stream version 2.0) frames its words as above but has its own commands
 * and param layouts (ethosu85_cmd.h). Every function above works on the U55/U65 table; its
 * *_for twin takes the product. Decoding, encoding and the text form are the same otherwise,
 * except that the disassembler's comment of a U85 address/stride command combines the payload
 * with param b[7:0] (40-bit values). The commands of each product are rows of
 * scripts/gen/regdefs/ethosu_cmds.csv. */
enum ethosu_cmd_product {
    ETHOSU_CMD_U55_U65 = 0, /* command stream 1.x (the U55 and the U65 share it) */
    ETHOSU_CMD_U85 = 1,     /* command stream 2.0 */
};

/* The table row of an opcode (cmd1 with its 0x4000 bit), NULL when the product has none. */
const struct ethosu_cmd_desc *ethosu_cmd_desc_for(enum ethosu_cmd_product p, uint16_t opcode);

/* "u55", "u65", "u85" or a Vela configuration ("ethos-u85-256"): 0, or -1 unknown. */
int ethosu_cmd_product_parse(const char *s, enum ethosu_cmd_product *p);
const char *ethosu_cmd_product_name(enum ethosu_cmd_product p);

int ethosu_cmd_decode_for(enum ethosu_cmd_product p, const uint32_t *words, size_t n,
                          struct ethosu_cmd *c);
const char *ethosu_cmd_name_for(enum ethosu_cmd_product p, uint16_t opcode, int is_cmd1);
int ethosu_cmd_lookup_for(enum ethosu_cmd_product p, const char *name, uint16_t *opcode,
                          int *is_cmd1);
size_t ethosu_cmd_fields_for(enum ethosu_cmd_product p, uint16_t opcode,
                             const struct ethosu_cmd_field **fields);
long ethosu_cmd_field_get_for(enum ethosu_cmd_product p, const struct ethosu_cmd *c,
                              const char *field);
int ethosu_cmd_known_for(enum ethosu_cmd_product p, uint16_t opcode);
size_t ethosu_cmd_count_for(enum ethosu_cmd_product p);
uint16_t ethosu_cmd_opcode_at_for(enum ethosu_cmd_product p, size_t i);
int ethosu_cmd_disasm_for(enum ethosu_cmd_product p, const uint32_t *words, size_t n, FILE *out);
int ethosu_cmd_format_for(enum ethosu_cmd_product p, const struct ethosu_cmd *c, char *buf,
                          size_t len);
int ethosu_cmd_asm_for(enum ethosu_cmd_product p, const char *text, size_t len, const char *file,
                       uint32_t **words, size_t *n, char *err, size_t errlen);

/* Check that words[0..n) is a whole stream of known commands: 0, or -1 with *at the index of
 * the first malformed word and *why the reason ("reserved opcode", "cmd1 without its payload
 * word"). */
int ethosu_cmd_check_for(enum ethosu_cmd_product p, const uint32_t *words, size_t n, size_t *at,
                         const char **why);

#ifdef __cplusplus
}
#endif

#endif /* ETHOSU_CMD_H */
