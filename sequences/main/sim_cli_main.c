/* sim_cli_main: main() of the C harness. Kept out of libsimcore.a so that
 * other harnesses (sc_harness.cpp) link the same core with their own entry. */
#include "sim_cli.h"

int main(int argc, char **argv)
{
    return sim_cli(argc, argv);
}
