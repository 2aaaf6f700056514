/* ethosu_driver: what the Ethos-U65 driver flows of the TRM need, written
 * against the APB BFM: soft reset with the PROT levels to take, region and
 * base-pointer setup, command-stream building (golden/ethosu/ethosu_cmd.h
 * encodings) and running a stream to its IRQ. Register accesses go through
 * ctx->seq.regs, so the flows run on the C harness and on the TLM platform. */
#ifndef ETHOSU_DRIVER_H
#define ETHOSU_DRIVER_H

#include <stddef.h>
#include <stdint.h>
#include "ethosu_seq.h"

/* PPROT values: bit 0 privileged, bit 1 non-secure. */
#define ETHOSU_PPROT_PRIV_SECURE 0x1u

/* A command stream under construction. */
#define ETHOSU_STREAM_MAX 256
struct ethosu_stream {
    uint32_t w[ETHOSU_STREAM_MAX];
    size_t n;
};
void ethosu_stream_init(struct ethosu_stream *s);
void ethosu_stream_cmd0(struct ethosu_stream *s, uint16_t opcode, uint16_t param);
void ethosu_stream_cmd1(struct ethosu_stream *s, uint16_t opcode, uint16_t param, uint32_t payload);
void ethosu_stream_word(struct ethosu_stream *s, uint32_t raw);   /* e.g. a reserved opcode */

/* Soft reset through RESET with the pending levels, then wait until
 * STATUS.reset_status clears, then ethosu_port_attrs(). prot is the PPROT of
 * the RESET write. */
int ethosu_soft_reset(struct ethosu_seq_ctx *ctx, unsigned pending_cpl, unsigned pending_csl, uint8_t prot);
/* On an Ethos-U85 configuration: MEM_ATTR0/1 on the SRAM port (M0), 2/3 on
 * the EXT port (M1), as Arm's U85 driver sets them, so a region or QCONFIG
 * setting means the same port on every product (0/1: M0, 2/3: M1). Nothing
 * on the U55/U65. */
int ethosu_port_attrs(struct ethosu_seq_ctx *ctx);
/* Region n: base address in BASEP(2n)/BASEP(2n+1) and its REGIONCFG port
 * setting (0/1: M0, 2/3: M1). */
int ethosu_set_region(struct ethosu_seq_ctx *ctx, unsigned region, uint64_t base, unsigned cfg);
/* Put the stream in memory at addr behind port qcfg (0/1 M0, 2/3 M1),
 * program QBASE/QSIZE/QCONFIG and start it (CMD run). */
int ethosu_start_stream(struct ethosu_seq_ctx *ctx, const struct ethosu_stream *s, uint64_t addr, unsigned qcfg);
/* The same for a stream of any length already in words[0..n). */
int ethosu_start_words(struct ethosu_seq_ctx *ctx, const uint32_t *words, size_t n, uint64_t addr, unsigned qcfg);
/* Wait for IRQ, read STATUS into *status, check the IRQ is reported there. */
int ethosu_wait_irq(struct ethosu_seq_ctx *ctx, uint64_t timeout, uint32_t *status);
/* Clear STATUS.irq_raised (CMD.clear_irq) and check IRQ falls. */
int ethosu_clear_irq(struct ethosu_seq_ctx *ctx);
int ethosu_read(struct ethosu_seq_ctx *ctx, uint32_t addr, uint32_t *v);
int ethosu_write(struct ethosu_seq_ctx *ctx, uint32_t addr, uint32_t v);

#endif
