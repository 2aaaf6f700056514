/* sim_reg_bus: see sim_reg_bus.h. */
#include <stdio.h>
#include <string.h>
#include "sim_reg_bus.h"

int sim_reg_bus_init(struct sim_reg_bus *b, enum sim_reg_bus_kind kind, const char *name, void *pins,
                     const struct sim_knobs *k, uint64_t seed, bfm_reg_describe_fn describe, struct bfm_env *env)
{
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->pins = pins;
    if (kind == SIM_REG_CSB) {
        struct csb_master_knobs ck;
        csb_master_knobs_default(&ck);
        ck.gap_min = k->csb_gap_min;
        ck.gap_max = k->csb_gap_max;
        ck.nposted = k->nposted;
        ck.seed = seed;
        ck.describe = describe;   /* VERBOSE=1 names the registers */
        b->csb = csb_master_create(name, &ck, pins, env);
        struct csb_checker_knobs cck;
        csb_checker_knobs_default(&cck);
        cck.max_wait = k->reg_max_wait;
        b->csb_chk = csb_checker_create_with_knobs(name, &cck, pins, env);
        return b->csb && b->csb_chk ? 0 : -1;
    }
    struct apb_master_knobs ak;
    apb_master_knobs_default(&ak);
    ak.gap_min = k->csb_gap_min;   /* the register-bus gap knob serves APB too */
    ak.gap_max = k->csb_gap_max;
    ak.seed = seed;
    ak.describe = describe;
    b->apb = apb_master_create(name, &ak, pins, env);
    struct apb_checker_knobs pk;
    apb_checker_knobs_default(&pk);
    pk.max_wait = k->reg_max_wait;
    b->apb_chk = apb_checker_create_with_knobs(name, &pk, pins, env);
    return b->apb && b->apb_chk ? 0 : -1;
}

void sim_reg_bus_free(struct sim_reg_bus *b)
{
    csb_master_destroy(b->csb);
    csb_checker_destroy(b->csb_chk);
    apb_master_destroy(b->apb);
    apb_checker_destroy(b->apb_chk);
    memset(b, 0, sizeof *b);
}

void sim_reg_bus_drive(struct sim_reg_bus *b)
{
    if (b->kind == SIM_REG_CSB)
        csb_master_drive(b->csb);
    else
        apb_master_drive(b->apb);
}

void sim_reg_bus_sample(struct sim_reg_bus *b)
{
    if (b->kind == SIM_REG_CSB) {
        csb_checker_sample(b->csb_chk);
        csb_master_sample(b->csb);
    } else {
        apb_checker_sample(b->apb_chk);
        apb_master_sample(b->apb);
    }
}

void sim_reg_bus_sample_reset(struct sim_reg_bus *b)
{
    if (b->kind == SIM_REG_CSB)
        csb_checker_sample_reset(b->csb_chk);
    else
        apb_checker_sample_reset(b->apb_chk);
}

int sim_reg_bus_accepted(const struct sim_reg_bus *b)
{
    if (b->kind == SIM_REG_CSB) {
        const struct csb_pins *p = b->pins;
        return p->valid && p->ready;
    }
    const struct apb_pins *p = b->pins;
    return p->sel && p->enable && p->ready;
}

int sim_reg_bus_idle(const struct sim_reg_bus *b)
{
    return b->kind == SIM_REG_CSB ? csb_master_idle(b->csb) : apb_master_idle(b->apb);
}

int sim_reg_bus_quiet(const struct sim_reg_bus *b)
{
    if (b->kind == SIM_REG_CSB)
        return !((const struct csb_pins *)b->pins)->valid && csb_master_idle(b->csb);
    return !((const struct apb_pins *)b->pins)->sel && apb_master_idle(b->apb);
}

enum bfm_status sim_reg_bus_write(struct sim_reg_bus *b, uint32_t addr, uint32_t data, uint8_t prot, int *slverr)
{
    *slverr = 0;
    if (b->kind == SIM_REG_CSB)
        return csb_write(b->csb, addr, data);
    enum bfm_status s = apb_write(b->apb, addr, data, prot);
    *slverr = s == BFM_OK && apb_master_last_slverr(b->apb) == 1;
    return s;
}

enum bfm_status sim_reg_bus_read(struct sim_reg_bus *b, uint32_t addr, uint8_t prot, uint32_t *data, int *slverr)
{
    *slverr = 0;
    if (b->kind == SIM_REG_CSB)
        return csb_read(b->csb, addr, data);
    return apb_read(b->apb, addr, prot, data, slverr);
}

int sim_reg_bus_final(struct sim_reg_bus *b)
{
    return b->kind == SIM_REG_CSB ? csb_checker_final(b->csb_chk) : apb_checker_final(b->apb_chk);
}

void sim_reg_bus_report(const struct sim_reg_bus *b)
{
    char buf[1024];
    if (b->kind == SIM_REG_CSB) {
        csb_master_outstanding(b->csb, buf, sizeof buf);
        fprintf(stderr, "  csb master: %s\n", buf);
        csb_checker_outstanding(b->csb_chk, buf, sizeof buf);
        fprintf(stderr, "  csb checker: %s\n", buf);
    } else {
        apb_master_outstanding(b->apb, buf, sizeof buf);
        fprintf(stderr, "  apb requester: %s\n", buf);
    }
}
