/* ethosu85_ops_transpose: where the Ethos-U85 writes each OFM element under
 * NPU_SET_OFM_PRECISION activation_transpose / activation_reverse.
 *
 * The transpose names the stored axes in terms of the computed ones:
 * WHC stores element (y, x, c) at [x][y][c], HCW at [y][c][x], CHW at
 * [c][y][x], and so on. Checked against Vela 5.2's listings for TFLite
 * TRANSPOSE of a 5x6x7 tensor with each of the five permutations (perm
 * [0,2,1,3] -> WHC, [0,1,3,2] -> HCW, [0,3,1,2] -> CHW, [0,3,2,1] -> CWH,
 * [0,2,3,1] -> WCH; OFM_HEIGHT/WIDTH/DEPTH_M1 stay the computed 5x6x7,
 * OFM_HEIGHT0_M1 / WIDTH0_M1 and the strides describe the stored shape,
 * e.g. CHW: 7 x 5, stride x 6) and REVERSE_V2 on H, W and C (reverse H /
 * W / C with the computed shape unchanged). The element values are
 * TFLite's by construction (a 1x1 SUM pool copies them). */
#include "ethosu85_ops.h"
#include "ethosu_ops_util.h"

/* The computed axes in stored order, 0 = H, 1 = W, 2 = C; -1 reserved. */
static int order(enum ethosu85_transpose t, unsigned ax[3])
{
    static const unsigned tab[8][3] = {
        {0, 1, 2}, {1, 0, 2}, {0, 2, 1}, {1, 2, 0}, {0, 0, 0}, {0, 0, 0}, {2, 0, 1}, {2, 1, 0}};
    if ((unsigned)t > 7 || t == 4 || t == 5)
        return -1;
    for (int i = 0; i < 3; i++)
        ax[i] = tab[t][i];
    return 0;
}

int ethosu85_ofm_map(enum ethosu85_transpose t, enum ethosu85_reverse r, uint32_t h, uint32_t w,
                     uint32_t c, uint32_t y, uint32_t x, uint32_t ch, uint32_t *sh, uint32_t *sw,
                     uint32_t *sc, uint32_t *oy, uint32_t *ox, uint32_t *oc)
{
    unsigned ax[3];
    if (order(t, ax) || (unsigned)r > ETHOSU85_REVERSE_C || (t != ETHOSU85_TRANSPOSE_HWC && r != ETHOSU85_REVERSE_NONE))
        return -1;
    if (y >= h || x >= w || ch >= c)
        return -1;
    if (r == ETHOSU85_REVERSE_H)
        y = h - 1 - y;
    else if (r == ETHOSU85_REVERSE_W)
        x = w - 1 - x;
    else if (r == ETHOSU85_REVERSE_C)
        ch = c - 1 - ch;
    uint32_t size[3] = {h, w, c}, pos[3] = {y, x, ch};
    *sh = size[ax[0]];
    *sw = size[ax[1]];
    *sc = size[ax[2]];
    *oy = pos[ax[0]];
    *ox = pos[ax[1]];
    *oc = pos[ax[2]];
    return 0;
}

int ethosu85_ofm_permute(enum ethosu85_transpose t, enum ethosu85_reverse r,
                         const struct ethosu_fmap *src, struct ethosu_fmap *dst, char *err,
                         size_t errlen)
{
    unsigned ax[3];
    if (order(t, ax))
        return ethosu_ops_fail(err, errlen, "activation_transpose %u reserved", (unsigned)t);
    if ((unsigned)r > ETHOSU85_REVERSE_C)
        return ethosu_ops_fail(err, errlen, "activation_reverse %u reserved", (unsigned)r);
    if (t != ETHOSU85_TRANSPOSE_HWC && r != ETHOSU85_REVERSE_NONE)
        return ethosu_ops_fail(err, errlen, "transpose and reverse together (Vela never combines them)");
    if (ethosu_ops_check_output(src, err, errlen) || ethosu_ops_check_output(dst, err, errlen))
        return -1;
    uint32_t sh, sw, sc, oy, ox, oc;
    ethosu85_ofm_map(t, r, src->h, src->w, src->c, 0, 0, 0, &sh, &sw, &sc, &oy, &ox, &oc);
    if (dst->h != sh || dst->w != sw || dst->c != sc)
        return ethosu_ops_fail(err, errlen, "stored OFM %ux%ux%u, the transpose makes %ux%ux%u",
                               (unsigned)dst->h, (unsigned)dst->w, (unsigned)dst->c, (unsigned)sh,
                               (unsigned)sw, (unsigned)sc);
    for (uint32_t y = 0; y < src->h; y++)
        for (uint32_t x = 0; x < src->w; x++)
            for (uint32_t ch = 0; ch < src->c; ch++) {
                ethosu85_ofm_map(t, r, src->h, src->w, src->c, y, x, ch, &sh, &sw, &sc, &oy, &ox, &oc);
                dst->values[((size_t)oy * sw + ox) * sc + oc] =
                    src->values[((size_t)y * src->w + x) * src->c + ch];
            }
    return 0;
}
