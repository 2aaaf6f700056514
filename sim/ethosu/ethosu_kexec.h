/* ethosu_kexec: the data side of one kernel operation on the twin: it reads
 * the operation's inputs over AXI, computes (ethosu_kcompute) and writes the
 * OFM over AXI. The command processor (ethosu_cmdproc) sequences it and
 * owns the ports:
 *
 *   prepare   plan every transfer of the decoded operation (ethosu_kop)
 *   reads     IFM, IFM2 (unless scalar), weight streams, scale streams,
 *             each on the AXI port its region maps to (REGIONCFG), as
 *             bursts of the exact element runs (ethosu_fm_layout). Core 0's
 *             weight stream goes through the weight channel when one is
 *             attached (so the WD debug port shows it), else it is read here.
 *   compute   decode the weight streams (golden/ethosu/ethosu_mlw.h), invert the
 *             block order to dense OHWI (ethosu_wdense), parse the scale
 *             streams (ethosu_scale), call the golden model, pack the OFM
 *             in its layout; in the cycle the last read lands (model).
 *   writes    the OFM's runs on M0 (TRM 3.3.3: writes use AXI port 0); on
 *             the Ethos-U85, whose SRAM and EXT ports both write, on the
 *             port of the OFM's region.
 */
#ifndef ETHOSU_KEXEC_H
#define ETHOSU_KEXEC_H

#include <stddef.h>
#include <stdint.h>
#include "axi_manager.h"
#include "ethosu_fm_layout.h"
#include "ethosu_kop.h"
#include "ethosu_weightch.h"

/* What an Ethos-U85 operation leaves for the next one (ethosu_kexec85.c):
 * the OFM of a CHAINED store, by chain buffer (the region number), and the
 * accumulators of an operation with acc_output DISABLE (for acc_input KEEP). */
#define ETHOSU_KX_CHAINS 8u
struct ethosu_kx_carry {
    int32_t *chain[ETHOSU_KX_CHAINS];
    uint32_t chain_h[ETHOSU_KX_CHAINS], chain_w[ETHOSU_KX_CHAINS], chain_c[ETHOSU_KX_CHAINS];
    int64_t *acc;
    uint32_t acc_h, acc_w, acc_c;
};

struct ethosu_kexec {
    struct ethosu_kop op;
    struct ethosu_fml_io ifm, ifm2, ofm;
    int read_ifm, read_ifm2, write_ofm;  /* the maps that live in memory */
    struct ethosu_fm_layout ofm_stored;  /* the OFM as written (U85: transposed) */
    struct ethosu_kx_carry carry;
    uint8_t *wbuf[ETHOSU_KOP_STREAMS], *sbuf[ETHOSU_KOP_STREAMS]; /* weight / scale streams read here */
    int wch_core0;                    /* core 0's weights came through the weight channel */
    struct ethosu_weightch *wch;
    int32_t *d_ifm, *d_ifm2, *d_ofm;  /* dense tensors */
    int ofm_packed_only;              /* ethosu_ew_bytes computed the OFM: in ofm.buf, d_ofm not filled */
    int32_t *d_w;
    int64_t *bias;
    uint32_t *scale;
    uint8_t *shift;
    /* statistics */
    uint64_t ops, macs;
};

void ethosu_kx_init(struct ethosu_kexec *kx);
void ethosu_kx_free(struct ethosu_kexec *kx);

/* Take op and plan its transfers. 0, or -1 (out of memory, err says). */
int ethosu_kx_prepare(struct ethosu_kexec *kx, const struct ethosu_kop *op, char *err, size_t len);
/* Ports the reads use: bit 0 M0, bit 1 M1. */
unsigned ethosu_kx_read_ports(const struct ethosu_kexec *kx);
/* Queue every read on axi[port]; wch (may be NULL) reads core 0's weights. */
void ethosu_kx_issue_reads(struct ethosu_kexec *kx, struct axi_manager *const axi[2], struct ethosu_weightch *wch);
/* Every read landed (and the weight channel decoded its stream). */
int ethosu_kx_reads_landed(const struct ethosu_kexec *kx, struct axi_manager *const axi[2]);
/* Compute the OFM. lut: the LUT memory from the selected slot on. 0, or -1
 * with the reason in err (a weight stream the decoder rejects, weights or
 * scales that do not fit the operation, parameters the golden model
 * refuses). */
int ethosu_kx_compute(struct ethosu_kexec *kx, const uint8_t *lut, size_t lut_len, char *err, size_t len);
/* The port the OFM is written on: 0 (M0) on the U55/U65, the OFM region's on the U85. */
unsigned ethosu_kx_write_port(const struct ethosu_kexec *kx);
/* Queue the OFM's writes on m (the manager of ethosu_kx_write_port). */
void ethosu_kx_issue_writes(struct ethosu_kexec *kx, struct axi_manager *m);
/* The Ethos-U85's compute (ethosu_kexec85.c): as ethosu_kx_compute. */
int ethosu_kx85_compute(struct ethosu_kexec *kx, const uint8_t *lut, size_t lut_len, char *err, size_t len);
/* Its planning part of ethosu_kx_prepare: which maps are in memory, the stored OFM. */
int ethosu_kx85_plan(struct ethosu_kexec *kx, char *err, size_t len);
/* Drop what U85 operations left (a reset). */
void ethosu_kx85_carry_free(struct ethosu_kx_carry *c);

/* The dense OFM of the last computed operation (op.ofm shape). */
const int32_t *ethosu_kx_ofm(struct ethosu_kexec *kx);

#endif
