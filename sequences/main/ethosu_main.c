/* ethosu_main: Ethos-U65's entry in the program's family registry
 * (main_family.h): ethosu/<name> sequences on the twin or the Verilated
 * ethosu65 top. */
#include <stdio.h>
#include <string.h>
#include "ethosu_family.h"
#include "ethosu_seq.h"
#include "ethosu_twin.h"
#include "main_family.h"

static const struct ethosu_seq_test *test;   /* the run's */

static void list_tests(void)
{
    printf("ethos-u65 sequences (make sim TEST=ethosu/<name>):\n");
    for (unsigned i = 0; i < ethosu_seq_test_count; i++)
        printf("  ethosu/%-21s %s\n", ethosu_seq_tests[i]->name, ethosu_seq_tests[i]->summary);
}

static int prepare(struct sim_knobs *k, char *name, size_t len)
{
    test = ethosu_seq_find(k->test);
    if (!test) {
        fprintf(stderr, "sim: no Ethos-U65 test named '%s' (`make sim TEST=list` lists them)\n", k->test);
        return 2;
    }
    if (!k->max_cycles_given && test->watchdog > k->max_cycles)
        k->max_cycles = test->watchdog;   /* a long test's own budget, unless the user set one */
    snprintf(name, len, "ethosu/%s", test->name);
    return -1;
}

static struct dut *create_dut(const struct sim_knobs *k, char *err, unsigned len)
{
    if (!strcmp(k->dut, "rtl"))
        return ethosu_rtl_create(err, len);
    struct dut *d = ethosu_twin_create(err, len);
    if (d && k->ethosu_dump) {   /* ETHOSU_DUMP=1: each kernel operation's OFM in LOG_DIR/ops */
        char dir[1024];
        snprintf(dir, sizeof dir, "%s/ops", k->out_dir ? k->out_dir : ".");
        if (ethosu_twin_set_dump(d, dir)) {
            snprintf(err, len, "out of memory");
            d->destroy(d);
            return NULL;
        }
    }
    return d;
}

static void print_dut(const struct dut *d)
{
    printf("dut: %s (%s), M0/M1 %u-bit data, %u-bit address, PORPL=%d PORSL=%d\n", d->top, d->kind,
           d->data_bytes * 8, d->addr_bits, test->porpl, test->porsl);
}

/* the power-on security inputs, before the reset */
static void before_reset(struct sim *s)
{
    ethosu_sim_pins(s)->porpl = (uint8_t)test->porpl;
    ethosu_sim_pins(s)->porsl = (uint8_t)test->porsl;
}

static int run(struct sim *s, const struct sim_knobs *k)
{
    struct ethosu_seq_ctx ctx = {
        .env = &s->env, .regs = reg_port_apb(s->reg.apb), .apb = s->reg.apb, .mem = { s->axi[0].mem, s->axi[1].mem },
        .axi = { s->axi[0].bfm, s->axi[1].bfm }, .irq = &ethosu_sim_pins(s)->irq, .wd = ethosu_sim_wd(s),
        .seed = k->seed, .dut_kind = s->dut->kind, .out_dir = k->out_dir,
    };
    bfm_rng_seed(&ctx.rng, k->seed);
    return test->run(&ctx);
}

const struct main_family ethosu_main_family = {
    .prefix = "ethosu/",
    .sim = &ethosu_family,
    .list = list_tests,
    .prepare = prepare,
    .create_dut = create_dut,
    .print_dut = print_dut,
    .before_reset = before_reset,
    .run = run,
};
