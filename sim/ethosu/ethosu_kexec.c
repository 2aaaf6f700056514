/* ethosu_kexec: see ethosu_kexec.h. */
#include <inttypes.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_cmd.h"
#include "ethosu_ew_bytes.h"
#include "ethosu_kcompute.h"
#include "ethosu_kexec.h"
#include "ethosu_kstats.h"
#include "ethosu_mlw.h"
#include "ethosu_pool_bytes.h"
#include "ethosu_scale_stream.h"
#include "ethosu_wdense.h"

/* Every kernel operation allocates and frees buffers of up to megabytes
 * (feature maps, accumulators, decoded weights). Above glibc's mmap
 * threshold each goes back to the kernel and the next operation faults its
 * pages in again (about a tenth of a network's compute): keep them in the
 * heap. Once a process. */
static void keep_buffers_in_heap(void)
{
#ifdef __GLIBC__
    static int done;
    if (!done) {
        mallopt(M_MMAP_THRESHOLD, 64 << 20);
        mallopt(M_TRIM_THRESHOLD, 256 << 20);
        done = 1;
    }
#endif
}

void ethosu_kx_init(struct ethosu_kexec *kx)
{
    keep_buffers_in_heap();
    memset(kx, 0, sizeof *kx);
    ethosu_fml_io_init(&kx->ifm);
    ethosu_fml_io_init(&kx->ifm2);
    ethosu_fml_io_init(&kx->ofm);
}

static void release(struct ethosu_kexec *kx)
{
    ethosu_fml_io_free(&kx->ifm);
    ethosu_fml_io_free(&kx->ifm2);
    for (unsigned k = 0; k < ETHOSU_KOP_STREAMS; k++) {
        free(kx->wbuf[k]);
        free(kx->sbuf[k]);
        kx->wbuf[k] = kx->sbuf[k] = NULL;
    }
    free(kx->d_ifm);
    free(kx->d_ifm2);
    free(kx->d_w);
    free(kx->bias);
    free(kx->scale);
    free(kx->shift);
    kx->d_ifm = kx->d_ifm2 = NULL;
    kx->d_w = NULL;
    kx->bias = NULL;
    kx->scale = NULL;
    kx->shift = NULL;
}

void ethosu_kx_free(struct ethosu_kexec *kx)
{
    release(kx);
    ethosu_kx85_carry_free(&kx->carry);
    ethosu_fml_io_free(&kx->ofm);
    free(kx->d_ofm);
    kx->d_ofm = NULL;
}

static size_t elems(const struct ethosu_fm_layout *l)
{
    return (size_t)l->h * l->w * l->c;
}

/* The operation's rules (ETHOSU_OPR_*, the operation table); 0 for none. */
static unsigned rules_of(const struct ethosu_kop *op)
{
    const struct ethosu_op_rule *r = ethosu_op_rule_find(op->opcode, op->param);
    return r ? r->rules : 0u;
}

/* convolutions: the operations with a weight stream */
static int is_conv(const struct ethosu_kop *op)
{
    return (rules_of(op) & ETHOSU_OPR_WEIGHTS) != 0;
}

int ethosu_kx_prepare(struct ethosu_kexec *kx, const struct ethosu_kop *op, char *err, size_t len)
{
    release(kx);
    ethosu_fml_io_free(&kx->ofm);
    free(kx->d_ofm);
    kx->d_ofm = NULL;
    kx->ofm_packed_only = 0;
    kx->op = *op;
    kx->wch_core0 = 0;
    kx->wch = NULL;
    kx->read_ifm = kx->write_ofm = 1;
    kx->read_ifm2 = op->has_ifm2 && !op->ifm2_is_scalar;
    kx->ofm_stored = op->ofm;
    if (op->product == ETHOSU_CMD_U85 && ethosu_kx85_plan(kx, err, len))
        return -1;
    int oom = (kx->read_ifm && ethosu_fml_plan(&op->ifm, 1, &kx->ifm)) ||
              (kx->write_ofm && ethosu_fml_plan(&kx->ofm_stored, 0, &kx->ofm));
    int read2 = op->has_ifm2 && !op->ifm2_is_scalar;
    if (!oom && kx->read_ifm2)
        oom = ethosu_fml_plan(&op->ifm2, 1, &kx->ifm2);
    if (!oom) {
        kx->d_ifm = malloc(elems(&op->ifm) * sizeof(int32_t));
        kx->d_ofm = malloc(elems(&op->ofm) * sizeof(int32_t));
        oom = !kx->d_ifm || !kx->d_ofm;
    }
    if (!oom && read2)
        oom = !(kx->d_ifm2 = malloc(elems(&op->ifm2) * sizeof(int32_t)));
    for (unsigned k = 0; k < ETHOSU_KOP_STREAMS && !oom; k++) {
        if (op->weights[k].len)
            oom = !(kx->wbuf[k] = malloc(op->weights[k].len));
        if (!oom && op->scales[k].len)
            oom = !(kx->sbuf[k] = malloc(op->scales[k].len));
    }
    if (oom) {
        snprintf(err, len, "out of memory for the operation's tensors");
        return -1;
    }
    return 0;
}

unsigned ethosu_kx_read_ports(const struct ethosu_kexec *kx)
{
    const struct ethosu_kop *op = &kx->op;
    unsigned m = kx->read_ifm ? 1u << op->ifm.port : 0u;
    if (kx->read_ifm2)
        m |= 1u << op->ifm2.port;
    for (unsigned k = 0; k < ETHOSU_KOP_STREAMS; k++) {
        if (op->weights[k].len)
            m |= 1u << op->weights[k].port;
        if (op->scales[k].len)
            m |= 1u << op->scales[k].port;
    }
    return m;
}

static void read_runs(struct axi_manager *m, struct ethosu_fml_io *io)
{
    for (size_t r = 0; r < io->nruns; r++)
        axi_manager_read(m, io->runs[r].addr & 0xFFFFFFFFFFull, io->runs[r].len, io->buf + io->runs[r].off);
}

void ethosu_kx_issue_reads(struct ethosu_kexec *kx, struct axi_manager *const axi[2], struct ethosu_weightch *wch)
{
    const struct ethosu_kop *op = &kx->op;
    if (kx->read_ifm)
        read_runs(axi[op->ifm.port], &kx->ifm);
    if (kx->read_ifm2)
        read_runs(axi[op->ifm2.port], &kx->ifm2);
    for (unsigned k = 0; k < ETHOSU_KOP_STREAMS; k++) {
        const struct ethosu_kop_stream *w = &op->weights[k], *s = &op->scales[k];
        if (w->len) {
            /* the weight channel (the U55/U65 weight decoder's debug port) takes core 0's stream */
            if (k == 0 && wch && op->product != ETHOSU_CMD_U85 && !ethosu_wch_start(wch, axi[w->port], w->addr, w->len)) {
                kx->wch_core0 = 1;
                kx->wch = wch;
            } else {
                axi_manager_read(axi[w->port], w->addr, w->len, kx->wbuf[k]);
            }
        }
        if (s->len)
            axi_manager_read(axi[s->port], s->addr, s->len, kx->sbuf[k]);
    }
}

int ethosu_kx_reads_landed(const struct ethosu_kexec *kx, struct axi_manager *const axi[2])
{
    unsigned ports = ethosu_kx_read_ports(kx);
    for (unsigned p = 0; p < 2; p++)
        if ((ports >> p & 1u) && !axi_manager_reads_done(axi[p]))
            return 0;
    return !kx->wch_core0 || kx->wch->state != ETHOSU_WCH_READ;
}

/* Weights and scales of a convolution: decoded, dense, per channel. */
static int conv_inputs(struct ethosu_kexec *kx, char *err, size_t len)
{
    const struct ethosu_kop *op = &kx->op;
    uint32_t och = op->ofm.c;
    int depthwise = op->opcode == ETHOSU_NPU_OP_DEPTHWISE;   /* its own weight order */
    uint32_t ifm_d = rules_of(op) & ETHOSU_OPR_IFM_DEPTH ? op->ifm.c : 1u;
    int16_t *dec[2] = { NULL, NULL };
    size_t n[2] = { 0, 0 };
    int rc = 0;
    char why[200];
    for (unsigned k = 0; k < op->cores && !rc; k++) {
        uint32_t depth = (och + op->cores - 1 - k) / op->cores;
        if (!depth)
            continue;
        if (!op->weights[k].len) {
            snprintf(err, len, "weight stream %u is empty (WEIGHT%s_LENGTH 0) for %u OFM channels", k, k ? "1" : "",
                     depth);
            rc = -1;
        } else if (k == 0 && kx->wch_core0) {
            if (kx->wch->failed) {
                snprintf(err, len, "weight stream 0 rejected by the decoder: %s", kx->wch->err);
                rc = -1;
            } else {
                dec[0] = kx->wch->w;   /* owned by the channel */
                n[0] = kx->wch->n;
            }
        } else if (ethosu_mlw_decode(kx->wbuf[k], op->weights[k].len, &dec[k], &n[k], why, sizeof why)) {
            snprintf(err, len, "weight stream %u rejected by the decoder: %s", k, why);
            rc = -1;
        }
    }
    if (!rc) {
        struct ethosu_wdense_cfg c = {
            .ofm_depth = och, .kernel_h = op->kernel_h, .kernel_w = op->kernel_w, .ifm_depth = ifm_d,
            .ofm_block_depth = op->ofm_block_depth, .ifm_bits = op->ifm.elem_bytes * 8u,
            .kernel_split = op->kernel_split, .dilation_x = op->dilation_x, .dilation_y = op->dilation_y,
            .traversal = depthwise ? ETHOSU_DEPTHWISE
                         : op->part_kernel_first ? ETHOSU_PART_KERNEL_FIRST : ETHOSU_DEPTH_FIRST,
            .cores = op->cores, .ublk_depth = op->ublk_depth,
        };
        size_t nw = (size_t)och * op->kernel_h * op->kernel_w * ifm_d;
        kx->d_w = malloc((nw ? nw : 1) * sizeof *kx->d_w);
        if (!kx->d_w) {
            snprintf(err, len, "out of memory for %zu weights", nw);
            rc = -1;
        } else {
            const int16_t *w[2] = { dec[0], dec[1] };
            rc = ethosu_wdense(&c, w, n, kx->d_w, err, len);
        }
    }
    for (unsigned k = 0; k < 2; k++)
        if (!(k == 0 && kx->wch_core0))
            free(dec[k]);
    if (rc)
        return -1;
    kx->bias = malloc(och * sizeof *kx->bias);
    kx->scale = malloc(och * sizeof *kx->scale);
    kx->shift = malloc(och);
    int64_t *tb = malloc(och * sizeof *tb);
    uint32_t *ts = malloc(och * sizeof *ts);
    uint8_t *th = malloc(och);
    if (!kx->bias || !kx->scale || !kx->shift || !tb || !ts || !th) {
        snprintf(err, len, "out of memory for %u channels' scales", och);
        rc = -1;
    }
    for (unsigned k = 0; k < op->cores && !rc; k++) {
        uint32_t depth = (och + op->cores - 1 - k) / op->cores;
        if (!depth)
            continue;
        if (ethosu_scale_stream_parse(kx->sbuf[k], op->scales[k].len, depth, tb, ts, th, why, sizeof why)) {
            snprintf(err, len, "scale stream %u (SCALE%s_LENGTH %u) for %u OFM channels: %s", k, k ? "1" : "",
                     op->scales[k].len, depth, why);
            rc = -1;
            break;
        }
        for (uint32_t j = 0; j < depth; j++) {
            uint32_t ch = j * op->cores + k;
            kx->bias[ch] = tb[j];
            kx->scale[ch] = ts[j];
            kx->shift[ch] = th[j];
        }
    }
    free(tb);
    free(ts);
    free(th);
    return rc;
}

static int compute(struct ethosu_kexec *kx, const uint8_t *lut, size_t lut_len, char *err, size_t len);

/* compute, its CPU time counted (ethosu_kstats: make bench's twin column) */
int ethosu_kx_compute(struct ethosu_kexec *kx, const uint8_t *lut, size_t lut_len, char *err, size_t len)
{
    uint64_t t0 = ethosu_kstats_now();
    int rc = compute(kx, lut, lut_len, err, len);
    ethosu_kstats_add(t0);
    return rc;
}

static int compute(struct ethosu_kexec *kx, const uint8_t *lut, size_t lut_len, char *err, size_t len)
{
    const struct ethosu_kop *op = &kx->op;
    if (op->product == ETHOSU_CMD_U85) {
        if (ethosu_kx85_compute(kx, lut, lut_len, err, len))
            return -1;
        release(kx);
        return 0;
    }
    struct ethosu_kc_in in = {
        .op = op, .ifm = kx->d_ifm, .ifm2 = kx->d_ifm2, .weights = NULL,
        .bias = NULL, .scale = NULL, .shift = NULL, .lut = lut, .lut_len = lut_len,
    };
    /* 8-bit elementwise and max pool: bytes, through a table of the golden model's outputs */
    if ((ethosu_ew_bytes_applies(op, ETHOSU_EW_BYTES_MIN_BINARY, ETHOSU_EW_BYTES_MIN_UNARY) &&
         !ethosu_ew_bytes_run(&in, &kx->ifm, &kx->ifm2, &kx->ofm)) ||
        (ethosu_pool_bytes_applies(op, ETHOSU_POOL_BYTES_MIN) && !ethosu_pool_bytes_run(&in, &kx->ifm, &kx->ofm))) {
        kx->ofm_packed_only = 1;
        kx->ops++;
        release(kx);
        return 0;
    }
    ethosu_fml_unpack(&op->ifm, &kx->ifm, kx->d_ifm);
    if (kx->d_ifm2)
        ethosu_fml_unpack(&op->ifm2, &kx->ifm2, kx->d_ifm2);
    if (is_conv(op) && conv_inputs(kx, err, len))
        return -1;
    in.weights = kx->d_w;
    in.bias = kx->bias;
    in.scale = kx->scale;
    in.shift = kx->shift;
    if (ethosu_kcompute(&in, kx->d_ofm, err, len))
        return -1;
    ethosu_fml_pack(&op->ofm, kx->d_ofm, &kx->ofm);
    kx->ops++;
    if (is_conv(op))
        kx->macs += (uint64_t)elems(&op->ofm) * op->kernel_h * op->kernel_w *
                    (rules_of(op) & ETHOSU_OPR_IFM_DEPTH ? op->ifm.c : 1u);
    release(kx);   /* inputs are no longer needed; the OFM stays until written */
    return 0;
}

unsigned ethosu_kx_write_port(const struct ethosu_kexec *kx)
{
    return kx->op.product == ETHOSU_CMD_U85 ? kx->op.ofm.port & 1u : 0u;
}

void ethosu_kx_issue_writes(struct ethosu_kexec *kx, struct axi_manager *m)
{
    for (size_t r = 0; r < kx->ofm.nruns; r++)
        axi_manager_write(m, kx->ofm.runs[r].addr & 0xFFFFFFFFFFull, kx->ofm.runs[r].len,
                          kx->ofm.buf + kx->ofm.runs[r].off);
}

const int32_t *ethosu_kx_ofm(struct ethosu_kexec *kx)
{
    if (kx->ofm_packed_only) {   /* dense only when asked (ETHOSU_DUMP) */
        ethosu_fml_unpack(&kx->op.ofm, &kx->ofm, kx->d_ofm);
        kx->ofm_packed_only = 0;
    }
    return kx->d_ofm;
}
