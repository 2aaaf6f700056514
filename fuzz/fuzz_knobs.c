/* fuzz_knobs: the simulator's option parser (sim/kernel/sim_knobs.h) on an
 * arbitrary command line: one argument per line of the input (argv[0] is
 * "sim"), as make's knobs reach it. What parses goes on through what a run
 * does next: the configuration from the trace's folder name, the
 * combination checks and the reproduce line. Its messages go to stderr
 * (make fuzz closes it). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nvdla_knobs.h"
#include "sim_knobs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_MAX_ARGS 128

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf = malloc(size + 1);
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = 0;
    char *argv[FUZZ_MAX_ARGS + 1];
    int argc = 0;
    argv[argc++] = "sim";
    for (char *p = buf; argc < FUZZ_MAX_ARGS;) {
        char *nl = memchr(p, '\n', (size_t)(buf + size - p));
        argv[argc++] = p;
        if (!nl)
            break;
        *nl = 0;
        p = nl + 1;
    }
    argv[argc] = NULL;
    struct sim_knobs k;
    sim_knobs_default(&k);
    if (sim_knobs_parse(&k, argc, argv) == 0) {
        sim_knobs_adjust(&k, &nvdla_knobs);   /* the default family's, as a trace's */
        char err[512];
        sim_knobs_check(&k, &nvdla_knobs, err, sizeof err);
        char repro[4096];
        sim_knobs_reproduce(&k, "c", repro, sizeof repro);
        if (!memchr(repro, 0, sizeof repro))
            abort();
    }
    free(buf);
    return 0;
}
