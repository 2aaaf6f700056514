/* fuzz_npz: numpy's .npz archive reader (golden/npz.h) on arbitrary
 * bytes: the zip directory, then every member read as an array (CRC check,
 * inflate, .npy parse), as the network runner reads Vela's archive. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "npz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct npz z;
    npz_init(&z);
    char err[512];
    if (npz_parse(&z, data, size, "fuzz.npz", err, sizeof err) == 0) {
        for (unsigned i = 0; i < z.n; i++) {
            /* npz_read takes the name without ".npy" */
            char key[256];
            size_t l = strlen(z.members[i].name);
            if (l >= 4 && !strcmp(z.members[i].name + l - 4, ".npy"))
                l -= 4;
            if (l >= sizeof key)
                continue;
            memcpy(key, z.members[i].name, l);
            key[l] = 0;
            struct npy_array a;
            if (npz_read(&z, key, &a, err, sizeof err) == 0 && a.bytes != a.count * a.elem_size)
                abort();
            npy_free(&a);
        }
    }
    npz_free(&z);
    return 0;
}
