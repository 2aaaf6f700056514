/* sim_trace_gate: whether a trace runs on the configuration, for every
 * harness (sim_cli.h). */
#include <stdio.h>
#include <string.h>
#include "nvdla_config.h"
#include "sim_cli.h"
#include "trace_needs.h"

int sim_trace_gate(const struct trace *t, const struct sim_knobs *k, const char *name, char *absent, size_t len)
{
    const struct nvdla_config *cfg = nvdla_config_find(k->nvdla_config);
    switch (trace_needs_decide(t, cfg, k->run_absent, absent, len)) {
    case TRACE_NEEDS_MET:
        break;
    case TRACE_NEEDS_SKIP:
        printf("SKIP: %s on %s%s: %s; RUN_ABSENT=1 runs it anyway\n", name, k->dut, sim_harness_note(), absent);
        fflush(stdout);
        return 1;
    case TRACE_NEEDS_RUN_ANYWAY:
        printf("note: %s %s; running it anyway (RUN_ABSENT=1)%s\n", name, absent,
               strcmp(k->dut, "twin") ? "" : ": the twin computes it as the reference model does");
        break;
    }
    return 0;
}
