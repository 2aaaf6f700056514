/* Unit tests of the byte paths of 8-bit operations, sim/ethosu/ethosu_ew_bytes
 * (elementwise) and sim/ethosu/ethosu_pool_bytes (max pool): each gives the
 * OFM bytes of the per-element golden path (unpack to int32,
 * ethosu_kcompute, pack) on random operations: every mode, signedness, zero
 * points, scales, rounding, clip and activation (tanh, sigmoid, a LUT),
 * kernels, strides, dilations and paddings (windows wholly in the padding
 * too), NHWC and NHCWB16 maps laid out differently from each other, or in
 * dense order (used in place); each refuses what the golden model refuses;
 * and which operations each takes. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_cmd.h"
#include "ethosu_ew_bytes.h"
#include "ethosu_kcompute.h"
#include "ethosu_ops.h"
#include "ethosu_pool_bytes.h"

static uint64_t rng;

static uint32_t rnd(uint32_t n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 33) % n;
}

/* A single-tile map of shape h x w x c at base, NHWC or NHCWB16, its rows
 * padded by a random gap. */
static void layout(struct ethosu_fm_layout *f, uint64_t base, uint32_t h, uint32_t w, uint32_t c)
{
    memset(f, 0, sizeof *f);
    f->h = f->height0 = f->height1 = h;
    f->w = f->width0 = w;
    f->c = c;
    f->elem_bytes = 1;
    f->is_signed = (int)rnd(2);
    f->nhcwb16 = (int)rnd(2);
    f->base[0] = base;
    if (f->nhcwb16) {
        f->stride_c = (int64_t)w * 16;
        f->stride_y = f->stride_c * ((c + 15) / 16) + 16 * rnd(3);
        f->stride_x = 16;
    } else {
        f->stride_x = c + rnd(3);
        f->stride_y = f->stride_x * w + rnd(5);
    }
}

static int32_t in_range(const struct ethosu_fm_layout *f)
{
    return f->is_signed ? (int32_t)rnd(256) - 128 : (int32_t)rnd(256);
}

/* A U55/U65 operation of opcode and param, every other field 0. */
static void u55_op(struct ethosu_kop *op, uint16_t opcode, uint16_t param)
{
    memset(op, 0, sizeof *op);
    op->product = ETHOSU_CMD_U55_U65;
    op->opcode = opcode;
    op->param = param;
}

/* A random activation of acts, clip range and MIN/MAX for op's OFM. */
static void random_activation(struct ethosu_kop *op, const unsigned *acts, unsigned n_acts)
{
    static const unsigned clips[] = { ETHOSU_CLIP_OFM, ETHOSU_CLIP_UINT8, ETHOSU_CLIP_INT8 };
    op->act_fn = acts[rnd(n_acts)];
    op->clip_range = clips[rnd(3)];
    op->act_min = op->ofm.is_signed ? -128 + (int32_t)rnd(40) : (int32_t)rnd(40);
    op->act_max = op->act_min + 60 + (int32_t)rnd(200);
}

/* The packed buffers of one operation: inputs of random bytes, the OFM the
 * path writes and the one the per-element path writes. */
struct bufs {
    struct ethosu_fml_io ifm, ifm2, ofm, want;
};

static void bufs_init(struct bufs *b, const struct ethosu_kop *op)
{
    ethosu_fml_io_init(&b->ifm);
    ethosu_fml_io_init(&b->ifm2);
    ethosu_fml_io_init(&b->ofm);
    ethosu_fml_io_init(&b->want);
    ck_assert_int_eq(ethosu_fml_plan(&op->ifm, 1, &b->ifm), 0);
    if (op->has_ifm2)
        ck_assert_int_eq(ethosu_fml_plan(&op->ifm2, 1, &b->ifm2), 0);
    ck_assert_int_eq(ethosu_fml_plan(&op->ofm, 0, &b->ofm), 0);
    ck_assert_int_eq(ethosu_fml_plan(&op->ofm, 0, &b->want), 0);
    for (size_t i = 0; i < b->ifm.bytes; i++)
        b->ifm.buf[i] = (uint8_t)rnd(256);
    for (size_t i = 0; i < b->ifm2.bytes; i++)
        b->ifm2.buf[i] = (uint8_t)rnd(256);
}

static void bufs_free(struct bufs *b)
{
    ethosu_fml_io_free(&b->ifm);
    ethosu_fml_io_free(&b->ifm2);
    ethosu_fml_io_free(&b->ofm);
    ethosu_fml_io_free(&b->want);
}

/* The per-element path's packed OFM, or -1 when the golden model refuses. */
static int reference(const struct ethosu_kc_in *in0, const struct ethosu_fml_io *ifm, const struct ethosu_fml_io *ifm2,
                     struct ethosu_fml_io *ofm)
{
    const struct ethosu_kop *op = in0->op;
    size_t n = (size_t)op->ifm.h * op->ifm.w * op->ifm.c, n_out = (size_t)op->ofm.h * op->ofm.w * op->ofm.c;
    int32_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *o = malloc(n_out * sizeof *o);
    ck_assert(a && b && o);
    ethosu_fml_unpack(&op->ifm, ifm, a);
    if (op->has_ifm2)
        ethosu_fml_unpack(&op->ifm2, ifm2, b);
    struct ethosu_kc_in in = *in0;
    in.ifm = a;
    in.ifm2 = op->has_ifm2 ? b : NULL;
    char err[200];
    int rc = ethosu_kcompute(&in, o, err, sizeof err);
    if (!rc)
        ethosu_fml_pack(&op->ofm, o, ofm);
    free(a);
    free(b);
    free(o);
    return rc ? -1 : 0;
}

START_TEST(test_table_path_matches_per_element_path)
{
    static const unsigned binary_modes[] = { ETHOSU_EW_MUL, ETHOSU_EW_ADD, ETHOSU_EW_SUB, ETHOSU_EW_MIN,
                                             ETHOSU_EW_MAX, ETHOSU_EW_SHR, ETHOSU_EW_SHL };
    static const unsigned unary_modes[] = { ETHOSU_EW_LRELU, ETHOSU_EW_ABS, ETHOSU_EW_CLZ };
    /* tanh and sigmoid: refused on an 8-bit OFM, by both paths */
    static const unsigned acts[] = { ETHOSU_ACT_NONE, ETHOSU_ACT_NONE, ETHOSU_ACT_NONE, ETHOSU_ACT_NONE,
                                     ETHOSU_ACT_NONE, ETHOSU_ACT_LUT0, ETHOSU_ACT_LUT0, ETHOSU_ACT_LUT0,
                                     ETHOSU_ACT_LUT0, ETHOSU_ACT_LUT0, ETHOSU_ACT_TANH, ETHOSU_ACT_SIGMOID };
    uint8_t lut[2048];
    unsigned computed = 0, refused = 0, in_place = 0;
    rng = 20261207;
    for (unsigned t = 0; t < 600; t++) {
        for (size_t i = 0; i < sizeof lut; i++)
            lut[i] = (uint8_t)rnd(256);
        struct ethosu_kop op;
        int binary = rnd(4) != 0;
        u55_op(&op, ETHOSU_NPU_OP_ELEMENTWISE, (uint16_t)(binary ? binary_modes[rnd(7)] : unary_modes[rnd(3)]));
        op.has_ifm2 = (unsigned)binary;
        uint32_t h = 1 + rnd(6), w = 1 + rnd(9), c = 1 + rnd(40);
        layout(&op.ifm, 0x1000, h, w, c);
        layout(&op.ifm2, 0x40000, h, w, c);
        layout(&op.ofm, 0x80000, h, w, c);
        /* mostly the types the golden model's rules ask for (one type, or
         * the IFM's for the OFM): the rest checks the refusals agree */
        if (rnd(5))
            op.ifm2.is_signed = op.ifm.is_signed;
        if (rnd(4))
            op.ofm.is_signed = op.ifm.is_signed;
        op.ifm_zp = in_range(&op.ifm);
        op.ifm2_zp = in_range(&op.ifm2);
        op.ofm_zp = in_range(&op.ofm);
        op.reversed = rnd(2);
        op.ifm_scale_mode = rnd(3);
        op.round_mode = rnd(3);
        op.ifm_round_mode = rnd(2) ? 2u : 0u;   /* TFL or NATURAL */
        op.ofm_scale = 1u + rnd(1u << 30);
        op.ofm_shift = rnd(48);
        op.opa_scale = 1u + rnd(1u << 30);
        op.opa_shift = rnd(40);
        op.opb_scale = rnd(1u << 16);
        random_activation(&op, acts, 12);
        struct ethosu_kc_in in = { .op = &op, .lut = lut, .lut_len = sizeof lut };

        struct bufs b;
        bufs_init(&b, &op);
        ck_assert(ethosu_ew_bytes_applies(&op, 0, 0));

        int ref = reference(&in, &b.ifm, &b.ifm2, &b.want);
        int rc = ethosu_ew_bytes_run(&in, &b.ifm, &b.ifm2, &b.ofm);
        if (ref) {
            ck_assert_msg(rc == 1, "op %u: the golden model refuses it, the table path computed it", t);
            refused++;
        } else {
            ck_assert_msg(rc == 0, "op %u: the table path refused what the golden model computes", t);
            ck_assert_uint_eq(b.ofm.bytes, b.want.bytes);
            ck_assert_msg(!memcmp(b.ofm.buf, b.want.buf, b.want.bytes), "op %u (mode %u, act %u): OFM bytes differ", t,
                          op.param, op.act_fn);
            computed++;
            /* maps whose packed bytes are in dense order are used in place */
            in_place += op.ofm.stride_y == (int64_t)w * c && (op.ofm.nhcwb16 ? c == 16 : op.ofm.stride_x == c);
        }
        bufs_free(&b);
    }
    ck_assert_uint_gt(computed, 250);
    ck_assert_uint_gt(refused, 20);
    ck_assert_uint_gt(in_place, 10);
}
END_TEST

START_TEST(test_which_operations)
{
    struct ethosu_kop op;
    u55_op(&op, ETHOSU_NPU_OP_ELEMENTWISE, ETHOSU_EW_ADD);
    op.has_ifm2 = 1;
    op.ifm.h = op.ifm2.h = op.ofm.h = 96;
    op.ifm.w = op.ifm2.w = op.ofm.w = 96;
    op.ifm.c = op.ifm2.c = op.ofm.c = 32;
    op.ifm.elem_bytes = op.ifm2.elem_bytes = op.ofm.elem_bytes = 1;
    ck_assert(ethosu_ew_bytes_applies(&op, ETHOSU_EW_BYTES_MIN_BINARY, ETHOSU_EW_BYTES_MIN_UNARY));
    ck_assert(!ethosu_ew_bytes_applies(&op, 96u * 96u * 32u + 1u, 0));   /* too few elements */
    op.broadcast_c = 1;
    ck_assert(!ethosu_ew_bytes_applies(&op, 0, 0));
    op.broadcast_c = 0;
    op.ifm2_is_scalar = 1;
    ck_assert(!ethosu_ew_bytes_applies(&op, 0, 0));
    op.ifm2_is_scalar = 0;
    op.ofm.elem_bytes = 2;   /* a 16-bit OFM: its bytes are not one table entry */
    ck_assert(!ethosu_ew_bytes_applies(&op, 0, 0));
    op.ofm.elem_bytes = 1;
    op.ifm2.w = 1;           /* shapes differ without a broadcast: the golden model's refusal to give */
    ck_assert(!ethosu_ew_bytes_applies(&op, 0, 0));
    op.ifm2.w = 96;
    op.product = ETHOSU_CMD_U85;
    ck_assert(!ethosu_ew_bytes_applies(&op, 0, 0));
    op.product = ETHOSU_CMD_U55_U65;
    op.opcode = ETHOSU_NPU_OP_POOL;
    ck_assert(!ethosu_ew_bytes_applies(&op, 0, 0));
    op.opcode = ETHOSU_NPU_OP_ELEMENTWISE;
    op.has_ifm2 = 0;
    op.param = ETHOSU_EW_ABS;
    ck_assert(ethosu_ew_bytes_applies(&op, ETHOSU_EW_BYTES_MIN_BINARY, ETHOSU_EW_BYTES_MIN_UNARY));
}
END_TEST

/* Whether some output of op's pool has a window wholly in the padding. */
static int has_empty_window(const struct ethosu_kop *op)
{
    for (uint32_t y = 0; y < op->ofm.h; y++)
        for (uint32_t x = 0; x < op->ofm.w; x++) {
            int any = 0;
            for (uint32_t ky = 0; ky < op->kernel_h; ky++)
                for (uint32_t kx = 0; kx < op->kernel_w; kx++) {
                    int64_t yy = (int64_t)y * op->stride_y - op->pad_top + (int64_t)ky * op->dilation_y;
                    int64_t xx = (int64_t)x * op->stride_x - op->pad_left + (int64_t)kx * op->dilation_x;
                    any |= yy >= 0 && xx >= 0 && yy < op->ifm.h && xx < op->ifm.w;
                }
            if (!any)
                return 1;
        }
    return 0;
}

START_TEST(test_max_pool_bytes_match_per_element_path)
{
    static const unsigned acts[] = { ETHOSU_ACT_NONE, ETHOSU_ACT_NONE, ETHOSU_ACT_NONE, ETHOSU_ACT_NONE,
                                     ETHOSU_ACT_LUT0, ETHOSU_ACT_LUT0, ETHOSU_ACT_TANH };
    uint8_t lut[2048];
    unsigned computed = 0, refused = 0, in_place = 0, empty = 0, scaled = 0;
    rng = 20261208;
    for (unsigned t = 0; t < 600; t++) {
        for (size_t i = 0; i < sizeof lut; i++)
            lut[i] = (uint8_t)rnd(256);
        struct ethosu_kop op;
        u55_op(&op, ETHOSU_NPU_OP_POOL, ETHOSU_POOL_MAX);
        op.kernel_h = 1 + rnd(5);
        op.kernel_w = 1 + rnd(5);
        op.stride_y = 1 + rnd(3);
        op.stride_x = rnd(40) ? 1 + rnd(3) : 4;   /* 4: refused by both */
        op.dilation_y = 1 + (rnd(4) == 0);
        op.dilation_x = 1 + (rnd(4) == 0);
        /* mostly small paddings; sometimes wider than the kernel (outputs
         * whose window holds no IFM element) */
        unsigned wide = rnd(6) == 0 ? 6u : 3u;
        op.pad_top = rnd(wide + 1);
        op.pad_left = rnd(wide + 1);
        op.pad_bottom = rnd(wide + 1);
        op.pad_right = rnd(wide + 1);
        uint32_t h = 1 + rnd(12), w = 1 + rnd(12), c = 1 + rnd(40);
        int64_t eh = (int64_t)(op.kernel_h - 1) * op.dilation_y + 1, ew = (int64_t)(op.kernel_w - 1) * op.dilation_x + 1;
        int64_t oh = ((int64_t)h + op.pad_top + op.pad_bottom - eh) / op.stride_y + 1;
        int64_t ow = ((int64_t)w + op.pad_left + op.pad_right - ew) / op.stride_x + 1;
        layout(&op.ifm, 0x1000, h, w, c);
        layout(&op.ofm, 0x80000, oh < 1 ? 1 : (uint32_t)oh, ow < 1 ? 1 : (uint32_t)ow, rnd(30) ? c : c + 1);
        if (rnd(4) == 0) {   /* NHWC rows back to back: written in place */
            op.ofm.nhcwb16 = 0;
            op.ofm.stride_x = op.ofm.c;
            op.ofm.stride_y = (int64_t)op.ofm.w * op.ofm.c;
        }
        if (rnd(8))   /* the golden model's rule: one type; the rest checks the refusals agree */
            op.ofm.is_signed = op.ifm.is_signed;
        op.ifm_zp = in_range(&op.ifm);
        op.ofm_zp = in_range(&op.ofm);
        op.round_mode = rnd(3);
        op.ofm_global_scale = (int)rnd(2);
        op.ofm_scale = 1u + rnd(1u << 30);
        op.ofm_shift = 20 + rnd(24);
        random_activation(&op, acts, 7);
        struct ethosu_kc_in in = { .op = &op, .lut = lut, .lut_len = sizeof lut };

        struct bufs b;
        bufs_init(&b, &op);
        ck_assert(ethosu_pool_bytes_applies(&op, 0));

        int ref = reference(&in, &b.ifm, NULL, &b.want);
        int rc = ethosu_pool_bytes_run(&in, &b.ifm, &b.ofm);
        if (ref) {
            ck_assert_msg(rc == 1, "pool %u: the golden model refuses it, the byte path computed it", t);
            refused++;
        } else {
            ck_assert_msg(rc == 0, "pool %u: the byte path refused what the golden model computes", t);
            ck_assert_uint_eq(b.ofm.bytes, b.want.bytes);
            ck_assert_msg(!memcmp(b.ofm.buf, b.want.buf, b.want.bytes),
                          "pool %u (kernel %ux%u stride %ux%u pad t%u l%u b%u r%u, act %u): OFM bytes differ", t,
                          op.kernel_w, op.kernel_h, op.stride_x, op.stride_y, op.pad_top, op.pad_left,
                          op.pad_bottom, op.pad_right, op.act_fn);
            computed++;
            empty += (unsigned)has_empty_window(&op);
            scaled += (unsigned)op.ofm_global_scale;
            in_place += op.ofm.stride_y == (int64_t)op.ofm.w * c &&
                        (op.ofm.nhcwb16 ? c == 16 : op.ofm.stride_x == c);
        }
        bufs_free(&b);
    }
    ck_assert_uint_gt(computed, 350);
    ck_assert_uint_gt(refused, 40);
    ck_assert_uint_gt(empty, 20);
    ck_assert_uint_gt(scaled, 150);
    ck_assert_uint_gt(in_place, 60);
}
END_TEST

START_TEST(test_which_pools)
{
    struct ethosu_kop op;
    u55_op(&op, ETHOSU_NPU_OP_POOL, ETHOSU_POOL_MAX);
    op.ifm.h = op.ifm.w = 96;
    op.ifm.c = op.ofm.c = 32;
    op.ofm.h = op.ofm.w = 48;
    op.ifm.elem_bytes = op.ofm.elem_bytes = 1;
    ck_assert(ethosu_pool_bytes_applies(&op, ETHOSU_POOL_BYTES_MIN));
    ck_assert(!ethosu_pool_bytes_applies(&op, 96u * 96u * 32u + 1u));   /* too few elements */
    op.param = ETHOSU_POOL_AVERAGE;
    ck_assert(!ethosu_pool_bytes_applies(&op, 0));
    op.param = ETHOSU_POOL_MAX;
    op.upscale = 1;
    ck_assert(!ethosu_pool_bytes_applies(&op, 0));
    op.upscale = 0;
    op.ifm.elem_bytes = 2;
    ck_assert(!ethosu_pool_bytes_applies(&op, 0));
    op.ifm.elem_bytes = 1;
    op.ofm.elem_bytes = 4;
    ck_assert(!ethosu_pool_bytes_applies(&op, 0));
    op.ofm.elem_bytes = 1;
    op.product = ETHOSU_CMD_U85;
    ck_assert(!ethosu_pool_bytes_applies(&op, 0));
    op.product = ETHOSU_CMD_U55_U65;
    op.opcode = ETHOSU_NPU_OP_ELEMENTWISE;
    ck_assert(!ethosu_pool_bytes_applies(&op, 0));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ethosu_byte_paths");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_table_path_matches_per_element_path);
    tcase_add_test(tc, test_which_operations);
    tcase_add_test(tc, test_max_pool_bytes_match_per_element_path);
    tcase_add_test(tc, test_which_pools);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
