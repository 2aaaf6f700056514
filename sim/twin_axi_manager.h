/* twin_axi_manager: the AXI4 manager of the C twin. Engines queue byte
 * ranges to read into or write from their own buffers; the manager splits
 * them into INCR bursts (at most max_beats, never across 4 KB), keeps
 * several bursts outstanding and drives the pins. Buffers must stay valid
 * until twin_axi_idle() returns 1. Reads complete in request order (one
 * ID), as NVDLA expects. */
#ifndef TWIN_AXI_MANAGER_H
#define TWIN_AXI_MANAGER_H

#include <stdint.h>
#include "axi_pins.h"

struct twin_axi_manager;

struct twin_axi_manager *twin_axi_create(unsigned data_bytes, unsigned max_beats,
                                         unsigned max_rd_outstanding,
                                         unsigned max_wr_outstanding, uint32_t id);
void twin_axi_destroy(struct twin_axi_manager *m);
void twin_axi_reset(struct twin_axi_manager *m);

/* Queue a transfer; len may be any size, addr any alignment. */
void twin_axi_read(struct twin_axi_manager *m, uint64_t addr, uint32_t len, uint8_t *dst);
void twin_axi_write(struct twin_axi_manager *m, uint64_t addr, uint32_t len, const uint8_t *src);
int twin_axi_reads_done(const struct twin_axi_manager *m);
int twin_axi_writes_done(const struct twin_axi_manager *m);   /* all B received */
int twin_axi_idle(const struct twin_axi_manager *m);

/* Error responses. The manager completes a burst whatever its RRESP/BRESP
 * (the data of a failed read is stored as received); it records the first
 * SLVERR or DECERR seen since creation, reset or the last clear, so an
 * engine can stop and report which transfer failed. */
struct twin_axi_error {
    uint8_t resp;           /* AXI_RESP_SLVERR or AXI_RESP_DECERR */
    uint8_t write;          /* 0: R channel (a read), 1: B channel (a write) */
    uint64_t addr;          /* AxADDR of the failing burst */
    const uint8_t *buf;     /* engine buffer byte of the burst's first transfer byte */
};
/* 1 and *e filled when an error response was recorded, else 0. */
int twin_axi_error(const struct twin_axi_manager *m, struct twin_axi_error *e);
void twin_axi_clear_error(struct twin_axi_manager *m);

void twin_axi_eval(struct twin_axi_manager *m, struct axi_pins *p);          /* drive outputs */
void twin_axi_posedge(struct twin_axi_manager *m, const struct axi_pins *p); /* handshakes */
void twin_axi_describe(const struct twin_axi_manager *m, char *buf, unsigned len);

#endif
