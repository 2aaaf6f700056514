/* ethosu_network_run: what the ethosu/network runner shares with the other
 * client of the same network, Arm's driver (ethosu_armdrv.c): the check of
 * memory it loads and the check of every output byte against
 * expected_<i>.npy, wherever the run placed the regions. */
#ifndef ETHOSU_NETWORK_RUN_H
#define ETHOSU_NETWORK_RUN_H

#include <stddef.h>
#include <stdint.h>
#include "ethosu_network.h"
#include "ethosu_seq.h"

/* where a run placed each region: its base address in the DUT's memory and
 * the manager port behind which it lies (0: M0, 1: M1) */
struct ethosu_network_place {
    uint64_t base[ETHOSU_REGIONS];
    unsigned port[ETHOSU_REGIONS];
};

/* What memory holds before the run: the weights, the variable (state)
 * tensors as TensorFlow Lite resets them (ethosu_network.h) and the inputs,
 * each in its region where p placed it. The regions' sizes were checked by
 * the caller. */
void ethosu_network_fill_memory(struct ethosu_seq_ctx *ctx, const struct ethosu_network *n,
                                const struct ethosu_network_place *p);

/* Every output against its expected values (a mismatch fails the test
 * naming the element and the kernel operation that wrote it); 0 when all
 * match, or when they differ and the folder's xfail.txt says the stream and
 * the reference disagree (then ethosu_network_pass_word() is "XFAIL"; all
 * matching despite the mark fails: XPASS). *bytes: the output bytes
 * compared. */
int ethosu_network_check_outputs(struct ethosu_seq_ctx *ctx, const struct ethosu_network *n, const uint32_t *words,
                                 size_t nwords, const struct ethosu_network_place *p, uint64_t *bytes);

#endif
