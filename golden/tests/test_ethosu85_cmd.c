/* Unit tests for the Ethos-U85 command stream (command stream 2.0) in ethosu_cmd: its table
 * selected by product, hand-built words for each command kind the U85 adds or changes, the
 * commands the two products number differently, malformed words, and a real stream Vela 5.2
 * compiled for ethos-u85-256 (a broadcast ADD, k_add_broadcast_i8) decoded without an unknown
 * opcode and compared with Vela's own listing when it was taken (see docs/ethos-u.md). */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_cmd.h"

#define U85 ETHOSU_CMD_U85
#define U65 ETHOSU_CMD_U55_U65

static char *disasm_str(enum ethosu_cmd_product p, const uint32_t *w, size_t n)
{
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(ethosu_cmd_disasm_for(p, w, n, f), 0);
    long len = ftell(f);
    ck_assert_int_ge(len, 0);
    char *s = malloc((size_t)len + 1);
    ck_assert_ptr_nonnull(s);
    rewind(f);
    ck_assert_uint_eq(fread(s, 1, (size_t)len, f), (size_t)len);
    s[len] = 0;
    fclose(f);
    return s;
}

/* One hand-built command: its words, its name, one of its fields and that field's value, and
 * a piece of its text form. */
struct hand {
    uint32_t w[2];
    int nw;
    const char *name;
    const char *field; /* NULL: the param is a plain number */
    long value;
    const char *text;
};

static const struct hand hands[] = {
    /* operations */
    { { 0x00020007 }, 1, "NPU_OP_RESIZE", "resize_mode", 2, "resize_mode=2" },
    { { 0x00014100, 0x00000040 }, 2, "NPU_OP_BRANCH", "branch_cond", 1, "branch_cond=1 0x00000040  # 64" },
    { { 0x00010002 }, 1, "NPU_OP_CONV", "weights_ifm2", 1, "weights_ifm2=1" },
    /* broadcast of either input, the scalar operand */
    { { 0x00080108 }, 1, "NPU_SET_IFM_BROADCAST", "broadcast_mode", 8, "broadcast_mode=8" },
    { { 0x00070180 }, 1, "NPU_SET_IFM2_BROADCAST", "broadcast_mode", 7, "broadcast_mode=7" },
    { { 0x00004027, 0xFFFFFF80 }, 2, "NPU_SET_OP_SCALAR", NULL, 0, "0 0xFFFFFF80  # 4294967168" },
    /* input and output scales: shift 5, double rounding 3, rounding mode */
    { { 0x20C54025, 0x40000000 }, 2, "NPU_SET_IFM_SCALE", "dbl_rnd", 3,
      "shift=5 dbl_rnd=3 round_mode=1 0x40000000  # 1073741824" },
    { { 0x20C54026, 0x00000001 }, 2, "NPU_SET_IFM2_SCALE", "round_mode", 1, "shift=5 dbl_rnd=3 round_mode=1" },
    { { 0xA0264024, 0x00000003 }, 2, "NPU_SET_OFM_SCALE", "round_mode", 5, "shift=38 dbl_rnd=0 round_mode=5" },
    /* four weight streams and their format */
    { { 0x00004020, 0x00000100 }, 2, "NPU_SET_WEIGHT_BASE", NULL, 0, "0 0x00000100  # 256" },
    { { 0x00004091, 0x00000200 }, 2, "NPU_SET_WEIGHT1_LENGTH", NULL, 0, "0 0x00000200  # 512" },
    { { 0x00014092, 0x00000010 }, 2, "NPU_SET_WEIGHT2_BASE", NULL, 0, "1 0x00000010  # 4294967312" },
    { { 0x00004095, 0x00000030 }, 2, "NPU_SET_WEIGHT3_LENGTH", NULL, 0, "# 48" },
    { { 0x0011012E }, 1, "NPU_SET_WEIGHT_FORMAT", "weight_sparsity", 1, "weight_format=1 weight_sparsity=1" },
    /* DMA: index-driven gather, separate strides */
    { { 0x00020134 }, 1, "NPU_SET_DMA0_IDX_REGION", "region", 2, "region=2" },
    { { 0x0D010130 }, 1, "NPU_SET_DMA0_SRC_REGION", "stride_mode", 2,
      "region=1 region_mode=1 stride_mode=2 idx_mode=1" },
    { { 0x08020131 }, 1, "NPU_SET_DMA0_DST_REGION", "idx_mode", 1, "region=2 region_mode=0 idx_mode=1" },
    { { 0x00004037, 0x00000400 }, 2, "NPU_SET_DMA0_IDX", NULL, 0, "# 1024" },
    { { 0x00004038, 0x0000000F }, 2, "NPU_SET_DMA0_IDX_MAX", NULL, 0, "# 15" },
    { { 0x00FF4039, 0xFFFFFFF0 }, 2, "NPU_SET_DMA0_IDX_SKIP1", NULL, 0, "255 0xFFFFFFF0  # -16" },
    { { 0x00004033, 0x00000040 }, 2, "NPU_SET_DMA0_SRC_STRIDE0", NULL, 0, "# 64" },
    { { 0x00FF4036, 0xFFFFFF00 }, 2, "NPU_SET_DMA0_DST_STRIDE1", NULL, 0, "# -256" },
    /* resize state */
    { { 0x03FF012A }, 1, "NPU_SET_RESIZE_X_SCALE_N_M1", "scale_n_m1", 1023, "scale_n_m1=1023" },
    { { 0x0001012B }, 1, "NPU_SET_RESIZE_Y_SCALE_N_M1", "scale_n_m1", 1, "scale_n_m1=1" },
    { { 0x0FFF012C }, 1, "NPU_SET_RESIZE_X_OFFSET", "offset", 4095, "offset=4095" },
    { { 0x0FFF012D }, 1, "NPU_SET_RESIZE_Y_OFFSET", "offset", 4095, "offset=4095" },
    { { 0x06424096, 0x00070005 }, 2, "NPU_SET_RESIZE_X", "blk_step_int", 100,
      "one_step_int=2 blk_step_int=100 0x00070005" },
    { { 0x00014097, 0x00000000 }, 2, "NPU_SET_RESIZE_Y", "one_step_int", 1, "one_step_int=1 blk_step_int=0" },
    /* chaining: accumulator input/output, chained storage of the IFM */
    { { 0x03620124 }, 1, "NPU_SET_ACC_FORMAT", "acc_input", 2,
      "acc_format=2 acc_input=2 acc_output=1 microblock=3" },
    { { 0x80010105 }, 1, "NPU_SET_IFM_PRECISION", "activation_storage", 2,
      "activation_type=1 activation_precision=0 activation_format=0 activation_storage=2" },
    { { 0x40000185 }, 1, "NPU_SET_IFM2_PRECISION", "activation_storage", 1, "activation_storage=1" },
    /* OFM reverse and transpose */
    { { 0x2A000114 }, 1, "NPU_SET_OFM_PRECISION", "activation_transpose", 5,
      "scale_mode=0 activation_reverse=1 activation_transpose=5 activation_storage=0" },
    /* activation: 5-bit function and a table number */
    { { 0x10700125 }, 1, "NPU_SET_ACTIVATION", "table", 3,
      "activation_function=16 table=3 activation_clip_range=1" },
    { { 0x0003012F }, 1, "NPU_SET_BLOCKDEP", "blockdep", 3, "blockdep=3" },
};

START_TEST(test_hand_built)
{
    for (size_t i = 0; i < sizeof hands / sizeof hands[0]; i++) {
        const struct hand *h = &hands[i];
        struct ethosu_cmd c;
        ck_assert_int_eq(ethosu_cmd_decode_for(U85, h->w, 2, &c), h->nw);
        ck_assert_int_eq(c.is_cmd1, h->nw == 2);
        ck_assert_str_eq(ethosu_cmd_name_for(U85, c.opcode, c.is_cmd1), h->name);
        if (h->field)
            ck_assert_int_eq(ethosu_cmd_field_get_for(U85, &c, h->field), h->value);
        else
            ck_assert_uint_eq(ethosu_cmd_fields_for(U85, c.opcode, NULL), 0);
        /* encode gives the same words */
        uint32_t back[2] = { 0, 0 };
        ck_assert_int_eq(ethosu_cmd_encode(&c, back), h->nw);
        ck_assert_mem_eq(back, h->w, (size_t)h->nw * sizeof back[0]);
        /* disassembly shows the name and the fields; assembling it gives the words back */
        char *s = disasm_str(U85, h->w, (size_t)h->nw);
        ck_assert_msg(strncmp(s, h->name, strlen(h->name)) == 0 && strstr(s, h->text), "%s: %s", h->name, s);
        ck_assert_ptr_null(strstr(s, ".word"));
        uint32_t *w = NULL;
        size_t n = 0;
        char err[256];
        ck_assert_msg(ethosu_cmd_asm_for(U85, s, strlen(s), "t", &w, &n, err, sizeof err) == 0, "%s", err);
        ck_assert_uint_eq(n, (size_t)h->nw);
        ck_assert_mem_eq(w, h->w, n * sizeof w[0]);
        free(w);
        free(s);
    }
}
END_TEST

START_TEST(test_table)
{
    /* 111 commands (63 cmd0, 48 cmd1), each once, each round-trips through name and words */
    ck_assert_uint_eq(ethosu_cmd_count_for(U85), 111);
    size_t ncmd1 = 0;
    for (size_t i = 0; i < ethosu_cmd_count_for(U85); i++) {
        uint16_t op = ethosu_cmd_opcode_at_for(U85, i), op2;
        int cmd1;
        ncmd1 += (op & ETHOSU_CMD1_FLAG) != 0;
        ck_assert_uint_eq(op & 0x3C00u, 0); /* bits 13:10 stay zero */
        for (size_t j = 0; j < i; j++)
            ck_assert_uint_ne(ethosu_cmd_opcode_at_for(U85, j), op);
        const char *name = ethosu_cmd_name_for(U85, op, 0);
        ck_assert_ptr_nonnull(name);
        ck_assert_int_eq(ethosu_cmd_lookup_for(U85, name, &op2, &cmd1), 0);
        ck_assert_uint_eq(op2, op);
        ck_assert_int_eq(cmd1, (op & ETHOSU_CMD1_FLAG) != 0);
        /* a field list covers distinct bits */
        const struct ethosu_cmd_field *f;
        size_t nf = ethosu_cmd_fields_for(U85, op, &f);
        uint32_t seen = 0;
        for (size_t k = 0; k < nf; k++) {
            uint32_t m = ((1u << f[k].width) - 1u) << f[k].lsb;
            ck_assert_uint_le(f[k].lsb + f[k].width, 16);
            ck_assert_uint_eq(seen & m, 0);
            seen |= m;
        }
    }
    ck_assert_uint_eq(ncmd1, 48);
    ck_assert_uint_eq(ethosu_cmd_opcode_at_for(U85, 111), 0xFFFF);
    /* the U55/U65 table is untouched */
    ck_assert_uint_eq(ethosu_cmd_count_for(U65), ethosu_cmd_count());
}
END_TEST

START_TEST(test_products_differ)
{
    /* the same opcode, different commands */
    ck_assert_str_eq(ethosu_cmd_name_for(U85, 0x012D, 0), "NPU_SET_RESIZE_Y_OFFSET");
    ck_assert_str_eq(ethosu_cmd_name_for(U65, 0x012D, 0), "NPU_SET_AB_START");
    ck_assert_str_eq(ethosu_cmd_name_for(U85, 0x4025, 0), "NPU_SET_IFM_SCALE");
    ck_assert_str_eq(ethosu_cmd_name(0x4025, 0), "NPU_SET_OPA_SCALE");
    ck_assert_str_eq(ethosu_cmd_name_for(U85, 0x4033, 0), "NPU_SET_DMA0_SRC_STRIDE0");
    ck_assert_str_eq(ethosu_cmd_name(0x4033, 0), "NPU_SET_DMA0_SKIP0");
    ck_assert_str_eq(ethosu_cmd_name_for(U85, 0x4092, 0), "NPU_SET_WEIGHT2_BASE");
    ck_assert_str_eq(ethosu_cmd_name(0x4092, 0), "NPU_SET_SCALE1_BASE");
    /* gone in the U85 */
    static const uint16_t u65_only[] = { 0x010D, 0x0123, 0x0181, 0x018D };
    for (size_t i = 0; i < sizeof u65_only / sizeof u65_only[0]; i++) {
        ck_assert(ethosu_cmd_known(u65_only[i]));
        ck_assert(!ethosu_cmd_known_for(U85, u65_only[i]));
    }
    /* new in the U85 */
    static const uint16_t u85_only[] = { 0x0007, 0x0108, 0x012E, 0x0134, 0x4027, 0x4037, 0x4095, 0x4100 };
    for (size_t i = 0; i < sizeof u85_only / sizeof u85_only[0]; i++) {
        ck_assert(ethosu_cmd_known_for(U85, u85_only[i]));
        ck_assert(!ethosu_cmd_known(u85_only[i]));
    }
    /* the precision commands' fields differ */
    struct ethosu_cmd c = { 0x0105, 0, 0xC001, 0 };
    ck_assert_int_eq(ethosu_cmd_field_get_for(U85, &c, "activation_storage"), 3);
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "activation_storage"), -1);
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "round_mode"), 3);
    /* product names */
    enum ethosu_cmd_product p = U65;
    ck_assert_int_eq(ethosu_cmd_product_parse("u85", &p), 0);
    ck_assert_int_eq(p, U85);
    ck_assert_int_eq(ethosu_cmd_product_parse("ethos-u65-256", &p), 0);
    ck_assert_int_eq(p, U65);
    ck_assert_int_eq(ethosu_cmd_product_parse("ethos-u85-2048", &p), 0);
    ck_assert_int_eq(p, U85);
    ck_assert_int_eq(ethosu_cmd_product_parse("u55", &p), 0);
    ck_assert_int_eq(p, U65);
    ck_assert_int_eq(ethosu_cmd_product_parse("u75", &p), -1);
    ck_assert_int_eq(ethosu_cmd_product_parse("u8", &p), -1);
    ck_assert_int_eq(ethosu_cmd_product_parse("", &p), -1);
}
END_TEST

START_TEST(test_malformed)
{
    /* a U55/U65-only command inside a U85 stream: refused at its word with the reason */
    const uint32_t s1[] = { 0x0000012F, 0x00004027, 0x00000005, 0x0003010D, 0x00000000 };
    size_t at = 99;
    const char *why = NULL;
    ck_assert_int_eq(ethosu_cmd_check_for(U85, s1, 5, &at, &why), -1);
    ck_assert_uint_eq(at, 3);
    ck_assert_str_eq(why, "reserved opcode");
    struct ethosu_cmd c;
    ck_assert_int_eq(ethosu_cmd_decode_for(U85, s1 + 3, 2, &c), -1);
    ck_assert_uint_eq(c.opcode, 0x010D);
    ck_assert_uint_eq(c.param, 3);
    /* the reserved formats and must-be-zero bits */
    const uint32_t bad[] = { 0x00008000, 0x0000C000, 0x00000407, 0x00004500, 0x00000004 };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_int_eq(ethosu_cmd_decode_for(U85, bad + i, 1, &c), -1);
    /* a cmd1 without its payload at the end */
    const uint32_t s2[] = { 0x00000007, 0x00004100 };
    ck_assert_int_eq(ethosu_cmd_check_for(U85, s2, 2, &at, &why), -1);
    ck_assert_uint_eq(at, 1);
    ck_assert_str_eq(why, "cmd1 without its payload word");
    /* the disassembler keeps them as raw words with the reason */
    char *s = disasm_str(U85, s1, 5);
    ck_assert_ptr_nonnull(strstr(s, "0x0003010D  # reserved opcode 0x010D\n"));
    ck_assert_ptr_nonnull(strstr(s, "NPU_SET_OP_SCALAR          0 0x00000005  # 5\n"));
    free(s);
    s = disasm_str(U85, s2, 2);
    ck_assert_ptr_nonnull(strstr(s, "# cmd1 without its payload word 0x4100"));
    free(s);
    /* the assembler refuses U55/U65 names and out-of-range fields for the U85 */
    uint32_t *w = NULL;
    size_t n;
    char err[256];
    const char *t1 = "NPU_SET_AB_START 4\n";
    ck_assert_int_eq(ethosu_cmd_asm_for(U85, t1, strlen(t1), "u.txt", &w, &n, err, sizeof err), -1);
    ck_assert_str_eq(err, "u.txt:1: unknown command 'NPU_SET_AB_START'");
    const char *t2 = "NPU_OP_RESIZE resize_mode=4\n";
    ck_assert_int_eq(ethosu_cmd_asm_for(U85, t2, strlen(t2), "u.txt", &w, &n, err, sizeof err), -1);
    ck_assert_str_eq(err, "u.txt:1: NPU_OP_RESIZE: resize_mode=4 out of range 0..3");
    ck_assert_int_eq(ethosu_cmd_asm(t2, strlen(t2), "u.txt", &w, &n, err, sizeof err), -1);
    ck_assert_str_eq(err, "u.txt:1: unknown command 'NPU_OP_RESIZE'");
    ck_assert_ptr_null(w);
}
END_TEST

/* Vela 5.2, k_add_broadcast_i8 (one broadcast ADD of two int8 tensors) compiled for
 * ethos-u85-256: the register command stream without the driver's 8-word header. */
static const uint32_t vela_add_broadcast[] = {
    0x0000012F, 0x050D4025, 0x55984122, 0x050B4026, 0x40000000, 0x00324024,
    0x60191AE7, 0x00010105, 0x0001010F, 0x00004000, 0x00000000, 0x00004001,
    0x00000000, 0x00004002, 0x00000000, 0x00004003, 0x00000000, 0x0006010B,
    0x0006010C, 0x0008010A, 0x00140104, 0x00004005, 0x000000BD, 0x00004004,
    0x00000015, 0x00004006, 0x00000001, 0x00000109, 0x00000107, 0x01010114,
    0x0001011F, 0x00004010, 0x00000000, 0x00004011, 0x00000000, 0x00004012,
    0x00000000, 0x00004013, 0x00000000, 0x00060112, 0x00080111, 0x00140113,
    0x0006011B, 0x0006011C, 0x0008011A, 0x00004015, 0x000000BD, 0x00004014,
    0x00000015, 0x00004016, 0x00000001, 0x00000118, 0x00000125, 0xFF800126,
    0x007F0127, 0x00010185, 0x0001018F, 0x00004080, 0x00000530, 0x00004081,
    0x00000000, 0x00004082, 0x00000000, 0x00004083, 0x00000000, 0x0000018B,
    0x0000018C, 0x0008018A, 0x00004085, 0x00000009, 0x00004084, 0x00000001,
    0x00004086, 0x00000001, 0x00000189, 0x00000108, 0x00050180, 0x00070116,
    0x00070115, 0x001F0117, 0x03000124, 0x00010006, 0xFFFF0000,
};

START_TEST(test_vela_stream)
{
    size_t n = sizeof vela_add_broadcast / sizeof vela_add_broadcast[0], at;
    const char *why;
    ck_assert_uint_eq(n, 83);
    ck_assert_int_eq(ethosu_cmd_check_for(U85, vela_add_broadcast, n, &at, &why), 0);
    /* the U55/U65 table stops at the first U85-only command, NPU_SET_IFM_BROADCAST */
    ck_assert_int_eq(ethosu_cmd_check_for(U65, vela_add_broadcast, n, &at, &why), -1);
    ck_assert_uint_eq(at, 75);
    char *s = disasm_str(U85, vela_add_broadcast, n);
    ck_assert_ptr_null(strstr(s, ".word"));
    /* 59 commands as Vela lists them, among them the ADD and the broadcast of the IFM2 */
    size_t lines = 0;
    for (const char *p = s; *p; p++)
        lines += *p == '\n';
    ck_assert_uint_eq(lines, 59);
    ck_assert_ptr_nonnull(strstr(s, "NPU_OP_ELEMENTWISE         elementwise_mode=1\n"));
    ck_assert_ptr_nonnull(strstr(s, "NPU_SET_IFM_BROADCAST"));
    ck_assert_ptr_nonnull(strstr(s, "NPU_SET_IFM2_SCALE"));
    ck_assert_ptr_nonnull(strstr(s, "NPU_OP_STOP                mask=65535\n"));
    /* the text assembles back to the same words */
    uint32_t *w = NULL;
    size_t n2;
    char err[256];
    ck_assert_msg(ethosu_cmd_asm_for(U85, s, strlen(s), "vela", &w, &n2, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(n2, n);
    ck_assert_mem_eq(w, vela_add_broadcast, n * sizeof w[0]);
    free(w);
    free(s);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu85_cmd");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_hand_built);
    tcase_add_test(tc, test_table);
    tcase_add_test(tc, test_products_differ);
    tcase_add_test(tc, test_malformed);
    tcase_add_test(tc, test_vela_stream);
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
