/* ethosu_ops_sigmoid: the Output unit's hardwired tanh / sigmoid
 * (NPU_SET_ACTIVATION 3 / 4) on 16-bit values.
 *
 * TRM 3.3.7.3: one table for both functions with interpolation. Vela
 * (generate_ofm_scaling_for_pooling) programs the OFM scale so the value
 * reaching the table is the input times 3 * 4096 (1.0 = 12288), the
 * input convention of TensorFlow Lite's int16 Tanh / Logistic reference
 * kernels; the decision here is that the hardware then computes what those
 * kernels compute from that value: a 256-entry table of sigmoid(i / 24) in
 * 0.16 fixed point, linear interpolation (tanh: 8 fraction bits of |v|,
 * sigmoid: 9), the odd / complementary symmetry for negative v, and a
 * rounding shift back to Q0.15.
 *
 * The table is not sigmoid(i / 24) rounded: each entry is lifted by half
 * of the linear interpolation's error at the middle of its segment, so the
 * interpolated curve straddles the function instead of running below it:
 *     T[i] = round(S(i) + (S(i + 0.5) - (S(i) + S(i + 1)) / 2) / 2),
 *     S(x) = 65536 / (1 + exp(-x / 24)), T[255] = 65535 (the 1.0 end).
 * Found by measurement: TensorFlow Lite's int16 TANH and LOGISTIC
 * reference kernels, driven with every int16 input at 1.0 = 12288 and at
 * 1.0 = 6144 (so every table entry and the last segment are reached),
 * equal this model on all 4 x 65536 inputs; plain rounding misses 42 of
 * the first 128 entries by 1. */
#include "ethosu_ops_util.h"

/* T[i] above, i = 0..255, computed offline in double precision (kept as
 * numbers so the library needs no libm). */
static const uint16_t table[256] = {
    32768, 33451, 34133, 34813, 35493, 36169, 36843, 37513, 38180, 38841, 39498, 40149,
    40794, 41432, 42064, 42688, 43304, 43912, 44511, 45102, 45683, 46255, 46817, 47369,
    47911, 48443, 48964, 49475, 49975, 50464, 50942, 51409, 51865, 52311, 52745, 53169,
    53581, 53983, 54374, 54755, 55125, 55485, 55834, 56174, 56503, 56823, 57133, 57433,
    57724, 58007, 58280, 58544, 58800, 59048, 59288, 59519, 59743, 59959, 60168, 60370,
    60565, 60753, 60935, 61110, 61279, 61441, 61599, 61750, 61896, 62036, 62172, 62302,
    62428, 62549, 62666, 62778, 62886, 62990, 63090, 63186, 63279, 63368, 63454, 63536,
    63615, 63691, 63765, 63835, 63903, 63968, 64030, 64090, 64148, 64204, 64257, 64308,
    64357, 64405, 64450, 64494, 64536, 64576, 64614, 64652, 64687, 64721, 64754, 64786,
    64816, 64845, 64873, 64900, 64926, 64950, 64974, 64997, 65019, 65039, 65060, 65079,
    65097, 65115, 65132, 65149, 65164, 65179, 65194, 65208, 65221, 65234, 65246, 65258,
    65269, 65280, 65291, 65301, 65310, 65319, 65328, 65337, 65345, 65352, 65360, 65367,
    65374, 65381, 65387, 65393, 65399, 65404, 65410, 65415, 65420, 65425, 65429, 65433,
    65438, 65442, 65445, 65449, 65453, 65456, 65459, 65462, 65465, 65468, 65471, 65474,
    65476, 65479, 65481, 65483, 65485, 65488, 65489, 65491, 65493, 65495, 65497, 65498,
    65500, 65501, 65503, 65504, 65505, 65507, 65508, 65509, 65510, 65511, 65512, 65513,
    65514, 65515, 65516, 65517, 65517, 65518, 65519, 65520, 65520, 65521, 65522, 65522,
    65523, 65523, 65524, 65524, 65525, 65525, 65526, 65526, 65526, 65527, 65527, 65528,
    65528, 65528, 65529, 65529, 65529, 65529, 65530, 65530, 65530, 65530, 65531, 65531,
    65531, 65531, 65531, 65532, 65532, 65532, 65532, 65532, 65532, 65533, 65533, 65533,
    65533, 65533, 65533, 65533, 65533, 65534, 65534, 65534, 65534, 65534, 65534, 65534,
    65534, 65534, 65534, 65535
};

/* floor(r / 2^s) for a possibly negative r */
static int64_t floor_shift(int64_t r, unsigned s)
{
    int64_t d = (int64_t)1 << s;
    return r >= 0 ? r / d : -((-r + d - 1) / d);
}

int64_t ethosu_ops_tanh16(int64_t v)
{
    int64_t a = v < 0 ? -v : v;
    int64_t uh = a >> 8, r;
    if (uh >= 255) {
        r = (int64_t)0xFFFF << 8;
    } else {
        int64_t ua = table[uh], ub = table[uh + 1];
        r = (ua << 8) + (a & 0xFF) * (ub - ua);
    }
    r = v >= 0 ? r - ((int64_t)1 << 23) + (1 << 7) : -r + ((int64_t)1 << 23) + (1 << 7) - 1;
    return floor_shift(r, 8);
}

int64_t ethosu_ops_sigmoid16(int64_t v)
{
    int64_t a = v < 0 ? -v : v;
    int64_t uh = a >> 9, r;
    if (uh >= 255) {
        r = (int64_t)0x7FFF << 10;
    } else {
        int64_t ua = table[uh], ub = table[uh + 1];
        r = (ua << 9) + (a & 0x1FF) * (ub - ua);
    }
    r = v >= 0 ? r + (1 << 9) : ((int64_t)1 << 25) - r + (1 << 9) - 1;
    return floor_shift(r, 10);
}
