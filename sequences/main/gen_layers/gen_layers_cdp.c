/* gen_layers_cdp: random CDP (local response normalisation) layers. */
#include <stdio.h>
#include <string.h>
#include "nvdla_features.h"
#include "gen_layers.h"

/* ---- CDP ------------------------------------------------------------------ */

static void v38(struct layer *l, const char *lowreg, const char *highreg, int64_t v)
{
    set_reg(l, "CDP", lowreg, (uint32_t)v);
    set_reg(l, "CDP", highreg, (uint32_t)((uint64_t)v >> 32) & 0x3fu);
}

int gen_cdp(struct layer *l, const char *name)
{
    uint32_t w = (uint32_t)rand_range(1, 16), h = (uint32_t)rand_range(1, 16);
    uint32_t c = chance(20) ? (uint32_t)rand_range(1, atom()) : (uint32_t)rand_range(1, 8 * atom());
    struct cube in = { .w = w, .h = h, .c = c, .eb = 1 };
    cube_strides(&in, 1);
    if (w == 1 && h == 1)
        in.surf = in.line;
    cube_image(l, &in, name, "_in");
    struct cube out = in;
    cube_strides(&out, 1);
    if (w == 1 && h == 1)
        out.surf = out.line;
    cube_output(l, &out);

    set_reg(l, "CDP", "S_POINTER", 0);
    set_reg(l, "CDP_RDMA", "S_POINTER", 0);
    int le_linear;
    lut_common(l, "CDP", &le_linear);
    int le_sel = (int)rand_range(0, 20), lo_sel = (int)rand_range(0, 20);
    set_field(l, "CDP", "S_LUT_INFO", "LUT_LE_INDEX_SELECT", (uint32_t)le_sel);
    set_field(l, "CDP", "S_LUT_INFO", "LUT_LO_INDEX_SELECT", (uint32_t)lo_sel);
    set_field(l, "CDP", "S_LUT_INFO", "LUT_LE_INDEX_OFFSET", (uint32_t)rand_range(-8, 8));
    int64_t les = rand_range(-4000, 20000), los = rand_range(-4000, 20000);
    if (le_linear) {
        v38(l, "S_LUT_LE_START_LOW", "S_LUT_LE_START_HIGH", les);
        v38(l, "S_LUT_LE_END_LOW", "S_LUT_LE_END_HIGH", les + ((int64_t)64 << le_sel));
    } else {
        v38(l, "S_LUT_LE_START_LOW", "S_LUT_LE_START_HIGH", rand_range(0, 4));
        v38(l, "S_LUT_LE_END_LOW", "S_LUT_LE_END_HIGH", rand_range(16, 1 << 20));
    }
    v38(l, "S_LUT_LO_START_LOW", "S_LUT_LO_START_HIGH", los);
    v38(l, "S_LUT_LO_END_LOW", "S_LUT_LO_END_HIGH", los + ((int64_t)256 << lo_sel));

    unsigned len = (unsigned)rand_range(0, 3);
    set_field(l, "CDP", "D_LRN_CFG", "NORMALZ_LEN", len);
    set_field(l, "CDP", "D_DATIN_OFFSET", "DATIN_OFFSET", (uint32_t)(chance(50) ? 0 : rand_range(-128, 127)) & 0xffu);
    set_field(l, "CDP", "D_DATIN_SCALE", "DATIN_SCALE", (uint32_t)(chance(40) ? 1 : rand_range(-300, 300)));
    set_field(l, "CDP", "D_DATIN_SHIFTER", "DATIN_SHIFTER", (uint32_t)rand_range(0, 8));
    set_reg(l, "CDP", "D_DATOUT_OFFSET", (uint32_t)(chance(50) ? 0 : rand_range(-2000, 2000)) & 0x1ffffffu);
    set_field(l, "CDP", "D_DATOUT_SCALE", "DATOUT_SCALE", (uint32_t)(chance(40) ? 1 : rand_range(-3000, 3000)));
    set_field(l, "CDP", "D_DATOUT_SHIFTER", "DATOUT_SHIFTER", (uint32_t)rand_range(0, 24));
    int sq = chance(20), mul = chance(20);
    set_field(l, "CDP", "D_FUNC_BYPASS", "SQSUM_BYPASS", (uint32_t)sq);
    set_field(l, "CDP", "D_FUNC_BYPASS", "MUL_BYPASS", (uint32_t)mul);
    set_reg(l, "CDP", "D_DATA_FORMAT", 0);
    set_reg(l, "CDP", "D_NAN_FLUSH_TO_ZERO", 0);
    set_reg(l, "CDP", "D_DST_BASE_ADDR_LOW", (uint32_t)out.base);
    set_reg(l, "CDP", "D_DST_BASE_ADDR_HIGH", (uint32_t)(out.base >> 32));
    set_reg(l, "CDP", "D_DST_LINE_STRIDE", (uint32_t)out.line);
    set_reg(l, "CDP", "D_DST_SURFACE_STRIDE", (uint32_t)out.surf);
    set_reg(l, "CDP", "D_DST_DMA_CFG", ram_type(out.sec));
    set_reg(l, "CDP", "D_CYA", 0);
    set_reg(l, "CDP_RDMA", "D_DATA_CUBE_WIDTH", w - 1);
    set_reg(l, "CDP_RDMA", "D_DATA_CUBE_HEIGHT", h - 1);
    set_reg(l, "CDP_RDMA", "D_DATA_CUBE_CHANNEL", c - 1);
    set_reg(l, "CDP_RDMA", "D_SRC_BASE_ADDR_LOW", (uint32_t)in.base);
    set_reg(l, "CDP_RDMA", "D_SRC_BASE_ADDR_HIGH", (uint32_t)(in.base >> 32));
    set_reg(l, "CDP_RDMA", "D_SRC_LINE_STRIDE", (uint32_t)in.line);
    set_reg(l, "CDP_RDMA", "D_SRC_SURFACE_STRIDE", (uint32_t)in.surf);
    set_reg(l, "CDP_RDMA", "D_SRC_DMA_CFG", ram_type(in.sec));
    set_reg(l, "CDP_RDMA", "D_DATA_FORMAT", 0);
    set_reg(l, "CDP_RDMA", "D_CYA", 0);
    enable(l, "CDP_RDMA");
    enable(l, "CDP");
    l->intr = "CDP_0";
    snprintf(l->desc, sizeof l->desc, "CDP %ux%ux%u lrn%u%s%s", w, h, c, 2 * len + 3, sq ? " sqsum-bypass" : "",
             mul ? " mul-bypass" : "");
    return 0;
}
