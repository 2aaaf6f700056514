// ethosu_tlm_pprot: the APB PPROT of a register access to ethosu_tlm, as a
// TLM-2.0 generic-payload extension (the base protocol has no protection
// attribute). PPROT[0] privileged, PPROT[1] non-secure, PPROT[2]
// instruction. A transaction without it is a privileged, secure data
// access (PPROT = 0b001), as firmware on the secure side issues.
#ifndef ETHOSU_TLM_PPROT_H
#define ETHOSU_TLM_PPROT_H

#include <cstdint>
#include <tlm>

struct ethosu_tlm_pprot : tlm::tlm_extension<ethosu_tlm_pprot> {
    static const uint8_t PRIVILEGED = 0x1, NONSECURE = 0x2, INSTRUCTION = 0x4;
    static const uint8_t DEFAULT = PRIVILEGED;

    uint8_t pprot;

    explicit ethosu_tlm_pprot(uint8_t p = DEFAULT) : pprot(p) {}
    tlm::tlm_extension_base *clone() const override { return new ethosu_tlm_pprot(pprot); }
    void copy_from(const tlm::tlm_extension_base &e) override
    {
        pprot = static_cast<const ethosu_tlm_pprot &>(e).pprot;
    }
};

#endif
