/* trace_golden: see trace_golden.h. */
#include <inttypes.h>
#include "nvdla_ref.h"
#include "trace_golden.h"

int trace_golden_apply(struct nvdla_ref *ref, const struct trace_dir *d)
{
    int sec = d->mem == TRACE_SEC_MEM;
    switch (d->op) {
    case TRACE_MEM_INIT:
        (sec ? nvdla_ref_sram_fill : nvdla_ref_mem_fill)(ref, d->base, 0, d->size);
        return 1;
    case TRACE_MEM_LOAD:
        for (size_t i = 0; i < d->image->n; i++)
            (sec ? nvdla_ref_sram_write : nvdla_ref_mem_write)(ref, d->base + d->image->rec[i].offset,
                                                                d->image->bytes + d->image->rec[i].data,
                                                                d->image->rec[i].size);
        return 1;
    case TRACE_REG_WRITE:
        nvdla_ref_reg_write(ref, d->reg->addr, d->value);
        return 1;
    default:
        return 0;
    }
}

int trace_golden_run(const struct trace *t, FILE *log)
{
    return trace_golden_run_config(t, NULL, log);
}

int trace_golden_run_config(const struct trace *t, const struct nvdla_config *hw, FILE *log)
{
    struct nvdla_ref *ref = nvdla_ref_create();
    if (!ref)
        return -1;
    nvdla_ref_set_config(ref, hw);
    int failed = 0;
    for (size_t i = 0; i < t->n; i++) {
        const struct trace_dir *d = &t->dir[i];
        int sec = d->mem == TRACE_SEC_MEM;
        if (trace_golden_apply(ref, d))
            continue;
        switch (d->op) {
        case TRACE_INTR_NOTIFY:
            nvdla_ref_run(ref);
            break;
        case TRACE_CHECK_CRC: {
            nvdla_ref_run(ref);
            uint32_t crc = sparse_mem_crc32(sec ? nvdla_ref_sram(ref) : nvdla_ref_mem(ref), d->base, d->size);
            int ok = crc == d->crc;
            failed += !ok;
            if (log)
                fprintf(log, "golden %s:%u: 0x%" PRIx64 "..+0x%" PRIx64 " crc 0x%08x %s expected 0x%08x\n",
                        t->path, d->line, d->base, d->size, crc, ok ? "PASS" : "FAIL", d->crc);
            break;
        }
        case TRACE_MEM_INIT:        /* applied above */
        case TRACE_MEM_LOAD:
        case TRACE_REG_WRITE:
        case TRACE_POLL_REG:
        case TRACE_CHECK_NOTHING:
        case TRACE_SYNC_NOTIFY:     /* orders register writes, which the */
        case TRACE_SYNC_WAIT:       /* reference already takes in file order */
            break;
        }
    }
    nvdla_ref_destroy(ref);
    return failed;
}
