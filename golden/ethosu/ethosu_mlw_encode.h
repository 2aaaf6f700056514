/* Ethos-U65 weight stream ("mlw") golden encoder: TRM section 4.7.
 *
 * Pure C11 with the C library only. The format (bit order, slice header, chunks, padding) is
 * summarised in ethosu_mlw.h; this encoder writes streams any reader of that syntax accepts
 * (ethosu_mlw_decode() in particular) and tries to make them small. It is not byte-compatible
 * with Vela's encoder: the choices below are its own.
 *
 * ---- What the encoder chooses ----
 *
 *   Sections   runs of slices that start with a NEWPAL slice (one palette each). The weights
 *              are cut into blocks of 128 (more for inputs over 128K weights); neighbouring
 *              blocks are merged greedily, best saving first, while one section is estimated
 *              cheaper than two; each cut is then moved (steps 64, 32, ..., 1) to where the two
 *              estimates are smallest; finally neighbouring sections are merged wherever that
 *              is smaller on exact bit counts.
 *   Estimate   of a range, from prefix histograms and prefix zero-run costs: header + palette
 *              + the cheapest single weight coding for all indices + the cheapest ZDIV for all
 *              runs + a typical chunk filler.
 *   Per section, on exact sizes: alternating (zero-run) mode or not, and the palette size
 *              (0, 2, 4, 8, 16, 32 or all values if fewer), the three best estimates tried.
 *              Palette = the most frequent coded values, most frequent first (index 0 is the
 *              shortest code); a single value gets a dummy second entry. DIROFS = the smallest
 *              code sent in direct mode (up to 31); a direct zero is sent as code 1 ("minus
 *              zero") so that +1, -1, ... follow it. PALBITS = the width of the largest palette
 *              entry, or without a palette the width of the largest direct index (it is then
 *              the uncompressed width).
 *   Slices     a dynamic program over the coded weights picks per weight the weight coding
 *              (WDIV 0-5 with or without WTRUNC, or uncompressed) and the zero-run divisor
 *              (the section's two best ZDIV), paying a penalty for each change, which starts a
 *              new slice (penalty 40 bits, then 28 and 60 for the best candidate). Slices are
 *              cut at 32768 indices.
 *   End        ZDIV 7, 1 bits to the byte boundary, 0xFF bytes up to a multiple of 16 bytes.
 *
 *   The result is deterministic (same weights, same bytes) and uses no global state.
 */
#ifndef ETHOSU_MLW_ENCODE_H
#define ETHOSU_MLW_ENCODE_H

#include <stddef.h>
#include <stdint.h>

#include "ethosu_mlw.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest input (the encoder's counters are 32-bit). Working memory besides the input and the
 * output is about 1 byte per weight (bitmaps and prefix sums of the nonzero weights). */
#define ETHOSU_MLW_ENCODE_MAX_WEIGHTS ((size_t)1 << 30)

/* What the encoder produced (all counts for the whole stream). */
struct ethosu_mlw_encode_stats {
    size_t weights;         /* weights encoded (n) */
    size_t slices;          /* slice headers written */
    size_t sections;        /* slices with NEWPAL = 1 (palette loads) */
    size_t bits;            /* stream bits up to the end of the last slice (before the end marker) */
    size_t bytes;           /* stream length including the end marker and padding (= *len) */
    double bits_per_weight; /* 8 * bytes / weights */
};

/* Encode n weights (n >= 1, each in -255..255) into one stream. Returns 0 with a malloc'd
 * buffer in *out (caller frees with free()) of *len bytes, a multiple of 16; fills *st when it
 * is not NULL. Returns -1 on error with a message in err ("weight 12: value 300 is out of range
 * -255..255", "no weights", "too many weights", "out of memory"), *out = NULL and *len = 0. err may be NULL
 * (errlen 0). */
int ethosu_mlw_encode(const int16_t *weights, size_t n, uint8_t **out, size_t *len,
                      struct ethosu_mlw_encode_stats *st, char *err, size_t errlen);

/* Parse a weight list in text form: one signed decimal weight (-255..255) per line, as in the
 * shipped NAME.weights files ("\n" or "\r\n" line ends, spaces and tabs around the number
 * allowed, final newline optional). name is used in messages. Returns 0 with a malloc'd array
 * of *n weights (caller frees), or -1 with "name:line: reason" in err (bad number, out of
 * range, empty line, no weights). */
int ethosu_mlw_parse_weights(const char *text, size_t len, const char *name, int16_t **weights, size_t *n,
                             char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* ETHOSU_MLW_ENCODE_H */
