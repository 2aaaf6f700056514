/* fuzz_trace_cfg: the NVDLA trace parser (.cfg, sequences/trace/trace_parse.h)
 * on arbitrary bytes, through trace_parse_text_with as trace_parse does once
 * the file is read. The trace "is" fuzz.cfg in a scratch folder holding one
 * small valid memory image, a.dat, so mem_load(pri_mem, 0x0, "a.dat") of a
 * seed gets past the image and into the overlap and footprint checks. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char cfg_path[512];

/* the scratch folder, made once per process (removed at exit) */
static char scratch[256];

static void remove_scratch(void)
{
    char p[600];
    snprintf(p, sizeof p, "%s/a.dat", scratch);
    unlink(p);
    rmdir(scratch);
}

static int make_scratch(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch, sizeof scratch, "%s/fuzz-trace-cfg-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    if (!mkdtemp(scratch))
        return -1;
    char p[600];
    snprintf(p, sizeof p, "%s/a.dat", scratch);
    FILE *f = fopen(p, "w");
    if (!f)
        return -1;
    fputs("{\n{offset:0x0, size:8, payload:0x01 0x02 0x03 0x04 0x05 0x06 0x07 0x08},\n"
          "{offset:0x20, size:4, payload:0xff 0xee 0xdd 0xcc},\n}\n", f);
    if (fclose(f))
        return -1;
    snprintf(cfg_path, sizeof cfg_path, "%s/fuzz.cfg", scratch);
    atexit(remove_scratch);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!cfg_path[0] && make_scratch()) {
        fprintf(stderr, "fuzz_trace_cfg: cannot make a scratch folder in %s\n", scratch);
        abort();
    }
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    char err[1024];
    /* the first byte picks the options, so both the strict default and
     * ALLOW_NO_CHECK / a small MEM_LIMIT are reached */
    struct trace_parse_opts opts = { 0 };
    if (size && (data[0] & 1))
        opts.allow_no_check = 1;
    if (size && (data[0] & 2))
        opts.max_footprint = 4096;
    struct trace *t = trace_parse_text_with(cfg_path, text, size, &opts, err, sizeof err);
    if (t) {
        trace_check_dut(t, 32, 0, err, sizeof err);
        trace_check_dut(t, 40, 1, err, sizeof err);
        for (size_t i = 0; i < t->n; i++)
            if (t->dir[i].op == TRACE_MEM_LOAD && !t->dir[i].image)
                abort();
    } else if (!err[0]) {
        abort();
    }
    trace_free(t);
    free(text);
    return 0;
}
