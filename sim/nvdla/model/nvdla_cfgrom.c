/* nvdla_cfgrom: see nvdla_cfgrom.h. */
#include <string.h>
#include "nvdla_cfgrom.h"

#define SET(NAME, v) regs[NVDLA_CFGROM_##NAME##_IDX] = (uint32_t)(v)

/* CAP_COMPAT bits of the convolution units: WINOGRAD, MULTI_BATCH,
 * FEATURE_COMPRESSION (none of the public configurations), WEIGHT_COMPRESSION,
 * IMAGE_IN (always present). */
static uint32_t conv_compat(const struct nvdla_config *c)
{
    return (nvdla_config_has(c, NVDLA_FEAT_WINOGRAD) ? 1u : 0u) |
           (nvdla_config_has(c, NVDLA_FEAT_BATCH) ? 2u : 0u) |
           (nvdla_config_has(c, NVDLA_FEAT_WEIGHT_COMPRESSION) ? 8u : 0u) | 0x10u;
}

/* SDP_CAP_COMPAT: WINOGRAD, MULTI_BATCH, LUT, BS, BN, EW (bits 0..5). */
static uint32_t sdp_compat(const struct nvdla_config *c)
{
    return (nvdla_config_has(c, NVDLA_FEAT_WINOGRAD) ? 1u : 0u) |
           (nvdla_config_has(c, NVDLA_FEAT_BATCH) ? 2u : 0u) |
           (nvdla_config_has(c, NVDLA_FEAT_SDP_LUT) ? 4u : 0u) |
           (nvdla_config_has(c, NVDLA_FEAT_SDP_BS) ? 8u : 0u) |
           (nvdla_config_has(c, NVDLA_FEAT_SDP_BN) ? 0x10u : 0u) |
           (nvdla_config_has(c, NVDLA_FEAT_SDP_EW) ? 0x20u : 0u);
}

/* nv_large: the values the scalability description tables for it where the
 * configuration table does not determine them (its MCIF descriptor, the
 * capability bits and unit slot ids of its build). */
static void nv_large_table(uint32_t regs[NVDLA_REG_COUNT])
{
    SET(CIF_BASE_WIDTH, 0x40);
    SET(CIF_BASE_LATENCY, 0x4b0);
    SET(CDMA_CAP_COMPAT, 0x1b);
    SET(CSC_CAP_COMPAT, 0x1b);
    SET(CACC_CAP_COMPAT, 0x3);
    SET(SDP_CAP_COMPAT, 0x3f);
    SET(CDMA_MULTI_BATCH_MAX, 0x20);
    SET(CSC_MULTI_BATCH_MAX, 0x20);
    SET(CACC_MULTI_BATCH_MAX, 0x20);
    SET(SDP_MULTI_BATCH_MAX, 0x20);
    SET(CBUF_BASE_CDMA_ID, 0x4);
    SET(CSC_BASE_CDMA_ID, 0x4);
    SET(CMAC_A_BASE_CDMA_ID, 0x4);
    SET(CMAC_B_BASE_CDMA_ID, 0x4);
    SET(CACC_BASE_CDMA_ID, 0x4);
    SET(SDP_BASE_CDMA_ID, 0x4);
    SET(SDP_RDMA_BASE_SDP_ID, 0xa);
    SET(PDP_RDMA_BASE_PDP_ID, 0xc);
    SET(CDP_RDMA_BASE_CDP_ID, 0xe);
}

void nvdla_cfgrom_apply(const struct nvdla_config *c, uint32_t regs[NVDLA_REG_COUNT])
{
    if (!c)
        return;
    /* atomic_m: elements of one memory atom (int8: its bytes) */
    unsigned m = c->memory_atomic_size;
    unsigned batch = nvdla_config_has(c, NVDLA_FEAT_BATCH) ? c->max_batch_size : 0;
    SET(CIF_BASE_WIDTH, c->primary_memif_width / 8);   /* bytes per beat */
    SET(CIF_BASE_MEM_ADDR_WIDTH, c->mem_address_width);
    SET(CDMA_CAP_COMPAT, conv_compat(c));
    SET(CDMA_BASE_ATOMIC_C, c->atomic_c);
    SET(CDMA_BASE_ATOMIC_K, c->atomic_k);
    SET(CDMA_BASE_ATOMIC_M, m);
    SET(CDMA_BASE_CBUF_BANK_NUM, c->cbuf_bank_number);
    SET(CDMA_BASE_CBUF_BANK_WIDTH, c->cbuf_bank_width);
    SET(CDMA_BASE_CBUF_BANK_DEPTH, c->cbuf_bank_depth);
    SET(CDMA_MULTI_BATCH_MAX, batch);
    SET(CBUF_BASE_CBUF_BANK_NUM, c->cbuf_bank_number);
    SET(CBUF_BASE_CBUF_BANK_WIDTH, c->cbuf_bank_width);
    SET(CBUF_BASE_CBUF_BANK_DEPTH, c->cbuf_bank_depth);
    SET(CSC_CAP_COMPAT, conv_compat(c));
    SET(CSC_BASE_ATOMIC_C, c->atomic_c);
    SET(CSC_BASE_ATOMIC_K, c->atomic_k);
    SET(CSC_BASE_ATOMIC_M, m);
    SET(CSC_BASE_CBUF_BANK_NUM, c->cbuf_bank_number);
    SET(CSC_BASE_CBUF_BANK_WIDTH, c->cbuf_bank_width);
    SET(CSC_BASE_CBUF_BANK_DEPTH, c->cbuf_bank_depth);
    SET(CSC_MULTI_BATCH_MAX, batch);
    SET(CMAC_A_BASE_ATOMIC_C, c->atomic_c);
    SET(CMAC_A_BASE_ATOMIC_K, c->atomic_k);
    SET(CMAC_B_BASE_ATOMIC_C, c->atomic_c);
    SET(CMAC_B_BASE_ATOMIC_K, c->atomic_k);
    /* CACC's "atomic C" is the kernels of one atomic operation, its
     * "atomic K" the atom it writes (scalability description) */
    SET(CACC_BASE_ATOMIC_C, c->atomic_k);
    SET(CACC_BASE_ATOMIC_K, m);
    SET(CACC_MULTI_BATCH_MAX, batch);
    SET(SDP_RDMA_BASE_ATOMIC_M, m);
    SET(SDP_CAP_COMPAT, sdp_compat(c));
    SET(SDP_MULTI_BATCH_MAX, batch);
    SET(SDP_BS_THROUGHPUT, c->sdp_bs_throughput);
    SET(SDP_BN_THROUGHPUT, c->sdp_bn_throughput);
    SET(SDP_EW_THROUGHPUT, c->sdp_ew_throughput);
    SET(PDP_RDMA_BASE_ATOMIC_M, m);
    SET(PDP_BASE_THROUGHPUT, c->pdp_throughput);
    SET(CDP_RDMA_BASE_ATOMIC_M, m);
    SET(CDP_BASE_THROUGHPUT, c->cdp_throughput);
    if (!strcmp(c->name, "nv_large"))
        nv_large_table(regs);
}
