/* ethosu_main: the Ethos-U family's entry in the program's family registry
 * (main_family.h): ethosu/<name> sequences on the twin or the Verilated
 * ethosu65 top, for the configuration ETHOSU_CONFIG names (the twin is set
 * to it; the stub is built for it). ethosu/network loads its folder
 * (NETWORK=) before anything runs, so a bad folder, a payload for another
 * product or configuration is refused up front
 * (exit 2, naming both), and runs on the payload's configuration when
 * ETHOSU_CONFIG is not given. */
#include <stdio.h>
#include <string.h>
#include "ethosu_family.h"
#include "ethosu_network.h"
#include "ethosu_payload.h"
#include "ethosu_reg_describe.h"
#include "ethosu_regs.h"
#include "ethosu_seq.h"
#include "ethosu_twin.h"
#include "main_family.h"
#include "sim_cli.h"

static const struct ethosu_seq_test *test;   /* the run's */
static struct ethosu_network network;        /* ethosu/network's folder */
static int have_network;
static int run_cfg = ETHOSU_CFG_DEFAULT;      /* the configuration the DUT is (enum ethosu_config_id) */

static int is_network_test(void)
{
    return test && !strcmp(test->name, "network");
}

/* the folder, and its payload's configuration against ETHOSU_CONFIG */
static int load_network(const struct sim_knobs *k)
{
    char err[2048];
    if (!k->network) {
        fprintf(stderr, "sim: ethosu/network needs NETWORK=<folder> (a folder holding <name>_vela.npz, "
                "input_<i>.npy and expected_<i>.npy)\n");
        return 2;
    }
    if (ethosu_network_load(&network, k->network, err, sizeof err)) {
        fprintf(stderr, "sim: %s\n", err);
        return 2;
    }
    have_network = 1;
    uint32_t word = network.payload.config;
    int cfg = ethosu_payload_config(word);
    char want[48], b1[24], b2[24];
    ethosu_payload_config_name(word, want, sizeof want);
    const char *product = ethosu_payload_product(word, b1, sizeof b1);
    if (cfg < 0) {
        fprintf(stderr, "sim: %s: its payload's CONFIG 0x%08x asks for %s (%s), which the Ethos-U twin and stub do not "
                "model (they are the %s configurations): compile it with --accelerator-config for one of them\n",
                network.npz_path, word, product, want, ETHOSU_CFG_NAMES);
        return 2;
    }
    if (k->network_config) {
        int given = ethosu_config_find(k->network_config);
        if (given != cfg) {
            const struct ethosu_config_desc *g = given >= 0 ? &ethosu_configs[given] : &ethosu_configs[ETHOSU_CFG_DEFAULT];
            fprintf(stderr, "sim: ETHOSU_CONFIG=%s, but %s was compiled for %s (its payload's CONFIG 0x%08x: an %s "
                    "payload; %s is an %s): compile it for %s, or leave ETHOSU_CONFIG out to run it on %s\n",
                    k->network_config, network.npz_path, want, word, product, k->network_config,
                    ethosu_payload_product(g->config_reset, b2, sizeof b2), k->network_config, want);
            return 2;
        }
    }
    run_cfg = cfg;
    return -1;
}

static void end(void)
{
    if (have_network)
        ethosu_network_free(&network);
    have_network = 0;
}

static void list_tests(void)
{
    printf("ethos-u65 sequences (make sim TEST=ethosu/<name>):\n");
    /* [needs ...]: what a run must be given; lists that run every test leave these out */
    for (unsigned i = 0; i < ethosu_seq_test_count; i++) {
        const char *name = ethosu_seq_tests[i]->name;
        printf("  ethosu/%-21s %s%s\n", name, ethosu_seq_tests[i]->summary,
               !strcmp(name, "network")       ? " [needs NETWORK=<folder>]"
               : !strcmp(name, "armdrv_init") ? " [needs DRIVER=arm: make ethosu-driver]"
                                              : "");
    }
}

static int prepare(struct sim_knobs *k, char *name, size_t len)
{
    test = ethosu_seq_find(k->test);
    if (!test) {
        fprintf(stderr, "sim: no Ethos-U test named '%s' (`make sim TEST=list` lists them)\n", k->test);
        return 2;
    }
    if (!k->max_cycles_given && test->watchdog > k->max_cycles)
        k->max_cycles = test->watchdog;   /* a long test's own budget, unless the user set one */
    snprintf(name, len, "ethosu/%s", test->name);
    if (k->network_config) {
        int cfg = ethosu_config_find(k->network_config);
        if (cfg < 0) {   /* the knob table checks the choices; kept for a direct call */
            fprintf(stderr, "sim: ETHOSU_CONFIG=%s: not one of %s\n", k->network_config, ETHOSU_CFG_NAMES);
            return 2;
        }
        run_cfg = cfg;
    }
    return is_network_test() ? load_network(k) : -1;
}

/* The shipped stub moves data but does not compute: a network on it is
 * skipped with the reason; a user's RTL (RTL_FILES) runs it. */
static int gate(struct sim_knobs *k, const char *name)
{
    const struct sim_rtl_origin *o = sim_rtl_origin();
    const char *why = ethosu_seq_skip(test, run_cfg, k->dut, o && o->files[0]);
    if (why) {   /* the test does not apply to this configuration and DUT */
        printf("SKIP: %s on %s%s, %s: %s\n", name, k->dut, sim_harness_note(), ethosu_configs[run_cfg].name, why);
        fflush(stdout);
        return SIM_EXIT_SKIP;
    }
    if (!is_network_test() || strcmp(k->dut, "rtl") || (o && o->files[0]))
        return 0;
    printf("SKIP: %s on rtl%s: the shipped Ethos-U65 stub (rtl_stubs/ethosu65) does not compute kernel "
           "operations; RTL_FILES=... runs it on your Ethos-U65 RTL\n", name, sim_harness_note());
    fflush(stdout);
    return SIM_EXIT_SKIP;
}

static struct dut *create_dut(const struct sim_knobs *k, char *err, unsigned len)
{
    ethosu_reg_describe_set_product(ethosu_configs[run_cfg].product);   /* the log's register names */
    if (!strcmp(k->dut, "rtl"))
        return dut_rtl_create(ethosu_family.name, err, len);
    struct dut *d = ethosu_twin_create(err, len);
    if (d && ethosu_twin_set_config(d, run_cfg)) {
        snprintf(err, len, "the twin cannot be set to configuration %d", run_cfg);
        d->destroy(d);
        return NULL;
    }
    if (d && k->ops_dump) {   /* ETHOSU_DUMP=1: each kernel operation's OFM in LOG_DIR/ops */
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
    printf("dut: %s (%s), %s, M0/M1 %u-bit data, %u-bit address, PORPL=%d PORSL=%d\n", d->top, d->kind,
           ethosu_configs[run_cfg].name, d->data_bytes * 8, d->addr_bits, test->porpl, test->porsl);
    if (have_network)
        printf("network: %s: %zu command words, %zu weight bytes (region %u), scratch %llu bytes (region %u), fast "
               "scratch %llu bytes (region %u), %u input%s, %u output%s, compiled for %s\n",
               network.npz_path, network.payload.cmd_words, network.weight_len, network.weight_region,
               (unsigned long long)network.scratch_size, network.scratch_region,
               (unsigned long long)network.scratch_fast_size, network.scratch_fast_region, network.n_inputs,
               network.n_inputs == 1 ? "" : "s", network.n_outputs, network.n_outputs == 1 ? "" : "s", ethosu_configs[run_cfg].name);
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
        .apb = s->reg.apb, .axi = { s->axi[0].bfm, s->axi[1].bfm }, .wd = ethosu_sim_wd(s),
        .net = have_network ? &network : NULL, .cfg = run_cfg,
        .driver_arm = k->driver && !strcmp(k->driver, "arm"), .driver_pprot = (uint8_t)k->driver_pprot,
        .twin = s->dut && s->dut->kind && !strcmp(s->dut->kind, "twin"),
    };
    main_seq_ctx_init(&ctx.seq, s, k);
    int rc = test->run(&ctx);
    return rc == ETHOSU_SEQ_REFUSED ? MAIN_RUN_REFUSED : rc;
}

const struct main_family ethosu_main_family = {
    /* which runs: ethosu/<name> tests */
    .prefix = "ethosu/", .sim = &ethosu_family, .list = list_tests,
    /* before the DUT: the test (or network) found; a network skipped on the stub */
    .prepare = prepare, .gate = gate,
    /* the DUT: twin or the Verilated stub */
    .create_dut = create_dut, .print_dut = print_dut, .before_reset = before_reset,
    /* the run and what it held */
    .run = run, .end = end, .pass_word = ethosu_network_pass_word,
};
