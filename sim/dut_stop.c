/* dut_stop: a DUT that ends the simulation by itself fails the run. */
#include "bfm_env.h"
#include "dut.h"

void dut_check_stopped(struct bfm_env *env, const char *why)
{
    if (why && !env->failed)
        bfm_fail(env, "dut", "model", "the model stopped the simulation",
                 "expected it to run until the test ends, actual: %s", why);
}
