/* fuzz_ethosu_twin: the Ethos-U twin's command decoder and everything a
 * command stream drives (sim/ethosu: command processor, DMA, kernel
 * operations, weight channel), at its pins, on a command stream made of
 * the bytes. Whatever the stream, the run must end in a verdict (stopped,
 * cmd_parse_error, bus abort, or the watchdog's cycle budget) with no
 * crash, no sanitizer report, and no AXI protocol violation on M0 or M1.
 *
 * The bytes: word 0 a header (bits [15:0] the stream's length in words,
 * bits [18:16] 1..4 ethos-u55-32, -64, -128, -256 (32-bit addresses, 1-D
 * DMA), else the Ethos-U65: bit 31 its 512-MAC configuration; bit 29 the
 * Ethos-U85 instead (command stream 2.0), bits [21:19] modulo 5 which of
 * ethos-u85-128 .. -2048, MEM_ATTR2/3 on its EXT port as the driver sets
 * them; bit 30 the stream on M1), then the
 * stream, then data. The memory is small: MEM_BYTES per port, the stream at
 * 0, the data at DATA_BASE, every region's base at DATA_BASE (a Vela
 * stream followed by its weight_data finds its weights); anything outside
 * answers SLVERR, a bus abort. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axi_checker.h"
#include "axi_mem.h"
#include "bfm_env.h"
#include "dut.h"
#include "ethosu_pins.h"
#include "ethosu_regs.h"
#include "ethosu_twin.h"
#include "sparse_mem.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define DB 16
#define MEM_BYTES 0x10000u
#define DATA_BASE 0x4000u
#define MAX_CYCLES 8000u    /* the seeds (Vela networks) stop within 1100 */
#define PROT 1u   /* privileged, secure: what PORPL=1, PORSL=0 give */

struct bench {
    struct bfm_env env;
    struct ethosu_pins pins;
    struct dut *dut;
    struct axi_mem *axi[2];
    struct axi_checker *chk[2];
    struct sparse_mem *unused;   /* axi_mem_create wants one; the store below replaces it */
    uint8_t mem[2][MEM_BYTES];
};

static int mem_read(void *ctx, uint64_t addr, uint8_t *buf, unsigned n)
{
    uint8_t *m = ctx;
    if (addr >= MEM_BYTES || n > MEM_BYTES - addr)
        return 1;
    memcpy(buf, m + addr, n);
    return 0;
}

static int mem_write(void *ctx, uint64_t addr, const uint8_t *buf, const uint8_t *strb, unsigned n)
{
    uint8_t *m = ctx;
    if (addr >= MEM_BYTES || n > MEM_BYTES - addr)
        return 1;
    for (unsigned i = 0; i < n; i++)
        if (strb[i])
            m[addr + i] = buf[i];
    return 0;
}

static void cycle(struct bench *b)
{
    for (int i = 0; i < 2; i++)
        axi_mem_drive(b->axi[i]);
    b->dut->eval(b->dut, &b->pins);
    if (b->pins.nreset)
        for (int i = 0; i < 2; i++) {
            axi_checker_sample(b->chk[i]);
            axi_mem_sample(b->axi[i]);
        }
    b->dut->posedge(b->dut, &b->pins);
    b->env.cycle++;
}

/* one APB transfer, setup then access phase (PREADY is always 1) */
static uint32_t apb(struct bench *b, int write, uint32_t addr, uint32_t wdata)
{
    struct apb_pins *a = &b->pins.apb;
    a->sel = 1;
    a->enable = 0;
    a->write = (uint8_t)write;
    a->addr = addr;
    a->wdata = write ? wdata : 0;
    a->strb = write ? 0xF : 0;
    a->prot = PROT;
    cycle(b);
    a->enable = 1;
    b->dut->eval(b->dut, &b->pins);
    uint32_t rdata = a->rdata;
    if (!a->ready || a->slverr)
        abort();
    cycle(b);
    a->sel = a->enable = 0;
    return rdata;
}

static struct bench *open_bench(void)
{
    struct bench *b = calloc(1, sizeof *b);
    char err[256];
    if (!b || !(b->dut = ethosu_twin_create(err, sizeof err)))
        abort();
    b->env.quiet_failures = 1;
    if (!(b->unused = sparse_mem_create()))
        abort();
    for (int i = 0; i < 2; i++) {
        struct axi_pins *pins = i ? &b->pins.m1 : &b->pins.m0;
        struct axi_mem_knobs k;
        axi_mem_knobs_default(&k);
        k.data_bytes = DB;
        k.addr_bits = 40;
        k.stall_pct = 10;
        k.seed = 3 + (uint64_t)i;
        b->axi[i] = axi_mem_create(i ? "m1" : "m0", &k, pins, b->unused, &b->env);
        if (!b->axi[i])
            abort();
        struct axi_mem_store st = { b->mem[i], mem_read, mem_write };
        axi_mem_set_store(b->axi[i], &st);
        struct axi_checker_knobs ck;
        axi_checker_knobs_default(&ck);
        ck.data_bytes = DB;
        ck.addr_bits = 40;
        ck.require_aligned = 1;
        ck.require_in_order = 1;
        b->chk[i] = axi_checker_create(i ? "m1_chk" : "m0_chk", &ck, pins, &b->env);
        if (!b->axi[i] || !b->chk[i])
            abort();
    }
    b->pins.porpl = 1;
    b->pins.porsl = 0;
    b->pins.nreset = 0;
    for (int i = 0; i < 3; i++)
        cycle(b);
    b->pins.nreset = 1;
    return b;
}

static void close_bench(struct bench *b)
{
    for (int i = 0; i < 2; i++) {
        axi_mem_destroy(b->axi[i]);
        axi_checker_destroy(b->chk[i]);
    }
    b->dut->destroy(b->dut);
    sparse_mem_destroy(b->unused);
    free(b);
}

static void must_pass(const struct bench *b)
{
    if (b->env.failed) {   /* an AXI protocol violation: the twin's fault */
        fprintf(stderr, "fuzz_ethosu_twin: cycle %llu: %s\n", (unsigned long long)b->env.first_failure_cycle,
                b->env.first_failure);
        abort();
    }
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 8)
        return 0;
    uint32_t hdr = le32(data);
    size_t words = (size - 4) / 4, want = hdr & 0xFFFFu;
    if (want < words)
        words = want;
    if (words == 0 || 4 * words > DATA_BASE)
        return 0;
    unsigned port = (hdr >> 30) & 1u;
    const uint8_t *tail = data + 4 + 4 * words;
    size_t tail_len = size - 4 - 4 * words;
    if (tail_len > MEM_BYTES - DATA_BASE)
        tail_len = MEM_BYTES - DATA_BASE;

    struct bench *b = open_bench();
    static const int u55[4] = { ETHOSU_CFG_U55_32, ETHOSU_CFG_U55_64, ETHOSU_CFG_U55_128, ETHOSU_CFG_U55_256 };
    unsigned pick = (hdr >> 16) & 7u;
    int cfg = pick >= 1 && pick <= 4 ? u55[pick - 1] : hdr >> 31 ? ETHOSU_CFG_U65_512 : ETHOSU_CFG_U65_256;
    int u85 = (hdr >> 29) & 1u;
    if (u85)
        cfg = ETHOSU_CFG_U85_128 + (int)(((hdr >> 19) & 7u) % 5u);
    if (ethosu_twin_set_config(b->dut, cfg))
        abort();
    memcpy(b->mem[port], data + 4, 4 * words);
    for (int i = 0; i < 2; i++)
        memcpy(b->mem[i] + DATA_BASE, tail, tail_len);
    for (unsigned r = 0; r < 8; r++)
        apb(b, 1, ETHOSU_BASEP_LO(r), DATA_BASE);
    if (u85) {   /* REGIONCFG and QCONFIG settings 2 and 3 name the EXT port (M1), as on the U55/U65 */
        apb(b, 1, ETHOSU_MEM_ATTR2, ETHOSU_MEM_ATTR0_AXI_PORT_MASK);
        apb(b, 1, ETHOSU_MEM_ATTR3, ETHOSU_MEM_ATTR0_AXI_PORT_MASK);
    }
    apb(b, 1, ETHOSU_QCONFIG, port ? 2u : 0u);
    apb(b, 1, ETHOSU_QBASE0, 0);
    apb(b, 1, ETHOSU_QSIZE, (uint32_t)(4 * words));
    apb(b, 1, ETHOSU_CMD, 0xCu | ETHOSU_CMD_TRANSITION_TO_RUNNING_STATE_MASK);   /* clocks and power on */
    /* the verdict: stopped (a STOP's IRQ, or the end of the stream), a parse
     * error or a bus abort (IRQ), or the cycle budget spent (the watchdog) */
    unsigned c = 0;
    uint32_t st;
    for (;;) {
        cycle(b);
        must_pass(b);
        if (++c >= MAX_CYCLES)
            break;
        if (c % 64)
            continue;
        st = apb(b, 0, ETHOSU_STATUS, 0);
        if (!(st & ETHOSU_STATUS_STATE_MASK))
            break;    /* stopped */
    }
    st = apb(b, 0, ETHOSU_STATUS, 0);
    if (st & (ETHOSU_STATUS_BUS_STATUS_MASK | ETHOSU_STATUS_CMD_PARSE_ERROR_MASK) && !b->pins.irq)
        abort();   /* an abort or a parse error raises the IRQ */
    /* whatever was issued drains (stopped or halted: nothing new is issued) */
    for (unsigned k = 0; k < 2000 && !b->env.failed && !(axi_mem_idle(b->axi[0]) && axi_mem_idle(b->axi[1])); k++)
        cycle(b);
    must_pass(b);
    close_bench(b);
    return 0;
}
