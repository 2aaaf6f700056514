/* dut_stop: what ends a run after a clock edge: a DUT that stops the
 * simulation by itself, a failure, the watchdog. */
#include <inttypes.h>
#include "bfm_env.h"
#include "dut.h"

void dut_check_stopped(struct bfm_env *env, const char *why)
{
    if (why && !env->failed)
        bfm_fail(env, "dut", "model", "the model stopped the simulation",
                 "expected it to run until the test ends, actual: %s", why);
}

int dut_cycle_end(struct bfm_env *env, const char *stopped, uint64_t max_cycles, int *watchdog_fired,
                  void (*report_outstanding)(void *kernel, const char *why), void *kernel)
{
    dut_check_stopped(env, stopped);
    if (env->failed)
        return 1;
    if (env->cycle >= max_cycles) {
        *watchdog_fired = 1;
        bfm_fail(env, "sim", "watchdog", "cycle limit reached",
                 "expected the test to finish within %" PRIu64 " cycles, actual still running", max_cycles);
        report_outstanding(kernel, "watchdog");
        return 1;
    }
    return 0;
}
