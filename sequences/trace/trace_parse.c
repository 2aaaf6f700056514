/* trace_parse: see trace_parse.h. Line by line: strip the comment, split
 * "name(arg, ...);", check every argument, then the whole-trace checks
 * (something to run, syncs, overlapping images, footprint, something
 * compared). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "checked_size.h"
#include "trace_lex.h"
#include "trace_parse.h"

#define MAX_ARGS 8

const char *trace_op_name(enum trace_op op)
{
    switch (op) {
    case TRACE_MEM_INIT: return "mem_init";
    case TRACE_MEM_LOAD: return "mem_load";
    case TRACE_REG_WRITE: return "reg_write";
    case TRACE_POLL_REG: return "poll_reg_equal";
    case TRACE_INTR_NOTIFY: return "intr_notify";
    case TRACE_CHECK_CRC: return "check_crc";
    case TRACE_CHECK_NOTHING: return "check_nothing";
    case TRACE_SYNC_NOTIFY: return "sync_notify";
    case TRACE_SYNC_WAIT: return "sync_wait";
    }
    return "?";
}

const char *trace_mem_name(enum trace_mem m)
{
    return m == TRACE_SEC_MEM ? "sec_mem" : "pri_mem";
}

/* ---- one line ---------------------------------------------------------- */

struct line_ctx {
    struct trace *t;
    const struct trace_parse_opts *opts;
    const char *path;       /* the .cfg */
    unsigned line;
    size_t dcap, scap, ecap;
    char *err;
    size_t len;
};

#define ERR(c, ...) trace_lex_error((c)->err, (c)->len, (c)->path, (c)->line, __VA_ARGS__)

/* Cut the text at a // that is not inside a string. */
static void strip_comment(char *s)
{
    int in_str = 0;
    for (char *p = s; *p; p++) {
        if (*p == '"')
            in_str = !in_str;
        else if (!in_str && p[0] == '/' && p[1] == '/') {
            *p = 0;
            return;
        }
    }
}

static char *trim(char *s)
{
    s = (char *)trace_lex_blank(s);
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\f' ||
                 s[n - 1] == '\v'))
        s[--n] = 0;
    return s;
}

static int number_arg(struct line_ctx *c, const char *what, const char *a, uint64_t max, uint64_t *v)
{
    char why[160];
    if (!*a)
        return ERR(c, "%s is missing", what);
    if (trace_lex_number(a, strlen(a), v, why, sizeof why))
        return ERR(c, "%s: %s", what, why);
    if (*v > max)
        return ERR(c, "%s %s does not fit %s bits", what, a, max == 0xffffffffu ? "32" : "the");
    return 0;
}

static int mem_arg(struct line_ctx *c, const char *a, enum trace_mem *m)
{
    uint64_t v;
    char why[64];
    if (!strcmp(a, "pri_mem") || (!trace_lex_number(a, strlen(a), &v, why, sizeof why) && v == 1)) {
        *m = TRACE_PRI_MEM;
        return 0;
    }
    if (!strcmp(a, "sec_mem") || (!trace_lex_number(a, strlen(a), &v, why, sizeof why) && v == 2)) {
        *m = TRACE_SEC_MEM;
        return 0;
    }
    return ERR(c, "unknown memory '%s' (pri_mem or 1: DBBIF memory, sec_mem or 2: SRAMIF memory)", a);
}

static int reg_arg(struct line_ctx *c, const char *a, const struct nvdla_reg_desc **r)
{
    const char *dot = strchr(a, '.');
    if (strncmp(a, "NVDLA_", 6) || !dot || dot == a + 6 || !dot[1])
        return ERR(c, "'%s' is not a register name (expected NVDLA_UNIT.REGISTER_0)", a);
    char unit[64];
    size_t un = (size_t)(dot - (a + 6));
    if (un >= sizeof unit)
        return ERR(c, "unknown unit in '%s'", a);
    memcpy(unit, a + 6, un);
    unit[un] = 0;
    int known = 0;
    for (int u = 0; u < NVDLA_UNIT_COUNT; u++)
        if (!strcmp(nvdla_units[u].name, unit))
            known = 1;
    if (!known)
        return ERR(c, "unknown unit '%s' in '%s'", unit, a);
    *r = nvdla_reg_find(unit, dot + 1);
    if (!*r)
        return ERR(c, "unknown register '%s' of unit %s", dot + 1, unit);
    return 0;
}

static int sync_arg(struct line_ctx *c, const char *a, unsigned *idx)
{
    if (!*a || trace_lex_name(a) != strlen(a))
        return ERR(c, "'%s' is not a sync name (letters, digits, '_')", a);
    struct trace *t = c->t;
    for (size_t i = 0; i < t->nsync; i++)
        if (!strcmp(t->sync[i].name, a)) {
            *idx = (unsigned)i;
            return 0;
        }
    if (t->nsync == c->scap) {
        size_t nc = c->scap ? c->scap * 2 : 8;
        struct trace_sync *ns = realloc(t->sync, nc * sizeof *ns);
        if (!ns)
            return ERR(c, "out of memory");
        t->sync = ns;
        c->scap = nc;
    }
    struct trace_sync *s = &t->sync[t->nsync];
    memset(s, 0, sizeof *s);
    if (!(s->name = strdup(a)))
        return ERR(c, "out of memory");
    *idx = (unsigned)t->nsync++;
    return 0;
}

/* "NVDLA_CMAC_A" -> the unit's index */
static int unit_arg(struct line_ctx *c, const char *what, const char *a, int *unit)
{
    if (!strncmp(a, "NVDLA_", 6))
        for (int u = 0; u < NVDLA_UNIT_COUNT; u++)
            if (!strcmp(nvdla_units[u].name, a + 6)) {
                *unit = u;
                return 0;
            }
    return ERR(c, "%s: '%s' is not a unit (expected NVDLA_UNIT, e.g. NVDLA_CACC)", what, a);
}

static int event_arg(struct line_ctx *c, const char *what, const char *a, unsigned *idx)
{
    if (!*a || trace_lex_name(a) != strlen(a))
        return ERR(c, "%s: '%s' is not an event name (letters, digits, '_')", what, a);
    struct trace *t = c->t;
    for (size_t i = 0; i < t->nevent; i++)
        if (!strcmp(t->event[i].name, a)) {
            *idx = (unsigned)i;
            return 0;
        }
    if (t->nevent == c->ecap) {
        size_t nc = c->ecap ? c->ecap * 2 : 8;
        struct trace_event *ne = realloc(t->event, nc * sizeof *ne);
        if (!ne)
            return ERR(c, "out of memory");
        t->event = ne;
        c->ecap = nc;
    }
    struct trace_event *e = &t->event[t->nevent];
    e->first_notify = SIZE_MAX;
    if (!(e->name = strdup(a)))
        return ERR(c, "out of memory");
    *idx = (unsigned)t->nevent++;
    return 0;
}

/* base + size must not wrap around 64 bits */
static int range_ok(struct line_ctx *c, const char *what, uint64_t base, uint64_t size)
{
    uint64_t end;
    if (checked_add_u64(base, size, &end))
        return ERR(c, "%s: 0x%llx + 0x%llx wraps around the 64-bit address space", what,
                   (unsigned long long)base, (unsigned long long)size);
    return 0;
}

static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

/* An image read (from its file or from memory) must load something. */
static int image_loaded(struct line_ctx *c, struct trace_dir *d)
{
    if (!d->image->n) {
        /* loading nothing is never what a trace means */
        trace_lex_error(c->err, c->len, d->file, 0, "empty memory image (no records) (mem_load at %s:%u)",
                        c->path, c->line);
        trace_image_free(d->image);
        d->image = NULL;
        return -1;
    }
    return 0;
}

static int load_image(struct line_ctx *c, const char *a, struct trace_dir *d)
{
    size_t n = strlen(a);
    if (n < 2 || a[0] != '"' || a[n - 1] != '"')
        return ERR(c, "mem_load: the file name must be quoted, got %s", a);
    if (n == 2)
        return ERR(c, "mem_load: empty file name");
    char *name = strndup(a + 1, n - 2);
    char *dir = dir_of(c->path);
    if (!name || !dir) {
        free(name);
        free(dir);
        return ERR(c, "out of memory");
    }
    size_t plen = strlen(dir) + strlen(name) + 2;
    d->file = malloc(plen);
    if (!d->file) {
        free(name);
        free(dir);
        return ERR(c, "out of memory");
    }
    if (name[0] == '/')
        snprintf(d->file, plen, "%s", name);
    else
        snprintf(d->file, plen, "%s/%s", dir, name);
    free(dir);
    struct trace_image *held = c->opts->image ? c->opts->image(c->opts->image_user, d->file) : NULL;
    if (held) {
        free(name);
        d->image = held;
        return image_loaded(c, d);
    }
    struct stat st;
    int serr = stat(d->file, &st) != 0 ? errno : 0;
    if (serr || !S_ISREG(st.st_mode)) {
        int rc = ERR(c, "mem_load: cannot read memory image \"%s\" (%s): %s", name, d->file,
                     serr ? strerror(serr) : "not a regular file");
        free(name);
        return rc;
    }
    free(name);
    d->image = trace_image_load(d->file, c->err, c->len);
    if (!d->image)
        return -1;
    return image_loaded(c, d);
}

/* Split "a, b, "c"" into trimmed arguments (commas inside quotes kept). */
static int split_args(struct line_ctx *c, char *s, char **argv, unsigned *argc)
{
    *argc = 0;
    if (!*trim(s))
        return 0;
    int in_str = 0;
    char *start = s;
    for (char *p = s;; p++) {
        if (*p == '"')
            in_str = !in_str;
        if (*p == 0 || (*p == ',' && !in_str)) {
            int last = *p == 0;
            *p = 0;
            if (*argc == MAX_ARGS)
                return ERR(c, "too many arguments");
            argv[(*argc)++] = trim(start);
            if (last)
                break;
            start = p + 1;
        }
    }
    if (in_str)
        return ERR(c, "unterminated string");
    return 0;
}

struct directive_kind {
    const char *name;
    enum trace_op op;
    unsigned min_args, max_args;
    const char *usage;
};

static const struct directive_kind kinds[] = {
    { "mem_init", TRACE_MEM_INIT, 4, 4, "mem_init(pri_mem, BASE, SIZE, ALL_ZERO)" },
    { "mem_load", TRACE_MEM_LOAD, 3, 3, "mem_load(pri_mem, BASE, \"file.dat\")" },
    { "reg_write", TRACE_REG_WRITE, 2, 2, "reg_write(NVDLA_UNIT.REG_0, VALUE)" },
    { "poll_reg_equal", TRACE_POLL_REG, 2, 2, "poll_reg_equal(NVDLA_UNIT.REG_0, VALUE)" },
    { "intr_notify", TRACE_INTR_NOTIFY, 1, 2, "intr_notify(ID, SYNC) or intr_notify(SYNC)" },
    { "check_crc", TRACE_CHECK_CRC, 5, 5, "check_crc(SYNC, pri_mem, BASE, SIZE, CRC)" },
    { "check_nothing", TRACE_CHECK_NOTHING, 1, 1, "check_nothing(SYNC)" },
    { "sync_notify", TRACE_SYNC_NOTIFY, 2, 2, "sync_notify(NVDLA_UNIT, EVENT)" },
    { "sync_wait", TRACE_SYNC_WAIT, 2, 2, "sync_wait(NVDLA_UNIT, EVENT)" },
};

static int push_dir(struct line_ctx *c, const struct trace_dir *d)
{
    struct trace *t = c->t;
    if (t->n == c->dcap) {
        size_t nc = c->dcap ? c->dcap * 2 : 256;
        struct trace_dir *nd = realloc(t->dir, nc * sizeof *nd);
        if (!nd)
            return ERR(c, "out of memory");
        t->dir = nd;
        c->dcap = nc;
    }
    t->dir[t->n++] = *d;
    return 0;
}

static int parse_line(struct line_ctx *c, char *s)
{
    strip_comment(s);
    s = trim(s);
    if (!*s)
        return 0;
    size_t nl = trace_lex_name(s);
    if (!nl)
        return ERR(c, "expected a directive, got '%s'", s);
    const struct directive_kind *k = NULL;
    for (unsigned i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strlen(kinds[i].name) == nl && !strncmp(kinds[i].name, s, nl))
            k = &kinds[i];
    if (!k)
        return ERR(c, "unknown directive '%.*s' (known: mem_init, mem_load, reg_write, poll_reg_equal, "
                   "intr_notify, check_crc, check_nothing, sync_notify, sync_wait)", (int)nl, s);
    char *p = (char *)trace_lex_blank(s + nl);
    if (*p != '(')
        return ERR(c, "%s: expected '(' after the directive name: %s", k->name, k->usage);
    char *open = p + 1, *close = NULL;
    int in_str = 0;
    for (char *q = open; *q; q++) {
        if (*q == '"')
            in_str = !in_str;
        else if (*q == ')' && !in_str) {
            close = q;
            break;
        }
    }
    if (!close)
        return ERR(c, "%s: missing ')': %s", k->name, k->usage);
    char *after = (char *)trace_lex_blank(close + 1);
    if (*after != ';')
        return ERR(c, "%s: missing ';' after ')'", k->name);
    if (*trace_lex_blank(after + 1))
        return ERR(c, "%s: unexpected text after ';': '%s'", k->name, trace_lex_blank(after + 1));
    *close = 0;
    char *argv[MAX_ARGS];
    unsigned argc;
    if (split_args(c, open, argv, &argc))
        return -1;
    if (argc < k->min_args || argc > k->max_args)
        return ERR(c, "%s: %u argument%s, expected %s", k->name, argc, argc == 1 ? "" : "s", k->usage);
    for (unsigned i = 0; i < argc; i++)
        if (!*argv[i])
            return ERR(c, "%s: argument %u is empty", k->name, i + 1);

    struct trace_dir d = { .op = k->op, .line = c->line };
    uint64_t v;
    switch (k->op) {
    case TRACE_MEM_INIT:
        if (mem_arg(c, argv[0], &d.mem) || number_arg(c, "mem_init: base", argv[1], UINT64_MAX, &d.base) ||
            number_arg(c, "mem_init: size", argv[2], UINT64_MAX, &d.size) ||
            range_ok(c, "mem_init", d.base, d.size))
            return -1;
        if (strcmp(argv[3], "ALL_ZERO"))
            return ERR(c, "mem_init: unknown fill pattern '%s' (ALL_ZERO is supported)", argv[3]);
        break;
    case TRACE_MEM_LOAD:
        if (mem_arg(c, argv[0], &d.mem) || number_arg(c, "mem_load: base", argv[1], UINT64_MAX, &d.base))
            return -1;
        if (load_image(c, argv[2], &d)) {
            free(d.file);
            return -1;
        }
        break;
    case TRACE_REG_WRITE:
    case TRACE_POLL_REG:
        if (reg_arg(c, argv[0], &d.reg) ||
            number_arg(c, k->op == TRACE_REG_WRITE ? "reg_write: value" : "poll_reg_equal: value",
                       argv[1], 0xffffffffu, &v))
            return -1;
        d.value = (uint32_t)v;
        break;
    case TRACE_INTR_NOTIFY:
        if (argc == 2) {
            d.intr = trace_intr_find(argv[0], (unsigned)strlen(argv[0]));
            if (!d.intr)
                return ERR(c, "intr_notify: unknown interrupt ID '%s' (SDP_0/1, CDP_0/1, PDP_0/1, "
                           "CDMA_DAT_0/1, CDMA_WT_0/1, CACC_0/1, BDMA_0/1, RUBIK_0/1)", argv[0]);
        }
        if (sync_arg(c, argv[argc - 1], &d.sync))
            return -1;
        c->t->sync[d.sync].notifies++;
        c->t->sync[d.sync].last_notify = c->t->n;
        break;
    case TRACE_CHECK_CRC:
        if (sync_arg(c, argv[0], &d.sync) || mem_arg(c, argv[1], &d.mem) ||
            number_arg(c, "check_crc: base", argv[2], UINT64_MAX, &d.base) ||
            number_arg(c, "check_crc: size", argv[3], UINT64_MAX, &d.size) ||
            range_ok(c, "check_crc", d.base, d.size) ||
            number_arg(c, "check_crc: crc", argv[4], 0xffffffffu, &v))
            return -1;
        if (d.size > (uint64_t)SIZE_MAX / 2)
            return ERR(c, "check_crc: size 0x%llx is too large", (unsigned long long)d.size);
        if (!d.size && !c->opts->allow_no_check)
            return ERR(c, "check_crc: size 0: nothing would be compared");
        d.crc = (uint32_t)v;
        break;
    case TRACE_CHECK_NOTHING:
        if (sync_arg(c, argv[0], &d.sync))
            return -1;
        break;
    case TRACE_SYNC_NOTIFY:
    case TRACE_SYNC_WAIT:
        if (unit_arg(c, k->name, argv[0], &d.unit) || event_arg(c, k->name, argv[1], &d.event))
            return -1;
        if (k->op == TRACE_SYNC_NOTIFY && c->t->event[d.event].first_notify == SIZE_MAX)
            c->t->event[d.event].first_notify = c->t->n;
        break;
    }
    if (push_dir(c, &d)) {
        trace_image_free(d.image);
        free(d.file);
        return -1;
    }
    return 0;
}

/* ---- whole-trace checks ------------------------------------------------- */

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a + b < a ? UINT64_MAX : a + b;
}

/* Sum each memory's mem_init sizes and mem_load record bytes into
 * t->footprint; refuse at the directive that takes one beyond limit (of
 * the two memories, the one crossing first). */
static int check_footprint(struct trace *t, uint64_t limit, char *err, size_t len)
{
    size_t cross = SIZE_MAX;
    for (size_t i = 0; i < t->n; i++) {
        const struct trace_dir *d = &t->dir[i];
        uint64_t bytes = 0;
        if (d->op == TRACE_MEM_INIT)
            bytes = d->size;
        else if (d->op == TRACE_MEM_LOAD)
            for (size_t r = 0; r < d->image->n; r++)
                bytes = sat_add(bytes, d->image->rec[r].size);
        else
            continue;
        t->footprint[d->mem] = sat_add(t->footprint[d->mem], bytes);
        if (t->footprint[d->mem] > limit && cross == SIZE_MAX)
            cross = i;
    }
    if (cross == SIZE_MAX)
        return 0;
    const struct trace_dir *d = &t->dir[cross];
    uint64_t total = t->footprint[d->mem];
    return trace_lex_error(err, len, t->path, d->line,
                           "%s: %s footprint %llu bytes (%.2f GiB) exceeds the limit of %llu bytes "
                           "(%.2f GiB) per memory (footprint: the sum of mem_init sizes and mem_load "
                           "record bytes; this directive crosses the limit)",
                           trace_op_name(d->op), trace_mem_name(d->mem), (unsigned long long)total,
                           (double)total / (1u << 30), (unsigned long long)limit,
                           (double)limit / (1u << 30));
}

/* A run that compares nothing would pass whatever the DUT did. */
static int check_compares(const struct trace *t, char *err, size_t len)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->dir[i].op == TRACE_CHECK_CRC && t->dir[i].size)
            return 0;
    return trace_lex_error(err, len, t->path, 0, "no check_crc: nothing would be compared");
}

static int check_syncs(const struct trace *t, char *err, size_t len)
{
    for (size_t i = 0; i < t->n; i++) {
        const struct trace_dir *d = &t->dir[i];
        if ((d->op == TRACE_CHECK_CRC || d->op == TRACE_CHECK_NOTHING) && !t->sync[d->sync].notifies)
            return trace_lex_error(err, len, t->path, d->line,
                                   "%s: sync '%s' is never notified: no intr_notify(..., %s) in the trace",
                                   trace_op_name(d->op), t->sync[d->sync].name, t->sync[d->sync].name);
    }
    return 0;
}

/* A runner issues the file in order: a sync_wait must follow a sync_notify
 * of its EVENT, or it would wait forever. */
static int check_events(const struct trace *t, char *err, size_t len)
{
    for (size_t i = 0; i < t->n; i++) {
        const struct trace_dir *d = &t->dir[i];
        if (d->op != TRACE_SYNC_WAIT)
            continue;
        const struct trace_event *e = &t->event[d->event];
        if (e->first_notify == SIZE_MAX)
            return trace_lex_error(err, len, t->path, d->line,
                                   "sync_wait(NVDLA_%s, %s): event '%s' is never notified: no "
                                   "sync_notify(..., %s) in the trace", nvdla_units[d->unit].name, e->name,
                                   e->name, e->name);
        if (e->first_notify > i)
            return trace_lex_error(err, len, t->path, d->line,
                                   "sync_wait(NVDLA_%s, %s): event '%s' is notified only later, at line %u: "
                                   "the directives run in file order, so this wait would never end",
                                   nvdla_units[d->unit].name, e->name, e->name, t->dir[e->first_notify].line);
    }
    return 0;
}

struct span {
    uint64_t start, end;
    size_t dir, rec;        /* the mem_load directive and its record: also the load order */
};

static int span_cmp(const void *a, const void *b)
{
    const struct span *x = a, *y = b;
    if (x->dir != y->dir)
        return x->dir < y->dir ? -1 : 1;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return x->rec < y->rec ? -1 : x->rec > y->rec;
}

static int later(const struct span *a, const struct span *b)
{
    return a->dir != b->dir ? a->dir > b->dir : a->rec > b->rec;
}

/* No record of one mem_load may overlap another of the same load: one
 * image giving two values to a byte is malformed. A later mem_load may
 * overwrite what an earlier one (or a mem_init) wrote: memory is written
 * in file order, later wins (an expected-output image loaded where an
 * input lies is the DUT's to overwrite). */
static int check_overlaps(const struct trace *t, enum trace_mem mem, char *err, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < t->n; i++)
        if (t->dir[i].op == TRACE_MEM_LOAD && t->dir[i].mem == mem)
            n += t->dir[i].image->n;
    if (!n)
        return 0;
    struct span *sp = malloc(n * sizeof *sp);
    if (!sp)
        return trace_lex_error(err, len, t->path, 0, "out of memory");
    n = 0;
    for (size_t i = 0; i < t->n; i++) {
        const struct trace_dir *d = &t->dir[i];
        if (d->op != TRACE_MEM_LOAD || d->mem != mem)
            continue;
        for (size_t r = 0; r < d->image->n; r++) {
            const struct trace_record *rec = &d->image->rec[r];
            uint64_t start, end;
            if (checked_add_u64(d->base, rec->offset, &start) || checked_add_u64(start, rec->size, &end)) {
                free(sp);
                return trace_lex_error(err, len, d->image->path, rec->line,
                                       "record at offset 0x%llx (mem_load at %s:%u, base 0x%llx) wraps "
                                       "around the 64-bit address space", (unsigned long long)rec->offset,
                                       t->path, d->line, (unsigned long long)d->base);
            }
            if (rec->size)
                sp[n++] = (struct span){ start, end, i, r };
        }
    }
    qsort(sp, n, sizeof *sp, span_cmp);
    /* sweep: compare each span with the one reaching furthest so far; of
     * every overlapping pair found, report the one whose later member
     * comes first in load order */
    const struct span *far = NULL, *bad = NULL, *other = NULL;
    for (size_t i = 0; i < n; i++) {
        if (far && far->dir != sp[i].dir)
            far = NULL;     /* another load: it may overwrite */
        if (far && sp[i].start < far->end) {
            const struct span *late = later(&sp[i], far) ? &sp[i] : far;
            const struct span *early = late == far ? &sp[i] : far;
            if (!bad || later(bad, late)) {
                bad = late;
                other = early;
            }
        }
        if (!far || sp[i].end > far->end)
            far = &sp[i];
    }
    int rc = 0;
    if (bad) {
        const struct trace_dir *bd = &t->dir[bad->dir], *od = &t->dir[other->dir];
        rc = trace_lex_error(err, len, bd->image->path, bd->image->rec[bad->rec].line,
                             "record 0x%llx..+0x%llx (mem_load at %s:%u) overlaps the record "
                             "0x%llx..+0x%llx loaded before from %s:%u (mem_load at %s:%u)",
                             (unsigned long long)bad->start, (unsigned long long)(bad->end - bad->start),
                             t->path, bd->line, (unsigned long long)other->start,
                             (unsigned long long)(other->end - other->start), od->image->path,
                             od->image->rec[other->rec].line, t->path, od->line);
    }
    free(sp);
    return rc;
}

/* ---- entry points ------------------------------------------------------- */

static char *name_of(const char *path)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t n = strlen(b);
    if (n > 4 && !strcmp(b + n - 4, ".cfg"))
        n -= 4;
    return strndup(b, n);
}

struct trace *trace_parse_text_with(const char *path, const char *text, size_t n,
                                    const struct trace_parse_opts *opts, char *err, size_t len)
{
    static const struct trace_parse_opts defaults;
    if (!opts)
        opts = &defaults;
    uint64_t limit = opts->max_footprint ? opts->max_footprint : TRACE_MAX_FOOTPRINT_DEFAULT;
    struct trace *t = calloc(1, sizeof *t);
    char *copy = malloc(n + 1);
    if (!t || !copy || !(t->path = strdup(path)) || !(t->name = name_of(path))) {
        free(copy);
        trace_free(t);
        snprintf(err, len, "%s: out of memory", path);
        return NULL;
    }
    memcpy(copy, text, n);
    copy[n] = 0;
    struct line_ctx c = { .t = t, .opts = opts, .path = t->path, .err = err, .len = len };
    char *line = copy;
    for (unsigned no = 1; line; no++) {
        char *nl = memchr(line, '\n', (size_t)(copy + n - line));
        if (nl)
            *nl = 0;
        if (memchr(line, 0, (size_t)((nl ? nl : copy + n) - line))) {
            trace_lex_error(err, len, t->path, no, "NUL byte in the line (not a text file?)");
            goto bad;
        }
        c.line = no;
        if (parse_line(&c, line))
            goto bad;
        line = nl ? nl + 1 : NULL;
    }
    free(copy);
    if (!t->n) {
        trace_lex_error(err, len, t->path, 0, "no directives: nothing would be run or compared");
        trace_free(t);
        return NULL;
    }
    if (check_syncs(t, err, len) || check_events(t, err, len) || check_overlaps(t, TRACE_PRI_MEM, err, len) ||
        check_overlaps(t, TRACE_SEC_MEM, err, len) || check_footprint(t, limit, err, len) ||
        (!opts->allow_no_check && check_compares(t, err, len))) {
        trace_free(t);
        return NULL;
    }
    return t;
bad:
    free(copy);
    trace_free(t);
    return NULL;
}

struct trace *trace_parse_text(const char *path, const char *text, size_t n, char *err, size_t len)
{
    return trace_parse_text_with(path, text, n, NULL, err, len);
}

int trace_resolve(const char *path, char *out, size_t outlen, char *err, size_t len)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, len, "%s: cannot open trace: %s", path, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        if ((size_t)snprintf(out, outlen, "%s", path) >= outlen) {
            snprintf(err, len, "%s: path too long", path);
            return -1;
        }
        return 0;
    }
    DIR *dh = opendir(path);
    if (!dh) {
        snprintf(err, len, "%s: cannot open directory: %s", path, strerror(errno));
        return -1;
    }
    /* <dir>/<dir>.cfg wins when there are several */
    size_t dl = strlen(path);
    while (dl > 1 && path[dl - 1] == '/')
        dl--;
    char *base = strndup(path, dl);
    char *bname = base ? name_of(base) : NULL;
    char found[4096] = "";
    unsigned count = 0;
    int preferred = 0;
    struct dirent *e;
    while ((e = readdir(dh))) {
        size_t n = strlen(e->d_name);
        if (n <= 4 || strcmp(e->d_name + n - 4, ".cfg"))
            continue;
        count++;
        int pref = bname && n - 4 == strlen(bname) && !strncmp(e->d_name, bname, n - 4);
        if (!preferred && (count == 1 || pref)) {
            snprintf(found, sizeof found, "%.*s/%s", (int)dl, path, e->d_name);
            preferred = pref;
        }
    }
    closedir(dh);
    free(base);
    free(bname);
    if (!count) {
        snprintf(err, len, "%s: no .cfg trace in this directory", path);
        return -1;
    }
    if (count > 1 && !preferred) {
        snprintf(err, len, "%s: %u .cfg traces in this directory and none named after it; name one",
                 path, count);
        return -1;
    }
    if ((size_t)snprintf(out, outlen, "%s", found) >= outlen) {
        snprintf(err, len, "%s: path too long", path);
        return -1;
    }
    return 0;
}

struct trace *trace_parse_with(const char *path, const struct trace_parse_opts *opts, char *err,
                               size_t len)
{
    char cfg[4096];
    if (trace_resolve(path, cfg, sizeof cfg, err, len))
        return NULL;
    size_t n;
    char *text = trace_lex_read_file(cfg, "trace", &n, err, len);
    if (!text)
        return NULL;
    struct trace *t = trace_parse_text_with(cfg, text, n, opts, err, len);
    free(text);
    return t;
}

struct trace *trace_parse(const char *path, char *err, size_t len)
{
    return trace_parse_with(path, NULL, err, len);
}

int trace_check_dut(const struct trace *t, unsigned addr_bits, int has_sram, char *err, size_t len)
{
    uint64_t lim = addr_bits >= 64 ? UINT64_MAX : ((uint64_t)1 << addr_bits) - 1;  /* last byte */
    for (size_t i = 0; i < t->n; i++) {
        const struct trace_dir *d = &t->dir[i];
        if (d->op != TRACE_MEM_INIT && d->op != TRACE_MEM_LOAD && d->op != TRACE_CHECK_CRC)
            continue;
        const char *op = trace_op_name(d->op);
        if (d->mem == TRACE_SEC_MEM && !has_sram)
            return trace_lex_error(err, len, t->path, d->line,
                                   "%s: sec_mem (SRAMIF memory) but the DUT has no SRAMIF port", op);
        if (d->op == TRACE_MEM_LOAD) {
            if (d->base > lim)
                return trace_lex_error(err, len, t->path, d->line,
                                       "mem_load: base 0x%llx is beyond the DUT's %u-bit address space",
                                       (unsigned long long)d->base, addr_bits);
            for (size_t r = 0; r < d->image->n; r++) {
                const struct trace_record *rec = &d->image->rec[r];
                uint64_t start = d->base + rec->offset;
                if (rec->size && (start > lim || rec->size - 1 > lim - start))
                    return trace_lex_error(err, len, d->image->path, rec->line,
                                           "record 0x%llx..+0x%llx (mem_load at %s:%u) is beyond the DUT's "
                                           "%u-bit address space", (unsigned long long)start,
                                           (unsigned long long)rec->size, t->path, d->line, addr_bits);
            }
        } else if (d->size && (d->base > lim || d->size - 1 > lim - d->base)) {
            return trace_lex_error(err, len, t->path, d->line,
                                   "%s: 0x%llx..+0x%llx is beyond the DUT's %u-bit address space", op,
                                   (unsigned long long)d->base, (unsigned long long)d->size, addr_bits);
        } else if (!d->size && d->base > lim) {
            return trace_lex_error(err, len, t->path, d->line,
                                   "%s: base 0x%llx is beyond the DUT's %u-bit address space", op,
                                   (unsigned long long)d->base, addr_bits);
        }
    }
    return 0;
}

void trace_free(struct trace *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->n; i++) {
        trace_image_free(t->dir[i].image);
        free(t->dir[i].file);
    }
    for (size_t i = 0; i < t->nsync; i++)
        free(t->sync[i].name);
    for (size_t i = 0; i < t->nevent; i++)
        free(t->event[i].name);
    free(t->event);
    free(t->dir);
    free(t->sync);
    free(t->path);
    free(t->name);
    free(t);
}
