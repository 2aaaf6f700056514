/* csb_checker: passive CSB protocol checker. Rules: request valid dropped
 * before ready, request payload changed while stalled, read response with
 * none outstanding, wr_complete with no non-posted write outstanding,
 * read_valid and unknown address alignment (16-bit word address only). */
/* Rule names as they appear in failure lines: "valid dropped before ready",
 * "payload changed while stalled" (addr/wdat/write/nposted), "read response
 * with none outstanding", "more wr_complete than non-posted writes"; final:
 * "read never answered", "write completion never received". */
#ifndef CSB_CHECKER_H
#define CSB_CHECKER_H

#include "bfm_env.h"
#include "csb_pins.h"

struct csb_checker;
struct csb_checker *csb_checker_create(const char *name, const struct csb_pins *pins,
                                       struct bfm_env *env);
void csb_checker_destroy(struct csb_checker *c);
void csb_checker_sample(struct csb_checker *c);
int csb_checker_final(struct csb_checker *c);   /* reads/completions never returned */
void csb_checker_outstanding(const struct csb_checker *c, char *buf, unsigned len);

#endif
