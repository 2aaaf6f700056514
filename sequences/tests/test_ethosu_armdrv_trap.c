/* Unit tests of the register window Arm's driver runs against
 * (ethosu_armdrv_trap): every aligned 32-bit load and store through it
 * reaches the ops in program order with its value; narrower, wider and
 * misaligned accesses are refused through the escape point; an op that
 * fails ends the access there too; the handlers are restored at close. */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "ethosu_armdrv_trap.h"

struct event {
    char dir;
    uint32_t offset, value;
};

static struct event log_[16];
static unsigned n_log;
static int fail_reads;

static int op_read(void *impl, uint32_t offset, uintptr_t pc, uint32_t *value)
{
    (void)impl;
    (void)pc;
    if (fail_reads)
        return 1;
    *value = 0xA5000000u | offset;   /* a value that names its register */
    if (n_log < 16)
        log_[n_log++] = (struct event){ 'R', offset, *value };
    return 0;
}

static int op_write(void *impl, uint32_t offset, uintptr_t pc, uint32_t value)
{
    (void)impl;
    (void)pc;
    if (n_log < 16)
        log_[n_log++] = (struct event){ 'W', offset, value };
    return 0;
}

static const struct ethosu_armdrv_trap_ops OPS = { NULL, op_read, op_write };
static char err[256];

#if defined(__x86_64__) && defined(__linux__)
static volatile uint32_t *open_window(void)
{
    n_log = 0;
    fail_reads = 0;
    volatile uint32_t *w = (volatile uint32_t *)ethosu_armdrv_trap_open(&OPS, err, sizeof err);
    ck_assert_msg(w != NULL, "%s", err);
    return w;
}

START_TEST(test_loads_and_stores_in_order)
{
    volatile uint32_t *r = open_window();
    uint32_t id = r[0];            /* read ID */
    r[0x14 / 4] = id + 1;          /* write a register (r32) */
    r[0x0C / 4] = 0x00000012u;     /* write an immediate */
    uint32_t again = r[0x14 / 4];  /* read back: the DUT's value, not the store */
    ck_assert_uint_eq(id, 0xA5000000u);
    ck_assert_uint_eq(again, 0xA5000014u);
    ck_assert_uint_eq(n_log, 4);
    ck_assert(log_[0].dir == 'R' && log_[0].offset == 0);
    ck_assert(log_[1].dir == 'W' && log_[1].offset == 0x14 && log_[1].value == 0xA5000001u);
    ck_assert(log_[2].dir == 'W' && log_[2].offset == 0x0C && log_[2].value == 0x12u);
    ck_assert(log_[3].dir == 'R' && log_[3].offset == 0x14);
    ck_assert_uint_eq(ethosu_armdrv_trap_count(), 4);
    ethosu_armdrv_trap_close();
}
END_TEST

/* one access through the window that must be refused; the reason */
static const char *refused(void (*access)(volatile void *w))
{
    static sigjmp_buf env;
    volatile void *w = open_window();
    ethosu_armdrv_trap_escape(&env);
    static volatile int escaped;
    escaped = 0;
    if (sigsetjmp(env, 1) == 0)
        access(w);
    else
        escaped = 1;
    static char why[256];
    snprintf(why, sizeof why, "%s", ethosu_armdrv_trap_refusal());
    ethosu_armdrv_trap_close();
    ck_assert_msg(escaped, "the access was not refused");
    ck_assert_uint_eq(n_log, 0);   /* nothing reached the bus */
    return why;
}

static void byte_read(volatile void *w) { (void)((volatile uint8_t *)w)[4]; }
static void half_write(volatile void *w) { ((volatile uint16_t *)w)[2] = 1; }
static void dword_read(volatile void *w) { (void)((volatile uint64_t *)w)[1]; }
/* a 32-bit MOV from a misaligned address (in assembly: a misaligned
 * uint32_t access is undefined behaviour in C) */
static void misaligned_read(volatile void *w)
{
    uint32_t v;
    __asm__ volatile("movl (%1), %0" : "=r"(v) : "r"((volatile char *)w + 2) : "memory");
    (void)v;
}

START_TEST(test_refusals)
{
    const char *why = refused(byte_read);
    ck_assert_msg(strstr(why, "read of offset 0x004") && strstr(why, "not a 32-bit MOV"), "%s", why);
    why = refused(half_write);
    ck_assert_msg(strstr(why, "16-bit"), "%s", why);
    why = refused(dword_read);
    ck_assert_msg(strstr(why, "64-bit"), "%s", why);
    why = refused(misaligned_read);
    ck_assert_msg(strstr(why, "misaligned") && strstr(why, "0x002"), "%s", why);
}
END_TEST

static void plain_read(volatile void *w) { (void)((volatile uint32_t *)w)[1]; }

START_TEST(test_failing_op_escapes)
{
    static sigjmp_buf env;
    volatile void *w = open_window();
    fail_reads = 1;
    ethosu_armdrv_trap_escape(&env);
    static volatile int escaped;
    escaped = 0;
    if (sigsetjmp(env, 1) == 0)
        plain_read(w);
    else
        escaped = 1;
    ck_assert(escaped);
    ck_assert_str_eq(ethosu_armdrv_trap_refusal(), "");   /* the op keeps its own reason */
    /* the window is usable again after an escape */
    fail_reads = 0;
    ck_assert_uint_eq(((volatile uint32_t *)w)[2], 0xA5000008u);
    ethosu_armdrv_trap_close();
}
END_TEST

static void dummy(int sig) { (void)sig; }

START_TEST(test_close_restores_handlers)
{
    struct sigaction mine, now;
    memset(&mine, 0, sizeof mine);
    mine.sa_handler = dummy;
    sigaction(SIGSEGV, &mine, NULL);
    open_window();
    ethosu_armdrv_trap_close();
    sigaction(SIGSEGV, NULL, &now);
    ck_assert(now.sa_handler == dummy);
    signal(SIGSEGV, SIG_DFL);
    /* a second window after the first */
    open_window();
    char err2[128];
    ck_assert(ethosu_armdrv_trap_open(&OPS, err2, sizeof err2) == NULL);   /* one per process */
    ethosu_armdrv_trap_close();
}
END_TEST

#endif

#if !(defined(__x86_64__) && defined(__linux__))
/* where the window cannot work, open says why instead */
START_TEST(test_refused_off_x86_64_linux)
{
    ck_assert(ethosu_armdrv_trap_open(&OPS, err, sizeof err) == NULL);
    ck_assert_msg(strstr(err, "x86-64 Linux") != NULL, "%s", err);
}
END_TEST
#endif

int main(void)
{
    Suite *s = suite_create("ethosu_armdrv_trap");
    TCase *tc = tcase_create("trap");
#if defined(__x86_64__) && defined(__linux__)
    tcase_add_test(tc, test_loads_and_stores_in_order);
    tcase_add_test(tc, test_refusals);
    tcase_add_test(tc, test_failing_op_escapes);
    tcase_add_test(tc, test_close_restores_handlers);
#else
    tcase_add_test(tc, test_refused_off_x86_64_linux);
#endif
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);   /* the handlers are the process's */
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
