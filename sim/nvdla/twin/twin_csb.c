/* twin_csb: see twin_csb.h. */
#include <string.h>
#include "twin_csb.h"

void twin_csb_reset(struct twin_csb *c)
{
    memset(c, 0, sizeof *c);
}

void twin_csb_eval(const struct twin_csb *c, struct csb_pins *p)
{
    p->ready = 1;
    p->rsp_valid = c->rsp_valid;
    p->rsp_data = c->rsp_valid ? c->rsp_data : 0;
    p->wr_complete = c->wr_complete;
}

void twin_csb_posedge(struct twin_csb *c, const struct csb_pins *p, struct nvdla_regfile *r)
{
    c->rsp_valid = 0;
    c->wr_complete = 0;
    if (!(p->valid && p->ready))
        return;
    uint32_t addr = (uint32_t)p->addr << 2;
    if (p->write) {
        nvdla_regfile_write(r, addr, p->wdat);
        c->wr_complete = p->nposted;
    } else {
        c->rsp_data = nvdla_regfile_read(r, addr);
        c->rsp_valid = 1;
    }
}
