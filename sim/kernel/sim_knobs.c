/* sim_knobs: see sim_knobs.h. The options themselves are data
 * (sim_knob_table.h, generated from scripts/gen/regdefs/knobs.csv): this file
 * reads, defaults and prints them by walking that table. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sim_knob_table.h"
#include "sim_knobs.h"

_Static_assert(sizeof(int) == sizeof(unsigned), "bool, enum and count members share the unsigned accessors");

/* ---- the members a table entry names ---- */

static void *member(struct sim_knobs *k, size_t off)
{
    return (char *)k + off;
}

static const void *cmember(const struct sim_knobs *k, size_t off)
{
    return (const char *)k + off;
}

static void set_num(struct sim_knobs *k, size_t off, unsigned size, uint64_t v)
{
    if (size == sizeof(uint64_t)) {
        memcpy(member(k, off), &v, sizeof v);
    } else {
        unsigned u = (unsigned)v;
        memcpy(member(k, off), &u, sizeof u);
    }
}

static uint64_t get_num(const struct sim_knobs *k, size_t off, unsigned size)
{
    if (size == sizeof(uint64_t)) {
        uint64_t v;
        memcpy(&v, cmember(k, off), sizeof v);
        return v;
    }
    unsigned u;
    memcpy(&u, cmember(k, off), sizeof u);
    return u;
}

static void set_str(struct sim_knobs *k, size_t off, const char *s)
{
    memcpy(member(k, off), &s, sizeof s);
}

static const char *get_str(const struct sim_knobs *k, size_t off)
{
    const char *s;
    memcpy(&s, cmember(k, off), sizeof s);
    return s;
}

/* The name a message gives a knob: its make variable, else its option. */
static const char *knob_name(const struct sim_knob *d)
{
    return d->make ? d->make : d->option;
}

/* ---- values ---- */

/* decimal digits only (no blank, sign or 0x; a leading 0 is no octal prefix) */
static int parse_u64(const char *prog, const char *name, const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    const char *c = s;
    while (*c >= '0' && *c <= '9')
        c++;
    if (c == s || *c) {
        fprintf(stderr, "%s: %s: '%s' is not a decimal number\n", prog, name, s);
        return -1;
    }
    errno = 0;
    unsigned long long v = strtoull(s, NULL, 10);
    if (errno || v < lo || v > hi) {
        fprintf(stderr, "%s: %s: %s is out of range %" PRIu64 "..%" PRIu64 "\n", prog, name, s, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* nanoseconds with up to three decimals ("10", "2.5") -> picoseconds */
static int parse_period(const char *prog, const char *name, const char *s, uint64_t *ps)
{
    char buf[32];
    const char *dot = strchr(s, '.');
    size_t ni = dot ? (size_t)(dot - s) : strlen(s);
    size_t nf = dot ? strlen(dot + 1) : 0;
    uint64_t whole = 0, frac = 0;
    if (!ni || ni >= sizeof buf || (dot && (!nf || nf > 3))) {
        fprintf(stderr, "%s: %s: '%s' is not nanoseconds like 10 or 2.5 (up to three decimals)\n", prog, name, s);
        return -1;
    }
    memcpy(buf, s, ni);
    buf[ni] = 0;
    if (parse_u64(prog, name, buf, 0, 1000000000, &whole))
        return -1;
    if (dot) {
        snprintf(buf, sizeof buf, "%s00", dot + 1);   /* three digits */
        buf[3] = 0;
        if (parse_u64(prog, name, buf, 0, 999, &frac))
            return -1;
    }
    *ps = whole * 1000 + frac;
    if (*ps < 2 || *ps % 2) {
        fprintf(stderr, "%s: %s %s ns: the half period must be a whole number of picoseconds\n", prog, name, s);
        return -1;
    }
    return 0;
}

/* BYTES, or a number with K, M or G (binary units) */
static int parse_size(const char *prog, const char *name, const char *s, uint64_t *out)
{
    char buf[64];
    size_t n = strlen(s);
    if (!n || n >= sizeof buf) {
        fprintf(stderr, "%s: %s: '%s' is not a size like 512M or 4G\n", prog, name, s);
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
    if (parse_u64(prog, name, buf, 1, UINT64_MAX >> shift, &v))
        return -1;
    *out = v << shift;
    return 0;
}

static int parse_range(const char *prog, const char *name, const char *s, uint64_t lo, uint64_t hi,
                       uint64_t *min, uint64_t *max)
{
    char buf[64];
    if (strlen(s) >= sizeof buf) {
        fprintf(stderr, "%s: %s: '%s' is not MIN or MIN:MAX\n", prog, name, s);
        return -1;
    }
    strcpy(buf, s);
    char *colon = strchr(buf, ':');
    if (colon)
        *colon = 0;
    if (parse_u64(prog, name, buf, lo, hi, min))
        return -1;
    *max = *min;
    if (colon && parse_u64(prog, name, colon + 1, lo, hi, max))
        return -1;
    if (*max < *min) {
        fprintf(stderr, "%s: %s: MAX %" PRIu64 " is below MIN %" PRIu64 "\n", prog, name, *max, *min);
        return -1;
    }
    return 0;
}

/* The index of s among "a|b|c", or -1. */
static int choice_index(const char *choices, const char *s)
{
    size_t n = strlen(s);
    int i = 0;
    for (const char *c = choices; *c; i++) {
        const char *bar = strchr(c, '|');
        size_t len = bar ? (size_t)(bar - c) : strlen(c);
        if (len == n && !strncmp(c, s, n))
            return i;
        if (!bar)
            break;
        c = bar + 1;
    }
    return -1;
}

/* The text of choice i of "a|b|c" into buf. */
static const char *choice_text(const char *choices, int i, char *buf, size_t len)
{
    const char *c = choices;
    while (i-- > 0 && strchr(c, '|'))
        c = strchr(c, '|') + 1;
    const char *bar = strchr(c, '|');
    size_t n = bar ? (size_t)(bar - c) : strlen(c);
    snprintf(buf, len, "%.*s", (int)(n < len ? n : len - 1), c);
    return buf;
}

/* One option's value into k (given: from the command line, not a default). */
static int parse_value(const char *prog, struct sim_knobs *k, const struct sim_knob *d, const char *v, int given)
{
    const char *name = knob_name(d);
    uint64_t n, m;
    int i;
    switch (d->arg) {
    case SIM_KNOB_UINT:
    case SIM_KNOB_BOOL:
        if (parse_u64(prog, name, v, d->lo, d->hi, &n))
            return -1;
        set_num(k, d->field, d->size, n);
        break;
    case SIM_KNOB_RANGE:
        if (parse_range(prog, name, v, d->lo, d->hi, &n, &m))
            return -1;
        set_num(k, d->field, d->size, n);
        set_num(k, d->field_max, d->size, m);
        break;
    case SIM_KNOB_ENUM:
    case SIM_KNOB_CHOICE:
        i = choice_index(d->choices, v);
        if (i < 0) {
            fprintf(stderr, "%s: %s: '%s' is not %s\n", prog, name, v, d->what);
            return -1;
        }
        if (d->arg == SIM_KNOB_ENUM)
            set_num(k, d->field, d->size, (uint64_t)i);
        else
            set_str(k, d->field, v);
        break;
    case SIM_KNOB_BYTES:
        if (parse_size(prog, name, v, &n))
            return -1;
        set_num(k, d->field, d->size, n);
        break;
    case SIM_KNOB_NS:
        if (parse_period(prog, name, v, &n))
            return -1;
        set_num(k, d->field, d->size, n);
        break;
    case SIM_KNOB_CONFIG:   /* the test's family knows its configurations (sim_knobs_family.check) */
        set_str(k, d->field, v);
        if (given)
            k->config_from = name;
        break;
    case SIM_KNOB_STRING:
    case SIM_KNOB_WAVES:
        set_str(k, d->field, v);
        break;
    case SIM_KNOB_FLAG:
    case SIM_KNOB_COUNT:
    case SIM_KNOB_PLUSARG:
    case SIM_KNOB_HELP:
        break;   /* no value */
    }
    if (given && d->has_given)
        set_num(k, d->given, sizeof(int), 1);
    return 0;
}

void sim_knobs_default(struct sim_knobs *k)
{
    memset(k, 0, sizeof *k);
    for (unsigned i = 0; i < sim_knob_count; i++)
        if (sim_knob_table[i].def && parse_value("sim_knobs_default", k, &sim_knob_table[i],
                                                 sim_knob_table[i].def, 0))
            abort();   /* a default the table's own parser refuses: scripts/gen/regdefs/knobs.csv is wrong */
    k->config_from = "default";
}

void sim_knobs_usage(const char *prog)
{
    printf("usage: %s --test NAME [options]\n"
           "       %s --trace PATH [--test NAME] [options]\n"
           "Runs one sequence, or one trace, against the DUT with the register-bus and AXI BFMs.\n"
           "Options ([NAME]: the knob of make sim, docs/knobs.md):\n\n%s", prog, prog, sim_knob_help);
}

/* ---- the command line ---- */

static size_t edit_distance(const char *a, const char *b)
{
    size_t lb = strlen(b), row[64];
    if (lb >= sizeof row / sizeof row[0])
        return (size_t)-1;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; *a; a++, i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (*a != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

static const struct sim_knob *find_option(const char *o)
{
    for (unsigned i = 0; i < sim_knob_count; i++) {
        const struct sim_knob *d = &sim_knob_table[i];
        if (!strcmp(o, d->option) || (d->alias && !strcmp(o, d->alias)))
            return d;
    }
    return NULL;
}

static void unknown_option(const char *prog, const char *o)
{
    const char *best = NULL;
    size_t best_d = (size_t)-1;
    for (unsigned i = 0; o[0] == '-' && i < sim_knob_count; i++) {
        size_t dist = edit_distance(o, sim_knob_table[i].option);
        if (sim_knob_table[i].option[0] == '-' && dist < best_d) {
            best_d = dist;
            best = sim_knob_table[i].option;
        }
    }
    if (best)
        fprintf(stderr, "%s: unknown option '%s': did you mean %s? (see --help)\n", prog, o, best);
    else
        fprintf(stderr, "%s: unknown option '%s' (see --help)\n", prog, o);
}

int sim_knobs_parse(struct sim_knobs *k, int argc, char **argv)
{
    const char *prog = "sim";
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (o[0] == '+') {
            if (!o[1]) {
                fprintf(stderr, "%s: PLUSARGS: '+' alone names no plusarg\n", prog);
                return -1;
            }
            if (k->n_plusargs == SIM_MAX_PLUSARGS) {
                fprintf(stderr, "%s: PLUSARGS: more than %d plusargs\n", prog, SIM_MAX_PLUSARGS);
                return -1;
            }
            k->plusargs[k->n_plusargs++] = o;
            continue;
        }
        const struct sim_knob *d = find_option(o);
        if (!d || d->arg == SIM_KNOB_PLUSARG) {
            unknown_option(prog, o);
            return -1;
        }
        if (d->arg == SIM_KNOB_HELP) {
            sim_knobs_usage(argv[0]);
            return 1;
        }
        if (d->arg == SIM_KNOB_FLAG || d->arg == SIM_KNOB_COUNT) {
            int *flag = member(k, d->field);
            *flag = d->arg == SIM_KNOB_FLAG ? 1 : *flag + 1;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "%s: %s: %s needs a value\n", prog, knob_name(d), o);
            return -1;
        }
        if (parse_value(prog, k, d, argv[++i], 1))
            return -1;
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

/* ---- knobs and the run's family ---- */

/* Whether one word of a knob's applies (knobs.csv) holds for the run. */
static int applies_word(const char *w, size_t n, const char *family, const struct sim_knobs *k)
{
#define IS(lit) (n == sizeof lit - 1 && !strncmp(w, lit, n))
    if (IS("rtl") || IS("twin"))
        return strlen(k->dut) == n && !strncmp(k->dut, w, n);
    if (IS("traces"))
        return k->trace != NULL;
    if (IS("sequences"))
        return k->trace == NULL;
#undef IS
    if (memchr(w, '/', n))   /* one test */
        return !k->trace && k->test && strlen(k->test) == n && !strncmp(k->test, w, n);
    return strlen(family) == n && !strncmp(family, w, n);
}

/* Whether a knob's applies holds: NULL (all), or alternatives joined by
 * " or ", each of words that must all hold. */
static int applies(const char *spec, const char *family, const struct sim_knobs *k)
{
    for (const char *alt = spec; alt;) {
        const char *or = strstr(alt, " or ");
        const char *end = or ? or : alt + strlen(alt);
        int all = 1;
        for (const char *w = alt; w < end && all;) {
            const char *sp = memchr(w, ' ', (size_t)(end - w));
            size_t n = sp ? (size_t)(sp - w) : (size_t)(end - w);
            all = applies_word(w, n, family, k);
            w += n + 1;
        }
        if (all)
            return 1;
        alt = or ? or + 4 : NULL;
    }
    return !spec;
}

static int knob_set(const struct sim_knobs *k, const struct sim_knob *d);

void sim_knobs_adjust(struct sim_knobs *k, const struct sim_knobs_family *fam)
{
    if (fam && fam->adjust)
        fam->adjust(k);
}

int sim_knobs_check(const struct sim_knobs *k, const struct sim_knobs_family *fam, char *err, size_t len)
{
    const char *family = fam ? fam->name : "";
    for (unsigned i = 0; i < sim_knob_count; i++) {
        const struct sim_knob *d = &sim_knob_table[i];
        int given = d->has_given ? (int)get_num(k, d->given, sizeof(int)) : knob_set(k, d);
        if (!d->applies || !given || applies(d->applies, family, k))
            continue;
        snprintf(err, len, "%s: applies to %s only (%s); this run is %s: family %s, a %s, on %s", knob_name(d),
                 d->applies, d->why ? d->why : "", k->trace ? k->trace : k->test ? k->test : "-", family,
                 k->trace ? "trace" : "sequence", k->dut);
        return -1;
    }
    return fam && fam->check ? fam->check(k, err, len) : 0;
}

/* ---- the knob line and the reproduce line ---- */

static int knob_set(const struct sim_knobs *k, const struct sim_knob *d)
{
    switch (d->arg) {
    case SIM_KNOB_STRING:
    case SIM_KNOB_CHOICE:
    case SIM_KNOB_CONFIG:
    case SIM_KNOB_WAVES:
        return get_str(k, d->field) != NULL;
    case SIM_KNOB_PLUSARG:
        return k->n_plusargs > 0;
    case SIM_KNOB_RANGE:
        return get_num(k, d->field, d->size) || get_num(k, d->field_max, d->size);
    case SIM_KNOB_HELP:
        return 0;
    default:
        return get_num(k, d->field, d->size) != 0;
    }
}

static int knob_differs(const struct sim_knobs *k, const struct sim_knobs *def, const struct sim_knob *d)
{
    switch (d->arg) {
    case SIM_KNOB_STRING:
    case SIM_KNOB_CHOICE:
    case SIM_KNOB_CONFIG:
    case SIM_KNOB_WAVES: {
        const char *a = get_str(k, d->field), *b = get_str(def, d->field);
        return (a == NULL) != (b == NULL) || (a && strcmp(a, b));
    }
    case SIM_KNOB_PLUSARG:
        return k->n_plusargs > 0;
    case SIM_KNOB_RANGE:
        if (get_num(k, d->field_max, d->size) != get_num(def, d->field_max, d->size))
            return 1;
        /* fall through */
    default:
        return get_num(k, d->field, d->size) != get_num(def, d->field, d->size);
    }
}

/* The value as both lines write it (repro: the make syntax, where a range
 * of one value is that value). */
static const char *knob_text(const struct sim_knobs *k, const struct sim_knob *d, int repro, char *buf, size_t len)
{
    uint64_t v = d->size ? get_num(k, d->field, d->size) : 0;
    const char *s;
    size_t n = 0;
    buf[0] = 0;
    switch (d->arg) {
    case SIM_KNOB_RANGE: {
        uint64_t max = get_num(k, d->field_max, d->size);
        if (repro && v == max)
            snprintf(buf, len, "%" PRIu64, v);
        else
            snprintf(buf, len, "%" PRIu64 ":%" PRIu64, v, max);
        break;
    }
    case SIM_KNOB_ENUM:
        return choice_text(d->choices, (int)v, buf, len);
    case SIM_KNOB_STRING:
    case SIM_KNOB_CHOICE:
    case SIM_KNOB_CONFIG:
        s = get_str(k, d->field);
        return s ? s : "-";
    case SIM_KNOB_NS:
        snprintf(buf, len, "%" PRIu64 ".%03" PRIu64, v / 1000, v % 1000);
        break;
    case SIM_KNOB_WAVES:
        return k->waves_fst ? "fst" : k->waves_gz ? "gz" : "1";
    case SIM_KNOB_PLUSARG:
        for (unsigned i = 0; i < k->n_plusargs && n < len; i++)
            n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? " " : "", k->plusargs[i]);
        break;
    case SIM_KNOB_FLAG:
    case SIM_KNOB_COUNT:
    case SIM_KNOB_BOOL:
        snprintf(buf, len, "%d", (int)v);
        break;
    default:
        snprintf(buf, len, "%" PRIu64, v);
        break;
    }
    return buf;
}

void sim_knobs_print(const struct sim_knobs *k)
{
    char v[1024];
    printf("knobs:");
    for (unsigned i = 0; i < sim_knob_line_count; i++) {
        const struct sim_knob *d = &sim_knob_table[sim_knob_line_order[i]];
        if (d->line_when == SIM_KNOB_SET && !knob_set(k, d))
            continue;
        printf(" %s=%s", d->line, knob_text(k, d, 0, v, sizeof v));
        if (d->arg != SIM_KNOB_CONFIG)
            continue;
        /* why this configuration */
        if (k->config_conflict[0])
            printf(" (from %s; warning: the trace folder names %s)", k->config_from, k->config_conflict);
        else if (strcmp(k->config_from, "default"))
            printf(" (from %s)", k->config_from);
        else
            printf(" (default)");
    }
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
    struct sim_knobs def;
    sim_knobs_default(&def);
    char v[1024];
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
    /* the rest in table order, each when its repro column says */
    for (unsigned i = 0; i < sim_knob_count; i++) {
        const struct sim_knob *d = &sim_knob_table[i];
        int name_it;
        switch (d->repro) {
        case SIM_KNOB_ALWAYS:
            name_it = 1;
            break;
        case SIM_KNOB_SET:
            name_it = knob_set(k, d);
            break;
        case SIM_KNOB_DIFFERS:
            name_it = knob_differs(k, &def, d);
            break;
        case SIM_KNOB_GIVEN:   /* a test may raise its own watchdog: only a limit the user set */
            name_it = d->has_given && get_num(k, d->given, sizeof(int));
            break;
        case SIM_KNOB_GIVEN_OR_DIFFERS:   /* a configuration: also one taken from the trace folder, so
                                             the line reproduces the run wherever the trace is moved */
            name_it = (d->has_given && get_num(k, d->given, sizeof(int))) || knob_differs(k, &def, d);
            break;
        case SIM_KNOB_WAVES_DIFFERS:
            name_it = k->waves && knob_differs(k, &def, d);
            break;
        default:
            name_it = 0;
            break;
        }
        if (name_it && d->make)
            put_knob(buf, len, &at, d->make, knob_text(k, d, 1, v, sizeof v));
    }
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

int sim_knobs_from_args(struct sim_knobs *k, int argc, char **argv)
{
    sim_knobs_default(k);
    int rc = sim_knobs_parse(k, argc, argv);
    if (rc)
        return rc > 0 ? 0 : 2;
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
