/* reg_describe: see reg_describe.h. Fields print as NAME=value, the enum
 * name after the value when the table has one (MODE=1:PER_ELEMENT). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "reg_describe.h"

/* The enum name of value v in "NAME=value|..." into out, or "". */
static void enum_name(const char *enums, uint32_t v, char *out, size_t len)
{
    out[0] = 0;
    for (const char *p = enums; p && *p;) {
        const char *eq = strchr(p, '='), *bar = strchr(p, '|');
        if (!eq || (bar && bar < eq))
            return;
        unsigned long ev = strtoul(eq + 1, NULL, 0);
        if (ev == v) {
            size_t n = (size_t)(eq - p) < len - 1 ? (size_t)(eq - p) : len - 1;
            memcpy(out, p, n);
            out[n] = 0;
            return;
        }
        p = bar ? bar + 1 : NULL;
    }
}

size_t reg_describe_fields(char *buf, size_t len, size_t at, uint32_t data, const char *const *names, const uint8_t *lsb,
                           const uint8_t *width, const char *const *enums, unsigned n)
{
    if (n == 1 && lsb[0] == 0 && width[0] == 32)
        return at;   /* one whole-word field: the value says it all */
    for (unsigned i = 0; i < n && at < len; i++) {
        uint32_t v = width[i] >= 32 ? data : (data >> lsb[i]) & ((1u << width[i]) - 1u);
        char e[48];
        enum_name(enums[i], v, e, sizeof e);
        int w = snprintf(buf + at, len - at, "%s%s=%" PRIu32 "%s%s", i ? " " : " (", names[i], v, e[0] ? ":" : "", e);
        at += w > 0 ? (size_t)w : 0;
    }
    if (n && at < len) {
        int w = snprintf(buf + at, len - at, ")");
        at += w > 0 ? (size_t)w : 0;
    }
    return at;
}
