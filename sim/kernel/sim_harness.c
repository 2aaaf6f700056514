/* sim_harness: which harness runs the C kernel (sim_harness.h), how the run's
 * report names it, and the command line a Verilated model is given. */
#include <stdio.h>
#include <string.h>
#include "sim_harness.h"
#include "sim_knobs.h"   /* SIM_DEFAULT_CLOCK_PS */

const struct sim_harness sim_harness_c = { "c", "c (cycle loop in C)", NULL, NULL };
const struct sim_harness *sim_harness = &sim_harness_c;

const char *sim_harness_note(void)
{
    static char note[64];
    if (!strcmp(sim_harness->name, "c"))
        return "";
    snprintf(note, sizeof note, " (%s harness)", sim_harness->name);
    return note;
}

void sim_harness_print(void)
{
    printf("harness: %s\n", sim_harness->banner);
}

static int cli_argc;
static char **cli_argv;

void sim_harness_set_args(int argc, char **argv)
{
    cli_argc = argc;
    cli_argv = argv;
}

void sim_harness_args(int *argc, char ***argv)
{
    static char prog[] = "sim";
    static char *fallback[] = { prog, NULL };
    *argc = cli_argv ? cli_argc : 1;
    *argv = cli_argv ? cli_argv : fallback;
}

static uint64_t clock_ps = SIM_DEFAULT_CLOCK_PS;

void sim_harness_set_clock_ps(uint64_t ps)
{
    clock_ps = ps ? ps : SIM_DEFAULT_CLOCK_PS;
}

uint64_t sim_harness_clock_ps(void)
{
    return clock_ps;
}
