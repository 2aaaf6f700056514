/* nvdla_registry: NVDLA's sequences, the ones `make sim TEST=name` runs
 * without a family prefix. */
#include "nvdla_seq.h"

extern const struct nvdla_seq_test seq_reg_reset_values, seq_reg_readback, seq_sdp_bypass_smoke,
    seq_sdp_bypass_shapes, seq_sdp_bypass_random, seq_pingpong_two_layers, seq_sdp_pdp_fused,
    seq_conv_bias;

const struct nvdla_seq_test *const nvdla_seq_tests[] = {
    &seq_reg_reset_values,
    &seq_reg_readback,
    &seq_sdp_bypass_smoke,
    &seq_sdp_bypass_shapes,
    &seq_sdp_bypass_random,
    &seq_pingpong_two_layers,
    &seq_sdp_pdp_fused,
    &seq_conv_bias,
};
const unsigned nvdla_seq_test_count = sizeof nvdla_seq_tests / sizeof nvdla_seq_tests[0];
