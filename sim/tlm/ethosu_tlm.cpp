// ethosu_tlm: see ethosu_tlm.h.
#include "ethosu_tlm.h"

#include <cstdio>
#include <cstring>

extern "C" {
#include "sim_kernel.h"   // sim_axi_mem_knobs, sim_axi_checker_knobs: same BFM settings as the C harness
}

using namespace sc_core;

static const uint64_t APB_SPACE = 0x1000;   // PADDR[11:0] is decoded
static const char *const port_name[2] = { "m0", "m1" };

ethosu_tlm::ethosu_tlm(sc_module_name name, const sc_time &period, int porpl, int porsl, const sim_knobs *knobs)
    : tlm_twin_clock(name, period), apb("apb"), m0("m0"), m1("m1"), irq("irq")
{
    sim_knobs k;
    sim_knobs_default(&k);
    if (knobs)
        k = *knobs;
    else
        k.seed = 1;
    env_.verbose = k.verbose;
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
    apb_m_ = apb_master_create("apb", &ak, &pins_.apb, &env_);
    apb_chk_ = apb_checker_create("apb", &pins_.apb, &env_);
    unused_ = sparse_mem_create();
    auto delay = [this](const sc_time &d) { add_memory_delay(d); };
    for (int i = 0; i < 2; i++) {
        axi_mem_knobs mk;
        axi_checker_knobs xk;
        sim_axi_mem_knobs(&k, dut_->data_bytes, dut_->addr_bits, k.seed ^ (0x5555u + (unsigned)i), &mk);
        sim_axi_checker_knobs(&k, dut_->data_bytes, dut_->addr_bits, &xk);
        axi_pins *p = i ? &pins_.m1 : &pins_.m0;
        axi_[i] = axi_mem_create(port_name[i], &mk, p, unused_, &env_);
        axi_chk_[i] = axi_checker_create(port_name[i], &xk, p, &env_);
        tlm_utils::simple_initiator_socket<ethosu_tlm> &s = i ? m1 : m0;
        store_[i].reset(new tlm_axi_store(
            [&s](tlm::tlm_generic_payload &gp, sc_time &d) { s->b_transport(gp, d); }, delay));
        if (axi_[i]) {
            axi_mem_store st = store_[i]->c_store();
            axi_mem_set_store(axi_[i], &st);
        }
        if (!axi_[i] || !axi_chk_[i])
            SC_REPORT_FATAL(this->name(), "could not create the AXI BFMs (bad knobs?)");
    }
    if (!apb_m_ || !apb_chk_ || !unused_)
        SC_REPORT_FATAL(this->name(), "could not create the APB BFMs (bad knobs?)");
    apb.register_b_transport(this, &ethosu_tlm::b_transport);
}

ethosu_tlm::~ethosu_tlm()
{
    apb_master_destroy(apb_m_);
    apb_checker_destroy(apb_chk_);
    for (int i = 0; i < 2; i++) {
        axi_mem_destroy(axi_[i]);
        axi_checker_destroy(axi_chk_[i]);
    }
    sparse_mem_destroy(unused_);
    if (dut_)
        dut_->destroy(dut_);
}

void ethosu_tlm::b_transport(tlm::tlm_generic_payload &gp, sc_time &delay)
{
    gp.set_dmi_allowed(false);
    if (gp.get_command() == tlm::TLM_IGNORE_COMMAND) {
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    tlm::tlm_response_status st = check_word_access(gp, APB_SPACE);
    if (st != tlm::TLM_OK_RESPONSE) {
        gp.set_response_status(st);
        return;
    }
    ethosu_tlm_pprot *ext = nullptr;
    gp.get_extension(ext);
    reg_access a;
    a.write = gp.is_write();
    a.addr = static_cast<uint32_t>(gp.get_address());
    a.prot = ext ? static_cast<uint8_t>(ext->pprot & 7u) : ethosu_tlm_pprot::DEFAULT;
    a.data = 0;
    if (a.write)
        std::memcpy(&a.data, gp.get_data_ptr(), 4);   // host order, as TLM data arrays are
    st = queue_access(a, delay);
    if (!a.write && st == tlm::TLM_OK_RESPONSE)
        std::memcpy(gp.get_data_ptr(), &a.data, 4);
    gp.set_response_status(st);
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
    for (int i = 0; i < 2; i++)
        axi_mem_drive(axi_[i]);
    dut_->eval(dut_, p);
    if (p->nreset) {
        apb_checker_sample(apb_chk_);
        apb_master_sample(apb_m_);
        for (int i = 0; i < 2; i++) {
            axi_checker_sample(axi_chk_[i]);
            axi_mem_sample(axi_[i]);   // R/W beats reach the TLM memory here
        }
    }
    dut_->posedge(dut_, p);
    if (irq_level_ != (p->irq != 0)) {
        irq_level_ = p->irq != 0;
        irq.write(irq_level_);
    }
}

bool ethosu_tlm::quiet() const
{
    bool pins_quiet = !pins_.apb.sel && !pins_.m0.aw_valid && !pins_.m0.w_valid && !pins_.m0.ar_valid &&
                      !pins_.m1.aw_valid && !pins_.m1.w_valid && !pins_.m1.ar_valid;
    bool twin_idle = dut_->busy && !dut_->busy(dut_);   // no busy() query: never idle
    return pins_quiet && twin_idle && apb_master_idle(apb_m_) && axi_mem_idle(axi_[0]) && axi_mem_idle(axi_[1]);
}

int ethosu_tlm::finish()
{
    if (!env_.failed) {
        if (apb_checker_final(apb_chk_) || axi_checker_final(axi_chk_[0]) || axi_checker_final(axi_chk_[1]))
            report_outstanding("end of test");
    }
    return env_.failed;
}

void ethosu_tlm::report_outstanding(const char *why)
{
    char buf[1024];
    std::fprintf(stderr, "---- %s: %s at cycle %llu: outstanding on every interface ----\n", name(), why,
                 (unsigned long long)(sc_time_stamp().value() / period().value()));
    apb_master_outstanding(apb_m_, buf, sizeof buf);
    std::fprintf(stderr, "  apb requester: %s\n", buf);
    for (int i = 0; i < 2; i++) {
        axi_mem_outstanding(axi_[i], buf, sizeof buf);
        std::fprintf(stderr, "  %s memory: %s\n", port_name[i], buf);
        axi_checker_outstanding(axi_chk_[i], buf, sizeof buf);
        std::fprintf(stderr, "  %s checker: %s\n", port_name[i], buf);
    }
    std::fprintf(stderr, "  IRQ: %u\n", pins_.irq);
    if (dut_->describe) {
        dut_->describe(dut_, buf, sizeof buf);
        std::fprintf(stderr, "  dut: %s\n", buf);
    }
}
