// tlm_platform: the SystemC/TLM-2.0 example platform and `make sim
// HARNESS=tlm`. Memories (tlm_memory) + a wrapped C twin (nvdla_tlm or
// ethosu_tlm) + a test thread (tlm_seq_driver) that runs the project's C
// sequences, NVDLA traces included, over b_transport. Takes the C
// simulator's command line (sim/kernel/sim_knobs.h); prints the seed, the knobs,
// PASS/FAIL and a reproduce line; exits 0 pass, 1 fail, 2 bad input.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>
#include <systemc>

#include "ethosu_tlm.h"
#include "nvdla_tlm.h"
#include "tlm_memory.h"
#include "tlm_seq_driver.h"

extern "C" {
#include "ethosu_family.h"
#include "ethosu_regs.h"
#include "ethosu_seq.h"
#include "nvdla_family.h"
#include "nvdla_config.h"
#include "nvdla_seq.h"
#include "nvdla_trace_gate.h"
#include "sim_knobs.h"
#include "trace_parse.h"
#include "trace_run.h"
}

using namespace sc_core;

static const char *const KIND = "twin-tlm";

static double now_s()
{
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void list_tests()
{
    printf("sequences:\n");
    for (unsigned i = 0; i < nvdla_seq_test_count; i++)
        printf("  %-28s %s\n", nvdla_seq_tests[i]->name, nvdla_seq_tests[i]->summary);
    printf("ethos-u65 sequences (make sim HARNESS=tlm TEST=ethosu/<name>):\n");
    for (unsigned i = 0; i < ethosu_seq_test_count; i++)
        printf("  ethosu/%-21s %s%s%s%s\n", ethosu_seq_tests[i]->name, ethosu_seq_tests[i]->summary,
               ethosu_seq_tests[i]->needs_pins ? " [C harness only: needs " : "",
               ethosu_seq_tests[i]->needs_pins ? ethosu_seq_tests[i]->needs_pins : "",
               ethosu_seq_tests[i]->needs_pins ? "]" : "");
}

// The neutral sequence context over the driver's register port and IRQ
// mirror; the caller adds the memories.
static void seq_ctx_init(seq_ctx &ctx, tlm_seq_driver &drv, const sim_knobs &k)
{
    std::memset(&ctx, 0, sizeof ctx);
    ctx.env = drv.env();
    ctx.regs = drv.port();
    ctx.irq = drv.irq_mirror();
    ctx.seed = k.seed;
    ctx.dut_kind = KIND;
    ctx.out_dir = k.out_dir;
    bfm_rng_seed(&ctx.rng, k.seed);
}

// The outcome of one run, printed the same way for both families.
struct outcome {
    int test_rc;
    int failures;
    uint64_t cycles, clocked;
    double wall;
    std::string first_failure;
};

static outcome collect(tlm_seq_driver &drv, tlm_twin_clock &dut, double t0)
{
    outcome o;
    o.test_rc = drv.finished() ? drv.result() : -1;
    o.failures = drv.env()->failed + dut.failures();
    if (drv.finished() && !o.failures)
        o.failures = dut.finish();
    o.cycles = drv.cycle();
    o.clocked = dut.clocked_cycles();
    o.wall = now_s() - t0;
    // the wrapper's failure (a checker) is the cause when there is one
    o.first_failure = dut.first_failure()[0] ? dut.first_failure() : drv.env()->first_failure;
    return o;
}

static int report(const outcome &o, const char *name, const sim_knobs &k, const std::string &reproduce)
{
    bool pass = o.test_rc == 0 && o.failures == 0;
    if (!pass && !o.first_failure.empty())
        printf("first failure: %s\n", o.first_failure.c_str());
    printf("%s: %s on %s, %" PRIu64 " cycles (%" PRIu64 " clocked), %.2f s (%.0f cycles/s), seed %" PRIu64 "\n",
           pass ? "PASS" : "FAIL", name, KIND, o.cycles, o.clocked, o.wall,
           o.wall > 0 ? (double)o.clocked / o.wall : 0.0, k.seed);
    if (!pass)
        printf("reproduce: %s\n", reproduce.c_str());
    fflush(stdout);
    return pass ? 0 : 1;
}

static std::string reproduce_line(const sim_knobs &k)
{
    char buf[4096];
    sim_knobs_reproduce(&k, "tlm", buf, sizeof buf);
    return buf;
}

static int run_ethosu(sim_knobs &k, const sc_time &period)
{
    const ethosu_seq_test *t = ethosu_seq_find(k.test);
    if (!t) {
        fprintf(stderr, "tlm-platform: no Ethos-U65 test named '%s' (`make sim HARNESS=tlm TEST=list` lists them)\n", k.test);
        return 2;
    }
    int cfg = k.network_config && ethosu_config_find(k.network_config) >= 0 ? ethosu_config_find(k.network_config)
                                                                          : ETHOSU_CFG_DEFAULT;
    if (const char *why = ethosu_seq_skip(t, cfg, "twin", 0)) {   /* as the C harness's gate */
        printf("SKIP: ethosu/%s on twin (tlm harness), %s: %s\n", t->name, ethosu_configs[cfg].name, why);
        fflush(stdout);
        return SIM_EXIT_SKIP;
    }
    if (t->needs_pins) {
        fprintf(stderr, "tlm-platform: ethosu/%s needs %s, a pin-level feature the TLM platform does not have; "
                "run it on the C harness (make sim TEST=ethosu/%s DUT=twin)\n", t->name, t->needs_pins, t->name);
        return 2;
    }
    if (!k.max_cycles_given && t->watchdog > k.max_cycles)
        k.max_cycles = t->watchdog;
    printf("seed: %" PRIu64 " (rerun with SEED=%" PRIu64 ")\n", k.seed, k.seed);
    sim_knobs_print(&k);
    ethosu_tlm npu("ethosu", period, t->porpl, t->porsl, &k);
    tlm_memory mem0("m0_mem"), mem1("m1_mem");
    sc_signal<bool> irq("irq");
    tlm_seq_driver drv("test", npu, true, k.max_cycles);
    npu.m0.bind(mem0.socket);
    npu.m1.bind(mem1.socket);
    npu.irq(irq);
    drv.irq(irq);
    drv.regs.bind(npu.apb);
    ethosu_seq_ctx ctx;
    std::memset(&ctx, 0, sizeof ctx);
    ctx.cfg = cfg;
    const ethosu_config_desc *cd = &ethosu_configs[ctx.cfg];
    printf("dut: %s (C twin) behind TLM-2.0, %s: apb target, m0/m1 initiators to tlm_memory, clock %s, "
           "PORPL=%d PORSL=%d\n", cd->product == ETHOSU_PRODUCT_U85 ? "ethosu85" : "ethosu65", cd->name,
           period.to_string().c_str(), t->porpl, t->porsl);
    seq_ctx_init(ctx.seq, drv, k);
    ctx.seq.mem[0] = mem0.mem();
    ctx.seq.mem[1] = mem1.mem();
    ctx.seq.written[0] = mem0.written();
    ctx.seq.written[1] = mem1.written();
    drv.set_body([&] { return t->run(&ctx); });
    double t0 = now_s();
    sc_start();
    outcome o = collect(drv, npu, t0);
    std::string name = std::string("ethosu/") + t->name;
    return report(o, name.c_str(), k, reproduce_line(k));
}

static int run_nvdla(sim_knobs &k, const sc_time &period)
{
    const nvdla_seq_test *t = nullptr;
    trace *tr = nullptr;
    char err[2048] = "";
    std::string name;
    if (k.trace) {
        trace_parse_opts po{};   // the whole trace first, as the C harness does
        po.allow_no_check = k.allow_no_check;
        po.max_footprint = k.mem_limit ? k.mem_limit : SIM_DEFAULT_MEM_LIMIT;
        tr = trace_parse_with(k.trace, &po, err, sizeof err);
        if (!tr) {
            fprintf(stderr, "tlm-platform: %s%s\n", err, std::strstr(err, "no check_crc") ? " (ALLOW_NO_CHECK=1 runs it anyway)" : "");
            return 2;
        }
        name = k.test ? k.test : std::string("nvdla/") + tr->name;
    } else {
        t = nvdla_seq_find(k.test);
        if (!t) {
            fprintf(stderr, "tlm-platform: no test named '%s' (`make sim HARNESS=tlm TEST=list` lists the %u tests)\n", k.test, nvdla_seq_test_count);
            return 2;
        }
        if (nvdla_seq_check_config(t, nvdla_config_find(k.config), err, sizeof err)) {
            fprintf(stderr, "tlm-platform: %s\n", err);
            return 2;
        }
        name = t->name;
    }
    std::unique_ptr<trace, void (*)(trace *)> tr_owner(tr, trace_free);
    printf("seed: %" PRIu64 " (rerun with SEED=%" PRIu64 ")\n", k.seed, k.seed);
    sim_knobs_print(&k);
    static struct nvdla_trace_gate gate;
    if (tr) {
        if (int rc = nvdla_trace_gate(tr, &k, name.c_str(), &gate))
            return rc;
    }
    // the port set the configuration has, as in the C harness (SRAMIF=1 adds it)
    const nvdla_config *cfg = nvdla_config_find(k.config);
    bool sramif = k.sramif || nvdla_config_has(cfg, NVDLA_FEAT_SECONDARY_MEMIF);
    nvdla_tlm dla("nvdla", period, sramif, &k);
    if (tr && trace_check_dut(tr, dla.addr_bits(), dla.has_sramif(), err, sizeof err)) {
        fprintf(stderr, "tlm-platform: %s\n", err);
        return 2;
    }
    tlm_memory dbb_mem("dbb_mem");
    std::unique_ptr<tlm_memory> sram_mem(sramif ? new tlm_memory("sram_mem") : nullptr);
    sc_signal<bool> irq("irq");
    tlm_seq_driver drv("test", dla, false, k.max_cycles);
    dla.dbb.bind(dbb_mem.socket);
    if (sram_mem)
        dla.sram.bind(sram_mem->socket);
    dla.irq(irq);
    drv.irq(irq);
    drv.regs.bind(dla.csb);
    printf("dut: NV_nvdla (C twin) behind TLM-2.0: csb target, dbb%s initiator%s to tlm_memory, clock %s\n",
           sram_mem ? "/sram" : "", sram_mem ? "s" : "", period.to_string().c_str());
    nvdla_seq_ctx ctx;
    std::memset(&ctx, 0, sizeof ctx);
    seq_ctx_init(ctx.seq, drv, k);
    ctx.seq.mem[NVDLA_SEQ_DBB] = dbb_mem.mem();
    ctx.seq.mem[NVDLA_SEQ_SRAM] = sram_mem ? sram_mem->mem() : nullptr;
    ctx.seq.written[NVDLA_SEQ_DBB] = dbb_mem.written();
    ctx.seq.written[NVDLA_SEQ_SRAM] = sram_mem ? sram_mem->written() : nullptr;
    ctx.check_unwritten = k.check_unwritten;
    ctx.trace_path = tr ? tr->path : nullptr;
    ctx.absent = gate.absent[0] ? gate.absent : nullptr;
    ctx.prog_broken = gate.prog_broken[0] ? gate.prog_broken : nullptr;
    ctx.hw = cfg;
    drv.set_body([&] { return tr ? trace_run(&ctx.seq, tr) : t->run(&ctx.seq); });
    double t0 = now_s();
    sc_start();
    outcome o = collect(drv, dla, t0);
    return report(o, name.c_str(), k, reproduce_line(k));
}

int sc_main(int argc, char **argv)
{
    // the run's output is the simulator's: no stop notice (the banner is printed before sc_main:
    // SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 in the environment, as make sim sets it)
    sc_report_handler::set_actions("/OSCI/SystemC", SC_INFO, SC_DO_NOTHING);   // "Simulation stopped by user"
    // named in SKIP lines like the other harnesses
    static const struct sim_harness tlm_harness = { "tlm", "tlm (SystemC/TLM-2.0 platform around the C twins)", nullptr,
                                             nullptr };
    sim_harness = &tlm_harness;
    setvbuf(stdout, nullptr, _IOLBF, 0);   // stdout and stderr in order in one log
    sim_knobs k;
    int rc = sim_knobs_from_args(&k, argc, argv);
    if (rc >= 0)
        return rc;
    if (k.list) {
        list_tests();
        return 0;
    }
    if (std::strcmp(k.dut, "twin")) {
        fprintf(stderr, "tlm-platform: --dut %s: the TLM platform wraps the C twins only\n", k.dut);
        return 2;
    }
    char why[2048];
    // the family's knobs as the C harness takes them (a trace is NVDLA's)
    const sim_knobs_family *kf =
        (!k.trace && k.test && !std::strncmp(k.test, "ethosu/", 7) ? ethosu_family : nvdla_family).knobs;
    sim_knobs_adjust(&k, kf);
    if (sim_knobs_check(&k, kf, why, sizeof why)) {
        fprintf(stderr, "tlm-platform: %s\n", why);
        return 2;
    }
    if (k.waves || k.inject || k.waves_on_fail) {
        fprintf(stderr, "tlm-platform: %s is pin-level only: the TLM platform keeps the twin's pins inside the "
                "wrapper; use the C harness (HARNESS=c)\n", k.waves ? "WAVES" : k.inject ? "INJECT" : "WAVES_ON_FAIL");
        return 2;
    }
    if (!k.test && !k.trace) {
        fprintf(stderr, "tlm-platform: --test NAME or --trace PATH is required\n");
        return 2;
    }
    sim_knobs_pick_seed(&k);
    const sc_time period(static_cast<double>(k.clock_ps), SC_PS);   // CLOCK_PERIOD, as on every harness
    if (!k.trace && !std::strncmp(k.test, "ethosu/", 7))
        return run_ethosu(k, period);
    return run_nvdla(k, period);
}
