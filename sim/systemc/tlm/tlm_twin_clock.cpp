// tlm_twin_clock: see tlm_twin_clock.h.
#include "tlm_twin_clock.h"

#include <cstdio>
#include <cstring>
#include <string>

using namespace sc_core;

static const unsigned IDLE_CYCLES = 2;     // quiet this long before sleeping: a
                                           // registered output (IRQ) settles

tlm_twin_clock::tlm_twin_clock(sc_module_name name, const sc_time &period)
    : sc_module(name), period_(period), mem_delay_(SC_ZERO_TIME)
{
    std::memset(&env_, 0, sizeof env_);
    env_.step = env_step;
    env_.kernel = this;
    if (period_ == SC_ZERO_TIME)
        SC_REPORT_FATAL(this->name(), "the clock period must be non-zero");
    SC_THREAD(clock_thread);
}

int tlm_twin_clock::env_step(bfm_env *env)
{
    tlm_twin_clock *self = static_cast<tlm_twin_clock *>(env->kernel);
    if (env->failed)
        return 1;
    self->step();
    return env->failed ? 1 : 0;
}

void tlm_twin_clock::step()
{
    env_.cycle = sc_time_stamp().value() / period_.value();   // the platform's cycle number
    cycle();
    clocked_++;
    sc_time d = period_;
    if (mem_delay_ > SC_ZERO_TIME) {
        // LT: the initiator (this clock) syncs to the delay the memory
        // returned; whole periods keep edges on the grid
        sc_dt::uint64 n = (mem_delay_.value() + period_.value() - 1) / period_.value();
        d += period_ * static_cast<double>(n);
        mem_delay_ = SC_ZERO_TIME;
    }
    wait(d);
}

void tlm_twin_clock::clock_thread()
{
    set_reset(true);
    for (unsigned i = 0; i < reset_cycles_; i++)
        step();
    set_reset(false);
    // the twin synchronises its reset like a real top: no access before it is out
    for (unsigned i = 0; i < reset_idle_; i++)
        step();
    unsigned quiet_cycles = 0;
    for (;;) {
        if (!queue_.empty()) {
            reg_access *a = queue_.front();
            queue_.pop_front();
            a->resp = env_.failed ? tlm::TLM_GENERIC_ERROR_RESPONSE : serve(*a);
            a->done = true;
            a->done_ev.notify(SC_ZERO_TIME);
            quiet_cycles = 0;
            continue;
        }
        if (env_.failed || quiet()) {
            // after a failure the twin is frozen as it failed, for the report
            if (env_.failed || ++quiet_cycles >= IDLE_CYCLES) {
                wait(wake_);
                quiet_cycles = 0;
                sc_dt::uint64 r = sc_time_stamp().value() % period_.value();
                if (r)
                    wait(period_ - sc_time::from_value(r));   // back on a clock edge
                continue;
            }
        } else {
            quiet_cycles = 0;
        }
        step();
    }
}

tlm::tlm_response_status tlm_twin_clock::queue_access(reg_access &a, sc_time &delay)
{
    // A blocking target may sync: take the initiator's annotated time first.
    if (delay > SC_ZERO_TIME) {
        wait(delay);
        delay = SC_ZERO_TIME;
    }
    a.done = false;
    a.resp = tlm::TLM_INCOMPLETE_RESPONSE;
    queue_.push_back(&a);
    wake_.notify(SC_ZERO_TIME);
    while (!a.done)
        wait(a.done_ev);
    return a.resp;
}

tlm::tlm_response_status tlm_twin_clock::check_word_access(const tlm::tlm_generic_payload &gp, uint64_t limit)
{
    if (gp.get_data_length() != 4 || gp.get_streaming_width() < 4)
        return tlm::TLM_BURST_ERROR_RESPONSE;       // single 32-bit words only
    if ((gp.get_address() & 3u) != 0 || gp.get_address() >= limit)
        return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    if (const unsigned char *be = gp.get_byte_enable_ptr()) {
        unsigned n = gp.get_byte_enable_length();
        for (unsigned i = 0; i < 4; i++)
            if (!n || be[i % n] != TLM_BYTE_ENABLED)
                return tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;   // no partial register writes
    }
    return tlm::TLM_OK_RESPONSE;
}

void tlm_twin_clock::register_transport(tlm::tlm_generic_payload &gp, sc_time &delay, uint64_t space, uint8_t prot)
{
    gp.set_dmi_allowed(false);
    if (gp.get_command() == tlm::TLM_IGNORE_COMMAND) {
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    tlm::tlm_response_status st = check_word_access(gp, space);
    if (st != tlm::TLM_OK_RESPONSE) {
        gp.set_response_status(st);
        return;
    }
    reg_access a;
    a.write = gp.is_write();
    a.addr = static_cast<uint32_t>(gp.get_address());
    a.prot = prot;
    a.data = 0;
    if (a.write)
        std::memcpy(&a.data, gp.get_data_ptr(), 4);   // host order, as TLM data arrays are
    st = queue_access(a, delay);
    if (!a.write && st == tlm::TLM_OK_RESPONSE)
        std::memcpy(gp.get_data_ptr(), &a.data, 4);
    gp.set_response_status(st);
}

sim_knobs tlm_twin_clock::use_knobs(const sim_knobs *knobs)
{
    sim_knobs k;
    sim_knobs_default(&k);
    if (knobs)
        k = *knobs;
    else
        k.seed = 1;
    env_.verbose = k.verbose;
    reset_cycles_ = k.reset_cycles;
    reset_idle_ = k.reset_idle;
    return k;
}

void tlm_twin_clock::add_axi_port(const char *port_name, axi_pins *pins, tlm_axi_port::socket_port &socket,
                                  const sim_knobs &knobs, unsigned data_bytes, unsigned addr_bits, uint64_t mem_seed)
{
    auto delay = [this](const sc_time &d) { add_memory_delay(d); };
    axi_ports_.emplace_back(
        new tlm_axi_port(port_name, pins, socket, knobs, data_bytes, addr_bits, mem_seed, delay, &env_));
    if (!axi_ports_.back()->ok()) {
        std::string why = std::string("could not create the AXI BFMs of ") + port_name + " (bad knobs?)";
        SC_REPORT_FATAL(name(), why.c_str());
    }
}

void tlm_twin_clock::drive_axi_ports()
{
    for (auto &p : axi_ports_)
        p->drive();
}

void tlm_twin_clock::sample_axi_ports()
{
    for (auto &p : axi_ports_)
        p->sample();
}

void tlm_twin_clock::sample_axi_ports_reset()
{
    for (auto &p : axi_ports_)
        p->sample_reset();
}

bool tlm_twin_clock::axi_ports_quiet() const
{
    for (auto &p : axi_ports_)
        if (!p->quiet())
            return false;
    return true;
}

int tlm_twin_clock::finish()
{
    if (!env_.failed) {
        // the first checker that finds a transaction left open reports it
        bool open = register_port_final() != 0;
        for (size_t i = 0; i < axi_ports_.size() && !open; i++)
            open = axi_ports_[i]->final_check() != 0;
        if (open)
            report_outstanding("end of test");
    }
    return env_.failed;
}

void tlm_twin_clock::report_outstanding(const char *why)
{
    std::fprintf(stderr, "---- %s: %s at cycle %llu: outstanding on every interface ----\n", name(), why,
                 (unsigned long long)(sc_time_stamp().value() / period_.value()));
    report_register_port();
    for (auto &p : axi_ports_)
        p->report_outstanding();
    report_twin();
}
