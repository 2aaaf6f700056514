/* csb_pins: the NVDLA configuration space bus at pin level. Field names
 * follow the RTL port names without the csb2nvdla_/nvdla2csb_ prefixes. */
#ifndef CSB_PINS_H
#define CSB_PINS_H

#include <stdint.h>

struct csb_pins {
    /* requester -> NVDLA: request channel (valid/ready) */
    uint8_t  valid;       /* csb2nvdla_valid */
    uint16_t addr;        /* csb2nvdla_addr: word address (byte address >> 2) */
    uint32_t wdat;        /* csb2nvdla_wdat */
    uint8_t  write;       /* csb2nvdla_write */
    uint8_t  nposted;     /* csb2nvdla_nposted */
    /* NVDLA -> requester */
    uint8_t  ready;       /* csb2nvdla_ready */
    uint8_t  rsp_valid;   /* nvdla2csb_valid: read data, valid-only */
    uint32_t rsp_data;    /* nvdla2csb_data */
    uint8_t  wr_complete; /* nvdla2csb_wr_complete: valid-only */
};

#endif
