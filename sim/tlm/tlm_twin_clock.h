// tlm_twin_clock: what both TLM-2.0 wrappers of a pin-level C twin share.
// One SC_THREAD clocks the twin (the derived class's cycle(): drive, eval,
// sample, posedge, as sim/sim_kernel.c does) one clock period per cycle.
// Register accesses arriving by blocking transport are queued; the thread
// serves them one at a time through the pin-level requester BFM, whose
// blocking calls advance the clock through env().step. While nothing is
// queued and the twin, its BFMs and its pins are quiet the thread sleeps
// on an event, so an idle platform burns no cycles; a twin with an engine
// running keeps being clocked. The time memories return on the AXI side
// (LT delay) stretches the cycle it happened in, rounded up to whole
// periods so clock edges stay on the period grid.
#ifndef TLM_TWIN_CLOCK_H
#define TLM_TWIN_CLOCK_H

#include <cstdint>
#include <deque>
#include <systemc>
#include <tlm>

extern "C" {
#include "bfm_env.h"
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
    virtual int finish() = 0;
    // What is outstanding on every interface, to stderr.
    virtual void report_outstanding(const char *why) = 0;

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

    // Blocking transport of the target socket after the derived class
    // checked the payload: queue, wake the clock, wait for completion.
    tlm::tlm_response_status queue_access(reg_access &a, sc_core::sc_time &delay);
    // Rejects what a single-word register port cannot do, as the base
    // protocol asks: 0 if fine, else the response to give.
    static tlm::tlm_response_status check_word_access(const tlm::tlm_generic_payload &gp, uint64_t limit);

    // Time an AXI-side memory asked for (LT delay), consumed by the next step.
    void add_memory_delay(const sc_core::sc_time &d) { mem_delay_ += d; }

    bfm_env env_;

private:
    void clock_thread();
    void step();
    static int env_step(bfm_env *env);

    sc_core::sc_time period_;
    sc_core::sc_time mem_delay_;
    sc_core::sc_event wake_;
    std::deque<reg_access *> queue_;
    uint64_t clocked_ = 0;
};

#endif
