/* dut_rtl_none: stands in for the Verilator shims in the twin-only build. */
#include <stdio.h>
#include "dut.h"

struct dut *dut_rtl_create(const char *family, char *errbuf, unsigned errlen)
{
    (void)family;
    snprintf(errbuf, errlen, "this simulator was built without a Verilated model; "
             "run 'make sim TEST=<name> DUT=rtl ...' to build one");
    return NULL;
}
