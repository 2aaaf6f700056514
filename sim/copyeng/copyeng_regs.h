/* copyeng_regs: the copy engine's register map (APB byte offsets). Write
 * SRC, DST and LEN, then CTRL.START: the engine reads LEN bytes at SRC over
 * its AXI manager and writes them at DST; then STATUS.DONE and IRQ.PENDING
 * rise (the IRQ pin follows PENDING; writing 1 to IRQ clears it). A LEN of
 * 0 or above COPYENG_MAX_LEN, or a START while busy, sets STATUS.ERROR and
 * raises the interrupt without moving data. */
#ifndef COPYENG_REGS_H
#define COPYENG_REGS_H

#include <stdint.h>

#define COPYENG_SRC 0x00u
#define COPYENG_DST 0x04u
#define COPYENG_LEN 0x08u
#define COPYENG_CTRL 0x0Cu
#define COPYENG_STATUS 0x10u
#define COPYENG_IRQ 0x14u

#define COPYENG_CTRL_START 1u
#define COPYENG_STATUS_BUSY 1u
#define COPYENG_STATUS_DONE 2u
#define COPYENG_STATUS_ERROR 4u
#define COPYENG_IRQ_PENDING 1u

#define COPYENG_MAX_LEN 0x10000u

/* Names an access for the APB requester's VERBOSE log (bfm_reg_describe_fn). */
void copyeng_reg_describe(uint32_t byte_addr, uint32_t data, char *buf, unsigned len);

#endif
