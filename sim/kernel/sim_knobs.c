/* sim_knobs: see sim_knobs.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "nvdla_config.h"
#include "sim_knobs.h"

void sim_knobs_default(struct sim_knobs *k)
{
    memset(k, 0, sizeof *k);
    k->dut = "twin";
    k->rd_lat_min = k->rd_lat_max = 4;
    k->wr_lat = 2;
    k->axi_outstanding = 16;
    k->max_cycles = SIM_DEFAULT_MAX_CYCLES;
    k->waves_to = UINT64_MAX;
    k->out_dir = ".";
    k->reset_cycles = SIM_DEFAULT_RESET_CYCLES;
    k->reset_idle = SIM_DEFAULT_RESET_IDLE;
    k->nvdla_config = "nv_small";
    k->nvdla_config_from = "default";
    k->clock_ps = SIM_DEFAULT_CLOCK_PS;
}

void sim_knobs_usage(const char *prog)
{
    printf("usage: %s --test NAME [options]\n"
           "       %s --trace PATH [--test NAME] [options]\n"
           "Runs one sequence, or one NVDLA trace, against the DUT with the CSB and AXI BFMs.\n\n"
           "  --test NAME          sequence to run (--list shows them); with --trace, the name shown\n"
           "  --trace PATH         run an NVDLA trace: a .cfg file, or a directory holding one\n"
           "  --list               list the sequences and exit\n"
           "  --prog-rules         print the register-programming rules (Markdown) and exit\n"
           "  --dut rtl|twin       device under test (this binary may hold only the twin)\n"
           "  --seed N             seed for every random choice (default: from the clock, printed)\n"
           "  --axi-stall PCT      random stall percentage on every AXI channel (0..100, default 0)\n"
           "  --rd-latency MIN[:MAX]  AXI read latency in cycles (default 4)\n"
           "  --wr-latency N       cycles from last W beat to B (default 2)\n"
           "  --axi-outstanding N  bursts the memory accepts per direction (1..256, default 16)\n"
           "  --axi-reorder 0|1    return read bursts of different IDs out of order\n"
           "  --csb-gap MIN[:MAX]  idle cycles between CSB requests (default 0)\n"
           "  --nposted 0|1        CSB writes non-posted (wait for wr_complete)\n"
           "  --max-cycles N       watchdog limit (default 2000000)\n"
           "  --waves PATH         write a VCD of the pins (and RTL internals)\n"
           "  --waves-gz           gzip the VCD through zlib\n"
           "  --waves-fst          write FST instead of VCD\n"
           "  --waves-on-fail N    no dump while passing; on a failure at cycle F, rerun and dump cycles F-N..F\n"
           "  --clock-period NS    clock period in ns (default 10): the time base of dumps and harnesses\n"
           "  --waves-from N / --waves-to N  cycle window of the VCD\n"
           "  --sramif             twin: present the SRAMIF port set\n"
           "  --inject RULE        inject a protocol fault (see --inject list)\n"
           "  --reset-cycles N     cycles reset is held (default %u)\n"
           "  --reset-idle N       idle cycles after reset release before the first request (default %u)\n"
           "  +name[=value]        a plusarg for the Verilated model ($test$plusargs/$value$plusargs)\n"
           "  --nvdla-config NAME  NVDLA hardware configuration: which units exist (default nv_small)\n"
           "  --run-absent 0|1     run a trace that needs a unit the configuration leaves out\n"
           "  --prog-check error|warn  a layer breaking a programming rule fails the run (error) or warns\n"
           "  --allow-no-check 0|1 run a trace that has no check_crc (it compares nothing)\n"
           "  --axi-max-wait N     AXI checkers: ready within N cycles, every burst answered within N (0 off)\n"
           "  --reg-max-wait N     CSB/APB checkers: the same bound on the register bus (0 off)\n"
           "  --mem-limit BYTES[K|M|G]  a trace's memory per memory interface (default 4G)\n"
           "  --out-dir DIR        where output dumps go (default .)\n"
           "  -v, --verbose        log transactions (twice: every beat)\n"
           "  -h, --help           this text\n", prog, prog, SIM_DEFAULT_RESET_CYCLES,
           SIM_DEFAULT_RESET_IDLE);
}

static int parse_u64(const char *prog, const char *opt, const char *s, uint64_t lo, uint64_t hi,
                     uint64_t *out)
{
    char *end;
    errno = 0;
    /* strtoull would skip blanks and negate a sign: only digits may start */
    if (!s || *s < '0' || *s > '9') {
        fprintf(stderr, "%s: %s needs a non-negative number, got '%s'\n", prog, opt, s ? s : "");
        return -1;
    }
    /* decimal, or hex with 0x: a leading 0 is no octal prefix (010 is ten) */
    int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    unsigned long long v = strtoull(hex ? s + 2 : s, &end, hex ? 16 : 10);
    if (hex && !s[2])
        end = (char *)s + 1;   /* "0x" alone is no number */
    if (errno || *end) {
        fprintf(stderr, "%s: %s: '%s' is not a number\n", prog, opt, s);
        return -1;
    }
    if (v < lo || v > hi) {
        fprintf(stderr, "%s: %s: %llu is out of range %" PRIu64 "..%" PRIu64 "\n", prog, opt, v, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* nanoseconds with up to three decimals ("10", "2.5") -> picoseconds */
static int parse_period(const char *prog, const char *s, uint64_t *ps)
{
    char buf[32];
    const char *dot = s ? strchr(s, '.') : NULL;
    size_t ni = dot ? (size_t)(dot - s) : (s ? strlen(s) : 0);
    size_t nf = dot ? strlen(dot + 1) : 0;
    uint64_t whole = 0, frac = 0;
    if (!s || !ni || ni >= sizeof buf || (dot && (!nf || nf > 3))) {
        fprintf(stderr, "%s: CLOCK_PERIOD needs nanoseconds like 10 or 2.5, got '%s'\n", prog, s ? s : "");
        return -1;
    }
    memcpy(buf, s, ni);
    buf[ni] = 0;
    if (parse_u64(prog, "CLOCK_PERIOD", buf, 0, 1000000000, &whole))
        return -1;
    if (dot) {
        snprintf(buf, sizeof buf, "%s00", dot + 1);   /* three digits */
        buf[3] = 0;
        if (parse_u64(prog, "CLOCK_PERIOD", buf, 0, 999, &frac))
            return -1;
    }
    *ps = whole * 1000 + frac;
    if (*ps < 2 || *ps % 2) {
        fprintf(stderr, "%s: CLOCK_PERIOD %s ns: the half period must be a whole number of picoseconds\n", prog, s);
        return -1;
    }
    return 0;
}

/* BYTES, or a number with K, M or G (binary units) */
static int parse_size(const char *prog, const char *opt, const char *s, uint64_t *out)
{
    char buf[64];
    size_t n = s ? strlen(s) : 0;
    if (!n || n >= sizeof buf) {
        fprintf(stderr, "%s: %s needs a size like 512M or 4G, got '%s'\n", prog, opt, s ? s : "");
        return -1;
    }
    memcpy(buf, s, n + 1);
    unsigned shift = 0;
    char *u = &buf[n - 1];
    if (*u == 'K' || *u == 'k')
        shift = 10;
    else if (*u == 'M' || *u == 'm')
        shift = 20;
    else if (*u == 'G' || *u == 'g')
        shift = 30;
    if (shift)
        *u = 0;
    uint64_t v;
    if (parse_u64(prog, opt, buf, 1, UINT64_MAX >> shift, &v))
        return -1;
    *out = v << shift;
    return 0;
}

static int parse_uint(const char *prog, const char *opt, const char *s, unsigned lo, unsigned hi,
                      unsigned *out)
{
    uint64_t v;
    if (parse_u64(prog, opt, s, lo, hi, &v))
        return -1;
    *out = (unsigned)v;
    return 0;
}

static int parse_range(const char *prog, const char *opt, const char *s, unsigned *lo, unsigned *hi)
{
    char buf[64];
    if (!s || strlen(s) >= sizeof buf) {
        fprintf(stderr, "%s: %s needs MIN or MIN:MAX\n", prog, opt);
        return -1;
    }
    strcpy(buf, s);
    char *colon = strchr(buf, ':');
    if (colon)
        *colon = 0;
    if (parse_uint(prog, opt, buf, 0, 100000, lo))
        return -1;
    *hi = *lo;
    if (colon && parse_uint(prog, opt, colon + 1, 0, 100000, hi))
        return -1;
    if (*hi < *lo) {
        fprintf(stderr, "%s: %s: MAX %u is below MIN %u\n", prog, opt, *hi, *lo);
        return -1;
    }
    return 0;
}

static int parse_bool(const char *prog, const char *opt, const char *s, int *out)
{
    unsigned v;
    if (parse_uint(prog, opt, s, 0, 1, &v))
        return -1;
    *out = (int)v;
    return 0;
}

int sim_knobs_parse(struct sim_knobs *k, int argc, char **argv)
{
    const char *prog = "sim";
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int used = 1;   /* takes a value */
        if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
            sim_knobs_usage(argv[0]);
            return 1;
        } else if (!strcmp(o, "--list")) {
            k->list = 1;
            used = 0;
        } else if (!strcmp(o, "--prog-rules")) {
            k->prog_rules = 1;
            used = 0;
        } else if (!strcmp(o, "-v") || !strcmp(o, "--verbose")) {
            k->verbose++;
            used = 0;
        } else if (!strcmp(o, "--waves-gz")) {
            k->waves_gz = 1;
            used = 0;
        } else if (!strcmp(o, "--sramif")) {
            k->sramif = 1;
            used = 0;
        } else if (!strcmp(o, "--waves-fst")) {
            k->waves_fst = 1;
            used = 0;
        } else if (o[0] == '+') {
            if (!o[1]) {
                fprintf(stderr, "%s: PLUSARGS: '+' alone names no plusarg\n", prog);
                return -1;
            }
            if (k->n_plusargs == SIM_MAX_PLUSARGS) {
                fprintf(stderr, "%s: PLUSARGS: more than %d plusargs\n", prog, SIM_MAX_PLUSARGS);
                return -1;
            }
            k->plusargs[k->n_plusargs++] = o;
            used = 0;
        } else if (!v) {
            fprintf(stderr, "%s: %s needs a value\n", prog, o);
            return -1;
        } else if (!strcmp(o, "--test")) {
            k->test = v;
        } else if (!strcmp(o, "--trace")) {
            k->trace = v;
        } else if (!strcmp(o, "--dut")) {
            if (strcmp(v, "rtl") && strcmp(v, "twin")) {
                fprintf(stderr, "%s: --dut must be rtl or twin, got '%s'\n", prog, v);
                return -1;
            }
            k->dut = v;
        } else if (!strcmp(o, "--seed")) {
            if (parse_u64(prog, o, v, 0, UINT64_MAX, &k->seed))
                return -1;
            k->seed_given = 1;
        } else if (!strcmp(o, "--axi-stall")) {
            if (parse_uint(prog, o, v, 0, 100, &k->axi_stall))
                return -1;
            if (k->axi_stall == 100) {
                fprintf(stderr, "%s: --axi-stall 100 would stall forever; use 0..99\n", prog);
                return -1;
            }
        } else if (!strcmp(o, "--rd-latency")) {
            if (parse_range(prog, o, v, &k->rd_lat_min, &k->rd_lat_max))
                return -1;
        } else if (!strcmp(o, "--wr-latency")) {
            if (parse_uint(prog, o, v, 0, 100000, &k->wr_lat))
                return -1;
        } else if (!strcmp(o, "--axi-outstanding")) {
            if (parse_uint(prog, o, v, 1, 256, &k->axi_outstanding))
                return -1;
        } else if (!strcmp(o, "--axi-reorder")) {
            if (parse_bool(prog, o, v, &k->axi_reorder))
                return -1;
        } else if (!strcmp(o, "--csb-gap")) {
            if (parse_range(prog, o, v, &k->csb_gap_min, &k->csb_gap_max))
                return -1;
        } else if (!strcmp(o, "--nposted")) {
            if (parse_bool(prog, o, v, &k->nposted))
                return -1;
        } else if (!strcmp(o, "--max-cycles")) {
            k->max_cycles_given = 1;
            if (parse_u64(prog, o, v, 1, UINT64_MAX, &k->max_cycles))
                return -1;
        } else if (!strcmp(o, "--waves")) {
            k->waves = v;
        } else if (!strcmp(o, "--waves-from")) {
            if (parse_u64(prog, o, v, 0, UINT64_MAX, &k->waves_from))
                return -1;
        } else if (!strcmp(o, "--waves-to")) {
            if (parse_u64(prog, o, v, 0, UINT64_MAX, &k->waves_to))
                return -1;
        } else if (!strcmp(o, "--inject")) {
            k->inject = v;
        } else if (!strcmp(o, "--out-dir")) {
            k->out_dir = v;
        } else if (!strcmp(o, "--reset-cycles")) {
            if (parse_uint(prog, o, v, 1, 1000000, &k->reset_cycles))
                return -1;
        } else if (!strcmp(o, "--reset-idle")) {
            if (parse_uint(prog, o, v, 0, 1000000, &k->reset_idle))
                return -1;
        } else if (!strcmp(o, "--nvdla-config")) {
            if (!nvdla_config_find(v)) {
                char names[256];
                nvdla_config_names(names, sizeof names);
                fprintf(stderr, "%s: NVDLA_CONFIG: unknown configuration '%s' (one of %s)\n", prog, v, names);
                return -1;
            }
            k->nvdla_config = v;
            k->nvdla_config_given = 1;
            k->nvdla_config_from = "NVDLA_CONFIG";
        } else if (!strcmp(o, "--prog-check")) {
            if (strcmp(v, "error") && strcmp(v, "warn")) {
                fprintf(stderr, "%s: PROG_CHECK must be error or warn, got '%s'\n", prog, v);
                return -1;
            }
            k->prog_warn = !strcmp(v, "warn");
        } else if (!strcmp(o, "--clock-period")) {
            if (parse_period(prog, v, &k->clock_ps))
                return -1;
        } else if (!strcmp(o, "--waves-on-fail")) {
            if (parse_u64(prog, o, v, 0, UINT64_MAX, &k->waves_on_fail))
                return -1;
        } else if (!strcmp(o, "--axi-max-wait")) {
            if (parse_u64(prog, o, v, 0, UINT64_MAX, &k->axi_max_wait))
                return -1;
        } else if (!strcmp(o, "--reg-max-wait")) {
            if (parse_u64(prog, o, v, 0, UINT64_MAX, &k->reg_max_wait))
                return -1;
        } else if (!strcmp(o, "--allow-no-check")) {
            if (parse_bool(prog, o, v, &k->allow_no_check))
                return -1;
        } else if (!strcmp(o, "--mem-limit")) {
            if (parse_size(prog, "MEM_LIMIT", v, &k->mem_limit))
                return -1;
        } else if (!strcmp(o, "--run-absent")) {
            if (parse_bool(prog, o, v, &k->run_absent))
                return -1;
        } else {
            fprintf(stderr, "%s: unknown option '%s' (see --help)\n", prog, o);
            return -1;
        }
        i += used;
    }
    if (k->waves_on_fail && k->waves) {
        fprintf(stderr, "%s: WAVES_ON_FAIL dumps only when the run fails, WAVES always: give one\n", prog);
        return -1;
    }
    if (k->waves_fst && k->waves_gz) {
        fprintf(stderr, "%s: --waves-fst and --waves-gz: FST is compressed already\n", prog);
        return -1;
    }
    if (k->waves_to < k->waves_from) {
        fprintf(stderr, "%s: --waves-to %" PRIu64 " is before --waves-from %" PRIu64 "\n",
                prog, k->waves_to, k->waves_from);
        return -1;
    }
    if (!k->test && !k->trace && !k->list && !k->prog_rules) {
        fprintf(stderr, "%s: no test given (--test NAME, --trace PATH, or --list)\n", prog);
        return -1;
    }
    return 0;
}

int sim_knobs_check(const struct sim_knobs *k, char *err, size_t len)
{
    int ethosu = !k->trace && k->test && !strncmp(k->test, "ethosu/", 7);
    if (k->n_plusargs && strcmp(k->dut, "rtl"))
        snprintf(err, len, "PLUSARGS: the %s is C and reads no plusargs; they go to a Verilated model (DUT=rtl)",
                 k->dut);
    else if (ethosu && (k->nvdla_config_given || k->run_absent))
        snprintf(err, len, "%s: ethosu/* tests run the Ethos-U65, which has one configuration",
                 k->nvdla_config_given ? "NVDLA_CONFIG" : "RUN_ABSENT");
    else if (ethosu && k->nposted)
        snprintf(err, len, "NPOSTED: the Ethos-U65's register port is APB, which has no posted writes");
    else if (ethosu && k->sramif)
        snprintf(err, len, "SRAMIF: the Ethos-U65 has no SRAMIF (its memory ports are M0 and M1)");
    else if (!ethosu && k->sramif && !strcmp(k->dut, "rtl"))
        snprintf(err, len, "SRAMIF: the Verilated top decides whether the SRAMIF port set exists (the stub's "
                 "NV_nvdla_sramif has it: RTL_TOP=NV_nvdla_sramif); SRAMIF=1 is for the twin");
    else if ((ethosu || !k->trace) && (k->allow_no_check || k->mem_limit))
        snprintf(err, len, "%s: only NVDLA traces are parsed for their checks and memory footprint; %s is not a "
                 "trace", k->allow_no_check ? "ALLOW_NO_CHECK" : "MEM_LIMIT", k->test ? k->test : "-");
    else if (ethosu && k->prog_warn)
        snprintf(err, len, "PROG_CHECK: the programming checker knows NVDLA layers; ethosu/* tests have none");
    else if (!ethosu && !k->trace && k->prog_warn && !strcmp(k->dut, "rtl"))
        snprintf(err, len, "PROG_CHECK: a sequence on RTL is not checked (the checker runs in the twin and in the "
                 "trace runner); use DUT=twin or a trace");
    else if (!ethosu && !k->trace && k->run_absent)
        snprintf(err, len, "RUN_ABSENT: only NVDLA traces are checked for units the configuration leaves out; "
                 "%s is a sequence", k->test ? k->test : "-");
    else
        return 0;
    return -1;
}

void sim_knobs_print(const struct sim_knobs *k)
{
    char conf_why[160];
    if (k->nvdla_config_conflict[0])
        snprintf(conf_why, sizeof conf_why, "from %s; warning: the trace folder names %s", k->nvdla_config_from,
                 k->nvdla_config_conflict);
    else if (strcmp(k->nvdla_config_from, "default"))
        snprintf(conf_why, sizeof conf_why, "from %s", k->nvdla_config_from);
    else
        snprintf(conf_why, sizeof conf_why, "default");
    printf("knobs: test=%s dut=%s seed=%" PRIu64 " axi_stall=%u rd_latency=%u:%u wr_latency=%u "
           "axi_outstanding=%u axi_reorder=%d csb_gap=%u:%u nposted=%d max_cycles=%" PRIu64
           " reset_cycles=%u reset_idle=%u axi_max_wait=%" PRIu64 " reg_max_wait=%" PRIu64 " nvdla_config=%s (%s)%s%s%s%s%s%s",
           k->test ? k->test : "-", k->dut, k->seed, k->axi_stall, k->rd_lat_min, k->rd_lat_max, k->wr_lat,
           k->axi_outstanding, k->axi_reorder, k->csb_gap_min, k->csb_gap_max, k->nposted,
           k->max_cycles, k->reset_cycles, k->reset_idle, k->axi_max_wait, k->reg_max_wait, k->nvdla_config, conf_why,
           k->run_absent ? " run_absent=1" : "", k->prog_warn ? " prog_check=warn" : "",
           k->inject ? " inject=" : "", k->inject ? k->inject : "",
           k->trace ? " trace=" : "", k->trace ? k->trace : "");
    for (unsigned i = 0; i < k->n_plusargs; i++)
        printf("%s%s", i ? " " : " plusargs=", k->plusargs[i]);
    printf("\n");
}

/* A binary without RTL (the twin's, the TLM platform's) has no origin; a
 * Verilated simulator links scripts/build/rtl_build.sh's strong definition. */
__attribute__((weak)) const struct sim_rtl_origin *sim_rtl_origin(void)
{
    return NULL;
}

static void put(char *buf, size_t len, size_t *at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t len, size_t *at, const char *fmt, ...)
{
    if (*at >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *at, len - *at, fmt, ap);
    va_end(ap);
    if (n > 0)
        *at += (size_t)n;
}

void sim_shell_quote(char *buf, size_t len, size_t *at, const char *s)
{
    int plain = *s != 0;
    for (const char *c = s; *c; c++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=+,-@%", *c))
            plain = 0;
    if (plain) {
        put(buf, len, at, "%s", s);
        return;
    }
    put(buf, len, at, "'");
    for (const char *c = s; *c; c++)
        if (*c == '\'')
            put(buf, len, at, "'\\''");
        else
            put(buf, len, at, "%c", *c);
    put(buf, len, at, "'");
}

static void put_knob(char *buf, size_t len, size_t *at, const char *name, const char *value)
{
    put(buf, len, at, " %s=", name);
    sim_shell_quote(buf, len, at, value);
}

void sim_knobs_reproduce(const struct sim_knobs *k, const char *harness, char *buf, size_t len)
{
    struct sim_knobs d;
    sim_knobs_default(&d);
    char v[256];
    size_t at = 0;
    buf[0] = 0;
    put(buf, len, &at, "make sim");
    if (k->trace) {
        put_knob(buf, len, &at, "TRACE", k->trace);
    } else {
        put_knob(buf, len, &at, "TEST", k->test ? k->test : "");
    }
    put(buf, len, &at, " DUT=%s", k->dut);
    if (harness && strcmp(harness, "c"))
        put(buf, len, &at, " HARNESS=%s", harness);
    put(buf, len, &at, " SEED=%" PRIu64, k->seed);
    if (k->axi_stall != d.axi_stall)
        put(buf, len, &at, " AXI_STALL=%u", k->axi_stall);
    if (k->rd_lat_min != d.rd_lat_min || k->rd_lat_max != d.rd_lat_max) {
        if (k->rd_lat_min == k->rd_lat_max)
            put(buf, len, &at, " RD_LATENCY=%u", k->rd_lat_min);
        else
            put(buf, len, &at, " RD_LATENCY=%u:%u", k->rd_lat_min, k->rd_lat_max);
    }
    if (k->wr_lat != d.wr_lat)
        put(buf, len, &at, " WR_LATENCY=%u", k->wr_lat);
    if (k->axi_outstanding != d.axi_outstanding)
        put(buf, len, &at, " AXI_OUTSTANDING=%u", k->axi_outstanding);
    if (k->axi_reorder != d.axi_reorder)
        put(buf, len, &at, " AXI_REORDER=%d", k->axi_reorder);
    if (k->csb_gap_min != d.csb_gap_min || k->csb_gap_max != d.csb_gap_max) {
        if (k->csb_gap_min == k->csb_gap_max)
            put(buf, len, &at, " CSB_GAP=%u", k->csb_gap_min);
        else
            put(buf, len, &at, " CSB_GAP=%u:%u", k->csb_gap_min, k->csb_gap_max);
    }
    if (k->nposted != d.nposted)
        put(buf, len, &at, " NPOSTED=%d", k->nposted);
    /* a test may raise its own watchdog: only a limit the user set */
    if (k->max_cycles_given)
        put(buf, len, &at, " MAX_CYCLES=%" PRIu64, k->max_cycles);
    if (k->reset_cycles != d.reset_cycles)
        put(buf, len, &at, " RESET_CYCLES=%u", k->reset_cycles);
    if (k->reset_idle != d.reset_idle)
        put(buf, len, &at, " RESET_IDLE=%u", k->reset_idle);
    if (k->sramif)
        put(buf, len, &at, " SRAMIF=1");
    if (k->inject)
        put_knob(buf, len, &at, "INJECT", k->inject);
    /* also one taken from the trace folder: the line then reproduces the run
     * wherever the trace is moved */
    if (k->nvdla_config_given || strcmp(k->nvdla_config, d.nvdla_config))
        put_knob(buf, len, &at, "NVDLA_CONFIG", k->nvdla_config);
    if (k->run_absent)
        put(buf, len, &at, " RUN_ABSENT=1");
    if (k->prog_warn)
        put(buf, len, &at, " PROG_CHECK=warn");
    if (k->allow_no_check)
        put(buf, len, &at, " ALLOW_NO_CHECK=1");
    if (k->axi_max_wait)
        put(buf, len, &at, " AXI_MAX_WAIT=%" PRIu64, k->axi_max_wait);
    if (k->reg_max_wait)
        put(buf, len, &at, " REG_MAX_WAIT=%" PRIu64, k->reg_max_wait);
    if (k->mem_limit)
        put(buf, len, &at, " MEM_LIMIT=%" PRIu64, k->mem_limit);
    if (k->n_plusargs) {
        size_t n = 0;
        v[0] = 0;
        for (unsigned i = 0; i < k->n_plusargs && n < sizeof v; i++)
            n += (size_t)snprintf(v + n, sizeof v - n, "%s%s", i ? " " : "", k->plusargs[i]);
        put_knob(buf, len, &at, "PLUSARGS", v);
    }
    if (k->clock_ps != d.clock_ps)
        put(buf, len, &at, " CLOCK_PERIOD=%" PRIu64 ".%03" PRIu64, k->clock_ps / 1000, k->clock_ps % 1000);
    if (k->waves_on_fail)
        put(buf, len, &at, " WAVES_ON_FAIL=%" PRIu64, k->waves_on_fail);
    if (k->waves) {
        put(buf, len, &at, " WAVES=%s", k->waves_fst ? "fst" : k->waves_gz ? "gz" : "1");
        if (k->waves_from != d.waves_from)
            put(buf, len, &at, " WAVES_FROM=%" PRIu64, k->waves_from);
        if (k->waves_to != d.waves_to)
            put(buf, len, &at, " WAVES_TO=%" PRIu64, k->waves_to);
    }
    if (k->verbose)
        put(buf, len, &at, " VERBOSE=%d", k->verbose);
    const struct sim_rtl_origin *o = sim_rtl_origin();
    if (o && !strcmp(k->dut, "rtl")) {
        if (o->files[0])
            put_knob(buf, len, &at, "RTL_FILES", o->files);
        if (o->top[0])
            put_knob(buf, len, &at, "RTL_TOP", o->top);
        if (o->flags[0])
            put_knob(buf, len, &at, "RTL_FLAGS", o->flags);
        if (o->verilator && o->verilator[0])
            put_knob(buf, len, &at, "RTL_VERILATOR", o->verilator);
    }
#if defined(__SANITIZE_ADDRESS__)
    put(buf, len, &at, " SAN=1");
#endif
    if (at >= len && len > 4)
        strcpy(buf + len - 4, "...");
}

/* The configuration a folder name gives: the name itself, exactly. */
static const struct nvdla_config *config_named(const char *dir, size_t n)
{
    char name[64];
    if (!n || n >= sizeof name)
        return NULL;
    memcpy(name, dir, n);
    name[n] = 0;
    return nvdla_config_find(name);
}

/* p made absolute (from the working directory) with "." and ".."
 * components resolved by name. */
static void absolute_path(const char *p, char *out, size_t len)
{
    char in[4096] = "";
    if (p[0] != '/' && !getcwd(in, sizeof in))
        in[0] = 0;
    size_t il = strlen(in);
    snprintf(in + il, sizeof in - il, "/%s", p);
    size_t n = 0;
    out[0] = 0;
    for (char *save = NULL, *c = strtok_r(in, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
        if (!strcmp(c, "."))
            continue;
        if (!strcmp(c, "..")) {
            while (n > 0 && out[n - 1] != '/')
                n--;
            if (n > 0)
                n--;        /* the slash before the dropped component */
            out[n] = 0;
            continue;
        }
        int w = snprintf(out + n, n < len ? len - n : 0, "/%s", c);
        if (w < 0 || n + (size_t)w >= len)
            break;
        n += (size_t)w;
    }
    if (!n)
        snprintf(out, len, "/");
}

void sim_knobs_config_from_trace(struct sim_knobs *k)
{
    if (!k->trace)
        return;
    /* absolute, without "." and "..": TRACE=. inside a trace folder names
     * it too (the names as written: symbolic links are not followed) */
    char path[4096];
    absolute_path(k->trace, path, sizeof path);
    struct stat st;
    if (stat(k->trace, &st) == 0 && !S_ISDIR(st.st_mode)) {
        char *slash = strrchr(path, '/');
        if (slash)
            *slash = 0;
        else
            snprintf(path, sizeof path, ".");
    }
    /* the trace's own folder, then the folder holding it; no further up,
     * where a checkout's own path could name a configuration by chance */
    const struct nvdla_config *found = NULL;
    for (int level = 0; level < 2 && !found; level++) {
        size_t n = strlen(path);
        while (n > 1 && path[n - 1] == '/')
            path[--n] = 0;
        char *slash = strrchr(path, '/');
        const char *base = slash ? slash + 1 : path;
        found = config_named(base, strlen(base));
        if (!slash || slash == path)
            break;
        *slash = 0;
    }
    if (!found)
        return;
    if (!k->nvdla_config_given) {
        k->nvdla_config = found->name;
        k->nvdla_config_from = "the trace folder name";
    } else if (strcmp(found->name, k->nvdla_config)) {
        snprintf(k->nvdla_config_conflict, sizeof k->nvdla_config_conflict, "%s", found->name);
    }
}

int sim_knobs_from_args(struct sim_knobs *k, int argc, char **argv)
{
    sim_knobs_default(k);
    int rc = sim_knobs_parse(k, argc, argv);
    if (rc)
        return rc > 0 ? 0 : 2;
    sim_knobs_config_from_trace(k);
    return -1;
}

void sim_knobs_pick_seed(struct sim_knobs *k)
{
    if (k->seed_given)
        return;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    k->seed = ((uint64_t)ts.tv_sec * 1000003u) ^ (uint64_t)ts.tv_nsec;
}
