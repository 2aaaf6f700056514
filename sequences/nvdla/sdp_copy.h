/* sdp_copy: one SDP off-flying bypass layer as a test describes it:
 * cube geometry and where the input and output live, plus helpers to
 * fill the input, guard the output region, program the registers of the
 * current PRODUCER group, and compare the result byte for byte. */
#ifndef SDP_COPY_H
#define SDP_COPY_H

#include <stdint.h>
#include "nvdla_seq.h"

/* nv_small's memory atom, for the tests whose fixed layout assumes it */
#define SDP_ATOM 8u

struct sdp_copy_layer {
    uint32_t atom;                            /* memory atom in bytes: channels per surface */
    uint32_t width, height, channels;         /* elements */
    uint64_t src, dst;                        /* base addresses */
    uint32_t src_line, src_surface;           /* strides in bytes */
    uint32_t dst_line, dst_surface;
};

uint32_t sdp_copy_surfaces(const struct sdp_copy_layer *l);
/* The configuration's atom (seq_atom), packed strides plus the given
 * padding; addresses and padding are rounded up to whole atoms, which
 * leaves nv_small's 8-byte multiples as they are. */
void sdp_copy_geometry(struct sdp_copy_layer *l, const struct seq_ctx *ctx, uint32_t w, uint32_t h, uint32_t c,
                       uint64_t src, uint64_t dst, uint32_t line_pad, uint32_t surface_pad);
/* Bytes spanned by the output (for guards), from dst. */
uint64_t sdp_copy_dst_span(const struct sdp_copy_layer *l);
void sdp_copy_fill_input(struct seq_ctx *ctx, const struct sdp_copy_layer *l);
void sdp_copy_guard_output(struct seq_ctx *ctx, const struct sdp_copy_layer *l);
/* Program SDP_RDMA and SDP of the current producer group; enable if asked. */
int sdp_copy_program(struct seq_ctx *ctx, const struct sdp_copy_layer *l, int enable);
int sdp_copy_enable(struct seq_ctx *ctx);
/* Every output atom equals its input atom; every other byte of the output
 * span still holds the guard pattern. 0 = match. */
int sdp_copy_check(struct seq_ctx *ctx, const struct sdp_copy_layer *l, const char *name);
/* Wait for dla_intr, check that exactly the expected GLB status bits are
 * set, clear them (write 1) and check the line drops. */
int sdp_copy_wait_done(struct seq_ctx *ctx, uint32_t expect_status, uint64_t timeout);

#endif
