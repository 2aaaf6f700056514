// tlm_twin: see tlm_twin.h.
#include "tlm_twin.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace sc_core;

tlm_twin::tlm_twin(sc_module_name name, const sc_time &period, const sim_family *fam, const sim_knobs *knobs)
    : tlm_twin_clock(name, period), irq("irq"), fam_(fam)
{
    knobs_ = use_knobs(knobs);
    pins_ = std::calloc(1, fam->pins_size);
    if (!pins_)
        SC_REPORT_FATAL(this->name(), "out of memory for the pins");
    if (sim_reg_bus_init(&reg_, fam->reg_bus, fam->reg_name, static_cast<char *>(pins_) + fam->reg_pins, &knobs_,
                         knobs_.seed ^ fam->reg_seed, fam->reg_describe, &env_)) {
        std::string why = std::string("could not create the ") + fam->reg_name + " BFMs (bad knobs?)";
        SC_REPORT_FATAL(this->name(), why.c_str());
    }
}

tlm_twin::~tlm_twin()
{
    sim_reg_bus_free(&reg_);
    if (dut_)
        dut_->destroy(dut_);
    std::free(pins_);
}

void tlm_twin::adopt_twin(dut *d, const char *err)
{
    if (!d)
        SC_REPORT_FATAL(name(), err);
    dut_ = d;
}

void tlm_twin::add_family_axi_port(unsigned i, tlm_axi_port::socket_port &socket)
{
    const sim_axi_port &p = fam_->axi[i];
    unsigned width = p.secondary && dut_->sram_data_bytes ? dut_->sram_data_bytes : dut_->data_bytes;
    // the memory seeds the C harness gives these ports
    add_axi_port(p.name, reinterpret_cast<axi_pins *>(static_cast<char *>(pins_) + p.pins), socket, knobs_, width,
                 dut_->addr_bits, knobs_.seed ^ p.seed);
}

tlm::tlm_response_status tlm_twin::serve(reg_access &a)
{
    int slverr = 0;
    enum bfm_status s = a.write ? sim_reg_bus_write(&reg_, a.addr, a.data, a.prot, &slverr)
                                : sim_reg_bus_read(&reg_, a.addr, a.prot, &a.data, &slverr);
    return s == BFM_OK && !slverr ? tlm::TLM_OK_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE;
}

void tlm_twin::set_reset(bool asserted)
{
    static_cast<uint8_t *>(pins_)[fam_->reset_pin] = asserted ? 0 : 1;
}

void tlm_twin::cycle()
{
    sim_reg_bus_drive(&reg_);
    drive_axi_ports();
    dut_->eval(dut_, pins_);
    if (pin(fam_->reset_pin)) {
        sim_reg_bus_sample(&reg_);
        sample_axi_ports();
    } else {
        sim_reg_bus_sample_reset(&reg_);
        sample_axi_ports_reset();
    }
    dut_->posedge(dut_, pins_);
    dut_check_stopped(&env_, dut_->stopped ? dut_->stopped(dut_) : nullptr);   // e.g. a programming rule broken
    bool level = pin(fam_->irq_pin) != 0;
    if (irq_level_ != level) {
        irq_level_ = level;
        irq.write(irq_level_);
    }
}

bool tlm_twin::quiet() const
{
    bool twin_idle = dut_->busy && !dut_->busy(dut_);   // no busy() query: never idle
    return twin_idle && sim_reg_bus_quiet(&reg_) && axi_ports_quiet();
}

int tlm_twin::register_port_final()
{
    return sim_reg_bus_final(&reg_);
}

void tlm_twin::report_register_port() const
{
    sim_reg_bus_report(&reg_);
}

void tlm_twin::report_twin() const
{
    std::fprintf(stderr, "  %s: %u\n", fam_->irq_name, pin(fam_->irq_pin));
    if (dut_->describe) {
        char buf[1024];
        dut_->describe(dut_, buf, sizeof buf);
        std::fprintf(stderr, "  dut: %s\n", buf);
    }
}
