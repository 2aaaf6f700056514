/* gen_layers_sdp: random SDP layers (off-flying, alone or feeding PDP on
 * the fly) and the SDP datapath a convolution ends in. */
#include <stdio.h>
#include <string.h>
#include "golden_pdp.h"
#include "nvdla_features.h"
#include "gen_layers.h"

/* ---- SDP ------------------------------------------------------------------ */

/* Random BS (bn = 0) or BN stage; *mem_alu / *mem_mul: operands from memory.
 * allow_mem: 0 register operands only, 1 memory operands at random, 2 the
 * stage is on and its ALU and/or MUL takes its operand from memory. */
static void sdp_x(struct layer *l, int bn, int allow_mem, int *mem_alu, int *mem_mul, int conv)
{
    const char *P = bn ? "BN" : "BS";
    char cfg[32], alu_cfg[32], mul_cfg[32], alu_v[32], mul_v[32], f[48];
    snprintf(cfg, sizeof cfg, "D_DP_%s_CFG", P);
    snprintf(alu_cfg, sizeof alu_cfg, "D_DP_%s_ALU_CFG", P);
    snprintf(mul_cfg, sizeof mul_cfg, "D_DP_%s_MUL_CFG", P);
    snprintf(alu_v, sizeof alu_v, "D_DP_%s_ALU_SRC_VALUE", P);
    snprintf(mul_v, sizeof mul_v, "D_DP_%s_MUL_SRC_VALUE", P);
    *mem_alu = *mem_mul = 0;
    int bypass = chance(30);
    int alu_bypass = chance(30), mul_bypass = chance(30);
#define FX(reg, name, v) (snprintf(f, sizeof f, "%s_%s", P, name), set_field(l, "SDP", reg, f, (uint32_t)(v)))
    FX(cfg, "BYPASS", bypass);
    FX(cfg, "ALU_BYPASS", alu_bypass);
    FX(cfg, "ALU_ALGO", rand_range(0, 2));
    FX(cfg, "MUL_BYPASS", mul_bypass);
    FX(cfg, "MUL_PRELU", chance(25));
    FX(cfg, "RELU_BYPASS", chance(60));
    int am = allow_mem && chance(40), mm = allow_mem && chance(40);
    if (allow_mem == 2) {
        int which = (int)rand_range(0, 2);   /* ALU, MUL, both */
        bypass = 0;
        am = which != 1;
        mm = which != 0;
        alu_bypass = am ? 0 : alu_bypass;
        mul_bypass = mm ? 0 : mul_bypass;
        FX(cfg, "BYPASS", bypass);
        FX(cfg, "ALU_BYPASS", alu_bypass);
        FX(cfg, "MUL_BYPASS", mul_bypass);
    }
    FX(alu_cfg, "ALU_SRC", am);
    FX(alu_cfg, "ALU_SHIFT_VALUE", conv ? rand_range(0, 8) : rand_range(0, 12));
    FX(alu_v, "ALU_OPERAND", rand_range(-32768, 32767));
    FX(mul_cfg, "MUL_SRC", mm);
    FX(mul_cfg, "MUL_SHIFT_VALUE", conv ? rand_range(0, 31) : rand_range(0, 16));
    FX(mul_v, "MUL_OPERAND", chance(50) ? rand_range(-300, 300) : rand_range(-32768, 32767));
#undef FX
    *mem_alu = !bypass && !alu_bypass && am;
    *mem_mul = !bypass && !mul_bypass && mm;
}

/* EW stage (and LUT); *mem_alu / *mem_mul as above. */
static void sdp_y(struct layer *l, int allow_mem, int *mem_alu, int *mem_mul)
{
    int bypass = chance(35), alu_bypass = chance(30), mul_bypass = chance(30), lut_bypass = !chance(50);
    /* a configuration without EW (nv_small) gets bypassed EW stages only */
    if (!nvdla_config_has(gen_config, NVDLA_FEAT_SDP_EW))
        bypass = 1;
    if (!nvdla_config_has(gen_config, NVDLA_FEAT_SDP_LUT))
        lut_bypass = 1;
    set_field(l, "SDP", "D_DP_EW_CFG", "EW_BYPASS", (uint32_t)bypass);
    set_field(l, "SDP", "D_DP_EW_CFG", "EW_ALU_BYPASS", (uint32_t)alu_bypass);
    set_field(l, "SDP", "D_DP_EW_CFG", "EW_ALU_ALGO", (uint32_t)rand_range(0, 2));
    set_field(l, "SDP", "D_DP_EW_CFG", "EW_MUL_BYPASS", (uint32_t)mul_bypass);
    set_field(l, "SDP", "D_DP_EW_CFG", "EW_MUL_PRELU", (uint32_t)chance(25));
    set_field(l, "SDP", "D_DP_EW_CFG", "EW_LUT_BYPASS", (uint32_t)lut_bypass);
    int am = allow_mem && chance(40), mm = allow_mem && chance(40);
    set_field(l, "SDP", "D_DP_EW_ALU_CFG", "EW_ALU_SRC", (uint32_t)am);
    set_field(l, "SDP", "D_DP_EW_ALU_CFG", "EW_ALU_CVT_BYPASS", (uint32_t)chance(50));
    set_reg(l, "SDP", "D_DP_EW_ALU_SRC_VALUE", (uint32_t)rand_range(-100000, 100000));
    set_reg(l, "SDP", "D_DP_EW_ALU_CVT_OFFSET_VALUE", (uint32_t)rand_range(-1000, 1000));
    set_field(l, "SDP", "D_DP_EW_ALU_CVT_SCALE_VALUE", "EW_ALU_CVT_SCALE", (uint32_t)rand_range(-600, 600));
    set_field(l, "SDP", "D_DP_EW_ALU_CVT_TRUNCATE_VALUE", "EW_ALU_CVT_TRUNCATE", (uint32_t)rand_range(0, 12));
    set_field(l, "SDP", "D_DP_EW_MUL_CFG", "EW_MUL_SRC", (uint32_t)mm);
    set_field(l, "SDP", "D_DP_EW_MUL_CFG", "EW_MUL_CVT_BYPASS", (uint32_t)chance(50));
    set_reg(l, "SDP", "D_DP_EW_MUL_SRC_VALUE", (uint32_t)rand_range(-3000, 3000));
    set_reg(l, "SDP", "D_DP_EW_MUL_CVT_OFFSET_VALUE", (uint32_t)rand_range(-1000, 1000));
    set_field(l, "SDP", "D_DP_EW_MUL_CVT_SCALE_VALUE", "EW_MUL_CVT_SCALE", (uint32_t)rand_range(-600, 600));
    set_field(l, "SDP", "D_DP_EW_MUL_CVT_TRUNCATE_VALUE", "EW_MUL_CVT_TRUNCATE", (uint32_t)rand_range(0, 12));
    set_field(l, "SDP", "D_DP_EW_TRUNCATE_VALUE", "EW_TRUNCATE", (uint32_t)rand_range(0, 20));
    *mem_alu = !bypass && !alu_bypass && am;
    *mem_mul = !bypass && !mul_bypass && mm;

    /* LUT settings and tables (always programmed when the LUT is used) */
    if (!bypass && !lut_bypass) {
        int le_linear;
        lut_common(l, "SDP", &le_linear);
        int le_sel = (int)rand_range(-2, 12), lo_sel = (int)rand_range(-2, 12);
        set_field(l, "SDP", "S_LUT_INFO", "LUT_LE_INDEX_SELECT", (uint32_t)le_sel);
        set_field(l, "SDP", "S_LUT_INFO", "LUT_LO_INDEX_SELECT", (uint32_t)lo_sel);
        set_field(l, "SDP", "S_LUT_INFO", "LUT_LE_INDEX_OFFSET", (uint32_t)rand_range(-8, 8));
        int32_t les = (int32_t)rand_range(-40000, 20000), los = (int32_t)rand_range(-40000, 20000);
        if (le_linear) {
            set_reg(l, "SDP", "S_LUT_LE_START", (uint32_t)les);
            set_reg(l, "SDP", "S_LUT_LE_END", (uint32_t)(les + (64 << (le_sel > 0 ? le_sel : 0))));
        } else {
            set_reg(l, "SDP", "S_LUT_LE_START", (uint32_t)rand_range(0, 4));
            set_reg(l, "SDP", "S_LUT_LE_END", (uint32_t)rand_range(16, 1 << 20));
        }
        set_reg(l, "SDP", "S_LUT_LO_START", (uint32_t)los);
        set_reg(l, "SDP", "S_LUT_LO_END", (uint32_t)(los + (256 << (lo_sel > 0 ? lo_sel : 0))));
    }
}

/* SDP_RDMA operand stream for a stage (BRDMA / NRDMA / ERDMA): -1 when
 * disabled, else 1 per element / 0 per channel. */
static int sdp_stream(struct layer *l, const char *name, int stage, int alu, int mul,
                       uint32_t w, uint32_t h, uint32_t c)
{
    static const char *const cfgreg[3] = { "D_BRDMA_CFG", "D_NRDMA_CFG", "D_ERDMA_CFG" };
    static const char *const pre[3] = { "BRDMA", "NRDMA", "ERDMA" };
    static const char *const reg[3] = { "BS", "BN", "EW" };
    char f[48], r[48];
#define SF(field, v) (snprintf(f, sizeof f, "%s_%s", pre[stage], field), set_field(l, "SDP_RDMA", cfgreg[stage], f, (uint32_t)(v)))
    if (!alu && !mul) {
        SF("DISABLE", 1);
        return -1;
    }
    /* exactly the operands the stage takes from memory: BOTH with one of
     * them hangs the hardware (rule sdp-data-use) */
    int use = alu && mul ? 2 : alu ? 1 : 0;
    int size = (int)rand_range(1, 2);
    int per_element = chance(50);
    SF("DISABLE", 0);
    SF("DATA_USE", use);
    SF("DATA_SIZE", size - 1);
    SF("DATA_MODE", per_element);
    uint32_t e = (uint32_t)size * (use == 2 ? 2 : 1);
    struct cube q = { .w = w, .h = h, .c = c, .eb = e };
    if (per_element)
        cube_strides(&q, 1);
    else {
        q.w = q.h = 1;
        cube_strides(&q, 0);
    }
    static const char *const suffix[3] = { "_bs", "_bn", "_ew" };
    cube_image(l, &q, name, suffix[stage]);
    SF("RAM_TYPE", ram_type(q.sec));
#undef SF
    snprintf(r, sizeof r, "D_%s_BASE_ADDR_LOW", reg[stage]);
    set_reg(l, "SDP_RDMA", r, (uint32_t)q.base);
    snprintf(r, sizeof r, "D_%s_BASE_ADDR_HIGH", reg[stage]);
    set_reg(l, "SDP_RDMA", r, (uint32_t)(q.base >> 32));
    snprintf(r, sizeof r, "D_%s_LINE_STRIDE", reg[stage]);
    set_reg(l, "SDP_RDMA", r, per_element ? (uint32_t)q.line : 0);
    snprintf(r, sizeof r, "D_%s_SURFACE_STRIDE", reg[stage]);
    set_reg(l, "SDP_RDMA", r, per_element ? (uint32_t)q.surf : atom() * e);
    snprintf(r, sizeof r, "D_%s_BATCH_STRIDE", reg[stage]);
    set_reg(l, "SDP_RDMA", r, 0);
    return per_element;
}

/* SDP datapath + operand streams for a w x h x c cube. conv: fed by CACC.
 * allow_mem: memory operands at random in every stage (standalone SDP);
 * conv_mem (with conv): bit 0 BS, bit 1 BN take an operand from memory, EW
 * keeps register operands. *streams: the stages fetching from memory
 * ("BS+BN", ...), for the description. */
void sdp_datapath(struct layer *l, const char *name, uint32_t w, uint32_t h, uint32_t c, int conv,
                  int allow_mem, int conv_mem, char *streams, size_t slen)
{
    int ma[3], mm[3];
    sdp_x(l, 0, conv ? ((conv_mem & 1) ? 2 : 0) : allow_mem, &ma[0], &mm[0], conv);
    sdp_x(l, 1, conv ? ((conv_mem & 2) ? 2 : 0) : allow_mem, &ma[1], &mm[1], conv);
    sdp_y(l, conv ? 0 : allow_mem, &ma[2], &mm[2]);
    static const char *const stage[3] = { "BS", "BN", "EW" };
    size_t at = 0;
    if (streams && slen)
        streams[0] = 0;
    for (int s = 0; s < 3; s++)
        if (allow_mem || (conv && conv_mem)) {
            int per_element = sdp_stream(l, name, s, ma[s], mm[s], w, h, c);
            if (streams && per_element >= 0 && at < slen)
                at += (size_t)snprintf(streams + at, slen - at, "%s%s%s%s%s", at ? "+" : "", stage[s],
                                       ma[s] ? "-alu" : "", mm[s] ? "-mul" : "",
                                       per_element ? "/elem" : "/chan");
        }
    set_reg(l, "SDP", "D_CVT_OFFSET", (uint32_t)(chance(50) ? 0 : rand_range(-200, 200)));
    set_field(l, "SDP", "D_CVT_SCALE", "CVT_SCALE", (uint32_t)(chance(40) ? 1 : rand_range(-2000, 2000)));
    set_field(l, "SDP", "D_CVT_SHIFT", "CVT_SHIFT", (uint32_t)(conv ? rand_range(0, 24) : rand_range(0, 14)));
    set_reg(l, "SDP", "D_DATA_CUBE_WIDTH", w - 1);
    set_reg(l, "SDP", "D_DATA_CUBE_HEIGHT", h - 1);
    set_reg(l, "SDP", "D_DATA_CUBE_CHANNEL", c - 1);
    set_reg(l, "SDP", "D_DATA_FORMAT", 0);          /* INT8 in and out */
    set_reg(l, "SDP", "D_PERF_ENABLE", 0);
    set_reg(l, "SDP", "D_DST_BATCH_STRIDE", 0);
}

/* SDP_RDMA reading cube in from memory, off-flying, INT8 throughout. */
void sdp_rdma_input(struct layer *l, const struct cube *in)
{
    set_reg(l, "SDP_RDMA", "D_DATA_CUBE_WIDTH", in->w - 1);
    set_reg(l, "SDP_RDMA", "D_DATA_CUBE_HEIGHT", in->h - 1);
    set_reg(l, "SDP_RDMA", "D_DATA_CUBE_CHANNEL", in->c - 1);
    set_reg(l, "SDP_RDMA", "D_SRC_BASE_ADDR_LOW", (uint32_t)in->base);
    set_reg(l, "SDP_RDMA", "D_SRC_BASE_ADDR_HIGH", (uint32_t)(in->base >> 32));
    set_reg(l, "SDP_RDMA", "D_SRC_LINE_STRIDE", (uint32_t)in->line);
    set_reg(l, "SDP_RDMA", "D_SRC_SURFACE_STRIDE", (uint32_t)in->surf);
    set_reg(l, "SDP_RDMA", "D_SRC_DMA_CFG", ram_type(in->sec));
    set_reg(l, "SDP_RDMA", "D_FEATURE_MODE_CFG", 0);
    set_reg(l, "SDP_RDMA", "D_PERF_ENABLE", 0);
}

int gen_sdp(struct layer *l, const char *name)
{
    uint32_t w, h, c;
    if (chance(10))
        w = h = 1;
    else {
        w = (uint32_t)rand_range(1, 16);
        h = (uint32_t)rand_range(1, 16);
    }
    c = chance(20) ? (uint32_t)rand_range(1, atom()) : (uint32_t)rand_range(1, 8 * atom());
    int to_pdp = chance(20);
    struct cube in = { .w = w, .h = h, .c = c, .eb = 1 };
    cube_strides(&in, 1);
    cube_image(l, &in, name, "_in");

    set_reg(l, "SDP", "S_POINTER", 0);
    set_reg(l, "SDP_RDMA", "S_POINTER", 0);
    sdp_datapath(l, name, w, h, c, 0, 1, 0, NULL, 0);
    set_field(l, "SDP", "D_FEATURE_MODE_CFG", "FLYING_MODE", 0);
    set_field(l, "SDP", "D_FEATURE_MODE_CFG", "OUTPUT_DST", (uint32_t)to_pdp);
    sdp_rdma_input(l, &in);
    if (!to_pdp) {
        struct cube out = { .w = w, .h = h, .c = c, .eb = 1 };
        cube_strides(&out, 1);
        cube_output(l, &out);
        set_reg(l, "SDP", "D_DST_BASE_ADDR_LOW", (uint32_t)out.base);
        set_reg(l, "SDP", "D_DST_BASE_ADDR_HIGH", (uint32_t)(out.base >> 32));
        set_reg(l, "SDP", "D_DST_LINE_STRIDE", (uint32_t)out.line);
        set_reg(l, "SDP", "D_DST_SURFACE_STRIDE", (uint32_t)out.surf);
        set_reg(l, "SDP", "D_DST_DMA_CFG", ram_type(out.sec));
        enable(l, "SDP");
        enable(l, "SDP_RDMA");
        l->intr = "SDP_0";
        snprintf(l->desc, sizeof l->desc, "SDP %ux%ux%u", w, h, c);
        return 0;
    }
    /* SDP -> PDP on the fly */
    struct golden_pdp_cfg g;
    memset(&g, 0, sizeof g);
    g.in_w = w;
    g.in_h = h;
    g.in_c = c;
    g.lanes = atom();
    pdp_draw(&g);
    char why[200];
    if (golden_pdp_check(&g, why, sizeof why))
        return -1;
    struct cube out = { .w = g.out_w, .h = g.out_h, .c = c, .eb = 1 };
    cube_strides(&out, 1);
    if (out.w == 1 && out.h == 1)
        out.surf = out.line;   /* PDP honours the surface stride: keep it packed */
    cube_output(l, &out);
    set_reg(l, "SDP", "D_DST_DMA_CFG", 1);
    pdp_regs(l, &g, 0, NULL, &out);
    set_reg(l, "PDP", "S_POINTER", 0);
    enable(l, "PDP");
    enable(l, "SDP");
    enable(l, "SDP_RDMA");
    l->intr = "PDP_0";
    snprintf(l->desc, sizeof l->desc, "SDP %ux%ux%u -> PDP %ux%u k%ux%u s%ux%u", w, h, c, g.out_w, g.out_h,
             g.kernel_w, g.kernel_h, g.stride_w, g.stride_h);
    return 0;
}
