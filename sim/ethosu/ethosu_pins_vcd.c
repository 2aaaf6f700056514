/* ethosu_pins_vcd: see ethosu_pins_vcd.h. */
#include <stdio.h>
#include "ethosu_pins_vcd.h"

static void add_axi(struct vcd_writer *w, const char *port, const struct axi_pins *a, unsigned data_bits,
                    unsigned addr_bits)
{
    char n[64];
#define SIG(name, width, field) \
    do { snprintf(n, sizeof n, "%s%s", name, port); vcd_writer_add(w, n, width, &a->field); } while (0)
    SIG("AWVALID", 1, aw_valid);
    SIG("AWREADY", 1, aw_ready);
    SIG("AWID", 8, aw_id);
    SIG("AWADDR", addr_bits, aw_addr);
    SIG("AWLEN", 8, aw_len);
    SIG("AWSIZE", 3, aw_size);
    SIG("AWBURST", 2, aw_burst);
    SIG("WVALID", 1, w_valid);
    SIG("WREADY", 1, w_ready);
    SIG("WDATA", data_bits, w_data);
    SIG("WSTRB", data_bits / 8, w_strb);
    SIG("WLAST", 1, w_last);
    SIG("BVALID", 1, b_valid);
    SIG("BREADY", 1, b_ready);
    SIG("BID", 8, b_id);
    SIG("BRESP", 2, b_resp);
    SIG("ARVALID", 1, ar_valid);
    SIG("ARREADY", 1, ar_ready);
    SIG("ARID", 8, ar_id);
    SIG("ARADDR", addr_bits, ar_addr);
    SIG("ARLEN", 8, ar_len);
    SIG("ARSIZE", 3, ar_size);
    SIG("ARBURST", 2, ar_burst);
    SIG("RVALID", 1, r_valid);
    SIG("RREADY", 1, r_ready);
    SIG("RID", 8, r_id);
    SIG("RDATA", data_bits, r_data);
    SIG("RRESP", 2, r_resp);
    SIG("RLAST", 1, r_last);
#undef SIG
}

void ethosu_pins_vcd_add(struct vcd_writer *w, const struct ethosu_pins *p, unsigned data_bytes,
                         unsigned addr_bits)
{
    vcd_writer_add(w, "nRESET", 1, &p->nreset);
    vcd_writer_add(w, "PORPL", 1, &p->porpl);
    vcd_writer_add(w, "PORSL", 1, &p->porsl);
    vcd_writer_add(w, "IRQ", 1, &p->irq);
    vcd_writer_add(w, "WDVALID", 1, &p->wd_valid);
    vcd_writer_add(w, "WDWEIGHT", 9, &p->wd_weight);   /* low 9 bits of the little-endian int16 */
    vcd_writer_add(w, "WDLAST", 1, &p->wd_last);
    vcd_writer_add(w, "PSEL", 1, &p->apb.sel);
    vcd_writer_add(w, "PENABLE", 1, &p->apb.enable);
    vcd_writer_add(w, "PWRITE", 1, &p->apb.write);
    vcd_writer_add(w, "PADDR", 12, &p->apb.addr);
    vcd_writer_add(w, "PWDATA", 32, &p->apb.wdata);
    vcd_writer_add(w, "PSTRB", 4, &p->apb.strb);
    vcd_writer_add(w, "PPROT", 3, &p->apb.prot);
    vcd_writer_add(w, "PWAKEUP", 1, &p->apb.wakeup);
    vcd_writer_add(w, "PREADY", 1, &p->apb.ready);
    vcd_writer_add(w, "PRDATA", 32, &p->apb.rdata);
    vcd_writer_add(w, "PSLVERR", 1, &p->apb.slverr);
    add_axi(w, "M0", &p->m0, data_bytes * 8, addr_bits);
    vcd_writer_add(w, "AWAKEUPM0", 1, &p->awakeup_m0);
    add_axi(w, "M1", &p->m1, data_bytes * 8, addr_bits);
    vcd_writer_add(w, "AWAKEUPM1", 1, &p->awakeup_m1);
}
