/* ethosu_network: see ethosu_network.h. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "checked_size.h"
#include "ethosu_cmd.h"
#include "ethosu_network.h"
#include "ethosu_opmap.h"
#include "npz.h"

#define SUFFIX "_vela.npz"

void ethosu_network_init(struct ethosu_network *n)
{
    memset(n, 0, sizeof *n);
}

void ethosu_network_free(struct ethosu_network *n)
{
    free(n->cmd_data);
    free(n->weights);
    for (unsigned i = 0; i < ETHOSU_NETWORK_MAX_TENSORS; i++) {
        npy_free(&n->inputs[i].data);
        npy_free(&n->outputs[i].data);
    }
    ethosu_network_init(n);
}

/* the folder's one *_vela.npz */
static int find_npz(const char *dir, char *path, size_t len, char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "%s: not a readable folder (NETWORK= names a folder holding <name>%s, input_<i>.npy "
                 "and expected_<i>.npy)", dir, SUFFIX);
        return -1;
    }
    unsigned found = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l > strlen(SUFFIX) && !strcmp(e->d_name + l - strlen(SUFFIX), SUFFIX)) {
            if (found++ == 0)
                snprintf(path, len, "%s/%s", dir, e->d_name);
            else {
                snprintf(err, errlen, "%s: two compiled networks (%s and %s): one *%s per folder", dir, path,
                         e->d_name, SUFFIX);
                closedir(d);
                return -1;
            }
        }
    }
    closedir(d);
    if (!found) {
        snprintf(err, errlen, "%s: no *%s in the folder (Vela's --output-format raw output)", dir, SUFFIX);
        return -1;
    }
    return 0;
}

/* a member holding bytes: |S<n> (Vela) or a uint8/int8 vector */
static int read_bytes(const struct npz *z, const char *key, uint8_t **out, size_t *len, char *err, size_t errlen)
{
    struct npy_array a;
    if (npz_read(z, key, &a, err, errlen))
        return -1;
    if (!a.is_bytes && a.elem_size != 1) {
        snprintf(err, errlen, "%s: %s: dtype '%s': expected bytes (|S<n>) or a uint8 vector", z->path, key, a.descr);
        npy_free(&a);
        return -1;
    }
    /* numpy keeps a bytes object without its trailing NULs (|S<n> is the
     * length up to the last non-NUL byte): give back whole words, the NULs
     * restored; an empty one is stored as one NUL byte (|S1) */
    size_t n = a.is_bytes && a.bytes == 1 && a.data[0] == 0 ? 0 : a.bytes;
    size_t padded = a.is_bytes ? (n + 3) / 4 * 4 : n;
    *out = realloc(a.data, padded ? padded : 1);
    if (!*out) {
        npy_free(&a);
        snprintf(err, errlen, "%s: %s: out of memory", z->path, key);
        return -1;
    }
    memset(*out + n, 0, padded - n);
    *len = padded;
    a.data = NULL;
    npy_free(&a);
    return 0;
}

static int read_scalar(const struct npz *z, const char *key, int64_t lo, int64_t hi, int64_t *v, char *err,
                       size_t errlen)
{
    struct npy_array a;
    if (npz_read(z, key, &a, err, errlen))
        return -1;
    int ok = !a.is_bytes && !a.is_float && a.count == 1;
    if (ok)
        *v = npy_get(&a, 0);
    npy_free(&a);
    if (!ok) {
        snprintf(err, errlen, "%s: %s: expected one integer", z->path, key);
        return -1;
    }
    if (*v < lo || *v > hi) {
        snprintf(err, errlen, "%s: %s: %lld is outside %lld..%lld", z->path, key, (long long)*v, (long long)lo,
                 (long long)hi);
        return -1;
    }
    return 0;
}

/* an integer vector member of `count` elements (count 0: any, set) */
static int read_vector(const struct npz *z, const char *key, struct npy_array *a, unsigned *count, char *err,
                       size_t errlen)
{
    if (npz_read(z, key, a, err, errlen))
        return -1;
    if (a->is_bytes || (a->is_float && a->count) || a->ndim > 1) {
        snprintf(err, errlen, "%s: %s: expected a vector of integers", z->path, key);
        npy_free(a);
        return -1;
    }
    if (*count == 0 && a->count <= ETHOSU_NETWORK_MAX_TENSORS)
        *count = (unsigned)a->count;
    if (a->count != *count) {
        snprintf(err, errlen, "%s: %s: %llu entries, expected %u (at most %d tensors)", z->path, key,
                 (unsigned long long)a->count, *count, ETHOSU_NETWORK_MAX_TENSORS);
        npy_free(a);
        return -1;
    }
    return 0;
}

/* dims without the leading 1s (at least one) */
static unsigned significant(const uint64_t *shape, unsigned ndim, const uint64_t **first)
{
    unsigned skip = 0;
    while (skip + 1 < ndim && shape[skip] == 1)
        skip++;
    *first = shape + skip;
    return ndim - skip;
}

static void shape_text(const uint64_t *s, unsigned n, char *buf, size_t len)
{
    size_t at = (size_t)snprintf(buf, len, "(");
    for (unsigned i = 0; i < n && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%llu", i ? ", " : "", (unsigned long long)s[i]);
    if (at < len)
        snprintf(buf + at, len - at, ")");
}

/* the same dimensions, leading 1s aside */
static int same_shape(const uint64_t *a, unsigned na, const uint64_t *b, unsigned nb)
{
    const uint64_t *fa, *fb;
    unsigned sa = significant(a, na, &fa), sb = significant(b, nb, &fb);
    return sa == sb && !memcmp(fa, fb, sa * sizeof *fa);
}

/* the same dimensions in another order (leading 1s aside): NCHW for NHWC,
 * H and W swapped; a regrouping of the same elements is not one */
static int permuted_shape(const uint64_t *a, unsigned na, const uint64_t *b, unsigned nb)
{
    const uint64_t *fa, *fb;
    unsigned sa = significant(a, na, &fa), sb = significant(b, nb, &fb);
    if (sa != sb)
        return 0;
    int used[NPY_MAX_DIMS] = { 0 };
    for (unsigned i = 0; i < sa; i++) {
        unsigned j = 0;
        while (j < sb && (used[j] || fb[j] != fa[i]))
            j++;
        if (j == sb)
            return 0;
        used[j] = 1;
    }
    return 1;
}

/* input_<k>.npy or expected_<k>.npy: k, else -1 */
static long tensor_index(const char *name, const char *prefix)
{
    size_t pl = strlen(prefix);
    if (strncmp(name, prefix, pl) || name[pl] != '_')
        return -1;
    const char *p = name + pl + 1;
    long k = 0;
    if (*p < '0' || *p > '9')
        return -1;
    while (*p >= '0' && *p <= '9' && k < 100000)
        k = k * 10 + (*p++ - '0');
    return strcmp(p, ".npy") ? -1 : k;
}

/* a file beyond the described ones (input_<k>.npy or expected_<k>.npy, k >=
 * count) means the folder and the npz disagree */
static int refuse_extra_files(const char *dir, const char *file, const char *npz, unsigned count, const char *kind,
                              char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "%s: not a readable folder", dir);
        return -1;
    }
    struct dirent *e;
    long first = -1;
    while ((e = readdir(d))) {
        long k = tensor_index(e->d_name, file);
        if (k >= (long)count && (first < 0 || k < first))
            first = k;
    }
    closedir(d);
    if (first < 0)
        return 0;
    snprintf(err, errlen, "%s/%s_%ld.npy: %s describes %u %s%s, the folder has more", dir, file, first, npz, count,
             kind, count == 1 ? "" : "s");
    return -1;
}

/* inputs or outputs: the npz's description, then the .npy files */
static int read_tensors(struct ethosu_network *n, const struct npz *z, const char *dir, int outputs, char *err,
                        size_t errlen)
{
    const char *kind = outputs ? "output" : "input", *file = outputs ? "expected" : "input";
    struct ethosu_net_tensor *t = outputs ? n->outputs : n->inputs;
    char key[64];
    struct npy_array shape, esize, region, offset;
    unsigned count = 0;
    npy_init(&shape), npy_init(&esize), npy_init(&region), npy_init(&offset);
    int rc = -1;
    snprintf(key, sizeof key, "%s_elem_size", kind);
    if (read_vector(z, key, &esize, &count, err, errlen))
        goto out;
    snprintf(key, sizeof key, "%s_region", kind);
    if (read_vector(z, key, &region, &count, err, errlen))
        goto out;
    snprintf(key, sizeof key, "%s_offset", kind);
    if (read_vector(z, key, &offset, &count, err, errlen))
        goto out;
    snprintf(key, sizeof key, "%s_shape", kind);
    if (npz_read(z, key, &shape, err, errlen))
        goto out;
    if (shape.is_bytes || (shape.is_float && shape.count) || (count && (shape.ndim != 2 || shape.shape[0] != count))
        || shape.shape[1] > NPY_MAX_DIMS) {
        snprintf(err, errlen, "%s: %s: expected one shape per %s (%u rows of integers)", z->path, key, kind, count);
        goto out;
    }
    if (count == 0) {
        snprintf(err, errlen, "%s: the network has no %ss", z->path, kind);
        goto out;
    }
    for (unsigned i = 0; i < count; i++) {
        int64_t es = npy_get(&esize, i), rg = npy_get(&region, i), off = npy_get(&offset, i);
        if ((es != 1 && es != 2 && es != 4 && es != 8) || rg < 0 || rg >= ETHOSU_REGIONS || off < 0) {
            snprintf(err, errlen, "%s: %s %u: element size %lld, region %lld, offset %lld: expected 1, 2, 4 or 8 bytes, "
                     "region 0..7, offset >= 0", z->path, kind, i, (long long)es, (long long)rg, (long long)off);
            goto out;
        }
        t[i].elem_size = (unsigned)es;
        t[i].region = (unsigned)rg;
        t[i].offset = (uint64_t)off;
        unsigned nd = (unsigned)shape.shape[1];
        uint64_t dims[NPY_MAX_DIMS];
        for (unsigned d = 0; d < nd; d++) {
            int64_t v = npy_get(&shape, (uint64_t)i * nd + d);
            if (v < 1 || v > (1 << 24)) {
                snprintf(err, errlen, "%s: %s %u: dimension %u is %lld", z->path, kind, i, d, (long long)v);
                goto out;
            }
            dims[d] = (uint64_t)v;
        }
        char want[128];
        shape_text(dims, nd, want, sizeof want);
        /* a shape whose size wraps would compare nothing (issue 33 point 2) */
        if (checked_product_u64(dims, nd, &t[i].count) || checked_mul_u64(t[i].count, t[i].elem_size, &t[i].bytes)) {
            snprintf(err, errlen, "%s: %s %u: shape %s of %u-byte elements: its size overflows 64 bits", z->path,
                     kind, i, want, t[i].elem_size);
            goto out;
        }
        if (!t[i].bytes) {   /* cannot happen with dimensions >= 1; an empty output would compare nothing */
            snprintf(err, errlen, "%s: %s %u has 0 bytes: nothing to compare", z->path, kind, i);
            goto out;
        }
        if (checked_within(t[i].offset, t[i].bytes, ETHOSU_NETWORK_REGION_SPAN)) {
            snprintf(err, errlen, "%s: %s %u: %llu bytes at offset 0x%llx end beyond its region (the runner gives "
                     "each region %llu MiB)", z->path, kind, i, (unsigned long long)t[i].bytes,
                     (unsigned long long)t[i].offset, ETHOSU_NETWORK_REGION_SPAN >> 20);
            goto out;
        }
        snprintf(t[i].file, sizeof t[i].file, "%s/%s_%u.npy", dir, file, i);
        if (npy_load(t[i].file, &t[i].data, err, errlen))
            goto out;
        char got[160];
        npy_describe(&t[i].data, got, sizeof got);
        /* Vela may describe a tensor reshaped (a RESHAPE folded into the first
         * operation, a fully connected layer's input flattened): the same dense
         * bytes, so the element count must agree, not the shape; the same
         * dimensions in another order are a layout mix-up (NCHW for NHWC, H and
         * W swapped), refused. */
        const struct npy_array *fa = &t[i].data;
        int shape_ok = same_shape(fa->shape, fa->ndim, dims, nd) || !permuted_shape(fa->shape, fa->ndim, dims, nd);
        if (fa->is_bytes || fa->elem_size != t[i].elem_size || fa->count != t[i].count || !shape_ok) {
            snprintf(err, errlen, "%s: %s, but %s %u of %s is %s with %u-byte elements", t[i].file, got, kind, i,
                     z->path, want, t[i].elem_size);
            goto out;
        }
        /* NHWC for reports: the file's shape (as the user sees the tensor) when it
         * has at most 4 dimensions above 1, else the npz's */
        const uint64_t *first;
        const uint64_t *src = t[i].data.shape;
        unsigned ns = t[i].data.ndim;
        if (significant(src, ns, &first) > 4)
            src = dims, ns = nd;
        if (significant(src, ns, &first) > 4) {
            snprintf(err, errlen, "%s: %s %u has more than 4 dimensions above 1", z->path, kind, i);
            goto out;
        }
        for (unsigned d = 0; d < 4; d++)
            t[i].shape[d] = d + ns >= 4 ? src[d + ns - 4] : 1;
    }
    if (refuse_extra_files(dir, file, z->path, count, kind, err, errlen))
        goto out;
    if (outputs)
        n->n_outputs = count;
    else
        n->n_inputs = count;
    rc = 0;
out:
    npy_free(&shape), npy_free(&esize), npy_free(&region), npy_free(&offset);
    return rc;
}

/* The variable_* members (absent from older npz files: none). Each entry's
 * element size 1, 2, 4 or 8, region 0..7, shape dimensions 1..2^24 and end
 * inside its region, as the inputs and outputs. */
static int read_variables(struct ethosu_network *n, const struct npz *z, char *err, size_t errlen)
{
    static const char *const keys[4] = { "variable_elem_size", "variable_region", "variable_offset",
                                         "variable_shape" };
    struct npy_array a[4];
    for (unsigned k = 0; k < 4; k++)
        npy_init(&a[k]);
    int rc = -1;
    if (!npz_find(z, keys[3]))
        return 0;
    if (npz_read(z, keys[3], &a[3], err, errlen))
        goto out;
    if (!a[3].count) {   /* numpy's empty list: no variables, the other members not needed */
        rc = 0;
        goto out;
    }
    for (unsigned k = 0; k < 3; k++)
        if (!npz_find(z, keys[k]) || npz_read(z, keys[k], &a[k], err, errlen)) {
            if (!npz_find(z, keys[k]))
                snprintf(err, errlen, "%s: %s present but %s missing", z->path, keys[3], keys[k]);
            goto out;
        }
    uint64_t count = a[0].count;
    if (count > ETHOSU_NETWORK_MAX_VARIABLES) {
        snprintf(err, errlen, "%s: %llu variable tensors, at most %d", z->path, (unsigned long long)count,
                 ETHOSU_NETWORK_MAX_VARIABLES);
        goto out;
    }
    for (unsigned k = 0; k < 4; k++) {
        int vector = k < 3 ? a[k].ndim <= 1 : a[k].ndim == 2 && a[k].shape[1] <= NPY_MAX_DIMS;
        uint64_t rows = k < 3 ? a[k].count : (a[k].ndim == 2 ? a[k].shape[0] : a[k].count);
        if (a[k].is_bytes || (a[k].is_float && a[k].count) || !vector || rows != count) {
            snprintf(err, errlen, "%s: %s: expected %llu %s", z->path, keys[k], (unsigned long long)count,
                     k < 3 ? "integers" : "rows of integers");
            goto out;
        }
    }
    for (unsigned i = 0; i < count; i++) {
        int64_t es = npy_get(&a[0], i), rg = npy_get(&a[1], i), off = npy_get(&a[2], i);
        if ((es != 1 && es != 2 && es != 4 && es != 8) || rg < 0 || rg >= ETHOSU_REGIONS || off < 0) {
            snprintf(err, errlen, "%s: variable %u: element size %lld, region %lld, offset %lld: expected 1, 2, 4 "
                     "or 8 bytes, region 0..7, offset >= 0", z->path, i, (long long)es, (long long)rg,
                     (long long)off);
            goto out;
        }
        unsigned nd = (unsigned)a[3].shape[1];
        uint64_t dims[NPY_MAX_DIMS], elems, bytes;
        for (unsigned d = 0; d < nd; d++) {
            int64_t v = npy_get(&a[3], (uint64_t)i * nd + d);
            if (v < 1 || v > (1 << 24)) {
                snprintf(err, errlen, "%s: variable %u: dimension %u is %lld", z->path, i, d, (long long)v);
                goto out;
            }
            dims[d] = (uint64_t)v;
        }
        if (checked_product_u64(dims, nd, &elems) || checked_mul_u64(elems, (uint64_t)es, &bytes) ||
            checked_within((uint64_t)off, bytes, ETHOSU_NETWORK_REGION_SPAN)) {
            snprintf(err, errlen, "%s: variable %u: %lld-byte elements at offset 0x%llx end beyond its region (the "
                     "runner gives each region %llu MiB)", z->path, i, (long long)es, (unsigned long long)off,
                     ETHOSU_NETWORK_REGION_SPAN >> 20);
            goto out;
        }
        n->variables[i] = (struct ethosu_net_variable){ (unsigned)rg, (uint64_t)off, bytes, (unsigned)es, 0 };
    }
    n->n_variables = (unsigned)count;
    rc = 0;
out:
    for (unsigned k = 0; k < 4; k++)
        npy_free(&a[k]);
    return rc;
}

static const char *elem_type(unsigned size, int is_signed)
{
    static const char *const s[] = { "int8", "int16", "int32" }, *const u[] = { "uint8", "uint16", "uint32" };
    unsigned i = size == 1 ? 0 : size == 2 ? 1 : 2;
    return is_signed ? s[i] : u[i];
}

/* The operation map of the network's stream into *map: 1 when built, 0 when
 * the stream is broken (the run reports that; nothing to look up here), -1
 * out of memory (err says so). */
static int stream_map(const struct ethosu_network *n, struct ethosu_opmap *map, char *err, size_t errlen)
{
    uint32_t *words = ethosu_network_stream(n);
    char why[256];
    if (!words) {
        snprintf(err, errlen, "%s: out of memory", n->npz_path);
        return -1;
    }
    int broken = ethosu_opmap_build_for(map, ethosu_payload_is_u85(&n->payload) ? ETHOSU_CMD_U85 : ETHOSU_CMD_U55_U65,
                                        words, n->payload.cmd_words, why, sizeof why);
    free(words);
    return broken ? 0 : 1;
}

/* The command stream says each tensor's type: the IFM precision of the first
 * operation reading an input, the OFM precision of the last one writing an
 * output's first byte. An int8 file for a uint8 tensor (or the reverse) has
 * the right size and the wrong values: refused. */
static int check_types(const struct ethosu_network *n, char *err, size_t errlen)
{
    struct ethosu_opmap map;
    int built = stream_map(n, &map, err, errlen);
    if (built <= 0)
        return built;
    int rc = 0;
    for (unsigned k = 0; k < n->n_inputs + n->n_outputs && !rc; k++) {
        int out = k >= n->n_inputs;
        unsigned i = out ? k - n->n_inputs : k;
        const struct ethosu_net_tensor *t = out ? &n->outputs[i] : &n->inputs[i];
        const struct ethosu_op *op;
        unsigned size;
        int is_signed, second = 0;
        if (out) {
            unsigned h, w, c;
            op = ethosu_opmap_writer(&map, t->region, t->offset, &h, &w, &c);
            size = op ? op->ofm.elem_size : 0, is_signed = op ? op->ofm.is_signed : 0;
        } else {
            op = ethosu_opmap_reader(&map, t->region, t->offset, t->bytes, &second);
            const struct ethosu_ifm *f = op ? (second ? &op->ifm2 : &op->ifm) : NULL;
            size = f ? f->elem_size : 0, is_signed = f ? f->is_signed : 0;
        }
        /* int64 (ARG_MAX): the stream writes int32 pairs; nothing to compare. A
         * byte copy says nothing of the tensor's type (Vela copies uint8 as int8). */
        if (!op || size != t->data.elem_size || is_signed == t->data.is_signed || t->data.elem_size == 8 ||
            ethosu_op_moves_bytes(op))
            continue;
        char got[160];
        npy_describe(&t->data, got, sizeof got);
        snprintf(err, errlen, "%s: %s (%s), but the command stream %s %s %u as %s (op %u %s at stream offset 0x%zx, "
                 "its %s precision)", t->file, got, elem_type(t->data.elem_size, t->data.is_signed),
                 out ? "writes" : "reads", out ? "output" : "input", i, elem_type(size, is_signed), op->index,
                 ethosu_cmd_name_for(op->product, op->opcode, 0), op->offset, out ? "OFM" : second ? "IFM2" : "IFM");
        rc = -1;
    }
    ethosu_opmap_free(&map);
    return rc;
}

/* Each 1-byte variable starts at the zero point its first reader subtracts
 * (TensorFlow Lite's ResetVariableTensor: an int8 tensor memset to its zero
 * point, others to 0). An LSTM's int8 output state with zero point -6 is
 * real 0 at -6: zeroing it would start the sequence at 6 / 128. */
static int variable_fills(struct ethosu_network *n, char *err, size_t errlen)
{
    if (!n->n_variables)
        return 0;
    struct ethosu_opmap map;
    int built = stream_map(n, &map, err, errlen);
    if (built <= 0)
        return built;
    for (unsigned v = 0; v < n->n_variables; v++) {
        struct ethosu_net_variable *var = &n->variables[v];
        int second = 0;
        const struct ethosu_op *op = ethosu_opmap_reader(&map, var->region, var->offset, var->bytes, &second);
        const struct ethosu_ifm *f = op ? (second ? &op->ifm2 : &op->ifm) : NULL;
        if (var->elem_size == 1 && f && f->elem_size == 1)
            var->fill = (uint8_t)(f->zero_point & 0xFFu);
    }
    ethosu_opmap_free(&map);
    return 0;
}

int ethosu_network_load(struct ethosu_network *n, const char *dir, char *err, size_t errlen)
{
    ethosu_network_init(n);
    if (find_npz(dir, n->npz_path, sizeof n->npz_path, err, errlen))
        return -1;
    struct npz z;
    if (npz_open(&z, n->npz_path, err, errlen))
        return -1;
    int64_t wr, sr, sfr, ss, sfs;
    int rc = -1;
    if (read_bytes(&z, "cmd_data", &n->cmd_data, &n->cmd_len, err, errlen) ||
        read_bytes(&z, "weight_data", &n->weights, &n->weight_len, err, errlen) ||
        read_scalar(&z, "weight_region", 0, ETHOSU_REGIONS - 1, &wr, err, errlen) ||
        read_scalar(&z, "scratch_region", 0, ETHOSU_REGIONS - 1, &sr, err, errlen) ||
        read_scalar(&z, "scratch_fast_region", 0, ETHOSU_REGIONS - 1, &sfr, err, errlen) ||
        read_scalar(&z, "scratch_size", 0, INT64_MAX, &ss, err, errlen) ||
        read_scalar(&z, "scratch_fast_size", 0, INT64_MAX, &sfs, err, errlen))
        goto out;
    char what[600];
    snprintf(what, sizeof what, "%s: cmd_data", n->npz_path);
    if (ethosu_payload_parse(n->cmd_data, n->cmd_len, what, &n->payload, err, errlen))
        goto out;
    n->weight_region = (unsigned)wr, n->scratch_region = (unsigned)sr, n->scratch_fast_region = (unsigned)sfr;
    n->scratch_size = (uint64_t)ss, n->scratch_fast_size = (uint64_t)sfs;
    if (read_variables(n, &z, err, errlen) || read_tensors(n, &z, dir, 0, err, errlen) || read_tensors(n, &z, dir, 1, err, errlen) ||
        check_types(n, err, errlen) || variable_fills(n, err, errlen))
        goto out;
    rc = 0;
out:
    npz_free(&z);
    if (rc)
        ethosu_network_free(n);
    return rc;
}

uint32_t *ethosu_network_stream(const struct ethosu_network *n)
{
    size_t words = n->payload.cmd_words;
    uint32_t *w = malloc((words ? words : 1) * sizeof *w);
    if (!w)
        return NULL;
    const uint8_t *p = n->cmd_data + n->payload.cmd_offset;
    for (size_t i = 0; i < words; i++)
        w[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
               (uint32_t)p[4 * i + 3] << 24;
    return w;
}
