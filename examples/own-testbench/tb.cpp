// tb: a Verilator testbench of a user's own top (dma_copy.v) built on the
// installed nvdla-cosim library alone: the APB master BFM programs the
// copies, the AXI4 memory BFM (over a sparse memory) answers the top's
// bursts with random latency and backpressure, and two protocol checkers
// watch both ports. Each copy must land byte for byte with the guard bytes
// around it untouched, STATUS must report no error, and both checkers must
// stay clean. Prints one PASS or FAIL line; exit status 0 only on PASS.
//
//   ./obj_dir/Vdma_copy                  the test
//   ./obj_dir/Vdma_copy --inject-error   the memory answers SLVERR on the
//                                        first copy's source: must FAIL
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include <verilated.h>
#include "Vdma_copy.h"

// The library's headers are C: C++ includes them in extern "C".
extern "C" {
#include "apb_checker.h"
#include "apb_master.h"
#include "axi_checker.h"
#include "axi_mem.h"
#include "sparse_mem.h"
}

namespace {

const uint32_t REG_SRC = 0x00, REG_DST = 0x04, REG_BEATS = 0x08, REG_CTRL = 0x0C, REG_STATUS = 0x10;
const uint32_t STATUS_DONE = 1u << 0, STATUS_ERROR = 1u << 2;
const unsigned BUS_BYTES = 8;        // the top's AXI data width
const uint64_t MAX_CYCLES = 100000;  // watchdog: a hung top fails instead of running forever
const uint8_t GUARD = 0xA5;          // around each destination: a stray write shows

struct copy { uint32_t src, dst; unsigned beats; };
const copy COPIES[] = {
    {0x00001000u, 0x00008000u, 16},
    {0x00011F80u, 0x00020040u, 5},   // ends on a 4 KiB boundary
    {0x00030008u, 0x00030800u, 1},
};

// One simulation: the top, the BFMs on its two ports, the shared clock.
struct bench {
    std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    std::unique_ptr<Vdma_copy> top{new Vdma_copy{ctx.get()}};
    bfm_env env{};
    apb_pins apb{};
    axi_pins axi{};
    sparse_mem *mem = nullptr;
    apb_master *regs = nullptr;
    apb_checker *regs_chk = nullptr;
    axi_mem *ddr = nullptr;
    axi_checker *ddr_chk = nullptr;
    bool in_reset = true;

    bench();
    ~bench();
    void to_top();
    void from_top();
    int cycle();
    static int step(bfm_env *env) { return static_cast<bench *>(env->kernel)->cycle(); }
};

bench::bench()
{
    env.step = step;
    env.kernel = this;
    mem = sparse_mem_create();
    apb_master_knobs ak;
    apb_master_knobs_default(&ak);
    ak.gap_max = 2;
    regs = apb_master_create("regs", &ak, &apb, &env);
    regs_chk = apb_checker_create("regs", &apb, &env);
    axi_mem_knobs mk;
    axi_mem_knobs_default(&mk);
    mk.data_bytes = BUS_BYTES;
    mk.addr_bits = 32;
    mk.rd_latency_min = 1;
    mk.rd_latency_max = 6;
    mk.stall_pct = 30;
    mk.seed = 1;
    ddr = axi_mem_create("ddr", &mk, &axi, mem, &env);
    axi_checker_knobs ck;
    axi_checker_knobs_default(&ck);
    ck.data_bytes = BUS_BYTES;
    ck.addr_bits = 32;
    ck.require_aligned = 1;
    ck.require_in_order = 1;
    ck.max_wait = 1000;
    ddr_chk = axi_checker_create("ddr", &ck, &axi, &env);
}

bench::~bench()
{
    axi_checker_destroy(ddr_chk);
    axi_mem_destroy(ddr);
    apb_checker_destroy(regs_chk);
    apb_master_destroy(regs);
    sparse_mem_destroy(mem);
    top->final();
}

// What the BFMs drive, onto the top's inputs.
void bench::to_top()
{
    Vdma_copy &t = *top;
    t.rstn = !in_reset;
    t.psel = apb.sel;
    t.penable = apb.enable;
    t.pwrite = apb.write;
    t.paddr = apb.addr & 0xFFF;
    t.pwdata = apb.wdata;
    t.awready = axi.aw_ready;
    t.wready = axi.w_ready;
    t.bvalid = axi.b_valid;
    t.bresp = axi.b_resp;
    t.arready = axi.ar_ready;
    t.rvalid = axi.r_valid;
    t.rresp = axi.r_resp;
    t.rlast = axi.r_last;
    uint64_t r = 0;
    for (unsigned i = 0; i < BUS_BYTES; i++)
        r |= uint64_t{axi.r_data[i]} << (8 * i);
    t.rdata = r;
}

// The top's outputs, onto the pins the BFMs and checkers sample.
void bench::from_top()
{
    const Vdma_copy &t = *top;
    apb.ready = t.pready;
    apb.rdata = t.prdata;
    apb.slverr = t.pslverr;
    axi.aw_valid = t.awvalid;
    axi.aw_addr = t.awaddr;
    axi.aw_len = t.awlen;
    axi.aw_size = t.awsize;
    axi.aw_burst = t.awburst;
    axi.w_valid = t.wvalid;
    axi.w_last = t.wlast;
    axi.w_strb = t.wstrb;
    for (unsigned i = 0; i < BUS_BYTES; i++)
        axi.w_data[i] = static_cast<uint8_t>(t.wdata >> (8 * i));
    axi.b_ready = t.bready;
    axi.ar_valid = t.arvalid;
    axi.ar_addr = t.araddr;
    axi.ar_len = t.arlen;
    axi.ar_size = t.arsize;
    axi.ar_burst = t.arburst;
    axi.r_ready = t.rready;
}

// One clock cycle, as the library's kernel runs it: BFMs drive, the top
// settles with the clock low, BFMs and checkers sample the handshakes,
// then the rising edge. Non-zero once the test has failed.
int bench::cycle()
{
    apb_master_drive(regs);
    axi_mem_drive(ddr);
    to_top();
    top->clk = 0;
    top->eval();
    from_top();
    if (in_reset) {
        apb_checker_sample_reset(regs_chk);
        axi_checker_sample_reset(ddr_chk);
    } else {
        apb_checker_sample(regs_chk);
        apb_master_sample(regs);
        axi_checker_sample(ddr_chk);
        axi_mem_sample(ddr);
    }
    top->clk = 1;
    top->eval();
    env.cycle++;
    if (env.cycle >= MAX_CYCLES && !env.failed)
        bfm_fail(&env, "tb", "-", "watchdog", "expected the test to end within %" PRIu64 " cycles, actual %" PRIu64,
                 MAX_CYCLES, env.cycle);
    return env.failed != 0;
}

// Programs one copy and waits for DONE; the data and guard checks follow.
// Returns a reason for the FAIL line, or nullptr.
const char *run_copy(bench &b, const copy &c, uint32_t seed, char *why, size_t len)
{
    const size_t n = size_t{c.beats} * BUS_BYTES;
    std::vector<uint8_t> want(n), got(n + 2 * BUS_BYTES);
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1664525u + 1013904223u;
        want[i] = static_cast<uint8_t>(seed >> 24);
    }
    sparse_mem_write(b.mem, c.src, want.data(), n);
    sparse_mem_fill(b.mem, c.dst - BUS_BYTES, GUARD, n + 2 * BUS_BYTES);

    if (apb_write(b.regs, REG_SRC, c.src, APB_PROT_DEFAULT) != BFM_OK ||
        apb_write(b.regs, REG_DST, c.dst, APB_PROT_DEFAULT) != BFM_OK ||
        apb_write(b.regs, REG_BEATS, c.beats, APB_PROT_DEFAULT) != BFM_OK ||
        apb_write(b.regs, REG_CTRL, 1, APB_PROT_DEFAULT) != BFM_OK)
        return "a register write did not complete";
    uint32_t status = 0;
    do {
        if (apb_read(b.regs, REG_STATUS, APB_PROT_DEFAULT, &status, nullptr) != BFM_OK)
            return "STATUS read did not complete";
    } while (!(status & STATUS_DONE));
    if (status & STATUS_ERROR) {
        snprintf(why, len, "copy 0x%08x -> 0x%08x: STATUS.ERROR set (0x%x)", c.src, c.dst, status);
        return why;
    }

    sparse_mem_read(b.mem, c.dst - BUS_BYTES, got.data(), got.size());
    for (size_t i = 0; i < got.size(); i++) {
        bool guard = i < BUS_BYTES || i >= n + BUS_BYTES;
        uint8_t expect = guard ? GUARD : want[i - BUS_BYTES];
        if (got[i] != expect) {
            snprintf(why, len, "copy 0x%08x -> 0x%08x: %s byte at 0x%08zx: expected 0x%02x, actual 0x%02x",
                     c.src, c.dst, guard ? "guard" : "data", c.dst - BUS_BYTES + i, expect, got[i]);
            return why;
        }
    }
    return nullptr;
}

}  // namespace

int main(int argc, char **argv)
{
    bool inject_error = argc > 1 && std::strcmp(argv[1], "--inject-error") == 0;
    if (argc > 2 || (argc == 2 && !inject_error)) {
        std::fprintf(stderr, "usage: %s [--inject-error]\n", argv[0]);
        return 2;
    }
    bench b;
    b.ctx->commandArgs(argc, argv);
    if (inject_error) {
        axi_mem_err_region r{};
        r.lo = COPIES[0].src;
        r.hi = COPIES[0].src + 7;
        r.resp = AXI_RESP_SLVERR;
        r.on_read = 1;
        axi_mem_add_err_region(b.ddr, &r);
    }
    for (int i = 0; i < 5; i++)
        b.cycle();
    b.in_reset = false;

    char why[256];
    const char *fail = nullptr;
    unsigned beats = 0;
    for (const copy &c : COPIES) {
        fail = run_copy(b, c, 0x9E3779B9u + c.src, why, sizeof why);
        if (fail)
            break;
        beats += c.beats;
    }
    // every burst answered, no transfer left open: the checkers' end-of-test rules
    int open = axi_checker_final(b.ddr_chk) + apb_checker_final(b.regs_chk);
    if (!fail && b.env.failed)
        fail = b.env.first_failure;
    if (!fail && open)
        fail = "a checker found transfers never completed";

    // each copied beat crossed the bus exactly twice: read once, written once
    struct axi_mem_stats s;
    axi_mem_stats(b.ddr, &s);
    if (!fail && (s.r_beats != beats || s.w_beats != beats)) {
        snprintf(why, sizeof why, "beats on the bus: expected %u read and %u written, actual %" PRIu64 " and %" PRIu64,
                 beats, beats, s.r_beats, s.w_beats);
        fail = why;
    }
    if (fail) {
        std::printf("FAIL own-testbench: %s (cycle %" PRIu64 ")\n", fail, b.env.cycle);
        return 1;
    }
    std::printf("PASS own-testbench: %zu copies, %u beats read and written, guards intact, %" PRIu64
                " cycles, checkers clean\n", sizeof COPIES / sizeof COPIES[0], beats, b.env.cycle);
    return 0;
}
