// tlm_memory: a TLM-2.0 memory target over a C sparse_mem (bfm/sparse_mem.h:
// any 64-bit address, pages allocated on touch), so C sequence code loads
// and checks it directly through mem(). b_transport handles reads and
// writes of any length with byte enables; a streaming width below the
// length (a fixed-address burst) answers TLM_BURST_ERROR_RESPONSE. Each
// transaction adds `latency` to the annotated delay (LT: the initiator
// syncs). DMI is not offered (the pages are not contiguous): initiators
// keep using b_transport. transport_dbg reads and writes without time.
#ifndef TLM_MEMORY_H
#define TLM_MEMORY_H

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

extern "C" {
#include "sparse_mem.h"
#include "write_map.h"
}

class tlm_memory : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<tlm_memory> socket;

    // mem: the store to serve (not owned); NULL: one of its own.
    tlm_memory(sc_core::sc_module_name name, const sc_core::sc_time &latency = sc_core::SC_ZERO_TIME,
               sparse_mem *mem = nullptr);
    ~tlm_memory() override;
    tlm_memory(const tlm_memory &) = delete;
    tlm_memory &operator=(const tlm_memory &) = delete;

    sparse_mem *mem() { return mem_; }
    // the bytes b_transport writes stored (debug transport is not marked):
    // what a check asks to tell the DUT's bytes from initial ones
    const write_map *written() const { return written_; }
    uint64_t transactions() const { return n_; }

private:
    void b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    unsigned int transport_dbg(tlm::tlm_generic_payload &gp);
    bool access(tlm::tlm_generic_payload &gp, bool mark);

    sc_core::sc_time latency_;
    sparse_mem *mem_;
    write_map *written_;
    bool owned_;
    uint64_t n_ = 0;
};

#endif
