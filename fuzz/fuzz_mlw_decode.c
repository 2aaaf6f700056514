/* fuzz_mlw_decode: the Ethos-U65 weight-stream decoder (golden/ethosu/ethosu_mlw.h)
 * on arbitrary bytes. A stream it accepts must survive a round trip: its
 * weights, encoded again (golden/ethosu/ethosu_mlw_encode.h), decode to the same
 * weights. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_mlw.h"
#include "ethosu_mlw_encode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int16_t *w = NULL;
    size_t n = 0;
    char err[256];
    if (ethosu_mlw_decode(data, size, &w, &n, err, sizeof err)) {
        if (w || n || !err[0])
            abort();   /* a refusal leaves nothing behind and says why */
        return 0;
    }
    /* indices up to 511 are weights -255..255, what the encoder takes */
    for (size_t i = 0; i < n; i++)
        if (w[i] < -255 || w[i] > 255)
            abort();
    if (n > 0) {
        uint8_t *s = NULL;
        size_t len = 0;
        if (ethosu_mlw_encode(w, n, &s, &len, NULL, err, sizeof err))
            abort();
        int16_t *w2 = NULL;
        size_t n2 = 0;
        if (ethosu_mlw_decode(s, len, &w2, &n2, err, sizeof err) || n2 != n || memcmp(w, w2, n * sizeof *w))
            abort();
        free(w2);
        free(s);
    }
    free(w);
    return 0;
}
