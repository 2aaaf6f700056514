/* ethosu_payload: the driver payload Vela puts in cmd_data (the COP1
 * format Arm's ethos-u-core-driver walks): 32-bit little-endian words,
 * "COP1", then driver actions, each a tag word (id in bits [7:0], a high
 * byte in [15:8], a parameter in [31:16]):
 *   CONFIG (1)      the parameter holds release/patch; two words follow:
 *                   the CONFIG register value the stream was compiled for
 *                   (product in [31:28]: 0 Ethos-U55, 1 Ethos-U65, 2
 *                   Ethos-U85; macs_per_cc in [3:0]: log2 of the MACs per
 *                   cycle, 5 = 32 ... 11 = 2048) and the ID
 *   CMD_STREAM (2)  length in words = high byte << 16 | parameter; the
 *                   command stream follows (16-byte aligned by NOPs)
 *   READ_APB (3)    register reads for debugging (no words follow)
 *   DUMP_SHRAM (4), NOP (5)
 * Pure parsing, no registers. */
#ifndef ETHOSU_PAYLOAD_H
#define ETHOSU_PAYLOAD_H

#include <stddef.h>
#include <stdint.h>

struct ethosu_payload {
    int has_config;
    uint32_t config;          /* the CONFIG register value compiled for */
    uint32_t id;              /* the ID register value compiled for */
    size_t cmd_offset;        /* byte offset of the command stream in cmd_data */
    size_t cmd_words;         /* its length in 32-bit words */
};

/* 0, or -1 with a reason in err (what names the data in it). */
int ethosu_payload_parse(const uint8_t *data, size_t len, const char *what, struct ethosu_payload *p, char *err,
                         size_t errlen);
/* MACs per cycle of a CONFIG value (1 << macs_per_cc): 256, 512, ... */
unsigned ethosu_payload_macs(uint32_t config);
/* The configuration (enum ethosu_config_id, ethosu_regs.h) a CONFIG value
 * names by its product and MACs, or -1 (another product, or MACs its
 * product does not come with). */
int ethosu_payload_config(uint32_t config);
/* The command set of the payload's product: command stream 2.0 when
 * compiled for an Ethos-U85, else 1.x. */
int ethosu_payload_is_u85(const struct ethosu_payload *p);
/* The product a CONFIG value names: "Ethos-U55", "Ethos-U65", "Ethos-U85",
 * else "product <n>" written into buf. */
const char *ethosu_payload_product(uint32_t config, char *buf, size_t len);
/* The configuration in Vela's words, "ethos-u55-128", "ethos-u85-256"
 * (product and MACs; made up the same way for one no Vela targets). */
void ethosu_payload_config_name(uint32_t config, char *buf, size_t len);

#endif
