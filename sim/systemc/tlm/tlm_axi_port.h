// tlm_axi_port: one AXI manager port of a wrapped twin, built the same way
// for every port of both wrappers: the axi_mem BFM that answers the twin's
// AXI pins, its store (tlm_axi_store) forwarding every data beat to an
// initiator socket, and the AXI protocol checker on the same pins. The
// port owns the three C objects; the wrapper calls drive() before the twin
// evaluates and sample() after, as sim/kernel/sim_kernel.c does.
#ifndef TLM_AXI_PORT_H
#define TLM_AXI_PORT_H

#include <cstdint>
#include <systemc>
#include <tlm>

#include "tlm_axi_store.h"

extern "C" {
#include "axi_checker.h"
#include "axi_mem.h"
#include "bfm_env.h"
#include "sim_knobs.h"
}

class tlm_axi_port {
public:
    // What an initiator socket is underneath, whatever its binding policy.
    using socket_port = sc_core::sc_port_b<tlm::tlm_fw_transport_if<>>;

    // The BFM settings come from knobs as in the C harness; mem_seed seeds
    // this port's memory (stalls, latencies). Memory delays the socket
    // returns go to on_delay. ok() tells whether the BFMs could be built.
    tlm_axi_port(const char *name, axi_pins *pins, socket_port &socket, const sim_knobs &knobs,
                 unsigned data_bytes, unsigned addr_bits, uint64_t mem_seed, tlm_axi_store::delay_fn on_delay,
                 bfm_env *env);
    ~tlm_axi_port();
    tlm_axi_port(const tlm_axi_port &) = delete;
    tlm_axi_port &operator=(const tlm_axi_port &) = delete;

    bool ok() const { return unused_ && mem_ && chk_; }
    const char *name() const { return name_; }
    void drive();          // before the twin evaluates
    void sample();         // after it, out of reset: the checker, then the memory
    void sample_reset();   // after it, in reset: no valid may be high
    // No request on the pins and nothing accepted and unanswered.
    bool quiet() const;
    // End of test: non-zero once the checker found transactions left open.
    int final_check();
    // "<name> memory: ..." and "<name> checker: ..." lines, to stderr.
    void report_outstanding() const;

private:
    const char *name_;
    const axi_pins *pins_;
    sparse_mem *unused_ = nullptr;   // axi_mem wants a default store; never used
    tlm_axi_store store_;
    axi_mem *mem_ = nullptr;
    axi_checker *chk_ = nullptr;
};

#endif
