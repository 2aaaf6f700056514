/* fuzz_cmd_disasm: the Ethos-U65 command stream disassembler and assembler
 * (golden/ethosu/ethosu_cmd.h) on an arbitrary binary stream, as ethosu-cmd disasm
 * reads one (little-endian 32-bit words; a trailing partial word is cut off
 * here, the tool refuses it). "Any binary round-trips": the disassembly,
 * assembled again, gives the same words. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ethosu_cmd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t n = size / 4;
    uint32_t *w = malloc(n ? n * sizeof *w : 1);
    if (!w)
        return 0;
    for (size_t i = 0; i < n; i++)
        w[i] = (uint32_t)data[4 * i] | (uint32_t)data[4 * i + 1] << 8 | (uint32_t)data[4 * i + 2] << 16 |
               (uint32_t)data[4 * i + 3] << 24;
    char *text = NULL;
    size_t tlen = 0;
    FILE *f = open_memstream(&text, &tlen);
    if (!f) {
        free(w);
        return 0;
    }
    if (ethosu_cmd_disasm(w, n, f))
        abort();
    if (fclose(f))
        abort();
    uint32_t *back = NULL;
    size_t nback = 0;
    char err[512];
    if (ethosu_cmd_asm(text, tlen, "fuzz.disasm", &back, &nback, err, sizeof err)) {
        fprintf(stderr, "fuzz_cmd_disasm: the disassembly does not assemble: %s\n", err);
        abort();
    }
    if (nback != n || (n && memcmp(back, w, n * sizeof *w))) {
        fprintf(stderr, "fuzz_cmd_disasm: %zu words disassembled and assembled again are %zu other words\n", n,
                nback);
        abort();
    }
    free(back);
    free(text);
    free(w);
    return 0;
}
