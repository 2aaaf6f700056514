/* nvdla_family: see nvdla_family.h. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include "nvdla_family.h"
#include "nvdla_knobs.h"
#include "nvdla_reg_describe.h"

struct nvdla_pins *nvdla_sim_pins(struct sim *s)
{
    return s->pins;
}

/* Its injectable faults (INJECT=name), on the ports of the table below. */
static const struct fault_def faults[] = {
    { "ar-unaligned", "dbb", FAULT_AR_UNALIGNED, "unaligned address", "DBBIF AR address off the bus width", FAULT_NEEDS_NONE },
    { "ar-4k", "dbb", FAULT_AR_4K, "burst crosses 4 KB boundary", "DBBIF AR burst across a 4 KB page", FAULT_NEEDS_NONE },
    { "ar-valid-drop", "dbb", FAULT_AR_VALID_DROP, "valid dropped before ready", "DBBIF arvalid low while stalled", FAULT_NEEDS_NONE },
    { "ar-payload", "dbb", FAULT_AR_PAYLOAD, "payload changed while stalled", "DBBIF araddr changes while stalled", FAULT_NEEDS_NONE },
    { "aw-valid-drop", "dbb", FAULT_AW_VALID_DROP, "valid dropped before ready", "DBBIF awvalid low while stalled", FAULT_NEEDS_NONE },
    { "aw-payload", "dbb", FAULT_AW_PAYLOAD, "payload changed while stalled", "DBBIF awaddr changes while stalled", FAULT_NEEDS_NONE },
    { "w-last", "dbb", FAULT_W_LAST, "wlast does not match awlen", "DBBIF wlast missing on a burst's last beat", FAULT_NEEDS_NONE },
    { "r-bad-id", "dbb", FAULT_R_BAD_ID, "response ID never requested", "DBBIF R beat with an unknown rid", FAULT_NEEDS_NONE },
    { "b-bad-id", "dbb", FAULT_B_BAD_ID, "response ID never requested", "DBBIF B with an unknown bid", FAULT_NEEDS_NONE },
    { "csb-rsp", NULL, FAULT_CSB_RSP, "read response with none outstanding", "CSB read data nobody asked for", FAULT_NEEDS_NONE },
    { "csb-wr-complete", NULL, FAULT_CSB_WR_COMPLETE, "more wr_complete than non-posted writes", "CSB wr_complete with no non-posted write", FAULT_NEEDS_NONE },
    { "csb-valid-drop", NULL, FAULT_CSB_VALID_DROP, "valid dropped before ready", "CSB request withdrawn while stalled", FAULT_NEEDS_NONE },
    { "ar-valid-in-reset", "dbb", FAULT_AR_VALID_IN_RESET, "valid during reset", "DBBIF arvalid high in reset", FAULT_NEEDS_NONE },
    { "csb-valid-in-reset", NULL, FAULT_CSB_VALID_IN_RESET, "valid during reset", "CSB request valid in reset", FAULT_NEEDS_NONE },
    { "ar-ready-stuck", "dbb", FAULT_AR_READY_STUCK, "ready not given within max_wait cycles", "DBBIF arready never given (needs AXI_MAX_WAIT)", FAULT_NEEDS_AXI_WAIT },
    { "r-stuck", "dbb", FAULT_R_STUCK, "no response within max_wait cycles", "DBBIF read data never delivered (needs AXI_MAX_WAIT)", FAULT_NEEDS_AXI_WAIT },
    { "csb-rsp-stuck", NULL, FAULT_CSB_RSP_STUCK, "no response within max_wait cycles", "CSB read data lost (needs REG_MAX_WAIT)", FAULT_NEEDS_REG_WAIT },
};
const struct fault_table nvdla_faults = { "NVDLA sequences and traces", "NVDLA", faults, sizeof faults / sizeof faults[0] };

const struct sim_family nvdla_family = {
    .name = "nvdla",
    .pins_size = sizeof(struct nvdla_pins),
    .reg_bus = SIM_REG_CSB,
    .reg_name = "csb",
    .reg_pins = offsetof(struct nvdla_pins, csb),
    .reg_seed = 0x1111,
    .reg_describe = nvdla_reg_describe,
    .axi = { { "dbb", offsetof(struct nvdla_pins, dbb), 0x2222, 0 },
             { "sram", offsetof(struct nvdla_pins, sram), 0x3333, 1 } },
    .n_axi = 2,
    .reset_pin = offsetof(struct nvdla_pins, rstn),
    .irq_pin = offsetof(struct nvdla_pins, dla_intr),
    .irq_name = "dla_intr",
    .mem_limit = 1,
    .faults = &nvdla_faults,
    .knobs = &nvdla_knobs,
};

/* The real nv_small core leaves reset about 4 cycles after dla_reset_rstn,
 * its falcon/partition resets about 6: below this, requests may be lost. */
#define RESET_SYNC_MARGIN 8

void nvdla_reset_hint(const struct sim *s)
{
    if (s->first_reg == UINT64_MAX || s->first_reg - s->reset_release >= RESET_SYNC_MARGIN)
        return;
    printf("hint: the DUT accepted the first CSB request %" PRIu64 " cycle%s after dla_reset_rstn rose "
           "(RESET_IDLE=%u). NVDLA tops synchronise their reset: the real nv_small core leaves reset "
           "about 4 cycles after the pin (its falcon/partition resets about 6), keeps csb2nvdla_ready "
           "high meanwhile and drops those requests, so register writes may be lost and reads never "
           "answered. Rerun with RESET_IDLE=%d (the default) or more.\n",
           s->first_reg - s->reset_release, s->first_reg - s->reset_release == 1 ? "" : "s",
           s->knobs.reset_idle, SIM_DEFAULT_RESET_IDLE);
}
