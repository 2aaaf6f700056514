/* ethosu_cmdproc: the Ethos-U65 command processor of the C twin (TRM 3.3.2,
 * 3.3.3, 4.6): fetches the command stream over AXI, decodes it with
 * golden/ethosu/ethosu_cmd.h, keeps the NPU_SET_* state, runs the mem2mem DMA and
 * reports through the STATUS register of an ethosu_regfile.
 *
 * Behaviour (decisions where the TRM is silent are marked "model"):
 *  - CMD.transition_to_running_state while stopped: state = running and the
 *    stream is read from QBASE + QREAD up to QSIZE bytes on the AXI port
 *    QCONFIG selects (0/1: M0, 2/3: M1), in chunks of up to 64 bytes.
 *    QREAD is advanced past each command as it completes. Ignored while
 *    running, and (model) while STATUS.bus_status or cmd_parse_error is set:
 *    both are cleared only by a reset.
 *  - One command is executed per cycle. NPU_SET_* store their value
 *    (cmd1: param bits [47:32] and payload [31:0]).
 *  - NPU_OP_IRQ / NPU_OP_STOP wait until every earlier operation (DMA,
 *    kernel) has completed, then OR mask into STATUS.irq_history_mask and raise the IRQ;
 *    STOP also enters the stopped state (CMD run resumes after it).
 *  - NPU_OP_DMA_START queues a descriptor (two per channel: it blocks while
 *    two are active); the DMA copies BASEP[src_region] + DMA0_SRC to
 *    BASEP[dst_region] + DMA0_DST, DMA0_LEN bytes per inner transfer.
 *    Reads use the port REGIONCFG gives the source region; writes use M0
 *    (TRM 3.3.3: write DMA channels always use AXI port 0), on the Ethos-U85
 *    the destination region's port (its SRAM and EXT ports both read and
 *    write; REGIONCFG -> MEM_ATTR[n].axi_port). U55/U65 2D/3D stride
 *    modes (model): DMA0_SIZE0 inner transfers per plane, DMA0_SIZE1 planes;
 *    on a side in 2D/3D mode, DMA0_SKIP0 bytes are skipped after each inner
 *    transfer and DMA0_SKIP1 more after each plane; a side in 1D mode is
 *    contiguous. The Ethos-U85 (model, the same walk): one stride mode for
 *    both sides (DMA0_SRC_REGION), DMA0_SIZE0 rows of DMA0_LEN bytes,
 *    DMA0_SIZE1 planes, each side its own signed SRC/DST_STRIDE0 between
 *    rows and STRIDE1 between planes. A destination with bit 8 set (internal SHRAM) is read into
 *    the SHRAM model at DMA0_DST, no region base (ETHOSU_CP_SHRAM_BYTES;
 *    bytes beyond it dropped): the LUT slots kernel operations read.
 *  - NPU_OP_DMA_WAIT k: waits until at most k descriptors are active (data
 *    written, B received). NPU_OP_PMU_MASK: no-op.
 *  - Kernel operations (CONV, DEPTHWISE, POOL, ELEMENTWISE) are decoded at
 *    the command (ethosu_kop: the state is captured), logged on one line and
 *    executed in the background by ethosu_kexec: reads on the ports their
 *    regions map to (one reader per port: it waits for the ports), the
 *    golden computation when the last read lands, the OFM written on M0
 *    (on the Ethos-U85 on its region's port).
 *    Core 0's weight stream goes through the weight channel (WD port; the
 *    op completes when its last weight is out). One kernel operation at a
 *    time: the next one, NPU_OP_KERNEL_WAIT 0, STOP, IRQ and the end of the
 *    stream wait for it. A malformed one (decode, weights, scales, golden
 *    model) sets STATUS.cmd_parse_error, stops the NPU and raises the IRQ
 *    (as a parse error), logging its index, stream offset and disassembly;
 *    a decode error leaves QREAD on it.
 *  - End of stream (QREAD reaches QSIZE): STATUS.cmd_end_reached = 1. If the
 *    last command was not a STOP, (model) the NPU enters the stopped state
 *    once its DMA has completed, without an IRQ.
 *  - A reserved opcode (or a cmd1 cut by QSIZE): STATUS.cmd_parse_error = 1,
 *    (model) stopped state and IRQ raised; QREAD points at the bad command.
 *  - An AXI SLVERR/DECERR response: STATUS.bus_status = 1,
 *    faulting_interface = the port, faulting_channel = 0 (command read),
 *    4 (mem2mem read) or 9 (mem2mem write); (model) stopped state and IRQ
 *    raised. Nothing new is issued; bursts already queued drain. Kernel
 *    channels: 1 IFM/IFM2 read, 2 weights, 3 scale, 8 OFM write.
 *  - AXI: one manager per port (ID 0, INCR bursts of at most 16 beats that
 *    never cross 4 KB, 4 reads and 4 writes outstanding); per port one
 *    reader at a time (command fetch, DMA chunk or a kernel's reads). AXI_LIMITn and the
 *    memtype/AxPROT encodings are stored but not applied (model).
 *  - Soft reset (RESET written): nothing new is issued, the AXI managers
 *    drain (TRM 3.2), then after ETHOSU_CP_RESET_CYCLES cycles the register
 *    file is cleared (ethosu_rf_soft_reset_finish) and the processor reset.
 */
#ifndef ETHOSU_CMDPROC_H
#define ETHOSU_CMDPROC_H

#include <stdint.h>
#include "ethosu_regfile.h"
#include "ethosu_kexec.h"
#include "ethosu_weightch.h"
#include "axi_manager.h"

#define ETHOSU_CP_FETCH_BYTES 64u
#define ETHOSU_CP_DMA_CHUNK 256u
#define ETHOSU_CP_DMA_DESCS 2u
#define ETHOSU_CP_RESET_CYCLES 8u
/* The shared buffer (SHRAM) as DMA with an internal destination sees it:
 * 48 KB, the activation LUT in its last two banks minus the two reserved
 * ones (Vela: shram_lut_address = 46 KB on Ethos-U65), slots of 256 bytes. */
#define ETHOSU_CP_SHRAM_BYTES (48u * 1024u)
#define ETHOSU_CP_LUT_BASE (46u * 1024u)
#define ETHOSU_CP_LUT_BYTES 2048u
#define ETHOSU_CP_LUT_SLOT 256u

enum ethosu_cp_kphase {
    ETHOSU_CP_K_NONE,      /* no kernel operation outstanding */
    ETHOSU_CP_K_PORTS,     /* issued, waiting for its read ports */
    ETHOSU_CP_K_READ,      /* inputs being read */
    ETHOSU_CP_K_WRITE,     /* OFM being written (and weights shown on the WD port) */
};

enum ethosu_cp_phase {
    ETHOSU_CP_IDLE,        /* stopped */
    ETHOSU_CP_RUN,         /* fetching / executing */
    ETHOSU_CP_WAIT,        /* a blocking command waits (DMA_START, DMA_WAIT, IRQ, STOP) */
    ETHOSU_CP_ENDING,      /* end of stream: waiting for DMA before stopping */
    ETHOSU_CP_HALTED,      /* bus abort or parse error: until reset */
    ETHOSU_CP_RESETTING,   /* soft reset: draining AXI, clearing */
};

struct ethosu_cp_dma {
    uint64_t src, dst;           /* absolute addresses of the first byte */
    uint64_t len;                /* bytes per inner transfer */
    uint64_t skip0, skip1;
    uint32_t size0, size1;       /* inner transfers per plane, planes */
    int64_t src_rs, src_ps, dst_rs, dst_ps; /* row and plane steps of each side (bytes, signed) */
    uint8_t src_mode, dst_mode;  /* 0 1D, 1 2D, 2 3D */
    uint8_t src_port;
    uint8_t dst_port;            /* M0 on the U55/U65; the destination region's on the U85 */
    uint8_t dst_internal;
    /* progress */
    uint32_t row, plane;
    uint64_t off;                /* bytes of the current inner transfer issued */
};

typedef void (*ethosu_cp_log_fn)(void *ctx, const char *line);

struct ethosu_cmdproc {
    struct ethosu_regfile *rf;
    struct axi_manager *axi[2];    /* M0, M1 (not owned) */
    enum ethosu_cp_phase phase;
    unsigned reset_count;
    /* command fetch */
    uint8_t fbuf[ETHOSU_CP_FETCH_BYTES];
    uint32_t f_off, f_len;        /* stream offset and bytes of fbuf; f_len 0 = empty */
    int f_busy;                   /* a fetch is in flight */
    uint8_t f_port;
    uint32_t f_req_off, f_req_len;
    uint8_t rd_owner[2];          /* per port: 0 free, 1 fetch, 2 DMA */
    /* state */
    uint16_t set0[0x200];         /* cmd0 NPU_SET_* params by opcode */
    uint64_t set1[0x100];         /* cmd1 values by opcode & 0xFF: param << 32 | payload */
    uint16_t cur_opcode;          /* command waiting in ETHOSU_CP_WAIT */
    uint16_t cur_param;
    uint32_t cur_words;
    /* DMA */
    struct ethosu_cp_dma dma[ETHOSU_CP_DMA_DESCS];
    unsigned dma_n;               /* active descriptors, dma[0] executing */
    uint8_t dbuf[2][ETHOSU_CP_DMA_CHUNK];
    uint8_t d_reading;            /* a chunk read is in flight into dbuf[d_cur] */
    uint8_t d_cur;
    uint32_t d_chunk_len;
    uint64_t d_chunk_dst;
    uint8_t d_wr_pending[2];      /* dbuf[i] is being written */
    uint8_t d_wr_port;            /* the port those writes are on */
    int d_all_issued;             /* dma[0] has issued every chunk */
    uint8_t dst_port_warned;
    /* weight channel of kernel operations (may be NULL: weights read by kx) */
    struct ethosu_weightch *wch;
    /* kernel operation in the background (one at a time) */
    struct ethosu_kexec kx;
    enum ethosu_cp_kphase k_phase;
    unsigned k_ports;             /* read ports it owns */
    int k_failed;                 /* the computation was refused: k_err */
    char k_err[320];
    uint8_t shram[ETHOSU_CP_SHRAM_BYTES];
    uint8_t shram_warned;
    unsigned cores;               /* 1 or 2 (ethosu_cp_set_cores) */
    char *dump_dir;               /* ETHOSU_DUMP: OFM of each kernel op as .npy here (NULL: off) */
    /* statistics */
    uint64_t n_cmds, n_kernels, n_dma, dma_bytes;
    ethosu_cp_log_fn log;
    void *log_ctx;
};

/* Both managers must exist for the processor's lifetime; rf too. */
void ethosu_cp_init(struct ethosu_cmdproc *cp, struct ethosu_regfile *rf, struct axi_manager *m0,
                    struct axi_manager *m1);
/* Hard reset of the processor (the managers and the register file are reset by the caller). */
void ethosu_cp_reset(struct ethosu_cmdproc *cp);
/* Attach the weight channel kernel operations feed (not owned). */
void ethosu_cp_set_weightch(struct ethosu_cmdproc *cp, struct ethosu_weightch *wch);
/* Cores of the configuration (1: ethos-u65-256, 2: ethos-u65-512). */
void ethosu_cp_set_cores(struct ethosu_cmdproc *cp, unsigned cores);
/* Write every kernel operation's OFM to dir/op_<index>_<name>.npy
 * (ethosu_npy_dump.h; index counts kernel operations from the reset, 3
 * digits at least; name conv, depthwise, pool or elementwise). NULL: off.
 * 0, or -1 out of memory. */
int ethosu_cp_set_dump(struct ethosu_cmdproc *cp, const char *dir);
/* Release what the processor allocated (kernel buffers, dump folder name). */
void ethosu_cp_free(struct ethosu_cmdproc *cp);
/* Log sink for kernel operations and faults (NULL: print "ethosu twin: ..." on stdout). */
void ethosu_cp_set_log(struct ethosu_cmdproc *cp, ethosu_cp_log_fn fn, void *ctx);
/* Events from ethosu_rf_write (ETHOSU_RF_EV_*). */
void ethosu_cp_event(struct ethosu_cmdproc *cp, unsigned ev);
/* One clock edge, after the managers' posedge. */
void ethosu_cp_step(struct ethosu_cmdproc *cp);
/* Nothing pending: stopped or halted with no AXI traffic. */
int ethosu_cp_quiet(const struct ethosu_cmdproc *cp);
const char *ethosu_cp_phase_name(enum ethosu_cp_phase p);
void ethosu_cp_describe(const struct ethosu_cmdproc *cp, char *buf, unsigned len);

#endif
