// dut_rtl: the Verilated NV_nvdla (or a user's top with the same ports)
// behind the C dut interface. The only C++ in the harness. The model is
// always built with --prefix Vdut; ports are matched by name, and the
// templates below adapt to whatever widths Verilator chose (CData, IData,
// QData or VlWide) so a user's top with other bus widths drops in. The
// SRAMIF port set is used only when the top has it. Verilated with --sc
// (VM_SC, the SystemC harness) the same code drives SystemC ports
// (verilated_sc_ports.h) and the clock comes from the harness's sc_clock.
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#include "Vdut.h"
#if VM_COVERAGE
#include <cstdlib>
#include "verilated_cov.h"
#endif
#include "verilated_shim.h"
#if VM_SC
#include "sc_harness.h"
#endif

extern "C" {
#include "dut.h"
#include "ethosu_dut.h"
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

struct rtl {
    dut d;
    VerilatedContext *ctx;
    Vdut *top;
#if VM_SC
    shim::sc_waves w;
#else
    shim::waves w;
#endif
};

void inputs(rtl *r, const nvdla_pins *p)
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

void outputs(rtl *r, nvdla_pins *p)
{
    Vdut *t = r->top;
    p->csb.ready = get(t->csb2nvdla_ready);
    p->csb.rsp_valid = get(t->nvdla2csb_valid);
    p->csb.rsp_data = get(t->nvdla2csb_data);
    p->csb.wr_complete = get(t->nvdla2csb_wr_complete);
    p->dla_intr = get(t->dla_intr);
    AXI_OUT(t, nvdla_core2dbb, p->dbb, r->d.data_bytes);
    sram_out(t, p, r->d.data_bytes, 0);
}

#if VM_SC
// Inputs go to the signals right after the rising edge; the outputs are
// read at the falling edge, when the delta cycles have settled them.
void rtl_eval(dut *d, nvdla_pins *p)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    inputs(r, p);
    sc_core::wait(sc_harness::clock().negedge_event());
    outputs(r, p);
}

void rtl_posedge(dut *d, nvdla_pins *p)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    inputs(r, p);   // a fault injection may have changed inputs after eval
    shim::sc_waves_edge(r->w);
    sc_core::wait(sc_harness::clock().posedge_event());
}

int rtl_waves_open(dut *d, const dut_waves_cfg *cfg, char *err, unsigned len)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    return shim::sc_waves_open(r->w, r->top, cfg->path, cfg->gz, err, len);
}

void rtl_waves_dump(dut *d, const nvdla_pins *, uint64_t)
{
    shim::sc_waves_dump(reinterpret_cast<rtl *>(d->impl)->w);
}

int rtl_waves_close(dut *d)
{
    return shim::sc_waves_close(reinterpret_cast<rtl *>(d->impl)->w);
}
#else
void set_clk(Vdut *t, int v)
{
    put(t->dla_core_clk, v);
    put(t->dla_csb_clk, v);
}

void rtl_eval(dut *d, nvdla_pins *p)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    inputs(r, p);
    set_clk(r->top, 0);
    r->top->eval();
    outputs(r, p);
}

void rtl_posedge(dut *d, nvdla_pins *p)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    inputs(r, p);   // a fault injection may have changed inputs after eval
    set_clk(r->top, 1);
    r->top->eval();
    shim::waves_edge(r->w, r->ctx);
}

int rtl_waves_open(dut *d, const dut_waves_cfg *cfg, char *err, unsigned len)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    return shim::waves_open(r->w, r->top, cfg->path, cfg->gz, err, len);
}

void rtl_waves_dump(dut *d, const nvdla_pins *, uint64_t)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    shim::waves_dump(r->w, r->ctx);   // clock low, inputs of this cycle applied
}

int rtl_waves_close(dut *d)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    return shim::waves_close(r->w);
}

#endif

void rtl_describe(dut *d, char *buf, unsigned len)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
#if VM_SC
    (void)r;
    snprintf(buf, len, "Verilated top %s at %s (see the VCD with WAVES=1 for internals)", d->top,
             sc_core::sc_time_stamp().to_string().c_str());
#else
    snprintf(buf, len, "Verilated top %s at time %llu (see the VCD with WAVES=1 for internals)",
             d->top, static_cast<unsigned long long>(r->ctx->time()));
#endif
}

void rtl_destroy(dut *d)
{
    if (!d)
        return;
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    rtl_waves_close(d);
    r->top->final();
#if VM_COVERAGE
    {   // coverage builds (RTL_COVERAGE=1): where scripts/coverage.sh asked for the data
        const char *cov = std::getenv("VERILATOR_COV_FILE");
        r->ctx->coveragep()->write(cov && *cov ? cov : "coverage.dat");
    }
#endif
#if !VM_SC   // a SystemC module lives as long as the simulation
    delete r->top;
    delete r->ctx;
    delete r;
#endif
}

void rtl_setup(rtl *r)
{
    r->d.kind = "rtl";
#ifndef RTL_TOP_NAME
#define RTL_TOP_NAME "NV_nvdla"
#endif
    r->d.top = RTL_TOP_NAME;
    r->d.has_sramif = has_sram(r->top, 0);
    r->d.data_bytes = port_bytes(r->top->nvdla_core2dbb_w_wdata);
    r->d.addr_bits = port_bytes(r->top->nvdla_core2dbb_aw_awaddr) > 4 ? 64 : 32;
    r->d.eval = rtl_eval;
    r->d.posedge = rtl_posedge;
    r->d.waves_open = rtl_waves_open;
    r->d.waves_dump = rtl_waves_dump;
    r->d.waves_close = rtl_waves_close;
    r->d.describe = rtl_describe;
    r->d.destroy = rtl_destroy;
    r->d.impl = r;
}

#if VM_SC
// Built during elaboration (sc_harness.h), handed out by dut_rtl_create.
rtl *elaborated;

bool rtl_elaborate()
{
    Verilated::traceEverOn(true);   // before the model is built
    rtl *r = new rtl();
    r->ctx = Verilated::threadContextp();
    r->top = new Vdut("dut");
    r->top->dla_core_clk(sc_harness::clock());
    r->top->dla_csb_clk(sc_harness::clock());
    rtl_setup(r);
    nvdla_pins idle{};   // every other port bound to a signal, reset asserted
    inputs(r, &idle);
    outputs(r, &idle);
    char err[256];
    if (shim::sc_tie_unused(r->top, err, sizeof err)) {
        fprintf(stderr, "sim: %s: %s\n", RTL_TOP_NAME, err);
        return false;
    }
    elaborated = r;
    return true;
}
[[maybe_unused]] const bool registered = sc_harness::on_elaborate(rtl_elaborate);
#endif

}  // namespace

extern "C" struct dut *dut_rtl_create(char *errbuf, unsigned errlen)
{
#if VM_SC
    rtl *r = elaborated;
    elaborated = nullptr;   // one DUT per simulation
    if (!r)
        snprintf(errbuf, errlen, "no elaborated %s left: one DUT per SystemC simulation", RTL_TOP_NAME);
    return r ? &r->d : NULL;
#else
    (void)errbuf;
    (void)errlen;
    rtl *r = new rtl();
    r->ctx = new VerilatedContext;
    r->ctx->traceEverOn(true);
    r->top = new Vdut{r->ctx, "TOP"};
    rtl_setup(r);
    return &r->d;
#endif
}

// This binary holds an NVDLA top: the Ethos-U65 side is not built in.
extern "C" struct ethosu_dut *ethosu_rtl_create(char *errbuf, unsigned errlen)
{
    snprintf(errbuf, errlen, "this simulator was Verilated for %s, not for the ethosu65 top", RTL_TOP_NAME);
    return NULL;
}
