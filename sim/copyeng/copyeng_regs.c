/* copyeng_regs: see copyeng_regs.h. */
#include <inttypes.h>
#include <stdio.h>
#include "copyeng_regs.h"

void copyeng_reg_describe(uint32_t addr, uint32_t data, char *buf, unsigned len)
{
    static const char *const names[] = { "SRC", "DST", "LEN", "CTRL", "STATUS", "IRQ" };
    if (addr % 4 == 0 && addr / 4 < sizeof names / sizeof names[0])
        snprintf(buf, len, "%s = 0x%" PRIx32, names[addr / 4], data);
    else
        snprintf(buf, len, "0x%03" PRIx32 " (no register) = 0x%" PRIx32, addr, data);
}
