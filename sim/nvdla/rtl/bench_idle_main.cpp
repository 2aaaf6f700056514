// bench_idle_main: the do-nothing harness of `make bench` (scripts/bench/bench.sh).
// Verilated against an NV_nvdla top (the stub, or the user's RTL_FILES /
// RTL_TOP with the same ports; --prefix Vidle); toggles the clocks
// with reset released and every input idle (no CSB request, AXI ready, no
// read data) for N cycles, then prints
//   IDLE: N cycles, W s (C cycles/s)
// Usage: bench-idle N
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "Vidle.h"
#include "verilated.h"

static double now()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void clk(Vidle *t, int v)
{
    t->dla_core_clk = v;
    t->dla_csb_clk = v;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: bench-idle CYCLES\n");
        return 2;
    }
    unsigned long long n = strtoull(argv[1], nullptr, 0);
    VerilatedContext *ctx = new VerilatedContext;
    ctx->commandArgs(argc, argv);   // a real top reads plusargs
    Vidle *t = new Vidle{ctx, "TOP"};
    t->global_clk_ovr_on = 0;
    t->tmc2slcg_disable_clock_gating = 0;
    t->test_mode = 0;
    t->csb2nvdla_valid = 0;
    t->nvdla_core2dbb_aw_awready = 1;
    t->nvdla_core2dbb_w_wready = 1;
    t->nvdla_core2dbb_ar_arready = 1;
    t->nvdla_core2dbb_b_bvalid = 0;
    t->nvdla_core2dbb_r_rvalid = 0;
    // reset: a few cycles low, then released (not counted)
    t->dla_reset_rstn = 0;
    t->direct_reset_ = 0;
    for (int i = 0; i < 4; i++) {
        clk(t, 0);
        t->eval();
        clk(t, 1);
        t->eval();
    }
    t->dla_reset_rstn = 1;
    t->direct_reset_ = 1;
    double t0 = now();
    for (unsigned long long i = 0; i < n; i++) {
        clk(t, 0);
        t->eval();
        clk(t, 1);
        t->eval();
        ctx->timeInc(1);
    }
    double w = now() - t0;
    t->final();
    printf("IDLE: %llu cycles, %.6f s (%.0f cycles/s)\n", n, w, w > 0 ? (double)n / w : 0.0);
    delete t;
    delete ctx;
    return 0;
}
