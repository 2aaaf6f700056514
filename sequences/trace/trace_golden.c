/* trace_golden: see trace_golden.h. */
#include <inttypes.h>
#include "nvdla_ref.h"
#include "trace_golden.h"

static void load(struct nvdla_ref *ref, const struct trace_dir *d)
{
    const struct trace_image *im = d->image;
    for (size_t i = 0; i < im->n; i++)
        (d->mem == TRACE_SEC_MEM ? nvdla_ref_sram_write : nvdla_ref_mem_write)(
            ref, d->base + im->rec[i].offset, im->bytes + im->rec[i].data, im->rec[i].size);
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
        switch (d->op) {
        case TRACE_MEM_INIT:
            (sec ? nvdla_ref_sram_fill : nvdla_ref_mem_fill)(ref, d->base, 0, d->size);
            break;
        case TRACE_MEM_LOAD:
            load(ref, d);
            break;
        case TRACE_REG_WRITE:
            nvdla_ref_reg_write(ref, d->reg->addr, d->value);
            break;
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
