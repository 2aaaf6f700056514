/* ethosu_reg_describe: see ethosu_reg_describe.h. */
#include <inttypes.h>
#include <stdio.h>
#include "ethosu_regs.h"
#include "ethosu_reg_describe.h"
#include "reg_describe.h"

/* The product whose map an address is read in (one DUT per run). */
static unsigned product = ETHOSU_PRODUCT_U65;

void ethosu_reg_describe_set_product(unsigned p)
{
    if (p < ETHOSU_PRODUCT_COUNT)
        product = p;
}

void ethosu_reg_describe(uint32_t addr, uint32_t data, char *buf, unsigned len)
{
    int i = ethosu_reg_index_in(product, addr);
    if (i < 0)   /* another product's register (the U55's QBASE1): named, no field of this product */
        i = ethosu_reg_index(addr);
    if (i < 0) {
        snprintf(buf, len, "0x%03" PRIx32 " (no register) = 0x%" PRIx32, addr, data);
        return;
    }
    const struct ethosu_reg_desc *r = &ethosu_regs[i];
    int w = snprintf(buf, len, "%s = 0x%" PRIx32, r->name, data);
    const char *names[REG_DESCRIBE_MAX_FIELDS], *enums[REG_DESCRIBE_MAX_FIELDS];
    uint8_t lsb[REG_DESCRIBE_MAX_FIELDS], width[REG_DESCRIBE_MAX_FIELDS];
    unsigned n = 0;
    for (unsigned f = 0; f < r->n_fields && n < REG_DESCRIBE_MAX_FIELDS; f++) {
        const struct ethosu_field_desc *d = &ethosu_fields[r->first_field + f];
        if (!(d->products & (1u << product)))   /* the other products' fields */
            continue;
        names[n] = d->name, enums[n] = d->enums, lsb[n] = d->lsb, width[n] = d->width;
        n++;
    }
    reg_describe_fields(buf, len, w > 0 ? (size_t)w : 0, data, names, lsb, width, enums, n);
}
