// ethosu_rtl: the Verilated ethosu65 top (rtl_stubs/ethosu65, or a user's
// top with the same ports) behind the C dut interface. Ports are
// matched by the TRM signal names; widths adapt through verilated_shim.h.
// The clock and power Q-channels are tied to "no request", the clock
// enables to 1. Verilated with --sc (VM_SC) it runs on the SystemC
// harness's clock, as nvdla_rtl.cpp does. The rest (clocking, waves,
// create, elaboration) is verilated_shim.h's rtl_dut; this file describes
// the top.
#include <cstdio>
#include <cstring>
#include <string>

#include "Vdut.h"
#include "verilated_shim.h"

extern "C" {
#include "dut.h"
#include "ethosu_pins.h"
}

namespace {

using namespace shim;

// M0 and M1 have the same shape; the macros spell the names once.
#define ETHOSU_AXI_IN(top, M, a)                                              \
    do {                                                                      \
        put(top->AWREADY##M, (a).aw_ready);                                   \
        put(top->WREADY##M, (a).w_ready);                                     \
        put(top->ARREADY##M, (a).ar_ready);                                   \
        put(top->BVALID##M, (a).b_valid);                                     \
        put(top->BID##M, (a).b_id);                                           \
        put(top->BRESP##M, (a).b_resp);                                       \
        put(top->RVALID##M, (a).r_valid);                                     \
        put(top->RID##M, (a).r_id);                                           \
        put(top->RRESP##M, (a).r_resp);                                       \
        put(top->RLAST##M, (a).r_last);                                       \
        put_bytes(top->RDATA##M, (a).r_data, AXI_MAX_DATA_BYTES);             \
        put(top->ACLKEN##M, 1);                                               \
    } while (0)

#define ETHOSU_AXI_OUT(top, M, a, db)                                         \
    do {                                                                      \
        (a).aw_valid = get(top->AWVALID##M);                                  \
        (a).aw_id = get(top->AWID##M);                                        \
        (a).aw_len = get(top->AWLEN##M);                                      \
        (a).aw_addr = get(top->AWADDR##M);                                    \
        (a).aw_size = get(top->AWSIZE##M);                                    \
        (a).aw_burst = get(top->AWBURST##M);                                  \
        (a).aw_cache = get(top->AWCACHE##M);                                  \
        (a).aw_prot = get(top->AWPROT##M);                                    \
        (a).w_valid = get(top->WVALID##M);                                    \
        get_bytes(top->WDATA##M, (a).w_data, db);                             \
        (a).w_strb = get(top->WSTRB##M);                                      \
        (a).w_last = get(top->WLAST##M);                                      \
        (a).ar_valid = get(top->ARVALID##M);                                  \
        (a).ar_id = get(top->ARID##M);                                        \
        (a).ar_len = get(top->ARLEN##M);                                      \
        (a).ar_addr = get(top->ARADDR##M);                                    \
        (a).ar_size = get(top->ARSIZE##M);                                    \
        (a).ar_burst = get(top->ARBURST##M);                                  \
        (a).ar_cache = get(top->ARCACHE##M);                                  \
        (a).ar_prot = get(top->ARPROT##M);                                    \
        (a).b_ready = get(top->BREADY##M);                                    \
        (a).r_ready = get(top->RREADY##M);                                    \
    } while (0)

// The weight-decoder debug port, for tops that have it (SFINAE on WDVALID).
template <class T>
auto wd_out(T *top, ethosu_pins *p, int) -> decltype(top->WDVALID, void())
{
    p->wd_valid = get(top->WDVALID);
    uint64_t w = get(top->WDWEIGHT) & 0x1ffu;
    p->wd_weight = static_cast<int16_t>(w & 0x100u ? static_cast<int>(w) - 512 : static_cast<int>(w));
    p->wd_last = get(top->WDLAST);
}
template <class T> void wd_out(T *, ethosu_pins *p, long)
{
    p->wd_valid = p->wd_last = 0;
    p->wd_weight = 0;
}

#ifndef RTL_TOP_NAME
#define RTL_TOP_NAME "ethosu65"
#endif

// What verilated_shim.h's rtl_dut needs to know of the ethosu65 top.
struct ethosu_top;
using rtl = shim::rtl_dut<ethosu_top>;

struct ethosu_top {
    using dut_type = dut;
    using pins_type = ethosu_pins;
    using model_type = Vdut;
    static constexpr const char *name = RTL_TOP_NAME;
    static constexpr const char *family = "ethosu";
    static void inputs(rtl *r, const ethosu_pins *p);
    static void outputs(rtl *r, ethosu_pins *p);
    static void bus_info(dut &d, Vdut *t);
#if VM_SC
    static void bind_clock(Vdut *t, sc_core::sc_clock &clk) { t->CLK(clk); }
#else
    static void set_clock(Vdut *t, int level) { put(t->CLK, level); }
#endif
};

void ethosu_top::inputs(rtl *r, const ethosu_pins *p)
{
    Vdut *t = r->top;
    put(t->nRESET, p->nreset);
    put(t->PORPL, p->porpl);
    put(t->PORSL, p->porsl);
    put(t->PWAKEUP, p->apb.wakeup);
    put(t->PCLKEN, 1);
    put(t->PSEL, p->apb.sel);
    put(t->PENABLE, p->apb.enable);
    put(t->PPROT, p->apb.prot);
    put(t->PWRITE, p->apb.write);
    put(t->PADDR, p->apb.addr);
    put(t->PWDATA, p->apb.wdata);
    put(t->PSTRB, p->apb.strb);
    put(t->CLKQREQn, 1);
    put(t->PWRQREQn, 1);
    ETHOSU_AXI_IN(t, M0, p->m0);
    ETHOSU_AXI_IN(t, M1, p->m1);
}

void ethosu_top::outputs(rtl *r, ethosu_pins *p)
{
    Vdut *t = r->top;
    p->irq = get(t->IRQ);
    p->apb.ready = get(t->PREADY);
    p->apb.rdata = get(t->PRDATA);
    p->apb.slverr = get(t->PSLVERR);
    p->awakeup_m0 = get(t->AWAKEUPM0);
    p->awakeup_m1 = get(t->AWAKEUPM1);
    ETHOSU_AXI_OUT(t, M0, p->m0, r->d.data_bytes);
    ETHOSU_AXI_OUT(t, M1, p->m1, r->d.data_bytes);
    wd_out(t, p, 0);
}

void ethosu_top::bus_info(dut &d, Vdut *t)
{
    d.data_bytes = port_bytes(t->WDATAM0);
    d.addr_bits = port_bytes(t->AWADDRM0) > 4 ? 40 : 32;
}

#if VM_SC
[[maybe_unused]] const bool registered = sc_harness::on_elaborate(shim::rtl_elaborate<ethosu_top>);
#endif

}  // namespace

extern "C" struct dut *dut_rtl_create(const char *family, char *errbuf, unsigned errlen)
{
    return shim::rtl_create<ethosu_top>(family, errbuf, errlen);
}
