/* fuzz_cmd_asm: the Ethos-U65 command stream assembler (golden/ethosu/ethosu_cmd.h)
 * on arbitrary text, as ethosu-cmd asm reads a file. What it accepts is
 * disassembled and assembled again: the same words. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_cmd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* ethosu-cmd hands the assembler the file's bytes and length (cli_slurp
     * adds a NUL after them) */
    char *src = malloc(size + 1);
    if (!src)
        return 0;
    memcpy(src, data, size);
    src[size] = 0;
    uint32_t *w = NULL;
    size_t n = 0;
    char err[512];
    if (ethosu_cmd_asm(src, size, "fuzz.txt", &w, &n, err, sizeof err)) {
        if (w || !err[0])
            abort();
        free(src);
        return 0;
    }
    char *text = NULL;
    size_t tlen = 0;
    FILE *f = open_memstream(&text, &tlen);
    if (f) {
        if (ethosu_cmd_disasm(w, n, f) || fclose(f))
            abort();
        uint32_t *back = NULL;
        size_t nback = 0;
        if (ethosu_cmd_asm(text, tlen, "fuzz.disasm", &back, &nback, err, sizeof err) || nback != n ||
            (n && memcmp(back, w, n * sizeof *w))) {
            fprintf(stderr, "fuzz_cmd_asm: assembled, disassembled and assembled again differs\n");
            abort();
        }
        free(back);
        free(text);
    }
    free(w);
    free(src);
    return 0;
}
