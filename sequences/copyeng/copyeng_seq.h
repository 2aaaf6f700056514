/* copyeng_seq: what a copy-engine test sequence gets: its register port
 * (APB), the memory behind the AXI manager M, the IRQ pin and a seeded RNG.
 * Tests are named copyeng/<name> on the command line. */
#ifndef COPYENG_SEQ_H
#define COPYENG_SEQ_H

#include <stdint.h>
#include "bfm_env.h"
#include "bfm_rng.h"
#include "reg_port.h"
#include "sparse_mem.h"

struct copyeng_seq_ctx {
    struct bfm_env *env;
    struct reg_port regs;
    struct sparse_mem *mem;         /* behind M */
    const uint8_t *irq;
    struct bfm_rng rng;
    uint64_t seed;
};

struct copyeng_seq_test {
    const char *name;               /* without the "copyeng/" prefix */
    const char *summary;
    int (*run)(struct copyeng_seq_ctx *ctx);   /* 0 = pass */
};

extern const struct copyeng_seq_test *const copyeng_seq_tests[];
extern const unsigned copyeng_seq_test_count;
/* By name, with or without the "copyeng/" prefix; NULL if unknown. */
const struct copyeng_seq_test *copyeng_seq_find(const char *name);

#endif
