/* copyeng_seq: a copy-engine test sequence gets the neutral context
 * (seq.h): its register port (APB), the memory behind the AXI manager M
 * (mem[COPYENG_SEQ_M]), the IRQ pin and a seeded RNG.
 * Tests are named copyeng/<name> on the command line. */
#ifndef COPYENG_SEQ_H
#define COPYENG_SEQ_H

#include <stdint.h>
#include "seq.h"

/* Its one AXI manager port, M, in the neutral context (seq.h). */
#define COPYENG_SEQ_M 0

struct copyeng_seq_test {
    const char *name;               /* without the "copyeng/" prefix */
    const char *summary;
    int (*run)(struct seq_ctx *ctx);   /* 0 = pass */
};

extern const struct copyeng_seq_test *const copyeng_seq_tests[];
extern const unsigned copyeng_seq_test_count;
/* By name, with or without the "copyeng/" prefix; NULL if unknown. */
const struct copyeng_seq_test *copyeng_seq_find(const char *name);

#endif
