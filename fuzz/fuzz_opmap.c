/* fuzz_opmap: the op map of a command stream (sequences/ethosu/ethosu_opmap.h)
 * on arbitrary bytes read as little-endian words, as the network runner
 * builds it for a mismatch report. What builds describes every operation
 * in text, and each operation's first OFM byte is found written (by it or
 * a later operation of the same region). A refusal says why. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_opmap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* the writer scans every element of every later operation's OFM: a report
 * after a run that finished, so bounded here by what a run could write */
#define SCAN_BUDGET (1u << 20)

static uint64_t scan_cost(const struct ethosu_ofm *o)
{
    uint64_t blocks = o->nhcwb16 ? (o->depth + 15u) / 16u : 1u;
    return (uint64_t)o->height * o->width * blocks;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t n = size / 4;
    uint32_t *words = malloc((n ? n : 1) * sizeof *words);
    if (!words)
        return 0;
    for (size_t i = 0; i < n; i++)
        words[i] = (uint32_t)data[4 * i] | (uint32_t)data[4 * i + 1] << 8 | (uint32_t)data[4 * i + 2] << 16 |
                   (uint32_t)data[4 * i + 3] << 24;
    struct ethosu_opmap m;
    char err[256];
    err[0] = '\0';
    if (ethosu_opmap_build(&m, words, n, err, sizeof err)) {
        if (!err[0] || m.ops || m.n)
            abort();
        free(words);
        return 0;
    }
    uint64_t cost = 0;
    for (unsigned i = 0; i < m.n; i++)
        cost += scan_cost(&m.ops[i].ofm);
    for (unsigned i = 0; i < m.n; i++) {
        const struct ethosu_op *op = &m.ops[i];
        char text[512];
        text[0] = '\0';
        ethosu_op_describe(op, text, sizeof text);
        if (op->index != i || op->offset >= 4 * n || !text[0])
            abort();
        if (cost > SCAN_BUDGET || i >= 8)
            continue;
        unsigned h, w, c;
        const struct ethosu_op *by = ethosu_opmap_writer(&m, op->ofm.region, op->ofm.base[0], &h, &w, &c);
        if (!by || by->index < i || by->ofm.region != op->ofm.region || h >= by->ofm.height ||
            w >= by->ofm.width || c >= by->ofm.depth)
            abort();
    }
    ethosu_opmap_free(&m);
    free(words);
    return 0;
}
