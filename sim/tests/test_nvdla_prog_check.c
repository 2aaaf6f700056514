/* Unit tests of the register-programming checker (sim/nvdla_prog_check):
 * a legal convolution, SDP, PDP and CDP layer written register by register
 * pass; breaking each rule on purpose is reported under that rule's name,
 * with the registers and values in the message. */
#include <check.h>
#include <string.h>
#include "nvdla_prog_check.h"
#include "nvdla_regfile.h"

#define W(reg, val) nvdla_regfile_write(&rf, NVDLA_##reg, (uint32_t)(val))

static struct nvdla_regfile rf;
static struct nvdla_prog_ctx pc;
static struct nvdla_prog_violation v[16];

static void setup(void)
{
    nvdla_regfile_reset(&rf);
    pc.cfg = nvdla_config_find("nv_small");
    pc.cbuf_flushed = 1;
}

static int check(enum nvdla_unit u)
{
    memset(v, 0, sizeof v);
    return nvdla_prog_check(&rf, u, &pc, v, 16);
}

/* The only violation is of `rule` and its message says `what`. */
static void expect_only(enum nvdla_unit u, enum nvdla_prog_rule rule, const char *what)
{
    int n = check(u);
    char line[512] = "";
    if (n)
        nvdla_prog_violation_str(&v[0], line, sizeof line);
    ck_assert_msg(n == 1, "expected one violation of %s, got %d (first: %s)", nvdla_prog_rules[rule].name, n, line);
    ck_assert_msg(v[0].rule == rule, "expected rule %s, got %s", nvdla_prog_rules[rule].name,
                  nvdla_prog_rules[v[0].rule].name);
    ck_assert_msg(strstr(v[0].detail, what) != NULL, "'%s' does not say '%s'", v[0].detail, what);
    ck_assert(strstr(line, nvdla_prog_rules[rule].name) != NULL);
}

/* Among the violations (a layer broken this way may break the models' own
 * preconditions too) one is of `rule` and says `what`. */
static void expect_has(enum nvdla_unit u, enum nvdla_prog_rule rule, const char *what)
{
    int n = check(u);
    for (int i = 0; i < n && i < 16; i++)
        if (v[i].rule == rule && strstr(v[i].detail, what))
            return;
    ck_abort_msg("no violation of %s saying '%s' among %d (first: %s)", nvdla_prog_rules[rule].name, what, n,
                 n ? v[0].detail : "none");
}

static void expect_clean(enum nvdla_unit u)
{
    int n = check(u);
    ck_assert_msg(n == 0, "legal layer flagged: %s: %s", n ? nvdla_prog_rules[v[0].rule].name : "", v[0].detail);
}

/* 4x3x10 input (2 atoms of channels), 8 kernels of 1x1x10: 80 weight bytes;
 * 8-byte CBUF entries: 4 x 2 = 8 entries a slice, 24 entries, one data bank. */
static void legal_conv(void)
{
    W(CDMA_D_MISC_CFG, 0);
    W(CSC_D_MISC_CFG, 0);
    W(CMAC_A_D_MISC_CFG, 0);
    W(CMAC_B_D_MISC_CFG, 0);
    W(CACC_D_MISC_CFG, 0);
    W(CDMA_D_DATAIN_SIZE_0, 2 << 16 | 3);
    W(CDMA_D_DATAIN_SIZE_1, 9);
    W(CSC_D_DATAIN_SIZE_EXT_0, 2 << 16 | 3);
    W(CSC_D_DATAIN_SIZE_EXT_1, 9);
    W(CDMA_D_DAIN_ADDR_LOW_0, 0x80000000);
    W(CDMA_D_DAIN_RAM_TYPE, 1);   /* MC: nv_small has no SRAMIF */
    W(CDMA_D_WEIGHT_RAM_TYPE, 1);
    W(CDMA_D_LINE_STRIDE, 32);
    W(CDMA_D_SURF_STRIDE, 96);
    W(CDMA_D_ENTRY_PER_SLICE, 7);
    W(CSC_D_ENTRY_PER_SLICE, 7);
    W(CDMA_D_BANK, 1 << 16 | 0);
    W(CSC_D_BANK, 1 << 16 | 0);
    W(CDMA_D_WEIGHT_SIZE_0, 9);
    W(CDMA_D_WEIGHT_SIZE_1, 7);
    W(CDMA_D_WEIGHT_BYTES, 80);
    W(CSC_D_WEIGHT_BYTES, 80);
    W(CSC_D_WEIGHT_SIZE_EXT_0, 0);
    W(CSC_D_WEIGHT_SIZE_EXT_1, 7 << 16 | 9);
    W(CSC_D_DATAOUT_SIZE_0, 2 << 16 | 3);
    W(CSC_D_DATAOUT_SIZE_1, 7);
    W(CSC_D_ATOMICS, 4 * 3 - 1);
}

/* SDP 4x3x8 from memory to memory, every stage bypassed. */
static void legal_sdp(void)
{
    W(SDP_RDMA_D_DATA_CUBE_WIDTH, 3);
    W(SDP_RDMA_D_DATA_CUBE_HEIGHT, 2);
    W(SDP_RDMA_D_DATA_CUBE_CHANNEL, 7);
    W(SDP_RDMA_D_SRC_BASE_ADDR_LOW, 0x80000000);
    W(SDP_RDMA_D_SRC_LINE_STRIDE, 32);
    W(SDP_RDMA_D_SRC_SURFACE_STRIDE, 96);
    W(SDP_RDMA_D_SRC_DMA_CFG, 1);
    W(SDP_RDMA_D_FEATURE_MODE_CFG, 0);
    W(SDP_D_DATA_CUBE_WIDTH, 3);
    W(SDP_D_DATA_CUBE_HEIGHT, 2);
    W(SDP_D_DATA_CUBE_CHANNEL, 7);
    W(SDP_D_DST_BASE_ADDR_LOW, 0x80100000);
    W(SDP_D_DST_LINE_STRIDE, 32);
    W(SDP_D_DST_SURFACE_STRIDE, 96);
    W(SDP_D_DST_DMA_CFG, 1);
    W(SDP_D_FEATURE_MODE_CFG, 0);
    W(SDP_D_DATA_FORMAT, 0);
    W(SDP_D_CVT_SCALE, 1);
}

/* PDP 4x4x8 max 2x2 stride 2 -> 2x2, from memory. */
static void legal_pdp(void)
{
    W(PDP_RDMA_D_DATA_CUBE_IN_WIDTH, 3);
    W(PDP_RDMA_D_DATA_CUBE_IN_HEIGHT, 3);
    W(PDP_RDMA_D_DATA_CUBE_IN_CHANNEL, 7);
    W(PDP_RDMA_D_SRC_BASE_ADDR_LOW, 0x80000000);
    W(PDP_RDMA_D_SRC_LINE_STRIDE, 32);
    W(PDP_RDMA_D_SRC_SURFACE_STRIDE, 128);
    W(PDP_RDMA_D_SRC_RAM_CFG, 1);
    W(PDP_RDMA_D_DATA_FORMAT, 0);
    W(PDP_RDMA_D_POOLING_KERNEL_CFG, 1 << 4 | 1);
    W(PDP_D_DATA_CUBE_IN_WIDTH, 3);
    W(PDP_D_DATA_CUBE_IN_HEIGHT, 3);
    W(PDP_D_DATA_CUBE_IN_CHANNEL, 7);
    W(PDP_D_DATA_CUBE_OUT_WIDTH, 1);
    W(PDP_D_DATA_CUBE_OUT_HEIGHT, 1);
    W(PDP_D_DATA_CUBE_OUT_CHANNEL, 7);
    W(PDP_D_OPERATION_MODE_CFG, 1 << 4 | 1);   /* off-flying, max */
    W(PDP_D_POOLING_KERNEL_CFG, 1 << 20 | 1 << 16 | 1 << 8 | 1);
    W(PDP_D_DST_BASE_ADDR_LOW, 0x80100000);
    W(PDP_D_DST_LINE_STRIDE, 16);
    W(PDP_D_DST_SURFACE_STRIDE, 32);
    W(PDP_D_DST_RAM_CFG, 1);
    W(PDP_D_DATA_FORMAT, 0);
}

START_TEST(legal_layers_pass)
{
    legal_conv();
    expect_clean(NVDLA_UNIT_CDMA);
    legal_sdp();
    expect_clean(NVDLA_UNIT_SDP);
    legal_pdp();
    expect_clean(NVDLA_UNIT_PDP);
    /* units without rules of their own */
    ck_assert_int_eq(check(NVDLA_UNIT_CSC), 0);
    ck_assert_int_eq(check(NVDLA_UNIT_GLB), 0);
}
END_TEST

/* 64-byte entries (nv_full) would give 4 x ceil(10 / 64) = 4; nv_small needs 8. */
START_TEST(rule_entry_per_slice)
{
    legal_conv();
    W(CDMA_D_ENTRY_PER_SLICE, 3);
    W(CSC_D_ENTRY_PER_SLICE, 3);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_ENTRY_PER_SLICE, "CDMA D_ENTRY_PER_SLICE = 3 (4 entries) for a 4x3x10 "
                "input: nv_small has 8-byte CBUF entries (1 atoms of 8 bytes), so a slice takes 8 entries (ENTRIES = 7)");
    legal_conv();
    W(CSC_D_ENTRY_PER_SLICE, 6);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_ENTRY_PER_SLICE, "CSC D_ENTRY_PER_SLICE = 6 but CDMA's is 7");
}
END_TEST

/* A w x 3 x ch input, 8 kernels of 1x1xch, on configuration `name`:
 * strides and addresses multiples of 32 bytes (every atom), WEIGHT_BYTES
 * 8 * ch rounded up to the CBUF entry, ENTRY_PER_SLICE = eps entries. */
static void conv_on(const char *name, uint32_t w, uint32_t ch, uint32_t eps)
{
    setup();
    pc.cfg = nvdla_config_find(name);
    ck_assert_ptr_nonnull(pc.cfg);
    nvdla_regfile_set_config(&rf, pc.cfg);
    legal_conv();
    unsigned a = pc.cfg->cbuf_bank_width;
    uint32_t wb = (8 * ch + a - 1) / a * a;
    W(CDMA_D_DATAIN_SIZE_0, 2 << 16 | (w - 1));
    W(CDMA_D_DATAIN_SIZE_1, ch - 1);
    W(CSC_D_DATAIN_SIZE_EXT_0, 2 << 16 | (w - 1));
    W(CSC_D_DATAIN_SIZE_EXT_1, ch - 1);
    W(CDMA_D_LINE_STRIDE, 0x100);
    W(CDMA_D_SURF_STRIDE, 0x400);
    W(CDMA_D_ENTRY_PER_SLICE, eps - 1);
    W(CSC_D_ENTRY_PER_SLICE, eps - 1);
    W(CDMA_D_WEIGHT_SIZE_0, ch - 1);
    W(CDMA_D_WEIGHT_BYTES, wb);
    W(CSC_D_WEIGHT_BYTES, wb);
    W(CSC_D_WEIGHT_SIZE_EXT_1, 7 << 16 | (ch - 1));
    W(CSC_D_DATAOUT_SIZE_0, 2 << 16 | (w - 1));
    W(CSC_D_ATOMICS, 3 * w - 1);
}

/* Entries a feature slice takes, per configuration (entry = CBUF_BANK_WIDTH
 * bytes; the pixels' whole entries, then the atoms left over: several
 * pixels share an entry when those atoms divide it evenly, else one entry
 * each). 5 pixels wide:
 *  nv_medium_512, 32-byte entries of two 16-byte atoms:
 *    33 channels = 3 atoms: 1 entry a pixel (5) + 1 atom, two pixels an
 *    entry: ceil(5 / 2) = 3 -> 8;  16 channels: 3;  64 channels: 2 a pixel: 10
 *  nv_medium_1024_full, 32-byte entries, 32-byte atoms: 33 channels = 2 atoms: 10
 *  nv_small_256, 32-byte entries of four 8-byte atoms: 24 channels = 3
 *    atoms, 3 does not divide 4: an entry each: 5;  16 channels = 2 atoms:
 *    ceil(2 * 5 / 4) = 3;  40 channels = 5 atoms: 5 + ceil(5 / 4) = 7
 *  nv_large, 64-byte entries of two 32-byte atoms: 33 channels = 2 atoms: 5;
 *    32 channels: ceil(5 / 2) = 3 (as its shipped 8-wide 1x1x32 trace
 *    programs: ENTRIES = 3 for 4 entries) */
START_TEST(rule_entry_per_slice_per_configuration)
{
    static const struct { const char *cfg; uint32_t ch, eps; } ok[] = {
        { "nv_medium_512", 33, 8 }, { "nv_medium_512", 16, 3 }, { "nv_medium_512", 64, 10 },
        { "nv_medium_1024_full", 33, 10 }, { "nv_small_256", 24, 5 }, { "nv_small_256", 16, 3 },
        { "nv_small_256", 40, 7 }, { "nv_large", 33, 5 }, { "nv_large", 32, 3 },
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        conv_on(ok[i].cfg, 5, ok[i].ch, ok[i].eps);
        int n = check(NVDLA_UNIT_CDMA);
        ck_assert_msg(n == 0, "%s 5x3x%u with %u entries: %s", ok[i].cfg, ok[i].ch, ok[i].eps,
                      n ? v[0].detail : "");
    }
    conv_on("nv_medium_512", 5, 33, 10);   /* the 16-byte atom counted as a whole entry */
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_ENTRY_PER_SLICE, "nv_medium_512 has 32-byte CBUF entries (2 atoms of "
                "16 bytes), so a slice takes 8 entries (ENTRIES = 7)");
    conv_on("nv_small_256", 5, 24, 4);     /* ceil(3 * 5 / 4) would be wrong: 3 atoms do not share */
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_ENTRY_PER_SLICE, "so a slice takes 5 entries (ENTRIES = 4)");
}
END_TEST

/* WEIGHT_BYTES in whole CBUF entries, the cube strides in whole atoms of the
 * configuration: 8 kernels x 33 channels = 264 bytes, 8.25 of nv_medium_512's
 * 32-byte CBUF entries (round up to 288; 272, whole 16-byte atoms, still
 * hangs the real RTL: hw-observed nv_medium_512); a line stride of 0x110 = 17 x 16 is
 * whole 16-byte atoms but 8.5 of nv_medium_1024_full's 32-byte ones. */
START_TEST(rule_atom_multiples_per_configuration)
{
    conv_on("nv_medium_512", 5, 33, 8);
    W(CDMA_D_WEIGHT_BYTES, 264);
    W(CSC_D_WEIGHT_BYTES, 264);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_WEIGHT_BYTES, "CDMA D_WEIGHT_BYTES = 264 is not a multiple of the "
                "32-byte CBUF entry of nv_medium_512 (round up to 288");
    conv_on("nv_medium_512", 5, 33, 8);
    W(CDMA_D_WEIGHT_BYTES, 272);
    W(CSC_D_WEIGHT_BYTES, 272);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_WEIGHT_BYTES, "CDMA D_WEIGHT_BYTES = 272 is not a multiple of the "
                "32-byte CBUF entry of nv_medium_512 (round up to 288");
    conv_on("nv_large", 5, 33, 5);
    W(CDMA_D_WEIGHT_BYTES, 288);   /* 9 x 32: whole atoms, 4.5 of nv_large's 64-byte entries */
    W(CSC_D_WEIGHT_BYTES, 288);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_WEIGHT_BYTES, "CDMA D_WEIGHT_BYTES = 288 is not a multiple of the "
                "64-byte CBUF entry of nv_large (round up to 320");
    conv_on("nv_medium_512", 5, 33, 8);
    W(CDMA_D_LINE_STRIDE, 0x110);
    expect_clean(NVDLA_UNIT_CDMA);
    conv_on("nv_medium_1024_full", 5, 33, 10);
    W(CDMA_D_DAIN_ADDR_LOW_0, 0x80000010);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_ATOM_ALIGN, "CDMA input feature cube: base 0x80000010, line stride "
                "0x100, surface stride 0x400: each must be a multiple of the 32-byte memory atom");
}
END_TEST

/* 64 x 3 x 64 input: 64 x 8 = 512 entries a slice, 1,536 entries: 3 banks of 512. */
START_TEST(rule_data_banks)
{
    legal_conv();
    W(CDMA_D_DATAIN_SIZE_0, 2 << 16 | 63);
    W(CDMA_D_DATAIN_SIZE_1, 63);
    W(CSC_D_DATAIN_SIZE_EXT_0, 2 << 16 | 63);
    W(CSC_D_DATAIN_SIZE_EXT_1, 63);
    W(CSC_D_DATAOUT_SIZE_0, 2 << 16 | 63);
    W(CSC_D_ATOMICS, 64 * 3 - 1);
    W(CDMA_D_WEIGHT_SIZE_0, 63);
    W(CSC_D_WEIGHT_SIZE_EXT_1, 7 << 16 | 63);
    W(CDMA_D_WEIGHT_BYTES, 512);
    W(CSC_D_WEIGHT_BYTES, 512);
    W(CDMA_D_LINE_STRIDE, 512);
    W(CDMA_D_SURF_STRIDE, 1536);
    W(CDMA_D_ENTRY_PER_SLICE, 511);
    W(CSC_D_ENTRY_PER_SLICE, 511);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_DATA_BANKS, "512 entries per slice x 3 rows = 1536 entries need 3 banks");
    W(CDMA_D_BANK, 1 << 16 | 2);
    W(CSC_D_BANK, 1 << 16 | 2);
    expect_clean(NVDLA_UNIT_CDMA);
}
END_TEST

START_TEST(rule_bank_count)
{
    legal_conv();
    W(CDMA_D_BANK, 30 << 16 | 1);   /* 2 + 31 banks */
    W(CSC_D_BANK, 30 << 16 | 1);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_BANK_COUNT, "2 data + 31 weight banks, nv_small has 32");
    legal_conv();
    W(CSC_D_BANK, 2 << 16 | 0);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_BANK_COUNT, "CSC D_BANK = 0x20000 but CDMA D_BANK = 0x10000");
}
END_TEST

START_TEST(rule_weight_bytes)
{
    legal_conv();
    /* 8 kernels of 1x1x10 are 80 bytes; 84 covers them but is no whole number of 8-byte atoms */
    W(CDMA_D_WEIGHT_BYTES, 84);
    W(CSC_D_WEIGHT_BYTES, 84);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_WEIGHT_BYTES, "CDMA D_WEIGHT_BYTES = 84 is not a multiple of the 8-byte "
                "CBUF entry of nv_small (round up to 88");
}
END_TEST

/* The hand-written A8B8G8R8 layer of hw-observed nv_small/img_abgr_1: 2x2
 * pixels of 4 channels, CDMA pad left 1: a padded line is 3 x 4 = 12 bytes,
 * two 8-byte entries; the real RTL wrote one wrong output with one. */
static void image_abgr(uint32_t entries)
{
    W(CDMA_D_MISC_CFG, 0);
    W(CSC_D_MISC_CFG, 0);
    W(CMAC_A_D_MISC_CFG, 0);
    W(CMAC_B_D_MISC_CFG, 0);
    W(CACC_D_MISC_CFG, 0);
    W(CDMA_D_DATAIN_FORMAT, 1u | 12u << 8);
    W(CSC_D_DATAIN_FORMAT, 1);
    W(CDMA_D_DATAIN_SIZE_0, 1 << 16 | 1);
    W(CDMA_D_DATAIN_SIZE_1, 3);
    W(CSC_D_DATAIN_SIZE_EXT_0, 1 << 16 | 1);
    W(CSC_D_DATAIN_SIZE_EXT_1, 3);
    W(CDMA_D_PIXEL_OFFSET, 1);
    W(CDMA_D_DAIN_ADDR_LOW_0, 0x80000000);
    W(CDMA_D_LINE_STRIDE, 32);
    W(CDMA_D_DAIN_RAM_TYPE, 1);
    W(CDMA_D_WEIGHT_RAM_TYPE, 1);
    W(CDMA_D_WEIGHT_ADDR_LOW, 0x80002000);
    W(CDMA_D_WEIGHT_BYTES, 32);
    W(CSC_D_WEIGHT_BYTES, 32);
    W(CDMA_D_WEIGHT_SIZE_0, 7);
    W(CDMA_D_WEIGHT_SIZE_1, 0);
    W(CSC_D_WEIGHT_SIZE_EXT_0, 0);
    W(CSC_D_WEIGHT_SIZE_EXT_1, 7);
    W(CSC_D_DATAOUT_SIZE_0, 1 << 16 | 1);
    W(CSC_D_DATAOUT_SIZE_1, 0);
    W(CDMA_D_ZERO_PADDING, 1);
    W(CDMA_D_CVT_CFG, 1);
    W(CDMA_D_CVT_SCALE, 1);
    W(CDMA_D_ENTRY_PER_SLICE, entries - 1);
    W(CSC_D_ENTRY_PER_SLICE, entries - 1);
    W(CDMA_D_BANK, 0);
    W(CSC_D_BANK, 0);
}

START_TEST(rule_entry_per_slice_image)
{
    image_abgr(2);
    expect_clean(NVDLA_UNIT_CDMA);
    image_abgr(1);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_ENTRY_PER_SLICE, "CDMA D_ENTRY_PER_SLICE = 0 (1 entries) for a 2-pixel "
                "image line with 4 channels and pads 1/0: the CDMA stores 12 bytes a line in 8-byte CBUF entries "
                "on nv_small, 2 entries (ENTRIES = 1)");
}
END_TEST

/* A8B8G8R8 on nv_small: 2 pixels an 8-byte atom, offsets 0..1 */
START_TEST(rule_pixel_x_offset)
{
    image_abgr(2);
    W(CDMA_D_PIXEL_OFFSET, 2);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_PIXEL_X_OFFSET, "PIXEL_X_OFFSET = 2 with pixel format 12 (4 bytes a "
                "pixel): the 8-byte memory atom of nv_small holds 2 pixels, so the offset must be 0..1");
    W(CDMA_D_PIXEL_OFFSET, 1);
    expect_clean(NVDLA_UNIT_CDMA);
}
END_TEST

START_TEST(rule_csc_atomics)
{
    legal_conv();
    /* the reset value: 2 atomic operations for a 4x3 output */
    W(CSC_D_ATOMICS, 1);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_CSC_ATOMICS, "CSC D_ATOMICS = 1, but the 4x3 output (CSC "
                "D_DATAOUT_SIZE_0) takes 12 atomic operations: write 11");
    W(CSC_D_ATOMICS, 12);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_CSC_ATOMICS, "CSC D_ATOMICS = 12");
    /* the right count passes */
    W(CSC_D_ATOMICS, 11);
    expect_clean(NVDLA_UNIT_CDMA);
}
END_TEST

START_TEST(rule_flush_wait)
{
    legal_conv();
    pc.cbuf_flushed = 0;
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_FLUSH_WAIT, "before CDMA S_CBUF_FLUSH_STATUS read FLUSH_DONE = 1");
}
END_TEST

START_TEST(rule_data_use)
{
    legal_sdp();
    /* BS on, ALU not bypassed from memory, MUL bypassed: the stream carries the ALU operand only */
    W(SDP_D_DP_BS_CFG, 0x10);         /* BS_BYPASS 0, ALU_BYPASS 0, MUL_BYPASS 1 */
    W(SDP_D_DP_BS_ALU_CFG, 1);        /* ALU_SRC = MEM */
    W(SDP_RDMA_D_BS_BASE_ADDR_LOW, 0x80200000);
    W(SDP_RDMA_D_BS_SURFACE_STRIDE, 8);
    W(SDP_RDMA_D_BRDMA_CFG, 1 << 5 | 0x2 << 1);   /* DISABLE 0, DATA_USE BOTH, one byte, per kernel, MC */
    expect_only(NVDLA_UNIT_SDP, NVDLA_RULE_DATA_USE, "SDP_RDMA D_BRDMA_CFG DATA_USE = BOTH, but the BS stage takes "
                "only the ALU operand from memory (DATA_USE = ALU)");
    W(SDP_RDMA_D_BRDMA_CFG, 1 << 5 | 0x1 << 1);   /* DATA_USE ALU, MC */
    expect_clean(NVDLA_UNIT_SDP);
    /* a stream read for a stage that takes nothing from memory */
    W(SDP_D_DP_BS_ALU_CFG, 0);
    expect_only(NVDLA_UNIT_SDP, NVDLA_RULE_DATA_USE, "SDP_RDMA D_BRDMA_CFG is read (DISABLE = 0) but the BS stage "
                "takes no operand from memory");
}
END_TEST

/* make test-strength found the twin pooling whatever these said; the real
 * nv_small RTL hangs on both (hw-observed strength_pdp_*). */
START_TEST(rule_pdp_out_channel)
{
    legal_pdp();
    W(PDP_D_DATA_CUBE_OUT_CHANNEL, 0x27);
    expect_only(NVDLA_UNIT_PDP, NVDLA_RULE_PDP_OUT_CHANNEL, "D_DATA_CUBE_OUT_CHANNEL = 0x27 (40 channels, 5 surfaces");
    W(PDP_D_DATA_CUBE_OUT_CHANNEL, 6);   /* 7 channels: the input's one surface, bit-exact on the RTL */
    expect_clean(NVDLA_UNIT_PDP);
}
END_TEST

START_TEST(rule_pdp_rdma_split)
{
    legal_pdp();
    W(PDP_RDMA_D_OPERATION_MODE_CFG, 2);
    expect_only(NVDLA_UNIT_PDP, NVDLA_RULE_PDP_RDMA_SPLIT, "SPLIT_NUM = 2 but PDP's is 0");
}
END_TEST

/* make test-strength-rtl: mutants of shipped traces the twin passed and the
 * real nv_small RTL hung on or wrote other bytes for (docs/test-strength.md). */
START_TEST(rule_conv_weight_kernels)
{
    legal_conv();
    W(CDMA_D_WEIGHT_SIZE_1, 6);   /* the CDMA loads 7 kernels, the CSC computes 8: hangs */
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_CONV_KERNELS, "WEIGHT_KERNEL = 7 (8 kernels) but CDMA");
    W(CDMA_D_WEIGHT_SIZE_1, 8);   /* one more loaded than computed: the RTL wrote the same bytes */
    expect_clean(NVDLA_UNIT_CDMA);
}
END_TEST

START_TEST(rule_weight_keep)
{
    legal_conv();
    W(CSC_D_MISC_CFG, NVDLA_CSC_D_MISC_CFG_SKIP_WEIGHT_RLS_MASK);   /* 80 bytes in 2 banks of 4 KiB: fits */
    expect_clean(NVDLA_UNIT_CDMA);
    W(CDMA_D_BANK, 0);
    W(CSC_D_BANK, 0);
    W(CDMA_D_WEIGHT_BYTES, 4104);
    W(CSC_D_WEIGHT_BYTES, 4104);
    expect_has(NVDLA_UNIT_CDMA, NVDLA_RULE_WEIGHT_KEEP, "D_WEIGHT_BYTES = 4104 exceed the 1 weight bank");
    W(CSC_D_MISC_CFG, 0);   /* released as the CSC goes: streams through the one bank */
    check(NVDLA_UNIT_CDMA);
    for (int i = 0; i < 16; i++)
        ck_assert_int_ne(v[i].rule, NVDLA_RULE_WEIGHT_KEEP);
}
END_TEST

START_TEST(rule_y_extension)
{
    legal_conv();
    W(CSC_D_POST_Y_EXTENSION, 1);   /* a 1x1 kernel: the RTL wrote the same bytes */
    expect_clean(NVDLA_UNIT_CDMA);
    W(CSC_D_WEIGHT_SIZE_EXT_0, 2 << 16);   /* 3 rows: other bytes */
    expect_has(NVDLA_UNIT_CDMA, NVDLA_RULE_Y_EXTENSION, "Y_EXTENSION = 1 in a feature convolution with a 3-row");
}
END_TEST

START_TEST(rule_pdp_rdma_split_stripes)
{
    legal_pdp();
    W(PDP_RDMA_D_OPERATION_MODE_CFG, 1);   /* two stripes on both */
    W(PDP_D_OPERATION_MODE_CFG, 1 << 8 | 1 << 4 | 1);
    W(PDP_D_PARTIAL_WIDTH_IN, 1 << 10 | 1);
    W(PDP_RDMA_D_PARTIAL_WIDTH_IN, 1 << 10 | 1);
    W(PDP_RDMA_D_PARTIAL_WIDTH_IN, 1 << 10 | 2);
    expect_has(NVDLA_UNIT_PDP, NVDLA_RULE_PDP_RDMA_SPLIT, "PARTIAL_WIDTH_IN_FIRST = 2 but PDP's is 1");
    W(PDP_RDMA_D_PARTIAL_WIDTH_IN, 7u << 20 | 1 << 10 | 1);   /* no middle stripe of two: unused */
    W(PDP_RDMA_D_POOLING_KERNEL_CFG, 0 << 4 | 1);
    expect_has(NVDLA_UNIT_PDP, NVDLA_RULE_PDP_RDMA_SPLIT, "KERNEL_STRIDE_WIDTH = 0 but PDP's is 1");
    check(NVDLA_UNIT_PDP);
    for (int i = 0; i < 16; i++)
        ck_assert_msg(!strstr(v[i].detail, "PARTIAL_WIDTH_IN_MID"), "%s", v[i].detail);
}
END_TEST

START_TEST(rule_output_overlap)
{
    legal_sdp();
    W(SDP_RDMA_D_DATA_CUBE_CHANNEL, 15);   /* two surfaces of 3 lines of 32 bytes in 96 */
    W(SDP_D_DATA_CUBE_CHANNEL, 15);
    expect_clean(NVDLA_UNIT_SDP);
    W(SDP_D_DST_SURFACE_STRIDE, 88);
    expect_only(NVDLA_UNIT_SDP, NVDLA_RULE_OUTPUT_OVERLAP, "surface stride 0x58 below the 0x60 bytes");
    W(SDP_D_DST_SURFACE_STRIDE, 96);
    W(SDP_D_DST_LINE_STRIDE, 24);
    expect_only(NVDLA_UNIT_SDP, NVDLA_RULE_OUTPUT_OVERLAP, "line stride 0x18 below a line's 0x20 bytes");
}
END_TEST

/* The geometry of the observed hang pdp_1_51: 15x11 input, 1x6 windows,
 * stride 1x5, pad top 4, bottom 5 -> 15x3. The last window (rows 6..11 of
 * the padded plane, starting at 2 x 5 - 4 = 6) needs one padded row; the
 * bottom pad of 5 is spent as floor(5 / 5) = 1 flush row on top of the
 * window still open at the last input row: 4 rows a surface where 3 are
 * programmed. With two surfaces (16 channels) the extra row lands in the
 * next surface (with one, it would fall off the end of the cube unseen). */
START_TEST(rule_pdp_geometry)
{
    legal_pdp();
    W(PDP_RDMA_D_DATA_CUBE_IN_CHANNEL, 15);
    W(PDP_D_DATA_CUBE_IN_CHANNEL, 15);
    W(PDP_D_DATA_CUBE_OUT_CHANNEL, 15);
    W(PDP_RDMA_D_DATA_CUBE_IN_WIDTH, 14);
    W(PDP_RDMA_D_DATA_CUBE_IN_HEIGHT, 10);
    W(PDP_RDMA_D_SRC_LINE_STRIDE, 120);
    W(PDP_RDMA_D_SRC_SURFACE_STRIDE, 1320);
    W(PDP_RDMA_D_POOLING_KERNEL_CFG, 0);
    W(PDP_D_DATA_CUBE_IN_WIDTH, 14);
    W(PDP_D_DATA_CUBE_IN_HEIGHT, 10);
    W(PDP_D_DATA_CUBE_OUT_WIDTH, 14);
    W(PDP_D_DATA_CUBE_OUT_HEIGHT, 2);
    W(PDP_D_POOLING_KERNEL_CFG, 4 << 20 | 0 << 16 | 5 << 8 | 0);
    W(PDP_D_POOLING_PADDING_CFG, 5 << 12 | 4 << 4);
    W(PDP_D_DST_LINE_STRIDE, 120);
    W(PDP_D_DST_SURFACE_STRIDE, 360);
    int n = check(NVDLA_UNIT_PDP);
    ck_assert_msg(n == 1 && v[0].rule == NVDLA_RULE_PDP_GEOMETRY, "%d violations, first %s: %s", n,
                  n ? nvdla_prog_rules[v[0].rule].name : "-", v[0].detail);
    ck_assert_msg(strstr(v[0].detail, "PDP: surface end: the hardware emits 4 line(s) per surface for out_h 3") != NULL,
                  "%s", v[0].detail);
    /* a bottom pad the last window uses exactly (1 row) is fine */
    W(PDP_D_POOLING_PADDING_CFG, 1 << 12 | 4 << 4);
    expect_clean(NVDLA_UNIT_PDP);
}
END_TEST

/* 5 wide, kernel 2, stride 2 -> 2 windows [0, 2), [2, 4): column 4 is read
 * after the last output (hw-observed pdp_1_135 hangs so); a pad_right of 1
 * and a third output column cover it. */
START_TEST(rule_pdp_trailing_input)
{
    legal_pdp();
    W(PDP_RDMA_D_DATA_CUBE_IN_WIDTH, 4);
    W(PDP_RDMA_D_SRC_LINE_STRIDE, 40);
    W(PDP_RDMA_D_SRC_SURFACE_STRIDE, 160);
    W(PDP_D_DATA_CUBE_IN_WIDTH, 4);
    expect_only(NVDLA_UNIT_PDP, NVDLA_RULE_PDP_TRAILING_INPUT,
                "PDP reads 1 column(s) right of the last window (in_w 5, kernel_w 2, stride_w 2, pad_left 0, "
                "out_w 2) from memory after its last output");
    W(PDP_RDMA_D_DATA_CUBE_IN_HEIGHT, 4);
    W(PDP_RDMA_D_SRC_SURFACE_STRIDE, 200);
    W(PDP_D_DATA_CUBE_IN_HEIGHT, 4);
    expect_only(NVDLA_UNIT_PDP, NVDLA_RULE_PDP_TRAILING_INPUT,
                " and 1 row(s) below the last window (in_h 5, kernel_h 2, stride_h 2, pad_top 0, out_h 2)");
    W(PDP_D_POOLING_PADDING_CFG, 1 << 12 | 1 << 8);
    W(PDP_D_DATA_CUBE_OUT_WIDTH, 2);
    W(PDP_D_DATA_CUBE_OUT_HEIGHT, 2);
    W(PDP_D_DST_LINE_STRIDE, 24);
    W(PDP_D_DST_SURFACE_STRIDE, 72);
    expect_clean(NVDLA_UNIT_PDP);
}
END_TEST

/* 17x5x8, kernel 1x5, stride 1x1 -> 17x1: five output lines open, one
 * bank of 16 pixels each (hw-observed nv_medium_512/pdp_3703_156 hangs so;
 * 16 wide completed on that RTL, as does stride_h 2: 3 lines, 32 pixels). */
START_TEST(rule_pdp_line_buffer)
{
    legal_pdp();
    W(PDP_RDMA_D_DATA_CUBE_IN_WIDTH, 16);
    W(PDP_RDMA_D_DATA_CUBE_IN_HEIGHT, 4);
    W(PDP_RDMA_D_SRC_LINE_STRIDE, 136);
    W(PDP_RDMA_D_SRC_SURFACE_STRIDE, 680);
    W(PDP_RDMA_D_POOLING_KERNEL_CFG, 0);
    W(PDP_D_DATA_CUBE_IN_WIDTH, 16);
    W(PDP_D_DATA_CUBE_IN_HEIGHT, 4);
    W(PDP_D_DATA_CUBE_OUT_WIDTH, 16);
    W(PDP_D_DATA_CUBE_OUT_HEIGHT, 0);
    W(PDP_D_POOLING_KERNEL_CFG, 4 << 8);
    W(PDP_D_DST_LINE_STRIDE, 136);
    W(PDP_D_DST_SURFACE_STRIDE, 136);
    expect_only(NVDLA_UNIT_PDP, NVDLA_RULE_PDP_LINE_BUFFER,
                "PDP output line 17 pixels wide, but kernel_h 5 at stride_h 1 keeps 5 output lines open and the "
                "line buffer holds 16 pixels a line");
    W(PDP_D_POOLING_KERNEL_CFG, 1 << 20 | 4 << 8);   /* stride_h 2: 3 lines, two banks */
    expect_clean(NVDLA_UNIT_PDP);
    W(PDP_D_POOLING_KERNEL_CFG, 4 << 8);
    W(PDP_RDMA_D_DATA_CUBE_IN_WIDTH, 15);   /* 16 wide fits one bank */
    W(PDP_D_DATA_CUBE_IN_WIDTH, 15);
    W(PDP_D_DATA_CUBE_OUT_WIDTH, 15);
    expect_clean(NVDLA_UNIT_PDP);
}
END_TEST

START_TEST(rule_atom_align)
{
    legal_sdp();
    W(SDP_D_DST_BASE_ADDR_LOW, 0x80100004);
    expect_only(NVDLA_UNIT_SDP, NVDLA_RULE_ATOM_ALIGN, "SDP output cube: base 0x80100004, line stride 0x20, surface "
                "stride 0x60: each must be a multiple of the 8-byte memory atom");
    legal_pdp();
    W(PDP_RDMA_D_SRC_LINE_STRIDE, 36);
    expect_only(NVDLA_UNIT_PDP, NVDLA_RULE_ATOM_ALIGN, "PDP_RDMA input cube: base 0x80000000, line stride 0x24");
}
END_TEST

/* RAM type CV (the reset value) names SRAMIF: refused where the
 * configuration has none, the same layer is clean on nv_large. */
START_TEST(rule_ram_type)
{
    legal_sdp();
    W(SDP_RDMA_D_SRC_DMA_CFG, 0);
    expect_only(NVDLA_UNIT_SDP, NVDLA_RULE_RAM_TYPE, "SDP_RDMA input cube: RAM type CV (0, the reset value) selects "
                "the SRAMIF memory, but nv_small has no SRAMIF: write MC (1)");
    legal_conv();
    W(CDMA_D_WEIGHT_RAM_TYPE, 0);
    expect_only(NVDLA_UNIT_CDMA, NVDLA_RULE_RAM_TYPE, "CDMA weights (D_WEIGHT_RAM_TYPE): RAM type CV");
    setup();
    pc.cfg = nvdla_config_find("nv_large");
    nvdla_regfile_set_config(&rf, pc.cfg);
    legal_sdp();
    W(SDP_D_DST_LINE_STRIDE, 128);   /* 4 atoms of 32 bytes a line on nv_large */
    W(SDP_D_DST_SURFACE_STRIDE, 384);
    W(SDP_RDMA_D_SRC_DMA_CFG, 0);
    expect_clean(NVDLA_UNIT_SDP);
}
END_TEST

START_TEST(rule_layer_program)
{
    legal_sdp();
    W(SDP_D_DATA_CUBE_WIDTH, 4);   /* SDP and SDP_RDMA disagree on the cube */
    int n = check(NVDLA_UNIT_SDP);
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(v[0].rule, NVDLA_RULE_MODEL);
    ck_assert_msg(strncmp(v[0].detail, "SDP: ", 5) == 0, "%s", v[0].detail);
    legal_pdp();
    W(PDP_D_DATA_CUBE_OUT_WIDTH, 2);   /* 3 outputs where the windows give 2 */
    n = check(NVDLA_UNIT_PDP);
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(v[0].rule, NVDLA_RULE_MODEL);
}
END_TEST

START_TEST(rule_table_and_names)
{
    for (int i = 0; i < NVDLA_RULE_COUNT; i++) {
        const struct nvdla_prog_rule_desc *d = &nvdla_prog_rules[i];
        ck_assert_msg(d->name && d->registers && d->hardware && d->source && d->checked_on && *d->name &&
                          *d->hardware && *d->checked_on,
                      "rule %d incomplete", i);
        ck_assert_int_eq(nvdla_prog_rule_find(d->name), i);
        for (int j = 0; j < i; j++)
            ck_assert_str_ne(nvdla_prog_rules[j].name, d->name);
    }
    ck_assert_int_eq(nvdla_prog_rule_find("no-such-rule"), -1);
}
END_TEST

static Suite *prog_suite(void)
{
    Suite *s = suite_create("nvdla_prog_check");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, legal_layers_pass);
    tcase_add_test(tc, rule_pdp_out_channel);
    tcase_add_test(tc, rule_pdp_rdma_split);
    tcase_add_test(tc, rule_pdp_rdma_split_stripes);
    tcase_add_test(tc, rule_conv_weight_kernels);
    tcase_add_test(tc, rule_weight_keep);
    tcase_add_test(tc, rule_y_extension);
    tcase_add_test(tc, rule_output_overlap);
    tcase_add_test(tc, rule_entry_per_slice);
    tcase_add_test(tc, rule_entry_per_slice_per_configuration);
    tcase_add_test(tc, rule_atom_multiples_per_configuration);
    tcase_add_test(tc, rule_data_banks);
    tcase_add_test(tc, rule_bank_count);
    tcase_add_test(tc, rule_weight_bytes);
    tcase_add_test(tc, rule_entry_per_slice_image);
    tcase_add_test(tc, rule_pixel_x_offset);
    tcase_add_test(tc, rule_csc_atomics);
    tcase_add_test(tc, rule_flush_wait);
    tcase_add_test(tc, rule_data_use);
    tcase_add_test(tc, rule_pdp_geometry);
    tcase_add_test(tc, rule_pdp_trailing_input);
    tcase_add_test(tc, rule_pdp_line_buffer);
    tcase_add_test(tc, rule_atom_align);
    tcase_add_test(tc, rule_ram_type);
    tcase_add_test(tc, rule_layer_program);
    tcase_add_test(tc, rule_table_and_names);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(prog_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
