/* Unit tests for csb_checker: each rule provoked by hand-driven pins, and
 * a legal sequence with stalls and both write kinds stays silent. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csb_checker.h"
#include "bfm_test_env.h"

struct h {
    struct bfm_env env;
    struct csb_pins p;
    struct csb_checker *c;
};

static struct h *h_new(void)
{
    struct h *h = calloc(1, sizeof *h);
    ck_assert_ptr_nonnull(h);
    test_env_quiet(&h->env);
    h->c = csb_checker_create("csb", &h->p, &h->env);
    ck_assert_ptr_nonnull(h->c);
    return h;
}

static struct h *h_new_wait(uint64_t max_wait)
{
    struct csb_checker_knobs k;
    struct h *h = calloc(1, sizeof *h);
    ck_assert_ptr_nonnull(h);
    test_env_quiet(&h->env);
    csb_checker_knobs_default(&k);
    ck_assert_uint_eq(k.max_wait, 0);
    k.max_wait = max_wait;
    h->c = csb_checker_create_with_knobs("csb", &k, &h->p, &h->env);
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

static void idle(struct h *h, unsigned n)
{
    while (n--)
        cyc(h);
}

/* ---- bounded waits ----------------------------------------------------- */

START_TEST(test_req_wait)
{
    struct h *h = h_new_wait(3);

    /* Just under: 3 cycles stalled, handshake in the 4th. */
    h->p.valid = 1;
    h->p.addr = 0x10;
    h->p.write = 1;
    h->p.ready = 0;
    idle(h, 3);
    h->p.ready = 1;
    cyc(h);
    h->p.valid = 0;
    ck_assert_int_eq(h->env.failed, 0);
    /* Just over: a 4th stalled cycle (cycle 8) fails, once. */
    h->p.valid = 1;
    h->p.addr = 0x14;
    h->p.write = 0;
    h->p.ready = 0;
    idle(h, 3);
    ck_assert_int_eq(h->env.failed, 0);
    cyc(h);
    assert_rule(h, "req", "ready not given within max_wait cycles");
    ck_assert_str_eq(h->env.first_failure, "FAIL cycle 8: csb req: ready not given within "
                     "max_wait cycles: expected csb2nvdla_ready within 3 cycles of valid "
                     "(read addr 0x0014), actual still low after 4 cycles");
    idle(h, 10);
    ck_assert_int_eq(h->env.failed, 1);
    h_free(h);

    /* Off by default. */
    h = h_new();
    h->p.valid = 1;
    idle(h, 10000);
    ck_assert_int_eq(h->env.failed, 0);
    h_free(h);
}
END_TEST

START_TEST(test_rsp_wait)
{
    struct h *h = h_new_wait(5);

    /* Just under: data 5 cycles after the read, wr_complete 5 cycles after
     * the non-posted write; posted writes owe nothing. */
    req(h, 0x20, 0, 0, 0);
    req(h, 0x24, 1, 1, 7);
    req(h, 0x28, 1, 0, 8);
    idle(h, 2);
    h->p.rsp_valid = 1;
    cyc(h);
    h->p.wr_complete = 1;
    cyc(h);
    idle(h, 20);
    ck_assert_msg(h->env.failed == 0, "%s", h->env.first_failure);
    /* Just over: two reads, nothing for 6 cycles: each reported once. */
    req(h, 0x30, 0, 0, 0);          /* cycle 28 */
    req(h, 0x34, 0, 0, 0);
    idle(h, 4);
    ck_assert_int_eq(h->env.failed, 0);
    cyc(h);                         /* cycle 34: 6 after the read */
    assert_rule(h, "rsp", "no response within max_wait cycles");
    ck_assert_str_eq(h->env.first_failure, "FAIL cycle 34: csb rsp: no response within "
                     "max_wait cycles: expected nvdla2csb_valid for the read of addr 0x0030 "
                     "within 5 cycles of its request, actual none after 6 cycles");
    cyc(h);
    ck_assert_int_eq(h->env.failed, 2);
    idle(h, 10);
    ck_assert_int_eq(h->env.failed, 2);
    h_free(h);

    h = h_new_wait(5);
    req(h, 0x40, 1, 1, 1);
    idle(h, 5);
    ck_assert_int_eq(h->env.failed, 0);
    cyc(h);
    assert_rule(h, "wr_complete", "no response within max_wait cycles");
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, "expected nvdla2csb_wr_complete for "
                                 "the non-posted write of addr 0x0040"));
    h_free(h);
}
END_TEST

/* ---- reset --------------------------------------------------------------- */

START_TEST(test_reset)
{
    static const char *chan[3] = { "req", "rsp", "wr_complete" };
    static const char *sig[3] = { "csb2nvdla_valid", "nvdla2csb_valid", "nvdla2csb_wr_complete" };
    struct h *h = h_new();

    h->p.ready = 1;                 /* ready may do anything in reset */
    csb_checker_sample_reset(h->c);
    h->env.cycle++;
    ck_assert_int_eq(h->env.failed, 0);
    for (int i = 0; i < 2; i++) {   /* twice: reported once per reset */
        h->p.valid = _i == 0;
        h->p.rsp_valid = _i == 1;
        h->p.wr_complete = _i == 2;
        csb_checker_sample_reset(h->c);
        h->env.cycle++;
    }
    ck_assert_int_eq(h->env.failed, 1);
    assert_rule(h, chan[_i], "valid during reset");
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, "FAIL cycle 2:"));
    ck_assert_ptr_nonnull(strstr(h->env.first_failure, sig[_i]));
    h_free(h);
}
END_TEST

START_TEST(test_reset_forgets)
{
    struct h *h = h_new();

    /* What is in flight at reset is abandoned; a stall cut by reset is not
     * "valid dropped before ready". */
    req(h, 0x50, 0, 0, 0);
    req(h, 0x54, 1, 1, 0);
    h->p.valid = 1;
    h->p.ready = 0;
    cyc(h);
    h->p.valid = 0;
    csb_checker_sample_reset(h->c);
    h->env.cycle++;
    cyc(h);
    ck_assert_int_eq(csb_checker_final(h->c), 0);
    h->p.rsp_valid = 1;             /* an answer to the abandoned read */
    cyc(h);
    assert_rule(h, "rsp", "read response with none outstanding");
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
    tcase_add_test(tc, test_req_wait);
    tcase_add_test(tc, test_rsp_wait);
    tcase_add_loop_test(tc, test_reset, 0, 3);
    tcase_add_test(tc, test_reset_forgets);
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
