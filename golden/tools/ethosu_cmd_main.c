/* ethosu-cmd: Ethos-U65 command stream assembler/disassembler (golden/ethosu/ethosu_cmd.h).
 *   ethosu-cmd disasm stream.bin [-o stream.txt]
 *   ethosu-cmd asm stream.txt -o stream.bin
 * Binary streams are little-endian 32-bit words. Exit: 0 ok, 1 bad input, 2 usage. */
#include "ethosu_cmd.h"
#include "cli_io.h"

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

static int do_disasm(const char *in, const char *out)
{
    size_t len;
    unsigned char *b = (unsigned char *)cli_slurp(prog, in, &len);
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
    FILE *f = cli_open_out(prog, out, "w");
    int rc = 1;
    if (f) {
        rc = ethosu_cmd_disasm(w, n, f) ? 1 : 0;
        rc |= cli_close_out(prog, f, out);
    }
    free(w);
    return rc;
}

static int do_asm(const char *in, const char *out)
{
    size_t len, n;
    char *text = cli_slurp(prog, in, &len);
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
    FILE *f = cli_open_out(prog, out, "wb");
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
    return cli_close_out(prog, f, out);
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
