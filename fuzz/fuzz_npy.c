/* fuzz_npy: numpy's .npy reader (golden/npy.h) on arbitrary bytes,
 * the whole image as npy_load hands it to npy_parse. */
#include <stdint.h>
#include <stdlib.h>

#include "npy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct npy_array a;
    npy_init(&a);
    char err[512];
    if (npy_parse(data, size, "fuzz.npy", &a, err, sizeof err) == 0) {
        if (a.bytes != a.count * a.elem_size)
            abort();
        char d[256];
        npy_describe(&a, d, sizeof d);
        /* every element reads from inside the data */
        if (!a.is_bytes && !a.is_float)
            for (uint64_t i = 0; i < a.count && i < 4096; i++)
                (void)npy_get(&a, i);
    }
    npy_free(&a);
    return 0;
}
