// nvdla_stub.f: sources of the NV_nvdla stub (Verilator -f, Icarus -c).
// Paths are relative to the repository root: run the tool from there
// (Verilator resolves the paths in a -f file against the current directory).
// Both tops are listed; pick one with --top-module NV_nvdla or
// --top-module NV_nvdla_sramif (Icarus: -s).
+incdir+rtl_stubs/nvdla
+incdir+rtl_stubs/nvdla/generated
rtl_stubs/nvdla/NV_nvdla.v
rtl_stubs/nvdla/NV_nvdla_sramif.v
rtl_stubs/nvdla/nvdla_reset_sync.v
rtl_stubs/nvdla/nvdla_csb_regfile.v
rtl_stubs/nvdla/nvdla_sdp_bypass.v
rtl_stubs/nvdla/nvdla_sdp_burst_gen.v
