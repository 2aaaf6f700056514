/* trace_needs: see trace_needs.h. */
#include <stdio.h>
#include <string.h>
#include "nvdla_features.h"
#include "trace_needs.h"
#include "trace_replay.h"

static uint32_t shadow_value(void *ctx, int idx)
{
    return nvdla_regfile_cfg(ctx, idx);
}

static void need(struct trace_needs *n, uint32_t features, unsigned line)
{
    for (int f = 0; f < NVDLA_FEAT_COUNT; f++)
        if ((features & (1u << f)) && !(n->features & (1u << f))) {
            n->features |= 1u << f;
            n->line[f] = line;
        }
}

static void on_dir(void *ctx, const struct nvdla_regfile *shadow, const struct trace_dir *d, int enabled)
{
    struct trace_needs *n = ctx;
    if (enabled >= 0)
        need(n, nvdla_layer_features((enum nvdla_unit)enabled, shadow_value, (void *)shadow), d->line);
    else if ((d->op == TRACE_MEM_INIT || d->op == TRACE_MEM_LOAD || d->op == TRACE_CHECK_CRC) &&
             d->mem == TRACE_SEC_MEM)
        need(n, 1u << NVDLA_FEAT_SECONDARY_MEMIF, d->line);
}

void trace_needs_scan(const struct trace *t, struct trace_needs *n)
{
    memset(n, 0, sizeof *n);
    trace_replay(t, NULL, on_dir, n);   /* the fields it reads do not depend on it */
}

int trace_needs_absent(const struct trace *t, const struct trace_needs *n, const struct nvdla_config *c,
                       char *why, size_t len)
{
    uint32_t absent = nvdla_features_absent(c, n->features);
    if (!absent)
        return 0;
    char names[256];
    nvdla_features_str(absent, names, sizeof names);
    unsigned line = 0;
    for (int f = 0; f < NVDLA_FEAT_COUNT; f++)
        if ((absent & (1u << f)) && (!line || n->line[f] < line))
            line = n->line[f];
    snprintf(why, len, "needs %s, which %s leaves out (%s:%u)", names, c->name, t->path, line);
    return 1;
}

enum trace_needs_verdict trace_needs_decide(const struct trace *t, const struct nvdla_config *c, int run_absent,
                                            char *why, size_t len)
{
    struct trace_needs n;
    why[0] = 0;
    trace_needs_scan(t, &n);
    if (!trace_needs_absent(t, &n, c, why, len))
        return TRACE_NEEDS_MET;
    return run_absent ? TRACE_NEEDS_RUN_ANYWAY : TRACE_NEEDS_SKIP;
}
