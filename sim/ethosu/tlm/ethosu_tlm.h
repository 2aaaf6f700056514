// ethosu_tlm: the C twin of the Ethos-U55/U65/U85 (sim/ethosu/ethosu_twin.c) as a
// TLM-2.0 module, of the configuration the knobs' ETHOSU_CONFIG names
// (network_config; the default ethos-u65-256 without).
//
//   apb   simple_target_socket: register accesses, byte offsets in the 4 KiB
//         register space, one 4-byte aligned word per transaction (else
//         TLM_BURST_ / TLM_ADDRESS_ / TLM_BYTE_ENABLE_ERROR_RESPONSE). PPROT
//         rides in an ethosu_tlm_pprot extension (absent: privileged,
//         secure). PSLVERR answers TLM_GENERIC_ERROR_RESPONSE. As on the
//         pins, a read or write the PROT levels refuse is not an error: the
//         read returns 0, the write is ignored.
//   m0, m1  simple_initiator_sockets: the AXI managers M0 and M1 (on an
//         Ethos-U85 configuration the SRAM and the EXT ports: a region's
//         MEM_ATTR entry picks one); every data beat (16 bytes,
//         bus-aligned, 40-bit address) is one b_transport.
//   irq   IRQ (level high).
//
// porpl/porsl are the PORPL/PORSL levels the hard reset at time 0 takes.
// Inside (tlm_twin, from the Ethos-U65's port table): the twin at pin level,
// the APB requester BFM, one axi_mem BFM per manager port (store forwarding
// to the socket) and the APB and AXI checkers. BFM knobs from an optional
// sim_knobs, as for nvdla_tlm.
#ifndef ETHOSU_TLM_H
#define ETHOSU_TLM_H

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "ethosu_tlm_pprot.h"
#include "tlm_twin.h"

class ethosu_tlm : public tlm_twin {
public:
    tlm_utils::simple_target_socket<ethosu_tlm> apb;
    tlm_utils::simple_initiator_socket<ethosu_tlm> m0, m1;

    ethosu_tlm(sc_core::sc_module_name name, const sc_core::sc_time &period = sc_core::sc_time(1, sc_core::SC_NS),
               int porpl = 1, int porsl = 0, const sim_knobs *knobs = nullptr);

private:
    void b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
};

#endif
