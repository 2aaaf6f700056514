// verilated_shim: what the Verilator shims (dut_rtl.cpp for NV_nvdla,
// ethosu_rtl.cpp for ethosu65) share: moving values between C pin structs
// and Verilator ports of any width (CData, IData, QData or VlWide), VCD
// files written by Verilator, gzip'd through zlib at close when asked, and
// the Verilated top behind a C DUT interface (rtl_dut below: clocking,
// waves, describe, destroy, create, SystemC elaboration), so that a shim
// holds only its top's ports and clocks.
// A model Verilated with --sc (VM_SC=1, the SystemC harness) has SystemC
// ports: the same put/get calls then come from verilated_sc_ports.h, and
// its waves from VerilatedVcdSc (sc_waves below).
#ifndef VERILATED_SHIM_H
#define VERILATED_SHIM_H

#include <cstdint>
#include <cstdio>
#include <string>
#include <zlib.h>

#include "verilated.h"
#include "verilated_vcd_c.h"
#if VM_SC
#include "sc_harness.h"
#include "verilated_sc_ports.h"
#include "verilated_vcd_sc.h"
#endif
#if VM_COVERAGE
#include <cstdlib>
#include "verilated_cov.h"
#endif

extern "C" {
#include "dut.h"   // struct dut_waves_cfg
#include "sim_cli.h"   // sim_cli_args
}

namespace shim {

// Why the model stopped itself (empty while it runs): Verilator's own
// "%Error: ..." line of a fatal error, or the $finish line.
inline std::string stop_reason;

}  // namespace shim

// A model's fatal error ($stop, $fatal, an error of the Verilator runtime
// such as a plusarg read without command arguments) ends the test, not the
// process: the line is Verilator's own, the run then fails at the end of
// the cycle (dut->stopped) with its report, waves and reproduce line, and
// exits 1 like any failing test. scripts/rtl_build.sh defines VL_USER_FATAL
// for every translation unit; only one shim is linked per simulator.
#ifdef VL_USER_FATAL
void vl_fatal(const char *filename, int linenum, const char *hier, const char *msg)
{
    (void)hier;
    Verilated::threadContextp()->gotError(true);
    Verilated::threadContextp()->gotFinish(true);
    char line[1024];
    if (filename && filename[0])
        snprintf(line, sizeof line, "%%Error: %s:%d: %s", filename, linenum, msg);
    else
        snprintf(line, sizeof line, "%%Error: %s", msg);
    printf("%s\n", line);
    fflush(stdout);
    if (shim::stop_reason.empty())
        shim::stop_reason = line;
}
#endif

namespace shim {

#if !VM_SC

// Scalars and vectors up to 64 bits.
template <class T> inline void put(T &port, uint64_t v) { port = static_cast<T>(v); }
template <class T> uint64_t get(const T &port) { return static_cast<uint64_t>(port); }
// Wide vectors.
template <std::size_t N> inline void put(VlWide<N> &port, uint64_t v)
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
#endif


inline uint8_t size_of(unsigned db)
{
    uint8_t s = 0;
    while ((1u << s) < db)
        s++;
    return s;
}

inline int compress(const std::string &from, const std::string &to)
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


// A VCD written by Verilator at the kernel's sampling points: the clock-low
// half after inputs are applied (dump) and the clock-high half after the
// edge (edge), so waves show every cycle like the twin's.
struct waves {
    VerilatedVcdC *vcd = nullptr;
    std::string vcd_path, gz_path;
    bool dumped = false;
};

template <class Top>
int waves_open(waves &w, Top *top, const char *path, int gz, char *err, unsigned len)
{
    w.vcd = new VerilatedVcdC;
    top->trace(w.vcd, 99);
    w.vcd_path = path;
    if (gz) {
        w.gz_path = path;
        w.vcd_path = std::string(path) + ".tmp";
    }
    w.vcd->open(w.vcd_path.c_str());
    if (!w.vcd->isOpen()) {
        snprintf(err, len, "cannot open %s for writing", w.vcd_path.c_str());
        delete w.vcd;
        w.vcd = nullptr;
        return -1;
    }
    w.dumped = false;
    return 0;
}

inline void waves_dump(waves &w, VerilatedContext *ctx)
{
    if (!w.vcd)
        return;
    w.vcd->dump(ctx->time());
    w.dumped = true;
}

// After the clock edge: half a period later the high phase, then the next low.
inline void waves_edge(waves &w, VerilatedContext *ctx)
{
    ctx->timeInc(5);
    if (w.vcd && w.dumped)
        w.vcd->dump(ctx->time());
    w.dumped = false;
    ctx->timeInc(5);
}

inline int waves_close(waves &w)
{
    if (!w.vcd)
        return 0;
    w.vcd->close();
    delete w.vcd;
    w.vcd = nullptr;
    return w.gz_path.empty() ? 0 : compress(w.vcd_path, w.gz_path);
}

#if VM_SC
// Waves of the SystemC build: a VerilatedVcdSc, which the SystemC kernel
// dumps at the end of every time step (both clock edges). It must be
// attached to the model after elaboration and before the first time step
// (waves_open runs in the harness thread at time 0) and can only start and
// stop by opening and closing the file, so the cycle window of the kernel
// (which calls dump only inside it) opens it at the first dump and closes
// it at the first cycle without one.
struct sc_waves {
    VerilatedVcdSc *vcd = nullptr;   // never deleted: the kernel keeps calling it
    std::string vcd_path, gz_path;
    enum { before, dumping, after } state = before;
    bool dumped = false;
};

template <class Top>
int sc_waves_open(sc_waves &w, Top *top, const char *path, int gz, char *err, unsigned len)
{
    w.vcd_path = path;
    if (gz) {
        w.gz_path = path;
        w.vcd_path = std::string(path) + ".tmp";
    }
    FILE *f = fopen(w.vcd_path.c_str(), "w");   // report an unwritable path now, not mid-run
    if (!f) {
        snprintf(err, len, "cannot open %s for writing", w.vcd_path.c_str());
        return -1;
    }
    fclose(f);
    w.vcd = new VerilatedVcdSc;
    top->trace(w.vcd, 99);
    return 0;
}

// Inside the window, once per cycle (mid-cycle, inputs and outputs settled).
inline void sc_waves_dump(sc_waves &w)
{
    if (!w.vcd)
        return;
    if (w.state == sc_waves::before) {
        w.vcd->open(w.vcd_path.c_str());
        w.state = sc_waves::dumping;
    }
    w.dumped = true;
}

// Before each rising edge: a cycle without a dump is past the window.
inline void sc_waves_edge(sc_waves &w)
{
    if (w.state == sc_waves::dumping && !w.dumped) {
        w.vcd->close();
        w.state = sc_waves::after;
    }
    w.dumped = false;
}

inline int sc_waves_close(sc_waves &w)
{
    if (!w.vcd || (w.state == sc_waves::before && w.gz_path.empty()))
        return 0;
    w.vcd->close();
    w.state = sc_waves::after;
    std::string gz;
    gz.swap(w.gz_path);   // compress once
    return gz.empty() ? 0 : compress(w.vcd_path, gz);
}
#endif

// ---- A Verilated top behind a C DUT interface ---------------------------
// dut_rtl.cpp (NV_nvdla behind struct dut) and ethosu_rtl.cpp (ethosu65
// behind struct ethosu_dut) differ only in their ports and clocks; the
// rest is here, once. A shim describes its top by a struct Top with:
//   using dut_type    the C interface the kernel holds (dut, ethosu_dut)
//   using pins_type   its pin struct (nvdla_pins, ethosu_pins)
//   using model_type  the Verilated model (Vdut)
//   static constexpr const char *name                the top's module name
//   static void inputs(rtl_dut<Top> *, const pins_type *)   pins to input ports
//   static void outputs(rtl_dut<Top> *, pins_type *)        output ports to pins
//   static void bus_info(dut_type &, model_type *)   widths (and optional port
//                                                    sets) the kernel is told
//   static void set_clock(model_type *, int level)   C build: drive the clocks
//   static void bind_clock(model_type *, sc_core::sc_clock &)  SystemC build

// What the shim allocates per DUT; d.impl points back to it.
template <class Top> struct rtl_dut {
    typename Top::dut_type d;
    VerilatedContext *ctx;
    typename Top::model_type *top;
#if VM_SC
    sc_waves w;
#else
    waves w;
#endif
};

template <class Top> rtl_dut<Top> *rtl_of(typename Top::dut_type *d) { return static_cast<rtl_dut<Top> *>(d->impl); }

#if VM_SC
// Inputs go to the signals right after the rising edge; the outputs are
// read at the falling edge, when the delta cycles have settled them.
template <class Top> void rtl_eval(typename Top::dut_type *d, typename Top::pins_type *p)
{
    rtl_dut<Top> *r = rtl_of<Top>(d);
    Top::inputs(r, p);
    sc_core::wait(sc_harness::clock().negedge_event());
    Top::outputs(r, p);
}

template <class Top> void rtl_posedge(typename Top::dut_type *d, typename Top::pins_type *p)
{
    rtl_dut<Top> *r = rtl_of<Top>(d);
    Top::inputs(r, p);   // a fault injection may have changed inputs after eval
    sc_waves_edge(r->w);
    sc_core::wait(sc_harness::clock().posedge_event());
}

template <class Top>
int rtl_waves_open(typename Top::dut_type *d, const dut_waves_cfg *cfg, char *err, unsigned len)
{
    rtl_dut<Top> *r = rtl_of<Top>(d);
    return sc_waves_open(r->w, r->top, cfg->path, cfg->gz, err, len);
}

template <class Top> void rtl_waves_dump(typename Top::dut_type *d, const typename Top::pins_type *, uint64_t)
{
    sc_waves_dump(rtl_of<Top>(d)->w);
}

template <class Top> int rtl_waves_close(typename Top::dut_type *d) { return sc_waves_close(rtl_of<Top>(d)->w); }

template <class Top> void rtl_describe(typename Top::dut_type *d, char *buf, unsigned len)
{
    snprintf(buf, len, "Verilated top %s at %s (see the VCD with WAVES=1 for internals)", d->top,
             sc_core::sc_time_stamp().to_string().c_str());
}
#else
// The clock is driven low with this cycle's inputs and the outputs read;
// the rising edge comes in posedge.
template <class Top> void rtl_eval(typename Top::dut_type *d, typename Top::pins_type *p)
{
    rtl_dut<Top> *r = rtl_of<Top>(d);
    Top::inputs(r, p);
    Top::set_clock(r->top, 0);
    r->top->eval();
    Top::outputs(r, p);
}

template <class Top> void rtl_posedge(typename Top::dut_type *d, typename Top::pins_type *p)
{
    rtl_dut<Top> *r = rtl_of<Top>(d);
    Top::inputs(r, p);   // a fault injection may have changed inputs after eval
    Top::set_clock(r->top, 1);
    r->top->eval();
    waves_edge(r->w, r->ctx);
}

template <class Top>
int rtl_waves_open(typename Top::dut_type *d, const dut_waves_cfg *cfg, char *err, unsigned len)
{
    rtl_dut<Top> *r = rtl_of<Top>(d);
    return waves_open(r->w, r->top, cfg->path, cfg->gz, err, len);
}

template <class Top> void rtl_waves_dump(typename Top::dut_type *d, const typename Top::pins_type *, uint64_t)
{
    rtl_dut<Top> *r = rtl_of<Top>(d);
    waves_dump(r->w, r->ctx);   // clock low, inputs of this cycle applied
}

template <class Top> int rtl_waves_close(typename Top::dut_type *d) { return waves_close(rtl_of<Top>(d)->w); }

template <class Top> void rtl_describe(typename Top::dut_type *d, char *buf, unsigned len)
{
    snprintf(buf, len, "Verilated top %s at time %llu (see the VCD with WAVES=1 for internals)", d->top,
             static_cast<unsigned long long>(rtl_of<Top>(d)->ctx->time()));
}
#endif

// After a $finish (Verilator prints its own "- file:line: Verilog $finish"
// line) or a fatal error (vl_fatal above).
template <class Top> const char *rtl_stopped(typename Top::dut_type *d)
{
    if (!rtl_of<Top>(d)->ctx->gotFinish())
        return nullptr;
    if (stop_reason.empty())
        stop_reason = "the RTL called $finish";
    return stop_reason.c_str();
}

template <class Top> void rtl_destroy(typename Top::dut_type *d)
{
    if (!d)
        return;
    rtl_dut<Top> *r = rtl_of<Top>(d);
    rtl_waves_close<Top>(d);
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

// Fills the C interface once the model exists (bus_info reads its ports).
template <class Top> void rtl_setup(rtl_dut<Top> *r)
{
    r->d.kind = "rtl";
    r->d.top = Top::name;
    Top::bus_info(r->d, r->top);
    r->d.eval = rtl_eval<Top>;
    r->d.posedge = rtl_posedge<Top>;
    r->d.waves_open = rtl_waves_open<Top>;
    r->d.waves_dump = rtl_waves_dump<Top>;
    r->d.waves_close = rtl_waves_close<Top>;
    r->d.describe = rtl_describe<Top>;
    r->d.stopped = rtl_stopped<Top>;
    r->d.destroy = rtl_destroy<Top>;
    r->d.impl = r;
}

#if VM_SC
// A SystemC top must be built and every port bound before sc_start, while
// the kernel creates its DUT later, inside the harness thread: the shim
// registers rtl_elaborate<Top> with sc_harness::on_elaborate, which builds
// the DUT into this slot, and rtl_create<Top> hands it out.
template <class Top> inline rtl_dut<Top> *elaborated_rtl = nullptr;

template <class Top> bool rtl_elaborate()
{
    Verilated::traceEverOn(true);   // before the model is built
    int argc;
    char **argv;
    sim_cli_args(&argc, &argv);     // the model's plusargs (sc_main recorded them)
    Verilated::commandArgs(argc, argv);
    rtl_dut<Top> *r = new rtl_dut<Top>();
    r->ctx = Verilated::threadContextp();
    r->top = new typename Top::model_type("dut");
    Top::bind_clock(r->top, sc_harness::clock());
    rtl_setup(r);
    typename Top::pins_type idle{};   // every other port bound to a signal, reset asserted
    Top::inputs(r, &idle);
    Top::outputs(r, &idle);
    char err[256];
    if (sc_tie_unused(r->top, err, sizeof err)) {
        fprintf(stderr, "sim: %s: %s\n", Top::name, err);
        return false;
    }
    elaborated_rtl<Top> = r;
    return true;
}
#endif

// The shim's create function: the elaborated DUT (SystemC build, one per
// simulation) or a new model in a context of its own (C build).
template <class Top> typename Top::dut_type *rtl_create(char *errbuf, unsigned errlen)
{
#if VM_SC
    rtl_dut<Top> *r = elaborated_rtl<Top>;
    elaborated_rtl<Top> = nullptr;   // one DUT per simulation
    if (!r)
        snprintf(errbuf, errlen, "no elaborated %s left: one DUT per SystemC simulation", Top::name);
    return r ? &r->d : nullptr;
#else
    (void)errbuf;
    (void)errlen;
    rtl_dut<Top> *r = new rtl_dut<Top>();
    r->ctx = new VerilatedContext;
    r->ctx->traceEverOn(true);
    int argc;
    char **argv;
    sim_cli_args(&argc, &argv);     // the model's plusargs: real RTL reads them
    r->ctx->commandArgs(argc, argv);
    r->top = new typename Top::model_type{r->ctx, "TOP"};
    rtl_setup(r);
    return &r->d;
#endif
}

}  // namespace shim

#endif
