/* copyeng_pins_vcd: see copyeng_pins_vcd.h. */
#include <stddef.h>
#include "copyeng_pins_vcd.h"
#include "copyeng_twin.h"

#define AXI(name, width, field) { name, width, offsetof(struct axi_pins, field) }
static const struct pins_vcd_pin axi[] = {
    AXI("AWVALID%s", 1, aw_valid), AXI("AWREADY%s", 1, aw_ready), AXI("AWADDR%s", PINS_VCD_ADDR, aw_addr),
    AXI("AWLEN%s", 8, aw_len),
    AXI("WVALID%s", 1, w_valid), AXI("WREADY%s", 1, w_ready), AXI("WDATA%s", PINS_VCD_DATA, w_data),
    AXI("WSTRB%s", PINS_VCD_STRB, w_strb), AXI("WLAST%s", 1, w_last),
    AXI("BVALID%s", 1, b_valid), AXI("BREADY%s", 1, b_ready), AXI("BRESP%s", 2, b_resp),
    AXI("ARVALID%s", 1, ar_valid), AXI("ARREADY%s", 1, ar_ready), AXI("ARADDR%s", PINS_VCD_ADDR, ar_addr),
    AXI("ARLEN%s", 8, ar_len),
    AXI("RVALID%s", 1, r_valid), AXI("RREADY%s", 1, r_ready), AXI("RDATA%s", PINS_VCD_DATA, r_data),
    AXI("RRESP%s", 2, r_resp), AXI("RLAST%s", 1, r_last),
};
#undef AXI

#define PIN(name, width, field) { name, width, offsetof(struct copyeng_pins, field), NULL, 0, 0 }
static const struct pins_vcd_entry table[] = {
    PIN("nRESET", 1, nreset),
    PIN("IRQ", 1, irq),
    PIN("PSEL", 1, apb.sel),
    PIN("PENABLE", 1, apb.enable),
    PIN("PWRITE", 1, apb.write),
    PIN("PADDR", 12, apb.addr),
    PIN("PWDATA", 32, apb.wdata),
    PIN("PREADY", 1, apb.ready),
    PIN("PRDATA", 32, apb.rdata),
    PIN("PSLVERR", 1, apb.slverr),
    { "M", 0, offsetof(struct copyeng_pins, m), axi, sizeof axi / sizeof axi[0], 0 },
};
#undef PIN

void copyeng_pins_vcd_add(struct vcd_writer *w, const struct copyeng_pins *p)
{
    pins_vcd_add_table(w, p, table, sizeof table / sizeof table[0], COPYENG_DATA_BYTES, 0, COPYENG_ADDR_BITS);
}
