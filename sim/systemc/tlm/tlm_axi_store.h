// tlm_axi_store: the backing store of an axi_mem BFM (bfm/axi_mem.h) that
// forwards every data beat as a TLM-2.0 blocking transport (on an initiator
// socket, through the transport function given). The twin stays the AXI manager at pin level; the axi_mem BFM does
// the AXI protocol; the memory beyond is any TLM target. A response other
// than TLM_OK_RESPONSE answers SLVERR on that beat. The delay the target
// returns is handed to a callback (the clock thread syncs to it, LT style).
// DMI is not used: each beat is one b_transport.
#ifndef TLM_AXI_STORE_H
#define TLM_AXI_STORE_H

#include <cstdint>
#include <functional>
#include <systemc>
#include <tlm>

extern "C" {
#include "axi_mem.h"
}

class tlm_axi_store {
public:
    using transport_fn = std::function<void(tlm::tlm_generic_payload &, sc_core::sc_time &)>;
    using delay_fn = std::function<void(const sc_core::sc_time &)>;
    tlm_axi_store(transport_fn transport, delay_fn on_delay)
        : transport_(std::move(transport)), on_delay_(std::move(on_delay)) {}
    // The C view, for axi_mem_set_store(); valid while this object lives.
    axi_mem_store c_store();

private:
    static int read(void *ctx, uint64_t addr, uint8_t *buf, unsigned n);
    static int write(void *ctx, uint64_t addr, const uint8_t *buf, const uint8_t *strb, unsigned n);
    int transport(tlm::tlm_command cmd, uint64_t addr, uint8_t *buf, const uint8_t *strb, unsigned n);

    transport_fn transport_;
    delay_fn on_delay_;
};

#endif
