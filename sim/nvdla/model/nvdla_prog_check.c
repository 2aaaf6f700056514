/* nvdla_prog_check: see nvdla_prog_check.h. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "golden_conv.h"
#include "golden_pdp.h"
#include "nvdla_decode.h"
#include "nvdla_decode_priv.h"
#include "nvdla_prog_check.h"

const struct nvdla_prog_rule_desc nvdla_prog_rules[NVDLA_RULE_COUNT] = {
    [NVDLA_RULE_ENTRY_PER_SLICE] = {
        "cbuf-entry-per-slice", "CDMA/CSC D_ENTRY_PER_SLICE, D_DATAIN_SIZE_0/1",
        "one CBUF entry is CBUF_BANK_WIDTH bytes (8 on nv_small): a feature slice takes "
        "width x ceil(channels / entry elements) entries (atoms sharing an entry where they divide it); "
        "another count makes CDMA and CSC disagree and the convolution hangs. An image (pixel) line takes "
        "ceil((PAD_LEFT + width + PAD_RIGHT) x channels / entry bytes): fewer let the next line overwrite "
        "the end of this one, and the outputs that read it are wrong",
        "scalability spec (CBUF bank width); every shipped nv_small convolution trace; hw-observed conv_1_* "
        "(hangs) and img_abgr_1 (one wrong output: 2 entries needed, 1 programmed)",
        "nv_small (hangs: hw-observed conv_1_*; a wrong image output: img_abgr_1, right with the count); "
        "feature and image layers that keep it ran on all six" },
    [NVDLA_RULE_DATA_BANKS] = {
        "cbuf-data-banks", "CDMA/CSC D_BANK.DATA_BANK, D_ENTRY_PER_SLICE, D_DATAIN_SIZE_0",
        "the data banks (DATA_BANK + 1, CBUF_BANK_DEPTH entries each) must hold the input cube "
        "(ENTRY_PER_SLICE x height entries), as in every shipped convolution",
        "hardware architecture spec (convolution buffer); every shipped nv_small convolution trace",
        "not seen broken on hardware; layers that keep it ran on all six" },
    [NVDLA_RULE_BANK_COUNT] = {
        "cbuf-bank-count", "CDMA/CSC D_BANK",
        "data and weight banks share the CBUF: DATA_BANK + 1 + WEIGHT_BANK + 1 must not exceed "
        "CBUF_BANK_NUMBER (32 on nv_small), and CDMA and CSC must agree",
        "scalability spec (CBUF bank number)",
        "not seen broken on hardware; layers that keep it ran on all six" },
    [NVDLA_RULE_WEIGHT_BYTES] = {
        "weight-bytes-align", "CDMA/CSC D_WEIGHT_BYTES",
        "the CDMA writes weights into the CBUF in whole entries: a WEIGHT_BYTES that is not a multiple of "
        "the CBUF entry (CBUF_BANK_WIDTH: 8 bytes on nv_small, 32 on nv_small_256, nv_small_256_full, "
        "nv_medium_512 and nv_medium_1024_full, 64 on nv_large) hangs it; pad the weights with zeros",
        "in-memory data formats (weight alignment); hw-observed: nv_small conv_1_* (remainders of 8), "
        "nv_small_256_full (remainders 8/16/24 of 32 hang, multiples of 32 run), nv_medium_512 (multiples "
        "of 16, not 32, hang), nv_large (multiples of 32, not 64, hang); convfix_* (padded, run)",
        "nv_small, nv_small_256, nv_small_256_full, nv_medium_512, nv_large (hangs at the split); "
        "nv_medium_1024_full (multiples of 32 ran)" },
    [NVDLA_RULE_FLUSH_WAIT] = {
        "cbuf-flush-wait", "CDMA S_CBUF_FLUSH_STATUS, CDMA D_OP_ENABLE",
        "after reset the CBUF flushes itself (about 8,192 cycles, FLUSH_DONE reads 0 meanwhile); a "
        "convolution started before FLUSH_DONE reads 1 is undefined (hw-observed: hangs)",
        "every shipped nv_small convolution trace polls FLUSH_DONE first; hw-observed conv_1_*",
        "nv_small (hangs: hw-observed conv_1_*)" },
    [NVDLA_RULE_CSC_ATOMICS] = {
        "csc-atomics", "CSC D_ATOMICS, D_DATAOUT_SIZE_0",
        "in direct (feature) convolution the CSC sends D_ATOMICS + 1 atomic operations per kernel group, one "
        "per output element: a count other than output width x height - 1 leaves the accumulator waiting and "
        "the layer never finishes (the reset value, 1, hangs every layer with more than 2 outputs)",
        "every shipped convolution trace (nv_small, nv_large); the real nv_small RTL: the conv_bias sequence "
        "hung with D_ATOMICS left at reset and completed bit-exact with it set (image input: the one layer "
        "run completed without it)",
        "nv_small (conv_bias hangs without it, passes with it)" },
    [NVDLA_RULE_CONV_KERNELS] = {
        "conv-weight-kernels", "CSC D_WEIGHT_SIZE_EXT_1.WEIGHT_KERNEL, CDMA D_WEIGHT_SIZE_1.WEIGHT_KERNEL",
        "the CDMA loads WEIGHT_KERNEL + 1 kernels into the CBUF and the CSC computes its own count of output "
        "channels from them: a CSC count above the CDMA's waits for kernels that never come and the layer "
        "never finishes (a CDMA count above the CSC's wrote the same bytes)",
        "make test-strength-rtl on the shipped nv_small traces (the twin takes the CSC's count only): CDMA "
        "0xf -> 0xe or 0x1f -> 0x1e (4 traces) and CSC 0 -> 1 (dc_1x1x8_1x1x8x1_int8_0) hang; CDMA 0 -> 1, "
        "0x18 -> 0x19, 0x28 -> 0x29 wrote the traces' bytes (hw-observed strength_dc_*_WEIGHT_KERNEL)",
        "nv_small (hangs: 5 mutants of shipped traces); nv_large (hangs: the two such mutants of its traces)" },
    [NVDLA_RULE_WEIGHT_KEEP] = {
        "cbuf-weight-keep", "CSC D_MISC_CFG.SKIP_WEIGHT_RLS, CDMA D_BANK.WEIGHT_BANK, D_WEIGHT_BYTES",
        "SKIP_WEIGHT_RLS = 1 keeps the layer's weights in the CBUF for the next layer: the CSC then frees no "
        "weight entry, so weights larger than the weight banks ((WEIGHT_BANK + 1) x CBUF_BANK_DEPTH x "
        "CBUF_BANK_WIDTH bytes, 4 KiB a bank on nv_small) can never be loaded whole and the layer never "
        "finishes; weights that fit complete as without it",
        "make test-strength-rtl on the shipped nv_small traces (the twin keeps no weights of a last layer): "
        "CSC SKIP_WEIGHT_RLS 0 -> 1 hangs dc_13x15x64 (15 KiB of weights, 3 banks) and dc_8x16x128 (36 KiB, "
        "5 banks), and wrote the bytes of the four whose weights fit (hw-observed strength_dc_*_SKIP_WEIGHT_RLS)",
        "nv_small (hangs: 2 mutants of shipped traces; 4 that fit completed bit-exact)" },
    [NVDLA_RULE_Y_EXTENSION] = {
        "csc-y-extension", "CSC D_POST_Y_EXTENSION.Y_EXTENSION, D_DATAIN_FORMAT, D_WEIGHT_SIZE_EXT_0",
        "the post Y extension (E = 2^Y_EXTENSION kernel rows read together) belongs to image input; a feature "
        "convolution whose kernel has more than one row computes other sums with it (the golden model has no "
        "such mode): it must be 0 there",
        "make test-strength-rtl on the shipped nv_small traces (the twin ignores it in a feature convolution): "
        "0 -> 1 wrote other bytes in all 7 traces with kernels of 3 to 6 rows, the same bytes in the two with "
        "1x1 kernels (hw-observed strength_dc_*_Y_EXTENSION)",
        "nv_small (other bytes: 7 mutants of shipped traces; 1-row kernels unchanged); nv_large (other bytes: "
        "dc_8x16x128_3x3x128x32_int8; its 1x1 kernel unchanged)" },
    [NVDLA_RULE_PIXEL_X_OFFSET] = {
        "pixel-x-offset", "CDMA D_PIXEL_OFFSET.PIXEL_X_OFFSET, D_DATAIN_FORMAT.PIXEL_FORMAT",
        "the x offset places the first pixel inside the first memory atom of a line: it must be below the "
        "atom's pixels (MEMORY_ATOMIC_SIZE / bytes per pixel of the first plane: 0..1 for 4-byte pixels and "
        "0..7 for R8 and the Y plane on nv_small, 0..7 and 0..31 on 32-byte atoms); a larger offset makes "
        "the image fetch read other pixels (wrong outputs)",
        "the public RTL's CDMA image control asserts 'Pixel X offset is out of range' on the bits above that "
        "(NV_NVDLA_CDMA_IMG_ctrl); the real nv_small RTL: 23 of 80 random image layers with larger offsets "
        "wrote other bytes, every layer within the range the golden bytes",
        "nv_small (wrong outputs: random image layers of seed 52); image layers within it ran bit-exact on all six" },
    [NVDLA_RULE_DATA_USE] = {
        "sdp-data-use", "SDP_RDMA D_BRDMA/NRDMA/ERDMA_CFG.*_DATA_USE, SDP D_DP_BS/BN/EW_CFG, *_ALU_CFG, *_MUL_CFG",
        "an operand stream read from memory must carry exactly the operands the stage takes from memory: "
        "DATA_USE = BOTH while only the ALU or only the multiplier operand comes from memory hangs the SDP "
        "(every observed case but two per-kernel streams of at most 12 bytes, which completed)",
        "hardware architecture spec (SDP_RDMA); hw-observed sdp_*, sdpnoew_*, convfix*_ (54 hangs)",
        "nv_small (hangs: hw-observed sdp_*, sdpnoew_*, convfix*_)" },
    [NVDLA_RULE_PDP_GEOMETRY] = {
        "pdp-geometry", "PDP D_POOLING_PADDING_CFG, D_POOLING_KERNEL_CFG, D_DATA_CUBE_IN/OUT_*",
        "a bottom or right pad the pooling units spend on more (or fewer) flush lines or columns than the "
        "output has: the hardware hangs, or writes shifted and extra lines (golden_pdp_hw_check; "
        "docs/golden-models.md gives the rule)",
        "PDP chapters of the specs; hw-observed pdp_* (18 of 19 hangs, 10 shifted outputs)",
        "nv_small (hangs and shifted outputs: hw-observed pdp_*)" },
    [NVDLA_RULE_PDP_TRAILING_INPUT] = {
        "pdp-trailing-input", "PDP D_DATA_CUBE_IN/OUT_WIDTH/HEIGHT, D_POOLING_KERNEL_CFG, D_POOLING_PADDING_CFG, "
        "D_PARTIAL_WIDTH_IN/OUT, D_OPERATION_MODE_CFG.FLYING_MODE",
        "input read from memory after the last window (columns right of the last stripe's last window, rows "
        "below the last window): the last output is written while the read DMA still streams them, and when "
        "the write DMA's last write and the read DMA's done fall in the same cycle the done is lost and the "
        "layer never finishes; whether it hangs depends on the memory timing (trailing columns bring the two "
        "within tens of cycles). Reading only what the windows use (or covering it with another window) is safe",
        "hw-observed pdp_1_135 (hangs; 141 other such layers of seeds 1 and 2 completed); the public nv_small PDP write DMA "
        "(NV_NVDLA_PDP_wdma: its op done clears the read-done flag that the read DMA's one-cycle done would "
        "set); no shipped NVDLA PDP trace reads past its last window",
        "nv_small (one hang: hw-observed pdp_1_135)" },
    [NVDLA_RULE_PDP_LINE_BUFFER] = {
        "pdp-line-buffer", "PDP D_DATA_CUBE_OUT_WIDTH, D_PARTIAL_WIDTH_OUT, D_POOLING_KERNEL_CFG",
        "the pooling unit keeps the output lines its vertical windows have open in 8 banks of 16 output "
        "pixels: kernel_h lines at stride_h 1, ceil(kernel_h / 2) at 2, 2 or 3 at 3, 2 above, 1 when the "
        "stride is the kernel or more; a line gets 8, 4, 2 (3 or 4 lines) or 1 bank (5 or more). An output "
        "line (of a stripe, in split mode) wider than that never finishes (the layer hangs); split-width "
        "mode cuts it into stripes that fit",
        "the public RTL's PDP_CORE_cal2d (buffer_lines_num, bank_merge_num, BANK_DEPTH: 16 pixels a bank in "
        "every configuration); the real nv_medium_512: pdp_3703_156 (5x5 max, stride 1, 20 pixels wide) hangs "
        "whatever the memory timing, 16 wide completes, 17 hangs; 20 wide at stride_h 2 (3 lines, 32 pixels) "
        "and 20 input columns pooled to 10 complete; the real nv_small_256: the two hangs of 5,000 random "
        "layers (pdp_3702_233 and _968, 17 pixels at five lines), found before the rule existed",
        "nv_medium_512 (hangs: hw-observed pdp_3703_156; the edge at 16/17 pixels); nv_small_256 (hangs: "
        "hw-observed pdp_3702_233, pdp_3702_968)" },
    [NVDLA_RULE_PDP_OUT_CHANNEL] = {
        "pdp-out-channel", "PDP D_DATA_CUBE_OUT_CHANNEL, D_DATA_CUBE_IN_CHANNEL",
        "pooling keeps the channels, and the write DMA counts the surfaces it writes (channels in groups of "
        "the memory atom, 8 on nv_small) from CUBE_OUT_CHANNEL: a count with more surfaces than the input "
        "leaves it waiting for data that never comes and the layer never finishes. A count within the "
        "input's surfaces writes the same bytes (the hardware uses it for nothing else)",
        "make test-strength (the twin wrote the input's channels whatever CUBE_OUT_CHANNEL said); "
        "hw-observed strength_pdp_out_channel (0x9 -> 0x29 in pdp_7x9x10_3x3_int8: 2 -> 6 surfaces, hangs); "
        "0x1f -> 0x1e in pdp_8x8x32_1x1_int8_1 (4 surfaces either way) ran bit-exact",
        "nv_small (hangs: hw-observed strength_pdp_out_channel; same surfaces: bit-exact)" },
    [NVDLA_RULE_PDP_RDMA_SPLIT] = {
        "pdp-rdma-split", "PDP_RDMA D_OPERATION_MODE_CFG.SPLIT_NUM, D_PARTIAL_WIDTH_IN, D_POOLING_KERNEL_CFG; "
        "PDP's",
        "a layer read from memory is cut into SPLIT_NUM + 1 stripes by the read DMA and by the pooling unit "
        "each from its own register: when they differ the two wait for each other's stripes and the layer "
        "never finishes. In split mode the read DMA also takes each stripe's input width (PARTIAL_WIDTH_IN "
        "first, mid, last) and the overlap between stripes (KERNEL_WIDTH, KERNEL_STRIDE_WIDTH) from its own "
        "copies: they must equal PDP's (other widths hang or pool other columns)",
        "make test-strength (the twin took PDP's SPLIT_NUM only); hw-observed strength_pdp_rdma_split "
        "(PDP_RDMA 0 -> 2 in pdp_8x9x19_3x3_ave_int8_1: hangs); make test-strength-rtl: in "
        "pdp_5x7x8_4x1_split_max_int8_0 PDP_RDMA PARTIAL_WIDTH_IN_LAST 1 -> 0 hangs, PARTIAL_WIDTH_IN_FIRST, "
        "KERNEL_WIDTH and KERNEL_STRIDE_WIDTH changed write other bytes; without a split all ran unchanged",
        "nv_small (hangs and other bytes: hw-observed strength_pdp_*)" },
    [NVDLA_RULE_OUTPUT_OVERLAP] = {
        "output-overlap", "SDP/PDP/CDP D_DST_LINE_STRIDE, D_DST_SURFACE_STRIDE and the output cube's size",
        "an output cube whose lines overlap (line stride below a line's bytes) or whose surfaces overlap "
        "(surface stride below (height - 1) x line stride + a line's bytes) leaves in the shared bytes whatever "
        "the hardware wrote last, and its engines write in their own order (CDP, across channels, every "
        "surface of a pixel before the next pixel): the bytes are not defined by the layer",
        "make test-strength-rtl: CDP_RDMA D_DATA_CUBE_HEIGHT 0x10 -> 0x11 in cdp_33x17x34_lrn5_int8_0 (17 -> 18 "
        "lines of 0x420 bytes in a 0x4620-byte surface) wrote other bytes than the twin, which writes surface "
        "after surface (hw-observed strength_cdp_33x17x34_lrn5_int8_0_L374)",
        "nv_small (other bytes: a CDP mutant)" },
    [NVDLA_RULE_ATOM_ALIGN] = {
        "atom-align", "base addresses, line and surface strides of the feature cubes (SDP, PDP, CDP, CDMA)",
        "feature cubes are read and written in memory atoms (8 bytes on nv_small): start address, line and "
        "surface stride must be multiples of the atom (the hardware drops the low bits)",
        "in-memory data formats (alignment of start address and stride)",
        "not seen broken on hardware (the data-format spec)" },
    [NVDLA_RULE_RAM_TYPE] = {
        "ram-type", "SDP_RDMA D_SRC_DMA_CFG, D_BRDMA/NRDMA/ERDMA_CFG; SDP D_DST_DMA_CFG; PDP_RDMA D_SRC_RAM_CFG; "
        "PDP D_DST_RAM_CFG; CDP_RDMA D_SRC_DMA_CFG; CDP D_DST_DMA_CFG; CDMA D_DAIN_RAM_TYPE, D_WEIGHT_RAM_TYPE",
        "each DMA reads or writes the memory its RAM type names: CV (0, the reset value) is the SRAMIF "
        "memory, MC (1) the DBBIF one; on a configuration without SRAMIF (nv_small) CV names a port "
        "that does not exist, so every cube the layer moves must say MC",
        "register descriptions (the *_RAM_TYPE enums); scalability spec (SECONDARY_MEMIF)",
        "not seen broken on hardware (the register descriptions)" },
    [NVDLA_RULE_MODEL] = {
        "layer-program", "the layer's registers",
        "sizes, windows or modes that do not describe a complete layer (output size not matching the "
        "windows, a stage needing an operand no stream supplies, ...): the golden models do not run them",
        "hardware architecture spec; the decode of each unit (sim/nvdla_decode*.c)",
        "what the golden models refuse: no hardware claim" },
};

struct out {
    struct nvdla_prog_violation *v;
    int max, n;
};

static void add(struct out *o, enum nvdla_prog_rule rule, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void add(struct out *o, enum nvdla_prog_rule rule, const char *fmt, ...)
{
    if (o->n < o->max) {
        struct nvdla_prog_violation *v = &o->v[o->n];
        v->rule = rule;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(v->detail, sizeof v->detail, fmt, ap);
        va_end(ap);
    }
    o->n++;
}

/* A DMA selecting the SRAMIF memory (RAM type CV) where there is none. */
static void check_ram(struct out *o, const struct nvdla_prog_ctx *pc, const char *what, int sram)
{
    if (sram && !nvdla_config_has(pc->cfg, NVDLA_FEAT_SECONDARY_MEMIF))
        add(o, NVDLA_RULE_RAM_TYPE, "%s: RAM type CV (0, the reset value) selects the SRAMIF memory, but %s has no "
            "SRAMIF: write MC (1)", what, pc->cfg->name);
}

static void check_cube(struct out *o, const struct nvdla_prog_ctx *pc, const char *what,
                       const struct nvdla_cube_mem *m)
{
    check_ram(o, pc, what, m->sram);
    uint64_t a = pc->cfg->memory_atomic_size;
    if (m->base % a || m->layout.line_stride % a || m->layout.surface_stride % a)
        add(o, NVDLA_RULE_ATOM_ALIGN, "%s: base 0x%" PRIx64 ", line stride 0x%" PRIx64 ", surface stride 0x%" PRIx64
            ": each must be a multiple of the %" PRIu64 "-byte memory atom", what, m->base, m->layout.line_stride,
            m->layout.surface_stride, a);
}

/* An output cube's lines or surfaces sharing bytes: what is left there
 * depends on the engine's write order. */
static void check_output_overlap(struct out *o, const char *what, const struct nvdla_cube_mem *m)
{
    unsigned lanes = golden_layout_lanes(&m->layout);
    uint64_t line = (uint64_t)m->w * lanes * m->layout.elem_bytes, ls = m->layout.line_stride;
    uint32_t surfaces = (m->c + lanes - 1) / lanes;
    if (m->h > 1 && ls < line)
        add(o, NVDLA_RULE_OUTPUT_OVERLAP, "%s: line stride 0x%" PRIx64 " below a line's 0x%" PRIx64 " bytes (%u "
            "atoms): its lines overlap", what, ls, line, m->w);
    else if (surfaces > 1 && m->layout.surface_stride < (uint64_t)(m->h - 1) * ls + line)
        add(o, NVDLA_RULE_OUTPUT_OVERLAP, "%s: surface stride 0x%" PRIx64 " below the 0x%" PRIx64 " bytes a "
            "surface spans (%u lines of stride 0x%" PRIx64 "): its %u surfaces overlap", what,
            m->layout.surface_stride, (uint64_t)(m->h - 1) * ls + line, m->h, ls, surfaces);
}

/* ---- convolution -------------------------------------------------------- */

static void check_conv(const struct nvdla_regfile *r, const struct nvdla_prog_ctx *pc, struct out *o)
{
    const struct nvdla_config *c = pc->cfg;
    int feature = !FLD(CDMA_D_DATAIN_FORMAT, DATAIN_FORMAT);
    uint32_t w = FLD(CDMA_D_DATAIN_SIZE_0, DATAIN_WIDTH) + 1;
    uint32_t h = FLD(CDMA_D_DATAIN_SIZE_0, DATAIN_HEIGHT) + 1;
    uint32_t ch = FLD(CDMA_D_DATAIN_SIZE_1, DATAIN_CHANNEL) + 1;
    uint32_t eps = FLD(CDMA_D_ENTRY_PER_SLICE, ENTRIES) + 1, csc_eps = FLD(CSC_D_ENTRY_PER_SLICE, ENTRIES) + 1;
    /* INT8 feature data, one element per byte: a slice stores each pixel's
     * memory atoms; whole entries (bank width) take ape atoms of one pixel,
     * and the last partial entry's `last` atoms of several pixels share an
     * entry when they divide it evenly (nv_small: one atom per entry). */
    uint32_t per_entry = c->cbuf_bank_width;
    uint32_t ape = c->cbuf_bank_width / c->memory_atomic_size;
    uint32_t atoms = (ch + c->memory_atomic_size - 1) / c->memory_atomic_size;
    uint32_t last = ape ? atoms % ape : 0;
    uint32_t want = ape ? w * (atoms / ape) : 0;
    if (last)
        want += ape % last ? w : (last * w + ape - 1) / ape;
    if (feature && eps != want)
        add(o, NVDLA_RULE_ENTRY_PER_SLICE, "CDMA D_ENTRY_PER_SLICE = %u (%u entries) for a %ux%ux%u input: %s has "
            "%u-byte CBUF entries (%u atoms of %u bytes), so a slice takes %u entries (ENTRIES = %u)", eps - 1, eps, w,
            h, ch, c->name, per_entry, ape, c->memory_atomic_size, want, want - 1);
    /* Image input: the CDMA stores each padded line, channels bytes a pixel,
     * packed into entries; a smaller count lets the next line overwrite
     * the end of this one before the CSC reads it. */
    uint32_t pad_l = FLD(CDMA_D_ZERO_PADDING, PAD_LEFT), pad_r = FLD(CDMA_D_ZERO_PADDING, PAD_RIGHT);
    uint32_t line_bytes = (w + pad_l + pad_r) * ch;
    uint32_t img_want = (line_bytes + per_entry - 1) / per_entry;
    if (!feature && eps != img_want)
        add(o, NVDLA_RULE_ENTRY_PER_SLICE, "CDMA D_ENTRY_PER_SLICE = %u (%u entries) for a %u-pixel image line "
            "with %u channels and pads %u/%u: the CDMA stores %u bytes a line in %u-byte CBUF entries on %s, "
            "%u entries (ENTRIES = %u)", eps - 1, eps, w, ch, pad_l, pad_r, line_bytes, per_entry, c->name,
            img_want, img_want - 1);
    if (csc_eps != eps)
        add(o, NVDLA_RULE_ENTRY_PER_SLICE, "CSC D_ENTRY_PER_SLICE = %u but CDMA's is %u: they must agree",
            csc_eps - 1, eps - 1);
    uint32_t dbanks = FLD(CDMA_D_BANK, DATA_BANK) + 1, wbanks = FLD(CDMA_D_BANK, WEIGHT_BANK) + 1;
    if (REG(CSC_D_BANK) != REG(CDMA_D_BANK))
        add(o, NVDLA_RULE_BANK_COUNT, "CSC D_BANK = 0x%x but CDMA D_BANK = 0x%x: they must agree", REG(CSC_D_BANK),
            REG(CDMA_D_BANK));
    if (dbanks + wbanks > c->cbuf_bank_number)
        add(o, NVDLA_RULE_BANK_COUNT, "CDMA D_BANK = 0x%x: %u data + %u weight banks, %s has %u", REG(CDMA_D_BANK),
            dbanks, wbanks, c->name, c->cbuf_bank_number);
    uint64_t entries = (uint64_t)eps * h;
    if (entries > (uint64_t)dbanks * c->cbuf_bank_depth)
        add(o, NVDLA_RULE_DATA_BANKS, "CDMA D_BANK.DATA_BANK = %u (%u banks of %u entries) cannot hold the input: "
            "%u entries per slice x %u rows = %" PRIu64 " entries need %" PRIu64 " banks", dbanks - 1, dbanks,
            c->cbuf_bank_depth, eps, h, entries, (entries + c->cbuf_bank_depth - 1) / c->cbuf_bank_depth);
    uint32_t wb = REG(CDMA_D_WEIGHT_BYTES);
    unsigned entry = c->cbuf_bank_width > c->memory_atomic_size ? c->cbuf_bank_width : c->memory_atomic_size;
    if (wb % entry)
        add(o, NVDLA_RULE_WEIGHT_BYTES, "CDMA D_WEIGHT_BYTES = %u is not a multiple of the %u-byte CBUF entry "
            "of %s (round up to %u, the weights padded with zeros)", wb, entry, c->name,
            (wb + entry - 1) / entry * entry);
    if (REG(CSC_D_WEIGHT_BYTES) != wb)
        add(o, NVDLA_RULE_WEIGHT_BYTES, "CSC D_WEIGHT_BYTES = %u but CDMA's is %u: they must agree",
            REG(CSC_D_WEIGHT_BYTES), wb);
    if (!feature) {
        enum golden_pixel_format pf = (enum golden_pixel_format)FLD(CDMA_D_DATAIN_FORMAT, PIXEL_FORMAT);
        unsigned bpp = golden_pixel_bytes(pf), x_off = FLD(CDMA_D_PIXEL_OFFSET, PIXEL_X_OFFSET);
        if (bpp && x_off >= c->memory_atomic_size / bpp)
            add(o, NVDLA_RULE_PIXEL_X_OFFSET, "CDMA D_PIXEL_OFFSET PIXEL_X_OFFSET = %u with pixel format %u (%u "
                "byte%s a pixel): the %u-byte memory atom of %s holds %u pixels, so the offset must be 0..%u", x_off,
                (unsigned)pf, bpp, bpp > 1 ? "s" : "", c->memory_atomic_size, c->name, c->memory_atomic_size / bpp,
                c->memory_atomic_size / bpp - 1);
    }
    uint32_t out_w = FLD(CSC_D_DATAOUT_SIZE_0, DATAOUT_WIDTH) + 1;
    uint32_t out_h = FLD(CSC_D_DATAOUT_SIZE_0, DATAOUT_HEIGHT) + 1;
    uint32_t atomics = FLD(CSC_D_ATOMICS, ATOMICS);
    if (feature && atomics != out_w * out_h - 1)
        add(o, NVDLA_RULE_CSC_ATOMICS, "CSC D_ATOMICS = %u, but the %ux%u output (CSC D_DATAOUT_SIZE_0) takes %u "
            "atomic operations: write %u", atomics, out_w, out_h, out_w * out_h, out_w * out_h - 1);
    uint32_t csc_k = FLD(CSC_D_WEIGHT_SIZE_EXT_1, WEIGHT_KERNEL) + 1, cdma_k = FLD(CDMA_D_WEIGHT_SIZE_1, WEIGHT_KERNEL) + 1;
    if (csc_k > cdma_k)
        add(o, NVDLA_RULE_CONV_KERNELS, "CSC D_WEIGHT_SIZE_EXT_1 WEIGHT_KERNEL = %u (%u kernels) but CDMA "
            "D_WEIGHT_SIZE_1 WEIGHT_KERNEL = %u (%u loaded): the CSC waits for kernels the CDMA never loads",
            csc_k - 1, csc_k, cdma_k - 1, cdma_k);
    uint64_t wbank_bytes = (uint64_t)wbanks * c->cbuf_bank_depth * c->cbuf_bank_width;
    if (FLD(CSC_D_MISC_CFG, SKIP_WEIGHT_RLS) && wb > wbank_bytes)
        add(o, NVDLA_RULE_WEIGHT_KEEP, "CSC D_MISC_CFG SKIP_WEIGHT_RLS = 1 keeps the weights in the CBUF, but "
            "D_WEIGHT_BYTES = %u exceed the %u weight bank%s (D_BANK.WEIGHT_BANK = %u: %" PRIu64 " bytes on %s): "
            "the CSC frees no entry for the rest", wb, wbanks, wbanks == 1 ? "" : "s", wbanks - 1, wbank_bytes,
            c->name);
    uint32_t y_ext = FLD(CSC_D_POST_Y_EXTENSION, Y_EXTENSION), kh = FLD(CSC_D_WEIGHT_SIZE_EXT_0, WEIGHT_HEIGHT_EXT) + 1;
    if (feature && y_ext && kh > 1)
        add(o, NVDLA_RULE_Y_EXTENSION, "CSC D_POST_Y_EXTENSION Y_EXTENSION = %u in a feature convolution with a "
            "%u-row kernel: the post extension is image input's; write 0", y_ext, kh);
    if (!pc->cbuf_flushed)
        add(o, NVDLA_RULE_FLUSH_WAIT, "CDMA enabled before CDMA S_CBUF_FLUSH_STATUS read FLUSH_DONE = 1: poll it "
            "(poll_reg_equal(NVDLA_CDMA.S_CBUF_FLUSH_STATUS_0, 0x1)) before the first convolution");
    struct nvdla_conv_layer l;
    char why[256];
    if (nvdla_decode_conv(r, &l, why, sizeof why))
        add(o, NVDLA_RULE_MODEL, "convolution: %s", why);
    else {
        if (!l.image)
            check_cube(o, pc, "CDMA input feature cube", &l.feature);
        for (unsigned p = 0; p < l.n_planes; p++)
            check_cube(o, pc, p ? "CDMA image chroma plane (D_DAIN_ADDR_*_1, D_LINE_UV_STRIDE)"
                                : "CDMA image pixel plane (D_DAIN_ADDR_*_0, D_LINE_STRIDE)", &l.plane[p]);
        if (!l.weight_reuse)
            check_ram(o, pc, "CDMA weights (D_WEIGHT_RAM_TYPE)", l.weight_sram);
    }
}

/* ---- SDP ------------------------------------------------------------------- */

static const char *const use_name[4] = { "MUL", "ALU", "BOTH", "3" };

/* One operand stream: DATA_USE against the stage's operands from memory. */
static void check_data_use(struct out *o, const char *stream, int disabled, unsigned use, const char *stage,
                           int bypass, int alu_bypass, int alu_mem, int mul_bypass, int mul_mem)
{
    if (disabled)
        return;
    int alu = !bypass && !alu_bypass && alu_mem, mul = !bypass && !mul_bypass && mul_mem;
    int want = alu && mul ? 2 : alu ? 1 : mul ? 0 : -1;
    if (want < 0)
        add(o, NVDLA_RULE_DATA_USE, "SDP_RDMA %s is read (DISABLE = 0) but the %s stage takes no operand from "
            "memory (stage%s bypassed, ALU_SRC %s, MUL_SRC %s)", stream, stage, bypass ? "" : " not",
            alu_mem ? "MEM" : "REG", mul_mem ? "MEM" : "REG");
    else if ((int)use != want)
        add(o, NVDLA_RULE_DATA_USE, "SDP_RDMA %s DATA_USE = %s, but the %s stage takes %s from memory "
            "(DATA_USE = %s)", stream, use_name[use & 3], stage,
            want == 2 ? "both operands" : want == 1 ? "only the ALU operand" : "only the multiplier operand",
            use_name[want]);
}

static void check_sdp(const struct nvdla_regfile *r, const struct nvdla_prog_ctx *pc, struct out *o)
{
    check_data_use(o, "D_BRDMA_CFG", FLD(SDP_RDMA_D_BRDMA_CFG, BRDMA_DISABLE), FLD(SDP_RDMA_D_BRDMA_CFG, BRDMA_DATA_USE),
                   "BS", FLD(SDP_D_DP_BS_CFG, BS_BYPASS), FLD(SDP_D_DP_BS_CFG, BS_ALU_BYPASS),
                   FLD(SDP_D_DP_BS_ALU_CFG, BS_ALU_SRC), FLD(SDP_D_DP_BS_CFG, BS_MUL_BYPASS),
                   FLD(SDP_D_DP_BS_MUL_CFG, BS_MUL_SRC));
    check_data_use(o, "D_NRDMA_CFG", FLD(SDP_RDMA_D_NRDMA_CFG, NRDMA_DISABLE), FLD(SDP_RDMA_D_NRDMA_CFG, NRDMA_DATA_USE),
                   "BN", FLD(SDP_D_DP_BN_CFG, BN_BYPASS), FLD(SDP_D_DP_BN_CFG, BN_ALU_BYPASS),
                   FLD(SDP_D_DP_BN_ALU_CFG, BN_ALU_SRC), FLD(SDP_D_DP_BN_CFG, BN_MUL_BYPASS),
                   FLD(SDP_D_DP_BN_MUL_CFG, BN_MUL_SRC));
    check_data_use(o, "D_ERDMA_CFG", FLD(SDP_RDMA_D_ERDMA_CFG, ERDMA_DISABLE), FLD(SDP_RDMA_D_ERDMA_CFG, ERDMA_DATA_USE),
                   "EW", FLD(SDP_D_DP_EW_CFG, EW_BYPASS), FLD(SDP_D_DP_EW_CFG, EW_ALU_BYPASS),
                   FLD(SDP_D_DP_EW_ALU_CFG, EW_ALU_SRC), FLD(SDP_D_DP_EW_CFG, EW_MUL_BYPASS),
                   FLD(SDP_D_DP_EW_MUL_CFG, EW_MUL_SRC));
    struct nvdla_sdp_layer l;
    char why[256];
    if (nvdla_decode_sdp(r, &l, why, sizeof why)) {
        add(o, NVDLA_RULE_MODEL, "SDP: %s", why);
        return;
    }
    if (!l.flying_in)
        check_cube(o, pc, "SDP_RDMA input cube", &l.src);
    if (!l.to_pdp && !golden_sdp_compare_mode(&l.cfg)) {
        check_cube(o, pc, "SDP output cube", &l.dst);
        check_output_overlap(o, "SDP output cube (D_DST_LINE_STRIDE, D_DST_SURFACE_STRIDE)", &l.dst);
    }
    static const char *const stream[GOLDEN_SDP_STAGES] = { "SDP_RDMA BS operands (D_BRDMA_CFG)",
                                                           "SDP_RDMA BN operands (D_NRDMA_CFG)",
                                                           "SDP_RDMA EW operands (D_ERDMA_CFG)" };
    for (int s = 0; s < GOLDEN_SDP_STAGES; s++)
        if (l.ops[s].fetch)
            check_ram(o, pc, stream[s], l.ops[s].mem.sram);
}

/* ---- PDP and CDP ------------------------------------------------------------ */

/* Input read after the last window: only a layer reading from memory (the
 * read DMA's done goes to the write DMA), and only once the geometry is one
 * the hardware pools as programmed. */
static void check_pdp_trailing(struct out *o, const struct golden_pdp_cfg *g)
{
    uint32_t cols, rows;
    golden_pdp_trailing(g, &cols, &rows);
    if (!cols && !rows)
        return;
    char where[256] = "";
    int n = 0;
    if (cols)
        n += snprintf(where + n, sizeof where - (size_t)n, "%u column(s) right of the last window (in_w %u, "
                      "kernel_w %u, stride_w %u, pad_left %u, out_w %u%s)", cols, g->in_w, g->kernel_w,
                      g->stride_w, g->pad_left, g->out_w, g->split_num ? ", last stripe" : "");
    if (rows)
        snprintf(where + n, sizeof where - (size_t)n, "%s%u row(s) below the last window (in_h %u, kernel_h %u, "
                 "stride_h %u, pad_top %u, out_h %u)", cols ? " and " : "", rows, g->in_h, g->kernel_h,
                 g->stride_h, g->pad_top, g->out_h);
    add(o, NVDLA_RULE_PDP_TRAILING_INPUT, "PDP reads %s from memory after its last output: the write DMA can "
        "miss the read DMA's done (the layer hangs); read only what the windows use", where);
}

static void check_pdp(const struct nvdla_regfile *r, const struct nvdla_prog_ctx *pc, struct out *o)
{
    struct nvdla_pdp_layer l;
    char why[256];
    if (nvdla_decode_pdp(r, &l, why, sizeof why)) {
        add(o, NVDLA_RULE_MODEL, "PDP: %s", why);
        return;
    }
    /* the write DMA counts surfaces by CUBE_OUT_CHANNEL, the datapath by the input's */
    uint32_t out_c = FLD(PDP_D_DATA_CUBE_OUT_CHANNEL, CUBE_OUT_CHANNEL) + 1, lanes = l.cfg.lanes;
    if ((out_c + lanes - 1) / lanes != (l.cfg.in_c + lanes - 1) / lanes)
        add(o, NVDLA_RULE_PDP_OUT_CHANNEL, "PDP D_DATA_CUBE_OUT_CHANNEL = 0x%x (%u channels, %u surfaces of %u) but "
            "the input has %u (D_DATA_CUBE_IN_CHANNEL = 0x%x, %u surfaces): write 0x%x", out_c - 1, out_c,
            (out_c + lanes - 1) / lanes, lanes, l.cfg.in_c, l.cfg.in_c - 1, (l.cfg.in_c + lanes - 1) / lanes,
            l.cfg.in_c - 1);
    uint32_t rdma_split = FLD(PDP_RDMA_D_OPERATION_MODE_CFG, SPLIT_NUM);
    if (!l.flying_in && rdma_split != l.cfg.split_num)
        add(o, NVDLA_RULE_PDP_RDMA_SPLIT, "PDP_RDMA D_OPERATION_MODE_CFG SPLIT_NUM = %u but PDP's is %u: the read "
            "DMA and the pooling unit must cut the layer into the same stripes", rdma_split, l.cfg.split_num);
    else if (!l.flying_in && l.cfg.split_num) {
        /* the stripes' widths and overlap the read DMA computes from its own copies */
        const struct { const char *name; uint32_t rdma, pdp; int mid; } same[] = {
            { "D_PARTIAL_WIDTH_IN PARTIAL_WIDTH_IN_FIRST", FLD(PDP_RDMA_D_PARTIAL_WIDTH_IN, PARTIAL_WIDTH_IN_FIRST),
              FLD(PDP_D_PARTIAL_WIDTH_IN, PARTIAL_WIDTH_IN_FIRST), 0 },
            { "D_PARTIAL_WIDTH_IN PARTIAL_WIDTH_IN_LAST", FLD(PDP_RDMA_D_PARTIAL_WIDTH_IN, PARTIAL_WIDTH_IN_LAST),
              FLD(PDP_D_PARTIAL_WIDTH_IN, PARTIAL_WIDTH_IN_LAST), 0 },
            { "D_PARTIAL_WIDTH_IN PARTIAL_WIDTH_IN_MID", FLD(PDP_RDMA_D_PARTIAL_WIDTH_IN, PARTIAL_WIDTH_IN_MID),
              FLD(PDP_D_PARTIAL_WIDTH_IN, PARTIAL_WIDTH_IN_MID), 1 },
            { "D_POOLING_KERNEL_CFG KERNEL_WIDTH", FLD(PDP_RDMA_D_POOLING_KERNEL_CFG, KERNEL_WIDTH),
              FLD(PDP_D_POOLING_KERNEL_CFG, KERNEL_WIDTH), 0 },
            { "D_POOLING_KERNEL_CFG KERNEL_STRIDE_WIDTH", FLD(PDP_RDMA_D_POOLING_KERNEL_CFG, KERNEL_STRIDE_WIDTH),
              FLD(PDP_D_POOLING_KERNEL_CFG, KERNEL_STRIDE_WIDTH), 0 },
        };
        for (unsigned i = 0; i < sizeof same / sizeof same[0]; i++)
            if (same[i].rdma != same[i].pdp && (!same[i].mid || l.cfg.split_num > 1))   /* 2 stripes: no mid */
                add(o, NVDLA_RULE_PDP_RDMA_SPLIT, "PDP_RDMA %s = %u but PDP's is %u: in split mode the read DMA "
                    "cuts the input into stripes with its own copy", same[i].name, same[i].rdma, same[i].pdp);
    }
    if (golden_pdp_hw_check(&l.cfg, why, sizeof why))
        add(o, NVDLA_RULE_PDP_GEOMETRY, "PDP: %s", why);
    else if (!l.flying_in)
        check_pdp_trailing(o, &l.cfg);
    unsigned lines;
    uint32_t room = golden_pdp_line_buffer_width(&l.cfg, &lines), widest = golden_pdp_widest_stripe(&l.cfg);
    if (widest > room)
        add(o, NVDLA_RULE_PDP_LINE_BUFFER, "PDP output %s %u pixels wide, but kernel_h %u at stride_h %u keeps %u "
            "output line%s open and the line buffer holds %u pixels a line: the layer never finishes; use split-width "
            "mode (stripes of at most %u output pixels) or a narrower output", l.cfg.split_num ? "stripe" : "line",
            widest, l.cfg.kernel_h, l.cfg.stride_h, lines, lines == 1 ? "" : "s", room, room);
    if (!l.flying_in)
        check_cube(o, pc, "PDP_RDMA input cube", &l.src);
    check_cube(o, pc, "PDP output cube", &l.dst);
    check_output_overlap(o, "PDP output cube (D_DST_LINE_STRIDE, D_DST_SURFACE_STRIDE)", &l.dst);
}

static void check_cdp(const struct nvdla_regfile *r, const struct nvdla_prog_ctx *pc, struct out *o)
{
    struct nvdla_cdp_layer l;
    char why[256];
    if (nvdla_decode_cdp(r, &l, why, sizeof why)) {
        add(o, NVDLA_RULE_MODEL, "CDP: %s", why);
        return;
    }
    check_cube(o, pc, "CDP_RDMA input cube", &l.src);
    check_cube(o, pc, "CDP output cube", &l.dst);
    check_output_overlap(o, "CDP output cube (D_DST_LINE_STRIDE, D_DST_SURFACE_STRIDE)", &l.dst);
}

int nvdla_prog_check(const struct nvdla_regfile *r, enum nvdla_unit u, const struct nvdla_prog_ctx *pc,
                     struct nvdla_prog_violation *v, int max)
{
    struct out o = { v, max, 0 };
    switch (u) {
    case NVDLA_UNIT_CDMA:
        check_conv(r, pc, &o);
        break;
    case NVDLA_UNIT_SDP:
        check_sdp(r, pc, &o);
        break;
    case NVDLA_UNIT_PDP:
        check_pdp(r, pc, &o);
        break;
    case NVDLA_UNIT_CDP:
        check_cdp(r, pc, &o);
        break;
    default:
        break;
    }
    return o.n;
}

void nvdla_prog_violation_str(const struct nvdla_prog_violation *v, char *buf, size_t len)
{
    snprintf(buf, len, "rule '%s': %s", nvdla_prog_rules[v->rule].name, v->detail);
}

int nvdla_prog_rule_find(const char *name)
{
    for (int i = 0; i < NVDLA_RULE_COUNT; i++)
        if (!strcmp(nvdla_prog_rules[i].name, name))
            return i;
    return -1;
}


void nvdla_prog_rules_print(void)
{
    printf("| rule | registers | what the hardware does | source | checked on real RTL |\n"
           "| --- | --- | --- | --- | --- |\n");
    for (int i = 0; i < NVDLA_RULE_COUNT; i++)
        printf("| `%s` | %s | %s | %s | %s |\n", nvdla_prog_rules[i].name, nvdla_prog_rules[i].registers,
               nvdla_prog_rules[i].hardware, nvdla_prog_rules[i].source, nvdla_prog_rules[i].checked_on);
}
