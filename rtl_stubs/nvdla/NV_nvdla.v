// NV_nvdla: stub of the NVDLA top. With the default parameters it has
// exactly the 46 ports of the nv_small core, in the same order, names,
// directions and widths; `define NVDLA_SECONDARY_MEMIF_ENABLE adds the
// SRAMIF port set nvdla_core2cvsram_* after them (as nv_small_256_full,
// nv_medium_1024_full and nv_large have it). Parameters PRIMARY_MEMIF_WIDTH,
// MEM_ADDRESS_WIDTH and NVDLA_CONFIG give the other public configurations'
// port widths and ConfigROM; scripts/build/rtl_build.sh sets them (and the define)
// from NVDLA_CONFIG. Ports and body: nvdla_stub_top.vh (see there and
// README.md for what it does), shared with NV_nvdla_sramif.
`ifdef NVDLA_SECONDARY_MEMIF_ENABLE
`define NVDLA_STUB_TOP_SRAMIF
`endif
`define NVDLA_STUB_TOP NV_nvdla
`include "nvdla_stub_top.vh"
`undef NVDLA_STUB_TOP
`undef NVDLA_STUB_TOP_SRAMIF
