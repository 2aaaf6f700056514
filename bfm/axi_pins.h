/* axi_pins: one AXI4 port at pin level, seen from the memory side (the DUT
 * is the manager). Data buses are little-endian byte arrays sized for the
 * widest port (512 bits); only the first data_bytes are meaningful.
 * NVDLA's DBBIF/SRAMIF have no size/burst/resp pins: the adapter ties
 * size to the bus width, burst to INCR and ignores resp. The attribute pins
 * AxLOCK/AxCACHE/AxPROT are zero unless the adapter fills them: zero is a
 * normal (non-exclusive), device non-bufferable, unprivileged secure data
 * access, which is what an adapter without those pins presents. */
#ifndef AXI_PINS_H
#define AXI_PINS_H

#include <stdint.h>

#define AXI_MAX_DATA_BYTES 64

enum axi_resp { AXI_RESP_OKAY = 0, AXI_RESP_EXOKAY = 1,
                AXI_RESP_SLVERR = 2, AXI_RESP_DECERR = 3 };
enum axi_burst { AXI_BURST_FIXED = 0, AXI_BURST_INCR = 1, AXI_BURST_WRAP = 2 };

struct axi_pins {
    /* AW: manager -> memory, except ready */
    uint8_t  aw_valid, aw_ready;
    uint32_t aw_id;
    uint64_t aw_addr;
    uint8_t  aw_len;    /* beats - 1 */
    uint8_t  aw_size;   /* log2(bytes per beat) */
    uint8_t  aw_burst;  /* enum axi_burst */
    uint8_t  aw_lock;   /* AWLOCK: 1 = exclusive access, 0 = normal */
    uint8_t  aw_cache;  /* AWCACHE[3:0] */
    uint8_t  aw_prot;   /* AWPROT[2:0] */
    /* W */
    uint8_t  w_valid, w_ready, w_last;
    uint8_t  w_data[AXI_MAX_DATA_BYTES];
    uint64_t w_strb;
    /* B: memory -> manager, except ready */
    uint8_t  b_valid, b_ready;
    uint32_t b_id;
    uint8_t  b_resp;
    /* AR */
    uint8_t  ar_valid, ar_ready;
    uint32_t ar_id;
    uint64_t ar_addr;
    uint8_t  ar_len;
    uint8_t  ar_size;
    uint8_t  ar_burst;
    uint8_t  ar_lock;   /* ARLOCK: 1 = exclusive access, 0 = normal */
    uint8_t  ar_cache;  /* ARCACHE[3:0] */
    uint8_t  ar_prot;   /* ARPROT[2:0] */
    /* R */
    uint8_t  r_valid, r_ready, r_last;
    uint32_t r_id;
    uint8_t  r_data[AXI_MAX_DATA_BYTES];
    uint8_t  r_resp;
};

#endif
