/* fault_inject: see fault_inject.h. Each fault waits for the first cycle
 * where it can act, fires once (two cycles for the stall-based ones) and
 * leaves the pins alone afterwards. The AXI faults are the same on every
 * AXI port (NVDLA's DBBIF, Ethos-U65's M0 and M1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bfm_env.h"
#include "fault_inject.h"

enum fault_port { P_DBB, P_M0, P_M1, P_CSB, P_APB };

enum fault_kind {
    F_AR_UNALIGNED, F_AR_4K, F_AR_VALID_DROP, F_AR_PAYLOAD, F_AW_VALID_DROP, F_AW_PAYLOAD, F_W_LAST,
    F_R_BAD_ID, F_B_BAD_ID, F_CSB_RSP, F_CSB_WR_COMPLETE, F_CSB_VALID_DROP, F_APB_PAYLOAD, F_APB_SEL_DROP,
    /* in reset */
    F_AR_VALID_IN_RESET, F_CSB_VALID_IN_RESET, F_APB_SEL_IN_RESET,
    /* held for the rest of the run: a side that never answers (need a max-wait knob) */
    F_AR_READY_STUCK, F_R_STUCK, F_CSB_RSP_STUCK, F_APB_READY_STUCK
};

/* the knob a fault's rule needs set */
enum fault_needs { N_NONE, N_AXI_WAIT, N_REG_WAIT };

static const struct {
    const char *name;
    enum fault_family fam;
    enum fault_port port;
    enum fault_kind kind;
    const char *rule;
    const char *what;
    enum fault_needs needs;
} faults[] = {
    { "ar-unaligned", FAULT_NVDLA, P_DBB, F_AR_UNALIGNED, "unaligned address", "DBBIF AR address off the bus width", N_NONE },
    { "ar-4k", FAULT_NVDLA, P_DBB, F_AR_4K, "burst crosses 4 KB boundary", "DBBIF AR burst across a 4 KB page", N_NONE },
    { "ar-valid-drop", FAULT_NVDLA, P_DBB, F_AR_VALID_DROP, "valid dropped before ready", "DBBIF arvalid low while stalled", N_NONE },
    { "ar-payload", FAULT_NVDLA, P_DBB, F_AR_PAYLOAD, "payload changed while stalled", "DBBIF araddr changes while stalled", N_NONE },
    { "aw-valid-drop", FAULT_NVDLA, P_DBB, F_AW_VALID_DROP, "valid dropped before ready", "DBBIF awvalid low while stalled", N_NONE },
    { "aw-payload", FAULT_NVDLA, P_DBB, F_AW_PAYLOAD, "payload changed while stalled", "DBBIF awaddr changes while stalled", N_NONE },
    { "w-last", FAULT_NVDLA, P_DBB, F_W_LAST, "wlast does not match awlen", "DBBIF wlast missing on a burst's last beat", N_NONE },
    { "r-bad-id", FAULT_NVDLA, P_DBB, F_R_BAD_ID, "response ID never requested", "DBBIF R beat with an unknown rid", N_NONE },
    { "b-bad-id", FAULT_NVDLA, P_DBB, F_B_BAD_ID, "response ID never requested", "DBBIF B with an unknown bid", N_NONE },
    { "csb-rsp", FAULT_NVDLA, P_CSB, F_CSB_RSP, "read response with none outstanding", "CSB read data nobody asked for", N_NONE },
    { "csb-wr-complete", FAULT_NVDLA, P_CSB, F_CSB_WR_COMPLETE, "more wr_complete than non-posted writes",
      "CSB wr_complete with no non-posted write", N_NONE },
    { "csb-valid-drop", FAULT_NVDLA, P_CSB, F_CSB_VALID_DROP, "valid dropped before ready", "CSB request withdrawn while stalled", N_NONE },
    { "apb-payload", FAULT_ETHOSU, P_APB, F_APB_PAYLOAD, "PADDR changed while PREADY low",
      "APB address changes while the completer holds PREADY low", N_NONE },
    { "apb-sel-drop", FAULT_ETHOSU, P_APB, F_APB_SEL_DROP, "PSEL dropped mid-transfer", "APB PSEL low in the access phase", N_NONE },
    { "m0-aw-payload", FAULT_ETHOSU, P_M0, F_AW_PAYLOAD, "payload changed while stalled", "M0 AWADDR changes while stalled", N_NONE },
    { "m0-w-last", FAULT_ETHOSU, P_M0, F_W_LAST, "wlast does not match awlen", "M0 WLAST missing on a burst's last beat", N_NONE },
    { "m0-b-bad-id", FAULT_ETHOSU, P_M0, F_B_BAD_ID, "response ID never requested", "M0 B with an unknown BID", N_NONE },
    { "m0-ar-payload", FAULT_ETHOSU, P_M0, F_AR_PAYLOAD, "payload changed while stalled", "M0 ARADDR changes while stalled", N_NONE },
    { "m0-r-bad-id", FAULT_ETHOSU, P_M0, F_R_BAD_ID, "response ID never requested", "M0 R beat with an unknown RID", N_NONE },
    { "m1-ar-4k", FAULT_ETHOSU, P_M1, F_AR_4K, "burst crosses 4 KB boundary", "M1 AR burst across a 4 KB page", N_NONE },
    { "m1-ar-valid-drop", FAULT_ETHOSU, P_M1, F_AR_VALID_DROP, "valid dropped before ready", "M1 ARVALID low while stalled", N_NONE },
    { "m1-r-bad-id", FAULT_ETHOSU, P_M1, F_R_BAD_ID, "response ID never requested", "M1 R beat with an unknown RID", N_NONE },
    /* no M1 write faults: the Ethos-U65 writes through M0 only (its DMA and outputs) */
    { "ar-valid-in-reset", FAULT_NVDLA, P_DBB, F_AR_VALID_IN_RESET, "valid during reset", "DBBIF arvalid high in reset", N_NONE },
    { "csb-valid-in-reset", FAULT_NVDLA, P_CSB, F_CSB_VALID_IN_RESET, "valid during reset", "CSB request valid in reset", N_NONE },
    { "ar-ready-stuck", FAULT_NVDLA, P_DBB, F_AR_READY_STUCK, "ready not given within max_wait cycles",
      "DBBIF arready never given (needs AXI_MAX_WAIT)", N_AXI_WAIT },
    { "r-stuck", FAULT_NVDLA, P_DBB, F_R_STUCK, "no response within max_wait cycles",
      "DBBIF read data never delivered (needs AXI_MAX_WAIT)", N_AXI_WAIT },
    { "csb-rsp-stuck", FAULT_NVDLA, P_CSB, F_CSB_RSP_STUCK, "no response within max_wait cycles",
      "CSB read data lost (needs REG_MAX_WAIT)", N_REG_WAIT },
    { "m1-ar-valid-in-reset", FAULT_ETHOSU, P_M1, F_AR_VALID_IN_RESET, "valid during reset", "M1 ARVALID high in reset", N_NONE },
    { "apb-sel-in-reset", FAULT_ETHOSU, P_APB, F_APB_SEL_IN_RESET, "PSEL high during reset", "APB PSEL high in reset", N_NONE },
    { "m1-ar-ready-stuck", FAULT_ETHOSU, P_M1, F_AR_READY_STUCK, "ready not given within max_wait cycles",
      "M1 ARREADY never given (needs AXI_MAX_WAIT)", N_AXI_WAIT },
    { "m0-r-stuck", FAULT_ETHOSU, P_M0, F_R_STUCK, "no response within max_wait cycles",
      "M0 read data never delivered (needs AXI_MAX_WAIT)", N_AXI_WAIT },
    { "apb-ready-stuck", FAULT_ETHOSU, P_APB, F_APB_READY_STUCK, "PREADY not given within max_wait cycles",
      "APB PREADY never given (needs REG_MAX_WAIT)", N_REG_WAIT },
};
#define N_FAULTS (sizeof faults / sizeof faults[0])

static const char *const family_name[] = { "NVDLA sequences and traces", "Ethos-U65 (ethosu/<name>)" };

struct fault_inject {
    unsigned idx;
    int phase;          /* 0 waiting, 1 first cycle done (two-cycle faults), 2 fired,
                           4 fired and holding (stuck faults, for the rest of the run) */
};

void fault_inject_list(void)
{
    printf("injectable faults (--inject NAME / INJECT=NAME):\n");
    for (int fam = FAULT_NVDLA; fam <= FAULT_ETHOSU; fam++) {
        printf(" %s:\n", family_name[fam]);
        for (unsigned i = 0; i < N_FAULTS; i++)
            if ((int)faults[i].fam == fam)
                printf("  %-20s %s -> checker rule '%s'\n", faults[i].name, faults[i].what, faults[i].rule);
    }
}

struct fault_inject *fault_inject_create(enum fault_family fam, const char *name, uint64_t axi_max_wait,
                                        uint64_t reg_max_wait, char *errbuf, unsigned errlen)
{
    for (unsigned i = 0; i < N_FAULTS; i++) {
        if (strcmp(name, faults[i].name))
            continue;
        if (faults[i].fam != fam) {
            snprintf(errbuf, errlen, "fault '%s' is one of the %s; this test runs the %s (--inject list shows "
                     "them)", name, family_name[faults[i].fam], fam == FAULT_NVDLA ? "NVDLA" : "Ethos-U65");
            return NULL;
        }
        if ((faults[i].needs == N_AXI_WAIT && !axi_max_wait) || (faults[i].needs == N_REG_WAIT && !reg_max_wait)) {
            snprintf(errbuf, errlen, "INJECT=%s breaks the bounded-wait rule, which is off: set %s (e.g. 200)",
                     name, faults[i].needs == N_AXI_WAIT ? "AXI_MAX_WAIT" : "REG_MAX_WAIT");
            return NULL;
        }
        struct fault_inject *f = calloc(1, sizeof *f);
        if (!f) {
            snprintf(errbuf, errlen, "out of memory");
            return NULL;
        }
        f->idx = i;
        return f;
    }
    snprintf(errbuf, errlen, "unknown fault '%s' (--inject list shows them)", name);
    return NULL;
}

void fault_inject_destroy(struct fault_inject *f)
{
    free(f);
}

int fault_inject_fired(const struct fault_inject *f)
{
    return f->phase == 2 || f->phase == 4;
}

/* The reset faults act only in reset, the others only out of it. */
static int acts_now(const struct fault_inject *f, int in_reset)
{
    enum fault_kind k = faults[f->idx].kind;
    int reset_fault = k == F_AR_VALID_IN_RESET || k == F_CSB_VALID_IN_RESET || k == F_APB_SEL_IN_RESET;
    return f->phase != 2 && reset_fault == in_reset;
}

void fault_inject_final(const struct fault_inject *f, struct bfm_env *env)
{
    if (f && !fault_inject_fired(f))
        bfm_fail(env, "sim", "inject", "fault never injected",
                 "expected the fault '%s' to find a cycle to act, actual none", faults[f->idx].name);
}

const char *fault_inject_expected_rule(const struct fault_inject *f)
{
    return faults[f->idx].rule;
}

/* Stall the channel one cycle (ready low: the manager must hold), then
 * break it while still stalled. */
static void stall_then(struct fault_inject *f, uint8_t valid, uint8_t *ready)
{
    if (f->phase == 0 && valid) {
        *ready = 0;
        f->phase = 1;
    } else if (f->phase == 1) {
        *ready = 0;
        f->phase = 3;   /* break it now (the caller), then 2 */
    }
}

static void axi_fault(struct fault_inject *f, struct axi_pins *a)
{
    switch (faults[f->idx].kind) {
    case F_AR_UNALIGNED:
        if (a->ar_valid) {
            a->ar_addr |= 4;
            f->phase = 2;
        }
        break;
    case F_AR_4K:
        if (a->ar_valid) {
            a->ar_addr = (a->ar_addr | 0xFFF) + 1 - (1u << a->ar_size);   /* last beat of a page */
            a->ar_len = 3;
            f->phase = 2;
        }
        break;
    case F_AR_VALID_DROP:
    case F_AR_PAYLOAD:
        stall_then(f, a->ar_valid, &a->ar_ready);
        if (f->phase == 3) {
            if (faults[f->idx].kind == F_AR_VALID_DROP)
                a->ar_valid = 0;
            else
                a->ar_addr ^= 0x40;
            f->phase = 2;
        }
        break;
    case F_AW_VALID_DROP:
    case F_AW_PAYLOAD:
        stall_then(f, a->aw_valid, &a->aw_ready);
        if (f->phase == 3) {
            if (faults[f->idx].kind == F_AW_VALID_DROP)
                a->aw_valid = 0;
            else
                a->aw_addr ^= 0x40;
            f->phase = 2;
        }
        break;
    case F_W_LAST:
        if (a->w_valid && a->w_last) {
            a->w_last = 0;
            f->phase = 2;
        }
        break;
    case F_R_BAD_ID:
        if (a->r_valid) {
            a->r_id ^= 0x5a;
            f->phase = 2;
        }
        break;
    case F_B_BAD_ID:
        if (a->b_valid) {
            a->b_id ^= 0x5a;
            f->phase = 2;
        }
        break;
    case F_AR_VALID_IN_RESET:
        a->ar_valid = 1;
        f->phase = 2;
        break;
    case F_AR_READY_STUCK:
        if (a->ar_valid || f->phase == 4) {
            a->ar_ready = 0;
            f->phase = 4;
        }
        break;
    case F_R_STUCK:
        if (a->r_valid || f->phase == 4) {
            a->r_valid = 0;   /* the data never reaches the manager */
            f->phase = 4;
        }
        break;
    default:
        break;
    }
}

void fault_inject_apply(struct fault_inject *f, struct nvdla_pins *p)
{
    if (!acts_now(f, !p->rstn))
        return;
    switch (faults[f->idx].kind) {
    case F_CSB_VALID_IN_RESET:
        p->csb.valid = 1;
        f->phase = 2;
        break;
    case F_CSB_RSP_STUCK:
        if (p->csb.rsp_valid || f->phase == 4) {
            p->csb.rsp_valid = 0;   /* the read data is lost */
            f->phase = 4;
        }
        break;
    case F_CSB_RSP:
        if (!p->csb.rsp_valid && !p->csb.valid) {
            p->csb.rsp_valid = 1;
            f->phase = 2;
        }
        break;
    case F_CSB_WR_COMPLETE:
        if (!p->csb.wr_complete && !p->csb.valid) {
            p->csb.wr_complete = 1;
            f->phase = 2;
        }
        break;
    case F_CSB_VALID_DROP:
        stall_then(f, p->csb.valid, &p->csb.ready);
        if (f->phase == 3) {
            p->csb.valid = 0;
            f->phase = 2;
        }
        break;
    default:
        axi_fault(f, &p->dbb);
        break;
    }
}

void fault_inject_apply_ethosu(struct fault_inject *f, struct ethosu_pins *p)
{
    if (!acts_now(f, !p->nreset))
        return;
    struct apb_pins *b = &p->apb;
    switch (faults[f->idx].kind) {
    case F_APB_SEL_IN_RESET:
        b->sel = 1;
        f->phase = 2;
        break;
    case F_APB_READY_STUCK:
        if ((b->sel && b->enable) || f->phase == 4) {
            b->ready = 0;
            f->phase = 4;
        }
        break;
    case F_APB_PAYLOAD:
    case F_APB_SEL_DROP:
        /* in an access cycle: hold PREADY low, then break the requester's side */
        stall_then(f, b->sel && b->enable, &b->ready);
        if (f->phase == 3) {
            if (faults[f->idx].kind == F_APB_PAYLOAD)
                b->addr ^= 0x4;
            else
                b->sel = 0;
            f->phase = 2;
        }
        break;
    default:
        axi_fault(f, faults[f->idx].port == P_M1 ? &p->m1 : &p->m0);
        break;
    }
}
