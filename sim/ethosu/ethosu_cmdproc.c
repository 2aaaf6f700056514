/* ethosu_cmdproc: see ethosu_cmdproc.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ethosu_cmd.h"
#include "ethosu_cmdproc.h"
#include "ethosu_kop.h"
#include "ethosu_npy_dump.h"
#include "sim_output_error.h"

#define CH_CMD_READ 0u
#define CH_IFM_READ 1u
#define CH_WEIGHTS_READ 2u
#define CH_SCALE_READ 3u
#define CH_M2M_READ 4u
#define CH_OFM_WRITE 8u
#define CH_M2M_WRITE 9u

#define M48 ((uint64_t)0xFFFFFFFFFFFFu)

enum { OWN_NONE = 0, OWN_FETCH = 1, OWN_DMA = 2, OWN_KERNEL = 3 };

void ethosu_cp_init(struct ethosu_cmdproc *cp, struct ethosu_regfile *rf, struct axi_manager *m0,
                    struct axi_manager *m1)
{
    memset(cp, 0, sizeof *cp);
    cp->rf = rf;
    cp->axi[0] = m0;
    cp->axi[1] = m1;
    cp->cores = 1;
    ethosu_kx_init(&cp->kx);
}

void ethosu_cp_free(struct ethosu_cmdproc *cp)
{
    ethosu_kx_free(&cp->kx);
    free(cp->dump_dir);
    cp->dump_dir = NULL;
}

void ethosu_cp_set_cores(struct ethosu_cmdproc *cp, unsigned cores)
{
    cp->cores = cores == 2 ? 2u : 1u;
}

int ethosu_cp_set_dump(struct ethosu_cmdproc *cp, const char *dir)
{
    char *d = NULL;
    if (dir && !(d = malloc(strlen(dir) + 1)))
        return -1;
    if (d)
        strcpy(d, dir);
    free(cp->dump_dir);
    cp->dump_dir = d;
    return 0;
}

void ethosu_cp_reset(struct ethosu_cmdproc *cp)
{
    struct ethosu_regfile *rf = cp->rf;
    struct axi_manager *m0 = cp->axi[0], *m1 = cp->axi[1];
    ethosu_cp_log_fn log = cp->log;
    void *ctx = cp->log_ctx;
    struct ethosu_weightch *wch = cp->wch;
    unsigned cores = cp->cores;
    char *dump = cp->dump_dir;
    uint64_t n_kernels = cp->n_kernels;
    ethosu_kx_free(&cp->kx);
    ethosu_cp_init(cp, rf, m0, m1);   /* the SHRAM (LUTs) is cleared too: TRM 3.2 */
    cp->log = log;
    cp->log_ctx = ctx;
    cp->wch = wch;
    cp->cores = cores;
    cp->dump_dir = dump;
    cp->n_kernels = n_kernels;   /* dump file indices stay unique across resets */
    if (wch)
        ethosu_wch_reset(wch);
}

void ethosu_cp_set_weightch(struct ethosu_cmdproc *cp, struct ethosu_weightch *wch)
{
    cp->wch = wch;
}

void ethosu_cp_set_log(struct ethosu_cmdproc *cp, ethosu_cp_log_fn fn, void *ctx)
{
    cp->log = fn;
    cp->log_ctx = ctx;
}

static void logf_(struct ethosu_cmdproc *cp, const char *fmt, ...)
{
    char line[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (cp->log)
        cp->log(cp->log_ctx, line);
    else
        printf("ethosu twin: %s\n", line);
}

const char *ethosu_cp_phase_name(enum ethosu_cp_phase p)
{
    switch (p) {
    case ETHOSU_CP_IDLE: return "stopped";
    case ETHOSU_CP_RUN: return "running";
    case ETHOSU_CP_WAIT: return "waiting";
    case ETHOSU_CP_ENDING: return "ending";
    case ETHOSU_CP_HALTED: return "halted";
    case ETHOSU_CP_RESETTING: return "resetting";
    }
    return "?";
}

/* ---- register helpers --------------------------------------------------- */

static uint32_t qread(const struct ethosu_cmdproc *cp) { return ethosu_rf_get(cp->rf, ETHOSU_QREAD_IDX); }
static uint32_t qsize(const struct ethosu_cmdproc *cp) { return ethosu_rf_get(cp->rf, ETHOSU_QSIZE_IDX) & ~3u; }

static void set_state(struct ethosu_cmdproc *cp, int running)
{
    ethosu_rf_status_set(cp->rf, ETHOSU_STATUS_STATE_MASK, running ? ETHOSU_STATUS_STATE_MASK : 0);
}

static void stop(struct ethosu_cmdproc *cp)
{
    set_state(cp, 0);
    cp->phase = ETHOSU_CP_IDLE;
}

static void halt(struct ethosu_cmdproc *cp)
{
    set_state(cp, 0);
    cp->phase = ETHOSU_CP_HALTED;
    cp->dma_n = 0;
    cp->d_all_issued = 0;
    ethosu_rf_raise_irq(cp->rf, 0);
}

/* The command set of the configuration: 2.0 on the Ethos-U85. */
static int is_u85(const struct ethosu_cmdproc *cp)
{
    return ethosu_rf_config(cp->rf)->product == ETHOSU_PRODUCT_U85;
}

static uint16_t s0(const struct ethosu_cmdproc *cp, uint16_t opcode) { return cp->set0[opcode & 0x1FFu]; }
static uint64_t s1(const struct ethosu_cmdproc *cp, uint16_t opcode) { return cp->set1[opcode & 0xFFu]; }
static int64_t s1s(const struct ethosu_cmdproc *cp, uint16_t opcode)   /* a stride: signed in the address width */
{
    return ethosu_fml_stride(s1(cp, opcode) & M48, ETHOSU_KOP_ADDR_BITS);
}

/* ---- faults ------------------------------------------------------------- */

static int in_buf(const uint8_t *p, const uint8_t *buf, size_t len)
{
    return buf && p >= buf && p < buf + len;
}

/* The TRM's faulting_channel of a failed burst, from the buffer it moves. */
static unsigned channel_of(const struct ethosu_cmdproc *cp, const struct axi_manager_error *e)
{
    const struct ethosu_kexec *kx = &cp->kx;
    if (e->write)
        return in_buf(e->buf, kx->ofm.buf, kx->ofm.bytes) ? CH_OFM_WRITE : CH_M2M_WRITE;
    if (in_buf(e->buf, cp->fbuf, sizeof cp->fbuf))
        return CH_CMD_READ;
    if (in_buf(e->buf, kx->ifm.buf, kx->ifm.bytes) || in_buf(e->buf, kx->ifm2.buf, kx->ifm2.bytes))
        return CH_IFM_READ;
    if ((cp->wch && in_buf(e->buf, cp->wch->buf, cp->wch->cap)) ||
        in_buf(e->buf, kx->wbuf[0], kx->op.weights[0].len) || in_buf(e->buf, kx->wbuf[1], kx->op.weights[1].len))
        return CH_WEIGHTS_READ;
    if (in_buf(e->buf, kx->sbuf[0], kx->op.scales[0].len) || in_buf(e->buf, kx->sbuf[1], kx->op.scales[1].len))
        return CH_SCALE_READ;
    return CH_M2M_READ;
}

static const char *channel_name(unsigned ch)
{
    switch (ch) {
    case CH_CMD_READ: return "command read";
    case CH_IFM_READ: return "IFM read";
    case CH_WEIGHTS_READ: return "weights read";
    case CH_SCALE_READ: return "scale read";
    case CH_M2M_READ: return "mem2mem read";
    case CH_OFM_WRITE: return "OFM write";
    }
    return "mem2mem write";
}

static void check_errors(struct ethosu_cmdproc *cp)
{
    for (unsigned port = 0; port < 2; port++) {
        struct axi_manager_error e;
        if (!axi_manager_error(cp->axi[port], &e))
            continue;
        axi_manager_clear_error(cp->axi[port]);
        if (cp->phase == ETHOSU_CP_HALTED || cp->phase == ETHOSU_CP_RESETTING)
            continue;   /* the first abort is the one reported */
        unsigned ch = channel_of(cp, &e);
        ethosu_rf_status_set(cp->rf,
                             ETHOSU_STATUS_BUS_STATUS_MASK | ETHOSU_STATUS_FAULTING_INTERFACE_MASK |
                                 ETHOSU_STATUS_FAULTING_CHANNEL_MASK,
                             ETHOSU_STATUS_BUS_STATUS_MASK | port << ETHOSU_STATUS_FAULTING_INTERFACE_SHIFT |
                                 ch << ETHOSU_STATUS_FAULTING_CHANNEL_SHIFT);
        logf_(cp, "bus abort: %s on M%u %s channel (burst at 0x%" PRIx64 "), QREAD 0x%x: halted until reset",
              e.resp == AXI_RESP_DECERR ? "DECERR" : "SLVERR", port,
              channel_name(ch),
              e.addr, qread(cp));
        halt(cp);
    }
}

static void parse_error(struct ethosu_cmdproc *cp, uint32_t w0, const char *why)
{
    ethosu_rf_status_set(cp->rf, ETHOSU_STATUS_CMD_PARSE_ERROR_MASK, ETHOSU_STATUS_CMD_PARSE_ERROR_MASK);
    logf_(cp, "command parse error at QREAD 0x%x: word 0x%08x: %s: halted until reset", qread(cp), w0, why);
    halt(cp);
}

/* ---- DMA ---------------------------------------------------------------- */

/* The SHRAM one core sees (the configuration's CONFIG.shram_size over its
 * cores), and the activation LUT in its last 2 KiB (Vela: the banks below
 * the reserved ones, or the last two when none are reserved: 46 KiB on
 * ethos-u65 and u55-256, 22 KiB on u55-128, 14 KiB on u55-64 and -32). */
static uint32_t shram_bytes(const struct ethosu_cmdproc *cp)
{
    const struct ethosu_config_desc *cfg = ethosu_rf_config(cp->rf);
    if (cfg->product == ETHOSU_PRODUCT_U85)
        return ETHOSU_CP_LUT_BYTES;   /* the U85's internal DMA target: its 2 KiB LUT RAM, tables from 0 */
    uint32_t b = (uint32_t)cfg->shram_kb / cfg->cores * 1024u;
    return b < ETHOSU_CP_SHRAM_BYTES ? b : ETHOSU_CP_SHRAM_BYTES;
}

static uint32_t lut_base(const struct ethosu_cmdproc *cp)
{
    return shram_bytes(cp) - ETHOSU_CP_LUT_BYTES;
}

static uint64_t dma_side(const struct ethosu_cp_dma *d, uint64_t base, int64_t row_step, int64_t plane_step)
{
    return (base + (uint64_t)((int64_t)d->row * row_step) + (uint64_t)((int64_t)d->plane * plane_step) + d->off) &
           ETHOSU_ADDR_MASK;
}

static void dma_dims(const struct ethosu_cp_dma *d, uint32_t *rows, uint32_t *planes)
{
    unsigned mode = d->src_mode > d->dst_mode ? d->src_mode : d->dst_mode;
    *rows = mode >= 1 ? d->size0 : 1;
    *planes = mode >= 2 ? d->size1 : 1;
}

/* The U55/U65's steps: a row is LEN + SKIP0 bytes on a side in 2D or 3D
 * mode, a plane the rows plus SKIP1 in 3D mode. */
static void dma_steps_u65(struct ethosu_cp_dma *d)
{
    uint32_t rows, planes;
    dma_dims(d, &rows, &planes);
    uint8_t mode[2] = { d->src_mode, d->dst_mode };
    int64_t *rs[2] = { &d->src_rs, &d->dst_rs }, *ps[2] = { &d->src_ps, &d->dst_ps };
    for (unsigned k = 0; k < 2; k++) {
        uint64_t row = mode[k] >= 1 ? d->len + d->skip0 : d->len;
        *rs[k] = (int64_t)row;
        *ps[k] = (int64_t)(rows * row + (mode[k] == 2 ? d->skip1 : 0));
    }
}

/* A DMA chunk to the internal SHRAM (the LUT slots): kept; bytes past its end dropped. */
static void shram_store(struct ethosu_cmdproc *cp, uint64_t addr, const uint8_t *src, uint32_t len)
{
    uint64_t end = addr + len, size = shram_bytes(cp);
    if (end > size) {
        if (!cp->shram_warned)
            logf_(cp, "DMA to SHRAM 0x%" PRIx64 "..0x%" PRIx64 " ends beyond its %" PRIu64 " bytes: the excess is "
                  "dropped", addr, end, size);
        cp->shram_warned = 1;
        if (addr >= size)
            return;
        len = (uint32_t)(size - addr);
    }
    memcpy(cp->shram + addr, src, len);
}

static void dma_step(struct ethosu_cmdproc *cp)
{
    struct axi_manager *wr = cp->axi[cp->d_wr_port];   /* the port of the chunks in flight */
    if (cp->d_reading) {
        struct ethosu_cp_dma *d = &cp->dma[0];
        struct axi_manager *rd = cp->axi[cp->d_reading - 1];
        if (axi_manager_reads_done(rd)) {
            cp->rd_owner[cp->d_reading - 1] = OWN_NONE;
            cp->d_reading = 0;
            if (cp->phase != ETHOSU_CP_HALTED && cp->phase != ETHOSU_CP_RESETTING && cp->dma_n) {
                if (d->dst_internal) {
                    shram_store(cp, cp->d_chunk_dst, cp->dbuf[cp->d_cur], cp->d_chunk_len);
                } else {
                    wr = cp->axi[cp->d_wr_port = d->dst_port];
                    axi_manager_write(wr, cp->d_chunk_dst, cp->d_chunk_len, cp->dbuf[cp->d_cur]);
                    cp->d_wr_pending[cp->d_cur] = 1;
                    cp->d_cur ^= 1;
                }
            }
            cp->dma_bytes += cp->d_chunk_len;
        }
    }
    if (axi_manager_writes_done(wr))
        cp->d_wr_pending[0] = cp->d_wr_pending[1] = 0;
    if (cp->phase == ETHOSU_CP_HALTED || cp->phase == ETHOSU_CP_RESETTING || !cp->dma_n)
        return;
    struct ethosu_cp_dma *d = &cp->dma[0];
    uint32_t rows, planes;
    dma_dims(d, &rows, &planes);
    if (!cp->d_all_issued && (d->len == 0 || rows == 0 || planes == 0))
        cp->d_all_issued = 1;
    if (!cp->d_reading && !cp->d_all_issued && cp->rd_owner[d->src_port] == OWN_NONE &&
        !cp->d_wr_pending[cp->d_cur]) {
        uint64_t n = d->len - d->off;
        if (n > ETHOSU_CP_DMA_CHUNK)
            n = ETHOSU_CP_DMA_CHUNK;
        uint64_t sa = dma_side(d, d->src, d->src_rs, d->src_ps);
        cp->d_chunk_dst = dma_side(d, d->dst, d->dst_rs, d->dst_ps);
        cp->d_chunk_len = (uint32_t)n;
        axi_manager_read(cp->axi[d->src_port], sa, (uint32_t)n, cp->dbuf[cp->d_cur]);
        cp->rd_owner[d->src_port] = OWN_DMA;
        cp->d_reading = (uint8_t)(d->src_port + 1);
        d->off += n;
        if (d->off == d->len) {
            d->off = 0;
            if (++d->row == rows) {
                d->row = 0;
                if (++d->plane == planes)
                    cp->d_all_issued = 1;
            }
        }
    }
    if (cp->d_all_issued && !cp->d_reading && axi_manager_writes_done(wr)) {
        memmove(&cp->dma[0], &cp->dma[1], (ETHOSU_CP_DMA_DESCS - 1) * sizeof cp->dma[0]);
        cp->dma_n--;
        cp->d_all_issued = 0;
    }
}

/* What the configuration cannot do with this DMA (NULL when it can): the
 * Ethos-U55 has one-dimensional DMA only and 32-bit addresses. */
static const char *dma_refusal(struct ethosu_cmdproc *cp, char *why, size_t len)
{
    const struct ethosu_config_desc *cfg = ethosu_rf_config(cp->rf);
    uint16_t sr = s0(cp, ETHOSU_NPU_SET_DMA0_SRC_REGION), dr = s0(cp, ETHOSU_NPU_SET_DMA0_DST_REGION);
    if (is_u85(cp)) {
        if (((sr >> 11) & 1u) || ((dr >> 11) & 1u)) {
            snprintf(why, len, "an indexed (gather/scatter) DMA (DMA0_SRC_REGION 0x%x, DMA0_DST_REGION 0x%x) is not "
                     "modelled yet", sr, dr);
            return why;
        }
        if (((sr >> 9) & 3u) == 3) {
            snprintf(why, len, "DMA0_SRC_REGION 0x%x: stride_mode 3 is reserved", sr);
            return why;
        }
        if ((sr >> 8) & 1u) {
            snprintf(why, len, "a DMA from internal memory (DMA0_SRC_REGION 0x%x) is not modelled", sr);
            return why;
        }
        return NULL;
    }
    if (cfg->dma_dims < 2 && (((sr >> 9) & 3u) || ((dr >> 9) & 3u))) {
        snprintf(why, len, "a %uD DMA (DMA0_SRC_REGION 0x%x, DMA0_DST_REGION 0x%x): %s has one-dimensional DMA only",
                 1u + (((sr >> 9) & 3u) > ((dr >> 9) & 3u) ? (sr >> 9) & 3u : (dr >> 9) & 3u), sr, dr, cfg->name);
        return why;
    }
    if (cfg->addr_bits >= 40)
        return NULL;
    uint64_t top = (uint64_t)1 << cfg->addr_bits, n = s1(cp, ETHOSU_NPU_SET_DMA0_LEN) & M48;
    uint64_t src = ethosu_rf_region_base(cp->rf, sr & 7u) + (s1(cp, ETHOSU_NPU_SET_DMA0_SRC) & M48);
    uint64_t dst = ethosu_rf_region_base(cp->rf, dr & 7u) + (s1(cp, ETHOSU_NPU_SET_DMA0_DST) & M48);
    int internal = (dr >> 8) & 1u;
    if (src + n > top || (!internal && dst + n > top)) {
        snprintf(why, len, "DMA of %" PRIu64 " bytes from 0x%" PRIx64 " to 0x%" PRIx64 " reaches beyond the %u-bit "
                 "address space of %s", n, src, dst, cfg->addr_bits, cfg->name);
        return why;
    }
    return NULL;
}

static void dma_start(struct ethosu_cmdproc *cp)
{
    struct ethosu_cp_dma *d = &cp->dma[cp->dma_n++];
    memset(d, 0, sizeof *d);
    uint16_t sr = s0(cp, ETHOSU_NPU_SET_DMA0_SRC_REGION), dr = s0(cp, ETHOSU_NPU_SET_DMA0_DST_REGION);
    unsigned sreg = sr & 7u, dreg = dr & 7u;
    d->src = ethosu_rf_region_base(cp->rf, sreg) + (s1(cp, ETHOSU_NPU_SET_DMA0_SRC) & M48);
    d->dst = ethosu_rf_region_base(cp->rf, dreg) + (s1(cp, ETHOSU_NPU_SET_DMA0_DST) & M48);
    d->src &= ETHOSU_ADDR_MASK;
    d->dst &= ETHOSU_ADDR_MASK;
    if ((dr >> 8) & 1u)   /* internal: an SHRAM offset, no region base */
        d->dst = s1(cp, ETHOSU_NPU_SET_DMA0_DST) & M48;
    d->len = s1(cp, ETHOSU_NPU_SET_DMA0_LEN) & M48;
    d->skip0 = s1(cp, ETHOSU_NPU_SET_DMA0_SKIP0) & M48;
    d->skip1 = s1(cp, ETHOSU_NPU_SET_DMA0_SKIP1) & M48;
    d->size0 = s0(cp, ETHOSU_NPU_SET_DMA0_SIZE0);
    d->size1 = s0(cp, ETHOSU_NPU_SET_DMA0_SIZE1);
    d->src_mode = (uint8_t)((sr >> 9) & 3u);
    d->dst_mode = (uint8_t)((dr >> 9) & 3u);
    if (d->src_mode > 2)
        d->src_mode = 2;
    if (d->dst_mode > 2)
        d->dst_mode = 2;
    d->src_port = (uint8_t)ethosu_rf_region_port(cp->rf, sreg);
    d->dst_internal = (dr >> 8) & 1u;
    /* the U55/U65 write on AXI port 0 whatever the region (TRM 3.3.3); the
     * U85's SRAM and EXT ports both read and write: its region's port */
    d->dst_port = (uint8_t)(is_u85(cp) && !d->dst_internal ? ethosu_rf_region_port(cp->rf, dreg) : 0u);
    if (is_u85(cp)) {
        /* 2.0: one stride mode for both sides (SRC_REGION b[10:9]), each
         * side its own signed row and plane strides */
        d->src_mode = d->dst_mode = (uint8_t)((sr >> 9) & 3u);
        d->src_rs = s1s(cp, ETHOSU85_NPU_SET_DMA0_SRC_STRIDE0);
        d->src_ps = s1s(cp, ETHOSU85_NPU_SET_DMA0_SRC_STRIDE1);
        d->dst_rs = s1s(cp, ETHOSU85_NPU_SET_DMA0_DST_STRIDE0);
        d->dst_ps = s1s(cp, ETHOSU85_NPU_SET_DMA0_DST_STRIDE1);
        d->skip0 = d->skip1 = 0;
    } else {
        dma_steps_u65(d);
    }
    if (!is_u85(cp) && !d->dst_internal && ethosu_rf_region_port(cp->rf, dreg) && !cp->dst_port_warned) {
        cp->dst_port_warned = 1;
        logf_(cp, "DMA destination region %u is configured for M1: writes use M0 (TRM 3.3.3)", dreg);
    }
    cp->n_dma++;
}

/* ---- kernel operations ---------------------------------------------------- */

static void log_kernel(struct ethosu_cmdproc *cp, const struct ethosu_cmd *c)
{
    const char *name = ethosu_cmd_name(c->opcode, 0);
    unsigned ir = s0(cp, ETHOSU_NPU_SET_IFM_REGION) & 7u, orr = s0(cp, ETHOSU_NPU_SET_OFM_REGION) & 7u;
    unsigned wr = s0(cp, ETHOSU_NPU_SET_WEIGHT_REGION) & 7u, sr = s0(cp, ETHOSU_NPU_SET_SCALE_REGION) & 7u;
    uint64_t ib = s1(cp, ETHOSU_NPU_SET_IFM_BASE0) & M48;
    uint64_t ob = s1(cp, ETHOSU_NPU_SET_OFM_BASE0) & M48;
    char extra[200] = "";
    if (c->opcode == ETHOSU_NPU_OP_ELEMENTWISE) {
        unsigned i2r = s0(cp, ETHOSU_NPU_SET_IFM2_REGION) & 7u;
        uint64_t i2b = s1(cp, ETHOSU_NPU_SET_IFM2_BASE0) & M48;
        snprintf(extra, sizeof extra, "; ifm2 r%u+0x%" PRIx64 " (0x%" PRIx64 ") broadcast 0x%x", i2r, i2b,
                 (ethosu_rf_region_base(cp->rf, i2r) + i2b) & ETHOSU_ADDR_MASK,
                 s0(cp, ETHOSU_NPU_SET_IFM2_BROADCAST));
    }
    logf_(cp, "%s param %u @QREAD 0x%x: ifm r%u+0x%" PRIx64 " (0x%" PRIx64 ") %ux%ux%u"
          " prec 0x%x stride x%" PRId64 " y%" PRId64 " c%" PRId64 " pad t%u l%u b%u r%u;"
          " ofm r%u+0x%" PRIx64 " (0x%" PRIx64 ") %ux%ux%u prec 0x%x stride x%" PRId64 " y%" PRId64
          " c%" PRId64 "; kernel %ux%u stride 0x%x; weight r%u+0x%" PRIx64 " len %" PRIu64
          "; scale r%u+0x%" PRIx64 " len %" PRIu64 "%s",
          name ? name : "?", c->param, qread(cp), ir, ib, (ethosu_rf_region_base(cp->rf, ir) + ib) & ETHOSU_ADDR_MASK,
          s0(cp, ETHOSU_NPU_SET_IFM_WIDTH0_M1) + 1u, s0(cp, ETHOSU_NPU_SET_IFM_HEIGHT0_M1) + 1u,
          s0(cp, ETHOSU_NPU_SET_IFM_DEPTH_M1) + 1u, s0(cp, ETHOSU_NPU_SET_IFM_PRECISION),
          s1s(cp, ETHOSU_NPU_SET_IFM_STRIDE_X), s1s(cp, ETHOSU_NPU_SET_IFM_STRIDE_Y),
          s1s(cp, ETHOSU_NPU_SET_IFM_STRIDE_C), s0(cp, ETHOSU_NPU_SET_IFM_PAD_TOP),
          s0(cp, ETHOSU_NPU_SET_IFM_PAD_LEFT), s0(cp, ETHOSU_NPU_SET_IFM_PAD_BOTTOM),
          s0(cp, ETHOSU_NPU_SET_IFM_PAD_RIGHT), orr, ob,
          (ethosu_rf_region_base(cp->rf, orr) + ob) & ETHOSU_ADDR_MASK,
          s0(cp, ETHOSU_NPU_SET_OFM_WIDTH_M1) + 1u, s0(cp, ETHOSU_NPU_SET_OFM_HEIGHT_M1) + 1u,
          s0(cp, ETHOSU_NPU_SET_OFM_DEPTH_M1) + 1u, s0(cp, ETHOSU_NPU_SET_OFM_PRECISION),
          s1s(cp, ETHOSU_NPU_SET_OFM_STRIDE_X), s1s(cp, ETHOSU_NPU_SET_OFM_STRIDE_Y),
          s1s(cp, ETHOSU_NPU_SET_OFM_STRIDE_C), s0(cp, ETHOSU_NPU_SET_KERNEL_WIDTH_M1) + 1u,
          s0(cp, ETHOSU_NPU_SET_KERNEL_HEIGHT_M1) + 1u, s0(cp, ETHOSU_NPU_SET_KERNEL_STRIDE), wr,
          s1(cp, ETHOSU_NPU_SET_WEIGHT_BASE) & M48, s1(cp, ETHOSU_NPU_SET_WEIGHT_LENGTH) & 0xFFFFFFFFu,
          sr, s1(cp, ETHOSU_NPU_SET_SCALE_BASE) & M48, s1(cp, ETHOSU_NPU_SET_SCALE_LENGTH) & 0xFFFFFFFFu,
          extra);
    cp->n_kernels++;
}

/* A kernel operation stopped: STATUS.cmd_parse_error (the TRM's only status
 * for a command the NPU cannot carry out), the IRQ, halted until reset; the
 * message names the command by its stream offset and disassembly. */
static void kernel_error(struct ethosu_cmdproc *cp, uint16_t opcode, uint16_t param, uint32_t at, uint64_t index,
                         const char *why)
{
    struct ethosu_cmd c = { opcode, 0, param, 0 };
    char text[96];
    ethosu_cmd_format_for(is_u85(cp) ? ETHOSU_CMD_U85 : ETHOSU_CMD_U55_U65, &c, text, sizeof text);
    for (char *r = text, *w = text;; r++) {   /* one space between fields */
        if (*r == ' ' && (w == text || w[-1] == ' '))
            continue;
        if (!(*w++ = *r))
            break;
    }
    ethosu_rf_status_set(cp->rf, ETHOSU_STATUS_CMD_PARSE_ERROR_MASK, ETHOSU_STATUS_CMD_PARSE_ERROR_MASK);
    logf_(cp, "kernel operation %" PRIu64 " at stream offset 0x%x (%s) stopped: %s: cmd_parse_error, halted until reset",
          index, at, text, why);
    halt(cp);
}

/* Issue a kernel operation: decoded now (the state is captured), executed
 * in the background by kernel_step. 1 when issued (or refused: the
 * processor then halts), 0 while the previous one is outstanding. */
static int kernel_op(struct ethosu_cmdproc *cp, const struct ethosu_cmd *c)
{
    if (cp->k_phase != ETHOSU_CP_K_NONE)
        return 0;
    struct ethosu_kop op;
    char why[320];
    uint64_t index = cp->n_kernels;
    int bad = is_u85(cp) ? ethosu_kop85_decode(&op, c->opcode, c->param, cp->set0, cp->set1, cp->rf, why, sizeof why)
                         : ethosu_kop_decode(&op, c->opcode, c->param, cp->set0, cp->set1, cp->rf, cp->cores, why,
                                             sizeof why);
    if (bad) {
        cp->n_kernels++;
        kernel_error(cp, c->opcode, c->param, qread(cp), index, why);
        return 1;
    }
    op.qread = qread(cp);
    op.index = (unsigned)index;
    log_kernel(cp, c);
    if (ethosu_kx_prepare(&cp->kx, &op, why, sizeof why)) {
        kernel_error(cp, c->opcode, c->param, op.qread, index, why);
        return 1;
    }
    cp->k_ports = ethosu_kx_read_ports(&cp->kx);
    cp->k_failed = 0;
    cp->k_phase = ETHOSU_CP_K_PORTS;
    return 1;
}

/* mkdir -p */
static int make_dirs(const char *dir)
{
    char p[1024];
    snprintf(p, sizeof p, "%s", dir);
    for (char *s = p + 1;; s++) {
        if (*s && *s != '/')
            continue;
        char c = *s;
        *s = 0;
        if (mkdir(p, 0777) && errno != EEXIST)
            return -1;
        if (!(*s = c))
            return 0;
    }
}

static void dump_ofm(struct ethosu_cmdproc *cp)
{
    const struct ethosu_kop *op = &cp->kx.op;
    char path[1024], err[256];
    /* an unwritten dump ends the run without a verdict (sim_output_error.h) */
    if (make_dirs(cp->dump_dir)) {
        sim_output_error("ETHOSU_DUMP: cannot create %s: %s", cp->dump_dir, strerror(errno));
        return;
    }
    snprintf(path, sizeof path, "%s/op_%03u_%s.npy", cp->dump_dir, op->index, ethosu_kop_short_name(op->opcode));
    if (ethosu_npy_write(path, ethosu_kx_ofm(&cp->kx), op->ofm.h, op->ofm.w, op->ofm.c, op->ofm.elem_bytes,
                         op->ofm.is_signed, err, sizeof err))
        sim_output_error("ETHOSU_DUMP: %s", err);
}

/* The outstanding kernel operation, one step: its read ports, its reads,
 * the computation in the cycle the last read lands, its writes on M0 and
 * the end of the weight channel's output. A computation the golden model
 * or the decoder refuses stops the NPU when the weights are out. */
static void kernel_step(struct ethosu_cmdproc *cp)
{
    struct ethosu_kexec *kx = &cp->kx;
    int stopping = cp->phase == ETHOSU_CP_HALTED || cp->phase == ETHOSU_CP_RESETTING;
    switch (cp->k_phase) {
    case ETHOSU_CP_K_NONE:
        return;
    case ETHOSU_CP_K_PORTS:
        if (stopping) {
            cp->k_phase = ETHOSU_CP_K_NONE;
            return;
        }
        for (unsigned p = 0; p < 2; p++)
            if ((cp->k_ports >> p & 1u) && cp->rd_owner[p] != OWN_NONE)
                return;
        for (unsigned p = 0; p < 2; p++)
            if (cp->k_ports >> p & 1u)
                cp->rd_owner[p] = OWN_KERNEL;
        ethosu_kx_issue_reads(kx, cp->axi, cp->wch);
        cp->k_phase = ETHOSU_CP_K_READ;
        return;
    case ETHOSU_CP_K_READ:
        if (!ethosu_kx_reads_landed(kx, cp->axi))
            return;
        for (unsigned p = 0; p < 2; p++)
            if (cp->k_ports >> p & 1u)
                cp->rd_owner[p] = OWN_NONE;
        if (stopping) {
            cp->k_phase = ETHOSU_CP_K_NONE;
            return;
        }
        {
            /* the U85's tables: the whole LUT RAM, indexed by the operation (ACTIVATION table) */
            unsigned off = is_u85(cp) ? 0u : lut_base(cp) + kx->op.lut_slot * ETHOSU_CP_LUT_SLOT;
            if (ethosu_kx_compute(kx, cp->shram + off, shram_bytes(cp) - off, cp->k_err, sizeof cp->k_err)) {
                cp->k_failed = 1;
            } else {
                if (cp->dump_dir)
                    dump_ofm(cp);
                ethosu_kx_issue_writes(kx, cp->axi[ethosu_kx_write_port(kx)]);
            }
        }
        cp->k_phase = ETHOSU_CP_K_WRITE;
        return;
    case ETHOSU_CP_K_WRITE:
        if (!stopping) {
            if (!axi_manager_writes_done(cp->axi[ethosu_kx_write_port(kx)]))
                return;
            if (kx->wch_core0 && !ethosu_wch_take_done(cp->wch))
                return;
        }
        cp->k_phase = ETHOSU_CP_K_NONE;
        if (cp->k_failed && !stopping)
            kernel_error(cp, kx->op.opcode, kx->op.param, kx->op.qread, kx->op.index, cp->k_err);
        return;
    }
}

/* ---- command execution ---------------------------------------------------- */

/* A command of the Ethos-U65's registers the Ethos-U55 lacks (its driver
 * header has USER_DEFINED0-7 where the U65 has these): the second core's
 * streams, PARALLEL_MODE and the 2D/3D DMA sizes and skips. */
static int u65_only(const struct ethosu_cmdproc *cp, const struct ethosu_cmd *c)
{
    if (ethosu_rf_config(cp->rf)->product != ETHOSU_PRODUCT_U55)
        return 0;
    if (c->is_cmd1)
        return c->opcode == ETHOSU_NPU_SET_WEIGHT1_BASE || c->opcode == ETHOSU_NPU_SET_WEIGHT1_LENGTH ||
               c->opcode == ETHOSU_NPU_SET_SCALE1_BASE || c->opcode == ETHOSU_NPU_SET_SCALE1_LENGTH ||
               c->opcode == ETHOSU_NPU_SET_DMA0_SKIP0 || c->opcode == ETHOSU_NPU_SET_DMA0_SKIP1;
    return c->opcode == ETHOSU_NPU_SET_PARALLEL_MODE || c->opcode == ETHOSU_NPU_SET_DMA0_SIZE0 ||
           c->opcode == ETHOSU_NPU_SET_DMA0_SIZE1;
}

/* Execute c; 1 when complete, 0 when it must wait (retried every cycle). */
static int try_exec(struct ethosu_cmdproc *cp, const struct ethosu_cmd *c)
{
    switch (c->opcode) {
    case ETHOSU_NPU_OP_STOP:
    case ETHOSU_NPU_OP_IRQ:
        return cp->dma_n == 0 && cp->k_phase == ETHOSU_CP_K_NONE;
    case ETHOSU_NPU_OP_DMA_START: {
        if (cp->dma_n >= ETHOSU_CP_DMA_DESCS)
            return 0;
        char why[200];
        if (dma_refusal(cp, why, sizeof why)) {
            parse_error(cp, (uint32_t)c->param << 16 | c->opcode, why);
            return 1;
        }
        dma_start(cp);
        return 1;
    }
    case ETHOSU_NPU_OP_DMA_WAIT:
        return cp->dma_n <= (c->param & 0xFu);
    case ETHOSU_NPU_OP_KERNEL_WAIT:   /* at most param kernel operations outstanding */
        return cp->k_phase == ETHOSU_CP_K_NONE || c->param >= 1;
    case ETHOSU_NPU_OP_PMU_MASK:
        return 1;
    default:
        if (is_u85(cp) ? c->opcode == ETHOSU85_NPU_OP_CONV || c->opcode == ETHOSU85_NPU_OP_DEPTHWISE ||
                             c->opcode == ETHOSU85_NPU_OP_POOL || c->opcode == ETHOSU85_NPU_OP_ELEMENTWISE ||
                             c->opcode == ETHOSU85_NPU_OP_RESIZE
                       : ethosu_npu_op_is_kernel(c->opcode))
            return kernel_op(cp, c);
        if (is_u85(cp) && c->opcode == ETHOSU85_NPU_OP_BRANCH) {
            parse_error(cp, (uint32_t)c->param << 16 | c->opcode,
                        "NPU_OP_BRANCH (control flow: IF/WHILE) is not modelled yet");
            return 1;
        }
        if (u65_only(cp, c)) {
            char why[160];
            snprintf(why, sizeof why, "%s is an Ethos-U65 command; %s has no such register",
                     ethosu_cmd_name(c->opcode, 0), ethosu_rf_config(cp->rf)->name);
            parse_error(cp, (uint32_t)c->param << 16 | c->opcode, why);
            return 1;
        }
        if (c->is_cmd1)
            cp->set1[c->opcode & 0xFFu] = (uint64_t)c->param << 32 | c->payload;
        else
            cp->set0[c->opcode & 0x1FFu] = c->param;
        return 1;
    }
}

/* The command completed: advance QREAD, then the STOP/IRQ effects. */
static void complete(struct ethosu_cmdproc *cp, const struct ethosu_cmd *c)
{
    uint32_t q = qread(cp) + (c->is_cmd1 ? 8u : 4u);
    ethosu_rf_set(cp->rf, ETHOSU_QREAD_IDX, q);
    cp->n_cmds++;
    if (q >= qsize(cp))
        ethosu_rf_status_set(cp->rf, ETHOSU_STATUS_CMD_END_REACHED_MASK, ETHOSU_STATUS_CMD_END_REACHED_MASK);
    if (c->opcode == ETHOSU_NPU_OP_STOP) {
        stop(cp);
        ethosu_rf_raise_irq(cp->rf, c->param);
    } else {
        if (c->opcode == ETHOSU_NPU_OP_IRQ)
            ethosu_rf_raise_irq(cp->rf, c->param);
        cp->phase = ETHOSU_CP_RUN;
    }
}

static int have(const struct ethosu_cmdproc *cp, uint32_t off, uint32_t n)
{
    return cp->f_len && off >= cp->f_off && off + n <= cp->f_off + cp->f_len;
}

static uint32_t word_at(const struct ethosu_cmdproc *cp, uint32_t off)
{
    const uint8_t *b = cp->fbuf + (off - cp->f_off);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void start_fetch(struct ethosu_cmdproc *cp, uint32_t off)
{
    unsigned port = ethosu_rf_cmd_port(cp->rf);
    if (cp->f_busy || cp->rd_owner[port] != OWN_NONE)
        return;
    uint32_t n = qsize(cp) - off;
    if (n > ETHOSU_CP_FETCH_BYTES)
        n = ETHOSU_CP_FETCH_BYTES;
    uint64_t addr = (ethosu_rf_qbase(cp->rf) & ~3ull) + off;
    cp->f_len = 0;
    cp->f_busy = 1;
    cp->f_port = (uint8_t)port;
    cp->f_req_off = off;
    cp->f_req_len = n;
    cp->rd_owner[port] = OWN_FETCH;
    axi_manager_read(cp->axi[port], addr & ethosu_rf_addr_mask(cp->rf), n, cp->fbuf);
}

static void fetch_step(struct ethosu_cmdproc *cp)
{
    if (cp->f_busy && axi_manager_reads_done(cp->axi[cp->f_port])) {
        cp->f_busy = 0;
        cp->rd_owner[cp->f_port] = OWN_NONE;
        if (cp->phase != ETHOSU_CP_HALTED && cp->phase != ETHOSU_CP_RESETTING) {
            cp->f_off = cp->f_req_off;
            cp->f_len = cp->f_req_len;
        }
    }
}

static void exec_step(struct ethosu_cmdproc *cp)
{
    struct ethosu_cmd c;
    if (cp->phase == ETHOSU_CP_ENDING) {
        if (cp->dma_n == 0 && cp->k_phase == ETHOSU_CP_K_NONE)
            stop(cp);
        return;
    }
    if (cp->phase == ETHOSU_CP_WAIT) {
        c.opcode = cp->cur_opcode;
        c.param = cp->cur_param;
        c.is_cmd1 = 0;
        c.payload = 0;
        if (try_exec(cp, &c) && cp->phase != ETHOSU_CP_HALTED)
            complete(cp, &c);
        return;
    }
    if (cp->phase != ETHOSU_CP_RUN)
        return;
    uint32_t q = qread(cp), qs = qsize(cp);
    if (q >= qs) {
        ethosu_rf_status_set(cp->rf, ETHOSU_STATUS_CMD_END_REACHED_MASK, ETHOSU_STATUS_CMD_END_REACHED_MASK);
        cp->phase = ETHOSU_CP_ENDING;
        exec_step(cp);
        return;
    }
    if (!have(cp, q, 4)) {
        start_fetch(cp, q);
        return;
    }
    uint32_t w[2];
    w[0] = word_at(cp, q);
    size_t n = 1;
    if (ETHOSU_CMD_FORMAT(w[0]) == 1) {
        if (q + 8 > qs) {
            parse_error(cp, w[0], "cmd1 without its payload word before QSIZE");
            return;
        }
        if (!have(cp, q, 8)) {
            start_fetch(cp, q);
            return;
        }
        w[1] = word_at(cp, q + 4);
        n = 2;
    }
    int rc = ethosu_cmd_decode_for(is_u85(cp) ? ETHOSU_CMD_U85 : ETHOSU_CMD_U55_U65, w, n, &c);
    if (rc <= 0) {
        /* a command of the other command set at this opcode: named, so a
         * U55/U65 stream on an Ethos-U85 (or the reverse) says what it is */
        enum ethosu_cmd_product other = is_u85(cp) ? ETHOSU_CMD_U55_U65 : ETHOSU_CMD_U85;
        const char *name = rc < 0 ? ethosu_cmd_name_for(other, c.opcode, c.is_cmd1) : NULL;
        char why[200];
        if (name)
            snprintf(why, sizeof why, "reserved opcode (0x%04x is %s of command stream %s, the %s's; %s has none)",
                     c.opcode, name, is_u85(cp) ? "1.x" : "2.0", is_u85(cp) ? "Ethos-U55/U65" : "Ethos-U85",
                     ethosu_rf_config(cp->rf)->name);
        parse_error(cp, w[0], name ? why : "reserved opcode");
        return;
    }
    if (try_exec(cp, &c)) {
        if (cp->phase != ETHOSU_CP_HALTED)   /* a refused kernel operation: QREAD stays on it */
            complete(cp, &c);
    } else {
        /* only cmd0 operations block */
        cp->cur_opcode = c.opcode;
        cp->cur_param = c.param;
        cp->phase = ETHOSU_CP_WAIT;
    }
}

void ethosu_cp_event(struct ethosu_cmdproc *cp, unsigned ev)
{
    if (ev & ETHOSU_RF_EV_SOFT_RESET) {
        cp->phase = ETHOSU_CP_RESETTING;
        cp->reset_count = 0;
        cp->dma_n = 0;
        cp->d_all_issued = 0;
        return;
    }
    if (ev & ETHOSU_RF_EV_NEW_STREAM)
        cp->f_len = 0;
    if ((ev & ETHOSU_RF_EV_RUN) && cp->phase == ETHOSU_CP_IDLE) {
        uint32_t st = ethosu_rf_status(cp->rf);
        if (st & (ETHOSU_STATUS_BUS_STATUS_MASK | ETHOSU_STATUS_CMD_PARSE_ERROR_MASK))
            return;
        cp->f_len = 0;
        set_state(cp, 1);
        cp->phase = ETHOSU_CP_RUN;
    }
}

void ethosu_cp_step(struct ethosu_cmdproc *cp)
{
    if (cp->phase == ETHOSU_CP_RESETTING) {
        check_errors(cp);
        fetch_step(cp);
        dma_step(cp);
        kernel_step(cp);
        if (!axi_manager_idle(cp->axi[0]) || !axi_manager_idle(cp->axi[1])) {
            cp->reset_count = 0;
            return;
        }
        if (++cp->reset_count < ETHOSU_CP_RESET_CYCLES)
            return;
        ethosu_rf_soft_reset_finish(cp->rf);
        axi_manager_reset(cp->axi[0]);
        axi_manager_reset(cp->axi[1]);
        ethosu_cp_reset(cp);
        return;
    }
    check_errors(cp);
    fetch_step(cp);
    dma_step(cp);
    exec_step(cp);
    kernel_step(cp);
    /* Keep the managers' queues short: forget completed bursts when idle. */
    for (unsigned port = 0; port < 2; port++)
        if (cp->rd_owner[port] == OWN_NONE && axi_manager_idle(cp->axi[port]) &&
            !axi_manager_error(cp->axi[port], NULL))
            axi_manager_reset(cp->axi[port]);
}

int ethosu_cp_quiet(const struct ethosu_cmdproc *cp)
{
    return (cp->phase == ETHOSU_CP_IDLE || cp->phase == ETHOSU_CP_HALTED) && cp->k_phase == ETHOSU_CP_K_NONE &&
           axi_manager_idle(cp->axi[0]) &&
           axi_manager_idle(cp->axi[1]);
}

void ethosu_cp_describe(const struct ethosu_cmdproc *cp, char *buf, unsigned len)
{
    const char *wait = "";
    char wbuf[64] = "";
    if (cp->phase == ETHOSU_CP_WAIT) {
        const char *n = ethosu_cmd_name(cp->cur_opcode, 0);
        snprintf(wbuf, sizeof wbuf, " on %s param %u", n ? n : "?", cp->cur_param);
        wait = wbuf;
    }
    snprintf(buf, len, "command processor %s%s, QREAD 0x%x of QSIZE 0x%x, STATUS 0x%08x, fetch %s, "
             "DMA %u active (%" PRIu64 " started, %" PRIu64 " bytes), %" PRIu64 " commands, %" PRIu64 " kernels",
             ethosu_cp_phase_name(cp->phase), wait, qread(cp), ethosu_rf_get(cp->rf, ETHOSU_QSIZE_IDX),
             ethosu_rf_status(cp->rf), cp->f_busy ? "in flight" : "idle", cp->dma_n, cp->n_dma, cp->dma_bytes,
             cp->n_cmds, cp->n_kernels);
}
