/* nvdla_seq_common: NVDLA's test lookup and the configuration helpers its
 * sequences share. */
#include <stdio.h>
#include <string.h>
#include "nvdla_config.h"
#include "nvdla_seq.h"

const struct nvdla_seq_test *nvdla_seq_find(const char *name)
{
    for (unsigned i = 0; i < nvdla_seq_test_count; i++)
        if (!strcmp(nvdla_seq_tests[i]->name, name))
            return nvdla_seq_tests[i];
    return NULL;
}

int nvdla_seq_check_config(const struct nvdla_seq_test *t, const struct nvdla_config *hw, char *err, size_t len)
{
    const char *name = hw ? hw->name : "nv_small";
    if (!t->only_config || !strcmp(t->only_config, name))
        return 0;
    snprintf(err, len, "TEST=%s: its layout (memory atoms, weight groups, CBUF banks) is written for %s, "
             "not %s (the random layers cover %s: make random-layers NVDLA_CONFIG=%s)",
             t->name, t->only_config, name, name, name);
    return -1;
}

unsigned nvdla_seq_atom(const struct seq_ctx *ctx)
{
    const struct nvdla_config *hw = nvdla_seq_const(ctx)->hw;
    return hw ? hw->memory_atomic_size : 8;
}
