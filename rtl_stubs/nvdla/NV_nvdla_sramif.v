// NV_nvdla_sramif: the NV_nvdla stub with the SRAMIF port set whatever
// the defines say: the 46 ports in their order, then nvdla_core2cvsram_*,
// shaped like the DBBIF. It is NV_nvdla built with
// `define NVDLA_SECONDARY_MEMIF_ENABLE under another name, so both port
// sets can be Verilated from one file list. The stub never uses the
// SRAMIF: its outputs are held idle (valids 0, bready/rready 1).
// Ports and body: nvdla_stub_top.vh, shared with NV_nvdla.
`define NVDLA_STUB_TOP_SRAMIF
`define NVDLA_STUB_TOP NV_nvdla_sramif
`include "nvdla_stub_top.vh"
`undef NVDLA_STUB_TOP
`undef NVDLA_STUB_TOP_SRAMIF
