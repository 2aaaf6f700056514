/* nvdla_ref: see nvdla_ref.h. Placeholder until the golden layers are wired:
 * mirrors memory and registers, runs nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nvdla_ref.h"

struct nvdla_ref {
    struct sparse_mem *mem;
};

struct nvdla_ref *nvdla_ref_create(void)
{
    struct nvdla_ref *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->mem = sparse_mem_create();
    if (!r->mem) {
        free(r);
        return NULL;
    }
    return r;
}

void nvdla_ref_destroy(struct nvdla_ref *r)
{
    if (!r)
        return;
    sparse_mem_destroy(r->mem);
    free(r);
}

void nvdla_ref_mem_write(struct nvdla_ref *r, uint64_t addr, const void *src, size_t len)
{
    sparse_mem_write(r->mem, addr, src, len);
}

void nvdla_ref_mem_fill(struct nvdla_ref *r, uint64_t addr, uint8_t value, size_t len)
{
    sparse_mem_fill(r->mem, addr, value, len);
}

void nvdla_ref_reg_write(struct nvdla_ref *r, uint32_t addr, uint32_t value)
{
    (void)r;
    (void)addr;
    (void)value;
}

int nvdla_ref_run(struct nvdla_ref *r)
{
    (void)r;
    return 0;
}

const struct sparse_mem *nvdla_ref_mem(const struct nvdla_ref *r)
{
    return r->mem;
}

int nvdla_ref_explain(const struct nvdla_ref *r, const uint8_t *actual, uint64_t base,
                      size_t size, char *report, size_t len)
{
    (void)r;
    (void)actual;
    (void)base;
    (void)size;
    snprintf(report, len, "no golden model is wired to the reference executor yet");
    return 0;
}
