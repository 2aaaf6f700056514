// dut_rtl: the Verilated NV_nvdla (or a user's top with the same ports)
// behind the C dut interface. The only C++ in the harness. The model is
// always built with --prefix Vdut; ports are matched by name, and the
// templates below adapt to whatever widths Verilator chose (CData, IData,
// QData or VlWide) so a user's top with other bus widths drops in. The
// SRAMIF port set is used only when the top has it.
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <zlib.h>

#include "Vdut.h"
#include "verilated.h"
#include "verilated_vcd_c.h"

extern "C" {
#include "dut.h"
}

namespace {

// Scalars and vectors up to 64 bits.
template <class T> void put(T &port, uint64_t v) { port = static_cast<T>(v); }
template <class T> uint64_t get(const T &port) { return static_cast<uint64_t>(port); }
// Wide vectors.
template <std::size_t N> void put(VlWide<N> &port, uint64_t v)
{
    for (std::size_t i = 0; i < N; i++)
        port[i] = i == 0 ? static_cast<uint32_t>(v) : i == 1 ? static_cast<uint32_t>(v >> 32) : 0;
}
template <std::size_t N> uint64_t get(const VlWide<N> &port)
{
    return port[0] | (N > 1 ? static_cast<uint64_t>(port[1]) << 32 : 0);
}
// Data buses as little-endian bytes.
template <class T> void put_bytes(T &port, const uint8_t *b, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n && i < sizeof(T); i++)
        v |= static_cast<uint64_t>(b[i]) << (8 * i);
    port = static_cast<T>(v);
}
template <class T> void get_bytes(const T &port, uint8_t *b, unsigned n)
{
    uint64_t v = static_cast<uint64_t>(port);
    for (unsigned i = 0; i < n; i++)
        b[i] = i < 8 ? static_cast<uint8_t>(v >> (8 * i)) : 0;
}
template <std::size_t N> void put_bytes(VlWide<N> &port, const uint8_t *b, unsigned n)
{
    for (std::size_t w = 0; w < N; w++) {
        uint32_t v = 0;
        for (unsigned i = 0; i < 4; i++)
            if (w * 4 + i < n)
                v |= static_cast<uint32_t>(b[w * 4 + i]) << (8 * i);
        port[w] = v;
    }
}
template <std::size_t N> void get_bytes(const VlWide<N> &port, uint8_t *b, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        b[i] = i / 4 < N ? static_cast<uint8_t>(port[i / 4] >> (8 * (i % 4))) : 0;
}
template <class T> unsigned port_bytes(const T &) { return sizeof(T) > 8 ? 8 : sizeof(T); }
template <std::size_t N> unsigned port_bytes(const VlWide<N> &) { return N * 4; }

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

uint8_t size_of(unsigned db)
{
    uint8_t s = 0;
    while ((1u << s) < db)
        s++;
    return s;
}

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
    VerilatedVcdC *vcd;
    std::string vcd_path, gz_path;
    bool dumped;   // this cycle's clock-low half was dumped: dump the high half too
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
    r->ctx->timeInc(5);
    if (r->vcd && r->dumped)
        r->vcd->dump(r->ctx->time());
    r->dumped = false;
    r->ctx->timeInc(5);
}

int rtl_waves_open(dut *d, const dut_waves_cfg *cfg, char *err, unsigned len)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    r->vcd = new VerilatedVcdC;
    r->top->trace(r->vcd, 99);
    r->vcd_path = cfg->path;
    if (cfg->gz) {   // Verilator writes plain text; compressed through zlib at close
        r->gz_path = cfg->path;
        r->vcd_path = std::string(cfg->path) + ".tmp";
    }
    r->vcd->open(r->vcd_path.c_str());
    if (!r->vcd->isOpen()) {
        snprintf(err, len, "cannot open %s for writing", r->vcd_path.c_str());
        delete r->vcd;
        r->vcd = nullptr;
        return -1;
    }
    r->dumped = false;
    return 0;
}

void rtl_waves_dump(dut *d, const nvdla_pins *, uint64_t)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    if (!r->vcd)
        return;
    r->vcd->dump(r->ctx->time());   // clock low, inputs of this cycle applied
    r->dumped = true;
}

int compress(const std::string &from, const std::string &to)
{
    FILE *in = fopen(from.c_str(), "rb");
    gzFile out = gzopen(to.c_str(), "wb6");
    int rc = in && out ? 0 : -1;
    char buf[1 << 16];
    size_t n;
    while (!rc && (n = fread(buf, 1, sizeof buf, in)) > 0)
        if (gzwrite(out, buf, static_cast<unsigned>(n)) != static_cast<int>(n))
            rc = -1;
    if (in)
        fclose(in);
    if (out && gzclose(out) != Z_OK)
        rc = -1;
    if (!rc)
        remove(from.c_str());
    return rc;
}

int rtl_waves_close(dut *d)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    if (!r->vcd)
        return 0;
    r->vcd->close();
    delete r->vcd;
    r->vcd = nullptr;
    return r->gz_path.empty() ? 0 : compress(r->vcd_path, r->gz_path);
}

void rtl_describe(dut *d, char *buf, unsigned len)
{
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    snprintf(buf, len, "Verilated top %s at time %llu (see the VCD with WAVES=1 for internals)",
             d->top, static_cast<unsigned long long>(r->ctx->time()));
}

void rtl_destroy(dut *d)
{
    if (!d)
        return;
    rtl *r = reinterpret_cast<rtl *>(d->impl);
    rtl_waves_close(d);
    r->top->final();
    delete r->top;
    delete r->ctx;
    delete r;
}

}  // namespace

extern "C" struct dut *dut_rtl_create(char *errbuf, unsigned errlen)
{
    (void)errbuf;
    (void)errlen;
    rtl *r = new rtl();
    r->ctx = new VerilatedContext;
    r->ctx->traceEverOn(true);
    r->top = new Vdut{r->ctx, "TOP"};
    r->d.kind = "rtl";
#ifndef RTL_TOP_NAME
#define RTL_TOP_NAME "NV_nvdla"
#endif
    r->d.top = RTL_TOP_NAME;
    r->d.has_sramif = has_sram(r->top, 0);
    r->d.data_bytes = port_bytes(r->top->nvdla_core2dbb_w_wdata);
    r->d.addr_bits = sizeof(r->top->nvdla_core2dbb_aw_awaddr) > 4 ? 64 : 32;
    r->d.eval = rtl_eval;
    r->d.posedge = rtl_posedge;
    r->d.waves_open = rtl_waves_open;
    r->d.waves_dump = rtl_waves_dump;
    r->d.waves_close = rtl_waves_close;
    r->d.describe = rtl_describe;
    r->d.destroy = rtl_destroy;
    r->d.impl = r;
    return &r->d;
}
