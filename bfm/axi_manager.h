/* axi_manager: an AXI4 manager at pin level (both C twins drive their
 * memory ports with it). Engines queue byte
 * ranges to read into or write from their own buffers; the manager splits
 * them into INCR bursts (at most max_beats, never across 4 KB), keeps
 * several bursts outstanding and drives the pins. Buffers must stay valid
 * until axi_manager_idle() returns 1. Reads complete in request order (one
 * ID), as NVDLA expects. */
#ifndef AXI_MANAGER_H
#define AXI_MANAGER_H

#include <stdint.h>
#include "axi_pins.h"

struct axi_manager;

struct axi_manager *axi_manager_create(unsigned data_bytes, unsigned max_beats,
                                         unsigned max_rd_outstanding,
                                         unsigned max_wr_outstanding, uint32_t id);
void axi_manager_destroy(struct axi_manager *m);
void axi_manager_reset(struct axi_manager *m);

/* Queue a transfer; len may be any size, addr any alignment. */
void axi_manager_read(struct axi_manager *m, uint64_t addr, uint32_t len, uint8_t *dst);
void axi_manager_write(struct axi_manager *m, uint64_t addr, uint32_t len, const uint8_t *src);
int axi_manager_reads_done(const struct axi_manager *m);
int axi_manager_writes_done(const struct axi_manager *m);   /* all B received */
int axi_manager_idle(const struct axi_manager *m);

/* Error responses. The manager completes a burst whatever its RRESP/BRESP
 * (the data of a failed read is stored as received); it records the first
 * SLVERR or DECERR seen since creation, reset or the last clear, so an
 * engine can stop and report which transfer failed. */
struct axi_manager_error {
    uint8_t resp;           /* AXI_RESP_SLVERR or AXI_RESP_DECERR */
    uint8_t write;          /* 0: R channel (a read), 1: B channel (a write) */
    uint64_t addr;          /* AxADDR of the failing burst */
    const uint8_t *buf;     /* engine buffer byte of the burst's first transfer byte */
};
/* 1 and *e filled when an error response was recorded, else 0. */
int axi_manager_error(const struct axi_manager *m, struct axi_manager_error *e);
void axi_manager_clear_error(struct axi_manager *m);

void axi_manager_eval(struct axi_manager *m, struct axi_pins *p);          /* drive outputs */
void axi_manager_posedge(struct axi_manager *m, const struct axi_pins *p); /* handshakes */
void axi_manager_describe(const struct axi_manager *m, char *buf, unsigned len);

#endif
