/* An Ethos-U85 integration test of the golden operations: TensorFlow
 * Lite's int8 SOFTMAX over 16 values as Vela 5.2 compiles it for
 * ethos-u85-256 (corpus network softmax: 27 kernel operations - a max
 * pool, SUB with the exp LUT, SHR, REDUCE_SUM, CLZ, SUBs with a scalar
 * first operand, SHL, int32 MULs and ADDs of three Newton-Raphson steps,
 * a last MUL and SHR; chaining and channel broadcast), each operation with
 * the register values of Vela's listing, the exp table entries the rows
 * read, and TFLite's reference output for two rows. It pins the int32
 * elementwise rule (OFM_SCALE's multiplier not applied: Vela programs
 * 2^30 >> 31 for TFLite's a * b / 2^31) and the op order of the output
 * half. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu85_ops.h"

#define N 16

static const struct ethosu85_scale UNIT = {1, 0, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC};

static struct ethosu_fmap fm(uint32_t c, enum ethosu_dtype t, int32_t zp, int32_t *v)
{
    struct ethosu_fmap f = {1, 1, c, t, zp, v};
    return f;
}

static struct ethosu85_output_stage stage(uint32_t m, unsigned sh, enum ethosu85_round_mode r, int shift_only)
{
    struct ethosu85_output_stage os;
    memset(&os, 0, sizeof os);
    os.scale_mode = ETHOSU85_SCALE_GLOBAL;
    os.ofm_scale = (struct ethosu85_scale){m, sh, 0, r};
    os.clip = ETHOSU85_CLIP_NONE;
    os.shift_only = shift_only;
    return os;
}

/* one elementwise operation, both halves; b may be NULL (unary) */
static void ew(enum ethosu85_ew_mode mode, struct ethosu_fmap *a, unsigned abc, struct ethosu_fmap *b,
               unsigned bbc, int32_t scalar, unsigned dbl, const struct ethosu85_output_stage *os,
               struct ethosu_fmap *out)
{
    struct ethosu85_ew_params p;
    memset(&p, 0, sizeof p);
    p.mode = mode;
    p.ifm_broadcast = abc;
    p.ifm2_broadcast = bbc;
    p.scalar = scalar;
    p.ifm_scale = UNIT;
    p.ifm_scale.dbl_rnd = dbl;
    p.ifm2_scale = p.ifm_scale;
    int64_t v[N];
    struct ethosu85_acc acc = {1, 1, out->c, v, 0};
    char err[128];
    ck_assert_msg(ethosu85_elementwise_acc(&p, a, b, os->ofm_scale.round_mode, NULL, &acc, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_msg(ethosu85_output(&acc, os, out, err, sizeof err) == 0, "%s", err);
}

static void softmax_row(const int32_t *in, const int32_t (*lut_entries)[2], size_t n_lut, const int32_t *want)
{
    char err[128];
    /* the exp table: LUT_S8_S32, 256 int32 */
    static uint8_t lut[1024];
    memset(lut, 0, sizeof lut);
    for (size_t i = 0; i < n_lut; i++)
        for (int b = 0; b < 4; b++)
            lut[(size_t)lut_entries[i][0] * 4 + b] = (uint8_t)((uint32_t)lut_entries[i][1] >> (8 * b));
    int32_t x[N], mx[1], exp_[N], t[N], sum[1], hpo[1], rshift[1], head[1], half[1], r1[1], nr[1];
    int32_t u1[1], u2[1], u3[1], u4[1], out[N];
    memcpy(x, in, sizeof x);
    /* 0: MAX over the channels (Vela: the row as 1 x 16 x 1, kernel 16x1), zero points -20 */
    struct ethosu_fmap row = {1, N, 1, ETHOSU_INT8, -20, x};
    struct ethosu_kernel k = {N, 1, 1, 1, 1, 1, 0, 0, 0, 0, ETHOSU_UPSCALE_NONE};
    int64_t av[1];
    struct ethosu85_acc acc = {1, 1, 1, av, 0};
    ck_assert(ethosu85_pool_acc(ETHOSU85_POOL_MAX, &row, &k, 0, NULL, &acc, err, sizeof err) == 0);
    struct ethosu85_output_stage os = stage(1, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC, 0);
    os.clip = ETHOSU85_CLIP_B16;
    os.act_min = -128;
    os.act_max = 127;
    struct ethosu_fmap fmx = fm(1, ETHOSU_INT8, -20, mx);
    ck_assert(ethosu85_output(&acc, &os, &fmx, err, sizeof err) == 0);
    /* 1: SUB x - max (IFM2 broadcast C), OFM zero point 127, LUT_S8_S32 -> int32 exp */
    struct ethosu_fmap fx = fm(N, ETHOSU_INT8, -20, x), fexp = fm(N, ETHOSU_INT32, 127, exp_);
    os.act_fn = ETHOSU85_LUT_S8_S32;
    os.lut = lut;
    os.lut_len = sizeof lut;
    ew(ETHOSU85_EW_SUB, &fx, 0, &fmx, ETHOSU85_BCAST_C, 0, 20, &os, &fexp);
    fexp.zero_point = 0; /* read as an int32 IFM with zero point 0 */
    /* 2: SHR by the scalar 12, NATURAL */
    const struct ethosu85_output_stage nat = stage(1, 0, ETHOSU85_ROUND_NATURAL, 1);
    const struct ethosu85_output_stage ds = stage(1, 0, ETHOSU85_ROUND_DOUBLE_SYMMETRIC, 1);
    const struct ethosu85_output_stage half31 = stage(UINT32_C(1) << 30, 31, ETHOSU85_ROUND_DOUBLE_SYMMETRIC, 1);
    const struct ethosu85_output_stage one30 = stage(UINT32_C(1) << 30, 30, ETHOSU85_ROUND_DOUBLE_SYMMETRIC, 1);
    struct ethosu_fmap sc = fm(1, ETHOSU_INT32, 0, NULL), ft = fm(N, ETHOSU_INT32, 0, t);
    ew(ETHOSU85_EW_SHR, &fexp, 0, &sc, ETHOSU85_BCAST_SCALAR, 12, 0, &nat, &ft);
    /* 3: REDUCE_SUM over the channels */
    struct ethosu_kernel k1 = {1, 1, 1, 1, 1, 1, 0, 0, 0, 0, ETHOSU_UPSCALE_NONE};
    struct ethosu_fmap fsum = fm(1, ETHOSU_INT32, 0, sum);
    ck_assert(ethosu85_pool_acc(ETHOSU85_POOL_REDUCE_SUM, &ft, &k1, ETHOSU85_ROUND_NATURAL, NULL, &acc, err,
                                sizeof err) == 0);
    ck_assert(ethosu85_output(&acc, &nat, &fsum, err, sizeof err) == 0);
    /* 4: CLZ; 5: 35 - clz (the scalar is the IFM); 6: clz - 1; 7: SHL */
    struct ethosu_fmap fhpo = fm(1, ETHOSU_INT32, 0, hpo), frs = fm(1, ETHOSU_INT32, 0, rshift);
    struct ethosu_fmap fhead = fm(1, ETHOSU_INT32, 0, head), fhalf = fm(1, ETHOSU_INT32, 0, half);
    ew(ETHOSU85_EW_CLZ, &fsum, 0, NULL, 0, 0, 0, &ds, &fhpo);
    ew(ETHOSU85_EW_SUB, &sc, ETHOSU85_BCAST_SCALAR, &fhpo, 0, 35, 15, &ds, &frs);
    ew(ETHOSU85_EW_SUB, &fhpo, 0, &sc, ETHOSU85_BCAST_SCALAR, 1, 15, &ds, &fhead);
    ew(ETHOSU85_EW_SHL, &fsum, 0, &fhead, 0, 0, 0, &ds, &fhalf);
    /* 8, 9: the first reciprocal estimate 48/17 - 32/17 * half */
    struct ethosu_fmap fr1 = fm(1, ETHOSU_INT32, 0, r1), fnr = fm(1, ETHOSU_INT32, 0, nr);
    ew(ETHOSU85_EW_MUL, &fhalf, 0, &sc, ETHOSU85_BCAST_SCALAR, -1010580540, 0, &half31, &fr1);
    ew(ETHOSU85_EW_ADD, &fr1, 0, &sc, ETHOSU85_BCAST_SCALAR, 1515870810, 15, &ds, &fnr);
    /* 10..24: three Newton-Raphson steps */
    struct ethosu_fmap f1 = fm(1, ETHOSU_INT32, 0, u1), f2 = fm(1, ETHOSU_INT32, 0, u2);
    struct ethosu_fmap f3 = fm(1, ETHOSU_INT32, 0, u3), f4 = fm(1, ETHOSU_INT32, 0, u4);
    for (int i = 0; i < 3; i++) {
        ew(ETHOSU85_EW_MUL, &fnr, 0, &fhalf, 0, 0, 0, &half31, &f1);
        ew(ETHOSU85_EW_SUB, &sc, ETHOSU85_BCAST_SCALAR, &f1, 0, 536870912, 15, &ds, &f2);
        ew(ETHOSU85_EW_MUL, &fnr, 0, &f2, 0, 0, 0, &half31, &f3);
        ew(ETHOSU85_EW_MUL, &f3, 0, &sc, ETHOSU85_BCAST_SCALAR, 4, 0, &ds, &f4);
        ew(ETHOSU85_EW_ADD, &fnr, 0, &f4, 0, 0, 15, &ds, &fnr);
    }
    /* 25: exp * reciprocal (IFM2 broadcast C), 2^30 >> 30; 26: SHR by
     * 35 - clz NATURAL into the int8 OFM, zero point -128 */
    ew(ETHOSU85_EW_MUL, &fexp, 0, &fnr, ETHOSU85_BCAST_C, 0, 0, &one30, &ft);
    struct ethosu85_output_stage last = stage(1, 0, ETHOSU85_ROUND_NATURAL, 1);
    last.clip = ETHOSU85_CLIP_B16;
    last.act_min = -128;
    last.act_max = 127;
    struct ethosu_fmap fout = fm(N, ETHOSU_INT8, -128, out);
    ew(ETHOSU85_EW_SHR, &ft, 0, &frs, ETHOSU85_BCAST_C, 0, 0, &last, &fout);
    for (int i = 0; i < N; i++)
        ck_assert_msg(out[i] == want[i], "value %d: %d, TFLite %d", i, out[i], want[i]);
}

START_TEST(test_softmax_rows)
{
    static const int32_t in0[N] = {-64, -20, -43, -119, -62, 2, -39, 97, -77, 121, 11, -114, -26, -76, -17, -87};
    static const int32_t want0[N] = {-120, -115, -118, -124, -120, -111, -118, -76, -122, -59, -109, -124,
                                     -116, -121, -115, -122};
    static const int32_t lut0[][2] = {{15, 120548482}, {20, 128002784}, {47, 176982748}, {57, 199547444},
                                      {58, 201956438}, {70, 233236299}, {72, 238901667}, {91, 300080896},
                                      {95, 314836049}, {108, 367988578}, {114, 395460945}, {117, 409956896},
                                      {136, 514940843}, {145, 573668686}, {231, 1610100694}, {255, 2147483647}};
    static const int32_t in1[N] = {-42, -113, 96, -78, 87, 43, 57, -65, -36, -67, 94, -104, 56, 123, 6, 104};
    static const int32_t want1[N] = {-122, -126, -98, -124, -101, -112, -109, -124, -122, -124, -98, -125,
                                     -109, -86, -118, -95};
    static const int32_t lut1[][2] = {{19, 126475931}, {28, 140900238}, {54, 192491506}, {65, 219653645},
                                      {67, 224989076}, {90, 296501458}, {96, 318636839}, {138, 527448920},
                                      {175, 822256238}, {188, 961074588}, {189, 972676936}, {219, 1394166534},
                                      {226, 1516335784}, {228, 1553168064}, {236, 1709664010}, {255, 2147483647}};
    softmax_row(in0, lut0, sizeof lut0 / sizeof lut0[0], want0);
    softmax_row(in1, lut1, sizeof lut1 / sizeof lut1[0], want1);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu85_ops_softmax");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_softmax_rows);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
