/* ethosu_pins_vcd: see ethosu_pins_vcd.h. */
#include <stddef.h>
#include "ethosu_pins_vcd.h"

#define AXI(name, width, field) { name, width, offsetof(struct axi_pins, field) }
static const struct pins_vcd_pin axi[] = {
    AXI("AWVALID%s", 1, aw_valid), AXI("AWREADY%s", 1, aw_ready), AXI("AWID%s", 8, aw_id),
    AXI("AWADDR%s", PINS_VCD_ADDR, aw_addr), AXI("AWLEN%s", 8, aw_len), AXI("AWSIZE%s", 3, aw_size),
    AXI("AWBURST%s", 2, aw_burst),
    AXI("WVALID%s", 1, w_valid), AXI("WREADY%s", 1, w_ready), AXI("WDATA%s", PINS_VCD_DATA, w_data),
    AXI("WSTRB%s", PINS_VCD_STRB, w_strb), AXI("WLAST%s", 1, w_last),
    AXI("BVALID%s", 1, b_valid), AXI("BREADY%s", 1, b_ready), AXI("BID%s", 8, b_id), AXI("BRESP%s", 2, b_resp),
    AXI("ARVALID%s", 1, ar_valid), AXI("ARREADY%s", 1, ar_ready), AXI("ARID%s", 8, ar_id),
    AXI("ARADDR%s", PINS_VCD_ADDR, ar_addr), AXI("ARLEN%s", 8, ar_len), AXI("ARSIZE%s", 3, ar_size),
    AXI("ARBURST%s", 2, ar_burst),
    AXI("RVALID%s", 1, r_valid), AXI("RREADY%s", 1, r_ready), AXI("RID%s", 8, r_id),
    AXI("RDATA%s", PINS_VCD_DATA, r_data), AXI("RRESP%s", 2, r_resp), AXI("RLAST%s", 1, r_last),
};
#undef AXI
#define N_AXI (sizeof axi / sizeof axi[0])

#define PIN(name, width, field) { name, width, offsetof(struct ethosu_pins, field), NULL, 0, 0 }
static const struct pins_vcd_entry table[] = {
    PIN("nRESET", 1, nreset),
    PIN("PORPL", 1, porpl),
    PIN("PORSL", 1, porsl),
    PIN("IRQ", 1, irq),
    PIN("WDVALID", 1, wd_valid),
    PIN("WDWEIGHT", 9, wd_weight),   /* low 9 bits of the little-endian int16 */
    PIN("WDLAST", 1, wd_last),
    PIN("PSEL", 1, apb.sel),
    PIN("PENABLE", 1, apb.enable),
    PIN("PWRITE", 1, apb.write),
    PIN("PADDR", 12, apb.addr),
    PIN("PWDATA", 32, apb.wdata),
    PIN("PSTRB", 4, apb.strb),
    PIN("PPROT", 3, apb.prot),
    PIN("PWAKEUP", 1, apb.wakeup),
    PIN("PREADY", 1, apb.ready),
    PIN("PRDATA", 32, apb.rdata),
    PIN("PSLVERR", 1, apb.slverr),
    { "M0", 0, offsetof(struct ethosu_pins, m0), axi, N_AXI, 0 },
    PIN("AWAKEUPM0", 1, awakeup_m0),
    { "M1", 0, offsetof(struct ethosu_pins, m1), axi, N_AXI, 0 },
    PIN("AWAKEUPM1", 1, awakeup_m1),
};
#undef PIN

void ethosu_pins_vcd_add(struct vcd_writer *w, const struct ethosu_pins *p, unsigned data_bytes, unsigned addr_bits)
{
    pins_vcd_add_table(w, p, table, sizeof table / sizeof table[0], data_bytes, 0, addr_bits);
}
