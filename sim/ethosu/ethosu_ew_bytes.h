/* ethosu_ew_bytes: an Ethos-U55/U65 elementwise operation on 8-bit maps
 * through a table of its outputs. With 8-bit operands and an 8-bit OFM the
 * output byte of an element is a function of its operand bytes alone (no
 * neighbour, no position: the same scaling, rounding, clamp and activation
 * for every element), so the golden model computes each operand pair once
 * (65,536 pairs; a unary operation 256 values) and the elements look their
 * byte up. The operands stay bytes from the packed buffers the reads filled
 * to the packed buffer the writes drain: no int32 map is unpacked, computed
 * or packed, which took most of a large elementwise operation's time.
 * The table is the golden model's own output (ethosu_kcompute on every
 * pair), so the result is bit for bit the per-element path's. */
#ifndef ETHOSU_EW_BYTES_H
#define ETHOSU_EW_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include "ethosu_fm_layout.h"
#include "ethosu_kcompute.h"

/* Elements from which a binary operation takes the table (below it the
 * table costs more than it saves); a unary one's table is 256 entries. */
#define ETHOSU_EW_BYTES_MIN_BINARY (2u * 65536u)
#define ETHOSU_EW_BYTES_MIN_UNARY 4096u

/* Whether in->op is an operation this path computes: U55/U65 ELEMENTWISE,
 * IFM, IFM2 (when binary, not a scalar, not broadcast) and OFM of 1-byte
 * elements and one shape, at least min_binary (binary) or min_unary
 * elements. */
int ethosu_ew_bytes_applies(const struct ethosu_kop *op, size_t min_binary, size_t min_unary);

/* Computes the operation of in (the dense operand pointers of in unused)
 * from the packed IFM (and IFM2) buffers into the packed OFM buffer; maps
 * whose packed bytes are already in dense order (NHWC rows back to back)
 * are used as they are. 0; 1 when the golden model refuses the operation's
 * parameters, memory runs out or an explanation rerun is on (ethosu_explain:
 * it counts one golden call per operation) (the OFM buffer then unspecified: the
 * caller's per-element path computes it, or says why not). */
int ethosu_ew_bytes_run(const struct ethosu_kc_in *in, const struct ethosu_fml_io *ifm,
                        const struct ethosu_fml_io *ifm2, struct ethosu_fml_io *ofm);

#endif
