/* Unit tests for ethosu_cmd: the Ethos-U65 command stream codec and its text form.
 *
 * The opcode list below is transcribed from the TRM cmd0/cmd1 tables (4.6.4, 4.6.5) on its own,
 * independently of the library's table. The two example streams are the TRM's Conv2D and
 * MaxPool examples (4.6): codes, command names and cmd1 payloads as the TRM prints them. The
 * TRM's Param column of both examples is illegible in the OCR'd text (except the MaxPool
 * values 15, 15, 128, 7 and the final 65535); the cmd0 params here are worked out from the
 * networks the examples describe, and marked "(reconstructed)". */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_cmd.h"

struct op {
    uint16_t code;
    const char *name;
};

/* Every command of the TRM tables: code = bits [15:0] of word 0 (cmd1 with 0x4000). */
static const struct op trm_ops[] = {
    { 0x0000, "NPU_OP_STOP" }, { 0x0001, "NPU_OP_IRQ" }, { 0x0002, "NPU_OP_CONV" },
    { 0x0003, "NPU_OP_DEPTHWISE" }, { 0x0005, "NPU_OP_POOL" }, { 0x0006, "NPU_OP_ELEMENTWISE" },
    { 0x0010, "NPU_OP_DMA_START" }, { 0x0011, "NPU_OP_DMA_WAIT" }, { 0x0012, "NPU_OP_KERNEL_WAIT" },
    { 0x0013, "NPU_OP_PMU_MASK" },
    { 0x0100, "NPU_SET_IFM_PAD_TOP" }, { 0x0101, "NPU_SET_IFM_PAD_LEFT" },
    { 0x0102, "NPU_SET_IFM_PAD_RIGHT" }, { 0x0103, "NPU_SET_IFM_PAD_BOTTOM" },
    { 0x0104, "NPU_SET_IFM_DEPTH_M1" }, { 0x0105, "NPU_SET_IFM_PRECISION" },
    { 0x0107, "NPU_SET_IFM_UPSCALE" }, { 0x0109, "NPU_SET_IFM_ZERO_POINT" },
    { 0x010A, "NPU_SET_IFM_WIDTH0_M1" }, { 0x010B, "NPU_SET_IFM_HEIGHT0_M1" },
    { 0x010C, "NPU_SET_IFM_HEIGHT1_M1" }, { 0x010D, "NPU_SET_IFM_IB_END" },
    { 0x010F, "NPU_SET_IFM_REGION" }, { 0x0111, "NPU_SET_OFM_WIDTH_M1" },
    { 0x0112, "NPU_SET_OFM_HEIGHT_M1" }, { 0x0113, "NPU_SET_OFM_DEPTH_M1" },
    { 0x0114, "NPU_SET_OFM_PRECISION" }, { 0x0115, "NPU_SET_OFM_BLK_WIDTH_M1" },
    { 0x0116, "NPU_SET_OFM_BLK_HEIGHT_M1" }, { 0x0117, "NPU_SET_OFM_BLK_DEPTH_M1" },
    { 0x0118, "NPU_SET_OFM_ZERO_POINT" }, { 0x011A, "NPU_SET_OFM_WIDTH0_M1" },
    { 0x011B, "NPU_SET_OFM_HEIGHT0_M1" }, { 0x011C, "NPU_SET_OFM_HEIGHT1_M1" },
    { 0x011F, "NPU_SET_OFM_REGION" }, { 0x0120, "NPU_SET_KERNEL_WIDTH_M1" },
    { 0x0121, "NPU_SET_KERNEL_HEIGHT_M1" }, { 0x0122, "NPU_SET_KERNEL_STRIDE" },
    { 0x0123, "NPU_SET_PARALLEL_MODE" }, { 0x0124, "NPU_SET_ACC_FORMAT" },
    { 0x0125, "NPU_SET_ACTIVATION" }, { 0x0126, "NPU_SET_ACTIVATION_MIN" },
    { 0x0127, "NPU_SET_ACTIVATION_MAX" }, { 0x0128, "NPU_SET_WEIGHT_REGION" },
    { 0x0129, "NPU_SET_SCALE_REGION" }, { 0x012D, "NPU_SET_AB_START" },
    { 0x012F, "NPU_SET_BLOCKDEP" }, { 0x0130, "NPU_SET_DMA0_SRC_REGION" },
    { 0x0131, "NPU_SET_DMA0_DST_REGION" }, { 0x0132, "NPU_SET_DMA0_SIZE0" },
    { 0x0133, "NPU_SET_DMA0_SIZE1" }, { 0x0180, "NPU_SET_IFM2_BROADCAST" },
    { 0x0181, "NPU_SET_IFM2_SCALAR" }, { 0x0185, "NPU_SET_IFM2_PRECISION" },
    { 0x0189, "NPU_SET_IFM2_ZERO_POINT" }, { 0x018A, "NPU_SET_IFM2_WIDTH0_M1" },
    { 0x018B, "NPU_SET_IFM2_HEIGHT0_M1" }, { 0x018C, "NPU_SET_IFM2_HEIGHT1_M1" },
    { 0x018D, "NPU_SET_IFM2_IB_START" }, { 0x018F, "NPU_SET_IFM2_REGION" },
    { 0x4000, "NPU_SET_IFM_BASE0" }, { 0x4001, "NPU_SET_IFM_BASE1" },
    { 0x4002, "NPU_SET_IFM_BASE2" }, { 0x4003, "NPU_SET_IFM_BASE3" },
    { 0x4004, "NPU_SET_IFM_STRIDE_X" }, { 0x4005, "NPU_SET_IFM_STRIDE_Y" },
    { 0x4006, "NPU_SET_IFM_STRIDE_C" }, { 0x4010, "NPU_SET_OFM_BASE0" },
    { 0x4011, "NPU_SET_OFM_BASE1" }, { 0x4012, "NPU_SET_OFM_BASE2" },
    { 0x4013, "NPU_SET_OFM_BASE3" }, { 0x4014, "NPU_SET_OFM_STRIDE_X" },
    { 0x4015, "NPU_SET_OFM_STRIDE_Y" }, { 0x4016, "NPU_SET_OFM_STRIDE_C" },
    { 0x4020, "NPU_SET_WEIGHT_BASE" }, { 0x4021, "NPU_SET_WEIGHT_LENGTH" },
    { 0x4022, "NPU_SET_SCALE_BASE" }, { 0x4023, "NPU_SET_SCALE_LENGTH" },
    { 0x4024, "NPU_SET_OFM_SCALE" }, { 0x4025, "NPU_SET_OPA_SCALE" },
    { 0x4026, "NPU_SET_OPB_SCALE" }, { 0x4030, "NPU_SET_DMA0_SRC" },
    { 0x4031, "NPU_SET_DMA0_DST" }, { 0x4032, "NPU_SET_DMA0_LEN" },
    { 0x4033, "NPU_SET_DMA0_SKIP0" }, { 0x4034, "NPU_SET_DMA0_SKIP1" },
    { 0x4080, "NPU_SET_IFM2_BASE0" }, { 0x4081, "NPU_SET_IFM2_BASE1" },
    { 0x4082, "NPU_SET_IFM2_BASE2" }, { 0x4083, "NPU_SET_IFM2_BASE3" },
    { 0x4084, "NPU_SET_IFM2_STRIDE_X" }, { 0x4085, "NPU_SET_IFM2_STRIDE_Y" },
    { 0x4086, "NPU_SET_IFM2_STRIDE_C" }, { 0x4090, "NPU_SET_WEIGHT1_BASE" },
    { 0x4091, "NPU_SET_WEIGHT1_LENGTH" }, { 0x4092, "NPU_SET_SCALE1_BASE" },
    { 0x4093, "NPU_SET_SCALE1_LENGTH" },
};
#define N_TRM_OPS (sizeof trm_ops / sizeof trm_ops[0])

static int in_trm(uint16_t code)
{
    for (size_t i = 0; i < N_TRM_OPS; i++)
        if (trm_ops[i].code == code)
            return 1;
    return 0;
}

/* Disassembly into a malloc'd string. */
static char *disasm_str(const uint32_t *w, size_t n)
{
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(ethosu_cmd_disasm(w, n, f), 0);
    long len = ftell(f);
    ck_assert_int_ge(len, 0);
    char *s = malloc((size_t)len + 1);
    rewind(f);
    ck_assert_uint_eq(fread(s, 1, (size_t)len, f), (size_t)len);
    s[len] = 0;
    fclose(f);
    return s;
}

static uint32_t *asm_ok(const char *text, size_t *n)
{
    uint32_t *w = NULL;
    char err[256];
    int rc = ethosu_cmd_asm(text, strlen(text), "t.txt", &w, n, err, sizeof err);
    ck_assert_msg(rc == 0, "asm failed: %s", err);
    return w;
}

/* The error message of assembling text (asserts that it fails). */
static const char *asm_err(const char *text)
{
    static char err[256];
    uint32_t *w = (uint32_t *)1;
    size_t n = 7;
    int rc = ethosu_cmd_asm(text, strlen(text), "bad.txt", &w, &n, err, sizeof err);
    ck_assert_msg(rc == -1, "asm of '%s' did not fail", text);
    ck_assert_ptr_null(w);
    ck_assert_uint_eq(n, 0);
    return err;
}

START_TEST(test_names_and_lookup)
{
    ck_assert_uint_eq(ethosu_cmd_count(), N_TRM_OPS);
    for (size_t i = 0; i < N_TRM_OPS; i++) {
        uint16_t code = trm_ops[i].code;
        int cmd1 = (code & 0x4000) != 0;
        const char *nm = ethosu_cmd_name(code, cmd1);
        ck_assert_msg(nm && strcmp(nm, trm_ops[i].name) == 0, "0x%04x: %s", code, nm ? nm : "NULL");
        /* cmd1 by table number (0x000-0x0FF) with is_cmd1 set */
        if (cmd1)
            ck_assert_str_eq(ethosu_cmd_name(code & 0x3FF, 1), trm_ops[i].name);
        uint16_t op = 0xFFFF;
        int is1 = -1;
        ck_assert_int_eq(ethosu_cmd_lookup(trm_ops[i].name, &op, &is1), 0);
        ck_assert_uint_eq(op, code);
        ck_assert_int_eq(is1, cmd1);
        ck_assert(ethosu_cmd_known(code));
        ck_assert(in_trm(ethosu_cmd_opcode_at(i)));
    }
    uint16_t op;
    int is1;
    ck_assert_int_eq(ethosu_cmd_lookup("npu_set_dma0_len", &op, &is1), 0); /* any case */
    ck_assert_uint_eq(op, ETHOSU_NPU_SET_DMA0_LEN);
    ck_assert_int_eq(ethosu_cmd_lookup("NPU_SET_DMA0", &op, &is1), -1);
    ck_assert_int_eq(ethosu_cmd_lookup("NPU_SET_DMA0_LENX", &op, &is1), -1);
    ck_assert_int_eq(ethosu_cmd_lookup("", &op, &is1), -1);
    ck_assert_int_eq(ethosu_cmd_lookup(NULL, &op, &is1), -1);
    /* the named constants the command processor uses */
    ck_assert_uint_eq(ETHOSU_NPU_OP_IRQ, 0x001);
    ck_assert_uint_eq(ETHOSU_NPU_OP_DMA_START, 0x010);
    ck_assert_uint_eq(ETHOSU_NPU_OP_KERNEL_WAIT, 0x012);
    ck_assert_uint_eq(ETHOSU_NPU_SET_DMA0_SRC_REGION, 0x130);
    ck_assert_uint_eq(ETHOSU_NPU_SET_DMA0_SIZE1, 0x133);
    ck_assert_uint_eq(ETHOSU_NPU_SET_DMA0_SRC, 0x4030);
    ck_assert_uint_eq(ETHOSU_NPU_SET_DMA0_SKIP1, 0x4034);
}
END_TEST

START_TEST(test_encode_decode_all)
{
    static const uint16_t params[] = { 0, 1, 0x00FF, 0x1234, 0x8000, 0xFFFF };
    static const uint32_t payloads[] = { 0, 1, 0x000002E0, 0x80000000u, 0xFFFFFFFFu };
    for (size_t i = 0; i < N_TRM_OPS; i++) {
        uint16_t code = trm_ops[i].code;
        int cmd1 = (code & 0x4000) != 0;
        for (size_t p = 0; p < sizeof params / sizeof params[0]; p++)
            for (size_t q = 0; q < (cmd1 ? sizeof payloads / sizeof payloads[0] : 1); q++) {
                struct ethosu_cmd c = { code, cmd1, params[p], cmd1 ? payloads[q] : 0 }, d;
                uint32_t w[3] = { 0, 0xDEADBEEF, 0xDEADBEEF };
                int nw = ethosu_cmd_encode(&c, w);
                ck_assert_int_eq(nw, cmd1 ? 2 : 1);
                /* word 0: param in [31:16], code in [15:0]; word 1 the payload */
                ck_assert_uint_eq(w[0], (uint32_t)params[p] << 16 | code);
                if (cmd1)
                    ck_assert_uint_eq(w[1], payloads[q]);
                else
                    ck_assert_uint_eq(w[1], 0xDEADBEEF);
                memset(&d, 0x55, sizeof d);
                ck_assert_int_eq(ethosu_cmd_decode(w, 3, &d), nw);
                ck_assert_uint_eq(d.opcode, code);
                ck_assert_int_eq(d.is_cmd1, cmd1);
                ck_assert_uint_eq(d.param, params[p]);
                ck_assert_uint_eq(d.payload, c.payload);
                ck_assert_int_eq(ethosu_cmd_decode(w, (size_t)nw, &d), nw);
            }
    }
    /* is_cmd1 set with the table number: the 0x4000 format bit is added */
    struct ethosu_cmd c = { 0x032, 1, 0, 736 };
    uint32_t w[2];
    ck_assert_int_eq(ethosu_cmd_encode(&c, w), 2);
    ck_assert_uint_eq(w[0], 0x00004032);
    ck_assert_uint_eq(w[1], 736);
}
END_TEST

START_TEST(test_reserved)
{
    /* every 16-bit opcode outside the TRM tables, with any param */
    int nres = 0;
    for (uint32_t code = 0; code <= 0xFFFF; code++) {
        uint32_t w[2] = { 0xABCD0000u | code, 0 };
        struct ethosu_cmd c;
        int rc = ethosu_cmd_decode(w, 2, &c);
        if (in_trm((uint16_t)code)) {
            ck_assert_int_gt(rc, 0);
            continue;
        }
        nres++;
        ck_assert_msg(rc == -1, "0x%04x decodes to %d", code, rc);
        ck_assert_uint_eq(c.opcode, code); /* still reported */
        ck_assert_uint_eq(c.param, 0xABCD);
        ck_assert_ptr_null(ethosu_cmd_name((uint16_t)code, (code & 0x4000) != 0));
        ck_assert(!ethosu_cmd_known((uint16_t)code));
    }
    ck_assert_int_eq(nres, 65536 - (int)N_TRM_OPS);
    /* holes of the tables, the must-be-zero bits 13:10 and the reserved formats 0b10/0b11 */
    static const uint16_t holes[] = { 0x004, 0x007, 0x014, 0x0FF, 0x106, 0x108, 0x10E, 0x110,
                                      0x119, 0x11D, 0x11E, 0x12A, 0x12E, 0x134, 0x17F, 0x182,
                                      0x186, 0x18E, 0x190, 0x3FF, 0x4007, 0x400F, 0x4027, 0x4035,
                                      0x407F, 0x4087, 0x4094, 0x0400, 0x2000, 0x4400, 0x8000,
                                      0xC030, 0x8130 };
    for (size_t i = 0; i < sizeof holes / sizeof holes[0]; i++) {
        uint32_t w[2] = { holes[i], 0 };
        struct ethosu_cmd c;
        ck_assert_int_eq(ethosu_cmd_decode(w, 2, &c), -1);
    }
    struct ethosu_cmd c;
    ck_assert_int_eq(ethosu_cmd_decode(NULL, 0, &c), -1);
    uint32_t w = 0;
    ck_assert_int_eq(ethosu_cmd_decode(&w, 0, &c), -1);
}
END_TEST

START_TEST(test_truncated_cmd1)
{
    for (size_t i = 0; i < N_TRM_OPS; i++) {
        uint32_t w = 0x00070000u | trm_ops[i].code;
        struct ethosu_cmd c;
        int rc = ethosu_cmd_decode(&w, 1, &c);
        ck_assert_int_eq(rc, (trm_ops[i].code & 0x4000) ? 0 : 1);
        ck_assert_uint_eq(c.opcode, trm_ops[i].code);
        ck_assert_uint_eq(c.param, 7);
    }
    /* the disassembler shows the lone word raw, and it reassembles to itself */
    uint32_t w[2] = { 0x00000002, 0x00004032 };
    char *s = disasm_str(w, 2);
    ck_assert_ptr_nonnull(strstr(s, "NPU_OP_CONV"));
    ck_assert_ptr_nonnull(strstr(s, ".word                      0x00004032  # cmd1 without its payload word"));
    size_t n;
    uint32_t *back = asm_ok(s, &n);
    ck_assert_uint_eq(n, 2);
    ck_assert_mem_eq(back, w, sizeof w);
    free(back);
    free(s);
}
END_TEST

START_TEST(test_fields)
{
    const struct ethosu_cmd_field *f;
    ck_assert_uint_eq(ethosu_cmd_fields(ETHOSU_NPU_SET_DMA0_SRC_REGION, &f), 3);
    ck_assert_str_eq(f[0].name, "region");
    ck_assert_uint_eq(ethosu_cmd_fields(ETHOSU_NPU_SET_IFM_DEPTH_M1, &f), 0);
    ck_assert_uint_eq(ethosu_cmd_fields(0x0004, &f), 0);
    ck_assert_ptr_null(f);
    /* DST region 3, internal, 3D: 3 | 1<<8 | 2<<9 */
    struct ethosu_cmd c = { ETHOSU_NPU_SET_DMA0_DST_REGION, 0, 0x0503, 0 };
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "region"), 3);
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "internal"), 1);
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "stride_mode"), 2);
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "nope"), -1);
    /* kernel stride 3 in x (stride-1 = 2: lsb 0, msb 1), 2 in y (lsb 1), part-kernel order */
    c = (struct ethosu_cmd){ ETHOSU_NPU_SET_KERNEL_STRIDE, 0, (1 << 6) | 2 | 4, 0 };
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "stride_x_lsb"), 0);
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "stride_x_msb"), 1);
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "stride_y_lsb"), 1);
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "weight_order"), 1);
    /* OFM precision: int16 signed NHCWB16 global scale, truncate */
    c = (struct ethosu_cmd){ ETHOSU_NPU_SET_OFM_PRECISION, 0, 1 | (1 << 1) | (1 << 6) | (1 << 8) | (1 << 14), 0 };
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "activation_type"), 1);
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "activation_precision"), 1);
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "format"), 1);
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "scale_mode"), 1);
    ck_assert_int_eq(ethosu_cmd_field_get(&c, "round_mode"), 1);
}
END_TEST

START_TEST(test_text_forms)
{
    const char *text =
        "// fields, raw params, prefixes, negatives and comments\n"
        "NPU_SET_KERNEL_STRIDE stride_x_lsb=1 stride_y_lsb=1   # stride 2x2\n"
        "NPU_SET_KERNEL_STRIDE 3\n"
        "NPU_SET_KERNEL_STRIDE param=0x3\n"
        "  cmd0.NPU_SET_ACTIVATION_MIN -128\n"
        "cmd1.NPU_SET_OFM_BASE0 0x1 0x6e0\n"
        "NPU_SET_OFM_SCALE shift=5 0x40000000\n"
        "NPU_SET_OFM_SCALE shift=5 payload=0x40000000\n"
        "NPU_SET_IFM_STRIDE_X 0xFFFF, -16\n"
        "npu_op_pool mode=1\n"
        "NPU_OP_CONV\n"
        "NPU_SET_DMA0_DST_REGION region=1 internal=1 stride_mode=2\n"
        "NPU_OP_DMA_WAIT k=1\n"
        ".word 0xc0de0004\n"
        "\n"
        "NPU_OP_STOP 0xFFFF";
    static const uint32_t want[] = {
        0x00030122, 0x00030122, 0x00030122, 0xFF800126, 0x00014010, 0x000006E0,
        0x00054024, 0x40000000, 0x00054024, 0x40000000, 0xFFFF4004, 0xFFFFFFF0,
        0x00010005, 0x00000002, 0x05010131, 0x00010011, 0xC0DE0004, 0xFFFF0000,
    };
    size_t n;
    uint32_t *w = asm_ok(text, &n);
    ck_assert_uint_eq(n, sizeof want / sizeof want[0]);
    ck_assert_mem_eq(w, want, sizeof want);

    char *s = disasm_str(w, n);
    ck_assert_ptr_nonnull(strstr(s, "NPU_SET_KERNEL_STRIDE      stride_x_lsb=1 stride_y_lsb=1 weight_order=0 "
                                    "dilation_x=0 dilation_y=0 decomposition=0 stride_x_msb=0 stride_y_msb=0\n"));
    ck_assert_ptr_nonnull(strstr(s, "NPU_SET_ACTIVATION_MIN     65408\n"));
    ck_assert_ptr_nonnull(strstr(s, "NPU_SET_OFM_BASE0          1 0x000006E0  # 4294969056\n"));
    ck_assert_ptr_nonnull(strstr(s, "NPU_SET_OFM_SCALE          shift=5 0x40000000  # 1073741824\n"));
    ck_assert_ptr_nonnull(strstr(s, "NPU_SET_IFM_STRIDE_X       65535 0xFFFFFFF0  # -16\n"));
    ck_assert_ptr_nonnull(strstr(s, "NPU_OP_POOL                mode=1\n"));
    ck_assert_ptr_nonnull(strstr(s, "NPU_OP_CONV                0\n"));
    ck_assert_ptr_nonnull(strstr(s, "NPU_SET_DMA0_DST_REGION    region=1 internal=1 stride_mode=2\n"));
    ck_assert_ptr_nonnull(strstr(s, "NPU_OP_DMA_WAIT            channel=0 k=1\n"));
    ck_assert_ptr_nonnull(strstr(s, ".word                      0xC0DE0004  # reserved opcode 0x0004\n"));
    ck_assert_ptr_nonnull(strstr(s, "NPU_OP_STOP                mask=65535\n"));
    /* reserved bits set in a field command: shown as the raw param */
    uint32_t odd = 0x80000105; /* IFM_PRECISION with bit 15 only: round_mode=2 is a field */
    uint32_t res = 0x00020105; /* bit 1 of IFM_PRECISION is reserved */
    char *s2 = disasm_str(&odd, 1), *s3 = disasm_str(&res, 1);
    ck_assert_ptr_nonnull(strstr(s2, "round_mode=2"));
    ck_assert_str_eq(s3, "NPU_SET_IFM_PRECISION      0x0002\n");
    size_t n3;
    uint32_t *w3 = asm_ok(s3, &n3);
    ck_assert_uint_eq(n3, 1);
    ck_assert_uint_eq(w3[0], res);

    size_t n2;
    uint32_t *back = asm_ok(s, &n2);
    ck_assert_uint_eq(n2, n);
    ck_assert_mem_eq(back, w, n * sizeof *w);
    free(w3);
    free(s2);
    free(s3);
    free(back);
    free(s);
    free(w);
}
END_TEST

START_TEST(test_text_errors)
{
    ck_assert_str_eq(asm_err("NPU_OP_CONV\n\nNPU_OP_FOO 1\n"), "bad.txt:3: unknown command 'NPU_OP_FOO'");
    ck_assert_str_eq(asm_err("# c\nNPU_SET_DMA0_LEN 1024\n"),
                     "bad.txt:2: NPU_SET_DMA0_LEN: expected param and payload");
    ck_assert_str_eq(asm_err("NPU_SET_IFM_REGION 1 2\n"),
                     "bad.txt:1: NPU_SET_IFM_REGION: too many operands (cmd0 takes one param)");
    ck_assert_str_eq(asm_err("NPU_SET_IFM_REGION 65536\n"),
                     "bad.txt:1: NPU_SET_IFM_REGION: param 65536 out of range (0..65535 or -32768..-1)");
    ck_assert_str_eq(asm_err("NPU_SET_IFM_REGION 12abc\n"), "bad.txt:1: NPU_SET_IFM_REGION: bad number '12abc'");
    ck_assert_str_eq(asm_err("\n\n\n\nNPU_SET_DMA0_SRC_REGION region=1 mode=2\n"),
                     "bad.txt:5: NPU_SET_DMA0_SRC_REGION: unknown field 'mode' (fields: region, internal, stride_mode)");
    ck_assert_str_eq(asm_err("NPU_SET_DMA0_SRC_REGION stride_mode=4\n"),
                     "bad.txt:1: NPU_SET_DMA0_SRC_REGION: stride_mode=4 out of range 0..3");
    ck_assert_str_eq(asm_err("NPU_SET_IFM_DEPTH_M1 depth=4\n"),
                     "bad.txt:1: NPU_SET_IFM_DEPTH_M1: unknown field 'depth' (the param is a plain number)");
    ck_assert_str_eq(asm_err("NPU_SET_DMA0_LEN 0 0x100000000\n"),
                     "bad.txt:1: NPU_SET_DMA0_LEN: bad number '0x100000000'");
    ck_assert_str_eq(asm_err("cmd1.NPU_OP_STOP 0\n"), "bad.txt:1: NPU_OP_STOP is a cmd0 command, not cmd1");
    ck_assert_str_eq(asm_err(".word\n"), "bad.txt:1: .word takes one value");
    ck_assert_str_eq(asm_err("NPU_OP_POOL mode=1 param=1\n"),
                     "bad.txt:1: NPU_OP_POOL: give either param= or fields, not both");
    ck_assert_str_eq(asm_err("NPU_SET_OFM_SCALE shift=1\n"), "bad.txt:1: NPU_SET_OFM_SCALE: expected a payload");
    /* no file name */
    char err[128];
    uint32_t *w;
    size_t n;
    ck_assert_int_eq(ethosu_cmd_asm("FOO", 3, NULL, &w, &n, err, sizeof err), -1);
    ck_assert_str_eq(err, "<input>:1: unknown command 'FOO'");
    /* the text length is honoured: a command past len is not seen */
    ck_assert_int_eq(ethosu_cmd_asm("NPU_OP_CONV\nFOO", 12, "x", &w, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 1);
    free(w);
}
END_TEST

START_TEST(test_any_binary_roundtrips)
{
    /* random words (about half with valid opcodes) disassemble and reassemble bit-exactly */
    uint32_t x = 12345;
    enum { N = 4000 };
    uint32_t *w = malloc(N * sizeof *w);
    for (size_t i = 0; i < N; i++) {
        x = x * 1103515245u + 12345u;
        uint32_t r = x ^ (x >> 16) * 0x9E3779B1u;
        w[i] = (i % 2) ? r : (r & 0xFFFF0000u) | trm_ops[(r >> 3) % N_TRM_OPS].code;
    }
    char *s = disasm_str(w, N);
    size_t n;
    uint32_t *back = asm_ok(s, &n);
    ck_assert_uint_eq(n, N);
    ck_assert_mem_eq(back, w, N * sizeof *w);
    free(back);
    free(s);
    free(w);
}
END_TEST

/* ---- the TRM's example command streams ------------------------------------------ */

struct row {
    uint16_t code;
    const char *name;
    uint16_t param;
    uint32_t payload;
};

/* Conv2D: IFM 8x8x16, weights 16x2x2x16, stride 2x2, OFM 4x4x16, 256 MACs. Codes, names and
 * payloads from the TRM. Params (reconstructed): the weights (736 bytes) are DMAed from region 0
 * offset 0 to region 1 offset 1024; scales (160 bytes: 16 channels x 10) stay in region 0 at
 * 736; IFM at region 1 offset 0 (NHWC, strides 1/16/128), OFM at 1760 (strides 1/16/64);
 * uint8 with zero point 128; OFM block 4x4x16; IFM block 8x8x16 = one 2 KB step of IB0/IB1
 * (IB_END 4), accumulators right after it. */
static const struct row conv2d[] = {
    { 0x0130, "NPU_SET_DMA0_SRC_REGION", 0, 0 },
    { 0x4030, "NPU_SET_DMA0_SRC", 0, 0x00000000 },
    { 0x0131, "NPU_SET_DMA0_DST_REGION", 1, 0 },
    { 0x4031, "NPU_SET_DMA0_DST", 0, 0x00000400 },
    { 0x4032, "NPU_SET_DMA0_LEN", 0, 0x000002e0 },
    { 0x0010, "NPU_OP_DMA_START", 0, 0 },
    { 0x0116, "NPU_SET_OFM_BLK_HEIGHT_M1", 3, 0 },
    { 0x0115, "NPU_SET_OFM_BLK_WIDTH_M1", 3, 0 },
    { 0x0117, "NPU_SET_OFM_BLK_DEPTH_M1", 15, 0 },
    { 0x010d, "NPU_SET_IFM_IB_END", 4, 0 },
    { 0x012d, "NPU_SET_AB_START", 4, 0 },
    { 0x0124, "NPU_SET_ACC_FORMAT", 0, 0 },
    { 0x0107, "NPU_SET_IFM_UPSCALE", 0, 0 },
    { 0x0100, "NPU_SET_IFM_PAD_TOP", 0, 0 },
    { 0x0101, "NPU_SET_IFM_PAD_LEFT", 0, 0 },
    { 0x0103, "NPU_SET_IFM_PAD_BOTTOM", 0, 0 },
    { 0x0102, "NPU_SET_IFM_PAD_RIGHT", 0, 0 },
    { 0x0121, "NPU_SET_KERNEL_HEIGHT_M1", 1, 0 },
    { 0x0120, "NPU_SET_KERNEL_WIDTH_M1", 1, 0 },
    { 0x0122, "NPU_SET_KERNEL_STRIDE", 3, 0 }, /* (2-1)&1 in b0 and b1 */
    { 0x4020, "NPU_SET_WEIGHT_BASE", 0, 0x00000400 },
    { 0x4021, "NPU_SET_WEIGHT_LENGTH", 0, 0x000002e0 },
    { 0x0128, "NPU_SET_WEIGHT_REGION", 1, 0 },
    { 0x4022, "NPU_SET_SCALE_BASE", 0, 0x000002e0 },
    { 0x4023, "NPU_SET_SCALE_LENGTH", 0, 0x000000a0 },
    { 0x0129, "NPU_SET_SCALE_REGION", 0, 0 },
    { 0x0125, "NPU_SET_ACTIVATION", 0, 0 },
    { 0x0126, "NPU_SET_ACTIVATION_MIN", 0, 0 },
    { 0x0127, "NPU_SET_ACTIVATION_MAX", 255, 0 },
    { 0x0112, "NPU_SET_OFM_HEIGHT_M1", 3, 0 },
    { 0x0111, "NPU_SET_OFM_WIDTH_M1", 3, 0 },
    { 0x0113, "NPU_SET_OFM_DEPTH_M1", 15, 0 },
    { 0x0104, "NPU_SET_IFM_DEPTH_M1", 15, 0 },
    { 0x0109, "NPU_SET_IFM_ZERO_POINT", 128, 0 },
    { 0x010b, "NPU_SET_IFM_HEIGHT0_M1", 7, 0 },
    { 0x010c, "NPU_SET_IFM_HEIGHT1_M1", 7, 0 },
    { 0x010a, "NPU_SET_IFM_WIDTH0_M1", 7, 0 },
    { 0x010f, "NPU_SET_IFM_REGION", 1, 0 },
    { 0x4000, "NPU_SET_IFM_BASE0", 0, 0x00000000 },
    { 0x4001, "NPU_SET_IFM_BASE1", 0, 0x00000000 },
    { 0x4002, "NPU_SET_IFM_BASE2", 0, 0x00000000 },
    { 0x4003, "NPU_SET_IFM_BASE3", 0, 0x00000000 },
    { 0x4006, "NPU_SET_IFM_STRIDE_C", 0, 0x00000001 },
    { 0x4004, "NPU_SET_IFM_STRIDE_X", 0, 0x00000010 },
    { 0x4005, "NPU_SET_IFM_STRIDE_Y", 0, 0x00000080 },
    { 0x0118, "NPU_SET_OFM_ZERO_POINT", 128, 0 },
    { 0x011b, "NPU_SET_OFM_HEIGHT0_M1", 3, 0 },
    { 0x011c, "NPU_SET_OFM_HEIGHT1_M1", 3, 0 },
    { 0x011a, "NPU_SET_OFM_WIDTH0_M1", 3, 0 },
    { 0x011f, "NPU_SET_OFM_REGION", 1, 0 },
    { 0x4010, "NPU_SET_OFM_BASE0", 0, 0x000006e0 },
    { 0x4011, "NPU_SET_OFM_BASE1", 0, 0x00000000 },
    { 0x4012, "NPU_SET_OFM_BASE2", 0, 0x00000000 },
    { 0x4013, "NPU_SET_OFM_BASE3", 0, 0x00000000 },
    { 0x4016, "NPU_SET_OFM_STRIDE_C", 0, 0x00000001 },
    { 0x4014, "NPU_SET_OFM_STRIDE_X", 0, 0x00000010 },
    { 0x4015, "NPU_SET_OFM_STRIDE_Y", 0, 0x00000040 },
    { 0x0114, "NPU_SET_OFM_PRECISION", 0, 0 },
    { 0x0105, "NPU_SET_IFM_PRECISION", 0, 0 },
    { 0x0011, "NPU_OP_DMA_WAIT", 0, 0 },
    { 0x012f, "NPU_SET_BLOCKDEP", 0, 0 },
    { 0x0002, "NPU_OP_CONV", 0, 0 },
    { 0x0000, "NPU_OP_STOP", 0xFFFF, 0 },
};

/* MaxPool2D, 2x2 kernel, 8x8x16 tensor, 256 MACs. Codes, names, payloads from the TRM; the
 * OFM strides (1/16/128) make the OFM 8x8x16, so stride 1 with one row/column of padding at
 * the bottom/right. Params (reconstructed) otherwise as in the Conv2D stream; the TRM's
 * legible 15, 15, 128, 7 are OFM_DEPTH_M1, IFM_DEPTH_M1, IFM_ZERO_POINT, IFM_HEIGHT0_M1 and
 * 65535 the NPU_OP_STOP mask. IFM block 9x9x16 needs two 2 KB steps (IB_END 6). */
static const struct row maxpool[] = {
    { 0x0116, "NPU_SET_OFM_BLK_HEIGHT_M1", 7, 0 },
    { 0x0115, "NPU_SET_OFM_BLK_WIDTH_M1", 7, 0 },
    { 0x0117, "NPU_SET_OFM_BLK_DEPTH_M1", 15, 0 },
    { 0x010d, "NPU_SET_IFM_IB_END", 6, 0 },
    { 0x012d, "NPU_SET_AB_START", 6, 0 },
    { 0x0124, "NPU_SET_ACC_FORMAT", 0, 0 },
    { 0x0107, "NPU_SET_IFM_UPSCALE", 0, 0 },
    { 0x0100, "NPU_SET_IFM_PAD_TOP", 0, 0 },
    { 0x0101, "NPU_SET_IFM_PAD_LEFT", 0, 0 },
    { 0x0103, "NPU_SET_IFM_PAD_BOTTOM", 1, 0 },
    { 0x0102, "NPU_SET_IFM_PAD_RIGHT", 1, 0 },
    { 0x0121, "NPU_SET_KERNEL_HEIGHT_M1", 1, 0 },
    { 0x0120, "NPU_SET_KERNEL_WIDTH_M1", 1, 0 },
    { 0x0122, "NPU_SET_KERNEL_STRIDE", 0, 0 },
    { 0x0125, "NPU_SET_ACTIVATION", 0, 0 },
    { 0x0126, "NPU_SET_ACTIVATION_MIN", 0, 0 },
    { 0x0127, "NPU_SET_ACTIVATION_MAX", 255, 0 },
    { 0x0112, "NPU_SET_OFM_HEIGHT_M1", 7, 0 },
    { 0x0111, "NPU_SET_OFM_WIDTH_M1", 7, 0 },
    { 0x0113, "NPU_SET_OFM_DEPTH_M1", 15, 0 },
    { 0x0104, "NPU_SET_IFM_DEPTH_M1", 15, 0 },
    { 0x0109, "NPU_SET_IFM_ZERO_POINT", 128, 0 },
    { 0x010b, "NPU_SET_IFM_HEIGHT0_M1", 7, 0 },
    { 0x010c, "NPU_SET_IFM_HEIGHT1_M1", 7, 0 },
    { 0x010a, "NPU_SET_IFM_WIDTH0_M1", 7, 0 },
    { 0x010f, "NPU_SET_IFM_REGION", 1, 0 },
    { 0x4000, "NPU_SET_IFM_BASE0", 0, 0x00000000 },
    { 0x4001, "NPU_SET_IFM_BASE1", 0, 0x00000000 },
    { 0x4002, "NPU_SET_IFM_BASE2", 0, 0x00000000 },
    { 0x4003, "NPU_SET_IFM_BASE3", 0, 0x00000000 },
    { 0x4006, "NPU_SET_IFM_STRIDE_C", 0, 0x00000001 },
    { 0x4004, "NPU_SET_IFM_STRIDE_X", 0, 0x00000010 },
    { 0x4005, "NPU_SET_IFM_STRIDE_Y", 0, 0x00000080 },
    { 0x0118, "NPU_SET_OFM_ZERO_POINT", 128, 0 },
    { 0x011b, "NPU_SET_OFM_HEIGHT0_M1", 7, 0 },
    { 0x011c, "NPU_SET_OFM_HEIGHT1_M1", 7, 0 },
    { 0x011a, "NPU_SET_OFM_WIDTH0_M1", 7, 0 },
    { 0x011f, "NPU_SET_OFM_REGION", 1, 0 },
    { 0x4010, "NPU_SET_OFM_BASE0", 0, 0x00000400 },
    { 0x4011, "NPU_SET_OFM_BASE1", 0, 0x00000000 },
    { 0x4012, "NPU_SET_OFM_BASE2", 0, 0x00000000 },
    { 0x4013, "NPU_SET_OFM_BASE3", 0, 0x00000000 },
    { 0x4016, "NPU_SET_OFM_STRIDE_C", 0, 0x00000001 },
    { 0x4014, "NPU_SET_OFM_STRIDE_X", 0, 0x00000010 },
    { 0x4015, "NPU_SET_OFM_STRIDE_Y", 0, 0x00000080 },
    { 0x0114, "NPU_SET_OFM_PRECISION", 0, 0 },
    { 0x0105, "NPU_SET_IFM_PRECISION", 0, 0 },
    { 0x012f, "NPU_SET_BLOCKDEP", 0, 0 },
    { 0x0005, "NPU_OP_POOL", 0, 0 }, /* mode 0 = MaxPool */
    { 0x0000, "NPU_OP_STOP", 0xFFFF, 0 },
};

/* The rows as the TRM writes them ("cmd0.NAME param" / "cmd1.NAME param payload"),
 * assembled; their words; the disassembly: same words, same names, line by line. */
static void check_example(const struct row *r, size_t nr, size_t want_words)
{
    char *text = malloc(nr * 96 + 1);
    uint32_t *want = malloc(2 * nr * sizeof *want);
    size_t tl = 0, nw = 0;
    for (size_t i = 0; i < nr; i++) {
        int cmd1 = (r[i].code & 0x4000) != 0;
        /* names agree with the codes both ways */
        ck_assert_str_eq(ethosu_cmd_name(r[i].code, cmd1), r[i].name);
        uint16_t op;
        int is1;
        ck_assert_int_eq(ethosu_cmd_lookup(r[i].name, &op, &is1), 0);
        ck_assert_uint_eq(op, r[i].code);
        if (cmd1)
            tl += (size_t)sprintf(text + tl, "cmd1.%s %u 0x%08x\n", r[i].name, r[i].param, r[i].payload);
        else
            tl += (size_t)sprintf(text + tl, "cmd0.%s %u\n", r[i].name, r[i].param);
        want[nw++] = (uint32_t)r[i].param << 16 | r[i].code;
        if (cmd1)
            want[nw++] = r[i].payload;
    }
    ck_assert_uint_eq(nw, want_words);
    size_t n;
    uint32_t *w = asm_ok(text, &n);
    ck_assert_uint_eq(n, nw);
    ck_assert_mem_eq(w, want, nw * sizeof *w);

    /* decode walks the stream command by command */
    size_t pos = 0, k = 0;
    while (pos < n) {
        struct ethosu_cmd c;
        int used = ethosu_cmd_decode(w + pos, n - pos, &c);
        ck_assert_int_gt(used, 0);
        ck_assert_uint_eq(c.opcode, r[k].code);
        ck_assert_uint_eq(c.param, r[k].param);
        ck_assert_uint_eq(c.payload, r[k].payload);
        pos += (size_t)used;
        k++;
    }
    ck_assert_uint_eq(k, nr);

    char *dis = disasm_str(w, n);
    char *line = dis;
    for (size_t i = 0; i < nr; i++) {
        size_t l = strlen(r[i].name);
        ck_assert_msg(strncmp(line, r[i].name, l) == 0 && line[l] == ' ', "line %zu: %.40s", i + 1, line);
        line = strchr(line, '\n');
        ck_assert_ptr_nonnull(line);
        line++;
    }
    ck_assert_str_eq(line, "");
    size_t n2;
    uint32_t *back = asm_ok(dis, &n2);
    ck_assert_uint_eq(n2, nw);
    ck_assert_mem_eq(back, want, nw * sizeof *back);
    free(back);
    free(dis);
    free(w);
    free(want);
    free(text);
}

START_TEST(test_trm_conv2d_example)
{
    /* 63 commands, 21 of them cmd1 */
    ck_assert_uint_eq(sizeof conv2d / sizeof conv2d[0], 63);
    check_example(conv2d, sizeof conv2d / sizeof conv2d[0], 63 + 21);
}
END_TEST

START_TEST(test_trm_maxpool_example)
{
    /* 50 commands, 14 of them cmd1 */
    ck_assert_uint_eq(sizeof maxpool / sizeof maxpool[0], 50);
    check_example(maxpool, sizeof maxpool / sizeof maxpool[0], 50 + 14);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ethosu_cmd");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_names_and_lookup);
    tcase_add_test(tc, test_encode_decode_all);
    tcase_add_test(tc, test_reserved);
    tcase_add_test(tc, test_truncated_cmd1);
    tcase_add_test(tc, test_fields);
    tcase_add_test(tc, test_text_forms);
    tcase_add_test(tc, test_text_errors);
    tcase_add_test(tc, test_any_binary_roundtrips);
    tcase_add_test(tc, test_trm_conv2d_example);
    tcase_add_test(tc, test_trm_maxpool_example);
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
