/* pins_vcd: see pins_vcd.h. */
#include <stdio.h>
#include <string.h>
#include "pins_vcd.h"

struct vcd_writer *pins_vcd_open(const struct dut_waves_cfg *cfg, char *err, unsigned len)
{
    struct vcd_writer_opts o;
    memset(&o, 0, sizeof o);
    o.gz = cfg->gz;
    o.fst = cfg->fst;
    o.timescale = PINS_VCD_TIMESCALE;
    o.period = cfg->period_ps ? cfg->period_ps : PINS_VCD_DEFAULT_PERIOD_PS;
    return vcd_writer_open_opts(cfg->path, &o, err, len);
}

int pins_vcd_close(struct vcd_writer *w)
{
    char err[600];
    if (!vcd_writer_finish(w, err, sizeof err))
        return 0;
    fprintf(stderr, "waves: %s\n", err);
    return -1;
}

static unsigned width_of(unsigned width, unsigned data_bits, unsigned addr_bits)
{
    switch (width) {
    case PINS_VCD_DATA: return data_bits;
    case PINS_VCD_STRB: return data_bits / 8;
    case PINS_VCD_ADDR: return addr_bits;
    default: return width;
    }
}

void pins_vcd_add_table(struct vcd_writer *w, const void *pins, const struct pins_vcd_entry *t, unsigned n,
                        unsigned data_bytes, unsigned secondary_bytes, unsigned addr_bits)
{
    const char *base = pins;
    for (unsigned i = 0; i < n; i++) {
        const struct pins_vcd_entry *e = &t[i];
        if (!e->axi) {
            vcd_writer_add(w, e->name, width_of(e->width, data_bytes * 8, addr_bits), base + e->off);
            continue;
        }
        unsigned bytes = e->secondary ? secondary_bytes : data_bytes;
        if (!bytes)
            continue;
        for (unsigned j = 0; j < e->n_axi; j++) {
            char name[96];
            snprintf(name, sizeof name, e->axi[j].name, e->name);
            vcd_writer_add(w, name, width_of(e->axi[j].width, bytes * 8, addr_bits), base + e->off + e->axi[j].off);
        }
    }
}
