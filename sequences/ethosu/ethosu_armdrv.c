/* ethosu_armdrv: see ethosu_armdrv.h.
 *
 * Memory: the driver sees host buffers, as on a Cortex-M where the CPU and
 * the NPU share memory: the COP1 payload (holding the command stream) and
 * one buffer per region (the weights, the tensor arena, the fast scratch).
 * The shim loads their contents into the DUT's memory before the driver
 * runs: region r at REGION_BASE + r * REGION_SPAN, the payload at CMD_ADDR,
 * each behind the manager port the driver's own AXI settings give it
 * (NPU_REGIONCFG_<r> and NPU_QCONFIG of the driver's build: 0/1 M0, 2/3
 * M1; the U85 build's settings name its NPU_MEM_ATTR_<n>, whose axi_port
 * picks SRAM, M0, or EXT, M1). ethosu_address_remap translates the host addresses the driver holds
 * into those. A U55 build writes 32-bit addresses (no QBASE1/BASEPn high
 * word), so the regions then lie below 4 GiB. */
#define _GNU_SOURCE   /* dladdr: the driver's function holding a register access */
#include <dlfcn.h>
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ethosu_armdrv.h"
#include "ethosu_armdrv_client.h"
#include "ethosu_armdrv_trap.h"
#include "ethosu_regs.h"
#include "ethosu_driver.h"
#include "ethosu_network.h"
#include "ethosu_network_run.h"
#include "ethosu_reg_describe.h"
#include "ethosu_regs.h"

#define REGION_BASE_40 0x100000000ull   /* U65: above 4 GiB, so the 40-bit addresses are used */
#define REGION_BASE_32 0x020000000ull   /* U55: 32-bit addresses */
#define REGION_SPAN ETHOSU_NETWORK_REGION_SPAN
#define CMD_ADDR 0x001000000ull
#define CMD_SPAN (REGION_BASE_32 - CMD_ADDR)

/* one buffer the driver holds a host address of, and where it is in the DUT */
struct mapping {
    const uint8_t *host;
    uint64_t size, dut;
};

static struct {
    struct ethosu_seq_ctx *ctx;
    struct ethosu_armdrv_build build;
    volatile void *window;
    const char *call;                /* the driver call running */
    sigjmp_buf escape;
    char failure[1024];
    /* the last register access the driver made */
    int have_last;
    char last_dir;
    int last_answered;
    uint32_t last_offset, last_value;
    uintptr_t last_pc;
    uint64_t accesses;
    /* ethosu/armdrv_init: the first access */
    char first_dir;
    uint32_t first_offset;
    /* the host buffers: region r, then the payload */
    struct mapping region[ETHOSU_ARMDRV_REGIONS], payload;
    uint8_t *alloc[ETHOSU_ARMDRV_REGIONS + 1];
} S;

/* the driver's function holding the instruction at pc (its exported symbols) */
static const char *function_at(uintptr_t pc, char *buf, size_t len)
{
    Dl_info info;
    if (dladdr((void *)pc, &info) && info.dli_sname)
        snprintf(buf, len, "%s", info.dli_sname);
    else
        snprintf(buf, len, "pc 0x%" PRIxPTR, pc);
    return buf;
}

/* "<call> -> <function>: read|write <REG> = <value> (<fields>) (PPROT p)";
 * a read the DUT never answered: "read <REG> (unanswered)" */
static void describe_access(char dir, uint32_t offset, uint32_t value, int answered, uintptr_t pc, char *buf,
                            size_t len)
{
    char reg[400], fn[128];
    ethosu_reg_describe(offset, value, reg, sizeof reg);
    if (!answered) {
        char *eq = strstr(reg, " = ");
        if (eq)
            snprintf(eq, sizeof reg - (size_t)(eq - reg), " (unanswered)");
    }
    snprintf(buf, len, "%s -> %s: %s %s (PPROT 0x%x)", S.call, function_at(pc, fn, sizeof fn),
             dir == 'W' ? "write" : "read", reg, S.ctx->driver_pprot);
}

/* end the driver call running: back to drive()'s sigsetjmp with the reason */
static void failf(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void failf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(S.failure, sizeof S.failure, fmt, ap);
    va_end(ap);
    siglongjmp(S.escape, 1);
}

static void record(char dir, uint32_t offset, uint32_t value, int answered, uintptr_t pc)
{
    if (!S.accesses)
        S.first_dir = dir, S.first_offset = offset;
    S.have_last = 1;
    S.last_dir = dir, S.last_offset = offset, S.last_value = value, S.last_answered = answered, S.last_pc = pc;
    S.accesses++;
    char line[700];
    describe_access(dir, offset, value, answered, pc, line, sizeof line);
    printf("driver: %s\n", line);
}

/* ---- the register window's ops: one APB transaction each ---- */

static int window_read(void *impl, uint32_t offset, uintptr_t pc, uint32_t *value)
{
    (void)impl;
    int slverr = 0;
    enum bfm_status st = reg_port_read(&S.ctx->seq.regs, offset, S.ctx->driver_pprot, value, &slverr);
    record('R', offset, st == BFM_OK ? *value : 0, st == BFM_OK, pc);
    if (st != BFM_OK) {
        snprintf(S.failure, sizeof S.failure, "the APB read did not complete (status %d: the run ended, see above)",
                 (int)st);
        return 1;
    }
    if (slverr) {
        snprintf(S.failure, sizeof S.failure, "the APB read was answered with PSLVERR");
        return 1;
    }
    return 0;
}

static int window_write(void *impl, uint32_t offset, uintptr_t pc, uint32_t value)
{
    (void)impl;
    int slverr = 0;
    record('W', offset, value, 1, pc);
    enum bfm_status st = reg_port_write(&S.ctx->seq.regs, offset, value, S.ctx->driver_pprot, &slverr);
    if (st != BFM_OK) {
        snprintf(S.failure, sizeof S.failure, "the APB write did not complete (status %d: the run ended, see above)",
                 (int)st);
        return 1;
    }
    if (slverr) {
        snprintf(S.failure, sizeof S.failure, "the APB write was answered with PSLVERR");
        return 1;
    }
    return 0;
}

/* ---- the services the driver's hooks call (ethosu_armdrv_client.h) ---- */

void ethosu_armdrv_wait_irq(void)
{
    printf("driver: %s: waiting for the IRQ (ethosu_semaphore_take)\n", S.call);
    if (ethosu_seq_wait_irq(S.ctx, UINT64_MAX) != BFM_OK)
        failf("the DUT's IRQ never rose while the driver waited for it (ethosu_semaphore_take)");
}

void ethosu_armdrv_stuck(const char *why)
{
    failf("%s", why);
}

uint64_t ethosu_armdrv_remap(uint64_t host, int index)
{
    const struct mapping *m = index < 0 ? &S.payload : index < ETHOSU_ARMDRV_REGIONS ? &S.region[index] : NULL;
    if (m && !m->host && host == 0)
        return m->dut;   /* a base address the runner left empty: its region's base */
    if (!m || host < (uintptr_t)m->host || host - (uintptr_t)m->host > m->size)
        failf("ethosu_address_remap(0x%" PRIx64 ", %d): not inside the buffer the runner handed the driver as %s",
              host, index, index < 0 ? "the payload" : "that base address");
    uint64_t dut = m->dut + (host - (uintptr_t)m->host);
    printf("driver: %s: ethosu_address_remap(host %p, %d) = 0x%" PRIx64 "\n", S.call, (void *)(uintptr_t)host, index,
           dut);
    return dut;
}

void ethosu_armdrv_note(const char *what)
{
    printf("driver: %s: %s\n", S.call, what);
}

/* ---- running driver calls ---- */

static void free_buffers(void)
{
    for (unsigned i = 0; i <= ETHOSU_ARMDRV_REGIONS; i++)
        free(S.alloc[i]), S.alloc[i] = NULL;
    memset(S.region, 0, sizeof S.region);
    memset(&S.payload, 0, sizeof S.payload);
}

/* the run's end after a failure: the call, why, the last register access */
static int report(void)
{
    char last[800] = "none";
    if (S.have_last)
        describe_access(S.last_dir, S.last_offset, S.last_value, S.last_answered, S.last_pc, last, sizeof last);
    const char *refusal = ethosu_armdrv_trap_refusal();
    return ethosu_seq_fail(S.ctx, "DRIVER=arm: %s failed: %s; the driver's last register access: %s",
                           S.call ? S.call : "the shim", refusal[0] ? refusal : S.failure, last);
}

/* the shim set up: the client's build, the register window */
static int open_shim(struct ethosu_seq_ctx *ctx)
{
    char why[512];
    memset(&S, 0, sizeof S);
    S.ctx = ctx;
    if (ethosu_armdrv_client_build(&S.build, why, sizeof why)) {
        fprintf(stderr, "sim: DRIVER=arm: %s\n", why);
        fflush(stderr);
        return ETHOSU_SEQ_REFUSED;
    }
    static const struct ethosu_armdrv_trap_ops ops = { NULL, window_read, window_write };
    S.window = ethosu_armdrv_trap_open(&ops, why, sizeof why);
    if (!S.window) {
        fprintf(stderr, "sim: DRIVER=arm: %s\n", why);
        fflush(stderr);
        return ETHOSU_SEQ_REFUSED;
    }
    ethosu_armdrv_trap_escape(&S.escape);
    printf("driver: Arm's ethos-u-core-driver %u.%u.%u, %s build, its registers at %p (APB PPROT 0x%x)\n",
           S.build.version[0], S.build.version[1], S.build.version[2], S.build.product, (void *)S.window,
           ctx->driver_pprot);
    return 0;
}

static void close_shim(void)
{
    ethosu_armdrv_trap_close();
    free_buffers();
}

/* ethosu_init (no fast memory; secure and privileged, as firmware on the
 * secure side asks), then ethosu_reserve_driver */
static void init_and_reserve(void)
{
    S.call = "ethosu_init";
    int rc = ethosu_armdrv_client_init(S.window, 1, 1);
    if (rc)
        failf("it returned %d (the driver's messages above say why)", rc);
    S.call = "ethosu_reserve_driver";
    if (ethosu_armdrv_client_reserve())
        failf("it returned NULL");
}

/* the manager port of a REGIONCFG/QCONFIG setting in the driver's build */
static unsigned port_of(unsigned cfg)
{
    if (S.build.mem_attr_ports)
        return (S.build.mem_attr[cfg & 3u] >> 2) & 1u;
    return (cfg & 3u) >= 2u ? 1u : 0u;
}

static uint64_t region_base(unsigned r)
{
    return (S.build.address_bits > 32 ? REGION_BASE_40 : REGION_BASE_32) + (uint64_t)r * REGION_SPAN;
}

/* the bytes region r needs: the weights, the scratch areas, every tensor in it (variables too) */
static uint64_t region_size(const struct ethosu_network *n, unsigned r)
{
    uint64_t s = 0;
    if (r == n->weight_region && n->weight_len > s)
        s = n->weight_len;
    if (r == n->scratch_region && n->scratch_size > s)
        s = n->scratch_size;
    if (r == n->scratch_fast_region && n->scratch_fast_size > s)
        s = n->scratch_fast_size;
    for (unsigned i = 0; i < n->n_inputs; i++)
        if (n->inputs[i].region == r && n->inputs[i].offset + n->inputs[i].bytes > s)
            s = n->inputs[i].offset + n->inputs[i].bytes;
    for (unsigned i = 0; i < n->n_outputs; i++)
        if (n->outputs[i].region == r && n->outputs[i].offset + n->outputs[i].bytes > s)
            s = n->outputs[i].offset + n->outputs[i].bytes;
    for (unsigned v = 0; v < n->n_variables; v++)
        if (n->variables[v].region == r && n->variables[v].offset + n->variables[v].bytes > s)
            s = n->variables[v].offset + n->variables[v].bytes;
    return s;
}

/* 16-byte aligned host memory (the driver checks the alignment), zeroed */
static uint8_t *host_buffer(unsigned slot, uint64_t size)
{
    uint64_t n = (size + 15u) & ~(uint64_t)15u;
    S.alloc[slot] = aligned_alloc(16, n ? n : 16);
    if (!S.alloc[slot])
        failf("out of memory for a %" PRIu64 "-byte host buffer", size);
    memset(S.alloc[slot], 0, n ? n : 16);
    return S.alloc[slot];
}

/* The host buffers TensorFlow Lite Micro would hand the driver, their
 * contents loaded into the DUT's memory: the base addresses (one per
 * region up to the highest used, at least weights, arena and fast scratch)
 * in base[], their sizes in size[]; returns their count. */
static int place(const struct ethosu_network *n, uint64_t *base, size_t *size, struct ethosu_network_place *p)
{
    S.call = "the shim's memory setup";
    int count = 3;
    for (unsigned r = 0; r < ETHOSU_ARMDRV_REGIONS; r++) {
        uint64_t s = region_size(n, r);
        p->base[r] = region_base(r);
        p->port[r] = port_of(S.build.regioncfg[r]);
        S.region[r].dut = p->base[r];
        base[r] = 0;
        size[r] = 0;
        if (!s)
            continue;
        if (s > REGION_SPAN)
            failf("region %u needs %" PRIu64 " bytes, more than the %llu MiB the shim gives each", r, s,
                  REGION_SPAN >> 20);
        if ((int)r + 1 > count)
            count = (int)r + 1;
        S.region[r].host = host_buffer(r, s);
        S.region[r].size = s;
        base[r] = (uint64_t)(uintptr_t)S.region[r].host;
        size[r] = (size_t)s;
    }
    ethosu_network_fill_memory(S.ctx, n, p);
    struct sparse_mem **mem = S.ctx->seq.mem;
    if (n->cmd_len > CMD_SPAN)
        failf("the payload's %zu bytes do not fit the %llu MiB the shim gives it", n->cmd_len, CMD_SPAN >> 20);
    uint8_t *payload = host_buffer(ETHOSU_ARMDRV_REGIONS, n->cmd_len);
    memcpy(payload, n->cmd_data, n->cmd_len);
    S.payload = (struct mapping){ payload, n->cmd_len, CMD_ADDR };
    sparse_mem_write(mem[port_of(S.build.qconfig)], CMD_ADDR, n->cmd_data, n->cmd_len);
    return count;
}

int ethosu_armdrv_network(struct ethosu_seq_ctx *ctx)
{
    const struct ethosu_network *n = ctx->net;
    int rc = open_shim(ctx);
    if (rc)
        return rc;
    static uint64_t base[ETHOSU_ARMDRV_REGIONS];
    static size_t size[ETHOSU_ARMDRV_REGIONS];
    static struct ethosu_network_place p;
    static int count;
    if (sigsetjmp(S.escape, 1)) {
        rc = report();
        close_shim();
        return rc;
    }
    count = place(n, base, size, &p);
    init_and_reserve();
    S.call = "ethosu_invoke_v3";
    rc = ethosu_armdrv_client_invoke(S.payload.host, (int)n->cmd_len, base, size, count);
    if (rc)
        failf("it returned %d (the driver's messages above say why)", rc);
    S.call = "ethosu_release_driver";
    ethosu_armdrv_client_release();
    uint64_t accesses = S.accesses;
    close_shim();
    uint32_t *words = ethosu_network_stream(n);
    if (!words)
        return ethosu_seq_fail(ctx, "out of memory");
    uint64_t bytes = 0;
    int bad = ethosu_network_check_outputs(ctx, n, words, n->payload.cmd_words, &p, &bytes);
    free(words);
    /* the DUT is of the build's product: the driver's ethosu_init refuses another */
    if (!bad && ethosu_network_pass_word())
        printf("network: %s on %s through Arm's driver (%s build, %" PRIu64 " register accesses): %u "
               "output%s, differing as its xfail.txt says\n", n->npz_path, ethosu_configs[ctx->cfg].name,
               S.build.product, accesses, n->n_outputs, n->n_outputs == 1 ? "" : "s");
    else if (!bad)
        printf("network: %s on %s through Arm's driver (%s build, %" PRIu64 " register accesses): %u "
               "output%s, all %" PRIu64 " bytes as expected\n", n->npz_path, ethosu_configs[ctx->cfg].name,
               S.build.product, accesses, n->n_outputs, n->n_outputs == 1 ? "" : "s", bytes);
    return bad;
}

/* ---- ethosu/armdrv_init ---- */

static unsigned field(uint32_t v, uint32_t mask, unsigned shift)
{
    return (v & mask) >> shift;
}

static int run_armdrv_init(struct ethosu_seq_ctx *ctx)
{
    if (!ctx->driver_arm) {
        fprintf(stderr, "sim: ethosu/armdrv_init runs Arm's driver: give DRIVER=arm (after make ethosu-driver)\n");
        fflush(stderr);
        return ETHOSU_SEQ_REFUSED;
    }
    int rc = open_shim(ctx);
    if (rc)
        return rc;
    static struct ethosu_armdrv_hw hw;
    if (sigsetjmp(S.escape, 1)) {
        rc = report();
        close_shim();
        return rc;
    }
    init_and_reserve();
    S.call = "ethosu_get_hw_info";
    ethosu_armdrv_client_hw_info(&hw);
    S.call = "ethosu_release_driver";
    ethosu_armdrv_client_release();
    uint64_t accesses = S.accesses;
    char first_dir = S.first_dir;
    uint32_t first = S.first_offset;
    close_shim();
    /* the DUT's ID and CONFIG as the project's own runner reads them */
    uint32_t id, cfg;
    if (ethosu_read(ctx, ETHOSU_ID, &id) || ethosu_read(ctx, ETHOSU_CONFIG, &cfg))
        return 1;
    if (first_dir != 'R' || first != ETHOSU_CONFIG)
        return ethosu_seq_fail(ctx, "the driver's first register access: expected read CONFIG (ethosu_dev_init checks "
                               "the product), actual %s of 0x%03x", first_dir == 'W' ? "write" : "read", first);
    struct ethosu_armdrv_hw want = {
        .macs_per_cc = field(cfg, ETHOSU_CONFIG_MACS_PER_CC_MASK, ETHOSU_CONFIG_MACS_PER_CC_SHIFT),
        .cmd_stream_version = field(cfg, ETHOSU_CONFIG_CMD_STREAM_VERSION_MASK, ETHOSU_CONFIG_CMD_STREAM_VERSION_SHIFT),
        .custom_dma = hw.custom_dma,   /* a bit our register map does not describe */
        .arch_major = field(id, ETHOSU_ID_ARCH_MAJOR_REV_MASK, ETHOSU_ID_ARCH_MAJOR_REV_SHIFT),
        .arch_minor = field(id, ETHOSU_ID_ARCH_MINOR_REV_MASK, ETHOSU_ID_ARCH_MINOR_REV_SHIFT),
        .arch_patch = field(id, ETHOSU_ID_ARCH_PATCH_REV_MASK, ETHOSU_ID_ARCH_PATCH_REV_SHIFT),
        .product_major = field(id, ETHOSU_ID_PRODUCT_MAJOR_MASK, ETHOSU_ID_PRODUCT_MAJOR_SHIFT),
        .version_major = field(id, ETHOSU_ID_VERSION_MAJOR_MASK, ETHOSU_ID_VERSION_MAJOR_SHIFT),
        .version_minor = field(id, ETHOSU_ID_VERSION_MINOR_MASK, ETHOSU_ID_VERSION_MINOR_SHIFT),
        .version_status = field(id, ETHOSU_ID_VERSION_STATUS_MASK, ETHOSU_ID_VERSION_STATUS_SHIFT),
    };
    if (memcmp(&hw, &want, sizeof hw))
        return ethosu_seq_fail(ctx, "ethosu_get_hw_info: expected the DUT's ID 0x%08x and CONFIG 0x%08x (arch %u.%u.%u, "
                               "product %u, version %u.%u status %u, macs_per_cc %u, cmd_stream_version %u), actual "
                               "arch %u.%u.%u, product %u, version %u.%u status %u, macs_per_cc %u, cmd_stream_version "
                               "%u", id, cfg, want.arch_major, want.arch_minor, want.arch_patch, want.product_major,
                               want.version_major, want.version_minor, want.version_status, want.macs_per_cc,
                               want.cmd_stream_version, hw.arch_major, hw.arch_minor, hw.arch_patch, hw.product_major,
                               hw.version_major, hw.version_minor, hw.version_status, hw.macs_per_cc,
                               hw.cmd_stream_version);
    printf("armdrv_init: Arm's driver (%s build): ethosu_init, ethosu_reserve_driver, ethosu_get_hw_info, "
           "ethosu_release_driver in %" PRIu64 " register accesses on %s; it read ID 0x%08x and CONFIG 0x%08x as the "
           "DUT returns them (macs_per_cc %u, arch %u.%u.%u)\n", S.build.product, accesses, ctx->seq.dut_kind, id, cfg,
           hw.macs_per_cc, hw.arch_major, hw.arch_minor, hw.arch_patch);
    return 0;
}

const struct ethosu_seq_test ethosu_armdrv_init = {
    "armdrv_init", "Arm's driver (DRIVER=arm) initialises, reserves and reads the DUT's ID and CONFIG through APB",
    run_armdrv_init, 1, 0, 0, "Arm's driver (DRIVER=arm, built by make ethosu-driver)", NULL };
