/* trace_run: see trace_run.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nvdla_ref.h"
#include "nvdla_regs.h"
#include "sim_output_error.h"
#include "trace_run.h"

struct run {
    struct seq_ctx *ctx;
    const struct trace *t;
    struct nvdla_ref *ref;
    uint32_t seen;          /* status bits read and cleared, not consumed yet */
    uint32_t armed;         /* bits an enabled operation (or S_INTR_SET) may raise */
    uint32_t mask;          /* GLB S_INTR_MASK as the trace wrote it */
    unsigned mask_line;     /* where (0: reset value) */
    unsigned producer[NVDLA_UNIT_COUNT];    /* S_POINTER producer (group written) */
    unsigned char *ran;     /* per directive: the check ran */
    uint64_t *fired;        /* per sync_notify EVENT: cycle it fired, UINT64_MAX: not yet */
    struct write_map *loaded[2];    /* per trace_mem: bytes mem_load put there */
};

#define WHERE(r, d) (r)->t->path, (d)->line

static const char *reg_str(const struct nvdla_reg_desc *reg, char *buf, size_t len)
{
    snprintf(buf, len, "NVDLA_%s.%s_0", reg->unit_name, reg->name);
    return buf;
}

static const char *notify_str(const struct run *r, const struct trace_dir *d, char *buf, size_t len)
{
    const char *sync = r->t->sync[d->sync].name;
    if (d->intr)
        snprintf(buf, len, "intr_notify(%s, %s)", d->intr->name, sync);
    else
        snprintf(buf, len, "intr_notify(%s)", sync);
    return buf;
}

static struct sparse_mem *mem_of(const struct run *r, enum trace_mem m)
{
    return m == TRACE_SEC_MEM ? r->ctx->mem[NVDLA_SEQ_SRAM] : r->ctx->mem[NVDLA_SEQ_DBB];
}

static const struct write_map *written_of(const struct run *r, enum trace_mem m)
{
    return m == TRACE_SEC_MEM ? r->ctx->written[NVDLA_SEQ_SRAM] : r->ctx->written[NVDLA_SEQ_DBB];
}

static const char *status_str(enum bfm_status s)
{
    switch (s) {
    case BFM_OK: return "ok";
    case BFM_ERR_ARG: return "bad argument";
    case BFM_ERR_TIMEOUT: return "timeout";
    case BFM_ERR_FAILED: return "the simulation has already failed";
    }
    return "?";
}

/* ---- memory and registers ------------------------------------------------ */

static int do_mem(struct run *r, const struct trace_dir *d)
{
    struct sparse_mem *m = mem_of(r, d->mem);
    if (!m)
        return seq_fail(r->ctx, "%s:%u: %s: the DUT has no %s memory", WHERE(r, d),
                        trace_op_name(d->op), trace_mem_name(d->mem));
    int rc;
    if (d->op == TRACE_MEM_INIT) {
        if ((rc = sparse_mem_fill(m, d->base, 0, (size_t)d->size)))
            return seq_fail(r->ctx, "%s:%u: mem_init: %s", WHERE(r, d), sparse_mem_strerror(rc));
        if (d->mem == TRACE_PRI_MEM)
            nvdla_ref_mem_fill(r->ref, d->base, 0, (size_t)d->size);
        else
            nvdla_ref_sram_fill(r->ref, d->base, 0, (size_t)d->size);
        return 0;
    }
    const struct trace_image *im = d->image;
    for (size_t i = 0; i < im->n; i++) {
        const struct trace_record *rec = &im->rec[i];
        if ((rc = sparse_mem_write(m, d->base + rec->offset, im->bytes + rec->data, (size_t)rec->size)))
            return seq_fail(r->ctx, "%s:%u: mem_load: record at 0x%" PRIx64 ": %s", WHERE(r, d),
                            d->base + rec->offset, sparse_mem_strerror(rc));
        write_map_mark(r->loaded[d->mem == TRACE_SEC_MEM], d->base + rec->offset, (size_t)rec->size);
        if (d->mem == TRACE_PRI_MEM)
            nvdla_ref_mem_write(r->ref, d->base + rec->offset, im->bytes + rec->data, (size_t)rec->size);
        else
            nvdla_ref_sram_write(r->ref, d->base + rec->offset, im->bytes + rec->data, (size_t)rec->size);
    }
    return 0;
}

/* What the runner must know of a register write: the interrupt mask, the
 * register group each unit writes, the operations that may interrupt. */
static void note_write(struct run *r, const struct trace_dir *d)
{
    const struct nvdla_reg_desc *reg = d->reg;
    int idx = (int)(reg - nvdla_regs);
    int u = reg->unit;
    if (idx == NVDLA_GLB_S_INTR_MASK_IDX) {
        r->mask = d->value;
        r->mask_line = d->line;
    } else if (idx == NVDLA_GLB_S_INTR_SET_IDX) {
        r->armed |= d->value;
    } else if (idx == nvdla_units[u].s_pointer) {
        r->producer[u] = d->value & 1u;
    } else if (idx == nvdla_units[u].op_enable && (d->value & 1u)) {
        r->armed |= trace_intr_unit_bits(u, 1u << r->producer[u]);
    } else if (idx == NVDLA_BDMA_CFG_LAUNCH0_IDX && (d->value & 1u)) {
        r->armed |= trace_intr_unit_bits(NVDLA_UNIT_BDMA, 1u);
    } else if (idx == NVDLA_BDMA_CFG_LAUNCH1_IDX && (d->value & 1u)) {
        r->armed |= trace_intr_unit_bits(NVDLA_UNIT_BDMA, 2u);
    }
}

static int do_reg_write(struct run *r, const struct trace_dir *d)
{
    char rn[96];
    bfm_log(r->ctx->env, 1, "trace", "%s:%u: reg_write(%s, 0x%08x)", WHERE(r, d),
            reg_str(d->reg, rn, sizeof rn), d->value);
    enum bfm_status st = seq_reg_write(r->ctx, d->reg->addr, d->value);
    if (st != BFM_OK)
        return seq_fail(r->ctx, "%s:%u: reg_write(%s, 0x%x): register write did not complete: %s", WHERE(r, d),
                        reg_str(d->reg, rn, sizeof rn), d->value, status_str(st));
    nvdla_ref_reg_write(r->ref, d->reg->addr, d->value);
    note_write(r, d);
    return 0;
}

static int do_poll(struct run *r, const struct trace_dir *d)
{
    char rn[96];
    uint64_t t0 = r->ctx->env->cycle;
    enum bfm_status st = seq_reg_poll(r->ctx, d->reg->addr, 0xffffffffu, d->value, TRACE_WAIT_CYCLES);
    if (st == BFM_OK) {
        bfm_log(r->ctx->env, 1, "trace", "%s:%u: poll_reg_equal(%s, 0x%x) done after %" PRIu64 " cycles",
                WHERE(r, d), reg_str(d->reg, rn, sizeof rn), d->value, r->ctx->env->cycle - t0);
        return 0;
    }
    uint32_t v = 0;
    if (st == BFM_ERR_TIMEOUT && seq_reg_read(r->ctx, d->reg->addr, &v) == BFM_OK)
        return seq_fail(r->ctx, "%s:%u: poll_reg_equal(%s, 0x%x): the register still reads 0x%x after "
                        "%" PRIu64 " cycles", WHERE(r, d), reg_str(d->reg, rn, sizeof rn), d->value, v,
                        r->ctx->env->cycle - t0);
    return seq_fail(r->ctx, "%s:%u: poll_reg_equal(%s, 0x%x): gave up after %" PRIu64 " cycles: %s%s%s",
                    WHERE(r, d), reg_str(d->reg, rn, sizeof rn), d->value, r->ctx->env->cycle - t0,
                    status_str(st), r->ctx->env->first_failure[0] ? ": " : "", r->ctx->env->first_failure);
}

/* ---- ordering between units ------------------------------------------------- */

static int csb_idle(void *m)
{
    return csb_master_idle(m);
}

/* Every register write issued so far has completed: the CSB master holds
 * nothing (posted writes accepted by the DUT, non-posted ones answered).
 * On the TLM platform (no csb) every access is blocking: nothing to wait. */
static enum bfm_status fence(struct run *r)
{
    if (!nvdla_seq(r->ctx)->csb)
        return BFM_OK;
    return bfm_wait(r->ctx->env, csb_idle, nvdla_seq(r->ctx)->csb, TRACE_WAIT_CYCLES);
}

static int do_sync(struct run *r, const struct trace_dir *d)
{
    const char *unit = nvdla_units[d->unit].name, *ev = r->t->event[d->event].name;
    const char *op = trace_op_name(d->op);
    uint64_t t0 = r->ctx->env->cycle;
    enum bfm_status st = fence(r);
    if (st != BFM_OK)
        return seq_fail(r->ctx, "%s:%u: %s(NVDLA_%s, %s): the register writes before it did not complete after "
                        "%" PRIu64 " cycles: %s", WHERE(r, d), op, unit, ev, r->ctx->env->cycle - t0,
                        status_str(st));
    uint64_t *fired = &r->fired[d->event];
    if (d->op == TRACE_SYNC_NOTIFY) {
        if (*fired == UINT64_MAX)
            *fired = r->ctx->env->cycle;
        bfm_log(r->ctx->env, 1, "trace", "%s:%u: sync_notify(NVDLA_%s, %s): fired at cycle %" PRIu64, WHERE(r, d),
                unit, ev, *fired);
        return 0;
    }
    /* the parser refused a wait before its notify; this guards the runner */
    if (*fired == UINT64_MAX)
        return seq_fail(r->ctx, "%s:%u: sync_wait(NVDLA_%s, %s): the event has not been notified", WHERE(r, d),
                        unit, ev);
    bfm_log(r->ctx->env, 1, "trace", "%s:%u: sync_wait(NVDLA_%s, %s): notified at cycle %" PRIu64, WHERE(r, d),
            unit, ev, *fired);
    return 0;
}

/* ---- checks ----------------------------------------------------------------- */

static void dump_region(struct run *r, const struct trace_dir *d, const uint8_t *buf)
{
    const char *dir = r->ctx->out_dir ? r->ctx->out_dir : ".";
    char path[4096];
    snprintf(path, sizeof path, "%s/crc_0x%" PRIx64 "_0x%" PRIx64 ".bin", dir, d->base, d->size);
    FILE *f = fopen(path, "wb");
    /* an unwritten dump ends the run without a verdict (sim_output_error.h) */
    if (!f) {
        sim_output_error("dump: cannot write %s: %s", path, strerror(errno));
        return;
    }
    int wrote = fwrite(buf, 1, (size_t)d->size, f) == (size_t)d->size;
    int werr = errno;
    if (fclose(f) || !wrote) {
        int why = wrote ? errno : werr;
        remove(path);   /* no partial dump left */
        sim_output_error("dump: cannot write %s: %s (the partial file is removed)", path, strerror(why));
        return;
    }
    printf("  dump: %s (%" PRIu64 " bytes the DUT left at 0x%" PRIx64 ")\n", path, d->size, d->base);
}

static void explain(struct run *r, const struct trace_dir *d, const uint8_t *buf, uint32_t actual)
{
    int sec = d->mem == TRACE_SEC_MEM;
    uint32_t golden = sparse_mem_crc32(sec ? nvdla_ref_sram(r->ref) : nvdla_ref_mem(r->ref), d->base, (size_t)d->size);
    const char *verdict = nvdla_seq(r->ctx)->prog_broken
                              ? "the trace breaks a programming rule (PROG_CHECK=warn), so what the hardware "
                                "writes is undefined (it may hang): neither a DUT nor a golden-model bug"
                          : nvdla_seq(r->ctx)->absent && golden == d->crc
                              ? "the golden model agrees with the trace, but the trace needs a unit the "
                                "configuration leaves out (RUN_ABSENT=1): a DUT without it is expected to differ"
                          : golden == d->crc ? "the golden model agrees with the trace: a DUT bug"
                          : golden == actual ? "the DUT agrees with the golden model: a golden-model "
                                               "(or trace) disagreement"
                                             : "golden, DUT and trace all differ";
    printf("  golden reference CRC 0x%08x, trace expects 0x%08x, DUT wrote 0x%08x: %s\n", golden, d->crc,
           actual, verdict);
    if (nvdla_seq(r->ctx)->prog_broken)
        printf("  programming: %s\n", nvdla_seq(r->ctx)->prog_broken);
    char report[8192];
    report[0] = 0;
    nvdla_ref_explain_mem(r->ref, sec, buf, d->base, (size_t)d->size, report, sizeof report);
    /* indent every line of the report */
    for (char *line = report; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        printf("  reference: %s\n", line);
        line = nl ? nl + 1 : NULL;
    }
}

static int run_check(struct run *r, size_t i)
{
    const struct trace_dir *d = &r->t->dir[i];
    const char *sync = r->t->sync[d->sync].name;
    r->ran[i] = 1;
    if (d->op == TRACE_CHECK_NOTHING) {
        printf("check_nothing %s:%u %s: PASS\n", WHERE(r, d), sync);
        return 0;
    }
    struct sparse_mem *m = mem_of(r, d->mem);
    if (!m)
        return seq_fail(r->ctx, "%s:%u: check_crc: the DUT has no %s memory", WHERE(r, d), trace_mem_name(d->mem));
    uint32_t crc = sparse_mem_crc32(m, d->base, (size_t)d->size);
    /* A region the DUT wrote none of proves nothing, whatever its CRC: it
     * holds what was there before the run. Bytes the DUT left unwritten
     * next to written ones (padding lanes, gaps between lines) are allowed
     * and counted on the line. See docs/traces.md, check_crc. */
    const struct write_map *wm = written_of(r, d->mem);
    uint64_t wrote = wm ? write_map_count(wm, d->base, d->size) : d->size;
    int none = d->size && !wrote, excused = 0;
    if (none && nvdla_seq(r->ctx)->check_unwritten)
        excused = write_map_count(r->loaded[d->mem == TRACE_SEC_MEM], d->base, d->size) == d->size;
    int pass = crc == d->crc && (!none || excused);
    char note[160] = "";
    if (none)
        snprintf(note, sizeof note, excused ? " (the DUT wrote none of it; the trace loaded it all: CHECK_UNWRITTEN=1)"
                                  : nvdla_seq(r->ctx)->check_unwritten ? " (the DUT wrote none of it, and the trace did not load "
                                                              "all of it: CHECK_UNWRITTEN=1 does not excuse it)"
                                                            : " (the DUT wrote none of it)");
    else if (wrote < d->size)
        snprintf(note, sizeof note, " (%" PRIu64 " of %" PRIu64 " bytes never written by the DUT)", d->size - wrote,
                 d->size);
    printf("check_crc %s:%u %s: 0x%" PRIx64 "..+0x%" PRIx64 " crc 0x%08x %s expected 0x%08x%s\n", WHERE(r, d),
           sync, d->base, d->size, crc, pass ? "PASS" : "FAIL", d->crc, note);
    if (pass)
        return 0;
    if (none && !excused) {
        fflush(stdout);
        return seq_fail(r->ctx, "%s:%u: check_crc(%s, %s, 0x%" PRIx64 ", 0x%" PRIx64 "): the DUT wrote none of "
                        "this region (CRC 0x%08x of what was there, expected 0x%08x)%s", WHERE(r, d), sync,
                        trace_mem_name(d->mem), d->base, d->size, crc, d->crc,
                        nvdla_seq(r->ctx)->check_unwritten ? "; the trace did not load all of it, so CHECK_UNWRITTEN=1 "
                                                  "does not excuse it"
                                                : "");
    }
    uint8_t *buf = malloc(d->size ? (size_t)d->size : 1);
    if (buf) {
        sparse_mem_read(m, d->base, buf, (size_t)d->size);
        dump_region(r, d, buf);
        explain(r, d, buf, crc);
        free(buf);
    }
    fflush(stdout);
    return seq_fail(r->ctx, "%s:%u: check_crc(%s, %s, 0x%" PRIx64 ", 0x%" PRIx64 "): CRC 0x%08x, expected 0x%08x",
                    WHERE(r, d), sync, trace_mem_name(d->mem), d->base, d->size, crc, d->crc);
}

/* The sync fired: every check bound to it runs, wherever it is in the file. */
static int fire(struct run *r, unsigned sync)
{
    int rc = 0;
    for (size_t i = 0; i < r->t->n; i++) {
        const struct trace_dir *d = &r->t->dir[i];
        if ((d->op == TRACE_CHECK_CRC || d->op == TRACE_CHECK_NOTHING) && d->sync == sync && !r->ran[i])
            rc |= run_check(r, i);
    }
    return rc;
}

/* ---- interrupts -------------------------------------------------------------- */

static int want_seen(const struct run *r, uint32_t want)
{
    return want ? (r->seen & want) != 0 : r->seen != 0;
}

/* Firmware interrupt service until want (0: anything) was seen. */
static int service(struct run *r, const struct trace_dir *d, uint32_t want)
{
    struct seq_ctx *ctx = r->ctx;
    char ns[160];
    uint64_t t0 = ctx->env->cycle;
    while (!want_seen(r, want)) {
        uint64_t used = ctx->env->cycle - t0;
        enum bfm_status st = used < TRACE_WAIT_CYCLES ? seq_wait_irq(ctx, TRACE_WAIT_CYCLES - used)
                                                      : BFM_ERR_TIMEOUT;
        if (st == BFM_ERR_TIMEOUT)
            return seq_fail(ctx, "%s:%u: %s: no interrupt after %" PRIu64 " cycles (dla_intr %s, status "
                            "bits seen so far 0x%x, GLB S_INTR_MASK 0x%x)", WHERE(r, d),
                            notify_str(r, d, ns, sizeof ns), ctx->env->cycle - t0,
                            *ctx->irq ? "high" : "low", r->seen, r->mask);
        if (st != BFM_OK)
            return seq_fail(ctx, "%s:%u: %s: gave up waiting after %" PRIu64 " cycles: %s", WHERE(r, d),
                            notify_str(r, d, ns, sizeof ns), ctx->env->cycle - t0, status_str(st));
        uint32_t v;
        st = seq_reg_read(ctx, NVDLA_GLB_S_INTR_STATUS, &v);
        if (st != BFM_OK)
            return seq_fail(ctx, "%s:%u: %s: reading GLB S_INTR_STATUS failed: %s", WHERE(r, d),
                            notify_str(r, d, ns, sizeof ns), status_str(st));
        if (v) {
            bfm_log(ctx->env, 1, "trace", "GLB S_INTR_STATUS 0x%x: clearing it", v);
            st = seq_reg_write(ctx, NVDLA_GLB_S_INTR_STATUS, v);   /* write 1 to clear */
            if (st != BFM_OK)
                return seq_fail(ctx, "%s:%u: %s: clearing GLB S_INTR_STATUS failed: %s", WHERE(r, d),
                                notify_str(r, d, ns, sizeof ns), status_str(st));
            r->seen |= v;
        } else if (ctx->env->step(ctx->env)) {
            /* dla_intr is registered: it may still show an event just cleared */
            return seq_fail(ctx, "%s:%u: %s: gave up waiting: %s", WHERE(r, d),
                            notify_str(r, d, ns, sizeof ns), status_str(BFM_ERR_FAILED));
        }
    }
    return 0;
}

static int do_notify(struct run *r, size_t i)
{
    const struct trace_dir *d = &r->t->dir[i];
    const struct trace_sync *s = &r->t->sync[d->sync];
    char ns[160];
    int layers = nvdla_ref_run(r->ref);
    bfm_log(r->ctx->env, 1, "trace", "%s:%u: reference executor ran %d layer(s)", WHERE(r, d), layers);
    uint32_t want = d->intr ? 1u << d->intr->bit : 0;
    uint32_t can = want ? want : r->armed;     /* what could answer */
    uint64_t t0 = r->ctx->env->cycle;
    if (!want_seen(r, want) && !(r->armed & (want ? want : ~0u))) {
        if (d->intr) {
            const char *unit = nvdla_units[d->intr->unit].name;
            int other = (r->armed & trace_intr_unit_bits(d->intr->unit, 3u)) != 0;
            printf("warning: %s:%u: intr_notify(%s): the trace enabled no %s operation%s, nothing can "
                   "interrupt; firing %s without waiting\n", WHERE(r, d), d->intr->name, unit,
                   other ? d->intr->group ? " in register group 1" : " in register group 0" : "", s->name);
        } else {
            printf("warning: %s:%u: intr_notify(%s): the trace enabled no operation, nothing can interrupt; "
                   "firing %s without waiting\n", WHERE(r, d), s->name, s->name);
        }
    } else {
        if (!want_seen(r, want) && !(can & ~r->mask)) {
            char where[64] = "its reset value";
            if (r->mask_line)
                snprintf(where, sizeof where, "written at line %u", r->mask_line);
            return seq_fail(r->ctx, "%s:%u: %s: %s masked in GLB S_INTR_MASK (0x%x, %s): the interrupt "
                            "can never be raised", WHERE(r, d), notify_str(r, d, ns, sizeof ns),
                            want ? "its status bit is" : "every interrupt an enabled operation can raise is",
                            r->mask, where);
        }
        if (service(r, d, want))
            return 1;
        uint32_t got = want ? want : r->seen & -r->seen;    /* any: the lowest bit seen */
        r->seen &= ~got;
        r->armed &= ~got;
        const struct trace_intr_id *id = trace_intr_by_bit((unsigned)__builtin_ctz(got));
        printf("intr_notify %s:%u %s: %s done at cycle %" PRIu64 " (waited %" PRIu64 " cycles)\n",
               WHERE(r, d), s->name, id ? id->name : "interrupt", r->ctx->env->cycle,
               r->ctx->env->cycle - t0);
    }
    if (s->last_notify == i)
        return fire(r, d->sync);
    return 0;
}

/* ---- the run ------------------------------------------------------------------- */

int trace_run(struct seq_ctx *ctx, const struct trace *t)
{
    struct run r = { .ctx = ctx, .t = t, .mask = nvdla_regs[NVDLA_GLB_S_INTR_MASK_IDX].reset };
    r.ref = nvdla_ref_create();
    if (r.ref)
        nvdla_ref_set_config(r.ref, nvdla_seq(ctx)->hw);
    r.ran = calloc(t->n ? t->n : 1, 1);
    r.fired = malloc((t->nevent ? t->nevent : 1) * sizeof *r.fired);
    int track_loads = nvdla_seq(ctx)->check_unwritten;     /* only CHECK_UNWRITTEN=1 asks what mem_load covered */
    for (int m = 0; m < 2 && track_loads; m++)
        r.loaded[m] = write_map_create();
    if (!r.ref || !r.ran || !r.fired || (track_loads && (!r.loaded[0] || !r.loaded[1]))) {
        write_map_destroy(r.loaded[0]);
        write_map_destroy(r.loaded[1]);
        nvdla_ref_destroy(r.ref);
        free(r.ran);
        free(r.fired);
        return seq_fail(ctx, "%s: out of memory", t->path);
    }
    for (size_t i = 0; i < t->nevent; i++)
        r.fired[i] = UINT64_MAX;
    size_t records = 0, checks = 0;
    for (size_t i = 0; i < t->n; i++) {
        if (t->dir[i].image)
            records += t->dir[i].image->n;
        checks += t->dir[i].op == TRACE_CHECK_CRC || t->dir[i].op == TRACE_CHECK_NOTHING;
    }
    printf("trace: %s: %zu directives, %zu memory records, %zu checks\n", t->path, t->n, records, checks);
    int rc = 0;
    for (size_t i = 0; i < t->n && !rc; i++) {
        const struct trace_dir *d = &t->dir[i];
        switch (d->op) {
        case TRACE_MEM_INIT:
        case TRACE_MEM_LOAD:
            rc = do_mem(&r, d);
            break;
        case TRACE_REG_WRITE:
            rc = do_reg_write(&r, d);
            break;
        case TRACE_POLL_REG:
            rc = do_poll(&r, d);
            break;
        case TRACE_INTR_NOTIFY:
            rc = do_notify(&r, i);
            break;
        case TRACE_SYNC_NOTIFY:
        case TRACE_SYNC_WAIT:
            rc = do_sync(&r, d);
            break;
        case TRACE_CHECK_CRC:
        case TRACE_CHECK_NOTHING:
            break;      /* runs when its sync fires */
        }
    }
    for (size_t i = 0; i < t->n && !rc; i++) {
        const struct trace_dir *d = &t->dir[i];
        if ((d->op == TRACE_CHECK_CRC || d->op == TRACE_CHECK_NOTHING) && !r.ran[i])
            rc = seq_fail(ctx, "%s:%u: %s: sync '%s' never fired", WHERE(&r, d), trace_op_name(d->op),
                          t->sync[d->sync].name);
    }
    if (!rc)
        printf("trace: %s: %zu check%s passed\n", t->name, checks, checks == 1 ? "" : "s");
    nvdla_ref_destroy(r.ref);
    free(r.ran);
    free(r.fired);
    write_map_destroy(r.loaded[0]);
    write_map_destroy(r.loaded[1]);
    return rc;
}
