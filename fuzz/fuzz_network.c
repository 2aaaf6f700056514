/* fuzz_network: the Ethos-U65 network loader (sequences/ethosu/ethosu_network.h)
 * on a network folder written from the bytes: they are split at each
 * "\n--8<--\n" into net_vela.npz (Vela's description: cmd_data, weights,
 * regions, the inputs' and outputs' shapes) then input_0.npy,
 * expected_0.npy, input_1.npy, expected_1.npy, ... (the loader reads the
 * folder, as NETWORK= names it). A refusal names a file; what loads has
 * its payload's command stream inside cmd_data, every tensor's data the
 * size its description says, and a stream copy of the right length. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ethosu_network.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SEP "\n--8<--\n"
#define MAX_FILES (1 + 2 * ETHOSU_NETWORK_MAX_TENSORS + 2)

static char dir[64];

static void file_name(unsigned k, char *path, size_t len)
{
    if (k == 0)
        snprintf(path, len, "%s/net_vela.npz", dir);
    else
        snprintf(path, len, "%s/%s_%u.npy", dir, k % 2 ? "input" : "expected", (k - 1) / 2);
}

static void clear_dir(void)
{
    char path[128];
    for (unsigned k = 0; k < MAX_FILES; k++) {
        file_name(k, path, sizeof path);
        unlink(path);
    }
}

static void cleanup(void)
{
    clear_dir();
    rmdir(dir);
}

static void write_file(unsigned k, const uint8_t *p, size_t len)
{
    char path[128];
    file_name(k, path, sizeof path);
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    if (len && fwrite(p, 1, len, f) != len)
        abort();
    if (fclose(f))
        abort();
}

static void check_tensors(const struct ethosu_net_tensor *t, unsigned n)
{
    if (n < 1 || n > ETHOSU_NETWORK_MAX_TENSORS)
        abort();
    for (unsigned i = 0; i < n; i++) {
        uint64_t count = t[i].shape[0] * t[i].shape[1] * t[i].shape[2] * t[i].shape[3];
        if (t[i].region >= ETHOSU_REGIONS || t[i].bytes != t[i].count * t[i].elem_size ||
            t[i].data.bytes != t[i].bytes || t[i].data.count != t[i].count || count != t[i].count)
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/fuzz_network_XXXXXX");
        if (!mkdtemp(dir))
            abort();
        atexit(cleanup);
    }
    clear_dir();
    /* the files, split at SEP (a dozen and more dropped) */
    const uint8_t *p = data, *end = data + size;
    for (unsigned k = 0; k < MAX_FILES; k++) {
        const uint8_t *cut = NULL;
        for (const uint8_t *q = p; q + strlen(SEP) <= end; q++)
            if (!memcmp(q, SEP, strlen(SEP))) {
                cut = q;
                break;
            }
        write_file(k, p, (size_t)((cut ? cut : end) - p));
        if (!cut)
            break;
        p = cut + strlen(SEP);
    }
    struct ethosu_network n;
    char err[1024];
    err[0] = '\0';
    if (ethosu_network_load(&n, dir, err, sizeof err)) {
        if (!strstr(err, dir))   /* every error names the file (or the folder) */
            abort();
        return 0;
    }
    const struct ethosu_payload *pl = &n.payload;
    if (!n.cmd_data || pl->cmd_offset > n.cmd_len || pl->cmd_words > (n.cmd_len - pl->cmd_offset) / 4 ||
        n.weight_region >= ETHOSU_REGIONS || n.scratch_region >= ETHOSU_REGIONS ||
        n.scratch_fast_region >= ETHOSU_REGIONS)
        abort();
    check_tensors(n.inputs, n.n_inputs);
    check_tensors(n.outputs, n.n_outputs);
    uint32_t *w = ethosu_network_stream(&n);
    if (!w)
        abort();
    const uint8_t *s = n.cmd_data + pl->cmd_offset;
    if (pl->cmd_words && w[0] != ((uint32_t)s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 | (uint32_t)s[3] << 24))
        abort();
    free(w);
    ethosu_network_free(&n);
    return 0;
}
