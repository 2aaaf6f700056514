/* nvdla_reg_describe: see nvdla_reg_describe.h. */
#include <inttypes.h>
#include <stdio.h>
#include "nvdla_regs.h"
#include "nvdla_reg_describe.h"
#include "reg_describe.h"

void nvdla_reg_describe(uint32_t addr, uint32_t data, char *buf, unsigned len)
{
    int i = nvdla_reg_index(addr);
    if (i < 0) {
        snprintf(buf, len, "0x%05" PRIx32 " (no register) = 0x%" PRIx32, addr, data);
        return;
    }
    const struct nvdla_reg_desc *r = &nvdla_regs[i];
    int w = snprintf(buf, len, "NVDLA_%s.%s = 0x%" PRIx32, r->unit_name, r->name, data);
    const char *names[REG_DESCRIBE_MAX_FIELDS], *enums[REG_DESCRIBE_MAX_FIELDS];
    uint8_t lsb[REG_DESCRIBE_MAX_FIELDS], width[REG_DESCRIBE_MAX_FIELDS];
    unsigned n = r->n_fields < REG_DESCRIBE_MAX_FIELDS ? r->n_fields : REG_DESCRIBE_MAX_FIELDS;
    for (unsigned f = 0; f < n; f++) {
        const struct nvdla_field_desc *d = &nvdla_fields[r->first_field + f];
        names[f] = d->name, enums[f] = d->enums, lsb[f] = d->lsb, width[f] = d->width;
    }
    reg_describe_fields(buf, len, w > 0 ? (size_t)w : 0, data, names, lsb, width, enums, n);
}
