/* nvdla_prog_check: the register-programming checker, the register-level
 * analogue of the bus protocol checkers. Before a layer starts it checks
 * the registers it runs with against the rules of the configuration: CBUF
 * entry and bank sizing, WEIGHT_BYTES alignment, the CBUF flush wait,
 * SDP_RDMA DATA_USE against the operands read, PDP geometry the hardware
 * cannot do or may hang on, and the preconditions the golden models rely on. Each rule has
 * a name; a violation says which registers and values broke it. The twin
 * runs it when a layer starts, the trace runner before a trace runs (on
 * any DUT). */
#ifndef NVDLA_PROG_CHECK_H
#define NVDLA_PROG_CHECK_H

#include <stddef.h>
#include "nvdla_config.h"
#include "nvdla_regfile.h"

enum nvdla_prog_rule {
    NVDLA_RULE_ENTRY_PER_SLICE,     /* cbuf-entry-per-slice */
    NVDLA_RULE_DATA_BANKS,          /* cbuf-data-banks */
    NVDLA_RULE_BANK_COUNT,          /* cbuf-bank-count */
    NVDLA_RULE_WEIGHT_BYTES,        /* weight-bytes-align */
    NVDLA_RULE_FLUSH_WAIT,          /* cbuf-flush-wait */
    NVDLA_RULE_CSC_ATOMICS,         /* csc-atomics: CSC D_ATOMICS = output width x height - 1 */
    NVDLA_RULE_CONV_KERNELS,        /* conv-weight-kernels: CSC's kernel count within the CDMA's */
    NVDLA_RULE_WEIGHT_KEEP,         /* cbuf-weight-keep: weights kept for the next layer fit the weight banks */
    NVDLA_RULE_Y_EXTENSION,         /* csc-y-extension: 0 in a feature convolution */
    NVDLA_RULE_PIXEL_X_OFFSET,      /* pixel-x-offset: within the first memory atom */
    NVDLA_RULE_DATA_USE,            /* sdp-data-use */
    NVDLA_RULE_PDP_GEOMETRY,        /* pdp-geometry */
    NVDLA_RULE_PDP_TRAILING_INPUT,  /* pdp-trailing-input: input read after the last window */
    NVDLA_RULE_PDP_LINE_BUFFER,     /* pdp-line-buffer: an output line the pooling line buffer holds */
    NVDLA_RULE_PDP_OUT_CHANNEL,     /* pdp-out-channel: output channels = input channels */
    NVDLA_RULE_PDP_RDMA_SPLIT,      /* pdp-rdma-split: PDP_RDMA SPLIT_NUM (and in split mode its stripes) = PDP's */
    NVDLA_RULE_OUTPUT_OVERLAP,      /* output-overlap: an output cube's lines and surfaces do not overlap */
    NVDLA_RULE_ATOM_ALIGN,          /* atom-align */
    NVDLA_RULE_RAM_TYPE,            /* ram-type: SRAMIF selected, the configuration has none */
    NVDLA_RULE_MODEL,               /* layer-program: what the golden models refuse */
    NVDLA_RULE_COUNT
};

/* The table of docs/programming-rules.md: name, registers, what the hardware does, source, and
 * the configurations whose real RTL showed the rule's edge (a layer breaking it hung or wrote
 * wrong bytes while one keeping it completed). */
struct nvdla_prog_rule_desc {
    const char *name, *registers, *hardware, *source, *checked_on;
};
extern const struct nvdla_prog_rule_desc nvdla_prog_rules[NVDLA_RULE_COUNT];

struct nvdla_prog_violation {
    enum nvdla_prog_rule rule;
    char detail[384];       /* the registers and values, and what they should be */
};

/* A layer's context beyond its registers. */
struct nvdla_prog_ctx {
    const struct nvdla_config *cfg;
    /* The CBUF flush after reset is known complete when the convolution
     * starts (the twin: by time; the trace runner: FLUSH_DONE polled). */
    int cbuf_flushed;
};

/* The layer that starts with unit u's consumer groups (u = SDP, PDP, CDP,
 * or CDMA for a convolution; other units have no rules of their own).
 * Writes up to max violations; returns how many there are (may exceed max). */
int nvdla_prog_check(const struct nvdla_regfile *r, enum nvdla_unit u, const struct nvdla_prog_ctx *pc,
                     struct nvdla_prog_violation *out, int max);

/* "rule 'sdp-data-use': detail" into buf. */
void nvdla_prog_violation_str(const struct nvdla_prog_violation *v, char *buf, size_t len);

/* The rules as a Markdown table (rule, registers, what the hardware does,
 * source) on stdout: the table of docs/programming-rules.md is this output. */
void nvdla_prog_rules_print(void);

/* Rule by name (for knobs), -1 if unknown. */
int nvdla_prog_rule_find(const char *name);

#endif
