/* ethosu85_ops_util: helpers the Ethos-U85 operation models share. Private
 * to golden/ethosu/ethosu85_ops_*.c; the public API is ethosu85_ops.h. */
#ifndef ETHOSU85_OPS_UTIL_H
#define ETHOSU85_OPS_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "ethosu85_ops.h"

/* 0 when acc is a usable accumulator array of shape h x w x c and in (NULL:
 * RESET) is a valid accumulator input for it; then acc holds the starting
 * values (0 for RESET, acc_in's for KEEP / IFM2). Else -1 and a reason. */
int ethosu85_ops_acc_begin(const struct ethosu85_acc_in *in, struct ethosu85_acc *acc,
                           uint32_t h, uint32_t w, uint32_t c, char *err, size_t errlen);

#endif
