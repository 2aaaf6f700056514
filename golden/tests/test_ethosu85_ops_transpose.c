/* Unit tests for the Ethos-U85 OFM transpose / reverse mapping
 * (ethosu85_ops_transpose.c): every transpose against the permutation
 * TFLite's TRANSPOSE applies (the perm Vela 5.2 maps to each code), every
 * reverse, the stored shapes Vela's tile registers show, refusals. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu85_ops.h"

enum { H = 2, W = 3, C = 4 };

static int32_t src_val(uint32_t y, uint32_t x, uint32_t c)
{
    return (int32_t)(y * 100 + x * 10 + c);
}

/* TFLite TRANSPOSE with perm p (over H, W, C: 0, 1, 2) on the test tensor */
static void check_perm(enum ethosu85_transpose t, const unsigned p[3])
{
    int32_t s[H * W * C], d[H * W * C];
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++)
            for (uint32_t c = 0; c < C; c++)
                s[(y * W + x) * C + c] = src_val(y, x, c);
    const uint32_t dims[3] = {H, W, C};
    struct ethosu_fmap src = {H, W, C, ETHOSU_INT8, 0, s};
    struct ethosu_fmap dst = {dims[p[0]], dims[p[1]], dims[p[2]], ETHOSU_INT8, 0, d};
    char err[128];
    ck_assert_msg(ethosu85_ofm_permute(t, ETHOSU85_REVERSE_NONE, &src, &dst, err, sizeof err) == 0, "%s", err);
    for (uint32_t i = 0; i < dst.h; i++)
        for (uint32_t j = 0; j < dst.w; j++)
            for (uint32_t k = 0; k < dst.c; k++) {
                uint32_t at[3];
                at[p[0]] = i;
                at[p[1]] = j;
                at[p[2]] = k;
                ck_assert_int_eq(d[(i * dst.w + j) * dst.c + k], src_val(at[0], at[1], at[2]));
            }
}

START_TEST(test_transposes)
{
    static const unsigned hwc[] = {0, 1, 2}, whc[] = {1, 0, 2}, hcw[] = {0, 2, 1}, wch[] = {1, 2, 0},
                          chw[] = {2, 0, 1}, cwh[] = {2, 1, 0};
    check_perm(ETHOSU85_TRANSPOSE_HWC, hwc);
    check_perm(ETHOSU85_TRANSPOSE_WHC, whc);
    check_perm(ETHOSU85_TRANSPOSE_HCW, hcw);
    check_perm(ETHOSU85_TRANSPOSE_WCH, wch);
    check_perm(ETHOSU85_TRANSPOSE_CHW, chw);
    check_perm(ETHOSU85_TRANSPOSE_CWH, cwh);
    /* Vela's tp_chw listing: computed 5x6x7, stored HEIGHT0 7, WIDTH0 5 */
    uint32_t sh, sw, sc, oy, ox, oc;
    ck_assert_int_eq(ethosu85_ofm_map(ETHOSU85_TRANSPOSE_CHW, ETHOSU85_REVERSE_NONE, 5, 6, 7, 1, 2, 3, &sh,
                                      &sw, &sc, &oy, &ox, &oc), 0);
    ck_assert_uint_eq(sh, 7);
    ck_assert_uint_eq(sw, 5);
    ck_assert_uint_eq(sc, 6);
    ck_assert_uint_eq(oy, 3);
    ck_assert_uint_eq(ox, 1);
    ck_assert_uint_eq(oc, 2);
}
END_TEST

START_TEST(test_reverses)
{
    uint32_t sh, sw, sc, oy, ox, oc;
    ck_assert_int_eq(ethosu85_ofm_map(ETHOSU85_TRANSPOSE_HWC, ETHOSU85_REVERSE_H, H, W, C, 0, 1, 2, &sh, &sw,
                                      &sc, &oy, &ox, &oc), 0);
    ck_assert_uint_eq(oy, 1);
    ck_assert_uint_eq(ox, 1);
    ck_assert_uint_eq(oc, 2);
    ck_assert_int_eq(ethosu85_ofm_map(ETHOSU85_TRANSPOSE_HWC, ETHOSU85_REVERSE_W, H, W, C, 0, 0, 2, &sh, &sw,
                                      &sc, &oy, &ox, &oc), 0);
    ck_assert_uint_eq(ox, 2);
    ck_assert_int_eq(ethosu85_ofm_map(ETHOSU85_TRANSPOSE_HWC, ETHOSU85_REVERSE_C, H, W, C, 0, 0, 1, &sh, &sw,
                                      &sc, &oy, &ox, &oc), 0);
    ck_assert_uint_eq(oc, 2);
    ck_assert_uint_eq(sh, H);
    ck_assert_uint_eq(sw, W);
    ck_assert_uint_eq(sc, C);
    /* a whole reverse C: [1 2 3 4] -> [4 3 2 1] */
    int32_t s[] = {1, 2, 3, 4}, d[4];
    struct ethosu_fmap src = {1, 1, 4, ETHOSU_INT8, 0, s}, dst = {1, 1, 4, ETHOSU_INT8, 0, d};
    char err[128];
    ck_assert_int_eq(ethosu85_ofm_permute(ETHOSU85_TRANSPOSE_HWC, ETHOSU85_REVERSE_C, &src, &dst, err, sizeof err), 0);
    ck_assert_int_eq(d[0], 4);
    ck_assert_int_eq(d[3], 1);
    /* refused: transpose with reverse, reserved codes, a wrong stored shape */
    ck_assert_int_eq(ethosu85_ofm_permute(ETHOSU85_TRANSPOSE_WHC, ETHOSU85_REVERSE_C, &src, &dst, err, sizeof err), -1);
    ck_assert_int_eq(ethosu85_ofm_permute((enum ethosu85_transpose)4, ETHOSU85_REVERSE_NONE, &src, &dst, err, sizeof err), -1);
    ck_assert_int_eq(ethosu85_ofm_map(ETHOSU85_TRANSPOSE_HWC, (enum ethosu85_reverse)4, H, W, C, 0, 0, 0, &sh, &sw,
                                      &sc, &oy, &ox, &oc), -1);
    ck_assert_int_eq(ethosu85_ofm_permute(ETHOSU85_TRANSPOSE_CHW, ETHOSU85_REVERSE_NONE, &src, &dst, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "stored OFM"));
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu85_ops_transpose");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_transposes);
    tcase_add_test(tc, test_reverses);
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
