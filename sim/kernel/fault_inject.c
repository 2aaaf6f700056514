/* fault_inject: see fault_inject.h. Each fault waits for the first cycle
 * where it can act, fires once (two cycles for the stall-based ones) and
 * leaves the pins alone afterwards. The AXI faults are the same on every
 * AXI port (NVDLA's DBBIF, Ethos-U65's M0 and M1); the families' tables
 * say which act where. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "apb_pins.h"
#include "axi_pins.h"
#include "bfm_env.h"
#include "csb_pins.h"
#include "fault_inject.h"
#include "sim_family.h"

static const struct fault_table *const *all_tables;

struct fault_inject {
    const struct fault_def *def;
    int phase;          /* 0 waiting, 1 first cycle done (two-cycle faults), 2 fired,
                           4 fired and holding (stuck faults, for the rest of the run) */
};

void fault_inject_set_tables(const struct fault_table *const *all)
{
    all_tables = all;
}

void fault_inject_list(void)
{
    printf("injectable faults (--inject NAME / INJECT=NAME):\n");
    for (const struct fault_table *const *t = all_tables; t && *t; t++) {
        printf(" %s:\n", (*t)->title);
        for (unsigned i = 0; i < (*t)->n; i++)
            printf("  %-20s %s -> checker rule '%s'\n", (*t)->defs[i].name, (*t)->defs[i].what, (*t)->defs[i].rule);
    }
}

static const struct fault_def *find(const struct fault_table *t, const char *name)
{
    for (unsigned i = 0; t && i < t->n; i++)
        if (!strcmp(name, t->defs[i].name))
            return &t->defs[i];
    return NULL;
}

struct fault_inject *fault_inject_create(const struct fault_table *t, const char *name, uint64_t axi_max_wait,
                                        uint64_t reg_max_wait, char *errbuf, unsigned errlen)
{
    const struct fault_def *d = find(t, name);
    if (!d) {
        for (const struct fault_table *const *o = all_tables; o && *o; o++)
            if (*o != t && find(*o, name)) {
                snprintf(errbuf, errlen, "fault '%s' is one of the %s; this test runs the %s (--inject list shows "
                         "them)", name, (*o)->title, t->family);
                return NULL;
            }
        snprintf(errbuf, errlen, "unknown fault '%s' (--inject list shows them)", name);
        return NULL;
    }
    if ((d->needs == FAULT_NEEDS_AXI_WAIT && !axi_max_wait) || (d->needs == FAULT_NEEDS_REG_WAIT && !reg_max_wait)) {
        snprintf(errbuf, errlen, "INJECT=%s breaks the bounded-wait rule, which is off: set %s (e.g. 200)",
                 name, d->needs == FAULT_NEEDS_AXI_WAIT ? "AXI_MAX_WAIT" : "REG_MAX_WAIT");
        return NULL;
    }
    struct fault_inject *f = calloc(1, sizeof *f);
    if (!f) {
        snprintf(errbuf, errlen, "out of memory");
        return NULL;
    }
    f->def = d;
    return f;
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
    enum fault_kind k = f->def->kind;
    int reset_fault = k == FAULT_AR_VALID_IN_RESET || k == FAULT_CSB_VALID_IN_RESET || k == FAULT_APB_SEL_IN_RESET;
    return f->phase != 2 && reset_fault == in_reset;
}

void fault_inject_final(const struct fault_inject *f, struct bfm_env *env)
{
    if (f && !fault_inject_fired(f))
        bfm_fail(env, "sim", "inject", "fault never injected",
                 "expected the fault '%s' to find a cycle to act, actual none", f->def->name);
}

const char *fault_inject_expected_rule(const struct fault_inject *f)
{
    return f->def->rule;
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
    switch (f->def->kind) {
    case FAULT_AR_UNALIGNED:
        if (a->ar_valid) {
            a->ar_addr |= 4;
            f->phase = 2;
        }
        break;
    case FAULT_AR_4K:
        if (a->ar_valid) {
            a->ar_addr = (a->ar_addr | 0xFFF) + 1 - (1u << a->ar_size);   /* last beat of a page */
            a->ar_len = 3;
            f->phase = 2;
        }
        break;
    case FAULT_AR_VALID_DROP:
    case FAULT_AR_PAYLOAD:
        stall_then(f, a->ar_valid, &a->ar_ready);
        if (f->phase == 3) {
            if (f->def->kind == FAULT_AR_VALID_DROP)
                a->ar_valid = 0;
            else
                a->ar_addr ^= 0x40;
            f->phase = 2;
        }
        break;
    case FAULT_AW_VALID_DROP:
    case FAULT_AW_PAYLOAD:
        stall_then(f, a->aw_valid, &a->aw_ready);
        if (f->phase == 3) {
            if (f->def->kind == FAULT_AW_VALID_DROP)
                a->aw_valid = 0;
            else
                a->aw_addr ^= 0x40;
            f->phase = 2;
        }
        break;
    case FAULT_W_LAST:
        if (a->w_valid && a->w_last) {
            a->w_last = 0;
            f->phase = 2;
        }
        break;
    case FAULT_R_BAD_ID:
        if (a->r_valid) {
            a->r_id ^= 0x5a;
            f->phase = 2;
        }
        break;
    case FAULT_B_BAD_ID:
        if (a->b_valid) {
            a->b_id ^= 0x5a;
            f->phase = 2;
        }
        break;
    case FAULT_AR_VALID_IN_RESET:
        a->ar_valid = 1;
        f->phase = 2;
        break;
    case FAULT_AR_READY_STUCK:
        if (a->ar_valid || f->phase == 4) {
            a->ar_ready = 0;
            f->phase = 4;
        }
        break;
    case FAULT_R_STUCK:
        if (a->r_valid || f->phase == 4) {
            a->r_valid = 0;   /* the data never reaches the manager */
            f->phase = 4;
        }
        break;
    default:
        break;
    }
}

static void csb_fault(struct fault_inject *f, struct csb_pins *c)
{
    switch (f->def->kind) {
    case FAULT_CSB_VALID_IN_RESET:
        c->valid = 1;
        f->phase = 2;
        break;
    case FAULT_CSB_RSP_STUCK:
        if (c->rsp_valid || f->phase == 4) {
            c->rsp_valid = 0;   /* the read data is lost */
            f->phase = 4;
        }
        break;
    case FAULT_CSB_RSP:
        if (!c->rsp_valid && !c->valid) {
            c->rsp_valid = 1;
            f->phase = 2;
        }
        break;
    case FAULT_CSB_WR_COMPLETE:
        if (!c->wr_complete && !c->valid) {
            c->wr_complete = 1;
            f->phase = 2;
        }
        break;
    case FAULT_CSB_VALID_DROP:
        stall_then(f, c->valid, &c->ready);
        if (f->phase == 3) {
            c->valid = 0;
            f->phase = 2;
        }
        break;
    default:
        break;
    }
}

static void apb_fault(struct fault_inject *f, struct apb_pins *b)
{
    switch (f->def->kind) {
    case FAULT_APB_SEL_IN_RESET:
        b->sel = 1;
        f->phase = 2;
        break;
    case FAULT_APB_READY_STUCK:
        if ((b->sel && b->enable) || f->phase == 4) {
            b->ready = 0;
            f->phase = 4;
        }
        break;
    case FAULT_APB_PAYLOAD:
    case FAULT_APB_SEL_DROP:
        /* in an access cycle: hold PREADY low, then break the requester's side */
        stall_then(f, b->sel && b->enable, &b->ready);
        if (f->phase == 3) {
            if (f->def->kind == FAULT_APB_PAYLOAD)
                b->addr ^= 0x4;
            else
                b->sel = 0;
            f->phase = 2;
        }
        break;
    default:
        break;
    }
}

void fault_inject_apply(struct fault_inject *f, const struct sim_family *fam, void *pins)
{
    char *p = pins;
    if (!acts_now(f, !p[fam->reset_pin]))
        return;
    if (!f->def->port) {
        if (fam->reg_bus == SIM_REG_CSB)
            csb_fault(f, (struct csb_pins *)(p + fam->reg_pins));
        else
            apb_fault(f, (struct apb_pins *)(p + fam->reg_pins));
        return;
    }
    for (unsigned i = 0; i < fam->n_axi; i++)
        if (!strcmp(fam->axi[i].name, f->def->port))
            axi_fault(f, (struct axi_pins *)(p + fam->axi[i].pins));
}
