/* nvdla_features: see nvdla_features.h. The fields read here are the ones
 * the decode (nvdla_decode*.c) reads for an enabled layer. */
#include <stdio.h>
#include "nvdla_features.h"

#define BIT(f) (1u << (f))
#define FIELD(NAME, F) ((value(ctx, NVDLA_##NAME##_IDX) & NVDLA_##NAME##_##F##_MASK) >> NVDLA_##NAME##_##F##_SHIFT)

/* INT8 = 0, INT16 = 1, FP16 = 2 in every precision field */
static uint32_t precision(uint32_t p)
{
    return p == 1 ? BIT(NVDLA_FEAT_INT16) : p == 2 ? BIT(NVDLA_FEAT_FP16) : 0;
}

static uint32_t sdp_features(nvdla_reg_value_fn value, void *ctx)
{
    uint32_t f = 0;
    if (!FIELD(SDP_D_DP_BS_CFG, BS_BYPASS))
        f |= BIT(NVDLA_FEAT_SDP_BS);
    if (!FIELD(SDP_D_DP_BN_CFG, BN_BYPASS))
        f |= BIT(NVDLA_FEAT_SDP_BN);
    if (!FIELD(SDP_D_DP_EW_CFG, EW_BYPASS)) {
        f |= BIT(NVDLA_FEAT_SDP_EW);
        if (!FIELD(SDP_D_DP_EW_CFG, EW_LUT_BYPASS))
            f |= BIT(NVDLA_FEAT_SDP_LUT);   /* the LUT sits in the EW stage */
    }
    if (FIELD(SDP_D_FEATURE_MODE_CFG, WINOGRAD))
        f |= BIT(NVDLA_FEAT_WINOGRAD);
    if (FIELD(SDP_D_FEATURE_MODE_CFG, BATCH_NUMBER))
        f |= BIT(NVDLA_FEAT_BATCH);
    return f | precision(FIELD(SDP_D_DATA_FORMAT, PROC_PRECISION)) |
           precision(FIELD(SDP_D_DATA_FORMAT, OUT_PRECISION));
}

static uint32_t conv_features(nvdla_reg_value_fn value, void *ctx)
{
    uint32_t f = 0;
    if (FIELD(CDMA_D_MISC_CFG, CONV_MODE))
        f |= BIT(NVDLA_FEAT_WINOGRAD);
    if (FIELD(CDMA_D_WEIGHT_FORMAT, WEIGHT_FORMAT))
        f |= BIT(NVDLA_FEAT_WEIGHT_COMPRESSION);
    if (FIELD(CDMA_D_BATCH_NUMBER, BATCHES))
        f |= BIT(NVDLA_FEAT_BATCH);
    return f | precision(FIELD(CDMA_D_MISC_CFG, IN_PRECISION)) | precision(FIELD(CDMA_D_MISC_CFG, PROC_PRECISION));
}

uint32_t nvdla_layer_features(enum nvdla_unit u, nvdla_reg_value_fn value, void *ctx)
{
    switch (u) {
    case NVDLA_UNIT_SDP:
        return sdp_features(value, ctx);
    case NVDLA_UNIT_CDMA:
        return conv_features(value, ctx);
    case NVDLA_UNIT_PDP:
        return BIT(NVDLA_FEAT_PDP) | precision(FIELD(PDP_D_DATA_FORMAT, INPUT_DATA));
    case NVDLA_UNIT_CDP:
        return BIT(NVDLA_FEAT_CDP) | precision(FIELD(CDP_D_DATA_FORMAT, INPUT_DATA_TYPE));
    case NVDLA_UNIT_BDMA:
        return BIT(NVDLA_FEAT_BDMA);
    case NVDLA_UNIT_RBK:
        return BIT(NVDLA_FEAT_RUBIK);
    default:
        return 0;
    }
}

void nvdla_features_str(uint32_t features, char *buf, size_t len)
{
    size_t at = 0;
    unsigned n = 0, total = (unsigned)__builtin_popcount(features);
    buf[0] = 0;
    for (int f = 0; f < NVDLA_FEAT_COUNT && at < len; f++) {
        if (!(features & BIT(f)))
            continue;
        n++;
        const char *sep = n == 1 ? "" : n == total ? " and " : ", ";
        int w = snprintf(buf + at, len - at, "%s%s", sep, nvdla_feature_name((enum nvdla_feature)f));
        at += w > 0 ? (size_t)w : 0;
    }
}
