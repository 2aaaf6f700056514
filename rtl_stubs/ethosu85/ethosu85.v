// ethosu85: stub of the Arm Ethos-U85 NPU top for one of the five
// configurations Vela targets (ETHOSU_CFG: the index in
// scripts/gen/regdefs/ethosu_configs.csv, 6..10 = ethos-u85-128, -256, -512,
// -1024, -2048). The Ethos-U65 stub's engines with the U85 register map of
// the one register source (generated/ethosu65_regs.vh, its u85 column): ID
// 0x20007001, the configuration's CONFIG (product 2, log2 MACs, SRAM/EXT
// port counts, weight decoders), MEM_ATTR0-3, AXI_SRAM/AXI_EXT, POWER_CTRL,
// the DEBUG page, no LOCK and no AXI_LIMIT. See README.md.
//
// Pins: the same names as the ethosu65 stub, so one Verilator shim
// (sim/ethosu/rtl) and one pin table (the waves) serve both: the SRAM AXI
// ports are one manager, M0, the EXT ports one manager, M1 (a region's
// REGIONCFG setting names a MEM_ATTR entry whose axi_port picks the
// manager). CONFIG still reports the configuration's port counts; the
// address hash that spreads a real U85's traffic over its SRAM ports
// (CFG_SRAM_HASH0/1) is not modelled. Addresses are 40 bits.
module ethosu85 #(
    parameter integer DATA_W = 128,
    parameter integer ETHOSU_CFG = 7,
    parameter integer ADDR_W = 40
) (
`include "ethosu_top_ports.vh"
);

// Only Ethos-U85 configurations: a U55/U65 index is the ethosu65 top's.
generate
    if (ETHOSU_CFG < 6 || ETHOSU_CFG > 10) begin : g_bad_cfg
        ethosu85_needs_an_ethos_u85_configuration u_bad ();
    end
endgenerate

ethosu65 #(.DATA_W(DATA_W), .ETHOSU_CFG(ETHOSU_CFG), .ADDR_W(ADDR_W)) u_npu (
`include "ethosu_top_conns.vh"
);

endmodule
