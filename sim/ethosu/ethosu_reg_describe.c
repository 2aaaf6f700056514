/* ethosu_reg_describe: see ethosu_reg_describe.h. */
#include <inttypes.h>
#include <stdio.h>
#include "ethosu_regs.h"
#include "ethosu_reg_describe.h"
#include "reg_describe.h"

void ethosu_reg_describe(uint32_t addr, uint32_t data, char *buf, unsigned len)
{
    int i = ethosu_reg_index(addr);
    if (i < 0) {
        snprintf(buf, len, "0x%03" PRIx32 " (no register) = 0x%" PRIx32, addr, data);
        return;
    }
    const struct ethosu_reg_desc *r = &ethosu_regs[i];
    int w = snprintf(buf, len, "%s = 0x%" PRIx32, r->name, data);
    const char *names[REG_DESCRIBE_MAX_FIELDS], *enums[REG_DESCRIBE_MAX_FIELDS];
    uint8_t lsb[REG_DESCRIBE_MAX_FIELDS], width[REG_DESCRIBE_MAX_FIELDS];
    unsigned n = r->n_fields < REG_DESCRIBE_MAX_FIELDS ? r->n_fields : REG_DESCRIBE_MAX_FIELDS;
    for (unsigned f = 0; f < n; f++) {
        const struct ethosu_field_desc *d = &ethosu_fields[r->first_field + f];
        names[f] = d->name, enums[f] = d->enums, lsb[f] = d->lsb, width[f] = d->width;
    }
    reg_describe_fields(buf, len, w > 0 ? (size_t)w : 0, data, names, lsb, width, enums, n);
}
