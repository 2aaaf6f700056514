/* trace_intr: see trace_intr.h. */
#include <string.h>
#include <strings.h>
#include "nvdla_regs.h"
#include "trace_intr.h"

const struct trace_intr_id trace_intr_ids[] = {
    { "SDP_0", 0, NVDLA_UNIT_SDP, 0 },        { "SDP_1", 1, NVDLA_UNIT_SDP, 1 },
    { "CDP_0", 2, NVDLA_UNIT_CDP, 0 },        { "CDP_1", 3, NVDLA_UNIT_CDP, 1 },
    { "PDP_0", 4, NVDLA_UNIT_PDP, 0 },        { "PDP_1", 5, NVDLA_UNIT_PDP, 1 },
    { "BDMA_0", 6, NVDLA_UNIT_BDMA, 0 },      { "BDMA_1", 7, NVDLA_UNIT_BDMA, 1 },
    { "RUBIK_0", 8, NVDLA_UNIT_RBK, 0 },      { "RUBIK_1", 9, NVDLA_UNIT_RBK, 1 },
    { "CDMA_DAT_0", 16, NVDLA_UNIT_CDMA, 0 }, { "CDMA_DAT_1", 17, NVDLA_UNIT_CDMA, 1 },
    { "CDMA_WT_0", 18, NVDLA_UNIT_CDMA, 0 },  { "CDMA_WT_1", 19, NVDLA_UNIT_CDMA, 1 },
    { "CACC_0", 20, NVDLA_UNIT_CACC, 0 },     { "CACC_1", 21, NVDLA_UNIT_CACC, 1 },
};
const unsigned trace_intr_count = sizeof trace_intr_ids / sizeof trace_intr_ids[0];

/* Without regard to case: the nv_large traces write cdma_dat_0. */
const struct trace_intr_id *trace_intr_find(const char *name, unsigned n)
{
    for (unsigned i = 0; i < trace_intr_count; i++)
        if (strlen(trace_intr_ids[i].name) == n && !strncasecmp(trace_intr_ids[i].name, name, n))
            return &trace_intr_ids[i];
    return NULL;
}

const struct trace_intr_id *trace_intr_by_bit(unsigned bit)
{
    for (unsigned i = 0; i < trace_intr_count; i++)
        if (trace_intr_ids[i].bit == bit)
            return &trace_intr_ids[i];
    return NULL;
}

uint32_t trace_intr_unit_bits(int unit, unsigned group_mask)
{
    uint32_t bits = 0;
    for (unsigned i = 0; i < trace_intr_count; i++)
        if (trace_intr_ids[i].unit == unit && (group_mask >> trace_intr_ids[i].group & 1))
            bits |= 1u << trace_intr_ids[i].bit;
    return bits;
}
