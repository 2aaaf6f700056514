// ethosu_rtl: the Verilated ethosu65 top (rtl_stubs/ethosu65, or a user's
// top with the same ports) behind the C ethosu_dut interface. Ports are
// matched by the TRM signal names; widths adapt through verilated_shim.h.
// The clock and power Q-channels are tied to "no request", the clock
// enables to 1. Verilated with --sc (VM_SC) it runs on the SystemC
// harness's clock, as dut_rtl.cpp does.
#include <cstdio>
#include <cstring>
#include <string>

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

struct rtl {
    ethosu_dut d;
    VerilatedContext *ctx;
    Vdut *top;
#if VM_SC
    shim::sc_waves w;
#else
    shim::waves w;
#endif
};

void inputs(rtl *r, const ethosu_pins *p)
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

void outputs(rtl *r, ethosu_pins *p)
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

#if VM_SC
// Inputs right after the rising edge, outputs read at the falling edge.
void rtl_eval(ethosu_dut *d, ethosu_pins *p)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    inputs(r, p);
    sc_core::wait(sc_harness::clock().negedge_event());
    outputs(r, p);
}

void rtl_posedge(ethosu_dut *d, ethosu_pins *p)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    inputs(r, p);
    shim::sc_waves_edge(r->w);
    sc_core::wait(sc_harness::clock().posedge_event());
}

int rtl_waves_open(ethosu_dut *d, const dut_waves_cfg *cfg, char *err, unsigned len)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    return shim::sc_waves_open(r->w, r->top, cfg->path, cfg->gz, err, len);
}

void rtl_waves_dump(ethosu_dut *d, const ethosu_pins *, uint64_t)
{
    shim::sc_waves_dump(reinterpret_cast<rtl *>(d->impl)->w);
}

int rtl_waves_close(ethosu_dut *d)
{
    return shim::sc_waves_close(reinterpret_cast<rtl *>(d->impl)->w);
}
#else
void rtl_eval(ethosu_dut *d, ethosu_pins *p)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    inputs(r, p);
    put(r->top->CLK, 0);
    r->top->eval();
    outputs(r, p);
}

void rtl_posedge(ethosu_dut *d, ethosu_pins *p)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    inputs(r, p);
    put(r->top->CLK, 1);
    r->top->eval();
    shim::waves_edge(r->w, r->ctx);
}

int rtl_waves_open(ethosu_dut *d, const dut_waves_cfg *cfg, char *err, unsigned len)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    return shim::waves_open(r->w, r->top, cfg->path, cfg->gz, err, len);
}

void rtl_waves_dump(ethosu_dut *d, const ethosu_pins *, uint64_t)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    shim::waves_dump(r->w, r->ctx);
}

int rtl_waves_close(ethosu_dut *d)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    return shim::waves_close(r->w);
}

#endif

void rtl_describe(ethosu_dut *d, char *buf, unsigned len)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
#if VM_SC
    (void)r;
    snprintf(buf, len, "Verilated top %s at %s (see the VCD with WAVES=1 for internals)", d->top,
             sc_core::sc_time_stamp().to_string().c_str());
#else
    snprintf(buf, len, "Verilated top %s at time %llu (see the VCD with WAVES=1 for internals)", d->top,
             static_cast<unsigned long long>(r->ctx->time()));
#endif
}

void rtl_destroy(ethosu_dut *d)
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

#ifndef RTL_TOP_NAME
#define RTL_TOP_NAME "ethosu65"
#endif

void rtl_setup(rtl *r)
{
    r->d.kind = "rtl";
    r->d.top = RTL_TOP_NAME;
    r->d.data_bytes = port_bytes(r->top->WDATAM0);
    r->d.addr_bits = port_bytes(r->top->AWADDRM0) > 4 ? 40 : 32;
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
// Built during elaboration (sc_harness.h), handed out by ethosu_rtl_create.
rtl *elaborated;

bool rtl_elaborate()
{
    Verilated::traceEverOn(true);   // before the model is built
    rtl *r = new rtl();
    r->ctx = Verilated::threadContextp();
    r->top = new Vdut("dut");
    r->top->CLK(sc_harness::clock());
    rtl_setup(r);
    ethosu_pins idle{};   // every other port bound to a signal, nRESET asserted
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

extern "C" struct ethosu_dut *ethosu_rtl_create(char *errbuf, unsigned errlen)
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

// This binary holds the Ethos-U65 top: the NVDLA side is not built in.
extern "C" struct dut *dut_rtl_create(char *errbuf, unsigned errlen)
{
    snprintf(errbuf, errlen, "this simulator was Verilated for %s, not for an NV_nvdla top", RTL_TOP_NAME);
    return NULL;
}
