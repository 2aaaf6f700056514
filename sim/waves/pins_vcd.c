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

static void add_axi(struct vcd_writer *w, const char *pfx, const struct axi_pins *a,
                    unsigned data_bits, unsigned addr_bits)
{
    char n[96];
#define SIG(suffix, width, field) \
    do { snprintf(n, sizeof n, "%s_%s", pfx, suffix); vcd_writer_add(w, n, width, &a->field); } while (0)
    SIG("aw_awvalid", 1, aw_valid);
    SIG("aw_awready", 1, aw_ready);
    SIG("aw_awid", 8, aw_id);
    SIG("aw_awlen", 4, aw_len);
    SIG("aw_awaddr", addr_bits, aw_addr);
    SIG("w_wvalid", 1, w_valid);
    SIG("w_wready", 1, w_ready);
    SIG("w_wdata", data_bits, w_data);
    SIG("w_wstrb", data_bits / 8, w_strb);
    SIG("w_wlast", 1, w_last);
    SIG("ar_arvalid", 1, ar_valid);
    SIG("ar_arready", 1, ar_ready);
    SIG("ar_arid", 8, ar_id);
    SIG("ar_arlen", 4, ar_len);
    SIG("ar_araddr", addr_bits, ar_addr);
    SIG("b_bvalid", 1, b_valid);
    SIG("b_bready", 1, b_ready);
    SIG("b_bid", 8, b_id);
    SIG("r_rvalid", 1, r_valid);
    SIG("r_rready", 1, r_ready);
    SIG("r_rid", 8, r_id);
    SIG("r_rlast", 1, r_last);
    SIG("r_rdata", data_bits, r_data);
#undef SIG
}

void pins_vcd_add(struct vcd_writer *w, const struct nvdla_pins *p, unsigned sram_bytes,
                  unsigned data_bytes, unsigned addr_bits)
{
    vcd_writer_add(w, "dla_reset_rstn", 1, &p->rstn);
    vcd_writer_add(w, "csb2nvdla_valid", 1, &p->csb.valid);
    vcd_writer_add(w, "csb2nvdla_ready", 1, &p->csb.ready);
    vcd_writer_add(w, "csb2nvdla_addr", 16, &p->csb.addr);
    vcd_writer_add(w, "csb2nvdla_wdat", 32, &p->csb.wdat);
    vcd_writer_add(w, "csb2nvdla_write", 1, &p->csb.write);
    vcd_writer_add(w, "csb2nvdla_nposted", 1, &p->csb.nposted);
    vcd_writer_add(w, "nvdla2csb_valid", 1, &p->csb.rsp_valid);
    vcd_writer_add(w, "nvdla2csb_data", 32, &p->csb.rsp_data);
    vcd_writer_add(w, "nvdla2csb_wr_complete", 1, &p->csb.wr_complete);
    vcd_writer_add(w, "dla_intr", 1, &p->dla_intr);
    add_axi(w, "nvdla_core2dbb", &p->dbb, data_bytes * 8, addr_bits);
    if (sram_bytes)
        add_axi(w, "nvdla_core2cvsram", &p->sram, sram_bytes * 8, addr_bits);
}
