/* ethosu-cmd: Ethos-U65 command stream assembler/disassembler (golden/ethosu_cmd.h).
 *   ethosu-cmd disasm stream.bin [-o stream.txt]
 *   ethosu-cmd asm stream.txt -o stream.bin
 * Binary streams are little-endian 32-bit words. Exit: 0 ok, 1 bad input, 2 usage. */
#include "ethosu_cmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char *prog = "ethosu-cmd";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s disasm STREAM.bin [-o OUT.txt]   command stream -> text (stdout by default)\n"
            "       %s asm STREAM.txt -o OUT.bin        text -> command stream\n"
            "       %s --help\n"
            "STREAM.bin: little-endian 32-bit words; '-' reads stdin / writes stdout.\n"
            "Text: one command per line, e.g.\n"
            "  NPU_SET_DMA0_SRC_REGION region=0 internal=0 stride_mode=0\n"
            "  NPU_SET_DMA0_LEN 0 0x000002E0     # cmd1: param payload\n"
            "  NPU_OP_STOP mask=65535\n"
            "  .word 0x12345678                  # raw word (reserved opcodes)\n"
            "Comments start with '#' or '//'.\n",
            prog, prog, prog);
}

/* Read a whole file ('-' = stdin). */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open %s: %s\n", prog, path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
        }
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (k == 0)
            break;
    }
    int bad = ferror(f);
    if (f != stdin)
        fclose(f);
    if (!buf || bad) {
        fprintf(stderr, "%s: cannot read %s\n", prog, path);
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

static FILE *open_out(const char *path, const char *mode)
{
    if (!path || strcmp(path, "-") == 0)
        return stdout;
    FILE *f = fopen(path, mode);
    if (!f)
        fprintf(stderr, "%s: cannot create %s: %s\n", prog, path, strerror(errno));
    return f;
}

static int close_out(FILE *f, const char *path)
{
    int bad = ferror(f) | (f == stdout ? fflush(f) : fclose(f));
    if (bad) {
        fprintf(stderr, "%s: write error on %s\n", prog, path ? path : "stdout");
        return 1;
    }
    return 0;
}

static int do_disasm(const char *in, const char *out)
{
    size_t len;
    unsigned char *b = (unsigned char *)slurp(in, &len);
    if (!b)
        return 1;
    if (len % 4) {
        fprintf(stderr, "%s: %s: %zu bytes is not a whole number of 32-bit words\n", prog, in, len);
        free(b);
        return 1;
    }
    size_t n = len / 4;
    uint32_t *w = malloc(n ? n * sizeof *w : 1);
    if (!w) {
        free(b);
        fprintf(stderr, "%s: out of memory\n", prog);
        return 1;
    }
    for (size_t i = 0; i < n; i++)
        w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
               (uint32_t)b[4 * i + 3] << 24;
    free(b);
    FILE *f = open_out(out, "w");
    int rc = 1;
    if (f) {
        rc = ethosu_cmd_disasm(w, n, f) ? 1 : 0;
        rc |= close_out(f, out);
    }
    free(w);
    return rc;
}

static int do_asm(const char *in, const char *out)
{
    size_t len, n;
    char *text = slurp(in, &len);
    if (!text)
        return 1;
    uint32_t *w;
    char err[512];
    int rc = ethosu_cmd_asm(text, len, strcmp(in, "-") == 0 ? "<stdin>" : in, &w, &n, err, sizeof err);
    free(text);
    if (rc) {
        fprintf(stderr, "%s: %s\n", prog, err);
        return 1;
    }
    FILE *f = open_out(out, "wb");
    if (!f) {
        free(w);
        return 1;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char b[4] = { (unsigned char)w[i], (unsigned char)(w[i] >> 8),
                               (unsigned char)(w[i] >> 16), (unsigned char)(w[i] >> 24) };
        fwrite(b, 1, 4, f);
    }
    free(w);
    return close_out(f, out);
}

int main(int argc, char **argv)
{
    const char *cmd = NULL, *in = NULL, *out = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "-o") == 0) {
            if (++i == argc) {
                fprintf(stderr, "%s: -o needs a file name\n", prog);
                return 2;
            }
            out = argv[i];
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "%s: unknown option %s (see --help)\n", prog, a);
            return 2;
        } else if (!cmd) {
            cmd = a;
        } else if (!in) {
            in = a;
        } else {
            fprintf(stderr, "%s: unexpected argument %s (see --help)\n", prog, a);
            return 2;
        }
    }
    if (!cmd) {
        usage(stderr);
        return 2;
    }
    int is_asm = strcmp(cmd, "asm") == 0;
    if (!is_asm && strcmp(cmd, "disasm") != 0) {
        fprintf(stderr, "%s: unknown command '%s': use asm or disasm (see --help)\n", prog, cmd);
        return 2;
    }
    if (!in) {
        fprintf(stderr, "%s %s: input file missing (see --help)\n", prog, cmd);
        return 2;
    }
    if (is_asm && !out) {
        fprintf(stderr, "%s asm: -o OUT.bin is required ('-o -' writes stdout)\n", prog);
        return 2;
    }
    return is_asm ? do_asm(in, out) : do_disasm(in, out);
}
