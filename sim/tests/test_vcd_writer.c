/* Unit test for sim/waves/vcd_writer.c (Check framework).
 * Build: gcc -std=c11 -O2 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -Isim \
 *        sim/waves/vcd_writer.c sim/tests/test_vcd_writer.c $(pkg-config --cflags --libs check) -lz
 * The writer's output is read back (plain, or through gzread), parsed
 * minimally and checked against what the test drove. The FST tests run
 * GTKWave's vcd2fst/fst2vcd when installed, and a fake vcd2fst. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "vcd_writer.h"

static char tmpdir[64];

static void tmp_path(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s/%s", tmpdir, name);
}

/* ---- reading and parsing the output ------------------------------------ */

/* Whole file as a NUL-terminated string, through gzread when gz. */
static char *slurp(const char *path, int gz)
{
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    ck_assert_ptr_nonnull(buf);
    if (gz) {
        gzFile g = gzopen(path, "rb");
        ck_assert_msg(g != NULL, "gzopen %s", path);
        for (;;) {
            int n;
            if (cap - len < 4096) {
                cap *= 2;
                buf = realloc(buf, cap);
                ck_assert_ptr_nonnull(buf);
            }
            n = gzread(g, buf + len, (unsigned)(cap - len - 1));
            ck_assert_int_ge(n, 0);
            if (n == 0)
                break;
            len += (size_t)n;
        }
        ck_assert_int_eq(gzclose(g), Z_OK);
    } else {
        FILE *f = fopen(path, "rb");
        ck_assert_msg(f != NULL, "fopen %s", path);
        for (;;) {
            size_t n;
            if (cap - len < 4096) {
                cap *= 2;
                buf = realloc(buf, cap);
                ck_assert_ptr_nonnull(buf);
            }
            n = fread(buf + len, 1, cap - len - 1, f);
            if (n == 0)
                break;
            len += n;
        }
        fclose(f);
    }
    buf[len] = '\0';
    return buf;
}

/* First two bytes of a file: gzip magic is 1f 8b. */
static int is_gzip_file(const char *path)
{
    unsigned char m[2] = {0, 0};
    FILE *f = fopen(path, "rb");
    size_t n;
    ck_assert_ptr_nonnull(f);
    n = fread(m, 1, 2, f);
    fclose(f);
    return n == 2 && m[0] == 0x1f && m[1] == 0x8b;
}

struct vcd_text {
    char *text;
    char **lines;
    size_t n;
};

/* Read and split in place into lines (without '\n'). */
static void vcd_load(struct vcd_text *v, const char *path, int gz)
{
    size_t cap = 256;
    char *p;
    v->text = slurp(path, gz);
    v->n = 0;
    v->lines = malloc(cap * sizeof *v->lines);
    ck_assert_ptr_nonnull(v->lines);
    ck_assert_msg(v->text[0] && v->text[strlen(v->text) - 1] == '\n',
                  "file empty or not ending in a newline");
    for (p = v->text; *p;) {
        char *nl = strchr(p, '\n');
        if (v->n == cap) {
            cap *= 2;
            v->lines = realloc(v->lines, cap * sizeof *v->lines);
            ck_assert_ptr_nonnull(v->lines);
        }
        v->lines[v->n++] = p;
        *nl = '\0';
        p = nl + 1;
    }
}

static void vcd_free(struct vcd_text *v)
{
    free(v->lines);
    free(v->text);
}

static long find_line(const struct vcd_text *v, const char *s)
{
    size_t i;
    for (i = 0; i < v->n; i++)
        if (!strcmp(v->lines[i], s))
            return (long)i;
    return -1;
}

/* Assert the file starts with exactly these lines. */
static void expect_lines(const struct vcd_text *v, size_t from, const char *const *want, size_t nwant)
{
    size_t i;
    ck_assert_uint_ge(v->n, from + nwant);
    for (i = 0; i < nwant; i++)
        ck_assert_msg(!strcmp(v->lines[from + i], want[i]), "line %zu: got '%s', want '%s'",
                      from + i + 1, v->lines[from + i], want[i]);
}

struct change {
    uint64_t t;
    int dumpvars;
    const char *id;
    const char *bits;       /* "0"/"1" for scalars, the digits after 'b' for vectors */
    int vector;
};

/* Parse everything after "$enddefinitions $end", asserting the structure:
 * "#T" strictly increasing, one $dumpvars block right after the first "#T",
 * well-formed value lines with leading zeros stripped. */
static struct change *parse_changes(struct vcd_text *v, size_t *nch_out, uint64_t *last_t)
{
    long start = find_line(v, "$enddefinitions $end");
    size_t i, nch = 0;
    struct change *ch = calloc(v->n + 1, sizeof *ch);
    int have_t = 0, in_dump = 0, seen_dump = 0;
    uint64_t t = 0;

    ck_assert_int_ge(start, 0);
    ck_assert_ptr_nonnull(ch);
    for (i = (size_t)start + 1; i < v->n; i++) {
        char *l = v->lines[i];
        if (l[0] == '#') {
            char *end;
            uint64_t nt = strtoull(l + 1, &end, 10);
            ck_assert_msg(*end == '\0' && end != l + 1, "bad time line '%s'", l);
            ck_assert_msg(!have_t || nt > t, "time '%s' not increasing", l);
            ck_assert_int_eq(in_dump, 0);
            t = nt;
            have_t = 1;
        } else if (!strcmp(l, "$dumpvars")) {
            ck_assert_msg(have_t && !seen_dump && nch == 0, "misplaced $dumpvars");
            in_dump = seen_dump = 1;
        } else if (!strcmp(l, "$end")) {
            ck_assert_int_eq(in_dump, 1);
            in_dump = 0;
        } else if (l[0] == '0' || l[0] == '1') {
            ck_assert_msg(have_t, "value before time");
            ck_assert_msg(l[1] != '\0', "scalar without id");
            ch[nch].t = t;
            ch[nch].dumpvars = in_dump;
            ch[nch].bits = l[0] == '0' ? "0" : "1";
            ch[nch].id = l + 1;
            ch[nch].vector = 0;
            nch++;
        } else if (l[0] == 'b') {
            char *sp = strchr(l, ' ');
            ck_assert_msg(have_t, "value before time");
            ck_assert_msg(sp && sp[1], "bad vector line '%s'", l);
            *sp = '\0';
            ck_assert_msg(l[1] && strspn(l + 1, "01") == strlen(l + 1), "bad bits '%s'", l + 1);
            ck_assert_msg(l[2] == '\0' || l[1] == '1', "leading zeros not stripped: '%s'", l);
            ch[nch].t = t;
            ch[nch].dumpvars = in_dump;
            ch[nch].bits = l + 1;
            ch[nch].id = sp + 1;
            ch[nch].vector = 1;
            nch++;
        } else {
            ck_abort_msg("unexpected line '%s'", l);
        }
    }
    ck_assert_int_eq(in_dump, 0);
    ck_assert_int_eq(seen_dump, 1);
    *nch_out = nch;
    *last_t = t;
    return ch;
}

/* Binary digits (MSB first, possibly fewer than width) -> little-endian bytes. */
static void bits_to_bytes(const char *bits, unsigned width, uint8_t *out)
{
    size_t n = strlen(bits), i;
    ck_assert_uint_le(n, width);
    memset(out, 0, (width + 7) / 8);
    for (i = 0; i < n; i++) {
        size_t bit = n - 1 - i;             /* bit index of bits[i] */
        if (bits[i] == '1')
            out[bit / 8] |= (uint8_t)(1u << (bit % 8));
    }
}

/* ---- the main scenario: 1/8/64/512-bit signals in nested scopes -------- */

#define NCYC 20
#define TSTEP 10
enum { S_CLK, S_CNT, S_DATA, S_TS, NSIG };
static const char *const sig_id[NSIG] = {"!", "\"", "#", "$"};
static const unsigned sig_width[NSIG] = {1, 8, 512, 64};

struct model {
    uint8_t clk, cnt;
    uint8_t data[64];
    uint64_t ts;
};

/* What the test drives in cycle i. Nothing changes from cycle 16 on. */
static void drive(struct model *m, int i)
{
    int k = i < 16 ? i : 15;
    m->clk = (uint8_t)(k & 1);
    m->cnt = (uint8_t)(k / 2);
    if (i < 5) {
        memset(m->data, 0, sizeof m->data);
        m->data[0] = 0x05;                          /* "b101" */
    } else {
        int j;
        for (j = 0; j < 64; j++)
            m->data[j] = (uint8_t)(j * 7 + 3);
        m->data[63] = 0x80;                         /* MSB of the bus set */
    }
    if (i < 7)
        m->ts = 0x8000000000000001ull;
    else if (i < 12)
        m->ts = ~0ull;
    else
        m->ts = 0;
}

static void model_bytes(const struct model *m, int s, uint8_t *out)
{
    switch (s) {
    case S_CLK: out[0] = m->clk; break;
    case S_CNT: out[0] = m->cnt; break;
    case S_DATA: memcpy(out, m->data, 64); break;
    default: {
        int b;
        for (b = 0; b < 8; b++)
            out[b] = (uint8_t)(m->ts >> (8 * b));
    }
    }
}

static void write_scenario(const char *path, int gz, struct model *snap)
{
    char err[256] = "untouched";
    struct model m;
    struct vcd_writer *w = vcd_writer_open(path, gz, "1ns", err, sizeof err);
    int i;

    ck_assert_msg(w != NULL, "open failed: %s", err);
    ck_assert_str_eq(err, "");
    memset(&m, 0, sizeof m);
    vcd_writer_scope_push(w, "tb");
    ck_assert_int_eq(vcd_writer_add(w, "clk", 1, &m.clk), 0);
    vcd_writer_scope_push(w, "dut");
    ck_assert_int_eq(vcd_writer_add(w, "cnt", 8, &m.cnt), 1);
    ck_assert_int_eq(vcd_writer_add(w, "data", 512, m.data), 2);
    vcd_writer_scope_pop(w);
    ck_assert_int_eq(vcd_writer_add(w, "ts", 64, &m.ts), 3);
    vcd_writer_scope_pop(w);
    for (i = 0; i < NCYC; i++) {
        drive(&m, i);
        snap[i] = m;
        ck_assert_int_eq(vcd_writer_sample(w, (uint64_t)i * TSTEP), 0);
    }
    ck_assert_str_eq(vcd_writer_error(w), "");
    ck_assert_int_eq(vcd_writer_close(w), 0);
}

static void check_scenario(const char *path, int gz, const struct model *snap)
{
    static const char *const header[] = {
        "$date", "\tvcd_writer output", "$end",
        "$version", "\tvcd_writer 1.0", "$end",
        "$timescale", "\t1ns", "$end",
        "$scope module tb $end",
        "$var wire 1 ! clk $end",
        "$scope module dut $end",
        "$var wire 8 \" cnt [7:0] $end",
        "$var wire 512 # data [511:0] $end",
        "$upscope $end",
        "$var wire 64 $ ts [63:0] $end",
        "$upscope $end",
        "$enddefinitions $end",
        "#0",
        "$dumpvars",
        "0!",
        "b0 \"",
        "b101 #",
        "b1000000000000000000000000000000000000000000000000000000000000001 $",
        "$end",
    };
    struct vcd_text v;
    struct change *ch;
    size_t nch, c = 0;
    uint64_t last_t;
    uint8_t cur[NSIG][64], want[64], got[64];
    int emitted[NSIG] = {0};
    int k, s;

    vcd_load(&v, path, gz);
    expect_lines(&v, 0, header, sizeof header / sizeof header[0]);
    /* Spot checks on the literal text (before parsing splits lines). */
    ck_assert_int_ge(find_line(&v, "#120"), 0);
    ck_assert_int_ge(find_line(&v, "b0 $"), 0);
    {
        /* data at #50: MSB set, so exactly 512 digits */
        long i;
        int found = 0;
        ck_assert_int_ge(find_line(&v, "#50"), 0);
        for (i = find_line(&v, "#50") + 1; i < (long)v.n && v.lines[i][0] != '#'; i++) {
            size_t len = strlen(v.lines[i]);
            if (v.lines[i][0] == 'b' && !strcmp(v.lines[i] + len - 2, " #")) {
                ck_assert_uint_eq(len, 1 + 512 + 2);
                found = 1;
            }
        }
        ck_assert_int_eq(found, 1);
    }
    ch = parse_changes(&v, &nch, &last_t);

    /* The writer ends the file with the last sample time even though nothing
     * changed in the last cycles. */
    ck_assert_uint_eq(last_t, (uint64_t)(NCYC - 1) * TSTEP);
    ck_assert_str_eq(v.lines[v.n - 1], "#190");
    ck_assert_int_eq(find_line(&v, "#160"), -1);   /* quiet cycles: no time lines */

    memset(cur, 0, sizeof cur);
    for (k = 0; k < NCYC; k++) {
        uint64_t t = (uint64_t)k * TSTEP;
        /* Apply every change up to and including t. */
        for (; c < nch && ch[c].t <= t; c++) {
            for (s = 0; s < NSIG; s++)
                if (!strcmp(ch[c].id, sig_id[s]))
                    break;
            ck_assert_msg(s < NSIG, "unknown id '%s'", ch[c].id);
            ck_assert_int_eq(ch[c].vector, sig_width[s] > 1);
            ck_assert_msg(ch[c].t % TSTEP == 0, "change at odd time");
            bits_to_bytes(ch[c].bits, sig_width[s], got);
            if (!ch[c].dumpvars)
                ck_assert_msg(memcmp(got, cur[s], (sig_width[s] + 7) / 8) != 0,
                              "unchanged value of %s re-emitted at #%llu", sig_id[s],
                              (unsigned long long)ch[c].t);
            else
                ck_assert_int_eq(emitted[s], 0);
            memcpy(cur[s], got, (sig_width[s] + 7) / 8);
            emitted[s]++;
        }
        for (s = 0; s < NSIG; s++) {
            model_bytes(&snap[k], s, want);
            ck_assert_msg(memcmp(want, cur[s], (sig_width[s] + 7) / 8) == 0,
                          "signal %s wrong at #%llu", sig_id[s], (unsigned long long)t);
        }
    }
    ck_assert_uint_eq(c, nch);
    /* Exact emission counts: dumpvars + real changes only. */
    ck_assert_int_eq(emitted[S_CLK], 16);   /* toggles in cycles 1..15 */
    ck_assert_int_eq(emitted[S_CNT], 8);    /* 0..7 */
    ck_assert_int_eq(emitted[S_DATA], 2);   /* initial + cycle 5 */
    ck_assert_int_eq(emitted[S_TS], 3);     /* initial + cycles 7 and 12 */

    free(ch);
    vcd_free(&v);
}

START_TEST(test_plain_scenario)
{
    char path[128];
    struct model snap[NCYC];
    tmp_path(path, sizeof path, "plain.vcd");
    write_scenario(path, 0, snap);
    ck_assert_int_eq(is_gzip_file(path), 0);
    check_scenario(path, 0, snap);
    unlink(path);
}
END_TEST

START_TEST(test_gz_scenario_by_suffix)
{
    char path[128];
    struct model snap[NCYC];
    tmp_path(path, sizeof path, "suffix.vcd.gz");
    write_scenario(path, 0, snap);
    ck_assert_int_eq(is_gzip_file(path), 1);
    check_scenario(path, 1, snap);
    unlink(path);
}
END_TEST

START_TEST(test_gz_scenario_by_flag)
{
    char path[128], plain[128];
    struct model snap[NCYC];
    char *a, *b;
    tmp_path(path, sizeof path, "flag.vcdz");
    write_scenario(path, 1, snap);
    ck_assert_int_eq(is_gzip_file(path), 1);
    check_scenario(path, 1, snap);
    /* Same content as the plain writer's output. */
    tmp_path(plain, sizeof plain, "flag_plain.vcd");
    write_scenario(plain, 0, snap);
    a = slurp(path, 1);
    b = slurp(plain, 0);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    unlink(path);
    unlink(plain);
}
END_TEST

/* ---- open failures ----------------------------------------------------- */

START_TEST(test_open_failure)
{
    char err[256];
    const char *bad = "/nonexistent-vcd-dir/sub/x.vcd";
    const char *badgz = "/nonexistent-vcd-dir/sub/x.vcd.gz";

    memset(err, 0, sizeof err);
    ck_assert_ptr_null(vcd_writer_open(bad, 0, "1ns", err, sizeof err));
    ck_assert_msg(err[0] != '\0', "no message");
    ck_assert_msg(strstr(err, bad) != NULL, "message lacks path: %s", err);

    memset(err, 0, sizeof err);
    ck_assert_ptr_null(vcd_writer_open(badgz, 0, "1ns", err, sizeof err));
    ck_assert_msg(strstr(err, badgz) != NULL, "message lacks path: %s", err);

    memset(err, 0, sizeof err);
    ck_assert_ptr_null(vcd_writer_open(bad, 1, "1ns", err, sizeof err));
    ck_assert_msg(err[0] != '\0', "no message");

    /* Tiny or missing error buffers are fine. */
    memset(err, 'x', sizeof err);
    ck_assert_ptr_null(vcd_writer_open(bad, 0, "1ns", err, 8));
    ck_assert_uint_eq(strlen(err), 7);
    ck_assert_ptr_null(vcd_writer_open(bad, 0, "1ns", NULL, 0));
    ck_assert_ptr_null(vcd_writer_open(NULL, 0, "1ns", err, sizeof err));
    ck_assert_msg(err[0] != '\0', "no message");
}
END_TEST

START_TEST(test_bad_timescale)
{
    char err[256], path[128];
    static const char *const bad[] = {"", "2ns", "1 xs", "1nsx", "1000ps", "ns", "10 ns junk"};
    size_t i;
    tmp_path(path, sizeof path, "ts.vcd");
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        ck_assert_msg(vcd_writer_open(path, 0, bad[i], err, sizeof err) == NULL,
                      "timescale '%s' accepted", bad[i]);
        ck_assert_msg(strstr(err, "timescale") != NULL, "message: %s", err);
    }
    ck_assert_int_ne(access(path, F_OK), 0);    /* nothing created */
}
END_TEST

START_TEST(test_timescale_forms)
{
    static const char *const in[] = {"10 ps", "100us", "1s", " 1 fs ", NULL};
    static const char *const out[] = {"\t10ps", "\t100us", "\t1s", "\t1fs", "\t1ns"};
    char path[128];
    size_t i;
    tmp_path(path, sizeof path, "tsf.vcd");
    for (i = 0; i < sizeof out / sizeof out[0]; i++) {
        struct vcd_text v;
        struct vcd_writer *w = vcd_writer_open(path, 0, in[i], NULL, 0);
        ck_assert_ptr_nonnull(w);
        ck_assert_int_eq(vcd_writer_close(w), 0);
        vcd_load(&v, path, 0);
        ck_assert_int_eq(find_line(&v, "$timescale"), 6);
        ck_assert_str_eq(v.lines[7], out[i]);
        vcd_free(&v);
    }
    unlink(path);
}
END_TEST

/* ---- smaller behaviours ------------------------------------------------ */

START_TEST(test_close_null)
{
    ck_assert_int_eq(vcd_writer_close(NULL), 0);
    ck_assert_str_eq(vcd_writer_error(NULL), "");
}
END_TEST

/* Unused high bits of the last byte are ignored; odd widths print right. */
START_TEST(test_odd_widths_masked)
{
    char path[128];
    uint8_t v5 = 0x15;          /* 5 bits: 10101 */
    uint16_t v12 = 0x0abc;      /* 12 bits */
    uint8_t b1 = 0xfe;          /* 1 bit, value 0 with garbage above */
    struct vcd_writer *w;
    struct vcd_text v;
    static const char *const want[] = {
        "$var wire 5 ! v5 [4:0] $end",
        "$var wire 12 \" v12 [11:0] $end",
        "$var wire 1 # b1 $end",
        "$enddefinitions $end",
        "#0", "$dumpvars", "b10101 !", "b101010111100 \"", "0#", "$end",
        "#2", "b1111 !", "1#",
        "#3",
    };
    tmp_path(path, sizeof path, "odd.vcd");
    w = vcd_writer_open(path, 0, "1ns", NULL, 0);
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(vcd_writer_add(w, "v5", 5, &v5), 0);
    ck_assert_int_eq(vcd_writer_add(w, "v12", 12, &v12), 1);
    ck_assert_int_eq(vcd_writer_add(w, "b1", 1, &b1), 2);
    vcd_writer_sample(w, 0);
    v5 = 0xf5;                  /* only bits 7:5 change */
    v12 = 0xfabc;               /* only bits 15:12 change */
    b1 = 0x00;                  /* bit 0 unchanged */
    vcd_writer_sample(w, 1);    /* -> nothing written */
    v5 = 0xef;                  /* low 5 bits now 01111 */
    b1 = 0x01;
    vcd_writer_sample(w, 2);
    vcd_writer_sample(w, 3);
    ck_assert_int_eq(vcd_writer_close(w), 0);
    vcd_load(&v, path, 0);
    expect_lines(&v, 9, want, sizeof want / sizeof want[0]);
    ck_assert_uint_eq(v.n, 9 + sizeof want / sizeof want[0]);
    vcd_free(&v);
    unlink(path);
}
END_TEST

/* Several samples at one time share one "#t"; going backwards is refused. */
START_TEST(test_same_time_and_backwards)
{
    char path[128];
    uint8_t a = 0, b = 0;
    struct vcd_writer *w;
    struct vcd_text v;
    static const char *const want[] = {
        "$enddefinitions $end",
        "#0", "$dumpvars", "0!", "b0 \"", "$end",
        "#5", "1!", "b11 \"",
        "#7", "0!",
    };
    tmp_path(path, sizeof path, "same.vcd");
    w = vcd_writer_open(path, 0, "1ps", NULL, 0);
    ck_assert_ptr_nonnull(w);
    vcd_writer_add(w, "a", 1, &a);
    vcd_writer_add(w, "b", 2, &b);
    ck_assert_int_eq(vcd_writer_sample(w, 0), 0);
    ck_assert_int_eq(vcd_writer_sample(w, 5), 0);   /* no change: no "#5" yet */
    a = 1;
    ck_assert_int_eq(vcd_writer_sample(w, 5), 0);   /* "#5" + a */
    b = 3;
    ck_assert_int_eq(vcd_writer_sample(w, 5), 0);   /* b under the same "#5" */
    a = 0;
    ck_assert_int_eq(vcd_writer_sample(w, 4), -1);  /* backwards: dropped */
    ck_assert_msg(strstr(vcd_writer_error(w), "backwards") != NULL, "%s", vcd_writer_error(w));
    ck_assert_int_eq(vcd_writer_sample(w, 7), 0);
    ck_assert_int_eq(vcd_writer_close(w), 0);     /* usage errors are not I/O errors */
    vcd_load(&v, path, 0);
    expect_lines(&v, v.n - sizeof want / sizeof want[0], want, sizeof want / sizeof want[0]);
    vcd_free(&v);
    unlink(path);
}
END_TEST

/* Declarations: bad arguments, after the first sample, auto-closed scopes,
 * name sanitising, header-only files. */
START_TEST(test_declarations)
{
    char path[128];
    uint8_t x = 1;
    uint8_t wide[VCD_WRITER_MAX_WIDTH / 8];
    struct vcd_writer *w;
    struct vcd_text v;
    static const char *const want[] = {
        "$timescale", "\t1ns", "$end",
        "$scope module top_level $end",
        "$var wire 1 ! my_sig $end",
        "$scope module inner $end",
        "$var wire 4096 \" wide [4095:0] $end",
        "$upscope $end",
        "$upscope $end",
        "$enddefinitions $end",
        "#0", "$dumpvars", "1!",
    };
    memset(wide, 0xff, sizeof wide);
    tmp_path(path, sizeof path, "decl.vcd");
    w = vcd_writer_open(path, 0, NULL, NULL, 0);
    ck_assert_ptr_nonnull(w);
    vcd_writer_scope_pop(w);                                  /* nothing open: ignored */
    ck_assert_str_ne(vcd_writer_error(w), "");
    vcd_writer_scope_push(w, "top level");
    ck_assert_int_eq(vcd_writer_add(w, "x", 0, &x), -1);
    ck_assert_int_eq(vcd_writer_add(w, "x", VCD_WRITER_MAX_WIDTH + 1, &x), -1);
    ck_assert_int_eq(vcd_writer_add(w, "x", 1, NULL), -1);
    ck_assert_int_eq(vcd_writer_add(w, "", 1, &x), -1);
    ck_assert_int_eq(vcd_writer_add(w, NULL, 1, &x), -1);
    ck_assert_int_eq(vcd_writer_add(NULL, "x", 1, &x), -1);
    ck_assert_int_eq(vcd_writer_add(w, "my\tsig", 1, &x), 0);
    vcd_writer_scope_push(w, "inner");
    ck_assert_int_eq(vcd_writer_add(w, "wide", VCD_WRITER_MAX_WIDTH, wide), 1);
    /* scopes left open: closed by the first sample */
    ck_assert_int_eq(vcd_writer_sample(w, 0), 0);
    ck_assert_int_eq(vcd_writer_add(w, "late", 1, &x), -1);
    ck_assert_msg(strstr(vcd_writer_error(w), "after the first sample") != NULL, "%s",
                  vcd_writer_error(w));
    vcd_writer_scope_push(w, "late");
    vcd_writer_scope_pop(w);
    ck_assert_int_eq(vcd_writer_sample(NULL, 1), -1);
    ck_assert_int_eq(vcd_writer_close(w), 0);

    vcd_load(&v, path, 0);
    expect_lines(&v, 6, want, sizeof want / sizeof want[0]);
    {
        /* 4096 ones */
        const char *l = v.lines[6 + sizeof want / sizeof want[0]];
        ck_assert_uint_eq(strlen(l), 1 + 4096 + 2);
        ck_assert_uint_eq(strspn(l + 1, "1"), 4096);
        ck_assert_str_eq(l + 1 + 4096, " \"");
    }
    ck_assert_int_eq(find_line(&v, "$scope module late $end"), -1);
    ck_assert_int_eq(find_line(&v, "$var wire 1 # late $end"), -1);
    vcd_free(&v);
    unlink(path);

    /* Header-only file: closed without a sample is still a complete header. */
    w = vcd_writer_open(path, 0, "1ns", NULL, 0);
    ck_assert_ptr_nonnull(w);
    vcd_writer_scope_push(w, "m");
    vcd_writer_add(w, "x", 1, &x);
    ck_assert_int_eq(vcd_writer_close(w), 0);
    vcd_load(&v, path, 0);
    ck_assert_str_eq(v.lines[v.n - 3], "$var wire 1 ! x $end");
    ck_assert_str_eq(v.lines[v.n - 2], "$upscope $end");
    ck_assert_str_eq(v.lines[v.n - 1], "$enddefinitions $end");
    vcd_free(&v);
    unlink(path);
}
END_TEST

/* Identifier codes: base-94, printable 33..126, least significant first. */
static void expected_id(unsigned n, char *out)
{
    int k = 0;
    do {
        out[k++] = (char)(33 + n % 94);
        n /= 94;
    } while (n);
    out[k] = '\0';
}

START_TEST(test_many_ids)
{
    enum { N = 9000 };      /* > 94 * 94: three-character codes too */
    char path[128], line[64], id[8];
    static uint16_t vals[N];
    struct vcd_writer *w;
    struct vcd_text v;
    unsigned i;
    long hdr;

    tmp_path(path, sizeof path, "ids.vcd.gz");
    w = vcd_writer_open(path, 0, "1ns", NULL, 0);
    ck_assert_ptr_nonnull(w);
    vcd_writer_scope_push(w, "many");
    for (i = 0; i < N; i++) {
        char name[16];
        vals[i] = (uint16_t)i;
        snprintf(name, sizeof name, "s%u", i);
        ck_assert_int_eq(vcd_writer_add(w, name, i % 2 ? 16 : 1, &vals[i]), (int)i);
    }
    vcd_writer_scope_pop(w);
    vcd_writer_sample(w, 0);
    for (i = 0; i < N; i += 1000)
        vals[i] ^= 1;
    vcd_writer_sample(w, 1);
    ck_assert_int_eq(vcd_writer_close(w), 0);

    vcd_load(&v, path, 1);
    hdr = find_line(&v, "$scope module many $end");
    ck_assert_int_ge(hdr, 0);
    for (i = 0; i < N; i++) {
        expected_id(i, id);
        snprintf(line, sizeof line, i % 2 ? "$var wire 16 %s s%u [15:0] $end" : "$var wire 1 %s s%u $end",
                 id, i);
        ck_assert_str_eq(v.lines[hdr + 1 + i], line);
    }
    expected_id(0, id);
    ck_assert_str_eq(id, "!");
    expected_id(93, id);
    ck_assert_str_eq(id, "~");
    expected_id(94, id);
    ck_assert_str_eq(id, "!\"");
    expected_id(94 * 94, id);
    ck_assert_str_eq(id, "!!\"");
    {
        /* #1 lists the 9 toggled (even, 1-bit) signals only, 0 -> 1 */
        long t1 = find_line(&v, "#1");
        ck_assert_int_ge(t1, 0);
        ck_assert_uint_eq(v.n - (size_t)t1 - 1, N / 1000);
        for (i = 0; i < N; i += 1000) {
            expected_id(i, id);
            snprintf(line, sizeof line, "1%s", id);
            ck_assert_str_eq(v.lines[t1 + 1 + i / 1000], line);
        }
    }
    vcd_free(&v);
    unlink(path);
}
END_TEST

/* Output larger than the internal buffer, in both formats. */
START_TEST(test_large_output)
{
    uint8_t bus[64];
    uint32_t cnt = 0;
    char path[128];
    int gz;
    for (gz = 0; gz < 2; gz++) {
        struct vcd_writer *w;
        struct vcd_text v;
        struct change *ch;
        size_t nch, i;
        uint64_t last;
        uint32_t t;
        tmp_path(path, sizeof path, gz ? "large.vcd.gz" : "large.vcd");
        w = vcd_writer_open(path, 0, "1ns", NULL, 0);
        ck_assert_ptr_nonnull(w);
        vcd_writer_add(w, "bus", 512, bus);
        vcd_writer_add(w, "cnt", 32, &cnt);
        for (t = 0; t < 5000; t++) {
            memset(bus, (int)(t | 0x80), sizeof bus);   /* 512 digits each time */
            cnt = t;
            ck_assert_int_eq(vcd_writer_sample(w, t), 0);
        }
        ck_assert_int_eq(vcd_writer_close(w), 0);
        vcd_load(&v, path, gz);
        ch = parse_changes(&v, &nch, &last);
        ck_assert_uint_eq(last, 4999);
        ck_assert_uint_eq(nch, 2 * 5000);   /* both change every step; t=0 via $dumpvars */
        for (i = 0; i < nch; i++) {
            uint8_t got[64];
            if (!strcmp(ch[i].id, "!")) {
                bits_to_bytes(ch[i].bits, 512, got);
                ck_assert_uint_eq(got[0], (uint8_t)(ch[i].t | 0x80));
                ck_assert_uint_eq(got[63], (uint8_t)(ch[i].t | 0x80));
            } else {
                ck_assert_str_eq(ch[i].id, "\"");
                bits_to_bytes(ch[i].bits, 32, got);
                ck_assert_uint_eq((uint32_t)got[0] | (uint32_t)got[1] << 8 |
                                  (uint32_t)got[2] << 16 | (uint32_t)got[3] << 24,
                                  (uint32_t)ch[i].t);
            }
        }
        free(ch);
        vcd_free(&v);
        unlink(path);
    }
}
END_TEST

/* I/O errors surface from close (and sample) when the device is full. */
START_TEST(test_io_error)
{
    uint8_t bus[512];
    struct vcd_writer *w;
    int t, rc = 0;
    if (access("/dev/full", W_OK) != 0)
        return;
    w = vcd_writer_open("/dev/full", 0, "1ns", NULL, 0);
    ck_assert_ptr_nonnull(w);
    vcd_writer_add(w, "bus", 4096, bus);
    for (t = 0; t < 200; t++) {
        memset(bus, t, sizeof bus);
        rc |= vcd_writer_sample(w, (uint64_t)t);
    }
    ck_assert_int_eq(rc, -1);
    ck_assert_str_ne(vcd_writer_error(w), "");
    ck_assert_int_eq(vcd_writer_close(w), -1);
}
END_TEST

/* ---- the writer's clock: cycles in real time, both phases ------------------ */

/* Cycle n at n * P with the clock low, the counter and the signals; the
 * clock high at n * P + P / 2. A window that starts later starts there. */
START_TEST(test_clock_real_time)
{
    char path[128], err[256] = "untouched";
    uint8_t valid = 0;
    struct vcd_writer_opts o;
    struct vcd_writer *w;
    struct vcd_text v;
    static const char *const want[] = {
        "$timescale", "\t1ps", "$end",
        "$scope module TOP $end",
        "$var wire 1 ! clk $end",
        "$var wire 64 \" cycle [63:0] $end",
        "$var wire 1 # valid $end",
        "$upscope $end",
        "$enddefinitions $end",
        "#30000", "$dumpvars", "0!", "b11 \"", "0#", "$end",
        "#35000", "1!",
        "#40000", "0!", "b100 \"", "1#",
        "#45000", "1!",
        "#50000", "0!", "b101 \"",
        "#55000", "1!",
    };
    memset(&o, 0, sizeof o);
    o.timescale = "1ps";
    o.period = 10000;
    tmp_path(path, sizeof path, "clock.vcd");
    w = vcd_writer_open_opts(path, &o, err, sizeof err);
    ck_assert_msg(w != NULL, "%s", err);
    vcd_writer_scope_push(w, "TOP");
    ck_assert_int_eq(vcd_writer_add_clock(w, "clk", "cycle"), 0);
    ck_assert_int_eq(vcd_writer_add(w, "valid", 1, &valid), 2);
    vcd_writer_scope_pop(w);
    ck_assert_int_eq(vcd_writer_cycle(w, 3), 0);
    valid = 1;                  /* changes with cycle 4's low phase, not at an edge */
    ck_assert_int_eq(vcd_writer_cycle(w, 4), 0);
    ck_assert_int_eq(vcd_writer_cycle(w, 5), 0);
    ck_assert_int_eq(vcd_writer_finish(w, err, sizeof err), 0);
    ck_assert_str_eq(err, "");
    vcd_load(&v, path, 0);
    expect_lines(&v, 6, want, sizeof want / sizeof want[0]);
    ck_assert_uint_eq(v.n, 6 + sizeof want / sizeof want[0]);   /* nothing after the last edge */
    vcd_free(&v);
    unlink(path);
}
END_TEST

/* Any timescale and an odd period (the high phase at P / 2 rounded down);
 * cycles may be skipped (a paused dump). */
START_TEST(test_clock_odd_period)
{
    char path[128];
    struct vcd_writer_opts o;
    struct vcd_writer *w;
    struct vcd_text v;
    static const char *const want[] = {
        "$enddefinitions $end",
        "#14", "$dumpvars", "0!", "b10 \"", "$end",
        "#17", "1!",
        "#35", "0!", "b101 \"",
        "#38", "1!",
    };
    memset(&o, 0, sizeof o);
    o.timescale = "1ns";
    o.period = 7;
    tmp_path(path, sizeof path, "odd_period.vcd");
    w = vcd_writer_open_opts(path, &o, NULL, 0);
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(vcd_writer_add_clock(w, "CLK", "cycle"), 0);
    ck_assert_int_eq(vcd_writer_cycle(w, 2), 0);
    ck_assert_int_eq(vcd_writer_cycle(w, 5), 0);
    ck_assert_int_eq(vcd_writer_close(w), 0);
    vcd_load(&v, path, 0);
    ck_assert_str_eq(v.lines[7], "\t1ns");
    expect_lines(&v, v.n - sizeof want / sizeof want[0], want, sizeof want / sizeof want[0]);
    vcd_free(&v);
    unlink(path);
}
END_TEST

START_TEST(test_clock_errors)
{
    char path[128], err[256];
    struct vcd_writer_opts o;
    struct vcd_writer *w;

    tmp_path(path, sizeof path, "clock_err.vcd");
    memset(&o, 0, sizeof o);
    o.period = 1;               /* no room for two phases */
    ck_assert_ptr_null(vcd_writer_open_opts(path, &o, err, sizeof err));
    ck_assert_msg(strstr(err, "period") != NULL, "%s", err);
    ck_assert_int_ne(access(path, F_OK), 0);

    /* no period: no clock */
    w = vcd_writer_open_opts(path, NULL, err, sizeof err);     /* NULL options: a plain VCD */
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(vcd_writer_add_clock(w, "clk", "cycle"), -1);
    ck_assert_msg(strstr(vcd_writer_error(w), "period") != NULL, "%s", vcd_writer_error(w));
    ck_assert_int_eq(vcd_writer_cycle(w, 0), -1);
    ck_assert_msg(strstr(vcd_writer_error(w), "without a clock") != NULL, "%s", vcd_writer_error(w));
    ck_assert_int_eq(vcd_writer_close(w), 0);

    o.period = 10;
    w = vcd_writer_open_opts(path, &o, NULL, 0);
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(vcd_writer_add_clock(NULL, "clk", "cycle"), -1);
    ck_assert_int_eq(vcd_writer_add_clock(w, "clk", "clk"), -1);
    ck_assert_int_eq(vcd_writer_add_clock(w, "", "cycle"), -1);
    ck_assert_int_eq(vcd_writer_add_clock(w, "clk", NULL), -1);
    ck_assert_int_eq(vcd_writer_add_clock(w, "clk", "cycle"), 0);
    ck_assert_int_eq(vcd_writer_add_clock(w, "clk2", "cycle2"), -1);
    ck_assert_msg(strstr(vcd_writer_error(w), "already") != NULL, "%s", vcd_writer_error(w));
    ck_assert_int_eq(vcd_writer_cycle(NULL, 0), -1);
    ck_assert_int_eq(vcd_writer_cycle(w, 5), 0);
    ck_assert_int_eq(vcd_writer_cycle(w, 4), -1);                  /* back in time */
    ck_assert_msg(strstr(vcd_writer_error(w), "backwards") != NULL, "%s", vcd_writer_error(w));
    ck_assert_int_eq(vcd_writer_cycle(w, UINT64_MAX / 10), -1);    /* n * P + P beyond 64 bits */
    ck_assert_msg(strstr(vcd_writer_error(w), "overflows") != NULL, "%s", vcd_writer_error(w));
    ck_assert_int_eq(vcd_writer_close(w), 0);                      /* usage errors are not I/O errors */
    unlink(path);

    err[0] = 'x';
    ck_assert_int_eq(vcd_writer_finish(NULL, err, sizeof err), 0);
    ck_assert_str_eq(err, "");
}
END_TEST

/* ---- FST through GTKWave's vcd2fst ----------------------------------------- */

/* An executable in PATH. */
static int tool_in_path(const char *name)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", name);
    return system(cmd) == 0;
}

/* A command's standard output as a string. */
static char *capture(const char *cmd)
{
    size_t cap = 1 << 16, len = 0, n;
    char *buf = malloc(cap);
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(buf);
    ck_assert_ptr_nonnull(p);
    while ((n = fread(buf + len, 1, cap - len - 1, p)) > 0) {
        len += n;
        if (cap - len < 4096) {
            cap *= 2;
            buf = realloc(buf, cap);
            ck_assert_ptr_nonnull(buf);
        }
    }
    ck_assert_int_eq(pclose(p), 0);
    buf[len] = '\0';
    return buf;
}

/* A real-time dump written as FST: the VCD beside it converted at close and
 * removed; read back through fst2vcd it holds the declarations and times. */
START_TEST(test_fst_output)
{
    char path[128], vcd[160], err[600] = "untouched", cmd[256];
    uint32_t bus = 0;
    struct vcd_writer_opts o;
    struct vcd_writer *w;
    unsigned char magic = 0xff;
    FILE *f;
    uint64_t n;

    if (!tool_in_path("vcd2fst")) {
        printf("test_fst_output: vcd2fst is not installed (Debian package gtkwave): FST not tried\n");
        return;
    }
    memset(&o, 0, sizeof o);
    o.fst = 1;
    o.timescale = "1ps";
    o.period = 10000;
    tmp_path(path, sizeof path, "run.fst");
    snprintf(vcd, sizeof vcd, "%s.tmp.vcd", path);
    w = vcd_writer_open_opts(path, &o, err, sizeof err);
    ck_assert_msg(w != NULL, "%s", err);
    ck_assert_int_eq(access(vcd, F_OK), 0);         /* the VCD is written beside the path */
    vcd_writer_scope_push(w, "TOP");
    ck_assert_int_eq(vcd_writer_add_clock(w, "dla_core_clk", "cycle"), 0);
    vcd_writer_add(w, "bus", 32, &bus);
    for (n = 0; n < 10; n++) {
        bus = (uint32_t)(n * 0x01010101u);
        ck_assert_int_eq(vcd_writer_cycle(w, n), 0);
    }
    ck_assert_int_eq(vcd_writer_finish(w, err, sizeof err), 0);
    ck_assert_str_eq(err, "");
    ck_assert_int_ne(access(vcd, F_OK), 0);         /* converted, then removed */
    f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fread(&magic, 1, 1, f), 1);
    fclose(f);
    ck_assert_uint_eq(magic, 0);                    /* FST's header block type */
    if (tool_in_path("fst2vcd")) {
        char *text;
        snprintf(cmd, sizeof cmd, "fst2vcd -f '%s'", path);
        text = capture(cmd);
        ck_assert_msg(strstr(text, "1ps") != NULL, "no 1ps timescale:\n%.400s", text);
        ck_assert_msg(strstr(text, " dla_core_clk $end") && strstr(text, " cycle [63:0] $end") &&
                      strstr(text, " bus [31:0] $end"), "declarations:\n%.600s", text);
        ck_assert_msg(strstr(text, "\n#90000\n") && strstr(text, "\n#95000\n"), "times:\n%s", text);
        free(text);
    }
    unlink(path);
}
END_TEST

/* FST refused up front: with gzip, and without vcd2fst in PATH. */
START_TEST(test_fst_refused)
{
    char path[128], vcd[160], err[600], empty[128];
    const char *orig = getenv("PATH");
    char *saved = strdup(orig ? orig : "/usr/bin:/bin");
    struct vcd_writer_opts o;

    ck_assert_ptr_nonnull(saved);
    memset(&o, 0, sizeof o);
    o.fst = 1;
    o.gz = 1;
    tmp_path(path, sizeof path, "refused.fst");
    snprintf(vcd, sizeof vcd, "%s.tmp.vcd", path);
    ck_assert_ptr_null(vcd_writer_open_opts(path, &o, err, sizeof err));
    ck_assert_msg(strstr(err, "FST and gzip") != NULL, "%s", err);
    o.gz = 0;
    tmp_path(path, sizeof path, "refused.fst.gz");   /* gzip by its name */
    ck_assert_ptr_null(vcd_writer_open_opts(path, &o, err, sizeof err));
    ck_assert_msg(strstr(err, "FST and gzip") != NULL, "%s", err);

    tmp_path(empty, sizeof empty, "nobin");
    ck_assert_int_eq(mkdir(empty, 0755), 0);
    setenv("PATH", empty, 1);
    tmp_path(path, sizeof path, "refused.fst");
    ck_assert_ptr_null(vcd_writer_open_opts(path, &o, err, sizeof err));
    setenv("PATH", saved, 1);
    ck_assert_msg(strstr(err, "vcd2fst") && strstr(err, "gtkwave") && strstr(err, path), "%s", err);
    ck_assert_int_ne(access(path, F_OK), 0);         /* nothing created */
    ck_assert_int_ne(access(vcd, F_OK), 0);
    rmdir(empty);
    free(saved);
}
END_TEST

/* A conversion that fails: close says so (exit status, the VCD kept and
 * named), no FST is left. */
START_TEST(test_fst_conversion_fails)
{
    char path[128], vcd[160], err[600], bin[128], tool[160], newpath[4096];
    const char *orig = getenv("PATH");
    char *saved = strdup(orig ? orig : "/usr/bin:/bin");
    struct vcd_writer_opts o;
    struct vcd_writer *w;
    struct vcd_text v;
    uint8_t x = 0;
    FILE *f;

    ck_assert_ptr_nonnull(saved);
    tmp_path(bin, sizeof bin, "fakebin");
    ck_assert_int_eq(mkdir(bin, 0755), 0);
    snprintf(tool, sizeof tool, "%s/vcd2fst", bin);
    f = fopen(tool, "w");
    ck_assert_ptr_nonnull(f);
    fputs("#!/bin/sh\n# a vcd2fst that writes half a file and fails\n"
          "while [ $# -gt 0 ]; do [ \"$1\" = -f ] && : > \"$2\"; shift; done\nexit 3\n", f);
    fclose(f);
    ck_assert_int_eq(chmod(tool, 0755), 0);
    snprintf(newpath, sizeof newpath, "%s:%s", bin, saved);
    setenv("PATH", newpath, 1);

    memset(&o, 0, sizeof o);
    o.fst = 1;
    tmp_path(path, sizeof path, "broken.fst");
    snprintf(vcd, sizeof vcd, "%s.tmp.vcd", path);
    w = vcd_writer_open_opts(path, &o, err, sizeof err);
    ck_assert_msg(w != NULL, "%s", err);
    vcd_writer_add(w, "x", 1, &x);
    vcd_writer_sample(w, 0);
    x = 1;
    vcd_writer_sample(w, 3);
    ck_assert_int_eq(vcd_writer_finish(w, err, sizeof err), -1);
    setenv("PATH", saved, 1);
    ck_assert_msg(strstr(err, "exit status 3") && strstr(err, vcd) && strstr(err, "kept"), "%s", err);
    ck_assert_int_ne(access(path, F_OK), 0);        /* the half-written FST removed */
    vcd_load(&v, vcd, 0);                           /* the VCD whole */
    ck_assert_str_eq(v.lines[v.n - 2], "#3");
    ck_assert_str_eq(v.lines[v.n - 1], "1!");
    vcd_free(&v);
    unlink(vcd);
    unlink(tool);
    rmdir(bin);
    free(saved);
}
END_TEST

static Suite *vcd_suite(void)
{
    Suite *s = suite_create("vcd_writer");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_plain_scenario);
    tcase_add_test(tc, test_gz_scenario_by_suffix);
    tcase_add_test(tc, test_gz_scenario_by_flag);
    tcase_add_test(tc, test_open_failure);
    tcase_add_test(tc, test_bad_timescale);
    tcase_add_test(tc, test_timescale_forms);
    tcase_add_test(tc, test_close_null);
    tcase_add_test(tc, test_odd_widths_masked);
    tcase_add_test(tc, test_same_time_and_backwards);
    tcase_add_test(tc, test_declarations);
    tcase_add_test(tc, test_many_ids);
    tcase_add_test(tc, test_large_output);
    tcase_add_test(tc, test_io_error);
    tcase_add_test(tc, test_clock_real_time);
    tcase_add_test(tc, test_clock_odd_period);
    tcase_add_test(tc, test_clock_errors);
    tcase_add_test(tc, test_fst_output);
    tcase_add_test(tc, test_fst_refused);
    tcase_add_test(tc, test_fst_conversion_fails);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr;
    int failed;

    snprintf(tmpdir, sizeof tmpdir, "/tmp/vcd_writer_test.XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 2;
    }
    sr = srunner_create(vcd_suite());
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    rmdir(tmpdir);      /* tests unlink their files; left behind on failure */
    return failed ? 1 : 0;
}
