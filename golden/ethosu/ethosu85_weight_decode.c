/* ethosu85_weight_decode: an Ethos-U85 operation's weight streams to dense weights (declared in
 * ethosu85_weight_order.h): each coded stream decoded in its format, then the order undone. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "ethosu85_fwd.h"
#include "ethosu85_weight_order.h"
#include "ethosu_mlw.h"
#include "ethosu_ops_util.h"


int ethosu85_weights_decode(const struct ethosu85_weight_order_cfg *c, const uint8_t *const *bufs,
                            const size_t *lens, int16_t *dense, size_t dense_len, char *err,
                            size_t errlen)
{
    unsigned k = ethosu85_weight_order_coded_streams(c);
    if (!k)
        return ethosu_ops_fail(err, errlen, "weight decode: invalid configuration");
    if (!bufs || !lens)
        return ethosu_ops_fail(err, errlen, "weight decode: NULL pointer");
    int16_t *lists[ETHOSU85_WO_MAX_STREAMS] = {0};
    size_t n[ETHOSU85_WO_MAX_STREAMS] = {0};
    char why[160];
    int rc = 0;
    for (unsigned s = 0; s < k && !rc; s++) {
        if (!bufs[s]) {
            rc = ethosu_ops_fail(err, errlen, "weight stream %u: no buffer", s);
        } else if (c->fwd) {
            n[s] = ethosu85_weight_order_coded_count(c, s);
            lists[s] = n[s] ? malloc(n[s] * sizeof *lists[s]) : NULL;
            if (!lists[s])
                rc = ethosu_ops_fail(err, errlen, "weight stream %u: out of memory", s);
            else if (ethosu85_fwd_decode(bufs[s], lens[s], n[s], lists[s], why, sizeof why))
                rc = ethosu_ops_fail(err, errlen, "weight stream %u: %s", s, why);
        } else if (ethosu_mlw_decode(bufs[s], lens[s], &lists[s], &n[s], why, sizeof why)) {
            rc = ethosu_ops_fail(err, errlen, "weight stream %u: %s", s, why);
        }
    }
    if (!rc)
        rc = ethosu85_weights_to_dense(c, (const int16_t *const *)lists, n, dense, dense_len, err,
                                       errlen);
    for (unsigned s = 0; s < k; s++)
        free(lists[s]);
    return rc;
}
