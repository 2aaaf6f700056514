/* gen_layers.h: what the parts of gen-layers share (gen_layers_main.c says
 * what the program does). One layer is built in a struct layer by one
 * engine's gen_<engine>() (gen_layers_sdp.c, _pdp.c, _cdp.c, _conv.c,
 * _bypass.c, _img.c) from the seeded random numbers, registers, memory placement
 * and cubes of gen_layers_common.c; gen_layers_out.c writes its trace
 * folder. Every function draws from the one random stream in the order the
 * single-file generator did, so a seed writes the same layers. */
#ifndef GEN_LAYERS_H
#define GEN_LAYERS_H

#include <stddef.h>
#include <stdint.h>
#include "golden_conv.h"
#include "golden_pdp.h"
#include "nvdla_config.h"
#include "nvdla_regs.h"

/* ---- growing text ---------------------------------------------------------- */

struct buf { char *s; size_t n, cap; };

/* ---- one layer being built -------------------------------------------------- */

#define MAX_REGS 512
#define MAX_REGIONS 16
#define MAX_DATS 8

struct regw { const struct nvdla_reg_desc *d; uint32_t v; };
struct region { uint64_t base, size; int sec; };   /* sec: in the SRAMIF memory */
struct dat { char file[96]; uint64_t base; uint8_t *bytes; size_t size; int sec; };

struct layer {
    struct regw regs[MAX_REGS];
    int nregs;
    struct region used[MAX_REGIONS];
    int nused;
    struct dat dats[MAX_DATS];
    int ndat;
    struct region zero[MAX_REGIONS];    /* mem_init without an image (outputs) */
    int nzero;
    struct buf lut;                     /* LUT programming lines */
    const char *enables[8];             /* units whose D_OP_ENABLE is written, in order */
    int nenable;
    const char *intr;                   /* SDP_0 / PDP_0 / CDP_0 */
    int glb_mask;                       /* write GLB S_INTR_MASK (convolution) */
    int flush_wait;                     /* poll the CBUF flush first (convolution) */
    struct region out;                  /* check_crc region */
    char desc[256];
    int kind;                           /* KIND_*: counted in the summary */
    int corners;                        /* CORNER_* bits: counted in the summary */
    int img_format;                     /* image layers: 1 + index in img_formats */
};

enum { KIND_PDP_SPLIT = 1, KIND_CONV_SDP_MEM = 2, KINDS };
/* PDP corners the real hardware showed, counted in the summary */
enum { CORNER_RECIP = 1, CORNER_EDGE_PAD = 2 };

/* A cube in memory: w x h x c, eb bytes per element, surfaces of A lanes
 * (A = the memory atom in bytes: 8 on nv_small). */
struct cube {
    uint32_t w, h, c, eb;
    uint64_t line, surf;    /* strides in bytes */
    uint64_t base, span;    /* span: first byte .. last byte + 1 */
    int sec;                /* placed in the SRAMIF memory */
};

/* ---- the draw of the layer being built (gen_layers_common.c) ---------------- */

/* the random stream: seeded per layer from (seed, layer name) */
extern uint64_t rng_state;
/* Drawn once per layer (before any redraw, so redraws keep the share):
 * this PDP layer uses split-width mode / this convolution takes SDP
 * operands from memory. */
extern int want_special;
/* the configuration the layers are for (--nvdla-config) */
extern const struct nvdla_config *gen_config;
/* tensors above 4 GiB / cubes in the SRAMIF memory / regions across a 4 KiB page */
extern int place_high;
extern int place_sram;
extern int place_cross;

uint32_t rnd32(void);
int64_t rand_range(int64_t lo, int64_t hi);
int chance(int pct);
void bprintf(struct buf *b, const char *fmt, ...);
unsigned atom(void);
uint32_t max_channels(void);
uint32_t max_kernels(void);
void layer_reset(struct layer *l);
void set_reg(struct layer *l, const char *unit, const char *reg, uint32_t v);
void set_field(struct layer *l, const char *unit, const char *reg, const char *field, uint32_t v);
void enable(struct layer *l, const char *unit);
uint32_t ram_type(int sec);
uint64_t place_mem_in(struct layer *l, uint64_t size, uint64_t min_align, int force_sec, int *sec);
void cube_strides(struct cube *q, int allow_pad);
void cube_image(struct layer *l, struct cube *q, const char *name, const char *suffix);
uint64_t raw_image(struct layer *l, const uint8_t *bytes, size_t n, const char *name, const char *suffix,
                   int *sec);
void cube_output(struct layer *l, struct cube *q);
void lut_common(struct layer *l, const char *unit, int *le_linear);

/* ---- engines: 0, or -1 when the draw is refused (redrawn) ------------------- */

/* SDP (gen_layers_sdp.c); the datapath is shared with the convolution */
void sdp_datapath(struct layer *l, const char *name, uint32_t w, uint32_t h, uint32_t c, int conv,
                  int allow_mem, int conv_mem, char *streams, size_t slen);
void sdp_rdma_input(struct layer *l, const struct cube *in);
int gen_sdp(struct layer *l, const char *name);
/* PDP (gen_layers_pdp.c); the pooling draw is shared with SDP -> PDP */
void pdp_draw(struct golden_pdp_cfg *g);
void pdp_regs(struct layer *l, const struct golden_pdp_cfg *g, int off_flying, const struct cube *src,
              const struct cube *dst);
int gen_pdp(struct layer *l, const char *name);
/* CDP (gen_layers_cdp.c), convolution (gen_layers_conv.c), SDP bypass copies (gen_layers_bypass.c) */
int gen_cdp(struct layer *l, const char *name);
int gen_conv(struct layer *l, const char *name);
/* the convolution's CMAC/CACC and SDP output registers, shared with image input */
void conv_cmac_cacc(struct layer *l, const struct golden_conv_cfg *g, const struct cube *out);
void conv_sdp_dst(struct layer *l, const struct cube *out);
int gen_bypass(struct layer *l, const char *name);
/* image-input convolutions (gen_layers_img.c): the pixel formats drawn, and
 * the corners --img-avoid keeps them away from (0, or -1: no such name) */
struct img_format { enum golden_pixel_format format; const char *name; };
enum { IMG_FORMATS = 13 };
extern const struct img_format img_formats[IMG_FORMATS];
extern int img_format_pick;
enum { IMG_CORNER_XOFF_PAD_LEFT, IMG_CORNER_XOFF, IMG_CORNER_PAD_LR, IMG_CORNER_MEAN, IMG_CORNER_SIGN, IMG_CORNERS };
int img_avoid_corner(const char *name);
void img_corner_names(char *buf, size_t len);
int gen_img(struct layer *l, const char *name);

/* ---- the trace folder (gen_layers_out.c) ------------------------------------ */

void cfg_text(const struct layer *l, const char *name, uint32_t crc, struct buf *b);
int write_file(const char *path, const void *data, size_t n);
/* A memory image's text (appended to b), as write_dat writes it to dir/file:
 * a record of DAT_RECORD_BYTES bytes a line, the all-zero ones left out
 * (mem_init zeroes them), as trace_image_of_bytes() builds it without text. */
#define DAT_RECORD_BYTES 32
void dat_text(const struct dat *d, struct buf *b);
int write_dat(const char *dir, const struct dat *d);

#endif
