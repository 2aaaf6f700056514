/* ethosu85_ops_elementwise: the Ethos-U85 elementwise accumulate half
 * (NPU_OP_ELEMENTWISE, every elementwise_mode of the U85).
 *
 * Operands: a from the IFM, b from the IFM2, each read at the OFM
 * coordinate with its broadcast axes (IFM_BROADCAST / IFM2_BROADCAST bits
 * H, W, C) at index 0, or NPU_SET_OP_SCALAR when its mode is SCALAR; the
 * operand's zero point is subtracted in every case (the scalar too: corpus
 * min_max, MIN chained into a MAX with a scalar, is bit exact only so).
 * There is no operand-order bit on the U85: Vela puts a constant first
 * operand in the IFM (corpus sub_reversed: IFM broadcast W).
 *
 * Sources and decisions (Vela 5.2: GenerateScalingForElementwise,
 * GenerateInputBroadcast, the graph optimisers; TensorFlow Lite's
 * reference kernels for what the result must be):
 * - Input scaling S1 = IFM_SCALE on a, S2 = IFM2_SCALE on b
 *   (ethosu85_scale_apply; the U85 has no fixed left shift: Vela's dbl_rnd
 *   and a shift lowered by 20 / 15 stand for TFLite's x << 20 / 15).
 *   ADD / SUB: S1(a) +/- S2(b) (corpus add_two_inputs, i16_add: bit exact);
 *   MUL: S1(a) * S2(b) (Vela keeps both unit; mul_two_inputs, i16_mul bit
 *   exact); MIN / MAX / CMP_*: on S1(a), S2(b) (Vela keeps both unit but
 *   for the comparisons, whose TFLite kernels rescale); LRELU: a >= 0 ?
 *   S1(a) : S2(a), IFM2_SCALE holding alpha (i16_leaky_relu bit exact);
 *   ABS: |S1(a)| (abs_op bit exact).
 * - CMP_EQ / NE / GE / GT: -1 for true, 0 for false (Vela's internal
 *   boolean, graphir_optimiser's ConvertBool8Tensors; Vela ANDs it with 1
 *   for a TFLite bool: EQUAL and GREATER of differently quantised inputs
 *   are bit exact with TFLite's reference that way).
 * - 32-bit integer modes, on the low 32 bits of a and b: SHL a << b
 *   wrapping to 32 bits (TOSA LOGICAL_LEFT_SHIFT, Vela's constant
 *   folding), b clamped to 0..31; SHR a >> b rounded per the OFM round_mode
 *   (Vela: NATURAL for TFLite's rounding shifts, TRUNCATE_TO_LOWER for a
 *   plain arithmetic shift), b clamped to 0..63; LSR the logical shift of
 *   the 32-bit pattern, b clamped to 0..32; DIV a / b towards zero (TFLite's
 *   int32 DIV, which Vela maps to it, is bit exact so; b = 0 gives 0 and
 *   INT32_MIN / -1 INT32_MAX, inferred); CLZ leading
 *   zeros of the 32-bit pattern (32 for 0); AND, OR, XOR, AND_NOT (a &
 *   ~b), NOT (~a). SHL / SHR / CLZ / AND are checked through the softmax
 *   and GREATER networks; LSR, OR, XOR, NOT, AND_NOT are inferred from
 *   TOSA and Vela (Vela 5.2 keeps TFLite's RIGHT_SHIFT and BITWISE_XOR on
 *   the CPU). */
#include <limits.h>

#include "ethosu85_ops.h"
#include "ethosu85_ops_util.h"
#include "ethosu_ops_util.h"

static int is_unary(enum ethosu85_ew_mode m)
{
    return m == ETHOSU85_EW_ABS || m == ETHOSU85_EW_CLZ || m == ETHOSU85_EW_NOT || m == ETHOSU85_EW_LRELU;
}

static int mode_known(enum ethosu85_ew_mode m)
{
    switch (m) {
    case ETHOSU85_EW_MUL: case ETHOSU85_EW_ADD: case ETHOSU85_EW_SUB: case ETHOSU85_EW_MIN:
    case ETHOSU85_EW_MAX: case ETHOSU85_EW_LRELU: case ETHOSU85_EW_ABS: case ETHOSU85_EW_CLZ:
    case ETHOSU85_EW_SHR: case ETHOSU85_EW_SHL: case ETHOSU85_EW_LSR: case ETHOSU85_EW_DIV:
    case ETHOSU85_EW_CMP_EQ: case ETHOSU85_EW_CMP_NE: case ETHOSU85_EW_CMP_GE:
    case ETHOSU85_EW_CMP_GT: case ETHOSU85_EW_AND: case ETHOSU85_EW_OR: case ETHOSU85_EW_XOR:
    case ETHOSU85_EW_NOT: case ETHOSU85_EW_AND_NOT: return 1;
    }
    return 0;
}

/* One operand: its feature map, broadcast mode and the scalar. */
struct operand {
    const struct ethosu_fmap *fm;
    unsigned bcast;
    int32_t scalar;
};

static int check_operand(const struct operand *o, const char *name, const struct ethosu85_acc *acc,
                         char *err, size_t errlen)
{
    if (!o->fm)
        return ethosu_ops_fail(err, errlen, "%s missing", name);
    if (o->bcast & ~0xFu || (o->bcast & ETHOSU85_BCAST_SCALAR && o->bcast != ETHOSU85_BCAST_SCALAR))
        return ethosu_ops_fail(err, errlen, "%s broadcast_mode %u reserved", name, o->bcast);
    if (o->bcast == ETHOSU85_BCAST_SCALAR) {
        if (o->fm->zero_point < ethosu_dtype_min(o->fm->type) ||
            o->fm->zero_point > ethosu_dtype_max(o->fm->type))
            return ethosu_ops_fail(err, errlen, "%s zero point outside its type", name);
        return 0;
    }
    if (ethosu_ops_check_input(o->fm, name, err, errlen))
        return -1;
    if ((!(o->bcast & ETHOSU85_BCAST_H) && o->fm->h != acc->h) ||
        (!(o->bcast & ETHOSU85_BCAST_W) && o->fm->w != acc->w) ||
        (!(o->bcast & ETHOSU85_BCAST_C) && o->fm->c != acc->c))
        return ethosu_ops_fail(err, errlen, "%s %ux%ux%u does not match the OFM %ux%ux%u on a "
                               "non-broadcast axis", name, (unsigned)o->fm->h, (unsigned)o->fm->w,
                               (unsigned)o->fm->c, (unsigned)acc->h, (unsigned)acc->w,
                               (unsigned)acc->c);
    return 0;
}

static int64_t operand_at(const struct operand *o, uint32_t y, uint32_t x, uint32_t c)
{
    const struct ethosu_fmap *fm = o->fm;
    if (o->bcast == ETHOSU85_BCAST_SCALAR)
        return (int64_t)o->scalar - fm->zero_point;
    size_t yy = o->bcast & ETHOSU85_BCAST_H ? 0 : y;
    size_t xx = o->bcast & ETHOSU85_BCAST_W ? 0 : x;
    size_t cc = o->bcast & ETHOSU85_BCAST_C ? 0 : c;
    return (int64_t)fm->values[(yy * fm->w + xx) * fm->c + cc] - fm->zero_point;
}

static int64_t clz32(uint32_t u)
{
    int64_t n = 0;
    for (uint32_t bit = UINT32_C(1) << 31; bit && !(u & bit); bit >>= 1)
        n++;
    return n;
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* the 32-bit pattern of v as a signed value */
static int64_t wrap32(int64_t v)
{
    return (int64_t)(int32_t)(uint32_t)(uint64_t)v;
}

static int64_t compute(const struct ethosu85_ew_params *p, enum ethosu85_round_mode r, int64_t a,
                       int64_t b)
{
    struct ethosu85_scale sh = {1, 0, 0, r};
    switch (p->mode) {
    case ETHOSU85_EW_ADD: return ethosu85_scale_apply(a, &p->ifm_scale) + ethosu85_scale_apply(b, &p->ifm2_scale);
    case ETHOSU85_EW_SUB: return ethosu85_scale_apply(a, &p->ifm_scale) - ethosu85_scale_apply(b, &p->ifm2_scale);
    case ETHOSU85_EW_MUL: {
        __int128 v = (__int128)ethosu85_scale_apply(a, &p->ifm_scale) * ethosu85_scale_apply(b, &p->ifm2_scale);
        return v > INT64_MAX / 4 ? INT64_MAX / 4 : v < INT64_MIN / 4 ? INT64_MIN / 4 : (int64_t)v;
    }
    case ETHOSU85_EW_MIN:
    case ETHOSU85_EW_MAX: {
        int64_t x = ethosu85_scale_apply(a, &p->ifm_scale), y = ethosu85_scale_apply(b, &p->ifm2_scale);
        return (p->mode == ETHOSU85_EW_MIN) == (x < y) ? x : y;
    }
    case ETHOSU85_EW_CMP_EQ:
    case ETHOSU85_EW_CMP_NE:
    case ETHOSU85_EW_CMP_GE:
    case ETHOSU85_EW_CMP_GT: {
        int64_t x = ethosu85_scale_apply(a, &p->ifm_scale), y = ethosu85_scale_apply(b, &p->ifm2_scale);
        int t = p->mode == ETHOSU85_EW_CMP_EQ ? x == y : p->mode == ETHOSU85_EW_CMP_NE ? x != y
              : p->mode == ETHOSU85_EW_CMP_GE ? x >= y : x > y;
        return t ? -1 : 0;
    }
    case ETHOSU85_EW_LRELU:
        return a >= 0 ? ethosu85_scale_apply(a, &p->ifm_scale) : ethosu85_scale_apply(a, &p->ifm2_scale);
    case ETHOSU85_EW_ABS: {
        int64_t x = ethosu85_scale_apply(a, &p->ifm_scale);
        return x < 0 ? -x : x;
    }
    case ETHOSU85_EW_CLZ: return clz32((uint32_t)(uint64_t)a);
    case ETHOSU85_EW_SHL: return wrap32((int64_t)((uint64_t)a << clamp64(b, 0, 31)));
    case ETHOSU85_EW_SHR:
        sh.shift = (unsigned)clamp64(b, 0, 63);
        return ethosu85_scale_apply(wrap32(a), &sh);
    case ETHOSU85_EW_LSR: {
        int64_t s = clamp64(b, 0, 32);
        return s == 32 ? 0 : wrap32((int64_t)((uint32_t)(uint64_t)a >> s));
    }
    case ETHOSU85_EW_DIV: {
        int64_t x = wrap32(a), y = wrap32(b);
        if (y == 0)
            return 0;
        return clamp64(x / y, INT32_MIN, INT32_MAX);
    }
    case ETHOSU85_EW_AND: return wrap32(a & b);
    case ETHOSU85_EW_OR: return wrap32(a | b);
    case ETHOSU85_EW_XOR: return wrap32(a ^ b);
    case ETHOSU85_EW_NOT: return wrap32(~a);
    case ETHOSU85_EW_AND_NOT: return wrap32(a & ~b);
    }
    return 0;
}

int ethosu85_elementwise_acc(const struct ethosu85_ew_params *p, const struct ethosu_fmap *ifm,
                             const struct ethosu_fmap *ifm2, enum ethosu85_round_mode ofm_round,
                             const struct ethosu85_acc_in *in, struct ethosu85_acc *acc,
                             char *err, size_t errlen)
{
    if (!p)
        return ethosu_ops_fail(err, errlen, "elementwise parameters missing");
    if (!mode_known(p->mode))
        return ethosu_ops_fail(err, errlen, "elementwise_mode %u reserved", (unsigned)p->mode);
    if (!acc)
        return ethosu_ops_fail(err, errlen, "accumulators missing");
    if (ethosu85_scale_check(&p->ifm_scale, "IFM_SCALE", err, errlen) ||
        ethosu85_scale_check(&p->ifm2_scale, "IFM2_SCALE", err, errlen))
        return -1;
    if (p->ifm_scale.round_mode > ETHOSU85_ROUND_NATURAL || p->ifm2_scale.round_mode > ETHOSU85_ROUND_NATURAL)
        return ethosu_ops_fail(err, errlen, "IFM_SCALE / IFM2_SCALE round_mode is 1 bit");
    if ((unsigned)ofm_round > ETHOSU85_ROUND_TRUNCATE_TO_LOWER)
        return ethosu_ops_fail(err, errlen, "OFM round_mode %u reserved", (unsigned)ofm_round);
    struct operand A = {ifm, p->ifm_broadcast, p->scalar}, B = {ifm2, p->ifm2_broadcast, p->scalar};
    int unary = is_unary(p->mode);
    if (check_operand(&A, "IFM", acc, err, errlen) ||
        (!unary && check_operand(&B, "IFM2", acc, err, errlen)))
        return -1;
    if (A.bcast == ETHOSU85_BCAST_SCALAR && !unary && B.bcast == ETHOSU85_BCAST_SCALAR)
        return ethosu_ops_fail(err, errlen, "IFM and IFM2 cannot both be the scalar");
    if (ethosu85_ops_acc_begin(in, acc, acc->h, acc->w, acc->c, err, errlen))
        return -1;
    for (uint32_t y = 0; y < acc->h; y++)
        for (uint32_t x = 0; x < acc->w; x++)
            for (uint32_t c = 0; c < acc->c; c++) {
                int64_t a = operand_at(&A, y, x, c);
                int64_t b = unary ? 0 : operand_at(&B, y, x, c);
                acc->values[((size_t)y * acc->w + x) * acc->c + c] += compute(p, ofm_round, a, b);
            }
    return 0;
}
