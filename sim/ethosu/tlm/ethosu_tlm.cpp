// ethosu_tlm: see ethosu_tlm.h.
#include "ethosu_tlm.h"

extern "C" {
#include "ethosu_family.h"
#include "ethosu_reg_describe.h"
#include "ethosu_regs.h"
#include "ethosu_twin.h"
}

using namespace sc_core;

static const uint64_t APB_SPACE = 0x1000;   // PADDR[11:0] is decoded

ethosu_tlm::ethosu_tlm(sc_module_name name, const sc_time &period, int porpl, int porsl, const sim_knobs *knobs)
    : tlm_twin(name, period, &ethosu_family, knobs), apb("apb"), m0("m0"), m1("m1")
{
    char err[512] = "";
    dut *d = ethosu_twin_create(err, sizeof err);
    // ETHOSU_CONFIG: the configuration the twin models (the default ethos-u65-256 otherwise)
    int cfg = knobs && knobs->network_config ? ethosu_config_find(knobs->network_config) : -1;
    if (d && cfg >= 0)
        ethosu_twin_set_config(d, cfg);
    ethosu_reg_describe_set_product(ethosu_configs[cfg >= 0 ? cfg : ETHOSU_CFG_DEFAULT].product);
    adopt_twin(d, err);
    ethosu_pins *p = static_cast<ethosu_pins *>(pins());
    p->porpl = static_cast<uint8_t>(porpl);
    p->porsl = static_cast<uint8_t>(porsl);
    add_family_axi_port(0, m0);
    add_family_axi_port(1, m1);
    apb.register_b_transport(this, &ethosu_tlm::b_transport);
}

void ethosu_tlm::b_transport(tlm::tlm_generic_payload &gp, sc_time &delay)
{
    ethosu_tlm_pprot *ext = nullptr;
    gp.get_extension(ext);
    uint8_t pprot = ext ? static_cast<uint8_t>(ext->pprot & 7u) : ethosu_tlm_pprot::DEFAULT;
    register_transport(gp, delay, APB_SPACE, pprot);
}
