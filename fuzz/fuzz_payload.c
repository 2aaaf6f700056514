/* fuzz_payload: the COP1 driver payload Vela puts in cmd_data
 * (sequences/ethosu/ethosu_payload.h) on arbitrary bytes, as the network
 * loader hands it over. What parses has a CONFIG action and a command
 * stream of whole words inside the payload; a refusal says why. */
#include <stdint.h>
#include <stdlib.h>

#include "ethosu_payload.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct ethosu_payload p;
    char err[512];
    err[0] = '\0';
    if (ethosu_payload_parse(data, size, "fuzz", &p, err, sizeof err)) {
        if (!err[0])
            abort();
        return 0;
    }
    if (!p.has_config || !p.cmd_words || p.cmd_offset % 4 || p.cmd_offset < 8 || p.cmd_offset > size ||
        p.cmd_words > (size - p.cmd_offset) / 4)
        abort();
    if (ethosu_payload_macs(p.config) == 0)
        abort();
    return 0;
}
