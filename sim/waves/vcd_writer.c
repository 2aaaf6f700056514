/* vcd_writer: see vcd_writer.h. */
#include "vcd_writer.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

extern char **environ;

#define VCD_BUF_SIZE (256u * 1024u)         /* internal output buffer */
#define VCD_GZ_BUF_SIZE (256u * 1024u)      /* zlib input buffer (gzbuffer) */
#define VCD_ID_MAX 8                        /* 94^8 identifiers: plenty */
#define VCD_FST_TOOL "vcd2fst"             /* GTKWave's converter, from PATH */
#define VCD_FST_TMP ".tmp.vcd"              /* the VCD beside an FST path */
/* Longest single value line: 'b' + width bits + ' ' + id + '\n'. */
#define VCD_VALUE_MAX (1u + VCD_WRITER_MAX_WIDTH + 1u + VCD_ID_MAX + 1u)

struct vcd_sig {
    const uint8_t *src;     /* user memory */
    size_t off;             /* offset of the shadow copy in w->shadow */
    unsigned nfull;         /* whole bytes compared with memcmp */
    unsigned width;
    uint8_t tailmask;       /* valid bits of byte nfull, 0 if width % 8 == 0 */
    uint8_t idlen;
    char id[VCD_ID_MAX];
};

struct vcd_writer {
    FILE *f;                /* exactly one of f / gz is set */
    gzFile gz;
    char *buf;
    size_t len;

    struct vcd_sig *sigs;
    unsigned nsig, capsig;
    uint8_t *shadow;
    size_t shlen, shcap;

    unsigned depth;         /* open scopes */
    int started;            /* first sample taken: header closed */
    uint64_t last_t;        /* time of the last sample */
    uint64_t written_t;     /* time of the last "#t" line (set by the first sample) */

    /* the writer's own clock and cycle counter (vcd_writer_add_clock) */
    uint64_t period;        /* 0: no clock */
    int clk_handle;         /* -1 until declared */
    uint8_t clk;
    uint64_t cycle;

    char *fst_path;         /* FST: the file to convert the VCD (vcd_path) into at close */
    char *vcd_path;
    char *out_path;         /* the file written (the VCD, or the VCD beside an FST): removed if it fails */

    int io_err;
    char err[512];
};

/* ---- errors ------------------------------------------------------------ */

static void set_err(struct vcd_writer *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->err, sizeof w->err, fmt, ap);
    va_end(ap);
}

static void open_err(char *errbuf, unsigned errlen, const char *fmt, ...)
{
    va_list ap;
    if (!errbuf || !errlen)
        return;
    va_start(ap, fmt);
    vsnprintf(errbuf, errlen, fmt, ap);
    va_end(ap);
}

/* ---- output buffer ----------------------------------------------------- */

static void flush_buf(struct vcd_writer *w)
{
    if (w->len == 0)
        return;
    if (!w->io_err) {
        if (w->gz) {
            if (gzwrite(w->gz, w->buf, (unsigned)w->len) != (int)w->len) {
                int zerr = 0;
                const char *msg = gzerror(w->gz, &zerr);
                w->io_err = 1;
                set_err(w, "vcd_writer: gzwrite failed: %s",
                        zerr == Z_ERRNO ? strerror(errno) : msg);
            }
        } else if (fwrite(w->buf, 1, w->len, w->f) != w->len) {
            w->io_err = 1;
            set_err(w, "vcd_writer: write failed: %s", strerror(errno));
        }
    }
    w->len = 0;     /* after an error, output is dropped */
}

static inline void reserve(struct vcd_writer *w, size_t n)
{
    if (VCD_BUF_SIZE - w->len < n)
        flush_buf(w);
}

/* Any length, flushing as needed. */
static void put(struct vcd_writer *w, const char *s, size_t n)
{
    while (n) {
        size_t room = VCD_BUF_SIZE - w->len;
        size_t k;
        if (!room) {
            flush_buf(w);
            room = VCD_BUF_SIZE;
        }
        k = n < room ? n : room;
        memcpy(w->buf + w->len, s, k);
        w->len += k;
        s += k;
        n -= k;
    }
}

static void puts_(struct vcd_writer *w, const char *s)
{
    put(w, s, strlen(s));
}

/* Name with whitespace / non-printables replaced by '_'. */
static void put_name(struct vcd_writer *w, const char *name)
{
    for (; *name; name++) {
        unsigned char c = (unsigned char)*name;
        char o = (c > 32 && c < 127) ? (char)c : '_';   /* VCD is ASCII */
        put(w, &o, 1);
    }
}

static void put_time(struct vcd_writer *w, uint64_t t)
{
    char tmp[24];
    int i = (int)sizeof tmp;
    tmp[--i] = '\n';
    do {
        tmp[--i] = (char)('0' + t % 10);
        t /= 10;
    } while (t);
    tmp[--i] = '#';
    put(w, tmp + i, sizeof tmp - (size_t)i);
}

/* ---- value formatting -------------------------------------------------- */

static const char nibble_bits[16][4] = {
    {'0','0','0','0'}, {'0','0','0','1'}, {'0','0','1','0'}, {'0','0','1','1'},
    {'0','1','0','0'}, {'0','1','0','1'}, {'0','1','1','0'}, {'0','1','1','1'},
    {'1','0','0','0'}, {'1','0','0','1'}, {'1','0','1','0'}, {'1','0','1','1'},
    {'1','1','0','0'}, {'1','1','0','1'}, {'1','1','1','0'}, {'1','1','1','1'},
};

/* Write the value held in the shadow copy (already masked). The caller has
 * reserved VCD_VALUE_MAX bytes. */
static void put_value(struct vcd_writer *w, const struct vcd_sig *s)
{
    const uint8_t *v = w->shadow + s->off;
    char *p = w->buf + w->len;

    if (s->width == 1) {
        *p++ = (char)('0' + (v[0] & 1));
    } else {
        int nb = (int)((s->width + 7) / 8);
        int i = nb - 1;
        *p++ = 'b';
        while (i >= 0 && v[i] == 0)
            i--;
        if (i < 0) {
            *p++ = '0';
        } else {
            unsigned top = v[i];
            int bit = 7;
            while (!(top & (1u << bit)))
                bit--;
            for (; bit >= 0; bit--)
                *p++ = (char)('0' + ((top >> bit) & 1));
            for (i--; i >= 0; i--) {
                memcpy(p, nibble_bits[v[i] >> 4], 4);
                memcpy(p + 4, nibble_bits[v[i] & 15], 4);
                p += 8;
            }
        }
        *p++ = ' ';
    }
    memcpy(p, s->id, s->idlen);
    p += s->idlen;
    *p++ = '\n';
    w->len = (size_t)(p - w->buf);
}

/* Copy user memory into the shadow; returns nonzero if it changed. */
static inline int refresh(struct vcd_writer *w, const struct vcd_sig *s)
{
    uint8_t *sh = w->shadow + s->off;
    int changed = 0;
    if (s->nfull && memcmp(sh, s->src, s->nfull) != 0) {
        memcpy(sh, s->src, s->nfull);
        changed = 1;
    }
    if (s->tailmask) {
        uint8_t t = (uint8_t)(s->src[s->nfull] & s->tailmask);
        if (t != sh[s->nfull]) {
            sh[s->nfull] = t;
            changed = 1;
        }
    }
    return changed;
}

/* ---- API --------------------------------------------------------------- */

static int parse_timescale(const char *ts, char *out, size_t outlen)
{
    static const char *const units[] = {"s", "ms", "us", "ns", "ps", "fs"};
    const char *p = ts;
    const char *num;
    size_t nlen, i;

    while (*p == ' ' || *p == '\t')
        p++;
    num = p;
    while (*p >= '0' && *p <= '9')
        p++;
    nlen = (size_t)(p - num);
    if (!((nlen == 1 && num[0] == '1') ||
          (nlen == 2 && !strncmp(num, "10", 2)) ||
          (nlen == 3 && !strncmp(num, "100", 3))))
        return -1;
    while (*p == ' ' || *p == '\t')
        p++;
    for (i = 0; i < sizeof units / sizeof units[0]; i++) {
        size_t ul = strlen(units[i]);
        if (!strncmp(p, units[i], ul)) {
            const char *q = p + ul;
            while (*q == ' ' || *q == '\t')
                q++;
            if (*q)
                continue;
            snprintf(out, outlen, "%.*s%s", (int)nlen, num, units[i]);
            return 0;
        }
    }
    return -1;
}

/* An executable named name in one of PATH's folders (an empty entry is the
 * current folder). */
static int in_path(const char *name)
{
    const char *path = getenv("PATH");
    const char *p;
    char full[4096];
    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin";
    for (p = path;; ) {
        const char *end = strchr(p, ':');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        struct stat st;
        int len = n ? snprintf(full, sizeof full, "%.*s/%s", (int)n, p, name)
                    : snprintf(full, sizeof full, "./%s", name);
        if (len > 0 && (size_t)len < sizeof full && stat(full, &st) == 0 && S_ISREG(st.st_mode) &&
            access(full, X_OK) == 0)
            return 1;
        if (!end)
            return 0;
        p = end + 1;
    }
}

static void free_writer(struct vcd_writer *w)
{
    free(w->buf);
    free(w->sigs);
    free(w->shadow);
    free(w->fst_path);
    free(w->vcd_path);
    free(w->out_path);
    free(w);
}

struct vcd_writer *vcd_writer_open_opts(const char *path, const struct vcd_writer_opts *opts,
                                        char *errbuf, unsigned errlen)
{
    static const struct vcd_writer_opts defaults;
    struct vcd_writer *w;
    const char *timescale;
    const char *out;            /* the file written now: path, or the VCD of an FST */
    char ts[16];
    size_t plen;
    int gz;

    if (errbuf && errlen)
        errbuf[0] = '\0';
    if (!opts)
        opts = &defaults;
    if (!path || !*path) {
        open_err(errbuf, errlen, "vcd_writer: empty path");
        return NULL;
    }
    timescale = opts->timescale ? opts->timescale : "1ns";
    if (parse_timescale(timescale, ts, sizeof ts) != 0) {
        open_err(errbuf, errlen,
                 "vcd_writer: bad timescale '%s' (want 1|10|100 followed by s|ms|us|ns|ps|fs)",
                 timescale);
        return NULL;
    }
    if (opts->period == 1) {
        open_err(errbuf, errlen, "vcd_writer: clock period of 1 %s: the clock needs at least 2 "
                 "timescale units (a low and a high phase)", ts);
        return NULL;
    }
    plen = strlen(path);
    gz = opts->gz || (plen >= 3 && !strcmp(path + plen - 3, ".gz"));
    if (opts->fst && gz) {
        open_err(errbuf, errlen, "vcd_writer: '%s': FST and gzip together: FST is compressed "
                 "already, ask for one of them", path);
        return NULL;
    }
    if (opts->fst && !in_path(VCD_FST_TOOL)) {
        open_err(errbuf, errlen, "vcd_writer: '%s': FST output needs GTKWave's " VCD_FST_TOOL
                 ", which is not in PATH: install the Debian package gtkwave "
                 "(scripts/build/deps.sh does), or dump a VCD", path);
        return NULL;
    }

    w = calloc(1, sizeof *w);
    if (w)
        w->buf = malloc(VCD_BUF_SIZE);
    if (w && w->buf && opts->fst) {
        w->fst_path = strdup(path);
        w->vcd_path = malloc(plen + sizeof VCD_FST_TMP);
        if (w->vcd_path)
            snprintf(w->vcd_path, plen + sizeof VCD_FST_TMP, "%s%s", path, VCD_FST_TMP);
    }
    if (!w || !w->buf || (opts->fst && (!w->fst_path || !w->vcd_path))) {
        if (w)
            free_writer(w);
        open_err(errbuf, errlen, "vcd_writer: out of memory");
        return NULL;
    }
    w->period = opts->period;
    w->clk_handle = -1;
    out = opts->fst ? w->vcd_path : path;
    w->out_path = strdup(out);
    if (!w->out_path) {
        free_writer(w);
        open_err(errbuf, errlen, "vcd_writer: out of memory");
        return NULL;
    }

    errno = 0;
    if (gz) {
        w->gz = gzopen(out, "wb");
        if (w->gz && gzbuffer(w->gz, VCD_GZ_BUF_SIZE) != 0) {
            gzclose(w->gz);
            w->gz = NULL;
        }
        if (!w->gz) {
            open_err(errbuf, errlen, "vcd_writer: cannot open '%s' for gzip writing: %s",
                     out, errno ? strerror(errno) : "gzopen failed");
            free_writer(w);
            return NULL;
        }
    } else {
        w->f = fopen(out, "wb");
        if (!w->f) {
            open_err(errbuf, errlen, "vcd_writer: cannot open '%s' for writing: %s",
                     out, strerror(errno));
            free_writer(w);
            return NULL;
        }
    }

    puts_(w, "$date\n\tvcd_writer output\n$end\n"
             "$version\n\tvcd_writer 1.0\n$end\n"
             "$timescale\n\t");
    puts_(w, ts);
    puts_(w, "\n$end\n");
    return w;
}

struct vcd_writer *vcd_writer_open(const char *path, int gz, const char *timescale,
                                   char *errbuf, unsigned errlen)
{
    struct vcd_writer_opts o;
    memset(&o, 0, sizeof o);
    o.gz = gz;
    o.timescale = timescale;
    return vcd_writer_open_opts(path, &o, errbuf, errlen);
}

static int check_decl(struct vcd_writer *w, const char *what, const char *name)
{
    if (w->started) {
        set_err(w, "vcd_writer: %s after the first sample ignored", what);
        return -1;
    }
    if (name && !*name) {
        set_err(w, "vcd_writer: %s with an empty name ignored", what);
        return -1;
    }
    return 0;
}

void vcd_writer_scope_push(struct vcd_writer *w, const char *name)
{
    if (!w)
        return;
    if (!name)
        name = "";
    if (check_decl(w, "scope_push", name))
        return;
    puts_(w, "$scope module ");
    put_name(w, name);
    puts_(w, " $end\n");
    w->depth++;
}

void vcd_writer_scope_pop(struct vcd_writer *w)
{
    if (!w || check_decl(w, "scope_pop", NULL))
        return;
    if (!w->depth) {
        set_err(w, "vcd_writer: scope_pop without an open scope ignored");
        return;
    }
    puts_(w, "$upscope $end\n");
    w->depth--;
}

int vcd_writer_add(struct vcd_writer *w, const char *name, unsigned width, const void *value)
{
    struct vcd_sig *s;
    unsigned n, nbytes;
    char num[16];

    if (!w)
        return -1;
    if (!name)
        name = "";
    if (check_decl(w, "add", name))
        return -1;
    if (width < 1 || width > VCD_WRITER_MAX_WIDTH) {
        set_err(w, "vcd_writer: signal '%s': width %u not in 1..%u", name, width,
                VCD_WRITER_MAX_WIDTH);
        return -1;
    }
    if (!value) {
        set_err(w, "vcd_writer: signal '%s': NULL value pointer", name);
        return -1;
    }
    if (w->nsig >= (unsigned)INT32_MAX) {
        set_err(w, "vcd_writer: too many signals");
        return -1;
    }
    nbytes = (width + 7) / 8;

    if (w->nsig == w->capsig) {
        unsigned nc = w->capsig ? w->capsig * 2 : 64;
        struct vcd_sig *ns = realloc(w->sigs, (size_t)nc * sizeof *ns);
        if (!ns) {
            set_err(w, "vcd_writer: out of memory");
            return -1;
        }
        w->sigs = ns;
        w->capsig = nc;
    }
    if (w->shcap - w->shlen < nbytes) {
        size_t nc = w->shcap ? w->shcap : 1024;
        uint8_t *nsh;
        while (nc - w->shlen < nbytes)
            nc *= 2;
        nsh = realloc(w->shadow, nc);
        if (!nsh) {
            set_err(w, "vcd_writer: out of memory");
            return -1;
        }
        w->shadow = nsh;
        w->shcap = nc;
    }

    s = &w->sigs[w->nsig];
    s->src = value;
    s->off = w->shlen;
    s->width = width;
    s->nfull = width / 8;
    s->tailmask = (uint8_t)((width % 8) ? (1u << (width % 8)) - 1u : 0u);
    s->idlen = 0;
    n = w->nsig;
    do {
        s->id[s->idlen++] = (char)(33 + n % 94);
        n /= 94;
    } while (n);
    memset(w->shadow + w->shlen, 0, nbytes);
    w->shlen += nbytes;

    snprintf(num, sizeof num, "%u", width);
    puts_(w, "$var wire ");
    puts_(w, num);
    put(w, " ", 1);
    put(w, s->id, s->idlen);
    put(w, " ", 1);
    put_name(w, name);
    if (width > 1) {
        snprintf(num, sizeof num, " [%u:0]", width - 1);
        puts_(w, num);
    }
    puts_(w, " $end\n");
    return (int)w->nsig++;
}

int vcd_writer_add_clock(struct vcd_writer *w, const char *clk_name, const char *cycle_name)
{
    int h;
    if (!w)
        return -1;
    if (!w->period) {
        set_err(w, "vcd_writer: add_clock without a clock period in the options ignored");
        return -1;
    }
    if (w->clk_handle >= 0) {
        set_err(w, "vcd_writer: add_clock: the clock is declared already");
        return -1;
    }
    if (!clk_name || !*clk_name || !cycle_name || !*cycle_name || !strcmp(clk_name, cycle_name)) {
        set_err(w, "vcd_writer: add_clock needs two different non-empty names");
        return -1;
    }
    h = vcd_writer_add(w, clk_name, 1, &w->clk);
    if (h < 0)
        return -1;
    if (vcd_writer_add(w, cycle_name, 64, &w->cycle) < 0)
        return -1;          /* (only after the first sample, where the clock failed already) */
    w->clk_handle = h;
    return h;
}

static void end_header(struct vcd_writer *w)
{
    while (w->depth) {
        puts_(w, "$upscope $end\n");
        w->depth--;
    }
    puts_(w, "$enddefinitions $end\n");
    w->started = 1;
}

int vcd_writer_sample(struct vcd_writer *w, uint64_t t)
{
    unsigned i;

    if (!w)
        return -1;
    if (!w->started) {
        end_header(w);
        put_time(w, t);
        w->written_t = t;
        puts_(w, "$dumpvars\n");
        for (i = 0; i < w->nsig; i++) {
            refresh(w, &w->sigs[i]);
            reserve(w, VCD_VALUE_MAX);
            put_value(w, &w->sigs[i]);
        }
        puts_(w, "$end\n");
        w->last_t = t;
        return w->io_err ? -1 : 0;
    }
    if (t < w->last_t) {
        set_err(w, "vcd_writer: time went backwards (%llu after %llu), sample dropped",
                (unsigned long long)t, (unsigned long long)w->last_t);
        return -1;
    }
    w->last_t = t;
    for (i = 0; i < w->nsig; i++) {
        const struct vcd_sig *s = &w->sigs[i];
        if (!refresh(w, s))
            continue;
        reserve(w, VCD_VALUE_MAX + 24);
        if (w->written_t != t) {
            put_time(w, t);
            w->written_t = t;
        }
        put_value(w, s);
    }
    return w->io_err ? -1 : 0;
}

int vcd_writer_cycle(struct vcd_writer *w, uint64_t n)
{
    uint64_t t;
    if (!w)
        return -1;
    if (w->clk_handle < 0) {
        set_err(w, "vcd_writer: cycle without a clock (vcd_writer_add_clock)");
        return -1;
    }
    if (n > (UINT64_MAX - w->period) / w->period) {
        set_err(w, "vcd_writer: cycle %llu: its time overflows 64 bits", (unsigned long long)n);
        return -1;
    }
    t = n * w->period;
    w->cycle = n;
    w->clk = 0;
    if (vcd_writer_sample(w, t))
        return -1;
    w->clk = 1;
    return vcd_writer_sample(w, t + w->period / 2);
}

/* Run vcd2fst on the finished VCD; 0 when the FST is written. */
static int convert_fst(struct vcd_writer *w)
{
    char *argv[] = {VCD_FST_TOOL, "-v", w->vcd_path, "-f", w->fst_path, NULL};
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int st = 0, rc;

    if (posix_spawn_file_actions_init(&fa) != 0) {
        set_err(w, "vcd_writer: cannot run " VCD_FST_TOOL ": out of memory");
        return -1;
    }
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    rc = posix_spawnp(&pid, VCD_FST_TOOL, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        set_err(w, "vcd_writer: cannot run " VCD_FST_TOOL " (Debian package gtkwave): %s; "
                "the VCD is kept in '%s'", strerror(rc), w->vcd_path);
        return -1;
    }
    while (waitpid(pid, &st, 0) < 0) {
        if (errno != EINTR) {
            set_err(w, "vcd_writer: waiting for " VCD_FST_TOOL ": %s; the VCD is kept in '%s'",
                    strerror(errno), w->vcd_path);
            return -1;
        }
    }
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        remove(w->vcd_path);
        return 0;
    }
    remove(w->fst_path);    /* no half-written FST left behind */
    if (WIFEXITED(st))
        set_err(w, "vcd_writer: " VCD_FST_TOOL " failed (exit status %d) converting '%s' to '%s'; "
                "the VCD is kept", WEXITSTATUS(st), w->vcd_path, w->fst_path);
    else
        set_err(w, "vcd_writer: " VCD_FST_TOOL " killed by signal %d converting '%s' to '%s'; "
                "the VCD is kept", WIFSIGNALED(st) ? WTERMSIG(st) : 0, w->vcd_path, w->fst_path);
    return -1;
}

int vcd_writer_finish(struct vcd_writer *w, char *errbuf, unsigned errlen)
{
    int rc;

    if (errbuf && errlen)
        errbuf[0] = '\0';
    if (!w)
        return 0;
    if (!w->started)
        end_header(w);
    else if (w->last_t != w->written_t)
        put_time(w, w->last_t);
    flush_buf(w);

    if (w->gz) {
        int zr = gzclose(w->gz);
        if (zr != Z_OK && !w->io_err) {
            w->io_err = 1;
            set_err(w, "vcd_writer: gzclose failed (%d)", zr);
        }
    } else {
        if (fclose(w->f) != 0 && !w->io_err) {
            w->io_err = 1;
            set_err(w, "vcd_writer: close failed: %s", strerror(errno));
        }
    }
    if (w->io_err) {
        /* a dump cut short by a failed write is no dump: nothing half-written is left */
        size_t l = strlen(w->err);
        if (remove(w->out_path) == 0 && l < sizeof w->err)
            snprintf(w->err + l, sizeof w->err - l, "; the partial '%s' is removed", w->out_path);
    } else if (w->fst_path && convert_fst(w))
        w->io_err = 1;
    rc = w->io_err ? -1 : 0;
    if (rc)
        open_err(errbuf, errlen, "%s", w->err);
    free_writer(w);
    return rc;
}

int vcd_writer_close(struct vcd_writer *w)
{
    return vcd_writer_finish(w, NULL, 0);
}

const char *vcd_writer_error(const struct vcd_writer *w)
{
    return w ? w->err : "";
}
