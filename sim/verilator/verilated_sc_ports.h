// verilated_sc_ports: the put/get/put_bytes/get_bytes/port_bytes of
// verilated_shim.h for a model Verilated with --sc, whose ports are
// sc_in<T>/sc_out<T> (T = bool, uint32_t, uint64_t, or sc_bv<N> above 64
// bits), so one shim source serves both builds. The first use of a port,
// during elaboration, binds it to a fresh sc_signal<T> (a Verilated top
// must have every port bound before sc_start: the shims call inputs() and
// outputs() once then); later a put writes that signal, a get reads the
// port. Clock ports are bound to the harness clock instead, never put.
#ifndef VERILATED_SC_PORTS_H
#define VERILATED_SC_PORTS_H

#include <cstdint>
#include <cstdio>
#include <systemc>

namespace shim {

// The signals made for the ports are never deleted: like the model, they
// must outlive the simulation, i.e. live as long as the program.
inline bool sc_elaborating() { return !sc_core::sc_get_curr_simcontext()->elaboration_done(); }

// Values of the port types to and from 64 bits (wider buses go by bytes).
inline void sc_from(bool &to, uint64_t v) { to = v & 1; }
inline void sc_from(uint32_t &to, uint64_t v) { to = static_cast<uint32_t>(v); }
inline void sc_from(uint64_t &to, uint64_t v) { to = v; }
template <int N> void sc_from(sc_dt::sc_bv<N> &to, uint64_t v)
{
    to = 0;
    to.set_word(0, static_cast<uint32_t>(v));
    if (N > 32)
        to.set_word(1, static_cast<uint32_t>(v >> 32));
}
inline uint64_t sc_to(bool v) { return v; }
inline uint64_t sc_to(uint32_t v) { return v; }
inline uint64_t sc_to(uint64_t v) { return v; }
template <int N> uint64_t sc_to(const sc_dt::sc_bv<N> &v)
{
    return v.get_word(0) | (N > 32 ? static_cast<uint64_t>(v.get_word(1)) << 32 : 0);
}

// The signal driving an input port: bound on first use (elaboration).
template <class T> sc_core::sc_signal<T> &sc_driver(sc_core::sc_in<T> &port)
{
    if (sc_elaborating()) {
        auto *s = new sc_core::sc_signal<T>(sc_core::sc_gen_unique_name(port.basename()));
        port.bind(*s);
        return *s;
    }
    // after elaboration the port's interface is the signal bound above
    return *static_cast<sc_core::sc_signal<T> *>(port.operator->());
}

// Whether an output port can be read: during elaboration it cannot, and is
// bound to a signal instead (the caller reads 0).
template <class T> bool sc_sink(sc_core::sc_out<T> &port)
{
    if (!sc_elaborating())
        return true;
    port.bind(*new sc_core::sc_signal<T>(sc_core::sc_gen_unique_name(port.basename())));
    return false;
}

template <class T> void put(sc_core::sc_in<T> &port, uint64_t v)
{
    T t;
    sc_from(t, v);
    sc_driver(port).write(t);
}
template <class T> uint64_t get(sc_core::sc_out<T> &port) { return sc_sink(port) ? sc_to(port.read()) : 0; }

// Data buses as little-endian bytes.
template <class T> void put_bytes(sc_core::sc_in<T> &port, const uint8_t *b, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n && i < 8; i++)
        v |= static_cast<uint64_t>(b[i]) << (8 * i);
    put(port, v);
}
template <int N> void put_bytes(sc_core::sc_in<sc_dt::sc_bv<N>> &port, const uint8_t *b, unsigned n)
{
    sc_dt::sc_bv<N> v;
    for (int w = 0; w < (N + 31) / 32; w++) {
        uint32_t x = 0;
        for (unsigned i = 0; i < 4; i++)
            if (w * 4u + i < n)
                x |= static_cast<uint32_t>(b[w * 4 + i]) << (8 * i);
        v.set_word(w, x);
    }
    sc_driver(port).write(v);
}
template <class T> void get_bytes(sc_core::sc_out<T> &port, uint8_t *b, unsigned n)
{
    uint64_t v = get(port);
    for (unsigned i = 0; i < n; i++)
        b[i] = i < 8 ? static_cast<uint8_t>(v >> (8 * i)) : 0;
}
template <int N> void get_bytes(sc_core::sc_out<sc_dt::sc_bv<N>> &port, uint8_t *b, unsigned n)
{
    if (!sc_sink(port)) {
        for (unsigned i = 0; i < n; i++)
            b[i] = 0;
        return;
    }
    const sc_dt::sc_bv<N> &v = port.read();
    for (unsigned i = 0; i < n; i++)
        b[i] = static_cast<int>(i / 4) < (N + 31) / 32 ? static_cast<uint8_t>(v.get_word(i / 4) >> (8 * (i % 4))) : 0;
}

// Ports the shim never touches (an output it does not read, e.g. AWCACHE,
// or a user top's extra sideband pin) must still be bound: each goes to a
// signal of its own, inputs thus tied to 0. Call after inputs() and
// outputs() during elaboration. Returns 0, or -1 naming a port of a type
// it cannot bind (wide vectors the shim does not use).
template <class P, class T> bool sc_tie(sc_core::sc_port_base *port)
{
    auto *p = dynamic_cast<P *>(port);
    if (p)
        p->bind(*new sc_core::sc_signal<T>(sc_core::sc_gen_unique_name(p->basename())));
    return p != nullptr;
}
inline int sc_tie_unused(sc_core::sc_module *top, char *err, unsigned len)
{
    using namespace sc_core;
    for (sc_object *o : top->get_child_objects()) {
        auto *port = dynamic_cast<sc_port_base *>(o);
        if (!port || port->bind_count() > 0)
            continue;
        if (sc_tie<sc_in<bool>, bool>(port) || sc_tie<sc_in<uint32_t>, uint32_t>(port) ||
            sc_tie<sc_in<uint64_t>, uint64_t>(port) || sc_tie<sc_out<bool>, bool>(port) ||
            sc_tie<sc_out<uint32_t>, uint32_t>(port) || sc_tie<sc_out<uint64_t>, uint64_t>(port))
            continue;
        snprintf(err, len, "port %s is not used by the shim and too wide to tie off", port->name());
        return -1;
    }
    return 0;
}

template <class T> unsigned port_bytes(const sc_core::sc_out<T> &) { return sizeof(T) > 8 ? 8 : sizeof(T); }
template <int N> unsigned port_bytes(const sc_core::sc_out<sc_dt::sc_bv<N>> &) { return (N + 7) / 8; }

}  // namespace shim

#endif
