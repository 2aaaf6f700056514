// verilated_shim: what the Verilator shims (dut_rtl.cpp for NV_nvdla,
// ethosu_rtl.cpp for ethosu65) share: moving values between C pin structs
// and Verilator ports of any width (CData, IData, QData or VlWide), and VCD
// files written by Verilator, gzip'd through zlib at close when asked.
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
#include "verilated_sc_ports.h"
#include "verilated_vcd_sc.h"
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

}  // namespace shim

#endif
