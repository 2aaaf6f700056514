/* nvdla_ref: see nvdla_ref.h. The register shadow is the NVDLA
 * register-level model the twin uses too (sim/nvdla/model: the same
 * ping-pong and LUT-access behaviour as the DUT should have); layers run
 * through the same decode and exec code as the twin's engines, but on a
 * memory image instead of over AXI (docs/layout.md "One NVDLA model, two users"). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nvdla_exec.h"
#include "nvdla_ref.h"
#include "nvdla_regfile.h"
#include "text_append.h"

#define MAX_LAYERS 64
#define SETUP_LEN 4096

/* One layer the reference ran (or could not run). */
struct ref_layer {
    char name[32];               /* e.g. "SDP group 0" */
    int covered;                 /* a golden model computed its output */
    int writes;                  /* it wrote dst (not compare mode / not fed to PDP) */
    struct nvdla_cube_mem dst;
    char *setup;                 /* decoded summary and register values */
};

struct nvdla_ref {
    struct sparse_mem *mem;
    struct sparse_mem *sram;     /* the SRAMIF memory (sec_mem), for RAM type CV */
    struct nvdla_regfile regs;
    struct nvdla_cbuf cbuf;      /* the convolution buffer between layers */
    struct ref_layer layers[MAX_LAYERS];
    unsigned n_layers, dropped_layers;
};

struct nvdla_ref *nvdla_ref_create(void)
{
    struct nvdla_ref *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->mem = sparse_mem_create();
    r->sram = sparse_mem_create();
    if (!r->mem || !r->sram) {
        sparse_mem_destroy(r->mem);
        sparse_mem_destroy(r->sram);
        free(r);
        return NULL;
    }
    nvdla_regfile_reset(&r->regs);
    return r;
}

void nvdla_ref_set_config(struct nvdla_ref *r, const struct nvdla_config *hw)
{
    nvdla_regfile_set_config(&r->regs, hw);
}

void nvdla_ref_destroy(struct nvdla_ref *r)
{
    if (!r)
        return;
    for (unsigned i = 0; i < r->n_layers; i++)
        free(r->layers[i].setup);
    nvdla_cbuf_free(&r->cbuf);
    sparse_mem_destroy(r->mem);
    sparse_mem_destroy(r->sram);
    free(r);
}

void nvdla_ref_mem_write(struct nvdla_ref *r, uint64_t addr, const void *src, size_t len)
{
    sparse_mem_write(r->mem, addr, src, len);
}

void nvdla_ref_mem_fill(struct nvdla_ref *r, uint64_t addr, uint8_t value, size_t len)
{
    sparse_mem_fill(r->mem, addr, value, len);
}

void nvdla_ref_sram_write(struct nvdla_ref *r, uint64_t addr, const void *src, size_t len)
{
    sparse_mem_write(r->sram, addr, src, len);
}

void nvdla_ref_sram_fill(struct nvdla_ref *r, uint64_t addr, uint8_t value, size_t len)
{
    sparse_mem_fill(r->sram, addr, value, len);
}

const struct sparse_mem *nvdla_ref_sram(const struct nvdla_ref *r)
{
    return r->sram;
}

void nvdla_ref_reg_write(struct nvdla_ref *r, uint32_t addr, uint32_t value)
{
    nvdla_regfile_write(&r->regs, addr, value);
}

const struct sparse_mem *nvdla_ref_mem(const struct nvdla_ref *r)
{
    return r->mem;
}

/* ---- running layers ------------------------------------------------------------ */

/* Registers of a unit's consumer group that differ from reset. */
static size_t put_regs(char *buf, size_t len, size_t at, const struct nvdla_regfile *regs,
                       enum nvdla_unit u)
{
    at = text_append(buf, len, at, "  %s registers (group %u, non-reset values):", nvdla_units[u].name,
             regs->consumer[u]);
    int n = 0;
    for (int i = 0; i < NVDLA_REG_COUNT; i++) {
        if (nvdla_regs[i].unit != u)
            continue;
        uint32_t v = nvdla_regfile_cfg(regs, i);
        if (v == nvdla_regs[i].reset || nvdla_regs[i].rw_mask == 0)
            continue;
        at = text_append(buf, len, at, "%s %s=0x%x", n % 4 ? "" : "\n   ", nvdla_regs[i].name, v);
        n++;
    }
    return text_append(buf, len, at, "\n");
}

static struct ref_layer *add_layer(struct nvdla_ref *r, const char *unit, int group)
{
    if (r->n_layers == MAX_LAYERS) {
        /* keep the most recent ones: they are the ones a check looks at */
        free(r->layers[0].setup);
        memmove(&r->layers[0], &r->layers[1], sizeof r->layers[0] * (MAX_LAYERS - 1));
        r->n_layers--;
        r->dropped_layers++;
    }
    struct ref_layer *l = &r->layers[r->n_layers++];
    memset(l, 0, sizeof *l);
    snprintf(l->name, sizeof l->name, "%s group %d", unit, group);
    l->setup = malloc(SETUP_LEN);
    if (l->setup)
        l->setup[0] = 0;
    return l;
}

static void setup_text(struct ref_layer *l, const char *summary, const struct nvdla_regfile *regs,
                       const enum nvdla_unit *units, int n_units)
{
    if (!l->setup)
        return;
    size_t at = text_append(l->setup, SETUP_LEN, 0, "%s", summary);
    for (int i = 0; i < n_units; i++)
        at = put_regs(l->setup, SETUP_LEN, at, regs, units[i]);
}

struct mem_ctx {
    struct sparse_mem *mem;
    uint8_t *raw;
};

static void read_run(void *p, uint64_t addr, uint32_t len, size_t off)
{
    struct mem_ctx *c = p;
    sparse_mem_read(c->mem, addr, c->raw + off, len);
}

static void write_run(void *p, uint64_t addr, uint32_t len, size_t off)
{
    struct mem_ctx *c = p;
    sparse_mem_write(c->mem, addr, c->raw + off, len);
}

static uint8_t *fetch(struct nvdla_ref *r, const struct nvdla_cube_mem *m)
{
    uint8_t *raw = malloc(nvdla_cube_packed_bytes(m) ? nvdla_cube_packed_bytes(m) : 1);
    if (!raw)
        return NULL;
    struct mem_ctx c = { m->sram ? r->sram : r->mem, raw };
    nvdla_cube_runs(m, read_run, &c);
    return raw;
}

static int store(struct nvdla_ref *r, const struct nvdla_cube_mem *m, const struct golden_tensor *t)
{
    uint8_t *raw = malloc(nvdla_cube_packed_bytes(m) ? nvdla_cube_packed_bytes(m) : 1);
    if (!raw)
        return -1;
    struct golden_layout packed = golden_layout_packed_n(m->w, m->h, m->layout.elem_bytes,
                                                         golden_layout_lanes(&m->layout));
    golden_pack(&packed, t, raw);
    struct mem_ctx c = { m->sram ? r->sram : r->mem, raw };
    nvdla_cube_runs(m, write_run, &c);
    free(raw);
    return 0;
}

static void finish(struct nvdla_regfile *regs, enum nvdla_unit u)
{
    nvdla_regfile_done(regs, u);
}

/* A layer the golden models cannot run: record it and retire its group. */
static int run_uncovered(struct nvdla_ref *r, enum nvdla_unit u, const char *why)
{
    struct ref_layer *l = add_layer(r, nvdla_units[u].name, r->regs.consumer[u]);
    if (l->setup)
        snprintf(l->setup, SETUP_LEN, "  not covered by a golden model: %s\n", why);
    finish(&r->regs, u);
    return 1;
}

static int run_pdp_on(struct nvdla_ref *r, const struct nvdla_pdp_layer *pl, const struct golden_tensor *in,
                      const char *pdp_summary)
{
    struct golden_tensor out = { 0 };
    struct ref_layer *l = add_layer(r, "PDP", r->regs.consumer[NVDLA_UNIT_PDP]);
    static const enum nvdla_unit units[] = { NVDLA_UNIT_PDP, NVDLA_UNIT_PDP_RDMA };
    setup_text(l, pdp_summary, &r->regs, units, pl->flying_in ? 1 : 2);
    int rc = nvdla_exec_pdp(pl, in, &out);
    if (rc == 0 && store(r, &pl->dst, &out) == 0) {
        l->covered = l->writes = 1;
        l->dst = pl->dst;
    }
    golden_tensor_free(&out);
    finish(&r->regs, NVDLA_UNIT_PDP);
    if (!pl->flying_in)
        finish(&r->regs, NVDLA_UNIT_PDP_RDMA);
    return 1;
}

/* SDP_RDMA takes part unless the input comes from the convolution and no
 * operand stream is fetched. */
static int sdp_uses_rdma(const struct nvdla_sdp_layer *sl)
{
    return !sl->flying_in || sl->ops[0].fetch || sl->ops[1].fetch || sl->ops[2].fetch;
}

/* Whether the SDP layer in the consumer groups can run now (and its PDP
 * layer, when it feeds one). */
static int sdp_ready(struct nvdla_ref *r, struct nvdla_sdp_layer *sl, struct nvdla_pdp_layer *pl)
{
    struct nvdla_regfile *regs = &r->regs;
    char why[256];
    if (!nvdla_regfile_op_en(regs, NVDLA_UNIT_SDP) || nvdla_decode_sdp(regs, sl, why, sizeof why))
        return 0;
    if (sdp_uses_rdma(sl) && !nvdla_regfile_op_en(regs, NVDLA_UNIT_SDP_RDMA))
        return 0;
    if (sl->to_pdp && (!nvdla_regfile_op_en(regs, NVDLA_UNIT_PDP) ||
                       nvdla_decode_pdp(regs, pl, why, sizeof why) || !pl->flying_in))
        return 0;   /* waits for its PDP layer */
    return 1;
}

/* Run a decoded SDP layer: input from memory, or `flying` (the
 * convolution's results). */
static void run_sdp(struct nvdla_ref *r, const struct nvdla_sdp_layer *sl, const struct nvdla_pdp_layer *pl,
                    const struct golden_tensor *flying)
{
    struct nvdla_regfile *regs = &r->regs;
    char pdp_summary[1024] = "", summary[2048];
    if (sl->to_pdp)
        nvdla_describe_pdp(pl, pdp_summary, sizeof pdp_summary);
    nvdla_describe_sdp(sl, summary, sizeof summary);
    struct ref_layer *l = add_layer(r, "SDP", regs->consumer[NVDLA_UNIT_SDP]);
    static const enum nvdla_unit units[] = { NVDLA_UNIT_SDP, NVDLA_UNIT_SDP_RDMA };
    setup_text(l, summary, regs, units, sdp_uses_rdma(sl) ? 2 : 1);

    uint8_t *in_raw = flying ? NULL : fetch(r, &sl->src);
    uint8_t *op_raw[GOLDEN_SDP_STAGES] = { 0 };
    for (int s = 0; s < GOLDEN_SDP_STAGES; s++)
        if (sl->ops[s].fetch)
            op_raw[s] = fetch(r, &sl->ops[s].mem);
    struct golden_tensor out = { 0 };
    struct golden_sdp_stats st;
    memset(&st, 0, sizeof st);
    const uint8_t *ops[GOLDEN_SDP_STAGES] = { op_raw[0], op_raw[1], op_raw[2] };
    int ok = flying ? nvdla_exec_sdp_tensor(sl, flying, ops, &out, &st) == 0
                    : in_raw && nvdla_exec_sdp(sl, in_raw, ops, &out, &st) == 0;
    finish(regs, NVDLA_UNIT_SDP);
    if (sdp_uses_rdma(sl))
        finish(regs, NVDLA_UNIT_SDP_RDMA);
    if (ok) {
        l->covered = 1;
        if (sl->to_pdp)
            run_pdp_on(r, pl, &out, pdp_summary);
        else if (!golden_sdp_compare_mode(&sl->cfg) && store(r, &sl->dst, &out) == 0) {
            l->writes = 1;
            l->dst = sl->dst;
        }
    }
    golden_tensor_free(&out);
    free(in_raw);
    for (int s = 0; s < GOLDEN_SDP_STAGES; s++)
        free(op_raw[s]);
}

static int try_sdp(struct nvdla_ref *r)
{
    struct nvdla_regfile *regs = &r->regs;
    struct nvdla_sdp_layer sl;
    struct nvdla_pdp_layer pl;
    char why[256];
    if (!nvdla_regfile_op_en(regs, NVDLA_UNIT_SDP))
        return 0;
    if (nvdla_decode_sdp(regs, &sl, why, sizeof why))
        return nvdla_regfile_op_en(regs, NVDLA_UNIT_SDP_RDMA) ? run_uncovered(r, NVDLA_UNIT_SDP, why) : 0;
    if (sl.flying_in || !sdp_ready(r, &sl, &pl))
        return 0;   /* fed by the convolution, or waiting for its PDP layer */
    run_sdp(r, &sl, &pl, NULL);
    return 1;
}

static const enum nvdla_unit conv_units[] = {
    NVDLA_UNIT_CDMA, NVDLA_UNIT_CSC, NVDLA_UNIT_CMAC_A, NVDLA_UNIT_CMAC_B, NVDLA_UNIT_CACC,
};
#define N_CONV_UNITS (sizeof conv_units / sizeof conv_units[0])

/* A convolution runs when all five units and its on-flying SDP are enabled. */
static int try_conv(struct nvdla_ref *r)
{
    struct nvdla_regfile *regs = &r->regs;
    for (unsigned i = 0; i < N_CONV_UNITS; i++)
        if (!nvdla_regfile_op_en(regs, conv_units[i]))
            return 0;
    struct nvdla_conv_layer cl;
    char why[256];
    if (nvdla_decode_conv(regs, &cl, why, sizeof why)) {
        run_uncovered(r, NVDLA_UNIT_CDMA, why);
        for (unsigned i = 1; i < N_CONV_UNITS; i++)
            finish(regs, conv_units[i]);
        return 1;
    }
    struct nvdla_sdp_layer sl;
    struct nvdla_pdp_layer pl;
    if (!sdp_ready(r, &sl, &pl) || !sl.flying_in)
        return 0;   /* the results have nowhere to go yet */
    char summary[1024];
    nvdla_describe_conv(&cl, summary, sizeof summary);
    struct ref_layer *l = add_layer(r, "convolution", regs->consumer[NVDLA_UNIT_CDMA]);
    setup_text(l, summary, regs, conv_units, (int)N_CONV_UNITS);
    uint8_t *feature = NULL, *uv = NULL;
    if (cl.image) {
        feature = fetch(r, &cl.plane[0]);
        uv = cl.n_planes > 1 ? fetch(r, &cl.plane[1]) : NULL;
    } else if (nvdla_conv_fetches_data(&cl, &r->cbuf)) {
        feature = fetch(r, &cl.feature);
    }
    uint8_t *weights = NULL;
    if (nvdla_conv_fetches_weights(&cl, &r->cbuf)) {
        weights = malloc(cl.weight_bytes ? cl.weight_bytes : 1);
        if (weights)
            sparse_mem_read(cl.weight_sram ? r->sram : r->mem, cl.weight_base, weights, cl.weight_bytes);
    }
    struct golden_tensor acc = { 0 };
    const uint8_t *const planes[2] = { feature, uv };
    int ok = (cl.image ? nvdla_exec_conv_image(&cl, planes, weights, &r->cbuf, &acc)
                       : nvdla_exec_conv(&cl, feature, weights, &r->cbuf, &acc)) == 0;
    for (unsigned i = 0; i < N_CONV_UNITS; i++)
        finish(regs, conv_units[i]);
    l->covered = ok;
    if (ok)
        run_sdp(r, &sl, &pl, &acc);
    golden_tensor_free(&acc);
    free(feature);
    free(uv);
    free(weights);
    return 1;
}

static int try_cdp(struct nvdla_ref *r)
{
    struct nvdla_regfile *regs = &r->regs;
    if (!nvdla_regfile_op_en(regs, NVDLA_UNIT_CDP) || !nvdla_regfile_op_en(regs, NVDLA_UNIT_CDP_RDMA))
        return 0;
    struct nvdla_cdp_layer cl;
    char why[256];
    if (nvdla_decode_cdp(regs, &cl, why, sizeof why)) {
        run_uncovered(r, NVDLA_UNIT_CDP, why);
        finish(regs, NVDLA_UNIT_CDP_RDMA);
        return 1;
    }
    char summary[1024];
    nvdla_describe_cdp(&cl, summary, sizeof summary);
    struct ref_layer *l = add_layer(r, "CDP", regs->consumer[NVDLA_UNIT_CDP]);
    static const enum nvdla_unit units[] = { NVDLA_UNIT_CDP, NVDLA_UNIT_CDP_RDMA };
    setup_text(l, summary, regs, units, 2);
    uint8_t *raw = fetch(r, &cl.src);
    struct golden_tensor in = { 0 }, out = { 0 };
    if (raw && nvdla_exec_unpack(&cl.src, raw, &in) == 0 && nvdla_exec_cdp(&cl, &in, &out, NULL) == 0 &&
        store(r, &cl.dst, &out) == 0) {
        l->covered = l->writes = 1;
        l->dst = cl.dst;
    }
    finish(regs, NVDLA_UNIT_CDP);
    finish(regs, NVDLA_UNIT_CDP_RDMA);
    golden_tensor_free(&in);
    golden_tensor_free(&out);
    free(raw);
    return 1;
}

static int try_pdp(struct nvdla_ref *r)
{
    struct nvdla_regfile *regs = &r->regs;
    if (!nvdla_regfile_op_en(regs, NVDLA_UNIT_PDP))
        return 0;
    struct nvdla_pdp_layer pl;
    char why[256];
    if (nvdla_decode_pdp(regs, &pl, why, sizeof why))
        return nvdla_regfile_op_en(regs, NVDLA_UNIT_PDP_RDMA) ? run_uncovered(r, NVDLA_UNIT_PDP, why) : 0;
    if (pl.flying_in || !nvdla_regfile_op_en(regs, NVDLA_UNIT_PDP_RDMA))
        return 0;   /* on-flying PDP runs with its SDP layer */
    char summary[1024];
    nvdla_describe_pdp(&pl, summary, sizeof summary);
    uint8_t *raw = fetch(r, &pl.src);
    struct golden_tensor in = { 0 };
    if (raw && nvdla_exec_unpack(&pl.src, raw, &in) == 0)
        run_pdp_on(r, &pl, &in, summary);
    else
        run_uncovered(r, NVDLA_UNIT_PDP, "out of memory");
    golden_tensor_free(&in);
    free(raw);
    return 1;
}

int nvdla_ref_run(struct nvdla_ref *r)
{
    int ran = 0, progress;
    do {
        progress = try_conv(r) + try_sdp(r) + try_pdp(r) + try_cdp(r);
        ran += progress;
    } while (progress);
    return ran;
}

/* ---- explaining a mismatch ------------------------------------------------------- */

int nvdla_ref_explain(const struct nvdla_ref *r, const uint8_t *actual, uint64_t base,
                      size_t size, char *report, size_t len)
{
    return nvdla_ref_explain_mem(r, 0, actual, base, size, report, len);
}

int nvdla_ref_explain_mem(const struct nvdla_ref *r, int sram, const uint8_t *actual, uint64_t base,
                          size_t size, char *report, size_t len)
{
    const struct sparse_mem *mem = sram ? r->sram : r->mem;
    report[0] = 0;
    uint8_t chunk[4096];
    size_t first = size;
    for (size_t off = 0; off < size && first == size; off += sizeof chunk) {
        size_t n = size - off < sizeof chunk ? size - off : sizeof chunk;
        sparse_mem_read(mem, base + off, chunk, n);
        for (size_t i = 0; i < n; i++)
            if (chunk[i] != actual[off + i]) {
                first = off + i;
                break;
            }
    }
    if (first == size) {
        snprintf(report, len, "the DUT's bytes equal the golden reference image over 0x%" PRIx64
                 "..+0x%zx", base, size);
        return -1;
    }
    size_t ndiff = 0;
    for (size_t i = first; i < size; i++) {
        uint8_t e;
        sparse_mem_read(mem, base + i, &e, 1);
        ndiff += e != actual[i];
    }
    uint64_t addr = base + first;
    uint8_t expect;
    sparse_mem_read(mem, addr, &expect, 1);
    size_t at = text_append(report, len, 0, "first difference at 0x%" PRIx64 " (offset 0x%zx): expected 0x%02x (%d), "
                    "actual 0x%02x (%d); %zu of %zu bytes differ\n", addr, first, expect, (int8_t)expect,
                    actual[first], (int8_t)actual[first], ndiff, size);
    /* the latest layer whose output holds this byte */
    for (unsigned i = r->n_layers; i-- > 0;) {
        const struct ref_layer *l = &r->layers[i];
        if (!l->writes || !l->dst.sram != !sram || addr < l->dst.base)
            continue;
        uint32_t x, y, c;
        unsigned byte;
        if (golden_layout_locate(&l->dst.layout, l->dst.w, l->dst.h, l->dst.c, addr - l->dst.base, &x,
                                 &y, &c, &byte))
            continue;
        at = text_append(report, len, at, "written by %s at (w=%u, h=%u, c=%u)%s: expected %d, actual %d\n",
                 l->name, x, y, c, c >= l->dst.c ? " (a padding lane past the last channel)" : "",
                 (int8_t)expect, (int8_t)actual[first]);
        text_append(report, len, at, "%s", l->setup ? l->setup : "");
        return 1;
    }
    at = text_append(report, len, at, "no golden-covered layer writes 0x%" PRIx64 "", addr);
    for (unsigned i = 0; i < r->n_layers; i++)
        if (!r->layers[i].covered)
            at = text_append(report, len, at, "%s %s (%s)", i ? "," : "; layers without a golden model:",
                     r->layers[i].name, r->layers[i].setup ? r->layers[i].setup : "");
    text_append(report, len, at, "\n");
    return 0;
}
