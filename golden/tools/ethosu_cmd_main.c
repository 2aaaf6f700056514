/* ethosu-cmd: Ethos-U command stream assembler/disassembler (golden/ethosu/ethosu_cmd.h).
 *   ethosu-cmd [--product u65|u85] disasm stream.bin [-o stream.txt]
 *   ethosu-cmd [--product u65|u85] asm stream.txt -o stream.bin
 *   ethosu-cmd [--product u65|u85] check stream.bin
 * Binary streams are little-endian 32-bit words. Exit: 0 ok, 1 bad input, 2 usage. */
#include "ethosu_cmd.h"
#include "cli_io.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char *prog = "ethosu-cmd";
static enum ethosu_cmd_product product = ETHOSU_CMD_U55_U65;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s [--product P] disasm STREAM.bin [-o OUT.txt]   command stream -> text (stdout by default)\n"
            "       %s [--product P] asm STREAM.txt -o OUT.bin        text -> command stream\n"
            "       %s [--product P] check STREAM.bin                 exit 1 naming the first malformed word\n"
            "       %s --help\n"
            "P: u55 or u65 (command stream 1.x, the default) or u85 (command stream 2.0; also\n"
            "   a Vela configuration such as ethos-u85-256).\n"
            "STREAM.bin: little-endian 32-bit words; '-' reads stdin / writes stdout.\n"
            "Text: one command per line, e.g.\n"
            "  NPU_SET_DMA0_SRC_REGION region=0 internal=0 stride_mode=0\n"
            "  NPU_SET_DMA0_LEN 0 0x000002E0     # cmd1: param payload\n"
            "  NPU_OP_STOP mask=65535\n"
            "  .word 0x12345678                  # raw word (reserved opcodes)\n"
            "Comments start with '#' or '//'.\n",
            prog, prog, prog, prog);
}

/* The words of a binary stream file (malloc'd), or NULL after a message. */
static uint32_t *read_words(const char *in, size_t *nwords)
{
    size_t len;
    unsigned char *b = (unsigned char *)cli_slurp(prog, in, &len);
    if (!b)
        return NULL;
    if (len % 4) {
        fprintf(stderr, "%s: %s: %zu bytes is not a whole number of 32-bit words\n", prog, in, len);
        free(b);
        return NULL;
    }
    size_t n = len / 4;
    uint32_t *w = malloc(n ? n * sizeof *w : 1);
    if (!w) {
        free(b);
        fprintf(stderr, "%s: out of memory\n", prog);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
               (uint32_t)b[4 * i + 3] << 24;
    free(b);
    *nwords = n;
    return w;
}

static int do_disasm(const char *in, const char *out)
{
    size_t n;
    uint32_t *w = read_words(in, &n);
    if (!w)
        return 1;
    FILE *f = cli_open_out(prog, out, "w");
    int rc = 1;
    if (f) {
        rc = ethosu_cmd_disasm_for(product, w, n, f) ? 1 : 0;
        rc |= cli_close_out(prog, f, out);
    }
    free(w);
    return rc;
}

static int do_check(const char *in)
{
    size_t n, at;
    const char *why;
    uint32_t *w = read_words(in, &n);
    if (!w)
        return 1;
    int rc = ethosu_cmd_check_for(product, w, n, &at, &why);
    if (rc)
        fprintf(stderr, "%s: %s: word %zu (byte offset 0x%zx) 0x%08X: %s for the %s\n", prog, in, at,
                at * 4, (unsigned)w[at], why, ethosu_cmd_product_name(product));
    free(w);
    return rc ? 1 : 0;
}

static int do_asm(const char *in, const char *out)
{
    size_t len, n;
    char *text = cli_slurp(prog, in, &len);
    if (!text)
        return 1;
    uint32_t *w;
    char err[512];
    int rc = ethosu_cmd_asm_for(product, text, len, strcmp(in, "-") == 0 ? "<stdin>" : in, &w, &n, err, sizeof err);
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
        } else if (strcmp(a, "--product") == 0) {
            if (++i == argc || ethosu_cmd_product_parse(argv[i], &product)) {
                fprintf(stderr, "%s: --product needs u55, u65 or u85\n", prog);
                return 2;
            }
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
    int is_asm = strcmp(cmd, "asm") == 0, is_check = strcmp(cmd, "check") == 0;
    if (!is_asm && !is_check && strcmp(cmd, "disasm") != 0) {
        fprintf(stderr, "%s: unknown command '%s': use asm, disasm or check (see --help)\n", prog, cmd);
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
    if (is_check)
        return do_check(in);
    return is_asm ? do_asm(in, out) : do_disasm(in, out);
}
