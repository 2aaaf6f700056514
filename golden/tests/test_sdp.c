/* Unit tests for the SDP golden model. Every expected number is worked out
 * by hand from the reference formulas; the derivation is in the comment next
 * to each check. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "golden_sdp.h"

/* ---- helpers ------------------------------------------------------------------ */

/* X stage with everything switched on explicitly by the caller. */
static struct golden_sdp_x_cfg x_cfg(void)
{
    struct golden_sdp_x_cfg c;
    memset(&c, 0, sizeof c);
    c.alu_bypass = 1;
    c.mul_bypass = 1;
    c.relu_bypass = 1;
    return c;
}

static struct golden_sdp_y_cfg y_cfg(void)
{
    struct golden_sdp_cfg full;
    golden_sdp_cfg_bypass(&full);
    struct golden_sdp_y_cfg c = full.ew;
    c.bypass = 0;
    return c;
}

static struct golden_sdp_lut zero_lut(void)
{
    struct golden_sdp_lut l;
    memset(&l, 0, sizeof l);
    return l;
}

/* ---- operand streams -------------------------------------------------------------- */

START_TEST(test_operand_bytes)
{
    ck_assert_uint_eq(golden_sdp_operand_bytes(1, GOLDEN_USE_MUL), 1);
    ck_assert_uint_eq(golden_sdp_operand_bytes(1, GOLDEN_USE_ALU), 1);
    ck_assert_uint_eq(golden_sdp_operand_bytes(1, GOLDEN_USE_BOTH), 2);
    ck_assert_uint_eq(golden_sdp_operand_bytes(2, GOLDEN_USE_MUL), 2);
    ck_assert_uint_eq(golden_sdp_operand_bytes(2, GOLDEN_USE_ALU), 2);
    ck_assert_uint_eq(golden_sdp_operand_bytes(2, GOLDEN_USE_BOTH), 4);
}
END_TEST

START_TEST(test_operand_decode)
{
    const uint8_t raw[] = { 0x80, 0x7F, 0xFF, 0x01, 0x00, 0x80, 0xFE, 0xFF };
    int32_t alu[4], mul[4];

    /* one byte, ALU only: sx_8 of each byte; MUL side zero */
    memset(mul, 0x55, sizeof mul);
    golden_sdp_operand_decode(raw, 4, 1, GOLDEN_USE_ALU, alu, mul);
    ck_assert_int_eq(alu[0], -128);
    ck_assert_int_eq(alu[1], 127);
    ck_assert_int_eq(alu[2], -1);
    ck_assert_int_eq(alu[3], 1);
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(mul[i], 0);

    /* one byte, MUL only */
    memset(alu, 0x55, sizeof alu);
    golden_sdp_operand_decode(raw, 4, 1, GOLDEN_USE_MUL, alu, mul);
    ck_assert_int_eq(mul[0], -128);
    ck_assert_int_eq(mul[1], 127);
    ck_assert_int_eq(mul[2], -1);
    ck_assert_int_eq(mul[3], 1);
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(alu[i], 0);

    /* one byte, BOTH: element i is bytes 2i (ALU), 2i+1 (MUL) */
    golden_sdp_operand_decode(raw, 2, 1, GOLDEN_USE_BOTH, alu, mul);
    ck_assert_int_eq(alu[0], -128);
    ck_assert_int_eq(mul[0], 127);
    ck_assert_int_eq(alu[1], -1);
    ck_assert_int_eq(mul[1], 1);

    /* two bytes little-endian: 0x7F80 = 32640, 0x01FF = 511,
     * 0x8000 = -32768, 0xFFFE = -2 */
    golden_sdp_operand_decode(raw, 4, 2, GOLDEN_USE_ALU, alu, mul);
    ck_assert_int_eq(alu[0], 32640);
    ck_assert_int_eq(alu[1], 511);
    ck_assert_int_eq(alu[2], -32768);
    ck_assert_int_eq(alu[3], -2);
    ck_assert_int_eq(mul[3], 0);
    golden_sdp_operand_decode(raw, 4, 2, GOLDEN_USE_MUL, alu, mul);
    ck_assert_int_eq(mul[0], 32640);
    ck_assert_int_eq(mul[2], -32768);
    ck_assert_int_eq(alu[0], 0);

    /* two bytes BOTH: element = 4 bytes, ALU word first */
    golden_sdp_operand_decode(raw, 2, 2, GOLDEN_USE_BOTH, alu, mul);
    ck_assert_int_eq(alu[0], 32640);
    ck_assert_int_eq(mul[0], 511);
    ck_assert_int_eq(alu[1], -32768);
    ck_assert_int_eq(mul[1], -2);

    /* either destination may be NULL */
    golden_sdp_operand_decode(raw, 2, 2, GOLDEN_USE_BOTH, NULL, mul);
    ck_assert_int_eq(mul[1], -2);
    golden_sdp_operand_decode(raw, 2, 1, GOLDEN_USE_BOTH, alu, NULL);
    ck_assert_int_eq(alu[1], -1);
}
END_TEST

/* ---- X stages ------------------------------------------------------------------------ */

START_TEST(test_x_bypass)
{
    struct golden_sdp_x_cfg c = x_cfg();
    /* whole-stage bypass passes anything, even with sub-units enabled */
    c.bypass = 1;
    c.alu_bypass = 0;
    c.alu_operand = 5;
    c.relu_bypass = 0;
    ck_assert_int_eq(golden_sdp_x(&c, -1234567, 0, 0), -1234567);
    ck_assert_int_eq(golden_sdp_x(&c, INT32_MAX, 0, 0), INT32_MAX);
    /* active stage with all sub-units bypassed and shift 0 is identity */
    c = x_cfg();
    ck_assert_int_eq(golden_sdp_x(&c, INT32_MIN, 0, 0), INT32_MIN);
    ck_assert_int_eq(golden_sdp_x(&c, 77, 0, 0), 77);
}
END_TEST

START_TEST(test_x_alu_algos)
{
    struct golden_sdp_x_cfg c = x_cfg();
    c.alu_bypass = 0;
    c.alu_operand = 3;
    c.alu_shift = 2;   /* o = 3 * 4 = 12 */

    c.alu_algo = GOLDEN_ALU_MAX;
    ck_assert_int_eq(golden_sdp_x(&c, 10, 0, 0), 12);
    ck_assert_int_eq(golden_sdp_x(&c, 20, 0, 0), 20);
    c.alu_algo = GOLDEN_ALU_MIN;
    ck_assert_int_eq(golden_sdp_x(&c, 10, 0, 0), 10);
    ck_assert_int_eq(golden_sdp_x(&c, 20, 0, 0), 12);
    c.alu_algo = GOLDEN_ALU_SUM;
    ck_assert_int_eq(golden_sdp_x(&c, 10, 0, 0), 22);
    ck_assert_int_eq(golden_sdp_x(&c, -10, 0, 0), 2);
    /* EQL in an X stage adds like SUM: 10 + 12, -10 + 12 */
    c.alu_algo = GOLDEN_ALU_EQL;
    ck_assert_int_eq(golden_sdp_x(&c, 10, 0, 0), 22);
    ck_assert_int_eq(golden_sdp_x(&c, -10, 0, 0), 2);
    ck_assert_int_eq(golden_sdp_x(&c, 12, 0, 0), 24);
    /* negative operand: -3 * 4 = -12; MAX(-20, -12) = -12 */
    c.alu_operand = -3;
    c.alu_algo = GOLDEN_ALU_MAX;
    ck_assert_int_eq(golden_sdp_x(&c, -20, 0, 0), -12);
}
END_TEST

START_TEST(test_x_alu_shift_saturation)
{
    struct golden_sdp_x_cfg c = x_cfg();
    c.alu_bypass = 0;
    c.alu_algo = GOLDEN_ALU_SUM;

    /* 32767 << 16 = 2147418112 fits in int32: -100 + that = 2147418012 */
    c.alu_operand = 32767;
    c.alu_shift = 16;
    ck_assert_int_eq(golden_sdp_x(&c, -100, 0, 0), 2147418012);
    /* 32767 << 17 = 4294836224 clamps to 2147483647; -100 + it = 2147483547 */
    c.alu_shift = 17;
    ck_assert_int_eq(golden_sdp_x(&c, -100, 0, 0), 2147483547);
    /* +100: a = 2147483747 (33 bits, not clamped yet); bypassed MUL with
     * shift 0 clamps to INT32_MAX */
    ck_assert_int_eq(golden_sdp_x(&c, 100, 0, 0), INT32_MAX);
    /* with MUL shift 1 the 33-bit sum is shifted first:
     * 2147483747 / 2 = 1073741873.5 -> 1073741874 */
    c.mul_shift = 1;
    ck_assert_int_eq(golden_sdp_x(&c, 100, 0, 0), 1073741874);
    /* -32768 << 17 clamps to -2^31; -1 + it = -2147483649;
     * / 2 = -1073741824.5 -> -1073741825 */
    c.alu_operand = -32768;
    ck_assert_int_eq(golden_sdp_x(&c, -1, 0, 0), -1073741825);
    c.mul_shift = 0;
    ck_assert_int_eq(golden_sdp_x(&c, -1, 0, 0), INT32_MIN);
    /* shift 63: 1 << 63 clamps to INT32_MAX, -1 << 63 to INT32_MIN, 0 stays 0 */
    c.alu_shift = 63;
    c.alu_algo = GOLDEN_ALU_MAX;
    c.alu_operand = 1;
    ck_assert_int_eq(golden_sdp_x(&c, 0, 0, 0), INT32_MAX);
    c.alu_algo = GOLDEN_ALU_MIN;
    c.alu_operand = -1;
    ck_assert_int_eq(golden_sdp_x(&c, 0, 0, 0), INT32_MIN);
    c.alu_algo = GOLDEN_ALU_SUM;
    c.alu_operand = 0;
    ck_assert_int_eq(golden_sdp_x(&c, 5, 0, 0), 5);
}
END_TEST

START_TEST(test_x_mul_rounding)
{
    struct golden_sdp_x_cfg c = x_cfg();
    c.mul_bypass = 0;
    c.mul_operand = 3;
    c.mul_shift = 2;
    /* 5*3/4 = 3.75 -> 4; -15/4 -> -4; 18/4 = 4.5 -> 5; -4.5 -> -5; 6/4 = 1.5 -> 2;
     * 3/4 = 0.75 -> 1; -3/4 -> -1; 3/4 ... 1*3 = 3 -> 1 */
    ck_assert_int_eq(golden_sdp_x(&c, 5, 0, 0), 4);
    ck_assert_int_eq(golden_sdp_x(&c, -5, 0, 0), -4);
    ck_assert_int_eq(golden_sdp_x(&c, 6, 0, 0), 5);
    ck_assert_int_eq(golden_sdp_x(&c, -6, 0, 0), -5);
    ck_assert_int_eq(golden_sdp_x(&c, 2, 0, 0), 2);
    ck_assert_int_eq(golden_sdp_x(&c, 1, 0, 0), 1);
    ck_assert_int_eq(golden_sdp_x(&c, -1, 0, 0), -1);
    /* saturation at 32 bits: INT32_MAX * 32767 without shift */
    c.mul_operand = 32767;
    c.mul_shift = 0;
    ck_assert_int_eq(golden_sdp_x(&c, INT32_MAX, 0, 0), INT32_MAX);
    ck_assert_int_eq(golden_sdp_x(&c, INT32_MIN, 0, 0), INT32_MIN);
    /* (2^31 - 1)(2^15 - 1) / 2^15 = 2^31 - 2^16 - 1 + 2^-15 -> 2147418111 */
    c.mul_shift = 15;
    ck_assert_int_eq(golden_sdp_x(&c, INT32_MAX, 0, 0), 2147418111);
    /* -2^31 * -32768 = 2^46; / 2^15 = 2^31 -> clamps to INT32_MAX */
    c.mul_operand = -32768;
    ck_assert_int_eq(golden_sdp_x(&c, INT32_MIN, 0, 0), INT32_MAX);
    /* 33-bit ALU result times the operand: (2^31 - 1 + 2^31 - 1) * -32768
     * = -(2^32 - 2) * 2^15; / 2^15 = -(2^32 - 2) -> clamps to INT32_MIN */
    c.alu_bypass = 0;
    c.alu_algo = GOLDEN_ALU_SUM;
    c.alu_operand = 1;
    c.alu_shift = 31;   /* 2^31 clamps to 2^31 - 1 */
    ck_assert_int_eq(golden_sdp_x(&c, INT32_MAX, 0, 0), INT32_MIN);
}
END_TEST

START_TEST(test_x_mul_bypass_shift_example)
{
    /* example 10.2: BN with ALU SUM from memory, ALU shift 1, MUL bypassed
     * with MUL shift 1, ReLU on: out = max(rsh(x + 2 op, 1), 0) */
    struct golden_sdp_x_cfg c = x_cfg();
    c.alu_bypass = 0;
    c.alu_algo = GOLDEN_ALU_SUM;
    c.alu_src = GOLDEN_SRC_MEM;
    c.alu_operand = 1000;   /* must be ignored */
    c.alu_shift = 1;
    c.mul_bypass = 1;
    c.mul_shift = 1;
    c.relu_bypass = 0;
    /* 98 + 138 = 236 -> 118 */
    ck_assert_int_eq(golden_sdp_x(&c, 98, 69, 0), 118);
    /* -33 + 86 = 53 -> 26.5 -> 27 */
    ck_assert_int_eq(golden_sdp_x(&c, -33, 43, 0), 27);
    /* -40 - 94 = -134 -> -67 -> ReLU 0 */
    ck_assert_int_eq(golden_sdp_x(&c, -40, -47, 0), 0);
    c.relu_bypass = 1;
    ck_assert_int_eq(golden_sdp_x(&c, -40, -47, 0), -67);
    /* -1 + 2*-1 = -3 -> -1.5 -> -2 */
    ck_assert_int_eq(golden_sdp_x(&c, -1, -1, 0), -2);
}
END_TEST

START_TEST(test_x_mul_shift_mod64)
{
    struct golden_sdp_x_cfg c = x_cfg();
    /* bypassed MUL: 65 mod 64 = 1: 5 / 2 = 2.5 -> 3; 64 mod 64 = 0 */
    c.mul_shift = 65;
    ck_assert_int_eq(golden_sdp_x(&c, 5, 0, 0), 3);
    c.mul_shift = 64;
    ck_assert_int_eq(golden_sdp_x(&c, 5, 0, 0), 5);
    /* 0xC2 = 194 mod 64 = 2: 10 * 3 / 4 = 7.5 -> 8 */
    c.mul_bypass = 0;
    c.mul_operand = 3;
    c.mul_shift = 0xC2;
    ck_assert_int_eq(golden_sdp_x(&c, 10, 0, 0), 8);
    /* shift 63 (0xFF mod 64): INT32_MAX * 32767 < 2^62 -> 0 */
    c.mul_shift = 0xFF;
    c.mul_operand = 32767;
    ck_assert_int_eq(golden_sdp_x(&c, INT32_MAX, 0, 0), 0);
}
END_TEST

START_TEST(test_x_prelu)
{
    struct golden_sdp_x_cfg c = x_cfg();
    c.mul_bypass = 0;
    c.mul_prelu = 1;
    c.mul_operand = 3;
    c.mul_shift = 1;
    /* non-negative passes: no multiply, no shift */
    ck_assert_int_eq(golden_sdp_x(&c, 7, 0, 0), 7);
    ck_assert_int_eq(golden_sdp_x(&c, 0, 0, 0), 0);
    /* negative: -7 * 3 = -21 / 2 = -10.5 -> -11 */
    ck_assert_int_eq(golden_sdp_x(&c, -7, 0, 0), -11);
    /* operand from memory: -7 * -2 / 2 = 7 */
    c.mul_src = GOLDEN_SRC_MEM;
    ck_assert_int_eq(golden_sdp_x(&c, -7, 0, -2), 7);
    ck_assert_int_eq(golden_sdp_x(&c, 9, 0, -2), 9);
    /* pass-through wraps the 33-bit sum: INT32_MAX + 1 = 2^31 -> -2^31 */
    c.mul_src = GOLDEN_SRC_REG;
    c.alu_bypass = 0;
    c.alu_algo = GOLDEN_ALU_SUM;
    c.alu_operand = 1;
    ck_assert_int_eq(golden_sdp_x(&c, INT32_MAX, 0, 0), INT32_MIN);
    /* ... and ReLU then sees a negative value */
    c.relu_bypass = 0;
    ck_assert_int_eq(golden_sdp_x(&c, INT32_MAX, 0, 0), 0);
    /* without PReLU the same sum is multiplied by 1, shifted, saturated:
     * 2^31 * 1 / 2 = 2^30 */
    c.mul_prelu = 0;
    c.mul_operand = 1;
    ck_assert_int_eq(golden_sdp_x(&c, INT32_MAX, 0, 0), 1073741824);
    c.mul_shift = 0;
    ck_assert_int_eq(golden_sdp_x(&c, INT32_MAX, 0, 0), INT32_MAX);
}
END_TEST

START_TEST(test_x_relu)
{
    struct golden_sdp_x_cfg c = x_cfg();
    c.relu_bypass = 0;
    ck_assert_int_eq(golden_sdp_x(&c, -5, 0, 0), 0);
    ck_assert_int_eq(golden_sdp_x(&c, 5, 0, 0), 5);
    ck_assert_int_eq(golden_sdp_x(&c, INT32_MIN, 0, 0), 0);
    /* applied after the multiplier: -5 * -1 = 5, 5 * -1 = -5 -> 0 */
    c.mul_bypass = 0;
    c.mul_operand = -1;
    ck_assert_int_eq(golden_sdp_x(&c, -5, 0, 0), 5);
    ck_assert_int_eq(golden_sdp_x(&c, 5, 0, 0), 0);
    /* applied after the rounding shift: -1 * 1 / 2 = -0.5 -> -1 -> 0 */
    c.mul_operand = 1;
    c.mul_shift = 1;
    ck_assert_int_eq(golden_sdp_x(&c, -1, 0, 0), 0);
    ck_assert_int_eq(golden_sdp_x(&c, 3, 0, 0), 2);
}
END_TEST

START_TEST(test_x_reg_vs_mem)
{
    struct golden_sdp_x_cfg c = x_cfg();
    c.alu_bypass = 0;
    c.alu_algo = GOLDEN_ALU_SUM;
    c.alu_operand = 100;
    /* REG: 1 + 100; the memory operand is ignored */
    ck_assert_int_eq(golden_sdp_x(&c, 1, 7, 9), 101);
    /* MEM: 1 + 7; the register is ignored */
    c.alu_src = GOLDEN_SRC_MEM;
    ck_assert_int_eq(golden_sdp_x(&c, 1, 7, 9), 8);
    /* memory operand is shifted like a register one: 7 << 3 = 56 */
    c.alu_shift = 3;
    ck_assert_int_eq(golden_sdp_x(&c, 1, 7, 9), 57);

    c = x_cfg();
    c.mul_bypass = 0;
    c.mul_operand = 2;
    /* REG: 4 * 2, MEM: 4 * -3 */
    ck_assert_int_eq(golden_sdp_x(&c, 4, 5, -3), 8);
    c.mul_src = GOLDEN_SRC_MEM;
    ck_assert_int_eq(golden_sdp_x(&c, 4, 5, -3), -12);

    /* both from memory: (4 + 5) * -3 = -27 */
    c.alu_bypass = 0;
    c.alu_algo = GOLDEN_ALU_SUM;
    c.alu_src = GOLDEN_SRC_MEM;
    ck_assert_int_eq(golden_sdp_x(&c, 4, 5, -3), -27);
}
END_TEST

/* ---- EW stage ---------------------------------------------------------------------------- */

START_TEST(test_cvt_apply)
{
    struct golden_sdp_cvt c = { 1, 10, 3, 2 };
    /* bypass returns v */
    ck_assert_int_eq(golden_sdp_cvt_apply(&c, -7), -7);
    c.bypass = 0;
    /* (17-10)*3 = 21 / 4 = 5.25 -> 5; (3-10)*3 = -21 -> -5;
     * (5-10)*3 = -15 / 4 = -3.75 -> -4; (15-10)*3 = 15 -> 4; (12-10)*3/4 = 1.5 -> 2 */
    ck_assert_int_eq(golden_sdp_cvt_apply(&c, 17), 5);
    ck_assert_int_eq(golden_sdp_cvt_apply(&c, 3), -5);
    ck_assert_int_eq(golden_sdp_cvt_apply(&c, 5), -4);
    ck_assert_int_eq(golden_sdp_cvt_apply(&c, 15), 4);
    ck_assert_int_eq(golden_sdp_cvt_apply(&c, 12), 2);
    /* only truncate[5:0] counts: 66 -> 2 */
    c.truncate = 66;
    ck_assert_int_eq(golden_sdp_cvt_apply(&c, 17), 5);
    /* saturation: (32767 + 2^31) * 32767 > 2^31; (-32768 - (2^31-1)) * 32767 < -2^31 */
    c.truncate = 0;
    c.scale = 32767;
    c.offset = INT32_MIN;
    ck_assert_int_eq(golden_sdp_cvt_apply(&c, 32767), INT32_MAX);
    c.offset = INT32_MAX;
    ck_assert_int_eq(golden_sdp_cvt_apply(&c, -32768), INT32_MIN);
    /* a 33-bit difference shifted back into range: (32767 + 2^31) * 1 / 2
     * = 1073758207.5 -> 1073758208 */
    c.offset = INT32_MIN;
    c.scale = 1;
    c.truncate = 1;
    ck_assert_int_eq(golden_sdp_cvt_apply(&c, 32767), 1073758208);
    /* negative scale: (-2 - 0) * -5 = 10 */
    c.offset = 0;
    c.scale = -5;
    c.truncate = 0;
    ck_assert_int_eq(golden_sdp_cvt_apply(&c, -2), 10);
}
END_TEST

START_TEST(test_ew_bypass)
{
    struct golden_sdp_lut l = zero_lut();
    struct golden_sdp_y_cfg c = y_cfg();
    c.bypass = 1;
    c.mul_bypass = 0;
    c.mul_operand = 0;
    ck_assert_int_eq(golden_sdp_y(&c, &l, -99, 0, 0), -99);
    /* active with every part bypassed */
    c = y_cfg();
    ck_assert_int_eq(golden_sdp_y(&c, &l, INT32_MIN, 1, 1), INT32_MIN);
}
END_TEST

START_TEST(test_ew_mul)
{
    struct golden_sdp_lut l = zero_lut();
    struct golden_sdp_y_cfg c = y_cfg();
    c.mul_bypass = 0;
    c.mul_operand = 5;
    c.truncate = 3;
    /* 13*5 = 65 / 8 = 8.125 -> 8; -12*5 = -60 / 8 = -7.5 -> -8; 12*5/8 = 7.5 -> 8 */
    ck_assert_int_eq(golden_sdp_y(&c, &l, 13, 0, 0), 8);
    ck_assert_int_eq(golden_sdp_y(&c, &l, -12, 0, 0), -8);
    ck_assert_int_eq(golden_sdp_y(&c, &l, 12, 0, 0), 8);
    /* truncate[9:0]: 1027 -> 3 */
    c.truncate = 1027;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 13, 0, 0), 8);
    /* saturation with truncate 0 */
    c.truncate = 0;
    c.mul_operand = 2;
    ck_assert_int_eq(golden_sdp_y(&c, &l, INT32_MAX, 0, 0), INT32_MAX);
    ck_assert_int_eq(golden_sdp_y(&c, &l, INT32_MIN, 0, 0), INT32_MIN);
    /* full 32 x 32 products: (-2^31)^2 / 2^62 = 1;
     * -2^31 (2^31 - 1) / 2^62 = -(1 - 2^-31) -> -1 */
    c.truncate = 62;
    c.mul_operand = INT32_MIN;
    ck_assert_int_eq(golden_sdp_y(&c, &l, INT32_MIN, 0, 0), 1);
    c.mul_operand = INT32_MAX;
    ck_assert_int_eq(golden_sdp_y(&c, &l, INT32_MIN, 0, 0), -1);
    /* very wide truncation gives 0 */
    c.truncate = 1000;
    ck_assert_int_eq(golden_sdp_y(&c, &l, INT32_MIN, 0, 0), 0);
    c.truncate = 1023;
    ck_assert_int_eq(golden_sdp_y(&c, &l, INT32_MAX, 0, 0), 0);
}
END_TEST

START_TEST(test_ew_prelu)
{
    struct golden_sdp_lut l = zero_lut();
    struct golden_sdp_y_cfg c = y_cfg();
    c.mul_bypass = 0;
    c.mul_prelu = 1;
    c.mul_operand = 5;
    c.truncate = 3;
    /* x >= 0 passes unchanged (no truncation); x < 0: -13*5 = -65 / 8 -> -8 */
    ck_assert_int_eq(golden_sdp_y(&c, &l, 13, 0, 0), 13);
    ck_assert_int_eq(golden_sdp_y(&c, &l, 0, 0, 0), 0);
    ck_assert_int_eq(golden_sdp_y(&c, &l, INT32_MAX, 0, 0), INT32_MAX);
    ck_assert_int_eq(golden_sdp_y(&c, &l, -13, 0, 0), -8);
}
END_TEST

START_TEST(test_ew_alu)
{
    struct golden_sdp_lut l = zero_lut();
    struct golden_sdp_y_cfg c = y_cfg();
    c.alu_bypass = 0;
    c.alu_operand = 10;
    c.alu_algo = GOLDEN_ALU_MAX;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 3, 0, 0), 10);
    ck_assert_int_eq(golden_sdp_y(&c, &l, 20, 0, 0), 20);
    c.alu_algo = GOLDEN_ALU_MIN;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 3, 0, 0), 3);
    ck_assert_int_eq(golden_sdp_y(&c, &l, 20, 0, 0), 10);
    c.alu_algo = GOLDEN_ALU_SUM;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 3, 0, 0), 13);
    ck_assert_int_eq(golden_sdp_y(&c, &l, -30, 0, 0), -20);
    /* the sum saturates at 32 bits */
    c.alu_operand = INT32_MAX;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 1, 0, 0), INT32_MAX);
    c.alu_operand = INT32_MIN;
    ck_assert_int_eq(golden_sdp_y(&c, &l, -1, 0, 0), INT32_MIN);
    /* the operand is the full 32-bit register: 100000 + 5 */
    c.alu_operand = 100000;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 5, 0, 0), 100005);
    /* EQL: 0 when equal, 1 otherwise */
    c.alu_algo = GOLDEN_ALU_EQL;
    c.alu_operand = 10;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 10, 0, 0), 0);
    ck_assert_int_eq(golden_sdp_y(&c, &l, 11, 0, 0), 1);
    ck_assert_int_eq(golden_sdp_y(&c, &l, 9, 0, 0), 1);
    ck_assert_int_eq(golden_sdp_y(&c, &l, -10, 0, 0), 1);

    /* MUL comes before ALU: 5 * 2 + 1 = 11 (not (5 + 1) * 2 = 12) */
    c.alu_algo = GOLDEN_ALU_SUM;
    c.alu_operand = 1;
    c.mul_bypass = 0;
    c.mul_operand = 2;
    c.truncate = 0;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 5, 0, 0), 11);
    /* EQL compares the product: 5 * 2 = 10 */
    c.alu_algo = GOLDEN_ALU_EQL;
    c.alu_operand = 10;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 5, 0, 0), 0);
}
END_TEST

START_TEST(test_ew_mem_cvt)
{
    struct golden_sdp_lut l = zero_lut();
    struct golden_sdp_y_cfg c = y_cfg();
    const struct golden_sdp_cvt cv = { 0, 10, 3, 2 };   /* (v - 10) * 3 / 4 */

    c.alu_bypass = 0;
    c.alu_algo = GOLDEN_ALU_SUM;
    c.alu_cvt = cv;
    /* memory operand 17 is converted: (7 * 3) / 4 = 5.25 -> 5; 100 + 5 */
    c.alu_src = GOLDEN_SRC_MEM;
    c.alu_operand = 17;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 100, 17, 0), 105);
    /* register operand is not converted: 100 + 17 */
    c.alu_src = GOLDEN_SRC_REG;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 100, 0, 0), 117);
    /* converter bypassed: memory 17 used as is */
    c.alu_src = GOLDEN_SRC_MEM;
    c.alu_cvt.bypass = 1;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 100, 17, 0), 117);

    c = y_cfg();
    c.mul_bypass = 0;
    c.mul_cvt.bypass = 0;
    c.mul_cvt.offset = -2;
    c.mul_cvt.scale = 1;
    c.mul_cvt.truncate = 0;
    c.mul_operand = 3;
    /* MEM: cvt(3) = 5; 7 * 5 = 35. REG: 7 * 3 = 21 */
    c.mul_src = GOLDEN_SRC_MEM;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 7, 0, 3), 35);
    c.mul_src = GOLDEN_SRC_REG;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 7, 0, 3), 21);
    /* converter then truncate: cvt(3) = 5, -7 * 5 = -35 / 4 = -8.75 -> -9 */
    c.mul_src = GOLDEN_SRC_MEM;
    c.truncate = 2;
    ck_assert_int_eq(golden_sdp_y(&c, &l, -7, 0, 3), -9);
    /* both components from memory with separate converters:
     * mul cvt(3) = 5, 6 * 5 = 30 / 4 = 7.5 -> 8; alu cvt(-6) = (-16*3)/4 = -12;
     * 8 - 12 = -4 */
    c.alu_bypass = 0;
    c.alu_algo = GOLDEN_ALU_SUM;
    c.alu_src = GOLDEN_SRC_MEM;
    c.alu_cvt = cv;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 6, -6, 3), -4);
}
END_TEST

/* ---- LUT ------------------------------------------------------------------------------------ */

/* LE exponent from le_start, LO linear from a far start that every small
 * value underflows; all priorities point at LE. */
static struct golden_sdp_lut le_exp_lut(int32_t le_start, int8_t off)
{
    struct golden_sdp_lut l = zero_lut();
    l.le_start = le_start;
    l.le_index_offset = off;
    l.lo_start = 1000000;
    return l;
}

START_TEST(test_lut_le_exponent_hit)
{
    enum golden_lut_outcome oc;
    struct golden_sdp_lut l = le_exp_lut(0, 0);
    l.le[0] = 17;
    l.le[2] = 100;
    l.le[3] = 201;
    /* make the priorities point elsewhere: an exclusive hit ignores them */
    l.uflow_lo = l.oflow_lo = l.hybrid_lo = 1;

    /* a = 1: d = 1, L = 0, i = 0, f = 0 -> le[0] */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 1, &oc), 17);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
    /* a = 4: L = 2, f = 0 -> le[2] */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 4, &oc), 100);
    /* a = 6: L = 2, f = 2 * 2^33 = 2^34 (half) -> (100 + 201) / 2 = 150.5 -> 151 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 6, &oc), 151);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
    /* a = 5: f = 2^33 (quarter) -> (3*100 + 201) / 4 = 125.25 -> 125 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 5, &oc), 125);
    /* a = 7: f = 3/4 -> (100 + 3*201) / 4 = 175.75 -> 176 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 7, &oc), 176);
    /* negative table values round away from zero: -150.5 -> -151 */
    l.le[2] = -100;
    l.le[3] = -201;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 6, &oc), -151);

    /* non-zero start: start -10, a = -3 -> d = 7 -> same as a = 7 above with
     * the negative table: (-100 - 603) / 4 = -175.75 -> -176 */
    l.le_start = -10;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, -3, &oc), -176);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);

    /* index offset 2: a = 6 -> L = 2, i = 0, f = 1/2 -> (le[0] + le[1]) / 2 */
    l = le_exp_lut(0, 2);
    l.le[0] = 10;
    l.le[1] = 21;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 6, &oc), 16);   /* 15.5 -> 16 */
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);

    /* large d: start INT32_MIN, a = INT32_MAX -> d = 2^32 - 1, L = 31, offset 0
     * -> i = 31, f = (2^31 - 1) * 2^4 = 2^35 - 16;
     * y = rsh(le31 * 16 + le32 * (2^35 - 16), 35) with le31 = 0, le32 = 1024
     * = 1024 - 2^-21 -> 1024 */
    l = le_exp_lut(INT32_MIN, 0);
    l.le[32] = 1024;
    l.lo_start = INT32_MAX;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, INT32_MAX, &oc), 1024);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
}
END_TEST

START_TEST(test_lut_le_exponent_flow)
{
    enum golden_lut_outcome oc;
    /* negative offset -40: i = L + 40, so L >= 24 overflows */
    struct golden_sdp_lut l = le_exp_lut(0, -40);
    l.le[63] = 555;
    l.le[64] = 1000;
    l.le_end = 1 << 24;
    l.le_oflow_scale = 1;
    l.lo_start = INT32_MAX;   /* LO always underflows */
    /* a = 2^23: L = 23, i = 63, f = 0 -> le[63] */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 1 << 23, &oc), 555);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
    /* a = 2^24 + 5: LE overflow, LO underflow -> hybrid (LE by priority):
     * le[64] + (a - 2^24) * 1 = 1005 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, (1 << 24) + 5, &oc), 1005);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
    /* offset 3: d = 5 -> L = 2 < 3 -> LE underflow (both underflow) */
    l = le_exp_lut(100, 3);
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 105, &oc), 0);
    ck_assert_int_eq(oc, GOLDEN_LUT_UFLOW);
    /* d = 8 -> L = 3 = offset -> hit at index 0 */
    l.le[0] = 42;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 108, &oc), 42);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
    /* a equal to the start underflows */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 100, &oc), 42);
    ck_assert_int_eq(oc, GOLDEN_LUT_UFLOW);
}
END_TEST

START_TEST(test_lut_le_linear_hit)
{
    enum golden_lut_outcome oc;
    struct golden_sdp_lut l = zero_lut();
    l.le_linear = 1;
    l.le_start = 100;
    l.le_index_select = 4;
    l.lo_start = 1000000;
    l.le[3] = 30;
    l.le[4] = 41;
    l.le[5] = -7;
    /* a = 156: u = 56 = 3*16 + 8 -> q = 3, f = 8 * 2^31 = 2^34 -> (30 + 41) / 2
     * = 35.5 -> 36 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 156, &oc), 36);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
    /* a = 168: u = 68 = 4*16 + 4 -> q = 4, f = 4 * 2^31 = 2^33 ->
     * (3*41 - 7) / 4 = 29 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 168, &oc), 29);
    /* a = 164: u = 64 -> q = 4, f = 0 -> 41 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 164, &oc), 41);
    /* select 0: q = u, f = 0: a = 105 -> le[5] */
    l.le_index_select = 0;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 105, &oc), -7);
    /* q = 64 overflows (N = 64); q = 63 hits with f = 0 -> le[63] */
    l.le[63] = 63;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 163, &oc), 63);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 164, &oc), 0);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);   /* LE over, LO under */
    /* select 1, u = 127 -> q = 63, f = 1/2 -> (le[63] + le[64]) / 2 = (63 + 0) / 2
     * = 31.5 -> 32 */
    l.le_index_select = 1;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 227, &oc), 32);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
}
END_TEST

START_TEST(test_lut_lo_linear_hit)
{
    enum golden_lut_outcome oc;
    struct golden_sdp_lut l = zero_lut();
    l.le_start = 0;        /* LE exponent: every a <= 0 underflows */
    l.lo_start = -1000;
    l.lo_index_select = 2;
    l.lo[7] = -50;
    l.lo[8] = -61;
    l.lo[255] = 1000;
    l.lo[256] = 3001;
    /* a = -971: u = 29 = 7*4 + 1 -> q = 7, f = 1 * 2^33 = quarter ->
     * (3*-50 - 61) / 4 = -52.75 -> -53 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, -971, &oc), -53);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);
    /* a = -970: u = 30 -> f = 1/2 -> (-50 - 61) / 2 = -55.5 -> -56 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, -970, &oc), -56);
    /* select 1, u = 511 -> q = 255, f = 1/2 -> (1000 + 3001) / 2 = 2000.5 -> 2001 */
    l.lo_index_select = 1;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, -1000 + 511, &oc), 2001);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);
    /* u = 512 -> q = 256 -> LO overflow (LE underflow) -> hybrid */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, -1000 + 512, &oc), 0);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
}
END_TEST

START_TEST(test_lut_negative_select)
{
    enum golden_lut_outcome oc;
    struct golden_sdp_lut l = zero_lut();
    l.le_start = INT32_MAX;   /* LE always underflows */
    l.lo_start = 0;
    l.lo_index_select = -2;   /* q = u * 4, f = 0 */
    l.lo[12] = 120;
    l.lo[13] = 9999;
    l.lo[252] = -252;
    /* u = 3 -> q = 12 -> exactly lo[12], no interpolation */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 3, &oc), 120);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);
    /* u = 63 -> q = 252 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 63, &oc), -252);
    /* u = 64 -> q = 256 -> overflow */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 64, &oc), 0);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
    /* very negative selects overflow for any u >= 1 */
    l.lo_index_select = -9;    /* 1 * 512 -> capped 511 -> overflow */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 1, &oc), 0);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
    l.lo_index_select = -128;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 1, &oc), 0);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
    /* select -8: u = 1 -> 256 -> overflow; select -7: 128 hits */
    l.lo_index_select = -7;
    l.lo[128] = 128;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 1, &oc), 128);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);

    /* LE linear with select -3: u = 7 -> 56, u = 8 -> 64 overflows */
    l = zero_lut();
    l.le_linear = 1;
    l.le_start = 0;
    l.le_index_select = -3;
    l.lo_start = INT32_MAX;
    l.le[56] = 56;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 7, &oc), 56);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
    golden_sdp_lut_lookup(&l, 8, &oc);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
}
END_TEST

START_TEST(test_lut_wide_select)
{
    enum golden_lut_outcome oc;
    struct golden_sdp_lut l = zero_lut();
    l.le_start = INT32_MAX;   /* LE exponent always underflows */
    l.lo_start = INT32_MIN;
    l.lo[1] = 1024;
    /* a = 2^30: u = 2^31 + 2^30 = 3 * 2^30, q = 0.
     * select 40: f = u / 2^5 = 3 * 2^25; y = 1024 * 3 * 2^25 / 2^35 = 3 */
    l.lo_index_select = 40;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 1 << 30, &oc), 3);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);
    /* select 35: f = u; y = 1024 * 3 * 2^30 / 2^35 = 96 */
    l.lo_index_select = 35;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 1 << 30, &oc), 96);
    /* select 33: f = u * 4; y = 384 */
    l.lo_index_select = 33;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 1 << 30, &oc), 384);
    /* select 127 (largest): f = u / 2^92 = 0 -> lo[0] = 0 */
    l.lo_index_select = 127;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 1 << 30, &oc), 0);

    /* LE linear with select 35 and u >= 2^31: u is taken as a signed 32-bit
     * value, i.e. 3 * 2^30 - 2^32 = -2^30, as 35 bits 2^35 - 2^30 = f;
     * y = 1024 * (2^35 - 2^30) / 2^35 = 1024 - 32 = 992 */
    l = zero_lut();
    l.le_linear = 1;
    l.le_start = INT32_MIN;
    l.le_index_select = 35;
    l.lo_start = INT32_MAX;
    l.le[1] = 1024;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 1 << 30, &oc), 992);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);
    /* u < 2^31 behaves normally: a = -2^30 -> u = 2^30, f = 2^30 -> 32 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, -(1 << 30), &oc), 32);
}
END_TEST

START_TEST(test_lut_flow_slopes)
{
    enum golden_lut_outcome oc;
    struct golden_sdp_lut l = zero_lut();
    /* underflow of both: LE exponent start 200, LO start 100 */
    l.le_start = 200;
    l.lo_start = 100;
    l.le[0] = -5;
    l.lo[0] = 7;
    l.le_uflow_scale = 2;
    l.le_uflow_shift = -3;   /* left shift 3 */
    l.lo_uflow_scale = 3;
    l.lo_uflow_shift = 2;
    /* LE (priority 0), exponent offset 0 (bias 2^0 = 1):
     * -5 + (90 - 200 - 1) * 2 * 8 = -5 - 1776 = -1781 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 90, &oc), -1781);
    ck_assert_int_eq(oc, GOLDEN_LUT_UFLOW);
    /* LO (priority 1): (90 - 100) * 3 = -30 / 4 = -7.5 -> -8; 7 - 8 = -1 */
    l.uflow_lo = 1;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 90, &oc), -1);
    ck_assert_int_eq(oc, GOLDEN_LUT_UFLOW);
    /* raw 5-bit shift fields are read as signed: 29 = -3 -> left shift 3 */
    l.uflow_lo = 0;
    l.le_uflow_shift = 29;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 90, &oc), -1781);
    /* and 16 means left 16: -5 + (-111 * 2) * 65536 = -5 - 14548992 */
    l.le_uflow_shift = 16;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 90, &oc), -14548997);

    /* overflow of both: LE exponent start 0 offset -40 (a >= 2^24), LO start 0
     * select 0 (a >= 256) */
    l = zero_lut();
    l.le_index_offset = -40;
    l.le[64] = 1000;
    l.le_end = 1 << 24;
    l.le_oflow_scale = -3;
    l.le_oflow_shift = 1;
    l.lo[256] = -2000;
    l.lo_end = 16777000;
    l.lo_oflow_scale = 1;
    l.lo_oflow_shift = 4;
    /* LE: (5 * -3) / 2 = -7.5 -> -8; 1000 - 8 = 992 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, (1 << 24) + 5, &oc), 992);
    ck_assert_int_eq(oc, GOLDEN_LUT_OFLOW);
    /* LO: (16777221 - 16777000) = 221 / 16 = 13.8125 -> 14; -2000 + 14 = -1986 */
    l.oflow_lo = 1;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, (1 << 24) + 5, &oc), -1986);
    ck_assert_int_eq(oc, GOLDEN_LUT_OFLOW);
    /* shift -16: 221 * 65536 = 14483456; -2000 + it = 14481456 */
    l.lo_oflow_shift = -16;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, (1 << 24) + 5, &oc), 14481456);
    /* shift 15: 221 / 32768 = 0.0067 -> 0 */
    l.lo_oflow_shift = 15;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, (1 << 24) + 5, &oc), -2000);

    /* inner clamp then outer clamp: a = INT32_MAX, end = INT32_MIN ->
     * (2^32 - 1) * 32767 << 16 clamps to INT32_MAX; le[64] = -1000 ->
     * 2147482647; le[64] = +1000 -> clamps to INT32_MAX */
    l.oflow_lo = 0;
    l.le_end = INT32_MIN;
    l.le_oflow_scale = 32767;
    l.le_oflow_shift = -16;
    l.le[64] = -1000;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, INT32_MAX, &oc), 2147482647);
    ck_assert_int_eq(oc, GOLDEN_LUT_OFLOW);
    l.le[64] = 1000;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, INT32_MAX, &oc), INT32_MAX);
    /* negative side: scale -32768 -> inner clamp -2^31; -1000 - 2^31 clamps */
    l.le_oflow_scale = -32768;
    l.le[64] = -1000;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, INT32_MAX, &oc), INT32_MIN);
    /* inner clamp is separate: +1000 + (-2^31) = -2147482648 */
    l.le[64] = 1000;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, INT32_MAX, &oc), -2147482648);
}
END_TEST

START_TEST(test_lut_uflow_bias)
{
    enum golden_lut_outcome oc;
    struct golden_sdp_lut l = zero_lut();
    l.le_start = 100;
    l.le_index_offset = 3;     /* bias 2^3 = 8 */
    l.lo_start = 1000;         /* LO underflows */
    l.le[0] = 50;
    l.le_uflow_scale = 1;
    l.lo[0] = 50;
    l.lo_uflow_scale = 1;
    /* underflow by offset (d = 5, L = 2 < 3): 50 + (105 - 100 - 8) = 47 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 105, &oc), 47);
    ck_assert_int_eq(oc, GOLDEN_LUT_UFLOW);
    /* underflow below the start: 50 + (50 - 100 - 8) = -8 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 50, &oc), -8);
    /* the bias goes through the slope: scale 3 shift 1:
     * (50 - 108) * 3 = -174 / 2 = -87 -> 50 - 87 = -37 */
    l.le_uflow_scale = 3;
    l.le_uflow_shift = 1;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 50, &oc), -37);
    l.le_uflow_scale = 1;
    l.le_uflow_shift = 0;
    /* offset 0: bias 2^0 = 1 (the real nv_small_256_full and
     * nv_medium_1024_full: hw-observed sdp_3602_678, conv_46_7):
     * 50 + (50 - 100 - 1) = -1; negative: no bias: 50 + (50 - 100) = 0 */
    l.le_index_offset = 0;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 50, &oc), -1);
    l.le_index_offset = -1;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 50, &oc), 0);
    /* LINEAR LE: no bias even with offset 3 */
    l.le_index_offset = 3;
    l.le_linear = 1;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 50, &oc), 0);
    /* LO selected: no bias: 50 + (50 - 1000) = -900 */
    l.le_linear = 0;
    l.uflow_lo = 1;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 50, &oc), -900);
    /* offset >= 32 uses offset mod 32: 33 -> 2: 50 + (50 - 100 - 2) = -2 */
    l.uflow_lo = 0;
    l.le_index_offset = 33;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 50, &oc), -2);
    /* offset 31: bias 2^31; 50 + (50 - 100 - 2^31) clamps inside to -2^31,
     * then 50 - 2^31 = -2147483598 */
    l.le_index_offset = 31;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 50, &oc), -2147483598);
    /* hybrid: LE underflows by offset while LO overflows (start 0, select -3:
     * q = 840); LE chosen by HYBRID priority still gets the bias:
     * 50 + (105 - 100 - 8) = 47 */
    l.le_index_offset = 3;
    l.lo_start = 0;
    l.lo_index_select = -3;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 105, &oc), 47);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
}
END_TEST

START_TEST(test_lut_priorities)
{
    enum golden_lut_outcome oc;
    struct golden_sdp_lut l = zero_lut();
    /* LE exponent start 0; LO linear start 0 select 0 */
    for (int i = 0; i <= 64; i++)
        l.le[i] = (int16_t)(1000 + i);
    for (int i = 0; i <= 256; i++)
        l.lo[i] = (int16_t)(2000 + i);

    /* both hit (a = 4: LE L = 2 f = 0 -> 1002; LO q = 4 -> 2004) -> HYBRID */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 4, &oc), 1002);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
    l.hybrid_lo = 1;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 4, &oc), 2004);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);

    /* both underflow (a = 0) -> UFLOW priority, slopes 0 -> table entry 0 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 0, &oc), 1000);
    ck_assert_int_eq(oc, GOLDEN_LUT_UFLOW);
    l.uflow_lo = 1;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 0, &oc), 2000);

    /* LE hit, LO overflow (a = 300: LE L = 8, i = 8; LO q = 300 >= 256) -> LE
     * regardless of priorities; f = (300 - 256) * 2^27 = 44/256 of the step
     * from 1008 to 1009 -> 1008.17 -> 1008 */
    l.oflow_lo = 1;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 300, &oc), 1008);
    ck_assert_int_eq(oc, GOLDEN_LUT_LE_HIT);

    /* LE underflow, LO hit: LE start 10, a = 5 -> LO q = 5 -> 2005 */
    l.le_start = 10;
    l.uflow_lo = 0;
    l.hybrid_lo = 0;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 5, &oc), 2005);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);

    /* LE overflow, LO hit: offset -60 makes L >= 4 overflow; a = 16 ->
     * LO q = 16 -> 2016 */
    l.le_start = 0;
    l.le_index_offset = -60;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 16, &oc), 2016);
    ck_assert_int_eq(oc, GOLDEN_LUT_LO_HIT);

    /* both overflow: a = 1000 -> OFLOW priority (1 = LO): lo[256] + 0 slope */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 1000, &oc), 2256);
    ck_assert_int_eq(oc, GOLDEN_LUT_OFLOW);
    l.oflow_lo = 0;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 1000, &oc), 1064);

    /* LE underflow + LO overflow -> HYBRID: LE start 100, LO select -3:
     * a = 50 -> LE under; LO q = 400 -> over */
    l = zero_lut();
    l.le_start = 100;
    l.lo_index_select = -3;
    l.le[0] = 11;
    l.le_uflow_scale = 1;
    l.lo[256] = 22;
    l.lo_end = 40;
    l.lo_oflow_scale = 2;
    /* LE underflow slope (exponent offset 0: bias 1): 11 + (50 - 100 - 1) = -40 */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 50, &oc), -40);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
    /* LO overflow slope: 22 + (50 - 40) * 2 = 42 */
    l.hybrid_lo = 1;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 50, &oc), 42);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);

    /* LE overflow + LO underflow -> HYBRID as well */
    l = zero_lut();
    l.le_index_offset = -60;   /* a >= 16 overflows LE */
    l.lo_start = 1000;
    l.le[64] = 5;
    l.lo[0] = 6;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 500, &oc), 5);
    ck_assert_int_eq(oc, GOLDEN_LUT_HYBRID);
    l.hybrid_lo = 1;
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 500, &oc), 6);

    /* the outcome pointer may be NULL */
    ck_assert_int_eq(golden_sdp_lut_lookup(&l, 500, NULL), 6);
}
END_TEST

START_TEST(test_ew_lut_in_stage)
{
    /* LUT after MUL and ALU: x = 3, * 2 = 6, + 1 = 7; LE exponent start 0:
     * L = 2, f = 3/4 -> (le2 + 3 le3) / 4 = (100 + 603) / 4 = 175.75 -> 176 */
    struct golden_sdp_lut l = le_exp_lut(0, 0);
    l.le[2] = 100;
    l.le[3] = 201;
    struct golden_sdp_y_cfg c = y_cfg();
    c.mul_bypass = 0;
    c.mul_operand = 2;
    c.alu_bypass = 0;
    c.alu_algo = GOLDEN_ALU_SUM;
    c.alu_operand = 1;
    c.lut_bypass = 0;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 3, 0, 0), 176);
    c.lut_bypass = 1;
    ck_assert_int_eq(golden_sdp_y(&c, &l, 3, 0, 0), 7);
}
END_TEST

/* ---- output converter ------------------------------------------------------------------------ */

START_TEST(test_out_cvt)
{
    struct golden_sdp_out_cvt c = { 10, 3, 2 };
    /* (17-10)*3 = 21/4 = 5.25 -> 5; 15 -> 15/4 = 3.75 -> 4; 5 -> -15/4 -> -4;
     * 3 -> -21/4 -> -5; 12 -> 6/4 = 1.5 -> 2; 8 -> -1.5 -> -2 */
    ck_assert_int_eq(golden_sdp_out(&c, GOLDEN_INT8, 17), 5);
    ck_assert_int_eq(golden_sdp_out(&c, GOLDEN_INT8, 15), 4);
    ck_assert_int_eq(golden_sdp_out(&c, GOLDEN_INT8, 5), -4);
    ck_assert_int_eq(golden_sdp_out(&c, GOLDEN_INT8, 3), -5);
    ck_assert_int_eq(golden_sdp_out(&c, GOLDEN_INT8, 12), 2);
    ck_assert_int_eq(golden_sdp_out(&c, GOLDEN_INT8, 8), -2);
    /* 1000 -> 990*3/4 = 742.5 -> 743: 127 in INT8, 743 in INT16;
     * -1000 -> -1010*3/4 = -757.5 -> -758: -128 / -758 */
    ck_assert_int_eq(golden_sdp_out(&c, GOLDEN_INT8, 1000), 127);
    ck_assert_int_eq(golden_sdp_out(&c, GOLDEN_INT16, 1000), 743);
    ck_assert_int_eq(golden_sdp_out(&c, GOLDEN_INT8, -1000), -128);
    ck_assert_int_eq(golden_sdp_out(&c, GOLDEN_INT16, -1000), -758);
    /* 100000 -> 99990*3/4 = 74992.5 -> 74993 -> 32767;
     * -100000 -> -100010*3/4 = -75007.5 -> -75008 -> -32768 */
    ck_assert_int_eq(golden_sdp_out(&c, GOLDEN_INT16, 100000), 32767);
    ck_assert_int_eq(golden_sdp_out(&c, GOLDEN_INT16, -100000), -32768);
    /* shift[5:0] only: 66 -> 2 */
    c.shift = 66;
    ck_assert_int_eq(golden_sdp_out(&c, GOLDEN_INT8, 17), 5);

    /* rounding decides saturation: 255/2 = 127.5 -> 128 -> 127;
     * -256/2 = -128 fits; -257/2 = -128.5 -> -129 -> -128 */
    struct golden_sdp_out_cvt h = { 0, 1, 1 };
    ck_assert_int_eq(golden_sdp_out(&h, GOLDEN_INT8, 255), 127);
    ck_assert_int_eq(golden_sdp_out(&h, GOLDEN_INT8, 254), 127);
    ck_assert_int_eq(golden_sdp_out(&h, GOLDEN_INT8, -256), -128);
    ck_assert_int_eq(golden_sdp_out(&h, GOLDEN_INT8, -257), -128);
    ck_assert_int_eq(golden_sdp_out(&h, GOLDEN_INT16, 65535), 32767);   /* 32767.5 -> 32768 */
    ck_assert_int_eq(golden_sdp_out(&h, GOLDEN_INT16, -65535), -32768);

    /* extremes: (2^31 - 1 + 2^31) * -32768 -> -128 */
    struct golden_sdp_out_cvt e = { INT32_MIN, -32768, 0 };
    ck_assert_int_eq(golden_sdp_out(&e, GOLDEN_INT8, INT32_MAX), -128);
    ck_assert_int_eq(golden_sdp_out(&e, GOLDEN_INT16, INT32_MAX), -32768);
    /* (2^32 - 1) * 32767 / 2^47 = 0.99997 -> 1 */
    e.scale = 32767;
    e.shift = 47;
    ck_assert_int_eq(golden_sdp_out(&e, GOLDEN_INT8, INT32_MAX), 1);
    /* shift 63 sends everything to 0 */
    e.shift = 63;
    ck_assert_int_eq(golden_sdp_out(&e, GOLDEN_INT8, INT32_MAX), 0);
}
END_TEST

/* ---- whole cube ----------------------------------------------------------------------------------- */

START_TEST(test_cfg_bypass)
{
    struct golden_sdp_cfg c;
    memset(&c, 0x5A, sizeof c);
    golden_sdp_cfg_bypass(&c);
    ck_assert(c.bs.bypass && c.bn.bypass && c.ew.bypass);
    ck_assert_int_eq(c.out.offset, 0);
    ck_assert_int_eq(c.out.scale, 1);
    ck_assert_uint_eq(c.out.shift, 0);
    ck_assert_int_eq(c.out_precision, GOLDEN_INT8);
    ck_assert_int_eq(c.lut.le[0], 0);
    ck_assert_int_eq(c.lut.lo[256], 0);
    ck_assert_int_eq(golden_sdp_compare_mode(&c), 0);

    /* identity on int8 values, saturation above: 1 x 2 x 3 (one surface) */
    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 1, 2, 3), 0);
    ck_assert_int_eq(golden_tensor_init(&out, 1, 2, 3), 0);
    for (uint32_t i = 0; i < 16; i++)
        in.data[i] = (int32_t)i * 17 - 128;   /* -128, -111, ..., 127 */
    in.data[5] = 300;
    in.data[6] = -300;
    struct golden_sdp_stats st;
    golden_sdp_run(&c, &in, NULL, &out, &st);
    for (uint32_t i = 0; i < 16; i++) {
        if (i == 5)
            ck_assert_int_eq(out.data[i], 127);
        else if (i == 6)
            ck_assert_int_eq(out.data[i], -128);
        else
            ck_assert_int_eq(out.data[i], in.data[i]);
    }
    ck_assert_uint_eq(st.out_saturation, 2);
    ck_assert_uint_eq(st.lut_le_hit + st.lut_lo_hit + st.lut_uflow + st.lut_oflow
                      + st.lut_hybrid, 0);
    ck_assert_int_eq(st.unequal, 0);
    /* INT16 keeps 300 / -300 */
    c.out_precision = GOLDEN_INT16;
    golden_sdp_run(&c, &in, NULL, &out, NULL);
    ck_assert_int_eq(out.data[5], 300);
    ck_assert_int_eq(out.data[6], -300);
    golden_tensor_free(&in);
    golden_tensor_free(&out);
}
END_TEST

/* BS ALU per channel, BN MUL per element, ReLU, two surfaces with unused
 * lanes: in = 3c + 50x - 30y, bs alu[c] = -c << 1 -> a = c + 50x - 30y;
 * bn mul(x, y, c) = 2 + x - y; out = sat_8(max(a * mul, 0)). */
START_TEST(test_run_operands)
{
    struct golden_sdp_cfg c;
    golden_sdp_cfg_bypass(&c);
    c.bs.bypass = 0;
    c.bs.alu_bypass = 0;
    c.bs.alu_algo = GOLDEN_ALU_SUM;
    c.bs.alu_src = GOLDEN_SRC_MEM;
    c.bs.alu_shift = 1;
    c.bn.bypass = 0;
    c.bn.mul_bypass = 0;
    c.bn.mul_src = GOLDEN_SRC_MEM;
    c.bn.relu_bypass = 0;

    struct golden_tensor in, out, mulop;
    ck_assert_int_eq(golden_tensor_init(&in, 2, 2, 10), 0);
    ck_assert_int_eq(golden_tensor_init(&out, 2, 2, 10), 0);
    ck_assert_int_eq(golden_tensor_init(&mulop, 2, 2, 10), 0);
    ck_assert_uint_eq(in.surfaces, 2);
    int32_t alu_pc[16];
    for (uint32_t ch = 0; ch < 16; ch++)
        alu_pc[ch] = -(int32_t)ch;
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 2; x++)
            for (uint32_t ch = 0; ch < 16; ch++) {
                golden_tensor_set(&in, x, y, ch, 3 * (int32_t)ch + 50 * (int32_t)x - 30 * (int32_t)y);
                golden_tensor_set(&mulop, x, y, ch, 2 + (int32_t)x - (int32_t)y);
            }
    struct golden_sdp_operand ops[GOLDEN_SDP_STAGES] = {
        { GOLDEN_OPERAND_PER_CHANNEL, alu_pc, NULL },
        { GOLDEN_OPERAND_PER_ELEMENT, NULL, mulop.data },
        { GOLDEN_OPERAND_NONE, NULL, NULL },
    };
    struct golden_sdp_stats st;
    memset(&st, 0xFF, sizeof st);   /* must be cleared by the run */
    golden_sdp_run(&c, &in, ops, &out, &st);

    /* spot values: (0,0,7): 7 * 2 = 14; (1,1,15): (15 + 20) * 2 = 70;
     * (0,1,3): (3 - 30) * 1 < 0 -> 0; (1,0,0): 50 * 3 = 150 -> 127;
     * (1,0,12) (unused lane of surface 1): 62 * 3 = 186 -> 127;
     * (0,0,13): 26; (1,1,9): 29 * 2 = 58 */
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 7), 14);
    ck_assert_int_eq(golden_tensor_get(&out, 1, 1, 15), 70);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 1, 3), 0);
    ck_assert_int_eq(golden_tensor_get(&out, 1, 0, 0), 127);
    ck_assert_int_eq(golden_tensor_get(&out, 1, 0, 12), 127);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 13), 26);
    ck_assert_int_eq(golden_tensor_get(&out, 1, 1, 9), 58);
    /* every element against the closed form */
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 2; x++)
            for (uint32_t ch = 0; ch < 16; ch++) {
                int32_t a = (int32_t)ch + 50 * (int32_t)x - 30 * (int32_t)y;
                int32_t t = a * (2 + (int32_t)x - (int32_t)y);
                int32_t e = t < 0 ? 0 : t > 127 ? 127 : t;
                ck_assert_int_eq(golden_tensor_get(&out, x, y, ch), e);
            }
    /* only column 1 / line 0 saturates: (c + 50) * 3 >= 150, 16 lanes */
    ck_assert_uint_eq(st.out_saturation, 16);
    ck_assert_int_eq(st.unequal, 0);
    ck_assert_uint_eq(st.lut_le_hit, 0);
    ck_assert_uint_eq(st.lut_hybrid, 0);

    golden_tensor_free(&in);
    golden_tensor_free(&out);
    golden_tensor_free(&mulop);
}
END_TEST

/* EW with both components from memory through their converters, first per
 * channel, then per element, on a 2 x 1 x 9 cube (idx differs from c). */
START_TEST(test_run_ew_operands)
{
    struct golden_sdp_cfg c;
    golden_sdp_cfg_bypass(&c);
    c.ew.bypass = 0;
    c.ew.mul_bypass = 0;
    c.ew.mul_src = GOLDEN_SRC_MEM;
    c.ew.mul_cvt.bypass = 0;
    c.ew.mul_cvt.offset = 1;     /* cvt(m) = m - 1 */
    c.ew.mul_cvt.scale = 1;
    c.ew.alu_bypass = 0;
    c.ew.alu_algo = GOLDEN_ALU_SUM;
    c.ew.alu_src = GOLDEN_SRC_MEM;
    c.ew.alu_cvt.bypass = 0;
    c.ew.alu_cvt.scale = 2;      /* cvt(v) = 2v */
    c.out.shift = 2;

    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 2, 1, 9), 0);   /* 2 surfaces */
    ck_assert_int_eq(golden_tensor_init(&out, 2, 1, 9), 0);
    for (uint32_t x = 0; x < 2; x++)
        for (uint32_t ch = 0; ch < 16; ch++)
            golden_tensor_set(&in, x, 0, ch, (int32_t)ch - 5 + 10 * (int32_t)x);

    /* per channel: m = c % 4 - 1, v = 2 (100 - c);
     * out = rsh(in * m + 200 - 2c, 2) */
    int32_t mul_pc[16], alu_pc[16];
    for (int i = 0; i < 16; i++) {
        mul_pc[i] = i % 4;
        alu_pc[i] = 100 - i;
    }
    struct golden_sdp_operand ops[GOLDEN_SDP_STAGES] = {
        { GOLDEN_OPERAND_NONE, NULL, NULL },
        { GOLDEN_OPERAND_NONE, NULL, NULL },
        { GOLDEN_OPERAND_PER_CHANNEL, alu_pc, mul_pc },
    };
    struct golden_sdp_stats st;
    golden_sdp_run(&c, &in, ops, &out, &st);
    /* (0,0,0): -5 * -1 + 200 = 205 -> 51.25 -> 51
     * (1,0,0): 5 * -1 + 200 = 195 -> 48.75 -> 49
     * (0,0,3): -2 * 2 + 194 = 190 -> 47.5 -> 48
     * (1,0,3): 8 * 2 + 194 = 210 -> 52.5 -> 53
     * (1,0,13): 18 * 0 + 174 -> 43.5 -> 44
     * (0,0,6): 1 * 1 + 188 = 189 -> 47.25 -> 47 */
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), 51);
    ck_assert_int_eq(golden_tensor_get(&out, 1, 0, 0), 49);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 3), 48);
    ck_assert_int_eq(golden_tensor_get(&out, 1, 0, 3), 53);
    ck_assert_int_eq(golden_tensor_get(&out, 1, 0, 13), 44);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 6), 47);
    ck_assert_uint_eq(st.out_saturation, 0);

    /* per element: mul 2 -> cvt 1, alu = data index -> 2 idx;
     * idx(x, 0, c) = (c / 8) * 16 + 8x + c % 8; out = rsh(in + 2 idx, 2)
     * (1,0,3): 8 + 22 = 30 -> 7.5 -> 8; (0,0,9): 4 + 34 = 38 -> 9.5 -> 10;
     * (1,0,15): 20 + 62 = 82 -> 20.5 -> 21; (0,0,0): -5 -> -1.25 -> -1 */
    int32_t mul_pe[32], alu_pe[32];
    for (int i = 0; i < 32; i++) {
        mul_pe[i] = 2;
        alu_pe[i] = i;
    }
    ops[GOLDEN_SDP_EW].mode = GOLDEN_OPERAND_PER_ELEMENT;
    ops[GOLDEN_SDP_EW].alu = alu_pe;
    ops[GOLDEN_SDP_EW].mul = mul_pe;
    golden_sdp_run(&c, &in, ops, &out, &st);
    ck_assert_int_eq(golden_tensor_get(&out, 1, 0, 3), 8);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 9), 10);
    ck_assert_int_eq(golden_tensor_get(&out, 1, 0, 15), 21);
    ck_assert_int_eq(golden_tensor_get(&out, 0, 0, 0), -1);

    golden_tensor_free(&in);
    golden_tensor_free(&out);
}
END_TEST

/* LUT outcome counters: columns x = 0..4 give a = -5, 50, 200, 300, 1000;
 * c = 3 but all 8 lanes run, so each outcome counts 8. */
START_TEST(test_run_lut_stats)
{
    struct golden_sdp_cfg c;
    golden_sdp_cfg_bypass(&c);
    c.ew.bypass = 0;
    c.ew.lut_bypass = 0;
    struct golden_sdp_lut *l = &c.lut;
    l->le_start = 0;
    l->le_index_offset = -56;   /* i = L + 56: overflow from a >= 256 */
    l->lo_start = 100;          /* LO hits 101 .. 356 */
    l->le[0] = 5;
    l->le_uflow_scale = 2;
    l->le[62] = 64;
    l->lo[100] = -7;
    l->lo[200] = 99;
    l->lo[256] = 100;
    l->lo_end = 400;
    l->lo_oflow_scale = 1;
    l->lo_oflow_shift = 1;
    l->hybrid_lo = 1;
    l->oflow_lo = 1;

    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 5, 1, 3), 0);
    ck_assert_int_eq(golden_tensor_init(&out, 5, 1, 3), 0);
    const int32_t a[5] = { -5, 50, 200, 300, 1000 };
    for (uint32_t x = 0; x < 5; x++)
        for (uint32_t ch = 0; ch < 8; ch++)
            golden_tensor_set(&in, x, 0, ch, a[x]);
    struct golden_sdp_stats st;
    golden_sdp_run(&c, &in, NULL, &out, &st);

    /* -5: both under -> LE: 5 + (-5 - 0) * 2 = -5
     * 50: LE L = 5, i = 61, f = 18 * 2^30; LO under -> LE hit:
     *     (0 * (2^35 - f) + 64 * 18 * 2^30) / 2^35 = 36
     * 200: LE L = 7, i = 63 hit; LO q = 100 hit -> hybrid -> LO: -7
     * 300: LE L = 8 -> i = 64 over; LO q = 200 -> LO hit: 99
     * 1000: both over -> LO: 100 + (1000 - 400) / 2 = 400 -> sat 127 */
    const int32_t e[5] = { -5, 36, -7, 99, 127 };
    for (uint32_t x = 0; x < 5; x++)
        for (uint32_t ch = 0; ch < 8; ch++)
            ck_assert_int_eq(golden_tensor_get(&out, x, 0, ch), e[x]);
    ck_assert_uint_eq(st.lut_uflow, 8);
    ck_assert_uint_eq(st.lut_le_hit, 8);
    ck_assert_uint_eq(st.lut_hybrid, 8);
    ck_assert_uint_eq(st.lut_lo_hit, 8);
    ck_assert_uint_eq(st.lut_oflow, 8);
    ck_assert_uint_eq(st.out_saturation, 8);
    ck_assert_int_eq(st.unequal, 0);

    golden_tensor_free(&in);
    golden_tensor_free(&out);
}
END_TEST

START_TEST(test_compare_mode)
{
    struct golden_sdp_cfg c;
    golden_sdp_cfg_bypass(&c);
    ck_assert_int_eq(golden_sdp_compare_mode(&c), 0);
    c.ew.bypass = 0;
    c.ew.alu_bypass = 0;
    c.ew.alu_algo = GOLDEN_ALU_EQL;
    c.ew.alu_operand = 42;
    ck_assert_int_eq(golden_sdp_compare_mode(&c), 1);
    c.ew.bypass = 1;
    ck_assert_int_eq(golden_sdp_compare_mode(&c), 0);
    c.ew.bypass = 0;
    c.ew.alu_bypass = 1;
    ck_assert_int_eq(golden_sdp_compare_mode(&c), 0);
    c.ew.alu_bypass = 0;
    c.ew.alu_algo = GOLDEN_ALU_SUM;
    ck_assert_int_eq(golden_sdp_compare_mode(&c), 0);
    c.ew.alu_algo = GOLDEN_ALU_EQL;

    struct golden_tensor in, out;
    ck_assert_int_eq(golden_tensor_init(&in, 2, 1, 8), 0);
    ck_assert_int_eq(golden_tensor_init(&out, 2, 1, 8), 0);
    for (int i = 0; i < 16; i++) {
        in.data[i] = 42;
        out.data[i] = 77;
    }
    struct golden_sdp_stats st;
    /* all equal: y = 0 everywhere, nothing written */
    golden_sdp_run(&c, &in, NULL, &out, &st);
    ck_assert_int_eq(st.unequal, 0);
    for (int i = 0; i < 16; i++)
        ck_assert_int_eq(out.data[i], 77);
    ck_assert_uint_eq(st.out_saturation, 0);
    /* one element differs (y = 1) */
    in.data[13] = 41;
    golden_sdp_run(&c, &in, NULL, &out, &st);
    ck_assert_int_eq(st.unequal, 1);
    for (int i = 0; i < 16; i++)
        ck_assert_int_eq(out.data[i], 77);
    /* X stages run before the compare: BS adds 1, so 41 + 1 = 42 is equal and
     * every other element (43) is not */
    c.bs.bypass = 0;
    c.bs.alu_bypass = 0;
    c.bs.alu_algo = GOLDEN_ALU_SUM;
    c.bs.alu_operand = 1;
    golden_sdp_run(&c, &in, NULL, &out, &st);
    ck_assert_int_eq(st.unequal, 1);
    c.ew.alu_operand = 43;
    for (int i = 0; i < 16; i++)
        in.data[i] = 42;
    golden_sdp_run(&c, &in, NULL, &out, &st);
    ck_assert_int_eq(st.unequal, 0);

    /* only y mod 2^16 counts: a LUT mapping the 0/1 result to multiples of
     * 65536 (both underflow, LE: le[0] + (a - 10) << 16) reports "equal" */
    c.bs.bypass = 1;
    c.ew.alu_operand = 42;
    in.data[3] = 0;
    c.ew.lut_bypass = 0;
    c.lut.le_start = 10;
    c.lut.lo_start = 10;
    c.lut.le_uflow_scale = 1;
    c.lut.le_uflow_shift = -16;
    golden_sdp_run(&c, &in, NULL, &out, &st);
    ck_assert_int_eq(st.unequal, 0);
    ck_assert_uint_eq(st.lut_uflow, 16);
    /* with le[0] = 1 the same cube is unequal */
    c.lut.le[0] = 1;
    golden_sdp_run(&c, &in, NULL, &out, &st);
    ck_assert_int_eq(st.unequal, 1);
    for (int i = 0; i < 16; i++)
        ck_assert_int_eq(out.data[i], 77);
    /* stats may be NULL */
    golden_sdp_run(&c, &in, NULL, &out, NULL);

    golden_tensor_free(&in);
    golden_tensor_free(&out);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("golden_sdp");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_operand_bytes);
    tcase_add_test(tc, test_operand_decode);
    tcase_add_test(tc, test_x_bypass);
    tcase_add_test(tc, test_x_alu_algos);
    tcase_add_test(tc, test_x_alu_shift_saturation);
    tcase_add_test(tc, test_x_mul_rounding);
    tcase_add_test(tc, test_x_mul_bypass_shift_example);
    tcase_add_test(tc, test_x_mul_shift_mod64);
    tcase_add_test(tc, test_x_prelu);
    tcase_add_test(tc, test_x_relu);
    tcase_add_test(tc, test_x_reg_vs_mem);
    tcase_add_test(tc, test_cvt_apply);
    tcase_add_test(tc, test_ew_bypass);
    tcase_add_test(tc, test_ew_mul);
    tcase_add_test(tc, test_ew_prelu);
    tcase_add_test(tc, test_ew_alu);
    tcase_add_test(tc, test_ew_mem_cvt);
    tcase_add_test(tc, test_lut_le_exponent_hit);
    tcase_add_test(tc, test_lut_le_exponent_flow);
    tcase_add_test(tc, test_lut_le_linear_hit);
    tcase_add_test(tc, test_lut_lo_linear_hit);
    tcase_add_test(tc, test_lut_negative_select);
    tcase_add_test(tc, test_lut_wide_select);
    tcase_add_test(tc, test_lut_flow_slopes);
    tcase_add_test(tc, test_lut_uflow_bias);
    tcase_add_test(tc, test_lut_priorities);
    tcase_add_test(tc, test_ew_lut_in_stage);
    tcase_add_test(tc, test_out_cvt);
    tcase_add_test(tc, test_cfg_bypass);
    tcase_add_test(tc, test_run_operands);
    tcase_add_test(tc, test_run_ew_operands);
    tcase_add_test(tc, test_run_lut_stats);
    tcase_add_test(tc, test_compare_mode);
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
