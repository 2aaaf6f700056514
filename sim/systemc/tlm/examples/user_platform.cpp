// user_platform: a platform of the kind a user writes around the
// TLM-2.0 wrappers, with nothing else of the project's: its own CPU model
// (one initiator socket per device, firmware in an SC_THREAD), three
// tlm_memory targets, nvdla_tlm and ethosu_tlm and their interrupt lines.
// The firmware copies a 4x2x16 INT8 cube through NVDLA's SDP (every stage
// bypassed) and a 256-byte buffer through an Ethos-U65 DMA command stream
// (written in the ethosu-cmd assembler text), waits for each interrupt,
// checks the copies byte for byte and clears the interrupts. Exit 0 when
// everything matched, 1 otherwise. `make unit` builds and runs it;
// docs/systemc-tlm.md describes the same wiring.
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "ethosu_tlm.h"
#include "nvdla_tlm.h"
#include "tlm_memory.h"

extern "C" {
#include "ethosu_cmd.h"
#include "ethosu_regs.h"
#include "nvdla_regs.h"
#include "sparse_mem.h"
}

using namespace sc_core;

namespace {

const uint64_t DLA_SRC = 0x80000000u, DLA_DST = 0x80100000u;   // behind DBBIF
const unsigned W = 4, H = 2, C = 16, ATOM = 8;                   // nv_small: 8-byte atoms
const uint64_t NPU_DST = 0x100000000ull;                         // region 0, behind M0
const uint64_t NPU_SRC = 0x120000000ull;                         // region 1, behind M1
const uint64_t NPU_CMD = 0x10000u;                               // command stream, behind M0
const unsigned NPU_LEN = 256;
const sc_time IRQ_TIMEOUT(1, SC_MS);

struct cpu : sc_module {
    tlm_utils::simple_initiator_socket<cpu> dla_bus, npu_bus;
    sc_in<bool> dla_irq, npu_irq;
    sparse_mem *ddr, *npu_mem0, *npu_mem1;   // the memories' stores, for loads and checks
    int failures = 0;

    SC_HAS_PROCESS(cpu);
    cpu(sc_module_name n) : sc_module(n), dla_bus("dla_bus"), npu_bus("npu_bus"), dla_irq("dla_irq"),
                            npu_irq("npu_irq") { SC_THREAD(firmware); }

    // One 32-bit register access; pprot >= 0 adds the Ethos-U65 PPROT extension.
    uint32_t access(tlm_utils::simple_initiator_socket<cpu> &bus, bool write, uint32_t addr, uint32_t v,
                    int pprot = -1)
    {
        tlm::tlm_generic_payload gp;
        unsigned char data[4];
        std::memcpy(data, &v, 4);
        gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        gp.set_address(addr);
        gp.set_data_ptr(data);
        gp.set_data_length(4);
        gp.set_streaming_width(4);
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        ethosu_tlm_pprot prot(static_cast<uint8_t>(pprot < 0 ? 0 : pprot));
        if (pprot >= 0)
            gp.set_extension(&prot);
        sc_time delay = SC_ZERO_TIME;
        bus->b_transport(gp, delay);
        if (pprot >= 0)
            gp.clear_extension(&prot);
        wait(delay);
        if (!gp.is_response_ok())
            fail("%s of 0x%x: %s", write ? "write" : "read", addr, gp.get_response_string().c_str());
        std::memcpy(&v, data, 4);
        return v;
    }
    void dla_wr(uint32_t a, uint32_t v) { access(dla_bus, true, a, v); }
    uint32_t dla_rd(uint32_t a) { return access(dla_bus, false, a, 0); }
    void npu_wr(uint32_t a, uint32_t v) { access(npu_bus, true, a, v); }
    uint32_t npu_rd(uint32_t a) { return access(npu_bus, false, a, 0); }

    __attribute__((format(printf, 2, 3))) void fail(const char *fmt, ...)
    {
        va_list ap;
        va_start(ap, fmt);
        std::printf("FAIL  %s: ", sc_time_stamp().to_string().c_str());
        std::vprintf(fmt, ap);
        std::printf("\n");
        va_end(ap);
        failures++;
    }

    bool wait_irq(sc_in<bool> &irq, const char *who)
    {
        if (!irq.read())
            wait(IRQ_TIMEOUT, irq.posedge_event());
        if (!irq.read())
            fail("%s: no interrupt within %s", who, IRQ_TIMEOUT.to_string().c_str());
        return irq.read();
    }

    void compare(sparse_mem *m, uint64_t dst, const uint8_t *expect, size_t n, const char *who)
    {
        uint8_t *got = static_cast<uint8_t *>(std::malloc(n));
        sparse_mem_read(m, dst, got, n);
        for (size_t i = 0; i < n; i++)
            if (got[i] != expect[i]) {
                fail("%s: first difference at 0x%llx: expected 0x%02x, actual 0x%02x", who,
                     (unsigned long long)(dst + i), expect[i], got[i]);
                break;
            }
        std::free(got);
    }

    // NVDLA: SDP off-flying, BS/BN/EW bypassed, INT8 to INT8: a copy.
    void nvdla_copy()
    {
        const uint32_t line = W * ATOM, surface = line * H, bytes = surface * (C / ATOM);
        uint8_t in[bytes];
        for (uint32_t i = 0; i < bytes; i++)
            in[i] = static_cast<uint8_t>(i * 7 + 3);
        sparse_mem_write(ddr, DLA_SRC, in, bytes);
        const uint32_t regs[][2] = {
            { NVDLA_SDP_RDMA_D_DATA_CUBE_WIDTH, W - 1 }, { NVDLA_SDP_RDMA_D_DATA_CUBE_HEIGHT, H - 1 },
            { NVDLA_SDP_RDMA_D_DATA_CUBE_CHANNEL, C - 1 }, { NVDLA_SDP_RDMA_D_SRC_BASE_ADDR_LOW, DLA_SRC },
            { NVDLA_SDP_RDMA_D_SRC_BASE_ADDR_HIGH, 0 }, { NVDLA_SDP_RDMA_D_SRC_LINE_STRIDE, line },
            { NVDLA_SDP_RDMA_D_SRC_SURFACE_STRIDE, surface }, { NVDLA_SDP_RDMA_D_BRDMA_CFG, 1 },
            { NVDLA_SDP_RDMA_D_NRDMA_CFG, 1 }, { NVDLA_SDP_RDMA_D_ERDMA_CFG, 1 },
            { NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG, 0 }, { NVDLA_SDP_RDMA_D_SRC_DMA_CFG, 1 },
            { NVDLA_SDP_D_DATA_CUBE_WIDTH, W - 1 }, { NVDLA_SDP_D_DATA_CUBE_HEIGHT, H - 1 },
            { NVDLA_SDP_D_DATA_CUBE_CHANNEL, C - 1 }, { NVDLA_SDP_D_DST_BASE_ADDR_LOW, DLA_DST },
            { NVDLA_SDP_D_DST_BASE_ADDR_HIGH, 0 }, { NVDLA_SDP_D_DST_LINE_STRIDE, line },
            { NVDLA_SDP_D_DST_SURFACE_STRIDE, surface }, { NVDLA_SDP_D_DP_BS_CFG, 0x53 },
            { NVDLA_SDP_D_DP_BN_CFG, 0x53 }, { NVDLA_SDP_D_DP_EW_CFG, 0x53 },
            { NVDLA_SDP_D_FEATURE_MODE_CFG, 0 }, { NVDLA_SDP_D_DST_DMA_CFG, 1 }, { NVDLA_SDP_D_DATA_FORMAT, 0 },
            { NVDLA_SDP_D_CVT_OFFSET, 0 }, { NVDLA_SDP_D_CVT_SCALE, 1 }, { NVDLA_SDP_D_CVT_SHIFT, 0 },
            { NVDLA_SDP_D_OP_ENABLE, 1 }, { NVDLA_SDP_RDMA_D_OP_ENABLE, 1 },
        };
        for (const auto &r : regs)
            dla_wr(r[0], r[1]);
        if (!wait_irq(dla_irq, "nvdla"))
            return;
        uint32_t st = dla_rd(NVDLA_GLB_S_INTR_STATUS);
        if (!(st & NVDLA_GLB_S_INTR_STATUS_SDP_DONE_STATUS0_MASK))
            fail("nvdla: GLB S_INTR_STATUS: expected SDP_DONE_STATUS0, actual 0x%08x", st);
        dla_wr(NVDLA_GLB_S_INTR_STATUS, st);   // write 1 to clear
        wait(10, SC_NS);
        if (dla_irq.read())
            fail("nvdla: interrupt still high after clearing GLB S_INTR_STATUS");
        int before = failures;
        compare(ddr, DLA_DST, in, bytes, "nvdla SDP copy");
        if (failures == before)
            std::printf("nvdla: %ux%ux%u cube copied by SDP, 0x%llx -> 0x%llx, done at %s\n", W, H, C,
                    (unsigned long long)DLA_SRC, (unsigned long long)DLA_DST, sc_time_stamp().to_string().c_str());
    }

    // Ethos-U65: soft reset, regions, a DMA command stream from M1 to M0.
    void ethosu_dma()
    {
        npu_wr(ETHOSU_RESET, 1u << ETHOSU_RESET_PENDING_CPL_SHIFT);   // privileged, secure
        for (int i = 0; i < 100 && (npu_rd(ETHOSU_STATUS) & ETHOSU_STATUS_RESET_STATUS_MASK); i++)
            ;
        npu_wr(ETHOSU_BASEP0, static_cast<uint32_t>(NPU_DST));
        npu_wr(ETHOSU_BASEP0 + 4, static_cast<uint32_t>(NPU_DST >> 32));
        npu_wr(ETHOSU_BASEP0 + 8, static_cast<uint32_t>(NPU_SRC));
        npu_wr(ETHOSU_BASEP0 + 12, static_cast<uint32_t>(NPU_SRC >> 32));
        npu_wr(ETHOSU_REGIONCFG, 2u << 2);   // region 0 on M0, region 1 on M1
        static const char text[] = "NPU_SET_DMA0_SRC_REGION 1\n"
                                   "NPU_SET_DMA0_DST_REGION 0\n"
                                   "NPU_SET_DMA0_SRC 0 0x0\n"
                                   "NPU_SET_DMA0_DST 0 0x0\n"
                                   "NPU_SET_DMA0_LEN 0 256\n"
                                   "NPU_OP_DMA_START 0\n"
                                   "NPU_OP_DMA_WAIT 0\n"
                                   "NPU_OP_STOP 1\n";
        uint32_t *words = nullptr;
        size_t n = 0;
        char err[256];
        if (ethosu_cmd_asm(text, sizeof text - 1, "example stream", &words, &n, err, sizeof err)) {
            fail("ethosu: %s", err);
            return;
        }
        for (size_t i = 0; i < n; i++) {   // little-endian words behind M0
            uint8_t le[4] = { uint8_t(words[i]), uint8_t(words[i] >> 8), uint8_t(words[i] >> 16),
                              uint8_t(words[i] >> 24) };
            sparse_mem_write(npu_mem0, NPU_CMD + 4 * i, le, 4);
        }
        std::free(words);
        uint8_t in[NPU_LEN];
        for (unsigned i = 0; i < NPU_LEN; i++)
            in[i] = static_cast<uint8_t>(i * 13 + 1);
        sparse_mem_write(npu_mem1, NPU_SRC, in, NPU_LEN);
        npu_wr(ETHOSU_QBASE0, static_cast<uint32_t>(NPU_CMD));
        npu_wr(ETHOSU_QBASE1, 0);
        npu_wr(ETHOSU_QSIZE, static_cast<uint32_t>(4 * n));
        npu_wr(ETHOSU_QCONFIG, 0);   // command stream behind M0
        const uint32_t q_on = ETHOSU_CMD_CLOCK_Q_ENABLE_MASK | ETHOSU_CMD_POWER_Q_ENABLE_MASK;
        npu_wr(ETHOSU_CMD, ETHOSU_CMD_TRANSITION_TO_RUNNING_STATE_MASK | q_on);
        if (!wait_irq(npu_irq, "ethosu"))
            return;
        uint32_t st = npu_rd(ETHOSU_STATUS);
        if (st & (ETHOSU_STATUS_BUS_STATUS_MASK | ETHOSU_STATUS_CMD_PARSE_ERROR_MASK))
            fail("ethosu: STATUS 0x%08x reports an error", st);
        // A non-secure access to the secure NPU is refused: reads return 0.
        if (access(npu_bus, false, ETHOSU_QBASE0, 0, ethosu_tlm_pprot::PRIVILEGED | ethosu_tlm_pprot::NONSECURE))
            fail("ethosu: non-secure read of QBASE0: expected 0 (refused)");
        npu_wr(ETHOSU_CMD, ETHOSU_CMD_CLEAR_IRQ_MASK | q_on);
        wait(10, SC_NS);
        if (npu_irq.read())
            fail("ethosu: IRQ still high after CMD.clear_irq");
        int before = failures;
        compare(npu_mem0, NPU_DST, in, NPU_LEN, "ethosu DMA");
        if (failures == before)
            std::printf("ethosu: %u bytes copied by a %zu-word command stream, M1 0x%llx -> M0 0x%llx, done at %s\n",
                    NPU_LEN, n, (unsigned long long)NPU_SRC, (unsigned long long)NPU_DST,
                    sc_time_stamp().to_string().c_str());
    }

    void firmware()
    {
        nvdla_copy();
        ethosu_dma();
        sc_stop();
    }
};

}  // namespace

int sc_main(int, char **)
{
    tlm_memory ddr("ddr", sc_time(2, SC_NS)), npu_sram("npu_sram"), npu_flash("npu_flash");
    nvdla_tlm dla("nvdla", sc_time(1, SC_NS));            // no SRAMIF, default BFM knobs
    ethosu_tlm npu("npu", sc_time(1, SC_NS), 1, 0);       // PORPL=1 (privileged), PORSL=0 (secure)
    cpu host("cpu");
    sc_signal<bool> dla_irq("dla_irq"), npu_irq("npu_irq");

    host.dla_bus.bind(dla.csb);
    host.npu_bus.bind(npu.apb);
    dla.dbb.bind(ddr.socket);
    npu.m0.bind(npu_sram.socket);
    npu.m1.bind(npu_flash.socket);
    dla.irq(dla_irq);
    npu.irq(npu_irq);
    host.dla_irq(dla_irq);
    host.npu_irq(npu_irq);
    host.ddr = ddr.mem();
    host.npu_mem0 = npu_sram.mem();
    host.npu_mem1 = npu_flash.mem();

    sc_start();
    // End-of-test checks of the wrappers' protocol checkers.
    int f = host.failures + dla.finish() + npu.finish();
    if (dla.failures())
        std::printf("FAIL  nvdla checker: %s\n", dla.first_failure());
    if (npu.failures())
        std::printf("FAIL  ethosu checker: %s\n", npu.first_failure());
    std::printf("%s: user_platform (%llu nvdla and %llu ethosu cycles clocked)\n", f ? "FAIL" : "PASS",
                (unsigned long long)dla.clocked_cycles(), (unsigned long long)npu.clocked_cycles());
    return f ? 1 : 0;
}
