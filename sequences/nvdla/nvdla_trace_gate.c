/* nvdla_trace_gate: see nvdla_trace_gate.h. */
#include <stdio.h>
#include <string.h>
#include "nvdla_config.h"
#include "nvdla_trace_gate.h"
#include "trace_needs.h"
#include "trace_prog.h"

#define MAX_SHOWN 16

/* The programming rules: listed, then the run fails (or, PROG_CHECK=warn,
 * goes on with the first one noted for the verdict). */
static int check_programming(const struct trace *t, const struct sim_knobs *k, const struct nvdla_config *cfg,
                             const char *name, struct nvdla_trace_gate *g)
{
    struct trace_prog_violation v[MAX_SHOWN];
    int n = trace_prog_check(t, cfg, v, MAX_SHOWN);
    if (!n)
        return 0;
    char line[640];
    for (int i = 0; i < n && i < MAX_SHOWN; i++) {
        nvdla_prog_violation_str(&v[i].v, line, sizeof line);
        printf("%s: %s:%u: layer enabled here breaks programming %s\n", k->prog_warn ? "warning" : "programming",
               t->path, v[i].line, line);
    }
    if (n > MAX_SHOWN)
        printf("%s: %d more\n", k->prog_warn ? "warning" : "programming", n - MAX_SHOWN);
    nvdla_prog_violation_str(&v[0].v, line, sizeof line);
    snprintf(g->prog_broken, sizeof g->prog_broken, "%s:%u: %s", t->path, v[0].line, line);
    if (k->prog_warn)
        return 0;
    char repro[4096];
    sim_knobs_reproduce(k, sim_harness->name, repro, sizeof repro);
    printf("first failure: %s:%u: programming %s\n", t->path, v[0].line, line);
    printf("FAIL: %s on %s%s: the trace breaks %d programming rule%s of %s (listed above); "
           "PROG_CHECK=warn runs it anyway\n", name, k->dut, sim_harness_note(), n, n == 1 ? "" : "s", cfg->name);
    printf("reproduce: %s\n", repro);
    fflush(stdout);
    return 1;
}

int nvdla_trace_gate(const struct trace *t, const struct sim_knobs *k, const char *name, struct nvdla_trace_gate *g)
{
    const struct nvdla_config *cfg = nvdla_config_find(k->config);
    memset(g, 0, sizeof *g);
    switch (trace_needs_decide(t, cfg, k->run_absent, g->absent, sizeof g->absent)) {
    case TRACE_NEEDS_MET:
        break;
    case TRACE_NEEDS_SKIP:
        printf("SKIP: %s on %s%s: %s; RUN_ABSENT=1 runs it anyway\n", name, k->dut, sim_harness_note(), g->absent);
        fflush(stdout);
        return SIM_EXIT_SKIP;
    case TRACE_NEEDS_RUN_ANYWAY:
        printf("note: %s %s; running it anyway (RUN_ABSENT=1)%s\n", name, g->absent,
               strcmp(k->dut, "twin") ? "" : ": the twin computes it as the reference model does");
        break;
    }
    return check_programming(t, k, cfg, name, g);
}
