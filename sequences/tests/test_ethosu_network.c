/* Unit tests of the network runner's pure parts: the COP1 driver payload
 * (ethosu_payload), which kernel operation wrote a byte (ethosu_opmap:
 * NHWC, NHCWB16, tiles, the last writer wins) and the network folder
 * loader (ethosu_network: Vela's npz keys, the .npy files checked against
 * them, every error naming its file). Folders are written under /tmp from
 * bytes built here (npy_fixtures.h). */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ethosu_cmd.h"
#include "ethosu_network.h"
#include "ethosu_opmap.h"
#include "ethosu_payload.h"
#include "ethosu_regs.h"
#include "../../golden/tests/npy_fixtures.h"   /* the .npy/.npz images, shared with test_npy */

static char err[2048];

static void le_words(uint8_t *out, const uint32_t *w, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (int b = 0; b < 4; b++)
            out[4 * i + (size_t)b] = (uint8_t)(w[i] >> (8 * b));
}

/* COP1, CONFIG (tag 0x00100001: id 1, patch 1 << 4), config, id, NOPs to
 * align the stream to 16 bytes, CMD_STREAM of 3 words (tag 0x00030002) */
static const uint32_t PAYLOAD[] = { 0x31504f43u, 0x00100001u, 0x10006009u, 0x00000000u, 0x00000005u,
                                    0x00000005u, 0x00000005u, 0x00030002u, 0x0001010fu, 0x00000002u,
                                    0xffff0000u };

START_TEST(test_payload)
{
    uint8_t b[sizeof PAYLOAD];
    le_words(b, PAYLOAD, sizeof PAYLOAD / 4);
    struct ethosu_payload p;
    ck_assert_msg(ethosu_payload_parse(b, sizeof b, "cmd_data", &p, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(p.config, 0x10006009u);
    /* macs_per_cc 9: 2^9 = 512 */
    ck_assert_uint_eq(ethosu_payload_macs(p.config), 512);
    ck_assert_uint_eq(ethosu_payload_macs(0x10003008u), 256);
    /* the stream starts after 8 words: byte 32, 16-byte aligned as Vela pads it */
    ck_assert_uint_eq(p.cmd_offset, 32);
    ck_assert_uint_eq(p.cmd_words, 3);
    /* a stream longer than the payload, no COP1, no stream, an unknown action */
    ck_assert_int_eq(ethosu_payload_parse(b, sizeof b - 4, "cmd_data", &p, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "says 3 words, the payload has 2"));
    ck_assert_int_eq(ethosu_payload_parse(b + 4, sizeof b - 4, "cmd_data", &p, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "no COP1"));
    ck_assert_int_eq(ethosu_payload_parse(b, 28, "cmd_data", &p, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "no command stream"));
    uint32_t bad[sizeof PAYLOAD / 4];
    memcpy(bad, PAYLOAD, sizeof bad);
    bad[4] = 0x00000009u;
    le_words(b, bad, sizeof bad / 4);
    ck_assert_int_eq(ethosu_payload_parse(b, sizeof b, "cmd_data", &p, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "unknown driver action 9 at word 4"));
}
END_TEST

/* The CONFIG word of each configuration, as Vela 5.2's driver payload
 * writes it (product << 28 | shram_size << 8 | cmd_stream_version << 4 |
 * log2(MACs)): U55-32 16 KiB 2^5, U55-64 16 KiB 2^6, U55-128 24 KiB 2^7,
 * U55-256 48 KiB 2^8, U65-256 48 KiB 2^8, U65-512 96 KiB (two cores) 2^9;
 * the U85 (product 2, cmd_stream_version 1, num_axi_sram [9:8], num_axi_ext
 * [10], num_wd [13:12]): Vela's ethos-u85-128 output says 0x20000117. */
START_TEST(test_payload_configs)
{
    static const struct { uint32_t word; int cfg; const char *name, *product; } cases[] = {
        { 0x00001005u, ETHOSU_CFG_U55_32, "ethos-u55-32", "Ethos-U55" },
        { 0x00001006u, ETHOSU_CFG_U55_64, "ethos-u55-64", "Ethos-U55" },
        { 0x00001807u, ETHOSU_CFG_U55_128, "ethos-u55-128", "Ethos-U55" },
        { 0x00003008u, ETHOSU_CFG_U55_256, "ethos-u55-256", "Ethos-U55" },
        { 0x10003008u, ETHOSU_CFG_U65_256, "ethos-u65-256", "Ethos-U65" },
        { 0x10006009u, ETHOSU_CFG_U65_512, "ethos-u65-512", "Ethos-U65" },
        { 0x20000117u, ETHOSU_CFG_U85_128, "ethos-u85-128", "Ethos-U85" },
        { 0x20000118u, ETHOSU_CFG_U85_256, "ethos-u85-256", "Ethos-U85" },
        { 0x20001119u, ETHOSU_CFG_U85_512, "ethos-u85-512", "Ethos-U85" },
        { 0x2000251au, ETHOSU_CFG_U85_1024, "ethos-u85-1024", "Ethos-U85" },
        { 0x2000261bu, ETHOSU_CFG_U85_2048, "ethos-u85-2048", "Ethos-U85" },
        { 0x20000116u, -1, "ethos-u85-64", "Ethos-U85" },   /* no U85 has 64 MACs */
        { 0x00003009u, -1, "ethos-u55-512", "Ethos-U55" },   /* no U55 has 512 MACs */
        { 0x10001005u, -1, "ethos-u65-32", "Ethos-U65" },
        { 0x30003008u, -1, "product 3 with 256 MACs", "product 3" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char name[48], buf[24];
        ck_assert_int_eq(ethosu_payload_config(cases[i].word), cases[i].cfg);
        ethosu_payload_config_name(cases[i].word, name, sizeof name);
        ck_assert_str_eq(name, cases[i].name);
        ck_assert_str_eq(ethosu_payload_product(cases[i].word, buf, sizeof buf), cases[i].product);
        if (cases[i].cfg >= 0) {   /* the generated table holds Vela's word and the name Vela takes */
            ck_assert_uint_eq(ethosu_configs[cases[i].cfg].config_reset, cases[i].word);
            ck_assert_str_eq(ethosu_configs[cases[i].cfg].name, cases[i].name);
            ck_assert_int_eq(ethosu_config_find(cases[i].name), cases[i].cfg);
        }
    }
    /* the shram size and cmd_stream_version do not pick the configuration */
    ck_assert_int_eq(ethosu_payload_config(0x00000005u), ETHOSU_CFG_U55_32);
    ck_assert_int_eq(ethosu_config_find("ethos-u85-64"), -1);
}
END_TEST

struct stream {
    uint32_t w[256];
    size_t n;
};

static void cmd(struct stream *s, uint16_t op, uint16_t param, uint32_t payload)
{
    struct ethosu_cmd c = { .opcode = op, .is_cmd1 = (op & ETHOSU_CMD1_FLAG) != 0, .param = param, .payload = payload };
    s->n += (size_t)ethosu_cmd_encode(&c, s->w + s->n);
}

/* an OFM h x w x c of int8 in region r at base, NHWC with packed strides */
static void ofm_nhwc(struct stream *s, unsigned r, uint32_t base, unsigned h, unsigned w, unsigned c)
{
    cmd(s, ETHOSU_NPU_SET_OFM_REGION, (uint16_t)r, 0);
    cmd(s, ETHOSU_NPU_SET_OFM_BASE0, 0, base);
    cmd(s, ETHOSU_NPU_SET_OFM_HEIGHT_M1, (uint16_t)(h - 1), 0);
    cmd(s, ETHOSU_NPU_SET_OFM_WIDTH_M1, (uint16_t)(w - 1), 0);
    cmd(s, ETHOSU_NPU_SET_OFM_DEPTH_M1, (uint16_t)(c - 1), 0);
    cmd(s, ETHOSU_NPU_SET_OFM_WIDTH0_M1, (uint16_t)(w - 1), 0);
    cmd(s, ETHOSU_NPU_SET_OFM_HEIGHT0_M1, (uint16_t)(h - 1), 0);
    cmd(s, ETHOSU_NPU_SET_OFM_HEIGHT1_M1, (uint16_t)(h - 1), 0);
    cmd(s, ETHOSU_NPU_SET_OFM_PRECISION, 0, 0);
    cmd(s, ETHOSU_NPU_SET_OFM_STRIDE_X, 0, c);
    cmd(s, ETHOSU_NPU_SET_OFM_STRIDE_Y, 0, w * c);
    cmd(s, ETHOSU_NPU_SET_OFM_STRIDE_C, 0, 1);
}

START_TEST(test_opmap_last_writer)
{
    struct stream s = { .n = 0 };
    /* op 0: conv 4x4x8 at region 1 + 0x100; op 1: pool 2x2x8 at region 1 + 0x0 (not overlapping);
     * op 2: elementwise 4x4x8 at region 1 + 0x100 again (rewrites op 0's OFM) */
    ofm_nhwc(&s, 1, 0x100, 4, 4, 8);
    cmd(&s, ETHOSU_NPU_OP_CONV, 0, 0);
    ofm_nhwc(&s, 1, 0x0, 2, 2, 8);
    size_t pool_at = 4 * s.n;
    cmd(&s, ETHOSU_NPU_OP_POOL, 0, 0);
    ofm_nhwc(&s, 1, 0x100, 4, 4, 8);
    cmd(&s, ETHOSU_NPU_OP_ELEMENTWISE, 1, 0);
    cmd(&s, ETHOSU_NPU_OP_STOP, 0xffff, 0);
    cmd(&s, ETHOSU_NPU_OP_CONV, 0, 0);   /* after STOP: never run, not recorded */
    struct ethosu_opmap m;
    ck_assert_msg(ethosu_opmap_build(&m, s.w, s.n, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(m.n, 3);
    unsigned h, w, c;
    /* byte 0x100 + 1*32 + 2*8 + 5 = (1, 2, 5) of the elementwise (op 2), which wrote it last */
    const struct ethosu_op *op = ethosu_opmap_writer(&m, 1, 0x100 + 32 + 16 + 5, &h, &w, &c);
    ck_assert_ptr_nonnull(op);
    ck_assert_uint_eq(op->index, 2);
    ck_assert_uint_eq(op->opcode, ETHOSU_NPU_OP_ELEMENTWISE);
    ck_assert_uint_eq(h, 1);
    ck_assert_uint_eq(w, 2);
    ck_assert_uint_eq(c, 5);
    /* byte 0x1f = (1, 1, 7) of the pool (2x2x8: 0x00..0x1f) at its offset in the stream */
    op = ethosu_opmap_writer(&m, 1, 0x1f, &h, &w, &c);
    ck_assert_ptr_nonnull(op);
    ck_assert_uint_eq(op->index, 1);
    ck_assert_uint_eq(op->offset, pool_at);
    ck_assert_uint_eq(h * 100 + w * 10 + c, 117);
    /* 0x20..0xff: nobody; region 2: nobody */
    ck_assert_ptr_null(ethosu_opmap_writer(&m, 1, 0x20, &h, &w, &c));
    ck_assert_ptr_null(ethosu_opmap_writer(&m, 2, 0x100, &h, &w, &c));
    char d[512];
    ethosu_op_describe(&m.ops[1], d, sizeof d);
    ck_assert_msg(strstr(d, "op 1 NPU_OP_POOL at stream offset 0x") == d, "%s", d);
    ck_assert_msg(strstr(d, "OFM region 1, base 0x0, 2x2x8, 1-byte elements, NHWC"), "%s", d);
    ethosu_opmap_free(&m);
}
END_TEST

/* Vela's byte copies (a reshape, a transpose, a concatenation move) are 1x1
 * average POOLs of one 1-byte type with the same zero point in and out and a
 * unity scale; the loader trusts no signedness from them (Vela copies a uint8
 * tensor as int8). Everything below comes through ethosu_opmap_build, so the
 * tracking of the kernel, precision, zero point and scale commands counts too. */
START_TEST(test_op_moves_bytes)
{
    struct stream s = { .n = 0 };
    ofm_nhwc(&s, 1, 0x0, 1, 4, 8);
    cmd(&s, ETHOSU_NPU_SET_IFM_PRECISION, 1, 0);         /* signed, activation_precision 0: int8 */
    cmd(&s, ETHOSU_NPU_SET_OFM_PRECISION, 1, 0);         /* int8 */
    cmd(&s, ETHOSU_NPU_SET_IFM_ZERO_POINT, 5, 0);
    cmd(&s, ETHOSU_NPU_SET_OFM_ZERO_POINT, 5, 0);
    cmd(&s, ETHOSU_NPU_SET_KERNEL_WIDTH_M1, 0, 0);
    cmd(&s, ETHOSU_NPU_SET_KERNEL_HEIGHT_M1, 0, 0);
    cmd(&s, ETHOSU_NPU_SET_OFM_SCALE, 31, 0x80000001u);  /* Vela's unity: (2^31 + 1) / 2^31, x < 2^31 stays x */
    cmd(&s, ETHOSU_NPU_OP_POOL, 1, 0);                    /* 0: the copy */
    cmd(&s, ETHOSU_NPU_SET_KERNEL_WIDTH_M1, 1, 0);
    cmd(&s, ETHOSU_NPU_SET_KERNEL_HEIGHT_M1, 1, 0);
    cmd(&s, ETHOSU_NPU_OP_POOL, 1, 0);                    /* 1: a 2x2 pool averages four values */
    cmd(&s, ETHOSU_NPU_SET_KERNEL_WIDTH_M1, 0, 0);
    cmd(&s, ETHOSU_NPU_SET_KERNEL_HEIGHT_M1, 0, 0);
    cmd(&s, ETHOSU_NPU_SET_OFM_ZERO_POINT, 6, 0);
    cmd(&s, ETHOSU_NPU_OP_POOL, 1, 0);                    /* 2: zero point 5 in, 6 out: every byte + 1 */
    cmd(&s, ETHOSU_NPU_SET_OFM_ZERO_POINT, 5, 0);
    cmd(&s, ETHOSU_NPU_SET_OFM_SCALE, 0, 1);
    cmd(&s, ETHOSU_NPU_OP_POOL, 1, 0);                    /* 3: 1 / 2^0, unity too */
    cmd(&s, ETHOSU_NPU_SET_OFM_SCALE, 31, 0x40000000u);
    cmd(&s, ETHOSU_NPU_OP_POOL, 1, 0);                    /* 4: 2^30 / 2^31 halves: 100 -> 95 / 2 = 47.5 -> 48, + 5 = 53 */
    cmd(&s, ETHOSU_NPU_SET_OFM_SCALE, 30, 0x80000001u);
    cmd(&s, ETHOSU_NPU_OP_POOL, 1, 0);                    /* 5: (2^31 + 1) / 2^30 doubles */
    cmd(&s, ETHOSU_NPU_SET_OFM_SCALE, 31, 0x80000001u);
    cmd(&s, ETHOSU_NPU_SET_IFM_PRECISION, 0, 0);
    cmd(&s, ETHOSU_NPU_OP_POOL, 1, 0);                    /* 6: uint8 in, int8 out: a conversion */
    cmd(&s, ETHOSU_NPU_SET_IFM_PRECISION, 1 | 1u << 2, 0);
    cmd(&s, ETHOSU_NPU_OP_POOL, 1, 0);                    /* 7: int16 in */
    cmd(&s, ETHOSU_NPU_SET_IFM_PRECISION, 1, 0);
    cmd(&s, ETHOSU_NPU_OP_CONV, 0, 0);                    /* 8: a 1x1 convolution weighs its input */
    cmd(&s, ETHOSU_NPU_OP_POOL, 1, 0);                    /* 9: the copy again, state restored */
    struct ethosu_opmap m;
    ck_assert_msg(ethosu_opmap_build(&m, s.w, s.n, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(m.n, 10);
    static const int moves[10] = { 1, 0, 0, 1, 0, 0, 0, 0, 0, 1 };
    for (unsigned i = 0; i < m.n; i++)
        ck_assert_msg(ethosu_op_moves_bytes(&m.ops[i]) == moves[i], "op %u: moves_bytes %d, want %d", i,
                      ethosu_op_moves_bytes(&m.ops[i]), moves[i]);
    ethosu_opmap_free(&m);
}
END_TEST

START_TEST(test_opmap_nhcwb16_and_tiles)
{
    struct stream s = { .n = 0 };
    /* NHCWB16 int16, 2x3x20: format bit 6, activation_precision 1 (16-bit) in bits [2:1];
     * stride_x 32 (16 channels of 2 bytes), stride_c 3*32 = 96 (one brick row), stride_y 2*96 */
    cmd(&s, ETHOSU_NPU_SET_OFM_REGION, 3, 0);
    cmd(&s, ETHOSU_NPU_SET_OFM_BASE0, 0, 0x1000);
    cmd(&s, ETHOSU_NPU_SET_OFM_HEIGHT_M1, 1, 0);
    cmd(&s, ETHOSU_NPU_SET_OFM_WIDTH_M1, 2, 0);
    cmd(&s, ETHOSU_NPU_SET_OFM_DEPTH_M1, 19, 0);
    cmd(&s, ETHOSU_NPU_SET_OFM_PRECISION, (1u << 6) | (1u << 1), 0);
    cmd(&s, ETHOSU_NPU_SET_OFM_STRIDE_X, 0, 32);
    cmd(&s, ETHOSU_NPU_SET_OFM_STRIDE_C, 0, 96);
    cmd(&s, ETHOSU_NPU_SET_OFM_STRIDE_Y, 0, 192);
    cmd(&s, ETHOSU_NPU_OP_DEPTHWISE, 0, 0);
    /* NHWC int8 4x4x1 in two tiles side by side: width0 2, BASE1 at 0x2000 for w >= 2 */
    ofm_nhwc(&s, 3, 0x3000, 4, 4, 1);
    cmd(&s, ETHOSU_NPU_SET_OFM_WIDTH0_M1, 1, 0);
    cmd(&s, ETHOSU_NPU_SET_OFM_BASE1, 0, 0x2000);
    cmd(&s, ETHOSU_NPU_SET_OFM_STRIDE_Y, 0, 2);
    cmd(&s, ETHOSU_NPU_OP_CONV, 0, 0);
    struct ethosu_opmap m;
    ck_assert_msg(ethosu_opmap_build(&m, s.w, s.n, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(m.n, 2);
    unsigned h, w, c;
    /* (1, 2, 17): 0x1000 + 1*192 + (17/16)*96 + 2*32 + (17%16)*2 = 0x1000 + 354 = 0x1162 */
    const struct ethosu_op *op = ethosu_opmap_writer(&m, 3, 0x1162, &h, &w, &c);
    ck_assert_ptr_nonnull(op);
    ck_assert_uint_eq(op->opcode, ETHOSU_NPU_OP_DEPTHWISE);
    ck_assert_uint_eq(h * 100 + w * 10 + c, 137);
    /* brick 1 of (0, 0) holds c 16..19 at 0x1060..0x1067; 0x1068 (c 20 of 32) is padding */
    ck_assert_ptr_null(ethosu_opmap_writer(&m, 3, 0x1068, &h, &w, &c));
    /* tile 1: (h, w) = (3, 3) is (3, 1) in the tile at 0x2000: 0x2000 + 3*2 + 1 = 0x2007 */
    op = ethosu_opmap_writer(&m, 3, 0x2007, &h, &w, &c);
    ck_assert_ptr_nonnull(op);
    ck_assert_uint_eq(op->opcode, ETHOSU_NPU_OP_CONV);
    ck_assert_uint_eq(h * 100 + w * 10 + c, 330);
    ethosu_opmap_free(&m);
    /* a reserved opcode: refused with its offset */
    uint32_t junk[2] = { ETHOSU_CMD_WORD0(ETHOSU_NPU_OP_CONV, 0), 0x000003ffu };
    ck_assert_int_eq(ethosu_opmap_build(&m, junk, 2, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "offset 0x4: a reserved opcode"), "%s", err);
}
END_TEST

/* ---- the folder loader ---- */

static char dir[256];
static struct fx_buf npz_img, member[24];

static void npy_i64(struct fx_buf *b, const char *shape, const int64_t *v, size_t n)
{
    char dict[160];
    snprintf(dict, sizeof dict, "{'descr': '<i8', 'fortran_order': False, 'shape': %s, }", shape);
    fx_npy(b, 1, dict, v, n * sizeof *v);
}

/* make_folder's variants: an int64 output (ARG_MAX: 8-byte elements,
 * expected '<i8'); two variable tensors (an LSTM's output and cell state:
 * 12 int8 at region 1 + 0x80, 12 int16 at region 2 + 0xa0, as Vela 5.2
 * lists them in variable_*); a variable ending beyond its region. */
static int with_int64, with_vars, var_beyond;

/* PAYLOAD with a stream whose one operation reads region 1 from offset 0
 * with IFM_ZERO_POINT -6 (0xfffa): SET_IFM_REGION 1, SET_IFM_ZERO_POINT,
 * NPU_OP_CONV, NPU_OP_STOP (CMD_STREAM tag 0x00040002: 4 words) */
static const uint32_t PAYLOAD_ZP[] = { 0x31504f43u, 0x00100001u, 0x10006009u, 0x00000000u, 0x00000005u,
                                       0x00000005u, 0x00000005u, 0x00040002u, 0x0001010fu, 0xfffa0109u,
                                       0x00000002u, 0xffff0000u };

/* A folder as Vela and the reference write it: one int8 input 1x2x2x3 at
 * region 1 + 0x40, one output 1x2x2x3 at region 1 + 0; shapes 6-D as
 * Vela 5.2 writes them. out_shape: the output's shape in the npz. */
static void make_folder(const char *out_shape, const char *expected_descr)
{
    snprintf(dir, sizeof dir, "/tmp/test_ethosu_network.%d", (int)getpid());
    mkdir(dir, 0755);
    uint8_t pay[sizeof PAYLOAD_ZP];
    const uint32_t *words = with_vars ? PAYLOAD_ZP : PAYLOAD;
    size_t nwords = with_vars ? sizeof PAYLOAD_ZP / 4 : sizeof PAYLOAD / 4;
    le_words(pay, words, nwords);
    char dict[128];
    snprintf(dict, sizeof dict, "{'descr': '|S%zu', 'fortran_order': False, 'shape': (), }", 4 * nwords);
    fx_npy(&member[0], 1, dict, pay, 4 * nwords);
    fx_npy(&member[1], 1, "{'descr': '|S4', 'fortran_order': False, 'shape': (), }", "\1\2\3\4", 4);
    const int64_t zero = 0, one = 1, two = 2, size = 256, shape6[6] = { 1, 1, 1, 2, 2, 3 };
    int64_t oshape[6] = { 1, 1, 1, 2, 2, 3 };
    if (out_shape && !strcmp(out_shape, "(1, 6)"))
        oshape[3] = 4;   /* 1x1x1x4x2x3: the .npy disagrees */
    if (out_shape && !strcmp(out_shape, "flat"))
        oshape[3] = oshape[4] = 1, oshape[5] = 12;   /* 1x1x1x1x1x12: reshaped by Vela, the same 12 bytes */
    npy_i64(&member[2], "()", &zero, 1);      /* weight_region */
    npy_i64(&member[3], "()", &one, 1);       /* scratch_region */
    npy_i64(&member[4], "()", &two, 1);       /* scratch_fast_region */
    npy_i64(&member[5], "()", &size, 1);      /* scratch_size */
    npy_i64(&member[6], "()", &zero, 1);      /* scratch_fast_size */
    npy_i64(&member[7], "(1, 6)", shape6, 6);
    const int64_t es = 1, es_out = with_int64 ? 8 : 1, off_in = 0x40, off_out = 0;
    npy_i64(&member[8], "(1,)", &es, 1);
    npy_i64(&member[9], "(1,)", &one, 1);
    npy_i64(&member[10], "(1,)", &off_in, 1);
    npy_i64(&member[11], "(1, 6)", oshape, 6);
    npy_i64(&member[12], "(1,)", &es_out, 1);
    npy_i64(&member[13], "(1,)", &one, 1);
    npy_i64(&member[14], "(1,)", &off_out, 1);
    unsigned nm = 16;
    if (with_vars) {
        const int64_t vshape[12] = { 1, 1, 1, 1, 1, 12, 1, 1, 1, 1, 1, 12 }, ves[2] = { 1, 2 }, vreg[2] = { 1, 2 };
        /* beyond: 24 bytes at 256 MiB - 8 end 16 bytes past region 2 */
        const int64_t voff[2] = { 0, var_beyond ? 0x10000000 - 8 : 0xa0 };
        npy_i64(&member[15], "(2, 6)", vshape, 12);
        npy_i64(&member[16], "(2,)", ves, 2);
        npy_i64(&member[17], "(2,)", vreg, 2);
        npy_i64(&member[18], "(2,)", voff, 2);
        nm = 19;
    } else
        fx_npy(&member[15], 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (0,), }", "", 0);
    static const char *const names[] = { "cmd_data.npy", "weight_data.npy", "weight_region.npy",
        "scratch_region.npy", "scratch_fast_region.npy", "scratch_size.npy", "scratch_fast_size.npy",
        "input_shape.npy", "input_elem_size.npy", "input_region.npy", "input_offset.npy", "output_shape.npy",
        "output_elem_size.npy", "output_region.npy", "output_offset.npy", "variable_shape.npy",
        "variable_elem_size.npy", "variable_region.npy", "variable_offset.npy" };
    struct fx_member m[19];
    for (unsigned i = 0; i < nm; i++)
        m[i] = (struct fx_member){ names[i], member[i].b, member[i].n, i % 3 == 0 };
    fx_zip(&npz_img, m, nm);
    char path[400];
    snprintf(path, sizeof path, "%s/net_vela.npz", dir);
    fx_write(path, &npz_img);
    const int8_t in[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, -12 };
    struct fx_buf b;
    fx_npy(&b, 1, "{'descr': '|i1', 'fortran_order': False, 'shape': (1, 2, 2, 3), }", in, sizeof in);
    snprintf(path, sizeof path, "%s/input_0.npy", dir);
    fx_write(path, &b);
    snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (1, 2, 2, 3), }",
             expected_descr);
    int8_t wide[24] = { 0 };   /* enough for the 16-bit variant */
    memcpy(wide, in, sizeof in);
    int64_t idx[12];   /* the int64 variant: ARG_MAX indices 0..11 */
    for (unsigned i = 0; i < 12; i++)
        idx[i] = i;
    if (expected_descr[2] == '8')
        fx_npy(&b, 1, dict, idx, sizeof idx);
    else
        fx_npy(&b, 1, dict, wide, sizeof in * (expected_descr[2] == '2' ? 2 : 1));
    snprintf(path, sizeof path, "%s/expected_0.npy", dir);
    fx_write(path, &b);
}

static void remove_folder(void)
{
    static const char *const files[] = { "net_vela.npz", "input_0.npy", "expected_0.npy", "input_1.npy",
                                         "other_vela.npz" };
    char path[400];
    for (unsigned i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}

START_TEST(test_load_folder)
{
    make_folder(NULL, "|i1");
    struct ethosu_network n;
    ck_assert_msg(ethosu_network_load(&n, dir, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(n.payload.cmd_words, 3);
    ck_assert_uint_eq(ethosu_payload_macs(n.payload.config), 512);
    ck_assert_uint_eq(n.weight_len, 4);
    ck_assert_uint_eq(n.weights[3], 4);
    ck_assert_uint_eq(n.scratch_region, 1);
    ck_assert_uint_eq(n.scratch_size, 256);
    ck_assert_uint_eq(n.n_inputs, 1);
    ck_assert_uint_eq(n.n_outputs, 1);
    /* 6-D (1, 1, 1, 2, 2, 3) as NHWC 1x2x2x3 */
    ck_assert_uint_eq(n.inputs[0].shape[1] * 100 + n.inputs[0].shape[2] * 10 + n.inputs[0].shape[3], 223);
    ck_assert_uint_eq(n.inputs[0].offset, 0x40);
    ck_assert_uint_eq(n.outputs[0].bytes, 12);
    ck_assert_int_eq((int8_t)n.outputs[0].data.data[11], -12);
    uint32_t *w = ethosu_network_stream(&n);
    ck_assert_uint_eq(w[0], 0x0001010fu);
    ck_assert_uint_eq(w[2], 0xffff0000u);
    free(w);
    ethosu_network_free(&n);
    remove_folder();
}
END_TEST

START_TEST(test_load_reshaped)
{
    /* the npz describes the output flattened (12), the file holds it as 1x2x2x3: the same dense bytes,
     * accepted, and reports use the file's shape */
    make_folder("flat", "|i1");
    struct ethosu_network n;
    ck_assert_msg(ethosu_network_load(&n, dir, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(n.outputs[0].count, 12);
    ck_assert_uint_eq(n.outputs[0].shape[1] * 100 + n.outputs[0].shape[2] * 10 + n.outputs[0].shape[3], 223);
    ethosu_network_free(&n);
    remove_folder();
}
END_TEST

START_TEST(test_load_int64_and_variables)
{
    /* ARG_MAX: Vela describes the int64 output with 8-byte elements (the
     * stream writes each as two int32 words); 12 x 8 = 96 bytes. */
    with_int64 = 1;
    make_folder(NULL, "<i8");
    struct ethosu_network n;
    ck_assert_msg(ethosu_network_load(&n, dir, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(n.outputs[0].elem_size, 8);
    ck_assert_uint_eq(n.outputs[0].bytes, 96);
    ck_assert_int_eq(npy_get(&n.outputs[0].data, 11), 11);
    ck_assert_uint_eq(n.n_variables, 0);
    ethosu_network_free(&n);
    remove_folder();
    with_int64 = 0;
    /* an LSTM's two state tensors: 12 x 1 bytes at region 1 + 0, 12 x 2 at
     * region 2 + 0xa0. The int8 one starts at the zero point its reader
     * (the CONV, IFM_ZERO_POINT 0xfffa) subtracts: every byte 0xfa (-6),
     * as TensorFlow Lite resets an int8 variable tensor; the int16 one at 0. */
    with_vars = 1;
    make_folder(NULL, "|i1");
    ck_assert_msg(ethosu_network_load(&n, dir, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(n.n_variables, 2);
    ck_assert_uint_eq(n.variables[0].region, 1);
    ck_assert_uint_eq(n.variables[0].offset, 0);
    ck_assert_uint_eq(n.variables[0].bytes, 12);
    ck_assert_uint_eq(n.variables[0].fill, 0xfa);
    ck_assert_uint_eq(n.variables[1].fill, 0);
    ck_assert_uint_eq(n.variables[1].region, 2);
    ck_assert_uint_eq(n.variables[1].offset, 0xa0);
    ck_assert_uint_eq(n.variables[1].bytes, 24);
    ethosu_network_free(&n);
    remove_folder();
    /* 24 bytes at 0x10000000 - 8 end 16 bytes beyond the runner's 256 MiB region */
    var_beyond = 1;
    make_folder(NULL, "|i1");
    ck_assert_int_eq(ethosu_network_load(&n, dir, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "variable 1: 2-byte elements at offset 0xffffff8 end beyond its region"), "%s", err);
    remove_folder();
    with_vars = var_beyond = 0;
}
END_TEST

START_TEST(test_load_errors)
{
    struct ethosu_network n;
    char path[400];
    /* an expected file of 16-bit elements for an 8-bit output: named, with both descriptions */
    make_folder(NULL, "<i2");
    ck_assert_int_eq(ethosu_network_load(&n, dir, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "/expected_0.npy: (1, 2, 2, 3) <i2, but output 0 of ") &&
                  strstr(err, "is (1, 1, 1, 2, 2, 3) with 1-byte elements"), "%s", err);
    remove_folder();
    /* the npz's output shape disagrees with the file */
    make_folder("(1, 6)", "|i1");
    ck_assert_int_eq(ethosu_network_load(&n, dir, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "expected_0.npy: (1, 2, 2, 3) |i1, but output 0"), "%s", err);
    remove_folder();
    /* an input file more than the npz describes */
    make_folder(NULL, "|i1");
    snprintf(path, sizeof path, "%s/input_0.npy", dir);
    char other[400];
    snprintf(other, sizeof other, "%s/input_1.npy", dir);
    ck_assert_int_eq(link(path, other), 0);
    ck_assert_int_eq(ethosu_network_load(&n, dir, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "input_1.npy: ") && strstr(err, "describes 1 input, the folder has more"), "%s", err);
    unlink(other);
    /* a missing expected file */
    snprintf(path, sizeof path, "%s/expected_0.npy", dir);
    unlink(path);
    ck_assert_int_eq(ethosu_network_load(&n, dir, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "expected_0.npy: No such file"), "%s", err);
    /* two compiled networks in one folder */
    snprintf(path, sizeof path, "%s/net_vela.npz", dir);
    snprintf(other, sizeof other, "%s/other_vela.npz", dir);
    ck_assert_int_eq(link(path, other), 0);
    ck_assert_int_eq(ethosu_network_load(&n, dir, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "two compiled networks"), "%s", err);
    unlink(other);
    /* a truncated npz: named */
    FILE *f = fopen(path, "r+b");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(ftruncate(fileno(f), 100), 0);
    fclose(f);
    ck_assert_int_eq(ethosu_network_load(&n, dir, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "net_vela.npz: not a zip archive"), "%s", err);
    remove_folder();
    /* no folder, no npz */
    ck_assert_int_eq(ethosu_network_load(&n, "/nonexistent-network", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "/nonexistent-network: not a readable folder"), "%s", err);
    ck_assert_int_eq(ethosu_network_load(&n, "/", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "/: no *_vela.npz"), "%s", err);
}
END_TEST

static Suite *network_suite(void)
{
    Suite *s = suite_create("ethosu_network");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_payload);
    tcase_add_test(tc, test_payload_configs);
    tcase_add_test(tc, test_opmap_last_writer);
    tcase_add_test(tc, test_opmap_nhcwb16_and_tiles);
    tcase_add_test(tc, test_op_moves_bytes);
    tcase_add_test(tc, test_load_folder);
    tcase_add_test(tc, test_load_reshaped);
    tcase_add_test(tc, test_load_int64_and_variables);
    tcase_add_test(tc, test_load_errors);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(network_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
