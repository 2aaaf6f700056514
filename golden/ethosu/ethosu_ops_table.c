/* ethosu_ops_table: lookups in the Ethos-U operation tables that
 * scripts/gen/gen_ethosu_ops.py generates from scripts/gen/regdefs/ethosu_ops.csv
 * (ethosu_ops_gen.c holds only the data). */
#include <stdio.h>
#include "ethosu_ops_gen.h"

const struct ethosu_op_rule *ethosu_op_rule_find(uint16_t opcode, uint16_t param)
{
    for (size_t i = 0; i < ethosu_op_rule_count; i++) {
        const struct ethosu_op_rule *r = &ethosu_op_rules[i];
        if (r->opcode == opcode && (r->mode < 0 || r->mode == (int32_t)param))
            return r;
    }
    return NULL;
}

const char *ethosu_npu_op_short_name(uint16_t opcode)
{
    for (size_t i = 0; i < ethosu_kernel_command_count; i++)
        if (ethosu_kernel_commands[i].opcode == opcode)
            return ethosu_kernel_commands[i].short_name;
    return NULL;
}

int ethosu_npu_op_is_kernel(uint16_t opcode)
{
    return ethosu_npu_op_short_name(opcode) != NULL;
}

/* snprintf-style: the length the whole text needs, buf cut at len */
int ethosu_op_modes_text(uint16_t opcode, char *buf, size_t len)
{
    int n = 0;
    if (len)
        buf[0] = 0;
    for (size_t i = 0; i < ethosu_op_rule_count; i++) {
        const struct ethosu_op_rule *r = &ethosu_op_rules[i];
        if (r->opcode != opcode || r->mode < 0)
            continue;
        size_t at = (size_t)n < len ? (size_t)n : len;
        n += snprintf(buf + at, len - at, "%s%d %s", n ? ", " : "", (int)r->mode, r->vela);
    }
    return n;
}

const struct ethosu_act_rule *ethosu_act_rule_find(unsigned code)
{
    for (size_t i = 0; i < ethosu_act_rule_count; i++)
        if (code >= ethosu_act_rules[i].code && code - ethosu_act_rules[i].code < ethosu_act_rules[i].count)
            return &ethosu_act_rules[i];
    return NULL;
}

int ethosu_act_codes_text(char *buf, size_t len)
{
    int n = 0;
    if (len)
        buf[0] = 0;
    for (size_t i = 0; i < ethosu_act_rule_count; i++) {
        const struct ethosu_act_rule *a = &ethosu_act_rules[i];
        size_t at = (size_t)n < len ? (size_t)n : len;
        if (a->count > 1)
            n += snprintf(buf + at, len - at, "%s%u..%u %s", n ? ", " : "", a->code, a->code + a->count - 1, a->vela);
        else
            n += snprintf(buf + at, len - at, "%s%u %s", n ? ", " : "", a->code, a->vela);
    }
    return n;
}
