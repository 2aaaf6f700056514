/* fault_inject: break the protocol on purpose, once, by overriding pins
 * between the DUT's evaluation and the BFMs' sampling, so a full
 * simulation shows that each checker rule really fires. The faults are
 * the same on every AXI port, CSB and APB; each family names its own in a
 * fault_table (sim_family.faults) on the ports of its port table. */
#ifndef FAULT_INJECT_H
#define FAULT_INJECT_H

#include <stdint.h>

enum fault_kind {
    FAULT_AR_UNALIGNED, FAULT_AR_4K, FAULT_AR_VALID_DROP, FAULT_AR_PAYLOAD, FAULT_AW_VALID_DROP, FAULT_AW_PAYLOAD,
    FAULT_W_LAST, FAULT_R_BAD_ID, FAULT_B_BAD_ID, FAULT_CSB_RSP, FAULT_CSB_WR_COMPLETE, FAULT_CSB_VALID_DROP,
    FAULT_APB_PAYLOAD, FAULT_APB_SEL_DROP,
    /* in reset */
    FAULT_AR_VALID_IN_RESET, FAULT_CSB_VALID_IN_RESET, FAULT_APB_SEL_IN_RESET,
    /* held for the rest of the run: a side that never answers (need a max-wait knob) */
    FAULT_AR_READY_STUCK, FAULT_R_STUCK, FAULT_CSB_RSP_STUCK, FAULT_APB_READY_STUCK
};

/* the knob a fault's rule needs set */
enum fault_needs { FAULT_NEEDS_NONE, FAULT_NEEDS_AXI_WAIT, FAULT_NEEDS_REG_WAIT };

struct fault_def {
    const char *name;           /* INJECT=name */
    const char *port;           /* an AXI port of the family's table ("dbb"), NULL: the register port */
    enum fault_kind kind;       /* FAULT_CSB_* on a CSB register port, FAULT_APB_* on APB */
    const char *rule;           /* the checker rule it must provoke */
    const char *what;           /* what it does, for INJECT=list */
    enum fault_needs needs;
};

struct fault_table {
    const char *title;          /* "NVDLA sequences and traces": INJECT=list's heading */
    const char *family;         /* "NVDLA": "this test runs the NVDLA" */
    const struct fault_def *defs;
    unsigned n;
};

struct fault_inject;
struct sim_family;

/* Every family's table (NULL-terminated), set once by the program's main:
 * INJECT=list shows them and an INJECT of another family's fault says
 * whose it is. */
void fault_inject_set_tables(const struct fault_table *const *all);
/* A fault of the family's table by name; NULL with a one-line message for
 * an unknown one, one of another family, or one breaking a bounded-wait
 * rule whose knob (AXI_MAX_WAIT / REG_MAX_WAIT, given here) is off. */
struct fault_inject *fault_inject_create(const struct fault_table *t, const char *name, uint64_t axi_max_wait,
                                        uint64_t reg_max_wait, char *errbuf, unsigned errlen);
void fault_inject_destroy(struct fault_inject *f);
/* Once per cycle after the DUT evaluated (in reset too: some faults act
 * there), on the family's pins (its port table says where each port is). */
void fault_inject_apply(struct fault_inject *f, const struct sim_family *fam, void *pins);
int fault_inject_fired(const struct fault_inject *f);
struct bfm_env;
/* End of test: a fault that never found a cycle to act fails the run
 * (NULL f: nothing to check). */
void fault_inject_final(const struct fault_inject *f, struct bfm_env *env);
/* The checker rule text each injection must provoke. */
const char *fault_inject_expected_rule(const struct fault_inject *f);
/* Every fault, family by family (fault_inject_set_tables), with the rule it provokes. */
void fault_inject_list(void);

#endif
