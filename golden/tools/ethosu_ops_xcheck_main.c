/* ethosu_ops_xcheck: by-hand cross-check of the Ethos-U65 golden operation
 * models against TensorFlow Lite (not part of make test). Runs a
 * Vela-compiled command stream prepared by ethosu_ops_xcheck_prep.py on a
 * minimal register file and flat region memories: every NPU_OP_* reads its
 * IFM/IFM2 (NHWC or NHCWB16, tile 0 only), decodes weights (ethosu_mlw +
 * ethosu_weight_order) and the scale stream, calls the golden model and
 * writes the OFM back; DMA copies bytes between regions. At the end the
 * output bytes are compared with TFLite's expected output.
 *
 * Build and run (from the repository root, after make):
 *   cc -std=c11 -O2 -Wall -Igolden golden/tools/ethosu_ops_xcheck_main.c \
 *      build/libsimcore.a -lz -o build/ethosu-ops-xcheck
 *   build/ethosu-venv/bin/python golden/tools/ethosu_ops_xcheck_prep.py <folder> /tmp/x
 *   build/ethosu-ops-xcheck /tmp/x [ublk_depth (8)]
 * ethos-u65-256 and -512 (parallel mode: two weight and scale streams). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_cmd.h"
#include "ethosu_mlw.h"
#include "ethosu_ops.h"
#include "ethosu_scale_stream.h"
#include "ethosu_weight_order.h"

static uint8_t *region[8];
static size_t region_len[8];
static uint64_t reg[0x4400];
static unsigned ublk = 8;
/* The shared buffer of the single-core ethos-u65-256 (48 KB): the LUT
 * tables live in its last 2 KB, table n at n * 256 bytes. */
#define SHRAM_BYTES 49152u
#define LUT_START (SHRAM_BYTES - 2048u)
static uint8_t shram[SHRAM_BYTES];

static uint8_t *load(const char *dir, const char *name, size_t *len)
{
    char p[1024];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *b = malloc(n > 0 ? (size_t)n : 1);
    if (fread(b, 1, (size_t)n, f) != (size_t)n)
        n = 0;
    fclose(f);
    *len = (size_t)n;
    return b;
}

static int32_t sx16(uint64_t v) { return (int32_t)(int16_t)(uint16_t)v; }
static uint64_t addr48(unsigned op) { return ((reg[op] >> 32) & 0xFFFF) << 32 | (reg[op] & 0xFFFFFFFFu); }

static int fail(const char *m) { fprintf(stderr, "xcheck: %s\n", m); return -1; }

/* Everything run_op allocates, freed when it returns. */
static void *owned[32];
static unsigned n_owned;
static void *own(void *p)
{
    if (n_owned < 32)
        owned[n_owned++] = p;
    return p;
}
static void free_owned(void)
{
    while (n_owned)
        free(owned[--n_owned]);
}

/* IFM-style precision (size b[3:2]) or OFM-style (size b[2:1]). */
static enum ethosu_dtype dtype_of(uint64_t prec, int ofm_style)
{
    enum ethosu_dtype t = ETHOSU_INT8;
    unsigned size = ofm_style ? (prec >> 1) & 3 : (prec >> 2) & 3;
    ethosu_dtype_from_fields(prec & 1, size, &t);
    return t;
}

static int32_t zp_of(uint64_t v, enum ethosu_dtype t)
{
    return (t == ETHOSU_UINT8 || t == ETHOSU_UINT16) ? (int32_t)(v & 0xFFFF) : sx16(v);
}

struct fm_mem { unsigned region; uint64_t base, sx, sy, sc; int nhcwb16; };

static uint8_t *elem_ptr(const struct fm_mem *m, unsigned bytes, uint32_t y, uint32_t x, uint32_t c)
{
    uint64_t a = m->nhcwb16 ? m->base + y * m->sy + (c / 16) * m->sc + x * 16 * bytes + (c % 16) * bytes
                            : m->base + y * m->sy + x * m->sx + c * bytes;
    if (m->region > 7 || !region[m->region] || a + bytes > region_len[m->region])
        return NULL;
    return region[m->region] + a;
}

static int read_fm(const struct fm_mem *m, struct ethosu_fmap *f)
{
    unsigned bytes = ethosu_dtype_bits(f->type) / 8;
    f->values = own(calloc((size_t)f->h * f->w * f->c, sizeof(int32_t)));
    for (uint32_t y = 0; y < f->h; y++)
        for (uint32_t x = 0; x < f->w; x++)
            for (uint32_t c = 0; c < f->c; c++) {
                uint8_t *p = elem_ptr(m, bytes, y, x, c);
                if (!p)
                    return fail("feature map read outside its region");
                uint32_t u = 0;
                for (unsigned k = 0; k < bytes; k++)
                    u |= (uint32_t)p[k] << (8 * k);
                int32_t v = (int32_t)u;
                if (f->type == ETHOSU_INT8) v = (int8_t)u;
                if (f->type == ETHOSU_INT16) v = (int16_t)u;
                f->values[((size_t)y * f->w + x) * f->c + c] = v;
            }
    return 0;
}

static int write_fm(const struct fm_mem *m, const struct ethosu_fmap *f)
{
    unsigned bytes = ethosu_dtype_bits(f->type) / 8;
    for (uint32_t y = 0; y < f->h; y++)
        for (uint32_t x = 0; x < f->w; x++)
            for (uint32_t c = 0; c < f->c; c++) {
                uint8_t *p = elem_ptr(m, bytes, y, x, c);
                if (!p)
                    return fail("feature map write outside its region");
                uint32_t u = (uint32_t)f->values[((size_t)y * f->w + x) * f->c + c];
                for (unsigned k = 0; k < bytes; k++)
                    p[k] = (uint8_t)(u >> (8 * k));
            }
    return 0;
}

static struct fm_mem mem_of(unsigned region_op, unsigned base_op, unsigned sx, unsigned sy,
                            unsigned sc, unsigned prec_op)
{
    struct fm_mem m = {(unsigned)(reg[region_op] & 7), addr48(base_op), addr48(sx), addr48(sy),
                       addr48(sc), (int)((reg[prec_op] >> 6) & 3) == 1};
    return m;
}

static int run_op_owned(uint16_t op, uint16_t param);

static int run_op(uint16_t op, uint16_t param)
{
    int rc = run_op_owned(op, param);
    free_owned();
    return rc;
}

static int run_op_owned(uint16_t op, uint16_t param)
{
    char err[256];
    struct ethosu_fmap ifm = {(uint32_t)(reg[ETHOSU_NPU_SET_IFM_HEIGHT0_M1] & 0xFFFF) + 1,
                              (uint32_t)(reg[ETHOSU_NPU_SET_IFM_WIDTH0_M1] & 0xFFFF) + 1,
                              (uint32_t)(reg[ETHOSU_NPU_SET_IFM_DEPTH_M1] & 0xFFFF) + 1,
                              dtype_of(reg[ETHOSU_NPU_SET_IFM_PRECISION], 0), 0, NULL};
    ifm.zero_point = zp_of(reg[ETHOSU_NPU_SET_IFM_ZERO_POINT], ifm.type);
    struct ethosu_fmap ofm = {(uint32_t)(reg[ETHOSU_NPU_SET_OFM_HEIGHT_M1] & 0xFFFF) + 1,
                              (uint32_t)(reg[ETHOSU_NPU_SET_OFM_WIDTH_M1] & 0xFFFF) + 1,
                              (uint32_t)(reg[ETHOSU_NPU_SET_OFM_DEPTH_M1] & 0xFFFF) + 1,
                              dtype_of(reg[ETHOSU_NPU_SET_OFM_PRECISION], 1), 0, NULL};
    ofm.zero_point = zp_of(reg[ETHOSU_NPU_SET_OFM_ZERO_POINT], ofm.type);
    struct fm_mem im = mem_of(ETHOSU_NPU_SET_IFM_REGION, ETHOSU_NPU_SET_IFM_BASE0, ETHOSU_NPU_SET_IFM_STRIDE_X,
                              ETHOSU_NPU_SET_IFM_STRIDE_Y, ETHOSU_NPU_SET_IFM_STRIDE_C, ETHOSU_NPU_SET_IFM_PRECISION);
    struct fm_mem om = mem_of(ETHOSU_NPU_SET_OFM_REGION, ETHOSU_NPU_SET_OFM_BASE0, ETHOSU_NPU_SET_OFM_STRIDE_X,
                              ETHOSU_NPU_SET_OFM_STRIDE_Y, ETHOSU_NPU_SET_OFM_STRIDE_C, ETHOSU_NPU_SET_OFM_PRECISION);
    uint64_t oprec = reg[ETHOSU_NPU_SET_OFM_PRECISION], act = reg[ETHOSU_NPU_SET_ACTIVATION];
    struct ethosu_output_stage os = {(enum ethosu_rounding)((oprec >> 14) & 3), (unsigned)(act & 0x1F),
                                     (unsigned)((act >> 12) & 0xF), 0, 0, NULL, 0};
    if (os.act_fn >= ETHOSU_ACT_LUT0 && os.act_fn < ETHOSU_ACT_LUT0 + 8) {
        os.lut = shram + LUT_START + (os.act_fn - ETHOSU_ACT_LUT0) * 256u;
        os.lut_len = SHRAM_BYTES - (LUT_START + (os.act_fn - ETHOSU_ACT_LUT0) * 256u);
    }
    int usig = ofm.type == ETHOSU_UINT8 || ofm.type == ETHOSU_UINT16;
    os.act_min = usig ? (int32_t)(reg[ETHOSU_NPU_SET_ACTIVATION_MIN] & 0xFFFF) : sx16(reg[ETHOSU_NPU_SET_ACTIVATION_MIN]);
    os.act_max = usig ? (int32_t)(reg[ETHOSU_NPU_SET_ACTIVATION_MAX] & 0xFFFF) : sx16(reg[ETHOSU_NPU_SET_ACTIVATION_MAX]);
    ofm.values = own(calloc((size_t)ofm.h * ofm.w * ofm.c, sizeof(int32_t)));
    uint64_t ks = reg[ETHOSU_NPU_SET_KERNEL_STRIDE];
    struct ethosu_kernel k = {(uint32_t)(reg[ETHOSU_NPU_SET_KERNEL_WIDTH_M1] & 0xFFFF) + 1,
                              (uint32_t)(reg[ETHOSU_NPU_SET_KERNEL_HEIGHT_M1] & 0xFFFF) + 1,
                              (uint32_t)((ks & 1) | ((ks >> 6) & 1) << 1) + 1,
                              (uint32_t)(((ks >> 1) & 1) | ((ks >> 9) & 1) << 1) + 1,
                              (uint32_t)((ks >> 3) & 1) + 1, (uint32_t)((ks >> 4) & 1) + 1,
                              (uint32_t)reg[ETHOSU_NPU_SET_IFM_PAD_TOP], (uint32_t)reg[ETHOSU_NPU_SET_IFM_PAD_LEFT],
                              (uint32_t)reg[ETHOSU_NPU_SET_IFM_PAD_BOTTOM], (uint32_t)reg[ETHOSU_NPU_SET_IFM_PAD_RIGHT],
                              (enum ethosu_upscale)(reg[ETHOSU_NPU_SET_IFM_UPSCALE] & 3)};
    if (op != ETHOSU_NPU_OP_ELEMENTWISE && read_fm(&im, &ifm))
        return -1;
    int rc;
    if (op == ETHOSU_NPU_OP_CONV || op == ETHOSU_NPU_OP_DEPTHWISE) {
        int dw = op == ETHOSU_NPU_OP_DEPTHWISE;
        unsigned wr = (unsigned)(reg[ETHOSU_NPU_SET_WEIGHT_REGION] & 7), sr = (unsigned)(reg[ETHOSU_NPU_SET_SCALE_REGION] & 7);
        int cores = (reg[ETHOSU_NPU_SET_PARALLEL_MODE] & 1) && ofm.c >= 2 ? 2 : 1;
        int64_t *bias = own(calloc(ofm.c, sizeof *bias));
        uint32_t *scale = own(calloc(ofm.c, sizeof *scale));
        uint8_t *shift = own(calloc(ofm.c, 1));
        struct ethosu_weight_order_cfg c = {ofm.c, ethosu_kernel_taps_y(&k), ethosu_kernel_taps_x(&k), dw ? 1 : ifm.c,
                                            (uint32_t)(reg[ETHOSU_NPU_SET_OFM_BLK_DEPTH_M1] & 0xFFFF) + 1, ublk,
                                            ethosu_dtype_bits(ifm.type), (ks >> 5) & 1 ? 4 : 8, k.dilation_x,
                                            k.dilation_y, dw ? ETHOSU_DEPTHWISE : ((ks >> 2) & 1 ? ETHOSU_PART_KERNEL_FIRST : ETHOSU_DEPTH_FIRST)};
        size_t nw = (size_t)ofm.c * c.kernel_h * c.kernel_w * (dw ? 1 : ifm.c);
        int32_t *w = own(calloc(nw, sizeof *w));
        /* Parallel mode (ethos-u65-512): core 0 has the even OFM channels in
         * WEIGHT/SCALE, core 1 the odd ones in WEIGHT1/SCALE1. */
        for (int core = 0; core < cores; core++) {
            unsigned wbo = core ? ETHOSU_NPU_SET_WEIGHT1_BASE : ETHOSU_NPU_SET_WEIGHT_BASE;
            unsigned wlo = core ? ETHOSU_NPU_SET_WEIGHT1_LENGTH : ETHOSU_NPU_SET_WEIGHT_LENGTH;
            unsigned sbo = core ? ETHOSU_NPU_SET_SCALE1_BASE : ETHOSU_NPU_SET_SCALE_BASE;
            unsigned slo = core ? ETHOSU_NPU_SET_SCALE1_LENGTH : ETHOSU_NPU_SET_SCALE_LENGTH;
            uint64_t wb = addr48(wbo), wl = reg[wlo] & 0xFFFFFFFFu, sb = addr48(sbo), sl = reg[slo] & 0xFFFFFFFFu;
            if (!region[wr] || wb + wl > region_len[wr] || !region[sr] || sb + sl > region_len[sr])
                return fail("weight or scale stream outside its region");
            uint32_t nch = cores == 1 ? ofm.c : (ofm.c + 1 - (uint32_t)core) / 2;
            int64_t *cb = own(calloc(nch + 1, sizeof *cb));
            uint32_t *csc = own(calloc(nch + 1, sizeof *csc));
            uint8_t *csh = own(calloc(nch + 1, 1));
            if (ethosu_scale_stream_parse(region[sr] + sb, sl, nch, cb, csc, csh, err, sizeof err))
                return fail(err);
            for (uint32_t i = 0; i < nch; i++) {
                uint32_t ch = cores == 1 ? i : 2 * i + (uint32_t)core;
                bias[ch] = cb[i];
                scale[ch] = csc[i];
                shift[ch] = csh[i];
            }
            int16_t *list;
            size_t n;
            if (ethosu_mlw_decode(region[wr] + wb, wl, &list, &n, err, sizeof err))
                return fail(err);
            own(list);
            size_t cnt = cores == 1 ? ethosu_weight_order_count(&c) : ethosu_weight_order_parallel_count(&c, (unsigned)core);
            if (cnt != n)
                fprintf(stderr, "xcheck: note: %zu weights decoded, order expects %zu\n", n, cnt);
            int64_t *map = own(malloc(cnt * sizeof *map + 1));
            if (cores == 1)
                ethosu_weight_order_map(&c, map, cnt);
            else
                ethosu_weight_order_parallel_map(&c, (unsigned)core, map, cnt);
            for (size_t i = 0; i < cnt && i < n; i++)
                if (map[i] >= 0)
                    w[map[i]] = list[i];
        }
        struct ethosu_channel_scale cs = {bias, scale, shift, ofm.c};
        rc = dw ? ethosu_op_depthwise(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err)
                : ethosu_op_conv(&ifm, w, &k, &cs, &os, &ofm, err, sizeof err);
    } else if (op == ETHOSU_NPU_OP_POOL) {
        struct ethosu_global_scale gs = {(uint32_t)reg[ETHOSU_NPU_SET_OFM_SCALE],
                                         (uint8_t)((reg[ETHOSU_NPU_SET_OFM_SCALE] >> 32) & 0x3F)};
        int global = (oprec >> 8) & 1;
        rc = ethosu_op_pool((enum ethosu_pool_mode)param, &ifm, &k, NULL, global ? &gs : NULL, &os, &ofm, err, sizeof err);
    } else {
        ifm.h = ofm.h;   /* elementwise: the IFM is read at OFM coordinates */
        ifm.w = ofm.w;
        ifm.c = ofm.c;
        if (read_fm(&im, &ifm))
            return -1;
        uint64_t bc = reg[ETHOSU_NPU_SET_IFM2_BROADCAST];
        struct ethosu_ew_params p;
        memset(&p, 0, sizeof p);
        p.mode = (enum ethosu_ew_mode)param;
        p.broadcast_h = bc & 1;
        p.broadcast_w = (bc >> 1) & 1;
        p.broadcast_c = (bc >> 2) & 1;
        p.reversed = (bc >> 6) & 1;
        p.scalar = (bc >> 7) & 1;
        uint64_t iprec = reg[ETHOSU_NPU_SET_IFM_PRECISION];
        p.ifm_scale_mode = (enum ethosu_ifm_scale_mode)((iprec >> 8) & 3);
        p.ifm_rounding = (enum ethosu_rounding)((iprec >> 14) & 3);
        p.opa.scale = (uint32_t)reg[ETHOSU_NPU_SET_OPA_SCALE];
        p.opa.shift = (uint8_t)((reg[ETHOSU_NPU_SET_OPA_SCALE] >> 32) & 0x3F);
        p.opb_scale = (uint32_t)reg[ETHOSU_NPU_SET_OPB_SCALE];
        p.ofm.scale = (uint32_t)reg[ETHOSU_NPU_SET_OFM_SCALE];
        p.ofm.shift = (uint8_t)((reg[ETHOSU_NPU_SET_OFM_SCALE] >> 32) & 0x3F);
        struct ethosu_fmap ifm2 = {p.broadcast_h ? 1 : ofm.h, p.broadcast_w ? 1 : ofm.w, p.broadcast_c ? 1 : ofm.c,
                                   dtype_of(reg[ETHOSU_NPU_SET_IFM2_PRECISION], 0), 0, NULL};
        ifm2.zero_point = zp_of(reg[ETHOSU_NPU_SET_IFM2_ZERO_POINT], ifm2.type);
        p.ifm2_scalar = zp_of(reg[ETHOSU_NPU_SET_IFM2_SCALAR], ifm2.type);
        struct fm_mem m2 = mem_of(ETHOSU_NPU_SET_IFM2_REGION, ETHOSU_NPU_SET_IFM2_BASE0, ETHOSU_NPU_SET_IFM2_STRIDE_X,
                                  ETHOSU_NPU_SET_IFM2_STRIDE_Y, ETHOSU_NPU_SET_IFM2_STRIDE_C, ETHOSU_NPU_SET_IFM2_PRECISION);
        int binary = p.mode != ETHOSU_EW_ABS && p.mode != ETHOSU_EW_CLZ && p.mode != ETHOSU_EW_LRELU;
        if (binary && !p.scalar && read_fm(&m2, &ifm2))
            return -1;
        rc = ethosu_op_elementwise(&p, &ifm, binary ? &ifm2 : NULL, &os, &ofm, err, sizeof err);
    }
    if (rc)
        return fail(err);
    return write_fm(&om, &ofm);
}

static int dma(void)
{
    unsigned sr = (unsigned)(reg[ETHOSU_NPU_SET_DMA0_SRC_REGION] & 0xFF), dr = (unsigned)(reg[ETHOSU_NPU_SET_DMA0_DST_REGION] & 0xFF);
    uint64_t s = addr48(ETHOSU_NPU_SET_DMA0_SRC), d = addr48(ETHOSU_NPU_SET_DMA0_DST), n = addr48(ETHOSU_NPU_SET_DMA0_LEN);
    if ((reg[ETHOSU_NPU_SET_DMA0_DST_REGION] >> 8) & 1) {   /* into the shared buffer (LUT) */
        if (sr > 7 || !region[sr] || s + n > region_len[sr] || d + n > SHRAM_BYTES)
            return fail("LUT DMA outside its region or the shared buffer");
        memcpy(shram + d, region[sr] + s, n);
        return 0;
    }
    if (sr > 7 || dr > 7 || !region[sr] || !region[dr] || s + n > region_len[sr] || d + n > region_len[dr])
        return fail("DMA outside its regions");
    memmove(region[dr] + d, region[sr] + s, n);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return fprintf(stderr, "usage: %s <prepared dir> [ublk_depth]\n", argv[0]), 2;
    if (argc > 2)
        ublk = (unsigned)atoi(argv[2]);
    for (int r = 0; r < 8; r++) {
        char name[32];
        snprintf(name, sizeof name, "region%d.bin", r);
        region[r] = load(argv[1], name, &region_len[r]);
    }
    size_t clen, elen, mlen;
    uint8_t *cb = load(argv[1], "cmd.bin", &clen), *exp = load(argv[1], "expected.bin", &elen);
    char *meta = (char *)load(argv[1], "meta.txt", &mlen);
    if (!cb || !exp || !meta)
        return fail("missing cmd.bin, expected.bin or meta.txt"), 2;
    unsigned oreg;
    unsigned long ooff, olen;
    if (sscanf(meta, "output %u %lu %lu", &oreg, &ooff, &olen) != 3)
        return fail("bad meta.txt"), 2;
    size_t nw = clen / 4, i = 0;
    uint32_t *words = malloc(nw * 4 + 4);
    for (size_t j = 0; j < nw; j++)
        words[j] = (uint32_t)cb[4 * j] | (uint32_t)cb[4 * j + 1] << 8 | (uint32_t)cb[4 * j + 2] << 16 | (uint32_t)cb[4 * j + 3] << 24;
    int ops = 0;
    while (i < nw) {
        struct ethosu_cmd c;
        int used = ethosu_cmd_decode(words + i, nw - i, &c);
        if (used <= 0)
            return fail("undecodable command"), 2;
        i += (size_t)used;
        if (c.opcode == ETHOSU_NPU_OP_STOP)
            break;
        if (c.opcode == ETHOSU_NPU_OP_CONV || c.opcode == ETHOSU_NPU_OP_DEPTHWISE ||
            c.opcode == ETHOSU_NPU_OP_POOL || c.opcode == ETHOSU_NPU_OP_ELEMENTWISE) {
            if (run_op(c.opcode, c.param))
                return 2;
            ops++;
        } else if (c.opcode == ETHOSU_NPU_OP_DMA_START) {
            if (dma())
                return 2;
        } else if (c.opcode < 0x4400) {
            reg[c.opcode] = c.is_cmd1 ? ((uint64_t)c.param << 32) | c.payload : c.param;
        }
    }
    if (oreg > 7 || !region[oreg] || ooff + olen > region_len[oreg] || olen != elen)
        return fail("output outside its region"), 2;
    size_t bad = 0;
    for (size_t j = 0; j < olen; j++)
        if (region[oreg][ooff + j] != exp[j]) {
            if (bad < 5)
                fprintf(stderr, "byte %zu: got %d expected %d\n", j, (int8_t)region[oreg][ooff + j], (int8_t)exp[j]);
            bad++;
        }
    printf("%s: %d operations, %zu / %lu output bytes differ\n", argv[1], ops, bad, olen);
    for (int r = 0; r < 8; r++)
        free(region[r]);
    free(cb);
    free(exp);
    free(meta);
    free(words);
    return bad ? 1 : 0;
}
