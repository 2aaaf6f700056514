// nvdla_tlm: see nvdla_tlm.h.
#include "nvdla_tlm.h"

#include <cstdio>
#include <cstring>

extern "C" {
#include "sim_kernel.h"   // sim_axi_mem_knobs, sim_axi_checker_knobs: same BFM settings as the C harness
}

using namespace sc_core;

static const uint64_t CSB_SPACE = 0x40000;   // 16-bit word address on the pins

nvdla_tlm::nvdla_tlm(sc_module_name name, const sc_time &period, bool sramif, const sim_knobs *knobs)
    : tlm_twin_clock(name, period), csb("csb"), dbb("dbb"), sram("sram"), irq("irq")
{
    sim_knobs k;
    sim_knobs_default(&k);
    if (knobs)
        k = *knobs;
    else
        k.seed = 1;
    env_.verbose = k.verbose;
    char err[512] = "";
    dut_ = dut_twin_create(sramif, err, sizeof err);
    if (!dut_)
        SC_REPORT_FATAL(this->name(), err);
    csb_master_knobs ck;
    csb_master_knobs_default(&ck);
    ck.gap_min = k.csb_gap_min;
    ck.gap_max = k.csb_gap_max;
    ck.nposted = k.nposted;
    ck.seed = k.seed ^ 0x1111;
    csb_m_ = csb_master_create("csb", &ck, &pins_.csb, &env_);
    csb_chk_ = csb_checker_create("csb", &pins_.csb, &env_);
    unused_ = sparse_mem_create();
    axi_mem_knobs mk;
    axi_checker_knobs xk;
    sim_axi_checker_knobs(&k, dut_->data_bytes, dut_->addr_bits, &xk);
    sim_axi_mem_knobs(&k, dut_->data_bytes, dut_->addr_bits, k.seed ^ 0x2222, &mk);
    dbb_m_ = axi_mem_create("dbb", &mk, &pins_.dbb, unused_, &env_);
    dbb_chk_ = axi_checker_create("dbb", &xk, &pins_.dbb, &env_);
    auto delay = [this](const sc_time &d) { add_memory_delay(d); };
    dbb_store_.reset(new tlm_axi_store(
        [this](tlm::tlm_generic_payload &gp, sc_time &d) { dbb->b_transport(gp, d); }, delay));
    if (dbb_m_) {
        axi_mem_store s = dbb_store_->c_store();
        axi_mem_set_store(dbb_m_, &s);
    }
    if (sramif) {
        sim_axi_mem_knobs(&k, dut_->data_bytes, dut_->addr_bits, k.seed ^ 0x3333, &mk);
        sram_m_ = axi_mem_create("sram", &mk, &pins_.sram, unused_, &env_);
        sram_chk_ = axi_checker_create("sram", &xk, &pins_.sram, &env_);
        sram_store_.reset(new tlm_axi_store(
            [this](tlm::tlm_generic_payload &gp, sc_time &d) { sram->b_transport(gp, d); }, delay));
        if (sram_m_) {
            axi_mem_store s = sram_store_->c_store();
            axi_mem_set_store(sram_m_, &s);
        }
    }
    if (!csb_m_ || !csb_chk_ || !unused_ || !dbb_m_ || !dbb_chk_ || (sramif && (!sram_m_ || !sram_chk_)))
        SC_REPORT_FATAL(this->name(), "could not create the BFMs (bad knobs?)");
    csb.register_b_transport(this, &nvdla_tlm::b_transport);
}

nvdla_tlm::~nvdla_tlm()
{
    csb_master_destroy(csb_m_);
    csb_checker_destroy(csb_chk_);
    axi_mem_destroy(dbb_m_);
    axi_checker_destroy(dbb_chk_);
    axi_mem_destroy(sram_m_);
    axi_checker_destroy(sram_chk_);
    sparse_mem_destroy(unused_);
    if (dut_)
        dut_->destroy(dut_);
}

void nvdla_tlm::b_transport(tlm::tlm_generic_payload &gp, sc_time &delay)
{
    gp.set_dmi_allowed(false);
    if (gp.get_command() == tlm::TLM_IGNORE_COMMAND) {
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    tlm::tlm_response_status st = check_word_access(gp, CSB_SPACE);
    if (st != tlm::TLM_OK_RESPONSE) {
        gp.set_response_status(st);
        return;
    }
    reg_access a;
    a.write = gp.is_write();
    a.addr = static_cast<uint32_t>(gp.get_address());
    a.prot = 0;
    a.data = 0;
    if (a.write)
        std::memcpy(&a.data, gp.get_data_ptr(), 4);   // host order, as TLM data arrays are
    st = queue_access(a, delay);
    if (!a.write && st == tlm::TLM_OK_RESPONSE)
        std::memcpy(gp.get_data_ptr(), &a.data, 4);
    gp.set_response_status(st);
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
    axi_mem_drive(dbb_m_);
    if (sram_m_)
        axi_mem_drive(sram_m_);
    dut_->eval(dut_, p);
    if (p->rstn) {
        csb_checker_sample(csb_chk_);
        csb_master_sample(csb_m_);
        axi_checker_sample(dbb_chk_);
        axi_mem_sample(dbb_m_);   // R/W beats reach the TLM memory here
        if (sram_m_) {
            axi_checker_sample(sram_chk_);
            axi_mem_sample(sram_m_);
        }
    }
    dut_->posedge(dut_, p);
    if (irq_level_ != (p->dla_intr != 0)) {
        irq_level_ = p->dla_intr != 0;
        irq.write(irq_level_);
    }
}

bool nvdla_tlm::quiet() const
{
    const axi_pins &d = pins_.dbb;
    bool pins_quiet = !d.aw_valid && !d.w_valid && !d.ar_valid && !pins_.csb.valid;
    bool twin_idle = dut_->busy && !dut_->busy(dut_);   // no busy() query: never idle
    return pins_quiet && twin_idle && csb_master_idle(csb_m_) && axi_mem_idle(dbb_m_) &&
           (!sram_m_ || axi_mem_idle(sram_m_));
}

int nvdla_tlm::finish()
{
    if (!env_.failed) {
        if (csb_checker_final(csb_chk_) || axi_checker_final(dbb_chk_) || (sram_chk_ && axi_checker_final(sram_chk_)))
            report_outstanding("end of test");
    }
    return env_.failed;
}

void nvdla_tlm::report_outstanding(const char *why)
{
    char buf[1024];
    std::fprintf(stderr, "---- %s: %s at cycle %llu: outstanding on every interface ----\n", name(), why,
                 (unsigned long long)(sc_time_stamp().value() / period().value()));
    csb_master_outstanding(csb_m_, buf, sizeof buf);
    std::fprintf(stderr, "  csb master: %s\n", buf);
    csb_checker_outstanding(csb_chk_, buf, sizeof buf);
    std::fprintf(stderr, "  csb checker: %s\n", buf);
    axi_mem_outstanding(dbb_m_, buf, sizeof buf);
    std::fprintf(stderr, "  dbb memory: %s\n", buf);
    axi_checker_outstanding(dbb_chk_, buf, sizeof buf);
    std::fprintf(stderr, "  dbb checker: %s\n", buf);
    if (sram_m_) {
        axi_mem_outstanding(sram_m_, buf, sizeof buf);
        std::fprintf(stderr, "  sram memory: %s\n", buf);
    }
    std::fprintf(stderr, "  dla_intr: %u\n", pins_.dla_intr);
    if (dut_->describe) {
        dut_->describe(dut_, buf, sizeof buf);
        std::fprintf(stderr, "  dut: %s\n", buf);
    }
}
