/* sim_knobs: see sim_knobs.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sim_knobs.h"

void sim_knobs_default(struct sim_knobs *k)
{
    memset(k, 0, sizeof *k);
    k->dut = "twin";
    k->rd_lat_min = k->rd_lat_max = 4;
    k->wr_lat = 2;
    k->axi_outstanding = 16;
    k->max_cycles = 2000000;
    k->waves_to = UINT64_MAX;
    k->out_dir = ".";
}

void sim_knobs_usage(const char *prog)
{
    printf("usage: %s --test NAME [options]\n"
           "       %s --trace PATH [--test NAME] [options]\n"
           "Runs one sequence, or one NVDLA trace, against the DUT with the CSB and AXI BFMs.\n\n"
           "  --test NAME          sequence to run (--list shows them); with --trace, the name shown\n"
           "  --trace PATH         run an NVDLA trace: a .cfg file, or a directory holding one\n"
           "  --list               list the sequences and exit\n"
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
           "  --waves-from N / --waves-to N  cycle window of the VCD\n"
           "  --sramif             twin: present the SRAMIF port set\n"
           "  --inject RULE        inject a protocol fault (see --inject list)\n"
           "  --out-dir DIR        where output dumps go (default .)\n"
           "  -v, --verbose        log transactions (twice: every beat)\n"
           "  -h, --help           this text\n", prog, prog);
}

static int parse_u64(const char *prog, const char *opt, const char *s, uint64_t lo, uint64_t hi,
                     uint64_t *out)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-') {
        fprintf(stderr, "%s: %s needs a non-negative number, got '%s'\n", prog, opt, s ? s : "");
        return -1;
    }
    unsigned long long v = strtoull(s, &end, 0);
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
        } else if (!strcmp(o, "-v") || !strcmp(o, "--verbose")) {
            k->verbose++;
            used = 0;
        } else if (!strcmp(o, "--waves-gz")) {
            k->waves_gz = 1;
            used = 0;
        } else if (!strcmp(o, "--sramif")) {
            k->sramif = 1;
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
        } else {
            fprintf(stderr, "%s: unknown option '%s' (see --help)\n", prog, o);
            return -1;
        }
        i += used;
    }
    if (k->waves_to < k->waves_from) {
        fprintf(stderr, "%s: --waves-to %" PRIu64 " is before --waves-from %" PRIu64 "\n",
                prog, k->waves_to, k->waves_from);
        return -1;
    }
    if (!k->test && !k->trace && !k->list) {
        fprintf(stderr, "%s: no test given (--test NAME, --trace PATH, or --list)\n", prog);
        return -1;
    }
    return 0;
}

void sim_knobs_print(const struct sim_knobs *k)
{
    printf("knobs: test=%s dut=%s seed=%" PRIu64 " axi_stall=%u rd_latency=%u:%u wr_latency=%u "
           "axi_outstanding=%u axi_reorder=%d csb_gap=%u:%u nposted=%d max_cycles=%" PRIu64 "%s%s%s%s\n",
           k->test ? k->test : "-", k->dut, k->seed, k->axi_stall, k->rd_lat_min, k->rd_lat_max, k->wr_lat,
           k->axi_outstanding, k->axi_reorder, k->csb_gap_min, k->csb_gap_max, k->nposted,
           k->max_cycles, k->inject ? " inject=" : "", k->inject ? k->inject : "",
           k->trace ? " trace=" : "", k->trace ? k->trace : "");
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
