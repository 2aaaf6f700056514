/* fault_inject: see fault_inject.h. Each fault waits for the first cycle
 * where it can act, fires once (two cycles for the stall-based ones) and
 * leaves the pins alone afterwards. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fault_inject.h"

enum fault_kind {
    F_AR_UNALIGNED, F_AR_4K, F_AR_VALID_DROP, F_AR_PAYLOAD, F_W_LAST, F_R_BAD_ID,
    F_B_BAD_ID, F_CSB_RSP, F_CSB_WR_COMPLETE, F_CSB_VALID_DROP
};

static const struct {
    const char *name;
    enum fault_kind kind;
    const char *rule;
    const char *what;
} faults[] = {
    { "ar-unaligned", F_AR_UNALIGNED, "unaligned address", "DBBIF AR address off the bus width" },
    { "ar-4k", F_AR_4K, "burst crosses 4 KB boundary", "DBBIF AR burst across a 4 KB page" },
    { "ar-valid-drop", F_AR_VALID_DROP, "valid dropped before ready", "DBBIF arvalid low while stalled" },
    { "ar-payload", F_AR_PAYLOAD, "payload changed while stalled", "DBBIF araddr changes while stalled" },
    { "w-last", F_W_LAST, "wlast does not match awlen", "DBBIF wlast missing on a burst's last beat" },
    { "r-bad-id", F_R_BAD_ID, "response ID never requested", "DBBIF R beat with an unknown rid" },
    { "b-bad-id", F_B_BAD_ID, "response ID never requested", "DBBIF B with an unknown bid" },
    { "csb-rsp", F_CSB_RSP, "read response with none outstanding", "CSB read data nobody asked for" },
    { "csb-wr-complete", F_CSB_WR_COMPLETE, "more wr_complete than non-posted writes",
      "CSB wr_complete with no non-posted write" },
    { "csb-valid-drop", F_CSB_VALID_DROP, "valid dropped before ready", "CSB request withdrawn while stalled" },
};
#define N_FAULTS (sizeof faults / sizeof faults[0])

struct fault_inject {
    unsigned idx;
    int phase;          /* 0 waiting, 1 first cycle done (two-cycle faults), 2 fired */
};

void fault_inject_list(void)
{
    printf("injectable faults (--inject NAME / INJECT=NAME):\n");
    for (unsigned i = 0; i < N_FAULTS; i++)
        printf("  %-16s %s -> checker rule '%s'\n", faults[i].name, faults[i].what, faults[i].rule);
}

struct fault_inject *fault_inject_create(const char *rule, char *errbuf, unsigned errlen)
{
    for (unsigned i = 0; i < N_FAULTS; i++)
        if (!strcmp(rule, faults[i].name)) {
            struct fault_inject *f = calloc(1, sizeof *f);
            if (!f) {
                snprintf(errbuf, errlen, "out of memory");
                return NULL;
            }
            f->idx = i;
            return f;
        }
    snprintf(errbuf, errlen, "unknown fault '%s' (--inject list shows them)", rule);
    return NULL;
}

void fault_inject_destroy(struct fault_inject *f)
{
    free(f);
}

int fault_inject_fired(const struct fault_inject *f)
{
    return f->phase == 2;
}

const char *fault_inject_expected_rule(const struct fault_inject *f)
{
    return faults[f->idx].rule;
}

void fault_inject_apply(struct fault_inject *f, struct nvdla_pins *p)
{
    if (f->phase == 2)
        return;
    struct axi_pins *a = &p->dbb;
    switch (faults[f->idx].kind) {
    case F_AR_UNALIGNED:
        if (a->ar_valid) {
            a->ar_addr |= 4;
            f->phase = 2;
        }
        break;
    case F_AR_4K:
        if (a->ar_valid) {
            a->ar_addr = (a->ar_addr | 0xFFF) - 7;   /* last beat of a page */
            a->ar_len = 3;
            f->phase = 2;
        }
        break;
    case F_AR_VALID_DROP:
    case F_AR_PAYLOAD:
        if (f->phase == 0 && a->ar_valid) {
            a->ar_ready = 0;   /* stall so the DUT must hold the request */
            f->phase = 1;
        } else if (f->phase == 1) {
            a->ar_ready = 0;
            if (faults[f->idx].kind == F_AR_VALID_DROP)
                a->ar_valid = 0;
            else
                a->ar_addr ^= 0x40;
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
        if (f->phase == 0 && p->csb.valid) {
            p->csb.ready = 0;
            f->phase = 1;
        } else if (f->phase == 1) {
            p->csb.ready = 0;
            p->csb.valid = 0;
            f->phase = 2;
        }
        break;
    }
}
