/* Unit tests of the Ethos-U65 command processor (sim/ethosu_cmdproc) at its
 * own API, its two AXI managers on real pins against AXI memory BFMs (with
 * protocol checkers): DMA copies (1D, 2D, 3D, M0/M1 regions, queueing),
 * IRQ and STOP with the history mask, end of stream, reserved opcodes,
 * bus aborts on the command and DMA channels, a kernel operation computed
 * (1x1 convolution through the golden model), refused ones stopping with
 * cmd_parse_error, DMA into the SHRAM LUT, the Ethos-U85's DMA (signed
 * strides, writes on the destination region's port) and OFM writes (on the
 * OFM region's port), the other command set named in a parse error, soft
 * reset draining AXI. Then the twin at its pins (ethosu_twin_create):
 * APB transfers, PSLVERR, IRQ pin, hard reset levels, soft reset, waves. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "axi_checker.h"
#include "axi_mem.h"
#include "bfm_env.h"
#include "ethosu_cmd.h"
#include "ethosu_cmdproc.h"
#include "ethosu_mlw_encode.h"
#include "ethosu_scale_stream.h"
#include "ethosu_weight_order.h"
#include "dut.h"
#include "ethosu_pins.h"
#include "ethosu_twin.h"
#include "ethosu_regfile.h"
#include "sparse_mem.h"
#include "axi_manager.h"

#define DB 16
#define PRIV_SEC 1u

/* ---- command-processor test bench ------------------------------------------ */

struct tb {
    struct bfm_env env;
    struct ethosu_regfile rf;
    struct ethosu_cmdproc cp;
    struct axi_manager *m[2];
    struct axi_pins pins[2];
    struct sparse_mem *mem[2];
    struct axi_mem *axi[2];
    struct axi_checker *chk[2];
    char log[32][800];
    unsigned nlog;
    uint32_t words[512];
    unsigned nw;
};

static struct tb *T;

static void tb_log(void *ctx, const char *line)
{
    struct tb *t = ctx;
    if (t->nlog < 32)
        snprintf(t->log[t->nlog++], sizeof t->log[0], "%s", line);
}

static int tb_step(struct bfm_env *env)
{
    struct tb *t = env->kernel;
    for (int i = 0; i < 2; i++) {
        axi_mem_drive(t->axi[i]);
        axi_manager_eval(t->m[i], &t->pins[i]);
        axi_checker_sample(t->chk[i]);
        axi_mem_sample(t->axi[i]);
    }
    for (int i = 0; i < 2; i++)
        axi_manager_posedge(t->m[i], &t->pins[i]);
    ethosu_cp_step(&t->cp);
    env->cycle++;
    return env->failed != 0;
}

/* A bench whose memories answer err_resp on [lo, hi] of port err_port (err_resp 0: none). */
static void tb_open(int err_port, uint64_t lo, uint64_t hi, uint8_t err_resp, int on_read, int on_write)
{
    struct tb *t = calloc(1, sizeof *t);
    ck_assert_ptr_nonnull(t);
    t->env.step = tb_step;
    t->env.kernel = t;
    t->env.quiet_failures = 0;
    for (int i = 0; i < 2; i++) {
        struct axi_mem_knobs k;
        axi_mem_knobs_default(&k);
        k.data_bytes = DB;
        k.addr_bits = 40;
        k.rd_latency_min = 3;
        k.rd_latency_max = 7;
        k.seed = 11 + (uint64_t)i;
        k.stall_pct = 20;
        if (err_resp && i == err_port) {
            k.n_err = 1;
            k.err[0].lo = lo;
            k.err[0].hi = hi;
            k.err[0].resp = err_resp;
            k.err[0].on_read = (uint8_t)on_read;
            k.err[0].on_write = (uint8_t)on_write;
        }
        t->mem[i] = sparse_mem_create();
        t->axi[i] = axi_mem_create(i ? "m1" : "m0", &k, &t->pins[i], t->mem[i], &t->env);
        ck_assert_ptr_nonnull(t->axi[i]);
        struct axi_checker_knobs ck;
        axi_checker_knobs_default(&ck);
        ck.data_bytes = DB;
        ck.addr_bits = 40;
        ck.require_aligned = 1;
        ck.require_in_order = 1;
        t->chk[i] = axi_checker_create(i ? "m1_chk" : "m0_chk", &ck, &t->pins[i], &t->env);
        ck_assert_ptr_nonnull(t->chk[i]);
        t->m[i] = axi_manager_create(DB, 16, 4, 4, 0);
    }
    ethosu_rf_hard_reset(&t->rf, 1, 0);
    ethosu_cp_init(&t->cp, &t->rf, t->m[0], t->m[1]);
    ethosu_cp_set_log(&t->cp, tb_log, t);
    T = t;
}

static void setup(void)
{
    tb_open(0, 0, 0, 0, 0, 0);
}

static void teardown(void)
{
    struct tb *t = T;
    ethosu_cp_free(&t->cp);
    for (int i = 0; i < 2; i++) {
        axi_mem_destroy(t->axi[i]);
        axi_checker_destroy(t->chk[i]);
        sparse_mem_destroy(t->mem[i]);
        axi_manager_destroy(t->m[i]);
    }
    free(t);
    T = NULL;
}

static void reopen_with_error(int port, uint64_t lo, uint64_t hi, uint8_t resp, int on_read, int on_write)
{
    teardown();
    tb_open(port, lo, hi, resp, on_read, on_write);
}

static void regw(uint32_t addr, uint32_t v)
{
    unsigned ev = ethosu_rf_write(&T->rf, addr, v, 0xF, PRIV_SEC, NULL);
    if (ev)
        ethosu_cp_event(&T->cp, ev);
}

static uint32_t regr(uint32_t addr)
{
    return ethosu_rf_read(&T->rf, addr, PRIV_SEC, NULL);
}

static uint32_t status(void)
{
    return ethosu_rf_status(&T->rf);
}

static uint32_t field(uint32_t v, uint32_t mask, unsigned shift)
{
    return (v & mask) >> shift;
}

static void c0(uint16_t op, uint16_t param)
{
    T->words[T->nw++] = ETHOSU_CMD_WORD0(op, param);
}

static void c1(uint16_t op, uint16_t param, uint32_t payload)
{
    T->words[T->nw++] = ETHOSU_CMD_WORD0(op, param);
    T->words[T->nw++] = payload;
}

static void region(unsigned r, uint64_t base)
{
    regw(ETHOSU_BASEP_LO(r), (uint32_t)base);
    regw(ETHOSU_BASEP_HI(r), (uint32_t)(base >> 32));
}

/* Put the stream in memory of port `port` at addr, program QBASE/QSIZE/QCONFIG. */
static void load_stream(unsigned port, uint64_t addr)
{
    uint8_t b[sizeof T->words];
    for (unsigned i = 0; i < T->nw; i++)
        for (unsigned k = 0; k < 4; k++)
            b[4 * i + k] = (uint8_t)(T->words[i] >> (8 * k));
    sparse_mem_write(T->mem[port], addr, b, 4u * T->nw);
    regw(ETHOSU_QCONFIG, port ? 2u : 0u);
    regw(ETHOSU_QBASE0, (uint32_t)addr);
    regw(ETHOSU_QBASE1, (uint32_t)(addr >> 32));
    regw(ETHOSU_QSIZE, 4u * T->nw);
}

static void run_until_quiet(uint64_t max)
{
    regw(ETHOSU_CMD, ETHOSU_CMD_TRANSITION_TO_RUNNING_STATE_MASK);
    uint64_t n = 0;
    do {
        tb_step(&T->env);
        ck_assert_int_eq(T->env.failed, 0);
        ck_assert_uint_lt(++n, max);
    } while (!ethosu_cp_quiet(&T->cp));
    for (int i = 0; i < 2; i++)
        ck_assert(axi_mem_idle(T->axi[i]));
}

static void fill_random(struct sparse_mem *m, uint64_t addr, unsigned len, unsigned seed)
{
    uint8_t *b = malloc(len);
    uint32_t x = seed * 2654435761u + 1;
    for (unsigned i = 0; i < len; i++) {
        x = x * 1103515245u + 12345u;
        b[i] = (uint8_t)(x >> 16);
    }
    sparse_mem_write(m, addr, b, len);
    free(b);
}

static int mem_eq(struct sparse_mem *a, uint64_t aa, struct sparse_mem *b, uint64_t ba, unsigned len)
{
    uint8_t *x = malloc(len), *y = malloc(len);
    sparse_mem_read(a, aa, x, len);
    sparse_mem_read(b, ba, y, len);
    int eq = memcmp(x, y, len) == 0;
    free(x);
    free(y);
    return eq;
}

static int mem_zero(struct sparse_mem *m, uint64_t addr, unsigned len)
{
    for (unsigned i = 0; i < len; i++) {
        uint8_t v;
        sparse_mem_read(m, addr + i, &v, 1);
        if (v)
            return 0;
    }
    return 1;
}

static void dma_cmds(unsigned sreg, uint32_t soff, unsigned dreg, uint32_t doff, uint32_t len)
{
    c0(ETHOSU_NPU_SET_DMA0_SRC_REGION, (uint16_t)sreg);
    c1(ETHOSU_NPU_SET_DMA0_SRC, 0, soff);
    c0(ETHOSU_NPU_SET_DMA0_DST_REGION, (uint16_t)dreg);
    c1(ETHOSU_NPU_SET_DMA0_DST, 0, doff);
    c1(ETHOSU_NPU_SET_DMA0_LEN, 0, len);
    c0(ETHOSU_NPU_OP_DMA_START, 0);
}

static int log_has(const char *s)
{
    for (unsigned i = 0; i < T->nlog; i++)
        if (strstr(T->log[i], s))
            return 1;
    return 0;
}

/* ---- command-processor tests -------------------------------------------------- */

START_TEST(dma_copy_1d_and_stop)
{
    region(0, 0x10000000);
    region(1, 0x2000000000ull);   /* bit 37: a 40-bit address */
    fill_random(T->mem[0], 0x10000123, 1000, 1);
    dma_cmds(0, 0x123, 1, 0x45, 1000);
    c0(ETHOSU_NPU_OP_DMA_WAIT, 0);
    c0(ETHOSU_NPU_OP_STOP, 0xBEEF);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    ck_assert(mem_eq(T->mem[0], 0x10000123, T->mem[0], 0x2000000045ull, 1000));
    ck_assert(mem_zero(T->mem[0], 0x2000000000ull, 0x45));
    ck_assert(mem_zero(T->mem[0], 0x2000000045ull + 1000, 64));
    uint32_t st = status();
    ck_assert_uint_eq(field(st, ETHOSU_STATUS_STATE_MASK, 0), 0);
    ck_assert_uint_eq(field(st, ETHOSU_STATUS_IRQ_RAISED_MASK, 1), 1);
    ck_assert_uint_eq(field(st, ETHOSU_STATUS_IRQ_HISTORY_MASK_MASK, 16), 0xBEEF);
    ck_assert_uint_eq(field(st, ETHOSU_STATUS_CMD_END_REACHED_MASK, 5), 1);
    ck_assert_uint_eq(st & (ETHOSU_STATUS_BUS_STATUS_MASK | ETHOSU_STATUS_CMD_PARSE_ERROR_MASK), 0);
    ck_assert_uint_eq(regr(ETHOSU_QREAD), 4u * T->nw);
    ck_assert_uint_eq(T->cp.n_dma, 1);
    ck_assert_uint_eq(T->cp.n_cmds, 8);
    ck_assert(ethosu_rf_irq(&T->rf));
    regw(ETHOSU_CMD, ETHOSU_CMD_CLEAR_IRQ_MASK);
    ck_assert(!ethosu_rf_irq(&T->rf));
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_IRQ_HISTORY_MASK_MASK, 16), 0xBEEF);
    /* a new stream: QSIZE written while stopped clears cmd_end_reached and QREAD */
    regw(ETHOSU_QSIZE, 4);
    ck_assert_uint_eq(status() & ETHOSU_STATUS_CMD_END_REACHED_MASK, 0);
    ck_assert_uint_eq(regr(ETHOSU_QREAD), 0);
}
END_TEST

START_TEST(dma_regions_and_stream_on_m1)
{
    region(2, 0x300000);
    region(0, 0x400000);
    region(3, 0x500000);
    regw(ETHOSU_REGIONCFG, 2u << 4 | 3u << 6);      /* regions 2, 3 on AXI1 (M1); 0 on M0 */
    fill_random(T->mem[1], 0x300010, 700, 2);
    dma_cmds(2, 0x10, 0, 0x20, 700);                  /* M1 -> M0 */
    dma_cmds(2, 0x10, 3, 0x0, 300);                   /* dst region on M1: written on M0 */
    c0(ETHOSU_NPU_OP_DMA_WAIT, 0);
    c0(ETHOSU_NPU_OP_STOP, 1);
    load_stream(1, 0x9000);                           /* QCONFIG 2: command stream on M1 */
    run_until_quiet(20000);
    ck_assert(mem_eq(T->mem[1], 0x300010, T->mem[0], 0x400020, 700));
    ck_assert(mem_eq(T->mem[1], 0x300010, T->mem[0], 0x500000, 300));
    ck_assert(mem_zero(T->mem[1], 0x500000, 300));
    ck_assert(log_has("writes use M0"));
    struct axi_mem_stats s0, s1;
    axi_mem_stats(T->axi[0], &s0);
    axi_mem_stats(T->axi[1], &s1);
    ck_assert_uint_eq(s0.rd_bytes, 0);                /* stream and sources on M1 */
    ck_assert_uint_gt(s1.rd_bytes, 1000);
    ck_assert_uint_eq(s1.wr_bytes, 0);
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_IRQ_HISTORY_MASK_MASK, 16), 1);
}
END_TEST

START_TEST(dma_2d_and_3d)
{
    region(0, 0x100000);
    region(1, 0x200000);
    fill_random(T->mem[0], 0x100000, 4096, 3);
    /* 2D source: 4 rows of 24 bytes, 8 skipped after each; 1D destination */
    c0(ETHOSU_NPU_SET_DMA0_SRC_REGION, 0 | 1u << 9);
    c1(ETHOSU_NPU_SET_DMA0_SRC, 0, 0x10);
    c0(ETHOSU_NPU_SET_DMA0_DST_REGION, 1);
    c1(ETHOSU_NPU_SET_DMA0_DST, 0, 0);
    c1(ETHOSU_NPU_SET_DMA0_LEN, 0, 24);
    c0(ETHOSU_NPU_SET_DMA0_SIZE0, 4);
    c1(ETHOSU_NPU_SET_DMA0_SKIP0, 0, 8);
    c0(ETHOSU_NPU_OP_DMA_START, 0);
    /* 3D destination: 2 planes of 3 rows of 10 bytes, skip0 6, skip1 100; 1D source */
    c0(ETHOSU_NPU_SET_DMA0_SRC_REGION, 0);
    c1(ETHOSU_NPU_SET_DMA0_SRC, 0, 0x800);
    c0(ETHOSU_NPU_SET_DMA0_DST_REGION, 1 | 2u << 9);
    c1(ETHOSU_NPU_SET_DMA0_DST, 0, 0x1000);
    c1(ETHOSU_NPU_SET_DMA0_LEN, 0, 10);
    c0(ETHOSU_NPU_SET_DMA0_SIZE0, 3);
    c0(ETHOSU_NPU_SET_DMA0_SIZE1, 2);
    c1(ETHOSU_NPU_SET_DMA0_SKIP0, 0, 6);
    c1(ETHOSU_NPU_SET_DMA0_SKIP1, 0, 100);
    c0(ETHOSU_NPU_OP_DMA_START, 0);
    c0(ETHOSU_NPU_OP_STOP, 0);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    for (unsigned r = 0; r < 4; r++)
        ck_assert(mem_eq(T->mem[0], 0x100010 + 32u * r, T->mem[0], 0x200000 + 24u * r, 24));
    ck_assert(mem_zero(T->mem[0], 0x200000 + 96, 32));
    for (unsigned p = 0; p < 2; p++)
        for (unsigned r = 0; r < 3; r++) {
            uint64_t d = 0x201000 + p * (3 * 16 + 100) + r * 16u;
            ck_assert(mem_eq(T->mem[0], 0x100800 + 30u * p + 10u * r, T->mem[0], d, 10));
            ck_assert(mem_zero(T->mem[0], d + 10, 6));
        }
}
END_TEST

START_TEST(dma_queue_blocks_and_wait)
{
    region(0, 0x100000);
    region(1, 0x800000);
    fill_random(T->mem[0], 0x100000, 3 * 4096, 4);
    for (unsigned i = 0; i < 3; i++)
        dma_cmds(0, 4096 * i, 1, 4096 * i + 8, 4096);
    c0(ETHOSU_NPU_OP_DMA_WAIT, 0);
    c0(ETHOSU_NPU_OP_STOP, 0);
    load_stream(0, 0x8000);
    regw(ETHOSU_CMD, 1);
    int blocked = 0, waited = 0;
    for (unsigned n = 0; n < 50000 && !ethosu_cp_quiet(&T->cp); n++) {
        tb_step(&T->env);
        if (T->cp.phase == ETHOSU_CP_WAIT && T->cp.cur_opcode == ETHOSU_NPU_OP_DMA_START) {
            blocked = 1;
            ck_assert_uint_eq(T->cp.dma_n, 2);
        }
        if (T->cp.phase == ETHOSU_CP_WAIT && T->cp.cur_opcode == ETHOSU_NPU_OP_DMA_WAIT)
            waited = 1;
    }
    ck_assert(ethosu_cp_quiet(&T->cp));
    ck_assert_int_eq(T->env.failed, 0);
    ck_assert(blocked && waited);
    ck_assert(mem_eq(T->mem[0], 0x100000, T->mem[0], 0x800008, 3 * 4096));
    ck_assert_uint_eq(T->cp.dma_bytes, 3 * 4096);
}
END_TEST

START_TEST(irq_history_and_ordering)
{
    region(0, 0x100000);
    region(1, 0x200000);
    fill_random(T->mem[0], 0x100000, 2048, 5);
    dma_cmds(0, 0, 1, 0, 2048);
    c0(ETHOSU_NPU_OP_IRQ, 0x0003);                 /* waits for the DMA */
    c0(ETHOSU_NPU_SET_IFM_REGION, 1);
    c0(ETHOSU_NPU_OP_IRQ, 0x0100);
    c0(ETHOSU_NPU_OP_STOP, 0x8000);
    load_stream(0, 0x8000);
    regw(ETHOSU_CMD, 1);
    unsigned n = 0;
    while (!ethosu_rf_irq(&T->rf)) {
        tb_step(&T->env);
        ck_assert_uint_lt(++n, 20000);
    }
    /* first IRQ: the DMA before it is complete, the NPU still runs */
    ck_assert(mem_eq(T->mem[0], 0x100000, T->mem[0], 0x200000, 2048));
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_IRQ_HISTORY_MASK_MASK, 16), 0x0003);
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_STATE_MASK, 0), 1);
    regw(ETHOSU_CMD, ETHOSU_CMD_CLEAR_IRQ_MASK);
    while (!ethosu_cp_quiet(&T->cp)) {
        tb_step(&T->env);
        ck_assert_uint_lt(++n, 40000);
    }
    ck_assert(ethosu_rf_irq(&T->rf));
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_IRQ_HISTORY_MASK_MASK, 16), 0x8103);
    regw(ETHOSU_CMD, 0x80010000u);                 /* clear_irq_history bits 15 and 0 */
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_IRQ_HISTORY_MASK_MASK, 16), 0x0102);
    ck_assert(ethosu_rf_irq(&T->rf));              /* raw IRQ untouched by the history clear */
}
END_TEST

START_TEST(stop_then_resume)
{
    c0(ETHOSU_NPU_OP_STOP, 1);
    c0(ETHOSU_NPU_SET_OFM_REGION, 2);
    c0(ETHOSU_NPU_OP_STOP, 2);
    load_stream(0, 0x8000);
    run_until_quiet(5000);
    ck_assert_uint_eq(regr(ETHOSU_QREAD), 4);
    ck_assert_uint_eq(status() & (ETHOSU_STATUS_STATE_MASK | ETHOSU_STATUS_CMD_END_REACHED_MASK), 0);
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_IRQ_HISTORY_MASK_MASK, 16), 1);
    regw(ETHOSU_CMD, ETHOSU_CMD_CLEAR_IRQ_MASK);
    run_until_quiet(5000);                          /* resumes after the STOP */
    ck_assert_uint_eq(regr(ETHOSU_QREAD), 12);
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_CMD_END_REACHED_MASK, 5), 1);
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_IRQ_HISTORY_MASK_MASK, 16), 3);
    ck_assert(ethosu_rf_irq(&T->rf));
    ck_assert_uint_eq(T->cp.set0[ETHOSU_NPU_SET_OFM_REGION & 0x1FF], 2);
    /* running again with nothing left: end reached, stays stopped */
    regw(ETHOSU_CMD, ETHOSU_CMD_CLEAR_IRQ_MASK);
    run_until_quiet(100);
    ck_assert(!ethosu_rf_irq(&T->rf));
    ck_assert_uint_eq(regr(ETHOSU_QREAD), 12);
}
END_TEST

START_TEST(end_of_stream_without_stop)
{
    region(0, 0x100000);
    region(1, 0x200000);
    fill_random(T->mem[0], 0x100000, 512, 6);
    dma_cmds(0, 0, 1, 0, 512);
    c0(ETHOSU_NPU_SET_IFM_REGION, 3);
    load_stream(0, 0x8000);
    run_until_quiet(5000);
    ck_assert(mem_eq(T->mem[0], 0x100000, T->mem[0], 0x200000, 512));   /* DMA completed first */
    ck_assert_uint_eq(status(), ETHOSU_STATUS_CMD_END_REACHED_MASK);     /* stopped, no IRQ */
    ck_assert(!ethosu_rf_irq(&T->rf));
    ck_assert_uint_eq(regr(ETHOSU_QREAD), 4u * T->nw);
}
END_TEST

START_TEST(reserved_opcode_is_parse_error)
{
    c0(ETHOSU_NPU_SET_IFM_REGION, 1);
    c0(0x0004, 0);                                   /* cmd0 0x004: reserved */
    c0(ETHOSU_NPU_OP_STOP, 1);
    load_stream(0, 0x8000);
    run_until_quiet(5000);
    uint32_t st = status();
    ck_assert_uint_eq(field(st, ETHOSU_STATUS_CMD_PARSE_ERROR_MASK, 4), 1);
    ck_assert_uint_eq(field(st, ETHOSU_STATUS_STATE_MASK, 0), 0);
    ck_assert(ethosu_rf_irq(&T->rf));
    ck_assert_uint_eq(field(st, ETHOSU_STATUS_IRQ_HISTORY_MASK_MASK, 16), 0);   /* the STOP never ran */
    ck_assert_uint_eq(regr(ETHOSU_QREAD), 4);       /* points at the bad command */
    ck_assert(log_has("parse error"));
    /* CMD run is refused until a reset; a reset clears the error */
    regw(ETHOSU_CMD, ETHOSU_CMD_CLEAR_IRQ_MASK | ETHOSU_CMD_TRANSITION_TO_RUNNING_STATE_MASK);
    tb_step(&T->env);
    ck_assert_uint_eq(T->cp.phase, ETHOSU_CP_HALTED);
    regw(ETHOSU_RESET, 0);
    for (unsigned n = 0; n < 100 && ethosu_rf_in_reset(&T->rf); n++)
        tb_step(&T->env);
    ck_assert_uint_eq(status(), 0);
    ck_assert_uint_eq(T->cp.phase, ETHOSU_CP_IDLE);
}
END_TEST

START_TEST(truncated_and_bad_format_are_parse_errors)
{
    c1(ETHOSU_NPU_SET_DMA0_LEN, 0, 64);
    T->nw--;                                         /* QSIZE cuts the payload */
    load_stream(0, 0x8000);
    run_until_quiet(5000);
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_CMD_PARSE_ERROR_MASK, 4), 1);
    ck_assert_uint_eq(regr(ETHOSU_QREAD), 0);
    teardown();
    setup();
    c0(ETHOSU_NPU_SET_IFM_REGION, 1);
    T->words[T->nw++] = 0x00008000u;                /* format 0b10: reserved */
    load_stream(0, 0x8000);
    run_until_quiet(5000);
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_CMD_PARSE_ERROR_MASK, 4), 1);
    ck_assert_uint_eq(regr(ETHOSU_QREAD), 4);
}
END_TEST

/* The registers of a 1x1 int8 convolution, IFM 2x2x8 at r1+0x100 (NHWC),
 * OFM 2x2x8 at r2+0x40, weights at r1+0x1000, scales at r1+0x2000. */
static void conv_1x1_cmds(uint32_t wlen, uint16_t activation)
{
    c0(ETHOSU_NPU_SET_IFM_REGION, 1);
    c1(ETHOSU_NPU_SET_IFM_BASE0, 0, 0x100);
    c0(ETHOSU_NPU_SET_IFM_HEIGHT0_M1, 1);
    c0(ETHOSU_NPU_SET_IFM_HEIGHT1_M1, 1);
    c0(ETHOSU_NPU_SET_IFM_WIDTH0_M1, 1);
    c0(ETHOSU_NPU_SET_IFM_DEPTH_M1, 7);
    c1(ETHOSU_NPU_SET_IFM_STRIDE_C, 0, 1);
    c1(ETHOSU_NPU_SET_IFM_STRIDE_Y, 0, 16);
    c1(ETHOSU_NPU_SET_IFM_STRIDE_X, 0, 8);
    c0(ETHOSU_NPU_SET_IFM_PRECISION, 1);   /* int8 NHWC */
    c0(ETHOSU_NPU_SET_OFM_REGION, 2);
    c1(ETHOSU_NPU_SET_OFM_BASE0, 0, 0x40);
    c0(ETHOSU_NPU_SET_OFM_HEIGHT0_M1, 1);
    c0(ETHOSU_NPU_SET_OFM_HEIGHT1_M1, 1);
    c0(ETHOSU_NPU_SET_OFM_WIDTH0_M1, 1);
    c0(ETHOSU_NPU_SET_OFM_HEIGHT_M1, 1);
    c0(ETHOSU_NPU_SET_OFM_WIDTH_M1, 1);
    c0(ETHOSU_NPU_SET_OFM_DEPTH_M1, 7);
    c1(ETHOSU_NPU_SET_OFM_STRIDE_C, 0, 1);
    c1(ETHOSU_NPU_SET_OFM_STRIDE_Y, 0, 16);
    c1(ETHOSU_NPU_SET_OFM_STRIDE_X, 0, 8);
    c0(ETHOSU_NPU_SET_OFM_PRECISION, 1);
    c0(ETHOSU_NPU_SET_KERNEL_HEIGHT_M1, 0);
    c0(ETHOSU_NPU_SET_KERNEL_WIDTH_M1, 0);
    c0(ETHOSU_NPU_SET_KERNEL_STRIDE, 0);
    c0(ETHOSU_NPU_SET_WEIGHT_REGION, 1);
    c1(ETHOSU_NPU_SET_WEIGHT_BASE, 0, 0x1000);
    c1(ETHOSU_NPU_SET_WEIGHT_LENGTH, 0, wlen);
    c0(ETHOSU_NPU_SET_SCALE_REGION, 1);
    c1(ETHOSU_NPU_SET_SCALE_BASE, 0, 0x2000);
    c1(ETHOSU_NPU_SET_SCALE_LENGTH, 0, 80);
    c0(ETHOSU_NPU_SET_ACTIVATION, activation);
    c0(ETHOSU_NPU_SET_ACTIVATION_MIN, 0xFF80);   /* -128 */
    c0(ETHOSU_NPU_SET_ACTIVATION_MAX, 127);
    c0(ETHOSU_NPU_SET_OFM_BLK_DEPTH_M1, 7);
}

/* Weights w[o][i] = 2 if o == i, 1 if i == 0 and o != 0, else 0; bias 10;
 * scale 2^30, shift 30 (x 1). Put the encoded stream and the scale
 * records in region 1's memory; returns the stream length. */
static uint32_t conv_1x1_data_on(unsigned port)
{
    int16_t ohwi[64], list[4096];
    for (int o = 0; o < 8; o++)
        for (int i = 0; i < 8; i++)
            ohwi[o * 8 + i] = (int16_t)(o == i ? 2 : i == 0 ? 1 : 0);
    struct ethosu_weight_order_cfg oc = { .ofm_depth = 8, .kernel_h = 1, .kernel_w = 1, .ifm_depth = 8,
                                          .ofm_block_depth = 8, .ublk_depth = 8, .ifm_bits = 8,
                                          .kernel_split = 8, .dilation_x = 1, .dilation_y = 1,
                                          .traversal = ETHOSU_DEPTH_FIRST };
    size_t n = ethosu_weight_order_count(&oc);
    ck_assert_uint_le(n, 4096);
    ck_assert_int_eq(ethosu_weight_order(&oc, ohwi, list, n), 0);
    uint8_t *mlw;
    size_t len;
    ck_assert_int_eq(ethosu_mlw_encode(list, n, &mlw, &len, NULL, NULL, 0), 0);
    sparse_mem_write(T->mem[port], 0x1000000 + 0x1000, mlw, len);
    free(mlw);
    uint8_t rec[80];
    for (int o = 0; o < 8; o++)
        ck_assert_int_eq(ethosu_scale_record_encode(10, 1u << 30, 30, rec + 10 * o), 0);
    sparse_mem_write(T->mem[port], 0x1000000 + 0x2000, rec, sizeof rec);
    int8_t ifm[32];
    for (int i = 0; i < 32; i++)
        ifm[i] = (int8_t)(i - 10);
    sparse_mem_write(T->mem[port], 0x1000000 + 0x100, (uint8_t *)ifm, sizeof ifm);
    return (uint32_t)len;
}

static uint32_t conv_1x1_data(void)
{
    return conv_1x1_data_on(0);
}

START_TEST(kernel_operation_computes)
{
    region(1, 0x1000000);
    region(2, 0x2000000);
    uint32_t wlen = conv_1x1_data();
    conv_1x1_cmds(wlen, 0);
    c0(ETHOSU_NPU_OP_CONV, 0);
    c0(ETHOSU_NPU_OP_KERNEL_WAIT, 0);
    c0(ETHOSU_NPU_OP_STOP, 0);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    ck_assert_uint_eq(T->cp.n_kernels, 1);
    ck_assert_ptr_nonnull(strstr(T->log[0], "NPU_OP_CONV"));
    ck_assert_ptr_nonnull(strstr(T->log[0], "ifm r1+0x100 (0x1000100) 2x2x8"));
    ck_assert_uint_eq(status() & ETHOSU_STATUS_CMD_PARSE_ERROR_MASK, 0);
    /* pixel p, channel o: 2 * ifm[p][o] + (o ? ifm[p][0] : 0) + 10, ifm[p][i] = 8p + i - 10;
     * e.g. p 1, o 3: 2 * 1 + (-2) + 10 = 10; p 0, o 0: 2 * -10 + 10 = -10 */
    int8_t ofm[32];
    sparse_mem_read(T->mem[0], 0x2000000 + 0x40, (uint8_t *)ofm, sizeof ofm);
    for (int p = 0; p < 4; p++)
        for (int o = 0; o < 8; o++) {
            int x = 2 * (8 * p + o - 10) + (o ? 8 * p - 10 : 0) + 10;
            ck_assert_int_eq(ofm[p * 8 + o], x < -128 ? -128 : x > 127 ? 127 : x);
        }
    ck_assert_int_eq(ofm[8 + 3], 10);
    ck_assert_int_eq(ofm[0], -10);
    ck_assert(mem_zero(T->mem[0], 0x2000000 + 0x40 + 32, 16));   /* nothing past the OFM */
}
END_TEST

/* The kernel operation runs in the background: with its inputs behind M1, a
 * DMA of its OFM area (behind M0) issued right after it copies the old
 * bytes while the kernel still reads; after NPU_OP_KERNEL_WAIT 0 a DMA
 * copies the result. */
START_TEST(kernel_wait_orders_a_dma_after_the_kernel)
{
    region(1, 0x1000000);
    region(2, 0x2000000);
    regw(ETHOSU_REGIONCFG, 2u << 2);   /* region 1 on M1 */
    uint32_t wlen = conv_1x1_data_on(1);
    uint8_t old[32];
    memset(old, 0x5A, sizeof old);
    sparse_mem_write(T->mem[0], 0x2000000 + 0x40, old, sizeof old);
    conv_1x1_cmds(wlen, 0);
    c0(ETHOSU_NPU_OP_CONV, 0);
    dma_cmds(2, 0x40, 2, 0x400, 32);   /* no wait: races the kernel, which is still reading */
    c0(ETHOSU_NPU_OP_KERNEL_WAIT, 0);
    dma_cmds(2, 0x40, 2, 0x800, 32);   /* after the wait: the OFM */
    c0(ETHOSU_NPU_OP_DMA_WAIT, 0);
    c0(ETHOSU_NPU_OP_STOP, 0);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    uint8_t first[32], second[32], ofm[32];
    sparse_mem_read(T->mem[0], 0x2000000 + 0x400, first, sizeof first);
    sparse_mem_read(T->mem[0], 0x2000000 + 0x800, second, sizeof second);
    sparse_mem_read(T->mem[0], 0x2000000 + 0x40, ofm, sizeof ofm);
    ck_assert_mem_eq(first, old, sizeof old);
    ck_assert_mem_eq(second, ofm, sizeof ofm);
    ck_assert_int_ne(memcmp(ofm, old, sizeof old), 0);
}
END_TEST

START_TEST(malformed_kernel_operation_stops)
{
    region(1, 0x1000000);
    region(2, 0x2000000);
    uint32_t wlen = conv_1x1_data();
    conv_1x1_cmds(wlen, 5);   /* activation function 5 is reserved */
    uint32_t at = 4u * T->nw;
    c0(ETHOSU_NPU_OP_CONV, 0);
    c0(ETHOSU_NPU_OP_STOP, 0);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    uint32_t st = status();
    ck_assert_uint_eq(field(st, ETHOSU_STATUS_CMD_PARSE_ERROR_MASK, 4), 1);
    ck_assert_uint_eq(field(st, ETHOSU_STATUS_STATE_MASK, 0), 0);
    ck_assert(ethosu_rf_irq(&T->rf));
    ck_assert_uint_eq(regr(ETHOSU_QREAD), at);   /* QREAD on the refused command */
    char want[64];
    snprintf(want, sizeof want, "stream offset 0x%x (NPU_OP_CONV", at);
    ck_assert(log_has(want));
    ck_assert(log_has("activation function 5 is reserved"));
    ck_assert(mem_zero(T->mem[0], 0x2000000 + 0x40, 32));
}
END_TEST

START_TEST(weight_stream_mismatch_stops_after_weights)
{
    region(1, 0x1000000);
    region(2, 0x2000000);
    uint32_t wlen = conv_1x1_data();
    conv_1x1_cmds(wlen, 0);
    c0(ETHOSU_NPU_SET_OFM_DEPTH_M1, 15);   /* 16 OFM channels: the stream holds 8 channels' weights */
    c1(ETHOSU_NPU_SET_OFM_STRIDE_X, 0, 16);
    c1(ETHOSU_NPU_SET_OFM_STRIDE_Y, 0, 32);
    uint32_t at = 4u * T->nw;
    c0(ETHOSU_NPU_OP_CONV, 0);
    c0(ETHOSU_NPU_OP_STOP, 0);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_CMD_PARSE_ERROR_MASK, 4), 1);
    char want[64];
    snprintf(want, sizeof want, "stream offset 0x%x (NPU_OP_CONV", at);
    ck_assert(log_has(want));
    ck_assert(log_has("the weight stream decodes to 256 weights, the operation needs more"));
    ck_assert(mem_zero(T->mem[0], 0x2000000 + 0x40, 64));
}
END_TEST

START_TEST(dma_to_shram_fills_the_lut)
{
    region(1, 0x1000000);
    fill_random(T->mem[0], 0x1000000 + 0x300, 256, 5);
    /* internal destination (b8) at the SHRAM offset of LUT slot 1 */
    dma_cmds(1, 0x300, 0x100 | 3, ETHOSU_CP_LUT_BASE + ETHOSU_CP_LUT_SLOT, 256);
    c0(ETHOSU_NPU_OP_DMA_WAIT, 0);
    c0(ETHOSU_NPU_OP_STOP, 0);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    uint8_t want[256];
    sparse_mem_read(T->mem[0], 0x1000000 + 0x300, want, sizeof want);
    ck_assert_mem_eq(T->cp.shram + ETHOSU_CP_LUT_BASE + ETHOSU_CP_LUT_SLOT, want, sizeof want);
    struct axi_mem_stats s;
    axi_mem_stats(T->axi[0], &s);
    ck_assert_uint_eq(s.wr_bytes, 0);   /* internal: nothing written over AXI */
}
END_TEST

/* ethos-u55-128: an OFM whose first byte is at BASEP 0xFFFFFFE0 + 0x40 =
 * 0x1_0000_0020, beyond the U55's 32-bit address space, stops the kernel
 * operation (cmd_parse_error, nothing written); the same on ethos-u65-256
 * would be a 40-bit address. */
START_TEST(u55_kernel_beyond_32_bits_refused)
{
    ck_assert_int_eq(ethosu_rf_set_config(&T->rf, ETHOSU_CFG_U55_128), 0);
    region(1, 0x1000000);
    region(2, 0xFFFFFFE0u);
    uint32_t wlen = conv_1x1_data();
    conv_1x1_cmds(wlen, 0);
    c0(ETHOSU_NPU_OP_CONV, 0);
    c0(ETHOSU_NPU_OP_STOP, 0);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    ck_assert_uint_ne(status() & ETHOSU_STATUS_CMD_PARSE_ERROR_MASK, 0);
    ck_assert(log_has("OFM element (0, 0, 0) at 0x100000020 is beyond the 32-bit address space of ethos-u55-128"));
    struct axi_mem_stats st;
    axi_mem_stats(T->axi[0], &st);
    ck_assert_uint_eq(st.wr_bytes, 0);
}
END_TEST

/* The SHRAM per configuration: ethos-u55-64 has 16 KiB (16384 bytes), its
 * LUT in the last 2 KiB at 14336 (Vela: 16 banks, none reserved, the LUT
 * takes the last two). A DMA to SHRAM offset 14336 + 256 lands in LUT slot
 * 1; one to 16384 - 16 keeps its first 16 bytes and drops the rest. */
START_TEST(u55_shram_and_lut_per_configuration)
{
    ck_assert_int_eq(ethosu_rf_set_config(&T->rf, ETHOSU_CFG_U55_64), 0);
    region(1, 0x1000000);
    fill_random(T->mem[0], 0x1000000 + 0x300, 256, 7);
    dma_cmds(1, 0x300, 0x100 | 3, 14336 + 256, 256);
    c0(ETHOSU_NPU_OP_DMA_WAIT, 0);
    dma_cmds(1, 0x300, 0x100 | 3, 16384 - 16, 64);
    c0(ETHOSU_NPU_OP_DMA_WAIT, 0);
    c0(ETHOSU_NPU_OP_STOP, 0);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    uint8_t want[256];
    sparse_mem_read(T->mem[0], 0x1000000 + 0x300, want, sizeof want);
    ck_assert_mem_eq(T->cp.shram + 14336 + 256, want, sizeof want);
    ck_assert_mem_eq(T->cp.shram + 16384 - 16, want, 16);
    ck_assert(log_has("DMA to SHRAM 0x3ff0..0x4030 ends beyond its 16384 bytes"));
    ck_assert_uint_eq(status() & ETHOSU_STATUS_CMD_PARSE_ERROR_MASK, 0);
}
END_TEST

/* A 40-bit signed stride as the U85's DMA0_*_STRIDE* command carries it:
 * bits [39:32] in the param, [31:0] in the payload. */
static void c1_stride(uint16_t op, int64_t v)
{
    uint64_t u = (uint64_t)v & 0xFFFFFFFFFFull;
    c1(op, (uint16_t)(u >> 32), (uint32_t)u);
}

/* The Ethos-U85's DMA (command stream 2.0): one stride mode for both sides
 * in DMA0_SRC_REGION, signed row and plane strides per side, and writes on
 * the destination region's port. Region 1's setting 2 points at MEM_ATTR2,
 * whose axi_port is EXT (M1): a 2D copy of 3 rows of 12 bytes read
 * backwards (source stride -100) lands at 16-byte steps in M1, nothing in
 * M0 there. A 3D copy into region 0 (SRAM, M0): 2 planes of 2 rows of 5
 * bytes, source row stride 7 and plane stride -30, destination 5 and 10
 * (contiguous): source 0x800, 0x807, 0x7E2, 0x7E9 (hand-worked). */
START_TEST(u85_dma_strides_and_ext_writes)
{
    ck_assert_int_eq(ethosu_rf_set_config(&T->rf, ETHOSU_CFG_U85_256), 0);
    regw(ETHOSU_MEM_ATTR0 + 8, ETHOSU_MEM_ATTR0_AXI_PORT_MASK);   /* MEM_ATTR2: EXT */
    regw(ETHOSU_REGIONCFG, 2u << 2);                                /* region 1 -> MEM_ATTR2 */
    region(0, 0x100000);
    region(1, 0x200000);
    fill_random(T->mem[0], 0x100000, 4096, 5);
    c0(ETHOSU85_NPU_SET_DMA0_SRC_REGION, 0 | 1u << 9);
    c0(ETHOSU85_NPU_SET_DMA0_DST_REGION, 1);
    c1(ETHOSU85_NPU_SET_DMA0_SRC, 0, 0x400);
    c1(ETHOSU85_NPU_SET_DMA0_DST, 0, 0x10);
    c1(ETHOSU85_NPU_SET_DMA0_LEN, 0, 12);
    c0(ETHOSU85_NPU_SET_DMA0_SIZE0, 3);
    c1_stride(ETHOSU85_NPU_SET_DMA0_SRC_STRIDE0, -100);
    c1_stride(ETHOSU85_NPU_SET_DMA0_DST_STRIDE0, 16);
    c0(ETHOSU85_NPU_OP_DMA_START, 0);
    c0(ETHOSU85_NPU_SET_DMA0_SRC_REGION, 0 | 2u << 9);
    c0(ETHOSU85_NPU_SET_DMA0_DST_REGION, 0);
    c1(ETHOSU85_NPU_SET_DMA0_SRC, 0, 0x800);
    c1(ETHOSU85_NPU_SET_DMA0_DST, 0, 0xC00);
    c1(ETHOSU85_NPU_SET_DMA0_LEN, 0, 5);
    c0(ETHOSU85_NPU_SET_DMA0_SIZE0, 2);
    c0(ETHOSU85_NPU_SET_DMA0_SIZE1, 2);
    c1_stride(ETHOSU85_NPU_SET_DMA0_SRC_STRIDE0, 7);
    c1_stride(ETHOSU85_NPU_SET_DMA0_SRC_STRIDE1, -30);
    c1_stride(ETHOSU85_NPU_SET_DMA0_DST_STRIDE0, 5);
    c1_stride(ETHOSU85_NPU_SET_DMA0_DST_STRIDE1, 10);
    c0(ETHOSU85_NPU_OP_DMA_START, 0);
    c0(ETHOSU_NPU_OP_STOP, 0);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    ck_assert_uint_eq(status() & (ETHOSU_STATUS_CMD_PARSE_ERROR_MASK | ETHOSU_STATUS_BUS_STATUS_MASK), 0);
    for (unsigned r = 0; r < 3; r++) {
        ck_assert(mem_eq(T->mem[0], 0x100400 - 100u * r, T->mem[1], 0x200010 + 16u * r, 12));
        ck_assert(mem_zero(T->mem[1], 0x200010 + 16u * r + 12, 4));
    }
    ck_assert(mem_zero(T->mem[0], 0x200000, 0x100));
    static const unsigned src[4] = { 0x800, 0x807, 0x7E2, 0x7E9 };
    for (unsigned i = 0; i < 4; i++)
        ck_assert(mem_eq(T->mem[0], 0x100000 + src[i], T->mem[0], 0x100C00 + 5u * i, 5));
    ck_assert(!log_has("writes use M0"));
}
END_TEST

/* A command of the other command set is named in the parse error: the
 * U55/U65's NPU_SET_PARALLEL_MODE (0x0123) on an Ethos-U85, the U85's
 * NPU_SET_IFM_BROADCAST (0x0108) on an Ethos-U65; QREAD stays on it. */
START_TEST(other_command_set_named_in_parse_error)
{
    ck_assert_int_eq(ethosu_rf_set_config(&T->rf, ETHOSU_CFG_U85_256), 0);
    c0(ETHOSU85_NPU_SET_IFM_REGION, 1);
    c0(ETHOSU_NPU_SET_PARALLEL_MODE, 0);
    c0(ETHOSU_NPU_OP_STOP, 1);
    load_stream(0, 0x8000);
    run_until_quiet(5000);
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_CMD_PARSE_ERROR_MASK, 4), 1);
    ck_assert_uint_eq(regr(ETHOSU_QREAD), 4);
    ck_assert(log_has("reserved opcode (0x0123 is NPU_SET_PARALLEL_MODE of command stream 1.x, the Ethos-U55/U65's; "
                      "ethos-u85-256 has none)"));
    teardown();
    setup();
    c0(ETHOSU_NPU_SET_IFM_REGION, 1);
    c0(ETHOSU85_NPU_SET_IFM_BROADCAST, 0);
    c0(ETHOSU_NPU_OP_STOP, 1);
    load_stream(0, 0x8000);
    run_until_quiet(5000);
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_CMD_PARSE_ERROR_MASK, 4), 1);
    ck_assert(log_has("reserved opcode (0x0108 is NPU_SET_IFM_BROADCAST of command stream 2.0, the Ethos-U85's; "
                      "ethos-u65-256 has none)"));
}
END_TEST

/* An Ethos-U85 kernel operation writes its OFM on the OFM region's port: a
 * 1x1 max pool (the identity: zero points 0, scale 1 shift 0, clamp
 * -128..127) of a 1x2x16 int8 IFM in region 1 (SRAM, M0) into region 2,
 * whose MEM_ATTR2 is EXT: the 32 bytes land in M1, none in M0 there. The
 * stream is Vela 5.2's programming of a pool on ethos-u85-256, shrunk. */
START_TEST(u85_ofm_written_on_its_region_port)
{
    static const char text[] =
    "NPU_SET_IFM_PRECISION      activation_type=1 activation_precision=0 activation_format=0 activation_storage=0\n"
    "NPU_SET_IFM_REGION         region=1\n"
    "NPU_SET_IFM_BASE0          0 0x00000000\n"
    "NPU_SET_IFM_BASE1          0 0x00000000\n"
    "NPU_SET_IFM_BASE2          0 0x00000000\n"
    "NPU_SET_IFM_BASE3          0 0x00000000\n"
    "NPU_SET_IFM_HEIGHT0_M1     0\n"
    "NPU_SET_IFM_HEIGHT1_M1     0\n"
    "NPU_SET_IFM_WIDTH0_M1      1\n"
    "NPU_SET_IFM_DEPTH_M1       15\n"
    "NPU_SET_IFM_STRIDE_Y       0 0x00000020\n"
    "NPU_SET_IFM_STRIDE_X       0 0x00000010\n"
    "NPU_SET_IFM_STRIDE_C       0 0x00000001\n"
    "NPU_SET_IFM_ZERO_POINT     0\n"
    "NPU_SET_IFM_UPSCALE        mode=0\n"
    "NPU_SET_IFM_PAD_TOP        pad=0\n"
    "NPU_SET_IFM_PAD_LEFT       pad=0\n"
    "NPU_SET_IFM_PAD_BOTTOM     pad=0\n"
    "NPU_SET_IFM_PAD_RIGHT      pad=0\n"
    "NPU_SET_OFM_PRECISION      activation_type=1 activation_precision=0 activation_format=0 scale_mode=1 activation_reverse=0 activation_transpose=0 activation_storage=0\n"
    "NPU_SET_OFM_REGION         region=2\n"
    "NPU_SET_OFM_BASE0          0 0x00000000\n"
    "NPU_SET_OFM_BASE1          0 0x00000000\n"
    "NPU_SET_OFM_BASE2          0 0x00000000\n"
    "NPU_SET_OFM_BASE3          0 0x00000000\n"
    "NPU_SET_OFM_HEIGHT_M1      0\n"
    "NPU_SET_OFM_WIDTH_M1       1\n"
    "NPU_SET_OFM_DEPTH_M1       15\n"
    "NPU_SET_OFM_HEIGHT0_M1     0\n"
    "NPU_SET_OFM_HEIGHT1_M1     0\n"
    "NPU_SET_OFM_WIDTH0_M1      1\n"
    "NPU_SET_OFM_STRIDE_Y       0 0x00000020\n"
    "NPU_SET_OFM_STRIDE_X       0 0x00000010\n"
    "NPU_SET_OFM_STRIDE_C       0 0x00000001\n"
    "NPU_SET_OFM_ZERO_POINT     0\n"
    "NPU_SET_KERNEL_HEIGHT_M1   0\n"
    "NPU_SET_KERNEL_WIDTH_M1    0\n"
    "NPU_SET_KERNEL_STRIDE      stride_x_lsb=0 stride_y_lsb=0 weight_order=0 dilation_x=0 dilation_y=0 decomposition=0 stride_x_msb=0 stride_y_msb=0\n"
    "NPU_SET_ACTIVATION         activation_function=0 table=0 activation_clip_range=0\n"
    "NPU_SET_ACTIVATION_MIN     65408\n"
    "NPU_SET_ACTIVATION_MAX     127\n"
    "NPU_SET_OFM_SCALE          shift=0 dbl_rnd=0 round_mode=1 0x00000001\n"
    "NPU_SET_OFM_BLK_HEIGHT_M1  height_m1=0\n"
    "NPU_SET_OFM_BLK_WIDTH_M1   width_m1=1\n"
    "NPU_SET_OFM_BLK_DEPTH_M1   depth_m1=15\n"
    "NPU_SET_ACC_FORMAT         acc_format=0 acc_input=0 acc_output=0 microblock=1\n"
    "NPU_OP_POOL                pooling_mode=0\n"
    "NPU_OP_STOP                mask=1\n"
    ;
    ck_assert_int_eq(ethosu_rf_set_config(&T->rf, ETHOSU_CFG_U85_256), 0);
    regw(ETHOSU_MEM_ATTR0 + 8, ETHOSU_MEM_ATTR0_AXI_PORT_MASK);   /* MEM_ATTR2: EXT */
    regw(ETHOSU_REGIONCFG, 0u << 2 | 2u << 4);                      /* region 1 -> MEM_ATTR0, 2 -> MEM_ATTR2 */
    region(1, 0x100000);
    region(2, 0x300000);
    fill_random(T->mem[0], 0x100000, 32, 9);
    uint32_t *w = NULL;
    size_t n = 0;
    char err[200];
    ck_assert_msg(ethosu_cmd_asm_for(ETHOSU_CMD_U85, text, sizeof text - 1, "pool", &w, &n, err, sizeof err) == 0, "%s",
                  err);
    ck_assert_uint_le(n, sizeof T->words / sizeof T->words[0]);
    memcpy(T->words, w, n * sizeof *w);
    T->nw = (unsigned)n;
    free(w);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    ck_assert_uint_eq(status() & (ETHOSU_STATUS_CMD_PARSE_ERROR_MASK | ETHOSU_STATUS_BUS_STATUS_MASK), 0);
    ck_assert_uint_eq(T->cp.n_kernels, 1);
    ck_assert(mem_eq(T->mem[0], 0x100000, T->mem[1], 0x300000, 32));
    ck_assert(mem_zero(T->mem[0], 0x300000, 32));
}
END_TEST

static void expect_abort(unsigned iface, unsigned channel)
{
    uint32_t st = status();
    ck_assert_uint_eq(field(st, ETHOSU_STATUS_BUS_STATUS_MASK, 2), 1);
    ck_assert_uint_eq(field(st, ETHOSU_STATUS_FAULTING_INTERFACE_MASK, 11), iface);
    ck_assert_uint_eq(field(st, ETHOSU_STATUS_FAULTING_CHANNEL_MASK, 12), channel);
    ck_assert_uint_eq(field(st, ETHOSU_STATUS_STATE_MASK, 0), 0);
    ck_assert(ethosu_rf_irq(&T->rf));
    ck_assert(log_has("bus abort"));
    /* halted until reset: CMD run is ignored */
    regw(ETHOSU_CMD, 1);
    tb_step(&T->env);
    ck_assert_uint_eq(T->cp.phase, ETHOSU_CP_HALTED);
}

START_TEST(slverr_on_ifm_read_and_ofm_write)
{
    /* IFM read (channel 1) on M0 */
    reopen_with_error(0, 0x1000100, 0x100011F, AXI_RESP_SLVERR, 1, 0);
    region(1, 0x1000000);
    region(2, 0x2000000);
    uint32_t wlen = conv_1x1_data();
    conv_1x1_cmds(wlen, 0);
    c0(ETHOSU_NPU_OP_CONV, 0);
    c0(ETHOSU_NPU_OP_STOP, 0);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    expect_abort(0, 1);
    ck_assert(log_has("IFM read"));
    /* OFM write (channel 8) */
    reopen_with_error(0, 0x2000040, 0x200005F, AXI_RESP_DECERR, 0, 1);
    T->nw = 0;
    region(1, 0x1000000);
    region(2, 0x2000000);
    wlen = conv_1x1_data();
    conv_1x1_cmds(wlen, 0);
    c0(ETHOSU_NPU_OP_CONV, 0);
    c0(ETHOSU_NPU_OP_STOP, 0);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    expect_abort(0, 8);
    ck_assert(log_has("OFM write"));
}
END_TEST

START_TEST(slverr_on_command_fetch)
{
    reopen_with_error(0, 0x8000, 0x8FFF, AXI_RESP_SLVERR, 1, 0);
    c0(ETHOSU_NPU_OP_IRQ, 1);
    c0(ETHOSU_NPU_OP_STOP, 2);
    load_stream(0, 0x8000);
    run_until_quiet(5000);
    expect_abort(0, 0);
    ck_assert_uint_eq(field(status(), ETHOSU_STATUS_IRQ_HISTORY_MASK_MASK, 16), 0);   /* nothing executed */
    ck_assert_uint_eq(regr(ETHOSU_QREAD), 0);
}
END_TEST

START_TEST(decerr_on_command_fetch_m1)
{
    reopen_with_error(1, 0x9000, 0x9003, AXI_RESP_DECERR, 1, 0);
    c0(ETHOSU_NPU_OP_STOP, 2);
    load_stream(1, 0x9000);
    run_until_quiet(5000);
    expect_abort(1, 0);
}
END_TEST

START_TEST(slverr_on_dma_read_m1)
{
    reopen_with_error(1, 0x300200, 0x3002FF, AXI_RESP_SLVERR, 1, 0);
    region(2, 0x300000);
    region(0, 0x400000);
    regw(ETHOSU_REGIONCFG, 2u << 4);
    dma_cmds(2, 0, 0, 0, 2048);
    c0(ETHOSU_NPU_OP_DMA_WAIT, 0);
    c0(ETHOSU_NPU_OP_STOP, 2);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    expect_abort(1, 4);
    ck_assert(mem_zero(T->mem[0], 0x400200, 2048 - 0x200));   /* stopped issuing after the fault */
}
END_TEST

START_TEST(decerr_on_dma_write)
{
    reopen_with_error(0, 0x500100, 0x500100, AXI_RESP_DECERR, 0, 1);
    region(0, 0x100000);
    region(1, 0x500000);
    dma_cmds(0, 0, 1, 0, 1024);
    c0(ETHOSU_NPU_OP_DMA_WAIT, 0);
    c0(ETHOSU_NPU_OP_STOP, 2);
    load_stream(0, 0x8000);
    run_until_quiet(20000);
    expect_abort(0, 9);
}
END_TEST

START_TEST(soft_reset_drains_then_clears)
{
    region(0, 0x100000);
    region(1, 0x800000);
    fill_random(T->mem[0], 0x100000, 8192, 7);
    regw(ETHOSU_LOCK, 0x55);
    dma_cmds(0, 0, 1, 0, 8192);
    c0(ETHOSU_NPU_OP_DMA_WAIT, 0);
    c0(ETHOSU_NPU_OP_STOP, 2);
    load_stream(0, 0x8000);
    regw(ETHOSU_CMD, 1);
    unsigned n = 0;
    while (T->cp.dma_bytes < 1024) {
        tb_step(&T->env);
        ck_assert_uint_lt(++n, 20000);
    }
    /* privileged secure host: new levels user (pending_CPL 0), non-secure (pending_CSL 1) */
    ck_assert_uint_eq(ethosu_rf_write(&T->rf, ETHOSU_RESET, 2, 0xF, PRIV_SEC, NULL), ETHOSU_RF_EV_SOFT_RESET);
    ethosu_cp_event(&T->cp, ETHOSU_RF_EV_SOFT_RESET);
    unsigned in_reset = 0;
    while (ethosu_rf_in_reset(&T->rf)) {
        ck_assert_uint_eq(ethosu_rf_read(&T->rf, ETHOSU_QBASE0, PRIV_SEC, NULL), 0);
        tb_step(&T->env);
        in_reset++;
        ck_assert_uint_lt(in_reset, 5000);
    }
    ck_assert_uint_ge(in_reset, ETHOSU_CP_RESET_CYCLES);
    ck_assert_int_eq(T->env.failed, 0);
    for (int i = 0; i < 2; i++) {
        ck_assert(axi_mem_idle(T->axi[i]));
        ck_assert_int_eq(axi_checker_final(T->chk[i]), 0);   /* every burst answered */
    }
    ck_assert_uint_eq(ethosu_rf_get(&T->rf, ETHOSU_PROT_IDX), 2);    /* user, non-secure */
    ck_assert_uint_eq(ethosu_rf_read(&T->rf, ETHOSU_STATUS, 2, NULL), 0);
    ck_assert_uint_eq(ethosu_rf_read(&T->rf, ETHOSU_QBASE0, 2, NULL), 0);
    ck_assert_uint_eq(ethosu_rf_read(&T->rf, ETHOSU_LOCK, 2, NULL), 0);
    ck_assert_uint_eq(ethosu_rf_read(&T->rf, ETHOSU_CMD, 2, NULL), 0xC);
    ck_assert_uint_eq(ethosu_rf_read(&T->rf, ETHOSU_RESET, 2, NULL), 2);
    ck_assert_uint_eq(T->cp.phase, ETHOSU_CP_IDLE);
    ck_assert(mem_zero(T->mem[0], 0x800000 + 7168, 1024));           /* the copy was cut short */
    for (unsigned k = 0; k < 20; k++)
        tb_step(&T->env);
    ck_assert(ethosu_cp_quiet(&T->cp));
}
END_TEST

/* ---- the twin at its pins -------------------------------------------------------- */

struct ptb {
    struct bfm_env env;
    struct ethosu_pins pins;
    struct dut *dut;
    struct sparse_mem *mem[2];
    struct axi_mem *axi[2];
    struct axi_checker *chk[2];
    int waves;
};

static void p_cycle(struct ptb *t)
{
    struct axi_pins *ap[2] = { &t->pins.m0, &t->pins.m1 };
    for (int i = 0; i < 2; i++)
        axi_mem_drive(t->axi[i]);
    t->dut->eval(t->dut, &t->pins);
    if (t->pins.nreset)
        for (int i = 0; i < 2; i++) {
            axi_checker_sample(t->chk[i]);
            axi_mem_sample(t->axi[i]);
            /* AWAKEUP covers every valid the manager drives */
            if (ap[i]->ar_valid || ap[i]->aw_valid || ap[i]->w_valid)
                ck_assert(i ? t->pins.awakeup_m1 : t->pins.awakeup_m0);
        }
    if (t->waves)
        t->dut->waves_dump(t->dut, &t->pins, t->env.cycle);
    t->dut->posedge(t->dut, &t->pins);
    t->env.cycle++;
    ck_assert_int_eq(t->env.failed, 0);
}

static struct ptb *p_open(int porpl, int porsl)
{
    struct ptb *t = calloc(1, sizeof *t);
    char err[256];
    ck_assert_ptr_nonnull(t);
    t->dut = ethosu_twin_create(err, sizeof err);
    ck_assert_ptr_nonnull(t->dut);
    ck_assert_uint_eq(t->dut->data_bytes, DB);
    ck_assert_uint_eq(t->dut->addr_bits, 40);
    for (int i = 0; i < 2; i++) {
        struct axi_mem_knobs k;
        axi_mem_knobs_default(&k);
        k.data_bytes = DB;
        k.addr_bits = 40;
        k.stall_pct = 30;
        k.seed = 5 + (uint64_t)i;
        t->mem[i] = sparse_mem_create();
        t->axi[i] = axi_mem_create(i ? "m1" : "m0", &k, i ? &t->pins.m1 : &t->pins.m0, t->mem[i], &t->env);
        struct axi_checker_knobs ck;
        axi_checker_knobs_default(&ck);
        ck.data_bytes = DB;
        ck.addr_bits = 40;
        ck.require_aligned = 1;
        ck.require_in_order = 1;
        t->chk[i] = axi_checker_create(i ? "m1_chk" : "m0_chk", &ck, i ? &t->pins.m1 : &t->pins.m0, &t->env);
    }
    t->pins.porpl = (uint8_t)porpl;
    t->pins.porsl = (uint8_t)porsl;
    t->pins.nreset = 0;
    for (int i = 0; i < 3; i++)
        p_cycle(t);
    ck_assert_uint_eq(t->pins.apb.ready, 0);
    ck_assert_uint_eq(t->pins.irq, 0);
    t->pins.nreset = 1;
    return t;
}

static void p_close(struct ptb *t)
{
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(axi_checker_final(t->chk[i]), 0);
        axi_mem_destroy(t->axi[i]);
        axi_checker_destroy(t->chk[i]);
        sparse_mem_destroy(t->mem[i]);
    }
    t->dut->destroy(t->dut);
    free(t);
}

/* One APB transfer: setup phase, then access phase (no wait states expected). */
static uint32_t apb(struct ptb *t, int write, uint32_t addr, uint32_t wdata, uint8_t strb, uint8_t prot,
                    int *slverr)
{
    struct apb_pins *a = &t->pins.apb;
    a->sel = 1;
    a->enable = 0;
    a->write = (uint8_t)write;
    a->addr = addr;
    a->wdata = write ? wdata : 0;
    a->strb = write ? strb : 0;
    a->prot = prot;
    p_cycle(t);
    a->enable = 1;
    t->dut->eval(t->dut, &t->pins);   /* peek at the access-phase outputs */
    ck_assert_uint_eq(a->ready, 1);
    uint32_t rdata = a->rdata;
    if (slverr)
        *slverr = a->slverr;
    p_cycle(t);
    a->sel = a->enable = 0;
    return rdata;
}

static uint32_t p_rd(struct ptb *t, uint32_t addr, uint8_t prot)
{
    int e;
    uint32_t v = apb(t, 0, addr, 0, 0, prot, &e);
    ck_assert_int_eq(e, 0);
    return v;
}

static void p_wr(struct ptb *t, uint32_t addr, uint32_t v, uint8_t prot)
{
    int e;
    apb(t, 1, addr, v, 0xF, prot, &e);
    ck_assert_int_eq(e, 0);
}

START_TEST(twin_pins_dma_irq_and_waves)
{
    struct ptb *t = p_open(1, 0);
    char path[] = "/tmp/test_ethosu_twin_vcd_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    struct dut_waves_cfg wc = { path, 0, 0, 0 };
    char err[256];
    ck_assert_int_eq(t->dut->waves_open(t->dut, &wc, err, sizeof err), 0);
    t->waves = 1;

    ck_assert_uint_eq(p_rd(t, ETHOSU_ID, 1), 0x10066001u);
    ck_assert_uint_eq(p_rd(t, ETHOSU_PROT, 1), 1u);              /* PORPL=1, PORSL=0 */
    ck_assert_uint_eq(p_rd(t, ETHOSU_ID, 0), 0u);                /* user refused: CPL privileged */
    ck_assert_uint_eq(p_rd(t, ETHOSU_ID, 3), 0u);                /* non-secure refused: CSL secure */
    int e;
    apb(t, 1, ETHOSU_QSIZE, 0x40, 0x1, 1, &e);                   /* byte write: ignored, PSLVERR */
    ck_assert_int_eq(e, 1);
    ck_assert_uint_eq(p_rd(t, ETHOSU_QSIZE, 1), 0u);

    /* a DMA copy stream in M0 memory */
    uint32_t w[32];
    unsigned n = 0;
    w[n++] = ETHOSU_CMD_WORD0(ETHOSU_NPU_SET_DMA0_SRC_REGION, 0);
    w[n++] = ETHOSU_CMD_WORD0(ETHOSU_NPU_SET_DMA0_SRC, 0);
    w[n++] = 0x40;
    w[n++] = ETHOSU_CMD_WORD0(ETHOSU_NPU_SET_DMA0_DST_REGION, 1);
    w[n++] = ETHOSU_CMD_WORD0(ETHOSU_NPU_SET_DMA0_DST, 0);
    w[n++] = 0x0;
    w[n++] = ETHOSU_CMD_WORD0(ETHOSU_NPU_SET_DMA0_LEN, 0);
    w[n++] = 600;
    w[n++] = ETHOSU_CMD_WORD0(ETHOSU_NPU_OP_DMA_START, 0);
    w[n++] = ETHOSU_CMD_WORD0(ETHOSU_NPU_OP_DMA_WAIT, 0);
    w[n++] = ETHOSU_CMD_WORD0(ETHOSU_NPU_OP_STOP, 0x0042);
    uint8_t b[128];
    for (unsigned i = 0; i < n; i++)
        for (unsigned k = 0; k < 4; k++)
            b[4 * i + k] = (uint8_t)(w[i] >> (8 * k));
    sparse_mem_write(t->mem[0], 0x7000, b, 4 * n);
    uint8_t src[600];
    for (unsigned i = 0; i < sizeof src; i++)
        src[i] = (uint8_t)(i * 7 + 3);
    sparse_mem_write(t->mem[0], 0x20040, src, sizeof src);
    p_wr(t, ETHOSU_BASEP_LO(0), 0x20000, 1);
    p_wr(t, ETHOSU_BASEP_LO(1), 0x30000, 1);
    p_wr(t, ETHOSU_QBASE0, 0x7000, 1);
    p_wr(t, ETHOSU_QSIZE, 4 * n, 1);
    p_wr(t, ETHOSU_CMD, 0xC | 1, 1);
    unsigned c = 0;
    while (!t->pins.irq) {
        p_cycle(t);
        ck_assert_uint_lt(++c, 20000);
    }
    uint8_t dst[600];
    sparse_mem_read(t->mem[0], 0x30000, dst, sizeof dst);
    ck_assert_int_eq(memcmp(src, dst, sizeof src), 0);
    uint32_t st = p_rd(t, ETHOSU_STATUS, 1);
    ck_assert_uint_eq(st, 0x00420000u | ETHOSU_STATUS_IRQ_RAISED_MASK | ETHOSU_STATUS_CMD_END_REACHED_MASK);
    ck_assert_uint_eq(p_rd(t, ETHOSU_QREAD, 1), 4 * n);
    char desc[1024];
    t->dut->describe(t->dut, desc, sizeof desc);
    ck_assert_ptr_nonnull(strstr(desc, "stopped"));
    p_wr(t, ETHOSU_CMD, 0xC | ETHOSU_CMD_CLEAR_IRQ_MASK, 1);
    p_cycle(t);
    ck_assert_uint_eq(t->pins.irq, 0);

    ck_assert_int_eq(t->dut->waves_close(t->dut), 0);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text - 1, f);
    text[len] = 0;
    fclose(f);
    close(fd);
    unlink(path);
    static const char *const names[] = { " CLK ", " nRESET ", " PORPL ", " PORSL ", " IRQ ", " PSEL ",
                                         " PENABLE ", " PWRITE ", " PADDR ", " PWDATA ", " PSTRB ",
                                         " PPROT ", " PWAKEUP ", " PREADY ", " PRDATA ", " PSLVERR ",
                                         " AWVALIDM0 ", " AWADDRM0 ", " WDATAM0 ", " BRESPM0 ",
                                         " ARVALIDM1 ", " RDATAM1 ", " RREADYM1 ", " AWAKEUPM0 ",
                                         " AWAKEUPM1 ", " STATUS " };
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        ck_assert_msg(strstr(text, names[i]) != NULL, "no %s in the VCD", names[i]);
    t->waves = 0;
    p_close(t);
}
END_TEST

START_TEST(twin_pins_soft_reset_levels)
{
    struct ptb *t = p_open(0, 1);                         /* user, non-secure NPU */
    ck_assert_uint_eq(p_rd(t, ETHOSU_PROT, 2), 2u);       /* every PPROT permitted */
    ck_assert_uint_eq(p_rd(t, ETHOSU_ID, 0), 0x10066001u);
    p_wr(t, ETHOSU_LOCK, 9, 0);
    /* a privileged secure host resets it to privileged secure */
    p_wr(t, ETHOSU_RESET, 1, 1);
    ck_assert_uint_eq(p_rd(t, ETHOSU_STATUS, 1), ETHOSU_STATUS_RESET_STATUS_MASK);
    ck_assert_uint_eq(p_rd(t, ETHOSU_LOCK, 1), 0u);       /* other registers read 0 in reset */
    unsigned c = 0;
    while (p_rd(t, ETHOSU_STATUS, 1) & ETHOSU_STATUS_RESET_STATUS_MASK)
        ck_assert_uint_lt(++c, 100);
    ck_assert_uint_eq(p_rd(t, ETHOSU_PROT, 1), 1u);
    ck_assert_uint_eq(p_rd(t, ETHOSU_ID, 3), 0u);         /* non-secure hosts now refused */
    ck_assert_uint_eq(p_rd(t, ETHOSU_LOCK, 1), 0u);
    ck_assert_uint_eq(p_rd(t, ETHOSU_RESET, 1), 1u);
    /* nRESET brings back the PORPL/PORSL levels */
    t->pins.nreset = 0;
    p_cycle(t);
    t->pins.nreset = 1;
    ck_assert_uint_eq(p_rd(t, ETHOSU_PROT, 3), 2u);
    ck_assert_uint_eq(p_rd(t, ETHOSU_RESET, 3), 0u);
    p_close(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ethosu_cmdproc");
    TCase *tc = tcase_create("cmdproc");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, dma_copy_1d_and_stop);
    tcase_add_test(tc, dma_regions_and_stream_on_m1);
    tcase_add_test(tc, dma_2d_and_3d);
    tcase_add_test(tc, dma_queue_blocks_and_wait);
    tcase_add_test(tc, irq_history_and_ordering);
    tcase_add_test(tc, stop_then_resume);
    tcase_add_test(tc, end_of_stream_without_stop);
    tcase_add_test(tc, reserved_opcode_is_parse_error);
    tcase_add_test(tc, truncated_and_bad_format_are_parse_errors);
    tcase_add_test(tc, kernel_operation_computes);
    tcase_add_test(tc, kernel_wait_orders_a_dma_after_the_kernel);
    tcase_add_test(tc, malformed_kernel_operation_stops);
    tcase_add_test(tc, weight_stream_mismatch_stops_after_weights);
    tcase_add_test(tc, dma_to_shram_fills_the_lut);
    tcase_add_test(tc, u55_kernel_beyond_32_bits_refused);
    tcase_add_test(tc, u55_shram_and_lut_per_configuration);
    tcase_add_test(tc, u85_dma_strides_and_ext_writes);
    tcase_add_test(tc, other_command_set_named_in_parse_error);
    tcase_add_test(tc, u85_ofm_written_on_its_region_port);
    tcase_add_test(tc, slverr_on_ifm_read_and_ofm_write);
    tcase_add_test(tc, slverr_on_command_fetch);
    tcase_add_test(tc, decerr_on_command_fetch_m1);
    tcase_add_test(tc, slverr_on_dma_read_m1);
    tcase_add_test(tc, decerr_on_dma_write);
    tcase_add_test(tc, soft_reset_drains_then_clears);
    suite_add_tcase(s, tc);
    TCase *tp = tcase_create("twin_pins");
    tcase_set_timeout(tp, 60);
    tcase_add_test(tp, twin_pins_dma_irq_and_waves);
    tcase_add_test(tp, twin_pins_soft_reset_levels);
    suite_add_tcase(s, tp);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
