/* nvdla_trace_gate: whether an NVDLA trace runs on the configuration, for
 * every harness (the C and SystemC ones through nvdla_main.c, the TLM
 * platform). */
#ifndef NVDLA_TRACE_GATE_H
#define NVDLA_TRACE_GATE_H

#include "sim_cli.h"
#include "sim_knobs.h"

#ifdef __cplusplus
extern "C" {
#endif

struct trace;

/* Before a trace runs. A trace that needs a unit the configuration
 * (k->config) leaves out prints "SKIP: <name> on <dut>: why" and
 * returns SIM_EXIT_SKIP (with k->run_absent: a note, run it, the reason in
 * g->absent). A trace that breaks a programming rule
 * (sequences/trace/trace_prog.h) lists the rules and, unless k->prog_warn,
 * prints its FAIL and reproduce lines and returns 1 (the run's exit
 * status); with k->prog_warn the first rule is kept in g->prog_broken for
 * the verdict. 0: run it. */
struct nvdla_trace_gate {
    char absent[512];
    char prog_broken[768];
};
int nvdla_trace_gate(const struct trace *t, const struct sim_knobs *k, const char *name, struct nvdla_trace_gate *g);

#ifdef __cplusplus
}
#endif

#endif
