/* Unit tests for apb_checker: each rule broken on purpose with pins driven
 * by hand cycle by cycle, and legal sequences (wait states, back-to-back
 * transfers, PSLVERR, don't-care pins moving while idle) that stay silent. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apb_checker.h"
#include "bfm_test_env.h"

struct h {
    struct bfm_env env;
    struct apb_pins p;
    struct apb_checker *c;
};

static struct h *h_new(void)
{
    struct h *h = calloc(1, sizeof *h);
    ck_assert_ptr_nonnull(h);
    test_env_quiet(&h->env);
    h->c = apb_checker_create("apb", &h->p, &h->env);
    ck_assert_ptr_nonnull(h->c);
    return h;
}

static void h_free(struct h *h)
{
    apb_checker_destroy(h->c);
    free(h);
}

static void cyc(struct h *h)
{
    apb_checker_sample(h->c);
    h->env.cycle++;
}

static void idle(struct h *h)
{
    h->p.sel = 0;
    h->p.enable = 0;
    h->p.ready = 0;
    cyc(h);
}

static void setup(struct h *h, uint32_t addr, int write, uint32_t wdata, uint8_t strb,
                  uint8_t prot)
{
    h->p.sel = 1;
    h->p.enable = 0;
    h->p.wakeup = 1;
    h->p.addr = addr;
    h->p.write = (uint8_t)write;
    h->p.wdata = wdata;
    h->p.strb = strb;
    h->p.prot = prot;
    h->p.ready = 0;
    cyc(h);
}

static void access_cyc(struct h *h, int ready, int slverr)
{
    h->p.enable = 1;
    h->p.ready = (uint8_t)ready;
    h->p.slverr = (uint8_t)slverr;
    cyc(h);
}

/* One complete transfer: setup, `waits` access cycles with PREADY low, then
 * the completing one. */
static void xfer(struct h *h, uint32_t addr, int write, uint32_t wdata, uint8_t strb,
                 uint8_t prot, unsigned waits)
{
    setup(h, addr, write, wdata, strb, prot);
    for (unsigned i = 0; i < waits; i++)
        access_cyc(h, 0, 0);
    access_cyc(h, 1, 0);
}

static void assert_rule(const struct h *h, const char *chan, const char *rule)
{
    char want[256];
    snprintf(want, sizeof want, "apb %s: %s: expected ", chan, rule);
    ck_assert_msg(h->env.failed >= 1, "expected a failure for '%s'", rule);
    ck_assert_msg(strstr(h->env.first_failure, want) != NULL,
                  "wanted '%s' in '%s'", want, h->env.first_failure);
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, "actual"));
}

static void assert_cycle(const struct h *h, unsigned cycle)
{
    char want[64];
    snprintf(want, sizeof want, "FAIL cycle %u: ", cycle);
    ck_assert_msg(strncmp(h->env.first_failure, want, strlen(want)) == 0,
                  "wanted '%s' in '%s'", want, h->env.first_failure);
}

START_TEST(test_penable_without_setup)
{
    /* _i = 0: PSEL and PENABLE rise together; 1: PENABLE alone. */
    struct h *h = h_new();
    idle(h);
    idle(h);
    ck_assert_int_eq(h->env.failed, 0);
    h->p.sel = (uint8_t)(_i == 0);
    h->p.wakeup = 1;
    h->p.enable = 1;
    h->p.ready = 1;
    cyc(h);
    assert_rule(h, "access", "PENABLE without setup");
    assert_cycle(h, 3);
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);
}
END_TEST

START_TEST(test_penable_after_complete)
{
    /* _i = 0: PSEL stays high too (access repeated); 1: PSEL drops. */
    struct h *h = h_new();
    xfer(h, 0x10, 1, 0x1234, 0xF, 0, 1);
    ck_assert_int_eq(h->env.failed, 0);
    h->p.sel = (uint8_t)(_i == 0);
    h->p.enable = 1;
    cyc(h);
    assert_rule(h, "access", "PENABLE high after transfer completed");
    assert_cycle(h, 4);
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, "write 0x010"));
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);
}
END_TEST

START_TEST(test_psel_dropped)
{
    /* _i = 0: right after the setup cycle; 1: while waiting for PREADY;
     * 2: PSEL and PENABLE both dropped while waiting. */
    struct h *h = h_new();
    setup(h, 0x24, 0, 0, 0, 0);
    if (_i >= 1) {
        access_cyc(h, 0, 0);
        access_cyc(h, 0, 0);
    }
    ck_assert_int_eq(h->env.failed, 0);
    h->p.sel = 0;
    if (_i == 2)
        h->p.enable = 0;
    cyc(h);
    assert_rule(h, "access", "PSEL dropped mid-transfer");
    assert_cycle(h, _i ? 4 : 2);
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, "read 0x024"));
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);
}
END_TEST

START_TEST(test_penable_dropped)
{
    struct h *h = h_new();
    setup(h, 0x24, 1, 5, 0xF, 0);
    access_cyc(h, 0, 0);
    h->p.enable = 0;
    cyc(h);
    assert_rule(h, "access", "PENABLE dropped before PREADY");
    assert_cycle(h, 3);
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);
}
END_TEST

START_TEST(test_setup_not_followed_by_access)
{
    struct h *h = h_new();
    setup(h, 0x30, 1, 5, 0xF, 0);
    setup(h, 0x30, 1, 5, 0xF, 0);
    assert_rule(h, "setup", "setup not followed by access");
    assert_cycle(h, 2);
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);
}
END_TEST

START_TEST(test_payload_changed)
{
    /* _i = field * 2 + when; when 0: changed between setup and the first
     * access cycle, 1: changed between two access cycles with PREADY low.
     * Either way it is caught in the cycle that shows the new value. */
    static const char *rule[5] = {
        "PADDR changed while PREADY low", "PWRITE changed while PREADY low",
        "PWDATA changed while PREADY low", "PSTRB changed while PREADY low",
        "PPROT changed while PREADY low",
    };
    static const char *msg[5] = {
        "expected 0x010, actual 0x014", "expected 1, actual 0",
        "expected 0x0000abcd, actual 0x0000abce", "expected 0xf, actual 0x3",
        "expected 0x2, actual 0x3",
    };
    int field = _i / 2, when = _i % 2;
    struct h *h = h_new();
    setup(h, 0x10, 1, 0xABCD, 0xF, 2);
    if (when)
        access_cyc(h, 0, 0);
    ck_assert_int_eq(h->env.failed, 0);
    switch (field) {
    case 0: h->p.addr = 0x14; break;
    case 1: h->p.write = 0; h->p.strb = 0xF; break;
    case 2: h->p.wdata = 0xABCE; break;
    case 3: h->p.strb = 0x3; break;
    case 4: h->p.prot = 3; break;
    }
    /* The change shows up in a completing cycle: still a violation. */
    access_cyc(h, 1, 0);
    assert_rule(h, "access", rule[field]);
    ck_assert_msg(strstr(h->env.first_failure, msg[field]) != NULL, "'%s' in '%s'",
                  msg[field], h->env.first_failure);
    assert_cycle(h, when ? 3 : 2);
    ck_assert_int_eq(h->env.failed, 1);     /* one failure for one change */
    /* The exact line of the documented example. */
    if (field == 0 && !when)
        ck_assert_str_eq(h->env.first_failure, "FAIL cycle 2: apb access: PADDR changed "
                         "while PREADY low: expected 0x010, actual 0x014");
    h_free(h);
}
END_TEST

START_TEST(test_several_fields_changed)
{
    /* Each changed field is its own failure. */
    struct h *h = h_new();
    setup(h, 0x10, 1, 1, 0xF, 0);
    access_cyc(h, 0, 0);
    h->p.addr = 0x20;
    h->p.wdata = 2;
    h->p.prot = 1;
    access_cyc(h, 0, 0);
    ck_assert_int_eq(h->env.failed, 3);
    assert_rule(h, "access", "PADDR changed while PREADY low");
    /* Stable from then on: no more failures. */
    access_cyc(h, 0, 0);
    access_cyc(h, 1, 0);
    ck_assert_int_eq(h->env.failed, 3);
    h_free(h);
}
END_TEST

START_TEST(test_pstrb_on_read)
{
    struct h *h = h_new();
    idle(h);
    setup(h, 0x40, 0, 0, 0x3, 0);
    assert_rule(h, "setup", "PSTRB non-zero on a read");
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, "expected PSTRB 0x0 on a read, actual 0x3"));
    assert_cycle(h, 2);
    /* Held stable through the access phase: reported once. */
    access_cyc(h, 0, 0);
    access_cyc(h, 1, 0);
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);
}
END_TEST

START_TEST(test_wakeup_low)
{
    /* _i = 0: PWAKEUP low in the setup cycle; 1: dropped in the access phase. */
    struct h *h = h_new();
    if (_i == 0) {
        h->p.wakeup = 0;
        h->p.sel = 1;
        h->p.addr = 0x50;
        h->p.write = 1;
        cyc(h);
        assert_rule(h, "setup", "PWAKEUP low during a transfer");
        assert_cycle(h, 1);
    } else {
        setup(h, 0x50, 1, 1, 0xF, 0);
        h->p.wakeup = 0;
        access_cyc(h, 1, 0);
        assert_rule(h, "access", "PWAKEUP low during a transfer");
        assert_cycle(h, 2);
    }
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, "write 0x050"));
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);
}
END_TEST

START_TEST(test_finish)
{
    struct h *h = h_new();
    char buf[200];

    setup(h, 0x60, 0, 0, 0, 0);
    access_cyc(h, 0, 0);
    access_cyc(h, 0, 0);
    apb_checker_outstanding(h->c, buf, sizeof buf);
    ck_assert_str_eq(buf, "apb: read 0x060 in progress, 2 access cycles without PREADY");
    ck_assert_int_eq(h->env.failed, 0);
    ck_assert_int_eq(apb_checker_finish(h->c), 1);
    assert_rule(h, "access", "transfer never completed");
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, "read 0x060 still waiting after 2"));
    h_free(h);

    /* Only a setup cycle seen: also unfinished. apb_checker_final is the
     * same check. */
    h = h_new();
    setup(h, 0x64, 1, 0, 0xF, 0);
    ck_assert_int_eq(apb_checker_final(h->c), 1);
    assert_rule(h, "access", "transfer never completed");
    h_free(h);

    /* Completed, or nothing at all: nothing to report. */
    h = h_new();
    ck_assert_int_eq(apb_checker_finish(h->c), 0);
    xfer(h, 0x68, 1, 0, 0xF, 0, 3);
    ck_assert_int_eq(apb_checker_finish(h->c), 0);
    idle(h);
    ck_assert_int_eq(apb_checker_finish(h->c), 0);
    apb_checker_outstanding(h->c, buf, sizeof buf);
    ck_assert_str_eq(buf, "apb: no transfer in progress");
    ck_assert_int_eq(h->env.failed, 0);
    h_free(h);
}
END_TEST

START_TEST(test_resync_after_violation)
{
    /* After a violation the checker follows the bus again: legal transfers
     * afterwards add no failures. */
    struct h *h = h_new();
    h->p.sel = 1;
    h->p.wakeup = 1;
    h->p.enable = 1;
    h->p.ready = 0;
    cyc(h);                     /* PENABLE without setup */
    access_cyc(h, 0, 0);            /* followed as an access phase: fine */
    access_cyc(h, 1, 0);
    ck_assert_int_eq(h->env.failed, 1);
    xfer(h, 0x70, 1, 1, 0xF, 0, 2);
    setup(h, 0x74, 0, 0, 0, 0);
    h->p.sel = 0;
    cyc(h);                     /* PSEL dropped */
    ck_assert_int_eq(h->env.failed, 2);
    idle(h);
    xfer(h, 0x78, 0, 0, 0, 0, 0);
    setup(h, 0x7C, 1, 1, 0xF, 0);
    setup(h, 0x7C, 1, 1, 0xF, 0);       /* setup not followed by access */
    ck_assert_int_eq(h->env.failed, 3);
    access_cyc(h, 1, 0);            /* the repeated setup counts as a setup */
    idle(h);
    ck_assert_int_eq(h->env.failed, 3);
    ck_assert_int_eq(apb_checker_finish(h->c), 0);
    h_free(h);
}
END_TEST

/* ---- PREADY wait bound ---------------------------------------------------- */

static struct h *h_new_wait(uint64_t max_wait)
{
    struct apb_checker_knobs k;
    struct h *h = calloc(1, sizeof *h);
    ck_assert_ptr_nonnull(h);
    test_env_quiet(&h->env);
    apb_checker_knobs_default(&k);
    ck_assert_uint_eq(k.max_wait, 0);
    k.max_wait = max_wait;
    h->c = apb_checker_create_with_knobs("apb", &k, &h->p, &h->env);
    ck_assert_ptr_nonnull(h->c);
    return h;
}

START_TEST(test_pready_wait)
{
    /* Just under: 4 wait cycles with max_wait 4, reads and writes. */
    struct h *h = h_new_wait(4);
    xfer(h, 0x20, 1, 0x5, 0xF, 0, 4);
    xfer(h, 0x24, 0, 0, 0, 0, 4);
    xfer(h, 0x28, 0, 0, 0, 0, 0);
    ck_assert_msg(h->env.failed == 0, "%s", h->env.first_failure);
    /* Just over: the 5th wait cycle fails, once per transfer. */
    setup(h, 0x2C, 1, 0x6, 0xF, 0);         /* cycle 15 */
    for (int i = 0; i < 4; i++)
        access_cyc(h, 0, 0);                /* cycles 16-19 */
    ck_assert_int_eq(h->env.failed, 0);
    access_cyc(h, 0, 0);                    /* cycle 20 */
    assert_rule(h, "access", "PREADY not given within max_wait cycles");
    assert_cycle(h, 20);
    ck_assert_str_eq(h->env.first_failure, "FAIL cycle 20: apb access: PREADY not given "
                     "within max_wait cycles: expected PREADY within 4 wait cycles "
                     "(write 0x02c), actual still low after 5");
    for (int i = 0; i < 10; i++)
        access_cyc(h, 0, 0);
    access_cyc(h, 1, 0);
    ck_assert_int_eq(h->env.failed, 1);
    /* The next transfer has its own bound. */
    xfer(h, 0x30, 0, 0, 0, 0, 5);
    ck_assert_int_eq(h->env.failed, 2);
    ck_assert_int_eq(apb_checker_finish(h->c), 0);
    h_free(h);

    /* Off by default: any number of wait states. */
    h = h_new();
    xfer(h, 0x20, 1, 0x5, 0xF, 0, 100000);
    ck_assert_int_eq(h->env.failed, 0);
    h_free(h);
}
END_TEST

/* ---- reset --------------------------------------------------------------- */

START_TEST(test_reset)
{
    /* _i = 0: PSEL high in reset; 1: PENABLE high in reset. */
    struct h *h = h_new();
    apb_checker_sample_reset(h->c);         /* all low: fine */
    h->env.cycle++;
    ck_assert_int_eq(h->env.failed, 0);
    h->p.addr = 0x44;
    if (_i == 0)
        h->p.sel = 1;
    else
        h->p.enable = 1;
    apb_checker_sample_reset(h->c);         /* cycle 2 */
    h->env.cycle++;
    apb_checker_sample_reset(h->c);         /* once per reset */
    h->env.cycle++;
    ck_assert_int_eq(h->env.failed, 1);
    assert_cycle(h, 2);
    if (_i == 0) {
        assert_rule(h, "setup", "PSEL high during reset");
        ck_assert_ptr_nonnull(strstr(h->env.first_failure, "read 0x044"));
    } else {
        assert_rule(h, "access", "PENABLE high during reset");
    }
    h_free(h);

    /* A transfer cut by reset is over: no "PSEL dropped", no "never
     * completed"; the bus starts idle after reset. */
    h = h_new();
    setup(h, 0x48, 1, 1, 0xF, 0);
    access_cyc(h, 0, 0);
    h->p.sel = h->p.enable = 0;
    apb_checker_sample_reset(h->c);
    h->env.cycle++;
    ck_assert_int_eq(apb_checker_finish(h->c), 0);
    xfer(h, 0x4C, 0, 0, 0, 0, 1);
    ck_assert_int_eq(h->env.failed, 0);
    /* Reset released straight into an access cycle: no setup before it. */
    h->p.sel = h->p.enable = 0;
    apb_checker_sample_reset(h->c);
    h->env.cycle++;
    h->p.sel = h->p.enable = 1;
    h->p.ready = 1;
    cyc(h);
    assert_rule(h, "access", "PENABLE without setup");
    h_free(h);
}
END_TEST

START_TEST(test_clean)
{
    struct h *h = h_new();
    struct apb_checker_stats st;

    /* Idle with don't-care pins moving: PREADY, PRDATA, PSLVERR and the
     * payload may do anything while PSEL is low; PWAKEUP too. */
    for (int i = 0; i < 6; i++) {
        h->p.ready = (uint8_t)(i & 1);
        h->p.slverr = (uint8_t)((i >> 1) & 1);
        h->p.rdata = (uint32_t)i * 0x1111;
        h->p.addr = (uint32_t)i * 4;
        h->p.write = (uint8_t)(i & 1);
        h->p.strb = (uint8_t)i;
        h->p.wakeup = (uint8_t)(i > 3);
        h->p.sel = 0;
        h->p.enable = 0;
        cyc(h);
    }
    /* Write with wait states; PREADY high in the setup cycle is ignored. */
    h->p.ready = 1;
    setup(h, 0x100, 1, 0xCAFE, 0xF, 2);
    access_cyc(h, 0, 1);            /* PSLVERR is don't care while PREADY low */
    access_cyc(h, 0, 0);
    access_cyc(h, 1, 0);
    /* Back to back: the next setup right after the completing cycle. */
    xfer(h, 0x104, 0, 0, 0, 3, 0);
    xfer(h, 0x108, 1, 0x1, 0x0, 1, 1);   /* write with no lanes: legal */
    /* Read completing with PSLVERR; PWDATA may move on a read. */
    setup(h, 0xF00, 0, 0x1, 0, 0);
    h->p.wdata = 0x2;
    access_cyc(h, 0, 0);
    h->p.wdata = 0x3;
    access_cyc(h, 1, 1);
    idle(h);
    idle(h);
    xfer(h, 0xFFC, 1, 0xFFFFFFFF, 0x9, 7, 5);
    idle(h);
    ck_assert_msg(h->env.failed == 0, "%s", h->env.first_failure);
    ck_assert_int_eq(apb_checker_finish(h->c), 0);
    ck_assert_int_eq(h->env.failed, 0);
    apb_checker_stats(h->c, &st);
    ck_assert_uint_eq(st.writes, 3);
    ck_assert_uint_eq(st.reads, 2);
    ck_assert_uint_eq(st.slverrs, 1);
    ck_assert_uint_eq(st.wait_cycles, 2 + 0 + 1 + 1 + 5);
    h_free(h);
    apb_checker_destroy(NULL);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("apb_checker");
    TCase *tc = tcase_create("rules");
    tcase_add_loop_test(tc, test_penable_without_setup, 0, 2);
    tcase_add_loop_test(tc, test_penable_after_complete, 0, 2);
    tcase_add_loop_test(tc, test_psel_dropped, 0, 3);
    tcase_add_test(tc, test_penable_dropped);
    tcase_add_test(tc, test_setup_not_followed_by_access);
    tcase_add_loop_test(tc, test_payload_changed, 0, 10);
    tcase_add_test(tc, test_several_fields_changed);
    tcase_add_test(tc, test_pstrb_on_read);
    tcase_add_loop_test(tc, test_wakeup_low, 0, 2);
    tcase_add_test(tc, test_finish);
    tcase_add_test(tc, test_resync_after_violation);
    tcase_add_test(tc, test_pready_wait);
    tcase_add_loop_test(tc, test_reset, 0, 2);
    tcase_add_test(tc, test_clean);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
