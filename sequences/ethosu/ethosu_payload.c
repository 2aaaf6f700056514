/* ethosu_payload: see ethosu_payload.h. */
#include <stdio.h>
#include "ethosu_payload.h"
#include "ethosu_regs.h"

enum { DA_RESERVED = 0, DA_CONFIG = 1, DA_CMD_STREAM = 2, DA_READ_APB = 3, DA_DUMP_SHRAM = 4, DA_NOP = 5 };
#define FOURCC_COP1 0x31504f43u   /* "COP1" little-endian */

static uint32_t word(const uint8_t *d, size_t i)
{
    const uint8_t *p = d + 4 * i;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

unsigned ethosu_payload_macs(uint32_t config)
{
    unsigned log2 = (config & ETHOSU_CONFIG_MACS_PER_CC_MASK) >> ETHOSU_CONFIG_MACS_PER_CC_SHIFT;
    return 1u << log2;
}

int ethosu_payload_config(uint32_t config)
{
    return ethosu_config_of_word(config);
}

const char *ethosu_payload_product(uint32_t config, char *buf, size_t len)
{
    unsigned product = (config & ETHOSU_CONFIG_PRODUCT_MASK) >> ETHOSU_CONFIG_PRODUCT_SHIFT;
    if (product < ETHOSU_PRODUCT_COUNT)
        return ethosu_product_names[product];
    snprintf(buf, len, "product %u", product);
    return buf;
}

void ethosu_payload_config_name(uint32_t config, char *buf, size_t len)
{
    unsigned product = (config & ETHOSU_CONFIG_PRODUCT_MASK) >> ETHOSU_CONFIG_PRODUCT_SHIFT;
    if (product <= 2)
        snprintf(buf, len, "ethos-u%u-%u", product == 0 ? 55u : product == 1 ? 65u : 85u, ethosu_payload_macs(config));
    else
        snprintf(buf, len, "product %u with %u MACs", product, ethosu_payload_macs(config));
}

int ethosu_payload_parse(const uint8_t *data, size_t len, const char *what, struct ethosu_payload *p, char *err,
                         size_t errlen)
{
    *p = (struct ethosu_payload){ 0 };
    size_t n = len / 4;
    if (len % 4 || n < 1 || word(data, 0) != FOURCC_COP1) {
        snprintf(err, errlen, "%s: not a driver payload (no COP1 header, or not whole 32-bit words)", what);
        return -1;
    }
    for (size_t i = 1; i < n;) {
        uint32_t tag = word(data, i);
        unsigned id = tag & 0xffu, high = (tag >> 8) & 0xffu, param = tag >> 16;
        switch (id) {
        case DA_CONFIG:
            if (i + 2 >= n) {
                snprintf(err, errlen, "%s: the CONFIG action at word %zu is truncated", what, i);
                return -1;
            }
            p->has_config = 1;
            p->config = word(data, i + 1);
            p->id = word(data, i + 2);
            i += 3;
            break;
        case DA_CMD_STREAM: {
            size_t words = (size_t)high << 16 | param;
            if (words > n - i - 1) {
                snprintf(err, errlen, "%s: the command stream at word %zu says %zu words, the payload has %zu", what,
                         i + 1, words, n - i - 1);
                return -1;
            }
            if (p->cmd_words) {
                snprintf(err, errlen, "%s: a second command stream at word %zu (one per payload is run)", what, i);
                return -1;
            }
            p->cmd_offset = 4 * (i + 1);
            p->cmd_words = words;
            i += 1 + words;
            break;
        }
        case DA_READ_APB: case DA_DUMP_SHRAM: case DA_NOP: case DA_RESERVED:
            i++;
            break;
        default:
            snprintf(err, errlen, "%s: unknown driver action %u at word %zu (tag 0x%08x)", what, id, i, tag);
            return -1;
        }
    }
    if (!p->cmd_words) {
        snprintf(err, errlen, "%s: the payload holds no command stream", what);
        return -1;
    }
    if (!p->has_config) {
        snprintf(err, errlen, "%s: the payload has no CONFIG action (the NPU configuration it was compiled for)",
                 what);
        return -1;
    }
    return 0;
}

int ethosu_payload_is_u85(const struct ethosu_payload *p)
{
    return p->has_config && (p->config >> 28) == 2u;
}
