/* ethosu_armdrv_trap: see ethosu_armdrv_trap.h. */
#define _GNU_SOURCE   /* ucontext's REG_ERR, REG_RIP, REG_EFL */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#include "ethosu_armdrv_trap.h"

#if defined(__x86_64__) && defined(__linux__)
#define TRAP_SUPPORTED 1
#define EFLAGS_TF 0x100ull
#define PF_WRITE 0x2ull   /* page-fault error code: the access was a write */
#else
#define TRAP_SUPPORTED 0
#endif

enum access { NONE, LOAD, STORE };

static struct {
    unsigned char *base;             /* the window, NULL when closed */
    struct ethosu_armdrv_trap_ops ops;
    enum access pending;             /* the access being single-stepped */
    uint32_t offset;
    uintptr_t pc;
    sigjmp_buf *escape;
    char refusal[256];
    uint64_t count;
    struct sigaction old_segv, old_trap;
} trap;

/* the page back to no access: the next access faults again */
static void protect(int prot)
{
    if (mprotect(trap.base, ETHOSU_ARMDRV_TRAP_SIZE, prot))
        abort();   /* cannot happen on our own mapping; going on would lose accesses */
}

static void fail(void)
{
    trap.pending = NONE;
    protect(PROT_NONE);
    if (trap.escape)
        siglongjmp(*trap.escape, 1);
    fprintf(stderr, "ethosu_armdrv_trap: %s\n", trap.refusal[0] ? trap.refusal : "a register access failed");
    abort();
}

static void refuse(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void refuse(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(trap.refusal, sizeof trap.refusal, fmt, ap);
    va_end(ap);
    fail();
}

#if TRAP_SUPPORTED
/* What the instruction at pc does to memory: LOAD (MOV r32, r/m32), STORE
 * (MOV r/m32, r32 or MOV r/m32, imm32) or NONE with the reason in why.
 * Segment and address-size prefixes do not change the width; 0x66 (16
 * bits), REX.W (64 bits), LOCK and REP do. */
static enum access decode(const unsigned char *pc, char *why, size_t len)
{
    const unsigned char *p = pc;
    for (int i = 0; i < 4; i++, p++) {
        unsigned char b = *p;
        if (b == 0x66) {
            snprintf(why, len, "a 16-bit access (operand-size prefix)");
            return NONE;
        }
        if (b == 0xF0 || b == 0xF2 || b == 0xF3) {
            snprintf(why, len, "a LOCK/REP instruction");
            return NONE;
        }
        if (b != 0x2E && b != 0x3E && b != 0x26 && b != 0x36 && b != 0x64 && b != 0x65 && b != 0x67)
            break;
    }
    if ((*p & 0xF0) == 0x40) {   /* REX */
        if (*p & 0x08) {
            snprintf(why, len, "a 64-bit access (REX.W)");
            return NONE;
        }
        p++;
    }
    if (p[0] == 0x8B)
        return LOAD;
    if (p[0] == 0x89 || (p[0] == 0xC7 && ((p[1] >> 3) & 7) == 0))
        return STORE;
    snprintf(why, len, "not a 32-bit MOV (instruction bytes %02x %02x %02x %02x: an 8/16-bit, read-modify-write or "
             "other access)", pc[0], pc[1], pc[2], pc[3]);
    return NONE;
}

/* a fault that is not ours: the handler found at open takes the re-executed one */
static void pass_on(int sig, const struct sigaction *old)
{
    sigaction(sig, old, NULL);
}

static void on_segv(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;
    uintptr_t at = (uintptr_t)si->si_addr, base = (uintptr_t)trap.base;
    if (!trap.base || at < base || at >= base + ETHOSU_ARMDRV_TRAP_SIZE) {
        pass_on(sig, &trap.old_segv);
        return;
    }
    uintptr_t pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
    int is_write = ((unsigned long long)uc->uc_mcontext.gregs[REG_ERR] & PF_WRITE) != 0;
    uint32_t offset = (uint32_t)(at - base);
    char why[160];
    trap.refusal[0] = 0;
    if (trap.pending != NONE)
        refuse("an instruction touched the register window twice (offset 0x%03x)", offset);
    enum access a = decode((const unsigned char *)pc, why, sizeof why);
    if (a == NONE)
        refuse("%s of offset 0x%03x: %s; registers are read and written as aligned 32-bit words",
               is_write ? "write" : "read", offset, why);
    if ((a == STORE) != is_write)
        refuse("offset 0x%03x: the instruction and the fault disagree on the direction", offset);
    if (offset & 3u)
        refuse("%s of offset 0x%03x: misaligned; registers are aligned 32-bit words", is_write ? "write" : "read",
               offset);
    if (a == LOAD) {
        uint32_t v = 0;
        if (trap.ops.read(trap.ops.impl, offset, pc, &v))
            fail();
        protect(PROT_READ | PROT_WRITE);
        memcpy(trap.base + offset, &v, 4);
    } else
        protect(PROT_READ | PROT_WRITE);
    trap.pending = a;
    trap.offset = offset;
    trap.pc = pc;
    uc->uc_mcontext.gregs[REG_EFL] = (greg_t)((unsigned long long)uc->uc_mcontext.gregs[REG_EFL] | EFLAGS_TF);
}

static void on_trap(int sig, siginfo_t *si, void *ucv)
{
    (void)si;
    ucontext_t *uc = ucv;
    if (trap.pending == NONE) {   /* a breakpoint of a debugger, not our step */
        pass_on(sig, &trap.old_trap);
        raise(sig);
        return;
    }
    uc->uc_mcontext.gregs[REG_EFL] = (greg_t)((unsigned long long)uc->uc_mcontext.gregs[REG_EFL] & ~EFLAGS_TF);
    enum access a = trap.pending;
    uint32_t v = 0;
    memcpy(&v, trap.base + trap.offset, 4);
    protect(PROT_NONE);
    trap.pending = NONE;
    if (a == STORE && trap.ops.write(trap.ops.impl, trap.offset, trap.pc, v)) {
        trap.refusal[0] = 0;
        fail();
    }
    trap.count++;
}
#endif

volatile void *ethosu_armdrv_trap_open(const struct ethosu_armdrv_trap_ops *ops, char *err, size_t errlen)
{
#if TRAP_SUPPORTED
    if (trap.base) {
        snprintf(err, errlen, "a register window is open already (one per process)");
        return NULL;
    }
    if (sysconf(_SC_PAGESIZE) != (long)ETHOSU_ARMDRV_TRAP_SIZE) {
        snprintf(err, errlen, "the register window needs 4 KiB pages; this host's are %ld bytes",
                 sysconf(_SC_PAGESIZE));
        return NULL;
    }
    void *w = mmap(NULL, ETHOSU_ARMDRV_TRAP_SIZE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (w == MAP_FAILED) {
        snprintf(err, errlen, "mmap of the register window: %s", strerror(errno));
        return NULL;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_SIGINFO;
    sa.sa_sigaction = on_segv;
    sigaction(SIGSEGV, &sa, &trap.old_segv);
    sa.sa_sigaction = on_trap;
    sigaction(SIGTRAP, &sa, &trap.old_trap);
    trap.base = w;
    trap.ops = *ops;
    trap.pending = NONE;
    trap.escape = NULL;
    trap.refusal[0] = 0;
    trap.count = 0;
    return w;
#else
    (void)ops;
    snprintf(err, errlen, "the register window needs an x86-64 Linux host (the page-fault error code and the "
             "single-step flag)");
    return NULL;
#endif
}

void ethosu_armdrv_trap_close(void)
{
    if (!trap.base)
        return;
    sigaction(SIGSEGV, &trap.old_segv, NULL);
    sigaction(SIGTRAP, &trap.old_trap, NULL);
    munmap(trap.base, ETHOSU_ARMDRV_TRAP_SIZE);
    trap.base = NULL;
    trap.escape = NULL;
}

void ethosu_armdrv_trap_escape(sigjmp_buf *env)
{
    trap.escape = env;
}

const char *ethosu_armdrv_trap_refusal(void)
{
    return trap.refusal;
}

uint64_t ethosu_armdrv_trap_count(void)
{
    return trap.count;
}
