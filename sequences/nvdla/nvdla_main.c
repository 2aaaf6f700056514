/* nvdla_main: NVDLA's entry in the program's family registry
 * (main_family.h): the sequences and nvdla/<name> traces (parsed, with
 * their memory images, before anything is built), on the twin of the run's
 * configuration or a Verilated NV_nvdla top. */
#include <stdio.h>
#include <string.h>
#include "main_family.h"
#include "nvdla_config.h"
#include "nvdla_family.h"
#include "nvdla_twin.h"
#include "nvdla_prog_check.h"
#include "nvdla_seq.h"
#include "nvdla_trace_gate.h"
#include "trace_parse.h"
#include "trace_run.h"

/* the run's test: a sequence, or a trace and what its gate found */
static const struct nvdla_seq_test *test;
static struct trace *trace;
static struct nvdla_trace_gate gate;

static void list_tests(void)
{
    printf("sequences:\n");
    for (unsigned i = 0; i < nvdla_seq_test_count; i++) {
        const struct nvdla_seq_test *t = nvdla_seq_tests[i];
        printf("  %-28s %s%s%s%s\n", t->name, t->summary, t->needs ? " [needs " : "", t->needs ? t->needs : "",
               t->needs ? "]" : "");
    }
}

/* The configuration's memory interface must be the top's: a user's nv_large
 * RTL run as nv_small would be judged by the wrong rules. */
static int check_dut_config(const struct dut *d, const struct nvdla_config *c, char *err, unsigned len)
{
    if (d->data_bytes * 8 != c->primary_memif_width || d->addr_bits != c->mem_address_width) {
        snprintf(err, len, "NVDLA_CONFIG=%s expects a %u-bit DBBIF with %u-bit addresses, but %s has %u-bit data "
                 "and %u-bit addresses: set NVDLA_CONFIG to the configuration of your RTL", c->name,
                 c->primary_memif_width, c->mem_address_width, d->top, d->data_bytes * 8, d->addr_bits);
        return -1;
    }
    unsigned sram_bits = (d->sram_data_bytes ? d->sram_data_bytes : d->data_bytes) * 8;
    int cfg_sram = nvdla_config_has(c, NVDLA_FEAT_SECONDARY_MEMIF);
    if (cfg_sram && !d->has_sramif) {
        snprintf(err, len, "NVDLA_CONFIG=%s has a %u-bit SRAMIF, but %s has no nvdla_core2cvsram_* port: set "
                 "NVDLA_CONFIG to the configuration of your RTL", c->name, c->secondary_memif_width, d->top);
        return -1;
    }
    if (cfg_sram && sram_bits != c->secondary_memif_width) {
        snprintf(err, len, "NVDLA_CONFIG=%s expects a %u-bit SRAMIF, but %s has %u-bit SRAMIF data: set "
                 "NVDLA_CONFIG to the configuration of your RTL", c->name, c->secondary_memif_width, d->top,
                 sram_bits);
        return -1;
    }
    return 0;
}

static int prepare(struct sim_knobs *k, char *name, size_t len)
{
    char err[2048] = "";
    test = NULL;
    trace = NULL;
    if (k->trace) {
        /* the whole trace and its memory images, before anything is built */
        struct trace_parse_opts po = { .allow_no_check = k->allow_no_check,
                                       .max_footprint = k->mem_limit ? k->mem_limit : SIM_DEFAULT_MEM_LIMIT };
        trace = trace_parse_with(k->trace, &po, err, sizeof err);
        if (!trace) {
            fprintf(stderr, "sim: %s%s\n", err, strstr(err, "no check_crc") ? " (ALLOW_NO_CHECK=1 runs it anyway)" : "");
            return 2;
        }
        snprintf(name, len, "%s%s", k->test ? "" : "nvdla/", k->test ? k->test : trace->name);
        k->test = name;
        return -1;
    }
    test = nvdla_seq_find(k->test);
    if (!test) {
        fprintf(stderr, "sim: no test named '%s' (`make sim TEST=list` lists the %u tests)\n", k->test,
                nvdla_seq_test_count);
        return 2;
    }
    if (nvdla_seq_check_config(test, nvdla_config_find(k->config), err, sizeof err)) {
        fprintf(stderr, "sim: %s\n", err);
        return 2;
    }
    snprintf(name, len, "%s", test->name);
    return -1;
}

static int trace_gate(struct sim_knobs *k, const char *name)
{
    memset(&gate, 0, sizeof gate);
    return trace ? nvdla_trace_gate(trace, k, name, &gate) : 0;
}

static struct dut *create_dut(const struct sim_knobs *k, char *err, unsigned len)
{
    const struct nvdla_config *cfg = nvdla_config_find(k->config);
    /* the twin has the port set its configuration has (SRAMIF=1 adds it to
     * one without, e.g. nv_small) */
    int twin_sramif = k->sramif || nvdla_config_has(cfg, NVDLA_FEAT_SECONDARY_MEMIF);
    return !strcmp(k->dut, "rtl") ? dut_rtl_create(nvdla_family.name, err, len)
                                  : dut_twin_create(&(struct dut_twin_opts){ twin_sramif, k->prog_warn, cfg }, err, len);
}

static int check_dut(const struct dut *d, const struct sim_knobs *k, char *err, unsigned len)
{
    return check_dut_config(d, nvdla_config_find(k->config), err, len) ||
           (trace && trace_check_dut(trace, d->addr_bits, d->has_sramif, err, len)) ? -1 : 0;
}

static void print_dut(const struct dut *d)
{
    printf("dut: %s (%s), DBBIF %u-bit data, %u-bit address", d->top, d->kind, d->data_bytes * 8, d->addr_bits);
    if (d->has_sramif)
        printf(", with SRAMIF (%u-bit data)", (d->sram_data_bytes ? d->sram_data_bytes : d->data_bytes) * 8);
    printf("\n");
}

static int run(struct sim *s, const struct sim_knobs *k)
{
    struct nvdla_seq_ctx ctx = {
        .csb = s->reg.csb, .check_unwritten = k->check_unwritten, .trace_path = trace ? trace->path : NULL,
        .absent = gate.absent[0] ? gate.absent : NULL, .prog_broken = gate.prog_broken[0] ? gate.prog_broken : NULL,
        .hw = nvdla_config_find(k->config),
    };
    main_seq_ctx_init(&ctx.seq, s, k);
    return trace ? trace_run(&ctx.seq, trace) : test->run(&ctx.seq);
}

static void end(void)
{
    trace_free(trace);
    trace = NULL;
}

/* a trace is NVDLA's whatever its name */
static int claims(const struct sim_knobs *k)
{
    return k->trace != NULL;
}

/* PROG_RULES=1: the programming rules, instead of a test */
static int command(const struct sim_knobs *k)
{
    if (!k->prog_rules)
        return -1;
    nvdla_prog_rules_print();
    return 0;
}

/* a configuration the user did not name: say where it came from */
static int explain_knob_error(const struct sim_knobs *k, const char *err)
{
    if (k->config_given || !strstr(err, "NVDLA_CONFIG="))
        return 0;
    fprintf(stderr, "sim: %s (nvdla_config=%s from %s; NVDLA_CONFIG=name overrides it)\n", err, k->config,
            k->config_from);
    return 1;
}

const struct main_family nvdla_main_family = {
    /* which runs: the default family (no prefix), and every trace whatever its name */
    .prefix = "", .claims = claims, .sim = &nvdla_family, .list = list_tests,
    /* its own commands (the programming rules) and where a knob's value came from */
    .command = command, .explain_knob_error = explain_knob_error,
    /* before the DUT: the test or trace found, the trace gated (units, rules) */
    .prepare = prepare, .gate = trace_gate,
    /* the DUT: twin, stub or the user's RTL, checked against the configuration */
    .create_dut = create_dut, .check_dut = check_dut, .print_dut = print_dut,
    /* the run, the hint on a failure, what it held */
    .run = run, .on_fail = nvdla_reset_hint, .end = end,
};
