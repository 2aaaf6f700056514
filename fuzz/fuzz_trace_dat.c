/* fuzz_trace_dat: the NVDLA memory image parser (.dat, sequences/trace/trace_dat.h)
 * on arbitrary bytes, through its in-memory entry point (what trace_image_load
 * does once the file is read). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "trace_dat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* trace_lex_read_file hands the parser a NUL-terminated copy */
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    char err[512];
    struct trace_image *im = trace_image_parse("fuzz.dat", text, size, err, sizeof err);
    if (im) {
        /* every record's payload lies inside the byte buffer */
        for (size_t i = 0; i < im->n; i++)
            if (im->rec[i].data > im->nbytes || im->rec[i].size > im->nbytes - im->rec[i].data)
                abort();
    } else if (!err[0]) {
        abort();   /* a refusal always says why */
    }
    trace_image_free(im);
    free(text);
    return 0;
}
