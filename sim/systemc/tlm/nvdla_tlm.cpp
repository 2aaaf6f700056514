// nvdla_tlm: see nvdla_tlm.h.
#include "nvdla_tlm.h"

extern "C" {
#include "nvdla_family.h"
#include "nvdla_twin.h"
}

#include <cstdio>

using namespace sc_core;

static const uint64_t CSB_SPACE = 0x40000;   // 16-bit word address on the pins

nvdla_tlm::nvdla_tlm(sc_module_name name, const sc_time &period, bool sramif, const sim_knobs *knobs)
    : tlm_twin_clock(name, period), csb("csb"), dbb("dbb"), sram("sram"), irq("irq")
{
    sim_knobs k = use_knobs(knobs);
    char err[512] = "";
    dut_twin_opts opts = { sramif, k.prog_warn, nvdla_config_find(k.nvdla_config) };
    dut_ = dut_twin_create(&opts, err, sizeof err);
    if (!dut_)
        SC_REPORT_FATAL(this->name(), err);
    csb_master_knobs ck;
    csb_master_knobs_default(&ck);
    ck.gap_min = k.csb_gap_min;
    ck.gap_max = k.csb_gap_max;
    ck.nposted = k.nposted;
    ck.seed = k.seed ^ 0x1111;
    ck.describe = nvdla_family.reg_describe;
    csb_m_ = csb_master_create("csb", &ck, &pins_.csb, &env_);
    csb_checker_knobs cck;
    csb_checker_knobs_default(&cck);
    cck.max_wait = k.reg_max_wait;
    csb_chk_ = csb_checker_create_with_knobs("csb", &cck, &pins_.csb, &env_);
    if (!csb_m_ || !csb_chk_)
        SC_REPORT_FATAL(this->name(), "could not create the CSB BFMs (bad knobs?)");
    // the memory seeds the C harness gives these ports
    add_axi_port("dbb", &pins_.dbb, dbb, k, dut_->data_bytes, dut_->addr_bits, k.seed ^ 0x2222);
    if (sramif)
        add_axi_port("sram", &pins_.sram, sram, k, dut_->sram_data_bytes ? dut_->sram_data_bytes : dut_->data_bytes,
                     dut_->addr_bits, k.seed ^ 0x3333);
    csb.register_b_transport(this, &nvdla_tlm::b_transport);
}

nvdla_tlm::~nvdla_tlm()
{
    csb_master_destroy(csb_m_);
    csb_checker_destroy(csb_chk_);
    if (dut_)
        dut_->destroy(dut_);
}

void nvdla_tlm::b_transport(tlm::tlm_generic_payload &gp, sc_time &delay)
{
    register_transport(gp, delay, CSB_SPACE, 0);   // CSB has no protection attribute
}

tlm::tlm_response_status nvdla_tlm::serve(reg_access &a)
{
    enum bfm_status s = a.write ? csb_write(csb_m_, a.addr, a.data) : csb_read(csb_m_, a.addr, &a.data);
    return s == BFM_OK ? tlm::TLM_OK_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE;
}

void nvdla_tlm::set_reset(bool asserted)
{
    pins_.rstn = asserted ? 0 : 1;
}

void nvdla_tlm::cycle()
{
    nvdla_pins *p = &pins_;
    csb_master_drive(csb_m_);
    drive_axi_ports();
    dut_->eval(dut_, p);
    if (p->rstn) {
        csb_checker_sample(csb_chk_);
        csb_master_sample(csb_m_);
        sample_axi_ports();
    } else {
        csb_checker_sample_reset(csb_chk_);
        sample_axi_ports_reset();
    }
    dut_->posedge(dut_, p);
    dut_check_stopped(&env_, dut_->stopped ? dut_->stopped(dut_) : nullptr);   // a programming rule broken
    if (irq_level_ != (p->dla_intr != 0)) {
        irq_level_ = p->dla_intr != 0;
        irq.write(irq_level_);
    }
}

bool nvdla_tlm::quiet() const
{
    bool twin_idle = dut_->busy && !dut_->busy(dut_);   // no busy() query: never idle
    return !pins_.csb.valid && twin_idle && csb_master_idle(csb_m_) && axi_ports_quiet();
}

int nvdla_tlm::register_port_final()
{
    return csb_checker_final(csb_chk_);
}

void nvdla_tlm::report_register_port() const
{
    char buf[1024];
    csb_master_outstanding(csb_m_, buf, sizeof buf);
    std::fprintf(stderr, "  csb master: %s\n", buf);
    csb_checker_outstanding(csb_chk_, buf, sizeof buf);
    std::fprintf(stderr, "  csb checker: %s\n", buf);
}

void nvdla_tlm::report_twin() const
{
    std::fprintf(stderr, "  dla_intr: %u\n", pins_.dla_intr);
    if (dut_->describe) {
        char buf[1024];
        dut_->describe(dut_, buf, sizeof buf);
        std::fprintf(stderr, "  dut: %s\n", buf);
    }
}
