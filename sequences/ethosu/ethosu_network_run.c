/* ethosu_network_run: the ethosu/network test. Runs a Vela-compiled network
 * (NETWORK=<folder>, loaded by ethosu_main.c through ethosu_network.h) as
 * Arm's driver does: soft reset, the CONFIG register against the payload's
 * configuration, the weights and inputs in memory, the region base
 * registers, the queue at the command stream, CMD, the interrupt, STATUS;
 * then every output byte against expected_<i>.npy. A mismatch names the
 * first differing (n, h, w, c) and the kernel operation that wrote it
 * (ethosu_opmap.h).
 *
 * A folder may hold xfail.txt (one line: why the command stream and
 * TensorFlow Lite's reference disagree there). Output mismatches are then
 * printed, the run reports "XFAIL stream and reference disagree: <reason>"
 * and its verdict is XFAIL (exit 0); every output matching is an XPASS,
 * a failure, so a stale mark is noticed. Anything else (STATUS, an output
 * never written, a checker) fails as usual.
 *
 * Without xfail.txt, on the twin, differing outputs are first printed; the
 * network then runs again with each explain alternative of the twin's
 * arithmetic (ethosu_explain.h). One that changed an operation and makes
 * every output match names the disagreement (XFAIL); else the first
 * difference fails the run as it would have.
 *
 * Memory: region r at region_base(r) (on the Ethos-U65 above 4 GiB, so the
 * 40-bit addresses are used; on the Ethos-U55, 32-bit, from 256 MiB); the weight region (the model, read-only) and
 * the command stream behind M1, the arena and the fast scratch behind M0,
 * as a system with the model in external memory and the arena in SRAM
 * places them. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "checked_size.h"
#include "ethosu_cmd.h"
#include "ethosu_armdrv.h"
#include "ethosu_driver.h"
#include "ethosu_explain.h"
#include "ethosu_kstats.h"
#include "ethosu_network.h"
#include "ethosu_network_run.h"
#include "ethosu_opmap.h"
#include "ethosu_regs.h"

#define REGION_BASE_U65 0x100000000ull
#define REGION_BASE_U55 0x010000000ull   /* 8 regions of 256 MiB end at 2.25 GiB */
#define REGION_SPAN ETHOSU_NETWORK_REGION_SPAN
#define CMD_ADDR 0x001000000ull       /* behind M1 (QCONFIG 2) */
#define CMD_QCONFIG 2u
/* the kernel's watchdog (MAX_CYCLES, the test's budget) bounds the run */
#define IRQ_TIMEOUT UINT64_MAX

static int narrow;   /* the run's configuration has 32-bit addresses */

#define XFAIL_FILE "xfail.txt"
#define XFAIL_MAX 1024   /* bytes of xfail.txt, its newline included */

static char xfail_reason[XFAIL_MAX];   /* the folder's xfail.txt, "" when none */
static int xfailed;                   /* the run differed as its xfail.txt says: verdict XFAIL */

/* How output differences are reported: as failures, printed and left to the
 * caller (a known disagreement, or one a rerun may name), or counted only
 * (the rerun with an explain alternative). */
enum diff_mode { DIFF_FAIL, DIFF_DEFER, DIFF_QUIET };
static enum diff_mode diff_mode;
static char first_diff[2048];   /* the first difference's report, for the failure a rerun did not explain */
static int deferred;            /* outputs differed and were left to the caller (DIFF_DEFER, no xfail.txt) */

static uint64_t region_base(unsigned r)
{
    return (narrow ? REGION_BASE_U55 : REGION_BASE_U65) + (uint64_t)r * REGION_SPAN;
}

/* REGIONCFG value and memory of a region: the model's behind M1, the rest behind M0 */
static unsigned region_port(const struct ethosu_network *n, unsigned r)
{
    return r == n->weight_region ? 1u : 0u;
}

static int refuse(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int refuse(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "sim: ethosu/network: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    fflush(stderr);
    return ETHOSU_SEQ_REFUSED;
}

/* The folder's xfail.txt into xfail_reason (left "" when there is none):
 * a regular file of one non-empty line of printable text, at most
 * XFAIL_MAX bytes; anything else is refused naming the file. */
static int read_xfail(const struct ethosu_network *n)
{
    char path[sizeof n->npz_path + sizeof XFAIL_FILE];
    const char *slash = strrchr(n->npz_path, '/');
    int dir_len = slash ? (int)(slash - n->npz_path) : 1;
    snprintf(path, sizeof path, "%.*s/%s", dir_len, slash ? n->npz_path : ".", XFAIL_FILE);
    xfail_reason[0] = 0;
    xfailed = 0;
    struct stat st;
    if (stat(path, &st)) {
        if (errno == ENOENT)
            return 0;
        return refuse("%s: %s", path, strerror(errno));
    }
    if (!S_ISREG(st.st_mode))
        return refuse("%s: not a regular file (a known stream-and-reference disagreement is one line of text)",
                      path);
    if (st.st_size >= XFAIL_MAX)
        return refuse("%s: %lld bytes; the reason is one line of at most %d bytes", path, (long long)st.st_size,
                      XFAIL_MAX - 1);
    FILE *f = fopen(path, "rb");
    if (!f)
        return refuse("%s: %s", path, strerror(errno));
    size_t len = fread(xfail_reason, 1, sizeof xfail_reason - 1, f);
    int err = ferror(f);
    fclose(f);
    xfail_reason[len] = 0;
    if (err)
        return refuse("%s: read error", path);
    if (len && xfail_reason[len - 1] == '\n')
        xfail_reason[--len] = 0;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)xfail_reason[i] < 0x20 || xfail_reason[i] == 0x7f) {
            xfail_reason[0] = 0;
            return refuse("%s: byte %zu is a control character (0x%02x): the reason is one line of text", path, i,
                          (unsigned char)xfail_reason[i]);
        }
    if (!len)
        return refuse("%s: empty; it holds the reason the stream and the reference disagree", path);
    return 0;
}

/* the verdict word of a passing ethosu/network run: XFAIL when the outputs
 * differed as the folder's xfail.txt says (main_family.h pass_word) */
const char *ethosu_network_pass_word(void)
{
    return xfailed ? "XFAIL" : NULL;
}

/* the driver's configuration check, the one Arm's driver makes
 * (ethosu_dev_verify_optimizer_config): the NPU must be the product, with the
 * MACs, command stream version and (U85) AXI ports the stream was compiled
 * for, have the custom DMA if the stream needs it, and the architecture's
 * major revision (a newer minor one is a warning here, a refusal there) */
static enum ethosu_cmd_product cmd_product(const struct ethosu_network *n)
{
    return ethosu_payload_is_u85(&n->payload) ? ETHOSU_CMD_U85 : ETHOSU_CMD_U55_U65;
}

static int check_config(struct ethosu_seq_ctx *ctx, const struct ethosu_network *n)
{
    uint32_t cfg;
    if (ethosu_read(ctx, ETHOSU_CONFIG, &cfg))
        return 1;
    uint32_t key = ETHOSU_CONFIG_PRODUCT_MASK | ETHOSU_CONFIG_MACS_PER_CC_MASK;
    if ((cfg & key) != (n->payload.config & key)) {
        char dut[48], want[48], b1[24], b2[24];
        ethosu_payload_config_name(cfg, dut, sizeof dut);
        ethosu_payload_config_name(n->payload.config, want, sizeof want);
        return refuse("the DUT's CONFIG register (0x%08x) says %s (%s), but %s was compiled for %s (%s; its payload's "
                      "CONFIG 0x%08x): compile it for %s or run it on that configuration", cfg,
                      ethosu_payload_product(cfg, b1, sizeof b1), dut, n->npz_path,
                      ethosu_payload_product(n->payload.config, b2, sizeof b2), want, n->payload.config, dut);
    }
    static const struct { uint32_t mask; const char *name; int u85_only; } same[] = {
        { ETHOSU_CONFIG_CMD_STREAM_VERSION_MASK, "cmd_stream_version", 0 },
        { ETHOSU_CONFIG_NUM_AXI_EXT_MASK, "num_axi_ext", 1 },   /* the U55/U65 CONFIG has shram_size there */
        { ETHOSU_CONFIG_NUM_AXI_SRAM_MASK, "num_axi_sram", 1 },
    };
    for (unsigned i = 0; i < sizeof same / sizeof same[0]; i++)
        if ((!same[i].u85_only || cmd_product(n) == ETHOSU_CMD_U85) &&
            (cfg & same[i].mask) != (n->payload.config & same[i].mask))
            return refuse("the DUT's CONFIG register (0x%08x) has %s %u, but %s was compiled for %u (its payload's "
                          "CONFIG 0x%08x): Arm's driver refuses it too", cfg, same[i].name,
                          (cfg & same[i].mask) >> __builtin_ctz(same[i].mask), n->npz_path,
                          (n->payload.config & same[i].mask) >> __builtin_ctz(same[i].mask), n->payload.config);
    if ((n->payload.config & ETHOSU_CONFIG_CUSTOM_DMA_MASK) && !(cfg & ETHOSU_CONFIG_CUSTOM_DMA_MASK))
        return refuse("%s was compiled for an NPU with the custom DMA (its payload's CONFIG 0x%08x), the DUT has none "
                      "(CONFIG 0x%08x)", n->npz_path, n->payload.config, cfg);
    uint32_t id;
    if (ethosu_read(ctx, ETHOSU_ID, &id))
        return 1;
    unsigned major = (id & ETHOSU_ID_ARCH_MAJOR_REV_MASK) >> ETHOSU_ID_ARCH_MAJOR_REV_SHIFT;
    unsigned minor = (id & ETHOSU_ID_ARCH_MINOR_REV_MASK) >> ETHOSU_ID_ARCH_MINOR_REV_SHIFT;
    unsigned want_major = (n->payload.id & ETHOSU_ID_ARCH_MAJOR_REV_MASK) >> ETHOSU_ID_ARCH_MAJOR_REV_SHIFT;
    unsigned want_minor = (n->payload.id & ETHOSU_ID_ARCH_MINOR_REV_MASK) >> ETHOSU_ID_ARCH_MINOR_REV_SHIFT;
    if (major != want_major)
        return refuse("the DUT's ID register (0x%08x) has architecture %u.%u, but %s was compiled for %u.%u (its "
                      "payload's ID 0x%08x): the major revision must be the same, as Arm's driver checks", id, major,
                      minor, n->npz_path, want_major, want_minor, n->payload.id);
    /* a newer minor revision is run (the twin models the commands it knows and
     * refuses the others by name), but the user hears that the driver would not */
    if (minor < want_minor)
        fprintf(stderr, "sim: ethosu/network: warning: %s was compiled for architecture %u.%u, the DUT's ID register "
                "(0x%08x) says %u.%u: Arm's driver refuses a stream for a newer minor revision; run here anyway\n",
                n->npz_path, want_major, want_minor, id, major, minor);
    return 0;
}

void ethosu_network_fill_memory(struct ethosu_seq_ctx *ctx, const struct ethosu_network *n,
                         const struct ethosu_network_place *p)
{
    struct sparse_mem *const *mem = ctx->seq.mem;
    if (n->weight_len)
        sparse_mem_write(mem[p->port[n->weight_region]], p->base[n->weight_region], n->weights, n->weight_len);
    uint8_t fill[4096];
    for (unsigned v = 0; v < n->n_variables; v++) {
        const struct ethosu_net_variable *var = &n->variables[v];
        memset(fill, var->fill, sizeof fill);
        for (uint64_t done = 0; done < var->bytes;) {
            uint64_t k = var->bytes - done < sizeof fill ? var->bytes - done : sizeof fill;
            sparse_mem_write(mem[p->port[var->region]], p->base[var->region] + var->offset + done, fill, (size_t)k);
            done += k;
        }
    }
    for (unsigned i = 0; i < n->n_inputs; i++) {
        const struct ethosu_net_tensor *t = &n->inputs[i];
        sparse_mem_write(mem[p->port[t->region]], p->base[t->region] + t->offset, t->data.data, t->bytes);
    }
}

static int place(struct ethosu_seq_ctx *ctx, const struct ethosu_network *n)
{
    if (n->weight_len > REGION_SPAN || n->scratch_size > REGION_SPAN || n->scratch_fast_size > REGION_SPAN)
        return refuse("%s: a region is larger than the %llu MiB the runner gives each", n->npz_path,
                      REGION_SPAN >> 20);
    for (unsigned i = 0; i < n->n_inputs; i++)
        if (checked_within(n->inputs[i].offset, n->inputs[i].bytes, REGION_SPAN))   /* the loader refused it already */
            return refuse("%s: input %u ends beyond its region's %llu MiB", n->npz_path, i, REGION_SPAN >> 20);
    struct ethosu_network_place p;
    for (unsigned r = 0; r < ETHOSU_REGIONS; r++)
        p.base[r] = region_base(r), p.port[r] = region_port(n, r);
    ethosu_network_fill_memory(ctx, n, &p);
    for (unsigned r = 0; r < ETHOSU_REGIONS; r++)
        if (ethosu_set_region(ctx, r, region_base(r), region_port(n, r) ? 2u : 0u))
            return 1;
    return 0;
}

static const char *channel_name(unsigned ch)
{
    switch (ch) {
    case ETHOSU_STATUS_FAULTING_CHANNEL_CMD_READ: return "command read";
    case ETHOSU_STATUS_FAULTING_CHANNEL_IFM_READ: return "IFM read";
    case ETHOSU_STATUS_FAULTING_CHANNEL_WEIGHTS_READ: return "weight read";
    case ETHOSU_STATUS_FAULTING_CHANNEL_SCALE_BIAS_READ: return "scale/bias read";
    case ETHOSU_STATUS_FAULTING_CHANNEL_MEM2MEM_READ: return "DMA read";
    case ETHOSU_STATUS_FAULTING_CHANNEL_OFM_WRITE: return "OFM write";
    case ETHOSU_STATUS_FAULTING_CHANNEL_MEM2MEM_WRITE: return "DMA write";
    default: return "a reserved channel";
    }
}

/* STATUS after the IRQ: every error bit named, the command at QREAD for a parse error */
static int check_status(struct ethosu_seq_ctx *ctx, uint32_t st, const uint32_t *words, size_t nwords,
                        enum ethosu_cmd_product product)
{
    const uint32_t errors = ETHOSU_STATUS_BUS_STATUS_MASK | ETHOSU_STATUS_CMD_PARSE_ERROR_MASK |
                            ETHOSU_STATUS_WD_FAULT_MASK | ETHOSU_STATUS_ECC_FAULT_MASK;
    if (!(st & errors) && !(st & ETHOSU_STATUS_STATE_MASK))
        return 0;
    uint32_t qread = 0;
    if (ethosu_read(ctx, ETHOSU_QREAD, &qread))
        return 1;
    char what[512] = "", cmd[160] = "";
    size_t at = 0;
    if (st & ETHOSU_STATUS_BUS_STATUS_MASK)
        at += (size_t)snprintf(what + at, sizeof what - at, " bus_status (interface M%u, %s)",
                               (st & ETHOSU_STATUS_FAULTING_INTERFACE_MASK) ? 1u : 0u,
                               channel_name((st & ETHOSU_STATUS_FAULTING_CHANNEL_MASK) >>
                                            ETHOSU_STATUS_FAULTING_CHANNEL_SHIFT));
    if (st & ETHOSU_STATUS_CMD_PARSE_ERROR_MASK)
        at += (size_t)snprintf(what + at, sizeof what - at, " cmd_parse_error");
    if (st & ETHOSU_STATUS_WD_FAULT_MASK)
        at += (size_t)snprintf(what + at, sizeof what - at, " wd_fault");
    if (st & ETHOSU_STATUS_ECC_FAULT_MASK)
        at += (size_t)snprintf(what + at, sizeof what - at, " ecc_fault");
    if (!(st & errors) && at < sizeof what)
        snprintf(what + at, sizeof what - at, " still running (state 1) after the IRQ");
    if (qread / 4 < nwords) {
        struct ethosu_cmd c;
        if (ethosu_cmd_decode_for(product, words + qread / 4, nwords - qread / 4, &c) > 0)
            ethosu_cmd_text_for(product, &c, cmd, sizeof cmd);
        else
            snprintf(cmd, sizeof cmd, ".word 0x%08x", words[qread / 4]);
    }
    return ethosu_seq_fail(ctx, "STATUS 0x%08x after the IRQ:%s; QREAD 0x%x%s%s (the DUT's messages above say "
                           "more)", st, what, qread, cmd[0] ? ", the command there: " : "", cmd);
}

static const char *type_name(const struct npy_array *a)
{
    static const char *const s[] = { "int8", "int16", "int32", "int64" },
                      *const u[] = { "uint8", "uint16", "uint32", "uint64" };
    unsigned i = a->elem_size == 1 ? 0 : a->elem_size == 2 ? 1 : a->elem_size == 4 ? 2 : 3;
    return a->is_signed ? s[i] : u[i];
}

/* one output against its expected values; 0 when every byte matches */
static int compare_output(struct ethosu_seq_ctx *ctx, const struct ethosu_network *n, unsigned i,
                          const uint32_t *words, size_t nwords, const struct ethosu_network_place *p)
{
    const struct ethosu_net_tensor *t = &n->outputs[i];
    uint8_t *got = malloc(t->bytes ? t->bytes : 1);
    if (!got)
        return ethosu_seq_fail(ctx, "out of memory reading output %u", i);
    unsigned port = p->port[t->region];
    uint64_t at = p->base[t->region] + t->offset;
    sparse_mem_read(ctx->seq.mem[port], at, got, t->bytes);
    /* An output the DUT wrote none of holds what place() left there: its
     * bytes prove nothing even when they equal the expected ones. */
    uint64_t wrote = ctx->seq.written[port] ? write_map_count(ctx->seq.written[port], at, t->bytes) : t->bytes;
    if (t->bytes && !wrote) {   /* a failure even with xfail.txt: no disagreement explains it */
        free(got);
        if (diff_mode == DIFF_QUIET)
            return 1;
        return ethosu_seq_fail(ctx, "output %u (%s, region %u offset 0x%" PRIx64 ", %" PRIu64 " bytes at M%u 0x%"
                               PRIx64 "): the DUT wrote none of it", i, t->file, t->region, t->offset, t->bytes,
                               port, at);
    }
    if (wrote < t->bytes && diff_mode != DIFF_QUIET)
        printf("network: output %u (%s): %" PRIu64 " of %" PRIu64 " bytes never written by the DUT\n", i, t->file,
               t->bytes - wrote, t->bytes);
    uint64_t first = UINT64_MAX, differ = 0;
    for (uint64_t e = 0; e < t->count; e++)
        if (memcmp(got + e * t->elem_size, t->data.data + e * t->elem_size, t->elem_size)) {
            if (first == UINT64_MAX)
                first = e;
            differ++;
        }
    if (!differ) {
        free(got);
        return 0;
    }
    if (diff_mode == DIFF_QUIET) {
        free(got);
        return 2;
    }
    struct npy_array actual = t->data;   /* same dtype, the DUT's bytes */
    actual.data = got;
    int64_t want = npy_get(&t->data, first), have = npy_get(&actual, first);
    const uint64_t *s = t->shape;
    uint64_t c = first % s[3], w = first / s[3] % s[2], h = first / s[3] / s[2] % s[1], nn = first / s[3] / s[2] / s[1];
    char writer[700] = "";
    struct ethosu_opmap map;
    char err[256];
    if (ethosu_opmap_build_for(&map, cmd_product(n), words, nwords, err, sizeof err))
        snprintf(writer, sizeof writer, "the writer is unknown: %s", err);
    else {
        unsigned oh, ow, oc;
        const struct ethosu_op *op = ethosu_opmap_writer(&map, t->region, t->offset + first * t->elem_size, &oh,
                                                         &ow, &oc);
        char desc[512];
        if (op) {
            ethosu_op_describe(op, desc, sizeof desc);
            snprintf(writer, sizeof writer, "written by %s, its OFM element (h, w, c) = (%u, %u, %u)", desc, oh, ow,
                     oc);
        } else
            snprintf(writer, sizeof writer, "no kernel operation's OFM covers it (of %u operations)", map.n);
        ethosu_opmap_free(&map);
    }
    free(got);
    char msg[2048];
    snprintf(msg, sizeof msg, "output %u (%s, region %u offset 0x%" PRIx64 ", NHWC %" PRIu64 "x%" PRIu64 "x%" PRIu64
             "x%" PRIu64 " %s): %" PRIu64 " of %" PRIu64 " elements differ; the first at (n, h, w, c) = (%" PRIu64
             ", %" PRIu64 ", %" PRIu64 ", %" PRIu64 "): expected %" PRId64 ", actual %" PRId64 "; %s", i, t->file,
             t->region, t->offset, s[0], s[1], s[2], s[3], type_name(&t->data), differ, t->count, nn, h, w, c, want,
             have, writer);
    if (xfail_reason[0] || diff_mode == DIFF_DEFER) {   /* reported, not (yet) a failure: run_network decides */
        printf("network: %s\n", msg);
        if (!first_diff[0])
            snprintf(first_diff, sizeof first_diff, "%s", msg);
        return 2;
    }
    return ethosu_seq_fail(ctx, "%s", msg);
}

int ethosu_network_check_outputs(struct ethosu_seq_ctx *ctx, const struct ethosu_network *n, const uint32_t *words,
                                 size_t nwords, const struct ethosu_network_place *p, uint64_t *bytes)
{
    int bad = 0, differ = 0;
    *bytes = 0;
    for (unsigned i = 0; i < n->n_outputs; i++) {
        int r = compare_output(ctx, n, i, words, nwords, p);
        if (r == 2)
            differ = 1;
        else
            bad |= r;
        *bytes += n->outputs[i].bytes;
    }
    if (diff_mode == DIFF_QUIET)
        return bad || differ;
    if (!xfail_reason[0] && differ && !bad)
        deferred = 1;   /* run_network reruns to name a known disagreement, else fails with first_diff */
    if (xfail_reason[0] && !bad) {
        if (!differ)
            return ethosu_seq_fail(ctx, "XPASS: every output matches the reference, but %s's %s says the stream "
                                   "and the reference disagree (%s): the mark is stale, remove it", n->npz_path,
                                   XFAIL_FILE, xfail_reason);
        printf("XFAIL stream and reference disagree: %s\n", xfail_reason);
        xfailed = 1;
    }
    return bad;
}

/* One run as Arm's driver makes it: soft reset, CONFIG, memory, the
 * stream, the IRQ, STATUS. 0, 1 (failed), or ETHOSU_SEQ_REFUSED. */
static int run_once(struct ethosu_seq_ctx *ctx, const struct ethosu_network *n, const uint32_t *words)
{
    int rc;
    uint32_t st = 0;
    if (ethosu_soft_reset(ctx, 1, 0, ETHOSU_PPROT_PRIV_SECURE))
        return 1;
    if ((rc = check_config(ctx, n)) || (rc = place(ctx, n)))
        return rc;   /* ETHOSU_SEQ_REFUSED: exit 2 */
    if (ethosu_start_words(ctx, words, n->payload.cmd_words, CMD_ADDR, CMD_QCONFIG) ||
        ethosu_wait_irq(ctx, IRQ_TIMEOUT, &st) || check_status(ctx, st, words, n->payload.cmd_words, cmd_product(n)))
        return 1;
    return 0;
}

/* every output's bytes as the DUT left them in memory; NULL when out of memory */
static uint8_t **read_outputs(struct ethosu_seq_ctx *ctx, const struct ethosu_network *n)
{
    uint8_t **b = calloc(n->n_outputs + 1u, sizeof *b);
    for (unsigned i = 0; b && i < n->n_outputs; i++) {
        const struct ethosu_net_tensor *t = &n->outputs[i];
        if (!(b[i] = malloc(t->bytes ? t->bytes : 1))) {
            for (unsigned k = 0; k < i; k++)
                free(b[k]);
            free(b);
            return NULL;
        }
        sparse_mem_read(ctx->seq.mem[region_port(n, t->region)], region_base(t->region) + t->offset, b[i],
                        t->bytes);
    }
    return b;
}

static void free_outputs(uint8_t **b, const struct ethosu_network *n)
{
    for (unsigned i = 0; b && i < n->n_outputs; i++)
        free(b[i]);
    free(b);
}

/* 1 when every operation the last rerun changed wrote into an output
 * tensor and no kernel operation reads any byte of an output tensor: the
 * changed results reach the outputs unmixed, so the bracket holds */
static int changed_ops_write_outputs(const struct ethosu_network *n, const struct ethosu_opmap *map)
{
    const uint64_t *base;
    int more;
    unsigned k = ethosu_explain_changed_ofms(&base, &more);
    if (more || !k)
        return 0;
    for (unsigned i = 0; i < n->n_outputs; i++) {
        int second;
        if (ethosu_opmap_reader(map, n->outputs[i].region, n->outputs[i].offset, n->outputs[i].bytes, &second))
            return 0;
    }
    for (unsigned j = 0; j < k; j++) {
        int inside = 0;
        for (unsigned i = 0; i < n->n_outputs && !inside; i++) {
            uint64_t at = region_base(n->outputs[i].region) + n->outputs[i].offset;
            inside = base[j] >= at && base[j] - at < n->outputs[i].bytes;
        }
        if (!inside)
            return 0;
    }
    return 1;
}

/* The 16x8 FULLY_CONNECTED whose scale Vela cut to 16 bits: the stream
 * lacks TensorFlow Lite's 32-bit multiplier, so no rerun computes the
 * reference. The result is monotonic in the multiplier, so reruns with the
 * lowest and the highest multiplier the cut stands for bracket it, when
 * the changed operations write the outputs directly. Every expected value
 * within [min, max] of the stream's and the two reruns' names the
 * disagreement, as likely (XFAIL): -rc when named or a rerun failed, 1
 * when not. */
static int explain_cut_scale(struct ethosu_seq_ctx *ctx, const struct ethosu_network *n, const uint32_t *words,
                             const struct ethosu_network_place *p, uint8_t **stream)
{
    struct ethosu_opmap map;
    char err[256];
    if (ethosu_opmap_build_for(&map, cmd_product(n), words, n->payload.cmd_words, err, sizeof err))
        return 1;
    uint8_t **bound[2] = { NULL, NULL };
    unsigned long changed[2] = { 0, 0 };
    int result = 1;
    for (unsigned b = 0; b < 2; b++) {
        enum ethosu_explain e = b ? ETHOSU_EXPLAIN_CUT_SCALE_HIGH : ETHOSU_EXPLAIN_CUT_SCALE_LOW;
        printf("network: explain: running it again with the twin's arithmetic EXPLAIN=%s (a twin-only setting, "
               "never used in a normal run)\n", ethosu_explain_name(e));
        ethosu_explain_set(e);
        int rc = run_once(ctx, n, words);
        changed[b] = ethosu_explain_changed();
        int direct = changed_ops_write_outputs(n, &map);
        ethosu_explain_set(ETHOSU_EXPLAIN_NONE);
        if (rc) {
            result = -rc;
            goto out;
        }
        if (!changed[b] || !direct) {
            printf("network: explain: EXPLAIN=%s changed %lu operation%s%s\n", ethosu_explain_name(e), changed[b],
                   changed[b] == 1 ? "" : "s", changed[b] ? ", not all writing the outputs directly: no bracket" : "");
            goto out;
        }
        if (!(bound[b] = read_outputs(ctx, n))) {
            result = -ethosu_seq_fail(ctx, "out of memory keeping the outputs");
            goto out;
        }
    }
    uint64_t differ = 0;
    for (unsigned i = 0; i < n->n_outputs; i++) {
        const struct ethosu_net_tensor *t = &n->outputs[i];
        struct npy_array a = t->data, lo = t->data, hi = t->data;
        a.data = stream[i];
        lo.data = bound[0][i];
        hi.data = bound[1][i];
        for (uint64_t k = 0; k < t->count; k++) {
            int64_t want = npy_get(&t->data, k), v[3] = { npy_get(&a, k), npy_get(&lo, k), npy_get(&hi, k) };
            int64_t mn = v[0], mx = v[0];
            for (unsigned j = 1; j < 3; j++)
                mn = v[j] < mn ? v[j] : mn, mx = v[j] > mx ? v[j] : mx;
            if (want < mn || want > mx) {
                printf("network: explain: output %u element %" PRIu64 ": expected %" PRId64 " is outside [%" PRId64
                       ", %" PRId64 "], the stream's and the cut-scale bounds' values\n", i, k, want, mn, mx);
                goto out;
            }
            differ += want != v[0];
        }
    }
    printf("XFAIL stream and reference disagree: %s; reruns with EXPLAIN=%s and %s (the lowest and highest 32-bit "
           "multipliers the 16-bit scale stands for, rounded once; %lu operation%s changed, each writing an output) "
           "bracket every output (%" PRIu64 " differing value%s within them)\n",
           ethosu_explain_reason(ETHOSU_EXPLAIN_CUT_SCALE_LOW), ethosu_explain_name(ETHOSU_EXPLAIN_CUT_SCALE_LOW),
           ethosu_explain_name(ETHOSU_EXPLAIN_CUT_SCALE_HIGH), changed[0], changed[0] == 1 ? "" : "s", differ,
           differ == 1 ? "" : "s");
    xfailed = 1;
    result = 0;
out:
    free_outputs(bound[0], n);
    free_outputs(bound[1], n);
    ethosu_opmap_free(&map);
    (void)p;
    return result;
}

/* Outputs that differed with no xfail.txt: the network again with each
 * explain alternative of the twin's arithmetic (ethosu_explain.h). One
 * that changed an operation and makes every output match names the
 * disagreement (XFAIL); else the first difference fails the run. */
static int explain(struct ethosu_seq_ctx *ctx, const struct ethosu_network *n, const uint32_t *words,
                   const struct ethosu_network_place *p)
{
    uint8_t **stream = read_outputs(ctx, n);   /* as the stream computes them, for the cut-scale bracket */
    if (!stream)
        return ethosu_seq_fail(ctx, "out of memory keeping the outputs");
    for (unsigned e = ETHOSU_EXPLAIN_NONE + 1; e < ETHOSU_EXPLAIN_MATCHING_END; e++) {
        printf("network: explain: running it again with the twin's arithmetic EXPLAIN=%s (a twin-only setting, "
               "never used in a normal run)\n", ethosu_explain_name(e));
        ethosu_explain_set(e);
        diff_mode = DIFF_QUIET;
        uint64_t bytes = 0;
        int rc = run_once(ctx, n, words);
        int bad = rc ? rc : ethosu_network_check_outputs(ctx, n, words, n->payload.cmd_words, p, &bytes);
        unsigned long changed = ethosu_explain_changed();
        ethosu_explain_set(ETHOSU_EXPLAIN_NONE);
        diff_mode = DIFF_DEFER;
        if (rc) {
            free_outputs(stream, n);
            return rc;   /* a rerun that fails by itself is a failure of the twin */
        }
        if (!changed) {
            printf("network: explain: EXPLAIN=%s changed no operation\n", ethosu_explain_name(e));
            continue;
        }
        if (bad) {
            printf("network: explain: EXPLAIN=%s changed %lu operation%s, outputs still differ\n",
                   ethosu_explain_name(e), changed, changed == 1 ? "" : "s");
            continue;
        }
        printf("XFAIL stream and reference disagree: %s; a rerun with EXPLAIN=%s (%lu operation%s changed) matches "
               "every output\n", ethosu_explain_reason(e), ethosu_explain_name(e), changed, changed == 1 ? "" : "s");
        xfailed = 1;
        free_outputs(stream, n);
        return 0;
    }
    int rc = explain_cut_scale(ctx, n, words, p, stream);
    free_outputs(stream, n);
    if (rc <= 0)
        return -rc;
    return ethosu_seq_fail(ctx, "%s", first_diff);
}

static int run_network(struct ethosu_seq_ctx *ctx)
{
    const struct ethosu_network *n = ctx->net;
    if (!n)
        return refuse("no network loaded: NETWORK=<folder> names it (on the C harness)");
    diff_mode = DIFF_FAIL;
    first_diff[0] = 0;
    deferred = 0;
    int rc = read_xfail(n);
    if (rc)
        return rc;
    if (ctx->driver_arm)   /* DRIVER=arm: Arm's driver drives the registers */
        return ethosu_armdrv_network(ctx);
    /* on the twin a difference may be a known disagreement a rerun names */
    if (ctx->twin && !xfail_reason[0])
        diff_mode = DIFF_DEFER;
    narrow = ethosu_configs[ctx->cfg].addr_bits < 40;
    uint32_t *words = ethosu_network_stream(n);
    if (!words)
        return ethosu_seq_fail(ctx, "out of memory");
    if ((rc = run_once(ctx, n, words))) {
        free(words);
        return rc;
    }
    struct ethosu_network_place p;
    for (unsigned r = 0; r < ETHOSU_REGIONS; r++)
        p.base[r] = region_base(r), p.port[r] = region_port(n, r);
    uint64_t bytes = 0;
    int bad = ethosu_network_check_outputs(ctx, n, words, n->payload.cmd_words, &p, &bytes);
    if (!bad && deferred)
        bad = explain(ctx, n, words, &p);
    else if (bad && deferred && first_diff[0])
        ethosu_seq_fail(ctx, "%s", first_diff);   /* another failure too: the difference is not explained */
    free(words);
    if (!bad && !xfailed)
        printf("network: %s on %s: %u output%s, all %" PRIu64 " bytes as expected\n", n->npz_path,
               ethosu_configs[ctx->cfg].name, n->n_outputs, n->n_outputs == 1 ? "" : "s", bytes);
    if (ctx->twin && getenv("ETHOSU_COMPUTE_TIME")) {   /* make bench: timing, so only when asked */
        struct ethosu_kstats ks = ethosu_kstats_get();
        printf("network: twin compute: %" PRIu64 " kernel operations, %.6f CPU-s\n", ks.ops, 1e-9 * (double)ks.cpu_ns);
    }
    return bad;
}

/* a network runs as long as it needs: the watchdog is 100 M cycles unless MAX_CYCLES says otherwise */
const struct ethosu_seq_test ethosu_network = {
    "network", "a Vela-compiled network (NETWORK=<folder>): every output byte against TensorFlow Lite's",
    run_network, 1, 0, 100000000, "the network loader of the C harness (NETWORK=)", NULL };
