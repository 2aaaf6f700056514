/* ethosu_kop: see ethosu_kop.h. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "ethosu_cmd.h"
#include "ethosu_explain.h"
#include "ethosu_kop.h"
#include "ethosu_kop_parts.h"

const char *ethosu_kop_short_name(uint16_t opcode)
{
    const char *name = ethosu_npu_op_short_name(opcode);
    return name ? name : "op";
}

/* Element type from a precision param: signed b0, size field (2 bits) at shift. */
int ethosu_kop_prec(uint16_t p, unsigned size_shift, struct ethosu_fm_layout *f, const char *what, char *err, size_t len)
{
    return ethosu_kop_prec64(p, size_shift, 0, f, what, err, len);
}

int ethosu_kop_prec64(uint16_t p, unsigned size_shift, int allow64, struct ethosu_fm_layout *f, const char *what,
                      char *err, size_t len)
{
    unsigned sz = (p >> size_shift) & 3u;
    unsigned fmt = (p >> 6) & 3u;
    if (sz > 2 && !allow64) {
        snprintf(err, len, "%s precision 0x%x: 64-bit elements", what, p);
        return -1;
    }
    if (fmt > 1) {
        snprintf(err, len, "%s precision 0x%x: format %u is reserved", what, p, fmt);
        return -1;
    }
    f->elem_bytes = 1u << sz;
    f->is_signed = p & 1u;
    f->nhcwb16 = (int)fmt;
    return 0;
}

void ethosu_kop_tiles(const struct ethosu_kop_state *s, const struct ethosu_regfile *rf, struct ethosu_fm_layout *f, uint16_t region_op,
                  uint16_t base0_op, uint16_t h0_op, uint16_t h1_op, uint16_t w0_op, uint16_t sx_op)
{
    unsigned region = s0(s, region_op) & 7u;
    uint64_t rb = ethosu_rf_region_base(rf, region);
    for (unsigned t = 0; t < 4; t++)
        f->base[t] = rb + s1(s, (uint16_t)(base0_op + t));
    f->height0 = s0(s, h0_op) + 1u;
    f->height1 = s0(s, h1_op) + 1u;
    f->width0 = s0(s, w0_op) + 1u;
    /* strides are signed within the address width (MIRROR_PAD steps backwards) */
    f->addr_bits = ETHOSU_KOP_ADDR_BITS;
    f->stride_x = ethosu_fml_stride(s1(s, sx_op), f->addr_bits);
    f->stride_y = ethosu_fml_stride(s1(s, (uint16_t)(sx_op + 1)), f->addr_bits);
    f->stride_c = ethosu_fml_stride(s1(s, (uint16_t)(sx_op + 2)), f->addr_bits);
    f->port = ethosu_rf_region_port(rf, region);
}

int ethosu_kop_fm_check(const struct ethosu_fm_layout *f, const char *what, char *err, size_t len)
{
    char why[200];
    if (ethosu_fml_check(f, why, sizeof why)) {
        snprintf(err, len, "%s: %s", what, why);
        return -1;
    }
    uint64_t n = (uint64_t)f->h * f->w * f->c;
    if (n > ETHOSU_KOP_MAX_ELEMENTS) {
        snprintf(err, len, "%s: %ux%ux%u is %" PRIu64 " elements, more than the twin's limit of %u", what, f->h, f->w,
                 f->c, n, ETHOSU_KOP_MAX_ELEMENTS);
        return -1;
    }
    return 0;
}

/* IFM extent along one axis from the OFM's (see the header). */
int ethosu_kop_ifm_extent(unsigned ofm, unsigned stride, unsigned kext, unsigned pad_a, unsigned pad_b, unsigned upscale,
                      uint32_t *out)
{
    int64_t n = (int64_t)(ofm - 1) * stride + kext - pad_a - pad_b;
    if (upscale)
        n = (n + 1) / 2;
    if (n < 1 || n > 65536)
        return -1;
    *out = (uint32_t)n;
    return 0;
}

/* Every byte the operation reaches lies inside the configuration's AXI
 * address space (32 bits on the Ethos-U55: a region base and offset that
 * sum beyond 4 GiB are refused, as no U55 address can name them). The
 * corners of each feature map (per tile) and the ends of the streams. */
int ethosu_kop_addr_space_check(const struct ethosu_kop *op, const struct ethosu_regfile *rf, char *err, size_t len)
{
    const struct ethosu_config_desc *cfg = ethosu_rf_config(rf);
    if (cfg->addr_bits >= 40)
        return 0;   /* ethosu_fm_layout and the stream checks above hold the 40-bit bound */
    uint64_t top = (uint64_t)1 << cfg->addr_bits;
    const struct ethosu_fm_layout *fm[3] = { &op->ifm, op->has_ifm2 && !op->ifm2_is_scalar ? &op->ifm2 : NULL,
                                             &op->ofm };
    static const char *const names[3] = { "IFM", "IFM2", "OFM" };
    for (unsigned k = 0; k < 3; k++) {
        const struct ethosu_fm_layout *f = fm[k];
        if (!f || !f->h || !f->w || !f->c)
            continue;
        for (unsigned i = 0; i < 8; i++) {
            uint32_t y = i & 1u ? f->h - 1 : 0, x = i & 2u ? f->w - 1 : 0, c = i & 4u ? f->c - 1 : 0;
            uint64_t a = ethosu_fml_addr(f, y, x, c);
            if (a >= top || a + f->elem_bytes > top) {
                snprintf(err, len, "%s element (%u, %u, %u) at 0x%" PRIx64 " is beyond the %u-bit address space of "
                         "%s", names[k], y, x, c, a, cfg->addr_bits, cfg->name);
                return -1;
            }
        }
    }
    for (unsigned c = 0; c < op->cores; c++) {
        const struct ethosu_kop_stream *ws[2] = { &op->weights[c], &op->scales[c] };
        for (unsigned k = 0; k < 2; k++)
            if (ws[k]->len && ws[k]->addr + ws[k]->len > top) {
                snprintf(err, len, "%s stream %u at 0x%" PRIx64 " (+%u bytes) is beyond the %u-bit address space of "
                         "%s", k ? "scale" : "weight", c, ws[k]->addr, ws[k]->len, cfg->addr_bits, cfg->name);
                return -1;
            }
    }
    return 0;
}

int ethosu_kop_decode(struct ethosu_kop *op, uint16_t opcode, uint16_t param, const uint16_t *set0,
                      const uint64_t *set1, const struct ethosu_regfile *rf, unsigned cores, char *err,
                      size_t len)
{
    struct ethosu_kop_state st = { set0, set1 }, *s = &st;
    memset(op, 0, sizeof *op);
    op->opcode = opcode;
    op->param = param;
    op->cores = cores;
    const struct ethosu_op_rule *rule = ethosu_op_rule_find(opcode, param);
    if (!rule) {
        char modes[160];
        ethosu_op_modes_text(opcode, modes, sizeof modes);
        const char *name = ethosu_cmd_name(opcode, 0);
        if (modes[0])
            snprintf(err, len, "%s mode %u is reserved (%s)", name, param, modes);
        else
            snprintf(err, len, "opcode 0x%04x is not a kernel operation", opcode);
        return -1;
    }
    /* Parallel mode splits the OFM depth over two cores (TRM: only the 512
     * configuration has them); a one-core NPU cannot run the second half. */
    uint16_t parallel = s0(s, ETHOSU_NPU_SET_PARALLEL_MODE);
    if (parallel > 1 || (parallel && cores < 2)) {
        snprintf(err, len, "NPU_SET_PARALLEL_MODE %u: %s%s (one core)", parallel,
                 parallel > 1 ? "0 (one core) and 1 (two-core depth) are the modes; this is "
                              : "two-core depth needs the two cores of ethos-u65-512; this is ",
                 ethosu_rf_config(rf)->name);
        return -1;
    }
    /* OFM */
    struct ethosu_fm_layout *o = &op->ofm;
    if (ethosu_kop_prec(s0(s, ETHOSU_NPU_SET_OFM_PRECISION), 1, o, "OFM", err, len))
        return -1;
    ethosu_kop_tiles(s, rf, o, ETHOSU_NPU_SET_OFM_REGION, ETHOSU_NPU_SET_OFM_BASE0, ETHOSU_NPU_SET_OFM_HEIGHT0_M1,
          ETHOSU_NPU_SET_OFM_HEIGHT1_M1, ETHOSU_NPU_SET_OFM_WIDTH0_M1, ETHOSU_NPU_SET_OFM_STRIDE_X);
    o->h = s0(s, ETHOSU_NPU_SET_OFM_HEIGHT_M1) + 1u;
    o->w = s0(s, ETHOSU_NPU_SET_OFM_WIDTH_M1) + 1u;
    o->c = s0(s, ETHOSU_NPU_SET_OFM_DEPTH_M1) + 1u;
    uint16_t op_ = s0(s, ETHOSU_NPU_SET_OFM_PRECISION);
    op->ofm_global_scale = (op_ >> 8) & 1u;
    op->round_mode = (op_ >> 14) & 3u;
    if (op->round_mode == 3) {
        snprintf(err, len, "OFM precision 0x%x: rounding mode 3 is reserved", op_);
        return -1;
    }
    op->ofm_zp = ext16(s0(s, ETHOSU_NPU_SET_OFM_ZERO_POINT), o->is_signed || o->elem_bytes > 1);
    if (ethosu_kop_fm_check(o, "OFM", err, len))
        return -1;
    /* IFM */
    struct ethosu_fm_layout *i = &op->ifm;
    uint16_t ip = s0(s, ETHOSU_NPU_SET_IFM_PRECISION);
    if (ethosu_kop_prec(ip, 2, i, "IFM", err, len))
        return -1;
    op->ifm_scale_mode = (ip >> 8) & 3u;
    op->ifm_round_mode = (ip >> 14) & 3u;
    ethosu_kop_tiles(s, rf, i, ETHOSU_NPU_SET_IFM_REGION, ETHOSU_NPU_SET_IFM_BASE0, ETHOSU_NPU_SET_IFM_HEIGHT0_M1,
          ETHOSU_NPU_SET_IFM_HEIGHT1_M1, ETHOSU_NPU_SET_IFM_WIDTH0_M1, ETHOSU_NPU_SET_IFM_STRIDE_X);
    op->ifm_zp = ext16(s0(s, ETHOSU_NPU_SET_IFM_ZERO_POINT), i->is_signed || i->elem_bytes > 1);
    op->upscale = s0(s, ETHOSU_NPU_SET_IFM_UPSCALE) & 3u;
    if (op->upscale == 3) {
        snprintf(err, len, "IFM upscale mode 3 is reserved");
        return -1;
    }
    /* activation */
    uint16_t act = s0(s, ETHOSU_NPU_SET_ACTIVATION);
    unsigned fn = act & 0xFFFu;
    op->clip_range = act >> 12;
    const struct ethosu_act_rule *act_rule = ethosu_act_rule_find(fn);
    if (!act_rule) {
        char codes[160];
        ethosu_act_codes_text(codes, sizeof codes);
        snprintf(err, len, "activation function %u is reserved (%s)", fn, codes);
        return -1;
    }
    op->act_fn = act_rule->code;
    op->lut_slot = fn - act_rule->code;   /* the slot of a table lookup, else 0 */
    op->act_min = (int16_t)s0(s, ETHOSU_NPU_SET_ACTIVATION_MIN);
    op->act_max = (int16_t)s0(s, ETHOSU_NPU_SET_ACTIVATION_MAX);
    op->ofm_scale = payload(s, ETHOSU_NPU_SET_OFM_SCALE);
    op->ofm_shift = param1(s, ETHOSU_NPU_SET_OFM_SCALE) & 0x3Fu;
    op->opa_scale = payload(s, ETHOSU_NPU_SET_OPA_SCALE);
    op->opa_shift = param1(s, ETHOSU_NPU_SET_OPA_SCALE) & 0x3Fu;
    op->opb_scale = payload(s, ETHOSU_NPU_SET_OPB_SCALE);
    op->ofm_block_depth = s0(s, ETHOSU_NPU_SET_OFM_BLK_DEPTH_M1) + 1u;
    op->ublk_depth = ethosu_rf_config(rf)->ofm_ublock_depth;

    if (opcode == ETHOSU_NPU_OP_ELEMENTWISE) {
        i->h = o->h;
        i->w = o->w;
        i->c = o->c;
        if (rule->rules & ETHOSU_OPR_IFM2) {
            uint16_t b = s0(s, ETHOSU_NPU_SET_IFM2_BROADCAST);
            op->has_ifm2 = 1;
            op->broadcast_h = b & 1u;
            op->broadcast_w = (b >> 1) & 1u;
            op->broadcast_c = (b >> 2) & 1u;
            op->reversed = (b >> 6) & 1u;
            op->ifm2_is_scalar = (b >> 7) & 1u;
            struct ethosu_fm_layout *i2 = &op->ifm2;
            if (ethosu_kop_prec(s0(s, ETHOSU_NPU_SET_IFM2_PRECISION), 2, i2, "IFM2", err, len))
                return -1;
            op->ifm2_zp = ext16(s0(s, ETHOSU_NPU_SET_IFM2_ZERO_POINT), i2->is_signed || i2->elem_bytes > 1);
            op->ifm2_scalar = ext16(s0(s, ETHOSU_NPU_SET_IFM2_SCALAR), i2->is_signed || i2->elem_bytes > 1);
            ethosu_kop_tiles(s, rf, i2, ETHOSU_NPU_SET_IFM2_REGION, ETHOSU_NPU_SET_IFM2_BASE0, ETHOSU_NPU_SET_IFM2_HEIGHT0_M1,
                  ETHOSU_NPU_SET_IFM2_HEIGHT1_M1, ETHOSU_NPU_SET_IFM2_WIDTH0_M1, ETHOSU_NPU_SET_IFM2_STRIDE_X);
            i2->h = op->broadcast_h ? 1u : o->h;
            i2->w = op->broadcast_w ? 1u : o->w;
            i2->c = op->broadcast_c ? 1u : o->c;
            ethosu_explain_apply_ifm2(op);   /* off unless ethosu/network reruns to explain a difference */
            if (op->ifm2_is_scalar)
                i2->h = i2->w = i2->c = 1;
            else if (ethosu_kop_fm_check(i2, "IFM2", err, len))
                return -1;
        }
    } else {
        if (ethosu_kop_kernel_fields(s, op, 3, err, len))
            return -1;
        unsigned kw_ext = s0(s, ETHOSU_NPU_SET_KERNEL_WIDTH_M1), kh_ext = s0(s, ETHOSU_NPU_SET_KERNEL_HEIGHT_M1);
        if (ethosu_kop_ifm_extent(o->w, op->stride_x, kw_ext + 1, op->pad_left, op->pad_right, op->upscale, &i->w) ||
            ethosu_kop_ifm_extent(o->h, op->stride_y, kh_ext + 1, op->pad_top, op->pad_bottom, op->upscale, &i->h)) {
            snprintf(err, len, "OFM %ux%u, kernel %ux%u, stride %ux%u and pads t%u l%u b%u r%u leave no IFM",
                     o->w, o->h, kw_ext + 1, kh_ext + 1, op->stride_x, op->stride_y, op->pad_top, op->pad_left,
                     op->pad_bottom, op->pad_right);
            return -1;
        }
        /* convolution and REDUCE_SUM (which sums over the channels into an
         * OFM of depth 1) read IFM_DEPTH channels; the others one per OFM channel */
        i->c = rule->rules & ETHOSU_OPR_IFM_DEPTH ? s0(s, ETHOSU_NPU_SET_IFM_DEPTH_M1) + 1u : o->c;
        unsigned wr = s0(s, ETHOSU_NPU_SET_WEIGHT_REGION) & 7u, sr = s0(s, ETHOSU_NPU_SET_SCALE_REGION) & 7u;
        static const uint16_t wops[2][2] = { { ETHOSU_NPU_SET_WEIGHT_BASE, ETHOSU_NPU_SET_WEIGHT_LENGTH },
                                             { ETHOSU_NPU_SET_WEIGHT1_BASE, ETHOSU_NPU_SET_WEIGHT1_LENGTH } };
        static const uint16_t sops[2][2] = { { ETHOSU_NPU_SET_SCALE_BASE, ETHOSU_NPU_SET_SCALE_LENGTH },
                                             { ETHOSU_NPU_SET_SCALE1_BASE, ETHOSU_NPU_SET_SCALE1_LENGTH } };
        for (unsigned c = 0; c < cores; c++) {
            if (rule->rules & ETHOSU_OPR_WEIGHTS) {
                op->weights[c].addr = ethosu_rf_region_base(rf, wr) + s1(s, wops[c][0]);
                op->weights[c].len = payload(s, wops[c][1]);
                op->weights[c].port = ethosu_rf_region_port(rf, wr);
            }
            if (rule->rules & ETHOSU_OPR_SCALES) {   /* pooling scales by OFM_SCALE or the kernel area */
                op->scales[c].addr = ethosu_rf_region_base(rf, sr) + s1(s, sops[c][0]);
                op->scales[c].len = payload(s, sops[c][1]);
                op->scales[c].port = ethosu_rf_region_port(rf, sr);
            }
        }
    }
    if (ethosu_kop_fm_check(i, "IFM", err, len))
        return -1;
    unsigned w_ifm = rule->rules & ETHOSU_OPR_IFM_DEPTH ? i->c : 1u;   /* weights per tap and OFM channel */
    uint64_t nw = (uint64_t)o->c * op->kernel_h * op->kernel_w * w_ifm;
    if ((rule->rules & ETHOSU_OPR_WEIGHTS) && nw > ETHOSU_KOP_MAX_ELEMENTS) {
        snprintf(err, len, "%" PRIu64 " weights (OFM %u x kernel %ux%u x IFM %u), more than the twin's limit of %u", nw,
                 o->c, op->kernel_w, op->kernel_h, w_ifm, ETHOSU_KOP_MAX_ELEMENTS);
        return -1;
    }
    if (ethosu_kop_streams_check(op, err, len))
        return -1;
    return ethosu_kop_addr_space_check(op, rf, err, len);
}

int ethosu_kop_kernel_fields(const struct ethosu_kop_state *s, struct ethosu_kop *op, unsigned msb_bits, char *err,
                             size_t len)
{
    uint16_t ks = s0(s, ETHOSU_NPU_SET_KERNEL_STRIDE);
    unsigned msb = (1u << msb_bits) - 1u;
    op->stride_x = ((((ks >> 6) & msb) << 1) | (ks & 1u)) + 1u;
    op->stride_y = ((((ks >> 9) & msb) << 1) | ((ks >> 1) & 1u)) + 1u;
    op->part_kernel_first = (ks >> 2) & 1u;
    op->dilation_x = ((ks >> 3) & 1u) + 1u;
    op->dilation_y = ((ks >> 4) & 1u) + 1u;
    op->kernel_split = (ks >> 5) & 1u ? 4u : 8u;
    unsigned kw_ext = s0(s, ETHOSU_NPU_SET_KERNEL_WIDTH_M1), kh_ext = s0(s, ETHOSU_NPU_SET_KERNEL_HEIGHT_M1);
    if (kw_ext % op->dilation_x || kh_ext % op->dilation_y) {
        snprintf(err, len, "kernel extent %ux%u is not a multiple of the dilation %ux%u", kw_ext + 1, kh_ext + 1,
                 op->dilation_x, op->dilation_y);
        return -1;
    }
    op->kernel_w = kw_ext / op->dilation_x + 1u;
    op->kernel_h = kh_ext / op->dilation_y + 1u;
    op->pad_top = s0(s, ETHOSU_NPU_SET_IFM_PAD_TOP);
    op->pad_left = s0(s, ETHOSU_NPU_SET_IFM_PAD_LEFT);
    op->pad_bottom = s0(s, ETHOSU_NPU_SET_IFM_PAD_BOTTOM);
    op->pad_right = s0(s, ETHOSU_NPU_SET_IFM_PAD_RIGHT);
    return 0;
}

int ethosu_kop_streams_check(const struct ethosu_kop *op, char *err, size_t len)
{
    for (unsigned c = 0; c < ETHOSU_KOP_STREAMS; c++) {
        const struct ethosu_kop_stream *ws[2] = { &op->weights[c], &op->scales[c] };
        for (unsigned k = 0; k < 2; k++) {
            if (ws[k]->len > ETHOSU_KOP_MAX_STREAM) {
                snprintf(err, len, "%s stream %u of %u bytes, more than the twin's limit of %u", k ? "scale" : "weight",
                         c, ws[k]->len, ETHOSU_KOP_MAX_STREAM);
                return -1;
            }
            if (ws[k]->len && ws[k]->addr + ws[k]->len > (1ull << ETHOSU_KOP_ADDR_BITS)) {
                snprintf(err, len, "%s stream %u at 0x%" PRIx64 " (+%u bytes) is beyond the %u-bit address space",
                         k ? "scale" : "weight", c, ws[k]->addr, ws[k]->len, ETHOSU_KOP_ADDR_BITS);
                return -1;
            }
        }
    }
    return 0;
}
