/* reg_port: see reg_port.h. */
#include <stddef.h>
#include "reg_port.h"

enum bfm_status reg_port_read(const struct reg_port *p, uint32_t addr, uint8_t prot, uint32_t *data, int *err)
{
    if (err)
        *err = 0;
    if (!p || !p->read || !data)
        return BFM_ERR_ARG;
    return p->read(p->impl, addr, prot, data, err);
}

enum bfm_status reg_port_write(const struct reg_port *p, uint32_t addr, uint32_t data, uint8_t prot, int *err)
{
    if (err)
        *err = 0;
    if (!p || !p->write)
        return BFM_ERR_ARG;
    return p->write(p->impl, addr, data, prot, err);
}

enum bfm_status reg_port_poll(const struct reg_port *p, struct bfm_env *env, uint32_t addr, uint32_t mask,
                              uint32_t expect, uint64_t timeout)
{
    if (!p || !p->read || !env)
        return BFM_ERR_ARG;
    if (p->poll)
        return p->poll(p->impl, addr, mask, expect, timeout);
    uint64_t t0 = env->cycle;
    for (;;) {
        uint32_t v = 0;
        enum bfm_status st = p->read(p->impl, addr, 0, &v, NULL);
        if (st != BFM_OK)
            return st;
        if ((v & mask) == expect)
            return BFM_OK;
        if (timeout && env->cycle - t0 >= timeout) {
            bfm_log(env, 1, "reg_port", "poll 0x%05x timed out: expected (v & 0x%08x) == 0x%08x, actual 0x%08x",
                    addr, mask, expect, v);
            return BFM_ERR_TIMEOUT;
        }
        if (env->step(env))
            return BFM_ERR_FAILED;
    }
}
