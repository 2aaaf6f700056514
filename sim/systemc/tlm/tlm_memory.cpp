// tlm_memory: see tlm_memory.h.
#include "tlm_memory.h"

using namespace sc_core;

tlm_memory::tlm_memory(sc_module_name name, const sc_time &latency, sparse_mem *mem)
    : sc_module(name), socket("socket"), latency_(latency), mem_(mem), written_(write_map_create()),
      owned_(mem == nullptr)
{
    if (!mem_)
        mem_ = sparse_mem_create();
    if (!mem_ || !written_)
        SC_REPORT_FATAL(this->name(), "out of memory");
    socket.register_b_transport(this, &tlm_memory::b_transport);
    socket.register_transport_dbg(this, &tlm_memory::transport_dbg);
}

tlm_memory::~tlm_memory()
{
    if (owned_)
        sparse_mem_destroy(mem_);
    write_map_destroy(written_);
}

bool tlm_memory::access(tlm::tlm_generic_payload &gp, bool mark)
{
    uint64_t addr = gp.get_address();
    unsigned char *data = gp.get_data_ptr();
    unsigned len = gp.get_data_length();
    const unsigned char *be = gp.get_byte_enable_ptr();
    unsigned be_len = gp.get_byte_enable_length();
    if (gp.is_read()) {
        sparse_mem_read(mem_, addr, data, len);
        return true;   // byte enables on a read: the disabled bytes may hold anything
    }
    if (!be) {
        sparse_mem_write(mem_, addr, data, len);
        if (mark)
            write_map_mark(written_, addr, len);
        return true;
    }
    if (!be_len)
        return false;
    for (unsigned i = 0; i < len; i++)
        if (be[i % be_len] == TLM_BYTE_ENABLED) {
            sparse_mem_write(mem_, addr + i, data + i, 1);
            if (mark)
                write_map_mark(written_, addr + i, 1);
        }
    return true;
}

void tlm_memory::b_transport(tlm::tlm_generic_payload &gp, sc_time &delay)
{
    n_++;
    gp.set_dmi_allowed(false);
    if (gp.get_command() == tlm::TLM_IGNORE_COMMAND) {
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    if (gp.get_streaming_width() < gp.get_data_length()) {
        gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return;
    }
    if (!access(gp, true)) {
        gp.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
        return;
    }
    delay += latency_;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned int tlm_memory::transport_dbg(tlm::tlm_generic_payload &gp)
{
    if (gp.get_command() == tlm::TLM_IGNORE_COMMAND || gp.get_byte_enable_ptr())
        return 0;
    access(gp, false);
    return gp.get_data_length();
}
