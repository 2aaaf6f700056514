/* Unit tests of dut_clocked: the wrapper forwards every call that reads the
 * inner DUT's state (busy, stopped, describe) to the inner DUT, whose impl
 * differs from the wrapper's, and adds the clock waits around eval/posedge. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "dut_clocked.h"
#include "ethosu_pins.h"

struct fake {
    int busy;
    const char *stop;
    int evals, posedges, destroyed;
    void *pins;                /* what the last eval was given */
};

static int waits;
static void wait_edge(void) { waits++; }
static const struct dut_clock clk = { wait_edge, wait_edge };

static struct fake *fake_of(void *impl) { return impl; }
static void n_eval(struct dut *d, void *p) { fake_of(d->impl)->evals++, fake_of(d->impl)->pins = p; }
static void n_posedge(struct dut *d, void *p) { (void)p; fake_of(d->impl)->posedges++; }
static int n_busy(struct dut *d) { return fake_of(d->impl)->busy; }
static const char *n_stopped(struct dut *d) { return fake_of(d->impl)->stop; }
static void n_destroy(struct dut *d) { fake_of(d->impl)->destroyed++; free(d); }

START_TEST(nvdla_wrapper_forwards_state)
{
    struct fake f = { .busy = 1 };
    struct dut *in = calloc(1, sizeof *in);
    ck_assert_ptr_nonnull(in);
    in->eval = n_eval;
    in->posedge = n_posedge;
    in->busy = n_busy;
    in->stopped = n_stopped;
    in->destroy = n_destroy;
    in->impl = &f;
    waits = 0;
    struct dut *w = dut_clocked_wrap(in, &clk);
    ck_assert_ptr_nonnull(w);
    ck_assert_ptr_ne(w->impl, in->impl);
    ck_assert_int_eq(w->busy(w), 1);
    ck_assert_ptr_null(w->stopped(w));
    f.busy = 0;
    f.stop = "a programming rule broken";
    ck_assert_int_eq(w->busy(w), 0);
    ck_assert_str_eq(w->stopped(w), "a programming rule broken");
    w->eval(w, NULL);
    w->posedge(w, NULL);
    ck_assert_int_eq(f.evals, 1);
    ck_assert_int_eq(f.posedges, 1);
    ck_assert_int_eq(waits, 2);
    w->destroy(w);
    ck_assert_int_eq(f.destroyed, 1);
}
END_TEST

START_TEST(nvdla_wrapper_keeps_absent_hooks_absent)
{
    struct fake f = { 0 };
    struct dut *in = calloc(1, sizeof *in);
    ck_assert_ptr_nonnull(in);
    in->eval = n_eval;
    in->posedge = n_posedge;
    in->destroy = n_destroy;
    in->impl = &f;
    struct dut *w = dut_clocked_wrap(in, &clk);
    ck_assert_ptr_nonnull(w);
    ck_assert_ptr_null((void *)w->busy);
    ck_assert_ptr_null((void *)w->stopped);
    ck_assert_ptr_null((void *)w->describe);
    w->destroy(w);
}
END_TEST

/* One wrapper for every family: an Ethos-U65 DUT's pins pass through. */
START_TEST(ethosu_wrapper_forwards_state)
{
    struct fake f = { .busy = 1, .stop = "stopped itself" };
    struct ethosu_pins pins = { 0 };
    struct dut *in = calloc(1, sizeof *in);
    ck_assert_ptr_nonnull(in);
    in->eval = n_eval;
    in->posedge = n_posedge;
    in->busy = n_busy;
    in->stopped = n_stopped;
    in->destroy = n_destroy;
    in->impl = &f;
    struct dut *w = dut_clocked_wrap(in, &clk);
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(w->busy(w), 1);
    ck_assert_str_eq(w->stopped(w), "stopped itself");
    f.stop = NULL;
    ck_assert_ptr_null(w->stopped(w));
    w->eval(w, &pins);
    ck_assert_ptr_eq(f.pins, &pins);
    w->destroy(w);
    ck_assert_int_eq(f.destroyed, 1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("dut_clocked");
    TCase *tc = tcase_create("forwarding");
    tcase_add_test(tc, nvdla_wrapper_forwards_state);
    tcase_add_test(tc, nvdla_wrapper_keeps_absent_hooks_absent);
    tcase_add_test(tc, ethosu_wrapper_forwards_state);
    suite_add_tcase(s, tc);
    SRunner *r = srunner_create(s);
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
