// nvdla_tlm: the C twin of NV_nvdla (sim/nvdla/twin/nvdla_twin.c) as a TLM-2.0 module.
//
//   csb   simple_target_socket: register accesses, byte addresses as the
//         sequences use them (< 256 KiB), one 4-byte aligned word per
//         transaction; others answer TLM_BURST_ERROR_RESPONSE (length or
//         streaming width), TLM_ADDRESS_ERROR_RESPONSE (alignment, range) or
//         TLM_BYTE_ENABLE_ERROR_RESPONSE (partial byte enables). Blocking:
//         returns once the twin answered on its CSB pins.
//   dbb   simple_initiator_socket: the DBBIF memory; every AXI data beat of
//         the twin becomes one b_transport (8 bytes, bus-aligned address).
//   sram  the SRAMIF memory, only with sramif = true.
//   irq   follows dla_intr (level high).
//
// Inside (tlm_twin, from NVDLA's port table), the twin runs at pin level
// with the CSB requester BFM, one axi_mem BFM per AXI port (its store
// forwarding to the socket) and the CSB and AXI protocol checkers, so a
// twin protocol bug still fails the run (failures(), first_failure()). The
// BFM knobs (AXI stalls, latencies, CSB gaps, non-posted writes, seed) come
// from an optional sim_knobs.
#ifndef NVDLA_TLM_H
#define NVDLA_TLM_H

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "tlm_twin.h"

class nvdla_tlm : public tlm_twin {
public:
    tlm_utils::simple_target_socket<nvdla_tlm> csb;
    tlm_utils::simple_initiator_socket<nvdla_tlm> dbb;
    tlm_utils::simple_initiator_socket_optional<nvdla_tlm> sram;   // bind it only with SRAMIF

    // knobs: BFM settings (NULL: defaults, seed 1).
    nvdla_tlm(sc_core::sc_module_name name, const sc_core::sc_time &period = sc_core::sc_time(1, sc_core::SC_NS),
              bool sramif = false, const sim_knobs *knobs = nullptr);

    bool has_sramif() const { return dut_->has_sramif != 0; }
    unsigned addr_bits() const { return dut_->addr_bits; }

private:
    void b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
};

#endif
