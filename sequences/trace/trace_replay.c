/* trace_replay: see trace_replay.h. Writes go straight into the group the
 * unit's S_POINTER selects: no OP_EN is ever cleared here, so the regfile's
 * "writes to an enabled group are dropped" must not apply. */
#include <string.h>
#include "trace_replay.h"

void trace_replay(const struct trace *t, const struct nvdla_config *hw, trace_replay_fn fn, void *ctx)
{
    static struct nvdla_regfile s;   /* 4 KiB a group: kept off the stack */
    nvdla_regfile_set_config(&s, hw);   /* resets it */
    for (size_t i = 0; i < t->n; i++) {
        const struct trace_dir *d = &t->dir[i];
        int enabled = -1;
        if (d->op == TRACE_REG_WRITE) {
            int idx = (int)(d->reg - nvdla_regs);
            enum nvdla_unit u = (enum nvdla_unit)d->reg->unit;
            s.grp[d->reg->dual ? s.producer[u] : 0][idx] = d->value;
            if (idx == nvdla_units[u].s_pointer)
                s.producer[u] = d->value & 1u;
            else if (idx == nvdla_units[u].op_enable && (d->value & 1u))
                enabled = u;
            else if ((idx == NVDLA_BDMA_CFG_LAUNCH0_IDX || idx == NVDLA_BDMA_CFG_LAUNCH1_IDX) && (d->value & 1u))
                enabled = NVDLA_UNIT_BDMA;
            if (enabled >= 0)
                memcpy(s.consumer, s.producer, sizeof s.consumer);
        }
        fn(ctx, &s, d, enabled);
    }
}
