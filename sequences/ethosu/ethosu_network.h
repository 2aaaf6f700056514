/* ethosu_network: one network folder as Vela and the reference write it:
 * <name>_vela.npz (vela --output-format raw: the driver payload cmd_data,
 * weight_data and its region, the scratch and fast-scratch sizes and
 * regions, each input's and output's shape, element size, region and
 * offset), input_<i>.npy and expected_<i>.npy. Loaded and cross-checked
 * (shapes and element sizes against the npz's description) before a run;
 * every error names the file. No registers: ethosu_network_run.c drives
 * the NPU with it. */
#ifndef ETHOSU_NETWORK_H
#define ETHOSU_NETWORK_H

#include <stddef.h>
#include <stdint.h>
#include "ethosu_payload.h"
#include "npy.h"

#define ETHOSU_NETWORK_MAX_TENSORS 16
#define ETHOSU_REGIONS 8
/* the bytes the runner gives each region (ethosu_network_run.c places region
 * r at 0x1_0000_0000 + r * this): a tensor must end inside its region */
#define ETHOSU_NETWORK_REGION_SPAN 0x10000000ull

struct ethosu_net_tensor {
    unsigned region;
    uint64_t offset;             /* in its region */
    unsigned elem_size;
    uint64_t shape[4];           /* the npz's shape as NHWC (leading 1s added or dropped) */
    uint64_t count, bytes;
    char file[512];              /* input_<i>.npy / expected_<i>.npy */
    struct npy_array data;       /* the values to write (inputs) or expect (outputs); an int64
                                    output (ARG_MAX) is 8-byte elements, the stream writes each
                                    as two int32 words */
};

/* The variable (state) tensors of the npz's variable_* members (an LSTM's
 * output and cell state; Vela lists one per use, repeats included): the
 * runner sets them before the run as TensorFlow Lite resets variable
 * tensors, an int8 one to its zero point (every byte), any other to 0.
 * The zero point is the IFM_ZERO_POINT of the first operation reading the
 * tensor (the npz's variable_quantization is a pickled Python object).
 * Not compared. */
#define ETHOSU_NETWORK_MAX_VARIABLES 256
struct ethosu_net_variable {
    unsigned region;
    uint64_t offset, bytes;
    unsigned elem_size;
    uint8_t fill;                /* the byte every element starts as */
};

struct ethosu_network {
    char npz_path[512];
    uint8_t *cmd_data;           /* the driver payload (COP1) */
    size_t cmd_len;
    struct ethosu_payload payload;
    uint8_t *weights;
    size_t weight_len;
    unsigned weight_region, scratch_region, scratch_fast_region;
    uint64_t scratch_size, scratch_fast_size;
    unsigned n_inputs, n_outputs;
    struct ethosu_net_tensor inputs[ETHOSU_NETWORK_MAX_TENSORS];
    struct ethosu_net_tensor outputs[ETHOSU_NETWORK_MAX_TENSORS];
    unsigned n_variables;
    struct ethosu_net_variable variables[ETHOSU_NETWORK_MAX_VARIABLES];
};

void ethosu_network_init(struct ethosu_network *n);
void ethosu_network_free(struct ethosu_network *n);
/* Load the folder dir. 0, or -1 with "file: reason" in err. */
int ethosu_network_load(struct ethosu_network *n, const char *dir, char *err, size_t errlen);
/* The payload's command stream as words (a fresh copy; NULL when out of memory). */
uint32_t *ethosu_network_stream(const struct ethosu_network *n);

#endif
