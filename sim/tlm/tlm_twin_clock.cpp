// tlm_twin_clock: see tlm_twin_clock.h.
#include "tlm_twin_clock.h"

#include <cstring>

using namespace sc_core;

static const unsigned RESET_CYCLES = 10;   // as the C harness holds it
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
    for (unsigned i = 0; i < RESET_CYCLES; i++)
        step();
    set_reset(false);
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
