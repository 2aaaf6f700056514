/* copyeng_main: the copy engine's entry in the program's family registry
 * (main_family.h): copyeng/<name> sequences on its C twin; there is no
 * Verilated top, so DUT=rtl is refused. */
#include <stdio.h>
#include <string.h>
#include "copyeng_family.h"
#include "copyeng_seq.h"
#include "copyeng_twin.h"
#include "main_family.h"

static const struct copyeng_seq_test *test;

static void list_tests(void)
{
    printf("copy engine sequences (make sim TEST=copyeng/<name> DUT=twin):\n");
    for (unsigned i = 0; i < copyeng_seq_test_count; i++)
        printf("  copyeng/%-20s %s\n", copyeng_seq_tests[i]->name, copyeng_seq_tests[i]->summary);
}

static int prepare(struct sim_knobs *k, char *name, size_t len)
{
    test = copyeng_seq_find(k->test);
    if (!test) {
        fprintf(stderr, "sim: no copy-engine test named '%s' (`make sim TEST=list` lists them)\n", k->test);
        return 2;
    }
    snprintf(name, len, "copyeng/%s", test->name);
    return -1;
}

static struct dut *create_dut(const struct sim_knobs *k, char *err, unsigned len)
{
    if (!strcmp(k->dut, "rtl")) {
        snprintf(err, len, "the copy engine has no RTL (no Verilog stub, no Verilated top): run it with DUT=twin");
        return NULL;
    }
    return copyeng_twin_create(err, len);
}

static void print_dut(const struct dut *d)
{
    printf("dut: %s (%s), M %u-bit data, %u-bit address\n", d->top, d->kind, d->data_bytes * 8, d->addr_bits);
}

static int run(struct sim *s, const struct sim_knobs *k)
{
    struct seq_ctx ctx;
    main_seq_ctx_init(&ctx, s, k);
    return test->run(&ctx);
}

const struct main_family copyeng_main_family = {
    .prefix = "copyeng/", .sim = &copyeng_family, .list = list_tests, .prepare = prepare,
    .create_dut = create_dut, .print_dut = print_dut, .run = run,
};
