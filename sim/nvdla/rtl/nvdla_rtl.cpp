// nvdla_rtl: the Verilated NV_nvdla (or a user's top with the same ports)
// behind the C dut interface. The only C++ in the harness. The model is
// always built with --prefix Vdut; ports are matched by name, and the
// templates below adapt to whatever widths Verilator chose (CData, IData,
// QData or VlWide) so a user's top with other bus widths drops in. The
// SRAMIF port set is used only when the top has it. Verilated with --sc
// (VM_SC, the SystemC harness) the same code drives SystemC ports
// (verilated_sc_ports.h) and the clock comes from the harness's sc_clock.
// The rest (clocking, waves, create, elaboration) is verilated_shim.h's
// rtl_dut, shared with ethosu_rtl.cpp; this file describes the top.
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#include "Vdut.h"
#include "verilated_shim.h"

extern "C" {
#include "dut.h"
#include "nvdla_pins.h"
}

namespace {

using namespace shim;

// Both AXI port sets have the same shape; a macro spells the names once.
#define AXI_IN(top, pfx, a)                                                   \
    do {                                                                      \
        put(top->pfx##_aw_awready, (a).aw_ready);                             \
        put(top->pfx##_w_wready, (a).w_ready);                                \
        put(top->pfx##_ar_arready, (a).ar_ready);                             \
        put(top->pfx##_b_bvalid, (a).b_valid);                                \
        put(top->pfx##_b_bid, (a).b_id);                                      \
        put(top->pfx##_r_rvalid, (a).r_valid);                                \
        put(top->pfx##_r_rid, (a).r_id);                                      \
        put(top->pfx##_r_rlast, (a).r_last);                                  \
        put_bytes(top->pfx##_r_rdata, (a).r_data, AXI_MAX_DATA_BYTES);        \
    } while (0)

#define AXI_OUT(top, pfx, a, db)                                              \
    do {                                                                      \
        (a).aw_valid = get(top->pfx##_aw_awvalid);                            \
        (a).aw_id = get(top->pfx##_aw_awid);                                  \
        (a).aw_len = get(top->pfx##_aw_awlen);                                \
        (a).aw_addr = get(top->pfx##_aw_awaddr);                              \
        (a).aw_size = size_of(db);                                            \
        (a).aw_burst = AXI_BURST_INCR;                                        \
        (a).w_valid = get(top->pfx##_w_wvalid);                               \
        get_bytes(top->pfx##_w_wdata, (a).w_data, db);                        \
        (a).w_strb = get(top->pfx##_w_wstrb);                                 \
        (a).w_last = get(top->pfx##_w_wlast);                                 \
        (a).ar_valid = get(top->pfx##_ar_arvalid);                            \
        (a).ar_id = get(top->pfx##_ar_arid);                                  \
        (a).ar_len = get(top->pfx##_ar_arlen);                                \
        (a).ar_addr = get(top->pfx##_ar_araddr);                              \
        (a).ar_size = size_of(db);                                            \
        (a).ar_burst = AXI_BURST_INCR;                                        \
        (a).b_ready = get(top->pfx##_b_bready);                               \
        (a).r_ready = get(top->pfx##_r_rready);                               \
    } while (0)

// SRAMIF, only for tops that have it (SFINAE on the port's existence).
template <class T>
auto sram_in(T *top, const nvdla_pins *p, int) -> decltype(top->nvdla_core2cvsram_aw_awready, void())
{
    AXI_IN(top, nvdla_core2cvsram, p->sram);
}
template <class T> void sram_in(T *, const nvdla_pins *, long) {}
template <class T>
auto sram_out(T *top, nvdla_pins *p, unsigned db, int) -> decltype(top->nvdla_core2cvsram_aw_awvalid, void())
{
    AXI_OUT(top, nvdla_core2cvsram, p->sram, db);
}
template <class T> void sram_out(T *, nvdla_pins *, unsigned, long) {}
template <class T> auto has_sram(T *top, int) -> decltype(top->nvdla_core2cvsram_aw_awvalid, bool()) { return true; }
template <class T> bool has_sram(T *, long) { return false; }
// The SRAMIF's own data width (a top may make it differ from the DBBIF's).
template <class T>
auto sram_bytes(T *top, int) -> decltype(top->nvdla_core2cvsram_w_wdata, 0u) { return port_bytes(top->nvdla_core2cvsram_w_wdata); }
template <class T> unsigned sram_bytes(T *, long) { return 0; }

#ifndef RTL_TOP_NAME
#define RTL_TOP_NAME "NV_nvdla"
#endif

// What verilated_shim.h's rtl_dut needs to know of the NV_nvdla top.
struct nvdla_top;
using rtl = shim::rtl_dut<nvdla_top>;

struct nvdla_top {
    using dut_type = dut;
    using pins_type = nvdla_pins;
    using model_type = Vdut;
    static constexpr const char *name = RTL_TOP_NAME;
    static constexpr const char *family = "nvdla";
    static void inputs(rtl *r, const nvdla_pins *p);
    static void outputs(rtl *r, nvdla_pins *p);
    static void bus_info(dut &d, Vdut *t);
#if VM_SC
    static void bind_clock(Vdut *t, sc_core::sc_clock &clk);
#else
    static void set_clock(Vdut *t, int level);
#endif
};

void nvdla_top::inputs(rtl *r, const nvdla_pins *p)
{
    Vdut *t = r->top;
    put(t->dla_reset_rstn, p->rstn);
    put(t->direct_reset_, p->rstn);
    put(t->global_clk_ovr_on, 0);
    put(t->tmc2slcg_disable_clock_gating, 0);
    put(t->test_mode, 0);
    put(t->nvdla_pwrbus_ram_c_pd, 0);
    put(t->nvdla_pwrbus_ram_ma_pd, 0);
    put(t->nvdla_pwrbus_ram_mb_pd, 0);
    put(t->nvdla_pwrbus_ram_p_pd, 0);
    put(t->nvdla_pwrbus_ram_o_pd, 0);
    put(t->nvdla_pwrbus_ram_a_pd, 0);
    put(t->csb2nvdla_valid, p->csb.valid);
    put(t->csb2nvdla_addr, p->csb.addr);
    put(t->csb2nvdla_wdat, p->csb.wdat);
    put(t->csb2nvdla_write, p->csb.write);
    put(t->csb2nvdla_nposted, p->csb.nposted);
    AXI_IN(t, nvdla_core2dbb, p->dbb);
    sram_in(t, p, 0);
}

void nvdla_top::outputs(rtl *r, nvdla_pins *p)
{
    Vdut *t = r->top;
    p->csb.ready = get(t->csb2nvdla_ready);
    p->csb.rsp_valid = get(t->nvdla2csb_valid);
    p->csb.rsp_data = get(t->nvdla2csb_data);
    p->csb.wr_complete = get(t->nvdla2csb_wr_complete);
    p->dla_intr = get(t->dla_intr);
    AXI_OUT(t, nvdla_core2dbb, p->dbb, r->d.data_bytes);
    sram_out(t, p, r->d.sram_data_bytes ? r->d.sram_data_bytes : r->d.data_bytes, 0);
}

void nvdla_top::bus_info(dut &d, Vdut *t)
{
    d.has_sramif = has_sram(t, 0);
    d.sram_data_bytes = sram_bytes(t, 0);
    d.data_bytes = port_bytes(t->nvdla_core2dbb_w_wdata);
    d.addr_bits = port_bytes(t->nvdla_core2dbb_aw_awaddr) > 4 ? 64 : 32;
}

#if VM_SC
void nvdla_top::bind_clock(Vdut *t, sc_core::sc_clock &clk)
{
    t->dla_core_clk(clk);
    t->dla_csb_clk(clk);
}

[[maybe_unused]] const bool registered = sc_harness::on_elaborate(shim::rtl_elaborate<nvdla_top>);
#else
void nvdla_top::set_clock(Vdut *t, int level)
{
    put(t->dla_core_clk, level);
    put(t->dla_csb_clk, level);
}
#endif

}  // namespace

extern "C" struct dut *dut_rtl_create(const char *family, char *errbuf, unsigned errlen)
{
    return shim::rtl_create<nvdla_top>(family, errbuf, errlen);
}
