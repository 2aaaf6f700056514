/* cmsis_compiler.h: what Arm's ethos-u-core-driver takes from CMSIS when
 * built for this host by make ethosu-driver (the driver includes
 * <cmsis_compiler.h>): the wait-for-event and send-event hints of its weak
 * baremetal semaphore, which the shim's semaphore replaces. */
#ifndef ETHOSU_ARMDRV_CMSIS_COMPILER_H
#define ETHOSU_ARMDRV_CMSIS_COMPILER_H

#define __WFE() ((void)0)
#define __SEV() ((void)0)

#endif
