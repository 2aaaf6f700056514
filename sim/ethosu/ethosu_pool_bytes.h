/* ethosu_pool_bytes: an Ethos-U55/U65 max pool on 8-bit maps, in bytes.
 * A max pool's output element depends only on the largest IFM value in its
 * window (subtracting the zero point keeps the order; the output stage is
 * the same for every element), so the maxima are taken on the packed bytes
 * themselves and the output stage is a table of 256 outputs computed by the
 * golden model (ethosu_kcompute on every byte value). No int32 map is
 * unpacked, pooled or packed, which took most of a large pool's time. The
 * golden model's own checks decide first (ethosu_kcompute_check), so an
 * operation it refuses goes to the per-element path, which reports why. */
#ifndef ETHOSU_POOL_BYTES_H
#define ETHOSU_POOL_BYTES_H

#include <stddef.h>
#include "ethosu_fm_layout.h"
#include "ethosu_kcompute.h"

/* IFM elements from which the byte path is taken (below it the table's 256
 * golden outputs cost more than they save). */
#define ETHOSU_POOL_BYTES_MIN 4096u

/* Whether op is one this path computes: a U55/U65 NPU_OP_POOL MAX with
 * 1-byte IFM and OFM elements, no upscale, at least min_elems IFM elements. */
int ethosu_pool_bytes_applies(const struct ethosu_kop *op, size_t min_elems);

/* Computes the operation of in (its dense operand pointers unused) from the
 * packed IFM buffer into the packed OFM buffer. 0; 1 when the golden model
 * refuses the operation's parameters, memory runs out or an explanation
 * rerun is on (ethosu_explain counts one golden call per operation): the OFM
 * buffer is then unspecified and the caller's per-element path computes it,
 * or says why not. */
int ethosu_pool_bytes_run(const struct ethosu_kc_in *in, const struct ethosu_fml_io *ifm, struct ethosu_fml_io *ofm);

#endif
