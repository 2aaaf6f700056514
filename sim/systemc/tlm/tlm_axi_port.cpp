// tlm_axi_port: see tlm_axi_port.h.
#include "tlm_axi_port.h"

#include <cstdio>

extern "C" {
#include "sim_kernel.h"   // sim_axi_mem_knobs, sim_axi_checker_knobs: same BFM settings as the C harness
}

tlm_axi_port::tlm_axi_port(const char *name, axi_pins *pins, socket_port &socket, const sim_knobs &knobs,
                           unsigned data_bytes, unsigned addr_bits, uint64_t mem_seed,
                           tlm_axi_store::delay_fn on_delay, bfm_env *env)
    : name_(name), pins_(pins),
      // the socket is bound only at elaboration: reach it at the time of each beat
      store_([&socket](tlm::tlm_generic_payload &gp, sc_core::sc_time &d) { socket->b_transport(gp, d); },
             std::move(on_delay))
{
    axi_mem_knobs mk;
    axi_checker_knobs xk;
    sim_axi_mem_knobs(&knobs, data_bytes, addr_bits, mem_seed, &mk);
    sim_axi_checker_knobs(&knobs, data_bytes, addr_bits, &xk);
    unused_ = sparse_mem_create();
    mem_ = axi_mem_create(name, &mk, pins, unused_, env);
    chk_ = axi_checker_create(name, &xk, pins, env);
    if (mem_) {
        axi_mem_store s = store_.c_store();
        axi_mem_set_store(mem_, &s);
    }
}

tlm_axi_port::~tlm_axi_port()
{
    axi_mem_destroy(mem_);
    axi_checker_destroy(chk_);
    sparse_mem_destroy(unused_);
}

void tlm_axi_port::drive()
{
    axi_mem_drive(mem_);
}

void tlm_axi_port::sample()
{
    axi_checker_sample(chk_);
    axi_mem_sample(mem_);   // R/W beats reach the TLM memory here
}

void tlm_axi_port::sample_reset()
{
    axi_checker_sample_reset(chk_);
}

bool tlm_axi_port::quiet() const
{
    return !pins_->aw_valid && !pins_->w_valid && !pins_->ar_valid && axi_mem_idle(mem_);
}

int tlm_axi_port::final_check()
{
    return axi_checker_final(chk_);
}

void tlm_axi_port::report_outstanding() const
{
    char buf[1024];
    axi_mem_outstanding(mem_, buf, sizeof buf);
    std::fprintf(stderr, "  %s memory: %s\n", name_, buf);
    axi_checker_outstanding(chk_, buf, sizeof buf);
    std::fprintf(stderr, "  %s checker: %s\n", name_, buf);
}
