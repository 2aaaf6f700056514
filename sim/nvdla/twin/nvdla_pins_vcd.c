/* nvdla_pins_vcd: see nvdla_pins_vcd.h. */
#include <stddef.h>
#include "nvdla_pins_vcd.h"

#define AXI(name, width, field) { name, width, offsetof(struct axi_pins, field) }
static const struct pins_vcd_pin axi[] = {
    AXI("%s_aw_awvalid", 1, aw_valid),  AXI("%s_aw_awready", 1, aw_ready),
    AXI("%s_aw_awid", 8, aw_id),        AXI("%s_aw_awlen", 4, aw_len),
    AXI("%s_aw_awaddr", PINS_VCD_ADDR, aw_addr),
    AXI("%s_w_wvalid", 1, w_valid),     AXI("%s_w_wready", 1, w_ready),
    AXI("%s_w_wdata", PINS_VCD_DATA, w_data), AXI("%s_w_wstrb", PINS_VCD_STRB, w_strb),
    AXI("%s_w_wlast", 1, w_last),
    AXI("%s_ar_arvalid", 1, ar_valid),  AXI("%s_ar_arready", 1, ar_ready),
    AXI("%s_ar_arid", 8, ar_id),        AXI("%s_ar_arlen", 4, ar_len),
    AXI("%s_ar_araddr", PINS_VCD_ADDR, ar_addr),
    AXI("%s_b_bvalid", 1, b_valid),     AXI("%s_b_bready", 1, b_ready),
    AXI("%s_b_bid", 8, b_id),
    AXI("%s_r_rvalid", 1, r_valid),     AXI("%s_r_rready", 1, r_ready),
    AXI("%s_r_rid", 8, r_id),           AXI("%s_r_rlast", 1, r_last),
    AXI("%s_r_rdata", PINS_VCD_DATA, r_data),
};
#undef AXI
#define N_AXI (sizeof axi / sizeof axi[0])

#define PIN(name, width, field) { name, width, offsetof(struct nvdla_pins, field), NULL, 0, 0 }
static const struct pins_vcd_entry table[] = {
    PIN("dla_reset_rstn", 1, rstn),
    PIN("csb2nvdla_valid", 1, csb.valid),
    PIN("csb2nvdla_ready", 1, csb.ready),
    PIN("csb2nvdla_addr", 16, csb.addr),
    PIN("csb2nvdla_wdat", 32, csb.wdat),
    PIN("csb2nvdla_write", 1, csb.write),
    PIN("csb2nvdla_nposted", 1, csb.nposted),
    PIN("nvdla2csb_valid", 1, csb.rsp_valid),
    PIN("nvdla2csb_data", 32, csb.rsp_data),
    PIN("nvdla2csb_wr_complete", 1, csb.wr_complete),
    PIN("dla_intr", 1, dla_intr),
    { "nvdla_core2dbb", 0, offsetof(struct nvdla_pins, dbb), axi, N_AXI, 0 },
    { "nvdla_core2cvsram", 0, offsetof(struct nvdla_pins, sram), axi, N_AXI, 1 },
};
#undef PIN

void nvdla_pins_vcd_add(struct vcd_writer *w, const struct nvdla_pins *p, unsigned sram_bytes, unsigned data_bytes,
                        unsigned addr_bits)
{
    pins_vcd_add_table(w, p, table, sizeof table / sizeof table[0], data_bytes, sram_bytes, addr_bits);
}
