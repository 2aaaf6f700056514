/* trace_needs: see trace_needs.h. */
#include <stdio.h>
#include <string.h>
#include "nvdla_features.h"
#include "trace_needs.h"

struct shadow {
    uint32_t grp[2][NVDLA_REG_COUNT];   /* single registers live in grp[0] */
    uint8_t producer[NVDLA_UNIT_COUNT];
    unsigned group;                     /* the group being enabled */
};

static uint32_t shadow_value(void *ctx, int idx)
{
    const struct shadow *s = ctx;
    return s->grp[nvdla_regs[idx].dual ? s->group : 0][idx];
}

static void need(struct trace_needs *n, uint32_t features, unsigned line)
{
    for (int f = 0; f < NVDLA_FEAT_COUNT; f++)
        if ((features & (1u << f)) && !(n->features & (1u << f))) {
            n->features |= 1u << f;
            n->line[f] = line;
        }
}

static void reg_write(struct shadow *s, struct trace_needs *n, const struct trace_dir *d)
{
    int idx = (int)(d->reg - nvdla_regs);
    enum nvdla_unit u = (enum nvdla_unit)d->reg->unit;
    unsigned g = d->reg->dual ? s->producer[u] : 0;
    s->grp[g][idx] = d->value;
    if (idx == nvdla_units[u].s_pointer) {
        s->producer[u] = d->value & 1u;
    } else if (idx == nvdla_units[u].op_enable && (d->value & 1u)) {
        s->group = g;
        need(n, nvdla_layer_features(u, shadow_value, s), d->line);
    } else if ((idx == NVDLA_BDMA_CFG_LAUNCH0_IDX || idx == NVDLA_BDMA_CFG_LAUNCH1_IDX) && (d->value & 1u)) {
        s->group = 0;
        need(n, nvdla_layer_features(NVDLA_UNIT_BDMA, shadow_value, s), d->line);
    }
}

void trace_needs_scan(const struct trace *t, struct trace_needs *n)
{
    static struct shadow s;   /* 4 KiB a group: kept off the stack */
    memset(&s, 0, sizeof s);
    memset(n, 0, sizeof *n);
    for (int i = 0; i < NVDLA_REG_COUNT; i++)
        s.grp[0][i] = s.grp[1][i] = nvdla_regs[i].reset;
    for (size_t i = 0; i < t->n; i++) {
        const struct trace_dir *d = &t->dir[i];
        if (d->op == TRACE_REG_WRITE)
            reg_write(&s, n, d);
        else if ((d->op == TRACE_MEM_INIT || d->op == TRACE_MEM_LOAD || d->op == TRACE_CHECK_CRC) &&
                 d->mem == TRACE_SEC_MEM)
            need(n, 1u << NVDLA_FEAT_SECONDARY_MEMIF, d->line);
    }
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
