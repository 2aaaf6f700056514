/* main_family: see main_family.h. */
#include <string.h>
#include "main_family.h"

const struct main_family *main_family_for(const struct sim_knobs *k)
{
    for (unsigned i = 0; i < main_family_count; i++)
        if (main_families[i]->claims && main_families[i]->claims(k))
            return main_families[i];
    for (unsigned i = 0; i < main_family_count; i++) {
        const char *p = main_families[i]->prefix;
        if (*p && k->test && !strncmp(k->test, p, strlen(p)))
            return main_families[i];
    }
    return main_families[main_family_count - 1];
}

void main_seq_ctx_init(struct seq_ctx *ctx, struct sim *s, const struct sim_knobs *k)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->env = &s->env;
    ctx->regs = s->reg.csb ? reg_port_csb(s->reg.csb) : reg_port_apb(s->reg.apb);
    for (unsigned i = 0; i < s->family->n_axi && i < SEQ_MAX_MEMS; i++) {
        ctx->mem[i] = s->axi[i].mem;
        ctx->written[i] = s->axi[i].written;
    }
    ctx->irq = (const uint8_t *)s->pins + s->family->irq_pin;
    ctx->seed = k->seed;
    ctx->dut_kind = s->dut->kind;
    ctx->out_dir = k->out_dir;
    bfm_rng_seed(&ctx->rng, k->seed);
}
