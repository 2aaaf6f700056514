/* ethosu_armdrv_trap: a window of addresses whose every load and store
 * becomes a register access of the simulation, so unmodified driver code
 * that programs a device through `volatile struct NPU_REG *` (Arm's
 * ethos-u-core-driver) drives the DUT's APB port in its own order.
 *
 * How: the window is one page mapped PROT_NONE. The driver's access faults
 * (SIGSEGV); the page-fault error code (bit 1: write) and si_addr give the
 * direction and the register, the instruction at the faulting address its
 * width. A read: the ops' read runs (the APB read), its value goes into the
 * page, the page is made accessible and the trap flag (EFLAGS.TF) set; the
 * instruction re-executes and loads the value, and the single-step SIGTRAP
 * after it protects the page again. A write: the page is made accessible,
 * the instruction stores into it under the trap flag, and the SIGTRAP reads
 * the stored word and runs the ops' write (the APB write).
 *
 * Only aligned 32-bit loads and stores (MOV r32, MOV r/m32 imm32) are
 * registers: any other access (8, 16 or 64 bits, a read-modify-write, a
 * misaligned word) is refused. A refused access or an op that fails ends
 * the access without completing it: the trap jumps (siglongjmp) to the
 * escape point the caller set with ethosu_armdrv_trap_escape; without one
 * it prints the reason and aborts.
 *
 * x86-64 Linux only (the error code and the trap flag); elsewhere open
 * refuses with the reason. One window per process (signal handlers are
 * process-wide). */
#ifndef ETHOSU_ARMDRV_TRAP_H
#define ETHOSU_ARMDRV_TRAP_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

#define ETHOSU_ARMDRV_TRAP_SIZE 4096u   /* the register window: the NPU's 4 KiB APB space */

struct ethosu_armdrv_trap_ops {
    void *impl;
    /* offset: byte offset of the register in the window (4-aligned); pc:
     * the address of the driver's instruction. 0, or non-zero to fail the
     * access (the ops keep the reason). */
    int (*read)(void *impl, uint32_t offset, uintptr_t pc, uint32_t *value);
    int (*write)(void *impl, uint32_t offset, uintptr_t pc, uint32_t value);
};

/* Map the window and install the handlers. The window's address, or NULL
 * with the reason in err. */
volatile void *ethosu_armdrv_trap_open(const struct ethosu_armdrv_trap_ops *ops, char *err, size_t errlen);
/* Unmap the window and restore the handlers found at open. */
void ethosu_armdrv_trap_close(void);
/* Where a refused access or a failing op jumps (siglongjmp(*env, 1)); NULL:
 * abort. The buffer must be set with sigsetjmp(env, 1). */
void ethosu_armdrv_trap_escape(sigjmp_buf *env);
/* Why the last access was refused ("" after an op's own failure). */
const char *ethosu_armdrv_trap_refusal(void);
/* Accesses completed through the window since open. */
uint64_t ethosu_armdrv_trap_count(void);

#endif
