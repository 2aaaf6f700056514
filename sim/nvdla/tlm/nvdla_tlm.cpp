// nvdla_tlm: see nvdla_tlm.h.
#include "nvdla_tlm.h"

extern "C" {
#include "nvdla_family.h"
#include "nvdla_twin.h"
}

using namespace sc_core;

static const uint64_t CSB_SPACE = 0x40000;   // 16-bit word address on the pins

nvdla_tlm::nvdla_tlm(sc_module_name name, const sc_time &period, bool sramif, const sim_knobs *knobs)
    : tlm_twin(name, period, &nvdla_family, knobs), csb("csb"), dbb("dbb"), sram("sram")
{
    char err[512] = "";
    dut_twin_opts opts = { sramif, knobs_.prog_warn, nvdla_config_find(knobs_.config) };
    adopt_twin(dut_twin_create(&opts, err, sizeof err), err);
    add_family_axi_port(0, dbb);
    if (sramif)
        add_family_axi_port(1, sram);
    csb.register_b_transport(this, &nvdla_tlm::b_transport);
}

void nvdla_tlm::b_transport(tlm::tlm_generic_payload &gp, sc_time &delay)
{
    register_transport(gp, delay, CSB_SPACE, 0);   // CSB has no protection attribute
}
