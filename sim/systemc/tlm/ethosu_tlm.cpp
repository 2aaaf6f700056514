// ethosu_tlm: see ethosu_tlm.h.
#include "ethosu_tlm.h"

extern "C" {
#include "ethosu_family.h"
#include "ethosu_twin.h"
}

#include <cstdio>

using namespace sc_core;

static const uint64_t APB_SPACE = 0x1000;   // PADDR[11:0] is decoded

ethosu_tlm::ethosu_tlm(sc_module_name name, const sc_time &period, int porpl, int porsl, const sim_knobs *knobs)
    : tlm_twin_clock(name, period), apb("apb"), m0("m0"), m1("m1"), irq("irq")
{
    sim_knobs k = use_knobs(knobs);
    char err[512] = "";
    dut_ = ethosu_twin_create(err, sizeof err);
    if (!dut_)
        SC_REPORT_FATAL(this->name(), err);
    pins_.porpl = static_cast<uint8_t>(porpl);
    pins_.porsl = static_cast<uint8_t>(porsl);
    apb_master_knobs ak;
    apb_master_knobs_default(&ak);
    ak.gap_min = k.csb_gap_min;   // the register-bus gap knob serves APB too
    ak.gap_max = k.csb_gap_max;
    ak.seed = k.seed ^ 0x4444;
    ak.describe = ethosu_family.reg_describe;
    apb_m_ = apb_master_create("apb", &ak, &pins_.apb, &env_);
    apb_checker_knobs pk;
    apb_checker_knobs_default(&pk);
    pk.max_wait = k.reg_max_wait;
    apb_chk_ = apb_checker_create_with_knobs("apb", &pk, &pins_.apb, &env_);
    if (!apb_m_ || !apb_chk_)
        SC_REPORT_FATAL(this->name(), "could not create the APB BFMs (bad knobs?)");
    // the memory seeds the C harness gives these ports
    add_axi_port("m0", &pins_.m0, m0, k, dut_->data_bytes, dut_->addr_bits, k.seed ^ 0x5555u);
    add_axi_port("m1", &pins_.m1, m1, k, dut_->data_bytes, dut_->addr_bits, k.seed ^ 0x5556u);
    apb.register_b_transport(this, &ethosu_tlm::b_transport);
}

ethosu_tlm::~ethosu_tlm()
{
    apb_master_destroy(apb_m_);
    apb_checker_destroy(apb_chk_);
    if (dut_)
        dut_->destroy(dut_);
}

void ethosu_tlm::b_transport(tlm::tlm_generic_payload &gp, sc_time &delay)
{
    ethosu_tlm_pprot *ext = nullptr;
    gp.get_extension(ext);
    uint8_t pprot = ext ? static_cast<uint8_t>(ext->pprot & 7u) : ethosu_tlm_pprot::DEFAULT;
    register_transport(gp, delay, APB_SPACE, pprot);
}

tlm::tlm_response_status ethosu_tlm::serve(reg_access &a)
{
    int slverr = 0;
    enum bfm_status s;
    if (a.write) {
        s = apb_write(apb_m_, a.addr, a.data, a.prot);
        slverr = s == BFM_OK && apb_master_last_slverr(apb_m_) == 1;
    } else {
        s = apb_read(apb_m_, a.addr, a.prot, &a.data, &slverr);
    }
    return s == BFM_OK && !slverr ? tlm::TLM_OK_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE;
}

void ethosu_tlm::set_reset(bool asserted)
{
    pins_.nreset = asserted ? 0 : 1;
}

void ethosu_tlm::cycle()
{
    ethosu_pins *p = &pins_;
    apb_master_drive(apb_m_);
    drive_axi_ports();
    dut_->eval(dut_, p);
    if (p->nreset) {
        apb_checker_sample(apb_chk_);
        apb_master_sample(apb_m_);
        sample_axi_ports();
    } else {
        apb_checker_sample_reset(apb_chk_);
        sample_axi_ports_reset();
    }
    dut_->posedge(dut_, p);
    if (irq_level_ != (p->irq != 0)) {
        irq_level_ = p->irq != 0;
        irq.write(irq_level_);
    }
}

bool ethosu_tlm::quiet() const
{
    bool twin_idle = dut_->busy && !dut_->busy(dut_);   // no busy() query: never idle
    return !pins_.apb.sel && twin_idle && apb_master_idle(apb_m_) && axi_ports_quiet();
}

int ethosu_tlm::register_port_final()
{
    return apb_checker_final(apb_chk_);
}

void ethosu_tlm::report_register_port() const
{
    char buf[1024];
    apb_master_outstanding(apb_m_, buf, sizeof buf);
    std::fprintf(stderr, "  apb requester: %s\n", buf);
}

void ethosu_tlm::report_twin() const
{
    std::fprintf(stderr, "  IRQ: %u\n", pins_.irq);
    if (dut_->describe) {
        char buf[1024];
        dut_->describe(dut_, buf, sizeof buf);
        std::fprintf(stderr, "  dut: %s\n", buf);
    }
}
