// tlm_twin_clock: what both TLM-2.0 wrappers of a pin-level C twin share.
// One SC_THREAD clocks the twin (the derived class's cycle(): drive, eval,
// sample, posedge, as sim/kernel/sim_kernel.c does) one clock period per cycle.
// Register accesses arriving by blocking transport are queued; the thread
// serves them one at a time through the pin-level requester BFM, whose
// blocking calls advance the clock through env().step. While nothing is
// queued and the twin, its BFMs and its pins are quiet the thread sleeps
// on an event, so an idle platform burns no cycles; a twin with an engine
// running keeps being clocked. The time memories return on the AXI side
// (LT delay) stretches the cycle it happened in, rounded up to whole
// periods so clock edges stay on the period grid.
//
// Also shared: the b_transport of the one-word register port, the AXI
// manager ports (tlm_axi_port, owned here), the end-of-test checks and the
// outstanding report; the derived class adds what is its own (the register
// requester and checker, the twin, the interrupt).
#ifndef TLM_TWIN_CLOCK_H
#define TLM_TWIN_CLOCK_H

#include <cstdint>
#include <deque>
#include <memory>
#include <systemc>
#include <tlm>
#include <vector>

#include "tlm_axi_port.h"

extern "C" {
#include "bfm_env.h"
#include "sim_knobs.h"
}

class tlm_twin_clock : public sc_core::sc_module {
public:
    SC_HAS_PROCESS(tlm_twin_clock);
    tlm_twin_clock(sc_core::sc_module_name name, const sc_core::sc_time &period);

    const sc_core::sc_time &period() const { return period_; }
    // Failures the twin's checkers and BFMs reported (cycle, interface, rule).
    int failures() const { return env_.failed; }
    const char *first_failure() const { return env_.first_failure; }
    // Cycles the twin was actually clocked (time asleep not counted).
    uint64_t clocked_cycles() const { return clocked_; }
    // Nothing queued, every BFM idle, the twin not busy.
    bool idle() const { return queue_.empty() && quiet(); }
    void set_verbose(int level) { env_.verbose = level; }
    // End-of-test checks (transactions left open); returns failures so far.
    int finish();
    // What is outstanding on every interface, to stderr.
    void report_outstanding(const char *why);

protected:
    // One register access waiting for the clock thread.
    struct reg_access {
        bool write;
        uint32_t addr, data;
        uint8_t prot;
        tlm::tlm_response_status resp;
        bool done;
        sc_core::sc_event done_ev;
    };

    // Derived classes: one clock cycle at pin level; reset level; whether
    // the twin, its BFMs and pins are quiet; one access through the BFM.
    virtual void cycle() = 0;
    virtual void set_reset(bool asserted) = 0;
    virtual bool quiet() const = 0;
    virtual tlm::tlm_response_status serve(reg_access &a) = 0;
    // For finish(): the register port checker's end-of-test check
    // (non-zero: it failed). For report_outstanding(): the register port's
    // lines (before the AXI ports') and the twin's (after).
    virtual int register_port_final() = 0;
    virtual void report_register_port() const = 0;
    virtual void report_twin() const = 0;

    // The b_transport of the register target socket: one word at a byte
    // offset below space, served through serve() with protection prot.
    void register_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay, uint64_t space, uint8_t prot);

    // The BFM knobs given, or the defaults with seed 1; sets the verbosity
    // and the reset sequence (RESET_CYCLES held, RESET_IDLE quiet after).
    sim_knobs use_knobs(const sim_knobs *knobs);

    // An AXI manager port of the twin on pins, forwarding to socket; its
    // memory delays stretch the clock. Fatal if the BFMs cannot be built.
    void add_axi_port(const char *name, axi_pins *pins, tlm_axi_port::socket_port &socket, const sim_knobs &knobs,
                      unsigned data_bytes, unsigned addr_bits, uint64_t mem_seed);
    void drive_axi_ports();
    void sample_axi_ports();
    void sample_axi_ports_reset();
    bool axi_ports_quiet() const;

    bfm_env env_;

private:
    // Rejects what a single-word register port cannot do, as the base
    // protocol asks: 0 if fine, else the response to give.
    static tlm::tlm_response_status check_word_access(const tlm::tlm_generic_payload &gp, uint64_t limit);
    // Queue an access, wake the clock, wait for completion.
    tlm::tlm_response_status queue_access(reg_access &a, sc_core::sc_time &delay);
    // Time an AXI-side memory asked for (LT delay), consumed by the next step.
    void add_memory_delay(const sc_core::sc_time &d) { mem_delay_ += d; }
    void clock_thread();
    void step();
    static int env_step(bfm_env *env);

    sc_core::sc_time period_;
    sc_core::sc_time mem_delay_;
    sc_core::sc_event wake_;
    std::deque<reg_access *> queue_;
    uint64_t clocked_ = 0;
    unsigned reset_cycles_ = SIM_DEFAULT_RESET_CYCLES, reset_idle_ = SIM_DEFAULT_RESET_IDLE;   // use_knobs
    // freed after the derived class is gone: their destroy touches no pins
    std::vector<std::unique_ptr<tlm_axi_port>> axi_ports_;
};

#endif
