// test_tlm_wrappers: base-protocol behaviour of the TLM-2.0 wrappers
// (sc_main; prints one line per check, "N passed, M failed", exit 0/1):
//   - nvdla_tlm csb: word reads and writes reach the twin's registers; a
//     length other than 4 or a short streaming width answers
//     TLM_BURST_ERROR_RESPONSE, a misaligned or out-of-range address
//     TLM_ADDRESS_ERROR_RESPONSE, partial byte enables
//     TLM_BYTE_ENABLE_ERROR_RESPONSE; TLM_IGNORE_COMMAND is fine;
//   - an idle wrapper stops clocking (no cycles burnt while nothing happens);
//   - ethosu_tlm apb: the ethosu_tlm_pprot extension reaches the register
//     file: after a hard reset to secure (PORSL=0) a non-secure write to
//     QBASE0 is refused and a non-secure read returns 0, while accesses
//     without the extension (privileged, secure) go through;
//   - ethosu_tlm on an Ethos-U85 configuration (ETHOSU_CONFIG=ethos-u85-256):
//     its ID and CONFIG, MEM_ATTR2 at AXI_LIMIT2's offset, no LOCK.
#include <cstdio>
#include <cstring>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "ethosu_tlm.h"
#include "nvdla_tlm.h"
#include "tlm_memory.h"

extern "C" {
#include "ethosu_regs.h"
#include "nvdla_regs.h"
}

using namespace sc_core;

static int passed, failed;

static void check(bool ok, const char *what, unsigned long long expected, unsigned long long actual)
{
    if (ok) {
        passed++;
        std::printf("PASS  %s\n", what);
    } else {
        failed++;
        std::printf("FAIL  %s: expected 0x%llx, actual 0x%llx\n", what, expected, actual);
    }
}

struct tester : sc_module {
    tlm_utils::simple_initiator_socket<tester> nv, eu, eu85;
    nvdla_tlm &dla;

    SC_HAS_PROCESS(tester);
    tester(sc_module_name n, nvdla_tlm &d) : sc_module(n), nv("nv"), eu("eu"), eu85("eu85"), dla(d)
    {
        SC_THREAD(run);
    }

    // One transaction; returns the response, data in/out through *word.
    tlm::tlm_response_status xfer(tlm_utils::simple_initiator_socket<tester> &s, bool write, uint64_t addr,
                                  uint32_t *word, unsigned len = 4, unsigned width = 4,
                                  const unsigned char *be = nullptr, int pprot = -1)
    {
        unsigned char buf[8] = { 0 };
        if (write)
            std::memcpy(buf, word, 4);
        tlm::tlm_generic_payload gp;
        gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        gp.set_address(addr);
        gp.set_data_ptr(buf);
        gp.set_data_length(len);
        gp.set_streaming_width(width);
        if (be) {
            gp.set_byte_enable_ptr(const_cast<unsigned char *>(be));
            gp.set_byte_enable_length(4);
        }
        ethosu_tlm_pprot ext(static_cast<uint8_t>(pprot < 0 ? 0 : pprot));
        if (pprot >= 0)
            gp.set_extension(&ext);
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_time d = SC_ZERO_TIME;
        s->b_transport(gp, d);
        if (pprot >= 0)
            gp.clear_extension(&ext);
        wait(d);
        if (!write)
            std::memcpy(word, buf, 4);
        return gp.get_response_status();
    }

    void run()
    {
        using tlm::TLM_OK_RESPONSE;
        uint32_t v = 0;
        // ---- nvdla_tlm csb ----
        tlm::tlm_response_status st = xfer(nv, false, NVDLA_GLB_S_NVDLA_HW_VERSION, &v);
        check(st == TLM_OK_RESPONSE && v == 0x00303031u, "nvdla csb: read of GLB S_NVDLA_HW_VERSION", 0x00303031u, v);
        v = 0x12340;
        st = xfer(nv, true, NVDLA_SDP_D_DST_LINE_STRIDE, &v);
        v = 0;
        tlm::tlm_response_status st2 = xfer(nv, false, NVDLA_SDP_D_DST_LINE_STRIDE, &v);
        check(st == TLM_OK_RESPONSE && st2 == TLM_OK_RESPONSE && v == 0x12340u,
              "nvdla csb: write then read of SDP D_DST_LINE_STRIDE", 0x12340u, v);
        st = xfer(nv, false, NVDLA_GLB_S_NVDLA_HW_VERSION, &v, 8, 8);
        check(st == tlm::TLM_BURST_ERROR_RESPONSE, "nvdla csb: 8-byte read -> TLM_BURST_ERROR_RESPONSE",
              tlm::TLM_BURST_ERROR_RESPONSE, st);
        st = xfer(nv, false, NVDLA_GLB_S_NVDLA_HW_VERSION, &v, 4, 2);
        check(st == tlm::TLM_BURST_ERROR_RESPONSE, "nvdla csb: streaming width 2 -> TLM_BURST_ERROR_RESPONSE",
              tlm::TLM_BURST_ERROR_RESPONSE, st);
        st = xfer(nv, false, NVDLA_GLB_S_NVDLA_HW_VERSION + 2, &v);
        check(st == tlm::TLM_ADDRESS_ERROR_RESPONSE, "nvdla csb: misaligned address -> TLM_ADDRESS_ERROR_RESPONSE",
              tlm::TLM_ADDRESS_ERROR_RESPONSE, st);
        st = xfer(nv, false, 0x40000, &v);
        check(st == tlm::TLM_ADDRESS_ERROR_RESPONSE, "nvdla csb: address 0x40000 -> TLM_ADDRESS_ERROR_RESPONSE",
              tlm::TLM_ADDRESS_ERROR_RESPONSE, st);
        static const unsigned char half[4] = { 0xff, 0xff, 0, 0 };
        v = 0x5555;
        st = xfer(nv, true, NVDLA_SDP_D_DST_LINE_STRIDE, &v, 4, 4, half);
        check(st == tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE,
              "nvdla csb: partial byte enables -> TLM_BYTE_ENABLE_ERROR_RESPONSE", tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE,
              st);
        xfer(nv, false, NVDLA_SDP_D_DST_LINE_STRIDE, &v);
        check(v == 0x12340u, "nvdla csb: the refused write left the register alone", 0x12340u, v);
        // ---- idle: no cycles burnt while nothing happens ----
        // (after the CBUF flush that follows reset: 8,192 busy cycles of the twin)
        wait(dla.period() * 8300.0);
        uint64_t c0 = dla.clocked_cycles();
        wait(sc_time(10, SC_US));
        uint64_t c1 = dla.clocked_cycles();
        check(c1 == c0, "nvdla_tlm idle: no cycles clocked in 10 us of quiet", c0, c1);
        // ---- ethosu_tlm apb with the PPROT extension ----
        st = xfer(eu, false, ETHOSU_ID, &v);
        check(st == TLM_OK_RESPONSE && v == ETHOSU_ID_RESET, "ethosu apb: ID without extension (priv, secure)",
              ETHOSU_ID_RESET, v);
        v = 0x1230;
        st = xfer(eu, true, ETHOSU_QBASE0, &v);
        xfer(eu, false, ETHOSU_QBASE0, &v);
        check(st == TLM_OK_RESPONSE && v == 0x1230u, "ethosu apb: secure write of QBASE0 taken", 0x1230u, v);
        v = 0x5670;
        st = xfer(eu, true, ETHOSU_QBASE0, &v, 4, 4, nullptr, ethosu_tlm_pprot::PRIVILEGED | ethosu_tlm_pprot::NONSECURE);
        xfer(eu, false, ETHOSU_QBASE0, &v);
        check(st == TLM_OK_RESPONSE && v == 0x1230u,
              "ethosu apb: non-secure write (PPROT 0x3 extension) to QBASE0 refused by the secure register file",
              0x1230u, v);
        v = 0xffffffffu;
        st = xfer(eu, false, ETHOSU_QBASE0, &v, 4, 4, nullptr, ethosu_tlm_pprot::PRIVILEGED | ethosu_tlm_pprot::NONSECURE);
        check(st == TLM_OK_RESPONSE && v == 0, "ethosu apb: non-secure read of QBASE0 returns 0", 0, v);
        st = xfer(eu, false, ETHOSU_QBASE0, &v, 4, 4, nullptr, ethosu_tlm_pprot::PRIVILEGED);
        check(st == TLM_OK_RESPONSE && v == 0x1230u, "ethosu apb: explicit PPROT 0x1 extension reads it", 0x1230u, v);
        st = xfer(eu, false, ETHOSU_QBASE0 + 1, &v);
        check(st == tlm::TLM_ADDRESS_ERROR_RESPONSE, "ethosu apb: misaligned -> TLM_ADDRESS_ERROR_RESPONSE",
              tlm::TLM_ADDRESS_ERROR_RESPONSE, st);
        st = xfer(eu, false, 0x1000, &v);
        check(st == tlm::TLM_ADDRESS_ERROR_RESPONSE, "ethosu apb: offset 0x1000 -> TLM_ADDRESS_ERROR_RESPONSE",
              tlm::TLM_ADDRESS_ERROR_RESPONSE, st);
        st = xfer(eu, false, ETHOSU_QBASE0, &v, 2, 2);
        check(st == tlm::TLM_BURST_ERROR_RESPONSE, "ethosu apb: 2-byte read -> TLM_BURST_ERROR_RESPONSE",
              tlm::TLM_BURST_ERROR_RESPONSE, st);
        // ---- ethosu_tlm for ethos-u85-256 ----
        xfer(eu85, false, ETHOSU_ID, &v);
        check(v == 0x20007001u, "ethosu85 apb: ID", 0x20007001u, v);
        xfer(eu85, false, ETHOSU_CONFIG, &v);
        check(v == ethosu_configs[ETHOSU_CFG_U85_256].config_reset, "ethosu85 apb: CONFIG of ethos-u85-256",
              ethosu_configs[ETHOSU_CFG_U85_256].config_reset, v);
        v = 0xffffffffu;
        xfer(eu85, true, ETHOSU_MEM_ATTR2, &v);
        xfer(eu85, false, ETHOSU_MEM_ATTR2, &v);
        check(v == 0xf7u, "ethosu85 apb: MEM_ATTR2 (mem_domain, axi_port, memtype) at 0x048", 0xf7u, v);
        v = 0xau;
        xfer(eu85, true, ETHOSU_LOCK, &v);
        xfer(eu85, false, ETHOSU_LOCK, &v);
        check(v == 0, "ethosu85 apb: no LOCK (reads 0)", 0, v);
        sc_stop();
    }
};

int sc_main(int, char **)
{
    sc_report_handler::set_actions("/OSCI/SystemC", SC_INFO, SC_DO_NOTHING);   // "Simulation stopped by user"
    nvdla_tlm dla("nvdla");
    ethosu_tlm npu("ethosu", sc_time(1, SC_NS), 1, 0);
    sim_knobs k85;
    sim_knobs_default(&k85);
    k85.network_config = "ethos-u85-256";
    ethosu_tlm npu85("ethosu85", sc_time(1, SC_NS), 1, 0, &k85);
    tlm_memory dbb("dbb_mem"), m0("m0_mem"), m1("m1_mem"), s85("sram85_mem"), e85("ext85_mem");
    sc_signal<bool> dla_irq("dla_irq"), npu_irq("npu_irq"), npu85_irq("npu85_irq");
    tester t("tester", dla);
    dla.dbb.bind(dbb.socket);
    dla.irq(dla_irq);
    npu.m0.bind(m0.socket);
    npu.m1.bind(m1.socket);
    npu.irq(npu_irq);
    t.nv.bind(dla.csb);
    t.eu.bind(npu.apb);
    npu85.m0.bind(s85.socket);
    npu85.m1.bind(e85.socket);
    npu85.irq(npu85_irq);
    t.eu85.bind(npu85.apb);
    sc_start(sc_time(1, SC_MS));
    int f = dla.finish() + npu.finish() + npu85.finish();
    check(f == 0, "no protocol checker failure inside the wrappers", 0, (unsigned long long)f);
    std::printf("test_tlm_wrappers: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
