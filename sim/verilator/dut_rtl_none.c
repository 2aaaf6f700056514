/* dut_rtl_none: stands in for the Verilator shims in the twin-only build. */
#include <stdio.h>
#include "dut.h"

struct dut *dut_rtl_create(char *errbuf, unsigned errlen)
{
    snprintf(errbuf, errlen, "this simulator was built without a Verilated model; "
             "run 'make sim DUT=rtl ...' to build one");
    return NULL;
}

struct dut *ethosu_rtl_create(char *errbuf, unsigned errlen)
{
    snprintf(errbuf, errlen, "this simulator was built without a Verilated model; "
             "run 'make sim TEST=ethosu/<name> DUT=rtl ...' to build one");
    return NULL;
}
