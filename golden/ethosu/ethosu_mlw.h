/* Ethos-U65 weight stream ("mlw"): shared declarations of the lossless weight compression
 * format (TRM section 4.7) and the bit-exact golden decoder (ethosu_mlw_decode.c).
 *
 * Pure C11 with the C library only. The encoder and any other reader of the format build on the
 * field struct, constants and helpers below.
 *
 * ---- Bit order ----
 *
 *   Stream bit 8k + j is bit j of byte k (bytes fill from the least significant bit up).
 *   Every syntax element is written least significant bit first and starts at the very next
 *   bit after the previous one: nothing inside a stream is aligned (slices, chunks, palette
 *   entries). Example: writing the 5-bit value 0x12, the 4-bit value 0xB and the 8-bit value
 *   0x55 gives the bytes 0x72 0xAB, then bit 0 of the third byte is 0.
 *
 * ---- Stream ----
 *
 *   stream   = { slice } end
 *   slice    = header chunks               (header starts with ZDIV, which is never 7)
 *   end      = ZDIV=7 (three 1 bits), then 1 bits up to the byte boundary, then 0xFF bytes up to
 *              a multiple of 16 bytes. Every bit after the last slice is 1.
 *   Reading "ZDIV; if it is 7, skip to the byte boundary" in a loop eats the whole padding. A
 *   ZDIV other than 7 after an end marker starts another stream (its first slice has NEWPAL 1);
 *   this decoder accepts such joined streams and returns their weights one after the other.
 *
 * ---- Slice header, in stream order (struct ethosu_mlw_slice_header holds the raw fields) ----
 *
 *   ZDIV      3  0-3 alternating mode, zero-run divisor 1<<zdiv; 6 no zero runs; 7 end marker;
 *                4 and 5 invalid
 *   SLICELEN 15  coded weight indices in the slice minus 1 (slice length 1..32768)
 *   WDIV      3  0-5 Golomb-Rice divisor 1<<wdiv of the weight indices; 7 uncompressed; 6 invalid
 *   WTRUNC    1  the weight quotient is a truncated unary code (quotient 0..2)
 *   NEWPAL    1  the next four fields follow (else DIROFS, the palette and PALBITS are kept)
 *   DIROFS    5  direct-mode offset 0..31                         (only if NEWPAL)
 *   PALSIZE   5  0 = no palette, k > 0 = k+1 entries (2..32)       (only if NEWPAL)
 *   PALBITS   3  entry width = palbits + 2 (2..9 bits)             (only if NEWPAL)
 *   palette      palette-size entries of palette-bits bits, entry 0 first (only if NEWPAL)
 *
 *   23 bits without NEWPAL, 36 + entries * width with it. NEWPAL must be 1 in the first slice of
 *   a stream. A slice with NEWPAL 0 must stay on the same side (alternating or not) as the
 *   previous slice; WDIV, WTRUNC and, within alternating mode, ZDIV may change in any slice.
 *
 * ---- Weight index -> sign-magnitude code -> weight ----
 *
 *   Indices are 0..511. index < palette size: code = palette[index]; else
 *   code = index - palette size + dirofs (must be <= 511). Code c is +c/2 when c is even and
 *   -(c>>1) when odd: +255 = 510, -255 = 511; codes 0 and 1 both mean 0.
 *
 * ---- Chunks (per slice; w_cnt = slice length, z_cnt = slice length + newpal if alternating) ----
 *
 *   balance = weight quotients completed - run quotients completed (0 when not alternating).
 *   Weight part on: weight quotients remain and (balance < 8 or not alternating).
 *   Run part on:    alternating, run quotients remain and balance >= 0.
 *   Fields of a chunk in this order:
 *     WUNARY0  12 bits               weight part on and WDIV != 7: first bit of each token
 *     ZUNARY   12 (zdiv<=2) or 8     run part on: plain unary, 1 adds one, 0 ends a run quotient
 *     WUNARY1  popcount(WUNARY0)     as WUNARY0: second bit of each token whose first bit is 1
 *     WREMAIN  wdiv (or uncompressed bits) each, for the weights completed in the previous chunk
 *     ZREMAIN  zdiv each, for the runs completed in the previous chunk
 *   Weight quotient tokens: "0" ends it, "10" adds 1 and ends it, "11" adds 2 and continues
 *   (with WTRUNC "11" = 2 and ends it). Quotients continue across chunks; positions after the
 *   slice's last quotient are filler and carry no remainders. The weight quotient is at most
 *   31 (2 with WTRUNC); the run quotient has no bound. Uncompressed (WDIV 7): no WUNARY fields;
 *   a chunk whose weight part is on takes the next 12 indices (8 when the width is > 5 bits),
 *   sent as its WREMAINs in the next chunk; the width is ceil(log2(palette size)), or palette
 *   bits without a palette. The slice ends with the first chunk in which both parts are off
 *   (it holds only the last remainders, and may be empty).
 *
 * ---- Alternating mode output ----
 *
 *   A section (slices from one NEWPAL slice to the next) of n coded weights carries n+1 zero
 *   runs: run 0, weight 0, run 1, ..., weight n-1, run n. Its NEWPAL slice sends the leading
 *   run, and each weight's following run is sent in the same slice as the weight. A coded
 *   weight may itself be 0 (Vela codes an all-zero section as one coded 0 plus runs).
 */
#ifndef ETHOSU_MLW_H
#define ETHOSU_MLW_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Field widths of the slice header, in stream order. */
#define ETHOSU_MLW_ZDIV_BITS      3
#define ETHOSU_MLW_SLICELEN_BITS  15
#define ETHOSU_MLW_WDIV_BITS      3
#define ETHOSU_MLW_WTRUNC_BITS    1
#define ETHOSU_MLW_NEWPAL_BITS    1
#define ETHOSU_MLW_DIROFS_BITS    5
#define ETHOSU_MLW_PALSIZE_BITS   5
#define ETHOSU_MLW_PALBITS_BITS   3
#define ETHOSU_MLW_HEADER_BITS    23 /* ZDIV .. NEWPAL */
#define ETHOSU_MLW_PALHDR_BITS    13 /* DIROFS + PALSIZE + PALBITS */

/* Field values. */
#define ETHOSU_MLW_ZDIV_MAX       3  /* 0..3: alternating mode */
#define ETHOSU_MLW_ZDIV_NONE      6  /* no zero-run coding in this slice */
#define ETHOSU_MLW_ZDIV_EOS       7  /* end-of-stream marker */
#define ETHOSU_MLW_WDIV_MAX       5  /* 0..5: Golomb-Rice */
#define ETHOSU_MLW_WDIV_UNCOMP    7  /* uncompressed weight indices */
#define ETHOSU_MLW_SLICE_MAX      32768 /* slice length limit (SLICELEN field 32767) */
#define ETHOSU_MLW_DIROFS_MAX     31
#define ETHOSU_MLW_PAL_MAX        32 /* palette entries (PALSIZE field 31) */
#define ETHOSU_MLW_PALBITS_MIN    2  /* palette bits = PALBITS field + 2 */
#define ETHOSU_MLW_PALBITS_MAX    9

/* Values, indices, quotients. */
#define ETHOSU_MLW_WEIGHT_MIN     (-255)
#define ETHOSU_MLW_WEIGHT_MAX     255
#define ETHOSU_MLW_INDEX_MAX      511 /* weight indices are 9 bits */
#define ETHOSU_MLW_CODE_MAX       511 /* sign-magnitude codes are 9 bits */
#define ETHOSU_MLW_WQ_MAX         31  /* weight quotient limit */
#define ETHOSU_MLW_WQ_TRUNC_MAX   2   /* weight quotient limit with WTRUNC */

/* Chunk geometry. */
#define ETHOSU_MLW_WUNARY0_BITS   12 /* weight positions per chunk */
#define ETHOSU_MLW_BALANCE_MAX    7  /* weight part on while balance <= 7 */
#define ETHOSU_MLW_ZUNARY_BITS(zdiv)       ((zdiv) < 3 ? 12 : 8)
#define ETHOSU_MLW_UNCOMP_PER_CHUNK(bits)  ((bits) <= 5 ? 12 : 8)

/* Stream alignment: lengths are multiples of 16 bytes (128 bits). */
#define ETHOSU_MLW_ALIGN_BYTES    16

/* One slice header, as its raw bitstream fields (the TRM names). When NEWPAL is 0 the decoder
 * reports in dirofs/palsize/palbits/palette the values in force (kept from the previous slice);
 * an encoder ignores those fields then. */
struct ethosu_mlw_slice_header {
    uint8_t zdiv;     /* 0-3, 6 (7 is the end marker, never a slice) */
    uint16_t slicelen; /* slice length - 1 (0..32767) */
    uint8_t wdiv;     /* 0-5, 7 */
    uint8_t wtrunc;   /* 0/1 */
    uint8_t newpal;   /* 0/1 */
    uint8_t dirofs;   /* 0-31 */
    uint8_t palsize;  /* 0 = no palette, else palette size - 1 (1..31) */
    uint8_t palbits;  /* palette bits - 2 (0..7) */
    uint16_t palette[ETHOSU_MLW_PAL_MAX]; /* sign-magnitude codes, palette size entries used */
};

/* Derived header values (TRM "slice length", "palette size", "palette bits", ...). */
static inline unsigned ethosu_mlw_slice_length(const struct ethosu_mlw_slice_header *h)
{
    return (unsigned)h->slicelen + 1u;
}
static inline unsigned ethosu_mlw_palette_size(const struct ethosu_mlw_slice_header *h)
{
    return h->palsize ? (unsigned)h->palsize + 1u : 0u;
}
static inline unsigned ethosu_mlw_palette_bits(const struct ethosu_mlw_slice_header *h)
{
    return (unsigned)h->palbits + ETHOSU_MLW_PALBITS_MIN;
}
static inline int ethosu_mlw_alternating(const struct ethosu_mlw_slice_header *h)
{
    return h->zdiv <= ETHOSU_MLW_ZDIV_MAX;
}
/* Width of an uncompressed index: ceil(log2(palette size)), or palette bits without a palette. */
static inline unsigned ethosu_mlw_uncompressed_bits(const struct ethosu_mlw_slice_header *h)
{
    unsigned ps = ethosu_mlw_palette_size(h), b = 0;
    if (ps == 0)
        return ethosu_mlw_palette_bits(h);
    while ((1u << b) < ps)
        b++;
    return b;
}
/* Width of each WREMAIN field of the slice. */
static inline unsigned ethosu_mlw_wremain_bits(const struct ethosu_mlw_slice_header *h)
{
    return h->wdiv == ETHOSU_MLW_WDIV_UNCOMP ? ethosu_mlw_uncompressed_bits(h) : h->wdiv;
}
/* Header length in bits, ZDIV to the last palette entry. */
static inline unsigned ethosu_mlw_header_bits(const struct ethosu_mlw_slice_header *h)
{
    return ETHOSU_MLW_HEADER_BITS +
           (h->newpal ? ETHOSU_MLW_PALHDR_BITS + ethosu_mlw_palette_size(h) * ethosu_mlw_palette_bits(h) : 0u);
}

/* Sign-magnitude code (0..511) <-> weight (-255..255). Weight 0 encodes as code 0. */
static inline int ethosu_mlw_code_to_weight(unsigned code)
{
    return (code & 1u) ? -(int)(code >> 1) : (int)(code >> 1);
}
static inline unsigned ethosu_mlw_weight_to_code(int w)
{
    return w < 0 ? ((unsigned)(-w) << 1) | 1u : (unsigned)w << 1;
}

/* What the decoder reports for each slice, once the slice has been decoded. */
struct ethosu_mlw_slice_info {
    struct ethosu_mlw_slice_header hdr; /* palette fields: the values in force */
    unsigned index;       /* slice number in the buffer, from 0 */
    unsigned stream;      /* joined stream the slice belongs to, from 0 */
    size_t header_bit;    /* stream bit of the slice's ZDIV field */
    size_t data_bit;      /* first bit of the first chunk */
    size_t end_bit;       /* first bit after the last chunk */
    unsigned chunks;      /* chunks in the slice (the trailing remainder-only chunk included) */
    size_t first_weight;  /* output position of the slice's first weight (zero runs included) */
    size_t n_weights;     /* weights the slice produces: coded weights plus its zero runs */
};

/* Per-slice trace callback. */
typedef void (*ethosu_mlw_trace_fn)(void *user, const struct ethosu_mlw_slice_info *info);

/* Decode a whole buffer: one or more joined streams, each = slices, end marker, padding.
 * Returns 0 with a malloc'd array of *n weights (caller frees with free()), or -1 with
 * "bit N: reason" in err (N = stream bit where the offending element starts) and *weights =
 * NULL, *n = 0. Errors: malformed header (ZDIV 4/5, WDIV 6, NEWPAL 0 first, alternating change
 * without NEWPAL), weight quotient over its limit, index over 511, direct code over 511,
 * truncated stream, missing end marker, padding bit 0, length not a multiple of 16 bytes, no
 * slice at all. Never reads outside buf[0..len). err may be NULL (errlen 0). */
int ethosu_mlw_decode(const uint8_t *buf, size_t len, int16_t **weights, size_t *n, char *err,
                      size_t errlen);

/* The same by the careful reader alone, without the fast path that ethosu_mlw_decode tries
 * first (the unit tests compare the two on damaged streams). */
int ethosu_mlw_decode_careful(const uint8_t *buf, size_t len, int16_t **weights, size_t *n, char *err,
                              size_t errlen);

/* Same, calling trace(user, info) after each slice decoded (trace may be NULL). */
int ethosu_mlw_decode_trace(const uint8_t *buf, size_t len, int16_t **weights, size_t *n,
                            char *err, size_t errlen, ethosu_mlw_trace_fn trace, void *user);

#ifdef __cplusplus
}
#endif

#endif /* ETHOSU_MLW_H */
