/* trace_run: runs a parsed NVDLA trace (trace_parse.h) through the BFMs of
 * an NVDLA sequence context (the seq member of a struct nvdla_seq_ctx), the way firmware would:
 *   mem_init / mem_load   write the memory behind DBBIF (or SRAMIF)
 *   reg_write             blocking CSB write (CSB knobs apply)
 *   poll_reg_equal        CSB poll, with a timeout naming file:line
 *   intr_notify           wait for dla_intr, read GLB S_INTR_STATUS, clear what
 *                         was read (write 1), until the ID's bit was seen
 *                         (consumed); then the SYNC fires once its last
 *                         intr_notify is done, and its checks run
 *   sync_notify(U, E)     E fires once every register write issued before it
 *                         has completed (CSB master idle)
 *   sync_wait(U, E)       E must have fired (the parser refuses a wait before
 *                         its notify); waits for the writes issued before it
 *   check_crc             zlib CRC-32 of the region; on a mismatch the region
 *                         is dumped to <out_dir>/crc_<base>_<size>.bin and the
 *                         reference executor (nvdla_ref.h) explains it
 * Every memory and register write is mirrored into a reference executor,
 * which runs its layers when an intr_notify is reached. An intr_notify
 * whose bit is masked in GLB S_INTR_MASK fails at once; one that no
 * enabled operation can raise (no D_OP_ENABLE with OP_EN=1 in its unit and
 * group since the start or its last notify) fires with a warning.
 *
 * sync_notify / sync_wait: NVDLA's own testbench plays each unit's
 * directives in a thread of its own; there sync_notify(U, E) fires E when
 * U's thread gets there (U's earlier writes done) and sync_wait(V, E)
 * holds V's thread until E fired, e.g. CMAC_A's OP_ENABLE only after
 * CACC's. This runner is one thread issuing the file in order, which is
 * one legal interleaving of those threads as long as every wait follows
 * its notify in the file (else it is refused at parse time): what remains
 * is to make "done" true, so both wait until the CSB master has nothing
 * outstanding. Nothing is reordered, so a trace without them runs cycle
 * for cycle as before. */
#ifndef TRACE_RUN_H
#define TRACE_RUN_H

#include "nvdla_seq.h"
#include "trace_parse.h"

/* Cycles one intr_notify or poll_reg_equal may wait (the run's MAX_CYCLES
 * watchdog bounds everything as well). */
#define TRACE_WAIT_CYCLES 2000000u

/* Returns 0 when every check passed, non-zero after seq_fail(). */
int trace_run(struct seq_ctx *ctx, const struct trace *t);   /* ctx: a struct nvdla_seq_ctx's */

#endif
