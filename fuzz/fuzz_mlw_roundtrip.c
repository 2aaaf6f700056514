/* fuzz_mlw_roundtrip: the weight list parser and the weight-stream encoder
 * (golden/ethosu/ethosu_mlw_encode.h), checked by the decoder: arbitrary bytes read
 * as a NAME.weights text file (one weight per line, as mlw-encode reads
 * them); a list it accepts is encoded, and the stream must decode to the
 * same weights, be a multiple of 16 bytes, and be the same bytes when
 * encoded twice (the encoder is deterministic). */
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
    if (ethosu_mlw_parse_weights((const char *)data, size, "fuzz.weights", &w, &n, err, sizeof err)) {
        if (!err[0])
            abort();
        return 0;
    }
    uint8_t *s = NULL, *s2 = NULL;
    size_t len = 0, len2 = 0;
    struct ethosu_mlw_encode_stats st;
    if (ethosu_mlw_encode(w, n, &s, &len, &st, err, sizeof err) || len % 16 || st.weights != n || st.bytes != len)
        abort();
    if (ethosu_mlw_encode(w, n, &s2, &len2, NULL, err, sizeof err) || len2 != len || memcmp(s, s2, len))
        abort();
    int16_t *back = NULL;
    size_t nback = 0;
    if (ethosu_mlw_decode(s, len, &back, &nback, err, sizeof err) || nback != n || memcmp(back, w, n * sizeof *w))
        abort();
    free(back);
    free(s2);
    free(s);
    free(w);
    return 0;
}
