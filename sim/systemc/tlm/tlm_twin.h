// tlm_twin: a pin-level C twin of any family as a TLM-2.0 module, driven
// by the family's port table (sim/kernel/sim_family.h) as the C kernel is:
// the register requester and checker the table names (CSB or APB, through
// sim_reg_bus), one AXI manager port per table entry (forwarding to an
// initiator socket of the derived class), the reset and interrupt pins.
// A family's wrapper (nvdla_tlm, ethosu_tlm) only declares its sockets,
// creates its twin (adopt_twin), binds its AXI ports (add_family_axi_port)
// and registers its target socket's b_transport (register_transport with
// its address space and protection attribute).
#ifndef TLM_TWIN_H
#define TLM_TWIN_H

#include <systemc>
#include <tlm>

#include "tlm_twin_clock.h"

extern "C" {
#include "dut.h"
#include "sim_family.h"
#include "sim_knobs.h"
#include "sim_reg_bus.h"
}

class tlm_twin : public tlm_twin_clock {
public:
    sc_core::sc_out<bool> irq;   // the family's interrupt pin, level high

protected:
    // knobs: BFM settings (NULL: defaults, seed 1), kept in knobs_.
    tlm_twin(sc_core::sc_module_name name, const sc_core::sc_time &period, const sim_family *fam,
             const sim_knobs *knobs);
    ~tlm_twin() override;

    // Takes the twin the derived constructor made (fatal with err if NULL).
    void adopt_twin(dut *d, const char *err);
    // The family's AXI port i, its memory on socket.
    void add_family_axi_port(unsigned i, tlm_axi_port::socket_port &socket);
    void *pins() { return pins_; }

    sim_knobs knobs_;
    dut *dut_ = nullptr;

private:
    void cycle() override;
    void set_reset(bool asserted) override;
    bool quiet() const override;
    tlm::tlm_response_status serve(reg_access &a) override;
    int register_port_final() override;
    void report_register_port() const override;
    void report_twin() const override;
    uint8_t pin(size_t off) const { return static_cast<const uint8_t *>(pins_)[off]; }

    const sim_family *fam_;
    void *pins_ = nullptr;   // the family's pin struct, fam_->pins_size bytes
    sim_reg_bus reg_{};
    bool irq_level_ = false;
};

#endif
