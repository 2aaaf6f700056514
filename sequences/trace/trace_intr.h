/* trace_intr: the interrupt IDs of intr_notify(ID, SYNC) and the GLB
 * S_INTR_STATUS bit each one names (SDP_0 = bit 0 ... CACC_1 = bit 21),
 * with the unit and register group whose completion raises it. */
#ifndef TRACE_INTR_H
#define TRACE_INTR_H

#include <stdint.h>

struct trace_intr_id {
    const char *name;   /* "SDP_0" */
    unsigned bit;       /* GLB S_INTR_STATUS bit */
    int unit;           /* enum nvdla_unit of the unit that raises it */
    unsigned group;     /* register group (ping-pong) 0 or 1 */
};

extern const struct trace_intr_id trace_intr_ids[];
extern const unsigned trace_intr_count;

/* The ID named name[0..n), or NULL. */
const struct trace_intr_id *trace_intr_find(const char *name, unsigned n);
/* The ID of a status bit, or NULL. */
const struct trace_intr_id *trace_intr_by_bit(unsigned bit);
/* Status bits of every ID raised by unit (group 0 and 1: bits 0 and 1 of
 * group_mask select them). */
uint32_t trace_intr_unit_bits(int unit, unsigned group_mask);

#endif
