// tlm_seq_driver: runs the project's C sequences (sequences/api/seq.h,
// ethosu_seq.h, the trace runner) as the test thread of a SystemC platform.
// It gives them:
//   - a reg_port whose accesses are b_transport calls on `regs` (bound to a
//     wrapper's csb or apb socket), with the PPROT in an ethosu_tlm_pprot
//     extension when with_pprot; the returned delay is waited for (LT sync);
//   - a bfm_env whose step() waits one platform clock period, refreshes the
//     IRQ mirror the sequences read and counts cycles as time / period;
//   - a watchdog at max_cycles, in step() and in a thread of its own (a
//     transaction that never completes cannot hang the run).
// When the body returns it waits for the wrapper to drain, then sc_stop().
#ifndef TLM_SEQ_DRIVER_H
#define TLM_SEQ_DRIVER_H

#include <cstdint>
#include <functional>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "tlm_twin_clock.h"

extern "C" {
#include "bfm_env.h"
#include "reg_port.h"
}

class tlm_seq_driver : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<tlm_seq_driver> regs;
    sc_core::sc_in<bool> irq;

    SC_HAS_PROCESS(tlm_seq_driver);
    tlm_seq_driver(sc_core::sc_module_name name, tlm_twin_clock &dut, bool with_pprot, uint64_t max_cycles);

    bfm_env *env() { return &env_; }
    reg_port port();
    const uint8_t *irq_mirror() const { return &irq_mirror_; }
    // The test: returns 0 on pass. Set before sc_start().
    void set_body(std::function<int()> body) { body_ = std::move(body); }
    bool finished() const { return finished_; }
    int result() const { return result_; }
    bool watchdog_fired() const { return watchdog_fired_; }
    uint64_t cycle() const;

private:
    void test_thread();
    void watchdog_thread();
    void sync();
    bool watchdog_check();
    enum bfm_status access(bool write, uint32_t addr, uint8_t prot, uint32_t *data, int *err);
    static int env_step(bfm_env *env);
    static enum bfm_status port_read(void *impl, uint32_t addr, uint8_t prot, uint32_t *data, int *err);
    static enum bfm_status port_write(void *impl, uint32_t addr, uint32_t data, uint8_t prot, int *err);

    tlm_twin_clock &dut_;
    bool with_pprot_;
    uint64_t max_cycles_;
    bfm_env env_;
    uint8_t irq_mirror_ = 0;
    std::function<int()> body_;
    bool finished_ = false, watchdog_fired_ = false;
    int result_ = -1;
};

#endif
