/* ethosu_family: see ethosu_family.h. */
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include "ethosu_family.h"
#include "ethosu_reg_describe.h"

struct ethosu_pins *ethosu_sim_pins(struct sim *s)
{
    return s->pins;
}

struct ethosu_wd_monitor *ethosu_sim_wd(struct sim *s)
{
    return s->ext;
}

static int init(struct sim *s, char *errbuf, unsigned errlen)
{
    s->ext = calloc(1, sizeof(struct ethosu_wd_monitor));
    if (!s->ext)
        snprintf(errbuf, errlen, "out of memory");
    return s->ext ? 0 : -1;
}

static void sample(struct sim *s)
{
    ethosu_wd_monitor_sample(s->ext, s->pins, s->env.cycle);
}

static void free_ext(struct sim *s)
{
    if (s->ext)
        ethosu_wd_monitor_free(s->ext);
    free(s->ext);
    s->ext = NULL;
}

/* Its injectable faults (INJECT=name), on the ports of the table below. */
static const struct fault_def faults[] = {
    { "apb-payload", NULL, FAULT_APB_PAYLOAD, "PADDR changed while PREADY low", "APB address changes while the completer holds PREADY low", FAULT_NEEDS_NONE },
    { "apb-sel-drop", NULL, FAULT_APB_SEL_DROP, "PSEL dropped mid-transfer", "APB PSEL low in the access phase", FAULT_NEEDS_NONE },
    { "m0-aw-payload", "m0", FAULT_AW_PAYLOAD, "payload changed while stalled", "M0 AWADDR changes while stalled", FAULT_NEEDS_NONE },
    { "m0-w-last", "m0", FAULT_W_LAST, "wlast does not match awlen", "M0 WLAST missing on a burst's last beat", FAULT_NEEDS_NONE },
    { "m0-b-bad-id", "m0", FAULT_B_BAD_ID, "response ID never requested", "M0 B with an unknown BID", FAULT_NEEDS_NONE },
    { "m0-ar-payload", "m0", FAULT_AR_PAYLOAD, "payload changed while stalled", "M0 ARADDR changes while stalled", FAULT_NEEDS_NONE },
    { "m0-r-bad-id", "m0", FAULT_R_BAD_ID, "response ID never requested", "M0 R beat with an unknown RID", FAULT_NEEDS_NONE },
    { "m1-ar-4k", "m1", FAULT_AR_4K, "burst crosses 4 KB boundary", "M1 AR burst across a 4 KB page", FAULT_NEEDS_NONE },
    { "m1-ar-valid-drop", "m1", FAULT_AR_VALID_DROP, "valid dropped before ready", "M1 ARVALID low while stalled", FAULT_NEEDS_NONE },
    { "m1-r-bad-id", "m1", FAULT_R_BAD_ID, "response ID never requested", "M1 R beat with an unknown RID", FAULT_NEEDS_NONE },
    { "m1-ar-valid-in-reset", "m1", FAULT_AR_VALID_IN_RESET, "valid during reset", "M1 ARVALID high in reset", FAULT_NEEDS_NONE },
    { "apb-sel-in-reset", NULL, FAULT_APB_SEL_IN_RESET, "PSEL high during reset", "APB PSEL high in reset", FAULT_NEEDS_NONE },
    { "m1-ar-ready-stuck", "m1", FAULT_AR_READY_STUCK, "ready not given within max_wait cycles", "M1 ARREADY never given (needs AXI_MAX_WAIT)", FAULT_NEEDS_AXI_WAIT },
    { "m0-r-stuck", "m0", FAULT_R_STUCK, "no response within max_wait cycles", "M0 read data never delivered (needs AXI_MAX_WAIT)", FAULT_NEEDS_AXI_WAIT },
    { "apb-ready-stuck", NULL, FAULT_APB_READY_STUCK, "PREADY not given within max_wait cycles", "APB PREADY never given (needs REG_MAX_WAIT)", FAULT_NEEDS_REG_WAIT },
};
const struct fault_table ethosu_faults = { "Ethos-U65 (ethosu/<name>)", "Ethos-U65", faults, sizeof faults / sizeof faults[0] };

/* Its knobs are judged by knobs.csv's applies column alone (ETHOSU_CONFIG's
 * values are the table's choices): no hooks. */
static const struct sim_knobs_family ethosu_knobs = { "ethosu", NULL, NULL };

const struct sim_family ethosu_family = {
    .name = "ethosu",
    .pins_size = sizeof(struct ethosu_pins),
    .reg_bus = SIM_REG_APB,
    .reg_name = "apb",
    .reg_pins = offsetof(struct ethosu_pins, apb),
    .reg_seed = 0x4444,
    .reg_describe = ethosu_reg_describe,
    .axi = { { "m0", offsetof(struct ethosu_pins, m0), 0x5555, 0 },
             { "m1", offsetof(struct ethosu_pins, m1), 0x5556, 0 } },
    .n_axi = 2,
    .reset_pin = offsetof(struct ethosu_pins, nreset),
    .irq_pin = offsetof(struct ethosu_pins, irq),
    .irq_name = "IRQ",
    .mem_limit = 0,
    .faults = &ethosu_faults,
    .knobs = &ethosu_knobs,
    .init = init,
    .sample = sample,
    .free = free_ext,
};
