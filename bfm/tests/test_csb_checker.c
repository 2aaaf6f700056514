/* Unit tests for csb_checker: each rule provoked by hand-driven pins, and
 * a legal sequence with stalls and both write kinds stays silent. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csb_checker.h"

struct h {
    struct bfm_env env;
    struct csb_pins p;
    struct csb_checker *c;
};

static struct h *h_new(void)
{
    struct h *h = calloc(1, sizeof *h);
    ck_assert_ptr_nonnull(h);
    h->env.cycle = 1;
    h->env.quiet_failures = 1;   /* violations here are provoked on purpose */
    h->c = csb_checker_create("csb", &h->p, &h->env);
    ck_assert_ptr_nonnull(h->c);
    return h;
}

static void h_free(struct h *h)
{
    csb_checker_destroy(h->c);
    free(h);
}

static void cyc(struct h *h)
{
    csb_checker_sample(h->c);
    h->env.cycle++;
    /* Valid-only response pulses last one cycle. */
    h->p.rsp_valid = 0;
    h->p.wr_complete = 0;
}

static void req(struct h *h, uint16_t addr, int write, int nposted, uint32_t wdat)
{
    h->p.valid = h->p.ready = 1;
    h->p.addr = addr;
    h->p.write = (uint8_t)write;
    h->p.nposted = (uint8_t)nposted;
    h->p.wdat = wdat;
    cyc(h);
    h->p.valid = 0;
}

static void assert_rule(const struct h *h, const char *chan, const char *rule)
{
    char want[256];
    snprintf(want, sizeof want, "csb %s: %s: expected ", chan, rule);
    ck_assert_msg(h->env.failed >= 1, "expected a failure for '%s'", rule);
    ck_assert_msg(strstr(h->env.first_failure, want) != NULL,
                  "wanted '%s' in '%s'", want, h->env.first_failure);
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, "actual"));
}

START_TEST(test_valid_dropped)
{
    struct h *h = h_new();
    h->p.valid = 1;
    h->p.addr = 0x10;
    cyc(h);
    cyc(h);
    ck_assert_int_eq(h->env.failed, 0);
    h->p.valid = 0;
    cyc(h);
    assert_rule(h, "req", "valid dropped before ready");
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, "FAIL cycle 3:"));
    h_free(h);
}
END_TEST

START_TEST(test_payload_changed)
{
    static const char *field[4] = { "addr", "wdat", "write", "nposted" };
    int k = _i;
    struct h *h = h_new();

    h->p.valid = 1;
    h->p.addr = 0x20;
    h->p.write = 1;
    h->p.wdat = 0x1234;
    h->p.nposted = 0;
    cyc(h);
    switch (k) {
    case 0: h->p.addr = 0x21; break;
    case 1: h->p.wdat = 0x1235; break;
    case 2: h->p.write = 0; break;
    case 3: h->p.nposted = 1; break;
    }
    cyc(h);
    assert_rule(h, "req", "payload changed while stalled");
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, field[k]));
    h_free(h);
}
END_TEST

START_TEST(test_rsp_none_outstanding)
{
    struct h *h = h_new();
    req(h, 0x30, 1, 0, 5);          /* a write is not a read */
    h->p.rsp_valid = 1;
    cyc(h);
    assert_rule(h, "rsp", "read response with none outstanding");
    h_free(h);

    /* Same-cycle response to the read just accepted is not an answer. */
    h = h_new();
    h->p.rsp_valid = 1;
    req(h, 0x30, 0, 0, 0);
    assert_rule(h, "rsp", "read response with none outstanding");
    h_free(h);
}
END_TEST

START_TEST(test_extra_wr_complete)
{
    struct h *h = h_new();
    req(h, 0x30, 1, 1, 5);
    h->p.wr_complete = 1;
    cyc(h);
    ck_assert_int_eq(h->env.failed, 0);
    req(h, 0x34, 1, 0, 6);          /* posted: no completion owed */
    h->p.wr_complete = 1;
    cyc(h);
    assert_rule(h, "wr_complete", "more wr_complete than non-posted writes");
    h_free(h);
}
END_TEST

START_TEST(test_final)
{
    struct h *h = h_new();
    req(h, 0x40, 0, 0, 0);
    req(h, 0x44, 0, 0, 0);
    h->p.rsp_valid = 1;
    cyc(h);
    char buf[200];
    csb_checker_outstanding(h->c, buf, sizeof buf);
    ck_assert_ptr_nonnull(strstr(buf, "1 reads awaiting data"));
    ck_assert_int_eq(csb_checker_final(h->c), 1);
    assert_rule(h, "rsp", "read never answered");
    h_free(h);

    h = h_new();
    req(h, 0x40, 1, 1, 0);
    ck_assert_int_eq(csb_checker_final(h->c), 1);
    assert_rule(h, "wr_complete", "write completion never received");
    h_free(h);
}
END_TEST

START_TEST(test_clean)
{
    struct h *h = h_new();

    /* Read stalled 3 cycles with a stable payload. */
    h->p.valid = 1;
    h->p.addr = 0x100;
    h->p.write = 0;
    h->p.ready = 0;
    cyc(h);
    cyc(h);
    cyc(h);
    h->p.ready = 1;
    cyc(h);
    h->p.valid = 0;
    /* Non-posted write while the read is in flight; ready may toggle
     * freely while valid is low. */
    cyc(h);
    h->p.ready = 0;
    cyc(h);
    req(h, 0x104, 1, 1, 0xABCD);
    req(h, 0x108, 1, 0, 0x1);
    h->p.rsp_valid = 1;
    h->p.rsp_data = 0x55;
    cyc(h);
    cyc(h);
    h->p.wr_complete = 1;
    cyc(h);
    /* Back-to-back reads, responses later. */
    req(h, 0x10C, 0, 0, 0);
    req(h, 0x110, 0, 0, 0);
    h->p.rsp_valid = 1;
    cyc(h);
    h->p.rsp_valid = 1;
    cyc(h);
    ck_assert_msg(h->env.failed == 0, "%s", h->env.first_failure);
    ck_assert_int_eq(csb_checker_final(h->c), 0);
    ck_assert_int_eq(h->env.failed, 0);
    h_free(h);
    csb_checker_destroy(NULL);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("csb_checker");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_valid_dropped);
    tcase_add_loop_test(tc, test_payload_changed, 0, 4);
    tcase_add_test(tc, test_rsp_none_outstanding);
    tcase_add_test(tc, test_extra_wr_complete);
    tcase_add_test(tc, test_final);
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
