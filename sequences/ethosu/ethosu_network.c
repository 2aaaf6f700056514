/* ethosu_network: see ethosu_network.h. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ethosu_network.h"
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
        if ((es != 1 && es != 2 && es != 4) || rg < 0 || rg >= ETHOSU_REGIONS || off < 0) {
            snprintf(err, errlen, "%s: %s %u: element size %lld, region %lld, offset %lld: expected 1, 2 or 4 bytes, "
                     "region 0..7, offset >= 0", z->path, kind, i, (long long)es, (long long)rg, (long long)off);
            goto out;
        }
        t[i].elem_size = (unsigned)es;
        t[i].region = (unsigned)rg;
        t[i].offset = (uint64_t)off;
        unsigned nd = (unsigned)shape.shape[1];
        uint64_t dims[NPY_MAX_DIMS];
        t[i].count = 1;
        for (unsigned d = 0; d < nd; d++) {
            int64_t v = npy_get(&shape, (uint64_t)i * nd + d);
            if (v < 1 || v > (1 << 24)) {
                snprintf(err, errlen, "%s: %s %u: dimension %u is %lld", z->path, kind, i, d, (long long)v);
                goto out;
            }
            dims[d] = (uint64_t)v;
            t[i].count *= (uint64_t)v;
        }
        t[i].bytes = t[i].count * t[i].elem_size;
        snprintf(t[i].file, sizeof t[i].file, "%s/%s_%u.npy", dir, file, i);
        if (npy_load(t[i].file, &t[i].data, err, errlen))
            goto out;
        char want[128], got[160];
        shape_text(dims, nd, want, sizeof want);
        npy_describe(&t[i].data, got, sizeof got);
        /* Vela may describe a tensor reshaped (a fully connected layer's input
         * flattened): the same dense bytes, so the element count must agree, not
         * the shape */
        if (t[i].data.is_bytes || t[i].data.elem_size != t[i].elem_size || t[i].data.count != t[i].count) {
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
    /* a file beyond the described ones means the folder and the npz disagree */
    char extra[600];
    snprintf(extra, sizeof extra, "%s/%s_%u.npy", dir, file, count);
    struct stat st;
    if (!stat(extra, &st)) {
        snprintf(err, errlen, "%s: %s describes %u %s%s, the folder has more", extra, z->path, count, kind,
                 count == 1 ? "" : "s");
        goto out;
    }
    if (outputs)
        n->n_outputs = count;
    else
        n->n_inputs = count;
    rc = 0;
out:
    npy_free(&shape), npy_free(&esize), npy_free(&region), npy_free(&offset);
    return rc;
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
    struct npy_array vars;
    npy_init(&vars);
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
    /* variables (stateful tensors) would need their values between runs */
    if (npz_find(&z, "variable_shape")) {
        if (npz_read(&z, "variable_shape", &vars, err, errlen))
            goto out;
        if (vars.count) {
            snprintf(err, errlen, "%s: the network has variable (stateful) tensors, which the runner does not "
                     "set up", n->npz_path);
            goto out;
        }
    }
    if (read_tensors(n, &z, dir, 0, err, errlen) || read_tensors(n, &z, dir, 1, err, errlen))
        goto out;
    rc = 0;
out:
    npy_free(&vars);
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
