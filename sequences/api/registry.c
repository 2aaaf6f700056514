/* registry: every sequence `make sim TEST=name` can run. */
#include "seq.h"

extern const struct seq_test seq_reg_reset_values, seq_reg_readback, seq_sdp_bypass_smoke,
    seq_sdp_bypass_shapes, seq_sdp_bypass_random, seq_pingpong_two_layers, seq_sdp_pdp_fused,
    seq_conv_bias;

const struct seq_test *const seq_tests[] = {
    &seq_reg_reset_values,
    &seq_reg_readback,
    &seq_sdp_bypass_smoke,
    &seq_sdp_bypass_shapes,
    &seq_sdp_bypass_random,
    &seq_pingpong_two_layers,
    &seq_sdp_pdp_fused,
    &seq_conv_bias,
};
const unsigned seq_test_count = sizeof seq_tests / sizeof seq_tests[0];
