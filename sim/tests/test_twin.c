/* Unit tests of the C twin's pieces: register file semantics (ping-pong,
 * dropped writes, W1C, RO, interrupts, LUT access port), the register
 * decode into golden configurations, the AXI manager's burst split, and
 * the whole twin in the kernel routing DMA to DBBIF or SRAMIF. */
#include <check.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "nvdla_decode.h"
#include "nvdla_exec.h"
#include "axi_manager.h"
#include "nvdla_cfgrom.h"
#include "nvdla_regfile.h"
#include "nvdla_family.h"
#include "nvdla_twin.h"
#include "sim_kernel.h"

static struct nvdla_regfile rf;

static void setup(void)
{
    nvdla_regfile_set_config(&rf, NULL);   /* nv_small; earlier tests may have changed it */
}

START_TEST(reset_values_from_table)
{
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_GLB_S_NVDLA_HW_VERSION), 0x00303031u);
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_CDMA_S_CBUF_FLUSH_STATUS), 1u);
    /* SDP BS stage bypassed at reset, BS_MUL_PRELU set */
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_SDP_D_DP_BS_CFG), 0x73u);
    ck_assert_uint_eq(nvdla_regfile_read(&rf, 0x3fffc), 0u);   /* hole */
}
END_TEST

START_TEST(pingpong_groups_and_dropped_writes)
{
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DST_LINE_STRIDE, 0x100);
    nvdla_regfile_write(&rf, NVDLA_SDP_S_POINTER, 1);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DST_LINE_STRIDE, 0x200);
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_SDP_D_DST_LINE_STRIDE), 0x200u);
    nvdla_regfile_write(&rf, NVDLA_SDP_S_POINTER, 0);
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_SDP_D_DST_LINE_STRIDE), 0x100u);
    /* engine reads the consumer group (0) */
    ck_assert_uint_eq(nvdla_regfile_cfg(&rf, NVDLA_SDP_D_DST_LINE_STRIDE_IDX), 0x100u);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_OP_ENABLE, 1);
    ck_assert(nvdla_regfile_op_en(&rf, NVDLA_UNIT_SDP));
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DST_LINE_STRIDE, 0x300);   /* dropped */
    nvdla_regfile_write(&rf, NVDLA_SDP_D_OP_ENABLE, 0);              /* dropped too */
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_SDP_D_DST_LINE_STRIDE), 0x100u);
    ck_assert_uint_eq(rf.dropped_writes, 2);
    nvdla_regfile_start(&rf, NVDLA_UNIT_SDP);
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_SDP_S_STATUS), 1u);
    nvdla_regfile_done(&rf, NVDLA_UNIT_SDP);
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_SDP_S_STATUS), 0u);
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_SDP_D_OP_ENABLE), 0u);
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_SDP_S_POINTER), 0x10000u);   /* consumer 1 */
    /* CONSUMER is read-only */
    nvdla_regfile_write(&rf, NVDLA_SDP_S_POINTER, 0);
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_SDP_S_POINTER), 0x10000u);
}
END_TEST

START_TEST(interrupts_w1c_and_mask)
{
    ck_assert(!nvdla_regfile_intr_line(&rf));
    nvdla_regfile_intr(&rf, 1);
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_GLB_S_INTR_STATUS), 2u);
    ck_assert(nvdla_regfile_intr_line(&rf));
    nvdla_regfile_write(&rf, NVDLA_GLB_S_INTR_MASK, 2);   /* masked: status stays, line drops */
    ck_assert(!nvdla_regfile_intr_line(&rf));
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_GLB_S_INTR_STATUS), 2u);
    nvdla_regfile_write(&rf, NVDLA_GLB_S_INTR_STATUS, 1);  /* clears nothing set */
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_GLB_S_INTR_STATUS), 2u);
    nvdla_regfile_write(&rf, NVDLA_GLB_S_INTR_STATUS, 2);
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_GLB_S_INTR_STATUS), 0u);
    /* read-only registers ignore writes */
    nvdla_regfile_write(&rf, NVDLA_GLB_S_NVDLA_HW_VERSION, 0);
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_GLB_S_NVDLA_HW_VERSION), 0x00303031u);
}
END_TEST

/* Drive the manager against an always-ready, zero-latency memory and
 * record the bursts it asks for. */

START_TEST(lut_access_port_writes_reads_and_sticks)
{
    /* write LE from index 63: 63, 64, then the index sticks at 64 */
    nvdla_regfile_write(&rf, NVDLA_SDP_S_LUT_ACCESS_CFG, (1u << 17) | 63);
    nvdla_regfile_write(&rf, NVDLA_SDP_S_LUT_ACCESS_DATA, 0x1234);
    nvdla_regfile_write(&rf, NVDLA_SDP_S_LUT_ACCESS_DATA, 0xfffe);   /* -2 */
    nvdla_regfile_write(&rf, NVDLA_SDP_S_LUT_ACCESS_DATA, 0x8000);   /* overwrites entry 64 */
    ck_assert_int_eq(rf.sdp_lut.le[63], 0x1234);
    ck_assert_int_eq(rf.sdp_lut.le[64], -32768);
    /* LO table, from 0 */
    nvdla_regfile_write(&rf, NVDLA_SDP_S_LUT_ACCESS_CFG, (1u << 17) | (1u << 16));
    nvdla_regfile_write(&rf, NVDLA_SDP_S_LUT_ACCESS_DATA, 7);
    nvdla_regfile_write(&rf, NVDLA_SDP_S_LUT_ACCESS_DATA, 8);
    ck_assert_int_eq(rf.sdp_lut.lo[0], 7);
    ck_assert_int_eq(rf.sdp_lut.lo[1], 8);
    ck_assert_int_eq(rf.sdp_lut.le[0], 0);
    /* read direction: auto-increment on read; CDP's port is separate */
    nvdla_regfile_write(&rf, NVDLA_SDP_S_LUT_ACCESS_CFG, (1u << 16));
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_SDP_S_LUT_ACCESS_DATA), 7u);
    ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_SDP_S_LUT_ACCESS_DATA), 8u);
    nvdla_regfile_write(&rf, NVDLA_CDP_S_LUT_ACCESS_CFG, (1u << 17));
    nvdla_regfile_write(&rf, NVDLA_CDP_S_LUT_ACCESS_DATA, 5);
    ck_assert_int_eq(rf.cdp_lut.le[0], 5);
    ck_assert_int_eq(rf.sdp_lut.le[0], 0);
}
END_TEST

/* The register program of the spec's BN-from-memory example (10.2). */
START_TEST(decode_sdp_bn_from_memory)
{
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_DATA_CUBE_WIDTH, 2);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_DATA_CUBE_HEIGHT, 2);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_DATA_CUBE_CHANNEL, 32);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_SRC_BASE_ADDR_LOW, 0x80002000);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_SRC_LINE_STRIDE, 0x80);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_SRC_SURFACE_STRIDE, 0x200);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG, 0);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_NRDMA_CFG, 0x32);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_BN_BASE_ADDR_LOW, 0x90000c20);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_BN_LINE_STRIDE, 0x80);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_BN_SURFACE_STRIDE, 0x200);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DATA_CUBE_WIDTH, 2);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DATA_CUBE_HEIGHT, 2);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DATA_CUBE_CHANNEL, 32);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DP_BS_CFG, 0x6b);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DP_BN_CFG, 0x18);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DP_BN_ALU_CFG, 0x101);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DP_BN_MUL_CFG, 0x101);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DP_EW_CFG, 0x2f);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_CVT_SCALE, 1);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DST_BASE_ADDR_LOW, 0xa0000040);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DST_LINE_STRIDE, 0x100);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DST_SURFACE_STRIDE, 0x400);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DATA_FORMAT, 0);
    struct nvdla_sdp_layer l;
    char why[256] = "";
    ck_assert_msg(nvdla_decode_sdp(&rf, &l, why, sizeof why) == 0, "%s", why);
    ck_assert_uint_eq(l.w, 3);
    ck_assert_uint_eq(l.c, 33);
    ck_assert_uint_eq(l.src.base, 0x80002000u);
    ck_assert_uint_eq(l.src.layout.surface_stride, 0x200);
    ck_assert_uint_eq(l.dst.base, 0xa0000040u);
    ck_assert_int_eq(l.cfg.bs.bypass, 1);
    ck_assert_int_eq(l.cfg.bn.bypass, 0);
    ck_assert_int_eq(l.cfg.bn.alu_bypass, 0);
    ck_assert_int_eq(l.cfg.bn.alu_algo, GOLDEN_ALU_SUM);
    ck_assert_int_eq(l.cfg.bn.mul_bypass, 1);
    ck_assert_int_eq(l.cfg.bn.relu_bypass, 0);
    ck_assert_int_eq(l.cfg.bn.alu_src, GOLDEN_SRC_MEM);
    ck_assert_uint_eq(l.cfg.bn.alu_shift, 1);
    ck_assert_uint_eq(l.cfg.bn.mul_shift, 1);
    ck_assert_int_eq(l.cfg.ew.bypass, 1);
    ck_assert_int_eq(l.cfg.out.scale, 1);
    ck_assert_int_eq(l.ops[GOLDEN_SDP_BN].fetch, 1);
    ck_assert_int_eq(l.ops[GOLDEN_SDP_BN].mode, GOLDEN_OPERAND_PER_ELEMENT);
    ck_assert_int_eq(l.ops[GOLDEN_SDP_BN].use, GOLDEN_USE_ALU);
    ck_assert_uint_eq(l.ops[GOLDEN_SDP_BN].size_bytes, 1);
    ck_assert_uint_eq(l.ops[GOLDEN_SDP_BN].mem.base, 0x90000c20u);
    ck_assert_int_eq(l.ops[GOLDEN_SDP_BS].fetch, 0);
    /* the BN ALU needs the stream: disabling it is refused with a reason */
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_NRDMA_CFG, 0x33);
    ck_assert_int_eq(nvdla_decode_sdp(&rf, &l, why, sizeof why), -1);
    ck_assert_ptr_nonnull(strstr(why, "NRDMA_DISABLE"));
    /* INT16 left at its reset value is refused */
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_NRDMA_CFG, 0x32);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG, 0x14);
    ck_assert_int_eq(nvdla_decode_sdp(&rf, &l, why, sizeof why), -1);
    ck_assert_ptr_nonnull(strstr(why, "INT8"));
}
END_TEST

/* The spec's padded average example (10.1) and a 1x1 SDP cube. */
START_TEST(decode_pdp_average_and_sdp_1x1)
{
    nvdla_regfile_write(&rf, NVDLA_PDP_D_DATA_CUBE_IN_WIDTH, 7);
    nvdla_regfile_write(&rf, NVDLA_PDP_D_DATA_CUBE_IN_HEIGHT, 8);
    nvdla_regfile_write(&rf, NVDLA_PDP_D_DATA_CUBE_IN_CHANNEL, 18);
    nvdla_regfile_write(&rf, NVDLA_PDP_RDMA_D_DATA_CUBE_IN_WIDTH, 7);
    nvdla_regfile_write(&rf, NVDLA_PDP_RDMA_D_DATA_CUBE_IN_HEIGHT, 8);
    nvdla_regfile_write(&rf, NVDLA_PDP_RDMA_D_DATA_CUBE_IN_CHANNEL, 18);
    nvdla_regfile_write(&rf, NVDLA_PDP_D_DATA_CUBE_OUT_WIDTH, 3);
    nvdla_regfile_write(&rf, NVDLA_PDP_D_DATA_CUBE_OUT_HEIGHT, 4);
    nvdla_regfile_write(&rf, NVDLA_PDP_D_OPERATION_MODE_CFG, 0x10);
    nvdla_regfile_write(&rf, NVDLA_PDP_D_POOLING_KERNEL_CFG, 0x110202);
    nvdla_regfile_write(&rf, NVDLA_PDP_D_POOLING_PADDING_CFG, 0x21);
    nvdla_regfile_write(&rf, NVDLA_PDP_D_RECIP_KERNEL_WIDTH, 0x5555);
    nvdla_regfile_write(&rf, NVDLA_PDP_D_POOLING_PADDING_VALUE_2_CFG, 0xaa);
    nvdla_regfile_write(&rf, NVDLA_PDP_RDMA_D_SRC_BASE_ADDR_LOW, 0x80800000);
    nvdla_regfile_write(&rf, NVDLA_PDP_RDMA_D_SRC_SURFACE_STRIDE, 0x2240);
    struct nvdla_pdp_layer p;
    char why[256] = "";
    ck_assert_msg(nvdla_decode_pdp(&rf, &p, why, sizeof why) == 0, "%s", why);
    ck_assert_int_eq(p.flying_in, 0);
    ck_assert_int_eq(p.cfg.method, GOLDEN_POOL_AVERAGE);
    ck_assert_uint_eq(p.cfg.kernel_w, 3);
    ck_assert_uint_eq(p.cfg.kernel_h, 3);
    ck_assert_uint_eq(p.cfg.stride_w, 2);
    ck_assert_uint_eq(p.cfg.stride_h, 2);
    ck_assert_uint_eq(p.cfg.pad_left, 1);
    ck_assert_uint_eq(p.cfg.pad_top, 2);
    ck_assert_uint_eq(p.cfg.pad_value[2], 0xaa);
    ck_assert_uint_eq(p.cfg.recip_w, 0x5555);
    ck_assert_uint_eq(p.src.base, 0x80800000u);
    ck_assert_uint_eq(p.src.layout.surface_stride, 0x2240);
    ck_assert_uint_eq(p.dst.w, 4);
    /* an output size that does not match the windows is refused */
    nvdla_regfile_write(&rf, NVDLA_PDP_D_DATA_CUBE_OUT_WIDTH, 5);
    ck_assert_int_eq(nvdla_decode_pdp(&rf, &p, why, sizeof why), -1);

    /* SDP 1x1: consecutive atoms, the surface strides are ignored */
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_DATA_CUBE_CHANNEL, 15);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DATA_CUBE_CHANNEL, 15);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_SRC_SURFACE_STRIDE, 0x1000);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DST_SURFACE_STRIDE, 0x1000);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG, 0);
    struct nvdla_sdp_layer l;
    ck_assert_msg(nvdla_decode_sdp(&rf, &l, why, sizeof why) == 0, "%s", why);
    ck_assert_uint_eq(l.src.layout.surface_stride, 8);
    ck_assert_uint_eq(l.dst.layout.surface_stride, 8);
}
END_TEST

/* ConfigROM: what the real RTL reads back (nvdla_cfgrom_rtl.csv): nv_small's
 * values, with the fields at bit 5 in place, and the same on nv_large,
 * nv_medium_512 and nv_medium_1024_full (the public RTL has one ConfigROM
 * for every configuration). */
START_TEST(cfgrom_per_configuration)
{
    static const char *const configs[] = { "nv_small", "nv_large", "nv_medium_512", "nv_medium_1024_full" };
    for (unsigned i = 0; i < sizeof configs / sizeof configs[0]; i++) {
        nvdla_regfile_set_config(&rf, nvdla_config_find(configs[i]));
        nvdla_regfile_reset(&rf);
        ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_CFGROM_HW_VERSION), 0x10001u);
        ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_CFGROM_CIF_BASE_WIDTH), 0x8u);
        ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_CFGROM_CIF_BASE_BURST_LENGTH_MAX), 0x80u);   /* 4 << 5 */
        ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_CFGROM_CIF_BASE_MEM_ADDR_WIDTH), 0x400u);    /* 32 << 5 */
        ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_CFGROM_CDMA_BASE_ATOMIC_C), 0x8u);
        ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_CFGROM_CBUF_BASE_CBUF_BANK_NUM), 0x20u);
        ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_CFGROM_CMAC_A_CAP_COMPAT), 0x10u);
        ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_CFGROM_SDP_CAP_COMPAT), 0x18u);
        ck_assert_uint_eq(nvdla_regfile_read(&rf, NVDLA_CFGROM_PDP_BASE_THROUGHPUT), 0x1u);
    }
}
END_TEST

/* nv_small's generated ConfigROM values are the register table's reset
 * values, register for register (the table is nv_small's); a configuration
 * writes CFGROM registers only, and today none (the real RTL of each reads
 * nv_small's ConfigROM). */
START_TEST(cfgrom_nv_small_is_the_table)
{
    static uint32_t regs[NVDLA_REG_COUNT];
    for (unsigned i = 0; i < NVDLA_REG_COUNT; i++)
        regs[i] = nvdla_regs[i].reset;
    nvdla_cfgrom_apply(nvdla_config_find("nv_small"), regs);
    for (unsigned i = 0; i < NVDLA_REG_COUNT; i++)
        ck_assert_msg(regs[i] == nvdla_regs[i].reset, "%s.%s: 0x%x, table 0x%x", nvdla_regs[i].unit_name,
                      nvdla_regs[i].name, regs[i], nvdla_regs[i].reset);
    for (unsigned c = 0; c < nvdla_config_count; c++) {
        unsigned n = 0;
        for (unsigned i = 0; i < NVDLA_REG_COUNT; i++)
            regs[i] = 0xdeadbeefu;
        nvdla_cfgrom_apply(&nvdla_configs[c], regs);
        for (unsigned i = 0; i < NVDLA_REG_COUNT; i++) {
            if (regs[i] == 0xdeadbeefu)
                continue;
            n++;
            ck_assert_msg(nvdla_regs[i].unit == NVDLA_UNIT_CFGROM, "%s writes %s.%s", nvdla_configs[c].name,
                          nvdla_regs[i].unit_name, nvdla_regs[i].name);
        }
        /* the public RTL reads nv_small's ConfigROM in every configuration */
        ck_assert_uint_eq(n, 0);
    }
    /* not a table entry, nor the name of one: nothing changes */
    struct nvdla_config other = nvdla_configs[0];
    other.name = "nv_other";
    regs[NVDLA_CFGROM_CIF_BASE_WIDTH_IDX] = 0;
    nvdla_cfgrom_apply(&other, regs);
    ck_assert_uint_eq(regs[NVDLA_CFGROM_CIF_BASE_WIDTH_IDX], 0);
}
END_TEST

/* The decode takes the atom from the configuration: a PDP cube of
 * nv_large has 32-lane surfaces, a 1x1 SDP cube 32-byte consecutive atoms,
 * a convolution atomic C 64 / K 32. */
START_TEST(decode_atoms_per_configuration)
{
    char why[256];
    nvdla_regfile_set_config(&rf, nvdla_config_find("nv_large"));
    nvdla_regfile_write(&rf, NVDLA_PDP_RDMA_D_DATA_CUBE_IN_CHANNEL, 32);   /* 33 channels */
    nvdla_regfile_write(&rf, NVDLA_PDP_D_DATA_CUBE_IN_CHANNEL, 32);
    nvdla_regfile_write(&rf, NVDLA_PDP_D_DATA_CUBE_OUT_CHANNEL, 32);
    nvdla_regfile_write(&rf, NVDLA_PDP_RDMA_D_SRC_LINE_STRIDE, 0x20);
    nvdla_regfile_write(&rf, NVDLA_PDP_RDMA_D_SRC_SURFACE_STRIDE, 0x20);
    nvdla_regfile_write(&rf, NVDLA_PDP_D_DST_LINE_STRIDE, 0x20);
    nvdla_regfile_write(&rf, NVDLA_PDP_D_DST_SURFACE_STRIDE, 0x20);
    nvdla_regfile_write(&rf, NVDLA_PDP_D_OPERATION_MODE_CFG, 0x11);   /* off-flying max */
    nvdla_regfile_write(&rf, NVDLA_PDP_RDMA_D_FLYING_MODE, 1);
    struct nvdla_pdp_layer p;
    ck_assert_msg(nvdla_decode_pdp(&rf, &p, why, sizeof why) == 0, "%s", why);
    ck_assert_uint_eq(golden_layout_lanes(&p.src.layout), 32);
    ck_assert_uint_eq(p.cfg.lanes, 32);
    /* 1x1x33: two surfaces of 32 bytes, both read in full */
    ck_assert_uint_eq(nvdla_cube_packed_bytes(&p.src), 64);

    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG, 0);
    struct nvdla_sdp_layer l;
    ck_assert_msg(nvdla_decode_sdp(&rf, &l, why, sizeof why) == 0, "%s", why);
    ck_assert_uint_eq(l.src.layout.surface_stride, 32);
    ck_assert_uint_eq(l.dst.layout.surface_stride, 32);

    nvdla_regfile_set_config(&rf, nvdla_config_find("nv_medium_512"));   /* resets the registers */
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG, 0);
    ck_assert_msg(nvdla_decode_sdp(&rf, &l, why, sizeof why) == 0, "%s", why);
    ck_assert_uint_eq(l.src.layout.surface_stride, 16);
    ck_assert_uint_eq(golden_layout_lanes(&l.dst.layout), 16);
}
END_TEST

/* SDP operand streams follow the configuration's atom (in-memory formats:
 * an operand atom holds as many elements as an INT8 feature atom has
 * channels, times components times bytes). nv_medium_512, 16-byte atoms,
 * a 2x1x20 SDP from memory (two 16-lane surfaces):
 *  BS per element, ALU only, two bytes (e = 2), base 0x1_0000_0020
 *    (ADDR_HIGH = 1: 64-bit addresses), line = surface stride 0x40:
 *    (1, 0, 17) at 0x40 + (1 * 16 + 1) * 2 = 98 from the base; the packed
 *    stream is 2 surfaces x 2 columns x 16 lanes x 2 bytes = 128 bytes,
 *    and (1, 0, 17) is at 64 + 34 = 98 in it too; (0, 0, 5) at 10.
 *  BN per channel, BOTH, one byte (e = 2): channel 17 at 17 * 2 = 34, in
 *    the 1x1 cube of atoms (surface stride 16 * 2 = 32): 32 + 1 * 2 = 34.
 * Run on zero input, BS ALU SUM from memory, the rest bypassed, output
 * scale 1: (1, 0, 17) = 100 and (0, 0, 5) = -3 (0xFFFD) as placed,
 * every other lane 0. */
START_TEST(sdp_operand_streams_per_configuration)
{
    nvdla_regfile_set_config(&rf, nvdla_config_find("nv_medium_512"));
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_DATA_CUBE_WIDTH, 1);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_DATA_CUBE_HEIGHT, 0);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_DATA_CUBE_CHANNEL, 19);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_SRC_BASE_ADDR_LOW, 0x80000000);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_SRC_LINE_STRIDE, 0x20);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_SRC_SURFACE_STRIDE, 0x20);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_SRC_DMA_CFG, 1);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG, 0);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_BRDMA_CFG, 0x3a);   /* ALU, two bytes, per element, MC */
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_BS_BASE_ADDR_LOW, 0x20);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_BS_BASE_ADDR_HIGH, 0x1);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_BS_LINE_STRIDE, 0x40);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_BS_SURFACE_STRIDE, 0x40);
    nvdla_regfile_write(&rf, NVDLA_SDP_RDMA_D_NRDMA_CFG, 0x24);   /* BOTH, one byte, per channel, MC */
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DATA_CUBE_WIDTH, 1);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DATA_CUBE_HEIGHT, 0);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DATA_CUBE_CHANNEL, 19);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DP_BS_CFG, 0x58);       /* ALU SUM, MUL and ReLU bypassed */
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DP_BS_ALU_CFG, 0x1);    /* from memory, shift 0 */
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DP_BN_CFG, 0x1);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DP_EW_CFG, 0x2f);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_CVT_SCALE, 1);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DST_BASE_ADDR_LOW, 0x80001000);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DST_LINE_STRIDE, 0x20);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DST_SURFACE_STRIDE, 0x20);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DST_DMA_CFG, 1);
    nvdla_regfile_write(&rf, NVDLA_SDP_D_DATA_FORMAT, 0);
    struct nvdla_sdp_layer l;
    char why[256] = "";
    ck_assert_msg(nvdla_decode_sdp(&rf, &l, why, sizeof why) == 0, "%s", why);
    const struct nvdla_sdp_stream *bs = &l.ops[GOLDEN_SDP_BS], *bn = &l.ops[GOLDEN_SDP_BN];
    ck_assert_int_eq(bs->mode, GOLDEN_OPERAND_PER_ELEMENT);
    ck_assert_uint_eq(bs->mem.base, 0x100000020ull);
    ck_assert_uint_eq(golden_layout_lanes(&bs->mem.layout), 16);
    ck_assert_uint_eq(bs->mem.layout.elem_bytes, 2);
    ck_assert_uint_eq(golden_layout_offset(&bs->mem.layout, 1, 0, 17), 98);
    ck_assert_uint_eq(nvdla_cube_packed_bytes(&bs->mem), 128);
    ck_assert_int_eq(bn->mode, GOLDEN_OPERAND_PER_CHANNEL);
    ck_assert_uint_eq(bn->mem.layout.surface_stride, 32);
    ck_assert_uint_eq(golden_layout_offset(&bn->mem.layout, 0, 0, 17), 34);
    ck_assert_uint_eq(golden_layout_lanes(&l.src.layout), 16);

    uint8_t in_raw[64] = { 0 }, bs_raw[128] = { 0 }, bn_raw[64] = { 0 };
    bs_raw[98] = 100;
    bs_raw[10] = 0xFD;
    bs_raw[11] = 0xFF;
    const uint8_t *ops[GOLDEN_SDP_STAGES] = { bs_raw, NULL, NULL };
    (void)bn_raw;
    l.ops[GOLDEN_SDP_BN].mode = GOLDEN_OPERAND_NONE;   /* BN bypassed: its stream is not needed here */
    struct golden_tensor out = { 0 };
    ck_assert_int_eq(nvdla_exec_sdp(&l, in_raw, ops, &out, NULL), 0);
    ck_assert_uint_eq(out.lanes, 16);
    for (uint32_t x = 0; x < 2; x++)
        for (uint32_t c = 0; c < 32; c++) {
            int32_t want = (x == 1 && c == 17) ? 100 : (x == 0 && c == 5) ? -3 : 0;
            ck_assert_msg(golden_tensor_get(&out, x, 0, c) == want, "(%u, 0, %u): %d, want %d", x, c,
                          golden_tensor_get(&out, x, 0, c), want);
        }
    golden_tensor_free(&out);
}
END_TEST

START_TEST(axi_manager_splits_bursts)
{
    struct axi_manager *m = axi_manager_create(8, 16, 4, 4, 3);
    static uint8_t src[300], dst[300];
    for (unsigned i = 0; i < sizeof src; i++)
        src[i] = (uint8_t)(i * 7 + 1);
    /* 300 bytes from 0xFF4: unaligned start, crosses a 4 KB page */
    axi_manager_write(m, 0xFF4, 300, src);
    struct axi_pins p;
    memset(&p, 0, sizeof p);
    p.aw_ready = p.w_ready = 1;
    unsigned bursts = 0, beats = 0, pending_b = 0;
    uint64_t first_strb = 0, last_addr = 0;
    for (int cyc = 0; cyc < 1000 && !axi_manager_writes_done(m); cyc++) {
        p.b_valid = pending_b > 0;
        p.b_id = 3;
        axi_manager_eval(m, &p);
        if (p.aw_valid) {
            ck_assert_uint_eq(p.aw_addr % 8, 0);
            uint64_t end = p.aw_addr + (p.aw_len + 1u) * 8u - 1;
            ck_assert_uint_eq(p.aw_addr >> 12, end >> 12);   /* no 4 KB crossing */
            ck_assert_uint_le(p.aw_len, 15);
            ck_assert_uint_eq(p.aw_id, 3);
            if (!bursts)
                last_addr = p.aw_addr;
            bursts++;
        }
        if (p.w_valid) {
            if (!beats)
                first_strb = p.w_strb;
            beats++;
            if (p.w_last)
                pending_b++;
        }
        if (p.b_valid && p.b_ready)
            pending_b--;
        axi_manager_posedge(m, &p);
    }
    ck_assert(axi_manager_writes_done(m));
    ck_assert_uint_eq(last_addr, 0xFF0);
    ck_assert_uint_eq(first_strb, 0xF0);   /* bytes 4..7 of the first beat */
    ck_assert_uint_eq(beats, (0xFF4 + 300 - 0xFF0 + 7) / 8);
    ck_assert_uint_ge(bursts, 3);           /* page split + 16-beat limit */
    axi_manager_destroy(m);
    (void)dst;
}
END_TEST

/* nv_medium_1024_full's DBBIF: 32-byte beats, 64-bit addresses. A run of
 * 48 bytes (a 16-byte aligned start, as an nv_medium_512 atom would have)
 * at 0x1_0000_0FF0 crosses a 4 KB page: burst 1 is the beat at
 * 0x1_0000_0FE0 with its upper 16 byte lanes (strobe 0xFFFF0000), burst 2
 * the beat at 0x1_0000_1000 with all 32 lanes; the data bytes land in
 * lanes 16..31 of beat 1 (src[0..15]) and 0..31 of beat 2 (src[16..47]). */
START_TEST(axi_manager_wide_beats_64bit_address)
{
    struct axi_manager *m = axi_manager_create(32, 16, 4, 4, 0);
    uint8_t src[48];
    for (unsigned i = 0; i < sizeof src; i++)
        src[i] = (uint8_t)(i + 1);
    axi_manager_write(m, 0x100000FF0ull, sizeof src, src);
    struct axi_pins p;
    memset(&p, 0, sizeof p);
    p.aw_ready = p.w_ready = 1;
    uint64_t aw[4] = { 0 }, strb[4] = { 0 };
    uint8_t first[32], second[32];
    unsigned bursts = 0, beats = 0, pending_b = 0;
    for (int cyc = 0; cyc < 100 && !axi_manager_writes_done(m); cyc++) {
        p.b_valid = pending_b > 0;
        axi_manager_eval(m, &p);
        if (p.aw_valid && bursts < 4) {
            ck_assert_uint_eq(p.aw_len, 0);
            aw[bursts++] = p.aw_addr;
        }
        if (p.w_valid && beats < 4) {
            strb[beats] = p.w_strb;
            memcpy(beats ? second : first, p.w_data, 32);
            beats++;
            if (p.w_last)
                pending_b++;
        }
        if (p.b_valid && p.b_ready)
            pending_b--;
        axi_manager_posedge(m, &p);
    }
    ck_assert(axi_manager_writes_done(m));
    ck_assert_uint_eq(bursts, 2);
    ck_assert_uint_eq(beats, 2);
    ck_assert_uint_eq(aw[0], 0x100000FE0ull);
    ck_assert_uint_eq(aw[1], 0x100001000ull);
    ck_assert_uint_eq(strb[0], 0xFFFF0000ull);
    ck_assert_uint_eq(strb[1], 0xFFFFFFFFull);
    ck_assert_uint_eq(first[16], 1);
    ck_assert_uint_eq(first[31], 16);
    ck_assert_uint_eq(second[0], 17);
    ck_assert_uint_eq(second[31], 48);
    axi_manager_destroy(m);
}
END_TEST

/* ---- the twin in the kernel: DBBIF and SRAMIF ------------------------------ */

/* A 2x2x32 int8 SDP pass-through (every stage bypassed, converter scale
 * 1): line stride 64, surface stride 128; src_mc / dst_mc are the RAM type
 * fields (1 MC = DBBIF, 0 CV = SRAMIF). */
#define PT_SRC 0x1000u
#define PT_DST 0x2000u
#define PT_BYTES 128u

static struct sim *twin_sim(const char *config)
{
    static struct sim s;
    struct sim_knobs k;
    sim_knobs_default(&k);
    k.max_cycles = 200000;
    char err[512] = "";
    const struct nvdla_config *c = nvdla_config_find(config);
    /* the port set as the harness presents it: when the configuration has SRAMIF */
    struct dut_twin_opts o = { nvdla_config_has(c, NVDLA_FEAT_SECONDARY_MEMIF), 0, c };
    struct dut *d = dut_twin_create(&o, err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    ck_assert_msg(sim_init(&s, &k, &nvdla_family, d, err, sizeof err) == 0, "%s", err);
    s.env.quiet_failures = 1;   /* the refusal below fails the run on purpose */
    ck_assert_int_eq(sim_reset(&s), 0);
    return &s;
}

static enum bfm_status sdp_pass_through(struct sim *s, uint32_t src_mc, uint32_t dst_mc)
{
    static const uint32_t prog[][2] = {
        { NVDLA_SDP_RDMA_D_DATA_CUBE_WIDTH, 1 }, { NVDLA_SDP_RDMA_D_DATA_CUBE_HEIGHT, 1 },
        { NVDLA_SDP_RDMA_D_DATA_CUBE_CHANNEL, 31 }, { NVDLA_SDP_RDMA_D_SRC_BASE_ADDR_LOW, PT_SRC },
        { NVDLA_SDP_RDMA_D_SRC_LINE_STRIDE, 64 }, { NVDLA_SDP_RDMA_D_SRC_SURFACE_STRIDE, 128 },
        { NVDLA_SDP_RDMA_D_FEATURE_MODE_CFG, 0 }, { NVDLA_SDP_RDMA_D_BRDMA_CFG, 1 },
        { NVDLA_SDP_RDMA_D_NRDMA_CFG, 1 }, { NVDLA_SDP_RDMA_D_ERDMA_CFG, 1 },
        { NVDLA_SDP_D_DATA_CUBE_WIDTH, 1 }, { NVDLA_SDP_D_DATA_CUBE_HEIGHT, 1 },
        { NVDLA_SDP_D_DATA_CUBE_CHANNEL, 31 }, { NVDLA_SDP_D_DST_BASE_ADDR_LOW, PT_DST },
        { NVDLA_SDP_D_DST_LINE_STRIDE, 64 }, { NVDLA_SDP_D_DST_SURFACE_STRIDE, 128 },
        { NVDLA_SDP_D_DP_BS_CFG, 0x53 }, { NVDLA_SDP_D_DP_BN_CFG, 0x53 }, { NVDLA_SDP_D_DP_EW_CFG, 0x53 },
        { NVDLA_SDP_D_CVT_SCALE, 1 }, { NVDLA_SDP_D_DATA_FORMAT, 0 }, { NVDLA_SDP_D_FEATURE_MODE_CFG, 0 },
    };
    enum bfm_status st = BFM_OK;
    for (unsigned i = 0; i < sizeof prog / sizeof prog[0] && st == BFM_OK; i++)
        st = csb_write(s->reg.csb, prog[i][0], prog[i][1]);
    if (st == BFM_OK)
        st = csb_write(s->reg.csb, NVDLA_SDP_RDMA_D_SRC_DMA_CFG, src_mc);
    if (st == BFM_OK)
        st = csb_write(s->reg.csb, NVDLA_SDP_D_DST_DMA_CFG, dst_mc);
    if (st == BFM_OK)
        st = csb_write(s->reg.csb, NVDLA_SDP_RDMA_D_OP_ENABLE, 1);
    if (st == BFM_OK)
        st = csb_write(s->reg.csb, NVDLA_SDP_D_OP_ENABLE, 1);
    if (st == BFM_OK)   /* SDP_DONE_STATUS0 */
        st = csb_poll(s->reg.csb, NVDLA_GLB_S_INTR_STATUS, 1, 1, 20000);
    return st;
}

static void fill_pattern(struct sparse_mem *m)
{
    uint8_t b[PT_BYTES];
    for (unsigned i = 0; i < PT_BYTES; i++)
        b[i] = (uint8_t)(i * 7 + 3);
    ck_assert_int_eq(sparse_mem_write(m, PT_SRC, b, PT_BYTES), 0);
}

static void expect_pattern(const struct sparse_mem *m, uint64_t addr, int present)
{
    uint8_t b[PT_BYTES];
    sparse_mem_read(m, addr, b, PT_BYTES);
    for (unsigned i = 0; i < PT_BYTES; i++)
        ck_assert_msg(b[i] == (present ? (uint8_t)(i * 7 + 3) : 0), "byte 0x%" PRIx64 ": 0x%02x, expected 0x%02x",
                      addr + i, b[i], present ? (uint8_t)(i * 7 + 3) : 0);
}

/* nv_large: source on SRAMIF, destination on DBBIF, then the reverse; the
 * port a direction does not use sees none of its bursts. */
START_TEST(twin_routes_sdp_by_ram_type)
{
    struct sim *s = twin_sim("nv_large");
    ck_assert(s->dut->has_sramif);
    ck_assert_uint_eq(s->dut->sram_data_bytes, 32);
    fill_pattern(s->axi[1].mem);
    ck_assert_msg(sdp_pass_through(s, 0, 1) == BFM_OK, "%s", s->env.first_failure);
    ck_assert_int_eq(sim_drain(s, 10000), 0);
    expect_pattern(s->axi[0].mem, PT_DST, 1);
    expect_pattern(s->axi[1].mem, PT_DST, 0);
    struct axi_mem_stats dbb, sram;
    axi_mem_stats(s->axi[0].bfm, &dbb);
    axi_mem_stats(s->axi[1].bfm, &sram);
    ck_assert_uint_eq(dbb.ar_bursts, 0);
    ck_assert_uint_eq(dbb.wr_bytes, PT_BYTES);
    ck_assert_uint_eq(sram.rd_bytes, PT_BYTES);
    ck_assert_uint_eq(sram.aw_bursts, 0);
    ck_assert_int_eq(sim_finish(s), 0);
    sim_free(s);

    s = twin_sim("nv_large");
    fill_pattern(s->axi[0].mem);
    ck_assert_msg(sdp_pass_through(s, 1, 0) == BFM_OK, "%s", s->env.first_failure);
    ck_assert_int_eq(sim_drain(s, 10000), 0);
    expect_pattern(s->axi[1].mem, PT_DST, 1);
    expect_pattern(s->axi[0].mem, PT_DST, 0);
    axi_mem_stats(s->axi[0].bfm, &dbb);
    axi_mem_stats(s->axi[1].bfm, &sram);
    ck_assert_uint_eq(dbb.rd_bytes, PT_BYTES);
    ck_assert_uint_eq(dbb.aw_bursts, 0);
    ck_assert_uint_eq(sram.ar_bursts, 0);
    ck_assert_uint_eq(sram.wr_bytes, PT_BYTES);
    ck_assert_int_eq(sim_finish(s), 0);
    sim_free(s);
}
END_TEST

/* nv_small has no SRAMIF: the layer naming it stops the twin with the
 * rule, and DBBIF is not read in its place. */
START_TEST(twin_refuses_sramif_without_port)
{
    struct sim *s = twin_sim("nv_small");
    ck_assert(!s->dut->has_sramif);
    fill_pattern(s->axi[0].mem);
    ck_assert_int_ne(sdp_pass_through(s, 0, 1), BFM_OK);
    ck_assert_msg(strstr(s->env.first_failure, "rule 'ram-type'") &&
                      strstr(s->env.first_failure, "SDP_RDMA input cube: RAM type CV") &&
                      strstr(s->env.first_failure, "nv_small has no SRAMIF"),
                  "%s", s->env.first_failure);
    struct axi_mem_stats dbb;
    axi_mem_stats(s->axi[0].bfm, &dbb);
    ck_assert_uint_eq(dbb.ar_bursts, 0);
    ck_assert_uint_eq(dbb.aw_bursts, 0);
    sim_free(s);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("twin");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, reset_values_from_table);
    tcase_add_test(tc, pingpong_groups_and_dropped_writes);
    tcase_add_test(tc, interrupts_w1c_and_mask);
    tcase_add_test(tc, lut_access_port_writes_reads_and_sticks);
    tcase_add_test(tc, decode_sdp_bn_from_memory);
    tcase_add_test(tc, decode_pdp_average_and_sdp_1x1);
    tcase_add_test(tc, axi_manager_splits_bursts);
    tcase_add_test(tc, axi_manager_wide_beats_64bit_address);
    tcase_add_test(tc, cfgrom_per_configuration);
    tcase_add_test(tc, cfgrom_nv_small_is_the_table);
    tcase_add_test(tc, decode_atoms_per_configuration);
    tcase_add_test(tc, sdp_operand_streams_per_configuration);
    tcase_add_test(tc, twin_routes_sdp_by_ram_type);
    tcase_add_test(tc, twin_refuses_sramif_without_port);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
