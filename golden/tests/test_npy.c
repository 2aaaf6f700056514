/* Unit tests of npy and npz: every header version and integer dtype the
 * runner reads, byte strings, the refusals (float, big-endian, Fortran
 * order, object, truncation), stored and deflated zip members, CRC and
 * ZIP64 refusals. The images are built byte by byte (npy_fixtures.h) as
 * numpy writes them. The writer is checked by round trip through the
 * reader, and against the bytes numpy writes. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "npy.h"
#include "npz.h"
#include "npy_fixtures.h"

static char err[2048];
static struct fx_buf f, z;

START_TEST(test_v1_int8_shape)
{
    /* int8 (2, 3): 0..5 with -1 last; element 5 reads back as -1 */
    const int8_t v[6] = { 0, 1, 2, 3, 4, -1 };
    fx_npy(&f, 1, "{'descr': '|i1', 'fortran_order': False, 'shape': (2, 3), }", v, sizeof v);
    struct npy_array a;
    ck_assert_int_eq(npy_parse(f.b, f.n, "a.npy", &a, err, sizeof err), 0);
    ck_assert_uint_eq(a.ndim, 2);
    ck_assert_uint_eq(a.shape[0], 2);
    ck_assert_uint_eq(a.shape[1], 3);
    ck_assert_uint_eq(a.count, 6);
    ck_assert_uint_eq(a.elem_size, 1);
    ck_assert_int_eq(npy_get(&a, 4), 4);
    ck_assert_int_eq(npy_get(&a, 5), -1);
    char d[64];
    npy_describe(&a, d, sizeof d);
    ck_assert_str_eq(d, "(2, 3) |i1");
    npy_free(&a);
}
END_TEST

START_TEST(test_every_integer_type)
{
    /* the bytes ff ff ff ff ff ff ff ff as each type: -1 signed, the full width unsigned */
    const uint8_t ones[8] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
    static const struct { const char *descr; unsigned size; int64_t v; } t[] = {
        { "|u1", 1, 255 }, { "|i1", 1, -1 }, { "<i2", 2, -1 }, { "<u2", 2, 65535 }, { "<i4", 4, -1 },
        { "<u4", 4, 4294967295ll }, { "<i8", 8, -1 }, { "<u8", 8, -1 /* wraps: documented */ },
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        char dict[128];
        snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (1,), }", t[i].descr);
        fx_npy(&f, 1, dict, ones, t[i].size);
        struct npy_array a;
        ck_assert_msg(npy_parse(f.b, f.n, "t.npy", &a, err, sizeof err) == 0, "%s: %s", t[i].descr, err);
        ck_assert_uint_eq(a.elem_size, t[i].size);
        ck_assert_msg(npy_get(&a, 0) == t[i].v, "%s: %lld", t[i].descr, (long long)npy_get(&a, 0));
        npy_free(&a);
    }
}
END_TEST

START_TEST(test_v2_v3_and_scalar)
{
    /* <i2 little-endian 0x1234 = 4660, a 0-d array (shape ()) */
    const uint8_t v[2] = { 0x34, 0x12 };
    for (int major = 2; major <= 3; major++) {
        fx_npy(&f, major, "{'descr': '<i2', 'fortran_order': False, 'shape': (), }", v, 2);
        struct npy_array a;
        ck_assert_int_eq(npy_parse(f.b, f.n, "s.npy", &a, err, sizeof err), 0);
        ck_assert_uint_eq(a.ndim, 0);
        ck_assert_uint_eq(a.count, 1);
        ck_assert_int_eq(npy_get(&a, 0), 4660);
        npy_free(&a);
    }
}
END_TEST

START_TEST(test_bytes_and_empty_float)
{
    /* Vela's cmd_data: one |S5 element, raw bytes kept whole (NULs too) */
    fx_npy(&f, 1, "{'descr': '|S5', 'fortran_order': False, 'shape': (), }", "ab\0\0c", 5);
    struct npy_array a;
    ck_assert_int_eq(npy_parse(f.b, f.n, "b.npy", &a, err, sizeof err), 0);
    ck_assert(a.is_bytes);
    ck_assert_uint_eq(a.bytes, 5);
    ck_assert_int_eq(a.data[4], 'c');
    npy_free(&a);
    /* Vela's empty lists are float64 of shape (0,): no values, read */
    fx_npy(&f, 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (0,), }", "", 0);
    ck_assert_int_eq(npy_parse(f.b, f.n, "e.npy", &a, err, sizeof err), 0);
    ck_assert_uint_eq(a.count, 0);
    npy_free(&a);
}
END_TEST

START_TEST(test_bytes_of_real_sized_network)
{
    /* Vela's command or weight area of a real-sized network: one |S100000
     * element (a dtype string of 8 characters), beyond the 64 KiB fixtures */
    const char *dict = "{'descr': '|S100000', 'fortran_order': False, 'shape': (), }";
    size_t hlen = strlen(dict) + 1, pad = (64 - (10 + hlen) % 64) % 64, n = 10 + hlen + pad + 100000;
    uint8_t *buf = calloc(1, n);
    ck_assert_ptr_nonnull(buf);
    memcpy(buf, "\x93NUMPY\x01\x00", 8);
    buf[8] = (uint8_t)((hlen + pad) & 0xff);
    buf[9] = (uint8_t)((hlen + pad) >> 8);
    memcpy(buf + 10, dict, hlen - 1);
    memset(buf + 10 + hlen - 1, ' ', pad);
    buf[10 + hlen + pad - 1] = '\n';
    buf[n - 1] = 0x5a;
    struct npy_array a;
    ck_assert_msg(npy_parse(buf, n, "w.npy", &a, err, sizeof err) == 0, "%s", err);
    ck_assert(a.is_bytes);
    ck_assert_str_eq(a.descr, "|S100000");
    ck_assert_uint_eq(a.elem_size, 100000);
    ck_assert_uint_eq(a.bytes, 100000);
    ck_assert_int_eq(a.data[99999], 0x5a);
    npy_free(&a);
    free(buf);
}
END_TEST

static void refused(const char *dict, size_t data_len, const char *reason)
{
    static const uint8_t zeros[64];
    fx_npy(&f, 1, dict, zeros, data_len);
    struct npy_array a;
    ck_assert_int_eq(npy_parse(f.b, f.n, "x.npy", &a, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "x.npy: ") == err && strstr(err, reason), "%s: got '%s'", dict, err);
    ck_assert_ptr_null(a.data);
}

START_TEST(test_refusals)
{
    refused("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", 8, "floating point");
    refused("{'descr': '>i4', 'fortran_order': False, 'shape': (2,), }", 8, "not little-endian");
    refused("{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", 16, "pickled");
    refused("{'descr': '|O8', 'fortran_order': False, 'shape': (2,), }", 16, "pickled");
    refused("{'descr': '<i4', 'fortran_order': True, 'shape': (2, 2), }", 16, "Fortran order");
    refused("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 2), }", 15, "truncated");
    refused("{'descr': '<i4', 'shape': (2, 2), }", 16, "lacks 'fortran_order'");
    refused("{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': (2,), }", 8, "structured");
    refused("{'descr': '<i3', 'fortran_order': False, 'shape': (2,), }", 8, "1, 2, 4 or 8 bytes");
    /* not .npy at all, and a version 4 */
    struct npy_array a;
    ck_assert_int_eq(npy_parse((const uint8_t *)"PK\3\4 not numpy", 15, "y.npy", &a, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "no \\x93NUMPY magic"));
    fx_npy(&f, 4, "{'descr': '<i4', 'fortran_order': False, 'shape': (1,), }", "\0\0\0\0", 4);
    ck_assert_int_eq(npy_parse(f.b, f.n, "y.npy", &a, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "version 4.0"));
    /* cut inside the header: every length from 0 to the end of the header fails cleanly */
    fx_npy(&f, 1, "{'descr': '<i4', 'fortran_order': False, 'shape': (1,), }", "\1\0\0\0", 4);
    for (size_t n = 0; n < f.n; n++)
        ck_assert_int_eq(npy_parse(f.b, n, "y.npy", &a, err, sizeof err), -1);
}
END_TEST

START_TEST(test_load_missing_file)
{
    struct npy_array a;
    ck_assert_int_eq(npy_load("/nonexistent/input_0.npy", &a, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/input_0.npy: "));
}
END_TEST

static void two_member_zip(int deflate_second)
{
    static struct fx_buf m1, m2;
    const int16_t v[4] = { 1, -2, 300, -400 };
    fx_npy(&m1, 1, "{'descr': '<i2', 'fortran_order': False, 'shape': (4,), }", v, sizeof v);
    uint8_t big[1000];
    for (int i = 0; i < 1000; i++)
        big[i] = (uint8_t)(i % 7);
    fx_npy(&m2, 1, "{'descr': '|u1', 'fortran_order': False, 'shape': (10, 100), }", big, sizeof big);
    struct fx_member m[2] = { { "small.npy", m1.b, m1.n, 0 }, { "big.npy", m2.b, m2.n, deflate_second } };
    fx_zip(&z, m, 2);
}

START_TEST(test_npz_stored_and_deflated)
{
    for (int d = 0; d <= 1; d++) {
        two_member_zip(d);
        struct npz zz;
        ck_assert_msg(npz_parse(&zz, z.b, z.n, "t.npz", err, sizeof err) == 0, "%s", err);
        ck_assert_uint_eq(zz.n, 2);
        ck_assert_ptr_nonnull(npz_find(&zz, "big"));
        ck_assert_ptr_null(npz_find(&zz, "bi"));
        struct npy_array a;
        ck_assert_msg(npz_read(&zz, "small", &a, err, sizeof err) == 0, "%s", err);
        ck_assert_int_eq(npy_get(&a, 3), -400);
        npy_free(&a);
        ck_assert_msg(npz_read(&zz, "big", &a, err, sizeof err) == 0, "%s", err);
        ck_assert_uint_eq(a.shape[0], 10);
        ck_assert_int_eq(npy_get(&a, 999), 999 % 7);
        npy_free(&a);
        ck_assert_int_eq(npz_read(&zz, "absent", &a, err, sizeof err), -1);
        ck_assert_str_eq(err, "t.npz: absent: no such member in the archive");
        npz_free(&zz);
    }
}
END_TEST

START_TEST(test_npz_corruption)
{
    struct npz zz;
    struct npy_array a;
    /* a flipped byte in the deflated member's data: inflate or the CRC says so, naming the member */
    two_member_zip(1);
    size_t at = 30 + strlen("small.npy") + 128 + 2 + 30 + strlen("big.npy") + 20;
    z.b[at] ^= 0x55;
    ck_assert_int_eq(npz_parse(&zz, z.b, z.n, "c.npz", err, sizeof err), 0);
    ck_assert_int_eq(npz_read(&zz, "big", &a, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "c.npz: big: ") == err, "%s", err);
    npz_free(&zz);
    /* a flipped byte in a stored member: the CRC */
    two_member_zip(0);
    z.b[30 + strlen("small.npy") + 130] ^= 1;
    ck_assert_int_eq(npz_parse(&zz, z.b, z.n, "c.npz", err, sizeof err), 0);
    ck_assert_int_eq(npz_read(&zz, "small", &a, err, sizeof err), -1);
    ck_assert_str_eq(err, "c.npz: small: CRC mismatch (corrupt archive)");
    npz_free(&zz);
    /* truncated anywhere: refused with the file named, never a crash */
    two_member_zip(1);
    for (size_t n = 0; n < z.n; n += 7) {
        if (npz_parse(&zz, z.b, n, "t.npz", err, sizeof err) == 0) {
            npz_read(&zz, "big", &a, err, sizeof err);
            npy_free(&a);
            npz_free(&zz);
        } else
            ck_assert_msg(strstr(err, "t.npz: ") == err, "%s", err);
    }
    /* ZIP64: a member size of 0xffffffff in the central directory */
    two_member_zip(0);
    size_t cd = z.n - 22 - 2 * 46 - strlen("small.npy") - strlen("big.npy");
    memset(z.b + cd + 20, 0xff, 4);
    ck_assert_int_eq(npz_parse(&zz, z.b, z.n, "z.npz", err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "ZIP64"));
    /* not a zip */
    ck_assert_int_eq(npz_parse(&zz, (const uint8_t *)"hello, world, not a zip", 23, "n.npz", err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "not a zip archive"));
}
END_TEST

START_TEST(test_npz_unknown_method_before_alloc)
{
    /* a member of an unknown compression method claiming nearly 4 GiB
     * (make fuzz found it: fuzz/crashes/npz/): refused for its method
     * before its size is allocated. Under a 1 GiB address-space limit
     * (not under ASan, whose shadow needs more) an allocation first
     * would say "out of memory" instead. */
    two_member_zip(0);
    size_t cd = z.n - 22 - 2 * 46 - strlen("small.npy") - strlen("big.npy");
    z.b[cd + 10] = 99;
    z.b[cd + 11] = 0;
    memset(z.b + cd + 24, 0xfe, 4);
#if !defined(__SANITIZE_ADDRESS__)
    struct rlimit was, rl;
    ck_assert_int_eq(getrlimit(RLIMIT_AS, &was), 0);
    rl = was;   /* the soft limit only: it can be raised back */
    if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > ((rlim_t)1 << 30))
        rl.rlim_cur = (rlim_t)1 << 30;
    ck_assert_int_eq(setrlimit(RLIMIT_AS, &rl), 0);
#endif
    struct npz zz;
    struct npy_array a;
    ck_assert_msg(npz_parse(&zz, z.b, z.n, "m.npz", err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(npz_read(&zz, "small", &a, err, sizeof err), -1);
    ck_assert_str_eq(err, "m.npz: small: compression method 99 (only stored and deflated are read)");
    npz_free(&zz);
#if !defined(__SANITIZE_ADDRESS__)
    ck_assert_int_eq(setrlimit(RLIMIT_AS, &was), 0);
#endif
}
END_TEST

START_TEST(test_npz_random_damage)
{
    /* 1000 archives with 1..4 random bytes changed (seeded LCG): each either reads or is refused with
     * the archive named; none crashes or reads out of bounds (the ASan build runs this too) */
    uint32_t x = 12345;
    static struct fx_buf good;
    two_member_zip(1);
    good = z;
    for (int round = 0; round < 1000; round++) {
        memcpy(z.b, good.b, good.n);
        z.n = good.n;
        x = x * 1664525u + 1013904223u;
        for (unsigned k = 0; k <= (x >> 30); k++) {
            x = x * 1664525u + 1013904223u;
            z.b[(x >> 8) % z.n] ^= (uint8_t)(1u + (x & 0xfe));
        }
        struct npz zz;
        if (npz_parse(&zz, z.b, z.n, "r.npz", err, sizeof err)) {
            ck_assert_msg(strstr(err, "r.npz: ") == err, "%s", err);
            continue;
        }
        for (int m = 0; m < 2; m++) {
            struct npy_array a;
            if (npz_read(&zz, m ? "big" : "small", &a, err, sizeof err) == 0)
                npy_free(&a);
            else
                ck_assert_msg(strstr(err, "r.npz: ") == err, "%s", err);
        }
        npz_free(&zz);
    }
}
END_TEST

/* an array to write: descr, shape, data */
static void fill(struct npy_array *a, const char *descr, unsigned elem, int is_signed, unsigned ndim,
                 const uint64_t *shape, const void *data)
{
    npy_init(a);
    strcpy(a->descr, descr);
    a->elem_size = elem;
    a->is_signed = is_signed;
    a->ndim = ndim;
    a->count = 1;
    for (unsigned i = 0; i < ndim; i++) {
        a->shape[i] = shape[i];
        a->count *= shape[i];
    }
    a->bytes = (size_t)a->count * elem;
    a->data = (uint8_t *)data;
}

START_TEST(test_write_round_trip)
{
    /* int16 (1, 2, 2, 3), 1-D uint8 (5,), a scalar int32 (): each read back equal */
    static const int16_t v16[12] = { 0, 1, -1, 32767, -32768, 5, 6, 7, 8, 9, 10, -11 };
    static const uint8_t v8[5] = { 0, 1, 128, 254, 255 };
    static const int32_t v32[1] = { -123456789 };
    const struct { const char *descr; unsigned elem; int sig; unsigned ndim; uint64_t shape[4]; const void *data;
                   const char *desc; } c[] = {
        { "<i2", 2, 1, 4, { 1, 2, 2, 3 }, v16, "(1, 2, 2, 3) <i2" },
        { "|u1", 1, 0, 1, { 5 }, v8, "(5,) |u1" },
        { "<i4", 4, 1, 0, { 0 }, v32, "() <i4" },
    };
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        struct npy_array w, r;
        fill(&w, c[i].descr, c[i].elem, c[i].sig, c[i].ndim, c[i].shape, c[i].data);
        uint8_t *img;
        size_t len;
        ck_assert_int_eq(npy_format(&w, &img, &len, err, sizeof err), 0);
        ck_assert_uint_eq((len - w.bytes) % 64, 0);   /* the data starts on a 64-byte boundary */
        ck_assert_int_eq(npy_parse(img, len, "w.npy", &r, err, sizeof err), 0);
        char d[64];
        npy_describe(&r, d, sizeof d);
        ck_assert_str_eq(d, c[i].desc);
        ck_assert_uint_eq(r.count, w.count);
        ck_assert_uint_eq(r.bytes, w.bytes);
        ck_assert_mem_eq(r.data, c[i].data, w.bytes);
        npy_free(&r);
        free(img);
    }
    ck_assert_int_eq(npy_get(&(struct npy_array){ .elem_size = 2, .is_signed = 1, .count = 12,
                                                  .data = (uint8_t *)v16 }, 4), -32768);
}
END_TEST

START_TEST(test_write_as_numpy_does)
{
    /* the bytes numpy.save writes for np.array([[1, -2, 3]], dtype=np.int8) */
    static const int8_t v[3] = { 1, -2, 3 };
    fx_npy(&f, 1, "{'descr': '|i1', 'fortran_order': False, 'shape': (1, 3), }", v, sizeof v);
    struct npy_array w;
    fill(&w, "|i1", 1, 1, 2, (const uint64_t[]){ 1, 3 }, v);
    uint8_t *img;
    size_t len;
    ck_assert_int_eq(npy_format(&w, &img, &len, err, sizeof err), 0);
    ck_assert_uint_eq(len, f.n);
    ck_assert_mem_eq(img, f.b, len);
    free(img);
}
END_TEST

START_TEST(test_save_load_round_trip)
{
    static const uint16_t v[6] = { 1, 2, 3, 65535, 0, 7 };
    struct npy_array w, r;
    fill(&w, "<u2", 2, 0, 2, (const uint64_t[]){ 3, 2 }, v);
    char path[] = "/tmp/test_npy_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert_int_eq(npy_save(path, &w, err, sizeof err), 0);
    ck_assert_int_eq(npy_load(path, &r, err, sizeof err), 0);
    unlink(path);
    ck_assert_uint_eq(r.shape[0], 3);
    ck_assert_uint_eq(r.shape[1], 2);
    ck_assert_mem_eq(r.data, v, sizeof v);
    ck_assert_int_eq(npy_get(&r, 3), 65535);
    npy_free(&r);
    /* a folder that is not there: no file, the path in the reason */
    ck_assert_int_eq(npy_save("/nonexistent-dir/x.npy", &w, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent-dir/x.npy"));
    /* data that does not match the shape is refused */
    w.bytes = 5;
    uint8_t *img;
    size_t len;
    ck_assert_int_eq(npy_format(&w, &img, &len, err, sizeof err), -1);
    ck_assert_ptr_null(img);
}
END_TEST

/* issue 33 point 5: two members of one name (numpy reads the last) */
START_TEST(test_npz_duplicate_member)
{
    const uint8_t one[1] = { 1 }, two[1] = { 2 };
    struct fx_buf a, b;
    fx_npy(&a, 1, "{'descr': '|u1', 'fortran_order': False, 'shape': (1,), }", one, 1);
    fx_npy(&b, 1, "{'descr': '|u1', 'fortran_order': False, 'shape': (1,), }", two, 1);
    struct fx_member m[3] = { { "x.npy", a.b, a.n, 0 }, { "y.npy", a.b, a.n, 0 }, { "x.npy", b.b, b.n, 1 } };
    fx_zip(&z, m, 3);
    struct npz arc;
    ck_assert_int_eq(npz_parse(&arc, z.b, z.n, "d.npz", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "d.npz: two members named 'x'"), "%s", err);
    /* "x" and "x.npy" are one key to numpy too */
    m[2].name = "x";
    fx_zip(&z, m, 3);
    ck_assert_int_eq(npz_parse(&arc, z.b, z.n, "d.npz", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "two members named 'x' (x"), "%s", err);
    /* distinct names still read */
    m[2].name = "xx.npy";
    fx_zip(&z, m, 3);
    ck_assert_int_eq(npz_parse(&arc, z.b, z.n, "d.npz", err, sizeof err), 0);
    npz_free(&arc);
}
END_TEST

/* issue 33 point 6: a FIFO, a device and a folder are refused before a read */
START_TEST(test_non_regular_refused)
{
    char dir[] = "/tmp/test_npy_XXXXXX", fifo[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(fifo, sizeof fifo, "%s/f.npy", dir);
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    struct npy_array a;
    struct npz arc;
    ck_assert_int_eq(npy_load(fifo, &a, err, sizeof err), -1);   /* would block forever */
    ck_assert_msg(strstr(err, "not a regular file (a FIFO)"), "%s", err);
    ck_assert_int_eq(npz_open(&arc, fifo, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "not a regular file (a FIFO)"), "%s", err);
    ck_assert_int_eq(npy_load("/dev/zero", &a, err, sizeof err), -1);   /* would grow without end */
    ck_assert_msg(strstr(err, "/dev/zero: not a regular file (a character device)"), "%s", err);
    ck_assert_int_eq(npy_load(dir, &a, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "not a regular file (a folder)"), "%s", err);
    unlink(fifo);
    rmdir(dir);
}
END_TEST

static Suite *npy_suite(void)
{
    Suite *s = suite_create("npy");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_v1_int8_shape);
    tcase_add_test(tc, test_every_integer_type);
    tcase_add_test(tc, test_v2_v3_and_scalar);
    tcase_add_test(tc, test_bytes_of_real_sized_network);
    tcase_add_test(tc, test_bytes_and_empty_float);
    tcase_add_test(tc, test_refusals);
    tcase_add_test(tc, test_load_missing_file);
    tcase_add_test(tc, test_npz_stored_and_deflated);
    tcase_add_test(tc, test_npz_corruption);
    tcase_add_test(tc, test_npz_unknown_method_before_alloc);
    tcase_add_test(tc, test_npz_random_damage);
    tcase_add_test(tc, test_write_round_trip);
    tcase_add_test(tc, test_write_as_numpy_does);
    tcase_add_test(tc, test_save_load_round_trip);
    tcase_add_test(tc, test_npz_duplicate_member);
    tcase_add_test(tc, test_non_regular_refused);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(npy_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
