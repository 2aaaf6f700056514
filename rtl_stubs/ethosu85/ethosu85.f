// ethosu85.f: sources of the Ethos-U85 stub (Verilator -f, Icarus -c): the Ethos-U65
// stub's engines behind the ethosu85 top.
// Paths are relative to the repository root: run the tool from there
// (Verilator resolves the paths in a -f file against the current directory).
// Top module: ethosu85.
+incdir+rtl_stubs/ethosu65
+incdir+rtl_stubs/ethosu65/generated
rtl_stubs/ethosu85/ethosu85.v
rtl_stubs/ethosu65/ethosu65.v
rtl_stubs/ethosu65/ethosu65_regs.v
rtl_stubs/ethosu65/ethosu65_cmd_fetch.v
rtl_stubs/ethosu65/ethosu65_cmd_proc.v
rtl_stubs/ethosu65/ethosu65_dma.v
rtl_stubs/ethosu65/ethosu65_dma_rows.v
rtl_stubs/ethosu65/ethosu65_wfetch.v
rtl_stubs/ethosu65/ethosu65_weight_dec.v
rtl_stubs/ethosu65/ethosu65_ar_port.v
rtl_stubs/ethosu65/ethosu65_qch.v
