/* Unit tests of the NVDLA trace parser (sequences/trace_lex, trace_dat,
 * trace_intr, trace_parse) with the Check framework: every directive in
 * its accepted spellings, every error with its file:line, memory image
 * edge cases, the DUT-dependent checks, the refusals of traces that would
 * pass silently (no directive, nothing compared, empty image) or need too
 * much memory (footprint), the parse options, and all shipped traces.
 * Files are written to a temporary folder; the shipped traces are read
 * from $NVDLA_TRACES (default testdata/nvdla-traces/nv_small);
 * the test fails when they are missing. */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nvdla_regs.h"
#include "trace_dat.h"
#include "trace_intr.h"
#include "trace_lex.h"
#include "trace_parse.h"

static char tmpdir[64];
static char err[2048];

static void path_of(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s/%s", tmpdir, name);
}

static void write_file(const char *name, const char *text)
{
    char p[256];
    path_of(p, sizeof p, name);
    FILE *f = fopen(p, "wb");
    ck_assert_msg(f != NULL, "cannot write %s", p);
    fputs(text, f);
    fclose(f);
}

/* Parse text as <tmpdir>/t.cfg, with options (NULL: the strict default). */
static struct trace *parse_cfg_opts(const char *text, const struct trace_parse_opts *o)
{
    write_file("t.cfg", text);
    char p[256];
    path_of(p, sizeof p, "t.cfg");
    err[0] = 0;
    return trace_parse_with(p, o, err, sizeof err);
}

static struct trace *parse_cfg(const char *text)
{
    write_file("t.cfg", text);
    char p[256];
    path_of(p, sizeof p, "t.cfg");
    err[0] = 0;
    return trace_parse(p, err, sizeof err);
}

/* The parse must fail with exactly "<tmpdir>/" + msg (msg names the file,
 * and the line when there is one). */
static void expect_exact_opts(const char *text, const struct trace_parse_opts *o, const char *msg)
{
    struct trace *t = parse_cfg_opts(text, o);
    ck_assert_msg(t == NULL, "parse of '%s' succeeded, expected '%s'", text, msg);
    char want[1024];
    snprintf(want, sizeof want, "%s/%s", tmpdir, msg);
    ck_assert_msg(strcmp(err, want) == 0, "error '%s', expected '%s'", err, want);
}

static void expect_exact(const char *text, const char *msg)
{
    expect_exact_opts(text, NULL, msg);
}

/* A check so a snippet is a complete trace. */
#define TAIL "intr_notify(SDP_0, s_tail);\ncheck_crc(s_tail, pri_mem, 0x0, 0x8, 0x0);\n"

/* The parse must fail with "<tmpdir>/file:line: ..." containing what. */
static void expect_error(const char *text, const char *file, unsigned line, const char *what)
{
    struct trace *t = parse_cfg(text);
    ck_assert_msg(t == NULL, "parse of %s succeeded, expected an error '%s'", text, what);
    char where[300];
    snprintf(where, sizeof where, "%s/%s:%u: ", tmpdir, file, line);
    ck_assert_msg(strncmp(err, where, strlen(where)) == 0, "error '%s' does not start with '%s'", err, where);
    ck_assert_msg(strstr(err, what) != NULL, "error '%s' does not say '%s'", err, what);
}

static struct trace_image *parse_dat(const char *text)
{
    err[0] = 0;
    return trace_image_parse("m.dat", text, strlen(text), err, sizeof err);
}

static void expect_dat_error(const char *text, unsigned line, const char *what)
{
    struct trace_image *im = parse_dat(text);
    ck_assert_msg(im == NULL, "parse of '%s' succeeded, expected '%s'", text, what);
    char where[64];
    snprintf(where, sizeof where, "m.dat:%u: ", line);
    ck_assert_msg(strncmp(err, where, strlen(where)) == 0, "error '%s' does not start with '%s'", err, where);
    ck_assert_msg(strstr(err, what) != NULL, "error '%s' does not say '%s'", err, what);
}

/* ---- numbers ------------------------------------------------------------ */

static uint64_t num(const char *s)
{
    uint64_t v = 0;
    char why[128];
    ck_assert_msg(trace_lex_number(s, strlen(s), &v, why, sizeof why) == 0, "%s: %s", s, why);
    return v;
}

static void bad_num(const char *s, const char *what)
{
    uint64_t v;
    char why[128];
    ck_assert_msg(trace_lex_number(s, strlen(s), &v, why, sizeof why) != 0, "'%s' accepted", s);
    ck_assert_msg(strstr(why, what) != NULL, "'%s': '%s' does not say '%s'", s, why, what);
}

START_TEST(test_numbers)
{
    ck_assert_uint_eq(num("0"), 0);
    ck_assert_uint_eq(num("42"), 42);
    ck_assert_uint_eq(num("0x1F"), 31);
    ck_assert_uint_eq(num("0XaB"), 0xab);
    ck_assert_uint_eq(num("017"), 15);
    ck_assert_uint_eq(num("0x80000400u"), 0x80000400u);
    ck_assert_uint_eq(num("10ULL"), 10);
    ck_assert_uint_eq(num("0xffffffffffffffff"), UINT64_MAX);
    ck_assert_uint_eq(num("18446744073709551615"), UINT64_MAX);
    bad_num("0x10000000000000000", "does not fit 64 bits");
    bad_num("18446744073709551616", "does not fit 64 bits");
    bad_num("0x", "no hex digits");
    bad_num("0xG1", "bad hex digit 'G'");
    bad_num("09", "bad octal digit '9'");
    bad_num("12a", "bad decimal digit 'a'");
    bad_num("-1", "is not a number");
    bad_num("abc", "is not a number");
    bad_num("", "is not a number");
}
END_TEST

START_TEST(test_intr_ids)
{
    static const struct { const char *name; unsigned bit; } ids[] = {
        { "SDP_0", 0 }, { "SDP_1", 1 }, { "CDP_0", 2 }, { "CDP_1", 3 }, { "PDP_0", 4 }, { "PDP_1", 5 },
        { "BDMA_0", 6 }, { "BDMA_1", 7 }, { "RUBIK_0", 8 }, { "RUBIK_1", 9 }, { "CDMA_DAT_0", 16 },
        { "CDMA_DAT_1", 17 }, { "CDMA_WT_0", 18 }, { "CDMA_WT_1", 19 }, { "CACC_0", 20 }, { "CACC_1", 21 },
    };
    for (unsigned i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        const struct trace_intr_id *id = trace_intr_find(ids[i].name, (unsigned)strlen(ids[i].name));
        ck_assert_msg(id != NULL, "%s unknown", ids[i].name);
        ck_assert_uint_eq(id->bit, ids[i].bit);
        ck_assert_ptr_eq(trace_intr_by_bit(ids[i].bit), id);
    }
    /* any case: the nv_large traces write cdma_dat_0 */
    ck_assert_ptr_eq(trace_intr_find("cdma_dat_0", 10), trace_intr_by_bit(16));
    ck_assert_ptr_eq(trace_intr_find("Cacc_1", 6), trace_intr_by_bit(21));
    ck_assert_ptr_null(trace_intr_find("SDP_2", 5));
    ck_assert_ptr_null(trace_intr_find("SDP", 3));
    ck_assert_uint_eq(trace_intr_unit_bits(NVDLA_UNIT_CDMA, 1), (1u << 16) | (1u << 18));
    ck_assert_uint_eq(trace_intr_unit_bits(NVDLA_UNIT_PDP, 3), 0x30);
    ck_assert_uint_eq(trace_intr_unit_bits(NVDLA_UNIT_SDP, 2), 0x2);
}
END_TEST

/* ---- memory images ------------------------------------------------------ */

START_TEST(test_dat_braced)
{
    struct trace_image *im = parse_dat("{\n"
                                       "{offset:0x0, size:4, payload:0x01 0x00 0x00 0x00} ,\n"
                                       "{offset:0x10, size:2, payload:0xAB 0xcd} ,\n"
                                       "}\n");
    ck_assert_msg(im != NULL, "%s", err);
    ck_assert_uint_eq(im->n, 2);
    ck_assert_uint_eq(im->rec[0].offset, 0);
    ck_assert_uint_eq(im->rec[0].size, 4);
    ck_assert_uint_eq(im->rec[0].line, 2);
    ck_assert_uint_eq(im->rec[1].offset, 0x10);
    ck_assert_uint_eq(im->rec[1].line, 3);
    ck_assert_uint_eq(im->nbytes, 6);
    ck_assert_uint_eq(im->bytes[im->rec[0].data], 1);
    ck_assert_uint_eq(im->bytes[im->rec[1].data], 0xab);
    ck_assert_uint_eq(im->bytes[im->rec[1].data + 1], 0xcd);
    trace_image_free(im);
}
END_TEST

START_TEST(test_dat_unbraced_no_final_newline)
{
    /* the style of PDP_0_input.dat: no braces, "}," and no final newline */
    struct trace_image *im = parse_dat("{offset:0x0, size:2, payload:0x00 0x01},\n"
                                       "{offset:0x20, size:1, payload:0x7f},");
    ck_assert_msg(im != NULL, "%s", err);
    ck_assert_uint_eq(im->n, 2);
    ck_assert_uint_eq(im->rec[1].offset, 0x20);
    ck_assert_uint_eq(im->rec[1].line, 2);
    trace_image_free(im);
}
END_TEST

START_TEST(test_dat_whitespace_and_comments)
{
    struct trace_image *im = parse_dat("\r\n  {  \r\n"
                                       "// a comment\n"
                                       "\t{ offset : 16 ,size: 3 , payload : 1 2 255 }\r\n"
                                       "\n"
                                       "{offset:0x8,size:1,payload:0x0}}");
    ck_assert_msg(im != NULL, "%s", err);
    ck_assert_uint_eq(im->n, 2);
    ck_assert_uint_eq(im->rec[0].offset, 16);
    ck_assert_uint_eq(im->rec[0].line, 4);
    ck_assert_uint_eq(im->bytes[2], 255);
    ck_assert_uint_eq(im->rec[1].line, 6);
    trace_image_free(im);

    im = parse_dat("");
    ck_assert_msg(im != NULL, "%s", err);
    ck_assert_uint_eq(im->n, 0);
    trace_image_free(im);
    im = parse_dat("{\n}\n");
    ck_assert_msg(im != NULL, "%s", err);
    ck_assert_uint_eq(im->n, 0);
    trace_image_free(im);
}
END_TEST

/* "0xNN" bytes take a fast path; what only looks like one takes the general one */
START_TEST(test_dat_payload_byte_forms)
{
    struct trace_image *im = parse_dat("{offset:0x0, size:6, payload:0xAB 0x0cU 0xfful 017 0Xe 9}");
    ck_assert_msg(im != NULL, "%s", err);
    const uint8_t want[] = { 0xab, 0x0c, 0xff, 017, 0xe, 9 };
    for (unsigned i = 0; i < sizeof want; i++)
        ck_assert_uint_eq(im->bytes[i], want[i]);
    trace_image_free(im);
    expect_dat_error("{offset:0x0, size:1, payload:0x7f_}", 1, "'0x7f_' is not a number");
    expect_dat_error("{offset:0x0, size:1, payload:0x7fg}", 1, "'0x7fg' is not a number");
    expect_dat_error("{offset:0x0, size:1, payload:0x1ff}", 1, "'0x1ff' does not fit a byte");
    expect_dat_error("{offset:0x0, size:1, payload:0xff", 1, "not closed with '}'");
}
END_TEST

START_TEST(test_dat_errors)
{
    expect_dat_error("{\n{offset:0x0, size:4, payload:0x01 0x02 0x03} ,\n}\n", 2,
                     "payload has 3 bytes but the record says size:4");
    expect_dat_error("{\n{offset:0x0, size:1, payload:0x01 0x02} ,\n}\n", 2,
                     "payload has 2 bytes but the record says size:1");
    expect_dat_error("{\n{offset:0x0, size:1, payload:0x01} ,\n{offset:0x4, size:2, payload:0x01 0x100} ,\n}\n",
                     3, "payload byte 1: '0x100' does not fit a byte");
    expect_dat_error("{\n\n{offset:0x0, size:2, payload:0x01 0xZ1} ,\n}\n", 3, "payload byte 1: '0xZ1' is not a number");
    expect_dat_error("{\n{offset:0x0, size:2, payload:0x01 0x02 ,\n}\n", 2, "expected a payload byte or '}'");
    expect_dat_error("{\n{ofset:0x0, size:1, payload:0x01} ,\n}\n", 2, "expected 'offset:'");
    expect_dat_error("{\n{offset:0x0 size:1, payload:0x01} ,\n}\n", 2, "expected ',' after the offset");
    expect_dat_error("{\n{offset:0xq, size:1, payload:0x01} ,\n}\n", 2, "offset: '0xq' is not a number");
    expect_dat_error("{\n{offset:0x0, size:1, data:0x01} ,\n}\n", 2, "expected 'payload:'");
    expect_dat_error("{\n{offset:0x0, size:1, payload:0x01} ,\n", 1, "never closed");
    expect_dat_error("{\n{offset:0x0, size:1, payload:0x01} ,\n}\nxyz\n", 4, "unexpected text after the closing '}'");
    expect_dat_error("{offset:0x0, size:1, payload:0x01}\nhello\n", 2, "expected a record");
    expect_dat_error("{offset:0x0, size:2, payload:0x01", 1, "not closed with '}'");
    expect_dat_error("{offset:0xffffffffffffffff, size:2, payload:0x01 0x02}", 1, "wraps around");
}
END_TEST

/* ---- directives ------------------------------------------------------------ */

START_TEST(test_every_directive)
{
    write_file("a.dat", "{\n{offset:0x0, size:4, payload:0x01 0x02 0x03 0x04} ,\n}\n");
    struct trace *t = parse_cfg(
        "// a trace\n"
        "\n"
        "mem_init(pri_mem, 0x80000000, 0x100, ALL_ZERO);\n"
        "mem_load(pri_mem, 0x80000000, \"a.dat\");   // trailing comment\n"
        "  reg_write(NVDLA_SDP.D_OP_ENABLE_0, 0x1);\n"
        "reg_write( NVDLA_GLB.S_INTR_MASK_0 ,0 ) ;\n"
        "poll_reg_equal(NVDLA_CDMA.S_CBUF_FLUSH_STATUS_0,0x1);\n"
        "intr_notify(SDP_0, sync_id_0);\n"
        "check_crc(sync_id_0, 1, 0x90000040, 0x8, 0xcb0ea2db);\n"
        "check_crc(sync_id_0, pri_mem, 0x90000040, 8, 3406734043);\n"
        "intr_notify(s2);\n"
        "check_nothing(s2);\n"
        "mem_init(1, 0x10, 0x10, ALL_ZERO);\r\n"
        "reg_write(NVDLA_PDP.D_OP_ENABLE, 1);\n");
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_str_eq(t->name, "t");
    ck_assert_uint_eq(t->n, 12);
    const struct trace_dir *d = t->dir;
    ck_assert_int_eq(d[0].op, TRACE_MEM_INIT);
    ck_assert_uint_eq(d[0].line, 3);
    ck_assert_int_eq(d[0].mem, TRACE_PRI_MEM);
    ck_assert_uint_eq(d[0].base, 0x80000000u);
    ck_assert_uint_eq(d[0].size, 0x100);
    ck_assert_int_eq(d[1].op, TRACE_MEM_LOAD);
    ck_assert_uint_eq(d[1].line, 4);
    ck_assert_ptr_nonnull(d[1].image);
    ck_assert_uint_eq(d[1].image->n, 1);
    ck_assert_ptr_nonnull(strstr(d[1].file, "/a.dat"));
    ck_assert_int_eq(d[2].op, TRACE_REG_WRITE);
    ck_assert_uint_eq(d[2].reg->addr, NVDLA_SDP_D_OP_ENABLE);
    ck_assert_uint_eq(d[2].value, 1);
    ck_assert_uint_eq(d[3].reg->addr, NVDLA_GLB_S_INTR_MASK);
    ck_assert_int_eq(d[4].op, TRACE_POLL_REG);
    ck_assert_uint_eq(d[4].reg->addr, NVDLA_CDMA_S_CBUF_FLUSH_STATUS);
    ck_assert_uint_eq(d[4].value, 1);
    ck_assert_int_eq(d[5].op, TRACE_INTR_NOTIFY);
    ck_assert_str_eq(d[5].intr->name, "SDP_0");
    ck_assert_str_eq(t->sync[d[5].sync].name, "sync_id_0");
    ck_assert_int_eq(d[6].op, TRACE_CHECK_CRC);
    ck_assert_uint_eq(d[6].sync, d[5].sync);
    ck_assert_int_eq(d[6].mem, TRACE_PRI_MEM);
    ck_assert_uint_eq(d[6].base, 0x90000040u);
    ck_assert_uint_eq(d[6].size, 8);
    ck_assert_uint_eq(d[6].crc, 0xcb0ea2dbu);
    ck_assert_uint_eq(d[7].crc, 0xcb0ea2dbu);
    ck_assert_int_eq(d[8].op, TRACE_INTR_NOTIFY);
    ck_assert_ptr_null(d[8].intr);
    ck_assert_int_eq(d[9].op, TRACE_CHECK_NOTHING);
    ck_assert_uint_eq(d[9].sync, d[8].sync);
    ck_assert_uint_eq(d[10].line, 13);
    ck_assert_uint_eq(d[11].reg->addr, NVDLA_PDP_D_OP_ENABLE);
    ck_assert_uint_eq(t->nsync, 2);
    ck_assert_uint_eq(t->sync[0].notifies, 1);
    ck_assert_uint_eq(t->sync[0].last_notify, 5);
    ck_assert_uint_eq(t->sync[1].last_notify, 8);
    ck_assert_int_eq(trace_check_dut(t, 32, 0, err, sizeof err), 0);
    trace_free(t);
}
END_TEST

START_TEST(test_sync_semantics)
{
    /* a check may come before its intr_notify; several notifies of one
     * sync: it fires at the last */
    struct trace *t = parse_cfg("check_crc(s, pri_mem, 0x0, 0x4, 0x0);\n"
                                "intr_notify(CDMA_DAT_0, s);\n"
                                "intr_notify(CDMA_WT_0, s);\n"
                                "intr_notify(SDP_0, s);\n");
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_uint_eq(t->nsync, 1);
    ck_assert_uint_eq(t->sync[0].notifies, 3);
    ck_assert_uint_eq(t->sync[0].last_notify, 3);
    trace_free(t);
}
END_TEST

START_TEST(test_sync_events)
{
    /* notify, then waits of other units on it; the unit is kept */
    struct trace *t = parse_cfg("reg_write(NVDLA_CACC.D_OP_ENABLE_0, 0x1);\n"
                                "sync_notify(NVDLA_CACC, ev_cacc);\n"
                                "sync_wait(NVDLA_CMAC_A, ev_cacc);\n"
                                "sync_wait( NVDLA_CMAC_B , ev_cacc );\n"
                                "sync_notify(NVDLA_CMAC_A, ev_a);\n"
                                "sync_notify(NVDLA_CMAC_A, ev_a);\n"
                                "sync_wait(NVDLA_CSC, ev_a);\n" TAIL);
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_uint_eq(t->nevent, 2);
    ck_assert_uint_eq(t->nsync, 1);     /* events are apart from the check syncs */
    ck_assert_int_eq(t->dir[1].op, TRACE_SYNC_NOTIFY);
    ck_assert_int_eq(t->dir[1].unit, NVDLA_UNIT_CACC);
    ck_assert_int_eq(t->dir[2].op, TRACE_SYNC_WAIT);
    ck_assert_int_eq(t->dir[2].unit, NVDLA_UNIT_CMAC_A);
    ck_assert_uint_eq(t->dir[2].event, t->dir[1].event);
    ck_assert_uint_eq(t->event[t->dir[4].event].first_notify, 4);
    ck_assert_str_eq(trace_op_name(t->dir[6].op), "sync_wait");
    trace_free(t);
    /* a wait with no notify, or one before its notify: file:line */
    expect_error("sync_wait(NVDLA_CSC, never);\n" TAIL, "t.cfg", 1,
                 "sync_wait(NVDLA_CSC, never): event 'never' is never notified");
    expect_error("\nsync_wait(NVDLA_CSC, e);\nsync_notify(NVDLA_CACC, e);\n" TAIL, "t.cfg", 2,
                 "event 'e' is notified only later, at line 3");
    expect_error("sync_notify(CACC, e);\n" TAIL, "t.cfg", 1, "sync_notify: 'CACC' is not a unit");
    expect_error("sync_notify(NVDLA_NOPE, e);\n" TAIL, "t.cfg", 1, "'NVDLA_NOPE' is not a unit");
    expect_error("sync_wait(NVDLA_CSC, a-b);\n" TAIL, "t.cfg", 1, "'a-b' is not an event name");
    expect_error("sync_wait(NVDLA_CSC);\n" TAIL, "t.cfg", 1, "sync_wait(NVDLA_UNIT, EVENT)");
}
END_TEST

START_TEST(test_sec_mem)
{
    struct trace *t = parse_cfg("mem_init(sec_mem, 0x0, 0x10, ALL_ZERO);\n"
                                "intr_notify(SDP_0, s);\n"
                                "check_crc(s, 2, 0x0, 0x10, 0x0);\n"
                                "mem_init(1, 0x0, 0x10, ALL_ZERO);\n"
                                "mem_init(0x2, 0x0, 0x10, ALL_ZERO);\n"
                                "check_crc(s, 1, 0x0, 0x10, 0x0);\n");
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_int_eq(t->dir[0].mem, TRACE_SEC_MEM);
    ck_assert_int_eq(t->dir[2].mem, TRACE_SEC_MEM);
    ck_assert_int_eq(t->dir[3].mem, TRACE_PRI_MEM);
    ck_assert_int_eq(t->dir[4].mem, TRACE_SEC_MEM);
    ck_assert_int_eq(t->dir[5].mem, TRACE_PRI_MEM);
    ck_assert_int_eq(trace_check_dut(t, 32, 1, err, sizeof err), 0);
    ck_assert_int_eq(trace_check_dut(t, 32, 0, err, sizeof err), -1);
    char where[300];
    snprintf(where, sizeof where, "%s/t.cfg:1: mem_init: sec_mem (SRAMIF memory) but the DUT has no SRAMIF", tmpdir);
    ck_assert_msg(strstr(err, where) == err, "%s", err);
    trace_free(t);
}
END_TEST

START_TEST(test_line_errors)
{
    const char *ok = "reg_write(NVDLA_SDP.S_POINTER_0, 0x0);\n";
    char buf[1024];
#define AT3(bad) (snprintf(buf, sizeof buf, "%s\n%s%s\n", ok, ok, bad), buf)
    expect_error(AT3("reg_wrte(NVDLA_SDP.S_POINTER_0, 0x0);"), "t.cfg", 4, "unknown directive 'reg_wrte'");
    expect_error(AT3("reg_write(NVDLA_SDP.S_POINTER_0, 0x0)"), "t.cfg", 4, "missing ';'");
    expect_error(AT3("reg_write(NVDLA_SDP.S_POINTER_0, 0x0;"), "t.cfg", 4, "missing ')'");
    expect_error(AT3("reg_write NVDLA_SDP.S_POINTER_0, 0x0);"), "t.cfg", 4, "expected '('");
    expect_error(AT3("reg_write(NVDLA_SDP.S_POINTER_0, 0x0); x"), "t.cfg", 4, "unexpected text after ';'");
    expect_error(AT3("reg_write(NVDLA_SDP.S_POINTER_0);"), "t.cfg", 4, "1 argument, expected reg_write(");
    expect_error(AT3("reg_write(NVDLA_SDP.S_POINTER_0, , 1);"), "t.cfg", 4, "3 arguments");
    expect_error(AT3("reg_write(NVDLA_SDP.S_POINTER_0, );"), "t.cfg", 4, "argument 2 is empty");
    expect_error(AT3("reg_write(NVDLA_SDP.NO_SUCH_REG_0, 0x0);"), "t.cfg", 4, "unknown register 'NO_SUCH_REG_0' of unit SDP");
    expect_error(AT3("reg_write(NVDLA_XYZ.S_POINTER_0, 0x0);"), "t.cfg", 4, "unknown unit 'XYZ'");
    expect_error(AT3("reg_write(SDP.S_POINTER_0, 0x0);"), "t.cfg", 4, "is not a register name");
    expect_error(AT3("reg_write(NVDLA_SDP.S_POINTER_0, 0x1g);"), "t.cfg", 4, "reg_write: value: '0x1g' is not a number");
    expect_error(AT3("reg_write(NVDLA_SDP.S_POINTER_0, 0x100000000);"), "t.cfg", 4, "does not fit 32 bits");
    expect_error(AT3("poll_reg_equal(NVDLA_CDMA.NOPE, 1);"), "t.cfg", 4, "unknown register 'NOPE' of unit CDMA");
    expect_error(AT3("intr_notify(SDP_7, s);"), "t.cfg", 4, "unknown interrupt ID 'SDP_7'");
    expect_error(AT3("intr_notify(SDP_0, s-1);"), "t.cfg", 4, "is not a sync name");
    expect_error(AT3("intr_notify(SDP_0, s, x);"), "t.cfg", 4, "3 arguments");
    expect_error(AT3("mem_init(pri_mem, 0x0, 0x10, ALL_ONES);"), "t.cfg", 4, "unknown fill pattern 'ALL_ONES'");
    expect_error(AT3("mem_init(dram, 0x0, 0x10, ALL_ZERO);"), "t.cfg", 4, "unknown memory 'dram'");
    expect_error(AT3("mem_init(3, 0x0, 0x10, ALL_ZERO);"), "t.cfg", 4, "unknown memory '3'");
    expect_error(AT3("mem_init(pri_mem, 0x0, 0x10000000000000000, ALL_ZERO);"), "t.cfg", 4, "does not fit 64 bits");
    expect_error(AT3("mem_init(pri_mem, 0xffffffffffffff00, 0x100, ALL_ZERO);"), "t.cfg", 4, "wraps around");
    expect_error(AT3("mem_load(pri_mem, 0x0, a.dat);"), "t.cfg", 4, "must be quoted");
    expect_error(AT3("mem_load(pri_mem, 0x0, \"missing.dat\");"), "t.cfg", 4, "cannot read memory image \"missing.dat\"");
    expect_error(AT3("mem_load(pri_mem, 0x0, \"a.dat);"), "t.cfg", 4, "missing ')'");
    expect_error(AT3("check_crc(s, pri_mem, 0x0, 0x10, 0x100000000);"), "t.cfg", 4, "check_crc: crc 0x100000000 does not fit 32 bits");
    expect_error(AT3("check_crc(s, pri_mem, 0x0, 0x10);"), "t.cfg", 4, "4 arguments");
    expect_error(AT3("12(3);"), "t.cfg", 4, "unknown directive '12'");
    expect_error(AT3("(x);"), "t.cfg", 4, "expected a directive");
    /* checks bound to a sync nobody notifies */
    expect_error("intr_notify(SDP_0, a);\ncheck_crc(b, pri_mem, 0x0, 0x10, 0x0);\n", "t.cfg", 2,
                 "sync 'b' is never notified");
    expect_error("check_nothing(c);\n", "t.cfg", 1, "sync 'c' is never notified");
#undef AT3
}
END_TEST

START_TEST(test_dat_errors_through_cfg)
{
    write_file("bad.dat", "{\n{offset:0x0, size:4, payload:0x01 0x02 0x03 0x04} ,\n"
                          "{offset:0x4, size:4, payload:0x01 0x02 0x03} ,\n}\n");
    expect_error("mem_load(pri_mem, 0x0, \"bad.dat\");\n", "bad.dat", 3, "payload has 3 bytes");
    write_file("bad2.dat", "{\n{offset:0x0, size:2, payload:0x01 0x1ff} ,\n}\n");
    expect_error("\nmem_load(pri_mem, 0x0, \"bad2.dat\");\n", "bad2.dat", 2, "does not fit a byte");
}
END_TEST

START_TEST(test_overlaps)
{
    write_file("a.dat", "{\n{offset:0x0, size:8, payload:0 1 2 3 4 5 6 7} ,\n{offset:0x10, size:4, payload:0 1 2 3} ,\n}\n");
    write_file("b.dat", "{\n{offset:0x0, size:4, payload:0 1 2 3} ,\n}\n");
    write_file("self.dat", "{\n{offset:0x0, size:8, payload:0 1 2 3 4 5 6 7} ,\n{offset:0x4, size:4, payload:0 1 2 3} ,\n}\n");
    /* a later load overwrites an earlier one (expected-output images are
     * loaded where the DUT writes): accepted, in file order */
    struct trace *o = parse_cfg("mem_load(pri_mem, 0x1000, \"a.dat\");\nmem_load(pri_mem, 0x1012, \"b.dat\");\n"
                                "mem_load(pri_mem, 0x1000, \"a.dat\");\n" TAIL);
    ck_assert_msg(o != NULL, "%s", err);
    ck_assert_uint_eq(o->n, 5);
    trace_free(o);
    /* inside one file */
    expect_error("mem_load(pri_mem, 0x0, \"self.dat\");\n", "self.dat", 3, "overlaps the record 0x0..+0x8");
    /* adjacent records, other memories and mem_init overlaps are fine */
    struct trace *t = parse_cfg("mem_init(pri_mem, 0x1000, 0x100, ALL_ZERO);\n"
                                "mem_load(pri_mem, 0x1000, \"a.dat\");\n"
                                "mem_load(pri_mem, 0x1008, \"b.dat\");\n"
                                "mem_load(pri_mem, 0x1014, \"b.dat\");\n"
                                "mem_load(sec_mem, 0x1000, \"a.dat\");\n" TAIL);
    ck_assert_msg(t != NULL, "%s", err);
    trace_free(t);
}
END_TEST

START_TEST(test_address_space)
{
    write_file("a.dat", "{\n{offset:0x0, size:4, payload:0 1 2 3} ,\n{offset:0xfc, size:8, payload:0 1 2 3 4 5 6 7} ,\n}\n");
    struct {
        const char *cfg;
        const char *file;
        unsigned line;
        const char *what;
    } cases[] = {
        { "mem_init(pri_mem, 0x100000000, 0x10, ALL_ZERO);\n" TAIL, "t.cfg", 1,
          "mem_init: 0x100000000..+0x10 is beyond the DUT's 32-bit address space" },
        { "\nmem_init(pri_mem, 0xfffffff0, 0x11, ALL_ZERO);\n" TAIL, "t.cfg", 2, "beyond the DUT's 32-bit" },
        { "intr_notify(SDP_0, s);\ncheck_crc(s, pri_mem, 0x1ffffff00, 0x10, 0x0);\n", "t.cfg", 2,
          "check_crc: 0x1ffffff00..+0x10 is beyond" },
        { "mem_load(pri_mem, 0x100000000, \"a.dat\");\n" TAIL, "t.cfg", 1, "mem_load: base 0x100000000 is beyond" },
        { "mem_load(pri_mem, 0xffffff00, \"a.dat\");\n" TAIL, "a.dat", 3, "record 0xfffffffc..+0x8 (mem_load at " },
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct trace *t = parse_cfg(cases[i].cfg);
        ck_assert_msg(t != NULL, "%s", err);
        ck_assert_int_eq(trace_check_dut(t, 64, 1, err, sizeof err), 0);
        ck_assert_int_eq(trace_check_dut(t, 32, 1, err, sizeof err), -1);
        char where[300];
        snprintf(where, sizeof where, "%s/%s:%u: ", tmpdir, cases[i].file, cases[i].line);
        ck_assert_msg(strncmp(err, where, strlen(where)) == 0, "'%s' does not start with '%s'", err, where);
        ck_assert_msg(strstr(err, cases[i].what) != NULL, "'%s' does not say '%s'", err, cases[i].what);
        trace_free(t);
    }
    /* the last byte of the space is fine */
    struct trace *t = parse_cfg("mem_init(pri_mem, 0xfffffff0, 0x10, ALL_ZERO);\n" TAIL);
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_int_eq(trace_check_dut(t, 32, 0, err, sizeof err), 0);
    ck_assert_int_eq(trace_check_dut(t, 31, 0, err, sizeof err), -1);
    trace_free(t);
}
END_TEST

START_TEST(test_resolve_directory)
{
    char d[256], out[512], p[512];
    path_of(d, sizeof d, "one");
    ck_assert_int_eq(mkdir(d, 0755), 0);
    snprintf(p, sizeof p, "%s/x.cfg", d);
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fputs("intr_notify(SDP_0, s);\ncheck_nothing(s);\n", f);
    fclose(f);
    ck_assert_int_eq(trace_resolve(d, out, sizeof out, err, sizeof err), 0);
    ck_assert_str_eq(out, p);
    /* a check_nothing trace: refused by default, accepted when allowed */
    ck_assert_ptr_null(trace_parse(d, err, sizeof err));
    char want[600];
    snprintf(want, sizeof want, "%s: no check_crc: nothing would be compared", p);
    ck_assert_str_eq(err, want);
    struct trace_parse_opts o = { .allow_no_check = 1 };
    struct trace *t = trace_parse_with(d, &o, err, sizeof err);
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_str_eq(t->name, "x");
    trace_free(t);
    /* two .cfg files: the one named after the folder wins */
    snprintf(p, sizeof p, "%s/one.cfg", d);
    f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    ck_assert_int_eq(trace_resolve(d, out, sizeof out, err, sizeof err), 0);
    ck_assert_str_eq(out, p);
    unlink(p);
    snprintf(p, sizeof p, "%s/y.cfg", d);
    f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    ck_assert_int_eq(trace_resolve(d, out, sizeof out, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "2 .cfg traces"));
    unlink(p);
    snprintf(p, sizeof p, "%s/x.cfg", d);
    unlink(p);
    ck_assert_int_eq(trace_resolve(d, out, sizeof out, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "no .cfg trace"));
    rmdir(d);
    ck_assert_ptr_null(trace_parse("/no/such/trace.cfg", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "/no/such/trace.cfg: cannot open trace"));
}
END_TEST

/* ---- no silent pass ----------------------------------------------------------- */

START_TEST(test_no_directives)
{
    const char *texts[] = { "", "\n\n", "// only a comment\n\n   // and another\r\n", "  \t\n" };
    struct trace_parse_opts allow = { .allow_no_check = 1 };
    for (unsigned i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        expect_exact(texts[i], "t.cfg: no directives: nothing would be run or compared");
        /* allowing no check does not allow nothing at all */
        expect_exact_opts(texts[i], &allow, "t.cfg: no directives: nothing would be run or compared");
    }
    /* through trace_parse_text too */
    ck_assert_ptr_null(trace_parse_text("mem.cfg", "// x\n", 5, err, sizeof err));
    ck_assert_str_eq(err, "mem.cfg: no directives: nothing would be run or compared");
}
END_TEST

START_TEST(test_no_check_crc)
{
    const char *only_nothing = "reg_write(NVDLA_SDP.D_OP_ENABLE_0, 0x1);\n"
                               "intr_notify(SDP_0, s);\n"
                               "check_nothing(s);\n";
    const char *no_check = "mem_init(pri_mem, 0x0, 0x100, ALL_ZERO);\n"
                           "reg_write(NVDLA_SDP.D_OP_ENABLE_0, 0x1);\n"
                           "intr_notify(SDP_0, s);\n";
    const char *crc0 = "intr_notify(SDP_0, s);\n"
                       "check_crc(s, pri_mem, 0x80000000, 0x0, 0x0);\n";
    expect_exact(only_nothing, "t.cfg: no check_crc: nothing would be compared");
    expect_exact(no_check, "t.cfg: no check_crc: nothing would be compared");
    expect_exact(crc0, "t.cfg:2: check_crc: size 0: nothing would be compared");
    /* explicitly allowed: all three parse */
    struct trace_parse_opts allow = { .allow_no_check = 1 };
    struct trace *t = parse_cfg_opts(only_nothing, &allow);
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_uint_eq(t->n, 3);
    ck_assert_int_eq(t->dir[2].op, TRACE_CHECK_NOTHING);
    trace_free(t);
    t = parse_cfg_opts(no_check, &allow);
    ck_assert_msg(t != NULL, "%s", err);
    trace_free(t);
    t = parse_cfg_opts(crc0, &allow);
    ck_assert_msg(t != NULL, "%s", err);
    trace_free(t);
    /* a check_nothing next to a real check_crc is fine by default */
    t = parse_cfg("intr_notify(SDP_0, a);\ncheck_nothing(a);\n" TAIL);
    ck_assert_msg(t != NULL, "%s", err);
    trace_free(t);
    /* the options default when all zero or NULL */
    struct trace_parse_opts zero = { 0 };
    expect_exact_opts(only_nothing, &zero, "t.cfg: no check_crc: nothing would be compared");
    ck_assert_ptr_null(trace_parse_text_with("m.cfg", only_nothing, strlen(only_nothing), NULL, err, sizeof err));
    ck_assert_str_eq(err, "m.cfg: no check_crc: nothing would be compared");
}
END_TEST

START_TEST(test_empty_image)
{
    const char *empties[] = { "", "{\n}\n", "// nothing here\n\n", "  {  }  " };
    char msg[512];
    snprintf(msg, sizeof msg, "empty.dat: empty memory image (no records) (mem_load at %s/t.cfg:2)", tmpdir);
    for (unsigned i = 0; i < sizeof empties / sizeof empties[0]; i++) {
        write_file("empty.dat", empties[i]);
        expect_exact("mem_init(pri_mem, 0x0, 0x100, ALL_ZERO);\n"
                     "mem_load(pri_mem, 0x0, \"empty.dat\");\n" TAIL, msg);
    }
    /* not even allow_no_check accepts it */
    struct trace_parse_opts allow = { .allow_no_check = 1 };
    expect_exact_opts("mem_init(pri_mem, 0x0, 0x100, ALL_ZERO);\n"
                      "mem_load(pri_mem, 0x0, \"empty.dat\");\n", &allow, msg);
    /* the image parser alone still reads it as 0 records */
    struct trace_image *im = parse_dat("{\n}\n");
    ck_assert_msg(im != NULL, "%s", err);
    ck_assert_uint_eq(im->n, 0);
    trace_image_free(im);
}
END_TEST

/* image: an image held in memory, by the path the parser names it;
 * another path is read from its file */
static struct trace_image *held_image(void *user, const char *path)
{
    size_t l = strlen(path);
    if (l < 9 || strcmp(path + l - 9, "/held.dat"))
        return NULL;
    ++*(int *)user;
    static const uint8_t bytes[8] = { 0, 0, 0, 0, 0x5a, 0xa5, 0, 0 };
    return trace_image_of_bytes(path, bytes, sizeof bytes, 4);
}

START_TEST(test_image_held)
{
    int asked = 0;
    struct trace_parse_opts o = { .image = held_image, .image_user = &asked };
    /* no held.dat on disk: the image given is the trace's */
    struct trace *t = parse_cfg_opts("mem_init(pri_mem, 0x0, 0x100, ALL_ZERO);\n"
                                     "mem_load(pri_mem, 0x10, \"held.dat\");\n" TAIL, &o);
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_int_eq(asked, 1);
    const struct trace_image *im = NULL;
    for (size_t i = 0; i < t->n && !im; i++)
        im = t->dir[i].image;
    ck_assert_ptr_nonnull(im);
    ck_assert_uint_eq(im->n, 1);
    ck_assert_uint_eq(im->rec[0].offset, 4);
    ck_assert_uint_eq(im->nbytes, 4);
    ck_assert_uint_eq(im->bytes[0], 0x5a);
    ck_assert_uint_eq(im->bytes[1], 0xa5);
    trace_free(t);
    /* a path the provider does not hold: the file, as without it */
    char msg[512];
    snprintf(msg, sizeof msg, "t.cfg:2: mem_load: cannot read memory image \"missing.dat\" (%s/missing.dat): %s",
             tmpdir, strerror(ENOENT));
    expect_exact_opts("mem_init(pri_mem, 0x0, 0x100, ALL_ZERO);\n"
                      "mem_load(pri_mem, 0x0, \"missing.dat\");\n" TAIL, &o, msg);
    ck_assert_int_eq(asked, 1);
}
END_TEST

/* trace_image_of_bytes gives what trace_image_parse reads from the text of
 * a record per chunk, the all-zero chunks left out: records, offsets, sizes,
 * data, lines, bytes */
START_TEST(test_image_of_bytes)
{
    uint64_t x = 88172645463325252ull;
    for (int round = 0; round < 300; round++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        size_t size = x % 300, chunk = 1 + (x >> 20) % 40;
        uint8_t bytes[300];
        for (size_t i = 0; i < size; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            /* whole zero chunks often, and zeros inside the others */
            bytes[i] = ((i / chunk) % 3 == (size_t)round % 3 || x % 4 == 0) ? 0 : (uint8_t)(x >> 32);
        }
        char text[300 * 48 + 16], *w = text;   /* at most a record a byte */
        w += sprintf(w, "{\n");
        for (size_t off = 0; off < size; off += chunk) {
            size_t n = size - off < chunk ? size - off : chunk, nz = 0;
            for (size_t i = 0; i < n; i++)
                nz |= bytes[off + i];
            if (!nz)
                continue;
            w += sprintf(w, "{offset:0x%zx, size:%zu, payload:", off, n);
            for (size_t i = 0; i < n; i++)
                w += sprintf(w, "%s0x%02x", i ? " " : "", bytes[off + i]);
            w += sprintf(w, "} ,\n");
        }
        w += sprintf(w, "}\n");
        struct trace_image *want = parse_dat(text);
        struct trace_image *got = trace_image_of_bytes("t.dat", bytes, size, chunk);
        ck_assert_ptr_nonnull(want);
        ck_assert_ptr_nonnull(got);
        ck_assert_uint_eq(got->n, want->n);
        ck_assert_uint_eq(got->nbytes, want->nbytes);
        for (size_t r = 0; r < got->n; r++) {
            ck_assert_uint_eq(got->rec[r].offset, want->rec[r].offset);
            ck_assert_uint_eq(got->rec[r].size, want->rec[r].size);
            ck_assert_uint_eq(got->rec[r].data, want->rec[r].data);
            ck_assert_uint_eq(got->rec[r].line, want->rec[r].line);
        }
        ck_assert(!got->nbytes || !memcmp(got->bytes, want->bytes, got->nbytes));
        trace_image_free(want);
        trace_image_free(got);
    }
    ck_assert_ptr_null(trace_image_of_bytes("t.dat", (const uint8_t *)"x", 1, 0));
}
END_TEST

START_TEST(test_footprint)
{
    write_file("f.dat", "{\n{offset:0x0, size:4, payload:1 2 3 4} ,\n}\n");
    /* exactly 4 GiB per memory, in each memory: fine, and counted */
    struct trace *t = parse_cfg("mem_init(pri_mem, 0x0, 0x80000000, ALL_ZERO);\n"
                                "mem_init(pri_mem, 0x80000000, 0x7ffffffc, ALL_ZERO);\n"
                                "mem_load(pri_mem, 0x10, \"f.dat\");\n"
                                "mem_init(sec_mem, 0x0, 0x100000000, ALL_ZERO);\n" TAIL);
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_uint_eq(t->footprint[TRACE_PRI_MEM], (uint64_t)4 << 30);
    ck_assert_uint_eq(t->footprint[TRACE_SEC_MEM], (uint64_t)4 << 30);
    trace_free(t);
    /* one more byte: refused where the sum crosses the limit, with the
     * trace's total */
    expect_exact("mem_init(pri_mem, 0x0, 0x80000000, ALL_ZERO);\n"
                 "mem_init(pri_mem, 0x80000000, 0x7ffffffc, ALL_ZERO);\n"
                 "mem_init(sec_mem, 0x0, 0x100000000, ALL_ZERO);\n"
                 "mem_load(pri_mem, 0x0, \"f.dat\");\n"
                 "mem_init(pri_mem, 0x100000000, 0x1, ALL_ZERO);\n" TAIL,
                 "t.cfg:5: mem_init: pri_mem footprint 4294967297 bytes (4.00 GiB) exceeds the limit of "
                 "4294967296 bytes (4.00 GiB) per memory (footprint: the sum of mem_init sizes and mem_load "
                 "record bytes; this directive crosses the limit)");
    expect_exact("mem_init(pri_mem, 0x0, 0x100000000, ALL_ZERO);\n"
                 "\n"
                 "mem_load(pri_mem, 0x0, \"f.dat\");\n"
                 "mem_init(pri_mem, 0x0, 0x100000000, ALL_ZERO);\n" TAIL,
                 "t.cfg:3: mem_load: pri_mem footprint 8589934596 bytes (8.00 GiB) exceeds the limit of "
                 "4294967296 bytes (4.00 GiB) per memory (footprint: the sum of mem_init sizes and mem_load "
                 "record bytes; this directive crosses the limit)");
    /* a limit of the caller's */
    struct trace_parse_opts o = { .max_footprint = 0x1000 };
    expect_exact_opts("mem_init(sec_mem, 0x0, 0x1001, ALL_ZERO);\n" TAIL, &o,
                      "t.cfg:1: mem_init: sec_mem footprint 4097 bytes (0.00 GiB) exceeds the limit of 4096 "
                      "bytes (0.00 GiB) per memory (footprint: the sum of mem_init sizes and mem_load record "
                      "bytes; this directive crosses the limit)");
    t = parse_cfg_opts("mem_init(sec_mem, 0x0, 0x1000, ALL_ZERO);\n" TAIL, &o);
    ck_assert_msg(t != NULL, "%s", err);
    trace_free(t);
    /* no limit: the sum saturates instead of wrapping */
    o.max_footprint = UINT64_MAX;
    t = parse_cfg_opts("mem_init(pri_mem, 0x0, 0xffffffffffffffff, ALL_ZERO);\n"
                       "mem_init(pri_mem, 0x0, 0xffffffffffffffff, ALL_ZERO);\n" TAIL, &o);
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_uint_eq(t->footprint[TRACE_PRI_MEM], UINT64_MAX);
    ck_assert_uint_eq(t->footprint[TRACE_SEC_MEM], 0);
    trace_free(t);
}
END_TEST

/* Every shipped trace parses and fits the twin's 32-bit space. */
START_TEST(test_shipped_traces)
{
    const char *root = getenv("NVDLA_TRACES");
    if (!root)
        root = "testdata/nvdla-traces/nv_small";
    DIR *dh = opendir(root);
    ck_assert_msg(dh != NULL, "the NVDLA traces are not at %s: set NVDLA_TRACES to their folder", root);
    unsigned n = 0;
    struct dirent *e;
    while ((e = readdir(dh))) {
        if (e->d_name[0] == '.')
            continue;
        char p[1024];
        snprintf(p, sizeof p, "%s/%s", root, e->d_name);
        struct stat st;
        if (stat(p, &st) || !S_ISDIR(st.st_mode))
            continue;
        struct trace *t = trace_parse(p, err, sizeof err);
        ck_assert_msg(t != NULL, "%s", err);
        ck_assert_msg(trace_check_dut(t, 32, 0, err, sizeof err) == 0, "%s", err);
        unsigned checks = 0;
        for (size_t i = 0; i < t->n; i++)
            checks += t->dir[i].op == TRACE_CHECK_CRC;
        ck_assert_msg(checks > 0, "%s: no check_crc", p);
        trace_free(t);
        n++;
    }
    closedir(dh);
    ck_assert_uint_ge(n, 46);
}
END_TEST

/* The nv_large traces (next to the nv_small folder): sec_mem, numeric
 * memory names, sync_notify/sync_wait, lower-case interrupt IDs and
 * expected-output images all parse, and fit a 64-bit DUT with SRAMIF. */
START_TEST(test_shipped_nv_large)
{
    const char *root = getenv("NVDLA_TRACES_NV_LARGE");
    if (!root)
        root = "testdata/nvdla-traces/nv_large";
    DIR *dh = opendir(root);
    ck_assert_msg(dh != NULL, "the nv_large traces are not at %s: set NVDLA_TRACES_NV_LARGE", root);
    unsigned n = 0, waits = 0, sec = 0;
    struct dirent *e;
    while ((e = readdir(dh))) {
        char p[1024];
        snprintf(p, sizeof p, "%s/%s", root, e->d_name);
        struct stat st;
        if (e->d_name[0] == '.' || stat(p, &st) || !S_ISDIR(st.st_mode))
            continue;
        struct trace *t = trace_parse(p, err, sizeof err);
        ck_assert_msg(t != NULL, "%s", err);
        ck_assert_msg(trace_check_dut(t, 64, 1, err, sizeof err) == 0, "%s", err);
        for (size_t i = 0; i < t->n; i++) {
            waits += t->dir[i].op == TRACE_SYNC_WAIT;
            sec += t->dir[i].mem == TRACE_SEC_MEM;
        }
        trace_free(t);
        n++;
    }
    closedir(dh);
    ck_assert_uint_ge(n, 6);
    ck_assert_uint_gt(waits, 0);
    ck_assert_uint_gt(sec, 0);
}
END_TEST

static Suite *trace_suite(void)
{
    Suite *s = suite_create("trace_parse");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_numbers);
    tcase_add_test(tc, test_intr_ids);
    tcase_add_test(tc, test_dat_braced);
    tcase_add_test(tc, test_dat_unbraced_no_final_newline);
    tcase_add_test(tc, test_dat_whitespace_and_comments);
    tcase_add_test(tc, test_dat_payload_byte_forms);
    tcase_add_test(tc, test_dat_errors);
    tcase_add_test(tc, test_every_directive);
    tcase_add_test(tc, test_sync_semantics);
    tcase_add_test(tc, test_sync_events);
    tcase_add_test(tc, test_sec_mem);
    tcase_add_test(tc, test_line_errors);
    tcase_add_test(tc, test_dat_errors_through_cfg);
    tcase_add_test(tc, test_overlaps);
    tcase_add_test(tc, test_address_space);
    tcase_add_test(tc, test_resolve_directory);
    tcase_add_test(tc, test_no_directives);
    tcase_add_test(tc, test_no_check_crc);
    tcase_add_test(tc, test_empty_image);
    tcase_add_test(tc, test_image_held);
    tcase_add_test(tc, test_image_of_bytes);
    tcase_add_test(tc, test_footprint);
    tcase_add_test(tc, test_shipped_traces);
    tcase_add_test(tc, test_shipped_nv_large);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/trace_parse_test.XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 2;
    }
    SRunner *sr = srunner_create(trace_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    return failed ? 1 : 0;
}
