// tlm_seq_driver: see tlm_seq_driver.h.
#include "tlm_seq_driver.h"

#include <cinttypes>
#include <cstring>

#include "ethosu_tlm_pprot.h"

using namespace sc_core;

static const uint64_t DRAIN_CYCLES = 100000;   // as the C harness drains

tlm_seq_driver::tlm_seq_driver(sc_module_name name, tlm_twin_clock &dut, bool with_pprot, uint64_t max_cycles)
    : sc_module(name), regs("regs"), irq("irq"), dut_(dut), with_pprot_(with_pprot), max_cycles_(max_cycles)
{
    std::memset(&env_, 0, sizeof env_);
    env_.step = env_step;
    env_.kernel = this;
    SC_THREAD(test_thread);
    SC_THREAD(watchdog_thread);
}

uint64_t tlm_seq_driver::cycle() const
{
    return sc_time_stamp().value() / dut_.period().value();
}

reg_port tlm_seq_driver::port()
{
    reg_port p;
    p.impl = this;
    p.read = port_read;
    p.write = port_write;
    p.poll = nullptr;   // read, compare, one cycle, again
    return p;
}

void tlm_seq_driver::sync()
{
    env_.cycle = cycle();
    irq_mirror_ = irq.read() ? 1 : 0;
}

bool tlm_seq_driver::watchdog_check()
{
    if (watchdog_fired_)
        return true;
    if (env_.cycle < max_cycles_)
        return false;
    watchdog_fired_ = true;
    bfm_fail(&env_, "sim", "watchdog", "cycle limit reached",
             "expected the test to finish within %" PRIu64 " cycles, actual still running", max_cycles_);
    dut_.report_outstanding("watchdog");
    return true;
}

int tlm_seq_driver::env_step(bfm_env *env)
{
    tlm_seq_driver *self = static_cast<tlm_seq_driver *>(env->kernel);
    if (env->failed)
        return 1;
    sc_core::wait(self->dut_.period());
    self->sync();
    return self->dut_.failures() || self->watchdog_check() ? 1 : 0;
}

enum bfm_status tlm_seq_driver::access(bool write, uint32_t addr, uint8_t prot, uint32_t *data, int *err)
{
    if (err)
        *err = 0;
    if (env_.failed || dut_.failures())
        return BFM_ERR_FAILED;
    uint32_t word = write ? *data : 0;
    tlm::tlm_generic_payload gp;
    gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp.set_address(addr);
    gp.set_data_ptr(reinterpret_cast<unsigned char *>(&word));
    gp.set_data_length(4);
    gp.set_streaming_width(4);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    ethosu_tlm_pprot ext(prot);
    if (with_pprot_)
        gp.set_extension(&ext);
    sc_time delay = SC_ZERO_TIME;
    regs->b_transport(gp, delay);
    if (with_pprot_)
        gp.clear_extension(&ext);   // on the stack: the payload must not free it
    if (delay > SC_ZERO_TIME)
        wait(delay);
    sync();
    if (dut_.failures() || watchdog_check())
        return BFM_ERR_FAILED;
    switch (gp.get_response_status()) {
    case tlm::TLM_OK_RESPONSE:
        if (!write)
            *data = word;
        return BFM_OK;
    case tlm::TLM_GENERIC_ERROR_RESPONSE:   // the slave's error (PSLVERR): data for the test
        if (!write)
            *data = 0;
        if (err)
            *err = 1;
        return BFM_OK;
    default:
        bfm_log(&env_, 1, name(), "%s 0x%x: %s", write ? "write" : "read", addr, gp.get_response_string().c_str());
        return BFM_ERR_ARG;    // address, length or byte enables the port cannot take: a caller bug
    }
}

enum bfm_status tlm_seq_driver::port_read(void *impl, uint32_t addr, uint8_t prot, uint32_t *data, int *err)
{
    return static_cast<tlm_seq_driver *>(impl)->access(false, addr, prot, data, err);
}

enum bfm_status tlm_seq_driver::port_write(void *impl, uint32_t addr, uint32_t data, uint8_t prot, int *err)
{
    return static_cast<tlm_seq_driver *>(impl)->access(true, addr, prot, &data, err);
}

void tlm_seq_driver::test_thread()
{
    sync();
    result_ = body_ ? body_() : 0;
    if (result_ == 0 && !env_.failed && !dut_.failures()) {
        // let the wrapper finish what the test started (as sim_drain does)
        for (uint64_t i = 0; i < DRAIN_CYCLES && !dut_.idle(); i++)
            if (env_step(&env_))
                break;
    }
    sync();
    finished_ = true;
    sc_stop();
}

void tlm_seq_driver::watchdog_thread()
{
    wait(dut_.period() * static_cast<double>(max_cycles_));
    if (finished_)
        return;
    if (!watchdog_fired_) {
        env_.cycle = cycle();
        watchdog_fired_ = true;
        bfm_fail(&env_, "sim", "watchdog", "cycle limit reached",
                 "expected the test to finish within %" PRIu64 " cycles, actual still running (blocked in a "
                 "transaction)", max_cycles_);
        dut_.report_outstanding("watchdog");
    }
    sc_stop();
}
