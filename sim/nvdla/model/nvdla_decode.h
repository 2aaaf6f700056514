/* nvdla_decode: register values -> golden-model configurations. The one
 * place that knows which NVDLA register field means what for SDP, PDP, CDP
 * and the convolution pipeline;
 * the golden models know no registers and the twin engines and the trace
 * reference executor share this decode. Values are read from the consumer
 * group of each unit (nvdla_regfile_cfg), as the hardware latches them. */
#ifndef NVDLA_DECODE_H
#define NVDLA_DECODE_H

#include <stddef.h>
#include <stdint.h>
#include "golden_cdp.h"
#include "golden_conv.h"
#include "golden_pdp.h"
#include "golden_sdp.h"
#include "nvdla_regfile.h"

/* A cube in memory: base address, strides and element width, and size. */
struct nvdla_cube_mem {
    uint64_t base;
    struct golden_layout layout;
    uint32_t w, h, c;
    /* the DMA's RAM type: 1 CV (the SRAMIF memory, field value 0, the
     * reset value), 0 MC (DBBIF, field value 1) */
    int sram;
};

/* Bytes of the cube stored packed (all lanes of all surfaces). */
size_t nvdla_cube_packed_bytes(const struct nvdla_cube_mem *m);
/* The memory runs of a cube (one per line of every surface), in packed
 * buffer order: fn(ctx, address, length, offset in the packed buffer). */
void nvdla_cube_runs(const struct nvdla_cube_mem *m,
                     void (*fn)(void *ctx, uint64_t addr, uint32_t len, size_t off), void *ctx);

/* One SDP_RDMA operand stream (BS, BN or EW) as it is fetched. */
struct nvdla_sdp_stream {
    int fetch;                      /* enabled: the RDMA reads it */
    struct nvdla_cube_mem mem;      /* per channel: a 1x1 cube of 8*S elements */
    unsigned size_bytes;            /* 1 or 2 per component */
    enum golden_operand_use use;
    enum golden_operand_mode mode;
};

struct nvdla_sdp_layer {
    int flying_in;                  /* input from the convolution pipeline */
    int to_pdp;                     /* output to PDP instead of memory */
    uint32_t w, h, c;               /* the processed cube */
    struct nvdla_cube_mem src;      /* input (when !flying_in) */
    struct nvdla_cube_mem dst;      /* output (when !to_pdp) */
    struct nvdla_sdp_stream ops[GOLDEN_SDP_STAGES];
    struct golden_sdp_cfg cfg;
};

struct nvdla_pdp_layer {
    int flying_in;                  /* ON_FLYING: input from SDP */
    struct nvdla_cube_mem src;      /* input (when !flying_in) */
    struct nvdla_cube_mem dst;
    struct golden_pdp_cfg cfg;
};

struct nvdla_cdp_layer {
    struct nvdla_cube_mem src, dst;
    struct golden_cdp_cfg cfg;
};

/* One direct convolution: CDMA fetch, CSC/CMAC/CACC arithmetic; SDP
 * (on-flying) is decoded on its own. */
struct nvdla_conv_layer {
    struct nvdla_cube_mem feature;  /* what CDMA fetches */
    uint64_t weight_base;
    uint32_t weight_bytes;          /* CDMA D_WEIGHT_BYTES */
    int weight_sram;                /* CDMA D_WEIGHT_RAM_TYPE = CVIF: weights from SRAMIF */
    int data_reuse, weight_reuse;   /* use the previous layer's CBUF contents */
    int skip_data_rls, skip_weight_rls;   /* keep this layer's for the next */
    struct golden_conv_cfg cfg;
    /* Image (pixel) input, CDMA/CSC D_DATAIN_FORMAT = 1 (cfg as golden_conv_img
     * describes it; feature unused). CDMA fetches the lines of each plane in
     * whole memory atoms from the plane's base: plane[0] the pixels (or Y),
     * plane[1] the chroma pairs of a semi-planar format (n_planes = 2), each
     * as a cube of w atoms x h lines x one atom-wide surface. img's strides
     * are the memory's; nvdla_exec hands golden the packed lines. */
    int image;
    struct golden_conv_img img;
    struct nvdla_cube_mem plane[2];
    unsigned n_planes;
};

/* Decode the layer the consumer groups describe. Returns 0, or -1 with a
 * one-line reason for programs the models do not run (precision other
 * than INT8 for the twin, inconsistent sizes, an operand the stage needs
 * but no stream supplies, ...). */
int nvdla_decode_sdp(const struct nvdla_regfile *r, struct nvdla_sdp_layer *l, char *why, size_t len);
int nvdla_decode_pdp(const struct nvdla_regfile *r, struct nvdla_pdp_layer *l, char *why, size_t len);
int nvdla_decode_cdp(const struct nvdla_regfile *r, struct nvdla_cdp_layer *l, char *why, size_t len);
int nvdla_decode_conv(const struct nvdla_regfile *r, struct nvdla_conv_layer *l, char *why, size_t len);

/* One-paragraph summary of a decoded layer, for failure reports. */
void nvdla_describe_sdp(const struct nvdla_sdp_layer *l, char *buf, size_t len);
void nvdla_describe_pdp(const struct nvdla_pdp_layer *l, char *buf, size_t len);
void nvdla_describe_cdp(const struct nvdla_cdp_layer *l, char *buf, size_t len);
void nvdla_describe_conv(const struct nvdla_conv_layer *l, char *buf, size_t len);

#endif
