/* fuzz_mlw_decode: the Ethos-U65 weight-stream decoder (golden/ethosu/ethosu_mlw.h)
 * on arbitrary bytes. A refusal leaves nothing behind and says why; what it
 * accepts is in range, its slices (the trace) tile the output in order, and
 * the stream joined to itself decodes to the weights twice. The joined
 * stream is the careful reader's (the fast path leaves joined streams to
 * it), so this compares the decoder's two paths on every accepted input.
 * Encoding is mlw_roundtrip's: the encoder searches its parameters and at
 * about 1 ms a call would set this target's pace. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_mlw.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct tiling {
    unsigned slices;
    size_t next_weight;   /* where the next slice must start */
    size_t last_end_bit;
    int bad;
};

static void on_slice(void *user, const struct ethosu_mlw_slice_info *info)
{
    struct tiling *t = user;
    if (info->index != t->slices || info->first_weight != t->next_weight || info->header_bit < t->last_end_bit ||
        info->data_bit < info->header_bit || info->end_bit < info->data_bit)
        t->bad = 1;
    t->slices++;
    t->next_weight = info->first_weight + info->n_weights;
    t->last_end_bit = info->end_bit;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int16_t *w = NULL;
    size_t n = 0;
    char err[256];
    struct tiling t = { 0 };
    if (ethosu_mlw_decode_trace(data, size, &w, &n, err, sizeof err, on_slice, &t)) {
        if (w || n || !err[0])
            abort();   /* a refusal leaves nothing behind and says why */
        return 0;
    }
    if (t.bad || t.slices == 0 || t.next_weight != n || t.last_end_bit > 8 * size)
        abort();
    /* indices up to 511 are weights -255..255 */
    for (size_t i = 0; i < n; i++)
        if (w[i] < -255 || w[i] > 255)
            abort();
    /* the careful reader on the stream twice: the same weights twice */
    uint8_t *twice = malloc(2 * size);
    if (twice) {
        memcpy(twice, data, size);
        memcpy(twice + size, data, size);
        int16_t *w2 = NULL;
        size_t n2 = 0;
        if (ethosu_mlw_decode(twice, 2 * size, &w2, &n2, err, sizeof err) || n2 != 2 * n ||
            memcmp(w2, w, n * sizeof *w) || memcmp(w2 + n, w, n * sizeof *w))
            abort();
        free(w2);
        free(twice);
    }
    free(w);
    return 0;
}
