/* Unit tests of the C twin's pieces: register file semantics (ping-pong,
 * dropped writes, W1C, RO, interrupts) and the AXI manager's burst split. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "twin_axi_manager.h"
#include "twin_regfile.h"

static struct twin_regfile rf;

static void setup(void)
{
    twin_regfile_reset(&rf);
}

START_TEST(reset_values_from_table)
{
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_GLB_S_NVDLA_HW_VERSION), 0x00303031u);
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_CDMA_S_CBUF_FLUSH_STATUS), 1u);
    /* SDP BS stage bypassed at reset, BS_MUL_PRELU set */
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_SDP_D_DP_BS_CFG), 0x73u);
    ck_assert_uint_eq(twin_regfile_read(&rf, 0x3fffc), 0u);   /* hole */
}
END_TEST

START_TEST(pingpong_groups_and_dropped_writes)
{
    twin_regfile_write(&rf, NVDLA_SDP_D_DST_LINE_STRIDE, 0x100);
    twin_regfile_write(&rf, NVDLA_SDP_S_POINTER, 1);
    twin_regfile_write(&rf, NVDLA_SDP_D_DST_LINE_STRIDE, 0x200);
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_SDP_D_DST_LINE_STRIDE), 0x200u);
    twin_regfile_write(&rf, NVDLA_SDP_S_POINTER, 0);
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_SDP_D_DST_LINE_STRIDE), 0x100u);
    /* engine reads the consumer group (0) */
    ck_assert_uint_eq(twin_regfile_cfg(&rf, NVDLA_SDP_D_DST_LINE_STRIDE_IDX), 0x100u);
    twin_regfile_write(&rf, NVDLA_SDP_D_OP_ENABLE, 1);
    ck_assert(twin_regfile_op_en(&rf, NVDLA_UNIT_SDP));
    twin_regfile_write(&rf, NVDLA_SDP_D_DST_LINE_STRIDE, 0x300);   /* dropped */
    twin_regfile_write(&rf, NVDLA_SDP_D_OP_ENABLE, 0);              /* dropped too */
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_SDP_D_DST_LINE_STRIDE), 0x100u);
    ck_assert_uint_eq(rf.dropped_writes, 2);
    twin_regfile_start(&rf, NVDLA_UNIT_SDP);
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_SDP_S_STATUS), 1u);
    twin_regfile_done(&rf, NVDLA_UNIT_SDP);
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_SDP_S_STATUS), 0u);
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_SDP_D_OP_ENABLE), 0u);
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_SDP_S_POINTER), 0x10000u);   /* consumer 1 */
    /* CONSUMER is read-only */
    twin_regfile_write(&rf, NVDLA_SDP_S_POINTER, 0);
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_SDP_S_POINTER), 0x10000u);
}
END_TEST

START_TEST(interrupts_w1c_and_mask)
{
    ck_assert(!twin_regfile_intr_line(&rf));
    twin_regfile_intr(&rf, 1);
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_GLB_S_INTR_STATUS), 2u);
    ck_assert(twin_regfile_intr_line(&rf));
    twin_regfile_write(&rf, NVDLA_GLB_S_INTR_MASK, 2);   /* masked: status stays, line drops */
    ck_assert(!twin_regfile_intr_line(&rf));
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_GLB_S_INTR_STATUS), 2u);
    twin_regfile_write(&rf, NVDLA_GLB_S_INTR_STATUS, 1);  /* clears nothing set */
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_GLB_S_INTR_STATUS), 2u);
    twin_regfile_write(&rf, NVDLA_GLB_S_INTR_STATUS, 2);
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_GLB_S_INTR_STATUS), 0u);
    /* read-only registers ignore writes */
    twin_regfile_write(&rf, NVDLA_GLB_S_NVDLA_HW_VERSION, 0);
    ck_assert_uint_eq(twin_regfile_read(&rf, NVDLA_GLB_S_NVDLA_HW_VERSION), 0x00303031u);
}
END_TEST

/* Drive the manager against an always-ready, zero-latency memory and
 * record the bursts it asks for. */
START_TEST(axi_manager_splits_bursts)
{
    struct twin_axi_manager *m = twin_axi_create(8, 16, 4, 4, 3);
    static uint8_t src[300], dst[300];
    for (unsigned i = 0; i < sizeof src; i++)
        src[i] = (uint8_t)(i * 7 + 1);
    /* 300 bytes from 0xFF4: unaligned start, crosses a 4 KB page */
    twin_axi_write(m, 0xFF4, 300, src);
    struct axi_pins p;
    memset(&p, 0, sizeof p);
    p.aw_ready = p.w_ready = 1;
    unsigned bursts = 0, beats = 0, pending_b = 0;
    uint64_t first_strb = 0, last_addr = 0;
    for (int cyc = 0; cyc < 1000 && !twin_axi_writes_done(m); cyc++) {
        p.b_valid = pending_b > 0;
        p.b_id = 3;
        twin_axi_eval(m, &p);
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
        twin_axi_posedge(m, &p);
    }
    ck_assert(twin_axi_writes_done(m));
    ck_assert_uint_eq(last_addr, 0xFF0);
    ck_assert_uint_eq(first_strb, 0xF0);   /* bytes 4..7 of the first beat */
    ck_assert_uint_eq(beats, (0xFF4 + 300 - 0xFF0 + 7) / 8);
    ck_assert_uint_ge(bursts, 3);           /* page split + 16-beat limit */
    twin_axi_destroy(m);
    (void)dst;
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
    tcase_add_test(tc, axi_manager_splits_bursts);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
