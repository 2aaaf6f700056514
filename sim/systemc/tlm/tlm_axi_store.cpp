// tlm_axi_store: see tlm_axi_store.h.
#include "tlm_axi_store.h"

axi_mem_store tlm_axi_store::c_store()
{
    axi_mem_store s;
    s.ctx = this;
    s.read = read;
    s.write = write;
    return s;
}

int tlm_axi_store::read(void *ctx, uint64_t addr, uint8_t *buf, unsigned n)
{
    return static_cast<tlm_axi_store *>(ctx)->transport(tlm::TLM_READ_COMMAND, addr, buf, nullptr, n);
}

int tlm_axi_store::write(void *ctx, uint64_t addr, const uint8_t *buf, const uint8_t *strb, unsigned n)
{
    // the payload's data pointer is not const, but a write never changes it
    return static_cast<tlm_axi_store *>(ctx)->transport(tlm::TLM_WRITE_COMMAND, addr, const_cast<uint8_t *>(buf),
                                                        strb, n);
}

int tlm_axi_store::transport(tlm::tlm_command cmd, uint64_t addr, uint8_t *buf, const uint8_t *strb, unsigned n)
{
    tlm::tlm_generic_payload gp;
    gp.set_command(cmd);
    gp.set_address(addr);
    gp.set_data_ptr(buf);
    gp.set_data_length(n);
    gp.set_streaming_width(n);
    gp.set_dmi_allowed(false);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    if (strb) {
        bool all = true;
        for (unsigned i = 0; i < n && all; i++)
            all = strb[i] == TLM_BYTE_ENABLED;
        if (!all) {   // the axi_mem strobe array already uses the TLM convention
            gp.set_byte_enable_ptr(const_cast<uint8_t *>(strb));
            gp.set_byte_enable_length(n);
        }
    }
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    transport_(gp, delay);
    if (delay > sc_core::SC_ZERO_TIME)
        on_delay_(delay);
    return gp.is_response_ok() ? 0 : -1;
}
